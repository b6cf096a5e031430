"""The text frontend (``python -m parlour``), the bots, the examples and the README's example.

Every test goes through the registry, so each new game is covered when it is registered.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import parlour
from parlour.bots import RandomBot, moves_of
from parlour.cli import advance_bots, bots_for, main, read_options, summarize_moves
from parlour.core.options import options_text

ROOT = Path(__file__).resolve().parent.parent
NAMES = parlour.game_names()


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m parlour`` in a child process, as a user would run it."""
    return subprocess.run(
        [sys.executable, "-m", "parlour", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )


def run_main(*args: str, stdin: str = "") -> tuple[int, str]:
    """The CLI in this process (faster), with piped input; returns (status, output)."""
    out = io.StringIO()
    status = main(list(args), out=out, inp=io.StringIO(stdin))
    return status, out.getvalue()


# --- list and demo ---------------------------------------------------------------------------


def test_list_names_every_game_with_title_and_players() -> None:
    result = run("list")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split()[:4] == ["game", "title", "players", "family"]
    for name in NAMES:
        spec = parlour.game(name)
        row = next(line for line in lines if line.split()[:1] == [name])
        assert spec.title in row
        assert spec.family in row


@pytest.mark.parametrize("name", NAMES)
def test_demo_plays_every_game_to_the_end_and_names_the_winners(name: str) -> None:
    result = run("demo", name, "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    spec = parlour.game(name)
    state = spec.new_game(seed=3)
    bots = bots_for(3, len(spec.scores(state)))
    moves = 0
    while not spec.is_over(state):
        seat = min(spec.to_act(state))
        state = spec.apply(state, bots[seat].choose(spec, state, seat))
        moves += 1
    lines = result.stdout.splitlines()
    winners = ", ".join(f"seat {seat}" for seat in sorted(spec.winners(state)))
    assert lines[-1] == f"winners: {winners}"
    assert lines[-2] == "scores  " + "   ".join(f"seat {s}: {v}" for s, v in enumerate(spec.scores(state)))
    assert f"Game over after {moves} moves and {state.hand} hand(s)." in lines


def test_demo_is_reproducible_from_its_seed() -> None:
    first = run_main("demo", NAMES[0], "--seed", "11")
    assert first == run_main("demo", NAMES[0], "--seed", "11")
    assert first != run_main("demo", NAMES[0], "--seed", "12")


# --- play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_play_shows_only_the_persons_view_then_quits(name: str) -> None:
    spec = parlour.game(name)
    status, output = run_main("play", name, "--seed", "5", stdin="quit\n")
    assert status == 0
    start = spec.new_game(seed=5)
    state, _ = advance_bots(spec, start, 0, bots_for(5, len(spec.scores(start))))
    assert spec.render(spec.view(state, 0)) in output
    if spec.render(state) != spec.render(spec.view(state, 0)):
        assert spec.render(state) not in output
    mine = [str(m) for m in spec.legal_moves(state) if m.player == 0]
    assert summarize_moves(mine) in output
    assert output.rstrip().splitlines()[-1].startswith(f"You left the game in hand {state.hand}.")


def test_play_with_piped_quit_exits_cleanly() -> None:
    result = run("play", NAMES[0], "--seed", "1", stdin="quit\n")
    assert result.returncode == 0
    assert result.stderr == ""
    assert "seat 0> quit" in result.stdout


def test_play_at_end_of_input_exits_cleanly() -> None:
    result = run("play", NAMES[0], "--seed", "1", stdin="")
    assert result.returncode == 0
    assert result.stderr == ""
    assert "You left the game" in result.stdout


@pytest.mark.parametrize("name", NAMES)
def test_bad_move_gets_the_games_message_and_a_new_prompt(name: str) -> None:
    status, output = run_main("play", name, "--seed", "2", stdin="fly to the moon\nquit\n")
    assert status == 0
    assert "not played: 'fly to the moon' is not a legal move here; legal moves:" in output
    assert output.count("seat 0> ") == 2
    assert "Traceback" not in output


def test_a_legal_move_is_played_and_narrated() -> None:
    spec = parlour.game(NAMES[0])
    start = spec.new_game(seed=4)
    state, _ = advance_bots(spec, start, 0, bots_for(4, len(spec.scores(start))))
    move = moves_of(spec, state, 0)[0]
    status, output = run_main("play", NAMES[0], "--seed", "4", stdin=f"{move}\nquit\n")
    assert status == 0
    assert f"  you: {move}" in output


def test_commands_help_moves_board_and_scores() -> None:
    status, output = run_main("play", NAMES[0], "--seed", "1", stdin="help\nmoves\nboard\nscores\nq\n")
    assert status == 0
    assert "moves    list all of your legal moves" in output
    assert output.count("=== hand") == 2  # the first table and the one `board` asked for
    assert output.count("scores  you: ") == 2  # the `scores` command and the goodbye line


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "no game named 'chess'"),
        (["demo", NAMES[0], "--players", "99"], "not 99"),
        (["play", NAMES[0], "--seat", "99"], "--seat is a seat number from 0 to"),
        (["demo", NAMES[0], "--options", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["demo", NAMES[0], "--options", "not_a_preset"], "neither options"),
        (["demo", NAMES[0], "--options", "other_game(x=1)"], "these options are for 'other_game'"),
    ],
)
def test_unusable_command_lines_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("parlour: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_options_read_as_presets_text_and_bare_assignments(name: str) -> None:
    spec = parlour.game(name)
    assert read_options(spec, name) == spec.options_type()
    for preset, options in spec.presets:
        assert read_options(spec, preset) == options
        assert read_options(spec, options_text(name, options)) == options
        inner = re.fullmatch(rf"{name}\((.*)\)", options_text(name, options))
        if inner:
            assert read_options(spec, inner.group(1)) == options


def test_summarize_moves_groups_long_lists_by_verb() -> None:
    moves = [f"play {n}" for n in range(40)] + ["draw stock"]
    assert summarize_moves(moves, limit=50).count("play") == 40
    assert summarize_moves(moves, limit=10).splitlines() == [
        "  draw stock",
        "  play ... (40 moves, such as: play 0, play 1, play 2)",
    ]


# --- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_random_bot_is_deterministic_and_plays_only_its_seat(name: str) -> None:
    spec = parlour.game(name)
    state = spec.new_game(seed=9)
    first, second = RandomBot(seed=5), RandomBot(seed=5)
    for _ in range(30):
        if spec.is_over(state):
            break
        seat = max(spec.to_act(state))
        move = first.choose(spec, state, seat)
        assert move == second.choose(spec, state, seat)
        assert move.player == seat and move in spec.legal_moves(state)
        state = spec.apply(state, move)


def test_random_bot_refuses_a_seat_that_cannot_act() -> None:
    spec = parlour.game(NAMES[0])
    state = spec.new_game(seed=1)
    idle = [seat for seat in range(len(spec.scores(state))) if seat not in spec.to_act(state)]
    if idle:
        with pytest.raises(ValueError, match=f"seat {idle[0]} has no legal move now"):
            RandomBot(seed=1).choose(spec, state, idle[0])


# --- examples and the README -----------------------------------------------------------------


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_example_runs(path: Path) -> None:
    result = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()


def test_readme_python_example_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
    assert blocks, "README.md has no python example"
    for block in blocks:
        result = subprocess.run([sys.executable, "-c", block], capture_output=True, text=True, timeout=120, cwd=ROOT)
        assert result.returncode == 0, result.stderr
