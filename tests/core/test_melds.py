"""Unit tests of the melding primitive (rules/rummy.md section 2: R1-R6, R9-R12)."""

from __future__ import annotations

import itertools
import random

import attrs
import pytest

from parlour.core.cards import SUITS, Card, Rank, Suit, parse_cards, sorted_cards, standard_pack
from parlour.core.melds import (
    POINTS_FACES_10,
    POINTS_RUMMY_500,
    AceMode,
    DigRules,
    Meld,
    MeldKind,
    MeldRules,
    OneDeck,
    PointTable,
    arrangements,
    best_partition,
    can_lay_off,
    can_use_at_once,
    credited_points,
    dig_depths,
    is_meld,
    lay_off,
    lay_off_credited,
    make_meld,
    meets_minimum,
    meld_card_points,
    meld_points,
    meld_problem,
    meld_readings,
    minimum_for,
    swap_problem,
    table_meld,
    take_from_pile,
    wild_swaps,
    wild_swaps_credited,
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


# ---------------------------------------------------------------------------------------------
# Wild cards as data (R1, R3)

TWOS_AND_JOKERS = frozenset({Rank.TWO, Rank.JOKER})
CANASTA = MeldRules(
    set_max=99, distinct_suits=False, runs=False, wild_ranks=TWOS_AND_JOKERS, min_naturals=2, max_wilds=3
)
HAND_AND_FOOT = MeldRules(
    set_max=7, distinct_suits=False, runs=False, wild_ranks=TWOS_AND_JOKERS, naturals_ge_wilds=True, allow_all_wild=True
)
RUMMY_500 = MeldRules(ace_mode=AceMode.EITHER)


def test_wild_ranks_are_data_compared_by_value() -> None:
    """R1: a round's wild rank is a value: two hands with the same wild rank have equal rules."""
    assert MeldRules(wild_ranks=frozenset({Rank.NINE})) == MeldRules(wild_ranks=frozenset({Rank.NINE}))
    assert hash(MeldRules(wild_ranks=frozenset({Rank.NINE}))) == hash(MeldRules(wild_ranks=frozenset({Rank.NINE})))
    assert MeldRules(wild_ranks=frozenset({Rank.NINE})) != MeldRules(wild_ranks=frozenset({Rank.TEN}))
    nines = MeldRules(set_max=99, distinct_suits=False, runs=False, wild_ranks=frozenset({Rank.NINE}))
    assert [nines.is_wild(x) for x in c("9C 9S 10C JK")] == [True, True, False, False]
    assert is_meld(c("KD KS 9H"), nines) and is_meld(c("KD 9S 9H 9C"), nines)
    assert not MeldRules().has_wilds and nines.has_wilds
    one_card = MeldRules(wild_cards=frozenset(c("JH JS")))
    assert [one_card.is_wild(x) for x in c("JH JS JC")] == [True, True, False]
    assert is_meld(c("4C JH 6C"), one_card)


def test_wild_data_and_the_old_predicate_agree() -> None:
    """The predicate kept for old callers and `wild_ranks` give the same melds."""
    data = MeldRules(
        set_max=13, distinct_suits=False, ace_mode=AceMode.EITHER, wild_ranks=TWOS_AND_JOKERS, naturals_ge_wilds=True
    )
    assert data.has_wilds and CONTRACT.has_wilds
    for text in ("5H 6H JK", "5H JK 2C", "7C 7C 2D", "AH 2H 3H", "QS KS 2C", "JK 2S 2H"):
        assert meld_readings(c(text), data) == meld_readings(c(text), CONTRACT), text
    hand = c("7C 7C 7H JK 9S 10S 2D QS KS 4D")
    assert best_partition(hand, data, WILD_POINTS) == best_partition(hand, CONTRACT, WILD_POINTS)


def test_canasta_wild_limits() -> None:
    """Rules 3.5 test 4: 8 8 2 2 JK is valid, 8 8 2 2 JK JK (4 wilds) and 8 2 JK (1 natural) are not."""
    assert is_meld(c("8C 8D 2S 2H JK"), CANASTA)
    assert meld_problem(c("8C 8D 2S 2H JK JK"), CANASTA) == "8C 8D 2S 2H JK JK: at most 3 wild cards in a meld"
    assert meld_problem(c("8C 2S JK"), CANASTA) == "8C 2S JK: a meld needs at least 2 natural cards"
    canasta = make_meld(c("8C 8D 8H 8S 8C 2S 2H JK"), CANASTA)
    assert lay_off(canasta, Card.parse("JK"), CANASTA) == ()  # a fourth wild
    assert [len(m.cards) for m in lay_off(canasta, Card.parse("8D"), CANASTA)] == [9]  # naturals without limit


def test_hand_and_foot_melds_close_at_seven_and_keep_naturals_ahead() -> None:
    """Rules 3.6: rank melds 3-7, naturals >= wilds at all times; wild melds of wilds only."""
    meld = make_meld(c("9C 9D 9H JK 2C"), HAND_AND_FOOT)
    three_wilds = lay_off(meld, Card.parse("2D"), HAND_AND_FOOT)
    assert [str(m) for m in three_wilds] == ["9C 9D 9H 2C JK 2D"]  # 3 naturals, 3 wilds
    assert lay_off(three_wilds[0], Card.parse("JK"), HAND_AND_FOOT) == ()  # 3 naturals, 4 wilds
    full = lay_off(three_wilds[0], Card.parse("9S"), HAND_AND_FOOT)
    assert [len(m.cards) for m in full] == [7]
    assert lay_off(full[0], Card.parse("9D"), HAND_AND_FOOT) == ()  # closed at 7
    wild = make_meld(c("JK JK 2S"), HAND_AND_FOOT)
    assert (wild.kind, wild.rank) == (MeldKind.SET, None)
    assert not is_meld(c("9C JK 2S"), HAND_AND_FOOT)


def test_runs_with_the_ace_high_or_low() -> None:
    """R2 HIGH_OR_LOW: A-2-3 and Q-K-A, never K-A-2; a lone ace with wilds is read low or high."""
    assert is_meld(c("AS 2S 3S"), RUMMY_500) and is_meld(c("QS KS AS"), RUMMY_500)
    assert meld_problem(c("KS AS 2S"), RUMMY_500) == (
        "KS AS 2S: not consecutive in one suit (the ace is high or low, not around the corner)"
    )
    wild_run = MeldRules(ace_mode=AceMode.EITHER, wild_ranks=frozenset({Rank.JOKER}), min_naturals=1)
    readings = meld_readings(c("AS JK JK"), wild_run)
    assert [m.kind for m in readings] == [MeldKind.SET, MeldKind.RUN, MeldKind.RUN]
    assert [(m.low, [str(x) for x in m.stands_for()]) for m in readings[1:]] == [
        (1, ["AS", "2S", "3S"]),
        (12, ["QS", "KS", "AS"]),
    ]
    assert make_meld(c("AS JK JK"), wild_run, low=12).high == 14


# ---------------------------------------------------------------------------------------------
# Points (R9, R10)

LOW_FIVES = {Rank(r): 5 for r in range(3, 8)}
FIVE_HUNDREDS = PointTable.of(
    {Rank.ACE: 25, **{Rank(r): 10 for r in range(10, 14)}, **{Rank(r): 5 for r in range(2, 10)}}
)
CANASTA_POINTS = PointTable.of(
    {Rank.JOKER: 50, Rank.TWO: 20, Rank.ACE: 20, **{Rank(r): 10 for r in range(8, 14)}, **LOW_FIVES},
    {Card.parse("3H"): 100, Card.parse("3D"): 100},
)
HF_POINTS = PointTable.of(
    {Rank.JOKER: 50, Rank.TWO: 25, Rank.ACE: 20, **{Rank(r): 10 for r in range(8, 14)}, **LOW_FIVES}
)


def test_point_table_card_exceptions_and_canonical_form() -> None:
    """R9: a red three and a black three differ; the table is a value in a canonical order."""
    assert [CANASTA_POINTS.points(x) for x in c("3H 3D 3C 3S JK 2C AS")] == [100, 100, 5, 5, 50, 20, 20]
    assert CANASTA_POINTS.total(c("3H 3S 9C")) == 115
    reordered = dict(reversed(list(dict(CANASTA_POINTS.ranks).items())))
    same = PointTable.of(reordered, {Card.parse("3D"): 100, Card.parse("3H"): 100})
    assert same == CANASTA_POINTS and hash(same) == hash(CANASTA_POINTS)
    assert PointTable.of({}).points(Card.parse("KS")) == 0
    assert POINTS_RUMMY_500.with_ranks({Rank.NINE: 100}).points(Card.parse("9C")) == 100
    assert POINTS_RUMMY_500.with_ranks({Rank.NINE: 100}).low_ace == 1


def test_rummy_500_ace_values_in_melds_and_hand() -> None:
    """Rules 3.3 test 3: QH KH AH 35, AS 2S 3S 6, 7C 7D 7S 21, hand AD 9C 24: +38."""
    melds = [make_meld(c(t), RUMMY_500) for t in ("QH KH AH", "AS 2S 3S", "7C 7D 7S")]
    assert [meld_points(m, POINTS_RUMMY_500) for m in melds] == [35, 6, 21]
    assert meld_card_points(melds[1], POINTS_RUMMY_500) == (1, 2, 3)
    assert POINTS_RUMMY_500.total(c("AD 9C")) == 24
    assert sum(meld_points(m, POINTS_RUMMY_500) for m in melds) - POINTS_RUMMY_500.total(c("AD 9C")) == 38


def test_five_hundreds_aces_count_25_high_or_low() -> None:
    """Rules 3.4 test 4: QH KH AH 45 and AS 2S 3S 35, hand AD 9C 30: +50."""
    melds = [make_meld(c(t), RUMMY_500) for t in ("QH KH AH", "AS 2S 3S")]
    assert [meld_points(m, FIVE_HUNDREDS) for m in melds] == [45, 35]
    assert sum(meld_points(m, FIVE_HUNDREDS) for m in melds) - FIVE_HUNDREDS.total(c("AD 9C")) == 50


def test_canasta_meld_values_count_the_wilds_own_points() -> None:
    """Rules 3.5 test 5: the mixed canasta K K K K K 2 JK counts 50 + 20 + 50 = 120."""
    mixed = make_meld(c("KC KD KH KS KC 2S JK"), CANASTA)
    assert meld_points(mixed, CANASTA_POINTS) == 120
    wild_canasta = make_meld(c("JK JK JK JK 2C 2D 2H"), HAND_AND_FOOT)
    assert meld_points(wild_canasta, HF_POINTS) == 275


CANASTA_BANDS = ((-1, 15), (0, 50), (1500, 90), (3000, 120))


def test_canasta_initial_meld_minimum() -> None:
    """Rules 3.5 test 1: at 1600 (needs 90) 6 6 6 + K K K 2 = 65 fails, 6 6 6 + A A A 2 = 95 passes."""
    assert [minimum_for(s, CANASTA_BANDS) for s in (-20, -5, 0, 1495, 1500, 1600, 2995, 3000, 9000)] == [
        15, 15, 50, 50, 90, 90, 90, 120, 120,
    ]
    sixes = make_meld(c("6C 6D 6H"), CANASTA)
    kings = make_meld(c("KC KD KH 2S"), CANASTA)
    aces = make_meld(c("AC AD AH 2S"), CANASTA)
    need = minimum_for(1600, CANASTA_BANDS)
    assert sum(meld_points(m, CANASTA_POINTS) for m in (sixes, kings)) == 65
    assert not meets_minimum((sixes, kings), CANASTA_POINTS, need)
    assert meets_minimum((sixes, aces), CANASTA_POINTS, need)
    with pytest.raises(ValueError, match="no minimum bands"):
        minimum_for(0, ())


def test_hand_and_foot_round_minimum() -> None:
    """Rules 3.6 test 1: round 2 needs 120; K K K + A A A 2 = 115 fails, with 8 8 8 it is 145."""
    melds = [make_meld(c("KC KD KH"), HAND_AND_FOOT), make_meld(c("AC AD AH 2S"), HAND_AND_FOOT)]
    assert sum(meld_points(m, HF_POINTS) for m in melds) == 115
    assert not meets_minimum(melds, HF_POINTS, 120)
    assert meets_minimum([*melds, make_meld(c("8C 8D 8H"), HAND_AND_FOOT)], HF_POINTS, 120)


def test_best_partition_takes_a_point_table() -> None:
    """A card table (red three 100) scores deadwood the same way as the rank table where they agree."""
    hand = c("7C 7D 7H 3H 3S KC")
    assert best_partition(hand, GIN, CANASTA_POINTS).deadwood == 115
    assert arrangements(hand, GIN, CANASTA_POINTS, limit=200)[0].deadwood == 115
    assert best_partition(hand, GIN, POINTS).deadwood == best_partition(hand, GIN, PointTable.of(POINTS)).deadwood


# ---------------------------------------------------------------------------------------------
# Ownership and credit (R5, C10)


def test_lay_off_credits_the_seat_that_lays_off() -> None:
    """Rules 3.3 test 4: B lays 8S onto A's run 5S 6S 7S and is credited 8."""
    run = table_meld(make_meld(c("5S 6S 7S"), RUMMY_500), 0)
    grown = lay_off_credited(run, Card.parse("8S"), 1, RUMMY_500)
    assert [(str(m), m.owner, m.credit) for m in grown] == [("5S 6S 7S 8S", 0, (0, 0, 0, 1))]
    low = lay_off_credited(grown[0], Card.parse("4S"), 1, RUMMY_500)[0]
    assert (str(low), low.credit) == ("4S 5S 6S 7S 8S", (1, 0, 0, 0, 1))
    assert credited_points([low], POINTS_RUMMY_500, 2) == (18, 12)
    assert lay_off_credited(run, Card.parse("10S"), 1, RUMMY_500) == ()


def test_set_lay_off_keeps_credit_with_its_card() -> None:
    """A set re-sorts its cards on a lay-off; each credit follows its own card."""
    sevens = table_meld(make_meld(c("7C 7H 7S"), GIN), 1)
    grown = lay_off_credited(sevens, Card.parse("7D"), 0, GIN)[0]
    assert [(str(x), who) for x, who in zip(grown.meld.cards, grown.credit)] == [
        ("7C", 1), ("7D", 0), ("7H", 1), ("7S", 1),
    ]
    assert credited_points([grown], POINTS_RUMMY_500, 3) == (7, 21, 0)


def test_low_ace_credit_and_team_owner() -> None:
    """A low ace laid off onto a run is credited at its low value; teams own and score as one."""
    run = table_meld(make_meld(c("2H 3H 4H"), RUMMY_500), 1)
    grown = lay_off_credited(run, Card.parse("AH"), 0, RUMMY_500)[0]
    assert credited_points([grown], POINTS_RUMMY_500, 2) == (1, 9)
    team_meld = table_meld(make_meld(c("9C 9D 2S"), CANASTA), 1)
    assert lay_off_credited(team_meld, Card.parse("9H"), 1, CANASTA)[0].credit == (1, 1, 1, 1)


# ---------------------------------------------------------------------------------------------
# Digging into the discard pile (R12)

R500_DIG = DigRules()
FIVE_HUNDREDS_DIG = DigRules(free_top=True, from_hand=1, lay_off=False)
HORSESHIT_DIG = DigRules(free_top=True, from_hand=2, naturals=True, natural_target=True, lay_off=False)
PILE = c("4C 9H KS 2D")


def test_take_from_pile() -> None:
    """Rules 3.3 test 1: digging to depth 3 in 4C 9H KS 2D takes 9H KS 2D, 9H first."""
    assert take_from_pile(PILE, 3) == (c("4C"), c("9H KS 2D"))
    assert take_from_pile(PILE, 1) == (c("4C 9H KS"), c("2D"))
    assert take_from_pile(PILE, 4) == ((), PILE)
    with pytest.raises(ValueError, match="cannot dig to depth 5"):
        take_from_pile(PILE, 5)


def test_rummy_500_dig_needs_a_play_for_the_card() -> None:
    """Rules 3.3 tests 1 and 2: 9C 9D let the player dig to 9H; a top card with no play is not offered."""
    assert dig_depths(PILE, c("9C 9D 6H"), RUMMY_500, R500_DIG) == (3,)
    assert dig_depths(c("4C 7S"), c("9C 9D 6H"), RUMMY_500, R500_DIG) == ()
    assert dig_depths(c("4C 7S"), c("9C 9D 6H"), RUMMY_500, DigRules(free_top=True)) == (1,)
    # the cards taken with the target may complete its meld: 2D 3D above AD
    assert dig_depths(c("AD 2D 3D"), c("KC"), RUMMY_500, R500_DIG) == (3,)
    # a lay-off onto any meld on the table uses the card too
    onto = [make_meld(c("6S 7S 8S"), RUMMY_500)]
    assert dig_depths(c("9S 5C"), c("KC"), RUMMY_500, R500_DIG, onto=onto) == (2,)


def test_five_hundreds_dig_needs_a_card_from_hand() -> None:
    """Rules 3.4 test 1: digging to 9H needs a meld with it using a card held before the draw."""
    assert dig_depths(PILE, c("9C 9D"), RUMMY_500, FIVE_HUNDREDS_DIG) == (1, 3)
    assert dig_depths(PILE, c("8H 10H"), RUMMY_500, FIVE_HUNDREDS_DIG) == (1, 3)
    assert dig_depths(PILE, c("9C 5S"), RUMMY_500, FIVE_HUNDREDS_DIG) == (1,)
    # two taken cards would make the meld, but one card must come from the hand
    assert dig_depths(c("7D 5D 6D"), c("QC"), RUMMY_500, FIVE_HUNDREDS_DIG) == (1,)
    assert dig_depths(c("7D 5D 6D"), c("QC 8D"), RUMMY_500, FIVE_HUNDREDS_DIG) == (1, 3)
    onto = [make_meld(c("6H 7H 8H"), RUMMY_500)]
    assert dig_depths(PILE, c("5S"), RUMMY_500, FIVE_HUNDREDS_DIG, onto=onto) == (1,)


def test_horseshit_dig_with_a_natural_pair() -> None:
    """Rules 3.12 tests 2 and 3: 9s wild; K K digs to KD under 4S 9H 6C; a wild top is never taken alone."""
    rules = MeldRules(set_max=99, distinct_suits=False, runs=False, wild_ranks=frozenset({Rank.NINE}))
    pile = c("KD 4S 9H 6C")
    assert dig_depths(pile, c("KC KS 3H"), rules, HORSESHIT_DIG) == (1, 4)
    assert dig_depths(pile, c("KC 9S 3H"), rules, HORSESHIT_DIG) == (1,)  # a wild is not a natural pair
    assert dig_depths(pile, c("KC 9S 3H"), rules, attrs.evolve(HORSESHIT_DIG, naturals=False)) == (1, 4)
    wild_top = c("KD 6C 9S")
    assert dig_depths(wild_top, c("6D 6H"), rules, HORSESHIT_DIG) == (2,)
    assert dig_depths(wild_top, c("3D"), rules, HORSESHIT_DIG) == ()


def test_chained_lay_off_uses_the_card() -> None:
    """Rummy 500 reading 4: the card may be laid off after others extend a run toward it."""
    onto = [make_meld(c("5H 6H 7H"), RUMMY_500)]
    assert can_use_at_once(Card.parse("9H"), c("8H"), RUMMY_500, R500_DIG, onto=onto)
    assert can_use_at_once(Card.parse("3H"), c("KC"), RUMMY_500, R500_DIG, taken=c("4H"), onto=onto)
    assert not can_use_at_once(Card.parse("10H"), c("8H"), RUMMY_500, R500_DIG, onto=onto)
    wild = MeldRules(ace_mode=AceMode.EITHER, wild_ranks=frozenset({Rank.JOKER}))
    assert can_use_at_once(Card.parse("9H"), c("JK"), wild, R500_DIG, onto=[make_meld(c("5H 6H 7H"), wild)])


def _brute_new_meld(
    card: Card, hand: tuple[Card, ...], taken: tuple[Card, ...], rules: MeldRules, dig: DigRules
) -> bool:
    pool = [(x, True) for x in hand] + [(x, False) for x in taken]
    for size in range(1, len(pool) + 1):
        for combo in itertools.combinations(pool, size):
            mine = sum(1 for x, held in combo if held and not (dig.naturals and rules.is_wild(x)))
            if mine >= dig.from_hand and is_meld((card, *(x for x, _ in combo)), rules):
                return True
    return False


@pytest.mark.parametrize(
    "rules",
    [
        RUMMY_500,
        MeldRules(ace_mode=AceMode.AROUND, wild_ranks=frozenset({Rank.JOKER})),
        MeldRules(
            set_max=99, distinct_suits=False, ace_mode=AceMode.EITHER, wild_ranks=TWOS_AND_JOKERS,
            naturals_ge_wilds=True,
        ),
        MeldRules(set_max=99, distinct_suits=False, runs=False, wild_ranks=frozenset({Rank.NINE}), min_naturals=1),
        CANASTA,
        HAND_AND_FOOT,
    ],
)
@pytest.mark.parametrize("dig", [R500_DIG, FIVE_HUNDREDS_DIG, HORSESHIT_DIG, DigRules(from_hand=3)])
def test_can_use_at_once_matches_brute_force(rules: MeldRules, dig: DigRules) -> None:
    """The counting check agrees with trying every subset of the cards at hand."""
    dig = attrs.evolve(dig, lay_off=False)
    pack = list(standard_pack(packs=2, jokers=2))
    rnd = random.Random(7)
    near = [
        x for x in pack if x.is_joker or x.rank in (Rank.TWO, Rank.NINE) or (x.suit is SUITS[2] and 8 <= x.rank <= 13)
    ]
    for _ in range(200):
        card = rnd.choice(near)
        hand = tuple(rnd.sample(near, rnd.randint(0, 6)))
        taken = tuple(rnd.sample(pack + near, rnd.randint(0, 3)))
        expected = _brute_new_meld(card, hand, taken, rules, dig)
        assert can_use_at_once(card, hand, rules, dig, taken=taken) is expected, (card, hand, taken)


# --- wild swap (rules/rummy.md R7: Push 3.7, Desert 3.9, Sticks 3.10) -------------------------

SWAP_RULES = MeldRules(set_max=4, ace_mode=AceMode.EITHER, wild_ranks=frozenset({Rank.JOKER, Rank.TWO}), allow_all_wild=True)
MULTI_RULES = MeldRules(
    set_max=24, distinct_suits=False, ace_mode=AceMode.EITHER, wild_ranks=frozenset({Rank.JOKER, Rank.TWO})
)


def test_swap_natural_for_the_wild_it_stands_for_in_a_run() -> None:
    """Push scenario 5 / Desert scenario 5: 6S takes the JK's place in 5S JK 7S; JK is freed."""
    run = make_meld(c("5S JK 7S"), SWAP_RULES)
    swaps = wild_swaps(run, Card.parse("6S"), SWAP_RULES)
    assert [(s.index, str(s.meld), str(s.freed)) for s in swaps] == [(1, "5S 6S 7S", "JK")]
    assert swaps[0].meld.low == run.low and swaps[0].meld.stands_for() == c("5S 6S 7S")
    assert swap_problem(run, Card.parse("6S"), SWAP_RULES) is None


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        ("6H", "5S JK 7S: no wild card in it stands for 6H"),
        ("8S", "5S JK 7S: no wild card in it stands for 8S"),
        ("2S", "2S is wild: only a natural card takes a wild's place"),
    ],
)
def test_swap_refused_in_a_run(card: str, reason: str) -> None:
    """R7: only exactly the card the wild represents (its position and the run's suit)."""
    run = make_meld(c("5S JK 7S"), SWAP_RULES)
    assert wild_swaps(run, Card.parse(card), SWAP_RULES) == ()
    assert swap_problem(run, Card.parse(card), SWAP_RULES) == reason
    assert swap_problem(run, Card(Rank.HIDDEN), SWAP_RULES) == "a hidden card cannot be swapped"


def test_swap_in_a_run_with_two_wilds_picks_the_right_one() -> None:
    """A run 5H JK 2C 8H: JK stands for 6H, 2C for 7H; each natural frees its own wild."""
    run = Meld(MeldKind.RUN, c("5H JK 2C 8H"), suit=Suit.HEARTS, low=5)
    assert [(s.index, str(s.freed)) for s in wild_swaps(run, Card.parse("6H"), MULTI_RULES)] == [(1, "JK")]
    assert [(s.index, str(s.freed)) for s in wild_swaps(run, Card.parse("7H"), MULTI_RULES)] == [(2, "2C")]


def test_swap_in_a_set() -> None:
    """Push: any wild of a set leaves for a natural of its rank in a suit not yet in the set;
    Sticks (several packs, suits may repeat): QD swaps the 2 out of Q Q 2."""
    push_set = make_meld(c("8C 8H JK 2D"), SWAP_RULES)
    assert [(s.index, str(s.meld), str(s.freed)) for s in wild_swaps(push_set, Card.parse("8S"), SWAP_RULES)] == [
        (2, "8C 8H 8S JK", "2D"),
        (3, "8C 8H 2D 8S", "JK"),
    ]
    assert swap_problem(push_set, Card.parse("8C"), SWAP_RULES) == "8C 8H 2D JK: the set already holds a card of 8C's suit"
    assert swap_problem(push_set, Card.parse("9S"), SWAP_RULES) == "8C 8H 2D JK: a set of eights takes no 9S"
    sticks_set = make_meld(c("QD QS 2C"), MULTI_RULES)
    assert [(str(s.meld), str(s.freed)) for s in wild_swaps(sticks_set, Card.parse("QD"), MULTI_RULES)] == [
        ("QD QS QD", "2C")
    ]
    twin = make_meld(c("QD JK JK"), MULTI_RULES, kind=MeldKind.SET)
    assert len(wild_swaps(twin, Card.parse("QC"), MULTI_RULES)) == 1  # two identical jokers: one swap


def test_swap_refused_without_wilds_or_rank() -> None:
    """No wild, no swap; an all-wild set stands for no rank, so nothing can replace its wilds."""
    assert swap_problem(make_meld(c("5S 6S 7S"), SWAP_RULES), Card.parse("6S"), SWAP_RULES) == "5S 6S 7S: holds no wild card"
    all_wild = make_meld(c("JK 2C 2D"), SWAP_RULES)
    assert all_wild.rank is None
    assert wild_swaps(all_wild, Card.parse("5S"), SWAP_RULES) == ()
    assert swap_problem(all_wild, Card.parse("5S"), SWAP_RULES) == "2C 2D JK: a set of wild cards only stands for no rank"


def test_swap_on_a_table_meld_credits_the_swapper() -> None:
    """The natural is credited to the seat that swaps it in; owner and other credits stay."""
    target = table_meld(make_meld(c("9D 10D JK QD"), MULTI_RULES), 1)
    (swap,) = wild_swaps_credited(target, Card.parse("JD"), 3, MULTI_RULES)
    assert (str(swap.meld), swap.meld.owner, swap.meld.credit, str(swap.freed), swap.index) == (
        "9D 10D JD QD",
        1,
        (1, 1, 3, 1),
        "JK",
        2,
    )
    assert wild_swaps_credited(target, Card.parse("JC"), 3, MULTI_RULES) == ()


@pytest.mark.parametrize("aces", [AceMode.LOW, AceMode.EITHER])
def test_one_deck_shift_test_of_isolated_cards_agrees_with_the_meld_scan(aces: AceMode) -> None:
    """`OneDeck.isolated` by shifts (ace low, or high or low without going round the corner)
    gives the cards that the scan of every candidate meld gives, on random hands."""
    import random

    rules = MeldRules(ace_mode=aces)
    fast = OneDeck(rules, POINTS_FACES_10)
    scan = OneDeck(rules, POINTS_FACES_10)
    scan._shifts = False  # the reference: every candidate meld tested against the hand
    pack = standard_pack()
    chooser = random.Random(5)
    for _ in range(2000):
        mask = fast.mask(chooser.sample(pack, chooser.randint(0, 16)))
        assert fast.isolated(mask) == scan.isolated(mask)
    expected = "2S" if aces is AceMode.EITHER else "QH KH AH 2S"
    assert fast.isolated(fast.mask(parse_cards("QH KH AH 2S"))) == fast.mask(parse_cards(expected))
