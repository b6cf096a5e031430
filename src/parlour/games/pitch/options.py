"""Pitch rules as data: the rule tables, `Options` and its presets, and the auction's shape.

The pack and the six-card hand, the player counts, the targets the Hoyle Card Games manual
names, the bids (2, 3, 4 and smudge), the four points in the order they are paid and the card
values for Game; `Options` names every rule a table may choose; last, core's auction rules and
the bid ladders with and without smudge.
"""

from __future__ import annotations

from typing import Final

import attrs

from parlour.core.auction import AllPass, AuctionKind, AuctionRules, Bid, Ladder
from parlour.core.cards import Rank, standard_pack
from parlour.core.options import check_option_types
from parlour.core.tricks import point_table

# ---------------------------------------------------------------------------------------------
# Rule tables

PACK: Final = standard_pack()
"""The 52 cards in new-pack order."""
HAND_SIZE: Final = 6
""""each player is dealt six cards"."""
PLAYERS: Final = (2, 3, 4, 5, 6, 7)
"""Player counts allowed (four is the manual's table; six cards each leaves a stock for up to 7)."""
DEFAULT_PLAYERS: Final = 4
TARGETS: Final = (7, 11, 21)
"""The winning scores the manual names; `Options.target` may be any of them (or another)."""
TARGET: Final = 11
"""The default target: the manual's worked example plays to 11."""
BIDS: Final = (2, 3, 4)
"""The plain bids: how many of the four points the pitcher undertakes to take."""
SMUDGE: Final = 5
"""Smudge "is really a bid of five": all four points and all six tricks, worth 5."""
POINTS: Final = ("high", "low", "jack", "game")
"""The four points, in the order they are paid."""
GAME_POINTS: Final = point_table(ranks={Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1})
"""Game points of each card: 10s 10, aces 4, kings 3, queens 2, jacks 1, others 0."""
MAX_SEATS: Final = max(PLAYERS)
QUICK_TARGET: Final = 7
"""The short match of the generic sweeps: the manual's short game to 7 (out the back door at -7)."""


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Hoyle Card Games manual's game to 11 (preset `hoyle`)."""

    target: int = TARGET
    """The winning score: the first player to reach it wins (the manual names 7, 11 or 21)."""
    smudge: bool = True
    """Smudge, a bid of 5 (all four points and all six tricks), may be bid (the manual has it)."""
    low_to_holder: bool = False
    """Low goes to the player who was dealt the lowest trump, not to whoever captures it (the
    rule of many Auction Pitch books; the manual gives Low to the trick's winner)."""
    bidder_out_first: bool = False
    """The pitcher's points are paid first when the bid is made, so a pitcher reaching the target
    wins even if another player would reach it on an earlier point (house rule; the manual pays
    High, Low, Jack, Game in order whoever took them)."""

    back_door: bool = True
    """Going out the back door (a common Setback rule; the manual does not say how low a score
    may go): a hand that leaves a player at minus the target or lower ends the game, and the
    highest score wins (equal highest share the win). Without it a match where every bid fails
    never ends; the presets, the manual's own rules, leave it out."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 1_000:
            raise ValueError(f"target must be a score 1..1000 (the manual plays to 7, 11 or 21), not {self.target}")

    @classmethod
    def hoyle(cls) -> Options:
        """The Hoyle Card Games manual as written: smudge, Low by capture, game to 11, no back door."""
        return cls(back_door=False)

    @classmethod
    def hoyle_7(cls) -> Options:
        """The manual's short game, to 7."""
        return cls(target=7, back_door=False)

    @classmethod
    def hoyle_21(cls) -> Options:
        """The manual's long game, to 21."""
        return cls(target=21, back_door=False)


PRESETS: Final = (("hoyle", Options.hoyle()), ("hoyle_7", Options.hoyle_7()), ("hoyle_21", Options.hoyle_21()))
"""The manual's three targets, by name (`GameSpec.presets`)."""
QUICK: Final = Options(target=QUICK_TARGET)
_DEFAULTS: Final = Options()

AUCTION_RULES: Final = AuctionRules(
    kind=AuctionKind.COMPETITIVE, all_pass=AllPass.REDEAL, reenter=False, one_round=True, top_bid_ends=True
)
"""Core's competitive auction, once around: a pass is final, smudge ends it, all pass: redeal."""
_BID_OF: Final = {**{b: Bid(b) for b in BIDS}, SMUDGE: Bid(SMUDGE, word="smudge")}
LADDERS: Final = {True: Ladder.of(*(_BID_OF[b] for b in (*BIDS, SMUDGE))), False: Ladder.of(*BIDS)}
"""The bids lowest first, with and without smudge."""
