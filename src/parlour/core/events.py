"""Events: what the last move caused, for frontends to narrate and animate.

An `Event` is a small frozen value. States carry the events of the move that produced them,
outside state equality. Events that show cards only one seat may see are `private`; a view for
anyone else shows those cards as hidden.

>>> str(Event("wins the trick", player=2))
'seat 2 wins the trick'
>>> str(Event("hand scored:", numbers=(3, 0, 17, 6)))
'hand scored: 3 0 17 6'
>>> str(redact_events((Event("draws", player=1, cards=(Card.parse("7H"),), private=True),), 0)[0])
'seat 1 draws ??'
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from parlour.core.cards import HIDDEN, Card

__all__ = ["Event", "redact_events"]


@attrs.frozen
class Event:
    """One thing that happened: who (if anyone), a short verb phrase, the cards and numbers."""

    what: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    numbers: tuple[int, ...] = ()
    private: bool = False
    """The cards are seen by `player` alone (a card drawn from the stock, a pass)."""

    def __str__(self) -> str:
        parts = [] if self.player is None else [f"seat {self.player}"]
        parts.append(self.what)
        parts.extend(str(card) for card in self.cards)
        parts.extend(str(n) for n in self.numbers)
        return " ".join(parts)


def redact_events(events: Iterable[Event], viewer: int | None) -> tuple[Event, ...]:
    """The events as `viewer` (None: a spectator) may see them."""
    return tuple(
        attrs.evolve(e, cards=(HIDDEN,) * len(e.cards))
        if e.private and e.player != viewer and e.cards
        else e
        for e in events
    )
