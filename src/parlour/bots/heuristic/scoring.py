"""The rule of thumb of the families without one of their own (matching, draw-discard, dominoes,
board, solitaire), and the fallback of every family: prefer the move that scores now.

Each candidate is applied to determinizations of the view; its value is the seat's score gain
(in the game's direction) less half of the best gain the next seat to act could make in reply
(when it has a handful of replies: Cribbage's pegging, a domino line).
Ties are broken by a cheap positional sense (the heaviest domino first) and then by a seeded
draw, so with nothing to score the choice is a seeded random one. Where the legal moves run to
dozens (Jokers Wild, 5 in a Row), a seeded sample of 16 of them is judged.
"""

from __future__ import annotations

from parlour.bots.heuristic.table import Table
from parlour.core.dominoes import Tile
from parlour.core.game import GameMove, GameState

__all__ = ["choose", "score_now"]

REPLY_WEIGHT = 0.5
"""How much of the next seat's best immediate reply counts against a move."""
MOST_REPLIES = 6
"""Past this many replies open to the next seat, replies are not looked at."""
MANY_MOVES = 8
"""With more candidates than this, one determinization and no replies keep a decision cheap."""


def positional(move: GameMove) -> float:
    """A small tie-breaker: the pips of a domino played (shed the heaviest tile first)."""
    tile = getattr(move, "tile", None)
    return float(tile.a + tile.b) / 100 if isinstance(tile, Tile) else 0.0


def _reply(table: Table, state: GameState) -> float:
    """The best immediate gain of the next seat to act in `state`, if it is another seat with
    few moves (past `MOST_REPLIES`, replies are not looked at: they would cost too much)."""
    game = table.game
    if game.is_over(state):
        return 0.0
    seat = min(game.to_act(state))
    if seat == table.player:
        return 0.0
    replies = game.legal_moves(state, seat)
    if len(replies) > MOST_REPLIES:
        return 0.0
    return max((table.gain(state, game.apply(state, reply), seat) for reply in replies), default=0.0)


def score_now(table: Table, move: GameMove, samples: int, replies: bool) -> float:
    """The mean over `samples` determinizations of the move's gain, less the weighted best
    reply if `replies`, plus the positional tie-breaker."""
    total = 0.0
    for index in range(samples):
        before = table.sample(index)
        after = table.game.apply(before, move)
        total += table.gain(before, after) - (REPLY_WEIGHT * _reply(table, after) if replies else 0.0)
    return total / samples + positional(move)


def choose(table: Table, moves: tuple[GameMove, ...] | None = None) -> GameMove:
    """The move (of `moves`, default all legal ones) that scores most now."""
    candidates = table.moves if moves is None else moves
    if len(candidates) == 1:
        return candidates[0]
    few = len(candidates) <= MANY_MOVES and table.players > 1
    return table.best(table.shortlist(candidates), lambda move: score_now(table, move, 2 if few else 1, few))
