"""Gin Rummy's moves, their notation, and the move objects and events prebuilt for the hot path.

Each move is a small frozen record whose `str` is its notation ("take upcard", "pass", "draw
stock", "draw discard", "discard 7H", "knock 7H", "gin 7H", "spread 4H 5H 6H, 9C 9D 9S"). Since
`legal_moves` runs every ply, the moves and events that do not depend on the position are built
once here, per seat (and per card), and looked up rather than constructed.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, cards_text
from parlour.core.events import Event
from parlour.games.gin_rummy.scoring import BIT, PACK


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
    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class DrawDiscard:
    player: int

    def __str__(self) -> str:
        return "draw discard"


@attrs.frozen
class Discard:
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
class Spread:
    """The knocker's melds; the rest of the ten cards is the deadwood."""

    player: int
    melds: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "spread " + ", ".join(cards_text(m) for m in self.melds)


Move: TypeAlias = TakeUpcard | Pass | DrawStock | DrawDiscard | Discard | Knock | Gin | Spread

# ---------------------------------------------------------------------------------------------
# Prebuilt per seat (and card)

TAKE: Final = (TakeUpcard(0), TakeUpcard(1))
PASS: Final = (Pass(0), Pass(1))
STOCK: Final = (DrawStock(0), DrawStock(1))
PILE: Final = (DrawDiscard(0), DrawDiscard(1))
# Per card and seat, built once: the card's discard move, its bit and event (one hash per use).
DISCARD: Final = tuple({c: (Discard(p, c), BIT[c], Event("discards", p, (c,))) for c in PACK} for p in (0, 1))
STOCK_EVENT: Final = tuple({c: Event("draws from the stock", p, (c,), private=True) for c in PACK} for p in (0, 1))
KNOCK: Final = tuple({c: Knock(p, c) for c in PACK} for p in (0, 1))
GIN: Final = tuple({c: Gin(p, c) for c in PACK} for p in (0, 1))
