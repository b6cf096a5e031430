"""Oh Hell!: bid the exact number of tricks you will take; the hands grow by a card and shrink again.

Sources: the Book of Card Games, "Oh Hell!" (preset `book`, the default) and the Metzker Book of
Card Game Rules, "Oh Hell!" (preset `metzker`); OpenSpiel's ``oh_hell`` for the `openspiel`
preset and the options it adds (one hand of a fixed or random size, a point per trick).

Rules common to both books: one 52-card pack, ace high, 3 to 7 players. Each hand is dealt one
card at a time clockwise from the dealer's left; the next card is turned up and its suit is
trump for the hand, and when no card is left to turn the hand has no trump. Every player bids
a number of tricks from 0 to the hand size, from the dealer's left round to the dealer, who
bids last and may not make the bids total the number of tricks (the hook: someone must fail).
The player to the dealer's left leads; suit must be followed, a void hand may play anything;
the highest trump, else the highest card of the suit led, wins and leads next. After the last
hand the highest total wins.

- `book`: hands of 1, 2, ... up to the most every player can be dealt equally (52 // players),
  then back down to 1, the peak played once (25 deals for four players, 19 for five); a made
  bid scores 10 a trick bid (10 for a made zero), a missed bid loses 10 a trick over or under.
- `metzker`: hands from 1 up to 10 (3-5 players) or 7 (6-7 players) and back down to 1; the
  first hand is bid blind, all at once (knocking and showing a finger or a fist), and has no
  hook; a made bid scores 10 plus the bid ("a 1 in front of the bid"), a missed one nothing.

Readings where the books are silent, or unclear:

- Metzker's "Play to 10 ... Play to 7" is the peak hand size for 3-5 and 6-7 players; its
  "cards are dealt up to 7" is the 6-7 player case. Its "1 in front" is 10 + bid, so a made
  bid of 10 scores 20 (not 110).
- Only Metzker's first hand is blind: the seats choose their bids in any order, no seat sees
  another's bid until all have bid, and the hook does not apply; the last one-card hand is bid
  in turn with the hook.
- The book says only that the dealer bids last: the bidding starts at the dealer's left.
- The first dealer is drawn from the seed (the book's high-card cut is a uniform draw) unless
  `dealer=` is given; the deal passes to the left after every hand.
- Equal highest totals share the win.

OpenSpiel's ``oh_hell`` plays one hand whose size is fixed (``num_tricks_fixed``) or drawn at
random from 1 to (52 - 1) // players, always with a card left to turn up, and scores a point per
trick taken plus 10 for a made bid (``points_per_trick``), or with ``off_bid_penalty`` loses a
point per trick off on a miss. The `schedule`, `peak`, `hands`, `scoring` and
`points_per_trick` options give those rules; `Options.openspiel()` gathers them.

The package reads in dependency order: `options` (rule tables, `Options`, the schedule and
scoring helpers), `rules` (moves, `State`, zones, the verbs and the phase helpers) and `render`
(the text picture); this module re-exports the public names and holds the `GAME` record.

>>> state = new_game(seed=7, dealer=0)
>>> state.phase, state.size, [str(m) for m in legal_moves(state)]
(<Phase.BID: 1>, 1, ['bid 0', 'bid 1'])
>>> state = apply(state, parse_move(state, "bid 1"))
>>> [str(e) for e in state.events]
['seat 1 bids: 1']
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.oh_hell.options import (
    AUCTION_RULES,
    BOOK_POINTS,
    HIDDEN_BID,
    MADE_BONUS,
    MAX_HANDS,
    MAX_POINTS_PER_TRICK,
    MAX_SIZE,
    METZKER_PEAKS,
    PACK,
    PLAYERS,
    PRESETS,
    QUICK,
    Options,
    Peak,
    Schedule,
    Scoring,
    hand_count,
    hand_sizes,
    hook_applies,
    is_blind,
    peak_size,
    players_for,
    score_bid,
)
from parlour.games.oh_hell.render import render
from parlour.games.oh_hell.rules import (
    MOVE_TYPES,
    ZONES,
    BidTricks,
    Move,
    Phase,
    PlayCard,
    State,
    apply,
    bids,
    check_invariants,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    to_act,
    tricks_taken,
    trump,
    view,
    winners,
)

__all__ = [
    "AUCTION_RULES", "BOOK_POINTS", "GAME", "HIDDEN_BID", "MADE_BONUS", "MAX_HANDS", "MAX_POINTS_PER_TRICK",
    "MAX_SIZE", "METZKER_PEAKS", "MOVE_TYPES", "PACK", "PLAYERS", "PRESETS", "QUICK", "ZONES", "BidTricks", "Move",
    "Options", "Peak", "Phase", "PlayCard", "Schedule", "Scoring", "State", "apply", "bids", "check_invariants",
    "hand_count", "hand_sizes", "hook_applies", "is_blind", "is_over", "legal_moves", "new_game", "parse_move",
    "peak_size", "players_for", "render", "score_bid", "scores", "shuffle_unseen", "to_act", "tricks_taken", "trump",
    "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="oh_hell",
    title="Oh Hell!",
    family="tricks",
    summary="Bid exactly the tricks you will take, through hands that grow by a card and shrink again.",
    players=PLAYERS,
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=1_000,
    quick=QUICK,
    players_for=players_for,
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
