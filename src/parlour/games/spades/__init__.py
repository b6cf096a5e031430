"""Spades: a partnership trick game in which spades are always trump and each side makes its bid.

Rules: the Hoyle Card Games manual, "Spades" (preset `hoyle`), with the readings below where
the manual is silent; the default options add the mercy rule (a side at -200 or below ends the
game), so that every match ends. Four
players, seats 0 and 2 against seats 1 and 3; 13 cards each, ace high, spades trump. Every
seat bids once, clockwise from the dealer's left: a number of tricks 1-13, Nil (none), or,
before looking at its cards, Double Nil. A side that takes at least the sum of its number bids
scores 10 a trick bid and 1 a trick over (a bag); ten bags cost 100. Nil scores 100 made or
lost, Double Nil 200. The game is to 500.

Readings where the manual is silent (library choices, stated in the docs):

- A side short of its bid loses 10 per trick bid (pagat).
- A nil bidder's tricks do not help the partner's bid but count as bags for the side; when
  both partners bid nil (or double nil) the side has no bid and every trick it takes is a bag.
  Option `nil_tricks_help_partner` (OpenSpiel) counts them toward the partner's bid instead.
- Bags carry over from hand to hand; each time a side reaches `bag_limit` it loses
  `bag_penalty` and `bag_limit` comes off its count (the excess carries on).
- Double Nil is decided before the seat picks up its cards: when its turn to bid comes, a seat
  that has not looked chooses ``bid double nil`` or ``look``; until then its own hand is hidden
  from it in its view (and from `render` and its legal moves), and after ``look`` it bids nil
  or 1-13. Where Double Nil is not open to a seat (the option is off, or with
  `double_nil_behind` its side is not far enough behind) the seat holds its cards from the deal.
  Many tables call this bid blind nil; ``parse_move`` reads "blind nil" too.
- Spades are broken by any spade played to a trick: trumping, or a spade led from a hand of
  nothing but spades (which may always lead one). Option `spades_broken` lifts the lead ban.
- The player to the dealer's left leads the first trick. The first dealer is drawn from the
  seed unless ``dealer=`` is given; the deal passes left and cards are dealt one at a time
  clockwise from the dealer's left.
- The game ends after a hand in which a side has reached `target_score` (or, with the mercy
  rule, fallen to `mercy_threshold`); the higher side wins; equal scores play another hand.
  The manual gives no losing score, so under preset `hoyle` two sides that keep failing their
  bids never finish; the default turns the mercy rule on at -200 (a widespread published
  house rule), and `max_plies` bounds a default match.

The package reads in dependency order: `options` (rule tables, `Options` with its presets and
the helpers that follow from them), `scoring` (the points and bags of a hand, the bag penalty,
the end of the game), `rules` (moves, `State`, zones, the verbs and the phase helpers) and
`render` (the text picture); this module re-exports the public names and holds `GAME`.

>>> state = new_game(seed=7, dealer=3)
>>> state.phase, sorted(to_act(state)), [str(m) for m in legal_moves(state)]
(<Phase.BID: 0>, [0], ['bid double nil', 'look'])
>>> view(state, 0).hands[0][:3]
(Card(rank=Rank.HIDDEN), Card(rank=Rank.HIDDEN), Card(rank=Rank.HIDDEN))
>>> state = apply(state, parse_move(state, "look"))
>>> [str(m) for m in legal_moves(state)][:4]
['bid nil', 'bid 1', 'bid 2', 'bid 3']
"""

from __future__ import annotations

from typing import Final

from parlour.core.auction import Bid
from parlour.core.game import GameSpec
from parlour.games.spades.options import (
    AUCTION_RULES,
    BAG_LIMIT,
    BAG_PENALTY,
    BAG_POINTS,
    DOUBLE_NIL,
    DOUBLE_NIL_POINTS,
    HAND_SIZE,
    NIL,
    NIL_POINTS,
    NUMBER_BIDS,
    PACK,
    PLAYERS,
    PRESETS,
    QUICK,
    TARGET_SCORE,
    TEAMS,
    TRICK_POINTS,
    TRUMP,
    Options,
    ladder,
    may_double_nil,
    team_of,
)
from parlour.games.spades.render import render
from parlour.games.spades.rules import (
    MOVE_TYPES,
    ZONES,
    Look,
    MakeBid,
    Move,
    Phase,
    PlayCard,
    State,
    apply,
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
from parlour.games.spades.scoring import bag_penalty, game_result, score_hand

__all__ = [
    "AUCTION_RULES", "BAG_LIMIT", "BAG_PENALTY", "BAG_POINTS", "DOUBLE_NIL", "DOUBLE_NIL_POINTS", "GAME",
    "HAND_SIZE", "MOVE_TYPES", "NIL", "NIL_POINTS", "NUMBER_BIDS", "PACK", "PLAYERS", "PRESETS", "QUICK",
    "TARGET_SCORE", "TEAMS", "TRICK_POINTS", "TRUMP", "ZONES", "Bid", "Look", "MakeBid", "Move", "Options",
    "Phase", "PlayCard", "State", "apply", "bag_penalty", "check_invariants", "game_result", "is_over",
    "ladder", "legal_moves", "may_double_nil", "new_game", "parse_move", "render", "score_hand", "scores",
    "shuffle_unseen", "team_of", "to_act", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="spades",
    title="Spades",
    family="tricks",
    summary="Partners bid their tricks with spades always trump; nil, double nil and bags.",
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
