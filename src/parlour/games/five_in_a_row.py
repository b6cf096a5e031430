"""5 in a Row: the card-and-board game better known as Sequence, for two players or two teams.

Rules: the Metzker Book of Card Game Rules, "5 In a Row (Board Game)". Two packs without jokers
(104 cards) and a 10x10 board on which every card but the jacks is printed twice, the four corners
being free. Five cards each. In turn a player plays a card face up and puts a chip (a "disc") of
its colour on one of the two board cells showing that card, then draws a replacement. A two-eyed
jack (JD, JC) puts a chip on any empty cell; a one-eyed jack (JS, JH) takes an opposing chip off
the board. A card whose two cells are both taken is dead: it may be discarded and replaced. Five
chips in a line (across, down or diagonal) make a row, whose chips can no longer be removed; the
first side with three rows wins. With four players the partners sit opposite.

Readings where the book is silent or open (library choices, stated in the docs):

* The board is the standard Sequence layout (`BOARD`); its four corners are free cells that
  count for every side and never hold a chip. Cells are written "r4c8" (row 4, column 8, from
  the top left, 0-9).
* Two players are sides 0 and 1; with four, seats 0 and 2 are side 0 against seats 1 and 3.
* The first dealer is drawn from the seed unless `dealer=`; five cards each (`Options.hand_size`)
  are dealt one at a time clockwise from the dealer's left, who plays first. Play passes left.
* A turn: at most once, before playing, `dead 7H` turns in a dead card and draws a replacement;
  then `play 7H r4c8` (a card on one of its cells, a two-eyed jack on any empty cell, a one-eyed
  jack on an opposing chip that is in no row). A player who can play nothing (every card dead
  after the one exchange, one-eyed jacks with nothing to remove) must `discard` a card: the
  turn is spent. The engine always draws the replacement card (the book's penalty for forgetting
  to draw never arises). Hands are kept sorted.
* The played card goes face up on the discard pile, which everyone sees; when the stock is empty
  the whole discard pile is shuffled into a new stock.
* Rows: after every chip placed, the lines of five through that cell are looked at in the order
  across, down, down-right, up-right, and in each direction from the leftmost (topmost) start;
  a line of the side's chips and free corners counts as a new row when it shares at most one
  cell with each row the side already has ("One disc may be part of another row if the rows
  cross each other"; two rows along one line may share their end cell, as in Sequence).
* Three rows win for two and four players alike (`Options.rows_to_win`).
* Termination valve (a deviation, not in the book): after `Options.max_turns` turns (1000)
  without a winner the game ends drawn.

>>> state = new_game(2, seed=1, dealer=1)
>>> [str(m) for m in legal_moves(state)][:3]
['play 3D r2c3', 'play 3D r6c9', 'play 9D r4c7']
>>> cells_of(Card.parse("7H"))
('r4c8', 'r5c3')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import chain, compress
from typing import Final, TypeAlias, TypeVar, cast

import attrs

from parlour.core.cards import (
    CARD_INDICES,
    HIDDEN,
    Card,
    Rank,
    Suit,
    parse_cards,
    seat_card_table,
    sorted_cards,
    standard_pack,
)
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.stock import refill_stock
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "BOARD",
    "EMPTY",
    "FREE",
    "GAME",
    "MOVE_TYPES",
    "PACK",
    "ZONES",
    "Discard",
    "Move",
    "Options",
    "Phase",
    "PlayCard",
    "State",
    "TurnInDead",
    "apply",
    "cell_name",
    "cells_of",
    "check_invariants",
    "is_dead",
    "is_over",
    "legal_moves",
    "locked_cells",
    "new_game",
    "new_rows",
    "parse_cell",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "team_of",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 4)
"""Seed: "2 or 4 people can play, with four players opposites are partners"."""
DEFAULT_PLAYERS: Final = 2
MAX_PLAYERS: Final = max(PLAYERS)
TEAMS: Final = 2
"""Two sides: seat s plays for side s % 2 (with four players, partners sit opposite)."""
PACK: Final = standard_pack(packs=2)
"""Seed: "2 decks of cards, no jokers"."""
SIZE: Final = 10
"""The board is SIZE x SIZE cells; cell r * SIZE + c is row r, column c from the top left."""
CELLS: Final = SIZE * SIZE
ROW_LENGTH: Final = 5
"""Seed: "rows of five discs"."""
EMPTY: Final = -1
"""`State.chips` value of a cell without a chip."""
FREE: Final = -2
"""`State.chips` value of a free corner: it counts for every side and never holds a chip."""

_LAYOUT: Final = """
XX 2S 3S 4S 5S 6S 7S 8S 9S XX
6C 5C 4C 3C 2C AH KH QH TH TS
7C AS 2D 3D 4D 5D 6D 7D 9H QS
8C KS 6C 5C 4C 3C 2C 8D 8H KS
9C QS 7C 6H 5H 4H AH 9D 7H AS
TC TS 8C 7H 2H 3H KH TD 6H 2D
QC 9S 9C 8H 9H TH QH QD 5H 3D
KC 8S TC QC KC AC AD KD 4H 4D
AC 7S 6S 5S 4S 3S 2S 2H 3H 5D
XX AD KD QD TD 9D 8D 7D 6D XX
"""
BOARD: Final[tuple[Card | None, ...]] = tuple(
    None if text == "XX" else parse_cards(text)[0] for text in _LAYOUT.split()
)
"""The board as data (the standard Sequence layout; the book does not print one): the card of
each cell by index r * SIZE + c, None for the four free corners. Every card but the jacks
appears exactly twice."""
CORNERS: Final = tuple(c for c in range(CELLS) if BOARD[c] is None)
TWO_EYED: Final = frozenset(parse_cards("JD JC"))
"""Seed: "If you have a two-eyed jack you may place one of your discs on any unoccupied space"."""
ONE_EYED: Final = frozenset(parse_cards("JS JH"))
"""Seed: "If you have a one-eyed jack you may take one of the oppositions discs off the board"."""
DIRECTIONS: Final = ((0, 1), (1, 0), (1, 1), (-1, 1))
"""The order rows are looked for: across, down, down-right, up-right."""

_NORMAL, _WILD, _REMOVE = 0, 1, 2
_KIND: Final = tuple(
    _WILD if any(c.index == i for c in TWO_EYED) else _REMOVE if any(c.index == i for c in ONE_EYED) else _NORMAL
    for i in range(CARD_INDICES)
)
"""`_KIND[card.index]`: a card played on its own cells, a two-eyed jack, or a one-eyed jack."""
_CELLS_AT: list[tuple[int, ...]] = [() for _ in range(CARD_INDICES)]
for _cell, _card in enumerate(BOARD):
    if _card is not None:
        _CELLS_AT[_card.index] = (*_CELLS_AT[_card.index], _cell)
_CARD_CELLS: Final = tuple(_CELLS_AT)
"""`_CARD_CELLS[card.index]`: the two cells showing the card (none for jacks)."""
del _cell, _card


HALF: Final = CELLS // 2
"""Cells below HALF are in the low mask of `State.marks`, the others in the high mask."""


def _halves(cells: Sequence[int]) -> tuple[int, int]:
    """The (low, high) bit masks of a set of cells."""
    low = high = 0
    for c in cells:
        if c < HALF:
            low |= 1 << c
        else:
            high |= 1 << (c - HALF)
    return low, high


def _on_board(r: int, c: int) -> bool:
    return 0 <= r < SIZE and 0 <= c < SIZE


def _windows(cell: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """The lines of five through `cell` in scanning order (direction, then leftmost or topmost
    start first), each as (low bit mask, high bit mask, cells)."""
    r, c = divmod(cell, SIZE)
    reach = range(1 - ROW_LENGTH, ROW_LENGTH)
    out = []
    for dr, dc in DIRECTIONS:
        # the cells up to four steps either way along the direction; on a straight line those
        # on the board are one unbroken stretch through `cell`
        line = [(r + k * dr) * SIZE + c + k * dc for k in reach if 0 <= r + k * dr < SIZE and 0 <= c + k * dc < SIZE]
        for k in range(len(line) - ROW_LENGTH + 1):
            window = tuple(line[k : k + ROW_LENGTH])
            out.append((*_halves(window), window))
    return tuple(out)


_WINDOWS: Final = tuple(_windows(cell) for cell in range(CELLS))
LINES: Final = frozenset(
    tuple((r + k * dr) * SIZE + c + k * dc for k in range(ROW_LENGTH))
    for r in range(SIZE)
    for c in range(SIZE)
    for dr, dc in DIRECTIONS
    if _on_board(r + (ROW_LENGTH - 1) * dr, c + (ROW_LENGTH - 1) * dc)
)
"""Every line of five cells on the board, as cell tuples in scanning order."""


def cell_name(cell: int) -> str:
    """ "r4c8" for cell 48 (and "cell N" for a number off the board)."""
    if type(cell) is int and 0 <= cell < CELLS:
        return _CELL_NAMES[cell]
    return f"cell {cell!r}"


_CELL_NAMES: Final = tuple(f"r{cell // SIZE}c{cell % SIZE}" for cell in range(CELLS))


def parse_cell(text: str) -> int:
    """The cell named "r4c8" (row, then column, 0-9): 48."""
    try:
        return _CELL_NAMES.index(text.strip().lower())
    except ValueError:
        raise ValueError(f"not a cell: {text!r} (write r<row>c<column>, e.g. r4c8)") from None


def cells_of(card: Card) -> tuple[str, ...]:
    """The names of the cells that show `card` (none for a jack)."""
    return tuple(_CELL_NAMES[c] for c in _CARD_CELLS[card.index])


def team_of(seat: int) -> int:
    """The side seat `seat` plays for: seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat % TEAMS


# Options -------------------------------------------------------------------------------------


def _within(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is int and not low <= value <= high:
            raise ValueError(f"{attribute.name} must be {low}..{high}, not {value}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for 5 in a Row; the defaults are the Metzker Book of Card Game Rules' game."""

    rows_to_win: int = attrs.field(default=3, validator=_within(1, 12))
    """Rows a side needs to win (seed: "To get three rows of five discs"; Sequence plays to two)."""
    hand_size: int = attrs.field(default=5, validator=_within(1, 12))
    """Cards in each hand (seed: "Five cards are dealt to each player"; Sequence deals 7 or 6)."""
    max_turns: int = attrs.field(default=1000, validator=_within(1, 1_000_000))
    """Termination valve (not in the seed): after this many turns without a winner the game ends
    drawn, so that every game finishes."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules, "5 In a Row (Board Game)" (the defaults)."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class PlayCard:
    """Play `card` and put a chip on `cell` (a one-eyed jack: take the opposing chip off it)."""

    player: int
    card: Card
    cell: int

    def __str__(self) -> str:
        return f"play {self.card} {cell_name(self.cell)}"


@attrs.frozen
class TurnInDead:
    """Discard a dead card (both its cells taken) and draw a replacement; the turn goes on."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"dead {self.card}"


@attrs.frozen
class Discard:
    """With nothing to play, discard a card and draw: the turn is spent."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


Move: TypeAlias = PlayCard | TurnInDead | Discard
MOVE_TYPES: Final = (PlayCard, TurnInDead, Discard)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a seat is on turn; OVER: a side has its rows, or the turn limit was reached."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A 5 in a Row position."""

    options: Options
    hand: int
    """Always 1: one game, one deal."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to act (in OVER, the seat that made the last move)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted (`sorted_cards`)."""
    stock: tuple[Card, ...]
    """Face down, top card first."""
    discards: tuple[Card, ...]
    """Face up, top card last; everyone sees every card."""
    chips: tuple[tuple[int, ...], ...]
    """The board by row, then column: the side whose chip is there, `EMPTY`, or `FREE` (the
    corners)."""
    marks: tuple[int, ...]
    """Bit masks of the cells that count for each side (its chips and the corners), two per side
    (JSON numbers stay below 2**53): `marks[2 * side]` has bit c for cell c < 50,
    `marks[2 * side + 1]` bit c - 50 for cell c >= 50. Derived from `chips`, for the row finder."""
    rows: tuple[tuple[tuple[int, ...], ...], ...]
    """Per side, its counted rows in the order made, each the five cells in scanning order."""
    exchanged: bool
    """The seat on turn has turned in a dead card this turn (once a turn)."""
    turns: int
    """Turns completed (for the termination valve)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
)
"""Hands seen by their owners, the stock by nobody, the played cards by everyone. Chips are
not cards: the board is public."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the game. `deck` fixes the deal (top card first), `dealer` the dealer (else drawn
    from the seed); the dealer's left plays first."""
    n = require_players("five_in_a_row", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("five_in_a_row", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    cards, rng = rng.shuffled(PACK) if deck is None else shuffled_or_fixed(PACK, rng, deck)
    k = rules.hand_size
    leader = (first + 1) % n
    dealt: list[tuple[Card, ...]] = [()] * n
    for j in range(n):
        dealt[(leader + j) % n] = sorted_cards(cards[j : k * n : n])
    events = (Event(EventKind.DEALS, player=first, numbers=(1,)), *_TO_PLAY[leader])
    return _BUILD(
        rules, 1, rng, None, Phase.PLAY, first, leader, tuple(dealt), cards[k * n :], (), _START_CHIPS,
        _START_MARKS, ((),) * TEAMS, False, 0, events,
    )  # fmt: skip


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat on turn's moves: `play` moves by card (hand order, each card once) then cell,
    then `dead C` for each dead card (once a turn), then, only when nothing can be played,
    `discard C` for each card. () once the game is over."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Rows made by each seat's side."""
    return tuple(len(state.rows[team_of(s)]) for s in range(len(state.hands)))


def winners(state: State) -> frozenset[int]:
    """The seats of the side that made its rows; empty before the end and after a drawn game."""
    if state.phase is not Phase.OVER:
        return frozenset()
    need = state.options.rows_to_win
    return frozenset(s for s in range(len(state.hands)) if len(state.rows[team_of(s)]) >= need)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the board and the discards."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 7H r4c8", "play JD r0c5", "dead 2S" or "discard 9C"; "1: ..." picks the seat."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see afresh among the same places, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


def is_dead(card: Card, chips: Sequence[Sequence[int]]) -> bool:
    """A card is dead when both cells showing it hold a chip (jacks are never dead); `chips` is
    the board by row, then column, as `State.chips`."""
    cells = _CARD_CELLS[card.index]
    return bool(cells) and all(chips[c // SIZE][c % SIZE] >= 0 for c in cells)


def locked_cells(rows: Sequence[Sequence[Sequence[int]]]) -> frozenset[int]:
    """The cells of every counted row: their chips may not be removed."""
    return frozenset(c for side in rows for row in side for c in row)


def new_rows(
    chips: Sequence[Sequence[int]], cell: int, team: int, rows: Sequence[Sequence[int]]
) -> tuple[tuple[int, ...], ...]:
    """The rows a chip of `team` just placed at `cell` completes, given the side's earlier rows.

    Lines through `cell` are tried across, down, down-right, up-right, each from its leftmost
    (topmost) start; a line of five cells holding the side's chips or free corners counts when it
    shares at most one cell with every row counted before it (earlier ones and new ones).

    >>> chips = [[EMPTY] * SIZE for _ in range(SIZE)]
    >>> chips[0][:5] = [FREE, 0, 0, 0, 0]
    >>> [[cell_name(c) for c in row] for row in new_rows(chips, 4, 0, ())]
    [['r0c0', 'r0c1', 'r0c2', 'r0c3', 'r0c4']]
    """
    low, high = _halves([c for c, v in enumerate(chain.from_iterable(chips)) if v == team or v == FREE])
    return _rows_made(low, high, cell, rows)


def _rows_made(low: int, high: int, cell: int, rows: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """`new_rows` from the side's two bit masks (its chips and the corners)."""
    found: list[tuple[int, ...]] = []
    counted: list[frozenset[int]] | None = None
    for bits_low, bits_high, window in _WINDOWS[cell]:
        if low & bits_low == bits_low and high & bits_high == bits_high:
            if counted is None:
                counted = [frozenset(r) for r in rows]
            if all(len(r.intersection(window)) <= 1 for r in counted):
                found.append(window)
                counted.append(frozenset(window))
    return tuple(found)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of 5 in a Row reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be five_in_a_row.Options")
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"five_in_a_row is played by 2 or 4 players, not {n}")
    if state.hand != 1:
        raise ValueError("5 in a Row is one deal: hand is always 1")
    if not isinstance(state.phase, Phase):
        raise ValueError("phase must be a Phase")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    for seat, held in enumerate(state.hands):
        if len(held) != o.hand_size:
            raise ValueError(f"seat {seat} holds {len(held)} cards, not {o.hand_size}")
        if HIDDEN not in held and held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not sorted")
    check_zones("five_in_a_row", state, ZONES, PACK)
    if len(state.chips) != SIZE or any(len(row) != SIZE or any(type(v) is not int for v in row) for row in state.chips):
        raise ValueError(f"chips must be {SIZE} rows of {SIZE} whole numbers")
    chips = tuple(chain.from_iterable(state.chips))
    for cell, v in enumerate(chips):
        if BOARD[cell] is None:
            if v != FREE:
                raise ValueError(f"corner {cell_name(cell)} is free and holds no chip")
        elif v not in (EMPTY, 0, 1):
            raise ValueError(f"cell {cell_name(cell)} holds {v}: a side 0..{TEAMS - 1} or {EMPTY} (empty)")
    expected = tuple(m for side in range(TEAMS) for m in _halves([c for c, v in enumerate(chips) if v in (side, FREE)]))
    if state.marks != expected:
        raise ValueError("marks must be each side's chips and the corners, as two bit masks a side")
    if len(state.rows) != TEAMS:
        raise ValueError(f"rows are kept for {TEAMS} sides")
    for team, side in enumerate(state.rows):
        for i, row in enumerate(side):
            if row not in LINES:
                raise ValueError(f"side {team}'s row {row} is not a line of five cells")
            if any(chips[c] != team and chips[c] != FREE for c in row):
                raise ValueError(f"side {team}'s row {' '.join(map(cell_name, row))} is not all its chips")
            if any(len(set(row) & set(other)) > 1 for other in side[:i]):
                raise ValueError(f"side {team}'s rows may share one cell at most")
    if type(state.exchanged) is not bool or type(state.turns) is not int or not 0 <= state.turns <= o.max_turns:
        raise ValueError(f"exchanged is a bool and turns a whole number 0..{o.max_turns}")
    made = max(len(side) for side in state.rows)
    if state.phase is Phase.PLAY:
        if made >= o.rows_to_win:
            raise ValueError(f"a side with {made} rows has won: the game is over")
        if not 0 <= state.turns < o.max_turns:
            raise ValueError(f"{state.turns} turns is outside 0..{o.max_turns - 1}")
    else:
        if state.exchanged:
            raise ValueError("the game is over: nobody is exchanging a card")
        if not (made >= o.rows_to_win or state.turns == o.max_turns) or state.turns > o.max_turns:
            raise ValueError("the game ends with a side's rows made or at the turn limit")


# Phase helpers -------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_SEATS: Final = range(MAX_PLAYERS)
_START_CHIPS: Final = tuple(
    tuple(EMPTY if BOARD[r * SIZE + c] is not None else FREE for c in range(SIZE)) for r in range(SIZE)
)
_START_MARKS: Final = _halves(CORNERS) * TEAMS
_TO_PLAY: Final = tuple((Event(EventKind.TO_PLAY, player=s),) for s in _SEATS)
_DRAW_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.DRAWS, s, (c,), (), "", True), MAX_PLAYERS, PACK
)
_DEAD_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.DISCARDS, s, (c,), (), "dead card", False), MAX_PLAYERS, PACK
)
_DISCARD_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.DISCARDS, s, (c,), (), "nothing to play", False), MAX_PLAYERS, PACK
)
_DEADS: Final = seat_card_table(TurnInDead, MAX_PLAYERS, PACK)
_DISCARDS: Final = seat_card_table(Discard, MAX_PLAYERS, PACK)


def _targets(card: Card) -> tuple[int, ...]:
    kind = _KIND[card.index]
    if kind == _NORMAL:
        return _CARD_CELLS[card.index]
    return tuple(c for c in range(CELLS) if BOARD[c] is not None)


T = TypeVar("T")


def _play_table(make: Callable[[int, Card, int], T]) -> tuple[tuple[tuple[T | None, ...], ...], ...]:
    """`table[seat][card.index][cell]`: `make(seat, card, cell)` where the card may go to the
    cell (or take a chip from it), None elsewhere."""
    table: list[tuple[tuple[T | None, ...], ...]] = []
    for seat in _SEATS:
        by_card: list[tuple[T | None, ...]] = [(None,) * CELLS] * CARD_INDICES
        for card in dict.fromkeys(PACK):
            row: list[T | None] = [None] * CELLS
            for cell in _targets(card):
                row[cell] = make(seat, card, cell)
            by_card[card.index] = tuple(row)
        table.append(tuple(by_card))
    return tuple(table)


def _play_event(seat: int, card: Card, cell: int) -> Event:
    where = "removes the chip on" if _KIND[card.index] == _REMOVE else "chip on"
    return make_event(_PLAYS_KIND, seat, (card,), (cell,), f"{where} {_CELL_NAMES[cell]}", False)


_PLAYS_KIND: Final = EventKind.PLAYS


_PLAYS: Final = cast("tuple[tuple[tuple[PlayCard, ...], ...], ...]", _play_table(PlayCard))
"""`_PLAYS[seat][card.index][cell]`: the prebuilt move (None where the card cannot go; never read)."""
_PLAY_EVENTS: Final = cast("tuple[tuple[tuple[Event, ...], ...], ...]", _play_table(_play_event))


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view
    if state.phase is Phase.OVER or (only is not None and only != state.turn):
        return ()
    seat = state.turn
    held = state.hands[seat]
    chips = state.chips
    plays: list[Move] = []
    dead: list[int] = []
    table = _PLAYS[seat]
    last = -1
    for card in held:
        i = card.index
        if i == last:
            continue
        last = i
        kind = _KIND[i]
        moves = table[i]
        if kind == _NORMAL:
            a, ra, ca, b, rb, cb = _CARD_AT[i]
            if chips[ra][ca] == EMPTY:
                plays.append(moves[a])
                if chips[rb][cb] == EMPTY:
                    plays.append(moves[b])
            elif chips[rb][cb] == EMPTY:
                plays.append(moves[b])
            else:
                dead.append(i)
        elif kind == _WILD:
            plays += compress(moves, map(_IS_EMPTY, chain.from_iterable(chips)))
        else:
            other = 1 - (seat & 1)
            if state.rows[other]:
                locked = locked_cells(state.rows)
                plays += [
                    moves[c] for c, v in enumerate(chain.from_iterable(chips)) if v == other and c not in locked
                ]
            else:
                plays += compress(moves, map(_IS_SIDE[other], chain.from_iterable(chips)))
    if dead and not state.exchanged:
        deads = _DEADS[seat]
        plays += [deads[i] for i in dead]
    if not plays:
        discards = _DISCARDS[seat]
        last = -1
        for card in held:
            if card.index != last:
                plays.append(discards[card.index])
            last = card.index
    return tuple(plays)


_CARD_AT: Final = tuple(
    (a, a // SIZE, a % SIZE, b, b // SIZE, b % SIZE) if cells else (0,) * 6
    for cells in _CARD_CELLS
    for a, b in [cells if cells else (0, 0)]
)
"""`_CARD_AT[card.index]`: its two cells, each as (cell, row, column)."""
_IS_EMPTY: Final = EMPTY.__eq__
_EMPTY_CHIP: Final = (EMPTY,)
_SIDE_CHIP: Final = tuple((side,) for side in range(TEAMS))
_IS_SIDE: Final = tuple(side.__eq__ for side in range(TEAMS))
_KEY: Final = tuple(
    Card(Rank(i % 16), Suit(i // 16 - 1)).sort_key if 1 <= i % 16 <= 13 and 1 <= i // 16 <= 4 else 0
    for i in range(CARD_INDICES)
)
"""`_KEY[card.index]`: `card.sort_key` (hands keep that order)."""


def _swap(held: tuple[Card, ...], out: Card, new: Card) -> tuple[Card, ...]:
    """`held` (sorted) less one copy of `out`, with `new` put in its sorted place."""
    i = held.index(out)
    rest = held[:i] + held[i + 1 :]
    keys = _KEY
    key = keys[new.index]
    for k, c in enumerate(rest):
        if keys[c.index] > key:
            return rest[:k] + (new,) + rest[k:]
    return rest + (new,)


def _apply(state: State, move: Move) -> State:
    kind = type(move)
    seat = move.player
    card = move.card
    discards = state.discards + (card,)
    stock, rng = state.stock, state.rng
    events: tuple[Event, ...] = ()
    if not stock:
        assert rng is not None
        refill = refill_stock(stock, discards, rng, keep=0)
        stock, discards, rng, events = refill.stock, refill.discards, refill.rng, refill.events
    drawn = stock[0]
    hands = state.hands
    hands = (*hands[:seat], _swap(hands[seat], card, drawn), *hands[seat + 1 :])
    draw = _DRAW_EVENTS[seat][drawn.index]
    o = state.options
    if kind is TurnInDead:
        return _BUILD(
            o, 1, rng, None, Phase.PLAY, state.dealer, seat, hands, stock[1:], discards, state.chips, state.marks,
            state.rows, True, state.turns, (_DEAD_EVENTS[seat][card.index], *events, draw),
        )  # fmt: skip
    chips = state.chips
    marks = state.marks
    rows = state.rows
    if kind is PlayCard:
        cell = move.cell  # type: ignore[union-attr]
        played = _PLAY_EVENTS[seat][card.index][cell]
        if _KIND[card.index] == _REMOVE:
            r, c = _RC[cell]
            line = chips[r]
            at = 2 * line[c] + (cell >= HALF)
            chips = (*chips[:r], line[:c] + _EMPTY_CHIP + line[c + 1 :], *chips[r + 1 :])
            marks = (*marks[:at], marks[at] & ~_BIT[cell], *marks[at + 1 :])
            events = (played, *events, draw)
        else:
            team = seat & 1
            r, c = _RC[cell]
            line = chips[r]
            chips = (*chips[:r], line[:c] + _SIDE_CHIP[team] + line[c + 1 :], *chips[r + 1 :])
            low, high = marks[2 * team], marks[2 * team + 1]
            if cell < HALF:
                low |= _BIT[cell]
            else:
                high |= _BIT[cell]
            marks = (low, high, *marks[2:]) if team == 0 else (*marks[:2], low, high)
            made = _rows_made(low, high, cell, rows[team])
            if made:
                rows = (*rows[:team], (*rows[team], *made), *rows[team + 1 :])
                row_events = tuple(
                    Event(EventKind.SCORES, player=seat, numbers=(1,), label="a row " + " ".join(map(cell_name, row)))
                    for row in made
                )
                events = (played, *row_events, *events, draw)
                if len(rows[team]) >= o.rows_to_win:
                    n = len(hands)
                    won = tuple(s for s in range(n) if s % TEAMS == team)
                    return _BUILD(
                        o, 1, rng, None, Phase.OVER, state.dealer, seat, hands, stock[1:], discards, chips, marks,
                        rows, False, state.turns + 1, (*events, Event(EventKind.GAME_OVER, numbers=won)),
                    )  # fmt: skip
            else:
                events = (played, *events, draw)
    else:
        events = (_DISCARD_EVENTS[seat][card.index], *events, draw)
    turns = state.turns + 1
    if turns >= o.max_turns:
        events = (
            *events,
            Event(EventKind.NOTE, label=f"no side made its rows in {turns} turns: the game is drawn"),
            Event(EventKind.GAME_OVER),
        )
        return _BUILD(
            o, 1, rng, None, Phase.OVER, state.dealer, seat, hands, stock[1:], discards, chips, marks, rows, False,
            turns, events,
        )  # fmt: skip
    following = seat + 1 if seat + 1 < len(hands) else 0
    return _BUILD(
        o, 1, rng, None, Phase.PLAY, state.dealer, following, hands, stock[1:], discards, chips, marks, rows, False,
        turns, (*events, *_TO_PLAY[following]),
    )  # fmt: skip


_RC: Final = tuple(divmod(c, SIZE) for c in range(CELLS))
"""`_RC[cell]`: (row, column)."""
_BIT: Final = tuple(1 << (c % HALF) for c in range(CELLS))
"""The bit of each cell in its half's mask."""


def _why_illegal(state: State, move: Move) -> str:
    seat = state.turn
    if move.player != seat:
        return f"it is seat {seat}'s turn, not seat {move.player}'s"
    card = getattr(move, "card", None)
    if not isinstance(card, Card) or card not in state.hands[seat]:
        return f"seat {seat} does not hold {card}"
    chips = tuple(chain.from_iterable(state.chips))
    can_play = any(isinstance(m, PlayCard) for m in state.legal)
    if isinstance(move, TurnInDead):
        if state.exchanged:
            return "one dead card may be turned in a turn"
        return f"{card} is not dead: one of its cells is free" if not _KIND[card.index] else "a jack is never dead"
    if isinstance(move, Discard):
        return "a card may be discarded only when nothing can be played (dead cards are turned in with 'dead')"
    cell = move.cell
    if type(cell) is not int or not 0 <= cell < CELLS:
        return f"cells are 0..{CELLS - 1} (r0c0..r9c9), not {cell!r}"
    where = cell_name(cell)
    kind = _KIND[card.index]
    if BOARD[cell] is None:
        return f"{where} is a free corner: no chip goes there"
    if kind == _REMOVE:
        if chips[cell] == EMPTY:
            return f"a one-eyed jack removes an opposing chip, and {where} is empty"
        if chips[cell] == team_of(seat):
            return f"a one-eyed jack removes an opposing chip, and {where} holds seat {seat}'s side's own"
        return f"the chip on {where} is part of a row: it may not be removed"
    if chips[cell] != EMPTY:
        return f"{where} already holds a chip"
    if kind == _NORMAL:
        return f"{card} goes on {' or '.join(cells_of(card))}, not {where}"
    return "not a legal play" if can_play else "nothing can be played: discard a card"


# Rendering -----------------------------------------------------------------------------------

_MARK: Final = {EMPTY: " ", 0: "a", 1: "b"}


def render(state: State) -> str:
    """A plain-text picture: the turns played, the rows of each side, the stock and the top discard, then
    the board (each cell's card, a chip as "a" (side 0) or "b" (side 1), "*" when it is in a
    row; free corners "XX"), then the hands."""
    o = state.options
    n = len(state.hands)
    locked = locked_cells(state.rows)
    sides = [
        f"side {'ab'[t]} (seat{'s' if n > TEAMS else ''} {' and '.join(str(s) for s in range(t, n, TEAMS))}) "
        f"{len(state.rows[t])} row{'' if len(state.rows[t]) == 1 else 's'}"
        for t in range(TEAMS)
    ]
    top = f", top {state.discards[-1]}" if state.discards else ""
    lines = [
        f"{state.turns} turn{'' if state.turns == 1 else 's'} played (limit {o.max_turns}), "
        f"dealer seat {state.dealer}; "
        f"{'; '.join(sides)} (of {o.rows_to_win}); stock {len(state.stock)}, discards {len(state.discards)}{top}",
        _render_now(state),
        ("     " + " ".join(f"c{c:<3}" for c in range(SIZE))).rstrip(),
    ]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            cell = r * SIZE + c
            card = BOARD[cell]
            if card is None:
                cells.append("XX  ")
                continue
            mark = _MARK.get(state.chips[r][c], "?")
            cells.append(f"{card}{mark}{'*' if cell in locked else ' '}".replace("10", "T"))
        lines.append(f"r{r}   " + " ".join(cells).rstrip())
    for seat, held in enumerate(state.hands):
        lines.append(f"seat {seat} (side {'ab'[team_of(seat)]}): {' '.join(map(str, held))}")
    return "\n".join(lines)


def _render_now(state: State) -> str:
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        if not best:
            return f"game over after {state.turns} turns: drawn"
        return f"game over: side {'ab'[team_of(best[0])]} ({' and '.join(f'seat {s}' for s in best)}) wins"
    extra = " (a dead card was turned in)" if state.exchanged else ""
    return f"seat {state.turn} to play{extra}"


# Registration --------------------------------------------------------------------------------


def _max_plies(o: Options) -> int:
    """Two moves a turn at most (a dead card turned in, then a play or discard)."""
    return 2 * o.max_turns


GAME: Final = GameSpec[State, Move, Options](
    name="five_in_a_row",
    title="5 in a Row",
    family="board",
    summary="Sequence with ordinary cards: play a card to put a chip on its board cell; three rows of five win.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=Options(rows_to_win=2),
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
