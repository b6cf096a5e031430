"""Whist with 10s scenarios from the Metzker Book of Card Game Rules ("Whist with 10s") and the
rules notes (tricks section 5, with the shared conventions of section 0)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Rank, Suit, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import Event, EventKind
from parlour.core.tricks import Trick
from parlour.games import whist_tens
from parlour.games.whist_tens import ROUNDS, Options, Phase, PlayCard, State

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def deck_for(*hands: str) -> list[str]:
    """A deck that deals `hands[s]` to seat s when seat 3 deals (seat 0 gets the first card)."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(len(split[0])) for s in range(len(split))]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in whist_tens.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = whist_tens.apply(state, whist_tens.parse_move(state, text))
    return state


def suited(hand: int = 1, options: Options | None = None) -> State:
    """Seat 0 all clubs, 1 all diamonds, 2 all hearts, 3 all spades; seat 3 deals, seat 0 leads."""
    state = whist_tens.new_game(options=options, seed=5, deck=deck_for(CLUBS, DIAMONDS, HEARTS, SPADES), dealer=3)
    return attrs.evolve(state, hand=hand)


def last_trick(
    *,
    hand: int,
    leader: int,
    cards: Sequence[str],
    tricks: Sequence[int],
    tens: Sequence[int],
    totals: tuple[int, int] | None = None,
    options: Options | None = None,
) -> State:
    """A position before the 13th trick of round `hand`: seat s holds `cards[s]` alone and has
    won `tricks[s]` tricks holding `tens[s]` tens (the other cards fill the piles). The totals
    default to a possible 21 + 20 per round already scored."""
    final = parse_cards(cards)
    rest = [c for c in standard_pack() if c not in final]
    ten_cards = [c for c in rest if c.rank is Rank.TEN]
    plain = [c for c in rest if c.rank is not Rank.TEN]
    assert sum(tricks) == 12 and sum(tens) == len(ten_cards)
    won = []
    for s in range(4):
        pile = [ten_cards.pop() for _ in range(tens[s])]
        pile += [plain.pop() for _ in range(4 * tricks[s] - tens[s])]
        won.append(tuple(pile))
    state = whist_tens.new_game(seed=9, dealer=(leader + 1) % 4, options=options)
    state = attrs.evolve(
        state,
        hand=hand,
        hands=tuple((c,) for c in final),
        won=tuple(won),
        trick=Trick(leader),
        team_scores=(21 * (hand - 1), 20 * (hand - 1)) if totals is None else totals,
    )
    whist_tens.check_invariants(state)
    return state


def finish_trick(state: State) -> State:
    """Plays out the last trick: each seat plays its only card."""
    for _ in range(4):
        (move,) = whist_tens.legal_moves(state)
        state = whist_tens.apply(state, move)
    return state


def event(state: State, kind: EventKind) -> Event:
    """The one event of `kind` the last move caused."""
    (found,) = [e for e in state.events if e.kind is kind]
    return found


def scored(state: State) -> tuple[int, ...]:
    return event(state, EventKind.HAND_SCORED).numbers


# ---------------------------------------------------------------------------------------------
# The deal and the schedule


def test_all_cards_dealt_one_at_a_time_and_left_of_dealer_leads() -> None:
    """Seed: "Deal all cards, person left of dealer starts." 13 each, one at a time clockwise
    from the dealer's left (shared convention)."""
    state = whist_tens.new_game(deck=standard_pack(), dealer=3)
    assert [" ".join(map(str, h)) for h in state.hands] == [
        "5C 9C KC AC 4D 8D QD 3H 7H JH 2S 6S 10S",
        "2C 6C 10C 5D 9D KD AD 4H 8H QH 3S 7S JS",
        "3C 7C JC 2D 6D 10D 5H 9H KH AH 4S 8S QS",
        "4C 8C QC 3D 7D JD 2H 6H 10H 5S 9S KS AS",
    ]
    assert whist_tens.to_act(state) == frozenset({0}) and state.hand == 1
    assert moves(state)[:3] == ["play 5C", "play 9C", "play KC"] and len(moves(state)) == 13
    assert [str(e) for e in state.events] == ["seat 3 deals hand 1", "note: round 1 of 6: hearts trump"]
    other = whist_tens.new_game(deck=standard_pack(), dealer=1)
    assert whist_tens.to_act(other) == frozenset({2}) and other.hands[2] == state.hands[0]


def test_six_rounds_with_their_trumps_in_the_seeds_order() -> None:
    """Seed: "1. Hearts trump 2. Spades trump 3. Diamonds trump 4. Clubs trump 5. Hi no-trump
    6. Low no-trump"; only the sixth is low."""
    assert [r.trump for r in ROUNDS] == [Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS, None, None]
    assert [r.low for r in ROUNDS] == [False] * 5 + [True]
    assert whist_tens.describe_round(3) == "round 3 of 6: diamonds trump"
    assert whist_tens.describe_round(4) == "round 4 of 6: clubs trump"
    assert whist_tens.describe_round(5) == "round 5 of 6: high no-trump"
    assert whist_tens.describe_round(6) == "round 6 of 6: low no-trump"


def test_partners_sit_opposite_and_share_a_score() -> None:
    """Rules notes: two partnerships, seats 0 and 2 against 1 and 3 ("the other team")."""
    assert [whist_tens.team_of(s) for s in range(4)] == [0, 1, 0, 1]
    state = attrs.evolve(whist_tens.new_game(seed=1), team_scores=(12, 30))
    assert whist_tens.scores(state) == (12, 30, 12, 30)


# ---------------------------------------------------------------------------------------------
# Play


def test_must_follow_suit_if_possible() -> None:
    """Seed: "You must follow suit if possible"."""
    state = play(whist_tens.new_game(deck=standard_pack(), dealer=3), "play 5C")
    assert moves(state) == ["play 2C", "play 6C", "play 10C"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        whist_tens.apply(state, PlayCard(1, Card.parse("AD")))
    state = play(state, "play 10C", "play JC", "play QC")
    assert [str(e) for e in state.events] == ["seat 3 plays QC", "seat 3 wins the trick 5C 10C JC QC"]
    assert whist_tens.to_act(state) == frozenset({3}) and moves(state)[0] == "play 4C"


def test_void_player_may_play_any_card_and_a_trump_wins() -> None:
    """Rules notes section 0: a player void in the suit led may play anything (no duty to trump);
    the highest trump wins. Round 1: hearts are trump."""
    state = play(suited(1), "play 2C")
    assert moves(state) == [f"play {c}" for c in DIAMONDS.split()]
    state = play(state, "play AD", "play 2H", "play AS")
    assert state.events[-1].kind is EventKind.WINS_TRICK and state.events[-1].player == 2
    assert whist_tens.to_act(state) == frozenset({2})


@pytest.mark.parametrize(("hand", "winner"), [(1, 2), (2, 3), (3, 1), (4, 0), (5, 0), (6, 0)])
def test_the_round_number_sets_the_trump(hand: int, winner: int) -> None:
    """Seed: hearts, spades, diamonds, clubs trump in rounds 1-4; rounds 5 and 6 have no trump,
    so the highest card of the suit led (the 2 of clubs against no clubs) wins."""
    state = play(suited(hand), "play 2C", "play 2D", "play 2H", "play 2S")
    assert state.events[-1].player == winner


# ---------------------------------------------------------------------------------------------
# Scoring


def test_seed_examples_of_the_count() -> None:
    """Seed: "If you take 3 tens home and 2 tricks after your 6th trick you score 32 points";
    "1 ten home and 5 tricks after your sixth trick count 15 points"."""
    assert whist_tens.side_count(8, 3) == 32
    assert whist_tens.side_count(11, 1) == 15
    assert whist_tens.side_count(6, 0) == 0
    assert whist_tens.side_count(13, 4) == 47


def test_round_one_both_sides_score_their_count() -> None:
    """Rules notes scenario 1 (and reading 1): round 1, A takes 8 tricks with 3 tens: +32;
    B takes 5 tricks with 1 ten: +10 (a side short of seven tricks still banks its tens)."""
    state = last_trick(hand=1, leader=0, cards=["AH", "2C", "3C", "4C"], tricks=[4, 3, 3, 2], tens=[2, 1, 1, 0])
    state = finish_trick(state)
    assert scored(state) == (32, 10, 32, 10)
    assert state.team_scores == (32, 10) and whist_tens.scores(state) == (32, 10, 32, 10)
    note = "seats 0, 2 took 8 tricks and 3 tens; seats 1, 3 took 5 tricks and 1 ten"
    assert [str(e) for e in state.events[2:4]] == [f"note: {note}", "hand scored: 32 10 32 10"]
    # The next round is dealt at once: the deal passes left, spades are trump.
    assert state.hand == 2 and state.phase is Phase.PLAY and state.dealer == 2
    assert whist_tens.to_act(state) == frozenset({3}) and all(len(h) == 13 for h in state.hands)
    assert [str(e) for e in state.events[-2:]] == ["seat 2 deals hand 2", "note: round 2 of 6: spades trump"]


def test_round_five_eleven_tricks_and_one_ten() -> None:
    """Rules notes scenario 2: round 5 (high no-trump), a side with 11 tricks and 1 ten: +15;
    the other side, 2 tricks and 3 tens: +30."""
    assert whist_tens.round_score((11, 2), (1, 3), 5) == (15, 30)
    state = last_trick(hand=5, leader=1, cards=["2C", "AH", "3C", "4C"], tricks=[6, 1, 5, 0], tens=[1, 3, 0, 0])
    state = finish_trick(state)
    assert event(state, EventKind.WINS_TRICK).player == 1  # the ace of hearts led wins
    assert scored(state) == (15, 30, 15, 30)


def test_low_no_trump_scores_the_other_sides_count() -> None:
    """Seed: "Low no-trump (you do not want to take any tricks - what you take the other team
    counts)". Rules notes scenario 3: A 9 tricks with 2 tens (23), B 4 tricks with 2 tens (20):
    A +20, B +23."""
    assert whist_tens.round_score((9, 4), (2, 2), 6) == (20, 23)
    state = last_trick(hand=6, leader=1, cards=["3C", "10S", "JS", "2C"], tricks=[5, 2, 3, 2], tens=[1, 1, 0, 1])
    state = finish_trick(state)
    assert scored(state) == (20, 23, 20, 23)
    assert event(state, EventKind.WINS_TRICK).player == 2
    assert event(state, EventKind.NOTE).label.endswith("; each side scores the other's count")


def test_the_match_ends_after_round_six_and_the_high_score_wins() -> None:
    """Seed: "High score after all 6 rounds wins." After round 6 nothing more is dealt."""
    state = last_trick(
        hand=6, leader=1, cards=["3C", "10S", "JS", "2C"], tricks=[5, 2, 3, 2], tens=[1, 1, 0, 1], totals=(104, 102)
    )
    state = finish_trick(state)
    assert state.phase is Phase.OVER and whist_tens.is_over(state)
    assert state.team_scores == (124, 125)
    assert whist_tens.winners(state) == frozenset({1, 3})
    assert [str(e) for e in state.events[-2:]] == ["hand scored: 20 23 20 23", "game over; winners: 1 3"]
    assert whist_tens.legal_moves(state) == () and whist_tens.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        whist_tens.apply(state, PlayCard(2, Card.parse("JS")))


def test_equal_totals_after_round_six_both_sides_win() -> None:
    """Rules notes reading 3: the seed breaks no tie, so equal totals share the win."""
    state = last_trick(
        hand=6, leader=1, cards=["3C", "10S", "JS", "2C"], tricks=[5, 2, 3, 2], tens=[1, 1, 0, 1], totals=(106, 103)
    )
    state = finish_trick(state)
    assert state.team_scores == (126, 126)
    assert whist_tens.winners(state) == frozenset({0, 1, 2, 3})


def test_a_whole_match_rotates_the_deal_and_sums_the_rounds() -> None:
    """Rules notes readings 2 and the score law: six deals, the dealer moving left each round
    and the schedule following the round number; each deal's counts sum to 40 plus the tricks
    past six of the side that took seven or more; the final scores are the sum of the rounds."""
    state = whist_tens.new_game(seed=4, dealer=2)
    starts = [(state.hand, state.dealer, state.trick.leader)]
    totals = [0, 0]
    plies = 0
    while not whist_tens.is_over(state):
        state = whist_tens.apply(state, whist_tens.legal_moves(state)[0])
        plies += 1
        for e in state.events:
            if e.kind is EventKind.HAND_SCORED:
                a, b = e.numbers[:2]
                assert 41 <= a + b <= 47
                totals[0] += a
                totals[1] += b
            if e.kind is EventKind.DEALS:
                starts.append((state.hand, state.dealer, state.trick.leader))
    assert plies == 6 * 52
    assert starts == [(1, 2, 3), (2, 3, 0), (3, 0, 1), (4, 1, 2), (5, 2, 3), (6, 3, 0)]
    assert list(state.team_scores) == totals
    best = max(totals)
    assert whist_tens.winners(state) == frozenset(s for s in range(4) if totals[s % 2] == best)
    assert state.events[-1].kind is EventKind.GAME_OVER


# ---------------------------------------------------------------------------------------------
# Options and presets


def test_option_tens_need_book() -> None:
    """Option `tens_need_book`: only a side past six tricks scores; the 5-trick side's ten is lost."""
    options = Options(tens_need_book=True)
    assert whist_tens.side_count(5, 1, options) == 0 and whist_tens.side_count(8, 3, options) == 32
    state = last_trick(
        hand=1, leader=0, cards=["AH", "2C", "3C", "4C"], tricks=[4, 3, 3, 2], tens=[2, 1, 1, 0], options=options
    )
    assert scored(finish_trick(state)) == (32, 0, 32, 0)


def test_option_low_cards_win_in_the_low_round_only() -> None:
    """Option `low_cards_win`: in round 6 the lowest card of the suit led wins (10S beats JS),
    so B takes the 13th trick and its ten: A 8 tricks 1 ten (12), B 5 tricks 3 tens (30)."""
    options = Options(low_cards_win=True)
    state = last_trick(
        hand=6, leader=1, cards=["3C", "10S", "JS", "2C"], tricks=[5, 2, 3, 2], tens=[1, 1, 0, 1], options=options
    )
    state = finish_trick(state)
    assert event(state, EventKind.WINS_TRICK).player == 1
    assert scored(state) == (30, 12, 30, 12)
    # Round 5 (high no-trump) ranks the cards as usual even with the option.
    high = play(suited(5, options), "play 2C", "play 2D", "play 2H", "play 2S")
    assert high.events[-1].player == 0
    low = play(suited(6, options), "play 2C", "play 2D", "play 2H", "play 2S")
    assert low.events[-1].player == 0  # the only club still wins
    for rules, winner in ((options, 0), (Options(), 3)):
        state = whist_tens.new_game(deck=standard_pack(), dealer=3, options=rules)
        state = play(attrs.evolve(state, hand=6), "play 5C", "play 10C", "play JC", "play QC")
        assert state.events[-1].player == winner  # 5C is the lowest club, QC the highest


def test_metzker_preset_is_the_default() -> None:
    """The one seed version is preset `metzker`, equal to the defaults."""
    assert whist_tens.GAME.presets == (("metzker", Options()),)
    assert Options.metzker() == Options()
    assert parlour.game("whist_tens").title == "Whist with 10s"
    with pytest.raises(ValueError, match="tens_need_book"):
        Options(tens_need_book=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Refusals, notation, views, invariants


def test_refusals_name_the_rule() -> None:
    """apply refuses a wrong seat, a card not held, and the wrong verb, saying why."""
    state = whist_tens.new_game(deck=standard_pack(), dealer=3)
    with pytest.raises(IllegalMove, match="it is seat 0's turn to play"):
        whist_tens.apply(state, PlayCard(1, Card.parse("2C")))
    with pytest.raises(IllegalMove, match="seat 0 does not hold 2C"):
        whist_tens.apply(state, PlayCard(0, Card.parse("2C")))
    state = play(state, "play 5C")
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        whist_tens.apply(state, PlayCard(1, Card.parse("5D")))
    with pytest.raises(ValueError, match="played by 4 players, not 3"):
        whist_tens.new_game(3)


def test_notation_round_trips() -> None:
    """parse_move reads every legal move's text back, "T" for 10, and a seat prefix."""
    state = whist_tens.new_game(deck=standard_pack(), dealer=3)
    for move in whist_tens.legal_moves(state):
        assert whist_tens.parse_move(state, str(move)) is move
    assert whist_tens.parse_move(state, "play TS") == PlayCard(0, Card.parse("10S"))
    state = play(state, "play 5C")
    assert whist_tens.parse_move(state, "play 10c") == PlayCard(1, Card.parse("10C"))
    assert whist_tens.parse_move(state, "1: play 2C", 1) == PlayCard(1, Card.parse("2C"))
    with pytest.raises(NotationError, match="'play AD' is not a legal move here"):
        whist_tens.parse_move(state, "play AD")
    with pytest.raises(NotationError):
        whist_tens.parse_move(state, "bid 3")


def test_views_hide_other_hands_and_list_the_viewers_moves() -> None:
    """Each seat sees its own hand, the trick and the won tricks; a view lists its seat's moves."""
    state = play(whist_tens.new_game(deck=standard_pack(), dealer=3), "play 5C", "play 10C", "play JC", "play QC")
    seen = whist_tens.view(state, 1)
    assert seen.hands[1] == state.hands[1]
    assert all(set(seen.hands[s]) == {HIDDEN} for s in (0, 2, 3))
    assert seen.won == state.won and seen.rng is None
    assert whist_tens.legal_moves(seen) == () and whist_tens.legal_moves(whist_tens.view(state, 3)) == state.legal
    assert parlour.from_json(parlour.to_json(seen)) == seen
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        whist_tens.apply(whist_tens.view(state, 3), state.legal[0])


def test_check_invariants_refuses_impossible_states() -> None:
    """Hostile states: a seventh round, a first trick led by the wrong seat, impossible scores."""
    state = whist_tens.new_game(deck=standard_pack(), dealer=3)
    whist_tens.check_invariants(state)
    with pytest.raises(ValueError, match="round 7 is not one of 1..6"):
        whist_tens.check_invariants(attrs.evolve(state, hand=7))
    with pytest.raises(ValueError, match="left of the dealer, leads the first trick"):
        whist_tens.check_invariants(attrs.evolve(state, trick=Trick(2)))
    with pytest.raises(ValueError, match="impossible after 1 rounds"):
        whist_tens.check_invariants(attrs.evolve(state, hand=2, team_scores=(20, 10)))
    with pytest.raises(ValueError, match="impossible after 0 rounds"):
        whist_tens.check_invariants(attrs.evolve(state, team_scores=(0, -1)))
    whist_tens.check_invariants(attrs.evolve(state, hand=2, team_scores=(20, 21)))
    with pytest.raises(ValueError, match="not in sorted order"):
        whist_tens.check_invariants(attrs.evolve(state, hands=(tuple(reversed(state.hands[0])), *state.hands[1:])))


def test_render_shows_round_trick_and_sides() -> None:
    """The text picture names the round and trump, the trick, the sides' scores and the viewer's hand."""
    state = play(whist_tens.new_game(deck=standard_pack(), dealer=3), "play 5C", "play 10C")
    text = whist_tens.render(whist_tens.view(state, 2))
    assert text.splitlines()[:4] == [
        "round 1 of 6: hearts trump; dealer seat 3",
        "trick 1 of 13: seat 0 led 5C, seat 1 played 10C; seat 2 to play (seat 1 winning so far)",
        "seats 0, 2  score 0  0 tricks, no tens",
        "seats 1, 3  score 0  0 tricks, no tens",
    ]
    assert "        3C 7C JC | 2D 6D 10D | 5H 9H KH AH | 4S 8S QS" in text
    assert "9C" not in text
