"""Golden playthroughs: a seeded random game kept as a record, with a deterministic transcript.

``python -m parlour.tools.playthrough hearts --seed 3 --out tests/golden/hearts.txt`` plays one
game, choosing among the legal moves with a generator seeded from ``--seed``, and writes two
files: the game's `parlour.Record` (``tests/golden/hearts.record.json``: setup and moves) and
the transcript of replaying it (``hearts.txt``). ``tests/test_golden.py`` replays every record
and compares the transcript line by line. Because the moves are pinned by the record, a change
in a game's behaviour shows up as a readable diff at the ply it changes (a new event, another
score), not as a different random game; a change that makes a recorded move illegal fails with
the ply and the move. ``--from-record FILE`` writes the transcript of an existing record again.

The transcript holds no version numbers, object ids or timestamps. It has a header (game with
options, seed, players), then:

* for the first `DETAIL_PLIES` plies: the seats to act, the legal moves, every seat's view drawn
  by the game's `render`, the chosen move and its events;
* up to `MOVE_PLIES`: the seats to act, the number of legal moves (a few of them), the move and
  its events, one or two lines a ply;
* after that, for very long games: one line per deal and a digest of all moves every
  `CHECKPOINT` plies, which still pins the whole game down;
* the final state as a spectator sees it, the scores and the winners.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import parlour
from parlour.core.game import Game, GameMove, GameOptions
from parlour.core.notation import split_seat
from parlour.core.options import parse_options
from parlour.core.record import Record

__all__ = ["choose_move", "main", "play_record", "record_path", "transcript"]

DETAIL_PLIES: Final = 4
"""Plies shown in full, with every seat's view."""
MOVE_PLIES: Final = 400
"""Plies shown move by move; later plies only as deal summaries and digests."""
CHECKPOINT: Final = 250
"""Plies between move digests in the summarised part."""
LISTED_MOVES: Final = 12
"""Legal moves listed in full; longer lists show their first and last few."""
RECORD_SUFFIX: Final = ".record.json"


def choose_move(chooser: random.Random, legal: Sequence[GameMove]) -> GameMove:
    """A random legal move: half the time uniform over the moves, half the time uniform over the
    kinds of move first, so that rare moves (a knock among ten discards, a bank among holds) come
    up often enough for random games to end and their rare rules to be played."""
    if chooser.random() < 0.5:
        return legal[chooser.randrange(len(legal))]
    kinds = sorted({type(m).__name__ for m in legal})
    kind = kinds[chooser.randrange(len(kinds))]
    same = [m for m in legal if type(m).__name__ == kind]
    return same[chooser.randrange(len(same))]


def _moves_text(legal: Sequence[GameMove], *, limit: int = LISTED_MOVES) -> str:
    names = [_move_text(m, legal) for m in legal]
    if len(names) > limit:
        head, tail = names[: limit - 4], names[-3:]
        names = [*head, f"... {len(names) - len(head) - len(tail)} more ...", *tail]
    return ", ".join(names)


def _move_text(move: GameMove, legal: Sequence[GameMove]) -> str:
    """The move's notation, with a seat prefix where several seats could make it."""
    text = str(move)
    if sum(1 for m in legal if str(m) == text) > 1 or len({m.player for m in legal}) > 1:
        return f"{move.player}: {text}"
    return text


def _seats(seats: frozenset[int]) -> str:
    return " ".join(map(str, sorted(seats))) or "-"


def _indent(text: str, prefix: str = "    ") -> list[str]:
    return [prefix + line if line else prefix.rstrip() for line in text.splitlines()]


def _resolve(game: str, options: str | None) -> tuple[Game, GameOptions | None]:
    """The spec and options for ``hearts`` or ``hearts(passing=rotate)`` plus ``--options``."""
    text = options if options is not None else game
    name = text.split("(", 1)[0].strip()
    spec = parlour.game(name)
    if options is not None and game.split("(", 1)[0].strip() != name:
        raise ValueError(f"--options {options!r} are not options of {game}")
    if "(" not in text:
        return spec, None
    return spec, parse_options(spec.options_type, text)[1]


def play_record(game: str, *, seed: int, options: str | None = None, players: int | None = None) -> Record:
    """The record of a random game: `seed` seeds both the game and the choice of moves
    (`choose_move`), so the same arguments give the same record."""
    spec, chosen = _resolve(game, options)
    record = Record.start(spec, players, seed=seed, options=chosen)
    state = record.replay()
    chooser = random.Random(seed)
    while True:
        legal = spec.legal_moves(state)
        if not legal:
            return record
        move = choose_move(chooser, legal)
        record = record.plus(state, move)
        state = spec.apply(state, move)


def transcript(record: Record) -> str:
    """The transcript of replaying the record (see the module docstring)."""
    spec = record.spec
    state = record.new_game()
    lines = [
        "# parlour playthrough",
        f"game: {record.options_text()}",
        f"seed: {record.seed}",
        f"players: {record.players}",
        "",
    ]
    digest = hashlib.sha256()
    ply = 0
    for ply, text in enumerate(record.moves):
        legal = spec.legal_moves(state)
        seat, body = split_seat(text)
        try:
            move = spec.parse_move(state, body, seat)
            following = spec.apply(state, move)
        except ValueError as exc:
            raise ValueError(f"ply {ply + 1} of the record, {text!r}, does not replay: {exc}") from None
        digest.update(f"{move.player}:{move}\n".encode())
        events = [str(e) for e in following.events]
        if ply < DETAIL_PLIES:
            lines.append(f"== ply {ply} (hand {state.hand}) to act: {_seats(spec.to_act(state))}")
            lines.append(f"legal ({len(legal)}): {_moves_text(legal, limit=40)}")
            for viewer in (None, *range(record.players)):
                lines.append("spectator view:" if viewer is None else f"view of seat {viewer}:")
                lines.extend(_indent(spec.render(spec.view(state, viewer))))
            lines.append(f"move: {_move_text(move, legal)}")
            lines.extend(f"  event: {e}" for e in events)
            lines.append("")
        elif ply < MOVE_PLIES:
            lines.append(
                f"{ply} h{state.hand} [{_seats(spec.to_act(state))}] {len(legal)} legal: {_moves_text(legal, limit=6)}"
            )
            lines.append(f"  -> {_move_text(move, legal)}" + "".join(f" | {e}" for e in events))
        else:
            if following.hand != state.hand or not spec.legal_moves(following):
                scores = " ".join(map(str, spec.scores(following)))
                lines.append(f"{ply} hand {state.hand} ends; scores {scores}")
            if (ply + 1) % CHECKPOINT == 0:
                lines.append(f"{ply} digest {digest.hexdigest()[:16]}")
        state = following
    plies = len(record.moves)
    lines.append("")
    lines.append(f"== end after {plies} plies, {state.hand} hands; moves digest {digest.hexdigest()[:16]}")
    lines.append("spectator view:")
    lines.extend(_indent(spec.render(spec.view(state, None))))
    lines.append(f"scores: {' '.join(map(str, spec.scores(state)))}")
    lines.append(f"winners: {_seats(spec.winners(state))}")
    return "\n".join(lines) + "\n"


def record_path(transcript_path: str | Path) -> Path:
    """Where the record of a transcript lies: ``hearts.txt`` -> ``hearts.record.json``."""
    path = Path(transcript_path)
    stem = path.name[: -len(".txt")] if path.name.endswith(".txt") else path.name
    return path.with_name(stem + RECORD_SUFFIX)


def _write(path: str | Path, text: str) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(text)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m parlour.tools.playthrough <game> [--seed N] [--options T]
    [--players N] [--out F] [--record R]`` or ``... --from-record R [--out F]``."""
    parser = argparse.ArgumentParser(prog="python -m parlour.tools.playthrough", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", help="a registered game, optionally with options: hearts(passing=rotate)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the game and of the move choices")
    parser.add_argument("--options", help='options text such as "hearts(passing=rotate)"')
    parser.add_argument("--players", type=int, help="the number of players (default: the game's usual count)")
    parser.add_argument("--out", help="write the transcript to this file (and the record beside it)")
    parser.add_argument("--record", help="write the record here (default with --out: beside the transcript)")
    parser.add_argument("--from-record", metavar="FILE", help="transcribe this record instead of playing a game")
    args = parser.parse_args(argv)
    try:
        if args.from_record is not None:
            if args.game is not None:
                parser.error("give a game or --from-record, not both")
            record = Record.from_json(Path(args.from_record).read_text(encoding="utf-8"))
        elif args.game is None:
            parser.error("name a game, or give --from-record FILE")
        else:
            record = play_record(args.game, seed=args.seed, options=args.options, players=args.players)
        text = transcript(record)
    except (ValueError, OSError) as exc:
        parser.error(str(exc))
    if args.out:
        _write(args.out, text)
    else:
        sys.stdout.write(text)
    keep = args.record or (record_path(args.out) if args.out and args.from_record is None else None)
    if keep is not None:
        _write(keep, record.to_json())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
