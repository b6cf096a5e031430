"""Five Hundreds: a rummy game for 2 to 4 players with a fanned discard pile and "Rummy!" calls.

Rule source: the Metzker Book of Card Game Rules ("Five Hundreds"), with the readings of the
rules notes where the book is silent. One 52-card pack, no wild cards; seven cards each, dealt
one at a time clockwise from the dealer's left, then one card turned up to start the discard
pile. The player on the dealer's left starts, and the deal passes to the left after each hand.

A turn is a sequence of small moves: a draw ("draw stock", "take 1" for the top discard, or
"take k" to dig down to the k-th card), then any number of melds ("meld 7H 8H 9H") and lay-offs
("lay off 8S on 2", onto table meld 2, counted from 0), then a discard ("discard QS").
Melds are sets of 3 or 4 of a rank and runs of 3 or more in a suit, the ace high or low
(A-2-3 or Q-K-A) but never around the corner (K-A-2).

Readings chosen where the book is silent:

* The top discard alone is an ordinary draw ("take 1"); it may not be discarded again in the
  same turn. Digging to depth k >= 2 takes the k-th card and every card above it; the dug card
  must go at once into a new meld with at least one card held before the draw (the other cards
  dug may join that meld). Until it does, that meld is the only kind of move offered. A dig is
  offered only when such a meld exists. `Options.top_card_free` off makes the top card a dig too.
* Lay-offs, onto anyone's melds, need a meld of one's own (made earlier, or earlier in the same
  turn). A card laid off is credited to the seat that laid it.
* Every turn ends with a discard. Going out is discarding one's last card, which must not be
  playable (it fits no table meld). So a meld or lay-off is offered only if the turn can still
  end: it may not leave no card, only the card just taken from the pile, or a single playable
  card. A player holding only playable cards keeps discarding them.
* "Rummy!" is a short window in seat order: after a discard (other than a going-out discard)
  that could be laid off onto a table meld, each seat that has melded, from the discarder's
  left round the table, in turn either calls "rummy 8S on 2" (takes the card and lays it off at
  once, credited to it) or says "pass". The first call closes the window. The call is not a
  turn: play goes on with the discarder's left. `Options.rummy_call` off drops the window.
* When the stock is empty, the player to draw may still take from the discard pile, or "pass",
  which ends the hand. A hand also ends once `Options.max_turns` turns have begun (a safety
  cap). Either way every seat scores as usual.
* Each hand scores, per seat, the cards credited to it on the table less the cards in its hand:
  an ace 25 (high or low), K to 10 ten, 9 to 2 five. After a hand, if some seat has reached the
  target (500), the highest total wins; an exact tie for the highest plays another hand.

The card zones: each hand is seen by its owner; the stock by nobody; the discard pile, the
cards taken from it this turn (held apart until the turn ends) and the table melds by everyone.

Speed: cards are bits `card.index` of Python ints. The few hundred melds of the pack are masks
built at import, listed by their lowest card; a shift-and-mask test finds the cards of a hand
that belong to any meld, and a dig is tested card by card against the three-card melds that
could hold it. The hand masks, the pile mask and the lay-off masks of the table are derived
values cached on each state and handed on by `apply`, never part of the position itself.

>>> state = new_game(2, seed=1, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['draw stock', 'take 1']
>>> state = apply(state, parse_move(state, "draw stock"))
>>> str(legal_moves(state)[-1]).startswith("discard")
True
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, Rank, Suit, cards_text, seat_card_table, sorted_cards, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.melds import (
    AceMode,
    DigRules,
    Meld,
    MeldKind,
    MeldRules,
    PointTable,
    TableMeld,
    credited_points,
    meld_readings,
    rank_at,
    table_meld,
    take_from_pile,
)
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.text import by_suit
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "CARD_POINTS",
    "DIG_RULES",
    "GAME",
    "HAND_SIZE",
    "MELD_RULES",
    "MOVE_TYPES",
    "PACK",
    "PLAYERS",
    "ZONES",
    "Discard",
    "DrawStock",
    "LayOff",
    "MakeMeld",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Rummy",
    "State",
    "Take",
    "apply",
    "check_invariants",
    "hand_points",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "playable",
    "render",
    "scores",
    "shuffle_unseen",
    "table_points",
    "to_act",
    "view",
    "winners",
]

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (2, 3, 4)
"""The book: "2 to 4 people can play"."""
DEFAULT_PLAYERS: Final = 2
HAND_SIZE: Final = 7
"""The book: "7 cards are dealt to each player"."""
PACK: Final = standard_pack()
"""One pack without jokers."""
MELD_RULES: Final = MeldRules(ace_mode=AceMode.EITHER)
"""Sets of 3 or 4 of a rank (distinct suits), runs of 3 or more, the ace high or low."""
CARD_POINTS: Final = PointTable.of(
    {Rank.ACE: 25, **{Rank(r): 5 for r in range(2, 10)}, Rank.TEN: 10, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10}
)
"""The book: ace 25, K to 10 ten points, 9 to 2 five points (on the table and in hand)."""
DIG_RULES: Final = DigRules(free_top=True, from_hand=1, lay_off=False)
"""A dug card goes into a new meld with at least one card held before the draw."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book of Card Game Rules' game."""

    target: int = 500
    """The game ends after a hand in which a seat reaches this (book: "First person to 500")."""
    rummy_call: bool = True
    """Another seat may call "Rummy!" and take a discard that could be laid off (book)."""
    top_card_free: bool = True
    """The top discard alone is an ordinary draw (rules notes); off, it must be melded at once
    with a card from the hand, like a card dug from deeper."""
    max_turns: int = 1000
    """A hand ends after this many turns (the rules notes' safety cap; it never matters in
    ordinary play)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 100_000:
            raise ValueError(f"target must be 1 to 100000 points, not {self.target}")
        if not 1 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 1 to 100000, not {self.max_turns}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules' game (the defaults)."""
        return cls()


QUICK: Final = Options(target=60, max_turns=60)
"""A short match for the generic sweeps: 60 points, hands of at most 60 turns."""
_DEFAULTS: Final = Options()

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class Take:
    """Take the discard at `depth` (1 is the top) and every card above it."""

    player: int
    depth: int

    def __str__(self) -> str:
        return f"take {self.depth}"


@attrs.frozen
class MakeMeld:
    """Lay a new meld of `cards` (a run in rank order, a set in suit order) on the table."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"meld {cards_text(self.cards)}"


@attrs.frozen
class LayOff:
    """Add `card` to table meld number `meld` (counted from 0 in the order laid)."""

    player: int
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"lay off {self.card} on {self.meld}"


@attrs.frozen
class Discard:
    """Discard `card`, ending the turn (going out when it is the last card)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Rummy:
    """Call "Rummy!": take the discard `card` and lay it off on table meld `meld` at once."""

    player: int
    card: Card
    meld: int

    def __str__(self) -> str:
        return f"rummy {self.card} on {self.meld}"


@attrs.frozen
class Pass:
    """Let a discard go in the Rummy window; or, with the stock empty, refuse to draw (the
    hand ends)."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = DrawStock | Take | MakeMeld | LayOff | Discard | Rummy | Pass
MOVE_TYPES: Final = (DrawStock, Take, MakeMeld, LayOff, Discard, Rummy, Pass)
"""Every move class, for `checked_apply` and `GameSpec.move_types`."""

_SEATS: Final = max(PLAYERS)
_DRAW: Final = tuple(DrawStock(p) for p in range(_SEATS))
_PASS: Final = tuple(Pass(p) for p in range(_SEATS))
_TAKE: Final = tuple(tuple(Take(p, d) for d in range(len(PACK) + 1)) for p in range(_SEATS))
_DISCARD: Final = seat_card_table(lambda p, c: Discard(p, c), _SEATS, PACK)
_DISCARD_EVENTS: Final = seat_card_table(lambda p, c: (Event(EventKind.DISCARDS, player=p, cards=(c,)),), _SEATS, PACK)
_DRAW_EVENTS: Final = seat_card_table(
    lambda p, c: (Event(EventKind.DRAWS, player=p, cards=(c,), private=True),), _SEATS, PACK
)
_PASS_EVENTS: Final = tuple((Event(EventKind.PASSES, player=p),) for p in range(_SEATS))
_TAKE_TOP_EVENTS: Final = seat_card_table(
    lambda p, c: (Event(EventKind.TAKES, player=p, cards=(c,), label="discard pile"),), _SEATS, PACK
)


_LAY_OFFS: Final[dict[tuple[int, int, int], LayOff]] = {}


def _lay_off_move(player: int, card: Card, meld: int) -> LayOff:
    """The lay-off move, built once per seat, card and meld number."""
    key = (player, card.index, meld)
    move = _LAY_OFFS.get(key)
    if move is None:
        move = _LAY_OFFS[key] = LayOff(player, card, meld)
    return move


@functools.cache
def _rummy_move(player: int, card: Card, meld: int) -> Rummy:
    return Rummy(player, card, meld)


@functools.cache
def _meld_move(player: int, mask: int) -> MakeMeld:
    return MakeMeld(player, _MELDS[mask].cards)


# ---------------------------------------------------------------------------------------------
# Melds as bit masks (bit `card.index` of each card): built once, a few hundred of them


def _bit(card: Card) -> int:
    return 1 << card.index


_BIT: Final = {c: _bit(c) for c in PACK}


_CARD: Final = {(c.rank, c.suit): c for c in PACK}


def _build_melds() -> dict[int, Meld]:
    out: dict[int, Meld] = {}
    suits = tuple(Suit)
    for r in range(1, 14):
        rank = Rank(r)
        for size in (3, 4):
            for combo in itertools.combinations(suits, size):
                cards = tuple(_CARD[rank, s] for s in combo)
                out[_mask(cards)] = Meld(MeldKind.SET, sorted_cards(cards), rank=rank)
    for suit in suits:
        for low in range(1, 13):
            for high in range(low + 2, min(low + 12, 14) + 1):
                cards = tuple(_CARD[rank_at(p), suit] for p in range(low, high + 1))
                out.setdefault(_mask(cards), Meld(MeldKind.RUN, cards, suit=suit, low=low))
    return out


def _mask(cards: Sequence[Card]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c.index
    return out


_MELDS: Final = _build_melds()
"""Every meld of the pack by its mask (a run A..K is listed once, ace low)."""
_BY_LOW: Final[dict[int, tuple[int, ...]]] = {}
"""The meld masks by their lowest card's bit."""
_WITH: Final[dict[int, tuple[int, ...]]] = {}
"""The meld masks holding each card, by the card's bit."""
for _m, _meld in _MELDS.items():
    _BY_LOW[_m & -_m] = (*_BY_LOW.get(_m & -_m, ()), _m)
    for _c in _meld.cards:
        _WITH[_BIT[_c]] = (*_WITH.get(_BIT[_c], ()), _m)
del _m, _meld, _c


def _steps(masks: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The melds of one lowest card with, for each, where to go on when it is not held: past
    the longer runs from the same first card (they hold it too), else the next meld."""
    out = []
    for k, m in enumerate(masks):
        meld = _MELDS[m]
        skip = k + 1
        if meld.kind is MeldKind.RUN and 1 << meld.cards[0].index == m & -m:
            while skip < len(masks):
                other = _MELDS[masks[skip]]
                if other.kind is not MeldKind.RUN or other.cards[0] != meld.cards[0]:
                    break
                skip += 1
        out.append((m, skip))
    return tuple(out)


_STEPS: Final = {bit: _steps(masks) for bit, masks in _BY_LOW.items()}
"""`_BY_LOW` with skips: a run that is not held rules out the longer runs from its first card."""
_PAIRS: Final = tuple(
    tuple(m & ~(1 << i) for m in _WITH.get(1 << i, ()) if m.bit_count() == 3) for i in range(80)
)
"""For each `card.index`, the other two cards of every three-card meld holding the card (any
meld holding a card holds one of these)."""
_PARTNERS: Final = tuple(functools.reduce(int.__or__, pairs, 0) for pairs in _PAIRS)
"""For each `card.index`, every card of those pairs (the quick test: two of them are needed)."""


_RANK_BITS: Final = tuple(sum(1 << ((int(suit) + 1) * 16 + r) for suit in Suit) if r else 0 for r in range(14))
"""The bits of the four cards of each rank (index 1 is the ace)."""
_AT: Final = tuple(int(rank_at(p)) if p else 0 for p in range(16))
"""The rank standing at each run position (1 and 14 are the ace)."""


def _wants(meld: Meld) -> int:
    """The mask of the cards that could be laid off onto `meld` (a few integer operations)."""
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        if len(cards) >= 4 or meld.rank is None:
            return 0
        out = _RANK_BITS[meld.rank]
        for c in cards:
            out &= ~(1 << c.index)
        return out
    assert meld.suit is not None
    base = (int(meld.suit) + 1) * 16
    low, size = meld.low, len(cards)
    out = 0
    if low > 1:
        out = 1 << (base + _AT[low - 1])
    if low + size <= 14 and size < 13:
        out |= 1 << (base + _AT[low + size])
    return out


_ACES: Final = sum(1 << ((int(suit) + 1) * 16 + 1) for suit in Suit)
_LANES: Final = 0x7FFE
"""Bits 1 to 14 of a 16-bit suit lane."""


def _meldable(pool: int) -> int:
    """The cards of `pool` that belong to some set or run inside it (shifts over the suit
    lanes, each ace also standing at bit 14 of its lane for Q-K-A)."""
    wide = pool | (pool & _ACES) << 13
    low = wide & wide >> 1 & wide >> 2
    runs = low | low << 1 | low << 2
    runs = (runs | (runs >> 13 & _ACES)) & pool
    a, b, c, d = pool >> 16 & _LANES, pool >> 32 & _LANES, pool >> 48 & _LANES, pool >> 64 & _LANES
    three = (a & b & (c | d)) | (c & d & (a | b))
    return runs | (three * 0x10001000100010000 & pool)


def _table_wants(table: Sequence[TableMeld]) -> int:
    out = 0
    for tm in table:
        out |= _wants(tm.meld)
    return out


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    DRAW = 1
    """`player` draws: stock, the top discard, or a dig (or passes when the stock is empty)."""
    PLAY = 2
    """`player` melds, lays off, and discards to end the turn."""
    CLAIM = 3
    """The Rummy window after `turn`'s discard: `player` calls or passes."""
    OVER = 4


@attrs.frozen(kw_only=True)
class State:
    """A position. Hands are sorted; `stock[0]` is the top card, `discards[-1]` the top discard."""

    options: Options
    hand: int
    """The number of the deal, from 1."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    dealer: int
    phase: Phase
    player: int
    """The seat to act (the caller being asked in CLAIM; the winner once OVER)."""
    turn: int
    """The seat whose turn it is (the discarder during CLAIM)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    taken: tuple[Card, ...] = ()
    """The cards taken from the discard pile this turn, held apart and public: after a plain
    top-card draw that card (it may be melded or laid off but not discarded); after a dig the
    dug card first, then the cards above it, until the dug card is melded (`owed`)."""
    owed: bool = False
    """The dug card `taken[0]` must still be melded with a card from the hand."""
    table: tuple[TableMeld, ...] = ()
    """The melds on the table in the order laid, each card credited to the seat that laid it."""
    melded: tuple[bool, ...]
    """Whether each seat has laid a meld of its own this hand (lay-offs and calls need one)."""
    turns: int = 0
    """Turns begun this hand."""
    scores: tuple[int, ...]

    @functools.cached_property
    def wants(self) -> tuple[int, ...]:
        """For each table meld, the cards that could be laid off onto it, as a mask of bits
        `card.index` (derived from `table`; the play loop hands it on while the table stays)."""
        return tuple(_wants(tm.meld) for tm in self.table)

    @functools.cached_property
    def masks(self) -> tuple[int, ...]:
        """Each hand as a mask of bits `card.index` (derived from `hands`; handed on by the
        play loop)."""
        return tuple(_mask(h) for h in self.hands)

    @functools.cached_property
    def pile_bits(self) -> int:
        """The discard pile as a mask of bits `card.index` (derived; handed on by the play loop)."""
        return _mask(self.discards)

    @functools.cached_property
    def fits(self) -> int:
        """The cards that could be laid off onto some table meld, as a mask."""
        out = 0
        for w in self.wants:
            out |= w
        return out

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """Every legal move in a real state; the viewer's alone in a view."""
        if self.rng is not None:
            return _legal(self, None)
        return () if self.viewer is None else _legal(self, self.viewer)


_BUILD: Final = builder(State)
"""`State(...)` for the play loop: every field in order, positionally."""
_SET_WANTS: Final = State.__dict__["wants"].__set__
_SET_FITS: Final = State.__dict__["fits"].__set__
_SET_MASKS: Final = State.__dict__["masks"].__set__
_SET_PILE: Final = State.__dict__["pile_bits"].__set__


def _carry(new: State, wants: tuple[int, ...], fits: int, masks: tuple[int, ...], pile: int) -> State:
    """`new` with its derived masks filled in (known from the state it came from)."""
    _SET_WANTS(new, wants)
    _SET_FITS(new, fits)
    _SET_MASKS(new, masks)
    _SET_PILE(new, pile)
    return new

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
)
"""Hands seen by their owners, the stock by nobody, the pile, the cards taken from it this
turn and the table melds by everyone."""


# ---------------------------------------------------------------------------------------------
# Public API


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """The first deal. `deck` fixes it (top card first); `dealer` fixes the first dealer
    (drawn from the seed otherwise)."""
    options = require_options("five_hundreds", options, Options)
    n = require_players("five_hundreds", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    return _deal(options, 1, dealer, rng, deck, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (on a view, the viewer's). Drawing: "draw stock",
    then "take k" by depth, then "pass" (empty stock only). Playing: melds (by their lowest
    card in hand order), lay-offs (by card, then meld number), discards in hand order. In the
    Rummy window: calls by meld number, then "pass"."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The running totals (table less hand, summed over the hands scored)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    return frozenset((state.player,)) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the stock hidden, counts kept."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "take 3", "meld 7H 8H 9H", "lay off 8S on 2", "discard QS",
    "rummy 8S on 2" or "pass" (of seat `player`, or of the seat of a "1: ..." prefix)."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see dealt afresh among their places."""
    return zone_shuffle(state, player, seed, ZONES)


def playable(card: Card, table: Sequence[TableMeld]) -> bool:
    """True if `card` could be laid off onto one of the table melds.

    >>> from parlour.core.cards import parse_cards
    >>> from parlour.core.melds import make_meld
    >>> run = table_meld(make_meld(parse_cards("6S 7S 8S"), MELD_RULES), 0)
    >>> playable(Card.parse("9S"), (run,)), playable(Card.parse("5S"), (run,)), playable(Card.parse("5D"), (run,))
    (True, True, False)
    """
    return bool(_table_wants(table) >> card.index & 1)


def table_points(table: Sequence[TableMeld], players: int) -> tuple[int, ...]:
    """Each seat's points on the table: every card counted for the seat credited with it."""
    return credited_points(table, CARD_POINTS, players)


def hand_points(cards: Sequence[Card]) -> int:
    """The points of cards left in hand (ace 25, K-10 ten, 9-2 five).

    >>> from parlour.core.cards import parse_cards
    >>> hand_points(parse_cards("AD 9C KS"))
    40
    """
    return CARD_POINTS.total(cards)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"five_hundreds is played by 2 to 4 players, not {n}")
    check_seat("dealer", state.dealer, n)
    check_seat("player", state.player, n)
    check_seat("turn", state.turn, n)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.hand < 1 or state.turns < 0:
        raise ValueError("hand number below 1 or a negative turn count")
    if state.rng is not None:
        Rng.check(state.rng)
    if len(state.scores) != n or len(state.melded) != n:
        raise ValueError("scores and melded flags need one entry per seat")
    check_zones("five_hundreds", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if not any(c.is_hidden for c in held) and held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    owners = [False] * n
    for i, tm in enumerate(state.table):
        if len(tm.credit) != len(tm.meld.cards) or tm.meld not in meld_readings(tm.meld.cards, MELD_RULES):
            raise ValueError(f"table meld {i} is not a valid meld with one credit per card")
        for who in (tm.owner, *tm.credit):
            check_seat(f"table meld {i}'s seat", who, n)
            if not state.melded[who]:
                raise ValueError(f"seat {who} has cards on the table but has not melded")
        owners[tm.owner] = True
    if any(m and not o for m, o in zip(state.melded, owners)):
        raise ValueError("a seat counted as melded owns no meld")
    _check_phase(state, n)


def _check_phase(state: State, n: int) -> None:
    phase, p = state.phase, state.player
    if phase is not Phase.OVER and state.turns > state.options.max_turns:
        raise ValueError("more turns than the cap allows")
    if phase is not Phase.PLAY and (state.taken or state.owed):
        raise ValueError("cards are held apart from the pile only during a turn's play")
    if state.owed and not state.taken:
        raise ValueError("a dug card is owed but none is held")
    if not state.owed and len(state.taken) > 1:
        raise ValueError("only one card taken from the pile is held apart once the dug card is melded")
    if phase in (Phase.DRAW, Phase.PLAY) and p != state.turn:
        raise ValueError("the seat to act is the seat whose turn it is")
    if phase is Phase.OVER:
        top = max(state.scores)
        if top < state.options.target or state.scores.count(top) != 1 or state.scores[p] != top:
            raise ValueError("the game is over exactly when one seat leads at or past the target")
        return
    if max(state.scores) >= state.options.target and state.scores.count(max(state.scores)) == 1:
        raise ValueError("a seat leads past the target: the game should be over")
    for s, held in enumerate(state.hands):
        if not held and not (phase is Phase.PLAY and s == p):
            raise ValueError(f"seat {s} holds no card: the hand should have ended")
    if phase is Phase.CLAIM:
        if p == state.turn or not state.melded[p] or not state.options.rummy_call:
            raise ValueError("only another seat that has melded may call Rummy")
        if not state.discards or not playable(state.discards[-1], state.table):
            raise ValueError("the Rummy window opens only on a discard that could be laid off")


# ---------------------------------------------------------------------------------------------
# Phases


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    p = state.player
    if only is not None and only != p:
        return ()
    match state.phase:
        case Phase.DRAW:
            return _legal_draw(state, p)
        case Phase.PLAY:
            return _legal_play(state, p)
        case Phase.CLAIM:
            card = state.discards[-1]
            bit = 1 << card.index
            calls: list[Move] = [_rummy_move(p, card, i) for i, w in enumerate(state.wants) if w & bit]
            calls.append(_PASS[p])
            return tuple(calls)
    return ()


def _legal_draw(state: State, p: int) -> tuple[Move, ...]:
    moves: list[Move] = [_DRAW[p]] if state.stock else []
    pile = state.discards
    if pile:
        own = state.masks[p]
        take = _TAKE[p]
        pairs, partners = _PAIRS, _PARTNERS
        depth = 0
        above = 0
        everything = state.pile_bits
        if state.options.top_card_free:
            moves.append(take[1])
            depth, above = 1, 1 << pile[-1].index
            everything &= ~above
        # Only pile cards in some meld with the hand and the rest of the pile can be dug.
        left = _meldable(own | state.pile_bits) & everything
        for card in pile[-1 - depth :: -1] if left else ():
            depth += 1
            target = 1 << card.index
            if not left & target:
                above |= target
                continue
            left &= ~target
            pool = (own | above) & partners[card.index]
            if not pool & (pool - 1):
                above |= target
                continue
            for pair in pairs[card.index]:
                if pool & pair == pair:
                    size = _smallest_meld(target, own, above)
                    if size and (
                        (own | above).bit_count() + 1 - size >= 2 or _dig_meld_exists(state, own, above, target)
                    ):
                        moves.append(take[depth])
                    break
            if not left:
                break
            above |= target
    if not state.stock:
        moves.append(_PASS[p])
    return tuple(moves)


def _smallest_meld(target: int, own: int, above: int) -> int:
    """The size of the smallest set or run of the card `target` with cards of `own | above`
    that uses a card of `own` (0: there is none). Exact, short of the rule that the turn must
    still be able to end."""
    pool = own | above | target
    index = target.bit_length() - 1
    rank = index & 15
    same = _RANK_BITS[rank] & pool
    best = 3 if same & own and same.bit_count() >= 3 else 0  # three of the rank, one held
    base = index - rank
    for start in (1, 14) if rank == 1 else (rank,):
        lo = hi = start
        near = 14
        while lo > 1 and pool >> (base + _AT[lo - 1]) & 1:
            lo -= 1
            if own >> (base + _AT[lo]) & 1 and start - lo < near:
                near = start - lo
        while hi < 14 and pool >> (base + _AT[hi + 1]) & 1:
            hi += 1
            if own >> (base + _AT[hi]) & 1 and hi - start < near:
                near = hi - start
        if near < 14 and hi - lo >= 2:
            size = max(3, near + 1)
            if not best or size < best:
                best = size
    return best


def _dig_meld_exists(state: State, own: int, above: int, target: int) -> bool:
    """Some meld of the dug card with a card of the hand leaves a turn that can still end."""
    pool = own | above | target
    return any(m & pool == m and m & own and _endable(state, pool & ~m, 0, m, None) for m in _WITH[target])


def _endable(state: State, free: int, locked: int, new_meld: int, grown: tuple[int, Meld] | None) -> bool:
    """After a play, can the turn still end? `free` is the mask of the cards that may be
    discarded, `locked` of the card taken from the pile this turn (it may not be)."""
    if free and (free & (free - 1) or locked):
        return True  # two or more cards left, at least one of them discardable
    if not free:
        return False
    # One card left and it is the last: going out needs it to fit no meld on the table.
    if grown is not None:
        index, meld = grown
        wants = _wants(meld)
        for i, tm in enumerate(state.table):
            if i != index:
                wants |= _wants(tm.meld)
    else:
        wants = state.fits
        if new_meld:
            wants |= _wants(_MELDS[new_meld])
    return not wants & free


def _legal_play(state: State, p: int) -> tuple[Move, ...]:
    hand, taken = state.hands[p], state.taken
    own = state.masks[p]
    moves: list[Move] = []
    if state.owed:
        pool = own | _mask(taken)
        for m in _WITH[1 << taken[0].index]:
            if m & pool == m and m & own and _endable(state, pool & ~m, 0, m, None):
                moves.append(_meld_move(p, m))
        return tuple(moves)
    locked = 1 << taken[0].index if taken else 0
    pool = own | locked
    cards = (*hand, *taken) if taken else hand
    live = _meldable(pool)
    if live:
        for c in cards:
            bit = 1 << c.index
            if live & bit:
                steps = _STEPS.get(bit, ())
                k, n = 0, len(steps)
                while k < n:
                    m, skip = steps[k]
                    if m & pool == m:
                        if _endable(state, own & ~m, locked & ~m, m, None):
                            moves.append(_meld_move(p, m))
                        k += 1
                    else:
                        k = skip
    table = state.table
    fitting = state.fits & pool
    if fitting and state.melded[p]:
        wants = state.wants
        for c in cards:
            bit = 1 << c.index
            if not fitting & bit:
                continue
            for i, w in enumerate(wants):
                if w & bit:
                    free, kept = own & ~bit, locked & ~bit
                    if (free and (free & (free - 1) or kept)) or (
                        free and _endable(state, free, kept, 0, (i, _grow(table[i], c, p).meld))
                    ):
                        moves.append(_lay_off_move(p, c, i))
    row = _DISCARD[p]
    if len(hand) > 1 or taken:
        moves += [row[c.index] for c in hand]
    elif hand and not state.fits & own:
        moves.append(row[hand[0].index])  # going out with an unplayable last card
    return tuple(moves)


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.player:
        if state.phase is Phase.CLAIM:
            return f"seat {state.player} is asked about the Rummy call now"
        return f"it is seat {state.player}'s turn"
    phase = state.phase
    if phase is Phase.CLAIM:
        if isinstance(move, Rummy):
            return "the call must name the top discard and a table meld it can be laid off on"
        return "the Rummy window is open: call rummy or pass"
    if phase is Phase.DRAW:
        if isinstance(move, DrawStock):
            return "the stock is empty: take from the discard pile or pass"
        if isinstance(move, Take):
            if not 1 <= move.depth <= len(state.discards):
                return f"the discard pile holds {len(state.discards)} cards"
            return "the card dug must be melded at once with at least one card from the hand"
        if isinstance(move, Pass):
            return "pass only when the stock is empty"
        return "draw first"
    if isinstance(move, (DrawStock, Take)):
        return "draw once, at the start of the turn"
    if state.owed:
        return f"{state.taken[0]} was dug and must be melded first, with a card from the hand"
    pool = (*state.hands[state.player], *state.taken)
    if isinstance(move, Discard):
        if move.card in state.taken:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        if move.card not in pool:
            return f"{move.card} is not in the hand"
        return f"{move.card} is the last card and could be laid off: the final discard must not be playable"
    if isinstance(move, (MakeMeld, LayOff)):
        cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
        missing = [c for c in cards if c not in pool]
        if missing:
            return f"{cards_text(missing)} not in the hand"
        if isinstance(move, LayOff):
            if not state.melded[state.player]:
                return "lay off only after making a meld of your own"
            if not 0 <= move.meld < len(state.table):
                return f"there is no table meld {move.meld}"
            if not _wants(state.table[move.meld].meld) & _BIT[move.card]:
                return f"{move.card} does not fit table meld {move.meld}"
        elif _mask(move.cards) not in _MELDS:
            return f"{cards_text(move.cards)} is not a set or run"
        return "the turn could not end: keep a card to discard that fits no meld"
    return "not a move of this moment"


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _apply_draw(state: State, move: DrawStock) -> State:
    p = move.player
    card = state.stock[0]
    new = _BUILD(
        state.options, state.hand, state.rng, None, _DRAW_EVENTS[p][card.index], state.dealer, Phase.PLAY, p, p,
        replace_at(state.hands, p, _insert(state.hands[p], card)), state.stock[1:], state.discards, (), False,
        state.table, state.melded, state.turns, state.scores,
    )  # fmt: skip
    masks = state.masks
    mine = masks[p] | 1 << card.index
    return _carry(new, state.wants, state.fits, (*masks[:p], mine, *masks[p + 1 :]), state.pile_bits)


def _apply_take(state: State, move: Take) -> State:
    p, depth = move.player, move.depth
    rest, taken = take_from_pile(state.discards, depth)
    owed = depth > 1 or not state.options.top_card_free
    if depth == 1:
        event = _TAKE_TOP_EVENTS[p][taken[0].index]
    else:
        event = (Event(EventKind.TAKES, player=p, cards=taken, label=f"dig to depth {depth}"),)
    new = _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, Phase.PLAY, p, p, state.hands,
        state.stock, rest, taken, owed, state.table, state.melded, state.turns, state.scores,
    )  # fmt: skip
    return _carry(new, state.wants, state.fits, state.masks, state.pile_bits & ~_mask(taken))


def _apply_rummy(state: State, move: Rummy) -> State:
    p, card, index = move.player, move.card, move.meld
    grown = _grow(state.table[index], card, p)
    events = (
        Event(EventKind.TAKES, player=p, cards=(card,), label="rummy"),
        Event(EventKind.LAYS_OFF, player=p, cards=(card,), numbers=(index,)),
    )
    table = replace_at(state.table, index, grown)
    wants = replace_at(state.wants, index, _wants(grown.meld))
    fits = functools.reduce(int.__or__, wants)
    pile_bits = state.pile_bits & ~(1 << card.index)
    return _next_turn(state, state.hands, state.discards[:-1], table, wants, fits, state.masks, pile_bits, events)


def _apply_pass(state: State, move: Pass) -> State:
    p = move.player
    if state.phase is Phase.CLAIM:
        following = _next_caller(state.melded, p, state.turn)
        if following is None:
            return _next_turn(
                state, state.hands, state.discards, state.table, state.wants, state.fits, state.masks,
                state.pile_bits, _PASS_EVENTS[p],
            )  # fmt: skip
        return attrs.evolve(state, player=following, events=_PASS_EVENTS[p])
    note = Event(EventKind.NOTE, label="the stock is empty and the discard pile refused: the hand ends")
    return _end_hand(state, (*_PASS_EVENTS[p], note))


_KEY_AT: Final = [0] * 80
for _c in PACK:
    _KEY_AT[_c.index] = _c.sort_key
_SORT_KEY: Final = tuple(_KEY_AT)
"""Each card's display sort key by `card.index`."""
del _c


def _insert(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    key = _SORT_KEY
    k = key[card.index]
    at = 0
    for c in held:
        if key[c.index] > k:
            break
        at += 1
    return (*held[:at], card, *held[at:])


def _remove(state: State, p: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...], bool]:
    """The hand and held-apart cards without `cards`, and whether a dug card is still owed
    (once it is melded, the other dug cards join the hand)."""
    used = _mask(cards)
    hand = tuple(c for c in state.hands[p] if not used >> c.index & 1)
    taken = tuple(c for c in state.taken if not used >> c.index & 1) if state.taken else ()
    owed = state.owed
    if owed and used >> state.taken[0].index & 1:
        owed = False
        hand = sorted_cards((*hand, *taken))
        taken = ()
    return hand, taken, owed


def _apply_meld(state: State, move: MakeMeld) -> State:
    p = move.player
    hand, taken, owed = _remove(state, p, move.cards)
    meld = _MELDS[_mask(move.cards)]
    event = (Event(EventKind.MELDS, player=p, cards=meld.cards),)
    new = _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, Phase.PLAY, p, p,
        replace_at(state.hands, p, hand), state.stock, state.discards, taken, owed,
        (*state.table, table_meld(meld, p)), replace_at(state.melded, p, True), state.turns, state.scores,
    )  # fmt: skip
    wants = _wants(meld)
    masks = replace_at(state.masks, p, _mask(hand))
    return _carry(new, (*state.wants, wants), state.fits | wants, masks, state.pile_bits)


def _grow(target: TableMeld, card: Card, seat: int) -> TableMeld:
    """`target` with `card` laid off by `seat` (credited to it): the same as
    `core.melds.lay_off_credited(...)[0]` for one pack without wild cards, built directly."""
    meld = target.meld
    cards, credit = meld.cards, target.credit
    if meld.kind is MeldKind.SET:
        key = _SORT_KEY
        k = key[card.index]
        at = 0
        for c in cards:
            if key[c.index] > k:
                break
            at += 1
        grown = Meld(MeldKind.SET, (*cards[:at], card, *cards[at:]), rank=meld.rank)
        return TableMeld(grown, target.owner, (*credit[:at], seat, *credit[at:]))
    low = meld.low
    if low > 1 and _AT[low - 1] == int(card.rank):
        return TableMeld(Meld(MeldKind.RUN, (card, *cards), suit=meld.suit, low=low - 1), target.owner, (seat, *credit))
    return TableMeld(Meld(MeldKind.RUN, (*cards, card), suit=meld.suit, low=low), target.owner, (*credit, seat))


def _apply_lay_off(state: State, move: LayOff) -> State:
    p, card, index = move.player, move.card, move.meld
    hand, taken, owed = _remove(state, p, (card,))
    table = replace_at(state.table, index, _grow(state.table[index], card, p))
    event = (Event(EventKind.LAYS_OFF, player=p, cards=(card,), numbers=(index,)),)
    new = _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, Phase.PLAY, p, p,
        replace_at(state.hands, p, hand), state.stock, state.discards, taken, owed,
        table, state.melded, state.turns, state.scores,
    )  # fmt: skip
    wants = replace_at(state.wants, index, _wants(table[index].meld))
    fits = 0
    for w in wants:
        fits |= w
    return _carry(new, wants, fits, replace_at(state.masks, p, _mask(hand)), state.pile_bits)


def _apply_discard(state: State, move: Discard) -> State:
    p, card = move.player, move.card
    held = state.hands[p]
    at = 0
    for c in held:  # by identity: cards are interned (much cheaper than tuple.index's ==)
        if c is card:
            break
        at += 1
    else:
        at = held.index(card)
    hand = held[:at] + held[at + 1 :]
    if state.taken:  # the card taken from the pile joins the hand as the turn ends
        hand = _insert(hand, state.taken[0])
    masks = state.masks
    mine = masks[p] & ~(1 << card.index)
    if state.taken:
        mine |= 1 << state.taken[0].index
    hands = (*state.hands[:p], hand, *state.hands[p + 1 :])
    masks = (*masks[:p], mine, *masks[p + 1 :])
    pile = (*state.discards, card)
    events = _DISCARD_EVENTS[p][card.index]
    if not hand:
        after = _BUILD(
            state.options, state.hand, state.rng, None, (), state.dealer, Phase.PLAY, p, p, hands, state.stock,
            pile, (), False, state.table, state.melded, state.turns, state.scores,
        )  # fmt: skip
        return _end_hand(after, (*events, Event(EventKind.GOES_OUT, player=p)))
    if state.options.rummy_call and state.fits >> card.index & 1:
        caller = _next_caller(state.melded, p, p)
        if caller is not None:
            new = _BUILD(
                state.options, state.hand, state.rng, None, events, state.dealer, Phase.CLAIM, caller, p,
                hands, state.stock, pile, (), False, state.table, state.melded, state.turns, state.scores,
            )  # fmt: skip
            return _carry(new, state.wants, state.fits, masks, state.pile_bits | 1 << card.index)
    pile_bits = state.pile_bits | 1 << card.index
    return _next_turn(state, hands, pile, state.table, state.wants, state.fits, masks, pile_bits, events)


def _next_caller(melded: tuple[bool, ...], after: int, discarder: int) -> int | None:
    """The next seat that may call Rummy (it has melded), going round from `after` and
    stopping before the discarder."""
    n = len(melded)
    seat = (after + 1) % n
    while seat != discarder:
        if melded[seat]:
            return seat
        seat = (seat + 1) % n
    return None


def _next_turn(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    wants: tuple[int, ...],
    fits: int,
    masks: tuple[int, ...],
    pile_bits: int,
    events: tuple[Event, ...],
) -> State:
    """The turn passes to the left of the seat whose turn ended (`state.turn`), or the hand
    ends at the cap on turns."""
    if state.turns >= state.options.max_turns:
        after = _BUILD(
            state.options, state.hand, state.rng, None, (), state.dealer, Phase.DRAW, state.turn, state.turn, hands,
            state.stock, pile, (), False, table, state.melded, state.turns, state.scores,
        )  # fmt: skip
        note = Event(EventKind.NOTE, label=f"{state.turns} turns played: the hand ends")
        return _end_hand(after, (*events, note))
    nxt = (state.turn + 1) % len(hands)
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, Phase.DRAW, nxt, nxt, hands,
        state.stock, pile, (), False, table, state.melded, state.turns + 1, state.scores,
    )  # fmt: skip
    return _carry(new, wants, fits, masks, pile_bits)


_APPLY: Final[dict[type, Callable[..., State]]] = {
    DrawStock: _apply_draw,
    Take: _apply_take,
    MakeMeld: _apply_meld,
    LayOff: _apply_lay_off,
    Discard: _apply_discard,
    Rummy: _apply_rummy,
    Pass: _apply_pass,
}
"""The apply helper of each move class."""


# ---------------------------------------------------------------------------------------------
# Dealing and scoring


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    n = len(totals)
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    first = (dealer + 1) % n
    dealt, rest = deal(cards, players=n, first=first, each=HAND_SIZE)
    upcard = rest[0]
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(number,)),
        Event(EventKind.TURNS_UP, cards=(upcard,)),
    )
    return _BUILD(
        options, number, rng, None, events, dealer, Phase.DRAW, first, first, tuple(sorted_cards(h) for h in dealt),
        rest[1:], (upcard,), (), False, (), (False,) * n, 1, totals,
    )  # fmt: skip


def _end_hand(state: State, events: tuple[Event, ...]) -> State:
    """Scores the hand (table less hand, per seat), then ends the game or deals the next."""
    n = len(state.hands)
    on_table = table_points(state.table, n)
    gained = tuple(on_table[s] - hand_points(state.hands[s]) for s in range(n))
    totals = tuple(a + b for a, b in zip(state.scores, gained))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=gained))
    events += tuple(Event(EventKind.HAS, player=s, numbers=(totals[s],)) for s in range(n))
    top = max(totals)
    if top >= state.options.target and totals.count(top) == 1:
        winner = totals.index(top)
        events += (Event(EventKind.GAME_OVER, numbers=(winner,)),)
        return _BUILD(
            state.options, state.hand, state.rng, None, events, state.dealer, Phase.OVER, winner, winner,
            state.hands, state.stock, state.discards, (), False, state.table, state.melded, state.turns,
            totals,
        )  # fmt: skip
    if top >= state.options.target:
        events += (Event(EventKind.NOTE, label="a tie for the lead past the target: another hand"),)
    assert state.rng is not None
    return _deal(state.options, state.hand + 1, (state.dealer + 1) % n, state.rng, None, totals, events)


# ---------------------------------------------------------------------------------------------
# Text picture

_PILE_SHOWN: Final = 16


def render(state: State) -> str:
    """A plain-text picture: the hand and dealer, what the seat to act must do, each seat's
    score and cards (a visible hand by suit, a hidden one as a count), the table melds by
    number with their owners, the stock count and the fanned discard pile (top last)."""
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}", _render_now(state)]
    for s, held in enumerate(state.hands):
        flag = ", has melded" if state.melded[s] else ""
        line = f"seat {s}  score {state.scores[s]}{flag}  {len(held)} cards"
        if held and not any(c.is_hidden for c in held):
            line += ": " + by_suit(held)
        if state.taken and s == state.turn:
            line += f"  (taken from the pile: {cards_text(state.taken)})"
        lines.append(line)
    if state.table:
        lines.append("table:")
        for i, tm in enumerate(state.table):
            lines.append(f"  {i}: {tm.meld} (seat {tm.owner})")
    pile = state.discards
    if not pile:
        shown = "empty"
    elif len(pile) > _PILE_SHOWN:
        shown = f"({len(pile)} cards, top last): ... {cards_text(pile[-_PILE_SHOWN:])}"
    else:
        shown = f"(top last): {cards_text(pile)}"
    lines.append(f"stock {len(state.stock)} cards; discard pile {shown}")
    return "\n".join(lines)


def _render_now(state: State) -> str:
    p = state.player
    match state.phase:
        case Phase.DRAW:
            return f"seat {p} to draw" + ("" if state.stock else " (the stock is empty: take or pass)")
        case Phase.PLAY:
            if state.owed:
                return f"seat {p} must meld the dug {state.taken[0]} with a card from the hand"
            return f"seat {p} to meld, lay off or discard"
        case Phase.CLAIM:
            return f"seat {state.turn} discarded {state.discards[-1]}: seat {p} may call rummy or pass"
    return f"game over: seat {p} wins with {state.scores[p]}"


GAME: Final = GameSpec[State, Move, Options](
    name="five_hundreds",
    title="Five Hundreds",
    family="rummy",
    summary="Two to four players meld sets and runs, dig into a fanned discard pile, call Rummy "
    "on playable discards, and play to 500.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    max_plies=2_000_000,
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
