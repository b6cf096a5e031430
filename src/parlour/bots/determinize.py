"""Dealing the cards a seat cannot see: real states consistent with what a view shows.

A fair search bot (ISMCTS) holds only ``game.view(state, seat)``. To look ahead it samples
"determinizations": real states that agree with everything the view shows, the hidden cards
dealt at random among the hidden places. The pack comes from a fresh deal with the view's
options and seat count, so this works for every registered game through its zone declarations.

>>> import parlour
>>> hearts = parlour.game("hearts")
>>> state = hearts.new_game(seed=5)
>>> seen = hearts.view(state, 0)
>>> guess = determinize(hearts, seen, seed=1)
>>> hearts.view(guess, 0) == seen, guess.viewer, guess == state
(True, None, False)
"""

from __future__ import annotations

from collections.abc import Hashable

from parlour.core.game import Game, GameState
from parlour.core.zones import CardAllowed, Piece, zone_cards, zone_determinize

__all__ = ["determinize", "pack_of"]

_PACKS: dict[tuple[str, Hashable, int], tuple[Piece, ...]] = {}
"""Every card or tile of a game's pack, by game, options and seat count (few per process)."""


def pack_of(game: Game, state: GameState) -> tuple[Piece, ...]:
    """Every card (or tile) in play in `state`'s game: what a fresh deal with its options and
    seat count puts in the zones."""
    options = getattr(state, "options")
    players = len(game.scores(state))
    key = (game.name, options, players)
    pack = _PACKS.get(key)
    if pack is None:
        fresh = game.new_game(players, seed=0, options=options)
        pack = _PACKS[key] = tuple(zone_cards(fresh, game.zones))
    return pack


def determinize(game: Game, view: GameState, seed: int, allowed: CardAllowed | None = None) -> GameState:
    """A real state consistent with `view` (a view made by `game.view`), its hidden cards dealt
    at random from `seed` and its future drawn from `seed`; `allowed(field, owner, card)` narrows
    where a card may lie (see `parlour.core.zones.zone_determinize`; a game whose views hide
    more than zone cards brings its own `GameSpec.determinize`). A real state is returned with
    only its random source replaced."""
    if game.determinize is not None:
        return game.determinize(view, pack_of(game, view), seed, allowed)
    return zone_determinize(view, pack_of(game, view), seed, game.zones, allowed)
