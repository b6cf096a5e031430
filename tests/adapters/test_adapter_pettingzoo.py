"""The PettingZoo AEC environment of every game (`parlour.adapters.pettingzoo`)."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

import parlour
from parlour.adapters.pettingzoo import ParlourEnv, env, raw_env


@pytest.mark.parametrize("name", parlour.game_names())
def test_pettingzoo_api_test_passes(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice to use Box spaces: masks need a Dict space
        api_test(env(name, seed=1, options="quick"), num_cycles=20, verbose_progress=False)


@pytest.mark.parametrize("name", ["thirty_one", "farkle", "monte_carlo"])
def test_pettingzoo_api_test_passes_to_the_end_and_when_cut_short(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(name, seed=2, options="quick"), num_cycles=5000, verbose_progress=False)
        api_test(env(name, seed=2, max_moves=3), num_cycles=50, verbose_progress=False)


def play_out(table: ParlourEnv, rng: random.Random) -> dict[str, float]:
    """Plays random legal tokens until every agent is done; the rewards each agent collected."""
    collected = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        collected[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        allowed = np.flatnonzero(observation["action_mask"])
        table.step(int(rng.choice(list(allowed))))
    return collected


@pytest.mark.parametrize("name", ["thirty_one", "cribbage", "monte_carlo"])
def test_a_whole_game_rewards_its_winners(name: str) -> None:
    table = raw_env(name, seed=4, options="quick" if parlour.game(name).quick else None)
    table.reset()
    collected = play_out(table, random.Random(4))
    game, state = table.game, table.match.state
    assert game.is_over(state)
    winners = game.winners(state)
    assert collected == {f"player_{seat}": 1.0 if seat in winners else 0.0 for seat in range(len(collected))}
    assert not table.agents


def test_a_move_of_several_tokens_is_several_steps_of_the_same_agent() -> None:
    table = raw_env("scum", seed=4)
    table.reset()
    agent = table.agent_selection
    moves_before = table.match.moves
    choice = table.match.choice
    assert choice is not None
    while table.match.moves == moves_before:
        assert table.agent_selection == agent
        table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[-1]))
    assert table.infos[agent]["move"] == str(table.match.last_move)
    for other in table.possible_agents:
        if other != table.agent_selection:
            assert not table.observe(other)["action_mask"].any()


def test_a_game_cut_short_truncates_every_agent_with_no_reward() -> None:
    table = raw_env("hearts", seed=1, max_moves=2)
    table.reset()
    collected = play_out(table, random.Random(1))
    assert table.match.moves == 2 and collected == dict.fromkeys(table.possible_agents, 0.0)


def test_the_same_seed_deals_the_same_game_and_reset_without_one_deals_the_next() -> None:
    first, second = raw_env("gin_rummy", seed=9), raw_env("gin_rummy")
    first.reset()
    second.reset(seed=9)
    assert first.match.state == second.match.state
    first.reset()
    second.reset(seed=10)
    assert first.match.state == second.match.state


def test_render_ansi_shows_the_spectators_table_and_options_by_name() -> None:
    table = raw_env("hearts", seed=3, options="hoyle", render_mode="ansi")
    table.reset()
    game = table.game
    assert table.render() == game.render(game.view(table.match.state, None))
    hoyle = dict(game.presets)["hoyle"]
    assert table.match.state.options == hoyle  # type: ignore[attr-defined]
    text = "hearts(passing=left,moon=add)"
    assert raw_env("hearts", options=text).match.state.options == hoyle  # type: ignore[attr-defined]
    assert raw_env("hearts", seed=3).render() is None


def test_bad_arguments_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="render_mode is None or 'ansi'"):
        raw_env("hearts", render_mode="human")
    with pytest.raises(ValueError, match="max_moves is a positive whole number"):
        raw_env("hearts", max_moves=0)
    with pytest.raises(ValueError, match="hearts has no preset 'fast'; presets: quick, house_party"):
        raw_env("hearts", options="fast")
    with pytest.raises(ValueError, match="these options are for spades, not hearts"):
        raw_env("hearts", options="spades(target_score=100)")
    table = raw_env("hearts", seed=1)
    table.reset()
    with pytest.raises(ValueError, match="allowed: "):
        table.step(int(np.flatnonzero(table.observe("player_0")["action_mask"] == 0)[0]))
    with pytest.raises(ValueError, match="step with a token, not None"):
        table.step(None)


def test_a_deal_that_ends_the_game_terminates_at_once() -> None:
    """Monte Carlo's seed 216 deals a layout without a pair: the solitaire is lost at once."""
    table = raw_env("monte_carlo", seed=216)
    table.reset()
    assert table.match.finished and table.terminations == {"player_0": True}
    assert play_out(table, random.Random(0)) == {"player_0": 0.0} and not table.agents
