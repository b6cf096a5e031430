"""Five Hundred scenarios from the Metzker book ("500 Rummy") and the rules notes (tricks section 3)."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.auction import Bid, Strain, legal_calls
from parlour.core.cards import HIDDEN, Card, Suit, parse_cards, sorted_cards
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import five_hundred as fh
from parlour.games.five_hundred import Discard, MakeBid, Options, Pass, Phase, PlayCard, State

SORTED = [str(c) for c in sorted_cards(fh.PACK)]


def deck_for(*hands: str, kitty: str) -> list[str]:
    """A deck that deals `hands[s]` to seat s when seat 3 deals (seat 0 gets the first card)."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(12) for s in range(4)] + kitty.split()


# Seat 0 holds AS, 10D and 5C, and takes QS and 10S from the kitty if it declares; seat 2 has
# no club, seat 3 only clubs and spades.
HANDS = (
    "2C 3C 4C 5C 2D 3D 4D 10D 2H 3H 4H AS",
    "6C 7C 8C 9C 5D 6D 7D 8D 5H 6H 7H 8H",
    "9D JD QD KD AD 9H 10H JH QH KH AH 2S",
    "10C JC QC KC AC 3S 4S 5S 6S 7S 8S 9S",
)
KITTY = "10S JS QS KS"


def game(options: Options | None = None, *, hands: tuple[str, ...] = HANDS, kitty: str = KITTY) -> State:
    return fh.new_game(options=options, seed=5, deck=deck_for(*hands, kitty=kitty), dealer=3)


def moves(state: State) -> list[str]:
    return [str(m) for m in fh.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = fh.apply(state, fh.parse_move(state, text))
    return state


def last_trick(
    totals: tuple[int, int],
    *,
    ours: str,
    theirs: str,
    options: Options | None = None,
    bid: str = "60D",
) -> State:
    """Seat 0 declares `bid` (60D); the last trick is 6C led by seat 0 (who wins it, with no counter in
    it) after the side of seat 0 took `ours` and the side of seat 1 `theirs`."""
    state = play(game(options), f"bid {bid}", "pass", "pass", "pass")
    discards = parse_cards("7C 8C 9C JC")
    last = parse_cards("6C 2C 3C 4C")
    return attrs.evolve(
        state,
        phase=Phase.PLAY,
        hands=tuple((c,) for c in last),
        kitty=discards,
        won=(parse_cards(ours), parse_cards(theirs), (), ()),
        trick=Trick(0),
        totals=totals,
    )


def rest_of_pack(*used: str) -> str:
    taken = {c for text in used for c in text.split()}
    return " ".join(c for c in SORTED if c not in taken)


# Seat 0's side takes 70 in counters: the four aces, the queen of spades and a five, with two
# plain cards to make whole tricks; seat 1's side takes the other 55.
OURS_70 = "AC AD AH AS QS 5S KC KD"
THEIRS_55 = rest_of_pack(OURS_70, "7C 8C 9C JC", "6C 2C 3C 4C")
# 80 for seat 0's side, 45 for the other.
OURS_80 = "AC AD AH AS QS 5S 5C 5D"
THEIRS_45 = rest_of_pack(OURS_80, "7C 8C 9C JC", "6C 2C 3C 4C")
# 55 for seat 0's side, 70 for the other.
OURS_55 = "AC AD AH QS KC KD KH KS"
THEIRS_70 = rest_of_pack(OURS_55, "7C 8C 9C JC", "6C 2C 3C 4C")


def finish(state: State) -> State:
    return play(state, "play 6C", "play 2C", "play 3C", "play 4C")


# --- tables --------------------------------------------------------------------------------------


def test_counters_are_aces_tens_fives_and_the_queen_of_spades_for_125() -> None:
    """Metzker: "Aces 10 points, 10's 10 points, 5's 5 points, Queen of spades 25 points.
    Total per hand is 125 points"; nothing else counts."""
    assert fh.HAND_POINTS == 125
    assert fh.counters(parse_cards("AS 10H 5D QS")) == 50
    assert fh.counters(parse_cards("KS QH JC 9D 2C")) == 0
    assert len(fh.COUNTERS) == 13


def test_bidding_table_sixty_to_125_in_fives_no_trump_worth_50_more() -> None:
    """Metzker: "Minimum bid is 60"; no trump "is worth an extra 50 points". Reading: bids go in
    fives up to 125 (rules notes 3, gap 1); a bid's value is its points, plus 50 in no trump."""
    assert fh.BID_AMOUNTS == tuple(range(60, 130, 5))
    assert len(fh.LADDER.bids) == 14 * 5
    assert fh.BID_VALUE[Bid(60, Strain.HEARTS)] == 60
    assert fh.BID_VALUE[Bid(90, Strain.NO_TRUMP)] == 140
    assert fh.BID_VALUE[Bid(125, Strain.SPADES)] == 125
    assert fh.NO_TRUMP_BONUS == 50


# --- the deal and the auction ---------------------------------------------------------------------


def test_deal_twelve_each_one_at_a_time_from_the_dealers_left_then_four_to_the_kitty() -> None:
    """Metzker: 12 cards each and 4 to the kitty; the canonical order deals one at a time
    clockwise from the dealer's left, the last four cards forming the kitty."""
    state = fh.new_game(deck=SORTED, dealer=3)
    assert " ".join(map(str, state.hands[0])) == "2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S"
    assert " ".join(map(str, state.hands[1])) == "3C 7C JC 2D 6D 10D AD 5H 9H KH 4S 8S"
    assert " ".join(map(str, state.kitty)) == "JS QS KS AS"
    assert state.phase is Phase.BID and fh.to_act(state) == frozenset({0})
    with pytest.raises(ValueError, match="five_hundred is played by 4 players, not 5"):
        fh.new_game(5)


def test_a_bid_must_outrank_no_trump_above_a_suit_suits_equal() -> None:
    """Metzker: each bid is "higher than any preceding bid"; "70 no trump is worth more than 70
    hearts". Reading (gap 2): after 70H, 70NT and 75C are legal, 70S is not."""
    state = play(game(), "bid 70H")
    legal = moves(state)
    assert legal[:4] == ["pass", "bid 70NT", "bid 75C", "bid 75D"]
    assert "bid 70S" not in legal and legal[-1] == "bid 125NT"
    assert len(legal) == 1 + 1 + 11 * 5
    with pytest.raises(IllegalMove, match="insufficient bid: 70S does not outrank 70H, bid by seat 0"):
        fh.apply(state, MakeBid(1, Bid(70, Strain.SPADES)))


def test_a_seat_that_passed_may_not_bid_again_that_hand() -> None:
    """Metzker: "Once a player passes, they may not bid again for that hand"; the bidding goes
    round clockwise, skipping the seats that passed."""
    state = play(game(), "bid 60S", "pass", "bid 65S", "bid 70S", "bid 75H")
    assert fh.to_act(state) == frozenset({2})  # seat 1 passed and is skipped
    with pytest.raises(IllegalMove, match="seat 1 has passed and is out of the auction"):
        fh.apply(state, Pass(1))
    state = play(state, "bid 80H", "pass", "pass")
    assert state.phase is Phase.DISCARD and state.declarer == 2


def test_three_passes_end_the_auction_with_the_last_bidder_declaring() -> None:
    """Metzker: bidding continues "until three players pass, leaving the bid to the last highest
    bidder" (rules notes 3, scenario 3: 60S 60NT 65H pass 65NT pass pass)."""
    state = play(game(), "bid 60S", "bid 60NT", "bid 65H", "pass", "bid 65NT", "pass")
    assert state.phase is Phase.BID and fh.to_act(state) == frozenset({2})
    state = play(state, "pass")
    assert state.phase is Phase.DISCARD
    assert (str(state.contract), state.declarer, state.trump) == ("65NT", 0, None)
    assert [str(e) for e in state.events] == [
        "seat 2 bids: pass",
        "seat 0 names trump: NT",
        "seat 0 takes: kitty 10S JS QS KS",
    ]
    assert len(state.hands[0]) == 16


def test_all_pass_the_dealer_must_take_the_bid_at_60() -> None:
    """Metzker: "If all the players pass, the dealer must take the bid. Minimum bid is 60."
    Reading (gap 4): the dealer's legal moves are exactly the five 60 bids."""
    state = play(game(), "pass", "pass", "pass", "pass")
    assert fh.to_act(state) == frozenset({3})
    assert moves(state) == ["bid 60C", "bid 60D", "bid 60H", "bid 60S", "bid 60NT"]
    assert [str(e) for e in state.events][-1] == "note: all passed: the dealer (seat 3) must bid 60"
    with pytest.raises(IllegalMove, match=r"the dealer \(seat 3\) must take the bid at the lowest amount"):
        fh.apply(state, Pass(3))
    state = play(state, "bid 60H")
    assert (str(state.contract), state.declarer) == ("60H", 3)


def test_bidding_moves_are_core_auction_calls() -> None:
    """The auction is core's competitive auction: in every bidding position the game's moves
    are exactly core's legal calls (same order, same seat), and each bid reads back."""
    rng = random.Random(3)
    positions = 0
    for seed in range(60):
        state = fh.new_game(seed=seed)
        while state.phase is Phase.BID:
            legal = fh.legal_moves(state)
            assert [str(m) for m in legal] == [str(c) for c in legal_calls(state.auction)]
            assert {m.player for m in legal} == {state.auction.turn}
            positions += 1
            # Mostly passes, so that auctions run long and all-pass deals happen.
            state = fh.apply(state, legal[0] if rng.random() < 0.7 else rng.choice(legal))
    assert positions > 200


def test_125_no_trump_ends_the_auction_at_once() -> None:
    """Reading (gap 2): nothing outranks 125 no trump, so it ends the auction at once."""
    state = play(game(), "pass", "bid 125NT")
    assert state.phase is Phase.DISCARD and state.declarer == 1 and str(state.contract) == "125NT"


# --- the kitty ---------------------------------------------------------------------------------


def test_kitty_hidden_from_all_then_seen_by_the_declarer_alone() -> None:
    """Metzker: the highest bidder picks up the kitty and "discards four cards face down, out of
    play": nobody sees the kitty before, and only the declarer sees the discards."""
    state = game()
    for seat in (None, 0, 1, 2, 3):
        assert fh.view(state, seat).kitty == (HIDDEN,) * 4
    state = play(state, "bid 60S", "pass", "pass", "pass")
    mine, theirs = fh.view(state, 0), fh.view(state, 1)
    assert " ".join(map(str, mine.hands[0])) == "2C 3C 4C 5C 2D 3D 4D 10D 2H 3H 4H 10S JS QS KS AS"
    assert theirs.hands[0] == (HIDDEN,) * 16
    assert [str(e) for e in theirs.events][-1] == "seat 0 takes: kitty ?? ?? ?? ??"
    state = play(state, "discard JS")
    assert fh.view(state, 0).kitty == parse_cards("JS")
    assert fh.view(state, 2).kitty == (HIDDEN,)
    assert [str(e) for e in fh.view(state, 2).events] == ["seat 0 discards ??"]
    assert fh.legal_moves(fh.view(state, 0)) == fh.legal_moves(state, 0)


def test_counters_may_not_be_discarded() -> None:
    """Metzker: "(You may not discard any counter cards.)" (scenario 5: holding AS, 10D, 5C and
    QS among 16 cards, none of them may be discarded)."""
    state = play(game(), "bid 60S", "pass", "pass", "pass")
    plain = "2C 3C 4C 2D 3D 4D 2H 3H 4H JS KS"
    assert moves(state) == [f"discard {c}" for c in plain.split()]
    with pytest.raises(IllegalMove, match="counters may not be discarded: QS is worth 25"):
        fh.apply(state, Discard(0, Card.parse("QS")))
    with pytest.raises(IllegalMove, match="counters may not be discarded: 10D is worth 10"):
        fh.apply(state, Discard(0, Card.parse("10D")))
    with pytest.raises(IllegalMove, match=r"only the declarer \(seat 0\) discards"):
        fh.apply(state, Discard(1, Card.parse("2C")))


def test_too_few_plain_cards_the_shortfall_of_counters_is_discarded_and_credited() -> None:
    """Reading (gap 9): with fewer than four non-counters among the declarer's 16 cards the
    shortfall is discarded from counters, and those counters count for the declaring side."""
    hands = (
        "AC 10C 5C AD 10D 5D AH 10H 5H AS 10S 5S",
        "2C 3C 4C 6C 7C 8C 2D 3D 4D 6D 7D 8D",
        "2H 3H 4H 6H 7H 8H 2S 3S 4S 6S 7S 8S",
        "9C JC QC KC 9D JD QD KD 9H JH QH KH",
    )
    state = play(game(hands=hands, kitty="QS 9S JS KS"), "bid 60S", "pass", "pass", "pass")
    # Three plain cards for four discards: any card may go.
    assert len(fh.legal_moves(state)) == 16
    state = play(state, "discard 5C")
    # Now three plain cards for three discards: no more counters.
    assert moves(state) == ["discard 9S", "discard JS", "discard KS"]
    state = play(state, "discard 9S", "discard JS", "discard KS")
    assert state.phase is Phase.PLAY
    assert fh.captured(state) == (5, 0)


# --- play --------------------------------------------------------------------------------------


def test_declarer_leads_the_first_trick_and_trump_wins() -> None:
    """Metzker: the declarer "starts the play by leading out with a card"; the bid suit is
    trump, and a player void in the suit led may trump."""
    state = play(game(), "pass", "bid 60H", "pass", "pass", "discard JS", "discard KS", "discard 6D")
    assert state.phase is Phase.DISCARD
    state = play(state, "discard 7D")
    assert fh.to_act(state) == frozenset({1}) and state.trump is Suit.HEARTS
    assert [str(e) for e in state.events] == ["seat 1 discards 7D", "seat 1 leads"]
    state = play(state, "play 6C", "play 9H")  # seat 2 has no club: trumps with 9H
    assert moves(state) == ["play 10C", "play JC", "play QC", "play KC", "play AC"]
    state = play(state, "play AC", "play 5C")
    assert [str(e) for e in state.events][-1] == "seat 2 wins the trick 6C 9H AC 5C"
    assert fh.to_act(state) == frozenset({2})
    assert fh.captured(state) == (15, 0)


def test_no_trump_the_highest_card_of_the_suit_led_wins() -> None:
    """Metzker: no trump is a bid; with no trump suit a void player's card never wins."""
    state = play(game(), "pass", "bid 60NT", "pass", "pass", "discard JS", "discard KS", "discard 6D", "discard 7D")
    assert state.trump is None
    state = play(state, "play 6C", "play 9H", "play AC", "play 5C")
    assert [str(e) for e in state.events][-1] == "seat 3 wins the trick 6C 9H AC 5C"
    assert fh.captured(state) == (0, 15)


def test_must_follow_suit_if_able() -> None:
    """Metzker: "A player must follow the suit led if possible"; a void player plays anything."""
    state = play(game(), "pass", "bid 60NT", "pass", "pass", "discard JS", "discard KS", "discard 6D", "discard 7D")
    state = play(state, "play 6C")
    assert len(fh.legal_moves(state)) == 12  # seat 2 has no club
    state = play(state, "play 2S")
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        fh.apply(state, PlayCard(3, Card.parse("3S")))
    with pytest.raises(IllegalMove, match="it is seat 3's turn to play"):
        fh.apply(state, PlayCard(0, Card.parse("2C")))


# --- scoring -----------------------------------------------------------------------------------


def test_contract_scores_made_set_and_no_trump() -> None:
    """Metzker: a made bid counts the points collected, no trump "an extra 50 points"; a set
    side subtracts "the score value amount relating to the bid" (scenario 6)."""
    assert fh.contract_score(Bid(80, Strain.HEARTS), 85) == 85
    assert fh.contract_score(Bid(90, Strain.NO_TRUMP), 95) == 145
    assert fh.contract_score(Bid(90, Strain.SPADES), 85) == -90
    assert fh.contract_score(Bid(90, Strain.NO_TRUMP), 80) == -140
    assert fh.contract_score(Bid(90, Strain.NO_TRUMP), 90) == 140


def test_option_nt_set_penalty_without_the_bonus() -> None:
    """Reading (gap 6): a set no trump loses bid + 50; option False loses the bid alone."""
    lenient = Options(nt_set_penalty_includes_bonus=False)
    assert fh.contract_score(Bid(90, Strain.NO_TRUMP), 80, lenient) == -90
    assert fh.contract_score(Bid(90, Strain.NO_TRUMP), 95, lenient) == 145


def test_set_no_trump_in_play_loses_the_bonus_too_unless_the_option_says_not() -> None:
    """Reading (gap 6), in a played hand: 60NT set with 55 costs 110 (bid + 50); with
    `nt_set_penalty_includes_bonus=False` it costs 60. Made with 70 it scores 120."""
    state = finish(last_trick((0, 0), ours=OURS_55, theirs=THEIRS_70, bid="60NT"))
    assert fh.scores(state) == (-110, 70, -110, 70)
    lenient = Options(nt_set_penalty_includes_bonus=False)
    state = finish(last_trick((0, 0), ours=OURS_55, theirs=THEIRS_70, bid="60NT", options=lenient))
    assert fh.scores(state) == (-60, 70, -60, 70)
    state = finish(last_trick((0, 0), ours=OURS_70, theirs=THEIRS_55, bid="60NT", options=lenient))
    assert fh.scores(state) == (120, 55, 120, 55)


def test_every_hand_shares_out_125_counter_points() -> None:
    """Rules notes 3, scenario 1: the counters in both sides' tricks (and any counter the
    declarer had to discard) total 125 every hand."""
    rng = random.Random(7)
    checked = 0
    for seed in range(30):
        state = fh.new_game(seed=seed)
        while not fh.is_over(state) and state.hand == 1:
            if state.phase is Phase.PLAY and sum(map(len, state.hands)) == 1:
                left = [c for h in state.hands for c in h] + list(state.trick.cards)
                assert sum(fh.captured(state)) + fh.counters(left) == 125
                checked += 1
            state = fh.apply(state, rng.choice(fh.legal_moves(state)))
    assert checked == 30


def test_hand_scored_declarers_make_defenders_score_their_counters() -> None:
    """Metzker: count the points collected; the defenders score theirs too (gap 7). Bid 60D,
    declarers capture 80, defenders 45: +80 / +45, and the next hand is dealt."""
    state = finish(last_trick((0, 0), ours=OURS_80, theirs=THEIRS_45))
    texts = [str(e) for e in state.events]
    assert "note: seats 0 and 2 make 60D, capturing 80" in texts
    assert "hand scored: 80 45 80 45" in texts
    assert fh.scores(state) == (80, 45, 80, 45)
    assert state.phase is Phase.BID and state.hand == 2 and state.dealer == 0


def test_set_declarers_lose_the_bid_defenders_still_score() -> None:
    """Metzker: the set side subtracts the bid, going "in the hole" if need be."""
    state = finish(last_trick((0, 0), ours=OURS_55, theirs=THEIRS_70))
    assert fh.scores(state) == (-60, 70, -60, 70)
    assert "note: seats 0 and 2 are set on 60D, capturing 55" in [str(e) for e in state.events]


# --- the end of the game -------------------------------------------------------------------------


def test_declarers_reaching_500_by_making_their_bid_win() -> None:
    """Metzker: "First team to 500 wins" (scenario 7: at 460, 60D made with 70 -> 530, win)."""
    state = finish(last_trick((460, 100), ours=OURS_70, theirs=THEIRS_55))
    assert fh.is_over(state) and fh.scores(state) == (530, 155, 530, 155)
    assert fh.winners(state) == frozenset({0, 2})
    assert [str(e) for e in state.events][-1] == "game over; winners: 0 2"
    assert fh.legal_moves(state) == ()
    with pytest.raises(GameOver):
        fh.apply(state, PlayCard(0, Card.parse("2C")))


def test_defenders_must_bid_out_to_win() -> None:
    """Metzker: "You must bid out to win at 500" (scenario 7: defenders at 480 capture 45 ->
    525, the game goes on)."""
    state = finish(last_trick((0, 480), ours=OURS_80, theirs=THEIRS_45))
    assert not fh.is_over(state) and fh.scores(state) == (80, 525, 80, 525)


def test_option_must_bid_out_off_lets_defenders_win() -> None:
    """Option `must_bid_out=False`: any side at the target after a hand wins."""
    state = finish(last_trick((0, 480), ours=OURS_80, theirs=THEIRS_45, options=Options(must_bid_out=False)))
    assert fh.is_over(state) and fh.winners(state) == frozenset({1, 3})


def test_without_bidding_out_the_higher_total_wins_and_equal_totals_share() -> None:
    """Reading for `must_bid_out=False`: when both sides reach the target in one hand the higher
    total wins; equal totals share the win (no rule book breaks the tie)."""
    free = Options(must_bid_out=False)
    state = finish(last_trick((480, 460), ours=OURS_70, theirs=THEIRS_55, options=free))
    assert fh.scores(state) == (550, 515, 550, 515) and fh.winners(state) == frozenset({0, 2})
    state = finish(last_trick((445, 460), ours=OURS_70, theirs=THEIRS_55, options=free))
    assert fh.scores(state) == (515, 515, 515, 515) and fh.winners(state) == frozenset({0, 1, 2, 3})


def test_minus_150_loses() -> None:
    """Metzker: "the first team to minus 150 loses" (scenario 7: at -120, set on 60 -> -180)."""
    state = finish(last_trick((-120, 0), ours=OURS_55, theirs=THEIRS_70))
    assert fh.is_over(state) and fh.scores(state) == (-180, 70, -180, 70)
    assert fh.winners(state) == frozenset({1, 3})


def test_option_losing_and_target_scores() -> None:
    """Options `losing_score` and `target_score` move the two ends of the game."""
    deep = Options(losing_score=-500)
    state = finish(last_trick((-120, 0), ours=OURS_55, theirs=THEIRS_70, options=deep))
    assert not fh.is_over(state) and fh.scores(state) == (-180, 70, -180, 70)
    short = Options(target_score=60)
    state = finish(last_trick((0, 0), ours=OURS_70, theirs=THEIRS_55, options=short))
    assert fh.is_over(state) and fh.winners(state) == frozenset({0, 2})
    with pytest.raises(ValueError, match="losing_score must be below 0"):
        Options(losing_score=0)
    with pytest.raises(ValueError, match="target_score must be"):
        Options(target_score=0)


def test_whole_match_to_the_end() -> None:
    """The whole match, hand after hand, until a side bids out (seed 1, always the first legal
    move: every auction is passed out to the dealer's forced 60C). Each hand's score adds up."""
    state = fh.new_game(seed=1)
    first_dealer = state.dealer
    declarers = []
    while not fh.is_over(state):
        before = state.totals
        state = fh.apply(state, fh.legal_moves(state)[0])
        if state.phase is Phase.DISCARD and state.declarer is not None and len(state.kitty) == 0:
            declarers.append(state.declarer)
        for event in state.events:
            if event.kind is EventKind.HAND_SCORED:
                gained = event.numbers
                assert gained[:2] == gained[2:]
                assert (before[0] + gained[0], before[1] + gained[1]) == state.totals
        fh.check_invariants(state)
    assert state.hand == 10 and len(declarers) == 10
    assert declarers == [(first_dealer + hand) % 4 for hand in range(10)]  # the dealer, forced
    assert state.totals == (295, 555) and fh.scores(state) == (295, 555, 295, 555)
    # Seat 1's side passed 500 by making its last contract as declarer: it bid out and wins.
    assert state.declarer is not None and state.declarer % 2 == 1
    assert fh.winners(state) == frozenset({1, 3})
    assert [str(e) for e in state.events][-1] == "game over; winners: 1 3"


# --- notation, presets, views ----------------------------------------------------------------------


def test_notation_round_trips_and_reads_loose_bids() -> None:
    """Every legal move's text parses back to it; "bid 70 hearts", "70nt" and "bid 75 no trump"
    read as bids."""
    state = game()
    for move in fh.legal_moves(state):
        assert fh.parse_move(state, str(move)) == move
    assert fh.parse_move(state, "bid 70 hearts") == MakeBid(0, Bid(70, Strain.HEARTS))
    assert fh.parse_move(state, "70nt") == MakeBid(0, Bid(70, Strain.NO_TRUMP))
    assert fh.parse_move(state, "0: bid 75 no trump") == MakeBid(0, Bid(75, Strain.NO_TRUMP))
    record = parlour.from_json(parlour.to_json(fh.legal_moves(state)[3]))
    assert record == MakeBid(0, Bid(60, Strain.HEARTS))
    with pytest.raises(NotationError, match="'bid 72 hearts' is not a legal move here; legal moves: pass, bid 60C"):
        fh.parse_move(state, "bid 72 hearts")
    with pytest.raises(NotationError, match="'play 2C' is not a legal move here: the auction is not over"):
        fh.parse_move(state, "play 2C")
    state = play(state, "bid 80S")
    with pytest.raises(NotationError, match="'bid 75 hearts' is not a legal move here: insufficient bid: 75H"):
        fh.parse_move(state, "bid 75 hearts")


def test_metzker_preset_is_the_default_rules() -> None:
    """The one rule book gives one preset, `metzker`, equal to the defaults."""
    assert Options.metzker() == Options()
    assert fh.GAME.presets == (("metzker", Options()),)
    assert Options.metzker().target_score == 500 and Options.metzker().losing_score == -150
