"""10,000: push-your-luck dice for 2-8 players with five dice; the first to 10,000 wins at once.

Rule source: the Metzker Book of Card Game Rules, "10,000 (Dice)", with these readings where the
text is silent:

* Four of a kind is the triple's value x2 and five of a kind x4 (four 1s 2,000, five 1s 4,000).
  Both runs 1-2-3-4-5 and 2-3-4-5-6 are straights worth 1,000. Combinations count only within
  one roll; held dice score as the best split into combinations, every held die used.
* A turn scores only once the player has melded: the first bank needs 1,000 in one turn.
* Taking over: after a seat banks, the next seat may `take over` instead of rolling: it inherits
  the banked turn total and rolls the dice that were not held (all five after hot dice). The
  seed's "save it by rolling at least a single five or a one" is read as "the roll scores" (a
  triple saves too); a roll that scores nothing "blew it" and the turn scores 0. A saved
  take-over goes on as a normal turn, and the inherited total counts toward the 1,000 meld.
  The seat that banked keeps its points either way. `takeover_requires_meld` restricts taking
  over to seats that have melded; `save_needs_one_or_five` is the seed's words read literally
  (the first roll of a take-over must show a 1 or a 5, so a lone triple of 2s blows it).
* Who starts is not in the seed: seat 0 starts unless `dealer=` is given, in which case the
  seat to the dealer's left starts. There is no final round: reaching 10,000 ends the game
  (`Options.target` moves the 10,000; the short match of `GAME.quick` plays to 3,000).
* Five dice cannot show six of a kind, and the seed's four and five of a kind (x2, x4) are
  always worth more than any split of the same dice, so held dice simply score their best split.

A roll that scores nothing ends the turn at once inside `apply`. Only the seat whose turn it is
has moves; the dice are public, so a view hides nothing but the dice still to come, and a view
of a seat has exactly that seat's moves. Held dice may be written in any order and with the
seed's verb: "keep 5 1" is "hold 1 5"; a seat prefix says whose move it is ("1: take over").

>>> state = new_game(seed=1, rolls=[1, 2, 3, 4, 5])
>>> state = apply(state, Roll(player=0))
>>> str(legal_moves(state)[-1]), score_dice((1, 1, 1, 1, 5))
('hold 1 2 3 4 5', 2050)
>>> parse_move(state, "keep 5 4 3 2 1", 0) == legal_moves(view(state, 0))[-1]
True
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from functools import cache
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
    check_turn,
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
from parlour.core.seats import replace_at
from parlour.core.values import slot_speed_reads

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "Bank",
    "Hold",
    "Move",
    "Options",
    "Phase",
    "Roll",
    "State",
    "TakeOver",
    "apply",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "phase",
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
DICE: Final = 5
MELD: Final = 1000
"""Points needed in one turn before a score counts."""
TARGET: Final = 10_000
"""The first banked score at or above this wins (the seed's; `Options.target` moves it)."""
QUICK_TARGET: Final = 3_000
"""The target of the short match the generic sweeps play (`GAME.quick`)."""

TABLE: Final = ScoringTable(
    dice=DICE,
    singles=((1, 100), (5, 50)),
    triples=(1000, 200, 300, 400, 500, 600),
    of_a_kind=(
        OfAKind(count=3, times_triple=1),
        OfAKind(count=4, times_triple=2),
        OfAKind(count=5, times_triple=4),
    ),
    straights=(((1, 2, 3, 4, 5), 1000), ((2, 3, 4, 5, 6), 1000)),
)
"""The seed's scoring table."""
RULES: Final = DiceRules(
    name="ten_thousand",
    players=PLAYERS,
    table=TABLE,
    entry=MELD,
    keep="keep",
    bust="",
    entered="melded",
    not_entered=f"not melded: needs {MELD} in one turn to score",
    entered_total="melded",
)
"""The turn machinery's rules and words."""
TAKE_OVER_RULES: Final = attrs.evolve(RULES, bust="blew it")
"""The same for the first roll of a take-over: a roll that scores nothing "blew it"."""
SAVERS: Final = frozenset({1, 5})
"""The faces that save a take-over under `save_needs_one_or_five`."""
KEEP_WORDS: Final = ("hold", "keep")
"""Words read as a hold in move text (the seed says "keep")."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for 10,000. The defaults are the seed's rules."""

    takeover_requires_meld: bool = False
    """Only a seat that has already melded may take over a banked count (a common house rule;
    the seed puts no restriction)."""
    save_needs_one_or_five: bool = False
    """The seed read literally: a take-over is saved only by a first roll showing a 1 or a 5;
    by default any scoring roll (a triple too) saves it."""
    target: int = TARGET
    """The banked score that wins at once: the seed plays to 10,000."""

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules's 10,000 as written in the Metzker book (the defaults)."""
        return cls()

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.target < 1:
            raise ValueError(f"Options.target must be 1 or more, not {self.target}")


# --- moves -----------------------------------------------------------------------------------


@attrs.frozen
class Roll:
    """Roll every die not held (all five at the start of a turn and after hot dice)."""

    player: int

    def __str__(self) -> str:
        return "roll"


@attrs.frozen
class TakeOver:
    """Start the turn with the previous seat's banked total and roll the dice it did not hold."""

    player: int

    def __str__(self) -> str:
        return "take over"


@attrs.frozen
class Hold:
    """Keep scoring dice from the last roll (faces in ascending order)."""

    player: int
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"hold {faces_text(self.dice) if isinstance(self.dice, tuple) else repr(self.dice)}"


@attrs.frozen
class Bank:
    """Stop and score the turn total."""

    player: int

    def __str__(self) -> str:
        return "bank"


Move: TypeAlias = Roll | TakeOver | Hold | Bank
MOVE_TYPES: Final = (Roll, TakeOver, Hold, Bank)


# --- state -----------------------------------------------------------------------------------


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A 10,000 position. A seat has melded exactly when its score is above zero."""

    options: Options
    hand: int
    """Turn cycles: one full round of the table is one hand."""
    scores: tuple[int, ...]
    player: int
    """The seat whose turn it is (after the end: the winner)."""
    first: int
    """The seat that played first; a new hand starts when the turn comes back to it."""
    turn: Turn
    offer: Turn | None = None
    """The count the previous seat just banked, open to take over at the start of this turn."""
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
"""State(options, hand, scores, player, first, turn, offer, over, rolls, rng, viewer, events) for the
hot path (see `builder`)."""
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
    count = require_players("ten_thousand", players, PLAYERS, USUAL_PLAYERS)
    options = require_options("ten_thousand", options, Options)
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
    """The moves of the seat to play (or of seat `player`: none unless it is to play): roll
    (then take over); a hold (by size, then faces); roll (then bank). On a view, the viewer's
    moves."""
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
    """Banked points per seat (0 until a seat melds)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seat that reached 10,000, once the game is over."""
    return frozenset((state.player,)) if state.over else frozenset()


def view(state: State, player: int | None) -> State:
    """What a seat (None: a spectator) sees: everything except the dice still to come."""
    return dice_view(state, player, len(state.scores))


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand (turn cycle), the target and the meld threshold; what the seat to play may do now
    in move words (with the count open to take over: its total and how many dice it leaves), or
    the winner; where the turn stands (total, dice set aside, the roll waiting for a hold); then
    one line per seat with its score and whether it has melded.

    >>> state = new_game(seed=1, rolls=[1, 5, 5, 2, 3, 2, 1])
    >>> state = apply(apply(apply(state, Roll(player=0)), Hold(0, (1, 5, 5))), Roll(player=0))
    >>> print(render(view(state, 1)))
    hand 1, first to bank 10,000 wins; 1,000 to meld
    seat 0 to hold scoring dice
    turn total 200; set aside 1 5 5; roll 1 2
    seat 0  score 0  not melded, to act
    seat 1  score 0  not melded
    """
    head = f"hand {state.hand}, first to bank {points_text(state.options.target)} wins; {points_text(MELD)} to meld"
    lines = [head]
    seat = state.player
    if state.over:
        lines.append(result_line(state.hand, state.scores, winners(state)))
    else:
        offer = state.offer
        alternative = ""
        if offer is not None and _may_take_over(state):
            alternative = f"take over the count of {points_text(offer.total)} with {_dice(offer.to_roll(DICE))}"
        on_board = state.scores[seat] > 0
        lines.append(turn_prompt(RULES, state.turn, seat=seat, on_board=on_board, alternative=alternative))
        if offer is not None:
            banker = (seat - 1) % len(state.scores)
            aside = f"{faces_text(offer.held)} set aside" if offer.held else "hot dice (none set aside)"
            line = f"open count: seat {banker} banked {points_text(offer.total)} with {aside}"
            if not _may_take_over(state):
                line += "; only a seat that has melded may take it over"
            lines.append(line)
        if phase(state) is not Phase.START:
            lines.append(turn_text(state.turn))
    notes = [["wins"] if state.over and s == seat else [] for s in range(len(state.scores))]
    to_act = None if state.over else seat
    lines += seat_lines(state.scores, entered="melded", not_entered="not melded", to_act=to_act, notes=notes)
    return "\n".join(lines)


def _dice(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "roll", "take over", "hold 1 1 5" or "bank" (of seat `player`, or of the seat of a
    "1: take over" prefix). Held dice may come in any order and after "keep": "keep 5 1" is
    "hold 1 5"."""
    return parse_dice_move(text, legal_moves(state), player, keep=KEEP_WORDS)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with another future for the dice (nothing else is hidden); a view
    stays the same view."""
    return dice_shuffle(state, seed)


def check_invariants(state: State) -> None:
    """Raises ValueError for a position no game could reach (also accepts views).

    The turn machinery's laws (`check_position`: seats, viewer, scores, dice, the turn); an open
    count only before the first roll of a turn, banked by the seat before, which holds at least
    that many points; the game over exactly when one seat, the last to play, reached the target.
    """
    check_position(
        RULES, scores=state.scores, player=state.player, first=state.first, hand=state.hand,
        rolls=state.rolls, rng=state.rng, turn=state.turn, viewer=state.viewer,
    )
    if state.offer is not None:
        check_turn("offer", state.offer, TABLE)
        if state.offer.roll or state.offer.total == 0 or state.offer.total % 50:
            raise ValueError("offer: a banked count has a positive total and no waiting roll")
        if phase(state) is not Phase.START:
            raise ValueError("offer: a banked count can be taken over only before the turn's first roll")
        banker = (state.player - 1) % len(state.scores)
        if state.scores[banker] < state.offer.total:
            raise ValueError(
                f"offer: seat {banker} banked {state.offer.total} but has only {state.scores[banker]} points"
            )
    target = state.options.target
    winning = [seat for seat, score in enumerate(state.scores) if score >= target]
    if state.over != bool(winning) or (winning and winning != [state.player]):
        raise ValueError(
            f"the game is over exactly when one seat, the last to play, reached {points_text(target)}"
        )
    if state.over and (state.turn != Turn() or state.offer is not None):
        raise ValueError("the game ends between turns")


def score_dice(dice: Iterable[int]) -> int:
    """The best score of one roll of up to five dice under the seed's table; 0 is a bust.

    >>> score_dice((2, 2, 2, 2, 3)), score_dice((3,) * 5), score_dice((2, 3, 4, 5, 6))
    (400, 1200, 1000)
    """
    faces = tuple(dice)
    check_faces("score_dice", faces, most=DICE)
    return best_score(TABLE, faces)


# --- phases ----------------------------------------------------------------------------------


def _may_take_over(state: State) -> bool:
    if state.offer is None:
        return False
    return not state.options.takeover_requires_meld or state.scores[state.player] > 0


_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=seat) for seat in range(max(PLAYERS)))
"""The event that hands the dice to a seat, by seat (events are values: one object serves all)."""
_NO_TURN: Final = Turn()
"""The turn of a seat that has not rolled yet."""


@cache
def _roll_only(player: int) -> tuple[Move, ...]:
    return (Roll(player),)


@cache
def _roll_or_take_over(player: int) -> tuple[Move, ...]:
    return (Roll(player), TakeOver(player))


@cache
def _roll_or_bank(player: int) -> tuple[Move, ...]:
    return (Roll(player), Bank(player))


@cache
def _hold_moves(player: int, roll: tuple[int, ...]) -> tuple[Move, ...]:
    return tuple(Hold(player, faces) for faces, _ in scoring_holds(TABLE, roll))


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The moves of the seat to play, or none when `only` names another seat (all public)."""
    seat, turn = state.player, state.turn
    if state.over or (only is not None and only != seat):
        return ()
    # The phases of `turn_phase`, tested directly: a roll waits (ROLLED), dice were held (HELD),
    # or the turn has not started (START).
    if turn.roll:
        return _hold_moves(seat, turn.roll)
    if turn.total:
        if turn.total >= MELD or state.scores[seat] > 0:  # `Turn.can_bank` between rolls
            return _roll_or_bank(seat)
        return _roll_only(seat)
    return _roll_or_take_over(seat) if _may_take_over(state) else _roll_only(seat)


def _why_illegal(state: State, move: Move) -> str:
    if type(move.player) is not int or not 0 <= move.player < len(state.scores):
        return f"seat {move.player!r} is not at this table"
    if move.player != state.player:
        return f"it is seat {state.player}'s turn"
    if isinstance(move, Hold) and type(move.dice) is not tuple:
        return "a hold names its dice as a tuple of faces, such as (1, 5)"
    current = phase(state)
    hold = move.dice if isinstance(move, Hold) else None
    why = refusal(RULES, current, state.turn, hold=hold, bank=isinstance(move, Bank))
    if why is not None:
        return why
    if isinstance(move, TakeOver):
        if current is not Phase.START:
            return "a count can be taken over only at the start of a turn"
        if state.offer is None:
            return "the previous seat did not bank a count to take over"
        return "only a seat that has melded may take over (takeover_requires_meld)"
    return "not a move of this turn"


def _apply(state: State, move: Move) -> State:
    assert state.rng is not None  # checked_apply refuses views
    seat, turn = state.player, state.turn
    score, rolls, rng = state.scores[seat], state.rolls, state.rng
    if isinstance(move, Roll):
        step = roll_step(RULES, turn, seat=seat, score=score, rolls=rolls, rng=rng)
    elif isinstance(move, TakeOver):
        # Seed: roll the dice the previous seat did not hold, on its count; scoring nothing "blew it".
        assert state.offer is not None
        step = roll_step(TAKE_OVER_RULES, state.offer, seat=seat, score=score, rolls=rolls, rng=rng)
        saved = step.outcome is Outcome.GOES_ON
        if saved and state.options.save_needs_one_or_five and not SAVERS & set(step.turn.roll):
            # Seed, read literally: "If you do not save it with at least a five or a one ... Blew It".
            lost = Event(EventKind.BUSTS, player=seat, numbers=(state.offer.total,), label=TAKE_OVER_RULES.bust)
            step = attrs.evolve(step, turn=Turn(), events=(*step.events, lost), outcome=Outcome.BUST)
        took = Event(EventKind.TAKES_OVER, player=seat, numbers=(state.offer.total,))
        step = attrs.evolve(step, events=(took, *step.events))
    elif isinstance(move, Hold):
        step = hold_step(RULES, turn, move.dice, seat=seat, score=score, rolls=rolls, rng=rng)
    else:
        step = bank_step(RULES, turn, seat=seat, score=score, rolls=rolls, rng=rng)
    match step.outcome:
        case Outcome.GOES_ON:
            after = _BUILD(
                state.options, state.hand, state.scores, seat, state.first, step.turn, None, False, step.rolls,
                step.rng, None, step.events,
            )
        case Outcome.BUST:
            after = _end_turn(state, step, offer=None)
        case Outcome.BANKED if step.score >= state.options.target:
            # Seed: the first player to get 10,000 or higher wins, at once.
            after = _BUILD(
                state.options, state.hand, replace_at(state.scores, seat, step.score), seat, state.first, _NO_TURN,
                None, True, step.rolls, step.rng, None, (*step.events, Event(EventKind.GAME_OVER, numbers=(seat,))),
            )
        case Outcome.BANKED:
            after = _end_turn(state, step, offer=Turn(total=turn.total, held=turn.held))
    # Fill in the next moves now: a first read of the unset cached property costs more (a failed
    # slot read caught behind the property) than computing them.
    _SET_LEGAL(after, _legal(after, None))
    return after


def _end_turn(state: State, step: Step, *, offer: Turn | None) -> State:
    """Passes the dice clockwise, with the banked count (if any) open to take over."""
    nxt = (state.player + 1) % len(state.scores)
    hand = state.hand + (1 if nxt == state.first else 0)
    return _BUILD(
        state.options, hand, replace_at(state.scores, state.player, step.score), nxt, state.first, _NO_TURN, offer,
        False, step.rolls, step.rng, None, (*step.events, _TO_PLAY[nxt]),
    )


GAME: Final = GameSpec[State, Move, Options](
    name="ten_thousand",
    title="10,000",
    family="dice",
    summary="Five dice: keep scoring dice, roll on or bank, take over a banked count; first to 10,000 wins.",
    players=PLAYERS,
    default_players=USUAL_PLAYERS,
    options_type=Options,
    presets=(("metzker", Options.metzker()),),
    state_type=State,
    move_types=MOVE_TYPES,
    hidden_information=False,
    chance=True,
    max_plies=10_000,
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
)
