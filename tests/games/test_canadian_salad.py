"""Canadian Salad scenarios from the Metzker book ("Canadian Salad (Whist)") and rules/tricks.md section 6."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Rank, Suit, parse_cards, sorted_cards
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import canadian_salad as cs
from parlour.games.canadian_salad import (
    PACKS,
    ROUNDS,
    Counts,
    Options,
    Phase,
    PlayCard,
    State,
)

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def deck_for(*hands: str) -> list[str]:
    """A deck that deals `hands[s]` to seat s when the last seat deals (seat 0 gets the first card)."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(len(split[0])) for s in range(len(split))]


def suited_game(options: Options | None = None) -> State:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades; seat 3 deals, seat 0 leads.
    Only clubs are ever led, so seat 0 takes every trick of the deal."""
    return cs.new_game(options=options, seed=5, deck=deck_for(CLUBS, DIAMONDS, HEARTS, SPADES), dealer=3)


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in cs.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = cs.apply(state, cs.parse_move(state, text))
    return state


def finish_round(state: State) -> State:
    """Plays the first legal move until the deal is scored."""
    hand = state.hand
    while state.hand == hand and not cs.is_over(state):
        state = cs.apply(state, cs.legal_moves(state)[0])
    return state


def last_trick(
    players: int,
    options: Options,
    *,
    piles: dict[int, str],
    final: list[str],
    leader: int,
    dump: int,
    dealer: int = 0,
    scores: tuple[int, ...] | None = None,
) -> State:
    """A position late in a deal: each seat holds its cards of `final` (the last trick when
    one card each), the won piles are `piles` (whole tricks) and seat `dump` took every other
    card of the pack."""
    base = cs.new_game(players, seed=3, options=options, dealer=dealer)
    rest = Counter(PACKS[players])
    rest.subtract(Counter(c for text in [*piles.values(), *final] for c in parse_cards(text)))
    assert all(v >= 0 for v in rest.values())
    won = [parse_cards(piles.get(s, "")) for s in range(players)]
    won[dump] = won[dump] + tuple(sorted_cards(rest.elements()))
    state = attrs.evolve(
        base,
        hands=tuple(sorted_cards(parse_cards(c)) for c in final),
        won=tuple(won),
        trick=Trick(leader),
        scores=(0,) * players if scores is None else scores,
    )
    cs.check_invariants(state)
    return state


def play_trick(state: State) -> State:
    """Plays the first legal move of each seat once around."""
    for _ in range(len(state.hands)):
        state = cs.apply(state, cs.legal_moves(state)[0])
    return state


def scored(state: State) -> tuple[int, ...]:
    return next(e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED)


# ---------------------------------------------------------------------------------------------
# Players and cards


def test_pack_and_hand_size_by_player_count() -> None:
    """Seed "Players and Cards": 3 one deck less all clubs, 4 one deck, 5 less 2C and 2D (10
    each), 6 two decks less a club suit and a diamond suit, 7 two decks less a club suit, 8 two
    decks; 13 cards each except with five."""
    sizes = {n: (len(PACKS[n]), cs.hand_size(n)) for n in cs.PLAYERS}
    assert sizes == {3: (39, 13), 4: (52, 13), 5: (50, 10), 6: (78, 13), 7: (91, 13), 8: (104, 13)}
    assert not any(c.suit is Suit.CLUBS for c in PACKS[3])
    assert Card.parse("2C") not in PACKS[5] and Card.parse("2D") not in PACKS[5] and Card.parse("3C") in PACKS[5]
    counts6 = Counter(PACKS[6])
    assert counts6[Card.parse("AC")] == 1 and counts6[Card.parse("AD")] == 1 and counts6[Card.parse("AS")] == 2
    counts7 = Counter(PACKS[7])
    assert counts7[Card.parse("AC")] == 1 and counts7[Card.parse("AD")] == 2
    for n in cs.PLAYERS:
        state = cs.new_game(n, seed=n)
        assert [len(h) for h in state.hands] == [cs.hand_size(n)] * n
    with pytest.raises(ValueError, match="canadian_salad is played by 3, 4, 5, 6, 7, 8 players, not 9"):
        cs.new_game(9)
    with pytest.raises(ValueError, match="deck= must be the 39-card pack in some order"):
        cs.new_game(3, deck=[str(c) for c in PACKS[4]])


def test_round_totals_follow_the_pack() -> None:
    """Seed totals for four players (130 120 130 130 120 120 120 120, 75, 75); reading: other
    counts compute them from their pack (3 players: even cards 90, face cards 90, sevens 90;
    5 players: 10 tricks give 100; 8 players: red cards 260, both kings of spades 150)."""
    assert [cs.round_total(r, 4) for r in ROUNDS] == [130, 120, 130, 130, 120, 120, 120, 120, 75, 75]
    assert [cs.round_total(ROUNDS[i], 3) for i in (1, 2, 4, 5)] == [90, 130, 90, 90]
    assert cs.round_total(ROUNDS[2], 5) == 100
    assert cs.round_total(ROUNDS[0], 8) == 260 and cs.round_total(ROUNDS[8], 8) == 150


def test_even_cards_are_2_4_6_8_10_q_and_face_cards_j_q_k() -> None:
    """Seed: "Even cards (2,4,6,8,10,Q)"; "Each face card". K, J and A are not even."""
    even, face = ROUNDS[1], ROUNDS[4]
    assert [str(c) for c in parse_cards(SPADES) if even.counts_card(c)] == ["2S", "4S", "6S", "8S", "10S", "QS"]
    assert [str(c) for c in parse_cards(SPADES) if face.counts_card(c)] == ["JS", "QS", "KS"]
    assert [r.name for r in ROUNDS] == [
        "red cards", "even cards", "tricks", "hearts", "face cards", "sevens", "aces", "queens",
        "kings of spades", "last trick",
    ]  # fmt: skip
    assert [r.points for r in ROUNDS] == [5, 5, 10, 10, 10, 30, 30, 30, 75, 75]


# ---------------------------------------------------------------------------------------------
# Play


def test_player_left_of_dealer_leads_and_the_deal_passes_left() -> None:
    """Section 0 reading: the dealer's left leads; the deal rotates each round."""
    state = cs.new_game(seed=4, dealer=2)
    assert cs.to_act(state) == frozenset({3}) and state.trick.leader == 3
    assert cs.legal_moves(state) == tuple(PlayCard(3, c) for c in state.hands[3])  # any card leads
    after = finish_round(state)
    assert (after.hand, after.dealer, after.trick.leader, cs.to_act(after)) == (2, 3, 0, frozenset({0}))
    assert [str(e) for e in after.events][-3:] == [
        f"hand scored: {' '.join(map(str, after.scores))}",
        "seat 3 deals hand 2",
        "note: round 2 of 10: even cards, 5 points each",
    ]


def test_must_follow_suit_if_possible() -> None:
    """Seed: "You MUST follow suit lead if possible"; a void player may play anything."""
    final = ["2H 9S", "8C 3H", "7S 4S", "6D 5D"]
    state = last_trick(4, Options(), piles={0: "AH AS AD AC"}, final=final, leader=0, dump=1)
    assert moves(state) == ["play 2H", "play 9S"]
    state = play(state, "play 9S")
    assert moves(state) == ["play 8C", "play 3H"]  # seat 1 has no spade: anything
    state = play(state, "play 3H")
    assert moves(state) == ["play 4S", "play 7S"]
    with pytest.raises(IllegalMove, match="play 2S: seat 2 does not hold 2S"):
        cs.apply(state, PlayCard(2, Card.parse("2S")))
    state = play(state, "play 4S")
    assert moves(state) == ["play 5D", "play 6D"]


def test_must_follow_suit_refusal_names_the_suit() -> None:
    """Seed: "You MUST follow suit lead if possible": playing off-suit while holding the suit led
    is refused with the rule."""
    state = cs.new_game(seed=5, deck=deck_for(CLUBS, DIAMONDS, HEARTS, SPADES), dealer=3)
    state = attrs.evolve(state, hands=(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D"),
                                        parse_cards("AC 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
                                        state.hands[2], state.hands[3]))  # fmt: skip
    cs.check_invariants(state)
    state = play(state, "play 2C")
    assert moves(state) == ["play AC"]
    with pytest.raises(IllegalMove, match="play 3D: must follow suit: holds a club"):
        cs.apply(state, PlayCard(1, Card.parse("3D")))
    with pytest.raises(NotationError, match="play 3D: must follow suit: holds a club"):
        cs.parse_move(state, "3D")


def test_no_trumps_highest_card_of_the_suit_led_wins() -> None:
    """Seed: "NO TRUMPS at all": an ace of another suit never wins; the highest of the suit led does."""
    state = suited_game()
    state = attrs.evolve(state, hands=(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AH"),
                                        parse_cards("AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"),
                                        parse_cards("AD 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
                                        state.hands[3]))  # fmt: skip
    cs.check_invariants(state)
    state = play(state, "play 10C", "play AC", "play AD", "play AS")
    assert [str(e) for e in state.events][-1] == "seat 1 wins the trick 10C AC AD AS"
    assert cs.to_act(state) == frozenset({1}) and state.trick == Trick(1)
    state = play(state, "play 2D", "play 2H", "play 2S", "play 2C")
    assert [str(e) for e in state.events][-1] == "seat 1 wins the trick 2D 2H 2S 2C"


def test_two_identical_winning_cards_the_last_one_thrown_wins() -> None:
    """Seed: "On multiple deck games, when two identical winning cards fall, the last one thrown
    wins trick" (8 players, two AS). Option `later_identical_wins=False` makes the first win."""
    final = ["2S", "AS", "3S", "AS", "4S", "5S", "6S", "7S"]
    for options, winner in ((Options(), 3), (Options(later_identical_wins=False), 1)):
        state = last_trick(8, options, piles={0: "KS KS QS QS JS JS 10S 10S"}, final=final, leader=0, dump=2)
        state = play_trick(state)
        wins = [e for e in state.events if e.kind is EventKind.WINS_TRICK]
        assert [e.player for e in wins] == [winner]


def test_a_card_held_twice_is_one_move_and_leaves_one_copy() -> None:
    """Two decks: a hand may hold two identical cards; they give one move, and playing it
    removes one copy."""
    state = cs.new_game(8, seed=1, dealer=7)
    doubled = parse_cards("AS AS KH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC")
    others = Counter(PACKS[8])
    others.subtract(Counter(doubled))
    rest = sorted_cards(others.elements())
    hands = (sorted_cards(doubled), *(tuple(sorted_cards(rest[i * 13 : (i + 1) * 13])) for i in range(7)))
    state = attrs.evolve(state, hands=hands)
    cs.check_invariants(state)
    assert moves(state).count("play AS") == 1 and len(moves(state)) == 12
    state = play(state, "play AS")
    assert state.hands[0].count(Card.parse("AS")) == 1 and len(state.hands[0]) == 12


# ---------------------------------------------------------------------------------------------
# Scoring


def test_round_6_a_player_taking_two_sevens_scores_60() -> None:
    """Seed round 6: "Each seven 30 points each": 7H and 7C taken score 60."""
    state = last_trick(
        4, Options(first_round=6), piles={0: "7H 7C 2S 3S", 1: "7D 4S 5S 6S"}, final=["2H", "3H", "7S", "4H"],
        leader=0, dump=2,
    )  # fmt: skip
    state = play_trick(state)
    assert [str(e) for e in state.events][:2] == ["seat 3 plays 4H", "seat 3 wins the trick 2H 3H 7S 4H"]
    assert scored(state) == (60, 30, 0, 30)
    assert state.scores == (60, 30, 0, 30)


def test_round_4_all_hearts_score_zero_and_everyone_else_100() -> None:
    """Seed: "If someone manages to catch all cards of interest on a round, they score zero but
    everyone else scores 100 points - i.e. ... All hearts on round 4"."""
    state = finish_round(suited_game(Options(first_round=4)))
    events = [str(e) for e in state.events]
    assert "seat 0 shoots the moon: caught all the hearts" in events
    assert "hand scored: 0 100 100 100" in events
    assert state.scores == (0, 100, 100, 100)


def test_catch_all_option_and_its_points() -> None:
    """Option `catch_all=False` scores the hearts as taken (130); `catch_all_points` sets the 100."""
    plain = finish_round(suited_game(Options(first_round=4, catch_all=False)))
    assert plain.scores == (130, 0, 0, 0)
    assert not any(e.kind is EventKind.SHOOTS_MOON for e in plain.events)
    fifty = finish_round(suited_game(Options(first_round=4, catch_all_points=50)))
    assert fifty.scores == (0, 50, 50, 50)


def test_round_3_taking_every_trick_is_a_catch_all() -> None:
    """Reading: round 3's "things of interest" are the tricks, so taking all 13 is a catch-all."""
    state = finish_round(suited_game(Options(first_round=3)))
    assert state.scores == (0, 100, 100, 100)
    assert cs.score_round(ROUNDS[2], (10, 3, 0, 0)) == (100, 30, 0, 0)


def test_round_10_last_trick_scores_75_even_when_one_player_took_every_trick() -> None:
    """Seed: the catch-all "does NOT apply to single events such as LAST TRICK"."""
    state = finish_round(suited_game(Options(first_round=10)))
    assert cs.is_over(state) and state.scores == (75, 0, 0, 0)
    assert not any(e.kind is EventKind.SHOOTS_MOON for e in state.events)
    assert cs.winners(state) == frozenset({1, 2, 3})


def test_round_9_king_of_spades_single_deck_and_both_kings_with_two_decks() -> None:
    """Seed: single-deck KING OF SPADES is a single event (75 to its taker, no catch-all); with
    two decks one player taking both kings of spades is a catch-all (0, others 100 each)."""
    one = finish_round(suited_game(Options(first_round=9)))
    assert one.scores == (75, 0, 0, 0) and one.hand == 2
    final = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    both = last_trick(8, Options(first_round=9), piles={5: "KS KS 2S 3S 4S 5S 6S 7S"}, final=final, leader=5, dump=6)
    both = play_trick(both)
    assert scored(both) == (100, 100, 100, 100, 100, 0, 100, 100)
    assert "seat 5 shoots the moon: caught all the kings of spades" in [str(e) for e in both.events]
    split = last_trick(8, Options(first_round=9), piles={5: "KS 2S 3S 4S 5S 6S 7S 8S", 6: "KS 9S 10S JS QS AS 8S 9S"},
                       final=final, leader=5, dump=7)  # fmt: skip
    assert scored(play_trick(split)) == (0, 0, 0, 0, 0, 75, 75, 0)


def test_score_helpers() -> None:
    """The pure helpers: units taken per seat and the round's points."""
    won = (parse_cards("7H 7C 2S 3S"), parse_cards("7D 4S 5S 6S"), parse_cards("7S AS KS QS"), ())
    assert cs.round_units(ROUNDS[5], won, 3) == (2, 1, 1, 0)
    assert cs.round_units(ROUNDS[2], won, 3) == (1, 1, 1, 0)
    assert cs.round_units(ROUNDS[9], won, 3) == (0, 0, 0, 1)
    assert cs.score_round(ROUNDS[9], (0, 0, 0, 1)) == (0, 0, 0, 75)
    assert cs.catcher(ROUNDS[9], (1, 0, 0, 0)) is None and cs.catcher(ROUNDS[8], (1, 0, 0, 0)) is None
    assert cs.catcher(ROUNDS[6], (4, 0, 0, 0)) == 0
    assert cs.catcher(ROUNDS[6], (4, 0, 0, 0), Options(catch_all=False)) is None
    assert cs.units_in_play(ROUNDS[8], 6) == 2 and cs.units_in_play(ROUNDS[0], 3) == 26


def test_whole_match_of_ten_rounds_lowest_total_wins() -> None:
    """Seed: ten rounds; "Low score wins". Each round adds its total from the pack, or the
    catch-all points (rules notes scenario 7)."""
    state = cs.new_game(seed=21, dealer=1)
    per_round: list[tuple[int, ...]] = []
    while not cs.is_over(state):
        state = cs.apply(state, cs.legal_moves(state)[0])
        per_round += [e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED]
    assert len(per_round) == 10 and state.hand == 10 and state.dealer == 2
    for rnd, points in zip(ROUNDS, per_round):
        assert sum(points) in (cs.round_total(rnd, 4), 300)
    assert state.scores == tuple(map(sum, zip(*per_round)))
    assert state.scores == (305, 175, 225, 435)
    assert cs.winners(state) == frozenset({1})
    assert [str(e) for e in state.events][-1] == "game over; winners: 1"
    assert cs.legal_moves(state) == () and cs.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        cs.apply(state, PlayCard(0, Card.parse("2C")))


def test_tied_lowest_totals_share_the_win() -> None:
    """Reading: the seed breaks no tie; equal lowest totals are co-winners."""
    state = finish_round(suited_game(Options(first_round=10)))
    assert cs.winners(attrs.evolve(state, scores=(300, 200, 200, 475))) == frozenset({1, 2})
    assert cs.winners(suited_game()) == frozenset()


def test_first_round_option_shortens_the_match() -> None:
    """Option `first_round`: the match starts later in the schedule and still ends after round 10."""
    state = cs.new_game(seed=2, options=Options(first_round=8), dealer=0)
    assert Options(first_round=8).rounds == 3 and cs.round_of(state.options, 1) is ROUNDS[7]
    assert [str(e) for e in state.events] == ["seat 0 deals hand 1", "note: round 8 of 10: queens, 30 points each"]
    hands = 0
    while not cs.is_over(state):
        state = cs.apply(state, cs.legal_moves(state)[0])
        hands += sum(1 for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert hands == 3 and state.hand == 3
    with pytest.raises(ValueError, match=r"first_round must be one of 1..10, not 11"):
        Options(first_round=11)
    with pytest.raises(ValueError, match="catch_all_points must not be negative"):
        Options(catch_all_points=-5)
    with pytest.raises(ValueError, match=r"Options.catch_all must be a bool, not 1"):
        Options(catch_all=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Notation, refusals, views, invariants


def test_notation_play_for_leading_and_following_and_a_card_alone() -> None:
    """Moves read as "play QS" whether they lead or follow, or as the card alone; there is no
    "lead" verb."""
    state = suited_game()
    assert moves(state)[:3] == ["play 2C", "play 3C", "play 4C"]
    assert cs.parse_move(state, "play 2C") == PlayCard(0, Card.parse("2C"))
    assert cs.parse_move(state, "TC") == PlayCard(0, Card.parse("10C"))
    with pytest.raises(NotationError, match="'lead 2C' is not a legal move here"):
        cs.parse_move(state, "lead 2C")
    state = play(state, "play 2C")
    assert cs.parse_move(state, "play 2D") == PlayCard(1, Card.parse("2D"))
    assert cs.parse_move(state, "1: 2D") == PlayCard(1, Card.parse("2D"))
    with pytest.raises(NotationError, match="play 2C: seat 1 does not hold 2C"):
        cs.parse_move(state, "play 2C")
    with pytest.raises(NotationError, match="not a legal move"):
        cs.parse_move(state, "fold")
    for move in cs.legal_moves(state):
        assert cs.parse_move(state, str(move)) == move


def test_refusals_name_the_rule() -> None:
    state = suited_game()
    with pytest.raises(IllegalMove, match="it is seat 0's turn to play"):
        cs.apply(state, PlayCard(1, Card.parse("2D")))
    with pytest.raises(IllegalMove, match="seat 0 does not hold 2D"):
        cs.apply(state, PlayCard(0, Card.parse("2D")))
    with pytest.raises(IllegalMove, match="seat 4 is not at this table of 4"):
        cs.apply(state, PlayCard(4, Card.parse("2C")))
    with pytest.raises(IllegalMove, match="only loosely"):
        cs.apply(state, PlayCard(False, Card.parse("2C")))
    # The one move class both leads and follows: a fresh PlayCard leads, the next one follows.
    after = cs.apply(state, PlayCard(0, Card.parse("2C")))
    assert after.trick.cards == (Card.parse("2C"),) and cs.to_act(after) == frozenset({1})
    after = cs.apply(after, PlayCard(1, Card.parse("2D")))
    assert after.trick.cards == parse_cards("2C 2D") and cs.to_act(after) == frozenset({2})
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        cs.apply(cs.view(state, 0), PlayCard(0, Card.parse("2C")))
    with pytest.raises(ValueError, match=r"dealer=: seat 4 is not one of 0..3"):
        cs.new_game(seed=1, dealer=4)


def test_views_hide_other_hands_and_round_trip_json() -> None:
    state = play(cs.new_game(seed=9, dealer=0), "play " + str(cs.new_game(seed=9, dealer=0).hands[1][0]))
    seen = cs.view(state, 2)
    assert seen.rng is None and seen.hands[2] == state.hands[2] and seen.hands[1] == (HIDDEN,) * 12
    assert seen.trick == state.trick and cs.view(seen, 2) == seen
    assert cs.legal_moves(seen) == cs.legal_moves(state, 2)
    assert cs.legal_moves(cs.view(state, 3)) == ()
    assert cs.view(cs.shuffle_unseen(state, 2, 99), 2) == seen
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.from_json(parlour.to_json(seen)) == seen
    cs.check_invariants(seen)


def test_invariants_refuse_states_play_could_not_reach() -> None:
    """check_invariants guards every decoded state."""
    state = play(suited_game(), "play 2C", "play 2D")
    cs.check_invariants(state)

    def refused(bad: State, message: str) -> None:
        with pytest.raises(ValueError, match=message):
            cs.check_invariants(bad)

    refused(attrs.evolve(state, trick=Trick.of(0, state.trick.cards, seats=(0, 2))), "must come from seat 0")
    refused(attrs.evolve(state, hands=(tuple(reversed(state.hands[0])), *state.hands[1:])), "not in sorted order")
    refused(attrs.evolve(state, hands=(state.hands[1], *state.hands[1:])), "duplicated")
    refused(attrs.evolve(state, scores=(40, 30, 20, 10)), r"impossible after 0 rounds")
    refused(attrs.evolve(suited_game(), trick=Trick(1)), "seat 0, left of the dealer, leads the first trick")
    refused(attrs.evolve(state, hand=11), "deal 11 is not one of the 1..10")
    refused(attrs.evolve(state, phase=Phase.OVER), "the game ends only when the last trick")
    refused(attrs.evolve(state, dealer=7), "dealer: seat 7 is not one of 0..3")
    after = finish_round(suited_game())
    cs.check_invariants(after)
    refused(attrs.evolve(after, scores=(130, 0, 0, 5)), "impossible after 1 rounds")


def test_render_shows_round_trick_and_points_so_far() -> None:
    """The text picture: the round and its penalty, the trick, each seat's points so far, and
    the viewer's own hand only."""
    state = play(suited_game(Options(first_round=4)), "play 2C", "play 2D", "play 2H", "play 2S", "play 3C")
    assert cs.render(cs.view(state, 1)).splitlines() == [
        "round 4 of 10: hearts, 10 points each; no trumps; dealer seat 3; 130 points in play",
        "trick 2 of 13: seat 0 led 3C; seat 1 to play (seat 0 winning so far)",
        "seat 0  score 0  11 cards  1 trick, 10 points so far: 2H",
        "seat 1  score 0  12 cards  0 tricks",
        "        3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
        "seat 2  score 0  12 cards  0 tricks",
        "seat 3  score 0  12 cards  0 tricks",
    ]
    over = finish_round(suited_game(Options(first_round=10)))
    assert cs.render(over).splitlines()[:2] == [
        "round 10 of 10: last trick, 75 points; no trumps; dealer seat 3",
        "game over after round 10: seats 1, 2, 3 share the win with 0 points",
    ]


def test_registered_game_record() -> None:
    game = parlour.game("canadian_salad")
    assert (game.name, game.family, game.players, game.default_players) == (
        "canadian_salad", "tricks", (3, 4, 5, 6, 7, 8), 4,
    )  # fmt: skip
    assert [name for name, _ in game.presets] == ["metzker"] and Options.metzker() == Options()
    assert game.quick == Options(first_round=8) and game.max_plies == 1040
    assert cs.MOVE_TYPES == (PlayCard,)
    assert ROUNDS[8].cards == frozenset({Card.parse("KS")}) and ROUNDS[2].counts is Counts.TRICKS
    assert Rank.QUEEN in ROUNDS[1].ranks and Rank.QUEEN in ROUNDS[4].ranks
