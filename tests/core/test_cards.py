"""Unit tests for core/cards: notation, packs, rank orders, sorting and conservation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import (
    ACE_HIGH,
    ACE_LOW,
    HIDDEN,
    JOKER,
    SORT_KEYS,
    SUITS,
    Card,
    Rank,
    RankOrder,
    Suit,
    card_from_text,
    card_points,
    cards_text,
    check_conservation,
    insert_by_key,
    parse_cards,
    sorted_cards,
    standard_pack,
    stripped_pack,
)

PACK = standard_pack()


@pytest.mark.parametrize("card", [*PACK, JOKER], ids=str)
def test_every_card_round_trips_through_its_notation(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(f"  {card} ") == card


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("AS", Rank.ACE, Suit.SPADES),
        ("TH", Rank.TEN, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("th", Rank.TEN, Suit.HEARTS),
        ("2c", Rank.TWO, Suit.CLUBS),
        ("qd", Rank.QUEEN, Suit.DIAMONDS),
        ("JK", Rank.JOKER, None),
        ("joker", Rank.JOKER, None),
    ],
)
def test_accepted_spellings(text: str, rank: Rank, suit: Suit | None) -> None:
    assert Card.parse(text) == Card(rank, suit)


def test_canonical_text_uses_10_and_upper_case() -> None:
    assert str(Card(Rank.TEN, Suit.HEARTS)) == "10H"
    assert str(Card(Rank.ACE, Suit.SPADES)) == "AS"
    assert str(JOKER) == "JK" and str(HIDDEN) == "??"
    assert repr(Card(Rank.TEN, Suit.HEARTS)) == "Card(rank=Rank.TEN, suit=Suit.HEARTS)"
    assert repr(JOKER) == "Card(rank=Rank.JOKER)"


@pytest.mark.parametrize("text", ["", "A", "1S", "11H", "ZS", "AX", "10", "AS AS", "??", "JKS", "1OH"])
def test_bad_text_is_refused_naming_it(text: str) -> None:
    with pytest.raises(ValueError, match="not a card") as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


def test_hidden_card_reads_only_where_views_need_it() -> None:
    assert card_from_text("??") == HIDDEN and HIDDEN.is_hidden and not HIDDEN.is_joker
    with pytest.raises(ValueError, match="'XX'"):
        card_from_text("XX")


def test_parse_cards_from_text_or_items() -> None:
    assert cards_text(parse_cards("AS 10h, TD jk")) == "AS 10H 10D JK"
    assert parse_cards(["2c", Card(Rank.KING, Suit.SPADES)]) == (Card(Rank.TWO, Suit.CLUBS), Card(Rank.KING, Suit.SPADES))
    assert parse_cards("") == ()
    with pytest.raises(ValueError, match="'ZZ'"):
        parse_cards("AS ZZ")


def test_suits_parse_letters_and_names() -> None:
    assert [Suit.parse(t) for t in ("s", "Hearts", "DIAMOND", " c ")] == [
        Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS,
    ]  # fmt: skip
    assert Suit.HEARTS.is_red and Suit.DIAMONDS.is_red and not Suit.SPADES.is_red
    with pytest.raises(ValueError, match="'x'"):
        Suit.parse("x")


def test_standard_pack_sizes_and_contents() -> None:
    assert len(PACK) == 52 and len(set(PACK)) == 52
    assert all(c.suit in SUITS for c in PACK)
    assert len(standard_pack(jokers=2)) == 54
    double = standard_pack(packs=2, jokers=2)
    assert len(double) == 108 and double.count(Card.parse("QS")) == 2 and double.count(JOKER) == 4
    with pytest.raises(ValueError):
        standard_pack(packs=0)
    with pytest.raises(ValueError):
        standard_pack(jokers=-1)


def test_stripped_pack_keeps_only_the_named_ranks() -> None:
    euchre = stripped_pack([Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE])
    assert len(euchre) == 24
    assert {c.rank for c in euchre} == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert len(stripped_pack([Rank.ACE], packs=2)) == 8


def test_sorted_cards_group_by_suit_ace_high_jokers_last() -> None:
    hand = parse_cards("JK AS 2S 10H 3C AC")
    assert cards_text(sorted_cards(hand)) == "3C AC 10H 2S AS JK"
    assert sorted_cards([HIDDEN, JOKER, Card.parse("2C")])[-1] == HIDDEN


@given(st.lists(st.sampled_from((*standard_pack(jokers=2), HIDDEN)), max_size=120))
def test_sorted_cards_is_a_stable_sort_by_sort_key(cards: list[Card]) -> None:
    """A stable sort by `Card.sort_key`: equal cards that are distinct objects keep their order."""
    cards = [Card(c.rank, c.suit) if i % 3 == 0 else c for i, c in enumerate(cards)]  # some not interned
    result = sorted_cards(iter(cards))
    expected = sorted(cards, key=lambda c: c.sort_key)
    assert len(result) == len(expected)
    assert all(a is b for a, b in zip(result, expected))


@given(st.lists(st.sampled_from(standard_pack(jokers=1)), max_size=30), st.sampled_from(standard_pack(jokers=1)))
def test_insert_by_key_puts_a_card_where_sorting_would(cards: list[Card], card: Card) -> None:
    """Into a sorted hand, the card goes after its equals: what a stable sort of the hand
    with the card appended gives."""
    hand = sorted_cards(cards)
    assert SORT_KEYS[card.index] == card.sort_key
    assert insert_by_key(hand, card, SORT_KEYS) == sorted_cards((*hand, card))


def test_rank_orders() -> None:
    assert ACE_HIGH.beats(Rank.ACE, Rank.KING) and not ACE_LOW.beats(Rank.ACE, Rank.TWO)
    assert ACE_HIGH.power(Rank.TWO) == 0 and ACE_HIGH.power(Rank.ACE) == 12
    assert ACE_LOW.power(Rank.ACE) == 0 and ACE_LOW.power(Rank.KING) == 12
    scum = RankOrder((*(Rank(r) for r in range(3, 14)), Rank.ACE, Rank.TWO))
    assert scum.beats(Rank.TWO, Rank.ACE) and scum.beats(Rank.ACE, Rank.KING) and not scum.beats(Rank.THREE, Rank.KING)
    assert Rank.JOKER not in ACE_HIGH and Rank.ACE in ACE_HIGH
    with pytest.raises(KeyError):
        ACE_HIGH.power(Rank.JOKER)
    with pytest.raises(ValueError, match="twice"):
        RankOrder((Rank.ACE, Rank.ACE))
    assert RankOrder((Rank.TWO, Rank.ACE)) == RankOrder((Rank.TWO, Rank.ACE))


def test_card_points() -> None:
    table = {Rank.ACE: 1, Rank.KING: 10, Rank.QUEEN: 10}
    assert card_points(parse_cards("AS KD 7H QC"), table) == 21
    assert card_points((), table) == 0


def test_conservation_accepts_any_order_and_hidden_placeholders() -> None:
    check_conservation("deck", reversed(PACK), PACK)
    check_conservation("view", (*PACK[:40], *(HIDDEN,) * 12), PACK)
    check_conservation("shoe", standard_pack(packs=2), standard_pack(packs=2))


def test_conservation_names_duplicates_and_missing_cards() -> None:
    with pytest.raises(ValueError, match="hands: cards not in the pack or duplicated: AC"):
        check_conservation("hands", (*PACK, PACK[0]), PACK)
    with pytest.raises(ValueError, match="hands: 1 cards of the pack are missing, 0 hidden"):
        check_conservation("hands", PACK[1:], PACK)
    with pytest.raises(ValueError, match="view: 1 cards of the pack are missing, 2 hidden"):
        check_conservation("view", (*PACK[1:], HIDDEN, HIDDEN), PACK)
    with pytest.raises(ValueError, match="JK"):
        check_conservation("hands", (*PACK[1:], JOKER), PACK)
    # A duplicate that replaces a missing card is caught although the count is right.
    with pytest.raises(ValueError, match="duplicated: 2C"):
        check_conservation("hands", (PACK[1], *PACK[1:]), PACK)


@given(st.lists(st.sampled_from([*PACK, JOKER]), max_size=60))
def test_parse_cards_inverts_cards_text(cards: list[Card]) -> None:
    assert parse_cards(cards_text(cards)) == tuple(cards)


@given(st.permutations(PACK), st.integers(0, 52))
def test_conservation_holds_for_any_permutation_with_hidden_tail(deck: list[Card], hidden: int) -> None:
    check_conservation("deck", (*deck[hidden:], *(HIDDEN,) * hidden), PACK)
