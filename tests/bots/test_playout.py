"""Playout policies (`GameSpec.playout`) and how ISMCTS uses them: legal moves in every game that
exports one, the rule each game's policy states in a clear spot, and the search's settings."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

import parlour
from parlour.bots.ismcts import ISMCTSBot
from parlour.core.game import Game, GameState
from parlour.games import farkle as farkle_rules
from parlour.games import gin_rummy as gin_rules

sys.path.insert(0, str(Path(__file__).parent))
from positions import give  # noqa: E402

GUIDED = [name for name in parlour.game_names() if parlour.game(name).playout is not None]


def test_the_games_that_export_a_policy() -> None:
    assert GUIDED == ["cribbage", "farkle", "gin_rummy", "scum"]


@pytest.mark.parametrize("name", GUIDED)
def test_a_hand_played_by_the_policy_alone_is_legal_and_ends(name: str) -> None:
    """The policy picks one of the moves it is given at every step, and a hand between policy
    players ends (Gin hands between random players almost never do)."""
    game = parlour.game(name)
    rng = random.Random(1)
    for seed in range(3):
        state = game.new_game(seed=seed, options=game.quick)
        start = state.hand
        for _ in range(400):
            if game.is_over(state) or state.hand != start:
                break
            moves = game.legal_moves(state, min(game.to_act(state)))
            move = game.playout(state, moves, rng)  # type: ignore[misc]
            assert move in moves
            state = game.apply(state, move)
        assert game.is_over(state) or state.hand != start


def gin_discarding(hand: str) -> tuple[Game, GameState]:
    """Gin Rummy with seat 0 to discard from `hand` (11 cards, after drawing from the stock)."""
    gin = parlour.game("gin_rummy")
    state: GameState = gin_rules.new_game(seed=3, options=gin_rules.GAME.quick, dealer=1)
    state = gin.apply(state, gin.parse_move(state, "0: pass"))
    state = gin.apply(state, gin.parse_move(state, "1: pass"))
    state = gin.apply(state, gin.parse_move(state, "0: draw stock"))
    return gin, give(gin, state, 0, hand)


def test_gin_policy_goes_gin_knocks_and_discards_the_loosest_high_card() -> None:
    gin, state = gin_discarding("AD 2D 3D 4S 5S 6S 7H 7D 7C 9S KH")
    # 9S and KH fit no meld; knocking leaves 9 (KH away) or 10 (9S away): knock with the less.
    assert str(gin.playout(state, gin.legal_moves(state), random.Random(1))) == "knock KH"  # type: ignore[misc]
    gin, state = gin_discarding("AD 2D 3D 4D 4S 5S 6S 7H 7D 7C KH")
    assert str(gin.playout(state, gin.legal_moves(state), random.Random(1))) == "gin KH"  # type: ignore[misc]
    gin, state = gin_discarding("AD 2D 3D 4S 5S 6S QH QS 9C JD KH")
    # No knock: QH and QS pair up, KH could join QH in a run; 9C and JD fit nothing: the higher.
    assert str(gin.playout(state, gin.legal_moves(state), random.Random(1))) == "discard JD"  # type: ignore[misc]


def test_scum_policy_leads_its_lowest_group_and_keeps_aces_back() -> None:
    scum = parlour.game("scum")
    policy = scum.playout
    assert policy is not None
    state = scum.new_game(seed=4, options=scum.quick)
    state = give(scum, state, min(scum.to_act(state)), "3D 3H 4H 6D 7H 7S 10H JH QD KS AC AD 2S")
    assert str(policy(state, scum.legal_moves(state), random.Random(1))) == "play 3D 3H"  # the pair together
    state = scum.apply(state, scum.parse_move(state, "play 4H"))
    # Facing a 4: 6C is the lowest single that breaks no pair (the 5s stay together).
    state = give(scum, state, min(scum.to_act(state)), "3C 5S 5C 6C 8C 8S 9D 9S KD AH AS 2C 2H")
    assert str(policy(state, scum.legal_moves(state), random.Random(1))) == "play 6C"
    state = scum.apply(state, scum.parse_move(state, "play 9D"))
    state = give(scum, state, min(scum.to_act(state)), "3S 3C 4D 5D 6S 7C 7D 8D 8H 9H 9C AH 2D")
    # Only the ace or the two beat the 9 (a 9 would tie), with 13 cards in hand: pass.
    assert str(policy(state, scum.legal_moves(state), random.Random(1))) == "pass"


@pytest.mark.parametrize(
    ("roll", "hold", "expected"),
    [
        ([1, 1, 1, 5, 5, 2], "hold 1 1 1 5 5", "bank"),  # 1,100 with one die left
        ([1, 2, 3, 4, 6, 6], "hold 1", "roll"),  # 100 with five dice left
    ],
)
def test_farkle_policy_banks_at_the_threshold_of_the_dice_left(roll: list[int], hold: str, expected: str) -> None:
    farkle = parlour.game("farkle")
    state: GameState = farkle_rules.new_game(seed=1, options=farkle_rules.GAME.quick, rolls=roll)
    state = farkle.apply(state, farkle.parse_move(state, "roll"))
    state = farkle.apply(state, farkle.parse_move(state, hold))
    assert str(farkle.playout(state, farkle.legal_moves(state), random.Random(1))) == expected  # type: ignore[misc]


def test_the_search_settings_are_checked() -> None:
    for bad in (-0.1, 1.5, "half"):
        with pytest.raises(ValueError, match="guidance"):
            ISMCTSBot(guidance=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="bias"):
        ISMCTSBot(bias=-1)


def test_a_guided_search_is_seeded_and_legal() -> None:
    gin = parlour.game("gin_rummy")
    state = gin_discarding("AD 2D 3D 4S 5S 6S QH QS 9C JD KH")[1]
    first = ISMCTSBot(seed=2, iterations=40).choose(gin, state, 0)
    assert first in gin.legal_moves(state, 0)
    assert ISMCTSBot(seed=2, iterations=40).choose(gin, state, 0) == first


def test_gin_evaluation_is_minus_the_least_deadwood() -> None:
    gin, state = gin_discarding("AD 2D 3D 4S 5S 6S 7H 7D 7C 9S KH")
    assert gin.evaluate is not None
    mine, theirs = gin.evaluate(state)
    assert mine == -9.0  # after putting the king away
    assert theirs == -float(gin_rules.deadwood(getattr(state, "hands")[1]))
    with pytest.raises(ValueError, match="horizon"):
        ISMCTSBot(horizon=-1)
