"""Five Hundred: a partnership point-bidding trick game for four, played for counters.

Rules: the Metzker Book of Card Game Rules, "500 Rummy" (a trick game despite its name, close to
Rook), with the readings of the project's rules notes (tricks section 3) where it is silent.
Four players, partners opposite (seats 0 and 2 against 1 and 3), one 52-card pack without
jokers: 12 cards each and 4 to the kitty. Only the counters score: each ace and ten 10, each
five 5 and the queen of spades 25, 125 points a hand. An auction from the dealer's left settles
a contract (points and a strain, a suit or no trump); the declarer takes the kitty, discards
four cards that are not counters, and leads the first trick. Follow suit if able; the bid suit
is trump (none in no trump). A side that makes its bid scores what it captured (plus 50 in no
trump); a side that is set loses its bid. The defenders always score their counters. A side
wins by making a contract that brings it to 500 or more, and loses when it falls to -150.

Readings where the rule book is silent (stated again in the docs):

- Bids go in fives from 60 to 125 (every counter is a multiple of five; 125 is all of them).
  Bids compare by points, then no trump above the suits; the four suits rank equal, so "70S"
  does not overcall "70H" but "70NT" and "75C" do. 125 no trump ends the auction at once.
- The auction is core's competitive auction: a pass drops the seat out for the hand; it ends
  when three have passed after a bid. When all four pass the dealer must take the bid at 60, in
  any strain. Trump is the strain of the bid and cannot change after seeing the kitty.
- A made contract scores the counters captured, not the bid (the book: "count the points you
  have collected"), plus 50 in no trump; a set contract loses the bid, and in no trump the 50
  too (option `nt_set_penalty_includes_bonus`). Defenders score their counters either way.
- Bidding out: a side wins only as declarer, making its contract with a total of 500 or more
  (option `must_bid_out`); a defending side may pass 500 and play on. A side at -150 or below
  after a hand loses at once (the other side wins).
- The declarer discards four cards one at a time; counters may not be discarded, unless fewer
  non-counters than cards still to discard remain in the hand (then any card: the shortfall of
  counters is discarded and credited to the declaring side, keeping the 125-point law). The
  kitty is seen by nobody until taken, and its place (the discards) by the declarer alone.
- The first dealer is drawn from the seed unless `dealer=` is given; the deal passes left.
  Cards are dealt one at a time clockwise from the dealer's left, 12 each, then the last four
  to the kitty.

The package reads in dependency order: `options` (the rule tables, the bidding table, `Options`
and the pure scoring helpers), `rules` (moves, `State`, zones, the verbs and the phase helpers)
and `render` (the text picture); this module re-exports the public names and holds the `GAME`
record.

>>> state = new_game(seed=3, dealer=0)
>>> state.phase, sorted(to_act(state)), len(legal_moves(state))
(<Phase.BID: 0>, [1], 71)
>>> [str(m) for m in legal_moves(state)[:7]]
['pass', 'bid 60C', 'bid 60D', 'bid 60H', 'bid 60S', 'bid 60NT', 'bid 65C']
>>> state = apply(state, parse_move(state, "bid 70 hearts"))
>>> [str(e) for e in state.events]
['seat 1 bids: bid 70H']
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.five_hundred.options import (
    AUCTION_RULES,
    BID_AMOUNTS,
    BID_VALUE,
    COUNTERS,
    HAND_POINTS,
    HAND_SIZE,
    KITTY_SIZE,
    LADDER,
    LOSING_SCORE,
    NO_TRUMP_BONUS,
    PACK,
    PLAYERS,
    PRESETS,
    QUICK,
    TARGET_SCORE,
    Options,
    contract_score,
    counters,
    side_of,
)
from parlour.games.five_hundred.render import render
from parlour.games.five_hundred.rules import (
    MOVE_TYPES,
    ZONES,
    Discard,
    MakeBid,
    Move,
    Pass,
    Phase,
    PlayCard,
    State,
    apply,
    captured,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    to_act,
    view,
    winners,
)

__all__ = [
    "AUCTION_RULES", "BID_AMOUNTS", "BID_VALUE", "COUNTERS", "GAME", "HAND_POINTS", "HAND_SIZE", "KITTY_SIZE",
    "LADDER", "LOSING_SCORE", "MOVE_TYPES", "NO_TRUMP_BONUS", "PACK", "PLAYERS", "PRESETS", "QUICK",
    "TARGET_SCORE", "ZONES", "Discard", "MakeBid", "Move", "Options", "Pass", "Phase", "PlayCard", "State",
    "apply", "captured", "check_invariants", "contract_score", "counters", "is_over", "legal_moves", "new_game",
    "parse_move", "render", "scores", "shuffle_unseen", "side_of", "to_act", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="five_hundred",
    title="Five Hundred",
    family="tricks",
    summary="Bid for the counters with your partner, take the kitty, and bid out to 500.",
    players=PLAYERS,
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=20_000,
    quick=QUICK,
    zones=ZONES,
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_act=to_act,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    parse_move=parse_move,
    check_invariants=check_invariants,
    shuffle_unseen=shuffle_unseen,
    render=render,
)
