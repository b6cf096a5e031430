"""Each game's cost per move over a baseline game's, measured so that machine noise cancels.

``run.py`` times one game after another, so a burst of load from elsewhere lands on whichever
game is running and a single run can move a game's time by half. This script checks the
per-move bounds instead: each round plays every game's quick random games in turn with the
baseline's, timed in CPU time (``time.process_time``), and each game keeps its best round; the
ratio is that best over the baseline's best. Interleaving spreads any burst over every game, and
the best of several rounds drops it. Every round deals fresh seeds, so a cache that only pays off
when the same deals come round again buys nothing here.

    .venv/bin/python benchmarks/ratios.py hearts              # every game against Hearts
    .venv/bin/python benchmarks/ratios.py gin_rummy canasta   # one game against Gin Rummy
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Sequence

import parlour
from run import playout

ROUNDS = 5
"""Rounds of every game; each game keeps its best."""
ROUND_SECONDS = 0.3
"""Each game plays enough seeds to take at least this much CPU time per round."""


def _moves(name: str, games: int, first: int = 1) -> int:
    """Plays the quick random games of seeds `first`.. (`games` of them); returns their moves."""
    spec = parlour.game(name)
    options = spec.quick if spec.quick is not None else spec.options_type()
    seeds = range(first, first + games)
    return sum(playout(spec, options, seed, random.Random(seed))[1] for seed in seeds)


def _games_for(name: str, seconds: float = ROUND_SECONDS) -> int:
    """How many seeds take at least `seconds` of CPU time (doubling from one)."""
    games = 1
    while games < 4096:
        start = time.process_time()
        _moves(name, games)
        if time.process_time() - start >= seconds:
            break
        games *= 2
    return games


def best_microseconds(
    names: Sequence[str], rounds: int = ROUNDS, seconds: float = ROUND_SECONDS
) -> dict[str, float]:
    """The best CPU µs per move of each game over `rounds` interleaved rounds of at least
    `seconds` each (longer rounds deal more seeds, so the deals drawn matter less)."""
    sizes = {name: _games_for(name, seconds) for name in names}
    best = dict.fromkeys(names, float("inf"))
    for round_ in range(rounds):
        for name in names:
            gc.collect()
            start = time.process_time()
            moves = _moves(name, sizes[name], first=1 + (round_ + 1) * sizes[name])
            best[name] = min(best[name], (time.process_time() - start) / moves * 1e6)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("baseline", help="the game the others are measured against")
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"interleaved rounds (default {ROUNDS})")
    parser.add_argument(
        "--seconds", type=float, default=ROUND_SECONDS, help=f"CPU seconds a round per game (default {ROUND_SECONDS})"
    )
    args = parser.parse_args(argv)
    names = [args.baseline, *(args.games or [n for n in parlour.game_names() if n != args.baseline])]
    best = best_microseconds(names, args.rounds, args.seconds)
    base = best[args.baseline]
    print(f"{args.baseline}: {base:.2f} µs per move (best of {args.rounds} interleaved rounds, CPU time)")
    for name in names[1:]:
        print(f"{name:18} {best[name]:6.2f} µs per move   {best[name] / base:.2f} times {args.baseline}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
