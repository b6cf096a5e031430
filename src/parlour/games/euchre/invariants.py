"""Euchre's invariants: `check_invariants`, the guard against states no game reaches.

`from_json` runs it on every decoded state, so it checks every field that `legal_moves`,
`apply` and `view` index into: the seats, the phase against the auction (replayed by core's
`check_auction`) and trump as made, who sits out, the trick and its seats, the hand sizes, the
kitty, the turned card and the discard, conservation and the views (from the zones), and the
score laws (one side at most past the target, exactly when the game is over).
"""

from __future__ import annotations

from parlour.core.auction import Contract, OrderUp as CallOrderUp, check_auction, result
from parlour.core.cards import sorted_cards
from parlour.core.rng import Rng
from parlour.core.seats import check_seat, seats_from
from parlour.core.zones import check_zones

from .options import HAND_SIZE, KITTY_SIZE, LONE_MARCH, PACK, Options
from .rules import (
    _CALL,
    _DEFEND,
    _DISCARD,
    _OVER,
    _TURNED,
    LADDER,
    ZONES,
    Making,
    State,
    _auction_rules,
    _defenders,
    _first_leader,
    _out_of,
)

__all__ = ["check_invariants"]


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be euchre Options")
    if len(state.hands) != 4 or len(state.won) != 4:
        raise ValueError("Euchre has four hands and four won piles")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, 4)
    if type(state.hand) is not int or state.hand < 1:
        raise ValueError(f"hand number {state.hand!r} is not 1 or more")
    check_seat("dealer", state.dealer, 4)
    if len(state.points) != 2 or any(type(p) is not int or p < 0 for p in state.points):
        raise ValueError(f"points {state.points!r} must be two scores of 0 or more")
    if max(state.points) >= o.target_score + LONE_MARCH:
        raise ValueError(f"a score of {max(state.points)} is past any reachable from {o.target_score}")
    over = state.phase is _OVER
    reached = [p >= o.target_score for p in state.points]
    if over != any(reached) or all(reached):
        raise ValueError(f"the game is over exactly when one side has reached {o.target_score}")
    check_zones("euchre", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if len(state.kitty) != KITTY_SIZE:
        raise ValueError(f"the kitty holds {len(state.kitty)} cards, not {KITTY_SIZE}")
    _check_auction(state)
    phase = state.phase
    trick = state.trick
    check_seat("trick leader", trick.leader, 4)
    if len(trick.cards) != len(trick.seats):
        raise ValueError("the trick needs one seat per card")
    sizes = [len(h) for h in state.hands]
    if phase is _CALL:
        if len(state.upcard) != 1 or state.discard:
            raise ValueError("while trump is being made the turned card lies on the kitty")
        if state.making is not None:
            raise ValueError("no trump is made while the calling goes on")
        if trick.cards or any(state.won) or trick.leader != (state.dealer + 1) % 4:
            raise ValueError("no card is played before trump is made")
        if sizes != [HAND_SIZE] * 4:
            raise ValueError("every seat holds 5 cards while trump is being made")
        return
    making = _check_made(state)
    ordered = isinstance(state.auction.calls[-1], CallOrderUp)
    picked = ordered and not (making.alone and making.maker == (state.dealer + 2) % 4)
    if phase in (_DISCARD, _DEFEND) and (trick.cards or any(state.won) or trick.leader != (state.dealer + 1) % 4):
        raise ValueError("no card is played before the dealer's discard and the defenders' choice")
    if phase in (_DISCARD, _DEFEND) and sizes != [HAND_SIZE] * 4:
        raise ValueError("every seat holds 5 cards before the play")
    if phase is _DISCARD:
        if not picked or len(state.upcard) != 1 or state.discard:
            raise ValueError("the dealer discards after the turned card is ordered up, once")
        if making.lone_defender is not None or making.defend_passes:
            raise ValueError("defending alone comes after the dealer's discard")
        return
    if len(state.upcard) != (0 if picked else 1) or len(state.discard) != (1 if picked else 0):
        raise ValueError("the turned card is in the dealer's hand (and one card discarded) exactly when ordered up")
    if phase is _DEFEND:
        if not o.lone_defender or making.lone_defender is not None or making.defend_passes not in (0, 1):
            raise ValueError("the defenders choose in turn whether to defend alone, with that option")
        return
    _check_play(state, making)


def _check_auction(state: State) -> None:
    """The auction is this deal's making of trump, and its result matches the phase."""
    auction = state.auction
    check_auction(auction)
    if (
        auction.rules != _auction_rules(state.options)
        or auction.ladder != LADDER
        or auction.players != 4
        or auction.dealer != state.dealer
        or auction.order != seats_from((state.dealer + 1) % 4, 4)
    ):
        raise ValueError("the auction is not this deal's making of trump")
    if state.upcard and auction.turned != _TURNED.get(state.upcard[0].suit):
        raise ValueError("the auction's turned suit is not the turned card's")
    if state.phase is _CALL:
        if auction.turn is None:
            raise ValueError("the auction is over but trump is not made")
    elif auction.turn is None:
        if not isinstance(result(auction), Contract):
            raise ValueError("trump is made only by a call")
    else:
        raise ValueError("trump is made only once the auction is over")


def _check_made(state: State) -> Making:
    """Trump, maker and lone hands agree with the auction's contract and the options."""
    making = state.making
    if not isinstance(making, Making):
        raise ValueError("trump is made once the calling is over")
    contract = result(state.auction)
    assert isinstance(contract, Contract) and contract.bid.strain is not None
    if (making.trump, making.maker, making.alone) != (contract.bid.strain.suit, contract.declarer, contract.alone):
        raise ValueError("trump, maker and going alone must be what the making call said")
    defender = making.lone_defender
    if defender is not None:
        check_seat("lone_defender", defender, 4)
        if not state.options.lone_defender or defender % 2 == contract.declarer % 2:
            raise ValueError("a lone defender is a defender, with option lone_defender")
    if type(making.defend_passes) is not int or not 0 <= making.defend_passes <= 2:
        raise ValueError("defend_passes is 0..2")
    if making.out != _out_of(making):
        raise ValueError("the seats sitting out are the partners of the lone players")
    return making


def _check_play(state: State, making: Making) -> None:
    """The play phase (and the finished game): sitting out, the trick, the hands, the tricks."""
    order = _defenders(state.dealer, making.maker)
    if state.options.lone_defender:
        if making.lone_defender is None and making.defend_passes != 2:
            raise ValueError("play starts when a defender goes alone or both decline")
        if making.lone_defender is not None and making.lone_defender != order[making.defend_passes]:
            raise ValueError("the lone defender is the defender whose turn it was")
    elif making.defend_passes:
        raise ValueError("no defender is asked without option lone_defender")
    out = making.out
    n = 4 - len(out)
    won = [len(w) for w in state.won]
    if any(won[s] for s in out) or any(w % n for w in won):
        raise ValueError("the won piles are whole tricks of the seats that play")
    done = sum(won) // n
    trick = state.trick
    if trick.leader in out:
        raise ValueError("a seat sitting out does not lead")
    if done == 0 and trick.leader != _first_leader(state.dealer, out):
        raise ValueError("the first trick is led from the dealer's left (skipping a seat sitting out)")
    rotation = [s for s in seats_from(trick.leader, 4) if s not in out]
    if len(trick.cards) >= n or trick.seats != tuple(rotation[: len(trick.cards)]):
        raise ValueError("the trick's cards come from the leader and the seats that play, in turn")
    for s in range(4):
        expect = HAND_SIZE if s in out else HAND_SIZE - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    if state.phase is _OVER:
        if done != HAND_SIZE or trick.cards:
            raise ValueError("the game ends only after the last trick of a hand")
    elif done >= HAND_SIZE:
        raise ValueError("every trick is played but the hand was not scored")
