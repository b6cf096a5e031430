"""Scenario tests for Push (the Metzker Book of Card Game Rules, "Push (Rummy)"; rules/rummy.md
section 3.7, whose scenario tests are numbered below, and section 0's conventions)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import Card, parse_cards, sorted_cards
from parlour.core.contracts import find_contract
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.core.melds import Meld, MeldKind, make_meld
from parlour.games import push


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def held(text: str) -> tuple[Card, ...]:
    """Cards in hand order (by suit, ace high, jokers last)."""
    return sorted_cards(parse_cards(text))


def run(text: str, low: int | None = None) -> Meld:
    return make_meld(cards(text), push.RULES, kind=MeldKind.RUN, low=low)


def a_set(text: str) -> Meld:
    return make_meld(cards(text), push.RULES, kind=MeldKind.SET)


def arrange(
    hands: dict[int, str],
    *,
    turn: int = 0,
    table: tuple[tuple[Meld, int], ...] = (),
    discards: str = "9C",
    stock: str = "",
    opened: tuple[bool, bool, bool, bool] = (False, False, False, False),
    phase: push.Phase = push.Phase.PLAY,
    taken: str = "",
    deal: int = 1,
    options: push.Options | None = None,
) -> push.State:
    """A mid-deal position that conserves the pack: the named cards where they are said to be
    (`taken` is the card just taken from the pile, held apart), every other card in the stock
    under `stock` (its top cards)."""
    base = push.new_game(seed=1, dealer=(turn - 1) % 4, options=options)
    pool = Counter(push.PACK)

    def take(text: str) -> tuple[Card, ...]:
        got = cards(text)
        for card in got:
            assert pool[card] > 0, f"no {card} left in the pack"
            pool[card] -= 1
        return got

    held = tuple(tuple(sorted(take(hands.get(seat, "")), key=lambda c: c.sort_key)) for seat in range(4))
    for meld, _ in table:
        take(" ".join(map(str, meld.cards)))
    pile = take(discards)
    top = take(stock)
    held_apart = take(taken)
    rest = tuple(sorted(pool.elements(), key=lambda c: c.sort_key))
    state = attrs.evolve(
        base,
        hand=deal,
        phase=phase,
        turn=turn,
        dealer=(turn - 1) % 4,
        hands=held,
        stock=top + rest,
        discards=pile,
        table=tuple(m for m, _ in table),
        owners=tuple(o for _, o in table),
        wants=tuple(push.meld_wants(m) for m, _ in table),
        opened=opened,
        taken=held_apart[0] if held_apart else None,
        events=(),
    )
    push.check_invariants(state)
    return state


def moves(state: push.State) -> list[str]:
    return [str(m) for m in push.legal_moves(state)]


def play(state: push.State, *texts: str) -> push.State:
    for text in texts:
        state = push.apply(state, push.parse_move(state, text))
    return state


# Scenario 1: the push ------------------------------------------------------------------------


def test_push_gives_the_discard_and_a_stock_card_to_the_left_and_draws_one() -> None:
    """Seed: "take a face-down card off the top of the stock cards, put it on top of the card
    from the discard pile, and push these two cards to the opponent on your left. You then draw
    the next card from the stock". Notes 3.7 test 1: +2 to the left opponent, +1 to the pusher,
    the pile's new top is the card that was under 7H."""
    state = arrange(
        {0: "AS 3S 5S 7S 9S JS", 1: "AH 3H 5H 7H 9H JH"}, turn=0, phase=push.Phase.DRAW, discards="4D 7H", stock="KD 6C"
    )
    assert moves(state) == ["take", "push"]
    after = play(state, "push")
    assert [str(e) for e in after.events] == ["seat 0 gives 7H 1", "seat 1 receives KD 0", "seat 0 draws 6C"]
    assert [str(e) for e in push.view(after, 0).events][1:] == ["seat 1 receives ?? 0", "seat 0 draws 6C"]
    assert after.hands[1] == held("AH 3H 5H 7H 7H 9H JH KD")
    assert after.hands[0] == held("6C AS 3S 5S 7S 9S JS")
    assert after.discards == cards("4D") and after.taken is None
    assert len(after.stock) == len(state.stock) - 2


def test_taking_the_discard_holds_it_apart_and_it_may_not_be_discarded() -> None:
    """Seed: "If you want the top card of the discard pile, take it and add it to your hand";
    notes C5: the card taken may not be discarded in the same turn (our reading: unless a copy
    is held, or as the last card)."""
    state = arrange({0: "AS 3S 5S 7S 9S JS"}, turn=0, phase=push.Phase.DRAW, discards="4D 8H")
    after = play(state, "take")
    assert after.taken == Card.parse("8H") and after.discards == cards("4D")
    assert "discard 8H" not in moves(after)
    with pytest.raises(IllegalMove, match="taken from the pile this turn"):
        push.apply(after, push.Discard(0, Card.parse("8H")))
    done = play(after, "discard 9S")
    assert done.hands[0] == held("8H AS 3S 5S 7S JS") and done.discards == cards("4D 9S")
    assert done.turn == 1 and done.phase is push.Phase.DRAW


def test_a_taken_card_may_go_out_as_the_last_card() -> None:
    """Reading: the card taken may be discarded as the player's last card, going out."""
    table = ((run("5S 6S 7S"), 0), (a_set("KC KD KH"), 0))
    state = arrange({0: "4S"}, turn=0, table=table, opened=(True, False, False, False), taken="QH")
    assert moves(state) == ["lay off 4S on 1 low", "discard 4S"]
    state = play(state, "lay off 4S on 1 low")
    assert moves(state) == ["discard QH"]
    state = play(state, "discard QH")
    assert state.hand == 2 and state.events[-1].kind is EventKind.TO_PLAY


def test_push_is_refused_when_stock_and_pile_cannot_give_two_cards() -> None:
    """Notes 3.7 stock rule: a push needs two stock cards; the discards but the top are shuffled
    into the stock when it runs short; with fewer than two even then, only `take` is left."""
    base = arrange({0: "AS 3S 5S 7S 9S JS"}, turn=0, phase=push.Phase.DRAW, discards="4D 5D 8H", stock="KD")
    rest = base.stock[1:]
    seat3 = sorted_cards((*base.hands[3], *rest))
    short = attrs.evolve(base, stock=base.stock[:1], hands=(*base.hands[:3], seat3))
    push.check_invariants(short)
    assert moves(short) == ["take", "push"]
    pushed = play(short, "push")
    assert pushed.events[0].kind is EventKind.RESHUFFLES
    assert pushed.discards == () and len(pushed.stock) == 1
    assert pushed.hands[1] == held("8H KD") and len(pushed.hands[0]) == 7
    lone = attrs.evolve(short, discards=cards("8H"), hands=(*short.hands[:3], sorted_cards((*seat3, *cards("4D 5D")))))
    push.check_invariants(lone)
    assert moves(lone) == ["take"]
    with pytest.raises(IllegalMove, match="a push needs two stock cards"):
        push.apply(lone, push.Push(0))


# Scenario 2 and the contracts -----------------------------------------------------------------


def test_deal_three_contract_two_runs_of_four() -> None:
    """Notes 3.7 test 2: `5H 6H 7H 8H` + `JK 10C JC QC` (JK = 9C) meets "2 runs of 4";
    `5H 6H 7H` + `9C 10C JC QC` does not (a run of 3)."""
    good = arrange({0: "5H 6H 7H 8H 10C JC QC KS"}, turn=0, deal=3, taken="JK")
    offered = [m for m in moves(good) if m.startswith("meld")]
    assert offered == ["meld JK=9C 10C JC QC", "meld 10C JC QC JK=KC", "meld 5H 6H 7H 8H"]
    state = play(good, "meld 5H 6H 7H 8H")
    assert moves(state) == ["meld JK=9C 10C JC QC", "meld 10C JC QC JK=KC"]
    with pytest.raises(IllegalMove, match="contract .* must be finished first"):
        push.apply(state, push.Discard(0, Card.parse("KS")))
    state = play(state, "meld JK=9C 10C JC QC")
    assert state.opened == (True, False, False, False)
    assert [str(e) for e in state.events][-1] == "seat 0 note: has laid the contract (2 runs of 4)"
    short = arrange({0: "5H 6H 7H 9C 10C JC QC KS"}, turn=0, deal=3)
    assert moves(short) == [f"discard {c}" for c in short.hands[0]]
    with pytest.raises(IllegalMove, match="part of this deal's contract"):
        push.apply(short, push.MeldCards(0, run("5H 6H 7H")))


def test_contract_meld_is_offered_only_if_the_rest_can_follow() -> None:
    """Contract brief: a contract meld is offered only when the cards left can still fill the
    remaining needs (deal 2, "1 set of 3, 1 run of 4"): with 7C 7H 7S 5H 6H 8H the run takes
    the 7H the set needs, so nothing is offered; a joker makes both possible (reading: naturals
    wherever the hand has them), and once the set is down the rest of the contract is the only
    thing offered."""
    stuck = arrange({0: "7C 7H 7S 5H 6H 8H KD"}, turn=0, deal=2)
    assert not any(m.startswith("meld") for m in moves(stuck))
    assert not push.can_meet_contract(stuck.hands[0], 2)
    free = arrange({0: "7C 7H 7S 5H 6H 8H JK"}, turn=0, deal=2)
    melds = [m for m in moves(free) if m.startswith("meld")]
    assert melds == ["meld 7C 7H 7S", "meld 5H 6H 7H 8H"]
    tight = arrange({0: "7C 7H 7S 5H 6H 8H 2D"}, turn=0, deal=2)
    tight = play(tight, "meld 7C 7H 7S")
    assert moves(tight) == ["meld 5H 6H 2D=7H 8H"]
    assert push.can_meet_contract(free.hands[0], 2)


def test_contract_is_per_player_not_per_partnership() -> None:
    """Seed: "If your partner has already melded, this does not entitle you to meld." Notes 3.7
    test 6: a player without their own contract may not lay off."""
    table = ((a_set("KC KD KH"), 2), (a_set("QC QD QH"), 2))
    state = arrange({0: "KS QS 4D 9H 10C 3S"}, turn=0, table=table, opened=(False, False, True, False))
    assert moves(state) == [f"discard {c}" for c in state.hands[0]]
    with pytest.raises(IllegalMove, match="must lay their own contract"):
        push.apply(state, push.LayOff(0, Card.parse("KS"), 0))


# Scenario 3: sets ----------------------------------------------------------------------------


def test_sets_hold_distinct_suits_and_at_most_four_cards() -> None:
    """Notes 3.7 test 3 (pagat): `8C 8H 8S JK` is a set; `8C 8H 8C` is not (a suit twice);
    `8C 8H 8S 8D JK` is not (five cards)."""
    table = ((a_set("8C 8H 8S"), 0), (a_set("5C 5D 5H 5S"), 0), (run("9D 10D JD"), 0))
    state = arrange({0: "8C JK 4S 4H"}, turn=0, table=table, opened=(True, False, False, False))
    offered = moves(state)
    assert "lay off JK on 1" in offered and "lay off 8C on 1" not in offered
    assert not any(m.startswith("lay off") and " on 2" in m for m in offered)
    grown = play(state, "lay off JK on 1")
    assert str(grown.table[0]) == "8C 8H 8S JK"
    assert push.meld_fault(Meld(MeldKind.SET, cards("8C 8H 8C"), rank=Card.parse("8C").rank))
    assert push.meld_fault(Meld(MeldKind.SET, cards("8C 8D 8H 8S JK"), rank=Card.parse("8C").rank))


def test_runs_take_the_ace_high_or_low_but_never_round_the_corner() -> None:
    """Seed: "Ace can count as high or low"; notes R2: `Q-K-A` and `A-2-3` yes, `K-A-2` no."""
    table = ((run("JH QH KH"), 0), (run("3S 4S 5S"), 0))
    state = arrange({0: "AH AS 9D"}, turn=0, table=table, opened=(True, False, False, False))
    offered = moves(state)
    assert "lay off AH on 1 high" in offered
    state = play(state, "lay off AH on 1 high")
    assert state.table[0].high == 14 and push.legal_moves(state)
    assert not any(" on 1 " in m for m in moves(state) if m.startswith("lay off"))
    assert "lay off AS on 2 low" not in moves(state)  # the two is the gap: 2S is wild


def test_runs_are_extended_never_joined() -> None:
    """Seed: "once melded, runs cannot be split up or joined together, only extended": 5S 6S 7S
    and 9S 10S JS stay two melds; 8S goes onto either end, not between them."""
    table = ((run("5S 6S 7S"), 0), (run("9S 10S JS"), 0))
    state = arrange({0: "8S 3D 4D"}, turn=0, table=table, opened=(True, False, False, False))
    assert [m for m in moves(state) if m.startswith("lay off")] == ["lay off 8S on 1 high", "lay off 8S on 2 low"]
    state = play(state, "lay off 8S on 1 high")
    assert [str(m) for m in state.table] == ["5S 6S 7S 8S", "9S 10S JS"]


def test_wild_only_meld_is_a_set_whose_rank_the_first_natural_fixes() -> None:
    """Seed: "Wild cards can be used for any number of cards in a set or run"; reading: a meld
    of wilds only is a set, its rank named by the first natural laid off onto it."""
    table = ((a_set("KC KD KH"), 0), (a_set("QC QD QH"), 0))
    state = arrange({0: "JK 2C 2D 9H 4S"}, turn=0, table=table, opened=(True, False, False, False))
    assert "meld JK 2C 2D" in moves(state)
    state = play(state, "meld JK 2C 2D")
    assert state.table[2].rank is None
    state = play(state, "lay off 9H on 3")
    assert state.table[2].rank == Card.parse("9H").rank and str(state.table[2]) == "9H JK 2C 2D"


# Scenario 5: swaps ---------------------------------------------------------------------------


def test_swap_frees_the_wild_which_must_be_placed_at_once() -> None:
    """Seed: "you can substitute the natural card from your hand for the wild card ... the wild
    card you replace must be used immediately in a meld". Notes 3.7 test 5."""
    table = ((run("5S JK 7S", low=5), 1), (a_set("KC KD KH 2S"), 0), (a_set("QC QD QH QS"), 0))
    state = arrange({0: "6S 9D KD QC"}, turn=0, table=table, opened=(True, False, False, False))
    assert "swap 6S for JK on 1" in moves(state)
    state = play(state, "swap 6S for JK on 1")
    assert str(state.table[0]) == "5S 6S 7S" and state.owed == Card.parse("JK")
    assert moves(state) == ["lay off JK on 1 low", "lay off JK on 1 high"]
    with pytest.raises(IllegalMove, match="freed wild JK must be laid off or melded first"):
        push.apply(state, push.Discard(0, Card.parse("9D")))
    state = play(state, "lay off JK on 1 high")
    assert _meld_text(state.table[0]) == "5S 6S 7S JK=8S" and state.owed is None


def _meld_text(meld: Meld) -> str:
    return push.MeldCards(0, meld).__str__().removeprefix("meld ")


def test_swap_is_not_offered_when_the_freed_wild_has_no_place() -> None:
    """Notes 3.7 test 5: "If there is no legal place for it, the swap is not offered": every
    meld is full and the hand cannot meld the wild."""
    table = ((a_set("8C 8H 8S JK"), 0), (a_set("QC QD QH QS"), 0))
    state = arrange({0: "8D 5C KH"}, turn=0, table=table, opened=(True, False, False, False))
    assert not any(m.startswith("swap") for m in moves(state))
    roomy = arrange({0: "8D 5C KH"}, turn=0, table=(*table, (run("3H 4H 5H"), 1)), opened=(True, False, False, False))
    assert "swap 8D for JK on 1" in moves(roomy)


def test_a_swap_needs_the_players_own_contract() -> None:
    """Notes 3.7 ambiguity 4: swaps only after the player's own contract."""
    table = ((run("5S JK 7S", low=5), 1),)
    state = arrange({0: "6S 9D KD QC"}, turn=0, table=table)
    assert not any(m.startswith("swap") for m in moves(state))
    with pytest.raises(IllegalMove, match="own contract"):
        push.apply(state, push.Swap(0, Card.parse("6S"), Card.parse("JK"), 0))


# Scenario 4: scoring -------------------------------------------------------------------------


def test_going_out_scores_the_opponents_hands_and_nothing_for_the_partner() -> None:
    """Seed: "The team of the player who went out counts nothing ... The two opponents count the
    total value of cards remaining in their hands". Notes 3.7 test 4: JK AH and KS 9D 3C: 65."""
    assert push.deal_score([(), cards("JK AH"), cards("AS AD AC"), cards("KS 9D 3C")], 0) == (0, 65)
    table = ((a_set("KC KD KH"), 0), (a_set("QC QD QH"), 0))
    state = arrange(
        {0: "4S", 1: "JK AH", 2: "AS AD AC", 3: "KS 9D 3C"}, turn=0, table=table, opened=(True, False, False, False)
    )
    out = play(state, "discard 4S")
    kinds = [e.kind for e in out.events]
    assert kinds[:3] == [EventKind.DISCARDS, EventKind.GOES_OUT, EventKind.HAND_SCORED]
    assert out.events[2].numbers == (0, 65, 0, 65)
    assert out.points == (0, 65) and push.scores(out) == (0, 65, 0, 65)
    assert out.hand == 2 and out.dealer == 0 and out.turn == 1
    assert [len(h) for h in out.hands] == [7, 7, 7, 7]


def test_card_values() -> None:
    """Seed: "Wild cards-25 points Ace-20 points K Q J 10-10 points 9-3-5 points"."""
    assert push.hand_points(cards("JK 2S AC KD QH JS 10C 9D 3H")) == 25 + 25 + 20 + 40 + 10
    assert push.POINTS.points(Card.parse("2H")) == 25


def test_going_out_by_melding_every_card() -> None:
    """Seed: "It is possible to go out in the melding part of a turn, by melding all of your
    cards" (no discard needed)."""
    table = ((a_set("KC KD KH"), 0), (a_set("QC QD QH"), 0))
    state = arrange({0: "KS", 1: "7C 8C"}, turn=0, table=table, opened=(True, False, False, False))
    out = play(state, "lay off KS on 1")
    assert out.hand == 2 and any(e.kind is EventKind.GOES_OUT and e.player == 0 for e in out.events)
    assert out.points == (0, 10)


def test_dead_hand_after_the_turn_cap_scores_both_sides() -> None:
    """Notes C8: after `max_turns_per_hand` turns the deal is dead and each side scores what
    its own players hold (option test: with the cap at 4 the first deal ends after 4 turns)."""
    state = push.new_game(seed=3, dealer=3, options=push.Options(max_turns_per_hand=4, deals=1))
    for _ in range(4):
        state = play(state, "take")
        state = push.apply(state, push.legal_moves(state)[-1])
    assert push.is_over(state)
    scored = next(e for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert any(e.kind is EventKind.NOTE and "dead hand after 4 turns" in e.label for e in state.events)
    assert state.points[0] > 0 and state.points[1] > 0 and scored.numbers[0] == state.points[0]


# The deal ------------------------------------------------------------------------------------


def test_wild_upcard_is_buried_and_another_turned() -> None:
    """Seed: "The first face-up card in discard pile is not allowed to be a wild card, the dealer
    must bury it in the stock and turn up a new card"."""
    plain = push.new_game(seed=5, dealer=1)
    deck = [*plain.hands[2], *plain.hands[3], *plain.hands[0], *plain.hands[1]]
    deck = [plain.hands[(2 + i) % 4][i // 4] for i in range(24)]
    rest = [c for c in push.PACK]
    for c in deck:
        rest.remove(c)
    rest.remove(Card.parse("JK"))
    rest.remove(Card.parse("2H"))
    rest.remove(Card.parse("9C"))
    state = push.new_game(seed=5, dealer=1, deck=[*deck, Card.parse("JK"), Card.parse("2H"), Card.parse("9C"), *rest])
    assert state.discards == cards("9C")
    assert [str(e) for e in state.events][1:5] == [
        "turns up JK",
        "seat 1 note: buries the wild JK in the stock",
        "turns up 2H",
        "seat 1 note: buries the wild 2H in the stock",
    ]
    assert Counter(state.stock)[Card.parse("JK")] == 4 - sum(h.count(Card.parse("JK")) for h in state.hands)


def test_deal_sizes_dealer_rotation_and_first_player() -> None:
    """Seed: deals of 6, 7, 8, 9 and 10 cards; notes C2: one card at a time from the dealer's
    left, the deal passes left, the player at the dealer's left plays first."""
    deck = list(push.PACK)
    state = push.new_game(deck=deck, dealer=2)
    assert state.turn == 3 and state.dealer == 2
    assert state.hands[3] == tuple(sorted(deck[0:24:4], key=lambda c: c.sort_key))
    assert state.hands[0] == tuple(sorted(deck[1:24:4], key=lambda c: c.sort_key))
    assert [len(h) for h in state.hands] == [6, 6, 6, 6] and state.discards == (deck[24],)
    rng = random.Random(2)
    sizes = []
    dealers = []
    state = push.new_game(seed=11)
    while not push.is_over(state):
        if state.phase is push.Phase.DRAW and state.turns == 0 and not state.table:
            sizes.append(len(state.hands[0]))
            dealers.append(state.dealer)
        options = push.legal_moves(state)
        state = push.apply(state, options[rng.randrange(len(options))])
    assert sorted(set(sizes)) == [6, 7, 8, 9, 10]
    firsts = list(dict.fromkeys(zip(sizes, dealers)))
    assert [d for _, d in firsts] == [(firsts[0][1] + k) % 4 for k in range(5)]


# A whole match, options and presets ----------------------------------------------------------


def test_a_whole_match_runs_five_deals_and_the_lower_total_wins() -> None:
    """Seed: five deals, "Low score wins"; notes C9: equal totals share the win."""
    rng = random.Random(7)
    state = push.new_game(seed=7)
    scored = []
    while not push.is_over(state):
        options = push.legal_moves(state)
        state = push.apply(state, options[rng.randrange(len(options))])
        scored += [e.numbers for e in state.events if e.kind is EventKind.HAND_SCORED]
    assert state.hand == 5 and len(scored) == 5
    assert state.points == (sum(n[0] for n in scored), sum(n[1] for n in scored))
    low = min(state.points)
    assert push.winners(state) == frozenset(s for s in range(4) if state.points[s % 2] == low)
    assert state.events[-1].kind is EventKind.GAME_OVER and push.legal_moves(state) == ()
    again = from_json(to_json(state))
    assert again == state


def test_option_deals_shortens_the_match() -> None:
    """Option `deals`: only the first deals of the schedule are played (2: ends after deal 2)."""
    rng = random.Random(1)
    state = push.new_game(seed=4, options=push.Options(deals=2))
    count = 0
    while not push.is_over(state):
        options = push.legal_moves(state)
        state = push.apply(state, options[rng.randrange(len(options))])
        count += sum(1 for e in state.events if e.kind is EventKind.HAND_SCORED)
    assert state.hand == 2 and count == 2
    with pytest.raises(ValueError, match="deals must be 1..5"):
        push.Options(deals=6)


def test_metzker_preset_is_the_default_game() -> None:
    """The Metzker book's game is the default: five deals with the contracts of the seed."""
    assert push.Options.metzker() == push.Options()
    assert [str(c) for c in push.CONTRACTS] == [
        "2 sets of 3",
        "1 set of 3 and 1 run of 4",
        "2 runs of 4",
        "3 sets of 3",
        "2 runs of 5",
    ]
    assert push.GAME.presets == (("metzker", push.Options()),)


def test_can_meet_contract_agrees_with_core_search() -> None:
    """The fast contract test agrees with `parlour.core.contracts.find_contract` on random
    hands of every deal."""
    rng = random.Random(3)
    for trial in range(300):
        deal = trial % 5 + 1
        hand = rng.sample(push.PACK, push.HAND_SIZES[deal - 1] + rng.randrange(0, 8))
        expected = find_contract(hand, push.CONTRACTS[deal - 1], push.RULES) is not None
        assert push.can_meet_contract(hand, deal) == expected, (deal, hand)


def test_views_hide_hands_and_stock_but_show_the_card_taken() -> None:
    """The hands are seen by their owners, the stock by nobody; the card taken is public."""
    state = arrange({0: "AS 3S 5S 7S 9S JS", 1: "AH 3H"}, turn=0, phase=push.Phase.DRAW, discards="4D 8H")
    state = play(state, "take")
    seen = push.view(state, 1)
    assert seen.taken == Card.parse("8H") and seen.hands[1] == held("AH 3H")
    assert all(c.is_hidden for c in seen.hands[0]) and all(c.is_hidden for c in seen.stock)
    assert push.legal_moves(push.view(state, 0)) == push.legal_moves(state, 0)
    assert "take" not in moves(state)


def test_kept_tables_give_the_moves_a_fresh_computation_gives() -> None:
    """The moves built from the kept tables and the table index each state carries (handed on,
    or updated for the one meld a play changes) match the moves of the same state rebuilt from
    its fields with every kept table emptied, along random games."""
    from parlour.games.push import melding, rules

    kept = (melding._MELD_MOVES, melding._RUN_MOVES, melding._SET_MOVES)
    chooser = random.Random(7)
    for seed in range(12):
        state = push.new_game(seed=seed, options=push.Options(deals=2))
        while not push.is_over(state):
            legal = push.legal_moves(state)
            for table in kept:
                table.clear()
            fresh = attrs.evolve(state)
            assert rules._legal(fresh, None) == legal
            carried, scratch = state.takes, fresh.takes
            assert (carried.infos, carried.mask, carried.melds, carried.slots, carried.any_natural) == (
                scratch.infos, scratch.mask, scratch.melds, scratch.slots, scratch.any_natural
            )
            state = push.apply(state, legal[chooser.randrange(len(legal))])


def test_first_contract_sets_are_those_whose_rest_holds_the_other_set() -> None:
    """Deal 1 (two sets of three): the first contract melds offered are exactly the three-card
    sets (naturals first, then the wilds in their order) whose remaining cards still hold a set
    of three by core's search, on random hands, whenever any such set exists."""
    from parlour.core.contracts import Contract, sets
    from parlour.games.push import melding, tables

    one_set = Contract(needs=sets(1, 3))
    rng = random.Random(11)
    checked = 0
    for _ in range(400):
        pool = sorted_cards(rng.sample(push.PACK, rng.randrange(6, 16)))
        got = melding._contract_moves(0, pool, push.CONTRACTS[0], (0, 1))
        rm, _, _, wilds = melding._scan(pool)
        cands = [m for r in tables._SET_RANKS if rm[r] for m in melding._three_sets(0, r, rm[r], wilds)]
        if len(wilds) >= 3:
            cands.append(push.MeldCards(0, Meld(MeldKind.SET, tuple(wilds[:3]))))
        expected = []
        for move in cands:
            rest = list(pool)
            for card in move.meld.cards:
                rest.remove(card)
            if find_contract(rest, one_set, push.RULES) is not None:
                expected.append(move)
        if expected:
            assert got == expected, pool
            checked += 1
    assert checked > 50


def test_carried_table_index_counts_the_open_wild_slots() -> None:
    """The carried table index's count of melds with an open wild slot matches a fresh one
    along random games (it decides whether a freed wild has somewhere to go)."""
    chooser = random.Random(5)
    for seed in range(6):
        state = push.new_game(seed=seed, options=push.Options(deals=2))
        while not push.is_over(state):
            fresh = attrs.evolve(state)
            assert state.takes.open == fresh.takes.open == sum(1 for info in fresh.takes.infos if info[2])
            legal = push.legal_moves(state)
            state = push.apply(state, legal[chooser.randrange(len(legal))])


def test_wilds_in_index_order_are_in_the_order_melds_use_them() -> None:
    """The hot paths sort wilds by card index: that is the joker, then the twos by suit."""
    from parlour.games.push import melding, tables

    assert sorted(tables._WILD_KEY, key=melding._BY_INDEX) == sorted(tables._WILD_KEY, key=tables._WILD_KEY.__getitem__)


def test_set_contract_test_on_masks_agrees_with_the_gate() -> None:
    """`_threes_fit` (sets of three worked out on a hand's rank mask and copies) gives the
    exact gate's answer (`_gate` on the per-rank lists of `_scan`) on random pools, duplicates
    of the two packs included."""
    from parlour.games.push import melding

    rng = random.Random(17)
    for _ in range(3000):
        pool = sorted_cards(rng.sample(push.PACK, rng.randrange(1, 30)))
        rm, rn, pm, wilds = melding._scan(pool)
        _, bits, copies, wild_count = melding._scan_closed(0, pool, None)
        assert wild_count == len(wilds)
        for sets in (1, 2, 3):
            plan = melding._plan(tuple((MeldKind.SET, 3) for _ in range(sets)))
            assert melding._threes_fit(bits, copies, wild_count, sets) == melding._gate(rm, rn, pm, len(wilds), plan)


def test_hand_scan_on_masks_agrees_with_the_card_by_card_scan() -> None:
    """`_scan_hand`'s masks, wilds, discards and lay-off cards match `_scan`'s per-rank and
    per-suit lists and `_discards` on random hands, with and without a card taken."""
    from parlour.games.push import melding, tables

    rng = random.Random(19)
    for _ in range(2000):
        cards = rng.sample(push.PACK, rng.randrange(1, 25))
        taken = cards.pop() if rng.random() < 0.6 else None
        held = sorted_cards(cards)
        wanted = 0
        for card in rng.sample(push.PACK, 6):
            wanted |= melding._NATURAL_BIT[card.index]
        discards, rm, pm, wilds, new, lay = melding._scan_hand(0, held, taken, wanted)
        pool = held if taken is None else (*held, taken)
        ranks, _, suits, scanned_wilds = melding._scan(pool)
        assert [rm >> 4 * r & 15 for r in range(14)] == ranks
        assert [pm >> 16 * s & 0xFFFF for s in range(4)] == suits
        assert wilds == scanned_wilds
        assert discards == melding._discards(0, held, taken)
        assert new == (taken is not None and not tables._WILD[taken.index] and taken not in held)
        expected = []
        for card in held:
            if melding._NATURAL_BIT[card.index] & wanted and card not in expected:
                expected.append(card)
        assert lay == expected


def test_table_indices_shared_between_sibling_states_give_fresh_moves() -> None:
    """A state's table index hands its kept moves on to the states after it (shared outright
    where a play leaves a card's melds alone): several moves applied to one state, and moves
    applied to each of those, give the moves of the same states rebuilt from their fields."""
    from parlour.games.push import rules

    chooser = random.Random(29)
    for seed in range(4):
        state = push.new_game(seed=seed, options=push.QUICK)
        while not push.is_over(state):
            legal = push.legal_moves(state)
            children = [push.apply(state, move) for move in chooser.sample(legal, min(3, len(legal)))]
            for child in children:
                if push.is_over(child):
                    continue
                for move in push.legal_moves(child)[:4]:
                    grandchild = push.apply(child, move)
                    assert push.legal_moves(grandchild) == rules._legal(attrs.evolve(grandchild), None)
            state = push.apply(state, legal[chooser.randrange(len(legal))])
