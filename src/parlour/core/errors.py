"""The errors parlour raises. All are `ValueError`s, so bad input is always a ValueError."""

from __future__ import annotations

__all__ = ["GameOver", "IllegalMove", "NotationError"]


class IllegalMove(ValueError):
    """A move that is not legal in this state; the message names the rule it breaks."""


class GameOver(IllegalMove):
    """A move offered after the game has ended."""


class NotationError(ValueError):
    """Text that does not read as any legal move of this state."""
