"""Rummy 500 scoring: what a hand scores per seat, the points of the cards credited to it on
the table less the cards left in its hand (the points on the table so far are
`rules.table_points`, read from a state).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card
from parlour.core.melds import TableMeld, credited_points
from parlour.games.rummy_500.options import POINTS


def hand_result(table: Sequence[TableMeld], hands: Sequence[Sequence[Card]]) -> tuple[int, ...]:
    """What a hand scores per seat: the points credited on the table less the cards held.

    >>> from parlour.core.cards import parse_cards
    >>> from parlour.core.melds import make_meld, table_meld
    >>> from parlour.games.rummy_500.options import RULES
    >>> melds = [table_meld(make_meld(parse_cards(t), RULES), 0) for t in ("QH KH AH", "AS 2S 3S", "7C 7D 7S")]
    >>> hand_result(melds, (parse_cards("AD 9C"), ()))
    (38, 0)
    """
    on_table = credited_points(table, POINTS, len(hands))
    return tuple(on_table[s] - POINTS.total(held) for s, held in enumerate(hands))
