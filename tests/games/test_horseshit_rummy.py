"""Scenario tests for Horseshit Rummy (the Metzker Book of Card Game Rules, "Horseshit Rummy";
rules/rummy.md section 3.12 with its scenario tests, and the conventions C5/C6/C7/C8/C9 of
section 0)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import HIDDEN, Card, Rank, parse_cards
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.melds import TableMeld, can_use_at_once, dig_depths, make_meld, table_meld
from parlour.games import horseshit_rummy as h


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def sset(text: str, owner: int, wild: Rank = Rank.NINE, credit: tuple[int, ...] | None = None) -> TableMeld:
    """A table set of `text` laid by `owner` (credit: who laid each card)."""
    tm = table_meld(make_meld(cards(text), h.meld_rules(wild)), owner)
    tm = attrs.evolve(tm, meld=attrs.evolve(tm.meld, cards=cards(text)))
    return tm if credit is None else attrs.evolve(tm, credit=credit)


def position(
    hands: tuple[str, ...],
    *,
    wild: Rank = Rank.NINE,
    pile: str = "",
    table: tuple[TableMeld, ...] = (),
    melded: tuple[bool, ...] | None = None,
    fresh: bool = False,
    phase: h.Phase = h.Phase.PLAY,
    player: int = 0,
    taken: str = "",
    owed: bool = False,
    stock: str | None = None,
    scores: tuple[int, ...] | None = None,
    turns: int = 1,
    options: h.Options | None = None,
) -> h.State:
    """A mid-hand position; the stock is every card not placed (or exactly `stock`, the rest
    going under the pile)."""
    n = len(hands)
    base = h.new_game(n, seed=5, dealer=n - 1, options=options)
    placed = Counter(c for text in hands for c in cards(text))
    placed.update(cards(pile))
    placed.update(cards(taken))
    placed.update(c for tm in table for c in tm.meld.cards)
    rest = Counter(h.pack_for(n, base.options))
    rest.subtract(placed)
    assert min(rest.values()) >= 0, "more copies placed than the pack holds"
    left = tuple(c for c in h.pack_for(n, base.options) if rest[c] > 0 and not rest.subtract({c: 1}))
    under: tuple[Card, ...] = ()
    if stock is None:
        top = left
    else:
        top = cards(stock)
        spare = Counter(left)
        spare.subtract(top)
        under = tuple(spare.elements())
    if melded is None:
        melded = tuple(any(tm.owner == s for tm in table) for s in range(n))
    state = attrs.evolve(
        base,
        wild=wild,
        phase=phase,
        player=player,
        hands=tuple(h.sort_hand(cards(text)) for text in hands),
        stock=top,
        discards=under + cards(pile),
        taken=cards(taken),
        owed=owed,
        table=table,
        melded=melded,
        fresh=fresh,
        turns=turns,
        scores=(0,) * n if scores is None else scores,
    )
    h.check_invariants(state)
    return state


def moves(state: h.State, player: int | None = None) -> list[str]:
    return [str(m) for m in h.legal_moves(state, player)]


def play(state: h.State, *texts: str) -> h.State:
    for text in texts:
        state = h.apply(state, h.parse_move(state, text))
    return state


def fixed_deck(prefix: str, players: int = 3, options: h.Options | None = None) -> tuple[Card, ...]:
    """A whole pack starting with `prefix` (top card first), the rest in pack order."""
    front = cards(prefix)
    rest = Counter(h.pack_for(players, options or h.Options()))
    rest.subtract(front)
    return front + tuple(rest.elements())


# ---------------------------------------------------------------------------------------------
# The deal


def test_deal_up_card_sets_hand_size_and_dealer_up_card_is_wild() -> None:
    """Rules notes 3.12 scenario 1 (book: "if the first card is a 5 they will receive four more
    cards ... Aces are 14 cards ... The face up card for the Dealer is wild for everyone")."""
    deck = fixed_deck(
        "5D 3C 3D 3H 3S  AS 4C 4D 4H 4S 5C 5H 5S 6C 6D 6H 6S 7C 7D  9C 8C 8D 8H 8S 10C 10D 10H 10S  KH"
    )
    state = h.new_game(3, deck=deck, dealer=2)
    assert [len(x) for x in state.hands] == [5, 14, 9]
    assert state.wild is Rank.NINE
    assert state.discards == cards("KH") and len(state.stock) == 144 - 5 - 14 - 9 - 1
    assert state.player == 0 and state.phase is h.Phase.DRAW
    ups = [str(e) for e in state.events if e.kind in (EventKind.SHOWS, EventKind.TURNS_UP)]
    assert ups == ["seat 0 shows: up card 5D", "seat 1 shows: up card AS", "seat 2 shows: up card 9C", "turns up KH"]
    assert "9s are wild" in [e.label for e in state.events]
    assert h.DEAL_SIZE[Rank.ACE] == 14 and h.DEAL_SIZE[Rank.KING] == 13 and h.DEAL_SIZE[Rank.THREE] == 3


def test_decks_by_player_count_and_option() -> None:
    """Book: "3-4 decks of cards, remove 2s and jokers"; rules notes: 3 packs up to six players,
    4 for seven to ten; `Options.decks` fixes the count."""
    assert len(h.new_game(6, seed=1).stock) + sum(len(x) for x in h.new_game(6, seed=1).hands) + 1 == 144
    seven = h.new_game(7, seed=1)
    assert len(seven.stock) + sum(len(x) for x in seven.hands) + len(seven.discards) == 192
    two = h.new_game(2, seed=1, options=h.Options(decks=4))
    assert len(two.stock) + sum(len(x) for x in two.hands) + len(two.discards) == 192
    assert not any(c.rank is Rank.TWO or c.is_joker for c in h.pack_for(10, h.Options()))
    with pytest.raises(ValueError, match="decks must be"):
        h.Options(decks=2)


# ---------------------------------------------------------------------------------------------
# Drawing and digging


def test_dig_with_a_pair_takes_the_cards_above_and_must_meld_at_once() -> None:
    """Rules notes 3.12 scenario 2 (book: "You can pick the pile as 'deep' as you have at least
    two matching natural cards"): pile KD 4S 9H 6C with 9s wild, holding K K, the player digs
    to KD, takes all four (the wild 9H too) and must meld KD with the pair first."""
    state = position(("KC KS 5D 7H", "3C 3D 3H"), pile="KD 4S 9H 6C", phase=h.Phase.DRAW)
    assert moves(state) == ["draw stock", "take 1", "take 4"]
    state = play(state, "take 4")
    assert state.taken == cards("KD 4S 9H 6C") and state.owed
    assert [str(e) for e in state.events] == ["seat 0 takes: dig to depth 4 KD 4S 9H 6C"]
    assert moves(state) == ["meld KD KC KS"]
    state = play(state, "meld KD KC KS")
    assert state.hands[0] == cards("4S 5D 6C 7H 9H") and not state.taken and not state.owed
    assert [str(tm) for tm in state.table] == ["KD KC KS"]
    assert "lay off 9H on 0" in moves(state)


def test_dig_needs_two_natural_cards_of_the_rank() -> None:
    """Book: "at least two matching natural cards in your hand"; a wild card does not make the
    pair (rules notes DigRules naturals)."""
    state = position(("KC 9S 5D", "3C 3D 3H"), pile="KD 4S 6C", phase=h.Phase.DRAW)
    assert moves(state) == ["draw stock", "take 1"]
    with pytest.raises(IllegalMove, match="needs two natural Ks in hand"):
        h.apply(state, h.Take(0, 3))
    rules = h.meld_rules(Rank.NINE)
    assert not can_use_at_once(Card.parse("KD"), cards("KC 9S 5D"), rules, h.DIG_RULES)
    assert can_use_at_once(Card.parse("KD"), cards("KC KH 5D"), rules, h.DIG_RULES)


def test_wild_card_on_top_cannot_be_taken_alone_but_can_be_dug_under() -> None:
    """Rules notes 3.12 scenario 3 (book: "You can not pick a wild card from the discard pile
    unless it's in the pile you pick up with a pair")."""
    state = position(("KC KS 5D", "3C 3D 3H"), pile="KD 9S", phase=h.Phase.DRAW)
    assert moves(state) == ["draw stock", "take 2"]
    with pytest.raises(IllegalMove, match="9S is wild"):
        h.apply(state, h.Take(0, 1))
    state = play(state, "take 2", "meld KD KC KS")
    assert state.hands[0] == cards("5D 9S")


def test_dig_depths_agree_with_core_dig_rules() -> None:
    """The offered depths are core.melds.dig_depths under DIG_RULES (a natural target, two
    natural cards of its rank from the hand, the top card free unless wild)."""
    rng = random.Random(3)
    pack = list(h.pack_for(4, h.Options()))
    for _ in range(500):
        rng.shuffle(pack)
        pile, hand, wild = pack[: rng.randrange(12)], pack[20 : 20 + rng.randrange(1, 12)], rng.choice(h.RANKS)
        pair_always = h.Options(top_card_needs_pair=True)
        for options, dig in ((h.Options(), h.DIG_RULES), (pair_always, h.DIG_RULES_PAIR_ALWAYS)):
            assert h.dig_choices(pile, hand, wild, options) == dig_depths(pile, hand, h.meld_rules(wild), dig)


def test_top_card_is_a_free_draw_but_not_discarded_again() -> None:
    """Rules notes 3.12 ambiguity 1 (the top card needs no pair) and C5 (the card taken from the
    pile may not be discarded in the same turn)."""
    state = position(("QC 5D 7H", "3C 3D 3H"), pile="4S 8C", phase=h.Phase.DRAW)
    state = play(state, "take 1")
    assert not state.owed and state.taken == cards("8C")
    assert moves(state) == ["discard 5D", "discard 7H", "discard QC"]
    with pytest.raises(IllegalMove, match="just taken from the discard pile"):
        h.apply(state, h.Discard(0, Card.parse("8C")))
    state = play(state, "discard QC")
    assert state.hands[0] == cards("5D 7H 8C") and state.player == 1


def test_option_top_card_needs_pair() -> None:
    """Option `top_card_needs_pair` (rules notes 3.12 options): the top card is taken only with
    a natural pair and melded at once."""
    opts = h.Options(top_card_needs_pair=True)
    bare = position(("QC 5D 7H", "3C 3D 3H"), pile="4S 8C", phase=h.Phase.DRAW, options=opts)
    assert moves(bare) == ["draw stock"]
    paired = position(("8D 8H 5D", "3C 3D 3H"), pile="4S 8C", phase=h.Phase.DRAW, options=opts)
    assert moves(paired) == ["draw stock", "take 1"]
    state = play(paired, "take 1")
    assert state.owed and moves(state) == ["meld 8C 8D 8H"]
    state = play(state, "meld 8C 8D 8H")
    assert state.hands[0] == cards("5D")


# ---------------------------------------------------------------------------------------------
# Melding and laying off


def test_sets_only_with_a_natural_and_any_wilds() -> None:
    """Book: "Only sets are permitted. No runs", "Meld is 3 or more of a kind", "You must have
    at least one natural card in each grouping": melds are offered three cards at a time,
    naturals first, never all wild and never a run."""
    state = position(("5D 6D 7D KC KH KS 9C 9H QC", "3C 3D 3H"), pile="4S")
    assert moves(state) == [
        "meld 5D 9C 9H",
        "meld 6D 9C 9H",
        "meld 7D 9C 9H",
        "meld QC 9C 9H",
        "meld KC KH KS",
        "meld KC KH 9C",
        "meld KC 9C 9H",
        "discard 5D",
        "discard 6D",
        "discard 7D",
        "discard 9C",
        "discard 9H",
        "discard QC",
        "discard KC",
        "discard KH",
        "discard KS",
    ]
    with pytest.raises(IllegalMove, match="three cards of one rank"):
        h.apply(state, h.MakeMeld(0, cards("5D 6D 7D")))
    assert str(h.parse_move(state, "meld 9C KH KC")) == "meld KC KH 9C"
    with pytest.raises(NotationError, match="not a legal move"):
        h.parse_move(state, "meld KC KS 9C")


def test_no_lay_off_on_others_in_first_meld_turn() -> None:
    """Rules notes 3.12 scenario 5 (book: "You can not lay down any cards on other players in
    the round that you meld"): illegal in the turn of the first meld, legal the next turn."""
    table = (sset("AC AD AH", 1),)
    state = position(("QC QD QH AS 5D", "3C 3D 3H 4C"), table=table)
    assert "lay off AS on 0" not in moves(state)
    state = play(state, "meld QC QD QH")
    assert state.fresh and moves(state) == ["discard 5D", "discard AS"]
    with pytest.raises(IllegalMove, match="turn of your first meld"):
        h.apply(state, h.LayOff(0, Card.parse("AS"), 0))
    state = play(state, "discard 5D", "draw stock")
    drawn = state.hands[1]
    state = play(state, f"discard {drawn[0]}", "draw stock")
    assert "lay off AS on 0" in moves(state)
    state = play(state, "lay off AS on 0")
    assert state.table[0].credit == (1, 1, 1, 0)


def test_option_no_layoff_on_others_in_first_meld_turn_off() -> None:
    """Option `no_layoff_on_others_in_first_meld_turn` off: a lay-off onto another's set is
    allowed in the turn of one's first meld (still after a set of one's own)."""
    table = (sset("AC AD AH", 1),)
    opts = h.Options(no_layoff_on_others_in_first_meld_turn=False)
    state = position(("QC QD QH AS 5D", "3C 3D 3H 4C"), table=table, options=opts)
    assert "lay off AS on 0" not in moves(state)
    state = play(state, "meld QC QD QH")
    assert "lay off AS on 0" in moves(state)


def test_lay_off_needs_own_meld_but_own_sets_any_time() -> None:
    """Rules notes 3.12: lay-offs onto one's own sets at any time, onto others' only after the
    turn of one's first meld; a wild card may be laid off on any set (no swaps)."""
    table = (sset("AC AD AH", 1), sset("QC QD 9S", 0))
    state = position(("QH AS 9D 5D", "3C 3D 3H 4C"), table=table, melded=(True, True))
    assert moves(state) == [
        "lay off AS on 0",
        "lay off 9D on 0",
        "lay off QH on 1",
        "lay off 9D on 1",
        "discard 5D",
        "discard 9D",
        "discard QH",
        "discard AS",
    ]
    fresh = attrs.evolve(state, fresh=True)
    assert moves(fresh)[:2] == ["lay off QH on 1", "lay off 9D on 1"]
    stranger = position(("QH AS 9D 5D", "3C 3D 3H 4C"), table=(sset("AC AD AH", 1),))
    with pytest.raises(IllegalMove, match="only after a set of your own"):
        h.apply(stranger, h.LayOff(0, Card.parse("AS"), 0))


def test_plays_never_leave_only_the_card_taken() -> None:
    """Rules notes C6 with C5: no meld or lay-off that would leave only the card just taken from
    the pile (it cannot be discarded), so the turn can always end."""
    table = (sset("QC QD QH", 0),)
    state = position(("QS", "3C 3D 3H 4C"), table=table, taken="7C")
    assert moves(state) == ["discard QS"]
    with pytest.raises(IllegalMove, match="the turn could not end"):
        h.apply(state, h.LayOff(0, Card.parse("QS"), 0))
    took_queen = position(("QS", "3C 3D 3H 4C"), table=table, taken="QC")
    assert moves(took_queen) == ["lay off QC on 0", "discard QS"]
    roomy = position(("QS 5D", "3C 3D 3H 4C"), table=table, taken="7C")
    assert moves(roomy) == ["lay off QS on 0", "discard 5D", "discard QS"]


# ---------------------------------------------------------------------------------------------
# Going out and scoring


def test_going_out_by_melding_the_last_cards_needs_no_discard() -> None:
    """Book: "You do NOT have to discard to go out", "You may go out in the first round"."""
    state = position(("KC KD KH", "3C 3D 3H 4C"), scores=(0, 0))
    state = play(state, "meld KC KD KH")
    kinds = [e.kind for e in state.events]
    assert EventKind.GOES_OUT in kinds and EventKind.HAND_SCORED in kinds
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (30, -20)
    assert state.hand == 2 and state.scores == (30, -20) and state.dealer == 0


def test_going_out_by_laying_off_the_last_card() -> None:
    """Book: "You do NOT have to discard to go out": laying off the last card ends the hand."""
    table = (sset("KC KD KH", 0),)
    state = position(("9S", "3C 3D 3H 4C"), table=table)
    assert moves(state) == ["lay off 9S on 0", "discard 9S"]
    state = play(state, "lay off 9S on 0")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (130, -20) and state.hand == 2


def test_metzker_preset_is_the_default_and_render_shows_the_table() -> None:
    """The preset of the book equals the defaults; `render` shows the wild rank, the hand by
    rank, the table sets with their owners and the pile."""
    assert h.Options.metzker() == h.Options() and ("metzker", h.Options.metzker()) in h.GAME.presets
    table = (sset("KC KD 9H", 1),)
    state = position(("5C 5D AS", "3C 3D 3H 4C"), table=table, pile="7S 8C")
    text = h.render(h.view(state, 0))
    assert "9s wild, game to 1500" in text and "seat 0 to meld, lay off or discard" in text
    assert "seat 0  score 0  3 cards: 5C 5D | AS" in text and "seat 1  score 0, has melded  4 cards" in text
    assert "  0: KC KD 9H (seat 1)" in text and text.endswith("discard pile (top last): 7S 8C")


def test_hand_score_is_table_less_hand_with_wilds_and_aces_100() -> None:
    """Rules notes 3.12 scenario 4 (book scoring: "Wilds 100, Ace 100, K-10 10, 9-3 5", "Count
    all points played out in front of you less any cards still in your hand"): 9s wild, table
    A A A (300) + 5 5 9 (110), hand K 4 (15): +395."""
    table = (sset("AC AD AH", 0), sset("5C 5D 9H", 0))
    state = position(("KS 4D", "QC"), table=table, player=1, scores=(0, 0))
    state = play(state, "discard QC")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (395, 0)
    assert h.hand_points(cards("KS 4D 9C"), Rank.NINE) == 115


def test_aces_wild_still_count_100_and_lay_offs_count_for_the_layer() -> None:
    """Rules notes 3.12: "If aces are the wild rank they are still 100"; book: "You play in
    front of yourself so that you can include these points in your count"."""
    table = (sset("KC KD AS", 0, wild=Rank.ACE, credit=(0, 0, 1)), sset("5D 5H 5S", 1, wild=Rank.ACE))
    state = position(("5C", "6C"), wild=Rank.ACE, table=table)
    assert h.table_points(state.table, Rank.ACE, 2) == (20, 115)
    assert h.hand_scores(state) == (15, 110)


def test_target_reached_by_two_highest_wins() -> None:
    """Rules notes 3.12 scenario 6 (book: "First player to 1500 wins"): 1520 and 1560 in the
    same hand, the 1560 player wins."""
    table = (sset("10C 10D 10H", 0), sset("AC AD AS", 1))
    state = position(("5C", "QC"), table=table, player=1, scores=(1495, 1260))
    state = play(state, "discard QC")
    assert h.is_over(state) and state.scores == (1520, 1560) and h.winners(state) == frozenset({1})
    assert h.legal_moves(state) == ()


def test_exact_tie_past_target_plays_another_hand() -> None:
    """Rules notes C9: an exact tie for the highest past the target plays another hand."""
    table = (sset("10C 10D 10H", 0), sset("AC AD AS", 1))
    state = position(("5C", "QC"), table=table, player=1, scores=(1475, 1200))
    state = play(state, "discard QC")
    assert not h.is_over(state) and state.scores == (1500, 1500) and state.hand == 2
    assert "a tie for the lead past the target: another hand" in [e.label for e in state.events]


def test_option_target() -> None:
    """Option `target`: the match ends when a seat reaches it."""
    table = (sset("AC AD AS", 1),)
    state = position(("5C", "QC"), table=table, player=1, options=h.Options(target=300))
    assert h.winners(play(state, "discard QC")) == frozenset({1})
    state = position(("5C", "QC"), table=table, player=1)
    assert not h.is_over(play(state, "discard QC"))


def test_empty_stock_take_or_pass_ends_hand() -> None:
    """Rules notes 3.12 (stock: END_WHEN_DISCARD_REFUSED): with an empty stock the player may
    still take from the pile, or pass, which ends the hand."""
    state = position(("5C 6D", "QC KD"), pile="7S", stock="", phase=h.Phase.DRAW)
    assert moves(state) == ["take 1", "pass"]
    state = play(state, "pass")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (-10, -20) and state.hand == 2
    with pytest.raises(IllegalMove, match="pass only when the stock is empty"):
        h.apply(position(("5C 6D", "QC KD"), pile="7S", phase=h.Phase.DRAW), h.Pass(0))


def test_turn_cap_ends_the_hand() -> None:
    """Rules notes C8 (option `max_turns`): the hand ends after the cap, scored as usual."""
    opts = h.Options(max_turns=3)
    state = position(("5C 6D", "QC KD"), turns=3, options=opts)
    state = play(state, "discard 5C")
    assert state.hand == 2 and any("3 turns played" in e.label for e in state.events)
    state = position(("5C 6D", "QC KD"), turns=2, options=opts)
    assert play(state, "discard 5C").player == 1


def test_whole_match_ends_with_the_highest_score_past_the_target() -> None:
    """Book: "First player to 1500 wins": a seeded random match to its end."""
    rng = random.Random(7)
    state = h.new_game(3, seed=7)
    plies = 0
    while not h.is_over(state):
        state = h.apply(state, rng.choice(h.legal_moves(state)))
        plies += 1
    (winner,) = h.winners(state)
    assert state.scores[winner] == max(state.scores) >= 1500
    assert sorted(state.scores).count(state.scores[winner]) == 1
    assert state.hand > 1 and plies < h.GAME.max_plies


# ---------------------------------------------------------------------------------------------
# Refusals, views and invariants


def test_refusals_name_the_rule() -> None:
    """Illegal moves are refused with the rule they break."""
    state = position(("KC KS 5D", "3C 3D 3H"), pile="KD 4S", phase=h.Phase.DRAW)
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        h.apply(state, h.DrawStock(1))
    with pytest.raises(IllegalMove, match="holds 2 cards"):
        h.apply(state, h.Take(0, 5))
    with pytest.raises(IllegalMove, match="draw first"):
        h.apply(state, h.Discard(0, Card.parse("5D")))
    owed = play(state, "take 2")
    with pytest.raises(IllegalMove, match="KD was dug and must be melded first"):
        h.apply(owed, h.Discard(0, Card.parse("5D")))
    with pytest.raises(IllegalMove, match="draw once"):
        h.apply(owed, h.DrawStock(0))


def test_views_hide_hands_and_stock_but_show_taken_cards() -> None:
    """The zones: hands seen by their owners, the stock by nobody, the pile and taken cards by
    everyone; a view has exactly its seat's moves."""
    state = play(position(("KC KS 5D", "3C 3D 3H"), pile="KD 4S", phase=h.Phase.DRAW), "take 2")
    view = h.view(state, 1)
    assert view.hands[0] == (HIDDEN,) * 3 and view.taken == cards("KD 4S")
    assert all(c is HIDDEN for c in view.stock)
    assert h.legal_moves(h.view(state, 0)) == h.legal_moves(state, 0)
    assert h.legal_moves(view) == ()
    assert from_json(to_json(state)) == state


def test_invariants_refuse_impossible_states() -> None:
    """check_invariants guards decoded states: a set of the wild rank, a dig owed without the
    pair, a wild card held apart, a seat past the target in play."""
    state = position(("KC KS 5D", "3C 3D 3H"), pile="KD 4S")
    good_set = position(("KC KS 5D", "3C 3D 3H"), pile="KD 4S", table=(sset("9C 9D KH", 0),))
    nines = attrs.evolve(good_set.table[0], meld=attrs.evolve(good_set.table[0].meld, rank=Rank.NINE))
    with pytest.raises(ValueError, match="not a set of a natural rank"):
        h.check_invariants(attrs.evolve(good_set, table=(nines,)))
    with pytest.raises(ValueError, match="has not melded"):
        h.check_invariants(attrs.evolve(good_set, melded=(False, False)))
    wild_top = position(("KC 5D 7D", "3C 3D 3H"), pile="KD 9S")
    with pytest.raises(ValueError, match="only the natural top card"):
        h.check_invariants(attrs.evolve(wild_top, discards=wild_top.discards[:-1], taken=cards("9S")))
    with pytest.raises(ValueError, match="natural target"):
        h.check_invariants(attrs.evolve(wild_top, discards=wild_top.discards[:-2], taken=cards("9S KD"), owed=True))
    with pytest.raises(ValueError, match="belong to a turn's play"):
        h.check_invariants(attrs.evolve(good_set, phase=h.Phase.DRAW, fresh=True))
    with pytest.raises(ValueError, match="game should be over"):
        h.check_invariants(attrs.evolve(state, scores=(1600, 0)))
    with pytest.raises(ValueError, match="wild rank"):
        h.check_invariants(attrs.evolve(state, wild=Rank.TWO))
    with pytest.raises(ValueError, match="not in sorted order"):
        h.check_invariants(attrs.evolve(state, hands=(cards("KC 5D KS"), state.hands[1])))
    h.check_invariants(h.view(state, 1))
