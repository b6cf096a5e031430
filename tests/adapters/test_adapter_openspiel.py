"""The OpenSpiel game of every parlour game (`parlour.adapters.openspiel`)."""

from __future__ import annotations

import os
import random

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]

import parlour
from parlour.adapters.match import Match
from parlour.adapters.openspiel import ParlourGame, load, short_name

WHOLE_GAMES = os.environ.get("PARLOUR_SWEEP_FULL", "") == "1"
"""`make test-thorough` plays every game's random simulations to the end."""


@pytest.mark.parametrize("name", parlour.game_names())
def test_openspiel_random_simulation_test_passes(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """OpenSpiel's own random-simulation test, on a game cut short after a dozen moves (whole
    short matches under `make test-thorough`, and below for a few small games). The deals
    counted show that it really drives the Python game."""
    deals: list[Match] = []
    deal = ParlourGame.deal

    def counted(self: ParlourGame) -> Match:
        deals.append(deal(self))
        return deals[-1]

    monkeypatch.setattr(ParlourGame, "deal", counted)
    game = load(name, options="quick", seed=1, max_moves=0 if WHOLE_GAMES else 12)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    assert deals and all(match.game.name == name for match in deals)


@pytest.mark.parametrize("name", ["monte_carlo", "thirty_one", "farkle"])
def test_openspiel_random_simulation_test_passes_over_whole_games(name: str) -> None:
    pyspiel.random_sim_test(load(name, options="quick", seed=2), num_sims=2, serialize=False, verbose=False)


def test_returns_are_one_for_each_winner_at_the_end() -> None:
    game = load("cribbage", options="quick", seed=6)
    state, rng = game.new_initial_state(), random.Random(6)
    while not state.is_terminal():
        assert state.returns() == [0.0, 0.0]
        state.apply_action(rng.choice(state.legal_actions()))
    match = state.match
    winners = match.game.winners(match.state)
    assert len(winners) == 1 and state.returns() == [1.0 if seat in winners else 0.0 for seat in range(2)]


def test_openspiel_mcts_plays_a_parlour_game() -> None:
    """OpenSpiel's MCTS with random rollouts (it searches the real state, hidden cards and all:
    OpenSpiel's MCTS is a perfect-information search)."""
    game = load("thirty_one", options="quick", seed=3)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=20,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    state = game.new_initial_state()
    for _ in range(4):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 4 and state.match.moves >= 2


def test_parameters_clone_and_observations() -> None:
    game = load("hearts", players=4, options="hoyle", seed=5)
    assert game.get_type().short_name == short_name("hearts") == "python_parlour_hearts"
    assert game.num_distinct_actions() == 58 and game.num_players() == 4
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    state = game.new_initial_state()
    assert state.match.state == load("hearts", options="hoyle", seed=5).new_initial_state().match.state
    assert state.match.state == game.new_initial_state().match.state
    random_deals = load("hearts")
    assert random_deals.new_initial_state().match.state != random_deals.new_initial_state().match.state
    before = state.legal_actions()
    clone = state.clone()
    clone.apply_action(before[0])
    assert state.legal_actions() == before and clone.match.choice is not state.match.choice
    for seat in range(4):
        assert state.observation_tensor(seat) == pytest.approx(state.match.observe(seat))
        assert state.observation_string(seat) == state.match.game.render(state.match.game.view(state.match.state, seat))
    assert [state.action_to_string(a) for a in before][:2] == [state.match.vocabulary.names[a] for a in before[:2]]
    assert load("sweep", players=3).num_players() == 3


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError, match="no preset 'fast'"):
        load("hearts", options="fast")
    with pytest.raises(ValueError, match="hearts is played by 4 players, not 3"):
        load("hearts", players=3)
