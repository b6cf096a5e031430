"""Bridge play: the moves, the `State`, the public verbs and the phase helpers behind them.

A deal is dealt (`_deal`), bid (`_apply_call`, through core's competitive auction), played out
trick by trick (`_apply_play`, the declarer choosing dummy's cards) and scored (`_end_of_deal`),
which ends the match or deals the next hand. A passed-out deal is thrown in and dealt again at
once. The play loop is the hot path: legal moves are cached on the state (`State.legal`), moves
and events are prebuilt objects read from per-seat tables, and states are built with
`builder(State)`. A call advances core's `Auction` value with `make_legal_call`, since the
call is already known to be legal.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.auction import (
    Auction,
    BidCall,
    Call,
    Contract,
    Double as CallDouble,
    Doubling,
    PassedOut,
    Pass as CallPass,
    Redouble as CallRedouble,
    Strain,
    check_auction,
    make_legal_call,
    new_auction,
    read_call,
    result,
    why_illegal as why_call_illegal,
)
from parlour.core.cards import ACE_HIGH, Card, Suit, seat_card_table, sorted_cards, without
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at, seats_from
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.bridge.options import (
    CHICAGO_DEALS,
    GAME_POINTS,
    HAND_SIZE,
    LADDER,
    LEVELS,
    PACK,
    PLAYERS,
    RUBBER_GAMES,
    SIDES,
    STRAIN_SUIT,
    STRAINS,
    TRICKS,
    Options,
    Scoring,
    auction_rules,
)
from parlour.games.bridge.scoring import Match, honours, is_finished, score_deal, vulnerable

# ---------------------------------------------------------------------------------------------
# Phases


class Phase(enum.Enum):
    """What the table is doing: bidding, playing the tricks, or done."""

    AUCTION = 0
    PLAY = 1
    OVER = 2


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class Pass:
    """Pass: make no bid, double or redouble."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Bid:
    """Bid to take `level` + 6 tricks with `strain` as trump (no trump: NT)."""

    player: int
    level: int
    strain: Strain

    def __str__(self) -> str:
        return f"bid {self.level}{self.strain}"


@attrs.frozen
class Double:
    """Double the opponents' last bid."""

    player: int

    def __str__(self) -> str:
        return "double"


@attrs.frozen
class Redouble:
    """Redouble the opponents' double of one's own side's bid."""

    player: int

    def __str__(self) -> str:
        return "redouble"


@attrs.frozen
class PlayCard:
    """Play a card to the trick: from one's own hand, or (the declarer) from dummy's."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = Pass | Bid | Double | Redouble | PlayCard
MOVE_TYPES: Final = (Pass, Bid, Double, Redouble, PlayCard)
"""The classes of Bridge moves; `apply` refuses anything else."""

# Hot-path tables: every call and card move prebuilt per seat, and the auction call each call
# move makes. Enum members are read once into module constants.
_AUCTION, _PLAY, _OVER = Phase.AUCTION, Phase.PLAY, Phase.OVER
_NONE, _DOUBLED, _REDOUBLED = Doubling.NONE, Doubling.DOUBLED, Doubling.REDOUBLED
_SEATS: Final = range(PLAYERS[0])
_LADDER_BIDS: Final = LADDER.bids
_BID_RANK: Final = {bid: i for i, bid in enumerate(_LADDER_BIDS)}
"""Each ladder bid's place, lowest first (one bid per step)."""
_BID_INDEX: Final = {(bid.amount, bid.strain): i for i, bid in enumerate(_LADDER_BIDS)}
_PASSES: Final = tuple(Pass(s) for s in _SEATS)
_DOUBLES: Final = tuple(Double(s) for s in _SEATS)
_REDOUBLES: Final = tuple(Redouble(s) for s in _SEATS)
_BIDS: Final = tuple(tuple(Bid(s, b.amount or 0, b.strain or Strain.NO_TRUMP) for b in _LADDER_BIDS) for s in _SEATS)
_NO_EXTRA, _MAY_DOUBLE, _MAY_REDOUBLE = 0, 1, 2


def _call_moves(seat: int, start: int, extra: int) -> tuple[Pass | Bid | Double | Redouble, ...]:
    """The call moves of `seat`: pass, double or redouble (`extra`), the bids from `start`."""
    doubling = (_DOUBLES[seat],) if extra == _MAY_DOUBLE else (_REDOUBLES[seat],) if extra == _MAY_REDOUBLE else ()
    return (_PASSES[seat], *doubling, *_BIDS[seat][start:])


_CALL_MOVES: Final = tuple(
    tuple(tuple(_call_moves(s, start, extra) for extra in range(3)) for start in range(len(_LADDER_BIDS) + 1))
    for s in _SEATS
)
"""`_CALL_MOVES[seat][start][extra]`: every list of legal calls, prebuilt (`_call_moves`)."""
_CALL_PASSES: Final = tuple(CallPass(s) for s in _SEATS)
_CALL_DOUBLES: Final = tuple(CallDouble(s) for s in _SEATS)
_CALL_REDOUBLES: Final = tuple(CallRedouble(s) for s in _SEATS)
_CALL_BIDS: Final = tuple(tuple(BidCall(s, b) for b in _LADDER_BIDS) for s in _SEATS)

def _bids_event(seat: int, label: str) -> tuple[Event, ...]:
    return (Event(EventKind.BIDS, player=seat, label=label),)


_PASS_STEPS: Final = tuple((_CALL_PASSES[s], _bids_event(s, "pass")) for s in _SEATS)
"""By seat: the auction call a pass move makes and its event (likewise below)."""
_DOUBLE_STEPS: Final = tuple((_CALL_DOUBLES[s], _bids_event(s, "double")) for s in _SEATS)
_REDOUBLE_STEPS: Final = tuple((_CALL_REDOUBLES[s], _bids_event(s, "redouble")) for s in _SEATS)
_BID_STEPS: Final = tuple(tuple((c, _bids_event(s, str(c.bid))) for c in _CALL_BIDS[s]) for s in _SEATS)
_PLAY_MOVES: Final = seat_card_table(PlayCard, len(_SEATS), PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, len(_SEATS), PACK)
_LEADS: Final = tuple(Trick(s) for s in _SEATS)
_CALLS: Final = frozenset((*_CALL_PASSES, *_CALL_DOUBLES, *_CALL_REDOUBLES, *(c for row in _CALL_BIDS for c in row)))
"""Every call a bridge auction knows (for reading loose notation)."""
_RULES: Final = {doubling: auction_rules(doubling) for doubling in (False, True)}
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


# ---------------------------------------------------------------------------------------------
# State


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Bridge position: the deal in progress and the match score by side (N-S first)."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted (dummy's is seen by everyone after the opening lead)."""
    auction: Auction
    """This deal's bidding (core's competitive auction), from the dealer."""
    contract: Contract | None
    """The final contract once the auction is over (None while bidding)."""
    trick: Trick
    """The trick in progress; its `seats` name the owner of each card (dummy's seat for the
    cards the declarer plays from dummy); its leader is the seat to lead when it is empty."""
    played: tuple[tuple[Card, ...], ...]
    """By seat, the cards it played to completed tricks this deal, in order."""
    tricks: tuple[int, int]
    """Tricks taken this deal by each side."""
    totals: tuple[int, int]
    """Each side's points in the match, above and below the line."""
    part: tuple[int, int]
    """Each side's below-the-line points toward the game in progress."""
    games: tuple[int, int]
    """Games each side has won (rubber) or completed (Chicago)."""
    deals: int
    """Deals scored so far (passed-out deals not counted)."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


_DEFAULTS: Final = Options()


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the play loop: every field in order, positionally."""


def dummy_shown(state: State) -> bool:
    """Whether dummy's hand is face up: from the opening lead to the end of the play."""
    return state.phase is _PLAY and (bool(state.trick.cards) or state.tricks != (0, 0))


def declarer(state: State) -> int | None:
    """The declarer's seat once the auction has settled a contract (None before, and after a
    passed-out auction)."""
    return None if state.contract is None else state.contract.declarer


def dummy(state: State) -> int | None:
    """Dummy's seat: the declarer's partner (None before the contract)."""
    return None if state.contract is None else (state.contract.declarer + 2) % len(_SEATS)


def _hand_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """A hand is seen by its owner, and dummy's by everyone once the opening lead is made."""
    assert isinstance(state, State)
    if owner is not None and viewer == owner:
        return True
    contract = state.contract
    return contract is not None and owner == (contract.declarer + 2) % 4 and dummy_shown(state)


ZONES: Final = (
    Zone("hands", _hand_seen, by_seat=True, sort=sorted_cards),
    Zone("trick", Seen.EVERYONE),
    Zone("played", Seen.EVERYONE, by_seat=True),
)
"""Where the cards lie: each hand seen by its owner (dummy's by everyone after the opening
lead), the trick in progress and the cards played to finished tricks by everyone."""


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
    """A new match: the first deal dealt (from `deck`, top card first, if given), the dealer to call."""
    options = require_options("bridge", _DEFAULTS if options is None else options, Options)
    n = require_players("bridge", players, PLAYERS, PLAYERS[0])
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    if deck is None:
        cards, rng = rng.shuffled(PACK)
    else:
        cards = fixed_deck(deck, PACK)
    return _deal(options, 1, dealer, cards, rng, Match((0, 0), (0, 0), (0, 0), 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (one seat acts at a time). In the auction: pass,
    double or redouble where allowed, then the bids from the lowest allowed to 7NT; in the
    play: cards in hand order (the declarer's moves come from dummy's hand when dummy is due)."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat to call or play (the declarer when a card is due from dummy)."""
    if state.phase is _AUCTION:
        turn = state.auction.turn
        return frozenset() if turn is None else frozenset((turn,))
    if state.phase is _PLAY:
        return frozenset((_mover(state, _next_seat(state)),))
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's side's points in the match (above and below the line)."""
    a, b = state.totals
    return (a, b, a, b)


def winners(state: State) -> frozenset[int]:
    """Once the match is over, the two seats of the side with more points; none for equal totals
    (a drawn match)."""
    if state.phase is not _OVER:
        return frozenset()
    return _best(state.totals)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands hidden, but dummy's shown after
    the opening lead."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "pass", "bid 1NT", "double", "redouble", "play QS" (of seat `player`, or the seat of
    a "2: pass" prefix). Also reads a bare call or card: "1NT", "p", "x", "xx", "QS"."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        error = exc
    seat, body = split_seat(text, player)
    if state.phase is _AUCTION:
        try:
            call = read_call(state.auction, text, player)
        except NotationError:
            raise error from None
        if not isinstance(call, (CallPass, BidCall, CallDouble, CallRedouble)) or call not in _CALLS:
            raise error  # "order up", "name S" and the like belong to other auctions
        move = _wrap(call)
        if move in legal:
            return legal[legal.index(move)]
        raise NotationError(f"{text!r} is not a legal call here: {why_call_illegal(state.auction, call)}")
    if state.phase is _PLAY and not body.strip().lower().startswith("play"):
        prefix = "" if seat is None else f"{seat}: "
        try:
            return parse_by_matching(f"{prefix}play {body.strip()}", legal, player)
        except NotationError:
            pass
    raise error


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no match reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be bridge Options")
    n = len(_SEATS)
    if len(state.hands) != n or len(state.played) != n:
        raise ValueError(f"bridge has {n} hands and {n} played piles")
    for name in ("tricks", "totals", "part", "games"):
        if len(getattr(state, name)) != SIDES:
            raise ValueError(f"{name} has one entry per side ({SIDES})")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    check_seat("dealer", state.dealer, n)
    trick = state.trick
    check_seat("trick leader", trick.leader, n)
    if len(trick.cards) >= n or trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    _check_auction(state)
    check_zones("bridge", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    done = len(state.played[0])
    if any(len(p) != done for p in state.played):
        raise ValueError("every seat plays one card to each finished trick")
    if sum(state.tricks) != done or min(state.tricks) < 0:
        raise ValueError(f"the sides' tricks {state.tricks} do not add up to the {done} finished tricks")
    for s, held in enumerate(state.hands):
        expect = HAND_SIZE - done - (s in trick.seats)
        if len(held) != expect:
            raise ValueError(f"seat {s} holds {len(held)} cards, expected {expect}")
    phase = state.phase
    if phase is _AUCTION:
        if done or trick.cards or trick.leader != state.dealer:
            raise ValueError("no card is played during the auction")
    else:
        contract = state.contract
        assert contract is not None
        if phase is _PLAY:
            if done >= TRICKS:
                raise ValueError("every trick is played but the deal was not scored")
            if done == 0 and trick.leader != (contract.declarer + 1) % n:
                raise ValueError("the seat on the declarer's left makes the opening lead")
        elif done != TRICKS or trick.cards:
            raise ValueError("the match ends only after the last trick of a deal")
    _check_score(state)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


def vulnerability(state: State) -> tuple[bool, bool]:
    """Whether each side (N-S, E-W) is vulnerable on the deal in progress."""
    return vulnerable(state.options, _match(state), state.dealer)


# ---------------------------------------------------------------------------------------------
# Checks


def _check_auction(state: State) -> None:
    """The auction is this deal's, from the dealer, and agrees with the phase and the contract."""
    auction = state.auction
    if not isinstance(auction, Auction):
        raise ValueError("auction must be an Auction")
    if (
        auction.rules != _RULES[state.options.doubling]
        or auction.ladder != LADDER
        or auction.players != len(_SEATS)
        or auction.dealer != state.dealer
        or auction.order != seats_from(state.dealer, len(_SEATS))
    ):
        raise ValueError("the auction is not this deal's: bridge bidding starts with the dealer")
    check_auction(auction)
    over = auction.turn is None
    if state.phase is _AUCTION:
        if over:
            raise ValueError("the auction is over but the play has not started")
        if state.contract is not None:
            raise ValueError("no contract while the auction goes on")
        return
    if not over:
        raise ValueError("the play starts only once the auction is over")
    outcome = result(auction)
    if not isinstance(outcome, Contract) or state.contract != outcome:
        raise ValueError("the contract must be the auction's result")


def _check_score(state: State) -> None:
    """The match score obeys the scoring rules: whole tens, part-scores under a game, games and
    deals in range, the end exactly when the match is finished."""
    o = state.options
    for name in ("totals", "part", "games"):
        for v in getattr(state, name):
            if type(v) is not int or v < 0:
                raise ValueError(f"{name} must hold whole numbers of 0 or more")
    if any(v % 10 for v in (*state.totals, *state.part)):
        raise ValueError("bridge points come in tens")
    if any(p >= GAME_POINTS for p in state.part) or any(p > t for p, t in zip(state.part, state.totals)):
        raise ValueError(f"a part-score of {GAME_POINTS} or more is a game, and a part-score counts in the total")
    if type(state.deals) is not int or not 0 <= state.deals < state.hand + (state.phase is _OVER):
        raise ValueError(f"{state.deals} deals scored by hand {state.hand}")
    if o.scoring is Scoring.RUBBER:
        if max(state.games) > RUBBER_GAMES or min(state.games) >= RUBBER_GAMES:
            raise ValueError("a rubber ends when a side has won two games")
        if sum(state.games) > state.deals:
            raise ValueError("more games than deals scored")
    else:
        if state.deals > CHICAGO_DEALS:
            raise ValueError(f"a four-deal match has {CHICAGO_DEALS} deals")
        if o.scoring is Scoring.DUPLICATE and (any(state.part) or any(state.games)):
            raise ValueError("duplicate scoring carries no part-score or game from deal to deal")
        if sum(state.games) > state.deals:
            raise ValueError("more games than deals scored")
    if (state.phase is _OVER) != is_finished(o, _match(state)):
        raise ValueError("the match is over exactly when a side has won the rubber or the last deal is scored")


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _match(state: State) -> Match:
    return Match(state.totals, state.part, state.games, state.deals)


def _best(totals: tuple[int, int]) -> frozenset[int]:
    if totals[0] == totals[1]:
        return frozenset()
    side = 0 if totals[0] > totals[1] else 1
    return frozenset((side, side + 2))


def _next_seat(state: State) -> int:
    """The seat whose card is due in the trick in progress (its leader when it is empty)."""
    trick = state.trick
    return (trick.leader + len(trick.cards)) % 4


def _mover(state: State, seat: int) -> int:
    """Who chooses the card of `seat`: the declarer for dummy, else the seat itself."""
    contract = state.contract
    if contract is not None and seat == (contract.declarer + 2) % 4:
        return contract.declarer
    return seat


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    cards: Sequence[Card],
    rng: Rng,
    match: Match,
    events: tuple[Event, ...],
) -> State:
    """Deals hand number `hand` one card at a time clockwise from the dealer's left and opens
    its auction, the dealer calling first."""
    dealt = [sorted_cards(cards[k::4]) for k in range(4)]
    hands = tuple(dealt[(s - dealer - 1) % 4] for s in range(4))
    auction = _fresh_auction(options.doubling, dealer)
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(hand,)))
    return _BUILD(
        options, hand, rng, None, events, _AUCTION, dealer, hands, auction, None, _LEADS[dealer], ((),) * 4,
        (0, 0), match.totals, match.part, match.games, match.deals,
    )  # fmt: skip


@functools.lru_cache(maxsize=16)
def _fresh_auction(doubling: bool, dealer: int) -> Auction:
    """A deal's auction before any call (a value: one serves every deal alike)."""
    return new_auction(_RULES[doubling], LADDER, players=4, dealer=dealer, first=dealer)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of the seat to act (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        trick = state.trick
        played = trick.cards
        seat = (trick.leader + len(played)) % 4
        contract = state.contract
        assert contract is not None
        mover = contract.declarer if seat == (contract.declarer + 2) % 4 else seat
        if only is not None and only != mover:
            return ()
        hand = state.hands[seat]
        cards = legal_follow(hand, played[0].suit) if played else hand
        row = _PLAY_MOVES[mover]
        return tuple([row[c.index] for c in cards])
    if phase is _AUCTION:
        auction = state.auction
        turn = auction.turn
        if turn is None or (only is not None and only != turn):
            return ()
        high = auction.high
        start = 0 if high is None else _BID_RANK[high] + 1
        bidder = auction.high_bidder
        extra = _NO_EXTRA
        if bidder is not None and state.options.doubling:
            # Double an opponent's bid not yet doubled; redouble a double of one's own side's bid.
            if auction.doubling is _NONE:
                extra = _MAY_DOUBLE if (turn + bidder) % 2 else _NO_EXTRA
            elif auction.doubling is _DOUBLED and not (turn + bidder) % 2:
                extra = _MAY_REDOUBLE
        return _CALL_MOVES[turn][start][extra]
    return ()


def _unwrap(move: Pass | Bid | Double | Redouble) -> Call:
    """The auction call a legal call move makes."""
    return _call_step(move)[0]


def _call_step(move: Pass | Bid | Double | Redouble) -> tuple[Call, tuple[Event, ...]]:
    """The auction call a legal call move makes, and the event it causes (prebuilt)."""
    seat = move.player
    if isinstance(move, Pass):
        return _PASS_STEPS[seat]
    if isinstance(move, Bid):
        return _BID_STEPS[seat][_BID_INDEX[move.level, move.strain]]
    if isinstance(move, Double):
        return _DOUBLE_STEPS[seat]
    return _REDOUBLE_STEPS[seat]


def _wrap(call: Call) -> Move:
    """The game's move for an auction call (refused calls of other auctions become a Pass never
    legal here: they cannot be read from bridge notation)."""
    if isinstance(call, BidCall) and call.bid.amount is not None and call.bid.strain is not None:
        return Bid(call.player, call.bid.amount, call.bid.strain)
    if isinstance(call, CallDouble):
        return Double(call.player)
    if isinstance(call, CallRedouble):
        return Redouble(call.player)
    return Pass(call.player)


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < 4:
        return f"seat {seat!r} is not at this table of 4"
    phase = state.phase
    if isinstance(move, PlayCard):
        if phase is _AUCTION:
            return f"the auction is not over: seat {state.auction.turn} is to call"
        card = move.card
        if not isinstance(card, Card):
            return f"{card!r} is not a card"
        due = _next_seat(state)
        mover = _mover(state, due)
        contract = state.contract
        assert contract is not None
        dummy_seat = (contract.declarer + 2) % 4
        if seat == dummy_seat:
            return f"seat {seat} is dummy: the declarer (seat {contract.declarer}) plays dummy's cards"
        if seat != mover:
            whose = f"seat {due} is to play"
            if due == dummy_seat:
                whose = f"the declarer (seat {mover}) is to play from dummy"
            return f"not seat {seat}'s turn: {whose}"
        hand = state.hands[due]
        owner = f"dummy (seat {due})" if due == dummy_seat else f"seat {due}"
        if card not in hand:
            return f"{owner} does not hold {card}"
        led = state.trick.cards[0].suit if state.trick.cards else None
        if led is not None and card.suit is not led:
            return f"must follow suit: {owner} holds a {_SUIT_WORD[led]}"
        return "not a legal play here"
    if phase is not _AUCTION:
        return "the auction is over: the cards are being played"
    if isinstance(move, Bid) and (
        type(move.level) is not int or move.level not in LEVELS or move.strain not in STRAINS
    ):
        return f"{move} is not a bid: a bid is a level 1-7 and a strain C, D, H, S or NT"
    return why_call_illegal(state.auction, _unwrap(move))


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    return _apply_call(state, move)


def _apply_call(state: State, move: Pass | Bid | Double | Redouble) -> State:
    call, events = _call_step(move)
    auction = make_legal_call(state.auction, call)
    if auction.turn is not None:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _AUCTION, state.dealer, state.hands, auction, None,
            state.trick, state.played, state.tricks, state.totals, state.part, state.games, state.deals,
        )  # fmt: skip
    outcome = result(auction)
    if isinstance(outcome, PassedOut):
        # Thrown in: the next dealer deals (rubber); the same dealer again in a four-deal match.
        events = (*events, Event(EventKind.NOTE, label="passed out: the deal is thrown in"))
        dealer = state.dealer if state.options.scoring is not Scoring.RUBBER else (state.dealer + 1) % 4
        return _next_deal(state, dealer, _match(state), events)
    assert isinstance(outcome, Contract)
    leader = (outcome.declarer + 1) % 4
    events = (
        *events,
        Event(EventKind.WINS, player=outcome.declarer, label=f"the contract {_contract_text(outcome)}"),
        Event(EventKind.LEADS, player=leader),
    )
    return _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, state.hands, auction, outcome,
        _LEADS[leader], state.played, state.tricks, state.totals, state.part, state.games, state.deals,
    )  # fmt: skip


def _contract_text(contract: Contract) -> str:
    """"4S", "3NT doubled", "7H redoubled"."""
    word = {Doubling.NONE: "", Doubling.DOUBLED: " doubled", Doubling.REDOUBLED: " redoubled"}[contract.doubling]
    return f"{contract.bid}{word}"


def _apply_play(state: State, move: PlayCard) -> State:
    card = move.card
    trick = state.trick
    seat = (trick.leader + len(trick.cards)) % 4
    hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    contract = state.contract
    assert contract is not None
    if not trick.cards and state.tricks == (0, 0):
        # The opening lead is made: dummy's hand goes face up on the table.
        dummy_seat = (contract.declarer + 2) % 4
        events = (*events, Event(EventKind.SHOWS, player=dummy_seat, cards=hands[dummy_seat], label="dummy"))
    trick = trick.plus(card, seat)
    if len(trick.cards) < 4:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.auction, contract,
            trick, state.played, state.tricks, state.totals, state.part, state.games, state.deals,
        )  # fmt: skip
    # The trick is complete: the highest trump, else the highest card of the suit led, wins.
    winner = trick_winner(trick, order=ACE_HIGH, trump=STRAIN_SUIT[contract.bid.strain or Strain.NO_TRUMP])
    played = list(state.played)
    for i, owner in enumerate(trick.seats):
        played[owner] = (*played[owner], trick.cards[i])
    side = winner % 2
    tricks = (state.tricks[0] + 1, state.tricks[1]) if side == 0 else (state.tricks[0], state.tricks[1] + 1)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=trick.cards))
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.auction, contract,
        _LEADS[winner], tuple(played), tricks, state.totals, state.part, state.games, state.deals,
    )  # fmt: skip
    return _end_of_deal(after) if not hands[winner] else after


def _end_of_deal(state: State) -> State:
    """Scores the deal; ends the match or deals the next hand."""
    contract = state.contract
    assert contract is not None
    strain = contract.bid.strain or Strain.NO_TRUMP
    o = state.options
    side = contract.declarer % 2
    scored = score_deal(
        o,
        _match(state),
        dealer=state.dealer,
        declarer=contract.declarer,
        level=contract.bid.amount or 1,
        strain=strain,
        doubling=contract.doubling,
        tricks=state.tricks[side],
        honour_points=honours(state.played, strain),
    )
    gained, match = scored.gained, scored.match
    events = (*state.events, Event(EventKind.HAND_SCORED, numbers=(gained[0], gained[1], gained[0], gained[1])))
    if scored.game_won:
        events = (*events, Event(EventKind.WINS, player=contract.declarer, label="a game"))
    if is_finished(o, match):
        best = _best(match.totals)
        events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(best))))
        return attrs.evolve(
            state, events=events, phase=_OVER, totals=match.totals, part=match.part, games=match.games,
            deals=match.deals,
        )  # fmt: skip
    return _next_deal(state, (state.dealer + 1) % 4, match, events)


def _next_deal(state: State, dealer: int, match: Match, events: tuple[Event, ...]) -> State:
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    cards, rng = rng.shuffled(PACK)
    return _deal(state.options, state.hand + 1, dealer, cards, rng, match, events)
