"""Scenario tests for Rummy 500 (the Hoyle Card Games manual, "Rummy 500"; rules/rummy.md section 3.3)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import HIDDEN, Card, parse_cards, sorted_cards
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.melds import (
    DigRules,
    TableMeld,
    can_lay_off,
    can_use_at_once,
    dig_depths,
    lay_off,
    lay_off_credited,
    make_meld,
    meld_readings,
    table_meld,
)
from parlour.games import rummy_500 as g


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def melds(*specs: tuple[str, int]) -> tuple[TableMeld, ...]:
    """Table melds from (cards, owner) pairs."""
    return tuple(table_meld(make_meld(cards(text), g.RULES), owner) for text, owner in specs)


def position(
    mover: str,
    other: str,
    *,
    player: int = 0,
    phase: g.Phase = g.Phase.DRAW,
    discards: str = "",
    table: tuple[TableMeld, ...] = (),
    stock: str | None = None,
    scores: tuple[int, int] = (0, 0),
    options: g.Options | None = None,
) -> g.State:
    """A mid-hand position: `mover` is the hand of seat `player`, `other` the other seat's; the
    pile lists its top card last; the stock holds the rest (or exactly `stock`, the rest then
    going under the discard pile)."""
    base = g.new_game(seed=5, dealer=1 - player, options=options)
    on_table = tuple(c for tm in table for c in tm.meld.cards)
    held = cards(mover) + cards(other) + cards(discards) + on_table + cards(stock or "")
    rest = tuple(c for c in g.PACK if c not in held)
    if stock is None:
        top, pile = rest, cards(discards)
    else:
        top, pile = cards(stock), rest + cards(discards)
    hands = (sorted_cards(cards(mover)), sorted_cards(cards(other)))
    if player == 1:
        hands = (hands[1], hands[0])
    state = attrs.evolve(
        base,
        phase=phase,
        player=player,
        hands=hands,
        stock=top,
        discards=pile,
        table=table,
        wants=g._wants_of(table),
        scores=scores,
    )
    g.check_invariants(state)
    return state


def moves(state: g.State) -> list[str]:
    return [str(m) for m in g.legal_moves(state)]


def play(state: g.State, *texts: str) -> g.State:
    for text in texts:
        state = g.apply(state, g.parse_move(state, text))
    return state


def test_deal_thirteen_each_an_upcard_and_the_non_dealer_starts() -> None:
    """Seed: "Each player receives a hand of 13 cards ... The top card of the stock is turned up";
    rules note C2: dealt one at a time from the dealer's left, who plays first."""
    state = g.new_game(seed=3, dealer=0, deck=g.PACK)
    assert [len(h) for h in state.hands] == [13, 13]
    assert state.hands[1] == sorted_cards(g.PACK[0:26:2])  # seat 1, the dealer's left, first
    assert state.hands[0] == sorted_cards(g.PACK[1:26:2])
    assert state.discards == (g.PACK[26],) and state.stock == g.PACK[27:]
    assert state.player == 1 and state.phase is g.Phase.DRAW and state.turn_count == 1
    kinds = [e.kind for e in state.events]
    assert kinds == [EventKind.DEALS, EventKind.TURNS_UP]


def test_dig_takes_the_cards_above_and_the_target_must_be_melded() -> None:
    """Scenario 1: pile 4C 9H KS 2D (top last); take 3 takes 9H KS 2D and 9H must be played;
    with 9C 9D in hand the player melds 9H 9C 9D; discarding 9H is illegal."""
    state = position("9C 9D 3H 5S", "4H 6H 8H 10H", discards="4C 9H KS 2D")
    assert moves(state) == ["draw stock", "take 3"]
    state = play(state, "take 3")
    assert state.taken == cards("9H") and state.owed
    assert state.hands[0] == sorted_cards(cards("9C 9D 3H 5S KS 2D"))
    assert state.discards == cards("4C")
    assert moves(state) == ["meld 9C 9D 9H"]  # no discard while 9H is owed
    with pytest.raises(IllegalMove, match="9H was taken from the discard pile and must be played"):
        g.apply(state, g.Discard(0, Card.parse("9H")))
    state = play(state, "meld 9C 9D 9H")
    assert state.taken == () and not state.owed
    assert "discard KS" in moves(state)


def test_top_discard_with_no_play_is_not_offered() -> None:
    """Scenario 2: under the default option, taking the top 7S with no possible play for it is
    not offered (seed: "you must play it to the table in the current turn")."""
    state = position("2C 5D 9H JC", "4H 6H 8H 10H", discards="3D 7S")
    assert moves(state) == ["draw stock"]
    with pytest.raises(IllegalMove, match="7S could not be played to the table this turn"):
        g.apply(state, g.TakeDiscards(0, 1))


def test_option_frees_the_top_card_which_then_may_not_be_discarded() -> None:
    """Seed: "You can change the game options to not require you to play this card; in this
    case, if you draw this card, you must discard a different card"."""
    options = g.Options(top_card_must_be_played=False)
    state = position("2C 5D 9H JC", "4H 6H 8H 10H", discards="3D 7S", options=options)
    assert moves(state) == ["draw stock", "take 1"]
    state = play(state, "take 1")
    assert state.taken == cards("7S") and not state.owed
    assert moves(state) == ["discard 2C", "discard JC", "discard 5D", "discard 9H"]
    with pytest.raises(IllegalMove, match="7S was just taken from the discard pile and may not be discarded"):
        g.apply(state, g.Discard(0, Card.parse("7S")))
    state = play(state, "discard 5D")
    assert Card.parse("7S") in state.hands[0] and state.discards[-1] == Card.parse("5D")


def test_ace_counts_15_but_1_as_the_low_end_of_a_run() -> None:
    """Scenario 3: table QH KH AH (35), AS 2S 3S (6), 7C 7D 7S (21); hand AD 9C (24): +38."""
    table = melds(("QH KH AH", 0), ("AS 2S 3S", 0), ("7C 7D 7S", 0))
    assert g.hand_result(table, (cards("AD 9C"), ())) == (38, 0)
    assert g.POINTS.points(Card.parse("AD")) == 15 and g.POINTS.points(Card.parse("KD")) == 10


def test_lay_off_on_the_opponents_meld_is_credited_to_the_player_laying_off() -> None:
    """Scenario 4: B lays 8S onto A's run 5S 6S 7S and is credited 8; laying off needs no meld
    of one's own (rules note: "any meld at any time")."""
    table = melds(("5S 6S 7S", 0))
    state = position("8S 2C 9D", "3H 4H 9C KD", player=1, phase=g.Phase.PLAY, table=table)
    assert moves(state) == ["lay off 8S on 1", "discard 2C", "discard 9D", "discard 8S"]
    state = play(state, "lay off 8S on 1")
    assert str(state.table[0]) == "5S 6S 7S 8S" and state.table[0].owner == 0
    assert state.table[0].credit == (0, 0, 0, 1)
    assert g.table_points(state) == (18, 8)
    assert [e.kind for e in state.events] == [EventKind.LAYS_OFF]


def test_stock_used_up_a_pass_ends_the_hand_and_scores_table_minus_hand() -> None:
    """Scenario 5 (seed: "if all of the cards in the stock are drawn, and the person whose turn
    it is does not want to draw from the discard pile (or cannot); that player passes")."""
    table = melds(("QH KH AH", 0), ("4C 5C 6C", 1))
    state = position("2D 3S", "9C 10C", table=table, discards="JS", stock="", scores=(100, 50))
    assert "draw stock" not in moves(state) and moves(state)[-1] == "pass"
    state = play(state, "pass")
    scored = [e for e in state.events if e.kind is EventKind.HAND_SCORED]
    assert scored[0].numbers == (35 - 5, 15 - 19)
    assert state.scores == (130, 46) and state.hand == 2 and state.phase is g.Phase.DRAW
    assert state.table == () and state.dealer == 0  # the deal alternated from seat 1


def test_stock_used_up_a_usable_discard_may_still_be_taken() -> None:
    """Seed: the hand ends only if the player "does not want to draw from the discard pile (or
    cannot)": with the stock empty a usable discard is offered beside the pass."""
    state = position("9C 9D 3S", "2H 4H 6H", discards="KS 9H", stock="")
    assert moves(state)[0] == "take 1" and moves(state)[-1] == "pass" and "draw stock" not in moves(state)
    assert play(state, "take 1").owed


def test_tie_at_the_target_plays_another_hand_and_the_highest_wins() -> None:
    """Scenario 6: both reach 520 in the same hand: another hand; 520 against 510: 520 wins."""
    table = melds(("10C 10D 10H", 0), ("JC JD JH", 1))
    tied = position("2D", "2H", table=table, discards="KS", stock="", scores=(490, 490))
    after = play(tied, "pass")
    assert after.scores == (518, 518) and not g.is_over(after) and after.hand == 2
    assert any(e.kind is EventKind.NOTE for e in after.events)
    ahead = position("2D", "2H", table=table, discards="KS", stock="", scores=(492, 482))
    over = play(ahead, "pass")
    assert over.scores == (520, 510) and g.is_over(over) and g.winners(over) == frozenset({0})
    assert over.events[-1].kind is EventKind.GAME_OVER and over.events[-1].numbers == (0,)
    assert g.legal_moves(over) == () and over.hands == (cards("2D"), cards("2H"))


def test_melding_the_last_cards_goes_out_without_a_discard() -> None:
    """Seed: "The exception to this rule is if you have melded all the cards in your hand
    (ending the hand); in this case, no discard is necessary"."""
    state = position("7C 7D", "2H 4H 9S", discards="KS 7S", stock="QD")
    state = play(state, "take 1", "meld 7C 7D 7S")
    assert [e.kind for e in state.events][:3] == [EventKind.MELDS, EventKind.GOES_OUT, EventKind.SHOWS]
    assert state.hand == 2 and state.scores == (21, -15)


def test_going_out_by_discarding_the_last_card() -> None:
    """Seed: a hand ends when a player "has played all of his or her cards to the table
    (discarding if necessary)"; with a card left to keep, the turn passes."""
    table = melds(("5S 6S 7S", 1))
    state = position("8S 9D", "2H 4H KC", table=table, stock="9S 3C")
    state = play(state, "draw stock", "lay off 8S on 1", "lay off 9S on 1")
    assert moves(state) == ["discard 9D"]
    state = play(state, "discard 9D")
    assert [e.kind for e in state.events][:2] == [EventKind.DISCARDS, EventKind.GOES_OUT]
    assert state.hand == 2 and state.scores == (17, 18 - 16)
    kept = play(position("8S 9D", "2H 4H KC", table=table, stock="KD"), "draw stock", "lay off 8S on 1")
    assert moves(kept) == ["discard 9D", "discard KD"]
    assert play(kept, "discard KD").player == 1


def test_a_play_that_would_strand_the_owed_card_is_not_offered() -> None:
    """Rules note 3.3 ambiguity 4 and C6: while the dug card is owed, no play may leave it
    without a way to the table (5S stays for the set of fives)."""
    state = g.new_game(seed=1, dealer=0)
    state = play(state, "take 1")
    assert moves(state) == ["meld AC AD AH", "meld 5C 5H 5S"]
    assert "meld 5S 6S 7S" in [str(m) for m in g._candidate_melds(1, state.hands[1])]
    with pytest.raises(IllegalMove, match="5C must still be playable this turn"):
        g.apply(state, g.MakeMeld(1, cards("5S 6S 7S")))


def test_a_dug_card_may_reach_the_table_by_a_chain_of_lay_offs() -> None:
    """Rules note 3.3 ambiguity 4: the target may be laid off, "possibly onto a meld made
    earlier in the same turn" or after other lay-offs (9H onto 5H-8H once 8H is laid off)."""
    table = melds(("5H 6H 7H", 1))
    state = position("8H 2C 4D", "JS QS KC", table=table, discards="3C 9H")
    assert moves(state) == ["draw stock", "take 1"]
    state = play(state, "take 1")
    assert moves(state) == ["lay off 8H on 1"]
    state = play(state, "lay off 8H on 1", "lay off 9H on 1")
    assert state.table[0].credit == (1, 1, 1, 0, 0)
    assert moves(state) == ["discard 2C", "discard 4D"]


def test_runs_take_the_ace_high_or_low_but_never_around_the_corner() -> None:
    """Rules note R2 (HIGH_OR_LOW): A-2-3 and Q-K-A are runs, K-A-2 is not; sets of 3 or 4."""
    state = position("QH KH AH 2H 3H 4C 4D 4S 4H", "5C 6C 7C", phase=g.Phase.PLAY)
    listed = [m for m in moves(state) if m.startswith("meld")]
    assert listed == [
        "meld AH 2H 3H",
        "meld AH 2H 3H 4H",
        "meld 2H 3H 4H",
        "meld QH KH AH",
        "meld 4C 4D 4H",
        "meld 4C 4D 4S",
        "meld 4C 4H 4S",
        "meld 4D 4H 4S",
        "meld 4C 4D 4H 4S",
    ]
    with pytest.raises(IllegalMove, match="not consecutive"):
        g.apply(state, g.MakeMeld(0, cards("KH AH 2H")))


def test_an_ace_on_a_run_of_two_to_king_goes_high_and_counts_15() -> None:
    """Reading: an ace that fits both ends of 2H..KH is laid high (15 points, not 1)."""
    table = melds(("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 1))
    state = position("AH 5C", "2C 3C 9S", phase=g.Phase.PLAY, table=table)
    assert moves(state) == ["lay off AH on 1", "discard 5C", "discard AH"]
    state = play(state, "lay off AH on 1")
    assert state.table[0].meld.low == 2 and g.table_points(state) == (0 + 15, 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30)
    expected = lay_off_credited(table[0], Card.parse("AH"), 0, g.RULES)[-1]
    assert state.table[0] == expected


def test_refusals_name_the_rule() -> None:
    """Refusals: a turn starts with one draw, melds must be melds, lay-offs must fit, pass only
    with an empty stock, and only the seat to act moves."""
    state = position("9C 9D 3H 5S", "4H 6H 8H 10H", discards="4C 9H KS 2D")
    with pytest.raises(IllegalMove, match="pass only when the stock is used up"):
        g.apply(state, g.Pass(0))
    with pytest.raises(IllegalMove, match="draw first"):
        g.apply(state, g.Discard(0, Card.parse("3H")))
    with pytest.raises(IllegalMove, match="it is seat 0's turn"):
        g.apply(state, g.DrawStock(1))
    with pytest.raises(IllegalMove, match="the discard pile holds 4 cards"):
        g.apply(state, g.TakeDiscards(0, 7))
    state = play(state, "draw stock")
    with pytest.raises(IllegalMove, match="draw once"):
        g.apply(state, g.DrawStock(0))
    with pytest.raises(IllegalMove, match="neither one rank nor one suit"):
        g.apply(state, g.MakeMeld(0, cards("9C 9D 3H")))
    with pytest.raises(IllegalMove, match="there is no meld 2 on the table"):
        g.apply(state, g.LayOff(0, Card.parse("3H"), 2))
    with pytest.raises(IllegalMove, match="4H 5H not in the hand"):
        g.apply(state, g.MakeMeld(0, cards("3H 4H 5H")))


def test_safety_cap_ends_a_hand_after_max_turns() -> None:
    """Rules note C8: `max_turns` ends the hand as a used-up stock does (scored the same way)."""
    options = g.Options(max_turns=2)
    state = g.new_game(seed=4, dealer=0, options=options)
    state = play(state, "draw stock", f"discard {state.stock[0]}")
    assert state.turn_count == 2
    state = play(state, "draw stock", f"discard {state.stock[0]}")
    assert state.hand == 2 and any(e.kind is EventKind.NOTE and "2 turns" in e.label for e in state.events)
    with pytest.raises(ValueError, match="max_turns"):
        g.Options(max_turns=1)
    with pytest.raises(ValueError, match="target"):
        g.Options(target=0)


def test_target_option_and_the_hoyle_preset() -> None:
    """Seed: play "until one player reaches 500 points or more"; `target` changes it."""
    assert g.Options.hoyle() == g.Options() and g.Options().target == 500
    assert g.GAME.presets == (("hoyle", g.Options.hoyle()),)
    assert g.GAME.players == (2,) and g.GAME.quick == g.Options(target=250)
    table = melds(("10C 10D 10H", 0))
    low = position("2D", "2H", table=table, discards="KS", stock="", options=g.Options(target=20))
    assert g.is_over(play(low, "pass"))
    assert not g.is_over(play(position("2D", "2H", table=table, discards="KS", stock=""), "pass"))
    with pytest.raises(ValueError):
        g.new_game(3)


def test_parse_move_accepts_meld_cards_in_any_order() -> None:
    """Notation: "meld 7H 8H 9H", "lay off 10H on 2", "take 3", "discard QS", "pass"."""
    state = g.new_game(seed=1, dealer=0)
    assert g.parse_move(state, "take 1") == g.TakeDiscards(1, 1)
    state = play(state, "take 1")
    assert g.parse_move(state, "meld 5s 5c 5h") == g.MakeMeld(1, cards("5C 5H 5S"))
    with pytest.raises(NotationError, match="not a legal move"):
        g.parse_move(state, "discard 3C")


def test_view_hides_the_other_hand_and_the_stock_and_keeps_the_moves() -> None:
    """Zones: each hand seen by its owner, the stock by nobody, pile, table and taken card by all."""
    state = play(g.new_game(seed=1, dealer=0), "take 1")
    seen = g.view(state, 0)
    assert all(c == HIDDEN for c in seen.hands[1]) and all(c == HIDDEN for c in seen.stock)
    assert seen.taken == state.taken and seen.discards == state.discards
    assert g.legal_moves(g.view(state, 1)) == g.legal_moves(state, 1) and g.legal_moves(seen) == ()
    g.check_invariants(seen)
    assert from_json(to_json(state)) == state


def test_invariants_refuse_wrong_wants_and_a_broken_table() -> None:
    """check_invariants guards hostile input: `wants` must match the table, melds be melds."""
    table = melds(("5S 6S 7S", 0))
    state = position("8S 2C 9D", "3H 4H 9C", player=1, phase=g.Phase.PLAY, table=table)
    with pytest.raises(ValueError, match="wants"):
        g.check_invariants(attrs.evolve(state, wants=(0,)))
    bad = TableMeld(attrs.evolve(table[0].meld, low=7), 0, (0, 0, 0))
    with pytest.raises(ValueError, match="not a meld as recorded"):
        g.check_invariants(attrs.evolve(state, table=(bad,)))
    with pytest.raises(ValueError, match="credits"):
        g.check_invariants(attrs.evolve(state, table=(TableMeld(table[0].meld, 0, (0, 0)),)))


def test_whole_match_to_500_with_the_right_winner() -> None:
    """Seed: "You play multiple hands until one player reaches 500 points or more at the end
    of a hand; that player wins the game"."""
    state = g.new_game(seed=11)
    chooser = random.Random(11)
    plies = 0
    while not g.is_over(state):
        legal = g.legal_moves(state)
        state = g.apply(state, legal[chooser.randrange(len(legal))])
        plies += 1
    winner = max((0, 1), key=lambda s: state.scores[s])
    assert g.winners(state) == frozenset({winner}) and state.scores[winner] >= 500
    assert state.scores[winner] > state.scores[1 - winner] and plies < g.GAME.max_plies
    assert "game over" in g.render(state)


def _reference_play(state: g.State) -> set[tuple[str, frozenset[Card], int]]:
    """The play moves by brute force over the core helpers."""
    p, hand, taken = state.player, state.hands[state.player], state.taken
    held = hand + taken
    found: set[tuple[str, frozenset[Card], int]] = set()
    for size in (3, 4):
        for combo in itertools.combinations(held, size):
            if meld_readings(combo, g.RULES):
                found.add(("meld", frozenset(combo), 0))
    for number, tm in enumerate(state.table, 1):
        for c in held:
            if lay_off(tm.meld, c, g.RULES):
                found.add(("lay", frozenset((c,)), number))
    out = set()
    for kind, group, number in found:
        if taken and taken[0] not in group:
            rest = tuple(c for c in hand if c not in group)
            if kind == "meld":
                onto = [tm.meld for tm in state.table] + [meld_readings(tuple(group), g.RULES)[0]]
            else:
                grown = lay_off_credited(state.table[number - 1], next(iter(group)), p, g.RULES)[-1]
                onto = [tm.meld for tm in state.table]
                onto[number - 1] = grown.meld
            if state.owed and not can_use_at_once(taken[0], rest, g.RULES, DigRules(), onto=onto):
                continue
            if not state.owed and not rest and not any(can_lay_off(m, taken[0], g.RULES) for m in onto):
                continue
        out.add((kind, group, number))
    if not state.owed:
        out |= {("discard", frozenset((c,)), 0) for c in hand}
    return out


def test_fast_move_generation_agrees_with_the_core_melding_helpers() -> None:
    """The bit-mask hot path gives what `dig_depths`, `can_use_at_once`, `lay_off_credited` and
    a brute-force meld search give, in random games under both options."""
    checked = 0
    for seed in range(8):
        options = g.Options(target=250, top_card_must_be_played=seed % 2 == 0)
        state = g.new_game(seed=seed, options=options)
        chooser = random.Random(seed)
        while not g.is_over(state):
            if state.phase is g.Phase.DRAW:
                dig = DigRules(free_top=not options.top_card_must_be_played)
                onto = [tm.meld for tm in state.table]
                expected = dig_depths(state.discards, state.hands[state.player], g.RULES, dig, onto=onto)
                assert g.take_depths(state.discards, state.hands[state.player], state.table, options) == expected
            else:
                mine = set()
                for m in g.legal_moves(state):
                    if isinstance(m, g.MakeMeld):
                        mine.add(("meld", frozenset(m.cards), 0))
                    elif isinstance(m, g.LayOff):
                        mine.add(("lay", frozenset((m.card,)), m.meld))
                        grown = g._grow(state.table, m.meld, m.card, m.player)[m.meld - 1]
                        assert grown == lay_off_credited(state.table[m.meld - 1], m.card, m.player, g.RULES)[-1]
                    elif isinstance(m, g.Discard):
                        mine.add(("discard", frozenset((m.card,)), 0))
                assert len(mine) == len(g.legal_moves(state))
                assert mine == _reference_play(state)
                checked += 1
            legal = g.legal_moves(state)
            state = g.apply(state, legal[chooser.randrange(len(legal))])
    assert checked > 500


def test_the_run_table_agrees_with_the_pairs_it_replaces() -> None:
    """`_in_run` (the `_RUN3` table, the ace apart) agrees with the plain test of every pair of
    run positions that completes a run of three with the card, for every rank and every
    set of run positions held in a suit."""
    from parlour.games.rummy_500.masks import _PAIRS, _in_run

    for rank in range(1, 14):
        for lane in range(1 << 13):
            spots = lane << 1 | (1 << 14 if lane & 1 else 0)  # bit 1 the ace low, 14 the ace high
            assert _in_run(spots, rank) == any(spots & pair == pair for pair in _PAIRS[rank])


def test_the_meld_table_near_a_card_agrees_with_the_plain_tests() -> None:
    """`_melds_near` (what the pile scan reads through `_MELDS_NEAR`) agrees with the plain
    tests of the cards held (two more of the rank, or a pair of run positions of `_PAIRS`),
    for every card and every part of the cards near it."""
    from parlour.games.rummy_500.masks import _BIT, _NEAR, _PAIRS
    from parlour.games.rummy_500.rules import _melds_near

    for card in g.PACK:
        near = [1 << b for b in range(52) if _NEAR[card.index] >> b & 1]
        assert len(near) <= 7
        for k in range(len(near) + 1):
            for part in itertools.combinations(near, k):
                close = sum(part)
                held = [c for c in g.PACK if _BIT[c.index] & close]
                same = sum(1 for c in held if c.rank is card.rank)
                spots = 0
                for c in held:
                    if c.suit is card.suit:
                        spots |= 1 << int(c.rank) | (1 << 14 if int(c.rank) == 1 else 0)
                expected = same >= 2 or any(spots & pair == pair for pair in _PAIRS[int(card.rank)])
                assert _melds_near(card.index, close) == expected


def test_hand_places_read_from_the_masks_agree_with_a_sort() -> None:
    """`_insert` and `_without` find a card's place in a sorted hand from the hand's mask
    (`_BEFORE`): the same hands as sorting afresh, on random hands."""
    from parlour.games.rummy_500.masks import _mask
    from parlour.games.rummy_500.rules import _insert, _without

    chooser = random.Random(5)
    for _ in range(2000):
        cards = list(g.PACK)
        chooser.shuffle(cards)
        hand = sorted_cards(cards[: chooser.randrange(0, 20)])
        new, held = cards[20], cards[: len(hand)]
        assert _insert(hand, _mask(hand), new) == sorted_cards((*hand, new))
        if held:
            gone = chooser.choice(held)
            assert _without(hand, _mask(hand), gone) == sorted_cards([c for c in hand if c is not gone])


def test_render_shows_the_hand_the_table_with_credit_and_the_fanned_pile() -> None:
    """The text picture: whose move, each seat's total and cards, numbered melds, pile depths."""
    table = melds(("5S 6S 7S", 0))
    state = position("8S 2C 9D", "3H 4H 9C", player=1, phase=g.Phase.PLAY, table=table, discards="4C 9H")
    state = play(state, "lay off 8S on 1")
    text = g.render(g.view(state, 1))
    assert "seat 1 to meld, lay off, then discard" in text
    assert "meld 1 of seat 0: 5S 6S 7S 8S (laid off by seat 8S: 1)" in text
    assert "discard pile (top last, [depth]): 4C[2] 9H[1]" in text
    assert "seat 0  total 0, on the table 18, 3 cards" in text and "3H" not in text


def test_carried_hand_facts_equal_the_ones_computed_afresh() -> None:
    """`apply` hands on each state's hand masks, `fits` and `run_fits` (updated for the cards
    that moved); they equal what a state built from its fields alone computes."""
    checked = 0
    for seed in range(6):
        state = g.new_game(seed=100 + seed, options=g.Options(target=250))
        chooser = random.Random(seed)
        while not g.is_over(state):
            fresh = attrs.evolve(state)  # the same fields, nothing carried
            assert (state.masks, state.fits, state.run_fits) == (fresh.masks, fresh.fits, fresh.run_fits)
            assert state.legal == fresh.legal
            checked += 1
            legal = g.legal_moves(state)
            state = g.apply(state, legal[chooser.randrange(len(legal))])
    assert checked > 1000


def test_dig_depths_by_bit_tests_agree_with_the_core_search_on_made_up_tables() -> None:
    """`take_depths` (bit tests, the chain of lay-offs read as one held card next to the dug
    card) gives what `dig_depths` with `can_use_at_once` gives, on random hands and piles and
    random tables of runs (ace low and high) and sets with room to grow."""
    from parlour.games.rummy_500.masks import _AT
    from parlour.games.rummy_500.moves import _meld_of_move

    chooser = random.Random(7)
    chained = 0
    for _ in range(1500):
        deck = list(g.PACK)
        chooser.shuffle(deck)
        table: list[TableMeld] = []
        for _ in range(chooser.randrange(6)):
            suit, low = chooser.randrange(4), chooser.randrange(1, 13)
            run = _AT[suit][low : low + 3]
            if all(c in deck for c in run):
                for c in run:
                    deck.remove(c)
                table.append(table_meld(_meld_of_move(run), 0))
        rank = deck[-1].rank
        trio = tuple(c for c in deck if c.rank is rank)[:3]
        if len(trio) == 3 and chooser.random() < 0.5:
            for c in trio:
                deck.remove(c)
            table.append(table_meld(_meld_of_move(sorted_cards(trio)), 1))
        hand = tuple(deck[:10])
        pile = tuple(deck[10 : 10 + chooser.randrange(1, 9)])
        onto = [tm.meld for tm in table]
        for free in (False, True):
            options = g.Options(top_card_must_be_played=not free)
            expected = dig_depths(pile, hand, g.RULES, DigRules(free_top=free), onto=onto)
            assert g.take_depths(pile, hand, tuple(table), options) == expected
        bare = dig_depths(pile, hand, g.RULES, DigRules(), onto=())
        chained += len(set(dig_depths(pile, hand, g.RULES, DigRules(), onto=onto)) - set(bare))
    assert chained > 100  # the table mattered often enough to test the lay-offs
