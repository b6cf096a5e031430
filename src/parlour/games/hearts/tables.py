"""Hearts hot-path lookups: per-card tables indexed by `Card.index`.

The play loop reads everything it needs about a card from tuples of length `CARD_INDICES`, so a
lookup is a slot read and a tuple index, the same for every object equal to the card: the
place of each card in the display order (hands are sorted by sorting these small ints), the
penalty points of each card, and per-seat tables of prebuilt objects (`by_card`, filled with
moves and events in `rules`). Cards outside the pack (which `check_invariants` keeps out of
every state) have place -1, on which `sorted_hand` falls back to `sorted_cards`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

from parlour.core.cards import CARD_INDICES, HIDDEN, Card, seat_card_table, sorted_cards

from .options import KITTY_PLAYERS, PACK, PENALTY

T = TypeVar("T")

SEATS: Final = range(max(KITTY_PLAYERS))
"""Every seat any player count uses (the tables are built once for seven players)."""


def by_card(make: Callable[[int, Card], T]) -> tuple[tuple[T, ...], ...]:
    """`table[seat][card.index]`: `make(seat, card)` for every seat any count uses and every card."""
    return seat_card_table(make, len(SEATS), PACK)


DISPLAY_ORDER: Final = (*sorted_cards(PACK), HIDDEN)
"""The pack in display order (by suit, ace high), then the hidden card, which sorts last."""


def _places() -> tuple[int, ...]:
    place = [-1] * CARD_INDICES
    for i, card in enumerate(DISPLAY_ORDER):
        place[card.index] = i
    return tuple(place)


PLACE: Final = _places()
"""Each card's place in `DISPLAY_ORDER`, by `Card.index` (-1 for cards outside the pack)."""
PACK_PLACES: Final = tuple(PLACE[c.index] for c in PACK)
"""Each card of `PACK` as its place in the display order. A shuffle draws its permutation from
the length alone, so `rng.shuffled(PACK_PLACES)` deals the very cards `rng.shuffled(PACK)`
does, already as places: a hand is then sorted by sorting plain ints (see `cards_at`)."""


def _penalties() -> tuple[int, ...]:
    points = [0] * CARD_INDICES
    for card, value in PENALTY.items():
        points[card.index] = value
    return tuple(points)


PENALTY_OF: Final = _penalties()
"""The penalty points of each card by `Card.index` (0 for cards that cost nothing)."""


def places_of(cards: Sequence[Card]) -> tuple[int, ...]:
    """The display places of the cards of a fixed deck (`deck=`), in deck order."""
    return tuple(PLACE[c.index] for c in cards)


def cards_at(places: Iterable[int]) -> tuple[Card, ...]:
    """The cards at these places of the display order."""
    order = DISPLAY_ORDER
    return tuple([order[p] for p in places])


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """`sorted_cards` by table reads: the order hands are kept in (hidden cards last)."""
    place = PLACE
    places = [place[c.index] for c in cards]
    if -1 in places:
        return sorted_cards(cards)
    places.sort()
    return cards_at(places)


def penalty(cards: Iterable[Card]) -> int:
    """`points(cards, PENALTY)` by table reads."""
    table = PENALTY_OF
    return sum([table[c.index] for c in cards])
