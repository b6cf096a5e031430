"""The rule-of-thumb bot: a few cheap rules per game family, fair by construction.

`HeuristicBot(seed)` picks the rules of the game's family (`GameSpec.family`): trick games
follow cheaply, shed penalty cards and bid their sure tricks (`tricks`); rummy games keep the
least deadwood and go out when they may (`rummy`); climbing games play the lowest combination
that beats (`shedding`); dice games bank at a threshold that grows with the dice left (`dice`);
Cribbage keeps the hand that counts most (`counting`); every other family prefers the move that
scores now (`scoring`). Each decision reads only ``game.view(state, seat)`` and determinizations
of it, so hidden cards cannot sway it, and costs a few milliseconds. The same seed and the same
calls give the same moves.

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=3)
>>> bot = HeuristicBot(seed=1)
>>> move = bot.choose(hearts, state, 0)
>>> move in hearts.legal_moves(state, 0)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Final

from parlour.bots.heuristic import counting, dice, rummy, scoring, shedding, tricks
from parlour.bots.heuristic.table import Table
from parlour.core.game import Game, GameMove, GameState

__all__ = ["FAMILY_RULES", "HeuristicBot", "from_spec"]

FAMILY_RULES: Final[dict[str, Callable[[Table], GameMove]]] = {
    "tricks": tricks.choose,
    "rummy": rummy.choose,
    "shedding": shedding.choose,
    "dice": dice.choose,
    "counting": counting.choose,
}
"""The rules of thumb by family; the families not named here prefer moves that score now."""


class HeuristicBot:
    """Plays by the rules of thumb of the game's family (see the module docstring)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """The seed given (None: drawn by the operating system)."""
        self._random = random.Random(seed)
        self._memory: set[Hashable] = set()

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed!r})"

    def choose(self, game: Game, state: GameState, player: int) -> GameMove:
        """The move `player` makes, decided from ``game.view(state, player)`` alone; ValueError
        if that seat has no legal move."""
        view = game.view(state, player)
        table = Table(game, view, player, self._random, self._memory)
        if not table.moves:
            raise ValueError(f"seat {player} has no legal move now (to act: {sorted(game.to_act(state))})")
        if len(table.moves) == 1:
            return table.moves[0]
        return FAMILY_RULES.get(game.family, scoring.choose)(table)


def from_spec(seed: int | None, strength: str | None) -> HeuristicBot:
    """The factory behind ``make_bot("heuristic")``; the bot takes no strength."""
    if strength is not None:
        raise ValueError("the heuristic bot takes no strength (write 'heuristic')")
    return HeuristicBot(seed)
