"""A generic plain-text picture of any game state or view, built from its attrs fields.

Games may register a better `render`; this one serves every game from the first day and keeps
golden playthrough files free of object ids and version numbers.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence

import attrs

from parlour.core.cards import Card
from parlour.core.rng import Rng

__all__ = ["by_suit", "describe", "format_value", "grouped_cards", "seats_text"]

_SKIPPED = frozenset({"options", "events", "rng"})


def format_value(value: object) -> str:
    """Cards as notation, enums by name, tuples as lists, attrs values as `Name(field=...)`."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.name.lower()
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return str(value)
    if isinstance(value, Rng):
        return "rng"
    if isinstance(value, (tuple, frozenset)):
        items = list(value) if isinstance(value, tuple) else sorted(value, key=format_value)
        if items and all(isinstance(item, Card) for item in items):
            return "[" + " ".join(map(str, items)) + "]"
        return "[" + ", ".join(format_value(item) for item in items) + "]"
    cls = type(value)
    if attrs.has(cls):
        fields = attrs.fields(cls)
        inner = ", ".join(f"{f.name}={format_value(getattr(value, f.name))}" for f in fields)
        return f"{type(value).__name__}({inner})"
    return repr(value)


def describe(state: object) -> str:
    """One line per field of the state, skipping options, events and the random source."""
    cls = type(state)
    if not attrs.has(cls):
        return repr(state)
    lines = []
    for field in attrs.fields(cls):
        if field.name in _SKIPPED:
            continue
        lines.append(f"{field.name}: {format_value(getattr(state, field.name))}")
    return "\n".join(lines)


def grouped_cards(cards: Sequence[Card], *, by: Callable[[Card], object]) -> str:
    """Cards in the order given, runs with the same key set apart: "4C | 4D 6D QD | 2S 10S".

    Games pass `by=lambda c: c.suit` for a hand sorted by suit, or the rank for rank order.
    """
    groups: list[list[Card]] = []
    for card in cards:
        if groups and by(groups[-1][0]) == by(card):
            groups[-1].append(card)
        else:
            groups.append([card])
    return " | ".join(" ".join(map(str, g)) for g in groups)


def by_suit(cards: Sequence[Card]) -> str:
    """A hand sorted by suit with the suits set apart: "AC 2C 3C | 9D | 7S KS"."""
    return grouped_cards(cards, by=lambda card: card.suit)


def seats_text(seats: Sequence[int]) -> str:
    """"seat 2" or "seats 0, 3"."""
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))
