"""Hearts hot-path lookups: cards found by identity instead of by value.

Every card in play is one of `PACK`'s objects (`new_game` and JSON see to it), so the play
loop looks cards up by `id`, which hashes in C where `Card.__hash__` is Python code (and list
comprehensions, which CPython 3.11 specialises, beat `map` over bound `__getitem__`): per-seat
tables of prebuilt objects (`_by_card`, filled with moves and events in `rules`), the display
order of hands (`_sorted`) and the penalty points of a pile (`_penalty`). Each lookup falls
back to the plain computation for a card built by hand (through `_CANON`), so the results are
those of `sorted_cards` and `points` for any input.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

from parlour.core.cards import HIDDEN, Card, sorted_cards
from parlour.core.tricks import points

from .options import KITTY_PLAYERS, PACK, PENALTY

T = TypeVar("T")

_SEATS: Final = range(max(KITTY_PLAYERS))
_CANON: Final = {c: c for c in PACK}


def _by_card(make: Callable[[int, Card], T]) -> tuple[dict[int, T], ...]:
    return tuple({id(c): make(s, c) for c in (*PACK, HIDDEN)} for s in _SEATS)


_DISPLAY_ORDER: Final = sorted_cards(PACK)
_PLACE: Final = {id(c): i for i, c in enumerate(_DISPLAY_ORDER)}
_PACK_PLACES: Final = tuple(_PLACE[id(c)] for c in PACK)
"""Each card of `PACK` as its place in the display order. A shuffle draws its permutation from
the length alone, so `rng.shuffled(_PACK_PLACES)` deals the very cards `rng.shuffled(PACK)`
does, already as places: a hand is then sorted by sorting plain ints (see `_cards_at`)."""


def _places(cards: Sequence[Card]) -> tuple[int, ...]:
    """The display places of the 52 cards of a fixed deck (`deck=`), in deck order."""
    return tuple(_PLACE[id(_CANON[c])] for c in cards)


def _cards_at(places: Iterable[int]) -> tuple[Card, ...]:
    """The cards at these places of the display order."""
    order = _DISPLAY_ORDER
    return tuple([order[p] for p in places])


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """`sorted_cards` by identity lookups (see above); hands are kept in this order."""
    try:
        return _cards_at(sorted([_PLACE[id(c)] for c in cards]))
    except KeyError:
        return sorted_cards(cards)


def _one(table: dict[int, T], card: Card) -> T:
    found = table.get(id(card))
    return found if found is not None else table[id(_CANON.get(card, HIDDEN))]


_PENALTY_BY_ID: Final = {id(c): PENALTY.get(c, 0) for c in PACK}


def _penalty(cards: Sequence[Card]) -> int:
    """`points(cards, PENALTY)` by identity lookups (see above)."""
    try:
        return sum(map(_PENALTY_BY_ID.__getitem__, map(id, cards)))
    except KeyError:
        return points(cards, PENALTY)


def _each(table: dict[int, T], cards: Sequence[Card]) -> tuple[T, ...]:
    try:
        return tuple([table[id(c)] for c in cards])
    except KeyError:
        return tuple(_one(table, c) for c in cards)
