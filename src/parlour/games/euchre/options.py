"""Euchre rules as data: the pack, the rank order, the score table and `Options` with its presets.

Every number the Metzker rules give (5 cards, the game to 10, 1 / 2 / 4 points to the makers
and 2 for a euchre) is a table here; `Options` names each rule that a preset or a house rule
changes, and `hand_points` reads the score table.
"""

from __future__ import annotations

from typing import Final

import attrs

from parlour.core.cards import Rank, RankOrder, Suit, stripped_pack
from parlour.core.options import check_option_types

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (4,)
"""Four players, partners opposite: seats 0 and 2 against 1 and 3."""
RANKS: Final = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
"""Metzker: "remove all but Ace to 9"."""
ORDER: Final = RankOrder(RANKS)
"""A plain suit from low to high: 9 10 J Q K A (the bowers sit above A in trump)."""
PACK: Final = stripped_pack(RANKS)
"""The 24 cards, in new-pack order."""
HAND_SIZE: Final = 5
"""Metzker: "5 cards are dealt to each player"."""
KITTY_SIZE: Final = len(PACK) - 4 * HAND_SIZE - 1
"""The kitty cards under the turn-up, never used (3)."""
TARGET_SCORE: Final = 10
"""Metzker: "First team to 10 wins the game"."""
TRICKS_TO_MAKE: Final = 3
"""The makers must take at least 3 of the 5 tricks, or they are euchred."""
POINT: Final = 1
"""Makers with 3 or 4 tricks (alone or not)."""
MARCH: Final = 2
"""Makers with all 5 tricks."""
LONE_MARCH: Final = 4
"""A lone maker with all 5 tricks ("double points")."""
EUCHRE: Final = 2
"""To the defenders when the makers take fewer than 3 tricks ("other team gets 2 points")."""
LONE_EUCHRE: Final = 4
"""To a lone defender who euchres the makers (OpenSpiel's `allow_lone_defender`)."""
LOW_RANKS: Final = frozenset({Rank.NINE, Rank.TEN})
"""No Ace-No Face: a hand of only these ranks is thrown in."""
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker rules (preset `metzker`)."""

    target_score: int = TARGET_SCORE
    """The first side to reach this many points wins (Metzker: 10)."""
    alone: bool = True
    """A maker may go alone when ordering up or naming trump; the partner sits out (Metzker)."""
    dealer_partner_alone: bool = True
    """The dealer's partner may order up only by going alone (Metzker: "If the partner of the
    dealer wants this trump they must go alone"). OpenSpiel: False. Without `alone` the
    dealer's partner orders up like anyone else."""
    stick_the_dealer: bool = False
    """Stick the dealer: in round two the dealer may not pass and must name a suit (no
    throw-in). Not in the Metzker rules; OpenSpiel's `stick_the_dealer` (its default: True)."""
    no_ace_no_face: bool = True
    """A hand dealt only nines and tens is thrown in and the deal passes left (Metzker).
    OpenSpiel has no such rule."""
    discard_upcard: bool = True
    """The dealer who picks up may discard the turned card itself (the usual reading; the seed
    is silent). OpenSpiel: False, the dealer discards one of the five dealt cards."""
    lone_defender: bool = False
    """Defending alone: once trump is made, each defender in turn from the dealer's left may
    defend alone (the partner sits out); a lone defender who euchres the makers scores 4.
    OpenSpiel's `allow_lone_defender`; not in the Metzker rules."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target_score <= 1_000:
            raise ValueError(f"target_score must be 1..1000 points, not {self.target_score}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker rules: to 10, going alone, the dealer's partner must go alone, No Ace-No
        Face, a throw-in when all pass twice."""
        return cls()

    @classmethod
    def openspiel(cls) -> Options:
        """OpenSpiel's Euchre rules (played here as a match to 10): stick the dealer, any maker
        may go alone or not, no No Ace-No Face, the dealer may not discard the turned card."""
        return cls(dealer_partner_alone=False, stick_the_dealer=True, no_ace_no_face=False, discard_upcard=False)


PRESETS: Final = (("metzker", Options.metzker()), ("openspiel", Options.openspiel()))
"""The Metzker rules, and the rules of OpenSpiel's Euchre (`GameSpec.presets`)."""
QUICK: Final = Options(target_score=5)
"""A short match for the generic sweeps: the Metzker rules to 5."""


# ---------------------------------------------------------------------------------------------
# Pure helpers


def hand_points(maker_tricks: int, *, alone: bool, lone_defender: bool = False) -> tuple[int, int]:
    """The points (makers, defenders) for a hand in which the makers took `maker_tricks` of 5.

    >>> hand_points(3, alone=False), hand_points(5, alone=True), hand_points(2, alone=True)
    ((1, 0), (4, 0), (0, 2))
    """
    if type(maker_tricks) is not int or not 0 <= maker_tricks <= HAND_SIZE:
        raise ValueError(f"the makers take 0..{HAND_SIZE} tricks, not {maker_tricks!r}")
    if maker_tricks < TRICKS_TO_MAKE:
        return (0, LONE_EUCHRE if lone_defender else EUCHRE)
    if maker_tricks < HAND_SIZE:
        return (POINT, 0)
    return (LONE_MARCH if alone else MARCH, 0)
