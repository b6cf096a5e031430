"""Unit tests for core/auction: a table of auctions from the bidding games, legal call lists,
notation, refusals, JSON and replay checks.

The rules come from ../shared/rules/tricks.md (sections 2, 3, 4, 8, 9, 10 and 11) and the seeds
it cites: Bridge (003), Five Hundred, Euchre, Oh Hell, Court Whist (001), Pitch and Spades (004).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.auction import (
    CALL_TYPES,
    SUIT_STRAINS,
    AllPass,
    Auction,
    AuctionKind,
    AuctionRules,
    Bid,
    BidCall,
    Bids,
    Contract,
    Double,
    Doubling,
    Ladder,
    Name,
    OrderUp,
    Pass,
    PassedOut,
    Redeal,
    Redouble,
    Result,
    Strain,
    check_auction,
    is_over,
    legal_calls,
    make_call,
    new_auction,
    parse_call,
    read_call,
    result,
    to_act,
    why_illegal,
)
from parlour.core.cards import Suit
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.serialize import decode_value, encode_value

C, D, H, S, NT = Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NO_TRUMP

# --- each game's auction, as data -------------------------------------------------------------

BRIDGE = AuctionRules(all_pass=AllPass.PASSED_OUT, doubling=True, sides=2, declarer_first_named=True)
BRIDGE_BIDS = Ladder.levels(range(1, 8), (C, D, H, S, NT))
FIVE_HUNDRED = AuctionRules(all_pass=AllPass.DEALER_FORCED, reenter=False, top_bid_ends=True, sides=2)
FIVE_HUNDRED_BIDS = Ladder.levels(range(60, 130, 5), (SUIT_STRAINS, NT))
FIVE_HUNDRED_REDEAL = attrs.evolve(FIVE_HUNDRED, all_pass=AllPass.REDEAL)
PITCH = AuctionRules(reenter=False, one_round=True, top_bid_ends=True)
PITCH_BIDS = Ladder.of(2, 3, 4, Bid(5, word="smudge"))
SPADES = AuctionRules(kind=AuctionKind.ONCE_AROUND, sides=2)
SPADES_BIDS = Ladder.of(Bid(0, word="nil"), Bid(0, word="double nil"), *range(1, 14))
OH_HELL = AuctionRules(kind=AuctionKind.ONCE_AROUND)
EUCHRE = AuctionRules(kind=AuctionKind.TWO_ROUNDS, alone=True, sides=2, dealer_partner_alone=True)
EUCHRE_STICK = attrs.evolve(EUCHRE, all_pass=AllPass.DEALER_FORCED)
EUCHRE_SUITS = Ladder.of(*(Bid(strain=strain) for strain in SUIT_STRAINS))
TURNED_HEARTS = Bid(strain=H)
CORONATION = AuctionRules(kind=AuctionKind.ONCE_AROUND)


def bridge() -> Auction:
    """Dealer seat 0 (North) calls first (seed 003: the bidding starts with the dealer)."""
    return new_auction(BRIDGE, BRIDGE_BIDS, players=4, dealer=0, first=0)


def five_hundred() -> Auction:
    """Dealer seat 3; seat 0, on the dealer's left, calls first."""
    return new_auction(FIVE_HUNDRED, FIVE_HUNDRED_BIDS, players=4, dealer=3)


def five_hundred_redeal() -> Auction:
    return new_auction(FIVE_HUNDRED_REDEAL, FIVE_HUNDRED_BIDS, players=4, dealer=3)


def pitch() -> Auction:
    return new_auction(PITCH, PITCH_BIDS, players=4, dealer=3)


def spades() -> Auction:
    return new_auction(SPADES, SPADES_BIDS, players=4, dealer=3)


def oh_hell() -> Auction:
    """Three players, three cards each: the dealer (seat 2) may not make the bids total 3."""
    return new_auction(OH_HELL, Ladder.of(*range(4)), players=3, dealer=2, forbidden_total=3)


def euchre() -> Auction:
    """Dealer seat 0 turned up a heart; seat 1 calls first and seat 2 is the dealer's partner."""
    return new_auction(EUCHRE, EUCHRE_SUITS, players=4, dealer=0, turned=TURNED_HEARTS)


def euchre_stick() -> Auction:
    return new_auction(EUCHRE_STICK, EUCHRE_SUITS, players=4, dealer=0, turned=TURNED_HEARTS)


def coronation() -> Auction:
    """Court Whist game 1: only the holder of the king (seat 2) declares trump."""
    return new_auction(CORONATION, EUCHRE_SUITS, players=4, dealer=0, first=2, out=(0, 1, 3))


def play(auction: Auction, texts: str) -> Auction:
    """Applies comma-separated calls, each read with `read_call` (so illegal ones reach make_call)."""
    for text in texts.split(","):
        auction = make_call(auction, read_call(auction, text))
    return auction


@attrs.frozen
class Refused:
    """The last call of the row is refused with a message containing `fragment`."""

    fragment: str


def contract(
    bid: Bid,
    declarer: int,
    *,
    bidder: int | None = None,
    doubling: Doubling = Doubling.NONE,
    alone: bool = False,
    forced: bool = False,
) -> Contract:
    """The expected contract; the bidder is the declarer unless named."""
    bidder = declarer if bidder is None else bidder
    return Contract(bid=bid, declarer=declarer, bidder=bidder, doubling=doubling, alone=alone, forced=forced)


DOUBLED, REDOUBLED = Doubling.DOUBLED, Doubling.REDOUBLED
NIL, DOUBLE_NIL, SMUDGE = Bid(0, word="nil"), Bid(0, word="double nil"), Bid(5, word="smudge")

# Each row: a name, the setup, the calls (comma-separated, read with read_call), and the result
# or the refusal of the last call.
TABLE: list[tuple[str, Callable[[], Auction], str, Result | Refused]] = [
    # Bridge (seed 003, tricks.md section 9).
    ("bridge one club passed round", bridge, "1C, P, P, P", contract(Bid(1, C), 0)),
    ("bridge passed out", bridge, "P, P, P, P", PassedOut()),
    ("bridge opening after passes", bridge, "P, P, 1S, P, P, P", contract(Bid(1, S), 2)),
    (
        "bridge declarer is the partner who named the strain first",
        bridge,
        "1H, X, XX, 2C, P, P, 2H, P, P, P",
        contract(Bid(2, H), 0, bidder=2),
    ),
    ("bridge tricks.md test 3", bridge, "1D, P, 1H, P, 2H, P, P, P", contract(Bid(2, H), 2, bidder=0)),
    ("bridge doubled", bridge, "1H, X, P, P, P", contract(Bid(1, H), 0, doubling=DOUBLED)),
    ("bridge redoubled", bridge, "1H, X, XX, P, P, P", contract(Bid(1, H), 0, doubling=REDOUBLED)),
    ("bridge double in the pass-out seat", bridge, "1S, P, P, X, P, P, P", contract(Bid(1, S), 0, doubling=DOUBLED)),
    ("bridge redouble after passes", bridge, "1S, X, P, P, XX, P, P, P", contract(Bid(1, S), 0, doubling=REDOUBLED)),
    ("bridge new bid clears the double", bridge, "1H, X, 1S, P, P, P", contract(Bid(1, S), 2)),
    ("bridge seven no trump", bridge, "7NT, P, P, P", contract(Bid(7, NT), 0)),
    (
        "bridge double of partner refused",
        bridge,
        "1H, P, X",
        Refused("1H is its partner's (seat 0) bid: only an opponent's bid may be doubled"),
    ),
    ("bridge partner doubles after a pass", bridge, "P, 1D, P, X", Refused("1D is its partner's (seat 1) bid")),
    ("bridge double twice refused", bridge, "1H, X, P, X", Refused("1H is already doubled")),
    ("bridge redouble of opponents refused", bridge, "1H, X, P, XX", Refused("1H is the opponents' bid (seat 0)")),
    ("bridge redouble without double refused", bridge, "1H, XX", Refused("1H has not been doubled")),
    ("bridge redouble after new bid refused", bridge, "1H, X, 2C, XX", Refused("2C has not been doubled")),
    ("bridge double with no bid refused", bridge, "P, X", Refused("there is no bid to double")),
    ("bridge insufficient bid refused", bridge, "1NT, 1S", Refused("insufficient bid: 1S does not outrank 1NT")),
    ("bridge equal bid refused", bridge, "1H, 1H", Refused("insufficient bid: 1H does not outrank 1H")),
    ("bridge call out of turn refused", bridge, "1C, 2: 1D", Refused("it is seat 1's turn to call, not seat 2's")),
    # Five Hundred (seed 001 "500 Rummy", tricks.md section 3): passers drop out.
    (
        "five hundred three passes leave the declarer",
        five_hundred,
        "60S, 60NT, 65H, P, 65NT, P, P",
        contract(Bid(65, NT), 0),
    ),
    ("five hundred first bid wins when all others pass", five_hundred, "P, 60H, P, P", contract(Bid(60, H), 1)),
    (
        "five hundred passer may not re-enter",
        five_hundred,
        "60S, P, 65H, P, 1: 70S",
        Refused("seat 1 has passed and is out of the auction"),
    ),
    ("five hundred equal suits do not outbid", five_hundred, "70H, 70S", Refused("70S does not outrank 70H")),
    ("five hundred no trump outbids a suit", five_hundred, "70H, 70NT, P, P, P", contract(Bid(70, NT), 1)),
    ("five hundred dealer forced when all pass", five_hundred, "P, P, P, P, 60H", contract(Bid(60, H), 3, forced=True)),
    (
        "five hundred forced dealer may not pass",
        five_hundred,
        "P, P, P, P, P",
        Refused("the dealer (seat 3) must take the bid at the lowest amount (60C, 60D, 60H, 60S, 60NT)"),
    ),
    ("five hundred forced dealer bids the minimum", five_hundred, "P, P, P, P, 65C", Refused("at the lowest amount")),
    ("five hundred top bid ends the auction", five_hundred, "60S, 125NT", contract(Bid(125, NT), 1)),
    ("five hundred redeal when all pass", five_hundred_redeal, "P, P, P, P", Redeal()),
    # Pitch (seed 004): one round, bids 2, 3, 4, smudge; all pass redeals.
    ("pitch one round: highest bid wins", pitch, "2, 3, P, P", contract(Bid(3), 1)),
    ("pitch dealer bids last", pitch, "P, P, 2, 4", contract(Bid(4), 3)),
    ("pitch redeal when all pass", pitch, "P, P, P, P", Redeal()),
    ("pitch smudge ends the auction at once", pitch, "2, smudge", contract(SMUDGE, 1)),
    ("pitch no second chance", pitch, "2, 3, P, P, 0: 4", Refused("the auction is over")),
    # Spades (seed 004): once around from the dealer's left; nil and double nil.
    ("spades once around with nil", spades, "3, nil, 4, double nil", Bids((Bid(3), NIL, Bid(4), DOUBLE_NIL))),
    ("spades bids need not rise", spades, "5, 2, 1, 1", Bids((Bid(5), Bid(2), Bid(1), Bid(1)))),
    ("spades nobody passes", spades, "3, P", Refused("every seat bids exactly once: the only calls are bids")),
    # Oh Hell (seeds 001 and 002): the dealer's hook.
    ("oh hell hook forbids the total", oh_hell, "1, 1, 1", Refused("may not make the bids total 3")),
    ("oh hell dealer goes over", oh_hell, "1, 1, 2", Bids((Bid(1), Bid(1), Bid(2)))),
    ("oh hell others may make any total", oh_hell, "3, 0, 1", Bids((Bid(3), Bid(0), Bid(1)))),
    # Euchre (seed 001, tricks.md section 4): two rounds, going alone, stick the dealer.
    ("euchre round one order up", euchre, "order up", contract(TURNED_HEARTS, 1)),
    ("euchre dealer orders up in round one", euchre, "P, P, P, order up", contract(TURNED_HEARTS, 0)),
    (
        "euchre dealer's partner must go alone",
        euchre,
        "P, order up",
        Refused("seat 2 is the dealer's partner, so ordering up means going alone"),
    ),
    ("euchre dealer's partner alone", euchre, "P, order up alone", contract(TURNED_HEARTS, 2, alone=True)),
    ("euchre all pass then round two names", euchre, "P, P, P, P, P, name S", contract(Bid(strain=S), 2)),
    ("euchre round two going alone", euchre, "P, P, P, P, name D alone", contract(Bid(strain=D), 1, alone=True)),
    ("euchre turned-down suit not named", euchre, "P, P, P, P, name H", Refused("H was turned down and may not be")),
    ("euchre no naming in round one", euchre, "name S", Refused("naming a suit comes in round two")),
    ("euchre no ordering up in round two", euchre, "P, P, P, P, order up", Refused("H was turned down: round two")),
    ("euchre all pass twice redeals", euchre, "P, P, P, P, P, P, P, P", Redeal()),
    (
        "euchre stick the dealer: no pass",
        euchre_stick,
        "P, P, P, P, P, P, P, P",
        Refused("stick the dealer: the dealer (seat 0) may not pass in round two"),
    ),
    (
        "euchre stick the dealer names",
        euchre_stick,
        "P, P, P, P, P, P, P, name C",
        contract(Bid(strain=C), 0, forced=True),
    ),
    (
        "euchre stuck dealer may go alone",
        euchre_stick,
        "P, P, P, P, P, P, P, C alone",
        contract(Bid(strain=C), 0, alone=True, forced=True),
    ),
    # Court Whist, Coronation (seed 001): the king's holder alone declares trump.
    ("court whist coronation declares", coronation, "H", Bids((None, None, Bid(strain=H), None))),
    ("court whist others take no part", coronation, "1: H", Refused("seat 1 takes no part in this auction")),
]


@pytest.mark.parametrize(("setup", "texts", "expected"), [row[1:] for row in TABLE], ids=[row[0] for row in TABLE])
def test_auction_table(setup: Callable[[], Auction], texts: str, expected: Result | Refused) -> None:
    """Each row plays its calls and checks the result, or the refusal of the last call."""
    auction = setup()
    if isinstance(expected, Refused):
        *good, bad = texts.split(",")
        if good:
            auction = play(auction, ",".join(good))
        with pytest.raises(IllegalMove) as info:
            play(auction, bad)
        assert expected.fragment in str(info.value)
        return
    auction = play(auction, texts)
    assert is_over(auction) and to_act(auction) is None and legal_calls(auction) == ()
    assert result(auction) == expected
    check_auction(auction)


def test_table_is_long_enough() -> None:
    assert len(TABLE) >= 15
    assert len({row[0] for row in TABLE}) == len(TABLE)


# --- legal call lists --------------------------------------------------------------------------


def texts_of(auction: Auction) -> list[str]:
    return [str(call) for call in legal_calls(auction)]


def test_bridge_legal_calls_after_one_no_trump() -> None:
    """tricks.md 9, test 1: after 1NT, 1S is illegal and 2C legal; the opponent may double."""
    calls = texts_of(play(bridge(), "1NT"))
    assert calls[:4] == ["pass", "double", "bid 2C", "bid 2D"]
    assert "bid 1S" not in calls and len(calls) == 2 + 30
    assert texts_of(play(bridge(), "1NT, P"))[:2] == ["pass", "bid 2C"]
    assert texts_of(play(bridge(), "1NT, X"))[:3] == ["pass", "redouble", "bid 2C"]
    assert texts_of(play(bridge(), "7NT, X, XX")) == ["pass"]


def test_bridge_opening_calls_are_pass_and_every_bid() -> None:
    calls = texts_of(bridge())
    assert calls[0] == "pass" and calls[1:] == [f"bid {bid}" for bid in BRIDGE_BIDS.bids]
    assert calls[1:6] == ["bid 1C", "bid 1D", "bid 1H", "bid 1S", "bid 1NT"] and len(calls) == 36


def test_five_hundred_legal_bids_after_seventy_hearts() -> None:
    """tricks.md 3, test 2: after 70H, 70NT and 75C are legal, 70S is not."""
    calls = texts_of(play(five_hundred(), "70H"))
    assert calls[:6] == ["pass", "bid 70NT", "bid 75C", "bid 75D", "bid 75H", "bid 75S"]
    assert "bid 70S" not in calls


def test_five_hundred_forced_dealer_has_the_five_sixty_bids() -> None:
    """tricks.md 3, test 4: all pass -> the dealer's moves are the five 60 bids."""
    auction = play(five_hundred(), "P, P, P, P")
    assert to_act(auction) == 3 and auction.forced and not is_over(auction)
    assert texts_of(auction) == ["bid 60C", "bid 60D", "bid 60H", "bid 60S", "bid 60NT"]


def test_five_hundred_passers_are_skipped() -> None:
    auction = play(five_hundred(), "60S, P, 65H, P")
    assert to_act(auction) == 0 and auction.active == (True, False, True, False)
    assert to_act(play(auction, "70S")) == 2


def test_pitch_after_a_bid_of_three() -> None:
    """tricks.md 10, test 7: after a bid of 3 the next player's moves are pass, 4, smudge."""
    assert texts_of(play(pitch(), "3")) == ["pass", "bid 4", "bid smudge"]
    assert texts_of(pitch()) == ["pass", "bid 2", "bid 3", "bid 4", "bid smudge"]


def test_oh_hell_dealer_legal_bids() -> None:
    """tricks.md 2, test 1: bids 1 and 1 in a 3-card hand -> the dealer may bid 0, 2 or 3."""
    assert texts_of(play(oh_hell(), "1, 1")) == ["bid 0", "bid 2", "bid 3"]
    assert texts_of(play(oh_hell(), "1")) == ["bid 0", "bid 1", "bid 2", "bid 3"]


def test_spades_every_seat_has_nil_double_nil_and_numbers() -> None:
    calls = texts_of(spades())
    assert calls[:3] == ["bid nil", "bid double nil", "bid 1"] and calls[-1] == "bid 13" and len(calls) == 15
    assert to_act(spades()) == 0


def test_euchre_calls_by_round() -> None:
    assert texts_of(euchre()) == ["pass", "order up", "order up alone"]
    assert texts_of(play(euchre(), "P")) == ["pass", "order up alone"]  # the dealer's partner
    round_two = play(euchre(), "P, P, P, P")
    assert round_two.round == 2 and to_act(round_two) == 1
    assert texts_of(round_two) == ["pass", "name C", "name C alone", "name D", "name D alone", "name S", "name S alone"]
    stuck = play(euchre_stick(), "P, P, P, P, P, P, P")
    assert to_act(stuck) == 0 and stuck.forced
    assert texts_of(stuck) == ["name C", "name C alone", "name D", "name D alone", "name S", "name S alone"]


# --- results, strings, notation ----------------------------------------------------------------


def test_contract_text() -> None:
    assert str(result(play(bridge(), "1H, X, XX, P, P, P"))) == "1H redoubled by seat 0"
    assert str(result(play(euchre(), "P, order up alone"))) == "H by seat 2 alone"
    assert str(result(play(five_hundred(), "P, P, P, P, 60NT"))) == "60NT by seat 3 (forced)"
    assert str(result(play(bridge(), "P, P, P, P"))) == "passed out"
    assert str(result(play(pitch(), "P, P, P, P"))) == "redeal"
    spades_bids = "seat 0: 3, seat 1: nil, seat 2: 4, seat 3: double nil"
    assert str(result(play(spades(), "3, nil, 4, double nil"))) == spades_bids


def test_trump_of_a_contract() -> None:
    assert Strain.HEARTS.suit is Suit.HEARTS and Strain.NO_TRUMP.suit is None
    assert str(Bid(1, NT)) == "1NT" and str(Bid(60, S)) == "60S" and str(Bid(strain=D)) == "D"


def test_result_before_the_end_is_refused() -> None:
    with pytest.raises(ValueError, match="the auction is not over: seat 1 is to call"):
        result(play(bridge(), "1C"))


def test_calls_round_trip_through_their_notation() -> None:
    """parse_call(str(call)) gives back every legal call, in many positions."""
    positions = [
        bridge(),
        play(bridge(), "1H, X"),
        five_hundred(),
        play(five_hundred(), "P, P, P, P"),
        pitch(),
        spades(),
        play(oh_hell(), "1, 1"),
        euchre(),
        play(euchre(), "P, P, P, P"),
        coronation(),
    ]
    for auction in positions:
        for call in legal_calls(auction):
            assert parse_call(auction, str(call)) == call
            assert parse_call(auction, f"{call.player}: {call}", call.player) == call


def test_short_forms_are_read() -> None:
    auction = play(bridge(), "1H")
    assert parse_call(auction, "x") == Double(1) and parse_call(auction, "p") == Pass(1)
    assert parse_call(auction, "2nt") == BidCall(1, Bid(2, NT))
    assert parse_call(play(euchre(), "P, P, P, P"), "s alone") == Name(1, Bid(strain=S), alone=True)
    assert read_call(euchre(), "order up alone") == OrderUp(1, alone=True)
    assert read_call(bridge(), "3: redouble") == Redouble(3)


def test_illegal_text_explains_the_rule() -> None:
    with pytest.raises(NotationError, match="is not a legal call here: insufficient bid: 1S does not outrank 1NT"):
        parse_call(play(bridge(), "1NT"), "bid 1S")
    with pytest.raises(NotationError, match="legal moves: pass, order up, order up alone"):
        parse_call(euchre(), "hello")
    with pytest.raises(NotationError, match="is not a call of this auction"):
        read_call(bridge(), "bid 8C")
    with pytest.raises(NotationError, match="'1' is not a call of this auction"):
        read_call(pitch(), "1")  # Pitch's bidding starts at two
    with pytest.raises(NotationError, match="the auction is over"):
        read_call(play(bridge(), "P, P, P, P"), "pass")


def test_calls_of_the_wrong_shape_are_refused() -> None:
    with pytest.raises(IllegalMove, match="there are no doubles in this auction"):
        make_call(five_hundred(), Double(0))
    with pytest.raises(IllegalMove, match="ordering up and naming a suit belong to a two-round auction"):
        make_call(bridge(), OrderUp(0))
    with pytest.raises(IllegalMove, match="there are no plain bids"):
        make_call(euchre(), BidCall(1, TURNED_HEARTS))
    with pytest.raises(IllegalMove, match="8C is not a bid of this auction"):
        make_call(bridge(), BidCall(0, Bid(8, C)))
    assert why_illegal(bridge(), "pass") == "'pass' is not a call"
    together = attrs.evolve(EUCHRE, alone=False, dealer_partner_alone=False)
    auction = new_auction(together, EUCHRE_SUITS, players=4, dealer=0, turned=TURNED_HEARTS)
    assert texts_of(auction) == ["pass", "order up"]
    with pytest.raises(IllegalMove, match="going alone is not allowed"):
        make_call(auction, OrderUp(1, alone=True))


def test_make_call_returns_a_new_value() -> None:
    auction = bridge()
    after = make_call(auction, BidCall(0, Bid(1, C)))
    assert after.calls == (BidCall(0, Bid(1, C)),) and to_act(after) == 1 and after.high == Bid(1, C)
    assert auction.calls == ()  # values never change


# --- setup validation --------------------------------------------------------------------------


def test_bad_setups_are_refused() -> None:
    with pytest.raises(ValueError, match="needs the turned bid"):
        new_auction(EUCHRE, EUCHRE_SUITS, players=4, dealer=0)
    with pytest.raises(ValueError, match="no other auction takes one"):
        new_auction(BRIDGE, BRIDGE_BIDS, players=4, dealer=0, turned=Bid(1, C))
    with pytest.raises(ValueError, match="dealer: seat 4 is not one of 0..3"):
        new_auction(BRIDGE, BRIDGE_BIDS, players=4, dealer=4)
    with pytest.raises(ValueError, match="seat 1 is out of the auction, so it cannot call first"):
        new_auction(BRIDGE, BRIDGE_BIDS, players=4, dealer=0, out=(1,))
    with pytest.raises(ValueError, match="a forbidden total belongs to a once-around auction"):
        new_auction(BRIDGE, BRIDGE_BIDS, players=4, dealer=0, forbidden_total=3)
    with pytest.raises(ValueError, match="must take part"):
        new_auction(FIVE_HUNDRED, FIVE_HUNDRED_BIDS, players=4, dealer=3, out=(3,))
    with pytest.raises(ValueError, match="lists 1 twice"):
        Ladder.of(1, 2, 1)
    with pytest.raises(ValueError, match="reads as a call"):
        Ladder.of(Bid(word="pass"))
    with pytest.raises(ValueError, match="needs an amount, a strain or a word"):
        Bid()
    with pytest.raises(ValueError, match="amount is a whole number"):
        Bid(True)
    with pytest.raises(ValueError, match="doubling belongs to a competitive auction"):
        AuctionRules(kind=AuctionKind.ONCE_AROUND, doubling=True)
    with pytest.raises(ValueError, match="AuctionRules.reenter must be a bool"):
        AuctionRules(reenter=1)  # type: ignore[arg-type]


# --- JSON and replay ---------------------------------------------------------------------------


POSITIONS: list[tuple[Callable[[], Auction], str]] = [
    (bridge, "1H, X, XX, 2C"),
    (bridge, "1C, P, P, P"),
    (five_hundred, "P, P, P, P"),
    (pitch, "2, smudge"),
    (spades, "3, nil"),
    (oh_hell, "1, 1, 2"),
    (euchre, "P, P, P, P, name S alone"),
    (coronation, "H"),
]


@pytest.mark.parametrize(("setup", "texts"), POSITIONS)
def test_auction_json_round_trip(setup: Callable[[], Auction], texts: str) -> None:
    auction = play(setup(), texts)
    data = json.loads(json.dumps(encode_value(auction)))
    back = decode_value(data, Auction)
    assert back == auction
    check_auction(back)
    if is_over(auction):
        outcome = result(auction)
        assert decode_value(json.loads(json.dumps(encode_value(outcome))), Result) == outcome


def test_check_auction_refuses_forged_fields() -> None:
    auction = play(bridge(), "1H, X")
    check_auction(auction)
    with pytest.raises(ValueError, match="auction.high is"):
        check_auction(attrs.evolve(auction, high=Bid(7, NT)))
    with pytest.raises(ValueError, match="auction.turn is 3, but its setup and calls give 2"):
        check_auction(attrs.evolve(auction, turn=3))
    with pytest.raises(ValueError, match=r"auction.calls\[1\]: redouble: 1H has not been doubled"):
        check_auction(attrs.evolve(auction, calls=(BidCall(0, Bid(1, H)), Redouble(1))))
    with pytest.raises(ValueError, match="auction.order"):
        check_auction(attrs.evolve(auction, order=(0, 2, 1, 3)))
    with pytest.raises(ValueError, match="not a valid setup"):
        check_auction(attrs.evolve(auction, dealer=9))


def test_decoding_refuses_a_bad_bid() -> None:
    data = encode_value(bridge())
    assert isinstance(data, dict)
    data["high"] = {"type": "Bid", "amount": -1, "strain": None, "word": ""}
    with pytest.raises(ValueError, match="value.high: not a valid Bid"):
        decode_value(data, Auction)


# --- random auctions ---------------------------------------------------------------------------

SETUPS = [bridge, five_hundred, five_hundred_redeal, pitch, spades, oh_hell, euchre, euchre_stick, coronation]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_auctions_end_and_replay(seed: int) -> None:
    """Any sequence of legal calls ends within a bound, and the finished auction checks out."""
    rng = random.Random(seed)
    for setup in SETUPS:
        auction = setup()
        for _ in range(400):
            calls = legal_calls(auction)
            if not calls:
                break
            assert all(call.player == to_act(auction) for call in calls)
            assert all(isinstance(call, CALL_TYPES) for call in calls)
            auction = make_call(auction, rng.choice(calls))
        assert is_over(auction)
        outcome = result(auction)
        check_auction(auction)
        if auction.rules.kind is AuctionKind.ONCE_AROUND:
            assert isinstance(outcome, Bids)
            assert [bid is not None for bid in outcome.by_seat] == list(auction.active)
            if auction.forbidden_total is not None:
                assert sum(bid.amount or 0 for bid in outcome.by_seat if bid) != auction.forbidden_total
        elif isinstance(outcome, Contract):
            assert outcome.bid == auction.high and outcome.bidder == auction.high_bidder
            assert auction.rules.sides == 0 or outcome.declarer % 2 == outcome.bidder % 2
        else:
            assert outcome == (PassedOut() if auction.rules.all_pass is AllPass.PASSED_OUT else Redeal())
