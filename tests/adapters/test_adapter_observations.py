"""Observation vectors (`parlour.adapters.observations`): fixed shape, exact contents, no leak."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.adapters.match import Match
from parlour.adapters.observations import PREFIX_SLOTS, Layout
from parlour.core.cards import Card
from parlour.core.game import Game, GameState


def states_of(game: Game, seed: int, plies: int) -> list[GameState]:
    state, rng = game.new_game(seed=seed, options=game.quick), random.Random(seed)
    states = [state]
    while not game.is_over(state) and len(states) <= plies:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("name", parlour.game_names())
def test_no_leak_and_fixed_length(name: str) -> None:
    """Two states that differ only in what a seat cannot see give that seat the same
    observation, and every observation of a game has the layout's length."""
    game = parlour.game(name)
    states = states_of(game, seed=5, plies=30)
    layout = Layout.of(game, states[0])
    for ply, state in enumerate(states[::3]):
        for seat in range(layout.players):
            seen = layout.observe(state, seat)
            assert len(seen) == layout.size
            shuffled = game.shuffle_unseen(state, seat, ply + 100)
            assert layout.observe(shuffled, seat) == seen
            assert layout.observe(game.view(state, seat), seat) == seen


def test_hearts_observation_shows_own_hand_and_only_the_count_of_others() -> None:
    hearts = parlour.game("hearts")
    state = hearts.new_game(seed=7)
    layout = Layout.of(hearts, state)
    values = layout.observe(state, 2)
    hand = [card for card, count in zip(layout.pack, layout.part(values, "hands[2]")) if count]
    assert hand == sorted(state.hands[2], key=lambda c: c.index)  # type: ignore[attr-defined]
    assert layout.part(values, "hands[2]")[-1] == 0.0
    for other in (0, 1, 3):
        counts = layout.part(values, f"hands[{other}]")
        assert sum(counts[:-1]) == 0.0 and counts[-1] == 13.0
    assert list(layout.part(values, "seat")) == [0.0, 0.0, 1.0, 0.0]
    assert list(layout.part(values, "to_act")) == [1.0, 1.0, 1.0, 1.0]  # everyone passes at once
    assert list(layout.part(values, "hand")) == [1.0]
    assert list(layout.part(values, "prefix")) == [0.0] * PREFIX_SLOTS
    assert layout.size == 4 * 3 + 1 + (4 + 4 + 1 + 1 + 4) * 2 * 53 + PREFIX_SLOTS


def test_the_last_card_of_a_pile_and_the_move_being_spelled_are_shown() -> None:
    gin = parlour.game("gin_rummy")
    match = Match.start(gin, seed=3)
    seat = match.seat
    assert seat is not None
    values = match.observe(seat)
    upcard = match.state.discards[-1]  # type: ignore[attr-defined]
    assert isinstance(upcard, Card)
    last = match.layout.part(values, "discards.last")
    assert last[match.layout.pack.index(upcard)] == 1.0 and sum(last) == 1.0
    scum = parlour.game("scum")
    match = Match.start(scum, seed=4)
    while match.choice is not None and not match.choice.prefix:
        match = match.pick(match.choice.tokens[0])
    assert match.choice is not None and match.seat is not None
    prefix = match.choice.prefix
    shown = match.layout.part(match.observe(match.seat), "prefix")
    assert list(shown[: len(prefix)]) == [t + 1.0 for t in prefix] and not any(shown[len(prefix) :])
    others = [s for s in range(match.players) if s != match.seat]
    assert not any(match.layout.part(match.observe(others[0]), "prefix"))


def test_unknown_sections_and_overlong_prefixes_are_refused() -> None:
    hearts = parlour.game("hearts")
    state = hearts.new_game(seed=1)
    layout = Layout.of(hearts, state)
    with pytest.raises(ValueError, match="no section 'stock'; sections: seat, to_act"):
        layout.section("stock")
    with pytest.raises(ValueError, match="observations hold 32"):
        layout.observe(state, 0, prefix=(1,) * (PREFIX_SLOTS + 1))
