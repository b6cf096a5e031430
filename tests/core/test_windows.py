"""Response windows (rules note section 0): who may answer, when the window closes, who wins."""

import pytest

from parlour.core.windows import Tie, Window


def test_every_seat_waits_until_it_answers() -> None:
    window = Window.open((1, 2, 3))
    assert window.waiting == (1, 2, 3)
    window = window.answer(2, act=False)
    assert window.waiting == (1, 3) and not window.closed and window.winner is None


def test_all_declining_closes_without_a_winner() -> None:
    window = Window.open((1, 2)).answer(2, act=False).answer(1, act=False)
    assert window.closed and window.winner is None and window.waiting == ()


def test_first_act_wins_a_race_at_once() -> None:
    """Slapjack: the first slap applied wins; nobody else is asked."""
    window = Window.open((0, 1, 2, 3), Tie.FIRST).answer(1, act=False).answer(3, act=True)
    assert window.winner == 3 and window.closed and window.waiting == ()
    with pytest.raises(ValueError, match="window is closed"):
        window.answer(0, act=True)


def test_priority_act_waits_for_the_seats_before_it() -> None:
    """Five Hundreds: a later seat's call wins only when the earlier seats have passed."""
    window = Window.open((2, 3, 0), Tie.PRIORITY).answer(0, act=True)
    assert window.winner is None and window.waiting == (2, 3)
    window = window.answer(2, act=False)
    assert window.winner is None and window.waiting == (3,)
    assert window.answer(3, act=False).winner == 0


def test_an_earlier_act_overrides_a_later_one_under_priority() -> None:
    window = Window.open((2, 3, 0), Tie.PRIORITY).answer(0, act=True).answer(3, act=True)
    assert window.waiting == (2,)
    assert window.answer(2, act=False).winner == 3
    assert window.answer(2, act=True).winner == 2


def test_the_winning_act_carries_its_choice() -> None:
    window = Window.open((1, 2, 3), Tie.PRIORITY).answer(3, act=True, choice=5).answer(2, act=True, choice=1)
    assert window.choice is None
    assert window.answer(1, act=False).choice == 1


def test_the_first_seat_in_priority_wins_at_once() -> None:
    window = Window.open((2, 3, 0), Tie.PRIORITY).answer(2, act=True)
    assert window.winner == 2 and window.closed


def test_refusals_name_the_problem() -> None:
    window = Window.open((1, 2), Tie.PRIORITY)
    with pytest.raises(ValueError, match="seat 0 may not answer"):
        window.answer(0, act=True)
    window = window.answer(1, act=False)
    with pytest.raises(ValueError, match="seat 1 has already answered"):
        window.answer(1, act=True)
    late = Window.open((1, 2, 3), Tie.PRIORITY).answer(2, act=True)
    with pytest.raises(ValueError, match="seat 3 can no longer win"):
        late.answer(3, act=True)
    with pytest.raises(ValueError, match="each seat once"):
        Window.open((1, 1))


def test_problem_flags_hostile_windows() -> None:
    assert Window.open((0, 1)).problem(2) is None
    assert "not distinct seats" in (Window((0, 5)).problem(2) or "")
    assert "not distinct eligible" in (Window((0, 1), declined=(1, 1)).problem(2) or "")
    assert "one choice per act" in (Window((0, 1), acted=(0,)).problem(2) or "")
    assert "first act" in (Window((0, 1), Tie.FIRST, acted=(0, 1), choices=(0, 0)).problem(2) or "")
