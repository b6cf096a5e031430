"""Rummy 500 melds as bit masks: a hand as a mask of bits `13 * suit + rank - 1` (a 13-bit lane
per suit, ace to king), the card tables the play loop reads, and the shift-and-mask tests on
them (one pack without wild cards): the runs of three a card completes (`_in_run`), the room the
table melds leave for lay-offs (`_targets`, `_room`), a chain of cards filling the gap to a
run's end (`_chain`, `_usable`), and the cards each table meld wants (`_wanted`, `_want_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.core.cards import CARD_INDICES, Card, Rank, Suit
from parlour.core.melds import Meld, MeldKind, TableMeld, rank_at
from parlour.games.rummy_500.options import PACK, RULES


# ---------------------------------------------------------------------------------------------
# Cards as bits: a 13-bit lane per suit, run positions 1 (the ace low) to 14 (the ace high)

_SET: Final = MeldKind.SET
_RUN: Final = MeldKind.RUN
"""The meld kinds, bound once: an enum member read through its class is slow on the hot path."""

_AT: Final = tuple(
    tuple(Card(rank_at(p), suit) if 1 <= p <= 14 else Card(Rank.ACE, suit) for p in range(16)) for suit in Suit
)
"""`_AT[suit][position]`: the card at a run position (1 and 14 the ace)."""
_BIT: Final = tuple(1 << (13 * ((i >> 4) - 1) + (i & 15) - 1) if 16 < i < 80 and 1 <= i & 15 <= 13 else 0
                   for i in range(CARD_INDICES))  # fmt: skip
"""`_BIT[card.index]`: the card's bit in a hand mask, bit `13 * suit + rank - 1` (clubs 0 to
spades 3): each suit a 13-bit lane, ace to king, so a mask stays below 2**52 (a JSON number)."""
_CARD_AT: Final = {b: c for c in PACK for b in [_BIT[c.index].bit_length() - 1]}
"""The card at each bit of a hand mask."""
_SUIT_BITS: Final = tuple(0x1FFF << (13 * ((i >> 4) - 1)) if i >= 16 else 0 for i in range(CARD_INDICES))
"""`_SUIT_BITS[card.index]`: the bits of the card's suit in a hand mask."""
_LANE: Final = tuple(13 * ((i >> 4) - 1) if i >= 16 else 0 for i in range(CARD_INDICES))
"""`_LANE[card.index]`: the shift of the card's suit lane in a hand mask."""
_COLUMN: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""The bits of one rank in every suit of a hand mask (bit `card.index`, which is
`13 * suit + rank - 1`, see `_BIT`), once shifted down by `rank - 1`."""


_SPAN: Final = tuple(tuple(((1 << b) - 1) ^ ((1 << a) - 1) if a <= b else 0 for b in range(16)) for a in range(16))
"""`_SPAN[a][b]`: the bits of positions a..b-1 (empty when a == b)."""


_SPOTS: Final = tuple((1 << r | (1 << 14 if r == 1 else 0)) if 1 <= r <= 13 else 0 for r in range(15))
"""The run positions of a rank as bits: the ace stands at 1 and at 14."""


def _pairs(rank: int) -> tuple[int, ...]:
    """The pairs of run positions (as bits) that make a run of three with a card of `rank`."""
    out = []
    for p in (1, 14) if rank == 1 else (rank,):
        for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
            if 1 <= a and b <= 14:
                out.append(1 << a | 1 << b)
    return tuple(out)


_PAIRS: Final = tuple(_pairs(r) if 1 <= r <= 13 else () for r in range(15))
"""`_PAIRS[rank]`: the pairs `_pairs` gives, the plain reading of `_in_run` (the tests check
`_RUN3` against it)."""


def _near(index: int) -> int:
    """The bits of the cards that could join a card in a meld or lead a chain to it: the other
    cards of its rank, and those of its suit up to two run positions away (the ace at both ends)."""
    suit, rank = (index >> 4) - 1, index & 15
    lane = 13 * suit
    bits = 0
    for other in range(4):
        if other != suit:
            bits |= 1 << (13 * other + rank - 1)
    for p in (1, 14) if rank == 1 else (rank,):
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 1 <= q <= 14:
                bits |= 1 << (lane + (0 if q == 14 else q - 1))
    return bits


_NEAR: Final = tuple(_near(i) if 16 < i < 80 and 1 <= i & 15 <= 13 else 0 for i in range(CARD_INDICES))
"""`_NEAR[card.index]`: `_near` of every card: a pile card none of whose near cards is available
and that no table meld wants cannot reach the table this turn."""


def _mask(cards: Sequence[Card]) -> int:
    """The cards as bits (`_BIT`: 13 * suit + rank - 1)."""
    mask, bit = 0, _BIT
    for c in cards:
        mask |= bit[c.index]
    return mask


def _in_run(spots: int, rank: int) -> bool:
    """True if cards at run positions `spots` make a run of three with a card of `rank` (one of
    `_PAIRS[rank]` is all there), read from `_RUN3` for ranks 2 to king."""
    if rank == 1:
        return spots & _ACE_LOW == _ACE_LOW or spots & _ACE_HIGH == _ACE_HIGH
    return _RUN3[spots >> (rank - 2) & 0b11011]


_RUN3: Final = tuple(w & 0b00011 == 0b00011 or w & 0b01010 == 0b01010 or w & 0b11000 == 0b11000 for w in range(32))
"""`_RUN3[w]`: a card of rank r (2 to king) makes a run of three with the run positions r - 2 to
r + 2 held as bits 0 to 4 of `w` (bit 2, the card's own position, masked out): two below, one
either side, or two above. Position 0 and 15 are never held, so the pairs `_PAIRS` leaves out at
the ends (below a 2, above a king's high ace) never match."""
_ACE_LOW: Final = 1 << 2 | 1 << 3
"""An ace's run positions 2 and 3 (A-2-3)."""
_ACE_HIGH: Final = 1 << 12 | 1 << 13
"""An ace's run positions 12 and 13 (Q-K-A)."""


# ---------------------------------------------------------------------------------------------
# The table's room for lay-offs, and chains of cards that reach it


def _chain(rank: int, spots: int, runs: list[tuple[int, int]]) -> bool:
    """A card of `rank` can be laid off onto one of `runs` (its suit's), after the available
    cards at run positions `spots` fill the gap to the run's end."""
    for low, high in runs:
        for p in (1, 14) if rank == 1 else (rank,):
            if p > high and p - low < RULES.run_max and spots & _SPAN[high + 1][p] == _SPAN[high + 1][p]:
                return True
            if p < low and high - p < RULES.run_max and spots & _SPAN[p + 1][low] == _SPAN[p + 1][low]:
                return True
    return False


def _targets(table: Sequence[TableMeld]) -> tuple[int, tuple[list[tuple[int, int]], ...]]:
    """What the table offers for lay-offs: the ranks of sets with room (bits), and per suit the
    (low, high) positions of its runs with room."""
    open_ranks = 0
    runs: tuple[list[tuple[int, int]], ...] = ([], [], [], [])
    for tm in table:
        m = tm.meld
        n = len(m.cards)
        if m.kind is _SET:
            if n < RULES.set_max and m.rank is not None:
                open_ranks |= 1 << m.rank
        elif n < RULES.run_max and m.suit is not None:
            runs[m.suit].append((m.low, m.low + n - 1))
    return open_ranks, runs


def _usable(card: Card, same_rank: int, spots: int, open_ranks: int, runs: list[tuple[int, int]]) -> bool:
    """`can_use_at_once` for one pack without wild cards, by bit tests: `same_rank` other cards
    of the card's rank and the run positions `spots` of its suit are available (held or taken
    along); `open_ranks` and `runs` are the table's room (`_targets`). A set or run of three
    with them, or a lay-off, straight or after a chain of available cards of the suit filling
    the gap to a run's end."""
    rank = card.rank
    return same_rank >= 2 or bool(open_ranks >> rank & 1) or _in_run(spots, rank) or _chain(rank, spots, runs)


def _room(table: Sequence[TableMeld], suit: int) -> tuple[int, list[tuple[int, int, int]]]:
    """The ranks of sets with room (bits) and the runs of `suit` with room, as (meld number,
    low, high)."""
    open_ranks = 0
    spans = []
    for number, tm in enumerate(table, 1):
        m = tm.meld
        n = len(m.cards)
        if m.kind is _SET:
            if n < RULES.set_max and m.rank is not None:
                open_ranks |= 1 << m.rank
        elif n < RULES.run_max and (m.cards[0].index >> 4) - 1 == suit:
            spans.append((number, m.low, m.low + n - 1))
    return open_ranks, spans


# ---------------------------------------------------------------------------------------------
# The cards that could be laid off onto each table meld


def _wanted(meld: Meld) -> tuple[Card, ...]:
    """The cards that could be laid off onto `meld` (one pack, no wild cards)."""
    cards = meld.cards
    n = len(cards)
    if meld.kind is _SET:
        if n >= RULES.set_max or meld.rank is None:
            return ()
        have = 0
        for c in cards:
            have |= 1 << ((c.index >> 4) - 1)
        rank = meld.rank
        return tuple(_AT[s][rank] for s in range(4) if not have >> s & 1)
    if n >= RULES.run_max or meld.suit is None:
        return ()
    row = _AT[meld.suit]
    low, high = meld.low, meld.low + n - 1
    if low > 1:
        return (row[low - 1], row[high + 1]) if high < 14 else (row[low - 1],)
    return (row[high + 1],)


def _wants_of(table: Sequence[TableMeld]) -> tuple[int, ...]:
    """Per table meld, the cards that could be laid off onto it now, as bits (`_BIT`)."""
    return tuple(_want_of(tm.meld) for tm in table)


def _want_of(m: Meld) -> int:
    """The cards that could be laid off onto meld `m`, as bits (one pack, no wild cards)."""
    n = len(m.cards)
    want = 0
    if m.kind is _SET:
        if n < RULES.set_max and m.rank is not None:
            want = (_COLUMN << (m.rank - 1)) & ~_mask(m.cards)
    elif n < RULES.run_max and m.suit is not None:
        row = _AT[m.suit]
        if m.low > 1:
            want |= _BIT[row[m.low - 1].index]
        if m.low + n <= 14:
            want |= _BIT[row[m.low + n].index]
    return want


# ---------------------------------------------------------------------------------------------
# Lay-offs after one held card


def _run_fits(table: Sequence[TableMeld], wants: Sequence[int]) -> int:
    """The cards some run on the table wants (the union of the runs' `wants`)."""
    out = 0
    for tm, want in zip(table, wants):
        if tm.meld.kind is _RUN:
            out |= want
    return out


def _chain_from(index: int) -> int:
    """The cards of the suit next to a card (one run position either side) that are not aces."""
    suit, rank = (index >> 4) - 1, index & 15
    bits = 0
    for p in (1, 14) if rank == 1 else (rank,):
        for q in (p - 1, p + 1):
            if 2 <= q <= 13:
                bits |= 1 << (13 * suit + q - 1)
    return bits


_CHAIN_FROM: Final = tuple(_chain_from(i) if 16 < i < 80 and 1 <= i & 15 <= 13 else 0 for i in range(CARD_INDICES))
"""`_CHAIN_FROM[card.index]`: the held cards through which a card out of hand could still be
laid off on a run, where nothing else lets it reach the table: all a chain of held cards adds
to `_usable` when the card makes no run of three with them is one held card q next to it that
a run on the table wants (a chain of two or more held cards ending next to the card makes a
run of three with it). Such a q is wanted by a run ending next to q on the far side, since a
run that wants q from the card's side would hold the card itself; and q is never an ace, as
no run ends below position 1 or above 14. The run's length never binds: with q and the card
it would hold 14 positions, both aces of one pack."""
