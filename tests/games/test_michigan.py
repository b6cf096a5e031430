"""Michigan scenarios from the Book of Card Games fragment and the rules notes (other.md 4.1)."""

from __future__ import annotations

import attrs
import pytest

import parlour
from parlour.core.cards import HIDDEN, Card, Suit, parse_cards, sorted_cards, standard_pack
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.events import EventKind
from parlour.core.ledger import Ledger
from parlour.games import michigan
from parlour.games.michigan import Ante, Options, Phase, PlayCard, State

PACK = standard_pack()


def deck_for(hands: dict[int, str], dead: str, *, dealer: int = 3, players: int = 4) -> list[Card]:
    """A deck whose deal gives each named seat these cards and the extra hand these; the other
    cards fill the places in deal order, each place taking a block of the rest in pack order."""
    order = michigan.deal_positions(dealer, players)
    places = len(order)
    sizes = [len(PACK) // places + (1 if k < len(PACK) % places else 0) for k in range(places)]
    piles = [list(parse_cards(dead if place == players else hands.get(place, ""))) for place in order]
    used = {c for pile in piles for c in pile}
    rest = iter(c for c in sorted_cards(PACK) if c not in used)
    for k, pile in enumerate(piles):
        while len(pile) < sizes[k]:
            pile.append(next(rest))
    assert next(rest, None) is None
    return [piles[i % places][i // places] for i in range(len(PACK))]


def ante_all(state: State, text: str = "ante 1 1 1 1") -> State:
    """Every seat antes the same split; the cards are then dealt."""
    while state.phase is Phase.ANTE:
        state = michigan.apply(state, michigan.parse_move(state, text))
    return state


def dealt(hands: dict[int, str], dead: str, *, dealer: int = 3, options: Options | None = None) -> State:
    """Hand 1 after every seat anted one chip per boodle card (4 players)."""
    deck = deck_for(hands, dead, dealer=dealer)
    return ante_all(michigan.new_game(4, seed=1, options=options, deck=deck, dealer=dealer))


def position(
    hands: tuple[str, ...], *, dead: str = "", turn: int = 0, barred: Suit | None = None, ledger: Ledger | None = None
) -> State:
    """A mid-hand position (4 players, seat 3 dealt, one chip anted per boodle card each): the
    hands as given, the extra hand `dead` filled up to its 11 cards, every other card played."""
    held = [parse_cards(h) for h in hands]
    taken = {c for h in held for c in h} | set(parse_cards(dead))
    rest = [c for c in sorted_cards(PACK) if c not in taken]
    extra = sorted_cards((*parse_cards(dead), *rest[: 11 - len(parse_cards(dead))]))
    state = attrs.evolve(
        dealt({}, dead=""),
        hands=tuple(sorted_cards(h) for h in held),
        dead=extra,
        played=tuple(rest[11 - len(parse_cards(dead)) :]),
        turn=turn,
        barred=barred,
    )
    if ledger is not None:
        state = attrs.evolve(state, ledger=ledger)
    michigan.check_invariants(state)
    return state


def moves(state: State) -> list[str]:
    return [str(m) for m in michigan.legal_moves(state)]


def play(state: State, *texts: str) -> State:
    for text in texts:
        state = michigan.apply(state, michigan.parse_move(state, text))
    return state


def told(state: State) -> list[str]:
    return [str(e) for e in state.events]


# The deal, antes and boodle cards ----------------------------------------------------------


def test_antes_come_first_and_the_deal_starts_with_the_extra_hand() -> None:
    """Seed: each player antes on the boodle cards; the dealer then deals all the cards one at a
    time, including an extra hand to his left (dealt first), ending with the dealer."""
    deck = list(PACK)
    state = michigan.new_game(4, seed=1, deck=deck, dealer=1)
    assert state.phase is Phase.ANTE and state.hands == ((),) * 4 and len(state.stock) == 52
    assert michigan.to_act(state) == frozenset({2})
    state = play(state, "ante 4 0 0 0")
    assert michigan.to_act(state) == frozenset({3}) and state.ledger.pots == (4, 0, 0, 0)
    state = play(state, "ante 0 4 0 0", "ante 0 0 4 0", "ante 1 1 1 1")
    assert state.ledger.pots == (5, 5, 5, 1) and state.ledger.counts == (46,) * 4
    # 5 places in deal order: the extra hand gets cards 1, 6, 11, ...; seat 2 (the dealer's
    # left) cards 2, 7, ...; the dealer, seat 1, cards 5, 10, ... (the pack in order: AC 2C ...).
    assert state.dead == parse_cards("6C JC AC 3D 8D KD 5H 10H 2S 7S QS")
    assert state.hands[2] == parse_cards("2C 7C QC 4D 9D 6H JH AH 3S 8S KS")
    assert state.hands[1] == parse_cards("5C 10C 2D 7D QD 4H 9H 6S JS AS")
    assert [len(h) for h in state.hands] == [10, 10, 11, 10]
    assert told(state) == ["seat 1 pays: antes on AH KC QD JS 1 1 1 1", "seat 1 deals hand 1", "seat 2 leads"]
    assert michigan.to_act(state) == frozenset({2})


def test_ante_splits_are_any_four_whole_numbers_summing_to_the_ante() -> None:
    """Seed: "divide up your ante equally, put it all on one boodle card, or however you like"."""
    state = michigan.new_game(4, seed=1, dealer=0)
    assert len(moves(state)) == 35  # four parts summing to 4
    assert moves(state)[:3] == ["ante 4 0 0 0", "ante 3 1 0 0", "ante 3 0 1 0"]
    assert moves(state)[-1] == "ante 0 0 0 4" and "ante 1 1 1 1" in moves(state)
    assert michigan.ante_splits(1) == ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))
    with pytest.raises(IllegalMove, match="the ante is 4 chips on AH KC QD JS"):
        michigan.apply(state, Ante(1, (2, 2, 0, 1)))
    with pytest.raises(IllegalMove, match="seat 1 antes now, not seat 2"):
        michigan.apply(state, Ante(2, (1, 1, 1, 1)))
    with pytest.raises(IllegalMove, match="dealt after every seat has anted"):
        michigan.apply(state, PlayCard(1, Card.parse("2C")))


def test_option_ante_changes_the_stake() -> None:
    """Options.ante: the "agreed-upon ante" is the table's choice."""
    state = michigan.new_game(3, seed=2, options=Options(ante=2), dealer=0)
    assert moves(state) == [
        "ante 2 0 0 0", "ante 1 1 0 0", "ante 1 0 1 0", "ante 1 0 0 1", "ante 0 2 0 0",
        "ante 0 1 1 0", "ante 0 1 0 1", "ante 0 0 2 0", "ante 0 0 1 1", "ante 0 0 0 2",
    ]  # fmt: skip
    state = ante_all(state, "ante 0 0 0 2")
    assert state.ledger.pots == (0, 0, 0, 6) and state.ledger.counts == (48, 48, 48)


def test_first_dealer_is_drawn_from_the_seed() -> None:
    """Seed: "A random dealer is selected"; new_game(dealer=) fixes it."""
    dealers = {michigan.new_game(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert michigan.new_game(4, seed=5).dealer == michigan.new_game(4, seed=5).dealer
    assert michigan.new_game(5, seed=5, dealer=4).turn == 0


# Leads and runs -----------------------------------------------------------------------------


def test_lead_is_the_lowest_card_of_a_suit() -> None:
    """Notes 4.1 scenario 1: holding 4H, 9H, 2S a seat may lead 4H or 2S, never 9H; seed: "the
    player to the left of the dealer starts ... the lowest card in any of his suits"."""
    state = dealt({0: "4H 9H 2S"}, dead="")
    assert state.turn == 0 and michigan.to_act(state) == frozenset({0})
    assert state.hands[0] == parse_cards("KC AC 2D 3D 4D 5D 6D 7D 4H 9H 2S")
    assert moves(state) == ["play KC", "play 2D", "play 4H", "play 2S"]
    with pytest.raises(IllegalMove, match="a lead is the lowest card of its suit: 4H"):
        michigan.apply(state, PlayCard(0, Card.parse("9H")))
    with pytest.raises(IllegalMove, match="seat 0 does not hold 5H"):
        michigan.apply(state, PlayCard(0, Card.parse("5H")))
    with pytest.raises(IllegalMove, match="seat 0 leads now; the rest of a sequence plays itself"):
        michigan.apply(state, PlayCard(1, state.hands[1][0]))


def test_whoever_holds_the_next_card_plays_it_until_the_extra_hand_stops_it() -> None:
    """Notes 4.1 scenario 2 (seed: "no matter where at the table you sit"): 4H led, 5H and 6H in
    two other hands, 7H in the extra hand: both follow by themselves and the holder of 6H leads
    next, not in hearts."""
    state = position(("4H 9H 2S", "5H 3C", "6H 8H 2D 4S", "3D"), dead="7H", turn=0)
    state = play(state, "play 4H")
    assert told(state) == [
        "seat 0 plays 4H", "seat 1 plays 5H", "seat 2 plays 6H", "seat 2 note: stop after 6H", "seat 2 leads",
    ]  # fmt: skip
    assert state.turn == 2 and state.barred is Suit.HEARTS and state.played[-3:] == parse_cards("4H 5H 6H")
    assert moves(state) == ["play 2D", "play 4S"]
    with pytest.raises(IllegalMove, match="H just stopped: lead a new suit"):
        michigan.apply(state, PlayCard(2, Card.parse("8H")))


def test_a_run_stops_at_a_card_already_played() -> None:
    """Standard rules: a lower card of a suit may be led later; its run stops where the cards
    already played begin (here 4H went earlier)."""
    state = position(("2H 9S", "3H 7D", "5H 3S", "6S"), turn=0)
    assert Card.parse("4H") in state.played
    state = play(state, "play 2H")
    assert told(state) == ["seat 0 plays 2H", "seat 1 plays 3H", "seat 1 note: stop after 3H", "seat 1 leads"]
    assert moves(state) == ["play 7D"]


def test_an_ace_stops_the_run_and_its_player_leads_a_new_suit() -> None:
    """Notes 4.1 scenario 4; seed: play stops "when the sequence reaches an ace"."""
    state = position(("QS 2C", "KS 2D", "AS 2H 3H", "3C"), turn=0)
    state = play(state, "play QS")
    assert told(state) == [
        "seat 0 plays QS", "seat 1 plays KS", "seat 2 plays AS", "seat 2 note: stop after AS", "seat 2 leads",
    ]  # fmt: skip
    assert state.turn == 2 and state.barred is Suit.SPADES and moves(state) == ["play 2H"]


def test_a_seat_without_a_new_suit_passes_the_lead_to_its_left() -> None:
    """Seed: "If he does not have a card in a new suit, he passes the lead to the player on his
    left" (automatic: nobody has a choice)."""
    state = position(("2C 5D", "3C 9C", "6D 7D", "8D"), dead="4C", turn=0)
    state = play(state, "play 2C")
    assert told(state) == [
        "seat 0 plays 2C", "seat 1 plays 3C", "seat 1 note: stop after 3C", "seat 1 passes: has no new suit",
        "seat 2 leads",
    ]  # fmt: skip
    assert state.turn == 2 and state.barred is Suit.CLUBS and moves(state) == ["play 6D"]


def test_lead_passes_over_every_seat_holding_only_the_stopped_suit() -> None:
    """Seed: the lead passes to the left again while the next seat has no new suit either."""
    state = position(("2C 4C", "9C 10C", "JC KC", "6C 3D"), dead="3C", turn=0)
    state = play(state, "play 2C")  # 3C is in the extra hand: seat 0 stops clubs at once
    assert told(state) == [
        "seat 0 plays 2C", "seat 0 note: stop after 2C", "seat 0 passes: has no new suit",
        "seat 1 passes: has no new suit", "seat 2 passes: has no new suit", "seat 3 leads",
    ]  # fmt: skip
    assert moves(state) == ["play 3D"] and state.barred is Suit.CLUBS


def test_a_run_crosses_the_table_in_any_order() -> None:
    """Seed: "If you have the next card in sequence in the same suit, you play that card, no
    matter where at the table you sit"."""
    state = position(("2C 5C 9D", "3C 10C", "4C 6C 9S", "7C 8D"), dead="8C", turn=1)
    state = play(state, "play 3C")
    assert told(state) == [
        "seat 1 plays 3C", "seat 2 plays 4C", "seat 0 plays 5C", "seat 2 plays 6C", "seat 3 plays 7C",
        "seat 3 note: stop after 7C", "seat 3 leads",
    ]  # fmt: skip
    assert moves(state) == ["play 8D"]


def test_when_only_the_stopped_suit_is_left_the_last_player_leads_it() -> None:
    """Notes 4.1 reading: if no seat can lead a different suit, the stopper leads its lowest card
    of the stopped suit."""
    state = position(("2C 5C", "6C", "7C", "9C"), dead="3C", turn=0)
    state = play(state, "play 2C")
    assert told(state) == [
        "seat 0 plays 2C", "seat 0 note: stop after 2C", "seat 0 passes: has no new suit",
        "seat 1 passes: has no new suit", "seat 2 passes: has no new suit", "seat 3 passes: has no new suit",
        "note: only the stopped suit is left", "seat 0 leads",
    ]  # fmt: skip
    assert state.turn == 0 and state.barred is None and moves(state) == ["play 5C"]


# Chips --------------------------------------------------------------------------------------


def test_playing_a_boodle_card_collects_its_chips() -> None:
    """Notes 4.1 scenario 3; seed: "If at any time you play a card that is the same as one of
    the boodle cards, you collect the chips on that card"."""
    ledger = Ledger((46, 46, 43, 46), (False,) * 4, (4, 4, 7, 4))
    state = position(("10D 2C", "JD 3C", "QD 4C", "5C"), dead="KD", turn=0, ledger=ledger)
    state = play(state, "lead D")
    assert told(state) == [
        "seat 0 plays 10D", "seat 1 plays JD", "seat 2 plays QD", "seat 2 wins: the boodle QD 7",
        "seat 2 note: stop after QD", "seat 2 leads",
    ]  # fmt: skip
    assert state.ledger.pots == (4, 4, 0, 4) and state.ledger.counts == (46, 46, 50, 46)


def test_an_empty_boodle_pays_nothing() -> None:
    """Seed: the player collects "the chips on that card": none there, nothing happens."""
    ledger = Ledger((50, 50, 50, 34), (False,) * 4, (4, 4, 0, 8))
    state = position(("10D 2C", "JD 3C", "QD 4C", "5C"), dead="KD", turn=0, ledger=ledger)
    state = play(state, "lead D")
    assert EventKind.WINS not in {e.kind for e in state.events} and state.ledger == ledger


def test_the_first_seat_out_collects_a_chip_per_card_from_each_other_seat() -> None:
    """Notes 4.1 scenario 5; seed: "collect one chip from each player for every card that he
    holds": others holding 3, 1 and 5 cards pay 9 in all."""
    state = position(("9H", "2C 3C 4C", "2D", "2S 3S 4S 5S 6S"), dead="10H", turn=0)
    state = play(state, "play 9H")
    assert told(state)[:3] == ["seat 0 plays 9H", "seat 0 goes out", "hand scored: 9 -3 -1 -5"]
    assert state.hand == 2 and state.phase is Phase.ANTE and state.dealer == 0 and state.turn == 1
    assert state.ledger.counts == (46 + 9, 46 - 3, 46 - 1, 46 - 5)


def test_boodle_chips_not_won_stay_for_the_next_hand() -> None:
    """Notes 4.1 scenario 6; seed: "If the game ends before the chips are taken off a card,
    those chips remain for the next hand"."""
    state = position(("9H", "2C", "2D", "2S"), dead="10H", turn=0)
    state = play(state, "play 9H")
    assert state.hand == 2 and state.ledger.pots == (4, 4, 4, 4)
    # The finished hand's cards lie on the table until the deal gathers them.
    assert state.hands[0] == () and state.played[-1] == Card.parse("9H") and state.stock == ()
    michigan.check_invariants(state)
    state = ante_all(state, "ante 0 0 0 4")
    assert [len(h) for h in state.hands] == [10, 11, 10, 10] and state.turn == 1 and state.dealer == 0
    assert state.ledger.pots == (4, 4, 4, 20) and state.ledger.counts == (45, 41, 41, 41)


def test_a_short_seat_antes_and_pays_only_what_it_holds_and_the_match_ends() -> None:
    """Library reading: chips are a ledger, nobody pays more than it has, and the match ends
    after a hand that leaves a seat with no chips."""
    state = michigan.new_game(4, seed=3, dealer=3)
    state = attrs.evolve(state, ledger=Ledger((2, 98, 50, 50), (False,) * 4, (0, 0, 0, 0)))
    assert moves(state) == [
        "ante 2 0 0 0", "ante 1 1 0 0", "ante 1 0 1 0", "ante 1 0 0 1", "ante 0 2 0 0",
        "ante 0 1 1 0", "ante 0 1 0 1", "ante 0 0 2 0", "ante 0 0 1 1", "ante 0 0 0 2",
    ]  # fmt: skip
    state = play(state, "ante 2 0 0 0", "ante 4 0 0 0", "ante 4 0 0 0", "ante 4 0 0 0")
    assert state.ledger.counts == (0, 94, 46, 46) and state.ledger.pots == (14, 0, 0, 0)
    hands = ("2C 3C 4C", "9H", "2D", "2S 3S 4S 5S 6S")
    state = position(hands, dead="10H", turn=1, ledger=state.ledger)
    state = play(state, "play 9H")
    assert told(state) == [
        "seat 1 plays 9H", "seat 1 goes out", "hand scored: 0 6 -1 -5", "note: out of chips: 0",
        "game over; winners: 1",
    ]  # fmt: skip
    assert state.ledger.counts == (0, 100, 45, 41) and state.ledger.pots == (14, 0, 0, 0)
    assert state.phase is Phase.OVER and state.hand == 1 and michigan.winners(state) == frozenset({1})


# The match ----------------------------------------------------------------------------------


def test_match_is_one_deal_per_seat_and_the_most_chips_wins() -> None:
    """Library reading: `rounds` times round the table (one deal each by default), dealer
    moving left each hand; the most chips wins and chips on the boodles are nobody's."""
    state = michigan.new_game(3, seed=4, dealer=0)
    dealers: list[tuple[int, int]] = []
    while not michigan.is_over(state):
        if state.phase is Phase.ANTE and (not dealers or dealers[-1][0] != state.hand):
            dealers.append((state.hand, state.dealer))
        state = michigan.apply(state, michigan.legal_moves(state)[0])
    assert dealers == [(1, 0), (2, 1), (3, 2)] and state.hand == 3
    assert michigan.scores(state) == state.ledger.counts == (43, 75, 32) and state.ledger.pots == (0, 0, 0, 0)
    assert michigan.winners(state) == frozenset({1})
    assert told(state)[-3:] == ["seat 1 goes out", "hand scored: -8 13 -5", "game over; winners: 1"]
    assert michigan.legal_moves(state) == () and michigan.to_act(state) == frozenset()
    assert state.events[-1].kind is EventKind.GAME_OVER


def test_option_rounds_lengthens_the_match() -> None:
    """Options.rounds: the deal goes round the table this many times."""
    assert michigan.hands_in_match(Options(rounds=2), 3) == 6
    state = michigan.new_game(3, seed=4, dealer=0, options=Options(rounds=2, chips=500))
    while not michigan.is_over(state):
        state = michigan.apply(state, michigan.legal_moves(state)[0])
    assert state.hand == 6 and sum(state.ledger.counts) + sum(state.ledger.pots) == 1500


def test_option_chips_sets_the_starting_stack() -> None:
    """Options.chips: every seat starts with this many chips."""
    assert michigan.new_game(5, seed=1, options=Options(chips=7)).ledger.counts == (7,) * 5
    assert michigan.new_game(5, seed=1).ledger.counts == (50,) * 5


def test_tied_chips_share_the_win() -> None:
    """Library reading: the most chips wins and equal counts share."""
    state = position(("9H", "2C", "2D 3D", "2S"), dead="10H", turn=0)
    state = attrs.evolve(state, hand=4, ledger=Ledger((47, 49, 49, 51), (False,) * 4, (1, 1, 1, 1)))
    state = play(state, "play 9H")  # seat 0 collects 1 + 2 + 1 = 4 chips: 51, 48, 47, 50
    assert state.phase is Phase.OVER and state.ledger.counts == (51, 48, 47, 50)
    assert michigan.winners(state) == frozenset({0})
    state = position(("9H", "2C", "2D 3D", "2S"), dead="10H", turn=0)
    state = attrs.evolve(state, hand=4, ledger=Ledger((47, 49, 49, 52), (False,) * 4, (1, 1, 1, 0)))
    state = play(state, "play 9H")
    assert state.ledger.counts == (51, 48, 47, 51) and michigan.winners(state) == frozenset({0, 3})
    assert michigan.winners(position(("9H", "2C", "2D 3D", "2S"), dead="10H")) == frozenset()


def test_player_counts_dealer_and_deck_are_checked() -> None:
    """Standard rules: three to eight players."""
    with pytest.raises(ValueError, match="3, 4, 5, 6, 7, 8|3-8|allowed"):
        michigan.new_game(2)
    with pytest.raises(ValueError, match="dealer"):
        michigan.new_game(4, dealer=4)
    with pytest.raises(ValueError, match="52-card pack"):
        michigan.new_game(4, deck=["AS"] * 52)
    eight = ante_all(michigan.new_game(8, seed=1, dealer=7))
    assert [len(h) for h in eight.hands] == [6, 6, 6, 6, 6, 6, 5, 5] and len(eight.dead) == 6
    assert Options.book() == Options()
    with pytest.raises(ValueError, match="ante must be a whole number from 1 to 10"):
        Options(ante=0)
    with pytest.raises(ValueError, match="rounds must be a whole number from 1 to 20"):
        Options(rounds=0)


# Views, notation, invariants ---------------------------------------------------------------


def test_nobody_sees_the_extra_hand() -> None:
    """Seed: the extra hand "will not be seen by any of the players"."""
    state = dealt({0: "4H"}, dead="7H")
    seen = michigan.view(state, 0)
    assert seen.dead == (HIDDEN,) * 11 and seen.hands[0] == state.hands[0]
    assert seen.hands[1] == (HIDDEN,) * len(state.hands[1]) and seen.ledger == state.ledger
    assert michigan.legal_moves(seen) == michigan.legal_moves(state, 0)
    assert michigan.legal_moves(michigan.view(state, 1)) == ()
    spectator = michigan.view(state, None)
    assert all(h == (HIDDEN,) * len(h) for h in spectator.hands) and michigan.legal_moves(spectator) == ()
    before = michigan.view(michigan.new_game(4, seed=1, dealer=3), 2)
    assert before.stock == (HIDDEN,) * 52


def test_notation_canonical_and_lenient() -> None:
    state = position(("4H 9H 2S", "2C", "3C", "4C"), turn=0)
    assert michigan.parse_move(state, "play 4H") == PlayCard(0, Card.parse("4H"))
    assert michigan.parse_move(state, "lead h") == michigan.parse_move(state, "play hearts")
    assert michigan.parse_move(state, "0: lead S") == PlayCard(0, Card.parse("2S"))
    with pytest.raises(NotationError):
        michigan.parse_move(state, "play 9H")
    with pytest.raises(NotationError):
        michigan.parse_move(state, "lead D")
    fresh = michigan.new_game(4, seed=1, dealer=3)
    assert michigan.parse_move(fresh, "ante 0 2 2 0") == Ante(0, (0, 2, 2, 0))
    for move in michigan.legal_moves(fresh):
        assert michigan.parse_move(fresh, str(move)) is move


def test_helpers_next_card_and_deal_places() -> None:
    """Ranks run 2 up to the ace; the extra hand is the first place dealt to."""
    assert michigan.next_up(Card.parse("10S")) == Card.parse("JS")
    assert michigan.next_up(Card.parse("KS")) == Card.parse("AS")
    assert michigan.next_up(Card.parse("AS")) is None
    assert michigan.deal_positions(2, 4) == (4, 3, 0, 1, 2)
    assert [michigan.dead_hand_size(n) for n in (3, 4, 5, 8)] == [13, 11, 9, 6]
    assert michigan.BOODLES == parse_cards("AH KC QD JS")


def test_check_invariants_rejects_impossible_states() -> None:
    state = dealt({0: "4H"}, dead="7H")
    michigan.check_invariants(state)
    with pytest.raises(ValueError, match="do not add up"):
        michigan.check_invariants(attrs.evolve(state, ledger=Ledger((50,) * 4, (False,) * 4, (4, 4, 4, 4))))
    with pytest.raises(ValueError, match="not sorted"):
        michigan.check_invariants(attrs.evolve(state, hands=(state.hands[0][::-1], *state.hands[1:])))
    with pytest.raises(ValueError, match="extra hand holds 10 cards, not 11"):
        moved = (*state.hands[:3], sorted_cards(state.hands[3] + state.dead[-1:]))
        michigan.check_invariants(attrs.evolve(state, hands=moved, dead=state.dead[:-1]))
    with pytest.raises(ValueError, match="turn: seat 9"):
        michigan.check_invariants(attrs.evolve(state, turn=9))
    with pytest.raises(ValueError, match="before the first deal"):
        michigan.check_invariants(attrs.evolve(state, phase=Phase.ANTE))
    with pytest.raises(ValueError, match="nobody out"):
        michigan.check_invariants(attrs.evolve(state, ledger=attrs.evolve(state.ledger, out=(True, False, False, False))))
    stuck = position(("2C 3C", "4D", "5D", "6D"), turn=0)
    # Play never gives the lead to a seat holding only the barred suit, but a position dealt
    # afresh by shuffle_unseen may: the seat then leads the barred suit rather than get stuck.
    assert moves(attrs.evolve(stuck, barred=Suit.CLUBS)) == ["play 2C"]
    with pytest.raises(ValueError, match="every seat holds cards"):
        michigan.check_invariants(attrs.evolve(stuck, hands=((), *stuck.hands[1:]), played=stuck.played + stuck.hands[0]))


def test_json_round_trip_registry_and_render() -> None:
    state = dealt({0: "4H", 1: "5H", 2: "6H"}, dead="7H")
    state = play(state, "play 4H")
    assert parlour.from_json(parlour.to_json(state)) == state
    assert parlour.game("michigan").title == "Michigan"
    picture = michigan.render(michigan.view(state, 2))
    assert "boodle cards: AH 4, KC 4, QD 4, JS 4" in picture
    assert "seat 2 to lead the lowest card of any suit but H (just stopped)" in picture
    assert "played: 4H 5H 6H" in picture and "extra hand: 11 cards, face down" in picture


def test_holders_table_handed_on_by_apply_matches_the_hands() -> None:
    """The per-card holder table that apply carries from state to state equals the one computed
    afresh from the hands, all through a match."""
    state = michigan.new_game(5, seed=9)
    checked = 0
    while not michigan.is_over(state):
        if state.phase is Phase.PLAY:
            assert state.holders == attrs.evolve(state).holders
            assert state.holders[Card.parse(str(state.hands[state.turn][0])).index] == state.turn
            checked += 1
        state = michigan.apply(state, michigan.legal_moves(state)[-1])
    assert checked > 20
