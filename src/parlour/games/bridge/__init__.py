"""Contract Bridge: four players in two partnerships bid for a contract, then play 13 tricks.

Source: the bridge cheat sheet of the seeds (the four phases of a hand, the auction, the
opening lead and dummy, and the table of points for a made contract), with the readings of the
project's rules notes where it is silent: double and redouble, the full rubber scoring of the
published laws (overtricks, undertricks, slams, honours, games, vulnerability and the rubber
bonus), and Chicago (four-deal) or duplicate scoring as options.

Readings where the seed is silent or loose:

- Seats 0 and 2 (North-South) play against seats 1 and 3 (East-West). The first dealer is drawn
  from the seed unless `dealer=` is given; the cards are dealt one at a time clockwise from the
  dealer's left; the deal passes to the left after every deal.
- The auction starts with the dealer (as the seed says) and runs through core's competitive
  auction: a bid names a level 1-7 (for level + 6 tricks) and a strain, clubs < diamonds <
  hearts < spades < no trump, and must outrank the last bid; double only an opponent's bid not
  yet doubled, redouble only an opponent's double of one's own side's bid (option `doubling`
  removes both); three passes after a call end the auction, four opening passes pass the deal
  out.
- The declarer is the first player of the side that won the contract to have named its
  strain, not the last bidder; the seat on the declarer's left makes the opening lead, then
  dummy's hand is face up for everyone, and the declarer chooses dummy's cards: when dummy is
  due, the declarer is the seat to act and the moves are ``play`` moves of dummy's cards (the
  trick records dummy's seat as the owner).
- The seed's table ("Tricks Taken") is the trick score of a contract made exactly; overtricks,
  doubles and bonuses go above the line (see `scoring`). Honours are held in the dealt hands
  and credited to the holder's side, defenders included; they are scored with the deal.
- Rubber (default): a side with 100 below the line wins a game, and both part-scores restart;
  a side with a game is vulnerable; the match ends when a side has won two games (700 bonus
  two games to none, 500 two games to one); a passed-out deal is dealt by the next dealer.
- Chicago: four scored deals, vulnerable none / dealer's side / dealer's side / both; a game
  completed on a deal earns 300 (500 vulnerable), part-scores carry toward game until a game
  is made, a part-score on deal 4 that completes no game earns 100; a passed-out deal is dealt
  again by the same dealer. Duplicate: the same four deals, each scored on its own with
  `score_contract` (no honours, nothing carried).
- `scores()` gives each seat its side's total; the side with more points wins the match (the
  rubber bonus included), and equal totals are a draw with no winner.

The package reads in dependency order: `options` (rule tables, `Options` and presets),
`scoring` (the points of a contract, honours, a deal added to the match), `rules` (moves,
`State`, zones, the verbs and the phase helpers) and `render`; this module re-exports the
public names and holds the `GAME` record.

>>> state = new_game(seed=7, dealer=0)
>>> [str(m) for m in legal_moves(state)[:4]], to_act(state)
(['pass', 'bid 1C', 'bid 1D', 'bid 1H'], frozenset({0}))
>>> for text in ["1NT", "pass", "3NT", "pass", "pass", "pass"]:
...     state = apply(state, parse_move(state, text))
>>> str(state.contract), sorted(to_act(state))
('3NT by seat 0', [1])
>>> score_contract(level=3, strain="NT", doubling="none", vulnerable=False, tricks=9)
400
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.bridge.options import (
    CHICAGO_DEALS,
    CHICAGO_SCHEDULE,
    LADDER,
    PACK,
    PLAYERS,
    PRESETS,
    QUICK,
    Options,
    Scoring,
    Vulnerability,
)
from parlour.games.bridge.render import render
from parlour.games.bridge.rules import (
    MOVE_TYPES,
    ZONES,
    Bid,
    Double,
    Move,
    Pass,
    Phase,
    PlayCard,
    Redouble,
    State,
    apply,
    check_invariants,
    declarer,
    dummy,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    scores,
    shuffle_unseen,
    to_act,
    view,
    vulnerability,
    winners,
)
from parlour.games.bridge.scoring import contract_points, honours, score_contract, trick_score, undertrick_penalty

__all__ = [
    "CHICAGO_DEALS", "CHICAGO_SCHEDULE", "GAME", "LADDER", "MOVE_TYPES", "PACK", "ZONES", "Bid", "Double", "Move",
    "Options", "Pass", "Phase", "PlayCard", "Redouble", "Scoring", "State", "Vulnerability", "apply",
    "check_invariants", "contract_points", "declarer", "dummy", "honours", "is_over", "legal_moves", "new_game",
    "parse_move", "render", "score_contract", "scores", "shuffle_unseen", "to_act", "trick_score",
    "undertrick_penalty", "view", "vulnerability", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="bridge",
    title="Contract Bridge",
    family="tricks",
    summary="Bid for a contract with your partner, then make it with dummy's hand face up.",
    players=PLAYERS,
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=500_000,
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
