"""Throughput of random games for every registered game, the memory a move adds, and a race with
OpenSpiel over every game both libraries have.

Run ``make bench`` (or ``.venv/bin/python benchmarks/run.py --help``). Every timed loop drives the
games the same lean way: at every step, one ``randrange`` over the legal moves (``legal_moves`` in
parlour, ``legal_actions`` in OpenSpiel) picks the move, and the loop does nothing else but test
for the end.

* *Throughput.* A *game* is one whole game of random moves, from ``new_game(seed=s)`` (with
  ``GameSpec.quick`` options where the game has them: a short match) until ``legal_moves`` is
  empty. One repetition plays the same fixed list of seeds with the same move chooser, so every
  repetition does exactly the same work; moves per second and games per second come from the
  median repetition.
* *Memory.* After the timed repetitions, and only then (``tracemalloc`` slows everything down and
  is never on while a clock runs), the first hand of `MEMORY_HANDS` games is replayed with every
  state kept alive: the states of a hand go into a list allocated before the trace starts, so the
  list costs nothing while it is traced, and ``gc.collect()`` runs before every reading (it also
  empties CPython's free lists, whose recycled blocks the trace would not see). *new_game bytes*
  is the traced memory that ``new_game`` leaves behind (the first state, with whatever it alone
  holds); *bytes/move* is the traced memory the rest of the hand adds, divided by its moves:
  what one more state costs when it shares every unchanged part with the state it came from. A
  move's state keeps its cached legal moves and its events, so both count. A hand runs from
  ``new_game`` to the apply that scores it, as in the race (the same apply deals the next hand,
  whose cards count too). One untraced pass over the same hands first fills every cache the code
  keeps.
* *The OpenSpiel race* (only when ``pyspiel`` is importable: ``pip install -e '.[bench]'``)
  times the same unit of play in both libraries, for every game both have (`OPENSPIEL_RACES`):
  one deal for the trick games and Gin Rummy, a whole game for Cribbage, Go Fish and Klondike,
  whose OpenSpiel episodes are whole games. parlour: ``new_game``, then moves up to and including
  the first apply whose state has another ``hand`` or whose events include ``HAND_SCORED`` (the
  same apply also deals the next hand; no move of that hand is played), or, for a whole-game
  race, until no move is legal. OpenSpiel: one episode of its game with the parameters the race
  names, including its chance nodes (every card dealt, Hearts' pass direction, the draws from a
  stock). The options on both sides are chosen so that the rules match where the libraries let
  them:

  - Hearts: both sides' defaults.
  - Spades: one deal with its four bids; parlour's ``openspiel`` preset written out (no Double
    Nil, a nil bidder's tricks count toward the partner's bid, partners bid 13 at most between
    them, the mercy rule at -350), against OpenSpiel's defaults.
  - Euchre: one deal; parlour's ``openspiel`` preset written out (stick the dealer, so no deal is
    thrown in; any maker may go alone; no No Ace-No Face; the dealer may not discard the turned
    card), against OpenSpiel's defaults (``stick_the_dealer=true``, no lone defender). OpenSpiel
    asks about going alone in a separate decision, parlour folds it into the making call;
    OpenSpiel draws the dealer at a chance node, parlour from the seed.
  - Oh Hell!: one hand of twelve tricks for four players, trumps turned up, a point a trick and
    10 for a made bid, the hook on the last bidder: parlour
    ``oh_hell(schedule=fixed,peak=trump,scoring=per_trick)`` (the first hand deals 51 // 4 = 12)
    against ``oh_hell(players=4,num_tricks_fixed=12)`` (OpenSpiel draws the hand size at random
    unless it is fixed, and seats three by default).
  - Bridge: one deal, its auction and its play, scored on its own, nobody vulnerable: parlour
    ``bridge(scoring=duplicate,honours=false)`` against
    ``bridge(use_double_dummy_result=false)`` (OpenSpiel's default skips the play and scores the
    contract from a double-dummy solver); no honours. A passed-out deal ends the unit on both
    sides. OpenSpiel's dealer is always seat 0.
  - Cribbage: a whole game to 121 (both sides' defaults, two players). OpenSpiel lays both
    cards away in one action (one of fifteen pairs), the players in turn; parlour lays away one
    card a move, both players at once.
  - Gin Rummy: both sides' defaults.
  - Go Fish: a whole game for four players (parlour's default) dealt five cards each, against
    ``go_fish(players=4)``; an emptied hand draws one card in OpenSpiel, so parlour plays
    ``go_fish(refill=1)``. parlour's termination valve (``stall_limit``: so many fruitless asks
    in a row, once the stock is gone, end the game) has no OpenSpiel counterpart.
  - Klondike: a whole game against OpenSpiel's ``solitaire``, which stops after 150 actions
    (its ``depth_limit``), so parlour plays ``klondike(max_moves=150)``. OpenSpiel turns
    face-down cards up through chance nodes and has no stock to draw through. Its limit counts
    those chance actions too (about 38 of a game's 150, against 105 decisions), while parlour's
    counts moves alone, so a parlour game makes some 40% more decisions: this race compares time
    per decision (a parlour move, an OpenSpiel player action), each side's turning of cards
    included in its own time. The games still differ: parlour's Klondike deals through a stock
    (a draw is one of its cheaper decisions), OpenSpiel's has none.

  Every chance node of these OpenSpiel games but Go Fish's is uniform over its legal actions
  (checked on the same hands before timing), so one ``randrange`` over ``legal_actions``
  samples it exactly. Go Fish draws a rank with the probability of its count in the stock; the
  driver reads that node's ``chance_outcomes`` ((action, probability) pairs), adds up the
  probabilities once, and draws one ``random()`` against the running sums (a bisection): still
  one draw per node, and exact. The same hands are timed a second way, reading every chance node
  through ``chance_outcomes`` and picking one pair with ``randrange``, to show how much the driver
  alone moves the ratio (for Go Fish both ways read ``chance_outcomes``, so they time the same
  driver). Each repetition times one batch of the same hands per driver, in rotating order; the
  ratio is parlour's median over OpenSpiel's.

Timings are never asserted in tests; the numbers in docs/benchmarks.rst come from this script.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import importlib.metadata
import importlib.util
import json
import math
import os
import platform
import random
import statistics
import sys
import time
import tracemalloc
from bisect import bisect_right
from collections.abc import Callable, Sequence
from itertools import accumulate
from typing import Final, Protocol

import attrs

import parlour
from floor_hearts import floor_batch
from parlour.core.events import EventKind
from parlour.core.game import Game, GameState
from parlour.core.options import options_text, parse_options


@attrs.frozen
class RaceSpec:
    """One pairing of the OpenSpiel race: the same unit of play on both sides."""

    game: str
    """parlour's game with its options, as `parse_options` reads them: ``go_fish(refill=1)``."""
    openspiel_game: str
    """OpenSpiel's game with its parameters, as ``pyspiel.load_game`` reads them."""
    target: float
    """parlour's time per unit at most this many times OpenSpiel's."""
    whole_game: bool = False
    """The unit is a whole game (parlour plays until no move is legal), not one hand."""
    weighted_chance: bool = False
    """OpenSpiel's chance nodes are not all uniform: sample them by their probabilities."""
    per_decision: bool = False
    """Both sides stop a game at a limit counted differently, so the ratio is per player decision
    (a parlour move, an OpenSpiel player action), not per game."""

    @property
    def unit(self) -> str:
        return ("game" if self.whole_game else "hand") + (" (ratio per decision)" if self.per_decision else "")


OPENSPIEL_RACES: Final = (
    # The module docstring says why each pairing is what it is.
    RaceSpec("hearts", "hearts", 1.5),
    RaceSpec(
        "spades(double_nil=false,nil_tricks_help_partner=true,team_bid_limit=true,mercy_threshold=-350)",
        "spades",
        1.5,
    ),
    RaceSpec(
        "euchre(dealer_partner_alone=false,stick_the_dealer=true,no_ace_no_face=false,discard_upcard=false)",
        "euchre",
        1.5,
    ),
    RaceSpec("oh_hell(schedule=fixed,peak=trump,scoring=per_trick)", "oh_hell(players=4,num_tricks_fixed=12)", 1.5),
    RaceSpec("bridge(scoring=duplicate,honours=false)", "bridge(use_double_dummy_result=false)", 1.5),
    RaceSpec("cribbage", "cribbage", 1.5, whole_game=True),
    RaceSpec("gin_rummy", "gin_rummy", 0.3),
    RaceSpec("go_fish(refill=1)", "go_fish(players=4)", 1.5, whole_game=True, weighted_chance=True),
    RaceSpec("klondike(max_moves=150)", "solitaire", 1.5, whole_game=True, per_decision=True),
)
HAND_SCORED: Final = EventKind.HAND_SCORED
MEMORY_HANDS: Final = 3
"""Hands per game replayed under ``tracemalloc`` for the bytes a move adds."""


class OpenSpielState(Protocol):
    """The part of a ``pyspiel.State`` the race uses."""

    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def apply_action(self, action: int) -> None: ...


class OpenSpielGame(Protocol):
    """The part of a ``pyspiel.Game`` the race uses."""

    def new_initial_state(self) -> OpenSpielState: ...


@attrs.frozen
class Throughput:
    """Random whole games of one game, repeated on the same seeds, and the memory of a hand."""

    game: str
    options: str
    """The options played, as text (the quick options where the game has them)."""
    games: int
    """Games per repetition."""
    hands: int
    """Hands per repetition (the sum of each game's last ``hand``)."""
    moves: int
    """Moves per repetition."""
    seconds: tuple[float, ...]
    """The wall time of each repetition."""
    new_game_bytes: float
    """The traced memory one ``new_game`` leaves behind (mean over the measured hands)."""
    bytes_per_move: float
    """The traced memory a move adds over a whole hand, every state kept alive."""

    @property
    def median_seconds(self) -> float:
        return statistics.median(self.seconds)

    @property
    def games_per_second(self) -> float:
        return self.games / self.median_seconds

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.median_seconds

    @property
    def microseconds_per_move(self) -> float:
        return self.median_seconds * 1e6 / self.moves


@attrs.frozen
class Race:
    """One random hand (or game) in parlour and in OpenSpiel, repeated on the same hands."""

    game: str
    openspiel_game: str
    unit: str
    """What one of `hands` is: a ``hand`` (one deal) or a whole ``game``."""
    hands: int
    """Hands (or games) per batch (the same ones in every repetition)."""
    parlour_moves: int
    """parlour's moves in one batch."""
    openspiel_decisions: int
    """OpenSpiel's player actions in one batch."""
    openspiel_chance: int
    """OpenSpiel's chance actions in one batch."""
    parlour_seconds: tuple[float, ...]
    """The wall time of each repetition's parlour batch."""
    openspiel_seconds: tuple[float, ...]
    """The wall time of each repetition's OpenSpiel batch (the lean driver)."""
    outcomes_seconds: tuple[float, ...]
    """The same OpenSpiel batch driven through ``chance_outcomes`` at chance nodes instead."""
    target_ratio: float
    weighted_chance: bool = False
    """OpenSpiel's chance nodes were sampled by their probabilities (one ``random()`` each)."""
    floor_seconds: tuple[float, ...] = ()
    """Hearts only: the same hands played by `floor_hearts`, the rules alone in plain Python."""
    per_decision: bool = False
    """The ratios compare time per decision (see `RaceSpec.per_decision`)."""

    @property
    def _scale(self) -> float:
        """What turns a ratio of batch times into the ratio the race compares."""
        return self.openspiel_decisions / self.parlour_moves if self.per_decision else 1.0

    @property
    def floor_ratio(self) -> float | None:
        """The pure-Python floor's median time over OpenSpiel's (None: no floor for this game)."""
        if not self.floor_seconds:
            return None
        return statistics.median(self.floor_seconds) / statistics.median(self.openspiel_seconds)

    @property
    def parlour_ms_per_hand(self) -> float:
        return statistics.median(self.parlour_seconds) * 1e3 / self.hands

    @property
    def openspiel_ms_per_hand(self) -> float:
        return statistics.median(self.openspiel_seconds) * 1e3 / self.hands

    @property
    def outcomes_ms_per_hand(self) -> float:
        return statistics.median(self.outcomes_seconds) * 1e3 / self.hands

    @property
    def ratio(self) -> float:
        """parlour's median time per hand (or decision) over OpenSpiel's (below 1: parlour is faster)."""
        return statistics.median(self.parlour_seconds) / statistics.median(self.openspiel_seconds) * self._scale

    @property
    def ratio_range(self) -> tuple[float, float]:
        """The lowest and highest ratio of one repetition's two batches."""
        ratios = [mine / theirs * self._scale for mine, theirs in zip(self.parlour_seconds, self.openspiel_seconds)]
        return min(ratios), max(ratios)

    @property
    def outcomes_ratio(self) -> float:
        """`ratio` against the OpenSpiel driver that reads ``chance_outcomes`` at chance nodes."""
        return statistics.median(self.parlour_seconds) / statistics.median(self.outcomes_seconds) * self._scale

    @property
    def target_met(self) -> bool:
        return self.ratio <= self.target_ratio


def playout(spec: Game, options: object, seed: int, chooser: random.Random) -> tuple[int, int]:
    """Plays one random game; returns (hands, moves)."""
    state = spec.new_game(seed=seed, options=options)
    legal_moves, apply, randrange = spec.legal_moves, spec.apply, chooser.randrange
    moves = 0
    legal = legal_moves(state)
    while legal:
        state = apply(state, legal[randrange(len(legal))])
        moves += 1
        legal = legal_moves(state)
    return state.hand, moves


def _playouts(spec: Game, options: object, seeds: range, chooser_seed: int) -> tuple[int, int]:
    """Plays a game from each seed, all with one chooser; returns (hands, moves) in all."""
    chooser = random.Random(chooser_seed)
    hands = moves = 0
    for seed in seeds:
        played_hands, played_moves = playout(spec, options, seed, chooser)
        hands += played_hands
        moves += played_moves
    return hands, moves


def measure_throughput(name: str, seconds: float, repeats: int, seed: int) -> Throughput:
    """Random games of `name`: as many seeds as fill about `seconds`, played `repeats` times;
    then the memory of `MEMORY_HANDS` hands (`measure_memory`), untimed."""
    spec = parlour.game(name)
    options = spec.quick if spec.quick is not None else spec.options_type()
    games = 0
    start = time.perf_counter()
    while games < 1 or time.perf_counter() - start < seconds:
        playout(spec, options, seed + games, random.Random(seed + games))
        games += 1
    seeds = range(seed, seed + games)
    counts = _playouts(spec, options, seeds, seed)
    timings = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        again = _playouts(spec, options, seeds, seed)
        timings.append(time.perf_counter() - start)
        if again != counts:
            raise RuntimeError(f"{name}: the same seeds played differently ({again} after {counts})")
    first, per_move = measure_memory(spec, options, range(seed, seed + MEMORY_HANDS), seed)
    return Throughput(
        name, options_text(name, options), games, counts[0], counts[1], tuple(timings), first, per_move
    )


def _hand_over(state: GameState, start: int) -> bool:
    """Whether the hand that began as hand `start` has been scored (or a new one dealt)."""
    return state.hand != start or any(event.kind is HAND_SCORED for event in state.events)


def measure_memory(spec: Game, options: object, seeds: range, chooser_seed: int) -> tuple[float, float]:
    """The traced bytes one ``new_game`` leaves behind (mean), and the traced bytes a move adds
    over the first hand from each seed (all the hands' growth over all their moves), every state
    of a hand kept alive. ``tracemalloc`` is on only inside this function."""
    lengths = [parlour_hand(spec, seed, random.Random(chooser_seed + seed), options) for seed in seeds]
    first = added = 0
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    try:
        for seed, moves in zip(seeds, lengths):
            dealt, grown = _traced_hand(spec, options, seed, random.Random(chooser_seed + seed), moves)
            first += dealt
            added += grown
    finally:
        if not was_tracing:
            tracemalloc.stop()
    return first / len(seeds), added / max(1, sum(lengths))


def _traced_hand(spec: Game, options: object, seed: int, chooser: random.Random, moves: int) -> tuple[int, int]:
    """Replays a hand of `moves` moves (as `parlour_hand` played it) keeping every state; returns
    the traced bytes of ``new_game`` and those the moves added. Everything it keeps dies with it."""
    legal_moves, apply, randrange = spec.legal_moves, spec.apply, chooser.randrange
    kept: list[GameState | None] = [None] * (moves + 1)
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    state: GameState = spec.new_game(seed=seed, options=options)
    kept[0] = state
    dealt = tracemalloc.get_traced_memory()[0]
    start = state.hand
    for index in range(1, moves + 1):
        legal = legal_moves(state)
        state = apply(state, legal[randrange(len(legal))])
        kept[index] = state
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    if not (_hand_over(state, start) or not legal_moves(state)):
        raise RuntimeError(f"{spec.name}: the traced hand from seed {seed} played differently")
    return dealt - before, after - dealt


def parlour_hand(
    spec: Game, seed: int, chooser: random.Random, options: object = None, whole_game: bool = False
) -> int:
    """One random hand, from `new_game` to the apply that scores it (or, with `whole_game`, one
    random game, to the state with no legal move); returns its moves."""
    state: GameState = spec.new_game(seed=seed, options=options)
    legal_moves, apply, randrange = spec.legal_moves, spec.apply, chooser.randrange
    moves = 0
    legal = legal_moves(state)
    if whole_game:
        while legal:
            state = apply(state, legal[randrange(len(legal))])
            moves += 1
            legal = legal_moves(state)
        return moves
    start = state.hand
    while legal:
        state = apply(state, legal[randrange(len(legal))])
        moves += 1
        if state.hand != start or any(event.kind is HAND_SCORED for event in state.events):
            break
        legal = legal_moves(state)
    return moves


def parlour_batch(
    spec: Game, seeds: range, chooser_seed: int, options: object = None, whole_game: bool = False
) -> int:
    """One random hand (or game) from each seed, with one chooser; returns the moves in all."""
    chooser = random.Random(chooser_seed)
    return sum(parlour_hand(spec, seed, chooser, options, whole_game) for seed in seeds)


def openspiel_batch(game: OpenSpielGame, hands: int, chooser_seed: int, weighted: bool = False) -> None:
    """`hands` random episodes: one ``randrange`` over ``legal_actions`` at every node (at a
    chance node, its outcomes). With `weighted`, a chance node is read through
    ``chance_outcomes`` and sampled by one ``random()`` against the running sums of its
    probabilities, computed once for the node."""
    chooser = random.Random(chooser_seed)
    randrange = chooser.randrange
    if not weighted:
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                actions = state.legal_actions()
                state.apply_action(actions[randrange(len(actions))])
        return
    draw = chooser.random
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                sums = list(accumulate([p for _, p in outcomes]))
                index = bisect_right(sums, draw() * sums[-1])
                state.apply_action(outcomes[min(index, len(outcomes) - 1)][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[randrange(len(actions))])


def openspiel_outcomes_batch(game: OpenSpielGame, hands: int, chooser_seed: int, weighted: bool = False) -> None:
    """The episodes of `openspiel_batch`, reading a chance node's outcomes from
    ``chance_outcomes`` ((action, probability) pairs), as a driver that trusts no uniformity would.
    With `weighted` this is `openspiel_batch` itself, which reads them already."""
    if weighted:
        openspiel_batch(game, hands, chooser_seed, weighted=True)
        return
    chooser = random.Random(chooser_seed)
    randrange = chooser.randrange
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[randrange(len(actions))])


def openspiel_checked_batch(
    game: OpenSpielGame, name: str, hands: int, chooser_seed: int, weighted: bool = False
) -> tuple[int, int]:
    """The episodes of `openspiel_batch`, checking every chance node: uniform over exactly its
    legal actions (so that one ``randrange`` samples it), or with `weighted`, probabilities over
    exactly its legal actions that are positive and add up to 1; returns (decisions, chance
    actions) in all."""
    chooser = random.Random(chooser_seed)
    decisions = chances = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            if not state.is_chance_node():
                decisions += 1
                state.apply_action(actions[chooser.randrange(len(actions))])
                continue
            chances += 1
            outcomes = state.chance_outcomes()
            if [a for a, _ in outcomes] != actions:
                raise RuntimeError(f"OpenSpiel {name}: a chance node's outcomes are not its legal actions")
            if not weighted:
                if not all(abs(p * len(outcomes) - 1.0) < 1e-9 for _, p in outcomes):
                    raise RuntimeError(
                        f"OpenSpiel {name}: a chance node is not uniform over its actions (race it weighted)"
                    )
                state.apply_action(actions[chooser.randrange(len(actions))])
                continue
            if not all(p > 0 for _, p in outcomes) or abs(math.fsum(p for _, p in outcomes) - 1.0) > 1e-9:
                raise RuntimeError(f"OpenSpiel {name}: a chance node's probabilities do not add up to 1")
            sums = list(accumulate([p for _, p in outcomes]))
            index = bisect_right(sums, chooser.random() * sums[-1])
            state.apply_action(outcomes[min(index, len(outcomes) - 1)][0])
    return decisions, chances


def load_openspiel(name: str) -> OpenSpielGame | None:
    """OpenSpiel's game `name` (with parameters: ``oh_hell(players=4)``), or None without pyspiel."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    loaded: OpenSpielGame = pyspiel.load_game(name)
    return loaded


def race_options(pairing: RaceSpec) -> tuple[Game, object]:
    """parlour's game of a race and the options it plays (None: the defaults)."""
    spec = parlour.game(pairing.game.split("(", 1)[0])
    options = parse_options(spec.options_type, pairing.game)[1] if "(" in pairing.game else None
    return spec, options


def race(pairing: RaceSpec, seconds: float, repeats: int, seed: int) -> Race | None:
    """`repeats` batches of random hands (or games) in each library, each parlour batch about
    `seconds`; None without pyspiel."""
    theirs = load_openspiel(pairing.openspiel_game)
    if theirs is None or pairing.game.split("(", 1)[0] not in parlour.game_names():
        return None
    spec, options = race_options(pairing)
    whole, weighted = pairing.whole_game, pairing.weighted_chance
    hands = 0
    start = time.perf_counter()
    while hands < 10 or time.perf_counter() - start < seconds:
        parlour_hand(spec, seed + hands, random.Random(seed + hands), options, whole)
        hands += 1
    seeds = range(seed, seed + hands)
    moves = parlour_batch(spec, seeds, seed, options, whole)
    decisions, chances = openspiel_checked_batch(theirs, pairing.openspiel_game, hands, seed, weighted)
    batches: tuple[Callable[[], object], ...] = (
        lambda: parlour_batch(spec, seeds, seed, options, whole),
        lambda: openspiel_batch(theirs, hands, seed, weighted),
        lambda: openspiel_outcomes_batch(theirs, hands, seed, weighted),
    )
    if pairing.game == "hearts":
        batches += (lambda: floor_batch(seeds, seed),)
    timings: tuple[list[float], ...] = tuple([] for _ in batches)
    for repeat in range(repeats):
        for turn in range(len(batches)):
            side = (turn + repeat) % len(batches)  # each repetition starts with the next side
            gc.collect()
            start = time.perf_counter()
            batches[side]()
            timings[side].append(time.perf_counter() - start)
    mine, theirs_actions, theirs_outcomes, *floor = (tuple(t) for t in timings)
    return Race(
        pairing.game,
        pairing.openspiel_game,
        pairing.unit,
        hands,
        moves,
        decisions,
        chances,
        mine,
        theirs_actions,
        theirs_outcomes,
        pairing.target,
        weighted,
        floor[0] if floor else (),
        pairing.per_decision,
    )


def _cpu() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):  # not on every platform
        return "unknown"


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def machine(repeats: int, seconds: float) -> dict[str, str]:
    """Where and how the numbers were measured."""
    return {
        "date": datetime.date.today().isoformat(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(terse=True),
        "cpu": _cpu(),
        "cpus": str(os.cpu_count()),
        "load average": _load(),
        "parlour": parlour.__version__,
        "open_spiel": _version("open_spiel"),
        "method": f"median of {repeats} repetitions of about {seconds:g} s each",
        "memory": f"tracemalloc over the first hand of {MEMORY_HANDS} games per game, untimed",
    }


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [
        "  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
        for row in [header, *rows]
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def report_text(info: dict[str, str], results: Sequence[Throughput], races: Sequence[Race], note: str) -> str:
    """The results as plain-text tables."""
    parts = ["; ".join(f"{key}: {value}" for key, value in info.items()), ""]
    parts.append(
        _table(
            (
                "game (options)",
                "moves/s",
                "games/s",
                "µs/move",
                "moves/game",
                "hands/game",
                "new_game bytes",
                "bytes/move",
            ),
            [
                (
                    r.options,
                    f"{r.moves_per_second:,.0f}",
                    f"{r.games_per_second:,.1f}",
                    f"{r.microseconds_per_move:,.1f}",
                    f"{r.moves / r.games:,.0f}",
                    f"{r.hands / r.games:,.1f}",
                    f"{r.new_game_bytes:,.0f}",
                    f"{r.bytes_per_move:,.0f}",
                )
                for r in results
            ],
        )
    )
    parts.append("")
    if races:
        parts.append(
            _table(
                (
                    "one random hand (or game)",
                    "unit",
                    "parlour ms",
                    "OpenSpiel ms",
                    "ratio",
                    "range",
                    "target",
                    "met",
                    "via chance_outcomes",
                    "moves",
                    "decisions+chance",
                ),
                [
                    (
                        f"{r.game} / {r.openspiel_game}",
                        r.unit,
                        f"{r.parlour_ms_per_hand:.3f}",
                        f"{r.openspiel_ms_per_hand:.3f}",
                        f"{r.ratio:.2f}",
                        f"{r.ratio_range[0]:.2f}-{r.ratio_range[1]:.2f}",
                        f"<= {r.target_ratio:g}",
                        "yes" if r.target_met else "NO",
                        f"{r.outcomes_ms_per_hand:.3f} ms, ratio {r.outcomes_ratio:.2f}",
                        f"{r.parlour_moves / r.hands:.1f}",
                        f"{r.openspiel_decisions / r.hands:.1f}+{r.openspiel_chance / r.hands:.1f}"
                        + (" (weighted chance)" if r.weighted_chance else ""),
                    )
                    for r in races
                ],
            )
        )
        parts.append(
            "(ratio: parlour's median over OpenSpiel's; range: the ratios of single repetitions; "
            "via chance_outcomes: OpenSpiel driven through chance_outcomes() at chance nodes; "
            "moves, decisions+chance: per unit, averaged over the batch; weighted chance: "
            "OpenSpiel's chance nodes sampled by their probabilities, so both drivers read chance_outcomes)"
        )
        parts.extend(_floor_sentence(r) for r in races if r.floor_ratio is not None)
    else:
        parts.append(note)
    return "\n".join(parts)


def _floor_sentence(race: Race) -> str:
    """What the rules-only floor of `race`'s game costs against OpenSpiel and against parlour."""
    assert race.floor_ratio is not None
    parlour_over_floor = race.ratio / race.floor_ratio
    return (
        f"The same {race.game} hands played by benchmarks/floor_hearts.py (the rules alone in plain "
        f"Python): {race.floor_ratio:.2f} times OpenSpiel; parlour is {parlour_over_floor:.2f} times the floor."
    )


def _list_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = [f".. list-table:: {title}", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines += [f"   * - {row[0]}", *(f"     - {cell}" for cell in row[1:])]
    return [*lines, ""]


def report_rst(info: dict[str, str], results: Sequence[Throughput], races: Sequence[Race]) -> str:
    """The results as the reST list-tables of docs/benchmarks.rst."""
    lines = [f"..  {'; '.join(f'{key}: {value}' for key, value in info.items())}", ""]
    lines += _list_table(
        "Random whole games (quick options where the game has them), and the memory of a first hand",
        (
            "game (options)",
            "moves/s",
            "games/s",
            "µs/move",
            "moves/game",
            "hands/game",
            "new_game bytes",
            "bytes/move",
        ),
        [
            (
                f"``{r.options}``",
                f"{r.moves_per_second:,.0f}",
                f"{r.games_per_second:,.1f}",
                f"{r.microseconds_per_move:,.1f}",
                f"{r.moves / r.games:,.0f}",
                f"{r.hands / r.games:,.1f}",
                f"{r.new_game_bytes:,.0f}",
                f"{r.bytes_per_move:,.0f}",
            )
            for r in results
        ],
    )
    if races:
        lines += _list_table(
            "One random hand (or game), parlour against OpenSpiel",
            ("game", "unit", "parlour ms/unit", "OpenSpiel ms/unit", "ratio (range)", "target", "met"),
            [
                (
                    f"``{r.game}`` / ``{r.openspiel_game}``",
                    r.unit,
                    f"{r.parlour_ms_per_hand:.3f}",
                    f"{r.openspiel_ms_per_hand:.3f}",
                    f"{r.ratio:.2f} ({r.ratio_range[0]:.2f}-{r.ratio_range[1]:.2f})",
                    f"at most {r.target_ratio:g}",
                    "yes" if r.target_met else "no",
                )
                for r in races
            ],
        )
        lines += _list_table(
            "The same hands: their length, and OpenSpiel read through chance_outcomes",
            (
                "game",
                "parlour moves/unit",
                "OpenSpiel decisions + chance/unit",
                "via chance_outcomes: ms/unit (ratio)",
            ),
            [
                (
                    f"``{r.game}`` / ``{r.openspiel_game}``",
                    f"{r.parlour_moves / r.hands:.1f}",
                    f"{r.openspiel_decisions / r.hands:.1f} + {r.openspiel_chance / r.hands:.1f}",
                    f"{r.outcomes_ms_per_hand:.3f} ({r.outcomes_ratio:.2f})"
                    + (" (the same driver: weighted chance)" if r.weighted_chance else ""),
                )
                for r in races
            ],
        )
        lines += [_floor_sentence(r) for r in races if r.floor_ratio is not None]
    return "\n".join(lines)


def _json(info: dict[str, str], results: Sequence[Throughput], races: Sequence[Race]) -> str:
    payload = {
        "machine": info,
        "games": [
            attrs.asdict(r)
            | {
                "moves_per_second": r.moves_per_second,
                "games_per_second": r.games_per_second,
                "microseconds_per_move": r.microseconds_per_move,
            }
            for r in results
        ],
        "openspiel": [
            attrs.asdict(r)
            | {
                "parlour_ms_per_hand": r.parlour_ms_per_hand,
                "openspiel_ms_per_hand": r.openspiel_ms_per_hand,
                "ratio": r.ratio,
                "ratio_range": r.ratio_range,
                "outcomes_ms_per_hand": r.outcomes_ms_per_hand,
                "outcomes_ratio": r.outcomes_ratio,
                "target_met": r.target_met,
                "floor_ratio": r.floor_ratio,
            }
            for r in races
        ],
    }
    return json.dumps(payload, indent=2)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the benchmarks and prints tables (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="length of one repetition (per game, per driver)"
    )
    parser.add_argument("--repeats", type=int, default=7, help="repetitions; the tables show their median")
    parser.add_argument("--seed", type=int, default=1, help="first game seed (and the move chooser's seed)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON instead of tables")
    output.add_argument("--rst", action="store_true", help="print the reST tables of docs/benchmarks.rst")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel race")
    args = parser.parse_args(argv)
    if args.repeats < 1 or args.seconds <= 0:
        parser.error("--repeats must be at least 1 and --seconds positive")
    names = args.games or list(parlour.game_names())
    unknown = [name for name in names if name not in parlour.game_names()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(parlour.game_names())}")
    info = machine(args.repeats, args.seconds)
    results = [measure_throughput(name, args.seconds, args.repeats, args.seed) for name in names]
    races: list[Race] = []
    note = "OpenSpiel race skipped (--no-openspiel)."
    if not args.no_openspiel:
        for pairing in OPENSPIEL_RACES:
            if pairing.game.split("(", 1)[0] in names:
                outcome = race(pairing, args.seconds, args.repeats, args.seed)
                if outcome is not None:
                    races.append(outcome)
        if importlib.util.find_spec("pyspiel") is None:
            note = "OpenSpiel race skipped: pyspiel is not installed (pip install -e '.[bench]')."
        else:
            note = "No OpenSpiel race: none of the chosen games has an OpenSpiel counterpart."
    if args.json:
        print(_json(info, results, races))
    elif args.rst:
        print(report_rst(info, results, races))
    else:
        print(report_text(info, results, races, note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
