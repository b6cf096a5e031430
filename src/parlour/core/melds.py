"""Melding: sets, runs, wild cards, lay-offs and the least-deadwood arrangement of a hand.

The rummy family primitive. Everything here is a value or a
pure function of values; each game passes its own `MeldRules` and its own point table.

* A **set** is cards of one rank (`set_min`..`set_max` long, distinct suits if asked).
* A **run** is consecutive cards of one suit. Where an ace may stand is the `AceMode`: low only
  (A-2-3), high only (Q-K-A), either end but not around the corner, or around (K-A-2).
* **Wild cards** are data: `wild_ranks` (jokers, twos, a round's rank, a turned-up rank) and
  `wild_cards` (older callers may still pass a `wild` predicate). A wild card is always wild,
  even in its own place. `min_naturals`, `naturals_ge_wilds` and `max_wilds` limit how many a
  meld may hold, on creation and again after every lay-off.
* A `Meld` records its designation: a set's rank, a run's suit and the position of its first
  card, so a wild in a run stands for one definite card.
* **Points** are a `PointTable` (card to points; a low ace of a run may count apart), giving a
  meld's value, an initial meld's count (`meets_minimum`, `minimum_for` score bands) and the
  credited points of a table.
* A `TableMeld` is a meld on the table with its owner and the seat credited with each card;
  `lay_off_credited` credits the seat that lays off.
* **Digging** into a fanned discard pile (`DigRules`, `dig_depths`, `take_from_pile`,
  `can_use_at_once`): which cards may be taken so that the card taken reaches the table at once.

A turn is a sequence of small moves (draw, one meld, one lay-off, discard); these helpers check
one move at a time and never enumerate whole turns. The stock refill lives in `core/stock.py`.

Two engines find the arrangement of a hand that leaves the least deadwood:

* `best_partition` works for any rules: several packs, wild cards, lay-offs onto fixed melds
  (the defender's case, chains included). It searches over card counts, so identical cards of
  several packs are never told apart.
* `OneDeck` is the fast engine for one pack without wilds (Gin Rummy calls it every turn): a
  hand is a 64-bit mask, the candidate melds are precomputed masks, and results are memoised.

>>> rules = MeldRules()
>>> is_meld(parse_cards("4H 5H 6H"), rules), is_meld(parse_cards("QC KC AC"), rules)
(True, False)
>>> best_partition(parse_cards("7S 7H 7D 8D 9D JC QC KC 2S 3H"), rules, POINTS_FACES_10).deadwood
19
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Final

import attrs

from parlour.core.cards import (
    CARD_INDICES,
    JOKER,
    SUITS,
    Card,
    Rank,
    Suit,
    cards_text,
    parse_cards,
    sorted_cards,
    standard_pack,
)
from parlour.core.values import builder

__all__ = [
    "POINTS_FACES_10",
    "POINTS_RUMMY_500",
    "AceMode",
    "DigRules",
    "Meld",
    "MeldKind",
    "MeldRules",
    "OneDeck",
    "Partition",
    "PointTable",
    "TableMeld",
    "TableWildSwap",
    "WildSwap",
    "arrangements",
    "best_partition",
    "build_meld",
    "build_table_meld",
    "can_lay_off",
    "can_use_at_once",
    "credited_points",
    "dig_depths",
    "is_meld",
    "lay_off",
    "lay_off_credited",
    "make_meld",
    "meets_minimum",
    "meld_card_points",
    "meld_points",
    "meld_problem",
    "meld_readings",
    "minimum_for",
    "no_wilds",
    "table_meld",
    "swap_problem",
    "take_from_pile",
    "wild_swaps",
    "wild_swaps_credited",
]


class AceMode(enum.Enum):
    """Where an ace may stand in a run."""

    LOW = 1
    """A-2-3 only (classic Gin Rummy)."""
    HIGH = 2
    """Q-K-A only."""
    EITHER = 3
    """A-2-3 or Q-K-A, never K-A-2."""
    AROUND = 4
    """Runs turn the corner: K-A-2 is a run."""


class MeldKind(enum.Enum):
    SET = 1
    RUN = 2


def no_wilds(card: Card) -> bool:
    """The wild predicate of games without wild cards."""
    return False


POINTS_FACES_10: Final[Mapping[Rank, int]] = {
    **{Rank(r): r for r in range(1, 11)},
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
}
"""Ace 1, pips their face value, court cards 10 (Gin Rummy and many others)."""


@attrs.frozen(kw_only=True)
class MeldRules:
    """What counts as a meld in one game. The defaults are one-pack Gin Rummy."""

    set_min: int = 3
    set_max: int = 4
    """Most cards a set may hold (use a large number for no limit)."""
    distinct_suits: bool = True
    """A set may not hold two cards of one suit."""
    set_ranks: frozenset[Rank] | None = None
    """The ranks sets may be made of (None: any natural rank)."""
    runs: bool = True
    """Runs are melds at all (Canasta: sets only)."""
    run_min: int = 3
    run_max: int = 13
    ace_mode: AceMode = AceMode.LOW
    wild: Callable[[Card], bool] = no_wilds
    """Which cards are wild, as a predicate (kept for existing callers; new games give the data
    fields `wild_ranks` and `wild_cards`, which a card matching any of the three makes wild)."""
    wild_ranks: frozenset[Rank] = frozenset()
    """Ranks whose every card is wild, as data: jokers and twos, a round's rising rank, a
    dealer's turned-up rank (a value, so rules for two hands compare by value)."""
    wild_cards: frozenset[Card] = frozenset()
    """Single cards that are wild beside the wild ranks (one-eyed jacks, say)."""
    min_naturals: int = 1
    naturals_ge_wilds: bool = False
    max_wilds: int = 13
    allow_all_wild: bool = False
    """A meld of wild cards only is a set of no rank (Hand and Foot wild canastas, Push)."""
    _wild_table: tuple[bool, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        table = [False] * CARD_INDICES
        for card in _EVERY_CARD:
            table[card.index] = card.rank in self.wild_ranks or card in self.wild_cards or self.wild(card)
        object.__setattr__(self, "_wild_table", tuple(table))
        if not 2 <= self.set_min <= self.set_max:
            raise ValueError(f"sets need 2 <= set_min <= set_max (got {self.set_min}, {self.set_max})")
        if not 2 <= self.run_min <= self.run_max <= 13:
            raise ValueError(f"runs need 2 <= run_min <= run_max <= 13 (got {self.run_min}, {self.run_max})")
        if self.min_naturals < 0 or self.max_wilds < 0:
            raise ValueError("min_naturals and max_wilds may not be negative")

    def is_wild(self, card: Card) -> bool:
        """True if the card is wild under these rules (a table lookup).

        >>> rules = MeldRules(wild_ranks=frozenset({Rank.JOKER, Rank.TWO}))
        >>> rules.is_wild(Card.parse("2S")), rules.is_wild(Card.parse("JK")), rules.is_wild(Card.parse("3S"))
        (True, True, False)
        """
        return self._wild_table[card.index]

    @property
    def has_wilds(self) -> bool:
        """True if any card is wild under these rules."""
        return any(self._wild_table)

    def positions(self) -> range:
        """The run positions an ace mode allows: 1 is the low ace, 14 the high ace."""
        if self.ace_mode is AceMode.LOW:
            return range(1, 14)
        if self.ace_mode is AceMode.HIGH:
            return range(2, 15)
        if self.ace_mode is AceMode.EITHER:
            return range(1, 15)
        return range(1, 27)  # around: positions wrap, a run is at most 13 long

    def wilds_ok(self, naturals: int, wilds: int) -> bool:
        """The wild-content limits of R3 for a meld holding these counts."""
        if naturals == 0:
            return self.allow_all_wild and wilds > 0
        return (
            naturals >= self.min_naturals
            and wilds <= self.max_wilds
            and (not self.naturals_ge_wilds or naturals >= wilds)
        )


_EVERY_CARD: Final = (*standard_pack(), JOKER)


def rank_at(position: int) -> Rank:
    """The rank standing at a run position (1 and 14 are aces; past 14 wraps around)."""
    return Rank((position - 1) % 13 + 1)


@attrs.frozen
class Meld:
    """A meld with its designation.

    A set lists its cards in display order and names its `rank` (None for an all-wild set). A
    run lists its cards from `low` upwards, so the card at index i stands for position `low + i`
    in `suit` (position 1 is the low ace, 14 the high ace).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    rank: Rank | None = None
    suit: Suit | None = None
    low: int = 0

    @property
    def high(self) -> int:
        """A run's last position."""
        return self.low + len(self.cards) - 1

    def stands_for(self) -> tuple[Card, ...]:
        """The natural card each card of the meld represents (wilds resolved)."""
        if self.kind is MeldKind.SET:
            if self.rank is None:
                return self.cards
            return tuple(c if c.rank is self.rank else Card(self.rank, None) for c in self.cards)
        assert self.suit is not None
        return tuple(Card(rank_at(self.low + i), self.suit) for i in range(len(self.cards)))

    def __str__(self) -> str:
        return cards_text(self.cards)


# ---------------------------------------------------------------------------------------------
# Validation of one proposed meld


def meld_problem(cards: Sequence[Card], rules: MeldRules) -> str | None:
    """Why the cards are not a meld under `rules`, or None when they are one."""
    if not meld_readings(cards, rules):
        return _explain(tuple(cards), rules)
    return None


def _explain(cards: tuple[Card, ...], rules: MeldRules) -> str:
    text = cards_text(cards) or "no cards"
    naturals = [c for c in cards if not rules.is_wild(c)]
    if any(c.is_hidden for c in cards):
        return f"{text}: hidden cards cannot be melded"
    if not naturals and not rules.allow_all_wild:
        return f"{text}: a meld needs a natural card"
    if len(naturals) < rules.min_naturals:
        return f"{text}: a meld needs at least {rules.min_naturals} natural cards"
    wilds = len(cards) - len(naturals)
    if wilds > rules.max_wilds:
        return f"{text}: at most {rules.max_wilds} wild cards in a meld"
    if rules.naturals_ge_wilds and wilds > len(naturals):
        return f"{text}: a meld may not hold more wild cards than natural ones"
    if len({c.rank for c in naturals}) == 1:
        if len(cards) < rules.set_min:
            return f"{text}: a set needs at least {rules.set_min} cards"
        if len(cards) > rules.set_max:
            return f"{text}: a set holds at most {rules.set_max} cards"
        if rules.distinct_suits and len({c.suit for c in naturals}) < len(naturals):
            return f"{text}: a set may not repeat a suit"
        if not (len(naturals) == 1 and rules.runs):
            return f"{text}: {naturals[0].rank.name.lower()}s may not form a set"
    if not rules.runs:
        return f"{text}: not a set of one rank"
    if len({c.suit for c in naturals}) > 1:
        return f"{text}: neither one rank nor one suit"
    if len(cards) < rules.run_min:
        return f"{text}: a run needs at least {rules.run_min} cards"
    if len(cards) > rules.run_max:
        return f"{text}: a run holds at most {rules.run_max} cards"
    return f"{text}: not consecutive in one suit ({_ACE_TEXT[rules.ace_mode]})"


_ACE_TEXT: Final = {
    AceMode.LOW: "the ace is low only",
    AceMode.HIGH: "the ace is high only",
    AceMode.EITHER: "the ace is high or low, not around the corner",
    AceMode.AROUND: "runs may turn the corner",
}


def meld_readings(cards: Sequence[Card], rules: MeldRules) -> tuple[Meld, ...]:
    """Every valid reading of the cards as one meld (several when wilds could stand elsewhere).

    A set is read once; a run once per possible starting position, so `5H 6H JK` gives the
    runs 4-5-6 and 5-6-7. Empty when the cards form no meld.
    """
    cards = tuple(cards)
    if any(c.is_hidden for c in cards):
        return ()
    naturals = [c for c in cards if not rules.is_wild(c)]
    wilds = [c for c in cards if rules.is_wild(c)]
    if not rules.wilds_ok(len(naturals), len(wilds)):
        return ()
    found: list[Meld] = []
    set_meld = _read_set(naturals, wilds, rules)
    if set_meld is not None:
        found.append(set_meld)
    if rules.runs and naturals:
        found.extend(_read_runs(naturals, wilds, rules))
    return tuple(found)


def _read_set(naturals: list[Card], wilds: list[Card], rules: MeldRules) -> Meld | None:
    size = len(naturals) + len(wilds)
    if not rules.set_min <= size <= rules.set_max:
        return None
    if not naturals:
        return Meld(MeldKind.SET, sorted_cards(wilds))
    rank = naturals[0].rank
    if any(c.rank is not rank or c.suit is None for c in naturals):
        return None
    if rules.set_ranks is not None and rank not in rules.set_ranks:
        return None
    if rules.distinct_suits and len({c.suit for c in naturals}) < len(naturals):
        return None
    return Meld(MeldKind.SET, sorted_cards(naturals) + sorted_cards(wilds), rank=rank)


def _read_runs(naturals: list[Card], wilds: list[Card], rules: MeldRules) -> list[Meld]:
    size = len(naturals) + len(wilds)
    suit = naturals[0].suit
    if suit is None or any(c.suit is not suit for c in naturals) or not rules.run_min <= size <= rules.run_max:
        return []
    if len({c.rank for c in naturals}) < len(naturals):
        return []
    positions = rules.positions()
    ordered_wilds = sorted_cards(wilds)
    found = []
    for low in range(positions.start, positions.stop - size + 1):
        if rules.ace_mode is AceMode.AROUND and low > 13:
            break
        spots = {rank_at(p): p for p in range(low, low + size)}
        if any(c.rank not in spots for c in naturals):
            continue
        slot: dict[int, Card] = {spots[c.rank]: c for c in naturals}
        fill = iter(ordered_wilds)
        row = tuple(slot[p] if p in slot else next(fill) for p in range(low, low + size))
        found.append(Meld(MeldKind.RUN, row, suit=suit, low=low))
    return found


def is_meld(cards: Sequence[Card], rules: MeldRules) -> bool:
    """True if the cards form one valid set or run under `rules`."""
    return bool(meld_readings(cards, rules))


def make_meld(
    cards: Sequence[Card], rules: MeldRules, *, kind: MeldKind | None = None, low: int | None = None
) -> Meld:
    """The meld the cards form; `kind` and `low` pick a reading when there are several.

    Raises ValueError naming the problem when the cards are no meld or the reading is ambiguous.
    """
    readings = [
        m for m in meld_readings(cards, rules) if (kind is None or m.kind is kind) and (low is None or m.low == low)
    ]
    if not readings:
        raise ValueError(meld_problem(cards, rules) or f"{cards_text(cards)}: no such reading")
    if len(readings) > 1:
        options = ", ".join(f"{m.kind.name.lower()} from {m.low}" if m.kind is MeldKind.RUN else "set" for m in readings)
        raise ValueError(f"{cards_text(cards)} can be read several ways ({options}): say which")
    return readings[0]


# ---------------------------------------------------------------------------------------------
# Lay-off


def lay_off(meld: Meld, card: Card, rules: MeldRules) -> tuple[Meld, ...]:
    """The melds that laying `card` onto `meld` can give (a wild may go to either end of a run).

    Runs grow at either end, sets up to `set_max`; the wild limits are checked again after the
    lay-off. Empty when the card does not fit.
    """
    if card.is_hidden:
        return ()
    wild = rules.is_wild(card)
    naturals = sum(1 for c in meld.cards if not rules.is_wild(c)) + (0 if wild else 1)
    wilds = len(meld.cards) + 1 - naturals
    if not rules.wilds_ok(naturals, wilds):
        return ()
    if meld.kind is MeldKind.SET:
        if len(meld.cards) >= rules.set_max:
            return ()
        if not wild:
            if meld.rank is not None and card.rank is not meld.rank:
                return ()
            if meld.rank is None and not rules.allow_all_wild:
                return ()
            if rules.distinct_suits and any(c.suit is card.suit for c in meld.cards if not rules.is_wild(c)):
                return ()
            rank = card.rank if meld.rank is None else meld.rank
            return (Meld(MeldKind.SET, sorted_cards((*meld.cards, card)), rank=rank),)
        return (attrs.evolve(meld, cards=meld.cards + (card,)),)
    if len(meld.cards) >= rules.run_max:
        return ()
    out = []
    positions = rules.positions()
    if rules.ace_mode is AceMode.AROUND:
        low_ok = high_ok = True  # run_max <= 13 keeps a run from meeting itself
        new_low = meld.low - 1 if meld.low > 1 else 13
    else:
        low_ok, high_ok = meld.low - 1 >= positions.start, meld.high + 1 < positions.stop
        new_low = meld.low - 1
    if low_ok and (wild or card == Card(rank_at(meld.low - 1), meld.suit)):
        out.append(attrs.evolve(meld, cards=(card, *meld.cards), low=new_low))
    if high_ok and (wild or card == Card(rank_at(meld.high + 1), meld.suit)):
        out.append(attrs.evolve(meld, cards=(*meld.cards, card)))
    return tuple(out)


def can_lay_off(meld: Meld, card: Card, rules: MeldRules) -> bool:
    """True if `card` may be added to `meld`."""
    return bool(lay_off(meld, card, rules))


# ---------------------------------------------------------------------------------------------
# Points: card to points, in hand and in a meld


@attrs.frozen
class PointTable:
    """What each card is worth: by rank, with single cards excepted (a red three and a black
    three differ), and the ace's value when it stands low in a run (Rummy 500: 1).

    A value made of ranks, cards and ints, so a hand's turned-up wild rank is one `with_ranks`
    away. Build it with `PointTable.of`. Ranks the table does not name count 0; a wild counts
    its own card's points wherever it stands.

    >>> canasta = PointTable.of({Rank.THREE: 5, Rank.JOKER: 50}, {Card.parse("3H"): 100})
    >>> canasta.points(Card.parse("3H")), canasta.points(Card.parse("3S")), canasta.total(parse_cards("JK 3C 9C"))
    (100, 5, 55)
    """

    ranks: tuple[tuple[Rank, int], ...]
    cards: tuple[tuple[Card, int], ...] = ()
    low_ace: int | None = None
    """The points of a natural ace standing as the low end of a run (None: its usual points)."""
    _by_index: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)

    def __attrs_post_init__(self) -> None:
        by_rank = dict(self.ranks)
        by_card = dict(self.cards)
        table = [0] * CARD_INDICES
        for card in _EVERY_CARD:
            table[card.index] = by_card.get(card, by_rank.get(card.rank, 0))
        object.__setattr__(self, "_by_index", tuple(table))

    @classmethod
    def of(
        cls, ranks: Mapping[Rank, int], cards: Mapping[Card, int] | None = None, *, low_ace: int | None = None
    ) -> PointTable:
        """The table from rank points and per-card exceptions, in a canonical order."""
        return cls(
            tuple(sorted(ranks.items())),
            tuple(sorted((cards or {}).items(), key=lambda item: item[0].index)),
            low_ace,
        )

    def with_ranks(self, ranks: Mapping[Rank, int]) -> PointTable:
        """The same table with some ranks' points replaced (a hand's wild rank worth 100).

        >>> POINTS_RUMMY_500.with_ranks({Rank.NINE: 100}).points(Card.parse("9C"))
        100
        """
        merged = {**dict(self.ranks), **ranks}
        return PointTable.of(merged, dict(self.cards), low_ace=self.low_ace)

    def points(self, card: Card) -> int:
        """The card's points in hand (or anywhere but the low end of a run)."""
        return self._by_index[card.index]

    def total(self, cards: Iterable[Card]) -> int:
        """The summed points of the cards in hand."""
        table = self._by_index
        return sum(table[c.index] for c in cards)


POINTS_RUMMY_500: Final = PointTable.of(
    {Rank.ACE: 15, **{Rank(r): r for r in range(2, 11)}, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10}, low_ace=1
)
"""Rummy 500: ace 15 (1 as the low end of a run), pips their face, court cards 10."""


def meld_card_points(meld: Meld, table: PointTable) -> tuple[int, ...]:
    """The points of each card of a table meld, in order (a low ace of a run counts `low_ace`).

    >>> meld_card_points(make_meld(parse_cards("AS 2S 3S"), MeldRules(ace_mode=AceMode.EITHER)), POINTS_RUMMY_500)
    (1, 2, 3)
    """
    out = [table.points(c) for c in meld.cards]
    if table.low_ace is not None and meld.kind is MeldKind.RUN and meld.low == 1 and meld.cards[0].rank is Rank.ACE:
        out[0] = table.low_ace
    return tuple(out)


def meld_points(meld: Meld, table: PointTable) -> int:
    """The summed points of a meld on the table (Rummy 500: `QH KH AH` 35, `AS 2S 3S` 6)."""
    return sum(meld_card_points(meld, table))


def minimum_for(score: int, bands: Sequence[tuple[int, int]]) -> int:
    """The count an initial meld needs at `score`: the need of the last band whose floor is at
    most the score; the first band also covers every score below it (Canasta's negative 15).

    >>> CANASTA_BANDS = ((-1, 15), (0, 50), (1500, 90), (3000, 120))
    >>> [minimum_for(s, CANASTA_BANDS) for s in (-20, 0, 1495, 1500, 3000)]
    [15, 50, 50, 90, 120]
    """
    if not bands:
        raise ValueError("no minimum bands")
    need = bands[0][1]
    for floor, value in bands[1:]:
        if score >= floor:
            need = value
    return need


def meets_minimum(melds: Iterable[Meld], table: PointTable, minimum: int) -> bool:
    """True if the melds of an opening turn count at least `minimum` (card points only).

    >>> rules = MeldRules(set_max=8, distinct_suits=False, runs=False, wild_ranks=frozenset({Rank.TWO, Rank.JOKER}))
    >>> hf = PointTable.of({Rank.ACE: 20, Rank.KING: 10, Rank.EIGHT: 10, Rank.TWO: 20})
    >>> melds = [make_meld(parse_cards("KS KH KD"), rules), make_meld(parse_cards("AS AH AD 2C"), rules)]
    >>> meets_minimum(melds, hf, 120), meets_minimum([*melds, make_meld(parse_cards("8S 8H 8D"), rules)], hf, 120)
    (False, True)
    """
    return sum(meld_points(m, table) for m in melds) >= minimum


# ---------------------------------------------------------------------------------------------
# Table melds: ownership and credit card by card


@attrs.frozen
class TableMeld:
    """A meld on the table, its owner (a seat, or a team in partnership games) and, card by
    card in the meld's order, the seat (or team) credited with each card (rules note C10)."""

    meld: Meld
    owner: int
    credit: tuple[int, ...]

    def __str__(self) -> str:
        return str(self.meld)


def table_meld(meld: Meld, owner: int) -> TableMeld:
    """A newly laid meld: the owner is credited with every card.

    >>> table_meld(make_meld(parse_cards("5S 6S 7S"), MeldRules()), 0).credit
    (0, 0, 0)
    """
    return TableMeld(meld, owner, (owner,) * len(meld.cards))


build_meld: Final = builder(Meld)
"""`build_meld(kind, cards, rank, suit, low)`: the same value as `Meld(...)` from every field in
order, without the initializer's cost, for a game's hot path that already knows the designation
(`make_meld` is the checked way that finds it)."""

build_table_meld: Final = builder(TableMeld)
"""`build_table_meld(meld, owner, credit)`: the same value as `TableMeld(...)` from every field in
order, for hot paths (as `build_meld`)."""


def lay_off_credited(target: TableMeld, card: Card, seat: int, rules: MeldRules) -> tuple[TableMeld, ...]:
    """The table melds that `seat` laying `card` onto `target` can give, the card credited to
    `seat` and the owner unchanged (one per reading, as `lay_off`); empty when it does not fit.

    >>> run = table_meld(make_meld(parse_cards("5S 6S 7S"), MeldRules()), 0)
    >>> grown = lay_off_credited(run, Card.parse("8S"), 1, MeldRules())[0]
    >>> str(grown), grown.owner, grown.credit
    ('5S 6S 7S 8S', 0, (0, 0, 0, 1))
    """
    out = []
    for meld in lay_off(target.meld, card, rules):
        pending: dict[Card, list[int]] = {}
        for old, who in zip(target.meld.cards, target.credit):
            pending.setdefault(old, []).append(who)
        pending.setdefault(card, []).append(seat)
        out.append(TableMeld(meld, target.owner, tuple(pending[c].pop(0) for c in meld.cards)))
    return tuple(out)


def credited_points(melds: Iterable[TableMeld], table: PointTable, seats: int) -> tuple[int, ...]:
    """Each seat's (or team's) points on the table: every card counted for the one credited.

    >>> rules = MeldRules()
    >>> run = table_meld(make_meld(parse_cards("5S 6S 7S"), rules), 0)
    >>> credited_points(lay_off_credited(run, Card.parse("8S"), 1, rules), POINTS_RUMMY_500, 2)
    (18, 8)
    """
    out = [0] * seats
    for tm in melds:
        for who, value in zip(tm.credit, meld_card_points(tm.meld, table)):
            out[who] += value
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Digging into a fanned discard pile


@attrs.frozen(kw_only=True)
class DigRules:
    """When a card deep in a fanned discard pile may be taken (rules note R12).

    Taking at depth k (1 is the top) takes the target card and the k-1 cards above it; the
    target must go to the table this same turn. The defaults are Rummy 500.
    """

    free_top: bool = False
    """The top card alone is an ordinary draw, with no duty to play it (Five Hundreds,
    Horseshit; Rummy 500 with its house option)."""
    from_hand: int = 0
    """The least number of cards held before the draw that the target's new meld must use
    (Five Hundreds 1, Horseshit's natural pair 2)."""
    naturals: bool = False
    """Only natural cards count toward `from_hand` (Horseshit)."""
    natural_target: bool = False
    """A wild card may never be the card taken, not even on top (Horseshit)."""
    lay_off: bool = True
    """Laying the target off onto a table meld (after other cards, in a chain) uses it too."""
    with_taken: bool = True
    """The other cards taken with the target may join its meld."""


def take_from_pile(pile: Sequence[Card], depth: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Digging to `depth` (1 is the top; the pile lists its top card last): (the pile left,
    the cards taken with the target first and the old top last).

    >>> rest, taken = take_from_pile(parse_cards("4C 9H KS 2D"), 3)
    >>> cards_text(rest), cards_text(taken)
    ('4C', '9H KS 2D')
    """
    if not 1 <= depth <= len(pile):
        raise ValueError(f"cannot dig to depth {depth} in a pile of {len(pile)}")
    cut = len(pile) - depth
    return tuple(pile[:cut]), tuple(pile[cut:])


def dig_depths(
    pile: Sequence[Card], hand: Sequence[Card], rules: MeldRules, dig: DigRules, *, onto: Sequence[Meld] = ()
) -> tuple[int, ...]:
    """The depths the player holding `hand` may dig to, lowest first: the top card when it is
    free, and every target card that `can_use_at_once` with the cards that come with it.

    >>> pile, rules = parse_cards("4C 9H KS 2D"), MeldRules(ace_mode=AceMode.EITHER)
    >>> dig_depths(pile, parse_cards("9C 9D 3H"), rules, DigRules())
    (3,)
    >>> dig_depths(pile, parse_cards("9C 3H"), rules, DigRules(free_top=True, from_hand=1, lay_off=False))
    (1,)
    """
    out = []
    size = len(pile)
    mine = _Pool(hand, rules)
    theirs = _Pool((), rules)
    for depth in range(1, size + 1):
        target = pile[size - depth]
        if depth > 1 and dig.with_taken:
            theirs.add(pile[size - depth + 1])
        if target.is_hidden or (dig.natural_target and rules.is_wild(target)):
            continue
        if depth == 1 and dig.free_top:
            out.append(depth)
            continue
        if _new_meld_with(target, mine, theirs, rules, dig.from_hand, dig.naturals) or (
            dig.lay_off and _lay_off_somewhere(target, hand, pile[size - depth + 1 :], rules, onto)
        ):
            out.append(depth)
    return tuple(out)


def can_use_at_once(
    card: Card,
    hand: Sequence[Card],
    rules: MeldRules,
    dig: DigRules,
    *,
    taken: Sequence[Card] = (),
    onto: Sequence[Meld] = (),
) -> bool:
    """True if `card` can reach the table this turn: in a new meld with cards of `hand` (and of
    `taken` when `dig.with_taken`), at least `dig.from_hand` of them from `hand`; or, when
    `dig.lay_off`, laid off onto one of `onto`, possibly after other cards in a chain.

    A game also asks it while a dug card is still owed, to offer only plays that keep it usable.

    >>> rules = MeldRules(ace_mode=AceMode.EITHER)
    >>> onto = [make_meld(parse_cards("5H 6H 7H"), rules)]
    >>> can_use_at_once(Card.parse("9H"), parse_cards("8H KC"), rules, DigRules(), onto=onto)
    True
    >>> can_use_at_once(Card.parse("9H"), parse_cards("8H KC"), rules, DigRules(lay_off=False), onto=onto)
    False
    """
    if card.is_hidden:
        return False
    extra = _Pool(taken if dig.with_taken else (), rules)
    if _new_meld_with(card, _Pool(hand, rules), extra, rules, dig.from_hand, dig.naturals):
        return True
    return dig.lay_off and _lay_off_somewhere(card, hand, taken, rules, onto)


class _Pool:
    """A summary of some cards for the dig checks: wild count, natural suits by rank, natural
    ranks by suit (hidden cards and jokers that are not wild are left out)."""

    __slots__ = ("by_rank", "by_suit", "rules", "wilds")

    def __init__(self, cards: Iterable[Card], rules: MeldRules) -> None:
        self.rules = rules
        self.wilds = 0
        self.by_rank: dict[Rank, list[Suit]] = {}
        self.by_suit: dict[Suit, set[int]] = {}
        for card in cards:
            self.add(card)

    def add(self, card: Card) -> None:
        if self.rules.is_wild(card):
            self.wilds += 1
        elif card.suit is not None:
            self.by_rank.setdefault(card.rank, []).append(card.suit)
            self.by_suit.setdefault(card.suit, set()).add(int(card.rank))


def _lay_off_somewhere(
    card: Card, hand: Sequence[Card], taken: Sequence[Card], rules: MeldRules, onto: Sequence[Meld]
) -> bool:
    if not onto:
        return False
    spare = [c for c in (*hand, *taken) if not c.is_hidden]
    return any(_chain_lay_off(meld, card, spare, rules) for meld in onto)


def _new_meld_with(card: Card, hand: _Pool, taken: _Pool, rules: MeldRules, need: int, naturals_only: bool) -> bool:
    all_wilds = hand.wilds + taken.wilds
    counted_wilds = 0 if naturals_only else hand.wilds
    if rules.is_wild(card):
        ranks = sorted(hand.by_rank.keys() | taken.by_rank.keys())
        suits = sorted(hand.by_suit.keys() | taken.by_suit.keys())
        if rules.allow_all_wild:
            for w in range(all_wilds + 1):
                if rules.set_min <= w + 1 <= rules.set_max and rules.wilds_ok(0, w + 1):
                    if min(w, counted_wilds) >= need:
                        return True
    elif card.suit is None:
        return False  # a joker that is not wild fits no meld
    else:
        ranks, suits = [card.rank], [card.suit]
    for rank in ranks:
        if _set_with(card, rank, hand, taken, rules, need, all_wilds, counted_wilds):
            return True
    if rules.runs:
        for suit in suits:
            if _run_with(card, suit, hand, taken, rules, need, all_wilds, counted_wilds):
                return True
    return False


def _set_with(
    card: Card, rank: Rank, hand: _Pool, taken: _Pool, rules: MeldRules, need: int, all_wilds: int, counted_wilds: int
) -> bool:
    if rules.set_ranks is not None and rank not in rules.set_ranks:
        return False
    target_natural = 0 if rules.is_wild(card) else 1
    mine = hand.by_rank.get(rank, [])
    theirs = taken.by_rank.get(rank, [])
    if rules.distinct_suits:
        barred = {card.suit} if target_natural else set()
        mine_suits = set(mine) - barred
        in_hand, available = len(mine_suits), len(mine_suits | (set(theirs) - barred))
    else:
        in_hand, available = len(mine), len(mine) + len(theirs)
    for a in range(available + 1):
        for w in range(all_wilds + 1):
            size = a + w + 1
            if size > rules.set_max:
                break
            if size < rules.set_min or not rules.wilds_ok(a + target_natural, w + 1 - target_natural):
                continue
            if min(a, in_hand) + min(w, counted_wilds) >= need:
                return True
    return False


def _run_with(
    card: Card, suit: Suit, hand: _Pool, taken: _Pool, rules: MeldRules, need: int, all_wilds: int, counted_wilds: int
) -> bool:
    mine = hand.by_suit.get(suit, set())
    theirs = taken.by_suit.get(suit, set()) - mine
    target_wild = rules.is_wild(card)
    positions = rules.positions()
    first, stop = positions.start, positions.stop
    last_low = (min(stop, 14) if rules.ace_mode is AceMode.AROUND else stop) - 1
    run_min, run_max = rules.run_min, rules.run_max
    rank = int(card.rank)
    if target_wild:
        lows: Iterable[int] = range(first, last_low + 1)
    else:
        spots = [p for p in (rank, rank + 13) if first <= p < stop]
        lows = sorted({low for p in spots for low in range(max(first, p - run_max + 1), min(p, last_low) + 1)})
    for low in lows:
        held = only_taken = forced = 0
        spot = False
        for high in range(low, min(low + run_max, stop)):
            here = (high - 1) % 13 + 1
            if not target_wild and not spot and here == rank:
                spot = True
            elif here in mine:
                held += 1
            elif here in theirs:
                only_taken += 1
            else:
                forced += 1
            if high - low + 1 >= run_min and _run_counts_ok(
                target_wild, spot, held, only_taken, forced, rules, need, all_wilds, counted_wilds
            ):
                return True
            if forced > all_wilds + (1 if target_wild else 0):
                break
    return False


def _run_counts_ok(
    target_wild: bool,
    spot: bool,
    held: int,
    only_taken: int,
    forced: int,
    rules: MeldRules,
    need: int,
    all_wilds: int,
    counted_wilds: int,
) -> bool:
    natural = 0
    if target_wild:
        if forced:
            forced -= 1
        elif only_taken:
            only_taken -= 1
        elif held:
            held -= 1
        else:
            return False
    elif not spot:
        return False
    else:
        natural = 1
    for extra in range(only_taken + 1):
        wilds = forced + extra
        if wilds > all_wilds:
            break
        naturals = natural + held + only_taken - extra
        if rules.wilds_ok(naturals, wilds + (1 if target_wild else 0)) and held + min(wilds, counted_wilds) >= need:
            return True
    return False


def _chain_lay_off(meld: Meld, card: Card, spare: list[Card], rules: MeldRules) -> bool:
    """True if `card` fits `meld`, at once or after cards of `spare` extend a run toward it."""
    if can_lay_off(meld, card, rules):
        return True
    if meld.kind is not MeldKind.RUN or rules.is_wild(card) or card.suit is not meld.suit:
        return False
    for toward_high in (True, False):
        left = list(spare)
        current = meld
        while len(current.cards) < rules.run_max:
            end = current.high + 1 if toward_high else current.low - 1
            wanted = Card(rank_at(end), meld.suit)
            if wanted == card:
                break
            filler = wanted if wanted in left else next((c for c in left if rules.is_wild(c)), None)
            if filler is None:
                break
            grown = [m for m in lay_off(current, filler, rules) if (m.low == current.low) == toward_high]
            if not grown:
                break
            left.remove(filler)
            current = grown[0]
        if any((m.low == current.low) == toward_high for m in lay_off(current, card, rules)):
            return True
    return False


# ---------------------------------------------------------------------------------------------
# Least deadwood, any rules (counts over distinct cards)


@attrs.frozen
class Partition:
    """An arrangement of a hand: melds, unmatched cards and (for a defender) lay-offs."""

    deadwood: int
    melds: tuple[Meld, ...]
    unmatched: tuple[Card, ...]
    laid_off: tuple[Card, ...] = ()
    extended: tuple[Meld, ...] = ()
    """The fixed melds after the lay-offs, in the order given."""


Counts = tuple[int, ...]


def _value(values: Mapping[Rank, int] | PointTable, card: Card) -> int:
    return values.points(card) if isinstance(values, PointTable) else values.get(card.rank, 0)


def _sub(a: Counts, b: Counts) -> Counts | None:
    out = tuple(x - y for x, y in zip(a, b))
    return None if min(out, default=0) < 0 else out


class _Search:
    """Candidate melds of one hand over its distinct cards, and a memoised partition search."""

    def __init__(self, cards: Sequence[Card], rules: MeldRules, values: Mapping[Rank, int] | PointTable) -> None:
        counter = Counter(cards)
        if any(c.is_hidden for c in counter):
            raise ValueError("cannot arrange hidden cards")
        self.rules = rules
        self.keys: tuple[Card, ...] = tuple(sorted(counter, key=lambda c: (rules.is_wild(c), c.sort_key)))
        self.index = {card: i for i, card in enumerate(self.keys)}
        self.counts: Counts = tuple(counter[c] for c in self.keys)
        self.values = tuple(_value(values, c) for c in self.keys)
        self.wild_ids = [i for i, c in enumerate(self.keys) if rules.is_wild(c)]
        self.candidates: list[tuple[Counts, Meld]] = []
        seen: set[tuple[Counts, MeldKind]] = set()
        for vector, meld in itertools.chain(self._sets(), self._runs()):
            if (vector, meld.kind) not in seen:
                seen.add((vector, meld.kind))
                self.candidates.append((vector, meld))
        self.by_first: dict[int, list[tuple[Counts, Meld]]] = {}
        for vector, meld in self.candidates:
            first = next(i for i, n in enumerate(vector) if n)
            self.by_first.setdefault(first, []).append((vector, meld))
        self.memo: dict[Counts, tuple[int, tuple[tuple[Counts, Meld], ...]]] = {}

    def vector(self, picks: Iterable[int]) -> Counts:
        counts = [0] * len(self.keys)
        for i in picks:
            counts[i] += 1
        return tuple(counts)

    def _wild_choices(self, slots: int) -> Iterator[tuple[int, ...]]:
        """Ways to take `slots` wild cards from the hand, as lists of key indices."""
        pools = [[i] * self.counts[i] for i in self.wild_ids]
        flat = [i for pool in pools for i in pool]
        yield from sorted(set(itertools.combinations(flat, slots)))

    def _sets(self) -> Iterator[tuple[Counts, Meld]]:
        rules = self.rules
        by_rank: dict[Rank, list[int]] = {}
        for i, card in enumerate(self.keys):
            if not rules.is_wild(card):
                by_rank.setdefault(card.rank, []).append(i)
        wild_total = sum(self.counts[i] for i in self.wild_ids)
        for rank, ids in by_rank.items():
            if rules.set_ranks is not None and rank not in rules.set_ranks:
                continue
            cap = 1 if rules.distinct_suits else rules.set_max
            ranges = [range(min(self.counts[i], cap) + 1) for i in ids]
            for take in itertools.product(*ranges):
                naturals = sum(take)
                if naturals == 0:
                    continue
                for w in range(0, min(wild_total, rules.set_max - naturals) + 1):
                    if naturals + w < rules.set_min or not rules.wilds_ok(naturals, w):
                        continue
                    for wild_pick in self._wild_choices(w):
                        picks = [i for i, n in zip(ids, take) for _ in range(n)] + list(wild_pick)
                        cards = tuple(self.keys[i] for i in picks)
                        yield self.vector(picks), Meld(MeldKind.SET, sorted_cards(cards), rank=rank)
        if rules.allow_all_wild:
            for w in range(rules.set_min, min(wild_total, rules.set_max) + 1):
                for wild_pick in self._wild_choices(w):
                    cards = tuple(self.keys[i] for i in wild_pick)
                    yield self.vector(wild_pick), Meld(MeldKind.SET, sorted_cards(cards))

    def _runs(self) -> Iterator[tuple[Counts, Meld]]:
        rules = self.rules
        if not rules.runs:
            return
        wild_total = min(sum(self.counts[i] for i in self.wild_ids), rules.max_wilds)
        positions = rules.positions()
        starts = range(positions.start, min(positions.stop, 14) if rules.ace_mode is AceMode.AROUND else positions.stop)
        for suit in SUITS:
            natural: dict[Rank, int] = {}
            for r in range(1, 14):
                i = self.index.get(Card(Rank(r), suit))
                if i is not None and not rules.is_wild(self.keys[i]):
                    natural[Rank(r)] = i
            for low in starts:
                yield from self._extend_run(suit, low, [], 0, natural, wild_total, positions)

    def _extend_run(
        self,
        suit: Suit,
        low: int,
        row: list[int | None],
        wild_slots: int,
        natural: dict[Rank, int],
        wild_total: int,
        positions: range,
    ) -> Iterator[tuple[Counts, Meld]]:
        rules = self.rules
        size = len(row)
        naturals = size - wild_slots
        if size >= rules.run_min and naturals and rules.wilds_ok(naturals, wild_slots):
            for wild_pick in self._wild_choices(wild_slots):
                fill = iter(wild_pick)
                picks = [i if i is not None else next(fill) for i in row]
                cards = tuple(self.keys[i] for i in picks)
                yield self.vector(picks), Meld(MeldKind.RUN, cards, suit=suit, low=low)
        position = low + size
        if size >= rules.run_max or position >= positions.stop:
            return
        nat = natural.get(rank_at(position))
        if nat is not None:
            yield from self._extend_run(suit, low, [*row, nat], wild_slots, natural, wild_total, positions)
        if wild_slots < wild_total:
            yield from self._extend_run(suit, low, [*row, None], wild_slots + 1, natural, wild_total, positions)

    def solve(self, counts: Counts) -> tuple[int, tuple[tuple[Counts, Meld], ...]]:
        """The least deadwood of `counts` and the melds of one (canonical) best arrangement."""
        found = self.memo.get(counts)
        if found is not None:
            return found
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            return 0, ()
        rest = counts[:first] + (counts[first] - 1,) + counts[first + 1 :]
        value, melds = self.solve(rest)
        best = (value + self.values[first], melds)
        for vector, meld in self.by_first.get(first, ()):
            left = _sub(counts, vector)
            if left is not None:
                value, melds = self.solve(left)
                if value < best[0]:
                    best = (value, ((vector, meld), *melds))
        self.memo[counts] = best
        return best

    def each_arrangement(
        self, counts: Counts, budget: int, chosen: tuple[Meld, ...]
    ) -> Iterator[tuple[Meld, ...]]:
        """Every set of disjoint melds leaving deadwood within `budget` (lowest card first)."""
        first = next((i for i, n in enumerate(counts) if n), None)
        if first is None:
            yield chosen
            return
        for vector, meld in self.by_first.get(first, ()):
            left = _sub(counts, vector)
            if left is not None:
                yield from self.each_arrangement(left, budget, (*chosen, meld))
        if self.values[first] <= budget:
            rest = counts[:first] + (counts[first] - 1,) + counts[first + 1 :]
            yield from self.each_arrangement(rest, budget - self.values[first], chosen)

    def extensions(self, meld: Meld) -> list[tuple[Counts, Meld]]:
        """Every way the hand can lay cards off onto `meld` (chains included), with the result."""
        out: list[tuple[Counts, Meld]] = [(tuple(0 for _ in self.keys), meld)]
        frontier = [(tuple(0 for _ in self.keys), meld)]
        seen = {(out[0][0], meld)}
        while frontier:
            nxt = []
            for used, current in frontier:
                for i, card in enumerate(self.keys):
                    if used[i] >= self.counts[i]:
                        continue
                    for grown in lay_off(current, card, self.rules):
                        vector = used[:i] + (used[i] + 1,) + used[i + 1 :]
                        if (vector, grown) not in seen:
                            seen.add((vector, grown))
                            nxt.append((vector, grown))
            out.extend(nxt)
            frontier = nxt
        return out

    def meld_cards(self, picks: Iterable[tuple[Counts, Meld]]) -> tuple[Meld, ...]:
        return tuple(meld for _, meld in picks)

    def leftover(self, counts: Counts, melds: Iterable[tuple[Counts, Meld]]) -> tuple[Card, ...]:
        left = list(counts)
        for vector, _ in melds:
            left = [a - b for a, b in zip(left, vector)]
        return sorted_cards(card for card, n in zip(self.keys, left) for _ in range(n))


def best_partition(
    cards: Sequence[Card],
    rules: MeldRules,
    values: Mapping[Rank, int] | PointTable,
    *,
    onto: Sequence[Meld] = (),
) -> Partition:
    """The arrangement of `cards` with the least deadwood (the sum of `values` over unmatched cards).

    `values` is a rank table or a `PointTable` (in-hand points; a red three may differ).

    With `onto`, cards may also be laid off onto those fixed melds (a defender after a knock),
    one after another, so 8H then 9H extend 5H-6H-7H. Ties keep the first arrangement found
    (lowest cards melded first, lay-offs preferred), which is deterministic.
    """
    search = _Search(cards, rules, values)
    if not onto:
        value, picks = search.solve(search.counts)
        return Partition(value, search.meld_cards(picks), search.leftover(search.counts, picks))
    options = [search.extensions(meld) for meld in onto]
    best: Partition | None = None
    for combo in itertools.product(*options):
        used = tuple(sum(parts) for parts in zip(*(vector for vector, _ in combo)))
        left = _sub(search.counts, used)
        if left is None:
            continue
        value, picks = search.solve(left)
        if best is None or value < best.deadwood:
            laid = sorted_cards(c for c, n in zip(search.keys, used) for _ in range(n))
            best = Partition(
                value,
                search.meld_cards(picks),
                search.leftover(left, picks),
                laid_off=laid,
                extended=tuple(meld for _, meld in combo),
            )
    assert best is not None
    return best


def arrangements(
    cards: Sequence[Card], rules: MeldRules, values: Mapping[Rank, int] | PointTable, *, limit: int
) -> tuple[Partition, ...]:
    """Every arrangement of `cards` whose deadwood is at most `limit`, least deadwood first."""
    search = _Search(cards, rules, values)
    out = []
    for melds in search.each_arrangement(search.counts, limit, ()):
        left = list(search.counts)
        for meld in melds:
            for card in meld.cards:
                left[search.index[card]] -= 1
        unmatched = sorted_cards(c for c, n in zip(search.keys, left) for _ in range(n))
        out.append(Partition(sum(_value(values, c) for c in unmatched), melds, unmatched))
    out.sort(key=lambda p: (p.deadwood, -len(p.melds), [str(m) for m in p.melds]))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# The fast one-pack engine (no wilds): hands as bit masks


def _bit(card: Card) -> int:
    assert card.suit is not None
    return 1 << (int(card.suit) * 16 + int(card.rank))


_LANE: Final = 0x3FFE  # bits 1..13 of a 16-bit suit lane
_ACE_BITS: Final = 0x0002 * 0x0001000100010001
"""The aces' bits in every suit lane."""


@functools.cache
def _lane_table(rank_values: tuple[int, ...]) -> tuple[int, ...]:
    """The summed points of every 16-bit suit lane, given the points of ranks 1..13.

    Each lane adds the value of its lowest rank to the entry of the lane without it, so the
    65,536 entries cost one addition each.
    """
    table = [0] * (1 << 16)
    for lane in range(2, 1 << 16):
        low = lane & -lane
        rank = low.bit_length() - 1
        table[lane] = table[lane ^ low] + (rank_values[rank - 1] if 1 <= rank <= 13 else 0)
    return tuple(table)


class OneDeck:
    """Least deadwood, knock tests, arrangements and defence for one pack without wilds.

    Card bit: `suit * 16 + rank` (ace 1 .. king 13), so each suit is a 16-bit lane with empty
    guard bits and shifts never carry one suit into another. Candidate melds are precomputed
    masks indexed by their lowest card; results are memoised per mask, so a hand that differs
    from an earlier one by a card costs little. Memo tables are cleared past `memo_limit`.

    >>> engine = OneDeck(MeldRules(), POINTS_FACES_10)
    >>> engine.deadwood(engine.mask(parse_cards("7S 7H 7D 8D 9D JC QC KC 2S 3H")))
    19
    """

    def __init__(self, rules: MeldRules, values: Mapping[Rank, int], *, memo_limit: int = 1 << 20) -> None:
        if rules.has_wilds or not rules.distinct_suits:
            raise ValueError("OneDeck handles one pack without wild cards; use best_partition")
        self.rules = rules
        self.memo_limit = memo_limit
        self.cards: dict[int, Card] = {}
        self.value: dict[int, int] = {}
        for card in standard_pack():
            bit = _bit(card)
            self.cards[bit] = card
            self.value[bit] = values.get(card.rank, 0)
        self._rank_values = tuple(values.get(Rank(r), 0) for r in range(1, 14))
        self.melds: dict[int, Meld] = {}
        self._build_melds()
        self.by_low: dict[int, tuple[int, ...]] = {}
        for m in sorted(self.melds, key=lambda m: (m & -m, m)):
            self.by_low.setdefault(m & -m, ())
            self.by_low[m & -m] += (m,)
        self._shifts = (
            rules.ace_mode in (AceMode.LOW, AceMode.EITHER)
            and rules.run_min == 3
            and rules.set_min == 3
            and rules.set_max >= 4
            and rules.set_ranks is None
        )
        self._dead: dict[int, int] = {}
        self._free: dict[int, int] = {}

    @functools.cached_property
    def lane_value(self) -> tuple[int, ...]:
        """The points of any subset of one suit lane, by table lookup (bit r is rank r).

        Built on first use, not when the engine is made (importing a game stays cheap), and
        shared by every engine with the same point values.
        """
        return _lane_table(self._rank_values)

    def _build_melds(self) -> None:
        """Every set and run of the rules as a mask, with its `Meld` (built from bits: engines
        are made when games are imported, so this stays cheap)."""
        rules, card_of = self.rules, self.cards
        if rules.set_min <= 4:
            for r in range(1, 14):
                rank = Rank(r)
                if rules.set_ranks is not None and rank not in rules.set_ranks:
                    continue
                for size in range(rules.set_min, min(rules.set_max, 4) + 1):
                    for suits in itertools.combinations(SUITS, size):
                        bits = [1 << (int(suit) * 16 + r) for suit in suits]
                        self.melds[sum(bits)] = Meld(MeldKind.SET, tuple(card_of[b] for b in bits), rank=rank)
        if rules.runs:
            positions = rules.positions()
            for suit in SUITS:
                lane = int(suit) * 16
                for low in range(positions.start, min(positions.stop, 14)):
                    for size in range(rules.run_min, rules.run_max + 1):
                        if low + size > positions.stop:
                            break
                        bits = [1 << (lane + (p - 1) % 13 + 1) for p in range(low, low + size)]  # rank_at(p)
                        mask = 0
                        for bit in bits:
                            mask |= bit
                        self.melds[mask] = Meld(MeldKind.RUN, tuple(card_of[b] for b in bits), suit=suit, low=low)

    def mask(self, cards: Iterable[Card]) -> int:
        """The bit mask of the cards (each card once)."""
        out = 0
        for card in cards:
            out |= _bit(card)
        return out

    def cards_of(self, mask: int) -> tuple[Card, ...]:
        """The cards of a mask in display order."""
        return sorted_cards(self.cards[1 << i] for i in range(mask.bit_length()) if mask >> i & 1)

    def points(self, mask: int) -> int:
        """The summed values of the cards in the mask."""
        lv = self.lane_value
        return lv[mask & 0xFFFF] + lv[mask >> 16 & 0xFFFF] + lv[mask >> 32 & 0xFFFF] + lv[mask >> 48 & 0xFFFF]

    def deadwood(self, mask: int) -> int:
        """The least deadwood of the hand over all arrangements into disjoint melds."""
        memo = self._dead
        found = memo.get(mask)
        if found is not None:
            return found
        if not mask:
            return 0
        low = mask & -mask
        best = self.value[low] + self.deadwood(mask ^ low)
        for m in self.by_low.get(low, ()):
            if m & mask == m:
                v = self.deadwood(mask ^ m)
                if v < best:
                    best = v
        if len(memo) > self.memo_limit:
            memo.clear()
        memo[mask] = best
        return best

    def deadwood_after_discard(self, mask: int) -> int:
        """The least deadwood once the best single card is put away (is a knock possible?)."""
        memo = self._free
        found = memo.get(mask)
        if found is not None:
            return found
        if not mask:
            return 0
        low = mask & -mask
        rest = mask ^ low
        best = self.deadwood(rest)
        alt = self.value[low] + self.deadwood_after_discard(rest)
        if alt < best:
            best = alt
        for m in self.by_low.get(low, ()):
            if m & mask == m:
                v = self.deadwood_after_discard(mask ^ m)
                if v < best:
                    best = v
        if len(memo) > self.memo_limit:
            memo.clear()
        memo[mask] = best
        return best

    def isolated(self, mask: int) -> int:
        """The cards of the hand that fit no meld inside the hand (deadwood in any arrangement).

        For the common rules (sets and runs from 3, sets up to 4, the ace low, or high or low
        without going round the corner) this is a handful of shifts and ands over the suit lanes;
        other rules scan the candidate melds. With the ace either way each ace is copied to a
        14th rank (lane bit 14, free like the guard bits 0 and 15) for the run test.
        """
        if self._shifts:
            either = self.rules.ace_mode is AceMode.EITHER
            cards = mask | (mask & _ACE_BITS) << 13 if either else mask
            up1, up2, dn1, dn2 = cards >> 1, cards >> 2, cards << 1, cards << 2
            in_run = (up1 & up2) | (dn1 & up1) | (dn1 & dn2) if self.rules.runs else 0
            if either:
                in_run |= in_run >> 13 & _ACE_BITS  # an ace in a run as the 14th rank
            a, b, c, d = mask & _LANE, mask >> 16 & _LANE, mask >> 32 & _LANE, mask >> 48 & _LANE
            three = (a & b & (c | d)) | (c & d & (a | b))
            return mask & ~(in_run | three * 0x0001000100010001)
        inside = 0
        for m in self.melds:
            if m & mask == m:
                inside |= m
        return mask & ~inside

    def discard_bound(self, mask: int) -> int:
        """A cheap lower bound of `deadwood_after_discard`: isolated cards, less the dearest."""
        alone = self.isolated(mask)
        if not alone:
            return 0
        lanes = (alone | alone >> 16 | alone >> 32 | alone >> 48) & _LANE
        return self.points(alone) - self.lane_value[1 << (lanes.bit_length() - 1)]

    def arrangements(self, mask: int, limit: int) -> tuple[tuple[tuple[Meld, ...], int], ...]:
        """Every choice of disjoint melds leaving deadwood within `limit`, as (melds, deadwood).

        Ordered by deadwood, then by more melds first, then by the melds' text.
        """
        out: list[tuple[tuple[Meld, ...], int]] = []

        def walk(rest: int, budget: int, chosen: tuple[int, ...]) -> None:
            if not rest:
                melds = sorted((self.melds[m] for m in chosen), key=lambda m: m.cards[0].sort_key)
                out.append((tuple(melds), limit - budget))
                return
            if self.deadwood(rest) > budget:
                return
            low = rest & -rest
            for m in self.by_low.get(low, ()):
                if m & rest == m:
                    walk(rest ^ m, budget, (*chosen, m))
            if self.value[low] <= budget:
                walk(rest ^ low, budget - self.value[low], chosen)

        walk(mask, limit, ())
        out.sort(key=lambda item: (item[1], -len(item[0]), [str(m) for m in item[0]]))
        return tuple(out)

    def defend(self, mask: int, onto: Sequence[Meld]) -> tuple[int, int, tuple[Meld, ...]]:
        """The defender's best: (deadwood, mask of cards laid off, the fixed melds afterwards).

        Cards may be laid off onto `onto` in chains (8H then 9H onto 5H-6H-7H); a card laid off
        is not available for the defender's own melds, and the search tries every combination.
        """
        choices: list[list[tuple[int, Meld]]] = []
        for meld in onto:
            ways: list[tuple[int, Meld]] = [(0, meld)]
            frontier = [(0, meld)]
            while frontier:
                grown_list = []
                for used, current in frontier:
                    for bit, card in self.cards.items():
                        if mask & bit and not used & bit:
                            for grown in lay_off(current, card, self.rules):
                                grown_list.append((used | bit, grown))
                ways.extend(grown_list)
                frontier = grown_list
            choices.append(ways)
        best: tuple[int, int, tuple[Meld, ...]] | None = None
        for combo in itertools.product(*choices):
            used = 0
            clash = False
            for part, _ in combo:
                if used & part:
                    clash = True
                    break
                used |= part
            if clash:
                continue
            value = self.deadwood(mask & ~used)
            if best is None or value < best[0] or (value == best[0] and used and not best[1]):
                best = (value, used, tuple(meld for _, meld in combo))
        assert best is not None
        return best

    def best_melds(self, mask: int) -> tuple[Meld, ...]:
        """The melds of one arrangement with the least deadwood (the canonical one)."""
        out: list[Meld] = []
        rest = mask
        while rest:
            target = self.deadwood(rest)
            low = rest & -rest
            for m in self.by_low.get(low, ()):
                if m & rest == m and self.deadwood(rest ^ m) == target:
                    out.append(self.melds[m])
                    rest ^= m
                    break
            else:
                rest ^= low
        return tuple(out)


# ---------------------------------------------------------------------------------------------
# Wild swap: a natural card from hand takes the place of a wild on the table (rules note R7)


@attrs.frozen
class WildSwap:
    """One legal swap: the wild at `index` of the old meld leaves it as `freed`, and `meld` is
    the meld afterwards (the natural in the wild's place, designation unchanged). Whether the
    freed wild must be played this turn, and onto which melds, is the game's rule."""

    index: int
    meld: Meld
    freed: Card


@attrs.frozen
class TableWildSwap:
    """`WildSwap` on a `TableMeld`: the natural is credited to the seat that swaps it in."""

    index: int
    meld: TableMeld
    freed: Card


def swap_problem(meld: Meld, card: Card, rules: MeldRules) -> str | None:
    """Why `card` may not be swapped for a wild of `meld`, or None when some swap is legal.

    >>> rules = MeldRules(wild_ranks=frozenset({Rank.JOKER, Rank.TWO}), ace_mode=AceMode.EITHER)
    >>> run = make_meld(parse_cards("5S JK 7S"), rules)
    >>> swap_problem(run, Card.parse("6S"), rules) is None, swap_problem(run, Card.parse("6H"), rules)
    (True, '5S JK 7S: no wild card in it stands for 6H')
    """
    if card.is_hidden:
        return "a hidden card cannot be swapped"
    if rules.is_wild(card):
        return f"{card} is wild: only a natural card takes a wild's place"
    wilds = [c for c in meld.cards if rules.is_wild(c)]
    if not wilds:
        return f"{meld}: holds no wild card"
    if meld.kind is MeldKind.SET:
        if meld.rank is None:
            return f"{meld}: a set of wild cards only stands for no rank"
        if card.rank is not meld.rank:
            return f"{meld}: a set of {meld.rank.name.lower()}s takes no {card}"
        if rules.distinct_suits and any(c.suit is card.suit for c in meld.cards if not rules.is_wild(c)):
            return f"{meld}: the set already holds a card of {card}'s suit"
    elif not any(rules.is_wild(c) and s == card for c, s in zip(meld.cards, meld.stands_for())):
        return f"{meld}: no wild card in it stands for {card}"
    if not wild_swaps(meld, card, rules):
        return f"{meld}: the meld would break the wild-card limits"  # not reachable with R3 limits
    return None


def wild_swaps(meld: Meld, card: Card, rules: MeldRules) -> tuple[WildSwap, ...]:
    """Every legal swap of the natural `card` for a wild of `meld` (rules note R7), one per
    distinct wild that could leave (two jokers in one set give one swap, a joker and a two two).

    In a run only the wild standing for exactly `card` (its position and the run's suit) may
    leave; in a set any wild may, for a natural of the set's rank (and of a suit not yet in it
    when `rules.distinct_suits`). An all-wild set (no rank) stands for nothing and gives none.
    Which melds allow swaps (Push any, Desert runs only, Sticks others' sets only) is the
    game's filter over `meld.kind` and owner.

    >>> rules = MeldRules(wild_ranks=frozenset({Rank.JOKER, Rank.TWO}), set_max=8, distinct_suits=False)
    >>> [(s.index, str(s.meld), str(s.freed)) for s in wild_swaps(make_meld(parse_cards("QD QS 2C"), rules), Card.parse("QD"), rules)]
    [(2, 'QD QS QD', '2C')]
    """
    if card.is_hidden or rules.is_wild(card) or meld.kind is MeldKind.SET and meld.rank is None:
        return ()
    out: list[WildSwap] = []
    seen: set[Card] = set()
    if meld.kind is MeldKind.SET:
        if card.rank is not meld.rank:
            return ()
        if rules.distinct_suits and any(c.suit is card.suit for c in meld.cards if not rules.is_wild(c)):
            return ()
        places: Iterable[int] = (i for i, c in enumerate(meld.cards) if rules.is_wild(c))
    else:
        places = (i for i, (c, s) in enumerate(zip(meld.cards, meld.stands_for())) if rules.is_wild(c) and s == card)
    for i in places:
        wild = meld.cards[i]
        if wild in seen:
            continue
        seen.add(wild)
        cards = (*meld.cards[:i], card, *meld.cards[i + 1 :])
        naturals = sum(1 for c in cards if not rules.is_wild(c))
        if not rules.wilds_ok(naturals, len(cards) - naturals):
            continue
        out.append(WildSwap(i, attrs.evolve(meld, cards=cards), wild))
    return tuple(out)


def wild_swaps_credited(target: TableMeld, card: Card, seat: int, rules: MeldRules) -> tuple[TableWildSwap, ...]:
    """`wild_swaps` on a table meld: the natural is credited to `seat` in the freed wild's
    place, the owner and every other card's credit unchanged.

    >>> rules = MeldRules(wild_ranks=frozenset({Rank.JOKER}))
    >>> swap = wild_swaps_credited(table_meld(make_meld(parse_cards("5S JK 7S"), rules), 0), Card.parse("6S"), 2, rules)[0]
    >>> str(swap.meld), swap.meld.owner, swap.meld.credit, str(swap.freed)
    ('5S 6S 7S', 0, (0, 2, 0), 'JK')
    """
    return tuple(
        TableWildSwap(
            s.index,
            TableMeld(s.meld, target.owner, (*target.credit[: s.index], seat, *target.credit[s.index + 1 :])),
            s.freed,
        )
        for s in wild_swaps(target.meld, card, rules)
    )
