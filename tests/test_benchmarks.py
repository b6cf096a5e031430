"""The benchmark script's pairings and memory measurement, checked cheaply (no timing asserted).

`benchmarks/run.py` is a script, not a package, so it is loaded from its path.
"""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Protocol

import pytest

import parlour
from parlour.core.events import EventKind


def _load_run() -> ModuleType:
    folder = Path(__file__).resolve().parent.parent / "benchmarks"
    path = folder / "run.py"
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))  # as when the script runs: its folder comes first
    spec = importlib.util.spec_from_file_location("parlour_benchmarks_run", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class Pairing(Protocol):
    """What the tests read of `run.RaceSpec` (the script's module is loaded at run time)."""

    game: str
    openspiel_game: str
    target: float
    whole_game: bool
    weighted_chance: bool


run = _load_run()
RACES = run.OPENSPIEL_RACES
RACE_IDS = [pairing.game.split("(", 1)[0] for pairing in RACES]


def test_every_race_names_a_registered_game_once() -> None:
    """The race covers the games both libraries have, each once."""
    assert sorted(RACE_IDS) == sorted(
        ["hearts", "spades", "euchre", "oh_hell", "bridge", "cribbage", "gin_rummy", "go_fish", "klondike"]
    )
    assert set(RACE_IDS) <= set(parlour.game_names())


def test_targets_are_the_issues() -> None:
    """Gin Rummy at most 0.3 of OpenSpiel's time, every other race at most 1.5."""
    assert {name: pairing.target for name, pairing in zip(RACE_IDS, RACES)} == {
        name: 0.3 if name == "gin_rummy" else 1.5 for name in RACE_IDS
    }


@pytest.mark.parametrize("pairing", RACES, ids=RACE_IDS)
def test_parlour_side_parses_and_plays_its_unit(pairing: Pairing) -> None:
    """Every race's parlour options parse; a whole-game race plays to the end of the game, a
    hand race stops at the first scored hand."""
    spec, options = run.race_options(pairing)
    whole = run.parlour_hand(spec, 1, random.Random(1), options, True)
    hand = run.parlour_hand(spec, 1, random.Random(1), options, False)
    state = spec.new_game(seed=1, options=options)
    chooser = random.Random(1)
    for _ in range(whole):
        legal = spec.legal_moves(state)
        state = spec.apply(state, legal[chooser.randrange(len(legal))])
    assert spec.legal_moves(state) == () and 0 < hand <= whole


def test_oh_hell_first_hand_deals_what_openspiel_is_fixed_to() -> None:
    """parlour's first Oh Hell! hand deals the number of tricks OpenSpiel's race fixes."""
    pairing = RACES[RACE_IDS.index("oh_hell")]
    spec, options = run.race_options(pairing)
    state = spec.new_game(seed=1, options=options)
    assert f"players={spec.default_players}" in pairing.openspiel_game
    assert f"num_tricks_fixed={len(state.hands[0])}" in pairing.openspiel_game


@pytest.mark.parametrize("pairing", RACES, ids=RACE_IDS)
def test_openspiel_side_loads_and_its_chance_nodes_fit_the_driver(pairing: Pairing) -> None:
    """OpenSpiel's game loads with the race's parameters, and two episodes pass the chance check
    the race runs before timing (uniform, or declared weighted)."""
    pytest.importorskip("pyspiel")
    game = run.load_openspiel(pairing.openspiel_game)
    decisions, chances = run.openspiel_checked_batch(
        game, pairing.openspiel_game, 2, 1, pairing.weighted_chance
    )
    assert decisions > 0 and chances > 0


def test_bytes_per_move_is_positive_and_finite() -> None:
    """The memory of one Hearts hand: a first state and a per-move growth, both sensible."""
    spec = parlour.game("hearts")
    first, per_move = run.measure_memory(spec, None, range(1, 2), 1)
    assert math.isfinite(first) and math.isfinite(per_move)
    assert 0 < per_move < 100_000 and 0 < first < 1_000_000


def _floor_card(card: parlour.Card) -> int:
    """A parlour card as `floor_hearts` writes it: suit * 13 + rank, from the two (0) to the ace
    (12; parlour's ace is rank 1)."""
    assert card.suit is not None
    return int(card.suit) * 13 + (int(card.rank) - 2) % 13


def _floor_move(move: object) -> int:
    """A parlour Hearts move as `floor_hearts` writes it: a pass is seat * 52 + card."""
    card = _floor_card(getattr(move, "card"))
    return card + 52 * int(getattr(move, "player")) if type(move).__name__ == "PassCard" else card


def test_the_floor_plays_the_rules_of_parlours_hearts() -> None:
    """On parlour's deals, the rules-only floor offers the same moves at every step of random
    first hands (passes to the left, the two of clubs, following suit, hearts broken) and
    scores the same penalty points: the race's floor plays the same game."""
    import floor_hearts as floor

    hearts = parlour.game("hearts")
    chooser = random.Random(5)
    for seed in range(1, 13):
        state = hearts.new_game(seed=seed)
        hands = tuple(tuple(_floor_card(c) for c in hand) for hand in getattr(state, "hands"))
        ours = floor.FloorState(hands, ((),) * 4, 0, (), (0,) * 4, False, True, False)
        while not ours.done:
            legal = hearts.legal_moves(state)
            assert {_floor_move(m) for m in legal} == set(ours.legal)
            move = legal[chooser.randrange(len(legal))]
            state, ours = hearts.apply(state, move), floor.apply(ours, _floor_move(move))
        if floor.MOON in ours.points:  # one seat took every penalty card: parlour asks it to choose
            assert getattr(state, "phase").name == "MOON"
        else:
            scored = [event.numbers for event in state.events if event.kind is EventKind.HAND_SCORED]
            assert scored == [ours.points] and sum(ours.points) == 26
    with pytest.raises(ValueError, match="illegal move"):
        floor.apply(floor.new_hand(1), 52 * 5)
