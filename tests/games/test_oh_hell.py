"""Oh Hell! scenarios from the Book of Card Games ("Oh Hell!"), the Metzker Book of Card Game
Rules ("Oh Hell!") and OpenSpiel's ``oh_hell`` options."""

from __future__ import annotations

import random
from typing import Final

import attrs
import pytest

import parlour
from parlour.core.auction import Bid, BidCall, make_call
from parlour.core.cards import Card, Suit, parse_cards, standard_pack
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import oh_hell
from parlour.games.oh_hell import HIDDEN_BID, Options, Peak, Phase, Schedule, Scoring, State


def deck_for(*hands: str, turn: str = "") -> list[str]:
    """A full pack that deals `hands[s]` to seat s when the last seat deals (seat 0 gets the
    first card), then turns up `turn`; the rest of the pack follows in new-pack order."""
    split = [h.split() for h in hands]
    top = [split[s][i] for i in range(len(split[0])) for s in range(len(split))] + turn.split()
    used = set(parse_cards(top))
    return top + [str(c) for c in standard_pack() if c not in used]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in oh_hell.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = oh_hell.apply(state, oh_hell.parse_move(state, text))
    return state


def first_moves_until(state: State, hand: int) -> State:
    """Plays the first legal move until hand number `hand` is dealt."""
    while state.hand < hand:
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[0])
    return state


def event_texts(state: State) -> list[str]:
    return [str(e) for e in state.events]


THREE_CARDS: Final = Options(schedule=Schedule.FIXED, max_cards=3)
"""One hand of three cards under the book's rules otherwise: a table for play rules."""


# --- the deal, the turn-up and the order of bidding and play -----------------------------------


def test_deal_one_at_a_time_from_dealers_left_then_turn_up_for_trump() -> None:
    """Both books: the dealer deals; the next card is turned up and its suit is trump."""
    state = oh_hell.new_game(3, seed=1, options=THREE_CARDS, deck=deck_for("AS 2C 3D", "KS 4H 5D", "QS 6H 7C", turn="9H"))
    assert [" ".join(map(str, h)) for h in state.hands] == ["2C 3D AS", "5D 4H KS", "7C 6H QS"]
    assert state.turn_up == Card.parse("9H") and oh_hell.trump(state) is Suit.HEARTS
    assert len(state.stock) == 52 - 9 - 1
    assert event_texts(state)[-2:] == ["seat 2 deals hand 1", "seat 2 turns up 9H"]


def test_bidding_starts_left_of_dealer_and_left_of_dealer_leads() -> None:
    """Book: the dealer bids last; "The player to the left of the dealer begins" the play."""
    state = oh_hell.new_game(4, seed=3, options=THREE_CARDS, dealer=1)
    assert state.phase is Phase.BID and oh_hell.to_act(state) == frozenset({2})
    state = play(state, "bid 0", "bid 1")
    assert oh_hell.to_act(state) == frozenset({0})
    state = play(state, "bid 0")
    assert oh_hell.to_act(state) == frozenset({1})  # the dealer, last
    state = play(state, "bid 0")
    assert state.phase is Phase.PLAY and state.trick.leader == 2 and oh_hell.to_act(state) == frozenset({2})
    assert oh_hell.bids(state) == (0, 0, 0, 1)


def test_must_follow_suit_and_void_hand_may_play_anything() -> None:
    """Book: "Each player in turn must follow that suit if he can. If you are unable to follow
    suit, you may play any card in your hand.\""""
    deck = deck_for("AS 2C 3D", "KS 4H 5D", "7C 6H 8C", turn="9H")
    state = play(oh_hell.new_game(3, seed=1, options=THREE_CARDS, deck=deck), "bid 1", "bid 1", "bid 0")
    state = play(state, "play AS")
    assert moves(state) == ["play KS"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a spade"):
        oh_hell.apply(state, oh_hell.PlayCard(1, Card.parse("5D")))
    state = play(state, "play KS")
    assert moves(state) == ["play 7C", "play 8C", "play 6H"]  # void in spades: any card, in hand order
    with pytest.raises(IllegalMove, match="seat 2's turn to play"):
        oh_hell.apply(state, oh_hell.PlayCard(0, Card.parse("2C")))


def test_highest_trump_wins_else_highest_of_suit_led_and_winner_leads() -> None:
    """Book: "The player who laid the highest card in the suit led, or the highest trump, wins
    that trick. That player then leads the next trick.\""""
    deck = deck_for("AS 2C 3D", "KS 4H 5D", "7C 6H 8C", turn="9H")
    state = play(oh_hell.new_game(3, seed=1, options=THREE_CARDS, deck=deck), "bid 1", "bid 1", "bid 0")
    state = play(state, "play AS", "play KS", "play 6H")  # seat 2 trumps in
    assert event_texts(state)[-1] == "seat 2 wins the trick AS KS 6H"
    assert state.trick.leader == 2 and oh_hell.tricks_taken(state) == (0, 0, 1)
    state = play(state, "play 7C", "play 2C", "play 4H")  # seat 1, void in clubs, trumps
    assert state.trick.leader == 1 and oh_hell.tricks_taken(state) == (0, 1, 1)
    state = play(state, "play 5D", "play 8C", "play 3D")  # diamonds led: the club is off suit
    assert event_texts(state)[1] == "seat 1 wins the trick 5D 8C 3D"
    assert oh_hell.tricks_taken(state) == (0, 2, 1) and state.scores == (-10, -10, -10)


def test_book_thirteen_card_hand_has_no_trump() -> None:
    """Book: "In a hand where there are no leftover cards, the hand is played with no trump":
    four players at 13 cards use the whole pack; the highest club wins a club trick even when
    spades, the usual ace-high suit, are thrown on it."""
    state = first_moves_until(oh_hell.new_game(4, seed=2, dealer=0), 13)
    assert state.size == 13 and state.turn_up is None and state.stock == () and oh_hell.trump(state) is None
    assert "no card is left to turn up: no trump this hand" in event_texts(state)[-1]
    clubs = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
    spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    diamonds = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    # One hand at the same size, with the cards fixed: seat 0 all clubs, seat 1 all spades.
    dealt = oh_hell.new_game(
        4, seed=2, options=Options(schedule=Schedule.FIXED), deck=deck_for(clubs, spades, hearts, diamonds), dealer=3
    )
    assert dealt.size == 13 and dealt.turn_up is None
    state = play(dealt, "bid 13", "bid 0", "bid 0", "bid 1")  # the dealer may not make it 13: bids total 14
    state = play(state, "play 2C", "play 2S", "play 2H", "play 2D")
    assert event_texts(state)[-1] == "seat 0 wins the trick 2C 2S 2H 2D"


def test_trump_from_the_turn_up_in_the_book_schedule_whenever_a_card_is_left() -> None:
    """Book: the card after the deal is turned up in every hand that leaves one."""
    state = first_moves_until(oh_hell.new_game(4, seed=2, dealer=0), 12)
    assert state.size == 12 and state.turn_up is not None and len(state.stock) == 3


# --- hand sizes ---------------------------------------------------------------------------------


def test_book_hand_counts_rise_to_what_the_pack_allows_and_fall_back_to_one() -> None:
    """Book: "for four players, there are a total of twenty-five deals" (1 up to 13 and down);
    "With five players, there are a total of nineteen deals, and the maximum number of cards
    each player receives is ten"."""
    book = Options.book()
    assert oh_hell.hand_sizes(book, 5) == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
    assert [oh_hell.hand_count(book, n) for n in (3, 4, 5, 6, 7)] == [33, 25, 19, 15, 13]
    assert [oh_hell.peak_size(book, n) for n in (3, 4, 5, 6, 7)] == [17, 13, 10, 8, 7]


def test_metzker_peaks_at_ten_for_three_to_five_and_seven_for_six_or_seven() -> None:
    """Metzker: "Play to 10 if there are 3 to 5 people", "Play to 7 if there are 6 or 7 people";
    "cards are dealt up to 7 and then game play continues back down to 1"."""
    metzker = Options.metzker()
    assert oh_hell.hand_sizes(metzker, 6) == (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)
    assert oh_hell.hand_count(metzker, 4) == 19 and max(oh_hell.hand_sizes(metzker, 4)) == 10
    assert [oh_hell.peak_size(metzker, n) for n in (3, 4, 5, 6, 7)] == [10, 10, 10, 7, 7]


def test_max_cards_and_trump_peak_and_fixed_schedule_options() -> None:
    """House rule `max_cards` shortens the climb; OpenSpiel's peak leaves a card to turn
    (51 // players) and its num_tricks_fixed is a FIXED schedule of one hand."""
    assert oh_hell.hand_sizes(Options(max_cards=4), 4) == (1, 2, 3, 4, 3, 2, 1)
    assert oh_hell.peak_size(Options(peak=Peak.TRUMP), 4) == 12
    assert oh_hell.hand_sizes(Options(schedule=Schedule.FIXED, max_cards=5, hands=3), 4) == (5, 5, 5)
    with pytest.raises(ValueError, match="random schedule"):
        oh_hell.hand_sizes(Options.openspiel(), 4)
    state = oh_hell.new_game(4, seed=9, options=Options(schedule=Schedule.FIXED, peak=Peak.TRUMP))
    assert state.size == 12 and state.turn_up is not None and oh_hell.hand_count(state.options, 4) == 1


def test_openspiel_random_hand_size_lies_between_one_and_its_peak() -> None:
    """OpenSpiel: num_tricks_fixed = -1 draws the number of tricks from 1 to (52 - 1) // players."""
    sizes = {oh_hell.new_game(5, seed=s, options=Options.openspiel()).size for s in range(60)}
    assert sizes == set(range(1, 11))


# --- bidding and the hook -------------------------------------------------------------------------


def test_metzker_dealer_may_not_make_bids_total_the_cards_dealt() -> None:
    """Metzker: "the dealer must bid either higher or lower but the total tricks called for
    cannot equal the number of cards dealt": three players, three cards, bids 1 and 1 leave the
    dealer 0, 2 or 3."""
    state = first_moves_until(oh_hell.new_game(3, seed=4, options=Options.metzker()), 3)
    assert state.size == 3 and state.phase is Phase.BID
    state = play(state, "bid 1", "bid 1")
    assert moves(state) == ["bid 0", "bid 2", "bid 3"]
    with pytest.raises(IllegalMove, match="may not make the bids total 3"):
        oh_hell.apply(state, oh_hell.BidTricks(state.dealer, 1))


def test_book_hook_applies_to_one_card_hands_too() -> None:
    """Book: "The dealer is the last to bid and must never bid a number of tricks that would
    cause the cumulative number of tricks bid from all players to equal the number of tricks
    available" (every hand, one-card hands included)."""
    state = play(oh_hell.new_game(4, seed=5, dealer=3), "bid 0", "bid 0", "bid 0")
    assert moves(state) == ["bid 0"]
    state = play(oh_hell.new_game(4, seed=5, dealer=3), "bid 1", "bid 0", "bid 0")
    assert moves(state) == ["bid 1"]
    state = play(oh_hell.new_game(4, seed=5, dealer=3), "bid 1", "bid 1", "bid 0")
    assert moves(state) == ["bid 0", "bid 1"]  # the total is already past one trick


def test_without_the_hook_the_dealer_bids_freely() -> None:
    """Option `hook=False` (the house rule OpenSpiel does not offer, played in some regions)."""
    state = play(oh_hell.new_game(4, seed=5, dealer=3, options=Options(hook=False)), "bid 0", "bid 0", "bid 0")
    assert moves(state) == ["bid 0", "bid 1"]


def test_bids_out_of_turn_or_too_high_are_refused() -> None:
    """Book: bids go round from the dealer's left; a bid is 0 up to the number of cards."""
    state = oh_hell.new_game(4, seed=5, dealer=1, options=THREE_CARDS)
    with pytest.raises(IllegalMove, match="seat 2's turn to bid"):
        oh_hell.apply(state, oh_hell.BidTricks(3, 0))
    with pytest.raises(IllegalMove, match="from 0 to 3"):
        oh_hell.apply(state, oh_hell.BidTricks(2, 4))
    with pytest.raises(IllegalMove, match="every seat must bid before"):
        oh_hell.apply(state, oh_hell.PlayCard(2, state.hands[2][0]))
    state = play(state, "bid 0", "bid 0", "bid 0", "bid 0")
    with pytest.raises(IllegalMove, match="the bidding is over"):
        oh_hell.apply(state, oh_hell.BidTricks(2, 1))


def test_metzker_first_hand_is_bid_blind_all_at_once_without_the_hook() -> None:
    """Metzker round one: everyone knocks and shows a finger (one trick) or a closed hand (none)
    at once; the dealer's restriction is stated only from round 2. Four players may bid 0, 0, 0, 1
    although the bids total the one trick."""
    state = oh_hell.new_game(4, seed=6, options=Options.metzker(), dealer=3)
    assert state.phase is Phase.BLIND and oh_hell.to_act(state) == frozenset({0, 1, 2, 3})
    assert moves(state, 3) == ["bid 0", "bid 1"]
    state = play(state, "3: bid 1")
    assert event_texts(state) == ["seat 3 bids: hidden"]
    state = play(state, "1: bid 0", "0: bid 0")
    assert oh_hell.to_act(state) == frozenset({2}) and moves(state) == ["bid 0", "bid 1"]
    state = play(state, "2: bid 0")
    assert state.phase is Phase.PLAY and oh_hell.bids(state) == (0, 0, 0, 1)
    assert event_texts(state) == [
        "seat 2 bids: hidden",
        "seat 0 bids: 0",
        "seat 1 bids: 0",
        "seat 2 bids: 0",
        "seat 3 bids: 1",
    ]
    assert not oh_hell.hook_applies(Options.metzker(), 1) and oh_hell.hook_applies(Options.metzker(), 19)


def test_blind_bids_stay_hidden_from_other_seats_until_all_have_bid() -> None:
    """Metzker: the bids are shown together on the third knock; a view hides the others'."""
    state = play(oh_hell.new_game(3, seed=6, options=Options.metzker(), dealer=2), "1: bid 1")
    assert oh_hell.view(state, 1).blind == (None, 1, None)
    assert oh_hell.view(state, 0).blind == (None, HIDDEN_BID, None)
    assert oh_hell.view(state, None).blind == (None, HIDDEN_BID, None)
    assert "has bid (hidden)" in oh_hell.render(oh_hell.view(state, 0))
    other = oh_hell.shuffle_unseen(state, 0, 3)
    assert oh_hell.view(other, 0) == oh_hell.view(state, 0)
    seen = parlour.from_json(parlour.to_json(oh_hell.view(state, 2)))
    assert seen == oh_hell.view(state, 2) and oh_hell.legal_moves(seen) == oh_hell.legal_moves(state, 2)
    with pytest.raises(NotationError, match="seats 0, 2"):
        oh_hell.parse_move(state, "bid 0")
    with pytest.raises(IllegalMove, match="already bid"):
        oh_hell.apply(state, oh_hell.BidTricks(1, 0))


def test_metzker_last_one_card_hand_is_bid_in_turn_with_the_hook() -> None:
    """Metzker states the blind knock for round one only: the final one-card hand is bid in turn."""
    state = first_moves_until(oh_hell.new_game(3, seed=8, options=Options.metzker()), 19)
    assert state.size == 1 and state.phase is Phase.BID and state.auction is not None
    assert state.auction.forbidden_total == 1


# --- scoring --------------------------------------------------------------------------------------


def test_metzker_scores_ten_plus_the_bid_when_made_and_nothing_when_missed() -> None:
    """Metzker: "a 1 in front of their bid. Eg. 1 becomes an 11. If not successful then they get
    a scratch and no points" (a made bid of 10 is read as 20, not 110)."""
    metzker = Options.metzker()
    assert [oh_hell.score_bid(metzker, b, t) for b, t in ((2, 2), (0, 0), (3, 2), (10, 10))] == [12, 10, 0, 20]
    deck = deck_for("AS", "KS", "2C", turn="3H")
    state = oh_hell.new_game(3, seed=1, options=metzker, deck=deck)
    state = play(state, "0: bid 1", "1: bid 0", "2: bid 0", "play AS", "play KS", "play 2C")
    assert [str(e) for e in state.events if e.kind is EventKind.HAND_SCORED] == ["hand scored: 11 10 10"]
    assert state.scores == (11, 10, 10) and state.hand == 2


def test_book_scores_ten_a_trick_bid_and_loses_ten_a_trick_off() -> None:
    """Book: made, "ten points for each trick"; "bid zero and did not take any tricks, you win
    ten points"; missed, "you lose ten points for each trick that you were under or over"."""
    book = Options.book()
    assert [oh_hell.score_bid(book, b, t) for b, t in ((3, 3), (0, 0), (2, 4), (1, 0))] == [30, 10, -20, -10]
    deck = deck_for("AS", "2H", "KS", turn="3H")  # hearts are trump: seat 1 ruffs
    state = play(oh_hell.new_game(3, seed=1, deck=deck), "bid 0", "bid 0")
    assert moves(state) == ["bid 0"]  # the dealer may not make the total 1
    state = play(state, "bid 0", "play AS", "play 2H", "play KS")
    assert state.scores == (10, -10, 10)


def test_openspiel_scorings_count_a_point_per_trick() -> None:
    """OpenSpiel: without off_bid_penalty a player scores points_per_trick per trick taken plus
    10 for a made bid; with it, a missed bid loses points_per_trick per trick off."""
    per = Options.openspiel()
    assert [oh_hell.score_bid(per, b, t) for b, t in ((1, 3), (2, 2), (0, 0))] == [3, 12, 10]
    off = Options(scoring=Scoring.OFF_BID_PENALTY, points_per_trick=2)
    assert [oh_hell.score_bid(off, b, t) for b, t in ((2, 2), (1, 3), (3, 0))] == [14, -4, -6]


# --- the whole game -------------------------------------------------------------------------------


def test_whole_metzker_game_runs_nineteen_hands_and_the_highest_total_wins() -> None:
    """Metzker: "The highest score after all the rounds have been played is declared the winner"."""
    state = oh_hell.new_game(4, seed=12, options=Options.metzker(), dealer=0)
    dealers: list[int] = []
    while not oh_hell.is_over(state):
        if state.phase is not Phase.PLAY and not dealers[-1:] == [state.dealer]:
            dealers.append(state.dealer)
        state = oh_hell.apply(state, oh_hell.legal_moves(state)[-1])
    assert state.hand == 19 and dealers[:5] == [0, 1, 2, 3, 0]
    best = max(state.scores)
    assert oh_hell.winners(state) == frozenset(s for s, v in enumerate(state.scores) if v == best)
    assert state.events[-1].kind is EventKind.GAME_OVER
    assert oh_hell.legal_moves(state) == () and oh_hell.to_act(state) == frozenset()


def test_equal_highest_totals_share_the_win() -> None:
    """Neither book breaks a final tie: equal highest totals are co-winners."""
    deck = deck_for("AS", "KS", "2C", turn="3H")
    state = oh_hell.new_game(3, seed=1, options=Options(schedule=Schedule.FIXED, max_cards=1), deck=deck)
    state = play(state, "bid 1", "bid 0", "bid 1", "play AS", "play KS", "play 2C")
    assert state.scores == (10, 10, -10) and oh_hell.winners(state) == frozenset({0, 1})
    assert str(state.events[-1]) == "game over; winners: 0 1"


# --- options, counts, notation, invariants ---------------------------------------------------------


def test_player_counts_and_options_are_checked() -> None:
    """Both books: three to seven players."""
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7 players, not 2"):
        oh_hell.new_game(2)
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7 players, not 8"):
        oh_hell.new_game(8, options=Options.metzker())
    with pytest.raises(ValueError, match="up and down sets its own"):
        Options(hands=3)
    with pytest.raises(ValueError, match="max_cards"):
        Options(max_cards=53)
    assert oh_hell.GAME.allowed_players(Options.metzker()) == (3, 4, 5, 6, 7)
    assert [name for name, _ in oh_hell.GAME.presets] == ["book", "metzker", "openspiel"]


def test_invariants_refuse_states_play_could_not_reach() -> None:
    """check_invariants guards decoded states: bids that break the hook, a wrong hand size, a
    blind bid out of range, a hidden bid in a real state."""
    state = play(oh_hell.new_game(3, seed=1, deck=deck_for("AS", "KS", "2C", turn="3H")), "bid 0", "bid 0")
    assert state.auction is not None
    forged = attrs.evolve(
        state.auction,
        calls=(*state.auction.calls, BidCall(2, Bid(1))),
        bids=(Bid(0), Bid(0), Bid(1)),
        turn=None,
    )
    with pytest.raises(ValueError, match="forbidden total"):
        oh_hell.check_invariants(attrs.evolve(state, auction=forged, phase=Phase.PLAY))
    with pytest.raises(ValueError, match="deals 1 cards"):
        oh_hell.check_invariants(attrs.evolve(state, size=2))
    blind = oh_hell.new_game(3, seed=1, options=Options.metzker())
    with pytest.raises(ValueError, match="not a number of tricks"):
        oh_hell.check_invariants(attrs.evolve(blind, blind=(5, None, None)))
    with pytest.raises(ValueError, match="not a number of tricks"):
        oh_hell.check_invariants(attrs.evolve(blind, blind=(HIDDEN_BID, None, None)))
    with pytest.raises(ValueError, match="left of the dealer, leads the first trick"):
        oh_hell.check_invariants(attrs.evolve(state, trick=Trick(2)))
    three = oh_hell.new_game(3, seed=1, options=THREE_CARDS)
    with pytest.raises(ValueError, match="not in sorted order"):
        oh_hell.check_invariants(attrs.evolve(three, hands=(three.hands[0][::-1], *three.hands[1:])))
    played = play(state, "bid 0", "play AS")
    with pytest.raises(ValueError, match="holds 0 cards, expected 1|missing"):
        oh_hell.check_invariants(attrs.evolve(played, hands=((), (), played.hands[2])))


def test_render_names_trump_bids_and_the_dealers_forbidden_bid() -> None:
    """The terminal picture: hand and size, trump, whose bid, the hook, each seat's bid."""
    state = play(oh_hell.new_game(3, seed=1, options=THREE_CARDS, dealer=2), "bid 1", "bid 1")
    text = oh_hell.render(oh_hell.view(state, 2))
    assert text.splitlines()[0].startswith("hand 1 of 1, 3 cards each, dealer seat 2; trump ")
    assert "seat 2 to bid; the bids so far total 2 (the dealer may not bid 1: the bids may not total 3)" in text
    assert "seat 0  score 0   3 cards  bid 1, took 0" in text


def test_first_dealer_is_drawn_from_the_seed_unless_fixed() -> None:
    """Book: "A dealer is determined by each player drawing cards" (here a draw from the seed,
    the same chance for every seat); `dealer=` fixes it and `deck=` must be a whole pack."""
    dealers = {oh_hell.new_game(5, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    assert oh_hell.new_game(5, seed=1).dealer == oh_hell.new_game(5, seed=1).dealer
    assert oh_hell.new_game(5, seed=1, dealer=4).dealer == 4
    with pytest.raises(ValueError, match="dealer="):
        oh_hell.new_game(5, seed=1, dealer=5)
    with pytest.raises(ValueError):
        oh_hell.new_game(4, seed=1, deck=deck_for("AS", "KS", "2C", "3C")[:-1])


def test_tricks_sum_to_the_hand_size_and_hooked_bids_never_do() -> None:
    """Rules notes, scenario 7: every hand's tricks add up to its size; where the hook binds,
    the bids never add up to it (someone must fail), in every hand of a random game."""
    chooser = random.Random(5)
    state = oh_hell.new_game(5, seed=21, options=Options(max_cards=6))
    checked = 0
    while not oh_hell.is_over(state):
        if state.phase is Phase.PLAY and not state.trick.cards and sum(oh_hell.tricks_taken(state)) == 0:
            made = [b for b in oh_hell.bids(state) if b is not None]
            assert len(made) == 5 and (sum(made) != state.size or not oh_hell.hook_applies(state.options, state.hand))
            checked += 1
        legal = oh_hell.legal_moves(state)
        after = oh_hell.apply(state, legal[chooser.randrange(len(legal))])
        if any(e.kind is EventKind.HAND_SCORED for e in after.events):
            assert sum(oh_hell.tricks_taken(state)) == state.size - 1 and len(state.trick.cards) == 4
        state = after
    assert checked == 11 and sum(oh_hell.tricks_taken(state)) == state.size == 1


def test_each_bid_leaves_the_auction_core_would_make() -> None:
    """The bids in turn are core's once-around auction: after every bid the stored auction
    equals `make_call` of the same call, and the dealer's forbidden total is the hand size."""
    state = first_moves_until(oh_hell.new_game(5, seed=13), 4)
    assert state.auction is not None and state.auction.forbidden_total == 4
    for text in ("bid 2", "bid 0", "bid 1", "bid 0"):
        before = state.auction
        assert before is not None
        move = oh_hell.parse_move(state, text)
        assert isinstance(move, oh_hell.BidTricks)
        state = oh_hell.apply(state, move)
        assert state.auction == make_call(before, BidCall(move.player, Bid(move.tricks)))
        oh_hell.check_invariants(state)
    assert moves(state) == ["bid 0", "bid 2", "bid 3", "bid 4"]  # not 1: the bids would total 4
