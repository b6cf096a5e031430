"""Michigan (Boodle, Stops, Newmarket): a stops game for 3-8 players with stakes on pay cards.

Rules: the Book of Card Games, "Michigan" (a fragment: its opening lines are missing), completed
from the standard rules of the game where the fragment is cut off. From the book: every player
puts the agreed ante on any mix of the boodle cards; a random dealer deals the whole pack one at
a time, with an extra hand to the dealer's left that nobody sees; the seat left of the dealer lays
the lowest card of any suit it holds; whoever holds the next card of that suit plays it, wherever
it sits, and so on until the next card is unavailable (in the extra hand) or an ace is reached;
the last player before the stop leads the lowest card of a new suit, or passes the lead to the
left if it has none; play ends when the first player has no cards, and that player collects one
chip from each other player for every card still held; whoever plays a card matching a boodle
card collects the chips on it, and chips not collected stay there for the next hand.

From the standard rules (the fragment does not say them): the four boodle cards are AH, KC, QD
and JS (spots taken from a second pack, never played); 3 to 8 players; ranks run 2 (low) up to
the ace (high); a sequence also stops where the next card was already played this hand.

Readings where the text is silent (library choices, stated in the docs):

* Every player, dealer included, antes `Options.ante` chips (4) each hand, in turn from the
  dealer's left with the dealer last, splitting them over the boodle cards as it likes (the
  move `ante 1 1 1 1`: chips on AH, KC, QD, JS). The antes come before the deal, as in the book.
* Chips live on a ledger: every seat starts with `Options.chips` (50). A seat never pays more
  than it holds: a short seat antes or pays all it has.
* The deal goes one card at a time from the extra hand (the first place to the dealer's left),
  then each seat clockwise from the dealer's left, ending with the dealer.
* Following on is automatic (no seat has a choice): the only moves are the antes and the leads
  (`play 4H`, the lowest card of the suit led). Passing the lead is automatic too.
* "A new suit" is any suit but the one just stopped. If no seat holds a card of another suit,
  the last player leads its lowest card of the stopped suit.
* A match is `Options.rounds` times round the table (one deal per seat by default), ending
  early after any hand that leaves a seat with no chips. The most chips wins (ties share);
  chips still on the boodle cards at the end are nobody's.
* The first dealer is drawn from the seed, unless `new_game(dealer=...)` names one.

>>> state = new_game(4, seed=1, dealer=3)
>>> [str(m) for m in legal_moves(state)][:3], len(legal_moves(state))
(['ante 4 0 0 0', 'ante 3 1 0 0', 'ante 3 0 1 0'], 35)
>>> for _ in range(4):
...     state = apply(state, parse_move(state, "ante 1 1 1 1"))
>>> state.ledger.pots, state.phase.value, state.turn
((4, 4, 4, 4), 'play', 0)
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    ACE_HIGH,
    CARD_INDICES,
    HIDDEN,
    Card,
    Suit,
    cards_text,
    interned,
    parse_cards,
    seat_card_table,
    sorted_cards,
    standard_pack,
    without,
)
from parlour.core.deck import shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.ledger import Ledger
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders
from parlour.core.text import by_suit
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "BOODLES",
    "GAME",
    "Ante",
    "Move",
    "Options",
    "Phase",
    "PlayCard",
    "State",
    "apply",
    "ante_splits",
    "check_invariants",
    "dead_hand_size",
    "deal_positions",
    "hands_in_match",
    "is_over",
    "legal_moves",
    "new_game",
    "next_up",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (3, 4, 5, 6, 7, 8)
"""Standard rules: three to eight players (the fragment does not say)."""
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
ORDER: Final = ACE_HIGH
"""2 (low) up to the ace (high) in each suit; a sequence stops after its ace."""
BOODLES: Final = parse_cards("AH KC QD JS")
"""The four boodle cards (pay cards), in pot order: standard rules, since the fragment's
opening lines that named them are missing. They are stake spots, not cards in play."""
MAX_ANTE: Final = 10
"""The largest ante an option may set (the splits of an ante grow as its cube)."""


# Options -------------------------------------------------------------------------------------


def _between(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{attribute.name} must be a whole number from {low} to {high}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Michigan; the defaults are the Book of Card Games game with the
    library's stakes and match length."""

    ante: int = attrs.field(default=4, validator=_between(1, MAX_ANTE))
    """The "agreed-upon ante" each player places on the boodle cards every hand (the book
    leaves the amount to the table; 4 lets a player put one chip on each card)."""
    chips: int = attrs.field(default=50, validator=_between(1, 100_000))
    """Chips each player starts the match with (library choice). A match also ends after any
    hand that leaves a player with none."""
    rounds: int = attrs.field(default=1, validator=_between(1, 20))
    """How many times the deal goes round the table: a match is `rounds` hands per player
    (library choice; the book is silent)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def book(cls) -> Options:
        """The Book of Card Games (completed from the standard rules): the defaults."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Ante:
    """Place this hand's ante: chips on AH, KC, QD and JS, in that order."""

    player: int
    stakes: tuple[int, ...]

    def __str__(self) -> str:
        return "ante " + " ".join(map(str, self.stakes))


@attrs.frozen
class PlayCard:
    """Lead: lay the lowest card held of a suit (the rest of the sequence follows by itself)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = Ante | PlayCard
MOVE_TYPES: Final = (Ante, PlayCard)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """ANTE: stakes go on the boodle cards (cards not yet dealt); PLAY: leads and sequences;
    OVER: the match ended."""

    ANTE = "ante"
    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Michigan position."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to ante (ANTE), to lead (PLAY), or the seat that went out last (OVER)."""
    barred: Suit | None
    """The suit just stopped, which the leader may not lead; None for a free lead."""
    stock: tuple[Card, ...]
    """The shuffled pack before the deal (ANTE), top card first; empty once dealt."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, in `sorted_cards` order (by suit, 2 up to the ace)."""
    dead: tuple[Card, ...]
    """The extra hand nobody sees, sorted."""
    played: tuple[Card, ...]
    """The cards played this hand, in order, face up."""
    ledger: Ledger
    """Chips by seat, and one pot per boodle card (in `BOODLES` order)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)

    @cached_property
    def holders(self) -> tuple[int, ...]:
        """Who holds each card, by `Card.index` (-1: no seat: played, in the extra hand or not
        dealt). Derived from `hands`; `apply` hands it on to the next state of the hand, so a
        run finds each next card's holder by one tuple index."""
        table = [-1] * CARD_INDICES
        for seat, held in enumerate(self.hands):
            for card in held:
                table[card.index] = seat
        return tuple(table)


ZONES: Final = (
    Zone("stock", Seen.NOBODY),
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("dead", Seen.NOBODY, sort=sorted_cards),
    Zone("played", Seen.EVERYONE),
)
"""The undealt pack and the extra hand are seen by nobody, each hand by its owner, and the
cards played by everyone."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Starts hand 1 with the antes. `deck` fixes the first deal (top card first, dealt from
    the extra hand round to the dealer), `dealer` the first dealer (else drawn from the seed)."""
    n = require_players("michigan", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("michigan", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    ledger = Ledger.start(n, rules.chips, pots=len(BOODLES))
    stock, rng = shuffled_or_fixed(PACK, rng, deck)
    return _start_hand(None, rules, 1, first, ledger, stock, rng, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Antes (most on AH first, see `ante_splits`) or leads (suits in order C D H S); () at
    the end. With `player`, only that seat's moves; a view lists its viewer's moves only."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move` and everything it sets off; IllegalMove naming the rule if it is
    not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Chips held, by seat (chips on the boodle cards belong to nobody yet)."""
    return state.ledger.counts


def winners(state: State) -> frozenset[int]:
    """The seats holding the most chips once the match is over (ties share); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    counts = state.ledger.counts
    return leaders(counts)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the cards played, the chips."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the extra hand, the undealt pack)
    afresh, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "ante 1 1 1 1" or "play 4H"; also "lead H" or "play H" (the lowest card of the
    suit). With `player` (or a "2:" prefix), only that seat's moves match."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        lenient = _parse_suit(state, text, legal, player)
        if lenient is None:
            raise exc from None
        return lenient


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Michigan reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"michigan is played by 3-8 players, not {n}")
    o = state.options
    if not 1 <= state.hand <= hands_in_match(o, n):
        raise ValueError(f"hand {state.hand} is outside 1..{hands_in_match(o, n)}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    ledger = state.ledger
    problem = ledger.problem(n)
    if problem is not None:
        raise ValueError(f"michigan: {problem}")
    if len(ledger.pots) != len(BOODLES) or ledger.county or any(ledger.out):
        raise ValueError("michigan's ledger has one pot per boodle card, no county and nobody out")
    if sum(ledger.counts) + sum(ledger.pots) != n * o.chips:
        raise ValueError(f"chips {ledger.counts} and pots {ledger.pots} do not add up to {n} x {o.chips}")
    if state.barred is not None and type(state.barred) is not Suit:
        raise ValueError(f"barred suit {state.barred!r} is not a suit")
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not sorted: {cards_text(held)}")
    if HIDDEN not in state.dead and state.dead != sorted_cards(state.dead):
        raise ValueError("the extra hand is not sorted")
    check_zones("michigan", state, ZONES, PACK)
    _check_phase(state)


def next_up(card: Card) -> Card | None:
    """The card that continues a sequence after `card`: the next higher of its suit, None
    after the ace (the ace always stops)."""
    return _NEXT[card.index]


def ante_splits(amount: int) -> tuple[tuple[int, ...], ...]:
    """Every way to put `amount` chips on the four boodle cards, most on AH first (then KC,
    QD, JS): the ante moves' order."""
    return _splits(amount)


def deal_positions(dealer: int, players: int) -> tuple[int, ...]:
    """The places dealt to, in order: the extra hand (shown as `players`) first, then each
    seat clockwise from the dealer's left, the dealer last."""
    return (players, *((dealer + i) % players for i in range(1, players + 1)))


def dead_hand_size(players: int) -> int:
    """Cards in the extra hand: it is dealt first, so it gets one of any odd cards."""
    return -(-len(PACK) // (players + 1))


def hands_in_match(options: Options, players: int) -> int:
    """How many hands a full match has: the deal goes round the table `rounds` times."""
    return options.rounds * players


# Phase helpers -------------------------------------------------------------------------------


def _start_hand(
    state: State | None,
    options: Options,
    number: int,
    dealer: int,
    ledger: Ledger,
    stock: tuple[Card, ...],
    rng: Rng,
    events: tuple[Event, ...],
) -> State:
    """Hand `number` starts with the antes. Hand 1's shuffled pack waits in the stock; later,
    the last hand's cards stay where they lie (`state`) until the deal gathers and shuffles
    them, so the cards its last move showed stay in view."""
    n = len(ledger.counts)
    first = (dealer + 1) % n
    said = (*events, Event(EventKind.NOTE, numbers=(number,), label="ante for hand"), _TO_PLAY_EVENTS[first])
    if state is None:
        empty = ((),) * n
        return _BUILD(options, number, rng, None, Phase.ANTE, dealer, first, None, stock, empty, (), (), ledger, said)
    return _BUILD(
        options, number, rng, None, Phase.ANTE, dealer, first, None, (), state.hands, state.dead, state.played,
        ledger, said,
    )  # fmt: skip


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view
    seat = state.turn
    if only is not None and only != seat:
        return ()
    phase = state.phase
    if phase is Phase.PLAY:
        plays = _PLAYS[seat]
        barred = state.barred
        moves: list[Move] = []
        suit = None
        held = state.hands[seat]
        for card in held:
            if card.suit is not suit:
                suit = card.suit
                if suit is not barred:
                    moves.append(plays[card.index])
        if not moves and held:
            # Only the barred suit in hand: play never leads here (the lead passes on), but a
            # position dealt afresh by `shuffle_unseen` may; the stopped suit is then led.
            moves.append(plays[held[0].index])
        return tuple(moves)
    if phase is Phase.ANTE:
        return _ante_moves(seat, min(state.options.ante, state.ledger.counts[seat]))
    return ()


@cache
def _splits(amount: int) -> tuple[tuple[int, ...], ...]:
    found: list[tuple[int, ...]] = []
    for a in range(amount, -1, -1):
        for b in range(amount - a, -1, -1):
            for c in range(amount - a - b, -1, -1):
                found.append((a, b, c, amount - a - b - c))
    return tuple(found)


@cache
def _ante_moves(seat: int, amount: int) -> tuple[Move, ...]:
    return tuple(Ante(seat, split) for split in _splits(amount))


def _ante_events(move: Ante) -> tuple[Event, ...]:
    return (Event(EventKind.PAYS, player=move.player, numbers=move.stakes, label="antes on AH KC QD JS"),)


def _apply(state: State, move: Move) -> State:
    if type(move) is PlayCard:
        return _apply_lead(state, move)
    assert isinstance(move, Ante)
    return _apply_ante(state, move)


def _apply_ante(state: State, move: Ante) -> State:
    seat = move.player
    ledger = state.ledger
    stakes = move.stakes
    counts = list(ledger.counts)
    counts[seat] -= sum(stakes)
    ledger = Ledger(tuple(counts), ledger.out, tuple(map(operator.add, ledger.pots, stakes)), False)
    events = _ANTE_EVENTS[seat].get(stakes) or _ante_events(move)
    if seat != state.dealer:
        nxt = (seat + 1) % len(counts)
        events = (*events, _TO_PLAY_EVENTS[nxt])
        return _BUILD(
            state.options, state.hand, state.rng, None, Phase.ANTE, state.dealer, nxt, None, state.stock,
            state.hands, state.dead, state.played, ledger, events,
        )  # fmt: skip
    return _deal(state, ledger, events)


def _deal(state: State, ledger: Ledger, events: tuple[Event, ...]) -> State:
    """Deals the stock one card at a time from the extra hand round to the dealer."""
    n = len(state.hands)
    places = deal_positions(state.dealer, n)
    rng = state.rng
    stock = state.stock
    if not stock:  # after hand 1: the cards of the last hand are gathered and shuffled
        if rng is None:
            raise ValueError("cannot deal in a view")
        stock, rng = rng.shuffled(PACK)
    where = [-1] * CARD_INDICES  # card index -> place dealt to
    for i, card in enumerate(stock):
        where[card.index] = places[i % (n + 1)]
    piles: list[list[Card]] = [[] for _ in range(n + 1)]
    for card in _SORTED_PACK:  # each pile comes out sorted
        piles[where[card.index]].append(card)
    hands = tuple(map(tuple, piles[:n]))
    leader = (state.dealer + 1) % n
    events = (*events, Event(EventKind.DEALS, player=state.dealer, numbers=(state.hand,)), _LEAD_EVENTS[leader])
    after = _BUILD(
        state.options, state.hand, rng, None, Phase.PLAY, state.dealer, leader, None, (), hands,
        tuple(piles[n]), (), ledger, events,
    )  # fmt: skip
    _SET_HOLDERS(after, tuple(-1 if place == n else place for place in where))
    return after


def _apply_lead(state: State, move: PlayCard) -> State:
    """Plays the lead and the sequence that follows it, to the stop or to a seat going out."""
    hands = list(state.hands)
    where = list(state.holders)
    ledger = state.ledger
    events: list[Event] = []
    played = list(state.played)
    seat = move.player
    card: Card | None = move.card
    last, top = seat, move.card
    while card is not None and seat >= 0:
        at = card.index
        events.append(_PLAY_EVENTS[seat][at])
        played.append(card)
        where[at] = -1
        held = hands[seat] = without(hands[seat], card)
        pot = _POT[at]
        if pot >= 0 and ledger.pots[pot]:
            won = ledger.pots[pot]
            ledger = ledger.collect(pot, seat)
            events.append(Event(EventKind.WINS, player=seat, cards=(card,), numbers=(won,), label="the boodle"))
        last, top = seat, card
        if not held:
            return _go_out(state, tuple(hands), tuple(played), ledger, last, events)
        card = _NEXT[at]
        seat = -1 if card is None else where[card.index]
    # The stop: the last player leads a new suit, or passes the lead on to the left.
    barred: Suit | None = top.suit
    n = len(hands)
    leader = last
    events.append(_STOP_EVENTS[last][top.index])
    for _ in range(n):
        held = hands[leader]
        if held[0].suit is not barred or held[-1].suit is not barred:
            break
        events.append(_PASS_EVENTS[leader])
        leader = (leader + 1) % n
    else:
        leader, barred = last, None  # every card left is of the stopped suit
        events.append(Event(EventKind.NOTE, label="only the stopped suit is left"))
    events.append(_LEAD_EVENTS[leader])
    after = _BUILD(
        state.options, state.hand, state.rng, None, Phase.PLAY, state.dealer, leader, barred, (), tuple(hands),
        state.dead, tuple(played), ledger, tuple(events),
    )  # fmt: skip
    _SET_HOLDERS(after, tuple(where))
    _SET_LEGAL(after, _state_legal(after))  # read at once: cheaper filled than on a first read
    return after


def _go_out(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    played: tuple[Card, ...],
    ledger: Ledger,
    winner: int,
    events: list[Event],
) -> State:
    """The first seat out collects a chip per card from every other seat (as far as each has
    chips); then the next hand is set up, or the match ends."""
    n = len(hands)
    events.append(Event(EventKind.GOES_OUT, player=winner))
    gained = [0] * n
    counts = list(ledger.counts)
    for seat, held in enumerate(hands):
        if seat != winner:
            paid = min(len(held), counts[seat])  # as Ledger.pay: never more than a seat holds
            counts[seat] -= paid
            gained[seat] = -paid
            gained[winner] += paid
    counts[winner] += gained[winner]
    ledger = Ledger(tuple(counts), ledger.out, ledger.pots, False)
    events.append(Event(EventKind.HAND_SCORED, numbers=tuple(gained)))
    o = state.options
    if state.hand < hands_in_match(o, n) and min(ledger.counts) > 0:
        if state.rng is None:
            raise ValueError("cannot deal the next hand in a view")
        laid = _BUILD(
            o, state.hand, state.rng, None, Phase.PLAY, state.dealer, winner, None, (), hands, state.dead, played,
            ledger, (),
        )  # fmt: skip
        return _start_hand(laid, o, state.hand + 1, (state.dealer + 1) % n, ledger, (), state.rng, tuple(events))
    if min(ledger.counts) == 0:
        broke = tuple(s for s, c in enumerate(ledger.counts) if c == 0)
        events.append(Event(EventKind.NOTE, numbers=broke, label="out of chips:"))
    over = _BUILD(
        o, state.hand, state.rng, None, Phase.OVER, state.dealer, winner, None, (), hands, state.dead, played,
        ledger, (),
    )  # fmt: skip
    events.append(Event(EventKind.GAME_OVER, numbers=tuple(sorted(winners(over)))))
    return attrs.evolve(over, events=tuple(events))


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds (computed on first read: `apply` carries facts it reads)."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State)
"""`State(...)` positionally, every field in order, for the hot path."""
_SET_HOLDERS: Final[Callable[[State, tuple[int, ...]], None]] = cached_setter(State, "holders")
_SET_LEGAL: Final = cached_setter(State, "legal")
"""Fills a new state's `holders` (its slot) with the table `apply` already has."""

_NEXT_AT: list[Card | None] = [None] * CARD_INDICES
for _suit in Suit:
    _run = [interned(Card(_rank, _suit)) for _rank in ORDER.ranks]
    for _low, _high in zip(_run, _run[1:]):
        _NEXT_AT[_low.index] = _high
_NEXT: Final = tuple(_NEXT_AT)
"""`_NEXT[card.index]`: the next higher card of its suit (None after the ace)."""
_POT_AT = [-1] * CARD_INDICES
for _pot, _boodle in enumerate(BOODLES):
    _POT_AT[_boodle.index] = _pot
_POT: Final = tuple(_POT_AT)
"""`_POT[card.index]`: the boodle pot the card pays (-1: none)."""
del _suit, _run, _low, _high, _pot, _boodle

_PLAYS: Final = seat_card_table(PlayCard, max(PLAYERS), PACK)
_PLAY_EVENTS: Final = seat_card_table(lambda s, c: Event(EventKind.PLAYS, player=s, cards=(c,)), max(PLAYERS), PACK)
_STOP_EVENTS: Final = seat_card_table(
    lambda s, c: Event(EventKind.NOTE, player=s, cards=(c,), label="stop after"), max(PLAYERS), PACK
)
_TO_PLAY_EVENTS: Final = tuple(Event(EventKind.TO_PLAY, player=s) for s in range(max(PLAYERS)))
_SORTED_PACK: Final = sorted_cards(PACK)
_ANTE_EVENTS: Final = tuple(
    {split: _ante_events(Ante(seat, split)) for amount in range(Options().ante + 1) for split in _splits(amount)}
    for seat in range(max(PLAYERS))
)
"""The event of each ante up to the default, by seat and split (prebuilt, as the moves are;
larger antes build theirs when made)."""
_PASS_EVENTS: Final = tuple(Event(EventKind.PASSES, player=s, label="has no new suit") for s in range(max(PLAYERS)))
_LEAD_EVENTS: Final = tuple(Event(EventKind.LEADS, player=s) for s in range(max(PLAYERS)))


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.ANTE:
        if move.player != state.turn:
            return f"seat {state.turn} antes now, not seat {move.player}"
        if not isinstance(move, Ante):
            return "the cards are dealt after every seat has anted"
        amount = min(state.options.ante, state.ledger.counts[move.player])
        return f"the ante is {amount} chips on AH KC QD JS as four whole numbers of at least 0"
    if move.player != state.turn:
        return f"seat {state.turn} leads now; the rest of a sequence plays itself"
    if not isinstance(move, PlayCard):
        return "the antes are in; the seat to play leads a card"
    held = state.hands[move.player]
    card = move.card
    if card not in held:
        return f"seat {move.player} does not hold {card}"
    if card.suit is state.barred:
        return f"{card.suit} just stopped: lead a new suit"
    lowest = next(c for c in held if c.suit is card.suit)
    return f"a lead is the lowest card of its suit: {lowest}"


def _parse_suit(state: State, text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    """Reads "lead H" or "play hearts" as the lead of the lowest card of that suit."""
    seat, body = split_seat(text, player)
    words = normalize(body).split()
    if len(words) != 2 or words[0] not in ("play", "lead"):
        return None
    try:
        suit = Suit.parse(words[1])
    except ValueError:
        return None
    for move in legal:
        if isinstance(move, PlayCard) and move.card.suit is suit and (seat is None or move.player == seat):
            return move
    return None


def _check_phase(state: State) -> None:
    n = len(state.hands)
    counts = [len(h) for h in state.hands]
    if state.barred is not None and state.phase is not Phase.PLAY:
        raise ValueError("a suit is barred only during play")
    if state.phase is Phase.ANTE and state.hand == 1:
        if any(counts) or state.dead or state.played:
            raise ValueError("before the first deal no cards are held, out or played")
        if len(state.stock) != len(PACK):
            raise ValueError("before the first deal the whole pack is in the stock")
        return
    if state.stock:
        raise ValueError("the stock holds cards only before the first deal")
    if len(state.dead) != dead_hand_size(n):
        raise ValueError(f"the extra hand holds {len(state.dead)} cards, not {dead_hand_size(n)}")
    if state.phase is Phase.PLAY:
        if not all(counts):
            raise ValueError("play goes on only while every seat holds cards")
    elif state.phase is Phase.ANTE:
        if counts.count(0) != 1:
            raise ValueError("before a later deal the last hand's cards lie as it ended: one seat out of cards")
    elif counts[state.turn] or counts.count(0) != 1:
        raise ValueError("the match ends with exactly one seat, the last on turn, out of cards")


# Text picture --------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand (of how many) and dealer; the chips on each boodle card; what happens now (who
    antes, who leads and which suit is barred, or the result); once dealt, the cards played so
    far by suit; then one line per seat with its chips and (once dealt) its cards, a visible
    hand by suit, and the extra hand's size.
    """
    n = len(state.hands)
    total = hands_in_match(state.options, n)
    lines = [f"Michigan, hand {state.hand} of {total}, dealer seat {state.dealer}"]
    spots = ", ".join(f"{card} {chips}" for card, chips in zip(BOODLES, state.ledger.pots))
    lines.append(f"boodle cards: {spots}")
    if state.phase is Phase.ANTE:
        amount = min(state.options.ante, state.ledger.counts[state.turn])
        lines.append(f"seat {state.turn} to ante {amount} chips over AH KC QD JS (the deal follows the antes)")
    elif state.phase is Phase.PLAY:
        rule = "any suit" if state.barred is None else f"any suit but {state.barred} (just stopped)"
        lines.append(f"seat {state.turn} to lead the lowest card of {rule}")
    else:
        best = sorted(winners(state))
        lines.append(f"match over: seat {state.turn} went out; winners: {', '.join(map(str, best))}")
    dealing = state.phase is Phase.ANTE
    if state.played and not dealing:
        runs = []
        for suit in Suit:
            cards = [c for c in state.played if c.suit is suit]
            if cards:
                runs.append(" ".join(map(str, sorted_cards(cards))))
        lines.append("played: " + " | ".join(runs))
    for seat in range(n):
        held = state.hands[seat]
        mark = "*" if seat == state.turn and state.phase is not Phase.OVER else " "
        line = f"{mark} seat {seat}: {state.ledger.counts[seat]} chips"
        if not dealing:
            line += f", {len(held)} cards"
            if held and HIDDEN not in held:
                line += f": {by_suit(held)}"
        lines.append(line)
    if state.dead and not dealing:
        lines.append(f"  extra hand: {len(state.dead)} cards, face down")
    return "\n".join(lines)


# Registration --------------------------------------------------------------------------------


def _max_plies() -> int:
    """Each hand: one ante per seat, then at most one lead per card held (a lead plays at
    least one card); the default match has one hand per seat."""
    return max(n * (n + len(PACK) - dead_hand_size(n)) for n in PLAYERS)


GAME: Final = GameSpec[State, Move, Options](
    name="michigan",
    title="Michigan",
    family="shedding",
    summary="Stake chips on four boodle cards, then play up the suits in runs; the first out collects.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("book", Options.book()),),
    quick=Options(chips=20),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=_max_plies(),
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
