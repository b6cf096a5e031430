"""Arizona Rummy's rule tables and meld searches: the round schedule (hand sizes, wild
ranks, meld rules, point tables), going out (`may_go_out`, `going_out`), the lay-down leaving
the fewest points (`best_lay_down`), the three-card melds offered, and the check of a table
meld. Pure functions of cards and rules; the game's position lives in `rules`."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    CARD_INDICES,
    JOKER,
    SUITS,
    Card,
    Rank,
    cards_text,
    interned,
    sorted_cards,
    standard_pack,
)
from parlour.core.contracts import Contract
from parlour.core.melds import AceMode, Meld, MeldKind, MeldRules, PointTable, rank_at


PLAYERS: Final = tuple(range(2, 11))
"""Any number of people (rules notes: 2 to 10)."""
DEFAULT_PLAYERS: Final = 4
ROUND_CARDS: Final = tuple(range(3, 14))
"""Cards dealt each in rounds 1 to 11: "3s to Kings"."""
WILD_RANKS: Final = tuple(Rank(n) for n in ROUND_CARDS)
"""The round's wild rank beside the jokers: the rank numbered like the hand size."""
SET_MAX: Final = 14
"""A set may hold any number of cards of its rank (several packs): at most a whole hand."""
ROUND_RULES: Final = tuple(
    MeldRules(
        set_max=SET_MAX,
        distinct_suits=False,
        ace_mode=AceMode.EITHER,
        min_naturals=1,
        wild_ranks=frozenset({Rank.JOKER, rank}),
    )
    for rank in WILD_RANKS
)
"""Each round's meld rules: sets and runs of 3 or more, at least one natural card in each
("You must have at least one natural card in each grouping"), aces high or low."""
BASE_POINTS: Final = {
    Rank.JOKER: 50,
    Rank.ACE: 20,
    **{Rank(r): 10 for r in range(10, 14)},
    **{Rank(r): 5 for r in range(2, 10)},
}
"""Points a card left in hand counts: jokers 50, ace 20, K-10 10, 9-2 5."""
WILD_POINTS: Final = 25
"""A card of the round's wild rank left in hand ("Wilds 25")."""
ROUND_POINTS: Final = tuple(PointTable.of({**BASE_POINTS, rank: WILD_POINTS}) for rank in WILD_RANKS)
"""Each round's point table."""
ALL_CARDS: Final = Contract(needs=(), all_cards=True)
"""Going out: every card melded but the discard."""
JOKERS_PER_PACK: Final = 2
""""including jokers": two per pack (rules notes C1)."""
MANY_PLAYERS: Final = 7
"""From this many players the pack has four decks instead of three ("3-4 decks")."""
MAX_TURNS: Final = 1000
"""Discards a round may last before it ends as a dead hand (rules notes C8)."""

_SET: Final = MeldKind.SET
_RUN: Final = MeldKind.RUN


@functools.lru_cache(maxsize=8)
def pack_for(packs: int) -> tuple[Card, ...]:
    """The cards of `packs` packs with their jokers."""
    return standard_pack(packs=packs, jokers=JOKERS_PER_PACK)


_EVERY_CARD: Final = (*standard_pack(), JOKER)
"""One card of each face, jokers included."""


def meld_text(meld: Meld) -> str:
    """A meld's cards; a run holding a wild card adds where it stands ("JK 5H 6H as 4H-6H")."""
    text = cards_text(meld.cards)
    if meld.kind is _RUN and meld.suit is not None and any(c != w for c, w in zip(meld.cards, meld.stands_for())):
        low, high = Card(rank_at(meld.low), meld.suit), Card(rank_at(meld.high), meld.suit)
        text += f" as {low}-{high}"
    return text


def round_rules(round_number: int) -> MeldRules:
    """The meld rules of round 1 to 11 (the wild rank rises with the round)."""
    return ROUND_RULES[round_number - 1]


def penalty(cards: Sequence[Card], round_number: int) -> int:
    """What cards left in hand count in a round: joker 50, the wild rank 25, A 20, K-10 10, 9-2 5."""
    return ROUND_POINTS[round_number - 1].total(cards)


def may_go_out(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether `cards` can go out: every card but one in valid melds (sets of a rank, runs of
    a suit, at least one natural each, the ace high or low), the last one the discard.

    The exact test on the legal-move path: a depth-first search over the natural cards as a
    sorted tuple of card numbers, memoised across calls. The first natural card left goes in a
    set of its rank (with any other naturals of that rank), or in a run of its suit (positions
    below it can only be wilds, since lower cards of the suit are already placed; an ace may
    also stand high), or is kept back as the discard. Wilds left over join any meld. Cheap
    tests come first: up to six cards a single meld is tested directly; beyond, a natural
    that fits no three-card meld, or a group of naturals too small to meld without a wild
    of its own, rules most hands out before the search.
    """
    return _can_go_out(cards, _wild_table(rules))


def _can_go_out(cards: Sequence[Card], wild: tuple[bool, ...]) -> bool:
    naturals = [i for i in [c.index for c in cards] if not wild[i]]
    wilds = len(cards) - len(naturals)
    if len(cards) <= SINGLE_MELD_HAND:
        count = len(naturals)
        if count > 2:  # all naturals but one share a rank or a suit: the first or second's
            ranks = [i & 15 for i in naturals]
            suits = [i >> 4 for i in naturals]
            if (
                max(ranks.count(ranks[0]), ranks.count(ranks[1]), suits.count(suits[0]), suits.count(suits[1]))
                < count - 1
            ):
                return False
        naturals.sort()
        return _one_meld_out(naturals, wilds)
    naturals.sort()
    if _stuck(naturals, wilds) > 1 or _needy(naturals) > wilds:
        return False
    return _cover(tuple(naturals), wilds, 1, False) is not None


SINGLE_MELD_HAND: Final = 6
"""Up to this many cards, going out lays a single meld (two melds take six cards and a
discard), which `_one_meld_out` tests directly."""


def _one_meld_out(naturals: list[int], wilds: int) -> bool:
    """Some card (a natural, or one wild) can be kept back and the rest form one meld."""
    if wilds and _one_meld(naturals, wilds - 1):
        return True
    last = -1
    for i, c in enumerate(naturals):
        if c != last and _one_meld(naturals[:i] + naturals[i + 1 :], wilds):
            return True
        last = c
    return False


def _one_meld(naturals: list[int], wilds: int) -> bool:
    """The naturals (card numbers, sorted) and `wilds` wild cards form one set or run."""
    size = len(naturals) + wilds
    if not naturals or size < 3:
        return False
    rank = naturals[0] & 15
    if all(c & 15 == rank for c in naturals):
        return True
    suit = naturals[0] >> 4
    if size > 13 or any(c >> 4 != suit for c in naturals):
        return False
    ranks = [c & 15 for c in naturals]  # ascending, the ace (1) first
    if len(set(ranks)) < len(ranks):
        return False
    if ranks[-1] - ranks[0] < size:
        return True
    return ranks[0] == 1 and 14 - ranks[1] < size  # the ace high


_LANE_BIT: Final = tuple((1 << r) | (1 << 14 if r == 1 else 0) for r in range(16))
_WINDOWS: Final = tuple(
    tuple(sorted({max(1, min(12, low)) for low in ((1, 12) if r == 1 else (r - 2, r - 1, r))})) for r in range(16)
)
"""By rank number: the first positions of the three-card run windows holding that rank."""


def _stuck(naturals: list[int], wilds: int) -> int:
    """How many naturals fit in no three-card meld even with every wild: each of them but one
    (the discard) rules going out out. Cheap bit counting; 0 with two wilds or more."""
    if wilds >= 2:
        return 0
    lanes = [0, 0, 0, 0, 0, 0]
    ranks = [0] * 16
    for c in naturals:
        r = c & 15
        ranks[r] += 1
        lanes[c >> 4] |= _LANE_BIT[r]
    need = 3 - wilds
    out = 0
    for c in naturals:
        r = c & 15
        if ranks[r] >= need:
            continue
        lane = lanes[c >> 4]
        for low in _WINDOWS[r]:
            if _BITS[(lane >> low) & 7] >= need:
                break
        else:
            out += 1
    return out


_NEAR: Final = tuple(
    tuple(
        0 < abs(a - b) <= 2 or (a == 1 and b in (12, 13)) or (b == 1 and a in (12, 13))
        for b in range(16)
    )
    for a in range(16)
)
"""By two rank numbers: the cards of one suit can stand in a run two places apart or closer
(the ace high or low)."""


def _needy(naturals: list[int]) -> int:
    """How many groups of natural cards need a wild of their own: cards join a group when of
    one rank, or of one suit at most two places apart; a group of fewer than three cannot be
    melded without a wild, and no wild serves two groups (it would join them). One single card
    may be the discard. A cheap necessary test that rejects most hands before `_cover`."""
    count = len(naturals)
    group = list(range(count))
    for i in range(count):
        a = naturals[i]
        rank, suit, near = a & 15, a >> 4, _NEAR[a & 15]
        for j in range(i + 1, count):
            b = naturals[j]
            if (b & 15) == rank or ((b >> 4) == suit and near[b & 15]):
                gi, gj = group[i], group[j]
                if gi != gj:
                    group = [gi if g == gj else g for g in group]
    sizes = Counter(group).values()
    small = sum(1 for size in sizes if size < 3)
    return small - (1 if 1 in sizes else 0)


@functools.lru_cache(maxsize=32)
def _wild_table(rules: MeldRules) -> tuple[bool, ...]:
    """`rules.is_wild` as a tuple by card number (a tuple index on the hot path)."""
    table = [False] * CARD_INDICES
    for card in _EVERY_CARD:
        table[card.index] = rules.is_wild(card)
    return tuple(table)


_WILD_TABLES: Final = tuple(_wild_table(rules) for rules in ROUND_RULES)


Plan: TypeAlias = tuple[tuple[int, ...], ...]
"""An arrangement found by `_cover` or `_least`: steps (0, card) leave a natural out; (1, wilds,
*naturals) a set; (2, low, *cards) a run from position `low` (0 for a wild); last (3, wilds
that join the first meld, 1 if a wild is the discard)."""


@functools.lru_cache(maxsize=1 << 16)
def _cover(naturals: tuple[int, ...], wilds: int, keep: int, melded: bool) -> Plan | None:
    if not naturals:
        if wilds >= keep and (wilds == keep or melded):
            return ((3, wilds - keep, keep),)
        return None
    x = naturals[0]
    rest = naturals[1:]
    # a set of x's rank: x and any sub-multiset of the other naturals of that rank
    rank = x & 15
    same = [i for i, c in enumerate(rest) if c & 15 == rank]
    for k in range(len(same) + 1):
        need = max(0, 2 - k)
        if need > wilds:
            continue
        seen: set[tuple[int, ...]] = set()
        for pick in itertools.combinations(same, k):
            chosen = tuple(rest[i] for i in pick)
            if chosen in seen:
                continue
            seen.add(chosen)
            left = tuple(c for i, c in enumerate(rest) if i not in pick)
            found = _cover(left, wilds - need, keep, True)
            if found is not None:
                return ((1, need, x, *chosen), *found)
    # a run of x's suit through x
    suit = x & ~15
    if rank == 1:  # the ace high: ..., K, A
        found = _run_down(rest, suit, 13, wilds, keep, (x,))
        if found is not None:
            return found
    for below in range(0, min(wilds, rank - 1) + 1):
        found = _run_up(rest, suit, rank + 1, rank - below, wilds - below, keep, (0,) * below + (x,))
        if found is not None:
            return found
    if keep:  # x is the discard
        found = _cover(rest, wilds, 0, melded)
        if found is not None:
            return ((0, x), *found)
    return None


def _run_up(
    rest: tuple[int, ...], suit: int, q: int, low: int, wilds: int, keep: int, row: tuple[int, ...]
) -> Plan | None:
    """Extend a run (positions `low`..q-1 placed as `row`) upward from position q, or close it."""
    if q - low >= 3:
        found = _cover(rest, wilds, keep, True)
        if found is not None:
            return ((2, low, *row), *found)
    if q > 14 or q - low >= 13:
        return None
    card = suit | (1 if q == 14 else q)
    if card in rest:
        i = rest.index(card)
        found = _run_up(rest[:i] + rest[i + 1 :], suit, q + 1, low, wilds, keep, (*row, card))
        if found is not None:
            return found
    if wilds > 0:
        return _run_up(rest, suit, q + 1, low, wilds - 1, keep, (*row, 0))
    return None


def _run_down(rest: tuple[int, ...], suit: int, q: int, wilds: int, keep: int, row: tuple[int, ...]) -> Plan | None:
    """Extend a run ending at the high ace (`row`, from position q+1) downward from q, or close it."""
    if 14 - q >= 3:
        found = _cover(rest, wilds, keep, True)
        if found is not None:
            return ((2, q + 1, *row), *found)
    if q < 2 or 14 - q >= 13:
        return None
    card = suit | q
    if card in rest:
        i = rest.index(card)
        found = _run_down(rest[:i] + rest[i + 1 :], suit, q - 1, wilds, keep, (card, *row))
        if found is not None:
            return found
    if wilds > 0:
        return _run_down(rest, suit, q - 1, wilds - 1, keep, (0, *row))
    return None


def going_out(cards: Sequence[Card], rules: MeldRules) -> tuple[tuple[Meld, ...], Card] | None:
    """The melds and the discard of a going out with `cards` (every card but one melded), or
    None: the arrangement `may_go_out` finds, the wilds put in rank-wilds first (hand order),
    jokers last; wilds left over join the first meld (a run at its high end where it can)."""
    naturals = tuple(sorted(c.index for c in cards if not rules.is_wild(c)))
    plan = _cover(naturals, len(cards) - len(naturals), 1, False)
    if plan is None:
        return None
    melds, left = _realise(plan, cards, rules)
    assert len(left) == 1
    return melds, left[0]


def best_lay_down(cards: Sequence[Card], rules: MeldRules, table: PointTable) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds leaving the fewest points of `cards` in hand, and the cards left (display
    order): a memoised search like `may_go_out`'s, where the first natural card is left in
    hand (it counts), or goes in a set of its rank or a run of its suit; wilds left over join
    any meld, and count only when nothing is melded. Ties keep the first arrangement found
    (sets before runs, melding before leaving a card)."""
    naturals = tuple(sorted(c.index for c in cards if not rules.is_wild(c)))
    wild_cards = [c for c in cards if rules.is_wild(c)]
    _, plan = _least(naturals, len(wild_cards), False, table.total(wild_cards))
    return _realise(plan, cards, rules)


def _runs_through(x: int, rest: tuple[int, ...], wilds: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int]]:
    """Every run through the natural `x` (the first natural left): (low, row with 0 for wilds,
    naturals left, wilds left)."""
    out: list[tuple[int, tuple[int, ...], tuple[int, ...], int]] = []
    suit, rank = x & ~15, x & 15

    def up(left: tuple[int, ...], q: int, low: int, w: int, row: tuple[int, ...]) -> None:
        if q - low >= 3:
            out.append((low, row, left, w))
        if q > 14 or q - low >= 13:
            return
        card = suit | (1 if q == 14 else q)
        if card in left:
            i = left.index(card)
            up(left[:i] + left[i + 1 :], q + 1, low, w, (*row, card))
        if w:
            up(left, q + 1, low, w - 1, (*row, 0))

    def down(left: tuple[int, ...], q: int, w: int, row: tuple[int, ...]) -> None:
        if 14 - q >= 3:
            out.append((q + 1, row, left, w))
        if q < 2 or 14 - q >= 13:
            return
        card = suit | q
        if card in left:
            i = left.index(card)
            down(left[:i] + left[i + 1 :], q - 1, w, (card, *row))
        if w:
            down(left, q - 1, w - 1, (0, *row))

    if rank == 1:
        down(rest, 13, wilds, (x,))
    for below in range(0, min(wilds, rank - 1) + 1):
        up(rest, rank + 1, rank - below, wilds - below, (0,) * below + (x,))
    return out


_NATURAL_POINTS: Final = tuple(BASE_POINTS.get(Rank(r), 0) if r <= 14 else 0 for r in range(16))


@functools.lru_cache(maxsize=1 << 16)
def _least(naturals: tuple[int, ...], wilds: int, melded: bool, wild_cost: int) -> tuple[int, Plan]:
    if not naturals:
        return (0 if melded or not wilds else wild_cost), ((3, wilds if melded else 0, 0),)
    x = naturals[0]
    rest = naturals[1:]
    best_cost = -1
    best_plan: Plan = ()
    rank = x & 15
    same = [i for i, c in enumerate(rest) if c & 15 == rank]
    for k in range(len(same) + 1):
        need = max(0, 2 - k)
        if need > wilds:
            continue
        seen: set[tuple[int, ...]] = set()
        for pick in itertools.combinations(same, k):
            chosen = tuple(rest[i] for i in pick)
            if chosen in seen:
                continue
            seen.add(chosen)
            left = tuple(c for i, c in enumerate(rest) if i not in pick)
            cost, plan = _least(left, wilds - need, True, wild_cost)
            if best_cost < 0 or cost < best_cost:
                best_cost, best_plan = cost, ((1, need, x, *chosen), *plan)
                if not cost:
                    return best_cost, best_plan
    for low, row, left, w in _runs_through(x, rest, wilds):
        cost, plan = _least(left, w, True, wild_cost)
        if best_cost < 0 or cost < best_cost:
            best_cost, best_plan = cost, ((2, low, *row), *plan)
            if not cost:
                return best_cost, best_plan
    cost, plan = _least(rest, wilds, melded, wild_cost)
    cost += _NATURAL_POINTS[rank]
    if best_cost < 0 or cost < best_cost:
        best_cost, best_plan = cost, ((0, x), *plan)
    return best_cost, best_plan


def _realise(plan: Plan, cards: Sequence[Card], rules: MeldRules) -> tuple[tuple[Meld, ...], tuple[Card, ...]]:
    """The melds a plan of `_cover` or `_least` describes, and the cards it leaves out."""
    spare = [c for c in sorted_cards(cards) if rules.is_wild(c)]
    spare.sort(key=lambda c: c.rank is Rank.JOKER)
    by_index = {c.index: c for c in cards}
    melds: list[Meld] = []
    left: list[Card] = []
    for step in plan:
        if step[0] == 0:
            left.append(by_index[step[1]])
        elif step[0] == 1:
            naturals_in = [by_index[i] for i in step[2:]]
            extra = [spare.pop(0) for _ in range(step[1])]
            melds.append(Meld(_SET, sorted_cards(naturals_in) + sorted_cards(extra), rank=naturals_in[0].rank))
        elif step[0] == 2:
            run = tuple(by_index[i] if i else spare.pop(0) for i in step[2:])
            first = next(c for c in run if not rules.is_wild(c))
            melds.append(Meld(_RUN, run, suit=first.suit, low=step[1]))
        else:
            extra_wilds, wild_kept = step[1], step[2]
            if wild_kept:
                left.append(spare.pop())
            for _ in range(extra_wilds):
                melds[0] = _absorb(melds[0], spare.pop(0))
            left.extend(spare)
    return tuple(melds), sorted_cards(left)


def _absorb(meld: Meld, wild: Card) -> Meld:
    """`meld` with one more wild card (a run grows at its high end where it can)."""
    if meld.kind is _SET:
        return attrs.evolve(meld, cards=(*meld.cards, wild))
    if meld.high < 14:
        return attrs.evolve(meld, cards=(*meld.cards, wild))
    return attrs.evolve(meld, cards=(wild, *meld.cards), low=meld.low - 1)


def _wild_choices(wilds: Sequence[Card], jokers: int, count: int) -> list[tuple[Card, ...]]:
    """The distinct ways to take `count` wild cards: rank-wilds (hand order) first, then jokers."""
    out = []
    for j in range(0, min(jokers, count) + 1):
        k = count - j
        if k <= len(wilds):
            out.append(tuple(wilds[:k]) + (JOKER,) * j)
    return out


def three_card_melds(held: Sequence[Card], rules: MeldRules) -> tuple[Meld, ...]:
    """The three-card melds offered from a hand: sets by rank (each distinct choice of
    naturals), then runs by suit and start (the naturals the window holds, wilds in the gaps);
    wilds are taken rank-wilds first (in hand order), then jokers."""
    return _three_card_melds(tuple(held), rules)


@functools.lru_cache(maxsize=4096)
def _round_melds(held: tuple[Card, ...], number: int) -> tuple[Meld, ...]:
    """`three_card_melds` in round `number`, memoised (a round number hashes faster than rules)."""
    return _three_card_melds(held, ROUND_RULES[number - 1])


def _three_card_melds(held: tuple[Card, ...], rules: MeldRules) -> tuple[Meld, ...]:
    jokers = 0
    wilds: list[Card] = []
    naturals: Counter[Card] = Counter()
    for c in held:
        if c.rank is Rank.JOKER:
            jokers += 1
        elif rules.is_wild(c):
            wilds.append(c)
        else:
            naturals[c] += 1
    spare = len(wilds) + jokers
    out: list[Meld] = []
    by_rank: dict[Rank, list[Card]] = {}
    for card in sorted(naturals, key=_rank_first):
        by_rank.setdefault(card.rank, []).append(card)
    for rank, faces in by_rank.items():
        pool = [c for c in faces for _ in range(min(naturals[c], 3))]
        if len(pool) + spare < 3:
            continue
        for m in range(min(3, len(pool)), 0, -1):
            if 3 - m > spare:
                continue
            for pick in _multisets(pool, m):
                for extra in _wild_choices(wilds, jokers, 3 - m):
                    out.append(Meld(_SET, sorted_cards(pick) + sorted_cards(extra), rank=rank))
    lanes = [0, 0, 0, 0]
    for c in naturals:
        r = int(c.rank)
        lanes[c.index // 16 - 1] |= (1 << r) | (16384 if r == 1 else 0)
    for lane, rows in zip(lanes, _RUN_ROWS):
        if not lane:
            continue
        for low, row in enumerate(rows, 1):
            bits = (lane >> low) & 7
            need = 3 - _BITS[bits]
            if need == 3 or need > spare:
                continue
            for extra in _wild_choices(wilds, jokers, need):
                fill = iter(sorted_cards(extra))
                cards = tuple(c if bits >> i & 1 else next(fill) for i, c in enumerate(row))
                out.append(Meld(_RUN, cards, suit=row[0].suit, low=low))
    return tuple(out)


_BITS: Final = (0, 1, 1, 2, 1, 2, 2, 3)
"""Set bits of the numbers 0 to 7 (the naturals of a three-card window)."""


def _rank_first(card: Card) -> tuple[int, int]:
    return int(card.rank), card.sort_key


_RUN_ROWS: Final = tuple(
    tuple(tuple(interned(Card(rank_at(p), suit)) for p in range(low, low + 3)) for low in range(1, 13))
    for suit in SUITS
)
"""The three-card run windows of each suit, by starting position 1 (A-2-3) to 12 (Q-K-A)."""


def _multisets(pool: list[Card], m: int) -> list[tuple[Card, ...]]:
    """Distinct sub-multisets of size m of a pool listed with repeats (in pool order)."""
    out: list[tuple[Card, ...]] = []

    def walk(start: int, chosen: tuple[Card, ...]) -> None:
        if len(chosen) == m:
            out.append(chosen)
            return
        last = None
        for i in range(start, len(pool)):
            if pool[i] == last:
                continue
            last = pool[i]
            walk(i + 1, (*chosen, pool[i]))

    walk(0, ())
    return out


def _meld_problem(meld: Meld, rules: MeldRules) -> str | None:
    """Why a table meld is not valid as designated under `rules` (None: it is)."""
    cards = meld.cards
    if any(c.is_hidden for c in cards):
        return "hidden cards"
    naturals = [c for c in cards if not rules.is_wild(c)]
    if not naturals:
        return "no natural card"
    if meld.kind is _SET:
        if meld.rank is None or meld.suit is not None or meld.low != 0:
            return "a set names its rank only"
        if not rules.set_min <= len(cards) <= rules.set_max or any(c.rank is not meld.rank for c in naturals):
            return "not a set of its rank"
        return None
    if meld.suit is None or meld.rank is not None or not rules.run_min <= len(cards) <= 13:
        return "a run names its suit and has 3 to 13 cards"
    if meld.low < 1 or meld.high > 14:
        return "a run stands between the low and the high ace"
    if any(not rules.is_wild(c) and c != w for c, w in zip(cards, meld.stands_for())):
        return "not consecutive in its suit"
    return None
