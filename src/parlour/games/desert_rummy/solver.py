"""Desert Rummy's hand arithmetic: whether cards can make a contract (a fast exact search, checked
against `parlour.core.contracts.find_contract` in the tests), the runs and sets a hand offers, and
where a card fits a meld on the table."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final, TypeAlias

from parlour.core.cards import Card, Rank, parse_cards, standard_pack
from parlour.core.contracts import Need
from parlour.core.melds import Meld, MeldKind, rank_at
from parlour.games.desert_rummy.moves import _ALL_CARDS, _IS_WILD
from parlour.games.desert_rummy.tables import CONTRACTS, RULES, _WILD_ORDER

# Solver: can the cards make the needs? ----------------------------------------------------------
#
# Natural cards are counted in a list of 56 slots, suit * 14 + rank (twos never count: they are
# wild). A run's window covers positions low..low+len-1 (1 and 14 are both the ace); it takes
# the naturals present and wilds for the rest, at least as many naturals as wilds. Runs are
# tried first (every window and, where it matters, fewer naturals), then the sets, which need
# only rank totals: the cheapest sets are chosen greedily (each rank's cost grows with each more
# set it hosts, so the greedy choice is the cheapest overall).

_SLOT: Final = tuple(
    next(((int(c.suit) * 14 + int(c.rank)) for c in _ALL_CARDS if c.index == i and c.suit is not None and not RULES.is_wild(c)), -1)
    for i in range(80)
)
_CARD_OF_SLOT: Final = {int(c.suit) * 14 + int(c.rank): c for c in standard_pack() if c.suit is not None}
_AT: Final = tuple(
    tuple(None if rank_at(q) is Rank.TWO else _CARD_OF_SLOT[s * 14 + int(rank_at(q))] for q in range(15)) for s in range(4)
)
"""`_AT[suit][position]`: the natural card standing at a run position (None at 2: twos are wild)."""
_WILD_RANK: Final = tuple(next((k for k, w in enumerate(_WILD_ORDER) if w.index == i), 9) for i in range(80))
_NATURAL_RANKS: Final = (1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)


class _Pool:
    """Cards summed up for the solver: natural counts by slot, each suit's lane of positions
    present (bits 1..14, the ace at both ends), rank totals, and the wilds in move order."""

    __slots__ = ("counts", "lanes", "totals", "wilds")

    def __init__(self, cards: Sequence[Card]) -> None:
        counts = [0] * 56
        lanes = [0, 0, 0, 0]
        totals = [0] * 14
        wilds: list[Card] = []
        slot, rank_of, lane_of, bit_of = _SLOT, _RANK_NUM, _LANE_OF, _BIT_OF
        for c in cards:
            i = c.index
            s = slot[i]
            if s >= 0:
                counts[s] += 1
                totals[rank_of[i]] += 1
                lanes[lane_of[i]] |= bit_of[i]
            else:
                wilds.append(c)
        if len(wilds) > 1:
            wilds.sort(key=_wild_rank)
        self.counts, self.lanes, self.totals, self.wilds = counts, lanes, totals, wilds

    def take(self, slots: Sequence[int]) -> None:
        counts = self.counts
        for s in slots:
            counts[s] -= 1
            r = s % 14
            self.totals[r] -= 1
            if not counts[s]:
                self.lanes[s // 14] &= ~_BITS[r]

    def put(self, slots: Sequence[int]) -> None:
        counts = self.counts
        for s in slots:
            counts[s] += 1
            r = s % 14
            self.totals[r] += 1
            self.lanes[s // 14] |= _BITS[r]


_BITS: Final = tuple((1 << r) | (1 << 14 if r == 1 else 0) for r in range(14))
_RANK_NUM: Final = tuple(max(s, 0) % 14 for s in _SLOT)
_LANE_OF: Final = tuple(max(s, 0) // 14 for s in _SLOT)
_BIT_OF: Final = tuple(_BITS[max(s, 0) % 14] for s in _SLOT)


_TOTAL: Final = 1 << 20
"""A rank's natural count in a packed rank entry of `_rank_counts` (the bits below hold its
suit signature)."""
_SUIT_BITS: Final = _TOTAL - 1
_PACKED_SLOT: Final = tuple(_RANK_NUM[i] if s >= 0 else 0 for i, s in enumerate(_SLOT))
_PACKED_UNIT: Final = tuple(_TOTAL | 1 << 4 * (s // 14) if s >= 0 else _TOTAL for s in _SLOT)
"""By card index: the rank entry a card counts in (0 for a wild: twos are never natural) and
what it adds there (one natural of its suit; a wild adds to the count alone)."""


def _rank_counts(cards: Sequence[Card]) -> tuple[list[int], int]:
    """What needs of sets alone read from cards, in one add per card: by rank number, the
    naturals' count times `_TOTAL` plus their suits as a signature (four bits a suit: how
    many of each, so `entry & _SUIT_BITS` is `_set_picks`' `sig`); and the number of wilds.
    Entries order as their counts do (the signature stays below `_TOTAL`), so the largest
    entries are the ranks with the most naturals. The cheap stand-in for `_Pool` when no run
    is wanted."""
    packed = [0] * 14
    slot, unit = _PACKED_SLOT, _PACKED_UNIT
    for c in cards:
        i = c.index
        packed[slot[i]] += unit[i]
    wilds = packed[0] // _TOTAL
    packed[0] = 0
    return packed, wilds


_LANE_BIT: Final = tuple(_BIT_OF[i] << 16 * _LANE_OF[i] if s >= 0 else 0 for i, s in enumerate(_SLOT))
"""By card index: a natural's bit in the suits' lanes packed in one int, sixteen bits a suit
(`(lanes >> 16 * suit) & 0xFFFF` is `_Pool.lanes[suit]`); 0 for a wild."""


def _lanes_of(lanes: int) -> tuple[int, int, int, int]:
    """`_Pool.lanes` from the packed lanes of `_LANE_BIT`."""
    return lanes & 0xFFFF, lanes >> 16 & 0xFFFF, lanes >> 32 & 0xFFFF, lanes >> 48


def _held_counts(cards: Sequence[Card]) -> tuple[list[int], int, int]:
    """`_rank_counts` of `cards` and their packed lanes (`_LANE_BIT`)."""
    packed = [0] * 14
    lanes = 0
    slot, unit, bit = _PACKED_SLOT, _PACKED_UNIT, _LANE_BIT
    for c in cards:
        i = c.index
        packed[slot[i]] += unit[i]
        lanes |= bit[i]
    wilds = packed[0] // _TOTAL
    packed[0] = 0
    return packed, wilds, lanes


def _wilds_of(cards: Sequence[Card]) -> list[Card]:
    """The wild cards among `cards`, in the order moves take them."""
    wilds = [c for c in cards if _IS_WILD[c.index]]
    if len(wilds) > 1:
        wilds.sort(key=_wild_rank)
    return wilds


def _wild_rank(card: Card) -> int:
    return _WILD_RANK[card.index]


def _run_options(
    pool: _Pool, wilds: int, length: int, suits: Sequence[int], variants: bool
) -> Iterator[tuple[int, int, tuple[int, ...], int]]:
    """(suit, low, natural slots used, wilds used) for each run of `length`: every window with
    enough naturals, the most naturals first, then (with `variants`) naturals left for wilds."""
    return _lane_runs(pool.lanes, wilds, length, suits, variants)


def _lane_runs(
    lanes: Sequence[int], wilds: int, length: int, suits: Sequence[int], variants: bool
) -> Iterator[tuple[int, int, tuple[int, ...], int]]:
    """`_run_options` from the suits' lanes alone."""
    least = max((length + 1) // 2, length - wilds)
    half = (length + 1) // 2
    best = _BEST
    for suit in suits:
        lane = lanes[suit]
        most = best.get(lane << 4 | length)
        if most is None:
            most = _best(lane, length)
        if most < least:
            continue
        windows = _WINDOWS.get(lane << 6 | suit << 4 | length)
        if windows is None:
            windows = _windows(suit, lane, length)
        for low, p, slots in windows:
            if p < least:
                continue
            yield suit, low, slots, length - p
            if variants:
                for drop in range(1, min(wilds - (length - p), p - half) + 1):
                    for gone in itertools.combinations(range(p), drop):
                        kept = tuple(s for i, s in enumerate(slots) if i not in gone)
                        yield suit, low, kept, length - p + drop


_WINDOWS: Final[dict[int, tuple[tuple[int, int, tuple[int, ...]], ...]]] = {}
"""`_windows` by `lane << 6 | suit << 4 | length` (filled as lanes are met; bounded)."""


def _windows(suit: int, lane: int, length: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(low, naturals present, their slots) for each run window of `length` in the suit whose
    lane is `lane`, by low end, where at least half the window is natural (no run has fewer)."""
    full = (1 << length) - 1
    half = (length + 1) // 2
    base = suit * 14
    out = []
    for low in range(1, 16 - length):
        present = lane & (full << low)
        p = present.bit_count()
        if p >= half:
            out.append((low, p, tuple([base + (q if q < 14 else 1) for q in range(low, low + length) if present >> q & 1])))
    if len(_WINDOWS) > 200_000:
        _WINDOWS.clear()
    found = _WINDOWS[lane << 6 | suit << 4 | length] = tuple(out)
    return found


_BEST: Final[dict[int, int]] = {}
"""The most naturals any run window holds, by `lane << 4 | length` (filled as lanes are met)."""


def _best(lane: int, length: int) -> int:
    full = (1 << length) - 1
    most = max((lane & (full << low)).bit_count() for low in range(1, 16 - length))
    if len(_BEST) > 500_000:
        _BEST.clear()
    _BEST[lane << 4 | length] = most
    return most


def _sets_ok(totals: list[int], wilds: int, k: int, length: int) -> bool:
    """True if `k` sets of `length` can be made from the rank `totals` and `wilds` wilds.

    Only the `k` ranks with the most naturals matter (a set on a poorer rank moves to an unused
    richer one at no more cost); each rank's cost grows with each more set it hosts, so the `k`
    cheapest steps over those ranks are the cheapest sets."""
    if not k:
        return True
    half = (length + 1) // 2
    if k == 1:
        return max(totals, default=0) >= max(half, length - wilds)
    return _best_sets_ok((sorted(totals, reverse=True) + [0] * k)[:k], wilds, k, length)


def _packed_sets_ok(packed: list[int], wilds: int, k: int, length: int) -> bool:
    """`_sets_ok` from the packed rank entries of `_rank_counts`."""
    if not k:
        return True
    if k == 1:
        return max(packed) // _TOTAL >= max((length + 1) // 2, length - wilds)
    top = sorted(packed, reverse=True)
    best = []
    for i in range(k):
        best.append(top[i] // _TOTAL)
    return _best_sets_ok(best, wilds, k, length)


def _best_sets_ok(best: list[int], wilds: int, k: int, length: int) -> bool:
    """`_sets_ok` from the `k` best totals, largest first, through the memo `_SETS_OK`."""
    key = (*best, wilds, length)
    found = _SETS_OK.get(key)
    if found is None:
        if len(_SETS_OK) > 100_000:
            _SETS_OK.clear()
        found = _SETS_OK[key] = _sets_cost_ok(best, wilds, k, length)
    return found


_SETS_OK: Final[dict[tuple[int, ...], bool]] = {}
"""`_sets_ok` by the `k` best totals, the wilds and the length (k is the count of totals)."""


def _sets_cost_ok(best: list[int], wilds: int, k: int, length: int) -> bool:
    """`_sets_ok` from the `k` largest totals, largest first."""
    half = (length + 1) // 2
    if best[-1] >= length:
        return True
    if best[0] < half:
        return False
    costs: list[int] = []
    for t in best:
        if t < half:
            break
        before = 0
        for m in range(1, k + 1):
            if t < m * half:
                break
            cost = m * length - min(t, m * length)
            costs.append(cost - before)
            before = cost
    if len(costs) < k:
        return False
    costs.sort()
    return sum(costs[:k]) <= wilds


Shape: TypeAlias = tuple[tuple[int, ...], int, int]
"""Needs as the solver takes them: the runs' lengths, how many sets, the sets' length."""


def _shape(needs: Sequence[Need]) -> Shape:
    runs = tuple(n.length for n in needs if n.kind is MeldKind.RUN)
    sets = [n.length for n in needs if n.kind is MeldKind.SET]
    if len(set(sets)) > 1:
        raise ValueError("the sets of one contract must be of one length")
    return runs, len(sets), sets[0] if sets else 0


def _can_meet(pool: _Pool, wilds: int, shape: Shape, lock: int | None, same_suit: bool) -> bool:
    """True if the pool's naturals and `wilds` wilds make the needs (runs in suit `lock`)."""
    return _walk(pool, wilds, shape[0], shape[1], shape[2], lock, same_suit)


def _walk(pool: _Pool, wilds: int, runs: tuple[int, ...], k: int, length: int, lock: int | None, same: bool) -> bool:
    if not runs:
        return _sets_ok(pool.totals, wilds, k, length)
    size, rest = runs[0], runs[1:]
    suits = (lock,) if lock is not None else (0, 1, 2, 3)
    if not rest and not k:  # one run left: the best window of each suit decides
        least = max((size + 1) // 2, size - wilds)
        for suit in suits:
            lane = pool.lanes[suit]
            most = _BEST.get(lane << 4 | size)
            if (most if most is not None else _best(lane, size)) >= least:
                return True
        return False
    for suit, _low, slots, used in _run_options(pool, wilds, size, suits, bool(rest or k)):
        pool.take(slots)
        ok = _walk(pool, wilds - used, rest, k, length, suit if same else lock, same)
        pool.put(slots)
        if ok:
            return True
    return False


def _same_places(a: Sequence[Card], b: Sequence[Card]) -> bool:
    """The two rows hold the same naturals in the same places and wilds in the others."""
    return len(a) == len(b) and all(x == y or (_IS_WILD[x.index] and _IS_WILD[y.index]) for x, y in zip(a, b))


def _meld_ok(meld: Meld) -> bool:
    """The meld is valid under `RULES` with its own designation: a set of one natural rank, a
    run of naturals in their places of one suit (ace high or low), at least as many naturals
    as wilds, at least three cards."""
    cards = meld.cards
    size = len(cards)
    is_wild = _IS_WILD
    wild = 0
    for c in cards:
        if is_wild[c.index]:
            wild += 1
    if size < 3 or size - wild < wild:
        return False
    # A hidden card is neither wild nor of a natural rank, nor a natural at a run's place, so
    # the checks below refuse it.
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        if rank is None or meld.suit is not None or meld.low != 0 or not _NATURAL_RANK.get(rank, False):
            return False
        for c in cards:
            if not is_wild[c.index] and c.rank is not rank:
                return False
        return True
    low = meld.low
    if meld.suit is None or meld.rank is not None or not 1 <= low or low + size - 1 > 14 or size > 13:
        return False
    row = _AT[int(meld.suit)]
    for c in cards:
        if not is_wild[c.index]:
            stands = row[low]
            if c is not stands and c != stands:
                return False
        low += 1
    return True


_NATURAL_RANK: Final = {Rank(r): True for r in _NATURAL_RANKS}


def can_meet(cards: Sequence[Card], number: int) -> bool:
    """True if `cards` can make contract `number` (a fast exact test).

    >>> can_meet(parse_cards("3H 4H 5H 6H 9H 10H JH QH KS"), 8), can_meet(parse_cards("3H 4H 5H 6H 9S 10S JS QS"), 8)
    (True, False)
    """
    pool = _Pool(cards)
    contract = CONTRACTS[number - 1]
    return _can_meet(pool, len(pool.wilds), _shape(contract.needs), None, contract.same_suit_runs)


def _run_cards(suit: int, low: int, length: int, slots: Sequence[int], wilds: Sequence[Card]) -> tuple[Card, ...]:
    """A run's cards from its low end: the naturals of `slots` in their places, wilds elsewhere."""
    fill = iter(wilds)
    row = _AT[suit]
    base = suit * 14
    return tuple(
        row[q] if base + (q if q < 14 else 1) in slots else next(fill)  # type: ignore[misc]
        for q in range(low, low + length)
    )


def _rank_slots(pool: _Pool, r: int) -> list[int]:
    counts = pool.counts
    return [s * 14 + r for s in range(4) for _ in range(counts[s * 14 + r])]


def _new_melds(pool: _Pool, first_wild: Card | None) -> Iterator[tuple[Card, ...]]:
    """Three-card melds (and natural-wild-wild-natural runs): runs by suit and start, then sets
    by rank. With `first_wild`, only melds holding that wild (placed first among the wilds)."""
    wilds = ([first_wild] if first_wild is not None else []) + pool.wilds
    needs_wild = first_wild is not None
    for suit in range(4):
        yield from _suit_runs(suit, pool.lanes[suit], wilds, needs_wild)
    for r in _NATURAL_RANKS:
        if pool.totals[r] >= 2:
            yield from _rank_sets(_rank_slots(pool, r), wilds, needs_wild)


def _suit_runs(suit: int, lane: int, wilds: Sequence[Card], needs_wild: bool) -> Iterator[tuple[Card, ...]]:
    """`_new_melds`'s runs of one suit, from the suit's lane of positions held and the wilds
    (only the first two are ever used)."""
    w = len(wilds)
    one, two = lane >> 1, lane >> 2
    # Starts (bits 1..12) of three-card windows holding three naturals, or (with a wild) two.
    starts = (lane & one & two) if not w else (lane & one) | (lane & two) | (one & two)
    starts &= 0x1FFE
    base = suit * 14
    while starts:
        bit = starts & -starts
        starts ^= bit
        low = bit.bit_length() - 1
        present = lane & (7 << low)
        slots = tuple(base + (q if q < 14 else 1) for q in range(low, low + 3) if present >> q & 1)
        if len(slots) == 3 and not needs_wild:
            yield _run_cards(suit, low, 3, slots, ())
        if w:
            for kept in itertools.combinations(slots, 2) if len(slots) == 3 else (slots,):
                yield _run_cards(suit, low, 3, kept, wilds)
    if w >= 2:
        gaps = lane & ~one & ~two & (lane >> 3) & 0xFFE
        while gaps:
            bit = gaps & -gaps
            gaps ^= bit
            low = bit.bit_length() - 1
            ends = (base + (low if low < 14 else 1), base + (low + 3 if low + 3 < 14 else 1))
            yield _run_cards(suit, low, 4, ends, wilds)


def _rank_sets(same: Sequence[int], wilds: Sequence[Card], needs_wild: bool) -> Iterator[tuple[Card, ...]]:
    """`_new_melds`'s sets of one rank, from its naturals' slots (in suit order) and the wilds
    (only the first is used)."""
    if not needs_wild and len(same) >= 3:
        for pick in sorted(set(itertools.combinations(same, 3))):
            yield tuple(_CARD_OF_SLOT[s] for s in pick)
    if wilds:
        for pair in sorted(set(itertools.combinations(same, 2))):
            yield (*(_CARD_OF_SLOT[s] for s in pair), wilds[0])


def _wild_ends(meld: Meld) -> tuple[bool | None, ...]:
    """Where one more wild may go on the meld: () for none, (None,) for a set; for a run the
    ends with room, low end first (True)."""
    wild = 0
    for c in meld.cards:
        if _IS_WILD[c.index]:
            wild += 1
    if len(meld.cards) - wild < wild + 1:
        return ()
    if meld.kind is MeldKind.SET:
        return _SET_END
    if len(meld.cards) >= 13:
        return ()
    return _ENDS[(meld.low > 1) + 2 * (meld.high < 14)]


_SET_END: Final = (None,)
_ENDS: Final = ((), (True,), (False,), (True, False))


def _wants(meld: Meld) -> tuple[tuple[int, bool | None], ...]:
    """The naturals that fit the meld, as (card index, low end); a set names its rank as minus
    its number (any card of the rank fits)."""
    if meld.kind is MeldKind.SET:
        assert meld.rank is not None
        return ((-int(meld.rank), None),)
    if len(meld.cards) >= 13:
        return ()
    assert meld.suit is not None
    row = _AT[int(meld.suit)]
    low = meld.low
    high = low + len(meld.cards) - 1
    below = row[low - 1] if low > 1 else None
    above = row[high + 1] if high < 14 else None
    if below is None:
        return () if above is None else ((above.index, False),)
    return ((below.index, True),) if above is None else ((below.index, True), (above.index, False))
