"""Spades scenarios from the Hoyle Card Games manual ("Spades") and rules/tricks.md section 11."""

from __future__ import annotations

import attrs
import pytest

import parlour
from parlour.core.auction import Bid
from parlour.core.cards import HIDDEN, Card, Suit, parse_cards, sorted_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import spades
from parlour.games.spades import DOUBLE_NIL, NIL, Options, Phase, PlayCard, State

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def deck_for(*hands: str) -> list[str]:
    """A deck that deals `hands[s]` to seat s when seat 3 deals (seat 0 gets the first card)."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(13) for s in range(4)]


def moves(state: State) -> list[str]:
    return [str(m) for m in spades.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = spades.apply(state, spades.parse_move(state, text))
    return state


def bid_round(state: State, *bids: str) -> State:
    """Each seat in turn from the dealer's left: "double nil", or look and bid."""
    for bid in bids:
        seat = min(spades.to_act(state))
        if bid != "double nil" and not state.looked[seat]:
            state = play(state, "look")
        state = play(state, f"bid {bid}")
    return state


def last_trick(
    bids: tuple[str, str, str, str],
    tricks: tuple[int, int, int, int],
    last: tuple[str, str, str, str],
    *,
    leader: int = 0,
    team_scores: tuple[int, int] = (0, 0),
    bags: tuple[int, int] = (0, 0),
    options: Options | None = None,
) -> State:
    """A position before the last trick: the bids made (seat 0 first, seat 3 dealt), `tricks[s]`
    tricks taken by seat s (12 in all), `last[s]` the one card seat s still holds."""
    assert sum(tricks) == 12
    state = bid_round(spades.new_game(seed=1, dealer=3, options=options), *bids)
    assert state.phase is Phase.PLAY
    final = [Card.parse(c) for c in last]
    rest = [c for c in standard_pack() if c not in final]
    won, at = [], 0
    for s in range(4):
        won.append(tuple(rest[at : at + 4 * tricks[s]]))
        at += 4 * tricks[s]
    return attrs.evolve(
        state,
        hands=tuple((c,) for c in final),
        won=tuple(won),
        trick=Trick(leader),
        broken=any(c.suit is Suit.SPADES for c in rest),
        team_scores=team_scores,
        bags=bags,
    )


def finish(state: State) -> State:
    """Plays the last trick (every seat holds one card)."""
    for _ in range(4):
        state = spades.apply(state, spades.legal_moves(state)[0])
    return state


def suited_game(options: Options | None = None) -> State:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades; seat 3 deals."""
    return spades.new_game(options=options, seed=5, deck=deck_for(CLUBS, DIAMONDS, HEARTS, SPADES), dealer=3)


# --- the deal and the bidding --------------------------------------------------------------------


def test_deal_one_card_at_a_time_from_the_dealers_left_who_bids_and_leads_first() -> None:
    """Each player receives 13 cards; bidding and play proceed clockwise from the dealer's left."""
    state = spades.new_game(seed=3, deck=[str(c) for c in sorted_cards(standard_pack())], dealer=1)
    assert state.hands[2] == parse_cards("2C 6C 10C AC 5D 9D KD 4H 8H QH 3S 7S JS")
    assert spades.to_act(state) == frozenset({2})
    state = bid_round(state, "3", "4", "2", "3")
    assert state.phase is Phase.PLAY and spades.to_act(state) == frozenset({2})
    assert [str(e) for e in state.events] == ["seat 1 bids: 3"]


def test_own_hand_is_hidden_until_the_seat_looks_double_nil_comes_first() -> None:
    """"Before you even pick up your cards, you may bid Double Nil": until a seat has chosen
    double nil or look, its view, its moves and the render do not show its cards."""
    state = suited_game()
    assert moves(state) == ["bid double nil", "look"]
    mine = spades.view(state, 0)
    assert mine.hands[0] == (HIDDEN,) * 13 and spades.legal_moves(mine) == spades.legal_moves(state, 0)
    assert "2C" not in spades.render(mine) and "cards not picked up" in spades.render(mine)
    assert spades.view(spades.shuffle_unseen(state, 0, 9), 0) == mine
    state = play(state, "look")
    assert [str(e) for e in state.events] == ["seat 0 chooses: look " + CLUBS]
    assert [str(e) for e in spades.view(state, 1).events] == ["seat 0 chooses: look" + " ??" * 13]
    assert spades.view(state, 0).hands[0] == parse_cards(CLUBS)
    assert moves(state) == ["bid nil", *(f"bid {k}" for k in range(1, 14))]
    assert "2C 3C 4C" in spades.render(spades.view(state, 0))
    # Seat 1 has not looked yet: its own cards stay hidden from it.
    assert spades.view(state, 1).hands[1] == (HIDDEN,) * 13


def test_double_nil_is_bid_only_before_looking() -> None:
    """Double Nil is made before picking up the cards; after a look only nil and 1-13 remain."""
    state = play(suited_game(), "look")
    with pytest.raises(IllegalMove, match="double nil is bid before looking at the cards, and seat 0 has looked"):
        spades.apply(state, spades.MakeBid(0, DOUBLE_NIL))
    state = play(suited_game(), "bid double nil")
    assert state.looked[0] and spades.view(state, 0).hands[0] == parse_cards(CLUBS)
    assert state.auction.bids[0] == DOUBLE_NIL and spades.to_act(state) == frozenset({1})


def test_bidding_refusals_name_the_rule() -> None:
    """Every seat bids once in turn; a seat must look (or bid double nil) before a number bid."""
    state = suited_game()
    with pytest.raises(IllegalMove, match="seat 0 must first bid double nil or look at its cards"):
        spades.apply(state, spades.MakeBid(0, Bid(3)))
    with pytest.raises(IllegalMove, match="it is seat 0's turn to bid"):
        spades.apply(state, spades.Look(1))
    with pytest.raises(IllegalMove, match="every seat must bid before the first card is played"):
        spades.apply(state, PlayCard(0, Card.parse("2C")))
    state = play(state, "look")
    with pytest.raises(IllegalMove, match="14 is not a bid"):
        spades.apply(state, spades.MakeBid(0, Bid(14)))


def test_side_behind_by_a_hundred_may_bid_double_nil_the_other_may_not() -> None:
    """Blind nil house rule: only a side trailing by 100 or more may bid double nil; the other
    seats hold their cards from the deal."""
    options = Options(double_nil_behind=100)
    deal = ("3", "3", "3", "3"), (3, 3, 3, 3), ("2C", "3C", "4C", "5C")
    # Each side bids 6; side 0 takes 6 (+60), side 1 takes 7 (+61, seat 3 wins the last trick).
    state = finish(last_trick(*deal, options=options, team_scores=(-59, 39)))
    assert state.team_scores == (1, 100) and state.phase is Phase.BID and state.hand == 2
    assert state.looked == (True, True, True, True)
    state = finish(last_trick(*deal, options=options, team_scores=(-60, 39)))
    assert state.team_scores == (0, 100) and state.dealer == 0 and spades.to_act(state) == frozenset({1})
    state = play(state, "bid 2")
    assert state.looked == (False, True, False, True)
    assert moves(state) == ["bid double nil", "look"]
    state = play(state, "look", "bid 2")
    assert moves(state) == ["bid nil", *(f"bid {k}" for k in range(1, 14))]


def test_no_double_nil_option_every_seat_holds_its_cards_from_the_deal() -> None:
    """double_nil=false (OpenSpiel): no pre-look decision; nil and 1-13 from the start."""
    state = suited_game(Options(double_nil=False))
    assert state.looked == (True,) * 4
    assert moves(state) == ["bid nil", *(f"bid {k}" for k in range(1, 14))]
    assert spades.view(state, 0).hands[0] == parse_cards(CLUBS)
    with pytest.raises(IllegalMove, match="these rules have no double nil"):
        spades.apply(state, spades.MakeBid(0, DOUBLE_NIL))


def test_no_nil_option_offers_only_numbers() -> None:
    state = play(suited_game(Options(nil=False)), "look")
    assert moves(state) == [f"bid {k}" for k in range(1, 14)]
    with pytest.raises(IllegalMove, match="these rules have no nil bid"):
        spades.apply(state, spades.MakeBid(0, NIL))


def test_team_bid_limit_partners_bid_at_most_thirteen_together() -> None:
    """OpenSpiel: a partner's bid may not bring the side's total past 13."""
    state = bid_round(suited_game(Options(team_bid_limit=True)), "9", "4")
    state = play(state, "look")
    assert moves(state) == ["bid nil", "bid 1", "bid 2", "bid 3", "bid 4"]
    with pytest.raises(IllegalMove, match="partners may bid at most 13 together"):
        spades.apply(state, spades.MakeBid(2, Bid(5)))
    free = play(bid_round(suited_game(), "9", "4"), "look")
    assert "bid 13" in moves(free)


def test_lenient_bid_notation() -> None:
    """"4", "nil", "blind nil" and a bare card read as the legal move they name."""
    state = suited_game()
    assert str(spades.parse_move(state, "blind nil")) == "bid double nil"
    assert str(spades.parse_move(state, "double nil")) == "bid double nil"
    state = play(state, "look")
    assert str(spades.parse_move(state, "4")) == "bid 4"
    assert str(spades.parse_move(state, "Nil")) == "bid nil"
    with pytest.raises(NotationError):
        spades.parse_move(state, "bid 15")
    state = bid_round(state, "4", "3", "3", "3")
    assert str(spades.parse_move(state, "2c")) == "play 2C"


# --- play --------------------------------------------------------------------------------------


def test_spades_may_not_be_led_until_broken_unless_only_spades() -> None:
    """"Spades cannot be lead until they've been broken (until they've been used to trump an
    earlier lead)"; a leader holding only spades may lead one."""
    hands = ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2S",
             "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 3S",
             "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS",
             "4S 5S 6S 7S 8S 9S 10S JS QS KS AC AD AH")  # fmt: skip
    state = bid_round(spades.new_game(seed=2, deck=deck_for(*hands), dealer=3), "3", "3", "3", "3")
    assert "play 2S" not in moves(state) and moves(state)[0] == "play 2C"
    with pytest.raises(IllegalMove, match="spades are not broken: may not lead a spade while holding another suit"):
        spades.apply(state, PlayCard(0, Card.parse("2S")))
    # Seat 1 is void in clubs and trumps; seat 3 cannot follow either.
    state = play(state, "play 2C", "play 3S", "play 2H", "play AC")
    assert [str(e) for e in state.events] == ["seat 3 plays AC", "seat 1 wins the trick 2C 3S 2H AC"]
    assert state.broken and spades.to_act(state) == frozenset({1})
    assert moves(attrs.evolve(state, hands=(state.hands[0], parse_cards("2D 4S"), *state.hands[2:]))) == ["play 2D", "play 4S"]
    # A hand of nothing but spades may lead a spade before they are broken.
    spade_hand = attrs.evolve(state, broken=False, trick=Trick(3), hands=(*state.hands[:3], parse_cards("4S 5S 6S")))
    assert moves(spade_hand) == ["play 4S", "play 5S", "play 6S"]


def test_spades_broken_option_off_allows_any_lead() -> None:
    """House rule: spades may be led at any time."""
    state = bid_round(suited_game(Options(spades_broken=False)), "3", "3", "3", "3")
    game = attrs.evolve(state, hands=(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS"), state.hands[1], state.hands[2],
                                      parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC")))  # fmt: skip
    assert "play AS" in moves(game)
    plain = attrs.evolve(game, options=Options())
    assert "play AS" not in moves(plain)


def test_must_follow_suit_and_highest_spade_wins() -> None:
    """Follow suit if you can; a trick is won by the highest trump, else the highest card led."""
    state = bid_round(suited_game(), "3", "3", "3", "3")
    state = attrs.evolve(state, hands=(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D"),
                                       parse_cards("AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
                                       state.hands[2], state.hands[3]))  # fmt: skip
    state = play(state, "play 2C")
    assert moves(state) == ["play AC"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        spades.apply(state, PlayCard(1, Card.parse("3D")))
    state = play(state, "play AC", "play 2H", "play 2S")
    assert state.events[-1].kind is EventKind.WINS_TRICK and state.events[-1].player == 3
    with pytest.raises(IllegalMove, match="it is seat 3's turn to play"):
        spades.apply(state, PlayCard(0, Card.parse("3C")))


# --- scoring -----------------------------------------------------------------------------------


def test_made_bid_scores_ten_a_trick_and_one_a_bag() -> None:
    """Scenario 1: bids 4 and 3 (7), the side takes 9: +72 and 2 bags."""
    state = finish(last_trick(("4", "2", "3", "2"), (5, 2, 4, 1), ("2C", "3C", "4C", "AS"), leader=0))
    # Seat 3 wins the last trick with AS: side 1 took 2 + 2 = 4 on a bid of 4.
    assert state.team_scores == (72, 40) and state.bags == (2, 0)
    scored = [e for e in state.events if e.kind is EventKind.HAND_SCORED]
    assert [str(e) for e in scored] == ["hand scored: 72 40 72 40"]
    assert spades.scores(state) == (72, 40, 72, 40)


def test_ten_bags_cost_a_hundred_and_the_excess_carries_over() -> None:
    """Scenario 2: a side holding 8 bags bids 2 and 2 and takes 7: +43, then 11 bags cost 100
    and leave 1; the hand changes the side's score by -57."""
    state = last_trick(("2", "3", "2", "3"), (4, 3, 2, 3), ("AC", "3C", "4C", "5C"), leader=0, team_scores=(200, 100), bags=(8, 0))
    state = finish(state)
    assert state.team_scores == (143, 160) and state.bags == (1, 0)
    assert [str(e) for e in state.events if e.kind in (EventKind.SCORES, EventKind.HAND_SCORED)] == [
        "seat 0 scores: bag penalty -100",
        "hand scored: -57 60 -57 60",
    ]
    assert spades.bag_penalty(11) == (100, 1)


def test_bag_limit_option_five_bags_cost_fifty() -> None:
    """House rule: 5 bags for 50."""
    options = Options(bag_limit=5, bag_penalty=50)
    state = last_trick(("2", "3", "2", "3"), (4, 3, 2, 3), ("AC", "3C", "4C", "5C"), leader=0, bags=(2, 0), options=options)
    state = finish(state)
    assert state.team_scores == (43 - 50, 60) and state.bags == (0, 0)
    assert spades.bag_penalty(12, Options(bag_limit=0)) == (0, 12)


def test_nil_made_and_partners_overtrick() -> None:
    """Scenario 3: nil made (+100), partner bid 4 took 5 (+41): +141 and 1 bag."""
    state = finish(last_trick(("nil", "4", "4", "4"), (0, 4, 4, 4), ("2C", "3C", "AC", "4C"), leader=0))
    assert state.team_scores == (141, 80) and state.bags == (1, 0)


def test_failed_nil_tricks_do_not_help_the_partner_but_are_bags() -> None:
    """Scenario 4: the nil bidder took 2, partner bid 4 and took 3: -100 - 40 = -140, 2 bags."""
    points, bags = spades.score_hand((NIL, Bid(3), Bid(4), Bid(3)), (2, 4, 3, 4))
    assert points[0] == -140 and bags[0] == 2
    # OpenSpiel: the nil bidder's tricks count toward the partner's bid instead.
    points, bags = spades.score_hand((NIL, Bid(3), Bid(4), Bid(3)), (2, 4, 3, 4), Options(nil_tricks_help_partner=True))
    assert points[0] == -100 + 41 and bags[0] == 1


def test_double_nil_is_worth_two_hundred_made_or_failed() -> None:
    """Scenario 5: "Double Nil is 200"."""
    made = finish(last_trick(("double nil", "4", "4", "4"), (0, 4, 4, 4), ("2C", "3C", "AC", "4C"), leader=0))
    assert made.team_scores == (200 + 41, 80)
    failed = finish(last_trick(("double nil", "4", "4", "4"), (1, 4, 3, 4), ("AC", "3C", "2C", "4C"), leader=0))
    assert failed.team_scores == (-200 - 40, 80) and failed.bags == (2, 0)


def test_short_of_the_bid_loses_ten_a_trick_bid() -> None:
    """Scenario 7: bid 5, took 4: -50 (the manual is silent; pagat's rule)."""
    points, bags = spades.score_hand((Bid(3), Bid(5), Bid(2), Bid(3)), (3, 4, 1, 5))
    assert points == (-50, 81) and bags == (0, 1)


def test_both_partners_nil_every_trick_is_a_bag() -> None:
    points, bags = spades.score_hand((NIL, Bid(5), DOUBLE_NIL, Bid(5)), (0, 7, 2, 4))
    assert points == (100 - 200, 101) and bags == (2, 1)


# --- the end of the game -----------------------------------------------------------------------


def test_game_to_500_higher_side_wins_equal_scores_play_on() -> None:
    """Scenario 8: 510 v 505 after the same hand: the 510 side wins; 500 v 500: another hand."""
    assert spades.game_result((510, 505)) == 0 and spades.game_result((505, 510)) == 1
    assert spades.game_result((500, 500)) is None and spades.game_result((499, -20)) is None
    state = last_trick(("3", "3", "3", "3"), (3, 3, 3, 3), ("2C", "3C", "4C", "5C"), leader=0, team_scores=(450, 444))
    state = finish(state)
    assert state.team_scores == (510, 505) and spades.is_over(state) and state.phase is Phase.OVER
    assert spades.winners(state) == frozenset({0, 2}) and spades.legal_moves(state) == ()
    assert str(state.events[-1]) == "game over; winners: 0 2"
    assert "side 0 (seats 0, 2) wins 510 to 505" in spades.render(state)
    with pytest.raises(GameOver):
        spades.apply(state, PlayCard(0, Card.parse("2C")))
    tied = finish(last_trick(("3", "3", "3", "3"), (3, 3, 3, 3), ("2C", "3C", "4C", "5C"), leader=0, team_scores=(440, 439)))
    assert tied.team_scores == (500, 500) and tied.phase is Phase.BID and tied.hand == 2
    spades.check_invariants(tied)


def test_mercy_rule_ends_the_game_when_a_side_falls_to_the_threshold() -> None:
    """The mercy rule (a published house rule, on by default): a side at -200 or below loses;
    the manual (preset hoyle) has no losing score and plays on."""
    deal = ("5", "3", "5", "3"), (3, 3, 3, 3), ("2C", "3C", "4C", "5C")
    state = finish(last_trick(*deal, leader=0, team_scores=(-100, 0)))
    assert state.team_scores == (-200, 61) and spades.winners(state) == frozenset({1, 3})
    state = finish(last_trick(*deal, leader=0, team_scores=(-100, 0), options=Options.hoyle()))
    assert state.team_scores == (-200, 61) and not spades.is_over(state)
    state = finish(last_trick(*deal, leader=0, team_scores=(-100, 0), options=Options.openspiel()))
    assert state.team_scores == (-200, 61) and not spades.is_over(state)  # OpenSpiel's -350
    state = finish(last_trick(*deal, leader=0, team_scores=(-250, 0), options=Options.openspiel()))
    assert state.team_scores == (-350, 61) and spades.winners(state) == frozenset({1, 3})


def test_target_score_option() -> None:
    """The game is to `target_score` (500 in the manual)."""
    deal = ("3", "3", "3", "3"), (3, 3, 3, 3), ("2C", "3C", "4C", "5C")
    state = finish(last_trick(*deal, leader=0, options=Options(target_score=100), team_scores=(20, 40)))
    assert state.team_scores == (80, 101) and spades.winners(state) == frozenset({1, 3})
    state = finish(last_trick(*deal, leader=0, team_scores=(20, 40)))
    assert state.team_scores == (80, 101) and not spades.is_over(state)


def test_whole_quick_match_reaches_its_end_with_the_higher_side_winning() -> None:
    """A whole match from the first deal (first legal move every time, quick options)."""
    state = spades.new_game(seed=4, options=spades.QUICK)
    plies = 0
    while not spades.is_over(state):
        state = spades.apply(state, spades.legal_moves(state)[0])
        plies += 1
        spades.check_invariants(state)
    side = 0 if state.team_scores[0] > state.team_scores[1] else 1
    assert spades.winners(state) == frozenset(spades.TEAMS[side])
    assert max(state.team_scores) >= 100 or min(state.team_scores) <= -100
    assert sum(len(w) for w in state.won) == 52


# --- presets, views, invariants ------------------------------------------------------------------


def test_presets_hoyle_and_openspiel_and_the_default() -> None:
    """The default is the manual's rules plus the mercy rule at -200, so every match ends."""
    game = parlour.game("spades")
    assert [name for name, _ in game.presets] == ["hoyle", "openspiel"]
    assert Options() == attrs.evolve(Options.hoyle(), mercy_rule=True)
    assert (Options().mercy_threshold, Options.hoyle().mercy_rule) == (-200, False)
    o = Options.openspiel()
    assert (o.double_nil, o.nil_tricks_help_partner, o.team_bid_limit, o.mercy_rule, o.mercy_threshold) == (False, True, True, True, -350)
    assert (game.name, game.family, game.players) == ("spades", "tricks", (4,))
    with pytest.raises(ValueError, match="spades is played by 4 players"):
        spades.new_game(3)
    with pytest.raises(ValueError, match="double_nil_behind restricts Double Nil"):
        Options(double_nil=False, double_nil_behind=100)
    with pytest.raises(ValueError, match="mercy_threshold must be below zero"):
        Options(mercy_threshold=10)


def test_views_round_trip_json_and_hide_other_hands() -> None:
    state = bid_round(suited_game(), "double nil", "3", "3")
    seen = spades.view(state, 1)
    assert seen.hands[1] == parse_cards(DIAMONDS) and seen.hands[0] == (HIDDEN,) * 13
    assert seen.hands[3] == (HIDDEN,) * 13 and spades.legal_moves(spades.view(state, 3)) == spades.legal_moves(state, 3)
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.from_json(parlour.to_json(seen)) == seen
    spades.check_invariants(seen)


def test_invariants_reject_broken_states() -> None:
    """Invariant: every card in one place, tricks total 13 a hand, bags below the limit."""
    state = bid_round(suited_game(), "3", "3", "3", "3")
    with pytest.raises(ValueError, match="duplicated|missing"):
        spades.check_invariants(attrs.evolve(state, hands=(state.hands[1], *state.hands[1:])))
    with pytest.raises(ValueError, match="bags"):
        spades.check_invariants(attrs.evolve(state, bags=(10, 0)))
    with pytest.raises(ValueError, match="broken"):
        spades.check_invariants(attrs.evolve(state, broken=True))
    with pytest.raises(ValueError, match="looked|hold its cards"):
        spades.check_invariants(attrs.evolve(state, looked=(True, False, True, True)))
    with pytest.raises(ValueError, match="a side has won"):
        spades.check_invariants(attrs.evolve(state, team_scores=(600, 0), hand=2))
    unsorted = tuple(reversed(state.hands[0]))
    with pytest.raises(ValueError, match="sorted"):
        spades.check_invariants(attrs.evolve(state, hands=(unsorted, *state.hands[1:])))
    assert sorted_cards(state.hands[0]) == state.hands[0]


def test_a_spade_led_from_an_all_spade_hand_breaks_spades() -> None:
    """Reading: any spade played to a trick breaks spades, also one led by a leader holding
    nothing but spades (the only other way a spade reaches an unbroken trick)."""
    hands = ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", DIAMONDS, HEARTS, CLUBS)
    state = bid_round(spades.new_game(seed=2, deck=deck_for(*hands), dealer=3), "13", "nil", "nil", "nil")
    assert moves(state)[:2] == ["play 2S", "play 3S"] and not state.broken
    state = play(state, "play 2S", "play 2D", "play 2H", "play 2C")
    assert state.broken and spades.to_act(state) == frozenset({0})


def test_render_names_the_trick_bids_and_who_is_winning() -> None:
    """The picture for the table: bids and tricks per side, the trick so far, the viewer's hand."""
    state = bid_round(suited_game(), "nil", "4", "3", "5")
    state = play(state, "play 2C", "play 2D")
    text = spades.render(spades.view(state, 2))
    assert "trick 1 of 13: seat 0 led 2C, seat 1 played 2D" in text
    assert "seat 2 to play (clubs led; seat 0 winning so far)" in text
    assert "side 0 (seats 0, 2)  score 0  bags 0  bid 3, 0 tricks" in text
    assert "seat 0  bid nil  0 tricks  12 cards" in text
    assert "2H 3H 4H" in text and "3C" not in text
