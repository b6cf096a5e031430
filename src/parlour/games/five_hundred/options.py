"""Five Hundred rules as data: the pack and its counters, the bidding table, the auction's
shape, `Options` with its preset, and the pure scoring helpers that follow from them.

Every number of the Metzker book's "500 Rummy" lives here: 12 cards each and 4 to the kitty, the
counters (aces and tens 10, fives 5, the queen of spades 25: 125 a hand), bids of 60 to 125 in
fives with no trump above the suits, the 50 no-trump bonus, the game to 500 and the loss at -150.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from parlour.core.auction import SUIT_STRAINS, AllPass, AuctionKind, AuctionRules, Bid, Ladder, Strain
from parlour.core.cards import CARD_INDICES, Card, Rank, standard_pack
from parlour.core.options import MAX_OPTION_INT, check_option_types
from parlour.core.tricks import point_table

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (4,)
"""Four players in two partnerships (seats 0 and 2 against seats 1 and 3)."""
SIDES: Final = 2
PACK: Final = standard_pack()
"""One 52-card pack, no jokers."""
HAND_SIZE: Final = 12
"""Cards dealt to each player; the remaining four form the kitty."""
KITTY_SIZE: Final = 4
QUEEN_OF_SPADES: Final = Card.parse("QS")
COUNTERS: Final = point_table(ranks={Rank.ACE: 10, Rank.TEN: 10, Rank.FIVE: 5}, cards={QUEEN_OF_SPADES: 25})
"""The counters: aces 10, tens 10, fives 5, the queen of spades 25; no other card scores."""
HAND_POINTS: Final = sum(COUNTERS.values())
"""125: the counters in play every hand."""
BID_AMOUNTS: Final = tuple(range(60, HAND_POINTS + 1, 5))
"""The points a bid may name: 60 (the minimum bid) to 125, in fives."""
NO_TRUMP_BONUS: Final = 50
"""A no-trump contract made scores this on top of the counters captured."""
LADDER: Final = Ladder.levels(BID_AMOUNTS, (SUIT_STRAINS, Strain.NO_TRUMP))
"""Every bid, lowest first: at each number of points the four suits (equal), then no trump."""
BID_VALUE: Final[Mapping[Bid, int]] = {
    bid: (bid.amount or 0) + (NO_TRUMP_BONUS if bid.strain is Strain.NO_TRUMP else 0) for bid in LADDER.bids
}
"""The bidding table: each bid's score value, its points (and 50 more in no trump). A set
contract loses it (no trump's 50 only with `nt_set_penalty_includes_bonus`)."""
TARGET_SCORE: Final = 500
LOSING_SCORE: Final = -150
AUCTION_RULES: Final = AuctionRules(
    kind=AuctionKind.COMPETITIVE,
    all_pass=AllPass.DEALER_FORCED,
    reenter=False,
    top_bid_ends=True,
    sides=SIDES,
)
"""Core's competitive auction: a pass drops out, three passes end it, 125NT ends it at once,
and when all four pass the dealer must bid 60."""


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker rules (preset `metzker`)."""

    target_score: int = TARGET_SCORE
    """"First team to 500 wins": the total a side needs to win (as declarer, see `must_bid_out`)."""
    losing_score: int = LOSING_SCORE
    """"The first team to minus 150 loses": a side at this total or below after a hand loses."""
    must_bid_out: bool = True
    """"You must bid out to win at 500": only a declaring side that makes its contract can win.
    False: any side at the target after a hand wins (the higher total if both are)."""
    nt_set_penalty_includes_bonus: bool = True
    """A set no-trump contract loses its bid plus the 50 no-trump bonus (the "score value"
    of the bid); False: the bid alone."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 0 < self.target_score <= MAX_OPTION_INT:
            raise ValueError(f"target_score must be 1..{MAX_OPTION_INT} points, not {self.target_score}")
        if not -MAX_OPTION_INT <= self.losing_score < 0:
            raise ValueError(f"losing_score must be below 0 (and at least -{MAX_OPTION_INT}), not {self.losing_score}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker book: game to 500 by bidding out, -150 loses, a set no trump loses 50 more."""
        return cls()


PRESETS: Final = (("metzker", Options.metzker()),)
"""The rule set of the one rule book, by name (`GameSpec.presets`)."""
_DEFAULTS: Final = Options()
"""The default options, built once."""
QUICK: Final = Options(target_score=150, losing_score=-60)
"""A short match for the generic sweeps: to 150 by bidding out, -60 loses."""


def _counter_table() -> tuple[int, ...]:
    table = [0] * CARD_INDICES
    for card, value in COUNTERS.items():
        table[card.index] = value
    return tuple(table)


_COUNTER_OF: Final = _counter_table()
"""The counter points of each card by `Card.index` (the hot path's `counters`)."""


# ---------------------------------------------------------------------------------------------
# Pure helpers


def side_of(seat: int) -> int:
    """The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % SIDES


def counters(cards: Sequence[Card]) -> int:
    """The counter points among `cards` (aces and tens 10, fives 5, the queen of spades 25)."""
    table = _COUNTER_OF
    return sum([table[c.index] for c in cards])


def contract_score(bid: Bid, captured: int, options: Options = _DEFAULTS) -> int:
    """What the declaring side scores for `bid` having captured `captured` counter points: the
    points captured (plus 50 in no trump) when made, minus the bid's value when set."""
    if bid not in BID_VALUE:
        raise ValueError(f"{bid} is not a bid of Five Hundred")
    amount = bid.amount or 0
    no_trump = bid.strain is Strain.NO_TRUMP
    if captured >= amount:
        return captured + (NO_TRUMP_BONUS if no_trump else 0)
    if no_trump and not options.nt_set_penalty_includes_bonus:
        return -amount
    return -BID_VALUE[bid]
