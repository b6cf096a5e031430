"""Scenario tests for Arizona Rummy (the Metzker Book of Card Game Rules, "Arizona Rummy";
rules/rummy.md sections 0, 2, 3.11 and the digest in section 4)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import HIDDEN, Card, Rank, parse_cards, sorted_cards
from parlour.core.contracts import find_contract
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.melds import Meld, MeldKind, best_partition
from parlour.games import arizona_rummy as g


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(
    hands: list[str],
    *,
    round_number: int = 1,
    turn: int = 0,
    phase: g.Phase = g.Phase.DRAW,
    piles: list[str] | None = None,
    stock: str = "",
    taken: str = "",
    points: tuple[int, ...] | None = None,
    options: g.Options | None = None,
) -> g.State:
    """A mid-round position: `hands` by seat, `stock` the top of the stock (the rest of the pack
    follows it), `piles` each seat's discard pile (top last)."""
    n = len(hands)
    base = g.new_game(n, seed=3, dealer=(turn - 1) % n, options=options)
    pile_cards = [cards(p) for p in piles] if piles else [()] * n
    used = Counter(c for h in hands for c in cards(h))
    used.update(c for p in pile_cards for c in p)
    used.update(cards(stock))
    used.update(cards(taken))
    rest = Counter(g.pack_for(base.options.packs_for(n))) - used
    assert sum(rest.values()) + sum(used.values()) == len(g.pack_for(base.options.packs_for(n))), "cards beyond the pack"
    state = attrs.evolve(
        base,
        hand=round_number,
        phase=phase,
        turn=turn,
        hands=tuple(sorted_cards(cards(h)) for h in hands),
        stock=cards(stock) + sorted_cards(rest.elements()),
        piles=tuple(pile_cards),
        taken=cards(taken),
        points=points or (0,) * n,
    )
    g.check_invariants(state)
    return state


def moves(state: g.State, player: int | None = None) -> list[str]:
    return [str(m) for m in g.legal_moves(state, player)]


def play(state: g.State, *texts: str) -> g.State:
    for text in texts:
        state = g.apply(state, g.parse_move(state, text))
    return state


def kinds(state: g.State) -> list[EventKind]:
    return [e.kind for e in state.events]


# Round set-up -------------------------------------------------------------------------------


def test_round_setup_hand_size_and_wild_rank_rise_each_round() -> None:
    """Seed: "1st round deal 3 cards and 3s are wild ... Kings are 13 cards" (rules 3.11
    scenario 1): round 1 deals 3 cards with 3s and jokers wild, round 11 13 cards with kings."""
    state = g.new_game(4, seed=1, dealer=0)
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert g.wild_ranks(state) == frozenset({Rank.THREE, Rank.JOKER})
    assert g.ROUND_CARDS == tuple(range(3, 14))
    assert g.round_rules(11).wild_ranks == frozenset({Rank.KING, Rank.JOKER})
    assert g.round_rules(11).is_wild(Card.parse("KS")) and not g.round_rules(11).is_wild(Card.parse("3S"))
    assert not g.round_rules(1).is_wild(Card.parse("2C")), "twos are not wild (rules 3.11 ambiguity 2)"
    assert state.turn == 1 and moves(state) == ["draw stock"], "no upcard: the dealer's left draws first"
    # the deal goes one card at a time from the dealer's left
    deck = g.pack_for(3)
    dealt = g.new_game(4, deck=deck, dealer=3)
    assert dealt.hands[0] == sorted_cards((deck[0], deck[4], deck[8]))
    assert dealt.stock == deck[12:]


def test_whole_match_eleven_rounds_lowest_total_wins() -> None:
    """Seed: "11 rounds played, 3s to Kings", "Low score wins": a greedy match deals 3 to 13
    cards, counts every round and ends after the eleventh with the lowest total winning."""
    state = g.new_game(3, seed=11, dealer=0)
    dealt: list[int] = []
    totals = [0, 0, 0]
    rng = random.Random(4)
    while not g.is_over(state):
        legal = g.legal_moves(state)
        texts = [str(m) for m in legal]
        if "go out" in texts:
            move = legal[texts.index("go out")]
        elif "lay down best" in texts:
            move = legal[texts.index("lay down best")]
        elif state.phase is g.Phase.LAY_DOWN:
            move = legal[texts.index("done")]
        else:
            move = legal[rng.randrange(len(legal))]
        state = g.apply(state, move)
        for e in state.events:
            if e.kind is EventKind.DEALS:
                dealt.append(e.numbers[0])
            if e.kind is EventKind.HAND_SCORED:
                totals = [a + b for a, b in zip(totals, e.numbers)]
    assert dealt == list(range(2, 12))
    assert state.hand == 11 and g.scores(state) == tuple(totals)
    low = min(totals)
    assert g.winners(state) == frozenset(s for s in range(3) if totals[s] == low)
    assert state.events[-1].kind is EventKind.GAME_OVER
    assert g.legal_moves(state) == ()


def test_rounds_option_shortens_the_match() -> None:
    """Option `rounds`: a two-round match ends after round 2 (the quick sweep plays this)."""
    state = g.new_game(2, seed=5, dealer=0, options=g.Options(rounds=2, max_turns=1))
    state = play(state, "draw stock")
    state = play(state, g.legal_moves(state)[0].__str__())
    while state.phase is g.Phase.LAY_DOWN:
        state = play(state, "done")
    assert state.hand == 2 and [len(h) for h in state.hands] == [4, 4]
    state = play(state, "draw stock")
    state = play(state, str(g.legal_moves(state)[0]))
    while state.phase is g.Phase.LAY_DOWN:
        state = play(state, "done")
    assert g.is_over(state)


def test_deck_count_follows_the_player_count() -> None:
    """Seed: "3-4 decks of cards, including jokers" (rules notes C1, 3.11 ambiguity 5): three
    packs with two jokers each up to six players, four from seven; option `decks` fixes it."""
    assert len(g.pack_for(g.Options().packs_for(6))) == 162
    assert len(g.pack_for(g.Options().packs_for(7))) == 216
    assert g.pack_for(3).count(Card.parse("JK")) == 6
    assert len(g.new_game(2, seed=1, options=g.Options(decks=1)).stock) == 54 - 6
    with pytest.raises(ValueError, match="too few"):
        g.new_game(5, seed=1, options=g.Options(decks=1))
    with pytest.raises(ValueError, match="decks must be"):
        g.Options(decks=5)


# Going out ----------------------------------------------------------------------------------


def test_going_out_with_a_wild_three_in_a_run() -> None:
    """Rules 3.11 scenario 2: in round 1 (3s wild) 5H 6H 3C 9S goes out with the run
    5H 6H [3C as 7H] and the discard 9S; the goer scores 0."""
    state = position(["5H 6H 9S", "KC KD JK"], stock="3C")
    state = play(state, "draw stock")
    assert moves(state) == ["discard 3C", "discard 5H", "discard 6H", "discard 9S", "go out"]
    state = play(state, "go out")
    assert state.melds[0] == (Meld(MeldKind.RUN, cards("5H 6H 3C"), suit=Card.parse("5H").suit, low=5),)
    assert state.put_away == cards("9S") and state.hands[0] == ()
    assert [str(e) for e in state.events[:3]] == ["seat 0 goes out", "seat 0 melds 5H 6H 3C", "seat 0 discards 9S"]
    state = play(state, "meld KC KD JK")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers[0] == 0


def test_going_out_needs_a_discard() -> None:
    """Seed: "You must have a discard to go out" (rules 3.11 scenario 2): 5H 6H 7H 8H goes out
    with the run 5H 6H 7H and the discard 8H, never by melding all four; a hand whose cards
    all meld but none can be spared (6H 7H 8H 9C 9D 9S in round 3) cannot go out."""
    state = position(["5H 6H 7H", "KC KD JK"], stock="8H")
    state = play(state, "draw stock", "go out")
    assert [m.cards for m in state.melds[0]] == [cards("5H 6H 7H")]
    assert state.put_away == cards("8H")
    stuck = position(["6H 7H 8H 9C 9D", "KC QD 4S 4C 10D"], round_number=3, stock="9S")
    stuck = play(stuck, "draw stock")
    assert "go out" not in moves(stuck)
    assert not g.may_go_out(cards("6H 7H 8H 9C 9D 9S"), g.round_rules(3))
    assert g.may_go_out(cards("6H 7H 8H 9C 9D 9S 9H"), g.round_rules(3))


def test_going_out_allowed_on_the_first_turn() -> None:
    """Seed: "You may go out in the first round": the first player may go out on the first
    turn of the game."""
    state = position(["QH QS 4D", "KC KD JK"], stock="QC")
    assert state.turns == 0
    state = play(state, "draw stock", "go out")
    assert state.goer == 0 and state.put_away == cards("4D")


def test_aces_high_or_low_never_around() -> None:
    """Seed: "Aces are high or low": Q K A and A 2 3 are runs, K A 2 is not."""
    rules = g.round_rules(5)
    assert g.may_go_out(cards("QH KH AH 4C"), rules)
    assert g.may_go_out(cards("AH 2H 3H 4C"), rules)
    assert not g.may_go_out(cards("KH AH 2H 4C"), rules)
    melds, kept = g.going_out(cards("QH KH AH 4C"), rules) or ((), HIDDEN)
    assert [(m.low, m.cards) for m in melds] == [(12, cards("QH KH AH"))] and kept == Card.parse("4C")


def test_natural_minimum_in_every_meld() -> None:
    """Seed: "You must have at least one natural card in each grouping" (rules 3.11 scenario 4):
    in round 5 (7s wild) 7C 7D JK is no meld; 7D JK 9H is the run 7H 8H 9H."""
    rules = g.round_rules(5)
    assert g.three_card_melds(cards("7C 7D JK"), rules) == ()
    assert not g.may_go_out(cards("7C 7D JK 7S"), rules), "four wilds: no meld has a natural"
    assert g.may_go_out(cards("7C 7D JK 4S"), rules), "4S with two wilds, a wild discarded"
    offered = [g.meld_text(m) for m in g.three_card_melds(cards("7D 9H JK"), rules)]
    assert offered == ["9H 7D JK", "7D JK 9H as 7H-9H", "7D 9H JK as 8H-10H", "9H 7D JK as 9H-JH"]
    assert g.may_go_out(cards("7D JK 9H 4S"), rules)


def test_a_natural_of_the_wild_rank_is_wild() -> None:
    """Rules notes R1: a card of the wild rank is wild even in its own place, so 6H 7H 8H in
    round 5 is a run with one wild, and 7H 7C 7S 7D holds no meld (no natural)."""
    rules = g.round_rules(5)
    assert g.may_go_out(cards("6H 7H 8H 2C"), rules)
    assert not g.may_go_out(cards("7H 7C 7S 7D"), rules)
    assert g.penalty(cards("7H"), 5) == 25 and g.penalty(cards("7H"), 4) == 5


def test_may_go_out_agrees_with_core_find_contract() -> None:
    """The legal-move test `may_go_out` decides exactly what core's `find_contract` with
    `ALL_CARDS` (one card kept) decides, on hands biased towards melds, every round."""
    rng = random.Random(2)
    pack = g.pack_for(3)
    positive = 0
    for trial in range(150):
        number = trial % 11 + 1
        rules = g.round_rules(number)
        suit = rng.choice(pack[:52]).suit
        ranks = {rng.randrange(1, 14), rng.randrange(1, 14)}
        pool = [c for c in pack if c.suit is suit or c.rank in ranks or rules.is_wild(c)]
        hand = rng.sample(pool, min(g.ROUND_CARDS[number - 1] + 1, 8))
        want = find_contract(hand, g.ALL_CARDS, rules, keep=1) is not None
        assert g.may_go_out(hand, rules) is want, hand
        positive += want
        found = g.going_out(hand, rules)
        assert (found is not None) is want
        if found:
            melds, kept = found
            assert Counter(c for m in melds for c in m.cards) + Counter([kept]) == Counter(hand)
    assert positive > 20


# Piles and drawing --------------------------------------------------------------------------


def test_take_the_top_of_any_players_pile_only() -> None:
    """Seed: "Discard in front of you", "You can pick from the centre pile or any players pile"
    (rules 3.11 scenario 5): seat 0 may take the top of seat 2's pile, never a card below."""
    state = position(["5H 6H 9S", "KC QD 4S", "2C 2D 5S"], piles=["", "", "8C JD"])
    assert moves(state) == ["draw stock", "take JD from 2"]
    with pytest.raises(IllegalMove, match="only the top card of a pile may be taken: JD"):
        g.apply(state, g.TakePile(0, 2, Card.parse("8C")))
    after = play(state, "take JD from 2")
    assert after.piles[2] == cards("8C") and after.taken == cards("JD")
    assert after.events[0].kind is EventKind.TAKES and after.events[0].numbers == (2,)


def test_own_pile_option() -> None:
    """Rules 3.11 ambiguity 4 / option `draw_from_own_pile`: by default a player may take
    from their own pile; with the option off, only from the others'."""
    piles = ["4C", "", "JD"]
    hands = ["5H 6H 9S", "KC QD 4S", "2C 2D 5S"]
    assert moves(position(hands, piles=piles)) == ["draw stock", "take 4C from 0", "take JD from 2"]
    strict = position(hands, piles=piles, options=g.Options(draw_from_own_pile=False))
    assert moves(strict) == ["draw stock", "take JD from 2"]
    with pytest.raises(IllegalMove, match="may not take from their own pile"):
        g.apply(strict, g.TakePile(0, 0, Card.parse("4C")))


def test_no_immediate_rediscard_of_the_card_taken() -> None:
    """Rules notes C5: the card taken from a pile (or a copy of it) may not be discarded in
    the same turn; a card drawn from the stock may."""
    state = position(["9S 6H 9S", "KC QD 4S"], piles=["", "9S"])
    state = play(state, "take 9S from 1")
    assert moves(state) == ["discard 6H", "go out"]
    with pytest.raises(IllegalMove, match="9S was just taken from a pile: it may not be discarded this turn"):
        g.apply(state, g.Discard(0, Card.parse("9S")))
    drawn = play(position(["9S 6H 4C", "KC QD 4S"], stock="KD"), "draw stock")
    assert moves(drawn) == ["discard 4C", "discard KD", "discard 6H", "discard 9S"]


def test_turn_passes_left_and_discard_goes_on_own_pile() -> None:
    """Seed: "Discard in front of you (not in one communal pile)": the discard lies on the
    player's own pile, and the next seat to the left draws."""
    state = play(position(["5H 6H 9S", "KC QD 4S", "2C 2D 5S"], stock="KD"), "draw stock", "discard KD")
    assert state.piles == ((Card.parse("KD"),), (), ())
    assert state.turn == 1 and state.phase is g.Phase.DRAW and state.turns == 1


def test_out_of_turn_and_wrong_step_refused() -> None:
    """Moves of the wrong seat or step are refused with the rule they break."""
    state = position(["5H 6H 9S", "KC QD 4S"])
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        g.apply(state, g.DrawStock(1))
    with pytest.raises(IllegalMove, match="first draw"):
        g.apply(state, g.Discard(0, Card.parse("9S")))
    drawn = play(state, "draw stock")
    with pytest.raises(IllegalMove, match="cannot go out"):
        g.apply(drawn, g.GoOut(0))


# After going out ----------------------------------------------------------------------------


def test_penalty_cards_then_own_lay_down_only() -> None:
    """Seed: "give each player one card face down ... play as many cards as they can in front
    of them", "You may only play on your own cards" (rules 3.11 scenario 6): after seat 1 goes
    out with 8S 9S 10S, seats 2 and 0 get a card from the stock; seat 2 cannot lay JS onto
    seat 1's run, only meld its own cards."""
    state = position(["4C 4D 3H", "8S 9S 10S", "JS QS 3D"], turn=1, stock="2H 4H 6C")
    state = play(state, "draw stock", "go out")
    assert state.goer == 1 and [m.cards for m in state.melds[1]] == [cards("8S 9S 10S")]
    assert state.put_away == cards("2H")
    received = [(e.player, e.cards) for e in state.events if e.kind is EventKind.RECEIVES]
    assert received == [(2, cards("4H")), (0, cards("6C"))]
    assert all(e.private for e in state.events if e.kind is EventKind.RECEIVES)
    assert state.phase is g.Phase.LAY_DOWN and state.turn == 2
    assert moves(state) == ["meld 3D JS QS as 10S-QS", "meld JS QS 3D as JS-KS", "lay down best", "done"]
    state = play(state, "meld JS QS 3D as JS-KS")
    # seat 2 has only 4H left, nothing to meld: seat 0 lays down next
    assert state.turn == 0
    assert moves(state) == ["meld 4C 4D 3H", "meld 4C 3H 6C as 4C-6C", "lay down best", "done"]
    state = play(state, "meld 4C 3H 6C as 4C-6C")
    assert state.hand == 2, "seat 0 has only 4D left: the round is scored"
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (5, 0, 5)


def test_lay_down_moves_and_round_score() -> None:
    """Rules 3.11 'After going out' and 'Round score' (scenario 3): in round 5 (7s wild) the
    cards left count JK 50, a 7 25, A 20, K-10 10, 9-2 5: JK 7C AS KD 4H = 110. A player melds
    three cards, lays off onto their own meld, and stops with ``done``."""
    assert g.penalty(cards("JK 7C AS KD 4H"), 5) == 110
    hands = ["5C 6C 8C JK 7C AS KD", "8S 9S 10S QS QH QD JS", "2D 3D 4D 4S 9H 10C KC"]
    state = position(hands, round_number=5, turn=1, stock="2S 4H 6H")
    state = play(state, "draw stock", "go out")
    assert state.goer == 1 and state.put_away == cards("2S")
    assert [m.cards for m in state.melds[1]] == [cards("QD QH QS"), cards("8S 9S 10S JS")]
    assert state.turn == 2 and state.hands[2] == cards("10C KC 2D 3D 4D 4H 9H 4S")
    assert moves(state) == ["meld 4D 4H 4S", "meld 2D 3D 4D", "lay down best", "done"]
    state = play(state, "meld 2D 3D 4D")
    assert state.turn == 0, "seat 2 has nothing more to meld or lay off: passed over"
    assert "meld 5C 6C 7C" in moves(state) and "meld 5C 6C JK as 5C-7C" in moves(state)
    state = play(state, "meld 5C 6C 7C")
    assert moves(state) == ["lay off 8C on 1", "lay off JK on 1 low", "lay off JK on 1 high", "done"]
    state = play(state, "lay off 8C on 1")
    assert moves(state) == ["lay off JK on 1 low", "lay off JK on 1 high", "done"]
    assert state.melds[0][0].cards == cards("5C 6C 7C 8C")
    state = play(state, "done")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (50 + 20 + 10 + 5, 0, 5 + 5 + 5 + 10 + 10)
    assert g.scores(state) == (85, 0, 35) and state.hand == 6


def test_lay_down_best_leaves_the_fewest_points() -> None:
    """Rules 3.11: "The engine may offer the optimal lay-down (R11) as the default move":
    ``lay down best`` lays the arrangement leaving the fewest points in one move (KD KH JK
    rather than the run 5C 6C JK 8C for seat 0)."""
    hands = ["5C 6C 8C JK AS KD KH", "8S 9S 10S QS QH QD JS", "2D 3D 4D 4S 9H 10C KC"]
    state = position(hands, round_number=5, turn=1, stock="2S 4H 6H", options=g.Options(penalty_card=False))
    state = play(state, "draw stock", "go out")
    assert state.turn == 2
    state = play(state, "lay down best")
    assert state.turn == 0 and state.hands[2] == cards("10C KC 9H 4S")
    state = play(state, "lay down best")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (5 + 5 + 5 + 20, 0, 10 + 10 + 5 + 5)
    assert state.hand == 6


def test_penalty_card_option() -> None:
    """Option `penalty_card` (rules 3.11): with it off nobody receives a card after going out."""
    hands = ["4C 4D KH", "8S 9S 10S", "JS QH 5D"]
    on = play(position(hands, turn=1, stock="2H 4H 6C"), "draw stock", "go out")
    off = play(position(hands, turn=1, stock="2H 4H 6C", options=g.Options(penalty_card=False)), "draw stock", "go out")
    assert EventKind.RECEIVES in kinds(on) and EventKind.RECEIVES not in kinds(off)
    scored_on = next(e for e in on.events if e.kind is EventKind.HAND_SCORED)
    scored_off = next(e for e in off.events if e.kind is EventKind.HAND_SCORED)
    assert scored_on.numbers == (25, 0, 30) and scored_off.numbers == (20, 0, 25)


# Stock and dead hands -----------------------------------------------------------------------


def test_stock_refilled_from_piles_except_their_tops() -> None:
    """Rules 3.11 'Stock': when the stock runs out, every pile but its top card is shuffled
    into a new stock."""
    base = position(["5H 6H 9S", "KC QD 4S"], piles=["2C 3D", "4H 5S JD"], stock="KD")
    rest = base.stock[1:]
    state = attrs.evolve(base, stock=cards("KD"), piles=(cards("2C 3D") + rest, cards("4H 5S JD")))
    g.check_invariants(state)
    state = play(state, "draw stock", "discard KD")
    assert EventKind.RESHUFFLES in kinds(state)
    assert state.piles == (cards("KD"), cards("JD"))
    assert Counter(state.stock) == Counter(cards("2C 3D 4H 5S") + rest)


def test_turn_cap_ends_the_round_as_a_dead_hand() -> None:
    """Rules notes C8: after `max_turns` discards the round ends; everybody lays down from the
    dealer's left and counts, with no penalty card."""
    state = position(["5H 6H 9S", "KC QD 4S", "4C 4D JK"], stock="KD", options=g.Options(max_turns=1))
    state = play(state, "draw stock", "discard KD")
    note = next(e for e in state.events if e.kind is EventKind.NOTE)
    assert "1 turns" in note.label
    assert EventKind.RECEIVES not in kinds(state)
    # dealer is seat 2: seat 0 lays down first; it holds nothing to meld, seat 1 neither; seat 2
    # melds 4C 4D JK
    assert state.phase is g.Phase.LAY_DOWN and state.turn == 2 and state.goer is None
    assert moves(state) == ["meld 4C 4D JK", "lay down best", "done"]
    state = play(state, "meld 4C 4D JK")
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (5 + 5 + 5, 10 + 10 + 5, 0)


# Views, notation, JSON ----------------------------------------------------------------------


def test_views_hide_hands_stock_and_the_put_away_card() -> None:
    """Zones: a hand is seen by its owner, the stock by nobody, the piles by everyone, the
    goer's face-down discard by the goer only."""
    mid = position(["5H 6H 9S", "KC QD 4S"], piles=["", "JD"])
    seen = g.view(mid, 1)
    assert seen.hands[0] == (HIDDEN,) * 3 and seen.hands[1] == mid.hands[1]
    assert all(c == HIDDEN for c in seen.stock) and seen.piles == mid.piles
    assert g.legal_moves(g.view(mid, 0)) == g.legal_moves(mid, 0)
    out = play(position(["5H 6H 7H", "KC KD JK", "2C 2D 9S"], stock="8H"), "draw stock", "go out")
    assert out.phase is g.Phase.LAY_DOWN
    assert g.view(out, 0).put_away == cards("8H") and g.view(out, 1).put_away == (HIDDEN,)


def test_notation_round_trips_and_json() -> None:
    """Every legal move's text parses back to it; states and moves round-trip through JSON."""
    hands = ["5C 6C 8C JK 7C AS KD", "8S 9S 10S QS QH QD JS", "2D 3D 4D 4S 9H 10C KC"]
    state = play(position(hands, round_number=5, turn=1, stock="2S 4H 6H"), "draw stock", "go out", "meld 2D 3D 4D")
    for move in g.legal_moves(state):
        assert g.parse_move(state, str(move)) == move
        assert from_json(to_json(move)) == move
    assert from_json(to_json(state)) == state
    assert "meld JK 5C 6C as 4C-6C" in moves(state)


def test_best_lay_down_matches_core_best_partition() -> None:
    """The ``lay down best`` arrangement (`best_lay_down`) leaves exactly the least deadwood
    that core's `best_partition` finds, on random hands of every round (small enough for it)."""
    rng = random.Random(3)
    pack = g.pack_for(3)
    for trial in range(60):
        number = trial % 11 + 1
        rules = g.round_rules(number)
        table = g.ROUND_POINTS[number - 1]
        hand = rng.sample(pack, rng.randrange(1, 9))
        melds, left = g.best_lay_down(hand, rules, table)
        assert Counter(c for m in melds for c in m.cards) + Counter(left) == Counter(hand)
        assert table.total(left) == best_partition(hand, rules, table).deadwood, hand
    melds, left = g.best_lay_down(cards("5C 6C 8C JK AS KD KH"), g.round_rules(5), g.ROUND_POINTS[4])
    assert [m.cards for m in melds] == [cards("KD KH JK")] and left == cards("5C 6C 8C AS")


def test_equal_lowest_totals_share_the_win() -> None:
    """Rules 3.11 'Game end': "the lowest total wins. Ties are shared" (rules notes C9): in a
    one-round match seat 0 goes out and seat 1 lays its whole hand down, both at 0."""
    options = g.Options(rounds=1, penalty_card=False)
    state = position(["5H 6H 9S", "KC KD JK", "2C 4D 8S"], stock="7H", options=options)
    state = play(state, "draw stock", "go out", "meld KC KD JK")
    assert g.is_over(state) and g.scores(state) == (0, 0, 15)
    assert g.winners(state) == frozenset({0, 1})
    assert state.events[-1].numbers == (0, 1)
    assert g.legal_moves(state) == ()


def test_invariants_refuse_impossible_states() -> None:
    """check_invariants guards hostile JSON: melds before the round ends, an invalid meld, a
    hand of the wrong size, a put-away card without a goer."""
    state = position(["5H 6H 9S", "KC KD JK"])
    meld = Meld(MeldKind.SET, cards("KC KD JK"), rank=Rank.KING)
    with pytest.raises(ValueError, match="nothing is melded before the round ends"):
        g.check_invariants(attrs.evolve(state, hands=(state.hands[0], ()), melds=((), (meld,))))
    lone = g.Options(penalty_card=False)
    out = play(position(["5H 6H 7H", "KC KD JK"], stock="8H", options=lone), "draw stock", "go out")
    assert out.phase is g.Phase.LAY_DOWN and out.hands[1] == cards("KC KD JK")
    bad = Meld(MeldKind.RUN, cards("KC KD JK"), suit=Card.parse("KC").suit, low=11)
    with pytest.raises(ValueError, match="not consecutive"):
        g.check_invariants(attrs.evolve(out, hands=((), ()), melds=(out.melds[0], (bad,))))
    with pytest.raises(ValueError, match="holds 2 cards, not 3"):
        moved = attrs.evolve(state, hands=(state.hands[0][:2], state.hands[1]), stock=state.hands[0][2:] + state.stock)
        g.check_invariants(moved)
    with pytest.raises(ValueError, match="face-down discard"):
        g.check_invariants(attrs.evolve(out, goer=None))
    with pytest.raises(ValueError):
        from_json(to_json(state).replace('"turn": 0', '"turn": 7'))


def test_progressive_melding_option() -> None:
    """Option `progressive_melding` (rules 3.11 ambiguity 1): melds and lay-offs onto one's
    own melds during a turn, always keeping a card to discard (rules notes C6); discarding
    the last card goes out. By default melding waits until someone goes out."""
    hands = ["5H 6H 7H 8H", "KC KD QS QD"]
    plain = play(position(hands, round_number=2, stock="KS 2C"), "draw stock")
    with pytest.raises(IllegalMove, match="nothing is melded before someone goes out"):
        g.apply(plain, g.LayMeld(0, g.three_card_melds(cards("5H 6H 7H"), g.round_rules(2))[0]))
    options = g.Options(progressive_melding=True)
    state = play(position(hands, round_number=2, stock="KS 2C", options=options), "draw stock")
    assert moves(state) == [
        "discard 5H", "discard 6H", "discard 7H", "discard 8H", "discard KS", "go out",
        "meld 5H 6H 7H", "meld 6H 7H 8H",
    ]
    state = play(state, "meld 5H 6H 7H")
    assert state.phase is g.Phase.DISCARD and state.hands[0] == cards("8H KS")
    assert moves(state) == ["discard 8H", "discard KS", "lay off 8H on 1"]
    state = play(state, "lay off 8H on 1")
    assert moves(state) == ["discard KS"], "no meld or lay-off may empty the hand"
    state = play(state, "discard KS")
    assert [str(e) for e in state.events[:2]] == ["seat 0 goes out", "seat 0 discards KS"]
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (0, 45) and state.hand == 3
