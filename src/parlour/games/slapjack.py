"""Slapjack: turn cards to the centre and race to slap the jacks, for 2-8 players.

Rules: the House Party guide, "SLAPJACK", with the gaps resolved as stated below. One 52-card
pack is shared out among the players, each holding a face-down pile. In turn, clockwise, each
player turns the top card of its pile face up onto a centre pile. When a jack turns up, the
first player to slap it wins the centre pile and puts it face down under its own pile; play goes
on from the winner's left. A player who slaps a card that is not a jack gives the top card of
its pile to the player who turned that card, who puts it under its own pile. A player who runs
out of cards turns no more, but may still slap the next jack: winning it brings the player back
into the game, while someone else winning it, or a wrong slap, puts the player out. The player
left when everyone else is out (who then has all the cards) wins; with the guide's time limit,
the player holding the most cards when time is up wins.

Readings where the seed is silent or open (library choices, stated in the docs):

* Dealing: the first dealer is drawn from the seed (or given as `dealer=`); the pack is dealt
  one card at a time clockwise from the dealer's left, so nearer seats may hold one card more.
  Each pile keeps the order dealt, the first card a seat was dealt on top. Nobody, the owner
  included, sees the faces in a pile: views show counts only.
* Turning a card is a move (`flip`), the one move with no alternative that the rules notes keep
  as a move: it marks the moment a slap window opens. The seat on the dealer's left turns first;
  seats without cards are passed over.
* The slap: after every turned card a `core.windows.Window` opens over every seat still in the
  game (the one that turned the card too, and seats with no cards), from the turner's left
  round the table. Each answers `slap` or `hold` once. On a jack the first slap applied wins
  (`Tie.FIRST`: "the person whose hand is underneath") and ends the window at once. On any
  other card each slap is a wrong slap and pays its penalty, and the window stays open until
  every seat has answered. If every seat holds on a jack, it stays in the centre.
* The turner may slap its own card (`Options.flipper_may_slap`); a wrong slap on its own card
  moves its top card to its own bottom. Several wrong slaps on one card each pay.
* A wrong slap by a seat with no cards puts it out at once. A wrong slap owed to a turner that
  is already out (it turned its last card and then slapped it wrongly) is not paid.
* When a jack is won, the centre pile goes face down under the winner's pile in its order (the
  bottom card of the centre first); every other seat with no cards is out.
* Play resumes from the first seat with cards left of the jack's winner, or left of the turner
  when nobody won the centre.
* The end: the game ends as soon as one seat is left in. The guide's time limit is
  `Options.max_flips` (default 2000 turned cards, also the termination valve): when the window
  of the last allowed card closes, the seats still in holding the most cards win (the centre
  is not counted). If no seat still in has a card to turn (every card lies in the centre, which
  only happens if jacks were let pass), the game ends the same way: the seats still in share it.
* `scores` gives the cards each seat holds.

>>> from parlour.core.cards import standard_pack
>>> state = new_game(2, seed=1, deck=standard_pack(), dealer=1)
>>> [str(m) for m in legal_moves(state)], [len(p) for p in state.piles]
(['flip'], [26, 26])
>>> state = apply(state, parse_move(state, "flip"))
>>> [str(e) for e in state.events], sorted(to_act(state))
(['seat 0 plays AC'], [0, 1])
>>> state = apply(state, parse_move(state, "1: slap"))
>>> [str(e) for e in state.events], [len(p) for p in state.piles]
(['seat 1 calls: slap', 'seat 1 gives: its top card to seat 0'], [26, 25])
>>> state = apply(state, parse_move(state, "0: hold"))
>>> [str(e) for e in state.events], cards_text(state.centre)
(['seat 0 passes', 'seat 1 to play'], 'AC')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import Card, Rank, cards_text, standard_pack
from parlour.core.deck import deal_all, shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.text import seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.windows import Tie, Window
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "Flip",
    "Hold",
    "Move",
    "Options",
    "Phase",
    "Slap",
    "State",
    "apply",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "next_to_flip",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "slap_window",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
"""The seed names no range; two to eight share one pack comfortably."""
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
TARGET: Final = Rank.JACK
"""The rank that may be slapped."""
MAX_FLIPS: Final = 2000
"""The default time limit, in cards turned (the termination valve)."""


# Options -------------------------------------------------------------------------------------


def _whole(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{attribute.name} must be a whole number {low}..{high}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Slapjack; the defaults are the House Party guide's game."""

    max_flips: int = attrs.field(default=MAX_FLIPS, validator=_whole(1, 1_000_000))
    """The time limit (the House Party guide: "you can play with the time limit"), counted in
    cards turned: after this many the seats still in holding the most cards win. It is also
    the termination valve that makes every game end (default 2000)."""
    flipper_may_slap: bool = True
    """The seat that turned the card may slap it too (the guide does not exclude it). False: a
    common house rule, in which only the other seats race for it."""
    penalty_cards: int = attrs.field(default=1, validator=_whole(1, 52))
    """Cards a wrong slap pays from the top of the slapper's pile to the turner (the guide: the
    top card, 1). A seat holding fewer pays what it has."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def house_party(cls) -> Options:
        """The House Party guide: one card per wrong slap, anyone may slap, the time limit."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Flip:
    """Turn the top card of one's pile face up onto the centre pile."""

    player: int

    def __str__(self) -> str:
        return "flip"


@attrs.frozen
class Slap:
    """Slap the card just turned (winning the centre if it is a jack, paying if not)."""

    player: int

    def __str__(self) -> str:
        return "slap"


@attrs.frozen
class Hold:
    """Let the card just turned go by."""

    player: int

    def __str__(self) -> str:
        return "hold"


Move: TypeAlias = Flip | Slap | Hold
MOVE_TYPES: Final = (Flip, Slap, Hold)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """FLIP: `turn` turns a card; SLAP: the seats may slap the card just turned; OVER: ended."""

    FLIP = "flip"
    SLAP = "slap"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Slapjack position: the face-down piles, the centre pile, who is out, the slap window."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    turn: int
    """The seat to turn a card (FLIP) or that turned the card on top of the centre (SLAP, and
    OVER after a card was turned)."""
    flips: int
    """Cards turned so far (the time limit counts them)."""
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's face-down pile, top card first; seen by nobody."""
    centre: tuple[Card, ...]
    """The face-up centre pile, bottom card first (the last card turned is last)."""
    out: tuple[bool, ...]
    """Which seats are out of the game (they hold no cards and answer no window)."""
    window: Window | None
    """In SLAP, the seats that may still slap or hold the card just turned."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


ZONES: Final = (
    Zone("piles", Seen.NOBODY, by_seat=True),
    Zone("centre", Seen.EVERYONE),
)
"""The piles are face down (nobody sees them, their owners included); the centre is face up."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the pack. `deck` fixes the deal (top card first), `dealer` the dealer (else drawn
    from the seed); the dealer's left turns the first card."""
    n = require_players("slapjack", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("slapjack", options, Options)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    elif type(dealer) is not int:
        raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
    check_seat("dealer=", dealer, n)
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    first = (dealer + 1) % n
    piles = deal_all(cards, players=n, first=first)
    events = (Event(EventKind.DEALS, player=dealer, numbers=(1,)), _TO_PLAY[first])
    return State(
        options=rules,
        hand=1,
        rng=rng,
        phase=Phase.FLIP,
        turn=first,
        flips=0,
        piles=piles,
        centre=(),
        out=(False,) * n,
        window=None,
        events=events,
    )


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to turn a card: `flip`. After a card is turned: each waiting seat's `slap` and
    `hold`, seat by seat from the turner's left round the table (the turner last).

    With `player`, only that seat's moves; a view lists its viewer's moves only.
    """
    return moves_for(state, player, len(state.piles), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat to turn a card, or every seat that may still slap or hold."""
    if state.phase is Phase.FLIP:
        return frozenset((state.turn,))
    if state.window is not None:
        return frozenset(state.window.waiting)
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The cards each seat holds (the centre pile is nobody's)."""
    return tuple(len(p) for p in state.piles)


def winners(state: State) -> frozenset[int]:
    """Once the game is over, the last seat in, or the seats still in holding the most cards;
    empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    standing = [seat for seat, gone in enumerate(state.out) if not gone]
    most = max(len(state.piles[seat]) for seat in standing)
    return frozenset(seat for seat in standing if len(state.piles[seat]) == most)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the centre, and the size of every pile."""
    check_viewer(state, player, len(state.piles))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the face-down cards afresh among the piles, keeping every pile's size."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "flip", "slap" or "hold" (with "2:" for a seat); also "pass" for hold and "turn"
    for flip."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        seat, body = split_seat(text, player)
        word = _SYNONYMS.get(normalize(body))
        if word is None:
            raise exc from None
        prefix = "" if seat is None else f"{seat}: "
        return parse_by_matching(prefix + word, legal, player)


def next_to_flip(piles: Sequence[Sequence[Card]], seat: int) -> int | None:
    """The first seat after `seat`, clockwise, with a card to turn (`seat` itself last); None
    when no seat holds a card. Seats that are out hold none."""
    n = len(piles)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if piles[candidate]:
            return candidate
    return None


def slap_window(out: Sequence[bool], turner: int, flipper_may_slap: bool = True) -> Window:
    """The window a turned card opens: every seat still in, from the turner's left round the
    table, the turner last (or left out); the first slap wins."""
    n = len(out)
    seats = [(turner + k) % n for k in range(1, n + 1)]
    return Window.open([s for s in seats if not out[s] and (flipper_may_slap or s != turner)], Tie.FIRST)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Slapjack reaches (also accepts views)."""
    n = len(state.piles)
    if n not in PLAYERS:
        raise ValueError(f"slapjack is played by 2-8 players, not {n}")
    if state.hand != 1:
        raise ValueError("slapjack is one deal: hand is always 1")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("turn", state.turn, n)
    o = state.options
    if type(state.flips) is not int or not 0 <= state.flips <= o.max_flips:
        raise ValueError(f"{state.flips!r} cards turned is outside 0..{o.max_flips}")
    out = state.out
    if len(out) != n or any(type(gone) is not bool for gone in out):
        raise ValueError(f"out holds one flag per seat ({n}), not {out!r}")
    if all(out):
        raise ValueError("every seat is out")
    for seat, pile in enumerate(state.piles):
        if out[seat] and pile:
            raise ValueError(f"seat {seat} is out but holds cards")
    if len(state.centre) > state.flips:
        raise ValueError(f"{len(state.centre)} cards in the centre but only {state.flips} turned")
    check_zones("slapjack", state, ZONES, PACK)
    _check_phase(state)


# Phase helpers -------------------------------------------------------------------------------


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view
    phase = state.phase
    if phase is Phase.FLIP:
        seat = state.turn
        if only is not None and only != seat:
            return ()
        return _FLIPS[seat]
    if phase is Phase.SLAP:
        window = state.window
        assert window is not None
        waiting = window.waiting
        if only is not None:
            return _ANSWERS[only] if only in waiting else ()
        moves = _ANSWER_ROWS.get(waiting)
        if moves is None:
            moves = _ANSWER_ROWS[waiting] = tuple(m for seat in waiting for m in _ANSWERS[seat])
        return moves
    return ()


_SEATS: Final = max(PLAYERS)
_FLIPS: Final = tuple((Flip(seat),) for seat in range(_SEATS))
_ANSWERS: Final = tuple((Slap(seat), Hold(seat)) for seat in range(_SEATS))
_ANSWER_ROWS: Final[dict[tuple[int, ...], tuple[Move, ...]]] = {}
"""Every waiting seat's moves, by the seats waiting."""
_WINDOWS: Final[dict[tuple[tuple[bool, ...], int, bool], Window]] = {}
"""Fresh slap windows, by (who is out, turner, whether the turner may slap)."""
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=seat) for seat in range(_SEATS))
_PLAYS: Final = seat_card_events(EventKind.PLAYS, _SEATS, PACK)
_SLAPS: Final = tuple(Event(EventKind.CALLS, player=seat, label="slap") for seat in range(_SEATS))
_PASSES: Final = tuple((Event(EventKind.PASSES, player=seat),) for seat in range(_SEATS))
_GIVES: Final = tuple(
    tuple(Event(EventKind.GIVES, player=seat, numbers=(to,), label="its top card to seat") for to in range(_SEATS))
    for seat in range(_SEATS)
)
_OUT: Final = tuple(Event(EventKind.DROPS_OUT, player=seat) for seat in range(_SEATS))


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""


def _opened(out: tuple[bool, ...], turner: int, may_slap: bool) -> Window:
    key = (out, turner, may_slap)
    window = _WINDOWS.get(key)
    if window is None:
        window = _WINDOWS[key] = slap_window(out, turner, may_slap)
    return window


def _apply(state: State, move: Move) -> State:
    match move:
        case Flip():
            return _apply_flip(state, move)
        case Slap():
            return _apply_slap(state, move)
        case Hold():
            return _apply_hold(state, move)


def _apply_flip(state: State, move: Flip) -> State:
    seat = move.player
    piles = state.piles
    pile = piles[seat]
    card = pile[0]
    return _BUILD(
        state.options, 1, state.rng, None, Phase.SLAP, seat, state.flips + 1,
        (*piles[:seat], pile[1:], *piles[seat + 1 :]), (*state.centre, card), state.out,
        _opened(state.out, seat, state.options.flipper_may_slap), _PLAYS[seat][card.index],
    )  # fmt: skip


def _apply_slap(state: State, move: Slap) -> State:
    seat = move.player
    window = state.window
    assert window is not None
    if state.centre[-1].rank is TARGET:
        winner = window.answer(seat, act=True).winner  # Tie.FIRST: the first slap on a jack wins
        assert winner is not None
        return _win_centre(state, winner)
    window = window.answer(seat, act=False)  # a wrong slap: it pays, and the race goes on
    piles = state.piles
    out = state.out
    held = piles[seat]
    turner = state.turn
    events: tuple[Event, ...]
    if not held:
        out = (*out[:seat], True, *out[seat + 1 :])
        events = (_SLAPS[seat], _OUT[seat])
    elif out[turner]:
        events = (_SLAPS[seat], Event(EventKind.NOTE, player=seat, label=f"owes nothing: seat {turner} is out"))
    else:
        k = min(state.options.penalty_cards, len(held))
        paid, kept = held[:k], held[k:]
        if seat == turner:
            piles = (*piles[:seat], kept + paid, *piles[seat + 1 :])
        else:
            lst = list(piles)
            lst[seat] = kept
            lst[turner] = piles[turner] + paid
            piles = tuple(lst)
        events = (_SLAPS[seat], _gives(seat, turner, k))
    if not window.closed and out.count(False) > 1:
        return _BUILD(
            state.options, 1, state.rng, None, Phase.SLAP, turner, state.flips, piles, state.centre, out, window,
            events,
        )  # fmt: skip
    return _after_window(state, piles, state.centre, out, turner, events)


def _gives(seat: int, turner: int, count: int) -> Event:
    if count == 1:
        return _GIVES[seat][turner]
    return Event(EventKind.GIVES, player=seat, numbers=(turner,), label=f"its top {count} cards to seat")


def _win_centre(state: State, seat: int) -> State:
    """The first slap on a jack: the centre goes under the slapper's pile; every other seat
    without cards is out."""
    centre = state.centre
    piles = list(state.piles)
    piles[seat] = piles[seat] + centre
    out = list(state.out)
    events = [_SLAPS[seat], Event(EventKind.TAKES, player=seat, cards=centre, label="the centre pile")]
    for other, pile in enumerate(piles):
        if other != seat and not pile and not out[other]:
            out[other] = True
            events.append(_OUT[other])
    return _after_window(state, tuple(piles), (), tuple(out), seat, tuple(events))


def _apply_hold(state: State, move: Hold) -> State:
    seat = move.player
    window = state.window
    assert window is not None
    window = window.answer(seat, act=False)
    if not window.closed:
        return _BUILD(
            state.options, 1, state.rng, None, Phase.SLAP, state.turn, state.flips, state.piles, state.centre,
            state.out, window, _PASSES[seat],
        )  # fmt: skip
    return _after_window(state, state.piles, state.centre, state.out, state.turn, _PASSES[seat])


def _after_window(
    state: State,
    piles: tuple[tuple[Card, ...], ...],
    centre: tuple[Card, ...],
    out: tuple[bool, ...],
    origin: int,
    events: tuple[Event, ...],
) -> State:
    """The window closed (or one seat is left): the game ends, or the first seat with cards
    left of `origin` (the jack's winner or the turner) turns the next card."""
    if out.count(False) == 1:
        return _game_over(state, piles, centre, out, events)
    limit = state.options.max_flips
    if state.flips >= limit:
        note = Event(EventKind.NOTE, label=f"time is up: {_cards(limit)} turned")
        return _game_over(state, piles, centre, out, (*events, note))
    following = next_to_flip(piles, origin)
    if following is None:
        note = Event(EventKind.NOTE, label="no seat has a card to turn")
        return _game_over(state, piles, centre, out, (*events, note))
    return _BUILD(
        state.options, 1, state.rng, None, Phase.FLIP, following, state.flips, piles, centre, out, None,
        (*events, _TO_PLAY[following]),
    )  # fmt: skip


def _game_over(
    state: State,
    piles: tuple[tuple[Card, ...], ...],
    centre: tuple[Card, ...],
    out: tuple[bool, ...],
    events: tuple[Event, ...],
) -> State:
    over = State(
        options=state.options,
        hand=1,
        rng=state.rng,
        phase=Phase.OVER,
        turn=state.turn,
        flips=state.flips,
        piles=piles,
        centre=centre,
        out=out,
        window=None,
    )
    best = tuple(sorted(winners(over)))
    return attrs.evolve(over, events=(*events, Event(EventKind.GAME_OVER, numbers=best)))


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    n = len(state.piles)
    if type(seat) is not int or not 0 <= seat < n:
        return f"there is no seat {seat!r} in a game of {n}"
    if state.out[seat]:
        return f"seat {seat} is out of the game"
    if state.phase is Phase.SLAP:
        if isinstance(move, Flip):
            top = state.centre[-1]
            return f"{top} was just turned: every seat must slap or hold before the next card"
        assert state.window is not None
        if seat == state.turn and seat not in state.window.eligible:
            return f"seat {seat} turned {state.centre[-1]} and may not slap it (house rule)"
        return state.window.why_not(seat)
    if isinstance(move, (Slap, Hold)):
        return f"no card is waiting to be slapped: seat {state.turn} is to turn one"
    return f"it is seat {state.turn}'s turn to turn a card, not seat {seat}'s"


_SYNONYMS: Final = {"pass": "hold", "turn": "flip", "slap!": "slap"}


# Invariants ----------------------------------------------------------------------------------


def _check_phase(state: State) -> None:
    n = len(state.piles)
    o = state.options
    out = state.out
    standing = out.count(False)
    if state.phase is Phase.FLIP:
        if state.window is not None:
            raise ValueError("no window is open while a seat turns a card")
        if out[state.turn] or not state.piles[state.turn]:
            raise ValueError(f"seat {state.turn} has no card to turn")
        if standing < 2 or state.flips >= o.max_flips:
            raise ValueError("a game with one seat in, or past its time limit, is over")
        return
    if state.phase is Phase.SLAP:
        window = state.window
        if window is None or not isinstance(window, Window):
            raise ValueError("a slap window is open exactly after a card is turned")
        problem = window.problem(n)
        if problem is not None:
            raise ValueError(problem)
        if window.tie is not Tie.FIRST or window.acted or window.closed:
            raise ValueError("an open slap window is a race nobody has won yet")
        if standing < 2 or state.flips < 1 or not state.centre:
            raise ValueError("a slap window follows a card turned while two seats are in")
        fresh = slap_window(out, state.turn, o.flipper_may_slap).eligible
        everyone = slap_window((False,) * n, state.turn, o.flipper_may_slap).eligible
        expected = tuple(s for s in everyone if s in fresh or s in window.declined)
        if window.eligible != expected or any(out[s] for s in window.waiting):
            raise ValueError("the slap window holds the seats in, from the turner's left")
        return
    if state.window is not None:
        raise ValueError("no window is open once the game is over")
    if standing > 1 and state.flips != o.max_flips and any(state.piles[s] for s in range(n) if not out[s]):
        raise ValueError("a game ends with one seat in, at the time limit, or with no card to turn")


# Text ----------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The cards turned and the limit; the centre pile (face up, the top card last); what happens
    now (who turns, who may still slap the card just turned, or the result); then one line per
    seat with its cards held and whether it is out.
    """
    n = len(state.piles)
    o = state.options
    lines = [f"slapjack, {n} players; {_cards(state.flips)} turned (time limit {o.max_flips})"]
    if state.centre:
        size = len(state.centre)
        lines.append(f"centre: {_cards(size)}, top {state.centre[-1]}: {cards_text(state.centre)}")
    else:
        lines.append("centre: empty")
    if state.phase is Phase.FLIP:
        lines.append(f"seat {state.turn} to turn a card")
    elif state.phase is Phase.SLAP:
        waiting = state.window.waiting if state.window is not None else ()
        what = "a jack: the first slap wins the centre" if state.centre[-1].rank is TARGET else "no jack: a slap pays"
        lines.append(f"seat {state.turn} turned {state.centre[-1]}, {what}; {seats_text(waiting)} may slap or hold")
    else:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        how = "the last seat in" if state.out.count(False) == 1 else "most cards"
        lines.append(f"game over: {seats_text(best)} {verb} ({how})")
    for seat, pile in enumerate(state.piles):
        note = ""
        if state.out[seat]:
            note = ", out"
        elif state.phase is Phase.FLIP and seat == state.turn:
            note = ", to turn"
        elif state.window is not None and seat in state.window.waiting:
            note = ", may slap"
        lines.append(f"seat {seat}  {len(pile):>2} card{'' if len(pile) == 1 else 's'}{note}")
    return "\n".join(lines)


def _cards(count: int) -> str:
    return f"{count} card{'' if count == 1 else 's'}"


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="slapjack",
    title="Slapjack",
    family="shedding",
    summary="Turn cards to the centre in turn and race to slap every jack; the last player in wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("house_party", Options.house_party()),),
    quick=Options(max_flips=120),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=MAX_FLIPS * (1 + max(PLAYERS)),
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
