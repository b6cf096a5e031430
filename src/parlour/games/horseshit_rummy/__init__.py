"""Horseshit Rummy: sets only, a hand size set by a face-up card, the dealer's up card wild,
and a fanned discard pile dug with a natural pair. First to 1500 wins.

Rule source: the Metzker Book of Card Game Rules ("Horseshit Rummy"), with the readings of the
rules notes where the book is silent. Three packs without twos or jokers (144 cards) for up to
six players, four packs (192) for seven to ten.

The deal: from the dealer's left round to the dealer, each player is dealt one card face up and
then as many more face down as make the up card's value (3 to 10 their face, J 11, Q 12, K 13,
A 14); the up card stays in the hand. The rank of the dealer's up card is wild for everyone this
hand. The next card is turned up to start the discard pile and the rest is the stock. The player
on the dealer's left starts; the deal passes to the left after each hand.

A turn is a sequence of small moves: a draw ("draw stock", "take 1" for the top discard, "take
k" to dig to the k-th card), any number of melds ("meld KC KD 9H") and lay-offs ("lay off KS on
2", onto table meld 2, counted from 0), then a discard ("discard QS"), unless the player goes
out by melding or laying off the last card. Melds are sets of three or more cards of one rank
(suits may repeat) with at least one natural card and any number of wild cards.

Readings chosen where the book is silent (the rules notes):

* Players and packs: the book allows "any number" with "3-4 decks"; read as 2 to 10 players,
  three packs up to six and four from seven (`Options.decks` fixes the count).
* The deal gives each player the whole hand in turn (the book's order), not one card at a time
  round the table. A first pile card of the wild rank stays on the pile (it is then taken only
  under a natural card dug with a pair).
* The top discard alone is an ordinary draw, unless it is of the wild rank: a wild card is
  never taken alone ("can not pick a wild card ... unless it's in the pile you pick up with a
  pair"). `Options.top_card_needs_pair` makes the top card a dig like any other.
* A dig to depth k >= 2 targets a natural card; the player must hold at least two natural cards
  of its rank. They take the target and every card above it (wild cards among them come along),
  and must at once meld the target in a new set with two of those natural cards from the hand;
  until then that meld is the only move offered. The other cards taken then join the hand.
* The card taken from the pile (the top card, or a dig's target) may not be discarded in the
  same turn (rules notes C5).
* Lay-offs onto one's own sets are allowed at any time; onto another player's sets only on a
  turn after the turn of one's own first meld of the hand (the book's "in the round that you
  meld" is the turn of the first meld; with `Options.no_layoff_on_others_in_first_meld_turn`
  off, from that turn on). Laid-off cards count for the player who laid them. There are no
  wild swaps.
* Melds are offered three cards at a time; a set grows by lay-offs. Suits never matter in this
  game, so a meld or lay-off lists the first cards of a rank (the card taken from the pile
  first, then the hand in its order) and the first wild cards held. A player may start a new
  set of a rank that is already on the table.
* Going out, by melding or laying off the last card or by discarding it, is allowed on any turn.
  No play is offered that would leave only the card taken from the pile (it cannot be
  discarded), so a turn can always end.
* When the stock is empty, the player to draw may still take from the pile, or "pass", which
  ends the hand. A hand also ends after `Options.max_turns` turns (a safety cap).
* A hand scores, per seat, the cards credited to it on the table less the cards in its hand:
  wild cards 100, aces 100, K to 10 ten, 9 to 3 five. When a seat reaches the target (1500) the
  highest total wins; an exact tie for the highest plays another hand. Going out earns no
  bonus (the book names none).

The card zones: each hand is seen by its owner, the stock by nobody, and the discard pile, the
cards taken from it this turn and the table melds by everyone. The up cards of the deal are
announced in the deal's events (`SHOWS`); the state keeps the wild rank they decided.

Hands are kept in rank order (3 up to the ace, then by suit), which suits a game of sets.

The package reads in dependency order: `options` (rule tables, `Options`, its preset and the
short match, and the pure helpers on them), `moves` (the moves and their prebuilt tables),
`rules` (the `State`, zones, the verbs, the phase helpers, dealing and scoring) and `render`
(the text picture); this module re-exports the public names and holds the `GAME` record.

>>> state = new_game(3, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)][:2]
['draw stock', 'take 1']
"""


from __future__ import annotations

from typing import Final

from parlour.core.game import GameSpec
from parlour.games.horseshit_rummy.moves import MOVE_TYPES, Discard, DrawStock, LayOff, MakeMeld, Move, Pass, Take
from parlour.games.horseshit_rummy.options import (
    CARD_POINTS,
    DEAL_SIZE,
    DECKS_FOR,
    DEFAULT_PLAYERS,
    DIG_RULES,
    DIG_RULES_PAIR_ALWAYS,
    PLAYERS,
    QUICK,
    RANKS,
    SET_MAX,
    WILD_POINTS,
    Options,
    decks_for,
    dig_choices,
    hand_points,
    meld_rules,
    pack_for,
    points_for,
    sort_hand,
    table_points,
)
from parlour.games.horseshit_rummy.render import render
from parlour.games.horseshit_rummy.rules import (
    ZONES,
    Phase,
    State,
    apply,
    check_invariants,
    hand_scores,
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
    "CARD_POINTS",
    "DEAL_SIZE",
    "DECKS_FOR",
    "DEFAULT_PLAYERS",
    "DIG_RULES",
    "DIG_RULES_PAIR_ALWAYS",
    "GAME",
    "MOVE_TYPES",
    "PLAYERS",
    "QUICK",
    "RANKS",
    "SET_MAX",
    "WILD_POINTS",
    "ZONES",
    "Discard",
    "DrawStock",
    "LayOff",
    "MakeMeld",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "State",
    "Take",
    "apply",
    "check_invariants",
    "decks_for",
    "dig_choices",
    "hand_points",
    "hand_scores",
    "is_over",
    "legal_moves",
    "meld_rules",
    "new_game",
    "pack_for",
    "parse_move",
    "points_for",
    "render",
    "scores",
    "shuffle_unseen",
    "sort_hand",
    "table_points",
    "to_act",
    "view",
    "winners",
]

GAME: Final = GameSpec[State, Move, Options](
    name="horseshit_rummy",
    title="Horseshit Rummy",
    family="rummy",
    summary="Two to ten players meld sets with the dealer's up card wild, dig into a fanned "
    "discard pile with a natural pair, and play to 1500.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    max_plies=5_000_000,
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
