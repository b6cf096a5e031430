"""Gin Rummy's moves, their notation, and the move objects and events prebuilt for the hot path.

Each move is a small frozen record whose `str` is its notation ("take upcard", "pass", "draw
stock", "draw discard", "discard 7H", "knock 7H", "gin 7H", "double gin", "spread 4H 5H 6H, 9C 9D 9S"). Since
`legal_moves` runs every ply, the moves and events that do not depend on the position are built
once here, per seat and per card, in tuples indexed by `Card.index`, and looked up rather than
constructed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeAlias, TypeVar

import attrs

from parlour.core.cards import CARD_INDICES, HIDDEN, Card, cards_text
from parlour.core.events import Event, EventKind
from parlour.games.gin_rummy.scoring import PACK

T = TypeVar("T")


@attrs.frozen
class TakeUpcard:
    """Take the first upcard (offered to the non-dealer, then to the dealer)."""

    player: int

    def __str__(self) -> str:
        return "take upcard"


@attrs.frozen
class Pass:
    """Refuse the first upcard."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class DrawDiscard:
    """Take the top card of the discard pile."""

    player: int

    def __str__(self) -> str:
        return "draw discard"


@attrs.frozen
class Discard:
    """Discard `card` and end the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Knock:
    """Knock, putting `card` away; the arrangement follows (`Spread`) when there is a choice."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"knock {self.card}"


@attrs.frozen
class Gin:
    """Go gin, putting `card` away: the other ten cards are all melded."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"gin {self.card}"


@attrs.frozen
class DoubleGin:
    """Go out with every card melded and none put away (tournament: worth two Gins)."""

    player: int

    def __str__(self) -> str:
        return "double gin"


@attrs.frozen
class Spread:
    """The knocker's melds; the rest of the ten cards is the deadwood."""

    player: int
    melds: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "spread " + ", ".join(cards_text(m) for m in self.melds)


Move: TypeAlias = TakeUpcard | Pass | DrawStock | DrawDiscard | Discard | Knock | Gin | DoubleGin | Spread
MOVE_TYPES: Final = (TakeUpcard, Pass, DrawStock, DrawDiscard, Discard, Knock, Gin, DoubleGin, Spread)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""

# ---------------------------------------------------------------------------------------------
# Prebuilt per seat (and card)

SEATS: Final = (0, 1)


def by_card(make: Callable[[int, Card], T]) -> tuple[tuple[T, ...], ...]:
    """`table[seat][card.index]`: `make(seat, card)` for every card of the pack. The indices of
    cards outside the pack hold `make(seat, HIDDEN)`, a placeholder no legal move reaches."""
    rows = []
    for seat in SEATS:
        row = [make(seat, HIDDEN)] * CARD_INDICES
        for card in PACK:
            row[card.index] = make(seat, card)
        rows.append(tuple(row))
    return tuple(rows)


TAKE: Final = (TakeUpcard(0), TakeUpcard(1))
PASS: Final = (Pass(0), Pass(1))
STOCK: Final = (DrawStock(0), DrawStock(1))
PILE: Final = (DrawDiscard(0), DrawDiscard(1))
DOUBLE_GIN: Final = (DoubleGin(0), DoubleGin(1))
PASS_EVENTS: Final = tuple((Event(EventKind.PASSES, player=p),) for p in SEATS)
DISCARD: Final = by_card(lambda p, c: Discard(p, c))
DISCARD_EVENTS: Final = by_card(lambda p, c: (Event(EventKind.DISCARDS, player=p, cards=(c,)),))
STOCK_EVENTS: Final = by_card(lambda p, c: (Event(EventKind.DRAWS, player=p, cards=(c,), private=True),))
"""`STOCK_EVENTS[seat][card.index]`: the seat draws the card from the stock, seen by it alone."""
KNOCK: Final = by_card(lambda p, c: Knock(p, c))
GIN: Final = by_card(lambda p, c: Gin(p, c))
