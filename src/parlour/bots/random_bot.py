"""The `Bot` protocol and the simplest bot: a uniform choice among a seat's legal moves."""

from __future__ import annotations

import random
from typing import Protocol

from parlour.core.game import Game, GameMove, GameState

__all__ = ["Bot", "RandomBot", "moves_of"]


class Bot(Protocol):
    """A player: given a game, a state and a seat that may act, returns one of its legal moves.

    The state is the full state; a fair bot looks only at ``game.view(state, player)``.
    """

    def choose(self, game: Game, state: GameState, player: int) -> GameMove:
        """The move `player` makes in `state`."""
        ...


def moves_of(game: Game, state: GameState, player: int) -> tuple[GameMove, ...]:
    """The legal moves of one seat (several seats may act at once)."""
    return tuple(move for move in game.legal_moves(state) if move.player == player)


class RandomBot:
    """Picks uniformly among the seat's legal moves; the same seed and calls give the same moves.

    It needs no hidden information, so it plays fairly on the full state.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        """The seed given (None: drawn by the operating system)."""
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"

    def choose(self, game: Game, state: GameState, player: int) -> GameMove:
        """A uniformly random legal move of `player`; ValueError if that seat has none."""
        moves = moves_of(game, state, player)
        if not moves:
            raise ValueError(f"seat {player} has no legal move now (to act: {sorted(game.to_act(state))})")
        return moves[self._random.randrange(len(moves))]
