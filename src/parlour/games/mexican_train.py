"""Mexican Train: dominoes for 2-8 players with a double-12 set, personal trains and a public train.

Rule source: the Metzker Book of Card Game Rules, "Mexican Train (Dominoes)". Thirteen rounds,
one per double from 12-12 down to 0-0 (the round's *engine*). Each seat has a train starting at
the engine; the Mexican train, open to everyone, starts there too. A seat plays one tile a turn
on its own train, the Mexican train, or a train whose owner could not play (a *marked* train).
A double must be followed by another tile; a seat that cannot play draws one tile from the
boneyard and plays it if it can, else marks its train. The first seat out of tiles ends the
round; everyone scores the pips left in hand, and the lowest total after all rounds wins.

Readings where the seed is silent or open (library choices, stated in the docs):

* Hand sizes are the seed's: 15 tiles for 2 to 4 players, 11 for 5 or 6, 8 for 7 or 8.
* The first dealer is drawn from the seed unless ``new_game(dealer=...)`` fixes it; the deal
  passes to the left each round. Tiles are dealt one at a time clockwise from the dealer's
  left, from the top of the shuffled boneyard (``tiles=`` fixes round 1's order, first drawn
  first).
* The holder of the engine places it (automatically) and starts. If nobody holds it, every
  seat draws one tile in turn from the dealer's left, a whole round at a time ("each player
  draws a domino"), until it has been drawn; drawn tiles stay in hand.
* One tile per turn, the first turn too. A double obliges the seat to play again, anywhere it
  may (the seed has no "satisfy the double" rule); further doubles may be played the same way,
  and the first tile that is not a double ends the turn. Going out with a double ends the round.
* A seat with no legal play (at the start of its turn, or owing a tile after a double) draws
  one tile; if it fits it must be played (a drawn double still owes a follow-up, but no second
  tile is drawn that turn); otherwise the seat puts its marker on its train and the turn
  passes. With an empty boneyard the seat marks and passes. Drawing and passing leave no
  choice, so they happen inside `apply`; every move is the placing of a tile.
* Marker removal is the seed's: the owner's marker comes off as soon as the owner plays a tile
  anywhere on the board (not only on its own train).
* A round blocks when the boneyard is empty and no tile in any hand fits any open end: nobody
  could ever play again, so the remaining passes are skipped. Everyone scores their pips.
* The 0-0 counts 0 ("Double blank count 0"); `Options.double_blank` gives it another value
  (50 in the seed's variation). Lowest total wins; equal lowest totals share the win.
* The one-tile notice is automatic: hand sizes are public, and a NOTE event says it.
* Variation (`Options.engine_held_out`): the round's double is set aside before the deal and
  placed in the centre; the seat that went out last round starts (round 1, and after a
  blocked round: the dealer's left).

>>> state = new_game(4, seed=11, dealer=0)
>>> state.engine, [len(h) for h in state.hands], len(state.boneyard)
(Tile(a=12, b=12), [15, 14, 15, 15], 31)
>>> [str(e) for e in state.events]
['seat 0 deals hand 1', 'seat 1 plays: 12-12 as the engine']
>>> [str(m) for m in legal_moves(state)]
['play 3-12 on train 1', 'play 3-12 on mexican']
>>> state = apply(state, parse_move(state, "play 12-3 on mexican"))
>>> str(state.lines[-1])
'public: 12-3, open 3'
"""

from __future__ import annotations

import bisect
import enum
import operator
import re
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias, TypeVar

import attrs

from parlour.core.dominoes import (
    Line,
    LineKind,
    Tile,
    double_set,
    fixed_tiles,
    other_end,
    pips_left,
    tiles_text,
    tile_from_text,
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
    "GAME",
    "HAND_SIZES",
    "Move",
    "Options",
    "Phase",
    "PlaceTile",
    "SET",
    "State",
    "apply",
    "check_invariants",
    "engine_for",
    "hand_size",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "render",
    "round_points",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
DEFAULT_PLAYERS: Final = 4
HIGHEST: Final = 12
"""The set is double-12 and the first round's engine is 12-12 ("The game begins with the double 12")."""
SET: Final = double_set(HIGHEST)
"""The 91 tiles of the double-12 set, 0-0 first."""
HAND_SIZES: Final = ((2, 15), (3, 15), (4, 15), (5, 11), (6, 11), (7, 8), (8, 8))
"""(players, tiles dealt to each): "2 to 4 players - 15", "5 to 6 players - 11", "7 to 8 players - 8"."""
MAX_ROUNDS: Final = HIGHEST + 1
"""One round per double, 12-12 down to 0-0."""
DOUBLE_BLANK: Final = Tile(0, 0)
_MEXICAN: Final = 8
"""The slot of the Mexican train in the per-seat move tables (trains 0..7 come first)."""
_T = TypeVar("_T")


def hand_size(players: int) -> int:
    """Tiles dealt to each seat for `players` players (the seed's table)."""
    return dict(HAND_SIZES)[players]


def engine_for(round_number: int) -> Tile:
    """The engine of a round: 12-12 in round 1, then "the next lowest number" each round."""
    pips = HIGHEST - (round_number - 1)
    return Tile(pips, pips)


# Options -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Mexican Train; the defaults are the Metzker rules (preset `metzker`)."""

    rounds: int = MAX_ROUNDS
    """Rounds in a game: round 1 uses the double-12 as its engine and each later round "the next
    lowest number"; 13 plays every double down to 0-0 (fewer make a shorter game)."""
    double_blank: int = 0
    """What the 0-0 counts in a hand when a round is scored: "Double blank count 0"; the seed's
    variation says "the Double blank counts 50"."""
    engine_held_out: bool = False
    """Variation: the round's double is held out before the deal and placed in the centre, and
    the player who went out in the preceding round begins the play (round 1, or after a blocked
    round: the dealer's left)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise ValueError(f"rounds must be 1..{MAX_ROUNDS} (one per double from 12-12 down), not {self.rounds}")
        if not 0 <= self.double_blank <= 1000:
            raise ValueError(f"double_blank must be a count of points 0..1000, not {self.double_blank}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: 13 rounds, 0-0 counts 0, the engine is drawn."""
        return cls()

    @classmethod
    def metzker_variations(cls) -> Options:
        """The Metzker book's "Variations": the engine held out, and the 0-0 counting 50."""
        return cls(double_blank=50, engine_held_out=True)


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class PlaceTile:
    """Lay a tile from the hand on a train: a seat's train (`train` is its seat) or, with
    `train` None, the Mexican train."""

    player: int
    tile: Tile
    train: int | None

    def __str__(self) -> str:
        where = "mexican" if self.train is None else f"train {self.train}"
        return f"play {self.tile} on {where}"


Move: TypeAlias = PlaceTile
MOVE_TYPES: Final = (PlaceTile,)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a round is being played; OVER: the last round has been scored."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Mexican Train position: the round's engine, hands, boneyard and lines of play."""

    options: Options
    hand: int
    """The round, from 1 (engine 12-12) to `options.rounds`."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    engine: Tile
    """The round's double in the centre."""
    hands: tuple[tuple[Tile, ...], ...]
    """Tiles held, by seat, in sorted order."""
    boneyard: tuple[Tile, ...]
    """The tiles still to draw, first drawn first."""
    lines: tuple[Line, ...]
    """Seat 0's train ... seat n-1's train, then the Mexican train (all from the engine)."""
    turn: int
    """The seat to play (in OVER: the seat that played last)."""
    owing: bool
    """The seat on turn has played a double this turn and must play another tile."""
    drew: bool
    """The seat on turn has drawn this turn (it may not draw again)."""
    points: tuple[int, ...]
    """Pips scored so far, by seat (lowest wins)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


_KEY: Final = operator.attrgetter("a", "b")
"""A tile's place in the sorted order (low half, then high half), without attrs' ordering."""


def _sorted_tiles(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=_KEY))


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_sorted_tiles),
    Zone("boneyard", Seen.NOBODY),
    Zone("engine", Seen.EVERYONE),
    Zone("lines", Seen.EVERYONE),
)
"""Each hand is seen by its owner, the boneyard by nobody, the engine and the trains by all."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    tiles: Sequence[Tile | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals round 1. `tiles` fixes its boneyard (first drawn first), `dealer` the first dealer."""
    n = require_players("mexican_train", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("mexican_train", options, Options)
    rng = seeded(seed)
    fixed = None
    if tiles is not None:  # as the set's own tile objects, which the deal finds by identity
        own = {(t.a, t.b): t for t in SET}
        fixed = tuple(own[t.a, t.b] for t in fixed_tiles(tiles, SET))
    if dealer is None:
        dealer, rng = rng.below(n)
    elif type(dealer) is not int:
        raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
    check_seat("dealer=", dealer, n)
    return _deal(rules, n, 1, dealer, (0,) * n, rng, fixed, None, [])


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat on turn's placements: by tile in hand order, then by train (seat 0's train
    first, the Mexican train last); () when the game is over. With `player`, that seat's only."""
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
    """What a hand left at the end of a round scores: its pips, the 0-0 as `double_blank`."""
    return pips_left(hand, options.double_blank)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the boneyard as hidden tiles."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the tiles `player` cannot see (other hands, the boneyard) afresh, keeping counts."""
    return zone_shuffle(state, player, seed, ZONES)


_TARGET: Final = re.compile(r"^(?:play\s+)?(\S+?)(?:\s+(?:on\s+)?(.+))?$")
_MEXICAN_WORDS: Final = frozenset({"mexican", "m", "mex", "mexican train", "public"})
_OWN_WORDS: Final = frozenset({"mine", "own", "my train", "own train"})


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 5-12 on train 0" or "play 5-12 on mexican"; also "12-5", "on 0", "on m",
    "mine", and a tile alone ("play 5-12", "5-12") where it fits only one train.

    With `player` (or a "2:" prefix), only that seat's moves match.
    """
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
    mine = [m for m in legal if seat is None or m.player == seat]
    match = _TARGET.match(normalize(body))
    if not mine or match is None:
        return None
    try:
        tile = tile_from_text(match.group(1))
    except ValueError:
        return None
    same = [m for m in mine if m.tile == tile]
    target = match.group(2)
    if target is not None:
        target = target.removeprefix("train ").strip()
        if target in _MEXICAN_WORDS:
            same = [m for m in same if m.train is None]
        elif target in _OWN_WORDS:
            same = [m for m in same if m.train == m.player]
        elif target.isdigit() and len(target) < 3:
            same = [m for m in same if m.train == int(target)]
        else:
            return None
    if len(same) == 1:
        return same[0]
    if len(same) > 1:
        raise NotationError(f"{text!r} fits several trains: {', '.join(str(m) for m in same)}")
    return None


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Mexican Train reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"mexican_train is played by 2-8 players, not {n}")
    if not 1 <= state.hand <= state.options.rounds:
        raise ValueError(f"round {state.hand} is outside 1..{state.options.rounds}")
    if len(state.points) != n or any(p < 0 for p in state.points):
        raise ValueError(f"points {state.points} are not {n} non-negative totals")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    if state.engine != engine_for(state.hand):
        raise ValueError(f"round {state.hand}'s engine is {engine_for(state.hand)}, not {state.engine}")
    for seat, held in enumerate(state.hands):
        if any(t.is_hidden for t in held):
            if not all(t.is_hidden for t in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible tiles")
        elif held != _sorted_tiles(held):
            raise ValueError(f"seat {seat}'s hand is not in sorted order: {tiles_text(held)}")
    _check_lines(state.lines, n, state.engine.a)
    check_zones("mexican_train", state, ZONES, SET)
    if state.phase is Phase.PLAY:
        if not all(state.hands):
            raise ValueError("a round ends as soon as a seat has no tiles left")
    elif state.phase is Phase.OVER:
        if state.hand != state.options.rounds:
            raise ValueError(f"the game ends after round {state.options.rounds}, not {state.hand}")
        if state.owing or state.drew:
            raise ValueError("nobody owes a tile or has drawn once the game is over")
    else:
        raise ValueError(f"unknown phase {state.phase!r}")


def _check_lines(lines: tuple[Line, ...], n: int, pips: int) -> None:
    """The seats' trains in seat order, then the Mexican train, each a chain from the engine."""
    if len(lines) != n + 1:
        raise ValueError(f"{n} players have {n + 1} lines of play (their trains and the Mexican), not {len(lines)}")
    for i, line in enumerate(lines):
        if i < n and (line.kind is not LineKind.TRAIN or line.owner != i):
            raise ValueError(f"line {i} must be the train of seat {i}")
        if i == n and (line.kind is not LineKind.PUBLIC or line.owner is not None or line.marked):
            raise ValueError("the last line must be the Mexican train (nobody's, never marked)")
        if type(line.marked) is not bool:
            raise ValueError(f"line {i}'s marker is not true or false")
        end = pips
        for tile in line.tiles:
            if tile.is_hidden or not (tile.a == end or tile.b == end):
                raise ValueError(f"{tile} does not fit the open end {end} of line {i}")
            end = other_end(tile, end)
        if line.end != end:
            raise ValueError(f"line {i}'s open end is {end}, not {line.end}")


# Phase helpers -------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds (the play loop fills it with `_SET_LEGAL`, having the moves at hand)."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State)
"""`State(...)` positionally, every field in order, for the play loop."""
_SET_LEGAL: Final = cached_setter(State, "legal")
_LINE: Final = builder(Line)
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
"""Phases bound once: reading an enum member through its class is slow on the hot path."""
_CODE: Final = HIGHEST + 1
"""Tables by tile are indexed by ``a * _CODE + b`` for the tile a-b (either order of the halves)."""
_TRAINS: Final = (*range(_MEXICAN), None)
"""The `PlaceTile.train` of each move-table slot k: seat k's train, then the Mexican train."""
_DOUBLES: Final = tuple(t for t in SET if t.a == t.b)
"""`_DOUBLES[pips]`: the set's own double (the engines, found by identity in a shuffled set)."""


def _by_code(rows: Sequence[_T]) -> tuple[_T, ...]:
    """`rows` (one per tile of `SET`, in its order) as a table indexed by ``a * _CODE + b``."""
    position = {(t.a, t.b): i for i, t in enumerate(SET)}
    return tuple(rows[position[min(a, b), max(a, b)]] for a in range(_CODE) for b in range(_CODE))


def _move_table() -> tuple[tuple[tuple[PlaceTile, ...], ...], ...]:
    """`_MOVE_TABLE[seat][a * _CODE + b][k]`: the move laying the tile a-b on seat k's train
    (k < 8) or on the Mexican train (k == 8), built once so `legal_moves` hands out the same
    objects."""
    move = builder(PlaceTile)
    return tuple(
        _by_code([tuple(move(seat, tile, train) for train in _TRAINS) for tile in SET]) for seat in range(max(PLAYERS))
    )


def _play_events() -> tuple[tuple[tuple[Event, ...], ...], ...]:
    """`_PLAY_EVENTS[seat][code][k]`: the event of the move `_MOVE_TABLE[seat][code][k]`."""
    plays = EventKind.PLAYS
    labels = tuple(
        tuple(f"{tile} on {'mexican' if train is None else f'train {train}'}" for train in _TRAINS) for tile in SET
    )
    return tuple(
        _by_code([tuple(make_event(plays, seat, (), (), label, False) for label in row) for row in labels])
        for seat in range(max(PLAYERS))
    )


_MOVE_TABLE: Final = _move_table()
_PLAY_EVENTS: Final = _play_events()
_SEATS: Final = range(max(PLAYERS))
_ONE_LEFT: Final = tuple(make_event(EventKind.NOTE, s, (), (), "one tile left", False) for s in _SEATS)
_DRAWS_ONE: Final = tuple(make_event(EventKind.DRAWS, s, (), (1,), "", False) for s in _SEATS)
_PASSES: Final = tuple(make_event(EventKind.PASSES, s, (), (), "", False) for s in _SEATS)
_MARKS: Final = tuple(make_event(EventKind.PASSES, s, (), (), "marker on its train", False) for s in _SEATS)
_UNMARKS: Final = tuple(make_event(EventKind.NOTE, s, (), (), "marker taken off its train", False) for s in _SEATS)
_GOES_OUT: Final = tuple(make_event(EventKind.GOES_OUT, s, (), (), "", False) for s in _SEATS)
_DEALS: Final = EventKind.DEALS
_DRAWS: Final = EventKind.DRAWS
_PLAYS: Final = EventKind.PLAYS


def _targets(lines: Sequence[Line], seat: int) -> dict[int, list[int]]:
    """The move-table slots of the lines `seat` may play on, by open end, in line order: its
    own train, the marked trains of others, the Mexican train last."""
    out: dict[int, list[int]] = {}
    i = 0
    for line in lines:  # the Mexican train (last) is never marked and is nobody's
        if line.marked or i == seat:
            end = line.end
            if end in out:
                out[end].append(i)
            else:
                out[end] = [i]
        i += 1
    end = lines[-1].end
    if end in out:
        out[end].append(_MEXICAN)
    else:
        out[end] = [_MEXICAN]
    return out


def _placements(hand: Sequence[Tile], targets: dict[int, list[int]], seat: int) -> list[Move]:
    """Every (tile, train) placement of `seat` on the `targets` (`_targets`): tiles in hand
    order, lines in order (the same pairs as `core.dominoes.placements`, as prebuilt moves)."""
    rows = _MOVE_TABLE[seat]
    out: list[Move] = []
    for tile in hand:
        a = tile.a
        b = tile.b
        if a in targets:
            slots = targets[a] if b == a or b not in targets else sorted(targets[a] + targets[b])
        elif b in targets:
            slots = targets[b]
        else:
            continue
        row = rows[a * _CODE + b]
        for k in slots:
            out.append(row[k])
    return out


def _nobody_can_play(hands: Sequence[Sequence[Tile]], lines: Sequence[Line]) -> bool:
    """No tile of any hand fits any open end: with an empty boneyard the round is blocked."""
    ends = {line.end for line in lines}
    return not any(t.a in ends or t.b in ends for held in hands for t in held)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The seat on turn's placements (`only` None on a real state), or a view's viewer's."""
    if state.phase is _OVER:
        return ()
    if only is None and state.rng is None:
        return ()  # a spectator's view
    seat = state.turn
    if only is not None and only != seat:
        return ()  # one seat acts at a time
    return tuple(_placements(state.hands[seat], _targets(state.lines, seat), seat))


def _deal(
    options: Options,
    n: int,
    number: int,
    dealer: int,
    points: tuple[int, ...],
    rng: Rng,
    fixed: tuple[Tile, ...] | None,
    went_out: int | None,
    events: list[Event],
) -> State:
    """Deals round `number` one tile at a time clockwise from the dealer's left, places the
    engine (found by its holder, drawn for, or held out) and starts the first turn."""
    engine = _DOUBLES[HIGHEST + 1 - number]  # `engine_for(number)`, the set's own tile
    if fixed is not None:
        order = fixed
    else:
        order, rng = rng.shuffled(SET)
    if options.engine_held_out:
        order = tuple([t for t in order if t is not engine])
    first = (dealer + 1) % n
    dealt = hand_size(n) * n
    hands: list[tuple[Tile, ...]] = [()] * n
    for k in range(n):
        hands[(first + k) % n] = order[k:dealt:n]  # tile k of the order goes to seat first + k (mod n)
    boneyard = order[dealt:]
    events.append(make_event(_DEALS, dealer, (), (number,), "", False))
    if options.engine_held_out:
        events.append(make_event(EventKind.NOTE, None, (), (), f"{engine} held out as the engine", False))
        starter = first if went_out is None else went_out
    else:
        where = identity_index(order, engine)
        if where < dealt:
            holder = (first + where) % n
        else:
            # Seed: each player draws a domino; another round of drawing until it turns up. Every
            # seat draws in turn from the dealer's left, whole rounds at a time (while tiles last).
            at = where - dealt
            count = min(len(boneyard), (at // n + 1) * n)
            for k in range(count):
                hands[(first + k) % n] += (boneyard[k],)
            boneyard = boneyard[count:]
            holder = (first + at) % n
            for k in range(min(n, count)):
                events.append(make_event(_DRAWS, (first + k) % n, (), (len(range(k, count, n)),), "", False))
        held = hands[holder]
        k = identity_index(held, engine)
        hands[holder] = held[:k] + held[k + 1 :]
        events.append(make_event(_PLAYS, holder, (), (), f"{engine} as the engine", False))
        starter = holder
    hands = [tuple(sorted(h, key=_KEY)) for h in hands]
    pips = engine.a
    lines = [_LINE(LineKind.TRAIN, seat, pips, (), False) for seat in range(n)]
    lines.append(_LINE(LineKind.PUBLIC, None, pips, (), False))
    return _start_turn(options, number, rng, dealer, engine, hands, boneyard, lines, starter, points, events)


def _draw(
    hands: list[tuple[Tile, ...]], seat: int, boneyard: tuple[Tile, ...], events: list[Event]
) -> tuple[Tile, ...]:
    """The seat takes the first tile of the boneyard into its sorted hand; the rest is returned."""
    held = list(hands[seat])
    bisect.insort(held, boneyard[0], key=_KEY)
    hands[seat] = tuple(held)
    events.append(_DRAWS_ONE[seat])
    return boneyard[1:]


def _mark(lines: list[Line], seat: int, events: list[Event]) -> None:
    """The seat could not play: its marker goes on its train (if not there already)."""
    line = lines[seat]
    if line.marked:
        events.append(_PASSES[seat])
    else:
        lines[seat] = _LINE(line.kind, line.owner, line.end, line.tiles, True)
        events.append(_MARKS[seat])


def _start_turn(
    options: Options,
    number: int,
    rng: Rng,
    dealer: int,
    engine: Tile,
    hands: list[tuple[Tile, ...]],
    boneyard: tuple[Tile, ...],
    lines: list[Line],
    seat: int,
    points: tuple[int, ...],
    events: list[Event],
) -> State:
    """Starts `seat`'s turn: it plays if it can; otherwise it draws and plays the tile if it
    fits, or marks its train and the next seat's turn starts; a blocked round is scored."""
    n = len(hands)
    while True:
        targets = _targets(lines, seat)
        moves = _placements(hands[seat], targets, seat)
        if moves:
            drew = False
            break
        if boneyard:
            tile = boneyard[0]
            boneyard = _draw(hands, seat, boneyard, events)
            moves = _placements((tile,), targets, seat)  # nothing else in the hand fits
            if moves:
                drew = True
                break
        elif _nobody_can_play(hands, lines):
            events.append(make_event(EventKind.NOTE, None, (), (), "round blocked: no tile can be played", False))
            return _end_round(options, number, rng, dealer, engine, hands, boneyard, lines, seat, None, points, events)
        _mark(lines, seat, events)
        seat = seat + 1 if seat + 1 < n else 0
    state = _BUILD(
        options, number, rng, None, _PLAY, dealer, engine, tuple(hands), boneyard, tuple(lines), seat,
        False, drew, points, tuple(events),
    )  # fmt: skip
    _SET_LEGAL(state, tuple(moves))
    return state


def _apply(state: State, move: Move) -> State:
    seat, tile = move.player, move.tile
    a, b = tile.a, tile.b
    n = len(state.hands)
    train = move.train
    index = n if train is None else train
    hands = list(state.hands)
    held = hands[seat]
    at = identity_index(held, tile)
    held = held[:at] + held[at + 1 :]
    hands[seat] = held
    lines = list(state.lines)
    line = lines[index]
    end = line.end
    lines[index] = _LINE(line.kind, line.owner, b if a == end else a, (*line.tiles, tile), line.marked)
    events: list[Event] = [_PLAY_EVENTS[seat][a * _CODE + b][_MEXICAN if train is None else index]]
    own = lines[seat]
    if own.marked:
        # Seed: "If this player can play anywhere on the board at their next turn, the marker is
        # then removed": any play by the owner takes its marker off.
        lines[seat] = _LINE(own.kind, own.owner, own.end, own.tiles, False)
        events.append(_UNMARKS[seat])
    o, number, rng, boneyard = state.options, state.hand, state.rng, state.boneyard
    assert rng is not None
    if not held:
        events.append(_GOES_OUT[seat])
        return _end_round(
            o, number, rng, state.dealer, state.engine, hands, boneyard, lines, seat, seat, state.points, events
        )
    if len(held) == 1:
        events.append(_ONE_LEFT[seat])
    if a == b:
        # Seed: after a double the seat "must then play another domino somewhere on the board".
        drew = state.drew
        targets = _targets(lines, seat)
        moves = _placements(held, targets, seat)
        if not moves and boneyard and not drew:
            drawn = boneyard[0]
            boneyard = _draw(hands, seat, boneyard, events)
            moves = _placements((drawn,), targets, seat)  # nothing else in the hand fits
            drew = True
        if moves:
            after = _BUILD(
                o, number, rng, None, _PLAY, state.dealer, state.engine, tuple(hands), boneyard, tuple(lines),
                seat, True, drew, state.points, tuple(events),
            )  # fmt: skip
            _SET_LEGAL(after, tuple(moves))
            return after
        _mark(lines, seat, events)
    nxt = seat + 1 if seat + 1 < n else 0
    return _start_turn(o, number, rng, state.dealer, state.engine, hands, boneyard, lines, nxt, state.points, events)


def _line_name(train: int | None) -> str:
    return "mexican" if train is None else f"train {train}"


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    n = len(state.hands)
    held = state.hands[move.player]
    if not isinstance(move.tile, Tile) or move.tile not in held:
        return f"seat {move.player} does not hold {move.tile}"
    train = move.train
    if train is not None and (type(train) is not int or not 0 <= train < n):
        return f"there is no train {train}: the trains are seats 0..{n - 1}'s and the Mexican train"
    line = state.lines[n if train is None else train]
    if train is not None and train != move.player and not line.marked:
        return f"seat {train}'s train has no marker: only its owner may play on it"
    if not line.accepts(move.tile):
        return f"{move.tile} does not fit the open end {line.end} of {_line_name(train)}"
    return "not a legal move here"


def _end_round(
    options: Options,
    number: int,
    rng: Rng,
    dealer: int,
    engine: Tile,
    hands: list[tuple[Tile, ...]],
    boneyard: tuple[Tile, ...],
    lines: list[Line],
    last: int,
    went_out: int | None,
    points: tuple[int, ...],
    events: list[Event],
) -> State:
    """Scores the round (pips left in hand), then deals the next one or ends the game."""
    gained = tuple([round_points(h, options) for h in hands])
    totals = tuple([p + g for p, g in zip(points, gained)])
    events.append(make_event(EventKind.HAND_SCORED, None, (), gained, "", False))
    n = len(hands)
    if number < options.rounds:
        return _deal(options, n, number + 1, (dealer + 1) % n, totals, rng, None, went_out, events)
    events.append(make_event(EventKind.GAME_OVER, None, (), tuple(sorted(leaders(totals, low=True))), "", False))  # `winners`
    return _BUILD(
        options, number, rng, None, _OVER, dealer, engine, tuple(hands), boneyard, tuple(lines), last,
        False, False, totals, tuple(events),
    )  # fmt: skip


# Text ----------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The round (of how many), its engine, the dealer and the boneyard's size; what happens now
    (who is to play, a double to follow up, or the result); one line per line of play (the
    trains with their markers, then the Mexican train), and one per seat with its score, its
    tile count and, where visible, its tiles. Hidden tiles appear only as counts.
    """
    n = len(state.hands)
    o = state.options
    head = (
        f"round {state.hand} of {o.rounds}, engine {state.engine}, dealer seat {state.dealer}, "
        f"boneyard {len(state.boneyard)} tile{'' if len(state.boneyard) == 1 else 's'}"
    )
    lines = [head]
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        lines.append(f"game over: {seats_text(best)} {verb} with {min(state.points)} points")
    else:
        now = f"seat {state.turn} to play"
        if state.owing:
            now += " again: a double must be followed by another tile"
        if state.drew:
            now += " (drew this turn)"
        lines.append(now)
    for line in state.lines:
        lines.append("  " + str(line).replace("public:", "mexican train:"))
    width = max(len(str(p)) for p in state.points)
    for seat in range(n):
        held = state.hands[seat]
        row = f"seat {seat}  points {state.points[seat]:>{width}}  {len(held):>2} tile{'' if len(held) == 1 else 's'}"
        if held and not held[0].is_hidden:
            row += ": " + tiles_text(held)
        if state.phase is Phase.PLAY and seat == state.turn:
            row += "  <- to play"
        lines.append(row)
    return "\n".join(lines)


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="mexican_train",
    title="Mexican Train",
    family="dominoes",
    low_score_wins=True,
    summary="Build your own train and the public Mexican train from the round's double; lowest pips win.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()), ("metzker_variations", Options.metzker_variations())),
    quick=Options(rounds=2),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=MAX_ROUNDS * (len(SET) - 1),
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
