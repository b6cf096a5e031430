"""Saskatchewan Rummy scoring: what each trick hand costs, and how the pot is paid out.

Pure functions of the cards taken and the finishing order. The play loop in `rules` calls
`hand_payments` once after the last trick of hands 1-5, and `payout` once when enough players
are out of hand 6.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import Card
from parlour.core.tricks import points

from .options import CONTRACTS, PAID_PLACES


def hand_payments(hand: int, won: Sequence[Sequence[Card]], last_winner: int) -> tuple[int, ...]:
    """Cents each seat pays for trick hand `hand` (1-5), from the cards each seat took
    (whole tricks, `len(won[s]) // players` of them) and the winner of the last trick.

    >>> from parlour.core.cards import parse_cards
    >>> piles = [parse_cards("QS 2S 3S 4S QH 5H 6H 7H"), (), parse_cards("KC 8C 9C 10C"), ()]
    >>> hand_payments(3, piles, 2), hand_payments(4, piles, 2), hand_payments(2, piles, 2)
    ((20, 0, 0, 0), (0, 0, 25, 0), (20, 0, 0, 0))
    """
    if not 1 <= hand <= len(CONTRACTS):
        raise ValueError(f"hands 1-{len(CONTRACTS)} are trick hands, not {hand}")
    contract = CONTRACTS[hand - 1]
    n = len(won)
    return tuple(
        contract.per_trick * (len(pile) // n)
        + points(pile, contract.card_cents)
        + (contract.last_trick if s == last_winner else 0)
        for s, pile in enumerate(won)
    )


def payout(pot: int, places: Sequence[int], players: int) -> tuple[int, ...]:
    """Cents each seat takes from `pot`, given the seats in the order they went out: first the
    half of the pot, rounded up to a whole cent; second and third divide the rest, second taking
    any odd cent; with three players second takes the whole rest.

    >>> payout(300, (2, 0, 3), 4), payout(310, (2, 0, 3), 4), payout(315, (1, 2), 3)
    ((75, 0, 150, 75), (78, 0, 155, 77), (0, 158, 157))
    """
    got = [0] * players
    first = pot - pot // 2
    rest = pot - first
    got[places[0]] += first
    if players <= PAID_PLACES:
        got[places[1]] += rest
    else:
        second = rest - rest // 2
        got[places[1]] += second
        got[places[2]] += rest - second
    return tuple(got)


def places_needed(players: int) -> int:
    """How many must go out in hand 6 before the pot is paid: three, or two of three players."""
    return min(PAID_PLACES, players - 1)
