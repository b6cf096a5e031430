"""Oh Hell! play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`: the cards, the turn-up, the opening of the bidding), bid (in turn
through core's once-around auction, `_apply_bid`, or blind and all at once in Metzker's first
hand, `_apply_blind`), played out trick by trick (`_apply_play`) and scored (`_finish_hand`),
which ends the game after the last hand or deals the next. The play loop is the hot path:
legal moves are cached on the state (`State.legal`), moves and events are prebuilt objects
read from tables indexed by seat and `Card.index`, and states are built with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.auction import Auction, Bid, BidCall, Ladder, check_auction, legal_calls, make_legal_call, new_auction
from parlour.core.cards import ACE_HIGH, CARD_INDICES, Card, Suit, seat_card_table, sorted_cards
from parlour.core.deck import fixed_deck
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders, replace_at, seats_from
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.oh_hell.options import (
    _SUIT_WORD,
    AUCTION_RULES,
    HIDDEN_BID,
    MAX_SIZE,
    PACK,
    PLAYERS,
    Options,
    Schedule,
    _point_range,
    hand_count,
    hand_sizes,
    hook_applies,
    is_blind,
    peak_size,
    score_bid,
)

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class BidTricks:
    """Bid the number of tricks one means to take this hand."""

    player: int
    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"


@attrs.frozen
class PlayCard:
    """Play a card to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = BidTricks | PlayCard
MOVE_TYPES: Final = (BidTricks, PlayCard)
"""The classes of Oh Hell moves; `apply` refuses anything else."""

_SEATS: Final = max(PLAYERS)
_PLAY_MOVES: Final = seat_card_table(PlayCard, _SEATS, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, _SEATS, PACK)
_BID_MOVES: Final = tuple(tuple(BidTricks(s, k) for k in range(MAX_SIZE + 1)) for s in range(_SEATS))
"""`_BID_MOVES[seat][tricks]`: every bid move, built once."""
_BIDS: Final = tuple(Bid(k) for k in range(MAX_SIZE + 1))
_CALLS: Final = tuple(tuple(BidCall(s, bid) for bid in _BIDS) for s in range(_SEATS))
"""`_CALLS[seat][tricks]`: the auction call each bid move makes."""
_BID_EVENTS: Final = tuple(
    tuple((Event(EventKind.BIDS, player=s, label=str(k)),) for k in range(MAX_SIZE + 1)) for s in range(_SEATS)
)
_BLIND_EVENTS: Final = tuple((Event(EventKind.BIDS, player=s, label="hidden"),) for s in range(_SEATS))
"""A blind bid as everyone hears of it: that the seat has bid, not what."""
_LADDERS: Final = tuple(Ladder.of(*range(k + 1)) for k in range(MAX_SIZE + 1))
"""`_LADDERS[size]`: the bids 0..size of a hand of that size."""
_LEADS: Final = tuple(Trick(s) for s in range(_SEATS))
_TURNS_UP: Final = seat_card_table(lambda s, c: Event(EventKind.TURNS_UP, player=s, cards=(c,)), _SEATS, PACK)
_NO_TRUMP: Final = Event(EventKind.NOTE, label="no card is left to turn up: no trump this hand")
_DISPLAY: Final = sorted_cards(PACK)
"""The pack in display order (by suit, ace high): a deal shuffles places in it, so that sorting
a hand is sorting small ints."""
_PLACE: Final = tuple(next((i for i, c in enumerate(_DISPLAY) if c.index == k), -1) for k in range(CARD_INDICES))
"""Each card's place in `_DISPLAY`, by `Card.index`."""
_PACK_PLACES: Final = tuple(_PLACE[c.index] for c in PACK)
"""`PACK` as places: shuffling it deals the very cards shuffling `PACK` would, as places."""


@functools.lru_cache(maxsize=1024)
def _deals_event(dealer: int, hand: int) -> Event:
    return Event(EventKind.DEALS, player=dealer, numbers=(hand,))


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    """What the table is doing."""

    BLIND = 0
    """Every seat chooses its bid at once, unseen (Metzker's first hand)."""
    BID = 1
    """The seats bid in turn from the dealer's left (core's once-around auction)."""
    PLAY = 2
    OVER = 3


_BLIND, _BID, _PLAY, _OVER = Phase.BLIND, Phase.BID, Phase.PLAY, Phase.OVER


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """An Oh Hell position. Hands are sorted; `won` holds the cards of each seat's tricks."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    size: int
    """Cards dealt to each seat this hand (the number of tricks)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """The undealt cards under the turn-up, face down."""
    turn_up: Card | None
    """The card turned up after the deal, whose suit is trump; None when no card was left."""
    auction: Auction | None
    """The hand's bidding in turn (None in a blind hand)."""
    blind: tuple[int | None, ...]
    """A blind hand's bids by seat (None: not yet chosen; `HIDDEN_BID` in another seat's view
    until all have bid); empty in a hand bid in turn."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat took this hand."""
    scores: tuple[int, ...]

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


_DEFAULTS: Final = Options()


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the hot path: every field in order, positionally."""
ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("turn_up", Seen.EVERYONE),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Where the cards lie: hands seen by their owner, the stock by nobody, the turn-up, the trick
in progress and the tricks taken by everyone."""


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
    """A new game with the first hand dealt (from `deck`, top card first, if given)."""
    options = require_options("oh_hell", _DEFAULTS if options is None else options, Options)
    n = require_players("oh_hell", players, PLAYERS, 4)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    cards = None if deck is None else fixed_deck(deck, PACK)
    return _deal(options, n, 1, dealer, cards, rng, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s: blind bids by seat then amount, bids in turn by
    amount, plays in hand order. On a view, the viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seats that may move now (every seat still to bid blind, else one seat)."""
    phase = state.phase
    if phase is _PLAY:
        return frozenset((_next_seat(state),))
    if phase is _BID:
        assert state.auction is not None and state.auction.turn is not None
        return frozenset((state.auction.turn,))
    if phase is _BLIND:
        return frozenset(s for s, b in enumerate(state.blind) if b is None)
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Running totals (higher is better)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seats with the highest total once the game is over (ties share the win)."""
    if state.phase is not _OVER:
        return frozenset()
    return leaders(state.scores)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands, the stock and others' blind bids hidden."""
    check_viewer(state, player, len(state.hands))
    seen = zone_view(state, player, ZONES)
    if state.phase is _BLIND:
        hidden = tuple(b if b is None or s == player else HIDDEN_BID for s, b in enumerate(state.blind))
        seen = attrs.evolve(seen, blind=hidden)
    return seen


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "bid 2" or "play QS" (of seat `player`, or the seat of a "1: bid 2" prefix). While
    several seats bid blind, the text must say whose bid it is."""
    return parse_by_matching(text, legal_moves(state), player)


def bids(state: State) -> tuple[int | None, ...]:
    """Each seat's bid this hand (None: not yet bid; `HIDDEN_BID`: a blind bid a view hides)."""
    auction = state.auction
    if auction is None:
        return state.blind
    return tuple(None if b is None else b.amount for b in auction.bids)


def tricks_taken(state: State) -> tuple[int, ...]:
    """The tricks each seat has taken this hand."""
    n = len(state.hands)
    return tuple(len(pile) // n for pile in state.won)


def trump(state: State) -> Suit | None:
    """The trump suit of the hand: the turn-up's suit, or None when no card was left to turn."""
    return None if state.turn_up is None else state.turn_up.suit


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"{n} hands, but Oh Hell is played by {PLAYERS[0]} to {PLAYERS[-1]}")
    if state.rng is not None:
        Rng.check(state.rng)
    viewer = state.viewer
    if viewer is not None:
        check_seat("viewer", viewer, n)
    for name, row in (("won", state.won), ("scores", state.scores)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    check_seat("dealer", state.dealer, n)
    count, top, size, hand = hand_count(o, n), peak_size(o, n), state.size, state.hand
    if not 1 <= hand <= count:
        raise ValueError(f"hand number {hand} is not 1..{count}")
    if o.schedule is Schedule.RANDOM:
        if not 1 <= size <= top:
            raise ValueError(f"a hand of {size} cards, not 1..{top}")
    elif size != hand_sizes(o, n)[hand - 1]:
        raise ValueError(f"hand {hand} deals {hand_sizes(o, n)[hand - 1]} cards, not {size}")
    trick = state.trick
    check_seat("trick leader", trick.leader, n)
    if trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    if len(trick.cards) >= n:
        raise ValueError("the trick in progress holds a card from every seat")
    check_zones("oh_hell", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    left = len(PACK) - n * size
    if (state.turn_up is None) != (left == 0) or len(state.stock) != max(left - 1, 0):
        raise ValueError(f"{left} cards are left after the deal: the next is turned up, the rest are the stock")
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // n
    if not 0 <= done <= size:
        raise ValueError(f"{done} tricks done in a hand of {size}")
    if done == 0 and trick.leader != (state.dealer + 1) % n:
        raise ValueError(f"seat {(state.dealer + 1) % n}, left of the dealer, leads the first trick")
    for s in range(n):
        expect = size - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    _check_bidding(state, n)
    phase = state.phase
    if phase in (_BLIND, _BID) and (done or trick.cards):
        raise ValueError("no card is played before every seat has bid")
    if phase is _OVER:
        if done != size or hand != count:
            raise ValueError(f"the game ends after the last trick of hand {count}")
    elif done == size:
        raise ValueError("every trick is played but the hand was not scored")
    _check_scores(state, n)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places, and the
    blind bids it cannot see chosen afresh."""
    shuffled = zone_shuffle(state, player, seed, ZONES)
    if state.phase is not _BLIND:
        return shuffled
    rng, fresh = Rng(seed), []
    for s, b in enumerate(state.blind):
        if b is not None and b != HIDDEN_BID and s != player:
            b, rng = rng.below(state.size + 1)
        fresh.append(b)
    return attrs.evolve(shuffled, blind=tuple(fresh))


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _next_seat(state: State) -> int:
    """The seat due to play to the trick in progress (its leader when it is empty)."""
    trick = state.trick
    return (trick.leader + len(trick.cards)) % len(state.hands)


def _deal(
    options: Options,
    n: int,
    hand: int,
    dealer: int,
    cards: tuple[Card, ...] | None,
    rng: Rng,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand number `hand` (from `cards`, top first, or a fresh shuffle), turns up the next
    card for trump if one is left, and opens the bidding."""
    if options.schedule is Schedule.RANDOM:
        size, rng = rng.below(peak_size(options, n))
        size += 1
    else:
        size = hand_sizes(options, n)[hand - 1]
    if cards is None:
        places, rng = rng.shuffled(_PACK_PLACES)
    else:
        places = tuple([_PLACE[c.index] for c in cards])
    # One card at a time clockwise from the dealer's left: the k-th seat from the dealer's left
    # gets cards k, k + n, k + 2n, ...; the next card is turned up, the rest is the stock.
    # Sorting a hand's places sorts the hand.
    dealt, shown = n * size, _DISPLAY
    order = [tuple([shown[p] for p in sorted(places[k:dealt:n])]) for k in range(n)]
    hands = tuple([order[(s - dealer - 1) % n] for s in range(n)])
    turn_up = shown[places[dealt]] if dealt < len(places) else None
    stock = tuple([shown[p] for p in places[dealt + 1 :]])
    if turn_up is None:
        events = (*events, _deals_event(dealer, hand), _NO_TRUMP)
    else:
        events = (*events, _deals_event(dealer, hand), _TURNS_UP[dealer][turn_up.index])
    if is_blind(options, hand):
        auction, blind, phase = None, (None,) * n, _BLIND
    else:
        auction = _opening(size, n, dealer, hook_applies(options, hand))
        blind, phase = (), _BID
    empty = ((),) * n
    return _BUILD(
        options, hand, rng, None, events, phase, dealer, size, hands, stock, turn_up,
        auction, blind, _LEADS[(dealer + 1) % n], empty, totals,
    )  # fmt: skip


@functools.lru_cache(maxsize=1024)
def _opening(size: int, n: int, dealer: int, hook: bool) -> Auction:
    """The bidding of a hand before any bid: a value, so one serves every hand alike."""
    forbidden = size if hook else None
    return new_auction(AUCTION_RULES, _LADDERS[size], players=n, dealer=dealer, forbidden_total=forbidden)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        trick, hands = state.trick, state.hands
        played = trick.cards
        seat = (trick.leader + len(played)) % len(hands)
        if only is not None and only != seat:
            return ()
        hand = hands[seat]
        # Must follow suit if able; a void hand plays anything.
        cards = legal_follow(hand, played[0].suit) if played else hand
        row = _PLAY_MOVES[seat]
        return tuple([row[c.index] for c in cards])
    if phase is _BID:
        auction = state.auction
        assert auction is not None
        turn = auction.turn
        if turn is None or (only is not None and only != turn):
            return ()
        # Any number of tricks, except that the dealer may not make the total (the hook).
        bid_row = _BID_MOVES[turn]
        return tuple([bid_row[call.bid.amount or 0] for call in legal_calls(auction) if isinstance(call, BidCall)])
    if phase is _BLIND:
        # Every seat that has not bid chooses at once, any number of tricks, no hook.
        top = state.size + 1
        if only is not None:
            return _BID_MOVES[only][:top] if state.blind[only] is None else ()
        return tuple([m for s, b in enumerate(state.blind) if b is None for m in _BID_MOVES[s][:top]])
    return ()


def _why_illegal(state: State, move: Move) -> str:
    n = len(state.hands)
    seat, phase = move.player, state.phase
    if type(seat) is not int or not 0 <= seat < n:
        return f"seat {seat!r} is not at this table of {n}"
    if isinstance(move, BidTricks):
        if phase in (_PLAY, _OVER):
            return "the bidding is over: every seat has bid this hand"
        tricks = move.tricks
        if type(tricks) is not int or not 0 <= tricks <= state.size:
            return f"a bid is a number of tricks from 0 to {state.size}"
        if phase is _BLIND:
            return f"seat {seat} has already bid this hand"
        auction = state.auction
        assert auction is not None
        if seat != auction.turn:
            return f"it is seat {auction.turn}'s turn to bid"
        total = sum(b or 0 for b in bids(state)) + tricks
        return (
            f"the dealer may not make the bids total {total}, the number of tricks (the hook): "
            "the hand must be over- or underbid"
        )
    if phase in (_BLIND, _BID):
        return "every seat must bid before the first card is played"
    due = _next_seat(state)
    if seat != due:
        return f"it is seat {due}'s turn to play"
    card = move.card
    hand = state.hands[due]
    if not isinstance(card, Card) or card not in hand:
        return f"seat {due} does not hold {card}"
    led = state.trick.cards[0].suit if state.trick.cards else None
    word = _SUIT_WORD[led] if led is not None else "card"
    return f"must follow suit: holds a {word}"


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    if state.phase is _BLIND:
        return _apply_blind(state, move)
    return _apply_bid(state, move)


def _apply_bid(state: State, move: BidTricks) -> State:
    seat = move.player
    assert state.auction is not None
    auction = make_legal_call(state.auction, _CALLS[seat][move.tricks])
    phase = _BID if auction.turn is not None else _PLAY
    return _BUILD(
        state.options, state.hand, state.rng, None, _BID_EVENTS[seat][move.tricks], phase, state.dealer, state.size,
        state.hands, state.stock, state.turn_up, auction, state.blind, state.trick, state.won, state.scores,
    )  # fmt: skip


def _apply_blind(state: State, move: BidTricks) -> State:
    seat = move.player
    blind = replace_at(state.blind, seat, move.tricks)
    events: tuple[Event, ...] = _BLIND_EVENTS[seat]
    phase = _BLIND
    if None not in blind:
        # Every seat has bid: the bids are shown together, and the play begins.
        n = len(blind)
        shown = tuple(_BID_EVENTS[s][blind[s] or 0][0] for s in seats_from((state.dealer + 1) % n, n))
        events, phase = (*events, *shown), _PLAY
    return _BUILD(
        state.options, state.hand, state.rng, None, events, phase, state.dealer, state.size, state.hands,
        state.stock, state.turn_up, state.auction, blind, state.trick, state.won, state.scores,
    )  # fmt: skip


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    held = state.hands[seat]
    rest = tuple([c for c in held if c is not card])
    if len(rest) == len(held):  # a card equal to the move's but not the pack's own object
        rest = tuple([c for c in held if c != card])
    hands = replace_at(state.hands, seat, rest)
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    n = len(hands)
    if len(cards) < n:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, state.size, hands, state.stock,
            state.turn_up, state.auction, state.blind, trick, state.won, state.scores,
        )  # fmt: skip
    # The trick is complete: the highest trump, else the highest card of the suit led, wins it.
    turn_up = state.turn_up
    winner = trick_winner(trick, order=ACE_HIGH, trump=None if turn_up is None else turn_up.suit)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, state.size, hands, state.stock,
        turn_up, state.auction, state.blind, _LEADS[winner], replace_at(state.won, winner, state.won[winner] + cards),
        state.scores,
    )  # fmt: skip
    return _finish_hand(after) if not hands[winner] else after


def _finish_hand(state: State) -> State:
    """Scores the hand; ends the game after the last hand, else deals the next."""
    o = state.options
    n = len(state.hands)
    taken = tricks_taken(state)
    points = tuple(score_bid(o, b or 0, t) for b, t in zip(bids(state), taken))
    totals = tuple(a + b for a, b in zip(state.scores, points))
    events = (*state.events, Event(EventKind.HAND_SCORED, numbers=points))
    if state.hand >= hand_count(o, n):
        best = max(totals)
        events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(s for s, v in enumerate(totals) if v == best)))
        return attrs.evolve(state, events=events, phase=_OVER, scores=totals)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    return _deal(o, n, state.hand + 1, (state.dealer + 1) % n, None, rng, totals, events)


def _check_bidding(state: State, n: int) -> None:
    """The bids fit the phase: a blind hand's bids or the hand's auction, checked call by call."""
    o, phase, size, auction = state.options, state.phase, state.size, state.auction
    if is_blind(o, state.hand):
        if auction is not None or len(state.blind) != n:
            raise ValueError("a blind hand has one blind bid per seat and no auction")
        for s, b in enumerate(state.blind):
            hidden = state.rng is None and s != state.viewer and phase is _BLIND
            if b is None:
                if phase is not _BLIND:
                    raise ValueError(f"seat {s} has not bid, but the bidding is over")
            elif type(b) is not int or not (0 <= b <= size or (hidden and b == HIDDEN_BID)):
                raise ValueError(f"seat {s}'s blind bid {b!r} is not a number of tricks 0..{size}")
            elif hidden != (b == HIDDEN_BID):
                raise ValueError(f"a view hides exactly the blind bids of other seats, not seat {s}'s")
        if phase is _BLIND and None not in state.blind:
            raise ValueError("every seat has bid blind but the bids were not shown")
        if phase is _BID:
            raise ValueError("a blind hand is not bid in turn")
        return
    if auction is None or state.blind != ():
        raise ValueError("a hand bid in turn has its auction and no blind bids")
    forbidden = size if hook_applies(o, state.hand) else None
    setup = (auction.rules, auction.ladder, auction.players, auction.dealer, auction.order, auction.forbidden_total)
    expected = (AUCTION_RULES, _LADDERS[size], n, state.dealer, seats_from((state.dealer + 1) % n, n), forbidden)
    if setup != expected or auction.turned is not None:
        raise ValueError("the auction is not the once-around bidding of this hand, dealer last")
    check_auction(auction)
    if (phase is _BID) != (auction.turn is not None) or phase is _BLIND:
        raise ValueError(f"the auction is {'over' if auction.turn is None else 'going on'} in the {phase.name} phase")


def _check_scores(state: State, n: int) -> None:
    """Each total lies within what the hands scored so far could give."""
    o = state.options
    scored = state.hand if state.phase is _OVER else state.hand - 1
    if o.schedule is Schedule.RANDOM:
        sizes: tuple[int, ...] = (peak_size(o, n),) * scored
    else:
        sizes = hand_sizes(o, n)[:scored]
    low = sum(_point_range(o, k)[0] for k in sizes)
    high = sum(_point_range(o, k)[1] for k in sizes)
    for s, total in enumerate(state.scores):
        if type(total) is not int or not low <= total <= high:
            raise ValueError(f"seat {s}'s total {total!r} is not within {low}..{high} after {scored} hands")


