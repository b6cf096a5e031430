"""Canasta's moves, their notation, and the move objects prebuilt for the hot path.

Each move is a small frozen record whose `str` is its notation: "draw stock", "take pile",
"take pile with 9H 9D", "meld 7C 7D 7H", "add 7S", "add JK to 7", "ask partner",
"answer yes", "answer no", "discard QS", "end hand". The moves that do not depend on the
position beyond a seat and a card are built once here (`seat_card_table`) and looked up.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, Rank, cards_text, seat_card_table
from parlour.core.events import EventKind, seat_card_events
from parlour.core.values import builder
from parlour.games.canasta.scoring import PACK


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (red threes drawn are laid out and replaced)."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakePile:
    """Take the discard pile: its top card goes to the table at once, with `cards` from the
    hand (none: onto the side's meld of that rank; a natural pair; or a natural and a wild)."""

    player: int
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return f"take pile with {cards_text(self.cards)}" if self.cards else "take pile"


@attrs.frozen
class Meld:
    """Lay a new meld of the side: three naturals, two naturals and a wild, or the black
    threes when going out."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"meld {cards_text(self.cards)}"


@attrs.frozen
class AddCard:
    """Add one card to the side's meld of rank `onto`."""

    player: int
    card: Card
    onto: Rank

    def __str__(self) -> str:
        if self.card.rank is self.onto:
            return f"add {self.card}"
        return f"add {self.card} to {self.onto}"


@attrs.frozen
class AskPartner:
    """Ask the partner whether the side may go out this turn."""

    player: int

    def __str__(self) -> str:
        return "ask partner"


@attrs.frozen
class Answer:
    """The partner's binding answer to `AskPartner`."""

    player: int
    yes: bool

    def __str__(self) -> str:
        return "answer yes" if self.yes else "answer no"


@attrs.frozen
class Discard:
    """Discard `card`, ending the turn (the last card: going out)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class EndHand:
    """With the stock gone: decline the discard pile (or, after a red three was the last
    card, stop melding), which ends the hand."""

    player: int

    def __str__(self) -> str:
        return "end hand"


Move: TypeAlias = DrawStock | TakePile | Meld | AddCard | AskPartner | Answer | Discard | EndHand
MOVE_TYPES: Final = (DrawStock, TakePile, Meld, AddCard, AskPartner, Answer, Discard, EndHand)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""

SEATS: Final = 4
DRAW: Final = tuple(DrawStock(p) for p in range(SEATS))
TAKE: Final = tuple(TakePile(p) for p in range(SEATS))
ASK: Final = tuple(AskPartner(p) for p in range(SEATS))
ANSWERS: Final = tuple((Answer(p, True), Answer(p, False)) for p in range(SEATS))
END: Final = tuple(EndHand(p) for p in range(SEATS))
_ADD_CARD: Final = builder(AddCard)
"""`AddCard(player, card, rank)` for the tables below (cheaper at import)."""
DISCARD: Final = seat_card_table(builder(Discard), SEATS, PACK)
"""`DISCARD[seat][card.index]`."""
ADD: Final = seat_card_table(lambda p, c: _ADD_CARD(p, c, c.rank), SEATS, PACK)
"""`ADD[seat][card.index]`: a natural added to the meld of its own rank."""
WILD_ADD: Final = seat_card_table(
    lambda p, c: tuple(_ADD_CARD(p, c, Rank(r)) for r in range(14)),
    SEATS,
    tuple(c for c in PACK if c.rank in (Rank.TWO, Rank.JOKER)),
)
"""`WILD_ADD[seat][card.index][rank]`: a wild card added to the meld of that rank (the entries
for ranks that never hold a meld are placeholders no legal move reaches)."""
DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, SEATS, PACK)
"""`DISCARD_EVENTS[seat][card.index]`: the events of a discard."""
DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, SEATS, PACK, private=True)
"""`DRAW_EVENTS[seat][card.index]`: the seat draws the card from the stock, seen by it alone."""
ADD_EVENTS: Final = seat_card_events(EventKind.LAYS_OFF, SEATS, PACK)
"""`ADD_EVENTS[seat][card.index]`: the seat adds the card to a meld of its side."""
