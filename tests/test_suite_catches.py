"""The property suite fails for the mistakes it exists to catch: planted in a real game's record.

Each test plants one bug in a copy of a registered game's GameSpec (never in the game itself)
and checks that the generic checks of tests/test_properties.py refuse it.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import parlour
from parlour import Game
from test_properties import Prober, check_no_leak, playout


def _run(spec: Game, plies: int = 6) -> None:
    prober = Prober(spec, 1, spec.default_players, options=spec.quick)
    playout(spec, 1, options=spec.quick, probe=prober, plies=plies)


def test_a_view_that_shows_the_stock_is_caught() -> None:
    """Gin's view changed to show the stock order, shuffle_unseen left alone (issue 5, point 1)."""
    gin = parlour.game("gin_rummy")

    def leaky_view(state: Any, player: int | None) -> Any:
        seen: Any = gin.view(state, player)
        return attrs.evolve(seen, stock=state.stock)

    broken = attrs.evolve(gin, view=leaky_view, check_invariants=lambda state: None)
    # Caught by the direct leak check, or by from_json's own check of the view read back.
    with pytest.raises((AssertionError, ValueError), match="may not see"):
        _run(broken)


def test_a_view_whose_invariants_catch_the_leak_fails_too() -> None:
    gin = parlour.game("gin_rummy")

    def leaky_view(state: Any, player: int | None) -> Any:
        seen: Any = gin.view(state, player)
        return attrs.evolve(seen, stock=state.stock)

    with pytest.raises(ValueError, match="shows .* in stock, which it may not see"):
        _run(attrs.evolve(gin, view=leaky_view))


def test_a_private_event_made_public_is_caught() -> None:
    """Hearts' passes shown to every seat: the passed cards lie in another seat's hidden hand."""
    hearts = parlour.game("hearts")

    def leaky_view(state: Any, player: int | None) -> Any:
        seen: Any = hearts.view(state, player)
        return attrs.evolve(seen, events=state.events)

    broken = attrs.evolve(hearts, view=leaky_view)
    with pytest.raises((AssertionError, ValueError), match="unseen by seat|events are not redacted|private event"):
        _run(broken, plies=14)


def test_view_moves_that_differ_from_the_real_moves_are_caught() -> None:
    scum = parlour.game("scum")

    def blind_moves(state: Any, player: int | None = None) -> Any:
        return () if state.rng is None else scum.legal_moves(state, player)

    with pytest.raises(AssertionError, match="are not the seat's real moves"):
        _run(attrs.evolve(scum, legal_moves=blind_moves))


def test_the_direct_leak_check_names_the_cards() -> None:
    """The leak check itself, with no JSON read-back in between: the stock's faces are named."""
    gin = parlour.game("gin_rummy")
    state: Any = gin.new_game(seed=3)
    seen: Any = gin.view(state, 0)
    check_no_leak(gin, state, None, 0, seen, "clean")
    leaky = attrs.evolve(seen, stock=state.stock)
    with pytest.raises(AssertionError, match=f"the view shows .*'{state.stock[0]}'"):
        check_no_leak(gin, state, None, 0, leaky, "planted")
