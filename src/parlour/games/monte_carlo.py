"""Monte Carlo: a one-player patience that pairs off touching cards of one rank.

Rules: the Book of Card Games, "Monte Carlo". One 52-card pack. Twenty-five cards are dealt face
up in five rows of five without overlapping; the other twenty-seven form a face-down stock. The
player removes two cards of the same rank that touch side to side, top to bottom or at a corner,
and puts them on a discard pile. When no such pair is left, the remaining cards close up: they
slide into reading order (left to right, top to bottom; the first card of a row wraps to the end
of the row above) so that every row above is full, and the empty cells at the end are filled
from the stock. The game is won when all fifty-two cards are discarded, and over as soon as no
pair can be removed and closing up would change nothing.

Readings where the book is silent or open (library choices, stated in the docs):

* Cells are numbered 0-24 in reading order: row r, column c is cell 5r + c. The deal fills them
  in that order from the top of the pack, one card at a time; the rest is the stock, top card
  first, and closing up deals into the empty cells in reading order from its top.
* Suits never matter; an empty cell connects nothing (two cards with a gap between them do not
  touch).
* Closing up ("consolidating") is tied to "when there are no available pairs": with a pair on
  the table it cannot be done. When no pair is left nobody chooses anything, so by the rules
  notes' convention the engine closes up inside `apply` right after the removal that left no
  pair (and the player never types it). `Options.consolidate_any_time` (off by default) is the
  common modern rule: closing up is then also a move, `consolidate`, whenever it changes the
  layout.
* The game is lost (`winners` empty) when no pair is left after closing up; a deal with no pair
  at all is lost at once. `scores` is the number of cards discarded (52 when won).
* One player, so there is no dealer; `dealer=` may only be 0 (the player).
* Every move removes two cards and closing up needs a removal before it, so a game is at most
  26 removals and 26 close-ups: no termination valve is needed.

>>> state = new_game(seed=1)
>>> [str(m) for m in legal_moves(state)]
['remove 4C 4D', 'remove 10H 10C', 'remove 10C 10D']
>>> has_pair(parse_cards("KS KH") + (None,) * 23), has_pair(parse_cards("KS 2H KH") + (None,) * 22)
(True, False)
>>> [str(c) for c in consolidated((None, *parse_cards("AS 2S")) + (None,) * 22, parse_cards("3S"))[0][:4]]
['AS', '2S', '3S', 'None']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import CARD_INDICES, Card, Rank, parse_cards, standard_pack
from parlour.core.deck import shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.values import identity_index, slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "PACK",
    "ZONES",
    "Consolidate",
    "Move",
    "Options",
    "Phase",
    "RemovePair",
    "State",
    "adjacent",
    "apply",
    "check_invariants",
    "consolidated",
    "has_pair",
    "is_over",
    "legal_moves",
    "new_game",
    "pairs",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (1,)
"""Seed: "NUMBER OF PLAYERS: One"."""
PACK: Final = standard_pack()
"""Seed: "One standard pack of fifty-two cards"."""
ROWS: Final = 5
COLUMNS: Final = 5
"""Seed: "five columns of five cards each"."""
CELLS: Final = ROWS * COLUMNS
"""Twenty-five cells, numbered in reading order: row r, column c is cell `COLUMNS * r + c`."""
STOCK_SIZE: Final = len(PACK) - CELLS
"""Seed: "The remaining twenty-seven cards ... create the stockpile"."""
PAIR: Final = 2
"""Seed: "discard pairs of cards of the same rank"."""
_DIRECTIONS: Final = ((0, 1), (1, -1), (1, 0), (1, 1))
"""The neighbours after a cell in reading order: right, down-left, down, down-right (the seed's
"side to side, ... top to bottom, or diagonally at the corners")."""


def _forward(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, COLUMNS)
    return tuple(
        (row + dr) * COLUMNS + col + dc
        for dr, dc in _DIRECTIONS
        if 0 <= row + dr < ROWS and 0 <= col + dc < COLUMNS
    )


FORWARD: Final = tuple(_forward(cell) for cell in range(CELLS))
"""`FORWARD[i]`: the cells after cell i in reading order that touch it, in increasing order."""
_TOUCH: Final = tuple(tuple(j in FORWARD[i] or i in FORWARD[j] for j in range(CELLS)) for i in range(CELLS))


def adjacent(first: int, second: int) -> bool:
    """Whether two cells touch side to side, top to bottom or at a corner.

    >>> adjacent(0, 6), adjacent(0, 2), adjacent(4, 5)
    (True, False, False)
    """
    if not (0 <= first < CELLS and 0 <= second < CELLS):
        raise ValueError(f"cells are 0-{CELLS - 1}, not {first} and {second}")
    return _TOUCH[first][second]


# Options -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Monte Carlo; the defaults are the Book of Card Games' game."""

    consolidate_any_time: bool = False
    """Closing up is also a move the player may make at any time it changes the layout (a common
    modern rule). Off: the book's "When there are no available pairs of cards to remove", so the
    cards close up only, and automatically, once no pair is left."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def book(cls) -> Options:
        """The Book of Card Games, "Monte Carlo" (the defaults)."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class RemovePair:
    """Discard two touching cards of one rank; `first` lies in the earlier cell in reading order."""

    player: int
    first: Card
    second: Card

    def __str__(self) -> str:
        return f"remove {self.first} {self.second}"


@attrs.frozen
class Consolidate:
    """Close up the layout and fill it from the stock (a move only under `consolidate_any_time`)."""

    player: int

    def __str__(self) -> str:
        return "consolidate"


Move: TypeAlias = RemovePair | Consolidate
MOVE_TYPES: Final = (RemovePair, Consolidate)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a pair can be removed; WON: every card is discarded; LOST: no pair is left and
    closing up changes nothing."""

    PLAY = "play"
    WON = "won"
    LOST = "lost"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Monte Carlo position."""

    options: Options
    hand: int
    """Always 1: one deal."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (0, or None: a spectator); None in a real state."""
    phase: Phase
    layout: tuple[Card | None, ...]
    """The 25 cells in reading order (row by row, left to right); None for an empty cell."""
    stock: tuple[Card, ...]
    """Face down, top card first."""
    discards: tuple[Card, ...]
    """The removed cards, face up, two by two in the order removed (last pair on top)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state (a spectator's view has none)."""
        return _state_legal(self)


ZONES: Final = (
    Zone("layout", Seen.EVERYONE),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
)
"""The layout and the discard pile are face up for everyone; the stock is seen by nobody."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the layout: the top 25 cards into cells 0-24 in reading order, the rest is the
    stock. `deck` fixes the pack (top card first); `dealer` may only be 0, the one player."""
    require_players("monte_carlo", players, PLAYERS, 1)
    rules = require_options("monte_carlo", options, Options)
    rng = seeded(seed)
    if dealer is not None and (type(dealer) is not int or dealer != 0):
        raise ValueError(f"monte_carlo has one player, so the dealer can only be seat 0, not {dealer!r}")
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    layout: tuple[Card | None, ...] = cards[:CELLS]
    events = (Event(EventKind.DEALS, player=0, numbers=(1,)),)
    stock = cards[CELLS:]
    return _opened(rules, rng, layout, stock, (), events) or _no_pair_left(rules, rng, layout, stock, (), events)


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every `remove A B` in the order of its first cell, then its second (reading order); then
    `consolidate` where `Options.consolidate_any_time` allows it and it changes the layout.
    () once the game is over."""
    return moves_for(state, player, 1, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move` (closing up by itself once no pair is left); IllegalMove naming
    the rule if the move is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return _NOBODY if state.phase is not Phase.PLAY else _PLAYER


def is_over(state: State) -> bool:
    return state.phase is not Phase.PLAY


def scores(state: State) -> tuple[int, ...]:
    """The cards discarded so far (52 when the game is won)."""
    return (len(state.discards),)


def winners(state: State) -> frozenset[int]:
    """{0} once every card is discarded; empty while playing and when the game is lost."""
    return _PLAYER if state.phase is Phase.WON else _NOBODY


def view(state: State, player: int | None) -> State:
    """What the player (or a spectator) sees: the layout and the discards, not the stock."""
    check_viewer(state, player, 1)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "remove 10S 10H" (the two cards in either order) or "consolidate"."""
    try:
        return parse_by_matching(text, legal_moves(state), player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = body.split()
        if len(words) == 3 and words[0].lower() == "remove":
            swapped = f"{words[0]} {words[2]} {words[1]}"
            for move in legal_moves(state):
                if str(move).lower() == swapped.lower() and seat in (None, move.player):
                    return move
        raise


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The stock dealt afresh in another order (everything else is face up)."""
    return zone_shuffle(state, player, seed, ZONES)


def pairs(layout: Sequence[Card | None]) -> tuple[tuple[int, int], ...]:
    """The touching pairs of one rank as (first cell, second cell), in reading order.

    >>> pairs(parse_cards("KS KH 3C 4C 5C") + (None,) * 20)
    ((0, 1),)
    """
    if len(layout) != CELLS:
        raise ValueError(f"a Monte Carlo layout has {CELLS} cells, not {len(layout)}")
    return tuple(_pairs(layout))


def has_pair(layout: Sequence[Card | None]) -> bool:
    """Whether two touching cards of one rank lie in the layout (25 cells)."""
    if len(layout) != CELLS:
        raise ValueError(f"a Monte Carlo layout has {CELLS} cells, not {len(layout)}")
    return _has_pair(layout)


def consolidated(
    layout: Sequence[Card | None], stock: Sequence[Card]
) -> tuple[tuple[Card | None, ...], tuple[Card, ...]]:
    """The layout closed up and refilled, and the stock left: the cards slide into reading
    order, then the empty cells at the end take cards from the top of the stock."""
    if len(layout) != CELLS:
        raise ValueError(f"a Monte Carlo layout has {CELLS} cells, not {len(layout)}")
    kept = [c for c in layout if c is not None]
    take = min(CELLS - len(kept), len(stock))
    closed: tuple[Card | None, ...] = (*kept, *stock[:take], *_EMPTY[: CELLS - len(kept) - take])
    return closed, tuple(stock[take:])


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Monte Carlo reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be monte_carlo.Options")
    if state.hand != 1:
        raise ValueError(f"Monte Carlo is one deal: hand must be 1, not {state.hand}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None and state.viewer != 0:
        raise ValueError(f"the only seat is 0, not viewer {state.viewer!r}")
    if not isinstance(state.phase, Phase):
        raise ValueError("phase must be a monte_carlo.Phase")
    layout = state.layout
    if len(layout) != CELLS:
        raise ValueError(f"the layout has {CELLS} cells, not {len(layout)}")
    if any(c is not None and type(c) is not Card for c in layout):
        raise ValueError("every cell holds a card or nothing")
    if len(state.stock) > STOCK_SIZE:
        raise ValueError(f"the stock starts with {STOCK_SIZE} cards and never grows; it has {len(state.stock)}")
    check_zones("monte_carlo", state, ZONES, PACK)
    discards = state.discards
    if len(discards) % PAIR:
        raise ValueError("cards are discarded two at a time")
    for k in range(0, len(discards), PAIR):
        if discards[k].rank is not discards[k + 1].rank:
            raise ValueError(f"discarded cards {discards[k]} and {discards[k + 1]} are not a pair of one rank")
    held = sum(1 for c in layout if c is not None)
    if state.stock and held % 2 == 0:
        raise ValueError("while the stock lasts the layout holds an odd number of cards (25 less pairs)")
    pair = _has_pair(layout)
    if state.phase is Phase.WON:
        if len(discards) != len(PACK):
            raise ValueError("the game is won exactly when all 52 cards are discarded")
        return
    if len(discards) == len(PACK):
        raise ValueError("with every card discarded the game is won")
    if state.phase is Phase.PLAY:
        if not pair:
            raise ValueError("no pair is left, so the cards close up (or the game is lost): not a playing state")
        return
    if pair:
        raise ValueError("a pair can still be removed, so the game is not lost")
    if _changes(layout, len(state.stock)):
        raise ValueError("closing up would still change the layout, so the game is not lost")


# Play ----------------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds (computed on first read: `apply` carries facts it reads)."""
    if state.rng is None and state.viewer is None:
        return ()
    return _legal(state)


_BUILD: Final = builder(State)
_CACHE_LEGAL: Final = cached_setter(State, "legal")
"""Fills a new state's cached `legal` with moves `_apply` already knows, exactly what `_legal`
would compute."""
_PLAYER: Final = frozenset((0,))
_NOBODY: Final = frozenset[int]()
_EMPTY: Final[tuple[None, ...]] = (None,) * CELLS
_CONSOLIDATE: Final = Consolidate(0)
_NO_MOVES: Final[tuple[Move, ...]] = ()


def _pair_tables() -> tuple[tuple[RemovePair | None, ...], tuple[Event | None, ...]]:
    size = CARD_INDICES * CARD_INDICES
    moves: list[RemovePair | None] = [None for _ in range(size)]
    events: list[Event | None] = [None for _ in range(size)]
    for a in PACK:
        for b in PACK:
            if a != b and a.rank is b.rank:
                moves[a.index * CARD_INDICES + b.index] = RemovePair(0, a, b)
                events[a.index * CARD_INDICES + b.index] = Event(EventKind.DISCARDS, player=0, cards=(a, b))
    return tuple(moves), tuple(events)


_REMOVE, _REMOVE_EVENTS = _pair_tables()
"""The prebuilt `remove A B` moves and their events, at `A.index * CARD_INDICES + B.index`."""
_RANK_SLOTS: Final = max(Rank) + 1


def _pairs(layout: Sequence[Card | None]) -> list[tuple[int, int]]:
    """The touching pairs of one rank as (i, j), i before j, sorted: the cards are bucketed by
    rank, and only cards of one rank are tested for touching."""
    return [divmod(code, CELLS) for code in _pair_codes(layout)]


def _pair_codes(layout: Sequence[Card | None]) -> list[int]:
    """`_pairs` coded as `i * CELLS + j`, in increasing order."""
    seen: list[list[int] | None] = [None] * _RANK_SLOTS
    found: list[int] = []
    touch = _TOUCH
    for i, card in enumerate(layout):
        if card is None:
            continue
        rank = card.rank
        earlier = seen[rank]
        if earlier is None:
            seen[rank] = [i]
            continue
        row = touch[i]
        for j in earlier:
            if row[j]:
                found.append(j * CELLS + i)
        earlier.append(i)
    if len(found) > 1:
        found.sort()
    return found


def _has_pair(layout: Sequence[Card | None]) -> bool:
    seen: list[list[int] | None] = [None] * _RANK_SLOTS
    touch = _TOUCH
    for i, card in enumerate(layout):
        if card is None:
            continue
        rank = card.rank
        earlier = seen[rank]
        if earlier is None:
            seen[rank] = [i]
            continue
        row = touch[i]
        for j in earlier:
            if row[j]:
                return True
        earlier.append(i)
    return False


def _changes(layout: Sequence[Card | None], stock: int) -> bool:
    """Whether closing up changes the layout: an empty cell before a card, or an empty cell and
    a stock to fill it from."""
    gap = False
    for c in layout:
        if c is None:
            gap = True
        elif gap:
            return True
    return gap and stock > 0


def _legal(state: State) -> tuple[Move, ...]:
    if state.phase is not Phase.PLAY:
        return _NO_MOVES
    return _layout_moves(state.options, state.layout, len(state.stock))


def _layout_moves(o: Options, layout: tuple[Card | None, ...], stock: int) -> tuple[Move, ...]:
    """Every `remove A B` the layout offers in order, then `consolidate` where the options make
    it a move and it changes the layout; () when no pair is left."""
    remove = _REMOVE
    moves: list[Move] = []
    for code in _pair_codes(layout):
        a = layout[code // CELLS]
        b = layout[code % CELLS]
        assert a is not None and b is not None
        move = remove[a.index * CARD_INDICES + b.index]
        assert move is not None
        moves.append(move)
    if not moves:
        return _NO_MOVES
    if o.consolidate_any_time and _changes(layout, stock):
        moves.append(_CONSOLIDATE)
    return tuple(moves)


def _apply(state: State, move: Move) -> State:
    layout = state.layout
    o = state.options
    if type(move) is Consolidate:
        closed, stock = consolidated(layout, state.stock)
        events = (_CLOSE_UP_MOVE, *_dealt_events(layout, closed))
        return _opened(o, state.rng, closed, stock, state.discards, events) or _lost(
            o, state.rng, closed, stock, state.discards, events
        )
    first, second = move.first, move.second  # type: ignore[union-attr]
    cells = list(layout)
    cells[identity_index(layout, first)] = None
    cells[identity_index(layout, second)] = None
    discards = (*state.discards, first, second)
    event = _REMOVE_EVENTS[first.index * CARD_INDICES + second.index]
    assert event is not None
    # Emptying two cells never makes a new pair, so the pairs left are the ones that use
    # neither card: the next position's moves come from this one's, without a new search.
    left: list[Move] = []
    for other in state.legal:
        if type(other) is RemovePair:
            a, b = other.first, other.second
            if a is not first and a is not second and b is not first and b is not second:
                left.append(other)
    if not left:
        return _no_pair_left(o, state.rng, tuple(cells), state.stock, discards, (event,))
    new_layout = tuple(cells)
    if o.consolidate_any_time and _changes(new_layout, len(state.stock)):
        left.append(_CONSOLIDATE)
    return _playing(o, state.rng, new_layout, state.stock, discards, (event,), tuple(left))


def _playing(
    o: Options,
    rng: Rng | None,
    layout: tuple[Card | None, ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    events: tuple[Event, ...],
    moves: tuple[Move, ...],
) -> State:
    """A position in play whose legal moves are already known (filled into its cache)."""
    new = _BUILD(o, 1, rng, None, Phase.PLAY, layout, stock, discards, events)
    _CACHE_LEGAL(new, moves)
    return new


def _opened(
    o: Options,
    rng: Rng | None,
    layout: tuple[Card | None, ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    events: tuple[Event, ...],
) -> State | None:
    """The position in play if the layout offers a pair, else None."""
    moves = _layout_moves(o, layout, len(stock))
    return _playing(o, rng, layout, stock, discards, events, moves) if moves else None


def _no_pair_left(
    o: Options,
    rng: Rng | None,
    layout: tuple[Card | None, ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    events: tuple[Event, ...],
) -> State:
    """No pair lies in the layout: won if every card is discarded; else the cards close up by
    themselves (if that changes anything) and play goes on if that made a pair; else lost."""
    if len(discards) == len(PACK):
        events = (*events, Event(EventKind.HAND_SCORED, numbers=(len(discards),)), _WON_EVENT)
        return _BUILD(o, 1, rng, None, Phase.WON, layout, stock, discards, events)
    if _changes(layout, len(stock)):
        closed, stock = consolidated(layout, stock)
        events = (*events, _CLOSE_UP, *_dealt_events(layout, closed))
        opened = _opened(o, rng, closed, stock, discards, events)
        if opened is not None:
            return opened
        layout = closed
    return _lost(o, rng, layout, stock, discards, events)


def _lost(
    o: Options,
    rng: Rng | None,
    layout: tuple[Card | None, ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    events: tuple[Event, ...],
) -> State:
    events = (*events, _LOST_NOTE, Event(EventKind.HAND_SCORED, numbers=(len(discards),)), _LOST_EVENT)
    return _BUILD(o, 1, rng, None, Phase.LOST, layout, stock, discards, events)


def _dealt_events(before: Sequence[Card | None], after: Sequence[Card | None]) -> tuple[Event, ...]:
    """The cards a close-up dealt from the stock, with the cells they went to."""
    kept = sum(1 for c in before if c is not None)
    dealt = tuple(c for c in after[kept:] if c is not None)
    if not dealt:
        return ()
    return (Event(EventKind.TURNS_UP, cards=dealt, numbers=_CELL_RUNS[kept][len(dealt)]),)


_CELL_RUNS: Final = tuple(tuple(tuple(range(k, k + n)) for n in range(CELLS - k + 1)) for k in range(CELLS + 1))
"""`_CELL_RUNS[k][n]`: the cells k, k + 1, ... k + n - 1."""


_CLOSE_UP: Final = Event(EventKind.NOTE, label="no pair to remove: the cards close up in reading order")
_CLOSE_UP_MOVE: Final = Event(EventKind.NOTE, player=0, label="closes up the cards in reading order")
_LOST_NOTE: Final = Event(EventKind.NOTE, label="no pair can be removed: the game is lost")
_WON_EVENT: Final = Event(EventKind.GAME_OVER, numbers=(0,))
_LOST_EVENT: Final = Event(EventKind.GAME_OVER)


def _why_illegal(state: State, move: Move) -> str:
    if move.player != 0:
        return f"Monte Carlo has one player, seat 0, not seat {move.player}"
    if isinstance(move, Consolidate):
        if not state.options.consolidate_any_time:
            return "the cards close up only when no pair is left, and then by themselves"
        return "closing up would change nothing: no gap before a card, and no gap the stock can fill"
    first, second = move.first, move.second
    layout = state.layout
    for card in (first, second):
        if card not in layout:
            return f"{card} is not in the layout"
    if first.rank is not second.rank:
        return f"{first} and {second} are not of the same rank"
    i, j = layout.index(first), layout.index(second)
    if not _TOUCH[i][j]:
        return f"{first} (cell {i}) and {second} (cell {j}) do not touch"
    return f"write the earlier card first: remove {second} {first}"


# Rendering -----------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture: the count of discarded cards and of the stock, what happens now,
    the five rows with the number of their first cell, "." for an empty cell, and the top pair
    of the discard pile."""
    stock = len(state.stock)
    lines = [
        f"discarded {len(state.discards)} of {len(PACK)}; stock {stock} card{'' if stock == 1 else 's'}"
        + (f"; last pair {state.discards[-2]} {state.discards[-1]}" if state.discards else ""),
        _render_now(state),
    ]
    for row in range(ROWS):
        cells = state.layout[row * COLUMNS : (row + 1) * COLUMNS]
        lines.append(f"  {row * COLUMNS:>2}: " + "  ".join(f"{'.' if c is None else str(c):<3}" for c in cells).rstrip())
    return "\n".join(lines)


def _render_now(state: State) -> str:
    if state.phase is Phase.WON:
        return "every card is discarded: the game is won"
    if state.phase is Phase.LOST:
        return "no pair can be removed: the game is lost"
    count = len(_pairs(state.layout))
    may = ", or close up" if state.options.consolidate_any_time and _changes(state.layout, len(state.stock)) else ""
    return f"remove a touching pair of one rank ({count} on the table){may}"


# Registration --------------------------------------------------------------------------------

_MAX_PLIES: Final = 2 * (len(PACK) // PAIR)
"""26 removals, and at most one close-up (a move only under `consolidate_any_time`) after each."""


GAME: Final = GameSpec[State, Move, Options](
    name="monte_carlo",
    title="Monte Carlo",
    family="solitaire",
    summary="A five-by-five layout: pair off touching cards of one rank, close up, deal in from the stock.",
    players=PLAYERS,
    default_players=1,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("book", Options.book()),),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=_MAX_PLIES,
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
