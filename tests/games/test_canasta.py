"""Scenario tests for partnership Canasta (the Hoyle Card Games manual, "Canasta"; rules/rummy.md
section 3.5)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

from parlour import from_json, to_json
from parlour.core.cards import Card, parse_cards, sorted_cards
from parlour.core.errors import IllegalMove
from parlour.core.events import EventKind
from parlour.games import canasta as c
from parlour.games.canasta import rules, scoring

Turn = rules.Turn


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def position(
    hands: Sequence[str],
    *,
    melds: tuple[str, str] = ("", ""),
    pile: str = "8S",
    red_threes: tuple[str, str] = ("", ""),
    opened: tuple[bool, bool] | None = None,
    stock: str | None = None,
    phase: c.Phase = c.Phase.DRAW,
    player: int = 0,
    scores: tuple[int, int] = (0, 0),
    turn: rules.Turn | None = None,
    options: c.Options | None = None,
) -> c.State:
    """A mid-hand position. Melds are written "8C 8D 8H, KS KH 2C" per side. The cards not
    named lie in the stock (under `stock` when given; with `stock=""` they go to seats 1 and
    3, red threes to side 1's red threes)."""
    base = c.new_game(seed=1, dealer=3, options=options)
    held = [list(cards(h)) for h in hands]
    side_melds = tuple(
        tuple(sorted((rules._meld_order(cards(m)) for m in text.split(",") if m.strip()), key=lambda m: int(m[0].rank)))
        for text in melds
    )
    threes = [list(cards(t)) for t in red_threes]
    named = Counter(
        [x for h in held for x in h]
        + [x for side in side_melds for m in side for x in m]
        + list(cards(pile))
        + [x for t in threes for x in t]
        + list(cards(stock or ""))
    )
    rest = list((Counter(c.PACK) - named).elements())
    assert not (named - Counter(c.PACK)), "more copies than the pack holds"
    if stock == "":
        for i, x in enumerate(rest):
            if scoring.is_red_three(x):
                threes[1].append(x)
            else:
                held[1 + 2 * (i % 2)].append(x)
        top: tuple[Card, ...] = ()
    else:
        top = cards(stock or "") + tuple(rest)
    if opened is None:
        opened = (bool(side_melds[0]), bool(side_melds[1]))
    pile_cards = cards(pile)
    state = attrs.evolve(
        base,
        phase=phase,
        player=player,
        hands=tuple(sorted_cards(h) for h in held),
        stock=top,
        pile=pile_cards,
        frozen=any(scoring.is_wild(x) or scoring.is_red_three(x) for x in pile_cards),
        melds=side_melds,
        red_threes=(tuple(threes[0]), tuple(threes[1])),
        opened=opened,
        scores=scores,
        turn=turn or Turn(),
    )
    c.check_invariants(state)
    return state


def moves(state: c.State, player: int | None = None) -> list[str]:
    return [str(m) for m in c.legal_moves(state, player)]


def play(state: c.State, *texts: str) -> c.State:
    for text in texts:
        state = c.apply(state, c.parse_move(state, text))
    return state


def told(state: c.State) -> list[str]:
    return [str(e) for e in state.events]


def scored(state: c.State) -> tuple[int, ...]:
    """The numbers of the HAND_SCORED event of the move that led to `state`."""
    (event,) = [e for e in state.events if e.kind is EventKind.HAND_SCORED]
    return event.numbers


# ---------------------------------------------------------------------------------------------
# The pure helpers


def test_card_values_follow_the_hoyle_table() -> None:
    """Seed, card values: 4-7 and black 3 5; 8-K 10; A and 2 20; joker 50; red 3 100."""
    values = {text: c.card_value(Card.parse(text)) for text in "JK AS 2H KD 8C 7S 4H 3C 3S 3H 3D".split()}
    assert values == {
        "JK": 50, "AS": 20, "2H": 20, "KD": 10, "8C": 10, "7S": 5, "4H": 5,
        "3C": 5, "3S": 5, "3H": 100, "3D": 100,
    }  # fmt: skip


def test_minimum_initial_meld_by_team_score() -> None:
    """Seed table: negative 15, 0-1495 50, 1501 (read 1500)-2995 90, 3000 or more 120."""
    got = [c.minimum_initial_meld(s) for s in (-5, -1000, 0, 1495, 1500, 2995, 3000, 9000)]
    assert got == [15, 15, 50, 50, 90, 90, 120, 120]


def test_score_hand_rules_example_both_sides() -> None:
    """Rules 3.5 test 5: side A goes out with a natural canasta of 8s, a mixed canasta of kings
    and three aces, two red threes, partner holds Q 5: 1335. Side B: 7 7 7, J J 2, one red
    three, hands A JK 9 and 4 4 6: 60."""
    a = c.score_hand(
        melds=[cards("8C 8C 8D 8D 8H 8H 8S"), cards("KC KD KH KS KS 2C JK"), cards("AC AD AH")],
        red_threes=cards("3H 3D"), left_in_hands=cards("QS 5C"), went_out=True, concealed=False,
    )  # fmt: skip
    b = c.score_hand(
        melds=[cards("7C 7D 7H"), cards("JC JD 2S")], red_threes=cards("3H"),
        left_in_hands=cards("AS JK 9C 4D 4S 6H"), went_out=False, concealed=False,
    )  # fmt: skip
    assert (a, b) == (1335, 60)


def test_score_hand_red_threes_count_against_a_side_without_melds() -> None:
    """Rules 3.5 test 6 (the seed's garbled footnote read as standard): all four red threes of a
    side that never melded cost 800, plus the cards in hand."""
    assert c.score_hand(
        melds=[], red_threes=cards("3H 3H 3D 3D"), left_in_hands=cards("KS 4C"), went_out=False, concealed=False
    ) == -815
    assert c.score_hand(
        melds=[cards("4C 4D 4H")], red_threes=cards("3H 3H 3D 3D"), left_in_hands=(), went_out=False, concealed=False
    ) == 815


def test_score_hand_going_out_concealed_is_worth_200() -> None:
    """Seed: going out 100, going out concealed 200."""
    meld = [cards("9C 9D 9H 9S 9C 9D 2S")]  # a mixed canasta: 80 + 300
    plain = c.score_hand(melds=meld, red_threes=(), left_in_hands=(), went_out=True, concealed=False)
    hidden = c.score_hand(melds=meld, red_threes=(), left_in_hands=(), went_out=True, concealed=True)
    assert (plain, hidden) == (480, 580)
    with pytest.raises(ValueError, match="only a side that went out"):
        c.score_hand(melds=meld, red_threes=(), left_in_hands=(), went_out=False, concealed=True)


# ---------------------------------------------------------------------------------------------
# The deal


def _deck(*front: str) -> list[Card]:
    """A full deck whose first cards are `front` (the rest in pack order)."""
    head = [x for t in front for x in cards(t)]
    rest = list((Counter(c.PACK) - Counter(head)).elements())
    return head + rest


def test_deal_eleven_each_red_threes_laid_out_and_replaced() -> None:
    """Seed: eleven cards each; before play red 3s are laid out and replaced; the first card of
    the pile is turned up. The deal goes one at a time from the dealer's left."""
    # Dealer 3: seat 0 gets cards 1, 5, 9...; its first card is a red three.
    deck = _deck("3H 4C 4D 4H", *["5C 5D 5H 5S"] * 2, "6C 6D 6H 6S " * 2, "7C 7D 7H 7S " * 2,
                 "8C 8D 8H 8S " * 2, "9C 9D 9H 9S", "10C 10D 10H 10S", "KC", "QC QD")  # fmt: skip
    state = c.new_game(deck=deck, dealer=3)
    assert [len(h) for h in state.hands] == [11, 11, 11, 11]
    assert state.pile == cards("KC") and not state.frozen
    assert state.red_threes == (cards("3H"), ())
    assert Card.parse("QC") in state.hands[0]  # the replacement: the first stock card
    assert "seat 0 plays: red three 3H" in told(state)
    assert state.player == 0 and moves(state) == ["draw stock"]


def test_upcard_wild_or_red_three_freezes_the_pile() -> None:
    """Seed: if the turned card is a 2, joker or red 3, another is turned on it and the pile
    is frozen."""
    deck = _deck(*["4C 4D 4H 4S"] * 2, *["5C 5D 5H 5S"] * 2, *["6C 6D 6H 6S"] * 2, *["7C 7D 7H 7S"] * 2,
                 "8C 8D 8H 8S", "9C 9D 9H 9S", "10C 10D 10H 10S", "JK 3D QC")  # fmt: skip
    state = c.new_game(deck=deck, dealer=3)
    assert state.pile == cards("JK 3D QC") and state.frozen
    assert "turns up JK 3D QC" in told(state)


# ---------------------------------------------------------------------------------------------
# Melds and the initial meld


def test_initial_meld_needs_90_at_1600() -> None:
    """Rules 3.5 test 1: at 1600 the side needs 90: 6 6 6 + K K K 2 counts 65 and no meld is
    offered; 6 6 6 + A A A 2 counts 95 and is made in one turn."""
    low = position(["6C 6D 6H KC KD KH 2C 9S 4D", "4S", "5S", "5H"], phase=c.Phase.PLAY, scores=(1600, 0))
    assert moves(low) == [f"discard {x}" for x in sorted_cards(cards("6C 6D 6H KC KD KH 2C 9S 4D"))]
    high = position(["6C 6D 6H AC AD AH 2C 9S 4D", "4S", "5S", "5H"], phase=c.Phase.PLAY, scores=(1600, 0))
    assert moves(high)[:4] == ["meld AC AD AH", "meld AC AD 2C", "meld 6C 6D 6H", "meld 6C 6D 2C"]
    s = play(high, "meld 6C 6D 6H")
    with pytest.raises(IllegalMove, match="the initial meld counts 15, less than the 90 needed"):
        c.apply(s, c.Discard(0, Card.parse("9S")))
    s = play(s, "meld AC AD AH")
    assert s.opened == (False, False)  # 75 so far
    s = play(s, "add 2C to A")
    assert s.opened == (True, False) and s.turn.opened
    assert "seat 0 scores: initial meld 95" in told(s)
    s = play(s, "discard 9S")
    assert s.player == 1 and s.melds[0] == (cards("AC AD AH 2C"), cards("6C 6D 6H"))


def test_minimum_at_exactly_1500_and_below_zero() -> None:
    """Rules 3.5 test 1: at exactly 1500 the requirement is 90; at -20 it is 15."""
    hand = ["7C 7D 7H KC KD KH AS AD 9S 4D", "4S", "5S", "5H"]
    at_1500 = position(hand, phase=c.Phase.PLAY, scores=(1500, 0))
    assert c.minimum_now(at_1500, 0) == 90
    assert not any(m.startswith("meld") for m in moves(at_1500))  # 15 + 30 + 40 < 90
    below = position(hand, phase=c.Phase.PLAY, scores=(-20, 0))
    assert c.minimum_now(below, 0) == 15
    s = play(below, "meld 7C 7D 7H", "discard 9S")
    assert s.opened == (True, False)


def test_meld_limits_two_naturals_and_three_wilds() -> None:
    """Rules 3.5 test 4: 8 8 2 2 JK is a meld, a fourth wild is refused, 8 2 JK is no meld."""
    start = position(["8C 8D 2C 2H JK JK 9S 4D", "4S", "5S", "5H"], melds=("KC KD KH", ""), phase=c.Phase.PLAY)
    assert "meld 8C 8D JK" in moves(start) and "meld 8C 8D 2C" in moves(start)
    with pytest.raises(IllegalMove, match="at least two natural cards"):
        c.apply(start, c.Meld(0, cards("9S 2C JK")))
    s = play(start, "meld 8C 8D JK", "add 2C to 8", "add 2H to 8")
    assert s.melds[0][0] == cards("8C 8D 2C 2H JK")
    assert "add JK to 8" not in moves(s) and "add JK to K" in moves(s)
    with pytest.raises(IllegalMove, match="at most three wild cards"):
        c.apply(s, c.AddCard(0, Card.parse("JK"), Card.parse("8C").rank))


def test_one_meld_per_rank_per_side() -> None:
    """Rules 3.5 ambiguity 2: further cards of a melded rank join the side's meld (one card
    at a time, the first of the rank in hand order)."""
    s = position(["KS KS KH 9S 4D", "4S", "5S", "5H"], melds=("KC KD KH", ""), phase=c.Phase.PLAY)
    assert moves(s) == ["add KH", "discard 4D", "discard KH", "discard 9S", "discard KS"]
    with pytest.raises(IllegalMove, match="already has a meld of that rank"):
        c.apply(s, c.Meld(0, cards("KH KS KS")))
    s = play(s, "add KH", "add KS")
    assert s.melds[0] == (cards("KC KD KH KH KS"),)


def test_going_out_needs_a_canasta() -> None:
    """Rules 3.5 test 7: without a canasta a player keeps a card to discard; with one, the last
    card may go and the hand is scored with the 100 bonus."""
    hand = ["KS 4D", "4S", "5S", "5H"]
    s = position(hand, melds=("KC KD KH", ""), phase=c.Phase.PLAY)
    assert moves(s) == ["discard 4D", "discard KS"]  # adding KS would leave one card
    s = play(s, "discard 4D")
    assert s.hands[0] == cards("KS")
    done = position(hand, melds=("KC KD KH, 9C 9D 9H 9S 9C 9D 9H", ""), phase=c.Phase.PLAY)
    assert moves(done) == ["ask partner", "add KS", "discard 4D", "discard KS"]
    after = play(done, "add KS", "discard 4D")
    # Side 0: K K K K 40 + nines 70 + natural canasta 500 + going out 100 - partner's 5S;
    # side 1: seats 1 and 3 hold 4S and 5H.
    assert scored(after) == (705, -10, 705, -10)
    assert after.hand == 2 and after.scores == (705, -10)
    assert "seat 0 goes out" in told(after)


def test_concealed_going_out_earns_200() -> None:
    """Seed: going out without an earlier initial meld (the whole meld in one turn, with a
    canasta) is concealed: 200."""
    s = position(["7C 7C 7D 7D 7H 7H 7S KC KD KH 4D", "4S", "5S", "5H"], phase=c.Phase.PLAY)
    s = play(s, "meld 7C 7C 7D", "add 7D", "add 7H", "add 7H")
    assert s.opened == (False, False)  # 30 so far, the minimum is 50
    # While short of the minimum a meld must leave two cards (or reach it): the kings first.
    assert moves(s) == ["meld KC KD KH"]
    s = play(s, "meld KC KD KH", "add 7S")
    assert s.opened == (True, False) and s.turn.opened
    after = play(s, "discard 4D")
    # 35 + 500 natural canasta + 30 + 200 concealed - partner's 5S = 760; side 1 holds 4S, 5H.
    assert scored(after) == (760, -10, 760, -10)


def test_asking_the_partner_no_forbids_going_out() -> None:
    """Seed: the player may ask the partner; the answer is binding: after a no the player may
    not go out this turn, after a yes it may."""
    base = position(["KS 4D", "4S", "5S", "5H"], melds=("KC KD KH, 9C 9D 9H 9S 9C 9D 9H", ""),
                    phase=c.Phase.PLAY)  # fmt: skip
    asked = play(base, "ask partner")
    assert asked.phase is c.Phase.ANSWER and c.to_act(asked) == frozenset({2})
    assert moves(asked) == ["answer yes", "answer no"] and moves(asked, 0) == []
    no = play(asked, "answer no")
    assert moves(no) == ["discard 4D", "discard KS"]  # no addition leaving one card
    assert "add KS" not in moves(no)
    yes = play(asked, "answer yes")
    assert moves(yes) == ["add KS", "discard 4D", "discard KS"]
    assert c.scores(play(yes, "add KS", "discard 4D"))[0] == 705


def test_asking_off_and_only_with_a_canasta() -> None:
    """Option ask_partner=False: the player goes out without asking; asking needs a canasta."""
    melds = ("KC KD KH, 9C 9D 9H 9S 9C 9D 9H", "")
    off = position(["KS 4D", "4S", "5S", "5H"], melds=melds, phase=c.Phase.PLAY, options=c.Options(ask_partner=False))
    assert moves(off) == ["add KS", "discard 4D", "discard KS"]
    none = position(["KS 4D 5D", "4S", "5S", "5H"], melds=("KC KD KH", ""), phase=c.Phase.PLAY)
    assert "ask partner" not in moves(none)
    with pytest.raises(IllegalMove, match="no canasta"):
        c.apply(none, c.AskPartner(0))


# ---------------------------------------------------------------------------------------------
# The discard pile


def test_frozen_pile_needs_a_natural_pair() -> None:
    """Rules 3.5 test 2: top 9C over a 2; the side has 9s. 9H JK may not take it, 9H 9D may
    (the three nines join the side's nines). Unfrozen, 9H JK takes it onto the nines."""
    melds = ("9S 9S 9H, KC KD KH", "")
    frozen = position(["9H JK 4D 5D", "4S", "5S", "5H"], melds=melds, pile="5C 2D 9C")
    assert frozen.frozen and moves(frozen) == ["draw stock"]
    with pytest.raises(IllegalMove, match="frozen: it takes a natural pair of 9"):
        c.apply(frozen, c.TakePile(0))
    pair = position(["9H 9D 4D 5D", "4S", "5S", "5H"], melds=melds, pile="5C 2D 9C")
    assert moves(pair) == ["draw stock", "take pile with 9D 9H"]
    s = play(pair, "take pile with 9D 9H")
    assert s.melds[0][0] == cards("9C 9D 9H 9H 9S 9S")
    assert s.hands[0] == sorted_cards(cards("4D 5D 5C 2D")) and s.pile == () and not s.frozen
    open_pile = position(["9H JK 4D 5D", "4S", "5S", "5H"], melds=melds, pile="5C 6D 9C")
    assert moves(open_pile) == ["draw stock", "take pile"]


def test_pile_frozen_for_a_side_without_its_initial_meld() -> None:
    """Seed "Important" note: before its initial meld a side takes the pile only with a
    natural pair, and the top card and pair count toward the minimum; the rest of the pile is
    held apart until it is reached. Option frozen_before_opening=False lifts this."""
    hand = ["KH KD QH JK 4D 5D 7S", "4S", "5S", "5H"]
    s = position(hand, pile="6C 8D KC")
    assert moves(s) == ["draw stock", "take pile with KD KH"]
    s = play(s, "take pile with KD KH")
    assert s.taken == cards("6C 8D") and s.opened == (False, False) and s.turn.count == 30
    assert "add JK to K" in moves(s) and not any(m.startswith("discard") for m in moves(s))
    s = play(s, "add JK to K")
    assert s.opened == (True, False) and s.taken == () and Card.parse("8D") in s.hands[0]
    lifted = position(hand, pile="6C 8D KC", options=c.Options(frozen_before_opening=False))
    assert moves(lifted) == ["draw stock", "take pile with KD KH", "take pile with KD JK"]


def test_no_pile_taking_when_the_minimum_cannot_be_reached() -> None:
    """The initial meld must reach the minimum with the pair and cards from the hand, not with
    the rest of the pile: 5 5 5 (15) and no other meld cannot make 50."""
    s = position(["5H 5D 4D 7S 9C", "4S", "6S", "6H"], pile="KC KD KH 5C")
    assert moves(s) == ["draw stock"]


def test_black_three_on_top_blocks_the_pile() -> None:
    """Rules 3.5 test 3: a black 3 on top blocks the pile; covered, normal rules apply."""
    melds = ("9S 9S 9H, KC KD KH", "")
    blocked = position(["9H 9D 4D 5D", "4S", "5S", "5H"], melds=melds, pile="9C 3S")
    assert moves(blocked) == ["draw stock"]
    with pytest.raises(IllegalMove, match="black three on top blocks"):
        c.apply(blocked, c.TakePile(0))
    covered = position(["9H 9D 4D 5D", "4S", "5S", "5H"], melds=melds, pile="9C 3S 9C")
    assert moves(covered) == ["draw stock", "take pile", "take pile with 9D 9H"]


def test_one_card_pile_rule() -> None:
    """Standard laws (option one_card_pile_rule): a player holding one card may not take a pile
    of one card."""
    melds = ("9S 9S 9H, KC KD KH, 7C 7D 7H 7S 7C 7D 7H", "")
    s = position(["4D", "4S", "5S", "5H"], melds=melds, pile="9C")
    assert moves(s) == ["draw stock"]
    off = position(["4D", "4S", "5S", "5H"], melds=melds, pile="9C", options=c.Options(one_card_pile_rule=False))
    assert moves(off) == ["draw stock", "take pile"]


def test_discarding_a_wild_freezes_the_pile() -> None:
    """Seed: a discarded 2 or joker freezes the pile until it is taken."""
    s = position(["2C 4D 5D", "4S", "5S", "5H"], phase=c.Phase.PLAY)
    s = play(s, "discard 2C")
    assert s.frozen and s.pile == cards("8S 2C")


# ---------------------------------------------------------------------------------------------
# Red threes and the end of the stock


def test_red_three_drawn_is_laid_out_and_replaced() -> None:
    """Seed: red 3s are laid out at once and replaced from the stock."""
    s = position(["4D 5D", "4S", "5S", "5H"], stock="3D 9C KD")
    s = play(s, "draw stock")
    assert s.red_threes[0] == cards("3D") and s.hands[0] == sorted_cards(cards("4D 5D 9C"))
    assert s.stock[0] == Card.parse("KD")


def test_red_three_as_the_last_stock_card_ends_the_hand() -> None:
    """Rules 3.5 ambiguity 6: the last stock card a red three: lay it out, meld, no discard,
    the hand ends; no going-out bonus."""
    s = position(["KS 4D 5D", "4S", "5S", "5H"], melds=("KC KD KH", ""), stock="3H")
    # `position` put the rest in the stock after 3H: keep only 3H there, the rest to seat 3.
    rest = s.stock[1:]
    s = attrs.evolve(s, stock=cards("3H"), hands=(s.hands[0], s.hands[1], s.hands[2], sorted_cards(s.hands[3] + rest)))
    s = play(s, "draw stock")
    assert s.last_turn and moves(s) == ["add KS", "end hand"]
    after = play(s, "add KS", "end hand")
    side0 = 40 + 100 - 10 - 5  # the four kings, one red three, 4D 5D left, partner's 5S
    assert scored(after)[0] == side0 and "seat 0 passes" in told(after)


def test_empty_stock_must_take_a_pile_that_fits_a_meld() -> None:
    """Rules 3.5 ambiguity 6: with no stock a player must take the pile when its top card fits
    a meld of the side and the pile is not frozen; may take it with a pair; else ends the hand."""
    must = position(["9H 4D 5D", "", "5S", ""], melds=("9S 9S 9H, KC KD KH", ""), pile="6C 9C", stock="")
    assert moves(must) == ["take pile"]
    may = position(["6H 6D 4D", "", "5S", ""], melds=("9S 9S 9H, KC KD KH", ""), pile="7C 6C", stock="")
    assert moves(may) == ["take pile with 6D 6H", "end hand"]
    after = play(may, "end hand")
    assert after.hand == 2 and "seat 0 passes" in told(after)


def test_empty_stock_hand_ends_when_the_next_player_cannot_take() -> None:
    """Rules 3.5 ambiguity 6: a discard after which the next player cannot take the pile ends
    the hand at once, with no going-out bonus."""
    s = position(["6H 3S 5D", "", "5S", ""], melds=("9S 9S 9H, KC KD KH", ""), pile="7C", stock="",
                 phase=c.Phase.PLAY)  # fmt: skip
    after = play(s, "discard 3S")  # a black three on top: seat 1 cannot take the pile
    assert after.hand == 2
    assert "note: the stock is gone and the pile is not taken" in told(after)
    assert scored(after)[0] == 30 + 30 - 10 - 5  # melds 60; 6H 5D and partner's 5S left
    assert after.scores[0] == 45


# ---------------------------------------------------------------------------------------------
# Match, options, notation and views


def test_game_ends_at_5000_with_the_higher_side_winning() -> None:
    """Seed: the first side to reach 5000 wins; an exact tie plays another hand."""
    hand = ["KS 4D", "4S", "5S", "5H"]
    melds = ("KC KD KH, 9C 9D 9H 9S 9C 9D 9H", "")
    s = position(hand, melds=melds, phase=c.Phase.PLAY, scores=(4300, 4000))
    over = play(s, "add KS", "discard 4D")
    assert c.is_over(over) and over.scores == (5005, 3990)
    assert c.winners(over) == frozenset({0, 2}) and c.scores(over) == (5005, 3990, 5005, 3990)
    assert c.legal_moves(over) == () and "game over; winners: 0 2" in told(over)
    tie = position(hand, melds=(melds[0], "QC QD QH"), phase=c.Phase.PLAY, scores=(4300, 4985))
    again = play(tie, "add KS", "discard 4D")  # side 1: queens 30 less 4S and 5H
    assert again.scores == (5005, 5005) and not c.is_over(again) and again.hand == 2


def test_target_option_and_quick_match_play_to_the_end() -> None:
    """Option target: a whole quick match (to 500) played at random reaches its end, and the
    winning side has the higher total, at or past the target."""
    for seed in range(3):
        rng = random.Random(seed)
        s = c.new_game(seed=seed, options=c.Options(target=500))
        plies = 0
        while not c.is_over(s):
            options = c.legal_moves(s)
            s = c.apply(s, options[rng.randrange(len(options))])
            plies += 1
        side = min(c.winners(s)) & 1
        assert s.scores[side] >= 500 and s.scores[side] > s.scores[1 - side]
        assert plies < 5000
    with pytest.raises(ValueError, match="target must be"):
        c.Options(target=0)


def test_hoyle_preset_is_the_defaults() -> None:
    """The Hoyle Card Games manual's game is the default options."""
    assert c.Options.hoyle() == c.Options() and c.GAME.presets == (("hoyle", c.Options()),)
    assert c.Options().target == 5000 and c.GAME.players == (4,)


def test_notation_round_trips_and_seat_prefix() -> None:
    """Every legal move's text parses back to it."""
    s = position(["8C 8D 2C JK 9S 4D", "4S", "5S", "5H"], melds=("KC KD KH", ""), phase=c.Phase.PLAY)
    for move in c.legal_moves(s):
        assert c.parse_move(s, str(move)) == move
        assert c.parse_move(s, f"0: {move}") == move
    assert from_json(to_json(s)) == s


def test_views_hide_other_hands_and_the_stock() -> None:
    """Each hand is seen by its owner; the melds, pile and red threes by everyone."""
    s = c.new_game(seed=4, dealer=0)
    seen = c.view(s, 1)
    assert seen.hands[1] == s.hands[1] and all(x.is_hidden for x in seen.hands[0] + seen.stock)
    assert c.legal_moves(seen) == c.legal_moves(s, 1)
    assert "seat 1" in c.render(seen)
    c.check_invariants(seen)


def test_invariants_refuse_broken_melds() -> None:
    """check_invariants guards hostile input: a meld with four wilds is refused."""
    s = position(["4D 5D", "4S", "5S", "5H"], melds=("8C 8D 2C 2D 2H", ""))
    broken = attrs.evolve(s, melds=((rules._meld_order(cards("8C 8D 2C 2D 2H JK")),), ()))
    with pytest.raises(ValueError, match="duplicated: JK"):
        c.check_invariants(broken)
    swapped = attrs.evolve(s, melds=((), s.melds[0]))
    with pytest.raises(ValueError, match="no initial meld outside its own turn"):
        c.check_invariants(attrs.evolve(swapped, opened=(True, False)))


def test_black_threes_meld_only_when_going_out() -> None:
    """Seed: black 3s can only be melded as the very last play before going out (three or
    four, no wild); otherwise they are only discarded."""
    melds = ("9C 9D 9H 9S 9C 9D 9H", "")
    s = position(["3C 3S 3S 4D", "4S", "5S", "5H"], melds=melds, phase=c.Phase.PLAY)
    assert moves(s) == ["ask partner", "meld 3C 3S 3S", "discard 3C", "discard 4D", "discard 3S"]
    melded = play(s, "meld 3C 3S 3S")
    c.check_invariants(melded)  # the black threes lie on the table until the going-out discard
    assert moves(melded) == ["discard 4D"]
    after = play(melded, "discard 4D")
    # 70 + 500 natural canasta + 15 for the black threes + 100 going out - partner's 5S.
    assert scored(after)[0] == 680
    no_canasta = position(["3C 3S 3S 4D", "4S", "5S", "5H"], melds=("9C 9D 9H", ""), phase=c.Phase.PLAY)
    assert not any(m.startswith("meld") for m in moves(no_canasta))
    with pytest.raises(IllegalMove, match="only when going out"):
        c.apply(no_canasta, c.Meld(0, cards("3C 3S 3S")))


def test_red_three_in_a_taken_pile_is_laid_out_without_replacement() -> None:
    """Rules 3.5: a red three found in a taken pile (a buried upcard) is laid out at once, with
    no replacement; it counts 100 for the side."""
    before = position(["9H 9D 4D 5D", "4S", "5S", "5H"], melds=("KC KD KH", ""), pile="3H 7C 9C")
    assert before.frozen and moves(before) == ["draw stock", "take pile with 9D 9H"]
    s = play(before, "take pile with 9D 9H")
    assert s.red_threes[0] == cards("3H") and s.hands[0] == sorted_cards(cards("4D 5D 7C"))
    assert s.melds[0][0] == cards("9C 9D 9H") and s.stock == before.stock  # nothing drawn
    assert "seat 0 plays: red three 3H" in told(s)


def test_facts_handed_on_by_apply_match_a_fresh_computation() -> None:
    """The hot path's derived facts (`State.sides`: each side's melded ranks, canastas and room
    for wilds) and the move list `apply` fills in ahead are the ones a fresh copy of the same
    position computes, over whole random matches with every option changed."""
    for seed in range(6):
        options = c.Options(
            target=400, one_card_pile_rule=seed % 2 == 0, frozen_before_opening=seed % 3 != 0, ask_partner=seed != 4
        )
        state, chooser, plies = c.new_game(seed=seed, options=options), random.Random(seed), 0
        while not c.is_over(state) and plies < 3000:
            fresh = attrs.evolve(state)
            assert state.sides == fresh.sides == (rules._side_facts(state.melds[0]), rules._side_facts(state.melds[1]))
            assert state.legal == fresh.legal and c.legal_moves(state) == c.legal_moves(fresh)
            state = c.apply(state, chooser.choice(c.legal_moves(state)))
            plies += 1
        assert plies > 20 and c.is_over(state)


def test_legal_move_checks_read_unsorted_melds_as_the_real_ones() -> None:
    """`_joined` (the melds a candidate would make, left unsorted, for the legal-move checks)
    gives `_plan` and the canasta test exactly what the sorted melds of `_with_meld` / `_onto`
    give, and `_remove` takes one copy of each card as a multiset would, over the hands and melds
    of random matches (new melds, natural and wild additions)."""
    chooser = random.Random(7)
    checked = 0
    for seed in range(8):
        state = c.new_game(seed=seed, options=rules.QUICK)
        while not c.is_over(state) and checked < 1500:
            if state.phase is c.Phase.PLAY:
                hand, melds = state.hands[state.player], state.melds[state.player & 1]
                picked = chooser.sample(hand, min(3, len(hand)))
                left = rules._remove(hand, picked)
                assert Counter(left) == Counter(hand) - Counter(picked) and left == sorted_cards(left)
                naturals = [x for x in hand if not scoring.is_wild(x) and not scoring.is_red_three(x)]
                wilds = [x for x in hand if scoring.is_wild(x)]
                tries: list[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]] = []
                if naturals:
                    n = chooser.choice(naturals)
                    trio = (n, n, *(wilds[:1] or [n]))
                    tries.append((trio, rules._joined(melds, trio), rules._with_meld(melds, trio)))
                for meld in melds:
                    rank = meld[0].rank
                    for card in (*wilds[:1], Card(rank, meld[0].suit)):
                        tries.append(((card,), rules._joined(melds, (card,), rank), rules._onto(melds, card, rank)))
                for laid, loose, real in tries:
                    assert Counter(frozenset(Counter(m).items()) for m in loose) == Counter(
                        frozenset(Counter(m).items()) for m in real
                    )
                    pool = [x for x in hand if x not in laid][:8]
                    assert rules._max_count(pool, loose) == rules._max_count(pool, real)
                    assert rules._reachable(pool, loose, 2) == rules._reachable(pool, real, 2)
                    assert rules._has_canasta(loose) == rules._has_canasta(real)
                    checked += 1
            state = c.apply(state, chooser.choice(c.legal_moves(state)))
    assert checked > 300
