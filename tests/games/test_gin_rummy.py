"""Scenario tests for classic Gin Rummy (seed 004, "Gin Rummy"; rules/rummy.md section 3.1)."""

from __future__ import annotations

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import HIDDEN, Card, parse_cards, sorted_cards, standard_pack
from parlour.core.errors import IllegalMove
from parlour.games import gin_rummy as g


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(
    mover: str,
    other: str,
    *,
    player: int = 0,
    phase: g.Phase = g.Phase.DISCARD,
    discards: str = "",
    stock_size: int | None = None,
    stock: str = "",
    scores: tuple[int, int] = (0, 0),
    boxes: tuple[int, int] = (0, 0),
    options: g.Options | None = None,
) -> g.State:
    """A mid-hand position: `mover` is the hand of `player` (11 cards to discard, 10 to draw)."""
    base = g.new_game(seed=5, dealer=1, options=options)
    held = cards(mover) + cards(other) + cards(discards) + cards(stock)
    rest = tuple(c for c in g.PACK if c not in held)
    if stock:
        top, pile = cards(stock), cards(discards) + rest
    else:
        top = rest if stock_size is None else rest[:stock_size]
        pile = cards(discards) + rest[len(top) :]
    hands = (sorted_cards(cards(mover)), sorted_cards(cards(other)))
    if player == 1:
        hands = (hands[1], hands[0])
    state = attrs.evolve(
        base,
        hand=sum(boxes) + 1,
        phase=phase,
        player=player,
        hands=hands,
        stock=top,
        discards=pile,
        scores=scores,
        boxes=boxes,
    )
    g.check_invariants(state)
    return state


def moves(state: g.State) -> list[str]:
    return [str(m) for m in g.legal_moves(state)]


def play(state: g.State, *texts: str) -> g.State:
    for text in texts:
        state = g.apply(state, g.parse_move(state, text))
    return state


def test_undercut_scores_difference_plus_25() -> None:
    """Rules 3.1 test 1: K = 8; the defender lays off 8H and 9H, D = 5: undercut, 3 + 25 = 28."""
    state = position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S")
    after = play(state, "knock KS")
    shown = after.showdown
    assert shown is not None
    assert shown.deadwood == sorted_cards(cards("AC 5C 2D"))
    assert shown.laid_off == cards("8H 9H")
    assert shown.defender_deadwood == cards("3D 2S")
    assert (shown.winner, shown.points) == (1, 28)
    assert after.scores == (0, 28) and after.boxes == (0, 1)
    assert after.hand == 2 and after.phase is g.Phase.OFFER


def test_gin_blocks_lay_offs() -> None:
    """Rules 3.1 test 2: after gin the 8H may not be laid off; D = 21, the knocker scores 46."""
    state = position("4H 5H 6H 7H 9C 9D 9S JD QD KD 10S", "3C 3D 3S 5S 6S 7S 8H AS 2H 10C")
    assert "gin 10S" in moves(state) and "knock 10S" not in moves(state)
    after = play(state, "gin 10S")
    assert after.showdown is not None and after.showdown.gin
    assert after.showdown.laid_off == ()
    assert after.showdown.defender_deadwood == sorted_cards(cards("10C 2H 8H AS"))
    assert after.scores == (46, 0)


def test_optimal_partition_leaves_19_and_forbids_knocking() -> None:
    """Rules 3.1 test 3: the run 7D-9D beats the set of sevens (19 against 22); no knock."""
    assert g.deadwood(["7S", "7H", "7D", "8D", "9D", "JC", "QC", "KC", "2S", "3H"]) == 19
    state = position("7S 7H 7D 8D 9D JC QC KC 2S 3H 10S", "AC 2C 3C 4D 5D 6D 8S 9S 10H JH")
    assert not any(isinstance(m, (g.Knock, g.Gin)) for m in g.legal_moves(state))
    with pytest.raises(IllegalMove, match="deadwood would be 19, more than 10"):
        g.apply(state, g.Knock(0, Card.parse("10S")))


def test_ace_is_low_only() -> None:
    """Seed: cards rank from the king (highest) down to the ace (lowest): Q-K-A is no run."""
    assert not g.is_meld(["QC", "KC", "AC"])
    assert g.deadwood(["QC", "KC", "AC"]) == 21
    assert g.is_meld(["AC", "2C", "3C"]) and g.deadwood(["AC", "2C", "3C"]) == 0
    assert not g.is_meld(["KC", "AC", "2C"])


def test_stock_end_voids_the_hand_and_the_dealer_deals_again() -> None:
    """Seed: no knock by the time the 50th card is drawn and discarded: no score, same dealer."""
    state = position(
        "AC 3C 5C 7C 9C JC KD 2D 4D 6D", "8D 10D QD AH 3H 5H 7H 9H JH KH",
        phase=g.Phase.DRAW, discards="2S", stock_size=3, scores=(30, 12), boxes=(1, 1),
    )
    state = play(state, "draw stock")
    assert len(state.stock) == 2
    after = play(state, "discard KD")
    assert after.hand == state.hand + 1
    assert after.dealer == state.dealer
    assert after.scores == (30, 12) and after.boxes == (1, 1)
    assert after.phase is g.Phase.OFFER and after.showdown is None
    assert any(e.what.startswith("void hand") for e in after.events)


def test_knock_allowed_on_the_turn_of_the_50th_card() -> None:
    """Rules 3.1: the player who drew the 50th card may still knock before discarding."""
    state = position(
        "4H 5H 6H 9C 9D 9S JD QD AC 2C", "3S 4S 8S 10S QS KS 2H 8H 10H QH",
        phase=g.Phase.DRAW, discards="5D", stock="KD 3D 4D",
    )
    state = play(state, "draw stock")
    assert len(state.stock) == 2
    assert [m for m in moves(state) if not m.startswith("discard")] == ["knock 2C", "knock AC"]
    after = play(state, "knock 2C")
    assert after.showdown is not None and after.showdown.deadwood == cards("AC")


def test_game_end_totals_and_margin() -> None:
    """Rules 3.1 test 6: A reaches 104 with 4 hands, B 30 with 2: 304 against 80, margin 224."""
    state = position(
        "4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C QS 5D 2S AD",
        scores=(94, 30), boxes=(3, 2),
    )
    over = play(state, "knock KS")
    assert over.showdown is not None and over.showdown.points == 10
    assert g.is_over(over) and g.legal_moves(over) == ()
    assert over.scores == (104, 30)
    assert g.scores(over) == (304, 80)
    assert g.margin(over) == 224
    assert g.winners(over) == frozenset({0})
    assert any(e.what == "game over:" and e.numbers == (304, 80) for e in over.events)
    with pytest.raises(IllegalMove, match="game is over"):
        g.apply(over, g.DrawStock(1))


def test_shutout_doubles_the_margin() -> None:
    """Rules 3.1 test 6: B scored nothing: A = 304, B = 0, margin doubled to 608."""
    state = position(
        "4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C QS 5D 2S AD", scores=(94, 0), boxes=(3, 0)
    )
    over = play(state, "knock KS")
    assert g.scores(over) == (304, 0)
    assert g.margin(over) == 608
    plain = position(
        "4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C QS 5D 2S AD",
        scores=(94, 0), boxes=(3, 0), options=g.Options(shutout_doubles=False),
    )
    assert g.margin(play(plain, "knock KS")) == 304


def test_upcard_offer_goes_to_non_dealer_then_dealer_then_stock() -> None:
    """Seed: the non-dealer may take or refuse the upcard, then the dealer; then the non-dealer
    draws from the stock."""
    state = g.new_game(seed=11, dealer=0)
    assert g.to_act(state) == frozenset({1}) and moves(state) == ["take upcard", "pass"]
    state = play(state, "pass")
    assert g.to_act(state) == frozenset({0}) and moves(state) == ["take upcard", "pass"]
    state = play(state, "pass")
    assert g.to_act(state) == frozenset({1}) and moves(state) == ["draw stock"]
    with pytest.raises(IllegalMove, match="both players refused the upcard"):
        g.apply(state, g.DrawDiscard(1))
    state = play(state, "draw stock")
    assert state.phase is g.Phase.DISCARD and len(state.hands[1]) == 11


def test_dealer_taking_the_upcard_then_non_dealer_plays() -> None:
    """Rules 3.1: if the dealer takes the upcard, the non-dealer plays next."""
    state = play(g.new_game(seed=11, dealer=0), "pass", "take upcard")
    upcard = state.taken[0]
    assert upcard not in state.hands[0] and state.discards == ()
    card = state.hands[0][0]
    state = play(state, f"discard {card}")
    assert upcard in state.hands[0] and state.taken == ()
    assert g.to_act(state) == frozenset({1}) and moves(state) == ["draw stock", "draw discard"]


def test_card_taken_from_the_pile_cannot_be_discarded_at_once() -> None:
    """Rules 3.1 ambiguity 2 (C5): the card drawn from the discard pile stays a turn."""
    state = play(g.new_game(seed=11, dealer=0), "take upcard")
    upcard = state.taken[0]
    assert f"discard {upcard}" not in moves(state)
    with pytest.raises(IllegalMove, match=f"{upcard} was just taken from the discard pile"):
        g.apply(state, g.Discard(1, upcard))


def test_knock_refused_above_ten() -> None:
    """Seed: knock only with unmatched cards counting 10 or less (here 11)."""
    state = position("4H 5H 6H 9C 9D 9S AC 2D 3S 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S")
    assert "knock KS" not in moves(state)
    with pytest.raises(IllegalMove, match="deadwood would be 11, more than 10"):
        g.apply(state, g.Knock(0, Card.parse("KS")))


def test_chain_lay_offs_onto_a_run() -> None:
    """Rules 3.1: the defender lays off 8H and then 9H onto 5H-6H-7H; the knocker wins 16 - 4."""
    state = position("5H 6H 7H JC JD JS 2C 2D 4S AD QS", "8H 9H KC KD QC QD 10C 3C 4C 6C")
    after = play(state, "knock QS")
    shown = after.showdown
    assert shown is not None
    assert shown.laid_off == cards("8H 9H")
    assert shown.defender_deadwood == sorted_cards(cards("KC KD QC QD 10C 3C 4C 6C"))
    assert (shown.winner, shown.points) == (0, 63 - 9)


def test_knocker_chooses_the_arrangement_that_blocks_a_lay_off() -> None:
    """Rules 3.1 ambiguity 4: 7H in the run or in the sevens changes whether 8H lays off."""
    state = position("4H 5H 6H 7H 7C 7D 7S 2C 2D AC KS", "8H 3S 4S 9C 10C JH QH KH 9D 10D")
    spreading = play(state, "knock KS")
    assert spreading.phase is g.Phase.SPREAD
    assert moves(spreading) == [
        "spread 7C 7D 7H 7S, 4H 5H 6H",
        "spread 7C 7D 7S, 4H 5H 6H 7H",
        "spread 7C 7D 7S, 5H 6H 7H",
    ]
    blocked = play(spreading, "spread 7C 7D 7H 7S, 4H 5H 6H")
    assert blocked.showdown is not None and blocked.showdown.laid_off == ()
    assert blocked.showdown.points == 53 - 5
    open_run = play(spreading, "spread 7c 7d 7s, 4h 5h 6h 7h")
    assert open_run.showdown is not None and open_run.showdown.laid_off == cards("8H")
    assert open_run.showdown.points == 45 - 5


def test_dealer_alternates_or_winner_deals() -> None:
    """Rules 3.1 ambiguity 3: the deal alternates by default; an option lets the winner deal."""
    hands = ("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S")
    state = position(*hands)
    assert play(state, "knock KS").dealer == 1 - state.dealer
    winner_deals = position(*hands, options=g.Options(dealer_rule=g.DealerRule.WINNER_DEALS))
    assert play(winner_deals, "knock KS").dealer == 1  # the defender undercut


def test_view_hides_the_other_hand_and_the_stock() -> None:
    """A seat sees its own hand and the discard pile; the other hand and stock are counts."""
    state = play(g.new_game(seed=4, dealer=0), "pass", "pass", "draw stock")
    seen = g.view(state, 0)
    assert seen.hands[0] == state.hands[0] and seen.hands[1] == (HIDDEN,) * 11
    assert seen.stock == (HIDDEN,) * 30 and seen.discards == state.discards and seen.rng is None
    assert seen.events[0].cards == (HIDDEN,)
    assert g.view(state, 1).events[0].cards == state.events[0].cards
    assert from_json(to_json(seen)) == seen
    assert g.view(g.shuffle_unseen(state, 0, 99), 0) == seen


def test_options_validate_and_classic_preset() -> None:
    assert g.Options.classic() == g.Options()
    with pytest.raises(ValueError):
        g.Options(target=0)
    with pytest.raises(ValueError, match="played by 2"):
        g.new_game(3)


# --- render -----------------------------------------------------------------------------------


def test_render_upcard_offer_shows_own_hand_and_deadwood_and_hides_the_other() -> None:
    """Seed 004: the upcard is offered to the non-dealer first; the other hand is only a count."""
    state = g.new_game(seed=2, dealer=0, deck=standard_pack())
    text = g.render(g.view(state, 1))
    assert text.splitlines() == [
        "hand 1, dealer seat 0, game to 100",
        "upcard 8D offered to seat 1, the non-dealer: take upcard or pass",
        "seat 0  score 0, 0 hands won  10 cards",
        "seat 1  score 0, 0 hands won  10 cards, deadwood 57",
        "        3C 5C 7C 9C JC KC AC | 2D 4D 6D",
        "stock 31 cards; discard pile (top last): 8D",
    ]
    assert not any(str(c) in text.split() for c in (*state.hands[0], *state.stock))
    after = play(state, "pass")
    assert g.render(g.view(after, 1)).splitlines()[1] == (
        "seat 1 passed; upcard 8D offered to seat 0, the dealer: take upcard or pass"
    )


def test_render_card_taken_from_the_pile_is_public_and_held_apart() -> None:
    """Seed 004: the dealer takes the upcard; both seats see it, and it may not be discarded."""
    state = play(g.new_game(seed=2, dealer=0, deck=standard_pack()), "pass", "take upcard")
    assert g.render(g.view(state, 0)).splitlines()[1:5] == [
        "seat 0 took 8D and must discard, knock (deadwood 10 or less) or go gin",
        "seat 0  score 0, 0 hands won  10 cards + 8D taken, deadwood 46 after the best discard",
        "        2C 4C 6C 8C 10C QC | 3D 5D 7D AD + 8D",
        "seat 1  score 0, 0 hands won  10 cards",
    ]
    assert g.render(g.view(state, 1)).splitlines()[2] == "seat 0  score 0, 0 hands won  10 cards + 8D taken"


def test_render_showdown_melds_lay_offs_deadwood_and_undercut() -> None:
    """Rules 3.1 test 1 as shown at the table: the knock, the lay-offs, the undercut, the next deal."""
    state = position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S", discards="JD 8C")
    assert g.render(g.view(state, 0)).splitlines()[1:] == [
        "seat 0 to discard, knock (deadwood 10 or less) or go gin",
        "seat 0  score 0, 0 hands won  11 cards, deadwood 8 after the best discard",
        "        5C 9C AC | 2D 9D | 4H 5H 6H 7H | 9S KS",
        "seat 1  score 0, 0 hands won  10 cards",
        "stock 29 cards; discard pile (top last): JD 8C",
    ]
    after = play(state, "knock KS")
    assert g.render(g.view(after, None)).splitlines() == [
        "hand 2, dealer seat 0, game to 100",
        "upcard 5S offered to seat 1, the non-dealer: take upcard or pass",
        "seat 0  score  0, 0 hands won  10 cards",
        "seat 1  score 28, 1 hand won  10 cards",
        "stock 31 cards; discard pile (top last): 5S",
        "showdown of hand 1: seat 0 knocked: 9C 9D 9S, 4H 5H 6H 7H; deadwood 5C AC 2D (8)",
        "  seat 1: 2C 3C 4C, KC KD KH; laid off 8H 9H; deadwood 3D 2S (5)",
        "  seat 1 scored 28 with the undercut bonus",
    ]


def test_render_knocker_choosing_the_spread() -> None:
    """Rules 3.1 ambiguity 4: after the knock the knocker picks the arrangement."""
    state = position("4H 5H 6H 7H 7C 7D 7S 2C 2D AC KS", "8H 3S 4S 9C 10C JH QH KH 9D 10D")
    lines = g.render(g.view(play(state, "knock KS"), 1)).splitlines()
    assert lines[1] == "seat 0 knocked with KS and chooses how to spread the other ten cards"
    assert lines[2] == "seat 0  score 0, 0 hands won  10 cards"


def test_render_game_over_shows_both_hands_totals_and_margin() -> None:
    """Rules 3.1 test 6 at the end of the game: the totals with bonuses and the doubled margin."""
    state = position(
        "4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C QS 5D 2S AD", scores=(94, 0), boxes=(3, 0)
    )
    lines = g.render(g.view(play(state, "knock KS"), None)).splitlines()
    assert lines[1:6] == [
        "game over: seat 0 wins, 304 to 0 with the game and box bonuses; margin 608 (doubled: shutout)",
        "seat 0  score 104, 4 hands won  10 cards",
        "        5C 9C AC | 2D 9D | 4H 5H 6H 7H | 9S",
        "seat 1  score   0, 0 hands won  10 cards",
        "        2C 3C 4C KC | 5D KD AD | KH | 2S QS",
    ]
    assert lines[-3:] == [
        "showdown of hand 4: seat 0 knocked: 9C 9D 9S, 4H 5H 6H 7H; deadwood 5C AC 2D (8)",
        "  seat 1: 2C 3C 4C, KC KD KH; deadwood 5D AD 2S QS (18)",
        "  seat 0 scored 10",
    ]
