"""Plays a whole game with random bots and prints the result: any game, through the registry.

    python examples/random_game.py              # Hearts, seed 1
    python examples/random_game.py farkle 7     # another game and seed
"""

from __future__ import annotations

import sys

import parlour
from parlour.bots import RandomBot


def play(name: str, seed: int) -> None:
    """One game of `name` between random bots, narrating each hand's end."""
    game = parlour.game(name)
    state = game.new_game(seed=seed)
    players = len(game.scores(state))
    bots = [RandomBot(seed=seed * 100 + seat) for seat in range(players)]
    moves = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))  # where several seats may act, any order is fine
        hand = state.hand
        state = game.apply(state, bots[seat].choose(game, state, seat))
        moves += 1
        if state.hand != hand:
            print(f"after hand {hand}: scores {game.scores(state)}")
    print(f"{game.title}: {moves} moves, {state.hand} hand(s), final scores {game.scores(state)}")
    print("winners:", ", ".join(f"seat {seat}" for seat in sorted(game.winners(state))))


if __name__ == "__main__":
    play(sys.argv[1] if len(sys.argv) > 1 else "hearts", int(sys.argv[2]) if len(sys.argv) > 2 else 1)
