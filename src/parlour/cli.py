"""The text frontend: ``python -m parlour list | options | play | demo | tournament | replay``.

``play`` seats a person at one seat against bots (random unless ``--bots`` names others, such
as ``--bots heuristic`` or ``--bots ismcts,random,heuristic``). The screen shows only what that
seat may see: its `view` rendered by the game, the (redacted) events of every move, its own
events included, and its own legal moves, typed in the game's notation. ``--save FILE`` keeps
the game as a `parlour.Record` after every move, ``--load FILE`` resumes one. ``demo`` lets
bots play a whole game (one line a hand, every move with ``--verbose``); ``tournament`` plays
many seeded games between bots and prints their win rates with 95% intervals
(`parlour.bots.tournament`); ``replay FILE`` steps through a record; ``options <game>`` lists a
game's rule options and presets. Bots that follow the table (`parlour.bots.Observer`) hear of
every state, in play as in demo. Everything goes through the registry, so every game works
here the day it is registered.
"""

from __future__ import annotations

import argparse
import ast
import enum
import inspect
import io
import os
import random
import sys
import textwrap
import typing
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, TextIO, cast

import attrs

import parlour
from parlour.bots import Bot, Observer, make_bot, play_game
from parlour.bots.tournament import tournament
from parlour.core.cards import Card
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import Game, GameMove, GameOptions, GameState
from parlour.core.notation import normalize, split_seat
from parlour.core.options import class_source, options_text, parse_options, type_hints
from parlour.core.record import Record
from parlour.core.registry import game, game_names

__all__ = [
    "advance_bots",
    "bot_specs",
    "bots_for",
    "main",
    "notation_examples",
    "option_rules",
    "read_options",
    "summarize_moves",
    "tell_observers",
    "wrap_moves",
]

WIDTH: Final = 96
"""Wrap long lines (move lists) at this many columns."""
MOVE_LIST_LIMIT: Final = 30
"""Above this many legal moves, the prompt summarizes them by verb; ``moves`` lists them all."""
SAMPLE_PLIES: Final = 3_000
"""`help` looks this many random plies ahead for examples of every kind of move."""
QUIT_WORDS: Final = frozenset({"quit", "exit", "q"})
MOVE_SEPARATOR: Final = ";"
"""Separates several moves typed on one line; no game's notation uses it (Gin's spreads use
commas), and a whole line is always tried as one move first."""
COMMANDS_TEXT: Final = """\
Type one of your moves as listed under "your moves"; case and spacing do not matter, and T
stands for 10 (TH is 10H). Several moves on one line are separated by ";" ("pass 2C; pass 3C").
Commands:
  moves    list all of your legal moves
  board    show the table again (what your seat can see)
  scores   show the running scores
  help     this text
  quit     leave the game (end of input does the same)"""
_ECHO_KINDS: Final = frozenset(
    {EventKind.PLAYS, EventKind.PASSES, EventKind.DISCARDS, EventKind.MELDS, EventKind.LAYS_OFF}
)
"""Events that may only repeat the move just printed ("seat 0 plays QS" after "play QS")."""


class UsageError(Exception):
    """A command line that cannot start a game (bad game name, options, seat, count or file)."""


# --- Setting up a game ------------------------------------------------------------------------


def read_options(spec: Game, text: str) -> GameOptions:
    """Reads ``hearts(passing=rotate)``, ``passing=rotate``, a preset name such as ``hoyle``,
    or a preset amended by options: ``hoyle,passing=left``. An option given twice is refused."""
    text = text.strip()
    presets = dict(spec.presets)
    if "(" in text:
        named = text.split("(", 1)[0].strip()
        if named != spec.name:
            raise ValueError(f"these options are for {named!r}, but the game is {spec.name!r}")
        return parse_options(spec.options_type, text)[1]
    items = [item.strip() for item in text.split(",")]
    base: GameOptions | None = None
    if "=" not in items[0]:
        first = items.pop(0)
        if first in presets:
            base = presets[first]
        elif first != spec.name:
            names = ", ".join(presets) or "none"
            raise ValueError(
                f"{first!r} is neither options like {spec.name}(name=value,...) nor a preset (presets: {names})"
            )
    for item in items:
        if "=" not in item:
            raise ValueError(f"{item!r} is not name=value; a preset name may come first only")
    return parse_options(spec.options_type, f"{spec.name}({','.join(items)})", base=base)[1]


def _read_record(path: str) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the record {path}: {exc}") from None
    try:
        return Record.from_json(text)
    except ValueError as exc:
        raise UsageError(f"{path} is not a usable record: {exc}") from None


def _start(args: argparse.Namespace) -> Record:
    """The record of the game the command line asks for: a new one, or one loaded (``--load``).

    Raises UsageError (with the game's own message) for anything that cannot start a game.
    """
    load = getattr(args, "load", None)
    if load is not None:
        given = (("--seed", args.seed), ("--players", args.players), ("--options", args.options))
        clashes = [flag for flag, value in given if value is not None]
        if clashes:
            raise UsageError(
                f"--load takes the game, options, players and seed from the record; drop {', '.join(clashes)}"
            )
        record = _read_record(load)
        if args.game is not None and args.game != record.game:
            raise UsageError(f"{load} records a game of {record.game}, not {args.game}")
        return record
    if args.game is None:
        raise UsageError("name a game (python -m parlour list shows them) or --load a saved one")
    try:
        spec = game(args.game)
        options = None if args.options is None else read_options(spec, args.options)
        return Record.start(spec, args.players, seed=args.seed, options=options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def bot_specs(text: str | None, players: int, person: int | None = None) -> tuple[str, ...]:
    """The bot spec of every seat from ``--bots``: None means random everywhere; one spec
    serves every seat; a comma list names each seat in order (with a person at `person`, the
    list may also leave that seat out, naming the other seats in order). Unknown bot names and
    lists of the wrong length raise UsageError."""
    if text is None:
        return ("random",) * players
    given = tuple(part.strip() for part in text.split(","))
    if any(not part for part in given):
        raise UsageError(f"--bots is a bot name or a comma list of them, not {text!r}")
    for spec in dict.fromkeys(given):  # in the order given, so the first unknown name is named
        try:
            make_bot(spec, seed=0)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    if len(given) == 1:
        return given * players
    if len(given) == players:
        return given
    if person is not None and len(given) == players - 1:
        return given[:person] + ("random",) + given[person:]
    others = "" if person is None else f" (or {players - 1}, one for each other seat)"
    raise UsageError(f"--bots names one bot for every seat or a list of {players}{others}, not {len(given)}")


def bots_for(seed: int, players: int, specs: Sequence[str] | None = None) -> list[Bot]:
    """One bot per seat (random unless `specs` names each seat's), each seeded from the game
    seed so a whole demo replays."""
    names = ("random",) * players if specs is None else tuple(specs)
    return [make_bot(name, seed * 1009 + seat) for seat, name in enumerate(names)]


def tell_observers(spec: Game, state: GameState, bots: Sequence[Bot], skip: int | None = None) -> None:
    """Lets every bot that follows the table (an `Observer`) hear of `state`, except the one at
    seat `skip` (where a person sits)."""
    for seat, bot in enumerate(bots):
        if seat != skip and isinstance(bot, Observer):
            bot.observe(spec, state, seat)


class _Recorder:
    """Keeps the record of the game in progress and writes it to a file (``--save``)."""

    def __init__(self, record: Record, path: str | None) -> None:
        self.record = record
        self.path = path

    def add(self, state: GameState, move: GameMove) -> None:
        """Notes `move`, made in `state`; the caller applies it."""
        if self.path is not None:
            self.record = self.record.plus(state, move)

    def write(self) -> None:
        """Writes the record whole (to a temporary file first, so a crash never leaves half)."""
        if self.path is None:
            return
        partial = f"{self.path}.partial"
        with open(partial, "w", encoding="utf-8", newline="\n") as out:
            out.write(self.record.to_json())
        os.replace(partial, self.path)


# --- Text helpers -----------------------------------------------------------------------------


def _wrap(text: str, indent: str = "  ") -> str:
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)


def wrap_moves(moves: Sequence[str], indent: str = "  ", width: int = WIDTH) -> str:
    """The moves comma-separated in their order, with lines broken only between two moves.

    >>> print(wrap_moves(["spread 3C 4C 5C, 9D 9H 9S", "knock 7H", "gin 7H"], width=30))
      spread 3C 4C 5C, 9D 9H 9S,
      knock 7H, gin 7H
    """
    lines: list[str] = []
    line = ""
    for index, move in enumerate(moves):
        piece = move + ("," if index + 1 < len(moves) else "")
        if line and len(indent) + len(line) + 1 + len(piece) > width:
            lines.append(indent + line)
            line = piece
        else:
            line = f"{line} {piece}" if line else piece
    if line:
        lines.append(indent + line)
    return "\n".join(lines)


def summarize_moves(moves: Sequence[str], limit: int = MOVE_LIST_LIMIT) -> str:
    """The moves as one list, or grouped by their first word (in order) when there are many.

    >>> print(summarize_moves(["play 2C", "play 3C"]))
      play 2C, play 3C
    >>> print(summarize_moves([f"pass {n}" for n in range(40)] + ["hold"], limit=5))
      pass ... (40 moves, such as: pass 0, pass 1, pass 2)
      hold
    """
    if len(moves) <= limit:
        return wrap_moves(moves)
    groups: dict[str, list[str]] = {}
    for move in moves:
        groups.setdefault(move.split(" ", 1)[0], []).append(move)
    lines = []
    for verb, members in groups.items():
        if len(members) == 1:
            lines.append(wrap_moves(members))
        else:
            lines.append(wrap_moves([f"{verb} ... ({len(members)} moves, such as: {', '.join(members[:3])})"]))
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
    """Whether an event only repeats a move already printed ("seat 0 plays QS" after "play QS").

    Only plain card movements restate a move; anything with a label or numbers (going out as
    President, a score) says more and is always shown.
    """
    if event.kind not in _ECHO_KINDS or event.player != mover or event.label or event.numbers:
        return False
    words = str(move).replace(",", " ").split()
    return all(str(card) in words for card in event.cards)


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


def _is_text(line: str) -> bool:
    """False for a line holding bytes that were not UTF-8 (read as lone surrogates)."""
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _Screen:
    """Where the frontend writes and reads; echoes piped input so transcripts read well."""

    def __init__(self, out: TextIO, inp: TextIO) -> None:
        self.out = out
        self.inp = inp
        self.interactive = inp.isatty() and out.isatty()
        self.pending: list[str] = []
        """Moves typed earlier on one line with ";", still to be made."""

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def _line(self, prompt: str) -> str | None:
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
        self.say(line if _is_text(line) else line.encode("utf-8", "replace").decode("utf-8"))
        return line

    def ask(self, prompt: str) -> str | None:
        """One line of input without its newline; None at end of input. A line that is not
        valid text (bytes that are not UTF-8) is refused with a message and asked again."""
        while True:
            line = self._line(prompt)
            if line is None or _is_text(line):
                return line
            self.say("  that input was not valid text (UTF-8); please type it again")


# --- list and options ---------------------------------------------------------------------------


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
    screen.say("Its rule options: python -m parlour options <game>")
    return 0


def option_rules(cls: type) -> dict[str, str]:
    """Each option's rule: the attribute docstring under its field in the class source.

    >>> import parlour
    >>> option_rules(parlour.game("hearts").options_type)["target_score"]
    'The game ends after a hand in which someone reaches or passes this score.'
    """
    try:
        tree = ast.parse(textwrap.dedent(class_source(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    rules: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for field, doc in zip(body, body[1:]):
        if (
            isinstance(field, ast.AnnAssign)
            and isinstance(field.target, ast.Name)
            and isinstance(doc, ast.Expr)
            and isinstance(doc.value, ast.Constant)
            and isinstance(doc.value.value, str)
        ):
            rules[field.target.id] = " ".join(inspect.cleandoc(doc.value.value).split())
    return rules


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return value.name.lower()
    return str(value)


def _type_text(annotation: object) -> str:
    if annotation is bool:
        return "true | false"
    if annotation is int:
        return "whole number"
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return " | ".join(member.name.lower() for member in annotation)
    return str(annotation)


def _cmd_options(screen: _Screen, args: argparse.Namespace) -> int:
    try:
        spec = game(args.game)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    cls: type = spec.options_type
    hints = type_hints(cls)
    rules = option_rules(cls)
    defaults = cls()
    screen.say(f"{spec.title} options (python -m parlour play {spec.name} --options \"name=value,...\"):")
    for field in attrs.fields(cls):
        if not field.init:
            continue
        default = _value_text(getattr(defaults, field.name))
        screen.say(f"  {field.name}: {_type_text(hints[field.name])}  (default {default})")
        rule = rules.get(field.name)
        if rule:
            screen.say(_wrap(rule, "      "))
    screen.say()
    if spec.presets:
        screen.say('presets (--options NAME, or amended: --options "NAME,name=value"):')
        width = max(len(name) for name, _ in spec.presets)
        for name, value in spec.presets:
            screen.say(f"  {name.ljust(width)}  {options_text(spec.name, value)}")
            maker = getattr(cls, name, None)
            doc = inspect.getdoc(maker) if callable(maker) else None
            if doc:
                screen.say(_wrap(" ".join(doc.split()), " " * (width + 4)))
    else:
        screen.say("presets: none")
    return 0


# --- demo -------------------------------------------------------------------------------------


def _cmd_demo(screen: _Screen, args: argparse.Namespace) -> int:
    if args.hands is not None and args.hands < 1:
        raise UsageError(f"--hands is a number of hands from 1, not {args.hands}")
    record = _start(args)
    spec, state, players = record.spec, record.replay(), record.players
    recorder = _Recorder(record, args.save)
    specs = bot_specs(args.bots, players)
    bots = bots_for(record.seed, players, specs)
    who = f"{players} random bots" if args.bots is None else f"{players} bots ({', '.join(specs)})"
    screen.say(f"{spec.title}: {who}, {record.options_text()}, seed {record.seed}")
    if args.verbose:
        screen.say(f"--- hand {state.hand} ---")
    plies = hand_plies = 0

    def narrate(before: GameState, move: GameMove, after: GameState) -> None:
        nonlocal plies, hand_plies
        seat = move.player
        recorder.add(before, move)
        plies += 1
        hand_plies += 1
        if args.verbose:
            screen.say(f"{plies:5}  seat {seat}: {move}")
            for line in _event_lines(after.events, (seat, move)):
                screen.say(line)
        if after.hand != before.hand or spec.is_over(after):
            if args.verbose:
                if not spec.is_over(after):
                    screen.say(_scores_line(spec, after))
                    screen.say(f"--- hand {after.hand} ---")
            else:
                screen.say(f"hand {before.hand}: {hand_plies} moves; {_scores_line(spec, after)}")
            hand_plies = 0

    last = args.hands
    state = play_game(spec, state, bots, until=None if last is None else (lambda s: s.hand > last), on_move=narrate)
    recorder.write()
    screen.say()
    if not spec.is_over(state):
        screen.say(f"Stopped after {args.hands} hand(s) and {plies} moves; the game goes on.")
        screen.say(_scores_line(spec, state))
        return 0
    screen.say(f"Game over after {plies} moves and {state.hand} hand(s).")
    screen.say(_scores_line(spec, state))
    screen.say(f"winners: {_seat_names(spec.winners(state))}")
    return 0


# --- tournament -------------------------------------------------------------------------------


def _cmd_tournament(screen: _Screen, args: argparse.Namespace) -> int:
    try:
        spec = game(args.game)
        options = None if args.options is None else read_options(spec, args.options)
        result = tournament(
            spec,
            [part.strip() for part in args.bots.split(",")],
            games=args.games,
            seed=args.seed,
            players=args.players,
            options=options,
            quick=args.quick,
            hands=args.hands,
            plot=args.plot,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    screen.say(result.table())
    if args.plot is not None:
        screen.say(f"chart written to {args.plot}")
    return 0


def _cmd_stats(screen: _Screen, args: argparse.Namespace) -> int:
    from parlour.analytics import analyse, format_report, plot_report

    try:
        spec = game(args.game)
        seats = args.players or spec.default_players
        bots = None if args.bots is None else bot_specs(args.bots, seats)
        report = analyse(spec, args.games, args.seed, bots, players=args.players, options=args.options)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    screen.say(format_report(report))
    if args.plot is not None:
        for path in plot_report(report, args.plot):
            screen.say(f"chart written to {path}")
    return 0


# --- play -------------------------------------------------------------------------------------


def _show_table(screen: _Screen, spec: Game, state: GameState, seat: int) -> None:
    screen.say()
    screen.say(f"=== hand {state.hand}, seat {seat} (you) ===")
    screen.say(spec.render(spec.view(state, seat)))


def _narrate(spec: Game, state: GameState, seat: int, mover: int, move: GameMove) -> list[str]:
    """What the person may learn of a move: their own move in full, others' through the view.

    Every event of the seat's view is shown, the seat's own included ("seat 0 goes out:
    President"), except one that only repeats the move printed just above it.
    """
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


def _read_field(annotation: object, words: Sequence[str]) -> object | None:
    """`words` read as a value of the annotated type (a card, cards, a number or numbers), or
    None when they do not read so or the type is none of these."""
    try:
        if annotation is Card:
            return Card.parse(words[0]) if len(words) == 1 else None
        if annotation is int:
            return int(words[0]) if len(words) == 1 else None
        if typing.get_origin(annotation) is tuple and words:
            item, *rest = typing.get_args(annotation)
            if rest != [Ellipsis]:
                return None
            if item is Card:
                return tuple(Card.parse(word) for word in words)
            if item is int:
                return tuple(int(word) for word in words)
    except ValueError:
        return None
    return None


def _why_refused(spec: Game, state: GameState, seat: int, text: str) -> str | None:
    """The game's reason for refusing the move that `text` names, when it names one.

    The notation reads legal moves only, so an illegal move ("play 2H" while holding a club)
    reads as nothing. This builds the move from the game's move classes (a seat and at most one
    card, cards, number or numbers, read from the end of the text) and asks the game to apply
    it: the game's IllegalMove says which rule it breaks. None when the text names no move.
    """
    try:
        _, body = split_seat(text, seat)
    except NotationError:
        return None
    wanted = normalize(body)
    words = wanted.split()
    kinds: tuple[type, ...] = spec.move_types
    for kind in kinds:
        if not attrs.has(kind):
            continue
        names = [f.name for f in attrs.fields(kind) if f.init]
        if names[:1] != ["player"] or len(names) > 2:
            continue
        hints = type_hints(kind)
        make: Callable[..., object] = kind
        splits: list[dict[str, object]] = [{}] if len(names) == 1 else []
        for cut in range(len(words)):
            value = _read_field(hints[names[1]], words[cut:]) if len(names) == 2 else None
            if value is not None:
                splits.append({names[1]: value})
        for values in splits:
            try:
                candidate = cast(GameMove, make(player=seat, **values))
            except (TypeError, ValueError):
                continue
            if normalize(str(candidate)) != wanted:
                continue
            try:
                spec.apply(state, candidate)
            except IllegalMove as exc:
                return str(exc)
            except ValueError:
                continue
    return None


def _parse_own_move(spec: Game, state: GameState, seat: int, text: str) -> GameMove:
    """The person's move from their text, read by the game's own parser for their seat.

    An illegal move is refused with the game's reason (IllegalMove) where one can be found.
    """
    try:
        move = spec.parse_move(state, text, seat)
    except NotationError:
        reason = _why_refused(spec, state, seat, text)
        if reason is not None:
            raise IllegalMove(reason) from None
        raise
    if move not in spec.legal_moves(state, seat):
        spec.apply(state, move)  # a lenient parser read an illegal move: the game says why
    return move


def _read_line_of_moves(screen: _Screen, spec: Game, state: GameState, seat: int, line: str) -> GameMove:
    """The first move of a line; later moves (after ";") wait in `screen.pending`.

    The whole line is tried as one move first, so no notation can collide with the separator.
    """
    try:
        return _parse_own_move(spec, state, seat, line)
    except ValueError:
        parts = [part.strip() for part in line.split(MOVE_SEPARATOR) if part.strip()]
        if len(parts) < 2:
            raise
    move = _parse_own_move(spec, state, seat, parts[0])
    screen.pending = parts[1:]
    return move


def _refusal(exc: ValueError) -> str:
    """The library's message without its own (possibly shortened) list of legal moves."""
    return str(exc).split("; legal moves: ", 1)[0]


_SAMPLES: dict[tuple[str, str, int], dict[type, str]] = {}


def _sample_moves(record: Record) -> dict[type, str]:
    """One move text per kind of move, met in a random game of the same setup (not this game,
    so that no example can tell the person anything about hidden cards)."""
    key = (record.game, record.options, record.players)
    if key not in _SAMPLES:
        spec = record.spec
        state = attrs.evolve(record, seed=0, moves=(), deck=None, rolls=None, tiles=None, dealer=None).new_game()
        chooser = random.Random(0)
        found: dict[type, str] = {}
        for _ in range(SAMPLE_PLIES):
            legal = spec.legal_moves(state)
            if not legal or len(found) == len(spec.move_types):
                break
            # Steer towards kinds not met yet (a knock leads to the spreads), else play at random.
            fresh = [move for move in legal if type(move) not in found]
            for move in legal:
                found.setdefault(type(move), str(move))
            pool = fresh or legal
            state = spec.apply(state, pool[chooser.randrange(len(pool))])
        _SAMPLES[key] = found
    return _SAMPLES[key]


def notation_examples(record: Record, state: GameState, seat: int) -> list[tuple[str, bool]]:
    """One example of each kind of move of the recorded game, in the game's notation: first the
    moves `seat` may make now (marked True), then the other kinds as met in a sample game."""
    spec = record.spec
    now: dict[type, str] = {}
    for move in spec.legal_moves(state, seat):
        now.setdefault(type(move), str(move))
    later = {kind: text for kind, text in _sample_moves(record).items() if kind not in now}
    order = {kind: index for index, kind in enumerate(spec.move_types)}
    rest = sorted(later.items(), key=lambda item: order.get(item[0], len(order)))
    return [(text, True) for text in now.values()] + [(text, False) for _, text in rest]


def _help_text(record: Record, state: GameState, seat: int) -> str:
    examples = notation_examples(record, state, seat)
    width = max((len(text) for text, playable in examples if playable), default=0)
    lines = [f"{record.spec.title} moves are written like these (examples from real positions):"]
    for text, playable in examples:
        lines.append(f"  {text.ljust(width)}  (one of your moves now)" if playable else f"  {text}")
    return "\n".join(lines) + "\n" + COMMANDS_TEXT


def _prompt_move(screen: _Screen, record: Record, state: GameState, seat: int) -> GameMove | None:
    """Reads commands until the person enters a legal move; None when they quit."""
    spec = record.spec
    mine = [str(move) for move in spec.legal_moves(state, seat)]
    screen.say("your moves:")
    screen.say(summarize_moves(mine))
    while True:
        if screen.pending:
            line: str | None = screen.pending.pop(0)
            screen.say(f"seat {seat}> {line}   (next move of your line)")
        else:
            line = screen.ask(f"seat {seat}> ")
        if line is None:
            return None
        word = line.strip().lower()
        if not word:
            continue
        if word in QUIT_WORDS:
            return None
        if word in ("help", "?", "h"):
            screen.say(_help_text(record, state, seat))
        elif word == "moves":
            screen.say(wrap_moves(mine))
        elif word in ("board", "table", "show"):
            _show_table(screen, spec, state, seat)
        elif word in ("scores", "score"):
            screen.say(_scores_line(spec, state, seat))
        else:
            try:
                return _read_line_of_moves(screen, spec, state, seat, line)
            except ValueError as exc:
                if screen.pending:
                    screen.say(f"  (the rest of your line is dropped: {'; '.join(screen.pending)})")
                    screen.pending = []
                screen.say(f"  not played: {_refusal(exc)}")
                screen.say("  your moves:")
                screen.say(wrap_moves(mine, "    "))
                screen.say('  (type "help" for how moves are written, and the commands)')


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
    spec: Game,
    state: GameState,
    seat: int,
    bots: Sequence[Bot],
    on_move: Callable[[GameState, GameMove], None] | None = None,
) -> tuple[GameState, list[str]]:
    """Lets the bots move until the game ends or only `seat` may act.

    Where several seats act at once, bots move first and the person makes theirs after, so the
    prompt never offers moves of another seat. `on_move(state, move)` hears of each move before
    it is applied (to record it); bots that follow the table (`Observer`s) hear of each new
    state. Returns the state and the narration.
    """
    narration: list[str] = []
    while not spec.is_over(state):
        others = sorted(spec.to_act(state) - {seat})
        if not others:
            break
        mover = others[0]
        move = bots[mover].choose(spec, state, mover)
        if on_move is not None:
            on_move(state, move)
        state, lines = _apply_and_narrate(spec, state, seat, mover, move)
        tell_observers(spec, state, bots, skip=seat)
        narration += lines
    return state, narration


def _cmd_play(screen: _Screen, args: argparse.Namespace) -> int:
    record = _start(args)
    spec, players, seat = record.spec, record.players, args.seat
    if not 0 <= seat < players:
        raise UsageError(f"--seat is a seat number from 0 to {players - 1}, not {seat}")
    state = record.replay()
    recorder = _Recorder(record, args.save)
    recorder.write()

    def keep(before: GameState, move: GameMove) -> None:
        recorder.add(before, move)
        recorder.write()

    specs = bot_specs(args.bots, players, person=seat)
    bots = bots_for(record.seed, players, specs)
    tell_observers(spec, state, bots, skip=seat)
    setup = f"{record.options_text()}, seed {record.seed}"
    if args.load is not None:
        screen.say(
            f"{spec.title}: resumed from {args.load} after {len(record.moves)} moves; "
            f"you are seat {seat} of {players} ({setup})."
        )
    else:
        screen.say(f"{spec.title}: you are seat {seat} of {players} ({setup}).")
    if args.bots is not None:
        others = ", ".join(f"seat {s}: {name}" for s, name in enumerate(specs) if s != seat)
        screen.say(f"Bots: {others}.")
    if args.save is not None:
        screen.say(f"The game is saved to {args.save} after every move (resume with --load {args.save}).")
    screen.say('Type a move as listed, "help" for how moves are written, "quit" to leave.')
    needs_table = True
    while True:
        before = state.hand
        state, narration = advance_bots(spec, state, seat, bots, keep)
        for line in _counted(narration):
            screen.say(line)
        if spec.is_over(state):
            break
        if seat not in spec.to_act(state):
            raise RuntimeError(f"{spec.name}: the game is not over but no seat may act")
        if needs_table or narration or state.hand != before:
            _show_table(screen, spec, state, seat)
        move = _prompt_move(screen, recorder.record, state, seat)
        if move is None:
            screen.say(f"You left the game in hand {state.hand}. " + _scores_line(spec, state, seat))
            return 0
        before = state.hand
        keep(state, move)
        state, lines = _apply_and_narrate(spec, state, seat, seat, move)
        tell_observers(spec, state, bots, skip=seat)
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


# --- replay -----------------------------------------------------------------------------------


def _indented(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line else "" for line in text.splitlines())


def _cmd_replay(screen: _Screen, args: argparse.Namespace) -> int:
    record = _read_record(args.file)
    spec, seat = record.spec, args.seat
    if seat is not None and not 0 <= seat < record.players:
        raise UsageError(f"--seat is a seat number from 0 to {record.players - 1}, not {seat}")

    def shown(state: GameState) -> GameState:
        return state if seat is None else spec.view(state, seat)

    fixed = "".join(f", fixed {key}" for key in ("deck", "rolls", "tiles") if getattr(record, key) is not None)
    dealer = "" if record.dealer is None else f", dealer seat {record.dealer}"
    whose = "every seat's cards" if seat is None else f"the view of seat {seat}"
    screen.say(
        f"{spec.title}: {record.players} players, {record.options_text()}, seed {record.seed}{fixed}{dealer}; "
        f"{len(record.moves)} moves, showing {whose}"
    )
    states = record.states()
    state = next(states)
    screen.say("=== start ===")
    screen.say(_indented(spec.render(shown(state))))
    for ply, (text, after) in enumerate(zip(record.moves, states), 1):
        if args.step:
            answer = screen.ask("(Enter: next move, q: stop) ")
            if answer is None or answer.strip().lower() in QUIT_WORDS:
                screen.say(f"Stopped before move {ply}.")
                return 0
        mover, body = split_seat(text)
        screen.say(f"--- {ply}. seat {mover}: {body.strip()}")
        for event in shown(after).events:
            screen.say(f"      {event}")
        screen.say(_indented(spec.render(shown(after))))
        state = after
    screen.say()
    if spec.is_over(state):
        screen.say(f"=== game over after {len(record.moves)} moves and {state.hand} hand(s) ===")
        screen.say(_scores_line(spec, state))
        screen.say(f"winners: {_seat_names(spec.winners(state))}")
    else:
        screen.say(f"=== the record stops after {len(record.moves)} moves, in hand {state.hand}; the game goes on ===")
        screen.say(_scores_line(spec, state))
    return 0


# --- entry point ------------------------------------------------------------------------------


def _game_arguments(sub: argparse.ArgumentParser, *, optional_game: bool = False) -> None:
    if optional_game:
        sub.add_argument("game", nargs="?", help="a game name from 'python -m parlour list' (not with --load)")
    else:
        sub.add_argument("game", help="a game name from 'python -m parlour list'")
    sub.add_argument("--seed", type=int, help="make the deal and the bots reproducible")
    sub.add_argument("--players", type=int, help="number of players (default: the game's usual count)")
    sub.add_argument(
        "--options",
        metavar="TEXT",
        help='rule options: "passing=left", a preset ("hoyle"), a preset amended ("hoyle,passing=left") '
        'or "hearts(passing=left)"; python -m parlour options <game> lists them',
    )
    sub.add_argument("--save", metavar="FILE", help="write the game's record (JSON) to FILE after every move")


_BOTS_HELP: Final = (
    "the bots: one spec for every seat (heuristic, ismcts, ismcts:500, random) or a comma list, one per seat"
)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m parlour",
        description="Traditional table games in the terminal: play against bots, watch them, replay records.",
    )
    build = "compiled with mypyc" if parlour.compiled else "pure Python"
    parser.add_argument("--version", action="version", version=f"parlour {parlour.__version__} ({build})")
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    commands.add_parser("list", help="list the games with their titles and player counts")
    options = commands.add_parser("options", help="list a game's rule options and presets")
    options.add_argument("game", help="a game name from 'python -m parlour list'")

    text = "play one seat against bots (random unless --bots names others)"
    play = commands.add_parser("play", help=text, description=text)
    _game_arguments(play, optional_game=True)
    play.add_argument("--bots", metavar="SPECS", help=_BOTS_HELP)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument("--load", metavar="FILE", help="resume the game recorded in FILE (written by --save)")

    text = "watch bots play a game (random unless --bots names others)"
    demo = commands.add_parser("demo", help=text, description=text)
    _game_arguments(demo)
    demo.add_argument("--bots", metavar="SPECS", help=_BOTS_HELP)
    demo.add_argument("--verbose", "-v", action="store_true", help="show every move, not one line a hand")
    demo.add_argument("--hands", type=int, metavar="N", help="stop after N hands")

    text = "play seeded games between bots and print their win rates with 95% intervals"
    match = commands.add_parser("tournament", help=text, description=text)
    match.add_argument("game", help="a game name from 'python -m parlour list'")
    match.add_argument("--bots", metavar="SPECS", required=True, help="bot specs seated in rotation: heuristic,random")
    match.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    match.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    match.add_argument("--players", type=int, help="number of players (default: the game's usual count)")
    match.add_argument("--options", metavar="TEXT", help="rule options, as for play and demo")
    match.add_argument("--quick", action="store_true", help="play the game's short-match options")
    match.add_argument("--hands", type=int, choices=(1,), help="1: judge each game by its first hand only")
    match.add_argument("--plot", metavar="FILE", help="draw the win rates into an image file (needs matplotlib)")

    text = "play many seeded games between bots on every core (or a Ray cluster) and summarise them"
    from parlour import simulation

    simulation.add_arguments(commands.add_parser("simulate", help=text, description=text))

    text = "play seeded games and report length, branching, moves and events, hidden information, seat advantage and scores"
    stats = commands.add_parser("stats", help=text, description=text)
    stats.add_argument("game", help="a game name from 'python -m parlour list'")
    stats.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    stats.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    stats.add_argument("--bots", metavar="SPECS", help=_BOTS_HELP + " (default: random)")
    stats.add_argument("--players", type=int, help="number of players (default: the game's usual count)")
    stats.add_argument("--options", default="quick", help="quick (default), default, or a preset name")
    stats.add_argument("--plot", metavar="DIR", help="write the charts as PNG files into DIR (needs matplotlib)")

    text = "step through a recorded game"
    replay = commands.add_parser("replay", help=text, description=text)
    replay.add_argument("file", help="a record written by play --save or demo --save")
    replay.add_argument("--seat", type=int, help="show what this seat saw (default: every seat's cards)")
    replay.add_argument("--step", action="store_true", help="wait for Enter before each move")
    return parser


def _tolerant(stream: TextIO) -> TextIO:
    """Standard input that reads bytes which are not UTF-8 as lone surrogates instead of failing
    (the frontend then says the line was not valid text)."""
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="surrogateescape")
    return stream


def main(argv: Sequence[str] | None = None, *, out: TextIO | None = None, inp: TextIO | None = None) -> int:
    """Runs the command line; returns the exit status (0 ok, 1 a file could not be written,
    2 bad usage, 130 interrupted)."""
    args = _parser().parse_args(argv)
    screen = _Screen(out or sys.stdout, inp or _tolerant(sys.stdin))
    try:
        if args.command == "list":
            return _cmd_list(screen)
        if args.command == "options":
            return _cmd_options(screen, args)
        if args.command == "demo":
            return _cmd_demo(screen, args)
        if args.command == "tournament":
            return _cmd_tournament(screen, args)
        if args.command == "replay":
            return _cmd_replay(screen, args)
        if args.command == "simulate":
            from parlour import simulation

            return simulation.run(args, screen.out)
        if args.command == "stats":
            return _cmd_stats(screen, args)
        return _cmd_play(screen, args)
    except UsageError as exc:
        sys.stderr.write(f"parlour: {exc}\n")
        return 2
    except KeyboardInterrupt:
        screen.say("\ninterrupted")
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:
        sys.stderr.write(f"parlour: {exc}\n")
        return 1
