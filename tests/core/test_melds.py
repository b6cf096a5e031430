"""Unit tests of the melding primitive (rules/rummy.md section 2: R1-R6, R11)."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import SUITS, Card, Rank, parse_cards, sorted_cards, standard_pack
from parlour.core.melds import (
    POINTS_FACES_10,
    AceMode,
    MeldKind,
    MeldRules,
    OneDeck,
    arrangements,
    best_partition,
    can_lay_off,
    is_meld,
    lay_off,
    make_meld,
    meld_problem,
    meld_readings,
)

GIN = MeldRules()
POINTS = POINTS_FACES_10
WILD_POINTS = {**POINTS_FACES_10, Rank.JOKER: 50, Rank.TWO: 20}


def jokers_and_twos(card: Card) -> bool:
    return card.rank in (Rank.JOKER, Rank.TWO)


def jokers(card: Card) -> bool:
    return card.is_joker


CANASTA_LIKE = MeldRules(
    set_max=13, distinct_suits=False, runs=False, wild=jokers_and_twos, min_naturals=2, max_wilds=3
)
CONTRACT = MeldRules(set_max=13, distinct_suits=False, ace_mode=AceMode.EITHER, wild=jokers_and_twos, naturals_ge_wilds=True)


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("mode", "low_run", "high_run", "corner"),
    [
        (AceMode.LOW, True, False, False),
        (AceMode.HIGH, False, True, False),
        (AceMode.EITHER, True, True, False),
        (AceMode.AROUND, True, True, True),
    ],
)
def test_ace_modes(mode: AceMode, low_run: bool, high_run: bool, corner: bool) -> None:
    rules = MeldRules(ace_mode=mode)
    assert is_meld(c("AS 2S 3S"), rules) is low_run
    assert is_meld(c("QS KS AS"), rules) is high_run
    assert is_meld(c("KS AS 2S"), rules) is corner


def test_sets_and_runs_with_lengths_and_suits() -> None:
    assert is_meld(c("7C 7D 7H"), GIN) and is_meld(c("7C 7D 7H 7S"), GIN)
    assert not is_meld(c("7C 7D"), GIN)
    assert is_meld(c("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2H AH"), GIN)
    assert not is_meld(c("3H 4H 6H"), GIN) and not is_meld(c("3H 4H 5D"), GIN)
    assert meld_problem(c("3H 4H 5D"), GIN) == "3H 4H 5D: neither one rank nor one suit"
    assert meld_problem(c("QC KC AC"), GIN) == "QC KC AC: not consecutive in one suit (the ace is low only)"
    assert meld_problem(c("7C 7D"), GIN) == "7C 7D: a set needs at least 3 cards"
    assert meld_problem(c("7C 7D 7H"), GIN) is None
    run = make_meld(c("6H 4H 5H"), GIN)
    assert (run.kind, run.suit, run.low, run.high, run.cards) == (MeldKind.RUN, SUITS[2], 4, 6, c("4H 5H 6H"))


def test_two_packs_allow_repeated_suits_only_when_asked() -> None:
    assert not is_meld(c("7C 7C 7H"), GIN)
    assert meld_problem(c("7C 7C 7H"), GIN) == "7C 7C 7H: a set may not repeat a suit"
    assert is_meld(c("7C 7C 7H 7H 7S"), CANASTA_LIKE)


def test_wild_designations_of_a_run() -> None:
    """R4: 5H 6H JK reads as 4-5-6 or 5-6-7, two different melds."""
    readings = meld_readings(c("5H 6H JK"), CONTRACT)
    assert [(m.low, [str(x) for x in m.stands_for()]) for m in readings] == [
        (4, ["4H", "5H", "6H"]),
        (5, ["5H", "6H", "7H"]),
    ]
    with pytest.raises(ValueError, match="several ways"):
        make_meld(c("5H 6H JK"), CONTRACT)
    assert make_meld(c("5H 6H JK"), CONTRACT, low=5).cards == c("5H 6H JK")


def test_wild_limits() -> None:
    """R3: naturals at least as many as wilds; a minimum of naturals; a cap on wilds."""
    assert is_meld(c("5H JK 7H"), CONTRACT)
    assert not is_meld(c("5H JK 2C"), CONTRACT)
    assert meld_problem(c("5H JK 2C"), CONTRACT) == "5H JK 2C: a meld may not hold more wild cards than natural ones"
    assert is_meld(c("9C 9D JK 2S 2H"), CANASTA_LIKE)
    assert not is_meld(c("9C JK 2S"), CANASTA_LIKE)  # two naturals needed
    assert not is_meld(c("9C 9D JK 2S 2H 2D"), CANASTA_LIKE)  # at most three wilds
    assert not is_meld(c("JK 2S 2H"), CANASTA_LIKE)
    assert is_meld(c("JK 2S 2H"), MeldRules(wild=jokers_and_twos, allow_all_wild=True, min_naturals=0))


def test_a_wild_rank_card_is_wild_even_in_its_own_place() -> None:
    """R1: with twos wild, 2H in AH 2H 3H is a wild, so the run has one natural too few."""
    rules = MeldRules(wild=jokers_and_twos, min_naturals=3)
    assert not is_meld(c("AH 2H 3H"), rules)
    assert meld_problem(c("AH 2H 3H"), rules) == "AH 2H 3H: a meld needs at least 3 natural cards"
    four = make_meld(c("AH 2H 3H 4H"), rules)
    assert [str(x) for x in four.stands_for()] == ["AH", "2H", "3H", "4H"]


def test_lay_off_onto_runs_and_sets() -> None:
    """R6: runs grow at either end, sets up to their maximum; wilds may go to either end."""
    run = make_meld(c("5H 6H 7H"), GIN)
    assert [m.cards for m in lay_off(run, Card.parse("8H"), GIN)] == [c("5H 6H 7H 8H")]
    assert [m.low for m in lay_off(run, Card.parse("4H"), GIN)] == [4]
    assert not can_lay_off(run, Card.parse("9H"), GIN)
    low = make_meld(c("AH 2H 3H"), GIN)
    assert not can_lay_off(make_meld(c("JH QH KH"), GIN), Card.parse("AH"), GIN)
    assert can_lay_off(low, Card.parse("4H"), GIN) and not can_lay_off(low, Card.parse("KH"), GIN)
    sevens = make_meld(c("7C 7D 7H"), GIN)
    four = lay_off(sevens, Card.parse("7S"), GIN)
    assert [m.cards for m in four] == [c("7C 7D 7H 7S")]
    assert not can_lay_off(four[0], Card.parse("7C"), GIN)
    wild_run = make_meld(c("5H 6H 7H"), CONTRACT)
    assert [m.low for m in lay_off(wild_run, Card.parse("JK"), CONTRACT)] == [4, 5]
    around = MeldRules(ace_mode=AceMode.AROUND)
    start = make_meld(c("AS 2S 3S"), around)
    wrapped = lay_off(start, Card.parse("KS"), around)
    assert [(m.low, [str(x) for x in m.stands_for()]) for m in wrapped] == [(13, ["KS", "AS", "2S", "3S"])]


def test_lay_off_keeps_wild_limits() -> None:
    """R3 check_on ALWAYS: a lay-off may not break the naturals-at-least-wilds rule."""
    meld = make_meld(c("5H 6H JK 2S"), CONTRACT, low=5)
    assert lay_off(meld, Card.parse("2C"), CONTRACT) == ()
    assert [m.high for m in lay_off(meld, Card.parse("9H"), CONTRACT)] == [9]


def test_best_partition_prefers_the_run_over_the_set() -> None:
    """Rules 3.1 test 3: 7S 7H 7D 8D 9D JC QC KC 2S 3H leaves 19, not 22."""
    result = best_partition(c("7S 7H 7D 8D 9D JC QC KC 2S 3H"), GIN, POINTS)
    assert result.deadwood == 19
    assert sorted(str(m) for m in result.melds) == ["7D 8D 9D", "JC QC KC"]
    assert result.unmatched == sorted_cards(c("7S 7H 2S 3H"))


def test_defender_lays_off_in_chains() -> None:
    """R11: 8H then 9H onto 4H-7H; 9H could also go onto the nines; D = 5."""
    onto = [make_meld(c("4H 5H 6H 7H"), GIN), make_meld(c("9C 9D 9S"), GIN)]
    result = best_partition(c("KC KD KH 2C 3C 4C 8H 9H 3D 2S"), GIN, POINTS, onto=onto)
    assert result.deadwood == 5
    assert result.laid_off == c("8H 9H")
    assert result.unmatched == c("3D 2S")
    chain = best_partition(c("8H 9H KS 3C"), GIN, POINTS, onto=[make_meld(c("5H 6H 7H"), GIN)])
    assert (chain.deadwood, chain.laid_off) == (13, c("8H 9H"))
    assert [str(m) for m in chain.extended] == ["5H 6H 7H 8H 9H"]


def test_partition_with_wilds_and_two_packs() -> None:
    """Multi-pack hands: identical cards are interchangeable, wilds fill sets and runs."""
    hand = c("7C 7C 7H JK 9S 10S 2D QS KS 4D")
    result = best_partition(hand, CONTRACT, WILD_POINTS)
    assert result.deadwood == 4
    assert result.unmatched == c("4D")
    assert all(is_meld(m.cards, CONTRACT) for m in result.melds)
    used = sorted_cards([x for m in result.melds for x in m.cards] + list(result.unmatched))
    assert used == sorted_cards(hand)


def test_partition_canasta_like_sets_only() -> None:
    result = best_partition(c("9C 9D 9H 2S KC KD JK 5S"), CANASTA_LIKE, WILD_POINTS)
    assert result.deadwood == 5
    assert sorted(len(m.cards) for m in result.melds) == [3, 4]


def test_arrangements_within_a_limit() -> None:
    """Every arrangement with deadwood within the limit, least deadwood first."""
    found = arrangements(c("4H 5H 6H 7H 7C 7D 7S 2C 2D AC"), GIN, POINTS, limit=10)
    assert [(p.deadwood, sorted(str(m) for m in p.melds)) for p in found] == [
        (5, ["4H 5H 6H", "7C 7D 7H 7S"]),
        (5, ["4H 5H 6H 7H", "7C 7D 7S"]),
        (9, ["5H 6H 7H", "7C 7D 7S"]),
    ]


def test_one_deck_engine_matches_the_general_search() -> None:
    """The bit-mask engine and the count search agree on deadwood, knocks and defence."""
    engine = OneDeck(GIN, POINTS)
    pack = list(standard_pack())
    rnd = random.Random(2024)
    for _ in range(150):
        deal = rnd.sample(pack, 21)
        hand, defender = deal[:11], deal[11:21]
        mask = engine.mask(hand)
        assert engine.deadwood(engine.mask(hand[:10])) == best_partition(hand[:10], GIN, POINTS).deadwood
        after = min(best_partition([x for x in hand if x != d], GIN, POINTS).deadwood for d in hand)
        assert engine.deadwood_after_discard(mask) == after
        assert engine.discard_bound(mask) <= after
        melds = best_partition(hand[:10], GIN, POINTS).melds
        value, _, _ = engine.defend(engine.mask(defender), melds)
        assert value == best_partition(defender, GIN, POINTS, onto=melds).deadwood


def test_one_deck_engine_refuses_wilds() -> None:
    with pytest.raises(ValueError, match="one pack without wild cards"):
        OneDeck(CONTRACT, POINTS)


def test_rules_validate() -> None:
    with pytest.raises(ValueError, match="set_min"):
        MeldRules(set_min=5, set_max=4)
    with pytest.raises(ValueError, match="run_min"):
        MeldRules(run_max=14)
