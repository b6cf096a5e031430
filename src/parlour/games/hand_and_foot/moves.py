"""Hand and Foot's moves and their prebuilt lookup tables."""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import JOKER, Card, Rank, cards_text, seat_card_table, standard_pack
from parlour.core.values import builder
from parlour.games.hand_and_foot.tables import PLAYERS, WILD_MELD


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Draw:
    """Draw two cards from the stock (what is left, if fewer)."""

    player: int

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakePile:
    """Take the whole discard pile, melding its top card with a natural pair at once."""

    player: int

    def __str__(self) -> str:
        return "take pile"


@attrs.frozen
class Meld:
    """Start a new meld with three cards from hand."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"meld {cards_text(self.cards)}"


@attrs.frozen
class AddCard:
    """Add one card to the team's open meld of rank `onto` (`Rank.JOKER`: the wild meld)."""

    player: int
    card: Card
    onto: Rank

    def __str__(self) -> str:
        return f"add {self.card} to {'wild' if self.onto is WILD_MELD else self.onto}"


@attrs.frozen
class Discard:
    """Put one card on the discard pile, ending the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class DumpThrees:
    """Playing from the foot with 6 or more black 3s: discard them all at once."""

    player: int

    def __str__(self) -> str:
        return "discard black threes"


@attrs.frozen
class TakeBack:
    """Return the provisional melds of an opening that did not reach the minimum."""

    player: int

    def __str__(self) -> str:
        return "take back"


Move: TypeAlias = Draw | TakePile | Meld | AddCard | Discard | DumpThrees | TakeBack
MOVE_TYPES: Final = (Draw, TakePile, Meld, AddCard, Discard, DumpThrees, TakeBack)
_ALL_CARDS: Final = (*standard_pack(), JOKER)
_DISCARDS: Final = seat_card_table(builder(Discard), max(PLAYERS), _ALL_CARDS)
_DRAWS: Final = tuple(Draw(s) for s in range(max(PLAYERS)))
_PILES: Final = tuple(TakePile(s) for s in range(max(PLAYERS)))
_DUMPS: Final = tuple(DumpThrees(s) for s in range(max(PLAYERS)))
_BACKS: Final = tuple(TakeBack(s) for s in range(max(PLAYERS)))


_MOVE_CACHE: Final[dict[int, Move]] = {}
"""New-meld moves built once, by seat and the three cards' indices."""


def _meld_move(seat: int, trio: tuple[Card, ...]) -> Move:
    key = seat * 512000 + trio[0].index * 6400 + trio[1].index * 80 + trio[2].index
    move = _MOVE_CACHE.get(key)
    if move is None:
        move = _MOVE_CACHE[key] = Meld(seat, trio)
    return move
