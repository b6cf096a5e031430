"""Five Hundreds scoring: the points of the cards on the table (credited per seat) and of the
cards left in hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card
from parlour.core.melds import TableMeld, credited_points
from parlour.games.five_hundreds.options import CARD_POINTS


def table_points(table: Sequence[TableMeld], players: int) -> tuple[int, ...]:
    """Each seat's points on the table: every card counted for the seat credited with it."""
    return credited_points(table, CARD_POINTS, players)


def hand_points(cards: Sequence[Card]) -> int:
    """The points of cards left in hand (ace 25, K-10 ten, 9-2 five).

    >>> from parlour.core.cards import parse_cards
    >>> hand_points(parse_cards("AD 9C KS"))
    40
    """
    return CARD_POINTS.total(cards)
