"""Farkle: push-your-luck dice for 2-8 players with six dice, to 10,000 points.

Rule source: the one-page Farkle Rules sheet, "FARKLE RULES", with these readings where the
sheet is silent:

* A set of held dice scores as the best split of those dice into the table's combinations, and
  every held die must belong to one. Four or five of a kind are not combinations here: four 5s
  are a triple (500) and a single 5 (50).
* Six equal dice held together are six of a kind, 1,000, as the sheet's table says ("All six
  dice the same 1,000"), even where two triples would be worth more (six 1s, six 6s). Holding
  fewer of them is another hold: five 1s are a triple and two singles, 1,200.
  `six_of_a_kind_split` scores six equal dice as their best split instead (six 1s 2,000,
  six 6s 1,200).
* Four of a kind plus a pair counts as three pairs (option `four_plus_pair_is_three_pairs`).
* Reaching 10,000 gives every other seat one last turn; the highest total wins and ties share.
  The sheet's continuation ("each time anyone beats the high scorer" the others get another
  turn) is `Options.final_round = until_unbeaten`. `Options.target` moves the 10,000 (the
  short match of `GAME.quick` plays to 2,000).
* Who starts is not in the sheet: seat 0 starts unless `dealer=` is given, in which case the
  seat to the dealer's left starts. No three-farkle penalty (not in the sheet).

A roll that scores nothing (a farkle) ends the turn at once inside `apply`, so every roll the
player sees has at least one scoring hold. Only the seat whose turn it is has moves; the dice
are public, so a view hides nothing but the dice still to come, and a view of a seat has
exactly that seat's moves. Holds may be written with the dice in any order ("hold 5 1"), and
with a seat ("0: hold 1 5").

>>> state = new_game(seed=1, rolls=[1, 1, 1, 5, 2, 3])
>>> state = apply(state, Roll(player=0))
>>> [str(m) for m in legal_moves(state)][-2:]
['hold 1 1 5', 'hold 1 1 1 5']
>>> legal_moves(view(state, 0)) == legal_moves(state, 0), legal_moves(state, 1)
(True, ())
>>> parse_move(state, "0: hold 5 1 1 1")
Hold(player=0, dice=(1, 1, 1, 5))
>>> score_dice((1, 1, 1, 5, 2, 3)), score_dice((2, 3, 3, 4, 6, 6)), score_dice((6,) * 6)
(1050, 0, 1000)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from functools import cache
from random import Random
from typing import Final, TypeAlias

import attrs

from parlour.core.dice import (
    DiceRules,
    OfAKind,
    Outcome,
    Phase,
    ScoringTable,
    Step,
    Turn,
    bank_step,
    best_score,
    check_faces,
    check_position,
    dice_shuffle,
    dice_view,
    faces_text,
    hold_step,
    opening,
    parse_dice_move,
    points_text,
    refusal,
    result_line,
    roll_step,
    scoring_holds,
    seat_lines,
    turn_phase,
    turn_prompt,
    turn_text,
)
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.options import check_option_types
from parlour.core.rng import Rng
from parlour.core.seats import check_seat, replace_at
from parlour.core.text import seats_text
from parlour.core.values import slot_speed_reads

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "Bank",
    "FinalRound",
    "Hold",
    "Move",
    "Options",
    "Phase",
    "Roll",
    "State",
    "apply",
    "bank_threshold",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "phase",
    "playout",
    "render",
    "score_dice",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# --- rules as data ---------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
USUAL_PLAYERS: Final = 2
DICE: Final = 6
ENTRY: Final = 500
"""Points needed in one turn to get on the board."""
TARGET: Final = 10_000
"""Reaching this total starts the final round (the sheet's; `Options.target` moves it)."""
QUICK_TARGET: Final = 2_000
"""The target of the short match the generic sweeps play (`GAME.quick`)."""


def _table(pairs: bool, split: bool) -> ScoringTable:
    """The sheet's table: four of a kind with a pair as three pairs or not, six of a kind whole
    (1,000) or split into its best combinations."""
    return ScoringTable(
        dice=DICE,
        singles=((1, 100), (5, 50)),
        triples=(1000, 200, 300, 400, 500, 600),
        of_a_kind=(OfAKind(count=3, times_triple=1), OfAKind(count=6, flat=1000, whole=not split)),
        straights=(((1, 2, 3, 4, 5, 6), 1000),),
        three_pairs=1000,
        four_and_pair_as_pairs=pairs,
    )


TABLES: Final = {(pairs, split): _table(pairs, split) for pairs in (True, False) for split in (False, True)}
"""The scoring table, by the options (`four_plus_pair_is_three_pairs`, `six_of_a_kind_split`)."""
RULES: Final = {
    key: DiceRules(
        name="farkle",
        players=PLAYERS,
        table=table,
        entry=ENTRY,
        keep="hold",
        bust="farkle",
        entered="",
        not_entered=f"not on the board: needs {ENTRY} in one turn to bank",
        entered_total="bankable",
    )
    for key, table in TABLES.items()
}
"""The turn machinery's rules and words, keyed as `TABLES`."""


class FinalRound(enum.Enum):
    """What happens after someone reaches 10,000."""

    SINGLE = "single"
    """Every other seat has one last turn; then the highest total wins."""
    UNTIL_UNBEATEN = "until_unbeaten"
    """As single, but whenever a seat beats the high score every other seat gets one more turn."""


@slot_speed_reads
@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Farkle. The defaults are the seed's sheet."""

    final_round: FinalRound = FinalRound.SINGLE
    """The end of the game: one last turn each, or more turns while the high score is beaten."""
    four_plus_pair_is_three_pairs: bool = True
    """Four of a kind with a pair scores as three pairs (1,000)."""
    six_of_a_kind_split: bool = False
    """Six equal dice held together score their best split when that beats six of a kind's
    1,000 (two triples: six 1s 2,000, six 6s 1,200). Off by default: the sheet's table prices
    "all six dice the same" at 1,000."""
    target: int = TARGET
    """The score whose reaching starts the final round: the sheet plays to 10,000."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.target < 1:
            raise ValueError(f"Options.target must be 1 or more, not {self.target}")

    @classmethod
    def hoyle(cls) -> Options:
        """The one-page Farkle Rules sheet's FARKLE RULES sheet (the defaults): one last turn each after 10,000."""
        return cls()

    # Cached (in a slot, not a field: no part of eq, hash or JSON) because every move reads them.
    @functools.cached_property
    def table(self) -> ScoringTable:
        """The scoring table these options select."""
        return TABLES[self.four_plus_pair_is_three_pairs, self.six_of_a_kind_split]

    @functools.cached_property
    def rules(self) -> DiceRules:
        """The turn machinery's rules these options select."""
        return RULES[self.four_plus_pair_is_three_pairs, self.six_of_a_kind_split]


# --- moves -----------------------------------------------------------------------------------


@attrs.frozen
class Roll:
    """Roll every die not set aside (all six at the start of a turn and after hot dice)."""

    player: int

    def __str__(self) -> str:
        return "roll"


@attrs.frozen
class Hold:
    """Set aside scoring dice from the last roll (faces in ascending order)."""

    player: int
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"hold {faces_text(self.dice) if isinstance(self.dice, tuple) else repr(self.dice)}"


@attrs.frozen
class Bank:
    """Stop and add the turn total to the score."""

    player: int

    def __str__(self) -> str:
        return "bank"


Move: TypeAlias = Roll | Hold | Bank
MOVE_TYPES: Final = (Roll, Hold, Bank)


# --- state -----------------------------------------------------------------------------------


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Farkle position. A seat is on the board exactly when its score is above zero."""

    options: Options
    hand: int
    """Turn cycles: one full round of the table is one hand."""
    scores: tuple[int, ...]
    player: int
    """The seat whose turn it is (after the end: the seat that played last)."""
    first: int
    """The seat that played first; a new hand starts when the turn comes back to it."""
    turn: Turn
    final: bool = False
    """Someone has reached the target: the final round is on."""
    owed: frozenset[int] = frozenset()
    """Seats still to play a last turn in the final round (not the seat playing now)."""
    over: bool = False
    rolls: tuple[int, ...] = ()
    """Fixed die faces still to come before the random source (emptied in views)."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: the seat to play's in a real state, the viewer's (if it is to play)
        in a view; a spectator's view has none."""
        if self.rng is not None:
            return _legal(self, None)
        return () if self.viewer is None else _legal(self, self.viewer)


_BUILD: Final = builder(State)
"""State(options, hand, scores, player, first, turn, final, owed, over, rolls, rng, viewer, events)
for the hot path (see `builder`)."""
_SET_LEGAL: Final = cached_setter(State, "legal")
"""Fills in a new state's `legal` (see `cached_setter`): `_apply` hands on the moves it computed."""


# --- public API ------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    rolls: Sequence[int] | None = None,
    dealer: int | None = None,
) -> State:
    """A new game. Seat 0 rolls first, or the seat left of `dealer` when one is given.

    `rolls` are die faces to come, in order, before the seeded dice take over: a list or tuple
    of whole numbers 1..6 (anything else is a ValueError naming the bad entry).
    """
    count = require_players("farkle", players, PLAYERS, USUAL_PLAYERS)
    options = require_options("farkle", options, Options)
    start = opening(count, seed=seed, rolls=rolls, dealer=dealer)
    return State(
        options=options,
        hand=1,
        scores=(0,) * count,
        player=start.first,
        first=start.first,
        turn=Turn(),
        rolls=start.rolls,
        rng=start.rng,
        events=(Event(EventKind.TO_PLAY, player=start.first),),
    )


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The moves of the seat to play (or of seat `player`: none unless it is to play): roll; a
    hold (by size, then faces); roll or bank. On a view, the viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.scores), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def phase(state: State) -> Phase:
    """Where the current turn stands."""
    return turn_phase(state.turn, over=state.over)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.over else frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.over


def scores(state: State) -> tuple[int, ...]:
    """Banked points per seat."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seats with the highest total once the game is over (ties share)."""
    if not state.over:
        return frozenset()
    top = max(state.scores)
    return frozenset(seat for seat, score in enumerate(state.scores) if score == top)


def view(state: State, player: int | None) -> State:
    """What a seat (None: a spectator) sees: everything except the dice still to come."""
    return dice_view(state, player, len(state.scores))


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand (turn cycle), the target and the entry threshold; the final round once someone
    has reached 10,000 (who did, who plays a last turn now and who is still owed one); what the
    seat to play may do now in move words, or the winners; where the turn stands (total, dice
    set aside, the roll waiting for a hold); then one line per seat with its score, whether it
    is on the board, and who won.

    >>> state = apply(new_game(seed=1, rolls=[1, 1, 5, 2, 3, 4]), Roll(player=0))
    >>> print(render(view(state, 1)))
    hand 1, game to 10,000; 500 in one turn to get on the board
    seat 0 to hold scoring dice
    turn total 0; none set aside; roll 1 1 2 3 4 5
    seat 0  score 0  not on the board, to act
    seat 1  score 0  not on the board
    """
    target = points_text(state.options.target)
    head = f"hand {state.hand}, game to {target}; {points_text(ENTRY)} in one turn to get on the board"
    lines = [head]
    if state.final and not state.over:
        lines += _render_final(state)
    seat = state.player
    if state.over:
        lines.append(result_line(state.hand, state.scores, winners(state)))
    else:
        lines.append(turn_prompt(state.options.rules, state.turn, seat=seat, on_board=state.scores[seat] > 0))
        if phase(state) is not Phase.START:
            lines.append(turn_text(state.turn))
    notes = [["wins"] if state.over and s in winners(state) else [] for s in range(len(state.scores))]
    to_act = None if state.over else seat
    lines += seat_lines(
        state.scores, entered="on the board", not_entered="not on the board", to_act=to_act, notes=notes
    )
    return "\n".join(lines)


def _render_final(state: State) -> list[str]:
    """The final-round lines of `render`: who reached the target, who plays now, who is still
    owed a last turn, and under `until_unbeaten` what beating the high score does."""
    count = len(state.scores)
    target = state.options.target
    reached = [s for s, score in enumerate(state.scores) if score >= target]
    top = points_text(max(state.scores))
    later = [s for s in ((state.player + ahead) % count for ahead in range(1, count)) if s in state.owed]
    then = f"then {seats_text(later)}" if later else "the last of the game"
    lines = [
        f"final round: {seats_text(reached)} reached {points_text(target)} (high score {top}); "
        f"last turns: seat {state.player} now, {then}"
    ]
    if state.options.final_round is FinalRound.UNTIL_UNBEATEN:
        lines.append(f"a bank past {top} gives everyone else one more turn")
    return lines


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "roll", "hold 1 1 5" or "bank" (of seat `player`, or of the seat of a "0: roll"
    prefix). A hold's dice may come in any order: "hold 5 1" is "hold 1 5"."""
    return parse_dice_move(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with another future for the dice (nothing else is hidden); a view
    stays the same view."""
    return dice_shuffle(state, seed)


def check_invariants(state: State) -> None:
    """Raises ValueError for a position no game could reach (also accepts views).

    The turn machinery's laws (`check_position`: seats, viewer, scores, dice, the turn), then the
    final round's: it is on exactly when someone has reached the target, only then are last
    turns owed, never to the seat playing nor to a seat holding the high score (every owed seat
    has not played since someone went past it), and the game ends only after it, between turns.
    """
    check_position(
        state.options.rules, scores=state.scores, player=state.player, first=state.first, hand=state.hand,
        rolls=state.rolls, rng=state.rng, turn=state.turn, viewer=state.viewer,
    )
    count = len(state.scores)
    for seat in state.owed:
        check_seat("owed", seat, count)
    if state.player in state.owed:
        raise ValueError(f"seat {state.player} is playing and still owed a last turn")
    if state.owed and not state.final:
        raise ValueError("last turns are owed but no final round is on")
    top = max(state.scores)
    if state.final != (top >= state.options.target):
        raise ValueError(f"the final round is on exactly when someone has reached {points_text(state.options.target)}")
    for seat in sorted(state.owed):
        if state.scores[seat] == top:
            raise ValueError(f"seat {seat} holds the high score {points_text(top)} but is owed a last turn")
    if state.over and (not state.final or state.owed or state.turn != Turn()):
        raise ValueError("the game ends only after the final round, between turns")


def score_dice(dice: Iterable[int], options: Options | None = None) -> int:
    """The best hold of one roll of up to six dice under the sheet's table (or `options`'s);
    0 is a farkle.

    Six equal dice held together are 1,000; a part of them may score more (five 1s: 1,200).

    >>> score_dice((5, 5, 5, 5, 2, 3)), score_dice((2, 2, 2, 2, 3, 3)), score_dice((6,) * 6)
    (550, 1000, 1000)
    >>> score_dice((6,) * 6, Options(six_of_a_kind_split=True)), score_dice((1,) * 6)
    (1200, 1200)
    """
    faces = tuple(dice)
    check_faces("score_dice", faces, most=DICE)
    table = require_options("farkle", options, Options).table
    return best_score(table, faces)


# --- phases ----------------------------------------------------------------------------------


_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=seat) for seat in range(max(PLAYERS)))
"""The event that hands the dice to a seat, by seat (events are values: one object serves all)."""
_NO_TURN: Final = Turn()
"""The turn of a seat that has not rolled yet."""


@cache
def _roll_only(player: int) -> tuple[Move, ...]:
    return (Roll(player),)


@cache
def _roll_or_bank(player: int) -> tuple[Move, ...]:
    return (Roll(player), Bank(player))


@cache
def _hold_moves(player: int, roll: tuple[int, ...], table: ScoringTable) -> tuple[Move, ...]:
    return tuple(Hold(player, faces) for faces, _ in scoring_holds(table, roll))


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The moves of the seat to play, or none when `only` names another seat (all public)."""
    seat, turn = state.player, state.turn
    if state.over or (only is not None and only != seat):
        return ()
    # The phases of `turn_phase`, tested directly: a roll waits (ROLLED), dice were held (HELD),
    # or the turn has not started (START).
    if turn.roll:
        return _hold_moves(seat, turn.roll, state.options.table)
    if turn.total and (turn.total >= ENTRY or state.scores[seat] > 0):  # `Turn.can_bank` between rolls
        return _roll_or_bank(seat)
    return _roll_only(seat)


def _why_illegal(state: State, move: Move) -> str:
    if type(move.player) is not int or not 0 <= move.player < len(state.scores):
        return f"seat {move.player!r} is not at this table"
    if move.player != state.player:
        return f"it is seat {state.player}'s turn"
    if isinstance(move, Hold) and type(move.dice) is not tuple:
        return "a hold names its dice as a tuple of faces, such as (1, 5)"
    hold = move.dice if isinstance(move, Hold) else None
    why = refusal(state.options.rules, phase(state), state.turn, hold=hold, bank=isinstance(move, Bank))
    return why or "not a move of this turn"


def _apply(state: State, move: Move) -> State:
    assert state.rng is not None  # checked_apply refuses views
    rules, seat, turn = state.options.rules, state.player, state.turn
    score, rolls, rng = state.scores[seat], state.rolls, state.rng
    if isinstance(move, Roll):
        # A roll that scores nothing is a farkle: the turn total is lost and the dice pass on.
        step = roll_step(rules, turn, seat=seat, score=score, rolls=rolls, rng=rng)
    elif isinstance(move, Hold):
        step = hold_step(rules, turn, move.dice, seat=seat, score=score, rolls=rolls, rng=rng)
    else:
        step = bank_step(rules, turn, seat=seat, score=score, rolls=rolls, rng=rng)
    match step.outcome:
        case Outcome.GOES_ON:
            after = _BUILD(
                state.options, state.hand, state.scores, seat, state.first, step.turn, state.final, state.owed,
                False, step.rolls, step.rng, None, step.events,
            )
        case Outcome.BUST:
            after = _end_turn(state, step, step.events, final=state.final, owed=state.owed)
        case Outcome.BANKED:
            after = _after_bank(state, step)
    # Fill in the next moves now: a first read of the unset cached property costs more (a failed
    # slot read caught behind the property) than computing them.
    _SET_LEGAL(after, _legal(after, None))
    return after


def _after_bank(state: State, step: Step) -> State:
    """Starts or extends the final round when the bank reaches 10,000 or beats the high score."""
    seat, after = state.player, step.score
    events = step.events
    final, owed = state.final, state.owed
    if not final and after >= state.options.target:
        # Seed: once someone scores 10,000 the remaining players have one last turn.
        final, owed = True, _others(state)
        events = (*events, Event(EventKind.NOTE, label="final round: everyone else has one last turn"))
    elif final and state.options.final_round is FinalRound.UNTIL_UNBEATEN and after > _high(state):
        # Seed's continuation: each time anyone beats the high scorer, everyone else plays again.
        owed = _others(state)
        note = "beats the high score: everyone else has one more turn"
        events = (*events, Event(EventKind.NOTE, player=seat, label=note))
    return _end_turn(state, step, events, final=final, owed=owed)


def _others(state: State) -> frozenset[int]:
    """Every seat but the one playing."""
    return frozenset(range(len(state.scores))) - {state.player}


def _high(state: State) -> int:
    """The high score of the other seats."""
    return max(score for other, score in enumerate(state.scores) if other != state.player)


def _end_turn(state: State, step: Step, events: tuple[Event, ...], *, final: bool, owed: frozenset[int]) -> State:
    """Passes the dice clockwise (in the final round, to the next seat still owed a turn).

    `events` are the turn's last events, `final` whether the final round is on and `owed` the
    seats owed a last turn, all as this turn leaves them (a bank may start the final round).
    """
    new_scores = replace_at(state.scores, state.player, step.score)
    count = len(new_scores)
    if final:
        if not owed:
            top = max(new_scores)
            won = tuple(s for s, score in enumerate(new_scores) if score == top)
            return _BUILD(
                state.options, state.hand, new_scores, state.player, state.first, _NO_TURN, True, owed, True,
                step.rolls, step.rng, None, (*events, Event(EventKind.GAME_OVER, numbers=won)),
            )
        nxt = next(s for s in ((state.player + ahead) % count for ahead in range(1, count)) if s in owed)
        owed = owed - {nxt}
    else:
        nxt = (state.player + 1) % count
    hand = state.hand + (1 if _passes(state.player, nxt, state.first, count) else 0)
    return _BUILD(
        state.options, hand, new_scores, nxt, state.first, _NO_TURN, final, owed, False, step.rolls, step.rng,
        None, (*events, _TO_PLAY[nxt]),
    )


def _passes(current: int, nxt: int, first: int, count: int) -> bool:
    """Whether moving the turn clockwise from `current` to `nxt` reaches or passes `first`."""
    return (first - current - 1) % count <= (nxt - current - 1) % count


# --- playouts --------------------------------------------------------------------------------


def bank_threshold(dice_left: int) -> int:
    """The turn total at which the playout policy banks with `dice_left` dice to roll: 300 with
    one or two, doubling with each die past two.

    >>> [bank_threshold(n) for n in range(1, 7)]
    [300, 300, 600, 1200, 2400, 4800]
    """
    return 300 << max(0, dice_left - 2)


def playout(state: State, moves: tuple[Move, ...], random: Random | None = None) -> Move:
    """The banking rule of thumb, for search bots' playouts (`GameSpec.playout`): bank once the
    turn total reaches `bank_threshold` of the dice left, or when the bank reaches the target
    ahead of every other score; of the holds, the highest total among those that reach the
    threshold, else the one that leaves the most dice to roll (all six after hot dice), then the
    highest total. `moves` are the legal moves of the seat to act."""
    turn, seat = state.turn, state.player
    first = moves[0]
    if isinstance(first, Hold):
        values = dict(scoring_holds(state.options.table, turn.roll))
        free = DICE - len(turn.held)
        best, best_key = first, (-1, -1, -1)
        for move in moves:
            if not isinstance(move, Hold):
                continue
            total = turn.total + values.get(move.dice, 0)
            left = free - len(move.dice) or DICE
            reaches = total >= bank_threshold(left)
            key = (1, total, left) if reaches else (0, left, total)
            if key > best_key:
                best, best_key = move, key
        return best
    bank = next((move for move in moves if isinstance(move, Bank)), None)
    if bank is None:
        return first
    banked = state.scores[seat] + turn.total
    ahead = all(banked > score for other, score in enumerate(state.scores) if other != seat)
    if turn.total >= bank_threshold(DICE - len(turn.held)) or (banked >= state.options.target and ahead):
        return bank
    return first


GAME: Final = GameSpec[State, Move, Options](
    name="farkle",
    title="Farkle",
    family="dice",
    summary="Six dice: set aside scoring dice, roll on or bank; first past 10,000 triggers a last round.",
    players=PLAYERS,
    default_players=USUAL_PLAYERS,
    options_type=Options,
    presets=(("hoyle", Options.hoyle()),),
    state_type=State,
    move_types=MOVE_TYPES,
    hidden_information=False,
    chance=True,
    max_plies=5_000,
    quick=Options(target=QUICK_TARGET),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_act=to_act,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    parse_move=parse_move,
    check_invariants=check_invariants,
    shuffle_unseen=shuffle_unseen,
    render=render,
    playout=playout,
    playout_to_end=True,
)
