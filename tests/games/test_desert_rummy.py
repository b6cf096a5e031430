"""Scenario tests for Desert Rummy (the Metzker Book of Card Game Rules, "Desert Rummy";
rules/rummy.md section 3.9, whose scenario tests are numbered 1-6 below)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import Card, Suit, parse_cards, sorted_cards
from parlour.core.contracts import find_contract
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.melds import Meld, MeldKind, TableMeld, table_meld
from parlour.games import desert_rummy as g
from parlour.games.desert_rummy.rules import _meld_of


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def arrange(
    hands: dict[int, str],
    *,
    players: int = 2,
    turn: int = 0,
    phase: g.Phase = g.Phase.PLAY,
    table: tuple[tuple[str, int], ...] = (),
    contracts: tuple[int, ...] | None = None,
    laid: tuple[bool, ...] | None = None,
    discards: str = "KC",
    stock: str = "",
    taken: str = "",
    options: g.Options | None = None,
) -> g.State:
    """A mid-hand position that conserves the pack: the named cards where they are said to be
    (`table`: melds as (cards from the low end, owner)), eleven plain cards for every seat not
    named, and the other cards in the stock under `stock` (its top cards)."""
    base = g.new_game(players, seed=1, dealer=(turn - 1) % players, options=options)
    pool = Counter(g.pack_for(players))

    def take(text: str) -> tuple[Card, ...]:
        got = cards(text)
        for card in got:
            assert pool[card] > 0, f"no {card} left in the pack"
            pool[card] -= 1
        return got

    named = {seat: take(text) for seat, text in hands.items()}
    melds = tuple(table_meld(_meld_of(take(text)), owner) for text, owner in table)
    pile, top, apart = take(discards), take(stock), take(taken)
    held = []
    for seat in range(players):
        if seat in named:
            held.append(sorted_cards(named[seat]))
            continue
        plain = [c for c in g.pack_for(players) if pool[c] > 0 and c.rank.name in ("FOUR", "NINE", "KING")]
        chosen = plain[:11]
        for c in chosen:
            pool[c] -= 1
        held.append(sorted_cards(chosen))
    rest = _expand(pool)
    state = attrs.evolve(
        base,
        phase=phase,
        turn=turn,
        hands=tuple(held),
        stock=top + rest,
        discards=pile,
        table=melds,
        contracts=contracts or (1,) * players,
        laid=laid or (False,) * players,
        taken=apart,
    )
    g.check_invariants(state)
    return state


def _expand(pool: Counter[Card]) -> tuple[Card, ...]:
    return tuple(card for card, n in sorted(pool.items(), key=lambda item: item[0].index) for _ in range(n))


def moves(state: g.State) -> list[str]:
    return [str(m) for m in g.legal_moves(state)]


def play(state: g.State, *texts: str) -> g.State:
    for text in texts:
        state = g.apply(state, g.parse_move(state, text))
    return state


def plays(state: g.State) -> list[str]:
    """The moves other than discards."""
    return [m for m in moves(state) if not m.startswith("discard")]


# --- the deal, the packs and the contract table ---------------------------------------------------


def test_deal_eleven_each_one_at_a_time_from_the_dealers_left() -> None:
    """Seed: "Deal 11 cards to each player"; two packs with jokers for four (the rules notes: two
    packs up to five players, three for six to eight, four for nine or ten)."""
    deck = list(g.pack_for(4))
    state = g.new_game(4, deck=deck, dealer=3)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert state.hands[0] == sorted_cards(deck[0:44:4])  # seat 0 sits at the dealer's left
    assert state.discards == (deck[44],) and len(state.stock) == 108 - 45
    assert state.turn == 0 and moves(state) == ["draw stock", "take discard"]
    assert [g.decks_for(n) for n in (2, 5, 6, 8, 9, 10)] == [2, 2, 3, 3, 4, 4]
    assert len(g.pack_for(6)) == 162 and len(g.pack_for(10)) == 216
    with pytest.raises(ValueError, match="2, 3, 4, 5, 6, 7, 8, 9, 10 players"):
        g.new_game(11)


def test_the_eleven_contracts_in_order() -> None:
    """Seed: the table of the eleven melds, from "2 sets of 3" to "1 run of 9"."""
    assert [str(c) for c in g.CONTRACTS] == [
        "2 sets of 3", "2 runs of 3", "1 run of 4 and 1 set of 3", "2 sets of 4",
        "1 run of 5 and 1 set of 3", "3 sets of 3", "1 run of 7", "2 runs of 4 in same suit",
        "1 run of 6 and 1 set of 3", "2 sets of 5", "1 run of 9",
    ]  # fmt: skip
    assert all(c.exact and not c.extra_melds for c in g.CONTRACTS)


# --- rules notes scenario tests 1-6 ---------------------------------------------------------------


def test_1_contract_8_needs_both_runs_in_one_suit() -> None:
    """Scenario 1: `3H 4H 5H 6H` + `9H 10H JH QH` makes contract 8; with `9S 10S JS QS` it does
    not. Once the first run is down, only a run of its suit is offered."""
    state = arrange({0: "3H 4H 5H 6H 9H 10H JH QH KS 8C 8D 7S"}, contracts=(8, 1))
    assert plays(state) == ["meld 3H 4H 5H 6H", "meld 9H 10H JH QH"]
    half = play(state, "meld 3H 4H 5H 6H")
    assert half.phase is g.Phase.CONTRACT and moves(half) == ["meld 9H 10H JH QH"]
    other = arrange({0: "3H 4H 5H 6H 9S 10S JS QS KS 8C 8D 7S"}, contracts=(8, 1))
    assert plays(other) == []
    assert g.can_meet(cards("3H 4H 5H 6H 9H 10H JH QH"), 8) and not g.can_meet(cards("3H 4H 5H 6H 9S 10S JS QS"), 8)


def test_2_exact_contract_and_nothing_more_that_turn() -> None:
    """Scenario 2 and the seed's "You can not lay down any extra cards in the round that you meld":
    at contract 7 the run 3S-9S is laid alone; KC KD KH may be melded only in a later turn."""
    state = arrange({0: "3S 4S 5S 6S 7S 8S 9S KC KD KH 5D 6C"}, contracts=(7, 1))
    assert plays(state) == ["meld 3S 4S 5S 6S 7S 8S 9S"]
    laid = play(state, "meld 3S 4S 5S 6S 7S 8S 9S")
    assert laid.laid == (True, False) and laid.just_laid
    assert moves(laid) == ["discard 6C", "discard KC", "discard 5D", "discard KD", "discard KH"]
    with pytest.raises(IllegalMove, match="nothing more may be laid down in the turn the contract is laid"):
        g.apply(laid, g.MakeMeld(0, cards("KC KD KH")))
    later = attrs.evolve(play(laid, "discard 6C"), phase=g.Phase.PLAY, turn=0)
    assert "meld KC KD KH" in plays(later)


def test_3_a_contract_not_laid_is_played_again() -> None:
    """Scenario 3, seed "If you don't make your meld you have to replay that hand": seat 0 laid
    contract 4 and goes out (moves to 5); seat 1 did not (stays on 4)."""
    state = arrange(
        {0: "KC", 1: "5S 7S 9C 9D 9H 10C 10D 3C 3D 4C 4D"},
        table=(("8C 8C 8S 8S", 0), ("QH QS QD QC", 0)),
        contracts=(4, 4),
        laid=(True, False),
    )
    after = play(state, "discard KC")
    assert after.hand == 2 and after.contracts == (5, 4) and after.laid == (False, False)
    assert [str(e) for e in after.events][:3] == ["seat 0 discards KC", "seat 0 goes out", "hand scored: 1 0"]
    assert g.scores(after) == (4, 3) and not after.table and after.turn == 1


def test_4_at_least_as_many_naturals_as_wilds() -> None:
    """Scenario 4, seed "at least an equal amount of tame cards to wilds": a run of 7 with four
    naturals and three wilds is laid; three naturals and four wilds are not."""
    state = arrange({0: "3S 4S 5S 6S JK 2C 2D KC KD QH 5D 6C"}, contracts=(7, 1))
    assert plays(state) == ["meld JK 2C 3S 4S 5S 6S 2D", "meld JK 3S 4S 5S 6S 2C 2D", "meld 3S 4S 5S 6S JK 2C 2D"]
    short = arrange({0: "3S 4S 5S JK JK 2C 2D KC KD QH 5D 6C"}, contracts=(7, 1))
    assert plays(short) == []
    with pytest.raises(IllegalMove, match=r"must make contract 7 \(1 run of 7\)"):
        g.apply(short, g.MakeMeld(0, cards("JK 3S 4S 5S JK 2C 2D")))


def test_5_swap_a_natural_for_a_wild_in_a_run() -> None:
    """Scenario 5, seed "you can substitute the natural card from your hand for the wild card ...
    the wild card you replace must be used immediately ... only after you have melded": seat 0
    swaps 6S into 5S JK 7S and must play the JK at once; sets give no swap; an unlaid seat none."""
    table = (("5S JK 7S", 1), ("8C 8S 2H", 0))
    state = arrange({0: "6S 8H 8D KC QC", 1: "5S 7S 9C 9D 9H 10C 10D 3C 3D 4C"}, table=table, contracts=(2, 1), laid=(True, True))
    assert plays(state) == ["lay off 8D on 2", "lay off 8H on 2", "swap 6S into 1"]
    swapped = play(state, "swap 6S into 1")
    assert swapped.phase is g.Phase.PLACE and swapped.freed == cards("JK")
    assert str(swapped.table[0]) == "5S 6S 7S" and swapped.table[0].credit == (1, 0, 1)
    assert moves(swapped) == ["lay off JK on 2", "meld JK QC KC", "meld QC KC JK", "meld 8D 8H JK"]
    with pytest.raises(IllegalMove, match="the wild JK swapped out must be played first"):
        g.apply(swapped, g.Discard(0, Card.parse("KC")))
    melded = play(swapped, "meld 8D 8H JK")
    assert str(melded.table[2]) == "8D 8H JK" and melded.hands[0] == cards("QC KC") and melded.phase is g.Phase.PLAY
    placed = play(swapped, "lay off JK on 2")
    assert placed.phase is g.Phase.PLAY and not placed.freed and str(placed.table[1]) == "8C 8S 2H JK"
    with pytest.raises(IllegalMove, match="wilds may be swapped out of runs only, not sets"):
        g.apply(state, g.Swap(0, Card.parse("8H"), 2))
    unlaid = arrange({0: "6S 8H 8D KC QC 3H 4H 9S 10S JS QS", 1: "5S 7S 9C 9D 9H 10C 10D 3C 3D 4C"}, table=table[:1], laid=(False, True))
    assert plays(unlaid) == []
    with pytest.raises(IllegalMove, match="only a player who has laid their contract may swap"):
        g.apply(unlaid, g.Swap(0, Card.parse("6S"), 1))


def test_6_laying_contract_11_wins_at_once() -> None:
    """Scenario 6, seed "Play continues until the first player reaches their 11th meld": seat 0
    on contract 11 lays 3D-JD and wins at once."""
    state = arrange({0: "3D 4D 5D 6D 7D 8D 9D 10D JD KC QC KH"}, contracts=(11, 3))
    won = play(state, "meld 3D 4D 5D 6D 7D 8D 9D 10D JD")
    assert g.is_over(won) and g.winners(won) == frozenset({0}) and g.scores(won) == (11, 2)
    assert [str(e) for e in won.events][-2:] == ["seat 0 wins: the game", "game over; winners: 0"]
    assert g.legal_moves(won) == () and won.hands[0] == cards("QC KC KH")


# --- turns, lay-offs and readings ---------------------------------------------------------------


def test_the_card_taken_from_the_pile_may_not_be_discarded_that_turn() -> None:
    """Rules notes C5: the card taken from the discard pile is held apart (everyone sees it) and
    may not be discarded in the same turn; it joins the hand with the discard."""
    state = arrange({0: "3D 4D 7C 9S KC QC KH 5H 6H 10S JS"}, phase=g.Phase.DRAW, discards="2C 8H")
    taken = play(state, "take discard")
    assert taken.taken == cards("8H") and taken.discards == cards("2C")
    assert "discard 8H" not in moves(taken) and len(moves(taken)) == 11
    with pytest.raises(IllegalMove, match="8H was just taken from the discard pile and may not be discarded"):
        g.apply(taken, g.Discard(0, Card.parse("8H")))
    after = play(taken, "discard KC")
    assert after.taken == () and Card.parse("8H") in after.hands[0] and after.discards == cards("2C KC")


def test_lay_offs_only_onto_own_melds_and_always_keeping_a_discard() -> None:
    """Seed "You can only add additional cards onto your own cards" and "You MUST have a discard to
    go out": 7H fits seat 1's run but not seat 0's; no play that empties the hand is offered."""
    table = (("4H 5H 6H", 1), ("9D 9S 9H", 0), ("AC 2C 3C", 0))
    state = arrange({0: "7H 9C"}, table=table, contracts=(2, 2), laid=(True, True))
    assert moves(state) == ["lay off 9C on 2", "discard 9C", "discard 7H"]
    with pytest.raises(IllegalMove, match="only to the player's own melds"):
        g.apply(state, g.LayOff(0, Card.parse("7H"), 1))
    last = arrange({0: "9C"}, table=table, contracts=(2, 2), laid=(True, True), taken="4C")
    assert moves(last) == ["lay off 4C on 3", "discard 9C"]
    out = play(last, "lay off 4C on 3", "discard 9C")
    assert out.hand == 2 and out.contracts == (3, 3)


def test_wilds_and_aces_name_their_end_of_a_run() -> None:
    """Reading: a wild (or an ace) laid off onto a run says which end it takes; a natural
    elsewhere fits one end only. Ace high or low (seed "Ace can count as high or low")."""
    table = (("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 0),)
    state = arrange({0: "AS JK 5C 6C"}, table=table, contracts=(8, 1), laid=(True, False))
    assert plays(state)[2:] == ["lay off AS on 1 high", "lay off JK on 1 low", "lay off JK on 1 high"]
    low = play(state, "lay off JK on 1 low")
    assert low.table[0].meld.low == 2 and str(low.table[0]) == "JK 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert plays(low) == ["lay off AS on 1 low", "lay off AS on 1 high"]
    assert str(play(low, "lay off AS on 1 low").table[0]).startswith("AS JK 3S")


def test_new_melds_are_three_cards_and_optional() -> None:
    """Reading: after the contract (in later turns) new melds go down as three cards and grow by
    lay-offs; option `new_melds_after_contract=False` allows only lay-offs."""
    table = (("4H 5H 6H", 0), ("9D 9S 9H", 0))
    hand = {0: "7C 7D 7S JK 8C 9C"}
    state = arrange(hand, table=table, contracts=(2, 1), laid=(True, False))
    assert plays(state) == [
        "meld JK 7C 8C", "meld 7C 8C 9C", "meld 7C 8C JK", "meld 7C JK 9C", "meld JK 8C 9C", "meld 8C 9C JK",
        "meld 7C 7D 7S", "meld 7C 7D JK", "meld 7C 7S JK", "meld 7D 7S JK",
        "lay off JK on 1 low", "lay off JK on 1 high", "lay off 9C on 2", "lay off JK on 2",
    ]  # fmt: skip
    closed = arrange(hand, table=table, contracts=(2, 1), laid=(True, False), options=g.Options(new_melds_after_contract=False))
    assert plays(closed) == ["lay off JK on 1 low", "lay off JK on 1 high", "lay off 9C on 2", "lay off JK on 2"]
    with pytest.raises(IllegalMove, match="new melds are not allowed after the contract"):
        g.apply(closed, g.MakeMeld(0, cards("7C 7D 7S")))


def test_natural_wild_wild_natural_run_is_offered() -> None:
    """Reading: a run such as 5C JK 2D 8C cannot be started with three of its cards (two wilds
    and one natural break the seed's tame-card rule), so it is offered as four cards."""
    table = (("4H 5H 6H", 0), ("9D 9S 9H", 0))
    state = arrange({0: "5C 8C JK 2D KH"}, table=table, contracts=(2, 1), laid=(True, False))
    assert "meld 5C JK 2D 8C" in plays(state)
    assert str(play(state, "meld 5C JK 2D 8C").table[2]) == "5C JK 2D 8C"


def test_swaps_on_other_players_runs_follow_the_option() -> None:
    """Seed "some wild card on the table in a run": by default any player's run; option
    `swap_on_others_runs=False` keeps swaps to the player's own runs."""
    table = (("5S JK 7S", 1), ("8C 8S 8H", 0))
    hand = {0: "6S 8D KC QC", 1: "5S 7S 9C 9D 9H 10C 10D 3C 3D 4C"}
    assert "swap 6S into 1" in plays(arrange(hand, table=table, contracts=(2, 1), laid=(True, True)))
    own = g.Options(swap_on_others_runs=False)
    state = arrange(hand, table=table, contracts=(2, 1), laid=(True, True), options=own)
    assert "swap 6S into 1" not in plays(state)
    with pytest.raises(IllegalMove, match="only out of the player's own runs"):
        g.apply(state, g.Swap(0, Card.parse("6S"), 1))


def test_a_swap_is_offered_only_when_the_freed_wild_has_a_place() -> None:
    """Rules notes R7 / C6: the freed wild may never be kept or discarded, so without an own meld
    to take it and no pair to meld it with, the swap is not offered."""
    table = (("5S JK 7S", 1), ("8C 8S 8H 8D 2C 2H 2D 2S", 0))
    state = arrange({0: "6S 3D KC", 1: "5S 7S 9C 9D 9H 10C 10D 3C 3H 4C"}, table=table, contracts=(2, 1), laid=(True, True))
    assert plays(state) == []


def test_win_at_the_end_of_the_hand_option() -> None:
    """Option `win_timing=end_of_hand` (rules notes ambiguity 1): the hand is played out and the
    first player to have laid the last contract wins."""
    options = g.Options(win_timing=g.WinTiming.END_OF_HAND)
    state = arrange({0: "3D 4D 5D 6D 7D 8D 9D 10D JD KC QC KH"}, contracts=(11, 3), options=options)
    laid = play(state, "meld 3D 4D 5D 6D 7D 8D 9D 10D JD")
    assert not g.is_over(laid) and laid.finisher == 0
    going = attrs.evolve(laid, hands=(cards("KC"), laid.hands[1]), stock=laid.stock + cards("QC KH"), just_laid=False)
    over = play(going, "discard KC")
    assert g.is_over(over) and g.winners(over) == frozenset({0}) and over.contracts == (12, 3)


def test_fewer_contracts_option_ends_the_game_earlier() -> None:
    """Option `contracts`: a shorter game ends when a player lays the last contract played."""
    state = arrange({0: "5C 6C 7C 9H 10H JH KC QD KH 3S 4S 8S"}, contracts=(2, 1), options=g.Options(contracts=2))
    won = play(state, "meld 5C 6C 7C", "meld 9H 10H JH")
    assert g.is_over(won) and g.winners(won) == frozenset({0})
    with pytest.raises(ValueError, match="contracts must be 1 to 11"):
        g.Options(contracts=12)


def test_contract_melds_lay_the_rest_before_anything_else() -> None:
    """Reading: the contract goes down meld by meld; once one is down the player finishes it
    before anything else (no discard), and a meld is offered only if the rest can still be made."""
    state = arrange({0: "7C 7D 7H 7S 2C QH QS KD 3S 4S 5H 9C"}, contracts=(1, 1))
    # 7C 7D 2C is not offered: 7H 7S QH QS left could not make the second set.
    assert plays(state) == ["meld 7C 7D 7H", "meld 7C 7D 7S", "meld 7C 7H 7S", "meld 7D 7H 7S", "meld QH QS 2C"]
    half = play(state, "meld 7C 7D 7H")
    assert moves(half) == ["meld QH QS 2C"]
    with pytest.raises(IllegalMove, match="the rest of the contract must be laid first"):
        g.apply(half, g.Discard(0, Card.parse("9C")))
    done = play(half, "meld QH QS 2C")
    assert done.laid == (True, False) and done.contracts == (1, 1)


def test_a_meld_may_be_typed_with_any_wild_held() -> None:
    """Reading: wilds are interchangeable (the game has no points), so moves take the hand's wilds
    in a fixed order and a meld typed with another wild held reads as the same move."""
    state = arrange({0: "7C 7D 2S JK 3D 4D 9S KC QC KH 5H 6H"}, contracts=(1, 1))
    assert plays(state) == ["meld 7C 7D JK", "meld KC KH JK"]
    assert str(g.parse_move(state, "meld 7d 7c 2s")) == "meld 7C 7D JK"
    with pytest.raises(ValueError):
        g.parse_move(state, "meld 7C 7D 2H")  # 2H is not held


# --- the stock, the caps and the whole match ------------------------------------------------------


def test_an_empty_stock_is_refilled_from_the_pile() -> None:
    """Rules notes C7 RESHUFFLE: when the stock runs out the discard pile bar its top card is
    shuffled into a new stock; with nothing to shuffle the hand ends as a dead hand."""
    state = arrange({0: "3D 4D 7C 9S KC QC KH 5H 6H 10S JS 8H"}, discards="2C 8D")
    state = attrs.evolve(state, hands=(state.hands[0], state.hands[1] + state.stock), stock=())
    state = attrs.evolve(state, hands=(state.hands[0], sorted_cards(state.hands[1])))
    refilled = play(state, "discard KC")
    assert [str(e) for e in refilled.events][:2] == ["seat 0 discards KC", "reshuffles the discards into the stock"]
    assert sorted(map(str, refilled.stock)) == ["2C", "8D"] and refilled.discards == cards("KC")
    dead_start = attrs.evolve(state, discards=())
    dead = play(dead_start, "discard KC")
    assert dead.hand == 2 and "note: the stock is used up: a dead hand" in [str(e) for e in dead.events]


def test_the_turn_cap_ends_a_hand_and_those_who_laid_move_on() -> None:
    """Rules notes C8: `max_turns` turns end a hand as a dead hand; like any hand end, seats that
    laid their contract move on."""
    options = g.Options(max_turns=5)
    state = arrange({0: "KC QD"}, table=(("4H 5H 6H", 0), ("9D 9S 9H", 0)), contracts=(2, 2), laid=(True, False), options=options)
    state = attrs.evolve(state, turns=4)
    after = play(state, "discard KC")
    assert after.hand == 2 and after.contracts == (3, 2)
    assert "note: the hand reached 5 turns: a dead hand" in [str(e) for e in after.events]


def test_the_hand_cap_ends_the_match_with_the_players_furthest_along() -> None:
    """Library cap `max_hands`: after that many hands the seats furthest along win together."""
    options = g.Options(max_hands=1)
    state = arrange({0: "KC"}, table=(("4H 5H 6H", 0), ("9D 9S 9H", 0)), contracts=(2, 3), laid=(True, False), options=options)
    over = play(state, "discard KC")
    assert g.is_over(over) and g.winners(over) == frozenset({0, 1}) and over.contracts == (3, 3)


def test_a_whole_match_to_the_end() -> None:
    """The whole game: random play from the deal until a player lays the last contract (here the
    short game of two contracts), every state valid."""
    state = g.new_game(3, seed=11, options=g.QUICK)
    rng = random.Random(3)
    hands_seen = set()
    while not g.is_over(state):
        g.check_invariants(state)
        hands_seen.add(state.hand)
        legal = g.legal_moves(state)
        state = g.apply(state, legal[rng.randrange(len(legal))])
    (winner,) = g.winners(state)
    assert state.contracts[winner] == 3 and max(c for s, c in enumerate(state.contracts) if s != winner) <= 2
    assert len(hands_seen) >= 2 and state.events[-1].kind is EventKind.GAME_OVER


# --- helpers, views and hostile input ---------------------------------------------------------


def test_can_meet_agrees_with_core_find_contract() -> None:
    """The fast contract test matches `parlour.core.contracts.find_contract` on hands dense in
    runs and sets."""
    from parlour.core.cards import JOKER, Rank

    rng = random.Random(7)
    agreed = met = 0
    for _ in range(1500):
        suits = rng.sample(list(Suit), rng.randint(1, 2))
        low = rng.randint(1, 8)
        ranks = [Rank(r) for r in range(low, low + rng.randint(4, 7)) if r <= 13]
        pool = [Card(r, s) for r in ranks for s in suits] * 2 + [JOKER] * 4 + [Card(Rank.TWO, s) for s in Suit]
        hand = [rng.choice(pool) for _ in range(rng.randint(7, 12))]
        number = rng.randrange(1, 12)
        core = find_contract(hand, g.CONTRACTS[number - 1], g.RULES) is not None
        assert g.can_meet(hand, number) == core, (number, hand)
        agreed += 1
        met += core
    assert agreed == 1500 and met > 300


def test_fast_searches_agree_with_the_pool_search() -> None:
    """The shortcuts of the play loop give exactly what the general `_Pool` search gives, on
    random hands dense in sets and runs: the contract melds (sets found from rank totals alone,
    whole or part laid; runs without the whole-contract test first), the memo of `_sets_ok`,
    and the new melds built per suit and per rank."""
    from parlour.core.cards import JOKER, Rank
    from parlour.games.desert_rummy import moves, rules, solver

    rng = random.Random(11)
    base = g.new_game(4, seed=1, dealer=0)
    offered = 0
    for _ in range(800):
        suits = rng.sample(list(Suit), rng.randint(1, 3))
        low = rng.randint(1, 8)
        ranks = [Rank(r) for r in range(low, low + rng.randint(3, 6)) if r <= 13]
        pool_cards = [Card(r, s) for r in ranks for s in suits] * 2 + [JOKER] * 2 + [Card(Rank.TWO, s) for s in Suit]
        hand = sorted_cards(rng.choice(pool_cards) for _ in range(rng.randint(6, 12)))
        number = rng.randint(1, 11)
        needs = len(g.CONTRACTS[number - 1].needs)
        sets_only = number in (1, 4, 6, 10)
        some = rng.randint(1, needs - 1) if sets_only else 0
        pending = tuple(sorted(rng.sample(range(needs), some))) if some and rng.random() < 0.3 else ()
        state = attrs.evolve(
            base,
            phase=g.Phase.CONTRACT if pending else g.Phase.PLAY,
            turn=0,
            hands=(hand, *base.hands[1:]),
            contracts=(number, 1, 1, 1),
            pending=pending,
        )
        same, whole, steps = rules._plan(number, pending)
        pool = solver._Pool(hand)
        w = len(pool.wilds)
        reference: list[g.Move] = []
        if pending or solver._can_meet(pool, w, whole, None, same):
            for is_run, length, rest in steps:
                if not is_run:
                    rules._set_moves(reference, 0, pool, length, rest, None, same)
                    continue
                for suit, low, slots, used in solver._run_options(pool, w, length, (0, 1, 2, 3), True):
                    pool.take(slots)
                    ok = solver._can_meet(pool, w - used, rest, suit if same else None, same)
                    pool.put(slots)
                    if ok:
                        reference.append(moves._meld_move(0, solver._run_cards(suit, low, length, slots, pool.wilds)))
        assert rules._contract_moves(state) == reference, (number, pending, hand)
        offered += bool(reference)
        totals = pool.totals
        for k in (2, 3):
            for wilds in range(4):
                best = sorted(totals, reverse=True)[:k]
                assert solver._sets_ok(totals, wilds, k, 3) == solver._sets_cost_ok(best, wilds, k, 3)
        expected = [moves._meld_move(0, cards) for cards in solver._new_melds(pool, None)]
        assert rules._new_meld_moves(0, pool) == expected, hand
    assert offered > 200


def test_views_hide_other_hands_and_the_stock() -> None:
    """Zones: a hand is seen by its owner only, the stock by nobody; the taken card is public."""
    state = play(g.new_game(2, seed=4, dealer=1), "take discard")
    seen = g.view(state, 1)
    assert all(c.is_hidden for c in seen.hands[0]) and all(c.is_hidden for c in seen.stock)
    assert seen.hands[1] == state.hands[1] and seen.taken == state.taken
    assert g.legal_moves(g.view(state, 0)) == g.legal_moves(state, 0) and from_json(to_json(seen)) == seen


def test_hostile_states_are_refused() -> None:
    """check_invariants guards JSON: contracts out of range, a run whose cards do not stand where it says,
    a swap phase without a freed wild."""
    state = arrange({0: "KC QD"}, table=(("4H 5H 6H", 0),), contracts=(2, 2), laid=(True, False))
    with pytest.raises(ValueError, match="contract 12 is not 1..11"):
        g.check_invariants(attrs.evolve(state, contracts=(12, 2)))
    bad = TableMeld(Meld(MeldKind.RUN, cards("4H 5H 6H"), suit=Suit.HEARTS, low=5), 0, (0, 0, 0))
    with pytest.raises(ValueError, match="table meld 1 .* is not a valid meld"):
        g.check_invariants(attrs.evolve(state, table=(bad,)))
    with pytest.raises(ValueError, match="the place phase needs a freed wild"):
        g.check_invariants(attrs.evolve(state, phase=g.Phase.PLACE))
    with pytest.raises(ValueError, match="has melds on the table but has not laid"):
        g.check_invariants(attrs.evolve(state, laid=(False, False)))


def test_notation_round_trips_and_the_preset() -> None:
    """Every legal move reads back from its text; the metzker preset is the default game."""
    assert g.Options.metzker() == g.Options() and g.GAME.presets == (("metzker", g.Options()),)
    state = g.new_game(4, seed=2)
    rng = random.Random(2)
    for _ in range(400):
        if g.is_over(state):
            break
        legal = g.legal_moves(state)
        assert all(g.parse_move(state, str(m)) == m for m in legal)
        state = g.apply(state, legal[rng.randrange(len(legal))])
    with pytest.raises(IllegalMove, match="it is seat"):
        g.apply(state, g.DrawStock((state.turn + 1) % 4))


def test_packed_move_keys_give_the_moves_of_their_cards() -> None:
    """The move tables keyed by packed card indices hand out moves holding exactly the cards
    asked for (no two card rows, nor seats, share a key), and the discards are one per face
    in hand order."""
    from parlour.games.desert_rummy import moves, rules

    pack = g.pack_for(4)
    rng = random.Random(3)
    for _ in range(300):
        seat = rng.randrange(10)
        cards = tuple(rng.sample(pack, rng.randrange(3, 10)))
        move = moves._meld_move(seat, cards)
        assert move.player == seat and move.cards == cards
    state = g.new_game(4, seed=5)
    for _ in range(40):
        if state.phase is rules.Phase.PLAY:
            held = state.hands[state.turn]
            faces = list(dict.fromkeys(held))
            assert [m.card for m in rules._discards(state) if isinstance(m, g.Discard)] == faces
            assert all(isinstance(m, g.Discard) for m in rules._discards(state))
        legal = g.legal_moves(state)
        if not legal:
            break
        state = g.apply(state, legal[-1] if state.phase is rules.Phase.PLAY else legal[0])


def test_carried_table_facts_and_direct_lay_offs_agree_with_the_slow_ways() -> None:
    """Over random games of every size: the table facts each state carries (updated for the one
    meld a move changed) equal `_table_facts` of its table worked out afresh; every lay-off
    grows its meld as `core.melds.lay_off_credited` does (cards, designation and credits);
    and the packed rank counts are the naturals' totals and suit signatures by rank."""
    from parlour.core.melds import lay_off_credited
    from parlour.games.desert_rummy import rules, solver

    lay_offs = 0
    for seed in range(10):
        players = 2 + seed % 5
        state = g.new_game(players, seed=seed, options=g.Options(contracts=4))
        rng = random.Random(seed)
        for _ in range(400):
            assert state._facts == rules._table_facts(state.table, players)
            held = rules._held(state)
            packed, wilds = solver._rank_counts(held)
            assert wilds == sum(1 for c in held if g.RULES.is_wild(c))
            for r in range(14):
                same = [c for c in held if not g.RULES.is_wild(c) and int(c.rank) == r]
                sig = sum(1 << 4 * int(c.suit) for c in same if c.suit is not None)
                assert packed[r] == len(same) * solver._TOTAL + sig
            legal = g.legal_moves(state)
            if not legal:
                break
            for move in legal:
                if isinstance(move, g.LayOff):
                    target = state.table[move.meld - 1]
                    slow = [
                        tm for tm in lay_off_credited(target, move.card, move.player, g.RULES)
                        if target.meld.kind is MeldKind.SET
                        or not move.end
                        or (tm.meld.low < target.meld.low) == (move.end == "low")
                    ][0]
                    assert rules._grown(target, move, move.player) == slow
                    lay_offs += 1
            state = g.apply(state, legal[rng.randrange(len(legal))])
    assert lay_offs > 50


def _reference_plays(state: g.State) -> list[g.Move]:
    """The play-phase moves after the contract as the earlier, slower code found them: a
    `_Pool` of the held cards and the naturals sorted out face by face (the oracle of the
    counts-and-lanes reading in `rules._plays`)."""
    from parlour.games.desert_rummy import moves, rules, solver

    seat = state.turn
    held = rules._held(state)
    keep = len(state.hands[seat])
    taken = state.taken[0] if state.taken else None
    if keep == 1 and taken is None:
        return []
    pool = solver._Pool(held)
    wilds = pool.wilds
    out: list[g.Move] = []
    if state.options.new_melds_after_contract and keep + (taken is not None) >= 4:
        for move in rules._new_meld_moves(seat, pool):
            if keep - len(move.cards) + (taken is not None and taken in move.cards) >= 1:
                out.append(move)
    own, spots = rules._table_facts(state.table, len(state.hands))
    wild_ok = bool(wilds) and (keep > 1 or wilds[0] is taken)
    faces: dict[int, Card] = {}
    by_rank: dict[int, list[Card]] = {}
    for c in held:
        if g.RULES.is_wild(c) or c.index in faces or (keep < 2 and c is not taken):
            continue
        faces[c.index] = c
        by_rank.setdefault(-int(c.rank), []).append(c)
    for number, wants, ends in own[seat]:
        for key, low in wants:
            if key < 0:
                out.extend(moves._lay_move(seat, card, number, None) for card in by_rank.get(key, ()))
            elif key in faces:
                out.append(moves._lay_move(seat, faces[key], number, low))
        if wild_ok:
            out.extend(moves._lay_move(seat, wilds[0], number, end) for end in ends)
    others = state.options.swap_on_others_runs
    for number, owner, stands in spots:
        if stands.index in faces and (owner == seat or others) and rules._swap_ok(state, number, stands):
            out.append(g.Swap(seat, stands, number))
    return out


def test_one_pass_readings_agree_with_the_slow_ways() -> None:
    """Over random games of every size: the one pass over the hand (`_scan`, `_scan_sets`)
    gives the discards, rank counts and lanes worked out apart; the moves after the contract,
    read from those counts, are the ones a `_Pool` and a face-by-face sort give; and a deal
    by slices, sorted by the index table, is `core.deck.deal` sorted by `sorted_cards`."""
    from parlour.core.deck import deal
    from parlour.core.rng import seeded
    from parlour.games.desert_rummy import rules, solver

    plays = 0
    for seed in range(12):
        players = 2 + seed % 9
        state = g.new_game(players, seed=seed, options=g.Options(contracts=4))
        rng = random.Random(seed)
        for _ in range(500):
            if state.phase is g.Phase.PLAY and not state.just_laid:
                held = rules._held(state)
                discards, packed, w, lanes = rules._scan(state)
                assert tuple(discards) == rules._discards(state)
                assert (packed, w, lanes) == solver._held_counts(held)
                assert (packed, w) == solver._rank_counts(held)
                assert solver._lanes_of(lanes) == tuple(solver._Pool(held).lanes)
                assert rules._scan_sets(state) == (discards, packed, w)
                if state.laid[state.turn]:
                    assert rules._plays(state, packed, w, lanes) == _reference_plays(state)
                    plays += 1
            legal = g.legal_moves(state)
            if not legal:
                break
            state = g.apply(state, legal[rng.randrange(len(legal))])
    assert plays > 300
    for players in (2, 5, 6, 10):
        for seed in range(5):
            new = rules._deal(g.Options(), 1, 0, (1,) * players, seeded(seed), None, ())
            cards, _ = seeded(seed).shuffled(g.pack_for(players))
            hands, rest = deal(cards, players=players, first=1, each=g.HAND_SIZE)
            assert new.hands == tuple(sorted_cards(h) for h in hands) and new.discards == rest[:1]
            assert new.stock == rest[1:]
