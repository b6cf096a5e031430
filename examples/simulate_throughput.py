"""Games per second of `parlour.simulate` between random bots: one core, every core, and Ray.

    python examples/simulate_throughput.py                # a quick look (few short games)
    python examples/simulate_throughput.py --full --ray   # the figures of docs/simulation.rst

``--full`` plays whole default matches (400 of Hearts, 40 of Gin Rummy) instead of a few short
ones; ``--ray`` adds a local Ray instance with as many CPUs as this process may use (its start-up
is not timed). Each figure is one run: on a busy machine they move from run to run.
"""

from __future__ import annotations

import argparse
import os
import time

import parlour

FULL_GAMES = {"hearts": 400, "gin_rummy": 40}
"""Games per run with --full: each run takes a few seconds on one core."""
QUICK_GAMES = {"hearts": 12, "gin_rummy": 4}


def games_per_second(name: str, games: int, quick: bool, workers: int | None, backend: str = "local") -> float:
    """Games per second of one run of `games` games of `name` between random bots."""
    start = time.perf_counter()
    parlour.simulate(name, "random", games=games, seed=1, quick=quick, workers=workers, backend=backend)
    return games / (time.perf_counter() - start)


def through_ray(counts: dict[str, int], quick: bool, cores: int) -> dict[str, float]:
    """Games per second of each game on a local Ray instance of `cores` CPUs, started (untimed)
    after the local runs, so that no process pool forks a process that runs Ray's threads."""
    import ray

    ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        return {name: games_per_second(name, games, quick, workers=None, backend="ray") for name, games in counts.items()}
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="whole default matches, many of them")
    parser.add_argument("--ray", action="store_true", help="also through a local Ray instance")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    counts, quick = (FULL_GAMES, False) if args.full else (QUICK_GAMES, True)
    one = {name: games_per_second(name, games, quick, workers=1) for name, games in counts.items()}
    every = {name: games_per_second(name, games, quick, workers=cores) for name, games in counts.items()}
    on_ray = through_ray(counts, quick, cores) if args.ray else {}
    print(f"{'game':<10}  {'matches':<8}  {'games':>5}  {'1 core':>8}  {f'{cores} cores':>8}  {'Ray':>8}  (games/s)")
    for name, games in counts.items():
        ray_text = f"{on_ray[name]:8.1f}" if name in on_ray else f"{'-':>8}"
        matches = "quick" if quick else "default"
        print(f"{name:<10}  {matches:<8}  {games:>5}  {one[name]:8.1f}  {every[name]:8.1f}  {ray_text}")


if __name__ == "__main__":
    main()
