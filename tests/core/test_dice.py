"""Unit tests of the dice primitive: rolling with a fixed queue, table-driven scoring, the turn."""

from __future__ import annotations

from collections import Counter
from typing import cast

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.dice import (
    OfAKind,
    ScoringTable,
    Turn,
    best_score,
    check_rolls,
    check_turn,
    counts_of,
    is_bust,
    redraw_future,
    roll_dice,
    score_exact,
    scoring_holds,
)
from parlour.core.rng import Rng

# The two tables of rules/other.md section 7, written out here so the primitive is tested on
# its own terms.
FARKLE = ScoringTable(
    dice=6,
    singles=((1, 100), (5, 50)),
    of_a_kind=(OfAKind(count=3, times_triple=1), OfAKind(count=6, flat=1000)),
    straights=(((1, 2, 3, 4, 5, 6), 1000),),
    three_pairs=1000,
    four_and_pair_as_pairs=True,
)
TEN_THOUSAND = ScoringTable(
    dice=5,
    singles=((1, 100), (5, 50)),
    of_a_kind=(
        OfAKind(count=3, times_triple=1),
        OfAKind(count=4, times_triple=2),
        OfAKind(count=5, times_triple=4),
    ),
    straights=(((1, 2, 3, 4, 5), 1000), ((2, 3, 4, 5, 6), 1000)),
)


# --- rolling ---------------------------------------------------------------------------------


def test_check_rolls_accepts_faces_and_none() -> None:
    assert check_rolls([3, 5, 1]) == (3, 5, 1)
    assert check_rolls(None) == ()


@pytest.mark.parametrize("bad", [[1, 7], [0], [2, True], [1.0], "135"])
def test_check_rolls_names_the_bad_entry(bad: object) -> None:
    with pytest.raises(ValueError, match="rolls="):
        check_rolls(cast("list[int]", bad))


def test_roll_takes_the_fixed_queue_first_and_leaves_the_rng_alone() -> None:
    rng = Rng(seed=3)
    faces, queue, after = roll_dice(3, (6, 6, 2, 4), rng)
    assert (faces, queue, after) == ((6, 6, 2), (4,), rng)


def test_roll_continues_from_the_rng_when_the_queue_runs_out() -> None:
    rng = Rng(seed=3)
    faces, queue, after = roll_dice(4, (6,), rng)
    drawn, expected_rng = rng.dice(3)
    assert faces == (6, *drawn)
    assert queue == ()
    assert after == expected_rng


def test_roll_is_deterministic_and_in_range() -> None:
    first = roll_dice(6, (), Rng(seed=11))
    assert first == roll_dice(6, (), Rng(seed=11))
    assert len(first[0]) == 6 and all(1 <= f <= 6 for f in first[0])
    with pytest.raises(ValueError, match="cannot roll 0 dice"):
        roll_dice(0, (), Rng(seed=1))


def test_redraw_future_changes_seed_and_keeps_queue_length() -> None:
    rolls, rng = redraw_future((1, 2, 3), Rng(seed=5, counter=4), 5)
    assert rng.seed != 5 and rng.counter == 0
    assert len(rolls) == 3 and all(1 <= f <= 6 for f in rolls)
    assert redraw_future((), Rng(seed=5), 9) == ((), Rng(seed=9))


# --- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "value"),
    [
        ((1, 1, 1, 5, 2, 3), 1050),
        ((1, 2, 3, 4, 5, 6), 1000),
        ((2, 2, 3, 3, 4, 4), 1000),
        ((2, 2, 2, 2, 3, 3), 1000),
        ((6, 6, 6, 6, 6, 6), 1200),
        ((2, 2, 2, 2, 2, 2), 1000),
        ((1, 1, 1, 1, 1, 1), 2000),
        ((1, 1, 1, 1, 5, 5), 1200),
        ((3, 3, 3, 6, 6, 6), 900),
        ((5, 5, 5, 5, 2, 3), 550),
        ((2, 3, 3, 4, 6, 6), 0),
    ],
)
def test_farkle_table_best_scores(dice: tuple[int, ...], value: int) -> None:
    """rules/other.md 6.2 scenarios 1-4."""
    assert best_score(FARKLE, dice) == value


@pytest.mark.parametrize(
    ("dice", "value"),
    [
        ((1, 1, 1, 5, 2), 1050),
        ((2, 2, 2, 2, 3), 400),
        ((3, 3, 3, 3, 3), 1200),
        ((1, 1, 1, 1, 1), 4000),
        ((1, 1, 1, 1, 5), 2050),
        ((5, 5, 5, 5, 2), 1000),
        ((1, 2, 3, 4, 5), 1000),
        ((2, 3, 4, 5, 6), 1000),
        ((2, 3, 4, 6, 6), 0),
        ((2, 2, 3, 3, 4), 0),
    ],
)
def test_ten_thousand_table_best_scores(dice: tuple[int, ...], value: int) -> None:
    """rules/other.md 3.1 scenarios 1-4."""
    assert best_score(TEN_THOUSAND, dice) == value


def test_score_exact_needs_every_die() -> None:
    assert score_exact(FARKLE, (1, 1, 1, 5)) == 1050
    assert score_exact(FARKLE, (1, 1, 1, 5, 2)) is None
    assert score_exact(FARKLE, ()) == 0
    # Four of a kind is not a Farkle combination: the fourth 2 cannot be used.
    assert score_exact(FARKLE, (2, 2, 2, 2)) is None
    assert score_exact(TEN_THOUSAND, (2, 2, 2, 2)) == 400


def test_four_and_pair_option_changes_the_table() -> None:
    strict = ScoringTable(
        dice=6, singles=((1, 100), (5, 50)), of_a_kind=(OfAKind(count=3, times_triple=1),), three_pairs=1000
    )
    assert score_exact(strict, (2, 2, 2, 2, 3, 3)) is None
    assert best_score(strict, (2, 2, 2, 2, 3, 3)) == 200
    assert score_exact(FARKLE, (2, 2, 2, 2, 3, 3)) == 1000


def test_scoring_holds_lists_every_exact_subset_by_size_then_faces() -> None:
    assert scoring_holds(TEN_THOUSAND, (1, 1, 1, 5, 2)) == (
        ((1,), 100),
        ((5,), 50),
        ((1, 1), 200),
        ((1, 5), 150),
        ((1, 1, 1), 1000),
        ((1, 1, 5), 250),
        ((1, 1, 1, 5), 1050),
    )
    assert scoring_holds(FARKLE, (2, 3, 3, 4, 6, 6)) == ()
    assert is_bust(FARKLE, (2, 3, 3, 4, 6, 6)) and not is_bust(FARKLE, (5,))


def test_counts_of() -> None:
    assert counts_of((6, 1, 1, 5)) == (2, 0, 0, 0, 1, 1)


@given(st.lists(st.integers(1, 6), min_size=1, max_size=6))
def test_holds_are_sub_multisets_with_exact_values(dice: list[int]) -> None:
    holds = scoring_holds(FARKLE, dice)
    for faces, value in holds:
        assert not Counter(faces) - Counter(dice)
        assert score_exact(FARKLE, faces) == value > 0
    assert best_score(FARKLE, dice) == max((v for _, v in holds), default=0)
    assert is_bust(FARKLE, dice) == (not holds)
    # Ones and fives always score on their own.
    assert bool(holds) >= (1 in dice or 5 in dice)


# --- the turn --------------------------------------------------------------------------------


def test_turn_holds_accumulate_and_hot_dice_returns_all_dice() -> None:
    turn = Turn().rolled((5, 1, 2, 3, 3))
    assert turn.roll == (1, 2, 3, 3, 5)
    turn = turn.hold((1,), 100, 5)
    assert (turn.total, turn.held, turn.to_roll(5), turn.is_hot()) == (100, (1,), 4, False)
    turn = turn.rolled((2, 3, 4, 5)).hold((2, 3, 4, 5), 1000, 5)
    assert (turn.total, turn.held, turn.to_roll(5), turn.is_hot()) == (1100, (), 5, True)


def test_turn_bank_threshold() -> None:
    turn = Turn(total=450, held=(1, 1, 5, 5))
    assert not turn.can_bank(on_board=False, entry=500)
    assert turn.can_bank(on_board=True, entry=500)
    assert Turn(total=500, held=(5, 5, 5)).can_bank(on_board=False, entry=500)
    assert not Turn(total=500, held=(5, 5, 5), roll=(1, 2, 3)).can_bank(on_board=True, entry=500)
    assert not Turn().can_bank(on_board=True, entry=500)


@pytest.mark.parametrize(
    ("turn", "message"),
    [
        (Turn(total=100, held=(1, 7)), "not a die face"),
        (Turn(total=100, held=(1,), roll=(2, 3)), "not 6"),
        (Turn(total=0, held=(1,)), "do not account"),
        (Turn(total=100, held=(2,)), "do not account"),
        (Turn(total=-50), "negative"),
        (Turn(roll=(2, 2, 3, 3, 4, 6)), "scores nothing"),
        (Turn(roll=(6, 5, 4, 3, 2, 1)), "ascending"),
    ],
)
def test_check_turn_refuses_unreachable_turns(turn: Turn, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_turn("turn", turn, FARKLE)


def test_check_turn_accepts_a_reachable_turn() -> None:
    check_turn("turn", Turn(total=150, held=(1, 5), roll=(2, 3, 4, 5)), FARKLE)
