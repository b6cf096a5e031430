"""Auctions: the calls that settle who plays which contract, as data and pure functions.

The bidding primitive of the trick-taking family (Spades, Oh Hell, Five Hundred, Euchre, Bridge,
Pitch, Court Whist). A game keeps an `Auction` value in its state, offers `legal_calls(auction)`
as moves, applies them with `make_call`, and when `is_over` reads the `result`. Nothing here
knows a game by name: each game describes its bidding as data.

- A `Bid` is one thing a seat may bid: an amount, a strain, or a word of the game's own ("nil",
  "smudge"); its `str()` is the game's notation ("1NT", "60S", "3", "nil", "H").
- A `Ladder` lists a game's bids from lowest to highest, in steps; bids in one step rank equal
  (Five Hundred's four suits at the same points). `Ladder.of` and `Ladder.levels` build one.
- `AuctionRules` (bools, enums and small numbers) picks the shape (`AuctionKind`): every seat bids
  once (Spades, Oh Hell); a competitive auction in which each bid outranks the last (Bridge,
  Five Hundred, Pitch), with or without re-entry after a pass, doubles, a top bid that ends it,
  one round only; or Euchre's two rounds of ordering up and naming. `AllPass` says what
  happens when nobody bids.
- `new_auction` starts one deal's auction (the ladder, the dealer, the first seat to call, the
  seats out of it, Euchre's turned card, Oh Hell's forbidden total); calls (`Pass`, `BidCall`,
  `Double`, `Redouble`, `OrderUp`, `Name`) carry their seat and print as "pass", "bid 1NT",
  "double", "order up alone", "name S".
- `result` gives a `Contract` (bid, declarer, doubling, alone, forced), every seat's `Bids` (once
  around), `PassedOut` or `Redeal`.

Every value is a frozen attrs value of ints, bools, enums, short strings and tuples, so an
`Auction` stored in a game's state reads back through parlour's JSON; `check_auction` replays a
decoded auction's calls to refuse one that no sequence of legal calls produces.

>>> bridge = new_auction(
...     AuctionRules(doubling=True, sides=2, declarer_first_named=True, all_pass=AllPass.PASSED_OUT),
...     Ladder.levels(range(1, 8), (*SUIT_STRAINS, Strain.NO_TRUMP)), players=4, dealer=0, first=0)
>>> for text in ["1D", "pass", "1H", "double", "2H", "pass", "pass", "pass"]:
...     bridge = make_call(bridge, parse_call(bridge, text))
>>> print(result(bridge))
2H by seat 2
>>> oh_hell = new_auction(AuctionRules(kind=AuctionKind.ONCE_AROUND), Ladder.of(*range(4)),
...     players=3, dealer=2, forbidden_total=3)
>>> oh_hell = make_call(make_call(oh_hell, BidCall(0, Bid(1))), BidCall(1, Bid(1)))
>>> [str(call) for call in legal_calls(oh_hell)]  # the dealer may not make the total 3
['bid 0', 'bid 2', 'bid 3']
>>> spades = new_auction(AuctionRules(kind=AuctionKind.ONCE_AROUND),
...     Ladder.of(Bid(0, word="nil"), *range(1, 14)), players=4, dealer=3)
>>> for text in ["bid 4", "bid nil", "bid 3", "bid 5"]:
...     spades = make_call(spades, parse_call(spades, text))
>>> print(result(spades))
seat 0: 4, seat 1: nil, seat 2: 3, seat 3: 5
>>> make_call(new_auction(AuctionRules(), Ladder.of(2, 3, 4), players=4, dealer=3), Pass(2))
Traceback (most recent call last):
...
parlour.core.errors.IllegalMove: pass: it is seat 0's turn to call, not seat 2's
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final, NamedTuple, TypeAlias

import attrs

from parlour.core.cards import Suit
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.game import evolver
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.seats import check_seat, replace_at, seats_from
from parlour.core.values import raw_field

__all__ = [
    "CALL_TYPES",
    "MAX_SEATS",
    "MAX_AMOUNT",
    "MAX_WORD",
    "SUIT_STRAINS",
    "AllPass",
    "Auction",
    "AuctionKind",
    "AuctionRules",
    "Bid",
    "BidCall",
    "Bids",
    "Call",
    "Contract",
    "Double",
    "Doubling",
    "Ladder",
    "Name",
    "OrderUp",
    "Pass",
    "PassedOut",
    "Redeal",
    "Redouble",
    "Result",
    "Strain",
    "check_auction",
    "is_over",
    "legal_calls",
    "make_call",
    "make_legal_call",
    "new_auction",
    "parse_call",
    "read_call",
    "result",
    "to_act",
    "why_illegal",
]

MAX_SEATS: Final = 64
"""The most seats an auction's table may have (bounds what a decoded auction may allocate)."""
MAX_AMOUNT: Final = 1_000_000
"""The largest amount of a bid (points or tricks)."""
MAX_WORD: Final = 24
"""The longest word a game may give a bid ("double nil", "smudge")."""
_CALL_WORDS: Final = frozenset({"pass", "p", "double", "x", "redouble", "xx", "order up"})


# --- bids and ladders --------------------------------------------------------------------------


class Strain(enum.Enum):
    """The trump a bid names: a suit or no trump. Which strain outranks which is the ladder's."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NO_TRUMP = "NT"

    def __str__(self) -> str:
        return self.value

    @property
    def suit(self) -> Suit | None:
        """The trump suit this strain names (None for no trump)."""
        return None if self is Strain.NO_TRUMP else Suit.parse(self.value)


SUIT_STRAINS: Final = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES)
"""The four suit strains, clubs first (the bridge order, lowest to highest)."""


@attrs.frozen
class Bid:
    """One bid a game offers: an amount (tricks or points), a strain, or both, or a word.

    `str()` is the word when there is one ("nil", "smudge"), else the amount and strain ("1NT",
    "60S", "3", "H"). Equal bids are equal values; which bid outranks which is the `Ladder`'s.
    """

    amount: int | None = None
    """Tricks or points bid; what a forbidden total (Oh Hell) adds up. None: no amount (Euchre)."""
    strain: Strain | None = None
    """The trump named, if any."""
    word: str = ""
    """The game's own name for the bid, which is also its notation; empty: amount and strain."""

    def __attrs_post_init__(self) -> None:
        amount, strain, word = raw_field(self, "amount"), raw_field(self, "strain"), raw_field(self, "word")
        if amount is not None and (type(amount) is not int or not 0 <= amount <= MAX_AMOUNT):
            raise ValueError(f"a bid's amount is a whole number 0..{MAX_AMOUNT} or None, not {amount!r}")
        if strain is not None and not isinstance(strain, Strain):
            raise ValueError(f"a bid's strain is a Strain or None, not {strain!r}")
        if type(word) is not str or len(word) > MAX_WORD or not word.isprintable() or word != word.strip():
            raise ValueError(f"a bid's word is printable text of at most {MAX_WORD} characters, not {word!r}")
        if amount is None and strain is None and not word:
            raise ValueError("a bid needs an amount, a strain or a word")

    def __str__(self) -> str:
        if self.word:
            return self.word
        return ("" if self.amount is None else str(self.amount)) + ("" if self.strain is None else str(self.strain))


@attrs.frozen(cache_hash=True)
class Ladder:
    """A game's bids from lowest to highest, in steps: each step holds bids of equal rank.

    Bridge has one bid per step (1C < 1D < ... < 7NT); Five Hundred's four suits at one number
    of points share a step, below no trump at the same points. In an auction where every seat
    bids once the order does not matter; it is still the order `legal_calls` lists the bids in.
    """

    steps: tuple[tuple[Bid, ...], ...]

    def __attrs_post_init__(self) -> None:
        if type(self.steps) is not tuple or not self.steps:
            raise ValueError("a ladder needs at least one bid")
        seen: set[str] = set()
        for step in self.steps:
            if type(step) is not tuple or not step:
                raise ValueError("every step of a ladder holds at least one bid")
            for bid in step:
                if not isinstance(bid, Bid):
                    raise ValueError(f"a ladder holds Bid values, not {bid!r}")
                text = normalize(str(bid))
                if text in _CALL_WORDS:
                    raise ValueError(f"{bid} reads as a call, not a bid")
                if text in seen:
                    raise ValueError(f"the ladder lists {bid} twice (bids must differ in notation)")
                seen.add(text)

    @classmethod
    def of(cls, *bids: Bid | int) -> Ladder:
        """One bid per step, lowest first; a plain number is a bid of that amount."""
        return cls(tuple((bid if isinstance(bid, Bid) else Bid(bid),) for bid in bids))

    @classmethod
    def levels(cls, amounts: Iterable[int], strains: Sequence[Strain | Sequence[Strain]]) -> Ladder:
        """Every amount in every strain, amounts first: `strains` lists the strains from lowest to
        highest, a tuple of strains ranking equal (Five Hundred: `(SUIT_STRAINS, NO_TRUMP)`)."""
        tiers = [(tier,) if isinstance(tier, Strain) else tuple(tier) for tier in strains]
        return cls(tuple(tuple(Bid(amount, strain) for strain in tier) for amount in amounts for tier in tiers))

    @property
    def bids(self) -> tuple[Bid, ...]:
        """Every bid, lowest first."""
        return _layout(self).bids

    def __contains__(self, bid: object) -> bool:
        return isinstance(bid, Bid) and bid in _layout(self).rank

    def rank(self, bid: Bid) -> int:
        """The index of the bid's step (ValueError for a bid not on the ladder)."""
        try:
            return _layout(self).rank[bid]
        except KeyError:
            raise ValueError(f"{bid} is not a bid of this ladder") from None

    def above(self, bid: Bid | None) -> tuple[Bid, ...]:
        """The bids that outrank `bid`, lowest first (every bid when it is None)."""
        layout = _layout(self)
        return layout.bids if bid is None else layout.bids[layout.ends[self.rank(bid)] :]

    def lowest(self) -> tuple[Bid, ...]:
        """The bids of the lowest amount: what a dealer forced to take the bid may choose."""
        amount = self.bids[0].amount
        return tuple(bid for bid in self.bids if bid.amount == amount)

    def is_top(self, bid: Bid) -> bool:
        """Whether nothing outranks the bid."""
        return self.rank(bid) == len(self.steps) - 1

    def named(self, text: str) -> Bid | None:
        """The bid whose notation is `text` (case and spacing aside), or None."""
        return _layout(self).by_text.get(normalize(text))


class _Layout(NamedTuple):
    bids: tuple[Bid, ...]
    rank: dict[Bid, int]
    ends: tuple[int, ...]
    """For each step, the index in `bids` just past its last bid."""
    by_text: dict[str, Bid]


@lru_cache(maxsize=256)
def _layout(ladder: Ladder) -> _Layout:
    bids = tuple(bid for step in ladder.steps for bid in step)
    rank = {bid: i for i, step in enumerate(ladder.steps) for bid in step}
    ends, total = [], 0
    for step in ladder.steps:
        total += len(step)
        ends.append(total)
    return _Layout(bids, rank, tuple(ends), {normalize(str(bid)): bid for bid in bids})


# --- rules -------------------------------------------------------------------------------------


class AuctionKind(enum.Enum):
    """The shape of an auction."""

    ONCE_AROUND = enum.auto()
    """Every seat bids exactly once, in turn; bids need not rise and nobody passes (Spades, Oh
    Hell). The result is every seat's bid."""
    COMPETITIVE = enum.auto()
    """Each bid must outrank the current high bid; the high bidder wins the contract (Bridge,
    Five Hundred, Pitch)."""
    TWO_ROUNDS = enum.auto()
    """Euchre's making of trump: in round one each seat orders up the turned card's suit or
    passes; if all pass, in round two each seat names another suit or passes."""


class AllPass(enum.Enum):
    """What happens when every seat passes without a bid."""

    REDEAL = enum.auto()
    """The cards are thrown in and dealt again (Pitch, Euchre)."""
    DEALER_FORCED = enum.auto()
    """The dealer must take it: in a competitive auction, once all have passed the dealer
    chooses one of the lowest-amount bids (Five Hundred); in two rounds, the dealer may not pass
    in round two (stick the dealer)."""
    PASSED_OUT = enum.auto()
    """The deal scores nothing and the next dealer deals (Bridge)."""


class Doubling(enum.Enum):
    """Whether the current bid (and so the contract) is doubled or redoubled."""

    NONE = enum.auto()
    DOUBLED = enum.auto()
    REDOUBLED = enum.auto()


@attrs.frozen(kw_only=True)
class AuctionRules:
    """How a game's auction runs: the parts that stay the same from deal to deal.

    The defaults are a competitive auction in which a seat that passed may call again, that
    ends after a pass from every other seat following a bid, with a redeal when all pass.
    """

    kind: AuctionKind = AuctionKind.COMPETITIVE
    """The shape of the auction."""
    all_pass: AllPass = AllPass.REDEAL
    """What happens when every seat passes (competitive and two-round auctions)."""
    reenter: bool = True
    """A seat that passed may call again later (Bridge); False: a pass drops the seat out of the
    auction (Five Hundred, Pitch), which ends when one bidder remains."""
    closing_passes: int | None = None
    """Consecutive passes after a bid, double or redouble that end a re-entry auction (Bridge:
    3). None: one for every other seat in the auction."""
    one_round: bool = False
    """Each seat calls at most once: the auction ends when the last seat has called (Pitch)."""
    top_bid_ends: bool = False
    """A bid that nothing outranks ends the auction at once (Pitch's smudge, 125 no trump)."""
    doubling: bool = False
    """Double and redouble are calls (Bridge)."""
    sides: int = 0
    """Partnerships: seats `s` and `t` are partners when `s % sides == t % sides` (2: partners
    sit opposite); 0: every seat for itself. Doubles and the declarer rule read it."""
    declarer_first_named: bool = False
    """The declarer is the first seat of the winning side to have bid the final strain (Bridge);
    False: the seat that made the final bid."""
    alone: bool = False
    """A seat that orders up or names a suit may go alone (Euchre)."""
    dealer_partner_alone: bool = False
    """The dealer's partner may order up only by going alone (Euchre, as the Metzker seed says)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        closing = self.closing_passes
        if closing is not None and (type(closing) is not int or not 1 <= closing <= MAX_SEATS):
            raise ValueError(f"AuctionRules.closing_passes must be None or 1..{MAX_SEATS}, not {closing!r}")
        if not 0 <= self.sides <= MAX_SEATS:
            raise ValueError(f"AuctionRules.sides must be 0..{MAX_SEATS}, not {self.sides}")
        competitive = self.kind is AuctionKind.COMPETITIVE
        for name in ("doubling", "declarer_first_named", "one_round", "top_bid_ends"):
            if getattr(self, name) and not competitive:
                raise ValueError(f"AuctionRules.{name} belongs to a competitive auction, not {self.kind.name}")
        if not self.reenter and not competitive:
            raise ValueError(f"AuctionRules.reenter=False belongs to a competitive auction, not {self.kind.name}")
        if closing is not None and not (competitive and self.reenter):
            raise ValueError("AuctionRules.closing_passes belongs to a competitive auction with re-entry")
        for name in ("alone", "dealer_partner_alone"):
            if getattr(self, name) and self.kind is not AuctionKind.TWO_ROUNDS:
                raise ValueError(f"AuctionRules.{name} belongs to a two-round auction, not {self.kind.name}")
        if self.dealer_partner_alone and not (self.alone and self.sides):
            raise ValueError("AuctionRules.dealer_partner_alone needs alone=True and partnerships (sides)")


# --- calls -------------------------------------------------------------------------------------


@attrs.frozen
class Pass:
    """Makes no bid."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class BidCall:
    """Bids `bid` (in turn, once around; or outranking the current bid)."""

    player: int
    bid: Bid

    def __str__(self) -> str:
        return f"bid {self.bid}"


@attrs.frozen
class Double:
    """Doubles the opponents' current bid."""

    player: int

    def __str__(self) -> str:
        return "double"


@attrs.frozen
class Redouble:
    """Redoubles the opponents' double of one's own side's bid."""

    player: int

    def __str__(self) -> str:
        return "redouble"


@attrs.frozen
class OrderUp:
    """Round one of two: accepts the turned card's suit as trump, perhaps going alone."""

    player: int
    alone: bool = False

    def __str__(self) -> str:
        return "order up alone" if self.alone else "order up"


@attrs.frozen
class Name:
    """Round two of two: names a bid (a suit) other than the turned-down one, perhaps alone."""

    player: int
    bid: Bid
    alone: bool = False

    def __str__(self) -> str:
        return f"name {self.bid}" + (" alone" if self.alone else "")


Call: TypeAlias = Pass | BidCall | Double | Redouble | OrderUp | Name
CALL_TYPES: Final = (Pass, BidCall, Double, Redouble, OrderUp, Name)
"""Every call class (for a game's `move_types`)."""


# --- results -----------------------------------------------------------------------------------


@attrs.frozen
class Contract:
    """The outcome of a competitive or two-round auction: what is to be made and by whom."""

    bid: Bid
    declarer: int
    """The seat that plays the contract (Bridge: the first of its side to name the strain)."""
    bidder: int
    """The seat that made the final bid."""
    doubling: Doubling = Doubling.NONE
    alone: bool = False
    """The maker goes alone (Euchre)."""
    forced: bool = False
    """The dealer had to take the bid (every other call was a pass)."""

    def __str__(self) -> str:
        doubled = {Doubling.NONE: "", Doubling.DOUBLED: " doubled", Doubling.REDOUBLED: " redoubled"}
        extra = (" alone" if self.alone else "") + (" (forced)" if self.forced else "")
        return f"{self.bid}{doubled[self.doubling]} by seat {self.declarer}{extra}"


@attrs.frozen
class Bids:
    """The outcome of a once-around auction: each seat's bid, None for seats out of it."""

    by_seat: tuple[Bid | None, ...]

    def __str__(self) -> str:
        return ", ".join(f"seat {seat}: {bid}" for seat, bid in enumerate(self.by_seat) if bid is not None)


@attrs.frozen
class PassedOut:
    """Nobody bid: the deal scores nothing and the next dealer deals."""

    def __str__(self) -> str:
        return "passed out"


@attrs.frozen
class Redeal:
    """Nobody bid: the cards are thrown in and dealt again."""

    def __str__(self) -> str:
        return "redeal"


Result: TypeAlias = Contract | Bids | PassedOut | Redeal


# --- the auction -------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Auction:
    """The state of one deal's bidding. Build it with `new_auction`, advance it with `make_call`.

    The fields after `forbidden_total` follow from the calls (`check_auction` replays them).
    """

    rules: AuctionRules
    ladder: Ladder
    players: int
    """Seats at the table (the length of `active` and `bids`)."""
    dealer: int
    order: tuple[int, ...]
    """The seats taking part, in calling order from the first seat to call."""
    turned: Bid | None = None
    """Two rounds: the bid that ordering up accepts (the turned card's suit)."""
    forbidden_total: int | None = None
    """Once around: the total the last seat to bid may not make the bids' amounts reach."""
    calls: tuple[Call, ...] = ()
    turn: int | None
    """The seat to call; None once the auction is over."""
    round: int = 1
    """How many times the calling has gone round (round two of Euchre)."""
    passes: int = 0
    """Consecutive passes since the last bid, double or redouble (or since the start)."""
    active: tuple[bool, ...]
    """By seat: still in the auction (False for seats out of it and for passers who dropped out)."""
    bids: tuple[Bid | None, ...]
    """By seat: the last bid the seat made."""
    high: Bid | None = None
    """The current high bid (the contract once the auction is over)."""
    high_bidder: int | None = None
    doubling: Doubling = Doubling.NONE
    forced: bool = False
    """The dealer must bid (or had to): every other seat passed, or stick the dealer."""



_evolve: Final = evolver(Auction)
"""`attrs.evolve(auction, ...)` slot by slot: the transitions below run on every call a game applies."""

def new_auction(
    rules: AuctionRules,
    ladder: Ladder,
    *,
    players: int,
    dealer: int,
    first: int | None = None,
    out: Iterable[int] = (),
    turned: Bid | None = None,
    forbidden_total: int | None = None,
) -> Auction:
    """A fresh auction: `first` calls first (default: the dealer's left), then clockwise,
    skipping the seats in `out`.

    `turned` is the bid ordering up accepts (two rounds only); `forbidden_total` the total of
    amounts the last seat may not bring the bids to (once around only: Oh Hell's hook).
    """
    if not isinstance(rules, AuctionRules) or not isinstance(ladder, Ladder):
        raise ValueError("an auction needs AuctionRules and a Ladder")
    if type(players) is not int or not 1 <= players <= MAX_SEATS:
        raise ValueError(f"an auction has 1..{MAX_SEATS} seats, not {players!r}")
    check_seat("dealer", dealer, players)
    first = (dealer + 1) % players if first is None else first
    check_seat("first", first, players)
    left_out = frozenset(out)
    for seat in left_out:
        check_seat("out", seat, players)
    if first in left_out:
        raise ValueError(f"seat {first} is out of the auction, so it cannot call first")
    order = tuple(seat for seat in seats_from(first, players) if seat not in left_out)
    kind = rules.kind
    if (turned is None) != (kind is not AuctionKind.TWO_ROUNDS):
        raise ValueError("a two-round auction needs the turned bid; no other auction takes one")
    if turned is not None and turned not in ladder:
        raise ValueError(f"the turned bid {turned} is not on the ladder")
    if forbidden_total is not None:
        if kind is not AuctionKind.ONCE_AROUND:
            raise ValueError("a forbidden total belongs to a once-around auction")
        if type(forbidden_total) is not int or not 0 <= forbidden_total <= MAX_AMOUNT:
            raise ValueError(f"a forbidden total is a whole number 0..{MAX_AMOUNT}, not {forbidden_total!r}")
        if len({bid.amount or 0 for bid in ladder.bids}) < 2:
            raise ValueError("a forbidden total needs bids of at least two amounts, or the last seat could not bid")
    if rules.all_pass is AllPass.DEALER_FORCED and kind is not AuctionKind.ONCE_AROUND and dealer not in order:
        raise ValueError(f"the dealer (seat {dealer}) must take part when the dealer is forced to bid")
    return Auction(
        rules=rules,
        ladder=ladder,
        players=players,
        dealer=dealer,
        order=order,
        turned=turned,
        forbidden_total=forbidden_total,
        turn=order[0],
        active=tuple(seat in order for seat in range(players)),
        bids=(None,) * players,
    )


def to_act(auction: Auction) -> int | None:
    """The seat to call, or None when the auction is over."""
    return auction.turn


def is_over(auction: Auction) -> bool:
    """Whether the auction has ended (`result` is then ready)."""
    return auction.turn is None


def legal_calls(auction: Auction) -> tuple[Call, ...]:
    """The calls the seat to act may make (none once over), in a fixed order: pass, double,
    redouble, then the bids lowest first (order up before order up alone; each name before
    its alone form)."""
    seat = auction.turn
    if seat is None:
        return ()
    if auction.rules.kind is AuctionKind.ONCE_AROUND:
        return _legal_once_around(auction, seat)
    if auction.rules.kind is AuctionKind.TWO_ROUNDS:
        return _legal_two_rounds(auction, seat)
    return _legal_competitive(auction, seat)


def make_call(auction: Auction, call: Call) -> Auction:
    """The auction after `call`; IllegalMove naming the broken rule for an illegal call."""
    legal = legal_calls(auction)
    if call in legal:
        return _apply(auction, legal[legal.index(call)])
    raise IllegalMove(f"{call}: {why_illegal(auction, call)}")


def make_legal_call(auction: Auction, call: Call) -> Auction:
    """The auction after `call`, which must be one that `legal_calls(auction)` offered.

    The hot path of a game's `apply`, where `checked_apply` has already matched the move to a
    legal one: the call is not checked again. Anything else goes through `make_call`.
    """
    return _apply(auction, call)


def result(auction: Auction) -> Result:
    """What the finished auction settled; ValueError while it is still going."""
    if auction.turn is not None:
        raise ValueError(f"the auction is not over: seat {auction.turn} is to call")
    rules = auction.rules
    if rules.kind is AuctionKind.ONCE_AROUND:
        return Bids(auction.bids)
    if auction.high is None or auction.high_bidder is None:
        return PassedOut() if rules.all_pass is AllPass.PASSED_OUT else Redeal()
    last = auction.calls[-1] if auction.calls else None
    return Contract(
        bid=auction.high,
        declarer=_declarer(auction, auction.high, auction.high_bidder),
        bidder=auction.high_bidder,
        doubling=auction.doubling,
        alone=isinstance(last, (OrderUp, Name)) and last.alone,
        forced=auction.forced,
    )


def why_illegal(auction: Auction, call: object) -> str:
    """The rule an illegal call breaks, in words (for IllegalMove messages)."""
    if not isinstance(call, CALL_TYPES):
        return f"{call!r} is not a call"
    rules, seat, turn = auction.rules, call.player, auction.turn
    if turn is None:
        return "the auction is over"
    if seat != turn:
        if type(seat) is int and 0 <= seat < auction.players and not auction.active[seat]:
            if seat not in auction.order:
                return f"seat {seat} takes no part in this auction"
            return f"seat {seat} has passed and is out of the auction"
        return f"it is seat {turn}'s turn to call, not seat {seat}'s"
    kind = rules.kind
    if isinstance(call, (Double, Redouble)):
        return _why_not_doubling(auction, call)
    if isinstance(call, (BidCall, Name)) and call.bid not in auction.ladder:
        bids = ", ".join(str(bid) for bid in auction.ladder.bids[:8])
        more = ", ..." if len(auction.ladder.bids) > 8 else ""
        return f"{call.bid} is not a bid of this auction (its bids: {bids}{more})"
    if kind is AuctionKind.ONCE_AROUND:
        if not isinstance(call, BidCall):
            return "every seat bids exactly once: the only calls are bids"
        if auction.forbidden_total is None or seat != auction.order[-1]:
            return "not a legal call here"
        total = _total(auction) + (call.bid.amount or 0)
        return f"the last seat to bid may not make the bids total {total} (the forbidden total)"
    if kind is AuctionKind.TWO_ROUNDS:
        return _why_not_two_rounds(auction, call)
    if isinstance(call, (OrderUp, Name)):
        return "ordering up and naming a suit belong to a two-round auction"
    if auction.forced:
        lowest = ", ".join(str(bid) for bid in auction.ladder.lowest())
        dealer = auction.dealer
        return f"every seat passed, so the dealer (seat {dealer}) must take the bid at the lowest amount ({lowest})"
    if isinstance(call, BidCall) and auction.high is not None:
        return f"insufficient bid: {call.bid} does not outrank {auction.high}, bid by seat {auction.high_bidder}"
    return "not a legal call here"


def read_call(auction: Auction, text: str, player: int | None = None) -> Call:
    """The call that `text` writes, legal or not, for `player` (or a "2: ..." prefix, or the seat
    to act); NotationError for text that is no call. Besides each call's notation it reads
    "p", "x", "xx" and a bid's bare notation ("1NT"; a name in a two-round auction).

    `make_call(auction, read_call(auction, text))` explains an illegal call (use `parse_call`
    for a legal one).
    """
    seat, body = split_seat(text, player)
    seat = auction.turn if seat is None else seat
    if seat is None:
        raise NotationError(f"{text!r}: the auction is over, so no seat is to call")
    if not 0 <= seat < auction.players:
        raise NotationError(f"{text!r}: seat {seat} is not one of 0..{auction.players - 1}")
    words = normalize(body)
    if words in ("pass", "p"):
        return Pass(seat)
    if words in ("double", "x"):
        return Double(seat)
    if words in ("redouble", "xx"):
        return Redouble(seat)
    alone = words.endswith(" alone")
    core = words[: -len(" alone")] if alone else words
    if core == "order up":
        return OrderUp(seat, alone)
    verb, _, rest = core.partition(" ")
    bid = auction.ladder.named(rest) if verb in ("bid", "name") else None
    if bid is None and verb not in ("bid", "name"):
        bid, verb = auction.ladder.named(core), ""
    if bid is not None:
        two_rounds = auction.rules.kind is AuctionKind.TWO_ROUNDS
        if verb == "name" or (not verb and two_rounds):
            return Name(seat, bid, alone)
        if not alone:
            return BidCall(seat, bid)
    raise NotationError(
        f"{text!r} is not a call of this auction: write pass, bid <bid>, double, redouble, "
        "order up [alone] or name <bid> [alone]"
    )


def parse_call(auction: Auction, text: str, player: int | None = None) -> Call:
    """The legal call `text` names (see `read_call` for the forms read); NotationError naming
    the broken rule when the text is a call that is not legal here."""
    legal = legal_calls(auction)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        try:
            call = read_call(auction, text, player)
        except NotationError:
            raise exc from None
    if call in legal:
        return legal[legal.index(call)]
    raise NotationError(f"{text!r} is not a legal call here: {why_illegal(auction, call)}")


def check_auction(auction: Auction) -> None:
    """ValueError unless the auction is exactly what `new_auction` and its calls produce.

    For a game's `check_invariants`: a decoded auction is rebuilt from its setup and its calls
    are replayed, so a forged high bid, turn or seat list is refused with the field named.
    """
    if not isinstance(auction, Auction):
        raise ValueError(f"expected an Auction, not {type(auction).__name__}")
    players = auction.players
    if type(players) is not int or not 1 <= players <= MAX_SEATS:
        raise ValueError(f"auction.players: {players!r} is not 1..{MAX_SEATS}")
    if not auction.order:
        raise ValueError("auction.order: no seat takes part")
    for seat in auction.order:
        check_seat("auction.order", seat, players)
    try:
        replay = new_auction(
            auction.rules,
            auction.ladder,
            players=players,
            dealer=auction.dealer,
            first=auction.order[0],
            out=set(range(players)) - set(auction.order),
            turned=auction.turned,
            forbidden_total=auction.forbidden_total,
        )
    except ValueError as exc:
        raise ValueError(f"auction: not a valid setup: {exc}") from None
    for i, call in enumerate(auction.calls):
        try:
            replay = make_call(replay, call)
        except IllegalMove as exc:
            raise ValueError(f"auction.calls[{i}]: {exc}") from None
    for field in attrs.fields(Auction):
        stored, expected = getattr(auction, field.name), getattr(replay, field.name)
        if stored != expected:
            raise ValueError(f"auction.{field.name} is {stored!r}, but its setup and calls give {expected!r}")


# --- legal calls, kind by kind -----------------------------------------------------------------


def _legal_once_around(auction: Auction, seat: int) -> tuple[Call, ...]:
    bids = auction.ladder.bids
    # The last seat may not bring the bids to the forbidden total (Oh Hell's hook).
    if auction.forbidden_total is not None and seat == auction.order[-1]:
        so_far = _total(auction)
        bids = tuple(bid for bid in bids if so_far + (bid.amount or 0) != auction.forbidden_total)
    return tuple(BidCall(seat, bid) for bid in bids)


def _legal_competitive(auction: Auction, seat: int) -> tuple[Call, ...]:
    # A forced dealer takes the bid at the lowest amount.
    if auction.forced:
        return tuple(BidCall(seat, bid) for bid in auction.ladder.lowest())
    calls: list[Call] = [Pass(seat)]
    high_bidder = auction.high_bidder
    if auction.rules.doubling and high_bidder is not None:
        partners = _partners(auction.rules, seat, high_bidder)
        # Double an opponent's bid not yet doubled; redouble a double of one's own side's bid.
        if auction.doubling is Doubling.NONE and not partners:
            calls.append(Double(seat))
        elif auction.doubling is Doubling.DOUBLED and partners:
            calls.append(Redouble(seat))
    # A bid must outrank the current high bid.
    calls.extend(BidCall(seat, bid) for bid in auction.ladder.above(auction.high))
    return tuple(calls)


def _legal_two_rounds(auction: Auction, seat: int) -> tuple[Call, ...]:
    rules = auction.rules
    ways = (False, True) if rules.alone else (False,)
    if auction.round == 1:
        # The dealer's partner orders up only by going alone.
        if rules.dealer_partner_alone and _is_dealer_partner(auction, seat):
            ways = (True,)
        return (Pass(seat), *(OrderUp(seat, alone) for alone in ways))
    # Round two names any suit but the turned-down one; a stuck dealer may not pass.
    names = tuple(Name(seat, bid, alone) for bid in auction.ladder.bids if bid != auction.turned for alone in ways)
    return names if auction.forced else (Pass(seat), *names)


def _why_not_doubling(auction: Auction, call: Double | Redouble) -> str:
    high, bidder, seat = auction.high, auction.high_bidder, call.player
    if not auction.rules.doubling:
        return "there are no doubles in this auction"
    if auction.forced:
        return f"every seat passed, so the dealer (seat {auction.dealer}) must bid"
    if high is None or bidder is None:
        return "there is no bid to double"
    own = "its own" if bidder == seat else f"its partner's (seat {bidder})"
    if isinstance(call, Double):
        if auction.doubling is not Doubling.NONE:
            return f"{high} is already {auction.doubling.name.lower()}"
        return f"{high} is {own} bid: only an opponent's bid may be doubled"
    if auction.doubling is Doubling.NONE:
        return f"{high} has not been doubled"
    if auction.doubling is Doubling.REDOUBLED:
        return f"{high} is already redoubled"
    return f"{high} is the opponents' bid (seat {bidder}): only a double of one's own side's bid may be redoubled"


def _why_not_two_rounds(auction: Auction, call: Call) -> str:
    rules = auction.rules
    if isinstance(call, BidCall):
        return "round one orders up or passes, round two names a suit or passes: there are no plain bids"
    if isinstance(call, Pass):
        return f"stick the dealer: the dealer (seat {auction.dealer}) may not pass in round two"
    if getattr(call, "alone", False) and not rules.alone:
        return "going alone is not allowed"
    if isinstance(call, OrderUp):
        if auction.round != 1:
            return f"{auction.turned} was turned down: round two names a suit or passes"
        return f"seat {call.player} is the dealer's partner, so ordering up means going alone"
    if isinstance(call, Name):
        if auction.round == 1:
            return "round one orders up the turned suit or passes; naming a suit comes in round two"
        if call.bid == auction.turned:
            return f"{call.bid} was turned down and may not be named"
    return "not a legal call here"


# --- applying calls ----------------------------------------------------------------------------


def _apply(auction: Auction, call: Call) -> Auction:
    """The auction after a legal call."""
    seat, calls, rules = call.player, (*auction.calls, call), auction.rules
    if rules.kind is AuctionKind.ONCE_AROUND:
        assert isinstance(call, BidCall)
        following, wrapped = _following(auction, seat)
        bids = replace_at(auction.bids, seat, call.bid)
        return _evolve(auction, calls=calls, bids=bids, turn=None if wrapped else following)
    if isinstance(call, (BidCall, OrderUp, Name)):
        bid = auction.turned if isinstance(call, OrderUp) else call.bid
        assert bid is not None
        made = _evolve(
            auction,
            calls=calls,
            high=bid,
            high_bidder=seat,
            bids=replace_at(auction.bids, seat, bid),
            doubling=Doubling.NONE,
            passes=0,
        )
        # A making call (two rounds), a forced bid or a top bid (if the rules say so) ends it.
        if not isinstance(call, BidCall) or auction.forced or (rules.top_bid_ends and auction.ladder.is_top(bid)):
            return _evolve(made, turn=None)
        return _advance(made, seat)
    if isinstance(call, Double):
        return _advance(_evolve(auction, calls=calls, doubling=Doubling.DOUBLED, passes=0), seat)
    if isinstance(call, Redouble):
        return _advance(_evolve(auction, calls=calls, doubling=Doubling.REDOUBLED, passes=0), seat)
    # A pass drops the seat out of a competitive auction without re-entry.
    drops = not rules.reenter and rules.kind is AuctionKind.COMPETITIVE
    active = replace_at(auction.active, seat, False) if drops else auction.active
    passed = _evolve(auction, calls=calls, passes=auction.passes + 1, active=active)
    if rules.kind is AuctionKind.TWO_ROUNDS:
        return _advance_two_rounds(passed, seat)
    return _advance(passed, seat)


def _advance(auction: Auction, seat: int) -> Auction:
    """After `seat`'s call in a competitive auction: the end, a forced dealer, or the next seat."""
    rules = auction.rules
    if auction.high is None:
        # Every seat passed.
        if auction.passes >= len(auction.order):
            if rules.all_pass is AllPass.DEALER_FORCED:
                return _evolve(auction, turn=auction.dealer, forced=True)
            return _evolve(auction, turn=None)
    elif not rules.reenter:
        # Passers drop out: the auction ends when one bidder remains.
        if sum(auction.active) <= 1:
            return _evolve(auction, turn=None)
    else:
        # Re-entry: the auction ends after the closing passes.
        closing = len(auction.order) - 1 if rules.closing_passes is None else rules.closing_passes
        if auction.passes >= closing:
            return _evolve(auction, turn=None)
    following, wrapped = _following(auction, seat)
    if wrapped and rules.one_round:
        return _evolve(auction, turn=None)
    return _evolve(auction, turn=following, round=auction.round + wrapped)


def _advance_two_rounds(auction: Auction, seat: int) -> Auction:
    """After a pass in a two-round auction: the next seat, round two, or the end."""
    following, wrapped = _following(auction, seat)
    if wrapped and auction.round == 2:
        return _evolve(auction, turn=None)
    round_ = auction.round + wrapped
    forced = _stuck(auction.rules, round_, following, auction.dealer)
    return _evolve(auction, turn=following, round=round_, forced=forced)


# --- small helpers -----------------------------------------------------------------------------


def _following(auction: Auction, seat: int) -> tuple[int, bool]:
    """The next seat in calling order still in the auction, and whether the calling wrapped
    round to the start of the order to reach it."""
    order = auction.order
    here = order.index(seat)
    for step in range(1, len(order) + 1):
        there = (here + step) % len(order)
        if auction.active[order[there]]:
            return order[there], there <= here
    raise ValueError("no seat is left in the auction")


def _stuck(rules: AuctionRules, round_: int, seat: int, dealer: int) -> bool:
    """Stick the dealer: in round two of two the dealer may not pass."""
    two_rounds = rules.kind is AuctionKind.TWO_ROUNDS
    return two_rounds and rules.all_pass is AllPass.DEALER_FORCED and round_ == 2 and seat == dealer


def _partners(rules: AuctionRules, a: int, b: int) -> bool:
    """Whether two seats are on one side (a seat is always on its own side)."""
    return a == b or (rules.sides > 0 and a % rules.sides == b % rules.sides)


def _is_dealer_partner(auction: Auction, seat: int) -> bool:
    return seat != auction.dealer and _partners(auction.rules, seat, auction.dealer)


def _total(auction: Auction) -> int:
    """The amounts bid so far (once around)."""
    return sum(bid.amount or 0 for bid in auction.bids if bid is not None)


def _declarer(auction: Auction, high: Bid, bidder: int) -> int:
    """The final bidder, or under the first-named rule the first of its side to bid the strain."""
    if not auction.rules.declarer_first_named or high.strain is None:
        return bidder
    for call in auction.calls:
        named = isinstance(call, BidCall) and call.bid.strain is high.strain
        if named and _partners(auction.rules, call.player, bidder):
            return call.player
    return bidder
