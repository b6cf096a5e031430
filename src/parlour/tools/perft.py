"""Perft: the number of distinct move sequences of a given length from a position.

As chess engines count the leaf nodes of the move tree to a fixed depth, a game's perft count
from a fixed deal pins down its move generation: a changed rule (a card that may no longer be
led, a bid added, a move missing) changes the count even where random play and golden games
would not notice. Chance inside `apply` comes from the state's own random source, so the tree
below a position is fixed. Lines that end the game early contribute nothing at greater depth.

>>> import parlour
>>> scum = parlour.game("scum")
>>> perft(scum, scum.new_game(seed=1), 2)
57

Run it from the shell: ``python -m parlour.tools.perft scum --seed 1 --depth 3``.
"""

from __future__ import annotations

import argparse

from parlour.core.game import Game, GameState

__all__ = ["perft"]


def perft(spec: Game, state: GameState, depth: int) -> int:
    """The number of move sequences of exactly `depth` moves from `state`."""
    if depth < 0:
        raise ValueError(f"depth must be at least 0, not {depth}")
    if depth == 0:
        return 1
    legal = spec.legal_moves(state)
    if depth == 1:
        return len(legal)
    return sum(perft(spec, spec.apply(state, move), depth - 1) for move in legal)


def main(argv: list[str] | None = None) -> None:
    import parlour

    parser = argparse.ArgumentParser(prog="python -m parlour.tools.perft", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=parlour.game_names())
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=3)
    args = parser.parse_args(argv)
    spec = parlour.game(args.game)
    state = spec.new_game(seed=args.seed)
    for depth in range(1, args.depth + 1):
        print(f"{args.game} seed={args.seed} depth {depth}: {perft(spec, state, depth)}")


if __name__ == "__main__":
    main()
