"""Dice: rolls with a fixed queue, table-driven scoring, and the push-your-luck turn.

Four parts serve every "roll, set aside scoring dice, roll on or bank" game (Farkle, 10,000):

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
* **The turn machinery.** What such games share beyond scoring, as pure functions of a `Turn`:
  `turn_phase`; `roll_step`, `hold_step` and `bank_step`, which apply a roll, a hold or a bank
  and return a `Step` (the new turn, the events, whether the turn goes on, busts or banked);
  `refusal`, the reason the machinery refuses a move; `opening` for a new game; and
  `check_position`, the invariants every such position keeps. The words and thresholds that
  differ between games are data, a `DiceRules`; what happens once a turn ends (whose turn is
  next, the end of the game) stays in each game.
* **Views, futures and notation.** The dice are public, so a view hides only the dice still to
  come (`dice_view`), and `shuffle_unseen` is another future for them (`dice_shuffle`).
  `parse_dice_move` reads a hold's dice in any order ("hold 5 1" is "hold 1 5").
* **Text for renders.** The lines a table-side `render` of such a game shares: what the seat to
  play may do now in move words (`turn_prompt`), where its turn stands (`turn_text`), one line
  per seat (`seat_lines`) and the result (`result_line`). Points are written with thousands
  separators (`points_text`).

Dice are written as tuples of faces; scoring functions read them as multisets.

>>> table = ScoringTable(dice=5, singles=((1, 100), (5, 50)),
...                      of_a_kind=(OfAKind(count=3, times_triple=1),))
>>> score_exact(table, (1, 1, 1, 5)), score_exact(table, (1, 2)), best_score(table, (2, 3, 4, 6, 6))
(1050, None, 0)
>>> [(faces, value) for faces, value in scoring_holds(table, (1, 5, 3))]
[((1,), 100), ((5,), 50), ((1, 5), 150)]
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import combinations, product
from math import gcd
from typing import Final, Protocol, TypeAlias, TypeVar, cast

import attrs

from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, redact_events
from parlour.core.game import GameMove, builder
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import MAX_SEED, Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.text import seats_text
from parlour.core.zones import check_viewer

__all__ = [
    "FACES",
    "SIDES",
    "Counts",
    "DiceRules",
    "DiceState",
    "OfAKind",
    "Opening",
    "Outcome",
    "Phase",
    "ScoringTable",
    "Step",
    "Turn",
    "bank_step",
    "best_score",
    "check_faces",
    "check_position",
    "check_rolls",
    "check_turn",
    "counts_of",
    "dice_shuffle",
    "dice_view",
    "faces_text",
    "hold_step",
    "is_bust",
    "opening",
    "parse_dice_move",
    "points_text",
    "redraw_future",
    "refusal",
    "result_line",
    "roll_dice",
    "roll_step",
    "score_exact",
    "score_unit",
    "scoring_holds",
    "seat_lines",
    "turn_phase",
    "turn_prompt",
    "turn_text",
]

SIDES: Final = 6
FACES: Final = (1, 2, 3, 4, 5, 6)
TRIPLE_BASE: Final = 100
"""Three of a kind of face f is worth f x 100 unless the table prices it otherwise."""

Counts: TypeAlias = tuple[int, int, int, int, int, int]
"""How many dice show each face 1..6."""


# --- rolling ---------------------------------------------------------------------------------


def check_rolls(rolls: object) -> tuple[int, ...]:
    """The `rolls=` queue as a tuple of faces, or a ValueError naming the first bad entry.

    Only a sequence (list, tuple) of whole numbers 1..6 is a queue: text, sets (no order),
    bools, floats and strings are refused rather than read as some other dice.
    """
    if rolls is None:
        return ()
    if isinstance(rolls, (str, bytes)) or not isinstance(rolls, Sequence):
        raise ValueError(f"rolls= is a sequence of die faces such as [3, 5, 1], not {type(rolls).__name__}")
    faces = tuple(rolls)
    for index, face in enumerate(faces):
        if type(face) is not int or not 1 <= face <= SIDES:
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


def check_faces(where: str, dice: Sequence[object], *, most: int) -> None:
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
    whole: bool = False
    """`count` equal dice score only as this combination, never split into smaller ones (Farkle's
    sheet: six of a kind is 1,000 even where two triples would make more). Otherwise held dice
    score as their best split, this combination being one of the splits."""


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
def _whole_combinations(table: ScoringTable) -> tuple[_Combination, ...]:
    """The n-of-a-kind combinations that may not be split, the largest counts first."""
    found: list[tuple[int, _Combination]] = []
    for kind in table.of_a_kind:
        if not kind.whole or kind.count > table.dice:
            continue
        for face in FACES:
            value = table.triples[face - 1] * kind.times_triple if kind.times_triple else kind.flat
            if value > 0:
                found.append((kind.count, _Combination(_with({face: kind.count}), value)))
    return tuple(combo for _, combo in sorted(found, key=lambda item: -item[0]))


@cache
def _exact(table: ScoringTable, counts: Counts) -> int | None:
    """Best value of a partition of exactly these dice into combinations, or None."""
    if not any(counts):
        return 0
    for whole in _whole_combinations(table):
        # Equal dice that form a whole n of a kind count as it and nothing else.
        if all(c <= n for c, n in zip(whole.counts, counts)):
            rest = _exact(table, _minus(counts, whole.counts))
            return None if rest is None else whole.value + rest
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


@lru_cache(maxsize=4096)
def _exact_of(table: ScoringTable, faces: tuple[int, ...]) -> int | None:
    """`_exact` keyed by the sorted faces themselves, so the hot path skips counting them. The
    keys a game meets are multisets of at most `table.dice` faces (462 for six dice); the bound
    keeps odd calls from growing it."""
    return _exact(table, counts_of(faces))


@lru_cache(maxsize=4096)
def _holds_of(table: ScoringTable, faces: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """`_holds` keyed by the sorted faces themselves (bounded as `_exact_of`)."""
    return _holds(table, counts_of(faces))


def score_exact(table: ScoringTable, dice: Iterable[int]) -> int | None:
    """The best value of these dice with every die in some combination; None if one cannot be."""
    return _exact_of(table, tuple(sorted(dice)))


def scoring_holds(table: ScoringTable, dice: Iterable[int]) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every distinct non-empty set of these dice that scores exactly, with its value.

    Sets are sorted faces, listed by size and then by faces.
    """
    return _holds_of(table, tuple(sorted(dice)))


def best_score(table: ScoringTable, dice: Iterable[int]) -> int:
    """The most a roll can score (the best of its scoring holds); 0 is a bust."""
    holds = _holds_of(table, tuple(sorted(dice)))
    return max((value for _, value in holds), default=0)


def is_bust(table: ScoringTable, dice: Iterable[int]) -> bool:
    """No die of the roll scores."""
    return not _holds_of(table, tuple(sorted(dice)))


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
        return _TURN(self.total, self.held, tuple(sorted(faces)))

    def hold(self, faces: tuple[int, ...], value: int, dice: int) -> Turn:
        """The turn after setting aside `faces` worth `value`; all dice set aside is hot dice."""
        held = tuple(sorted(self.held + faces))
        if len(held) == dice:
            held = ()
        return _TURN(self.total + value, held, ())

    def is_hot(self) -> bool:
        """Every die has scored: the next roll uses them all again."""
        return self.total > 0 and not self.held and not self.roll

    def can_bank(self, *, on_board: bool, entry: int) -> bool:
        """Whether the turn total may be banked now: between rolls, and past the entry threshold
        for a player not yet on the board."""
        return not self.roll and self.total > 0 and (on_board or self.total >= entry)


_TURN: Final = builder(Turn)
"""Turn(total, held, roll) for the hot path (see `builder`)."""
_NO_TURN: Final = Turn()
"""The turn of a seat that has not rolled yet (a value: one shared object serves every state)."""


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


# --- the turn machinery ----------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class DiceRules:
    """What the turn machinery needs from one game: its name, seats, table, entry threshold, and
    the words its events and refusals use (Farkle "gets on the board", 10,000 "melds")."""

    name: str
    """The game's registry name, for messages ("farkle")."""
    players: tuple[int, ...]
    """The numbers of players the game allows."""
    table: ScoringTable
    entry: int
    """Points needed in one turn before a seat's first bank counts (0: none)."""
    keep: str
    """The verb for setting dice aside, in refusals: "hold", "keep"."""
    bust: str
    """The game's word for a roll that scores nothing, the label of its BUSTS event: "farkle"
    ("" for none)."""
    entered: str
    """The game's word for a seat's first bank that counts, the label of its ENTERS event:
    "melded" ("" where the kind's own "is on the board" says it)."""
    not_entered: str
    """The refusal of a bank below the entry threshold: "not on the board: needs 500 in one
    turn to bank" (", has <turn total>" follows)."""
    entered_total: str
    """What every banked score is, in invariant errors: "bankable" ("not a bankable total")."""


_NUMBERS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _number(count: int) -> str:
    return _NUMBERS[count] if count < len(_NUMBERS) else str(count)


class Phase(enum.Enum):
    """Where a turn stands."""

    START = "start"
    """Nothing rolled yet this turn: roll (or whatever else the game allows before a roll)."""
    ROLLED = "rolled"
    """A scoring roll waits: hold some of its scoring dice."""
    HELD = "held"
    """Dice held: roll the rest, or bank."""
    OVER = "over"


def turn_phase(turn: Turn, *, over: bool) -> Phase:
    """Where `turn` stands (OVER once the game is)."""
    if over:
        return Phase.OVER
    if turn.roll:
        return Phase.ROLLED
    return Phase.HELD if turn.total else Phase.START


class Outcome(enum.Enum):
    """What a step did to the turn."""

    GOES_ON = "goes on"
    """The same seat plays on."""
    BUST = "bust"
    """The roll scored nothing: the turn total is lost and the turn is over."""
    BANKED = "banked"
    """The turn total was added to the seat's score and the turn is over."""


@attrs.frozen(kw_only=True)
class Step:
    """The result of one roll, hold or bank: the turn afterwards (a fresh `Turn()` once it is
    over), the seat's score afterwards, the events, and the dice still to come."""

    turn: Turn
    score: int
    events: tuple[Event, ...]
    outcome: Outcome
    rolls: tuple[int, ...]
    rng: Rng


# Hot-path constructors (see `builder`): every field, positionally, in declaration order.
_STEP: Final = builder(Step)
"""Step(turn, score, events, outcome, rolls, rng)."""
_EVENT: Final = builder(Event)
"""Event(kind, player, cards, numbers, label, private)."""


def roll_step(rules: DiceRules, turn: Turn, *, seat: int, score: int, rolls: tuple[int, ...], rng: Rng) -> Step:
    """Rolls the dice `turn` has not set aside; a roll that scores nothing busts the turn.

    Events: ROLLS with the faces, then on a bust BUSTS (labelled `rules.bust`) with the lost total.
    """
    table = rules.table
    faces, rolls, rng = roll_dice(turn.to_roll(table.dice), rolls, rng)
    rolled = _EVENT(EventKind.ROLLS, seat, (), faces, "", False)
    roll = tuple(sorted(faces))
    if not _holds_of(table, roll):
        lost = _EVENT(EventKind.BUSTS, seat, (), (turn.total,), rules.bust, False)
        return _STEP(_NO_TURN, score, (rolled, lost), Outcome.BUST, rolls, rng)
    return _STEP(_TURN(turn.total, turn.held, roll), score, (rolled,), Outcome.GOES_ON, rolls, rng)


def hold_step(
    rules: DiceRules, turn: Turn, dice: tuple[int, ...], *, seat: int, score: int, rolls: tuple[int, ...], rng: Rng
) -> Step:
    """Sets aside `dice` (a legal hold: they score exactly) and adds their value to the turn.

    Events: SETS_ASIDE with the value and the faces, TURN_TOTAL, and HOT_DICE when every die
    of the turn has scored.
    """
    value = _exact_of(rules.table, dice)  # a legal hold's dice are sorted faces
    assert value is not None  # legal holds score exactly
    turn = turn.hold(dice, value, rules.table.dice)
    aside = _EVENT(EventKind.SETS_ASIDE, seat, (), (value, *dice), "", False)
    total = _EVENT(EventKind.TURN_TOTAL, seat, (), (turn.total,), "", False)
    if not turn.is_hot():
        return _STEP(turn, score, (aside, total), Outcome.GOES_ON, rolls, rng)
    hot = _EVENT(EventKind.HOT_DICE, seat, (), (), "", False)
    return _STEP(turn, score, (aside, total, hot), Outcome.GOES_ON, rolls, rng)


def bank_step(rules: DiceRules, turn: Turn, *, seat: int, score: int, rolls: tuple[int, ...], rng: Rng) -> Step:
    """Adds the turn total to the seat's score and ends the turn.

    Events: BANKS with the total, ENTERS (labelled `rules.entered`) for a seat's first bank, HAS
    with the score.
    """
    after = score + turn.total
    banks = _EVENT(EventKind.BANKS, seat, (), (turn.total,), "", False)
    has = _EVENT(EventKind.HAS, seat, (), (after,), "", False)
    if score:
        return _STEP(_NO_TURN, after, (banks, has), Outcome.BANKED, rolls, rng)
    enters = _EVENT(EventKind.ENTERS, seat, (), (), rules.entered, False)
    return _STEP(_NO_TURN, after, (banks, enters, has), Outcome.BANKED, rolls, rng)


def refusal(rules: DiceRules, phase: Phase, turn: Turn, *, hold: tuple[int, ...] | None, bank: bool) -> str | None:
    """Why the turn machinery refuses a move of the seat to play, or None if the reason lies in
    the game's own rules (a roll, or a move only that game has).

    `hold` is the dice of a hold move (None for other moves); `bank` says the move is a bank.
    """
    if hold is not None:
        if phase is not Phase.ROLLED:
            return f"no roll to {rules.keep} dice from: roll first"
        if not hold:
            return f"{rules.keep} at least one scoring die"
        if any(isinstance(f, bool) or not isinstance(f, int) or not 1 <= f <= SIDES for f in hold):
            return f"dice show faces 1 to {SIDES}"
        if any(want > have for want, have in zip(counts_of(hold), counts_of(turn.roll))):
            return f"the roll {faces_text(turn.roll)} does not hold those dice"
        if tuple(sorted(hold)) != hold:
            return "list held dice in ascending order"
        return "every held die must score in a combination of this roll"
    if phase is Phase.ROLLED:
        return f"{rules.keep} scoring dice from the roll {faces_text(turn.roll)} first"
    if bank:
        if phase is Phase.START:
            return "nothing to bank: roll first"
        return f"{rules.not_entered}, has {turn.total}"
    return None


@attrs.frozen(kw_only=True)
class Opening:
    """How a new game starts: the first seat to roll and the dice to come."""

    first: int
    rolls: tuple[int, ...]
    rng: Rng


def opening(count: int, *, seed: object, rolls: object, dealer: object) -> Opening:
    """Seat 0 rolls first, or the seat left of `dealer`; the seeded dice come after `rolls`.

    Raises ValueError for a bad seed (see `seeded`), dealer or queue (in that order).
    """
    rng = seeded(seed)
    first = 0
    if dealer is not None:
        check_seat("dealer=", dealer, count)
        first = (cast(int, dealer) + 1) % count
    return Opening(first=first, rolls=check_rolls(rolls), rng=rng)


@cache
def score_unit(table: ScoringTable) -> int:
    """The greatest common divisor of the table's values: every score is a multiple of it."""
    return gcd(*(combo.value for combo in _combinations(table)))


def check_position(
    rules: DiceRules,
    *,
    scores: tuple[int, ...],
    player: int,
    first: int,
    hand: int,
    rolls: tuple[int, ...],
    rng: Rng | None,
    turn: Turn,
    viewer: int | None = None,
) -> None:
    """Raises ValueError for the parts of a position the turn machinery could not reach (for
    untrusted input; views have no `rng`).

    The seats and their count; the viewer (only views have one, and views show no dice to
    come); the hand number; each score 0 or a banked total past the entry threshold, in the
    table's unit; the dice queue; the random source; the turn (`check_turn`, and its total in
    the table's unit).
    """
    count = len(scores)
    if count not in rules.players:
        raise ValueError(f"{rules.name} is played by {min(rules.players)} to {max(rules.players)} players, not {count}")
    if rng is not None and viewer is not None:
        raise ValueError(f"a state with a random source is not a view, but names viewer {viewer!r}")
    if viewer is not None:
        check_seat("viewer", viewer, count)
    if rng is None and rolls:
        raise ValueError(f"a view shows no dice to come, but holds {len(rolls)} in rolls")
    check_seat("player", player, count)
    check_seat("first", first, count)
    if hand < 1:
        raise ValueError(f"hand {hand} is not a turn cycle number from 1")
    unit = score_unit(rules.table)
    for seat, score in enumerate(scores):
        if score < 0 or score % unit or 0 < score < rules.entry:
            raise ValueError(f"seat {seat} has {score} points: not a {rules.entered_total} total")
    check_faces("rolls", rolls, most=len(rolls))
    if rng is not None:
        Rng.check(rng)
    check_turn("turn", turn, rules.table)
    if turn.total % unit:
        raise ValueError(f"turn total {turn.total} is not a multiple of {unit}")


# --- views, futures and notation -------------------------------------------------------------


class DiceState(Protocol):
    """What `dice_view` and `dice_shuffle` need of a dice game's State (an attrs class)."""

    @property
    def rng(self) -> Rng | None: ...

    @property
    def viewer(self) -> int | None: ...

    @property
    def rolls(self) -> tuple[int, ...]: ...

    @property
    def events(self) -> tuple[Event, ...]: ...


D = TypeVar("D", bound=DiceState)
M = TypeVar("M", bound=GameMove)


def dice_view(state: D, player: int | None, players: int) -> D:
    """What `player` (None: a spectator) sees: everything but the dice still to come.

    The dice on the table and every score are public; the `rolls=` queue is emptied and the
    random source dropped, so a view cannot be played or foretell a roll. A view of the view
    for the same seat is the same view; for another seat, a ValueError (`check_viewer`).
    """
    check_viewer(state, player, players)
    return attrs.evolve(  # type: ignore[misc]
        state, rng=None, viewer=player, rolls=(), events=redact_events(state.events, player)
    )


def dice_shuffle(state: D, seed: int) -> D:
    """The same position with another future for the dice (nothing else is hidden): a random
    source from `seed` (never the current one) and a queue of other faces of the same length.
    A view stays the view it is: it holds no future to redraw."""
    if state.rng is None:
        return state
    rolls, rng = redraw_future(state.rolls, state.rng, seed)
    return attrs.evolve(state, rolls=rolls, rng=rng)  # type: ignore[misc]


_FACE_WORDS: Final = frozenset("123456")


def parse_dice_move(text: str, legal: Sequence[M], player: int | None = None, *, keep: Iterable[str] = ("hold",)) -> M:
    """`parse_by_matching`, plus a hold's dice in any order: "hold 5 1" reads as "hold 1 5".

    `keep` are the words read as "hold" (10,000 also takes "keep"); dice may be separated by
    spaces or commas. The seat of `player` or of a "2: ..." prefix is honoured as by
    `parse_by_matching`; text the lenient reading cannot place gets the strict reading's error.
    """
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as strict:
        seat, body = split_seat(text, player)
        words = normalize(body.replace(",", " ")).split()
        verbs = {word.lower() for word in keep}
        if len(words) < 2 or words[0] not in verbs or not all(w in _FACE_WORDS for w in words[1:]):
            raise
        canonical = "hold " + " ".join(sorted(words[1:]))
        try:
            return parse_by_matching(canonical, legal, seat)
        except NotationError:
            raise strict from None


# --- text for renders ------------------------------------------------------------------------


def points_text(points: int) -> str:
    """Points with thousands separators: "10,350"."""
    return f"{points:,}"


def turn_prompt(rules: DiceRules, turn: Turn, *, seat: int, on_board: bool, alternative: str = "") -> str:
    """What the seat to play may do now, in move words (the turn must not be over).

    At the start of a turn: "seat 0 to roll all six dice", plus `alternative` (a move only the
    game has, such as 10,000's take-over) after "or". After a roll: "seat 0 to hold scoring
    dice". After a hold: "seat 0 to roll the 3 remaining dice or bank 350", with hot dice
    "roll all six again"; below the entry threshold, what it needs before it may bank.

    >>> rules = DiceRules(name="x", players=(2,), table=ScoringTable(dice=6, singles=((1, 100),)),
    ...                   entry=500, keep="hold", bust="busts", entered="enters",
    ...                   not_entered="not in", entered_total="entered")
    >>> turn_prompt(rules, Turn(total=200, held=(1, 1)), seat=1, on_board=False)
    'seat 1 to roll the 4 remaining dice (needs 500 in one turn to bank, has 200)'
    >>> turn_prompt(rules, Turn(total=1200), seat=1, on_board=False)
    'seat 1 to roll all six again or bank 1,200'
    """
    dice = rules.table.dice
    match turn_phase(turn, over=False):
        case Phase.START:
            return f"seat {seat} to roll all {_number(dice)} dice" + (f" or {alternative}" if alternative else "")
        case Phase.ROLLED:
            return f"seat {seat} to hold scoring dice"
    left = turn.to_roll(dice)
    again = f"roll all {_number(dice)} again" if turn.is_hot() else f"roll {_dice_left(left)}"
    if turn.can_bank(on_board=on_board, entry=rules.entry):
        return f"seat {seat} to {again} or bank {points_text(turn.total)}"
    needs = f"needs {points_text(rules.entry)} in one turn to bank, has {points_text(turn.total)}"
    return f"seat {seat} to {again} ({needs})"


def _dice_left(count: int) -> str:
    return "the last die" if count == 1 else f"the {count} remaining dice"


def turn_text(turn: Turn) -> str:
    """Where a turn under way stands: its total, the dice set aside since all dice were last
    rolled, and the roll waiting for a hold.

    >>> turn_text(Turn(total=150, held=(1, 5), roll=(2, 3, 3, 6)))
    'turn total 150; set aside 1 5; roll 2 3 3 6'
    >>> turn_text(Turn(total=1500))
    'turn total 1,500; hot dice: none set aside'
    """
    if turn.held:
        aside = f"set aside {faces_text(turn.held)}"
    else:
        aside = "hot dice: none set aside" if turn.total else "none set aside"
    roll = f"; roll {faces_text(turn.roll)}" if turn.roll else ""
    return f"turn total {points_text(turn.total)}; {aside}{roll}"


def seat_lines(
    scores: Sequence[int],
    *,
    entered: str,
    not_entered: str,
    to_act: int | None,
    notes: Sequence[Sequence[str]] = (),
) -> tuple[str, ...]:
    """One line per seat: its score (aligned), whether it has entered the game (a score above
    zero), "to act" for `to_act`, then the game's own `notes` for that seat.

    >>> seat_lines((1250, 0), entered="melded", not_entered="not melded", to_act=1)
    ('seat 0  score 1,250  melded', 'seat 1  score     0  not melded, to act')
    """
    width = max(len(points_text(score)) for score in scores)
    lines = []
    for seat, score in enumerate(scores):
        status = [entered if score > 0 else not_entered]
        if seat == to_act:
            status.append("to act")
        if seat < len(notes):
            status.extend(notes[seat])
        lines.append(f"seat {seat}  score {points_text(score):>{width}}  " + ", ".join(status))
    return tuple(lines)


def result_line(hand: int, scores: Sequence[int], winners: Iterable[int]) -> str:
    """How the game ended: "game over in hand 12: seat 1 wins with 10,350" (ties share).

    >>> result_line(9, (10200, 10200, 350), {0, 1})
    'game over in hand 9: seats 0, 1 share the win with 10,200'
    """
    best = sorted(winners)
    verb = "wins" if len(best) == 1 else "share the win"
    top = max(scores[seat] for seat in best)
    return f"game over in hand {hand}: {seats_text(best)} {verb} with {points_text(top)}"
