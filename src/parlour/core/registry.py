"""The registry of games: `game(name)` and `game_names()`.

The list of games is explicit (like python-chess's variant table): adding a game means adding
its module name here. Modules are imported on first use, so importing parlour stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Final, cast

from parlour.core.game import Game

__all__ = ["GAME_NAMES", "game", "game_names"]

GAME_NAMES: Final = (
    "arizona_rummy",
    "bridge",
    "canadian_salad",
    "canasta",
    "cheat",
    "chicken_foot",
    "court_whist",
    "cribbage",
    "desert_rummy",
    "euchre",
    "farkle",
    "five_hundred",
    "five_hundreds",
    "five_in_a_row",
    "four_card_golf",
    "gin_rummy",
    "go_fish",
    "golf",
    "hand_and_foot",
    "hearts",
    "horseshit_rummy",
    "jokers_wild",
    "klondike",
    "mexican_train",
    "michigan",
    "montana",
    "monte_carlo",
    "ninety_nine",
    "oh_hell",
    "old_maid",
    "pitch",
    "push",
    "rummy_500",
    "saskatchewan",
    "scum",
    "slapjack",
    "spades",
    "sticks",
    "sweep",
    "ten_dime_rummy",
    "ten_thousand",
    "thirty_one",
    "whist_tens",
)


def game_names() -> tuple[str, ...]:
    """The registry ids of every game, sorted."""
    return GAME_NAMES


def game(name: str) -> Game:
    """The game registered as `name`: an object with the game's functions and types.

    >>> import parlour
    >>> parlour.game("hearts").title
    'Hearts'
    """
    if name not in GAME_NAMES:
        known = ", ".join(GAME_NAMES)
        raise ValueError(f"no game named {name!r}; games: {known}")
    module = importlib.import_module(f"parlour.games.{name}")
    return cast(Game, module.GAME)
