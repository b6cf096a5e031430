"""The tutorial's game (examples/tutorial, docs/tutorial.rst): registered for these tests only, so
that no other test sees a game the registry does not list, then tested as the tutorial tests it."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import parlour

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples" / "tutorial"))

import go_boom  # noqa: E402
from test_go_boom import *  # noqa: E402,F403  (the tutorial's tests, collected here)


@pytest.fixture(autouse=True)
def registered_go_boom() -> Iterator[None]:
    parlour.register(go_boom.GAME)
    yield
    parlour.unregister("go_boom")


def test_registering_twice_or_over_a_built_in_game_is_refused() -> None:
    parlour.register(go_boom.GAME)  # the same record again: nothing happens
    assert parlour.game_names()[-1] == "go_boom" and parlour.game("go_boom") is go_boom.GAME
    import attrs

    with pytest.raises(ValueError, match="not a built-in game"):
        parlour.register(attrs.evolve(go_boom.GAME, name="hearts"))
    with pytest.raises(ValueError, match="registered already"):
        parlour.register(attrs.evolve(go_boom.GAME, title="Other"))
    with pytest.raises(ValueError, match="belong to another game"):
        parlour.register(attrs.evolve(go_boom.GAME, name="go_boom_again"))


def test_the_module_examples_run() -> None:
    import doctest

    assert doctest.testmod(go_boom).failed == 0


def test_an_unregistered_game_is_gone() -> None:
    parlour.unregister("go_boom")
    with pytest.raises(ValueError, match="no game named 'go_boom'"):
        parlour.game("go_boom")
    with pytest.raises(ValueError, match="no game named 'go_boom' was registered"):
        parlour.unregister("go_boom")
    parlour.register(go_boom.GAME)
