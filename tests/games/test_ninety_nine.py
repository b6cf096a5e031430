"""Ninety-Nine scenarios from the seed (000 NINETY-NINE) and rules/other.md sections 0 and 2.2."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, cards_text, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.games import ninety_nine
from parlour.games.ninety_nine import Options, Phase, PlayCard, State


def deck_for(*hands: str, stock: str = "", packs: int = 1) -> list[str]:
    """A deck that deals `hands[s]` to seat s when the last seat deals, then `stock` on top of
    the rest of the pack."""
    split = [h.split() for h in hands]
    top = [split[s][i] for i in range(len(split[0])) for s in range(len(split))] + stock.split()
    rest = Counter(standard_pack(packs=packs)) - Counter(parse_cards(top))
    return top + [str(c) for c in rest.elements()]


def game(*hands: str, stock: str = "", options: Options | None = None) -> State:
    """Seat s holds `hands[s]`; the last seat deals, so seat 0 plays first."""
    n = len(hands)
    packs = 1 if n <= 4 else 2
    deck = deck_for(*hands, stock=stock, packs=packs)
    return ninety_nine.new_game(n, seed=7, options=options, deck=deck, dealer=n - 1)


def at_total(state: State, total: int, *, pile: str = "QH", direction: int = 1) -> State:
    """The same hands with the pile (taken from the stock) worth `total`."""
    cards = parse_cards(pile)
    stock = list(state.stock)
    for card in cards:
        stock.remove(card)
    return attrs.evolve(state, total=total, pile=cards, stock=tuple(stock), direction=direction)


def holding(state: State, seat: int, cards: str) -> State:
    """Seat `seat` keeps only `cards` of its hand; the others go under the pile."""
    keep = parse_cards(cards)
    gone = [c for c in state.hands[seat] if c not in keep]
    hands = (*state.hands[:seat], keep, *state.hands[seat + 1 :])
    return attrs.evolve(state, hands=hands, pile=(*gone, *state.pile))


def moves(state: State) -> list[str]:
    return [str(m) for m in ninety_nine.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = ninety_nine.apply(state, ninety_nine.parse_move(state, text))
    return state


def kinds(state: State) -> list[EventKind]:
    return [e.kind for e in state.events]


# The scenario tests of rules/other.md 2.2 -------------------------------------------------------


def test_scenario_1_total_95_nine_and_king_legal_five_not() -> None:
    """2.2 test 1: total 95, hand {9, K, 5}: the 9 (stays 95) and the K (99); the 5 would make 100."""
    state = at_total(game("9C KD 5H", "2C 3C 4C"), 95)
    assert moves(state) == ["play 9C", "play KD"]
    assert play(state, "play 9C").total == 95
    assert play(state, "play KD").total == 99
    with pytest.raises(IllegalMove, match="from 95 to 100, past 99"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("5H")))


def test_scenario_2_ace_at_92_counts_only_one() -> None:
    """2.2 test 2: total 92, an ace: as 1 (93) is legal, as 11 (103) is not."""
    state = at_total(game("AS 8C QC", "4C 5C 6C"), 92)
    assert moves(state) == ["play AS as 1"]
    assert play(state, "play AS as 1").total == 93
    with pytest.raises(IllegalMove, match="from 92 to 103, past 99"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("AS"), 11))


def test_scenario_3_at_99_four_nine_king_all_leave_99() -> None:
    """2.2 test 3: total 99, hand {4, 9, K}: all legal, each leaves 99; the 4 also reverses."""
    state = at_total(game("4C 9D KH", "9H 2C 3C", "9S 6C 7C"), 99)
    assert moves(state) == ["play 4C", "play 9D", "play KH"]
    after_four = play(state, "play 4C")
    assert (after_four.total, after_four.direction, after_four.turn) == (99, -1, 2)
    after_nine = play(state, "play 9D")
    assert (after_nine.total, after_nine.direction, after_nine.turn) == (99, 1, 1)
    after_king = play(state, "play KH")
    assert (after_king.total, after_king.direction, after_king.turn) == (99, 1, 1)


def test_scenario_4_no_legal_play_lays_down_and_next_dealer_deals() -> None:
    """2.2 test 4 and section 0 (forced non-decisions are automatic). The notes' hand {2, 6, 8}
    at 95 can in fact play the 2 (97), so it does not lay down; with {5, 6, 8} (100, 101, 103)
    seat 1 lays down inside apply when its turn comes, pays a penny, and the next seat left of
    the dealer (seat 2 dealt, so seat 0) deals hand 2, which seat 1 starts."""
    playable = play(at_total(game("9C 3C 4C", "2D 6D 8D", "5S 6S 7S"), 95), "play 9C")
    assert (playable.hand, playable.turn, moves(playable)) == (1, 1, ["play 2D"])
    state = at_total(game("9C 3C 4C", "5D 6D 8D", "5S 6S 7S"), 95)
    state = play(state, "play 9C")
    assert state.hand == 2 and state.dealer == 0 and state.turn == 1
    assert ninety_nine.scores(state) == (5, 4, 5)
    assert (state.total, state.direction, state.pile, state.reshuffles) == (0, 1, (), 0)
    assert [len(h) for h in state.hands] == [3, 3, 3] and len(state.stock) == 52 - 9
    assert kinds(state) == [
        EventKind.PLAYS, EventKind.DRAWS, EventKind.SHOWS, EventKind.HAND_SCORED, EventKind.DEALS, EventKind.TO_PLAY,
    ]  # fmt: skip
    shows = state.events[2]
    assert (shows.player, cards_text(shows.cards), shows.label) == (1, "5D 6D 8D", "lays down")
    assert state.events[3].numbers == (0, -1, 0)
    assert str(state.events[4]) == "seat 0 deals hand 2"


def test_scenario_5_four_reverses_with_three_and_is_a_nine_with_two() -> None:
    """2.2 test 5: three players, clockwise, seat 0 plays a 4: seat 2 is next (then seat 1);
    two players: after a 4 the other seat plays, just as after a 9 (seed: "playing a four has
    no effect on the turn order when there are two players")."""
    three = play(game("4C 9D KH", "2C 3C 5C", "6C 7C 8C"), "play 4C")
    assert (three.turn, three.direction) == (2, -1)
    assert play(three, "play 6C").turn == 1
    two = game("4C 9D KH", "2C 3C 5C")
    assert play(two, "play 4C").turn == play(two, "play 9D").turn == 1
    assert play(two, "play 4C", "play 2C").turn == 0


def test_scenario_6_ten_below_ten_only_adds() -> None:
    """2.2 test 6 and the reading "no negative totals": at 5 a ten only adds 10 (15)."""
    state = holding(at_total(game("10S 2C 3C", "4C 5C 6C"), 5, pile="5H"), 0, "10S")
    assert moves(state) == ["play 10S as +10"]
    assert play(state, "play 10S as +10").total == 15
    with pytest.raises(IllegalMove, match="below zero"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("10S"), -10))


def test_option_allow_negative_lets_a_ten_go_below_zero() -> None:
    """Option `allow_negative` (the seed sets no floor): at 5 a ten may take 10 off (-5)."""
    opts = Options(allow_negative=True)
    state = holding(at_total(game("10S 2C 3C", "4C 5C 6C", options=opts), 5, pile="5H"), 0, "10S")
    assert moves(state) == ["play 10S as -10", "play 10S as +10"]
    after = play(state, "play 10S as -10")
    assert after.total == -5
    ninety_nine.check_invariants(after)
    with pytest.raises(ValueError, match="total -5"):
        ninety_nine.check_invariants(attrs.evolve(after, options=Options()))


def test_scenario_7_five_players_two_packs_three_pennies() -> None:
    """2.2 test 7 and the seed: more than four players use two packs and get 3 pennies each;
    up to four, one pack and 5 pennies."""
    five = ninety_nine.new_game(5, seed=3)
    assert ninety_nine.scores(five) == (3, 3, 3, 3, 3)
    assert len(five.stock) + sum(len(h) for h in five.hands) == 104
    four = ninety_nine.new_game(4, seed=3)
    assert ninety_nine.scores(four) == (5, 5, 5, 5)
    assert len(four.stock) + sum(len(h) for h in four.hands) == 52
    assert ninety_nine.pennies_for(4, Options()) == 5 and ninety_nine.pennies_for(5, Options()) == 3
    assert len(ninety_nine.pack_for(4)) == 52 and len(ninety_nine.pack_for(5)) == 104


# Cards and their effects ----------------------------------------------------------------------


def test_card_values_pips_courts_ace_ten_king() -> None:
    """Seed table: pips add their value, J and Q 10, A 1 or 11, 10 +/-10, 4 and 9 nothing, K 99."""
    total = ninety_nine.play_total
    assert [total(50, Card.parse(c)) for c in ("2C", "3C", "5C", "6C", "7C", "8C", "JC", "QC")] == [
        52, 53, 55, 56, 57, 58, 60, 60,
    ]  # fmt: skip
    assert total(50, Card.parse("4C")) == total(50, Card.parse("9C")) == 50
    assert total(50, Card.parse("AC"), 11) == 61 and total(50, Card.parse("AC"), 1) == 51
    assert total(50, Card.parse("10C"), -10) == 40 and total(50, Card.parse("10C"), 10) == 60
    assert total(3, Card.parse("KC")) == 99


def test_can_play_helper() -> None:
    """Laying down happens only when no card keeps the total at 99 or less; a ten always can."""
    assert not ninety_nine.can_play(95, parse_cards("5D 6D 8D"))
    assert ninety_nine.can_play(95, parse_cards("2D 6D 8D"))
    assert ninety_nine.can_play(95, parse_cards("5D 6D 4D"))
    assert ninety_nine.can_play(99, parse_cards("10C"))
    assert ninety_nine.can_play(98, parse_cards("AC"))
    assert not ninety_nine.can_play(99, parse_cards("AC QS"))
    assert not ninety_nine.can_play(50, ())


def test_legal_move_order_and_ace_ten_choices_at_the_start() -> None:
    """Moves follow the hand in display order, an ace as 1 then 11, a ten as -10 then +10."""
    state = at_total(game("AS 10H 7C", "2C 3C 4C"), 30)
    assert moves(state) == ["play 7C", "play 10H as -10", "play 10H as +10", "play AS as 1", "play AS as 11"]
    assert play(state, "play AS as 11").total == 41
    assert play(state, "play 10H as -10").total == 20


def test_the_player_draws_after_each_play() -> None:
    """Seed: "then draw the top card from the stack"; the drawn card is private to its seat."""
    state = game("7C 8C 9C", "2D 3D 4D", stock="KS")
    after = play(state, "play 7C")
    assert cards_text(after.hands[0]) == "8C 9C KS"
    draw = after.events[1]
    assert (draw.kind, draw.player, draw.private, cards_text(draw.cards)) == (EventKind.DRAWS, 0, True, "KS")
    seen_by_1 = ninety_nine.view(after, 1)
    assert seen_by_1.events[1].cards == (HIDDEN,)
    assert seen_by_1.hands[0] == (HIDDEN,) * 3 and set(seen_by_1.stock) == {HIDDEN}
    assert seen_by_1.pile == after.pile


def test_duplicate_cards_of_two_packs_give_one_move() -> None:
    """Two packs (five players): a seat holding two 7H has one 'play 7H'."""
    state = game("7H 7H 2C", "3C 4C 5C", "6C 8C 9C", "JC QC KC", "AD 2D 3D")
    assert moves(state) == ["play 2C", "play 7H"]
    held = play(state, "play 7H").hands[0]
    assert held.count(Card.parse("7H")) >= 1 and Card.parse("2C") in held and len(held) == 3


# Pennies, dropping out, dealing and the end ------------------------------------------------------


def test_dropping_out_with_no_pennies_and_the_deal_skips_the_out_seat() -> None:
    """Seed: "players who have no pennies left drop out"; "the deal passes to next player to the
    left of the previous dealer who is still in". Seat 1 pays its last penny and drops out;
    seat 0 deals hand 2 to seats 2 and 0 only, and seat 2 starts."""
    state = at_total(game("9C 3C 4C", "5D 6D 8D", "5S 6S 7S", options=Options(pennies=1)), 95)
    state = play(state, "play 9C")
    assert ninety_nine.scores(state) == (1, 0, 1) and state.ledger.out == (False, True, False)
    drop = next(e for e in state.events if e.kind is EventKind.DROPS_OUT)
    assert (drop.player, drop.label) == (1, "no pennies left")
    assert (state.hand, state.dealer, state.turn) == (2, 0, 2)
    assert [len(h) for h in state.hands] == [3, 0, 3]
    # Seat 1 is skipped in turn order: seat 2, then seat 0.
    assert play(state, str(ninety_nine.legal_moves(state)[0])).turn == 0


def test_dealer_rotation_skips_a_dealer_that_dropped_out() -> None:
    """The deal goes to the next seat still in left of the previous dealer, even when the
    previous dealer itself has just dropped out."""
    state = at_total(game("9C 3C 4C", "5D 6D 8D", "5S 6S 7S", options=Options(pennies=1)), 95)
    state = attrs.evolve(state, dealer=0)
    state = play(state, "play 9C")
    assert (state.dealer, state.turn) == (2, 0)


def test_last_player_standing_wins() -> None:
    """Seed: "Hands continue till only one player has any pennies left, and that player is the
    winner." Two players with one penny: seat 1 lays down and seat 0 wins."""
    state = at_total(game("9C 3C 4C", "5D 6D 8D", options=Options(pennies=1)), 95)
    state = play(state, "play 9C")
    assert ninety_nine.is_over(state) and state.phase is Phase.OVER
    assert ninety_nine.winners(state) == frozenset({0}) and ninety_nine.scores(state) == (1, 0)
    assert kinds(state)[-2:] == [EventKind.DROPS_OUT, EventKind.GAME_OVER] and state.events[-1].numbers == (0,)
    assert ninety_nine.legal_moves(state) == () and ninety_nine.to_act(state) == frozenset()
    with pytest.raises(GameOver):
        ninety_nine.apply(state, PlayCard(0, Card.parse("3C")))
    assert "seat 0 wins" in ninety_nine.render(state)


def test_whole_match_to_the_last_player_standing() -> None:
    """A default three-player match played to its end: one penny per hand, 5 each to start, so
    the winner keeps k pennies after 15 - k hands; nobody else has any."""
    state = ninety_nine.new_game(3, seed=21)
    plies = 0
    while not ninety_nine.is_over(state):
        state = ninety_nine.apply(state, ninety_nine.legal_moves(state)[0])
        ninety_nine.check_invariants(state)
        plies += 1
    (winner,) = ninety_nine.winners(state)
    pennies = ninety_nine.scores(state)
    assert [p for s, p in enumerate(pennies) if s != winner] == [0, 0]
    assert state.hand == 15 - pennies[winner]
    assert (winner, pennies, state.hand, plies) == (2, (0, 0, 3), 12, 166)


def test_first_dealer_from_the_seed_unless_given() -> None:
    """Library convention: the first dealer is drawn from the seed; `dealer=` fixes it; the seat
    left of the dealer plays first."""
    dealers = {ninety_nine.new_game(4, seed=s).dealer for s in range(12)}
    assert len(dealers) > 1
    state = ninety_nine.new_game(4, seed=5, dealer=2)
    assert (state.dealer, state.turn) == (2, 3)
    with pytest.raises(ValueError, match="dealer"):
        ninety_nine.new_game(4, seed=5, dealer=4)


def test_deal_one_card_at_a_time_from_the_dealers_left() -> None:
    """Three cards each, one at a time clockwise from the dealer's left; the rest is the stock."""
    deck = [str(c) for c in standard_pack()]
    state = ninety_nine.new_game(3, seed=1, deck=deck, dealer=1)
    assert [cards_text(h) for h in state.hands] == ["2C 5C 8C", "3C 6C 9C", "4C 7C AC"]
    assert cards_text(state.stock[:2]) == "10C JC"


# Stock running out ------------------------------------------------------------------------------


def empty_stock(state: State) -> State:
    """The same hands with every other card already played (top of the pile: QH)."""
    rest = [c for c in state.stock if c != Card.parse("QH")]
    return attrs.evolve(state, stock=(), pile=(*rest, Card.parse("QH")), total=20)


def test_empty_stock_is_rebuilt_from_the_pile_but_its_top_card() -> None:
    """Reading (2.2): when the stock runs out the pile except its top card is shuffled into a new
    stock and the total carries on."""
    state = empty_stock(game("7C 8C 9C", "2D 3D 4D"))
    ninety_nine.check_invariants(state)
    after = play(state, "play 7C")
    assert cards_text(after.pile) == "7C" and after.total == 27 and after.reshuffles == 1
    assert len(after.stock) == 52 - 6 - 1 and len(after.hands[0]) == 3
    assert kinds(after)[:3] == [EventKind.PLAYS, EventKind.RESHUFFLES, EventKind.DRAWS]
    ninety_nine.check_invariants(after)


def test_reshuffle_limit_then_hands_run_down_and_an_empty_hand_lays_down() -> None:
    """Termination valve `reshuffles` (not in the seed): with 0, nobody draws once the stock is
    empty; a seat with no card left cannot play and lays down."""
    state = empty_stock(game("7C 8C 9C", "2D 3D 4D", options=Options(reshuffles=0)))
    after = play(state, "play 7C")
    assert cards_text(after.hands[0]) == "8C 9C" and after.stock == () and after.reshuffles == 0
    assert kinds(after) == [EventKind.PLAYS]
    bare = attrs.evolve(state, hands=(parse_cards("7C 8C 9C"), ()), pile=(*state.pile, *parse_cards("2D 3D 4D")))
    laid = play(bare, "play 7C")
    assert laid.hand == 2 and ninety_nine.scores(laid) == (5, 4)


# Notation, refusals, options ----------------------------------------------------------------------


def test_notation_and_lenient_reading() -> None:
    """Moves read "play AS as 11", "play 10H as -10"; also "play AS 11", "play th +10", and
    "play AS" only when one way is legal."""
    state = at_total(game("AS 10H 7C", "2C 3C 4C"), 30)
    assert str(ninety_nine.parse_move(state, "play AS 11")) == "play AS as 11"
    assert str(ninety_nine.parse_move(state, "play th -10")) == "play 10H as -10"
    assert str(ninety_nine.parse_move(state, "0: play 7c")) == "play 7C"
    with pytest.raises(NotationError, match="say which way, 'play AS as 1' or 'play AS as 11'"):
        ninety_nine.parse_move(state, "play AS")
    high = attrs.evolve(state, total=92)
    assert str(ninety_nine.parse_move(high, "play AS")) == "play AS as 1"
    with pytest.raises(NotationError, match="not a legal move"):
        ninety_nine.parse_move(high, "play 10H as +10")
    for move in ninety_nine.legal_moves(state):
        assert ninety_nine.parse_move(state, str(move)) is move


def test_refusals_name_the_rule() -> None:
    """Out of turn, a card not held, an ace or ten without its choice, a choice on a plain card."""
    state = at_total(game("AS 10H 7C", "2C 3C 4C"), 30)
    with pytest.raises(IllegalMove, match="seat 0's turn, not seat 1's"):
        ninety_nine.apply(state, PlayCard(1, Card.parse("2C")))
    with pytest.raises(IllegalMove, match="does not hold KD"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("KD")))
    with pytest.raises(IllegalMove, match="an ace counts 1 or 11"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("AS")))
    with pytest.raises(IllegalMove, match="a ten takes 10 off or adds 10"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("10H"), 5))
    with pytest.raises(IllegalMove, match="only an ace"):
        ninety_nine.apply(state, PlayCard(0, Card.parse("7C"), 1))


def test_pennies_option_and_house_party_preset() -> None:
    """Option `pennies` overrides the seed's 5/3; the house_party preset is the default rules."""
    assert ninety_nine.scores(ninety_nine.new_game(4, seed=1, options=Options(pennies=2))) == (2, 2, 2, 2)
    assert ninety_nine.scores(ninety_nine.new_game(6, seed=1, options=Options(pennies=7))) == (7,) * 6
    assert Options.house_party() == Options()
    assert parlour.game("ninety_nine").presets == (("house_party", Options()),)
    with pytest.raises(ValueError, match="pennies"):
        Options(pennies=-1)


def test_invariants_refuse_impossible_states() -> None:
    """check_invariants guards decoded states: totals past 99, pennies that do not add up,
    cards held by a seat that is out, an unsorted hand, a wrong direction."""
    state = at_total(game("AS 10H 7C", "2C 3C 4C", "5C 6C 8C"), 30)
    ninety_nine.check_invariants(state)
    with pytest.raises(ValueError, match="total 100"):
        ninety_nine.check_invariants(attrs.evolve(state, total=100))
    with pytest.raises(ValueError, match="pennies paid"):
        ninety_nine.check_invariants(attrs.evolve(state, ledger=state.ledger.lose({1: 1})))
    with pytest.raises(ValueError, match="display order"):
        ninety_nine.check_invariants(attrs.evolve(state, hands=(parse_cards("7C AS 10H"), *state.hands[1:])))
    with pytest.raises(ValueError, match="direction"):
        ninety_nine.check_invariants(attrs.evolve(state, direction=0))
    gone = attrs.evolve(state, ledger=state.ledger.lose({1: 5}), hand=6)
    with pytest.raises(ValueError, match="dropped out holds no cards"):
        ninety_nine.check_invariants(gone)


def test_render_shows_total_direction_and_own_hand() -> None:
    """The text picture: total, direction, pennies, the viewer's hand and who plays."""
    state = play(game("4C 9D KH", "2C 3C 5C", "6C 7C 8C", stock="QS"), "play 4C")
    text = ninety_nine.render(ninety_nine.view(state, 0))
    assert "total 0, play runs anticlockwise" in text
    assert "seat 2  5 pennies  3 cards, to play" in text
    assert "9D | KH | QS" in text and "2C" not in text


def test_player_counts_and_views_list_only_the_viewers_moves() -> None:
    """2-8 players (one pack up to four, two above); a view lists its own seat's moves only,
    the same as the real state's, and a spectator's view none."""
    with pytest.raises(ValueError, match="2, 3, 4, 5, 6, 7, 8 players, not 9"):
        ninety_nine.new_game(9)
    with pytest.raises(ValueError, match="not 1"):
        ninety_nine.new_game(1)
    state = game("AS 10H 7C", "2C 3C 4C")
    assert ninety_nine.legal_moves(ninety_nine.view(state, 0)) == ninety_nine.legal_moves(state, 0)
    assert ninety_nine.legal_moves(ninety_nine.view(state, 1)) == ()
    assert ninety_nine.legal_moves(ninety_nine.view(state, None)) == ()
    assert ninety_nine.to_act(state) == frozenset({0})
