"""10 Dime Rummy moves: the move classes and their notation, `Move` and `MOVE_TYPES`, and the
moves, events and per-card tables prebuilt for the play loop.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import JOKER, SORT_KEYS, Card, cards_text, seat_card_table, standard_pack
from parlour.core.events import Event, EventKind, make_event, seat_card_events
from parlour.core.game import builder
from parlour.games.ten_dime_rummy.options import PLAYERS


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class Buy:
    """Pay a dime into the pot for the top discard `card` (and the extra stock cards)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"buy {self.card}"


@attrs.frozen
class Pass:
    """Let the discard go in the out-of-turn buying window."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class MakeMeld:
    """Lay a new set of `cards` (naturals, then wilds, each in display order)."""

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


_MAKE_MELD: Final = builder(MakeMeld)
"""`MakeMeld(player, cards)` for the hot path."""
_LAY_OFF_MOVE: Final = builder(LayOff)
"""`LayOff(player, card, meld)` for the hot path."""

Move: TypeAlias = DrawStock | Buy | Pass | MakeMeld | LayOff | Discard
MOVE_TYPES: Final = (DrawStock, Buy, Pass, MakeMeld, LayOff, Discard)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""

_SEATS: Final = max(PLAYERS)
_CARDS: Final = standard_pack(jokers=1)
_DRAW: Final = tuple(DrawStock(p) for p in range(_SEATS))
_PASS: Final = tuple(Pass(p) for p in range(_SEATS))
_BUY: Final = seat_card_table(builder(Buy), _SEATS, _CARDS)
_DISCARD: Final = seat_card_table(builder(Discard), _SEATS, _CARDS)
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, _SEATS, _CARDS)
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, _SEATS, _CARDS, private=True)
_PASS_EVENTS: Final = tuple((Event(EventKind.PASSES, player=p),) for p in range(_SEATS))
_BUY_EVENTS: Final = seat_card_table(
    lambda p, c: (make_event(EventKind.TAKES, p, (c,), (), "buys for a dime", False),), _SEATS, _CARDS
)
_BUY_BLIND_EVENTS: Final = tuple(
    (Event(EventKind.TAKES, player=p, label="buys the top discard for a dime"),) for p in range(_SEATS)
)


class _LayOffs(dict[int, LayOff]):
    """`lay[meld << 7 | card.index]`: one seat's lay-off moves, each built on first use (the
    play loop then hands out the same objects; only the pairs that occur are ever built)."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, key: int) -> LayOff:
        card = _CARD_OF_INDEX[key & 127]
        move = self[key] = _LAY_OFF_MOVE(self.player, card, key >> 7)
        return move


class _Threes(dict[int, MakeMeld]):
    """`three[a.index << 14 | b.index << 7 | c.index]`: one seat's three-card melds "meld a b
    c", each built on first use (the play loop offers the same objects again; one int key
    instead of a tuple of cards)."""

    def __init__(self, player: int) -> None:
        super().__init__()
        self.player = player

    def __missing__(self, key: int) -> MakeMeld:
        cards = (_CARD_OF_INDEX[key >> 14], _CARD_OF_INDEX[key >> 7 & 127], _CARD_OF_INDEX[key & 127])
        move = self[key] = _MAKE_MELD(self.player, cards)
        return move


_CARD_OF_INDEX: Final = {c.index: c for c in _CARDS}
"""The card of each `Card.index` in the pack."""
_LAY_OFF: Final = tuple(_LayOffs(p) for p in range(_SEATS))
_THREES: Final = tuple(_Threes(p) for p in range(_SEATS))
_RANK_NO: Final = tuple(
    -1 if i == JOKER.index else 0 if i % 16 == 2 else i % 16 for i in range(80)
)
"""By `card.index`: the rank number of a natural card, 0 for a two, -1 for the joker."""
_GROUP_OF: Final = tuple(14 if i == JOKER.index else i % 16 for i in range(80))
"""By `card.index`: the rank number (twos 2, the joker 14), a slot of `_legal_play`'s groups."""
_DISPLAY: Final = tuple(k + (1000 if _RANK_NO[i] <= 0 else 0) for i, k in enumerate(SORT_KEYS))
"""By `card.index`: a set's display order, naturals first, then wilds."""
