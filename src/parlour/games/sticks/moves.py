"""Sticks' moves: the move classes and their notation, `Move` and `MOVE_TYPES`, and the moves and
events prebuilt per seat and card."""

from __future__ import annotations

from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, JOKER, Rank, cards_text, seat_card_table, standard_pack
from parlour.core.events import Event, EventKind, make_event
from parlour.core.values import builder
from parlour.core.melds import Meld, MeldKind, build_meld, rank_at
from parlour.games.sticks.tables import PLAYERS, RULES


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile."""

    player: int

    def __str__(self) -> str:
        return "take discard"


@attrs.frozen
class LayStick:
    """Start laying the face-down stick this turn (its melds follow, one move each)."""

    player: int

    def __str__(self) -> str:
        return "lay stick"


@attrs.frozen
class MakeMeld:
    """Lay a meld: a set (`low` 0) or a run listed from position `low` (1 the low ace, 14 the high)."""

    player: int
    cards: tuple[Card, ...]
    low: int = 0

    def meld(self) -> Meld:
        """The meld laid (`build_meld`: the designation is known, so no check is needed)."""
        wild = _WILD
        for natural in self.cards:
            if not wild[natural.index]:
                break
        if self.low == 0:
            return build_meld(_SET, self.cards, natural.rank, None, 0)
        return build_meld(_RUN, self.cards, None, natural.suit, self.low)

    def __str__(self) -> str:
        text = "meld " + cards_text(self.cards)
        if self.low and any(RULES.is_wild(c) for c in self.cards):
            text += f" as {rank_at(self.low).symbol}-{rank_at(self.low + len(self.cards) - 1).symbol}"
        return text


@attrs.frozen
class LayOff:
    """Add `card` to table meld number `meld` (from 1); `end` 1 the low end of a run, 2 the high
    end, 0 a set."""

    player: int
    card: Card
    meld: int
    end: int = 0

    def __str__(self) -> str:
        text = f"lay off {self.card} on {self.meld}"
        if self.end and (RULES.is_wild(self.card) or self.card.rank is Rank.ACE):
            text += " low" if self.end == 1 else " high"
        return text


@attrs.frozen
class Swap:
    """Put the natural `card` in place of `wild` in another player's set number `meld`."""

    player: int
    card: Card
    meld: int
    wild: Card

    def __str__(self) -> str:
        return f"swap {self.card} for {self.wild} on {self.meld}"


@attrs.frozen
class Discard:
    """Discard `card` and end the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class TradeStick:
    """Trade the carried-over stick in for a new one (`trade`), or keep it."""

    player: int
    trade: bool

    def __str__(self) -> str:
        return "trade stick" if self.trade else "keep stick"


Move: TypeAlias = DrawStock | TakeDiscard | LayStick | MakeMeld | LayOff | Swap | Discard | TradeStick


MOVE_TYPES: Final = (DrawStock, TakeDiscard, LayStick, MakeMeld, LayOff, Swap, Discard, TradeStick)


_SEATS: Final = max(PLAYERS)


_ALL_CARDS: Final = (*standard_pack(), JOKER)


_DRAW: Final = tuple((DrawStock(p), TakeDiscard(p)) for p in range(_SEATS))


_LAY_STICK: Final = tuple((LayStick(p),) for p in range(_SEATS))


_TRADE: Final = tuple((TradeStick(p, True), TradeStick(p, False)) for p in range(_SEATS))


_DISCARD: Final = seat_card_table(builder(Discard), _SEATS, _ALL_CARDS)


_DISCARD_EVENT: Final = seat_card_table(
    lambda p, c: make_event(EventKind.DISCARDS, p, (c,), (), "", False), _SEATS, _ALL_CARDS
)


_DRAW_EVENT: Final = seat_card_table(
    lambda p, c: make_event(EventKind.DRAWS, p, (c,), (), "", True), _SEATS, _ALL_CARDS
)


_TAKE_EVENT: Final = tuple((Event(EventKind.TAKES, player=p, label="the top discard"),) for p in range(_SEATS))
"""The card taken is not named: it was in plain sight, and it goes into a hidden hand."""


_SET: Final = MeldKind.SET
_RUN: Final = MeldKind.RUN
"""Bound once: reading an enum member through its class is slow (see DEVELOPING)."""


_BY_INDEX: Final = tuple(next((c for c in _ALL_CARDS if c.index == i), None) for i in range(80))
"""The card of each card index (None for indices no card has)."""


_WILD: Final = tuple(c is not None and RULES.is_wild(c) for c in _BY_INDEX)
"""Per card index: the card is wild."""


_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=p) for p in range(_SEATS))


_MAKE_MELD: Final = builder(MakeMeld)
"""`MakeMeld(seat, cards, low)` from every field in order, several times cheaper (hot paths)."""


_LAY_OFF: Final = builder(LayOff)
"""`LayOff(seat, card, meld, end)` from every field in order, for the hot paths."""


_SWAP: Final = builder(Swap)
"""`Swap(seat, card, meld, wild)` from every field in order, for the hot paths."""


def _meld_move(seat: int, meld: Meld) -> MakeMeld:
    return MakeMeld(seat, meld.cards, meld.low if meld.kind is MeldKind.RUN else 0)
