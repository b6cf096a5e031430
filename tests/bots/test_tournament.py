"""The tournament runner (`parlour.bots.tournament`): seating, counting, intervals, p-values."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.bots.tournament import binomial_tail, seat_specs, tournament, wilson_interval


def test_specs_fill_the_seats_in_rotation_so_each_bot_sits_everywhere() -> None:
    assert [seat_specs(("a", "b"), 4, game) for game in range(2)] == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    three = [seat_specs(("a", "b", "c"), 2, game) for game in range(3)]
    assert three == [("a", "b"), ("b", "c"), ("c", "a")]
    for seat in range(2):
        assert sorted(row[seat] for row in three) == ["a", "b", "c"]


def test_wilson_interval_matches_published_values() -> None:
    assert wilson_interval(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson_interval(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(11, 10)


def test_binomial_tail_on_known_cases() -> None:
    assert binomial_tail(9, 10, 0.5) == pytest.approx(11 / 1024)
    assert binomial_tail(60, 100, 0.5) == pytest.approx(0.0284439668, rel=1e-8)
    assert binomial_tail(0, 5, 0.3) == 1.0
    assert binomial_tail(3, 3, 1 / 3) == pytest.approx(1 / 27)


def test_a_tiny_fixed_run_counts_wins_exactly() -> None:
    result = tournament("scum", ("heuristic", "random"), games=6, seed=1, quick=True)
    assert result == tournament("scum", ("heuristic", "random"), games=6, seed=1, quick=True)
    first, second = result.bots
    assert (first.spec, first.games, first.wins, first.seat_share) == ("heuristic", 6, 3.5, 0.5)
    assert (second.spec, second.games, second.wins) == ("random", 6, 2.5)
    assert first.wins + second.wins == 6  # every game has a winner; a shared one is split
    assert (first.low, first.high) == pytest.approx(wilson_interval(3.5, 6))
    assert result.decisive == 5  # one game's win was shared between the two bots
    assert result.p_value == pytest.approx(binomial_tail(3, 5, 0.5))
    assert result.no_winner == 0


def test_with_more_specs_than_seats_each_sits_out_some_games() -> None:
    result = tournament("farkle", ("random", "random", "random"), games=3, seed=2, quick=True)
    assert [record.games for record in result.bots] == [2, 2, 2]
    assert sum(record.wins for record in result.bots) == 3
    assert result.p_value is None


def test_first_hand_only_judges_by_the_hands_scores() -> None:
    result = tournament("hearts", ("random", "heuristic"), games=4, seed=3, hands=1)
    assert [record.wins for record in result.bots] == [0.0, 4.0]
    assert result.p_value == 1.0
    assert result.bots[1].low == pytest.approx(wilson_interval(4, 4)[0])


def test_a_game_without_a_winner_credits_nobody() -> None:
    result = tournament("klondike", ("random",), games=3, seed=1, quick=True)
    assert result.no_winner == 3 - result.bots[0].wins
    assert result.bots[0].wins < 3  # random play rarely wins a Klondike deal


def test_the_table_names_every_bot_and_the_p_value() -> None:
    text = tournament("scum", ("heuristic", "random"), games=6, seed=1, quick=True).table()
    lines = text.splitlines()
    assert lines[0].startswith("scum: 6 games in ")
    assert lines[2].split()[:4] == ["heuristic", "6", "3.5", "0.583"]
    assert lines[3].split()[:4] == ["random", "6", "2.5", "0.417"]
    assert lines[4] == "p-value that heuristic beats random (one-sided sign test, 5 decisive games): 0.5"


def test_plot_draws_the_win_rates(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "rates.png"
    tournament("scum", ("heuristic", "random"), games=2, seed=1, quick=True, plot=str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": ("random",), "games": 0}, "games must be a whole number of at least 1"),
        ({"bots": ("nobody",), "games": 1}, "no bot named 'nobody'"),
        ({"bots": (), "games": 1}, "bots must be a sequence of bot specs"),
        ({"bots": "random", "games": 1}, "bots must be a sequence of bot specs"),
        ({"bots": ("random",), "games": 1, "hands": 2}, "hands may be None"),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tournament("scum", **kwargs)  # type: ignore[arg-type]
