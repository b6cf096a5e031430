"""Unit tests for core/game: checked_apply, moves_for, builder and the options and seed checks."""

from __future__ import annotations

import functools
from typing import cast

import attrs
import pytest

from parlour.core.errors import GameOver, IllegalMove
from parlour.core.events import Event
from parlour.core.game import builder, checked_apply, moves_for, require_options
from parlour.core.rng import Rng, seeded


@attrs.frozen
class Take:
    player: int
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


@attrs.frozen
class Other:
    player: int


@attrs.frozen(kw_only=True)
class Pile:
    """A tiny game: seats take 1 or 2 from a pile in turn; whoever takes the last wins."""

    rng: Rng | None
    viewer: int | None = None
    hand: int = 1
    left: int
    turn: int
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @functools.cached_property
    def legal(self) -> tuple[Take, ...]:
        seats = (self.turn,) if self.rng is not None or self.viewer == self.turn else ()
        return tuple(Take(s, k) for s in seats for k in (1, 2) if k <= self.left)


def _apply(state: Pile, move: Take) -> Pile:
    return attrs.evolve(state, left=state.left - move.count, turn=1 - state.turn)


def apply(state: Pile, move: object) -> Pile:
    return checked_apply(
        state, cast(Take, move), state.legal, explain=lambda s, m: "too many", unchecked=_apply, move_types=(Take,)
    )


PILE = Pile(rng=Rng(1), left=3, turn=0)


def test_a_legal_move_applies_and_the_input_is_unchanged() -> None:
    after = apply(PILE, Take(0, 2))
    assert (after.left, after.turn, PILE.left) == (1, 1, 3)


def test_a_loosely_equal_move_is_refused() -> None:
    assert Take(False, 1) == Take(0, 1), "attrs compares loosely: the reason for the check"
    for loose in (Take(False, 1), Take(0, True), Take(0.0, 1)):  # type: ignore[arg-type]
        assert loose in PILE.legal
        with pytest.raises(IllegalMove, match="only loosely"):
            apply(PILE, loose)


def test_anything_not_a_move_of_the_game_is_refused_with_illegal_move() -> None:
    for foreign in (Other(0), "take 1", None, 3, PILE):
        with pytest.raises(IllegalMove):
            apply(PILE, foreign)
    with pytest.raises(IllegalMove, match="Other is not a move of this game"):
        apply(PILE, Other(0))
    with pytest.raises(IllegalMove, match="text: read it with parse_move"):
        apply(PILE, "take 1")


def test_an_illegal_move_says_why_and_the_end_raises_game_over() -> None:
    with pytest.raises(IllegalMove, match="take 2: too many"):
        apply(attrs.evolve(PILE, left=1), Take(0, 2))
    with pytest.raises(GameOver):
        apply(attrs.evolve(PILE, left=0), Take(0, 1))


def test_a_view_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        apply(attrs.evolve(PILE, rng=None), Take(0, 1))


def test_moves_for_one_seat_and_on_views() -> None:
    assert moves_for(PILE, None, 2, PILE.legal) == (Take(0, 1), Take(0, 2))
    assert moves_for(PILE, 1, 2, PILE.legal) == ()
    seen = attrs.evolve(PILE, rng=None, viewer=0)
    assert moves_for(seen, 0, 2, seen.legal) == moves_for(PILE, 0, 2, PILE.legal)
    with pytest.raises(ValueError, match="the view of seat 0: it shows only its own moves, not seat 1's"):
        moves_for(seen, 1, 2, seen.legal)
    spectator = attrs.evolve(PILE, rng=None, viewer=None)
    assert moves_for(spectator, None, 2, spectator.legal) == ()
    for bad in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="player must be a seat"):
            moves_for(PILE, bad, 2, PILE.legal)


def test_builder_makes_the_same_value_as_the_class() -> None:
    build = builder(Pile)
    made = build(Rng(1), None, 1, 3, 0, ())
    assert made == PILE and type(made) is Pile and made.legal == PILE.legal
    with pytest.raises(TypeError):
        build(Rng(1), None, 1, 3, 0)


def test_builder_refuses_classes_with_validators() -> None:
    @attrs.frozen
    class Checked:
        x: int = attrs.field(validator=attrs.validators.instance_of(int))

    with pytest.raises(TypeError, match="validator"):
        builder(Checked)


def test_seeds_are_checked() -> None:
    assert seeded(0) == Rng(0) and seeded(None).seed >= 0
    for bad in ("7", -1, 2**63, True, 1.0):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            seeded(bad)


def test_options_of_another_game_name_both_games() -> None:
    from parlour.games.scum import Options as ScumOptions

    @attrs.frozen
    class Mine:
        pass

    with pytest.raises(ValueError, match=r"options must be mine\.Mine, not scum\.Options \(the options of scum\)"):
        require_options("mine", ScumOptions(), Mine)
