"""Pitch play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), bid for through core's competitive auction once around
(`_apply_call`, the calls wrapped in this game's own moves; all passing deals again), played
out trick by trick (`_apply_play`, the pitcher's first card naming trump) and scored
(`_finish_hand`, see `scoring`), which ends the game or deals the next hand. The play loop is
the hot path: legal moves are cached on the state (`State.legal`), moves and events are
prebuilt objects read from tables indexed by `Card.index`, an auction's moves are cached by its
calls, calls advance it with `make_legal_call`, and states are built with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core import auction as core_auction
from parlour.core.auction import Auction, BidCall, Contract, check_auction, legal_calls, make_legal_call, new_auction, result
from parlour.core.cards import ACE_HIGH, Card, Suit, seat_card_table, sorted_cards
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.pitch.options import (
    _BID_OF,
    _DEFAULTS,
    AUCTION_RULES,
    BIDS,
    DEFAULT_PLAYERS,
    HAND_SIZE,
    LADDERS,
    MAX_SEATS,
    PACK,
    PLAYERS,
    SMUDGE,
    Options,
)
from parlour.games.pitch.scoring import point_takers, settle

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class Pass:
    """Make no bid (final: a player bids at most once)."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class MakeBid:
    """Bid 2, 3, 4 or smudge (5) points, above the high bid."""

    player: int
    points: int

    def __str__(self) -> str:
        return "bid smudge" if self.points == SMUDGE else f"bid {self.points}"


@attrs.frozen
class PlayCard:
    """Play a card to the trick (the pitcher's first lead names trump)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = Pass | MakeBid | PlayCard
MOVE_TYPES: Final = (Pass, MakeBid, PlayCard)
"""The classes of Pitch moves; `apply` refuses anything else."""


class Phase(enum.Enum):
    """What the table is doing."""

    BID = 0
    PLAY = 1
    OVER = 2


_BID, _PLAY, _OVER = Phase.BID, Phase.PLAY, Phase.OVER
_SEATS: Final = range(MAX_SEATS)
_PLAY_MOVES: Final = seat_card_table(PlayCard, MAX_SEATS, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, MAX_SEATS, PACK)
_PASSES: Final = tuple(Pass(s) for s in _SEATS)
_BIDS: Final = tuple({p: MakeBid(s, p) for p in (*BIDS, SMUDGE)} for s in _SEATS)
_MOVE_OF_CALL: Final[dict[core_auction.Call, Move]] = {
    **{core_auction.Pass(s): _PASSES[s] for s in _SEATS},
    **{BidCall(s, _BID_OF[p]): move for s in _SEATS for p, move in _BIDS[s].items()},
}
"""The move that makes each auction call (the legal calls become this game's moves)."""
_CALL_EVENTS: Final[dict[Move, tuple[Event, ...]]] = {
    move: (Event(EventKind.BIDS, player=move.player, label=str(call)),) for call, move in _MOVE_OF_CALL.items()
}
_LEADS: Final = tuple(Trick(s) for s in _SEATS)
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
_DISPLAY: Final = sorted_cards(PACK)
_PLACE: Final = {c: i for i, c in enumerate(_DISPLAY)}
_PACK_PLACES: Final = tuple(_PLACE[c] for c in PACK)
"""`PACK` as places in the display order: a shuffle of these deals the same cards as a shuffle of
`PACK`, and sorting a hand's places sorts the hand."""


# ---------------------------------------------------------------------------------------------
# State


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Pitch position. Hands are sorted (by suit, ace high)."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    """The undealt cards, face down all hand."""
    auction: Auction
    """This hand's bidding (core's competitive auction, once around)."""
    pitcher: int | None
    """The high bidder once the bidding is over."""
    bid: int
    """The pitcher's bid (5 for smudge); 0 during the bidding."""
    trump: Suit | None
    """The suit of the pitcher's first lead (None until it is played)."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat took this hand."""
    low_holder: int | None
    """With `low_to_holder`: the seat that played the lowest trump of the completed tricks
    (None without that option, or before a trump was played to a completed trick)."""
    scores: tuple[int, ...]
    victors: tuple[int, ...]
    """The winners once the game is over (empty before): the player who reached the target, or
    after a player went out the back door, the highest scores."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the play loop: every field in order, positionally."""

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Where the cards lie: hands seen by their owner, the undealt stock by nobody, the trick and
the tricks taken by everyone."""


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
    options = require_options("pitch", _DEFAULTS if options is None else options, Options)
    n = require_players("pitch", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    if deck is None:
        places, rng = rng.shuffled(_PACK_PLACES)
    else:
        places = tuple(_PLACE[c] for c in fixed_deck(deck, PACK))
    return _deal(options, n, 1, dealer, places, rng, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (one seat acts at a time): in the bidding pass, then
    the bids lowest first (2, 3, 4, smudge); in play the cards allowed, in hand order. On a
    view, the viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat to bid or play (none once the game is over)."""
    if state.phase is _BID:
        turn = state.auction.turn
        return frozenset() if turn is None else frozenset((turn,))
    if state.phase is _PLAY:
        return frozenset((_next_seat(state),))
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each player's running score (may be below zero after a set-back)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """Once the game is over: the player who reached the target first, or after a player went
    out the back door (`back_door`), the highest scores."""
    return frozenset(state.victors)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands and the stock hidden."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "pass", "bid 3", "bid smudge" (also "bid 5", a bare "3" or "smudge") and "play QS"."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = normalize(body)
        if words.startswith("bid "):
            words = words[4:]
        loose = {"5": "smudge", "s": "smudge"}.get(words, words)
        if loose in {"2", "3", "4", "smudge"}:
            try:
                return parse_by_matching(f"bid {loose}", legal, seat)
            except NotationError:
                pass
        raise


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be pitch.Options")
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"{n} hands, but Pitch is played by {PLAYERS[0]} to {PLAYERS[-1]}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if type(state.hand) is not int or state.hand < 1:
        raise ValueError(f"hand number {state.hand!r} is not 1 or more")
    for name, row in (("won", state.won), ("scores", state.scores)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    check_seat("dealer", state.dealer, n)
    check_zones("pitch", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if len(state.stock) != len(PACK) - HAND_SIZE * n:
        raise ValueError(f"the stock holds {len(state.stock)} cards, not {len(PACK) - HAND_SIZE * n}")

    auction = state.auction
    check_auction(auction)
    if auction.rules != AUCTION_RULES or auction.ladder != LADDERS[o.smudge]:
        raise ValueError("the auction does not follow Pitch's bidding rules for these options")
    if auction.players != n or auction.dealer != state.dealer or auction.order[0] != (state.dealer + 1) % n:
        raise ValueError("the auction must be this table's, opened by the seat left of the dealer")
    if len(auction.order) != n:
        raise ValueError("every seat takes part in the bidding")

    trick, phase = state.trick, state.phase
    check_seat("trick leader", trick.leader, n)
    if trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    if len(trick.cards) >= n:
        raise ValueError("the trick in progress holds a card from every seat")
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // n
    for s in range(n):
        expect = HAND_SIZE - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    played = done > 0 or bool(trick.cards)

    if phase is Phase.BID:
        if auction.turn is None:
            raise ValueError("the bidding is over but no card is being played")
        if state.pitcher is not None or state.bid or state.trump is not None or played:
            raise ValueError("no pitcher, bid, trump or card play during the bidding")
        if trick.leader != (state.dealer + 1) % n:
            raise ValueError("during the bidding the trick waits for the seat left of the dealer")
    else:
        outcome = result(auction)
        if not isinstance(outcome, Contract):
            raise ValueError("play needs a bid: an auction where all passed is redealt")
        if state.pitcher != outcome.declarer or state.bid != outcome.bid.amount:
            raise ValueError(f"the pitcher and bid must be the auction's: {outcome}")
        if (state.trump is None) == played:
            raise ValueError("trump is named by the first card played, and only then")
        if done == 0 and trick.leader != state.pitcher:
            raise ValueError("the pitcher leads the first trick")
        if done == 0 and trick.cards and trick.cards[0].suit is not state.trump:
            raise ValueError("trump is the suit of the pitcher's first lead")
        if phase is Phase.PLAY and done >= HAND_SIZE:
            raise ValueError("every trick is played but the hand was not scored")
        if phase is Phase.OVER and (done != HAND_SIZE or trick.cards):
            raise ValueError("the game ends only after the last trick of a hand")
    low = state.low_holder
    if low is not None:
        check_seat("low_holder", low, n)
    trumps = state.trump is not None and any(c.suit is state.trump for w in state.won for c in w)
    if (low is not None) != (o.low_to_holder and trumps):
        raise ValueError("low_holder is the seat that played the lowest trump, kept only with low_to_holder")

    best = max(state.scores)
    reached = tuple(s for s, v in enumerate(state.scores) if v >= o.target)
    floored = o.back_door and min(state.scores) <= -o.target
    if phase is Phase.OVER:
        highest = tuple(s for s, v in enumerate(state.scores) if v == best)
        if len(reached) > 1:
            raise ValueError(f"paying stops when the first player reaches {o.target}")
        if state.victors != (reached or (highest if floored else ())) or not state.victors:
            raise ValueError(f"the winner is the player who reached {o.target} (or, past the floor, the highest)")
    else:
        if state.victors:
            raise ValueError("there is no winner before the game is over")
        if reached or floored:
            raise ValueError("a score reached the target (or the floor) but the game goes on")
    # Score law: each hand moves the scores' sum by at most 5 (4 points, or a smudge).
    scored = state.hand if phase is Phase.OVER else state.hand - 1
    if abs(sum(state.scores)) > SMUDGE * scored or any(abs(v) > SMUDGE * scored for v in state.scores):
        raise ValueError(f"scores {state.scores} are impossible after {scored} hands")


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _deal(
    options: Options,
    n: int,
    hand: int,
    dealer: int,
    places: Sequence[int],
    rng: Rng,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand number `hand` from a deck given as display places, top card first, and opens
    the bidding at the dealer's left."""
    # One card at a time clockwise from the dealer's left: the k-th seat from the dealer's left
    # gets cards k, k + n, ...; the rest is the stock.
    dealt = n * HAND_SIZE
    display = _DISPLAY
    order = [tuple([display[p] for p in sorted(places[k:dealt:n])]) for k in range(n)]
    hands = tuple(order[(s - dealer - 1) % n] for s in range(n))
    stock = tuple([display[p] for p in places[dealt:]])
    auction = _opening(options.smudge, n, dealer)
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(hand,)))
    return _BUILD(
        options, hand, rng, None, events, _BID, dealer, hands, stock, auction, None, 0, None,
        _LEADS[(dealer + 1) % n], ((),) * n, None, totals, (),
    )  # fmt: skip


def _next_seat(state: State) -> int:
    """The seat due to play to the trick in progress (its leader when it is empty)."""
    trick = state.trick
    return (trick.leader + len(trick.cards)) % len(state.hands)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        trick = state.trick
        played = trick.cards
        seat = (trick.leader + len(played)) % len(state.hands)
        if only is not None and only != seat:
            return ()
        hand = state.hands[seat]
        row = _PLAY_MOVES[seat]
        if not played:
            return tuple([row[c.index] for c in hand])
        # Follow the suit led or play a trump; a void hand plays anything.
        cards = legal_follow(hand, played[0].suit, trump=state.trump, may_trump=True)
        return tuple([row[c.index] for c in cards])
    if phase is _BID:
        turn = state.auction.turn
        if turn is None or (only is not None and only != turn):
            return ()
        return _auction_moves(state.auction)
    return ()


@functools.lru_cache(maxsize=256)
def _opening(smudge: bool, players: int, dealer: int) -> Auction:
    """A hand's fresh auction, opened by the seat left of the dealer (cached: it is a value)."""
    return new_auction(AUCTION_RULES, LADDERS[smudge], players=players, dealer=dealer)


def _auction_key(auction: Auction) -> tuple[object, ...]:
    """What makes a Pitch auction: its ladder (smudge or not), table, dealer and calls. The rest
    follows from them (`check_invariants` replays every decoded auction), and hashing these
    few values is much cheaper than hashing the whole auction."""
    return (len(auction.ladder.steps), auction.players, auction.dealer, auction.calls)


_MOVES_OF: dict[tuple[object, ...], tuple[Move, ...]] = {}
_CACHE_LIMIT: Final = 20_000
"""Cached auctions are few (a table has a handful of dealers and call sequences); the cache is
emptied if it ever grows past this."""


def _auction_moves(auction: Auction) -> tuple[Move, ...]:
    """The bidding moves of an auction (cached by the auction's key)."""
    key = _auction_key(auction)
    found = _MOVES_OF.get(key)
    if found is None:
        if len(_MOVES_OF) > _CACHE_LIMIT:
            _MOVES_OF.clear()
        found = _MOVES_OF[key] = tuple([_MOVE_OF_CALL[call] for call in legal_calls(auction)])
    return found


def _call_of(move: Move) -> core_auction.Call | None:
    """The auction call a bidding move makes (None for a bid the ladder cannot hold)."""
    if isinstance(move, Pass):
        return core_auction.Pass(move.player)
    if isinstance(move, MakeBid) and type(move.points) is int and move.points in _BID_OF:
        return BidCall(move.player, _BID_OF[move.points])
    return None


def _why_illegal(state: State, move: Move) -> str:
    n = len(state.hands)
    seat = move.player
    if type(seat) is not int or not 0 <= seat < n:
        return f"seat {seat!r} is not at this table of {n}"
    if isinstance(move, (Pass, MakeBid)):
        if state.phase is not Phase.BID:
            return f"the bidding is over: seat {state.pitcher} pitches for {_bid_text(state.bid)}"
        if isinstance(move, MakeBid) and move.points == SMUDGE and not state.options.smudge:
            return "smudge is not allowed with these options (smudge=false)"
        call = _call_of(move)
        if call is None:
            return "the bids are 2, 3, 4" + (" and smudge" if state.options.smudge else "")
        return core_auction.why_illegal(state.auction, call)
    card = move.card
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if state.phase is Phase.BID:
        return "no card is played before the bidding is over"
    due = _next_seat(state)
    if seat != due:
        return f"it is seat {due}'s turn to play"
    hand = state.hands[due]
    if card not in hand:
        return f"seat {due} does not hold {card}"
    led = state.trick.cards[0].suit if state.trick.cards else None
    if led is None:
        return "not a legal play here"
    if led is state.trump:
        return f"must follow trump: holds a {_SUIT_WORD[led]}"
    trump = state.trump
    assert trump is not None
    return f"must follow suit or play a trump: holds a {_SUIT_WORD[led]} ({_SUIT_WORD[trump]}s are trump)"


def _bid_text(bid: int) -> str:
    return "smudge" if bid == SMUDGE else str(bid)


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    return _apply_call(state, move)


def _apply_call(state: State, move: Move) -> State:
    call = _call_of(move)
    assert call is not None
    auction = make_legal_call(state.auction, call)
    events: tuple[Event, ...] = _CALL_EVENTS[move]
    if auction.turn is not None:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _BID, state.dealer, state.hands, state.stock,
            auction, None, 0, None, state.trick, state.won, None, state.scores, (),
        )  # fmt: skip
    outcome = result(auction)
    if not isinstance(outcome, Contract):
        # Everyone passed: the cards are thrown in and the next dealer deals.
        events = (*events, Event(EventKind.NOTE, label="all passed: the cards are dealt again"))
        return _next_deal(state, state.scores, events)
    pitcher = outcome.declarer
    bid = outcome.bid.amount
    assert bid is not None
    events = (*events, Event(EventKind.LEADS, player=pitcher))
    return _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, state.hands, state.stock,
        auction, pitcher, bid, None, _LEADS[pitcher], state.won, None, state.scores, (),
    )  # fmt: skip


def _next_deal(state: State, totals: tuple[int, ...], events: tuple[Event, ...]) -> State:
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    n = len(state.hands)
    places, rng = rng.shuffled(_PACK_PLACES)
    return _deal(state.options, n, state.hand + 1, (state.dealer + 1) % n, places, rng, totals, events)


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    held = state.hands[seat]
    hands = replace_at(state.hands, seat, tuple([c for c in held if c is not card]))
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    trump = state.trump
    if trump is None:
        # The pitcher's first lead names trump.
        trump = card.suit
        events = (*events, Event(EventKind.NAMES_TRUMP, player=seat, label=str(trump)))
    cards = trick.cards
    n = len(hands)
    if len(cards) < n:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.stock,
            state.auction, state.pitcher, state.bid, trump, trick, state.won, state.low_holder, state.scores, (),
        )  # fmt: skip
    # The trick is complete: the highest trump, else the highest card of the suit led, wins.
    winner = trick_winner(trick, order=ACE_HIGH, trump=trump)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    low = state.low_holder
    if state.options.low_to_holder and trump is not None:
        low = _low_holder(state.won, low, trick, trump)
    won = replace_at(state.won, winner, state.won[winner] + cards)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.stock,
        state.auction, state.pitcher, state.bid, trump, _LEADS[winner], won, low, state.scores, (),
    )  # fmt: skip
    return _finish_hand(after) if not hands[winner] else after


def _low_holder(won: tuple[tuple[Card, ...], ...], low: int | None, trick: Trick, trump: Suit) -> int | None:
    """The seat that played the lowest trump of the completed tricks, `trick` included."""
    power = ACE_HIGH.power
    before = [power(c.rank) for w in won for c in w if c.suit is trump]
    lowest = min(before) if before else 99
    for card, seat in zip(trick.cards, trick.seats):
        if card.suit is trump and power(card.rank) < lowest:
            lowest, low = power(card.rank), seat
    return low


def _finish_hand(state: State) -> State:
    """Scores the hand; ends the game or deals the next hand."""
    o = state.options
    pitcher, trump = state.pitcher, state.trump
    assert pitcher is not None and trump is not None
    takers = point_takers(state.won, trump, low_holder=state.low_holder)
    n = len(state.hands)
    totals, victor, paid = settle(
        takers,
        pitcher=pitcher,
        bid=state.bid,
        all_tricks=len(state.won[pitcher]) == n * HAND_SIZE,
        scores=state.scores,
        target=o.target,
        bidder_out_first=o.bidder_out_first,
    )
    events = list(state.events)
    events += [Event(EventKind.SCORES, player=seat, numbers=(points,), label=what) for seat, what, points in paid]
    events.append(Event(EventKind.HAND_SCORED, numbers=tuple(a - b for a, b in zip(totals, state.scores))))
    best = max(totals)
    if victor is None and o.back_door and min(totals) <= -o.target:
        # A player went out the back door: the highest score wins.
        victors = tuple(s for s, v in enumerate(totals) if v == best)
    else:
        victors = () if victor is None else (victor,)
    if victors:
        events.append(Event(EventKind.GAME_OVER, numbers=victors))
        return attrs.evolve(state, events=tuple(events), phase=Phase.OVER, scores=totals, victors=victors)
    return _next_deal(state, totals, tuple(events))
