"""`parlour.simulate`: seeded games between bots, reproducible on any number of workers and on Ray.

Every run here is of short matches (`GameSpec.quick`) between random bots; the Ray test starts
one local Ray instance for the module and shuts it down after.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pytest

import parlour
from parlour.bots import make_bot, play_game
from parlour.core.game import GameMove, GameState
from parlour.simulation import SeatResult, add_arguments, game_seed, main, read_csv, run, simulate, to_csv

FOUR_RANDOM = ("random", "random", "random", "random")


def replayed(name: str, seed: int, bots: Sequence[str]) -> tuple[tuple[int, ...], frozenset[int], list[int], int]:
    """Scores, winners, moves per seat and the last hand of one quick game played directly with
    `play_game`, its bots seeded by the documented rule (seat s: seed * 1009 + s)."""
    spec = parlour.game(name)
    moves = [0] * len(bots)

    def count(before: GameState, move: GameMove, after: GameState) -> None:
        moves[move.player] += 1

    state = spec.new_game(len(bots), seed=seed, options=spec.quick)
    players = [make_bot(bot, seed * 1009 + seat) for seat, bot in enumerate(bots)]
    final = play_game(spec, state, players, on_move=count)
    return spec.scores(final), spec.winners(final), moves, final.hand


def test_import_parlour_does_not_load_the_simulation_machinery() -> None:
    code = (
        "import sys, parlour\n"
        "assert 'parlour.simulation' not in sys.modules and 'concurrent.futures' not in sys.modules\n"
        "assert parlour.simulate is parlour.simulation.simulate\n"
        "import parlour.simulation\n"
        "assert callable(parlour.simulate)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


EVERY_GAME_CODE = """\
import parlour
from parlour.simulation import simulate
EVERY_GAME = {name: simulate(name, "random", games=1, seed=21, workers=1, quick=True) for name in parlour.game_names()}
"""
"""One quick game of every registered game between random bots (run here, and in a subprocess)."""


@pytest.fixture(scope="module")
def every_game() -> dict[str, tuple[SeatResult, ...]]:
    """The rows of `EVERY_GAME_CODE`, by game."""
    space: dict[str, dict[str, tuple[SeatResult, ...]]] = {}
    exec(EVERY_GAME_CODE, space)
    return space["EVERY_GAME"]


def test_every_game_rows_match_a_direct_replay_of_their_seed(every_game: dict[str, tuple[SeatResult, ...]]) -> None:
    """One quick game of every registered game: one row per seat, the seed game_seed(run, 0),
    and score, winners, moves and hands as play_game gives them for that seed."""
    assert list(every_game) == list(parlour.game_names())
    for name, rows in every_game.items():
        spec = parlour.game(name)
        seed = game_seed(21, 0)
        scores, winners, moves, hand = replayed(name, seed, ["random"] * spec.default_players)
        assert [(row.index, row.seat, row.seed, row.bot) for row in rows] == [
            (0, seat, seed, "random") for seat in range(spec.default_players)
        ], name
        assert tuple(row.score for row in rows) == scores, name
        assert frozenset(row.seat for row in rows if row.won) == winners, name
        assert [row.moves for row in rows] == moves, name
        assert {row.plies for row in rows} == {sum(moves)}, name
        assert {row.hands for row in rows} == {hand}, name


def test_rows_do_not_depend_on_the_interpreters_hash_seed(
    every_game: dict[str, tuple[SeatResult, ...]], tmp_path: Path
) -> None:
    """Ray's workers are fresh interpreters, each with its own string-hash seed: a game whose play
    depended on the order of a set of strings would give other rows there. The every-game rows
    come out the same in a subprocess with another PYTHONHASHSEED."""
    here, there = tmp_path / "here.csv", tmp_path / "there.csv"
    to_csv([row for rows in every_game.values() for row in rows], here)
    code = EVERY_GAME_CODE + (
        "import sys\n"
        "from parlour.simulation import to_csv\n"
        "to_csv([row for rows in EVERY_GAME.values() for row in rows], sys.argv[1])\n"
    )
    hash_seed = "54321" if os.environ.get("PYTHONHASHSEED") == "12345" else "12345"
    subprocess.run([sys.executable, "-c", code, str(there)], check=True, env={**os.environ, "PYTHONHASHSEED": hash_seed})
    assert there.read_text(encoding="utf-8") == here.read_text(encoding="utf-8")


def test_rows_are_one_per_seat_per_game_in_order_with_the_game_and_its_options() -> None:
    rows = simulate("hearts", FOUR_RANDOM, games=3, seed=5, workers=1, quick=True)
    assert [(row.index, row.seat) for row in rows] == [(i, s) for i in range(3) for s in range(4)]
    assert {row.game for row in rows} == {"hearts(target_score=50)"}
    assert [row.seed for row in rows[::4]] == [game_seed(5, i) for i in range(3)]
    for index in range(3):
        game_rows = rows[4 * index : 4 * index + 4]
        scores, winners, _, _ = replayed("hearts", game_rows[0].seed, FOUR_RANDOM)
        assert tuple(row.score for row in game_rows) == scores
        assert {row.seat for row in game_rows if row.won} == winners
        # A Hearts match ends when a seat reaches the target; the lowest score wins.
        assert max(scores) >= 50 and all(scores[seat] == min(scores) for seat in winners)


def test_game_seeds_are_stable_and_distinct() -> None:
    assert game_seed(7, 0) == 1566166344806912
    assert len({game_seed(seed, index) for seed in range(20) for index in range(50)}) == 1000
    assert all(0 <= game_seed(2**53 - 1, index) < 2**53 for index in range(10))


def test_same_seed_gives_the_same_rows_for_one_or_two_workers() -> None:
    inline = simulate("hearts", FOUR_RANDOM, games=6, seed=9, workers=1, quick=True)
    pooled = simulate("hearts", FOUR_RANDOM, games=6, seed=9, workers=2, quick=True)
    assert pooled == inline
    other = simulate("hearts", FOUR_RANDOM, games=6, seed=10, workers=1, quick=True)
    assert [row.score for row in other] != [row.score for row in inline]


def test_rotate_moves_the_line_up_one_seat_each_game_and_keeps_the_deals() -> None:
    # "Random" and "RANDOM" are the random bot under other spellings: the rows tell them apart.
    bots = ("random", "Random", "RANDOM")
    fixed = simulate("farkle", bots, games=3, seed=2, workers=1, quick=True)
    rotated = simulate("farkle", bots, games=3, seed=2, workers=1, quick=True, rotate=True)
    assert [row.bot for row in fixed] == list(bots) * 3
    # Game i seats bots[(s + i) % 3] at seat s.
    assert [row.bot for row in rotated] == [
        *("random", "Random", "RANDOM"),
        *("Random", "RANDOM", "random"),
        *("RANDOM", "random", "Random"),
    ]
    # Bots are seeded by seat, so the same random bots play the same games.
    assert [attrs.evolve(row, bot="-") for row in rotated] == [attrs.evolve(row, bot="-") for row in fixed]


def test_options_by_text_preset_and_value() -> None:
    hearts = parlour.game("hearts")
    by_text = simulate("hearts", "random", games=1, seed=3, workers=1, options="target_score=30")
    assert {row.game for row in by_text} == {"hearts(target_score=30)"}
    by_value = simulate(hearts, "random", games=1, seed=3, workers=1, options=hearts.quick)
    quick = simulate("hearts", "random", games=1, seed=3, workers=1, quick=True)
    assert by_value == quick
    preset_name, preset = hearts.presets[0]
    by_preset = simulate("hearts", "random", games=1, seed=3, workers=1, options=preset_name)
    assert by_preset == simulate("hearts", "random", games=1, seed=3, workers=1, options=preset)


def test_players_with_one_bot_spec() -> None:
    rows = simulate("farkle", "random", players=3, games=2, seed=1, workers=1, quick=True)
    assert [row.seat for row in rows] == [0, 1, 2, 0, 1, 2]
    assert all(sum(row.won for row in rows if row.index == i) == 1 for i in range(2))


def test_csv_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "rows.csv"
    rows = simulate("farkle", ("random", "random"), games=3, seed=4, workers=1, quick=True, csv=path)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "game,index,seed,seat,bot,score,won,moves,plies,hands"
    first = rows[0]
    assert lines[1] == (
        f"farkle(target=2000),0,{first.seed},0,random,{first.score},{first.won},{first.moves},{first.plies},{first.hands}"
    )
    assert len(lines) == 1 + 6
    assert read_csv(path) == rows
    again = tmp_path / "again.csv"
    to_csv(read_csv(path), again)
    assert again.read_bytes() == path.read_bytes()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("game,index\n", "the header must be"),
        ("game,index,seed,seat,bot,score,won,moves,plies,hands\nhearts,0,1,0,random,3,yes,1,1,1\n", "line 2: won"),
        ("game,index,seed,seat,bot,score,won,moves,plies,hands\nhearts,0,1,0,random,x,True,1,1,1\n", "line 2: invalid"),
        ("game,index,seed,seat,bot,score,won,moves,plies,hands\nhearts,0,1\n", "line 2: 3 values"),
    ],
)
def test_read_csv_refuses_other_files(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=problem):
        read_csv(path)


@pytest.mark.parametrize(
    ("game", "bots", "settings", "problem"),
    [
        ("nope", "random", {}, "no game named 'nope'"),
        ("hearts", ("random", "random"), {}, "hearts is played by 4 players: give one bot per seat, not 2$"),
        ("hearts", FOUR_RANDOM, {"players": 3}, "players=3, but 4 bots were given: one bot per seat"),
        ("hearts", "random", {"players": 9}, "hearts is played by 4 players, not 9$"),
        ("farkle", "random", {"players": "2"}, "farkle is played by 2, 3, 4, 5, 6, 7, 8 players, not '2'"),
        ("hearts", ("random", "random", "random", "chess"), {}, "no bot named 'chess'"),
        ("hearts", ("random", "random", "random", 4), {}, "not 4"),
        ("hearts", "random", {"games": 0}, "games must be a whole number from 1, not 0"),
        ("hearts", "random", {"games": True}, "games must be a whole number from 1, not True"),
        ("hearts", "random", {"seed": -1}, "seed must be a whole number"),
        ("hearts", "random", {"workers": 0}, "workers must be a whole number from 1"),
        ("hearts", "random", {"backend": "dask"}, "backend must be one of local, ray, not 'dask'"),
        ("hearts", "random", {"options": "target_score=30", "quick": True}, "not both"),
        ("hearts", "random", {"options": "nope"}, "neither options"),
        ("hearts", "random", {"options": parlour.game("spades").options_type()}, "options must be hearts's Options"),
        (3, "random", {}, "game must be a game name or a GameSpec"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(
    game: str, bots: Sequence[str], settings: dict[str, object], problem: str
) -> None:
    with pytest.raises(ValueError, match=problem):
        simulate(game, bots, **{"workers": 1, **settings})  # type: ignore[arg-type]


def test_progress_bar_goes_to_stderr_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    simulate("farkle", ("random", "random"), games=2, seed=1, workers=1, quick=True, progress=True)
    err = capsys.readouterr().err
    assert err.startswith("\rfarkle  ")
    last = err.split("\r")[-1]
    assert last.startswith("farkle  2/2 games  100%  ") and last.endswith(" games/s\x1b[K\n")
    simulate("farkle", ("random", "random"), games=2, seed=1, workers=1, quick=True)
    assert capsys.readouterr().err == ""  # not a terminal here


def test_command_line_summary_and_csv(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "farkle.csv"
    status = main(["farkle", "--bots", "random,random", "--games", "4", "--seed", "1", "--quick", "--workers", "1",
                   "--csv", str(path)])  # fmt: skip
    out = capsys.readouterr().out.splitlines()
    assert status == 0
    assert out[:2] == [
        "bot     seats  wins  win rate  mean score  mean moves",
        "random      8     4     0.500      1950.0        47.6",
    ]
    assert out[2].startswith("4 games in ") and out[3] == f"rows written to {path}"
    assert read_csv(path) == simulate("farkle", ("random", "random"), games=4, seed=1, workers=1, quick=True)


def test_command_line_reports_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    out = io.StringIO()
    assert run(parser.parse_args(["hearts", "--bots", "random,random", "--workers", "1"]), out) == 2
    assert out.getvalue() == ""
    assert capsys.readouterr().err == (
        "parlour simulate: error: hearts is played by 4 players: give one bot per seat, not 2\n"
    )


# --- Ray --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray instance of two CPUs for this module's Ray tests (starting one takes seconds)."""
    ray = pytest.importorskip("ray", reason="the Ray backend needs the ray extra (pip install 'parlour[ray]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_same_rows_as_local_processes(local_ray: None) -> None:
    local = simulate("hearts", FOUR_RANDOM, games=4, seed=13, workers=1, quick=True)
    assert simulate("hearts", FOUR_RANDOM, games=4, seed=13, backend="ray", quick=True) == local
    bots = ("random", "Random", "RANDOM")
    rotated = simulate("farkle", bots, games=5, seed=3, quick=True, rotate=True, workers=1)
    assert simulate("farkle", bots, games=5, seed=3, quick=True, rotate=True, backend="ray", workers=2) == rotated
