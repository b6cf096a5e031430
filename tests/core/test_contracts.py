"""Unit tests of contract matching (rules/rummy.md R8, R13) for the Metzker contract rummies:
Push 3.7, 10 Dime Rummy 3.8, Desert Rummy 3.9, Sticks 3.10 and Arizona Rummy 3.11."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import JOKER, Card, Rank, Suit, parse_cards, standard_pack
from parlour.core.contracts import (
    Contract,
    Need,
    contract_problem,
    find_contract,
    meets_contract,
    parse_contract,
    runs,
    sets,
)
from parlour.core.melds import AceMode, Meld, MeldKind, MeldRules, make_meld

WILD_2_JK = frozenset({Rank.JOKER, Rank.TWO})
PUSH = MeldRules(set_max=4, ace_mode=AceMode.EITHER, wild_ranks=WILD_2_JK, max_wilds=13, allow_all_wild=True)
TEN_DIME = MeldRules(set_max=24, distinct_suits=False, runs=False, wild_ranks=WILD_2_JK, naturals_ge_wilds=True)
DESERT = MeldRules(set_max=24, distinct_suits=False, ace_mode=AceMode.EITHER, wild_ranks=WILD_2_JK, naturals_ge_wilds=True)
STICKS = MeldRules(set_max=24, distinct_suits=False, ace_mode=AceMode.EITHER, wild_ranks=WILD_2_JK)


def arizona(round_number: int) -> MeldRules:
    """Round r deals r + 2 cards and that rank is wild beside the jokers."""
    return MeldRules(
        set_max=24,
        distinct_suits=False,
        ace_mode=AceMode.EITHER,
        wild_ranks=frozenset({Rank.JOKER, Rank(round_number + 2)}),
    )


PUSH_CONTRACTS = tuple(
    parse_contract(t) for t in ("2 sets of 3", "1 set of 3 and 1 run of 4", "2 runs of 4", "3 sets of 3", "2 runs of 5")
)
TEN_DIME_CONTRACTS = tuple(
    parse_contract(f"{n} sets of {size}") for size in (3, 4, 5, 6) for n in (1, 2)
)
DESERT_CONTRACTS = tuple(
    parse_contract(t, exact=True, extra_melds=False)
    for t in (
        "2 sets of 3",
        "2 runs of 3",
        "1 run of 4 and 1 set of 3",
        "2 sets of 4",
        "1 run of 5 and 1 set of 3",
        "3 sets of 3",
        "1 run of 7",
        "2 runs of 4 in same suit",
        "1 run of 6 and 1 set of 3",
        "2 sets of 5",
        "1 run of 9",
    )
)
ARIZONA_OUT = Contract(needs=(), all_cards=True)


def c(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def m(text: str, rules: MeldRules, **how: object) -> Meld:
    return make_meld(c(text), rules, **how)  # type: ignore[arg-type]


def texts(melds: tuple[Meld, ...] | None) -> list[str] | None:
    return None if melds is None else [str(x) for x in melds]


# --- the data -------------------------------------------------------------------------------


def test_contract_texts_round_trip() -> None:
    """Contracts are data with a canonical text (the seed's wording), parsed back exactly."""
    assert [str(x) for x in PUSH_CONTRACTS] == [
        "2 sets of 3",
        "1 set of 3 and 1 run of 4",
        "2 runs of 4",
        "3 sets of 3",
        "2 runs of 5",
    ]
    assert str(DESERT_CONTRACTS[7]) == "2 runs of 4 in same suit" and DESERT_CONTRACTS[7].same_suit_runs
    assert [x.cards for x in DESERT_CONTRACTS] == [6, 6, 7, 8, 8, 9, 7, 8, 9, 10, 9]
    for text in (
        "1 run of 4 in hearts and 1 set of 3",
        "2 runs of 4 in spades and 1 set of 3 aces",
        "1 set of 4 fives and 1 set of 4 sixes",
        "1 run of 5 in clubs from 10",
        "all cards",
    ):
        assert str(parse_contract(text)) == text
    assert parse_contract("1 run of 5 in clubs from 10").needs == (Need(MeldKind.RUN, 5, suit=Suit.CLUBS, low=10),)
    assert Contract(needs=(*sets(1, 3), *runs(1, 4))) == parse_contract("1 set of 3 + 1 run of 4")


@pytest.mark.parametrize("text", ["2 sets", "1 run of 3 sevens", "1 set of 3 in hearts", "1 set of 3 jokers", "1 run of 4 from z"])
def test_bad_contract_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_contract(text)


def test_bad_needs_are_refused() -> None:
    """Sticks ambiguity: an invalid spec (a run of 14) is refused when the contract is made."""
    with pytest.raises(ValueError, match="length of 1 to 13"):
        Need(MeldKind.RUN, 14)
    with pytest.raises(ValueError, match="names no rank"):
        Need(MeldKind.RUN, 3, rank=Rank.TEN)


# --- Push (3.7) ---------------------------------------------------------------------------


def test_push_deal_3_two_runs_of_four() -> None:
    """Push scenario 2: 5H-8H with JK as 9C in 9C-QC meets "2 runs of 4"; a run of 3 does not."""
    good = [m("5H 6H 7H 8H", PUSH), m("JK 10C JC QC", PUSH, low=9)]
    assert good[1].stands_for() == c("9C 10C JC QC")
    assert contract_problem(good, PUSH_CONTRACTS[2], PUSH) is None
    short = [m("5H 6H 7H", PUSH), m("9C 10C JC QC", PUSH)]
    assert contract_problem(short, PUSH_CONTRACTS[2], PUSH) == "a run is too short: the contract asks for 2 runs of 4"


def test_push_sets_distinct_suits_at_most_four() -> None:
    """Push scenario 3: 8C 8H 8S JK is a set; a repeated suit or a fifth card is not."""
    contract = parse_contract("1 set of 3")
    assert meets_contract([m("8C 8H 8S JK", PUSH)], contract, PUSH)
    repeated = Meld(MeldKind.SET, c("8C 8H 8C"), rank=Rank.EIGHT)
    assert contract_problem([repeated], contract, PUSH) == "8C 8H 8C: not a valid set as designated"
    five = Meld(MeldKind.SET, c("8C 8H 8S 8D JK"), rank=Rank.EIGHT)
    assert contract_problem([five], contract, PUSH) == "8C 8H 8S 8D JK: not a valid set as designated"


def test_push_extra_melds_and_longer_melds_allowed() -> None:
    """Push ambiguity 2: AT_LEAST sizes, and more melds may go down in the contract turn."""
    melds = [m("4S 5S 6S 7S 8S", PUSH), m("KH KD KC", PUSH), m("9D 9H JK", PUSH)]
    assert contract_problem(melds, PUSH_CONTRACTS[1], PUSH) is None
    assert contract_problem(melds[1:], PUSH_CONTRACTS[1], PUSH) == "the contract asks for 1 run, got 0"


def test_push_finder_every_deal() -> None:
    """Push: each of the five contracts found in a hand of its deal size plus the draw; the
    witness is deterministic (naturals first, lowest position first, suits in bridge order)."""
    hands = [
        "3C 3D 3H 9S 9D 2C KH",
        "5S 5H 5D 7C 8C 9C JK 4D",
        "AS 2S 3S 4S QH KH AH JK 6C",
        "4C 4D 4H 7S 7H JK QC QD 2H AC",
        "9C 10C JC QC KC 4D 5D 7D JK 2H",
    ]
    found = [texts(find_contract(c(h), k, PUSH)) for h, k in zip(hands, PUSH_CONTRACTS)]
    assert found == [
        ["3C 3D 3H", "9D 9S 2C"],
        ["5D 5H 5S", "JK 7C 8C 9C"],
        ["JK QH KH AH", "AS 2S 3S 4S"],
        ["4C 4D 4H", "7H 7S JK", "QC QD 2H"],
        ["9C 10C JC QC KC", "2H 4D 5D JK 7D"],
    ]


def test_push_finder_refuses_short_hands() -> None:
    """Push deal 3: two runs of 4 each needing a wild, with one wild in hand, cannot be met."""
    assert find_contract(c("AS 3S 4S 5S QH KH AH 6D JK"), PUSH_CONTRACTS[2], PUSH) is None
    assert find_contract(c("AS 2S 3S 4S QH KH AH 6D 6C"), PUSH_CONTRACTS[2], PUSH) is None


def test_push_all_wild_set_counts() -> None:
    """Push: an all-wild meld is allowed when declared; six wilds make two sets of three."""
    found = find_contract(c("JK JK 2C 2D 2H 2S 9H"), PUSH_CONTRACTS[0], PUSH)
    assert texts(found) == ["9H JK JK", "2D 2H 2S"]
    assert found is not None and [x.rank for x in found] == [Rank.NINE, None]
    assert texts(find_contract(c("JK JK 2C 2D 2H 2S"), PUSH_CONTRACTS[0], PUSH)) == ["2S JK JK", "2C 2D 2H"]


# --- 10 Dime Rummy (3.8) -------------------------------------------------------------------


def test_ten_dime_round_4_two_sets_of_four() -> None:
    """10 Dime scenario 2: 7 7 2 JK + Q Q Q 2 meets "2 sets of 4"; 7 2 2 JK has 1 natural to 3 wilds."""
    contract = TEN_DIME_CONTRACTS[3]
    assert str(contract) == "2 sets of 4"
    assert contract_problem([m("7C 7D 2S JK", TEN_DIME), m("QC QH QS 2D", TEN_DIME)], contract, TEN_DIME) is None
    bad = Meld(MeldKind.SET, c("7C 2S 2D JK"), rank=Rank.SEVEN)
    assert contract_problem([bad, m("QC QH QS 2H", TEN_DIME)], contract, TEN_DIME) == (
        "7C 2S 2D JK: not a valid set as designated"
    )


def test_ten_dime_sets_only_and_same_rank_twice() -> None:
    """10 Dime: sets only; two required sets may be of one rank, unless the option forbids it."""
    contract = TEN_DIME_CONTRACTS[1]
    two_sevens = [m("7C 7D 7H", TEN_DIME), m("7C 7S JK", TEN_DIME)]
    assert meets_contract(two_sevens, contract, TEN_DIME)
    strict = Contract(needs=contract.needs, distinct_set_ranks=True)
    assert contract_problem(two_sevens, strict, TEN_DIME) == "the contract's sets must be of different ranks: 2 sets of 3"
    assert texts(find_contract(c("7C 7D 7H 7C 7S JK KD"), strict, TEN_DIME)) is None
    assert texts(find_contract(c("7C 7D 7H 7C 7S JK KD"), contract, TEN_DIME)) == ["7C 7C 7D", "7H 7S JK"]
    run = Meld(MeldKind.RUN, c("5H 6H 7H"), suit=Suit.HEARTS, low=5)
    assert contract_problem([run, two_sevens[0]], contract, TEN_DIME) == "5H 6H 7H: not a valid run as designated"


def test_ten_dime_finder_round_8_tame_at_least_wild() -> None:
    """10 Dime round 8 (2 sets of 6) from 3 decks: naturals >= wilds in each set."""
    hand = c("9C 9C 9D 9H 2S 2H KS KS KH 2C JK JK 5D 6D")
    assert texts(find_contract(hand, TEN_DIME_CONTRACTS[7], TEN_DIME)) == ["9C 9C 9D 9H JK JK", "KH KS KS 2C 2H 2S"]
    even = c("9C 9C 9D 2S 2H 2D KS KS KH 2C JK JK 5D 6D")  # 3 naturals carry 3 wilds each
    assert texts(find_contract(even, TEN_DIME_CONTRACTS[7], TEN_DIME)) == ["9C 9C 9D 2S JK JK", "KH KS KS 2C 2D 2H"]
    assert find_contract(c("9C 9D 2S 2H 2D KS KS KH 2C JK JK 5D"), TEN_DIME_CONTRACTS[7], TEN_DIME) is None


# --- Desert Rummy (3.9) ----------------------------------------------------------------------


def test_desert_contract_8_runs_in_one_suit() -> None:
    """Desert scenario 1: 3H-6H + 9H-QH meets contract 8; 9S-QS as the second run does not."""
    contract = DESERT_CONTRACTS[7]
    assert contract_problem([m("3H 4H 5H 6H", DESERT), m("9H 10H JH QH", DESERT)], contract, DESERT, left=3, keep=1) is None
    assert contract_problem([m("3H 4H 5H 6H", DESERT), m("9S 10S JS QS", DESERT)], contract, DESERT) == (
        "the contract's runs must all be of one suit: 2 runs of 4 in same suit"
    )
    hand = c("3H 4H 5H 6H 9S 10S JS QS 9H 10H 2C JH KD")
    assert texts(find_contract(hand, contract, DESERT, keep=1)) == ["3H 4H 5H 6H", "2C 9H 10H JH"]
    assert find_contract(c("3H 4H 5H 6H 9S 10S JS QS 9H 10H 2C KD"), contract, DESERT, keep=1) is None


def test_desert_exactness_nothing_extra() -> None:
    """Desert scenario 2: at contract 7, 3S-9S plus KKK is refused; 3S-9S alone is the contract."""
    contract = DESERT_CONTRACTS[6]
    run = m("3S 4S 5S 6S 7S 8S 9S", DESERT)
    assert contract_problem([run, m("KC KD KH", DESERT)], contract, DESERT) == (
        "lay exactly the contract (1 run of 7): 1 meld, not 2"
    )
    assert contract_problem([run], contract, DESERT) is None
    assert contract_problem([m("3S 4S 5S 6S 7S 8S 9S 10S", DESERT)], contract, DESERT) == (
        "contract melds must be exactly the stated lengths: 1 run of 7"
    )


def test_desert_tame_at_least_wild() -> None:
    """Desert scenario 4: a run of 7 with 4 naturals and 3 wilds is valid; 3 and 4 is not."""
    contract = DESERT_CONTRACTS[6]
    assert meets_contract([m("3S 2C 5S JK 7S 2D 9S", DESERT)], contract, DESERT)
    bad = Meld(MeldKind.RUN, c("3S 2C 5S JK 7S 2D 2H"), suit=Suit.SPADES, low=3)
    assert contract_problem([bad], contract, DESERT) == "3S 2C 5S JK 7S 2D 2H: not a valid run as designated"
    assert find_contract(c("3S 5S 7S 2C 2D 2H JK QC"), contract, DESERT) is None
    assert texts(find_contract(c("3S 5S 7S 9S 2C 2D 2H JK QC"), contract, DESERT)) == ["3S 2D 5S 2H 7S JK 9S"]


def test_desert_needs_a_discard_left() -> None:
    """Desert: going out needs a discard, so the contract must leave a card (keep=1)."""
    contract = DESERT_CONTRACTS[10]
    nine = c("3D 4D 5D 6D 7D 8D 9D 10D JD")
    assert find_contract(nine, contract, DESERT) is not None
    assert find_contract(nine, contract, DESERT, keep=1) is None
    assert texts(find_contract((*nine, Card.parse("KS")), contract, DESERT, keep=1)) == ["3D 4D 5D 6D 7D 8D 9D 10D JD"]
    assert contract_problem([m(" ".join(map(str, nine)), DESERT)], contract, DESERT, left=0, keep=1) == (
        "must keep 1 card back (a discard)"
    )


@pytest.mark.parametrize("index", range(11))
def test_desert_every_contract_found_exactly(index: int) -> None:
    """Each of the eleven Desert contracts is found at exactly its stated lengths, one card kept."""
    hand = c("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 7C 7D 7S 7C QS QD QC QH QS 2C JK")
    contract = DESERT_CONTRACTS[index]
    found = find_contract(hand, contract, DESERT, keep=1)
    assert found is not None
    assert contract_problem(found, contract, DESERT, left=len(hand) - sum(len(x.cards) for x in found), keep=1) is None
    assert [len(x.cards) for x in found] == [n.length for n in contract.needs]


# --- Sticks (3.10) ---------------------------------------------------------------------------


def test_sticks_22_exact() -> None:
    """Sticks scenario 2: stick 22 (run of 4 + set of 3): 5H-9H + KKK refused, 5H-8H + KKK laid."""
    stick = parse_contract("1 run of 4 and 1 set of 3", exact=True, extra_melds=False)
    assert contract_problem([m("5H 6H 7H 8H 9H", STICKS), m("KC KD KS", STICKS)], stick, STICKS) == (
        "contract melds must be exactly the stated lengths: 1 run of 4 and 1 set of 3"
    )
    assert contract_problem([m("5H 6H 7H 8H", STICKS), m("KC KD KS", STICKS)], stick, STICKS) is None
    assert texts(find_contract(c("5H 6H 7H 8H 9H KC KD KS"), stick, STICKS, keep=1)) == ["5H 6H 7H 8H", "KC KD KS"]


def test_sticks_named_suits_ranks_and_positions() -> None:
    """Sticks 31-36: runs in a named suit, sets of a named rank, the run 10-J-Q-K-A of clubs."""
    hand = c("10C JC QC KC AC 5S 6S 7S 8S 5C 5H 5D 6C 6D 6H 2S AS AH AD 9S JS QS")
    cases = {
        "1 run of 5 in clubs from 10": ["10C JC QC KC AC"],
        "1 set of 4 fives and 1 set of 4 sixes": ["5C 5D 5H 5S", "6C 6D 6H 6S"],
        "2 runs of 4 in spades and 1 set of 3 aces": ["5S 6S 7S 8S", "9S 2S JS QS", "AC AD AH"],
        "1 run of 3 in diamonds and 1 set of 3 kings": None,  # one wild, and a single king
    }
    for text, expected in cases.items():
        assert texts(find_contract(hand, parse_contract(text, exact=True, extra_melds=False), STICKS)) == expected
    stick36 = parse_contract("1 run of 5 in clubs from 10", exact=True)
    assert contract_problem([m("9C 10C JC QC KC", STICKS)], stick36, STICKS) == (
        "the melds do not meet the contract: 1 run of 5 in clubs from 10"
    )


def test_sticks_needs_one_natural() -> None:
    """Sticks: each meld needs at least one natural (no all-wild set)."""
    stick = parse_contract("2 sets of 3", exact=True, extra_melds=False)
    assert find_contract(c("JK JK 2C 2D 2H 2S 9H"), stick, STICKS) is None
    assert texts(find_contract(c("JK JK 2C 2D 9H 4S 3D"), stick, STICKS)) == ["3D JK JK", "4S 2C 2D"]


def test_runs_apart_option() -> None:
    """Two runs of one suit that adjoin could be one run; `runs_apart` refuses them."""
    loose = parse_contract("2 runs of 3")
    apart = Contract(needs=loose.needs, runs_apart=True)
    touching = [m("3H 4H 5H", STICKS), m("6H 7H 8H", STICKS)]
    assert meets_contract(touching, loose, STICKS)
    assert contract_problem(touching, apart, STICKS) == (
        "the contract's runs of one suit may not overlap or adjoin: 2 runs of 3"
    )
    assert find_contract(c("3H 4H 5H 6H 7H 8H"), apart, STICKS) is None
    assert texts(find_contract(c("3H 4H 5H 7H 8H 9H"), apart, STICKS)) == ["3H 4H 5H", "7H 8H 9H"]


# --- Arizona Rummy (3.11) -------------------------------------------------------------------


def test_arizona_rising_wild_rank() -> None:
    """Arizona: round r's wild rank is r + 2 (3s in round 1, kings in round 11), jokers always."""
    assert arizona(1).is_wild(Card.parse("3C")) and not arizona(1).is_wild(Card.parse("2C"))
    assert arizona(11).is_wild(Card.parse("KD")) and arizona(11).is_wild(JOKER)
    assert not arizona(11).is_wild(Card.parse("3C"))


def test_arizona_going_out_round_1() -> None:
    """Arizona scenario 2: 5H 6H 3C 9S goes out with a run of 5H 6H and the wild 3C, 9S kept to
    discard (the witness reads 3C as 4H; 7H is the other reading); 5H 6H 7H 8H keeps one back."""
    rules = arizona(1)
    found = find_contract(c("5H 6H 3C 9S"), ARIZONA_OUT, rules, keep=1)
    assert texts(found) == ["3C 5H 6H"] and found is not None and found[0].stands_for() == c("4H 5H 6H")
    assert meets_contract([m("5H 6H 3C", rules, low=5)], ARIZONA_OUT, rules, left=1, keep=1)
    assert texts(find_contract(c("5H 6H 7H 8H"), ARIZONA_OUT, rules, keep=1)) == ["5H 6H 7H"]
    assert find_contract(c("5H 6H 7H 9S"), ARIZONA_OUT, rules) is None
    assert find_contract(c("5H 6H 9C 9S"), ARIZONA_OUT, rules, keep=1) is None
    assert contract_problem([m("5H 6H 7H", rules)], ARIZONA_OUT, rules, left=2, keep=1) == (
        "every card must be melded but 1: 2 left"
    )
    assert contract_problem([m("5H 6H 7H", rules)], ARIZONA_OUT, rules, left=1, keep=1) is None


def test_arizona_natural_minimum_round_5() -> None:
    """Arizona scenario 4 (7s wild): 7C 7D JK is no meld; 7D JK 9H as 7H 8H 9H is."""
    rules = arizona(5)
    assert contract_problem([Meld(MeldKind.SET, c("7C 7D JK"))], ARIZONA_OUT, rules) == (
        "7C 7D JK: not a valid set as designated"
    )
    run = m("7D JK 9H", rules, low=7)
    assert run.stands_for() == c("7H 8H 9H")
    assert meets_contract([run], ARIZONA_OUT, rules)


def test_arizona_round_11_whole_hand() -> None:
    """Round 11 (kings wild): 14 cards after the draw, all but the discard into melds."""
    rules = arizona(11)
    hand = c("AS 2S 3S 4S 9D 9C 9H KD JK 6H 7H 8H QC 4C")
    found = find_contract(hand, ARIZONA_OUT, rules, keep=1)
    assert found is not None and sum(len(x.cards) for x in found) == 13
    assert contract_problem(found, ARIZONA_OUT, rules, left=1, keep=1) is None


# --- the search's bounds ---------------------------------------------------------------------


def test_finder_witnesses_meet_the_contract_on_random_hands() -> None:
    """Every Desert contract and the hardest Sticks shapes on 16-card hands from 3 decks (wilds
    included): each witness found meets its contract (speed is measured in benchmarks, not here)."""
    pack = standard_pack(packs=3, jokers=6)
    contracts = (
        *DESERT_CONTRACTS,
        *(parse_contract(t, exact=True, extra_melds=False) for t in ("4 runs of 3", "3 runs of 4", "4 sets of 3", "1 run of 4 and 2 sets of 3")),
    )
    rng = random.Random(5)
    found_some = 0
    for _ in range(15):
        hand = rng.sample(pack, 16)
        for contract in contracts:
            found = find_contract(hand, contract, STICKS if not contract.same_suit_runs else DESERT, keep=1)
            if found is not None:
                found_some += 1
                rules = STICKS if not contract.same_suit_runs else DESERT
                assert contract_problem(found, contract, rules, left=16 - sum(len(x.cards) for x in found), keep=1) is None
    assert found_some > 0


def test_finder_agrees_with_brute_force_on_small_hands() -> None:
    """The finder answers exactly when some choice of disjoint melds meets the contract."""
    import itertools

    from parlour.core.melds import meld_readings

    rng = random.Random(11)
    pack = [*standard_pack(packs=2, jokers=2)]
    contract = parse_contract("1 run of 3 and 1 set of 3", exact=True, extra_melds=False)
    for _ in range(60):
        hand = rng.sample(pack, 8)
        triples = list(itertools.combinations(range(8), 3))
        brute = any(
            not set(k1) & set(k2)
            and any(x.kind is MeldKind.RUN for x in meld_readings([hand[i] for i in k1], DESERT))
            and any(x.kind is MeldKind.SET for x in meld_readings([hand[i] for i in k2], DESERT))
            for k1 in triples
            for k2 in triples
        )
        assert (find_contract(hand, contract, DESERT) is not None) is brute, hand


def test_push_all_wild_run_is_declared_with_its_place() -> None:
    """Push: an all-wild meld may be declared a run (every position named); the checker takes it."""
    contract = PUSH_CONTRACTS[2]
    blank = Meld(MeldKind.RUN, c("JK 2C 2D 2H"), suit=Suit.DIAMONDS, low=9)
    assert blank.stands_for() == c("9D 10D JD QD")
    assert contract_problem([m("5H 6H 7H 8H", PUSH), blank], contract, PUSH) is None
    assert contract_problem([m("5H 6H 7H 8H", PUSH), blank], contract, STICKS) == (
        "JK 2C 2D 2H: not a valid run as designated"
    )
    found = find_contract(c("5H 6H 7H 8H JK 2C 2D 2H"), contract, PUSH)
    assert texts(found) == ["5H 6H 7H 8H", "2C 2D 2H JK"]
    assert found is not None and found[1] == Meld(MeldKind.RUN, c("2C 2D 2H JK"), suit=Suit.CLUBS, low=1)


def test_all_cards_agrees_with_best_partition() -> None:
    """`all_cards` (Arizona's going out) answers exactly when the least deadwood of the hand,
    counting every card 1, is zero (or one card, when one is kept back)."""
    from parlour.core.melds import PointTable, best_partition

    ones = PointTable.of({Rank(r): 1 for r in range(1, 15)})
    rng = random.Random(3)
    pack = [*standard_pack(packs=3, jokers=6)]
    agreed = [0, 0]
    for round_number in (1, 4, 7):
        rules = arizona(round_number)
        for _ in range(40):
            hand = rng.sample(pack, 7)
            for keep in (0, 1):
                found = find_contract(hand, ARIZONA_OUT, rules, keep=keep)
                whole = best_partition(hand, rules, ones).deadwood <= keep
                if keep == 0:
                    assert (found is not None) is whole, hand
                else:
                    assert (found is not None) is any(
                        best_partition([*hand[:i], *hand[i + 1 :]], rules, ones).deadwood == 0 for i in range(7)
                    ), hand
                if found is not None:
                    agreed[keep] += 1
                    assert contract_problem(found, ARIZONA_OUT, rules, left=7 - sum(len(x.cards) for x in found), keep=keep) is None
    assert agreed[0] > 0 and agreed[1] > agreed[0]
