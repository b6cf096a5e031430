"""Chicken Foot: dominoes from a central double with four arms, and a foot of three toes on every double.

Rule source: the Metzker Book of Card Game Rules, "Chicken Foot (Dominoes)". Seven tiles each,
any number of players. Round one starts from the 0-0, each later round from the next double
up. The round's double goes in the centre and its four arms must all be started before any
arm is extended. A double played later is laid crosswise (a "chicken foot"): its three toes
must be filled before play goes on anywhere else. A seat that cannot play draws from the
chicken yard and may play the drawn tile at once. The round ends when a seat plays its last
tile or nobody can play; everyone scores the pips left in hand, the 0-0 counting 50, and the
lowest total over all rounds wins.

Readings where the seed is silent or open (library choices, stated in the docs):

* The set is double-9 (55 tiles) for 2 to 6 players and double-12 (91 tiles) for 7 to 12
  (`Options.set_size` fixes either); 7 tiles each whatever the count.
* One round per double from 0-0 up to the set's highest (10 rounds with double-9, 13 with
  double-12); `Options.rounds` plays only the first few.
* The first dealer is drawn from the seed unless ``new_game(dealer=...)`` fixes it; the deal
  passes to the left each round. Tiles are dealt one at a time clockwise from the dealer's
  left from the top of the shuffled yard (``tiles=`` fixes round 1's order, first drawn first).
* The holder of the round's double places it in the centre (no choice, so automatic). If
  nobody holds it, seats draw one tile each in turn from the dealer's left until it is drawn;
  drawn tiles stay in hand. Play starts with the seat left of the one who placed it.
* Lines of play are numbered: lines 0-3 are the centre double's arms, then three toes for each
  later double, in the order the doubles were played. A line that ends in a double is closed:
  play goes on from its toes.
* Until all four arms hold a tile, the only plays are tiles with the centre's number on an
  empty arm; until all three toes of the newest double hold a tile, the only plays are tiles
  with that number on an empty toe. Only one such requirement can be open at a time (the double
  with that number is already on the table).
* A seat with a legal play must play one tile (one per turn). A seat without one draws a
  tile (automatic: there is no choice); if it fits, the seat may play it (``play``) or keep it
  (``pass``), the seed's "may"; if it does not fit, or the yard is empty, the turn passes.
* The round blocks when the yard is empty and no seat can play (every seat would pass in
  turn); everyone scores the pips left in hand. The "chicken foot" declaration and the
  one-tile courtesy are NOTE events.
* Equal lowest totals share the win.

>>> state = new_game(4, seed=3, dealer=0)
>>> state.centre, [len(h) for h in state.hands], len(state.yard)
(Tile(a=0, b=0), [6, 8, 7, 7], 26)
>>> [str(e) for e in state.events]
['seat 0 deals hand 1', 'seat 0 plays: 0-0 in the centre', 'seat 1 draws 1', 'seat 1 passes']
>>> [str(m) for m in legal_moves(state)][:3]
['play 0-8 on line 0', 'play 0-8 on line 1', 'play 0-8 on line 2']
"""

from __future__ import annotations

import bisect
import enum
import operator
import re
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.dominoes import (
    HIDDEN_TILE,
    Line,
    LineKind,
    Tile,
    double_set,
    fixed_tiles,
    other_end,
    pips_left,
    tile_from_text,
    tiles_text,
)
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import GameSpec, builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders
from parlour.core.text import seats_text
from parlour.core.values import identity_index, slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "ARMS",
    "DOUBLE_BLANK",
    "GAME",
    "HAND_SIZE",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "PlaceTile",
    "State",
    "TOES",
    "apply",
    "check_invariants",
    "highest_double",
    "is_over",
    "legal_moves",
    "new_game",
    "open_lines",
    "parse_move",
    "render",
    "round_count",
    "round_double",
    "round_points",
    "scores",
    "shuffle_unseen",
    "tile_set",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = tuple(range(2, 13))
""""Any number of people can play": 2 to 12 here (12 x 7 tiles fit the double-12 set)."""
DEFAULT_PLAYERS: Final = 4
HAND_SIZE: Final = 7
""""7 tiles each"."""
ARMS: Final = 4
"""The centre double's arms, all to be started before any is extended."""
TOES: Final = 3
"""A chicken foot's toes: "three more dominoes" on every later double."""
SET_SIZES: Final = ((6, 9), (12, 12))
"""(most players, highest double): double-9 for up to 6 players, double-12 for 7 to 12."""
DOUBLE_BLANK: Final = Tile(0, 0)
_SETS: Final = {9: double_set(9), 12: double_set(12)}
_DOUBLES: Final = {size: {t.a: t for t in tiles if t.a == t.b} for size, tiles in _SETS.items()}
"""`_DOUBLES[size][pips]`: the set's own double tile of `pips` (found by identity in a shuffle)."""


def highest_double(players: int, set_size: int = 0) -> int:
    """The set's highest double: `set_size` if given, else by player count (9 up to 6, then 12)."""
    if set_size:
        return set_size
    for most, highest in SET_SIZES:
        if players <= most:
            return highest
    raise ValueError(f"chicken_foot is played by {PLAYERS[0]}-{PLAYERS[-1]} players, not {players}")


def tile_set(players: int, options: Options) -> tuple[Tile, ...]:
    """The tiles in play for `players` players: double-9 or double-12, 0-0 first."""
    return _SETS[highest_double(players, options.set_size)]


def round_count(players: int, options: Options) -> int:
    """Rounds in a game: one per double of the set from 0-0 up, or `options.rounds` if fewer."""
    every = highest_double(players, options.set_size) + 1
    return min(options.rounds, every) if options.rounds else every


def round_double(round_number: int) -> Tile:
    """The centre double of a round: 0-0 in round 1, "up to the next double each round"."""
    return Tile(round_number - 1, round_number - 1)


# Options -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Chicken Foot; the defaults are the Metzker rules (preset `metzker`)."""

    set_size: int = 0
    """The set's highest double: 9 (55 tiles) or 12 (91 tiles); 0 picks double-9 for 2 to 6
    players and double-12 for 7 or more (the usual sets; the seed names none)."""
    rounds: int = 0
    """Rounds in a game, from the 0-0 up ("continues up to the next double each round"): 0
    plays one per double of the set; a number k plays the first k (at most one per double)."""
    double_blank: int = 50
    """What the 0-0 counts in a hand when a round is scored: "The [0-0] is worth 50 points"."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.set_size not in (0, 9, 12):
            raise ValueError(f"set_size must be 0 (by player count), 9 or 12, not {self.set_size}")
        if not 0 <= self.rounds <= 13:
            raise ValueError(f"rounds must be 0 (every double) or 1..13, not {self.rounds}")
        if not 0 <= self.double_blank <= 1000:
            raise ValueError(f"double_blank must be a count of points 0..1000, not {self.double_blank}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: every round from 0-0 up, the 0-0 worth 50."""
        return cls()


def _players_for(options: Options) -> tuple[int, ...]:
    if options.set_size == 9:
        return tuple(n for n in PLAYERS if n * HAND_SIZE < len(_SETS[9]))
    return PLAYERS


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class PlaceTile:
    """Lay a tile on the open end of line `line` (0-3 the centre's arms, then the toes)."""

    player: int
    tile: Tile
    line: int

    def __str__(self) -> str:
        return f"play {self.tile} on line {self.line}"


@attrs.frozen
class Pass:
    """Keep the tile just drawn instead of playing it (the seed's "may do so at once")."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = PlaceTile | Pass
MOVE_TYPES: Final = (PlaceTile, Pass)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a round is being played; OVER: the last round has been scored."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Chicken Foot position: the centre double, hands, chicken yard and lines of play."""

    options: Options
    hand: int
    """The round, from 1 (centre 0-0) to `round_count`."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    centre: Tile
    """The round's double in the centre."""
    hands: tuple[tuple[Tile, ...], ...]
    """Tiles held, by seat, in sorted order."""
    yard: tuple[Tile, ...]
    """The chicken yard: tiles still to draw, first drawn first."""
    lines: tuple[Line, ...]
    """The four arms, then three toes per later double in the order played (the newest last)."""
    turn: int
    """The seat to play (in OVER: the seat that played last)."""
    drawn: Tile | None
    """The tile the seat on turn has just drawn and may play or keep (None: no such choice)."""
    points: tuple[int, ...]
    """Pips scored so far, by seat (lowest wins)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)

    @cached_property
    def targets(self) -> dict[int, tuple[int, ...]]:
        """The lines a tile may go on now (`open_lines`) by open end, each in line order: what
        the legal moves are found from. Not part of the value (JSON, equality); `apply` hands
        it on from the parent state, changed for the one line a play touched (`_retargeted`),
        and it is computed from the lines (`_targets`) when nobody did. Never mutated."""
        return _targets(self.lines)


def _sorted_tiles(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=_key))


_key: Final = operator.attrgetter("a", "b")
"""A tile's place in the sorted order (low half, then high half), without attrs' ordering."""


def _drawn_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """The tile just drawn is seen by the seat that drew it (the seat on turn) only."""
    assert isinstance(state, State)
    return viewer is not None and viewer == state.turn


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_sorted_tiles),
    Zone("yard", Seen.NOBODY),
    Zone("drawn", _drawn_seen),
    Zone("centre", Seen.EVERYONE),
    Zone("lines", Seen.EVERYONE),
)
"""Each hand and a just-drawn tile are seen by their owner, the yard by nobody, the table by all."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    tiles: Sequence[Tile | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals round 1. `tiles` fixes its yard order (first drawn first), `dealer` the first dealer."""
    rules = require_options("chicken_foot", options, Options)
    n = require_players("chicken_foot", players, _players_for(rules), DEFAULT_PLAYERS)
    rng = seeded(seed)
    fixed = None if tiles is None else fixed_tiles(tiles, tile_set(n, rules))
    if dealer is None:
        dealer, rng = rng.below(n)
    elif type(dealer) is not int:
        raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
    check_seat("dealer=", dealer, n)
    return _deal(rules, n, 1, dealer, (0,) * n, rng, fixed, [])


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat on turn's placements, by tile in hand order then by line number; after a draw,
    the drawn tile's placements then ``pass``; () when the game is over."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Pips scored so far, by seat (the lowest total wins)."""
    return state.points


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the game is over (ties share); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return leaders(state.points, low=True)


def round_points(hand: Sequence[Tile], options: Options) -> int:
    """What a hand left at the end of a round scores: its pips, the 0-0 as `double_blank` (50)."""
    return pips_left(hand, options.double_blank)


def open_lines(lines: Sequence[Line]) -> tuple[int, ...]:
    """The lines a tile may go on now: the empty arms while any arm is empty, else the newest
    foot's empty toes while any is empty, else every line not closed by a double."""
    waiting = [i for i in _group(lines) if not lines[i].tiles]
    if waiting:
        return tuple(waiting)
    return tuple(i for i, line in enumerate(lines) if not _closed(line))


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands, the yard and another seat's drawn
    tile as hidden tiles."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the tiles `player` cannot see (other hands, the yard) afresh, keeping counts."""
    return zone_shuffle(state, player, seed, ZONES)


_TARGET: Final = re.compile(r"^(?:play\s+)?(\S+?)(?:\s+(?:on\s+)?(?:line\s+)?(\d{1,2}))?$")


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 0-5 on line 2" or "pass"; also "5-0 on 2", "0-5 2", and a tile alone
    ("play 0-5", "0-5") where it fits one line only. With `player` (or "2:"), that seat's."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        found = _parse_lenient(text, legal, player)
        if found is None:
            raise exc from None
        return found


def _parse_lenient(text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    seat, body = split_seat(text, player)
    mine = [m for m in legal if isinstance(m, PlaceTile) and (seat is None or m.player == seat)]
    match = _TARGET.match(normalize(body))
    if not mine or match is None:
        return None
    try:
        tile = tile_from_text(match.group(1))
    except ValueError:
        return None
    same = [m for m in mine if m.tile == tile]
    if match.group(2) is not None:
        same = [m for m in same if m.line == int(match.group(2))]
    if len(same) == 1:
        return same[0]
    if len(same) > 1:
        raise NotationError(f"{text!r} fits several lines: {', '.join(str(m) for m in same)}")
    return None


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Chicken Foot reaches (also accepts views)."""
    n = len(state.hands)
    if n not in _players_for(state.options):
        raise ValueError(f"chicken_foot with these options is played by {_players_for(state.options)} players, not {n}")
    rounds = round_count(n, state.options)
    if not 1 <= state.hand <= rounds:
        raise ValueError(f"round {state.hand} is outside 1..{rounds}")
    if len(state.points) != n or any(type(p) is not int or p < 0 for p in state.points):
        raise ValueError(f"points {state.points} are not {n} non-negative totals")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    if state.centre != round_double(state.hand):
        raise ValueError(f"round {state.hand}'s centre double is {round_double(state.hand)}, not {state.centre}")
    for seat, held in enumerate(state.hands):
        if any(t.is_hidden for t in held):
            if not all(t.is_hidden for t in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible tiles")
        elif held != _sorted_tiles(held):
            raise ValueError(f"seat {seat}'s hand is not in sorted order: {tiles_text(held)}")
    if state.rng is not None and (
        any(t.is_hidden for held in state.hands for t in held) or (state.drawn is not None and state.drawn.is_hidden)
    ):
        raise ValueError("a real state shows every tile; only views hide tiles")
    _check_lines(state.lines, state.centre.a)
    check_zones("chicken_foot", state, ZONES, tile_set(n, state.options))
    if state.phase is Phase.PLAY:
        if not all(state.hands):
            raise ValueError("a round ends as soon as a seat has no tiles left")
    elif state.phase is Phase.OVER:
        if state.hand != rounds:
            raise ValueError(f"the game ends after round {rounds}, not {state.hand}")
        if state.drawn is not None:
            raise ValueError("nobody holds a just-drawn tile once the game is over")
    else:
        raise ValueError(f"unknown phase {state.phase!r}")


def _check_lines(lines: tuple[Line, ...], pips: int) -> None:
    """Four arms from the centre, then three toes per double that closes a line, each a chain
    from its double, every earlier arm and toe filled before a newer double was played."""
    if len(lines) < ARMS or (len(lines) - ARMS) % TOES:
        raise ValueError(f"the lines are 4 arms and 3 toes per foot, not {len(lines)} lines")
    origins = []
    for i, line in enumerate(lines):
        kind = LineKind.ARM if i < ARMS else LineKind.TOE
        if line.kind is not kind or line.owner is not None or line.marked is not False:
            raise ValueError(f"line {i} must be an {kind.value} of nobody's, unmarked")
        if type(line.end) is not int:
            raise ValueError(f"line {i}'s open end is not a number")
        end = line.end
        for k, tile in enumerate(reversed(line.tiles)):
            if tile.is_hidden or not (tile.a == end or tile.b == end):
                raise ValueError(f"{tile} does not fit the chain of line {i}")
            if tile.is_double and k:
                raise ValueError(f"line {i} goes on past the double {tile}")
            end = other_end(tile, end)
        origins.append(end)
    feet = (len(lines) - ARMS) // TOES
    closing = [line.tiles[-1].a for line in lines if _closed(line)]
    if len(closing) != feet:
        raise ValueError(f"{len(closing)} doubles closing lines but {feet} chicken feet")
    if any(o != pips for o in origins[:ARMS]):
        raise ValueError(f"the arms must start from the centre's {pips}")
    for f in range(feet):
        start = ARMS + TOES * f
        toes = set(origins[start : start + TOES])
        if len(toes) != 1 or toes.pop() not in closing:
            raise ValueError(f"the toes {start}..{start + TOES - 1} do not start from a double on the table")
        earlier = range(ARMS) if f == 0 else range(start - TOES, start)
        if any(not lines[i].tiles for i in earlier):
            raise ValueError(f"a double was played before lines {earlier.start}..{earlier.stop - 1} were filled")
    if len(set(closing)) != len(closing):
        raise ValueError("the same double closes two lines")


# Phase helpers -------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds (computed on first read: `apply` carries facts it reads)."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State)
"""`State(...)` positionally, every field in order, for the play loop."""
_LINE: Final = builder(Line)
_SET_LEGAL: Final = cached_setter(State, "legal")
_SET_TARGETS: Final = cached_setter(State, "targets")
_PLACE: Final = builder(PlaceTile)
_TOE: Final = LineKind.TOE
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
"""Phases bound once: reading an enum member through its class is slow on the hot path."""
_PASSES: Final = tuple(Pass(seat) for seat in range(max(PLAYERS)))
_MAX_LINES: Final = ARMS + TOES * max(_SETS)
"""The most lines a round can have: the arms and a foot on every other double of the largest set."""
_Row: TypeAlias = list[PlaceTile | None]
_MOVES: Final[tuple[list[_Row | None], ...]] = tuple([None] * (16 * (max(_SETS) + 1)) for _ in range(max(PLAYERS)))
"""Placements built once and handed out again: `_MOVES[seat][a * 16 + b][line]` for the tile
a-b (a row of `_MAX_LINES` slots made on the tile's first placement, each move on first use)."""
_PLAY_EVENTS: Final[tuple[list[list[Event | None] | None], ...]] = tuple(
    [None] * (16 * (max(_SETS) + 1)) for _ in range(max(PLAYERS))
)
"""The PLAYS event of each cached placement, in the same places."""
_ONE_LEFT: Final = tuple(Event(EventKind.NOTE, player=s, label="one tile left") for s in range(max(PLAYERS)))
_DRAWS_ONE: Final = tuple(Event(EventKind.DRAWS, player=s, numbers=(1,)) for s in range(max(PLAYERS)))
_PASSES_EVENT: Final = tuple(Event(EventKind.PASSES, player=s) for s in range(max(PLAYERS)))
_CHICKEN_FOOT: Final = tuple(Event(EventKind.NOTE, player=s, label="chicken foot") for s in range(max(PLAYERS)))
_GOES_OUT: Final = tuple(Event(EventKind.GOES_OUT, player=s) for s in range(max(PLAYERS)))
_KEEPS: Final = tuple(Event(EventKind.PASSES, player=s, label="keeps the drawn tile") for s in range(max(PLAYERS)))
_DEALS: Final = EventKind.DEALS
_DRAWS: Final = EventKind.DRAWS
_PLAYS: Final = EventKind.PLAYS
_HAND_SCORED: Final = EventKind.HAND_SCORED
_BRANCHES: Final = {
    kind: tuple((_LINE(kind, None, pips, (), False),) * count for pips in range(max(_SETS) + 1))
    for kind, count in ((LineKind.ARM, ARMS), (LineKind.TOE, TOES))
}
"""`_BRANCHES[kind][pips]`: the empty arms of a centre double, or toes of a foot, open on `pips`
(lines are values, so one empty line can stand for all of them)."""


def _closed(line: Line) -> bool:
    """A line that ends in a double is closed: its foot's toes carry play on."""
    tiles = line.tiles
    return bool(tiles) and tiles[-1].a == tiles[-1].b


def _group(lines: Sequence[Line]) -> range:
    """The newest branches: the four arms, or the newest double's three toes (the last lines)."""
    return range(ARMS) if len(lines) == ARMS else range(len(lines) - TOES, len(lines))


def _targets(lines: Sequence[Line]) -> dict[int, tuple[int, ...]]:
    """The lines a tile may go on now (see `open_lines`), by open end, in line order (from
    scratch: `State.targets` when no parent handed it on, and once a foot's toes are filled)."""
    n = len(lines)
    out: dict[int, list[int]] = {}
    for i in range(0 if n == ARMS else n - TOES, n):
        line = lines[i]
        if not line.tiles:
            out.setdefault(line.end, []).append(i)
    if not out:
        for i, line in enumerate(lines):
            last = line.tiles[-1]
            if last.a != last.b:
                out.setdefault(line.end, []).append(i)
    return {end: tuple(at) for end, at in out.items()}


def _retargeted(
    targets: dict[int, tuple[int, ...]], lines: tuple[Line, ...], at: int, was: int, tile: Tile
) -> dict[int, tuple[int, ...]]:
    """`_targets(lines)` after `tile` went on line `at`, whose open end was `was`, found from
    the `targets` before the play: only that line changed (and, for a double, new toes came).

    A double opens a foot: its toes are the only targets. A tile on an empty arm or toe (the
    arms or the newest toes are waiting: every other line holds tiles) leaves the rest of them
    waiting, or, the last of them filled, every line not closed by a double open (computed
    afresh, once per foot). A tile on a line with tiles moves that line from end `was` to its
    new end (a double cannot be laid on an empty arm or toe: that double is already down)."""
    a, b = tile.a, tile.b
    if a == b:
        first = len(lines) - TOES
        return {a: (first, first + 1, first + 2)}
    where = targets[was]
    k = where.index(at)
    left = where[:k] + where[k + 1 :]
    if len(lines[at].tiles) == 1:  # the line was empty: the arms or toes were waiting
        return {was: left} if left else _targets(lines)
    out = targets.copy()
    if left:
        out[was] = left
    else:
        del out[was]
    end = b if a == was else a
    into = out.get(end)
    if into is None:
        out[end] = (at,)
    else:
        k = bisect.bisect(into, at)
        out[end] = into[:k] + (at,) + into[k:]
    return out


def _fitting(hand: Sequence[Tile], targets: dict[int, tuple[int, ...]], seat: int) -> list[Move]:
    """The prebuilt placements of `hand`'s tiles on `targets` (tiles in order, then lines)."""
    rows = _MOVES[seat]
    out: list[Move] = []
    for tile in hand:
        a = tile.a
        b = tile.b
        if a in targets:
            where: Sequence[int] = targets[a] if b == a or b not in targets else sorted(targets[a] + targets[b])
        elif b in targets:
            where = targets[b]
        else:
            continue
        row = rows[a * 16 + b]
        if row is None:
            row = rows[a * 16 + b] = [None] * _MAX_LINES
        for i in where:
            found = row[i]
            if found is None:
                found = row[i] = _new_placement(seat, tile, i)
            out.append(found)
    return out


def _new_placement(seat: int, tile: Tile, line: int) -> PlaceTile:
    """A placement for `_MOVES`, its PLAYS event put in `_PLAY_EVENTS` at the same place."""
    code = tile.a * 16 + tile.b
    events = _PLAY_EVENTS[seat][code]
    if events is None:
        events = _PLAY_EVENTS[seat][code] = [None] * _MAX_LINES
    events[line] = make_event(_PLAYS, seat, (), (), f"{tile.a}-{tile.b} on line {line}", False)
    return _PLACE(seat, tile, line)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The seat on turn's moves (`only` None on a real state), or a view's viewer's."""
    if state.phase is _OVER:
        return ()
    if only is None and state.rng is None:
        return ()  # a spectator's view
    seat = state.turn
    if only is not None and only != seat:
        return ()  # one seat acts at a time
    if state.drawn is not None:
        return (*_fitting((state.drawn,), state.targets, seat), _PASSES[seat])
    return tuple(_fitting(state.hands[seat], state.targets, seat))


def _deal(
    options: Options,
    n: int,
    number: int,
    dealer: int,
    points: tuple[int, ...],
    rng: Rng,
    fixed: tuple[Tile, ...] | None,
    events: list[Event],
) -> State:
    """Deals round `number` one tile at a time clockwise from the dealer's left, places the
    round's double (its holder's, or drawn for) and starts the first turn."""
    highest = highest_double(n, options.set_size)
    pips = number - 1
    centre = _DOUBLES[highest][pips]  # `round_double(number)`, the set's own tile
    if fixed is not None:
        order = fixed
    else:
        order, rng = rng.shuffled(_SETS[highest])
    first = (dealer + 1) % n
    dealt = HAND_SIZE * n
    hands: list[tuple[Tile, ...]] = [()] * n
    for k in range(n):
        hands[(first + k) % n] = order[k:dealt:n]
    yard = order[dealt:]
    events.append(make_event(_DEALS, dealer, (), (number,), "", False))
    where = identity_index(order, centre)
    if where < dealt:
        holder = (first + where) % n  # tile k of the order went to seat first + k (mod n)
    else:
        # Seed: "Players continue to draw from the chicken yard if nobody was dealt the initial
        # double": one tile each in turn from the dealer's left until it turns up.
        at = where - dealt
        for k in range(min(n, at + 1)):
            seat = (first + k) % n
            drawn = yard[k : at + 1 : n]  # seat first + k draws tiles k, k + n, ... of the yard
            hands[seat] += drawn
            events.append(make_event(_DRAWS, seat, (), (len(drawn),), "", False))
        holder = (first + at) % n
        yard = yard[at + 1 :]
    held = hands[holder]
    k = identity_index(held, centre)
    hands[holder] = held[:k] + held[k + 1 :]
    events.append(make_event(_PLAYS, holder, (), (), f"{centre} in the centre", False))
    hands = [_sorted_tiles(h) for h in hands]
    lines = _BRANCHES[LineKind.ARM][pips]
    targets = {pips: tuple(range(ARMS))}  # `_targets(lines)`: the empty arms
    return _start_turn(
        options, number, rng, dealer, centre, hands, yard, lines, targets, (holder + 1) % n, points, events
    )


def _start_turn(
    options: Options,
    number: int,
    rng: Rng,
    dealer: int,
    centre: Tile,
    hands: list[tuple[Tile, ...]],
    yard: tuple[Tile, ...],
    lines: tuple[Line, ...],
    targets: dict[int, tuple[int, ...]],
    seat: int,
    points: tuple[int, ...],
    events: list[Event],
) -> State:
    """Starts `seat`'s turn: it plays if it can; otherwise it draws, and chooses if the drawn
    tile fits, or the turn passes; with an empty yard and nobody able to play, the round blocks.
    `targets` is `_targets(lines)`."""
    n = len(hands)
    while True:
        moves = _fitting(hands[seat], targets, seat)
        if moves:
            drawn = None
            break
        if yard:
            tile, yard = yard[0], yard[1:]
            events.append(_DRAWS_ONE[seat])
            if tile.a in targets or tile.b in targets:
                drawn = tile
                moves = _fitting((tile,), targets, seat)
                moves.append(_PASSES[seat])
                break
            held = list(hands[seat])
            bisect.insort(held, tile, key=_key)
            hands[seat] = tuple(held)
        elif not any(t.a in targets or t.b in targets for held in hands for t in held):
            events.append(make_event(EventKind.NOTE, None, (), (), "round blocked: nobody can play", False))
            return _end_round(options, number, rng, dealer, centre, hands, yard, lines, seat, points, events)
        events.append(_PASSES_EVENT[seat])
        seat = seat + 1 if seat + 1 < n else 0
    state = _BUILD(
        options, number, rng, None, _PLAY, dealer, centre, tuple(hands), yard, lines, seat, drawn,
        points, tuple(events),
    )  # fmt: skip
    _SET_LEGAL(state, tuple(moves))
    _SET_TARGETS(state, targets)
    return state


def _apply(state: State, move: Move) -> State:
    seat = move.player
    n = len(state.hands)
    hands = list(state.hands)
    o, number, rng = state.options, state.hand, state.rng
    assert rng is not None
    if isinstance(move, Pass):
        held = list(hands[seat])
        assert state.drawn is not None
        bisect.insort(held, state.drawn, key=_key)
        hands[seat] = tuple(held)
        kept = [_KEEPS[seat]]
        nxt = seat + 1 if seat + 1 < n else 0
        return _start_turn(
            o, number, rng, state.dealer, state.centre, hands, state.yard, state.lines, state.targets, nxt,
            state.points, kept,
        )  # fmt: skip
    tile = move.tile
    ta, tb = tile.a, tile.b
    if state.drawn is None:
        held_t = hands[seat]
        at = identity_index(held_t, tile)
        hands[seat] = held_t[:at] + held_t[at + 1 :]
    at = move.line
    lines = state.lines
    line = lines[at]
    end = line.end
    double = ta == tb
    placed = _LINE(line.kind, None, tb if ta == end else ta, (*line.tiles, tile), False)
    lines = (*lines[:at], placed, *lines[at + 1 :])
    events_row = _PLAY_EVENTS[seat][ta * 16 + tb]
    played = None if events_row is None else events_row[at]
    if played is None:  # a move not handed out by `legal` (one equal to a legal move)
        played = make_event(_PLAYS, seat, (), (), f"{tile} on line {at}", False)
    events: list[Event] = [played]
    if double:
        # Seed: the double is laid crosswise and its three toes must be filled before play
        # goes on elsewhere.
        lines += _BRANCHES[_TOE][ta]
        events.append(_CHICKEN_FOOT[seat])
    targets = _retargeted(state.targets, lines, at, end, tile)
    left = len(hands[seat])
    if not left:
        events.append(_GOES_OUT[seat])
        return _end_round(o, number, rng, state.dealer, state.centre, hands, state.yard, lines, seat, state.points, events)
    if left == 1:
        events.append(_ONE_LEFT[seat])
    nxt = seat + 1 if seat + 1 < n else 0
    return _start_turn(
        o, number, rng, state.dealer, state.centre, hands, state.yard, lines, targets, nxt, state.points, events
    )


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    if isinstance(move, Pass):
        return "a seat may pass only after drawing a tile it could play"
    if state.drawn is not None and move.tile != state.drawn:
        return f"after drawing, seat {move.player} may play only the drawn tile {state.drawn} (or pass)"
    if not isinstance(move.tile, Tile) or (state.drawn is None and move.tile not in state.hands[move.player]):
        return f"seat {move.player} does not hold {move.tile}"
    if type(move.line) is not int or not 0 <= move.line < len(state.lines):
        return f"there is no line {move.line}: the lines are 0..{len(state.lines) - 1}"
    line = state.lines[move.line]
    waiting = [i for i in _group(state.lines) if not state.lines[i].tiles]
    if waiting and move.line not in waiting:
        what = "arms of the centre double" if len(state.lines) == ARMS else "toes of the chicken foot"
        return f"the {what} must all be filled first: play on line {', '.join(map(str, waiting))}"
    if _closed(line):
        return f"line {move.line} ends in a double: play on its toes"
    if not line.accepts(move.tile):
        return f"{move.tile} does not fit the open end {line.end} of line {move.line}"
    return "not a legal move here"


def _end_round(
    options: Options,
    number: int,
    rng: Rng,
    dealer: int,
    centre: Tile,
    hands: list[tuple[Tile, ...]],
    yard: tuple[Tile, ...],
    lines: tuple[Line, ...],
    last: int,
    points: tuple[int, ...],
    events: list[Event],
) -> State:
    """Scores the round (pips left in hand, 0-0 as 50), then deals the next one or ends the game."""
    gained = tuple(round_points(h, options) for h in hands)
    totals = tuple(p + g for p, g in zip(points, gained))
    events.append(make_event(_HAND_SCORED, None, (), gained, "", False))
    n = len(hands)
    if number < round_count(n, options):
        return _deal(options, n, number + 1, (dealer + 1) % n, totals, rng, None, events)
    events.append(Event(EventKind.GAME_OVER, numbers=tuple(sorted(leaders(totals, low=True)))))  # `winners`
    return _BUILD(
        options, number, rng, None, _OVER, dealer, centre, tuple(hands), yard, lines, last, None,
        totals, tuple(events),
    )  # fmt: skip


# Text ----------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The round (of how many), the centre double, the dealer and the yard's size; what happens now
    (who is to play, which arms or toes must be filled first, a drawn tile to play or keep, or
    the result); one row per line of play, and one per seat with its score, its tile count and,
    where visible, its tiles. Hidden tiles appear only as counts.
    """
    n = len(state.hands)
    yard = len(state.yard)
    head = (
        f"round {state.hand} of {round_count(n, state.options)}, centre {state.centre}, dealer seat {state.dealer}, "
        f"chicken yard {yard} tile{'' if yard == 1 else 's'}"
    )
    out = [head]
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        out.append(f"game over: {seats_text(best)} {verb} with {min(state.points)} points")
    else:
        now = f"seat {state.turn} to play"
        waiting = [i for i in _group(state.lines) if not state.lines[i].tiles]
        if waiting:
            what = "the centre's arms" if len(state.lines) == ARMS else "the chicken foot's toes"
            now += f"; {what} first (line {', '.join(map(str, waiting))})"
        if state.drawn is not None:
            now += f"; drew {state.drawn}: play it or pass" if state.drawn != HIDDEN_TILE else "; may play the drawn tile"
        out.append(now)
    for i, line in enumerate(state.lines):
        closed = " (closed by the double)" if _closed(line) else ""
        out.append(f"  line {i:>2} {line}{closed}")
    width = max(len(str(p)) for p in state.points)
    for seat in range(n):
        held = state.hands[seat]
        row = f"seat {seat}  points {state.points[seat]:>{width}}  {len(held):>2} tile{'' if len(held) == 1 else 's'}"
        if held and not held[0].is_hidden:
            row += ": " + tiles_text(held)
        if state.phase is Phase.PLAY and seat == state.turn:
            row += "  <- to play"
        out.append(row)
    return "\n".join(out)


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="chicken_foot",
    title="Chicken Foot",
    family="dominoes",
    low_score_wins=True,
    summary="Fill the centre double's four arms and every double's three toes; lowest pips after all rounds win.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=Options(rounds=2),
    players_for=_players_for,
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=13 * 2 * len(_SETS[12]),
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
