"""Desert Rummy's moves: the move classes and their notation, `Move` and `MOVE_TYPES`, and the
moves and events prebuilt per seat and card (or built once and handed out again)."""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import JOKER, Card, Rank, cards_text, seat_card_table, standard_pack
from parlour.core.events import Event, EventKind, make_event
from parlour.core.values import builder
from parlour.games.desert_rummy.tables import PLAYERS, RULES

# Moves -----------------------------------------------------------------------------------------


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (it may not be discarded this turn)."""

    player: int

    def __str__(self) -> str:
        return "take discard"


@attrs.frozen
class MakeMeld:
    """Lay a meld: a contract meld, or later a new meld of three cards. A run lists its cards
    from its low end, so each wild's place is fixed; a set lists naturals, then wilds."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "meld " + cards_text(self.cards)


@attrs.frozen
class LayOff:
    """Add `card` to the player's own table meld numbered `meld` (from 1, in the order laid).
    `end` is "low" or "high" for a wild or an ace laid off onto a run (which could go to
    either end), else empty."""

    player: int
    card: Card
    meld: int
    end: str = ""

    def __str__(self) -> str:
        text = f"lay off {self.card} on {self.meld}"
        return f"{text} {self.end}" if self.end else text


@attrs.frozen
class Swap:
    """Put the natural `card` in place of the wild standing for it in the run numbered `meld`;
    the freed wild must be played at once."""

    player: int
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"swap {self.card} into {self.meld}"


@attrs.frozen
class Discard:
    """Discard a card face up, ending the turn (the last card: going out)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


Move: TypeAlias = DrawStock | TakeDiscard | MakeMeld | LayOff | Swap | Discard
MOVE_TYPES: Final = (DrawStock, TakeDiscard, MakeMeld, LayOff, Swap, Discard)
_END_NAMED: Final = frozenset({Rank.ACE, Rank.TWO, Rank.JOKER})
"""Lay-offs of these onto a run name the end (they could go either way)."""

_ALL_CARDS: Final = (*standard_pack(), JOKER)
_SEATS: Final = max(PLAYERS)
_DRAWS: Final = tuple(DrawStock(s) for s in range(_SEATS))
_DRAW_OR_TAKE: Final = tuple((DrawStock(s), TakeDiscard(s)) for s in range(_SEATS))
_DRAW_ONLY: Final = tuple((d,) for d in _DRAWS)
_DISCARDS: Final = seat_card_table(builder(Discard), _SEATS, _ALL_CARDS)
_DISCARD_EVENTS: Final = seat_card_table(lambda s, c: make_event(EventKind.DISCARDS, s, (c,), (), "", False), _SEATS, _ALL_CARDS)
_DRAW_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.DRAWS, s, (c,), (), "", True), _SEATS, _ALL_CARDS
)
_TAKE_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.TAKES, s, (c,), (), "the discard", False), _SEATS, _ALL_CARDS
)
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=s) for s in range(_SEATS))
_IS_WILD: Final = tuple(any(c.index == i and RULES.is_wild(c) for c in _ALL_CARDS) for i in range(80))


_MOVES: Final[dict[tuple[int, int, int, bool | None], Move]] = {}
"""Lay-off moves built once and handed out again (keyed by their fields, a card by its index)."""


_MELDS: Final[dict[int, MakeMeld]] = {}
"""Meld moves built once and handed out again (keyed by the seat and the cards' indices packed
in one int: ints hash in C, while a `Card`'s cached hash is a Python-level call)."""


def _meld_move(seat: int, cards: tuple[Card, ...]) -> MakeMeld:
    key = seat
    for c in cards:  # base-128 digits: a card's index is 14..79 and a seat below 14, so one-to-one
        key = key << 7 | c.index
    move = _MELDS.get(key)
    if move is None:
        if len(_MELDS) > 200_000:
            _MELDS.clear()
        move = _MELDS[key] = MakeMeld(seat, cards)
    return move


def _lay_move(seat: int, card: Card, number: int, low: bool | None) -> Move:
    """The lay-off onto meld `number`: `low` None onto a set, else the run's end."""
    key = (seat, card.index, number, low)
    move = _MOVES.get(key)
    if move is None:
        if len(_MOVES) > 200_000:
            _MOVES.clear()
        end = "" if low is None or card.rank not in _END_NAMED else "low" if low else "high"
        move = _MOVES[key] = LayOff(seat, card, number, end)
    return move
