"""Unit tests for core/deck: fixed decks (deck=), shuffles and round-robin deals."""

from __future__ import annotations

import pytest

from parlour.core.cards import Card, cards_text, parse_cards, standard_pack
from parlour.core.deck import deal, deal_all, fixed_deck, shuffled_or_fixed
from parlour.core.rng import Rng

PACK = standard_pack()


def test_fixed_deck_accepts_a_permutation_as_strings_or_cards() -> None:
    order = [str(c) for c in reversed(PACK)]
    assert fixed_deck(order, PACK) == tuple(reversed(PACK))
    assert fixed_deck(list(PACK), PACK) == PACK
    assert fixed_deck(["TH" if c == "10H" else c for c in order], PACK)[0] == Card.parse("KS")


def test_fixed_deck_names_extra_and_missing_cards() -> None:
    bad = [*map(str, PACK[1:]), "2C"]
    with pytest.raises(ValueError, match=r"52-card pack.*too many: 2C; missing: AC"):
        fixed_deck(bad, PACK)
    with pytest.raises(ValueError, match="missing: AC"):
        fixed_deck(PACK[1:], PACK)
    with pytest.raises(ValueError, match="not a card: 'XX'"):
        fixed_deck(["XX"], PACK)


def test_fixed_deck_refuses_values_that_are_not_cards() -> None:
    with pytest.raises(ValueError, match="not 0"):
        fixed_deck([0] * 52, PACK)
    with pytest.raises(ValueError, match="not NoneType"):
        fixed_deck(None, PACK)
    with pytest.raises(ValueError, match="not 1000 items"):
        fixed_deck(["AS"] * 1000, PACK)
    with pytest.raises(ValueError, match=r"not a card: '\?\?'"):
        fixed_deck(["??", *map(str, PACK[1:])], PACK)


def test_shuffled_or_fixed() -> None:
    rng = Rng(5)
    deck, after = shuffled_or_fixed(PACK, rng, None)
    assert sorted(map(str, deck)) == sorted(map(str, PACK)) and deck != PACK and after == Rng(5, 1)
    fixed, same = shuffled_or_fixed(PACK, rng, list(reversed(PACK)))
    assert fixed == tuple(reversed(PACK)) and same == rng
    assert shuffled_or_fixed(PACK, rng, None) == (deck, after)


def test_deal_goes_one_card_at_a_time_clockwise_from_first() -> None:
    cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S")
    hands, rest = deal(cards, players=3, first=2, each=3)
    assert [cards_text(h) for h in hands] == ["2S 5S 8S", "3S 6S 9S", "AS 4S 7S"]
    assert cards_text(rest) == "10S"


def test_deal_refuses_too_few_cards() -> None:
    with pytest.raises(ValueError, match="cannot deal 5 cards to 3 players from 10 cards"):
        deal(PACK[:10], players=3, first=0, each=5)


def test_deal_all_gives_early_seats_the_extra_cards() -> None:
    hands = deal_all(PACK[:10], players=4, first=1)
    assert [len(h) for h in hands] == [2, 3, 3, 2]
    assert hands[1][0] == PACK[0] and hands[2][0] == PACK[1] and hands[0][0] == PACK[3]
    assert sum(map(len, deal_all(PACK, players=5, first=0))) == 52
