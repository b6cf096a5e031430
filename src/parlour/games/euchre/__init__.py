"""Euchre: four players in two partnerships, a 24-card pack, bowers, and the first side to 10.

Source: the Metzker Book of Card Game Rules, "Euchre" (preset `metzker`, the default), with the
readings below where it is silent.
Where OpenSpiel's Euchre differs from the seed in a published rule, an option offers it, and
preset `openspiel` gathers them: `stick_the_dealer`, `lone_defender` (OpenSpiel's
`allow_lone_defender`, off there by default too), `dealer_partner_alone=False`,
`discard_upcard=False`, `no_ace_no_face=False`. (OpenSpiel scores one hand; here every preset
plays the match to `target_score`. OpenSpiel asks the maker about going alone after the
dealer's discard; here it is part of the making call, as in the seed.)

Rules implemented: the pack is A K Q J 10 9 of each suit; each seat gets 5 cards and the next
card is turned up on the kitty (the other three stay face down, unused). Trump ranks right bower
(its jack), left bower (the other jack of its colour, a trump for following and winning), A K Q
10 9; plain suits rank A K Q J 10 9. Making trump takes two rounds from the dealer's left: in
round one each seat passes or orders the turned card up (the dealer picks it up and discards one
card face down); if all pass, the card is turned down and in round two each seat names another
suit or passes; if all pass again the hand is thrown in and the deal passes left. A maker may go
alone (the partner's seat sits out every trick); the dealer's partner who orders up must go
alone. Seats follow the effective suit; the highest trump or else the highest card of the suit
led wins. Makers with 3-4 tricks score 1, all 5 score 2 (4 alone); under 3 tricks they are
euchred and the defenders score 2. A hand of only nines and tens is thrown in at once.

Readings where the seed is silent (stated in the docs page as well):

- Cards are dealt one at a time clockwise from the dealer's left (the seed's "two or more at a
  time" packets change no rule; the cut is part of the shuffle), then the turn-up, then three
  kitty cards. Scores are numbers (the seed's "two fives" only mark them).
- The dealer may discard any of the six cards, the turned card included (option
  `discard_upcard`).
- Going alone is part of the making call: ``order up alone``, ``name H alone``. Only the
  dealer's partner who orders up in round one is forced to go alone, not one who names a suit.
- When the dealer's partner goes alone, the dealer's hand is dead: the dealer does not pick up
  the turned card, which stays on the kitty.
- The first trick is led by the seat on the dealer's left, or the next seat in rotation that
  plays if it sits out.
- No Ace-No Face is automatic: right after a deal, a hand of only nines and tens is shown and
  the deal passes to the left (it is checked before any calling).
- A lone maker who takes 3 or 4 tricks scores 1 ("Otherwise it is all the normal amount").
- The first dealer is drawn from the seed unless `dealer=` is given. `hand` counts every deal,
  thrown-in deals included. Scores are kept per side; `scores()` gives each seat its side's.

The package reads in dependency order: `options` (rule tables, `Options`, `hand_points`),
`tables` (the bowers as per-card tables; `effective_suit`, `trick_winner`), `rules` (moves,
`State`, zones, the verbs and the phase helpers), `invariants` (`check_invariants`) and
`render` (the text picture); this module re-exports the public names and holds the `GAME`
record.

>>> from parlour.core.cards import Card, Suit
>>> effective_suit(Card.parse("JD"), Suit.HEARTS), trick_winner(parse_cards("AC JS 9C"), Suit.CLUBS)
(<Suit.HEARTS: 2>, 1)
>>> state = new_game(seed=3, dealer=0)
>>> [str(m) for m in legal_moves(state)], to_act(state)
(['pass', 'order up', 'order up alone'], frozenset({1}))
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import parse_cards
from parlour.core.game import GameSpec
from parlour.games.euchre.options import (
    EUCHRE,
    HAND_SIZE,
    KITTY_SIZE,
    LONE_EUCHRE,
    LONE_MARCH,
    LOW_RANKS,
    MARCH,
    ORDER,
    PACK,
    PLAYERS,
    POINT,
    PRESETS,
    QUICK,
    RANKS,
    TARGET_SCORE,
    TRICKS_TO_MAKE,
    Options,
    hand_points,
)
from parlour.games.euchre.invariants import check_invariants
from parlour.games.euchre.render import render
from parlour.games.euchre.rules import (
    LADDER,
    MOVE_TYPES,
    ZONES,
    DefendAlone,
    Discard,
    Making,
    Move,
    NameTrump,
    OrderUp,
    Pass,
    Phase,
    PlayCard,
    State,
    apply,
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
from parlour.games.euchre.tables import effective_suit, trick_winner

__all__ = [
    "EUCHRE", "GAME", "HAND_SIZE", "KITTY_SIZE", "LADDER", "LONE_EUCHRE", "LONE_MARCH", "LOW_RANKS", "MARCH",
    "MOVE_TYPES", "ORDER", "PACK", "PLAYERS", "POINT", "PRESETS", "QUICK", "RANKS", "TARGET_SCORE",
    "TRICKS_TO_MAKE", "ZONES", "DefendAlone", "Discard", "Making", "Move", "NameTrump", "Options", "OrderUp",
    "Pass", "Phase", "PlayCard", "State", "apply", "check_invariants", "effective_suit", "hand_points",
    "is_over", "legal_moves", "new_game", "parse_move", "render", "scores", "shuffle_unseen",
    "to_act", "trick_winner", "view", "winners",
]  # fmt: skip

GAME: Final = GameSpec[State, Move, Options](
    name="euchre",
    title="Euchre",
    family="tricks",
    summary="Partners make trump from a turned card and take three of five tricks; bowers rule.",
    players=PLAYERS,
    default_players=4,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=5_000,
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
