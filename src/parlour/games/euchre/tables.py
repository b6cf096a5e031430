"""Euchre's bowers as hot-path tables, and the pure helpers built on them.

Per trump suit, each card's effective suit (the left bower is a trump) and its strength inside
that suit, read from core's `bowers` once at import into tuples indexed by `Card.index`, so the
play loop finds both by a slot read and a tuple index. `effective_suit` and `trick_winner` are
the public helpers of the same rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from parlour.core import tricks
from parlour.core.cards import CARD_INDICES, SUITS, Card, Suit, parse_cards
from parlour.core.tricks import Trick

from .options import ORDER, PACK

__all__ = ["effective_suit", "trick_winner"]


def _suit_tables() -> tuple[tuple[tuple[Suit | None, ...], ...], tuple[tuple[int, ...], ...]]:
    """Per trump suit, each card's effective suit and strength by `Card.index`, from `bowers`."""
    suits, powers = [], []
    for trump in SUITS:
        suit_of, power = tricks.bowers(trump, ORDER)
        s: list[Suit | None] = [None] * CARD_INDICES
        p = [-1] * CARD_INDICES
        for card in PACK:
            s[card.index], p[card.index] = suit_of(card), power(card)
        suits.append(tuple(s))
        powers.append(tuple(p))
    return tuple(suits), tuple(powers)


_SUIT_TABLE, _POWER_TABLE = _suit_tables()


def _lookup_suit(table: tuple[Suit | None, ...]) -> Callable[[Card], Suit | None]:
    return lambda card: table[card.index]


def _lookup_power(table: tuple[int, ...]) -> Callable[[Card], int]:
    return lambda card: table[card.index]


_SUIT_OF: Final = tuple(_lookup_suit(t) for t in _SUIT_TABLE)
"""`_SUIT_OF[trump](card)`: the card's effective suit (`bowers`, read from a table)."""
_POWER: Final = tuple(_lookup_power(t) for t in _POWER_TABLE)
"""`_POWER[trump](card)`: the card's strength inside its effective suit."""


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit `card` belongs to for following and winning when `trump` is trump: its printed
    suit, except the left bower (the jack of the other suit of trump's colour), which is trump.

    >>> effective_suit(Card.parse("JC"), Suit.SPADES), effective_suit(Card.parse("JC"), Suit.HEARTS)
    (<Suit.SPADES: 3>, <Suit.CLUBS: 0>)
    """
    if not isinstance(trump, Suit):
        raise ValueError(f"trump must be a Suit, not {trump!r}")
    if not isinstance(card, Card) or card.suit is None:
        raise ValueError(f"{card!r} is not a card of a suit")
    suit = tricks.bowers(trump, ORDER)[0](card)
    assert suit is not None
    return suit


def trick_winner(cards: Sequence[Card], trump: Suit) -> int:
    """The index in `cards` (in play order, the first card led) of the card that wins a Euchre
    trick: the highest trump (right bower, left bower, A K Q 10 9) if any was played, else the
    highest card of the suit led. Bowers count as trump; a trick may have 2 to 4 cards (lone hands).

    >>> trick_winner(parse_cards("9H AH 9S JD"), Suit.HEARTS), trick_winner(parse_cards("KD JD QD"), Suit.SPADES)
    (3, 0)
    """
    if not isinstance(trump, Suit):
        raise ValueError(f"trump must be a Suit, not {trump!r}")
    played = tuple(cards)
    if not played:
        raise ValueError("an empty trick has no winner")
    if any(not isinstance(c, Card) or c.suit is None for c in played):
        raise ValueError("a Euchre trick holds cards of a suit only")
    suit_of, power = tricks.bowers(trump, ORDER)
    trick = Trick(0, played, tuple(range(len(played))))
    return tricks.trick_winner(trick, order=ORDER, trump=trump, suit_of=suit_of, power=power)
