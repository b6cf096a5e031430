"""Scenario tests for Sticks (the Metzker Book's "Sticks"; readings from the rules notes,
rules/rummy.md section 3.10 and its scenario tests)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import TypeVar

import attrs
import pytest

from parlour import IllegalMove
from parlour.core.cards import Card, parse_cards, sorted_cards
from parlour.core.contracts import parse_contract
from parlour.core.events import EventKind
from parlour.core.melds import MeldKind, TableMeld, make_meld, table_meld
from parlour.games.sticks import (
    Discard,
    NO_STICK,
    QUICK,
    RULES,
    STANDARD_STICKS,
    Options,
    Phase,
    State,
    StickList,
    apply,
    check_invariants,
    could_meet,
    is_over,
    legal_moves,
    make_sticks,
    new_game,
    pack_for,
    parse_move,
    scores,
    view,
    winners,
)

M = TypeVar("M")

RUN4_SET3 = 21  # "1 run of 4 and 1 set of 3" (stick 22 of the rules notes)
RUNS_OF_4 = 13  # "2 runs of 4" (stick 14)
TWO_SETS = 0  # "2 sets of 3"
FREE = 36


def meld(text: str, owner: int, kind: MeldKind | None = None) -> TableMeld:
    return table_meld(make_meld(parse_cards(text), RULES, kind=kind), owner)


def position(
    hands: list[str],
    *,
    table: tuple[TableMeld, ...] = (),
    sticks: tuple[int, ...] | None = None,
    done: tuple[tuple[int, ...], ...] | None = None,
    turn: int = 0,
    phase: Phase = Phase.PLAY,
    options: Options | None = None,
    discards: str = "KH",
    pot: tuple[int, ...] | None = None,
) -> State:
    """A legal position: the given hands, melds and pile; the rest of the pack is the stock."""
    n = len(hands)
    base = new_game(n, seed=3, dealer=(turn - 1) % n, options=options)
    held = tuple(sorted_cards(parse_cards(h)) for h in hands)
    pile = parse_cards(discards)
    used = Counter(c for h in held for c in h) + Counter(c for tm in table for c in tm.meld.cards) + Counter(pile)
    rest = Counter(pack_for(n)) - used
    assert not used - Counter(pack_for(n))
    state = attrs.evolve(
        base,
        phase=phase,
        turn=turn,
        hands=held,
        stock=tuple(sorted_cards(rest.elements())),
        discards=pile,
        table=table,
        sticks=sticks if sticks is not None else base.sticks,
        done=done if done is not None else base.done,
        pot=pot if pot is not None else base.pot,
        trading=(False,) * n,
    )
    check_invariants(state)
    return state


def texts(state: State, player: int | None = None) -> list[str]:
    return [str(m) for m in legal_moves(state, player)]


def play(state: State, *moves: str) -> State:
    for text in moves:
        state = apply(state, parse_move(state, text))
    return state


def test_deal_fifteen_cards_from_three_or_four_packs() -> None:
    """Seed: 3-4 decks with jokers, 15 cards each; each player draws a stick face down."""
    state = new_game(4, seed=5, dealer=0)
    assert [len(h) for h in state.hands] == [15] * 4
    assert len(pack_for(4)) == 162 and len(pack_for(7)) == 216
    assert len(state.discards) == 1 and len(state.stock) == 162 - 61
    assert all(s >= 0 and not STANDARD_STICKS[s].free for s in state.sticks)
    assert state.turn == 1 and texts(state) == ["draw stock", "take discard"]
    seen = view(state, 2)
    assert seen.sticks[2] == state.sticks[2] and seen.sticks[0] < 0 and set(seen.pot) == {-2}


def test_stick_list_is_data_and_checked() -> None:
    """Rules notes 3.10 scenario 6: an invalid stick (a run of 14) raises ValueError."""
    with pytest.raises(ValueError, match="length of 1 to 13"):
        make_sticks(["1 run of 14"])
    with pytest.raises(ValueError, match="at least 3 cards"):
        make_sticks(["1 set of 2"])
    with pytest.raises(ValueError, match="not Free"):
        make_sticks(["free"])
    assert len(STANDARD_STICKS) == 40 and sum(s.free for s in STANDARD_STICKS) == 4
    assert str(STANDARD_STICKS[35]) == "1 run of 5 in clubs from 10"
    assert len(Options(stick_list=StickList.SIMPLE).sticks) == 4


def test_could_meet_is_a_cheap_necessary_condition() -> None:
    """The filter that keeps the contract search off most turns."""
    needs = parse_contract("1 run of 4 and 1 set of 3").needs
    assert could_meet(parse_cards("5H 6H 7H 8H KS KD KC 3C 4D"), needs)
    assert not could_meet(parse_cards("5H 6H 7H 9S KS KD KC 3C 4D"), needs)
    assert not could_meet(parse_cards("5H 6H 9H 9S KS KD QC 3C 4D"), needs)


def test_exact_stick_no_extra_cards() -> None:
    """Seed: "No extra cards beyond the stick requirement"; scenario 2: stick 22 with
    5H-9H and three kings lays 5H-8H + KKK, and 9H is laid off on a later turn."""
    state = position(
        ["5H 6H 7H 8H 9H KS KD KC 3C 4D 9S 10S JD QD 6C 7C", "3D 4S", "5D 6D"],
        sticks=(RUN4_SET3, 0, 1),
    )
    moves = texts(state)
    assert moves[0] == "lay stick" and all(m.startswith("discard") for m in moves[1:])
    state = play(state, "lay stick")
    # in the stick's order: the run of 4 (exactly 4: 5H-8H or 6H-9H), then the set of 3
    assert texts(state) == ["meld 5H 6H 7H 8H", "meld 6H 7H 8H 9H"]
    state = play(state, "meld 5H 6H 7H 8H")
    assert texts(state) == ["meld KC KD KS"]  # the stick must be finished first
    state = play(state, "meld KC KD KS")
    assert state.sticks[0] == NO_STICK and state.done[0] == (RUN4_SET3,) and scores(state) == (1, 0, 0)
    assert all(m.startswith("discard") for m in texts(state))
    state = play(state, "discard 3C", "1: draw stock", "1: discard 3D", "2: draw stock", "2: discard 5D")
    state = play(state, "draw stock")
    assert "lay off 9H on 1" in texts(state)


def test_exact_stick_refuses_a_longer_meld() -> None:
    """Scenario 2: laying 5H 6H 7H 8H 9H for the run of 4 is illegal."""
    from parlour.games.sticks import MakeMeld

    state = position(["5H 6H 7H 8H 9H KS KD KC 3C 4D 9S 10S JD QD 6C 7C", "3D 4S"], sticks=(RUN4_SET3, 0))
    with pytest.raises(IllegalMove, match="say 'lay stick' first"):
        apply(state, MakeMeld(0, parse_cards("5H 6H 7H 8H"), 5))
    state = play(state, "lay stick")
    with pytest.raises(IllegalMove, match="exactly 1 run of 4 and 1 set of 3"):
        apply(state, MakeMeld(0, parse_cards("5H 6H 7H 8H 9H"), 5))
    with pytest.raises(IllegalMove, match="finish laying the stick"):
        apply(state, Discard(0, Card.parse("3C")))


def test_wild_swap_only_from_other_players_sets() -> None:
    """Seed: after the stick, replace wilds in other players' SETS, not RUNS; the wild must be
    played that turn (scenario 3)."""
    table = (meld("QS QH 2C", 1), meld("7C 7D JK", 0), meld("4S 2D 6S", 1, MeldKind.RUN))
    state = position(["QD 7H 5S 9C 9D", "3D 4S 8C"], table=table, sticks=(NO_STICK, 0))
    swaps = [m for m in texts(state) if m.startswith("swap")]
    assert swaps == ["swap QD for 2C on 1"]
    state = play(state, "swap QD for 2C on 1")
    assert str(state.table[0]) == "QH QS QD" and "2C" in [str(c) for c in state.hands[0]]
    assert all(m.startswith("lay off 2C") for m in texts(state))
    with pytest.raises(IllegalMove, match="must be played"):
        apply(state, Discard(0, Card.parse("9C")))
    state = play(state, "lay off 2C on 2")
    assert str(state.table[1]) == "7C 7D JK 2C" and not state.loose
    assert "discard 9C" in texts(state)


def test_no_lay_off_or_swap_before_the_stick() -> None:
    """Seed: lay-offs and swaps only "once you have played your stick"."""
    from parlour.games.sticks import LayOff

    table = (meld("QS QH 2C", 1),)
    state = position(["QD 7H 5S 9C 9D", "3D 4S 8C"], table=table, sticks=(TWO_SETS, 1))
    assert all(m.startswith("discard") for m in texts(state))
    with pytest.raises(IllegalMove, match="only after the stick"):
        apply(state, LayOff(0, Card.parse("QD"), 1))


def test_carry_over_unplayed_stick() -> None:
    """Seed: sticks still face down stay for the next hand; scenario 4: B keeps stick 14 and A,
    who went out, draws a new one."""
    state = position(
        ["9C", "3D 4S 8C"], sticks=(NO_STICK, RUNS_OF_4), done=((5,), ()), pot=(7, 8, 9), discards="KH"
    )
    state = play(state, "discard 9C")
    kinds = [e.kind for e in state.events]
    assert EventKind.GOES_OUT in kinds and EventKind.HAND_SCORED in kinds
    assert state.hand == 2 and state.sticks == (7, RUNS_OF_4) and state.pot == (8, 9)
    assert scores(state) == (1, 0)


def test_free_stick_counts_and_draws_again() -> None:
    """Seed: "If you draw a free stick put it face up and draw another stick" (scenario 1)."""
    state = position(["9C", "3D 4S 8C"], sticks=(NO_STICK, 4), done=((1, 2), ()), pot=(FREE, 7, 8))
    state = play(state, "discard 9C")
    assert state.done[0] == (1, 2, FREE) and state.sticks[0] == 7 and scores(state) == (3, 0)


def test_free_stick_cannot_be_the_seventh() -> None:
    """Seed: a free stick drawn "on the 7th round does not count and another must be drawn"."""
    six = (1, 2, 3, 4, 5, 6)
    state = position(["9C", "3D 4S 8C"], sticks=(NO_STICK, 4), done=(six, ()), pot=(FREE, 7, 8))
    after = play(state, "discard 9C")
    assert after.done[0] == six and after.sticks[0] == 7 and after.pot == (FREE, 8)
    free_ok = Options(free_cannot_be_last=False)
    state = position(["9C", "3D 4S 8C"], sticks=(NO_STICK, 4), done=(six, ()), pot=(FREE, 7, 8), options=free_ok)
    after = play(state, "discard 9C")
    assert is_over(after) and winners(after) == frozenset({0}) and scores(after) == (7, 0)


def test_seventh_stick_wins_at_once() -> None:
    """Seed: "The first person to collect 7 sticks is the winner" (scenario 5: mid-hand)."""
    six = (1, 2, 3, 4, 5, 6)
    state = position(
        ["7C 7D 7S QH QS 2C 9D 4H", "3D 4S 8C"], sticks=(TWO_SETS, 4), done=(six, ())
    )
    state = play(state, "lay stick", "meld 7C 7D 7S", "meld QH QS 2C")
    assert is_over(state) and winners(state) == frozenset({0}) and scores(state) == (7, 0)
    assert legal_moves(state) == ()
    assert state.events[-1].kind is EventKind.GAME_OVER


def test_sticks_to_win_option() -> None:
    """Option `sticks_to_win`: the target is data (here 2)."""
    state = position(
        ["7C 7D 7S QH QS 2C 9D 4H", "3D 4S 8C"], sticks=(TWO_SETS, 4), done=((1,), ()),
        options=Options(sticks_to_win=2),
    )
    state = play(state, "lay stick", "meld 7C 7D 7S", "meld QH QS 2C")
    assert is_over(state) and winners(state) == frozenset({0})


def test_taken_discard_may_not_be_discarded() -> None:
    """Rules notes C5: the card taken from the discard pile may not be discarded that turn."""
    state = position(["9C 3H 4H 6S 8D", "3D 4S 8C"], sticks=(TWO_SETS, 4), phase=Phase.DRAW, discards="5C JS")
    state = play(state, "take discard")
    assert "discard JS" not in texts(state) and "discard 9C" in texts(state)
    with pytest.raises(IllegalMove, match="taken from the discard pile"):
        apply(state, Discard(0, Card.parse("JS")))


def test_keep_a_card_to_discard() -> None:
    """Rules notes C6: a player may not meld or lay off the last card (going out needs a discard)."""
    state = position(["7C 7D 7S", "3D 4S 8C"], sticks=(NO_STICK, 4), table=(meld("7H 7S 7D", 1),))
    assert texts(state) == ["discard 7C", "discard 7D", "discard 7S"] or all(
        not m.startswith("meld") for m in texts(state)
    )
    assert "lay off 7C on 1" in texts(state)
    state = play(state, "lay off 7C on 1", "lay off 7D on 1")
    assert texts(state) == ["discard 7S"]
    state = play(state, "discard 7S")
    assert state.hand == 2


def test_no_playable_discards_option() -> None:
    """Seed's optional rule: a card that fits the melds on the table may not be discarded."""
    table = (meld("9H 10H JH", 1),)
    hands = ["8H 4C 5D 6S", "3D 4S 8C"]
    plain = position(hands, table=table, sticks=(NO_STICK, 4))
    strict = position(hands, table=table, sticks=(NO_STICK, 4), options=Options(no_playable_discards=True))
    assert "discard 8H" in texts(plain)
    assert [m for m in texts(strict) if m.startswith("discard")] == ["discard 4C", "discard 5D", "discard 6S"]
    with pytest.raises(IllegalMove, match="could be added"):
        apply(strict, Discard(0, Card.parse("8H")))


def test_trade_in_option() -> None:
    """Seed's optional rule: a stick held for a hand may be traded in after seeing the next deal."""
    hands = ["9C", "3D 4S 8C"]
    opts = Options(trade_in=True)
    state = position(hands, sticks=(NO_STICK, RUNS_OF_4), done=((5,), ()), pot=(7, 8, 9), options=opts)
    state = play(state, "discard 9C")
    assert state.phase is Phase.TRADE and state.turn == 1
    assert texts(state) == ["1: trade stick", "1: keep stick"] or texts(state, 1) == ["trade stick", "keep stick"]
    traded = play(state, "trade stick")
    assert sorted((*traded.pot, traded.sticks[1])) == [8, 9, RUNS_OF_4] and traded.phase is Phase.DRAW
    assert traded.events[0].kind is EventKind.PASSES
    kept = play(state, "keep stick")
    assert kept.sticks[1] == RUNS_OF_4 and kept.phase is Phase.DRAW
    plain = play(position(hands, sticks=(NO_STICK, RUNS_OF_4), pot=(7, 8, 9)), "discard 9C")
    assert plain.phase is Phase.DRAW


def test_dead_hand_at_the_turn_cap() -> None:
    """Rules notes C8: after `max_turns_per_hand` turns the hand is dead and dealt again."""
    state = new_game(2, seed=4, dealer=0, options=Options(max_turns_per_hand=1))
    sticks = state.sticks
    state = play(state, "1: draw stock")
    state = apply(state, [m for m in legal_moves(state) if str(m).startswith("discard")][0])
    assert state.hand == 2 and state.sticks == sticks and scores(state) == (0, 0)


def test_whole_quick_match_has_a_winner() -> None:
    """A whole match (quick options: simple sticks, first to 2) ends with the most sticks winning."""
    for seed in range(4):
        state = new_game(3, seed=seed, options=QUICK)
        rnd = random.Random(seed)
        while not is_over(state):
            state = apply(state, rnd.choice(legal_moves(state)))
        best = max(scores(state))
        assert winners(state) == frozenset(s for s in range(3) if scores(state)[s] == best)
        assert best >= 2 or state.hand == QUICK.max_hands


def test_match_cap_ends_the_game() -> None:
    """Option `max_hands`: after that many deals the most sticks win."""
    state = position(["9C", "3D 4S 8C"], sticks=(NO_STICK, 4), done=((5,), ()), options=Options(max_hands=1))
    state = play(state, "discard 9C")
    assert is_over(state) and winners(state) == frozenset({0})


def test_lay_stick_only_when_the_hand_can() -> None:
    """Seed: "Once you meet the requirements of your stick" you play it; not before."""
    from parlour.games.sticks import LayStick

    state = position(["7C 7D 9S 8H 3C KD QD 4H", "3D 4S 8C"], sticks=(TWO_SETS, 4))
    assert "lay stick" not in texts(state)
    with pytest.raises(IllegalMove, match="cannot lay its stick"):
        apply(state, LayStick(0))


def test_wild_lay_off_names_the_end_of_a_run() -> None:
    """Rules notes C11: a wild put into a run is fixed to a position; the move names the end."""
    table = (meld("5H 6H 7H", 1),)
    state = position(["JK 9S 4C", "3D 4S 8C"], table=table, sticks=(NO_STICK, 4))
    assert [m for m in texts(state) if m.startswith("lay off")] == ["lay off JK on 1 low", "lay off JK on 1 high"]
    low = play(state, "lay off JK on 1 low")
    assert str(low.table[0]) == "JK 5H 6H 7H" and low.table[0].meld.low == 4
    high = play(state, "lay off JK on 1 high")
    assert str(high.table[0]) == "5H 6H 7H JK" and high.table[0].meld.low == 5


def test_new_melds_of_three_after_the_stick() -> None:
    """Seed: later turns get rid of cards: new sets and runs of three (at least one natural)."""
    state = position(["5H 6H 2C 9S 9D 9C KD", "3D 4S 8C"], sticks=(NO_STICK, 4))
    melds = [m for m in texts(state) if m.startswith("meld")]
    assert "meld 2C 5H 6H as 4-6" in melds and "meld 5H 6H 2C as 5-7" in melds
    assert "meld 9C 9D 9S" in melds and "meld KD 2C" not in melds
    state = play(state, "meld 9C 9D 9S")
    assert str(state.table[0]) == "9C 9D 9S" and state.table[0].owner == 0


def test_presets() -> None:
    """The Metzker Book's game and its optional rules as a preset."""
    assert Options.metzker() == Options()
    assert Options.optional().trade_in and Options.optional().no_playable_discards
    assert QUICK.stick_list is StickList.SIMPLE


def test_stick_search_agrees_with_core_find_contract() -> None:
    """The fast stick test (`could_meet`, then a search over card counts) gives the same answer
    as `core.contracts.find_contract` on hands built to meet sticks often."""
    from parlour.core.cards import SUITS, Rank
    from parlour.core.contracts import Contract, find_contract
    from parlour.games.sticks.search import _can_lay

    pack = pack_for(4)
    wilds = [c for c in pack if RULES.is_wild(c)]
    naturals = [c for c in pack if not RULES.is_wild(c)]
    rnd = random.Random(5)
    sticks = [s for s in STANDARD_STICKS if s.contract is not None]
    feasible = 0
    for _ in range(150):
        stick = rnd.choice(sticks)
        assert stick.contract is not None
        suit = rnd.choice(SUITS)
        run = [Card(Rank(r), suit) for r in rnd.sample(range(3, 14), 5)]
        pairs = [Card(Rank(rnd.choice([1, 5, 6, 8, 10, 13])), rnd.choice(SUITS)) for _ in range(4)]
        n_wild = rnd.randint(0, 5)
        hand = sorted_cards([*rnd.sample(wilds, n_wild), *run, *pairs, *rnd.sample(naturals, 7 - n_wild)])
        contract = Contract(needs=stick.contract.needs, exact=True, extra_melds=False)
        truth = find_contract(hand, contract, RULES, keep=1) is not None
        assert _can_lay(hand, stick.contract.needs, stick.contract.cards) == truth, (str(stick), " ".join(map(str, hand)))
        feasible += truth
    assert feasible > 30


def test_two_sets_may_split_one_rank() -> None:
    """Several packs: two sets of 3 from three kings and three wilds (KKw + Kww)."""
    state = position(["KC KD KS 2C 2D JK 4H 8S 10D", "3D 4S 8C"], sticks=(TWO_SETS, 4))
    assert "lay stick" in texts(state)
    state = play(state, "lay stick")
    melds = texts(state)
    assert "meld KC KD KS" in melds and "meld KC KD JK" in melds and "meld 4H 2D JK" in melds


def test_witnesses_stand_only_for_what_the_search_says() -> None:
    """A stick layout carried from turn to turn (`State.witnesses`, a speed hint) keeps holding
    only while the search agrees: over random games on both stick lists, every seat whose
    witness is kept can lay its stick by the search, and the moves match a fresh state's."""
    from parlour.games.sticks.search import _can_lay

    checked = 0
    for options, players in ((QUICK, 4), (Options(max_hands=2, max_turns_per_hand=120), 3)):
        for seed in range(6):
            state = new_game(players, seed=seed, options=options)
            rnd = random.Random(seed)
            while not is_over(state):
                state = apply(state, rnd.choice(legal_moves(state)))
                for seat, known in enumerate(state.witnesses):
                    stick = state.sticks[seat]
                    contract = state.options.sticks[stick].contract if stick >= 0 else None
                    if known is None or known[0] != stick or contract is None:
                        continue
                    if len(state.hands[seat]) > contract.cards:
                        assert _can_lay(state.hands[seat], contract.needs, contract.cards)
                        checked += 1
                fresh = attrs.evolve(state)
                assert legal_moves(fresh) == legal_moves(state)
    assert checked > 500


def test_repaired_witnesses_stand_for_what_the_search_says() -> None:
    """`search._spare` on random walks over hands (cards added at random, and taken out while
    the witness, repaired with a spare wild where a discard breaks it, still stands): the search
    says yes all along, every meld of the witness keeps a natural, and the wilds it counts are
    held, on every stick of the standard list."""
    from parlour.games.sticks.search import _lay_check, _plan, _spare

    pack = pack_for(4)
    rnd = random.Random(12)
    sticks = [s for s in STANDARD_STICKS if s.contract is not None]
    repaired = 0
    for _ in range(400):
        stick = rnd.choice(sticks)
        assert stick.contract is not None
        plan = _plan(stick.contract.needs)
        hand = sorted_cards(rnd.sample(pack, 16))
        can, found = _lay_check(hand, plan)
        if found is None:
            continue
        assert can
        for _ in range(40):
            if len(hand) > 16 or len(hand) > plan[3] + 1 and rnd.random() < 0.6:
                card = rnd.choice(hand)
                kept = _spare(found, hand, card)
                if kept is None:
                    break
                repaired += kept is not found
                found = kept
                rest = list(hand)
                rest.remove(card)
                hand = tuple(rest)
            else:
                hand = sorted_cards([*hand, rnd.choice(pack)])
            melds, wilds = found
            assert all(melds) and wilds <= sum(RULES.is_wild(c) for c in hand)
            assert _lay_check(hand, plan)[0], (str(stick), " ".join(map(str, hand)))
    assert repaired > 40


def test_freed_wilds_agree_with_core_wild_swaps() -> None:
    """The wilds a natural may free from a set on the table (`rules._freed`) are the ones
    `core.melds.wild_swaps` frees, for every natural of the set's rank, on random sets."""
    from parlour.core.melds import wild_swaps
    from parlour.games.sticks.rules import _freed

    pack = pack_for(4)
    wilds = [c for c in pack if RULES.is_wild(c)]
    naturals = [c for c in pack if not RULES.is_wild(c)]
    rnd = random.Random(3)
    tested = 0
    for _ in range(500):
        rank = rnd.choice(naturals).rank
        same = [c for c in naturals if c.rank is rank]
        k = rnd.randrange(1, 5)
        cards = tuple(rnd.sample(same, k) + rnd.sample(wilds, rnd.randrange(0, 4)))
        cards = tuple(rnd.sample(cards, len(cards)))
        meld = make_meld(cards, RULES, kind=MeldKind.SET) if len(cards) >= 3 else None
        if meld is None or meld.kind is not MeldKind.SET:
            continue
        for card in same:
            assert _freed(meld.cards) == tuple(s.freed for s in wild_swaps(meld, card, RULES))
        tested += 1
    assert tested > 200


def _offered(kind: type[M], games: int) -> Iterator[tuple[State, M]]:
    """Every move of class `kind` offered along random quick games of seeds 0..`games`-1, with
    the state it is offered in."""
    for seed in range(games):
        state = new_game(4, seed=seed, options=QUICK)
        rnd = random.Random(seed)
        while not is_over(state):
            moves = legal_moves(state)
            for move in moves:
                if isinstance(move, kind):
                    yield state, move
            state = apply(state, rnd.choice(moves))


def test_lay_offs_build_what_core_builds() -> None:
    """Every lay-off offered in random games gives the table meld `core.melds.lay_off_credited`
    gives at that end (cards, reading and credit)."""
    from parlour.core.melds import lay_off_credited
    from parlour.games.sticks import LayOff
    from parlour.games.sticks.rules import _laid_off

    checked = 0
    for state, move in _offered(LayOff, 40):
        target = state.table[move.meld - 1]
        grown = lay_off_credited(target, move.card, move.player, RULES)
        if target.meld.kind is MeldKind.RUN:
            low = target.meld.low - 1 if move.end == 1 else target.meld.low
            grown = tuple(g for g in grown if g.meld.low == low)
        assert _laid_off(target, move.card, move.player, move.end) == grown[0]
        checked += 1
    assert checked > 500


def _suit_cost_reference(ranks: tuple[int, ...], k: int, size: int) -> int:
    """The fewest wilds for `k` runs of `size` in one suit, by trying every run of starts in
    rising order (the plain search `search._suit_cost` prunes)."""
    counts = list(ranks)

    def walk(k: int, floor: int) -> int:
        if k == 0:
            return 0
        best = 1000
        for low in range(floor, 16 - size):
            present = [r for r in ((p - 1) % 13 for p in range(low, low + size)) if counts[r]]
            if not present:
                continue
            for r in present:
                counts[r] -= 1
            cost = size - len(present) + walk(k - 1, low)
            for r in present:
                counts[r] += 1
            best = min(best, cost)
        return best

    return walk(k, 1)


def test_suit_cost_agrees_with_the_plain_search() -> None:
    """The pruned search for several runs in one suit finds what trying every start finds."""
    from parlour.games.sticks.search import _suit_cost

    rnd = random.Random(5)
    for _ in range(3000):
        ranks = tuple(rnd.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(13))
        k, size = rnd.randrange(0, 4), rnd.randrange(3, 7)
        assert _suit_cost.__wrapped__(ranks, k, size) == _suit_cost_reference(ranks, k, size), (ranks, k, size)


def test_one_need_left_agrees_with_the_count_test() -> None:
    """The stick melds that leave one need possible, tested from what each candidate changes,
    are the candidates whose cards left pass `_bound_with` on that need (on random hands and
    needs of both kinds, named or not)."""
    from parlour.core.contracts import Need
    from parlour.games.sticks import MakeMeld
    from parlour.games.sticks.search import _LANE_BIT, _WILD_AT, _bound_with, _one_left, _run_options, _set_options

    pack = pack_for(4)
    rnd = random.Random(8)
    needs = [Need(MeldKind.SET, 3), Need(MeldKind.RUN, 3), Need(MeldKind.SET, 4), Need(MeldKind.RUN, 5)]
    needs += [Need(MeldKind.RUN, 4, suit=parse_cards("2H")[0].suit), Need(MeldKind.SET, 3, rank=parse_cards("8C")[0].rank)]
    tested = 0
    for _ in range(300):
        hand = sorted_cards(rnd.sample(pack, rnd.randrange(8, 18)))
        counts, totals, lanes = [0] * 80, [0] * 14, [0, 0, 0, 0]
        wilds = [c.index for c in hand if _WILD_AT[c.index]]
        by_rank: dict[int, list[int]] = {}
        for c in hand:
            if not _WILD_AT[c.index]:
                counts[c.index] += 1
                totals[c.index & 15] += 1
                lanes[(c.index >> 4) - 1] |= _LANE_BIT[c.index]
                by_rank.setdefault(c.index & 15, []).append(c.index)
        size = rnd.choice((3, 4))
        tail = tuple(wilds[-(size - 1) :])
        options: list[tuple[MakeMeld, tuple[int, ...]]] = []
        for naturals in by_rank.values():
            options.extend(_set_options(0, tuple(naturals), size, tail))
        for suit in range(4):
            if lanes[suit]:
                options.extend(_run_options(0, suit, lanes[suit], size, tail, 0))
        for need in needs:
            expected = []
            for move, used in options:
                t, ln, left = totals.copy(), lanes.copy(), counts.copy()
                for j in used:
                    left[j] -= 1
                    t[j & 15] -= 1
                    if not left[j]:
                        ln[(j >> 4) - 1] &= ~_LANE_BIT[j]
                if _bound_with(t, ln, len(wilds) - size + len(used), (need,)):
                    expected.append(move)
            assert _one_left(options, need, counts, totals, lanes, len(wilds) - size) == expected
            tested += len(options)
    assert tested > 10_000


def test_plain_greedy_is_the_count_test_then_greedy() -> None:
    """`search._plain_greedy` (the count test and `_greedy` sharing their work, for needs that
    name no rank, suit or start) gives what `_bound_with` then `_greedy` give, and `_lay_check`
    answers as `_solve` does, on random hands for every such stick of both lists."""
    from parlour.games.sticks import SIMPLE_STICKS
    from parlour.games.sticks.search import _LANE_BIT, _WILD_AT, _bound_with, _greedy, _lay_check, _plain_greedy, _plan, _solve

    pack = pack_for(4)
    rnd = random.Random(21)
    plans = [_plan(s.contract.needs) for s in (*STANDARD_STICKS, *SIMPLE_STICKS) if s.contract is not None]
    plain = [p for p in plans if p[5] >= 0]
    assert len(plain) > 10
    tested = 0
    for _ in range(3000):
        plan = rnd.choice(plain)
        needs, runs, sets = plan[0], plan[1], plan[2]
        hand = sorted_cards(rnd.sample(pack, rnd.randrange(6, 18)))
        counts, totals, lanes, wilds = [0] * 80, [0] * 14, [0, 0, 0, 0], 0
        for c in hand:
            if _WILD_AT[c.index]:
                wilds += 1
            else:
                counts[c.index] += 1
                totals[c.index & 15] += 1
                lanes[(c.index >> 4) - 1] |= _LANE_BIT[c.index]
        expected = _greedy(counts, wilds, runs, sets, (totals, lanes)) if _bound_with(totals, lanes, wilds, needs) else False
        assert _plain_greedy(counts, wilds, runs, sets, totals, lanes, plan[5]) == expected
        assert _lay_check(hand, plan)[0] == _solve(counts, wilds, needs, len(hand), (totals, lanes))
        tested += expected is not False
    assert tested > 600


def test_run_options_agree_with_every_window() -> None:
    """`search._run_options` (starts limited to the windows meeting the lane, runs kept in a
    table by one packed integer) gives, asked twice, the runs and naturals of trying every
    start from scratch, on random lanes, wilds, sizes and seats."""
    from parlour.games.sticks import MakeMeld
    from parlour.games.sticks.moves import _BY_INDEX
    from parlour.games.sticks.search import _run_options, _window

    rnd = random.Random(4)
    wild_indices = [c.index for c in pack_for(4) if RULES.is_wild(c)]
    for _ in range(3000):
        seat, suit, size = rnd.randrange(10), rnd.randrange(4), rnd.randrange(3, 9)
        lane = 0
        for _ in range(rnd.randrange(1, 7)):
            lane |= 1 << rnd.randrange(1, 14)
        lane |= (lane & 2) << 13  # an ace is also position 14
        tail = tuple(rnd.choice(wild_indices) for _ in range(rnd.randrange(0, size)))
        low = rnd.choice((0, 0, 0, rnd.randrange(1, 16 - size)))
        expected = []
        for start in (low,) if low else range(1, 16 - size):
            held = lane >> start & (1 << size) - 1
            missing = size - held.bit_count()
            if not held or missing > len(tail):
                continue
            fill = list(tail[len(tail) - missing :])
            row = _window(suit, start, size)
            cards = [j if held >> k & 1 else fill.pop(0) for k, j in enumerate(row)]
            naturals = tuple(j for k, j in enumerate(row) if held >> k & 1)
            expected.append((MakeMeld(seat, tuple(_BY_INDEX[j] for j in cards), start), naturals))  # type: ignore[misc]
        for _ in range(2):
            assert list(_run_options(seat, suit, lane, size, tail, low)) == expected


def test_meld_of_a_move_is_the_checked_meld() -> None:
    """`MakeMeld.meld` (built without the initializer) equals the meld `Meld(...)` makes, for
    every meld move offered in random games."""
    from parlour.core.melds import Meld
    from parlour.games.sticks import MakeMeld

    checked = 0
    for _, move in _offered(MakeMeld, 12):
        natural = next(c for c in move.cards if not RULES.is_wild(c))
        if move.low == 0:
            want = Meld(MeldKind.SET, move.cards, rank=natural.rank)
        else:
            want = Meld(MeldKind.RUN, move.cards, suit=natural.suit, low=move.low)
        assert move.meld() == want
        checked += 1
    assert checked > 200


def test_spare_at_a_known_place_agrees() -> None:
    """`search._spare` told where the card sits gives what it gives without being told, on
    random hands."""
    from parlour.games.sticks.search import _lay_check, _plan, _spare

    pack = pack_for(4)
    rnd = random.Random(17)
    sticks = [s for s in STANDARD_STICKS if s.contract is not None]
    compared = 0
    for _ in range(600):
        hand = sorted_cards(rnd.sample(pack, 16))
        stick = rnd.choice(sticks)
        assert stick.contract is not None
        found = _lay_check(hand, _plan(stick.contract.needs))[1]
        if found is None:
            continue
        for card in dict.fromkeys(hand):
            at = hand.index(card)
            assert _spare(found, hand, card, at) == _spare(found, hand, card)
            compared += 1
    assert compared > 1000


def _alike_sets_reference(totals: list[int], wilds: int, k: int, size: int) -> bool:
    """`k` sets of `size` within `wilds`, by the table over the ranks `search._alike_sets` keeps
    for k other than 2."""
    most = [0] + [-1000] * k
    for t in totals[1:]:
        new = most.copy()
        for used in range(1, min(k, t) + 1):
            for j in range(k - used + 1):
                if most[j] >= 0:
                    new[j + used] = max(new[j + used], most[j] + min(t, used * size))
        most = new
    return most[k] >= 0 and k * size - most[k] <= wilds


def test_two_alike_sets_and_runs_agree_with_the_tables() -> None:
    """`search._alike_sets` for two sets (the two largest rank totals) answers as the table
    over the ranks does, and `search._alike_runs` (empty suits skipped) as the per-suit costs
    combined over every suit, on random tallies."""
    from parlour.games.sticks.search import _alike_runs, _alike_sets, _suit_cost

    rnd = random.Random(9)
    for _ in range(5000):
        counts = [0] * 80
        for _ in range(rnd.randrange(0, 14)):
            counts[16 * rnd.randrange(1, 5) + rnd.randrange(1, 14)] += 1
        totals = [0] + [sum(counts[16 * s + r] for s in range(1, 5)) for r in range(1, 14)]
        lanes = [sum(1 << r for r in range(1, 14) if counts[16 * s + 16 + r]) for s in range(4)]
        lanes = [lane | (lane & 2) << 13 for lane in lanes]
        wilds, size, k = rnd.randrange(0, 7), rnd.randrange(3, 6), rnd.randrange(1, 4)
        assert _alike_sets(totals, wilds, k, size) == _alike_sets_reference(totals, wilds, k, size)
        costs = [[_suit_cost(tuple(counts[16 * s + 17 : 16 * s + 30]), j, size) for j in range(k + 1)] for s in range(4)]
        best = min(
            costs[0][a] + costs[1][b] + costs[2][c] + costs[3][k - a - b - c]
            for a in range(k + 1) for b in range(k + 1 - a) for c in range(k + 1 - a - b)
        )  # fmt: skip
        assert _alike_runs(counts, lanes, wilds, k, size) == (best <= wilds)
