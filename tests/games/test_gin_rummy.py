"""Scenario tests for classic Gin Rummy (the Card Games collection (Gin Rummy), "Gin Rummy"; rules/rummy.md section 3.1)."""

from __future__ import annotations

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import HIDDEN, Card, cards_text, parse_cards, sorted_cards, standard_pack
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import Event, EventKind
from parlour.core.zones import unseen_cards
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


def showdown(state: g.State) -> g.Showdown:
    """The showdown told by the events of the move that led to `state`."""
    shown = g.showdown_of(state.events)
    assert shown is not None
    return shown


def told(state: g.State) -> list[str]:
    return [str(e) for e in state.events]


def test_undercut_scores_difference_plus_25() -> None:
    """Rules 3.1 test 1: K = 8; the defender lays off 8H and 9H, D = 5: undercut, 3 + 25 = 28."""
    state = position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S")
    after = play(state, "knock KS")
    shown = showdown(after)
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
    shown = showdown(after)
    assert shown.gin and shown.laid_off == ()
    assert shown.defender_deadwood == sorted_cards(cards("10C 2H 8H AS"))
    assert after.scores == (46, 0)
    assert told(after)[:2] == ["seat 0 goes gin", "seat 0 shows: discards 10S"]
    assert "seat 0 scores: gin 46" in told(after)


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
    assert after.phase is g.Phase.OFFER and g.showdown_of(after.events) is None
    assert after.events[:3] == (
        Event(EventKind.SHOWS, player=0, cards=cards("KD"), label="discards"),
        Event(EventKind.NOTE, label="void hand: no score, the same dealer deals again"),
        Event(EventKind.DEALS, player=state.dealer, numbers=(state.hand + 1,)),
    )


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
    assert showdown(after).deadwood == cards("AC")


def test_game_end_totals_and_margin() -> None:
    """Rules 3.1 test 6: A reaches 104 with 4 hands, B 30 with 2: 304 against 80, margin 224."""
    state = position(
        "4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C QS 5D 2S AD",
        scores=(94, 30), boxes=(3, 2),
    )
    over = play(state, "knock KS")
    assert showdown(over).points == 10
    assert g.is_over(over) and g.legal_moves(over) == ()
    assert over.scores == (104, 30)
    assert g.scores(over) == (304, 80)
    assert g.margin(over) == 224
    assert g.winners(over) == frozenset({0})
    assert told(over)[-5:] == ["seat 0 scores: knock 10", "hand scored: 10 0", "seat 0 has 304", "seat 1 has 80", "game over; winners: 0"]
    assert over.events[-1] == Event(EventKind.GAME_OVER, numbers=(0,))
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
    shown = showdown(after)
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
    assert showdown(blocked).laid_off == ()
    assert showdown(blocked).points == 53 - 5
    open_run = play(spreading, "spread 7c 7d 7s, 4h 5h 6h 7h")
    assert showdown(open_run).laid_off == cards("8H")
    assert showdown(open_run).points == 45 - 5


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
    with pytest.raises(ValueError, match="target must be a positive number of points, not 0"):
        g.Options(target=0)
    with pytest.raises(ValueError, match="gin_bonus may not be negative"):
        g.Options(gin_bonus=-1)
    with pytest.raises(ValueError, match="played by 2"):
        g.new_game(3)


# --- the settled core: moves per seat, notation, refusals, hostile values ---------------------


def test_a_views_moves_are_the_seats_real_moves() -> None:
    """DEVELOPING.md, moves per seat: a view lists exactly its viewer's moves; the seat not to
    act (and a spectator) has none, in every phase."""
    offer = g.new_game(seed=11, dealer=0)
    discard = play(offer, "take upcard")
    spreading = play(position("4H 5H 6H 7H 7C 7D 7S 2C 2D AC KS", "8H 3S 4S 9C 10C JH QH KH 9D 10D"), "knock KS")
    for state in (offer, discard, spreading):
        mover = state.player
        assert g.legal_moves(g.view(state, mover)) == g.legal_moves(state, mover) == g.legal_moves(state)
        assert g.legal_moves(g.view(state, 1 - mover)) == g.legal_moves(state, 1 - mover) == ()
        assert g.legal_moves(g.view(state, None)) == ()
    assert [str(m) for m in g.legal_moves(g.view(spreading, 0))] == [
        "spread 7C 7D 7H 7S, 4H 5H 6H",
        "spread 7C 7D 7S, 4H 5H 6H 7H",
        "spread 7C 7D 7S, 5H 6H 7H",
    ]
    with pytest.raises(ValueError, match="view of seat 0: it shows only its own moves, not seat 1's"):
        g.legal_moves(g.view(offer, 0), 1)


def test_parse_move_by_seat_and_with_a_seat_prefix() -> None:
    """DEVELOPING.md, moves per seat: `player` or a "1: ..." prefix says whose move; text for a
    seat with no move now, or a prefix naming another seat than `player`, is refused."""
    state = g.new_game(seed=11, dealer=0)
    assert g.parse_move(state, "pass", 1) == g.Pass(1)
    assert g.parse_move(state, "1: take upcard") == g.TakeUpcard(1)
    assert g.parse_move(state, "seat 1: pass", 1) == g.Pass(1)
    assert g.parse_move(g.view(state, 1), "pass") == g.Pass(1)
    with pytest.raises(NotationError, match="seat 0 has no move now"):
        g.parse_move(state, "pass", 0)
    with pytest.raises(NotationError, match="seat 0 has no move now"):
        g.parse_move(state, "0: pass")
    with pytest.raises(NotationError, match="written for seat 0, not seat 1"):
        g.parse_move(state, "0: pass", 1)
    with pytest.raises(NotationError, match="no move can be made here"):
        g.parse_move(g.view(state, 0), "pass")
    spreading = play(position("4H 5H 6H 7H 7C 7D 7S 2C 2D AC KS", "8H 3S 4S 9C 10C JH QH KH 9D 10D"), "knock KS")
    move = g.parse_move(spreading, "0: spread 7c 7d 7s, 5h 6h 7h")
    assert move == g.Spread(0, (cards("7C 7D 7S"), cards("5H 6H 7H")))


def test_apply_refuses_loose_seats_foreign_moves_options_and_views() -> None:
    """core.game.checked_apply: a seat of True, another game's move, an Options value and a view
    are refused, the first three with IllegalMove."""
    from parlour.games.hearts import PlayCard

    state = g.new_game(seed=11, dealer=0)
    assert g.legal_moves(state) == (g.TakeUpcard(1), g.Pass(1))
    with pytest.raises(IllegalMove, match="only loosely"):
        g.apply(state, g.Pass(True))
    with pytest.raises(IllegalMove, match="PlayCard is not a move of this game"):
        g.apply(state, PlayCard(1, Card.parse("2C")))
    with pytest.raises(IllegalMove, match="Options is not a move of this game"):
        g.apply(state, g.Options())
    with pytest.raises(IllegalMove, match="is text"):
        g.apply(state, "pass")
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        g.apply(g.view(state, 1), g.Pass(1))


def test_new_game_refuses_bad_seeds_dealers_decks_and_option_types() -> None:
    """DEVELOPING.md, seeds, options and hostile values: each refused with a ValueError."""
    for seed in ("abc", -1, 2**64, True):
        with pytest.raises(ValueError, match="seed must be a whole number"):
            g.new_game(seed=seed)
    for dealer in (2, -1, True):
        with pytest.raises(ValueError, match="dealer="):
            g.new_game(seed=1, dealer=dealer)
    with pytest.raises(ValueError, match="deck= must be the 52-card pack"):
        g.new_game(seed=1, deck=standard_pack()[:51])
    with pytest.raises(ValueError, match="Options.dealer_rule must be a DealerRule, not 'ALTERNATE'"):
        g.Options(dealer_rule="ALTERNATE")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.target must be a int, not '25'"):
        g.Options(target="25")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.shutout_doubles must be a bool, not 1"):
        g.Options(shutout_doubles=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="knock_limit must be 0 to 99"):
        g.Options(knock_limit=100)
    with pytest.raises(ValueError, match="options must be gin_rummy.Options"):
        g.new_game(options=g.DealerRule.ALTERNATE)


def test_quick_match_is_to_25_points() -> None:
    """GameSpec.quick: the sweeps play a match to 25 hand points (about 1,700 plies at random)."""
    assert g.GAME.quick == g.Options(target=25)
    assert g.GAME.zones == g.ZONES and g.GAME.move_types == g.MOVE_TYPES


def test_the_knockers_cards_are_laid_down_for_both_seats() -> None:
    """The Card Games collection (Gin Rummy): "The player who knocks lays down 10 cards" and discards the eleventh: while the
    knocker chooses the arrangement, its cards and the discard are seen by both seats."""
    state = position("4H 5H 6H 7H 7C 7D 7S 2C 2D AC KS", "8H 3S 4S 9C 10C JH QH KH 9D 10D")
    assert g.view(state, 1).hands[0] == (HIDDEN,) * 11
    spreading = play(state, "knock KS")
    assert spreading.events == (
        Event(EventKind.KNOCKS, player=0),
        Event(EventKind.SHOWS, player=0, cards=cards("KS"), label="discards"),
    )
    seen = g.view(spreading, 1)
    assert seen.hands[0] == spreading.hands[0] and seen.knock_card == cards("KS")
    assert seen.hands[1] == spreading.hands[1] and seen.stock == (HIDDEN,) * len(spreading.stock)
    assert g.view(spreading, 0).hands[1] == (HIDDEN,) * 10


def test_the_showdown_is_told_in_events_and_not_kept() -> None:
    """Issue 6 leak rule: the showdown's cards lie in the next deal's hidden hands, so only the
    SHOWS events of the knock carry them, and the next move's state names none of them."""
    state = position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S")
    after = play(state, "knock KS")
    assert not hasattr(after, "showdown")
    assert told(after) == [
        "seat 0 knocks 8",
        "seat 0 shows: discards KS",
        "seat 0 shows: meld 9C 9D 9S",
        "seat 0 shows: meld 4H 5H 6H 7H",
        "seat 0 shows: deadwood 5C AC 2D 8",
        "seat 1 shows: meld 2C 3C 4C",
        "seat 1 shows: meld KC KD KH",
        "seat 1 shows: lays off 8H 9H",
        "seat 1 shows: deadwood 3D 2S 5",
        "seat 1 scores: undercut 28",
        "hand scored: 0 28",
        "seat 0 deals hand 2",
        "turns up 5S",
    ]
    cards_named = {c for e in after.events if e.kind is not EventKind.SHOWS for c in e.cards}
    assert cards_named == set(cards("5S"))  # the new upcard
    nxt = play(after, "pass")
    secret = {str(c) for c in unseen_cards(nxt, 1, g.ZONES)}
    assert not any(f'"{face}"' in to_json(g.view(nxt, 1)) for face in secret)
    assert g.showdown_of(nxt.events) is None


def test_shuffle_unseen_keeps_a_view_a_view() -> None:
    """DEVELOPING.md, views: shuffling what a view hides leaves a view (no random source)."""
    state = play(g.new_game(seed=4, dealer=0), "pass", "pass", "draw stock")
    seen = g.view(state, 1)
    mixed = g.shuffle_unseen(seen, 1, 5)
    assert mixed.rng is None and mixed.viewer == 1 and mixed == seen
    other = g.shuffle_unseen(state, 1, 5)
    assert other.rng is not None and other.hands[1] == state.hands[1] and other.hands[0] != state.hands[0]
    assert g.view(other, 1) == seen
    g.check_invariants(other)


def test_invariants_refuse_boxes_beyond_the_hands_played() -> None:
    """Invariants: the hands won cannot reach the number of the hand being played (nor pass it
    once the game is over), and points come only with a hand won."""
    state = position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S", scores=(30, 12), boxes=(1, 1))
    assert state.hand == 3
    with pytest.raises(ValueError, match=r"the boxes \(2, 1\) count more hands won than the 2 scored so far"):
        g.check_invariants(attrs.evolve(state, boxes=(2, 1)))
    with pytest.raises(ValueError, match=r"the boxes \(1, 1\) count more hands won than the 1 scored so far"):
        g.check_invariants(attrs.evolve(state, hand=2))
    with pytest.raises(ValueError, match="seat 1 has 12 points without winning a hand"):
        g.check_invariants(attrs.evolve(state, boxes=(1, 0)))
    with pytest.raises(ValueError, match="scores and boxes may not be negative"):
        g.check_invariants(attrs.evolve(state, boxes=(-1, 1)))
    g.check_invariants(attrs.evolve(state, boxes=(2, 0), scores=(42, 0)))
    over = play(position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C QS 5D 2S AD", scores=(94, 0), boxes=(3, 0)), "knock KS")
    assert over.hand == 4 and over.boxes == (4, 0)
    g.check_invariants(over)
    with pytest.raises(ValueError, match="seat 0 has 104 points without winning a hand"):
        g.check_invariants(attrs.evolve(over, boxes=(0, 1), scores=(104, 1)))
    with pytest.raises(ValueError, match=r"the boxes \(4, 1\) count more hands won than the 4 scored so far"):
        g.check_invariants(attrs.evolve(over, boxes=(4, 1), scores=(104, 1)))


def test_invariants_refuse_unsorted_hands_and_spreads_without_a_choice() -> None:
    """Invariants: hands are kept sorted; a knocker spreads only when arrangements differ."""
    state = position("4H 5H 6H 7H 9C 9D 9S AC 2D 5C KS", "KC KD KH 2C 3C 4C 8H 9H 3D 2S")
    backwards = tuple(reversed(state.hands[1]))
    with pytest.raises(ValueError, match="seat 1's hand is not in sorted order"):
        g.check_invariants(attrs.evolve(state, hands=(state.hands[0], backwards)))
    with pytest.raises(ValueError, match="seat 1's hand is not in sorted order"):
        g.check_invariants(g.view(attrs.evolve(state, hands=(state.hands[0], backwards)), 1))
    # 4H-7H, the nines and 2D 5C AC: one arrangement only, so the knock scores at once.
    held = state.hands[0]
    single = attrs.evolve(
        state, phase=g.Phase.SPREAD, hands=(tuple(c for c in held if c != Card.parse("KS")), state.hands[1]),
        knock_card=cards("KS"),
    )
    with pytest.raises(ValueError, match="two or more arrangements"):
        g.check_invariants(single)


def test_invariants_refuse_views_that_mix_hidden_and_real_cards_or_hide_the_taken_card() -> None:
    """Zones (check_zones): a view shows exactly what its viewer may see."""
    state = play(g.new_game(seed=11, dealer=0), "pass", "take upcard")
    seen = g.view(state, 1)
    g.check_invariants(seen)
    peek = sorted_cards((state.hands[0][3], *(HIDDEN,) * 9))
    with pytest.raises(ValueError, match=f"the view of seat 1 shows {state.hands[0][3]} in hands, which it may not see"):
        g.check_invariants(attrs.evolve(seen, hands=(peek, seen.hands[1])))
    blind = sorted_cards((*seen.hands[1][:-1], HIDDEN))
    with pytest.raises(ValueError, match="the view of seat 1 hides a card of hands it may see"):
        g.check_invariants(attrs.evolve(seen, hands=(seen.hands[0], blind)))
    with pytest.raises(ValueError, match="the view of seat 1 hides a card of taken it may see"):
        g.check_invariants(attrs.evolve(seen, taken=(HIDDEN,)))
    with pytest.raises(ValueError, match="not a view and has no viewer"):
        g.check_invariants(attrs.evolve(state, viewer=1))
    assert from_json(to_json(seen)) == seen


# --- render -----------------------------------------------------------------------------------


def test_render_upcard_offer_shows_own_hand_and_deadwood_and_hides_the_other() -> None:
    """The Card Games collection (Gin Rummy): the upcard is offered to the non-dealer first; the other hand is only a count."""
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
    """The Card Games collection (Gin Rummy): the dealer takes the upcard; both seats see it, and it may not be discarded."""
    state = play(g.new_game(seed=2, dealer=0, deck=standard_pack()), "pass", "take upcard")
    assert g.render(g.view(state, 0)).splitlines()[1:5] == [
        "seat 0 took 8D and must discard, knock (deadwood 10 or less) or go gin",
        "seat 0  score 0, 0 hands won  10 cards + 8D taken, deadwood 54 after the best discard",
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
    """Rules 3.1 ambiguity 4: after the knock the knocker picks the arrangement, the ten cards
    laid down for both seats to see (the Card Games collection (Gin Rummy): the knocker lays down 10 cards)."""
    state = position("4H 5H 6H 7H 7C 7D 7S 2C 2D AC KS", "8H 3S 4S 9C 10C JH QH KH 9D 10D")
    lines = g.render(g.view(play(state, "knock KS"), 1)).splitlines()
    assert lines[1:4] == [
        "seat 0 knocked with KS and chooses how to spread the other ten cards",
        "seat 0  score 0, 0 hands won  10 cards, deadwood 5",
        "        2C 7C AC | 2D 7D | 4H 5H 6H 7H | 7S",
    ]


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


# --- the tournament preset (the Metzker Book's Gin Rummy Tournament Rules; rules/rummy.md 3.2) ---

T = g.Options.tournament()
OPEN = (0, 0, 0, 0, -1)


def tournament(
    mover: str,
    other: str,
    *,
    columns: tuple[tuple[int, int, int, int, int], ...] = (OPEN, OPEN, OPEN),
    options: g.Options = T,
    phase: g.Phase = g.Phase.DISCARD,
    discards: str = "",
    stock: str = "",
    scores: tuple[int, int] = (0, 0),
    boxes: tuple[int, int] = (0, 0),
) -> g.State:
    """A tournament position (`mover`, seat 0, holds 13 cards to discard, 12 to draw) with its
    columns; seat 1 dealt."""
    state = position(
        mover, other, options=options, phase=phase, discards=discards, stock=stock, scores=scores, boxes=boxes
    )
    state = attrs.evolve(state, columns=columns)
    g.check_invariants(state)
    return state


# The Run of rules 3.2 test 1: seat 0 runs with 2C 4S (R = 6) after putting KS away; seat 1
# lays off 8H onto 4H-7H and 10D onto JD-KD.
RUNNER = "4H 5H 6H 7H 9C 9D 9S JD QD KD 2C 4S KS"
OPPONENT_20 = "3C 3D 3S 3H 5S 6S 7S 8S 8H 10D 10C JC"


def test_tournament_preset_is_listed_and_differs_where_the_seed_does() -> None:
    """The tournament preset: 12 cards (13 to the opponent), no upcard, aces high or low, Run
    with 9 or less, no gin bonus but Gins, Double Gin, undercut 2R + 25, play to the last stock
    card, the winner deals, three games to 200 worth 200 and 25 a Gin."""
    assert ("tournament", T) in g.GAME.presets
    assert (T.hand_size, T.deal, T.aces, T.knock_limit, T.gin_bonus, T.double_gin) == (
        12, g.DealStyle.EXTRA_CARD, g.AceMode.EITHER, 9, 0, True,
    )  # fmt: skip
    assert (T.undercut, T.undercut_bonus, T.stock_end, T.dealer_rule) == (
        g.Undercut.DOUBLE_KNOCK, 25, g.StockEnd.COUNT, g.DealerRule.WINNER_DEALS,
    )  # fmt: skip
    assert (T.columns, T.target, T.game_bonus, T.gin_value) == (3, 200, 200, 25)
    for bad, message in (
        ({"aces": g.AceMode.AROUND}, "runs do not turn the corner"),
        ({"columns": -1}, "columns must be 0"),
        ({"gin_value": -1}, "gin_value may not be negative"),
    ):
        with pytest.raises(ValueError, match=message):
            g.Options(**bad)


def test_tournament_deal_13_to_the_opponent_12_to_the_dealer_no_upcard() -> None:
    """Seed: "Deal out 13 cards to your oponent and 12 cards to yourself ... There is no card
    flipped over": one at a time from the non-dealer, who gets the 25th card; 27 in the stock."""
    deck = standard_pack()
    state = g.new_game(seed=1, dealer=0, options=T, deck=deck)
    assert state.hands[1] == sorted_cards(deck[0:25:2]) and len(state.hands[1]) == 13
    assert state.hands[0] == sorted_cards(deck[1:24:2]) and len(state.hands[0]) == 12
    assert state.stock == tuple(deck[25:]) and state.discards == ()
    assert state.phase is g.Phase.DISCARD and g.to_act(state) == frozenset({1})
    assert told(state) == ["seat 0 deals hand 1"]
    assert state.columns == (OPEN, OPEN, OPEN)


def test_tournament_first_turn_is_a_discard_without_a_draw() -> None:
    """Seed: "Your oponent does not get a draw the first round, only a discard"; the dealer then
    draws from the stock or takes that discard."""
    state = g.new_game(seed=4, dealer=1, options=T)
    assert all(not m.startswith("draw") for m in moves(state))
    with pytest.raises(IllegalMove, match="the non-dealer's first turn has no draw: discard or go out"):
        g.apply(state, g.DrawStock(0))
    first = state.hands[0][0]
    after = play(state, f"discard {first}")
    assert after.discards == (first,) and g.to_act(after) == frozenset({1})
    assert moves(after) == ["draw stock", "draw discard"]
    took = play(after, "draw discard")
    assert len(took.hands[1]) + len(took.taken) == 13 and f"discard {first}" not in moves(took)


def test_tournament_aces_high_or_low_but_never_around_the_corner() -> None:
    """Seed: "Aces are High or Low but can not be both": A-2-3 and Q-K-A are runs, K-A-2 is not;
    the ace still counts 1 point as deadwood."""
    either = g.AceMode.EITHER
    assert g.is_meld(["QH", "KH", "AH"], aces=either) and g.is_meld(["AH", "2H", "3H"], aces=either)
    assert not g.is_meld(["KS", "AS", "2S"], aces=either)
    assert g.deadwood(["KS", "AS", "2S"], aces=either) == 13
    # In play: J-Q-K-A of diamonds melds, so putting 2S away is gin (classic: 1 deadwood, a knock).
    hand = "4H 5H 6H 7H 8H 9C 9D 9S JD QD KD AD 2S"
    state = tournament(hand, "2C 3C 4C 5S 6S 7S QC QH QS 3H 10C KC")
    assert moves(state)[-1:] == ["gin 2S"]
    classic = position("4H 5H 6H 9C 9D 9S JD QD KD AD 2S", "2C 3C 4C 5S 6S 7S QC QH QS 3H")
    assert "knock 2S" in moves(classic) and "gin 2S" not in moves(classic)


def test_tournament_run_wins_the_difference() -> None:
    """Rules 3.2 test 1: a Run with R = 6 against O = 20 after lay-offs earns 14, no Gins; it
    is the seat's first award, so it goes to game 1 only, and the winner deals next."""
    state = tournament(RUNNER, OPPONENT_20)
    after = play(state, "knock KS")
    shown = showdown(after)
    assert shown.deadwood == sorted_cards(cards("2C 4S")) and shown.laid_off == sorted_cards(cards("8H 10D"))
    assert shown.defender_deadwood == sorted_cards(cards("10C JC"))
    assert (shown.winner, shown.points, shown.gin) == (0, 14, False)
    assert after.scores == (14, 0) and after.boxes == (1, 0)
    assert after.columns == ((14, 0, 0, 0, -1), OPEN, OPEN)
    assert after.dealer == 0 and after.hand == 2 and g.to_act(after) == frozenset({1})


def test_tournament_run_undercut_is_twice_the_run_plus_25() -> None:
    """Rules 3.2 test 2: R = 6 against O = 6 or O = 2 after lay-offs: the opponent earns
    6 x 2 + 25 = 37 either way ("EG; 6 x 2 plus 25 = 37"); the classic rule would give
    the difference plus 25."""
    for opponent in ("3C 3D 3S 3H 5S 6S 7S 8S 8H 10D AC 5C", "3C 3D 3S 3H 5S 6S 7S 8S 8H 10D AC AH"):
        after = play(tournament(RUNNER, opponent), "knock KS")
        assert (showdown(after).winner, showdown(after).points) == (1, 37)
        assert after.columns == ((0, 37, 0, 0, -1), OPEN, OPEN) and after.dealer == 1
    difference = attrs.evolve(T, undercut=g.Undercut.DIFFERENCE)
    after = play(tournament(RUNNER, "3C 3D 3S 3H 5S 6S 7S 8S 8H 10D AC AH", options=difference), "knock KS")
    assert showdown(after).points == 6 - 2 + 25


def test_tournament_run_needs_9_or_less() -> None:
    """Rules 3.2 test 3 (seed: deadwood "less than 10"): 10 after the best discard is no Run;
    9 is."""
    ten = tournament("4H 5H 6H 7H 9C 9D 9S JD QD KD 6C 4S KS", OPPONENT_20)
    assert not any(isinstance(m, g.Knock) for m in g.legal_moves(ten))
    with pytest.raises(IllegalMove, match="deadwood would be 10, more than 9"):
        g.apply(ten, g.Knock(0, Card.parse("KS")))
    nine = tournament("4H 5H 6H 7H 9C 9D 9S JD QD KD 5C 4S KS", OPPONENT_20)
    assert [m for m in moves(nine) if m.startswith("knock")] == ["knock KS"]


def test_tournament_double_gin_melds_all_13_cards_without_a_discard() -> None:
    """Rules 3.2 test 4: AS 2S 3S, QH KH AH, 7C 7D 7S 7H, 9D 10D JD is Double Gin with no
    discard; the opponent's 10 deadwood is earned plus 2 Gins. A first award records no Gins."""
    hand = "AS 2S 3S QH KH AH 7C 7D 7S 7H 9D 10D JD"
    opponent = "4C 5C 6C 8C 8D 8H 2D 3D 4D 2H 3H 5H"
    state = tournament(hand, opponent)
    assert moves(state)[-1] == "double gin"
    assert [m for m in moves(state) if m.startswith("gin")] == ["gin 7C", "gin 7D", "gin 7H", "gin 7S"]
    after = play(state, "double gin")
    shown = showdown(after)
    assert (shown.double, shown.gin, shown.winner, shown.points, shown.laid_off) == (True, True, 0, 10, ())
    assert told(after)[0] == "seat 0 goes gin: double" and "seat 0 scores: double gin 10" in told(after)
    assert after.columns == ((10, 0, 0, 0, -1), OPEN, OPEN)
    assert "note: seat 0's 2 Gin(s) not recorded: no points on the board yet" in told(after)
    assert after.discards == ()  # nothing was put away: the next hand's deal starts afresh
    assert g.apply(state, g.DoubleGin(0)) == after


def test_tournament_gins_go_only_to_games_that_already_had_points() -> None:
    """Seed: "You can not get awarded Gins until you have points in a game". Seat 0's third
    award: its 10 points go to all three games, its 2 Gins to games 1 and 2 only."""
    hand = "AS 2S 3S QH KH AH 7C 7D 7S 7H 9D 10D JD"
    opponent = "4C 5C 6C 8C 8D 8H 2D 3D 4D 2H 3H 5H"
    columns = ((50, 0, 0, 0, -1), (20, 0, 0, 0, -1), OPEN)
    state = tournament(hand, opponent, scores=(50, 0), boxes=(2, 0), columns=columns)
    after = play(state, "double gin")
    assert after.columns == ((60, 0, 2, 0, -1), (30, 0, 2, 0, -1), (10, 0, 0, 0, -1))
    assert "seat 0 scores: gins in games 2 1 2" in told(after)


def test_tournament_gin_has_no_lay_off_and_earns_1_gin() -> None:
    """Rules 3.2 test 5: after Gin the opponent's 3H may not go onto 4H-8H: 23 points + 1 Gin."""
    hand = "4H 5H 6H 7H 8H 9C 9D 9S JD QD KD AD 2S"
    state = tournament(hand, "2C 3C 4C 5S 6S 7S QC QH QS 3H 10C KC", scores=(30, 0), boxes=(1, 0),
                       columns=((30, 0, 0, 0, -1), OPEN, OPEN))  # fmt: skip
    after = play(state, "gin 2S")
    shown = showdown(after)
    assert (shown.gin, shown.double, shown.points, shown.laid_off) == (True, False, 23, ())
    assert shown.defender_deadwood == sorted_cards(cards("3H 10C KC"))
    assert after.columns == ((53, 0, 1, 0, -1), (23, 0, 0, 0, -1), OPEN)
    classic_bonus = attrs.evolve(T, gin_bonus=25)
    bonus = play(tournament(hand, "2C 3C 4C 5S 6S 7S QC QH QS 3H 10C KC", options=classic_bonus), "gin 2S")
    assert showdown(bonus).points == 23 + 25


def test_tournament_stock_out_lower_deadwood_earns_the_difference() -> None:
    """Seed: "The play also ends if the stock pile runs out. Each player lays down what they can
    ... The person with the least points gets the difference", no Gins, no lay-offs."""
    state = tournament(
        "4H 5H 6H 9C 9D 9S JD QD KD 2C 3S 10S", "2D 3D 4D 5S 6S 7S 8H 8C AC 5C 10C JC",
        phase=g.Phase.DRAW, discards="QS", stock="KS",
    )
    state = play(state, "draw stock")
    assert state.stock == () and "draw stock" not in moves(state)
    after = play(state, "discard KS")
    # Seat 0 keeps 2C 3S 10S = 15; seat 1 cannot lay 8H off onto 4H-6H: 8H 8C AC 5C 10C JC = 42.
    assert "seat 0 scores: stock out 27" in told(after)
    assert "seat 1 shows: deadwood 5C 8C 10C JC AC 8H 42" in told(after)
    assert after.scores == (27, 0) and after.columns == ((27, 0, 0, 0, -1), OPEN, OPEN)
    assert after.hand == 2 and after.dealer == 0
    assert not any(e.kind is EventKind.SCORES and e.label == "gins in games" for e in after.events)
    picture = g.render(after)
    assert "stock out in hand 1: deadwood 15 and 42; seat 0 scored 27" in picture
    assert "games (points, Gins): 1: 27-0 (0-0) open; 2: 0-0 (0-0) open; 3: 0-0 (0-0) open" in picture


def test_tournament_stock_out_with_equal_counts_awards_nothing_and_keeps_the_dealer() -> None:
    """Rules 3.2 readings 3 and 5: equal deadwood at the stock's end earns nothing, nobody is
    awarded points, and the dealing seat does not change."""
    state = tournament(
        "4H 5H 6H 9C 9D 9S JD QD KD 2C 3S 10S", "2D 3D 4D 5S 6S 7S 9H 10H JH QH 10C 5C",
        phase=g.Phase.DRAW, discards="QS", stock="KS",
    )
    assert state.dealer == 1
    after = play(state, "draw stock", "discard KS")
    assert after.scores == (0, 0) and after.boxes == (0, 0) and after.columns == (OPEN, OPEN, OPEN)
    assert not any(e.kind is EventKind.SCORES for e in after.events)
    assert after.dealer == 1 and after.hand == 2
    assert "stock out in hand 1: deadwood 15 and 15; nobody scored" in g.render(after)


def test_tournament_plays_on_where_the_classic_hand_would_be_void() -> None:
    """The classic void at two stock cards does not apply: the tournament plays to the last card."""
    state = tournament(
        "4H 5H 6H 9C 9D 9S JD QD KD 2C 3S 10S", "2D 3D 4D 5S 6S 7S 9H 10H JH QH 10C 5C",
        phase=g.Phase.DRAW, discards="QS", stock="KS 2H 2S",
    )
    after = play(state, "draw stock", "discard KS")
    assert len(after.stock) == 2 and after.phase is g.Phase.DRAW and after.hand == state.hand


def test_tournament_column_closes_at_200_with_200_and_25_a_gin() -> None:
    """Rules 3.2 test 7: seat 0's game 1 at 190 goes past 200 with a Run of 14 and closes:
    seat 0 (3 Gins) gets 200 + 75 = 275 there, seat 1 (1 Gin) 25. Seat 1 had won games 2 and 3
    (200 each), so the match ends 275 to 425 and seat 1 wins it."""
    columns = ((190, 150, 3, 1, -1), (100, 205, 0, 0, 1), (60, 200, 0, 0, 1))
    state = tournament(RUNNER, OPPONENT_20, scores=(190, 210), boxes=(5, 4), columns=columns)
    over = play(state, "knock KS")
    assert g.is_over(over) and g.legal_moves(over) == ()
    assert over.columns == ((204, 150, 3, 1, 0), (100, 205, 0, 0, 1), (60, 200, 0, 0, 1))
    assert g.scores(over) == (275, 425) and g.winners(over) == frozenset({1}) and over.player == 1
    assert g.margin(over) == 150
    assert told(over)[-5:] == [
        "hand scored: 14 0", "seat 0 wins: game 1", "seat 0 has 275", "seat 1 has 425", "game over; winners: 1",
    ]  # fmt: skip
    assert "game over: seat 1 wins, 275 to 425 from the games won and the Gins" in g.render(over)


def test_tournament_points_stop_counting_in_a_closed_column() -> None:
    """Seed: points stop counting in a won game, "Play will continue in the other 2 games":
    a later award skips the closed game 1 and still adds to games 2 and 3."""
    columns = ((210, 0, 0, 0, 0), (120, 0, 0, 0, -1), (30, 0, 0, 0, -1))
    state = tournament(RUNNER, OPPONENT_20, scores=(210, 0), boxes=(4, 0), columns=columns)
    after = play(state, "knock KS")
    assert after.columns == ((210, 0, 0, 0, 0), (134, 0, 0, 0, -1), (44, 0, 0, 0, -1))
    assert not g.is_over(after)


def test_tournament_tie_is_a_shared_win() -> None:
    """Rules 3.2: equal totals after the three games are a tie, and both seats win. Seat 0
    closes game 1 and has won game 3 (400); seat 1 won game 2 and has 4 Gins in each of games
    1 and 2 (100 + 200 + 100 = 400)."""
    columns = ((190, 150, 0, 4, -1), (0, 205, 0, 4, 1), (210, 0, 0, 0, 0))
    over = play(tournament(RUNNER, OPPONENT_20, scores=(210, 205), boxes=(3, 3), columns=columns), "knock KS")
    assert g.scores(over) == (400, 400) and g.winners(over) == frozenset({0, 1})
    assert g.margin(over) == 0 and over.events[-1] == Event(EventKind.GAME_OVER, numbers=(0, 1))
    assert "game over: a tie, 400 to 400 from the games won and the Gins" in g.render(over)


def test_tournament_whole_match_to_its_end() -> None:
    """A seeded tournament from the first deal until every game column is closed: the winner
    has the highest total of 200 per game won plus 25 per Gin."""
    import random

    state = g.new_game(seed=1, options=T)
    chooser = random.Random(1)
    plies = 0
    while not g.is_over(state):
        state = g.apply(state, chooser.choice(g.legal_moves(state)))
        plies += 1
        if state.events and state.events[0].kind is EventKind.DEALS:
            g.check_invariants(state)
    g.check_invariants(state)
    assert all(c[4] >= 0 for c in state.columns)
    totals = g.scores(state)
    assert totals == (0, 600) and g.winners(state) == frozenset({1}) and state.hand == 23
    assert state.events[-1] == Event(EventKind.GAME_OVER, numbers=(1,))


def test_double_gin_refusals_name_the_rule() -> None:
    """Double Gin needs every card melded, and exists only where the option allows it (the
    classic game has no Double Gin)."""
    state = tournament(RUNNER, OPPONENT_20)
    assert "double gin" not in moves(state)
    with pytest.raises(IllegalMove, match="not every card melds: the deadwood is 16"):
        g.apply(state, g.DoubleGin(0))
    classic = position("AS 2S 3S QH KH JH 7C 7D 7S 9D 10D", "2C 3C 4C 5S 6S 8H 8D 2H 3H 5H")
    assert "double gin" not in moves(classic)
    with pytest.raises(IllegalMove, match=r"Double Gin is not played in this game \(option double_gin\)"):
        g.apply(classic, g.DoubleGin(0))
    double = tournament("AS 2S 3S QH KH AH 7C 7D 7S 7H 9D 10D JD", "4C 5C 6C 8C 8D 8H 2D 3D 4D 2H 3H 5H")
    assert g.parse_move(double, "double gin") == g.DoubleGin(0)


def test_tournament_going_out_on_the_first_turn() -> None:
    """Seed: "You may Gin or Run on any turn including the first turn": the non-dealer's 13
    dealt cards all meld, so Double Gin (and Gin with a spare seven) is offered before any draw."""
    thirteen = cards("AS 2S 3S QH KH AH 7C 7D 7S 7H 9D 10D JD")
    rest = [c for c in standard_pack() if c not in thirteen]
    deck = [thirteen[i // 2] if i % 2 == 0 else rest[i // 2] for i in range(25)] + rest[12:]
    state = g.new_game(seed=1, dealer=0, options=T, deck=deck)
    assert state.hands[1] == sorted_cards(thirteen)
    assert moves(state)[-5:] == ["gin 7C", "gin 7D", "gin 7H", "gin 7S", "double gin"]
    after = play(state, "double gin")
    # Seat 0 holds the clubs A-K but 7C: all melded, so the Double Gin earns 0 points; a hand
    # that awards no points leaves the deal where it was (rules 3.2 reading 5).
    assert (showdown(after).double, showdown(after).winner, showdown(after).points) == (True, 1, 0)
    assert after.scores == (0, 0) and after.boxes == (0, 0) and after.dealer == 0
