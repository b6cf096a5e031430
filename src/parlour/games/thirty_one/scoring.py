"""Hand values and who loses at a showdown: pure functions of cards, seats and `Options`.

Values are kept in half points (`value2`), so that three of a kind at 30.5 is a whole number;
`hand_value` gives the value in points. The per-card tables are indexed by `Card.index`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from parlour.core.cards import CARD_INDICES, Card, Rank, Suit, parse_cards
from parlour.games.thirty_one.options import (
    CARD_POINTS,
    GRAND_CADILLAC_VALUE,
    HAND_SIZE,
    KNOCKER_DOUBLE,
    PACK,
    STRAIGHT_FLUSH_VALUE,
    THREE_OF_A_KIND_VALUE,
    KnockerTie,
    On31AfterKnock,
    Options,
    Scoring,
    ThreeOfAKind,
)

__all__ = [
    "HIGH_RANK",
    "POINTS",
    "SORT_KEY",
    "SUIT_OF",
    "half_text",
    "hand_value",
    "insert_card",
    "is_run",
    "losses_on_31",
    "may_blitz",
    "rank_key",
    "showdown",
    "showdown_result",
    "sorted3",
    "value2",
]

# Tables --------------------------------------------------------------------------------

_POINTS_AT = [0] * CARD_INDICES
_SUIT_AT = [0] * CARD_INDICES
for _card in PACK:
    _POINTS_AT[_card.index] = CARD_POINTS[_card.rank]
    _SUIT_AT[_card.index] = int(_card.suit) if _card.suit is not None else 0
del _card
POINTS: Final = tuple(_POINTS_AT)
"""`POINTS[card.index]`: the card's count."""
SUIT_OF: Final = tuple(_SUIT_AT)
HIGH_RANK: Final = {Rank.ACE: 14}


def value2(cards: tuple[Card, ...], o: Options) -> int:
    """The hand's value in half points (so that 30.5 is a whole number)."""
    if len(cards) != HAND_SIZE:
        sums = [0, 0, 0, 0, 0]
        for card in cards:
            sums[SUIT_OF[card.index]] += POINTS[card.index]
        return max(sums) * 2
    a, b, c = cards
    ia, ib, ic = a.index, b.index, c.index
    pa, pb, pc = POINTS[ia], POINTS[ib], POINTS[ic]
    sa, sb, sc = ia >> 4, ib >> 4, ic >> 4
    if sa == sb:
        best = pa + pb + pc if sb == sc else max(pa + pb, pc)
    elif sb == sc:
        best = max(pb + pc, pa)
    elif sa == sc:
        best = max(pa + pc, pb)
    else:
        best = max(pa, pb, pc)
    best *= 2
    if o.three_of_a_kind is not ThreeOfAKind.NONE or o.straight_flush or o.three_aces:
        if a.rank is b.rank is c.rank:
            if o.three_aces and a.rank is Rank.ACE:
                best = max(best, GRAND_CADILLAC_VALUE)
            else:
                best = max(best, THREE_OF_A_KIND_VALUE[o.three_of_a_kind.value])
        elif o.straight_flush and a.suit is b.suit is c.suit and is_run(cards):
            best = max(best, STRAIGHT_FLUSH_VALUE)
    return best


def is_run(cards: tuple[Card, ...]) -> bool:
    low = sorted(int(c.rank) for c in cards)
    high = sorted(HIGH_RANK.get(c.rank, int(c.rank)) for c in cards)
    return any(r[1] == r[0] + 1 and r[2] == r[1] + 1 for r in (low, high))


def rank_key(cards: tuple[Card, ...], o: Options) -> tuple[int, ...]:
    """The value and, with `poker_ties`, the ranks of the counting cards high to low."""
    value = value2(cards, o)
    if not o.poker_ties:
        return (value,)
    by_suit: dict[Suit | None, list[Card]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card)
    if len({c.rank for c in cards}) == 1 and len(cards) == HAND_SIZE and value > max(
        sum(POINTS[c.index] for c in group) * 2 for group in by_suit.values()
    ):
        counting = list(cards)
    else:
        counting = max(
            by_suit.values(),
            key=lambda g: (sum(POINTS[c.index] for c in g), sorted((HIGH_RANK.get(c.rank, int(c.rank)) for c in g), reverse=True)),
        )
    return (value, *sorted((HIGH_RANK.get(c.rank, int(c.rank)) for c in counting), reverse=True))


def showdown(
    values: Mapping[int, int], keys: Mapping[int, tuple[int, ...]], knocker: int | None, o: Options
) -> dict[int, int]:
    """Lives lost (or points won) at a showdown, by seat; seats that lose nothing are left out."""
    if o.scoring is Scoring.HIGHEST_SCORES:
        top = max(keys.values())
        best = [s for s, k in keys.items() if k == top]
        if knocker in best and len(best) > 1:
            best.remove(knocker)
        return {s: 1 for s in sorted(best)}
    low = min(values.values())
    lowest = [s for s, v in values.items() if v == low]
    if o.scoring is Scoring.KNOCK_PROMISE and knocker is not None:
        if values[knocker] >= max(values.values()):
            return {s: 1 for s in sorted(values) if s != knocker}
        return {knocker: 1}
    if knocker is None or knocker not in lowest:
        return {s: 1 for s in sorted(lowest)}
    if len(lowest) == 1:
        return {knocker: o.knocker_lowest_penalty}
    others = {s: 1 for s in sorted(lowest) if s != knocker}
    match o.knocker_tie:
        case KnockerTie.KNOCKER_SAFE:
            return others
        case KnockerTie.KNOCKER_TWO_OTHERS_ONE:
            return {knocker: KNOCKER_DOUBLE, **others}
        case KnockerTie.ONLY_KNOCKER:
            return {knocker: o.knocker_lowest_penalty}
        case KnockerTie.KNOCKER_TWO_OTHERS_NONE:
            return {knocker: KNOCKER_DOUBLE}


def losses_on_31(declarers: Sequence[int], standing: Sequence[int], knocker: int | None, o: Options) -> dict[int, int]:
    """Lives lost (or points won) when seats hold 31 (declared or dealt), unless a showdown."""
    if o.scoring is Scoring.HIGHEST_SCORES:
        return {s: 1 for s in declarers}
    losses = {s: 1 for s in standing if s not in declarers}
    if (
        knocker is not None
        and knocker in losses
        and o.scoring is Scoring.LOWEST_LOSES
        and o.on_31_after_knock is On31AfterKnock.KNOCKER_TWO
    ):
        losses[knocker] = KNOCKER_DOUBLE
    return losses


_SORT_KEY_AT = [0] * CARD_INDICES
for _card in PACK:
    _SORT_KEY_AT[_card.index] = _card.sort_key
del _card
SORT_KEY: Final = tuple(_SORT_KEY_AT)



def half_text(value: int) -> str:
    return f"{value // 2}.5" if value % 2 else str(value // 2)


def hand_value(cards: Sequence[Card], options: Options) -> int | float:
    """A hand's value: its best total in one suit (aces 11, courts 10), or where the options say
    so three of a kind (30 or 30.5), a straight flush (30) or three aces (33).

    >>> hand_value(parse_cards("AH KH QH"), Options.scat()), hand_value(parse_cards("AS KH 5H"), Options.scat())
    (31, 15)
    >>> hand_value(parse_cards("7C 8D 9S"), Options.scat()), hand_value(parse_cards("7C 7D 7S"), Options.scat())
    (9, 7)
    """
    value = value2(tuple(cards), options)
    return value // 2 if value % 2 == 0 else value / 2


def showdown_result(values: Mapping[int, float], knocker: int | None, options: Options) -> dict[int, int]:
    """Lives lost at a showdown (points won under `Scoring.HIGHEST_SCORES`, with no poker
    tie-break) by seat, from each seat's hand value and the knocker (None: nobody knocked).

    >>> showdown_result({0: 18, 1: 18, 2: 25}, 0, Options.scat())
    {1: 1}
    >>> showdown_result({0: 18, 1: 18, 2: 25}, 0, Options.metzker())
    {0: 2, 1: 1}
    """
    halves = {seat: int(v * 2) for seat, v in values.items()}
    return showdown(halves, {seat: (v,) for seat, v in halves.items()}, knocker, options)


def sorted3(a: Card, b: Card, c: Card) -> tuple[Card, ...]:
    """Three cards in hand order (by suit, ace high)."""
    keys = SORT_KEY
    ka, kb, kc = keys[a.index], keys[b.index], keys[c.index]
    if ka > kb:
        a, b, ka, kb = b, a, kb, ka
    if kb > kc:
        b, c, kb, kc = c, b, kc, kb
        if ka > kb:
            a, b = b, a
    return (a, b, c)


def may_blitz(held: tuple[Card, ...], o: Options) -> bool:
    """Whether the hand could be worth 31 or more: three of a suit (or three aces in Cadillac)."""
    a, b, c = held
    return a.suit is b.suit is c.suit or (o.three_aces and a.rank is b.rank is c.rank is Rank.ACE)


def insert_card(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`held` (sorted) with `card` in its place."""
    keys = SORT_KEY
    key = keys[card.index]
    if len(held) == 2:
        a, b = held
        if key < keys[a.index]:
            return (card, a, b)
        return (a, card, b) if key < keys[b.index] else (a, b, card)
    for i, c in enumerate(held):
        if keys[c.index] > key:
            return (*held[:i], card, *held[i:])
    return (*held, card)


