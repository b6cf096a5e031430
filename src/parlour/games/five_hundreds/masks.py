"""Five Hundreds melds as bit masks: every set and run of the pack as a mask of bits
`card.index`, built once at import (a few hundred of them), with the lookups the play loop reads
(melds by lowest card, melds holding a card, the pairs that complete a three-card meld) and the
shift-and-mask tests (`_meldable`, `_wants`).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final

from parlour.core.cards import Card, Suit, sorted_cards
from parlour.core.melds import Meld, MeldKind, TableMeld, build_meld, rank_at
from parlour.games.five_hundreds.options import PACK


# ---------------------------------------------------------------------------------------------
# Melds as bit masks (bit `card.index` of each card): built once, a few hundred of them


def _bit(card: Card) -> int:
    return 1 << card.index


_BIT: Final = {c: _bit(c) for c in PACK}


_CARD: Final = {(c.rank, c.suit): c for c in PACK}


def _build_melds() -> dict[int, Meld]:
    """Every set, then every run, by mask (built with `build_meld`, runs sliced from each suit's
    line of cards, since this runs at import)."""
    out: dict[int, Meld] = {}
    suits = tuple(Suit)
    set_kind, run_kind = MeldKind.SET, MeldKind.RUN
    ranks = tuple(rank_at(p) for p in range(15))  # by run position; index 0 unused
    for rank in ranks[1:14]:
        for size in (3, 4):
            for combo in itertools.combinations(suits, size):
                cards = tuple(_CARD[rank, s] for s in combo)
                out[_mask(cards)] = build_meld(set_kind, sorted_cards(cards), rank, None, 0)
    for suit in suits:
        line = tuple(_CARD[ranks[p], suit] for p in range(1, 15))  # position p at p - 1
        bits = tuple(1 << c.index for c in line)
        for low in range(1, 13):
            mask = bits[low - 1] | bits[low]
            for high in range(low + 2, min(low + 12, 14) + 1):
                mask |= bits[high - 1]
                if mask not in out:  # A..K is listed once, ace low
                    out[mask] = build_meld(run_kind, line[low - 1 : high], None, suit, low)
    return out


def _mask(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


_MELDS: Final = _build_melds()
"""Every meld of the pack by its mask (a run A..K is listed once, ace low)."""
_BY_LOW: Final[dict[int, tuple[int, ...]]] = {}
"""The meld masks by their lowest card's bit."""
_WITH: Final[dict[int, tuple[int, ...]]] = {}
"""The meld masks holding each card, by the card's bit."""


def _index_melds() -> None:
    """Fill `_BY_LOW` and `_WITH` in `_MELDS` order (lists first, then tuples: cheaper at import)."""
    by_low: dict[int, list[int]] = {}
    with_card: dict[int, list[int]] = {}
    for m, meld in _MELDS.items():
        by_low.setdefault(m & -m, []).append(m)
        for c in meld.cards:
            with_card.setdefault(1 << c.index, []).append(m)
    _BY_LOW.update((bit, tuple(masks)) for bit, masks in by_low.items())
    _WITH.update((bit, tuple(masks)) for bit, masks in with_card.items())


_index_melds()


def _steps(masks: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The melds of one lowest card with, for each, where to go on when it is not held: past
    the longer runs from the same first card (they hold it too), else the next meld."""
    out = []
    for k, m in enumerate(masks):
        meld = _MELDS[m]
        skip = k + 1
        first = meld.cards[0].index
        if meld.kind is MeldKind.RUN and 1 << first == m & -m:
            while skip < len(masks):
                other = _MELDS[masks[skip]]
                if other.kind is not MeldKind.RUN or other.cards[0].index != first:
                    break
                skip += 1
        out.append((m, skip))
    return tuple(out)


_STEPS: Final = {bit: _steps(masks) for bit, masks in _BY_LOW.items()}
"""`_BY_LOW` with skips: a run that is not held rules out the longer runs from its first card."""
_PAIRS: Final = tuple(
    tuple(m & ~(1 << i) for m in _WITH.get(1 << i, ()) if m.bit_count() == 3) for i in range(80)
)
"""For each `card.index`, the other two cards of every three-card meld holding the card (any
meld holding a card holds one of these)."""
_PARTNERS: Final = tuple(functools.reduce(int.__or__, pairs, 0) for pairs in _PAIRS)
"""For each `card.index`, every card of those pairs (the quick test: two of them are needed)."""


_RANK_BITS: Final = tuple(sum(1 << ((int(suit) + 1) * 16 + r) for suit in Suit) if r else 0 for r in range(14))
"""The bits of the four cards of each rank (index 1 is the ace)."""
_AT: Final = tuple(int(rank_at(p)) if p else 0 for p in range(16))
"""The rank standing at each run position (1 and 14 are the ace)."""


def _wants(meld: Meld) -> int:
    """The mask of the cards that could be laid off onto `meld` (a few integer operations)."""
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        if len(cards) >= 4 or meld.rank is None:
            return 0
        out = _RANK_BITS[meld.rank]
        for c in cards:
            out &= ~(1 << c.index)
        return out
    assert meld.suit is not None
    base = (int(meld.suit) + 1) * 16
    low, size = meld.low, len(cards)
    out = 0
    if low > 1:
        out = 1 << (base + _AT[low - 1])
    if low + size <= 14 and size < 13:
        out |= 1 << (base + _AT[low + size])
    return out


_ACES: Final = sum(1 << ((int(suit) + 1) * 16 + 1) for suit in Suit)
_LANES: Final = 0x7FFE
"""Bits 1 to 14 of a 16-bit suit lane."""


def _meldable(pool: int) -> int:
    """The cards of `pool` that belong to some set or run inside it (shifts over the suit
    lanes, each ace also standing at bit 14 of its lane for Q-K-A)."""
    wide = pool | (pool & _ACES) << 13
    low = wide & wide >> 1 & wide >> 2
    runs = low | low << 1 | low << 2
    runs = (runs | (runs >> 13 & _ACES)) & pool
    a, b, c, d = pool >> 16 & _LANES, pool >> 32 & _LANES, pool >> 48 & _LANES, pool >> 64 & _LANES
    three = (a & b & (c | d)) | (c & d & (a | b))
    return runs | (three * 0x10001000100010000 & pool)


def _table_wants(table: Sequence[TableMeld]) -> int:
    out = 0
    for tm in table:
        out |= _wants(tm.meld)
    return out
