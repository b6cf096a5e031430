"""Pitch scoring: who takes High, Low, Jack and Game, and how a hand's points are paid.

Pure functions of the cards each seat won and the contract: `point_takers` finds the four
points, `settle` decides whether the pitcher made the bid and pays the points in order (High,
Low, Jack, Game, then smudge's fifth point), stopping when a player reaches the target, with a
failed pitcher's set-back last. `game_points` counts a pile's cards for Game.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.core.cards import ACE_HIGH, Card, Rank, Suit
from parlour.games.pitch.options import GAME_POINTS, POINTS, SMUDGE


def game_points(cards: Sequence[Card]) -> int:
    """The game points of `cards`: 10s 10, aces 4, kings 3, queens 2, jacks 1.

    >>> from parlour.core.cards import parse_cards
    >>> game_points(parse_cards("10H AS KD QC JH 9S"))
    20
    """
    get = GAME_POINTS.get
    return sum([get(c, 0) for c in cards])


def point_takers(
    won: Sequence[Sequence[Card]], trump: Suit, *, low_holder: int | None = None
) -> tuple[int | None, int | None, int | None, int | None]:
    """Who takes High, Low, Jack and Game from the cards each seat won (None: nobody).

    High and Low go to the seat that won the highest and the lowest trump in play (Low to
    `low_holder` instead, when given), Jack to the seat that won the jack of trumps (None when
    it was not dealt), Game to the one seat with most game points (None on a tie for most).

    >>> from parlour.core.cards import parse_cards
    >>> won = [parse_cards("AS 2S 10C 3C"), parse_cards("JS 5S KD 4D"), (), ()]
    >>> point_takers(won, Suit.SPADES)
    (0, 0, 1, 0)
    """
    high = low = jack = None
    top, bottom = -1, 99
    power = ACE_HIGH.power
    for seat, pile in enumerate(won):
        for card in pile:
            if card.suit is trump:
                p = power(card.rank)
                if p > top:
                    top, high = p, seat
                if p < bottom:
                    bottom, low = p, seat
                if card.rank is Rank.JACK:
                    jack = seat
    if low_holder is not None:
        low = low_holder
    counts = [game_points(pile) for pile in won]
    best = max(counts)
    game = counts.index(best) if counts.count(best) == 1 else None
    return high, low, jack, game


def settle(
    takers: Sequence[int | None],
    *,
    pitcher: int,
    bid: int,
    all_tricks: bool,
    scores: Sequence[int],
    target: int,
    bidder_out_first: bool = False,
) -> tuple[tuple[int, ...], int | None, tuple[tuple[int, str, int], ...]]:
    """Scores a hand: the new scores, the winner if someone reached `target`, and the points
    paid as (seat, what, points) in order.

    `takers` are the seats taking High, Low, Jack and Game (None: nobody). The pitcher made the
    bid with at least `bid` points (smudge: all four and `all_tricks`); the points are paid in
    order (the pitcher's first with `bidder_out_first`), a made smudge's fifth point last, and
    paying stops when a player reaches `target`. A pitcher who failed scores nothing and is set
    back the bid, after all the others are paid.

    >>> settle((1, 1, 0, 0), pitcher=0, bid=3, all_tricks=False, scores=(5, 9), target=11)
    ((5, 11), 1, ((1, 'high', 1), (1, 'low', 1)))
    """
    got = sum(1 for t in takers if t == pitcher)
    made = got == len(POINTS) and all_tricks if bid == SMUDGE else got >= bid
    due = [(t, what) for t, what in zip(takers, POINTS) if t is not None and (made or t != pitcher)]
    if made and bid == SMUDGE:
        due.append((pitcher, "smudge"))
    if bidder_out_first:
        due = [d for d in due if d[0] == pitcher] + [d for d in due if d[0] != pitcher]
    totals = list(scores)
    paid: list[tuple[int, str, int]] = []
    for seat, what in due:
        totals[seat] += 1
        paid.append((seat, what, 1))
        if totals[seat] >= target:
            return tuple(totals), seat, tuple(paid)
    if not made:
        totals[pitcher] -= bid
        paid.append((pitcher, "set back", -bid))
    return tuple(totals), None, tuple(paid)
