"""Five Hundred play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), bid for through core's competitive auction (`_apply_call`, the calls
wrapped in this game's own moves), the kitty taken and four cards discarded by the declarer
(`_apply_discard`), played out trick by trick (`_apply_play`) and scored (`_finish_hand`), which
ends the game or deals the next hand. The play loop is the hot path: legal moves are cached on
the state (`State.legal`), moves and events are prebuilt objects read from tables indexed by
`Card.index`, calls advance the auction with `make_legal_call`, and states are built with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core import auction as core_auction
from parlour.core.auction import (
    Auction,
    Bid,
    BidCall,
    Contract,
    check_auction,
    make_legal_call,
    new_auction,
    result,
)
from parlour.core.cards import ACE_HIGH, Card, Suit, seat_card_table, sorted_cards, without
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at, seats_from
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.five_hundred.options import (
    _COUNTER_OF,
    _DEFAULTS,
    AUCTION_RULES,
    COUNTERS,
    HAND_SIZE,
    KITTY_SIZE,
    LADDER,
    PACK,
    PLAYERS,
    SIDES,
    Options,
    contract_score,
    counters,
    side_of,
)

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class Pass:
    """Pass in the auction: out of the bidding for the rest of the hand."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class MakeBid:
    """Bid points in a strain ("bid 70H", "bid 70NT"), outranking the current bid."""

    player: int
    bid: Bid

    def __str__(self) -> str:
        return f"bid {self.bid}"


@attrs.frozen
class Discard:
    """The declarer puts a card face down out of play (four, one at a time, after the kitty)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class PlayCard:
    """Play a card to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = Pass | MakeBid | Discard | PlayCard
MOVE_TYPES: Final = (Pass, MakeBid, Discard, PlayCard)
"""The classes of Five Hundred moves; `apply` refuses anything else."""


class Phase(enum.Enum):
    """What the table is doing."""

    BID = 0
    """The auction."""
    DISCARD = 1
    """The declarer, holding the kitty, discards four cards."""
    PLAY = 2
    OVER = 3


_BID, _DISCARD, _PLAY, _OVER = Phase.BID, Phase.DISCARD, Phase.PLAY, Phase.OVER

# Hot-path tables: moves and events prebuilt per seat (and card or bid), read by index.
_SEATS: Final = range(4)
_PLAY_MOVES: Final = seat_card_table(PlayCard, 4, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, 4, PACK)
_DISCARD_MOVES: Final = seat_card_table(Discard, 4, PACK)
_DISCARD_EVENTS: Final = seat_card_events(EventKind.DISCARDS, 4, PACK, private=True)
_PASSES: Final = tuple(Pass(s) for s in _SEATS)
_BID_MOVES: Final = tuple({bid: MakeBid(s, bid) for bid in LADDER.bids} for s in _SEATS)
_CALL_OF: Final[dict[Move, core_auction.Call]] = {
    **{_PASSES[s]: core_auction.Pass(s) for s in _SEATS},
    **{move: BidCall(s, bid) for s in _SEATS for bid, move in _BID_MOVES[s].items()},
}
"""The auction call each prebuilt bidding move makes."""
_STEP_OF: Final = {bid: LADDER.rank(bid) for bid in LADDER.bids}


def _calls_above(seat: int) -> tuple[tuple[Move, ...], ...]:
    """Pass and the bids above each step of the ladder: `LADDER.above` is a tail of
    `LADDER.bids`, so each row is a tail of the seat's bids in ladder order."""
    bids = tuple(_BID_MOVES[seat][bid] for bid in LADDER.bids)
    tails = (len(LADDER.above(high)) for high in (None, *(step[0] for step in LADDER.steps)))
    return tuple((_PASSES[seat], *bids[len(bids) - tail :]) for tail in tails)


_CALLS_ABOVE: Final[tuple[tuple[tuple[Move, ...], ...], ...]] = tuple(_calls_above(s) for s in _SEATS)
"""`_CALLS_ABOVE[seat][k]`: pass and the bids above step k - 1 of the ladder (k = 0: no bid yet)."""
_FORCED_CALLS: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(_BID_MOVES[s][bid] for bid in LADDER.lowest()) for s in _SEATS
)
"""A forced dealer's calls: the lowest bids (60 in each strain)."""
_LEADS: Final = tuple(Trick(s) for s in _SEATS)
_NO_CARDS: Final[tuple[tuple[Card, ...], ...]] = ((),) * 4


_DISPLAY: Final = sorted_cards(PACK)
"""The pack in display order (by suit, ace high)."""
_PACK_PLACES: Final = tuple(_DISPLAY.index(c) for c in PACK)
"""`PACK` as places in `_DISPLAY`: shuffling it deals the very cards shuffling `PACK` would, and
sorting a hand's places sorts the hand."""
_PLACE: Final = {c: i for i, c in enumerate(_DISPLAY)}


# ---------------------------------------------------------------------------------------------
# State


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Five Hundred position. Hands are sorted (by suit, ace high)."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    """The four undealt cards face down during the auction; once the declarer has taken them,
    the declarer's discards (face down, seen by the declarer alone)."""
    auction: Auction
    """This hand's bidding (core's competitive auction)."""
    contract: Bid | None
    """The winning bid once the auction is over."""
    declarer: int | None
    trump: Suit | None
    """The contract's suit (None in no trump and before the contract)."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat took this hand."""
    totals: tuple[int, int]
    """Each side's score: seats 0 and 2, then seats 1 and 3."""
    victors: tuple[int, ...]
    """The winning seats once the game is over (empty before)."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the hot path: every field in order, positionally."""


def _kitty_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """Nobody sees the kitty before it is taken; then the declarer alone sees it (the discards)."""
    assert isinstance(state, State)
    return state.phase is not Phase.BID and viewer is not None and viewer == state.declarer


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("kitty", _kitty_seen),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Where the cards lie: hands seen by their owner, the kitty by nobody until the declarer takes
it and then (as the discards) by the declarer alone, the trick and the won tricks by all."""


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
    options = require_options("five_hundred", _DEFAULTS if options is None else options, Options)
    n = require_players("five_hundred", players, PLAYERS, 4)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    if deck is None:
        places, rng = rng.shuffled(_PACK_PLACES)
    else:
        places = tuple(_PLACE[c] for c in fixed_deck(deck, PACK))
    return _deal(options, 1, dealer, places, rng, (0, 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (one seat acts at a time): in the auction pass,
    then the bids lowest first (at equal points clubs, diamonds, hearts, spades, no trump); the
    declarer's discards and the plays in hand order. On a view, the viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, 4, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    seat = _seat_to_act(state)
    return frozenset() if seat is None else frozenset((seat,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's side's total (seats 0 and 2 share one, 1 and 3 the other)."""
    a, b = state.totals
    return (a, b, a, b)


def winners(state: State) -> frozenset[int]:
    """The seats of the winning side once the game is over."""
    return frozenset(state.victors)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the kitty (or discards) hidden."""
    check_viewer(state, player, 4)
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "pass", "bid 70H", "bid 70NT", "discard 7C", "play QS". Also reads a bid's bare
    notation ("70H") and strains written out ("bid 70 hearts", "bid 70 no trump"). Text that
    names a move which is not legal now is refused with the rule it breaks."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        seat, body = split_seat(text, player)
        loose = _lenient_bid(body)
        if loose is not None:
            try:
                return parse_by_matching(loose, legal, seat)
            except NotationError:
                pass
        seat = _seat_to_act(state) if seat is None else seat
        move = None if seat is None or not 0 <= seat < 4 else _read_move(loose or body, seat)
        if move is None or move in legal:
            raise exc from None
        raise NotationError(f"{text!r} is not a legal move here: {_why_illegal(state, move)}") from None


def captured(state: State) -> tuple[int, int]:
    """Each side's counter points this hand: its tricks, and the declaring side's discards (a
    counter is discarded only when the declarer had no other card to discard)."""
    got = [0, 0]
    for s, pile in enumerate(state.won):
        got[s % SIDES] += counters(pile)
    if state.declarer is not None and state.phase is not Phase.BID:
        got[state.declarer % SIDES] += counters(state.kitty)
    return got[0], got[1]


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be five_hundred.Options")
    if len(state.hands) != 4:
        raise ValueError(f"{len(state.hands)} hands, but Five Hundred is played by 4")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, 4)
    if type(state.hand) is not int or state.hand < 1:
        raise ValueError(f"hand number {state.hand!r} is not 1 or more")
    if not isinstance(state.phase, Phase):
        raise ValueError(f"phase {state.phase!r} is not a Phase")
    check_seat("dealer", state.dealer, 4)
    if len(state.won) != 4:
        raise ValueError(f"won has {len(state.won)} entries for 4 players")
    if len(state.totals) != SIDES or any(type(t) is not int for t in state.totals):
        raise ValueError("totals holds one whole number per side")
    trick = state.trick
    check_seat("trick leader", trick.leader, 4)
    if trick.seats != tuple((trick.leader + i) % 4 for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    if len(trick.cards) >= 4:
        raise ValueError("the trick in progress holds a card from every seat")
    check_zones("five_hundred", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    _check_auction(state)
    if any(len(w) % 4 for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // 4
    phase = state.phase
    declarer = state.declarer
    if phase is Phase.BID:
        if done or trick.cards or len(state.kitty) != KITTY_SIZE:
            raise ValueError("during the auction no card is played and the kitty holds four cards")
        if any(len(h) != HAND_SIZE for h in state.hands):
            raise ValueError(f"during the auction every seat holds {HAND_SIZE} cards")
    elif phase is Phase.DISCARD:
        assert declarer is not None
        if done or trick.cards or len(state.kitty) >= KITTY_SIZE:
            raise ValueError("the declarer discards before any card is played, four cards in all")
        for s, held in enumerate(state.hands):
            expect = HAND_SIZE + KITTY_SIZE - len(state.kitty) if s == declarer else HAND_SIZE
            if len(held) != expect:
                raise ValueError(f"seat {s} holds {len(held)} cards, expected {expect}")
    else:
        assert declarer is not None
        if len(state.kitty) != KITTY_SIZE:
            raise ValueError("the declarer's four discards lie apart during the play")
        if not 0 <= done <= HAND_SIZE or (phase is Phase.PLAY and done == HAND_SIZE):
            raise ValueError(f"{done} tricks done in a hand of {HAND_SIZE}")
        if done == 0 and trick.leader != declarer:
            raise ValueError(f"the declarer (seat {declarer}) leads the first trick")
        for s in range(4):
            expect = HAND_SIZE - done - (s in trick.seats)
            if len(state.hands[s]) != expect:
                raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
        if phase is Phase.OVER and (done != HAND_SIZE or trick.cards):
            raise ValueError("the game ends only after the last trick of a hand")
    if phase is not Phase.PLAY and phase is not Phase.OVER and trick.leader != (state.dealer + 1) % 4:
        raise ValueError("before the play the trick waits at the dealer's left")
    _check_totals(state)


def _check_auction(state: State) -> None:
    """The auction is this deal's, and its result matches the phase and the contract."""
    auction = state.auction
    check_auction(auction)
    if (
        auction.rules != AUCTION_RULES
        or auction.ladder != LADDER
        or auction.players != 4
        or auction.dealer != state.dealer
        or auction.order != seats_from((state.dealer + 1) % 4, 4)
    ):
        raise ValueError("the auction is not this deal's bidding")
    if state.phase is Phase.BID:
        if auction.turn is None:
            raise ValueError("the auction is over but the bidding phase goes on")
        if state.contract is not None or state.declarer is not None or state.trump is not None:
            raise ValueError("there is no contract before the auction ends")
        return
    if auction.turn is None:
        outcome = result(auction)
        if isinstance(outcome, Contract):
            trump = outcome.bid.strain.suit if outcome.bid.strain is not None else None
            if (state.contract, state.declarer, state.trump) == (outcome.bid, outcome.declarer, trump):
                return
    raise ValueError("the contract, declarer and trump must be the finished auction's")


def _check_totals(state: State) -> None:
    """Scores are multiples of 5; the game is over exactly when a side won or lost."""
    o = state.options
    if any(t % 5 for t in state.totals):
        raise ValueError(f"totals {state.totals} are not multiples of 5 (every counter and bid is)")
    victors = state.victors
    if state.phase is not Phase.OVER:
        if victors:
            raise ValueError("nobody has won before the game is over")
        if min(state.totals) <= o.losing_score:
            raise ValueError(f"a side is at {o.losing_score} or below but the game goes on")
        if not o.must_bid_out and max(state.totals) >= o.target_score:
            raise ValueError(f"a side reached {o.target_score} but the game goes on")
        return
    if victors not in ((0, 2), (1, 3), (0, 1, 2, 3)):
        raise ValueError(f"the winners {victors} are not a side (or both sides, tied)")
    lost = [side for side in range(SIDES) if state.totals[side] <= o.losing_score]
    if lost:
        if len(lost) > 1 or victors != _SIDE_SEATS[1 - lost[0]]:
            raise ValueError("the side at the losing score loses and the other wins")
        return
    if any(state.totals[side_of(s)] < o.target_score for s in victors):
        raise ValueError(f"the winners have not reached {o.target_score}")


# ---------------------------------------------------------------------------------------------
# Phase helpers


_SIDE_SEATS: Final = ((0, 2), (1, 3))


def _seat_to_act(state: State) -> int | None:
    phase = state.phase
    if phase is _PLAY:
        trick = state.trick
        return (trick.leader + len(trick.cards)) % 4
    if phase is _BID:
        return state.auction.turn
    if phase is _DISCARD:
        return state.declarer
    return None


@functools.lru_cache(maxsize=16)
def _fresh_auction(dealer: int) -> Auction:
    """A deal's auction before any call (a value: one serves every deal alike)."""
    return new_auction(AUCTION_RULES, LADDER, players=4, dealer=dealer)


def _call_moves(auction: Auction) -> tuple[Move, ...]:
    """The auction's legal calls as the game's moves, read from tables: what core's
    `legal_calls` lists for this competitive auction (pass, then every bid outranking the high
    bid; a forced dealer's five 60 bids), as prebuilt moves (the tests check they agree)."""
    seat = auction.turn
    assert seat is not None
    if auction.forced:
        return _FORCED_CALLS[seat]
    high = auction.high
    return _CALLS_ABOVE[seat][0 if high is None else _STEP_OF[high] + 1]


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    places: Sequence[int],
    rng: Rng,
    totals: tuple[int, int],
    events: tuple[Event, ...],
) -> State:
    """Deals hand number `hand` from a deck given as display places, top card first: one card
    at a time clockwise from the dealer's left, 12 each, then four to the kitty."""
    dealt = 4 * HAND_SIZE
    order = [tuple([_DISPLAY[p] for p in sorted(places[k:dealt:4])]) for k in range(4)]
    hands = tuple(order[(s - dealer - 1) % 4] for s in range(4))
    kitty = tuple([_DISPLAY[p] for p in places[dealt:]])
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(hand,)))
    return _BUILD(
        options, hand, rng, None, events, _BID, dealer, hands, kitty, _fresh_auction(dealer), None, None, None,
        _LEADS[(dealer + 1) % 4], _NO_CARDS, totals, (),
    )  # fmt: skip


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        trick = state.trick
        played = trick.cards
        seat = (trick.leader + len(played)) % 4
        if only is not None and only != seat:
            return ()
        hand = state.hands[seat]
        row = _PLAY_MOVES[seat]
        if played:
            # Must follow suit if able; a void hand plays anything.
            return tuple([row[c.index] for c in legal_follow(hand, played[0].suit)])
        return tuple([row[c.index] for c in hand])
    if phase is _BID:
        caller = state.auction.turn
        if caller is None or (only is not None and only != caller):
            return ()
        return _call_moves(state.auction)
    if phase is _DISCARD:
        declarer = state.declarer
        if declarer is None or (only is not None and only != declarer):
            return ()
        return tuple([_DISCARD_MOVES[declarer][c.index] for c in _discardable(state.hands[declarer], state.kitty)])
    return ()


def _discardable(hand: tuple[Card, ...], discarded: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards the declarer may discard: no counter, unless too few other cards remain."""
    need = KITTY_SIZE - len(discarded)
    table = _COUNTER_OF
    plain = tuple([c for c in hand if not table[c.index]])
    return plain if len(plain) >= need else hand


_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < 4:
        return f"seat {seat!r} is not at this table of 4"
    phase = state.phase
    due = _seat_to_act(state)
    if isinstance(move, (Pass, MakeBid)):
        if phase is not _BID:
            return f"the auction is over: the contract is {state.contract} by seat {state.declarer}"
        call: object = core_auction.Pass(seat) if isinstance(move, Pass) else None
        if isinstance(move, MakeBid):
            if not isinstance(move.bid, Bid):
                return f"{move.bid!r} is not a bid"
            call = BidCall(seat, move.bid)
        return core_auction.why_illegal(state.auction, call)
    card = move.card
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if isinstance(move, Discard):
        if phase is not _DISCARD:
            return "only the declarer discards, after taking the kitty and before the first trick"
        if seat != state.declarer:
            return f"only the declarer (seat {state.declarer}) discards"
        if card not in state.hands[seat]:
            return f"seat {seat} does not hold {card}"
        return f"counters may not be discarded: {card} is worth {COUNTERS[card]}"
    if phase is not _PLAY:
        return {
            _BID: "the auction is not over",
            _DISCARD: f"the declarer (seat {state.declarer}) must first discard {KITTY_SIZE - len(state.kitty)} more",
        }.get(phase, "no card is played now")
    if seat != due:
        return f"it is seat {due}'s turn to play"
    hand = state.hands[seat]
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    led = state.trick.cards[0].suit
    assert led is not None
    return f"must follow suit: holds a {_SUIT_WORD[led]}"


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    if isinstance(move, Discard):
        return _apply_discard(state, move)
    return _apply_call(state, move)


@functools.lru_cache(maxsize=1024)
def _bid_event(move: Pass | MakeBid) -> Event:
    return Event(EventKind.BIDS, player=move.player, label=str(move))


def _apply_call(state: State, move: Pass | MakeBid) -> State:
    auction = make_legal_call(state.auction, _CALL_OF[move])
    events: tuple[Event, ...] = (_bid_event(move),)
    if auction.turn is not None:
        if auction.forced and not state.auction.forced:
            events += (Event(EventKind.NOTE, label=f"all passed: the dealer (seat {state.dealer}) must bid 60"),)
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _BID, state.dealer, state.hands, state.kitty,
            auction, None, None, None, state.trick, state.won, state.totals, (),
        )  # fmt: skip
    # The auction is over: the declarer names trump and takes the kitty.
    outcome = result(auction)
    assert isinstance(outcome, Contract)
    declarer, bid, strain = outcome.declarer, outcome.bid, outcome.bid.strain
    assert strain is not None
    trump = strain.suit
    taken = sorted_cards((*state.hands[declarer], *state.kitty))
    events += (
        Event(EventKind.NAMES_TRUMP, player=declarer, label=str(bid.strain)),
        Event(EventKind.TAKES, player=declarer, cards=state.kitty, label="kitty", private=True),
    )
    return _BUILD(
        state.options, state.hand, state.rng, None, events, _DISCARD, state.dealer,
        replace_at(state.hands, declarer, taken), (), auction, bid, declarer, trump, state.trick, state.won,
        state.totals, (),
    )  # fmt: skip


def _apply_discard(state: State, move: Discard) -> State:
    seat, card = move.player, move.card
    hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    kitty = (*state.kitty, card)
    events: tuple[Event, ...] = _DISCARD_EVENTS[seat][card.index]
    phase = _DISCARD
    trick = state.trick
    if len(kitty) == KITTY_SIZE:
        # The declarer leads the first trick.
        phase, trick = _PLAY, _LEADS[seat]
        events += (Event(EventKind.LEADS, player=seat),)
    return _BUILD(
        state.options, state.hand, state.rng, None, events, phase, state.dealer, hands, kitty, state.auction,
        state.contract, state.declarer, state.trump, trick, state.won, state.totals, (),
    )  # fmt: skip


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    if len(cards) < 4:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.kitty,
            state.auction, state.contract, state.declarer, state.trump, trick, state.won, state.totals, (),
        )  # fmt: skip
    # The trick is complete: the highest trump, else the highest card of the suit led, wins it.
    winner = trick_winner(trick, order=ACE_HIGH, trump=state.trump)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.kitty,
        state.auction, state.contract, state.declarer, state.trump, _LEADS[winner],
        replace_at(state.won, winner, state.won[winner] + cards), state.totals, (),
    )  # fmt: skip
    return _finish_hand(after) if not hands[winner] else after


def _finish_hand(state: State) -> State:
    """Scores the hand; ends the game or deals the next hand."""
    o = state.options
    declarer, bid = state.declarer, state.contract
    assert declarer is not None and bid is not None
    side = declarer % SIDES
    got = captured(state)
    gained = [got[0], got[1]]
    gained[side] = contract_score(bid, got[side], o)
    made = gained[side] > 0
    word = "make" if made else "are set on"
    first, second = _SIDE_SEATS[side]
    note = Event(EventKind.NOTE, label=f"seats {first} and {second} {word} {bid}, capturing {got[side]}")
    totals = (state.totals[0] + gained[0], state.totals[1] + gained[1])
    events = (*state.events, note, Event(EventKind.HAND_SCORED, numbers=(gained[0], gained[1], gained[0], gained[1])))
    victors = _victors(o, totals, side, made)
    if victors:
        events = (*events, Event(EventKind.GAME_OVER, numbers=victors))
        return attrs.evolve(state, events=events, phase=Phase.OVER, totals=totals, victors=victors)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    places, rng = rng.shuffled(_PACK_PLACES)
    return _deal(o, state.hand + 1, (state.dealer + 1) % 4, places, rng, totals, events)


def _victors(o: Options, totals: tuple[int, int], side: int, made: bool) -> tuple[int, ...]:
    """The winning seats after a hand (empty: play on). Only the declaring side can fall, and a
    side at the losing score loses; else the declarers win by making a contract that takes them
    to the target (or, without bidding out, every side at the target, the higher total first)."""
    if totals[side] <= o.losing_score:
        return _SIDE_SEATS[1 - side]
    if o.must_bid_out:
        return _SIDE_SEATS[side] if made and totals[side] >= o.target_score else ()
    best = max(totals)
    if best < o.target_score:
        return ()
    return tuple(sorted(s for s in range(4) if totals[s % SIDES] == best))


# ---------------------------------------------------------------------------------------------
# Lenient notation

_STRAIN_WORDS: Final = {
    **{word: letter for letter, name in (("C", "club"), ("D", "diamond"), ("H", "heart"), ("S", "spade"))
       for word in (letter.lower(), name, name + "s")},
    "nt": "NT", "no trump": "NT", "no trumps": "NT", "notrump": "NT", "notrumps": "NT", "no-trump": "NT",
}  # fmt: skip
_LOOSE_BID: Final = re.compile(r"^(?:bid\s+)?(\d+)\s*([a-z -]+)$")


def _read_move(body: str, seat: int) -> Move | None:
    """The move `body` writes for `seat`, legal or not ("play 2H", "discard AS", "bid 70S",
    "pass"); None for text that is no move of the game."""
    verb, _, rest = normalize(body).partition(" ")
    if verb == "pass" and not rest:
        return _PASSES[seat]
    if verb == "bid":
        bid = LADDER.named(rest)
        return None if bid is None else _BID_MOVES[seat][bid]
    if verb in ("play", "discard"):
        try:
            card = Card.parse(rest)
        except ValueError:
            return None
        if card not in _PLACE:
            return None
        return (_PLAY_MOVES if verb == "play" else _DISCARD_MOVES)[seat][card.index]
    return None


def _lenient_bid(body: str) -> str | None:
    """"bid 70 hearts", "70h", "70 no trump" as the notation "bid 70H"; None if no bid."""
    match = _LOOSE_BID.match(normalize(body))
    if match is None:
        return None
    letter = _STRAIN_WORDS.get(match.group(2).strip())
    return None if letter is None else f"bid {match.group(1)}{letter}"
