"""Go Boom's tests, as docs/tutorial.rst writes them: scenario tests from the rules, then the
generic property suite run over the registered game, and a planted mistake it catches.

The suite collects these through tests/test_tutorial.py, which registers the game first.
"""

from __future__ import annotations

from typing import cast

import attrs
import pytest

import parlour
from parlour.core.cards import parse_cards
from parlour.core.events import EventKind

import go_boom
from go_boom import Draw, Options, Pass, Play, apply, legal_moves, new_game, parse_move, scores, winners

# The deck for a fixed deal, top card first: with dealer 0 of three, cards go to seats 1, 2, 0.
HANDS = ("3C 6C 9C QC 2D 5D 8D", "4C 7C 10C KC AC 3D 6D", "2C 5C 8C JC 4D 7D AD")


def deck_for(hands: tuple[str, ...], stock: str) -> list[str]:
    """The deck that deals `hands` (seat 0's first) to three players with dealer 0, then `stock`."""
    order = [parse_cards(hands[seat]) for seat in (1, 2, 0)]
    dealt = [str(cards[k]) for k in range(len(order[0])) for cards in order]
    rest = [str(card) for card in parse_cards(stock)]
    return dealt + rest


def fixed(hands: tuple[str, ...] = HANDS, stock: str = "", **options: bool | int) -> go_boom.State:
    """A three-player game with dealer 0 (seat 1 leads), the given hands and stock."""
    everything = set(" ".join(hands).split()) | set(stock.split())
    rest = [str(card) for card in go_boom.PACK if str(card) not in everything]
    deck = deck_for(hands, stock) + rest
    return new_game(3, seed=1, dealer=0, deck=deck, options=Options(**options))  # type: ignore[arg-type]


def play(state: go_boom.State, *texts: str) -> go_boom.State:
    for text in texts:
        state = apply(state, parse_move(state, text))
    return state


def test_the_left_of_the_dealer_leads_any_card() -> None:
    state = fixed()
    assert state.turn == 1
    assert [str(m) for m in legal_moves(state)] == ["play 4C", "play 7C", "play 10C", "play KC", "play AC", "play 3D", "play 6D"]


def test_a_follower_matches_the_suit_or_the_rank_led() -> None:
    state = play(fixed(), "play 7C")
    assert [str(m) for m in legal_moves(state)] == ["play 2C", "play 5C", "play 8C", "play JC", "play 7D"]


def test_a_card_of_another_suit_and_rank_is_refused_with_the_reason() -> None:
    state = play(fixed(), "play 7C")
    with pytest.raises(parlour.IllegalMove, match="must match the 7C led by suit or rank"):
        apply(state, Play(2, parse_cards("4D")[0]))
    with pytest.raises(parlour.IllegalMove, match="it is seat 2's turn"):
        apply(state, Play(0, parse_cards("3C")[0]))


def test_the_highest_card_of_the_suit_led_wins_the_trick() -> None:
    state = play(fixed(), "play 3D", "play 7D", "play 8D")
    assert state.won[0] == parse_cards("3D 7D 8D") and state.turn == state.leader == 0
    assert [e.kind for e in state.events][-2:] == [EventKind.WINS_TRICK, EventKind.LEADS]


def test_a_card_of_the_rank_led_fits_but_cannot_win() -> None:
    state = play(fixed(), "play 4C", "play 4D", "play 3C")
    assert state.leader == 1 and state.won[1] == parse_cards("4C 4D 3C")


def test_a_player_who_cannot_match_draws_until_it_can() -> None:
    hands = ("3C 6C 9C QC 2D 5D 8D", "4C 7C 10C KC AC 3D 6D", "2S 5S 8S JS 4H 7H AH")
    state = play(fixed(hands, stock="9H 10H 10D"), "play 6D")
    assert legal_moves(state) == (Draw(2),)
    state = play(state, "draw", "draw")
    assert legal_moves(state) == (Draw(2),) and state.hands[2].count(parse_cards("10H")[0]) == 1
    state = play(state, "draw")
    assert legal_moves(state) == (Play(2, parse_cards("10D")[0]),)


def test_a_draw_is_seen_only_by_the_drawer() -> None:
    hands = ("3C 6C 9C QC 2D 5D 8D", "4C 7C 10C KC AC 3D 6D", "2S 5S 8S JS 4H 7H AH")
    state = play(fixed(hands, stock="9H"), "play 6D", "draw")
    assert str(state.events[0]) == "seat 2 draws 9H"
    assert str(go_boom.view(state, 0).events[0]) == "seat 2 draws ??"


def test_with_the_stock_empty_a_player_who_cannot_match_passes() -> None:
    hands = ("3C 6C 9C QC 2D 5D 8D", "4C 7C 10C KC AC 3D 6D", "2S 5S 8S JS 4H 7H AH")
    dealt = fixed(hands)
    state = attrs.evolve(dealt, stock=(), won=(dealt.stock, (), ()))  # a position late in the game
    state = play(state, "play 6D")
    assert legal_moves(state) == (Pass(2),)
    state = play(state, "pass", "play 8D")
    assert state.leader == 0 and state.trick == (None, None, None) and state.won[0][-2:] == parse_cards("6D 8D")


def test_drawing_once_without_draw_until_able() -> None:
    hands = ("3C 6C 9C QC 2D 5D 8D", "4C 7C 10C KC AC 3D 6D", "2S 5S 8S JS 4H 7H AH")
    state = play(fixed(hands, stock="9H 10D", draw_until_able=False), "play 6D", "draw")
    assert legal_moves(state) == (Pass(2),)


def test_going_out_ends_the_game_and_scores_the_cards_left() -> None:
    state = play(fixed(("3C", "4C", "2H"), hand_size=1), "play 4C")
    assert go_boom.is_over(state) and winners(state) == frozenset({1})
    assert scores(state) == (0, 2, 0) and legal_moves(state) == ()
    assert [e.kind for e in state.events] == [EventKind.PLAYS, EventKind.GOES_OUT, EventKind.HAND_SCORED, EventKind.GAME_OVER]


def test_the_registered_game_round_trips_through_json_and_records() -> None:
    boom = parlour.game("go_boom")
    first = boom.new_game(seed=5)
    move = boom.legal_moves(first)[0]
    state = boom.apply(first, move)
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.Record.start("go_boom", seed=5).plus(first, move).replay() == state


# The generic property suite, on the new game ---------------------------------------------------


def test_the_property_suite_passes() -> None:
    from test_properties import Prober, playout

    boom = parlour.game("go_boom")
    for seed in range(3):
        prober = Prober(boom, seed, boom.default_players)
        final, history = playout(boom, seed, probe=prober)
        prober.finish(final, history)


def forgetful_apply(state: go_boom.State, move: go_boom.Move) -> go_boom.State:
    """A planted mistake: a drawn card leaves the stock but never reaches the hand."""
    if isinstance(move, Draw) and move in legal_moves(state):
        return attrs.evolve(state, stock=state.stock[1:], drew=True)
    return apply(state, move)


def test_the_property_suite_catches_a_card_that_goes_missing() -> None:
    from test_properties import playout

    broken = cast(parlour.Game, attrs.evolve(go_boom.GAME, apply=forgetful_apply))
    with pytest.raises(AssertionError, match="after draw: go_boom: 1 cards of the pack are missing"):
        for seed in range(20):
            playout(broken, seed)
