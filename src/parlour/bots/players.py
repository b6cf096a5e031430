"""Bots by name, and the loop that lets a table of bots play a game.

`make_bot("ismcts:500", seed=3)` turns a short spec (a bot's name, optionally a colon and its
strength) into a bot, so the CLI, the tournament runner, `parlour.simulate` and the web table
all name bots the same way. `play_game` is the one loop that drives bots through a game: it asks
the lowest seat that may act (several may act at once), and tells every bot that keeps track of
the table (an `Observer`) about each new state.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Final, Protocol, runtime_checkable

from parlour.bots.random_bot import Bot, RandomBot
from parlour.core.game import Game, GameMove, GameState

__all__ = ["BOT_NAMES", "Observer", "make_bot", "play_game"]


@runtime_checkable
class Observer(Protocol):
    """A bot that follows the game between its own turns (to remember who showed out of a suit,
    which cards were passed or picked up). A fair observer reads only ``game.view(state, seat)``."""

    def observe(self, game: Game, state: GameState, player: int) -> None:
        """Hears of `state`, the state after a move (or the first state), as seat `player`."""
        ...


def _random(seed: int | None, strength: str | None) -> Bot:
    if strength is not None:
        raise ValueError("the random bot takes no strength (write 'random')")
    return RandomBot(seed)


def _lazy(module: str, factory: str) -> Callable[[int | None, str | None], Bot]:
    """A factory that imports its bot's module on first use (search bots are not cheap to import)."""

    def make(seed: int | None, strength: str | None) -> Bot:
        build: Callable[[int | None, str | None], Bot] = getattr(importlib.import_module(module), factory)
        return build(seed, strength)

    return make


_FACTORIES: Final[dict[str, Callable[[int | None, str | None], Bot]]] = {
    "random": _random,
    "heuristic": _lazy("parlour.bots.heuristic", "from_spec"),
    "ismcts": _lazy("parlour.bots.ismcts", "from_spec"),
}

BOT_NAMES: Final = tuple(_FACTORIES)
"""The names `make_bot` knows: random, heuristic (the rule-of-thumb bot of the game's family)
and ismcts (information-set Monte Carlo tree search)."""


def make_bot(spec: str, seed: int | None = None) -> Bot:
    """The bot a spec names: ``random``, ``heuristic``, ``ismcts`` or ``ismcts:500`` (a search
    bot's iterations). ValueError names the known bots for an unknown name.

    >>> make_bot("random", seed=4)
    RandomBot(seed=4)
    """
    name, _, strength = spec.strip().partition(":")
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise ValueError(f"no bot named {name!r}; bots: {', '.join(BOT_NAMES)}")
    return factory(seed, strength.strip() or None)


def play_game(
    game: Game,
    state: GameState,
    bots: Sequence[Bot],
    *,
    until: Callable[[GameState], bool] | None = None,
    on_move: Callable[[GameState, GameMove, GameState], None] | None = None,
) -> GameState:
    """Lets `bots` (one per seat) play from `state` until the game ends or `until(state)` holds.

    The lowest seat that may act moves next. Bots that are `Observer`s hear of the first state
    and of every state after a move; `on_move(before, move, after)` hears of each move.
    """
    if len(bots) != len(game.scores(state)):
        raise ValueError(f"{game.name} has {len(game.scores(state))} seats here, but {len(bots)} bots were given")
    observers = [(seat, bot) for seat, bot in enumerate(bots) if isinstance(bot, Observer)]
    for seat, bot in observers:
        bot.observe(game, state, seat)
    while not game.is_over(state) and (until is None or not until(state)):
        seat = min(game.to_act(state))
        move = bots[seat].choose(game, state, seat)
        after = game.apply(state, move)
        if on_move is not None:
            on_move(state, move, after)
        state = after
        for watcher, bot in observers:
            bot.observe(game, state, watcher)
    return state
