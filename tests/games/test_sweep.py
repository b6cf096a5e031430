"""Sweep scenarios from the seed (001 "Sweep") and rules/other.md section 3.3 (its readings and
scenario tests)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.shedding import Combo, plays_from, strength_sorted
from parlour.games import sweep
from parlour.games.sweep import BEATS, ORDER, Done, Options, Phase, PickUp, PlayBlind, PlayCards, State


def slots(text: str | None) -> tuple[Card | None, ...]:
    """"7D -- -- KS" as four slots (None where the card was played)."""
    words = (text or "-- -- -- --").split()
    assert len(words) == 4
    return tuple(None if w == "--" else Card.parse(w) for w in words)


def position(
    hands: list[str],
    *,
    up: list[str | None] | None = None,
    blind: list[str | None] | None = None,
    pile: str = "",
    turn: int = 0,
    options: Options | None = None,
    points: tuple[int, ...] | None = None,
    phase: Phase = Phase.PLAY,
) -> State:
    """A play position with the given cards; the rest of the pack set aside (as many as the
    deal leaves) and swept. Every card named comes out of the pack, so invariants hold."""
    n = len(hands)
    base = sweep.new_game(n, seed=1, dealer=(turn - 1) % n, options=options)
    held = [strength_sorted(parse_cards(h), ORDER) for h in hands]
    ups = [slots(u) for u in (up or [None] * n)]
    blinds = [slots(b) for b in (blind or [None] * n)]
    played = parse_cards(pile)
    pack = Counter(sweep.PACKS[n])
    named = [*played, *(c for h in held for c in h), *(c for row in (*ups, *blinds) for c in row if c is not None)]
    pack.subtract(named)
    assert not -pack, f"cards named twice: {-pack}"
    rest = sorted(pack.elements(), key=lambda c: c.index)
    aside_count = len(sweep.PACKS[n]) - sweep.CARDS_EACH * n
    state = attrs.evolve(
        base,
        phase=phase,
        turn=turn,
        hands=tuple(held),
        up=tuple(ups),
        blind=tuple(blinds),
        pile=played,
        aside=tuple(rest[:aside_count]),
        swept=tuple(rest[aside_count:]),
        points=points or (0,) * n,
    )
    sweep.check_invariants(state)
    return state


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in sweep.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = sweep.apply(state, sweep.parse_move(state, text))
        sweep.check_invariants(state)
    return state


def kinds(state: State) -> list[EventKind]:
    return [e.kind for e in state.events]


# --- equipment and the deal -------------------------------------------------------------------


def test_enough_packs_for_22_cards_each_and_the_rest_set_aside() -> None:
    """Seed: "Enough decks to ensure there are 22 cards for each person" (rules 3.3: ceil(22n/52));
    "Discard any left over cards"."""
    assert [sweep.packs_for(n) for n in range(2, 9)] == [1, 2, 2, 3, 3, 3, 4]
    for n in (2, 3, 5, 8):
        state = sweep.new_game(n, seed=4)
        assert all(len(h) == 14 for h in state.hands)
        assert all(None not in row for row in (*state.up, *state.blind))
        assert len(state.aside) == 52 * sweep.packs_for(n) - 22 * n
        sweep.check_invariants(state)
    with pytest.raises(ValueError, match="2, 3, 4, 5, 6, 7, 8 players"):
        sweep.new_game(1)


def test_deal_blinds_first_then_face_up_then_hand_from_the_dealers_left() -> None:
    """Seed: 14 in hand, 4 face down (blind), 4 face up on the blinds. Reading: one card at a time
    clockwise from the dealer's left; each seat's first four are its blinds, the next four face up."""
    deck = list(sweep.PACKS[2])
    state = sweep.new_game(2, seed=1, deck=deck, dealer=1)
    # Seat 0 (the dealer's left) gets deck cards 0, 2, 4, ...; seat 1 gets 1, 3, 5, ...
    assert state.blind[0] == tuple(deck[0:8:2])
    assert state.up[0] == tuple(deck[8:16:2])
    assert state.blind[1] == tuple(deck[1:8:2])
    assert sorted(state.hands[0], key=lambda c: c.index) == sorted(deck[16:44:2], key=lambda c: c.index)
    assert state.aside == tuple(deck[44:])
    assert state.turn == 0 and state.dealer == 1
    assert kinds(state) == [EventKind.DEALS, EventKind.LEADS]


def test_first_dealer_is_drawn_from_the_seed_unless_given() -> None:
    """Reading: the first dealer comes from the seed; `dealer=` fixes it; the dealer's left leads."""
    dealers = {sweep.new_game(4, seed=s).dealer for s in range(12)}
    assert len(dealers) > 1
    state = sweep.new_game(4, seed=3, dealer=2)
    assert (state.dealer, state.turn) == (2, 3)
    with pytest.raises(ValueError, match="dealer"):
        sweep.new_game(4, seed=3, dealer=4)


# --- the beat rule and the scenario tests of rules 3.3 -------------------------------------------


def test_scenario_1_four_of_a_rank_sweeps_and_the_sweeper_leads() -> None:
    """Rules 3.3 scenario 1 (seed: "If they make a matching set of 4 on the table they Sweep the
    cards from the play area and get to lead"): two 9s on the table, the seat adds two 9s."""
    state = position(["9H 9S KC", "2C 3C"], pile="KD 9C 9D", turn=0)
    assert "play 9H 9S" in moves(state)
    after = play(state, "play 9H 9S")
    assert after.pile == () and after.turn == 0
    assert parse_cards("KD 9C 9D 9H 9S") == after.swept[-5:]
    assert kinds(after) == [EventKind.PLAYS, EventKind.WINS_ROUND, EventKind.LEADS]
    assert moves(after) == ["play KC"]


def test_scenario_2_a_set_holds_at_most_four_cards() -> None:
    """Rules 3.3 scenario 2 (seed: "A matching set on the table can have a maximum of four
    cards"): three 9s on the table; the seat holds two 9s and may add only one."""
    state = position(["9H 9S QC", "2C 3C", "4C"], pile="9C 9D 9S", turn=0)
    assert moves(state) == ["play 9H"]
    with pytest.raises(IllegalMove, match="at most 4 cards: 3 9 already on the table"):
        sweep.apply(state, PlayCards(0, parse_cards("9H 9S")))
    after = play(state, "play 9H")
    assert after.pile == () and after.turn == 0


def test_scenario_3_no_lower_or_matching_card_must_pick_up_and_left_leads() -> None:
    """Rules 3.3 scenario 3 (seed: "If you do not have a card equal to or smaller than what is in
    the set played you must pick up the set pile ... The lead passes to the left"): one 5 on the
    table, the seat holds only K and Q, no ten, no exposed blind."""
    state = position(["KC QD", "2C 3C", "4C"], up=["KS QS KH QH", None, None], blind=["AH 2H 3H 4H", None, None], pile="8C 5D", turn=0)
    assert moves(state) == ["pick up"]
    after = play(state, "pick up")
    assert after.hands[0] == parse_cards("5D 8C QD KC")
    assert after.pile == () and after.turn == 1
    assert kinds(after) == [EventKind.TAKES, EventKind.LEADS]
    assert after.events[0].cards == parse_cards("8C 5D")


def test_scenario_4_a_ten_sweeps_any_set_and_the_seat_leads() -> None:
    """Rules 3.3 scenario 4 (seed: "A 10 is a special card and 'Sweeps the board' (closes off the
    set even if it does not have 4 cards), you then get to start a new set")."""
    state = position(["10C KD", "2C 3C"], pile="QC 7D 7H", turn=0)
    assert moves(state) == ["play 10C"]  # KD is higher than the set of 7s
    after = play(state, "play 10C")
    assert after.pile == () and after.turn == 0
    assert after.swept[-4:] == parse_cards("QC 7D 7H 10C")
    assert moves(after) == ["play KD"]


def test_scenario_5_an_unplayable_blind_card_goes_on_the_pile_and_is_picked_up() -> None:
    """Rules 3.3 scenario 5: `blind` turns up a 7 on a set of 5: it cannot go, so the seat picks
    up the pile with the 7 in it (seed: a blind card "can be played any time once they are
    exposed"; "if you have to pick up anyways you could consider playing one of your blind cards")."""
    state = position(["KC", "2C 3C"], up=["-- 4S 4D 4H", None], blind=["7S 8S 9S JS", None], pile="9C 5D", turn=0)
    assert moves(state) == ["play up2:4S", "play up2:4S up3:4D", "play up2:4S up3:4D up4:4H", "blind 1"]
    after = play(state, "blind 1")
    assert after.hands[0] == parse_cards("5D 7S 9C KC")
    assert after.blind[0] == slots("-- 8S 9S JS")
    assert after.pile == () and after.turn == 1
    assert kinds(after) == [EventKind.REVEALS, EventKind.TAKES, EventKind.LEADS]
    assert after.events[0].cards == parse_cards("7S")


def test_scenario_6_penalty_points_of_cards_left() -> None:
    """Rules 3.3 scenario 6 (seed: "Face cards are 10 points each, 2 to 9 are face value, Aces are 1
    point, 10's are 25 points"): {K, 10, A, 9} count 45."""
    assert sweep.penalty(parse_cards("KS 10D AC 9H")) == 45
    assert sweep.penalty((Card.parse("JC"), None, Card.parse("QH"), Card.parse("2D"))) == 22


def test_rank_order_kings_high_aces_low_tens_below_aces() -> None:
    """Seed: "Kings are high - Aces are low, 10's are lower than Aces (They are considered Wild)"."""
    assert [str(r) for r in ORDER.ranks] == ["10", "A", "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K"]
    assert sweep.beats(Combo(Card.parse("AS").rank, 2), Combo(Card.parse("2S").rank, 3))
    assert not sweep.beats(Combo(Card.parse("KS").rank, 1), Combo(Card.parse("QS").rank, 1))
    assert sweep.beats(Combo(Card.parse("10S").rank, 3), Combo(Card.parse("AS").rank, 1))
    assert sweep.beats(Combo(Card.parse("KS").rank, 4), None)


def test_lower_rank_starts_a_new_set_and_higher_is_refused() -> None:
    """Seed: "The next player is allowed to play a matching card to what was lead or lower card(s)"."""
    state = position(["3C 3D 8C 8D JC", "2C 3H"], pile="8S", turn=0)
    assert moves(state) == ["play 3C", "play 3C 3D", "play 8C", "play 8C 8D"]
    with pytest.raises(IllegalMove, match="must play the set's rank \\(8\\), a lower rank, or tens"):
        sweep.apply(state, PlayCards(0, parse_cards("JC")))
    after = play(state, "play 3C 3D")
    assert after.pile == parse_cards("8S 3C 3D") and after.turn == 1
    assert sweep.current_set(after.pile) == Combo(Card.parse("3C").rank, 2)
    assert moves(after) == ["play 2C", "play 3H"]


def test_leading_one_to_four_of_a_rank_four_of_a_kind_and_tens_sweep_at_once() -> None:
    """Seed: "The player leads out cards as sets (same rank)"; a set of four sweeps; a 10 sweeps.
    Reading: 1-4 cards lead; four of a kind led sweeps; tens led sweep an empty pile."""
    state = position(["10C 10D 5C 5D 5H 5S KC", "2C 3C"], turn=0)
    assert moves(state) == [
        "play 10C", "play 10C 10D", "play 5C", "play 5C 5D", "play 5C 5D 5H", "play 5C 5D 5H 5S", "play KC",
    ]  # fmt: skip
    after = play(state, "play 5C 5D 5H 5S")
    assert after.turn == 0 and after.pile == ()
    after = play(after, "play 10C 10D")
    assert after.turn == 0 and after.pile == () and kinds(after)[1] is EventKind.WINS_ROUND


def test_face_up_cards_play_any_time_with_hand_cards_and_expose_blinds() -> None:
    """Seed: "When you play the face up card on top of your blind card you DO NOT turn up the blind
    card ... can be played any time once they are exposed". Reading: face-up cards mix freely
    with hand cards; the lowest slot of a rank goes first; blinds under face-up cards are not offered."""
    state = position(["7C KC", "2C 3C"], up=["QS 7D 2D 7H", None], blind=["AC AD AH AS", None], pile="9C", turn=0)
    assert moves(state) == [
        "play 7C", "play up3:2D", "play up2:7D", "play 7C up2:7D", "play up2:7D up4:7H", "play 7C up2:7D up4:7H",
    ]  # fmt: skip
    with pytest.raises(IllegalMove, match="blind 2 is still covered by its face-up card"):
        sweep.apply(state, PlayBlind(0, 1))
    after = play(state, "play 7C up2:7D")
    assert after.up[0] == slots("QS -- 2D 7H")
    assert after.hands[0] == parse_cards("KC")
    # Seat 0's blind 2 is exposed now (and may be played, unseen, on its next turn).
    back = attrs.evolve(after, turn=0, pile=())
    assert "blind 2" in moves(back) and "blind 1" not in moves(back)


def test_blind_card_that_plays_may_be_followed_by_matching_cards() -> None:
    """Seed: "If you use a blind card and it is playable you can then add any matching cards in
    your hand to that play." Reading: a phase where the seat adds cards of its rank (hand or face
    up, within the cap) or says done."""
    state = position(["4C 4D KC", "2C 3C"], up=["-- 4H JH JS", None], blind=["4S 8S 9S JD", None], pile="6C", turn=0)
    after = play(state, "blind 1")
    assert after.phase is Phase.ADD and after.turn == 0
    assert kinds(after) == [EventKind.REVEALS, EventKind.PLAYS]
    assert moves(after) == ["play 4C", "play 4C 4D", "play up2:4H", "play 4C up2:4H", "play 4C 4D up2:4H", "done"]
    with pytest.raises(IllegalMove, match="add cards of its rank \\(4\\) or say done"):
        sweep.apply(after, PlayBlind(0, 0))
    swept = play(after, "play 4C 4D up2:4H")  # the fourth 4 sweeps
    assert swept.pile == () and swept.turn == 0 and swept.phase is Phase.PLAY
    done = play(after, "done")
    assert done.pile == parse_cards("6C 4S") and done.turn == 1 and done.phase is Phase.PLAY


def test_blind_card_with_nothing_to_add_ends_the_turn() -> None:
    """Forced non-decisions are automatic (rules section 0): no matching card, no `done` step."""
    state = position(["KC", "2C 3C"], up=["-- JH JS QS", None], blind=["4S 8S 9S JD", None], pile="6C", turn=0)
    after = play(state, "blind 1")
    assert after.phase is Phase.PLAY and after.turn == 1 and after.pile == parse_cards("6C 4S")


def test_pick_up_only_when_no_hand_or_face_up_card_plays() -> None:
    """Seed: "If you do not have a card equal to or smaller ... you must pick up". Reading: no
    voluntary pick-up; an exposed blind may always be tried instead."""
    state = position(["3C KC", "2C 3D"], up=["-- QH QS KS", None], blind=["4S 8S 9S JD", None], pile="6C", turn=0)
    assert moves(state) == ["play 3C", "blind 1"]
    with pytest.raises(IllegalMove, match="picked up only when no hand or face-up card can be played"):
        sweep.apply(state, PickUp(0))
    lead = position(["3C KC", "2C 3D"], turn=0)
    with pytest.raises(IllegalMove, match="no pile to pick up"):
        sweep.apply(lead, PickUp(0))


# --- the end of a round, scoring and the match -----------------------------------------------------


def test_going_out_ends_the_round_others_score_what_they_hold_and_the_winner_deals() -> None:
    """Seed: "First person to get rid of their hand and all blind cards wins the round. The rest of
    the players total their points left in their hand and down cards"; "The player finishing a
    round ... deals the next round". Reading: going out without a sweep ends the round too."""
    state = position(
        ["5C", "KC 10D", "AC 9H"], up=[None, "QS -- -- --", None], blind=[None, "2S -- -- --", "3S -- -- --"],
        pile="8C", turn=0, points=(7, 20, 30),
    )  # fmt: skip
    after = play(state, "play 5C")
    scored = next(e for e in after.events if e.kind is EventKind.HAND_SCORED)
    assert scored.numbers == (0, 10 + 25 + 10 + 2, 1 + 9 + 3)
    assert after.points == (7, 67, 43)
    assert after.hand == 2 and after.dealer == 0 and after.turn == 1
    assert kinds(after)[:3] == [EventKind.PLAYS, EventKind.GOES_OUT, EventKind.HAND_SCORED]


def test_game_ends_after_the_round_reaching_the_target_lowest_total_wins() -> None:
    """Seed: "The game ends when one player reaches 300 points. Lowest score is the winner."
    Reading: ties for lowest share the win."""
    state = position(["5C", "KC 10D", "AC 9H"], pile="8C", turn=0, points=(250, 260, 290))
    after = play(state, "play 5C")
    assert sweep.is_over(after) and after.points == (250, 295, 300)
    assert sweep.winners(after) == frozenset({0})
    assert kinds(after)[-1] is EventKind.GAME_OVER and after.events[-1].numbers == (0,)
    assert sweep.legal_moves(after) == ()
    tie = position(["5C", "KC 10D", "AC 9H"], pile="8C", turn=0, points=(265, 230, 290))
    assert sweep.winners(play(tie, "play 5C")) == frozenset({0, 1})


def test_target_option_changes_when_the_game_ends() -> None:
    """`Options.target` (seed: 300) is the total that ends the game."""
    low = position(["5C", "KC 10D"], pile="8C", turn=0, options=Options(target=30))
    assert sweep.is_over(play(low, "play 5C"))
    high = position(["5C", "KC 10D"], pile="8C", turn=0)
    assert not sweep.is_over(play(high, "play 5C"))
    assert Options.metzker() == Options() and Options().target == 300
    with pytest.raises(ValueError, match="target"):
        Options(target=0)


def test_round_limit_valve_scores_everyone_and_passes_the_deal_left() -> None:
    """Rules section 0 termination valve (not in the seed): `Options.round_limit` moves end the
    round; every seat scores its remaining cards and the deal passes to the left."""
    state = position(["5C 5D", "KC 10D"], pile="8C", turn=0, options=Options(round_limit=3))
    state = attrs.evolve(state, moves=2)
    after = play(state, "play 5C")
    assert kinds(after)[1] is EventKind.NOTE
    assert after.points == (5, 35) and after.hand == 2 and after.dealer == (state.dealer + 1) % 2
    unlimited = attrs.evolve(state, options=Options(round_limit=100))
    assert play(unlimited, "play 5C").hand == 1
    # The valve makes `max_plies` a true bound: rounds * moves per round.
    assert sweep.max_plies(2, Options(target=10, round_limit=5)) == (2 * 9 // 1 + 1) * 5
    assert sweep.GAME.max_plies == sweep.max_plies(4, Options())


def test_whole_match_to_the_end_with_the_lowest_total_winning() -> None:
    """A seeded random match from the first deal to GAME_OVER: several rounds, each scored,
    totals at or past the target at the end, the lowest total winning."""
    state = sweep.new_game(3, seed=11)
    chooser = random.Random(11)
    rounds = 1
    while not sweep.is_over(state):
        state = sweep.apply(state, chooser.choice(sweep.legal_moves(state)))
        rounds = max(rounds, state.hand)
    sweep.check_invariants(state)
    assert rounds == state.hand >= 2
    assert max(state.points) >= 300
    assert sweep.winners(state) == frozenset(s for s, p in enumerate(state.points) if p == min(state.points))


# --- helpers, views, notation, invariants ----------------------------------------------------------


def test_plays_match_the_core_beat_rule_on_random_positions() -> None:
    """The hand-only plays are core.shedding's `plays_from` with the MatchOrLower rule (cap 4,
    tens wild) over the hand, one per (rank, count), lowest suits first."""
    for seed in range(6):
        state = sweep.new_game(4, seed=seed)
        chooser = random.Random(seed)
        for _ in range(120):
            if sweep.is_over(state):
                break
            if state.phase is Phase.PLAY:
                seat = state.turn
                expected = plays_from(
                    state.hands[seat], sweep.current_set(state.pile), BEATS, ORDER, presorted=True
                )
                got = [m.cards for m in sweep.legal_moves(state) if isinstance(m, PlayCards) and not m.slots]
                assert sorted(got, key=lambda c: (ORDER.power(c[0].rank), len(c))) == list(expected)
            state = sweep.apply(state, chooser.choice(sweep.legal_moves(state)))


def test_views_hide_hands_blinds_and_leftovers_and_keep_moves() -> None:
    """Nobody sees blind cards ("the blind card will always be played blind"), nor the leftovers;
    a seat sees its own hand; face-up cards and the pile are public."""
    start = sweep.new_game(3, seed=2, dealer=2)
    state = sweep.apply(start, sweep.legal_moves(start)[1])
    assert state.turn == 1
    seen = sweep.view(state, 1)
    assert seen.hands[1] == state.hands[1]
    assert all(c == HIDDEN for c in seen.hands[0])
    assert sweep.legal_moves(seen) and sweep.legal_moves(sweep.view(state, 0)) == ()
    assert all(c == HIDDEN for row in seen.blind for c in row)
    assert all(c == HIDDEN for c in seen.aside)
    assert seen.up == state.up and seen.pile == state.pile
    assert sweep.legal_moves(seen) == sweep.legal_moves(state, 1)
    assert parlour.from_json(parlour.to_json(seen)) == seen
    assert parlour.from_json(parlour.to_json(state)) == state
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        sweep.apply(seen, sweep.legal_moves(seen)[0])


def test_every_legal_move_round_trips_through_its_notation() -> None:
    """`parse_move(str(m))` is `m` for every move offered along a seeded game."""
    state = sweep.new_game(2, seed=9)
    chooser = random.Random(9)
    for _ in range(200):
        if sweep.is_over(state):
            break
        for move in sweep.legal_moves(state):
            assert sweep.parse_move(state, str(move)) == move
        state = sweep.apply(state, chooser.choice(sweep.legal_moves(state)))
    assert str(Done(0)) == "done" and str(PickUp(1)) == "pick up" and str(PlayBlind(0, 2)) == "blind 3"


def test_invariants_refuse_states_play_could_not_reach() -> None:
    """check_invariants guards JSON: a ten or four of a kind left on the pile, an unsorted hand, a
    blind gone under a face-up card, a finished total without the game over."""
    state = position(["5C 6C", "KC 10D"], pile="8C", turn=0)
    broken = [
        attrs.evolve(state, pile=parse_cards("8C 10C"), hands=(parse_cards("5C 6C"), parse_cards("KC 10D"))),
        attrs.evolve(state, hands=(parse_cards("6C 5C"), state.hands[1])),
        attrs.evolve(state, pile=parse_cards("8C 9C")),
        attrs.evolve(state, points=(300, 0)),
        attrs.evolve(state, phase=Phase.ADD, pile=()),
        attrs.evolve(state, turn=2),
    ]
    for bad in broken:
        with pytest.raises(ValueError):
            sweep.check_invariants(bad)
    gone = position(["5C", "KC"], up=["7D -- -- --", None], blind=["7S -- -- --", None], turn=0)
    with pytest.raises(ValueError, match="blind 1 is gone"):
        sweep.check_invariants(attrs.evolve(gone, blind=(slots(None), gone.blind[1]), swept=(*gone.swept, Card.parse("7S"))))


def test_render_shows_the_pile_the_rows_and_only_the_viewers_hand() -> None:
    """The terminal picture: round, dealer, the pile and current set, each seat's face-up row and
    blinds, and the viewer's own hand only."""
    state = position(["5C 5D KC", "2C 3C"], up=["7D -- -- --", None], blind=["7S 8S -- --", None], pile="9C 8C", turn=0)
    text = sweep.render(sweep.view(state, 0))
    assert "pile: 9C 8C; current set 1 x 8" in text
    assert "up 7D -- -- --  blind ## *## -- --  hand 3  to act" in text
    assert "5C 5D | KC" in text and "2C" not in text


def test_lenient_notation_reads_ranks_any_suits_and_face_up_cards() -> None:
    """parse_move also reads "play 7 up2", or cards named by face ("play 7D 7C" with 7D face up),
    as the canonical move; a card the seat does not hold is refused by name."""
    state = position(["7C KC", "2C 3C"], up=["QS 7D 2D 7H", None], blind=["AC AD AH AS", None], pile="9C", turn=0)
    canonical = sweep.parse_move(state, "play 7C up2:7D")
    assert sweep.parse_move(state, "play 7 up2") is canonical
    assert sweep.parse_move(state, "play 7d 7c") is canonical
    assert sweep.parse_move(state, "0: play 2D") == sweep.parse_move(state, "play up3:2D")
    with pytest.raises(NotationError, match="holds no 9S"):
        sweep.parse_move(state, "play 9S")
    with pytest.raises(NotationError, match="not a legal move"):
        sweep.parse_move(state, "play 7 7")


def test_filled_legal_moves_match_a_fresh_state() -> None:
    # `apply` fills each state's legal moves as it builds it; a copy of the state built by
    # attrs (nothing filled) computes them from its fields on first read.
    fields = [f.name for f in attrs.fields(State)]
    for seed in range(12):
        state = sweep.new_game(2 + seed % 4, seed=seed, options=Options(target=40, round_limit=400))
        rng = random.Random(seed)
        for _ in range(400):
            legal = sweep.legal_moves(state)
            if not legal:
                break
            fresh = State(**{name: getattr(state, name) for name in fields})
            assert legal == fresh.legal
            assert state.hands == tuple(strength_sorted(held, ORDER) for held in state.hands)  # pick-ups sort
            state = sweep.apply(state, legal[rng.randrange(len(legal))])
    # State reads its cached `legal` through a plain property: no class-level `__getattr__`,
    # which would make every field read slow.
    assert "__getattr__" not in vars(State)
