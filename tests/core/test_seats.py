"""Unit tests for core/seats: turn order, skipping seats that are out, teams."""

from __future__ import annotations

from typing import cast

import pytest

from parlour.core.seats import check_seat, leaders, next_active, next_seat, replace_at, rotate, seats_from, team_of, teams


def test_next_seat_both_directions() -> None:
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [next_seat(s, 4, direction=-1) for s in range(4)] == [3, 0, 1, 2]
    assert next_seat(1, 2) == 0


def test_next_active_skips_seats_that_are_out() -> None:
    active = (True, False, False, True, True)
    assert next_active(0, 5, active=active) == 3
    assert next_active(4, 5, active=active) == 0
    assert next_active(0, 5, active=active, direction=-1) == 4
    assert next_active(3, 5, active=active, direction=-1) == 0
    # The only active seat comes back to itself; an inactive seat still finds the next one.
    assert next_active(2, 3, active=(False, False, True)) == 2
    assert next_active(1, 3, active=(False, False, True)) == 2
    with pytest.raises(ValueError, match="no active seat"):
        next_active(0, 3, active=(False, False, False))


def test_seats_from_and_rotate() -> None:
    assert seats_from(2, 4) == (2, 3, 0, 1)
    assert rotate(("a", "b", "c"), 1) == ("b", "c", "a")
    assert rotate(("a", "b", "c"), -1) == ("c", "a", "b")
    assert rotate(("a", "b", "c"), 4) == ("b", "c", "a")
    assert rotate((), 3) == ()


def test_replace_at_shares_the_other_slots() -> None:
    hands = ((1,), (2,), (3,))
    new = replace_at(hands, 1, (9,))
    assert new == ((1,), (9,), (3,)) and new[0] is hands[0] and hands[1] == (2,)


def test_teams_alternate_around_the_table() -> None:
    assert teams(4) == ((0, 2), (1, 3))
    assert teams(6) == ((0, 2, 4), (1, 3, 5))
    assert teams(6, 3) == ((0, 3), (1, 4), (2, 5))
    assert [team_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert team_of(4, 3) == 1
    with pytest.raises(ValueError, match="5 players cannot form 2 equal teams"):
        teams(5)
    with pytest.raises(ValueError):
        teams(4, 0)


@pytest.mark.parametrize("seat", [-1, 4, True, "1", 1.0])
def test_check_seat_refuses_what_is_not_a_seat(seat: object) -> None:
    with pytest.raises(ValueError, match=r"dealer: seat .* is not one of 0..3"):
        check_seat("dealer", cast(int, seat), 4)  # a seat read from untrusted input may be anything


def test_check_seat_accepts_seats() -> None:
    for seat in range(4):
        check_seat("dealer", seat, 4)


def test_leaders_are_the_seats_with_the_best_total_and_ties_share() -> None:
    assert leaders([40, 75, 75, 10]) == frozenset({1, 2})
    assert leaders([40, 75, 75, 10], low=True) == frozenset({3})
    assert leaders([0, 0], low=True) == frozenset({0, 1})
    assert leaders([]) == frozenset()
