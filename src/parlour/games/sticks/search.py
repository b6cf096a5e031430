"""The stick search and the meld lists: `could_meet` (a cheap count test), `_solve` (whether a hand
can lay a stick in the shape the melds are offered), the candidate melds of a need, and the
new melds after the stick."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Final, Literal

from parlour.core.cards import Card, Rank, interned
from parlour.core.contracts import Contract, Need, find_contract, parse_contract
from parlour.core.melds import MeldKind, rank_at
from parlour.games.sticks.tables import NEW_MELD, RULES
from parlour.games.sticks.moves import MakeMeld, Move, _BY_INDEX, _MAKE_MELD, _WILD, _meld_move


def could_meet(held: Sequence[Card], needs: Sequence[Need]) -> bool:
    """A cheap necessary condition for `held` to lay `needs` (exact lengths) and keep a card:
    each need alone, on the whole hand, lacks at least so many naturals; those shortfalls,
    summed, must not pass the wilds held. False means the search need not run.

    >>> from parlour.core.cards import parse_cards
    >>> could_meet(parse_cards("7C 7D 7S 9H 9S 2C KD QD"), parse_contract("2 sets of 3").needs)
    True
    >>> could_meet(parse_cards("7C 7D 9S 8H 3C KD QD"), parse_contract("2 sets of 3").needs)
    False
    """
    counts, wilds = _tally(held)
    return len(held) - 1 >= sum(n.length for n in needs) and _bound(counts, wilds, needs)


_SET_KIND: Final = MeldKind.SET
"""Bound once: reading an enum member through its class is slow (see DEVELOPING)."""


_WILD_AT: Final = _WILD
"""Per card index: the card is wild (`moves._WILD`)."""


_LANE_BIT: Final = tuple(
    0 if c is None or c.suit is None else (1 << int(c.rank)) | (1 << 14 if c.rank is Rank.ACE else 0) for c in _BY_INDEX
)
"""Per card index: its run positions as bits (an ace is positions 1 and 14)."""


_ALL_POSITIONS: Final = 0x7FFE
"""Bits 1-14 of a lane."""


@functools.lru_cache(maxsize=1 << 16)
def _best_place(lane: int, size: int) -> tuple[int, int]:
    """The most positions of `lane` inside one run window of `size`, and the lowest start
    holding that many."""
    window = (1 << size) - 1
    best, where = 0, 1
    for low in range(1, 16 - size):
        got = (lane >> low & window).bit_count()
        if got > best:
            best, where = got, low
    return best, where


@functools.lru_cache(maxsize=1 << 16)
def _best_window(lane: int, size: int) -> int:
    """The most positions of `lane` (bits 1-14) inside one run window of `size`."""
    window = (1 << size) - 1
    return max((lane >> low & window).bit_count() for low in range(1, 16 - size))


def _facts(counts: list[int]) -> tuple[list[int], list[int]]:
    """Rank totals (index 1-13) and per-suit lanes of run positions (bits 1-14) of a tally."""
    totals = [counts[16 + r] + counts[32 + r] + counts[48 + r] + counts[64 + r] for r in range(14)]
    lanes = [0, 0, 0, 0]
    bits = _LANE_BIT
    for suit in range(4):
        base = 16 * suit + 16
        lane = 0
        for r in range(1, 14):
            if counts[base + r]:
                lane |= bits[base + r]
        lanes[suit] = lane
    return totals, lanes


def _bound(counts: list[int], wilds: int, needs: Sequence[Need]) -> bool:
    """`could_meet` on a tally."""
    totals, lanes = _facts(counts)
    return _bound_with(totals, lanes, wilds, needs)


def _bound_with(totals: list[int], lanes: list[int], wilds: int, needs: Sequence[Need]) -> bool:
    """`could_meet` on rank totals and lanes: the summed shortfalls of the needs taken one by
    one fit the wilds (exact for one need: its best placement)."""
    short = 0
    for need in needs:
        size = need.length
        if need.kind is _SET_KIND:
            best = totals[int(need.rank)] if need.rank is not None else max(totals)
        elif need.suit is not None:
            lane = lanes[int(need.suit)]
            if need.low is not None:
                best = (lane >> need.low & (1 << size) - 1).bit_count()
            else:
                best = _best_window(lane, size)
        elif need.low is not None:
            best = max((lane >> need.low & (1 << size) - 1).bit_count() for lane in lanes)
        else:
            best = max(
                _best_window(lanes[0], size), _best_window(lanes[1], size),
                _best_window(lanes[2], size), _best_window(lanes[3], size),
            )  # fmt: skip
        if best == 0:
            return False
        if best < size:
            short += size - best
            if short > wilds:
                return False
    return True


def _tally(held: Sequence[Card]) -> tuple[list[int], int]:
    """The hand as natural counts by card index, and its number of wilds."""
    counts = [0] * 80
    wilds = 0
    wild = _WILD_AT
    for card in held:
        i = card.index
        if wild[i]:
            wilds += 1
        else:
            counts[i] += 1
    return counts, wilds


_SET3: Final = Need(MeldKind.SET, NEW_MELD)


_RUN3: Final = Need(MeldKind.RUN, NEW_MELD)


def _new_melds(seat: int, wilds: list[int], lanes: list[int], by_rank: dict[int, list[int]]) -> list[Move]:
    """The new melds of three after the stick, from the hand's facts (`rules._legal_after`: its
    wilds' card indices in hand order, its run positions per suit, its naturals' indices per
    rank in hand order): runs by suit and start, then sets by rank."""
    tail = tuple(wilds[-(NEW_MELD - 1) :])
    out: list[Move] = []
    short = NEW_MELD - len(tail)  # the fewest naturals a meld of three needs (a quick filter)
    for suit in range(4):
        lane = lanes[suit]
        if lane and lane.bit_count() >= short:
            out.extend(_run_moves(seat, suit, lane, tail))
    for rank in sorted(by_rank):
        naturals = by_rank[rank]
        if len(naturals) >= short:
            out.extend(_set_moves(seat, tuple(naturals), tail))
    return out


def _cards_at(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(map(_BY_INDEX.__getitem__, indices))  # type: ignore[arg-type]


@functools.lru_cache(maxsize=1 << 15)
def _run_moves(seat: int, suit: int, lane: int, tail: tuple[int, ...]) -> tuple[MakeMeld, ...]:
    """Seat `seat`'s runs of three in suit number `suit` (held positions: the bits of `lane`;
    `tail`: the card indices of the hand's last wilds), memoised on those numbers."""
    return tuple(move for move, _ in _run_options(seat, suit, lane, NEW_MELD, tail, 0))


@functools.lru_cache(maxsize=1 << 15)
def _set_moves(seat: int, naturals: tuple[int, ...], tail: tuple[int, ...]) -> tuple[MakeMeld, ...]:
    """Seat `seat`'s sets of three of one rank from its naturals (card indices)."""
    return tuple(move for move, _ in _set_options(seat, naturals, NEW_MELD, tail))


@functools.cache
def _card(rank: Rank, suit: object) -> Card:
    return interned(Card(rank, suit))  # type: ignore[arg-type]


def _remove(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand without `cards` (each held; the first equal card goes)."""
    for card in cards:
        index = card.index
        for at, other in enumerate(held):
            if other.index == index:
                held = held[:at] + held[at + 1 :]
                break
        else:
            raise ValueError(f"{card} is not held")
    return held


@functools.cache
def _window(suit: int, low: int, size: int) -> tuple[int, ...]:
    """The card indices of a run window: `size` positions from `low` in suit number `suit`."""
    return tuple((suit + 1) * 16 + int(rank_at(p)) for p in range(low, low + size))


def _need_order(need: Need) -> tuple[bool, bool, bool, int]:
    return (need.suit is None, need.low is None, need.rank is None, -need.length)


@functools.cache
def _size(needs: tuple[Need, ...]) -> int:
    return sum(n.length for n in needs)


@functools.cache
def _split(needs: tuple[Need, ...]) -> tuple[tuple[Need, ...], tuple[Need, ...]]:
    """A stick's runs and sets, each most constrained first (the search's order)."""
    runs = sorted((n for n in needs if n.kind is MeldKind.RUN), key=_need_order)
    sets = sorted((n for n in needs if n.kind is MeldKind.SET), key=_need_order)
    return tuple(runs), tuple(sets)


def _greedy(
    counts: list[int], wilds: int, runs: tuple[Need, ...], sets: tuple[Need, ...], facts: tuple[list[int], list[int]]
) -> tuple[list[tuple[int, int]], list[int], list[tuple[int, ...]], int] | None:
    """A quick way to say yes: lay the runs, then the sets, each where it holds the most
    naturals of what is left. Returns the places chosen ((suit, low) per run, the rank per set),
    the card indices of the naturals each meld takes (in that order) and the wilds they need, if
    that fits the wilds, else None (which proves nothing)."""
    totals, lanes = facts[0].copy(), facts[1].copy()
    left = counts.copy()
    spare = wilds
    places: list[tuple[int, int]] = []
    melds: list[tuple[int, ...]] = []
    for need in runs:
        size = need.length
        window = (1 << size) - 1
        best = 0
        where = (0, 0)
        for suit in (int(need.suit),) if need.suit is not None else (0, 1, 2, 3):
            lane = lanes[suit]
            if not lane:
                continue
            if need.low is not None:
                got, low = (lane >> need.low & window).bit_count(), need.low
            else:
                got, low = _best_place(lane, size)
            if got > best:
                best, where = got, (suit, low)
        if not best or size - best > spare:
            return None
        spare -= size - best
        places.append(where)
        suit, low = where
        melds.append(_take_run(suit, low, size, left, totals, lanes))
    ranks: list[int] = []
    for need in sets:
        size = need.length
        if need.rank is not None:
            r = int(need.rank)
        else:
            r = totals.index(max(totals))  # the first rank with the most (totals[0] is always 0)
        spare = _take_set(r, size, spare, totals, left, ranks, melds)
        if spare < 0:
            return None
    return places, ranks, melds, wilds - spare


def _take_run(suit: int, low: int, size: int, left: list[int], totals: list[int], lanes: list[int]) -> tuple[int, ...]:
    """Lays the greedy layout's run of `size` from `low` in suit number `suit`: takes the naturals
    `left` in its window (wilds fill its gaps), keeping the rank `totals` and the suit `lanes` up
    to date; returns the card indices taken."""
    bits = _LANE_BIT
    taken = []
    for j in _window(suit, low, size):
        if left[j]:
            left[j] -= 1
            taken.append(j)
            totals[j & 15] -= 1
            if not left[j]:
                lanes[suit] &= ~bits[j]
    return tuple(taken)


def _take_set(
    r: int, size: int, spare: int, totals: list[int], left: list[int], ranks: list[int], melds: list[tuple[int, ...]]
) -> int:
    """Lays the greedy layout's set of `size` in rank `r` from the naturals `left` (suit by suit,
    wilds making up the rest), noting it in `ranks` and `melds`; returns the wilds still spare,
    or -1 when the rank has no natural left or too few wilds are spare."""
    got = min(totals[r], size)
    if not got or size - got > spare:
        return -1
    spare -= size - got
    totals[r] -= got
    ranks.append(r)
    melds.append(_take_naturals(r, got, left))
    return spare


def _take_naturals(r: int, count: int, left: list[int]) -> tuple[int, ...]:
    """Takes up to `count` naturals of rank `r` from `left`, suit by suit; returns their card
    indices (fewer when the rank runs out: wilds make up the rest)."""
    taken = []
    for j in (16 + r, 32 + r, 48 + r, 64 + r):
        while left[j] and count:
            left[j] -= 1
            taken.append(j)
            count -= 1
    return tuple(taken)


Witness = tuple[tuple[tuple[int, ...], ...], int]
"""A layout a hand holds: the card indices of the naturals of each meld (the runs in the order
`_search` lays them, then the sets), and its number of wilds."""


def _witness(
    counts: list[int], wilds: int, runs: tuple[Need, ...], sets: tuple[Need, ...], places: list[tuple[int, int]],
    ranks: list[int],
) -> Witness | None:
    """The layout of `_greedy`'s places replayed in the order `_solve`'s search lays them (runs
    of one need by suit and start), so the search would accept it on this hand and on any hand
    holding it (see `_lay_check`); None if that order leaves a run without a natural. Needed
    only where `_greedy` laid equal runs out of that order (`_in_order`)."""
    block = [0] * len(runs)  # the first index of each block of equal adjacent needs
    for i in range(1, len(runs)):
        block[i] = block[i - 1] if runs[i] == runs[i - 1] else i
    order = sorted(range(len(runs)), key=lambda i: (block[i], places[i]))
    left = counts.copy()
    melds: list[tuple[int, ...]] = []
    spare = wilds
    for i in order:
        size = runs[i].length
        suit, low = places[i]
        taken = []
        for j in _window(suit, low, size):
            if left[j]:
                left[j] -= 1
                taken.append(j)
        if not taken:
            return None
        melds.append(tuple(taken))
        spare -= size - len(taken)
    for need, r in zip(sets, ranks):
        naturals = _take_naturals(r, need.length, left)
        melds.append(naturals)
        spare -= need.length - len(naturals)
    if spare < 0:  # not reached: the runs hold as many naturals in either order
        return None
    return tuple(melds), wilds - spare


def _in_order(same: tuple[bool, ...], places: list[tuple[int, int]]) -> bool:
    """`_greedy` laid each run of a block of equal needs at or after the place of the one
    before (`same[i]`: run i is the same need as run i - 1), so its layout is the search's."""
    for i in range(1, len(places)):
        if same[i] and places[i] < places[i - 1]:
            return False
    return True


def _alike(needs: tuple[Need, ...]) -> bool:
    """Needs of one kind and size naming no rank, suit or start (2 runs of 3, 4 sets of 3...)."""
    first = needs[0]
    return first.suit is None and first.low is None and first.rank is None and all(n == first for n in needs)


def _alike_sets(totals: list[int], wilds: int, k: int, size: int) -> bool:
    """`k` sets of `size`, any ranks, within `wilds` (`totals`: the naturals per rank): the most
    naturals they can hold, by a table over the ranks (a rank with t naturals holding j <= t of
    the sets gives min(t, j * size) of them). Two sets, the common case, read the two largest
    totals instead: both sets in the largest rank (if it holds two naturals) or one in each."""
    if k == 2:
        first = second = 0
        for t in totals:
            if t > first:
                first, second = t, first
            elif t > second:
                second = t
        held = min(first, size) + min(second, size) if second else -_NEVER
        if first >= 2 and min(first, 2 * size) > held:
            held = min(first, 2 * size)
        return held >= 0 and 2 * size - held <= wilds
    most = [0] + [-_NEVER] * k
    for r in range(1, 14):
        t = totals[r]
        if not t:
            continue
        new = most.copy()
        for used in range(1, min(k, t) + 1):
            gain = min(t, used * size)
            for j in range(k - used + 1):
                if most[j] >= 0 and most[j] + gain > new[j + used]:
                    new[j + used] = most[j] + gain
        most = new
    return most[k] >= 0 and k * size - most[k] <= wilds


def _alike_runs(counts: list[int], lanes: list[int], wilds: int, k: int, size: int) -> bool:
    """`k` runs of `size`, any suits, within `wilds`: the fewest wilds each suit needs for
    0..k of them (`_suit_cost`, memoised by the suit's cards; a suit without naturals holds
    none), combined over the suits."""
    costs = []
    for s in range(4):
        if lanes[s]:
            ranks = tuple(counts[16 * s + 17 : 16 * s + 30])
            costs.append([0, *[_suit_cost(ranks, j, size) for j in range(1, k + 1)]])
        else:
            costs.append([0, *[_NEVER] * k])
    best = _NEVER
    for a in range(k + 1):
        for b in range(k + 1 - a):
            for c in range(k + 1 - a - b):
                d = k - a - b - c
                total = costs[0][a] + costs[1][b] + costs[2][c] + costs[3][d]
                if total < best:
                    best = total
    return best <= wilds


_NEVER: Final = 1000


@functools.lru_cache(maxsize=1 << 16)
def _suit_cost(ranks: tuple[int, ...], k: int, size: int) -> int:
    """The fewest wilds for `k` runs of `size` in one suit whose naturals are `ranks` (counts
    of A..K), each run taking every natural of its window held and at least one; `_NEVER` if
    impossible. A search over the starts in rising order (a start may repeat: the next run
    takes the copies left), dropping a branch once its wilds reach the best found (a run
    never needs fewer than none). Starts whose window holds nothing are never tried: taking
    cards only empties windows."""
    if k == 0:
        return 0
    counts = list(ranks)
    held = 0
    for r, n in enumerate(ranks):
        if n:
            held |= 1 << r
    if k == 1:  # one run: the window holding the most positions (as `_best_window` counts them)
        got = _best_window(held << 1 | (held & 1) << 14, size)  # rank index r is position r + 1; an ace is 14 too
        return size - got if got else _NEVER
    windows = [spots for spots, mask in _SPOTS[size] if mask & held]
    best = _NEVER

    def walk(k: int, first: int, spent: int) -> None:
        nonlocal best
        for at in range(first, len(windows)):
            present = [r for r in windows[at] if counts[r]]
            if not present:
                continue
            cost = spent + size - len(present)
            if cost >= best:
                continue
            if k == 1:
                best = cost
                continue
            for r in present:
                counts[r] -= 1
            walk(k - 1, at, cost)
            for r in present:
                counts[r] += 1

    walk(k, 0, 0)
    return best


_SPOTS: Final = {
    size: tuple(
        (spots, sum(1 << r for r in set(spots)))
        for spots in (tuple((p - 1) % 13 for p in range(low, low + size)) for low in range(1, 16 - size))
    )
    for size in range(3, 15)
}
"""Per run size, each window's positions from the low ace up as indices into a suit's counts
of A..K (the high ace is the ace again), with those indices as bits."""


def _solve(
    counts: list[int],
    wilds: int,
    needs: Sequence[Need],
    room: int,
    facts: tuple[list[int], list[int]] | None = None,
) -> bool:
    """Whether a hand of `room` cards (`counts` of naturals by card index, `wilds`) lays
    `needs` with every run taking each natural of its window the hand holds (the shape
    `_stick_melds` offers), keeping a card: `_bound` first, then a search over card counts,
    runs first (by suit and start), then sets on the rank totals left; dead ends memoised.
    `counts` is changed during the search and restored."""
    if not needs:
        return room >= 1
    cards = 0
    for need in needs:  # summed here: hashing the needs to look a total up costs more
        cards += need.length
    if room - 1 < cards:
        return False
    if facts is None:
        facts = _facts(counts)
    if not _bound_with(facts[0], facts[1], wilds, needs):
        return False
    if len(needs) == 1:
        return True  # one need: the bound is exact (its best placement fits the wilds)
    runs, sets = _split(tuple(needs))
    if _greedy(counts, wilds, runs, sets, facts) is not None:
        return True
    return _search(counts, wilds, runs, sets, facts)


def _search(
    counts: list[int], wilds: int, runs: tuple[Need, ...], sets: tuple[Need, ...], facts: tuple[list[int], list[int]]
) -> bool:
    """`_solve`'s exact search, once the count test passed and `_greedy` said nothing."""
    if not sets and _alike(runs):
        return _alike_runs(counts, facts[1], wilds, len(runs), runs[0].length)
    if not runs and _alike(sets):
        return _alike_sets(facts[0], wilds, len(sets), sets[0].length)
    dead: set[tuple[object, ...]] = set()

    def set_walk(i: int, totals: list[int], spare: int, floor: int) -> bool:
        if i == len(sets):
            return True
        key = (i, tuple(totals), spare, floor)
        if key in dead:
            return False
        need = sets[i]
        size = need.length
        same_next = i + 1 < len(sets) and sets[i + 1] == need
        ranks = [int(need.rank)] if need.rank is not None else [r for r in range(max(floor, 1), 14) if totals[r]]
        for r in ranks:
            top = min(size, totals[r])
            for k in range(top, 0, -1):
                w = size - k
                if w > spare:
                    break
                totals[r] -= k
                ok = set_walk(i + 1, totals, spare - w, r if same_next else 1)
                totals[r] += k
                if ok:
                    return True
        if key is not None:
            dead.add(key)
        return False

    totals, lanes = facts[0].copy(), facts[1].copy()
    bits = _LANE_BIT

    def shortfall(i: int) -> int:
        """The least wilds runs i.. and the sets need, each alone on the cards left (a lower
        bound)."""
        short = 0
        if sets:
            top = max(totals)
            for need in sets:
                best = totals[int(need.rank)] if need.rank is not None else top
                if not best:
                    return 99
                if best < need.length:
                    short += need.length - best
        for need in runs[i:]:
            size = need.length
            if need.suit is not None:
                lane = lanes[int(need.suit)]
                best = (
                    (lane >> need.low & (1 << size) - 1).bit_count() if need.low is not None else _best_window(lane, size)
                )
            elif need.low is not None:
                best = max((lane >> need.low & (1 << size) - 1).bit_count() for lane in lanes)
            else:
                best = max(
                    _best_window(lanes[0], size), _best_window(lanes[1], size),
                    _best_window(lanes[2], size), _best_window(lanes[3], size),
                )  # fmt: skip
            if not best:
                return 99
            short += size - best
        return short

    def run_walk(i: int, spare: int, floor: tuple[int, int]) -> bool:
        if i == len(runs):
            if not sets:
                return True
            if len(sets) == 1:
                need = sets[0]
                best = totals[int(need.rank)] if need.rank is not None else max(totals)
                return best > 0 and need.length - min(best, need.length) <= spare
            return set_walk(0, totals.copy(), spare, 1)
        if shortfall(i) > spare:
            return False
        key = (i, tuple(counts), spare, floor) if i else None
        if key in dead:
            return False
        need = runs[i]
        size = need.length
        least = max(1, size - spare)
        window = (1 << size) - 1
        same_next = i + 1 < len(runs) and runs[i + 1] == need
        suits = (int(need.suit),) if need.suit is not None else (0, 1, 2, 3)
        lows = (need.low,) if need.low is not None else range(1, 16 - size)
        for suit in suits:
            lane = lanes[suit]
            if (lane & _ALL_POSITIONS).bit_count() < least:
                continue
            for low in lows:
                if (suit, low) < floor:
                    continue
                got = (lane >> low & window).bit_count()
                if got < least:
                    continue
                present = [j for j in _window(suit, low, size) if counts[j]]
                for j in present:
                    counts[j] -= 1
                    totals[j & 15] -= 1
                    if not counts[j]:
                        lanes[suit] &= ~bits[j]
                ok = run_walk(i + 1, spare - (size - got), (suit, low) if same_next else (0, 0))
                for j in present:
                    counts[j] += 1
                    totals[j & 15] += 1
                    lanes[suit] |= bits[j]
                if ok:
                    return True
        if key is not None:
            dead.add(key)
        return False

    return run_walk(0, wilds, (0, 0))


def _can_lay(held: tuple[Card, ...], needs: tuple[Need, ...], size: int) -> bool:
    """The hand can lay the stick now (in the shape the stick melds are offered; `size`: the
    stick's cards). See `_lay_check`."""
    return _lay_check(held, _plan(needs))[0]


Plan = tuple[tuple[Need, ...], tuple[Need, ...], tuple[Need, ...], int, tuple[bool, ...], int]
"""A stick's needs, its runs and sets in the search's order (`_split`), its cards, per run
whether it is the same need as the run before (`_in_order`), and the one length of its runs
when every need names no rank, suit or start and the runs are all that long (0: no runs; -1:
otherwise), the shape `_lay_check` settles in one pass."""


def _plan(needs: tuple[Need, ...]) -> Plan:
    """The `Plan` of a stick's needs (the rules keep one per stick of each list, so the hot
    path never hashes needs)."""
    runs, sets = _split(needs)
    same = tuple(i > 0 and runs[i] == runs[i - 1] for i in range(len(runs)))
    lengths = {n.length for n in runs}
    plain = all(n.rank is None and n.suit is None and n.low is None for n in needs) and len(lengths) <= 1
    return needs, runs, sets, _size(needs), same, (lengths.pop() if lengths else 0) if plain else -1


_NATURAL_BIT: Final = tuple(0 if wild else 1 << i for i, wild in enumerate(_WILD_AT))
"""Per card index: the index as a bit for a natural (0 for a wild): a hand's naturals as one
integer, whose 16-bit slices are the suits' rank positions (see `_lanes_of`)."""


def _lanes_of(mask: int) -> list[int]:
    """The run positions per suit (as `_LANE_BIT` sets them: bits 1-13, the ace also at 14)
    of a hand's naturals given as `_NATURAL_BIT`s."""
    out = []
    for shift in (16, 32, 48, 64):
        lane = mask >> shift & 0x3FFE
        out.append(lane | (lane & 2) << 13)
    return out


def _lay_check(held: tuple[Card, ...], plan: Plan) -> tuple[bool, Witness | None]:
    """Whether the hand can lay the stick now (`_solve`'s answer), and if `_greedy` found the
    layout, a witness of it: the naturals of each meld and the wilds, laid in the search's order.

    The witness outlives the hand it was found on. A card added to the hand keeps it good (the
    search lays the same places, each run taking the new card if it falls in its window). A card
    taken out keeps it good when the hand holds more copies of it than the witness uses (more
    wilds, for a wild): the places then hold what they held. So the rules carry a seat's witness
    from turn to turn while its discards spare it (`_spare`), and answer yes without a search.

    Order: the count test first (it turns most hands that cannot away), then `_greedy` (it
    settles most hands that can), then the exact search. Where the needs name no rank, suit or
    start and the runs share one length (`Plan`), the count test and `_greedy` share their
    work (`_plain_greedy`)."""
    needs, runs, sets, size, same, run_size = plan
    room = len(held)
    if room - 1 < size:
        return False, None
    counts = [0] * 80
    totals = [0] * 14
    mask = 0
    wilds = 0
    wild = _WILD_AT
    bit = _NATURAL_BIT
    for card in held:
        i = card.index
        if wild[i]:
            wilds += 1
        else:
            counts[i] += 1
            totals[i & 15] += 1
            mask |= bit[i]
    lanes = _lanes_of(mask)
    facts = (totals, lanes)
    if run_size >= 0:
        picks = _plain_greedy(counts, wilds, runs, sets, totals, lanes, run_size)
        if picks is False:
            return False, None  # the count test failed
    else:
        if not _bound_with(totals, lanes, wilds, needs):
            return False, None
        picks = _greedy(counts, wilds, runs, sets, facts)
    if picks is not None:
        places, ranks, melds, used = picks
        if len(places) < 2 or _in_order(same, places):
            return True, (tuple(melds), used)
        return True, _witness(counts, wilds, runs, sets, places, ranks)
    if len(needs) == 1:
        return True, None  # the count test is exact for one need (not reached: `_greedy` agrees)
    return _search(counts, wilds, runs, sets, facts), None


_GreedyPicks = tuple[list[tuple[int, int]], list[int], list[tuple[int, ...]], int]


def _plain_greedy(
    counts: list[int], wilds: int, runs: tuple[Need, ...], sets: tuple[Need, ...], totals: list[int],
    lanes: list[int], run_size: int,
) -> _GreedyPicks | Literal[False] | None:
    """`_bound_with`, then `_greedy`, for needs naming no rank, suit or start whose runs are
    all `run_size` long: False if the count test fails, else `_greedy`'s answer. Each run need's
    best placement on the whole hand is then the same (the best window of any suit), and
    `_greedy` lays each run where the most positions are, so one `_best_place` per suit
    serves both, and after each run only the suit it took from is looked at again. The
    inputs are not changed."""
    short = 0
    spots: list[tuple[int, int]] = []
    if runs:
        top = 0
        for lane in lanes:
            spot = _best_place(lane, run_size) if lane else _NO_PLACE
            spots.append(spot)
            if spot[0] > top:
                top = spot[0]
        if not top:
            return False
        short = (run_size - top) * len(runs)
    if sets:
        top = max(totals)
        if not top:
            return False
        for need in sets:
            if top < need.length:
                short += need.length - top
    if short > wilds:
        return False
    totals = totals.copy()
    lanes = lanes.copy()
    left = counts.copy()
    spare = wilds
    places: list[tuple[int, int]] = []
    melds: list[tuple[int, ...]] = []
    for _ in runs:
        best = 0
        where = 0
        for suit in range(4):
            got = spots[suit][0]
            if got > best:
                best, where = got, suit
        if not best or run_size - best > spare:
            return None
        spare -= run_size - best
        low = spots[where][1]
        places.append((where, low))
        melds.append(_take_run(where, low, run_size, left, totals, lanes))
        lane = lanes[where]
        spots[where] = _best_place(lane, run_size) if lane else _NO_PLACE
    ranks: list[int] = []
    for need in sets:
        size = need.length
        r = totals.index(max(totals))  # the first rank with the most (totals[0] is always 0)
        spare = _take_set(r, size, spare, totals, left, ranks, melds)
        if spare < 0:
            return None
    return places, ranks, melds, wilds - spare


_NO_PLACE: Final = (0, 1)
"""`_best_place` of an empty lane."""


def _spare(witness: Witness, held: tuple[Card, ...], card: Card, at: int = -1) -> Witness | None:
    """The witness for `held` once `card` leaves it: the same while the hand holds more copies
    of the card than the witness uses (more wilds, for a wild); else, if the hand has a wild
    the witness does not use and the last meld (in the witness's order) holding the card keeps
    another natural, the witness with a wild in its place; else None. `at`: where the card's
    first copy sits in `held`, if the caller knows (copies sit side by side: the hand is sorted).

    The repair is sound: the search lays the same places with that card gone; each meld before
    the last holding it takes what it took, that meld takes one natural fewer, and the sets left
    take what they took; so exactly one more wild is needed, and every meld keeps a natural."""
    i = card.index
    wild = _WILD_AT
    melds, need = witness
    if wild[i]:
        if not need:
            return witness
        have = 0
        for c in held:
            if wild[c.index]:
                have += 1
        return witness if have > need else None
    uses = 0
    last = -1
    for k, meld in enumerate(melds):
        n = meld.count(i)
        if n:
            uses += n
            last = k
    if not uses:
        return witness
    if at >= 0:
        have = 1
        size = len(held)
        while at + have < size and held[at + have].index == i:
            have += 1
        if have > uses:
            return witness
    wilds = 0
    have = 0
    for c in held:
        j = c.index
        if j == i:
            have += 1
        elif wild[j]:
            wilds += 1
    if have > uses:
        return witness
    meld = melds[last]
    if wilds <= need or len(meld) < 2:
        return None
    k = meld.index(i)
    return (*melds[:last], meld[:k] + meld[k + 1 :], *melds[last + 1 :]), need + 1


def _stick_melds(
    seat: int, held: tuple[Card, ...], needs: tuple[Need, ...], owed: tuple[int, ...], sure: bool = False
) -> tuple[Move, ...]:
    """The stick melds offered now: the stick goes down in the order it lists its needs, so
    each meld fills the first owed need and leaves the rest possible. The candidates are runs
    per suit and start with every natural of the window the hand holds, sets per rank with
    every distinct choice of naturals from the most down to the fewest the wilds allow; the
    wilds used are the last ones in hand order (`_run_options`, `_set_options`). `sure`: the
    caller knows the hand can lay the owed needs (a witness of the whole stick), so the search
    that would say so is skipped."""
    wanted = tuple([needs[i] for i in owed])
    counts = [0] * 80
    totals = [0] * 14
    lanes = [0, 0, 0, 0]
    wild_cards: list[int] = []
    by_rank: dict[int, list[int]] = {}
    wild = _WILD_AT
    bits = _LANE_BIT
    for card in held:
        i = card.index
        if wild[i]:
            wild_cards.append(i)
        else:
            counts[i] += 1
            totals[i & 15] += 1
            lanes[(i >> 4) - 1] |= bits[i]
            same = by_rank.get(i & 15)
            if same is None:
                by_rank[i & 15] = [i]
            else:
                same.append(i)
    wilds = len(wild_cards)
    room = len(held)
    if not sure and not _solve(counts, wilds, wanted, room, (totals, lanes)):
        return ()
    need = needs[owed[0]]
    size = need.length
    tail = tuple(wild_cards[-(size - 1) :])
    options: list[tuple[MakeMeld, tuple[int, ...]]] = []
    if need.kind is MeldKind.SET:
        for rank in [int(need.rank)] if need.rank is not None else sorted(by_rank):
            naturals = by_rank.get(rank)
            if naturals:
                options.extend(_set_options(seat, tuple(naturals), size, tail))
    else:
        for suit in (int(need.suit),) if need.suit is not None else (0, 1, 2, 3):
            if lanes[suit]:
                options.extend(_run_options(seat, suit, lanes[suit], size, tail, need.low or 0))
    others = wanted[1:]
    left = room - size  # every candidate lays exactly `size` cards
    out: list[Move] = []
    if not others:
        if left >= 1:
            out.extend(move for move, _ in options)
    elif len(others) == 1:
        # one need left: its best placement on the rest decides (as `_bound_with`)
        if left - 1 >= others[0].length:
            out.extend(_one_left(options, others[0], counts, totals, lanes, wilds - size))
    else:
        for move, used in options:
            for j in used:
                counts[j] -= 1
            ok = _solve(counts, wilds - size + len(used), others, left)
            for j in used:
                counts[j] += 1
            if ok:
                out.append(move)
    if not out:  # not reached when the search above is right; core's search has the last word
        layout = find_contract(held, Contract(needs=wanted, exact=True, extra_melds=False), RULES, keep=1) or ()
        out.extend(_meld_move(seat, m) for m in layout[:1])
    return tuple(out)


def _one_left(
    options: list[tuple[MakeMeld, tuple[int, ...]]],
    need: Need,
    counts: list[int],
    totals: list[int],
    lanes: list[int],
    spare: int,
) -> list[Move]:
    """The candidate melds whose cards left still hold the one need left by `_bound_with`'s
    test (exact for one need: its best placement fits the wilds). `spare`: the wilds once a
    candidate of wilds only is down (each natural it uses spares one more). A need naming no
    rank, suit or start is tested from what the candidate changes: the best rank (or suit's
    window) it leaves alone, against the ranks (suits) it takes from."""
    size = need.length
    out: list[Move] = []
    bits = _LANE_BIT
    # a candidate with k naturals leaves spare + k wilds (never negative), so the need fits
    # when its best placement keeps a natural and best + k >= size - spare (the wilds fill the
    # rest; a best of `size` or more always fits)
    short = size - spare
    if need.rank is None and need.suit is None and need.low is None:
        if need.kind is _SET_KIND:
            order = sorted(range(14), key=totals.__getitem__, reverse=True)
            first, second = order[0], order[1]
            for move, used in options:
                if not move.low:  # a set: its naturals are of one rank
                    r = used[0] & 15
                    best = totals[second] if r == first else totals[first]
                    if totals[r] - len(used) > best:
                        best = totals[r] - len(used)
                    if best and best + len(used) >= short:
                        out.append(move)
                    continue
                drop: dict[int, int] = {}
                for j in used:
                    drop[j & 15] = drop.get(j & 15, 0) + 1
                best = 0
                for r in order:
                    if r not in drop:
                        best = totals[r]
                        break
                for r, d in drop.items():
                    if totals[r] - d > best:
                        best = totals[r] - d
                if best and best + len(used) >= short:
                    out.append(move)
            return out
        best_in = [_best_window(lane, size) for lane in lanes]
        # per suit, the best window of the other suits (a run candidate changes its own suit only)
        others = [max(best_in[:s] + best_in[s + 1 :]) for s in range(4)]
        for move, used in options:
            if move.low:  # a run: one suit, each position once
                suit = (used[0] >> 4) - 1
                lane = was = lanes[suit]
                for j in used:
                    if counts[j] == 1:
                        lane &= ~bits[j]
                best = best_in[suit] if lane == was else _best_window(lane, size)
                if others[suit] > best:
                    best = others[suit]
                if best and best + len(used) >= short:
                    out.append(move)
                continue
            changed: dict[int, int] = {}
            for j in used:
                counts[j] -= 1
                if not counts[j]:
                    suit = (j >> 4) - 1
                    changed[suit] = changed.get(suit, lanes[suit]) & ~bits[j]
            for j in used:
                counts[j] += 1
            best = 0
            for suit in range(4):
                if suit not in changed and best_in[suit] > best:
                    best = best_in[suit]
            for lane in changed.values():
                got = _best_window(lane, size)
                if got > best:
                    best = got
            if best and best + len(used) >= short:
                out.append(move)
        return out
    for move, used in options:
        t = totals.copy()
        ln = lanes.copy()
        for j in used:
            counts[j] -= 1
            t[j & 15] -= 1
            if not counts[j]:
                ln[(j >> 4) - 1] &= ~bits[j]
        for j in used:
            counts[j] += 1
        if _bound_with(t, ln, spare + len(used), (need,)):
            out.append(move)
    return out


@functools.lru_cache(maxsize=1 << 15)
def _set_options(
    seat: int, naturals: tuple[int, ...], size: int, tail: tuple[int, ...]
) -> tuple[tuple[MakeMeld, tuple[int, ...]], ...]:
    """Seat `seat`'s sets of `size` of one rank from its `naturals` (card indices), each with
    the naturals it uses: each distinct choice of the naturals, the most first, the gaps filled
    from the end of `tail` (the hand's last wilds)."""
    out = []
    for k in range(min(size, len(naturals)), 0, -1):
        w = size - k
        if w > len(tail):
            break
        use = tail[len(tail) - w :]
        for combo in dict.fromkeys(itertools.combinations(naturals, k)):
            out.append((_MAKE_MELD(seat, _cards_at((*combo, *use)), 0), combo))
    return tuple(out)


def _run_options(
    seat: int, suit: int, lane: int, size: int, tail: tuple[int, ...], low: int
) -> tuple[tuple[MakeMeld, tuple[int, ...]], ...]:
    """Seat `seat`'s runs of `size` in suit number `suit` whose held positions are the bits of
    `lane`, each with the naturals it uses: from every start (or only `low`), each natural of
    the window held in place and the gaps filled from the end of `tail` (the hand's last
    wilds). Only the starts whose window meets the lane are tried; each window's run comes
    from `_RUN_OPTIONS`."""
    window = (1 << size) - 1
    out = []
    kept = _RUN_OPTIONS
    if len(kept) >= 1 << 16:
        kept.clear()
    if low:
        first, last = low, low + 1
    else:
        first = (lane & -lane).bit_length() - size  # the lowest position held, less size - 1
        if first < 1:
            first = 1
        last = lane.bit_length()  # one past the highest position held
        if last > 16 - size:
            last = 16 - size
    top = len(tail)
    base = ((seat * 4 + suit) * 16 + size) << 18
    for start in range(first, last):
        held = lane >> start & window
        if not held:
            continue
        missing = size - held.bit_count()
        if missing > top:
            continue
        key = base | start << 14 | held
        fill: tuple[int, ...] = ()
        if missing:
            fill = tail[top - missing :]
            for w in fill:  # the fill's wilds above the rest, 7 bits each, the last lowest
                missing -= 1
                key |= (w + 1) << (28 + 7 * missing)
        got = kept.get(key)
        if got is None:
            got = kept[key] = _run_option(suit, start, size, held, fill, seat)
        out.append(got)
    return tuple(out)


_RUN_OPTIONS: Final[dict[int, tuple[MakeMeld, tuple[int, ...]]]] = {}
"""`_run_option`'s answers, keyed by one integer (`_run_options`): from bit 0 the window's held
positions (14 bits), its start (4), size (4), suit (2) and seat (4), then from bit 28 the card
index plus one of each wild filling a gap (7 bits each, the last wild lowest). A key names only
the wilds the window uses, so windows without gaps share their runs across tails of wilds. A
hand's runs differ from the last turn's in a window or two, so most windows' runs recur from
state to state (cleared when large)."""


def _run_option(
    suit: int, start: int, size: int, held: int, fill: tuple[int, ...], seat: int
) -> tuple[MakeMeld, tuple[int, ...]]:
    """The run of one window (seat, suit number, start, size, held positions of the window as
    bits from the start, the wilds that fill the gaps in order) and its naturals."""
    row = _window(suit, start, size)
    cards: list[int] = []
    naturals: list[int] = []
    w = 0
    for j in row:
        if held & 1:
            cards.append(j)
            naturals.append(j)
        else:
            cards.append(fill[w])
            w += 1
        held >>= 1
    return _MAKE_MELD(seat, _cards_at(tuple(cards)), start), tuple(naturals)
