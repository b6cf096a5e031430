"""Ninety-Nine: play cards onto a running total and never take it past 99; pennies, last one in wins.

Rules: the House Party guide, "NINETY-NINE". Up to four players use one 52-card pack and start
with 5 pennies each; with more than four, two packs shuffled together and 3 pennies each. Each
hand every seat still in gets three cards (one at a time clockwise from the dealer's left) and
the rest is the stock. From the dealer's left, in the direction of play, a seat plays one card
face up onto the pile, the running total changes by the card, and the seat draws the top card of
the stock. Pips add their value, jacks and queens 10; an ace adds 1 or 11 and a ten adds or takes
away 10, at the player's choice (part of the move: ``play AS as 11``, ``play 10H as -10``); a
four leaves the total and reverses the direction of play; a nine leaves the total and play goes
on; a king makes the total 99. A seat that cannot play without passing 99 lays its hand down
and pays a penny (`core.ledger.Ledger`); a seat with no pennies left drops out. The deal then
passes to the next seat still in, left of the last dealer. The last seat with pennies wins.

Readings where the seed is silent or open (library choices, stated in the docs):

* The first dealer is drawn from the seed unless `new_game(dealer=...)` fixes it.
* Laying down is automatic: when the seat to play has no legal play, `apply` ends the hand for
  it (no move), and a seat that can play may not lay down instead.
* A ten may take 10 off only when the total is at least 10 (no negative totals);
  `allow_negative=True` lets the total go below zero.
* A king is legal at any total, 99 included; with two seats in, a four is the same as a nine.
* The whole pile is public (every card was played face up); the stock is hidden.
* When the stock is empty at a draw, the played pile except its top card is shuffled into a
  new stock and the total carries on. The seed's "forgot to draw" rule is table manners: the
  engine always draws while there is a card to draw.
* Termination valve (not in the seed): the stock is rebuilt at most `Options.reshuffles` times
  in one hand; after that nobody draws, hands shrink, and a seat with no card left lays down.
* Two to eight players (the guide names no range). A seat holding both copies of a card (two
  packs) has one move for them; moves follow the hand in display order, an ace as 1 before 11
  and a ten as -10 before +10.

>>> from parlour.core.cards import parse_cards, standard_pack
>>> top = parse_cards("AS KD 4C 9H 10S 5D")
>>> state = new_game(2, seed=1, dealer=1, deck=top + tuple(c for c in standard_pack() if c not in top))
>>> cards_text(state.hands[0]), state.turn, state.total
('4C 10S AS', 0, 0)
>>> [str(m) for m in legal_moves(state)]
['play 4C', 'play 10S as +10', 'play AS as 1', 'play AS as 11']
>>> state = apply(state, parse_move(state, "play AS as 11"))
>>> state.total, state.turn, scores(state)
(11, 1, (5, 5))
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    CARD_INDICES,
    HIDDEN,
    SORT_KEYS,
    Card,
    Rank,
    cards_text,
    insert_by_key,
    seat_card_table,
    sorted_cards,
    standard_pack,
    without,
)
from parlour.core.deck import shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.ledger import Ledger
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.stock import refill_stock
from parlour.core.text import by_suit, seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "Move",
    "Options",
    "Phase",
    "PlayCard",
    "State",
    "apply",
    "can_play",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "pack_for",
    "parse_move",
    "pennies_for",
    "play_total",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
"""The seed names no range; one pack serves up to four, two packs more (eight is the usual top)."""
DEFAULT_PLAYERS: Final = 4
HAND_SIZE: Final = 3
"""Seed: "Deal out 3 cards to each player"; each play is followed by a draw."""
LIMIT: Final = 99
"""The total may not pass 99."""
ONE_PACK_UP_TO: Final = 4
"""Seed: "if more than 4 people are playing use 2 decks"."""
PENNIES_ONE_PACK: Final = 5
"""Seed: "Each player begins the game with 5 pennies"."""
PENNIES_TWO_PACKS: Final = 3
"""Seed: with more than four players, "give each player just 3 pennies"."""
ACE_CHOICES: Final = (1, 11)
"""An ace "increases the value of the pile by one or eleven, at the player's choice"."""
TEN_CHOICES: Final = (-10, 10)
"""A ten "increases or reduces the value of the pile by ten, at the player's choice"."""
KING_TOTAL: Final = 99
"""A king sets the total to 99."""
ADDS: Final[dict[Rank, int]] = {
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 0,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.EIGHT: 8,
    Rank.NINE: 0,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
}
"""What a card without a choice adds: its pips, 10 for jacks and queens, 0 for the four (which
reverses play) and the nine (which passes it on)."""
REVERSES: Final = Rank.FOUR
"""The four reverses the direction of play."""


PACKS: Final = (standard_pack(), standard_pack(packs=2))
"""One 52-card pack, and two packs shuffled together."""


def pack_for(players: int) -> tuple[Card, ...]:
    """One 52-card pack for up to four players, two packs shuffled together for more."""
    return PACKS[0] if players <= ONE_PACK_UP_TO else PACKS[1]


# Options -------------------------------------------------------------------------------------


def _at_least(low: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{attribute.name} must be a whole number of at least {low}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Ninety-Nine; the defaults are the House Party guide's game."""

    pennies: int = attrs.field(default=0, validator=_at_least(0))
    """Pennies each seat starts with; 0 follows the House Party guide: 5 each with up to four
    players, 3 each with more."""
    allow_negative: bool = False
    """A ten may take the total below zero (the seed sets no floor). False, the common rule: a
    ten takes 10 off only from a total of at least 10."""
    reshuffles: int = attrs.field(default=3, validator=_at_least(0))
    """Termination valve, not in the seed: how often in one hand the played pile (bar its top
    card) may be shuffled into a new stock; after that nobody draws and hands run down."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def house_party(cls) -> Options:
        """The House Party guide: 5 pennies (3 with more than four players), no negative totals."""
        return cls()


def pennies_for(players: int, options: Options) -> int:
    """The pennies each seat starts with: `options.pennies`, or the seed's 5 (3 above four players)."""
    if options.pennies:
        return options.pennies
    return PENNIES_ONE_PACK if players <= ONE_PACK_UP_TO else PENNIES_TWO_PACKS


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class PlayCard:
    """Play a card onto the pile; `choice` is an ace's 1 or 11 or a ten's -10 or +10 (else 0)."""

    player: int
    card: Card
    choice: int = 0

    def __str__(self) -> str:
        if not self.choice:
            return f"play {self.card}"
        if self.card.rank is Rank.TEN:
            return f"play {self.card} as {self.choice:+d}"
        return f"play {self.card} as {self.choice}"


Move: TypeAlias = PlayCard
MOVE_TYPES: Final = (PlayCard,)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a hand is on; OVER: one seat has pennies left."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Ninety-Nine position."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to play (in OVER, the seat that paid the last penny)."""
    direction: int
    """1: clockwise (increasing seats), -1: anticlockwise (after an odd number of fours)."""
    total: int
    """The running total of the pile."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, in display order (`sorted_cards`); empty for seats that are out."""
    stock: tuple[Card, ...]
    """The face-down stack, top card first."""
    pile: tuple[Card, ...]
    """The face-up pile, top card last."""
    reshuffles: int
    """How often the stock was rebuilt from the pile this hand."""
    ledger: Ledger
    """Pennies by seat, and who dropped out."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("pile", Seen.EVERYONE),
)
"""Each hand is seen by its owner, the stock by nobody, the played pile by everyone."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals hand 1. `deck` fixes the first deal (top card first), `dealer` the first dealer
    (else drawn from the seed)."""
    n = require_players("ninety_nine", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("ninety_nine", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    ledger = Ledger.start(n, pennies_for(n, rules))
    return _deal(rules, 1, first, ledger, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to play's cards in hand order (one move per distinct card), an ace as 1 then 11,
    a ten as -10 then +10, each only if the total stays within 0..99; () at the end."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move` (the draw, a lay-down and the next deal happen inside);
    IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Pennies left, by seat."""
    return state.ledger.counts


def winners(state: State) -> frozenset[int]:
    """The last seat with pennies, once the game is over; empty before."""
    last = state.ledger.last_standing
    if state.phase is not Phase.OVER or last is None:
        return frozenset()
    return frozenset((last,))


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the pile, counts of the rest."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 7H", "play AS as 11", "play 10H as -10"; also "play AS 11", "play 10H +10",
    and "play AS" or "play 10H" when only one way is legal. A "2:" prefix names the seat."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        lenient = _parse_lenient(text, legal, player)
        if lenient is None:
            raise exc from None
        return lenient


def play_total(total: int, card: Card, choice: int = 0) -> int:
    """The total after `card` is played onto `total` (with an ace's or a ten's `choice`)."""
    if card.rank is Rank.KING:
        return KING_TOTAL
    if card.rank is Rank.ACE or card.rank is Rank.TEN:
        return total + choice
    return total + ADDS[card.rank]


def can_play(total: int, held: Sequence[Card]) -> bool:
    """Whether some card of `held` keeps the total at 99 or less (a ten always can: +10 below
    10, -10 from 10 up); a seat that cannot lays its hand down."""
    low = _LOWEST
    for card in held:
        if total + low[card.index] <= LIMIT:
            return True
    return False


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Ninety-Nine reaches (also accepts views)."""
    n = len(state.hands)
    o = state.options
    if n not in PLAYERS:
        raise ValueError(f"ninety_nine is played by 2-8 players, not {n}")
    if type(state.hand) is not int or state.hand < 1:
        raise ValueError(f"hand {state.hand!r} is not a whole number of at least 1")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    ledger = state.ledger
    problem = ledger.problem(n)
    if problem:
        raise ValueError(problem)
    start = pennies_for(n, o)
    if ledger.county or ledger.pots:
        raise ValueError("pennies have no county and no pots")
    for seat in range(n):
        if ledger.counts[seat] > start or ledger.out[seat] != (ledger.counts[seat] == 0):
            raise ValueError(f"seat {seat}: {ledger.counts[seat]} pennies and out={ledger.out[seat]} do not agree")
    paid = start * n - sum(ledger.counts)
    if paid != (state.hand if state.phase is Phase.OVER else state.hand - 1):
        raise ValueError(f"{paid} pennies paid cannot follow {state.hand} hand(s): one penny per hand")
    if type(state.direction) is not int or state.direction not in (1, -1):
        raise ValueError(f"direction {state.direction!r} is not 1 or -1")
    if type(state.total) is not int or state.total > LIMIT or (state.total < 0 and not o.allow_negative):
        raise ValueError(f"total {state.total!r} is outside the allowed range")
    if type(state.reshuffles) is not int or not 0 <= state.reshuffles <= o.reshuffles:
        raise ValueError(f"{state.reshuffles!r} reshuffles this hand; at most {o.reshuffles} are allowed")
    if not state.pile and (state.total or state.direction != 1 or state.reshuffles):
        raise ValueError("before the first play the total is 0, play runs clockwise and no reshuffle happened")
    for seat, held in enumerate(state.hands):
        if len(held) > HAND_SIZE:
            raise ValueError(f"seat {seat} holds {len(held)} cards, more than {HAND_SIZE}")
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not in display order: {cards_text(held)}")
    if HIDDEN in state.pile:
        raise ValueError("the pile is face up; none of its cards can be hidden")
    check_zones("ninety_nine", state, ZONES, pack_for(n))
    if state.phase is Phase.PLAY:
        if ledger.last_standing is not None:
            raise ValueError("play goes on only while two or more seats have pennies")
        if ledger.out[state.turn] or ledger.out[state.dealer]:
            raise ValueError("the dealer and the seat to play are still in the game")
        if any(state.hands[s] for s in range(n) if ledger.out[s]):
            raise ValueError("a seat that dropped out holds no cards")
    elif state.phase is Phase.OVER:
        if ledger.last_standing is None:
            raise ValueError("the game ends when one seat has pennies left")
    else:
        raise ValueError(f"unknown phase {state.phase!r}")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock) afresh, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


# Phase helpers -------------------------------------------------------------------------------


def _deal(
    options: Options,
    number: int,
    dealer: int,
    ledger: Ledger,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals hand `number`: three cards each to the seats still in, one at a time clockwise from
    the dealer's left; the rest is the stock. The first seat in left of the dealer plays first."""
    n = len(ledger.counts)
    out = ledger.out
    order = [s for s in range(dealer + 1, n) if not out[s]] + [s for s in range(dealer + 1) if not out[s]]
    cards, rng = shuffled_or_fixed(pack_for(n), rng, deck)
    m = len(order)
    hands: list[tuple[Card, ...]] = [()] * n
    for position, seat in enumerate(order):  # one at a time: every m-th card from `position`
        hands[seat] = sorted_cards(cards[position : HAND_SIZE * m : m])
    stock = cards[HAND_SIZE * m :]
    first = order[0]
    said = (*events, Event(EventKind.DEALS, player=dealer, numbers=(number,)), _TO_PLAY[first])
    return _BUILD(options, number, rng, None, Phase.PLAY, dealer, first, 1, 0, tuple(hands), stock, (), 0, ledger, said)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The seat to play's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view: no seat's hand is known
    if state.phase is Phase.OVER or (only is not None and only != state.turn):
        return ()
    seat, total = state.turn, state.total
    negative = state.options.allow_negative
    if not 0 <= total <= LIMIT:
        return _card_moves(seat, state.hands[seat], total, negative)
    cache = _CARD_MOVES
    base = (seat * 2 + negative) * CARD_INDICES
    moves: tuple[Move, ...] = ()
    previous = None
    for card in state.hands[seat]:
        if card is previous:
            continue  # the same card twice (two packs): one move
        previous = card
        key = (base + card.index) * (LIMIT + 1) + total
        got = cache.get(key)
        if got is None:
            got = cache[key] = _card_moves(seat, (card,), total, negative)
        moves += got
    return moves


def _card_moves(seat: int, held: Sequence[Card], total: int, negative: bool) -> tuple[Move, ...]:
    """The legal plays of `held` (no card twice) by `seat` at `total`, in order."""
    floor = _NO_FLOOR if negative else 0
    table = _CHOICES[seat]
    moves: list[Move] = []
    previous = None
    for card in held:
        if card is previous:
            continue
        previous = card
        for move, add, fixed in table[card.index]:
            after = fixed if fixed is not None else total + add
            if floor <= after <= LIMIT:
                moves.append(move)
    return tuple(moves)


def _apply(state: State, move: Move) -> State:
    """Plays the card, draws (rebuilding the stock if it is empty), passes the turn on, and lays
    down for the next seat if it cannot play."""
    seat, card = move.player, move.card
    index = card.index
    if move.choice:
        total = state.total + move.choice
    elif index in _KINGS:
        total = KING_TOTAL
    else:
        total = state.total + _ADD[index]
    direction = -state.direction if index in _FOURS else state.direction
    held = state.hands[seat]
    if held[0] is card:  # cards are interned: a legal move's card is the held object
        held = held[1:]
    elif len(held) > 1 and held[1] is card:
        held = (held[0], *held[2:])
    else:
        held = without(held, card)
    pile = (*state.pile, card)
    stock = state.stock
    rng = state.rng
    reshuffles = state.reshuffles
    events = _plays(seat, card, total)
    if not stock and reshuffles < state.options.reshuffles and len(pile) > 1:
        assert rng is not None
        refill = refill_stock(stock, pile, rng, need=1, keep=1)
        stock, pile, rng = refill.stock, refill.discards, refill.rng
        reshuffles += 1
        events = (*events, *refill.events)
    if stock:
        drawn = stock[0]
        stock = stock[1:]
        held = insert_by_key(held, drawn, SORT_KEYS)
        events = (*events, _DRAWS[seat][drawn.index])
    hands = (*state.hands[:seat], held, *state.hands[seat + 1 :])
    out = state.ledger.out
    n = len(out)
    following = seat
    while True:
        following = (following + direction) % n
        if not out[following]:
            break
    if not can_play(total, hands[following]):
        return _lay_down(state, following, total, direction, hands, stock, pile, rng, reshuffles, events)
    return _BUILD(
        state.options, state.hand, rng, None, Phase.PLAY, state.dealer, following, direction, total, hands, stock,
        pile, reshuffles, state.ledger, events,
    )  # fmt: skip


def _plays(seat: int, card: Card, total: int) -> tuple[Event, ...]:
    """The event of a play (built once per seat, card and total from 0 to 99)."""
    key = (seat * CARD_INDICES + card.index) * (LIMIT + 1) + total
    said = _PLAYED.get(key) if 0 <= total <= LIMIT else None
    if said is None:
        said = (Event(EventKind.PLAYS, player=seat, cards=(card,), numbers=(total,)),)
        if 0 <= total <= LIMIT:
            _PLAYED[key] = said
    return said


def _lay_down(
    state: State,
    loser: int,
    total: int,
    direction: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    pile: tuple[Card, ...],
    rng: Rng | None,
    reshuffles: int,
    events: tuple[Event, ...],
) -> State:
    """`loser` cannot play: it lays its hand down and pays a penny; the next hand is dealt by the
    next seat still in left of the dealer, or the game ends with one seat left."""
    n = len(hands)
    ledger = state.ledger.lose({loser: 1})
    events = (
        *events,
        Event(EventKind.SHOWS, player=loser, cards=hands[loser], label="lays down"),
        Event(EventKind.HAND_SCORED, numbers=tuple(-1 if s == loser else 0 for s in range(n))),
    )
    if ledger.out[loser]:
        events = (*events, Event(EventKind.DROPS_OUT, player=loser, label="no pennies left"))
    last = ledger.last_standing
    if last is not None:
        events = (*events, Event(EventKind.GAME_OVER, numbers=(last,)))
        return _BUILD(
            state.options, state.hand, rng, None, Phase.OVER, state.dealer, loser, direction, total, hands, stock,
            pile, reshuffles, ledger, events,
        )  # fmt: skip
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    dealer = state.dealer
    while True:
        dealer = (dealer + 1) % n
        if not ledger.out[dealer]:
            break
    return _deal(state.options, state.hand + 1, dealer, ledger, rng, None, events)


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    card, choice = move.card, move.choice
    if card not in state.hands[move.player]:
        return f"seat {move.player} does not hold {card}"
    rank = card.rank
    if rank is Rank.ACE and choice not in ACE_CHOICES:
        return "an ace counts 1 or 11: play it 'as 1' or 'as 11'"
    if rank is Rank.TEN and choice not in TEN_CHOICES:
        return "a ten takes 10 off or adds 10: play it 'as -10' or 'as +10'"
    if rank is not Rank.ACE and rank is not Rank.TEN and choice:
        return "only an ace (1 or 11) or a ten (-10 or +10) is played with a choice"
    after = play_total(state.total, card, choice)
    if after > LIMIT:
        return f"it would take the total from {state.total} to {after}, past {LIMIT}"
    return f"it would take the total from {state.total} below zero"


def _parse_lenient(text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    """Reads "play AS 11", "play 10H -10" or "play AS" (when only one way is legal)."""
    seat, body = split_seat(text, player)
    words = normalize(body).split()
    if not 2 <= len(words) <= 4 or words[0] != "play":
        return None
    rest = [w for w in words[2:] if w != "as"]
    try:
        card = Card.parse(words[1])
        choice = int(rest[0]) if len(rest) == 1 else None
    except ValueError:
        return None
    if len(rest) > 1:
        return None
    found = [
        m for m in legal
        if m.card == card and (seat is None or m.player == seat) and (choice is None or m.choice == choice)
    ]  # fmt: skip
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        ways = " or ".join(f"'{m}'" for m in found)
        raise NotationError(f"{text!r}: say which way, {ways}")
    return None


# Hot-path tables -----------------------------------------------------------------------------

_NO_FLOOR: Final = -(10**9)


def _choices(seat: int, card: Card) -> tuple[tuple[PlayCard, int, int | None], ...]:
    """The moves of `seat` with `card`: (move, what it adds, the total it sets or None)."""
    if card is HIDDEN:
        return ()
    if card.rank is Rank.KING:
        return ((PlayCard(seat, card), 0, KING_TOTAL),)
    if card.rank is Rank.ACE:
        return tuple((PlayCard(seat, card, c), c, None) for c in ACE_CHOICES)
    if card.rank is Rank.TEN:
        return tuple((PlayCard(seat, card, c), c, None) for c in TEN_CHOICES)
    return ((PlayCard(seat, card), ADDS[card.rank], None),)


_CHOICES: Final = seat_card_table(_choices, max(PLAYERS), standard_pack())
"""`_CHOICES[seat][card.index]`: the prebuilt moves of that card with their effects."""
_ADD_AT = [0] * CARD_INDICES
_LOWEST_AT = [0] * CARD_INDICES
for _card in standard_pack():
    _ADD_AT[_card.index] = ADDS.get(_card.rank, 0)
    _LOWEST_AT[_card.index] = 1 if _card.rank is Rank.ACE else ADDS.get(_card.rank, 0)
del _card
_ADD: Final = tuple(_ADD_AT)
"""`_ADD[card.index]`: what a card without a choice adds."""
_KINGS: Final = frozenset(c.index for c in standard_pack() if c.rank is Rank.KING)
_FOURS: Final = frozenset(c.index for c in standard_pack() if c.rank is REVERSES)
_PLAYED: Final[dict[int, tuple[Event, ...]]] = {}
"""Play events already built, by seat, card and total."""
_CARD_MOVES: Final[dict[int, tuple[Move, ...]]] = {}
"""The legal plays of one card, by seat, `allow_negative`, card and total (0..99), built once."""
_LOWEST: Final = tuple(_LOWEST_AT)
"""`_LOWEST[card.index]`: the least a card can add (0 for fours, nines, tens and kings, which
can always be played)."""
_DRAWS: Final = seat_card_table(
    lambda seat, card: Event(EventKind.DRAWS, player=seat, cards=(card,), private=True), max(PLAYERS), standard_pack()
)
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=seat) for seat in range(max(PLAYERS)))


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""


# Render --------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand number and dealer; the total, the direction of play, the stock and the top of the
    pile; then one line per seat with its pennies, cards held (a visible hand shown by suit) or
    that it dropped out, and who is to play; at the end, the winner.
    """
    n = len(state.hands)
    ledger = state.ledger
    way = "clockwise" if state.direction == 1 else "anticlockwise"
    top = f", top card {state.pile[-1]}" if state.pile else ""
    lines = [
        f"hand {state.hand}, dealer seat {state.dealer}",
        f"total {state.total}, play runs {way}; stock {len(state.stock)} cards, pile {len(state.pile)} cards{top}",
    ]
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        lines.append(f"game over after {state.hand} hands: {seats_text(best)} wins, the last with pennies left")
    else:
        lines.append(f"seat {state.turn} to play without taking the total past {LIMIT}")
    for seat in range(n):
        pennies = ledger.counts[seat]
        line = f"seat {seat}  {pennies} penn{'y' if pennies == 1 else 'ies'}  "
        held = state.hands[seat]
        if ledger.out[seat]:
            line += "out"
        else:
            line += f"{len(held)} card{'' if len(held) == 1 else 's'}"
            if seat == state.turn and state.phase is Phase.PLAY:
                line += ", to play"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + by_suit(held))
    return "\n".join(lines)


# Registration --------------------------------------------------------------------------------

_MOST_PLIES: Final = (max(PLAYERS) * PENNIES_TWO_PACKS - 1) * len(pack_for(max(PLAYERS))) * (Options().reshuffles + 1)
"""A true bound: one penny per hand (at most 23 hands with eight players), and a hand plays at
most the cards of its pack once plus once more per reshuffle."""

GAME: Final = GameSpec[State, Move, Options](
    name="ninety_nine",
    title="Ninety-Nine",
    family="shedding",
    summary="Play onto a running total without passing 99; a penny per failure, last one in wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("house_party", Options.house_party()),),
    quick=Options(pennies=1, reshuffles=1),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=_MOST_PLIES,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_act=to_act,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    parse_move=parse_move,
    check_invariants=check_invariants,
    shuffle_unseen=shuffle_unseen,
    render=render,
)
