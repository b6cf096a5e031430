"""Unit tests for core/shedding: equal-rank plays, beat rules, passing rounds, finishing order."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import (
    ACE_HIGH,
    HIDDEN,
    JOKER,
    Card,
    Rank,
    RankOrder,
    cards_text,
    parse_cards,
    standard_pack,
)
from parlour.core.events import Event
from parlour.core.rng import Rng
from parlour.core.shedding import (
    TWO_HIGH,
    Claim,
    Combo,
    MatchOrLower,
    PassingRound,
    SameCountHigher,
    combo_of,
    finishing_order,
    holders,
    is_combo,
    last_holder,
    next_holder,
    plays_from,
    rank_groups,
    round_leader,
    seen_by_claimant,
    strength_sorted,
)
from parlour.core.zones import Zone, unseen_cards, zone_view

SCUM_BEATS = SameCountHigher(TWO_HIGH)
# Sweep: K high ... 2, A low, and 10 below the ace as a wild sweeping rank.
SWEEP_ORDER = RankOrder(
    (Rank.TEN, Rank.ACE, *(Rank(r) for r in range(2, 10)), Rank.JACK, Rank.QUEEN, Rank.KING)
)
SWEEP_BEATS = MatchOrLower(SWEEP_ORDER, cap=4, wild=frozenset({Rank.TEN}))


def texts(plays: tuple[tuple[Card, ...], ...]) -> list[str]:
    return [cards_text(p) for p in plays]


def test_two_high_order_runs_three_to_two() -> None:
    assert TWO_HIGH.ranks[0] is Rank.THREE and TWO_HIGH.ranks[-1] is Rank.TWO
    assert TWO_HIGH.beats(Rank.TWO, Rank.ACE) and TWO_HIGH.beats(Rank.ACE, Rank.KING)
    assert len(TWO_HIGH.ranks) == 13


def test_combo_of_reads_rank_and_count() -> None:
    assert combo_of(parse_cards("5C 5D 5S")) == Combo(Rank.FIVE, 3)
    assert str(combo_of(parse_cards("QH"))) == "1xQ"


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ((), "at least one card"),
        (parse_cards("5C 6C"), "not all of one rank"),
        (parse_cards("5C 5C"), "names a card twice"),
        ((JOKER,), "JK cannot be part"),
        ((HIDDEN,), r"\?\? cannot be part"),
    ],
)
def test_combo_of_refuses_bad_plays(cards: tuple[Card, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        combo_of(cards)
    assert not is_combo(cards)
    assert is_combo(parse_cards("5C 5H"))


def test_same_count_higher_is_the_scum_rule() -> None:
    """Seed 000 SCUM: two 6s are beaten by two 7s or two kings, not by one king or three 7s."""
    two_sixes = Combo(Rank.SIX, 2)
    assert SCUM_BEATS(Combo(Rank.SEVEN, 2), two_sixes)
    assert SCUM_BEATS(Combo(Rank.KING, 2), two_sixes)
    assert not SCUM_BEATS(Combo(Rank.KING, 1), two_sixes)
    assert not SCUM_BEATS(Combo(Rank.SEVEN, 3), two_sixes)
    assert not SCUM_BEATS(Combo(Rank.SIX, 2), two_sixes)
    assert not SCUM_BEATS(Combo(Rank.FIVE, 2), two_sixes)
    assert SCUM_BEATS(Combo(Rank.TWO, 1), Combo(Rank.ACE, 1))
    assert not SCUM_BEATS(Combo(Rank.ACE, 1), Combo(Rank.TWO, 1))


def test_match_or_lower_is_the_sweep_rule() -> None:
    """Seed 001 Sweep: match up to four on the table, or go lower, or play 10s (wild)."""
    two_nines = Combo(Rank.NINE, 2)
    assert SWEEP_BEATS(Combo(Rank.NINE, 2), two_nines)
    assert not SWEEP_BEATS(Combo(Rank.NINE, 3), two_nines)
    assert SWEEP_BEATS(Combo(Rank.FIVE, 3), two_nines)
    assert SWEEP_BEATS(Combo(Rank.ACE, 1), two_nines)
    assert not SWEEP_BEATS(Combo(Rank.KING, 1), two_nines)
    assert SWEEP_BEATS(Combo(Rank.TEN, 1), Combo(Rank.ACE, 1))
    assert SWEEP_BEATS(Combo(Rank.TEN, 4), Combo(Rank.KING, 3))


def test_rank_groups_and_strength_sort_follow_the_order() -> None:
    hand = parse_cards("2S AD 3H 3C KC 2C")
    assert cards_text(strength_sorted(hand, TWO_HIGH)) == "3C 3H KC AD 2C 2S"
    assert [cards_text(g) for g in rank_groups(hand, TWO_HIGH)] == ["3C 3H", "KC", "AD", "2C 2S"]
    assert [cards_text(g) for g in rank_groups(hand, ACE_HIGH)] == ["2C 2S", "3C 3H", "KC", "AD"]


def test_plays_from_offers_one_play_per_rank_and_count() -> None:
    """Four 7s give four moves (1-4 cards), each as the lowest-suited 7s."""
    hand = parse_cards("7S 7H 7D 7C 4D")
    assert texts(plays_from(hand, None, SCUM_BEATS, TWO_HIGH)) == [
        "4D",
        "7C",
        "7C 7D",
        "7C 7D 7H",
        "7C 7D 7H 7S",
    ]
    assert texts(plays_from(hand, Combo(Rank.FIVE, 2), SCUM_BEATS, TWO_HIGH)) == ["7C 7D"]
    assert texts(plays_from(hand, Combo(Rank.TWO, 1), SCUM_BEATS, TWO_HIGH)) == []
    assert texts(plays_from(hand, None, SCUM_BEATS, TWO_HIGH, max_count=2)) == ["4D", "7C", "7C 7D"]


def test_presorted_hands_skip_the_sort_with_the_same_result() -> None:
    hand = strength_sorted(parse_cards("2S 7S 7H 4D 7C"), TWO_HIGH)
    assert cards_text(hand) == "4D 7C 7H 7S 2S"
    assert rank_groups(hand, TWO_HIGH, presorted=True) == rank_groups(hand, TWO_HIGH)
    current = Combo(Rank.FIVE, 1)
    assert plays_from(hand, current, SCUM_BEATS, TWO_HIGH, presorted=True) == plays_from(
        hand, current, SCUM_BEATS, TWO_HIGH
    )


def test_plays_from_with_sweep_rule_respects_the_cap() -> None:
    """Seed 001 Sweep: three 9s on the table and two 9s in hand: only one 9 may be added."""
    hand = parse_cards("9C 9D 5H 10S")
    plays = texts(plays_from(hand, Combo(Rank.NINE, 3), SWEEP_BEATS, SWEEP_ORDER))
    assert plays == ["10S", "5H", "9C"]


@given(st.lists(st.sampled_from(standard_pack()), unique=True, max_size=20))
def test_every_offered_play_is_a_combo_from_the_hand(cards: list[Card]) -> None:
    hand = tuple(cards)
    plays = plays_from(hand, None, SCUM_BEATS, TWO_HIGH)
    assert len(plays) == len(set(plays))
    for play in plays:
        assert is_combo(play) and set(play) <= set(hand)
    by_rank = {c.rank: sum(1 for d in hand if d.rank is c.rank) for c in hand}
    assert len(plays) == sum(min(k, 4) for k in by_rank.values())


def test_passing_round_ends_when_every_other_holder_passed() -> None:
    """Seed 000 SCUM: seat 1 plays, seats 2, 3, 0 pass: the round is over."""
    holding = (True, True, True, True)
    rnd = PassingRound().played(1)
    assert rnd.passes_needed(holding) == 3
    for _ in range(2):
        rnd = rnd.passed()
        assert not rnd.is_over(holding)
    rnd = rnd.passed()
    assert rnd.is_over(holding)
    assert round_leader(1, (0, 1, 2, 3), holding) == 1


def test_passing_then_playing_resets_the_count() -> None:
    """Passing never stops a seat from playing later: a new play restarts the count."""
    holding = (True, True, True)
    rnd = PassingRound().played(0).passed().played(2)
    assert rnd == PassingRound(2, 0)
    assert not rnd.passed().is_over(holding)
    assert rnd.passed().passed().is_over(holding)


def test_round_won_by_a_seat_that_went_out_passes_the_lead_on() -> None:
    """Seat 2 plays its last cards; seats 3, 0, 1 pass: seat 3 leads."""
    holding = (True, True, False, True)
    rnd = PassingRound().played(2)
    assert rnd.passes_needed(holding) == 3
    rnd = rnd.passed().passed().passed()
    assert rnd.is_over(holding)
    assert round_leader(2, (0, 1, 2, 3), holding) == 3


def test_round_before_the_lead_never_ends() -> None:
    assert not PassingRound().is_over((True, True))
    with pytest.raises(ValueError, match="not been led"):
        PassingRound().passes_needed((True, True))


def test_next_holder_follows_the_table_order_and_skips_empty_seats() -> None:
    table = (2, 0, 3, 1)  # a reseated table: clockwise 2, 0, 3, 1
    holding = (False, True, True, True)
    assert next_holder(2, table, holding) == 3
    assert next_holder(3, table, holding) == 1
    assert next_holder(1, table, holding) == 2
    assert next_holder(1, table, (False, True, False, False)) == 1
    with pytest.raises(ValueError, match="no seat holds cards"):
        next_holder(1, table, (False, False, False, False))


def test_holders_and_last_holder() -> None:
    hands = (parse_cards("3C"), (), parse_cards("4D 4S"))
    assert holders(hands) == (True, False, True)
    assert last_holder((True, False, True)) is None
    assert last_holder((False, False, True)) == 2
    assert last_holder((False, False, False)) is None


def test_finishing_order_appends_the_last_holder() -> None:
    """Seed 000 SCUM: out in the order 3, 1, 0; seat 2 is left holding cards (the Scum)."""
    assert finishing_order((3, 1, 0), (False, False, True, False)) == (3, 1, 0, 2)
    with pytest.raises(ValueError, match="exactly one seat"):
        finishing_order((3,), (True, False, True, False))
    with pytest.raises(ValueError, match="does not cover"):
        finishing_order((3, 3, 0), (False, False, True, False))


def test_a_claim_is_true_only_when_every_card_has_the_claimed_rank() -> None:
    """Cheat: the claim and the count are public; the truth shows when the cards turn up."""
    assert Claim(0, Rank.ACE, parse_cards("AS AH")).true
    assert not Claim(0, Rank.ACE, parse_cards("AS 7H")).true
    assert str(Claim(1, Rank.SIX, parse_cards("6C 6D 6H"))) == "seat 1 claims 3 sixes"
    assert str(Claim(2, Rank.KING, parse_cards("7D"))) == "seat 2 claims 1 king"


def test_claimed_cards_are_hidden_from_all_but_the_claimant() -> None:
    """The zone rule over a pile of claims: a seat sees its own plays only; a spectator none."""
    zones = (Zone("pile", seen_by_claimant("pile")),)

    @attrs.frozen
    class Table:
        pile: tuple[Claim, ...]
        rng: Rng | None = None
        viewer: int | None = None
        events: tuple[Event, ...] = ()

    table = Table((Claim(0, Rank.ACE, parse_cards("AS")), Claim(1, Rank.TWO, parse_cards("9C 9D"))), Rng(1))
    assert [cards_text(c.cards) for c in zone_view(table, 1, zones).pile] == ["??", "9C 9D"]
    assert [cards_text(c.cards) for c in zone_view(table, None, zones).pile] == ["??", "?? ??"]
    assert sorted(map(str, unseen_cards(table, 0, zones))) == ["9C", "9D"]
