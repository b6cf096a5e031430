"""Push's melding engine: the sets and runs a hand can lay (prebuilt and kept per hand shape),
the contract test (exact for sets of one size and for one run; core's search otherwise), what
each table meld can take (`meld_wants`), and the scoring helpers."""

from __future__ import annotations

import itertools
import operator
from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import SORT_KEYS, SUITS, Card, Rank, parse_cards
from parlour.core.contracts import Contract, find_contract, runs, sets
from parlour.core.melds import Meld, MeldKind, build_meld
from parlour.core.values import builder
from parlour.games.push.tables import (
    CONTRACTS,
    POINTS,
    RULES,
    TEAMS,
    _AT,
    _CARD,
    _PB,
    _POP,
    _R,
    _S,
    _SB,
    _SET_RANKS,
    _WILD,
    _WILD_KEY,
)
from parlour.games.push.moves import End, LayOff, MeldCards, Move, Swap, _DISCARDS


_meld: Final = build_meld
"""`_meld(kind, cards, rank, suit, low)`: core's fast `Meld` builder (every field in order)."""
_meld_move: Final = builder(MeldCards)
"""`_meld_move(seat, meld)`: a `MeldCards` move from every field in order (cheaper than its
initializer; `_new_lay_off`, `_new_swap` the others)."""
_new_lay_off: Final = builder(LayOff)
_new_swap: Final = builder(Swap)
_SET_KIND: Final = MeldKind.SET
_RUN_KIND: Final = MeldKind.RUN


def hand_points(cards: Sequence[Card]) -> int:
    """What cards left in hand cost: wild 25, ace 20, K-10 10, 9-3 5."""
    return POINTS.total(cards)


def can_meet_contract(cards: Sequence[Card], deal_number: int) -> bool:
    """True if the cards hold the contract of deal `deal_number` (1-5); the fast test the moves
    use, which agrees with `parlour.core.contracts.find_contract`.

    >>> can_meet_contract(parse_cards("7C 7D 7S QH QS 2C 9D"), 1), can_meet_contract(parse_cards("7C 7D QH QS 9D"), 1)
    (True, False)
    """
    contract = CONTRACTS[deal_number - 1]
    pool = tuple(c for c in cards if not c.is_hidden)
    return bool(_contract_moves(0, pool, contract, range(len(contract.needs)), first_only=True))


def _sets_for(
    r: int, suits: Sequence[int], wilds: Sequence[Card], size: int, out: list[Meld], substitute: bool = True
) -> None:
    """Sets of exactly `size` of rank `r` from naturals of `suits` (one each) and `wilds`
    (the first ones), most naturals first; without `substitute`, only as many naturals as
    the hand holds (up to `size`)."""
    rank = Rank(r)
    most = min(size, len(suits))
    for n in range(most, max(1, size - len(wilds)) - 1 if substitute else most - 1, -1):
        if size - n > len(wilds):
            break
        extra = tuple(wilds[: size - n])
        for pick in itertools.combinations(suits, n):
            out.append(_meld(_SET_KIND, tuple([_CARD[16 * s + 16 + r] for s in pick]) + extra, rank, None, 0))


def _runs_for(
    s: int, have: Sequence[bool], wilds: Sequence[Card], size: int, out: list[Meld], substitute: bool = True
) -> None:
    """Runs of exactly `size` in suit `s` holding a natural: each start, the naturals `have`
    marks by position (with `substitute`, or wilds in their place while wilds last), wilds in
    the gaps."""
    w_all = len(wilds)
    row = _AT[s]
    suit = SUITS[s]
    for low in range(1, 16 - size):
        present = [p for p in range(low, low + size) if have[p]]
        missing = size - len(present)
        if not present or missing > w_all:
            continue
        for extra in range(min(w_all - missing, len(present) - 1) + 1 if substitute else 1):
            for drop in itertools.combinations(present, extra):
                fill = iter(wilds)
                cards = tuple(row[p] if have[p] and p not in drop else next(fill) for p in range(low, low + size))
                out.append(_meld(_RUN_KIND, cards, None, suit, low))


def meld_fault(meld: Meld) -> str:
    """Why a table meld is not a valid Push meld ('' when it is)."""
    if not isinstance(meld, Meld):
        return "not a meld"
    cards = meld.cards
    if any(c.is_hidden for c in cards):
        return "hidden cards"
    naturals = [c for c in cards if not _WILD[c.index]]
    if meld.kind is MeldKind.SET:
        if not RULES.set_min <= len(cards) <= RULES.set_max or meld.suit is not None or meld.low != 0:
            return "a set holds 3 or 4 cards and names no suit or start"
        if meld.rank is None:
            return "a set of wilds only names no rank until a natural joins" if naturals else ""
        if meld.rank.value not in _SET_RANKS or not naturals:
            return "a set names a natural rank and holds a natural"
        if any(c.rank is not meld.rank for c in naturals) or len({c.suit for c in naturals}) < len(naturals):
            return "a set holds one rank, no suit twice"
        return ""
    if meld.rank is not None or meld.suit is None or not naturals:
        return "a run names its suit and holds a natural"
    if not RULES.run_min <= len(cards) <= RULES.run_max or meld.low < 1 or meld.high > 14:
        return "a run holds 3 to 13 cards between the low and the high ace"
    row = _AT[int(meld.suit)]
    for i, card in enumerate(cards):
        if not _WILD[card.index] and card is not row[meld.low + i] and card != row[meld.low + i]:
            return "the naturals of a run stand in their places"
    return ""
_CACHE_LIMIT: Final = 50_000
"""The most entries a kept table of moves or wants may hold before it is cleared."""
_MELD_MOVES: Final[dict[int, tuple[tuple[Move, ...], tuple[Move, ...]]]] = {}
_LAY_OFF_MOVES: Final[dict[int, LayOff]] = {}
_WINDOW_BEST: Final[dict[int, tuple[int, ...]]] = {}


_INFO: Final = tuple(None if _WILD[i] else (_R[i], _SB[i], _S[i], _PB[i]) for i in range(80))
"""By card index: None for a wild, else (rank number, suit bit, suit number, run-position bits)."""


_BY_INDEX: Final = operator.attrgetter("index")
"""Sorts wilds in the order melds use them (`_WILD_KEY`: the joker, then the twos by suit),
which is their index order, without hashing cards."""


def _scan(cards: Sequence[Card], first: Card | None = None) -> tuple[list[int], list[int], list[int], list[Card]]:
    """One pass over the cards: suits held by rank (bits), copies by rank, run positions held
    by suit (bits), and the wilds in the order they are used (`first`, a freed wild, first)."""
    rm = [0] * 14
    rn = [0] * 14
    pm = [0, 0, 0, 0]
    wilds = []
    info = _INFO
    for card in cards:
        got = info[card.index]
        if got is None:
            wilds.append(card)
            continue
        r, sb, s, pb = got
        rm[r] |= sb
        rn[r] += 1
        pm[s] |= pb
    if len(wilds) > 1:
        wilds.sort(key=_BY_INDEX)
    if first is not None:
        wilds.insert(0, first)
    return rm, rn, pm, wilds


_RANK_BIT: Final = tuple(
    1 << 4 * (i & 15) + (i >> 4) - 1 if i >= 16 and 1 <= i & 15 <= 13 and not _WILD[i] else 0 for i in range(80)
)
"""By card index: a natural card's bit in a *rank mask*, one int holding four bits a rank (rank
r of suit s at bit 4r + s, so a rank's suits held are `mask >> 4 * r & 15`); 0 for a wild."""
_WILD_MARK: Final = 1 << 15
"""A bit no natural sets in a *run mask* (positions 1-14 of each suit): a scan marks a wild
there, so a hand without wilds (most) is told apart without a second pass."""
_POS_BIT: Final = tuple(
    _WILD_MARK if _WILD[i] else 0 if i < 16 else _PB[i] << 16 * ((i >> 4) - 1) for i in range(80)
)
"""By card index: a natural card's run positions in a *run mask*, one int holding sixteen bits
a suit (suit s, position p at bit 16s + p; an ace at 1 and 14); `_WILD_MARK` for a wild."""
_RANK_BITS: Final = (1 << 56) - 1
_BOTH_BITS: Final = tuple(_RANK_BIT[i] | _POS_BIT[i] << 64 for i in range(80))
"""By card index: its rank-mask bit and, from bit 64, its run-mask bits (one OR a card)."""
_SUIT_BITS: Final = 0xFFFF
_NIBBLES: Final = int("1" * 14, 16)
_PAIRS: Final = _NIBBLES * 5
_QUADS: Final = _NIBBLES * 3
_HIGH: Final = _NIBBLES * 4
_SET_FIT: Final = (_NIBBLES, _NIBBLES * 2, _NIBBLES * 3)
"""Masks for counting a rank mask's suits rank by rank (`_set_ranks`)."""


_BIT_CARD: Final = tuple(_CARD[16 * ((k - 1) % 4) + 16 + (k - 1) // 4] for k in range(57))
"""The natural card of each rank-mask bit, by the bit's `bit_length()` (its position + 1)."""
_BIT_KEY: Final = tuple(SORT_KEYS[card.index] for card in _BIT_CARD)
"""The hand order (`sort_key`) of each rank-mask bit's card, by `bit_length()`."""
_BIT_INDEX: Final = tuple(card.index for card in _BIT_CARD)
"""The card index of each rank-mask bit's card, by `bit_length()`."""


def _wilds_of(cards: Sequence[Card]) -> list[Card]:
    """The wilds among `cards` in the order melds use them (index order)."""
    wild = _WILD
    wilds = [card for card in cards if wild[card.index]]
    if len(wilds) > 1:
        wilds.sort(key=_BY_INDEX)
    return wilds


def _scan_bits(cards: Sequence[Card], first: Card | None = None) -> tuple[int, int, list[Card]]:
    """The cards' rank mask and run mask (see `_RANK_BIT`, `_POS_BIT`) and their wilds in the
    order they are used (`first`, a freed wild, first)."""
    rm = pm = 0
    rank_bit, pos_bit = _RANK_BIT, _POS_BIT
    for card in cards:
        i = card.index
        rm |= rank_bit[i]
        pm |= pos_bit[i]
    wilds = _wilds_of(cards) if pm & _WILD_MARK else []
    if first is not None:
        wilds.insert(0, first)
    return rm, pm & ~_WILD_MARK, wilds


def _scan_hand(
    seat: int, held: tuple[Card, ...], taken: Card | None, wanted: int
) -> tuple[tuple[Move, ...], int, int, list[Card], bool, list[Card]]:
    """`_discards` and `_scan_bits` of the hand and the card taken, in one pass over the hand;
    then whether the card taken is a natural the hand lacks, and the distinct cards of the hand
    in hand order whose bits are in `wanted` (a rank mask of the naturals the table takes)."""
    row = _DISCARDS[seat]
    both = _BOTH_BITS
    out = []
    m = 0
    last = -1
    for card in held:  # a sorted hand: equal cards lie together
        i = card.index
        if i != last:
            last = i
            out.append(row[i])
            m |= both[i]
    new = False
    bit = 0
    if taken is not None:
        i = taken.index
        if not held:
            out.append(row[i])
        bit = _RANK_BIT[i]
        new = bit != 0 and not m & bit  # a natural the hand lacks
        m |= both[i]
    rm = m & _RANK_BITS
    pm = m >> 64
    if pm & _WILD_MARK:
        pm &= ~_WILD_MARK
        wilds = _wilds_of(held if taken is None else (*held, taken))
    else:
        wilds = []
    hit = (rm & ~bit if new else rm) & wanted  # the card taken is laid off after the hand's
    if not hit:
        lay = []
    elif hit & hit - 1:
        found = []
        while hit:
            b = hit & -hit
            hit ^= b
            found.append(b.bit_length())
        found.sort(key=_BIT_KEY.__getitem__)  # into hand order
        lay = [_BIT_CARD[k] for k in found]
    else:
        lay = [_BIT_CARD[hit.bit_length()]]
    return tuple(out), rm, pm, wilds, new, lay


_COPY: Final = tuple(1 << 60 if _WILD[i] else 1 << 4 * (i & 15) if _RANK_BIT[i] else 0 for i in range(80))
"""By card index: a one in the natural card's rank nibble (as in a rank mask), or in nibble 15
for a wild, so that summing over a hand counts the copies of each rank and the wilds."""


def _scan_closed(
    seat: int, held: tuple[Card, ...], taken: Card | None
) -> tuple[tuple[Move, ...], int, int, int]:
    """For a player yet to lay the contract: `_discards`, then the rank mask, the copies of each
    rank (a nibble each, as `_COPY` adds them) and the wilds of the hand and the card taken."""
    row = _DISCARDS[seat]
    rank_bit, copy = _RANK_BIT, _COPY
    out = []
    rm = count = 0
    last = -1
    for card in held:  # a sorted hand: equal cards lie together
        i = card.index
        count += copy[i]
        if i != last:
            last = i
            out.append(row[i])
            rm |= rank_bit[i]
    if taken is not None:
        i = taken.index
        if not held:
            out.append(row[i])
        count += copy[i]
        rm |= rank_bit[i]
    return tuple(out), rm, count & _RANK_BITS, count >> 60


def _threes_fit(rm: int, copies: int, wilds: int, sets: int) -> bool:
    """Whether `sets` sets of three can be laid from the cards with rank mask `rm`, `copies`
    (see `_scan_closed`) and `wilds`: `_gate`'s exact test of such needs, worked out on the
    masks. A rank gives its suits held (at most three) to a first set and its further copies to
    more sets (`_rank_gains`); the best gains over all ranks, plus the wilds, must cover the
    sets' cards. Ranks held once per suit are counted all at once, nibble by nibble."""
    short = 3 * sets - wilds  # the naturals the sets still need
    if short <= 0:
        return True
    x = rm - (rm >> 1 & _PAIRS)
    x = (x & _QUADS) + (x >> 2 & _QUADS)  # the suits held rank by rank, a nibble each
    gains = [0, 0, 0, 0]  # how many further sets would gain 0, 1, 2, 3 naturals
    twice = copies ^ x
    if twice:  # the ranks with a natural held twice: their gains one by one
        twice = (twice | twice >> 1 | twice >> 2 | twice >> 3) & _NIBBLES
        suits = x
        x &= ~(twice * 15)
        while twice:
            b = twice & -twice
            twice ^= b
            at = b.bit_length() - 1
            for gain in _GAINS_OF_THREE[(suits >> at & 15) * 16 + (copies >> at & 15)]:
                gains[gain] += 1
    # the other ranks, all at once: a rank of three or four suits gains 3 (and a fourth suit 1
    # more), of two suits 2, of one suit 1
    three_up = (x + _NIBBLES & _HIGH).bit_count()
    two_up = (x + 2 * _NIBBLES & _HIGH).bit_count()
    threes = three_up + gains[3]
    if threes >= sets:
        return True
    short -= 3 * threes
    left = sets - threes
    twos = two_up - three_up + gains[2]
    if twos >= left:
        return short <= 2 * left
    short -= 2 * twos
    left -= twos
    ones = (x + 3 * _NIBBLES & _HIGH).bit_count() - two_up + (x & _HIGH).bit_count() + gains[1]
    return short <= (ones if ones < left else left)


def _cached(key: int, build: list[Meld], seat: int) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    if len(_MELD_MOVES) > _CACHE_LIMIT:
        _MELD_MOVES.clear()
    moves = tuple([_meld_move(seat, m) for m in build])
    got = _MELD_MOVES[key] = (moves, tuple(m for m in moves if any(_WILD[c.index] for c in m.meld.cards)))
    return got


def _meld_moves(
    seat: int, kind: MeldKind, size: int, which: int, mask: int, wilds: list[Card], substitute: bool = False
) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """The new melds of `size` cards of one rank (`kind` SET, `which` the rank, `mask` its
    suits held) or one suit (RUN, `which` the suit, `mask` its positions held), with the first
    `size - 1` wilds: (every move, the moves with a wild), built once and kept."""
    wk = 0
    for k in range(size - 1):
        wk = wk * 80 + (wilds[k].index if k < len(wilds) else 0)
    key = ((((size * 4 + substitute * 2 + (kind is MeldKind.RUN)) * 4 + seat) * 16 + which) * 32768 + mask) * 80 ** (
        size - 1
    ) + wk
    got = _MELD_MOVES.get(key)
    if got is None:
        found: list[Meld] = []
        if kind is MeldKind.SET:
            _sets_for(which, [s for s in range(4) if mask >> s & 1], wilds[: size - 1], size, found, substitute)
        else:
            _runs_for(which, [bool(mask >> p & 1) for p in range(15)], wilds[: size - 1], size, found, substitute)
        got = _cached(key, found, seat)
    return got


def _new_melds(seat: int, rm: int, pm: int, wilds: list[Card], out: list[Move], wild_only: bool) -> None:
    """The three-card melds (sets rank by rank, the all-wild set, runs suit by suit, each
    using the first wilds) of the cards with rank mask `rm` and run mask `pm`, from kept moves;
    `wild_only`: only those holding a wild (the freed one comes first)."""
    part = 1 if wild_only else 0
    w = len(wilds)
    pop = _POP
    sets = _SET_MOVES
    if rm:
        # the suits held rank by rank, a nibble each (a bit count done on all ranks at once);
        # a rank makes a set of three when its suits plus the wilds reach three, which adding
        # 1, 2 or 3 (for 0, 1, 2+ wilds) to each nibble tells by its bit 2
        x = rm - (rm >> 1 & _PAIRS)
        x = (x & _QUADS) + (x >> 2 & _QUADS)
        fit = x + _SET_FIT[w if w < 2 else 2] & _HIGH
        if wild_only:
            fit &= ~(x + _NIBBLES)  # a rank of three suits or more needs no wild
        while fit:
            b = fit & -fit
            fit ^= b
            r = b.bit_length() >> 2
            mask = rm >> 4 * r & 15
            need = 3 - pop[mask] if pop[mask] < 3 else 0  # the wilds a set of three takes
            key = ((seat * 16 + r) * 16 + mask) * 6400
            if need:
                key += wilds[0].index * 80 + (wilds[1].index if need > 1 else 0)
            got_sets = sets.get(key)
            out.extend(got_sets or _set_moves(seat, r, mask, wilds[:need], key))
    if w >= 3:
        key = -(((seat * 80 + wilds[0].index) * 80 + wilds[1].index) * 80 + wilds[2].index) - 1
        got = _MELD_MOVES.get(key)
        if got is None:
            got = _cached(key, [Meld(MeldKind.SET, tuple(wilds[:3]))], seat)
        out.extend(got[part])
    runs = _RUN_MOVES
    if not w:
        # no wilds: the runs are the windows held whole, found as the positions p with p, p + 1
        # and p + 2 held, in every suit at once (positions 1-14 of each suit's sixteen bits, so
        # every such p starts a window 1-12 and none reaches into the next suit), in suit order
        whole = pm & pm >> 1 & pm >> 2
        while whole:
            at = (whole & -whole).bit_length() - 1
            whole &= whole - 1
            s, low = at >> 4, at & 15
            got_run = runs.get((seat * 4 + s) * 16 + low)
            out.append(got_run or _run_move(seat, s, low, 7, ()))
        return
    for s in range(4):
        bits = pm >> 16 * s & _SUIT_BITS
        if not bits:
            continue
        windows = _WINDOWS.get(bits)
        if windows is None:
            windows = _windows(bits)
        for low, held, missing in windows:
            if missing > w or wild_only and not missing:
                continue
            key = (seat * 4 + s) * 16 + low
            if missing:  # past the natural runs' keys: the held positions and the wilds used
                second = wilds[1].index if missing > 1 else 0
                key = (((key * 8 + held) * 80 + wilds[0].index) * 80 + second) + 1_000_000
            got_run = runs.get(key)
            out.append(got_run or _run_move(seat, s, low, held, wilds[:missing], key))


_WINDOWS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}
"""`_windows` by the positions held (at most 2**15 keys; a suit's cards recur from state to
state)."""


def _windows(bits: int) -> tuple[tuple[int, int, int], ...]:
    """The windows of three positions holding a card of `bits` (positions 1-14): (start, the
    positions held as bits from the start, how many are missing), from the low ace up."""
    got = _WINDOWS[bits] = tuple(
        (low, bits >> low & 7, 3 - _POP[bits >> low & 7]) for low in range(1, 13) if bits >> low & 7
    )
    return got


_SET_MOVES: Final[dict[int, tuple[MeldCards, ...]]] = {}
"""The new sets of three of one rank: by seat, rank, the suits held and the wilds they take.
A hand's ranks mostly keep their suits from one state to the next (cleared when large)."""


def _three_sets(seat: int, r: int, mask: int, wilds: list[Card]) -> tuple[MeldCards, ...]:
    """The sets of three of rank `r` from the suits `mask` holds and the first wilds (none
    when the wilds are too few), as `_new_melds` offers them."""
    need = 3 - _POP[mask] if _POP[mask] < 3 else 0
    if need > len(wilds):
        return ()
    key = ((seat * 16 + r) * 16 + mask) * 6400
    if need:
        key += wilds[0].index * 80 + (wilds[1].index if need > 1 else 0)
    return _SET_MOVES.get(key) or _set_moves(seat, r, mask, wilds[:need], key)


def _set_moves(seat: int, r: int, mask: int, fill: Sequence[Card], key: int) -> tuple[MeldCards, ...]:
    """The sets of three of rank `r` from the suits `mask` holds (every choice of three when it
    holds four) and the `fill` wilds."""
    found: list[Meld] = []
    _sets_for(r, [s for s in range(4) if mask >> s & 1], fill, 3, found, False)
    if len(_SET_MOVES) > _CACHE_LIMIT:
        _SET_MOVES.clear()
    got = _SET_MOVES[key] = tuple([_meld_move(seat, m) for m in found])
    return got


_RUN_MOVES: Final[dict[int, MeldCards]] = {}
"""The new runs of three, one per window: by seat, suit, start, the window's held positions
and the wilds filling its gaps. A hand's runs differ from the last turn's in a window or two,
so most recur from state to state (cleared when large)."""


def _run_move(seat: int, s: int, low: int, held: int, fill: Sequence[Card], key: int | None = None) -> MeldCards:
    """The run of three in suit `s` from `low`: the naturals of the positions `held` marks
    (bits from `low`), the `fill` wilds in the gaps in order."""
    row = _AT[s]
    k = 0
    cards = []
    for p in range(low, low + 3):
        if held >> (p - low) & 1:
            cards.append(row[p])
        else:
            cards.append(fill[k])
            k += 1
    if len(_RUN_MOVES) > _CACHE_LIMIT:
        _RUN_MOVES.clear()
    move = _RUN_MOVES[(seat * 4 + s) * 16 + low if key is None else key] = _meld_move(
        seat, _meld(_RUN_KIND, tuple(cards), None, SUITS[s], low)
    )
    return move


def _counts(cards: Sequence[Card]) -> list[int]:
    counts = [0] * 80
    for card in cards:
        counts[card.index] += 1
    return counts


def _best_window(bits: int, size: int) -> tuple[int, ...]:
    """The two best counts of positions held in a window of `size` (kept per mask)."""
    key = bits * 16 + size
    top = _WINDOW_BEST.get(key)
    if top is None:
        window = (1 << size) - 1
        counts = sorted((bin(bits >> low & window).count("1") for low in range(1, 16 - size)), reverse=True)
        top = _WINDOW_BEST[key] = tuple(counts[:2])
    return top


def _set_gains(rm: list[int], rn: list[int], size: int) -> list[int]:
    """The naturals each further set of `size` could use, best first: per rank, a first set
    takes one card of each suit held (at most `size`), later sets the copies left (at most
    `size` each); merged over ranks (each rank's gains fall, so the greedy sum is exact)."""
    gains: list[int] = []
    table = _GAINS
    pop = _POP
    for r in _SET_RANKS:
        m = rm[r]
        if m:
            key = (size * 8 + pop[m]) * 32 + rn[r]
            got = table.get(key)
            if got is None:
                got = table[key] = _rank_gains(pop[m], rn[r], size)
            gains.extend(got)
    gains.sort(reverse=True)
    return gains


_GAINS: Final[dict[int, tuple[int, ...]]] = {}
"""`_rank_gains` by (size, suits held, copies held), kept."""


def _rank_gains(suits: int, copies: int, size: int) -> tuple[int, ...]:
    before = min(suits, size)
    out = [before]
    j = 2
    while before < copies:
        now = min(copies, size * j)
        out.append(now - before)
        before = now
        j += 1
    return tuple(out)


_GAINS_OF_THREE: Final = tuple(_rank_gains(k // 16, k % 16, 3) if k // 16 <= 4 else () for k in range(80))
"""`_rank_gains(suits, copies, 3)` by `suits * 16 + copies`."""


@attrs.frozen
class _Plan:
    """How to test some contract needs quickly: `mode` 0 nothing, 1 one set, 2 one run, 3 sets
    of one size (all exact), 4 anything else (an upper bound, then core's search)."""

    mode: int
    size: int
    set_size: int
    set_count: int
    run_size: int
    run_count: int
    run_extra: int
    total: int
    needs: tuple[tuple[MeldKind, int], ...]


_PLANS: Final[dict[tuple[tuple[MeldKind, int], ...], _Plan]] = {}
_CONTRACT_PLANS: Final[dict[tuple[int, tuple[int, ...]], tuple[_Plan, tuple[tuple[MeldKind, int, _Plan], ...]]]] = {}


def _plan(needs: tuple[tuple[MeldKind, int], ...]) -> _Plan:
    got = _PLANS.get(needs)
    if got is None:
        set_sizes = [n for k, n in needs if k is MeldKind.SET]
        run_sizes = [n for k, n in needs if k is MeldKind.RUN]
        if not needs:
            mode = 0
        elif len(needs) == 1:
            mode = 1 if set_sizes else 2
        elif not run_sizes and len(set(set_sizes)) == 1:
            mode = 3
        else:
            mode = 4
        run_size = max(run_sizes, default=0)
        got = _PLANS[needs] = _Plan(
            mode, needs[0][1] if needs else 0, max(set_sizes, default=0), len(set_sizes), run_size, len(run_sizes),
            sum(run_size - n for n in run_sizes), sum(n for _, n in needs), needs,
        )
    return got


def _gate(rm: list[int], rn: list[int], pm: list[int], wilds: int, plan: _Plan) -> bool:
    """Exactly whether the cards can lay the plan's needs (modes 0-3); in mode 4 a cheap
    necessary condition: the naturals sets and runs could use at best, plus the wilds, cover
    the cards the needs take."""
    mode = plan.mode
    if mode == 1:
        if wilds >= plan.size:
            return True
        least = max(1, plan.size - wilds)
        for m in rm:
            if _POP[m] >= least:
                return True
        return False
    if mode == 2:
        size = plan.size
        least = max(1, size - wilds)
        for b in pm:
            if b and _best_window(b, size)[0] >= least:
                return True
        return False
    if mode == 0:
        return True
    usable = wilds
    if plan.set_count:
        usable += sum(_set_gains(rm, rn, plan.set_size)[: plan.set_count])
    if plan.run_count:
        best = sorted((c for b in pm if b for c in _best_window(b, plan.run_size)), reverse=True)
        usable += sum(best[: plan.run_count]) + plan.run_extra
    return usable >= plan.total


def _contract_plans(contract: Contract, needs_left: Sequence[int]) -> tuple[_Plan, tuple[tuple[MeldKind, int, _Plan], ...]]:
    """The plan of the needs left, and per distinct need (kind, size, the plan of the rest)."""
    deal = -1
    for k, known in enumerate(CONTRACTS):
        if known is contract:
            deal = k
            break
    key = (deal, tuple(needs_left))
    got = _CONTRACT_PLANS.get(key) if key[0] >= 0 else None
    if got is None:
        needs = tuple((contract.needs[i].kind, contract.needs[i].length) for i in needs_left)
        steps = []
        for kind, size in dict.fromkeys(needs):
            rest = list(needs)
            rest.remove((kind, size))
            steps.append((kind, size, _plan(tuple(rest))))
        got = (_plan(needs), tuple(steps))
        if key[0] >= 0:
            _CONTRACT_PLANS[key] = got
    return got


def _contract_moves(
    seat: int,
    pool: Sequence[Card],
    contract: Contract,
    needs_left: Sequence[int],
    *,
    first_only: bool = False,
    fits: bool = False,
) -> list[Move]:
    """The contract melds that may go down now: each fills an unfilled need at its length and
    leaves cards that can still fill the others (`fits`: the caller has found with `_gate`'s
    exact test that the pool holds the needs left, so it is not made again)."""
    return _contract_search(seat, pool, contract, needs_left, first_only, fits)


def _contract_search(
    seat: int,
    pool: Sequence[Card],
    contract: Contract,
    needs_left: Sequence[int],
    first_only: bool,
    fits: bool,
) -> list[Move]:
    """`_contract_moves` worked out."""
    whole, steps = _contract_plans(contract, needs_left)
    rm, rn, pm, wilds = _scan(pool)
    w = len(wilds)
    if not fits and not _gate(rm, rn, pm, w, whole):
        return []
    counts = _counts(pool)
    out = _contract_pass(seat, pool, steps, counts, rm, rn, pm, wilds, False, first_only)
    if not out and w:
        out = _contract_pass(seat, pool, steps, counts, rm, rn, pm, wilds, True, first_only)
    return out


def _contract_pass(
    seat: int,
    pool: Sequence[Card],
    steps: tuple[tuple[MeldKind, int, _Plan], ...],
    counts: list[int],
    rm: list[int],
    rn: list[int],
    pm: list[int],
    wilds: list[Card],
    substitute: bool,
    first_only: bool,
) -> list[Move]:
    """One pass of `_contract_moves`: melds with naturals wherever the hand has them, or (the
    second pass, when the first finds none) also with wilds in the place of held naturals."""
    w = len(wilds)
    out: list[Move] = []
    wild, rank_of, suit_bit, suit_of, pos_bit = _WILD, _R, _SB, _S, _PB
    for kind, size, rest in steps:
        cands: list[Move] = []
        if kind is MeldKind.SET:
            for r in _SET_RANKS:
                if rm[r]:
                    if size == 3 and not substitute:
                        cands.extend(_three_sets(seat, r, rm[r], wilds))
                    else:
                        cands.extend(_meld_moves(seat, kind, size, r, rm[r], wilds, substitute)[0])
            if w >= size:
                cands.append(MeldCards(seat, Meld(MeldKind.SET, tuple(wilds[:size]))))
        else:
            for s in range(4):
                if pm[s]:
                    cands.extend(_meld_moves(seat, kind, size, s, pm[s], wilds, substitute)[0])
        mode = rest.mode
        if mode == 1:
            pops = [_POP[m] for m in rm]
            ge = [0] * 6
            for x in pops:
                ge[x] += 1
            for k in range(4, -1, -1):
                ge[k] += ge[k + 1]
        elif mode == 2:
            best = [_best_window(b, rest.size)[0] if b else 0 for b in pm]
        one_rank = mode == 1 and kind is MeldKind.SET
        for move in cands:
            assert isinstance(move, MeldCards)
            if one_rank:
                # as below, for a set (its naturals are of one rank `r`, `lost_n` of them the
                # only copy): is there still a set of `rest.size` once it is down?
                w2 = w
                r = -1
                lost_n = 0
                for card in move.meld.cards:
                    i = card.index
                    if wild[i]:
                        w2 -= 1
                    else:
                        r = rank_of[i]
                        lost_n += counts[i] == 1
                if w2 < rest.size:
                    least = max(1, rest.size - w2)
                    other = ge[least] if least < 6 else 0
                    if r < 0:
                        if other <= 0:
                            continue
                    elif other - (pops[r] >= least) <= 0 and pops[r] - lost_n < least:
                        continue
            elif mode == 1 or mode == 2:
                # the cards left once the meld is down: wilds, and which ranks lose a suit (or
                # suits lose a position) because their only copy goes
                w2 = w
                lost: dict[int, int] = {}
                for card in move.meld.cards:
                    i = card.index
                    if wild[i]:
                        w2 -= 1
                    elif mode == 1:
                        r = rank_of[i]
                        lost[r] = lost.get(r, 0) + (counts[i] == 1)
                    else:
                        s = suit_of[i]
                        lost[s] = lost.get(s, 0) | (pos_bit[i] if counts[i] == 1 else 0)
                least = max(1, rest.size - w2)
                if mode == 1:
                    if w2 < rest.size:
                        other = (ge[least] if least < 6 else 0) - sum(1 for r in lost if pops[r] >= least)
                        if other <= 0 and not any(pops[r] - n >= least for r, n in lost.items()):
                            continue
                elif not any(best[s] >= least for s in range(4) if s not in lost) and not any(
                    _best_window(pm[s] & ~bits, rest.size)[0] >= least for s, bits in lost.items() if pm[s] & ~bits
                ):
                    continue
            elif rest.mode:
                # the cards left once the meld is down
                rm2, rn2, pm2 = list(rm), list(rn), list(pm)
                w2 = w
                used = []
                for card in move.meld.cards:
                    i = card.index
                    if wild[i]:
                        w2 -= 1
                        continue
                    counts[i] -= 1
                    used.append(i)
                    r = rank_of[i]
                    rn2[r] -= 1
                    if not counts[i]:
                        rm2[r] &= ~suit_bit[i]
                        pm2[suit_of[i]] &= ~pos_bit[i]
                for i in used:
                    counts[i] += 1
                if not _gate(rm2, rn2, pm2, w2, rest):
                    continue
                if rest.mode == 4 and not _searched(pool, move.meld, rest):
                    continue
            out.append(move)
            if first_only:
                return out
    return out


def _searched(pool: Sequence[Card], meld: Meld, plan: _Plan) -> bool:
    """Core's contract search over the cards left once `meld` is down (needs of mixed kinds)."""
    rest = list(pool)
    for card in meld.cards:
        rest.remove(card)
    want = Contract(needs=tuple(sets(1, n)[0] if k is MeldKind.SET else runs(1, n)[0] for k, n in plan.needs))
    return find_contract(rest, want, RULES) is not None


_ENDS: Final = tuple(End)
"""The ends by number (`End(end)` is an enum call, slow on a hot path)."""


def _lay_off_move(seat: int, card: Card, i: int, end: int) -> LayOff:
    """The lay-off of `card` onto meld `i` at `end`, built once: kept by the key
    `(seat * 80 + card index) * 1024 + i * 4 + end` (which `_Index` reads directly)."""
    key = (seat * 80 + card.index) * 1024 + i * 4 + end
    move = _LAY_OFF_MOVES.get(key)
    if move is None:
        if len(_LAY_OFF_MOVES) > _CACHE_LIMIT:
            _LAY_OFF_MOVES.clear()
        move = _LAY_OFF_MOVES[key] = _new_lay_off(seat, card, i, _ENDS[end])
    return move


_SWAP_MOVES: Final[dict[int, Swap]] = {}
"""Swap moves built once, by seat, cards and meld."""


def _swap_move(seat: int, natural: Card, wild: Card, i: int) -> Swap:
    key = ((seat * 80 + natural.index) * 80 + wild.index) * 256 + i
    move = _SWAP_MOVES.get(key)
    if move is None:
        if len(_SWAP_MOVES) > _CACHE_LIMIT:
            _SWAP_MOVES.clear()
        move = _SWAP_MOVES[key] = _new_swap(seat, natural, wild, i)
    return move


_ANY_NATURAL: Final = 3
_SWAP_CODE: Final = 100_000


_WANTS: Final[dict[tuple[int, ...], tuple[tuple[int, ...], _MeldInfo]]] = {}
"""`meld_wants` and its `_meld_info` by meld, kept (cleared when large): three-card melds and
short runs recur within a game and from game to game. Keyed by the meld's fields as numbers
(kind, rank, suit, start, card indices), which hash and compare far cheaper than the meld."""


def meld_wants(meld: Meld) -> tuple[int, ...]:
    """What a table meld can take, as codes: `end` (0 set, 1 low, 2 high) for a wild,
    `index * 4 + end` for a natural card, `_ANY_NATURAL` (a set of wilds only takes any
    natural), and `_SWAP_CODE + natural index * 80 + wild index` for a swap."""
    return _wants_info(meld)[0]


def _wants_info(meld: Meld) -> tuple[tuple[int, ...], _MeldInfo]:
    """`meld_wants` and its `_meld_info` (what `_Index.changed` takes)."""
    rank, suit = meld.rank, meld.suit
    key = (
        meld.kind is _SET_KIND, -1 if rank is None else int(rank), -1 if suit is None else int(suit), meld.low,
        *[card.index for card in meld.cards],
    )
    got = _WANTS.get(key)
    if got is None:
        if len(_WANTS) > _CACHE_LIMIT:
            _WANTS.clear()
        codes = _wants(meld)
        got = _WANTS[key] = (codes, _meld_info(codes))
    return got


def _wants(meld: Meld) -> tuple[int, ...]:
    out: list[int] = []
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        wilds = list(dict.fromkeys(c for c in cards if _WILD[c.index]))
        if meld.rank is None:
            if len(cards) < RULES.set_max:
                out += [_ANY_NATURAL, 0]
            return tuple(out)
        r = meld.rank.value
        used = {c.suit for c in cards if not _WILD[c.index]}
        free = [_CARD[16 * s + 16 + r] for s in range(4) if SUITS[s] not in used]
        if len(cards) < RULES.set_max:
            out += [c.index * 4 for c in free]
            out.append(0)
        out += [_SWAP_CODE + c.index * 80 + w.index for c in free for w in wilds]
        return tuple(out)
    row = _AT[int(meld.suit)]  # type: ignore[arg-type]
    if len(cards) < RULES.run_max:
        for p, end in ((meld.low - 1, 1), (meld.high + 1, 2)):
            if 1 <= p <= 14:
                if p != 2:
                    out.append(row[p].index * 4 + end)
                out.append(end)
    for k, card in enumerate(cards):
        p = meld.low + k
        if _WILD[card.index] and p != 2:
            out.append(_SWAP_CODE + row[p].index * 80 + card.index)
    return tuple(dict.fromkeys(out))


def _discards(seat: int, held: tuple[Card, ...], taken: Card | None) -> tuple[Move, ...]:
    """One discard per distinct card in hand order; the card taken only as the last card (the
    plain statement of what `_scan_hand` and `_scan_closed` build in their passes, which the
    tests check them against)."""
    row = _DISCARDS[seat]
    if not held:
        return (row[taken.index],) if taken is not None else ()
    out = []
    last = -1
    for card in held:
        i = card.index
        if i != last:
            out.append(row[i])
            last = i
    return tuple(out)


_NATURAL_BIT: Final = _RANK_BIT
"""By card index: the card's bit in a `_Index.mask`, a rank mask (0 for a wild, which is never
looked up)."""

_MeldInfo = tuple[int, dict[int, tuple[int, ...]], tuple[int, ...], bool]


def _meld_info(codes: tuple[int, ...]) -> _MeldInfo:
    """One meld's wants decoded: the natural cards it takes as a rank mask, its lay-off and swap
    codes by natural card index (in wants order), its wild slots (ends), and whether it takes
    any natural (a set of wilds only)."""
    mask = 0
    by_natural: dict[int, tuple[int, ...]] = {}
    slots = []
    for code in codes:
        if code == _ANY_NATURAL:
            continue
        if code < 3:
            slots.append(code)
            continue
        natural = code >> 2 if code < _SWAP_CODE else (code - _SWAP_CODE) // 80
        mask |= _RANK_BIT[natural]
        by_natural[natural] = (*by_natural.get(natural, ()), code)
    return mask, by_natural, tuple(slots), _ANY_NATURAL in codes


class _Index:
    """What the melds of one `State.wants` take: the natural cards any meld takes (a bit mask,
    so a hand that holds none of them is passed over at once), per meld its `_meld_info`, how
    many melds have a wild slot open, the melds of wilds only (they take any natural), and the
    moves already built from them, per seat and card (`built` for naturals, `wild_built` for
    wilds). `melds` (the melds that take naturals) and `slots` (the wild slots, as (meld, end))
    are derived on demand.

    A state carries its index (`State.takes`): `apply` hands it on unchanged when the table is
    untouched, and makes the next one with `changed` when a play changes or adds one meld."""

    __slots__ = ("_slots", "any_natural", "built", "infos", "mask", "open", "wild_built")

    def __init__(self, infos: tuple[_MeldInfo, ...]) -> None:
        """`infos`: per table meld, its `_meld_info`."""
        mask = 0
        open_ = 0
        any_natural = []
        for i, got in enumerate(infos):
            mask |= got[0]
            if got[2]:
                open_ += 1
            if got[3]:
                any_natural.append(i)
        self.infos = infos
        self.mask = mask
        self.open = open_
        """How many melds have a wild slot open (a freed wild has somewhere to go when any)."""
        self.any_natural = tuple(any_natural)
        self._slots: tuple[tuple[int, int], ...] | None = None
        self.built: dict[int, tuple[tuple[Move, ...], tuple[Move, ...], tuple[tuple[int, int], ...]]] = {}
        """A natural card's `card_moves` by `seat * 80 + card index`."""
        self.wild_built: dict[int, tuple[Move, ...]] = {}
        """A wild's `wild_moves` by `seat * 80 + card index`."""

    @property
    def melds(self) -> tuple[tuple[int, int, dict[int, tuple[int, ...]]], ...]:
        """(meld, natural mask, codes by natural) of the melds that take naturals."""
        return tuple((i, got[0], got[1]) for i, got in enumerate(self.infos) if got[0])

    @property
    def slots(self) -> tuple[tuple[int, int], ...]:
        """The wild slots (meld, end) in table order, worked out once per index."""
        got = self._slots
        if got is None:
            got = self._slots = tuple((i, end) for i, info in enumerate(self.infos) for end in info[2])
        return got

    def changed(self, i: int, info: _MeldInfo) -> _Index:
        """The index once meld `i` wants what `info` (its `_meld_info`) says (`i` past the
        last meld: a new meld), worked out from this one for that meld alone. The moves built
        for natural cards that the changed meld takes neither before nor after are taken over,
        since a card's moves depend only on the melds that take it and on whether any wild slot
        is open; a wild's lay-offs are taken over too when the wild slots are the same."""
        infos = self.infos
        new = object.__new__(_Index)
        if i < len(infos):
            old = infos[i]
            new.infos = got = (*infos[:i], info, *infos[i + 1 :])
            changed = info[0] | old[0]
            if changed == info[0]:  # the meld takes all it took before (and maybe more)
                new.mask = self.mask | changed
            else:
                mask = 0
                for meld_info in got:
                    mask |= meld_info[0]
                new.mask = mask
            new.open = self.open - bool(old[2]) + bool(info[2])
            same_slots = old[2] == info[2]
            new.any_natural = (
                self.any_natural if old[3] == info[3] else tuple(k for k, m in enumerate(got) if m[3])
            )
        else:
            new.infos = (*infos, info)
            changed = info[0]
            new.mask = self.mask | changed
            new.open = self.open + bool(info[2])
            same_slots = not info[2]
            new.any_natural = (*self.any_natural, i) if info[3] else self.any_natural
        new._slots = self._slots if same_slots else None
        if bool(self.open) != bool(new.open):
            new.built = {}
            new.wild_built = {}
            return new
        # the kept moves of the cards the meld takes (before or after) go, for every seat; the
        # rest hold for both indices, so with no such card the dicts are shared outright (what
        # either index adds to a shared dict then holds for the other too)
        new.wild_built = self.wild_built if same_slots else {}
        built = self.built
        if changed and not built:
            built = {}
        elif changed:
            built = built.copy()
            pop = built.pop
            at = _BIT_INDEX
            while changed:
                b = changed & -changed
                changed ^= b
                k = at[b.bit_length()]
                pop(k, None)
                pop(k + 80, None)
                pop(k + 160, None)
                pop(k + 240, None)
        new.built = built
        return new

    def card_moves(
        self, seat: int, card: Card
    ) -> tuple[tuple[Move, ...], tuple[Move, ...], tuple[tuple[int, int], ...]]:
        """For a natural card: its lay-offs (meld by meld), its swaps as moves when some meld has
        room for the freed wild, else its swaps as (meld, code) to check one by one."""
        key = seat * 80 + card.index
        got = self.built.get(key)
        if got is None:
            index = card.index
            lay: list[Move] = []
            pairs: list[tuple[int, int]] = []
            base = key * 1024  # `_lay_off_move`'s key, less meld and end
            kept = _LAY_OFF_MOVES
            for t, info in enumerate(self.infos):
                if index in info[1]:
                    for code in info[1][index]:
                        if code < _SWAP_CODE:
                            move = kept.get(base + t * 4 + (code & 3))
                            lay.append(move if move is not None else _lay_off_move(seat, card, t, code & 3))
                        else:
                            pairs.append((t, code))
            ready: tuple[Move, ...] = ()
            if self.open and pairs:
                ready = tuple([_swap_move(seat, card, _WILD_CARDS[(code - _SWAP_CODE) % 80], t) for t, code in pairs])
                pairs = []
            got = self.built[key] = (tuple(lay), ready, tuple(pairs))
        return got

    def wild_moves(self, seat: int, wild: Card) -> tuple[Move, ...]:
        """The lay-offs of a wild card onto every place with room."""
        key = seat * 80 + wild.index
        got = self.wild_built.get(key)
        if got is None:
            base = key * 1024  # `_lay_off_move`'s key, less meld and end
            kept = _LAY_OFF_MOVES
            moves = []
            for t, end in self.slots:
                move = kept.get(base + t * 4 + end)
                moves.append(move if move is not None else _lay_off_move(seat, wild, t, end))
            got = self.wild_built[key] = tuple(moves)
        return got


def _table_index(wants: tuple[tuple[int, ...], ...]) -> _Index:
    """The `_Index` of a `State.wants`, from scratch (a state `apply` did not build)."""
    return _Index(tuple(_meld_info(codes) for codes in wants))


_WILD_CARDS: Final = {c.index: c for c in _WILD_KEY}


def _wild_meldable(pool: tuple[Card, ...], natural: Card, wild: Card) -> bool:
    """The freed wild makes a three-card meld with cards left in hand."""
    rest = list(pool)
    rest.remove(natural)
    rm, pm, wilds = _scan_bits(rest, wild)
    found: list[Move] = []
    _new_melds(0, rm, pm, wilds, found, True)
    return bool(found)


def _insert(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """A sorted hand with one card added after its equals."""
    key = SORT_KEYS
    k = key[card.index]
    lo, hi = 0, len(held)
    while lo < hi:
        mid = (lo + hi) // 2
        if key[held[mid].index] > k:
            hi = mid
        else:
            lo = mid + 1
    return (*held[:lo], card, *held[lo:])


# Scoring -------------------------------------------------------------------------------------


def deal_score(hands: Sequence[Sequence[Card]], out: int | None) -> tuple[int, int]:
    """Each partnership's penalty for a deal: when seat `out` went out, its side 0 and the other
    side what both its players hold; a dead hand (`out` None): each side what it holds.

    >>> deal_score([parse_cards("JK AH"), (), parse_cards("KS 9D 3C"), parse_cards("4S")], 1)
    (65, 0)
    """
    held = [POINTS.total(hands[s]) + POINTS.total(hands[s + 2]) for s in range(TEAMS)]
    if out is not None:
        held[out % TEAMS] = 0
    return held[0], held[1]
