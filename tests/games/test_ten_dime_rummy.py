"""Scenario tests for 10 Dime Rummy (the Metzker Book of Card Game Rules, "10 Dime Rummy";
rules/rummy.md section 3.8, its scenario tests, the digest in section 4 and the conventions
C5-C8 of section 0)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import Card, Rank, cards_text, parse_cards, sorted_cards
from parlour.core.contracts import contract_problem, find_contract
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.melds import Meld, MeldKind, TableMeld, make_meld, table_meld
from parlour.games import ten_dime_rummy as t


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def meld(text: str, owner: int, credit: tuple[int, ...] | None = None) -> TableMeld:
    tm = table_meld(make_meld(cards(text), t.MELD_RULES), owner)
    return tm if credit is None else attrs.evolve(tm, credit=credit)


def position(
    hands: tuple[str, ...],
    *,
    pile: str = "9D",
    table: tuple[TableMeld, ...] = (),
    made: tuple[bool, ...] | None = None,
    phase: t.Phase = t.Phase.PLAY,
    player: int = 0,
    turn: int | None = None,
    taken: str = "",
    stock: str | None = None,
    turns: int = 10,
    round_: int = 1,
    dimes: tuple[int, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    options: t.Options | None = None,
) -> t.State:
    """A mid-round position; the stock is every card not placed (or exactly `stock`, the rest
    under the pile)."""
    n = len(hands)
    o = options or t.Options()
    base = t.new_game(n, seed=5, dealer=n - 1, options=o)
    placed = Counter(c for h in hands for c in cards(h))
    placed += Counter(cards(pile)) + Counter(cards(taken))
    placed += Counter(c for tm in table for c in tm.meld.cards)
    rest_count = Counter(t.pack_for(t.decks_for(n, o))) - placed
    rest = sorted_cards(rest_count.elements())
    top = rest if stock is None else cards(stock)
    extra = tuple((Counter(rest) - Counter(top)).elements())
    if made is None:
        made = tuple(any(tm.owner == s for tm in table) for s in range(n))
    held = dimes if dimes is not None else (o.dimes,) * n
    state = attrs.evolve(
        base,
        hand=round_,
        phase=phase,
        player=player,
        turn=player if turn is None else turn,
        hands=tuple(sorted_cards(cards(h)) for h in hands),
        stock=top,
        discards=extra + cards(pile),
        taken=cards(taken),
        table=table,
        made=made,
        dimes=held,
        pot=o.dimes * n - sum(held),
        turns=turns,
        scores=(0,) * n if scores is None else scores,
    )
    t.check_invariants(state)
    return state


def moves(state: t.State, player: int | None = None) -> list[str]:
    return [str(m) for m in t.legal_moves(state, player)]


def play(state: t.State, *texts: str) -> t.State:
    for text in texts:
        state = t.apply(state, t.parse_move(state, text))
    return state


def kinds(state: t.State) -> list[EventKind]:
    return [e.kind for e in state.events]


# ---------------------------------------------------------------------------------------------
# Deal, packs, players


def test_twelve_cards_each_one_at_a_time_from_the_dealers_left_then_an_upcard() -> None:
    """Book: "12 cards are dealt to each player and one card is turned up by the stock pile";
    one at a time clockwise from the dealer's left (rules notes C2), who plays first."""
    deck = t.pack_for(3)
    state = t.new_game(3, deck=deck, dealer=2)
    assert [cards_text(h) for h in state.hands] == [cards_text(sorted_cards(deck[s:36:3])) for s in range(3)]
    assert state.discards == (deck[36],) and state.stock == deck[37:]
    assert state.player == 0 and state.phase is t.Phase.DRAW and state.hand == 1
    assert moves(state) == ["draw stock", f"buy {deck[36]}"]
    assert [e.kind for e in state.events] == [EventKind.DEALS, EventKind.NOTE, EventKind.TURNS_UP]
    assert str(state.events[1]) == "note: round 1: contract 1 set of 3"


def test_three_packs_up_to_six_players_four_from_seven_with_jokers() -> None:
    """Book: "3-4 decks of cards, including jokers", "Any number of people"; rules notes: 3
    packs (162 cards) up to six players, 4 (216) for seven to ten; `decks` fixes it."""
    assert len(t.new_game(6, seed=1).stock) == 162 - 6 * 12 - 1
    assert len(t.new_game(7, seed=1).stock) == 216 - 7 * 12 - 1
    assert len(t.new_game(10, seed=1, options=t.Options(decks=3)).stock) == 162 - 121
    assert Counter(t.pack_for(4))[Card(Rank.JOKER)] == 8
    with pytest.raises(ValueError, match="2, 3, 4, 5, 6, 7, 8, 9, 10"):
        t.new_game(11)
    with pytest.raises(ValueError, match="decks must be 0"):
        t.Options(decks=2)


# ---------------------------------------------------------------------------------------------
# Buying


def test_buying_on_ones_turn_costs_a_dime_and_brings_two_stock_cards() -> None:
    """Rules 3.8 scenario 1: with 10 dimes a buy leaves 9, the pot 1, the hand 3 cards more;
    a second buy (a later discard) leaves 8 and the pot 2. The buy is the turn's draw."""
    state = position(
        ("3C 4C 5D 6H 8S 9S JD", "3D 4D 5H 6S 8C 9C JH"), pile="7D KS", phase=t.Phase.DRAW, stock="AS AH 10C 10D"
    )
    bought = play(state, "buy KS")
    assert bought.dimes == (9, 10) and bought.pot == 1 and bought.phase is t.Phase.PLAY
    assert len(bought.hands[0]) + len(bought.taken) == 7 + 3
    assert cards_text(bought.taken) == "KS" and cards_text(bought.hands[0]) == "3C 4C 5D JD 6H AH 8S 9S AS"
    assert cards_text(bought.discards[-1:]) == "7D" and cards_text(bought.stock) == "10C 10D"
    assert [str(e) for e in t.view(bought, 1).events] == ["seat 0 takes: buys for a dime KS", "seat 0 draws ??", "seat 0 draws ??"]
    later = play(bought, "discard 3C", "draw stock", "discard 3D")
    again = play(later, "buy 3D")
    assert again.dimes == (8, 10) and again.pot == 2


def test_a_player_without_dimes_is_not_offered_a_buy() -> None:
    """Rules 3.8 scenario 1: "A player with 0 dimes is not offered a buy"; the book: buy
    "until you are satisfied or out of dimes"."""
    state = position(("3C 4C 5D", "3D 4D 5H"), pile="KS", phase=t.Phase.DRAW, dimes=(0, 10))
    assert moves(state) == ["draw stock"]
    with pytest.raises(IllegalMove, match="no dime left to buy with"):
        t.apply(state, t.Buy(0, Card.parse("KS")))


def test_out_of_turn_window_asks_the_other_seats_in_order_after_the_stock_draw() -> None:
    """Reading (the issue's out-of-turn buying): once the player to move draws from the stock,
    the discard is offered round the table from that player's left, the discarder and seats
    without dimes left out; the first buyer takes it with two stock cards, then the player to
    move plays on."""
    hands = ("3C 4C 5D", "3D 4D 5H", "3H 4H 5S", "3S 4S 5C", "6C 6D 6H")
    state = position(hands, pile="KS", phase=t.Phase.DRAW, player=1, dimes=(10, 10, 0, 10, 10), stock="AS AH AD")
    drawn = play(state, "draw stock")
    assert drawn.phase is t.Phase.BUY and drawn.player == 3 and drawn.turn == 1  # seat 2 has no dime
    assert moves(drawn) == ["buy KS", "pass"] and moves(drawn, 1) == []
    passed = play(drawn, "pass")
    assert passed.player == 4 and passed.phase is t.Phase.BUY  # seat 0 discarded KS: not asked
    bought = play(passed, "buy KS")
    assert bought.phase is t.Phase.PLAY and bought.player == 1
    assert cards_text(bought.hands[4]) == "6C 6D AD 6H AH KS" and bought.dimes[4] == 9 and bought.pot == 11
    assert bought.taken == () and len(bought.discards) == len(drawn.discards) - 1
    all_pass = play(drawn, "pass", "pass")
    assert all_pass.phase is t.Phase.PLAY and all_pass.player == 1 and cards_text(all_pass.discards[-1:]) == "KS"


def test_two_players_have_no_window_and_the_option_turns_it_off() -> None:
    """Reading: the discarder is never asked, so with two players, or with
    `buy_out_of_turn=False`, only the player to move may buy (instead of drawing)."""
    two = play(position(("3C 4C 5D", "3D 4D 5H"), pile="KS", phase=t.Phase.DRAW), "draw stock")
    assert two.phase is t.Phase.PLAY
    hands = ("3C 4C 5D", "3D 4D 5H", "3H 4H 5S")
    on = play(position(hands, pile="KS", phase=t.Phase.DRAW), "draw stock")
    off = play(position(hands, pile="KS", phase=t.Phase.DRAW, options=t.Options(buy_out_of_turn=False)), "draw stock")
    assert on.phase is t.Phase.BUY and on.player == 1
    assert off.phase is t.Phase.PLAY and off.player == 0


def test_buy_replaces_the_draw_unless_the_option_adds_it() -> None:
    """Rules 3.8 ambiguity 1: a buy is the alternative to the stock draw;
    `buy_replaces_draw=False` takes the usual stock card too; `buy_extra_cards` sets the two."""
    hands = ("3C 4C 5D", "3D 4D 5H")
    default = play(position(hands, pile="KS", phase=t.Phase.DRAW), "buy KS")
    extra = play(position(hands, pile="KS", phase=t.Phase.DRAW, options=t.Options(buy_replaces_draw=False)), "buy KS")
    bare = play(position(hands, pile="KS", phase=t.Phase.DRAW, options=t.Options(buy_extra_cards=0)), "buy KS")
    assert [len(s.hands[0]) for s in (default, extra, bare)] == [5, 6, 3]
    assert all(cards_text(s.taken) == "KS" for s in (default, extra, bare))


def test_the_card_bought_on_ones_turn_may_not_be_discarded_that_turn() -> None:
    """Rules notes C5: the card taken from the pile is not discarded again in the same turn."""
    state = play(position(("3C 4C 5D", "3D 4D 5H"), pile="KS", phase=t.Phase.DRAW, stock="9H 10H"), "buy KS")
    assert "discard KS" not in moves(state)
    assert moves(state) == ["discard 3C", "discard 4C", "discard 5D", "discard 9H", "discard 10H"]
    with pytest.raises(IllegalMove, match="KS was bought this turn and may not be discarded"):
        t.apply(state, t.Discard(0, Card.parse("KS")))
    after = play(state, "discard 3C")
    assert cards_text(after.hands[0]) == "4C 5D 9H 10H KS" and after.taken == ()


def test_a_buyer_short_of_stock_takes_what_there_is_after_a_reshuffle() -> None:
    """Rules 3.8: "If a buy needs 2 stock cards and fewer are available after reshuffling, the
    buyer takes what there is" (the pile but its top is reshuffled first, C7)."""
    base = position(("3C 4C 5D", "3D 4D 5H"), pile="QD KS", phase=t.Phase.DRAW, stock="9H")
    bought = play(base, "buy KS")
    assert EventKind.RESHUFFLES in kinds(bought) and len(bought.hands[0]) == 5 and cards_text(bought.taken) == "KS"
    assert cards_text(bought.discards) == "QD" and len(bought.stock) == len(base.discards) - 2 - 1
    alone = attrs.evolve(base, discards=cards("KS"), hands=(base.hands[0], sorted_cards(base.hands[1] + base.discards[:-1])))
    t.check_invariants(alone)
    one = play(alone, "buy KS")
    assert cards_text(one.hands[0]) == "3C 4C 5D 9H" and one.stock == () and one.discards == ()
    assert EventKind.RESHUFFLES not in kinds(one)


# ---------------------------------------------------------------------------------------------
# Contracts


def test_round_contracts_are_the_books_table() -> None:
    """Book: "1st 1 set of 3 ... 8th 2 sets of 6"."""
    assert [str(c) for c in t.ROUND_CONTRACTS] == [
        "1 set of 3", "2 sets of 3", "1 set of 4", "2 sets of 4",
        "1 set of 5", "2 sets of 5", "1 set of 6", "2 sets of 6",
    ]  # fmt: skip


def test_round_four_contract_naturals_at_least_wilds() -> None:
    """Rules 3.8 scenario 2: `7 7 2 JK` + `Q Q Q 2` meets 2 sets of 4; `7 2 2 JK` is invalid
    (one natural against three wilds). Book: "at least equal amounts of tame cards to wild"."""
    good = [make_meld(cards("7C 7D 2S JK"), t.MELD_RULES), make_meld(cards("QH QS QD 2H"), t.MELD_RULES)]
    assert contract_problem(good, t.ROUND_CONTRACTS[3], t.MELD_RULES) is None
    with pytest.raises(ValueError, match="more wild cards than natural"):
        make_meld(cards("7C 2D 2S JK"), t.MELD_RULES)
    assert t.can_meet(cards("7C 7D 2S JK QH QS QD 2H 9C"), t.ROUND_CONTRACTS[3])
    assert not t.can_meet(cards("7C 2D 2S JK QH QS QD 2H 9C"), t.ROUND_CONTRACTS[3])
    state = position(("7C 7D 2S JK QH QS QD 2H 9C 5C", "3D 4D 5H"), round_=4, made=(False, False))
    listed = moves(state)
    assert listed[:5] == ["meld 7C 7D 2H 2S", "meld 7C 7D 2H JK", "meld QD QH QS 2H", "meld QD QH QS JK", "discard 5C"]
    after = play(state, "meld 7C 7D 2H JK")
    assert moves(after) == ["meld QD QH QS 2S"]  # the contract is finished before anything else
    done = play(after, "meld QD QH QS 2S")
    assert done.made == (True, False) and "discard 9C" in moves(done)


def test_contract_set_offered_only_when_the_rest_can_follow() -> None:
    """Contract shape (contract addendum): a contract set is offered only if the cards left can
    still make the other sets and end the turn; several packs let two sets share a rank."""
    state = position(("7C 7D 7H 7S 7C 7D 9C QS KD", "3D 4D 5H"), round_=2, made=(False, False))
    assert moves(state)[:1] == ["meld 7C 7C 7D"] and not any(m.startswith("meld 9") for m in moves(state))
    lone = position(("7C 7D 7H 9S QS KD 4C", "3D 4D 5H"), round_=2, made=(False, False))
    assert not any(m.startswith("meld") for m in moves(lone))  # one set only: no contract start


def test_distinct_ranks_option_forbids_two_contract_sets_of_one_rank() -> None:
    """Option `distinct_ranks_in_contract` (rules 3.8): the two sets must differ in rank."""
    hand = ("7C 7D 7H 7S 7C 7D 9C QS KD", "3D 4D 5H")
    assert moves(position(hand, round_=2, made=(False, False)))[0] == "meld 7C 7C 7D"
    strict = position(hand, round_=2, made=(False, False), options=t.Options(distinct_ranks_in_contract=True))
    assert not any(m.startswith("meld") for m in moves(strict))


def test_can_meet_agrees_with_the_core_contract_search() -> None:
    """The counting test `can_meet` agrees with `core.contracts.find_contract` on random hands
    of three packs, for every round's contract."""
    rnd = random.Random(3)
    pack = list(t.pack_for(3))
    for _ in range(300):
        hand = rnd.sample(pack, rnd.randint(6, 16))
        contract = t.ROUND_CONTRACTS[rnd.randrange(8)]
        assert t.can_meet(hand, contract) == (find_contract(hand, contract, t.MELD_RULES) is not None), (
            cards_text(hand),
            str(contract),
        )


# ---------------------------------------------------------------------------------------------
# After the contract, going out, no stealing


def test_more_sets_and_lay_offs_onto_any_players_sets_after_the_contract() -> None:
    """Book: "additional sets ... with a minimum of 3", "You can play on other players cards
    immediately after you meld"; a wild goes on only while naturals stay >= wilds. New sets are
    offered as 3 naturals, or 2 naturals and a joker or a two (more go on by lay-off); a card
    is laid off on the first set that takes it (which set of a rank never changes a score)."""
    table = (meld("8C 8D 2H JK", 1), meld("KC KD KH", 1), meld("AC AD AH", 0))
    state = position(("5C 5D 5H 8S 9C 9D JK 2C QS", "3D 4D 5H"), table=table, made=(True, True))
    assert moves(state) == [
        "meld 5C 5D 5H", "meld 9C 9D 2C", "meld 9C 9D JK",
        "lay off 8S on 0", "lay off JK on 1", "lay off 2C on 1",
        "discard 5C", "discard 8S", "discard 9C", "discard QS", "discard 2C", "discard JK",
    ]  # fmt: skip
    with pytest.raises(IllegalMove, match="does not fit table meld 0"):
        t.apply(state, t.LayOff(0, Card(Rank.JOKER), 0))
    with pytest.raises(IllegalMove, match="goes on the first set that takes it: lay off JK on 1"):
        t.apply(state, t.LayOff(0, Card(Rank.JOKER), 2))
    laid = play(state, "lay off 8S on 0")
    assert str(laid.table[0]) == "8C 8D 8S 2H JK" and laid.table[0].credit == (1, 1, 0, 1, 1)
    assert "lay off JK on 0" in moves(laid)  # three naturals to two wilds: one more wild fits
    assert t.table_points(laid.table, 2) == (65, 115)


def test_suits_never_matter_so_moves_name_the_first_card_of_a_rank() -> None:
    """Reading: sets only, values by rank, so the discard and lay-off of a rank are one move,
    named by the first card of that rank in hand order; another suit's text reads as it."""
    table = (meld("KC KD KH", 1), meld("AC AD AH", 0))
    state = position(("5C 5D 5H 9D KS KS", "3D 4D 5H"), table=table, made=(True, True))
    assert moves(state) == ["meld 5C 5D 5H", "lay off KS on 0", "discard 5C", "discard 9D", "discard KS"]
    assert t.parse_move(state, "discard 5H") == t.Discard(0, Card.parse("5C"))
    assert t.parse_move(state, "lay off KS on 0") == t.LayOff(0, Card.parse("KS"), 0)
    with pytest.raises(ValueError, match="not a legal move"):
        t.parse_move(state, "discard 7H")


def test_lay_off_needs_the_contract_first() -> None:
    """Book: lay-offs come "immediately after you meld": not before the contract."""
    table = (meld("KC KD KH", 1),)
    state = position(("KS 5C 9D", "3D 4D 5H"), table=table, made=(False, True))
    assert moves(state) == ["discard 5C", "discard 9D", "discard KS"]
    with pytest.raises(IllegalMove, match="lay off only after laying the contract"):
        t.apply(state, t.LayOff(0, Card.parse("KS"), 0))


def test_no_wild_is_ever_stolen_from_the_table() -> None:
    """Rules 3.8 scenario 5: "You cannot steal wild cards": there is no swap move."""
    table = (meld("KC KD JK", 1), meld("AC AD AH", 0))
    state = position(("KS KH 5C 9D", "3D 4D 5H"), table=table, made=(True, True))
    assert {type(m) for m in t.legal_moves(state)} <= {t.MakeMeld, t.LayOff, t.Discard}
    assert moves(state) == ["lay off KH on 0", "discard 5C", "discard 9D", "discard KH"]
    laid = play(state, "lay off KH on 0")
    assert str(laid.table[0]) == "KC KD KH JK" and Card(Rank.JOKER) not in laid.hands[0]


def test_early_going_out_only_after_every_other_player_has_had_a_turn() -> None:
    """Rules 3.8 scenario 3: in round 1 the first player cannot go out on the first turn even
    with a complete hand; the dealer, on the first pass round's last turn, can."""
    hands = ("7C 7D 7H 7S", "3D 4D 5H 6C", "8C 8D 8H 9S")
    first = position(hands, player=0, turns=1, made=(False, False, False))
    assert moves(first) == ["discard 7C"]  # one discard per rank: suits never matter
    dealer = position(hands, player=2, turns=3, made=(False, False, False))
    assert moves(dealer)[0] == "meld 8C 8D 8H"
    out = play(dealer, "meld 8C 8D 8H", "discard 9S")
    assert out.hand == 2 and EventKind.GOES_OUT in kinds(out)
    with pytest.raises(IllegalMove, match="end the turn"):
        t.apply(first, t.MakeMeld(0, cards("7C 7D 7H")))


def test_going_out_with_or_without_a_discard() -> None:
    """Book: "You may go out with or without a discard": melding the last cards ends the round
    (here in the contract's own turn) as well as discarding the last one."""
    melds_out = play(position(("5C 5D 5H", "3D 4D 5H"), made=(False, False)), "meld 5C 5D 5H")
    table = (meld("KC KD KH", 0),)
    discards_out = play(position(("5C", "3D 4D 5H"), table=table, made=(True, False)), "discard 5C")
    for state in (melds_out, discards_out):
        assert state.hand == 2 and EventKind.GOES_OUT in kinds(state) and EventKind.HAND_SCORED in kinds(state)


# ---------------------------------------------------------------------------------------------
# Scoring, stock, whole match


def test_round_score_is_credited_table_cards_less_the_hand() -> None:
    """Rules 3.8 scenario 4: `K K K JK` (80) of one's own plus a `2` laid off on another
    player's set (25) make 105, less a hand of `A 5` (25): +80."""
    table = (meld("KC KD KS JK", 1), meld("9C 9D 9H 2S", 0, (0, 0, 0, 1)))
    assert t.table_points(table, 2) == (15, 105)
    assert t.hand_points(cards("AS 5D")) == 25
    state = position(("8C", "AS 5D"), table=table, made=(True, True))
    after = play(state, "discard 8C")
    assert after.events[kinds(after).index(EventKind.HAND_SCORED)].numbers == (15, 80)
    assert after.scores == (15, 80) and after.hand == 2 and after.dealer == 0


def test_card_values() -> None:
    """Book: "Jokers 50, 2s 25, Aces 20, K-10 10, 9-3 5"."""
    assert [t.hand_points(cards(c)) for c in ("JK", "2H", "AS", "KD", "10C", "9S", "3H")] == [50, 25, 20, 10, 10, 5, 5]


def test_empty_stock_reshuffles_at_the_turn_and_an_empty_pile_ends_the_round() -> None:
    """Rules 3.8: stock end `RESHUFFLE` (C7): the pile but its top becomes the stock; with
    nothing to reshuffle the round ends and is scored as usual."""
    state = position(("5C 9D 9H", "3D 4D 5H"), table=(), made=(False, False), pile="QS KS")
    everything = state.stock
    empty = attrs.evolve(state, stock=(), discards=everything + state.discards)
    t.check_invariants(empty)
    turned = play(empty, "discard 5C")
    assert EventKind.RESHUFFLES in kinds(turned) and cards_text(turned.discards) == "5C" and turned.phase is t.Phase.DRAW
    bare = attrs.evolve(state, stock=(), discards=(), hands=(state.hands[0], sorted_cards(state.hands[1] + everything + cards("QS KS"))))
    t.check_invariants(bare)
    ended = play(bare, "discard 5C")
    assert ended.hand == 2 and "the stock is exhausted" in " ".join(map(str, ended.events))


def test_turn_cap_ends_the_round() -> None:
    """Rules notes C8: `max_turns` ends a round (scored as usual)."""
    state = position(("5C 9D 9H", "3D 4D 5H"), turns=7, options=t.Options(max_turns=7), made=(False, False))
    ended = play(state, "discard 5C")
    assert ended.hand == 2 and "7 turns played" in " ".join(map(str, ended.events))


def test_pot_goes_to_the_leader_after_round_eight() -> None:
    """Rules 3.8 scenario 6: three players bought 4, 2 and 0 times: the pot holds 6 and the
    leader after round 8 takes all 6; equal top totals share it (book: "Highest score at the end
    of the 8th round wins the pot")."""
    table = (meld("KC KD KH KS KC KD", 0), meld("QC QD QH QS QC QD", 0))
    hands = ("9D", "3D 4D 5H", "6C 7C 8C")
    state = position(hands, table=table, made=(True, False, False), round_=8, dimes=(6, 8, 10), scores=(100, 50, 120))
    assert state.pot == 6
    final = play(state, "discard 9D")
    assert t.is_over(final) and final.scores == (220, 35, 105) and t.winners(final) == {0}
    assert [str(s) for s in t.pot_shares(final)] == ["6", "0", "0"]
    wins = [e for e in final.events if e.kind is EventKind.WINS]
    assert [(e.player, e.numbers) for e in wins] == [(0, (6, 1))] and final.events[-1].numbers == (0,)
    assert final.dimes == (6, 8, 10) and t.legal_moves(final) == ()
    tie_state = attrs.evolve(state, scores=(100, 50, 235))
    tie = play(tie_state, "discard 9D")
    assert t.winners(tie) == {0, 2} and [str(s) for s in t.pot_shares(tie)] == ["3", "0", "3"]


def test_import_leaves_fractions_out_until_the_pot_is_shared() -> None:
    """`fractions` (which loads `decimal`) is imported by `pot_shares` alone, not with the game:
    a fresh interpreter shows it absent after the import and present after a share."""
    code = (
        "import sys\nimport parlour.games.ten_dime_rummy as t\n"
        "print('fractions' in sys.modules, 'decimal' in sys.modules)\n"
        "import attrs\nover = attrs.evolve(t.new_game(3, seed=1), phase=t.Phase.OVER, pot=5, scores=(1, 1, 0))\n"
        "print([repr(s) for s in t.pot_shares(over)])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "False False",
        "['Fraction(5, 2)', 'Fraction(5, 2)', 'Fraction(0, 1)']",
    ]


def test_whole_match_plays_eight_rounds_to_a_winner() -> None:
    """Book: "Highest score at the end of the 8th round wins the pot"; dimes are kept from round
    to round and the pot collects every buy."""
    state = t.new_game(3, seed=11)
    rnd = random.Random(11)
    rounds = {1}
    while not t.is_over(state):
        legal = t.legal_moves(state)
        state = t.apply(state, legal[rnd.randrange(len(legal))])
        rounds.add(state.hand)
        assert sum(state.dimes) + state.pot == 30
    assert rounds == set(range(1, 9)) and state.hand == 8
    assert t.winners(state) == {s for s, v in enumerate(state.scores) if v == max(state.scores)}
    assert sum(t.pot_shares(state)) == state.pot


def test_rounds_option_shortens_the_match() -> None:
    """Option `rounds`: play only the first rounds of the schedule (the quick match plays one)."""
    state = t.new_game(2, seed=3, options=t.Options(rounds=2))
    rnd = random.Random(3)
    while not t.is_over(state):
        legal = t.legal_moves(state)
        state = t.apply(state, legal[rnd.randrange(len(legal))])
    assert state.hand == 2
    assert t.GAME.quick == t.Options(rounds=1, max_turns=40)


def test_dimes_option_sets_the_stake() -> None:
    """Option `dimes` (book: "ten dimes")."""
    assert t.new_game(3, seed=1, options=t.Options(dimes=3)).dimes == (3, 3, 3)
    broke = t.new_game(3, seed=1, options=t.Options(dimes=0), dealer=0)
    assert moves(broke) == ["draw stock"]


# ---------------------------------------------------------------------------------------------
# Notation, JSON, views, refusals, invariants


def test_notation_round_trips_and_json() -> None:
    """Every legal move's text parses back to it; states round-trip through JSON."""
    state = t.new_game(4, seed=2)
    rnd = random.Random(2)
    for _ in range(300):
        if t.is_over(state):
            break
        legal = t.legal_moves(state)
        for m in legal:
            assert t.parse_move(state, str(m), m.player) == m
        assert from_json(to_json(state)) == state
        state = t.apply(state, legal[rnd.randrange(len(legal))])


def test_view_hides_other_hands_and_the_stock_but_shows_the_pile_table_and_bought_card() -> None:
    """Zones: hands by owner, the stock by nobody, the pile, the card bought and the table by
    everyone; a view lists its own seat's moves."""
    state = play(position(("3C 4C 5D", "3D 4D 5H"), pile="KS", phase=t.Phase.DRAW), "buy KS")
    seen = t.view(state, 1)
    assert all(c.is_hidden for c in seen.hands[0]) and all(c.is_hidden for c in seen.stock)
    assert cards_text(seen.taken) == "KS" and cards_text(seen.hands[1]) == "3D 4D 5H"
    assert t.legal_moves(seen) == () and t.legal_moves(t.view(state, 0)) == t.legal_moves(state, 0)


def test_refusals_name_the_rule() -> None:
    """Illegal moves are refused with the rule they break."""
    state = position(("3C 4C 5D", "3D 4D 5H"), pile="KS", phase=t.Phase.DRAW)
    with pytest.raises(IllegalMove, match="draw first"):
        t.apply(state, t.Discard(0, Card.parse("3C")))
    with pytest.raises(IllegalMove, match="it is seat 0's turn"):
        t.apply(state, t.DrawStock(1))
    with pytest.raises(IllegalMove, match="only the top discard KS can be bought"):
        t.apply(state, t.Buy(0, Card.parse("3H")))
    drawn = play(state, "draw stock")
    with pytest.raises(IllegalMove, match="draw once"):
        t.apply(drawn, t.DrawStock(0))
    with pytest.raises(IllegalMove, match="not a set of one rank"):
        t.apply(drawn, t.MakeMeld(0, cards("3C 4C 5D")))


def test_hostile_states_are_refused() -> None:
    """check_invariants refuses states no game reaches."""
    state = position(("3C 4C 5D", "3D 4D 5H"), pile="KS", phase=t.Phase.DRAW)
    with pytest.raises(ValueError, match="dimes held and the pot"):
        t.check_invariants(attrs.evolve(state, pot=3))
    with pytest.raises(ValueError, match="round 9"):
        t.check_invariants(attrs.evolve(state, hand=9))
    good = position(("3C 4C 5D", "3D 4D 5H"), table=(meld("3D 3H 3S", 0),), made=(True, False))
    with pytest.raises(ValueError, match="not a valid set"):
        bad = Meld(MeldKind.SET, cards("3D 3H 3S"), rank=Rank.FOUR)
        t.check_invariants(attrs.evolve(good, table=(TableMeld(bad, 0, (0, 0, 0)),)))
    with pytest.raises(ValueError, match="too few sets"):
        t.check_invariants(attrs.evolve(good, made=(True, True)))
    with pytest.raises(ValueError, match="buying window"):
        t.check_invariants(attrs.evolve(state, phase=t.Phase.BUY, player=1))


def test_metzker_preset_is_the_default() -> None:
    """The book's game is the default options."""
    assert t.Options.metzker() == t.Options() and t.GAME.presets == (("metzker", t.Options()),)


def test_carried_table_facts_and_bought_cards_match_a_fresh_reading() -> None:
    """Along random games, the lay-off targets and table slots each move hands on (updated
    for the one set that changed) equal the ones worked out afresh from the table, the legal
    moves equal those of a fresh state of the same fields, and a buy puts its cards where
    inserting them one by one would."""
    from parlour.games.ten_dime_rummy import rules

    checked = 0
    for seed in range(6):
        state = t.new_game(4, seed=seed, options=t.GAME.quick)
        chooser = random.Random(seed)
        while t.legal_moves(state):
            fresh = attrs.evolve(state)  # the same fields, nothing cached
            assert state.slots == fresh.slots and state.targets == rules._targets(fresh.slots)
            assert state.legal == fresh.legal
            checked += 1
            state = t.apply(state, chooser.choice(t.legal_moves(state)))
    assert checked > 300


def test_the_whole_contract_check_never_hides_a_contract_set() -> None:
    """`_contract_sets` tries no set when `_fillable` says the whole contract cannot be made:
    on random rank counts, whenever some first set leaves the rest fillable, the whole
    contract is fillable too (the check is a necessary condition, so no move is lost)."""
    from parlour.games.ten_dime_rummy.options import _NATURAL_RANKS
    from parlour.games.ten_dime_rummy.rules import _fillable

    rng = random.Random(5)
    for _ in range(3000):
        counts = [0] * 15
        for r in _NATURAL_RANKS:
            counts[r] = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6))
        wilds = rng.randrange(5)
        length = rng.choice((3, 4, 5, 6))
        lengths = [length] * rng.choice((2, 3))
        distinct = rng.random() < 0.5
        half = (length + 1) // 2
        whole = _fillable(counts, wilds, lengths, distinct, [])
        for r in _NATURAL_RANKS:
            for k in range(half, min(counts[r], length) + 1):
                if length - k > wilds:
                    continue
                rest = counts[:]
                rest[r] -= k
                if _fillable(rest, wilds - (length - k), lengths[1:], distinct, [r] if distinct else []):
                    assert whole, (counts, wilds, lengths, distinct, r, k)


def test_contract_sets_of_three_are_the_prebuilt_moves_the_general_search_gives() -> None:
    """Contract sets of three come from the per-seat table of three-card melds; along random
    games of the first two rounds they equal, in order, the sets the general search builds
    card by card (each rank's naturals, then the twos and jokers `_wild_sets` splits)."""
    from parlour.games.ten_dime_rummy import rules
    from parlour.games.ten_dime_rummy.options import _NATURAL_RANKS

    checked = 0
    for seed in range(40):
        state = t.new_game(4, seed=seed, options=t.Options(rounds=2, max_turns=40))
        chooser = random.Random(seed)
        while t.legal_moves(state):
            p = state.player
            if state.phase is t.Phase.PLAY and not state.made[p]:
                groups = rules._group(state.hands[p], state.taken)
                mine = [tm.meld for tm in state.table if tm.owner == p]
                ranks = [r for r in _NATURAL_RANKS if groups[r]]
                twos, jokers = groups[2], groups[14]
                size = len(state.hands[p]) + len(state.taken)
                can_out = state.turns >= len(state.hands)
                got = rules._contract_sets(state, p, mine, groups, ranks, twos, jokers, size, can_out)
                lengths = [need.length for need in t.contract_for(state.hand).needs[len(mine) :]]
                assert lengths[0] == 3
                wanted: list[tuple[Card, ...]] = []
                wilds = len(twos) + len(jokers)
                counts = [len(g) for g in groups]
                if size - sum(lengths) >= (0 if can_out else 2) and (
                    len(lengths) == 1 or mine or rules._fillable(counts, wilds, lengths, False, [])
                ):
                    for r in ranks:
                        group = groups[r]
                        for k in range(min(len(group), 3), 1, -1):
                            w = 3 - k
                            if w > wilds:
                                continue
                            if len(lengths) > 1:
                                rest = counts[:]
                                rest[r] -= k
                                if not rules._fillable(rest, wilds - w, lengths[1:], False, []):
                                    continue
                            for two_count, joker_count in rules._wild_sets(len(twos), len(jokers), 1)[w]:
                                wanted.append((*group[:k], *twos[:two_count], *jokers[:joker_count]))
                assert all(isinstance(m, t.MakeMeld) and m.player == p for m in got)
                assert [m.cards for m in got if isinstance(m, t.MakeMeld)] == wanted
                checked += 1
            state = t.apply(state, chooser.choice(t.legal_moves(state)))
    assert checked > 300


def test_first_contract_set_of_three_offered_as_the_general_search_offers_it() -> None:
    """In a contract of one set of three (round 1), `_legal_play` offers the contract sets in
    its own loop over the ranks: along random games they equal, in order, the sets the general
    contract search `_contract_sets` gives, and the rest of the moves are the discards."""
    from parlour.games.ten_dime_rummy import rules
    from parlour.games.ten_dime_rummy.options import _NATURAL_RANKS

    checked = 0
    for seed in range(60):
        options = t.Options(rounds=1, max_turns=40, distinct_ranks_in_contract=seed % 2 == 1)
        state = t.new_game(2 + seed % 5, seed=seed, options=options)
        chooser = random.Random(seed)
        while t.legal_moves(state):
            p = state.player
            if state.phase is t.Phase.PLAY and not state.made[p] and all(tm.owner != p for tm in state.table):
                groups = rules._group(state.hands[p], state.taken)
                ranks = [r for r in _NATURAL_RANKS if groups[r]]
                size = len(state.hands[p]) + len(state.taken)
                can_out = state.turns >= len(state.hands)
                wanted = rules._contract_sets(state, p, [], groups, ranks, groups[2], groups[14], size, can_out)
                legal = t.legal_moves(state)
                assert [m for m in legal if isinstance(m, t.MakeMeld)] == wanted
                assert all(isinstance(m, t.Discard) for m in legal[len(wanted) :])
                checked += 1
            state = t.apply(state, chooser.choice(t.legal_moves(state)))
    assert checked > 500


def test_round_scoring_matches_a_card_by_card_count() -> None:
    """The scoring sums (a set laid by one seat summed at once) equal a card-by-card count on
    the tables and hands of random games."""
    tables = 0
    for seed in range(12):
        state = t.new_game(4, seed=seed, options=t.GAME.quick)
        chooser = random.Random(seed)
        while t.legal_moves(state):
            plain = [0] * 4
            for tm in state.table:
                for who, card in zip(tm.credit, tm.meld.cards):
                    plain[who] += t.CARD_POINTS.points(card)
            assert t.table_points(state.table, 4) == tuple(plain)
            for held in state.hands:
                assert t.hand_points(held) == sum(t.CARD_POINTS.points(c) for c in held)
            tables += 1
            state = t.apply(state, chooser.choice(t.legal_moves(state)))
    assert tables > 500
