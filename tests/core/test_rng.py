"""Unit tests for core/rng: a pure, seeded random source held in states."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.rng import MAX_SEED, Rng, fresh_seed

seeds = st.integers(0, MAX_SEED)


@given(seeds, st.integers(0, 1000))
def test_same_source_gives_same_draws(seed: int, counter: int) -> None:
    rng = Rng(seed, counter)
    assert rng.shuffled(range(20)) == Rng(seed, counter).shuffled(range(20))
    assert rng.below(1000) == Rng(seed, counter).below(1000)
    assert rng.dice(5) == Rng(seed, counter).dice(5)


@given(seeds)
def test_every_draw_advances_the_counter_only(seed: int) -> None:
    rng = Rng(seed)
    assert rng.shuffled([1, 2])[1] == Rng(seed, 1)
    assert rng.below(3)[1] == Rng(seed, 1)
    assert rng.dice(2)[1] == Rng(seed, 1)


def test_successive_draws_and_seeds_are_independent() -> None:
    deck = list(range(52))
    first, nxt = Rng(1).shuffled(deck)
    second, _ = nxt.shuffled(deck)
    assert first != second
    assert Rng(2).shuffled(deck)[0] != first
    # Counter and seed do not alias: (1, 2) and (2, 1) are different sources.
    assert Rng(1, 2).shuffled(deck)[0] != Rng(2, 1).shuffled(deck)[0]


def test_known_values_stay_fixed() -> None:
    """Replays and golden files depend on the generator staying the same across versions."""
    assert Rng(7).below(1_000_000)[0] == 228897
    assert Rng(0).dice(6)[0] == (4, 4, 1, 3, 5, 4)
    assert Rng(7).shuffled(range(5))[0] == (4, 3, 2, 0, 1)


@given(seeds, st.integers(1, 12), st.integers(1, 20))
def test_draws_stay_in_range(seed: int, n: int, sides: int) -> None:
    value, _ = Rng(seed).below(n)
    assert 0 <= value < n
    faces, _ = Rng(seed).dice(n, sides)
    assert len(faces) == n and all(1 <= f <= sides for f in faces)


def test_dice_are_roughly_uniform() -> None:
    counts = [0] * 7
    rng = Rng(11)
    for _ in range(600):
        faces, rng = rng.dice(1)
        counts[faces[0]] += 1
    assert counts[0] == 0 and all(60 <= c <= 140 for c in counts[1:])


def test_below_refuses_empty_ranges() -> None:
    with pytest.raises(ValueError, match="cannot draw below 0"):
        Rng(1).below(0)


def test_check_refuses_sources_no_game_holds() -> None:
    Rng.check(Rng(0))
    Rng.check(Rng(MAX_SEED, 10))
    for bad in (Rng(-1), Rng(MAX_SEED + 1), Rng(1, -1)):
        with pytest.raises(ValueError, match="bad random source"):
            Rng.check(bad)


def test_fresh_seeds_are_valid_and_vary() -> None:
    drawn = {fresh_seed() for _ in range(8)}
    assert len(drawn) > 1 and all(0 <= s <= MAX_SEED for s in drawn)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 13, 52, 104, 162, 190, 255, 256, 257, 400])
def test_shuffled_is_the_standard_librarys_shuffle_of_the_same_generator(size: int) -> None:
    """`Rng.shuffled` writes Fisher-Yates out for speed; its order is exactly what
    `random.Random.shuffle` gives from the source's generator, so deals never changed."""
    for seed, counter in ((0, 0), (7, 3), (2**52, 91)):
        expected = list(range(size))
        random.Random((seed << 64) | counter).shuffle(expected)
        assert Rng(seed, counter).shuffled(range(size)) == (tuple(expected), Rng(seed, counter + 1))
