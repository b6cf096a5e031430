"""Seats, turn order and teams.

Seats are `0..n-1` clockwise, so "the player to the left" of seat `s` is `s + 1 (mod n)`.
Partners sit opposite: in a four-player partnership game, team 0 is seats 0 and 2.

>>> next_seat(3, 4), next_seat(0, 4, direction=-1)
(0, 3)
>>> next_active(1, 5, active=(True, True, False, False, True))
4
>>> teams(4), team_of(3)
(((0, 2), (1, 3)), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = [
    "check_seat",
    "leaders",
    "next_active",
    "next_seat",
    "replace_at",
    "rotate",
    "seats_from",
    "team_of",
    "teams",
]

T = TypeVar("T")


def next_seat(seat: int, players: int, *, direction: int = 1) -> int:
    """The seat after `seat` clockwise (direction 1) or anticlockwise (direction -1)."""
    return (seat + direction) % players


def next_active(seat: int, players: int, *, active: Sequence[bool], direction: int = 1) -> int:
    """The first seat after `seat` in the direction of play whose `active` flag is set.

    Skips players who are out (no cards, eliminated). Returns `seat` itself when it is the only
    active seat; raises ValueError when no seat is active.
    """
    for step in range(1, players + 1):
        candidate = (seat + step * direction) % players
        if active[candidate]:
            return candidate
    raise ValueError("no active seat")


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise, starting at `first` (the order of a deal or a round)."""
    return tuple((first + i) % players for i in range(players))


def rotate(items: Sequence[T], k: int) -> tuple[T, ...]:
    """The items rotated left by `k`: `rotate((a, b, c), 1) == (b, c, a)`."""
    if not items:
        return ()
    k %= len(items)
    return (*items[k:], *items[:k])


def replace_at(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of `items` with one slot replaced; the other slots are shared, not copied.
    (Through a list: cheaper than slicing the tuple around the slot, at every size.)"""
    out = list(items)
    out[index] = value
    return tuple(out)


def teams(players: int, count: int = 2) -> tuple[tuple[int, ...], ...]:
    """`count` teams whose members alternate around the table: 4 players give ((0, 2), (1, 3))."""
    if count < 1 or players % count:
        raise ValueError(f"{players} players cannot form {count} equal teams")
    return tuple(tuple(range(t, players, count)) for t in range(count))


def team_of(seat: int, count: int = 2) -> int:
    """The team of a seat when `count` teams alternate around the table."""
    return seat % count


def check_seat(where: str, seat: object, players: int) -> None:
    """Raises ValueError unless `seat` is one of `0..players-1` (for untrusted input)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise ValueError(f"{where}: seat {seat!r} is not one of 0..{players - 1}")


def leaders(values: Sequence[int | float], *, low: bool = False) -> frozenset[int]:
    """The seats holding the best of `values` (the highest, or the lowest with `low`); ties
    share: the winners of a game scored by totals.

    >>> sorted(leaders([12, 30, 30])), sorted(leaders([12, 30, 30], low=True))
    ([1, 2], [0])
    """
    if not values:
        return frozenset()
    best = min(values) if low else max(values)
    return frozenset(seat for seat, value in enumerate(values) if value == best)
