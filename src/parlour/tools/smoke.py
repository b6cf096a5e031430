"""The installed package's smoke test: one seeded short match of every registered game between
random bots, each final state round-tripped through JSON and replayed from its record.

`make dist` runs it in a fresh virtual environment that holds nothing but the built wheel, so a
module or data file missing from the package fails the release, not a user's first import.
Run it from the shell: ``python -m parlour.tools.smoke``.
"""

from __future__ import annotations

import argparse
import sys
import time

import parlour
from parlour.bots import RandomBot, play_game
from parlour.core.game import GameMove, GameState
from parlour.core.record import Record

__all__ = ["smoke"]


def smoke(name: str, seed: int = 1) -> tuple[int, GameState]:
    """Plays one short match of `name` from `seed` and checks it; returns (moves, final state).

    >>> moves, final = smoke("farkle")
    >>> parlour.game("farkle").is_over(final), moves > 0
    (True, True)
    """
    game = parlour.game(name)
    options = game.quick if game.quick is not None else game.options_type()
    record = Record.start(game, seed=seed, options=options)
    state = record.replay()
    players = len(game.scores(state))
    played: list[tuple[GameState, GameMove]] = []
    final = play_game(
        game,
        state,
        [RandomBot(seed * 101 + seat) for seat in range(players)],
        until=lambda now: len(played) >= game.max_plies,
        on_move=lambda before, move, after: played.append((before, move)),
    )
    if parlour.from_json(parlour.to_json(final)) != final:
        raise AssertionError(f"{name}: the final state does not round-trip through JSON")
    for before, move in played:
        record = record.plus(before, move)
    if record.replay() != final:
        raise AssertionError(f"{name}: the record does not replay to the final state")
    return len(played), final


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m parlour.tools.smoke", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to play (default: every registered game)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = args.games or parlour.game_names()
    print(f"parlour {parlour.__version__} from {parlour.__file__}")
    started = time.perf_counter()
    for name in names:
        moves, final = smoke(name, args.seed)
        game = parlour.game(name)
        print(f"{name:18} {moves:6} moves, scores {game.scores(final)}, winners {sorted(game.winners(final))}")
    print(f"{len(names)} games played in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
