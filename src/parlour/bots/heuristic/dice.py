"""The rule of thumb of the dice games: always take scoring dice, keep dice to roll, and bank at
a threshold that grows with the dice left to roll.

What a move does is read by applying it to a determinization: a hold's turn total from its
turn-total event, the dice left from the roll that would follow, and a bank's worth from the
score it adds. The bot banks once the turn total reaches `bank_threshold(dice left)` (300 with
one or two dice left, doubling with each die past two: 600, 1200, 2400, ...) or when banking
wins the game. Choosing dice to hold, it takes the hold with the highest total among those that
reach the threshold; if none does, the hold that leaves the most dice to roll (a full set again
after hot dice), then the highest total. Taking over the previous turn (10,000) is done when
the total taken over reaches 300.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.bots.heuristic import scoring
from parlour.bots.heuristic.table import Table, type_name
from parlour.core.events import EventKind
from parlour.core.game import GameMove, GameState

__all__ = ["bank_threshold", "choose"]

TAKE_OVER = 300
"""The turn total worth taking over."""


def bank_threshold(dice_left: int) -> int:
    """The turn total at which to bank with `dice_left` dice still to roll.

    >>> [bank_threshold(n) for n in range(1, 7)]
    [300, 300, 600, 1200, 2400, 4800]
    """
    return int(300 * 2 ** max(0, dice_left - 2))


def _turn_total(state: GameState) -> int | None:
    """The turn total an event of the last move reports."""
    for event in state.events:
        if event.kind is EventKind.TURN_TOTAL and event.numbers:
            return event.numbers[0]
    return None


def _dice_to_roll(table: Table, state: GameState) -> int:
    """How many dice this seat would roll next in `state` (0 if it cannot roll)."""
    rolls = [m for m in table.my_moves(state) if type_name(m) == "Roll"]
    if not rolls:
        return 0
    after = table.game.apply(state, rolls[0])
    return max((len(e.numbers) for e in after.events if e.kind is EventKind.ROLLS), default=0)


def _banking_wins(table: Table, state: GameState, bank: GameMove) -> bool:
    after = table.game.apply(state, bank)
    return table.game.is_over(after) and table.player in table.game.winners(after)


def _hold(table: Table, holds: Sequence[GameMove]) -> GameMove:
    state = table.sample()
    outcomes = {}
    for move in holds:
        after = table.game.apply(state, move)
        outcomes[move] = (_turn_total(after) or 0, _dice_to_roll(table, after))
    banking = [m for m in holds if outcomes[m][0] >= bank_threshold(outcomes[m][1])]
    if banking:
        return table.best(banking, lambda m: float(outcomes[m][0]))
    return table.best(holds, lambda m: outcomes[m][1] * 10_000.0 + outcomes[m][0])


def choose(table: Table) -> GameMove:
    """The dice move for this decision."""
    moves = table.moves
    if len(moves) == 1:
        return moves[0]
    holds = [m for m in moves if type_name(m) == "Hold"]
    if holds:
        return _hold(table, holds)
    by_name = {type_name(m): m for m in moves}
    state = table.sample()
    if "TakeOver" in by_name:
        total = _turn_total(table.game.apply(state, by_name["TakeOver"]))
        if total is not None and total >= TAKE_OVER:
            return by_name["TakeOver"]
        moves = tuple(m for m in moves if type_name(m) != "TakeOver")
    if "Bank" in by_name and "Roll" in by_name:
        bank = by_name["Bank"]
        banked = table.gain(state, table.game.apply(state, bank))
        if banked >= bank_threshold(_dice_to_roll(table, state)) or _banking_wins(table, state, bank):
            return bank
        return by_name["Roll"]
    return scoring.choose(table, moves)
