"""Thirty-One (Scat, Blitz): draw and discard towards 31 in one suit; the lowest hand loses a life.

Rules: the Card Games collection's "Scat" page (preset `scat`, the defaults) with each variant it
lists as an option, and the Metzker Book of Card Game Rules, "Thirty One" (preset `metzker`).
One 52-card pack, 2 to 10 players. Aces count 11, courts 10, the rest their pips; a three-card
hand is worth its best total in one suit (`hand_value`). Each seat is dealt three cards one at a
time clockwise from the dealer's left, the next card is turned up to start the discard pile and
the rest is the stock. In turn, from the dealer's left, a seat draws the top of the stock or of
the discard pile and discards one card (never the card it just took from the pile). A seat may
knock instead of drawing (Metzker: after drawing and before discarding); every other seat then
has one last turn and the hands are shown. A hand of 31 is declared at once. Losers pay lives
into the kitty (`core.ledger.Ledger`, with the county); the last seat standing wins.

Readings where the texts are silent or open (library choices, stated in the docs):

* The first dealer is drawn from the seed (`new_game(dealer=...)` fixes it); the deal passes
  clockwise among the seats still in.
* A 31 is always declared as soon as it is held (after a discard, or dealt), so the "undeclared
  31 counts as 30" rule never arises.
* Lives are `Options.lives` pennies plus the county: a seat at zero still plays and is out at its
  next loss (or when it loses two with one penny left). If one result would put every seat
  still in out at once, they all stay in on the county and a new hand is dealt.
* Only the top discard is visible (the pile is "kept squared up"); cards under it are hidden.
* With the stock empty a seat may take the top discard or end the hand (`end hand`), which is
  then shown and scored (as a knock's showdown if someone knocked).
* Metzker's 31 ("you set your cards down and no one gets another turn") ends the hand in a
  showdown where the lowest loses (`on_31=showdown`); its knocker "pays double" also in a tie
  for lowest, the others in the tie losing one.
* The after-draw knock is one move with the discard ("knock 7H"); knocking restrictions
  (`min_knock`, `knock_needs_flush`) apply to the hand kept after that discard.
* The hammer and the shotgun are scored exactly as a knock by the first player (its knocker
  rules apply), with no last turns.
* House presets where their texts are silent: in Gin a hand ended without a knock costs the
  lowest hand a letter; in French Canadian such a hand gives the highest hand a point, and its
  poker-style tie-break compares the cards of the scoring suit, high to low.
* Two termination valves that are not in the texts: a hand with no knock ends in a showdown
  after `turn_limit` turns, and the game ends after `hand_limit` hands, the seats still in with
  the most lives (or points) sharing the win.

>>> from parlour.core.cards import parse_cards, standard_pack
>>> top = parse_cards("AH 2C 7C KH 3D 8D QH 5S 9S 4C")
>>> state = new_game(3, seed=1, dealer=2, deck=top + tuple(c for c in standard_pack() if c not in top))
>>> [str(e) for e in state.events][:6]
['seat 2 deals hand 1', 'turns up 4C', 'note: 31 dealt: no play this hand', 'seat 0 shows: 31 QH KH AH', 'hand scored: 0 -1 -1', 'seat 0 deals hand 2']
>>> state.hand, scores(state)
(2, (3, 2, 2))
>>> hand_value(parse_cards("7C 7D 7S"), Options.metzker())
30.5

The package reads in dependency order: `options` (rule tables and `Options`), `scoring` (hand
values and showdown losses), `rules` (moves, `State`, zones, the verbs and the phase helpers)
and `render` (the text picture); this module re-exports the public names and holds `GAME`.
"""

from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.thirty_one.options import (
    MAX_PLAYERS,
    KnockTiming,
    KnockerTie,
    On31,
    On31AfterKnock,
    OpeningShowdown,
    Options,
    PLAYERS,
    DEFAULT_PLAYERS,
    Scoring,
    ThreeOfAKind,
)
from parlour.games.thirty_one.render import render
from parlour.games.thirty_one.rules import (
    MOVE_TYPES,
    ZONES,
    Discard,
    DrawStock,
    EndHand,
    Hammer,
    Knock,
    Look,
    Move,
    Phase,
    Shotgun,
    State,
    TakeDiscard,
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
from parlour.games.thirty_one.scoring import hand_value, showdown_result

__all__ = [
    "GAME",
    "DrawStock",
    "Discard",
    "EndHand",
    "Hammer",
    "KnockTiming",
    "KnockerTie",
    "Knock",
    "Look",
    "Move",
    "On31",
    "On31AfterKnock",
    "OpeningShowdown",
    "Options",
    "Phase",
    "Scoring",
    "Shotgun",
    "State",
    "TakeDiscard",
    "ThreeOfAKind",
    "apply",
    "check_invariants",
    "hand_value",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "render",
    "scores",
    "showdown_result",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]


# Registration --------------------------------------------------------------------------------


GAME: Final = GameSpec[State, Move, Options](
    name="thirty_one",
    title="Thirty-One",
    family="draw-discard",
    summary="Draw and discard towards 31 in one suit; knock, and the lowest hand loses a life.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(
        ("scat", Options.scat()),
        ("metzker", Options.metzker()),
        ("cadillac", Options.cadillac()),
        ("gin", Options.gin()),
        ("ride_the_bus", Options.ride_the_bus()),
        ("french_canadian", Options.french_canadian()),
    ),
    quick=Options(lives=2, county=False, turn_limit=30, hand_limit=20),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=400 * (2 * (100 + MAX_PLAYERS) + 2),
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

