"""The OpenSpiel game of every parlour game (`parlour.adapters.openspiel`)."""

from __future__ import annotations

import os
import random

import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from open_spiel.python.algorithms import cfr, exploitability, get_all_states, mcts  # type: ignore[import-untyped]

import parlour
from parlour.adapters.match import Match
from parlour.adapters.openspiel import ParlourGame, Recall, load, short_name

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


SMALL_GAME: dict[str, object] = {"players": 2, "options": "slapjack(max_flips=3)", "seed": 3}
"""A whole game small enough to solve: two-handed Slapjack stopped after three cards turned (84
decision states from one deal)."""


def test_openspiel_cfr_solves_a_small_parlour_game() -> None:
    """OpenSpiel's CFR on a whole (small) parlour game: its tables are keyed by the information
    states, and the exploitability of its average policy falls as it runs (values exact for
    this deal: CFR is deterministic)."""
    game = load("slapjack", **SMALL_GAME)  # type: ignore[arg-type]
    solver = cfr.CFRSolver(game)
    conv = {}
    for iteration in range(1, 17):
        solver.evaluate_and_update_policy()
        if iteration in (1, 4, 16):
            conv[iteration] = exploitability.nash_conv(game, solver.average_policy())
    assert conv == pytest.approx({1: 0.75, 4: 0.1875, 16: 0.046875})
    assert len(solver.average_policy().state_lookup) == 84


def test_information_states_key_what_the_player_has_seen() -> None:
    """Over every decision of the small game: one information state, one set of legal actions;
    a player's string changes with what it saw (its own moves included) and never with what it
    cannot see."""
    game = load("slapjack", **SMALL_GAME)  # type: ignore[arg-type]
    states = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=False, include_chance_states=False)
    actions: dict[str, list[int]] = {}
    for state in states.values():
        player = state.current_player()
        key = state.information_state_string(player)
        assert actions.setdefault(key, state.legal_actions()) == state.legal_actions()
    assert len(actions) == len(states) == 84  # Slapjack's moves are all seen by both seats
    root = game.new_initial_state()
    moved = root.child(root.legal_actions()[0])
    assert all(moved.information_state_string(p) != root.information_state_string(p) for p in (0, 1))
    passing = load("hearts", seed=4).new_initial_state()
    first, second = (passing.child(a) for a in passing.legal_actions()[:2])  # seat 0 passes one card or another
    assert first.information_state_string(0) != second.information_state_string(0)
    assert all(first.information_state_string(p) == second.information_state_string(p) for p in (1, 2, 3))
    hearts = parlour.game("hearts")
    dealt = hearts.new_game(seed=4)
    reshuffled = hearts.shuffle_unseen(dealt, 0, 99)
    assert hearts.view(reshuffled, 0) == hearts.view(dealt, 0) and hearts.view(reshuffled, 1) != hearts.view(dealt, 1)
    assert Recall.of(reshuffled).digest(hearts, 0) == Recall.of(dealt).digest(hearts, 0)
    assert Recall.of(reshuffled).digest(hearts, 1) != Recall.of(dealt).digest(hearts, 1)
