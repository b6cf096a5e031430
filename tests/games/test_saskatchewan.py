"""Saskatchewan Rummy scenarios: the Metzker Book of Card Game Rules, "Saskatchewan Rummy", and the
rules notes (tricks.md section 7)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, parse_cards, sorted_cards, standard_pack
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.tricks import Trick
from parlour.games import saskatchewan as sk
from parlour.games.saskatchewan import CONTRACTS, Options, PassAndPay, Phase, PlayCard, State

CLUBS = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
DIAMONDS = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SPADES = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"


def deck_for(*hands: str) -> list[str]:
    """A deck that deals `hands[s]` to seat s when the last seat deals (seat 0 gets the first card)."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(len(split[0])) for s in range(len(split))]


def moves(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in sk.legal_moves(state, player)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = sk.apply(state, sk.parse_move(state, text))
    return state


def first_moves_until(state: State, hand: int) -> State:
    """Plays the first legal move until hand number `hand` starts."""
    while state.hand < hand:
        state = sk.apply(state, sk.legal_moves(state)[0])
    return state


def fixed_paid(n: int, hands_done: int) -> tuple[int, ...]:
    """Payments of the finished trick hands, all put on seat 0 (for built positions)."""
    return (sum(c.total(n) for c in CONTRACTS[:hands_done]), *(0,) * (n - 1))


def position(hand: int, hands: Sequence[str], *, leader: int, rest: int) -> State:
    """Trick hand `hand` of four players late in the hand: `hands[s]` as given (equal sizes), every
    other card of the pack taken earlier by seat `rest`; seat 3 dealt, `leader` leads."""
    state = sk.new_game(4, seed=3, dealer=3)
    held = [parse_cards(h) for h in hands]
    taken = [c for c in sk.PACK if not any(c in h for h in held)]
    won = tuple(tuple(taken) if s == rest else () for s in range(4))
    state = attrs.evolve(
        state, hand=hand, hands=tuple(held), won=won, trick=Trick(leader), turn=leader, paid=fixed_paid(4, hand - 1)
    )
    sk.check_invariants(state)
    return state


def sevens_position(
    hands: Sequence[str],
    layout: Sequence[str],
    *,
    turn: int,
    dealer: int | None = None,
    options: Options | None = None,
    out: tuple[int, ...] = (),
) -> State:
    """Hand 6 with the given layout rows (a suit's run as text, "" for none) and hands; the last
    hand given as "*" holds every other card of the pack."""
    n = len(hands)
    state = sk.new_game(n, seed=3, dealer=n - 1 if dealer is None else dealer, options=options)
    rows = tuple(parse_cards(r) for r in layout)
    held = [parse_cards(h) if h != "*" else () for h in hands]
    placed = {c for r in rows for c in r} | {c for h in held for c in h}
    rest = tuple(c for c in sk.pack_for(n) if c not in placed)
    held = [sorted_cards(rest) if h == "*" else sorted_cards(held[s]) for s, h in enumerate(hands)]
    state = attrs.evolve(
        state,
        hand=6,
        phase=Phase.SEVENS,
        hands=tuple(held),
        trick=Trick(turn),
        turn=turn,
        won=((),) * n,
        layout=rows,
        out=out,
        paid=fixed_paid(n, 5),
    )
    sk.check_invariants(state)
    return state


# --- the pack and the deal ---------------------------------------------------------------------


def test_pack_is_stripped_of_2s_then_3s_for_equal_hands() -> None:
    """Seed: all cards are dealt in equal hands; "remove the 2s and/or 3s" as needed."""
    assert [str(c) for c in sk.removed_cards(3)] == ["2C"]
    assert sk.removed_cards(4) == ()
    table = {n: (" ".join(map(str, sk.REMOVED[n])), sk.hand_size(n)) for n in sk.PLAYERS}
    assert table == {
        3: ("2C", 17),
        4: ("", 13),
        5: ("2C 2D", 10),
        6: ("2C 2D 2S 2H", 8),
        7: ("2C 2D 2S", 7),
        8: ("2C 2D 2S 2H", 6),
        9: ("2C 2D 2S 2H 3C 3D 3S", 5),
        10: ("2C 2D", 5),
    }
    three = sk.new_game(3, seed=2)
    assert [len(h) for h in three.hands] == [17, 17, 17]
    assert Card.parse("2C") not in {c for h in three.hands for c in h}
    assert [len(h) for h in sk.new_game(4, seed=2).hands] == [13, 13, 13, 13]


def test_deal_one_at_a_time_from_the_dealers_left_who_leads() -> None:
    """Seed: "Game play begins with the person to the left of the dealer"; reading: one card at a
    time clockwise from the dealer's left."""
    state = sk.new_game(4, deck=[str(c) for c in sk.PACK], dealer=1)
    assert [str(c) for c in state.hands[2][:4]] == ["5C", "9C", "KC", "AC"]
    assert state.turn == 2 and state.trick.leader == 2 and sk.to_act(state) == frozenset({2})
    assert [str(e) for e in state.events] == ["seat 1 deals hand 1", "note: hand 1: each trick taken pays 5 cents"]


def test_fixed_deck_may_be_the_whole_pack_or_the_stripped_one() -> None:
    """A deck= of 52 cards loses the removed cards; a deck that is neither pack is refused."""
    full = sk.new_game(3, deck=[str(c) for c in standard_pack()], dealer=2)
    stripped = sk.new_game(3, deck=[str(c) for c in sk.pack_for(3)], dealer=2)
    assert full.hands == stripped.hands and full.hands[0][:2] == parse_cards("5C 8C")
    with pytest.raises(ValueError, match="51-card pack"):
        sk.new_game(3, deck=[str(c) for c in sk.pack_for(3)][:-1], dealer=2)


def test_player_counts_three_to_ten() -> None:
    """Seed: "Any number of people can play"; the library plays 3 to 10."""
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7, 8, 9, 10"):
        sk.new_game(11)
    assert len(sk.new_game(10, seed=1).hands) == 10


# --- the trick hands ---------------------------------------------------------------------------


def test_must_follow_suit_no_trump_ace_high() -> None:
    """Seed: "Aces are high", "No trump"; following suit is compulsory (Metzker general rules)."""
    state = position(1, ["2C 3D", "KC 4D", "QC 5D", "JC 6D"], leader=0, rest=2)
    state = play(state, "play 2C")
    assert moves(state) == ["play KC"]
    with pytest.raises(IllegalMove, match="must follow suit: holds a club"):
        sk.apply(state, PlayCard(1, Card.parse("4D")))
    state = play(state, "play KC", "play QC", "play JC")
    assert [str(e) for e in state.events][-1] == "seat 1 wins the trick 2C KC QC JC"
    assert state.turn == 1 and state.trick.leader == 1


def test_hand_1_each_trick_pays_5_cents() -> None:
    """Seed: hand 1 "Each trick you take pay 5cents". Seat 0 holds every club and leads; nobody
    can follow, so seat 0 takes all 13 tricks and pays 65."""
    state = sk.new_game(4, deck=deck_for(CLUBS, DIAMONDS, HEARTS, SPADES), dealer=3)
    for _ in range(13 * 4):
        state = sk.apply(state, sk.legal_moves(state)[0])
    assert state.hand == 2 and state.paid == (65, 0, 0, 0) and state.pot == 65
    assert sk.scores(state) == (-65, 0, 0, 0)
    kinds = [e.kind for e in state.events]
    assert kinds[-3:] == [EventKind.HAND_SCORED, EventKind.DEALS, EventKind.NOTE]
    assert state.events[-3].numbers == (-65, 0, 0, 0)
    # The deal passes to the left: seat 0 deals hand 2 and seat 1 leads it.
    assert state.dealer == 0 and state.turn == 1 and str(state.events[-1]) == "note: hand 2: each heart taken pays 5 cents"


def test_hand_2_each_heart_taken_pays_5_cents() -> None:
    """Seed: hand 2 "Each heart you take pay 5cents"; the earlier hearts were taken by seat 2."""
    state = position(2, ["2H", "AH", "3C", "4D"], leader=0, rest=2)
    state = play(state, "play 2H", "play AH", "play 3C", "play 4D")
    assert state.hand == 3
    assert state.paid == (fixed_paid(4, 1)[0], 10, 55, 0)


def test_hand_3_queens_taken_pay_10_cents_each() -> None:
    """Seed: hand 3 "Each queen you take pay 10 cents": the taker of QS and QH pays 20."""
    state = position(3, ["QS", "QH", "2S", "3S"], leader=0, rest=3)
    state = play(state, "play QS", "play QH", "play 2S", "play 3S")
    assert state.paid == (fixed_paid(4, 2)[0] + 20, 0, 0, 20)
    assert sk.hand_payments(3, [parse_cards("QS QH 2S 3S"), (), (), ()], 0) == (20, 0, 0, 0)


def test_hand_4_king_of_clubs_pays_25_cents() -> None:
    """Seed: hand 4 "King of clubs pays 25cents"; nothing else costs anything."""
    state = position(4, ["2C", "KC", "AH", "AS"], leader=0, rest=0)
    state = play(state, "play 2C", "play KC", "play AH", "play AS")
    assert state.paid == (fixed_paid(4, 3)[0], 25, 0, 0)
    assert state.events[-3].numbers == (0, -25, 0, 0)


def test_hand_5_last_trick_pays_50_cents() -> None:
    """Seed: hand 5 "Last trick pays 50cents"; the other tricks cost nothing. Then hand 6 is
    dealt: the Sevens hand, led off by the new dealer's left."""
    state = position(5, ["2D", "3D", "AD", "4D"], leader=1, rest=1)
    state = play(state, "play 3D", "play AD", "play 4D", "play 2D")
    assert state.paid == (fixed_paid(4, 4)[0], 0, 50, 0)
    assert state.hand == 6 and state.phase is Phase.SEVENS and state.dealer == 0 and state.turn == 1
    assert all(not row for row in state.layout)


def test_contract_totals_per_player_count() -> None:
    """The cents each trick hand puts in the pot: 5 per trick, 5 per heart (12 hearts with nine
    players, whose pack lacks 2H), 40 for the queens, 25, 50."""
    assert [c.total(4) for c in CONTRACTS] == [65, 65, 40, 25, 50]
    assert [c.total(9) for c in CONTRACTS] == [25, 60, 40, 25, 50]
    assert [c.total(3) for c in CONTRACTS] == [85, 65, 40, 25, 50]


def test_trick_hands_have_no_pass() -> None:
    """Passing exists only in the Sevens hand."""
    state = sk.new_game(4, seed=1, dealer=0)
    with pytest.raises(IllegalMove, match="no passing in the trick hands"):
        sk.apply(state, PassAndPay(1))
    with pytest.raises(IllegalMove, match="it is seat 1's turn"):
        sk.apply(state, PlayCard(2, state.hands[2][0]))


# --- the Sevens hand ----------------------------------------------------------------------------


def test_sevens_must_play_the_8_on_the_7_if_able() -> None:
    """Seed hand 6 and rules notes scenario 4: only 7H is on the table; a player holding 8H and 2C
    must play 8H (or another seven): there is no pass while a card can be played."""
    state = sevens_position(["8H 2C", "9H", "10H", "*"], ["", "", "7H", ""], turn=0)
    assert moves(state) == ["play 8H"]
    with pytest.raises(IllegalMove, match="the clubs row must first be started with 7C"):
        sk.apply(state, PlayCard(0, Card.parse("2C")))
    with pytest.raises(IllegalMove, match="must play a card when able"):
        sk.apply(state, PassAndPay(0))
    with_seven = sevens_position(["8H 2C 7C", "9H", "10H", "*"], ["", "", "7H", ""], turn=0)
    assert moves(with_seven) == ["play 7C", "play 8H"]


def test_sevens_pass_and_pay_is_the_single_forced_move() -> None:
    """Seed: "If you cannot play you pay 5 cents and pass your turn": the single legal move, 5
    cents into the pot, and the turn passes to the left."""
    state = sevens_position(["2C", "9H", "10H", "*"], ["", "", "7H", ""], turn=0)
    assert moves(state) == ["pass and pay"]
    before = state.pot
    after = play(state, "pass")
    assert after.pot == before + 5 and after.paid[0] == state.paid[0] + 5 and after.turn == 1
    assert [str(e) for e in after.events] == ["seat 0 passes: pays 5 cents into the pot"]
    assert sk.scores(after)[0] == sk.scores(state)[0] - 5


def test_sevens_ace_goes_on_the_king_and_rows_end_at_the_lowest_card() -> None:
    """Seed: "Aces are played on top of the Kings", "some 2s or 3s may be missing": with six
    players (no 2s) the spade row is finished at 3S; AS is playable once KS is down."""
    assert sk.playable(((),) * 4, 6) == frozenset(parse_cards("7C 7D 7H 7S"))
    rows = ["", "", "", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"]
    assert sk.playable([parse_cards(r) for r in rows], 6) == frozenset(parse_cards("7C 7D 7H AS"))
    state = sevens_position(["AS 3H", "AH", "KH", "QH", "JH", "*"], rows, turn=0)
    assert moves(state) == ["play AS"]
    assert sk.playable([(), (), parse_cards("7H"), ()], 4) == frozenset(parse_cards("7C 7D 6H 8H 7S"))


def test_sevens_players_who_are_out_are_skipped_and_three_out_ends_the_match() -> None:
    """Seed "Winnings (round 6)": 1st out takes half the pot, 2nd and 3rd divide the rest;
    reading: the hand ends when three are out (five players here, two still holding cards)."""
    rows = ["2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "", "", ""]  # five players: no 2C 2D
    rows[0] = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    state = sevens_position(["AC", "7D", "7H", "7S 2H", "*"], rows, turn=0, out=())
    state = play(state, "play AC")
    assert state.out == (0,) and state.turn == 1
    assert [str(e) for e in state.events] == ["seat 0 plays AC", "seat 0 goes out: 1st"]
    state = play(state, "play 7D", "play 7H")
    assert sk.is_over(state) and state.out == (0, 1, 2)
    pot = sum(state.paid)
    assert pot == 230 and state.received == (115, 58, 57, 0, 0)
    net = sk.scores(state)
    assert sum(net) == 0 and net[0] == 115 - 230
    assert sk.winners(state) == frozenset({1})
    assert [e.kind for e in state.events][-2:] == [EventKind.HAND_SCORED, EventKind.GAME_OVER]
    assert sk.legal_moves(state) == ()


def test_payout_halves_and_three_player_reading() -> None:
    """Rules notes scenario 6: pot 300 gives 1st 150, 2nd 75, 3rd 75. Readings: an odd cent of
    the half goes to 1st, of the rest to 2nd; with three players 2nd takes the whole rest."""
    assert sk.payout(300, (1, 3, 0), 4) == (75, 150, 0, 75)
    assert sk.payout(305, (1, 3, 0), 5) == (76, 153, 0, 76, 0)
    assert sk.payout(310, (1, 3, 0), 5) == (77, 155, 0, 78, 0)
    assert sk.payout(300, (2, 0), 3) == (150, 0, 150)
    assert sk.payout(315, (2, 0), 3) == (157, 0, 158)
    assert sk.places_needed(3) == 2 and sk.places_needed(4) == 3 and sk.places_needed(8) == 3


def test_three_players_the_match_ends_when_two_are_out() -> None:
    """Reading: with three players the pot is paid when two are out; the third gets nothing."""
    state = sevens_position(["KS", "AS", "*"], ["", "", "", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"], turn=0)
    state = play(state, "play KS", "play AS")
    assert sk.is_over(state) and state.out == (0, 1)
    pot = sum(state.paid)
    assert state.received == (pot - pot // 2, pot // 2, 0)


def test_sevens_pre_laid_option_lays_out_the_sevens_first() -> None:
    """Option `sevens_pre_laid` (seed: "Game play begins with 7s played out in the centre" read
    literally): hand 6 opens with all four sevens on the table; by default the rows are empty
    and the dealer's left must play a seven or pass and pay."""
    plain = first_moves_until(sk.new_game(4, seed=5, dealer=0), 6)
    laid = first_moves_until(sk.new_game(4, seed=5, dealer=0, options=Options(sevens_pre_laid=True)), 6)
    assert plain.turn == laid.turn == 2 and plain.dealer == 1
    assert plain.layout == ((), (), (), ())
    assert laid.layout == tuple((c,) for c in parse_cards("7C 7D 7H 7S"))
    assert all(c.rank != 7 for h in laid.hands for c in h)
    assert sum(map(len, plain.hands)) == 52 and sum(map(len, laid.hands)) == 48
    sevens_held = [str(m) for m in sk.legal_moves(plain) if isinstance(m, PlayCard)]
    assert all(m.endswith("7" + m[-1]) for m in sevens_held)
    assert EventKind.PLAYS in [e.kind for e in laid.events]
    assert Options.metzker() == Options()


def test_whole_match_to_the_final_winner() -> None:
    """Six hands, then the payout: zero-sum net scores, the highest net wins."""
    state = sk.new_game(4, seed=1, dealer=0)
    hands_seen = {state.hand}
    plies = 0
    while not sk.is_over(state):
        state = sk.apply(state, sk.legal_moves(state)[0])
        hands_seen.add(state.hand)
        plies += 1
    assert hands_seen == {1, 2, 3, 4, 5, 6} and plies < sk.GAME.max_plies
    net = sk.scores(state)
    assert sum(net) == 0
    assert sum(state.received) == sum(state.paid) >= sum(c.total(4) for c in CONTRACTS)
    assert sk.winners(state) == frozenset(s for s, v in enumerate(net) if v == max(net))
    assert state.events[-1].kind is EventKind.GAME_OVER
    assert state.events[-1].numbers == tuple(sorted(sk.winners(state)))
    assert (net, sorted(sk.winners(state))) == ((138, 16, -19, -135), [0])


def test_views_hide_other_hands_and_show_the_layout() -> None:
    """Each hand is seen by its owner; the trick, taken tricks and the layout by all."""
    state = sevens_position(["8H 2C", "9H", "10H", "*"], ["", "", "7H", ""], turn=0)
    seen = sk.view(state, 1)
    assert set(seen.hands[0]) == {HIDDEN} and seen.hands[1] == parse_cards("9H")
    assert seen.layout == state.layout and seen.rng is None
    assert sk.legal_moves(seen) == () and sk.legal_moves(sk.view(state, 0)) == sk.legal_moves(state, 0)
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        sk.apply(seen, sk.legal_moves(state)[0])


def test_notation_round_trip_and_pass_aliases() -> None:
    """Moves read back from their text; "pass" and "pay" name the forced pass."""
    state = sevens_position(["2C", "9H", "10H", "*"], ["", "", "7H", ""], turn=0)
    assert sk.parse_move(state, "pay") == PassAndPay(0)
    assert sk.parse_move(state, "0: pass and pay") == PassAndPay(0)
    with pytest.raises(NotationError):
        sk.parse_move(state, "play 2C")
    game = sk.new_game(5, seed=4)
    for move in sk.legal_moves(game):
        assert sk.parse_move(game, str(move)) == move
    assert parlour.from_json(parlour.to_json(state)) == state


def test_invariants_refuse_impossible_money() -> None:
    """The guard against hostile states: payments are whole multiples of 5 that match the hands."""
    state = sk.new_game(4, seed=1)
    with pytest.raises(ValueError, match="hands 1-0 pay exactly 0"):
        sk.check_invariants(attrs.evolve(state, paid=(5, 0, 0, 0)))
    with pytest.raises(ValueError, match="multiples of 5"):
        sk.check_invariants(attrs.evolve(state, paid=(3, 0, 0, 0)))
    with pytest.raises(ValueError, match="trick hands"):
        sk.check_invariants(attrs.evolve(state, hand=6))


@pytest.mark.parametrize("players", sk.PLAYERS)
def test_every_player_count_plays_a_zero_sum_match(players: int) -> None:
    """Any number from 3 to 10 play all six hands; the pot is paid out in full to the first
    three out (two with three players), so the net scores sum to zero."""
    state = sk.new_game(players, seed=players)
    while not sk.is_over(state):
        state = sk.apply(state, sk.legal_moves(state)[-1])
        sk.check_invariants(state)
    assert state.hand == 6 and len(state.out) == sk.places_needed(players)
    assert sum(sk.scores(state)) == 0 and sum(state.received) == sum(state.paid)
    assert [state.received[s] > 0 for s in state.out] == [True] * len(state.out)


def test_render_shows_the_layout_and_only_the_viewers_hand() -> None:
    """The text picture: the hand and its cost, the pot, the rows, whose turn, own cards only."""
    state = sevens_position(["8H 2C", "9H", "10H", "*"], ["", "", "7H", ""], turn=0)
    text = sk.render(sk.view(state, 0))
    assert text.splitlines()[:6] == [
        "hand 6 of 6 (sevens: build from the sevens; who cannot play pays 5 cents), dealer seat 3, pot 245 cents",
        "  clubs    (needs its seven)",
        "  diamonds (needs its seven)",
        "  hearts   7H",
        "  spades   (needs its seven)",
        "seat 0 to play",
    ]
    assert "        2C | 8H" in text and "9H" not in text
