"""The text frontend (``python -m parlour``), the bots, the examples and the README's example.

Most tests go through the registry, so each new game is covered when it is registered; a few
check one game's screen where a point needs a particular position (a Hearts trick to follow, a
Gin spread, a Scum player going out), reaching it through a saved record and ``--load``.
"""

from __future__ import annotations

import enum
import io
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import parlour
from parlour.bots import Bot, RandomBot, moves_of
from parlour import cli
from parlour.cli import advance_bots, bot_specs, bots_for, main, option_rules, read_options, summarize_moves, wrap_moves
from parlour.core.events import EventKind
from parlour.core.game import Game, GameMove, GameState
from parlour.core.options import options_text
from parlour.core.record import Record
from parlour.games import hearts as hearts_game

ROOT = Path(__file__).resolve().parent.parent
NAMES = parlour.game_names()
SAMPLE = "farkle"
"""The game played by the tests that need just one (short whole games, several kinds of move)."""


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


def first_prompt(spec: Game, seed: int) -> GameState:
    """The state at the person's first prompt in ``play <game> --seed <seed>`` (seat 0)."""
    start = spec.new_game(seed=seed)
    state, _ = advance_bots(spec, start, 0, bots_for(seed, len(spec.scores(start))))
    return state


def record_until(
    name: str, seed: int, wanted: Callable[[GameState], bool], prefer: str = ""
) -> tuple[Record, GameState]:
    """A record of random play up to the first position where only seat 0 may act and
    `wanted` holds; moves whose class is named `prefer` are chosen when there are any. Games
    from `seed` on are tried until one reaches such a position."""
    spec = parlour.game(name)
    for tried in range(seed, seed + 40):
        record = Record.start(name, seed=tried)
        state = record.replay()
        chooser = random.Random(tried)
        while not spec.is_over(state):
            if spec.to_act(state) == {0} and wanted(state):
                return record, state
            legal = spec.legal_moves(state)
            pool = [m for m in legal if type(m).__name__ == prefer] or list(legal)
            move = pool[chooser.randrange(len(pool))]
            record, state = record.plus(state, move), spec.apply(state, move)
    raise AssertionError(f"no such position in 40 games of {name}")


def saved(tmp_path: Path, record: Record) -> str:
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return str(path)


# --- list, options and demo ------------------------------------------------------------------


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


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return value.name.lower() if isinstance(value, enum.Enum) else str(value)


@pytest.mark.parametrize("name", NAMES)
def test_options_lists_every_option_with_type_default_rule_and_the_presets(name: str) -> None:
    spec = parlour.game(name)
    status, output = run_main("options", name)
    assert status == 0
    cls: type = spec.options_type
    rules = option_rules(cls)
    defaults = cls()
    listed = [line for line in output.splitlines() if re.match(r"^  [a-z_0-9]+: ", line)]
    assert [line.split(":")[0].strip() for line in listed] == [f.name for f in attrs.fields(cls) if f.init]
    for field in attrs.fields(cls):
        line = next(line for line in listed if line.startswith(f"  {field.name}: "))
        assert line.endswith(f"  (default {_text(getattr(defaults, field.name))})")
        assert rules[field.name], f"{name}.Options.{field.name} has no rule text"
        assert rules[field.name] in " ".join(output.split())
    for preset, options in spec.presets:
        assert re.search(rf"^  {preset} +{re.escape(options_text(name, options))}$", output, re.MULTILINE)


def test_options_of_hearts_read_as_documented() -> None:
    status, output = run_main("options", "hearts")
    assert status == 0
    lines = output.splitlines()
    assert "  target_score: whole number  (default 100)" in lines
    assert "      The game ends after a hand in which someone reaches or passes this score." in lines
    assert "  queen_breaks_hearts: true | false  (default false)" in lines
    assert any(re.fullmatch(r"  hoyle +hearts\(passing=left,moon=add\)", line) for line in lines)


def _demo_game(name: str, seed: int) -> tuple[Game, GameState, int, list[tuple[int, int]]]:
    """The demo's game replayed: the spec, final state, move count and (hand, moves) per hand."""
    spec = parlour.game(name)
    state = spec.new_game(seed=seed)
    bots = bots_for(seed, len(spec.scores(state)))
    moves, hands, in_hand = 0, [], 0
    while not spec.is_over(state):
        seat = min(spec.to_act(state))
        hand = state.hand
        state = spec.apply(state, bots[seat].choose(spec, state, seat))
        moves += 1
        in_hand += 1
        if state.hand != hand or spec.is_over(state):
            hands.append((hand, in_hand))
            in_hand = 0
    return spec, state, moves, hands


@pytest.mark.parametrize("name", NAMES)
def test_demo_prints_one_line_a_hand_and_names_the_winners(name: str) -> None:
    result = run("demo", name, "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    spec, state, moves, hands = _demo_game(name, 3)
    lines = result.stdout.splitlines()
    winners = ", ".join(f"seat {seat}" for seat in sorted(spec.winners(state))) or "nobody"
    assert lines[-1] == f"winners: {winners}"
    assert lines[-2] == "scores  " + "   ".join(f"seat {s}: {v}" for s, v in enumerate(spec.scores(state)))
    assert f"Game over after {moves} moves and {state.hand} hand(s)." in lines
    hand_lines = [line for line in lines if line.startswith("hand ")]
    assert [line.split(";")[0] for line in hand_lines] == [f"hand {hand}: {count} moves" for hand, count in hands]
    assert len(lines) == len(hands) + 5


def test_demo_verbose_shows_every_move() -> None:
    name = SAMPLE
    _, _, moves, _ = _demo_game(name, 3)
    status, output = run_main("demo", name, "--seed", "3", "--verbose")
    assert status == 0
    numbered = [line for line in output.splitlines() if re.match(r"^ *\d+  seat \d+: ", line)]
    assert len(numbered) == moves
    assert numbered[0].startswith("    1  seat ")


def test_demo_stops_after_the_hands_asked_for() -> None:
    name = "scum"
    status, output = run_main("demo", name, "--seed", "3", "--hands", "2")
    assert status == 0
    lines = output.splitlines()
    assert [line.split(":")[0] for line in lines if line.startswith("hand ")] == ["hand 1", "hand 2"]
    assert re.fullmatch(r"Stopped after 2 hand\(s\) and \d+ moves; the game goes on\.", lines[-2])
    assert lines[-1].startswith("scores  seat 0: ")


def test_demo_is_reproducible_from_its_seed() -> None:
    first = run_main("demo", SAMPLE, "--seed", "11")
    assert first == run_main("demo", SAMPLE, "--seed", "11")
    assert first != run_main("demo", SAMPLE, "--seed", "12")


# --- play ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_play_shows_only_the_persons_view_then_quits(name: str) -> None:
    spec = parlour.game(name)
    status, output = run_main("play", name, "--seed", "5", stdin="quit\n")
    assert status == 0
    state = first_prompt(spec, 5)
    assert spec.render(spec.view(state, 0)) in output
    if spec.render(state) != spec.render(spec.view(state, 0)):
        assert spec.render(state) not in output
    mine = [str(m) for m in spec.legal_moves(state, 0)]
    assert summarize_moves(mine) in output
    assert output.rstrip().splitlines()[-1].startswith(f"You left the game in hand {state.hand}.")


def test_play_with_piped_quit_exits_cleanly() -> None:
    result = run("play", SAMPLE, "--seed", "1", stdin="quit\n")
    assert result.returncode == 0
    assert result.stderr == ""
    assert "seat 0> quit" in result.stdout


def test_play_at_end_of_input_exits_cleanly() -> None:
    result = run("play", SAMPLE, "--seed", "1", stdin="")
    assert result.returncode == 0
    assert result.stderr == ""
    assert "You left the game" in result.stdout


@pytest.mark.parametrize("name", NAMES)
def test_bad_move_gets_the_games_message_and_the_full_list_of_moves(name: str) -> None:
    spec = parlour.game(name)
    status, output = run_main("play", name, "--seed", "2", stdin="fly to the moon\nquit\n")
    assert status == 0
    mine = [str(m) for m in spec.legal_moves(first_prompt(spec, 2), 0)]
    refusal = (
        "  not played: 'fly to the moon' is not a legal move here\n"
        "  your moves:\n"
        f"{wrap_moves(mine, '    ')}\n"
        '  (type "help" for how moves are written, and the commands)\n'
    )
    assert refusal in output
    assert output.count("seat 0> ") == 2
    assert "Traceback" not in output


def test_a_refused_move_says_which_rule_it_breaks(tmp_path: Path) -> None:
    """Hearts: a card of another suit while holding the suit led is refused with the rule."""

    def must_follow(state: GameState) -> bool:
        assert isinstance(state, hearts_game.State)
        hand, trick = state.hands[0], state.trick
        return bool(trick.cards) and len({card.suit for card in hand} | {trick.cards[0].suit}) > 1 and any(
            card.suit == trick.cards[0].suit for card in hand
        )

    record, state = record_until("hearts", 4, must_follow)
    assert isinstance(state, hearts_game.State)
    card = next(card for card in state.hands[0] if card.suit != state.trick.cards[0].suit)
    with pytest.raises(parlour.IllegalMove) as refused:
        hearts_game.apply(state, hearts_game.PlayCard(player=0, card=card))
    assert "must follow suit: holds a " in str(refused.value)
    status, output = run_main("play", "--load", saved(tmp_path, record), stdin=f"play {card}\nquit\n")
    assert status == 0
    assert f"  not played: {refused.value}\n  your moves:\n" in output


def test_the_persons_own_events_are_shown(tmp_path: Path) -> None:
    """Scum: the line that seat 0 went out (with its title) reaches seat 0's own screen."""
    scum = parlour.game("scum")

    def goes_out_next(state: GameState) -> bool:
        return any(
            any(e.kind is EventKind.GOES_OUT and e.player == 0 for e in scum.apply(state, m).events)
            for m in scum.legal_moves(state, 0)
        )

    record, state = record_until("scum", 1, goes_out_next)
    move = next(
        m for m in scum.legal_moves(state, 0) if any(e.kind is EventKind.GOES_OUT for e in scum.apply(state, m).events)
    )
    after = scum.apply(state, move)
    out_event = next(e for e in scum.view(after, 0).events if e.kind is EventKind.GOES_OUT)
    status, output = run_main("play", "scum", "--load", saved(tmp_path, record), stdin=f"{move}\nquit\n")
    assert status == 0
    assert f"  you: {move}\n" in output
    assert f"\n      {out_event}\n" in output
    assert str(out_event).startswith("seat 0 goes out")


def test_a_move_with_commas_is_one_move_and_semicolons_separate_moves(tmp_path: Path) -> None:
    """Gin's spread lists melds with commas: the whole line is one move."""
    gin = parlour.game("gin_rummy")

    def spreading(state: GameState) -> bool:
        return any("," in str(m) for m in gin.legal_moves(state, 0))

    record, state = record_until("gin_rummy", 2, spreading, prefer="Knock")
    spread = next(str(m) for m in gin.legal_moves(state, 0) if "," in str(m))
    status, output = run_main("play", "--load", saved(tmp_path, record), stdin=f"{spread}\nquit\n")
    assert status == 0
    assert f"  you: {spread}\n" in output
    assert "not played" not in output


def test_several_moves_on_one_line_are_made_in_turn() -> None:
    hearts = parlour.game("hearts")
    passes = [str(m) for m in hearts.legal_moves(first_prompt(hearts, 1), 0)][:3]
    status, output = run_main("play", "hearts", "--seed", "1", stdin="; ".join(passes) + "\nquit\n")
    assert status == 0
    for text in passes:
        assert f"  you: {text}\n" in output
    assert f"seat 0> {passes[1]}   (next move of your line)\n" in output
    assert "not played" not in output


def test_a_bad_move_on_a_line_drops_the_rest_of_it() -> None:
    hearts = parlour.game("hearts")
    first, second = [str(m) for m in hearts.legal_moves(first_prompt(hearts, 1), 0)][:2]
    status, output = run_main("play", "hearts", "--seed", "1", stdin=f"{first}; fly; {second}\nquit\n")
    assert status == 0
    assert f"  you: {first}\n" in output
    assert f"  (the rest of your line is dropped: {second})\n  not played: 'fly' is not a legal move here\n" in output
    assert f"  you: {second}\n" not in output


def test_a_legal_move_is_played_and_narrated() -> None:
    spec = parlour.game(SAMPLE)
    state = first_prompt(spec, 4)
    move = moves_of(spec, state, 0)[0]
    status, output = run_main("play", SAMPLE, "--seed", "4", stdin=f"{move}\nquit\n")
    assert status == 0
    assert f"  you: {move}" in output


def test_commands_help_moves_board_and_scores() -> None:
    status, output = run_main("play", SAMPLE, "--seed", "1", stdin="help\nmoves\nboard\nscores\nq\n")
    assert status == 0
    assert "  moves    list all of your legal moves" in output
    assert output.count("=== hand") == 2  # the first table and the one `board` asked for
    assert output.count("scores  you: ") == 2  # the `scores` command and the goodbye line


@pytest.mark.parametrize("name", NAMES)
def test_help_shows_the_games_own_notation_from_real_moves(name: str) -> None:
    spec = parlour.game(name)
    status, output = run_main("play", name, "--seed", "1", stdin="help\nquit\n")
    assert status == 0
    help_text = output.split("seat 0> help\n", 1)[1].split("Commands:", 1)[0]
    assert help_text.startswith(f"{spec.title} moves are written like these (examples from real positions):\n")
    mine = [str(m) for m in spec.legal_moves(first_prompt(spec, 1), 0)]
    assert re.search(rf"^  {re.escape(mine[0])} +\(one of your moves now\)$", help_text, re.MULTILINE)
    examples = [line.strip() for line in help_text.splitlines()[1:] if line.startswith("  ")]
    assert len(examples) >= min(2, len(_kinds_met(spec))), "help shows an example of every kind of move"


def _kinds_met(spec: Game) -> set[type]:
    """The kinds of move a random default game meets (an option may add kinds it never meets)."""
    chooser = random.Random(1)
    state = spec.new_game(seed=1)
    kinds: set[type] = set()
    for _ in range(400):
        legal = spec.legal_moves(state)
        if not legal:
            break
        kinds.update(type(move) for move in legal)
        state = spec.apply(state, legal[chooser.randrange(len(legal))])
    return kinds


def test_farkle_help_shows_farkle_moves_only() -> None:
    status, output = run_main("play", "farkle", "--seed", "1", stdin="help\nquit\n")
    assert status == 0
    help_text = output.split("seat 0> help\n", 1)[1].split("Type one of your moves", 1)[0]
    lines = help_text.splitlines()
    assert lines[1] == "  roll  (one of your moves now)"
    assert re.fullmatch(r"  hold [1-6]( [1-6])*", lines[2])
    assert lines[3] == "  bank"
    assert "pass" not in help_text and "draw" not in help_text


# --- setting up ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "no game named 'chess'"),
        (["play"], "name a game (python -m parlour list shows them) or --load a saved one"),
        (["demo", SAMPLE, "--players", "99"], "not 99"),
        (["play", SAMPLE, "--seat", "99"], "--seat is a seat number from 0 to"),
        (["demo", SAMPLE, "--options", "no_such_option=1"], "unknown option 'no_such_option'"),
        (["demo", SAMPLE, "--options", "not_a_preset"], "neither options"),
        (["demo", SAMPLE, "--options", "other_game(x=1)"], "these options are for 'other_game'"),
        (["demo", "hearts", "--options", "passing=left,passing=none"], "option passing is given twice"),
        (["demo", "hearts", "--options", "hoyle,metzker"], "'metzker' is not name=value; a preset name may come first"),
        (["demo", SAMPLE, "--hands", "0"], "--hands is a number of hands from 1, not 0"),
        (["options", "chess"], "no game named 'chess'"),
        (["replay", "no/such/file.json"], "cannot read the record no/such/file.json: "),
    ],
)
def test_unusable_command_lines_exit_2_with_a_message(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("parlour: ")
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(("args", "kwargs"), [(["--players", "5"], {"players": 5}), (["--seed", "-1"], {"seed": -1})])
def test_the_librarys_own_message_is_shown_for_values_new_game_refuses(args: list[str], kwargs: dict[str, int]) -> None:
    hearts = parlour.game("hearts")
    with pytest.raises(ValueError) as refused:
        hearts.new_game(**kwargs)
    result = run("play", "hearts", *args)
    assert result.returncode == 2
    assert result.stderr == f"parlour: {refused.value}\n"


def test_a_seed_that_is_not_a_number_is_refused_with_a_message() -> None:
    result = run("demo", "hearts", "--seed", "abc")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1] == "python -m parlour demo: error: argument --seed: invalid int value: 'abc'"


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


def test_a_preset_amended_by_options() -> None:
    hearts = parlour.game("hearts")
    assert options_text("hearts", read_options(hearts, "hoyle, passing=none")) == "hearts(passing=none,moon=add)"
    assert options_text("hearts", read_options(hearts, "hoyle,target_score=50")) == (
        "hearts(passing=left,moon=add,target_score=50)"
    )
    status, output = run_main("demo", "hearts", "--seed", "1", "--options", "hoyle,passing=none", "--hands", "1")
    assert status == 0
    assert output.splitlines()[0] == "Hearts: 4 random bots, hearts(passing=none,moon=add), seed 1"


def test_input_that_is_not_utf8_is_refused_and_play_goes_on() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "parlour", "play", SAMPLE, "--seed", "1"],
        input=b"pa\xffss \xc3\nquit\n",
        capture_output=True,
        timeout=120,
        cwd=ROOT,
        env=os.environ | {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"},
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == b""
    out = result.stdout.decode("utf-8")
    assert "seat 0> pa?ss ?\n  that input was not valid text (UTF-8); please type it again\nseat 0> quit\n" in out
    assert "You left the game" in out


def test_summarize_moves_groups_long_lists_by_verb_in_order() -> None:
    moves = [f"play {n}" for n in range(40)] + ["draw stock"]
    assert summarize_moves(moves, limit=50).count("play") == 40
    assert summarize_moves(moves, limit=10).splitlines() == [
        "  play ... (40 moves, such as: play 0, play 1, play 2)",
        "  draw stock",
    ]


def test_move_lists_break_between_moves_only() -> None:
    moves = [f"spread {n}C {n}D {n}H, 4S 5S 6S" for n in range(2, 9)] + ["knock 7H"]
    text = wrap_moves(moves, width=60)
    lines = text.splitlines()
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines)
    assert " ".join(line.strip() for line in lines) == ", ".join(moves)
    for line in lines:
        assert line.startswith("  spread ") or line.startswith("  knock ")
        assert line.endswith(",") or line == lines[-1]


# --- records: save, load, replay -------------------------------------------------------------


def test_play_saves_the_record_after_every_move(tmp_path: Path) -> None:
    path = tmp_path / "hearts.json"
    hearts = parlour.game("hearts")
    state = first_prompt(hearts, 1)
    mine = str(hearts.legal_moves(state, 0)[0])
    status, output = run_main("play", "hearts", "--seed", "1", "--save", str(path), stdin=f"{mine}\nquit\n")
    assert status == 0
    assert f"The game is saved to {path} after every move (resume with --load {path})." in output
    record = Record.from_json(path.read_text(encoding="utf-8"))
    assert (record.game, record.seed, record.players) == ("hearts", 1, 4)
    assert record.moves[-1] == f"0: {mine}"
    assert record.replay() == hearts.apply(state, hearts.legal_moves(state, 0)[0])


def test_load_resumes_a_saved_game_and_keeps_saving(tmp_path: Path) -> None:
    path = tmp_path / "scum.json"
    run_main("play", "scum", "--seed", "2", "--save", str(path), stdin="quit\n")
    before = Record.from_json(path.read_text(encoding="utf-8"))
    scum = parlour.game("scum")
    state = before.replay()
    move = str(scum.legal_moves(state, 0)[0])
    status, output = run_main("play", "--load", str(path), "--save", str(path), stdin=f"{move}\nquit\n")
    assert status == 0
    resumed = f"Scum: resumed from {path} after {len(before.moves)} moves; you are seat 0 of 4 (scum, seed 2).\n"
    assert output.startswith(resumed)
    after = Record.from_json(path.read_text(encoding="utf-8"))
    assert after.moves[: len(before.moves) + 1] == (*before.moves, f"0: {move}")


def test_load_refuses_a_clashing_game_or_setup(tmp_path: Path) -> None:
    path = saved(tmp_path, Record.start("scum", seed=2))
    assert run("play", "hearts", "--load", path).stderr == f"parlour: {path} records a game of scum, not hearts\n"
    assert run("play", "--load", path, "--seed", "3").stderr == (
        "parlour: --load takes the game, options, players and seed from the record; drop --seed\n"
    )
    (tmp_path / "bad.json").write_text('{"parlour": 1, "kind": "record"}', encoding="utf-8")
    result = run("replay", str(tmp_path / "bad.json"))
    assert result.returncode == 2
    bad = tmp_path / "bad.json"
    assert result.stderr == f"parlour: {bad} is not a usable record: the record lacks the field 'game'\n"


def test_replay_prints_every_move_and_the_table(tmp_path: Path) -> None:
    path = tmp_path / "demo.json"
    status, _ = run_main("demo", "farkle", "--seed", "4", "--save", str(path))
    assert status == 0
    record = Record.from_json(path.read_text(encoding="utf-8"))
    farkle = parlour.game("farkle")
    final = record.replay()
    assert farkle.is_over(final)
    status, output = run_main("replay", str(path))
    assert status == 0
    lines = output.splitlines()
    assert lines[0] == f"Farkle: 2 players, farkle, seed 4; {len(record.moves)} moves, showing every seat's cards"
    shown = [line for line in lines if line.startswith("--- ")]
    assert shown == [f"--- {ply}. seat {text}" for ply, text in enumerate(record.moves, 1)]
    assert lines[-3] == f"=== game over after {len(record.moves)} moves and {final.hand} hand(s) ==="
    assert lines[-1] == f"winners: {', '.join(f'seat {s}' for s in sorted(farkle.winners(final)))}"
    assert "    " + farkle.render(final).splitlines()[0] in lines


def test_replay_step_waits_for_enter(tmp_path: Path) -> None:
    record, _ = record_until("scum", 1, lambda state: True)
    assert len(record.moves) >= 2
    status, output = run_main("replay", saved(tmp_path, record), "--step", stdin="\nq\n")
    assert status == 0
    assert output.count("(Enter: next move, q: stop) ") == 2
    assert output.rstrip().endswith("Stopped before move 2.")
    assert [line for line in output.splitlines() if line.startswith("--- ")] == [f"--- 1. seat {record.moves[0]}"]


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
        move: GameMove = first.choose(spec, state, seat)
        assert move == second.choose(spec, state, seat)
        assert move.player == seat and move in spec.legal_moves(state)
        state = spec.apply(state, move)


def test_random_bot_refuses_a_seat_that_cannot_act() -> None:
    spec = parlour.game(SAMPLE)
    state = spec.new_game(seed=1)
    idle = [seat for seat in range(len(spec.scores(state))) if seat not in spec.to_act(state)]
    if idle:
        with pytest.raises(ValueError, match=f"seat {idle[0]} has no legal move now"):
            RandomBot(seed=1).choose(spec, state, idle[0])


class Watcher:
    """A random bot that follows the table (an `Observer`), noting every state it hears of."""

    def __init__(self, seed: int) -> None:
        self.bot = RandomBot(seed)
        self.heard: list[GameState] = []

    def choose(self, game: Game, state: GameState, player: int) -> GameMove:
        return self.bot.choose(game, state, player)

    def observe(self, game: Game, state: GameState, player: int) -> None:
        self.heard.append(state)


def test_bots_that_follow_the_table_hear_of_every_state_in_play() -> None:
    spec = parlour.game("hearts")
    start = spec.new_game(seed=2)
    watcher = Watcher(1)
    bots: list[Bot] = [RandomBot(0), watcher, RandomBot(2), RandomBot(3)]
    states: list[GameState] = []
    state, _ = advance_bots(spec, start, 0, bots, on_move=lambda before, move: states.append(before))
    assert states, "the bots moved before seat 0's first turn"
    assert watcher.heard == [*states[1:], state]


def test_bots_that_follow_the_table_hear_of_the_persons_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = parlour.game("hearts")
    table = bots_for(5, 4)
    watcher = table[1] = Watcher(5 * 1009 + 1)  # the same moves as the random bot it replaces
    monkeypatch.setattr(cli, "bots_for", lambda seed, players, specs=None: table)
    prompt = first_prompt(spec, 5)
    mine = spec.legal_moves(prompt, 0)[0]
    status, _ = run_main("play", "hearts", "--seed", "5", stdin=f"{mine}\nquit\n")
    assert status == 0
    assert spec.apply(prompt, mine) in watcher.heard


@pytest.mark.parametrize(
    ("text", "players", "person", "expected"),
    [
        (None, 3, None, ("random", "random", "random")),
        ("heuristic", 3, None, ("heuristic", "heuristic", "heuristic")),
        ("heuristic, random ,heuristic", 3, None, ("heuristic", "random", "heuristic")),
        ("heuristic,ismcts:50", 3, 1, ("heuristic", "random", "ismcts:50")),
    ],
)
def test_bot_specs_read_one_for_all_or_one_per_seat(
    text: str | None, players: int, person: int | None, expected: tuple[str, ...]
) -> None:
    if any(name.startswith("ismcts") for name in expected):
        pytest.importorskip("parlour.bots.ismcts")
    assert bot_specs(text, players, person) == expected


def test_demo_with_heuristic_bots_names_them_and_replays_from_its_seed() -> None:
    status, output = run_main("demo", "scum", "--seed", "4", "--bots", "heuristic", "--hands", "1")
    assert status == 0
    lines = output.splitlines()
    assert lines[0] == "Scum: 4 bots (heuristic, heuristic, heuristic, heuristic), scum, seed 4"
    assert lines[1].startswith("hand 1: ")
    assert (status, output) == run_main("demo", "scum", "--seed", "4", "--bots", "heuristic", "--hands", "1")
    mixed = run_main("demo", "scum", "--seed", "4", "--bots", "heuristic,random,random,random", "--hands", "1")
    assert mixed[1].splitlines()[0] == "Scum: 4 bots (heuristic, random, random, random), scum, seed 4"


def test_demo_with_random_bots_named_plays_the_same_game_as_the_default() -> None:
    default = run_main("demo", SAMPLE, "--seed", "3")[1].splitlines()
    named = run_main("demo", SAMPLE, "--seed", "3", "--bots", "random")[1].splitlines()
    assert named[1:] == default[1:]


def test_play_names_the_other_seats_bots() -> None:
    status, output = run_main("play", "hearts", "--seed", "5", "--bots", "heuristic", stdin="quit\n")
    assert status == 0
    assert "Bots: seat 1: heuristic, seat 2: heuristic, seat 3: heuristic." in output
    status, output = run_main("play", "hearts", "--seed", "5", "--seat", "2", "--bots", "heuristic,random,heuristic", stdin="quit\n")
    assert status == 0
    assert "Bots: seat 0: heuristic, seat 1: random, seat 3: heuristic." in output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["demo", "hearts", "--bots", "heuristic,random"], "--bots names one bot for every seat or a list of 4, not 2"),
        (["play", "hearts", "--bots", "a,b"], "no bot named 'a'"),
        (["demo", "hearts", "--bots", "heuristic,,random"], "--bots is a bot name or a comma list of them"),
        (["tournament", "hearts", "--bots", "nobody", "--games", "2"], "no bot named 'nobody'"),
        (["tournament", "hearts", "--bots", "random", "--games", "0"], "games must be a whole number of at least 1"),
        (["tournament", "chess", "--bots", "random"], "no game named 'chess'"),
    ],
)
def test_unusable_bot_options_exit_2_with_a_message(args: list[str], message: str) -> None:
    out = io.StringIO()
    err = io.StringIO()
    real = sys.stderr
    sys.stderr = err
    try:
        status = main(args, out=out, inp=io.StringIO(""))
    finally:
        sys.stderr = real
    assert status == 2
    assert out.getvalue() == ""
    assert err.getvalue().startswith("parlour: ") and message in err.getvalue()


def test_tournament_prints_win_rates_intervals_and_the_p_value(tmp_path: Path) -> None:
    chart = tmp_path / "rates.png"
    args = ["tournament", "scum", "--bots", "heuristic,random", "--games", "6", "--seed", "1", "--quick"]
    status, output = run_main(*args, "--plot", str(chart))
    assert status == 0
    lines = output.splitlines()
    assert lines[0].startswith("scum: 6 games in ")
    assert lines[1].split() == ["bot", "games", "wins", "rate", "95%", "interval", "expected"]
    assert lines[2].split() == ["heuristic", "6", "3.5", "0.583", "[0.241,", "0.861]", "0.500"]
    assert lines[3].split() == ["random", "6", "2.5", "0.417", "[0.139,", "0.759]", "0.500"]
    assert lines[4] == "p-value that heuristic beats random (one-sided sign test, 5 decisive games): 0.5"
    assert lines[5] == f"chart written to {chart}"
    assert chart.read_bytes()[:4] == b"\x89PNG"


def test_tournament_of_first_hands_with_options() -> None:
    args = ["tournament", "hearts", "--bots", "heuristic,random", "--games", "2", "--hands", "1"]
    status, output = run_main(*args, "--options", "passing=none")
    assert status == 0
    assert output.splitlines()[0].startswith("hearts: 2 games in ")
    assert "p-value that heuristic beats random" in output


def test_version_names_the_build(capsys: pytest.CaptureFixture[str]) -> None:
    """`--version` says which build runs: the pure-Python package or the compiled one (README)."""
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    build = "compiled with mypyc" if parlour.compiled else "pure Python"
    assert capsys.readouterr().out == f"parlour {parlour.__version__} ({build})\n"


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
