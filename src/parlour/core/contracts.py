"""Contracts: the melds a round (or a stick) requires, checked and searched (rules note R8).

Contract rummies ask a player to lay down so many sets and so many runs of given lengths before
anything else. A `Contract` is that requirement as data: a tuple of `Need` (one required meld:
kind, length, and optionally a rank, a suit or a fixed starting position), plus the few rules
that differ between games:

* `exact`: each contract meld has exactly its stated length (Desert, Sticks) instead of at
  least it (Push, 10 Dime);
* `extra_melds`: other melds may be laid in the same turn (Push, 10 Dime) or not (Desert,
  Sticks: nothing beyond the requirement);
* `same_suit_runs`: every run of the contract is in one suit (Desert's eighth contract);
* `distinct_set_ranks`: the contract's sets are of different ranks (a 10 Dime option);
* `runs_apart`: two runs of one suit may neither overlap nor adjoin (they could not be one run);
* `all_cards`: every card is melded but those kept back (Arizona's going out).

What is wild, how many wilds a meld may hold and where an ace stands are the game's
`MeldRules`, as everywhere in `core.melds`.

`contract_problem` checks proposed melds and says why they fall short; `find_contract` asks
whether a hand can meet a contract and returns one witness (the melds, in the contract's order).

>>> from parlour.core.melds import MeldRules, make_meld
>>> from parlour.core.cards import Rank, parse_cards
>>> rules = MeldRules(set_max=8, distinct_suits=False, wild_ranks=frozenset({Rank.JOKER, Rank.TWO}))
>>> contract = parse_contract("1 run of 4 and 1 set of 3")
>>> str(contract), len(contract.needs), contract.cards
('1 run of 4 and 1 set of 3', 2, 7)
>>> [str(m) for m in find_contract(parse_cards("5H 6H 8H JK KS KD 2C 9C"), contract, rules) or ()]
['5H 6H JK 8H', 'KD KS 2C']
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from parlour.core.cards import SUITS, Card, Rank, Suit, sorted_cards
from parlour.core.melds import AceMode, Meld, MeldKind, MeldRules, meld_readings, rank_at

__all__ = [
    "Contract",
    "Need",
    "contract_problem",
    "find_contract",
    "meets_contract",
    "parse_contract",
    "runs",
    "sets",
]


@attrs.frozen
class Need:
    """One meld a contract requires: its kind and length, and optionally the set's rank, the
    run's suit, or the run's first position `low` (1 is the low ace, 14 the high ace), so
    "the run 10-J-Q-K-A of clubs" is `Need(MeldKind.RUN, 5, suit=Suit.CLUBS, low=10)`."""

    kind: MeldKind
    length: int
    rank: Rank | None = None
    suit: Suit | None = None
    low: int | None = None

    def __attrs_post_init__(self) -> None:
        if not 1 <= self.length <= 13 and not (self.kind is MeldKind.SET and 1 <= self.length <= 104):
            raise ValueError(f"a contract meld needs a length of 1 to 13 (got {self.length})")
        if self.kind is MeldKind.SET and (self.suit is not None or self.low is not None):
            raise ValueError("a set in a contract names no suit or position")
        if self.kind is MeldKind.RUN and self.rank is not None:
            raise ValueError("a run in a contract names no rank (give its first position `low`)")
        if self.rank in (Rank.HIDDEN, Rank.JOKER):
            raise ValueError(f"no set of {self.rank.name.lower()}s")
        if self.low is not None and not 1 <= self.low <= 14:
            raise ValueError(f"a run starts at position 1 to 14 (got {self.low})")

    def __str__(self) -> str:
        if self.kind is MeldKind.SET:
            what = f"set of {self.length}"
            return what if self.rank is None else f"{what} {_RANK_WORDS[self.rank]}"
        what = f"run of {self.length}"
        if self.suit is not None:
            what += f" in {_SUIT_WORDS[self.suit]}"
        if self.low is not None:
            what += f" from {rank_at(self.low).symbol}"
        return what


def sets(count: int, length: int, *, rank: Rank | None = None) -> tuple[Need, ...]:
    """`count` needs of a set of `length` (of `rank` if given)."""
    return (Need(MeldKind.SET, length, rank=rank),) * count


def runs(count: int, length: int, *, suit: Suit | None = None, low: int | None = None) -> tuple[Need, ...]:
    """`count` needs of a run of `length` (in `suit`, from position `low`, if given)."""
    return (Need(MeldKind.RUN, length, suit=suit, low=low),) * count


@attrs.frozen(kw_only=True)
class Contract:
    """What a round's (or a stick's) initial meld must contain; see the module docstring.

    >>> str(Contract(needs=runs(2, 4), same_suit_runs=True, exact=True))
    '2 runs of 4 in same suit'
    >>> str(Contract(needs=(), all_cards=True))
    'all cards'
    """

    needs: tuple[Need, ...]
    exact: bool = False
    """Each contract meld has exactly its stated length (Desert, Sticks), not at least it."""
    extra_melds: bool = True
    """Other melds may go down in the same turn (Push, 10 Dime); False: only the contract."""
    same_suit_runs: bool = False
    """All the contract's runs are of one suit (Desert's "2 runs of 4 in same suit")."""
    distinct_set_ranks: bool = False
    """The contract's sets are of different ranks (by default two sets may share a rank)."""
    runs_apart: bool = False
    """Two contract runs of one suit may neither overlap nor adjoin."""
    all_cards: bool = False
    """Every card is melded except those kept back (Arizona: all but the discard)."""

    @property
    def cards(self) -> int:
        """The fewest cards the contract's melds hold (the stated lengths summed)."""
        return sum(n.length for n in self.needs)

    def __str__(self) -> str:
        groups: list[tuple[Need, int]] = []
        for need in self.needs:
            if groups and groups[-1][0] == need:
                groups[-1] = (need, groups[-1][1] + 1)
            else:
                groups.append((need, 1))
        parts = []
        for need, count in groups:
            text = str(need)
            if count > 1:
                text = text.replace("set of", "sets of", 1).replace("run of", "runs of", 1)
            parts.append(f"{count} {text}")
        text = " and ".join(parts) or ("all cards" if self.all_cards else "nothing")
        if self.needs and self.all_cards:
            text += " and all cards"
        if self.same_suit_runs:
            text += " in same suit"
        return text


_SUIT_WORDS: Final = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}
_RANK_WORDS: Final = {
    Rank.ACE: "aces",
    Rank.TWO: "twos",
    Rank.THREE: "threes",
    Rank.FOUR: "fours",
    Rank.FIVE: "fives",
    Rank.SIX: "sixes",
    Rank.SEVEN: "sevens",
    Rank.EIGHT: "eights",
    Rank.NINE: "nines",
    Rank.TEN: "tens",
    Rank.JACK: "jacks",
    Rank.QUEEN: "queens",
    Rank.KING: "kings",
}
_PART: Final = re.compile(
    r"(\d+) (set|run)s? of (\d+)(?: (\w+))?(?: in (clubs|diamonds|hearts|spades))?(?: from (\w+))?"
)


def parse_contract(text: str, *, exact: bool = False, extra_melds: bool = True) -> Contract:
    """A contract from its text form: parts joined by "and", "+" or ","; each part
    "<n> sets of <len>[ <rank>s]" or "<n> runs of <len>[ in <suit>][ from <rank>]";
    a final "in same suit" joins the runs; "all cards" asks for every card.
    `str(parse_contract(t))` gives the canonical text back.

    >>> str(parse_contract("2 runs of 4 in spades + 1 set of 3 aces"))
    '2 runs of 4 in spades and 1 set of 3 aces'
    >>> parse_contract("1 run of 5 in clubs from 10").needs[0].low
    10
    """
    body = " ".join(text.lower().split())
    same_suit = body.endswith(" in same suit")
    if same_suit:
        body = body[: -len(" in same suit")]
    all_cards = False
    needs: list[Need] = []
    for part in re.split(r"\s*(?:\band\b|\+|,)\s*", body):
        if part == "all cards":
            all_cards = True
            continue
        found = _PART.fullmatch(part)
        if found is None:
            raise ValueError(f"not a contract part: {part!r} (try '2 sets of 3' or '1 run of 4 in hearts')")
        count, kind, length, word, suit_word, start = found.groups()
        if kind == "set":
            if suit_word or start:
                raise ValueError(f"a set names no suit or start: {part!r}")
            rank = None
            if word is not None:
                rank = next((r for r, w in _RANK_WORDS.items() if w == word), None)
                if rank is None:
                    raise ValueError(f"not a rank: {word!r}")
            needs.extend(sets(int(count), int(length), rank=rank))
        else:
            if word is not None:
                raise ValueError(f"not a contract part: {part!r}")
            suit = None if suit_word is None else next(s for s, w in _SUIT_WORDS.items() if w == suit_word)
            low = None
            if start is not None:
                low = _position(start)
            needs.extend(runs(int(count), int(length), suit=suit, low=low))
    return Contract(
        needs=tuple(needs), exact=exact, extra_melds=extra_melds, same_suit_runs=same_suit, all_cards=all_cards
    )


def _position(word: str) -> int:
    table = {"a": 1, "j": 11, "q": 12, "k": 13}
    if word in table:
        return table[word]
    if word.isdigit() and 2 <= int(word) <= 10:
        return int(word)
    raise ValueError(f"a run starts at a rank (a, 2..10, j, q, k), not {word!r}")


# ---------------------------------------------------------------------------------------------
# Checking proposed melds


def _valid(meld: Meld, rules: MeldRules) -> bool:
    """The meld is valid under `rules` with its own designation (an all-wild run too)."""
    if meld.kind is MeldKind.SET:
        return any(
            r.kind is MeldKind.SET and r.rank is meld.rank and Counter(r.cards) == Counter(meld.cards)
            for r in meld_readings(meld.cards, rules)
        )
    if meld.suit is None or not rules.runs or not rules.run_min <= len(meld.cards) <= rules.run_max:
        return False
    positions = rules.positions()
    if meld.low < positions.start or meld.high >= positions.stop:
        return False
    if rules.ace_mode is AceMode.AROUND and meld.low > 13:
        return False
    wilds = 0
    for card, wanted in zip(meld.cards, meld.stands_for()):
        if card.is_hidden:
            return False
        if rules.is_wild(card):
            wilds += 1
        elif card != wanted:
            return False
    return rules.wilds_ok(len(meld.cards) - wilds, wilds)


def _fits(meld: Meld, need: Need, exact: bool) -> bool:
    if meld.kind is not need.kind:
        return False
    size = len(meld.cards)
    if size != need.length if exact else size < need.length:
        return False
    if need.rank is not None and meld.rank is not need.rank:
        return False
    if need.suit is not None and meld.suit is not need.suit:
        return False
    return need.low is None or meld.low == need.low


def _together_ok(chosen: Sequence[Meld], contract: Contract) -> bool:
    """The cross-meld rules of the contract over the melds matched to its needs."""
    run_melds = [m for m in chosen if m.kind is MeldKind.RUN]
    if contract.same_suit_runs and len({m.suit for m in run_melds}) > 1:
        return False
    if contract.distinct_set_ranks:
        ranks = [m.rank for m in chosen if m.kind is MeldKind.SET]
        if len(set(ranks)) < len(ranks):
            return False
    if contract.runs_apart:
        for a, b in itertools.combinations(run_melds, 2):
            if a.suit is b.suit and not (a.high + 1 < b.low or b.high + 1 < a.low):
                return False
    return True


def _match(melds: Sequence[Meld], contract: Contract, exact: bool, together: bool) -> bool:
    needs = contract.needs

    def walk(i: int, used: tuple[int, ...]) -> bool:
        if i == len(needs):
            return not together or _together_ok([melds[j] for j in used], contract)
        return any(
            j not in used and _fits(melds[j], needs[i], exact) and walk(i + 1, (*used, j)) for j in range(len(melds))
        )

    return walk(0, ())


def contract_problem(
    melds: Sequence[Meld], contract: Contract, rules: MeldRules, *, left: int = 0, keep: int = 0
) -> str | None:
    """Why `melds`, laid in one turn, do not meet `contract`, or None when they do.

    Each meld must be valid under `rules` with its designation; the contract's needs are
    matched one to one with distinct melds; other melds are allowed only when
    `contract.extra_melds`. `left` is the number of cards the player would still hold and
    `keep` how many must stay (1 where going out needs a discard): with `contract.all_cards`
    exactly `keep` may stay, otherwise at least `keep`.

    >>> from parlour.core.melds import MeldRules, make_meld
    >>> from parlour.core.cards import Rank, parse_cards
    >>> rules = MeldRules(set_max=8, distinct_suits=False, wild_ranks=frozenset({Rank.JOKER, Rank.TWO}))
    >>> melds = [make_meld(parse_cards(t), rules) for t in ("5H 6H 7H", "KS KD KC")]
    >>> contract_problem(melds, parse_contract("1 run of 4 and 1 set of 3"), rules)
    'a run is too short: the contract asks for 1 run of 4 and 1 set of 3'
    """
    if any(c.is_hidden for m in melds for c in m.cards):
        return "hidden cards cannot be melded"
    for meld in melds:
        if not _valid(meld, rules):
            return f"{meld}: not a valid {meld.kind.name.lower()} as designated"
    if left < keep:
        return f"must keep {keep} card{'s' if keep > 1 else ''} back (a discard)"
    if contract.all_cards and left != keep:
        return f"every card must be melded{f' but {keep}' if keep else ''}: {left} left"
    want = len(contract.needs)
    if not contract.extra_melds and len(melds) != want:
        return f"lay exactly the contract ({contract}): {want} meld{'s' if want != 1 else ''}, not {len(melds)}"
    if _match(melds, contract, contract.exact, True):
        return None
    for kind in MeldKind:
        need = sum(1 for n in contract.needs if n.kind is kind)
        have = sum(1 for m in melds if m.kind is kind)
        if have < need:
            word = kind.name.lower()
            return f"the contract asks for {need} {word}{'s' if need > 1 else ''}, got {have}"
    loose = attrs.evolve(contract, needs=tuple(attrs.evolve(n, length=1) for n in contract.needs))
    if _match(melds, loose, False, True):
        if contract.exact:
            return f"contract melds must be exactly the stated lengths: {contract}"
        for kind in (MeldKind.RUN, MeldKind.SET):
            alone = attrs.evolve(contract, needs=tuple(n for n in contract.needs if n.kind is kind))
            if not _match(melds, alone, False, False):
                return f"a {kind.name.lower()} is too short: the contract asks for {contract}"
    if _match(melds, contract, contract.exact, False):
        if contract.same_suit_runs:
            return f"the contract's runs must all be of one suit: {contract}"
        if contract.distinct_set_ranks:
            return f"the contract's sets must be of different ranks: {contract}"
        return f"the contract's runs of one suit may not overlap or adjoin: {contract}"
    return f"the melds do not meet the contract: {contract}"


def meets_contract(
    melds: Sequence[Meld], contract: Contract, rules: MeldRules, *, left: int = 0, keep: int = 0
) -> bool:
    """True if `contract_problem` finds nothing wrong."""
    return contract_problem(melds, contract, rules, left=left, keep=keep) is None


# ---------------------------------------------------------------------------------------------
# Searching a hand for the contract

class _Finder:
    """Backtracking over the contract's needs, most constrained first, on natural-card counts
    and a count of wilds (wilds are fungible for feasibility; the witness takes real ones).
    Dead ends are memoised on (need, counts left, wilds left, cross-meld facts)."""

    def __init__(self, hand: Sequence[Card], contract: Contract, rules: MeldRules, room: int, keep: int = 0) -> None:
        self.keep = keep
        self.rows: dict[tuple[Suit, int, int], tuple[Card, ...]] = {}
        self.uncovered: set[tuple[object, ...]] = set()
        self.contract = contract
        self.rules = rules
        self.room = room
        self.wild_cards = sorted_cards(c for c in hand if rules.is_wild(c))
        self.naturals = Counter(c for c in hand if not rules.is_wild(c) and c.suit is not None)
        self.stray = sorted_cards(c for c in hand if not rules.is_wild(c) and c.suit is None)  # unwild jokers
        order = sorted(
            range(len(contract.needs)),
            key=lambda i: (
                contract.needs[i].kind is not MeldKind.RUN,
                contract.needs[i].low is None,
                contract.needs[i].suit is None and contract.needs[i].rank is None,
                -contract.needs[i].length,
                i,
            ),
        )
        self.order = tuple(order)
        self.dead: set[tuple[object, ...]] = set()

    def sizes(self, need: Need, least: int, most: int) -> range:
        if self.contract.exact:
            return range(need.length, need.length + 1) if least <= need.length <= most else range(0)
        first = max(need.length, least)
        return range(first, (most if self.contract.all_cards else first) + 1)

    def candidates(
        self, need: Need, counts: Counter[Card], wilds: int, suit_lock: Suit | None, span: bool = False
    ) -> Iterator[tuple[Meld, int]]:
        """(the meld's natural cards with its designation, the wilds it needs), by rank or by
        suit, length and start; `span`: every length the rules allow, not only the need's."""
        rules = self.rules
        if need.kind is MeldKind.SET:
            ranks = [need.rank] if need.rank is not None else sorted({c.rank for c in counts if counts[c]})
            for rank in ranks:
                if rules.set_ranks is not None and rank not in rules.set_ranks:
                    continue
                pool = sorted_cards(c for c in counts if c.rank is rank and counts[c])
                if rules.distinct_suits:
                    choices = pool
                else:
                    choices = tuple(c for c in pool for _ in range(counts[c]))
                for size in range(rules.set_min, rules.set_max + 1) if span else self.sizes(need, rules.set_min, rules.set_max):
                    if size > len(choices) + wilds:
                        break
                    for n in range(min(size, len(choices)), 0, -1):
                        w = size - n
                        if w > wilds or not rules.wilds_ok(n, w):
                            continue
                        for pick in sorted(set(itertools.combinations(choices, n)), key=lambda p: [c.sort_key for c in p]):
                            yield Meld(MeldKind.SET, pick, rank=rank), w
            if need.rank is None and rules.allow_all_wild:
                for size in self.sizes(need, rules.set_min, rules.set_max):
                    if size <= wilds and rules.wilds_ok(0, size):
                        yield Meld(MeldKind.SET, ()), size
            return
        if not rules.runs:
            return
        positions = rules.positions()
        blank: set[tuple[Suit, int]] = set()
        deferred: list[tuple[Meld, int]] = []
        suits = [need.suit] if need.suit is not None else [suit_lock] if suit_lock is not None else list(SUITS)
        for suit in suits:
            if need.suit is not None and suit_lock is not None and suit is not suit_lock:
                continue
            assert suit is not None
            last_low = 13 if rules.ace_mode is AceMode.AROUND else positions.stop - 1
            lows = [need.low] if need.low is not None else list(range(positions.start, last_low + 1))
            for size in range(rules.run_min, rules.run_max + 1) if span else self.sizes(need, rules.run_min, rules.run_max):
                for low in lows:
                    if low < positions.start or low > last_low or low + size > positions.stop:
                        continue
                    row = self.row(suit, low, size)
                    present = [i for i, card in enumerate(row) if card in counts and counts[card]]
                    missing = size - len(present)
                    if missing > wilds or not present and (not rules.allow_all_wild or (suit, size) in blank):
                        continue
                    if not present:  # all-wild runs differ only in their place: one per suit, last
                        blank.add((suit, size))
                        if rules.wilds_ok(0, size):
                            deferred.append((Meld(MeldKind.RUN, (), suit=suit, low=low), size))
                        continue
                    for extra in range(0, min(wilds - missing, len(present)) + 1):
                        w = missing + extra
                        if not rules.wilds_ok(size - w, w):
                            continue
                        for swapped in itertools.combinations(present, extra):
                            cards = tuple(
                                card if i in present and i not in swapped else None for i, card in enumerate(row)
                            )
                            yield Meld(MeldKind.RUN, tuple(c for c in cards if c is not None), suit=suit, low=low), w
        yield from deferred

    def row(self, suit: Suit, low: int, size: int) -> tuple[Card, ...]:
        """The natural cards of a run window (cached: making cards is the search's main cost)."""
        key = (suit, low, size)
        found = self.rows.get(key)
        if found is None:
            found = self.rows[key] = tuple(Card(rank_at(p), suit) for p in range(low, low + size))
        return found

    def solve(self) -> tuple[Meld, ...] | None:
        found = self.walk(0, self.naturals, len(self.wild_cards), None, (), self.room)
        if found is None:
            return None
        # put real wild cards into the placeholders, in the contract's order
        spare = list(self.wild_cards)
        out: list[Meld | None] = [None] * len(self.order)
        for slot, (meld, w) in zip(self.order, found):
            out[slot] = self.fill(meld, [spare.pop() for _ in range(w)])
        rest = [self.fill(meld, [spare.pop() for _ in range(w)]) for meld, w in found[len(self.order) :]]
        return (*(m for m in out if m is not None), *rest)

    def fill(self, meld: Meld, wilds: list[Card]) -> Meld:
        if meld.kind is MeldKind.SET:
            return Meld(MeldKind.SET, sorted_cards(meld.cards) + sorted_cards(wilds), rank=meld.rank)
        assert meld.suit is not None
        naturals = set(meld.cards)
        fill = iter(sorted_cards(wilds))
        row = []
        for p in range(meld.low, meld.low + len(meld.cards) + len(wilds)):
            wanted = Card(rank_at(p), meld.suit)
            row.append(wanted if wanted in naturals else next(fill))
        return Meld(MeldKind.RUN, tuple(row), suit=meld.suit, low=meld.low)

    def walk(
        self,
        depth: int,
        counts: Counter[Card],
        wilds: int,
        suit_lock: Suit | None,
        chosen: tuple[tuple[Meld, int], ...],
        room: int,
    ) -> tuple[tuple[Meld, int], ...] | None:
        contract = self.contract
        if depth == len(self.order):
            if not contract.all_cards:
                return chosen
            others = self.cover(counts, wilds, self.keep)
            return None if others is None else (*chosen, *others)
        need = contract.needs[self.order[depth]]
        later = sum(contract.needs[i].length for i in self.order[depth + 1 :])
        key = (
            depth,
            tuple(sorted((c.index, n) for c, n in counts.items() if n)),
            wilds,
            suit_lock,
            tuple(sorted(m.rank for m, _ in chosen if m.kind is MeldKind.SET and m.rank is not None))
            if contract.distinct_set_ranks
            else (),
            tuple((m.suit, m.low, m.high + w) for m, w in chosen if m.kind is MeldKind.RUN) if contract.runs_apart else (),
        )
        if key in self.dead:
            return None
        for meld, w in sorted(self.candidates(need, counts, wilds, suit_lock), key=_wilds_used):
            size = len(meld.cards) + w
            if size + later > room:
                continue
            probe = attrs.evolve(meld, cards=meld.cards + (Card(Rank.JOKER),) * w) if meld.kind is MeldKind.RUN else meld
            if not _together_ok([*(self.widen(m, x) for m, x in chosen), probe], contract):
                continue
            if any(counts[c] < n for c, n in Counter(meld.cards).items()):
                continue
            rest = counts - Counter(meld.cards)
            lock = meld.suit if contract.same_suit_runs and meld.kind is MeldKind.RUN else suit_lock
            found = self.walk(depth + 1, rest, wilds - w, lock, (*chosen, (meld, w)), room - size)
            if found is not None:
                return found
        self.dead.add(key)
        return None

    @staticmethod
    def widen(meld: Meld, w: int) -> Meld:
        if meld.kind is MeldKind.RUN:
            return attrs.evolve(meld, cards=meld.cards + (Card(Rank.JOKER),) * w)
        return meld

    def cover(self, counts: Counter[Card], wilds: int, keep: int) -> tuple[tuple[Meld, int], ...] | None:
        """Melds that use every card left but exactly `keep` of them (`all_cards`), or None.

        The lowest natural left is either in a meld (a set of its rank or a run through it,
        any length) or kept back; wilds left at the end are kept or form all-wild sets."""
        if self.stray:
            return None
        key = (tuple(sorted((c.index, n) for c, n in counts.items() if n)), wilds, keep)
        if key in self.uncovered:
            return None
        rules = self.rules
        naturals = sorted_cards(c for c in counts if counts[c])
        if not naturals:
            if wilds == keep:
                return ()
            if rules.allow_all_wild:
                for size in range(rules.set_min, min(rules.set_max, wilds - keep) + 1):
                    if rules.wilds_ok(0, size):
                        found = self.cover(counts, wilds - size, keep)
                        if found is not None:
                            return ((Meld(MeldKind.SET, ()), size), *found)
            self.uncovered.add(key)
            return None
        first = naturals[0]
        assert first.suit is not None
        needs = (Need(MeldKind.SET, rules.set_min, rank=first.rank), Need(MeldKind.RUN, rules.run_min, suit=first.suit))
        for need in needs:
            for meld, w in self.candidates(need, counts, wilds, None, span=True):
                if first not in meld.cards:
                    continue
                found = self.cover(counts - Counter(meld.cards), wilds - w, keep)
                if found is not None:
                    return ((meld, w), *found)
        if keep:
            found = self.cover(counts - Counter((first,)), wilds, keep - 1)
            if found is not None:
                return found
        self.uncovered.add(key)
        return None


def _wilds_used(candidate: tuple[Meld, int]) -> int:
    return candidate[1]


def find_contract(
    hand: Sequence[Card], contract: Contract, rules: MeldRules, *, keep: int = 0
) -> tuple[Meld, ...] | None:
    """One way `hand` meets `contract` under `rules`: the melds in the order of
    `contract.needs` (with `all_cards`, followed by the melds the other cards split into),
    or None when the hand cannot meet it.

    At least `keep` cards stay in hand (exactly `keep` with `contract.all_cards`; a game that
    needs a discard to go out passes 1). Melds are as short as the contract allows (extra
    cards can be laid off or melded later); each need tries the melds using fewest wilds
    first (then lower ranks, suits in bridge order, lower starts), and the wilds put in are
    taken from the end of the hand's display order (jokers first). The witness is
    deterministic.

    Bounds: a depth-first search over the needs (runs and fixed needs first), each level
    trying every rank, or every suit and start, with naturals replaced by wilds only while
    wilds last; dead ends are memoised on the cards left. With `all_cards` the cards left
    are covered lowest natural first (a set of its rank, a run through it, or kept back),
    memoised the same way. Measured on 16-card hands from three packs (Desert's eleven
    contracts and Sticks-like ones up to 4 melds): a few ms on average; the worst case seen
    is a hand with 5 wilds that cannot make "4 runs of 3" (about 0.2 s). Arizona's 14-card
    going out: tens of ms on average, under 0.4 s with 6 wilds.

    >>> from parlour.core.melds import MeldRules
    >>> from parlour.core.cards import Rank, parse_cards
    >>> rules = MeldRules(set_max=8, distinct_suits=False, wild_ranks=frozenset({Rank.JOKER, Rank.TWO}))
    >>> [str(m) for m in find_contract(parse_cards("7C 7D 7S QH QS 2C 9D"), parse_contract("2 sets of 3"), rules) or ()]
    ['7C 7D 7S', 'QH QS 2C']
    >>> find_contract(parse_cards("7C 7D 7S QH 9S 2C 9D"), parse_contract("3 sets of 3"), rules) is None
    True
    """
    if any(c.is_hidden for c in hand):
        raise ValueError("cannot search hidden cards for a contract")
    if keep < 0:
        raise ValueError("keep may not be negative")
    if len(hand) - keep < contract.cards:
        return None
    return _Finder(hand, contract, rules, len(hand) - keep, keep).solve()
