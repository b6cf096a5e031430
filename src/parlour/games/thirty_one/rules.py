"""Thirty-One's moves, `State`, zones, the verbs and the phase helpers (deal, turn, showdown)."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, Card, cards_text, seat_card_table, sorted_cards
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players
from parlour.core.ledger import Ledger
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, top_card_only, zone_shuffle, zone_view
from parlour.games.thirty_one.options import (
    BLITZ,
    DEFAULT_PLAYERS,
    HAND_SIZE,
    MAX_PLAYERS,
    PACK,
    PLAYERS,
    KnockTiming,
    On31,
    OpeningShowdown,
    Options,
    Scoring,
)
from parlour.games.thirty_one.scoring import (
    half_text,
    insert_card,
    losses_on_31,
    may_blitz,
    rank_key,
    showdown,
    sorted3,
    value2,
)

__all__ = [
    "MOVE_TYPES",
    "ZONES",
    "Discard",
    "DrawStock",
    "EndHand",
    "Hammer",
    "Knock",
    "Look",
    "Move",
    "Phase",
    "Shotgun",
    "State",
    "TakeDiscard",
    "apply",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class DrawStock:
    """Draw the top card of the stock."""

    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class TakeDiscard:
    """Take the top card of the discard pile (it may not be discarded this turn)."""

    player: int

    def __str__(self) -> str:
        return "take discard"


@attrs.frozen
class Discard:
    """Discard `card`, ending the turn."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Knock:
    """Knock: before drawing (no card), or after drawing with the discard `card`."""

    player: int
    card: Card | None = None

    def __str__(self) -> str:
        return "knock" if self.card is None else f"knock {self.card}"


@attrs.frozen
class EndHand:
    """With the stock empty, decline the top discard: the hands are shown and scored."""

    player: int

    def __str__(self) -> str:
        return "end hand"


@attrs.frozen
class Hammer:
    """The first player's call, instead of its first draw, for an immediate showdown."""

    player: int

    def __str__(self) -> str:
        return "hammer"


@attrs.frozen
class Shotgun:
    """The first player's call for an immediate showdown, made before seeing its cards."""

    player: int

    def __str__(self) -> str:
        return "shotgun"


@attrs.frozen
class Look:
    """Decline the shotgun: pick up the cards and play the turn."""

    player: int

    def __str__(self) -> str:
        return "look"


Move: TypeAlias = DrawStock | TakeDiscard | Discard | Knock | EndHand | Hammer | Shotgun | Look
MOVE_TYPES: Final = (DrawStock, TakeDiscard, Discard, Knock, EndHand, Hammer, Shotgun, Look)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """SHOTGUN: the first player decides unseen; DRAW: draw (or knock, end); DISCARD: the seat
    holds four cards; OVER: the game ended."""

    SHOTGUN = "shotgun"
    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Thirty-One position."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    """The seat that dealt this hand."""
    turn: int
    """The seat to act."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held by seat, sorted by suit; empty for seats that are out."""
    stock: tuple[Card, ...]
    """Face down, top card first."""
    discards: tuple[Card, ...]
    """Face up and squared: only the top card (the last) is visible."""
    drawn: Card | None
    """In DISCARD, the fourth card just drawn or taken, kept apart from the sorted hand."""
    taken: bool
    """`drawn` came from the discard pile: everyone saw it, and it may not be discarded."""
    knocker: int | None
    """The seat that knocked this hand (or called a hammer or shotgun), if any."""
    turns: int
    """Turns completed this hand."""
    ledger: Ledger
    """Lives by seat, who is out (`Scoring.HIGHEST_SCORES` never takes a life)."""
    points: tuple[int, ...]
    """Points by seat (`Scoring.HIGHEST_SCORES`; all zero otherwise)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


def _hands_seen(state: object, viewer: int | None, owner: int | None) -> bool | tuple[bool, ...]:
    assert isinstance(state, State)
    if state.phase is Phase.OVER:
        return True  # every hand was shown at the last showdown
    if owner == state.turn and state.phase is Phase.SHOTGUN:
        return False  # the first player decides before looking
    return viewer == owner


def _drawn_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    assert isinstance(state, State)
    return state.taken or viewer == state.turn or state.phase is Phase.OVER


ZONES: Final = (
    Zone("hands", _hands_seen, by_seat=True, sort=sorted_cards),
    Zone("drawn", _drawn_seen),
    Zone("stock", Seen.NOBODY),
    Zone("discards", top_card_only("discards")),
)
"""Hands are seen by their owners, a card just drawn by its drawer (one taken from the pile by
everyone); only the top
discard is face up; the stock is face down."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals hand 1. `deck` fixes the first deal (top card first), `dealer` the first dealer
    (else drawn from the seed)."""
    n = require_players("thirty_one", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("thirty_one", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    ledger = Ledger.start(n, rules.lives, county=rules.county)
    return _deal(rules, 1, first, ledger, (0,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to act's moves: `shotgun`, `look`; or `draw stock`, `take discard`, `knock`,
    `hammer`, `end hand`; or `discard X` for the three cards held in hand order, then the card
    just drawn (not one just taken from the pile), then `knock X` in the same order. () at the end."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Lives (pennies) left by seat; points under `Scoring.HIGHEST_SCORES`."""
    if state.options.scoring is Scoring.HIGHEST_SCORES:
        return state.points
    return state.ledger.counts


def winners(state: State) -> frozenset[int]:
    """The last seat standing (or the leaders when a valve or a points target ends it)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return _leaders(state.options, state.ledger, state.points)


def _leaders(o: Options, ledger: Ledger, points: tuple[int, ...]) -> frozenset[int]:
    """The seats still in with the most points (`highest_scores`) or lives."""
    standing = ledger.standing
    tally = points if o.scoring is Scoring.HIGHEST_SCORES else ledger.counts
    best = max(tally[s] for s in standing)
    return frozenset(s for s in standing if tally[s] == best)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the top discard, counts."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "take discard", "discard 7H", "knock", "knock 7H", "end hand",
    "hammer", "shotgun" or "look"; "2: ..." picks the seat."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see afresh among the same places, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Thirty-One reaches (also accepts views)."""
    n = len(state.hands)
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be thirty_one.Options")
    if n not in PLAYERS:
        raise ValueError(f"thirty_one is played by 2-10 players, not {n}")
    problem = state.ledger.problem(n)
    if problem:
        raise ValueError(problem)
    if state.ledger.county != o.county or state.ledger.pots:
        raise ValueError("the ledger's county rule must be the options' and it keeps no pots")
    if any(c > o.lives for c in state.ledger.counts):
        raise ValueError(f"lives {state.ledger.counts} exceed the {o.lives} a seat starts with")
    if len(state.points) != n or any(type(p) is not int or p < 0 or p > o.hand_limit for p in state.points):
        raise ValueError(f"points {state.points} are not {n} totals of 0..{o.hand_limit}")
    if o.scoring is not Scoring.HIGHEST_SCORES and any(state.points):
        raise ValueError("points are scored only under highest_scores")
    if o.scoring is Scoring.HIGHEST_SCORES and (any(state.ledger.out) or state.ledger.counts != (o.lives,) * n):
        raise ValueError("nobody loses lives under highest_scores")
    if not 1 <= state.hand <= o.hand_limit:
        raise ValueError(f"hand {state.hand} is outside 1..{o.hand_limit}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    if state.knocker is not None:
        check_seat("knocker", state.knocker, n)
    if not 0 <= state.turns <= o.turn_limit + n:
        raise ValueError(f"{state.turns} turns cannot have been played in a hand")
    for seat, held in enumerate(state.hands):
        if HIDDEN not in held and held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not sorted: {cards_text(held)}")
    check_zones("thirty_one", state, ZONES, PACK)
    out = state.ledger.out
    if state.phase is Phase.OVER:
        _check_over(state)
        return
    if out[state.turn] or out[state.dealer]:
        raise ValueError("the dealer and the seat to act are still in the game")
    if state.knocker is not None and (out[state.knocker] or state.knocker == state.turn):
        raise ValueError("the knocker is still in and does not play again before the showdown")
    for seat, held in enumerate(state.hands):
        size = 0 if out[seat] else HAND_SIZE
        if len(held) != size:
            raise ValueError(f"seat {seat} holds {len(held)} cards, not {size}")
    if (state.drawn is None) != (state.phase is not Phase.DISCARD) or (state.taken and state.drawn is None):
        raise ValueError("a card is drawn (or taken) exactly while its seat is to discard")
    if state.phase is not Phase.DISCARD and not state.discards:
        raise ValueError("the discard pile is never empty at the start of a turn")
    if state.phase is Phase.SHOTGUN and (o.opening_showdown is not OpeningShowdown.SHOTGUN or state.turns):
        raise ValueError("the shotgun is decided only at the start of a hand, when the rules allow it")
    if state.phase is Phase.SHOTGUN and state.knocker is not None:
        raise ValueError("nobody knocks before the shotgun is decided")
    if state.knocker is None and state.turns >= o.turn_limit:
        raise ValueError("the hand should have ended at the turn limit")


def _check_over(state: State) -> None:
    o = state.options
    if state.drawn is not None or state.taken:
        raise ValueError("nothing is drawn once the game is over")
    if o.scoring is Scoring.HIGHEST_SCORES:
        if max(state.points) < o.target and state.hand < o.hand_limit:
            raise ValueError("the game ends when a seat reaches the target (or at the hand limit)")
    elif state.ledger.last_standing is None and state.hand < o.hand_limit:
        raise ValueError("the game ends with one seat standing (or at the hand limit)")


# Phase helpers -------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_DRAWS: Final = tuple(DrawStock(s) for s in range(MAX_PLAYERS))
_TAKES: Final = tuple(TakeDiscard(s) for s in range(MAX_PLAYERS))
_KNOCKS: Final = tuple(Knock(s) for s in range(MAX_PLAYERS))
_ENDS: Final = tuple(EndHand(s) for s in range(MAX_PLAYERS))
_HAMMERS: Final = tuple(Hammer(s) for s in range(MAX_PLAYERS))
_SHOTGUNS: Final = tuple(Shotgun(s) for s in range(MAX_PLAYERS))
_LOOKS: Final = tuple(Look(s) for s in range(MAX_PLAYERS))
_DRAW_TAKE: Final[tuple[tuple[Move, ...], ...]] = tuple((_DRAWS[s], _TAKES[s]) for s in range(MAX_PLAYERS))
_DRAW_TAKE_KNOCK: Final[tuple[tuple[Move, ...], ...]] = tuple(
    (_DRAWS[s], _TAKES[s], _KNOCKS[s]) for s in range(MAX_PLAYERS)
)


_DISCARDS: Final = seat_card_table(Discard, MAX_PLAYERS, PACK)
_KNOCK_WITH: Final = seat_card_table(Knock, MAX_PLAYERS, PACK)
_TO_PLAY: Final = tuple((Event(EventKind.TO_PLAY, player=s),) for s in range(MAX_PLAYERS))
_TURNS_UP: Final = seat_card_table(lambda _s, c: (Event(EventKind.TURNS_UP, cards=(c,)),), 1, PACK)[0]
_OUT_EVENTS: Final = tuple(Event(EventKind.DROPS_OUT, player=s) for s in range(MAX_PLAYERS))
_COUNTY_EVENTS: Final = tuple(Event(EventKind.NOTE, player=s, label="is on the county") for s in range(MAX_PLAYERS))
_KNOCK_EVENTS: Final = tuple((Event(EventKind.KNOCKS, player=s),) for s in range(MAX_PLAYERS))
_DRAW_EVENTS: Final = seat_card_events(EventKind.DRAWS, MAX_PLAYERS, PACK, private=True)
_TAKE_EVENTS: Final = seat_card_events(EventKind.TAKES, MAX_PLAYERS, PACK)
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, MAX_PLAYERS, PACK)

def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    if only is None and state.rng is None:
        return ()  # a spectator's view
    seat = state.turn
    if only is not None and only != seat:
        return ()
    phase = state.phase
    if phase is Phase.DISCARD:
        drawn = state.drawn
        assert drawn is not None
        a, b, c = state.hands[seat]
        row = _DISCARDS[seat]
        if state.taken:
            discards: tuple[Move, ...] = (row[a.index], row[b.index], row[c.index])
        else:
            discards = (row[a.index], row[b.index], row[c.index], row[drawn.index])
        if state.options.knock_timing is KnockTiming.AFTER_DRAW and _may_knock(state):
            knocks = _KNOCK_WITH[seat]
            o = state.options
            keeps = ((b, c, drawn), (a, c, drawn), (a, b, drawn), (a, b, c))
            extra = tuple(
                knocks[put.index]
                for put, keep in zip((a, b, c, drawn), keeps)
                if not (put is drawn and state.taken) and _knock_hand_ok(sorted3(*keep), o)
            )
            return discards + extra
        return discards
    if phase is Phase.DRAW:
        o = state.options
        knock = (
            o.knock_timing is KnockTiming.BEFORE_DRAW
            and _may_knock(state)
            and (not (o.min_knock or o.knock_needs_flush) or _knock_hand_ok(state.hands[seat], o))
        )
        if state.stock and o.opening_showdown is not OpeningShowdown.HAMMER:
            return _DRAW_TAKE_KNOCK[seat] if knock else _DRAW_TAKE[seat]
        moves: list[Move] = [_DRAWS[seat]] if state.stock else []
        moves.append(_TAKES[seat])
        if knock:
            moves.append(_KNOCKS[seat])
        if o.opening_showdown is OpeningShowdown.HAMMER and state.turns == 0 and state.knocker is None:
            moves.append(_HAMMERS[seat])
        if not state.stock:
            moves.append(_ENDS[seat])
        return tuple(moves)
    if phase is Phase.SHOTGUN:
        return (_SHOTGUNS[seat], _LOOKS[seat])
    return ()


def _may_knock(state: State) -> bool:
    """Nobody has knocked yet, and (where the rules say so) this is not the seat's first turn."""
    if state.knocker is not None:
        return False
    return state.options.knock_on_first_turn or state.turns >= len(state.ledger.standing)


def _knock_hand_ok(held: tuple[Card, ...], o: Options) -> bool:
    if o.knock_needs_flush and not held[0].suit is held[1].suit is held[2].suit:
        return False
    return not o.min_knock or value2(held, o) >= 2 * o.min_knock


def _apply(state: State, move: Move) -> State:
    kind = type(move)
    if kind is Discard:
        return _apply_discard(state, move)  # type: ignore[arg-type]
    seat = move.player
    if kind is DrawStock:
        card = state.stock[0]
        return _BUILD(
            state.options, state.hand, state.rng, None, Phase.DISCARD, state.dealer, seat, state.hands,
            state.stock[1:], state.discards, card, False, state.knocker, state.turns, state.ledger, state.points,
            _DRAW_EVENTS[seat][card.index],
        )  # fmt: skip
    if kind is TakeDiscard:
        card = state.discards[-1]
        return _BUILD(
            state.options, state.hand, state.rng, None, Phase.DISCARD, state.dealer, seat, state.hands,
            state.stock, state.discards[:-1], card, True, state.knocker, state.turns, state.ledger, state.points,
            _TAKE_EVENTS[seat][card.index],
        )  # fmt: skip
    if isinstance(move, Knock):
        if move.card is not None:
            return _apply_discard(state, move)
        return _end_turn(state, seat, state.hands, state.stock, state.discards, seat, _KNOCK_EVENTS[seat])
    if isinstance(move, EndHand):
        events = (Event(EventKind.NOTE, player=seat, label="declines the discard: the hand ends"),)
        return _showdown_end(state, state.hands, state.stock, state.discards, state.knocker, events)
    if isinstance(move, Hammer | Shotgun):
        events = (Event(EventKind.KNOCKS, player=seat, label=str(move)),)
        return _showdown_end(state, state.hands, state.stock, state.discards, seat, events)
    # Look: the first player declines the shotgun and plays its turn.
    return _BUILD(
        state.options, state.hand, state.rng, None, Phase.DRAW, state.dealer, seat, state.hands, state.stock,
        state.discards, None, False, None, 0, state.ledger, state.points, _TO_PLAY[seat],
    )  # fmt: skip


def _apply_discard(state: State, move: Discard | Knock) -> State:
    """A discard (or an after-draw knock with its discard); a hand of 31 is declared at once."""
    seat, card, drawn = move.player, move.card, state.drawn
    assert card is not None and drawn is not None
    hand = state.hands[seat]
    if card is drawn:
        held = hand
    else:
        a, b, c = hand
        if card is a:
            held = insert_card((b, c), drawn)
        elif card is b:
            held = insert_card((a, c), drawn)
        elif card is c:
            held = insert_card((a, b), drawn)
        elif card == drawn:  # equal cards that are other objects (read back from JSON)
            held = hand
        else:
            held = insert_card(tuple(x for x in hand if x != card), drawn)
    hands = (*state.hands[:seat], held, *state.hands[seat + 1 :])
    discards = (*state.discards, card)
    events: tuple[Event, ...] = _DISCARD_EVENTS[seat][card.index]
    knocker = state.knocker
    if (held[0].suit is held[1].suit is held[2].suit or state.options.three_aces) and value2(
        held, state.options
    ) >= BLITZ:
        return _blitz(state, seat, hands, discards, knocker, events)
    if type(move) is Knock:
        knocker = seat
        events = (*events, *_KNOCK_EVENTS[seat])
    return _end_turn(state, seat, hands, state.stock, discards, knocker, events)


def _end_turn(
    state: State,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    events: tuple[Event, ...],
) -> State:
    """The next seat's turn; the showdown when the turn comes back to the knocker (or at the
    turn limit, if nobody knocked)."""
    turns = state.turns + 1
    out = state.ledger.out
    following = seat + 1 if seat + 1 < len(out) else 0
    while out[following]:
        following = following + 1 if following + 1 < len(out) else 0
    if following == knocker or (knocker is None and turns >= state.options.turn_limit):
        if knocker is None:
            events = (*events, Event(EventKind.NOTE, label=f"no knock in {turns} turns: the hands are shown"))
        return _showdown_end(state, hands, stock, discards, knocker, events)
    return _BUILD(
        state.options, state.hand, state.rng, None, Phase.DRAW, state.dealer, following, hands, stock, discards,
        None, False, knocker, turns, state.ledger, state.points, (*events, *_TO_PLAY[following]),
    )  # fmt: skip


def _shows(hands: tuple[tuple[Card, ...], ...], values: Mapping[int, int]) -> tuple[Event, ...]:
    """Each seat of `values` shows its hand and says its value."""
    return tuple(Event(EventKind.SHOWS, player=s, cards=hands[s], label=half_text(v)) for s, v in values.items())


def _showdown_end(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    events: tuple[Event, ...],
) -> State:
    o = state.options
    standing = state.ledger.standing
    values = {s: value2(hands[s], o) for s in standing}
    keys = {s: rank_key(hands[s], o) for s in standing} if o.scoring is Scoring.HIGHEST_SCORES else {}
    result = showdown(values, keys, knocker, o)
    events = (*events, *_shows(hands, values))
    return _close_hand(state.options, state.hand, state.dealer, state.turn, hands, stock, discards, knocker,
                       state.ledger, state.points, state.rng, result, events)  # fmt: skip


def _blitz(
    state: State,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    events: tuple[Event, ...],
) -> State:
    """`seat` holds 31 (or 33) after its discard: declared at once."""
    o = state.options
    if o.on_31 is On31.SHOWDOWN and o.scoring is Scoring.LOWEST_LOSES:
        return _showdown_end(state, hands, state.stock, discards, knocker, events)
    events = (*events, *_shows(hands, {seat: value2(hands[seat], o)}))
    result = losses_on_31((seat,), state.ledger.standing, knocker, o)
    return _close_hand(o, state.hand, state.dealer, seat, hands, state.stock, discards, knocker, state.ledger,
                       state.points, state.rng, result, events)  # fmt: skip


def _close_hand(
    o: Options,
    number: int,
    dealer: int,
    turn: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discards: tuple[Card, ...],
    knocker: int | None,
    ledger: Ledger,
    points: tuple[int, ...],
    rng: Rng | None,
    result: dict[int, int],
    events: tuple[Event, ...],
) -> State:
    """Settles a hand (`result`: lives lost, or points won), then deals the next or ends."""
    n = len(hands)
    if o.scoring is Scoring.HIGHEST_SCORES:
        points = tuple(p + result.get(s, 0) for s, p in enumerate(points))
        events = (*events, Event(EventKind.HAND_SCORED, numbers=tuple(result.get(s, 0) for s in range(n))))
        over = max(points) >= o.target
    else:
        before = ledger
        ledger = ledger.lose(result)
        events = (*events, Event(EventKind.HAND_SCORED, numbers=tuple(-result.get(s, 0) for s in range(n))))
        for s in result:  # only a seat that lost can go out or onto the county
            if ledger.out[s]:
                events = (*events, _OUT_EVENTS[s])
            elif ledger.counts[s] == 0 and before.counts[s] and ledger.county:
                events = (*events, _COUNTY_EVENTS[s])
        over = sum(ledger.out) == n - 1
    if over or number >= o.hand_limit:
        events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(_leaders(o, ledger, points)))))
        return _BUILD(
            o, number, rng, None, Phase.OVER, dealer, turn, hands, stock, discards, None, False, knocker, 0, ledger, points,
            events,
        )  # fmt: skip
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    out = ledger.out
    following = dealer + 1 if dealer + 1 < n else 0
    while out[following]:
        following = following + 1 if following + 1 < n else 0
    return _deal(o, number + 1, following, ledger, points, rng, None, events)


def _deal(
    o: Options,
    number: int,
    dealer: int,
    ledger: Ledger,
    points: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals hand `number`: three cards each, one at a time from the dealer's left, then the
    upcard. A dealt 31 ends the hand at once."""
    cards, rng = rng.shuffled(PACK) if deck is None else shuffled_or_fixed(PACK, rng, deck)
    out = ledger.out
    n = len(out)
    order = [s for s in range(dealer + 1, n) if not out[s]] + [s for s in range(dealer + 1) if not out[s]]
    k = len(order)
    dealt: list[tuple[Card, ...]] = [()] * n
    for j, seat in enumerate(order):
        dealt[seat] = sorted3(cards[j], cards[j + k], cards[j + 2 * k])
    hands = tuple(dealt)
    upcard = cards[HAND_SIZE * k]
    stock = cards[HAND_SIZE * k + 1 :]
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(number,)), *_TURNS_UP[upcard.index])
    first = order[0]
    blitz = [s for s in order if may_blitz(hands[s], o) and value2(hands[s], o) >= BLITZ]
    if blitz:
        events = (*events, Event(EventKind.NOTE, label="31 dealt: no play this hand"))
        if o.on_31 is On31.SHOWDOWN and o.scoring is Scoring.LOWEST_LOSES:
            values = {s: value2(hands[s], o) for s in order}
            result = showdown(values, {}, None, o)
        else:
            values = {s: value2(hands[s], o) for s in sorted(blitz)}
            result = losses_on_31(sorted(blitz), order, None, o)
        events = (*events, *_shows(hands, dict(sorted(values.items()))))
        return _close_hand(o, number, dealer, first, hands, stock, (upcard,), None, ledger, points, rng, result, events)
    phase = Phase.SHOTGUN if o.opening_showdown is OpeningShowdown.SHOTGUN else Phase.DRAW
    return _BUILD(
        o, number, rng, None, phase, dealer, first, hands, stock, (upcard,), None, False, None, 0, ledger, points,
        (*events, *_TO_PLAY[first]),
    )  # fmt: skip


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    o = state.options
    held = state.hands[move.player]
    if state.phase is Phase.SHOTGUN:
        return "first call the shotgun or look at the cards"
    if state.phase is Phase.DRAW:
        if isinstance(move, DrawStock):
            return "the stock is empty: take the discard or end the hand"
        if isinstance(move, EndHand):
            return "the hand can be ended only when the stock is empty"
        if isinstance(move, Hammer):
            return "only the first player may call a hammer, instead of its first draw, where the rules allow it"
        if isinstance(move, Shotgun | Look):
            return "the shotgun is decided only at the start of a hand, where the rules allow it"
        if isinstance(move, Knock):
            return _why_no_knock(state, held if move.card is None else None)
        return "draw from the stock or take the discard first"
    if isinstance(move, Knock) and o.knock_timing is KnockTiming.BEFORE_DRAW:
        return "a knock is made instead of drawing, not after it"
    if isinstance(move, Discard | Knock) and move.card is not None:
        if state.drawn is not None:
            held = insert_card(held, state.drawn)
        if move.card not in held:
            return f"seat {move.player} does not hold {move.card}"
        if state.taken and move.card == state.drawn:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        if isinstance(move, Knock):
            rest = tuple(c for c in held if c != move.card)
            return _why_no_knock(state, rest)
    if isinstance(move, Knock):
        return "knock with the card to discard, as in 'knock 7H'"
    return "discard a card first"


def _why_no_knock(state: State, held: tuple[Card, ...] | None) -> str:
    o = state.options
    if state.knocker is not None:
        return f"seat {state.knocker} has already knocked"
    if o.knock_timing is KnockTiming.AFTER_DRAW and state.phase is Phase.DRAW:
        return "knock after drawing, with the card to discard (knock_timing=after_draw)"
    if held is None:
        return "knock instead of drawing, without a card"
    if not _may_knock(state):
        return "no seat may knock in its first turn"
    if o.knock_needs_flush and not held[0].suit is held[1].suit is held[2].suit:
        return "a knock needs three cards of one suit"
    if o.min_knock:
        return f"a knock needs a hand of at least {o.min_knock}"
    return "no knock is allowed now"


