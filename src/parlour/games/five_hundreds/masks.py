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

from parlour.core.cards import Card, Rank, Suit, sorted_cards
from parlour.core.melds import Meld, MeldKind, TableMeld, rank_at
from parlour.games.five_hundreds.options import PACK


# ---------------------------------------------------------------------------------------------
# Melds as bit masks (bit `card.index` of each card): built once, a few hundred of them


def _bit(card: Card) -> int:
    return 1 << card.index


_BIT: Final = {c: _bit(c) for c in PACK}


_CARD: Final = {(c.rank, c.suit): c for c in PACK}


def _build_melds() -> dict[int, Meld]:
    out: dict[int, Meld] = {}
    suits = tuple(Suit)
    for r in range(1, 14):
        rank = Rank(r)
        for size in (3, 4):
            for combo in itertools.combinations(suits, size):
                cards = tuple(_CARD[rank, s] for s in combo)
                out[_mask(cards)] = Meld(MeldKind.SET, sorted_cards(cards), rank=rank)
    for suit in suits:
        for low in range(1, 13):
            for high in range(low + 2, min(low + 12, 14) + 1):
                cards = tuple(_CARD[rank_at(p), suit] for p in range(low, high + 1))
                out.setdefault(_mask(cards), Meld(MeldKind.RUN, cards, suit=suit, low=low))
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
for _m, _meld in _MELDS.items():
    _BY_LOW[_m & -_m] = (*_BY_LOW.get(_m & -_m, ()), _m)
    for _c in _meld.cards:
        _WITH[_BIT[_c]] = (*_WITH.get(_BIT[_c], ()), _m)
del _m, _meld, _c


def _steps(masks: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The melds of one lowest card with, for each, where to go on when it is not held: past
    the longer runs from the same first card (they hold it too), else the next meld."""
    out = []
    for k, m in enumerate(masks):
        meld = _MELDS[m]
        skip = k + 1
        if meld.kind is MeldKind.RUN and 1 << meld.cards[0].index == m & -m:
            while skip < len(masks):
                other = _MELDS[masks[skip]]
                if other.kind is not MeldKind.RUN or other.cards[0] != meld.cards[0]:
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
