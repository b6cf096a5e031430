"""Throughput of random games for every registered game, and a per-hand race with OpenSpiel.

Run ``make bench`` (or ``.venv/bin/python benchmarks/run.py --help``). Both parts drive the games
the same lean way: at every step, one ``randrange`` over the legal moves (``legal_moves`` in
parlour, ``legal_actions`` in OpenSpiel) picks the move; the timed loops do nothing else but
test for the end.

* *Throughput.* A *game* is one whole game of random moves, from ``new_game(seed=s)`` (with
  ``GameSpec.quick`` options where the game has them: a short match) until ``legal_moves`` is
  empty. One repetition plays the same fixed list of seeds with the same move chooser, so every
  repetition does exactly the same work; moves per second and games per second come from the
  median repetition.
* *The OpenSpiel race* (only when ``pyspiel`` is importable: ``pip install -e '.[bench]'``)
  times one random hand, from the deal to its scoring, in both libraries. parlour: ``new_game``,
  then moves until the first state whose ``hand`` differs from the first one or whose events
  include ``HAND_SCORED``, that apply included (the same apply also deals the next hand; no
  move of that hand is played). OpenSpiel: one episode of its game, which is one hand, including
  its chance nodes (every card dealt, Hearts' pass direction, Gin Rummy's draws from the stock).
  Every chance node of these games is uniform over its legal actions (checked on the same hands
  before timing), so one ``randrange`` over ``legal_actions`` samples it exactly. The same hands
  are timed a second way, reading each chance node through ``chance_outcomes`` (a list of
  (action, probability) pairs), to show how much the driver alone moves the ratio. Each
  repetition times one batch of the same hands per driver, in rotating order; the ratio is
  parlour's median over OpenSpiel's.

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
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final, Protocol

import attrs

import parlour
from parlour.core.events import EventKind
from parlour.core.game import Game, GameState
from parlour.core.options import options_text, parse_options

OPENSPIEL_RACES: Final = (
    # (parlour game with its options, OpenSpiel game, target: parlour time per hand at most this
    # times OpenSpiel's). A solitaire's "hand" is a whole game: OpenSpiel's ``solitaire`` stops
    # after 150 actions (its ``depth_limit``), so parlour's Klondike plays with the same cap.
    ("hearts", "hearts", 2.0),
    ("gin_rummy", "gin_rummy", 0.5),
    ("klondike(max_moves=150)", "solitaire", 1.5),
)
HAND_SCORED: Final = EventKind.HAND_SCORED


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
    """Random whole games of one game, repeated on the same seeds."""

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
    """One random hand in parlour and in OpenSpiel, repeated on the same hands."""

    game: str
    openspiel_game: str
    hands: int
    """Hands per batch (the same hands in every repetition)."""
    parlour_moves: int
    """parlour's moves in one batch."""
    openspiel_decisions: int
    """OpenSpiel's player actions in one batch."""
    openspiel_chance: int
    """OpenSpiel's chance actions in one batch."""
    parlour_seconds: tuple[float, ...]
    """The wall time of each repetition's parlour batch."""
    openspiel_seconds: tuple[float, ...]
    """The wall time of each repetition's OpenSpiel batch (``legal_actions`` at chance nodes)."""
    outcomes_seconds: tuple[float, ...]
    """The same OpenSpiel batch driven through ``chance_outcomes`` at chance nodes instead."""
    target_ratio: float

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
        """parlour's median time per hand over OpenSpiel's (below 1: parlour is faster)."""
        return statistics.median(self.parlour_seconds) / statistics.median(self.openspiel_seconds)

    @property
    def ratio_range(self) -> tuple[float, float]:
        """The lowest and highest ratio of one repetition's two batches."""
        ratios = [mine / theirs for mine, theirs in zip(self.parlour_seconds, self.openspiel_seconds)]
        return min(ratios), max(ratios)

    @property
    def outcomes_ratio(self) -> float:
        """`ratio` against the OpenSpiel driver that reads ``chance_outcomes`` at chance nodes."""
        return statistics.median(self.parlour_seconds) / statistics.median(self.outcomes_seconds)

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
    """Random games of `name`: as many seeds as fill about `seconds`, played `repeats` times."""
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
    return Throughput(name, options_text(name, options), games, counts[0], counts[1], tuple(timings))


def parlour_hand(spec: Game, seed: int, chooser: random.Random, options: object = None) -> int:
    """One random hand, from `new_game` to the apply that scores it; returns its moves."""
    state: GameState = spec.new_game(seed=seed, options=options)
    legal_moves, apply, randrange = spec.legal_moves, spec.apply, chooser.randrange
    start = state.hand
    moves = 0
    legal = legal_moves(state)
    while legal:
        state = apply(state, legal[randrange(len(legal))])
        moves += 1
        if state.hand != start or any(event.kind is HAND_SCORED for event in state.events):
            break
        legal = legal_moves(state)
    return moves


def parlour_batch(spec: Game, seeds: range, chooser_seed: int, options: object = None) -> int:
    """One random hand from each seed, with one chooser; returns the moves in all."""
    chooser = random.Random(chooser_seed)
    return sum(parlour_hand(spec, seed, chooser, options) for seed in seeds)


def openspiel_batch(game: OpenSpielGame, hands: int, chooser_seed: int) -> None:
    """`hands` random episodes: one ``randrange`` over ``legal_actions`` at every node (at a
    chance node, its outcomes)."""
    chooser = random.Random(chooser_seed)
    randrange = chooser.randrange
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[randrange(len(actions))])


def openspiel_outcomes_batch(game: OpenSpielGame, hands: int, chooser_seed: int) -> None:
    """The episodes of `openspiel_batch`, reading a chance node's outcomes from
    ``chance_outcomes`` ((action, probability) pairs), as a driver that trusts no uniformity would."""
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


def openspiel_checked_batch(game: OpenSpielGame, name: str, hands: int, chooser_seed: int) -> tuple[int, int]:
    """The episodes of `openspiel_batch`, checking that every chance node is uniform over
    exactly its legal actions (so that one ``randrange`` samples it); returns (decisions,
    chance actions) in all."""
    chooser = random.Random(chooser_seed)
    decisions = chances = 0
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                uniform = all(abs(p * len(outcomes) - 1.0) < 1e-9 for _, p in outcomes)
                if not uniform or [a for a, _ in outcomes] != actions:
                    raise RuntimeError(f"OpenSpiel {name}: a chance node is not uniform over its actions")
                chances += 1
            else:
                decisions += 1
            state.apply_action(actions[chooser.randrange(len(actions))])
    return decisions, chances


def load_openspiel(name: str) -> OpenSpielGame | None:
    """OpenSpiel's game `name`, or None without pyspiel."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    loaded: OpenSpielGame = pyspiel.load_game(name)
    return loaded


def race(
    name: str, openspiel_name: str, target: float, seconds: float, repeats: int, seed: int
) -> Race | None:
    """`repeats` batches of random hands in each library, each parlour batch about `seconds`."""
    theirs = load_openspiel(openspiel_name)
    base = name.split("(", 1)[0]
    if theirs is None or base not in parlour.game_names():
        return None
    spec = parlour.game(base)
    options = parse_options(spec.options_type, name)[1] if "(" in name else None
    hands = 0
    start = time.perf_counter()
    while hands < 10 or time.perf_counter() - start < seconds:
        parlour_hand(spec, seed + hands, random.Random(seed + hands), options)
        hands += 1
    seeds = range(seed, seed + hands)
    moves = parlour_batch(spec, seeds, seed, options)
    decisions, chances = openspiel_checked_batch(theirs, openspiel_name, hands, seed)
    batches: tuple[Callable[[], object], ...] = (
        lambda: parlour_batch(spec, seeds, seed, options),
        lambda: openspiel_batch(theirs, hands, seed),
        lambda: openspiel_outcomes_batch(theirs, hands, seed),
    )
    timings: tuple[list[float], ...] = ([], [], [])
    for repeat in range(repeats):
        for turn in range(len(batches)):
            side = (turn + repeat) % len(batches)  # each repetition starts with the next side
            gc.collect()
            start = time.perf_counter()
            batches[side]()
            timings[side].append(time.perf_counter() - start)
    mine, theirs_actions, theirs_outcomes = (tuple(t) for t in timings)
    return Race(
        name, openspiel_name, hands, moves, decisions, chances, mine, theirs_actions, theirs_outcomes, target
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
            ("game (options)", "moves/s", "games/s", "µs/move", "moves/game", "hands/game"),
            [
                (
                    r.options,
                    f"{r.moves_per_second:,.0f}",
                    f"{r.games_per_second:,.1f}",
                    f"{r.microseconds_per_move:,.1f}",
                    f"{r.moves / r.games:,.0f}",
                    f"{r.hands / r.games:,.1f}",
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
                    "one random hand",
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
                        f"{r.parlour_ms_per_hand:.3f}",
                        f"{r.openspiel_ms_per_hand:.3f}",
                        f"{r.ratio:.2f}",
                        f"{r.ratio_range[0]:.2f}-{r.ratio_range[1]:.2f}",
                        f"<= {r.target_ratio:g}",
                        "yes" if r.target_met else "NO",
                        f"{r.outcomes_ms_per_hand:.3f} ms, ratio {r.outcomes_ratio:.2f}",
                        f"{r.parlour_moves / r.hands:.1f}",
                        f"{r.openspiel_decisions / r.hands:.1f}+{r.openspiel_chance / r.hands:.1f}",
                    )
                    for r in races
                ],
            )
        )
        parts.append(
            "(ratio: parlour's median over OpenSpiel's; range: the ratios of single repetitions; "
            "via chance_outcomes: OpenSpiel driven through chance_outcomes() at chance nodes; "
            "moves, decisions+chance: per hand, averaged over the batch)"
        )
    else:
        parts.append(note)
    return "\n".join(parts)


def _list_table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    lines = [f".. list-table:: {title}", "   :header-rows: 1", ""]
    for row in [header, *rows]:
        lines += [f"   * - {row[0]}", *(f"     - {cell}" for cell in row[1:])]
    return [*lines, ""]


def report_rst(info: dict[str, str], results: Sequence[Throughput], races: Sequence[Race]) -> str:
    """The results as the reST list-tables of docs/benchmarks.rst."""
    lines = [f"..  {'; '.join(f'{key}: {value}' for key, value in info.items())}", ""]
    lines += _list_table(
        "Random whole games (quick options where the game has them)",
        ("game (options)", "moves/s", "games/s", "µs/move", "moves/game", "hands/game"),
        [
            (
                f"``{r.options}``",
                f"{r.moves_per_second:,.0f}",
                f"{r.games_per_second:,.1f}",
                f"{r.microseconds_per_move:,.1f}",
                f"{r.moves / r.games:,.0f}",
                f"{r.hands / r.games:,.1f}",
            )
            for r in results
        ],
    )
    if races:
        lines += _list_table(
            "One random hand, parlour against OpenSpiel",
            ("game", "parlour ms/hand", "OpenSpiel ms/hand", "ratio (range)", "target", "met"),
            [
                (
                    f"``{r.game}`` / ``{r.openspiel_game}``",
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
                "parlour moves/hand",
                "OpenSpiel decisions + chance/hand",
                "via chance_outcomes: ms/hand (ratio)",
            ),
            [
                (
                    f"``{r.game}`` / ``{r.openspiel_game}``",
                    f"{r.parlour_moves / r.hands:.1f}",
                    f"{r.openspiel_decisions / r.hands:.1f} + {r.openspiel_chance / r.hands:.1f}",
                    f"{r.outcomes_ms_per_hand:.3f} ({r.outcomes_ratio:.2f})",
                )
                for r in races
            ],
        )
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
        for name, openspiel_name, target in OPENSPIEL_RACES:
            if name.split("(", 1)[0] in names:
                outcome = race(name, openspiel_name, target, args.seconds, args.repeats, args.seed)
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
