"""Import time of ``import parlour`` plus each game, every game in a fresh interpreter.

Each measurement starts a new ``python -c`` and times the import statements themselves
(``time.perf_counter`` and ``time.process_time`` around them, so the interpreter's own start is
left out), in the two ways users import a game:

* *through the registry*: ``import parlour`` then ``parlour.game(name)``;
* *directly*: ``import parlour.games.<name>`` (which imports ``parlour`` first).

Every game is measured `REPEATS` times in turn (interleaved, so a burst of load from elsewhere
lands on one run of each game, not on every run of one game), and each keeps its best run.

Bytecode: an installed package has its ``.pyc`` files compiled, so by default every run reads
bytecode cached under a temporary ``PYTHONPYCACHEPREFIX`` (compiled by one warm-up import of
every game, and never written into the checkout). ``--source`` times parlour's modules compiled
from source at every import (what a checkout run with ``PYTHONDONTWRITEBYTECODE=1`` and no
``__pycache__`` pays), with the standard library's and attrs' bytecode still cached.

    .venv/bin/python benchmarks/imports.py                 # every game, best of 5
    .venv/bin/python benchmarks/imports.py hearts gin_rummy --repeats 9
    .venv/bin/python benchmarks/imports.py --json > before.json   # then, after a change:
    .venv/bin/python benchmarks/imports.py --rst --before before.json   # docs/benchmarks.rst's table
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

import parlour

REPEATS = 5
"""Fresh interpreters per game and way of importing; each keeps its best."""

_THROUGH_REGISTRY = """\
import time
wall, cpu = time.perf_counter(), time.process_time()
import parlour
base = time.perf_counter() - wall, time.process_time() - cpu
parlour.game({name!r})
print(*base, time.perf_counter() - wall, time.process_time() - cpu)
"""
"""Times ``import parlour`` alone and with the game added: wall and CPU seconds of each."""

_DIRECT = """\
import time
wall, cpu = time.perf_counter(), time.process_time()
import parlour.games.{name}
print(time.perf_counter() - wall, time.process_time() - cpu)
"""
"""Times ``import parlour.games.<name>``: wall and CPU seconds."""

Timing = dict[str, float]
"""One game's best seconds: ``parlour`` and ``parlour_cpu`` (``import parlour`` alone),
``game``/``game_cpu`` (``import parlour`` and ``parlour.game(name)``), ``direct``/``direct_cpu``."""


def _run(code: str, env: Mapping[str, str]) -> list[float]:
    """Runs `code` in a fresh interpreter; the numbers it prints."""
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return [float(word) for word in done.stdout.split()]


def _environment(cache: Path, names: Sequence[str], source: bool) -> dict[str, str]:
    """The environment of every run: bytecode cached under `cache` (compiled by importing the
    games `names` once); with `source`, parlour's own bytecode removed and never written again."""
    env = dict(os.environ, PYTHONPYCACHEPREFIX=str(cache))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    warm_up = f"import parlour\nfor name in {list(names)!r}: parlour.game(name)"
    subprocess.run([sys.executable, "-c", warm_up], env=env, check=True)
    if source:
        package = Path(parlour.__file__).resolve().parent
        shutil.rmtree(cache / package.relative_to(package.anchor))
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def measure(names: Sequence[str], repeats: int = REPEATS, source: bool = False) -> dict[str, Timing]:
    """Each game's best import times in seconds over `repeats` interleaved rounds."""
    best = {name: dict.fromkeys(("parlour", "parlour_cpu", "game", "game_cpu", "direct", "direct_cpu"), float("inf")) for name in names}
    with tempfile.TemporaryDirectory(prefix="parlour_pycache_") as cache:
        env = _environment(Path(cache), names, source)
        for _ in range(repeats):
            for name in names:
                timing = best[name]
                parlour_wall, parlour_cpu, game_wall, game_cpu = _run(_THROUGH_REGISTRY.format(name=name), env)
                direct_wall, direct_cpu = _run(_DIRECT.format(name=name), env)
                for key, seconds in (
                    ("parlour", parlour_wall),
                    ("parlour_cpu", parlour_cpu),
                    ("game", game_wall),
                    ("game_cpu", game_cpu),
                    ("direct", direct_wall),
                    ("direct_cpu", direct_cpu),
                ):
                    timing[key] = min(timing[key], seconds)
    return best


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f}"


def rst_table(best: Mapping[str, Timing], before: Mapping[str, Timing] | None = None) -> str:
    """The results as an RST list-table in milliseconds, wall (CPU); with `before` (an earlier
    ``--json`` output) a column of its numbers first."""
    columns = ["game"]
    if before is not None:
        columns.append("before: parlour.game(name)")
    columns += ["parlour.game(name)", "import parlour.games.<name>"]
    lines = [".. list-table::", "   :header-rows: 1", ""]
    lines += [f"   {'*' if i == 0 else ' '} - {title}" for i, title in enumerate(columns)]
    for name, timing in best.items():
        cells = [name]
        if before is not None:
            old = before.get(name)
            cells.append(f"{_ms(old['game'])} ({_ms(old['game_cpu'])})" if old else "")
        cells.append(f"{_ms(timing['game'])} ({_ms(timing['game_cpu'])})")
        cells.append(f"{_ms(timing['direct'])} ({_ms(timing['direct_cpu'])})")
        lines += [f"   {'*' if i == 0 else ' '} - {cell}" for i, cell in enumerate(cells)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="fresh interpreters per game; each keeps its best")
    parser.add_argument("--source", action="store_true", help="compile parlour's modules from source at every import")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print the best seconds as JSON")
    output.add_argument("--rst", action="store_true", help="print an RST table (milliseconds)")
    parser.add_argument("--before", type=Path, help="with --rst: a column from an earlier --json output")
    args = parser.parse_args(argv)
    names = args.games or list(parlour.game_names())
    best = measure(names, args.repeats, args.source)
    if args.json:
        print(json.dumps(best, indent=2))
    elif args.rst:
        before = json.loads(args.before.read_text(encoding="utf-8")) if args.before else None
        print(f"import parlour alone: {_ms(min(t['parlour'] for t in best.values()))} ms\n")
        print(rst_table(best, before))
    else:
        alone = min(timing["parlour"] for timing in best.values())
        print(f"import parlour alone: {_ms(alone)} ms (best of every run)")
        print(f"{'game':18} {'parlour.game':>13} {'(CPU)':>6} {'direct':>7} {'(CPU)':>6}   ms, best of {args.repeats}")
        for name, timing in best.items():
            print(
                f"{name:18} {_ms(timing['game']):>13} {_ms(timing['game_cpu']):>6} "
                f"{_ms(timing['direct']):>7} {_ms(timing['direct_cpu']):>6}"
            )
        worst = max(max(timing["game"], timing["direct"]) for timing in best.values())
        print(f"slowest: {_ms(worst)} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
