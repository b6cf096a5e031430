"""Push's moves, their notation and the prebuilt per-seat, per-card move and event tables."""

from __future__ import annotations

import enum
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, seat_card_table
from parlour.core.events import Event, EventKind, make_event
from parlour.core.values import builder
from parlour.core.melds import Meld, MeldKind
from parlour.games.push.tables import _CARDS, _WILD


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Take:
    """Take the top card of the discard pile into hand."""

    player: int

    def __str__(self) -> str:
        return "take"


@attrs.frozen
class Push:
    """Push the top discard with the top stock card (unseen) to the left; draw the next."""

    player: int

    def __str__(self) -> str:
        return "push"


def _meld_text(meld: Meld) -> str:
    parts = []
    for card, stands in zip(meld.cards, meld.stands_for()):
        if _WILD[card.index] and meld.rank is not None:
            parts.append(f"{card}={meld.rank}")
        elif _WILD[card.index] and meld.kind is MeldKind.RUN:
            parts.append(f"{card}={stands}")
        else:
            parts.append(str(card))
    return " ".join(parts)


@attrs.frozen
class MeldCards:
    """Lay a new meld from hand (a contract meld until the contract is down). A wild is written
    with what it stands for: "meld 5H 6H JK=7H", "meld 8C 8H 2D=8"."""

    player: int
    meld: Meld

    def __str__(self) -> str:
        return f"meld {_meld_text(self.meld)}"


class End(enum.IntEnum):
    """Where a lay-off goes: onto a set, or the low or high end of a run."""

    SET = 0
    LOW = 1
    HIGH = 2


_END_TEXT: Final = {End.SET: "", End.LOW: " low", End.HIGH: " high"}


@attrs.frozen
class LayOff:
    """Add a card to meld number `target` (0-based; written 1-based): "lay off 8D on 2" onto a
    set, "lay off 9S on 3 high" at an end of a run."""

    player: int
    card: Card
    target: int
    end: End = End.SET

    def __str__(self) -> str:
        return f"lay off {self.card} on {self.target + 1}{_END_TEXT[self.end]}"


@attrs.frozen
class Swap:
    """Put a natural card from hand in place of the wild `wild` of meld `target`; the freed wild
    must then be laid off or melded."""

    player: int
    card: Card
    wild: Card
    target: int

    def __str__(self) -> str:
        return f"swap {self.card} for {self.wild} on {self.target + 1}"


@attrs.frozen
class Discard:
    """Put a card on the discard pile, ending the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"
Move: TypeAlias = Take | Push | MeldCards | LayOff | Swap | Discard
MOVE_TYPES: Final = (Take, Push, MeldCards, LayOff, Swap, Discard)
_TAKES: Final = tuple(Take(s) for s in range(4))
_PUSHES: Final = tuple(Push(s) for s in range(4))
_TAKE_ONLY: Final = tuple((t,) for t in _TAKES)
_TAKE_OR_PUSH: Final = tuple((t, p) for t, p in zip(_TAKES, _PUSHES))
_DISCARDS: Final = seat_card_table(builder(Discard), 4, _CARDS)
_DISCARD_EVENTS: Final = seat_card_table(lambda s, c: make_event(EventKind.DISCARDS, s, (c,), (), "", False), 4, _CARDS)
_TAKE_EVENTS: Final = seat_card_table(lambda s, c: make_event(EventKind.TAKES, s, (c,), (), "", False), 4, _CARDS)
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=s) for s in range(4))
_DISCARD_TURNS: Final = seat_card_table(lambda s, c: (_DISCARD_EVENTS[s][c.index], _TO_PLAY[(s + 1) % 4]), 4, _CARDS)
"""A discard that passes the turn: its event and the next seat's `TO_PLAY`, by seat and card."""
_GIVE_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.GIVES, s, (c,), ((s + 1) % 4,), "", False), 4, _CARDS
)
_RECEIVE_EVENTS: Final = seat_card_table(
    lambda s, c: make_event(EventKind.RECEIVES, s, (c,), ((s + 3) % 4,), "", True), 4, _CARDS
)
_DRAW_EVENTS: Final = seat_card_table(lambda s, c: make_event(EventKind.DRAWS, s, (c,), (), "", True), 4, _CARDS)
"""The push's events (the discard given left, the stock card received, the card drawn), by
seat and card."""
