"""Klondike, the patience (solitaire) for one player.

Rules: the Metzker Book of Card Game Rules, "Patience/Klondike", gives only the goal: "fill up
the suit stacks, each stack containing one suit in sequence, from ace to king". Everything else
is the standard game as the usual rule books give it:

* One 52-card pack. Seven tableau piles of 1 to 7 cards, the top card of each face up, the rest
  face down (28 cards); the other 24 cards are the stock, face down; the waste and the four
  foundations start empty.
* `draw` turns one card (``Options.draw=3``: three, or what is left) from the stock onto the
  waste. `recycle` turns the waste over as a new stock once the stock is empty (unlimited by
  default; ``Options.passes`` limits the passes through the stock).
* The top waste card goes to a foundation or a tableau pile; a tableau top card to a foundation;
  any face-up run of a tableau pile (from a face-up card to the top) to another pile, if its
  lowest card (the one placed) is one rank lower than the destination's top card and of the
  other colour; an empty pile takes only a king (or a run headed by one). Foundations build up in
  suit from ace to king. The top card of a foundation may come back to a tableau pile where it
  fits (``Options.foundation_to_tableau``, on by default, the common computer rule).
* A face-down card left on top of a pile turns face up by itself (no move).
* Won when all 52 cards are on the foundations; lost when no move is left.

Readings where the seed is silent (library choices, stated in the docs):

* The deal goes row by row, top card of the deck first: one card face up on pile 1 and one face
  down on each of piles 2-7, then one face up on pile 2 and one face down on each of piles 3-7,
  and so on; the rest, in order, is the stock (its top card next).
* Turning the waste over makes its bottom card (the first turned) the top of the new stock.
  Every card of the waste is seen by everyone (it was seen when it was turned); the stock and the
  face-down tableau cards by nobody.
* Moving a whole pile headed by a king onto another empty pile changes nothing and is not
  offered.
* Scoring: ``scores`` gives the cards on the foundations, or with ``Options.scoring=standard``
  the standard points of the computer game: waste to tableau 5, waste or tableau to foundation
  10, a tableau card turned up 5, foundation to tableau -15, each recycle of the waste -100 when
  drawing one card and -20 when drawing three; the score never drops below 0.
* Termination valves (deviations, not rules of the game): with ``Options.stall_rule`` (on) the
  game is lost when the waste is turned over after a whole pass in which no card was played from
  the waste, none reached a foundation and none was turned up; and the game is lost after
  ``Options.max_moves`` moves (2000) if it is not won by then. Without them, cards moved back and
  forth or endless recycling could go on for ever.

>>> state = new_game(seed=1)
>>> [len(pile) for pile in state.tableau], state.face_down, len(state.stock)
([1, 2, 3, 4, 5, 6, 7], (0, 1, 2, 3, 4, 5, 6), 24)
>>> str(legal_moves(state)[-1])
'draw'
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import CARD_INDICES, HIDDEN, Card, Rank, Suit, cards_text, standard_pack
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import (
    GameSpec,
    builder,
    cached_setter,
    checked_apply,
    moves_for,
    require_options,
    require_players,
)
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "PACK",
    "ZONES",
    "Board",
    "Draw",
    "Move",
    "MoveCards",
    "Options",
    "Phase",
    "Recycle",
    "Scoring",
    "State",
    "apply",
    "check_invariants",
    "fits_foundation",
    "fits_tableau",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PACK: Final = standard_pack()
"""Seed: "One standard deck of fifty-two cards"."""
PILES: Final = 7
"""Seven tableau piles, of 1 to 7 cards."""
FOUNDATION_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
"""The four foundations, one a suit, in this order (the order only lists moves and draws them)."""
DRAW_COUNTS: Final = (1, 3)
"""Cards turned from the stock at a time: one (the default) or three."""
WASTE: Final = 7
"""`MoveCards.source` of the waste (0-6 are the tableau piles)."""
FOUNDATION: Final = 8
"""`MoveCards.source` or `target` of the foundations."""
WASTE_TO_TABLEAU_POINTS: Final = 5
"""Standard points for the waste's top card moved to a tableau pile."""
TO_FOUNDATION_POINTS: Final = 10
"""Standard points for a card moved to a foundation (from the waste or the tableau)."""
FROM_FOUNDATION_POINTS: Final = -15
"""Standard points for a card moved back from a foundation to the tableau."""
TURN_UP_POINTS: Final = 5
"""Standard points for a tableau card turned face up."""
RECYCLE_POINTS: Final = {1: -100, 3: -20}
"""Standard points for turning the waste over, by the draw count."""


class Scoring(enum.Enum):
    """What `scores` reports."""

    CARDS = "cards"
    """The number of cards on the foundations (52: won)."""
    STANDARD = "standard"
    """The standard points of the computer game (the `*_POINTS` tables)."""


# Options -------------------------------------------------------------------------------------


def _in(allowed: tuple[int, ...]) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is int and value not in allowed:
            raise ValueError(f"{attribute.name} must be one of {', '.join(map(str, allowed))}, not {value}")

    return check


def _at_least(low: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is int and value < low:
            raise ValueError(f"{attribute.name} must be at least {low}, not {value}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Klondike; the defaults are the common game (turn one, unlimited passes)."""

    draw: int = attrs.field(default=1, validator=_in(DRAW_COUNTS))
    """Cards turned from the stock onto the waste at a time: 1 or 3 (fewer when fewer are left)."""
    passes: int = attrs.field(default=0, validator=_at_least(0))
    """Passes through the stock allowed (the first deal of it included): 0 for no limit, 1 for
    no redeal at all, 3 for the usual limit when turning three."""
    foundation_to_tableau: bool = True
    """The top card of a foundation may be moved back onto a tableau pile where it fits."""
    scoring: Scoring = Scoring.CARDS
    """What `scores` gives: the cards on the foundations, or the standard points."""
    stall_rule: bool = True
    """Termination valve (not a rule of the game): turning the waste over after a whole pass in
    which no card was played from the waste, reached a foundation or was turned up loses."""
    max_moves: int = attrs.field(default=2000, validator=_at_least(1))
    """Termination valve (not a rule of the game): the game is lost after this many moves."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def standard(cls) -> Options:
        """The common game: turn one card, unlimited passes, cards on the foundations (the defaults)."""
        return cls()

    @classmethod
    def draw_three(cls) -> Options:
        """Turn three cards, at most three passes through the stock, standard points."""
        return cls(draw=3, passes=3, scoring=Scoring.STANDARD)


# Per-card tables ---------------------------------------------------------------------------------

_RANK_AT: Final = [0] * CARD_INDICES
_SLOT_AT: Final = [0] * CARD_INDICES
_RED_AT: Final = [False] * CARD_INDICES
for _card in PACK:
    assert _card.suit is not None
    _RANK_AT[_card.index] = int(_card.rank)
    _SLOT_AT[_card.index] = FOUNDATION_SUITS.index(_card.suit)
    _RED_AT[_card.index] = _card.suit.is_red
_RANK: Final = tuple(_RANK_AT)
_SLOT: Final = tuple(_SLOT_AT)
_RED: Final = tuple(_RED_AT)
KING: Final = int(Rank.KING)
_ACCEPTS: Final = tuple(
    tuple(
        c.index
        for c in PACK
        if _RANK[c.index] == _RANK[i] - 1 and _RED[c.index] != _RED[i]
    )
    for i in range(CARD_INDICES)
)
"""`_ACCEPTS[top.index]`: the indices of the cards that may be placed on `top` in the tableau."""
_GOES_ON: Final = tuple(tuple(t for t in range(CARD_INDICES) if i in _ACCEPTS[t]) for i in range(CARD_INDICES))
"""`_GOES_ON[card.index]`: the indices of the top cards `card` may be placed on (none for a king)."""
NO_CARD: Final = 0
"""An index no card of the pack has (that of HIDDEN): "no card" in the index tables below."""
_NEXT: Final = tuple(
    tuple(next(c.index for c in PACK if c.suit is suit and int(c.rank) == h + 1) for h in range(KING)) + (-1,)
    for suit in FOUNDATION_SUITS
)
"""`_NEXT[slot][len(foundation)]`: the index of the card that foundation takes next (-1, no
card's, once it is full)."""
_KINGS: Final = tuple(c.index for c in PACK if c.rank is Rank.KING)
_KING_BITS: Final = sum(1 << i for i in _KINGS)
_STEP_AT: Final = [0] * CARD_INDICES
_STEP_BACK_AT: Final = [0] * CARD_INDICES
for _card in PACK:
    _next = _NEXT[_SLOT[_card.index]]
    _rank = int(_card.rank)
    _STEP_AT[_card.index] = 1 << _card.index | (1 << _next[_rank] if _rank < KING else 0)
    _STEP_BACK_AT[_card.index] = 1 << _card.index | (1 << _next[_rank - 2] if _rank > 1 else 0)
_STEP: Final = tuple(_STEP_AT)
"""`_STEP[card.index]`: what changes in the mask of the cards the foundations take next when the
card goes onto its foundation or comes back (the card and the next of its suit: XOR both ways)."""
_STEP_BACK: Final = tuple(_STEP_BACK_AT)
"""`_STEP_BACK[card.index]`: what changes in the mask of the foundations' top cards when the card
goes onto its foundation or comes back (the card and the one under it)."""
del _card, _next, _rank
_TAKES: Final = tuple(sum(1 << c for c in _ACCEPTS[i]) for i in range(CARD_INDICES))
"""`_TAKES[top.index]`: `_ACCEPTS[top.index]` as a mask of bits `card.index` (0 for `NO_CARD`)."""


def fits_tableau(card: Card, top: Card | None) -> bool:
    """Whether `card` (with any run above it) may be placed on a tableau pile whose top card is
    `top` (None: an empty pile, which takes only a king).

    >>> fits_tableau(Card.parse("6D"), Card.parse("7C")), fits_tableau(Card.parse("6D"), Card.parse("7H"))
    (True, False)
    """
    if top is None:
        return card.rank is Rank.KING
    return card.index in _ACCEPTS[top.index]


def fits_foundation(card: Card, foundation: Sequence[Card]) -> bool:
    """Whether `card` may go on the foundation of its suit, which holds `foundation`.

    >>> fits_foundation(Card.parse("2H"), [Card.parse("AH")]), fits_foundation(Card.parse("2S"), [])
    (True, False)
    """
    return int(card.rank) == len(foundation) + 1


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Draw:
    """Turn one card (or three) from the stock onto the waste."""

    player: int

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Recycle:
    """Turn the waste over as the new stock (the stock is empty)."""

    player: int

    def __str__(self) -> str:
        return "recycle"


def _place(code: int) -> str:
    return "foundation" if code == FOUNDATION else "waste" if code == WASTE else str(code + 1)


@attrs.frozen
class MoveCards:
    """Move `card` (with the face-up cards above it in a tableau pile) from `source` to `target`.

    Places: 0-6 are tableau piles 1-7, `WASTE` (7) the waste, `FOUNDATION` (8) the foundations.
    The notation names the card and the destination: "move 6D to 3", "move AS to foundation".
    """

    player: int
    card: Card
    source: int
    target: int

    def __str__(self) -> str:
        return f"move {self.card} to {_place(self.target)}"


Move: TypeAlias = Draw | Recycle | MoveCards
MOVE_TYPES: Final = (Draw, Recycle, MoveCards)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: the game goes on; WON: every card is on the foundations; LOST: blocked, stalled or
    out of moves."""

    PLAY = "play"
    WON = "won"
    LOST = "lost"


Board: TypeAlias = tuple[
    bytes,
    tuple[int, ...],
    int,
    int,
    int,
    tuple[int, ...],
    int,
    tuple[MoveCards, ...],
    tuple[MoveCards, ...],
    tuple[Move, ...],
]
"""What the legal moves need from the tableau and the foundations (`State.board`), as the tuple
`(spots, tops, up, needs, ends, empties, wanted, to_foundation, between, with_draw)`; a mask has
the bit `card.index` of each card it holds:

* `spots[card.index]`: the pile (0-6) where the card lies face up; `PILES` (7) anywhere else;
* `tops`: the index of each pile's top card (`NO_CARD`: an empty pile);
* `up`: the mask of the face-up cards of the tableau;
* `needs`: the mask of the cards the foundations take next;
* `ends`: the mask of the foundations' top cards;
* `empties`: the empty piles, in order;
* `wanted`: the mask of the cards that would have a move from the waste (to a foundation or a pile);
* `to_foundation`: the moves of pile tops to a foundation, in the legal order;
* `between`: the moves of runs between piles, then of foundation tops back to the piles, in the
  legal order;
* `with_draw`: `to_foundation`, `between` and `draw`: the legal moves whenever the stock is not
  empty and the waste's top card has no move.

It is derived once per arrangement of the tableau and the foundations: `_apply` derives the next
one from the last (or finds it in `_BOARDS`) and hands it on unchanged through a draw or a
recycle (which touch neither), so the moves of a state are a few lookups away."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Klondike position."""

    options: Options
    hand: int
    """Always 1 (one deal)."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    tableau: tuple[tuple[Card, ...], ...]
    """Seven piles, bottom card first, top card last."""
    face_down: tuple[int, ...]
    """How many cards at the bottom of each pile are face down (less than the pile's size, or 0)."""
    stock: tuple[Card, ...]
    """Face down, top card first."""
    waste: tuple[Card, ...]
    """Face up, top card last."""
    foundations: tuple[tuple[Card, ...], ...]
    """One per suit of `FOUNDATION_SUITS`, ace first."""
    passes: int
    """The pass through the stock now being played, from 1."""
    progress: bool
    """Since the last recycle (or the deal) a card was played from the waste, reached a
    foundation or was turned up (the stall rule)."""
    moves: int
    """Moves made so far (the `max_moves` valve)."""
    points: int
    """The standard points so far (reported by `scores` with `Scoring.STANDARD`)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state (none on a spectator's view)."""
        return _legal(self, None if self.rng is not None else self.viewer)

    @cached_property
    def board(self) -> Board:
        """The facts the legal moves are read from (derived from the tableau, the face-down
        counts and the foundations; handed on by `_apply`)."""
        spots = bytearray([PILES]) * CARD_INDICES
        up = 0
        for p, (pile, down) in enumerate(zip(self.tableau, self.face_down)):
            for card in pile[down:]:
                spots[card.index] = p
                up |= 1 << card.index
        tops = tuple(pile[-1].index if pile else NO_CARD for pile in self.tableau)
        needs = ends = 0
        for s, f in enumerate(self.foundations):
            if len(f) < KING:
                needs |= 1 << _NEXT[s][len(f)]
            if f:
                ends |= 1 << f[-1].index
        return _board(bytes(spots), tops, up, needs, ends, self.face_down, self.options.foundation_to_tableau)


def _tableau_seen(state: object, viewer: int | None, owner: int | None) -> tuple[bool, ...]:
    """The face-up cards of the tableau are seen by everyone, the face-down ones by nobody."""
    assert isinstance(state, State)
    flags: list[bool] = []
    for pile, down in zip(state.tableau, state.face_down):
        flags += [False] * down + [True] * (len(pile) - down)
    return tuple(flags)


ZONES: Final = (
    Zone("tableau", _tableau_seen),
    Zone("stock", Seen.NOBODY),
    Zone("waste", Seen.EVERYONE),
    Zone("foundations", Seen.EVERYONE),
)


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
) -> State:
    """Deals the game. `deck` fixes the deal (top card first: see the module docstring)."""
    require_players("klondike", players, (1,), 1)
    rules = require_options("klondike", options, Options)
    cards, rng = shuffled_or_fixed(PACK, seeded(seed), deck)
    piles: list[list[Card]] = [[] for _ in range(PILES)]
    k = 0
    for row in range(PILES):
        for p in range(row, PILES):
            piles[p].append(cards[k])
            k += 1
    tableau = tuple(tuple(pile) for pile in piles)
    events = (
        Event(EventKind.DEALS, player=0, numbers=(1,)),
        *(_REVEAL_EVENTS[p][pile[-1].index] for p, pile in enumerate(tableau)),
        _TO_PLAY,
    )
    state = _BUILD(
        rules, 1, rng, None, Phase.PLAY, tableau, _DEALT_DOWN, cards[k:], (), _EMPTY_FOUNDATIONS, 1, False, 0, 0,
        events,
    )  # fmt: skip
    return state


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The moves, in this order: to a foundation (the waste's top, then the tops of piles 1-7);
    the waste's top to piles 1-7; runs between piles (by source pile, then by target pile, empty
    piles after the others: one card of a pile fits a given target at most); foundation tops
    back to piles 1-7 (clubs, diamonds, hearts, spades); then `draw` or `recycle`. () once the
    game is over."""
    if player is None:  # the common question, answered without a call
        return state.legal
    return moves_for(state, player, 1, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    if state.rng is not None:  # a move `legal_moves` handed out goes straight through (as in checked_apply)
        for legal in state.legal:
            if legal is move:
                return _apply(state, move)
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return _SEAT if state.phase is Phase.PLAY else frozenset()


def is_over(state: State) -> bool:
    return state.phase is not Phase.PLAY


def scores(state: State) -> tuple[int, ...]:
    """The cards on the foundations, or the standard points (`Options.scoring`)."""
    if state.options.scoring is Scoring.STANDARD:
        return (state.points,)
    return (sum(map(len, state.foundations)),)


def winners(state: State) -> frozenset[int]:
    """{0} once every card is on the foundations; empty otherwise (lost, blocked or not over)."""
    return _SEAT if state.phase is Phase.WON else frozenset()


def view(state: State, player: int | None) -> State:
    """What the player (or a spectator, who sees the same) may see: face-up tableau cards, the
    waste and the foundations; the stock and the face-down cards hidden."""
    check_viewer(state, player, 1)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw", "recycle", "move 6D to 3" or "move AS to foundation"."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the unseen cards (stock, face-down tableau cards) afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Klondike reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be klondike.Options")
    if state.hand != 1:
        raise ValueError(f"klondike has one deal: hand must be 1, not {state.hand}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None and state.viewer != 0:
        raise ValueError(f"viewer must be seat 0 or None, not {state.viewer!r}")
    if len(state.tableau) != PILES or len(state.face_down) != PILES:
        raise ValueError(f"the tableau has {PILES} piles, each with its count of face-down cards")
    if len(state.foundations) != len(FOUNDATION_SUITS):
        raise ValueError(f"there are {len(FOUNDATION_SUITS)} foundations")
    for p, (pile, down) in enumerate(zip(state.tableau, state.face_down)):
        if type(down) is not int or not 0 <= down < max(len(pile), 1):
            raise ValueError(f"pile {p + 1} has {len(pile)} cards: {down!r} of them cannot be face down")
    check_zones("klondike", state, ZONES, PACK)
    for p, (pile, down) in enumerate(zip(state.tableau, state.face_down)):
        up = pile[down:]
        if any(c.is_hidden for c in up):
            raise ValueError(f"pile {p + 1} hides a face-up card")
        for low, high in zip(up[1:], up):
            if low.index not in _ACCEPTS[high.index]:
                raise ValueError(f"pile {p + 1}: {low} cannot lie on {high}")
    for suit, pile in zip(FOUNDATION_SUITS, state.foundations):
        if any(c.suit is not suit or int(c.rank) != k + 1 for k, c in enumerate(pile)):
            raise ValueError(f"the {suit.name.lower()} foundation must hold its suit from the ace up: {cards_text(pile)}")
    if any(c.is_hidden for c in state.waste):
        raise ValueError("the waste is face up")
    limit = o.passes or o.max_moves + 1
    if type(state.passes) is not int or not 1 <= state.passes <= limit:
        raise ValueError(f"pass {state.passes!r} is outside 1..{limit}")
    if type(state.moves) is not int or not 0 <= state.moves <= o.max_moves:
        raise ValueError(f"{state.moves!r} moves is outside 0..{o.max_moves}")
    if type(state.points) is not int or state.points < 0:
        raise ValueError(f"the standard points are never below 0, not {state.points!r}")
    if type(state.progress) is not bool:
        raise ValueError("progress must be a boolean")
    done = sum(map(len, state.foundations)) == len(PACK)
    if done != (state.phase is Phase.WON):
        raise ValueError("the game is won exactly when all 52 cards are on the foundations")
    if state.phase is Phase.PLAY and state.moves >= o.max_moves:
        raise ValueError(f"the game ends after {o.max_moves} moves")


# Play ----------------------------------------------------------------------------------------

_BUILD: Final = builder(State)
_SEAT: Final = frozenset((0,))
_DEALT_DOWN: Final = tuple(range(PILES))
_EMPTY_FOUNDATIONS: Final[tuple[tuple[Card, ...], ...]] = ((),) * len(FOUNDATION_SUITS)
_DRAW: Final = Draw(0)
_RECYCLE: Final = Recycle(0)
_TARGETS: Final = (*range(PILES), FOUNDATION)
_SOURCES: Final = (*range(PILES), WASTE, FOUNDATION)
_CARD_BY_INDEX: Final = {c.index: c for c in PACK}
_CARD_AT: Final = tuple(_CARD_BY_INDEX.get(i, HIDDEN) for i in range(CARD_INDICES))
"""`_CARD_AT[i]`: the card of index `i` (HIDDEN for an index no card of the pack has)."""


def _move_table() -> tuple[tuple[tuple[MoveCards, ...], ...], ...]:
    """`table[card.index][source][target]`: the prebuilt move (cards outside the pack: HIDDEN),
    built with `builder` since the table is most of the module's import time."""
    make = builder(MoveCards)
    targets = range(FOUNDATION + 1)
    return tuple(tuple(tuple([make(0, card, s, t) for t in targets]) for s in _SOURCES) for card in _CARD_AT)


_MOVES: Final = _move_table()


def _label(target: int) -> str:
    return "onto the foundation" if target == FOUNDATION else f"onto pile {target + 1}"


_LABELS: Final = tuple(_label(t) for t in range(FOUNDATION + 1))
_EVENT: Final = make_event
"""`Event(...)` for the hot path and the tables below: every field in order, positionally."""


_TO_PLAY: Final = Event(EventKind.TO_PLAY, player=0)
_RECYCLE_EVENT: Final = Event(EventKind.NOTE, player=0, label="turns the waste over as the new stock")
_PLAY_EVENTS: Final = tuple(
    tuple((_EVENT(EventKind.PLAYS, 0, (c,), (), label, False), _TO_PLAY) for label in _LABELS) for c in _CARD_AT
)
"""`_PLAY_EVENTS[card.index][target]`: the events of one card moved, the game going on (`_apply`
ends every move's events with `_TO_PLAY`, and puts the end of the game in its place)."""
_REVEAL_EVENTS: Final = tuple(
    tuple(_EVENT(EventKind.REVEALS, None, (c,), (p + 1,), "", False) for c in _CARD_AT) for p in range(PILES)
)
"""`_REVEAL_EVENTS[pile][card.index]`: a face-down card turned up on a pile (numbered 1-7)."""
_DRAW_EVENTS: Final = tuple((_EVENT(EventKind.DRAWS, 0, (c,), (), "", False), _TO_PLAY) for c in _CARD_AT)
"""`_DRAW_EVENTS[card.index]`: the events of one card drawn, the game going on."""
_BY_SOURCE: Final = operator.attrgetter("source")
_BY_SOURCE_TARGET: Final = operator.attrgetter("source", "target")
_SET_BOARD: Final = cached_setter(State, "board")
_SET_LEGAL: Final = cached_setter(State, "legal")


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every move (`only` None on a real state, 0 on the player's view)."""
    if (only is None and state.rng is None) or state.phase is not Phase.PLAY:
        return ()
    return _moves(state.board, state.waste, state.stock, state.passes, state.options)


def _onto(i: int, tops: tuple[int, ...], empties: tuple[int, ...]) -> tuple[int, ...]:
    """The piles, in order, whose top card takes the card of index `i` (a king: the empty piles)."""
    if _RANK[i] == KING:
        return empties
    a, b = _GOES_ON[i]
    if a in tops:
        p = tops.index(a)
        if b in tops:
            q = tops.index(b)
            return (p, q) if p < q else (q, p)
        return (p,)
    if b in tops:
        return (tops.index(b),)
    return ()


def _board(
    spots: bytes, tops: tuple[int, ...], up: int, needs: int, ends: int, down: tuple[int, ...], back: bool
) -> Board:
    """The `Board` of these piles (`spots`, `tops`, `up`, `down`) and foundations (`needs`,
    `ends`); `back` is `Options.foundation_to_tableau`.

    A face-up card moves onto another pile when that pile's top card takes it (`takes & up`);
    since a pile's face-up cards always form a run, the cards above it go along. Moves found out
    of order are then put in the legal order by stable sorts."""
    table = _MOVES
    t0, t1, t2, t3, t4, t5, t6 = tops
    takes = _TAKES[t0] | _TAKES[t1] | _TAKES[t2] | _TAKES[t3] | _TAKES[t4] | _TAKES[t5] | _TAKES[t6]
    if NO_CARD in tops:
        empties = tuple([p for p in range(PILES) if tops[p] == NO_CARD])
        takes_any = takes | _KING_BITS
    else:
        empties = ()
        takes_any = takes
    to_foundation = []
    found = needs & up  # face up, and taken by a foundation: moves if it is a pile's top card
    while found:
        i = found.bit_length() - 1
        found ^= 1 << i
        p = spots[i]
        if tops[p] == i:
            to_foundation.append(table[i][p][FOUNDATION])
    if len(to_foundation) > 1:
        to_foundation.sort(key=_BY_SOURCE)
    # Runs between piles: by source pile, then by target pile, except that the empty piles
    # (which take a run headed by a king) come after the others.
    between = []
    found = takes & up
    while found:
        i = found.bit_length() - 1
        found ^= 1 << i
        row = table[i][spots[i]]
        a, b = _GOES_ON[i]
        if a in tops:
            between.append(row[tops.index(a)])
        if b in tops:
            between.append(row[tops.index(b)])
    if len(between) > 1:
        between.sort(key=_BY_SOURCE_TARGET)
    if empties and up & _KING_BITS:
        for i in _KINGS:
            p = spots[i]
            if p < PILES and down[p]:  # a king with no card under it has nothing to gain
                row = table[i][p]
                between += [row[t] for t in empties]
        between.sort(key=_BY_SOURCE)
    if back:
        found = ends & takes_any
        while found:  # lowest bit first: in the order of the foundations
            low = found & -found
            found ^= low
            i = low.bit_length() - 1
            row = table[i][FOUNDATION]
            between += [row[p] for p in _onto(i, tops, empties)]
    with_draw: tuple[Move, ...] = (*to_foundation, *between, _DRAW)
    return (spots, tops, up, needs, ends, empties, needs | takes_any, tuple(to_foundation), tuple(between), with_draw)


_BOARDS: Final[dict[tuple[bytes, tuple[int, ...], int, tuple[int, ...], bool], Board]] = {}
"""Boards already derived, by what determines them (random play often moves the same cards back
and forth); cleared once it holds `_BOARDS_KEPT`."""
_BOARDS_KEPT: Final = 4096


def _known_board(
    spots: bytes, tops: tuple[int, ...], up: int, needs: int, ends: int, down: tuple[int, ...], back: bool
) -> Board:
    """`_board(...)`, from `_BOARDS` when it was derived before. `up` and `ends` follow from
    `spots` and `needs`, so they are not part of the key."""
    key = (spots, tops, needs, down, back)
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= _BOARDS_KEPT:
            _BOARDS.clear()
        board = _BOARDS[key] = _board(spots, tops, up, needs, ends, down, back)
    return board


def _moves(board: Board, waste: tuple[Card, ...], stock: tuple[Card, ...], passes: int, o: Options) -> tuple[Move, ...]:
    """The legal moves of a position in play: the board's, with the waste's and the stock's."""
    _, tops, _, needs, _, empties, wanted, moves, between, with_draw = board
    if waste and wanted >> waste[-1].index & 1:
        i = waste[-1].index
        row = _MOVES[i][WASTE]
        if needs >> i & 1:
            moves = (row[FOUNDATION], *moves)
        moves = (*moves, *[row[p] for p in _onto(i, tops, empties)], *between)
    elif stock:
        return with_draw
    else:
        moves += between
    if stock:
        return (*moves, _DRAW)
    if waste and (not o.passes or passes < o.passes):
        return (*moves, _RECYCLE)
    return moves


def _apply(state: State, move: Move) -> State:
    o = state.options
    if move is _DRAW and o.draw == 1:  # the commonest move, on its own short path
        stock = state.stock
        card = stock[0]
        waste = (*state.waste, card)
        stock = stock[1:]
        moves = state.moves + 1
        if moves < o.max_moves:
            board = state.board
            legal = _moves(board, waste, stock, state.passes, o)
            if legal:
                new = _BUILD(
                    o, 1, state.rng, None, Phase.PLAY, state.tableau, state.face_down, stock, waste, state.foundations,
                    state.passes, state.progress, moves, state.points, _DRAW_EVENTS[card.index],
                )  # fmt: skip
                _SET_BOARD(new, board)
                _SET_LEGAL(new, legal)
                return new
    if type(move) is MoveCards:
        if move.source < WASTE and move.target < WASTE:
            return _move_run(state, move)
        return _move_card(state, move)
    tableau = state.tableau
    down = state.face_down
    found = state.foundations
    stock = state.stock
    waste = state.waste
    points = state.points
    progress = state.progress
    passes = state.passes
    events: tuple[Event, ...]
    if type(move) is Draw:
        count = o.draw
        turned = stock[:count]
        waste = waste + turned
        stock = stock[count:]
        events = _DRAW_EVENTS[turned[0].index] if count == 1 else (_EVENT(EventKind.DRAWS, 0, turned, (), "", False), _TO_PLAY)
    else:
        stock = waste
        waste = ()
        passes += 1
        points = max(0, points + RECYCLE_POINTS[o.draw])
        if o.stall_rule and not progress:
            events = (_RECYCLE_EVENT, Event(EventKind.NOTE, label="a whole pass without progress: the game is stalled"))
            return _end(state, Phase.LOST, tableau, down, stock, waste, found, passes, False, points, events)
        events = (_RECYCLE_EVENT, _TO_PLAY)
        progress = False
    return _after(state, tableau, down, stock, waste, found, passes, progress, points, events, state.board)


def _move_run(state: State, move: MoveCards) -> State:
    """`_apply` for a run (one card or more) moved from a pile to another: the commonest card
    move, on its own path."""
    source = move.source
    target = move.target
    i = move.card.index
    board = state.board
    piles = list(state.tableau)
    tops = list(board[1])
    pile = piles[source]
    # The face-up cards run down by one rank from the moved card to the top card.
    k = len(pile) - 1 - _RANK[i] + _RANK[tops[source]]
    run = pile[k:]
    rest = piles[source] = pile[:k]
    piles[target] += run
    tops[target] = tops[source]
    spots = bytearray(board[0])
    events: tuple[Event, ...]
    if len(run) == 1:
        spots[i] = target
        events = _PLAY_EVENTS[i][target]
    else:
        for c in run:
            spots[c.index] = target
        events = (_EVENT(EventKind.PLAYS, 0, run, (), _LABELS[target], False), _TO_PLAY)
    down = state.face_down
    points = state.points
    progress = state.progress
    up = board[2]
    if not rest:
        tops[source] = NO_CARD
    else:
        top = tops[source] = rest[-1].index
        if down[source] == k:  # the card under the run was face down: it turns up
            down = (*down[:source], k - 1, *down[source + 1 :])
            spots[top] = source
            up |= 1 << top
            events = (events[0], _REVEAL_EVENTS[source][top], _TO_PLAY)
            points += TURN_UP_POINTS
            progress = True
    board = _known_board(bytes(spots), tuple(tops), up, board[3], board[4], down, state.options.foundation_to_tableau)
    return _after(
        state, tuple(piles), down, state.stock, state.waste, state.foundations, state.passes, progress, points, events,
        board,
    )  # fmt: skip


def _move_card(state: State, move: MoveCards) -> State:
    """`_apply` for a card moved to or from a foundation, or from the waste."""
    tableau = state.tableau
    down = state.face_down
    found = state.foundations
    waste = state.waste
    points = state.points
    progress = state.progress
    board = state.board
    card = move.card
    source = move.source
    target = move.target
    i = card.index
    piles = list(tableau)
    spots = bytearray(board[0])
    tops = list(board[1])
    up, needs, ends = board[2:5]
    events: tuple[Event, ...] = _PLAY_EVENTS[i][target]
    if source < WASTE:  # a pile's top card to its foundation
        pile = piles[source]
        rest = piles[source] = pile[:-1]
        spots[i] = PILES
        up ^= 1 << i
        points += TO_FOUNDATION_POINTS
        if not rest:
            tops[source] = NO_CARD
        else:
            top = tops[source] = rest[-1].index
            if down[source] == len(rest):  # the card under it was face down: it turns up
                down = (*down[:source], len(rest) - 1, *down[source + 1 :])
                spots[top] = source
                up |= 1 << top
                events = (events[0], _REVEAL_EVENTS[source][top], _TO_PLAY)
                points += TURN_UP_POINTS
                progress = True
    else:
        if source == WASTE:
            waste = waste[:-1]
            progress = True
            points += TO_FOUNDATION_POINTS if target == FOUNDATION else WASTE_TO_TABLEAU_POINTS
        else:
            s = _SLOT[i]
            heaps = list(found)
            heaps[s] = heaps[s][:-1]
            found = tuple(heaps)
            needs ^= _STEP[i]
            ends ^= _STEP_BACK[i]
            points = max(0, points + FROM_FOUNDATION_POINTS)
        if target != FOUNDATION:
            piles[target] += (card,)
            spots[i] = target
            tops[target] = i
            up |= 1 << i
    tableau = tuple(piles)
    if target == FOUNDATION:
        s = _SLOT[i]
        heaps = list(found)
        heaps[s] += (card,)
        found = tuple(heaps)
        needs ^= _STEP[i]
        ends ^= _STEP_BACK[i]
        progress = True
        if not needs:  # no foundation takes another card: all of them are full
            events = (*events[:-1], Event(EventKind.NOTE, label="every card is on the foundations"))
            return _end(state, Phase.WON, tableau, down, state.stock, waste, found, state.passes, progress, points, events)
    board = _known_board(bytes(spots), tuple(tops), up, needs, ends, down, state.options.foundation_to_tableau)
    return _after(state, tableau, down, state.stock, waste, found, state.passes, progress, points, events, board)


def _after(
    state: State,
    tableau: tuple[tuple[Card, ...], ...],
    down: tuple[int, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    found: tuple[tuple[Card, ...], ...],
    passes: int,
    progress: bool,
    points: int,
    events: tuple[Event, ...],
    board: Board,
) -> State:
    """The state after a move that left these places and this board: in play with its legal
    moves, or over (`max_moves` reached, or no move left). `events` end with `_TO_PLAY`, which
    the end of the game replaces."""
    o = state.options
    moves = state.moves + 1
    if moves >= o.max_moves:
        events = (*events[:-1], Event(EventKind.NOTE, label=f"{moves} moves without winning: the game is lost"))
        return _end(state, Phase.LOST, tableau, down, stock, waste, found, passes, progress, points, events)
    legal = _moves(board, waste, stock, passes, o)
    if not legal:
        events = (*events[:-1], Event(EventKind.NOTE, label="no move is left: the game is lost"))
        return _end(state, Phase.LOST, tableau, down, stock, waste, found, passes, progress, points, events)
    new = _BUILD(
        o, 1, state.rng, None, Phase.PLAY, tableau, down, stock, waste, found, passes, progress, moves, points, events
    )  # fmt: skip
    _SET_BOARD(new, board)
    _SET_LEGAL(new, legal)
    return new


def _end(
    state: State,
    phase: Phase,
    tableau: tuple[tuple[Card, ...], ...],
    down: tuple[int, ...],
    stock: tuple[Card, ...],
    waste: tuple[Card, ...],
    found: tuple[tuple[Card, ...], ...],
    passes: int,
    progress: bool,
    points: int,
    events: tuple[Event, ...],
) -> State:
    """The final state: won or lost, with the score and the winner (none when lost)."""
    score = points if state.options.scoring is Scoring.STANDARD else sum(map(len, found))
    events = (
        *events,
        Event(EventKind.HAND_SCORED, numbers=(score,)),
        Event(EventKind.GAME_OVER, numbers=(0,) if phase is Phase.WON else ()),
    )
    return _BUILD(
        state.options, 1, state.rng, None, phase, tableau, down, stock, waste, found, passes, progress,
        state.moves + 1, points, events,
    )  # fmt: skip


def _why_illegal(state: State, move: Move) -> str:
    o = state.options
    if move.player != 0:
        return "klondike has one player, seat 0"
    if isinstance(move, Draw):
        return "the stock is empty: recycle the waste" if state.waste else "the stock and the waste are empty"
    if isinstance(move, Recycle):
        if state.stock:
            return "the waste is turned over only when the stock is empty"
        if not state.waste:
            return "the waste is empty"
        return f"the stock may be gone through only {o.passes} time{'s' if o.passes != 1 else ''}"
    card, source, target = move.card, move.source, move.target
    if type(card) is not Card or card.is_hidden or card.suit is None:
        return f"{card!r} is not a card of the pack"
    if source not in _SOURCES or target not in _TARGETS:
        return "places are tableau piles 0-6, the waste (7) and the foundations (8)"
    where = _where(state, card)
    if where is None:
        return f"{card} is not face up where it could be moved from"
    if where != source:
        return f"{card} lies on the {_place(where)}{'' if where >= WASTE else ' pile'}, not where the move says"
    if source == WASTE and state.waste[-1] != card:
        return f"only the top card of the waste ({state.waste[-1]}) may be moved"
    if source == FOUNDATION:
        if state.foundations[_SLOT[card.index]][-1] != card:
            return f"only the top card of a foundation may move, not {card}"
        if not o.foundation_to_tableau:
            return "cards do not come back from the foundations (foundation_to_tableau is off)"
        if target == FOUNDATION:
            return f"{card} is on its foundation already"
    if target == FOUNDATION:
        if source < PILES and state.tableau[source][-1] != card:
            return "only a pile's top card may go to a foundation"
        f = state.foundations[_SLOT[card.index]]
        need = "an ace" if not f else f"the {Rank(len(f) + 1).name.lower()} of {card.suit.name.lower()}"
        return f"foundations build up in suit from the ace: the {card.suit.name.lower()} foundation needs {need}"
    pile = state.tableau[target]
    if target == source:
        return f"{card} is on pile {target + 1} already"
    if not pile:
        if card.rank is Rank.KING:
            return "the whole pile is headed by a king already: moving it to an empty pile changes nothing"
        return "an empty pile takes only a king (or a run headed by a king)"
    top = pile[-1]
    return f"{card} does not go on {top}: a pile builds down by one rank in alternating colours"


def _where(state: State, card: Card) -> int | None:
    """Where a face-up card lies: a pile 0-6, `WASTE` or `FOUNDATION` (None: face down or stock)."""
    if card in state.waste:
        return WASTE
    if any(card in f for f in state.foundations):
        return FOUNDATION
    for p, (pile, down) in enumerate(zip(state.tableau, state.face_down)):
        if card in pile[down:]:
            return p
    return None


# Rendering -----------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture: the rules in play and the score, the foundations, the stock and the
    waste (its top three cards, the top last), then the seven piles bottom to top, face-down
    cards as "##" (as "[7H]" where a real state shows them), and what happens now."""
    o = state.options
    limit = "unlimited passes" if not o.passes else f"pass {state.passes} of {o.passes}"
    if not o.passes:
        limit = f"pass {state.passes} ({limit})"
    lines = [
        f"klondike, turn {o.draw}; {limit}; move {state.moves} of at most {o.max_moves}; "
        f"cards on the foundations {sum(map(len, state.foundations))}, standard points {state.points}",
        "foundations: "
        + "  ".join(f"{suit}: {f[-1] if f else '--'}" for suit, f in zip(FOUNDATION_SUITS, state.foundations)),
        f"stock {len(state.stock)}, waste {len(state.waste)}"
        + (f": {cards_text(state.waste[-3:])}" if state.waste else ""),
    ]
    for p, (pile, down) in enumerate(zip(state.tableau, state.face_down)):
        cells = [("##" if c.is_hidden else f"[{c}]") for c in pile[:down]] + [str(c) for c in pile[down:]]
        lines.append(f"{p + 1}: " + (" ".join(cells) if cells else "(empty)"))
    if state.phase is Phase.WON:
        lines.append("won: every card is on the foundations")
    elif state.phase is Phase.LOST:
        lines.append(f"lost with {sum(map(len, state.foundations))} cards on the foundations")
    else:
        lines.append("the player to move")
    return "\n".join(lines)


# Registration --------------------------------------------------------------------------------


GAME: Final = GameSpec[State, Move, Options](
    name="klondike",
    title="Klondike",
    family="solitaire",
    summary="The classic patience: build the four suits from ace to king out of seven piles and a stock.",
    players=(1,),
    default_players=1,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("standard", Options.standard()), ("draw_three", Options.draw_three())),
    quick=Options(max_moves=400),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=Options().max_moves,
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
