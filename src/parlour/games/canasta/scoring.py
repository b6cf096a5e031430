"""Canasta's card values, the initial-meld minimum and the score of a hand: the pure helpers.

Everything here is a function of values, with the rule tables as module-level data: the point
value of each card (`CARD_POINTS`, a `parlour.core.melds.PointTable`), the minimum count of an
initial meld by the side's score (`MINIMUM_BANDS`), the canasta, red three and going-out bonuses,
and the meld limits (`MIN_NATURALS`, `MAX_WILDS`, `CANASTA_SIZE`).

>>> from parlour.core.cards import parse_cards
>>> [card_value(c) for c in parse_cards("JK AS 2D KH 8C 7C 4D 3S 3H")]
[50, 20, 20, 10, 10, 5, 5, 5, 100]
>>> [minimum_initial_meld(s) for s in (-20, 0, 1495, 1500, 2995, 3000)]
[15, 50, 50, 90, 90, 120]
>>> score_hand(melds=[parse_cards("8C 8D 8H 8S 8C 8D 8H")], red_threes=parse_cards("3H"),
...            left_in_hands=parse_cards("QS 5C"), went_out=True, concealed=False)
755
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from parlour.core.cards import JOKER, Card, Rank, Suit, standard_pack
from parlour.core.melds import PointTable, minimum_for

__all__ = [
    "CANASTA_BONUS",
    "CANASTA_SIZE",
    "CARD_POINTS",
    "GOING_OUT_BONUS",
    "MAX_WILDS",
    "MINIMUM_BANDS",
    "MIN_NATURALS",
    "PACK",
    "RED_THREE_BONUS",
    "card_value",
    "is_black_three",
    "is_red_three",
    "is_wild",
    "minimum_initial_meld",
    "score_hand",
]

PACK: Final = standard_pack(packs=2, jokers=2)
"""Two full packs with their two jokers each: 108 cards."""

CARD_POINTS: Final = PointTable.of(
    {
        Rank.JOKER: 50,
        Rank.ACE: 20,
        Rank.TWO: 20,
        Rank.THREE: 5,
        Rank.FOUR: 5,
        Rank.FIVE: 5,
        Rank.SIX: 5,
        Rank.SEVEN: 5,
        Rank.EIGHT: 10,
        Rank.NINE: 10,
        Rank.TEN: 10,
        Rank.JACK: 10,
        Rank.QUEEN: 10,
        Rank.KING: 10,
    },
    {Card(Rank.THREE, Suit.HEARTS): 100, Card(Rank.THREE, Suit.DIAMONDS): 100},
)
"""Card values (Hoyle): joker 50; ace and two 20; king down to eight 10; seven down to four and
the black three 5; the red three 100 (a bonus card, never melded)."""

MINIMUM_BANDS: Final = ((-1, 15), (0, 50), (1500, 90), (3000, 120))
"""The initial meld's minimum count by the side's score at the start of the hand: negative 15,
0 to 1495 50, 1500 to 2995 90, 3000 or more 120 (the book prints "1501"; scores are multiples
of 5, so the band starts at 1500)."""

MIN_NATURALS: Final = 2
"""A meld holds at least two natural cards."""
MAX_WILDS: Final = 3
"""A meld (a canasta too) holds at most three wild cards."""
CANASTA_SIZE: Final = 7
"""A meld of seven or more cards is a canasta."""
CANASTA_BONUS: Final = {True: 500, False: 300}
"""The bonus of a canasta: natural (no wild card) 500, mixed 300."""
RED_THREE_BONUS: Final = (100, 800)
"""Each red three 100; all four together 800."""
GOING_OUT_BONUS: Final = {False: 100, True: 200}
"""Going out 100; going out concealed (the side's whole initial meld in the going-out turn) 200."""

_WILD_RANKS: Final = frozenset({Rank.TWO, Rank.JOKER})


def card_value(card: Card) -> int:
    """A card's point value: joker 50, ace and two 20, king to eight 10, seven to four and the
    black three 5, the red three 100.

    >>> card_value(Card.parse("JK")), card_value(Card.parse("3D")), card_value(Card.parse("3C"))
    (50, 100, 5)
    """
    return CARD_POINTS.points(card)


def minimum_initial_meld(team_score: int) -> int:
    """The count (card values only) a side's initial meld must reach when its score is
    `team_score`: negative 15, 0 to 1495 50, 1500 to 2995 90, 3000 or more 120.

    >>> minimum_initial_meld(1600), minimum_initial_meld(-5), minimum_initial_meld(3000)
    (90, 15, 120)
    """
    return minimum_for(team_score, MINIMUM_BANDS)


def is_wild(card: Card) -> bool:
    """Jokers and twos are wild."""
    return card.rank in _WILD_RANKS


def is_red_three(card: Card) -> bool:
    return card.rank is Rank.THREE and card.suit in (Suit.HEARTS, Suit.DIAMONDS)


def is_black_three(card: Card) -> bool:
    return card.rank is Rank.THREE and card.suit in (Suit.CLUBS, Suit.SPADES)


def _canasta_bonus(meld: Sequence[Card]) -> int:
    if len(meld) < CANASTA_SIZE:
        return 0
    return CANASTA_BONUS[not any(c.rank in _WILD_RANKS for c in meld)]


def score_hand(
    *,
    melds: Sequence[Sequence[Card]],
    red_threes: Sequence[Card],
    left_in_hands: Sequence[Card],
    went_out: bool,
    concealed: bool,
) -> int:
    """A side's score for one hand.

    The card values of every card in its melds, plus 500 for each natural canasta and 300 for
    each mixed one, plus its red threes (100 each, 800 for all four; counted against the side
    if it has no meld on the table), plus 100 for going out (200 if concealed), minus the values
    of the cards left in both partners' hands.

    >>> from parlour.core.cards import parse_cards
    >>> score_hand(melds=(), red_threes=parse_cards("3H 3H 3D 3D"), left_in_hands=parse_cards("KS"),
    ...            went_out=False, concealed=False)
    -810
    """
    if concealed and not went_out:
        raise ValueError("only a side that went out can have gone out concealed")
    table = sum(CARD_POINTS.points(c) for meld in melds for c in meld)
    bonuses = sum(_canasta_bonus(meld) for meld in melds)
    threes = RED_THREE_BONUS[1] if len(red_threes) == 4 else RED_THREE_BONUS[0] * len(red_threes)
    if not melds:
        threes = -threes
    out = GOING_OUT_BONUS[concealed] if went_out else 0
    return table + bonuses + threes + out - CARD_POINTS.total(left_in_hands)


assert len(PACK) == 108 and PACK.count(JOKER) == 4
