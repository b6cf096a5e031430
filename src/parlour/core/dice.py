"""Dice: rolls with a fixed queue, table-driven scoring, and the push-your-luck turn.

Three parts serve every "roll, set aside scoring dice, roll on or bank" game (Farkle, 10,000):

* **Rolling.** `roll_dice` takes faces from a state's fixed queue first (DESIGN.md's `rolls=`,
  checked by `check_rolls`) and then from the state's `Rng`, so `apply` stays pure.
* **Scoring as data.** A `ScoringTable` lists a game's combinations (single faces, n of a kind,
  straights, three pairs). `score_exact` finds the best value that uses *every* given die (None
  if some die fits no combination), `best_score` the best value of a roll (0 is a bust), and
  `scoring_holds` every distinct set of dice a player may set aside. All are memoized: a roll has
  at most 64 sub-multisets, and tables are few.
* **The turn.** `Turn` accumulates one player's turn: the turn total, the dice set aside since all
  dice were last rolled, and the roll waiting for a hold. Holding every die is "hot dice": the
  set-aside dice come back and the next roll uses them all.

Dice are written as tuples of faces; scoring functions read them as multisets.

>>> table = ScoringTable(dice=5, singles=((1, 100), (5, 50)),
...                      of_a_kind=(OfAKind(count=3, times_triple=1),))
>>> score_exact(table, (1, 1, 1, 5)), score_exact(table, (1, 2)), best_score(table, (2, 3, 4, 6, 6))
(1050, None, 0)
>>> [(faces, value) for faces, value in scoring_holds(table, (1, 5, 3))]
[((1,), 100), ((5,), 50), ((1, 5), 150)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, product
from typing import Final, TypeAlias

import attrs

from parlour.core.rng import MAX_SEED, Rng

__all__ = [
    "FACES",
    "SIDES",
    "Counts",
    "OfAKind",
    "ScoringTable",
    "Turn",
    "best_score",
    "check_faces",
    "check_rolls",
    "check_turn",
    "counts_of",
    "faces_text",
    "is_bust",
    "redraw_future",
    "roll_dice",
    "score_exact",
    "scoring_holds",
]

SIDES: Final = 6
FACES: Final = (1, 2, 3, 4, 5, 6)
TRIPLE_BASE: Final = 100
"""Three of a kind of face f is worth f x 100 unless the table prices it otherwise."""

Counts: TypeAlias = tuple[int, int, int, int, int, int]
"""How many dice show each face 1..6."""


# --- rolling ---------------------------------------------------------------------------------


def check_rolls(rolls: Iterable[int] | None) -> tuple[int, ...]:
    """The `rolls=` queue as a tuple of faces, or a ValueError naming the first bad entry."""
    if rolls is None:
        return ()
    if isinstance(rolls, (str, bytes)):
        raise ValueError("rolls= is a sequence of die faces such as [3, 5, 1], not text")
    faces = tuple(rolls)
    for index, face in enumerate(faces):
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise ValueError(f"rolls=: entry {index} is {face!r}, not a die face 1..{SIDES}")
    return faces


def roll_dice(count: int, queue: tuple[int, ...], rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...], Rng]:
    """Rolls `count` dice: faces from the fixed queue first, then from `rng`.

    Returns the faces in the order rolled, the rest of the queue and the next random source
    (unchanged when the queue supplied every die).
    """
    if count < 1:
        raise ValueError(f"cannot roll {count} dice")
    fixed = queue[:count]
    if len(fixed) == count:
        return fixed, queue[count:], rng
    drawn, rng = rng.dice(count - len(fixed), SIDES)
    return fixed + drawn, (), rng


def check_faces(where: str, dice: Sequence[int], *, most: int) -> None:
    """Raises ValueError unless `dice` is at most `most` faces in 1..6 (for untrusted input)."""
    if len(dice) > most:
        raise ValueError(f"{where}: {len(dice)} dice, more than the {most} in play")
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= SIDES:
            raise ValueError(f"{where}: {face!r} is not a die face 1..{SIDES}")


def counts_of(dice: Iterable[int]) -> Counts:
    """The face counts of some dice."""
    tally = [0] * SIDES
    for face in dice:
        tally[face - 1] += 1
    return (tally[0], tally[1], tally[2], tally[3], tally[4], tally[5])


def faces_text(dice: Iterable[int]) -> str:
    """Faces as text, "1 1 5"."""
    return " ".join(map(str, dice))


# --- scoring tables --------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class OfAKind:
    """The value of `count` dice of one face: a multiple of the triple's value, or a flat value."""

    count: int
    times_triple: int = 0
    """Value as a multiple of three of that face (10,000: four of a kind x2, five x4)."""
    flat: int = 0
    """A fixed value whatever the face (Farkle: six of a kind 1,000); used when times_triple is 0."""


@attrs.frozen(kw_only=True, cache_hash=True)
class ScoringTable:
    """One game's scoring combinations. Each combination counts only within one roll."""

    dice: int
    """How many dice the game plays with."""
    singles: tuple[tuple[int, int], ...]
    """(face, value) for faces that score alone: ((1, 100), (5, 50))."""
    triples: tuple[int, int, int, int, int, int] = (1000, 200, 300, 400, 500, 600)
    """Three of a kind by face 1..6 (three 1s are 1,000, three n are n x 100)."""
    of_a_kind: tuple[OfAKind, ...] = ()
    """Which counts of one face form a combination, and their values."""
    straights: tuple[tuple[tuple[int, ...], int], ...] = ()
    """(faces, value): a run using each face once, ((1, 2, 3, 4, 5, 6), 1000)."""
    three_pairs: int = 0
    """Value of three pairs of different faces (0: not a combination)."""
    four_and_pair_as_pairs: bool = False
    """Four of a kind plus a pair also counts as three pairs."""


@attrs.frozen
class _Combination:
    counts: Counts
    value: int


def _with(counts: dict[int, int]) -> Counts:
    return counts_of(face for face, n in counts.items() for _ in range(n))


@cache
def _combinations(table: ScoringTable) -> tuple[_Combination, ...]:
    """Every combination the table allows, as face counts and value."""
    found: list[_Combination] = []
    for face, value in table.singles:
        found.append(_Combination(_with({face: 1}), value))
    for kind in table.of_a_kind:
        if kind.count > table.dice:
            continue
        for face in FACES:
            value = table.triples[face - 1] * kind.times_triple if kind.times_triple else kind.flat
            found.append(_Combination(_with({face: kind.count}), value))
    for run, value in table.straights:
        if len(run) <= table.dice:
            found.append(_Combination(counts_of(run), value))
    if table.three_pairs and table.dice >= 6:
        for trio in combinations(FACES, 3):
            found.append(_Combination(_with({f: 2 for f in trio}), table.three_pairs))
        if table.four_and_pair_as_pairs:
            for four, two in product(FACES, FACES):
                if four != two:
                    found.append(_Combination(_with({four: 4, two: 2}), table.three_pairs))
    return tuple(c for c in found if c.value > 0)


@cache
def _exact(table: ScoringTable, counts: Counts) -> int | None:
    """Best value of a partition of exactly these dice into combinations, or None."""
    if not any(counts):
        return 0
    # The lowest face present must belong to some combination; try each one that fits.
    low = next(i for i, n in enumerate(counts) if n)
    best: int | None = None
    for combo in _combinations(table):
        if combo.counts[low] == 0 or any(c > n for c, n in zip(combo.counts, counts)):
            continue
        rest = _exact(table, _minus(counts, combo.counts))
        if rest is not None and (best is None or combo.value + rest > best):
            best = combo.value + rest
    return best


def _minus(a: Counts, b: Counts) -> Counts:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def _sub_counts(counts: Counts) -> Iterable[Counts]:
    for pick in product(*(range(n + 1) for n in counts)):
        yield (pick[0], pick[1], pick[2], pick[3], pick[4], pick[5])


def _faces(counts: Counts) -> tuple[int, ...]:
    return tuple(face for face, n in zip(FACES, counts) for _ in range(n))


@cache
def _holds(table: ScoringTable, counts: Counts) -> tuple[tuple[tuple[int, ...], int], ...]:
    found = []
    for sub in _sub_counts(counts):
        if any(sub):
            value = _exact(table, sub)
            if value is not None:
                found.append((_faces(sub), value))
    return tuple(sorted(found, key=lambda item: (len(item[0]), item[0])))


def score_exact(table: ScoringTable, dice: Iterable[int]) -> int | None:
    """The best value of these dice with every die in some combination; None if one cannot be."""
    return _exact(table, counts_of(dice))


def scoring_holds(table: ScoringTable, dice: Iterable[int]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct non-empty set of these dice that scores exactly, with its value.

    Sets are sorted faces, listed by size and then by faces.
    """
    return _holds(table, counts_of(dice))


def best_score(table: ScoringTable, dice: Iterable[int]) -> int:
    """The most a roll can score (the best of its scoring holds); 0 is a bust."""
    holds = _holds(table, counts_of(dice))
    return max((value for _, value in holds), default=0)


def is_bust(table: ScoringTable, dice: Iterable[int]) -> bool:
    """No die of the roll scores."""
    return not _holds(table, counts_of(dice))


# --- the turn --------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Turn:
    """One player's turn so far: the points at stake and where the dice are.

    `held` are the dice set aside since all dice were last rolled (emptied by hot dice); `roll`
    is the roll waiting for a hold (empty between rolls). Also serves as the record of a banked
    turn that the next player may take over (10,000): its total and its unheld dice.
    """

    total: int = 0
    held: tuple[int, ...] = ()
    roll: tuple[int, ...] = ()

    def to_roll(self, dice: int) -> int:
        """How many dice the next roll uses: all that are not set aside."""
        return dice - len(self.held)

    def rolled(self, faces: Sequence[int]) -> Turn:
        """The turn after a roll (faces kept sorted, so equal rolls give equal states)."""
        return Turn(total=self.total, held=self.held, roll=tuple(sorted(faces)))

    def hold(self, faces: tuple[int, ...], value: int, dice: int) -> Turn:
        """The turn after setting aside `faces` worth `value`; all dice set aside is hot dice."""
        held = tuple(sorted(self.held + faces))
        if len(held) == dice:
            held = ()
        return Turn(total=self.total + value, held=held, roll=())

    def is_hot(self) -> bool:
        """Every die has scored: the next roll uses them all again."""
        return self.total > 0 and not self.held and not self.roll

    def can_bank(self, *, on_board: bool, entry: int) -> bool:
        """Whether the turn total may be banked now: between rolls, and past the entry threshold
        for a player not yet on the board."""
        return not self.roll and self.total > 0 and (on_board or self.total >= entry)


def check_turn(where: str, turn: Turn, table: ScoringTable) -> None:
    """Raises ValueError for a turn no game under `table` could reach (for untrusted input).

    Faces in 1..6; set-aside plus rolled dice never more than the dice in play, and exactly all
    of them while a roll waits; the set-aside dice score exactly; a waiting roll is not a bust
    (busts end the turn at once); the total is not negative and is positive once dice scored.
    """
    check_faces(f"{where}.held", turn.held, most=table.dice - 1)
    check_faces(f"{where}.roll", turn.roll, most=table.dice)
    if turn.roll and len(turn.held) + len(turn.roll) != table.dice:
        raise ValueError(f"{where}: {len(turn.held)} dice set aside and {len(turn.roll)} rolled, not {table.dice}")
    if tuple(sorted(turn.held)) != turn.held or tuple(sorted(turn.roll)) != turn.roll:
        raise ValueError(f"{where}: dice are kept in ascending order")
    if turn.total < 0:
        raise ValueError(f"{where}: turn total {turn.total} is negative")
    if turn.held and (score_exact(table, turn.held) is None or turn.total == 0):
        raise ValueError(f"{where}: set-aside dice {faces_text(turn.held)} do not account for the turn total")
    if turn.roll and is_bust(table, turn.roll):
        raise ValueError(f"{where}: the roll {faces_text(turn.roll)} scores nothing but the turn goes on")


def redraw_future(rolls: tuple[int, ...], rng: Rng, seed: int) -> tuple[tuple[int, ...], Rng]:
    """Another future for the dice: a queue of the same length and a random source with a
    different seed (for `shuffle_unseen`; nobody may see the dice still to come)."""
    fresh = Rng(seed if seed != rng.seed else seed + 1 if seed < MAX_SEED else seed - 1)
    if not rolls:
        return (), fresh
    faces, _, _ = roll_dice(len(rolls), (), Rng(fresh.seed, fresh.counter + 1))
    return faces, fresh
