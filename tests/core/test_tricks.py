"""The trick-taking primitive: following, leading, winners (trumps, bowers, two packs), points."""

from __future__ import annotations

import pytest

from parlour.core.cards import ACE_HIGH, ACE_LOW, Card, Suit, parse_cards
from parlour.core.tricks import (
    Trick,
    bowers,
    legal_follow,
    legal_leads,
    point_table,
    points,
    points_per_seat,
    trick_winner,
)

C, D, H, S = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES


def texts(cards: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in cards]


def _clockwise(leader: int, cards: str, players: int = 4) -> Trick:
    """A trick played clockwise from `leader` by every seat in turn."""
    played = parse_cards(cards)
    return Trick.of(leader, played, seats=tuple((leader + i) % players for i in range(len(played))))


def test_must_follow_suit_when_able() -> None:
    assert texts(legal_follow(parse_cards("2C 9C KH AS"), C)) == ["2C", "9C"]


def test_void_player_may_play_anything_without_duty_to_trump() -> None:
    hand = parse_cards("KH AS 3D")
    assert texts(legal_follow(hand, C, trump=S)) == ["KH", "AS", "3D"]


def test_lead_allows_whole_hand() -> None:
    assert texts(legal_follow(parse_cards("KH AS"), None)) == ["KH", "AS"]


def test_pitch_may_trump_even_when_able_to_follow() -> None:
    """Pitch: trump spades, clubs led: a club or a spade, never a heart."""
    hand = parse_cards("4C 7S KH")
    assert texts(legal_follow(hand, C, trump=S, may_trump=True)) == ["4C", "7S"]
    # Void in clubs: anything.
    assert texts(legal_follow(parse_cards("7S KH"), C, trump=S, may_trump=True)) == ["7S", "KH"]
    # Trump led: a player holding a spade must play a spade.
    assert texts(legal_follow(hand, S, trump=S, may_trump=True)) == ["7S"]


def test_barred_suit_may_not_be_led_until_broken() -> None:
    assert texts(legal_leads(parse_cards("5H 9H KS"), barred=H)) == ["KS"]
    assert texts(legal_leads(parse_cards("2H 8H AH"), barred=H)) == ["2H", "8H", "AH"]
    assert texts(legal_leads(parse_cards("5H 9H KS"), barred=None)) == ["5H", "9H", "KS"]


def test_highest_of_suit_led_wins_without_trump() -> None:
    trick = _clockwise(2, "10C AS QC 2C")
    # Seats 2, 3, 0, 1 played; QC (seat 0) beats 10C; AS is off-suit.
    assert trick_winner(trick, order=ACE_HIGH) == 0


def test_ace_low_order() -> None:
    trick = _clockwise(0, "AC 2C", 2)
    assert trick_winner(trick, order=ACE_LOW) == 1
    assert trick_winner(trick, order=ACE_HIGH) == 0


def test_lowest_trump_beats_highest_plain_card() -> None:
    trick = _clockwise(0, "AC 2H KC 3H")
    assert trick_winner(trick, trump=H) == 3


def test_trump_led_highest_trump_wins() -> None:
    trick = _clockwise(1, "9S AC QS 4S")
    assert trick_winner(trick, trump=S) == 3


def test_euchre_bowers_order_and_left_bower_is_trump() -> None:
    """Trump hearts: JH > JD > AH > KH; JD counts as a heart."""
    suit_of, power = bowers(H)
    order = [power(c) for c in parse_cards("JH JD AH KH QH 10H 9H")]
    assert order == sorted(order, reverse=True) and len(set(order)) == 7
    assert suit_of(Card.parse("JD")) is H and suit_of(Card.parse("JC")) is C
    # Hearts led: the only "heart" is JD, so it must be played.
    assert texts(legal_follow(parse_cards("JD AS 9C"), H, suit_of=suit_of)) == ["JD"]
    # Diamonds led: JD is not a diamond, so this hand is void and plays anything.
    assert texts(legal_follow(parse_cards("JD AS 9C"), D, suit_of=suit_of)) == ["JD", "AS", "9C"]


def test_euchre_left_bower_wins_over_ace_of_trump() -> None:
    """Trump clubs: JS is the left bower; a trick with JS and AC is won by JS."""
    suit_of, power = bowers(C)
    trick = _clockwise(0, "AC JS 10C 9H")
    assert trick_winner(trick, trump=C, suit_of=suit_of, power=power) == 1
    trick = _clockwise(0, "AD JS JC KD")
    assert trick_winner(trick, trump=C, suit_of=suit_of, power=power) == 2
    # A left bower led is a trump lead: a plain spade does not follow it.
    trick = _clockwise(3, "JS AS 9C")
    assert trick.led_suit(suit_of) is C
    assert trick_winner(trick, trump=C, suit_of=suit_of, power=power) == 3


def test_two_packs_later_identical_card_wins() -> None:
    """Canadian Salad, 8 players: two AS on a spade lead, the second one wins."""
    trick = _clockwise(5, "3S AS 9S KD AS 2S QS JS", 8)
    assert trick_winner(trick) == (5 + 4) % 8
    assert trick_winner(trick, later_identical_wins=False) == (5 + 1) % 8


def test_two_packs_later_identical_trump_wins() -> None:
    trick = _clockwise(0, "AC 2D 2D KC")
    assert trick_winner(trick, trump=D) == 2


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner(Trick(leader=0))


def test_trick_value_tracks_seats() -> None:
    trick = Trick(leader=3).plus(Card.parse("2C"), 3).plus(Card.parse("5C"), 0)
    assert trick == Trick.of(3, parse_cards("2C 5C"), seats=(3, 0))
    assert trick.seat_of(1) == 0 and trick.led_suit() is C
    assert Trick(leader=0).led_suit() is None


def test_a_seat_sitting_out_is_skipped_and_the_winner_is_the_seat_that_played() -> None:
    """Euchre, hearts trump, seat 1 leads and seat 2 sits out (its partner went alone):
    9C by seat 1, AC by seat 3, JD (the left bower, a trump) by seat 0 wins for seat 0."""
    suit_of, power = bowers(H)
    trick = Trick.of(1, parse_cards("9C AC JD"), seats=(1, 3, 0))
    assert trick_winner(trick, trump=H, suit_of=suit_of, power=power) == 0
    plain = Trick.of(1, parse_cards("9C AC 10C"), seats=(1, 3, 0))
    assert trick_winner(plain, trump=H) == 3


def test_the_card_owner_may_differ_from_the_seat_that_chose_it() -> None:
    """Bridge: declarer (seat 0) plays dummy's (seat 2) KS; the trick credits seat 2."""
    trick = Trick.of(1, parse_cards("QS KS AH"), seats=(1, 2, 3))
    assert trick_winner(trick) == 2


def test_a_trick_needs_one_distinct_seat_per_card_from_the_leader() -> None:
    for seats in ((1, 2), (2, 1, 3), (1, 1, 3)):
        with pytest.raises(ValueError, match="one distinct seat per card"):
            Trick.of(1, parse_cards("QS KS AH"), seats=seats)


def test_hearts_point_table() -> None:
    table = point_table(suits={H: 1}, cards={Card.parse("QS"): 13})
    assert sum(table.values()) == 26 and len(table) == 14
    assert points(parse_cards("QS 2H AH KS"), table) == 15
    assert points_per_seat([parse_cards("QS"), (), parse_cards("3H 4H")], table) == (13, 0, 2)


def test_rank_and_suit_points_add_and_card_overrides() -> None:
    from parlour.core.cards import Rank

    table = point_table(suits={D: 5, H: 5}, ranks={Rank.ACE: 4})
    assert table[Card.parse("AH")] == 9 and table[Card.parse("AS")] == 4 and Card.parse("2C") not in table
    pitch = point_table(ranks={Rank.TEN: 10, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1})
    assert sum(pitch.values()) == 80
