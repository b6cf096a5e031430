"""Golf with eight cards: a draw-and-discard game for 2-12 players, played for a pot.

Rules: the Metzker Book of Card Game Rules, "Golf". A shoe of three packs with their jokers (four
packs above eight players). Each player gets eight cards face down in two rows of four and may
look at the two outer cards of the bottom row at any time. In turn, from the dealer's left, a
player draws from the stock and exchanges the card for one of its eight (the new card goes face
up) or discards it and turns one of its face-down cards up; or takes the top discard and exchanges
it; or knocks. When a player has all eight cards face up, or knocks, everyone else has one more
turn, then all cards are turned up and scored, lowest best: kings, red sevens and a column pair
(two cards of one rank above each other) score nothing, a joker -5, 10/J/Q 10, A 1, other cards
their pips, a 2x2 block of four equal cards -10 and a block of four jokers -50. Each round every
player antes a chip; the highest score pays a chip more (the knocker two), and the lowest score
takes the pot.

Readings where the seed is silent or open (library choices, stated in the docs):

* Players 2-12 ("any number"); three packs with two jokers each up to eight players, four above
  (`Options.packs` forces either). The first dealer is drawn from the seed unless `dealer=`;
  the deal passes left. Cards are dealt one at a time clockwise from the dealer's left into
  positions 0-7 (top row 0-3, bottom row 4-7; column c is positions c and c + 4); the next card
  starts the discard pile. Only the top discard is visible (the pile is kept squared).
* A turn is `draw stock` then `exchange P` or `discard flip P`, or `take discard P` (a taken
  discard must be exchanged; it can never go straight back), or `knock` instead of drawing. An
  exchange needs no turn-up ("If you do not use the card..." applies to a drawn card discarded).
  Face-up cards may be exchanged again. The old card always goes face up to the discard pile.
* One trigger a round: once a player has knocked or turned up all eight cards, nobody knocks;
  each other player has exactly one more turn. Knocking is allowed from the first turn.
* Pairs are by rank (10 and Q do not pair); a column pair of jokers scores 0 by the pair rule
  read literally (`Options.joker_pairs_keep_value` makes it -10). A block is two neighbouring
  columns of four equal cards; its columns are not scored again, and with six or eight equal
  cards the blocks that give the lowest score are taken.
* Chips: everyone starts with `Options.stake` chips (100); the ante and the payments are one chip
  ("25 cents"), the knocker among the highest pays two. Several highest all pay; several lowest
  share the pot evenly and an odd chip stays in the pot for the next round. A player short of
  chips pays what it has and plays on.
* Length: `Options.rounds` rounds (holes, 9). The winner has the most chips; ties are broken by
  the lowest total score over the rounds, then shared. `scores` gives the chips.
* When the stock runs out, the discards but the top card are shuffled into a new stock.
* Termination valve (a deviation): a round in which nobody has knocked or turned everything up
  after `Options.max_turns_per_hand` turns (200) ends there and is scored.

>>> state = new_game(3, seed=1, dealer=2)
>>> [str(m) for m in legal_moves(state)][:3], str(legal_moves(state)[-1])
(['draw stock', 'take discard 0', 'take discard 1'], 'knock')
>>> grid_score(parse_cards("KS 5H JC JK KD 5D 2C 7H"))
7
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from functools import cache, cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    CARD_INDICES,
    HIDDEN,
    Card,
    Rank,
    Suit,
    parse_cards,
    seat_card_table,
    standard_pack,
)
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event, seat_card_events
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.ledger import Ledger
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.stock import refill_stock
from parlour.core.text import seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, top_card_only, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "ZONES",
    "DiscardDrawn",
    "DrawStock",
    "Exchange",
    "Knock",
    "Move",
    "Options",
    "Phase",
    "State",
    "TakeDiscard",
    "apply",
    "card_points",
    "check_invariants",
    "grid_score",
    "is_over",
    "legal_moves",
    "new_game",
    "pack_for",
    "parse_move",
    "render",
    "scores",
    "settle",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = tuple(range(2, 13))
"""Seed: "Any number of people can play"; twelve seats use 96 of the 216 cards of four packs."""
DEFAULT_PLAYERS: Final = 4
MAX_PLAYERS: Final = max(PLAYERS)
GRID_SIZE: Final = 8
"""Seed: "Deal 8 cards to each player ... in two rows of four"."""
COLUMNS: Final = 4
"""Positions 0-3 are the top row, 4-7 the bottom row; column c is positions c and c + COLUMNS."""
PEEKED: Final = (4, 7)
"""Seed: the owner may look at "the two cards located in the bottom row in the outer corners"."""
JOKERS_PER_PACK: Final = 2
SMALL_SHOE: Final = 3
"""Seed: "3-4 decks of cards, including jokers": three packs up to `LARGE_TABLE` players."""
LARGE_SHOE: Final = 4
LARGE_TABLE: Final = 8
"""Above this many players the shoe has `LARGE_SHOE` packs."""

CARD_POINTS: Final[Mapping[Rank, int]] = {
    Rank.KING: 0, Rank.JOKER: -5, Rank.QUEEN: 10, Rank.JACK: 10, Rank.TEN: 10, Rank.ACE: 1,
    **{Rank(r): r for r in range(2, 10)},
}  # fmt: skip
"""Seed: "Kings Free", "Jokers minus 5", "Q-10 10", "9-2 Face value", "Ace 1"."""
FREE_CARDS: Final = frozenset({Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.DIAMONDS)})
"""Seed: "Red 7s Free"."""
PAIR_POINTS: Final = 0
"""Seed: "Pair Free (this is two cards of the same value above/below each other)"."""
BLOCK_POINTS: Final = -10
"""Seed: "Block of 4 cards Minus10"."""
JOKER_BLOCK_POINTS: Final = -50
"""Seed: "Block of 4 Jokers Minus 50"."""
BLOCK_CHOICES: Final = ((), (0,), (1,), (2,), (0, 2))
"""Non-overlapping blocks by their left column: none, columns 0-1, 1-2, 2-3, or 0-1 and 2-3."""
ANTE: Final = 1
"""Seed: "Ante in 25cents": one chip a round."""
HIGHEST_PAYS: Final = 1
"""Seed: "highest score on each round pays 25cents"."""
KNOCKER_PAYS: Final = 2
"""Seed: "If the person that knocked is the highest they pay double"."""


def card_points(card: Card) -> int:
    """What one card scores when it is not in a pair or a block (a red seven is free)."""
    return 0 if card in FREE_CARDS else CARD_POINTS[card.rank]


# Options -------------------------------------------------------------------------------------


def _at_least(low: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is int and value < low:
            raise ValueError(f"{attribute.name} must be at least {low}, not {value}")

    return check


def _packs_ok(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is int and value not in (0, SMALL_SHOE, LARGE_SHOE):
        raise ValueError(f"packs must be 0 (by the number of players), {SMALL_SHOE} or {LARGE_SHOE}, not {value}")


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Golf; the defaults are the Metzker Book of Card Game Rules' game."""

    rounds: int = attrs.field(default=9, validator=_at_least(1))
    """Rounds (holes) in a match (the seed is silent; nine holes as in Four-Card Golf)."""
    packs: int = attrs.field(default=0, validator=_packs_ok)
    """Packs in the shoe, each with two jokers ("3-4 decks of cards, including jokers"): 0 takes
    three up to eight players and four above; 3 or 4 fixes the shoe."""
    stake: int = attrs.field(default=100, validator=_at_least(0))
    """Chips each player starts with (the seed plays for quarters; one chip is "25cents")."""
    joker_pairs_keep_value: bool = False
    """A column pair of jokers scores -10 (each joker its -5) instead of 0 by the pair rule
    ("Pair Free" read literally, the default)."""
    max_turns_per_hand: int = attrs.field(default=200, validator=_at_least(1))
    """Termination valve (not in the seed): a round with no knock and nobody all face up ends
    and is scored after this many turns."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules, "Golf" (the defaults)."""
        return cls()


@cache
def pack_for(players: int, packs: int = 0) -> tuple[Card, ...]:
    """The shoe for a table: `packs` packs (0: three up to eight players, four above), each with
    two jokers."""
    count = packs or (SMALL_SHOE if players <= LARGE_TABLE else LARGE_SHOE)
    return standard_pack(packs=count, jokers=JOKERS_PER_PACK)


FULL_PACK: Final = standard_pack(jokers=JOKERS_PER_PACK)
"""Every distinct card of the shoe (for the prebuilt move and event tables)."""
_POINTS_AT: Final = [0] * CARD_INDICES
for _card in FULL_PACK:
    _POINTS_AT[_card.index] = card_points(_card)
_POINTS: Final = tuple(_POINTS_AT)
"""`_POINTS[card.index]`: `card_points(card)`, for scoring without hashing cards."""
del _card
_JOKER: Final = Rank.JOKER
"""Bound once: reading an enum member through its class is slow on the hot path."""


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (seen by the drawer alone)."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakeDiscard:
    """Take the top discard and put it face up at `pos`; the card there goes to the discards."""

    player: int
    pos: int

    def __str__(self) -> str:
        return f"take discard {self.pos}"


@attrs.frozen
class Exchange:
    """Put the card just drawn face up at `pos`; the card there goes to the discards."""

    player: int
    pos: int

    def __str__(self) -> str:
        return f"exchange {self.pos}"


@attrs.frozen
class DiscardDrawn:
    """Discard the card just drawn and turn up the face-down card at `flip`."""

    player: int
    flip: int

    def __str__(self) -> str:
        return f"discard flip {self.flip}"


@attrs.frozen
class Knock:
    """Knock instead of drawing: everyone else has one more turn."""

    player: int

    def __str__(self) -> str:
        return "knock"


Move: TypeAlias = DrawStock | TakeDiscard | Exchange | DiscardDrawn | Knock
MOVE_TYPES: Final = (DrawStock, TakeDiscard, Exchange, DiscardDrawn, Knock)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """DRAW: a turn starts (draw, take the discard or knock); DRAWN: the seat to act holds a
    card drawn from the stock; OVER: the match ended."""

    DRAW = "draw"
    DRAWN = "drawn"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Golf position."""

    options: Options
    hand: int
    """The round (hole) being played, from 1."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to act (in OVER, the last seat that acted)."""
    grids: tuple[tuple[Card, ...], ...]
    """Each seat's eight cards by position: top row 0-3, bottom row 4-7."""
    face_up: tuple[tuple[bool, ...], ...]
    """Per seat and position, whether the card is face up (all True once the match is over)."""
    stock: tuple[Card, ...]
    """Face down, top card first."""
    discards: tuple[Card, ...]
    """Squared up, top card last: only the top is visible."""
    drawn: Card | None
    """In DRAWN, the card just drawn from the stock."""
    knocker: int | None
    """The seat that knocked this round, if any."""
    finisher: int | None
    """The seat whose eight cards were all face up first this round (when nobody had knocked)."""
    turns: int
    """Turns completed this round (for the termination valve)."""
    ledger: Ledger
    """Chips by seat and the pot (one pot; nobody drops out)."""
    totals: tuple[int, ...]
    """Round scores summed over the match, by seat (the tie-break)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


def _grid_seen(state: object, viewer: int | None, owner: int | None) -> tuple[bool, ...]:
    """Face-up cards are seen by everyone, the two peeked corners also by their owner."""
    assert isinstance(state, State) and owner is not None
    up = state.face_up[owner]
    return _owner_flags(up) if viewer == owner else up


@cache
def _owner_flags(up: tuple[bool, ...]) -> tuple[bool, ...]:
    return tuple(u or i in PEEKED for i, u in enumerate(up))


def _drawn_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    assert isinstance(state, State)
    return viewer == state.turn


ZONES: Final = (
    Zone("grids", _grid_seen, by_seat=True),
    Zone("drawn", _drawn_seen),
    Zone("stock", Seen.NOBODY),
    Zone("discards", top_card_only("discards")),
)
"""Layout cards face up for all, the two bottom corners also seen by their owner, the rest by
nobody; a drawn card by its drawer; the stock by nobody; only the top discard by all."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals round 1. `deck` fixes the first deal (top card first), `dealer` the first dealer
    (else drawn from the seed)."""
    n = require_players("golf", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("golf", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    ledger = Ledger.start(n, rules.stake, pots=1)
    return _deal(rules, 1, first, ledger, (0,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to act's moves: `draw stock`, `take discard 0` .. `7`, `knock` (while nobody has
    knocked or turned everything up); after a draw `exchange 0` .. `7`, then `discard flip P` for
    each face-down position P in order. () at the end."""
    return moves_for(state, player, len(state.grids), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Chips by seat."""
    return state.ledger.counts


def winners(state: State) -> frozenset[int]:
    """Once the match is over: the most chips, ties broken by the lowest total score."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return _leaders(state.ledger.counts, state.totals)


def _leaders(chips: tuple[int, ...], totals: tuple[int, ...]) -> frozenset[int]:
    best = max(chips)
    rich = [s for s, c in enumerate(chips) if c == best]
    low = min(totals[s] for s in rich)
    return frozenset(s for s in rich if totals[s] == low)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: face-up cards, its own two peeked corners, a card
    it drew, the top discard; everything else hidden."""
    check_viewer(state, player, len(state.grids))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "take discard 3", "exchange 5", "discard flip 2" or "knock"; "2: ..."
    picks the seat."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see afresh among the same places, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


def grid_score(cards: Sequence[Card], options: Options | None = None) -> int:
    """The score of eight layout cards (positions 0-7), lowest best.

    Blocks first (two neighbouring columns of four equal cards: -10, four jokers -50; with six
    or eight equal cards the non-overlapping blocks that give the lowest score), then column
    pairs of one rank (0), then single cards by `card_points`.

    >>> grid_score(parse_cards("3C 8S 8H KS 4D 8D 8C AH"))
    -2
    """
    if len(cards) != GRID_SIZE:
        raise ValueError(f"a golf layout has {GRID_SIZE} cards, not {len(cards)}")
    keep_jokers = options is not None and options.joker_pairs_keep_value
    points = _POINTS
    total = 0
    same = 0  # the mask of columns whose two cards have one rank
    for c in range(COLUMNS):
        top, bottom = cards[c], cards[c + COLUMNS]
        if top.rank is bottom.rank:
            same |= 1 << c
            if not (keep_jokers and top.rank is _JOKER):
                total += PAIR_POINTS
                continue
        total += points[top.index] + points[bottom.index]
    if same & (same >> 1):  # two neighbouring columns are pairs: there may be a block
        return _block_score(cards, keep_jokers)
    return total


def _block_score(cards: Sequence[Card], keep_jokers: bool) -> int:
    """`grid_score` by trying every choice of blocks (`BLOCK_CHOICES`), for a layout with two
    neighbouring column pairs (the fast path of `grid_score` takes the rest)."""
    points = _POINTS
    columns = []
    same = []
    for c in range(COLUMNS):
        top, bottom = cards[c], cards[c + COLUMNS]
        paired = top.rank is bottom.rank
        same.append(paired)
        if paired and not (keep_jokers and top.rank is Rank.JOKER):
            columns.append(PAIR_POINTS)
        else:
            columns.append(points[top.index] + points[bottom.index])
    blocks: list[int | None] = [
        (JOKER_BLOCK_POINTS if cards[c].rank is Rank.JOKER else BLOCK_POINTS)
        if same[c] and same[c + 1] and cards[c].rank is cards[c + 1].rank
        else None
        for c in range(COLUMNS - 1)
    ]
    best = sum(columns)
    if blocks == [None] * (COLUMNS - 1):
        return best
    for choice in BLOCK_CHOICES[1:]:
        values = [blocks[c] for c in choice]
        if any(v is None for v in values):
            continue
        used = {col for c in choice for col in (c, c + 1)}
        total = sum(v for v in values if v is not None) + sum(v for i, v in enumerate(columns) if i not in used)
        best = min(best, total)
    return best


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Golf reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be golf.Options")
    n = len(state.grids)
    if n not in PLAYERS:
        raise ValueError(f"golf is played by 2-12 players, not {n}")
    if not 1 <= state.hand <= o.rounds:
        raise ValueError(f"round {state.hand} is outside 1..{o.rounds}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    for name, seat in (("knocker", state.knocker), ("finisher", state.finisher)):
        if seat is not None:
            check_seat(name, seat, n)
    if state.knocker is not None and state.finisher is not None:
        raise ValueError("a round has one trigger: a knock or a seat all face up, not both")
    if any(len(grid) != GRID_SIZE for grid in state.grids):
        raise ValueError(f"every layout holds {GRID_SIZE} cards")
    if len(state.face_up) != n or any(
        len(up) != GRID_SIZE or any(type(u) is not bool for u in up) for up in state.face_up
    ):
        raise ValueError(f"face_up needs {GRID_SIZE} booleans for each of the {n} seats")
    problem = state.ledger.problem(n)
    if problem:
        raise ValueError(problem)
    if len(state.ledger.pots) != 1 or state.ledger.county or any(state.ledger.out):
        raise ValueError("the ledger keeps one pot and nobody drops out")
    if sum(state.ledger.counts) + state.ledger.pots[0] != n * o.stake:
        raise ValueError(f"chips {state.ledger.counts} and pot {state.ledger.pots[0]} do not add up to {n * o.stake}")
    if len(state.totals) != n or any(type(t) is not int for t in state.totals):
        raise ValueError(f"totals must be {n} whole numbers")
    limit = state.hand * 2 * -JOKER_BLOCK_POINTS  # two blocks of jokers: -100, the widest round
    if any(abs(t) > limit for t in state.totals):
        raise ValueError(f"totals {state.totals} are out of reach after {state.hand} rounds")
    if len(pack_for(n, o.packs)) < GRID_SIZE * n + 2:
        raise ValueError(f"{o.packs} packs are too few for {n} players")
    if not state.discards:
        raise ValueError("the discard pile is never empty")
    if not 0 <= state.turns < o.max_turns_per_hand:
        raise ValueError(f"{state.turns} turns cannot have been played in a round")
    check_zones("golf", state, ZONES, pack_for(n, o.packs))
    if state.phase is Phase.OVER:
        if state.hand != o.rounds or state.drawn is not None:
            raise ValueError("the match ends after its last round, with no card drawn")
        if not all(all(up) for up in state.face_up):
            raise ValueError("once the match is over every card is face up")
        return
    if (state.drawn is None) != (state.phase is Phase.DRAW):
        raise ValueError("a card is drawn exactly while its seat is to exchange or discard it")
    if all(state.face_up[state.turn]):
        raise ValueError(f"seat {state.turn} has no face-down card and cannot be on turn")
    ender = state.knocker if state.knocker is not None else state.finisher
    if ender is None:
        if any(all(up) for up in state.face_up):
            raise ValueError("a seat with every card face up ends the round")
    elif ender == state.turn:
        raise ValueError("the seat that ended the round has no more turns")
    if state.finisher is not None and not all(state.face_up[state.finisher]):
        raise ValueError("the finisher has every card face up")


# Phase helpers -------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_DRAW: Final = Phase.DRAW
_DRAWN: Final = Phase.DRAWN
_OVER: Final = Phase.OVER
"""Phases bound once: reading an enum member through its class is slow on the hot path."""
_SEATS: Final = range(MAX_PLAYERS)
_POSITIONS: Final = range(GRID_SIZE)
_DRAWS: Final = tuple(DrawStock(s) for s in _SEATS)
_KNOCKS: Final = tuple(Knock(s) for s in _SEATS)
_TAKES: Final = tuple(tuple(TakeDiscard(s, p) for p in _POSITIONS) for s in _SEATS)
_EXCHANGES: Final = tuple(tuple(Exchange(s, p) for p in _POSITIONS) for s in _SEATS)
_FLIPS: Final = tuple(tuple(DiscardDrawn(s, p) for p in _POSITIONS) for s in _SEATS)
_START_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    (_DRAWS[s], *_TAKES[s], _KNOCKS[s]) for s in _SEATS
)
_LAST_TURN_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple((_DRAWS[s], *_TAKES[s]) for s in _SEATS)
_DRAWN_MOVES: Final[dict[tuple[int, tuple[bool, ...]], tuple[Move, ...]]] = {}
"""The moves after a draw, by seat and face-up flags (built on first use)."""

_TO_PLAY: Final = tuple((Event(EventKind.TO_PLAY, player=s),) for s in _SEATS)
_KNOCK_EVENTS: Final = tuple(Event(EventKind.KNOCKS, player=s) for s in _SEATS)
_ONE_MORE_TURN: Final = Event(EventKind.NOTE, label="one more turn each")
_SHOWS: Final = EventKind.SHOWS
_HAND_SCORED: Final = EventKind.HAND_SCORED
_PAYS: Final = EventKind.PAYS
_WINS: Final = EventKind.WINS
_DEALS: Final = EventKind.DEALS
_NOTE: Final = EventKind.NOTE
_ANTE_LABEL: Final = f"each seat antes {ANTE}; the pot holds"
_TURNS_UP: Final = seat_card_table(lambda _s, c: make_event(EventKind.TURNS_UP, None, (c,), (), "", False), 1, FULL_PACK)[0]
"""`_TURNS_UP[card.index]`: the deal's upcard turned up."""
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, MAX_PLAYERS, FULL_PACK, private=True)
_DISCARD_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.DISCARDS, s, (c,), (), "", False), MAX_PLAYERS, FULL_PACK
)


def _position_table(kind: EventKind) -> tuple[tuple[tuple[Event, ...], ...], ...]:
    """`table[seat][pos][card.index]`: the event of `seat` putting (or turning) `card` at `pos`
    (built with `make_event`, as these three tables are most of the module's import time)."""

    def maker(pos: int) -> Callable[[int, Card], Event]:
        numbers = (pos,)
        return lambda seat, card: make_event(kind, seat, (card,), numbers, "", False)

    by_pos = [seat_card_table(maker(p), MAX_PLAYERS, FULL_PACK) for p in _POSITIONS]
    return tuple(tuple(by_pos[p][seat] for p in _POSITIONS) for seat in _SEATS)


_PUT_EVENTS: Final = _position_table(EventKind.PLAYS)
"""A drawn card put face up at a position."""
_TAKE_EVENTS: Final = _position_table(EventKind.TAKES)
"""The top discard taken and put face up at a position."""
_TURN_EVENTS: Final = _position_table(EventKind.REVEALS)
"""A face-down card turned up at a position."""


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view
    phase = state.phase
    if phase is _OVER or (only is not None and only != state.turn):
        return ()
    seat = state.turn
    if phase is _DRAW:
        if state.knocker is None and state.finisher is None:
            return _START_MOVES[seat]
        return _LAST_TURN_MOVES[seat]
    up = state.face_up[seat]
    moves = _DRAWN_MOVES.get((seat, up))
    if moves is None:
        flips = _FLIPS[seat]
        moves = _DRAWN_MOVES[(seat, up)] = (*_EXCHANGES[seat], *(flips[p] for p in _POSITIONS if not up[p]))
    return moves


def _apply(state: State, move: Move) -> State:
    kind = type(move)
    seat = move.player
    if kind is DrawStock:
        stock, discards, rng = state.stock, state.discards, state.rng
        events: tuple[Event, ...] = ()
        if not stock:
            assert rng is not None
            refill = refill_stock(stock, discards, rng)
            stock, discards, rng, events = refill.stock, refill.discards, refill.rng, refill.events
        card = stock[0]
        return _BUILD(
            state.options, state.hand, rng, None, _DRAWN, state.dealer, seat, state.grids, state.face_up,
            stock[1:], discards, card, state.knocker, state.finisher, state.turns, state.ledger, state.totals,
            events + _DRAW_EVENTS[seat][card.index],
        )  # fmt: skip
    if kind is Knock:
        return _end_turn(state, seat, state.grids, state.face_up, state.discards, seat, (_KNOCK_EVENTS[seat],))
    grid = state.grids[seat]
    up = state.face_up[seat]
    if kind is DiscardDrawn:
        pos = move.flip  # type: ignore[union-attr]
        drawn = state.drawn
        assert drawn is not None
        turned = grid[pos]
        events = (_DISCARD_EVENTS[seat][drawn.index], _TURN_EVENTS[seat][pos][turned.index])
        return _end_turn(state, seat, state.grids, _turned_up(state.face_up, seat, up, pos),
                         (*state.discards, drawn), state.knocker, events)  # fmt: skip
    pos = move.pos  # type: ignore[union-attr]
    old = grid[pos]
    if kind is Exchange:
        new = state.drawn
        assert new is not None
        discards = (*state.discards, old)
        events = (_PUT_EVENTS[seat][pos][new.index], _DISCARD_EVENTS[seat][old.index])
    else:  # TakeDiscard
        new = state.discards[-1]
        discards = (*state.discards[:-1], old)
        events = (_TAKE_EVENTS[seat][pos][new.index], _DISCARD_EVENTS[seat][old.index])
    grids = (*state.grids[:seat], (*grid[:pos], new, *grid[pos + 1 :]), *state.grids[seat + 1 :])
    face_up = state.face_up if up[pos] else _turned_up(state.face_up, seat, up, pos)
    return _end_turn(state, seat, grids, face_up, discards, state.knocker, events)


def _turned_up(
    face_up: tuple[tuple[bool, ...], ...], seat: int, up: tuple[bool, ...], pos: int
) -> tuple[tuple[bool, ...], ...]:
    return (*face_up[:seat], (*up[:pos], True, *up[pos + 1 :]), *face_up[seat + 1 :])


def _end_turn(
    state: State,
    seat: int,
    grids: tuple[tuple[Card, ...], ...],
    face_up: tuple[tuple[bool, ...], ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    events: tuple[Event, ...],
) -> State:
    """The next seat's turn; the end of the round when the turn comes back to the seat that
    knocked or turned everything up (or at the turn limit)."""
    turns = state.turns + 1
    finisher = state.finisher
    if knocker is None and finisher is None and all(face_up[seat]):
        finisher = seat
        events = (*events, Event(EventKind.NOTE, player=seat, label="has every card face up: one more turn each"))
    elif knocker is not None and state.knocker is None:
        events = (*events, _ONE_MORE_TURN)
    ender = knocker if knocker is not None else finisher
    n = len(grids)
    following = seat + 1 if seat + 1 < n else 0
    if following == ender:
        return _end_round(state, seat, grids, discards, knocker, finisher, events)
    if turns >= state.options.max_turns_per_hand:
        events = (*events, Event(EventKind.NOTE, label=f"nobody knocked or turned every card up in {turns} turns: the round is scored"))
        return _end_round(state, seat, grids, discards, knocker, finisher, events)
    return _BUILD(
        state.options, state.hand, state.rng, None, _DRAW, state.dealer, following, grids, face_up,
        state.stock, discards, None, knocker, finisher, turns, state.ledger, state.totals,
        (*events, *_TO_PLAY[following]),
    )  # fmt: skip


def _end_round(
    state: State,
    seat: int,
    grids: tuple[tuple[Card, ...], ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    finisher: int | None,
    events: tuple[Event, ...],
) -> State:
    """Turns every card up, scores the round, settles the chips, then deals the next round or
    ends the match."""
    o = state.options
    n = len(grids)
    points = tuple(grid_score(grid, o) for grid in grids)
    events = (
        *events,
        *[make_event(_SHOWS, s, grids[s], (), str(points[s]), False) for s in range(n)],
        make_event(_HAND_SCORED, None, (), points, "", False),
    )
    ledger, paid = settle(state.ledger, points, knocker)
    events = (*events, *_payment_events(paid))
    totals = tuple(t + p for t, p in zip(state.totals, points))
    if state.hand >= o.rounds:
        best = _leaders(ledger.counts, totals)
        events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(best))))
        return _BUILD(
            o, state.hand, state.rng, None, Phase.OVER, state.dealer, seat, grids, _ALL_UP[n], state.stock, discards,
            None, knocker, finisher, 0, ledger, totals, events,
        )  # fmt: skip
    rng = state.rng
    assert rng is not None
    following = state.dealer + 1 if state.dealer + 1 < n else 0
    return _deal(o, state.hand + 1, following, ledger, totals, rng, None, events)


_ALL_UP: Final = tuple(((True,) * GRID_SIZE,) * n for n in range(MAX_PLAYERS + 1))
_ALL_DOWN: Final = tuple(((False,) * GRID_SIZE,) * n for n in range(MAX_PLAYERS + 1))


def settle(ledger: Ledger, points: Sequence[int], knocker: int | None) -> tuple[Ledger, tuple[int, ...]]:
    """The chips after a round scored `points`: each highest seat pays `HIGHEST_PAYS` into the
    pot (a knocker among them `KNOCKER_PAYS`), then the lowest seats share the pot evenly (an odd
    chip stays). Returns the ledger and each seat's gain (negative: paid in)."""
    # `Ledger.pay_in(s, 0, ...)` for each highest seat, then `Ledger.share(0, lowest)`, in one step
    if len(points) > len(ledger.counts) or not ledger.pots:
        raise ValueError(f"{len(points)} scores for a ledger of {len(ledger.counts)} seats and {len(ledger.pots)} pots")
    high, low = max(points), min(points)
    before = ledger.counts
    counts = list(before)
    pot = ledger.pots[0]
    for s, p in enumerate(points):
        if p == high:
            paid = min(KNOCKER_PAYS if s == knocker else HIGHEST_PAYS, counts[s])
            counts[s] -= paid
            pot += paid
    lowest = [s for s, p in enumerate(points) if p == low]
    each = pot // len(lowest)
    for s in lowest:
        counts[s] += each
    ledger = Ledger(tuple(counts), ledger.out, (pot - each * len(lowest), *ledger.pots[1:]), ledger.county)
    return ledger, tuple(a - b for a, b in zip(counts, before))


def _payment_events(paid: tuple[int, ...]) -> tuple[Event, ...]:
    """The PAYS events (into the pot), then the WINS events (from it), in seat order."""
    events = [make_event(_PAYS, s, (), (-gain,), "into the pot", False) for s, gain in enumerate(paid) if gain < 0]
    events += [make_event(_WINS, s, (), (gain,), "chips from the pot", False) for s, gain in enumerate(paid) if gain > 0]
    return tuple(events)


def _deal(
    o: Options,
    number: int,
    dealer: int,
    ledger: Ledger,
    totals: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Round `number`: everyone antes, eight cards each one at a time from the dealer's left into
    positions 0-7, the next card turned up on the discard pile."""
    n = len(totals)
    pack = pack_for(n, o.packs)
    if len(pack) < GRID_SIZE * n + 2:
        raise ValueError(f"{len(pack) // (52 + JOKERS_PER_PACK)} packs are too few for {n} players")
    cards, rng = rng.shuffled(pack) if deck is None else shuffled_or_fixed(pack, rng, deck)
    paid = [min(ANTE, c) for c in ledger.counts]  # `ledger.pay_in(s, 0, ANTE)` for every seat
    ledger = Ledger(tuple(c - p for c, p in zip(ledger.counts, paid)), ledger.out, (ledger.pots[0] + sum(paid),),
                    ledger.county)  # fmt: skip
    first = dealer + 1 if dealer + 1 < n else 0
    dealt: list[tuple[Card, ...]] = [()] * n
    for j in range(n):
        dealt[(first + j) % n] = cards[j : GRID_SIZE * n : n]
    upcard = cards[GRID_SIZE * n]
    events = (
        *events,
        make_event(_DEALS, dealer, (), (number,), "", False),
        make_event(_NOTE, None, (), (ledger.pots[0],), _ANTE_LABEL, False),
        _TURNS_UP[upcard.index],
        *_TO_PLAY[first],
    )
    return _BUILD(
        o, number, rng, None, _DRAW, dealer, first, tuple(dealt), _ALL_DOWN[n], cards[GRID_SIZE * n + 1 :],
        (upcard,), None, None, None, 0, ledger, totals, events,
    )  # fmt: skip


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    pos = getattr(move, "pos", getattr(move, "flip", 0))
    if type(pos) is not int or not 0 <= pos < GRID_SIZE:
        return f"positions are 0-{GRID_SIZE - 1} (top row 0-3, bottom row 4-7), not {pos!r}"
    if state.phase is Phase.DRAW:
        if isinstance(move, Knock):
            if state.knocker is not None:
                return f"seat {state.knocker} has already knocked: one knock a round"
            return f"seat {state.finisher} has every card face up: nobody knocks now"
        return "draw from the stock or take the discard first"
    if isinstance(move, DiscardDrawn):
        down = [p for p in _POSITIONS if not state.face_up[move.player][p]]
        return f"the card at {pos} is already face up: turn up a face-down card ({' '.join(map(str, down))})"
    return "a card was drawn: exchange it for a card of the layout, or discard it and turn a card up"


# Rendering -----------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture: the round and dealer, the stock, the top discard and the pot, what
    happens now, then one block per seat (chips, total score, knocked, to act) with its layout in
    two rows, each card after its position: face up as "7H", face down but seen by this viewer
    (its peeked corners, or any card of a real state) as "[7H]", unseen as "??"."""
    o = state.options
    top = state.discards[-1] if state.discards else None
    lines = [
        f"round {state.hand} of {o.rounds}, dealer seat {state.dealer}; stock {len(state.stock)} card"
        f"{'' if len(state.stock) == 1 else 's'}, discard pile {len(state.discards)}"
        + (f", top {top}" if top is not None else "")
        + f"; pot {state.ledger.pots[0]}",
        _render_now(state),
    ]
    for seat, grid in enumerate(state.grids):
        line = f"seat {seat}  chips {state.ledger.counts[seat]}  total {state.totals[seat]}"
        if seat == state.knocker:
            line += ", knocked"
        if seat == state.finisher:
            line += ", all face up"
        if seat == state.turn and state.phase is not Phase.OVER:
            line += ", to act"
            if state.drawn is not None:
                line += f"; drew {'a card' if state.drawn.is_hidden else state.drawn}"
        if HIDDEN not in grid:
            line += f"  (layout scores {grid_score(grid, o)})"
        lines.append(line)
        up = state.face_up[seat]
        cells = [
            f"{p} " + (str(c) if up[p] or c.is_hidden else f"[{c}]") for p, c in enumerate(grid)
        ]
        for row in (cells[:COLUMNS], cells[COLUMNS:]):
            lines.append("        " + "  ".join(f"{cell:<7}" for cell in row).rstrip())
    return "\n".join(lines)


def _render_now(state: State) -> str:
    seat = state.turn
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        return f"match over after {state.hand} round{'' if state.hand == 1 else 's'}: {seats_text(best)} " + (
            "wins" if len(best) == 1 else "share the win"
        )
    last = ""
    if state.knocker is not None:
        last = f"; seat {state.knocker} knocked: last turns"
    elif state.finisher is not None:
        last = f"; seat {state.finisher} has every card face up: last turns"
    if state.phase is Phase.DRAWN:
        return f"seat {seat} to exchange the drawn card or discard it and turn a card up{last}"
    knock = "" if last else ", or knock"
    return f"seat {seat} to draw from the stock{'' if last else ','} or take the discard{knock}{last}"


# Registration --------------------------------------------------------------------------------


def _max_plies(o: Options) -> int:
    """Two moves a turn at most (a draw and its exchange or discard), every round cut off by the
    valve at the latest."""
    return 2 * o.max_turns_per_hand * o.rounds


GAME: Final = GameSpec[State, Move, Options](
    name="golf",
    title="Golf",
    family="draw-discard",
    summary="Eight cards face down in two rows: exchange and turn them up for the lowest score, played for a pot.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=Options(rounds=2),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=_max_plies(Options()),
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
