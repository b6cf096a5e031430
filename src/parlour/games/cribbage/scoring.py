"""Cribbage scoring: the pegging points of a card on the count and the show points of a hand.

Pure functions over cards, with the point tables of the Hoyle Card Games manual ("In Play" and
"In Hand"). The play loop reads counting values and ranks from tables indexed by `Card.index`;
the fifteens, pairs and runs of a show depend on the five ranks alone and are cached by them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import combinations
from typing import Final

from parlour.core.cards import Card, Rank, cards_text, standard_pack

__all__ = ["card_value", "peg_points", "score_hand"]

SHOW_CARDS: Final = 4
"""Cards in a hand or the crib at the show (the starter makes a fifth)."""
MAX_COUNT: Final = 31
"""The running count may not pass 31."""
HEELS: Final = 2
"""A jack turned up as the starter: two for his heels, to the dealer."""
FIFTEEN: Final = 2
"""A count of 15 in the play, or each combination making 15 in the show."""
THIRTY_ONE: Final = 2
"""A count of exactly 31."""
GO: Final = 1
"""The last card of a count short of 31 (go, or last card)."""
SAME_RANK_POINTS: Final = {2: 2, 3: 6, 4: 12}
"""Pair 2, three of a kind (pair royal) 6, four of a kind (double pair royal) 12."""
SAME_RANK_NAMES: Final = {2: "pair", 3: "pair royal", 4: "double pair royal"}
FLUSH_HAND: Final = 4
"""Four hand cards of one suit (5 with the starter of that suit too)."""
NOBS: Final = 1
"""The jack of the starter's suit in a hand or the crib."""


def card_value(card: Card) -> int:
    """The counting value: K, Q, J and 10 count 10, the ace 1, the others their pips."""
    return min(int(card.rank), 10)


# Hot-path tables by `Card.index`.
_VALUE: Final = tuple(min(i % 16, 10) for i in range(80))
_RANK: Final = tuple(i % 16 for i in range(80))
_SORT_KEY: Final = tuple((i % 16) * 4 + i // 16 for i in range(80))


_KEY_OF: Final = {card: _SORT_KEY[card.index] for card in standard_pack()}


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards in the order hands are kept: by rank, ace low, then by suit (C D H S)."""
    try:
        return tuple(sorted(cards, key=_KEY_OF.__getitem__))
    except KeyError:  # a hidden card or a joker (never in a real state)
        return tuple(sorted(cards, key=lambda c: _SORT_KEY[c.index]))


def score_hand(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """The show points of four cards with the starter: 2 per fifteen, 2 per pair, 1 per card of
    each run, a flush (4 hand cards 4, with the starter 5; a crib only with all five, 5) and
    nobs (1). ValueError for anything but four distinct cards and a fifth, the starter.

    >>> from parlour.core.cards import parse_cards
    >>> score_hand(parse_cards("4H 5H 6H 7H"), Card.parse("8C")), score_hand(parse_cards("4H 5H 6H 7H"), Card.parse("8C"), crib=True)
    (13, 9)
    """
    return sum(points for _, points in _show_parts(_check_show(hand, starter), starter, crib))


def peg_points(pile: Sequence[Card]) -> int:
    """The points the last card of `pile` pegs, `pile` being the cards played since the count
    last started at zero: 15 or 31 (2), pair 2, pair royal 6, double pair royal 12, run of n
    (n). The go and last-card point is not included. ValueError for an empty pile, duplicates,
    cards outside the pack or a count over 31.

    >>> from parlour.core.cards import parse_cards
    >>> peg_points(parse_cards("4S 4D 4H")), peg_points(parse_cards("5C 6D 6H 7S"))
    (6, 0)
    """
    cards = _check_cards(pile, "pile")
    if not cards:
        raise ValueError("pile must hold at least one card")
    count = sum(_VALUE[c.index] for c in cards)
    if count > MAX_COUNT:
        raise ValueError(f"pile counts {count}, over {MAX_COUNT}: {cards_text(cards)}")
    return sum(points for _, points in _peg_parts(cards, count))


def _check_cards(cards: Sequence[Card], what: str) -> tuple[Card, ...]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise ValueError(f"{what} must be a sequence of cards, not {type(cards).__name__}")
    for card in cards:
        if not isinstance(card, Card) or card.suit is None:
            raise ValueError(f"{what} holds {card!r}, which is not a card of the pack")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{what} holds a card twice: {cards_text(cards)}")
    return tuple(cards)


def _check_show(hand: Sequence[Card], starter: Card) -> tuple[Card, ...]:
    cards = _check_cards(hand, "hand")
    if len(cards) != SHOW_CARDS:
        raise ValueError(f"a hand to show has {SHOW_CARDS} cards, not {len(cards)}")
    if not isinstance(starter, Card) or starter.suit is None:
        raise ValueError(f"the starter {starter!r} is not a card of the pack")
    if starter in cards:
        raise ValueError(f"the starter {starter} is also in the hand")
    return cards


def _peg_parts(pile: tuple[Card, ...], count: int) -> list[tuple[str, int]]:
    """What the last card of a count scores: fifteen or thirty-one, pairs, the longest run."""
    parts: list[tuple[str, int]] = []
    if count == 15:
        parts.append(("fifteen", FIFTEEN))
    elif count == MAX_COUNT:
        parts.append(("thirty-one", THIRTY_ONE))
    rank = _RANK
    n = len(pile)
    last = rank[pile[-1].index]
    same = 1
    while same < n and rank[pile[-1 - same].index] == last:
        same += 1
    if same > 1:
        parts.append((SAME_RANK_NAMES[same], SAME_RANK_POINTS[same]))
    elif n >= 3:
        seen = {last}
        low = high = last
        best = 0
        for k in range(2, n + 1):
            r = rank[pile[-k].index]
            if r in seen:
                break  # every longer stretch holds this pair too: no run
            seen.add(r)
            if r < low:
                low = r
            elif r > high:
                high = r
            if high - low >= n:
                break  # too spread out for any run the count can hold
            if k >= 3 and high - low == k - 1:
                best = k
        if best:
            parts.append((f"run of {best}", best))
    return parts


_JACK: Final = int(Rank.JACK)


@functools.lru_cache(maxsize=None)
def _rank_points(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """Fifteens, pairs and runs of five ranks (sorted), in points; cached by the ranks alone
    (at most 6,175 rank multisets)."""
    # Ways to make each total up to 15 from a subset of the cards (no single card makes 15).
    sums = [1] + [0] * 15
    for r in ranks:
        v = min(r, 10)
        for total in range(15, v - 1, -1):
            sums[total] += sums[total - v]
    fifteens = sums[15]
    pairs = sum(1 for a, b in combinations(ranks, 2) if a == b)
    runs = 0
    for low in range(1, 12):
        length = 0
        while low + length <= 13 and (low + length) in ranks:
            length += 1
        if length >= 3 and (low == 1 or (low - 1) not in ranks):
            ways = 1
            for r in range(low, low + length):
                ways *= ranks.count(r)
            runs = ways * length
            break
    return FIFTEEN * fifteens, SAME_RANK_POINTS[2] * pairs, runs


def _show_parts(hand: tuple[Card, ...], starter: Card, crib: bool) -> list[tuple[str, int]]:
    """The show points of four cards and the starter, by kind (kinds with no points left out)."""
    a, b, c, d = [card.index for card in hand]
    s = starter.index
    rank = _RANK
    fifteens, pairs, runs = _rank_points(tuple(sorted((rank[a], rank[b], rank[c], rank[d], rank[s]))))
    parts = []
    if fifteens:
        parts.append(("fifteens", fifteens))
    if pairs:
        parts.append(("pairs", pairs))
    if runs:
        parts.append(("runs", runs))
    # Card indices are suit * 16 + rank: equal high bits, equal suits.
    suit = a >> 4
    if b >> 4 == suit and c >> 4 == suit and d >> 4 == suit:
        if s >> 4 == suit:
            parts.append(("flush", FLUSH_HAND + 1))
        elif not crib:
            parts.append(("flush", FLUSH_HAND))
    if (s & ~15) + _JACK in (a, b, c, d):
        parts.append(("nobs", NOBS))
    return parts


_SHOW_LABELS: Final[dict[tuple[str, int, int, int, int, int], tuple[int, str]]] = {}
"""Show totals and labels by (what, fifteens, pairs, runs, flush, nobs) points: at most a few
thousand entries, since each count takes only a handful of values."""


def _show_score(hand: tuple[Card, ...], starter: Card, crib: bool, what: str) -> tuple[int, str]:
    """The show points of four sorted cards and the starter, and the SHOWS label: `what`, then
    each kind that scores with its points (as `_show_parts` lists them)."""
    a, b, c, d = [card.index for card in hand]
    s = starter.index
    rank = _RANK
    fifteens, pairs, runs = _rank_points(tuple(sorted((rank[a], rank[b], rank[c], rank[d], rank[s]))))
    flush = 0
    # Card indices are suit * 16 + rank: equal high bits, equal suits.
    suit = a >> 4
    if b >> 4 == suit and c >> 4 == suit and d >> 4 == suit:
        if s >> 4 == suit:
            flush = FLUSH_HAND + 1
        elif not crib:
            flush = FLUSH_HAND
    nobs = NOBS if (s & ~15) + _JACK in (a, b, c, d) else 0
    key = (what, fifteens, pairs, runs, flush, nobs)
    found = _SHOW_LABELS.get(key)
    if found is None:
        kinds = (("fifteens", fifteens), ("pairs", pairs), ("runs", runs), ("flush", flush), ("nobs", nobs))
        parts = [(name, points) for name, points in kinds if points]
        found = _SHOW_LABELS[key] = (
            fifteens + pairs + runs + flush + nobs,
            what + "".join([f", {name} {p}" for name, p in parts]),
        )
    return found
