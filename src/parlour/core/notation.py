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

__all__ = ["normalize", "parse_by_matching"]

M = TypeVar("M", bound=GameMove)
_SEAT_PREFIX = re.compile(r"^\s*(?:seat\s*)?(\d+)\s*:\s*(.*)$", re.IGNORECASE)


def normalize(text: str) -> str:
    """Lower case with single spaces, and "T" read as "10" in card names ("th" -> "10h")."""
    words = text.strip().lower().split()
    return " ".join("10" + w[1:] if len(w) == 2 and w[0] == "t" and w[1] in "cdhs" else w for w in words)


def parse_by_matching(text: str, legal: Sequence[M]) -> M:
    """The legal move whose notation is `text`; NotationError when none or several match."""
    if not isinstance(text, str):
        raise NotationError(f"a move is written as text, not {type(text).__name__}")
    seat: int | None = None
    body = text
    prefixed = _SEAT_PREFIX.match(text)
    if prefixed:
        seat, body = int(prefixed.group(1)), prefixed.group(2)
    wanted = normalize(body)
    found = [m for m in legal if normalize(str(m)) == wanted and (seat is None or m.player == seat)]
    if len(found) == 1:
        return found[0]
    if not legal:
        raise NotationError(f"{text!r}: the game is over, no move can be made")
    if found:
        seats = ", ".join(str(m.player) for m in found)
        raise NotationError(f"{text!r} could be made by seats {seats}: write it as '<seat>: {body.strip()}'")
    sample = ", ".join(sorted({str(m) for m in legal})[:12])
    more = "" if len({str(m) for m in legal}) <= 12 else ", ..."
    raise NotationError(f"{text!r} is not a legal move here; legal moves: {sample}{more}")
