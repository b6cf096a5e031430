"""Euchre scenarios from the Metzker Book of Card Game Rules ("Euchre") and the rules notes
(section 4: bowers, the two making rounds, lone hands, No Ace-No Face, scoring), plus the
options that follow OpenSpiel's Euchre."""

from __future__ import annotations

import random

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Suit, parse_cards
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import euchre
from parlour.games.euchre import DefendAlone, Discard, NameTrump, Options, OrderUp, Pass, Phase, PlayCard, State


def deck_for(dealer: int, hands: dict[int, str], up: str, kitty: str) -> list[str]:
    """The deck that deals `hands[s]` to seat s (one card at a time from the dealer's left),
    then turns up `up` and leaves `kitty`."""
    split = {s: h.split() for s, h in hands.items()}
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    return [split[s][i] for i in range(5) for s in order] + [up] + kitty.split()


# Deck L: seat 1 leads AH in hearts; seat 2's only heart is the left bower JD.
DECK_L = deck_for(
    0,
    {1: "AH KH QC KC AC", 2: "JD 9C 10S QS KS", 3: "9D 10D QD KD AD", 0: "JH QH 10H 9S AS"},
    up="9H",
    kitty="10C JC JS",
)
# Deck L2: diamonds led, seat 2's only printed diamond is JD (a heart when hearts are trump).
DECK_L2 = deck_for(
    0,
    {1: "9D KH QC KC AC", 2: "JD 9C 10S QS KS", 3: "AH 10D QD KD AD", 0: "JH QH 10H 9S AS"},
    up="9H",
    kitty="10C JC JS",
)
# Deck M: seat 1 holds the five best hearts.
DECK_M = deck_for(
    0,
    {1: "JH JD AH KH QH", 2: "9C 10C QC KC AC", 3: "9S 10S QS KS AS", 0: "9D 10D QD KD AD"},
    up="10H",
    kitty="JC JS 9H",
)
# Deck E: the dealer (seat 0) holds the five best hearts; seat 1 orders up and is euchred.
DECK_E = deck_for(
    0,
    {1: "9D 10D QD KD AD", 2: "9C 10C QC KC AC", 3: "9S 10S QS KS AS", 0: "JH JD AH KH QH"},
    up="10H",
    kitty="JC JS 9H",
)
# Deck D: seat 1 orders up with no trump; seat 2 (a defender) holds the five best hearts.
DECK_D = deck_for(
    0,
    {1: "9C 10C QC 9D 10D", 2: "JH JD AH KH QH", 3: "9S 10S QS KS AS", 0: "AC KC JC QD KD"},
    up="9H",
    kitty="10H AD JS",
)


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in euchre.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = euchre.apply(state, euchre.parse_move(state, text))
    return state


def first_moves(state: State, count: int) -> State:
    for _ in range(count):
        state = euchre.apply(state, euchre.legal_moves(state)[0])
    return state


def finish_hand(state: State) -> State:
    """Plays the first legal move until the hand number changes or the game ends."""
    hand = state.hand
    while state.hand == hand and not euchre.is_over(state):
        state = euchre.apply(state, euchre.legal_moves(state)[0])
    return state


def kinds(state: State) -> list[EventKind]:
    return [e.kind for e in state.events]


# --- the pack and the pure helpers ---------------------------------------------------------------


def test_pack_is_ace_to_nine_in_four_suits() -> None:
    """Metzker: "1 decks of cards, remove all but Ace to 9": 24 cards, 5 each, one turned up."""
    assert len(euchre.PACK) == 24 and len(set(euchre.PACK)) == 24
    assert {str(c)[:-1] for c in euchre.PACK} == {"9", "10", "J", "Q", "K", "A"}
    state = euchre.new_game(seed=2, dealer=1, deck=DECK_L)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert state.upcard == parse_cards("9H") and len(state.kitty) == 3
    with pytest.raises(ValueError, match="24-card pack"):
        euchre.new_game(deck=[str(c) for c in euchre.PACK[:-1]])
    with pytest.raises(ValueError, match="played by 4 players"):
        euchre.new_game(3)


def test_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    """Reading (rules notes, shared conventions): the seed's packets of "two or more at a time"
    change no rule, so cards go one at a time clockwise from the dealer's left, then the card
    turned up, then the three kitty cards."""
    deck = [str(c) for c in euchre.PACK]  # 9C 10C JC QC KC AC 9D ... AS
    state = euchre.new_game(seed=1, deck=deck, dealer=3)
    assert [" ".join(map(str, h)) for h in state.hands] == [
        "9C KC JD 9H KH", "10C AC QD 10H AH", "JC 9D KD JH 9S", "QC 10D AD QH 10S",
    ]  # fmt: skip
    assert state.upcard == parse_cards("JS") and state.kitty == parse_cards("QS KS AS")
    assert [str(e) for e in state.events] == ["seat 3 deals hand 1", "seat 3 turns up JS"]


def test_effective_suit_puts_the_left_bower_in_trump() -> None:
    """Metzker: the left bower is the jack of the suit of the same colour as trump; rules notes:
    it is a card of the trump suit for following and winning."""
    jd, jh, jc, nine = (Card.parse(t) for t in ("JD", "JH", "JC", "9D"))
    assert euchre.effective_suit(jd, Suit.HEARTS) is Suit.HEARTS
    assert euchre.effective_suit(jh, Suit.HEARTS) is Suit.HEARTS
    assert euchre.effective_suit(jh, Suit.DIAMONDS) is Suit.DIAMONDS
    assert euchre.effective_suit(jc, Suit.HEARTS) is Suit.CLUBS
    assert euchre.effective_suit(Card.parse("JS"), Suit.CLUBS) is Suit.CLUBS
    assert euchre.effective_suit(nine, Suit.HEARTS) is Suit.DIAMONDS
    with pytest.raises(ValueError, match="not a card of a suit"):
        euchre.effective_suit(HIDDEN, Suit.HEARTS)


def test_trick_winner_ranks_right_bower_left_bower_then_ace() -> None:
    """Rules notes test 1-2: trump hearts ranks JH > JD > AH > KH > QH > 10H > 9H; trump clubs:
    JS (left bower) beats AC; without trump the highest card of the suit led wins."""
    h = Suit.HEARTS
    order = ["JH", "JD", "AH", "KH", "QH", "10H", "9H"]
    for i in range(len(order) - 1):
        for j in range(i + 1, len(order)):
            assert euchre.trick_winner(parse_cards([order[j], order[i]]), h) == 1
            assert euchre.trick_winner(parse_cards([order[i], order[j]]), h) == 0
    assert euchre.trick_winner(parse_cards("AC JS"), Suit.CLUBS) == 1
    assert euchre.trick_winner(parse_cards("9S AS KS JS"), Suit.HEARTS) == 1  # JS is a plain spade
    assert euchre.trick_winner(parse_cards("QD JD AD"), Suit.HEARTS) == 1  # JD is a trump, not a diamond
    assert euchre.trick_winner(parse_cards("9C AD KS"), Suit.HEARTS) == 0  # off-suit cards never win
    assert euchre.trick_winner(parse_cards("KD JD QD"), Suit.SPADES) == 0  # plain suits: A K Q J 10 9
    assert euchre.trick_winner(parse_cards("10C 9H"), Suit.HEARTS) == 1  # a two-card trick (two lone hands)
    with pytest.raises(ValueError, match="empty trick"):
        euchre.trick_winner((), h)


def test_hand_points_table() -> None:
    """Metzker scoring: under 3 tricks "Euchre!" other team gets 2; 3-4 tricks 1 point; 5 tricks
    2 points; 5 tricks going alone 4 points; a lone maker with 3-4 tricks gets 1 ("Otherwise it
    is all the normal amount of points")."""
    hp = euchre.hand_points
    assert [hp(k, alone=False) for k in range(6)] == [(0, 2), (0, 2), (0, 2), (1, 0), (1, 0), (2, 0)]
    assert [hp(k, alone=True) for k in range(6)] == [(0, 2), (0, 2), (0, 2), (1, 0), (1, 0), (4, 0)]
    assert hp(2, alone=False, lone_defender=True) == (0, 4)
    with pytest.raises(ValueError):
        hp(6, alone=False)


# --- following -------------------------------------------------------------------------------------


def test_left_bower_must_follow_a_trump_lead() -> None:
    """Rules notes test 1: when hearts (trump) are led, a player holding JD and no other heart
    must play JD; the right bower then beats the left bower."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), "order up", "discard 9S", "play AH")
    assert moves(state) == ["play JD"]
    with pytest.raises(IllegalMove, match=r"must follow suit: holds a heart \(the left bower JD is a heart\)"):
        euchre.apply(state, PlayCard(2, Card.parse("9C")))
    state = play(state, "play JD")
    assert moves(state) == ["play 9D", "play 10D", "play QD", "play KD", "play AD"]  # void in hearts
    state = play(state, "play 9D")
    assert moves(state) == ["play 9H", "play 10H", "play JH", "play QH"]
    state = play(state, "play JH")
    assert state.events[-1].kind is EventKind.WINS_TRICK and state.events[-1].player == 0
    assert euchre.to_act(state) == frozenset({0})


def test_left_bower_holder_is_void_in_its_printed_suit() -> None:
    """Rules notes test 1: when diamonds are led (hearts trump), a player whose only "diamond" is
    JD is void in diamonds and may play anything; JD played there is a trump and wins."""
    state = play(euchre.new_game(seed=1, deck=DECK_L2, dealer=0), "order up", "discard 9S", "play 9D")
    assert moves(state) == ["play 9C", "play JD", "play 10S", "play QS", "play KS"]
    state = play(state, "play JD")
    assert moves(state) == ["play 10D", "play QD", "play KD", "play AD"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a diamond"):
        euchre.apply(state, PlayCard(3, Card.parse("AH")))
    state = play(state, "play AD", "play 10H")
    assert state.events[-1].kind is EventKind.WINS_TRICK and state.events[-1].player == 2


def test_left_bower_is_not_a_card_of_its_printed_suit() -> None:
    """Rules notes: the left bower belongs to trump, so it cannot follow its printed suit while
    the hand holds a card of that suit."""
    state = play(euchre.new_game(seed=1, deck=DECK_L2, dealer=0), "order up", "discard 9S", "play 9D")
    hands = (state.hands[0], state.hands[1], parse_cards("9D JD 9C 10S QS"), state.hands[3])
    state = attrs.evolve(state, hands=hands, trick=Trick.of(1, parse_cards("AD"), seats=(1,)))
    assert moves(state) == ["play 9D"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a diamond; JD is the left bower, a heart"):
        euchre.apply(state, PlayCard(2, Card.parse("JD")))


# --- making trump -------------------------------------------------------------------------------


def test_order_up_dealer_picks_up_and_discards() -> None:
    """Metzker: to accept, a player tells the dealer to pick up the face-up card; the dealer adds
    it and discards one card face down. Reading: any of the six cards may be discarded."""
    state = euchre.new_game(seed=1, deck=DECK_L, dealer=0)
    assert euchre.to_act(state) == frozenset({1})
    assert moves(state) == ["pass", "order up", "order up alone"]
    state = play(state, "order up")
    assert state.phase is Phase.DISCARD and state.trump is Suit.HEARTS and state.maker == 1
    assert [str(e) for e in state.events] == ["seat 1 bids: order up", "seat 1 names trump: H"]
    assert moves(state) == ["discard 9H", "discard 10H", "discard JH", "discard QH", "discard 9S", "discard AS"]
    with pytest.raises(IllegalMove, match=r"only the dealer \(seat 0\) discards"):
        euchre.apply(state, Discard(1, Card.parse("AH")))
    state = play(state, "discard 9H")  # the turned card itself may go
    assert state.hands[0] == parse_cards("10H JH QH 9S AS") and state.discard == parse_cards("9H")
    assert state.upcard == () and state.phase is Phase.PLAY and euchre.to_act(state) == frozenset({1})
    assert kinds(state) == [EventKind.TAKES, EventKind.DISCARDS, EventKind.LEADS]
    assert [str(e) for e in euchre.view(state, 2).events][1] == "seat 0 discards ??"
    assert euchre.view(state, 2).discard == (HIDDEN,) and euchre.view(state, 0).discard == parse_cards("9H")
    assert euchre.view(state, 0).kitty == (HIDDEN,) * 3


def test_dealers_partner_ordering_up_must_go_alone() -> None:
    """Metzker: "If the partner of the dealer wants this trump they must go alone". Reading: the
    dealer's hand is then dead, so the dealer does not pick up; the first trick has 3 cards."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), "pass")
    assert moves(state) == ["pass", "order up alone"]
    with pytest.raises(IllegalMove, match="dealer's partner, so ordering up means going alone"):
        euchre.apply(state, OrderUp(2))
    state = play(state, "order up alone")
    assert state.phase is Phase.PLAY and state.out == (0,) and state.upcard == parse_cards("9H")
    assert len(state.hands[0]) == 5 and state.discard == ()
    assert euchre.to_act(state) == frozenset({1})
    with pytest.raises(IllegalMove, match="seat 0 sits out this hand"):
        euchre.apply(state, PlayCard(0, Card.parse("JH")))
    state = play(state, "play AH", "play JD", "play 9D")
    assert state.events[-1].kind is EventKind.WINS_TRICK and state.events[-1].cards == parse_cards("AH JD 9D")


def test_naming_alone_in_round_two_skips_the_sitting_out_leader() -> None:
    """Rules notes test 4 / Metzker: if the person who would have led is sitting out, the next
    player in the rotation leads. Dealer 0, seat 3 names spades alone: seat 1 sits out, seat 2
    leads. The turned-down suit may not be named."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), "pass", "pass", "pass", "pass")
    assert state.auction.round == 2 and euchre.to_act(state) == frozenset({1})
    assert moves(state) == ["pass", "name C", "name C alone", "name D", "name D alone", "name S", "name S alone"]
    with pytest.raises(IllegalMove, match="H was turned down and may not be named"):
        euchre.apply(state, NameTrump(1, Suit.HEARTS))
    with pytest.raises(IllegalMove, match="H was turned down: round two names a suit or passes"):
        euchre.apply(state, OrderUp(1))
    # Reading: only ordering up forces the dealer's partner to go alone, not naming a suit.
    assert "name C" in moves(play(state, "pass"))
    state = play(state, "pass", "pass", "name S alone")
    assert state.phase is Phase.PLAY and state.trump is Suit.SPADES and state.out == (1,)
    assert state.upcard == parse_cards("9H") and state.discard == ()
    assert euchre.to_act(state) == frozenset({2}) and state.trick.leader == 2
    assert [str(e) for e in state.events][-2:] == ["note: seat 1 sits out: its partner plays alone", "seat 2 leads"]


def test_all_pass_twice_throws_the_hand_in() -> None:
    """Metzker: if everybody passes a second time, everybody throws their cards in and the deal
    passes to the left; nobody scores."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), *["pass"] * 7)
    assert moves(state) == ["pass", "name C", "name C alone", "name D", "name D alone", "name S", "name S alone"]
    state = play(state, "pass")
    assert state.hand == 2 and state.dealer == 1 and state.phase is Phase.CALL
    assert state.points == (0, 0) and euchre.to_act(state) == frozenset({2})
    assert kinds(state)[:3] == [EventKind.BIDS, EventKind.NOTE, EventKind.DEALS]


def test_no_ace_no_face_throws_the_deal_in() -> None:
    """Metzker: "If a player is dealt a hand with only 9s and 10s everybody's hands are thrown in
    and the deal passes to the left" (rules notes test 7; checked at once, before any call)."""
    deck = deck_for(
        0,
        {0: "AH KH QH JH 10D", 1: "AC KC QC JC AD", 2: "9C 10C 9D 10H 9S", 3: "AS KS QS JS 10S"},
        up="9H",
        kitty="KD QD JD",
    )
    state = euchre.new_game(seed=4, deck=deck, dealer=0)
    assert state.hand == 2 and state.dealer == 1 and state.points == (0, 0)
    assert [str(e) for e in state.events][:4] == [
        "seat 0 deals hand 1",
        "seat 0 turns up 9H",
        "seat 2 reveals: no ace, no face 9C 10C 9D 10H 9S",
        "note: no ace, no face: the hands are thrown in and the deal passes left",
    ]
    kept = euchre.new_game(seed=4, deck=deck, dealer=0, options=Options(no_ace_no_face=False))
    assert kept.hand == 1 and kept.hands[2] == parse_cards("9C 10C 9D 10H 9S")


# --- scoring and the match ----------------------------------------------------------------------


def test_lone_march_scores_four() -> None:
    """Metzker: going alone, "If you take all five tricks, you get double points": 4."""
    state = play(euchre.new_game(seed=1, deck=DECK_M, dealer=0), "order up alone")
    assert state.phase is Phase.DISCARD and state.out == (3,)
    state = finish_hand(state)
    assert state.points == (0, 4) and euchre.scores(state) == (0, 4, 0, 4)
    assert [str(e) for e in state.events if e.kind is EventKind.HAND_SCORED] == ["hand scored: 0 4 0 4"]


def test_march_with_partner_scores_two_and_three_tricks_score_one() -> None:
    """Metzker: the bidding team with 5 tricks scores 2, with 3-4 tricks 1."""
    state = finish_hand(play(euchre.new_game(seed=1, deck=DECK_M, dealer=0), "order up"))
    assert state.points == (0, 2)
    state = play(euchre.new_game(seed=1, deck=DECK_M, dealer=0), "order up", "discard 9D")
    # The same contract with other cards: seat 2 (a defender) takes the first two tricks (AC,
    # 10S), the maker the last three (JD, JH, AH).
    hands = tuple(parse_cards(h) for h in ("9D 10D QD KD AD", "9C JD JH AH 9S", "AC 10S QS KS AS", "10C QC KC QH KH"))
    state = finish_hand(attrs.evolve(state, hands=hands))
    assert state.points == (0, 1)
    last = ["seat 0 plays AD", "seat 1 wins the trick AH AS KH AD", "hand scored: 0 1 0 1"]
    assert [str(e) for e in state.events][:3] == last


def test_euchred_makers_give_the_defenders_two() -> None:
    """Metzker: bidding team with less than 3 tricks, "Euchre!": the other team gets 2 points."""
    state = play(euchre.new_game(seed=1, deck=DECK_E, dealer=0), "order up", "discard QH")
    state = finish_hand(state)
    assert state.points == (2, 0) and state.hand == 2 and state.dealer == 1


def test_first_side_to_ten_wins_the_game() -> None:
    """Metzker: "First team to 10 wins the game"; the game ends after the hand that reaches it."""
    state = euchre.new_game(seed=1, deck=DECK_M, dealer=0)
    state = attrs.evolve(state, points=(5, 6))
    state = finish_hand(play(state, "order up alone"))
    assert euchre.is_over(state) and state.phase is Phase.OVER
    assert euchre.winners(state) == frozenset({1, 3}) and euchre.scores(state) == (5, 10, 5, 10)
    assert [str(e) for e in state.events][-2:] == ["hand scored: 0 4 0 4", "game over; winners: 1 3"]
    assert euchre.legal_moves(state) == () and euchre.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        euchre.apply(state, PlayCard(1, Card.parse("JH")))
    assert "seats 1, 3 win with 10 points" in euchre.render(state)


def test_a_whole_match_to_ten_with_one_side_scoring_each_hand() -> None:
    """Rules notes test 8: in every completed hand exactly one side scores (1, 2 or 4 to the
    makers, or 2 to the defenders); the first side to 10 wins."""
    rnd = random.Random(7)
    state = euchre.new_game(seed=7)
    scored = []
    while not euchre.is_over(state):
        state = euchre.apply(state, rnd.choice(euchre.legal_moves(state)))
        scored += [e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED]
    for a, b, c, d in scored:
        assert (a, b) == (c, d) and (a == 0) != (b == 0) and max(a, b) in (1, 2, 4)
    assert sum(a for a, *_ in scored) == state.points[0] and sum(b for _, b, *_ in scored) == state.points[1]
    assert max(state.points) >= 10 > min(state.points)
    side = 0 if state.points[0] >= 10 else 1
    assert euchre.winners(state) == frozenset({side, side + 2})
    assert (len(scored), state.hand, state.points, side) == (7, 7, (4, 10), 1)  # this seed's match


def test_seeded_match_is_reproducible() -> None:
    """Design contract: the same seed and moves give equal states; the first dealer is drawn from
    the seed unless dealer= fixes it."""
    a, b = euchre.new_game(seed=11), euchre.new_game(seed=11)
    assert a == b
    for _ in range(40):
        a = euchre.apply(a, euchre.legal_moves(a)[-1])
        b = euchre.apply(b, euchre.legal_moves(b)[-1])
    assert a == b
    assert euchre.new_game(seed=11, dealer=2).dealer == 2


# --- options -----------------------------------------------------------------------------------


def test_stick_the_dealer_option_forbids_the_dealers_last_pass() -> None:
    """Option stick_the_dealer (OpenSpiel's default, not Metzker): in round two the dealer may not
    pass, so there is no throw-in."""
    stuck = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0, options=Options(stick_the_dealer=True)), *["pass"] * 7)
    assert moves(stuck) == ["name C", "name C alone", "name D", "name D alone", "name S", "name S alone"]
    with pytest.raises(IllegalMove, match=r"stick the dealer: the dealer \(seat 0\) may not pass"):
        euchre.apply(stuck, Pass(0))
    assert "must name a suit" in euchre.render(stuck)
    free = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), *["pass"] * 7)
    assert moves(free)[0] == "pass"


def test_lone_defender_option_lets_a_defender_play_alone_for_four() -> None:
    """Option lone_defender (OpenSpiel's allow_lone_defender): defenders in turn from the dealer's
    left may defend alone; the partner sits out, and a euchre by a lone defender scores 4."""
    options = Options(lone_defender=True)
    state = play(euchre.new_game(seed=1, deck=DECK_D, dealer=0, options=options), "order up", "discard QD")
    assert state.phase is Phase.DEFEND and euchre.to_act(state) == frozenset({2})
    assert moves(state) == ["pass", "defend alone"]
    with pytest.raises(IllegalMove, match="it is seat 2's turn to choose whether to defend alone"):
        euchre.apply(state, DefendAlone(0))
    alone = play(state, "defend alone")
    assert alone.phase is Phase.PLAY and alone.out == (0,) and euchre.to_act(alone) == frozenset({1})
    assert finish_hand(alone).points == (4, 0)
    together = play(state, "pass")
    assert euchre.to_act(together) == frozenset({0})
    together = play(together, "pass")
    assert together.phase is Phase.PLAY and together.out == ()
    assert finish_hand(together).points == (2, 0)
    plain = play(euchre.new_game(seed=1, deck=DECK_D, dealer=0), "order up", "discard QD")
    assert plain.phase is Phase.PLAY
    with pytest.raises(IllegalMove, match="defending alone is not allowed"):
        euchre.apply(plain, DefendAlone(2))


def test_openspiel_preset_rules() -> None:
    """Preset openspiel: the dealer's partner may order up without going alone, the dealer may
    not discard the turned card, stick the dealer, no No Ace-No Face."""
    o = Options.openspiel()
    assert not o.dealer_partner_alone and not o.discard_upcard and o.stick_the_dealer and not o.no_ace_no_face
    assert Options.metzker() == Options() and dict(euchre.GAME.presets) == {"metzker": Options(), "openspiel": o}
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0, options=o), "pass")
    assert moves(state) == ["pass", "order up", "order up alone"]
    state = play(state, "order up")
    assert moves(state) == ["discard 10H", "discard JH", "discard QH", "discard 9S", "discard AS"]
    with pytest.raises(IllegalMove, match=r"may not discard the turned card 9H \(option discard_upcard\)"):
        euchre.apply(state, Discard(0, Card.parse("9H")))
    state = play(state, "discard 9S")
    assert state.hands[0] == parse_cards("9H 10H JH QH AS") and state.out == ()


def test_alone_option_off_removes_lone_calls() -> None:
    """Option alone=False: nobody goes alone (the dealer's partner orders up like anyone)."""
    state = euchre.new_game(seed=1, deck=DECK_L, dealer=0, options=Options(alone=False))
    assert moves(state) == ["pass", "order up"]
    assert moves(play(state, "pass")) == ["pass", "order up"]
    with pytest.raises(IllegalMove, match="going alone is not allowed"):
        euchre.apply(state, OrderUp(1, True))


def test_target_score_option_ends_the_game_sooner() -> None:
    """Option target_score: the first side to reach it wins (Metzker: 10)."""
    short = euchre.new_game(seed=1, deck=DECK_M, dealer=0, options=Options(target_score=2))
    state = finish_hand(play(short, "order up"))
    assert euchre.is_over(state) and euchre.winners(state) == frozenset({1, 3})
    with pytest.raises(ValueError, match="target_score"):
        Options(target_score=0)


# --- notation, refusals, views ------------------------------------------------------------------


def test_notation_round_trips_and_reads_loose_forms() -> None:
    """Design contract: parse_move reads str() of every legal move; suits and cards may be written out."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), *["pass"] * 4)
    for move in euchre.legal_moves(state):
        assert euchre.parse_move(state, str(move)) == move
    assert euchre.parse_move(state, "name spades alone") == NameTrump(1, Suit.SPADES, True)
    assert euchre.parse_move(state, "1: name d") == NameTrump(1, Suit.DIAMONDS)
    with pytest.raises(NotationError):
        euchre.parse_move(state, "name hearts")
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), "order up", "discard 9S")
    assert euchre.parse_move(state, "play ace of hearts") == PlayCard(1, Card.parse("AH"))
    with pytest.raises(NotationError):
        euchre.parse_move(state, "play 9S")


def test_refusals_name_the_rule() -> None:
    """Illegal moves are refused with IllegalMove naming the rule, and nothing changes."""
    state = euchre.new_game(seed=1, deck=DECK_L, dealer=0)
    before = parlour.to_json(state)
    with pytest.raises(IllegalMove, match="it is seat 1's turn to call, not seat 3's"):
        euchre.apply(state, Pass(3))
    with pytest.raises(IllegalMove, match="round one orders up the turned suit or passes"):
        euchre.apply(state, NameTrump(1, Suit.CLUBS))
    with pytest.raises(IllegalMove, match="trump is not made yet"):
        euchre.apply(state, PlayCard(1, Card.parse("AH")))
    with pytest.raises(IllegalMove, match="only the dealer discards"):
        euchre.apply(state, Discard(0, Card.parse("9S")))
    assert parlour.to_json(state) == before
    state = play(state, "order up", "discard 9S")
    with pytest.raises(IllegalMove, match=r"trump is already made \(H, by seat 1\)"):
        euchre.apply(state, OrderUp(2, True))
    with pytest.raises(IllegalMove, match="there is no call to pass"):
        euchre.apply(state, Pass(1))
    with pytest.raises(IllegalMove, match="it is seat 1's turn to play"):
        euchre.apply(state, PlayCard(2, Card.parse("JD")))
    with pytest.raises(IllegalMove, match="seat 1 does not hold 9S"):
        euchre.apply(state, PlayCard(1, Card.parse("9S")))


def test_views_hide_hands_kitty_and_discard_and_keep_moves() -> None:
    """Design contract: a seat's view hides other hands, the kitty and (but for the dealer) the
    dealer's discard; its legal moves are the seat's own."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), "order up", "discard 9S")
    seen = euchre.view(state, 1)
    assert seen.hands[1] == state.hands[1] and seen.hands[2] == (HIDDEN,) * 5
    assert seen.discard == (HIDDEN,) and seen.kitty == (HIDDEN,) * 3
    assert euchre.legal_moves(seen) == euchre.legal_moves(state, 1)
    assert euchre.legal_moves(euchre.view(state, 2)) == ()
    euchre.check_invariants(seen)
    assert parlour.from_json(parlour.to_json(seen)) == seen
    text = euchre.render(seen)
    assert "trump H (right bower JH, left bower JD), made by seat 1" in text and "9S" not in text


def test_check_invariants_refuses_broken_states() -> None:
    """check_invariants guards hostile input: a forged lone hand or score is refused."""
    state = play(euchre.new_game(seed=1, deck=DECK_L, dealer=0), "order up", "discard 9S")
    euchre.check_invariants(state)
    assert state.making is not None
    with pytest.raises(ValueError, match="what the making call said"):
        euchre.check_invariants(attrs.evolve(state, making=attrs.evolve(state.making, alone=True, out=(3,))))
    with pytest.raises(ValueError, match="over exactly when"):
        euchre.check_invariants(attrs.evolve(state, points=(10, 0)))
    with pytest.raises(ValueError):
        euchre.check_invariants(attrs.evolve(state, phase=Phase.CALL))
