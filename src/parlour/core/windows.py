"""Response windows: a moment when several seats may answer at once.

Some rules let anyone act out of turn: call "Cheat!" on a claimed play, slap a jack, call
"Rummy!" on a discard that could be laid off. parlour models each such moment the same way. A
trigger opens a `Window` over the seats that may answer, in priority order; each of those seats
answers once, *act* or *decline*, and every seat still waiting has its two moves in
`legal_moves` at the same time (each move carries its `player`, so a front end can offer them to
every person at once and apply them as they arrive).

Who wins when more than one seat acts is the window's `Tie` rule:

- `Tie.FIRST`: the first act applied wins at once (a race: the first hand on the pile, the first
  to call). The seats not yet asked are not asked.
- `Tie.PRIORITY`: acts are ranked by the order of `eligible` (usually round the table from the
  trigger's left). An act wins once every seat before it has declined; a seat behind the best
  act so far can no longer win and is not asked.

The window closes when it has a winner or when every eligible seat has answered; `answer` then
returns a closed window and the game carries on (`winner` tells it who won, if anyone). A seat
answering twice, or a seat that is not asked, is refused with a ValueError naming it.

A wrong act (a slap on a card that is not a jack) is a game's business: it answers with
`act=False` after charging the penalty, so the window simply counts the seat as answered.

>>> window = Window.open((1, 2, 3), Tie.PRIORITY)
>>> window.waiting
(1, 2, 3)
>>> window = window.answer(3, act=True)   # seat 3 calls; 1 and 2 come first
>>> window.waiting, window.winner, window.closed
((1, 2), None, False)
>>> window = window.answer(1, act=False).answer(2, act=False)
>>> window.winner, window.closed
(3, True)
>>> Window.open((1, 2), Tie.PRIORITY).answer(2, act=True, choice=4).answer(1, act=False).choice
4
>>> race = Window.open((0, 1, 2), Tie.FIRST).answer(2, act=True)
>>> race.winner, race.waiting
(2, ())
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

__all__ = ["Tie", "Window"]


class Tie(enum.Enum):
    """Who wins a window that more than one seat acts in."""

    FIRST = "first"
    """The first act applied wins, at once."""
    PRIORITY = "priority"
    """The act of the seat earliest in `eligible` wins, once every seat before it declined."""


@attrs.frozen
class Window:
    """An open (or just closed) response window: who may answer, who has, and who acted.

    `eligible` lists the seats that may answer, in priority order; `declined` and `acted` the
    seats that have answered each way, in the order they answered; `choices` one number per
    act, which the game reads (Five Hundreds: the table meld a called card goes on).
    """

    eligible: tuple[int, ...]
    tie: Tie = Tie.FIRST
    declined: tuple[int, ...] = ()
    acted: tuple[int, ...] = ()
    choices: tuple[int, ...] = ()

    @classmethod
    def open(cls, eligible: Sequence[int], tie: Tie = Tie.FIRST) -> Window:
        """A fresh window over `eligible` (distinct seats, in priority order)."""
        seats = tuple(eligible)
        if len(set(seats)) != len(seats):
            raise ValueError(f"a window lists each seat once (got {seats})")
        if any(type(s) is not int or s < 0 for s in seats):
            raise ValueError(f"a window's seats are seat numbers (got {seats})")
        return cls(seats, tie)

    @property
    def winner(self) -> int | None:
        """The seat whose act won, or None (nobody acted yet, or a better seat may still act)."""
        if not self.acted:
            return None
        if self.tie is Tie.FIRST:
            return self.acted[0]
        best = self._best_act()
        for seat in self.eligible:
            if seat == best:
                return best
            if seat not in self.declined:
                return None
        return None  # not reached: `best` is eligible

    @property
    def choice(self) -> int | None:
        """The number the winning act carried, or None while there is no winner."""
        winner = self.winner
        return None if winner is None else self.choices[self.acted.index(winner)]

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to answer, in priority order (none once the window is closed)."""
        if self.acted and self.tie is Tie.FIRST:
            return ()
        answered = (*self.declined, *self.acted)
        if self.tie is Tie.PRIORITY and self.acted:
            best = self._best_act()
            ahead = self.eligible[: self.eligible.index(best)]
            return tuple(s for s in ahead if s not in answered)
        return tuple(s for s in self.eligible if s not in answered)

    @property
    def closed(self) -> bool:
        """No seat is waiting: the window has a winner, or everyone answered without one."""
        return not self.waiting

    def may_answer(self, seat: int) -> bool:
        """Whether `seat` is one of the seats still to answer."""
        return seat in self.waiting

    def answer(self, seat: int, *, act: bool, choice: int = 0) -> Window:
        """The window after `seat` acts (`act`, carrying `choice`) or declines; refuses a seat
        that is not waiting."""
        if seat not in self.waiting:
            raise ValueError(self.why_not(seat))
        if act:
            return Window(self.eligible, self.tie, self.declined, (*self.acted, seat), (*self.choices, choice))
        return Window(self.eligible, self.tie, (*self.declined, seat), self.acted, self.choices)

    def why_not(self, seat: int) -> str:
        """Why `seat` may not answer now (for a game's error message)."""
        if seat not in self.eligible:
            return f"seat {seat} may not answer in this window"
        if seat in self.declined or seat in self.acted:
            return f"seat {seat} has already answered"
        if self.closed:
            return "the window is closed"
        return f"seat {seat} can no longer win this window: seat {self._best_act()} acted first in order"

    def problem(self, players: int) -> str | None:
        """What is wrong with this window in a game of `players` seats, or None (for
        `check_invariants`: hostile JSON must not name seats out of range or answer twice)."""
        seats = self.eligible
        if len(set(seats)) != len(seats) or any(type(s) is not int or not 0 <= s < players for s in seats):
            return f"window seats {seats} are not distinct seats of {players}"
        answered = (*self.declined, *self.acted)
        if len(set(answered)) != len(answered) or any(s not in seats for s in answered):
            return f"window answers {answered} are not distinct eligible seats"
        if len(self.choices) != len(self.acted):
            return "a window holds one choice per act"
        if self.tie is Tie.FIRST and len(self.acted) > 1:
            return "a first-act window closes at its first act"
        return None

    def _best_act(self) -> int:
        return min(self.acted, key=self.eligible.index)
