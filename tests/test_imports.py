"""The import-time budget, checked by what gets imported, never by a clock.

``import parlour`` plus one game must stay well under 0.1 s (``benchmarks/imports.py`` measures
it; docs/benchmarks.rst, "Import time", has the numbers). What keeps it there is not importing
what a plain import or a game does not use: JSON and records, the dominoes (only the tile games
need them), the family modules of other games, the bots and adapters, and heavy standard
modules. A change that pulls one of them back into a plain import fails here.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import parlour

NOT_ON_IMPORT = (
    "parlour.core.serialize",
    "parlour.core.record",
    "parlour.core.options",
    "parlour.core.notation",
    "parlour.core.dominoes",
    "parlour.core.melds",
    "parlour.core.auction",
    "parlour.core.dice",
    "parlour.simulation",
    "parlour.games",
    "json",
)
"""Modules ``import parlour`` alone must not import: `parlour.to_json`, `parlour.Record` and
`parlour.simulate` load theirs on first use, and no game is imported before it is asked for."""

NEVER_WITH_GAMES = (
    "parlour.bots",
    "parlour.adapters",
    "parlour.cli",
    "parlour.analytics",
    "parlour.simulation",
    "parlour.tools",
    "parlour.core.serialize",
    "parlour.core.record",
    "json",
    "pathlib",
    "urllib",
    "ipaddress",
    "dataclasses",
    "multiprocessing",
    "concurrent",
    "asyncio",
    "subprocess",
    "numpy",
)
"""Modules (or packages) that no game module needs to import, nor ``import parlour``."""


def _imported(code: str) -> list[str]:
    """The module names in `sys.modules` after running `code` in a fresh interpreter."""
    script = f"{code}\nimport sys\nloaded = sorted(sys.modules)\nimport json\nprint(json.dumps(loaded))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return names


def _loaded(names: list[str], banned: tuple[str, ...]) -> list[str]:
    """The banned modules (or modules of banned packages) among `names`."""
    return [n for n in names if any(n == b or n.startswith(b + ".") for b in banned)]


def test_plain_import_loads_no_game_and_no_lazy_module() -> None:
    names = _imported("import parlour")
    assert _loaded(names, NOT_ON_IMPORT + NEVER_WITH_GAMES) == []
    assert "parlour.core.game" in names and "parlour.core.registry" in names  # the check sees imports


def test_games_import_nothing_they_do_not_use() -> None:
    """Every game imported the way users do (through the registry and directly), in one
    interpreter: if none of them brings in a banned module together, none does alone."""
    games = parlour.game_names()
    code = "import parlour\n" + "".join(f"parlour.game({n!r})\nimport parlour.games.{n}\n" for n in games)
    names = _imported(code)
    assert set(f"parlour.games.{n}" for n in games) <= set(names)
    assert _loaded(names, NEVER_WITH_GAMES) == []


@pytest.mark.parametrize("game", ["hearts", "gin_rummy"])
def test_a_card_game_leaves_the_dominoes_out(game: str) -> None:
    """Zones hold cards without importing the dominoes, which register their tiles themselves."""
    names = _imported(f"import parlour\nparlour.game({game!r})")
    assert "parlour.core.dominoes" not in names


def test_lazy_names_are_the_real_ones() -> None:
    """`parlour.to_json`, `from_json`, `Record`, `simulate` and `SeatResult` still work (loaded on
    first use) and are the objects of their modules."""
    from parlour.core import record, serialize
    from parlour.simulation import SeatResult, simulate

    assert parlour.to_json is serialize.to_json and parlour.from_json is serialize.from_json
    assert parlour.Record is record.Record
    assert parlour.simulate is simulate and parlour.SeatResult is SeatResult
    assert set(parlour.__all__) <= set(dir(parlour)) | set(parlour._LAZY)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        getattr(parlour, "nothing")


def test_json_round_trip_after_a_plain_import() -> None:
    names = _imported(
        "import parlour\nhearts = parlour.game('hearts')\nstate = hearts.new_game(seed=3)\n"
        "assert parlour.from_json(parlour.to_json(state)) == state"
    )
    assert "parlour.core.serialize" in names


def test_the_import_benchmark_measures_each_way_of_importing() -> None:
    """`benchmarks/imports.py` (a script, loaded from its path) times one game both ways and
    writes the docs table; what it measures is never asserted, only that it measures."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "imports.py"
    spec = importlib.util.spec_from_file_location("parlour_benchmarks_imports", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    best = script.measure(["old_maid"], repeats=1)
    assert list(best) == ["old_maid"]
    assert set(best["old_maid"]) == {"parlour", "parlour_cpu", "game", "game_cpu", "direct", "direct_cpu"}
    table = script.rst_table(best, before=best)
    assert table.splitlines()[:2] == [".. list-table::", "   :header-rows: 1"]
    assert "   * - old_maid" in table.splitlines()
