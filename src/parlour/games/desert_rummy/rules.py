"""Desert Rummy's position and verbs: the `State` with its zones, `new_game`, `legal_moves`,
`apply` and the rest of the game protocol, then the deal and the phase helpers."""

from __future__ import annotations

import enum
import itertools
from collections import Counter
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, SORT_KEYS, Card, Rank, cards_text, insert_by_key, parse_cards, sorted_cards
from parlour.core.contracts import Need
from parlour.core.deck import shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.melds import (
    Meld,
    MeldKind,
    TableMeld,
    build_meld,
    build_table_meld,
    meld_readings,
    wild_swaps_credited,
)
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.stock import refill_stock
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.desert_rummy.moves import (
    MOVE_TYPES,
    _ALL_CARDS,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Swap,
    TakeDiscard,
    _DISCARD_EVENTS,
    _DISCARDS,
    _DRAW_EVENTS,
    _DRAW_ONLY,
    _DRAW_OR_TAKE,
    _IS_WILD,
    _TAKE_EVENTS,
    _TO_PLAY,
    _lay_move,
    _meld_move,
)
from parlour.games.desert_rummy.solver import (
    Shape,
    _AT,
    _BEST,
    _BITS,
    _best,
    _CARD_OF_SLOT,
    _LANE_BIT,
    _held_counts,
    _lane_runs,
    _lanes_of,
    _NATURAL_RANKS,
    _PACKED_SLOT,
    _PACKED_UNIT,
    _Pool,
    _can_meet,
    _meld_ok,
    _new_melds,
    _SUIT_BITS,
    _TOTAL,
    _packed_sets_ok,
    _rank_counts,
    _wilds_of,
    _rank_sets,
    _rank_slots,
    _run_cards,
    _run_options,
    _same_places,
    _shape,
    _suit_runs,
    _wants,
    _wild_ends,
)
from parlour.games.desert_rummy.tables import (
    CONTRACTS,
    DEFAULT_PLAYERS,
    HAND_SIZE,
    PLAYERS,
    RULES,
    Options,
    WinTiming,
    _DEFAULTS,
    pack_for,
)

# State -----------------------------------------------------------------------------------------


class Phase(enum.Enum):
    DRAW = "draw"
    """`turn` draws from the stock or takes the top discard."""
    PLAY = "play"
    """`turn` plays (contract melds, or after the contract lay-offs, new melds, swaps) and discards."""
    CONTRACT = "contract"
    """`turn` has laid part of the contract and lays the rest before anything else."""
    PLACE = "place"
    """`turn` swapped a wild out of a run and must play it (`freed`) at once."""
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. `stock[0]` is the top of the stock, `discards[-1]` the top of the pile."""

    options: Options
    hand: int
    """The number of the hand, from 1."""
    rng: Rng | None
    viewer: int | None = None
    phase: Phase
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards in display order (the card taken from the pile is apart, in `taken`)."""
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    """Every meld on the table, numbered from 1 in the order laid, with its owner."""
    contracts: tuple[int, ...]
    """The contract each seat is working on (1..11; the winner's is one past the last)."""
    laid: tuple[bool, ...]
    """Each seat has laid its contract this hand."""
    pending: tuple[int, ...]
    """In the contract phase: the indices of the contract's needs still to lay this turn."""
    taken: tuple[Card, ...]
    """The card taken from the discard pile this turn, held apart (it may not be discarded)."""
    freed: tuple[Card, ...]
    """The wild just swapped out of a run, to be played at once."""
    just_laid: bool
    """The player laid the contract this turn: only the discard is left."""
    turns: int
    """Turns finished in this hand (for the `max_turns` cap)."""
    finisher: int | None
    """With `win_timing=end_of_hand`: the first seat to lay the last contract this hand."""
    winning: tuple[int, ...]
    """The winners, once the game is over."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _legal(self, None if self.rng is not None else self.viewer)

    @cached_property
    def _facts(self) -> _Facts:
        """What the table offers, worked out once per table (not a field: JSON and equality
        ignore it; a move that leaves the table as it was hands it on to the next state)."""
        return _table_facts(self.table, len(self.hands))


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("freed", Seen.EVERYONE),
)
"""A hand is seen by its owner; the stock by nobody; the pile, the table, the card taken from the
pile and a freed wild by everyone."""

_build: Final = builder(State)
_SET: Final = MeldKind.SET
_ACE: Final = Rank.ACE
_RUN: Final = MeldKind.RUN
_MELDS_KIND: Final = EventKind.MELDS
_LAYS_OFF_KIND: Final = EventKind.LAYS_OFF
_set_facts: Final = cached_setter(State, "_facts")
"""Hands a state's table facts on to a state built with the same table (or fills them for a
table that changed in one meld: `_facts_after`), so they are worked out once per table."""
_set_legal: Final = cached_setter(State, "legal")


_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_CONTRACT: Final = Phase.CONTRACT
_PLACE: Final = Phase.PLACE
_OVER: Final = Phase.OVER
"""The phases the hot paths test and set, bound once (an enum member read through its class
costs several global reads on Python 3.11)."""

# Public API ------------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals hand 1. `deck` fixes the first deal (top card first), `dealer` the first dealer."""
    n = require_players("desert_rummy", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("desert_rummy", _DEFAULTS if options is None else options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    return _deal(rules, 1, first, (1,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Drawing: `draw stock`, `take discard`. Laying a contract: its melds need by need (runs by
    suit and start, sets by rank; the most naturals first), then the discards. After the contract:
    new melds, lay-offs (by meld, then card), swaps (by meld, then card), then the discards in
    hand order (one per face). Placing a freed wild: its lay-offs, then the new melds with it."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's number of contracts completed (the game has no points)."""
    return tuple(c - 1 for c in state.contracts)


def winners(state: State) -> frozenset[int]:
    """The seat that laid the last contract (or, past `max_hands`, the seats furthest along)."""
    return frozenset(state.winning) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand; the stock face down."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """The legal move `text` names. A meld may be typed with any wild the hand holds in place of
    the one offered, and a set's cards in any order."""
    try:
        return parse_by_matching(text, legal_moves(state), player)
    except NotationError:
        found = _lenient_meld(state, text, player)
        if found is None:
            raise
        return found


def check_invariants(state: State) -> None:
    """ValueError for a state the game cannot reach (or hostile JSON)."""
    if not isinstance(state.options, Options):
        raise ValueError("options must be desert_rummy Options")
    o = state.options
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"desert_rummy is played by 2 to 10 seats, not {n}")
    for field in ("contracts", "laid"):
        if len(getattr(state, field)) != n:
            raise ValueError(f"{field} must have one entry per seat")
    if not 1 <= state.hand <= o.max_hands:
        raise ValueError(f"hand {state.hand} is not 1..{o.max_hands}")
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    check_zones("desert_rummy", state, ZONES, pack_for(n))
    over = state.phase is Phase.OVER
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(c != HIDDEN for c in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not in display order: {cards_text(held)}")
        if not held and not over:
            raise ValueError(f"seat {seat} holds no card while the hand goes on")
        c = state.contracts[seat]
        if not 1 <= c <= o.contracts + (1 if over else 0):
            raise ValueError(f"seat {seat}'s contract {c} is not 1..{o.contracts}")
    if not 0 <= state.turns <= o.max_turns:
        raise ValueError(f"turns {state.turns} is not 0..{o.max_turns}")
    for i, tm in enumerate(state.table, 1):
        if not 0 <= tm.owner < n or len(tm.credit) != len(tm.meld.cards) or any(not 0 <= c < n for c in tm.credit):
            raise ValueError(f"table meld {i} has an owner or credit out of range")
        if not _meld_ok(tm.meld):
            raise ValueError(f"table meld {i} ({tm.meld}) is not a valid meld as designated")
        if not state.laid[tm.owner] and not (state.phase is Phase.CONTRACT and tm.owner == state.turn):
            raise ValueError(f"seat {tm.owner} has melds on the table but has not laid its contract")
    phase = state.phase
    if len(state.taken) > 1 or len(state.freed) > 1:
        raise ValueError("at most one card is taken from the pile, and one wild freed, at a time")
    if state.freed and (phase is not Phase.PLACE or not RULES.is_wild(state.freed[0])):
        raise ValueError("a freed wild lies apart only while it is being placed")
    if phase is Phase.PLACE and not state.freed:
        raise ValueError("the place phase needs a freed wild")
    if state.taken and phase in (Phase.DRAW, Phase.OVER):
        raise ValueError("a card is taken from the pile only during its taker's turn")
    if state.just_laid and (phase is not Phase.PLAY or not state.laid[state.turn]):
        raise ValueError("just_laid is set only in play, for a seat that laid its contract")
    if state.pending:
        if phase is not Phase.CONTRACT or list(state.pending) != sorted(set(state.pending)):
            raise ValueError("pending needs belong to the contract phase, in order")
        needs = CONTRACTS[state.contracts[state.turn] - 1].needs
        if any(not 0 <= i < len(needs) for i in state.pending) or len(state.pending) >= len(needs):
            raise ValueError("pending needs must be some of the contract's, not all")
    elif phase is Phase.CONTRACT:
        raise ValueError("the contract phase needs pending needs")
    if phase is Phase.CONTRACT and state.laid[state.turn]:
        raise ValueError("a seat that laid its contract is not laying it")
    if phase is Phase.PLACE and not state.laid[state.turn]:
        raise ValueError("only a seat that laid its contract swaps")
    if state.finisher is not None:
        check_seat("finisher", state.finisher, n)
        if o.win_timing is not WinTiming.END_OF_HAND:
            raise ValueError("finisher is kept only when the win comes at the end of the hand")
        if not over and (not state.laid[state.finisher] or state.contracts[state.finisher] != o.contracts):
            raise ValueError("the finisher laid the last contract this hand")
    if over != bool(state.winning) or any(not 0 <= s < n for s in state.winning):
        raise ValueError("winners are named exactly when the game is over")
    if list(state.winning) != sorted(set(state.winning)):
        raise ValueError("winners are listed once each, in order")
    if phase is Phase.DRAW and not state.stock and state.rng is not None:
        raise ValueError("a turn starts with a stock to draw from")
    if not over and state.rng is not None and not state.discards and phase is Phase.DRAW and not state.stock:
        raise ValueError("nothing to draw")


# Phase helpers ---------------------------------------------------------------------------------


def _deal(
    options: Options,
    number: int,
    dealer: int,
    contracts: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals hand `number`: eleven each, one at a time from the dealer's left, then the upcard."""
    n = len(contracts)
    cards, rng = shuffled_or_fixed(pack_for(n), rng, deck)
    first = (dealer + 1) % n
    need = n * HAND_SIZE
    # `core.deck.deal` (one card at a time from seat `first`) as slices: seat s gets every
    # n-th card from the (s - first) % n-th.
    hands = tuple([sorted_cards(cards[(s - first) % n : need : n]) for s in range(n)])
    rest = cards[need:]
    said = (
        *events,
        make_event(EventKind.DEALS, dealer, (), (number,), "", False),
        make_event(EventKind.TURNS_UP, None, rest[:1], (), "", False),
        _TO_PLAY[first],
    )
    return _build(
        options, number, rng, None, _DRAW, dealer, first, hands, rest[1:],
        rest[:1], (), contracts, (False,) * n, (), (), (), False, 0, None, (), said,
    )


def _held(state: State) -> tuple[Card, ...]:
    """The cards the player to move can play: the hand and the card taken apart."""
    held = state.hands[state.turn]
    return held + state.taken if state.taken else held


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _OVER or (only is None and state.rng is None):
        return ()
    seat = state.turn
    if only is not None and only != seat:
        return ()
    if phase is _DRAW:
        return _DRAW_OR_TAKE[seat] if state.discards else _DRAW_ONLY[seat]
    if phase is _PLACE:
        return _legal_place(state)
    if phase is _CONTRACT:
        return tuple(_contract_moves(state))
    if state.just_laid:
        return _discards(state)
    if state.laid[seat]:
        discards, packed, w, lanes = _scan(state)
        plays = _plays(state, packed, w, lanes)
    elif _SETS_ONLY[state.contracts[seat]]:
        discards, packed, w = _scan_sets(state)
        plays = _contract_moves(state, packed, w)
    else:
        discards, packed, w, lanes = _scan(state)
        plays = _contract_moves(state, packed, w, lanes)
    if plays:
        plays.extend(discards)
        return tuple(plays)
    return tuple(discards)


def _discards(state: State) -> tuple[Move, ...]:
    """One discard per face in hand order (a hand is sorted, so equal cards are neighbours)."""
    row = _DISCARDS[state.turn]
    out = []
    last = -1
    for c in state.hands[state.turn]:
        i = c.index
        if i != last:
            out.append(row[i])
            last = i
    return tuple(out)


def _scan(state: State) -> tuple[list[Move], list[int], int, int]:
    """What the play phase reads from the held cards, in one pass over the hand: the discards
    (as `_discards`), the packed rank counts and the number of wilds (as `_rank_counts`), and
    the suits' lanes packed in one int (`_LANE_BIT`)."""
    seat = state.turn
    row = _DISCARDS[seat]
    slot, unit, bit = _PACKED_SLOT, _PACKED_UNIT, _LANE_BIT
    out: list[Move] = []
    packed = [0] * 14
    lanes = 0
    last = -1
    for c in state.hands[seat]:
        i = c.index
        if i != last:
            out.append(row[i])
            last = i
        packed[slot[i]] += unit[i]
        lanes |= bit[i]
    if state.taken:
        i = state.taken[0].index
        packed[slot[i]] += unit[i]
        lanes |= bit[i]
    w = packed[0] // _TOTAL
    packed[0] = 0
    return out, packed, w, lanes


def _scan_sets(state: State) -> tuple[list[Move], list[int], int]:
    """`_scan` less the lanes, for a contract of sets alone (the lanes cost about a quarter of
    the pass)."""
    seat = state.turn
    row = _DISCARDS[seat]
    slot, unit = _PACKED_SLOT, _PACKED_UNIT
    out: list[Move] = []
    packed = [0] * 14
    last = -1
    for c in state.hands[seat]:
        i = c.index
        if i != last:
            out.append(row[i])
            last = i
        packed[slot[i]] += unit[i]
    if state.taken:
        i = state.taken[0].index
        packed[slot[i]] += unit[i]
    w = packed[0] // _TOTAL
    packed[0] = 0
    return out, packed, w


_SETS_ONLY: Final = (False, *(not any(n.kind is MeldKind.RUN for n in c.needs) for c in CONTRACTS))
"""By contract number: the contract is of sets alone (the lanes of `_scan` are not needed)."""


def _contract_moves(state: State, packed: list[int] | None = None, w: int = 0, lanes: int = 0) -> list[Move]:
    """The contract melds the player may lay now, each leaving cards that make the rest
    (`packed`, `w` and `lanes`: what `_scan` read from the held cards, when the caller has it)."""
    seat = state.turn
    number = state.contracts[seat]
    same, whole, steps = _plan(number, state.pending)
    if packed is None:
        packed, w, lanes = _held_counts(_held(state))
    if not whole[0]:
        return _set_contract_moves(state, seat, whole, steps, packed, w)
    lock: int | None = None
    if same and state.pending:
        for tm in state.table:
            if tm.owner == seat and tm.meld.kind is MeldKind.RUN and tm.meld.suit is not None:
                lock = int(tm.meld.suit)
    if not whole[1] and len(steps) == 1:  # runs alone, all alike (every such contract): no `_Pool`
        _is_run, length, rest = steps[0]
        out: list[Move] = []
        wilds = _wilds_of(_held(state)) if w else _NO_WILDS
        _run_moves(out, seat, _lanes_of(lanes), packed, wilds, length, rest[0], lock, same)
        return out
    pool = _Pool(_held(state))
    wilds = pool.wilds
    # With one kind of need left, the search below is the whole-contract search itself (its
    # first meld tried every way, the rest checked after each), so the early test would only
    # repeat it; with several kinds it saves trying each.
    if len(steps) > 1 and not state.pending and not _can_meet(pool, w, whole, lock, same):
        return []
    out = []
    for is_run, length, rest in steps:
        if is_run and not rest[1]:
            _run_moves(out, seat, pool.lanes, packed, wilds, length, rest[0], lock, same)
        elif is_run:
            suits = (lock,) if lock is not None else (0, 1, 2, 3)
            for suit, low, slots, used in _run_options(pool, w, length, suits, True):
                pool.take(slots)
                ok = _can_meet(pool, w - used, rest, suit if same else lock, same)
                pool.put(slots)
                if ok:
                    out.append(_meld_move(seat, _run_cards(suit, low, length, slots, wilds)))
        else:
            _set_moves(out, seat, pool, length, rest, lock, same)
    return out


def _run_moves(
    out: list[Move],
    seat: int,
    lanes: Sequence[int],
    packed: list[int],
    wilds: Sequence[Card],
    length: int,
    runs: tuple[int, ...],
    lock: int | None,
    same: bool,
) -> None:
    """Appends the runs of exactly `length` after which the cards left make `runs` (no sets):
    `_contract_moves`' general search for the contracts of runs alone, where at most one run
    is left after this one. That run needs only the best window of a suit (`_walk`'s last
    step), and a run taken out changes only its own suit's lane, so the other suits' best
    windows are read once, not once per choice. The cards are given by their lanes (as
    `_Pool.lanes`), packed rank counts (`_rank_counts`) and wilds in move order."""
    w = len(wilds)
    suits = (lock,) if lock is not None else (0, 1, 2, 3)
    keys = [seat]  # the `_RUN_PICKS` key's start for each count of wilds used
    for c in wilds:
        keys.append(keys[-1] << 7 | c.index)
    if not runs:  # the last need: every run offered will do
        for suit, low, slots, used in _lane_runs(lanes, w, length, suits, True):
            out.append(_run_pick(keys[used], seat, suit, low, length, slots, wilds))
        return
    (size,) = runs  # the contracts have at most two runs
    half = (size + 1) // 2
    # With runs of any suits, the last run may lie in another suit than the choice's: the best
    # window of the other suits is the best of all, or the second best where the best is the
    # choice's own suit.
    top = second = 0
    top_suit = -1
    if not same:
        for suit in suits:
            lane = lanes[suit]
            most = _BEST.get(lane << 4 | size)
            if most is None:
                most = _best(lane, size)
            if most > top:
                top, second, top_suit = most, top, suit
            elif most > second:
                second = most
    for suit, low, slots, used in _lane_runs(lanes, w, length, suits, True):
        least = max(half, size - w + used)
        if (second if suit == top_suit else top) < least:  # then only the choice's suit can
            lane = lanes[suit]
            for s in slots:  # the slot's last copy leaves the lane (the suit's count: 4 bits)
                r = s % 14
                if packed[r] >> 4 * suit & 15 == 1:
                    lane &= ~_BITS[r]
            most = _BEST.get(lane << 4 | size)
            if (most if most is not None else _best(lane, size)) < least:
                continue
        out.append(_run_pick(keys[used], seat, suit, low, length, slots, wilds))


_RUN_PICKS: Final[dict[tuple[int, int, int, int, tuple[int, ...]], MakeMeld]] = {}
"""Contract runs by (seat and the wilds used packed as `_wilds_key` does, suit, low end,
length, natural slots): the move `_run_cards` and `_meld_move` give (bounded)."""


def _run_pick(
    head: int, seat: int, suit: int, low: int, length: int, slots: tuple[int, ...], wilds: Sequence[Card]
) -> MakeMeld:
    """The contract run of `length` from `low` in `suit` with the naturals of `slots` and the
    first wilds, through `_RUN_PICKS`: `head` is the seat followed by those wilds' indices (a
    run of the same naturals with other wilds is another move)."""
    key = (head, suit, low, length, slots)
    move = _RUN_PICKS.get(key)
    if move is None:
        if len(_RUN_PICKS) > 100_000:
            _RUN_PICKS.clear()
        move = _RUN_PICKS[key] = _meld_move(seat, _run_cards(suit, low, length, slots, wilds))
    return move


_Plan: TypeAlias = tuple[bool, Shape, tuple[tuple[bool, int, Shape], ...]]
_PLANS: Final[dict[tuple[int, tuple[int, ...]], _Plan]] = {}


def _plan(number: int, pending: tuple[int, ...]) -> _Plan:
    """For contract `number` with the needs `pending` (all when empty) still to lay: whether its
    runs share a suit, the solver's shape of the needs left, and for each distinct need left
    (kind, length, the shape of the others)."""
    found = _PLANS.get((number, pending))
    if found is None:
        contract = CONTRACTS[number - 1]
        needs = contract.needs
        left = tuple(needs[i] for i in (pending or range(len(needs))))
        steps = []
        seen: list[Need] = []
        for at, need in enumerate(left):
            if need not in seen:
                seen.append(need)
                steps.append((need.kind is MeldKind.RUN, need.length, _shape(left[:at] + left[at + 1 :])))
        found = _PLANS[(number, pending)] = (contract.same_suit_runs, _shape(left), tuple(steps))
    return found


def _set_contract_moves(
    state: State, seat: int, whole: Shape, steps: tuple[tuple[bool, int, Shape], ...], packed: list[int], w: int
) -> list[Move]:
    """`_contract_moves` when only sets are left to lay: rank totals alone decide (as
    `_set_moves` with no runs left), so no `_Pool` is built."""
    if not state.pending and not _packed_sets_ok(packed, w, whole[1], whole[2]):
        return []
    wilds = _wilds_of(_held(state)) if w else _NO_WILDS
    keys = [0]  # `_wilds_key` of each prefix of `wilds`: the `_SET_PICKS` keys' last part
    for c in wilds:
        keys.append(keys[-1] << 7 | c.index)
    out: list[Move] = []
    for _is_run, length, rest in steps:
        half = (length + 1) // 2
        for r in _NATURAL_RANKS:
            entry = packed[r]
            t = entry // _TOTAL
            if t < half or t + w < length:
                continue
            for n in range(min(t, length), half - 1, -1):
                used = length - n
                if used > w:
                    break
                packed[r] = entry - n * _TOTAL
                ok = _packed_sets_ok(packed, w - used, rest[1], rest[2])
                packed[r] = entry
                if ok:
                    sig = entry & _SUIT_BITS
                    found = _SET_PICKS.get((seat, r, sig, n, keys[used]))
                    out.extend(found if found is not None else _set_picks(seat, r, sig, n, tuple(wilds[:used])))
    return out


_SET_PICKS: Final[dict[tuple[int, int, int, int, int], tuple[Move, ...]]] = {}
"""`_set_picks` results by their arguments, the wilds by `_wilds_key` (bounded: cleared past
4096 entries)."""


def _wilds_key(wilds: Sequence[Card]) -> int:
    """A few cards as one int, their indices packed seven bits apart (one-to-one: every index
    is below 128 and above 0). A key of ints hashes in C; a `Card`'s cached hash is a
    Python-level call."""
    key = 0
    for c in wilds:
        key = key << 7 | c.index
    return key


def _set_picks(seat: int, r: int, sig: int, n: int, extra: tuple[Card, ...]) -> tuple[Move, ...]:
    """The sets of `n` naturals of rank number `r` (held by suit as `sig` says) and the wilds
    `extra`: every distinct choice of suits, in `_set_moves`'s order. Depends on its arguments
    only, so it is kept."""
    key = (seat, r, sig, n, _wilds_key(extra))
    found = _SET_PICKS.get(key)
    if found is None:
        slots = [s * 14 + r for s in range(4) for _ in range(sig >> 4 * s & 15)]
        picks = sorted(set(itertools.combinations(slots, n))) if n < len(slots) else [tuple(slots)]
        found = tuple(_meld_move(seat, tuple([_CARD_OF_SLOT[s] for s in pick]) + extra) for pick in picks)
        if len(_SET_PICKS) > 4096:
            _SET_PICKS.clear()
        _SET_PICKS[key] = found
    return found


def _set_moves(
    out: list[Move], seat: int, pool: _Pool, length: int, rest: Shape, lock: int | None, same: bool
) -> None:
    """Appends the sets of exactly `length` after which the cards left make `rest`."""
    wilds = pool.wilds
    w = len(wilds)
    half = (length + 1) // 2
    totals = pool.totals
    by_totals = not rest[0]  # no runs left: only rank totals matter
    for r in _NATURAL_RANKS:
        t = totals[r]
        if t < half or t + w < length:
            continue
        slots = _rank_slots(pool, r)
        for n in range(min(t, length), half - 1, -1):
            used = length - n
            if used > w:
                break
            if by_totals:
                first = slots[:n]
                pool.take(first)
                ok = _can_meet(pool, w - used, rest, lock, same)
                pool.put(first)
                if ok:
                    extra = tuple(wilds[:used])
                    picks = sorted(set(itertools.combinations(slots, n))) if n < t else [tuple(slots)]
                    for pick in picks:
                        out.append(_meld_move(seat, tuple(_CARD_OF_SLOT[s] for s in pick) + extra))
                continue
            for pick in sorted(set(itertools.combinations(slots, n))):
                pool.take(pick)
                ok = _can_meet(pool, w - used, rest, lock, same)
                pool.put(pick)
                if ok:
                    out.append(_meld_move(seat, tuple(_CARD_OF_SLOT[s] for s in pick) + tuple(wilds[:used])))


def _hand_use(state: State, cards: Sequence[Card]) -> int:
    """How many of `cards` come out of the hand proper (the taken card is used first)."""
    if state.taken and state.taken[0] in cards:
        return len(cards) - 1
    return len(cards)


_Own: TypeAlias = tuple[tuple[int, tuple[tuple[int, "bool | None"], ...], tuple["bool | None", ...]], ...]
_Facts: TypeAlias = tuple[tuple[_Own, ...], tuple[tuple[int, int, Card], ...]]
"""By seat, each own meld's (number, naturals wanted, wild ends); and every swap spot (meld
number, owner, the natural its wild stands for)."""


def _table_facts(table: tuple[TableMeld, ...], players: int) -> _Facts:
    own: list[list[tuple[int, tuple[tuple[int, bool | None], ...], tuple[bool | None, ...]]]] = [[] for _ in range(players)]
    spots: list[tuple[int, int, Card]] = []
    for number, tm in enumerate(table, 1):
        entry, found = _meld_facts(number, tm)
        if 0 <= tm.owner < players:
            own[tm.owner].append(entry)
        spots.extend(found)
    return tuple(tuple(o) for o in own), tuple(spots)


def _meld_facts(
    number: int, tm: TableMeld
) -> tuple[tuple[int, tuple[tuple[int, bool | None], ...], tuple[bool | None, ...]], tuple[tuple[int, int, Card], ...]]:
    """One table meld's part of `_Facts`: its owner's entry and its swap spots."""
    meld = tm.meld
    spots = []
    if meld.kind is _RUN and meld.suit is not None:
        row = _AT[int(meld.suit)]
        for i, card in enumerate(meld.cards):
            if _IS_WILD[card.index] and 0 <= meld.low + i < 15:
                stands = row[meld.low + i]
                if stands is not None:
                    spots.append((number, tm.owner, stands))
    return (number, _wants(meld), _wild_ends(meld)), tuple(spots)


def _facts_after(state: State, number: int, tm: TableMeld) -> _Facts:
    """`state._facts` for its table with meld `number` (from 1) replaced by `tm`, or added
    when `number` is one past the last: only that meld's facts are worked out again (the same
    value `_table_facts` gives for the new table; checked in the tests)."""
    own, spots = state._facts
    entry, found = _meld_facts(number, tm)
    row = own[tm.owner]
    if number > len(state.table):
        row = (*row, entry)
        if found:
            spots = (*spots, *found)
    else:
        row = tuple([entry if e[0] == number else e for e in row])
        if found or spots:
            spots = (
                *[s for s in spots if s[0] < number],
                *found,
                *[s for s in spots if s[0] > number],
            )
    return replace_at(own, tm.owner, row), spots


def _plays(state: State, packed: list[int], w: int, lanes: int) -> list[Move]:
    """After the contract: new melds, lay-offs onto own melds, swaps (each leaving a discard).
    `packed`, `w` and `lanes` are what `_scan` read from the held cards."""
    seat = state.turn
    keep = len(state.hands[seat])
    taken = state.taken[0] if state.taken else None
    if keep == 1 and taken is None:
        return []  # every play would leave no card to discard
    held = _held(state)
    wilds = _wilds_of(held) if w else _NO_WILDS
    out: list[Move] = []
    if state.options.new_melds_after_contract and keep + (taken is not None) >= 4:
        melds = _new_melds_of(seat, lanes, packed, wilds)
        if keep > 4:  # a new meld holds at most four cards: a discard is always left
            out.extend(melds)
        else:
            for move in melds:
                cards = move.cards
                if keep - len(cards) + (taken is not None and taken in cards) >= 1:
                    out.append(move)
    own, spots = state._facts
    mine = own[seat]
    wild_ok = bool(wilds) and (keep > 1 or wilds[0] is taken)
    if not _may_play_natural(packed, lanes, mine, spots):  # the common case: only wilds may go on
        if wild_ok:
            for number, _wants_unused, ends in mine:
                for end in ends:
                    out.append(_lay_move(seat, wilds[0], number, end))
        return out
    tk = -1  # the index of the taken card, which `held` lists last
    if taken is not None:
        tk = taken.index
        if keep < 2:  # only the taken card may go on: a discard must be left
            packed, _w, lanes = _held_counts((taken,))
    # The naturals held are read from the counts and lanes, one per face in `held` order: the
    # hand's in display order (by suit, so a rank's cards by suit), then the taken card when
    # the hand holds no copy of it.
    cards, bit = _CARD_AT, _LANE_BIT
    for number, wants, ends in mine:
        for key, low in wants:
            if key < 0:
                r = -key
                sig = packed[r] & _SUIT_BITS
                if sig:
                    apart = None
                    for suit in range(4):
                        n = sig >> 4 * suit & 15
                        if n:
                            card = cards[(suit + 1) * 16 + r]  # `Card.index` is suit code * 16 + rank
                            if n == 1 and card.index == tk:
                                apart = card
                            else:
                                out.append(_lay_move(seat, card, number, None))
                    if apart is not None:
                        out.append(_lay_move(seat, apart, number, None))
            elif lanes & bit[key]:
                out.append(_lay_move(seat, _CARD_AT[key], number, low))
        if wild_ok:
            for end in ends:
                out.append(_lay_move(seat, wilds[0], number, end))
    others = state.options.swap_on_others_runs
    for number, owner, stands in spots:
        if lanes & bit[stands.index] and (owner == seat or others) and _swap_ok(state, number, stands):
            out.append(Swap(seat, stands, number))
    return out


def _may_play_natural(packed: list[int], lanes: int, mine: _Own, spots: tuple[tuple[int, int, Card], ...]) -> bool:
    """Some natural held fits one of the seat's melds (`mine`) or a swap spot, by `_scan`'s
    rank counts and lanes: the cheap test before the cards are sorted out face by face."""
    for _number, wants, _ends in mine:
        for key, _low in wants:
            if packed[-key] >= _TOTAL if key < 0 else lanes & _LANE_BIT[key]:
                return True
    for _number, _owner, stands in spots:
        if lanes & _LANE_BIT[stands.index]:
            return True
    return False


_CARD_AT: Final = tuple(next((c for c in _ALL_CARDS if c.index == i), HIDDEN) for i in range(80))
"""By card index: the card (the hidden card for indices no card has)."""
_NO_WILDS: Final[list[Card]] = []
"""The wilds of a hand that holds none (never changed)."""


_RUN_MOVES: Final[dict[tuple[int, int, int, int], tuple[MakeMeld, ...]]] = {}
"""A seat's new runs of one suit by (seat, suit, lane, first two wilds by `_wilds_key`)
(cleared past 4096)."""
_SET_MOVES: Final[dict[tuple[int, int, int, int], tuple[MakeMeld, ...]]] = {}
"""A seat's new sets of one rank by (seat, rank, suit signature, first wild by `_wilds_key`)
(cleared past 4096)."""


def _new_meld_moves(seat: int, pool: _Pool) -> list[MakeMeld]:
    """The moves of `_new_melds(pool, None)`, in its order, through `_new_melds_of`."""
    counts, totals = pool.counts, pool.totals
    packed = [0] * 14
    for r in _NATURAL_RANKS:
        sig = counts[r] | counts[14 + r] << 4 | counts[28 + r] << 8 | counts[42 + r] << 12
        packed[r] = totals[r] * _TOTAL + sig
    lanes = pool.lanes
    return _new_melds_of(seat, lanes[0] | lanes[1] << 16 | lanes[2] << 32 | lanes[3] << 48, packed, pool.wilds)


_STARTS_MASK: Final = 0x1FFE * 0x0001_0001_0001_0001
"""Bits 1..12 of each suit's field: where a three-card window may start."""
_GAPS_MASK: Final = 0x0FFE * 0x0001_0001_0001_0001
"""Bits 1..11 of each suit's field: where a natural-wild-wild-natural window may start."""


def _new_melds_of(seat: int, packed_lanes: int, packed: list[int], held_wilds: Sequence[Card]) -> list[MakeMeld]:
    """The moves of `_new_melds` for held cards with these packed lanes (`_LANE_BIT`), packed
    rank counts (`_rank_counts`) and wilds (in move order), in its order. A suit's runs depend
    only on its lane and the first two wilds, a rank's sets only on its suits held and the
    first wild, so each is built once and kept."""
    wilds = tuple(held_wilds[:2])
    out: list[MakeMeld] = []
    w = len(wilds)
    # Most lanes hold no run at all: the window tests of `_suit_runs` first, as bits, for the
    # four suits at once (each test reads bits b..b+3 of a lane, b at most 11 or 12, so no
    # bit of one suit's field reaches another's under the masks).
    lanes = packed_lanes
    one, two = lanes >> 1, lanes >> 2
    starts = ((lanes & one & two) if not w else (lanes & one) | (lanes & two) | (one & two)) & _STARTS_MASK
    if w >= 2:
        starts |= lanes & ~one & ~two & (lanes >> 3) & _GAPS_MASK
    if starts:
        both = _wilds_key(wilds)
        for suit in range(4):
            if not starts >> 16 * suit & 0xFFFF:
                continue
            lane = lanes >> 16 * suit & 0xFFFF
            key = (seat, suit, lane, both)
            found = _RUN_MOVES.get(key)
            if found is None:
                if len(_RUN_MOVES) > 4096:
                    _RUN_MOVES.clear()
                runs = _suit_runs(suit, lane, wilds, False)
                found = _RUN_MOVES[key] = tuple([_meld_move(seat, cards) for cards in runs])
            out.extend(found)
    least = (2 if wilds else 3) * _TOTAL
    if max(packed) < least:
        return out  # no rank offers a set
    first = wilds[:1]
    one = wilds[0].index if wilds else 0
    for r in _NATURAL_RANKS:
        entry = packed[r]
        if entry >= least:
            sig = entry & _SUIT_BITS
            key = (seat, r, sig, one)
            found = _SET_MOVES.get(key)
            if found is None:
                if len(_SET_MOVES) > 4096:
                    _SET_MOVES.clear()
                same = [s * 14 + r for s in range(4) for _ in range(sig >> 4 * s & 15)]
                sets = _rank_sets(same, first, False)
                found = _SET_MOVES[key] = tuple([_meld_move(seat, cards) for cards in sets])
            out.extend(found)
    return out


def _swap_ok(state: State, number: int, card: Card) -> bool:
    """The swap leaves the freed wild a place and the player a discard."""
    if len(state.hands[state.turn]) - _hand_use(state, (card,)) < 1:
        return False
    return bool(_legal_place(_after_swap(state, Swap(state.turn, card, number))))


def _legal_place(state: State) -> tuple[Move, ...]:
    seat = state.turn
    wild = state.freed[0]
    out: list[Move] = []
    for number, _wants_unused, ends in state._facts[0][seat]:
        for end in ends:
            out.append(_lay_move(seat, wild, number, end))
    if state.options.new_melds_after_contract:
        keep = len(state.hands[seat])
        for cards in _new_melds(_Pool(_held(state)), wild):
            others = list(cards)
            others.remove(wild)
            if keep - _hand_use(state, others) >= 1:
                out.append(_meld_move(seat, cards))
    return tuple(out)


def _apply(state: State, move: Move) -> State:
    """The state after `move`, its legal moves filled at once (a real state's moves are always
    read next; filling the slot here skips the slower first read of an empty cached property)."""
    if isinstance(move, Discard):
        new = _apply_discard(state, move)
    elif isinstance(move, DrawStock):
        card = state.stock[0]
        s = state
        hand = insert_by_key(s.hands[move.player], card, SORT_KEYS)
        new = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn,
            replace_at(s.hands, move.player, hand), s.stock[1:], s.discards, s.table,
            s.contracts, s.laid, (), (), (), False, s.turns, s.finisher, (), (_DRAW_EVENTS[move.player][card.index],),
        )
        _set_facts(new, s._facts)  # the same table
    elif isinstance(move, TakeDiscard):
        top = state.discards[-1]
        s = state
        new = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, s.hands, s.stock, s.discards[:-1], s.table,
            s.contracts, s.laid, (), (top,), (), False, s.turns, s.finisher, (), (_TAKE_EVENTS[move.player][top.index],),
        )
        _set_facts(new, s._facts)  # the same table
    elif isinstance(move, MakeMeld):
        new = _apply_meld(state, move)
    elif isinstance(move, LayOff):
        new = _apply_lay_off(state, move)
    else:
        new = _after_swap(state, move)
    _set_legal(new, _legal(new, None))
    return new


def _remove(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`held` less one copy of `card` (`core.cards.without`, found by identity first: dealt
    cards are the pack's interned objects; by value otherwise)."""
    at = 0
    for c in held:
        if c is card:
            return held[:at] + held[at + 1 :]
        at += 1
    at = held.index(card)
    return held[:at] + held[at + 1 :]


def _use(state: State, cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """The hand, the taken card and the freed wild after `cards` leave them (taken and freed first)."""
    hand = state.hands[state.turn]
    taken, freed = state.taken, state.freed
    for c in cards:
        if freed and (c is freed[0] or c == freed[0]):  # identity first: `==` is Python-level
            freed = ()
        elif taken and (c is taken[0] or c == taken[0]):
            taken = ()
        else:
            hand = _remove(hand, c)
    return hand, taken, freed


def _meld_of(cards: tuple[Card, ...]) -> Meld:
    """The meld a move's cards make: a set when its naturals share a rank, else a run listed
    from its low end (its place read from a natural that is not an ace)."""
    first: Card | None = None
    anchor: Card | None = None  # the first natural that is not an ace
    at = 0  # the anchor's place
    naturals = 0
    one_rank = True
    is_wild = _IS_WILD
    for i, c in enumerate(cards):
        if is_wild[c.index]:
            continue
        naturals += 1
        if first is None:
            first = c
        elif c.rank is not first.rank:
            one_rank = False
        if anchor is None and c.rank is not _ACE:
            anchor, at = c, i
    if naturals >= 2 and first is not None:
        if one_rank:
            meld = build_meld(_SET, cards, first.rank, None, 0)
        else:
            if anchor is None:
                anchor, at = first, cards.index(first)
            meld = build_meld(_RUN, cards, None, first.suit, int(anchor.rank) - at)
        if _meld_ok(meld):
            return meld
    readings = meld_readings(cards, RULES)
    for r in readings:
        if r.kind is MeldKind.SET:
            return Meld(MeldKind.SET, cards, rank=r.rank)
        if _same_places(r.cards, cards):
            return Meld(MeldKind.RUN, cards, suit=r.suit, low=r.low)
    raise ValueError(f"{cards_text(cards)} is no meld")


_CONTRACT_NOTES: Final = tuple(
    tuple(Event(EventKind.NOTE, player=seat, label=f"lays contract {i}: {c}") for i, c in enumerate(CONTRACTS, 1))
    for seat in range(max(PLAYERS))
)
"""By seat and contract number less one: the note that the seat lays that contract."""


def _apply_meld(state: State, move: MakeMeld) -> State:
    seat = move.player
    meld = _meld_of(move.cards)
    hand, taken, freed = _use(state, move.cards)
    tm = build_table_meld(meld, seat, (seat,) * len(meld.cards))
    table = (*state.table, tm)
    events: list[Event] = [make_event(_MELDS_KIND, seat, move.cards, (), "", False)]
    s = state
    facts = _facts_after(s, len(table), tm)
    if s.phase in (_PLAY, _CONTRACT) and not s.laid[seat]:
        contract = CONTRACTS[s.contracts[seat] - 1]
        pending = list(s.pending or range(len(contract.needs)))
        for i in pending:
            need = contract.needs[i]
            if need.kind is meld.kind and need.length == len(meld.cards):
                pending.remove(i)
                break
        if pending:
            new = _build(
                s.options, s.hand, s.rng, None, _CONTRACT, s.dealer, s.turn, replace_at(s.hands, seat, hand),
                s.stock, s.discards, table, s.contracts, s.laid, tuple(pending), taken, (), False, s.turns,
                s.finisher, (), tuple(events),
            )
            _set_facts(new, facts)
            return new
        number = s.contracts[seat]
        events.append(_CONTRACT_NOTES[seat][number - 1])
        laid = replace_at(s.laid, seat, True)
        if number == s.options.contracts:
            if s.options.win_timing is WinTiming.IMMEDIATE:
                contracts = replace_at(s.contracts, seat, number + 1)
                events.append(Event(EventKind.WINS, player=seat, label="the game"))
                events.append(Event(EventKind.GAME_OVER, numbers=(seat,)))
                final = sorted_cards(hand + taken)
                return _build(
                    s.options, s.hand, s.rng, None, _OVER, s.dealer, s.turn, replace_at(s.hands, seat, final),
                    s.stock, s.discards, table, contracts, laid, (), (), (), False, s.turns, None, (seat,),
                    tuple(events),
                )
            finisher: int | None = seat if s.finisher is None else s.finisher
        else:
            finisher = s.finisher
        new = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, replace_at(s.hands, seat, hand),
            s.stock, s.discards, table, s.contracts, laid, (), taken, (), True, s.turns, finisher, (), tuple(events),
        )
    else:
        new = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, replace_at(s.hands, seat, hand),
            s.stock, s.discards, table, s.contracts, s.laid, (), taken, freed, False, s.turns, s.finisher, (),
            tuple(events),
        )
    _set_facts(new, facts)
    return new


def _apply_lay_off(state: State, move: LayOff) -> State:
    seat = move.player
    grown = _grown(state.table[move.meld - 1], move, seat)
    hand, taken, freed = _use(state, (move.card,))
    s = state
    event = make_event(_LAYS_OFF_KIND, seat, (move.card,), (move.meld,), "", False)
    new = _build(
        s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, replace_at(s.hands, seat, hand),
        s.stock, s.discards, replace_at(s.table, move.meld - 1, grown), s.contracts, s.laid, (), taken, freed,
        False, s.turns, s.finisher, (), (event,),
    )
    _set_facts(new, _facts_after(s, move.meld, grown))
    return new


def _grown(target: TableMeld, move: LayOff, seat: int) -> TableMeld:
    """`target` after the legal lay-off `move` by `seat`: what `core.melds.lay_off_credited`
    gives for it (the reading at `move.end`, or where the natural fits), built directly. A
    natural joins a set in display order, a wild at its end; a run grows at one end. Credits
    follow the cards as there: equal cards keep their order, the new one last among them."""
    meld = target.meld
    card = move.card
    cards = meld.cards
    if meld.kind is _SET:
        if _IS_WILD[card.index]:
            grown = build_meld(_SET, (*cards, card), meld.rank, meld.suit, meld.low)
        else:
            grown = build_meld(_SET, sorted_cards((*cards, card)), meld.rank, None, 0)
    else:
        if move.end:
            low = move.end == "low"
        else:  # a natural other than an ace fits at one end only
            below = _AT[int(meld.suit)][meld.low - 1] if meld.suit is not None and meld.low > 1 else None
            low = below is not None and below.index == card.index
        if low:
            grown = build_meld(_RUN, (card, *cards), meld.rank, meld.suit, meld.low - 1)
        else:
            grown = build_meld(_RUN, (*cards, card), meld.rank, meld.suit, meld.low)
    credit = target.credit
    if credit.count(seat) == len(credit):  # the common case: every card the owner's
        return build_table_meld(grown, target.owner, (*credit, seat))
    pending: dict[int, list[int]] = {}
    for c, who in zip(cards, credit):
        same = pending.get(c.index)
        if same is None:
            pending[c.index] = [who]
        else:
            same.append(who)
    same = pending.get(card.index)
    if same is None:
        pending[card.index] = [seat]
    else:
        same.append(seat)
    return build_table_meld(grown, target.owner, tuple([pending[c.index].pop(0) for c in grown.cards]))


def _after_swap(state: State, move: Swap) -> State:
    seat = move.player
    target = state.table[move.meld - 1]
    swap = wild_swaps_credited(target, move.card, seat, RULES)[0]
    hand, taken, _ = _use(state, (move.card,))
    s = state
    events = (
        Event(EventKind.LAYS_OFF, player=seat, cards=(move.card,), numbers=(move.meld,), label="in place of a wild"),
        Event(EventKind.TAKES, player=seat, cards=(swap.freed,), label="the wild it replaced"),
    )
    new = _build(
        s.options, s.hand, s.rng, None, _PLACE, s.dealer, s.turn, replace_at(s.hands, seat, hand),
        s.stock, s.discards, replace_at(s.table, move.meld - 1, swap.meld), s.contracts, s.laid, (), taken,
        (swap.freed,), False, s.turns, s.finisher, (), events,
    )
    _set_facts(new, _facts_after(s, move.meld, swap.meld))
    return new


def _apply_discard(state: State, move: Discard) -> State:
    seat = move.player
    s = state
    hand = _remove(s.hands[seat], move.card)
    if s.taken:
        hand = insert_by_key(hand, s.taken[0], SORT_KEYS)
    discards = s.discards + (move.card,)  # one copy (an unpacking display builds a list first)
    hands = replace_at(s.hands, seat, hand)
    turns = s.turns + 1
    stock = s.stock
    if stock and hand and turns < s.options.max_turns:
        turn = (seat + 1) % len(hands)
        new = _build(
            s.options, s.hand, s.rng, None, _DRAW, s.dealer, turn, hands, stock, discards, s.table,
            s.contracts, s.laid, (), (), (), False, turns, s.finisher, (), (_DISCARD_EVENTS[seat][move.card.index], _TO_PLAY[turn]),
        )
        _set_facts(new, s._facts)  # the same table
        return new
    events: list[Event] = [_DISCARD_EVENTS[seat][move.card.index]]
    if not hand:
        events.append(Event(EventKind.GOES_OUT, player=seat))
        return _end_hand(s, hands, discards, events, seat)
    rng = s.rng
    if not stock:
        assert rng is not None
        refill = refill_stock(stock, discards, rng)
        stock, discards, rng = refill.stock, refill.discards, refill.rng
        events.extend(refill.events)
        if refill.short:
            events.append(Event(EventKind.NOTE, label="the stock is used up: a dead hand"))
            return _end_hand(attrs.evolve(s, rng=rng, stock=stock), hands, discards, events, None)
    if turns >= s.options.max_turns:
        events.append(Event(EventKind.NOTE, label=f"the hand reached {turns} turns: a dead hand"))
        return _end_hand(attrs.evolve(s, rng=rng, stock=stock), hands, discards, events, None)
    turn = (seat + 1) % len(hands)
    events.append(_TO_PLAY[turn])
    return _build(
        s.options, s.hand, rng, None, _DRAW, s.dealer, turn, hands, stock, discards, s.table,
        s.contracts, s.laid, (), (), (), False, turns, s.finisher, (), tuple(events),
    )


def _end_hand(
    state: State, hands: tuple[tuple[Card, ...], ...], discards: tuple[Card, ...], events: list[Event], out: int | None
) -> State:
    """Moves on everyone who laid their contract, then ends the game or deals the next hand."""
    o = state.options
    n = len(hands)
    gained = tuple(1 if state.laid[s] else 0 for s in range(n))
    contracts = tuple(c + g for c, g in zip(state.contracts, gained))
    events.append(Event(EventKind.HAND_SCORED, numbers=gained))
    winning: tuple[int, ...] = ()
    if state.finisher is not None:
        winning = (state.finisher,)
        events.append(Event(EventKind.WINS, player=state.finisher, label="the game"))
    elif state.hand >= o.max_hands:
        best = max(contracts)
        winning = tuple(s for s in range(n) if contracts[s] == best)
        events.append(Event(EventKind.NOTE, label=f"{state.hand} hands played: the match stops"))
    if winning:
        events.append(Event(EventKind.GAME_OVER, numbers=winning))
        s = state
        return _build(
            o, s.hand, s.rng, None, Phase.OVER, s.dealer, s.turn, hands, s.stock, discards, s.table,
            contracts, s.laid, (), (), (), False, s.turns, s.finisher, winning, tuple(events),
        )
    assert state.rng is not None
    return _deal(o, state.hand + 1, (state.dealer + 1) % n, contracts, state.rng, None, tuple(events))


def _why_illegal(state: State, move: Move) -> str:
    seat = state.turn
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != seat:
        return f"it is seat {seat}'s turn, not seat {move.player}'s"
    if state.phase is Phase.DRAW:
        if isinstance(move, TakeDiscard):
            return "the discard pile is empty"
        return "first draw from the stock or take the top discard"
    if isinstance(move, (DrawStock, TakeDiscard)):
        return "the player has already drawn this turn"
    held = _held(state) + state.freed
    if state.phase is Phase.PLACE:
        return f"the wild {state.freed[0]} swapped out must be played first: onto an own meld or in a new meld"
    if state.phase is Phase.CONTRACT and not isinstance(move, MakeMeld):
        return "the rest of the contract must be laid first, in this turn"
    if isinstance(move, Discard):
        if move.card in state.taken and move.card not in state.hands[seat]:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        return f"seat {seat} does not hold {move.card}"
    cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
    if any(cards.count(c) > held.count(c) for c in cards):
        return f"seat {seat} does not hold {cards_text(cards)}"
    if state.just_laid:
        return "nothing more may be laid down in the turn the contract is laid (only the discard)"
    laid = state.laid[seat]
    if isinstance(move, Swap):
        if not laid:
            return "only a player who has laid their contract may swap for a wild"
        if not 1 <= move.meld <= len(state.table):
            return f"there is no table meld {move.meld}"
        tm = state.table[move.meld - 1]
        if tm.meld.kind is MeldKind.SET:
            return "wilds may be swapped out of runs only, not sets"
        if tm.owner != seat and not state.options.swap_on_others_runs:
            return "wilds may be swapped only out of the player's own runs"
        if not wild_swaps_credited(tm, move.card, seat, RULES):
            return f"no wild in meld {move.meld} stands for {move.card}"
        return "the freed wild could not be played at once (or no discard would be left)"
    if isinstance(move, LayOff):
        if not laid:
            return "cards may be laid off only after laying the contract"
        if not 1 <= move.meld <= len(state.table):
            return f"there is no table meld {move.meld}"
        if state.table[move.meld - 1].owner != seat:
            return "cards may be added only to the player's own melds"
        return f"{move.card} does not fit meld {move.meld} there (or no discard would be left)"
    if not laid:
        contract = CONTRACTS[state.contracts[seat] - 1]
        return f"the melds must make contract {state.contracts[seat]} ({contract}): exact sizes, no more than it"
    if not state.options.new_melds_after_contract:
        return "new melds are not allowed after the contract (option new_melds_after_contract)"
    return "not a meld offered: three cards (a set, or a run listed from its low end), leaving a discard"


def _lenient_meld(state: State, text: str, player: int | None) -> Move | None:
    seat, body = split_seat(text, player)
    words = body.split()
    if len(words) < 2 or words[0].lower() != "meld":
        return None
    try:
        typed = parse_cards(words[1:])
    except ValueError:
        return None

    def shape(cards: Sequence[Card]) -> tuple[object, ...]:
        return tuple(sorted(("W" if _IS_WILD[c.index] else str(c)) for c in cards))

    def order(cards: Sequence[Card]) -> tuple[str, ...]:
        return tuple("W" if _IS_WILD[c.index] else str(c) for c in cards)

    held = Counter(_held(state) + state.freed)
    if any(held[c] < n for c, n in Counter(typed).items()):
        return None
    for move in legal_moves(state):
        if isinstance(move, MakeMeld) and (seat is None or move.player == seat) and len(move.cards) == len(typed):
            meld = _meld_of(move.cards)
            if (meld.kind is MeldKind.SET and shape(move.cards) == shape(typed)) or order(move.cards) == order(typed):
                return move
    return None
