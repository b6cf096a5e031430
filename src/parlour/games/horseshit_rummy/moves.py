"""Horseshit Rummy moves: the move classes and their notation, `Move` and `MOVE_TYPES`, and the
moves and events prebuilt per seat and card for the play loop.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, cards_text, seat_card_table
from parlour.core.events import EventKind, make_event, seat_card_events
from parlour.games.horseshit_rummy.options import _PACKS, PLAYERS


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class Take:
    """Take the discard at `depth` (1 is the top) and every card above it."""

    player: int
    depth: int

    def __str__(self) -> str:
        return f"take {self.depth}"


@attrs.frozen
class MakeMeld:
    """Lay a new set of three cards on the table (naturals first, then wild cards)."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"meld {cards_text(self.cards)}"


@attrs.frozen
class LayOff:
    """Add `card` to table meld number `meld` (counted from 0 in the order laid)."""

    player: int
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"lay off {self.card} on {self.meld}"


@attrs.frozen
class Discard:
    """Discard `card`, ending the turn (going out when it is the last card)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Pass:
    """With the stock empty, refuse to draw: the hand ends."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = DrawStock | Take | MakeMeld | LayOff | Discard | Pass
MOVE_TYPES: Final = (DrawStock, Take, MakeMeld, LayOff, Discard, Pass)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""

_SEATS: Final = max(PLAYERS)
_PACK: Final = _PACKS[3]
_DRAW: Final = tuple(DrawStock(p) for p in range(_SEATS))
_PASS: Final = tuple(Pass(p) for p in range(_SEATS))
_DISCARD: Final = seat_card_table(lambda p, c: Discard(p, c), _SEATS, _PACK)
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, _SEATS, _PACK, private=True)
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, _SEATS, _PACK)
_TAKE_TOP_EVENTS: Final = seat_card_table(
    lambda p, c: (make_event(EventKind.TAKES, p, (c,), (), "discard pile", False),), _SEATS, _PACK
)


_TAKES: Final = tuple(tuple(Take(p, d) for d in range(len(_PACKS[4]) + 1)) for p in range(_SEATS))
"""`_TAKES[seat][depth]`: every take move, prebuilt."""


_MELDS: Final[tuple[dict[int, MakeMeld], ...]] = tuple({} for _ in range(_SEATS))
"""The three-card meld moves built so far, per seat, by the cards' indices (7 bits each)."""


def _meld_move(player: int, cards: tuple[Card, Card, Card]) -> MakeMeld:
    """The meld move, built once per seat and cards."""
    a, b, c = cards
    key = a.index << 14 | b.index << 7 | c.index
    row = _MELDS[player]
    move = row.get(key)
    if move is None:
        move = row[key] = MakeMeld(player, cards)
    return move


_LAY_OFFS: Final[tuple[dict[int, LayOff], ...]] = tuple({} for _ in range(_SEATS))
"""The lay-off moves built so far, per seat, by `card.index << 10 | meld`."""


def _lay_off_move(player: int, card: Card, meld: int) -> LayOff:
    """The lay-off move, built once per seat, card and meld number."""
    key = card.index << 10 | meld
    row = _LAY_OFFS[player]
    move = row.get(key)
    if move is None:
        move = row[key] = LayOff(player, card, meld)
    return move
