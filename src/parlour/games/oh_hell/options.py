"""Oh Hell! rules as data: the rule tables, the option enums, `Options` with its presets, and
the pure helpers that follow from the options alone.

The pack, the player counts, Metzker's peaks and the points of the two books and of OpenSpiel;
`Options` names every rule that differs between them. Last come the schedule of hand sizes
(`peak_size`, `hand_sizes`, `hand_count`), which hands are blind or hooked, and `score_bid`,
the points of one seat's hand.
"""

from __future__ import annotations

import enum
import functools
from typing import Final

import attrs

from parlour.core.auction import AuctionKind, AuctionRules
from parlour.core.cards import Suit, standard_pack
from parlour.core.options import check_option_types

# ---------------------------------------------------------------------------------------------
# Rule tables

PACK: Final = standard_pack()
"""One 52-card pack, ace high in every suit (both books)."""
PLAYERS: Final = (3, 4, 5, 6, 7)
"""Both books: three to seven players (OpenSpiel too)."""
METZKER_PEAKS: Final = {3: 10, 4: 10, 5: 10, 6: 7, 7: 7}
"""Metzker: "Play to 10 if there are 3 to 5 people, play to 7 if there are 6 or 7 people"."""
MADE_BONUS: Final = 10
"""Metzker: a made bid gets "a 1 in front" (10 + bid); OpenSpiel's bonus for a made bid."""
BOOK_POINTS: Final = 10
"""Book: ten points for each trick of a made bid, ten for a made zero, and ten lost for each
trick a missed bid is over or under."""
MAX_HANDS: Final = 100
"""The most hands the fixed and random schedules may be set to play."""
MAX_POINTS_PER_TRICK: Final = 100
"""The largest `points_per_trick` accepted."""
MAX_SIZE: Final = len(PACK) // min(PLAYERS)
"""The largest hand any rules deal (17 cards each to three players)."""
HIDDEN_BID: Final = -1
"""What a view shows for another seat's blind bid before the bids are shown."""
AUCTION_RULES: Final = AuctionRules(kind=AuctionKind.ONCE_AROUND)
"""Every seat bids once, in turn from the dealer's left (core's once-around auction)."""
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


class Schedule(enum.Enum):
    """How many cards each hand deals, and so how many hands the game has."""

    UP_AND_DOWN = 0
    """1, 2, ... up to the peak, then back down to 1; the peak is played once (both books)."""
    FIXED = 1
    """`hands` hands, each at the peak size (OpenSpiel's ``num_tricks_fixed``, with `max_cards`)."""
    RANDOM = 2
    """`hands` hands, each of a size drawn from 1 to the peak (OpenSpiel's default)."""


class Peak(enum.Enum):
    """The largest hand (before `max_cards` lowers it)."""

    PACK = 0
    """As many as every player can be dealt equally, 52 // players (book); a hand that uses the
    whole pack has no trump."""
    TRUMP = 1
    """As many as leave a card to turn up, 51 // players (OpenSpiel)."""
    METZKER = 2
    """10 for 3-5 players, 7 for 6-7 (Metzker)."""


class Scoring(enum.Enum):
    """What a hand scores for a seat's bid and the tricks it took."""

    BOOK = 0
    """Made: 10 a trick bid, 10 for a made zero; missed: minus 10 a trick over or under (book)."""
    METZKER = 1
    """Made: 10 + the bid; missed: nothing (Metzker)."""
    PER_TRICK = 2
    """`points_per_trick` for every trick taken, plus 10 when the bid is made (OpenSpiel)."""
    OFF_BID_PENALTY = 3
    """Made: `points_per_trick` a trick taken plus 10; missed: minus `points_per_trick` a trick
    over or under (OpenSpiel's ``off_bid_penalty``)."""


# ---------------------------------------------------------------------------------------------
# Options

@attrs.frozen(kw_only=True, cache_hash=True)
class Options:
    """Rule options; the defaults are the Book of Card Games rules, preset `book`."""

    schedule: Schedule = Schedule.UP_AND_DOWN
    """Hand sizes: up to the peak and down again (both books), or `hands` hands of the peak
    size or of random sizes (OpenSpiel)."""
    peak: Peak = Peak.PACK
    """The largest hand: 52 // players (book), 51 // players (OpenSpiel) or 10 / 7 (Metzker)."""
    max_cards: int = 0
    """House rule for a shorter game: no hand larger than this (0: the peak rule alone)."""
    hands: int = 1
    """Hands played under the FIXED and RANDOM schedules (OpenSpiel plays one); must stay 1
    under UP_AND_DOWN, whose length the peak sets."""
    scoring: Scoring = Scoring.BOOK
    """The points of a hand: book, Metzker (10 + bid), or OpenSpiel's per-trick scorings."""
    points_per_trick: int = 1
    """OpenSpiel's ``points_per_trick``, for the PER_TRICK and OFF_BID_PENALTY scorings."""
    hook: bool = True
    """The dealer, bidding last, may not make the bids total the number of tricks (both books)."""
    blind_first_hand: bool = False
    """Metzker: the first hand is bid by all at once, unseen, and without the hook."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 0 <= self.max_cards <= len(PACK):
            raise ValueError(f"max_cards must be 0 (no limit) or a hand size up to {len(PACK)}, not {self.max_cards}")
        if not 1 <= self.hands <= MAX_HANDS:
            raise ValueError(f"hands must be 1..{MAX_HANDS}, not {self.hands}")
        if self.schedule is Schedule.UP_AND_DOWN and self.hands != 1:
            raise ValueError("hands counts the hands of the fixed and random schedules; up and down sets its own")
        if not 0 <= self.points_per_trick <= MAX_POINTS_PER_TRICK:
            raise ValueError(f"points_per_trick must be 0..{MAX_POINTS_PER_TRICK}, not {self.points_per_trick}")

    @classmethod
    def book(cls) -> Options:
        """The Book of Card Games: up to 52 // players and down, 10 a trick bid, -10 a trick off."""
        return cls()

    @classmethod
    def metzker(cls) -> Options:
        """Metzker: up to 10 (3-5) or 7 (6-7) and down, blind first hand, 10 + bid when made."""
        return cls(peak=Peak.METZKER, scoring=Scoring.METZKER, blind_first_hand=True)

    @classmethod
    def openspiel(cls) -> Options:
        """OpenSpiel's defaults: one hand of a random size up to 51 // players, a point per
        trick taken and 10 for a made bid."""
        return cls(schedule=Schedule.RANDOM, peak=Peak.TRUMP, scoring=Scoring.PER_TRICK)


PRESETS: Final = (
    ("book", Options.book()),
    ("metzker", Options.metzker()),
    ("openspiel", Options.openspiel()),
)
"""The rule sets by name (`GameSpec.presets`): the two books and OpenSpiel's."""
QUICK: Final = Options(max_cards=4)
"""A short match for the generic sweeps: the book rules with hands of 1, 2, 3, 4, 3, 2, 1 cards
(under a hundred plies with four players)."""


# ---------------------------------------------------------------------------------------------
# Pure helpers


@functools.lru_cache(maxsize=64)
def peak_size(options: Options, players: int) -> int:
    """The largest hand of a game of `players` under `options`."""
    if options.peak is Peak.METZKER:
        top = METZKER_PEAKS[players]
    elif options.peak is Peak.TRUMP:
        top = (len(PACK) - 1) // players
    else:
        top = len(PACK) // players
    return min(top, options.max_cards) if options.max_cards else top


@functools.lru_cache(maxsize=64)
def hand_sizes(options: Options, players: int) -> tuple[int, ...]:
    """The size of every hand in order (ValueError for the random schedule, drawn hand by hand).

    >>> hand_sizes(Options.book(), 5)
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    """
    top = peak_size(options, players)
    if options.schedule is Schedule.UP_AND_DOWN:
        return (*range(1, top + 1), *range(top - 1, 0, -1))
    if options.schedule is Schedule.FIXED:
        return (top,) * options.hands
    raise ValueError("the random schedule draws each hand's size when it is dealt")


def hand_count(options: Options, players: int) -> int:
    """How many hands the game has."""
    if options.schedule is Schedule.UP_AND_DOWN:
        return 2 * peak_size(options, players) - 1
    return options.hands


def hook_applies(options: Options, hand: int) -> bool:
    """Whether the dealer's hook binds in hand number `hand` (never in a blind hand)."""
    return options.hook and not is_blind(options, hand)


def is_blind(options: Options, hand: int) -> bool:
    """Whether hand number `hand` is bid blind, all at once (Metzker's first hand)."""
    return options.blind_first_hand and hand == 1


def score_bid(options: Options, bid: int, taken: int) -> int:
    """The points of one seat's hand: its bid against the tricks it took.

    >>> score_bid(Options.metzker(), 2, 2), score_bid(Options.book(), 2, 4), score_bid(Options.openspiel(), 1, 3)
    (12, -20, 3)
    """
    made = bid == taken
    scoring = options.scoring
    if scoring is Scoring.BOOK:
        if made:
            return BOOK_POINTS * bid if bid else BOOK_POINTS
        return -BOOK_POINTS * abs(taken - bid)
    if scoring is Scoring.METZKER:
        return MADE_BONUS + bid if made else 0
    per = options.points_per_trick
    if scoring is Scoring.PER_TRICK:
        return per * taken + (MADE_BONUS if made else 0)
    return per * taken + MADE_BONUS if made else -per * abs(taken - bid)


@functools.lru_cache(maxsize=512)
def _point_range(options: Options, size: int) -> tuple[int, int]:
    """The least and most one seat may score in a hand of `size` tricks."""
    points = [score_bid(options, b, t) for b in range(size + 1) for t in range(size + 1)]
    return min(points), max(points)


def players_for(options: Options) -> tuple[int, ...]:
    """The player counts `options` allow (`GameSpec.players_for`): 3 to 7 under every preset."""
    return PLAYERS


