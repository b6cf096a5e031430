"""Lives and chips (rules note 1.1 item 9): losing, dropping out, the county, pots."""

import pytest

from parlour.core.ledger import Ledger


def test_without_county_a_seat_at_zero_is_out() -> None:
    """Ninety-Nine: losing the last penny drops the seat."""
    ledger = Ledger.start(3, 1).lose({1: 1})
    assert ledger.out == (False, True, False) and ledger.counts == (1, 0, 1)
    assert ledger.standing == (0, 2) and ledger.last_standing is None


def test_on_the_county_a_seat_plays_on_at_zero() -> None:
    """Thirty-One: at no pennies a seat is on the county and out at its next loss."""
    ledger = Ledger.start(3, 1, county=True).lose({0: 1})
    assert not ledger.out[0] and ledger.on_county(0)
    ledger = ledger.lose({0: 1})
    assert ledger.out[0] and not ledger.on_county(0)


def test_losing_two_with_one_left_is_out_on_the_county() -> None:
    ledger = Ledger.start(2, 1, county=True).lose({0: 2})
    assert ledger.out == (True, False) and ledger.counts == (0, 1) and ledger.last_standing == 1


def test_nobody_left_means_everyone_stays_in_at_zero() -> None:
    """Scat: a result that would put every remaining seat out replays the hand instead."""
    ledger = Ledger.start(3, 1, county=True).lose({2: 2})
    ledger = ledger.lose({0: 2, 1: 2})
    assert ledger.out == (False, False, True) and ledger.counts == (0, 0, 0)


def test_losses_are_checked() -> None:
    ledger = Ledger.start(2, 1).lose({0: 1})
    with pytest.raises(ValueError, match="seat 0 is already out"):
        ledger.lose({0: 1})
    with pytest.raises(ValueError, match="no seat 5"):
        ledger.lose({5: 1})
    with pytest.raises(ValueError, match="at least 0"):
        ledger.lose({1: -1})


def test_pay_and_pots_move_chips_and_never_go_below_zero() -> None:
    """Michigan: antes go onto the boodle cards and the holder of the card collects."""
    ledger = Ledger.start(2, 5, pots=2).pay_in(0, 1, 3).pay_in(1, 1, 3).pay(0, 1, 9)
    assert ledger.counts == (0, 4) and ledger.pots == (0, 6)
    ledger = ledger.collect(1, 0)
    assert ledger.counts == (6, 4) and ledger.pots == (0, 0)
    with pytest.raises(ValueError, match="no pot 2"):
        ledger.collect(2, 0)


def test_share_splits_a_pot_evenly_and_leaves_the_odd_chip() -> None:
    """Golf: the lowest seats split the pot; an odd chip stays for the next round."""
    ledger = Ledger.start(3, 5, pots=1).pay_in(0, 0, 3).pay_in(1, 0, 2).share(0, (1, 2))
    assert ledger.counts == (2, 5, 7) and ledger.pots == (1,)
    with pytest.raises(ValueError, match="distinct seats"):
        ledger.share(0, (1, 1))


def test_problem_flags_hostile_ledgers() -> None:
    assert Ledger.start(2, 3).problem(2) is None
    assert "for 3 seats" in (Ledger.start(2, 3).problem(3) or "")
    assert "at least 0" in (Ledger((1, -1), (False, False)).problem(2) or "")
    assert "every seat is out" in (Ledger((0, 0), (True, True)).problem(2) or "")
