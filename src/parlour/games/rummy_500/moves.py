"""Rummy 500 moves: the move classes and their notation, `Move` and `MOVE_TYPES`, the moves
and events prebuilt per seat and card, the meld a move's cards make (`meld_of`), and the new
melds and lay-offs a hand mask offers, built once and handed out again (`_melds_in`,
`_lay_offs`).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, Rank, cards_text, seat_card_table
from parlour.core.events import EventKind, make_event, seat_card_events
from parlour.core.values import builder
from parlour.core.melds import Meld, MeldKind, meld_problem, meld_readings
from parlour.games.rummy_500.masks import _AT, _CARD_AT, _COLUMN, _mask
from parlour.games.rummy_500.options import MELD_SIZES, PACK, PLAYERS, RULES


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakeDiscards:
    """Take the discard at `depth` (1 is the top card) and every card above it."""

    player: int
    depth: int

    def __str__(self) -> str:
        return f"take {self.depth}"


@attrs.frozen
class MakeMeld:
    """Lay a new meld (3 or 4 cards, a run listed from its low end) on the table."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return "meld " + cards_text(self.cards)


@attrs.frozen
class LayOff:
    """Add `card` to the table meld numbered `meld` (from 1, in the order they were laid)."""

    player: int
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"lay off {self.card} on {self.meld}"


@attrs.frozen
class Discard:
    """Discard `card` face up on the pile and end the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Pass:
    """With the stock used up, take nothing: the hand ends."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = DrawStock | TakeDiscards | MakeMeld | LayOff | Discard | Pass
MOVE_TYPES: Final = (DrawStock, TakeDiscards, MakeMeld, LayOff, Discard, Pass)

_STOCK: Final = (DrawStock(0), DrawStock(1))
_PASS: Final = (Pass(0), Pass(1))
_DISCARD: Final = seat_card_table(builder(Discard), PLAYERS, PACK)
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, PLAYERS, PACK)
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, PLAYERS, PACK, private=True)
_TAKE_EVENTS: Final = seat_card_table(
    lambda p, c: (make_event(EventKind.TAKES, p, (c,), (), "discard pile", False),), PLAYERS, PACK
)
"""`_TAKE_EVENTS[seat][card.index]`: the events of taking the top discard alone."""
_TAKE: Final = tuple(tuple(TakeDiscards(p, d) for d in range(len(PACK) + 1)) for p in range(PLAYERS))
"""`_TAKE[seat][depth]`: the move (depth 0 is a placeholder no state reaches)."""


# ---------------------------------------------------------------------------------------------
# The meld of a move's cards


@functools.lru_cache(maxsize=8192)
def meld_of(cards: tuple[Card, ...]) -> Meld:
    """The meld a move's cards make (a set, or a run listed from its low end): ValueError if none.

    >>> from parlour.core.cards import parse_cards
    >>> meld_of(parse_cards("QH KH AH")).low, meld_of(parse_cards("AH 2H 3H")).low
    (12, 1)
    """
    readings = meld_readings(cards, RULES)
    for reading in readings:
        if reading.kind is MeldKind.SET or reading.cards == cards:
            return reading
    raise ValueError(meld_problem(cards, RULES) or f"{cards_text(cards)}: list a run from its low end")


def _meld_of_move(cards: tuple[Card, ...]) -> Meld:
    """The meld of a legal `MakeMeld`'s cards (a set in display order, a run from its low end)."""
    first = cards[0]
    if first.rank is cards[1].rank:
        return Meld(MeldKind.SET, cards, rank=first.rank)
    return Meld(MeldKind.RUN, cards, suit=first.suit, low=1 if first.rank is Rank.ACE else int(first.rank))


# ---------------------------------------------------------------------------------------------
# New melds and lay-offs from a hand mask


@functools.cache
def _run_moves(p: int, suit: int, lane: int) -> tuple[MakeMeld, ...]:
    """Seat `p`'s runs of 3 and 4 in a suit whose held ranks are the bits of `lane`, from the
    low end (memoised: the lanes of a suit are few)."""
    spots = lane | (1 << 14 if lane & 2 else 0)
    row = _AT[suit]
    out = []
    for low in range(1, 13):
        if spots >> low & 7 == 7:
            out.append(MakeMeld(p, row[low : low + 3]))
            if spots >> low & 15 == 15:
                out.append(MakeMeld(p, row[low : low + 4]))
    return tuple(out)


@functools.cache
def _set_moves(p: int, rank: int, column: int) -> tuple[MakeMeld, ...]:
    """Seat `p`'s sets of 3, then of 4, of `rank` among the suits held (`column`: a bit per
    suit at `13 * suit`), each in display order."""
    cards = tuple(_AT[s][rank] for s in range(4) if column >> (13 * s) & 1)
    return tuple(MakeMeld(p, combo) for size in MELD_SIZES for combo in itertools.combinations(cards, size))


def _candidate_melds(p: int, held: Sequence[Card]) -> list[Move]:
    """Seat `p`'s new melds of 3 or 4 cards among `held` (one pack: every card distinct): runs
    suit by suit (clubs, diamonds, hearts, spades) from the low end, then sets by rank."""
    return _melds_in(p, _mask(held))


_ACES: Final = _COLUMN
"""The aces' bits in a hand mask (bit 0 of each suit's lane)."""


def _melds_in(p: int, mask: int) -> list[Move]:
    found: list[Move] = []
    a, b = (mask & 0x1FFF) << 1, (mask >> 13 & 0x1FFF) << 1
    c, d = (mask >> 26 & 0x1FFF) << 1, (mask >> 39 & 0x1FFF) << 1
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not (mask & mask >> 1 & mask >> 2 or mask >> 11 & mask >> 12 & mask & _ACES):
        # No three bits in a row (across the lanes too, a harmless extra) and no Q-K-A: no run.
        if three:
            _add_sets(found, p, mask, three)
        return found
    # A suit offers runs only if three of its run positions are consecutive: `spots` is the lane
    # with the ace also at position 14 (the test is written out for each suit, as this runs for
    # every position of the play phase).
    spots = a | 1 << 14 if a & 2 else a
    if spots & spots >> 1 & spots >> 2:
        found.extend(_run_moves(p, 0, a))
    spots = b | 1 << 14 if b & 2 else b
    if spots & spots >> 1 & spots >> 2:
        found.extend(_run_moves(p, 1, b))
    spots = c | 1 << 14 if c & 2 else c
    if spots & spots >> 1 & spots >> 2:
        found.extend(_run_moves(p, 2, c))
    spots = d | 1 << 14 if d & 2 else d
    if spots & spots >> 1 & spots >> 2:
        found.extend(_run_moves(p, 3, d))
    if three:
        _add_sets(found, p, mask, three)
    return found


def _add_sets(found: list[Move], p: int, mask: int, three: int) -> None:
    """Adds seat `p`'s sets of the ranks of `three` (run positions as bits) by rank."""
    while three:
        low = three & -three
        rank = low.bit_length() - 1
        found.extend(_set_moves(p, rank, mask >> (rank - 1) & _COLUMN))
        three ^= low


_MAX_MELDS: Final = len(PACK) // min(MELD_SIZES)
"""The most melds the table can hold (every card in a meld of three)."""
_LAY: Final = tuple(
    tuple(tuple(LayOff(p, _CARD_AT[b], number) for b in range(len(PACK))) for number in range(_MAX_MELDS + 1))
    for p in range(PLAYERS)
)
"""`_LAY[seat][meld number][bit]`: the lay-off of the card at that bit of a hand mask (number 0
is a placeholder no move uses), built once and handed out again."""


def _lay_offs(p: int, mask: int, wants: tuple[int, ...]) -> list[LayOff]:
    """Seat `p`'s lay-offs from the cards of `mask` onto the melds whose wanted cards are
    `wants` (`State.wants`), by meld number, then card (suit by suit, ace first)."""
    out: list[LayOff] = []
    rows = _LAY[p]
    number = 0
    for want in wants:
        number += 1
        fit = want & mask
        if fit:
            row = rows[number]
            while fit:
                low = fit & -fit
                out.append(row[low.bit_length() - 1])
                fit ^= low
    return out
