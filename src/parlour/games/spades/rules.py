"""Spades play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), bid once around from the dealer's left (`_apply`, on core's auction;
a seat that has not picked up its cards first chooses ``bid double nil`` or ``look``), played out
trick by trick (`_apply_play`) and scored (`_finish_hand`), which ends the game or deals the
next hand. The play loop is the hot path: legal moves are cached on the state (`State.legal`),
play moves and events are prebuilt per seat and card, and states are built with
`builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.auction import Auction, Bid, BidCall, check_auction, make_call, new_auction
from parlour.core.cards import ACE_HIGH, HIDDEN, Card, Suit, seat_card_table, sorted_cards
from parlour.core.deck import deal, fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.tricks import Trick, legal_follow, legal_leads, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

from .options import (
    _DEFAULTS,
    AUCTION_RULES,
    DOUBLE_NIL,
    HAND_BOUND,
    HAND_SIZE,
    NIL,
    NUMBER_BIDS,
    PACK,
    PLAYERS,
    TEAMS,
    TRUMP,
    Options,
    ladder,
    may_double_nil,
)
from .scoring import bag_penalty, game_result, score_hand

# ---------------------------------------------------------------------------------------------
# Phases


class Phase(enum.Enum):
    """What the table is doing: bidding, playing tricks, or done."""

    BID = 0
    PLAY = 1
    OVER = 2


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class Look:
    """Pick up one's cards, giving up Double Nil for this hand."""

    player: int

    def __str__(self) -> str:
        return "look"


@attrs.frozen
class MakeBid:
    """Bid a number of tricks, nil, or (before looking) double nil."""

    player: int
    bid: Bid

    def __str__(self) -> str:
        return f"bid {self.bid}"


@attrs.frozen
class PlayCard:
    """Play a card to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = Look | MakeBid | PlayCard
MOVE_TYPES: Final = (Look, MakeBid, PlayCard)
"""The classes of Spades moves; `apply` refuses anything else."""

_BID, _PLAY, _OVER = Phase.BID, Phase.PLAY, Phase.OVER
_PLAY_MOVES: Final = seat_card_table(PlayCard, 4, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, 4, PACK)
_LOOKS: Final = tuple(Look(s) for s in range(4))
_ALL_BIDS: Final = (DOUBLE_NIL, NIL, *NUMBER_BIDS)
_BID_MOVES: Final = tuple({bid: MakeBid(s, bid) for bid in _ALL_BIDS} for s in range(4))
"""`_BID_MOVES[seat][bid]`: the bid moves, prebuilt (the bidding lists them every turn)."""
_BID_EVENTS: Final = tuple(
    {bid: (Event(EventKind.BIDS, player=s, label=str(bid)),) for bid in _ALL_BIDS} for s in range(4)
)
_LEADS: Final = tuple(Trick(s) for s in range(4))


# ---------------------------------------------------------------------------------------------
# State


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Spades position. Scores and bags are per side (index 0: seats 0 and 2)."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    looked: tuple[bool, ...]
    """By seat: the seat holds its cards (it said look, bid double nil, or double nil was not
    open to it); until then its hand is hidden from it too."""
    auction: Auction
    """This hand's bidding (once around from the dealer's left)."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """Cards of the tricks each seat took this hand."""
    broken: bool
    """A spade has been played to a completed trick this hand."""
    team_scores: tuple[int, ...]
    bags: tuple[int, ...]
    """Each side's bags not yet penalised."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: the seat to act's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})


def _hand_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """A hand is seen by its owner once the owner has picked it up."""
    assert isinstance(state, State)
    return viewer is not None and viewer == owner and state.looked[owner]


ZONES: Final = (
    Zone("hands", _hand_seen, by_seat=True, sort=sorted_cards),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Each hand seen by its owner once picked up; the trick and the tricks taken by everyone."""


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
    """A new game: the first hand dealt (from `deck`, top card first, if given), bidding open."""
    options = require_options("spades", _DEFAULTS if options is None else options, Options)
    n = require_players("spades", players, PLAYERS, 4)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    if deck is None:
        cards, rng = rng.shuffled(PACK)
    else:
        cards = fixed_deck(deck, PACK)
    return _deal(options, 1, dealer, cards, rng, (0, 0), (0, 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The moves of the seat to act (or of seat `player`). Before looking: ``bid double nil``
    then ``look``; after: ``bid nil`` then 1 to 13; in play the allowed cards in hand order."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat to bid or play (nobody once the game is over)."""
    if state.phase is _PLAY:
        return frozenset((_next_seat(state),))
    if state.phase is _BID and state.auction.turn is not None:
        return frozenset((state.auction.turn,))
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's side's score."""
    t = state.team_scores
    return (t[0], t[1], t[0], t[1])


def winners(state: State) -> frozenset[int]:
    """The two seats of the winning side once the game is over."""
    if state.phase is not _OVER:
        return frozenset()
    side = game_result(state.team_scores, state.options)
    return frozenset() if side is None else frozenset(TEAMS[side])


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands hidden, and its own until it looks."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "look", "bid 4", "bid nil", "bid double nil" and "play QS"; also a bare bid ("4",
    "nil"), "blind nil" for double nil, and a card alone ("QS") for a play."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = normalize(body)
        if words.startswith("bid "):
            words = words[4:]
        if words.startswith("play "):
            words = words[5:]
        words = {"blind nil": "double nil", "dnil": "double nil", "blind": "double nil"}.get(words, words)
        for m in legal:
            if (seat is None or m.player == seat) and normalize(str(m)).split(" ", 1)[1:] == [words]:
                return m
        raise


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Spades reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be spades Options")
    n = len(state.hands)
    if n != 4:
        raise ValueError(f"spades is played by 4 players, not {n}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    rows = (
        ("looked", state.looked, n), ("won", state.won, n), ("team_scores", state.team_scores, 2), ("bags", state.bags, 2),
    )  # fmt: skip
    for name, row, size in rows:
        if len(row) != size:
            raise ValueError(f"{name} has {len(row)} entries, not {size}")
    check_seat("dealer", state.dealer, n)
    trick = state.trick
    check_seat("trick leader", trick.leader, n)
    if len(trick.cards) >= n or trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    check_zones("spades", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if HIDDEN not in held and held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // n
    if not 0 <= done <= HAND_SIZE:
        raise ValueError(f"{done} tricks done in a hand of {HAND_SIZE}")
    for s in range(n):
        expect = HAND_SIZE - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    if state.broken != any(c.suit is TRUMP for w in state.won for c in w):
        raise ValueError("broken does not match the spades played to completed tricks")
    for side in (0, 1):
        if state.bags[side] < 0 or (o.bag_limit and state.bags[side] >= o.bag_limit):
            raise ValueError(f"side {side} holds {state.bags[side]} bags, outside 0..{max(o.bag_limit - 1, 0)} or more")
    scored = state.hand if state.phase is _OVER else state.hand - 1
    bound = scored * (HAND_BOUND + o.bag_penalty * (HAND_SIZE + 1))
    if any(abs(v) > bound for v in state.team_scores):
        raise ValueError(f"scores {state.team_scores} are impossible after {scored} hands")
    if not o.bag_limit and sum(state.bags) > scored * HAND_SIZE:
        raise ValueError(f"bags {state.bags} are impossible after {scored} hands")
    _check_auction(state)
    ended = game_result(state.team_scores, o) is not None
    if state.phase is _OVER:
        if not ended or done != HAND_SIZE:
            raise ValueError("the game is over only after a last hand that decided it")
    elif ended:
        raise ValueError("a side has won but the game goes on")
    elif done == HAND_SIZE:
        raise ValueError("every trick is played but the hand was not scored")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    cards: Sequence[Card],
    rng: Rng,
    totals: tuple[int, ...],
    bags: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand `hand` one card at a time clockwise from the dealer's left and opens the bidding."""
    dealt, _ = deal(cards, players=4, first=(dealer + 1) % 4, each=HAND_SIZE)
    hands = tuple(sorted_cards(h) for h in dealt)
    looked = tuple(not may_double_nil(options, totals, s) for s in range(4))
    auction = new_auction(AUCTION_RULES, ladder(options), players=4, dealer=dealer)
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(hand,)))
    return _BUILD(
        options, hand, rng, None, events, _BID, dealer, hands, looked, auction, _LEADS[(dealer + 1) % 4],
        ((),) * 4, False, totals, bags,
    )  # fmt: skip


def _next_seat(state: State) -> int:
    trick = state.trick
    return (trick.leader + len(trick.cards)) % 4


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of the seat to act, or () when `only` names another seat."""
    phase = state.phase
    if phase is _PLAY:
        trick = state.trick
        played = trick.cards
        seat = (trick.leader + len(played)) % 4
        if only is not None and only != seat:
            return ()
        hand = state.hands[seat]
        if played:
            cards = legal_follow(hand, played[0].suit)
        elif state.broken or not state.options.spades_broken:
            cards = hand
        else:
            cards = legal_leads(hand, barred=TRUMP)
        row = _PLAY_MOVES[seat]
        return tuple([row[c.index] for c in cards])
    if phase is _BID:
        turn = state.auction.turn
        if turn is None or (only is not None and only != turn):
            return ()
        seat = turn
        if not state.looked[seat]:
            return (_BID_MOVES[seat][DOUBLE_NIL], _LOOKS[seat])
        bid_row = _BID_MOVES[seat]
        return tuple([bid_row[bid] for bid in _open_bids(state, seat)])
    return ()


def _open_bids(state: State, seat: int) -> tuple[Bid, ...]:
    """The bids a seat that has looked may make: nil (if allowed) and 1-13, or fewer under the
    team limit."""
    bids = tuple(b for b in state.auction.ladder.bids if b != DOUBLE_NIL)
    if state.options.team_bid_limit:
        partner = state.auction.bids[(seat + 2) % 4]
        if partner is not None:
            room = HAND_SIZE - (partner.amount or 0)
            bids = tuple(b for b in bids if (b.amount or 0) <= room)
    return bids


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < 4:
        return f"seat {seat!r} is not at this table of 4"
    phase = state.phase
    if phase is _OVER:
        return "the game is over"
    if isinstance(move, (Look, MakeBid)):
        if phase is not _BID:
            return "the bidding is over: cards are played now"
        turn = state.auction.turn
        if seat != turn:
            return f"it is seat {turn}'s turn to bid"
        if isinstance(move, Look):
            return f"seat {seat} has already picked up its cards"
        bid = move.bid
        if bid == DOUBLE_NIL:
            if not state.options.double_nil:
                return "these rules have no double nil"
            if may_double_nil(state.options, state.team_scores, seat):
                return f"double nil is bid before looking at the cards, and seat {seat} has looked"
            return f"double nil is open only to a side at least {state.options.double_nil_behind} points behind"
        if not state.looked[seat]:
            return f"seat {seat} must first bid double nil or look at its cards"
        if bid == NIL and not state.options.nil:
            return "these rules have no nil bid"
        if bid in state.auction.ladder:
            partner = state.auction.bids[(seat + 2) % 4]
            return f"partners may bid at most {HAND_SIZE} together (partner bid {partner})"
        return f"{bid} is not a bid: bid nil or 1 to {HAND_SIZE}"
    if phase is _BID:
        return "every seat must bid before the first card is played"
    due = _next_seat(state)
    if seat != due:
        return f"it is seat {due}'s turn to play"
    card = move.card
    hand = state.hands[due]
    if not isinstance(card, Card) or card not in hand:
        return f"seat {due} does not hold {card}"
    trick = state.trick
    if trick.cards:
        led = trick.cards[0].suit
        return f"must follow suit: holds a {_SUIT_WORD[led] if led is not None else 'card of the suit led'}"
    return "spades are not broken: may not lead a spade while holding another suit"


_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    seat = move.player
    looked = replace_at(state.looked, seat, True)
    if isinstance(move, Look):
        # The seat picks up its cards: the event shows them to that seat alone.
        events: tuple[Event, ...] = (
            Event(EventKind.CHOOSES, player=seat, cards=state.hands[seat], label="look", private=True),
        )
        return attrs.evolve(state, looked=looked, events=events)
    auction = make_call(state.auction, BidCall(seat, move.bid))
    return _BUILD(
        state.options, state.hand, state.rng, None, _BID_EVENTS[seat][move.bid],
        _BID if auction.turn is not None else _PLAY, state.dealer, state.hands, looked, auction, state.trick,
        state.won, state.broken, state.team_scores, state.bags,
    )  # fmt: skip


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    held = state.hands[seat]
    # Dealt cards are the pack's own objects, so the card is found by identity (an equal card
    # built elsewhere falls back to removal by value).
    rest = tuple([c for c in held if c is not card])
    if len(rest) == len(held):
        i = held.index(card)
        rest = held[:i] + held[i + 1 :]
    hands = replace_at(state.hands, seat, rest)
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    if len(cards) < 4:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.looked,
            state.auction, trick, state.won, state.broken, state.team_scores, state.bags,
        )  # fmt: skip
    winner = trick_winner(trick, order=ACE_HIGH, trump=TRUMP)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    broken = state.broken or TRUMP in [c.suit for c in cards]
    won = replace_at(state.won, winner, state.won[winner] + cards)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.looked,
        state.auction, _LEADS[winner], won, broken, state.team_scores, state.bags,
    )  # fmt: skip
    return _finish_hand(after) if not hands[winner] else after


def _finish_hand(state: State) -> State:
    """Scores the hand (bids, nils, bags and their penalty); ends the game or deals the next."""
    o = state.options
    bids = tuple(b if b is not None else Bid(0) for b in state.auction.bids)
    tricks = tuple(len(w) // 4 for w in state.won)
    points, new_bags = score_hand(bids, tricks, o)
    events = list(state.events)
    gained = list(points)
    bags = list(state.bags)
    for side in (0, 1):
        lost, bags[side] = bag_penalty(bags[side] + new_bags[side], o)
        if lost:
            gained[side] -= lost
            events.append(Event(EventKind.SCORES, player=TEAMS[side][0], numbers=(-lost,), label="bag penalty"))
    totals = (state.team_scores[0] + gained[0], state.team_scores[1] + gained[1])
    events.append(Event(EventKind.HAND_SCORED, numbers=(gained[0], gained[1], gained[0], gained[1])))
    winner = game_result(totals, o)
    if winner is not None:
        events.append(Event(EventKind.GAME_OVER, numbers=TEAMS[winner]))
        return attrs.evolve(state, phase=_OVER, team_scores=totals, bags=(bags[0], bags[1]), events=tuple(events))
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    cards, rng = rng.shuffled(PACK)
    return _deal(o, state.hand + 1, (state.dealer + 1) % 4, cards, rng, totals, (bags[0], bags[1]), tuple(events))


def _check_auction(state: State) -> None:
    """The auction belongs to this hand and its options, and agrees with the phase and `looked`."""
    auction, o = state.auction, state.options
    if not isinstance(auction, Auction):
        raise ValueError("auction must be an Auction")
    if auction.rules != AUCTION_RULES or auction.ladder != ladder(o):
        raise ValueError("the auction's rules or bids are not those of these options")
    if auction.players != 4 or auction.dealer != state.dealer or auction.order[:1] != ((state.dealer + 1) % 4,):
        raise ValueError("the auction must be this hand's, from the dealer's left")
    check_auction(auction)
    for i, call in enumerate(auction.calls):
        if not isinstance(call, BidCall):
            raise ValueError(f"auction.calls[{i}] is not a bid")
    # The scores were those of the deal until the hand is scored (the game then ends).
    dealt = state.phase is not _OVER
    for s, bid in enumerate(auction.bids):
        if bid is not None:
            if dealt and bid == DOUBLE_NIL and not may_double_nil(o, state.team_scores, s):
                raise ValueError(f"seat {s} bid double nil, which was not open to it")
            if o.team_bid_limit:
                partner = auction.bids[(s + 2) % 4]
                if partner is not None and (bid.amount or 0) + (partner.amount or 0) > HAND_SIZE:
                    raise ValueError(f"seats {s} and {(s + 2) % 4} bid more than {HAND_SIZE} together")
    for s in range(4):
        seen = (dealt and not may_double_nil(o, state.team_scores, s)) or auction.bids[s] is not None
        if seen and not state.looked[s]:
            raise ValueError(f"seat {s} must hold its cards by now")
        if state.looked[s] and not seen and s != auction.turn:
            raise ValueError(f"seat {s} picks up its cards only on its turn to bid")
    if state.phase is _BID:
        if auction.turn is None:
            raise ValueError("the bidding is over but the phase is still bidding")
        if state.trick.cards or any(state.won):
            raise ValueError("no card is played during the bidding")
        if state.trick.leader != (state.dealer + 1) % 4:
            raise ValueError("the player to the dealer's left leads the first trick")
    elif auction.turn is not None:
        raise ValueError("cards are played only after every seat has bid")
    elif not any(state.won) and state.trick.leader != (state.dealer + 1) % 4:
        raise ValueError("the player to the dealer's left leads the first trick")
