"""Hand and Foot's rule tables: card values, minimum melds, books, the hand order, the
per-card tables of the hot path, the round score, and the options."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from parlour.core.cards import HIDDEN, JOKER, Card, Rank, Suit, standard_pack
from parlour.core.melds import MeldRules, PointTable
from parlour.core.options import check_option_types


# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 4, 6)
"""Seed: "2, 4 or 6 people can play, two teams"."""
DEFAULT_PLAYERS: Final = 4
TEAMS: Final = 2
MINIMUM_MELDS: Final = (90, 120, 150, 180)
"""Seed: the minimum meld of rounds 1 to 4; the game is these four rounds."""
WILD_RANKS: Final = frozenset({Rank.TWO, Rank.JOKER})
MELD_RANKS: Final = frozenset({Rank.ACE, *(Rank(r) for r in range(4, 14))})
"""Ranks a natural meld may be made of: threes are never melded."""
RED_THREES: Final = frozenset({Card(Rank.THREE, Suit.HEARTS), Card(Rank.THREE, Suit.DIAMONDS)})
BLACK_THREES: Final = frozenset({Card(Rank.THREE, Suit.SPADES), Card(Rank.THREE, Suit.CLUBS)})
POINTS: Final = PointTable.of(
    {
        Rank.JOKER: 50,
        Rank.TWO: 25,
        Rank.ACE: 20,
        **{Rank(r): 10 for r in range(8, 14)},
        **{Rank(r): 5 for r in range(4, 8)},
        Rank.THREE: 5,
    },
    {card: 100 for card in RED_THREES},
)
"""Seed's card count: joker 50, 2 25, ace 20, K-8 10, 4-7 5, black 3 5 (a red 3 is 100)."""
RULES: Final = MeldRules(
    set_max=7,
    distinct_suits=False,
    runs=False,
    set_ranks=MELD_RANKS,
    wild_ranks=WILD_RANKS,
    naturals_ge_wilds=True,
    allow_all_wild=True,
)
"""Sets only, 3 to 7 cards, naturals >= wilds, or wilds only (a wild meld)."""
BOOK: Final = 7
"""A meld closes as a book (canasta) at exactly this many cards."""
OPENING_SIZE: Final = 3
GOING_OUT_BONUS: Final = 100
RED_THREE_POINTS: Final = 100


class BookKind(enum.Enum):
    RED = "red"
    """Seven naturals: 500."""
    BLACK = "black"
    """Naturals and wilds: 300."""
    WILD = "wild"
    """Seven wilds: 2000."""


BOOK_BONUS: Final = {BookKind.RED: 500, BookKind.BLACK: 300, BookKind.WILD: 2000}
WILD_MELD: Final = Rank.JOKER
"""The key naming a team's meld of wild cards only (moves say "wild")."""
_RANK_KEY: Final = {Rank.THREE: 0, **{Rank(r): r - 3 for r in range(4, 14)}, Rank.ACE: 11, Rank.TWO: 12, Rank.JOKER: 13}


def _key_table() -> tuple[int, ...]:
    table = [99] * 80
    for card in (*standard_pack(), JOKER):
        group = 14 if card in RED_THREES else _RANK_KEY[card.rank]
        table[card.index] = group * 8 + (0 if card.suit is None else int(card.suit))
    return tuple(table)


_KEY: Final = _key_table()


def sort_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Hand order: black 3s, 4 up to K, A, then 2s, jokers and red 3s; by suit within a rank."""
    return tuple(sorted(cards, key=lambda c: _KEY[c.index]))


def _is_wild(card: Card) -> bool:
    return card.rank is Rank.TWO or card.rank is Rank.JOKER


def team_of(seat: int) -> int:
    """Seats alternate between the two teams: even seats are team 0, odd seats team 1."""
    return seat % TEAMS


@functools.cache
def pack_for(players: int) -> tuple[Card, ...]:
    """Seed: "one more deck of cards than there are people playing, including jokers"."""
    return standard_pack(packs=players + 1, jokers=2)


def minimum_meld(round_number: int) -> int:
    """The count a team's first melds of the round must reach."""
    return MINIMUM_MELDS[min(round_number, len(MINIMUM_MELDS)) - 1]


def book_kind(meld: Sequence[Card]) -> BookKind | None:
    """The kind of book a meld is, or None while it is open (under 7 cards)."""
    if len(meld) != BOOK:
        return None
    wilds = sum(1 for c in meld if _is_wild(c))
    return BookKind.WILD if wilds == BOOK else BookKind.RED if not wilds else BookKind.BLACK


def _meld_key(meld: Sequence[Card]) -> Rank:
    """A meld's rank (naturals come first), or `WILD_MELD` for wilds only."""
    first = meld[0]
    return WILD_MELD if _is_wild(first) else first.rank


# Options -------------------------------------------------------------------------------------


def _at_least(low: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{attribute.name} must be a whole number of at least {low}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book's game."""

    rounds: int = attrs.field(default=4, validator=_at_least(1))
    """Rounds in a game, each with its minimum meld (seed: rounds 1-4, 90/120/150/180; a
    longer game keeps the last minimum)."""
    hand_size: int = attrs.field(default=15, validator=_at_least(3))
    """Seed: "Deal 15 cards in the hand"."""
    foot_size: int = attrs.field(default=13, validator=_at_least(3))
    """Seed: "13 cards in the foot"."""
    red_books: int = attrs.field(default=1, validator=_at_least(0))
    """Red books a team needs before going out (seed: "at least, 1 red, 1 black and 1 wild")."""
    black_books: int = attrs.field(default=1, validator=_at_least(0))
    """Black books a team needs before going out."""
    wild_books: int = attrs.field(default=1, validator=_at_least(0))
    """Wild books a team needs before going out."""
    stranded_red3_penalty: int = attrs.field(default=100, validator=_at_least(0))
    """Points lost per red 3 left in a hand or foot at the end of a round (the seed is silent)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules (the defaults)."""
        return cls()


QUICK: Final = Options(rounds=1)


def round_score(
    melds: Sequence[Sequence[Card]],
    red_threes: int,
    opened: bool,
    left: Sequence[Card],
    went_out: bool,
    stranded_penalty: int = 100,
) -> int:
    """One team's score for a round: going out, red 3s, book bonuses, the count of its melds,
    less the count of its cards left in hands and feet (a stranded red 3 costs the penalty)."""
    total = GOING_OUT_BONUS if went_out else 0
    total += (RED_THREE_POINTS if opened else -RED_THREE_POINTS) * red_threes
    kinds, points = _KIND, _PTS
    for meld in melds:
        for c in meld:
            total += points[c.index]
        kind = book_kind(meld)
        if kind is not None:
            total += BOOK_BONUS[kind]
    for c in left:
        if kinds[c.index] == _RED3:
            total -= stranded_penalty
        else:
            total -= points[c.index]
    return total


def _kind_table() -> tuple[int, ...]:
    table = [0] * 80
    for card in (*standard_pack(), JOKER):
        table[card.index] = (
            2 if _is_wild(card) else 3 if card in BLACK_THREES else 4 if card in RED_THREES else 1
        )
    return tuple(table)


_KIND: Final = _kind_table()
"""Per card index: 1 a meldable natural (A, 4-K), 2 a wild, 3 a black 3, 4 a red 3."""
_PTS: Final = tuple(
    POINTS.points(c) for c in [{c.index: c for c in (*standard_pack(), JOKER)}.get(i, HIDDEN) for i in range(80)]
)
"""`_PTS[card.index]`: the card's `POINTS`, a tuple read for hot paths."""
_NATURAL, _WILD, _BLACK3, _RED3 = 1, 2, 3, 4
_RED3_GROUP: Final = 15
_RANK_OF: Final = tuple(_RED3_GROUP if _KIND[i] == _RED3 else i % 16 for i in range(80))
"""Per card index: the rank number, red 3s apart (plain ints keep dict keys cheap)."""
_RANK_BY_NUMBER: Final = tuple(Rank(r) for r in range(15))
_MELD_LABELS: Final = tuple("wild" if r == int(WILD_MELD) else str(Rank(r)) for r in range(15))
_WILD_KEY: Final = int(WILD_MELD)


_NO_BOOKS: Final = (0, 0, 0)


def _books(melds: tuple[tuple[Card, ...], ...]) -> tuple[int, int, int]:
    """The team's books: (red, black, wild)."""
    red = black = wild = 0
    kind = _KIND
    for meld in melds:
        if len(meld) == BOOK:
            if kind[meld[0].index] == _WILD:
                wild += 1
            elif kind[meld[-1].index] == _WILD:
                black += 1
            else:
                red += 1
    return red, black, wild


def _qualifies(options: Options, books: tuple[int, int, int], extra: BookKind | None = None) -> bool:
    """The team holds the books going out needs (with `extra`, a book this move completes)."""
    red, black, wild = books
    red += extra is BookKind.RED
    black += extra is BookKind.BLACK
    wild += extra is BookKind.WILD
    return red >= options.red_books and black >= options.black_books and wild >= options.wild_books
