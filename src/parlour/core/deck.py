"""Decks and dealing: fixed decks for tests and replays, shuffles and round-robin deals.

>>> from parlour.core.cards import standard_pack
>>> hands, rest = deal(standard_pack()[:10], players=3, first=1, each=3)
>>> [" ".join(map(str, h)) for h in hands], len(rest)
(['3C 6C 9C', 'AC 4C 7C', '2C 5C 8C'], 1)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from parlour.core.cards import HIDDEN, Card, cards_text, parse_cards
from parlour.core.rng import Rng

__all__ = ["deal", "deal_all", "fixed_deck", "shuffled_or_fixed"]


def fixed_deck(deck: object, pack: Sequence[Card]) -> tuple[Card, ...]:
    """`deck` as cards, top card first; ValueError unless it is a permutation of `pack`."""
    if isinstance(deck, (bytes, bytearray)) or not isinstance(deck, (str, Sequence)):
        raise ValueError(f"deck= must be a sequence of cards such as 'AS' or Card values, not {type(deck).__name__}")
    if not isinstance(deck, str):
        if len(deck) > 2 * len(pack):
            raise ValueError(f"deck= must be the {len(pack)}-card pack in some order, not {len(deck)} items")
        odd = next((item for item in deck if not isinstance(item, (str, Card))), None)
        if odd is not None:
            raise ValueError(f"deck= holds cards as text such as 'AS' or Card values, not {odd!r}")
    cards = parse_cards(deck)
    if HIDDEN in cards:
        raise ValueError("deck= must show every card's face, not the hidden card '??'")
    if Counter(cards) != Counter(pack):
        extra = Counter(cards) - Counter(pack)
        missing = Counter(pack) - Counter(cards)
        detail = []
        if extra:
            detail.append(f"not in the pack or too many: {cards_text(sorted(extra.elements(), key=lambda c: c.sort_key))}")
        if missing:
            detail.append(f"missing: {cards_text(sorted(missing.elements(), key=lambda c: c.sort_key))}")
        raise ValueError(f"deck= must be the {len(pack)}-card pack in some order; " + "; ".join(detail))
    return cards


def shuffled_or_fixed(
    pack: Sequence[Card], rng: Rng, deck: Sequence[Card | str] | None
) -> tuple[tuple[Card, ...], Rng]:
    """The deck for a deal: the given fixed deck (checked) or a shuffle of `pack` from `rng`."""
    if deck is not None:
        return fixed_deck(deck, pack), rng
    return rng.shuffled(pack)


def deal(
    cards: Sequence[Card], *, players: int, first: int, each: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deals `each` cards one at a time clockwise starting at seat `first`, from the top.

    Returns the hands (indexed by seat, in the order received) and the undealt rest.
    """
    need = players * each
    if need > len(cards):
        raise ValueError(f"cannot deal {each} cards to {players} players from {len(cards)} cards")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(need):
        hands[(first + i) % players].append(cards[i])
    return tuple(tuple(h) for h in hands), tuple(cards[need:])


def deal_all(cards: Sequence[Card], *, players: int, first: int) -> tuple[tuple[Card, ...], ...]:
    """Deals the whole pack one at a time clockwise from seat `first`; early seats may get one more."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(first + i) % players].append(card)
    return tuple(tuple(h) for h in hands)
