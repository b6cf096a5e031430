"""Five Hundreds moves: the move classes and their notation, `Move` and `MOVE_TYPES`, and the
moves and events prebuilt per seat and card for the play loop.
"""

from __future__ import annotations

import functools
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, cards_text, seat_card_table
from parlour.core.events import Event, EventKind
from parlour.games.five_hundreds.masks import _MELDS
from parlour.games.five_hundreds.options import PACK, PLAYERS


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
    """Lay a new meld of `cards` (a run in rank order, a set in suit order) on the table."""

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
class Rummy:
    """Call "Rummy!": take the discard `card` and lay it off on table meld `meld` at once."""

    player: int
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"rummy {self.card} on {self.meld}"


@attrs.frozen
class Pass:
    """Let a discard go in the Rummy window; or, with the stock empty, refuse to draw (the
    hand ends)."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = DrawStock | Take | MakeMeld | LayOff | Discard | Rummy | Pass
MOVE_TYPES: Final = (DrawStock, Take, MakeMeld, LayOff, Discard, Rummy, Pass)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""

_SEATS: Final = max(PLAYERS)
_DRAW: Final = tuple(DrawStock(p) for p in range(_SEATS))
_PASS: Final = tuple(Pass(p) for p in range(_SEATS))
_TAKE: Final = tuple(tuple(Take(p, d) for d in range(len(PACK) + 1)) for p in range(_SEATS))
_DISCARD: Final = seat_card_table(lambda p, c: Discard(p, c), _SEATS, PACK)
_DISCARD_EVENTS: Final = seat_card_table(lambda p, c: (Event(EventKind.DISCARDS, player=p, cards=(c,)),), _SEATS, PACK)
_DRAW_EVENTS: Final = seat_card_table(
    lambda p, c: (Event(EventKind.DRAWS, player=p, cards=(c,), private=True),), _SEATS, PACK
)
_PASS_EVENTS: Final = tuple((Event(EventKind.PASSES, player=p),) for p in range(_SEATS))
_TAKE_TOP_EVENTS: Final = seat_card_table(
    lambda p, c: (Event(EventKind.TAKES, player=p, cards=(c,), label="discard pile"),), _SEATS, PACK
)


_LAY_OFFS: Final[dict[tuple[int, int, int], LayOff]] = {}


def _lay_off_move(player: int, card: Card, meld: int) -> LayOff:
    """The lay-off move, built once per seat, card and meld number."""
    key = (player, card.index, meld)
    move = _LAY_OFFS.get(key)
    if move is None:
        move = _LAY_OFFS[key] = LayOff(player, card, meld)
    return move


@functools.cache
def _rummy_move(player: int, card: Card, meld: int) -> Rummy:
    return Rummy(player, card, meld)


@functools.cache
def _meld_move(player: int, mask: int) -> MakeMeld:
    return MakeMeld(player, _MELDS[mask].cards)
