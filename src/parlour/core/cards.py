"""Playing cards: suits, ranks, jokers, packs and the short text notation.

A `Card` is a small immutable value. Two cards of the same rank and suit are equal, also when
they come from different packs of a shoe; a shoe is a multiset, and conservation checks compare
multisets (`collections.Counter`). Cards carry no game-specific order: every game passes an
explicit `RankOrder` to whatever needs rank strength (ace high, ace low, 2 high, bowers).

The notation is the usual two- or three-character form: rank then suit, "AS", "10H" (also read
as "TH"), "2c"; "JK" is a joker and "??" a card whose face is hidden (it appears only in views).

>>> Card.parse("10h")
Card(rank=Rank.TEN, suit=Suit.HEARTS)
>>> str(Card.parse("TH")), str(JOKER)
('10H', 'JK')
>>> len(standard_pack()), len(standard_pack(packs=2, jokers=2))
(52, 108)
"""

from __future__ import annotations

import enum
import operator
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, TypeVar

import attrs

T = TypeVar("T")

__all__ = [
    "ACE_HIGH",
    "CARD_INDICES",
    "ACE_LOW",
    "HIDDEN",
    "JOKER",
    "SORT_KEYS",
    "SUITS",
    "Card",
    "Rank",
    "RankOrder",
    "Suit",
    "card_from_text",
    "card_points",
    "insert_by_key",
    "cards_text",
    "card_counts",
    "check_conservation",
    "check_counts",
    "interned",
    "parse_cards",
    "seat_card_table",
    "sorted_cards",
    "standard_pack",
    "stripped_pack",
    "without",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest); the order only sorts hands for display."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    def __str__(self) -> str:
        return _SUIT_LETTERS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Reads a suit letter ("S", "h") or name ("spades")."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.name, suit.name[:-1]):
                return suit
        raise ValueError(f"not a suit: {text!r} (use C, D, H or S)")


class Rank(enum.IntEnum):
    """Card ranks. The numbers are identities (2..10 are the pips), not strengths."""

    HIDDEN = 0
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    JOKER = 14

    @property
    def symbol(self) -> str:
        return _RANK_SYMBOLS[self]

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self]


SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_SUIT_LETTERS: Final = {Suit.CLUBS: "C", Suit.DIAMONDS: "D", Suit.HEARTS: "H", Suit.SPADES: "S"}
_RANK_SYMBOLS: Final = {
    Rank.HIDDEN: "?",
    Rank.ACE: "A",
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.JOKER: "JK",
}
NATURAL_RANKS: Final = tuple(Rank(r) for r in range(1, 14))


@attrs.frozen(cache_hash=True, repr=False)
class Card:
    """One card. `suit` is None exactly for jokers and hidden cards."""

    rank: Rank
    suit: Suit | None = None
    index: int = attrs.field(init=False, eq=False, hash=False, repr=False)
    """A small number unique to the card's value (below `CARD_INDICES`), for hot paths that keep
    per-card tables as tuples: `table[card.index]` is a slot read and a tuple index."""

    def __attrs_post_init__(self) -> None:
        suit = 0 if self.suit is None else int(self.suit) + 1
        object.__setattr__(self, "index", suit * 16 + int(self.rank))

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        if self.suit is None:
            return f"Card(rank=Rank.{self.rank.name})"
        return f"Card(rank=Rank.{self.rank.name}, suit=Suit.{self.suit.name})"

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def is_hidden(self) -> bool:
        return self.rank is Rank.HIDDEN

    @property
    def sort_key(self) -> int:
        """Suit-major key that groups a hand by suit, ace high within a suit; jokers last."""
        return _SORT_KEY[self]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Reads "AS", "10H", "TH", "2c" or "JK"; raises ValueError naming the bad text."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r} (write rank then suit as text, e.g. AS, 10H, TH, JK)")
        card = _PARSE.get(text.strip().upper())
        if card is None or card.is_hidden:
            raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. AS, 10H, TH, JK)")
        return card


def _make_tables() -> tuple[dict[Card, str], dict[str, Card], dict[Card, int]]:
    text: dict[Card, str] = {}
    parse: dict[str, Card] = {}
    keys: dict[Card, int] = {}
    for suit in SUITS:
        for rank in NATURAL_RANKS:
            card = Card(rank, suit)
            text[card] = f"{rank.symbol}{suit.letter}"
            parse[text[card]] = card
            if rank is Rank.TEN:
                parse[f"T{suit.letter}"] = card
            high = 14 if rank is Rank.ACE else int(rank)
            keys[card] = int(suit) * 16 + high
    joker, hidden = Card(Rank.JOKER), Card(Rank.HIDDEN)
    text[joker], text[hidden] = "JK", "??"
    parse["JK"], parse["??"] = joker, hidden
    parse["JOKER"] = joker
    keys[joker], keys[hidden] = 100, 101
    return text, parse, keys


_TEXT, _PARSE, _SORT_KEY = _make_tables()
_INTERNED: Final = {card: card for card in _PARSE.values()}
_BY_INDEX: Final = {card.index: card for card in _PARSE.values()}
"""The card of each `Card.index`."""
_ONE_PACK: Final = tuple(_BY_INDEX[(int(suit) + 1) * 16 + int(rank)] for suit in SUITS for rank in NATURAL_RANKS)
"""One 52-card pack in new-pack order (clubs to spades, ace to king), of the interned cards."""
CARD_INDICES: Final = 80
"""Every `Card.index` is below this (16 rank numbers by no suit and four suits)."""
SORT_KEYS: Final = tuple(_SORT_KEY[_BY_INDEX[i]] if i in _BY_INDEX else -1 for i in range(CARD_INDICES))
"""`SORT_KEYS[card.index]` is `card.sort_key` (-1 where no card has the index): the display
order as a tuple read, for hot paths that keep hands sorted (reading `sort_key` or keying a dict
by `Card` runs Python-level code for every card)."""
JOKER: Final = _PARSE["JK"]
HIDDEN: Final = _PARSE["??"]
"""The placeholder a view shows for a card whose face the viewer may not see."""


def card_from_text(text: str) -> Card:
    """Like `Card.parse` but also accepts "??" (used when reading views back from JSON)."""
    card = _PARSE.get(text.strip().upper())
    if card is None:
        raise ValueError(f"not a card: {text!r}")
    return card


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Reads cards from "AS 10H 2c" or from an iterable of strings and `Card`s."""
    items: Iterable[str | Card] = text.replace(",", " ").split() if isinstance(text, str) else text
    return tuple(interned(item) if isinstance(item, Card) else Card.parse(item) for item in items)


def interned(card: Card) -> Card:
    """The one shared object for this card's value (parsing and packs always return these).

    Games may then look cards up by identity on their hot paths.
    """
    return _INTERNED[card]


def cards_text(cards: Iterable[Card]) -> str:
    """The cards as space-separated notation, in the order given."""
    return " ".join(_TEXT[c] for c in cards)


def seat_card_table(make: Callable[[int, Card], T], seats: int, pack: Iterable[Card]) -> tuple[tuple[T, ...], ...]:
    """`table[seat][card.index]`: `make(seat, card)` prebuilt for every seat and card of `pack`.

    The hot-path trick of the trick games: a move (or event) for a seat and a card is built once
    at import, and `legal_moves` then hands out the same objects by a slot read and two tuple
    indexes. Indices of cards outside `pack` hold `make(seat, HIDDEN)`, which no state reaches.

    >>> table = seat_card_table(lambda seat, card: f"{seat}: play {card}", 2, standard_pack())
    >>> table[1][Card.parse("QS").index]
    '1: play QS'
    """
    cards = tuple(dict.fromkeys(pack))
    rows = []
    for seat in range(seats):
        row = [make(seat, HIDDEN)] * CARD_INDICES
        for card in cards:
            row[card.index] = make(seat, card)
        rows.append(tuple(row))
    return tuple(rows)


def insert_by_key(cards: tuple[Card, ...], card: Card, keys: Sequence[int]) -> tuple[Card, ...]:
    """`cards` (ordered by `keys[card.index]`) with `card` put in its place, after equal keys.

    `keys` is a per-index table such as `SORT_KEYS`; the place is found by bisection over it
    (the `bisect` module would call a Python-level key function on every card it compares).

    >>> cards_text(insert_by_key(parse_cards("2C 4C KS"), Card.parse("3C"), SORT_KEYS))
    '2C 3C 4C KS'
    """
    k = keys[card.index]
    low = 0
    high = len(cards)
    while low < high:
        mid = (low + high) >> 1
        if keys[cards[mid].index] > k:
            high = mid
        else:
            low = mid + 1
    return (*cards[:low], card, *cards[low:])


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`cards` less one copy of `card`, the others in their order (a hand after a play).

    Cards dealt from a pack are the pack's own interned objects, so the copy is found by
    identity first, which is the cheap path; an equal card that is another object (read from
    JSON, say) is found by value. A card not in `cards` raises ValueError.

    >>> cards_text(without(parse_cards("2C 7H 7H KS"), Card.parse("7H")))
    '2C 7H KS'
    """
    rest = tuple([c for c in cards if c is not card])
    if len(rest) == len(cards) - 1:
        return rest
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards in display order: by suit, then ace-high rank, jokers and hidden cards last.

    Equal cards keep their order. (Keyed by a dict of `Card`s: on a hand this measures
    cheaper than sorting integers made from `SORT_KEYS`.)
    """
    return tuple(sorted(cards, key=_SORT_KEY.__getitem__))


def standard_pack(*, packs: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """`packs` 52-card packs with `jokers` jokers per pack, in a fixed new-pack order."""
    if packs < 1 or jokers < 0:
        raise ValueError(f"a pack needs packs >= 1 and jokers >= 0 (got {packs}, {jokers})")
    return (_ONE_PACK + (JOKER,) * jokers) * packs


def stripped_pack(ranks: Iterable[Rank], *, packs: int = 1) -> tuple[Card, ...]:
    """A pack holding only the given ranks in every suit (e.g. Euchre's 9..A)."""
    keep = tuple(ranks)
    return tuple(_BY_INDEX[(int(suit) + 1) * 16 + int(rank)] for suit in SUITS for rank in keep) * packs


_index_of: Final = operator.attrgetter("index")
_PACK_COUNTS: Final[dict[int, tuple[Sequence[Card], Counter[int]]]] = {}
"""Each pack's cards counted by `Card.index`, by the pack's identity. The entry holds the pack
itself, so the identity cannot be reused by another object while the entry lives."""


def _pack_counts(pack: Sequence[Card]) -> Counter[int]:
    entry = _PACK_COUNTS.get(id(pack))
    if entry is not None and entry[0] is pack:
        return entry[1]
    counts = Counter(map(_index_of, pack))
    if len(_PACK_COUNTS) < 256:
        _PACK_COUNTS[id(pack)] = (pack, counts)
    return counts


def card_counts(cards: Iterable[Card]) -> Counter[int]:
    """How many of each card, by `Card.index` (counting by index hashes small ints, not cards)."""
    return Counter(map(_index_of, cards))


def check_conservation(where: str, cards: Iterable[Card], pack: Sequence[Card]) -> None:
    """Raises ValueError unless `cards` is the multiset `pack`; hidden cards match anything.

    Used by every card game's invariant check, and so by JSON decoding of untrusted states
    and views. Cards are counted by `Card.index` (a number unique to the card's value).
    """
    check_counts(where, card_counts(cards), pack)


def check_counts(where: str, seen: Counter[int], pack: Sequence[Card]) -> None:
    """`check_conservation` for cards already counted by `card_counts`."""
    expected = _pack_counts(pack)
    # Fast path (every ply of every playout runs this): dict equality is C-level, Counter's is not.
    if HIDDEN.index not in seen and dict.__eq__(seen, expected):
        return
    seen = Counter(seen)
    hidden = seen.pop(HIDDEN.index, 0)
    extra = seen - expected
    if extra:
        named = (_BY_INDEX[i] for i in extra.elements())
        raise ValueError(f"{where}: cards not in the pack or duplicated: {cards_text(named)}")
    missing = sum((expected - seen).values())
    if missing != hidden:
        raise ValueError(f"{where}: {missing} cards of the pack are missing, {hidden} hidden")


@attrs.frozen
class RankOrder:
    """A strength order over ranks, lowest first; games pass one to trick and beat helpers.

    >>> ACE_HIGH.beats(Rank.ACE, Rank.KING), ACE_LOW.beats(Rank.ACE, Rank.KING)
    (True, False)
    """

    ranks: tuple[Rank, ...]
    _power: dict[Rank, int] = attrs.field(init=False, eq=False, repr=False, hash=False)
    powers: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False, hash=False)
    """The strengths as a tuple indexed by rank number (-1 for a rank outside the order), for
    hot paths that read a strength per card."""

    def __attrs_post_init__(self) -> None:
        if len(set(self.ranks)) != len(self.ranks):
            raise ValueError("a rank order may not list a rank twice")
        power = {rank: i for i, rank in enumerate(self.ranks)}
        object.__setattr__(self, "_power", power)
        object.__setattr__(self, "powers", tuple(power.get(r, -1) for r in Rank))

    def power(self, rank: Rank) -> int:
        """The rank's strength (0 is the weakest); raises KeyError for a rank not in the order."""
        return self._power[rank]

    def beats(self, rank: Rank, other: Rank) -> bool:
        return self._power[rank] > self._power[other]

    def __contains__(self, rank: object) -> bool:
        return rank in self._power


ACE_HIGH: Final = RankOrder(tuple(Rank(r) for r in range(2, 14)) + (Rank.ACE,))
ACE_LOW: Final = RankOrder(NATURAL_RANKS)


def card_points(cards: Iterable[Card], table: dict[Rank, int]) -> int:
    """The sum of a point table over cards (ranks missing from the table count 0)."""
    return sum(table.get(card.rank, 0) for card in cards)
