"""Perft regression: the number of distinct move sequences to a fixed depth from a fixed deal.

Each registered game has a row: the seed of the deal, how many plies are first played by always
taking the first legal move (to reach a phase worth counting, such as Hearts' play after the
passes), the depth and the count. A changed rule or move order that random play and golden
games miss changes a count here. A new game adds its row (compute it with
``python -m parlour.tools.perft <game> --seed 1 --depth k`` once its rules are checked).
"""

from __future__ import annotations

from typing import Final

import pytest

import parlour
from parlour.tools.perft import perft

PERFT: Final[dict[str, tuple[int, int, int, int]]] = {
    # game: (seed, plies first played, depth, move sequences)
    "arizona_rummy": (1, 0, 11, 113_416),
    "bridge": (1, 0, 4, 107_451),
    "canadian_salad": (1, 40, 14, 28_224),
    "canasta": (1, 0, 8, 41_552),
    "cheat": (1, 0, 6, 183_212),
    "chicken_foot": (1, 0, 8, 46_512),
    "court_whist": (1, 0, 8, 124_812),
    "cribbage": (1, 2, 11, 35_280),
    "desert_rummy": (1, 0, 7, 29_910),
    "euchre": (1, 0, 10, 70_687),
    "farkle": (1, 0, 17, 14_446),
    "five_hundred": (1, 9, 8, 88_244),
    "five_in_a_row": (1, 50, 4, 96_412),
    "five_hundreds": (1, 0, 8, 62_348),
    "four_card_golf": (1, 0, 6, 32_756),
    "gin_rummy": (1, 0, 8, 106_281),
    "go_fish": (1, 0, 4, 43_473),
    "golf": (1, 0, 5, 115_968),
    "hand_and_foot": (1, 0, 8, 57_579),
    "hearts": (1, 12, 9, 29_252),
    "horseshit_rummy": (1, 0, 8, 82_318),
    "jokers_wild": (1, 160, 3, 57_705),
    "klondike": (1, 0, 8, 20_482),
    "mexican_train": (1, 0, 9, 113_533),
    "michigan": (1, 4, 8, 99_258),
    "montana": (1, 0, 7, 41_885),
    "monte_carlo": (1, 0, 7, 16),
    "ninety_nine": (1, 0, 10, 107_161),
    "oh_hell": (1, 20, 12, 19_824),
    "old_maid": (1, 0, 7, 23_837),
    "pitch": (1, 0, 8, 31_476),
    "push": (1, 0, 8, 38_914),
    "rummy_500": (1, 0, 8, 97_835),
    "saskatchewan": (1, 256, 22, 69_199),
    "scum": (1, 0, 7, 12_541),
    "slapjack": (1, 0, 9, 54_528),
    "spades": (1, 0, 8, 196_964),
    "sticks": (1, 0, 7, 47_950),
    "sweep": (1, 0, 4, 39_174),
    "ten_dime_rummy": (1, 0, 7, 53_399),
    "ten_thousand": (1, 0, 26, 13_271),
    "thirty_one": (1, 0, 10, 55_223),
    "whist_tens": (1, 44, 14, 94_188),
}


def test_every_registered_game_has_a_perft_row() -> None:
    assert sorted(PERFT) == sorted(parlour.game_names())


@pytest.mark.parametrize("name", sorted(PERFT))
def test_perft_count(name: str) -> None:
    seed, prefix, depth, expected = PERFT[name]
    spec = parlour.game(name)
    state = spec.new_game(seed=seed)
    for _ in range(prefix):
        state = spec.apply(state, spec.legal_moves(state)[0])
    assert perft(spec, state, depth) == expected


def test_perft_counts_sequences_not_positions() -> None:
    spec = parlour.game("scum")
    state = spec.new_game(seed=1)
    assert perft(spec, state, 0) == 1
    assert perft(spec, state, 1) == len(spec.legal_moves(state))
    assert perft(spec, state, 2) == sum(len(spec.legal_moves(spec.apply(state, m))) for m in spec.legal_moves(state))
    with pytest.raises(ValueError, match="depth must be at least 0"):
        perft(spec, state, -1)
