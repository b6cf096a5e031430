"""Cribbage play: the options, moves, `State`, the public verbs and the phase helpers.

A hand is dealt (`_deal`), the crib is made by simultaneous discards (`_apply_discard`, which
turns the starter once both have laid away two), the cards are pegged (`_apply_play`,
`_apply_go`, `_new_count`) and the hands and crib are shown (`_show`), which ends the game or
deals the next hand. Any score that reaches the target ends the game at once (`_game_won`).
The play loop reads prebuilt moves and events from tables indexed by `Card.index` (SCORES
events are built once per value, `_score_event`), works out each move's scores and events
first and builds the one resulting state with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, Card, Rank, seat_card_table, standard_pack
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.cribbage.scoring import (
    _KEY_OF,
    _SORT_KEY,
    _VALUE,
    GO,
    HEELS,
    MAX_COUNT,
    _peg_parts,
    _show_score,
    _sorted,
)

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = (2,)
"""Only the two-player game is described ("we'll confine ourselves to that")."""
PACK: Final = standard_pack()
HAND_SIZE: Final = 6
"""Cards dealt to each player."""
LAY_AWAY: Final = 2
"""Cards each player lays away to the crib."""
KEPT: Final = HAND_SIZE - LAY_AWAY
"""Cards each player keeps for the pegging and the show."""
TARGET: Final = 121
"""The first player to score 121 points wins."""
ONCE_AROUND: Final = 61
"""The short game, once around the board."""
SKUNK_MARGIN: Final = 30
"""A loser who has not passed `target - 30` (90 in a game to 121) is skunked."""
SKUNK_GAMES: Final = 2
"""Games a skunk is worth (one for a plain win)."""

# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Hoyle Card Games manual's game to 121 (preset `hoyle`)."""

    target: int = TARGET
    """The score that wins the game the moment it is reached (121; 61 is once around)."""
    skunk: bool = False
    """Skunk (not in the Hoyle manual): a win over an opponent who has not passed the skunk line
    (target - 30) counts as two games."""
    games: int = 1
    """Games needed to win the match (a skunk counts two); the loser of a game deals next."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 1000:
            raise ValueError(f"target must be a score from 1 to 1000, not {self.target}")
        if not 1 <= self.games <= 99:
            raise ValueError(f"games must be a number of games from 1 to 99, not {self.games}")

    @classmethod
    def hoyle(cls) -> Options:
        """The Hoyle Card Games manual: one game to 121, no skunk."""
        return cls()

    @classmethod
    def once_around(cls) -> Options:
        """The short game to 61, once around the board."""
        return cls(target=ONCE_AROUND)


_DEFAULTS: Final = Options()

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class Discard:
    """Lay one card away, face down, to the dealer's crib (two per player each hand)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class PlayCard:
    """Play a card in the pegging, adding its value to the running count."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Go:
    """Say go: the player holds cards but none fits under 31 (then its only move)."""

    player: int

    def __str__(self) -> str:
        return "go"


Move: TypeAlias = Discard | PlayCard | Go
MOVE_TYPES: Final = (Discard, PlayCard, Go)

_DISCARD_MOVES: Final = seat_card_table(Discard, 2, PACK)
_PLAY_MOVES: Final = seat_card_table(PlayCard, 2, PACK)
_GO_MOVES: Final = ((Go(0),), (Go(1),))
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, 2, PACK)
_DISCARD_EVENTS: Final = seat_card_table(
    lambda s, c: (Event(EventKind.DISCARDS, player=s, cards=(c,), label="to the crib", private=True),), 2, PACK
)
_GO_EVENTS: Final = tuple(Event(EventKind.PASSES, player=s, label="go") for s in (0, 1))
_LEAD_EVENTS: Final = tuple(Event(EventKind.LEADS, player=s) for s in (0, 1))
_STARTER_EVENTS: Final = seat_card_table(
    lambda s, c: Event(EventKind.TURNS_UP, player=s, cards=(c,), label="starter"), 2, PACK
)
_SCORES: Final = EventKind.SCORES
_SCORE_EVENTS: Final[dict[tuple[int, int, str], Event]] = {}
"""SCORES events by (seat, points, label): the labels are the finitely many pegging and go
names, so this holds at most a few hundred events."""


def _score_event(seat: int, points: int, label: str) -> Event:
    """The SCORES event of `points` pegged by `seat` for `label`, built once per value."""
    key = (seat, points, label)
    event = _SCORE_EVENTS.get(key)
    if event is None:
        event = _SCORE_EVENTS[key] = Event(_SCORES, player=seat, numbers=(points,), label=label)
    return event

# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    """DISCARD: laying away to the crib; PLAY: the pegging; OVER: the match is decided."""

    DISCARD = 0
    PLAY = 1
    OVER = 2


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Cribbage position. Hands are sorted by rank (ace low), then suit."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """Cards each seat holds and has not yet played or laid away."""
    crib: tuple[tuple[Card, ...], ...]
    """The cards each seat laid away to the dealer's crib (sorted; two each once chosen)."""
    stock: tuple[Card, ...]
    """The undealt cards, top first (the starter is taken from its top)."""
    starter: Card | None
    """The turned-up starter (None while the crib is being made)."""
    played: tuple[tuple[Card, ...], ...]
    """The cards each seat has played in this hand's pegging, in order (face up)."""
    count_seats: tuple[int, ...]
    """Who played each card of the current count, in order; the cards themselves are the latest
    of `played` (see `pile`)."""
    count: int
    """The running count: the sum of the values of the cards of the count (below 31)."""
    turn: int
    """The seat to play (in DISCARD the non-dealer, who plays first)."""
    go: bool
    """The seat not on turn has said go (or has no cards): the seat on turn plays on alone."""
    scores: tuple[int, ...]
    """Points in the current game (the winner's stops at the target)."""
    games: tuple[int, ...]
    """Games won in the match (a skunk counts two)."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_DISCARD, _PLAY, _OVER = Phase.DISCARD, Phase.PLAY, Phase.OVER
_JACK_RANK: Final = Rank.JACK
_SHOWS: Final = EventKind.SHOWS
_HAND_SCORED: Final = EventKind.HAND_SCORED


def _crib_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """Laid-away cards are seen by the seat that laid them, and by everyone once it is over."""
    assert isinstance(state, State)
    return state.phase is Phase.OVER or (viewer is not None and viewer == owner)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_sorted),
    Zone("crib", _crib_seen, by_seat=True, sort=_sorted),
    Zone("stock", Seen.NOBODY),
    Zone("starter", Seen.EVERYONE),
    Zone("played", Seen.EVERYONE, by_seat=True),
)
"""Hands by their owner; the crib by whoever laid each card (everyone once the game is over);
the stock by nobody; the starter and the played cards by everyone."""

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
    """A new match: the first hand dealt (from `deck`, top card first, if given).

    Without `dealer=` the players cut for the deal (low card deals) from the seeded shuffle.
    """
    rules = require_options("cribbage", _DEFAULTS if options is None else options, Options)
    require_players("cribbage", players, PLAYERS, 2)
    rng = seeded(seed)
    events: tuple[Event, ...] = ()
    if dealer is None:
        dealer, events, rng = _cut_for_deal(rng)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..1, not {dealer!r}")
        check_seat("dealer=", dealer, 2)
    cards = None if deck is None else fixed_deck(deck, PACK)
    return _deal(rules, 1, dealer, rng, cards, (0, 0), (0, 0), events)


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s: discards by seat then hand order; plays in hand
    order (rank, ace low, then suit); `go` alone when no card fits. On a view, the viewer's."""
    if player is None:
        return state.legal
    return moves_for(state, player, 2, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """Both seats while either still lays away; else the seat on turn; nobody at the end."""
    if state.phase is _PLAY:
        return frozenset((state.turn,))
    if state.phase is _DISCARD:
        return frozenset(s for s in (0, 1) if len(state.crib[s]) < LAY_AWAY)
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Points in the current game, by seat."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seat that won the match, once it is over."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return frozenset(s for s in (0, 1) if state.games[s] >= state.options.games)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hand, the other seat's laid-away cards
    and the stock hidden, no random source."""
    check_viewer(state, player, 2)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "discard 5H", "play 10C" (also "play TC") or "go". While both seats lay away,
    the text must say whose move it is ("1: discard 5H" or `player`)."""
    legal = legal_moves(state)
    seat, _ = split_seat(text, player)
    move = parse_by_matching(text, legal, player)
    if seat is None and len({m.player for m in legal}) > 1:
        raise NotationError(
            f"{text!r}: both seats are laying away cards; say whose move it is, "
            f"as '<seat>: {move}' or parse_move(state, text, player)"
        )
    return move


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    if type(o) is not Options:
        raise ValueError("options must be cribbage.Options")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, 2)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    for name in ("hands", "crib", "played", "scores", "games"):
        if len(getattr(state, name)) != 2:
            raise ValueError(f"{name} must have one entry per seat (2)")
    check_seat("dealer", state.dealer, 2)
    check_seat("turn", state.turn, 2)
    check_zones("cribbage", state, ZONES, PACK)
    for s in (0, 1):
        for name, part in (("hand", state.hands[s]), ("crib cards", state.crib[s])):
            if HIDDEN in part:
                if any(c != HIDDEN for c in part):
                    raise ValueError(f"seat {s}'s {name} mixes hidden and visible cards")
            elif part != _sorted(part):
                raise ValueError(f"seat {s}'s {name} are not in rank order")
        if not 0 <= state.scores[s] <= o.target:
            raise ValueError(f"seat {s}'s score {state.scores[s]} is not within 0..{o.target}")
        if not 0 <= state.games[s] < o.games + SKUNK_GAMES:
            raise ValueError(f"seat {s} cannot have won {state.games[s]} games")
        if len(state.crib[s]) > LAY_AWAY:
            raise ValueError(f"seat {s} laid away more than {LAY_AWAY} cards")
        if len(state.hands[s]) + len(state.crib[s]) + len(state.played[s]) != HAND_SIZE:
            raise ValueError(f"seat {s} holds, laid away and played other than {HAND_SIZE} cards")
    phase = state.phase
    if phase is Phase.DISCARD:
        if state.starter is not None or any(state.played) or state.count_seats or state.count or state.go:
            raise ValueError("while laying away there is no starter and nothing played")
        if all(len(c) == LAY_AWAY for c in state.crib):
            raise ValueError("both seats laid away their cards but the starter was not turned")
        if state.turn == state.dealer:
            raise ValueError("the non-dealer plays first")
    else:
        if state.starter is None:
            raise ValueError(f"the starter is turned up before the {phase.name.lower()} phase")
        if any(len(c) != LAY_AWAY for c in state.crib):
            raise ValueError("the crib holds two cards from each seat after the laying away")
        _check_pile(state)
    decided = [s for s in (0, 1) if state.games[s] >= o.games]
    if phase is Phase.OVER:
        if len(decided) != 1 or state.scores[decided[0]] != o.target:
            raise ValueError("the match is over only when one seat has won it by reaching the target")
        return
    if decided or max(state.scores) >= o.target:
        raise ValueError("a seat has reached the target but the match goes on")
    if phase is Phase.PLAY:
        held = state.hands[state.turn]
        if not held:
            raise ValueError(f"seat {state.turn} is on turn with no cards")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _cut_for_deal(rng: Rng) -> tuple[int, tuple[Event, ...], Rng]:
    """Each player cuts a card (seat 0 first); the lower rank deals, equal ranks cut again."""
    events: list[Event] = []
    size = len(PACK)
    while True:
        # One draw picks two different cards of the pack: seat 0's, then seat 1's of the rest.
        pick, rng = rng.below(size * (size - 1))
        first, second = divmod(pick, size - 1)
        a = PACK[first]
        b = PACK[second + (second >= first)]
        events += [
            Event(EventKind.TURNS_UP, player=0, cards=(a,), label="cut for the deal"),
            Event(EventKind.TURNS_UP, player=1, cards=(b,), label="cut for the deal"),
        ]
        if a.rank != b.rank:
            return (0 if a.rank < b.rank else 1), tuple(events), rng


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: tuple[Card, ...] | None,
    points: tuple[int, ...],
    games: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand `number`: six cards each, one at a time, the non-dealer first."""
    if deck is None:
        deck, rng = _drawn(rng)
    dealt = 2 * HAND_SIZE
    key = _KEY_OF.__getitem__
    first = tuple(sorted(deck[0:dealt:2], key=key))
    second = tuple(sorted(deck[1:dealt:2], key=key))
    hands = (second, first) if dealer == 0 else (first, second)
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(number,)))
    return _BUILD(
        options, number, rng, None, events, _DISCARD, dealer, hands, ((), ()), deck[dealt:], None,
        ((), ()), (), 0, 1 - dealer, False, points, games,
    )  # fmt: skip


_DRAWN: Final = 2 * HAND_SIZE + 1
"""The cards a hand uses in order: both hands and the starter."""
_ORDERS: Final = functools.reduce(lambda a, b: a * b, range(len(PACK) - _DRAWN + 1, len(PACK) + 1))
"""The number of ordered draws of `_DRAWN` different cards from the pack."""


def _drawn(rng: Rng) -> tuple[tuple[Card, ...], Rng]:
    """A shuffled deck as far as a hand can tell: its first 13 cards (both hands and the
    starter) drawn uniformly at random in order by one draw from the random source, then the
    rest of the stock in pack order (nobody ever sees the stock below the starter)."""
    number, rng = rng.below(_ORDERS)
    pool = list(PACK)
    top = []
    for left in range(len(PACK), len(PACK) - _DRAWN, -1):
        number, j = divmod(number, left)
        top.append(pool.pop(j))
    return (*top, *pool), rng


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        seat = state.turn
        if only is not None and only != seat:
            return ()
        hand = state.hands[seat]
        room = MAX_COUNT - state.count
        value = _VALUE
        # The hand is sorted by rank, so the cards that fit are a prefix of it.
        fit = 0
        for card in hand:
            if value[card.index] > room:
                break
            fit += 1
        if not fit:
            return _GO_MOVES[seat]
        row = _PLAY_MOVES[seat]
        return tuple([row[c.index] for c in hand[:fit]])
    if phase is _DISCARD:
        seats = (0, 1) if only is None else (only,)
        table = _DISCARD_MOVES
        return tuple(
            [table[s][c.index] for s in seats if len(state.crib[s]) < LAY_AWAY for c in state.hands[s]]
        )
    return ()


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < 2:
        return f"seat {seat!r} is not at this table of 2"
    phase = state.phase
    if isinstance(move, Discard):
        if phase is not Phase.DISCARD:
            return "cards are laid away to the crib only right after the deal"
        if len(state.crib[seat]) >= LAY_AWAY:
            return f"seat {seat} has already laid away its {LAY_AWAY} cards"
        return f"seat {seat} does not hold {move.card}"
    if phase is Phase.DISCARD:
        return f"both players must first lay away {LAY_AWAY} cards to the crib"
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to play"
    hand = state.hands[seat]
    if isinstance(move, Go):
        playable = [c for c in hand if _VALUE[c.index] <= MAX_COUNT - state.count]
        return f"go is said only when no card fits: {playable[0]} keeps the count at {MAX_COUNT} or under"
    if move.card not in hand:
        return f"seat {seat} does not hold {move.card}"
    total = state.count + _VALUE[move.card.index]
    return f"the count may not pass {MAX_COUNT}: {state.count} + {_VALUE[move.card.index]} is {total}"


def _apply(state: State, move: Move) -> State:
    if type(move) is PlayCard:
        return _apply_play(state, move)
    if type(move) is Go:
        return _apply_go(state, move)
    assert isinstance(move, Discard)
    return _apply_discard(state, move)


def _pair(items: tuple[tuple[Card, ...], ...], seat: int, value: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return (value, items[1]) if seat == 0 else (items[0], value)


def _apply_discard(state: State, move: Discard) -> State:
    seat, card = move.player, move.card
    held = state.hands[seat]
    i = held.index(card)
    hands = _pair(state.hands, seat, held[:i] + held[i + 1 :])
    laid = state.crib[seat]
    # At most one card is laid already; keep the two in hand order.
    if laid and _SORT_KEY[laid[0].index] > _SORT_KEY[card.index]:
        laid = (card, laid[0])
    else:
        laid = (*laid, card)
    crib = _pair(state.crib, seat, laid)
    events: tuple[Event, ...] = _DISCARD_EVENTS[seat][card.index]
    if len(crib[0]) < LAY_AWAY or len(crib[1]) < LAY_AWAY:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _DISCARD, state.dealer, hands, crib, state.stock,
            None, state.played, (), 0, state.turn, False, state.scores, state.games,
        )  # fmt: skip
    # The crib is complete: the top card of the stock is turned up as the starter.
    dealer = state.dealer
    stock = state.stock
    starter = stock[0]
    events = (*events, _STARTER_EVENTS[dealer][starter.index])
    points = state.scores
    if starter.rank is _JACK_RANK:
        target = state.options.target
        total = min(target, points[dealer] + HEELS)
        points = (total, points[1]) if dealer == 0 else (points[0], total)
        events = (*events, _score_event(dealer, HEELS, "his heels"))
        if total >= target:
            return _game_won(
                _BUILD(
                    state.options, state.hand, state.rng, None, events, _PLAY, dealer, hands, crib, stock[1:],
                    starter, state.played, (), 0, 1 - dealer, False, points, state.games,
                ),
                dealer,
            )  # fmt: skip
    return _BUILD(
        state.options, state.hand, state.rng, None, (*events, _LEAD_EVENTS[1 - dealer]), _PLAY, dealer, hands,
        crib, stock[1:], starter, state.played, (), 0, 1 - dealer, False, points, state.games,
    )  # fmt: skip


def _with(state: State, events: tuple[Event, ...], points: tuple[int, ...]) -> State:
    """`state` with other events and scores (`attrs.evolve` without its cost)."""
    return _BUILD(
        state.options, state.hand, state.rng, None, events, state.phase, state.dealer, state.hands, state.crib,
        state.stock, state.starter, state.played, state.count_seats, state.count, state.turn, state.go, points,
        state.games,
    )  # fmt: skip


def _apply_play(state: State, move: PlayCard) -> State:
    p, card = move.player, move.card
    o = 1 - p
    hands, played = state.hands, state.played
    # A hand is sorted, so it stays sorted without the card.
    held = hands[p]
    i = held.index(card)
    if p == 0:
        hands = (held[:i] + held[i + 1 :], hands[1])
        played = ((*played[0], card), played[1])
    else:
        hands = (hands[0], held[:i] + held[i + 1 :])
        played = (played[0], (*played[1], card))
    seats = (*state.count_seats, p)
    count = state.count + _VALUE[card.index]
    events: tuple[Event, ...] = _PLAY_EVENTS[p][card.index]
    points = state.scores
    parts = _peg_parts(_pile(played, seats) if len(seats) > 1 else (card,), count)
    if parts:
        gained = sum(pts for _, pts in parts)
        target = state.options.target
        total = min(target, points[p] + gained)
        points = (total, points[1]) if p == 0 else (points[0], total)
        events = (*events, _score_event(p, gained, " and ".join(name for name, _ in parts)))
        if total >= target:
            return _game_won(
                _BUILD(
                    state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.crib,
                    state.stock, state.starter, played, seats, count, p, state.go, points, state.games,
                ),
                p,
            )  # fmt: skip
    if count != MAX_COUNT:
        if not state.go and hands[o]:
            # The other seat plays next (or says go if nothing fits).
            return _BUILD(
                state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.crib,
                state.stock, state.starter, played, seats, count, o, False, points, state.games,
            )  # fmt: skip
        mine = hands[p]
        if mine and _VALUE[mine[0].index] <= MAX_COUNT - count:
            # The other seat said go or is out of cards: play on alone.
            return _BUILD(
                state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.crib,
                state.stock, state.starter, played, seats, count, p, True, points, state.games,
            )  # fmt: skip
        # Nobody can play on: the last card of the count scores one.
        target = state.options.target
        total = min(target, points[p] + GO)
        points = (total, points[1]) if p == 0 else (points[0], total)
        events = (*events, _score_event(p, GO, "go" if hands[0] or hands[1] else "last card"))
        if total >= target:
            return _game_won(
                _BUILD(
                    state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.crib,
                    state.stock, state.starter, played, seats, count, p, state.go, points, state.games,
                ),
                p,
            )  # fmt: skip
    return _new_count(state, p, hands, played, seats, count, p, state.go, events, points)


def _apply_go(state: State, move: Go) -> State:
    t = move.player
    o = 1 - t
    held = state.hands[o]
    if held and _VALUE[held[0].index] <= MAX_COUNT - state.count:
        return _BUILD(
            state.options, state.hand, state.rng, None, (_GO_EVENTS[t],), _PLAY, state.dealer, state.hands,
            state.crib, state.stock, state.starter, state.played, state.count_seats, state.count, o, True,
            state.scores, state.games,
        )  # fmt: skip
    # Neither can play: the last card of the count scores one for go.
    points = state.scores
    target = state.options.target
    total = min(target, points[o] + GO)
    points = (total, points[1]) if o == 0 else (points[0], total)
    events = (_GO_EVENTS[t], _score_event(o, GO, "go"))
    if total >= target:
        return _game_won(_with(state, events, points), o)
    return _new_count(
        state, o, state.hands, state.played, state.count_seats, state.count, state.turn, state.go, events, points
    )


def _new_count(
    state: State,
    last: int,
    hands: tuple[tuple[Card, ...], ...],
    played: tuple[tuple[Card, ...], ...],
    seats: tuple[int, ...],
    count: int,
    turn: int,
    go: bool,
    events: tuple[Event, ...],
    points: tuple[int, ...],
) -> State:
    """After 31 or a go: the count starts again with the seat that did not play the last card
    (the other one if it has no cards); with both hands empty, the show. `state` gives the
    fields the pegging leaves alone, the others the position after the count's last card."""
    if not hands[0] and not hands[1]:
        return _show(state, hands, played, seats, count, turn, go, events, points)
    starter = 1 - last if hands[1 - last] else last
    return _BUILD(
        state.options, state.hand, state.rng, None, (*events, _LEAD_EVENTS[starter]), _PLAY, state.dealer,
        hands, state.crib, state.stock, state.starter, played, (), 0, starter, False, points, state.games,
    )  # fmt: skip


def _show(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    played: tuple[tuple[Card, ...], ...],
    seats: tuple[int, ...],
    count: int,
    turn: int,
    go: bool,
    events_before: tuple[Event, ...],
    points: tuple[int, ...],
) -> State:
    """The show: the non-dealer's hand, the dealer's hand, then the crib; then the next deal.
    `state` gives the fields the pegging leaves alone, the others the position at its end."""
    dealer = state.dealer
    starter = state.starter
    assert starter is not None
    gained = [0, 0]
    points_now = list(points)
    events = list(events_before)
    target = state.options.target
    crib = state.crib
    shows = (
        (1 - dealer, played[1 - dealer], False, "hand"),
        (dealer, played[dealer], False, "hand"),
        (dealer, crib[0] + crib[1], True, "crib"),
    )
    key = _KEY_OF.__getitem__
    for seat, cards, in_crib, what in shows:
        cards = tuple(sorted(cards, key=key))
        score, label = _show_score(cards, starter, in_crib, what)
        events.append(Event(_SHOWS, player=seat, cards=(*cards, starter), numbers=(score,), label=label))
        if score:
            gained[seat] += score
            points_now[seat] = min(target, points_now[seat] + score)
            if points_now[seat] >= target:
                # The game is won: nothing more is counted.
                return _game_won(
                    _BUILD(
                        state.options, state.hand, state.rng, None, tuple(events), _PLAY, dealer, hands, crib,
                        state.stock, starter, played, seats, count, turn, go, tuple(points_now), state.games,
                    ),
                    seat,
                )  # fmt: skip
    events.append(Event(_HAND_SCORED, numbers=tuple(gained)))
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    return _deal(state.options, state.hand + 1, 1 - dealer, rng, None, tuple(points_now), state.games, tuple(events))


def _game_won(state: State, winner: int) -> State:
    """`winner` reached the target: the game ends at once; the match ends or the next game is dealt."""
    o = state.options
    loser = 1 - winner
    skunk = o.skunk and state.scores[loser] <= o.target - SKUNK_MARGIN - 1
    won = SKUNK_GAMES if skunk else 1
    games = (state.games[0] + won, state.games[1]) if winner == 0 else (state.games[0], state.games[1] + won)
    label = "the game with a skunk" if skunk else "the game"
    events = (*state.events, Event(EventKind.WINS, player=winner, numbers=(won,), label=label))
    if games[winner] >= o.games:
        events = (*events, Event(EventKind.GAME_OVER, numbers=(winner,)))
        return attrs.evolve(state, phase=Phase.OVER, games=games, events=events)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next game in a view")
    # The loser of a game deals the first hand of the next.
    return _deal(o, state.hand + 1, loser, rng, None, (0, 0), games, events)


def _pile(played: tuple[tuple[Card, ...], ...], seats: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of the current count: for each seat, its latest plays, in the order of `seats`."""
    taken = [0, 0]
    cards = []
    for seat in reversed(seats):
        taken[seat] += 1
        cards.append(played[seat][-taken[seat]])
    cards.reverse()
    return tuple(cards)


def pile_of(state: State) -> tuple[Card, ...]:
    """The cards of the current count, in the order they were played."""
    return _pile(state.played, state.count_seats)


def _check_pile(state: State) -> None:
    """The current count: who played its cards, their sum, and the order of turns within it."""
    owners = state.count_seats
    for s in (0, 1):
        if owners.count(s) > len(state.played[s]):
            raise ValueError(f"the count holds more cards of seat {s} than it played")
    if any(w not in (0, 1) for w in owners):
        raise ValueError(f"the count's seats {owners} are not all 0 or 1")
    pile = _pile(state.played, owners)
    if state.count != sum(_VALUE[c.index] for c in pile):
        raise ValueError(f"the count {state.count} is not the sum of its cards")
    if pile and len(pile) == sum(map(len, state.played)) and owners[0] == state.dealer:
        raise ValueError("the non-dealer plays the first card of a hand")
    # Turns alternate until one seat cannot go on; from then on the other plays alone.
    alone = next((i for i in range(1, len(owners)) if owners[i] == owners[i - 1]), None)
    # (Whether the cards held agree with who could play is not checked: a view's hidden hands,
    # dealt afresh by shuffle_unseen, need not.)
    if alone is not None and any(w != owners[alone] for w in owners[alone:]):
        raise ValueError("a seat played in a count after it had said go")
    if state.phase is Phase.OVER:
        if state.count > MAX_COUNT:
            raise ValueError(f"the count {state.count} passes {MAX_COUNT}")
        return
    if state.count >= MAX_COUNT:
        raise ValueError(f"the count {state.count} should have started again")
    if state.go != (bool(pile) and owners[-1] == state.turn):
        raise ValueError("go is set exactly when the seat on turn played the last card of the count")


