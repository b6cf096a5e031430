"""Game analytics (`parlour.analytics`, `python -m parlour stats`): exact counts on small runs."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

import parlour
from parlour.analytics import Summary, analyse, deals_consistent, format_report, plot_report, wilson


def test_the_counts_of_a_run_agree_with_each_other() -> None:
    report = analyse("hearts", games=2, seed=4)
    assert report.moves.count == 2 and report.hands.count == 2
    total_moves = sum(report.game_lengths)
    assert sum(count for _, count in report.move_kinds) == total_moves
    assert report.branching.count == total_moves
    assert sum(summary.count for _, summary in report.branching_by_phase) == total_moves
    assert {label for label, _ in report.branching_by_phase} >= {"pass", "play"}
    assert dict(report.event_kinds)["plays"] == dict(report.move_kinds)["PlayCard"]
    assert sum(share.hits for share in report.seat_wins) >= 2  # every game has a winner
    assert report.first_player_wins.trials == 2 and report.low_score_wins


def test_a_run_is_reproducible_from_its_seed() -> None:
    assert analyse("scum", games=2, seed=9) == analyse("scum", games=2, seed=9)
    assert analyse("scum", games=2, seed=9).game_lengths != analyse("scum", games=2, seed=10).game_lengths


def test_final_scores_are_those_of_replaying_each_seed() -> None:
    from parlour.bots import make_bot, play_game

    report = analyse("gin_rummy", games=2, seed=3)
    gin = parlour.game("gin_rummy")
    for index, scores in enumerate(report.final_scores):
        state = gin.new_game(seed=3 + index, options=gin.quick)
        bots = [make_bot("random", (3 + index) * 1009 + seat) for seat in range(2)]
        assert gin.scores(play_game(gin, state, bots)) == scores


def test_hearts_first_view_allows_39_choose_13_13_13_deals() -> None:
    hearts = parlour.game("hearts")
    view = hearts.view(hearts.new_game(seed=1), 0)
    exact = math.factorial(39) // math.factorial(13) ** 3
    assert deals_consistent(hearts, view) == pytest.approx(math.log10(exact))


def test_a_game_that_hides_nothing_has_one_consistent_deal() -> None:
    montana = parlour.game("montana")
    assert deals_consistent(montana, montana.view(montana.new_game(seed=1), 0)) == 0.0
    assert analyse("farkle", games=1).information is None


def test_wilson_interval_matches_known_values() -> None:
    share = wilson(7, 10)
    assert (round(share.low, 4), round(share.high, 4)) == (0.3968, 0.8922)
    assert wilson(0, 20).low == 0.0 and round(wilson(0, 20).high, 4) == 0.1611
    assert wilson(0, 0).rate == 0.0
    with pytest.raises(ValueError, match="hits must be 0..trials"):
        wilson(3, 2)


def test_summary_of_numbers() -> None:
    summary = Summary.of([1, 2, 3, 4])
    assert (summary.mean, summary.median, summary.low, summary.high) == (2.5, 2.5, 1, 4)
    assert summary.sd == pytest.approx(1.2909944)
    with pytest.raises(ValueError, match="no values"):
        Summary.of([])


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="games must be at least 1"):
        analyse("hearts", games=0)
    with pytest.raises(ValueError, match="4 seats here, but 2 bots"):
        analyse("hearts", games=1, bots=("random", "random"))
    with pytest.raises(ValueError, match="no options named 'nope'"):
        analyse("hearts", games=1, options="nope")


def test_the_text_report_names_every_part() -> None:
    text = format_report(analyse("cribbage", games=2, seed=2, options="quick"))
    for part in ("moves per game", "hands per game", "branching factor", "deals consistent", "moves by kind",
                 "events by kind", "wins by seat", "first mover", "final scores by seat (higher is better)"):
        assert part in text


def test_plots_are_written(tmp_path: Path) -> None:
    paths = plot_report(analyse("farkle", games=3, seed=1), tmp_path)
    assert [p.name for p in paths] == [f"farkle_{stem}.png" for stem in ("length", "branching", "moves", "seats", "scores")]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)


@pytest.mark.parametrize("name", parlour.game_names())
def test_stats_work_for_every_game(name: str) -> None:
    report = analyse(name, games=1, seed=1, information_every=7)
    assert report.moves.count == 1 and report.branching.low >= 1
    assert (report.information is None) == (not parlour.game(name).hidden_information or not parlour.game(name).zones)


def test_the_stats_command_prints_the_report_and_writes_charts(tmp_path: Path) -> None:
    import io

    from parlour.cli import main

    out = io.StringIO()
    assert main(["stats", "farkle", "--games", "3", "--bots", "heuristic,random", "--plot", str(tmp_path)], out=out) == 0
    text = out.getvalue()
    assert text.startswith("Farkle: 3 games, seed 1, bots heuristic, random, quick options\n")
    assert text.count("chart written to") == 5 and (tmp_path / "farkle_seats.png").exists()


def test_the_stats_command_refuses_bad_requests(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["stats", "hearts", "--games", "0"]) == 2
    assert "games must be at least 1" in capsys.readouterr().err
    assert main(["stats", "hearts", "--bots", "random,random"]) == 2
    assert "--bots names one bot for every seat or a list of 4" in capsys.readouterr().err


def test_the_simulate_command_is_wired() -> None:
    import io

    from parlour.cli import main

    out = io.StringIO()
    assert main(["simulate", "hearts", "--games", "2", "--workers", "1", "--quick"], out=out) == 0
    assert out.getvalue().startswith("bot     seats  wins  win rate")
