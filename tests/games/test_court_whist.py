"""Court Whist scenarios from the Metzker book's "Court Whist" and its score card (seed 001), with
the readings of rules/tricks.md section 8."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Suit, parse_cards, sorted_cards
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import Event, EventKind
from parlour.core.tricks import Trick
from parlour.games import court_whist as cw
from parlour.games.court_whist import (
    GAMES,
    NameTrump,
    Options,
    Partners,
    Phase,
    PlayCard,
    Speak,
    State,
    TrumpRule,
)

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
SUITED = (CLUBS, DIAMONDS, HEARTS, SPADES)
"""Seat 0 all clubs, seat 1 all diamonds, seat 2 all hearts, seat 3 all spades."""


def deck_for(hands: Sequence[str], dealer: int, order: Sequence[int] = (0, 1, 2, 3)) -> list[str]:
    """A deck that deals `hands[s]` to seat s, dealt one at a time from the dealer's left around
    the seating `order`; the dealer's last card (its 13th as written) is the last card dealt."""
    at = list(order).index(dealer)
    turn = [order[(at + 1 + i) % 4] for i in range(4)]
    split = {s: hands[s].split() for s in range(4)}
    return [split[seat][i] for i in range(13) for seat in turn]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in cw.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = cw.apply(state, cw.parse_move(state, text))
    return state


def dealt(hand: int, hands: Sequence[str], dealer: int, options: Options | None = None, upcard: str = "") -> State:
    """Hand `hand` of the match as dealt to `hands` (by seat), fresh totals, built with evolve."""
    options = options or Options()
    rule, line = cw.game_rule(options, hand)
    game = (hand - 1) // options.hands_per_game + 1
    base = cw.new_game(seed=5, options=options, dealer=dealer)
    held = [sorted_cards(parse_cards(h)) for h in hands]
    up = Card.parse(upcard) if upcard else None
    if up is not None:
        held[dealer] = tuple(c for c in held[dealer] if c != up)
    trump: Suit | None = line.suit if line.rule is TrumpRule.SUIT else (up.suit if up is not None else None)
    caller = None
    if line.rule is TrumpRule.KING_HOLDER:
        assert line.suit is not None
        caller = next(s for s in range(4) if Card.parse("K" + line.suit.letter) in held[s])
    order = cw.seating(options, game)
    # Earlier games on the score card: seat 0 took every trick of every hand.
    everything = [tuple(sorted_cards(parse_cards(" ".join(SUITED)))), (), (), ()]
    card = tuple(
        tuple(options.hands_per_game * p for p in cw.score_hand(GAMES[g], everything, cw.seating(options, g + 1)))
        for g in range(game - 1)
    ) + ((0,) * 4,)
    state = attrs.evolve(
        base,
        hand=hand,
        phase=Phase.CALL if caller is not None else Phase.PLAY,
        hands=tuple(held),
        upcard=up,
        trump=trump,
        caller=caller,
        trick=Trick(order[(order.index(dealer) + 1) % 4]),
        card=card,
        scores=tuple(map(sum, zip(*card))),
    )
    cw.check_invariants(state)
    return state


def play_hand(state: State) -> State:
    """Plays the current hand to its end by always taking the first legal move (never speaking)."""
    hand = state.hand
    while state.hand == hand and not cw.is_over(state):
        state = cw.apply(state, next(m for m in cw.legal_moves(state) if not isinstance(m, Speak)))
    return state


def dealer_of(event: Event) -> int:
    assert event.kind is EventKind.DEALS and event.player is not None
    return event.player


def hand_points(state: State) -> tuple[int, ...]:
    return next(e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED)


def test_score_card_is_seven_games_of_four_hands() -> None:
    """Score card: Coronation, Prosperity, Conspiracy, Chivalry, Revolution, Confiscation,
    Restoration, four hands each, with their trump lines and "possible" totals."""
    assert [g.name for g in GAMES] == [
        "Coronation", "Prosperity", "Conspiracy", "Chivalry", "Revolution", "Confiscation", "Restoration",
    ]  # fmt: skip
    assert [[str(t) for t in g.trumps] for g in GAMES[:3]] == [
        ["named by the holder of KS", "named by the holder of KH", "named by the holder of KC", "named by the holder of KD"],
        ["spades trump", "hearts trump", "clubs trump", "diamonds trump"],
        ["last card turned up for trump"] * 4,
    ]
    assert [str(t) for t in GAMES[4].trumps] == ["no trump"] * 4
    assert [g.possible for g in GAMES] == ["13", "26", "13", "13 to 39", "13", "13", "25"]
    assert cw.total_hands(Options()) == 28
    assert [str(cw.game_rule(Options(), h)[1]) for h in (5, 6, 7, 8, 26)] == [
        "spades trump", "hearts trump", "clubs trump", "diamonds trump", "hearts trump",
    ]  # fmt: skip


def test_coronation_holder_of_king_of_spades_names_trump() -> None:
    """Game 1 hand 1: "Trump declared by owner of King-Spades": only seat 2, holding KS, names a
    suit; it names hearts, which are trump, and the dealer's left leads."""
    hands = ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", DIAMONDS, "KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
             "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS AH")  # fmt: skip
    state = cw.new_game(deck=deck_for(hands, 3), dealer=3)
    assert state.phase is Phase.CALL and state.caller == 2 and cw.to_act(state) == frozenset({2})
    assert moves(state) == ["name C", "name D", "name H", "name S"]
    assert moves(state, 0) == [] and moves(cw.view(state, 0)) == []
    assert [str(e) for e in state.events][-1] == "note: seat 2 holds KS and names trump"
    state = play(state, "name H")
    assert state.trump is Suit.HEARTS and state.phase is Phase.PLAY
    assert [str(e) for e in state.events] == ["seat 2 names trump: H"]
    assert cw.to_act(state) == frozenset({0})
    # Hand 2 is declared by the holder of the king of hearts.
    assert str(cw.game_rule(Options(), 2)[1]) == "named by the holder of KH"


def test_coronation_refusals_name_the_rule() -> None:
    """Only the holder names trump, and nobody plays before the call."""
    hands = (CLUBS, DIAMONDS, "KS 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS AS AH")
    state = cw.new_game(deck=deck_for(hands, 3), dealer=3)
    with pytest.raises(IllegalMove, match="seat 2 holds KS and names trump"):
        cw.apply(state, NameTrump(1, Suit.HEARTS))
    with pytest.raises(IllegalMove, match="seat 2 must first name trump"):
        cw.apply(state, PlayCard(0, Card.parse("2C")))
    assert cw.parse_move(state, "name spades") == NameTrump(2, Suit.SPADES)
    assert cw.parse_move(state, "trump h") == NameTrump(2, Suit.HEARTS)
    with pytest.raises(NotationError, match="name one of the suits"):
        cw.parse_move(state, "name purple")
    state = play(state, "name S")
    with pytest.raises(IllegalMove, match="trump is named only in Coronation"):
        cw.apply(state, NameTrump(2, Suit.HEARTS))


def test_must_follow_suit_and_trump_wins() -> None:
    """"Players must follow suit if possible"; a void player may trump, and the highest trump wins."""
    hands = ("AC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AD",
             "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", SPADES)  # fmt: skip
    state = dealt(5, hands, dealer=3, options=Options(partners=Partners.FIXED))  # Prosperity: spades trump
    assert state.trump is Suit.SPADES and cw.to_act(state) == frozenset({0})
    state = play(state, "play AC")
    assert moves(state) == [f"play {c}" for c in CLUBS.split()[:-1]]
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        cw.apply(state, PlayCard(1, Card.parse("AD")))
    with pytest.raises(IllegalMove, match="it is seat 1's turn"):
        cw.apply(state, PlayCard(2, Card.parse("2H")))
    state = play(state, "play 2C", "play 2H", "play 2S")
    assert [str(e) for e in state.events] == ["seat 3 plays 2S", "seat 3 wins the trick AC 2C 2H 2S"]
    assert cw.to_act(state) == frozenset({3}) and len(state.won[3]) == 4


def test_prosperity_each_trick_counts_double() -> None:
    """Prosperity: "Each trick counts as double": a side with 7 tricks scores 14, the other 12;
    with spades trump the all-spade seat takes all 13 tricks: 26 to it and its partner."""
    t = parse_cards(CLUBS)[:4]
    piles = [t * 5, t * 3, t * 2, t * 3]
    assert cw.score_hand(GAMES[1], piles, (0, 1, 2, 3)) == (14, 12, 14, 12)
    state = play_hand(dealt(5, SUITED, dealer=0, options=Options(partners=Partners.FIXED)))
    assert hand_points(state) == (0, 26, 0, 26)
    assert state.card[1] == (0, 26, 0, 26)


def test_conspiracy_last_card_turned_for_trump_goes_to_dealer() -> None:
    """Conspiracy: "the last card dealt out is trump and is given to the dealer after everybody
    sees it": the dealer's last card 8D makes diamonds trump; everyone sees it in the dealer's
    hand until the dealer plays it; each player scores its own tricks only."""
    hands = (CLUBS, "2D 3D 4D 5D 6D 7D 9D 10D JD QD KD AD 8D", HEARTS, SPADES)
    state = dealt(9, hands, dealer=1, upcard="8D")  # hand 9: Conspiracy's first
    assert state.trump is Suit.DIAMONDS and state.upcard == Card.parse("8D") and len(state.hands[1]) == 12
    assert Card.parse("8D") not in state.hands[1]
    for seat in (0, 2, 3, None):
        assert cw.view(state, seat).upcard == Card.parse("8D")
        assert HIDDEN in cw.view(state, seat).hands[1]
    state = play(state, "play 2H", "play 2S", "play 2C")  # seat 2 leads (left of 1)
    assert "play 8D" in moves(state) and len(moves(state)) == 13
    state = play(state, "play 8D")
    assert state.upcard is None and len(state.hands[1]) == 12
    assert [str(e) for e in state.events][-1] == "seat 1 wins the trick 2H 2S 2C 8D"
    # Own tricks only: diamonds (trump) take every trick, all 13 to seat 1.
    state = play_hand(state)
    assert hand_points(state) == (0, 13, 0, 0)


def test_conspiracy_deal_turns_up_the_52nd_card() -> None:
    """The 52nd card of the deck is the dealer's and is turned up (event TURNS_UP)."""
    options = Options(hands_per_game=1, recut_each_game=False)
    state = cw.new_game(seed=2, options=options, dealer=0)
    state = play_hand(play_hand(state))
    assert state.hand == 3 and state.game.name == "Conspiracy"
    turned = [e for e in state.events if e.kind is EventKind.TURNS_UP]
    assert len(turned) == 1 and turned[0].player == state.dealer and turned[0].cards == (state.upcard,)
    assert state.upcard is not None and state.trump is state.upcard.suit
    assert [str(e) for e in state.events if e.kind is EventKind.NOTE][0] == "note: game 3 of 7, Conspiracy: no partners"


def test_chivalry_two_extra_for_each_trick_the_lady_takes() -> None:
    """Chivalry: "2 extra for each trick taken by lady": the lady (seat 2) won 4 tricks and her
    partner 3: the side scores 7 + 8 = 15; the other side, 6 tricks and its lady (seat 3) 2 of
    them: 6 + 4 = 10."""
    t = parse_cards(CLUBS)[:4]
    piles = [t * 3, t * 4, t * 4, t * 2]
    assert cw.score_hand(GAMES[3], piles, (0, 1, 2, 3)) == (15, 10, 15, 10)
    assert cw.LADIES == (False, False, True, True)


def test_revolution_each_side_scores_its_opponents_tricks() -> None:
    """Revolution: no trump, "Each side scores opponents tricks": side A 8 tricks, B 5 -> A +5,
    B +8. With suited hands nobody can follow, so the first leader takes every trick."""
    t = parse_cards(CLUBS)[:4]
    piles = [t * 5, t * 2, t * 3, t * 3]
    assert cw.score_hand(GAMES[4], piles, (0, 1, 2, 3)) == (5, 8, 5, 8)
    state = dealt(17, SUITED, dealer=3, options=Options(partners=Partners.FIXED))
    assert state.trump is None and state.game.name == "Revolution"
    state = play_hand(state)
    assert hand_points(state) == (0, 13, 0, 13)  # seat 0 took all 13; seats 1 and 3 score them


def test_restoration_face_cards_count_beside_tricks() -> None:
    """Restoration: "Count each Face Card as a point in addition to the tricks": side A 6 tricks
    holding 5 face cards -> 11; side B 7 tricks with 7 face cards -> 14 (25 in all)."""
    a = parse_cards("JC QC KC JD 2C 3C 4C 5C QD 6C 7C 8C") + parse_cards("9C 10C AC 2D") * 3
    b = parse_cards("KD JH QH KH JS QS KS 3D") + parse_cards("4D 5D 6D 7D") * 5
    assert len(a) == 24 and len(b) == 28
    assert cw.score_hand(GAMES[6], [a, b, (), ()], (0, 1, 2, 3)) == (11, 14, 11, 14)


def test_partners_change_chairs_between_games() -> None:
    """Seed: "all players get new partner each round", each pair a lady and a man. Reading
    (default alternate): the ladies (seats 2, 3) swap chairs after every game, so in Prosperity
    seat 0 partners seat 3 and play goes 0, 1, 3, 2 around the table."""
    o = Options()
    assert [cw.partner_of(o, g, 0) for g in range(1, 8)] == [2, 3, None, 3, 2, 3, 2]
    assert cw.seating(o, 2) == (0, 1, 3, 2)
    state = dealt(5, SUITED, dealer=0)
    assert cw.to_act(state) == frozenset({1})
    state = play(state, "play 2D")
    assert cw.to_act(state) == frozenset({3})
    state = play(state, "play 2S")
    assert cw.to_act(state) == frozenset({2})
    state = play_hand(play(state, "play 2H", "play 2C"))
    assert hand_points(state) == (26, 0, 0, 26)  # seat 3's spades take all: seats 0 & 3 score


def test_fixed_and_rotate_partnerships() -> None:
    """Option partners: fixed keeps 0 & 2 against 1 & 3; rotate pairs everyone with everyone,
    each pairing twice over the six partnership games."""
    fixed = Options(partners=Partners.FIXED)
    assert {cw.partner_of(fixed, g, 0) for g in (1, 2, 4, 5, 6, 7)} == {2}
    rotate = Options(partners=Partners.ROTATE)
    pairs = Counter(cw.partner_of(rotate, g, 0) for g in (1, 2, 4, 5, 6, 7))
    assert pairs == Counter({1: 2, 2: 2, 3: 2})
    assert cw.seating(rotate, 4) == (0, 2, 1, 3)
    # The same deal scores for another side in Prosperity under fixed partners.
    state = play_hand(dealt(5, SUITED, dealer=0, options=fixed))
    assert hand_points(state) == (0, 26, 0, 26)


def test_deal_passes_left_so_each_player_deals_once_a_game() -> None:
    """"All players cut for the deal first time they play a round, high card deals. After that the
    deal progresses around the table clockwise so that all players get a chance to deal once."
    Reading: a new cut (drawn from the seed) starts every game; recut_each_game=False passes the
    deal on to the left instead. Over the 28 hands each seat deals 7 times."""
    for options in (Options(), Options(recut_each_game=False)):
        state = cw.new_game(seed=4, options=options, dealer=1)
        dealers = [state.dealer]
        while not cw.is_over(state):
            state = cw.apply(state, cw.legal_moves(state)[0])
            dealers += [dealer_of(e) for e in state.events if e.kind is EventKind.DEALS]
        assert len(dealers) == 28 and Counter(dealers) == Counter({0: 7, 1: 7, 2: 7, 3: 7})
        for g in range(7):
            order = cw.seating(options, g + 1)
            left = {order[i]: order[(i + 1) % 4] for i in range(4)}
            game = dealers[4 * g : 4 * g + 4]
            assert [left[d] for d in game[:3]] == game[1:]
            if g and not options.recut_each_game:
                assert game[0] == left[dealers[4 * g - 1]]
    # With the cut, the first dealers of seed 4's games after the first are drawn from the seed.
    state = cw.new_game(seed=4, dealer=1)
    firsts = []
    while not cw.is_over(state):
        state = cw.apply(state, cw.legal_moves(state)[0])
        firsts += [dealer_of(e) for e in state.events if e.kind is EventKind.DEALS and (e.numbers[0] - 1) % 4 == 0]
    assert firsts == FIRST_DEALERS_SEED_4


FIRST_DEALERS_SEED_4 = [2, 1, 3, 1, 0, 2]


def test_confiscation_speaking_forfeits_three_points() -> None:
    """Confiscation: "Each player speaking after cards dealt forfeits 3 points which are deducted
    from speakers total". With table_talk every player may speak once per hand, at once losing 3;
    without it (default) there is no such move."""
    talk = Options(table_talk=True, partners=Partners.FIXED)
    state = dealt(21, SUITED, dealer=3, options=talk)
    assert state.game.name == "Confiscation" and cw.to_act(state) == frozenset({0, 1, 2, 3})
    assert moves(state)[:2] == ["play 2C", "play 3C"] and moves(state)[13:] == ["speak", "speak", "speak", "speak"]
    with pytest.raises(NotationError, match="could be made by seats 0, 1, 2, 3"):
        cw.parse_move(state, "speak")
    before = state.scores
    state = play(state, "2: speak")
    assert state.card[-1] == (0, 0, -3, 0)
    assert [a - b for a, b in zip(state.scores, before)] == [0, 0, -3, 0]
    assert [str(e) for e in state.events] == ["seat 2 scores: spoke: points confiscated -3"]
    with pytest.raises(IllegalMove, match="seat 2 has already spoken this hand"):
        cw.apply(state, Speak(2))
    assert cw.legal_moves(cw.view(state, 2)) == cw.legal_moves(state, 2)
    state = play_hand(state)
    # Seat 3's spades take every trick: 13 to seats 1 and 3; seat 2's 3 points stay lost.
    assert hand_points(state) == (0, 13, 0, 13)
    assert state.card[5] == (0, 13, -3, 13)
    plain = dealt(21, SUITED, dealer=3, options=Options(partners=Partners.FIXED))
    assert "speak" not in moves(plain) and cw.to_act(plain) == frozenset({0})
    with pytest.raises(IllegalMove, match="not scored in these rules"):
        cw.apply(plain, Speak(1))
    # Speaking belongs to Confiscation only.
    with pytest.raises(IllegalMove, match="only while a Confiscation hand is played"):
        cw.apply(dealt(5, SUITED, dealer=3, options=talk), Speak(1))


def test_hands_per_game_shortens_the_match() -> None:
    """Option hands_per_game plays the first hands of each game only (the quick match)."""
    short = Options(hands_per_game=1)
    assert cw.total_hands(short) == 7
    assert [cw.game_rule(short, h)[0].name for h in range(1, 8)] == [g.name for g in GAMES]
    assert str(cw.game_rule(short, 2)[1]) == "spades trump"
    with pytest.raises(ValueError, match="hands_per_game must be 1 to 4"):
        Options(hands_per_game=5)
    state = cw.new_game(seed=9, options=short)
    while not cw.is_over(state):
        state = cw.apply(state, cw.legal_moves(state)[0])
    assert state.hand == 7 and len(state.card) == 7


def test_whole_match_ends_after_28_hands_with_the_high_total() -> None:
    """"High score at the end of the 7 rounds wins": the match ends after the 28th hand; the
    score card sums to the totals and the high total wins."""
    state = cw.new_game(seed=1)
    scored = 0
    while not cw.is_over(state):
        state = cw.apply(state, cw.legal_moves(state)[0])
        scored += sum(e.kind is EventKind.HAND_SCORED for e in state.events)
    assert scored == 28 and state.hand == 28 and len(state.card) == 7
    assert state.scores == tuple(map(sum, zip(*state.card)))
    assert state.scores == FINAL_SEED_1
    top = max(state.scores)
    assert cw.winners(state) == frozenset(s for s in range(4) if state.scores[s] == top)
    assert state.events[-1].kind is EventKind.GAME_OVER
    assert cw.legal_moves(state) == () and cw.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        cw.apply(state, PlayCard(0, Card.parse("2C")))
    assert "match over" in cw.render(state)


FINAL_SEED_1 = (252, 234, 239, 243)


def test_tied_high_totals_share_the_win() -> None:
    """No seed rule breaks a tie: equal high totals share the win."""
    state = cw.new_game(seed=1, options=Options(hands_per_game=1))
    while not cw.is_over(state):
        state = cw.apply(state, cw.legal_moves(state)[0])
    tied = attrs.evolve(state, scores=(50, 50, 40, 40), card=((50, 50, 40, 40),) + ((0,) * 4,) * 6)
    assert cw.winners(tied) == frozenset({0, 1})
    assert cw.winners(cw.new_game(seed=1)) == frozenset()


def test_four_players_only_and_presets() -> None:
    """"4 players per table": other counts are refused; the metzker preset is the default rules."""
    with pytest.raises(ValueError, match="court_whist is played by 4 players, not 5"):
        cw.new_game(5)
    assert Options.metzker() == Options()
    assert cw.GAME.presets == (("metzker", Options()),)
    assert parlour.game("court_whist").title == "Court Whist"


def test_invariants_refuse_impossible_states() -> None:
    """check_invariants guards decoded states: wrong trump, unequal partners, broken score card."""
    state = dealt(5, SUITED, dealer=0)
    with pytest.raises(ValueError, match="trump is spades trump"):
        cw.check_invariants(attrs.evolve(state, trump=Suit.HEARTS))
    with pytest.raises(ValueError, match="sums of the score card"):
        cw.check_invariants(attrs.evolve(state, scores=(1, 0, 0, 0)))
    with pytest.raises(ValueError, match="partners' totals differ"):
        cw.check_invariants(attrs.evolve(state, scores=(27, 26, 25, 26), card=((27, 26, 25, 26), (0,) * 4)))
    with pytest.raises(ValueError, match="totals of game 1 .Coronation. are impossible"):
        cw.check_invariants(attrs.evolve(state, scores=(30, 30, 30, 30), card=((30, 30, 30, 30), (0,) * 4)))
    with pytest.raises(ValueError, match="only Coronation hands"):
        cw.check_invariants(attrs.evolve(state, caller=1))


def test_render_shows_game_trump_partners_and_card() -> None:
    """The text picture names the game, the trump, the partners and the score card."""
    state = dealt(5, SUITED, dealer=0)
    text = cw.render(cw.view(state, 1))
    assert text.splitlines()[:3] == [
        "game 2 of 7: Prosperity, hand 1 of 4 (hand 5 of the match), dealer seat 0",
        "partners: seats 0 & 3 against seats 1 & 2; trump: spades",
        "trick 1 of 13: seat 1 to lead",
    ]
    assert "2D 3D 4D" in text and "2C 3C" not in text


def test_coronation_later_hands_called_by_the_next_king() -> None:
    """Coronation hands 2-4: "Trump declared by owner of King-Hearts", then clubs, diamonds: after
    hand 1 the holder of KH is the caller, then the holder of KC, then of KD."""
    state = cw.new_game(seed=8, dealer=0)
    for hand, king in ((2, "KH"), (3, "KC"), (4, "KD")):
        state = play_hand(state)
        assert state.hand == hand and state.phase is Phase.CALL and state.caller is not None
        assert Card.parse(king) in state.hands[state.caller]
        assert f"note: seat {state.caller} holds {king} and names trump" in [str(e) for e in state.events]
        assert cw.to_act(state) == frozenset({state.caller})
    state = play_hand(state)
    assert state.hand == 5 and state.phase is Phase.PLAY and state.caller is None and state.trump is Suit.SPADES


def test_turned_up_card_survives_json_and_views() -> None:
    """Conspiracy's turned card is public: a view of any seat and a JSON round trip keep it."""
    state = dealt(9, SUITED, dealer=1, upcard="AD")
    assert cw.legal_moves(state) == tuple(PlayCard(2, c) for c in parse_cards(HEARTS))
    again = parlour.from_json(parlour.to_json(state))
    assert again == state and isinstance(again, State) and again.upcard == Card.parse("AD")
    seen = cw.view(state, 3)
    assert parlour.from_json(parlour.to_json(seen)) == seen and seen.upcard == Card.parse("AD")
