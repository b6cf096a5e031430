"""Bridge rules as data: the pack, the bidding ladder, the score tables, `Options` and presets.

The trick scores are the seed's table ("Points Scored by Making Your Contract"); everything the
seed leaves out (overtricks, undertricks, doubles, slams, honours, games and the rubber) follows
the published laws of rubber bridge, and the optional Chicago (four-deal) and duplicate scoring
follow the usual four-deal rules. Each number is a `Final` table here, read by `scoring`.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from parlour.core.auction import SUIT_STRAINS, AllPass, AuctionRules, Doubling, Ladder, Strain
from parlour.core.cards import Rank, Suit, standard_pack
from parlour.core.options import check_option_types

# ---------------------------------------------------------------------------------------------
# The table, the pack and the bidding

PLAYERS: Final = (4,)
"""Four players in two partnerships: seats 0 and 2 (North-South) against 1 and 3 (East-West)."""
SIDES: Final = 2
"""Seat `s` belongs to side `s % 2`; partners sit opposite."""
SIDE_NAMES: Final = ("N-S", "E-W")
PACK: Final = standard_pack()
"""The 52 cards in new-pack order; 13 to each seat."""
HAND_SIZE: Final = 13
TRICKS: Final = 13
BOOK: Final = 6
"""A bid of level L contracts for L + 6 tricks ("The least you can bid is for seven tricks")."""
LEVELS: Final = range(1, 8)
STRAINS: Final = (*SUIT_STRAINS, Strain.NO_TRUMP)
"""The strains lowest first: clubs, diamonds, hearts, spades, no trump (the seed ranks the suits
"spades, hearts, diamonds, clubs" from highest)."""
LADDER: Final = Ladder.levels(LEVELS, STRAINS)
"""The 35 bids from 1C to 7NT: a bid outranks another of a higher level, or of the same level
and a higher strain."""
STRAIN_SUIT: Final = {strain: strain.suit for strain in STRAINS}
"""The trump suit each strain names (None at no trump)."""
STRAIN_OF_TEXT: Final = {str(strain): strain for strain in STRAINS}


def auction_rules(doubling: bool) -> AuctionRules:
    """The competitive auction of Bridge: anyone may bid again after passing, three passes after
    a call end it, four opening passes pass the deal out, the declarer is the first of the
    winning side to have named the final strain; `doubling` adds double and redouble."""
    return AuctionRules(
        doubling=doubling,
        sides=SIDES,
        declarer_first_named=True,
        all_pass=AllPass.PASSED_OUT,
        closing_passes=3,
    )


# ---------------------------------------------------------------------------------------------
# Score tables

TRICK_POINTS: Final = {
    Strain.CLUBS: (20, 20),
    Strain.DIAMONDS: (20, 20),
    Strain.HEARTS: (30, 30),
    Strain.SPADES: (30, 30),
    Strain.NO_TRUMP: (40, 30),
}
"""(first trick over six, each further trick) by strain: the seed's table, 20 a trick in the
minors, 30 in the majors, 40 then 30 at no trump."""
DOUBLING_FACTOR: Final = {Doubling.NONE: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}
"""The trick score of a made contract is multiplied by this."""
GAME_POINTS: Final = 100
"""'Game = 100 points' below the line."""
OVERTRICK_DOUBLED: Final = {False: 100, True: 200}
"""Each overtrick of a doubled contract, by vulnerability (twice this redoubled); undoubled
overtricks score their trick value."""
INSULT: Final = {Doubling.NONE: 0, Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
"""The bonus for making a doubled (redoubled) contract."""
SMALL_SLAM: Final = {False: 500, True: 750}
"""A small slam (level 6) bid and made, by vulnerability."""
GRAND_SLAM: Final = {False: 1000, True: 1500}
"""A grand slam (level 7) bid and made, by vulnerability."""
UNDERTRICK: Final = {False: 50, True: 100}
"""Each undertrick of an undoubled contract, to the defenders, by vulnerability."""
UNDERTRICKS_DOUBLED: Final = {False: (100, 200, 200, 300), True: (200, 300, 300, 300)}
"""Doubled undertricks by vulnerability: the first, second, third, and each one after
(100, 300, 500, 800, 1100... not vulnerable; 200, 500, 800, 1100... vulnerable). Redoubled
undertricks score twice as much."""
HONOURS_FOUR: Final = 100
"""Four of the five trump honours (A K Q J 10) in one hand."""
HONOURS_FIVE: Final = 150
"""All five trump honours in one hand."""
HONOURS_ACES: Final = 150
"""All four aces in one hand at no trump."""
HONOUR_RANKS: Final = frozenset({Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN})
RUBBER_BONUS: Final = (700, 500)
"""The rubber won two games to none, or two games to one (indexed by the loser's games)."""
RUBBER_GAMES: Final = 2
"""A rubber is the best of three games: it ends when a side has won two."""
GAME_BONUS: Final = {False: 300, True: 500}
"""Chicago and duplicate: a game made (completed) on a deal, by vulnerability."""
PART_SCORE_BONUS: Final = 50
"""Duplicate: a made contract worth less than a game."""
LAST_PART_SCORE_BONUS: Final = 100
"""Chicago: a part-score made on the last deal that does not complete a game."""
CHICAGO_DEALS: Final = 4
"""Chicago and duplicate matches last four scored deals (a passed-out deal is dealt again)."""
SUITS_BY_RANK: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Vulnerability(enum.Enum):
    """Who is vulnerable on a deal of a four-deal match."""

    NONE = 0
    DEALER = 1
    """The dealer's side."""
    BOTH = 2


CHICAGO_SCHEDULE: Final = (Vulnerability.NONE, Vulnerability.DEALER, Vulnerability.DEALER, Vulnerability.BOTH)
"""Vulnerability of deals 1-4 of a four-deal match: none, dealer's side, dealer's side, both."""


class Scoring(enum.Enum):
    """How deals are scored and when the match ends."""

    RUBBER = 0
    """Rubber bridge: games of 100 below the line, vulnerable after one game, the match ends
    when a side has won two games (the rubber bonus then)."""
    CHICAGO = 1
    """Four-deal (Chicago) bridge: vulnerability by the schedule, 300/500 for completing a
    game, part-scores carried toward game, 100 for a part-score on deal 4; four deals."""
    DUPLICATE = 2
    """Each deal scored on its own as at duplicate (`score_contract`; no honours), with the
    four-deal vulnerability schedule; four deals."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are rubber bridge with doubles and honours (preset `rubber`)."""

    scoring: Scoring = Scoring.RUBBER
    """Rubber (to two games), Chicago (four deals) or duplicate (four deals, each on its own)."""
    doubling: bool = True
    """Double and redouble are calls (the seed names only bids and passes; every code of laws has them)."""
    honours: bool = True
    """Honours count above the line: 100 for four trump honours in one hand, 150 for five, 150
    for four aces at no trump (never at duplicate scoring)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def rubber(cls) -> Options:
        """Rubber bridge: the best of three games, doubles, honours."""
        return cls()

    @classmethod
    def chicago(cls) -> Options:
        """Four-deal (Chicago) bridge: a fixed-length match of four deals."""
        return cls(scoring=Scoring.CHICAGO)


PRESETS: Final = (("rubber", Options.rubber()), ("chicago", Options.chicago()))
"""The named rule sets (`GameSpec.presets`)."""
QUICK: Final = Options.chicago()
"""A short match for the generic sweeps: four deals of Chicago."""
