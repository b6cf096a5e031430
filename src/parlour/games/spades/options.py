"""Spades rules as data: the rule tables, `Options` with its presets, and the helpers that
follow from the options alone (the bids on offer, who may bid double nil, the sides).

The numbers are the Hoyle Card Games manual's (10 a trick bid, 1 a bag, nil 100, double nil
200, 10 bags cost 100, game to 500) and pagat's where the manual is silent (-10 a trick bid
when a side falls short); `Options` names every rule that differs between the manual, the
common house rules and OpenSpiel's Spades.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.auction import AuctionKind, AuctionRules, Bid, Ladder
from parlour.core.cards import Suit, standard_pack
from parlour.core.options import check_option_types

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (4,)
"""Four players in two partnerships (the manual)."""
PACK: Final = standard_pack()
TRUMP: Final = Suit.SPADES
""""Spades are always trumps." """
HAND_SIZE: Final = 13
TEAMS: Final = ((0, 2), (1, 3))
"""Partners sit opposite: seats 0 and 2 are side 0, seats 1 and 3 side 1."""
TRICK_POINTS: Final = 10
"""A made bid scores 10 per trick bid; a failed bid loses 10 per trick bid (pagat)."""
BAG_POINTS: Final = 1
"""Each trick over the bid scores 1 point and is a bag."""
NIL_POINTS: Final = 100
"""Nil: +100 made, -100 failed."""
DOUBLE_NIL_POINTS: Final = 200
"""Double Nil: +200 made, -200 failed."""
TARGET_SCORE: Final = 500
BAG_LIMIT: Final = 10
BAG_PENALTY: Final = 100
NIL: Final = Bid(0, word="nil")
DOUBLE_NIL: Final = Bid(0, word="double nil")
NUMBER_BIDS: Final = tuple(Bid(k) for k in range(1, HAND_SIZE + 1))
"""Bids of 1 to 13 tricks."""
AUCTION_RULES: Final = AuctionRules(kind=AuctionKind.ONCE_AROUND)
"""Every seat bids once, in turn from the dealer's left (core's once-around auction)."""
HAND_BOUND: Final = 2 * DOUBLE_NIL_POINTS + TRICK_POINTS * HAND_SIZE + BAG_POINTS * HAND_SIZE + BAG_PENALTY
"""More than any side can gain or lose in one hand with the default bag rules (a score law)."""


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Hoyle Card Games manual's rules (preset `hoyle`)."""

    target_score: int = TARGET_SCORE
    """The game ends after a hand in which a side has reached this score ("The game is to 500")."""
    nil: bool = True
    """A seat may bid Nil, no tricks, for +100 / -100 (the manual)."""
    double_nil: bool = True
    """Before picking up its cards a seat may bid Double Nil for +200 / -200 (the manual); many
    tables call this blind nil. False: every seat holds its cards from the deal (OpenSpiel)."""
    double_nil_behind: int = 0
    """House rule for blind nil: only a side trailing by at least this many points may bid
    Double Nil (pagat's tables use 100); 0 allows it at any score (the manual)."""
    spades_broken: bool = True
    """Spades may not be led until a spade has been played to a trick, unless the leader holds
    only spades (the manual). False: spades may be led at any time (house rule)."""
    bag_limit: int = BAG_LIMIT
    """Bags that cost `bag_penalty` ("If you collect 10 bags, you lose 100 points"); house rules
    use 5 bags for 50. 0: bags are counted but never penalised (games without bags)."""
    bag_penalty: int = BAG_PENALTY
    """Points lost each time a side's bags reach `bag_limit`."""
    nil_tricks_help_partner: bool = False
    """Tricks taken by a nil bidder count toward the partner's bid (OpenSpiel). False: they do
    not, but count as bags for the side (pagat)."""
    team_bid_limit: bool = False
    """Partners' bids together may not exceed 13 tricks (OpenSpiel)."""
    mercy_rule: bool = True
    """The mercy rule: the game also ends after a hand in which a side has fallen to
    `mercy_threshold` or below. A published house rule (the common online rooms end at -200,
    OpenSpiel at -350), on by default so that every match ends; the manual has no losing
    score (preset `hoyle` turns it off), and there two sides that keep failing their bids
    play on for ever."""
    mercy_threshold: int = -200
    """The score at or below which the mercy rule ends the game (OpenSpiel: -350)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.target_score < 1:
            raise ValueError(f"target_score must be a positive number of points, not {self.target_score}")
        if self.double_nil_behind < 0:
            raise ValueError(f"double_nil_behind must be 0 or more points, not {self.double_nil_behind}")
        if self.double_nil_behind and not self.double_nil:
            raise ValueError("double_nil_behind restricts Double Nil, so it needs double_nil=true")
        if self.bag_limit < 0 or self.bag_penalty < 0:
            raise ValueError("bag_limit and bag_penalty must be 0 or more")
        if self.mercy_threshold >= 0:
            raise ValueError(f"mercy_threshold must be below zero, not {self.mercy_threshold}")

    @classmethod
    def hoyle(cls) -> Options:
        """The Hoyle Card Games manual: nil, Double Nil before looking, spades broken, 10 bags
        cost 100, game to 500, no losing score (no mercy rule)."""
        return cls(mercy_rule=False)

    @classmethod
    def openspiel(cls) -> Options:
        """OpenSpiel's Spades rules: no Double Nil, a nil bidder's tricks help the partner,
        partners bid 13 at most together, and the mercy rule at -350 (game to 500)."""
        return cls(
            double_nil=False, nil_tricks_help_partner=True, team_bid_limit=True, mercy_rule=True, mercy_threshold=-350
        )


PRESETS: Final = (("hoyle", Options.hoyle()), ("openspiel", Options.openspiel()))
"""The manual's rules and OpenSpiel's, by name (`GameSpec.presets`)."""
QUICK: Final = Options(target_score=100, mercy_threshold=-100)
"""A short match for the generic sweeps: to 100 with the mercy rule at -100 (random bids
mostly fail, so without the mercy rule a random match seldom ends)."""


_DEFAULTS: Final = Options()
"""The default options, built once."""


# ---------------------------------------------------------------------------------------------
# Pure helpers of the options


def team_of(seat: int) -> int:
    """The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def _ladders() -> dict[tuple[bool, bool], Ladder]:
    return {
        (double, nil): Ladder.of(*((DOUBLE_NIL,) if double else ()), *((NIL,) if nil else ()), *NUMBER_BIDS)
        for double in (False, True)
        for nil in (False, True)
    }


_LADDERS: Final = _ladders()
"""The four ladders the options can ask for, built once, by (double_nil, nil)."""


def ladder(options: Options) -> Ladder:
    """The bids these options offer, in the order `legal_moves` lists them: double nil, nil, 1-13."""
    return _LADDERS[options.double_nil, options.nil]


def may_double_nil(options: Options, team_scores: Sequence[int], seat: int) -> bool:
    """Whether Double Nil is open to `seat` this hand (the option, and the blind-nil house rule)."""
    if not options.double_nil:
        return False
    if not options.double_nil_behind:
        return True
    side = team_of(seat)
    return team_scores[1 - side] - team_scores[side] >= options.double_nil_behind
