"""Four-Card Golf: a square of four face-down cards, swapped blind for low ones over nine holes.

Rules: the House Party guide, "FOUR-CARD GOLF". One 52-card pack (two packs shuffled together
from eight players on), 2 to 8 players. Each hole (deal) every seat gets four cards, one at a
time clockwise from the dealer's left, laid face down in a 2x2 square; the next card is turned
up to start the discard pile and the rest is the stock. Each seat has looked once at the two
cards of its square nearest to it. In turn, from the dealer's left, a seat draws the top of the
stock (then puts it in the square in place of a card, which is discarded face up, or discards
it), takes the top discard into the square in place of a card (one move: the taken card may not
go straight back), or knocks. After a knock every other seat has one more turn without knocking
and the hole ends. Squares are then turned up and scored: ace 1, two to ten their pips, jack
and queen 10, king 0. After nine holes the lowest total wins; ties share the win.

Readings where the text is silent or open (library choices, stated in the docs):

* Square positions: 0 and 1 are the far row, 2 and 3 the near row. The k-th card a seat is
  dealt goes to position k-1, so its last two cards are the near ones.
* The one look at the two near cards is automatic (looking never hurts) and remembered: those
  cards stay known to their owner. A card a seat puts into its square is known to it too
  ("being careful to remember what it is"). These per-card flags (`State.known`) decide what a
  seat's view shows; a seat never sees an opponent's square before the scoring, even a card it
  saw taken from the discard pile.
* Only the top discard is visible: the pile is kept squared up.
* Knocking is allowed on any turn, the very first included, once per hole.
* Stock exhausted: the discards except the top card are shuffled into a new stock as soon as
  the stock runs out at the end of a turn.
* Two packs are used from `Options.two_packs_from` players on (8: "8 or more").
* The first dealer is drawn from the seed (`new_game(dealer=...)` fixes it); the deal passes
  clockwise. `scores` gives each seat's running total (lower is better).
* Termination valve (not in the rules): a hole in which nobody knocks ends after
  `Options.max_turns_per_hand` turns (100) and is scored as usual.

>>> from parlour.core.cards import parse_cards, standard_pack
>>> top = parse_cards("KS 2H QD 3C AH 4D 7C 5S 9H")
>>> state = new_game(2, seed=1, dealer=1, deck=top + tuple(c for c in standard_pack() if c not in top))
>>> cards_text(state.layouts[0]), cards_text(state.discards)
('KS QD AH 7C', '9H')
>>> cards_text(view(state, 0).layouts[0]), cards_text(view(state, 0).layouts[1])
('?? ?? AH 7C', '?? ?? ?? ??')
>>> [str(m) for m in legal_moves(state)]
['draw', 'take 0', 'take 1', 'take 2', 'take 3', 'knock']
>>> state = apply(state, parse_move(state, "take 3"))
>>> cards_text(state.layouts[0]), cards_text(state.discards)
('KS QD AH 9H', '7C')
>>> hand_points(parse_cards("KS QD AH 7C"))
18
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, Card, Rank, cards_text, seat_card_table, standard_pack
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders
from parlour.core.stock import refill_stock
from parlour.core.text import seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, top_card_only, zone_shuffle, zone_view

__all__ = [
    "CARD_POINTS",
    "GAME",
    "LAYOUT_SIZE",
    "MOVE_TYPES",
    "NEAR",
    "PLAYERS",
    "ZONES",
    "DiscardDrawn",
    "DrawStock",
    "Knock",
    "Move",
    "Options",
    "Phase",
    "Replace",
    "State",
    "TakeDiscard",
    "apply",
    "check_invariants",
    "hand_points",
    "is_over",
    "legal_moves",
    "new_game",
    "pack_for",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
""""The number of players could be from 2 to 8"."""
DEFAULT_PLAYERS: Final = 4
""""Though the game is best for four people"."""
MAX_PLAYERS: Final = max(PLAYERS)
LAYOUT_SIZE: Final = 4
""""The dealer deals 4 cards to each player", arranged in a 2x2 square."""
POSITIONS: Final = tuple(range(LAYOUT_SIZE))
NEAR: Final = (2, 3)
"""The two positions of the near row, the cards a seat looks at once before play."""
CARD_POINTS: Final = {
    Rank.ACE: 1, **{Rank(r): r for r in range(2, 11)}, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 0,
}  # fmt: skip
""""Each numeral card scores face value (Ace=1, Two=2, etc.)", "Each Jack or Queen scores 10
points", "Each King scores zero points"."""
_POINTS: Final = tuple(CARD_POINTS.get(Rank(r), 0) if 1 <= r <= 13 else 0 for r in range(16))
"""CARD_POINTS by rank number, for the scoring loop."""
_PACKS: Final = (standard_pack(), standard_pack(packs=2))
_START_KNOWN: Final = tuple(p in NEAR for p in POSITIONS)


# Options -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Options:
    """Four-Card Golf's rules; the defaults are the House Party guide's."""

    holes: int = 9
    """"The player who has the lowest cumulative score after nine deals (or holes) wins": the
    number of holes in a match."""
    two_packs_from: int = 8
    """"With a large number of players (8 or more) two packs may be shuffled together": two
    packs are used from this many players on (9: always one pack)."""
    max_turns_per_hand: int = 100
    """Termination valve, not in the rules: a hole in which nobody knocks ends after this many
    turns and is scored as usual."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.holes <= 99:
            raise ValueError(f"holes must be 1..99, not {self.holes}")
        if not 2 <= self.two_packs_from <= MAX_PLAYERS + 1:
            raise ValueError(f"two_packs_from must be 2..{MAX_PLAYERS + 1}, not {self.two_packs_from}")
        if not 1 <= self.max_turns_per_hand <= 10_000:
            raise ValueError(f"max_turns_per_hand must be 1..10000, not {self.max_turns_per_hand}")

    @classmethod
    def house_party(cls) -> Options:
        """The House Party guide's game (the defaults): nine holes, two packs from eight players."""
        return cls()


def pack_for(options: Options, players: int) -> tuple[Card, ...]:
    """The cards in play: one pack, or two shuffled together from `two_packs_from` players on."""
    return _PACKS[1] if players >= options.two_packs_from else _PACKS[0]


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock (then `replace` a card with it, or `discard` it)."""

    player: int

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class TakeDiscard:
    """Take the top discard into the square at `pos`; the card there is discarded face up."""

    player: int
    pos: int

    def __str__(self) -> str:
        return f"take {self.pos}"


@attrs.frozen
class Replace:
    """Put the card just drawn face down at `pos`; the card there is discarded face up."""

    player: int
    pos: int

    def __str__(self) -> str:
        return f"replace {self.pos}"


@attrs.frozen
class DiscardDrawn:
    """Discard the card just drawn from the stock, leaving the square as it was."""

    player: int

    def __str__(self) -> str:
        return "discard"


@attrs.frozen
class Knock:
    """Knock instead of drawing: every other seat has one more turn, then the hole ends."""

    player: int

    def __str__(self) -> str:
        return "knock"


Move: TypeAlias = DrawStock | TakeDiscard | Replace | DiscardDrawn | Knock
MOVE_TYPES: Final = (DrawStock, TakeDiscard, Replace, DiscardDrawn, Knock)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """DRAW: the seat to act draws, takes the discard or knocks; PLACE: it holds a card drawn
    from the stock; OVER: the match ended."""

    DRAW = "draw"
    PLACE = "place"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Four-Card Golf position."""

    options: Options
    hand: int
    """The hole being played, 1-based."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to act (at the end of the match, the last seat that acted)."""
    layouts: tuple[tuple[Card, ...], ...]
    """Each seat's square of four cards by position: 0, 1 the far row, 2, 3 the near row."""
    known: tuple[tuple[bool, ...], ...]
    """Per seat and position, whether the owner knows that card (looked at or put there)."""
    stock: tuple[Card, ...]
    """Face down, top card first."""
    discards: tuple[Card, ...]
    """Face up and squared: only the top card (the last) is visible."""
    drawn: Card | None
    """In PLACE, the card just drawn from the stock (seen by its drawer only)."""
    knocker: int | None
    """The seat that knocked this hole, if any."""
    turns: int
    """Turns completed this hole."""
    totals: tuple[int, ...]
    """Cumulative points by seat (lower is better)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


def _layouts_seen(state: object, viewer: int | None, owner: int | None) -> bool | tuple[bool, ...]:
    assert isinstance(state, State)
    if state.phase is Phase.OVER:
        return True  # every square was turned up at the last scoring
    if owner is None or viewer != owner:
        return False
    return state.known[owner]


def _drawn_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    assert isinstance(state, State)
    return viewer == state.turn


ZONES: Final = (
    Zone("layouts", _layouts_seen, by_seat=True),
    Zone("drawn", _drawn_seen),
    Zone("stock", Seen.NOBODY),
    Zone("discards", top_card_only("discards")),
)
"""A square's cards are seen by their owner where it knows them (everyone's once the match is
over); a card drawn from the stock by its drawer; only the top discard; never the stock."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals hole 1. `deck` fixes the first deal (top card first), `dealer` the first dealer
    (else drawn from the seed)."""
    n = require_players("four_card_golf", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("four_card_golf", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    return _deal(rules, 1, first, (0,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to act's moves: `draw`, `take 0` .. `take 3`, then `knock` (while nobody has
    knocked this hole); after a draw, `replace 0` .. `replace 3`, then `discard`. () at the end."""
    return moves_for(state, player, len(state.layouts), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's cumulative points (lower is better)."""
    return state.totals


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the last hole is scored (ties share the win)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return _lowest(state.totals)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the cards of its square it knows, the card it
    just drew, the top discard, and counts."""
    check_viewer(state, player, len(state.layouts))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw", "take 2", "replace 0", "discard" or "knock"; "2: ..." picks the seat."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see afresh among the same places, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


def hand_points(layout: Iterable[Card]) -> int:
    """A square's score: ace 1, two to ten their pips, jack and queen 10, king 0."""
    return sum(_POINTS[card.rank] for card in layout)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Four-Card Golf reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be four_card_golf.Options")
    n = len(state.layouts)
    if n not in PLAYERS:
        raise ValueError(f"four_card_golf is played by 2-8 players, not {n}")
    if not isinstance(state.phase, Phase):
        raise ValueError(f"phase must be a Phase, not {state.phase!r}")
    if not 1 <= state.hand <= o.holes:
        raise ValueError(f"hole {state.hand} is outside 1..{o.holes}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    if state.knocker is not None:
        check_seat("knocker", state.knocker, n)
    played = state.hand if state.phase is Phase.OVER else state.hand - 1
    most = played * LAYOUT_SIZE * max(CARD_POINTS.values())
    if len(state.totals) != n or any(type(t) is not int or not 0 <= t <= most for t in state.totals):
        raise ValueError(f"totals {state.totals} are not {n} sums of at most {most} points in {played} holes")
    if any(len(layout) != LAYOUT_SIZE for layout in state.layouts):
        raise ValueError(f"every square holds {LAYOUT_SIZE} cards")
    if len(state.known) != n or any(
        len(flags) != LAYOUT_SIZE or any(type(f) is not bool for f in flags) for flags in state.known
    ):
        raise ValueError(f"known must hold {LAYOUT_SIZE} booleans for each of the {n} seats")
    if any(not all(flags[p] for p in NEAR) for flags in state.known):
        raise ValueError("each seat knows the two near cards of its square, which it looked at")
    if not 0 <= state.turns <= o.max_turns_per_hand + n:
        raise ValueError(f"{state.turns} turns cannot have been played in a hole")
    check_zones("four_card_golf", state, ZONES, pack_for(o, n))
    if state.phase is Phase.OVER:
        if state.drawn is not None:
            raise ValueError("nothing is drawn once the match is over")
        if state.hand != o.holes:
            raise ValueError(f"the match ends after hole {o.holes}, not {state.hand}")
        return
    if (state.drawn is None) != (state.phase is Phase.DRAW):
        raise ValueError("a card is drawn exactly while its seat is to place it")
    if not state.discards:
        raise ValueError("the discard pile is never empty during a hole")
    if state.phase is Phase.DRAW and not state.stock:
        raise ValueError("the stock is refilled from the discards as soon as it runs out")
    if state.knocker is not None and state.knocker == state.turn:
        raise ValueError("the knocker does not play again before the hole ends")
    if state.knocker is None and state.turns >= o.max_turns_per_hand:
        raise ValueError("the hole should have ended at the turn limit")
    if state.knocker is not None and not state.turns:
        raise ValueError("a knock is a turn: the hole cannot have had no turns")


# Phase helpers -------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_DRAWS: Final = tuple(DrawStock(s) for s in range(MAX_PLAYERS))
_TAKES: Final = tuple(tuple(TakeDiscard(s, p) for p in POSITIONS) for s in range(MAX_PLAYERS))
_REPLACES: Final = tuple(tuple(Replace(s, p) for p in POSITIONS) for s in range(MAX_PLAYERS))
_DISCARD_DRAWN: Final = tuple(DiscardDrawn(s) for s in range(MAX_PLAYERS))
_KNOCKS: Final = tuple(Knock(s) for s in range(MAX_PLAYERS))
_TURN_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    (_DRAWS[s], *_TAKES[s], _KNOCKS[s]) for s in range(MAX_PLAYERS)
)
_LAST_TURN_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple((_DRAWS[s], *_TAKES[s]) for s in range(MAX_PLAYERS))
_PLACE_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    (*_REPLACES[s], _DISCARD_DRAWN[s]) for s in range(MAX_PLAYERS)
)

_PACK: Final = _PACKS[0]
_TO_PLAY: Final = tuple((Event(EventKind.TO_PLAY, player=s),) for s in range(MAX_PLAYERS))
_TURNS_UP: Final = seat_card_table(lambda _s, c: (Event(EventKind.TURNS_UP, cards=(c,)),), 1, _PACK)[0]
_KNOCK_EVENTS: Final = tuple((Event(EventKind.KNOCKS, player=s),) for s in range(MAX_PLAYERS))
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, MAX_PLAYERS, _PACK, private=True)
_TAKE_EVENTS: Final = seat_card_events(EventKind.TAKES, MAX_PLAYERS, _PACK)
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, MAX_PLAYERS, _PACK)
_SET_KNOWN: Final = {
    flags: tuple(flags[:p] + (True,) + flags[p + 1 :] for p in POSITIONS)
    for flags in (tuple(bool(m >> p & 1) for p in POSITIONS) for m in range(1 << LAYOUT_SIZE))
}
"""`_SET_KNOWN[flags][pos]`: the flags once the owner has put a card at `pos`."""


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    if only is None and state.rng is None:
        return ()  # a spectator's view
    seat = state.turn
    if only is not None and only != seat:
        return ()
    phase = state.phase
    if phase is Phase.DRAW:
        return _TURN_MOVES[seat] if state.knocker is None else _LAST_TURN_MOVES[seat]
    if phase is Phase.PLACE:
        return _PLACE_MOVES[seat]
    return ()


def _apply(state: State, move: Move) -> State:
    seat = move.player
    if isinstance(move, Replace | TakeDiscard):
        pos = move.pos
        card: Card | None
        if type(move) is Replace:
            card = state.drawn
            discards = state.discards
            events: tuple[Event, ...] = ()
        else:
            discards = state.discards[:-1]
            card = state.discards[-1]
            events = _TAKE_EVENTS[seat][card.index]
        assert card is not None
        layout = state.layouts[seat]
        old = layout[pos]
        layouts = (
            *state.layouts[:seat],
            (*layout[:pos], card, *layout[pos + 1 :]),
            *state.layouts[seat + 1 :],
        )
        flags = state.known[seat]
        known = state.known if flags[pos] else (*state.known[:seat], _SET_KNOWN[flags][pos], *state.known[seat + 1 :])
        return _end_turn(
            state, seat, layouts, known, state.stock, (*discards, old), state.knocker,
            (*events, *_DISCARD_EVENTS[seat][old.index]),
        )  # fmt: skip
    kind = type(move)
    if kind is DrawStock:
        card = state.stock[0]
        return _BUILD(
            state.options, state.hand, state.rng, None, Phase.PLACE, state.dealer, seat, state.layouts, state.known,
            state.stock[1:], state.discards, card, state.knocker, state.turns, state.totals,
            _DRAW_EVENTS[seat][card.index],
        )  # fmt: skip
    if kind is DiscardDrawn:
        card = state.drawn
        assert card is not None
        return _end_turn(
            state, seat, state.layouts, state.known, state.stock, (*state.discards, card), state.knocker,
            _DISCARD_EVENTS[seat][card.index],
        )  # fmt: skip
    # Knock
    return _end_turn(
        state, seat, state.layouts, state.known, state.stock, state.discards, seat, _KNOCK_EVENTS[seat]
    )


def _end_turn(
    state: State,
    seat: int,
    layouts: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[bool, ...], ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    events: tuple[Event, ...],
) -> State:
    """The next seat's turn (the stock refilled if it ran out); the scoring when the turn comes
    back to the knocker, or at the turn limit if nobody knocked."""
    turns = state.turns + 1
    following = seat + 1 if seat + 1 < len(layouts) else 0
    o = state.options
    if following == knocker or (knocker is None and turns >= o.max_turns_per_hand):
        if knocker is None:
            events = (*events, Event(EventKind.NOTE, label=f"nobody knocked in {turns} turns: the hole ends"))
        return _score_hole(state, seat, layouts, known, stock, discards, knocker, events)
    rng = state.rng
    if not stock:
        assert rng is not None
        refill = refill_stock(stock, discards, rng)
        stock, discards, rng = refill.stock, refill.discards, refill.rng
        events = (*events, *refill.events)
    return _BUILD(
        o, state.hand, rng, None, Phase.DRAW, state.dealer, following, layouts, known, stock, discards, None,
        knocker, turns, state.totals, (*events, *_TO_PLAY[following]),
    )  # fmt: skip


def _score_hole(
    state: State,
    seat: int,
    layouts: tuple[tuple[Card, ...], ...],
    known: tuple[tuple[bool, ...], ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    events: tuple[Event, ...],
) -> State:
    """Turns every square up and scores it; deals the next hole or ends the match."""
    o = state.options
    points = tuple(hand_points(layout) for layout in layouts)
    totals = tuple(t + p for t, p in zip(state.totals, points))
    events = (
        *events,
        *(Event(EventKind.SHOWS, player=s, cards=layout) for s, layout in enumerate(layouts)),
        Event(EventKind.HAND_SCORED, numbers=points),
    )
    if state.hand >= o.holes:
        events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(_lowest(totals)))))
        return _BUILD(
            o, state.hand, state.rng, None, Phase.OVER, state.dealer, seat, layouts, known, stock, discards, None,
            knocker, 0, totals, events,
        )  # fmt: skip
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hole in a view")
    n = len(layouts)
    return _deal(o, state.hand + 1, (state.dealer + 1) % n, totals, rng, None, events)


def _deal(
    o: Options,
    number: int,
    dealer: int,
    totals: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals hole `number`: four cards each, one at a time from the dealer's left (the k-th to
    position k-1), then the upcard; the rest is the stock."""
    n = len(totals)
    cards, rng = shuffled_or_fixed(pack_for(o, n), rng, deck)
    order = [(dealer + 1 + i) % n for i in range(n)]
    dealt: list[tuple[Card, ...]] = [()] * n
    for j, seat in enumerate(order):
        dealt[seat] = tuple(cards[j + k * n] for k in POSITIONS)
    upcard = cards[LAYOUT_SIZE * n]
    stock = cards[LAYOUT_SIZE * n + 1 :]
    first = order[0]
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(number,)), *_TURNS_UP[upcard.index])
    return _BUILD(
        o, number, rng, None, Phase.DRAW, dealer, first, tuple(dealt), (_START_KNOWN,) * n, stock, (upcard,), None,
        None, 0, totals, (*events, *_TO_PLAY[first]),
    )  # fmt: skip


def _lowest(totals: tuple[int, ...]) -> frozenset[int]:
    return leaders(totals, low=True)


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    if isinstance(move, TakeDiscard | Replace) and move.pos not in POSITIONS:
        return f"a square has positions 0-{LAYOUT_SIZE - 1}, not {move.pos!r}"
    if state.phase is Phase.PLACE:
        if isinstance(move, Knock):
            return "a knock is made instead of drawing, not after it"
        return f"first put the drawn card in the square (replace 0-{LAYOUT_SIZE - 1}) or discard it"
    if isinstance(move, Knock):
        return f"seat {state.knocker} has already knocked: no further knock this hole"
    if isinstance(move, DiscardDrawn):
        return "nothing has been drawn to discard (a discard taken must go into the square)"
    if isinstance(move, Replace):
        return f"draw from the stock before replacing a card (the discard is taken with 'take 0-{LAYOUT_SIZE - 1}')"
    return "draw from the stock, take the discard or knock"


# Text ----------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture: the hole and dealer, the stock and top discard, what happens now,
    then one line per seat (total, knocked, to act) with its square by position, unknown cards
    as ??, and the card it drew."""
    o = state.options
    top = state.discards[-1] if state.discards else None
    lines = [
        f"hole {state.hand} of {o.holes}, dealer seat {state.dealer}; stock {len(state.stock)} card"
        f"{'' if len(state.stock) == 1 else 's'}, discard pile {len(state.discards)}"
        + (f", top {top}" if top is not None and not top.is_hidden else ""),
        _render_now(state),
    ]
    width = max(len(str(t)) for t in state.totals)
    for seat, layout in enumerate(state.layouts):
        cards = "  ".join(f"{p}:{c}" for p, c in enumerate(layout))
        line = f"seat {seat}  total {state.totals[seat]:>{width}}  square  {cards}"
        if HIDDEN not in layout:
            line += f"  ({hand_points(layout)})"
        if seat == state.knocker:
            line += ", knocked"
        if seat == state.turn and state.phase is not Phase.OVER:
            line += ", to act"
            if state.drawn is not None:
                line += f"; drew {'a card' if state.drawn.is_hidden else state.drawn}"
        lines.append(line)
    return "\n".join(lines)


def _render_now(state: State) -> str:
    seat = state.turn
    match state.phase:
        case Phase.OVER:
            best = sorted(winners(state))
            return f"game over after {state.hand} hole{'' if state.hand == 1 else 's'}: " + (
                f"{seats_text(best)} win{'s' if len(best) == 1 else ''}"
            )
        case Phase.PLACE:
            return f"seat {seat} to put the drawn card in its square or discard it"
        case Phase.DRAW:
            if state.knocker is not None:
                return f"seat {seat} to draw or take the discard; seat {state.knocker} knocked: last turns"
            return f"seat {seat} to draw, take the discard or knock"


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="four_card_golf",
    title="Four-Card Golf",
    family="draw-discard",
    low_score_wins=True,
    summary="Swap blind into a face-down square of four for the lowest score over nine holes.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("house_party", Options.house_party()),),
    quick=Options(holes=2, max_turns_per_hand=30),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=Options().holes * 2 * (Options().max_turns_per_hand + MAX_PLAYERS),
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
