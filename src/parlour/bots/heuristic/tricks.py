"""The rule of thumb of the trick games: follow cheaply, shed penalty cards, bid sure tricks.

Playing a card: each candidate is played in determinizations of the view and the trick is
finished with the other seats playing random legal cards, which estimates how often the card
wins the trick and what the trick holds. Where a higher score is better (Spades, Bridge,
Euchre...), a card's value is its chance of winning the trick less its strength, so the bot wins
with the cheapest card that wins and plays its lowest card when the trick is lost anyway. Where
a lower score is better (Hearts, Canadian Salad: the point-avoidance games), taking a trick
costs one plus its penalty points (a heart 1, the queen of spades 13: the usual penalty cards),
and a card that does not win is worth a quarter of its danger (its penalty points plus its
strength), so the bot ducks, sheds the queen of spades and high hearts when it cannot follow,
and otherwise plays the highest card that still loses.

Passing cards (Hearts) gives away the most dangerous card; a discard to the kitty (Euchre, Five
Hundred) puts away the weakest card of the shortest suit. Bidding counts sure tricks (aces,
guarded kings, and each card of the longest suit past the fourth): where every seat must bid a
number (Spades, Oh Hell!) it bids the number nearest its sure tricks; where it may pass (Bridge,
Pitch, Five Hundred, Euchre) it makes the lowest bid in its longest suit once a hand if its sure
tricks reach one and a half times a seat's share of the tricks, and passes otherwise. It never
doubles, bids double nil or plays alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from parlour.bots.heuristic import scoring
from parlour.bots.heuristic.table import Table, power, type_name
from parlour.core.cards import Card, Rank, Suit
from parlour.core.events import EventKind
from parlour.core.game import GameMove

__all__ = ["choose", "danger", "penalty", "sure_tricks"]

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
WIN_WEIGHT = 20.0
"""What winning a trick is worth against a card's strength (2..15) where tricks are wanted."""
SHED_WEIGHT = 0.25
"""What getting rid of a dangerous card is worth in a trick the seat does not win."""
STRONG_HAND = 1.5
"""Sure tricks, as a multiple of a seat's share of the tricks, that make a hand worth a bid."""
_BID_NUMBERS = ("tricks", "level", "amount", "points")
"""Fields that carry a bid's number, in the vocabulary of the bidding moves."""


def penalty(card: Card) -> int:
    """A card's penalty points by the usual reading: the queen of spades 13, a heart 1."""
    if card == QUEEN_OF_SPADES:
        return 13
    return 1 if card.suit is Suit.HEARTS else 0


def danger(card: Card) -> float:
    """How much a point-avoidance player wants rid of a card: its penalty plus its strength."""
    return penalty(card) + power(card) / 14


def sure_tricks(hand: Sequence[Card]) -> int:
    """Aces, guarded kings (a king with another card of its suit) and each card of the longest
    suit past the fourth: a quick count of the tricks a hand takes."""
    suits = Counter(card.suit for card in hand if card.suit is not None)
    aces = sum(1 for card in hand if card.rank in (Rank.ACE, Rank.JOKER))
    kings = sum(1 for card in hand if card.rank is Rank.KING and card.suit is not None and suits[card.suit] >= 2)
    longest = max(suits.values(), default=0)
    return aces + kings + max(0, longest - 4)


def longest_suit(hand: Sequence[Card]) -> Suit | None:
    """The suit with most cards (then most strength), None for a hand without suits."""
    suits = Counter(card.suit for card in hand if card.suit is not None)
    if not suits:
        return None
    strength = Counter({suit: sum(power(c) for c in hand if c.suit is suit) for suit in suits})
    return max(suits, key=lambda suit: (suits[suit], strength[suit], int(suit)))


# ------------------------------------------------------------------------------------------
# Playing to a trick


def _finish_trick(table: Table, index: int, move: GameMove) -> tuple[bool, tuple[Card, ...]] | None:
    """Plays `move` in determinization `index`, lets the other seats play random legal cards
    until the trick is won, and returns (won by this seat, the trick's cards); None if the trick
    cannot be finished that way (the hand turns to something else first)."""
    game = table.game
    state = table.after(move, index)
    for _ in range(2 * table.players + 2):
        for event in state.events:
            if event.kind is EventKind.WINS_TRICK:
                return event.player == table.player, event.cards
        if game.is_over(state):
            return None
        seat = min(game.to_act(state))
        plays = [m for m in game.legal_moves(state, seat) if type_name(m) == "PlayCard"]
        if not plays:
            return None
        state = game.apply(state, plays[table.rng.randrange(len(plays))])
    return None


def _play(table: Table, plays: Sequence[GameMove]) -> GameMove:
    """The card to play to the trick (see the module docstring)."""
    if len(plays) == 1:
        return plays[0]
    avoid = table.game.low_score_wins
    trick = table.trick()
    last_to_play = trick is not None and len(trick.cards) == table.players - 1
    samples = 1 if last_to_play else 3

    def value(move: GameMove) -> float:
        card: Card = getattr(move, "card")
        total = 0.0
        for index in range(samples):
            outcome = _finish_trick(table, index, move)
            won, cards = outcome if outcome is not None else (False, ())
            if avoid:
                total += -(1 + sum(map(penalty, cards))) if won else SHED_WEIGHT * danger(card)
            else:
                total += WIN_WEIGHT if won else 0.0
        return total / samples - (0.0 if avoid else power(card))

    return table.best(plays, value)


# ------------------------------------------------------------------------------------------
# Passing, discarding and bidding


def _give_away(table: Table, moves: Sequence[GameMove]) -> GameMove:
    """A card passed or discarded: the most dangerous one where points are avoided, else the
    weakest card of the shortest suit."""
    hand = table.hand()
    suits = Counter(card.suit for card in hand)
    if table.game.low_score_wins:
        return table.best(moves, lambda m: danger(getattr(m, "card")))
    return table.best(moves, lambda m: -(suits[getattr(m, "card").suit] * 20 + power(getattr(m, "card"))))


def bid_number(move: GameMove) -> int | None:
    """The number a bidding move names (tricks, level, amount or points), looking inside a
    nested bid value; None for a move without one."""
    for name in _BID_NUMBERS:
        value = getattr(move, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    inner = getattr(move, "bid", None)
    if inner is not None and attrs.has(type(inner)):
        return bid_number(inner)
    return None


def _bid_suit(move: GameMove) -> str | None:
    """The name of the suit or strain a bid names (CLUBS... or NO_TRUMP), if any."""
    for holder in (move, getattr(move, "bid", None)):
        for name in ("suit", "strain"):
            value = getattr(holder, name, None)
            if value is not None and hasattr(value, "name"):
                return str(value.name)
    return None


def _bid(table: Table, moves: Sequence[GameMove]) -> GameMove:
    """A call in the auction (see the module docstring)."""
    calm = [m for m in moves if "double" not in str(m) and not getattr(m, "alone", False)] or list(moves)
    passes = [m for m in calm if type_name(m) == "Pass"]
    bids = [m for m in calm if m not in passes]
    if not bids:
        return passes[0] if passes else calm[0]
    hand = table.hand()
    sure = sure_tricks(hand)
    numbered = [(n, m) for m in bids if (n := bid_number(m)) is not None]
    if numbered and not passes:
        return table.best([m for _, m in numbered], lambda m: -abs((bid_number(m) or 0) - sure))
    already = ("bid", table.game.name, table.view.hand, table.player)
    share = max(1, len(hand)) / table.players
    if passes and (sure < STRONG_HAND * share or already in table.memory):
        return passes[0]
    table.memory.add(already)
    lowest = min((n for n, _ in numbered), default=None)
    candidates = [m for n, m in numbered if n == lowest] if numbered else bids
    trumps = longest_suit(hand)
    wanted = trumps.name if trumps is not None else None
    return table.best(candidates, lambda m: 1.0 if _bid_suit(m) in (wanted, None) else 0.0)


def choose(table: Table) -> GameMove:
    """The trick-game move for this decision."""
    moves = table.moves
    if len(moves) == 1:
        return moves[0]
    plays = [m for m in moves if type_name(m) == "PlayCard" and getattr(m, "card", None) is not None]
    if plays:
        return _play(table, plays)
    given = [m for m in moves if type_name(m) in ("PassCard", "Discard") and isinstance(getattr(m, "card", None), Card)]
    if given:
        return _give_away(table, given)
    if any(bid_number(m) is not None or type_name(m) in ("Pass", "OrderUp", "NameTrump", "Look") for m in moves):
        return _bid(table, moves)
    return scoring.choose(table)


