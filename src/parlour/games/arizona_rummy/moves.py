"""Arizona Rummy's moves, one small class per kind of choice, and their prebuilt tables for
the hot path (per seat, per card)."""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import JOKER, Card, seat_card_table, standard_pack
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.melds import Meld
from parlour.games.arizona_rummy.melding import PLAYERS, meld_text


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakePile:
    """Take the top card of a player's pile (`pile` is its owner)."""

    player: int
    pile: int
    card: Card

    def __str__(self) -> str:
        return f"take {self.card} from {self.pile}"


@attrs.frozen
class Discard:
    """Put a card on one's own pile, ending the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class GoOut:
    """Lay every card but one down in melds and put the last one away face down."""

    player: int

    def __str__(self) -> str:
        return "go out"


@attrs.frozen
class LayMeld:
    """In the lay-down: put a three-card meld from the hand on the table."""

    player: int
    meld: Meld

    def __str__(self) -> str:
        return "meld " + meld_text(self.meld)


@attrs.frozen
class LayOff:
    """In the lay-down: add a card to one's own meld number `target` (0-based; shown 1-based);
    `low`: a wild goes to the low end of a run."""

    player: int
    card: Card
    target: int
    low: bool = False
    end: bool = False
    """The text names the end (a wild onto a run)."""

    def __str__(self) -> str:
        text = f"lay off {self.card} on {self.target + 1}"
        if self.end:
            text += " low" if self.low else " high"
        return text


@attrs.frozen
class LayDownBest:
    """In the lay-down: lay the arrangement leaving the fewest points, ending the lay-down."""

    player: int

    def __str__(self) -> str:
        return "lay down best"


@attrs.frozen
class Done:
    """End one's lay-down; the cards left count."""

    player: int

    def __str__(self) -> str:
        return "done"


Move: TypeAlias = DrawStock | TakePile | Discard | GoOut | LayMeld | LayOff | LayDownBest | Done
MOVE_TYPES: Final = (DrawStock, TakePile, Discard, GoOut, LayMeld, LayOff, LayDownBest, Done)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""


_SEATS: Final = max(PLAYERS)
_EVERY_CARD: Final = (*standard_pack(), JOKER)
_DRAW: Final = tuple(DrawStock(p) for p in range(_SEATS))
_GO_OUT: Final = tuple(GoOut(p) for p in range(_SEATS))
_BEST: Final = tuple(LayDownBest(p) for p in range(_SEATS))
_DONE: Final = tuple(Done(p) for p in range(_SEATS))
_DISCARDS: Final = seat_card_table(Discard, _SEATS, _EVERY_CARD)
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, _SEATS, _EVERY_CARD, private=True)
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=p) for p in range(_SEATS))
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, _SEATS, _EVERY_CARD)
