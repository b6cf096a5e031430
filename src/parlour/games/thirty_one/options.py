"""Thirty-One's rule tables and `Options`: the Scat defaults, every Scat variant as an option,
and the presets (`scat`, `metzker` and the house games the Scat page describes)."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Final

import attrs

from parlour.core.cards import Rank, standard_pack
from parlour.core.options import check_option_types

__all__ = [
    "BLITZ",
    "CARD_POINTS",
    "DEFAULT_PLAYERS",
    "GRAND_CADILLAC_VALUE",
    "HAND_SIZE",
    "KNOCKER_DOUBLE",
    "KnockTiming",
    "KnockerTie",
    "MAX_PLAYERS",
    "On31",
    "On31AfterKnock",
    "OpeningShowdown",
    "Options",
    "PACK",
    "PLAYERS",
    "STRAIGHT_FLUSH_VALUE",
    "Scoring",
    "THREE_OF_A_KIND_VALUE",
    "ThreeOfAKind",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10)
"""Scat: "from 2 to 9 or more"; Metzker: "any number". Ten seats leave a stock of 21 cards."""
DEFAULT_PLAYERS: Final = 3
"""Scat: "perhaps best when played with 3 players"."""
PACK: Final = standard_pack()
HAND_SIZE: Final = 3
CARD_POINTS: Final[Mapping[Rank, int]] = {
    Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10,
    **{Rank(r): r for r in range(2, 11)},
}  # fmt: skip
"""Ace 11, courts 10, other cards their pips (Metzker's ace of 1 is never better than 11)."""
BLITZ: Final = 62
"""31 in half points: the hand that is declared at once."""
THREE_OF_A_KIND_VALUE: Final = {"none": 0, "thirty": 60, "thirty_half": 61}
"""Three cards of one rank, in half points (30 or 30.5) where an option allows it."""
STRAIGHT_FLUSH_VALUE: Final = 60
"""A three-card run in one suit, where allowed: 30 (A-K-Q is 31 anyway)."""
GRAND_CADILLAC_VALUE: Final = 66
"""Cadillac's three aces: 33, declared like 31."""
KNOCKER_DOUBLE: Final = 2
"""What the knocker "pays double" in the variants that say "two lives"."""
MAX_PLAYERS: Final = max(PLAYERS)


# Options -------------------------------------------------------------------------------------


class KnockerTie(enum.Enum):
    """Who loses when the knocker ties others for the lowest hand."""

    KNOCKER_SAFE = "knocker_safe"
    """Scat: the others in the tie lose a life, the knocker is safe."""
    KNOCKER_TWO_OTHERS_ONE = "knocker_two_others_one"
    """Scat variant and Metzker: the knocker loses two lives, the others in the tie one."""
    ONLY_KNOCKER = "only_knocker"
    """Scat variant: only the knocker loses (as much as when it is sole lowest)."""
    KNOCKER_TWO_OTHERS_NONE = "knocker_two_others_none"
    """Cadillac: the knocker loses two lives and the others nothing."""


class On31AfterKnock(enum.Enum):
    """What a 31 declared after a knock costs."""

    ALL_ONE = "all_one"
    """Scat: every other seat, the knocker too, loses one life."""
    KNOCKER_TWO = "knocker_two"
    """Scat variant: the knocker loses two lives, the other seats one."""


class On31(enum.Enum):
    """What a declared (or dealt) 31 does."""

    OTHERS_LOSE = "others_lose"
    """Scat: every seat without 31 loses a life."""
    SHOWDOWN = "showdown"
    """Metzker read literally: the hand ends at once and is scored as a showdown (with
    `Scoring.LOWEST_LOSES`; the other scorings always use their own 31 rule)."""


class ThreeOfAKind(enum.Enum):
    """What three cards of one rank are worth."""

    NONE = "none"
    """Only cards of one suit count (Scat)."""
    THIRTY = "thirty"
    """Scat variant and Cadillac: 30, tying three ten-point cards of one suit."""
    THIRTY_HALF = "thirty_half"
    """Scat variant, Gin and Metzker: 30.5, beaten only by 31."""


class OpeningShowdown(enum.Enum):
    """Whether the first player of a hand may call for an immediate showdown."""

    NONE = "none"
    HAMMER = "hammer"
    """Scat variant: instead of its first draw, the first player may call a showdown."""
    SHOTGUN = "shotgun"
    """Scat variant (throw-down): the first player decides before looking at its cards."""


class KnockTiming(enum.Enum):
    """When in a turn a seat may knock."""

    BEFORE_DRAW = "before_draw"
    """Scat: instead of drawing, keeping the hand it has."""
    AFTER_DRAW = "after_draw"
    """Metzker and Solitaire.com's Ride the Bus: after drawing, with the discard."""


class Scoring(enum.Enum):
    """How a showdown is settled."""

    LOWEST_LOSES = "lowest_loses"
    """Scat and Metzker: the lowest hand loses a life (the knocker more, see `knocker_tie`)."""
    KNOCK_PROMISE = "knock_promise"
    """Gin: a knock promises the highest hand; if it is highest or equal highest every other
    seat gets a letter (loses a life), otherwise the knocker does."""
    HIGHEST_SCORES = "highest_scores"
    """French Canadian: the highest hand scores a point (ties won by the non-knocker, several
    non-knockers each score); a 31 scores a point at once; the game is to `target` points."""


def _in_range(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{attribute.name} must be a whole number {low}..{high}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Card Games collection's Scat."""

    lives: int = attrs.field(default=3, validator=_in_range(1, 1000))
    """Lives each seat starts with: Scat's three pennies, Metzker's three quarters,
    Cadillac's four nickels, Gin's three letters, Ride the Bus's five places on the bus."""
    county: bool = True
    """A seat with no lives left still plays "on the county" and is out at its next loss
    (Scat, Metzker's "one round on your face", Cadillac's poverty); False: out at zero."""
    knocker_tie: KnockerTie = KnockerTie.KNOCKER_SAFE
    """Who loses when the knocker ties for the lowest hand (Scat: the others in the tie)."""
    knocker_lowest_penalty: int = attrs.field(default=2, validator=_in_range(1, 1000))
    """Lives a knocker with the sole lowest hand loses (Scat 2; variant "only loses one")."""
    on_31: On31 = On31.OTHERS_LOSE
    """A declared 31: every other seat loses a life (Scat), or a showdown (Metzker's text)."""
    on_31_after_knock: On31AfterKnock = On31AfterKnock.ALL_ONE
    """A 31 declared after a knock: all others lose one (Scat) or the knocker two (variant)."""
    three_of_a_kind: ThreeOfAKind = ThreeOfAKind.NONE
    """Three cards of one rank: no value of their own (Scat), 30, or 30.5 (Metzker)."""
    three_aces: bool = False
    """Cadillac's "Grand Cadillac": three aces are worth 33 and are declared like 31."""
    straight_flush: bool = False
    """Scat variant: a three-card run in one suit (ace high or low, no wrap) is worth 30."""
    min_knock: int = attrs.field(default=0, validator=_in_range(0, 1000))
    """Scat variant: the least hand value a seat may knock with (the text names 17, 19, 21)."""
    knock_needs_flush: bool = False
    """Scat variant (and Jeffrey Jacobs' French Canadian): knock only with three cards of a suit."""
    knock_timing: KnockTiming = KnockTiming.BEFORE_DRAW
    """Knock instead of drawing (Scat) or after drawing, before discarding (Metzker)."""
    knock_on_first_turn: bool = True
    """False: no seat may knock in its first turn of a hand (Solitaire.com's Ride the Bus)."""
    opening_showdown: OpeningShowdown = OpeningShowdown.NONE
    """Scat variants: the first player's "hammer" or "shotgun" call for an immediate showdown."""
    scoring: Scoring = Scoring.LOWEST_LOSES
    """Lowest loses (Scat, Metzker), a knock promises the highest (Gin), highest scores (French
    Canadian)."""
    poker_ties: bool = False
    """French Canadian (Jeffrey Jacobs): equal highest hands are compared card by card, high to
    low ("A-10-9 beats K-Q-J") before the knocker rule decides."""
    target: int = attrs.field(default=31, validator=_in_range(1, 1000))
    """Points that win a game scored by `highest_scores` (French Canadian: 31)."""
    turn_limit: int = attrs.field(default=100, validator=_in_range(1, 1000))
    """Termination valve, not in the texts: a hand nobody knocks in ends in a showdown after
    this many turns (taking discards never empties the stock)."""
    hand_limit: int = attrs.field(default=400, validator=_in_range(1, 1000))
    """Termination valve, not in the texts: the game ends after this many hands, the seats
    still in with the most lives (or points) sharing the win."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def scat(cls) -> Options:
        """The Card Games collection's Scat: knock before drawing, the knocker safe in a tie."""
        return cls()

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book's Thirty One: knock after drawing, the knocker pays double when
        lowest (in a tie too), three of a kind 30.5, a 31 ends the hand in a showdown."""
        return cls(
            knocker_tie=KnockerTie.KNOCKER_TWO_OTHERS_ONE,
            on_31=On31.SHOWDOWN,
            three_of_a_kind=ThreeOfAKind.THIRTY_HALF,
            knock_timing=KnockTiming.AFTER_DRAW,
        )

    @classmethod
    def cadillac(cls) -> Options:
        """Kent Hamilton's Cadillac: four nickels plus poverty, a tied knocker loses two and the
        others nothing, three of a kind 30, three aces 33."""
        return cls(
            lives=4,
            knocker_tie=KnockerTie.KNOCKER_TWO_OTHERS_NONE,
            three_of_a_kind=ThreeOfAKind.THIRTY,
            three_aces=True,
        )

    @classmethod
    def gin(cls) -> Options:
        """Angie Barry's GIN: a knock promises the highest hand, three letters and out, three
        of a kind 30.5."""
        return cls(county=False, scoring=Scoring.KNOCK_PROMISE, three_of_a_kind=ThreeOfAKind.THIRTY_HALF)

    @classmethod
    def ride_the_bus(cls) -> Options:
        """Eric Kent's Ride the Bus: standing at the back, middle, front, the stairs, then off
        the bus: out on the fifth loss, no county."""
        return cls(lives=5, county=False)

    @classmethod
    def french_canadian(cls) -> Options:
        """Cribbage.ca's French Canadian 31 with Jeffrey Jacobs' rules: the highest hand scores,
        knock only with three of a suit, poker-style ties, game to 31 points."""
        return cls(scoring=Scoring.HIGHEST_SCORES, knock_needs_flush=True, poker_ties=True, target=31)


