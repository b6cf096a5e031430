"""Throughput of random playouts for every registered game, and a per-hand race with OpenSpiel.

Run ``make bench`` (or ``.venv/bin/python benchmarks/run.py --help``). What is measured:

* A *playout* is one whole game: ``new_game(seed=s)``, then ``legal_moves``, a uniformly random
  choice among all of them, and ``apply``, repeated until ``is_over``.
* *µs per move* is the wall time of all playouts divided by the moves applied (so it includes
  ``legal_moves``, the random choice, ``apply`` and the share of ``new_game``).
* A *hand* is one value of ``state.hand``: a playout plays as many hands as its final
  ``state.hand``, and *hands per second* is their total over the playout time.
* The OpenSpiel race (only when ``pyspiel`` is importable: ``pip install '.[bench]'``) times one
  hand from the deal to its scoring. For parlour that is ``new_game`` through the first hand,
  stopping when ``state.hand`` becomes 2 or the game ends. For OpenSpiel it is one episode of its
  game, which is one hand, with every chance node (the deal, the pass direction) sampled from
  its outcome probabilities. Both pick uniformly among the legal moves; batches of the two
  alternate so that a change in machine load hits both alike.

Timings are never asserted in tests; the numbers in docs/benchmarks.rst come from this script.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import importlib.util
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Final

import attrs

import parlour
from parlour.core.game import Game

OPENSPIEL_RACES: Final = (
    # (parlour game, OpenSpiel game, target: parlour time per hand at most this times OpenSpiel's)
    ("hearts", "hearts", 2.0),
    ("gin_rummy", "gin_rummy", 0.5),
)


@attrs.frozen
class Throughput:
    """Random playouts of one game."""

    game: str
    playouts: int
    hands: int
    moves: int
    seconds: float

    @property
    def playouts_per_second(self) -> float:
        return self.playouts / self.seconds

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds

    @property
    def microseconds_per_move(self) -> float:
        return self.seconds * 1e6 / self.moves


@attrs.frozen
class Race:
    """Time per random hand in parlour and in OpenSpiel, over alternating batches."""

    game: str
    openspiel_game: str
    hands: int
    parlour_seconds: float
    openspiel_seconds: float
    target_ratio: float

    @property
    def parlour_ms_per_hand(self) -> float:
        return self.parlour_seconds * 1e3 / self.hands

    @property
    def openspiel_ms_per_hand(self) -> float:
        return self.openspiel_seconds * 1e3 / self.hands

    @property
    def ratio(self) -> float:
        """parlour's time per hand over OpenSpiel's (below 1: parlour is faster)."""
        return self.parlour_seconds / self.openspiel_seconds

    @property
    def target_met(self) -> bool:
        return self.ratio <= self.target_ratio


def playout(spec: Game, seed: int, chooser: random.Random) -> tuple[int, int]:
    """Plays one random game; returns (hands, moves)."""
    state = spec.new_game(seed=seed)
    legal_moves, apply = spec.legal_moves, spec.apply
    moves = 0
    legal = legal_moves(state)
    while legal:
        state = apply(state, legal[chooser.randrange(len(legal))])
        moves += 1
        legal = legal_moves(state)
    return state.hand, moves


def measure_throughput(name: str, budget: float, seed: int) -> Throughput:
    """Random playouts of `name` for about `budget` seconds (at least three games)."""
    spec = parlour.game(name)
    chooser = random.Random(seed)
    playouts = hands = moves = 0
    gc.collect()
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < budget or playouts < 3:
        played_hands, played_moves = playout(spec, seed + playouts, chooser)
        playouts += 1
        hands += played_hands
        moves += played_moves
        elapsed = time.perf_counter() - start
    return Throughput(name, playouts, hands, moves, elapsed)


def parlour_hand(spec: Game, seed: int, chooser: random.Random) -> None:
    """One random hand: from `new_game` until the first hand is scored."""
    state = spec.new_game(seed=seed)
    legal_moves, apply = spec.legal_moves, spec.apply
    legal = legal_moves(state)
    while legal:
        state = apply(state, legal[chooser.randrange(len(legal))])
        if state.hand != 1:
            return
        legal = legal_moves(state)


def openspiel_hand_player(openspiel_name: str) -> Callable[[random.Random], None] | None:
    """A function playing one random episode of an OpenSpiel game, or None without pyspiel."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    loaded = pyspiel.load_game(openspiel_name)

    def play(chooser: random.Random) -> None:
        state = loaded.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [action for action, _ in outcomes]
                weights = [probability for _, probability in outcomes]
                state.apply_action(chooser.choices(actions, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[chooser.randrange(len(legal))])

    return play


def race(name: str, openspiel_name: str, target: float, budget: float, seed: int) -> Race | None:
    """Alternating batches of random hands in both libraries for about `budget` seconds."""
    play_openspiel = openspiel_hand_player(openspiel_name)
    if play_openspiel is None or name not in parlour.game_names():
        return None
    spec = parlour.game(name)
    chooser = random.Random(seed)
    batch = 20
    hands = 0
    mine = theirs = 0.0
    while mine + theirs < budget or hands < batch * 3:
        gc.collect()
        start = time.perf_counter()
        for offset in range(batch):
            parlour_hand(spec, seed + hands + offset, chooser)
        mine += time.perf_counter() - start
        gc.collect()
        start = time.perf_counter()
        for _ in range(batch):
            play_openspiel(chooser)
        theirs += time.perf_counter() - start
        hands += batch
    return Race(name, openspiel_name, hands, mine, theirs, target)


def machine() -> dict[str, str]:
    """Where the numbers come from."""
    return {
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(terse=True),
        "cpus": str(os.cpu_count()),
        "parlour": parlour.__version__,
    }


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
             for row in [header, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def report_text(info: dict[str, str], results: Sequence[Throughput], races: Sequence[Race], note: str) -> str:
    """The results as plain-text tables."""
    parts = [", ".join(f"{key} {value}" for key, value in info.items()), ""]
    parts.append(
        _table(
            ("game", "playouts/s", "hands/s", "µs/move", "moves/game", "hands/game"),
            [
                (
                    r.game,
                    f"{r.playouts_per_second:,.1f}",
                    f"{r.hands_per_second:,.1f}",
                    f"{r.microseconds_per_move:,.1f}",
                    f"{r.moves / r.playouts:,.0f}",
                    f"{r.hands / r.playouts:,.1f}",
                )
                for r in results
            ],
        )
    )
    parts.append("")
    if races:
        parts.append(
            _table(
                ("one random hand", "parlour ms", "OpenSpiel ms", "ratio", "target", "met"),
                [
                    (
                        f"{r.game} / {r.openspiel_game}",
                        f"{r.parlour_ms_per_hand:.3f}",
                        f"{r.openspiel_ms_per_hand:.3f}",
                        f"{r.ratio:.2f}",
                        f"<= {r.target_ratio:g}",
                        "yes" if r.target_met else "NO",
                    )
                    for r in races
                ],
            )
        )
    else:
        parts.append(note)
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs the benchmarks and prints a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per game and per race")
    parser.add_argument("--seed", type=int, default=1, help="first game seed")
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    parser.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel race")
    args = parser.parse_args(argv)
    names = args.games or list(parlour.game_names())
    unknown = [name for name in names if name not in parlour.game_names()]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; games: {', '.join(parlour.game_names())}")
    results = [measure_throughput(name, args.seconds, args.seed) for name in names]
    races: list[Race] = []
    note = "OpenSpiel race skipped (--no-openspiel)."
    if not args.no_openspiel:
        for name, openspiel_name, target in OPENSPIEL_RACES:
            if name in names:
                outcome = race(name, openspiel_name, target, args.seconds, args.seed)
                if outcome is not None:
                    races.append(outcome)
        if importlib.util.find_spec("pyspiel") is None:
            note = "OpenSpiel race skipped: pyspiel is not installed (pip install -e '.[bench]')."
        else:
            note = "No OpenSpiel race: none of the chosen games has an OpenSpiel counterpart."
    info = machine()
    if args.json:
        payload = {
            "machine": info,
            "games": [
                attrs.asdict(r)
                | {
                    "playouts_per_second": r.playouts_per_second,
                    "hands_per_second": r.hands_per_second,
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
                    "target_met": r.target_met,
                }
                for r in races
            ],
        }
        print(json.dumps(payload, indent=2))
    else:
        print(report_text(info, results, races, note))
    return 0


if __name__ == "__main__":
    sys.exit(main())
