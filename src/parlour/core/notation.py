"""Move notation shared by every game: parsing by matching the legal moves' canonical text.

`str(move)` is each move's canonical notation. `parse_by_matching` reads text by comparing it,
case- and space-insensitively, with the notation of the legal moves, so that
`parse_move(state, str(m)) == m` holds for every legal move by construction. Where several seats
could make a move with the same text, a seat prefix picks one: ``"2: pass"`` or ``"seat 2: pass"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

from parlour.core.errors import NotationError
from parlour.core.game import GameMove

__all__ = ["normalize", "parse_by_matching", "split_seat"]

M = TypeVar("M", bound=GameMove)
_SEAT_PREFIX = re.compile(r"^\s*(?:seat\s*)?(\d+)\s*:\s*(.*)$", re.IGNORECASE)


def normalize(text: str) -> str:
    """Lower case with single spaces, and "T" read as "10" in card names ("th" -> "10h")."""
    words = text.strip().lower().split()
    return " ".join("10" + w[1:] if len(w) == 2 and w[0] == "t" and w[1] in "cdhs" else w for w in words)


def split_seat(text: object, player: int | None = None) -> tuple[int | None, str]:
    """The seat a move's text is for and the text without its "2:" prefix.

    With `player` given, a prefix naming another seat is refused with NotationError.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {type(text).__name__}")
    prefixed = _SEAT_PREFIX.match(text)
    if not prefixed:
        return player, text
    seat = int(prefixed.group(1)) if len(prefixed.group(1)) < 4 else -1
    if player is not None and seat != player:
        raise NotationError(f"{text!r} is written for seat {prefixed.group(1)}, not seat {player}")
    return seat, prefixed.group(2)


def parse_by_matching(text: object, legal: Sequence[M], player: int | None = None) -> M:
    """The legal move whose notation is `text` (of seat `player` only, if given).

    NotationError when none match, or when moves of several seats match and neither `player`
    nor a "2: ..." prefix says which.
    """
    seat, body = split_seat(text, player)
    wanted = normalize(body)
    found = [m for m in legal if (seat is None or m.player == seat) and normalize(str(m)) == wanted]
    if len(found) == 1:
        return found[0]
    if not legal:
        raise NotationError(f"{text!r}: no move can be made here (the game is over or it is not this seat's turn)")
    if found:
        seats = ", ".join(str(m.player) for m in found)
        raise NotationError(f"{text!r} could be made by seats {seats}: write it as '<seat>: {body.strip()}'")
    mine = [m for m in legal if seat is None or m.player == seat]
    if not mine:
        raise NotationError(f"{text!r}: seat {seat} has no move now")
    names = list(dict.fromkeys(str(m) for m in mine))
    sample = ", ".join(names[:12]) + (f", ... ({len(names)} in all)" if len(names) > 12 else "")
    raise NotationError(f"{text!r} is not a legal move here; legal moves: {sample}")
