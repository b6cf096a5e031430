"""Unit tests of the stock refill (rules/rummy.md C7 RESHUFFLE; Golf and the board games' decks)."""

from __future__ import annotations

from collections import Counter

import pytest

from parlour.core.cards import Card, cards_text, parse_cards
from parlour.core.events import Event, EventKind
from parlour.core.rng import Rng
from parlour.core.stock import Refill, refill_stock


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def test_a_long_enough_stock_is_left_alone() -> None:
    """No refill while the stock holds the cards the draw needs: nothing moves, the rng stays."""
    out = refill_stock(c("KD 3C"), c("4C 9H"), Rng(5, 2), need=2)
    assert out == Refill(c("KD 3C"), c("4C 9H"), Rng(5, 2), 0, False)
    assert out.events == ()


def test_the_discards_under_the_top_card_become_the_stock() -> None:
    """C7: the pile bar its top card is shuffled with the state's rng and put under the stock."""
    out = refill_stock((), c("4C 9H 2S 7D 5H"), Rng(3), need=1)
    assert out.discards == c("5H")
    assert Counter(out.stock) == Counter(c("4C 9H 2S 7D"))
    assert out.rng == Rng(3, 1)
    assert out.stock == Rng(3).shuffled(c("4C 9H 2S 7D"))[0]
    assert (out.moved, out.short) == (4, False)
    assert out.events == (Event(EventKind.RESHUFFLES),)
    assert [str(e) for e in out.events] == ["reshuffles the discards into the stock"]


def test_the_old_stock_stays_on_top() -> None:
    """A draw of two from a one-card stock: the last stock card is still drawn first."""
    out = refill_stock(c("KD"), c("4C 9H 2S"), Rng(9), need=2)
    assert out.stock[0] == Card.parse("KD")
    assert Counter(out.stock[1:]) == Counter(c("4C 9H"))
    assert cards_text(out.discards) == "2S"


def test_refill_is_deterministic_and_conserves_cards() -> None:
    """Same inputs, same result; every card stays in exactly one place."""
    stock, pile = c("AS"), c("2C 3C 4C 5C 6C 7C 8C 9C 10C")
    first = refill_stock(stock, pile, Rng(11, 4), need=3)
    assert first == refill_stock(stock, pile, Rng(11, 4), need=3)
    assert Counter(first.stock + first.discards) == Counter(stock + pile)
    assert first.rng == Rng(11, 5)


def test_keep_none_or_several_cards() -> None:
    """`keep` sets how many top discards stay face up (0: the whole pile is reshuffled)."""
    assert refill_stock((), c("4C 9H 2S"), Rng(1), keep=0).discards == ()
    assert refill_stock((), c("4C 9H 2S"), Rng(1), keep=0).moved == 3
    assert refill_stock((), c("4C 9H 2S"), Rng(1), keep=2).discards == c("9H 2S")


def test_too_few_cards_even_after_the_refill_is_short() -> None:
    """C7: if the refill still leaves too few cards the hand is dead; the caller reads `short`."""
    out = refill_stock((), c("4C 9H"), Rng(1), need=2)
    assert (len(out.stock), out.discards, out.moved, out.short) == (1, c("9H"), 1, True)
    nothing = refill_stock((), c("9H"), Rng(1))
    assert nothing == Refill((), c("9H"), Rng(1), 0, True)
    assert nothing.events == ()


def test_any_items_not_only_cards() -> None:
    """Board games' decks (chance cards as numbers) refill the same way."""
    out = refill_stock((), (1, 2, 3, 4), Rng(2))
    assert out.discards == (4,) and sorted(out.stock) == [1, 2, 3]


def test_bad_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="may not be negative"):
        refill_stock((), c("4C"), Rng(1), need=-1)
