"""Thirty-One scenarios from the Scat text (seed 003, with its variants), the Metzker "Thirty One"
(seed 001) and rules/other.md section 5.1 (its ten scenario tests are marked "5.1 #n")."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards, standard_pack
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.ledger import Ledger
from parlour.games import thirty_one
from parlour.games.thirty_one import (
    KnockerTie,
    KnockTiming,
    On31,
    On31AfterKnock,
    OpeningShowdown,
    Options,
    Phase,
    Scoring,
    State,
    ThreeOfAKind,
    hand_value,
    showdown_result,
)

SCAT = Options.scat()
METZKER = Options.metzker()


def deck_for(hands: list[str], upcard: str, stock: str = "", dealer: int | None = None) -> list[Card]:
    """A deck that deals `hands[s]` to seat s (one card at a time from the dealer's left, the
    last seat dealing by default), then `upcard`, then `stock` on top of the rest of the pack."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    order = [(dealer + 1 + i) % n for i in range(n)]
    split = [parse_cards(h) for h in hands]
    top = [split[seat][r] for r in range(3) for seat in order] + list(parse_cards(f"{upcard} {stock}"))
    return top + [c for c in standard_pack() if c not in top]


def game(hands: list[str], upcard: str, stock: str = "", options: Options = SCAT, dealer: int | None = None) -> State:
    n = len(hands)
    return thirty_one.new_game(
        n, seed=3, options=options, deck=deck_for(hands, upcard, stock, dealer), dealer=n - 1 if dealer is None else dealer
    )


def moves(state: State) -> list[str]:
    return [str(m) for m in thirty_one.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = thirty_one.apply(state, thirty_one.parse_move(state, text))
    return state


def lost(state: State) -> tuple[int, ...]:
    """The lives each seat lost in the hand just scored (from its HAND_SCORED event)."""
    scored = [e for e in state.events if e.kind is EventKind.HAND_SCORED]
    return tuple(-n for n in scored[-1].numbers)


# Hand values ---------------------------------------------------------------------------------


def test_hand_value_is_the_best_single_suit_total() -> None:
    """5.1 #1, Scat "Cards and their value": aces 11, courts 10; three suits: the highest card;
    three of a kind counts only where the options say so (Metzker: 30 1/2)."""
    assert hand_value(parse_cards("AH KH QH"), SCAT) == 31
    assert hand_value(parse_cards("AS KH 5H"), SCAT) == 15
    assert hand_value(parse_cards("7C 8D 9S"), SCAT) == 9
    assert hand_value(parse_cards("7C 7D 7S"), SCAT) == 7
    assert hand_value(parse_cards("7C 7D 7S"), METZKER) == 30.5
    assert type(hand_value(parse_cards("AS KH 5H"), SCAT)) is int


def test_three_of_a_kind_straight_flush_and_grand_cadillac_options() -> None:
    """Scat variants: 3-of-a-kind 30 (ties three ten-cards) or 30.5; a straight flush 30, A-K-Q
    31, ace low or high, no wrap; Cadillac's three aces 33."""
    thirty = Options(three_of_a_kind=ThreeOfAKind.THIRTY)
    assert hand_value(parse_cards("2C 2D 2S"), thirty) == 30
    assert hand_value(parse_cards("KS QS JS"), thirty) == 30
    runs = Options(straight_flush=True)
    assert [hand_value(parse_cards(h), runs) for h in ("4H 5H 6H", "AH 2H 3H", "QH KH AH", "KH AH 2H")] == [30, 30, 31, 23]
    assert hand_value(parse_cards("4H 5H 6H"), SCAT) == 15
    cadillac = Options.cadillac()
    assert hand_value(parse_cards("AC AD AS"), cadillac) == 33
    assert hand_value(parse_cards("9C 9D 9S"), cadillac) == 30


# Turn structure ------------------------------------------------------------------------------


def test_deal_goes_one_at_a_time_from_the_dealers_left_and_seat_after_dealer_starts() -> None:
    """Scat "Deal": three cards each one at a time from the dealer's left, the next card face
    up, the rest the stock; the player to the dealer's left begins."""
    state = game(["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"], "5S", "6S 7S", dealer=1)
    assert [str(e) for e in state.events] == ["seat 1 deals hand 1", "turns up 5S", "seat 2 to play"]
    assert thirty_one.to_act(state) == frozenset({2})
    assert state.discards == parse_cards("5S") and state.stock[:2] == parse_cards("6S 7S")
    assert len(state.stock) == 52 - 10
    assert moves(state) == ["draw stock", "take discard", "knock"]


def test_taken_discard_may_not_be_discarded_but_a_drawn_card_may() -> None:
    """5.1 #2, Scat "Play": a card taken from the discard pile may not go straight back; a card
    drawn from the stock may."""
    state = game(["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"], "5S", "6S 7S")
    took = play(state, "take discard")
    assert moves(took) == ["discard 2C", "discard 3C", "discard 4C"]
    with pytest.raises(IllegalMove, match="just taken from the discard pile"):
        thirty_one.apply(took, thirty_one.Discard(0, Card.parse("5S")))
    drew = play(state, "draw stock")
    assert moves(drew) == ["discard 2C", "discard 3C", "discard 4C", "discard 6S"]
    after = play(drew, "discard 6S")
    assert after.hands[0] == parse_cards("2C 3C 4C") and after.discards[-1] == Card.parse("6S")
    assert thirty_one.to_act(after) == frozenset({1})


def test_refusals_name_the_rule() -> None:
    """Scat: knock instead of drawing (not after it); one knock a hand; the turn order."""
    state = game(["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"], "5S", "6S 7S")
    with pytest.raises(IllegalMove, match="turn"):
        thirty_one.apply(state, thirty_one.DrawStock(1))
    drew = play(state, "draw stock")
    with pytest.raises(IllegalMove, match="instead of drawing"):
        thirty_one.apply(drew, thirty_one.Knock(0, Card.parse("2C")))
    knocked = play(state, "knock")
    assert moves(knocked) == ["draw stock", "take discard"]
    with pytest.raises(IllegalMove, match="seat 0 has already knocked"):
        thirty_one.apply(knocked, thirty_one.Knock(1))
    with pytest.raises(IllegalMove, match="only when the stock is empty"):
        thirty_one.apply(knocked, thirty_one.EndHand(1))


# Showdowns -----------------------------------------------------------------------------------


def test_after_a_knock_the_lowest_other_hand_loses_one_life() -> None:
    """5.1 #3, Scat "Knocking": seat 0 knocks with 25; after one more turn each, seat 1 (20)
    loses a life and seat 2 (25) is safe; the deal passes to the left."""
    state = game(["KH 10H 5H", "KS QS 2C", "KD 10D 5D"], "2D", "3C 4C")
    state = play(state, "knock", "draw stock", "discard 3C", "draw stock")
    assert thirty_one.to_act(state) == frozenset({2})
    state = play(state, "discard 4C")
    assert lost(state) == (0, 1, 0)
    assert thirty_one.scores(state) == (3, 2, 3)
    shows = [str(e) for e in state.events if e.kind is EventKind.SHOWS]
    assert shows == ["seat 0 shows: 25 5H 10H KH", "seat 1 shows: 20 2C QS KS", "seat 2 shows: 25 5D 10D KD"]
    assert state.hand == 2 and state.dealer == 0 and thirty_one.to_act(state) == frozenset({1})


def test_knocker_tied_for_lowest_is_safe_in_scat_and_pays_double_in_metzker() -> None:
    """5.1 #4: knocker 18, seat 1 18, seat 2 25. Scat: "If there is a tie involving the knocker,
    the other player(s) lose a life"; Metzker: "If you are lowest you pay double" and "If several
    players tie for lowest they all lose a life"."""
    hands = ["10H 8H 2C", "10S 8S 2D", "KD 10D 5D"]
    scat = play(game(hands, "3C", "3S 4S 5S"), "knock", "draw stock", "discard 3S", "draw stock", "discard 4S")
    assert lost(scat) == (0, 1, 0)
    metzker = game(hands, "3C", "3S 4S 5S", options=METZKER)
    assert "knock" not in moves(metzker)
    metzker = play(metzker, "draw stock", "knock 3S", "draw stock", "discard 4S", "draw stock", "discard 5S")
    assert lost(metzker) == (2, 1, 0)
    assert showdown_result({0: 18, 1: 18, 2: 25}, 0, SCAT) == {1: 1}
    assert showdown_result({0: 18, 1: 18, 2: 25}, 0, METZKER) == {0: 2, 1: 1}


def test_knocker_tie_variants() -> None:
    """Scat variants: "only the knocker loses"; Cadillac: "the knocker loses two lives and the
    others lose nothing"; a tie of non-knockers: "both (all) of those players lose a life"."""
    values = {0: 18, 1: 18, 2: 25}
    assert showdown_result(values, 0, Options(knocker_tie=KnockerTie.ONLY_KNOCKER)) == {0: 2}
    assert showdown_result(values, 0, Options(knocker_tie=KnockerTie.ONLY_KNOCKER, knocker_lowest_penalty=1)) == {0: 1}
    assert showdown_result(values, 0, Options.cadillac()) == {0: 2}
    assert showdown_result(values, 0, Options(knocker_tie=KnockerTie.KNOCKER_TWO_OTHERS_ONE)) == {0: 2, 1: 1}
    assert showdown_result({0: 25, 1: 18, 2: 18}, 0, SCAT) == {1: 1, 2: 1}
    assert showdown_result({0: 25, 1: 18, 2: 18}, None, SCAT) == {1: 1, 2: 1}


def test_knocker_sole_lowest_loses_two_or_one_with_the_variant() -> None:
    """5.1 #5, Scat: "If the knocker's score is lower than that of every other player, the
    knocker loses two lives"; variant: "a knocker who has the lowest score only loses one"."""
    hands = ["9H 8H 2C", "10S 8S 2D", "KD 10D 5D"]
    script = ("knock", "draw stock", "discard 3S", "draw stock", "discard 4S")
    assert lost(play(game(hands, "3C", "3S 4S 5S"), *script)) == (2, 0, 0)
    one = Options(knocker_lowest_penalty=1)
    state = play(game(hands, "3C", "3S 4S 5S", options=one), *script)
    assert lost(state) == (1, 0, 0) and thirty_one.scores(state) == (2, 3, 3)


def test_31_after_a_knock_costs_everyone_else_one_life_knocker_included() -> None:
    """5.1 #6, Scat "Declaring 31": "A player who makes 31 after another player has knocked still
    declares it and every other player including the knocker loses one life"; the variant where
    the knocker loses two."""
    hands = ["9H 8H 2C", "AS KS 2D", "KD 10D 5D"]
    state = play(game(hands, "3C", "QS 4S"), "knock", "draw stock")
    state = play(state, "discard 2D")
    assert lost(state) == (1, 0, 1)
    assert [str(e) for e in state.events][:2] == ["seat 1 discards 2D", "seat 1 shows: 31 QS KS AS"]
    assert state.hand == 2
    variant = Options(on_31_after_knock=On31AfterKnock.KNOCKER_TWO)
    state = play(game(hands, "3C", "QS 4S", options=variant), "knock", "draw stock", "discard 2D")
    assert lost(state) == (2, 0, 1)


def test_31_made_in_play_ends_the_hand_at_once() -> None:
    """Scat: "If after drawing and discarding a player achieves hand value of 31, they show
    their cards immediately ... all the other players lose a life"; Metzker: "If you have 31 you
    set your cards down and no one gets another turn" (read as a showdown: the lowest loses)."""
    hands = ["AH KH 2C", "9S 8S 2D", "KD 10D 5D"]
    state = play(game(hands, "QH", "4S"), "take discard", "discard 2C")
    assert lost(state) == (0, 1, 1) and state.hand == 2
    metzker = play(game(hands, "QH", "4S", options=METZKER), "take discard", "discard 2C")
    assert lost(metzker) == (0, 1, 0)


def test_two_seats_dealt_31_all_the_others_lose_and_nothing_is_played() -> None:
    """5.1 #10, Scat: "If it happens that two or more players get 31 on the initial deal then
    all the players other than those with 31 lose"."""
    state = game(["AH KH QH", "2C 3D 5S", "AS KS JS", "4C 6D 8H"], "9C")
    assert state.hand == 2
    assert lost(state) == (0, 1, 0, 1)
    assert thirty_one.scores(state) == (3, 2, 3, 2)
    kinds = [e.kind for e in state.events]
    assert kinds[:3] == [EventKind.DEALS, EventKind.TURNS_UP, EventKind.NOTE]
    assert EventKind.DRAWS not in kinds and EventKind.DISCARDS not in kinds


def test_stock_exhausted_seat_may_take_the_discard_or_end_the_hand() -> None:
    """5.1 #8, Scat "Draw pile exhausted": "If the player whose turn it is does not wish to draw
    the top discard, the play ends ... If no one has knocked then the player who has the lowest
    score loses one life"."""
    state = game(["KH 10H 5H", "KS QS 2C", "9D 8D 5D"], "2D")
    # Seat 2's turn with an empty stock: the stock goes under the discard pile.
    state = attrs.evolve(state, turn=2, stock=(), discards=(*state.stock, *state.discards))
    thirty_one.check_invariants(state)
    assert moves(state) == ["take discard", "knock", "end hand"]
    ended = play(state, "end hand")
    assert lost(ended) == (0, 1, 0)
    with pytest.raises(IllegalMove, match="the stock is empty"):
        thirty_one.apply(state, thirty_one.DrawStock(2))


# Lives and the county ------------------------------------------------------------------------


def test_one_penny_losing_two_is_out_and_a_seat_on_the_county_plays_until_it_loses() -> None:
    """5.1 #7, Scat "Scoring": "If you lose while on the county, you are out of the game. If you
    lose two lives when you only have one penny you are also out of the game."""
    hands = ["9H 8H 2C", "10S 8S 2D", "KD 10D 5D"]
    state = game(hands, "3C", "3S 4S 5S")
    state = attrs.evolve(state, ledger=Ledger((1, 0, 3), (False, False, False), county=True))
    # Seat 1 is on the county (no pennies) and still plays its turn.
    state = play(state, "knock")
    assert moves(state) == ["draw stock", "take discard"]
    state = play(state, "draw stock", "discard 3S", "draw stock", "discard 4S")
    assert lost(state) == (2, 0, 0)
    assert state.ledger.out == (True, False, False)
    assert "seat 0 drops out" in [str(e) for e in state.events]
    # The out seat is dealt no cards and skipped; seat 1 deals (the deal passes left).
    assert state.hands[0] == () and state.dealer == 1 and thirty_one.to_act(state) == frozenset({2})
    county = game(["10S 8S 2D", "9H 8H 2C", "KD 10D 5D"], "3C", "3S 4S 5S")
    county = attrs.evolve(county, ledger=Ledger((3, 0, 3), (False, False, False), county=True))
    county = play(county, "knock", "draw stock", "discard 3S", "draw stock", "discard 4S")
    assert county.ledger.out == (False, True, False) and lost(county) == (0, 1, 0)


def test_a_seat_reaching_zero_goes_on_the_county_and_the_last_seat_standing_wins() -> None:
    """Scat: "If you have no money left ... you are said to be 'on the county'"; "The game
    continues until only one player has not been eliminated, and that player is the winner"."""
    hands = ["KH 10H 5H", "KS QS 2C"]
    state = game(hands, "2D", "3C 4C")
    state = attrs.evolve(state, ledger=Ledger((3, 1), (False, False), county=True))
    state = play(state, "knock", "draw stock", "discard 3C")
    assert state.ledger.counts == (3, 0) and state.ledger.on_county(1)
    assert "seat 1 note: is on the county" in [str(e) for e in state.events]
    assert not thirty_one.is_over(state)
    last = game(hands, "2D", "3C 4C")
    last = attrs.evolve(last, ledger=Ledger((3, 0), (False, False), county=True))
    last = play(last, "knock", "draw stock", "discard 3C")
    assert thirty_one.is_over(last) and thirty_one.winners(last) == frozenset({0})
    assert thirty_one.legal_moves(last) == ()
    assert str(last.events[-1]) == "game over; winners: 0"


def test_everyone_going_out_at_once_stays_in_on_the_county() -> None:
    """Scat variant text: "it is possible for all the remaining players to lose their last life
    simultaneously, in which case those players play another hand (... on the county)"."""
    state = game(["KH 10H 5H", "KS 10S 5S"], "2D", options=Options(county=False, lives=1))
    state = attrs.evolve(state, stock=(), discards=(*state.stock, *state.discards))
    state = play(state, "end hand")
    assert lost(state) == (1, 1)
    assert state.ledger.counts == (0, 0) and state.ledger.out == (False, False)
    assert not thirty_one.is_over(state) and state.hand == 2


def test_ride_the_bus_is_out_on_the_fifth_loss() -> None:
    """Ride the Bus: standing at the back, the middle, the front, the stairs, then off the bus;
    no county."""
    options = Options.ride_the_bus()
    assert (options.lives, options.county) == (5, False)
    state = thirty_one.new_game(3, seed=1, options=options, dealer=0)
    assert thirty_one.scores(state) == (5, 5, 5) and state.ledger.county is False
    ledger = Ledger.start(3, options.lives, county=options.county)
    for _ in range(4):
        ledger = ledger.lose({0: 1})
    assert not ledger.out[0]
    assert ledger.lose({0: 1}).out[0]


# Knocking variants ---------------------------------------------------------------------------


def test_metzker_knock_comes_between_the_draw_and_the_discard() -> None:
    """5.1 #9, Metzker: "You may knock at the end of your turn but before you discard"."""
    state = game(["10H 8H 2C", "10S 8S 2D", "KD 10D 5D"], "3C", "3S", options=METZKER)
    assert moves(state) == ["draw stock", "take discard"]
    state = play(state, "draw stock")
    assert moves(state) == [
        "discard 2C", "discard 8H", "discard 10H", "discard 3S", "knock 2C", "knock 8H", "knock 10H", "knock 3S",
    ]  # fmt: skip
    state = play(state, "knock 2C")
    assert state.knocker == 0 and state.discards[-1] == Card.parse("2C")
    assert thirty_one.to_act(state) == frozenset({1}) and "knock 2D" not in moves(play(state, "draw stock"))


def test_minimum_knock_and_knock_only_with_a_flush() -> None:
    """Scat variants: "a minimum score with which you are allowed to knock - for example 17, 19
    or 21"; "a knock is only allowed by a player who has three cards of the same suit"."""
    hands = ["10H 8H 2C", "10S 8S 2S", "KD 10D 5D"]
    assert "knock" not in moves(game(hands, "3C", options=Options(min_knock=19)))
    assert "knock" in moves(game(hands, "3C", options=Options(min_knock=18)))
    flush = Options(knock_needs_flush=True)
    state = game(hands, "3C", "4C", options=flush)
    assert "knock" not in moves(state)
    state = play(state, "draw stock", "discard 4C")
    assert moves(state) == ["draw stock", "take discard", "knock"]
    with pytest.raises(IllegalMove, match="a knock needs"):
        thirty_one.apply(game(hands, "3C", options=Options(min_knock=21)), thirty_one.Knock(0))


def test_no_knock_in_a_seats_first_turn_with_the_option() -> None:
    """Solitaire.com's Ride the Bus: "the bus cannot be stopped in your first turn to play"."""
    options = Options(knock_on_first_turn=False)
    state = game(["10H 8H 2C", "10S 8S 2D", "KD 10D 5D"], "3C", "3S 4S 5S 6S", options=options)
    assert moves(state) == ["draw stock", "take discard"]
    state = play(state, "draw stock", "discard 3S", "draw stock", "discard 4S", "draw stock", "discard 5S")
    assert moves(state) == ["draw stock", "take discard", "knock"]
    with pytest.raises(IllegalMove, match="first turn"):
        thirty_one.apply(game(["10H 8H 2C", "10S 8S 2D", "KD 10D 5D"], "3C", options=options), thirty_one.Knock(0))


def test_after_draw_knock_timing_as_an_option_of_scat() -> None:
    """Solitaire.com: "signal the bus to stop after drawing a card and before discarding"."""
    options = Options(knock_timing=KnockTiming.AFTER_DRAW)
    state = game(["10H 8H 2C", "10S 8S 2D", "KD 10D 5D"], "3C", "3S", options=options)
    state = play(state, "take discard")
    assert moves(state) == ["discard 2C", "discard 8H", "discard 10H", "knock 2C", "knock 8H", "knock 10H"]


def test_hammer_first_player_calls_an_immediate_showdown_scored_as_a_knock() -> None:
    """Scat variant "hammer": instead of drawing, the very first player may call for everyone to
    show; if it has the lowest hand it loses two lives."""
    options = Options(opening_showdown=OpeningShowdown.HAMMER)
    hands = ["9H 8H 2C", "10S 8S 2D", "KD 10D 5D"]
    state = game(hands, "3C", "3S", options=options)
    assert moves(state) == ["draw stock", "take discard", "knock", "hammer"]
    assert lost(play(state, "hammer")) == (2, 0, 0)
    later = play(state, "draw stock", "discard 3S")
    assert "hammer" not in moves(later)


def test_shotgun_is_decided_before_the_first_player_sees_its_cards() -> None:
    """Scat variant "throw-down"/"shotgun": "the first player must decide before looking at
    their cards whether or not to call for an immediate showdown"."""
    options = Options(opening_showdown=OpeningShowdown.SHOTGUN)
    hands = ["KD 10D 5D", "10S 8S 2D", "9H 8H 2C"]
    state = game(hands, "3C", "3S", options=options)
    assert state.phase is Phase.SHOTGUN and moves(state) == ["shotgun", "look"]
    seen = thirty_one.view(state, 0)
    assert seen.hands[0] == (HIDDEN,) * 3 and thirty_one.legal_moves(seen) == thirty_one.legal_moves(state, 0)
    assert lost(play(state, "shotgun")) == (0, 0, 1)
    looked = play(state, "look")
    assert looked.phase is Phase.DRAW and thirty_one.view(looked, 0).hands[0] == parse_cards("5D 10D KD")
    assert moves(looked) == ["draw stock", "take discard", "knock"]


# House presets -------------------------------------------------------------------------------


def test_gin_a_knock_promises_the_highest_hand() -> None:
    """GIN: "if after this the knocker's hand is highest or equal highest, everyone except the
    knocker gets a letter. If another player beats the knocker, the knocker gets a letter"."""
    gin = Options.gin()
    assert showdown_result({0: 25, 1: 25, 2: 20}, 0, gin) == {1: 1, 2: 1}
    assert showdown_result({0: 25, 1: 26, 2: 20}, 0, gin) == {0: 1}
    assert showdown_result({0: 25, 1: 26, 2: 20}, None, gin) == {2: 1}
    state = play(game(["KH 10H 5H", "KS QS 2C", "9D 8D 5D"], "2D", "3C 4C", options=gin), "knock")
    state = play(state, "draw stock", "discard 3C", "draw stock", "discard 4C")
    assert lost(state) == (0, 1, 1)
    assert hand_value(parse_cards("7C 7D 7S"), gin) == 30.5


def test_french_canadian_highest_hand_scores_a_point_and_ties_go_against_the_knocker() -> None:
    """French Canadian: "the player with the highest score is awarded one point. If there is a
    tie the player who did not knock wins it"; Jacobs: "A-10-9 beats K-Q-J"; a 31 scores a point
    at once; the game goes to 31 points."""
    fc = Options.french_canadian()
    assert showdown_result({0: 25, 1: 25, 2: 20}, 0, fc) == {1: 1}
    assert showdown_result({0: 20, 1: 25, 2: 25}, 0, fc) == {1: 1, 2: 1}
    hands = ["AH 10H 9H", "KS QS JS", "2D 3D 4D"]
    state = game(hands, "2C", "3C 4C", options=fc)
    state = play(state, "knock", "draw stock", "discard 3C", "draw stock", "discard 4C")
    assert thirty_one.scores(state) == (1, 0, 0)
    plain = attrs.evolve(fc, poker_ties=False)
    state = play(game(hands, "2C", "3C 4C", options=plain), "knock", "draw stock", "discard 3C", "draw stock", "discard 4C")
    assert thirty_one.scores(state) == (0, 1, 0)
    assert "knock" not in moves(game(["AH 10H 9C", "KS QS JS", "2D 3D 4D"], "2C", options=fc))
    blitz = play(game(["AH KH 2C", "9S 8S 2D", "KD 10D 5D"], "QH", "4S", options=fc), "take discard", "discard 2C")
    assert thirty_one.scores(blitz) == (1, 0, 0) and blitz.hand == 2
    near = attrs.evolve(game(hands, "2C", "3C 4C", options=fc), points=(30, 0, 0))
    near = play(near, "knock", "draw stock", "discard 3C", "draw stock", "discard 4C")
    assert thirty_one.is_over(near) and thirty_one.winners(near) == frozenset({0})


def test_cadillac_grand_cadillac_is_declared_like_31() -> None:
    """Cadillac: "Three Aces make a 'Grand Cadillac' worth 33 points - this is declared in the same
    way as a Cadillac and each other player loses a life"; four nickels plus poverty."""
    cadillac = Options.cadillac()
    assert (cadillac.lives, cadillac.county) == (4, True)
    state = play(game(["AC AD 2S", "9S 8S 2D", "KD 10D 5D"], "AH", "4S", options=cadillac), "take discard", "discard 2S")
    assert lost(state) == (0, 1, 1)
    assert thirty_one.scores(state) == (4, 3, 3)


# Whole matches, views, valves ----------------------------------------------------------------


def test_view_shows_only_the_top_discard_and_a_card_taken_from_it() -> None:
    """Scat: the discard pile "is always kept 'squared up' so that only the top card is visible";
    a card drawn from the stock is seen by its drawer alone."""
    state = game(["2C 3C 4C", "2D 3D 4D", "2H 3H 4H"], "5S", "6S 7S")
    state = play(state, "draw stock", "discard 2C")
    seen = thirty_one.view(state, 1)
    assert seen.discards == (HIDDEN, Card.parse("2C")) and seen.hands[0] == (HIDDEN,) * 3
    drew = play(state, "draw stock")
    assert thirty_one.view(drew, 2).drawn == HIDDEN and thirty_one.view(drew, 1).drawn == Card.parse("7S")
    assert [str(e) for e in thirty_one.view(drew, 2).events] == ["seat 1 draws ??"]
    took = play(state, "take discard")
    assert thirty_one.view(took, 2).drawn == Card.parse("2C")


def test_turn_limit_valve_ends_a_hand_without_a_knock_in_a_showdown() -> None:
    """rules/other.md section 0 termination valve: a hand nobody knocks in ends after
    `turn_limit` turns and is scored like a stock-out showdown (lowest loses one)."""
    options = Options(turn_limit=2)
    state = game(["KH 10H 5H", "KS QS 2C", "9D 8D 5D"], "2D", "3C 4C", options=options)
    state = play(state, "draw stock", "discard 3C", "draw stock", "discard 4C")
    assert lost(state) == (0, 1, 0)
    assert "note: no knock in 2 turns: the hands are shown" in [str(e) for e in state.events]


def test_hand_limit_valve_ends_the_game_with_the_most_lives_winning() -> None:
    """rules/other.md section 0 termination valve: after `hand_limit` hands the game ends and
    the seats still in with the most lives share the win."""
    options = Options(hand_limit=1)
    state = game(["KH 10H 5H", "KS QS 2C", "KD 10D 5D"], "2D", "3C 4C", options=options)
    state = play(state, "knock", "draw stock", "discard 3C", "draw stock", "discard 4C")
    assert thirty_one.is_over(state) and state.hand == 1
    assert thirty_one.winners(state) == frozenset({0, 2})
    assert str(state.events[-1]) == "game over; winners: 0 2"


def test_a_whole_match_runs_to_the_last_seat_standing() -> None:
    """Scat: "The game continues until only one player has not been eliminated, and that player
    is the winner"; every hand costs at least one life, so a match ends."""
    for preset in (SCAT, METZKER):
        chooser = random.Random(4)
        state = thirty_one.new_game(4, seed=9, options=preset)
        plies = 0
        while not thirty_one.is_over(state):
            legal = thirty_one.legal_moves(state)
            state = thirty_one.apply(state, legal[chooser.randrange(len(legal))])
            plies += 1
        standing = state.ledger.standing
        assert len(standing) == 1 and thirty_one.winners(state) == frozenset(standing)
        assert state.events[-1].kind is EventKind.GAME_OVER and state.events[-1].numbers == standing
        assert 0 < plies < thirty_one.GAME.max_plies
        thirty_one.check_invariants(state)
        assert parlour.from_json(parlour.to_json(state)) == state


def test_presets_and_notation_round_trip() -> None:
    """The issue: Scat as preset `scat` (the defaults), Thirty One as `metzker`, and the house
    games; every legal move's text reads back as that move."""
    names = [name for name, _ in thirty_one.GAME.presets]
    assert names == ["scat", "metzker", "cadillac", "gin", "ride_the_bus", "french_canadian"]
    assert Options.scat() == Options()
    assert (METZKER.knock_timing, METZKER.on_31, METZKER.three_of_a_kind) == (
        KnockTiming.AFTER_DRAW, On31.SHOWDOWN, ThreeOfAKind.THIRTY_HALF,
    )  # fmt: skip
    assert Options.french_canadian().scoring is Scoring.HIGHEST_SCORES
    state = thirty_one.new_game(3, seed=2, options=METZKER)
    for _ in range(12):
        for move in thirty_one.legal_moves(state):
            assert thirty_one.parse_move(state, str(move)) == move
        state = thirty_one.apply(state, thirty_one.legal_moves(state)[0])
    with pytest.raises(ValueError, match="thirty_one is played by"):
        thirty_one.new_game(11)
    with pytest.raises(ValueError, match="min_knock"):
        Options(min_knock=-1)
