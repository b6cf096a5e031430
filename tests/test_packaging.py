"""The package metadata agrees with the code (`make dist` builds and smoke-tests the wheel)."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import parlour
from parlour.tools.smoke import smoke

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_written_once() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert importlib.metadata.version("parlour") == parlour.__version__


def test_every_extra_the_docs_name_is_declared() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {"dev", "bench", "fast", "pettingzoo", "openspiel", "ray", "web", "plot"} <= set(extras)
    readme = (ROOT / "README.md").read_text()
    for extra in ("pettingzoo", "openspiel", "ray", "web", "plot"):
        assert f"parlour[{extra}]" in readme, extra


def test_the_smoke_test_replays_what_it_played() -> None:
    moves, final = smoke("gin_rummy", seed=3)
    gin = parlour.game("gin_rummy")
    assert gin.is_over(final) and moves > 10 and gin.winners(final)
