"""The rule of thumb of the rummy games: keep the hand with the least deadwood, go out when the
rules allow.

Deadwood is counted the Gin Rummy way for every rummy game (`parlour.core.melds.OneDeck` with
the one-pack meld rules and ace 1, pips their face, court cards 10; jokers and wild cards are
never deadwood): a rule of thumb, not each game's own count. A discard is judged directly, by
the deadwood the hand keeps without that card (the highest such card on ties). Every other
move is applied to determinizations of the view and the result judged by: going out, knocking
or going gin (a large bonus), the score it makes now, the deadwood left in hand (counted after
the best discard when the seat must still discard) and a small bonus per card out of the hand,
so melding and laying off are taken when they shed cards. Drawing from the stock and passing
count a little extra, so the bot takes the discard only when it lowers its deadwood. Where
there are dozens of melds to choose from, a seeded sample of 16 of them is judged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from parlour.bots.heuristic.table import Table, power, type_name
from parlour.core.cards import Card
from parlour.core.events import EventKind
from parlour.core.game import GameMove, GameState
from parlour.core.melds import POINTS_FACES_10, MeldRules, OneDeck

__all__ = ["choose", "deadwood", "deadwood_after_discard"]

ENGINE = OneDeck(MeldRules(), POINTS_FACES_10)
"""Least deadwood of one pack without wilds (the Gin Rummy count)."""
GOING_OUT = 50.0
"""The bonus of a move that ends the hand by going out, knocking or going gin."""
CARD_OUT = 0.5
"""The bonus per card out of the hand (melded or laid off)."""
BASELINE = 0.5
"""The edge given to drawing from the stock and passing over taking a card that does not help."""
_OUT_EVENTS = (EventKind.GOES_OUT, EventKind.KNOCKS, EventKind.GOES_GIN)
_PICKUPS = (EventKind.TAKES, EventKind.DRAWS)
EXACT_UP_TO = 11
"""Hands up to this size get the exact least deadwood; longer ones (Canasta, Hand and Foot) a
quick bound."""


def _mask(cards: Sequence[Card]) -> int:
    """The engine's mask of the natural cards (a second copy of a card counts once)."""
    return ENGINE.mask(c for c in cards if c.suit is not None and not c.is_joker)


def deadwood(cards: Sequence[Card]) -> int:
    """The least deadwood of `cards` by the Gin Rummy count (a quick bound past `EXACT_UP_TO`
    cards, where the exact search grows too slow)."""
    if len(cards) > EXACT_UP_TO:
        return sum(POINTS_FACES_10.get(c.rank, 0) for c in _unmatched(cards))
    return ENGINE.deadwood(_mask(cards))


def deadwood_after_discard(cards: Sequence[Card]) -> int:
    """The least deadwood once the best card of `cards` is discarded."""
    if len(cards) > EXACT_UP_TO:
        loose = [POINTS_FACES_10.get(c.rank, 0) for c in _unmatched(cards)]
        return sum(loose) - max(loose, default=0)
    return ENGINE.deadwood_after_discard(_mask(cards))


def _unmatched(cards: Sequence[Card]) -> list[Card]:
    """The natural cards in no set of three of a rank and no run of three in a suit (a meld
    may share a card with another here: the quick bound for long hands)."""
    naturals = [c for c in cards if c.suit is not None and not c.is_joker]
    ranks = Counter(c.rank for c in naturals)
    present = {(c.suit, int(c.rank)) for c in naturals}

    def in_run(card: Card) -> bool:
        r = int(card.rank)
        return any(all((card.suit, r + d) in present for d in range(low, low + 3)) for low in (-2, -1, 0))

    return [c for c in naturals if ranks[c.rank] < 3 and not in_run(c)]


def _without(cards: Sequence[Card], card: Card) -> tuple[Card, ...]:
    out = list(cards)
    if card in out:
        out.remove(card)
    return tuple(out)


def _is_discard(move: GameMove) -> bool:
    return type_name(move) == "Discard" and isinstance(getattr(move, "card", None), Card)


def _held(table: Table, state: GameState) -> tuple[Card, ...]:
    """This seat's hand in `state`, with the cards its last move took or drew that the game
    holds apart from the hand (Five Hundreds keeps a card dug from the pile apart this turn)."""
    hand = table.hand(state)
    in_hand = set(hand)
    apart = (
        card
        for event in state.events
        if event.kind in _PICKUPS and event.player == table.player
        for card in event.cards
        if not card.is_hidden and card not in in_hand
    )
    return (*hand, *apart)


def _state_value(table: Table, before: GameState, after: GameState) -> float:
    """How good `after` is for this seat (see the module docstring)."""
    went_out = any(e.kind in _OUT_EVENTS and e.player == table.player for e in after.events)
    hand = _held(table, after)
    must_discard = any(_is_discard(m) for m in table.my_moves(after))
    left = deadwood_after_discard(hand) if must_discard else deadwood(hand)
    return GOING_OUT * went_out + table.gain(before, after) - left - CARD_OUT * len(hand)


def _move_value(table: Table, move: GameMove) -> float:
    """A non-discard move's value, averaged over determinizations where its outcome is drawn."""
    name = type_name(move)
    drawn = "Stock" in name or name == "Draw"
    samples = 2 if drawn else 1
    total = sum(_state_value(table, table.sample(i), table.after(move, i)) for i in range(samples))
    return total / samples + (BASELINE if drawn or name == "Pass" else 0.0)


def choose(table: Table) -> GameMove:
    """The rummy move for this decision."""
    moves = table.moves
    if len(moves) == 1:
        return moves[0]
    hand = table.hand()

    def value(move: GameMove) -> float:
        if _is_discard(move):
            card: Card = getattr(move, "card")
            rest = _without(hand, card)
            return -float(deadwood(rest)) - CARD_OUT * len(rest) + power(card) / 100
        return _move_value(table, move)

    discards = [m for m in moves if _is_discard(m)]
    others = table.shortlist([m for m in moves if not _is_discard(m)])
    return table.best(discards + others, value)
