"""Scenario tests for Scum: the House Party guide "SCUM" and the shared rules notes (other.md section 2.5)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Rank, cards_text, parse_cards, standard_pack
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.rng import Rng
from parlour.core.shedding import TWO_HIGH, PassingRound, strength_sorted
from parlour.games import scum
from parlour.games.scum import GiveBack, Options, Pass, Phase, PlayCards, State


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(
    hands: Sequence[str],
    *,
    turn: int,
    pile: Sequence[str] = (),
    last: int | None = None,
    passes: int = 0,
    finished: tuple[int, ...] = (),
    hand: int = 1,
    points: tuple[int, ...] | None = None,
    table: tuple[int, ...] | None = None,
    options: Options | None = None,
    rng: Rng | None = None,
) -> State:
    """A checked mid-hand position; every card not in a hand or the pile is cleared."""
    n = len(hands)
    base = scum.new_game(n, seed=0, options=options)
    held = tuple(strength_sorted(cards(h), TWO_HIGH) for h in hands)
    piled = tuple(cards(p) for p in pile)
    used = {c for h in held for c in h} | {c for p in piled for c in p}
    state = attrs.evolve(
        base,
        hand=hand,
        table=tuple(range(n)) if table is None else table,
        hands=held,
        turn=turn,
        pile=piled,
        passing=PassingRound(last, passes),
        cleared=tuple(c for c in standard_pack() if c not in used),
        finished=finished,
        points=(0,) * n if points is None else points,
        rng=base.rng if rng is None else rng,
    )
    scum.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in scum.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = scum.apply(state, scum.parse_move(state, text))
    return state


def said(state: State) -> list[str]:
    return [str(e) for e in state.events]


def test_pair_is_beaten_only_by_a_higher_pair() -> None:
    """The House Party guide: two 6s are beaten by two 7s or two kings, not by a single king or three 7s."""
    state = position(
        ["3C", "7C 7D 7H KC KD", "4C", "5C"], turn=1, pile=["6C 6D"], last=0
    )
    assert moves(state) == ["play 7C 7D", "play KC KD", "pass"]
    with pytest.raises(IllegalMove, match="must beat 6C 6D with 2 card"):
        scum.apply(state, PlayCards(1, cards("KC")))
    with pytest.raises(IllegalMove, match="must beat 6C 6D with 2 card"):
        scum.apply(state, PlayCards(1, cards("7C 7D 7H")))


def test_two_beats_an_ace_and_nothing_beats_a_two() -> None:
    """The House Party guide: 2 is the highest rank; after a single 2 only passing is legal."""
    state = position(["3C", "2H AS", "4C", "5C"], turn=1, pile=["AD"], last=0)
    assert moves(state) == ["play 2H", "pass"]
    state = play(state, "play 2H")
    assert state.turn == 2
    assert moves(state) == ["pass"]


def test_round_ends_when_all_others_pass_and_the_last_player_leads() -> None:
    """Rules note 2.5 scenario 3: seat 1 plays a K; seats 2, 3, 0 pass; seat 1 leads."""
    state = position(["3C 4C", "KS 5D", "3D 4D", "3H 4H"], turn=1)
    state = play(state, "play KS", "pass", "pass")
    assert state.pile == (cards("KS"),) and state.turn == 0
    state = play(state, "pass")
    assert state.pile == () and state.passing == PassingRound()
    assert state.turn == 1
    assert Card.parse("KS") in state.cleared
    assert moves(state) == ["play 5D"]  # a lead: no pass
    assert said(state) == ["seat 0 passes", "seat 1 wins the round", "seat 1 leads"]


def test_lead_passes_on_when_the_round_winner_went_out() -> None:
    """Rules note 2.5 scenario 4: seat 2 plays its last cards, seats 3, 0, 1 pass: seat 3 leads."""
    state = position(["3C 4C", "3D 4D", "9S 9H", "3H 4H"], turn=2)
    state = play(state, "play 9H 9S")
    assert state.finished == (2,)
    assert said(state) == ["seat 2 plays 9H 9S", "seat 2 goes out: President"]
    state = play(state, "pass", "pass")
    assert state.turn == 1 and state.pile
    state = play(state, "pass")
    assert state.pile == () and state.turn == 3
    assert said(state)[-1] == "seat 3 leads"


def test_passing_does_not_stop_a_seat_playing_later_in_the_round() -> None:
    """The House Party guide: "passing does not prevent you from playing the next time your turn comes round"."""
    state = position(["5C 3S", "KC 3D", "9C 3H", "4H 3C"], turn=0)
    state = play(state, "play 5C", "pass", "play 9C", "pass", "pass")
    assert state.turn == 1
    assert moves(state) == ["play KC", "pass"]
    state = play(state, "play KC", "pass", "pass", "pass")
    assert state.pile == () and state.turn == 1
    assert cards_text(sorted(state.cleared[-3:], key=lambda c: c.sort_key)) == "5C 9C KC"


def test_the_leader_may_not_pass() -> None:
    """The House Party guide: the leader leads "any single card or any set of cards of equal rank"."""
    state = position(["5C 5D 3S", "KC", "9C", "4H"], turn=0)
    assert moves(state) == ["play 3S", "play 5C", "play 5C 5D"]
    with pytest.raises(IllegalMove, match="leader must play"):
        scum.apply(state, Pass(0))


def test_finishing_order_gives_titles_and_points() -> None:
    """Rules note 2.5 scenario 5: out in the order 3, 1, 0: President 3, VP 1, Citizen 0, Scum 2."""
    state = position(["6C", "9D", "3H 4H", "5S"], turn=3, options=Options(hands=2))
    state = play(state, "play 5S", "pass", "play 9D", "pass")
    assert state.finished == (3, 1)
    assert state.turn == 0 and state.pile == (cards("5S"), cards("9D"))
    assert moves(state) == ["pass"]
    state = play(state, "pass")  # seat 1 (out) won the round; the lead passes to seat 2
    assert state.turn == 2
    state = play(state, "play 3H", "play 6C")
    assert said(state)[:5] == [
        "seat 0 plays 6C",
        "seat 0 goes out: Citizen",
        "seat 2 goes out: Scum",
        "hand scored: 1 2 0 3",
        "seat 2 deals hand 2",
    ]
    assert scum.scores(state) == (1, 2, 0, 3)
    assert state.hand == 2 and state.table == (3, 1, 0, 2)
    assert scum.dealer(state) == 2
    assert [scum.title_of(p, 4) for p in range(4)] == ["President", "Vice-President", "Citizen", "Scum"]


def _end_of_hand_one(rng: Rng, options: Options | None = None) -> State:
    """Hand 1 about to end with the finishing order 3, 1, 0, 2 (seat 0 plays its last card)."""
    return position(
        ["6C", "", "3H 4H", ""], turn=0, finished=(3, 1), pile=["5S"], last=3, rng=rng, options=options
    )


def _deck(seed: int) -> tuple[Card, ...]:
    return Rng(seed).shuffled(standard_pack())[0]


def test_next_hand_reseats_deals_from_the_president_and_exchanges() -> None:
    """The House Party guide / rules note 2.5 scenario 6: reseat by rank, the Scum deals with the first card
    to the President, the Scum's highest card goes to the President, the President gives one
    back and leads."""
    state = play(_end_of_hand_one(Rng(11)), "play 6C")
    deck = _deck(11)
    assert state.hand == 2 and state.phase is Phase.GIVE and state.table == (3, 1, 0, 2)
    assert scum.to_act(state) == frozenset({3})
    dealt = {seat: set(deck[i::4]) for i, seat in enumerate(state.table)}
    gift = next(e.cards[0] for e in state.events if e.kind is EventKind.GIVES)
    top = strength_sorted(dealt[2], TWO_HIGH)[-1].rank
    assert gift == min((c for c in dealt[2] if c.rank is top), key=lambda c: c.sort_key)
    assert set(state.hands[3]) == dealt[3] | {gift} and len(state.hands[3]) == 14
    assert set(state.hands[2]) == dealt[2] - {gift} and len(state.hands[2]) == 12
    assert set(state.hands[1]) == dealt[1] and set(state.hands[0]) == dealt[0]
    assert all(not TWO_HIGH.beats(c.rank, gift.rank) for c in state.hands[2])
    # The President gives back any one card (one move per rank), then leads.
    gives = scum.legal_moves(state)
    assert all(isinstance(m, GiveBack) for m in gives)
    assert len(gives) == len({c.rank for c in state.hands[3]})
    back = state.hands[3][0]
    state = scum.apply(state, GiveBack(3, back))
    assert back in state.hands[2] and back not in state.hands[3]
    assert len(state.hands[2]) == len(state.hands[3]) == 13
    assert state.phase is Phase.PLAY and state.turn == 3
    assert not any(isinstance(m, Pass) for m in scum.legal_moves(state))
    # Play goes clockwise in the new seating: President, VP (seat 1), Citizen (seat 0), Scum.
    state = scum.apply(state, scum.legal_moves(state)[0])
    assert state.turn == 1
    state = play(state, "pass")
    assert state.turn == 0


def test_exchange_when_the_scum_holds_two_twos() -> None:
    """The House Party guide: "the scum must give his highest card": of two 2s one goes (the lowest suit)."""
    seed = next(s for s in range(1000) if sum(c.rank is Rank.TWO for c in _deck(s)[3::4]) == 2)
    twos = sorted((c for c in _deck(seed)[3::4] if c.rank is Rank.TWO), key=lambda c: c.sort_key)
    state = play(_end_of_hand_one(Rng(seed)), "play 6C")
    assert said(state)[-1] == f"seat 2 gives: highest card {twos[0]} {state.table[0]}"
    assert twos[0] in state.hands[3]
    assert twos[1] in state.hands[2]
    assert state.hands[2][-1] == twos[1]


def test_no_exchange_option_goes_straight_to_play() -> None:
    state = play(_end_of_hand_one(Rng(11), Options(exchange=False)), "play 6C")
    assert state.phase is Phase.PLAY and state.turn == 3
    assert [len(h) for h in state.hands] == [13, 13, 13, 13]
    assert said(state)[-2:] == ["seat 2 deals hand 2", "seat 3 leads"]


def test_first_deal_is_one_at_a_time_from_the_dealers_left_and_uneven() -> None:
    """The House Party guide: all cards are dealt, "some players may have one more"; the dealer's left leads."""
    deck = _deck(5)
    state = scum.new_game(5, seed=1, deck=deck, dealer=2)
    assert state.table == (3, 4, 0, 1, 2)
    assert [len(h) for h in state.hands] == [10, 10, 10, 11, 11]
    assert set(state.hands[3]) == set(deck[0::5]) and set(state.hands[4]) == set(deck[1::5])
    assert scum.to_act(state) == frozenset({3})
    assert said(state) == ["seat 2 deals hand 1", "seat 3 leads"]
    default = scum.new_game(4, seed=1)
    assert default.table == (1, 2, 3, 0) and default.turn == 1


def test_game_ends_after_the_set_number_of_hands_and_ties_share() -> None:
    """Library reading: `hands` hands, n-1 .. 0 points by place, highest total wins, ties share."""
    state = position(
        ["2S", "AS", "3C 4C"], turn=1, hand=2, points=(2, 1, 0), options=Options(hands=2)
    )
    state = play(state, "play AS", "pass")
    assert state.turn == 0
    state = play(state, "play 2S")
    assert scum.is_over(state) and scum.legal_moves(state) == ()
    assert scum.scores(state) == (3, 3, 0)
    assert scum.winners(state) == frozenset({0, 1})
    assert said(state)[-3:] == ["seat 2 goes out: Scum", "hand scored: 1 2 0", "game over; winners: 0 1"]
    assert scum.to_act(state) == frozenset()
    scum.check_invariants(state)
    with pytest.raises(parlour.GameOver):
        scum.apply(state, Pass(2))


def test_view_hides_other_hands_and_the_card_given_back() -> None:
    state = play(_end_of_hand_one(Rng(11)), "play 6C")
    back = state.hands[3][0]
    state = scum.apply(state, GiveBack(3, back))
    seen = scum.view(state, 1)
    assert seen.rng is None and seen.hands[1] == state.hands[1]
    assert seen.hands[3] == (HIDDEN,) * 13
    assert [str(e) for e in seen.events][:2] == [
        "seat 3 gives ?? 2",
        "seat 2 receives ?? 3",
    ]
    assert [str(e) for e in scum.view(state, 2).events][1] == f"seat 2 receives {back} 3"
    assert [str(e) for e in scum.view(state, 3).events][0] == f"seat 3 gives {back} 2"
    assert scum.view(seen, 1) == seen
    scum.check_invariants(seen)
    assert scum.view(scum.shuffle_unseen(state, 1, 99), 1) == seen


def test_notation_canonical_and_lenient() -> None:
    """Suits are irrelevant: any cards of one rank name the same (lowest-suited) move."""
    state = position(["7S 7H 7D 3C", "KC", "9C", "4H"], turn=0)
    canonical = PlayCards(0, cards("7D 7H"))
    assert scum.parse_move(state, "play 7D 7H") == canonical
    assert scum.parse_move(state, "play 7 7") == canonical
    assert scum.parse_move(state, "play 7S 7H") == canonical
    assert scum.parse_move(state, "0: play 7s 7d") == canonical
    with pytest.raises(NotationError, match="does not hold 7C"):
        scum.parse_move(state, "play 7C 7S")
    with pytest.raises(NotationError, match="not a legal move"):
        scum.parse_move(state, "play 7 3")
    with pytest.raises(IllegalMove, match="suits are irrelevant: play it as 7D 7H"):
        scum.apply(state, PlayCards(0, cards("7S 7H")))
    with pytest.raises(IllegalMove, match="seat 0's turn"):
        scum.apply(state, PlayCards(1, cards("KC")))


def test_player_counts_dealer_and_options_are_checked() -> None:
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7, 8 players, not 2"):
        scum.new_game(2)
    with pytest.raises(ValueError, match="dealer: seat 4"):
        scum.new_game(4, dealer=4)
    with pytest.raises(ValueError, match="hands must be a whole number of at least 1"):
        Options(hands=0)
    with pytest.raises(ValueError, match="deck= must be the 52-card pack"):
        scum.new_game(4, deck=standard_pack()[1:])


def test_check_invariants_rejects_impossible_states() -> None:
    state = scum.new_game(4, seed=3)
    with pytest.raises(ValueError, match="missing"):
        scum.check_invariants(attrs.evolve(state, hands=((), *state.hands[1:])))
    with pytest.raises(ValueError, match="not an arrangement"):
        scum.check_invariants(attrs.evolve(state, table=(0, 0, 1, 2)))
    with pytest.raises(ValueError, match="finished"):
        scum.check_invariants(attrs.evolve(state, finished=(2,)))
    with pytest.raises(ValueError, match="cannot come from 0 finished hands"):
        scum.check_invariants(attrs.evolve(state, points=(3, 0, 0, 0)))
    with pytest.raises(ValueError, match="not a view and hides no card"):
        scum.check_invariants(attrs.evolve(state, hands=((HIDDEN,) * 13, *state.hands[1:])))
    with pytest.raises(ValueError, match="the view of a spectator shows"):
        scum.check_invariants(attrs.evolve(state, rng=None))
    with pytest.raises(ValueError, match="hides a card of hands it may see"):
        scum.check_invariants(attrs.evolve(scum.view(state, 0), hands=((HIDDEN,) * 13, *state.hands[1:])))
    climbing = position(["3C", "4C", "5C", "6C"], turn=2, pile=["8C", "9C"], last=1)
    with pytest.raises(ValueError, match="8C does not beat 9C"):
        scum.check_invariants(attrs.evolve(climbing, pile=(cards("9C"), cards("8C"))))
    with pytest.raises(ValueError, match="3 passes cannot be pending"):
        scum.check_invariants(attrs.evolve(climbing, passing=PassingRound(1, 3)))
    two_left = position(["", "4C", "5C", ""], turn=2, pile=["8C", "9C"], last=1, finished=(0, 3))
    with pytest.raises(ValueError, match="round should have ended"):
        scum.check_invariants(attrs.evolve(two_left, passing=PassingRound(1, 1)))


def test_json_round_trip_and_registry() -> None:
    state = play(_end_of_hand_one(Rng(11)), "play 6C")
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.from_json(parlour.to_json(scum.view(state, 2))) == scum.view(state, 2)
    game = parlour.game("scum")
    assert game.title == "Scum" and game.family == "shedding" and game.players == (3, 4, 5, 6, 7, 8)
    assert dict(game.presets) == {"house_party": Options()}


def test_a_view_refuses_moves_and_hides_the_legal_moves_of_others() -> None:
    state = scum.new_game(4, seed=7)
    with pytest.raises(ValueError, match="cannot apply a move to a view"):
        scum.apply(scum.view(state, 1), scum.legal_moves(state)[0])
    assert scum.legal_moves(scum.view(state, 1)) == scum.legal_moves(state) == scum.legal_moves(state, 1)
    assert scum.legal_moves(scum.view(state, 2)) == () == scum.legal_moves(state, 2)
    assert scum.legal_moves(scum.view(state, None)) == ()
    with pytest.raises(ValueError, match="shows only its own moves, not seat 1's"):
        scum.legal_moves(scum.view(state, 2), 1)


def test_the_seat_on_turn_is_tied_to_the_passes_of_the_round() -> None:
    """After seat 1's play and one pass (seat 2's), seat 3 is due: seat 0 on turn is refused."""
    state = position(["3C 4C", "3D 4D", "9S 9H", "3H 4H"], turn=3, pile=["5C"], last=1, passes=1)
    with pytest.raises(ValueError, match="seat 0 is on turn, but after seat 1's play and 1 pass\\(es\\) it is seat 3's"):
        scum.check_invariants(attrs.evolve(state, turn=0))


def test_moves_of_another_seat_loose_values_and_foreign_objects_are_refused() -> None:
    state = scum.new_game(4, seed=7)
    seat = min(scum.to_act(state))
    first = scum.legal_moves(state)[0]
    assert isinstance(first, PlayCards)
    with pytest.raises(IllegalMove, match="only loosely"):
        scum.apply(state, PlayCards(True if seat == 1 else float(seat), first.cards))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="not a move of this game"):
        scum.apply(state, scum.Options())  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="it is seat"):
        scum.apply(state, Pass((seat + 1) % 4))
    with pytest.raises(ValueError, match="seed must be a whole number"):
        scum.new_game(4, seed="abc")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Options.exchange must be a bool"):
        scum.Options(exchange="yes")  # type: ignore[arg-type]


def test_parse_move_for_a_seat_and_with_a_prefix() -> None:
    state = scum.new_game(4, seed=1, deck=standard_pack())
    assert str(scum.parse_move(state, "1: play 5C")) == "play 5C"
    assert scum.parse_move(state, "play 5", 1) == scum.parse_move(state, "play 5C")
    with pytest.raises(NotationError, match="written for seat 2, not seat 1"):
        scum.parse_move(state, "2: play 5C", 1)
    with pytest.raises(NotationError):
        scum.parse_move(state, "play 5C", 2)


# --- render -----------------------------------------------------------------------------------


def test_render_lead_shows_own_hand_by_rank_and_counts_of_the_others() -> None:
    """The House Party guide: all cards dealt from the dealer's left, who leads; other hands are counts only."""
    state = scum.new_game(4, seed=1, deck=standard_pack())
    assert scum.render(scum.view(state, 1)).splitlines() == [
        "hand 1 of 5 (4 more to come), dealer seat 0, seats in table order",
        "seat 1 to lead any card or set of one rank",
        "seat 1  points 0  13 cards, to act",
        "        3H | 4D | 5C | 6S | 7H | 8D | 9C | 10S | JH | QD | KC | AC | 2S",
        "seat 2  points 0  13 cards",
        "seat 3  points 0  13 cards",
        "seat 0  points 0  13 cards",
    ]
    state = play(state, "play 5C", "play 6C", "pass")
    text = scum.render(scum.view(state, 0))
    assert text.splitlines() == [
        "hand 1 of 5 (4 more to come), dealer seat 0, seats in table order",
        "this round: 5C, 6C; to beat: 6C by seat 2",
        "seat 3 passed; seat 0 to play a higher single card or pass",
        "seat 1  points 0  12 cards",
        "seat 2  points 0  12 cards, played last",
        "seat 3  points 0  13 cards, passed",
        "seat 0  points 0  13 cards, to act",
        "        3D | 4C | 5S | 6H | 7D | 8C | 9S | 10H | JD | QC | KS | AS | 2H",
    ]
    hidden = [str(c) for seat in (1, 2, 3) for c in state.hands[seat]]
    assert not set(hidden) & set(text.replace("|", " ").split())


def test_render_titles_passes_and_seats_out() -> None:
    """The House Party guide: reseated by last hand's titles; a seat out is shown with its new title."""
    state = position(
        ["", "7C 7D 9H KC KD", "4C 4D", "5C 8D"], turn=1, pile=["3C 3D", "6C 6D"], last=2, passes=1,
        finished=(0,), hand=2, points=(3, 2, 1, 0), table=(2, 3, 0, 1),
    )  # fmt: skip
    assert scum.render(scum.view(state, 1)).splitlines() == [
        "hand 2 of 5 (3 more to come), dealer seat 1, seats in table order with their titles from hand 1",
        "this round: 3C 3D, 6C 6D; to beat: 6C 6D by seat 2",
        "seat 3 passed; seat 1 to play a higher pair or pass",
        "seat 2  President       points 1   2 cards, played last",
        "seat 3  Vice-President  points 0   2 cards, passed",
        "seat 0  Citizen         points 3  out 1st, President",
        "seat 1  Scum            points 2   5 cards, to act",
        "        7C 7D | 9H | KC KD",
    ]


def test_render_exchange_and_game_over() -> None:
    """The House Party guide: the Scum's gift, then the President owes a card; the last hand ends the game."""
    state = scum.new_game(4, seed=1, deck=standard_pack())
    while state.hand == 1:
        state = scum.apply(state, scum.legal_moves(state)[0])
    assert scum.render(scum.view(state, 0)).splitlines() == [
        "hand 2 of 5 (3 more to come), dealer seat 0, seats in table order with their titles from hand 1",
        "seat 0 (Scum) gave its highest card to seat 1 (President); seat 1 to give one card back",
        "seat 1  President       points 3  14 cards, to act",
        "seat 2  Vice-President  points 2  13 cards",
        "seat 3  Citizen         points 1  13 cards",
        "seat 0  Scum            points 0  12 cards",
        "        3D | 4C 4S | 7C | 8C | 9S | 10C 10D 10S | JH JS | AS",
    ]
    over = play(position(["", "", "4C", "5C 6C"], turn=2, finished=(1, 0), options=Options(hands=1)), "play 4C")
    assert scum.render(scum.view(over, None)).splitlines() == [
        "hand 1 of 1 (the last hand), dealer seat 3, seats in table order",
        "game over after 1 hand: seat 1 wins with 3 points",
        "seat 0  points 2  out 2nd, Vice-President",
        "seat 1  points 3  out 1st, President",
        "seat 2  points 1  out 3rd, Citizen",
        "seat 3  points 0   2 cards left, Scum",
    ]
