"""The registry of games: `game(name)` and `game_names()`, and `register` for games of your own.

The list of built-in games is explicit (like python-chess's variant table): adding a game to
parlour means adding its module name here. Modules are imported on first use, so importing
parlour stays cheap. A game written outside parlour (docs/tutorial.rst builds one) joins with
`register(GAME)`: then `game(name)`, JSON, records, bots and the CLI's functions find it too.
"""

from __future__ import annotations

import importlib
from typing import Final, cast

from parlour.core.game import M, O, S, Game, GameSpec

__all__ = ["GAME_NAMES", "game", "game_names", "register", "registered_name", "unregister"]

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


_REGISTERED: dict[str, Game] = {}
"""Games registered at run time with `register`, by name, in the order registered."""
_REGISTERED_TYPES: dict[type, str] = {}
"""The state, options and move classes of registered games, to their game's name."""


def game_names() -> tuple[str, ...]:
    """The registry ids of every game: the built-in games sorted, then any registered with
    `register`, in the order registered."""
    return GAME_NAMES + tuple(_REGISTERED) if _REGISTERED else GAME_NAMES


def game(name: str) -> Game:
    """The game registered as `name`: an object with the game's functions and types.

    >>> import parlour
    >>> parlour.game("hearts").title
    'Hearts'
    """
    if name in GAME_NAMES:
        module = importlib.import_module(f"parlour.games.{name}")
        return cast(Game, module.GAME)
    registered = _REGISTERED.get(name)
    if registered is None:
        known = ", ".join(game_names())
        raise ValueError(f"no game named {name!r}; games: {known}")
    return registered


def register(spec: GameSpec[S, M, O]) -> None:
    """Adds a game written outside parlour, described by its `GameSpec`, under `spec.name`.

    The name must be a new identifier (not a built-in game's); its State, Options and move
    classes must be its own. Registering the same spec again does nothing.
    """
    name = spec.name
    if not isinstance(spec, GameSpec):
        raise ValueError(f"register takes a GameSpec, not {type(spec).__name__}")
    if not name.isidentifier() or name in GAME_NAMES:
        raise ValueError(f"{name!r} cannot name a registered game: it must be an identifier and not a built-in game")
    if _REGISTERED.get(name) is spec:
        return
    if name in _REGISTERED:
        raise ValueError(f"a game named {name!r} is registered already; unregister it first")
    classes = (spec.state_type, spec.options_type, *spec.move_types)
    taken = [cls.__name__ for cls in classes if cls in _REGISTERED_TYPES or cls.__module__.startswith("parlour.games.")]
    if taken:
        raise ValueError(f"{name}: the classes {', '.join(taken)} belong to another game")
    _REGISTERED[name] = cast(Game, spec)
    _REGISTERED_TYPES.update(dict.fromkeys(classes, name))


def unregister(name: str) -> None:
    """Removes a game added with `register` (built-in games stay)."""
    spec = _REGISTERED.pop(name, None)
    if spec is None:
        raise ValueError(f"no game named {name!r} was registered")
    for cls in (spec.state_type, spec.options_type, *spec.move_types):
        _REGISTERED_TYPES.pop(cls, None)
    from parlour.core.serialize import game_limits

    game_limits.cache_clear()  # its bounds were read from the game now gone


def registered_name(cls: type) -> str | None:
    """The name of the registered (not built-in) game whose State, Options or move `cls` is."""
    return _REGISTERED_TYPES.get(cls)
