"""The text frontend: ``python -m parlour list | play <game> | demo <game>``.

``play`` seats a person at one seat against random bots. The screen shows only what that seat
may see: its `view` rendered by the game, the (redacted) events of every move, and its own legal
moves, typed in the game's notation. ``demo`` lets bots play a whole game and narrates it.
Everything goes through the registry, so every game works here the day it is registered.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Sequence
from typing import Final, TextIO

from parlour.bots import Bot, RandomBot
from parlour.core.errors import NotationError
from parlour.core.events import Event
from parlour.core.game import Game, GameMove, GameOptions, GameState
from parlour.core.options import options_text, parse_options
from parlour.core.registry import game, game_names
from parlour.core.rng import fresh_seed

__all__ = ["advance_bots", "bots_for", "main", "read_options", "summarize_moves"]

WIDTH: Final = 96
"""Wrap long lines (move lists) at this many columns."""
MOVE_LIST_LIMIT: Final = 30
"""Above this many legal moves, the prompt summarizes them by verb; ``moves`` lists them all."""
QUIT_WORDS: Final = frozenset({"quit", "exit", "q"})
HELP_TEXT: Final = """\
Type a move in the game's notation, exactly as listed (case and spacing do not matter),
for example "pass 2C" or "play QS" (Hearts), "draw stock" or "knock 7H" (Gin Rummy),
"play 7C 7H" or "pass" (Scum). Other commands:
  moves    list all of your legal moves
  board    show the table again (what your seat can see)
  scores   show the running scores
  help     this text
  quit     leave the game (end of input does the same)"""


class UsageError(Exception):
    """A command line that cannot start a game (bad game name, options, seat or count)."""


# --- Setting up a game ------------------------------------------------------------------------


def read_options(spec: Game, text: str) -> GameOptions:
    """Reads ``hearts(passing=rotate)``, ``passing=rotate`` or a preset name such as ``hoyle``."""
    text = text.strip()
    presets = dict(spec.presets)
    if text in presets:
        return presets[text]
    if "(" not in text and "=" not in text and text != spec.name:
        names = ", ".join(presets) or "none"
        raise ValueError(f"{text!r} is neither options like {spec.name}(name=value,...) nor a preset (presets: {names})")
    if "(" not in text and "=" in text:
        text = f"{spec.name}({text})"
    named = text.split("(", 1)[0].strip()
    if named != spec.name:
        raise ValueError(f"these options are for {named!r}, but the game is {spec.name!r}")
    return parse_options(spec.options_type, text)[1]


def _start(args: argparse.Namespace) -> tuple[Game, GameState, int, str]:
    """The game, its first state, the seed and the options' text, from the command line.

    Raises UsageError (with the game's own message) for anything that cannot start a game.
    """
    try:
        spec = game(args.game)
        options = None if args.options is None else read_options(spec, args.options)
        seed = fresh_seed() if args.seed is None else args.seed
        state = spec.new_game(args.players, seed=seed, options=options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    setup = spec.name if options is None else options_text(spec.name, options)
    return spec, state, seed, setup


def bots_for(seed: int, players: int) -> list[Bot]:
    """One random bot per seat, each seeded from the game seed so a whole demo replays."""
    return [RandomBot(seed * 1009 + seat) for seat in range(players)]


def _player_count(spec: Game, state: GameState) -> int:
    return len(spec.scores(state))


# --- Text helpers -----------------------------------------------------------------------------


def _wrap(text: str, indent: str = "  ") -> str:
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)


def summarize_moves(moves: Sequence[str], limit: int = MOVE_LIST_LIMIT) -> str:
    """The moves as one wrapped list, or grouped by their first word when there are many.

    >>> print(summarize_moves(["play 2C", "play 3C"]))
      play 2C, play 3C
    >>> print(summarize_moves([f"pass {n}" for n in range(40)] + ["hold"], limit=5))
      hold
      pass ... (40 moves, such as: pass 0, pass 1, pass 2)
    """
    if len(moves) <= limit:
        return _wrap(", ".join(moves))
    groups: dict[str, list[str]] = {}
    for move in moves:
        groups.setdefault(move.split(" ", 1)[0], []).append(move)
    lines = []
    for verb in sorted(groups):
        members = groups[verb]
        if len(members) == 1:
            lines.append(_wrap(members[0]))
        else:
            lines.append(_wrap(f"{verb} ... ({len(members)} moves, such as: {', '.join(members[:3])})"))
    return "\n".join(lines)


def _scores_line(spec: Game, state: GameState, you: int | None = None) -> str:
    marks = []
    for seat, score in enumerate(spec.scores(state)):
        label = "you" if seat == you else f"seat {seat}"
        marks.append(f"{label}: {score}")
    return "scores  " + "   ".join(marks)


def _seat_names(seats: frozenset[int], you: int | None = None) -> str:
    if not seats:
        return "nobody"
    return ", ".join("you" if seat == you else f"seat {seat}" for seat in sorted(seats))


def _restates(event: Event, mover: int, move: GameMove) -> bool:
    """Whether an event only repeats a move already printed ("seat 0 plays QS" after "play QS")."""
    words = str(move).split()
    return event.player == mover and not event.numbers and all(str(card) in words for card in event.cards)


def _counted(lines: Sequence[str]) -> list[str]:
    """The lines with runs of one line written once, with a count ("... ??  (x3)")."""
    out: list[str] = []
    run = 1
    for index, line in enumerate(lines):
        if index + 1 < len(lines) and lines[index + 1] == line:
            run += 1
            continue
        out.append(line + (f"  (x{run})" if run > 1 else ""))
        run = 1
    return out


def _event_lines(events: Sequence[Event], shown: tuple[int, GameMove] | None = None) -> list[str]:
    """Indented event lines, leaving out an event that only restates the printed move `shown`
    (mover, move)."""
    return [f"      {e}" for e in events if shown is None or not _restates(e, *shown)]


class _Screen:
    """Where the frontend writes and reads; echoes piped input so transcripts read well."""

    def __init__(self, out: TextIO, inp: TextIO) -> None:
        self.out = out
        self.inp = inp
        self.interactive = inp.isatty() and out.isatty()

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def ask(self, prompt: str) -> str | None:
        """One line of input without its newline; None at end of input."""
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                self.say()
                return None
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.say()
            return None
        line = line.rstrip("\r\n")
        self.say(line)
        return line


# --- list -------------------------------------------------------------------------------------


def _players_text(counts: tuple[int, ...]) -> str:
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}-{counts[-1]}"
    return ",".join(map(str, counts))


def _cmd_list(screen: _Screen) -> int:
    rows = [("game", "title", "players", "family", "presets")]
    for name in game_names():
        spec = game(name)
        presets = ", ".join(preset for preset, _ in spec.presets) or "-"
        rows.append((name, spec.title, _players_text(spec.players), spec.family, presets))
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths)]
        screen.say("  ".join(cells + [row[4]]).rstrip())
    screen.say()
    screen.say("Play one with: python -m parlour play <game>   (watch bots with: python -m parlour demo <game>)")
    return 0


# --- demo -------------------------------------------------------------------------------------


def _cmd_demo(screen: _Screen, args: argparse.Namespace) -> int:
    spec, state, seed, setup = _start(args)
    players = _player_count(spec, state)
    bots = bots_for(seed, players)
    screen.say(f"{spec.title}: {players} random bots, {setup}, seed {seed}")
    screen.say(f"--- hand {state.hand} ---")
    plies = 0
    while not spec.is_over(state):
        seat = min(spec.to_act(state))
        move = bots[seat].choose(spec, state, seat)
        hand = state.hand
        state = spec.apply(state, move)
        plies += 1
        screen.say(f"{plies:5}  seat {seat}: {move}")
        for line in _event_lines(state.events, (seat, move)):
            screen.say(line)
        if state.hand != hand and not spec.is_over(state):
            screen.say(_scores_line(spec, state))
            screen.say(f"--- hand {state.hand} ---")
    screen.say()
    screen.say(f"Game over after {plies} moves and {state.hand} hand(s).")
    screen.say(_scores_line(spec, state))
    screen.say(f"winners: {_seat_names(spec.winners(state))}")
    return 0


# --- play -------------------------------------------------------------------------------------


def _show_table(screen: _Screen, spec: Game, state: GameState, seat: int) -> None:
    screen.say()
    screen.say(f"=== hand {state.hand}, seat {seat} (you) ===")
    screen.say(spec.render(spec.view(state, seat)))


def _narrate(spec: Game, state: GameState, seat: int, mover: int, move: GameMove) -> list[str]:
    """What the person may learn of a move: their own move in full, others' through the view."""
    events = spec.view(state, seat).events
    lines = []
    shown: tuple[int, GameMove] | None = (mover, move)
    if mover == seat:
        lines.append(f"  you: {move}")
    elif not spec.hidden_information:
        lines.append(f"  seat {mover}: {move}")
    else:
        shown = None
        if not events:
            # The arguments of another seat's move may be secret (cards passed); its verb is not.
            lines.append(f"  seat {mover}: {str(move).split(' ', 1)[0]} ...")
    return lines + _event_lines(events, shown)


def _parse_own_move(spec: Game, state: GameState, seat: int, text: str) -> GameMove:
    """The person's move from their text, read by the game's own parser.

    The prompt appears only when no other seat may act, so every legal move is theirs; the
    seat prefix is tried too for games whose notation names the seat.
    """
    try:
        move = spec.parse_move(state, text)
    except NotationError as plain:
        try:
            move = spec.parse_move(state, f"{seat}: {text}")
        except NotationError:
            raise plain from None
    if move.player != seat:
        raise NotationError(f"{text!r} is a move of seat {move.player}; you are seat {seat}")
    if move not in spec.legal_moves(state):
        spec.apply(state, move)  # a lenient parser read an illegal move: the game says why
    return move


def _prompt_move(screen: _Screen, spec: Game, state: GameState, seat: int) -> GameMove | None:
    """Reads commands until the person enters a legal move; None when they quit."""
    mine = [str(move) for move in spec.legal_moves(state) if move.player == seat]
    screen.say("your moves:")
    screen.say(summarize_moves(mine))
    while True:
        line = screen.ask(f"seat {seat}> ")
        if line is None:
            return None
        word = line.strip().lower()
        if not word:
            continue
        if word in QUIT_WORDS:
            return None
        if word in ("help", "?", "h"):
            screen.say(HELP_TEXT)
        elif word == "moves":
            screen.say(_wrap(", ".join(mine)))
        elif word in ("board", "table", "show"):
            _show_table(screen, spec, state, seat)
        elif word in ("scores", "score"):
            screen.say(_scores_line(spec, state, seat))
        else:
            try:
                return _parse_own_move(spec, state, seat, line)
            except ValueError as exc:
                screen.say(f"  not played: {exc}")
                screen.say('  (type "moves" to list your moves, "help" for commands)')


def _apply_and_narrate(
    spec: Game, state: GameState, seat: int, mover: int, move: GameMove
) -> tuple[GameState, list[str]]:
    """Applies one move; returns the new state and what the person at `seat` learns of it."""
    after = spec.apply(state, move)
    lines = _narrate(spec, after, seat, mover, move)
    if after.hand != state.hand and not spec.is_over(after):
        lines.append(_scores_line(spec, after, seat))
    return after, lines


def advance_bots(
    spec: Game, state: GameState, seat: int, bots: Sequence[Bot]
) -> tuple[GameState, list[str]]:
    """Lets the bots move until the game ends or only `seat` may act.

    Where several seats act at once, bots move first and the person makes theirs after, so the
    prompt never offers moves of another seat. Returns the state and the narration.
    """
    narration: list[str] = []
    while not spec.is_over(state):
        others = sorted(spec.to_act(state) - {seat})
        if not others:
            break
        mover = others[0]
        state, lines = _apply_and_narrate(spec, state, seat, mover, bots[mover].choose(spec, state, mover))
        narration += lines
    return state, narration


def _cmd_play(screen: _Screen, args: argparse.Namespace) -> int:
    spec, state, seed, setup = _start(args)
    players = _player_count(spec, state)
    seat = args.seat
    if not 0 <= seat < players:
        raise UsageError(f"--seat is a seat number from 0 to {players - 1}, not {seat}")
    bots = bots_for(seed, players)
    screen.say(f"{spec.title}: you are seat {seat} of {players} ({setup}, seed {seed}).")
    screen.say('Type a move as listed, "help" for commands, "quit" to leave.')
    needs_table = True
    while True:
        before = state.hand
        state, narration = advance_bots(spec, state, seat, bots)
        for line in _counted(narration):
            screen.say(line)
        if spec.is_over(state):
            break
        if seat not in spec.to_act(state):
            raise RuntimeError(f"{spec.name}: the game is not over but no seat may act")
        if needs_table or narration or state.hand != before:
            _show_table(screen, spec, state, seat)
        move = _prompt_move(screen, spec, state, seat)
        if move is None:
            screen.say(f"You left the game in hand {state.hand}. " + _scores_line(spec, state, seat))
            return 0
        before = state.hand
        state, lines = _apply_and_narrate(spec, state, seat, seat, move)
        for line in lines:
            screen.say(line)
        needs_table = state.hand != before
    screen.say()
    screen.say("=== game over ===")
    screen.say(spec.render(spec.view(state, seat)))
    winners = spec.winners(state)
    verdict = "You win!" if seat in winners else "You did not win this time."
    screen.say(f"winners: {_seat_names(winners, seat)}. {verdict}")
    return 0


# --- entry point ------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m parlour",
        description="Traditional table games in the terminal: play against bots or watch them.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    commands.add_parser("list", help="list the games with their titles and player counts")
    for name, text in (("play", "play one seat against random bots"), ("demo", "watch random bots play a game")):
        sub = commands.add_parser(name, help=text, description=text)
        sub.add_argument("game", help="a game name from 'python -m parlour list'")
        sub.add_argument("--seed", type=int, help="make the deal and the bots reproducible")
        sub.add_argument("--players", type=int, help="number of players (default: the game's usual count)")
        sub.add_argument(
            "--options",
            metavar="TEXT",
            help='rule options, e.g. "hearts(passing=rotate)", "passing=rotate" or a preset name',
        )
        if name == "play":
            sub.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    return parser


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """Runs the command line; returns the exit status (0 ok, 2 bad usage, 130 interrupted)."""
    args = _parser().parse_args(argv)
    screen = _Screen(out or sys.stdout, inp or sys.stdin)
    try:
        if args.command == "list":
            return _cmd_list(screen)
        if args.command == "demo":
            return _cmd_demo(screen, args)
        return _cmd_play(screen, args)
    except UsageError as exc:
        sys.stderr.write(f"parlour: {exc}\n")
        return 2
    except KeyboardInterrupt:
        screen.say("\ninterrupted")
        return 130
    except BrokenPipeError:
        return 0
