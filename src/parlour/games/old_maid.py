"""Old Maid: pair off your cards and do not be left holding the odd queen; 2-8 players.

Rules: the Book of Card Games, "Old Maid". One queen is taken out of a 52-card pack, leaving 51
cards. A random dealer deals them all, one at a time clockwise, and every seat discards its
pairs (two cards of one rank). The dealer then offers its cards face down to the seat on its
left, which draws any one of them; if the card pairs with one it holds, the pair is discarded.
That seat then offers its own cards to the seat on its left, and so on. A seat that has no cards
left is safe and out of the game. Play ends when a single seat still holds cards: the last queen,
which has no partner. That seat is the Old Maid and loses; everyone else wins.

Readings where the book is silent or open (library choices, stated in the docs):

* Players: the book's header says two, but its text deals "around the table" and passes to "the
  player on his left", so 2 to 8 may play (4 by default). The queen of clubs is the one taken out.
* Nobody chooses what is automatic (the rules notes' convention): every pair is discarded as soon
  as it is made, by the engine. Of three cards of one rank dealt to a seat, the first two dealt
  pair off and the third stays (suits never matter).
* The drawer's one choice is a position in the offered face-down fan: `Draw(player, position)`,
  "draw 3" for the third card from the left. Every hand is a fan in a random order: after the
  deal, the order its cards came off the shuffled pack; a card a seat takes in goes to a random
  place in its fan (one draw from the game's random source); cards leaving a fan leave the
  others in place. Only the owner sees a fan's faces, so for every other seat each offer is a
  uniformly random arrangement, as if laid out afresh (the rules notes' fresh permutation per
  offer), at one random draw per card taken in instead of a shuffle per offer. A position thus
  says nothing about the card behind it.
* Turn order skips seats that are out: each draw goes to the next seat on the left that still
  holds cards, and it draws from the nearest seat on its right that still holds cards (the seat
  that just drew, unless that seat has just gone out).
* `Options.joker`: the "Old Maid deck" of the book, whose one odd card has no partner, played as
  a full 52-card pack plus one joker (the joker is the Old Maid).
* `scores` are the cards each seat holds (fewest is best; the Old Maid ends with one). When the
  game is over the cards still held are turned up for everyone (the Old Maid shown).
* Deviation (a termination valve, not a rule of the book): drawing can go round and round while
  the odd queen changes hands, so `Options.stall_limit` draws in a row without a pair (default
  250) abandon the game: the seats already safe win, nobody is named the Old Maid.

>>> state = new_game(3, seed=1, dealer=0)
>>> [len(h) for h in state.hands], state.offerer, to_act(state)
([9, 7, 5], 0, frozenset({1}))
>>> [str(m) for m in legal_moves(state)][:3]
['draw 1', 'draw 2', 'draw 3']
>>> cards_text(view(state, 1).hands[0])
'?? ?? ?? ?? ?? ?? ?? ?? ??'
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, JOKER, Card, Rank, Suit, cards_text, standard_pack
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.text import seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.zones import CardAllowed, Piece, Seen, Zone, check_viewer, check_zones, zone_determinize, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "Draw",
    "Move",
    "Options",
    "Phase",
    "State",
    "apply",
    "check_invariants",
    "determinize",
    "discard_pairs",
    "is_over",
    "legal_moves",
    "new_game",
    "loser",
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
"""The header says two; the text's play "around the table" suits up to eight."""
DEFAULT_PLAYERS: Final = 4
REMOVED: Final = Card(Rank.QUEEN, Suit.CLUBS)
"""The queen taken out of the pack ("a standard deck of fifty-two cards minus one of the queens")."""
PACK: Final = tuple(card for card in standard_pack() if card != REMOVED)
"""The 51 cards played: three queens, so one of them can never be paired."""
JOKER_PACK: Final = (*standard_pack(), JOKER)
"""`Options.joker`: every card of the 52-card pack pairs; the joker is the odd card."""
MOST_HELD: Final = 14
"""A hand without pairs holds at most one card of each of the 13 ranks and the joker."""
SAFE: Final = "safe"
"""The label of the event of a seat going out."""


# Options -------------------------------------------------------------------------------------


def _at_least_one(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10_000:
        raise ValueError(f"{attribute.name} must be a whole number from 1 to 10000, not {value!r}")


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Old Maid; the defaults are the Book of Card Games game."""

    joker: bool = False
    """Play the book's "Old Maid deck" (one card without a partner) as the full 52-card pack plus
    a joker, the joker being the Old Maid. False: the book's standard pack minus one queen."""
    stall_limit: int = attrs.field(default=250, validator=_at_least_one)
    """Termination valve, not a rule of the book: after this many draws in a row without a pair
    the game is abandoned; the seats already safe win and nobody is the Old Maid."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def book(cls) -> Options:
        """The Book of Card Games: a standard pack minus the queen of clubs."""
        return cls()


def pack_for(options: Options) -> tuple[Card, ...]:
    """The cards in play: 51 (one queen out) or, with `Options.joker`, 52 and a joker."""
    return JOKER_PACK if options.joker else PACK


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Draw:
    """Take the card at `position` (1 = leftmost) of the face-down fan offered from the right."""

    player: int
    position: int

    def __str__(self) -> str:
        return f"draw {self.position}"


Move: TypeAlias = Draw
MOVE_TYPES: Final = (Draw,)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a seat draws; OVER: one seat alone holds cards (or the stall valve ended play)."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """An Old Maid position."""

    options: Options
    hand: int
    """Always 1: a game of Old Maid is one deal."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, never two of one rank, each in the random order of its face-down fan
    (left to right): `draw k` takes the offering seat's card k-1."""
    drawer: int
    """The seat to draw (after the end, the seat that drew last, or the Old Maid)."""
    offerer: int
    """The seat whose cards are offered: the nearest seat on the drawer's right holding cards."""
    discards: tuple[Card, ...]
    """The pairs discarded face up, two cards after two, in the order they were made."""
    out: tuple[int, ...]
    """The seats without cards (safe), in the order they went out."""
    stall: int
    """Draws in a row that made no pair."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


def _hand_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """A hand is seen by its owner, and by everyone once the game is over (the Old Maid shown)."""
    return viewer == owner or getattr(state, "phase") is Phase.OVER


ZONES: Final = (
    Zone("hands", _hand_seen, by_seat=True),
    Zone("discards", Seen.EVERYONE),
)
"""Each seat sees its own cards only (an offered fan is face down) until the end, when the cards
left are turned up; discarded pairs are face up."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the game. `deck` fixes the deal (top card first), `dealer` the dealer (else drawn
    from the seed: the book's "random dealer")."""
    n = require_players("old_maid", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("old_maid", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    cards, rng = shuffled_or_fixed(pack_for(rules), rng, deck)
    events: list[Event] = [Event(EventKind.DEALS, player=first, numbers=(1,))]
    hands: list[tuple[Card, ...]] = []
    discards: list[Card] = []
    for seat in range(n):
        # One card at a time clockwise from the dealer's left: card i goes to seat first+1+i.
        kept, paired = discard_pairs(cards[(seat - first - 1) % n :: n])
        hands.append(kept)
        discards.extend(paired)
        if paired:
            events.append(Event(EventKind.DISCARDS, player=seat, cards=paired))
    out = tuple(seat for seat in _clockwise(first, n) if not hands[seat])
    events.extend(Event(EventKind.GOES_OUT, player=seat, label=SAFE) for seat in out)
    if n - len(out) < 2:
        return _finish(rules, rng, first, tuple(hands), first, first, tuple(discards), out, 0, tuple(events))
    drawer = _next_holder(first, hands)
    offerer = _previous_holder(drawer, hands)
    return State(
        options=rules,
        hand=1,
        rng=rng,
        viewer=None,
        phase=Phase.PLAY,
        dealer=first,
        hands=tuple(hands),
        drawer=drawer,
        offerer=offerer,
        discards=tuple(discards),
        out=out,
        stall=0,
        events=tuple(events),
    )


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The drawer's `draw 1` .. `draw k` for the k cards offered, left to right; () at the end.

    With `player`, only that seat's moves; a view lists its viewer's moves only.
    """
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply_draw, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return _NOBODY if state.phase is Phase.OVER else _ALONE[state.drawer]


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The cards each seat holds (fewest is best; the Old Maid ends with one)."""
    return tuple(len(held) for held in state.hands)


def winners(state: State) -> frozenset[int]:
    """Once the game is over, every seat but the Old Maid (after the stall valve, the seats
    already safe); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return frozenset(state.out)


def loser(state: State) -> int | None:
    """The Old Maid once the game is over (None before, and after the stall valve)."""
    if state.phase is not Phase.OVER or len(state.out) != len(state.hands) - 1:
        return None
    return next(seat for seat, held in enumerate(state.hands) if held)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own cards, the other hands as hidden cards
    (an offered fan too) until the game is over, the discarded pairs, no random source."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw 3" (the third card from the left of the offered fan).

    With `player` (or a "2:" prefix), only that seat's moves match.
    """
    return parse_by_matching(text, legal_moves(state), player)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Old Maid reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"old_maid is played by 2-8 players, not {n}")
    if state.hand != 1:
        raise ValueError(f"a game of Old Maid is one deal, not hand {state.hand}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    for where, seat in (("dealer", state.dealer), ("drawer", state.drawer), ("offerer", state.offerer)):
        check_seat(where, seat, n)
    check_zones("old_maid", state, ZONES, pack_for(state.options))
    discards = state.discards
    if len(discards) % 2 or any(a.rank is not b.rank for a, b in zip(discards[::2], discards[1::2])):
        raise ValueError(f"the discards {cards_text(discards)} are not pairs of one rank")
    if any(card is JOKER or card.is_hidden for card in discards):
        raise ValueError("the joker never pairs, and discarded pairs lie face up")
    for seat, held in enumerate(state.hands):
        if len(held) > MOST_HELD:
            raise ValueError(f"seat {seat} holds {len(held)} cards; a hand without pairs holds at most {MOST_HELD}")
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif len({card.rank for card in held}) != len(held):
            raise ValueError(f"seat {seat} holds a pair it should have discarded: {cards_text(held)}")
    empty = {seat for seat, held in enumerate(state.hands) if not held}
    if len(set(state.out)) != len(state.out) or set(state.out) != empty:
        raise ValueError(f"the seats out {state.out} are not the seats without cards")
    holding = n - len(empty)
    limit = state.options.stall_limit
    if not 0 <= state.stall <= limit:
        raise ValueError(f"{state.stall} draws without a pair is outside 0..{limit}")
    if state.phase is Phase.PLAY:
        if holding < 2 or state.stall >= limit:
            raise ValueError("play goes on only while two seats hold cards and the stall limit is not reached")
        if not state.hands[state.drawer]:
            raise ValueError(f"seat {state.drawer} has no cards and cannot draw")
        due = _previous_holder(state.drawer, state.hands)
        if state.offerer != due:
            raise ValueError(f"seat {state.drawer} draws from seat {due}, the nearest seat on its right with cards")
    elif holding != 1 and state.stall != limit:
        raise ValueError("the game ends when one seat alone holds cards or the stall limit is reached")
    if holding == 1 and state.phase is not Phase.OVER:
        raise ValueError("the game is over once one seat alone holds cards")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see afresh among the other hands, keeping every count and
    keeping each hand free of pairs (which every player knows)."""
    if state.rng is None or state.phase is Phase.OVER:
        return zone_shuffle(state, player, seed, ZONES)  # a view, or every card face up
    hidden = [seat for seat, held in enumerate(state.hands) if seat != player and held]
    pool, rng = Rng(seed).shuffled(card for seat in hidden for card in state.hands[seat])
    priority, rng = rng.shuffled(hidden)
    by_rank: dict[Rank, list[Card]] = {}
    for card in pool:
        by_rank.setdefault(card.rank, []).append(card)
    room = {seat: len(state.hands[seat]) for seat in hidden}
    dealt: dict[int, list[Card]] = {seat: [] for seat in hidden}
    # Ryser's greedy: each rank's cards go to distinct hands with the most room left; it finds
    # an arrangement whenever one exists, and the real hands are one.
    for turn, cards in enumerate(sorted(by_rank.values(), key=len, reverse=True)):
        order = priority[turn % len(priority) :] + priority[: turn % len(priority)]
        chosen = sorted(order, key=lambda seat: -room[seat])[: len(cards)]
        if len(chosen) < len(cards) or any(room[seat] < 1 for seat in chosen):
            raise ValueError("no pair-free deal of the unseen cards exists")  # unreachable
        for seat, card in zip(chosen, cards):
            dealt[seat].append(card)
            room[seat] -= 1
    hands = list(state.hands)
    for seat in hidden:
        hands[seat], rng = rng.shuffled(dealt[seat])
    return attrs.evolve(state, rng=Rng(seed), hands=tuple(hands))


def determinize(view: State, pack: Sequence[Piece], seed: int, allowed: CardAllowed | None) -> State:
    """A real state `view` could have come from: the hidden cards dealt among the hidden hands
    with no hand holding a pair (what every player knows), by `shuffle_unseen`'s pair-free deal.
    That deal does not honour `allowed`."""
    return shuffle_unseen(zone_determinize(view, pack, seed, ZONES, allowed), view.viewer, seed)


def discard_pairs(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards kept (in the order given) and the pairs discarded (in the order they form) from
    a hand: each card pairs with an earlier unpaired card of its rank, so of three of a rank the
    first two pair off and the last stays. The joker never pairs.

    >>> from parlour.core.cards import parse_cards
    >>> [cards_text(part) for part in discard_pairs(parse_cards("7S 2C 7D KH 7C JK 2H"))]
    ['KH 7C JK', '7D 7S 2C 2H']
    """
    pending: list[Card | None] = [None] * 16
    paired: list[Card] = []
    for card in cards:
        rank = card.index & 15  # the rank's number: the joker's (14) is its own
        other = pending[rank]
        if other is None:
            pending[rank] = card
        else:
            paired.extend((other, card) if other.index < card.index else (card, other))
            pending[rank] = None
    if not paired:
        return tuple(cards), ()
    return tuple([card for card in cards if pending[card.index & 15] is card]), tuple(paired)


# Play ----------------------------------------------------------------------------------------


def _clockwise(dealer: int, n: int) -> tuple[int, ...]:
    """The seats from the dealer's left round to the dealer."""
    return tuple((dealer + step) % n for step in range(1, n + 1))


def _next_holder(seat: int, hands: Sequence[tuple[Card, ...]]) -> int:
    """The first seat on `seat`'s left (clockwise) that holds cards."""
    n = len(hands)
    for step in range(1, n):
        other = (seat + step) % n
        if hands[other]:
            return other
    raise ValueError(f"no seat but {seat} holds cards")


def _previous_holder(seat: int, hands: Sequence[tuple[Card, ...]]) -> int:
    """The first seat on `seat`'s right (anticlockwise) that holds cards."""
    n = len(hands)
    for step in range(1, n):
        other = (seat - step) % n
        if hands[other]:
            return other
    raise ValueError(f"no seat but {seat} holds cards")


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The drawer's moves (`only` None on a real state), or seat `only`'s (a view's)."""
    if state.phase is Phase.OVER:
        return ()
    if only is None:
        if state.rng is None:
            return ()  # a spectator's view
    elif only != state.drawer:
        return ()
    return _DRAWS[state.drawer][len(state.hands[state.offerer])]


_DRAWS: Final = tuple(
    tuple(tuple(Draw(seat, position) for position in range(1, count + 1)) for count in range(MOST_HELD + 1))
    for seat in range(max(PLAYERS))
)
"""`_DRAWS[seat][k]`: the seat's moves when k cards are offered, prebuilt."""
_ALONE: Final = tuple(frozenset((seat,)) for seat in range(max(PLAYERS)))
_NOBODY: Final[frozenset[int]] = frozenset()


def _apply_draw(state: State, move: Move) -> State:
    drawer, offerer = move.player, state.offerer
    hands = list(state.hands)
    offered = hands[offerer]
    at = move.position - 1
    card = offered[at]
    given = hands[offerer] = offered[:at] + offered[at + 1 :]
    held = hands[drawer]
    rank = card.rank
    mate = None
    for other in held:  # a hand holds no pair, so at most one card matches
        if other.rank is rank:
            mate = other
            break
    key = (drawer * 8 + offerer) * 80 + card.index
    events = _TRADES.get(key) or _trade(key, drawer, offerer, card)
    out = state.out
    if not given:
        out = (*out, offerer)
        events = (*events, _SAFE[offerer])
    rng = state.rng
    assert rng is not None
    if mate is None:
        # The card goes to a random place in the drawer's fan, which it offers next.
        at, rng = rng.below(len(held) + 1)
        kept = hands[drawer] = (*held[:at], card, *held[at:])
        discards = state.discards
        stall = state.stall + 1
    else:
        kept = hands[drawer] = tuple([other for other in held if other is not mate])
        pair = (mate, card) if mate.index < card.index else (card, mate)  # one rank: index order is suit order
        discards = (*state.discards, *pair)
        stall = 0
        twin = (drawer * 80 + pair[0].index) * 80 + pair[1].index
        events = (*events, _PAIR_EVENTS.get(twin) or _pair_event(twin, drawer, pair))
        if not kept:
            out = (*out, drawer)
            events = (*events, _SAFE[drawer])
    if len(out) >= len(hands) - 1 or stall >= state.options.stall_limit:
        return _finish(state.options, rng, state.dealer, tuple(hands), drawer, offerer, discards, out, stall, events)
    following = _next_holder(drawer, hands)
    offering = drawer if kept else _previous_holder(following, hands)
    return _BUILD(
        state.options, 1, rng, None, Phase.PLAY, state.dealer, tuple(hands), following, offering, discards, out,
        stall, events,
    )  # fmt: skip


_TRADES: Final[dict[int, tuple[Event, ...]]] = {}
"""The two private events of a card passing between two seats, built once per seats and card."""
_PAIR_EVENTS: Final[dict[int, Event]] = {}
"""The event of a seat discarding a pair, built once per seat and pair."""


def _trade(key: int, drawer: int, offerer: int, card: Card) -> tuple[Event, ...]:
    events = _TRADES[key] = (
        Event(EventKind.RECEIVES, player=drawer, cards=(card,), numbers=(offerer,), private=True),
        Event(EventKind.GIVES, player=offerer, cards=(card,), numbers=(drawer,), private=True),
    )
    return events


def _pair_event(key: int, drawer: int, pair: tuple[Card, Card]) -> Event:
    event = _PAIR_EVENTS[key] = Event(EventKind.DISCARDS, player=drawer, cards=pair)
    return event


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""
_SAFE: Final = tuple(Event(EventKind.GOES_OUT, player=seat, label=SAFE) for seat in range(max(PLAYERS)))


def _finish(
    options: Options,
    rng: Rng,
    dealer: int,
    hands: tuple[tuple[Card, ...], ...],
    drawer: int,
    offerer: int,
    discards: tuple[Card, ...],
    out: tuple[int, ...],
    stall: int,
    events: tuple[Event, ...],
) -> State:
    """The end: one seat alone holds cards (the Old Maid), or the stall valve stops play."""
    left = [seat for seat, held in enumerate(hands) if held]
    if len(left) == 1:
        events = (*events, Event(EventKind.SHOWS, player=left[0], cards=hands[left[0]], label="the Old Maid"))
        drawer = left[0]
    else:
        words = f"{options.stall_limit} draws without a pair: play stops, nobody is the Old Maid"
        events = (*events, Event(EventKind.NOTE, label=words))
        events += tuple(Event(EventKind.SHOWS, player=seat, cards=hands[seat], label="cards left") for seat in left)
    events = (
        *events,
        Event(EventKind.HAND_SCORED, numbers=tuple(len(held) for held in hands)),
        Event(EventKind.GAME_OVER, numbers=tuple(sorted(out))),
    )
    return State(
        options=options,
        hand=1,
        rng=rng,
        viewer=None,
        phase=Phase.OVER,
        dealer=dealer,
        hands=hands,
        drawer=drawer,
        offerer=offerer,
        discards=discards,
        out=out,
        stall=stall,
        events=events,
    )


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.drawer:
        return f"it is seat {state.drawer}'s turn to draw from seat {state.offerer}, not seat {move.player}'s"
    count = len(state.hands[state.offerer])
    return f"seat {state.offerer} offers {count} card{'s' if count != 1 else ''}: draw a position from 1 to {count}"


# Render --------------------------------------------------------------------------------------


def _rank_sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: (int(card.rank), card.suit or 0)))


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The players, dealer and pack; what happens now (who draws from whom, how many cards are
    offered) or how the game ended; the pairs discarded so far and the draws since the last
    pair; then one line per seat with its cards (by rank where the viewer may see them, else as
    a count) or when it went out.
    """
    n = len(state.hands)
    options = state.options
    pack = "52 cards and a joker" if options.joker else f"51 cards ({REMOVED} taken out)"
    lines = [f"Old Maid, {n} players, dealer seat {state.dealer}, {pack}"]
    if state.phase is Phase.PLAY:
        count = len(state.hands[state.offerer])
        lines.append(
            f"seat {state.drawer} to draw one of the {count} face-down cards of seat {state.offerer}"
            f" (draw 1 .. draw {count})"
        )
    else:
        maid = loser(state)
        if maid is not None:
            lines.append(f"game over: seat {maid} is the Old Maid; {seats_text(sorted(state.out))} win")
        else:
            safe = f"{seats_text(sorted(state.out))} win" if state.out else "nobody wins"
            lines.append(f"game over: {options.stall_limit} draws without a pair; {safe}, nobody is the Old Maid")
    pairs = len(state.discards) // 2
    lines.append(f"pairs discarded: {pairs}; draws since the last pair: {state.stall}")
    for seat, held in enumerate(state.hands):
        line = f"seat {seat}: "
        if not held:
            line += f"safe, out {_ORDINALS[state.out.index(seat)]}"
        elif HIDDEN in held:
            line += f"{len(held)} card{'s' if len(held) != 1 else ''}"
        elif state.phase is Phase.PLAY and seat == state.offerer and state.viewer == seat:
            line += f"{cards_text(held)} (the fan offered, left to right)"
        else:
            line += cards_text(_rank_sorted(held))
        lines.append(line)
    return "\n".join(lines)


_ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="old_maid",
    title="Old Maid",
    family="matching",
    low_score_wins=True,
    summary="Draw from your neighbour's face-down cards and pair them off; the last holder of the odd queen loses.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("book", Options.book()),),
    quick=None,
    zones=ZONES,
    determinize=determinize,
    hidden_information=True,
    chance=True,
    max_plies=6_750,
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
