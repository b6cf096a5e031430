"""The Jokers Wild board: a loop of 72 holes with per-seat start holes, castle entrances and
five-hole castles, walked forward and back with the side's passing rules, and the landing rules
(an opponent goes Home, a partner to its castle entrance).

Private to this game for now (the rules notes' section on boards: the lead moves a board helper
to core once another board game needs the same). Positions are ints: -1 Home, 0-71 the track,
72-76 the owner's castle holes c1-c5. `marbles` is a tuple by seat of ascending positions.

>>> come_out_hole(1, 4), castle_entrance(1, 4), come_out_hole(1, 2)
(26, 21, 44)
>>> land(((-1, -1, -1, -1, 5), (-1, -1, -1, -1, 12)), (0, 5, 12))  # seat 0 lands on seat 1
((-1, -1, -1, -1, 12), (-1, -1, -1, -1, -1))
"""

from __future__ import annotations

from typing import Final, TypeAlias

from parlour.core.events import Event, EventKind
from parlour.core.values import builder

SEATINGS: Final = (2, 4)
"""The player counts the board seats: four on sides 0-3, or two on sides 0 and 2."""

MARBLES: Final = 5
"""Marbles per seat (the book is silent; five is the usual set)."""

HOLES: Final = 72
"""Track holes around the loop (4 sides of 18)."""

SIDE: Final = 18

COME_OUT: Final = 8
"""The starting hole ("the starting place") of the seat on side k is 18k + 8."""

ENTRANCE: Final = 3
"""The Castle entrance of the seat on side k is 18k + 3."""

HOME: Final = -1
"""A marble's position at Home."""

CASTLE: Final = HOLES
"""Castle hole c1 is position 72, c5 position 76 (each seat has its own lane)."""

Leg: TypeAlias = tuple[int, int, int]
"""One marble's movement: (its owner, from, to); Home is -1, Castle holes 72-76."""


def position_text(position: int) -> str:
    """'home', a track hole '0'..'71', or a Castle hole 'c1'..'c5'."""
    if position < 0:
        return "home"
    if position >= CASTLE:
        return f"c{position - CASTLE + 1}"
    return str(position)


def side_of(seat: int, players: int) -> int:
    return seat if players == 4 else 2 * seat


def come_out_hole(seat: int, players: int) -> int:
    """The hole a marble of `seat` comes out on: 18k + 8 for the seat on side k."""
    return SIDE * side_of(seat, players) + COME_OUT


def castle_entrance(seat: int, players: int) -> int:
    """The track hole from which `seat`'s marbles turn into their Castle: 18k + 3."""
    return SIDE * side_of(seat, players) + ENTRANCE


def partner_of(seat: int, players: int) -> int | None:
    """The seat opposite in a four-player game; None with two players."""
    return (seat + 2) % 4 if players == 4 else None


def controlled(marbles: tuple[tuple[int, ...], ...], seat: int) -> int:
    """Whose marbles `seat` moves: its own, or its partner's once all five of its own are in
    its Castle ("you then assist your partner")."""
    if len(marbles) == 4 and marbles[seat][0] >= CASTLE:
        return (seat + 2) % 4
    return seat


def finished(marbles: tuple[tuple[int, ...], ...], seat: int) -> bool:
    """The seat's side has every marble in its Castles."""
    if marbles[seat][0] < CASTLE:
        return False
    return len(marbles) == 2 or marbles[(seat + 2) % 4][0] >= CASTLE


EMPTY: Final = -1


def occupancy(marbles: tuple[tuple[int, ...], ...]) -> list[int]:
    """The owner of the marble on each track hole, or -1."""
    occ = [EMPTY] * HOLES
    for owner, row in enumerate(marbles):
        for p in row:
            if 0 <= p < CASTLE:
                occ[p] = owner
    return occ


def forward(
    occ: list[int], row: tuple[int, ...], owner: int, mate: int, entrance: int, start: int, n: int
) -> list[int]:
    """Where a marble of `owner` at `start` may go `n` steps forward, by the passing rules
    (landing on a partner is allowed here; `land` checks where it is sent)."""
    if start >= CASTLE:
        slot = start + n
        if slot >= CASTLE + MARBLES:
            return []
        for p in row:
            if start < p <= slot:
                return []
        return [slot]
    block = n + 1
    for k in range(1, n + 1):
        o = occ[(start + k) % HOLES]
        if o == owner or o == mate:
            block = k
            break
    out = []
    d = (entrance - start) % HOLES
    if d < n and block > d:
        slot = CASTLE + n - d - 1
        if slot < CASTLE + MARBLES:
            for p in row:
                if CASTLE <= p <= slot:
                    break
            else:
                out.append(slot)
    if block > n or (block == n and occ[(start + n) % HOLES] == mate):
        out.append((start + n) % HOLES)
    return out


def land(
    marbles: tuple[tuple[int, ...], ...], leg: Leg, notes: list[Event] | None = None
) -> tuple[tuple[int, ...], ...] | None:
    """The marbles after one leg, with its landing resolved; None if the landing is illegal
    (a partner sent to an entrance that holds a marble of the side). `notes` collects events."""
    owner, start, end = leg
    rows = list(marbles)
    row = list(rows[owner])
    row[row.index(start)] = end
    row.sort()
    rows[owner] = tuple(row)
    if not 0 <= end < CASTLE:
        return tuple(rows)
    hit = -1
    for o, r in enumerate(marbles):
        if o != owner and end in r:
            hit = o
            break
    if hit < 0:
        return tuple(rows)
    n = len(marbles)
    moved = list(rows[hit])
    moved.remove(end)
    if n == 4 and hit == (owner + 2) % 4:  # the partner goes to its castle entrance
        gate = castle_entrance(hit, n)
        there = -1
        for o, r in enumerate(rows):
            if gate in r:
                there = o
                break
        if there == owner or there == hit:
            return None
        if there >= 0:
            sent = list(rows[there])
            sent.remove(gate)
            rows[there] = tuple(sorted((*sent, HOME)))
            if notes is not None:
                notes.append(_EVENT(_NOTE, there, (), (gate,), "marble sent home", False))
        moved.append(gate)
        if notes is not None:
            notes.append(_EVENT(_NOTE, hit, (), (end, gate), "marble sent to its castle entrance", False))
    else:
        moved.append(HOME)
        if notes is not None:
            notes.append(_EVENT(_NOTE, hit, (), (end,), "marble sent home", False))
    moved.sort()
    rows[hit] = tuple(moved)
    return tuple(rows)


_EVENT: Final = builder(Event)
"""Event(kind, player, cards, numbers, label, private), built slot by slot (`land`'s notes)."""

_NOTE: Final = EventKind.NOTE


ENTRANCES: Final = {n: tuple(castle_entrance(s, n) for s in range(n)) for n in SEATINGS}
"""`ENTRANCES[players][seat]`: the castle entrances, by player count."""

COME_OUTS: Final = {n: tuple(come_out_hole(s, n) for s in range(n)) for n in SEATINGS}
"""`COME_OUTS[players][seat]`: the starting holes, by player count."""
