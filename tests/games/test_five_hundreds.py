"""Scenario tests for Five Hundreds (the Metzker Book of Card Game Rules, "Five Hundreds";
rules/rummy.md section 3.4, its scenario tests and the conventions C5/C6 of section 0)."""

from __future__ import annotations

import random

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import Card, cards_text, parse_cards, sorted_cards
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.melds import TableMeld, dig_depths, make_meld, table_meld, take_from_pile
from parlour.games import five_hundreds as f


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def meld(text: str, owner: int, credit: tuple[int, ...] | None = None) -> TableMeld:
    tm = table_meld(make_meld(cards(text), f.MELD_RULES), owner)
    return tm if credit is None else attrs.evolve(tm, credit=credit)


def position(
    hands: tuple[str, ...],
    *,
    pile: str = "",
    table: tuple[TableMeld, ...] = (),
    melded: tuple[bool, ...] | None = None,
    phase: f.Phase = f.Phase.PLAY,
    player: int = 0,
    turn: int | None = None,
    taken: str = "",
    owed: bool = False,
    stock: str | None = None,
    scores: tuple[int, ...] | None = None,
    options: f.Options | None = None,
) -> f.State:
    """A mid-hand position; the stock is every card not placed (or exactly `stock`)."""
    n = len(hands)
    base = f.new_game(n, seed=5, dealer=n - 1, options=options)
    placed = [c for h in hands for c in cards(h)] + list(cards(pile)) + list(cards(taken))
    placed += [c for tm in table for c in tm.meld.cards]
    rest = tuple(c for c in f.PACK if c not in placed)
    top = rest if stock is None else cards(stock)
    extra = tuple(c for c in rest if c not in top)
    if melded is None:
        melded = tuple(any(tm.owner == s for tm in table) for s in range(n))
    state = attrs.evolve(
        base,
        phase=phase,
        player=player,
        turn=player if turn is None else turn,
        hands=tuple(sorted_cards(cards(h)) for h in hands),
        stock=top,
        discards=extra + cards(pile),
        taken=cards(taken),
        owed=owed,
        table=table,
        melded=melded,
        scores=(0,) * n if scores is None else scores,
    )
    f.check_invariants(state)
    return state


def moves(state: f.State, player: int | None = None) -> list[str]:
    return [str(m) for m in f.legal_moves(state, player)]


def play(state: f.State, *texts: str) -> f.State:
    for text in texts:
        state = f.apply(state, f.parse_move(state, text))
    return state


# ---------------------------------------------------------------------------------------------
# Deal and players


def test_seven_cards_each_one_at_a_time_from_the_dealers_left_then_an_upcard() -> None:
    """Book: "7 cards are dealt to each player and one card is turned face up"; the player to
    the dealer's left leads. Dealt one at a time clockwise from the dealer's left (rules C2)."""
    deck = f.PACK
    state = f.new_game(3, deck=deck, dealer=2)
    assert [cards_text(h) for h in state.hands] == [
        cards_text(sorted_cards(deck[0:21:3])),
        cards_text(sorted_cards(deck[1:21:3])),
        cards_text(sorted_cards(deck[2:21:3])),
    ]
    assert state.discards == (deck[21],) and state.stock == deck[22:]
    assert state.player == 0 and state.phase is f.Phase.DRAW
    assert moves(state) == ["draw stock", "take 1"]


def test_two_to_four_players() -> None:
    """Book: "2 to 4 people can play"."""
    assert [len(f.new_game(n, seed=1).hands) for n in (2, 3, 4)] == [2, 3, 4]
    with pytest.raises(ValueError, match="2, 3, 4"):
        f.new_game(5)


# ---------------------------------------------------------------------------------------------
# Digging


def test_dig_takes_the_target_and_every_card_above_it() -> None:
    """Rules 3.4 scenario 1: pile 4C 9H KS 2D; digging to 9H takes 9H KS 2D, and 9H must be
    melded with a card held before the draw (here 9C 9D)."""
    state = position(("9C 9D 3H 5C 6D 7S JC", "AC 2C 3C 4D 5D 6H 8S"), pile="4C 9H KS 2D", phase=f.Phase.DRAW)
    assert moves(state) == ["draw stock", "take 1", "take 3"]
    dug = play(state, "take 3")
    assert cards_text(dug.taken) == "9H KS 2D" and dug.owed and cards_text(dug.discards[-1:]) == "4C"
    assert moves(dug) == ["meld 9C 9D 9H"]
    with pytest.raises(IllegalMove, match="9H was dug and must be melded first"):
        f.apply(dug, f.Discard(0, Card.parse("3H")))
    after = play(dug, "meld 9C 9D 9H")
    assert not after.owed and after.taken == ()
    assert cards_text(after.hands[0]) == "5C JC 2D 6D 3H 7S KS"  # KS and 2D joined the hand
    assert "discard KS" in moves(after)  # cards dug along with the target may be discarded


def test_dig_not_offered_without_a_meld_for_the_target() -> None:
    """Rules 3.4 scenario 1: holding one 9 and nothing else that fits, the dig is not offered."""
    state = position(("9C 3H 5C 6D 7S JC QD", "AC 2C 3C 4D 5D 6H 8S"), pile="4C 9H KS 2D", phase=f.Phase.DRAW)
    assert moves(state) == ["draw stock", "take 1"]
    with pytest.raises(IllegalMove, match="must be melded at once with at least one card from the hand"):
        f.apply(state, f.Take(0, 3))


def test_dig_may_use_the_cards_taken_with_the_target_but_needs_one_from_the_hand() -> None:
    """Book: "You MUST be able to play the card that you have dug to get using at least one card
    from your hand": 8H from the hand with 9H and 10H from the pile is a meld; three 9s that all
    come from the pile are not."""
    with_hand = position(("8H 3D 5S 6D 7S JC QD", "AC 2C 3S 4D 5D 6H 8S"), pile="4C 9H 10H 2D", phase=f.Phase.DRAW)
    assert moves(with_hand) == ["draw stock", "take 1", "take 3"]
    assert moves(play(with_hand, "take 3")) == ["meld 8H 9H 10H"]
    pile_only = position(("3C 5C 6D 7S JC QD KD", "AC 2C 3S 4D 5D 6H 8S"), pile="9H 9D 9C", phase=f.Phase.DRAW)
    assert moves(pile_only) == ["draw stock", "take 1"]


def test_dig_depths_agree_with_the_core_helper() -> None:
    """The dig offer matches `core.melds.dig_depths` with the Five Hundreds `DigRules` (from the
    hand 1, no lay-off), and `take_from_pile` splits the pile as the move does."""
    rng = random.Random(7)
    for _ in range(40):
        deck = list(f.PACK)
        rng.shuffle(deck)
        hand, pile = sorted_cards(deck[:7]), tuple(deck[14:34])
        state = position((cards_text(hand), cards_text(deck[7:14])), pile=cards_text(pile), phase=f.Phase.DRAW)
        offered = tuple(m.depth for m in f.legal_moves(state) if isinstance(m, f.Take))
        assert offered == dig_depths(pile, hand, f.MELD_RULES, f.DIG_RULES)
    rest, taken = take_from_pile(cards("4C 9H KS 2D"), 3)
    assert (cards_text(rest), cards_text(taken)) == ("4C", "9H KS 2D")


def test_top_card_is_a_free_draw_but_may_not_be_discarded_at_once() -> None:
    """Rules 3.4 ambiguity 1 and C5: the top discard is an ordinary draw with no duty to meld
    it, but it may not go back on the pile in the same turn."""
    state = position(("3C 5C 6D 7S JC QD KD", "AC 2C 3S 4D 5D 6H 8S"), pile="4C 9H", phase=f.Phase.DRAW)
    took = play(state, "take 1")
    assert cards_text(took.taken) == "9H" and not took.owed
    assert "discard 9H" not in moves(took) and len(moves(took)) == 7
    with pytest.raises(IllegalMove, match="9H was just taken from the discard pile"):
        f.apply(took, f.Discard(0, Card.parse("9H")))
    ended = play(took, "discard 3C")
    assert Card.parse("9H") in ended.hands[0] and ended.player == 1


def test_top_card_not_free_option_makes_it_a_dig() -> None:
    """`Options.top_card_free` off: the top card too must be melded at once with a hand card."""
    options = f.Options(top_card_free=False)
    hands = ("3D 5S 6D 7S JC QD KD", "AC 2C 3S 4D 5D 6H 8S")
    state = position(hands, pile="4C 9H", phase=f.Phase.DRAW, options=options)
    assert moves(state) == ["draw stock"]
    fits = position(("3D 5S 9C 9D JC QD KD", "AC 2C 3S 4D 5D 6H 8S"), pile="4C 9H", phase=f.Phase.DRAW, options=options)
    assert moves(fits) == ["draw stock", "take 1"]
    assert moves(play(fits, "take 1")) == ["meld 9C 9D 9H"]


# ---------------------------------------------------------------------------------------------
# Melding and laying off


def test_melds_sets_and_runs_with_the_ace_high_or_low() -> None:
    """Book: sets and runs of at least three; "a run can be A-2-3 or Q-K-A" (never K-A-2)."""
    state = position(("AH 2H 3H QH KH 7C 7D 7S", "AC 2C 3S 4D 5D 6H 8S"))
    melds = [m for m in moves(state) if m.startswith("meld")]
    assert melds == ["meld 7C 7D 7S", "meld AH 2H 3H", "meld QH KH AH"]


def test_lay_off_needs_a_meld_of_ones_own_even_made_this_turn() -> None:
    """Book: "Once you meld ... you can add onto other players cards (you can add on in the
    same round you meld)"."""
    table = (meld("5S 6S 7S", 1),)
    state = position(("8S 4C 4D 4H JC QD KD", "AC 2C 3S 4S 5D 6H 8H"), table=table)
    assert not any(m.startswith("lay off") for m in moves(state))
    with pytest.raises(IllegalMove, match="lay off only after making a meld of your own"):
        f.apply(state, f.LayOff(0, Card.parse("8S"), 0))
    after = play(state, "meld 4C 4D 4H")
    assert [m for m in moves(after) if m.startswith("lay off")] == ["lay off 8S on 0"]
    laid = play(after, "lay off 8S on 0")
    assert str(laid.table[0]) == "5S 6S 7S 8S" and laid.table[0].credit == (1, 1, 1, 0)
    assert f.table_points(laid.table, 2) == (20, 15)


def test_a_meld_or_lay_off_must_leave_a_way_to_end_the_turn() -> None:
    """Rules C6: a play may not leave no card to discard; a meld of all three remaining cards is
    not offered."""
    state = position(("4C 4D 4H", "AC 2C 3S 4S 5D 6H 8H"))
    assert moves(state) == ["discard 4C", "discard 4D", "discard 4H"]
    with pytest.raises(IllegalMove, match="the turn could not end"):
        f.apply(state, f.MakeMeld(0, cards("4C 4D 4H")))


def test_no_meld_that_leaves_a_single_playable_card() -> None:
    """Rules C6 with the book's final-discard rule: melding 2D 3D 4D would leave only 8S, which
    fits 5S 6S 7S, so the turn could not end; with a fifth card the meld is offered."""
    table = (meld("5S 6S 7S", 1), meld("JC JD JH", 0))
    four = position(("8S 2D 3D 4D", "AC 2C 3S 9S"), table=table)
    assert not any(m.startswith("meld") for m in moves(four))
    five = position(("8S 2D 3D 4D 9C", "AC 2C 3S 9S"), table=table)
    assert "meld 2D 3D 4D" in moves(five)


def test_going_out_needs_an_unplayable_final_discard() -> None:
    """Rules 3.4 scenario 3: table 6S 7S 8S and KC KD KH. Holding 9S 5D the player lays off 9S
    and goes out on 5D; holding 9S KS, no lay-off is offered (each would leave a playable last
    card), only the two discards."""
    table = (meld("6S 7S 8S", 0), meld("KC KD KH", 1))
    good = position(("9S 5D", "AC 2C 3S 4S 5C 6H 8H"), table=table)
    assert moves(good) == ["lay off 9S on 0", "discard 5D", "discard 9S"]
    out = play(good, "lay off 9S on 0", "discard 5D")
    assert any(e.kind is EventKind.GOES_OUT and e.player == 0 for e in out.events)
    assert out.hand == 2
    stuck = position(("9S KS", "AC 2C 3S 4S 5C 6H 8H"), table=table)
    assert moves(stuck) == ["discard 9S", "discard KS"]


def test_a_playable_card_may_be_discarded_before_the_last() -> None:
    """Book: "If you have only playable cards in your hand but no discard you need to keep
    discarding playable cards": discarding one (not the last) is legal and opens the window."""
    table = (meld("6S 7S 8S", 0), meld("KC KD KH", 1))
    state = position(("9S KS", "AC 2C 3S 4S 5C 6H 8H"), table=table)
    after = play(state, "discard 9S")
    assert after.phase is f.Phase.CLAIM and f.to_act(after) == frozenset({1})  # seat 1 has melded: the window opens


# ---------------------------------------------------------------------------------------------
# Rummy calls


def test_rummy_call_takes_a_playable_discard_without_a_turn() -> None:
    """Rules 3.4 scenario 2: A (seat 0) discards 8S with 5S 6S 7S on the table; B (seat 1, melded)
    calls and lays it off, credited 5; then the seat on A's left plays as normal. C (seat 2, not
    melded) cannot call."""
    table = (meld("5S 6S 7S", 1), meld("4C 4D 4H", 0))
    state = position(("8S 2D 3D", "AC 2C 3S 9S", "QC QD JH"), table=table, melded=(True, True, False))
    window = play(state, "discard 8S")
    assert window.phase is f.Phase.CLAIM and f.to_act(window) == frozenset({1})
    assert moves(window) == ["rummy 8S on 0", "pass"]
    assert f.legal_moves(window, 2) == ()
    skipped = play(window, "pass")  # seat 2 has not melded: it is never asked
    assert skipped.phase is f.Phase.DRAW and skipped.player == 1 and cards_text(skipped.discards[-1:]) == "8S"
    called = play(window, "rummy 8S on 0")
    assert str(called.table[0]) == "5S 6S 7S 8S" and called.table[0].credit == (1, 1, 1, 1)
    assert f.table_points(called.table, 3) == (15, 20, 0)
    assert called.phase is f.Phase.DRAW and called.player == 1 and called.hands[1] == state.hands[1]
    assert cards_text(called.discards[-1:]) != "8S"


def test_rummy_window_is_open_to_every_melded_seat_at_once_and_all_passing_closes_it() -> None:
    """The reading: every other seat that has melded may call at once; when all pass the card
    stays and the discarder's left plays; a seat answers once."""
    table = (meld("5S 6S 7S", 1), meld("4C 4D 4H", 0), meld("QC QD QH", 2))
    state = position(("8S 2D 3D", "AC 2C 3S 9S", "JD JH 10C"), table=table)
    window = play(state, "discard 8S")
    assert f.to_act(window) == frozenset({1, 2})
    assert [str(m) for m in f.legal_moves(window)] == ["rummy 8S on 0", "pass", "rummy 8S on 0", "pass"]
    assert [m.player for m in f.legal_moves(window)] == [1, 1, 2, 2]
    second = f.apply(window, f.Pass(2))
    assert second.phase is f.Phase.CLAIM and f.to_act(second) == frozenset({1})
    with pytest.raises(IllegalMove, match="seat 2 has already answered"):
        f.apply(second, f.Pass(2))
    closed = f.apply(second, f.Pass(1))
    assert closed.phase is f.Phase.DRAW and closed.player == 1 and cards_text(closed.discards[-1:]) == "8S"


def test_two_callers_the_seat_nearer_the_discarders_left_wins() -> None:
    """Rules 3.4 (the digest: "in seat order"): seat 2 calls first, but seat 1 sits nearer the
    discarder's left, so seat 2's call waits for seat 1; if seat 1 calls too, seat 1 takes the
    card; if seat 1 passes, seat 2's call stands."""
    table = (meld("5S 6S 7S", 1), meld("4C 4D 4H", 0), meld("QC QD QH", 2))
    state = position(("8S 2D 3D", "AC 2C 3S 9S", "JD JH 10C"), table=table)
    window = play(state, "discard 8S")
    pending = f.apply(window, f.Rummy(2, Card.parse("8S"), 0))
    assert pending.phase is f.Phase.CLAIM and f.to_act(pending) == frozenset({1})
    assert [e.kind for e in pending.events] == [EventKind.CALLS]
    beaten = f.apply(pending, f.Rummy(1, Card.parse("8S"), 0))
    assert beaten.table[0].credit == (1, 1, 1, 1) and beaten.phase is f.Phase.DRAW and beaten.player == 1
    stands = f.apply(pending, f.Pass(1))
    assert stands.table[0].credit == (1, 1, 1, 2) and f.table_points(stands.table, 3)[2] == 5 + 30
    assert stands.phase is f.Phase.DRAW and stands.player == 1


def test_no_rummy_window_when_the_option_is_off_or_the_card_fits_nothing() -> None:
    """`Options.rummy_call` off removes the window; a discard that fits no meld never opens it."""
    table = (meld("5S 6S 7S", 1), meld("4C 4D 4H", 0))
    off = position(("8S 2D 3D", "AC 2C 3S 9S"), table=table, options=f.Options(rummy_call=False))
    assert play(off, "discard 8S").phase is f.Phase.DRAW
    on = position(("8S 2D 3D", "AC 2C 3S 9S"), table=table)
    assert play(on, "discard 2D").phase is f.Phase.DRAW
    assert play(on, "discard 8S").phase is f.Phase.CLAIM


# ---------------------------------------------------------------------------------------------
# Scoring and the end


def test_scoring_counts_table_cards_less_the_hand() -> None:
    """Rules 3.4 scenario 4: table QH KH AH (45) and AS 2S 3S (35), hand AD 9C (30): +50. Ace 25
    high or low, K-10 ten, 9-2 five."""
    table = (meld("QH KH AH", 0), meld("AS 2S 3S", 0))
    assert f.table_points(table, 2) == (80, 0)
    assert f.hand_points(cards("AD 9C")) == 30
    state = position(("AD 9C", "2C 3C"), table=table, phase=f.Phase.DRAW, player=1, stock="")
    ended = play(state, "pass")
    assert ended.scores == (50, -10) and ended.hand == 2
    scored = [e for e in ended.events if e.kind is EventKind.HAND_SCORED]
    assert scored[0].numbers == (50, -10)


def test_empty_stock_lets_the_player_take_from_the_pile_or_pass() -> None:
    """Rules 3.4 (stock end, END_WHEN_DISCARD_REFUSED): with the stock empty the player may
    still take from the pile; "pass" ends the hand."""
    state = position(("3C 5C", "2D 3D"), pile="9H", phase=f.Phase.DRAW, stock="")
    offered = moves(state)
    assert offered[0] == "take 1" and offered[-1] == "pass" and "draw stock" not in offered
    with pytest.raises(IllegalMove, match="the stock is empty"):
        f.apply(state, f.DrawStock(0))
    assert play(state, "pass").hand == 2


def test_the_turn_cap_ends_a_hand() -> None:
    """Rules C8: a hand ends after `Options.max_turns` turns and is scored as usual."""
    state = position(("3C 5C", "2D 3D"), options=f.Options(max_turns=1))
    ended = play(state, "discard 3C")
    assert ended.hand == 2 and ended.scores == (-5, -10)
    assert any(e.kind is EventKind.NOTE and "turns played" in e.label for e in ended.events)


def test_highest_total_wins_when_several_pass_the_target() -> None:
    """Book: "if multiple people go over 500 in the same round, higher score wins"; rules 3.4
    scenario 5 (both past 500 in one hand: the higher wins); an exact tie plays another hand."""
    table = (meld("QH KH AH", 0), meld("10C 10D 10S", 1))
    state = position(("2D", "3D 4C"), table=table, phase=f.Phase.DRAW, stock="", scores=(495, 485))
    over = play(state, "pass")
    assert over.scores == (535, 505)
    assert f.is_over(over) and f.winners(over) == frozenset({0})
    tie = position(("2D", "3D 4C"), table=table, phase=f.Phase.DRAW, stock="", scores=(475, 495))
    again = play(tie, "pass")
    assert again.scores == (515, 515) and not f.is_over(again) and again.hand == 2


def test_whole_match_ends_with_the_leader_past_the_target() -> None:
    """A whole random match ends with one winner, whose total is the highest and at least 500."""
    state = f.new_game(3, seed=11)
    rng = random.Random(3)
    while not f.is_over(state):
        legal = f.legal_moves(state)
        state = f.apply(state, legal[rng.randrange(len(legal))])
    (winner,) = f.winners(state)
    assert state.scores[winner] == max(state.scores) >= 500
    assert list(state.scores).count(state.scores[winner]) == 1
    assert f.legal_moves(state) == ()


# ---------------------------------------------------------------------------------------------
# Notation, views, refusals


def test_notation_round_trips_and_json() -> None:
    """Every legal move reads back from its text; states round-trip through JSON."""
    table = (meld("5S 6S 7S", 1), meld("JC JD JH", 0))
    state = position(("8S 2D 3D 4D 9C", "AC 2C 3S 9S"), table=table)
    for move in f.legal_moves(state):
        assert f.parse_move(state, str(move)) == move
    assert moves(state)[:2] == ["meld 2D 3D 4D", "lay off 8S on 0"]
    assert from_json(to_json(state)) == state


def test_view_hides_other_hands_and_the_stock_but_shows_the_pile_and_table() -> None:
    """Zones: hands by owner, stock by nobody, the fanned pile, taken cards and melds by all."""
    table = (meld("5S 6S 7S", 1),)
    state = play(position(("8S 2D 3D 4D", "AC 2C 3S 9S"), pile="KH QH", table=table, phase=f.Phase.DRAW), "take 1")
    seen = f.view(state, 1)
    assert all(c.is_hidden for c in seen.hands[0]) and all(c.is_hidden for c in seen.stock)
    assert seen.hands[1] == state.hands[1] and seen.discards == state.discards
    assert seen.taken == state.taken and seen.table == state.table
    assert f.legal_moves(seen) == ()


def test_refusals_name_the_rule() -> None:
    """Illegal moves are refused with the reason: another seat's turn, drawing twice, a card
    not held."""
    state = position(("8S 2D 3D 4D", "AC 2C 3S 9S"), phase=f.Phase.DRAW)
    with pytest.raises(IllegalMove, match="it is seat 0's turn"):
        f.apply(state, f.DrawStock(1))
    drawn = play(state, "draw stock")
    with pytest.raises(IllegalMove, match="draw once"):
        f.apply(drawn, f.DrawStock(0))
    with pytest.raises(IllegalMove, match="not in the hand"):
        f.apply(drawn, f.Discard(0, Card.parse("AS")))


def test_hostile_states_are_refused() -> None:
    """check_invariants refuses a table meld that is not a meld and a call by an unmelded seat."""
    state = position(("8S 2D 3D 4D", "AC 2C 3S 9S"), table=(meld("5S 6S 7S", 1),))
    bad = attrs.evolve(state, table=(attrs.evolve(state.table[0], credit=(1, 1)),))
    with pytest.raises(ValueError, match="not a valid meld"):
        f.check_invariants(bad)
    with pytest.raises(ValueError, match="has not melded"):
        f.check_invariants(attrs.evolve(state, melded=(False, False)))


def test_metzker_preset_is_the_default() -> None:
    """The book's game is the default options."""
    assert f.Options.metzker() == f.Options() and f.GAME.presets == (("metzker", f.Options()),)
    assert f.Options().target == 500
    with pytest.raises(ValueError, match="target"):
        f.Options(target=0)


def test_meld_listing_matches_the_core_validator() -> None:
    """The meld moves offered are exactly the sets and runs (core `meld_readings` under
    `MELD_RULES`) that the cards held can form (big hands, so the end-of-turn rule never
    binds)."""
    from itertools import combinations

    from parlour.core.melds import meld_readings

    rng = random.Random(5)
    for _ in range(12):
        deck = list(f.PACK)
        rng.shuffle(deck)
        hand = sorted_cards(deck[:11])
        state = position((cards_text(hand), cards_text(deck[11:18])))
        offered = {frozenset(m.cards) for m in f.legal_moves(state) if isinstance(m, f.MakeMeld)}
        expected = {
            frozenset(combo)
            for size in range(3, 10)
            for combo in combinations(hand, size)
            if meld_readings(combo, f.MELD_RULES)
        }
        assert offered == expected


def test_lay_off_credit_matches_the_core_helper() -> None:
    """A lay-off credits the card to the seat that laid it, exactly as
    `core.melds.lay_off_credited` grows the meld: at either end of a run (the ace below a run
    from 2 to K), or inside a set in suit order."""
    from parlour.core.melds import lay_off_credited

    cases = [("5S 6S 7S", "8S"), ("5S 6S 7S", "4S"), ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "AH"),
             ("QD KD AD", "JD"), ("7C 7D 7S", "7H"), ("9C 9H 9S", "9D")]  # fmt: skip
    for text, card in cases:
        target = meld(text, 1, tuple(i % 2 for i in range(len(cards(text)))))
        state = position((f"{card} 2C 3D", "4D 8D"), table=(target, meld("JS QS KS", 0)))
        laid = f.apply(state, f.LayOff(0, Card.parse(card), 0))
        assert laid.table[0] == lay_off_credited(target, Card.parse(card), 0, f.MELD_RULES)[0]
        assert laid.table[0].credit.count(0) == target.credit.count(0) + 1


def test_carried_masks_equal_the_ones_computed_afresh() -> None:
    """`apply` hands on each state's `wants`, `fits`, hand `masks` and `pile_bits` (updated for
    the cards that moved) and fills its legal moves; all equal what a state built from its
    fields alone computes, for 2 to 4 players."""
    checked = 0
    for seed in range(6):
        state = f.new_game(2 + seed % 3, seed=200 + seed, options=f.QUICK)
        chooser = random.Random(seed)
        while not f.is_over(state):
            fresh = attrs.evolve(state)  # the same fields, nothing carried
            assert (state.wants, state.fits, state.masks, state.pile_bits) == (
                fresh.wants,
                fresh.fits,
                fresh.masks,
                fresh.pile_bits,
            )
            assert state.legal == fresh.legal
            checked += 1
            legal = f.legal_moves(state)
            state = f.apply(state, legal[chooser.randrange(len(legal))])
    assert checked > 500


def test_hand_places_read_from_the_masks_agree_with_a_sort() -> None:
    """`_insert` finds a card's place in a hand from the hand's mask (`_BEFORE`), as
    `_apply_discard` finds the discarded card's: the same as sorting afresh, on random hands."""
    from parlour.games.five_hundreds.masks import _mask
    from parlour.games.five_hundreds.rules import _BEFORE, _insert

    chooser = random.Random(5)
    for _ in range(2000):
        cards = list(f.PACK)
        chooser.shuffle(cards)
        hand = sorted_cards(cards[: chooser.randrange(0, 20)])
        assert _insert(hand, _mask(hand), cards[20]) == sorted_cards((*hand, cards[20]))
        for at, card in enumerate(hand):
            assert (_mask(hand) & _BEFORE[card.index]).bit_count() == at


def test_carried_facts_tuple_equals_the_one_computed_afresh() -> None:
    """`State.facts` (the one slot `apply` fills for `wants`, `fits`, `masks` and `pile_bits`)
    equals what a state built from its fields alone computes, in every phase including the
    Rummy window, over many random states of 2 to 4 players."""
    checked = windows = 0
    for seed in range(30):
        state = f.new_game(2 + seed % 3, seed=900 + seed, options=f.QUICK)
        chooser = random.Random(seed)
        while not f.is_over(state):
            assert state.facts == attrs.evolve(state).facts
            checked += 1
            windows += state.window is not None
            legal = f.legal_moves(state)
            state = f.apply(state, legal[chooser.randrange(len(legal))])
    assert checked > 2000 and windows > 10
