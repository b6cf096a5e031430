"""Unit tests for core/registry: the explicit list of games and `parlour.game(name)`."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.registry import GAME_NAMES


def test_game_names_lists_every_registered_game_sorted_once() -> None:
    names = parlour.game_names()
    assert names == GAME_NAMES
    assert list(names) == sorted(set(names))
    assert {"hearts", "gin_rummy", "scum", "farkle", "ten_thousand"} <= set(names)


@pytest.mark.parametrize("name", parlour.game_names())
def test_each_name_gives_its_spec(name: str) -> None:
    spec = parlour.game(name)
    assert spec.name == name and spec.title and spec.summary and spec.family
    # A game is a module or, past ~800 lines, a package whose submodules define its classes.
    assert spec.state_type.__module__.split(".")[:3] == ["parlour", "games", name]
    assert parlour.game(name) is spec


def test_unknown_names_are_refused_listing_the_games() -> None:
    with pytest.raises(ValueError, match="no game named 'chess'; games: .*hearts"):
        parlour.game("chess")
    with pytest.raises(ValueError):
        parlour.game("../hearts")
