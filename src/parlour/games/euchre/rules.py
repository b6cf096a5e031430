"""Euchre play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`, which throws in a No Ace-No Face deal at once), trump is made through
core's two-round auction (`_apply_call`: ordering up, naming, going alone, stick the dealer),
the dealer picks up and discards (`_apply_discard`), the defenders may choose to defend alone
(`_apply_defend`, an option), the five tricks are played (`_apply_play`) and the hand is scored
(`_finish_hand`), which ends the game or deals the next hand. The play loop is the hot path:
legal moves are cached on the state, moves and events are prebuilt objects read from tables
indexed by `Card.index`, auctions are values shared between deals, and states are built with
`builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core import tricks
from parlour.core.auction import (
    AllPass,
    Auction,
    AuctionKind,
    AuctionRules,
    Bid,
    Contract,
    Ladder,
    Name,
    OrderUp as CallOrderUp,
    Pass as CallPass,
    Strain,
    legal_calls,
    make_legal_call,
    new_auction,
    result,
    why_illegal as why_call_illegal,
)
from parlour.core.cards import CARD_INDICES, SUITS, Card, Suit, seat_card_table, sorted_cards
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at, seats_from
from parlour.core.tricks import Trick
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, zone_shuffle, zone_view

from .options import (
    _SUIT_WORD,
    HAND_SIZE,
    LOW_RANKS,
    ORDER,
    PACK,
    PLAYERS,
    Options,
    hand_points,
)
from .tables import _POWER, _SUIT_OF, _SUIT_TABLE

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class Pass:
    """Decline: to order up (round one), to name a suit (round two), or to defend alone."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class OrderUp:
    """Round one: make the turned card's suit trump (the dealer picks the card up), perhaps alone."""

    player: int
    alone: bool = False

    def __str__(self) -> str:
        return "order up alone" if self.alone else "order up"


@attrs.frozen
class NameTrump:
    """Round two: name a suit other than the turned-down one as trump, perhaps alone."""

    player: int
    suit: Suit
    alone: bool = False

    def __str__(self) -> str:
        return f"name {self.suit}" + (" alone" if self.alone else "")


@attrs.frozen
class Discard:
    """The dealer, having picked up the turned card, discards one card face down."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class DefendAlone:
    """Option `lone_defender`: a defender plays the hand alone; the partner sits out."""

    player: int

    def __str__(self) -> str:
        return "defend alone"


@attrs.frozen
class PlayCard:
    """Play a card to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = Pass | OrderUp | NameTrump | Discard | DefendAlone | PlayCard
MOVE_TYPES: Final = (Pass, OrderUp, NameTrump, Discard, DefendAlone, PlayCard)
"""The classes of Euchre moves; `apply` refuses anything else."""


class Phase(enum.Enum):
    """What the table is doing."""

    CALL = 0
    """Making trump: the two rounds of ordering up and naming (core's two-round auction)."""
    DISCARD = 1
    """The dealer, who picked up the turned card, discards one card."""
    DEFEND = 2
    """Option `lone_defender`: the defenders in turn choose whether to defend alone."""
    PLAY = 3
    OVER = 4


_CALL, _DISCARD, _DEFEND, _PLAY, _OVER = Phase.CALL, Phase.DISCARD, Phase.DEFEND, Phase.PLAY, Phase.OVER

# Hot-path tables: moves, events and calls prebuilt per seat (and card, suit, alone).
_PLAY_MOVES: Final = seat_card_table(PlayCard, 4, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, 4, PACK)
_DISCARDS: Final = seat_card_table(Discard, 4, PACK)
_PASSES: Final = tuple(Pass(s) for s in range(4))
_ORDERS: Final = tuple((OrderUp(s, False), OrderUp(s, True)) for s in range(4))
_NAMES: Final = tuple(tuple((NameTrump(s, suit, False), NameTrump(s, suit, True)) for suit in SUITS) for s in range(4))
_DEFENDS: Final = tuple(DefendAlone(s) for s in range(4))
_LEADS: Final = tuple(Trick(s) for s in range(4))
_TURNS_UP: Final = seat_card_table(lambda s, c: Event(EventKind.TURNS_UP, player=s, cards=(c,)), 4, PACK)
_SITS_OUT: Final = tuple(Event(EventKind.NOTE, label=f"seat {s} sits out: its partner plays alone") for s in range(4))
_DEAD_DEALER: Final = tuple(
    Event(EventKind.NOTE, label=f"seat {s} (the dealer) sits out and does not pick up the turned card")
    for s in range(4)
)
_LEADS_EVENTS: Final = tuple(Event(EventKind.LEADS, player=s) for s in range(4))
_TAKES_EVENTS: Final = seat_card_table(
    lambda s, c: Event(EventKind.TAKES, player=s, cards=(c,), label="the turned card"), 4, PACK
)
_DISCARD_EVENTS: Final = seat_card_table(
    lambda s, c: Event(EventKind.DISCARDS, player=s, cards=(c,), private=True), 4, PACK
)
_THROWN_IN: Final = Event(EventKind.NOTE, label="every seat passed twice: the hands are thrown in")
_NO_WON: Final[tuple[tuple[Card, ...], ...]] = ((),) * 4
_DISPLAY: Final = sorted_cards(PACK)
"""The pack in display order (by suit, ace high)."""
_PACK_PLACES: Final = tuple(_DISPLAY.index(c) for c in PACK)
"""`PACK` as places in `_DISPLAY`: shuffling it deals the very cards shuffling `PACK` would, and
sorting a hand's places sorts the hand."""
_PLACE: Final = tuple(
    next((i for i, c in enumerate(_DISPLAY) if c.index == k), len(_DISPLAY)) for k in range(CARD_INDICES)
)
"""Each card's place in `_DISPLAY`, by `Card.index` (past the end for cards outside the pack)."""
_LOW_PLACES: Final = frozenset(i for i, c in enumerate(_DISPLAY) if c.rank in LOW_RANKS)
"""The display places of the nines and tens (No Ace-No Face)."""
_BIDS: Final = tuple(Bid(strain=Strain(suit.letter)) for suit in SUITS)
"""The auction's bid for each suit (its notation is the suit letter)."""
_TURNED: Final[dict[Suit | None, Bid]] = dict(zip(SUITS, _BIDS))
"""The bid ordering up accepts, by the turned card's suit."""
LADDER: Final = Ladder.of(*_BIDS)
"""The suits a round-two call may name, clubs first (the order `legal_moves` lists them)."""
_CALL_PASSES: Final = tuple(CallPass(s) for s in range(4))
_CALL_ORDERS: Final = tuple((CallOrderUp(s, False), CallOrderUp(s, True)) for s in range(4))
_CALL_NAMES: Final = tuple(tuple((Name(s, bid, False), Name(s, bid, True)) for bid in _BIDS) for s in range(4))


def _auction_rules(options: Options) -> AuctionRules:
    """The two-round auction these options play (going alone, the dealer's partner, stick the dealer)."""
    return AuctionRules(
        kind=AuctionKind.TWO_ROUNDS,
        all_pass=AllPass.DEALER_FORCED if options.stick_the_dealer else AllPass.REDEAL,
        sides=2,
        alone=options.alone,
        dealer_partner_alone=options.dealer_partner_alone and options.alone,
    )


# ---------------------------------------------------------------------------------------------
# State


@attrs.frozen(kw_only=True)
class Making:
    """Trump as made: the suit, the maker, and who plays alone (and so who sits out)."""

    trump: Suit
    maker: int
    """The seat that ordered up or named trump."""
    alone: bool = False
    """The maker goes alone."""
    lone_defender: int | None = None
    """Option `lone_defender`: the defender who defends alone, if any."""
    defend_passes: int = 0
    """How many defenders declined to defend alone (0-2)."""
    out: tuple[int, ...] = ()
    """The seats sitting out this hand, in seat order (partners of lone players)."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Euchre position. Hands are sorted for display (by printed suit, ace high)."""

    options: Options
    hand: int
    """The number of the current deal (thrown-in deals count)."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    upcard: tuple[Card, ...]
    """The turned card while it lies on the kitty (face up, or turned down in round two; seen by
    all either way); empty once the dealer has picked it up."""
    kitty: tuple[Card, ...]
    """The three undealt cards, face down."""
    discard: tuple[Card, ...]
    """The dealer's discard after picking up (seen by the dealer alone)."""
    auction: Auction
    """The making of trump (core's two-round auction)."""
    making: Making | None
    """Trump as made (None while the calling goes on)."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat took this hand."""
    points: tuple[int, int]
    """Each side's score: seats 0 and 2, then seats 1 and 3."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)

    @property
    def trump(self) -> Suit | None:
        """The trump suit (None before it is made)."""
        return None if self.making is None else self.making.trump

    @property
    def maker(self) -> int | None:
        """The seat that made trump (None before it is made)."""
        return None if self.making is None else self.making.maker

    @property
    def out(self) -> tuple[int, ...]:
        """The seats sitting out this hand."""
        return () if self.making is None else self.making.out


_DEFAULTS: Final = Options()


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the hot path: every field in order, positionally."""


def _discard_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """The dealer's discard is seen by the dealer alone."""
    assert isinstance(state, State)
    return viewer is not None and viewer == state.dealer


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("upcard", Seen.EVERYONE),
    Zone("kitty", Seen.NOBODY),
    Zone("discard", _discard_seen),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Where the cards lie: hands seen by their owner, the turned card by everyone, the kitty by
nobody, the dealer's discard by the dealer, the trick and the tricks taken by everyone."""


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
    """A new game: the first hand dealt (from `deck`, top card first, if given), ready for calls."""
    options = require_options("euchre", _DEFAULTS if options is None else options, Options)
    require_players("euchre", players, PLAYERS, 4)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(4)
    else:
        check_seat("dealer=", dealer, 4)
    places = None if deck is None else tuple(_DISPLAY.index(c) for c in fixed_deck(deck, PACK))
    return _deal(options, 1, dealer, places, rng, (0, 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (one seat acts at a time): calls in the auction's
    order (pass, order up, order up alone; pass, then each suit clubs first, each before its
    alone form), discards and plays in hand order, pass before defend alone. On a view, the
    viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, 4, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat that may move now (none once the game is over)."""
    seat = _seat_to_act(state)
    return frozenset() if seat is None else frozenset((seat,))


def is_over(state: State) -> bool:
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's side's points (seats 0 and 2 share one score, 1 and 3 the other)."""
    a, b = state.points
    return (a, b, a, b)


def winners(state: State) -> frozenset[int]:
    """The two seats of the side that reached the target, once the game is over."""
    if state.phase is not _OVER:
        return frozenset()
    side = 0 if state.points[0] >= state.options.target_score else 1
    return frozenset((side, side + 2))


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands, the kitty and (but for the dealer)
    the dealer's discard hidden."""
    check_viewer(state, player, 4)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads the notation of a legal move ("pass", "order up alone", "name H", "discard 9C",
    "defend alone", "play JD"), also with a suit or card written out ("name hearts",
    "play jack of diamonds"), of seat `player` or of a "2: ..." prefix."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        loose = _lenient(body)
        if loose is None or loose == normalize(body):
            raise
        return parse_by_matching(loose if seat is None else f"{seat}: {loose}", legal, player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _no_ace_no_face(held: Sequence[Card]) -> bool:
    """No Ace-No Face: the hand holds only nines and tens."""
    return bool(held) and all(c.rank in LOW_RANKS for c in held)


def _first_leader(dealer: int, out: tuple[int, ...]) -> int:
    """The seat on the dealer's left, or the next seat in rotation that plays."""
    seat = (dealer + 1) % 4
    while seat in out:
        seat = (seat + 1) % 4
    return seat


def _defenders(dealer: int, maker: int) -> tuple[int, ...]:
    """The maker's opponents in turn from the dealer's left."""
    return tuple(s for s in seats_from((dealer + 1) % 4, 4) if s % 2 != maker % 2)


def _out_of(making: Making) -> tuple[int, ...]:
    """The seats sitting out: the partner of a lone maker and of a lone defender."""
    out = []
    if making.alone:
        out.append((making.maker + 2) % 4)
    if making.lone_defender is not None:
        out.append((making.lone_defender + 2) % 4)
    return tuple(sorted(out))


def _seat_to_act(state: State) -> int | None:
    phase = state.phase
    if phase is _PLAY:
        return _next_seat(state)
    if phase is _CALL:
        return state.auction.turn
    if phase is _DISCARD:
        return state.dealer
    if phase is _DEFEND:
        making = state.making
        assert making is not None
        return _defenders(state.dealer, making.maker)[making.defend_passes]
    return None


def _next_seat(state: State) -> int:
    """The seat due to play to the trick in progress (its leader when it is empty)."""
    trick = state.trick
    if not trick.seats:
        return trick.leader
    seat = (trick.seats[-1] + 1) % 4
    making = state.making
    assert making is not None
    out = making.out
    while seat in out:
        seat = (seat + 1) % 4
    return seat


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    places: Sequence[int] | None,
    rng: Rng,
    points: tuple[int, int],
    events: tuple[Event, ...],
) -> State:
    """Deals hand number `hand` from a deck given as display places (see `_PACK_PLACES`), else
    from a shuffle, and opens the calling. A hand of only nines and tens (No Ace-No Face) throws
    the deal in and the next dealer deals."""
    dealt = 4 * HAND_SIZE
    display = _DISPLAY
    while True:
        if places is None:
            places, rng = rng.shuffled(_PACK_PLACES)
        # One card at a time clockwise from the dealer's left: the k-th seat from the dealer's
        # left gets cards k, k + 4, ...; then the turn-up, then the kitty. Sorting a hand's
        # places sorts the hand.
        by_order = [tuple([display[p] for p in sorted(places[k:dealt:4])]) for k in range(4)]
        hands = tuple(by_order[(s - dealer - 1) % 4] for s in range(4))
        upcard = display[places[dealt]]
        events = (*events, _deals_event(dealer, hand), _TURNS_UP[dealer][upcard.index])
        if not options.no_ace_no_face:
            break
        low = _LOW_PLACES
        if not any(low.issuperset(places[k:dealt:4]) for k in range(4)):
            break
        dead = [s for s in seats_from((dealer + 1) % 4, 4) if _no_ace_no_face(hands[s])]
        events = (
            *events,
            Event(EventKind.REVEALS, player=dead[0], cards=hands[dead[0]], label="no ace, no face"),
            Event(EventKind.NOTE, label="no ace, no face: the hands are thrown in and the deal passes left"),
        )
        hand, dealer, places = hand + 1, (dealer + 1) % 4, None
    o = options
    auction = _fresh_auction(o.stick_the_dealer, o.alone, o.dealer_partner_alone, dealer, upcard.suit)
    kitty = tuple([display[p] for p in places[dealt + 1 :]])
    return _BUILD(
        options, hand, rng, None, events, _CALL, dealer, hands, (upcard,), kitty, (), auction,
        None, _LEADS[(dealer + 1) % 4], _NO_WON, points,
    )  # fmt: skip


@functools.lru_cache(maxsize=1024)
def _deals_event(dealer: int, hand: int) -> Event:
    return Event(EventKind.DEALS, player=dealer, numbers=(hand,))


@functools.lru_cache(maxsize=256)
def _fresh_auction(stick: bool, alone: bool, partner_alone: bool, dealer: int, suit: Suit | None) -> Auction:
    """A deal's auction before any call (a value: one serves every deal alike), for the options
    that shape it."""
    options = Options(stick_the_dealer=stick, alone=alone, dealer_partner_alone=partner_alone)
    return new_auction(_auction_rules(options), LADDER, players=4, dealer=dealer, turned=_TURNED[suit])


def _after_call(auction: Auction, call: CallPass | CallOrderUp | Name) -> tuple[Auction, Making | None]:
    """The auction after a legal call, and trump as made once the auction is over with a
    contract (None while it goes on, or when all passed)."""
    after = make_legal_call(auction, call)
    if after.turn is not None:
        return after, None
    outcome = result(after)
    if not isinstance(outcome, Contract):
        return after, None
    strain = outcome.bid.strain
    assert strain is not None and strain.suit is not None
    return after, _making(strain.suit, outcome.declarer, outcome.alone)


@functools.lru_cache(maxsize=16384)
def _call_moves(auction: Auction) -> tuple[Move, ...]:
    """The auction's legal calls as the game's moves."""
    return tuple(_wrap(call) for call in legal_calls(auction))


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        seat = _next_seat(state)
        if only is not None and only != seat:
            return ()
        hand = state.hands[seat]
        trick = state.trick
        plays = _PLAY_MOVES[seat]
        if not trick.cards:
            return tuple([plays[c.index] for c in hand])
        making = state.making
        assert making is not None
        # Follow the effective suit led if able (the left bower is a trump), else play anything.
        suit = _SUIT_TABLE[making.trump]
        led = suit[trick.cards[0].index]
        follow = [plays[c.index] for c in hand if suit[c.index] is led]
        return tuple(follow) if follow else tuple([plays[c.index] for c in hand])
    actor = _seat_to_act(state)
    if actor is None or (only is not None and only != actor):
        return ()
    seat = actor
    if phase is _CALL:
        return _call_moves(state.auction)
    if phase is _DISCARD:
        # The dealer's five cards and the turned card, in hand order.
        row = _DISCARDS[seat]
        upcard = state.upcard
        held = _with_card(state.hands[seat], upcard[0]) if state.options.discard_upcard else state.hands[seat]
        return tuple([row[c.index] for c in held])
    return (_PASSES[seat], _DEFENDS[seat])


def _with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """A sorted hand with `card` added in its place (the dealer picking up the turned card)."""
    place = _PLACE
    at = place[card.index]
    i = sum(1 for c in hand if place[c.index] < at)
    return (*hand[:i], card, *hand[i:])


@functools.lru_cache(maxsize=256)
def _call_events(move: Pass | OrderUp | NameTrump) -> tuple[Event, ...]:
    return (Event(EventKind.BIDS, player=move.player, label=str(move)),)


@functools.lru_cache(maxsize=256)
def _names_event(maker: int, trump: Suit, alone: bool) -> Event:
    return Event(EventKind.NAMES_TRUMP, player=maker, label=str(trump) + (" alone" if alone else ""))


def _wrap(call: object) -> Move:
    """The game's move for an auction call."""
    if isinstance(call, CallPass):
        return _PASSES[call.player]
    if isinstance(call, CallOrderUp):
        return _ORDERS[call.player][call.alone]
    assert isinstance(call, Name) and call.bid.strain is not None
    suit = call.bid.strain.suit
    assert suit is not None
    return _NAMES[call.player][suit][call.alone]


def _unwrap(move: Pass | OrderUp | NameTrump) -> CallPass | CallOrderUp | Name:
    """The auction call a legal call move makes."""
    if isinstance(move, Pass):
        return _CALL_PASSES[move.player]
    if isinstance(move, OrderUp):
        return _CALL_ORDERS[move.player][move.alone]
    return _CALL_NAMES[move.player][move.suit][move.alone]


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < 4:
        return f"seat {seat!r} is not at this table of 4"
    phase = state.phase
    due = _seat_to_act(state)
    if isinstance(move, (OrderUp, NameTrump)) or (isinstance(move, Pass) and phase is _CALL):
        if phase is not _CALL:
            return f"trump is already made ({state.trump}, by seat {state.maker})"
        if isinstance(move, Pass):
            return why_call_illegal(state.auction, CallPass(seat))
        if type(move.alone) is not bool:
            return f"alone is True or False, not {move.alone!r}"
        if isinstance(move, OrderUp):
            return why_call_illegal(state.auction, CallOrderUp(seat, move.alone))
        if not isinstance(move.suit, Suit):
            return f"{move.suit!r} is not a suit"
        return why_call_illegal(state.auction, Name(seat, _BIDS[move.suit], move.alone))
    if isinstance(move, (Pass, DefendAlone)):
        if phase is _DEFEND:
            return f"it is seat {due}'s turn to choose whether to defend alone"
        if isinstance(move, Pass):
            return f"trump is already made ({state.trump}, by seat {state.maker}): there is no call to pass"
        if not state.options.lone_defender:
            return "defending alone is not allowed (option lone_defender)"
        return "the defenders choose whether to defend alone once trump is made and the dealer has discarded"
    card = move.card
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if isinstance(move, Discard):
        if phase is not _DISCARD:
            return "only the dealer discards, after the turned card is ordered up"
        if seat != state.dealer:
            return f"only the dealer (seat {state.dealer}) discards"
        if card in state.upcard:
            return f"the dealer may not discard the turned card {card} (option discard_upcard)"
        return f"seat {seat} does not hold {card}"
    if phase is not _PLAY:
        return {
            _CALL: "trump is not made yet",
            _DISCARD: f"the dealer (seat {state.dealer}) must first discard",
            _DEFEND: "the defenders must first choose whether to defend alone",
        }.get(phase, "no card is played now")
    if seat in state.out:
        return f"seat {seat} sits out this hand: its partner plays alone"
    if seat != due:
        return f"it is seat {due}'s turn to play"
    hand = state.hands[seat]
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    trump = state.trump
    assert trump is not None
    suit_of = _SUIT_OF[trump]
    led = suit_of(state.trick.cards[0])
    assert led is not None
    word = _SUIT_WORD[led]
    reason = f"must follow suit: holds a {word}"
    if suit_of(card) is not card.suit:
        return f"{reason}; {card} is the left bower, a {_SUIT_WORD[trump]}"
    left = [c for c in hand if suit_of(c) is led and c.suit is not led]
    if left:
        return f"{reason} (the left bower {left[0]} is a {word})"
    return reason


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    if isinstance(move, Discard):
        return _apply_discard(state, move)
    if state.phase is _DEFEND:
        assert isinstance(move, (Pass, DefendAlone))
        return _apply_defend(state, move)
    assert isinstance(move, (Pass, OrderUp, NameTrump))
    return _apply_call(state, move)


def _apply_call(state: State, move: Pass | OrderUp | NameTrump) -> State:
    auction, making = _after_call(state.auction, _unwrap(move))
    events: tuple[Event, ...] = _call_events(move)
    o, dealer = state.options, state.dealer
    if auction.turn is not None:
        return _BUILD(
            o, state.hand, state.rng, None, events, _CALL, dealer, state.hands, state.upcard, state.kitty, (),
            auction, None, state.trick, state.won, state.points,
        )  # fmt: skip
    if making is None:
        # All passed twice: the hand is thrown in and the deal passes to the left.
        events += (_THROWN_IN,)
        rng = state.rng
        assert rng is not None
        return _deal(o, state.hand + 1, (dealer + 1) % 4, None, rng, state.points, events)
    maker, alone = making.maker, making.alone
    events += (_names_event(maker, making.trump, alone),)
    if isinstance(move, OrderUp):
        if not (alone and maker == (dealer + 2) % 4):
            # The dealer picks up the turned card and discards one card (the next move).
            return _BUILD(
                o, state.hand, state.rng, None, events, _DISCARD, dealer, state.hands, state.upcard, state.kitty,
                (), auction, making, state.trick, state.won, state.points,
            )  # fmt: skip
        # The dealer's partner goes alone: the dealer's hand is dead and the card stays put.
        events += (_DEAD_DEALER[dealer],)
    return _made(state, events, state.hands, state.upcard, (), auction, making)


@functools.lru_cache(maxsize=64)
def _making(trump: Suit, maker: int, alone: bool) -> Making:
    """Trump as a call makes it (a value: one serves every hand alike)."""
    return Making(trump=trump, maker=maker, alone=alone, out=((maker + 2) % 4,) if alone else ())


def _apply_discard(state: State, move: Discard) -> State:
    seat, card = move.player, move.card
    upcard = state.upcard
    hand = tuple([c for c in _with_card(state.hands[seat], upcard[0]) if c is not card])
    events = (_TAKES_EVENTS[seat][upcard[0].index], _DISCARD_EVENTS[seat][card.index])
    hands = replace_at(state.hands, seat, hand)
    making = state.making
    assert making is not None
    return _made(state, events, hands, (), (card,), state.auction, making)


def _made(
    state: State,
    events: tuple[Event, ...],
    hands: tuple[tuple[Card, ...], ...],
    upcard: tuple[Card, ...],
    discard: tuple[Card, ...],
    auction: Auction,
    making: Making,
) -> State:
    """Once trump is made (and the dealer has discarded): the defenders' choice, or the play."""
    o, dealer = state.options, state.dealer
    if o.lone_defender:
        return _BUILD(
            o, state.hand, state.rng, None, events, _DEFEND, dealer, hands, upcard, state.kitty, discard,
            auction, making, state.trick, state.won, state.points,
        )  # fmt: skip
    leader = _first_leader(dealer, making.out)
    events = (*events, *[_SITS_OUT[s] for s in making.out], _LEADS_EVENTS[leader])
    return _BUILD(
        o, state.hand, state.rng, None, events, _PLAY, dealer, hands, upcard, state.kitty, discard,
        auction, making, _LEADS[leader], state.won, state.points,
    )  # fmt: skip


def _apply_defend(state: State, move: Pass | DefendAlone) -> State:
    seat = move.player
    making = state.making
    assert making is not None
    if isinstance(move, DefendAlone):
        events = (Event(EventKind.CHOOSES, player=seat, label="defend alone"),)
        chosen = attrs.evolve(making, lone_defender=seat)
        return _start_play(state, attrs.evolve(chosen, out=_out_of(chosen)), events)
    events = (Event(EventKind.CHOOSES, player=seat, label="defend with partner"),)
    passes = making.defend_passes + 1
    if passes < 2:
        return attrs.evolve(state, making=attrs.evolve(making, defend_passes=passes), events=events)
    return _start_play(state, attrs.evolve(making, defend_passes=passes), events)


def _start_play(state: State, making: Making, events: tuple[Event, ...]) -> State:
    """The first trick: led from the dealer's left, or the next seat that plays."""
    leader = _first_leader(state.dealer, making.out)
    events = (*events, *[_SITS_OUT[s] for s in making.out], _LEADS_EVENTS[leader])
    return attrs.evolve(state, phase=_PLAY, making=making, trick=_LEADS[leader], events=events)


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    held = state.hands[seat]
    i = held.index(card)
    hands = replace_at(state.hands, seat, held[:i] + held[i + 1 :])
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    making = state.making
    assert making is not None
    if len(trick.cards) < 4 - len(making.out):
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.upcard,
            state.kitty, state.discard, state.auction, making, trick, state.won, state.points,
        )  # fmt: skip
    # The trick is complete: the highest trump (bowers first), else the highest of the suit led.
    trump = making.trump
    winner = tricks.trick_winner(trick, order=ORDER, trump=trump, suit_of=_SUIT_OF[trump], power=_POWER[trump])
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=trick.cards))
    won = replace_at(state.won, winner, state.won[winner] + trick.cards)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.upcard,
        state.kitty, state.discard, state.auction, making, _LEADS[winner], won, state.points,
    )  # fmt: skip
    return _finish_hand(after) if not hands[winner] else after


# ---------------------------------------------------------------------------------------------
# Scoring


def _tricks_of(state: State) -> tuple[int, ...]:
    """The tricks each seat took this hand."""
    n = 4 - len(state.out)
    return tuple(len(w) // n for w in state.won)


def _finish_hand(state: State) -> State:
    """Scores the hand; ends the game or deals the next hand."""
    making = state.making
    assert making is not None
    taken = _tricks_of(state)
    side = making.maker % 2
    made, defended = hand_points(taken[side] + taken[side + 2], alone=making.alone,
                                 lone_defender=making.lone_defender is not None)  # fmt: skip
    gained = [0, 0]
    gained[side], gained[1 - side] = made, defended
    points = (state.points[0] + gained[0], state.points[1] + gained[1])
    events = (*state.events, Event(EventKind.HAND_SCORED, numbers=(gained[0], gained[1], gained[0], gained[1])))
    target = state.options.target_score
    if max(points) >= target:
        best = 0 if points[0] >= target else 1
        events = (*events, Event(EventKind.GAME_OVER, numbers=(best, best + 2)))
        return attrs.evolve(state, phase=_OVER, points=points, events=events)
    rng = state.rng
    assert rng is not None
    return _deal(state.options, state.hand + 1, (state.dealer + 1) % 4, None, rng, points, events)


# ---------------------------------------------------------------------------------------------
# Lenient notation

_RANK_WORDS: Final = {"9": "9", "10": "10", "t": "10", "j": "J", "q": "Q", "k": "K", "a": "A",
                      "nine": "9", "ten": "10", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}  # fmt: skip
_SUIT_WORDS: Final = {
    **{letter: letter.upper() for letter in "cdhs"},
    **{word: word[0].upper() for word in ("club", "diamond", "heart", "spade")},
    **{word + "s": word[0].upper() for word in ("club", "diamond", "heart", "spade")},
}


def _lenient(body: str) -> str | None:
    """The canonical notation of loosely written text ("name hearts", "play jack of diamonds",
    "order up, alone"), or None."""
    words = normalize(body).replace(",", " ").split()
    if len(words) >= 2 and words[0] == "name" and words[1] in _SUIT_WORDS:
        return " ".join(["name", _SUIT_WORDS[words[1]], *words[2:]])
    if len(words) >= 2 and words[0] in ("play", "discard"):
        rest = [w for w in words[1:] if w != "of"]
        if len(rest) == 2 and rest[0] in _RANK_WORDS and rest[1] in _SUIT_WORDS:
            return f"{words[0]} {_RANK_WORDS[rest[0]]}{_SUIT_WORDS[rest[1]]}"
    if words[:2] == ["order", "up"]:
        return " ".join(words)
    return None
