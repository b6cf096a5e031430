"""Measures the research adapters on parlour games: action and observation sizes, and speed.

For each game (its short match, ``GameSpec.quick``) it prints the vocabulary size (the action
space), the observation length, the actions an agent takes per move, and how many actions per
second a random agent plays through the PettingZoo environment (observing before each step, as
a learner does) and through the OpenSpiel game, beside the moves per second of plain parlour.

    python examples/adapters_measure.py                       # Hearts, briefly
    python examples/adapters_measure.py --all --seconds 3     # every game (the docs' table)
    python examples/adapters_measure.py gin_rummy scum        # some games

Rates are per second of CPU time (`time.process_time`), so a busy machine slows them less.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

import numpy as np

import parlour
from parlour.adapters.match import Match
from parlour.adapters.openspiel import load
from parlour.adapters.pettingzoo import env


def actions_per_move(name: str, seed: int, moves: int = 300) -> float:
    """The mean number of tokens a random agent picks per move, over `moves` moves."""
    game = parlour.game(name)
    rng, picked, played, seeds = random.Random(seed), 0, 0, itertools.count(seed)
    match = Match.start(game, seed=next(seeds), options=game.quick)
    while played < moves:
        if match.choice is None:
            match = Match.start(game, seed=next(seeds), options=game.quick)
            continue
        before = match.moves
        match = match.pick(rng.choice(match.choice.tokens))
        picked += 1
        played += match.moves - before
    return picked / played


def parlour_rate(name: str, seed: int, seconds: float) -> float:
    """Moves per second of random play on parlour itself."""
    game = parlour.game(name)
    rng, moves, start, seeds = random.Random(seed), 0, time.process_time(), itertools.count(seed)
    state = game.new_game(seed=next(seeds), options=game.quick)
    while time.process_time() - start < seconds:
        if game.is_over(state):
            state = game.new_game(seed=next(seeds), options=game.quick)
            continue
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        moves += 1
    return moves / (time.process_time() - start)


def pettingzoo_rate(name: str, seed: int, seconds: float) -> float:
    """Steps per second of a random masked agent in the PettingZoo environment."""
    table = env(name, seed=seed, options="quick")
    table.reset()
    rng, steps, start = np.random.default_rng(seed), 0, time.process_time()
    while time.process_time() - start < seconds:
        observation, _, terminated, truncated, _ = table.last()
        if terminated or truncated:
            table.reset()
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps / (time.process_time() - start)


def openspiel_rate(name: str, seed: int, seconds: float) -> float:
    """Actions per second of random play on the OpenSpiel game, observing the player to act."""
    game = load(name, options="quick")
    rng, actions, start = random.Random(seed), 0, time.process_time()
    state = game.new_initial_state()
    while time.process_time() - start < seconds:
        if state.is_terminal():
            state = game.new_initial_state()
            continue
        state.observation_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        actions += 1
    return actions / (time.process_time() - start)


def row(name: str, seconds: float, seed: int = 1) -> tuple[str, int, int, float, float, float, float]:
    """(game, tokens, observation length, actions per move, parlour moves/s, PettingZoo
    steps/s, OpenSpiel actions/s)."""
    game = parlour.game(name)
    match = Match.start(game, seed=seed, options=game.quick)
    return (
        name,
        match.vocabulary.size,
        match.layout.size,
        actions_per_move(name, seed),
        parlour_rate(name, seed, seconds),
        pettingzoo_rate(name, seed, seconds),
        openspiel_rate(name, seed, seconds),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("games", nargs="*", default=["hearts"])
    parser.add_argument("--all", action="store_true", help="every registered game")
    parser.add_argument("--seconds", type=float, default=0.2, help="time per speed measure")
    args = parser.parse_args()
    names = parlour.game_names() if args.all else args.games
    print(f"{'game':16} {'tokens':>6} {'obs':>6} {'act/move':>8} {'parlour/s':>9} {'pz/s':>7} {'spiel/s':>7}")
    for name in names:
        game, tokens, size, per_move, plain, zoo, spiel = row(name, args.seconds)
        print(f"{game:16} {tokens:6} {size:6} {per_move:8.2f} {plain:9.0f} {zoo:7.0f} {spiel:7.0f}", flush=True)


if __name__ == "__main__":
    main()
