"""Old Maid scenarios from the seed (002 "Old Maid") and rules/other.md sections 0, 1.1 and 4.4."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, JOKER, Card, Rank, cards_text, parse_cards, standard_pack
from parlour.core.errors import GameOver, IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.rng import Rng
from parlour.games import old_maid
from parlour.games.old_maid import Draw, Options, Phase, State


def moves(state: State) -> list[str]:
    return [str(m) for m in old_maid.legal_moves(state)]


def draw(state: State, *texts: str) -> State:
    for text in texts:
        state = old_maid.apply(state, old_maid.parse_move(state, text))
    return state


def position(hands: list[str], *, drawer: int, options: Options | None = None, stall: int = 0) -> State:
    """A play position with these hands (the offerer's in its fan order, left to right); every
    other card of the pack lies in the discards, two of a rank after two."""
    rules = options or Options()
    held = tuple(parse_cards(h) for h in hands)
    rest = Counter(old_maid.pack_for(rules)) - Counter(card for h in held for card in h)
    by_rank: dict[Rank, list[Card]] = {}
    for card in sorted(rest.elements(), key=lambda c: c.index):
        by_rank.setdefault(card.rank, []).append(card)
    discards = tuple(card for rank in sorted(by_rank) for card in by_rank[rank])
    base = old_maid.new_game(len(hands), seed=3, options=rules, dealer=0)
    state = attrs.evolve(
        base,
        hands=held,
        drawer=drawer,
        offerer=old_maid._previous_holder(drawer, held),
        discards=discards,
        out=tuple(seat for seat, h in enumerate(held) if not h),
        stall=stall,
        phase=Phase.PLAY,
    )
    old_maid.check_invariants(state)
    return state


def interleave(*hands: str) -> list[str]:
    """A deck that deals hands[0] to the dealer's left, hands[1] to the next seat, and so on."""
    split = [h.split() for h in hands]
    return [split[s][i] for i in range(len(split[0])) for s in range(len(split)) if i < len(split[s])]


def test_the_pack_has_51_cards_and_three_queens() -> None:
    """Seed: "a standard deck of fifty-two cards minus one of the queens" (4.4 scenario 1)."""
    assert len(old_maid.PACK) == 51
    assert sorted(str(c) for c in old_maid.PACK if c.rank is Rank.QUEEN) == ["QD", "QH", "QS"]
    state = old_maid.new_game(4, seed=8)
    assert len(state.discards) + sum(len(h) for h in state.hands) == 51


def test_right_after_the_deal_no_hand_holds_two_cards_of_one_rank() -> None:
    """Seed: "Players then discard any pairs that they have in their hand" (4.4 scenario 2)."""
    for players in (2, 5, 8):
        for seed in range(10):
            state = old_maid.new_game(players, seed=seed)
            for held in state.hands:
                assert len({c.rank for c in held}) == len(held)
            pairs = state.discards
            assert all(a.rank is b.rank for a, b in zip(pairs[::2], pairs[1::2]))


def test_the_deal_goes_one_at_a_time_clockwise_from_the_dealers_left_and_pairs_go_automatically() -> None:
    """Seed: the dealer "deals all of the cards out clockwise"; pairs are discarded with no move
    (rules/other.md section 0: forced non-decisions are automatic)."""
    deck = list(old_maid.PACK)  # AC 2C 3C ... : one suit at a time
    state = old_maid.new_game(3, seed=1, deck=deck, dealer=2)
    assert [e.kind for e in state.events] == [EventKind.DEALS, *[EventKind.DISCARDS] * 3]
    assert state.events[0].player == 2 and state.phase is Phase.PLAY
    # Seat 0 (the dealer's left) got cards 1, 4, 7, ... of the pack, seat 2 (the dealer) the last.
    for seat in range(3):
        dealt = [*state.hands[seat], *state.events[1 + seat].cards]
        assert sorted(dealt, key=lambda c: c.index) == sorted(deck[seat::3], key=lambda c: c.index)
    assert [len(h) for h in state.hands] == [9, 9, 9]
    assert cards_text(state.events[1].cards[:4]) == "AC AD 4C 4D"


def test_three_of_a_rank_the_first_two_dealt_pair_off_and_the_third_stays() -> None:
    """Seed: discard "any pairs"; reading: of three of a rank the first two dealt pair off."""
    kept, paired = old_maid.discard_pairs(parse_cards("9S 9C AH 9H 9D 4C"))
    assert cards_text(kept) == "AH 4C"
    assert cards_text(paired) == "9C 9S 9D 9H"
    kept, paired = old_maid.discard_pairs(parse_cards("QS QH QD"))
    assert (cards_text(kept), cards_text(paired)) == ("QD", "QH QS")
    kept, paired = old_maid.discard_pairs(parse_cards("JK 5H 5C 5D 8S"))
    assert (cards_text(kept), cards_text(paired)) == ("JK 5D 8S", "5C 5H")


def test_the_dealer_offers_first_to_the_player_on_his_left() -> None:
    """Seed: "The dealer then begins play by offering his cards face down to the player on his left"."""
    state = old_maid.new_game(4, seed=11, dealer=3)
    assert (state.offerer, state.drawer, old_maid.to_act(state)) == (3, 0, frozenset({0}))
    assert moves(state) == [f"draw {k}" for k in range(1, len(state.hands[3]) + 1)]


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    """Seed: "A random dealer is selected": the same seed gives the same dealer, seeds differ."""
    dealers = {old_maid.new_game(5, seed=seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3, 4}
    assert old_maid.new_game(5, seed=7).dealer == old_maid.new_game(5, seed=7).dealer


def test_drawing_a_card_that_pairs_removes_both_cards_at_once() -> None:
    """Seed: "If this card makes a pair with any other card in her hand, she discards that pair"
    (4.4 scenario 3)."""
    state = position(["7H 2S QH", "7D KS", "KD 2C"], drawer=1)
    assert state.offerer == 0
    after = draw(state, "draw 1")  # the 7H
    assert cards_text(after.hands[1]) == "KS"
    assert cards_text(after.discards[-2:]) == "7D 7H"
    assert [str(e) for e in after.events if not e.private] == ["seat 1 discards 7D 7H"]
    assert after.stall == 0
    # Seat 1 now offers its cards to seat 2.
    assert (after.offerer, after.drawer) == (1, 2)


def test_a_card_that_makes_no_pair_joins_the_hand_and_counts_toward_the_stall() -> None:
    """Seed: a card is added to her hand; only a pair is discarded."""
    state = position(["7H 2S QH", "7D KS", "KD 2C"], drawer=1, stall=4)
    after = draw(state, "draw 2")  # the 2S
    assert sorted(map(str, after.hands[1])) == ["2S", "7D", "KS"]
    assert after.discards == state.discards and after.stall == 5


def test_a_seat_whose_last_card_is_taken_is_out_and_skipped_from_then_on() -> None:
    """Seed: "You are safe and out of the game once you have discarded all of your cards"
    (4.4 scenario 4): seat 0 gives its last card, and seat 0 never draws again."""
    state = position(["5H", "5D QH", "KD AC", "KS AH"], drawer=1)
    after = draw(state, "draw 1")
    assert after.out == (0,)
    assert "seat 0 goes out: safe" in [str(e) for e in after.events]
    assert cards_text(after.hands[1]) == "QH"
    after = draw(after, "draw 1")  # seat 2 takes the QH from seat 1, who is out too
    assert after.out == (0, 1)
    # Seat 3 draws from seat 2; then seats 0 and 1 are skipped: seat 2 draws from seat 3.
    assert (after.offerer, after.drawer) == (2, 3)
    after = draw(after, f"draw {[str(c) for c in after.hands[2]].index('KD') + 1}")
    assert (after.offerer, after.drawer) == (3, 2)


def test_a_drawer_that_goes_out_leaves_the_next_seat_drawing_from_the_nearest_holder_on_its_right() -> None:
    """Rules notes 4.4: "If the seat to offer has no cards, the drawer draws from the nearest seat
    on its right that has cards"."""
    state = position(["5H QH", "5D", "KD AC", "KS AH"], drawer=1)
    after = draw(state, "draw 1")  # seat 1 pairs its fives and is out
    assert after.out == (1,)
    assert (after.offerer, after.drawer) == (0, 2)
    assert moves(after) == ["draw 1"]


def test_the_last_seat_holding_the_odd_queen_is_the_old_maid_and_the_only_loser() -> None:
    """Seed: "Play continues until only one player is left holding the Old Maid card (or the last
    queen). That player becomes the Old Maid and loses the game" (4.4 scenario 5)."""
    state = position(["QH 9C", "9D"], drawer=1)
    after = draw(state, "draw 2")  # the 9C pairs: seat 1 is out, seat 0 holds the QH alone
    assert old_maid.is_over(after)
    assert cards_text(after.hands[0]) == "QH"
    assert old_maid.loser(after) == 0
    assert old_maid.winners(after) == frozenset({1})
    assert old_maid.scores(after) == (1, 0)
    assert [str(e) for e in after.events if not e.private][-3:] == [
        "seat 0 shows: the Old Maid QH",
        "hand scored: 1 0",
        "game over; winners: 1",
    ]
    assert moves(after) == [] and old_maid.to_act(after) == frozenset()
    assert cards_text(old_maid.view(after, 1).hands[0]) == "QH"  # the Old Maid is turned up
    with pytest.raises(GameOver):
        old_maid.apply(after, Draw(1, 1))


def test_random_whole_games_end_with_one_seat_holding_exactly_one_queen() -> None:
    """Rules notes 4.4 scenario 5 over whole games: the loser holds one queen, everyone else won."""
    for players in (2, 4, 8):
        for seed in range(6):
            state = old_maid.new_game(players, seed=seed)
            while not old_maid.is_over(state):
                state = old_maid.apply(state, old_maid.legal_moves(state)[-1])
            maid = old_maid.loser(state)
            assert maid is not None
            assert [c.rank for c in state.hands[maid]] == [Rank.QUEEN]
            assert old_maid.winners(state) == frozenset(range(players)) - {maid}


def test_a_seeded_game_of_first_positions_is_reproducible() -> None:
    """All chance comes from the state's random source (rules notes section 0): seed 1 with four
    players, always drawing the first card, ends the same way every time."""
    def play_out() -> State:
        state = old_maid.new_game(4, seed=1)
        while not old_maid.is_over(state):
            state = old_maid.apply(state, old_maid.legal_moves(state)[0])
        return state

    first, second = play_out(), play_out()
    assert first == second
    assert old_maid.loser(first) is not None
    assert len(first.out) == 3


def test_a_card_taken_in_goes_to_a_random_place_in_the_fan_from_the_random_source() -> None:
    """Rules notes 1.1 item 11 and 4.4: the offered fan is in a random order from the state's
    random source, so a position tells nothing about the card. Reading: a card that joins a fan
    goes to a random place in it (one draw from the source); the fan was random before, so it is
    random after, as if laid out afresh."""
    state = position(["QH 9C 8C 3C", "9D 8D 3D"], drawer=1)
    places = set()
    for seed in range(20):
        after = draw(attrs.evolve(state, rng=Rng(seed)), "draw 1")  # the QH: no pair
        fan = [str(c) for c in after.hands[1]]
        assert [c for c in fan if c != "QH"] == ["9D", "8D", "3D"]
        places.add(fan.index("QH"))
        assert after.rng == Rng(seed, 1)  # one draw from the state's source
        assert (after.offerer, after.drawer) == (1, 0)
    assert places == {0, 1, 2, 3}


def test_a_fan_that_only_loses_cards_keeps_its_order_and_draws_nothing_from_the_source() -> None:
    """A pair made takes two cards out of the drawer's fan; the others stay where they were, and
    no randomness is used (nobody but its owner has seen the order, which was random)."""
    state = position(["QH 9C 8C 3C", "9D 8D 3D"], drawer=1)
    after = draw(state, "draw 3")  # the 8C pairs the 8D
    assert cards_text(after.hands[1]) == "9D 3D"
    assert cards_text(after.hands[0]) == "QH 9C 3C"
    assert after.rng == state.rng


def test_the_drawer_sees_only_positions_in_the_offered_fan() -> None:
    """Issue: the drawer must not see the faces of its neighbour's cards; its moves are the same
    positions whatever the faces are (shuffle_unseen), and its view's JSON names no hidden face."""
    state = old_maid.new_game(3, seed=21, dealer=0)
    seen = old_maid.view(state, 1)
    assert set(seen.hands[0]) == {HIDDEN} and set(seen.hands[2]) == {HIDDEN}
    assert seen.hands[1] == state.hands[1]
    text = parlour.to_json(seen)
    for seat in (0, 2):
        for card in state.hands[seat]:
            assert f'"{card}"' not in text
    assert old_maid.legal_moves(seen) == old_maid.legal_moves(state, 1)
    other = old_maid.shuffle_unseen(state, 1, 99)
    assert other.hands[0] != state.hands[0]
    assert old_maid.legal_moves(other, 1) == old_maid.legal_moves(state, 1)
    assert old_maid.view(other, 1) == seen


def test_the_card_drawn_is_private_to_the_two_seats() -> None:
    """The drawn card passes face down: the drawer and the giver see it; the others see '??'."""
    state = position(["QH 9C", "4D", "9D 4C"], drawer=1)
    after = draw(state, "draw 1")
    assert [str(e) for e in old_maid.view(after, 1).events][:2] == ["seat 1 receives QH 0", "seat 0 gives ?? 1"]
    assert [str(e) for e in old_maid.view(after, 0).events][:2] == ["seat 1 receives ?? 0", "seat 0 gives QH 1"]
    assert [str(e) for e in old_maid.view(after, 2).events][:2] == ["seat 1 receives ?? 0", "seat 0 gives ?? 1"]


def test_shuffle_unseen_keeps_every_hidden_hand_free_of_pairs() -> None:
    """Every player knows the other hands hold no pair; a reshuffle of what a seat cannot see
    keeps that, and the counts."""
    for seed in range(15):
        state = old_maid.new_game(6, seed=seed)
        for _ in range(seed):
            if old_maid.is_over(state):
                break
            state = old_maid.apply(state, old_maid.legal_moves(state)[0])
        other = old_maid.shuffle_unseen(state, 2, seed)
        old_maid.check_invariants(other)
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert other.hands[2] == state.hands[2]


def test_drawing_out_of_turn_or_past_the_fan_is_refused() -> None:
    """Only the drawer draws, and only a position of the fan it is offered."""
    state = position(["7H 2S QH", "7D KS", "KD 2C"], drawer=1)
    with pytest.raises(IllegalMove, match="seat 1's turn to draw from seat 0, not seat 2's"):
        old_maid.apply(state, Draw(2, 1))
    with pytest.raises(IllegalMove, match="seat 0 offers 3 cards: draw a position from 1 to 3"):
        old_maid.apply(state, Draw(1, 4))
    with pytest.raises(NotationError):
        old_maid.parse_move(state, "draw 9")
    assert old_maid.parse_move(state, "1: draw 3") == Draw(1, 3)


def test_only_one_holder_after_the_deal_ends_the_game_at_once() -> None:
    """Seed: play continues "until only one player is left holding" cards: a deal that leaves one
    holder is already over (two players, seat 1 dealt all hearts and spades)."""
    deck = interleave(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
        "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC KC AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    )
    state = old_maid.new_game(2, seed=1, deck=deck, dealer=0)
    assert old_maid.is_over(state)
    assert cards_text(state.hands[0]) == "QD"
    assert old_maid.loser(state) == 0 and old_maid.winners(state) == frozenset({1})


def test_joker_option_plays_the_old_maid_deck_with_one_unmatched_card() -> None:
    """Seed: an "Old Maid deck" whose one card has no match; `joker=True` plays it as the full
    pack and a joker: all four queens pair and the joker is the Old Maid."""
    options = Options(joker=True)
    assert len(old_maid.pack_for(options)) == 53
    for seed in range(5):
        state = old_maid.new_game(3, seed=seed, options=options)
        while not old_maid.is_over(state):
            state = old_maid.apply(state, old_maid.legal_moves(state)[0])
        maid = old_maid.loser(state)
        assert maid is not None and state.hands[maid] == (JOKER,)
    end = position(["JK 4S", "4H"], drawer=1, options=options)
    after = draw(end, "draw 2")
    assert old_maid.loser(after) == 0 and cards_text(after.hands[0]) == "JK"


def test_stall_limit_abandons_the_game_after_that_many_draws_without_a_pair() -> None:
    """Termination valve (rules notes section 0; a deviation): `stall_limit` draws in a row with no
    pair end the game; the seats already safe win and nobody is the Old Maid."""
    hands = ["QH 5C", "5D", ""]
    state = position(hands, drawer=1, options=Options(stall_limit=2))
    after = draw(state, "draw 1")  # seat 1 takes the QH: no pair
    assert after.stall == 1 and not old_maid.is_over(after)
    fan = [str(c) for c in after.hands[1]]
    after = draw(after, f"draw {fan.index('QH') + 1}")  # seat 0 takes it back: no pair again
    assert old_maid.is_over(after) and after.stall == 2
    assert old_maid.loser(after) is None
    assert old_maid.winners(after) == frozenset({2})
    said = [str(e) for e in after.events]
    assert "note: 2 draws without a pair: play stops, nobody is the Old Maid" in said
    shows = [(e.player, e.label, sorted(map(str, e.cards))) for e in after.events if e.kind is EventKind.SHOWS]
    assert shows == [(0, "cards left", ["5C", "QH"]), (1, "cards left", ["5D"])]
    # With the default limit the same two draws go on.
    longer = position(hands, drawer=1)
    longer = draw(longer, "draw 1")
    longer = draw(longer, f"draw {[str(c) for c in longer.hands[1]].index('QH') + 1}")
    assert not old_maid.is_over(longer) and longer.stall == 2


def test_book_preset_and_options_text() -> None:
    """The Book of Card Games preset is the default game; options read back from text."""
    assert Options.book() == Options()
    assert old_maid.GAME.presets == (("book", Options()),)
    with pytest.raises(ValueError, match="stall_limit"):
        Options(stall_limit=0)
    assert parlour.from_json(parlour.to_json(Options(joker=True, stall_limit=7))) == Options(joker=True, stall_limit=7)


def test_two_to_eight_players() -> None:
    """Seed header "Two", text "around the table": 2-8 seats, 4 by default."""
    assert len(old_maid.new_game().hands) == 4
    for players in (2, 8):
        assert len(old_maid.new_game(players, seed=2).hands) == players
    for players in (1, 9):
        with pytest.raises(ValueError):
            old_maid.new_game(players, seed=2)


def test_check_invariants_refuses_a_hand_with_a_pair_and_a_wrong_offerer() -> None:
    """Hostile states: a pair that should have gone, an offerer that is not the drawer's right."""
    state = position(["QH 9C", "4D", "9D 4C"], drawer=1)
    with pytest.raises(ValueError, match="holds a pair"):
        hands = (parse_cards("QH 9C"), parse_cards("4D 4C"), parse_cards("9D"))
        old_maid.check_invariants(attrs.evolve(state, hands=hands))
    with pytest.raises(ValueError, match="draws from seat 0"):
        old_maid.check_invariants(attrs.evolve(state, offerer=2))


def test_render_shows_the_offer_and_hides_the_fan() -> None:
    """The text picture: who draws from whom, hidden cards as counts."""
    state = position(["QH 9C", "4D", "9D 4C"], drawer=1)
    text = old_maid.render(old_maid.view(state, 1))
    assert "seat 1 to draw one of the 2 face-down cards of seat 0 (draw 1 .. draw 2)" in text
    assert "seat 0: 2 cards" in text and "seat 1: 4D" in text
    assert "QH" not in text


def test_standard_pack_minus_the_queen_of_clubs() -> None:
    """Rules notes 4.4: "remove QC by default"."""
    assert Counter(standard_pack()) - Counter(old_maid.PACK) == Counter([Card.parse("QC")])
