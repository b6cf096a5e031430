"""Cribbage scenarios from the Hoyle Card Games manual ("Cribbage") and rules/tricks.md section 12
(its brute-force-checked hand counts and its pegging and flow tests)."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards, standard_pack
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.games import cribbage
from parlour.games.cribbage import Options, Phase, State


def deck_for(pone: str, dealer: str, starter: str) -> list[str]:
    """A deck dealing `pone`'s six cards to the non-dealer and `dealer`'s to the dealer (one at
    a time, the non-dealer first), with `starter` on top of the stock."""
    top = [c for pair in zip(pone.split(), dealer.split()) for c in pair] + [starter]
    return top + [str(c) for c in standard_pack() if str(c) not in top]


def game(pone: str, dealer: str, starter: str, options: Options | None = None) -> State:
    """Seat 1 deals, seat 0 is the non-dealer (pone)."""
    return cribbage.new_game(deck=deck_for(pone, dealer, starter), dealer=1, options=options)


def act(state: State, *texts: str) -> State:
    for text in texts:
        state = cribbage.apply(state, cribbage.parse_move(state, text))
        cribbage.check_invariants(state)
    return state


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in cribbage.legal_moves(state, player)]


def said(state: State) -> list[str]:
    return [str(e) for e in state.events]


def lay_away(state: State, pone: str, dealer: str) -> State:
    a, b = pone.split()
    c, d = dealer.split()
    return act(state, f"0: discard {a}", f"1: discard {c}", f"0: discard {b}", f"1: discard {d}")


# --- the pure helpers: the show --------------------------------------------------------------

HAND_TABLE = [
    ("5C 5D 5H JS", "5S", False, 29),
    ("5C 5D 5H 5S", "KD", False, 28),
    ("4H 5H 6H 7H", "8H", False, 14),
    ("4H 5H 6H 7H", "8C", False, 13),
    ("4H 5H 6H 7H", "8C", True, 9),
    ("3S 4D 4C 5H", "9C", False, 8),
    ("4C 5D 6H 6S", "7C", False, 14),
    ("6C 6D 6H 7S", "8C", False, 17),
    ("7C 7D 8H 8S", "6C", False, 24),
    ("JH 5H QC KD", "5C", False, 17),
    ("5H 5S 10H JH", "QH", False, 18),
    ("2H 4H 6H 8H", "KC", False, 4),
    ("2H 4H 6H 8H", "KC", True, 0),
    ("2S 4D 6C 10H", "QS", False, 0),
    ("5H 5C 5S JD", "5D", False, 29),
]


@pytest.mark.parametrize(("hand", "starter", "crib", "total"), HAND_TABLE)
def test_score_hand_matches_the_brute_force_checked_table(hand: str, starter: str, crib: bool, total: int) -> None:
    """rules/tricks.md 12 hand-count table: fifteens 2, pairs 2, runs per card, flush 4/5
    (crib: five only), nobs 1; the seed's double/triple/quadruple runs are 8, 10, 15, 16."""
    assert cribbage.score_hand(parse_cards(hand), Card.parse(starter), crib) == total


def test_compound_runs_score_as_the_seed_table_says() -> None:
    """Seed: Double Run of Three 8, Double Run of Four 10, Triple Run 15, Quadruple Run 16
    (runs and their pairs; a starter far from fifteen keeps the counts pure)."""
    score = cribbage.score_hand
    assert score(parse_cards("KS KD QH JC"), Card.parse("2D")) == 8  # K K Q J: double run of three
    assert score(parse_cards("9C 10D 10H JC"), Card.parse("2S")) == 8
    assert score(parse_cards("AC 2D 2H 3S"), Card.parse("4C")) == 10  # A 2 2 3 4: double run of four
    assert score(parse_cards("QC QD QH JS"), Card.parse("KD")) == 15  # triple run
    assert score(parse_cards("QC QD JH JS"), Card.parse("KD")) == 16  # quadruple run


def test_nobs_needs_the_jack_of_the_starters_suit_in_the_hand() -> None:
    """Seed: "Any jack of the same suit as the starter card scores one point (for nobs)"; the
    starter itself being a jack is his heels, not nobs."""
    assert cribbage.score_hand(parse_cards("JH 2C 4D 8S"), Card.parse("KH")) == 1
    assert cribbage.score_hand(parse_cards("JH 2C 4D 8S"), Card.parse("KS")) == 0
    assert cribbage.score_hand(parse_cards("QH 2C 4D 8S"), Card.parse("JH")) == 0


def test_score_hand_refuses_bad_input_naming_it() -> None:
    """score_hand takes four distinct cards of the pack and a different starter."""
    with pytest.raises(ValueError, match="4 cards, not 3"):
        cribbage.score_hand(parse_cards("5C 5D 5H"), Card.parse("5S"))
    with pytest.raises(ValueError, match="twice"):
        cribbage.score_hand(parse_cards("5C 5C 5H 6D"), Card.parse("5S"))
    with pytest.raises(ValueError, match="also in the hand"):
        cribbage.score_hand(parse_cards("5C 5D 5H 6D"), Card.parse("5C"))
    with pytest.raises(ValueError, match="not a card of the pack"):
        cribbage.score_hand((*parse_cards("5C 5D 5H"), Card.parse("JK")), Card.parse("5S"))


# --- the pure helpers: pegging ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        ("4S 4D", 2),  # pair
        ("4S 4D 4H", 6),  # pair royal
        ("4S 4D 4H 4C", 12),  # double pair royal
        ("4S 4D 4H 3C", 2),  # count 15; 4-4-3 is no run
        ("7C 9D 8H", 3),  # run of three in any order
        ("7C 9D 8H 6S", 4),  # run of four (count 30)
        ("5C 6D 6H", 2),  # pair
        ("5C 6D 6H 7S", 0),  # the pair breaks the run
        ("KC QD AS 3H 2D", 3),  # run A-2-3 across a count of 26
        ("KC QD 8H 2D", 0),
        ("KC 5D", 2),  # fifteen
        ("KC QD JH AS", 2),  # thirty-one
        ("6C 4D 5H", 5),  # fifteen and a run of three
        ("QC KD AH", 0),  # ace is low: Q-K-A is no run
    ],
)
def test_peg_points_of_the_last_card(pile: str, points: int) -> None:
    """Seed "In Play" table: 15 2, 31 2, pair 2, three of a kind 6, four 12, run 1 per card."""
    assert cribbage.peg_points(parse_cards(pile)) == points


def test_peg_points_refuses_bad_input_naming_it() -> None:
    """An empty pile, a card twice or a count past 31 cannot be a pegging pile."""
    with pytest.raises(ValueError, match="at least one card"):
        cribbage.peg_points(())
    with pytest.raises(ValueError, match="twice"):
        cribbage.peg_points(parse_cards("5C 5C"))
    with pytest.raises(ValueError, match="over 31"):
        cribbage.peg_points(parse_cards("KC QD JH 2S"))


# --- the deal and the crib -------------------------------------------------------------------

PONE = "4C 4H 7C 8D AC 2D"
DEALER = "4D 3S 9H 6S KD QC"


def test_deal_is_six_each_from_the_non_dealer_and_both_lay_away_at_once() -> None:
    """Seed: six cards each, one at a time; each player lays away two cards face down. Both
    choose at the same time, one card per move, seats in order and hands by rank (ace low)."""
    state = game(PONE, DEALER, "5H")
    assert state.phase is Phase.DISCARD and cribbage.to_act(state) == frozenset({0, 1})
    assert [" ".join(map(str, h)) for h in state.hands] == ["AC 2D 4C 4H 7C 8D", "3S 4D 6S 9H QC KD"]
    assert moves(state)[:6] == ["discard AC", "discard 2D", "discard 4C", "discard 4H", "discard 7C", "discard 8D"]
    assert len(moves(state)) == 12 and len(moves(state, 1)) == 6
    state = act(state, "1: discard KD", "1: discard QC")
    assert cribbage.to_act(state) == frozenset({0}) and moves(state, 1) == []
    with pytest.raises(IllegalMove, match="already laid away its 2 cards"):
        cribbage.apply(state, cribbage.Discard(1, Card.parse("3S")))
    with pytest.raises(IllegalMove, match="must first lay away 2 cards"):
        cribbage.apply(state, cribbage.PlayCard(0, Card.parse("4C")))


def test_laid_away_cards_stay_private_until_the_game_is_over() -> None:
    """Seed: cards are laid away face down; the crib is shown only in the show. A view shows a
    seat its own laid-away cards and the other's as hidden, and redacts the event."""
    state = act(game(PONE, DEALER, "5H"), "1: discard KD")
    seen = cribbage.view(state, 0)
    assert seen.crib == ((), (HIDDEN,)) and [str(e) for e in seen.events] == ["seat 1 discards: to the crib ??"]
    assert cribbage.view(state, 1).crib == ((), (Card.parse("KD"),))
    assert moves(seen) == moves(state, 0)


def test_parse_move_needs_the_seat_while_both_lay_away() -> None:
    """Both seats act at once, so "discard 4C" alone is refused; "0: discard 4C" is read."""
    state = game(PONE, DEALER, "5H")
    with pytest.raises(NotationError, match="say whose move it is"):
        cribbage.parse_move(state, "discard 4C")
    assert cribbage.parse_move(state, "0: discard 4c") == cribbage.Discard(0, Card.parse("4C"))
    assert cribbage.parse_move(state, "discard 4C", 0) == cribbage.Discard(0, Card.parse("4C"))


def test_starter_is_the_top_of_the_stock_and_non_dealer_leads() -> None:
    """Seed: the dealer turns up the top card of the stock; the non-dealer begins the play."""
    state = lay_away(game(PONE, DEALER, "5H"), "AC 2D", "KD QC")
    assert state.phase is Phase.PLAY and state.starter == Card.parse("5H") and state.turn == 0
    assert said(state)[-2:] == ["seat 1 turns up: starter 5H", "seat 0 leads"]
    assert len(state.stock) == 39 and state.crib == (parse_cards("AC 2D"), parse_cards("QC KD"))


def test_a_jack_starter_gives_two_for_his_heels() -> None:
    """Seed: "If this card is a jack, the dealer immediately pegs two"."""
    state = lay_away(game(PONE, DEALER, "JH"), "AC 2D", "KD QC")
    assert state.scores == (0, 2)
    assert "seat 1 scores: his heels 2" in said(state)


def test_his_heels_wins_at_once_for_a_dealer_on_119() -> None:
    """rules/tricks.md 12 flow test 5: a dealer on 119 turning a jack wins before any pegging."""
    state = act(game(PONE, DEALER, "JH"), "0: discard AC", "1: discard KD", "0: discard 2D")
    state = attrs.evolve(state, scores=(100, 119))
    state = act(state, "1: discard QC")
    assert cribbage.is_over(state) and cribbage.winners(state) == frozenset({1})
    assert state.scores == (100, 121) and moves(state) == []
    assert said(state)[-2:] == ["seat 1 wins: the game 1", "game over; winners: 1"]


# --- pegging ---------------------------------------------------------------------------------


def test_pair_pair_royal_and_fifteen_in_play() -> None:
    """rules/tricks.md 12 flow test 1: non-dealer 4, dealer 4 (pair, 2), non-dealer 4 (three of a
    kind, 6), dealer 3 (count 15, 2; 4-4-3 is no run)."""
    state = lay_away(game(PONE, DEALER, "5H"), "AC 2D", "KD QC")
    state = act(state, "play 4C", "play 4D")
    assert state.scores == (0, 2) and said(state)[-1] == "seat 1 scores: pair 2"
    state = act(state, "play 4H")
    assert state.scores == (6, 2) and said(state)[-1] == "seat 0 scores: pair royal 6"
    state = act(state, "play 3S")
    assert state.scores == (6, 4) and state.count == 15 and said(state)[-1] == "seat 1 scores: fifteen 2"


def test_runs_go_and_the_new_count() -> None:
    """rules/tricks.md 12 flow test 2: 7, 9, 8 is a run of three (24); 6 a run of four (30); the
    non-dealer holding 5 and K can only say go; the dealer holding 2 and 3 cannot play either
    and scores 1; the non-dealer starts the next count at 0."""
    state = lay_away(game("7C 8D 5H KS AC 2D", "9H 6S 2C 3D QC KD", "4H"), "AC 2D", "KD QC")
    state = act(state, "play 7C", "play 9H", "play 8D")
    assert state.scores == (3, 0) and state.count == 24
    state = act(state, "play 6S")
    assert state.scores == (3, 4) and state.count == 30
    assert moves(state) == ["go"]
    state = act(state, "go")
    assert state.scores == (3, 5) and state.count == 0 and state.turn == 0
    assert said(state) == ["seat 0 passes: go", "seat 1 scores: go 1", "seat 0 leads"]
    assert moves(state) == ["play 5H", "play KS"]


def test_after_a_go_the_other_plays_on_alone_and_pegs_the_last_card() -> None:
    """Seed: after "Go" the second player must play as many cards as possible up to 31; the
    player of the last card under 31 scores a point."""
    state = lay_away(game("KS QS JS 10S AC 2D", "9H 2C 3D 4S QC KD", "6H"), "AC 2D", "KD QC")
    state = act(state, "play 10S", "play 9H", "play KS")  # 29
    assert moves(state) == ["play 2C"]  # the dealer can play (and must play; go is refused)
    with pytest.raises(IllegalMove, match="go is said only when no card fits: 2C"):
        cribbage.apply(state, cribbage.Go(1))
    state = act(state, "play 2C")  # 31
    assert state.scores == (0, 2) and state.count == 0 and state.turn == 0
    assert said(state)[-2:] == ["seat 1 scores: thirty-one 2", "seat 0 leads"]
    state = act(state, "play QS", "play 3D", "play JS", "play 4S")  # 10, 13, 23, 27
    # All cards are played: the dealer's 4S is the last card (1); then the show.
    assert "seat 1 scores: last card 1" in said(state)


def test_thirty_one_scores_two_and_no_point_for_last_card() -> None:
    """rules/tricks.md 12 flow test 3: count 21, a 10 makes 31: 2 points, not 3."""
    state = lay_away(game("KS AS 5H 9C AC 2D", "JD 10H 3D 4S QC KD", "6H"), "AC 2D", "KD QC")
    state = act(state, "play KS", "play JD")  # 20
    state = act(state, "play AS")  # 21
    before = state.scores
    state = act(state, "play 10H")
    assert state.scores == (before[0], before[1] + 2)
    assert said(state)[1:] == ["seat 1 scores: thirty-one 2", "seat 0 leads"]


def test_a_pair_breaks_a_run_in_play() -> None:
    """rules/tricks.md 12 flow test 4: 5, 6, 6, 7 in one count: the second 6 pairs (2) and the
    7 makes no run."""
    state = lay_away(game("5C 6H QS KS AC 2D", "6D 7S JD 10H QC KD", "9H"), "AC 2D", "KD QC")
    state = act(state, "play 5C", "play 6D", "play 6H")
    assert state.scores == (2, 0)
    state = act(state, "play 7S")
    assert state.scores == (2, 0) and state.count == 24


def test_a_card_may_not_take_the_count_past_31() -> None:
    """Seed: "The total may not be carried past 31"; the refusal names the sum."""
    state = lay_away(game("KS QS 9C 5H AC 2D", "JD 10H 3D 4S QC KD", "6H"), "AC 2D", "KD QC")
    state = act(state, "play QS", "play JD", "play 9C")  # 29
    assert moves(state) == ["go"]
    with pytest.raises(IllegalMove, match=r"may not pass 31: 29 \+ 10 is 39"):
        cribbage.apply(state, cribbage.PlayCard(1, Card.parse("10H")))
    with pytest.raises(IllegalMove, match="it is seat 1's turn"):
        cribbage.apply(state, cribbage.PlayCard(0, Card.parse("5H")))
    state = act(state, "go")  # the non-dealer cannot play 5H or KS either: 1 for go
    assert state.scores == (1, 0) and state.turn == 1 and state.count == 0


# --- the show and the end of the game --------------------------------------------------------


def _to_the_last_card() -> State:
    """Pone keeps 5C 5D KS QH, the dealer AS 2S 3C 9D, starter 8H; pegged so far: pone KS,
    dealer 9D (19), pone 5C (24), dealer 3C (27)."""
    state = lay_away(game("5C 5D KS QH 7C 7D", "AS 2S 3C 9D 10C JC", "8H"), "7C 7D", "10C JC")
    return act(state, "play KS", "play 9D", "play 5C", "play 3C")


def test_the_show_counts_non_dealer_then_dealer_then_crib() -> None:
    """Seed: the non-dealer scores first; the dealer then scores his hand and the crib. Each
    player plays exactly four cards and the crib holds two from each (rules flow test 7)."""
    state = _to_the_last_card()
    while state.hand == 1:
        state = cribbage.apply(state, cribbage.legal_moves(state)[0])
    shows = [e for e in state.events if e.kind is EventKind.SHOWS]
    assert [(e.player, e.label.split(",")[0], e.numbers[0]) for e in shows] == [
        (0, "hand", 10),  # 5C 5D KS QH + 8H: fifteens 8, pair 2
        (1, "hand", 5),  # AS 2S 3C 9D + 8H: fifteen (AS 2S 3C 9D) 2, run 3
        (1, "crib", 6),  # 7C 7D 10C JC + 8H: fifteens (7 8) x2 4, pair 2
    ]
    assert all(len(e.cards) == 5 for e in shows)
    assert shows[2].cards[:4] == parse_cards("7C 7D 10C JC")
    assert str(shows[0]) == "seat 0 shows: hand, fifteens 8, pairs 2 5C 5D QH KS 8H 10"
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (10, 11)
    assert state.dealer == 0 and state.phase is Phase.DISCARD and state.hand == 2


def test_non_dealer_wins_the_race_in_the_show_before_the_dealer_counts() -> None:
    """rules/tricks.md 12 flow test 6: the non-dealer on 115 with a hand worth 6 or more and the
    dealer on 120 after the pegging: the non-dealer shows first and wins; the dealer's hand is
    never counted, and the winning score stops at 121."""
    state = _to_the_last_card()
    while sum(map(len, state.hands)) > 1:
        state = act(state, str(cribbage.legal_moves(state)[0]))
    # One card is left: set the scores so that the pegging ends with 115 to 120.
    (last,) = state.hands[state.turn]
    pile = (*cribbage.pile_of(state), last)
    gain = cribbage.peg_points(pile) + (0 if state.count + cribbage.card_value(last) == 31 else 1)
    start = [115, 120]
    start[state.turn] -= gain
    state = act(attrs.evolve(state, scores=tuple(start)), f"play {last}")
    assert cribbage.winners(state) == frozenset({0})
    assert state.scores == (121, 120)
    shows = [e for e in state.events if e.kind is EventKind.SHOWS]
    assert [e.player for e in shows] == [0]


def test_the_game_ends_the_moment_121_is_reached_in_play() -> None:
    """Seed: the first to 121 wins; rules: at the moment the point is scored, even mid-pegging.
    Nothing more is played and the winning peg stops in the game hole (121)."""
    state = lay_away(game(PONE, DEALER, "5H"), "AC 2D", "KD QC")
    state = attrs.evolve(state, scores=(118, 100))
    state = act(state, "play 4C", "play 4D")
    state = act(state, "play 4H")  # pair royal: 6 points from 118
    assert cribbage.is_over(state) and state.scores == (121, 102)
    assert said(state)[-3:] == ["seat 0 scores: pair royal 6", "seat 0 wins: the game 1", "game over; winners: 0"]
    assert cribbage.legal_moves(state) == ()
    # Once over, everything laid away is turned up.
    assert cribbage.view(state, 0).crib == state.crib


def test_crib_flush_needs_all_five_cards() -> None:
    """rules/tricks.md 12 gap 1: a four-card flush counts in a hand (4) but not in the crib;
    with the starter of the suit both score 5."""
    four = parse_cards("2H 4H 6H 8H")
    assert cribbage.score_hand(four, Card.parse("KC")) == 4
    assert cribbage.score_hand(four, Card.parse("KC"), crib=True) == 0
    assert cribbage.score_hand(four, Card.parse("KH"), crib=True) == 5


def test_skunk_option_counts_two_games() -> None:
    """Option skunk (not in the seed; the library's reading): a winner whose opponent has not
    passed 90 (target - 30) wins two games; without the option, one."""
    for skunk, won in ((False, 1), (True, 2)):
        state = lay_away(game(PONE, DEALER, "5H", Options(skunk=skunk)), "AC 2D", "KD QC")
        state = attrs.evolve(state, scores=(118, 88))
        state = act(state, "play 4C", "play 4D", "play 4H")  # the loser ends on 90
        assert state.games == (won, 0) and cribbage.winners(state) == frozenset({0})
        assert said(state)[-2] == ("seat 0 wins: the game with a skunk 2" if skunk else "seat 0 wins: the game 1")
    state = lay_away(game(PONE, DEALER, "5H", Options(skunk=True)), "AC 2D", "KD QC")
    state = act(attrs.evolve(state, scores=(118, 89)), "play 4C", "play 4D", "play 4H")
    assert state.games == (1, 0)  # 91 is past the skunk line


def test_a_match_of_games_deals_the_next_game_to_the_loser() -> None:
    """Option games=2: after a game is won the scores start again at 0, the loser deals the
    first hand of the next game, and the match goes on until a seat has won two games."""
    state = lay_away(game(PONE, DEALER, "5H", Options(games=2)), "AC 2D", "KD QC")
    state = act(attrs.evolve(state, scores=(118, 100)), "play 4C", "play 4D", "play 4H")
    assert not cribbage.is_over(state) and state.games == (1, 0)
    assert state.scores == (0, 0) and state.dealer == 1 and state.hand == 2 and state.phase is Phase.DISCARD
    assert said(state)[-2:] == ["seat 0 wins: the game 1", "seat 1 deals hand 2"]
    chooser = random.Random(3)
    while not cribbage.is_over(state):
        state = cribbage.apply(state, chooser.choice(cribbage.legal_moves(state)))
    (winner,) = cribbage.winners(state)
    assert state.games[winner] == 2 and state.scores[winner] == 121


def test_once_around_preset_plays_to_61() -> None:
    """Preset once_around: the short game to 61."""
    assert Options.once_around() == Options(target=61)
    state = lay_away(game(PONE, DEALER, "5H", Options.once_around()), "AC 2D", "KD QC")
    state = act(attrs.evolve(state, scores=(58, 0)), "play 4C", "play 4D", "play 4H")
    assert cribbage.is_over(state) and state.scores == (61, 2)


def test_low_card_of_the_cut_deals_first_and_the_deal_alternates() -> None:
    """Usual rule (rules/tricks.md 12 gap 5): the players cut, low card (ace low) deals; the
    cut comes from the seed. After each hand the deal passes to the other player."""
    for seed in range(8):
        state = cribbage.new_game(seed=seed)
        cuts = [e for e in state.events if e.kind is EventKind.TURNS_UP]
        a, b = cuts[-2].cards[0], cuts[-1].cards[0]
        assert a.rank != b.rank and state.dealer == (0 if a.rank < b.rank else 1)
        assert all(x.cards[0].rank == y.cards[0].rank for x, y in zip(cuts[:-2:2], cuts[1:-2:2]))
        assert cribbage.new_game(seed=seed) == state
    state = cribbage.new_game(seed=4, dealer=0)
    first = state.dealer
    while state.hand == 1:
        state = cribbage.apply(state, cribbage.legal_moves(state)[0])
    assert state.dealer == 1 - first


def test_whole_match_to_121_has_one_winner() -> None:
    """Seed: the first person to score 121 points is the winner."""
    state = cribbage.new_game(seed=11)
    chooser = random.Random(11)
    plies = 0
    while not cribbage.is_over(state):
        state = cribbage.apply(state, chooser.choice(cribbage.legal_moves(state)))
        plies += 1
    cribbage.check_invariants(state)
    (winner,) = cribbage.winners(state)
    assert state.scores[winner] == 121 and state.scores[1 - winner] < 121
    assert state.games == ((1, 0) if winner == 0 else (0, 1))
    assert plies < cribbage.GAME.max_plies
    assert parlour.from_json(parlour.to_json(state)) == state


def test_options_are_checked() -> None:
    """Targets and match lengths outside their ranges are refused."""
    with pytest.raises(ValueError, match="target must be"):
        Options(target=0)
    with pytest.raises(ValueError, match="games must be"):
        Options(games=0)
    with pytest.raises(ValueError, match="played by 2 players"):
        cribbage.new_game(3)


def test_hoyle_preset_is_the_default_game() -> None:
    """Preset hoyle: the seed's game, one game to 121 without skunks."""
    assert Options.hoyle() == Options() == Options(target=121, skunk=False, games=1)
    assert dict(cribbage.GAME.presets) == {"hoyle": Options(), "once_around": Options(target=61)}


def test_check_invariants_refuses_impossible_counts() -> None:
    """Decoded states are checked: the count must be the sum of its cards, go must agree with
    who played last, and once a seat stops (go) it plays no more in that count."""
    state = act(lay_away(game(PONE, DEALER, "5H"), "AC 2D", "KD QC"), "play 4C", "play 4D")
    with pytest.raises(ValueError, match="not the sum of its cards"):
        cribbage.check_invariants(attrs.evolve(state, count=9))
    with pytest.raises(ValueError, match="go is set exactly when"):
        cribbage.check_invariants(attrs.evolve(state, go=True))
    later = act(state, "play 4H", "play 3S")  # seat 1 played 4D and 3S, seat 0 4C and 4H
    with pytest.raises(ValueError, match="played in a count after it had said go"):
        cribbage.check_invariants(attrs.evolve(later, count_seats=(0, 1, 1, 0), count=15, turn=1))
