"""Sticks' position and verbs: the `State` with its zones, `new_game`, `legal_moves`, `apply` and the
rest of the game protocol, then the deal and the `_legal_*` / `_apply_*` helpers."""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterator, Sequence
from functools import cached_property
from typing import Final

import attrs

from parlour.core.cards import SORT_KEYS, SUITS, Card, Rank, cards_text, insert_by_key, sorted_cards
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import builder, cached_setter, checked_apply, evolver, moves_for, require_options, require_players
from parlour.core.melds import MeldKind, TableMeld, build_meld, build_table_meld, lay_off_credited, rank_at, wild_swaps_credited
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at, seats_from
from parlour.core.stock import refill_stock
from parlour.core.values import slot_speed_reads
from parlour.core.zones import CardAllowed, Piece, Seen, Zone, check_viewer, check_zones, zone_determinize, zone_shuffle, zone_view
from parlour.games.sticks.tables import (
    DEFAULT_PLAYERS,
    HAND_SIZE,
    HIDDEN_STICK,
    NEW_MELD,
    NO_STICK,
    Options,
    PLAYERS,
    RULES,
    STICK_LISTS,
    StickList,
    pack_for,
)
from parlour.games.sticks.moves import (
    Discard,
    DrawStock,
    LayOff,
    LayStick,
    MOVE_TYPES,
    MakeMeld,
    Move,
    Swap,
    TakeDiscard,
    TradeStick,
    _BY_INDEX,
    _DISCARD,
    _LAY_OFF,
    _SWAP,
    _DISCARD_EVENT,
    _DRAW,
    _DRAW_EVENT,
    _LAY_STICK,
    _TAKE_EVENT,
    _TO_PLAY,
    _TRADE,
)
from parlour.games.sticks.search import _LANE_BIT, Plan, Witness, _WILD_AT, _card, _lay_check, _spare, _new_melds, _plan, _remove, _stick_melds


class Phase(enum.Enum):
    TRADE = "trade"
    """`turn` may trade in a carried-over stick (option `trade_in`)."""
    DRAW = "draw"
    PLAY = "play"
    """`turn` melds, lays off, swaps, then discards."""
    OVER = "over"


_OVER: Final = Phase.OVER
_PLAY: Final = Phase.PLAY
_DRAW_PHASE: Final = Phase.DRAW
_TRADE_PHASE: Final = Phase.TRADE
_SET: Final = MeldKind.SET
_RUN: Final = MeldKind.RUN
"""Enum members bound once: the hot paths read globals, not the enum classes (see DEVELOPING)."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. `stock[0]` is the top of the stock, `discards[-1]` the top of the pile."""

    options: Options
    hand: int
    """The deal, from 1."""
    rng: Rng | None
    viewer: int | None = None
    phase: Phase
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    """The melds on the table in the order laid (numbered from 1), with their owners."""
    sticks: tuple[int, ...]
    """Each seat's face-down stick (an index of the stick list), `NO_STICK` once played this
    hand, `HIDDEN_STICK` in a view for another seat's."""
    done: tuple[tuple[int, ...], ...]
    """Each seat's sticks face up (played or Free), in the order won."""
    pot: tuple[int, ...]
    """The sticks left to draw, next first (`HIDDEN_STICK` each in a view)."""
    trading: tuple[bool, ...]
    """In the trade phase: the seats still to decide on trading their carried-over stick."""
    owed: tuple[int, ...]
    """Mid lay-down of the stick: the indices of its needs still to lay this turn."""
    laid: bool
    """The stick of the player to move went face up this turn: only the discard is left."""
    loose: tuple[int, ...]
    """Card indices of wilds freed by a swap this turn, to be laid off before the discard."""
    taken: int
    """The card index taken from the discard pile this turn (-1: none); it may not be discarded."""
    turns: int
    """Turns begun this hand."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _legal(self, None if self.rng is not None else self.viewer)

    @cached_property
    def witnesses(self) -> tuple[tuple[int, Witness] | None, ...]:
        """Per seat, a speed hint, never serialised: (its face-down stick, a layout of it that
        its hand holds), or None where none is known. `_legal_play` fills in what its stick
        search finds and `apply` hands it on while the hand keeps it (`search._lay_check`), or
        with a spare wild in the place of a discarded natural (`search._spare`), so a seat that
        could lay its stick last turn and discarded a card the layout spares is answered
        without a search. The moves never depend on it: it is only ever a proof of
        what the search would say. A state not built by `apply` (a deal, JSON) knows none."""
        return (None,) * len(self.hands)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
)
"""A hand is seen by its owner, the stock by nobody, the discards and the melds by everyone."""


_build: Final = builder(State)


_evolve: Final = evolver(State)


_SET_WITNESSES: Final = cached_setter(State, "witnesses")


_SET_LEGAL: Final = cached_setter(State, "legal")


_PLANS: Final[dict[StickList, tuple[Plan | None, ...]]] = {
    kind: tuple(None if s.contract is None else _plan(s.contract.needs) for s in listed)
    for kind, listed in STICK_LISTS.items()
}
"""Per stick list, each stick's `Plan` (None for Free)."""


_SIMPLE_LIST: Final = StickList.SIMPLE
_SIMPLE_PLANS: Final = _PLANS[StickList.SIMPLE]
_STANDARD_PLANS: Final = _PLANS[StickList.STANDARD]
"""The hot path picks a list's plans by identity: an enum member's hash is Python code."""
assert set(_PLANS) == {StickList.SIMPLE, StickList.STANDARD}, "a new stick list needs its plans picked here"


def _finish(new: State, known: tuple[tuple[int, Witness] | None, ...]) -> State:
    """`new` (a real state `apply` built) with its witnesses `known`, then its legal moves
    (which may read them): every state's moves are read, and filling the slot costs less than
    a first read of an empty one."""
    _SET_WITNESSES(new, known)
    _SET_LEGAL(new, _legal(new, None))
    return new


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals hand 1 and the first sticks. `deck` fixes the first deal (top card first); the
    pot is shuffled from the seed after the first dealer is drawn."""
    n = require_players("sticks", players, PLAYERS, DEFAULT_PLAYERS)
    o = require_options("sticks", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    pot, rng = rng.shuffled(range(len(o.sticks)))
    start = State(
        options=o, hand=0, rng=rng, phase=Phase.DRAW, dealer=first, turn=first, hands=((),) * n,
        stock=(), discards=(), table=(), sticks=(NO_STICK,) * n, done=((),) * n, pot=pot,
        trading=(False,) * n, owed=(), laid=False, loose=(), taken=-1, turns=0,
    )  # fmt: skip
    return _deal(start, 1, first, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Trade: `trade stick`, `keep stick`. Draw: `draw stock`, `take discard`. Play: `lay stick`
    (then the stick's next melds: runs by suit and start, or sets by rank), or after the stick
    new melds (runs by suit and start, then sets by rank), lay-offs (meld by meld: a set's rank
    in hand order, a run's low then high end; then the last wild onto each place), swaps; then
    the discards in hand order."""
    if player is None:
        return state.legal  # what moves_for returns for every seat, without the call
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's sticks (face up: played or Free)."""
    return tuple(len(d) for d in state.done)


def winners(state: State) -> frozenset[int]:
    """Once the game is over: the seats with the most sticks."""
    if state.phase is not Phase.OVER:
        return frozenset()
    best = max(len(d) for d in state.done)
    return frozenset(s for s, d in enumerate(state.done) if len(d) == best)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand and stick; the pot face down."""
    check_viewer(state, player, len(state.hands))
    seen = zone_view(state, player, ZONES)
    sticks = tuple(
        s if s < 0 or seat == player else HIDDEN_STICK for seat, s in enumerate(state.sticks)
    )
    return _evolve(seen, sticks=sticks, pot=(HIDDEN_STICK,) * len(state.pot))


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def determinize(view: State, pack: Sequence[Piece], seed: int, allowed: CardAllowed | None) -> State:
    """A real state `view` could have come from: the hidden cards dealt at random, and the
    sticks the viewer has not seen (other seats' face-down sticks, the pot) drawn from fresh
    shuffled sets of the stick list, a free stick never going to a seat's hand.

    The pot is refilled with whole sets and takes back traded sticks, so which sticks it holds
    is not known to any seat; fresh sets are a fair guess, not the exact odds."""
    state = zone_determinize(view, pack, seed, ZONES, allowed)
    listed = view.options.sticks
    holders = [seat for seat, s in enumerate(view.sticks) if s == HIDDEN_STICK]
    sets = 1 + (len(holders) + len(view.pot)) // len(listed)
    pool = list(Rng(seed).shuffled(i for _ in range(sets + 1) for i in range(len(listed)))[0])
    sticks = list(view.sticks)
    for seat in holders:
        pick = next(k for k, i in enumerate(pool) if not listed[i].free)
        sticks[seat] = pool.pop(pick)
    return _evolve(state, sticks=tuple(sticks), pot=tuple(pool[: len(view.pot)]))


def check_invariants(state: State) -> None:
    """ValueError for a state the game cannot reach (or hostile JSON)."""
    n = len(state.hands)
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be sticks Options")
    if n not in PLAYERS:
        raise ValueError(f"sticks is played by 2 to 10 seats, not {n}")
    for name in ("sticks", "done", "trading"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name} must have one entry per seat")
    if not 1 <= state.hand <= o.max_hands:
        raise ValueError(f"deal {state.hand} is not 1..{o.max_hands}")
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    check_zones("sticks", state, ZONES, pack_for(n))
    for seat, held in enumerate(state.hands):
        if any(c.is_hidden for c in held):
            if any(not c.is_hidden for c in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not sorted")
    listed = o.sticks
    view_of = state.rng is None
    for seat, stick in enumerate(state.sticks):
        if stick == HIDDEN_STICK and view_of and seat != state.viewer:
            continue
        if stick != NO_STICK and not (0 <= stick < len(listed) and not listed[stick].free):
            raise ValueError(f"seat {seat}'s stick {stick} is not a stick of the list")
    for seat, won in enumerate(state.done):
        if any(not 0 <= s < len(listed) for s in won):
            raise ValueError(f"seat {seat}'s sticks are not of the list")
        if len(won) >= o.sticks_to_win and state.phase is not Phase.OVER:
            raise ValueError(f"seat {seat} has won but the game goes on")
    if any(not (0 <= s < len(listed) or view_of and s == HIDDEN_STICK) for s in state.pot):
        raise ValueError("the pot holds a stick not of the list")
    if not 0 <= state.turns <= o.max_turns_per_hand:
        raise ValueError(f"turns {state.turns} is not 0..{o.max_turns_per_hand}")
    for i, tm in enumerate(state.table, 1):
        problem = _table_meld_problem(tm, n)
        if problem:
            raise ValueError(f"table meld {i}: {problem}")
    phase = state.phase
    if any(state.trading) != (phase is Phase.TRADE) or phase is Phase.TRADE and not state.trading[state.turn]:
        raise ValueError("trading flags belong to the trade phase and its player")
    play = phase is Phase.PLAY
    mine = state.sticks[state.turn]
    if state.owed and not (view_of and mine == HIDDEN_STICK):
        if not play or mine < 0 or listed[mine].contract is None:
            raise ValueError("stick needs are owed only while a face-down stick goes down")
        needs = listed[mine].contract.needs  # type: ignore[union-attr]
        if len(set(state.owed)) != len(state.owed) or any(not 0 <= i < len(needs) for i in state.owed):
            raise ValueError("owed needs are not needs of the stick")
        if state.owed != tuple(range(len(needs) - len(state.owed), len(needs))):
            raise ValueError("a stick's needs are laid in its order")
    if state.laid and (not play or mine != NO_STICK):
        raise ValueError("laid is set only in play after the stick went down")
    if state.loose and (not play or mine != NO_STICK or state.laid):
        raise ValueError("freed wilds belong to the play of a player past their stick")
    if any(not (0 <= c < len(_BY_INDEX) and _BY_INDEX[c] is not None and RULES.is_wild(_BY_INDEX[c])) for c in state.loose):  # type: ignore[arg-type]
        raise ValueError("freed wilds must be wild cards")
    if state.taken != -1 and (not play or not (0 <= state.taken < len(_BY_INDEX)) or _BY_INDEX[state.taken] is None):
        raise ValueError("a taken card belongs to the play phase")
    if play and not state.hands[state.turn]:
        raise ValueError("the player in play holds no card")
    if phase is Phase.DRAW and (not state.stock or not state.discards):
        raise ValueError("a turn starts with cards in the stock and on the discard pile")


def _deal(state: State, number: int, dealer: int, deck: Sequence[Card | str] | None, said: tuple[Event, ...]) -> State:
    """Deals hand `number` (one card at a time from the dealer's left, then the upcard) and the
    sticks of the seats without one, or ends the match at the deal cap."""
    o = state.options
    n = len(state.hands)
    rng = state.rng
    assert rng is not None
    if number > o.max_hands:
        capped = (*said, Event(EventKind.NOTE, label=f"the match ends after {o.max_hands} deals"))
        return _game_over(_evolve(state, phase=Phase.OVER, owed=(), laid=False, loose=(), taken=-1), capped)
    cards, rng = shuffled_or_fixed(pack_for(n), rng, deck)
    first = (dealer + 1) % n
    hands, rest = deal(cards, players=n, first=first, each=HAND_SIZE)
    events = [*said, Event(EventKind.DEALS, player=dealer, numbers=(number,)), Event(EventKind.TURNS_UP, cards=rest[:1])]
    sticks = list(state.sticks)
    done = list(state.done)
    trading = [False] * n
    pot = state.pot
    over = False
    for seat in seats_from(first, n):
        if sticks[seat] != NO_STICK:
            trading[seat] = o.trade_in
            continue
        sticks[seat], pot, rng, done[seat] = _draw_stick(o, pot, rng, done[seat], seat, events)
        if len(done[seat]) >= o.sticks_to_win:
            over = True
            break
    hands = tuple([sorted_cards(h) for h in hands])
    if over:
        dealt = State(
            options=o, hand=number, rng=rng, phase=Phase.DRAW, dealer=dealer, turn=first, hands=hands,
            stock=rest[1:], discards=rest[:1], table=(), sticks=tuple(sticks), done=tuple(done), pot=pot,
            trading=(False,) * n, owed=(), laid=False, loose=(), taken=-1, turns=0,
        )  # fmt: skip
        return _game_over(_evolve(dealt, phase=Phase.OVER), tuple(events))
    phase, turn, trade = _DRAW_PHASE, first, (False,) * n
    if any(trading):
        phase, turn, trade = _TRADE_PHASE, next(s for s in seats_from(first, n) if trading[s]), tuple(trading)
    events.append(_TO_PLAY[turn])
    out = _build(
        o, number, rng, None, phase, dealer, turn, hands, rest[1:], rest[:1], (), tuple(sticks), tuple(done), pot,
        trade, (), False, (), -1, 0, tuple(events),
    )  # fmt: skip
    return _finish(out, (None,) * n)


def _draw_stick(
    o: Options, pot: tuple[int, ...], rng: Rng, done: tuple[int, ...], seat: int, events: list[Event]
) -> tuple[int, tuple[int, ...], Rng, tuple[int, ...]]:
    """Draws a stick for `seat`: Free sticks go face up and the seat draws again; a Free that
    would be the last stick needed is passed over. Returns (stick or NO_STICK once the seat has
    won, pot, rng, the seat's sticks)."""
    listed = o.sticks
    while True:
        free_ok = not (o.free_cannot_be_last and len(done) + 1 >= o.sticks_to_win)
        pick = next((i for i, s in enumerate(pot) if free_ok or not listed[s].free), None)
        if pick is None:
            fresh, rng = rng.shuffled(range(len(listed)))
            pot = pot + fresh
            events.append(Event(EventKind.NOTE, label="a fresh set of sticks goes into the pot"))
            continue
        stick = pot[pick]
        pot = pot[:pick] + pot[pick + 1 :]
        if listed[stick].free:
            done = (*done, stick)
            events.append(Event(EventKind.SHOWS, player=seat, numbers=(len(done),), label="a free stick"))
            if len(done) >= o.sticks_to_win:
                return NO_STICK, pot, rng, done
            continue
        events.append(Event(EventKind.DRAWS, player=seat, label="a stick"))
        return stick, pot, rng, done


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _OVER or (only is None and state.rng is None):
        return ()
    seat = state.turn
    if only is not None and only != seat:
        return ()
    if phase is _DRAW_PHASE:
        return _DRAW[seat]
    if phase is _TRADE_PHASE:
        return _TRADE[seat]
    return _legal_play(state, seat)


def _legal_play(state: State, seat: int) -> tuple[Move, ...]:
    held = state.hands[seat]
    if state.laid:
        return _discards(state, seat, held)
    stick = state.sticks[seat]
    if stick >= 0:
        plan = (_SIMPLE_PLANS if state.options.stick_list is _SIMPLE_LIST else _STANDARD_PLANS)[stick]
        assert plan is not None
        witnesses = state.witnesses
        known = witnesses[seat]
        sure = known is not None and known[0] == stick and len(held) > plan[3]
        owed = state.owed
        if owed:
            # a witness of the whole stick (right after `lay stick`) proves the first meld's search
            return _stick_melds(seat, held, plan[0], owed, sure and len(owed) == len(plan[0]))
        if not sure:
            can, found = _lay_check(held, plan)
            if found is not None:
                _SET_WITNESSES(state, replace_at(witnesses, seat, (stick, found)))
            if not can:
                return _discards(state, seat, held)
        return (*_LAY_STICK[seat], *_discards(state, seat, held))
    loose = [c for c in state.loose if any(h.index == c for h in held)]
    if loose:
        wild = _BY_INDEX[loose[0]]
        assert wild is not None
        return tuple(LayOff(seat, wild, i + 1, end) for i, end in _wild_targets(state.table))
    return _legal_after(state, seat, held)


def _legal_after(state: State, seat: int, held: tuple[Card, ...]) -> tuple[Move, ...]:
    """The moves after the stick: new melds, lay-offs, swaps, then the discards. The hand's
    facts the first three read are gathered in one pass: its wilds (card indices, hand order),
    its run positions per suit, and its naturals (card indices) per rank in hand order, where
    copies of one card sit side by side (the hand is sorted)."""
    wild = _WILD_AT
    bits = _LANE_BIT
    wilds: list[int] = []
    lanes = [0, 0, 0, 0]
    by_rank: dict[int, list[int]] = {}
    for card in held:
        i = card.index
        if wild[i]:
            wilds.append(i)
        else:
            lanes[(i >> 4) - 1] |= bits[i]
            same = by_rank.get(i & 15)
            if same is None:
                by_rank[i & 15] = [i]
            else:
                same.append(i)
    out: list[Move] = []
    if len(held) > NEW_MELD:
        out.extend(_new_melds(seat, wilds, lanes, by_rank))
    table = state.table
    if len(held) > 1 and table:
        out.extend(_lay_offs(table, seat, lanes, by_rank, wilds))
        out.extend(_swaps(table, seat, by_rank))
    out.extend(_discards(state, seat, held))
    return tuple(out)


def _distinct(held: tuple[Card, ...]) -> list[Card]:
    out: list[Card] = []
    last = -1
    for card in held:
        if card.index != last:
            out.append(card)
            last = card.index
    return out


def _discards(state: State, seat: int, held: tuple[Card, ...]) -> tuple[Move, ...]:
    row = _DISCARD[seat]
    if not state.options.no_playable_discards or state.sticks[seat] != NO_STICK or not state.table:
        taken = state.taken
        out = []
        last = -1
        for card in held:
            i = card.index
            if i != last:
                last = i
                if i != taken:
                    out.append(row[i])
        return tuple(out) if out else (row[taken],)
    cards = _distinct(held)
    free = [c for c in cards if c.index != state.taken] or cards
    fits = _fitting(state.table)
    allowed = [c for c in free if not _fits_table(c, fits)] or free
    return tuple(row[c.index] for c in allowed)


def _fitting(table: tuple[TableMeld, ...]) -> tuple[set[Rank], set[Card], bool]:
    """What the melds on the table take: set ranks, run end cards, and whether a wild fits."""
    ranks: set[Rank] = set()
    ends: set[Card] = set()
    wild = False
    for _, end, card in _targets(table):
        wild = True
        if end == 0:
            ranks.add(card.rank)
        else:
            ends.add(card)
    return ranks, ends, wild


def _fits_table(card: Card, fits: tuple[set[Rank], set[Card], bool]) -> bool:
    if RULES.is_wild(card):
        return fits[2]
    return card.rank in fits[0] or card in fits[1]


def _targets(table: tuple[TableMeld, ...]) -> Iterator[tuple[int, int, Card]]:
    """Per meld, its open places: (index, end, natural wanted) with end 0 for a set (the card
    stands for its rank), 1 and 2 for a run's low and high ends."""
    for i, tm in enumerate(table):
        m = tm.meld
        if m.kind is _SET:
            assert m.rank is not None
            yield i, 0, _card(m.rank, SUITS[0])
        elif len(m.cards) < RULES.run_max:
            assert m.suit is not None
            if m.low > 1:
                yield i, 1, _card(rank_at(m.low - 1), m.suit)
            if m.high < 14:
                yield i, 2, _card(rank_at(m.high + 1), m.suit)


def _wild_targets(table: tuple[TableMeld, ...]) -> list[tuple[int, int]]:
    return [(i, end) for i, end, _ in _targets(table)]


def _lay_offs(
    table: tuple[TableMeld, ...], seat: int, lanes: list[int], by_rank: dict[int, list[int]], wilds: list[int]
) -> list[Move]:
    """Lay-offs meld by meld (a set: its rank's distinct naturals in hand order; a run: the low
    end, then the high end), then the last wild held onto every open place. The hand's facts
    as `_legal_after` gathers them."""
    out: list[Move] = []
    places: list[tuple[int, int]] = []
    lay = _lay_off_move
    bits = _LANE_BIT
    number = 0
    for tm in table:
        number += 1
        m = tm.meld
        if m.kind is _SET:
            places.append((number, 0))
            naturals = by_rank.get(m.rank)  # type: ignore[arg-type]  # a Rank is its int
            if naturals:
                last = -1
                for i in naturals:
                    if i != last:  # copies of a card sit side by side
                        last = i
                        out.append(lay(seat, i, number, 0))
            continue
        size = len(m.cards)
        if size < _RUN_MAX:
            suit = m.suit
            assert suit is not None
            lane = lanes[suit]
            base = suit * 16 + 16
            low = m.low
            if low > 1:
                places.append((number, 1))
                wanted = base + (low - 2) % 13 + 1
                if lane & bits[wanted]:
                    out.append(lay(seat, wanted, number, 1))
            high = low + size - 1
            if high < 14:
                places.append((number, 2))
                wanted = base + high % 13 + 1
                if lane & bits[wanted]:
                    out.append(lay(seat, wanted, number, 2))
    if wilds:
        last_wild = wilds[-1]
        for number, end in places:
            out.append(lay(seat, last_wild, number, end))
    return out


_RUN_MAX: Final = RULES.run_max


_LAY_OFFS: Final[dict[tuple[int, int, int, int], LayOff]] = {}
"""Lay-off moves made so far, by (seat, card index, meld number, end), handed out again."""


def _lay_off_move(seat: int, index: int, number: int, end: int) -> LayOff:
    key = (seat, index, number, end)
    move = _LAY_OFFS.get(key)
    if move is None:
        card = _BY_INDEX[index]
        assert card is not None
        move = _LAY_OFFS[key] = _LAY_OFF(seat, card, number, end)
    return move


def _swaps(table: tuple[TableMeld, ...], seat: int, by_rank: dict[int, list[int]]) -> list[Move]:
    """Swaps table set by table set (others' sets holding a wild), the distinct naturals of its
    rank in hand order, each for every wild it may free (`_freed`)."""
    out: list[Move] = []
    number = 0
    for tm in table:
        number += 1
        m = tm.meld
        if tm.owner == seat or m.kind is not _SET:
            continue
        naturals = by_rank.get(m.rank)  # type: ignore[arg-type]  # a Rank is its int
        if not naturals:
            continue
        freed = _freed(m.cards)
        if freed:
            last = -1
            for i in naturals:
                if i != last:
                    last = i
                    card = _BY_INDEX[i]
                    assert card is not None
                    for w in freed:
                        out.append(_swap_move(seat, card, number, w))
    return out


def _freed(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The wilds a natural of a set's rank may free from the set of `cards`: its distinct wilds
    in meld order, if the set keeps within the wild limits after the swap (one natural more,
    one wild fewer). The same as `core.melds.wild_swaps` on a set under Sticks' rules (no
    suit rule: every natural of the rank frees the same wilds), without building the melds."""
    wild = _WILD_AT
    out: list[Card] = []
    seen = 0  # the wild card indices met, as bits
    wilds = 0
    for c in cards:
        i = c.index
        if wild[i]:
            wilds += 1
            if not seen >> i & 1:
                seen |= 1 << i
                out.append(c)
    if not out:
        return ()
    return tuple(out) if RULES.wilds_ok(len(cards) - wilds + 1, wilds - 1) else ()


_SWAPS: Final[dict[tuple[int, int, int, int], Swap]] = {}
"""Swap moves made so far, by (seat, card index, meld number, wild index), handed out again."""


def _swap_move(seat: int, card: Card, number: int, wild: Card) -> Swap:
    key = (seat, card.index, number, wild.index)
    move = _SWAPS.get(key)
    if move is None:
        move = _SWAPS[key] = _SWAP(seat, card, number, wild)
    return move


def _apply(state: State, move: Move) -> State:
    kind = type(move)
    if kind is Discard:
        return _apply_discard(state, move)  # type: ignore[arg-type]
    if kind is DrawStock:
        s = state
        seat = move.player
        card = s.stock[0]
        hands = list(s.hands)
        hands[seat] = insert_by_key(hands[seat], card, SORT_KEYS)
        out = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, tuple(hands), s.stock[1:], s.discards, s.table,
            s.sticks, s.done, s.pot, s.trading, (), False, (), -1, s.turns + 1, (_DRAW_EVENT[seat][card.index],),
        )  # fmt: skip
        _SET_WITNESSES(out, s.witnesses)  # a card added keeps every witness
        _SET_LEGAL(out, _legal_play(out, seat))
        return out
    if kind is TakeDiscard:
        s = state
        seat = move.player
        card = s.discards[-1]
        hands = list(s.hands)
        hands[seat] = insert_by_key(hands[seat], card, SORT_KEYS)
        out = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, tuple(hands), s.stock, s.discards[:-1], s.table,
            s.sticks, s.done, s.pot, s.trading, (), False, (), card.index, s.turns + 1, _TAKE_EVENT[seat],
        )  # fmt: skip
        _SET_WITNESSES(out, s.witnesses)
        _SET_LEGAL(out, _legal_play(out, seat))
        return out
    if kind is MakeMeld:
        return _apply_meld(state, move)  # type: ignore[arg-type]
    if kind is LayStick:
        s = state
        seat = move.player
        stick = s.options.sticks[s.sticks[seat]]
        assert stick.contract is not None
        out = _build(
            s.options, s.hand, s.rng, s.viewer, s.phase, s.dealer, s.turn, s.hands, s.stock, s.discards, s.table,
            s.sticks, s.done, s.pot, s.trading, _OWED[len(stick.contract.needs)], s.laid, s.loose, s.taken, s.turns,
            _shows_stick(seat, stick.name),
        )  # fmt: skip
        return _finish(out, s.witnesses)
    if kind is LayOff:
        return _apply_lay_off(state, move)  # type: ignore[arg-type]
    if isinstance(move, Swap):
        return _apply_swap(state, move)
    assert isinstance(move, TradeStick)
    return _apply_trade(state, move)


_OWED: Final = tuple(tuple(range(n)) for n in range(HAND_SIZE + 1))
"""`owed` right after `lay stick`, by the stick's number of needs."""


_MELDS: Final = EventKind.MELDS
"""Bound once, as the phases are (see DEVELOPING)."""


@functools.lru_cache(maxsize=1024)
def _shows_stick(seat: int, name: str) -> tuple[Event]:
    """The event of `lay stick` (the same for a seat and stick every time)."""
    return (make_event(EventKind.SHOWS, seat, (), (), f"its stick: {name}", False),)


def _hand_on(new: State, old: State, seat: int | None) -> State:
    """`new` with `old`'s witnesses, less `seat`'s (None: all kept), whose hand lost cards."""
    known = old.witnesses
    if seat is not None and known[seat] is not None:
        known = replace_at(known, seat, None)
    return _finish(new, known)


def _apply_meld(state: State, move: MakeMeld) -> State:
    s = state
    seat = move.player
    meld = move.meld()
    cards = meld.cards
    table = (*s.table, build_table_meld(meld, seat, (seat,) * len(cards)))
    event = make_event(_MELDS, seat, cards, (), "", False)
    hands = replace_at(s.hands, seat, _remove(s.hands[seat], cards))
    stick = s.sticks[seat]
    owed = s.owed[1:]
    if stick < 0 or owed:
        out = _build(
            s.options, s.hand, s.rng, s.viewer, s.phase, s.dealer, s.turn, hands, s.stock, s.discards, table,
            s.sticks, s.done, s.pot, s.trading, owed, s.laid, s.loose, s.taken, s.turns, (event,),
        )  # fmt: skip
        return _hand_on(out, s, seat)
    listed = s.options.sticks
    assert listed[stick].contract is not None
    done = replace_at(s.done, seat, (*s.done[seat], stick))
    events = (event, Event(EventKind.SHOWS, player=seat, numbers=(len(done[seat]),), label=f"stick {listed[stick].name}"))
    out = _evolve(
        s, hands=hands, table=table, owed=(), laid=True, sticks=replace_at(s.sticks, seat, NO_STICK), done=done,
        events=events,
    )  # fmt: skip
    if len(done[seat]) >= s.options.sticks_to_win:
        return _game_over(_evolve(out, phase=Phase.OVER, laid=False, taken=-1), events)
    return _hand_on(out, s, seat)


def _apply_lay_off(state: State, move: LayOff) -> State:
    seat = move.player
    i = move.meld - 1
    grown = _laid_off(state.table[i], move.card, seat, move.end)
    s = state
    loose = s.loose
    if loose and move.card.index in loose:
        rest = list(loose)
        rest.remove(move.card.index)
        loose = tuple(rest)
    event = make_event(_LAYS_OFF, seat, (move.card,), (move.meld,), "", False)
    hands = replace_at(s.hands, seat, _remove(s.hands[seat], (move.card,)))
    out = _build(
        s.options, s.hand, s.rng, s.viewer, s.phase, s.dealer, s.turn, hands, s.stock, s.discards,
        replace_at(s.table, i, grown), s.sticks, s.done, s.pot, s.trading, s.owed, s.laid, loose, s.taken, s.turns,
        (event,),
    )  # fmt: skip
    return _hand_on(out, s, seat)


_LAYS_OFF: Final = EventKind.LAYS_OFF


def _laid_off(target: TableMeld, card: Card, seat: int, end: int) -> TableMeld:
    """The table meld after `seat` lays `card` off onto `target` at `end` (0 a set, 1 a run's
    low end, 2 its high end): `core.melds.lay_off_credited` with the reading at that end, built
    directly (a natural joins a set in hand order, a wild at its end; a run grows at the end),
    the credit matched card by card as core matches it. Core builds it where a limit is
    reached (the wild limits, a full set or run), so its answer stands there."""
    m = target.meld
    cards = m.cards
    wild = _WILD_AT
    naturals = 0 if wild[card.index] else 1
    for c in cards:
        if not wild[c.index]:
            naturals += 1
    size = len(cards)
    if not RULES.wilds_ok(naturals, size + 1 - naturals) or size >= (_SET_MAX if m.kind is _SET else _RUN_MAX):
        grown = lay_off_credited(target, card, seat, RULES)
        if m.kind is _RUN:
            want_low = m.low - 1 if end == 1 else m.low
            grown = tuple(g for g in grown if g.meld.low == want_low)
        return grown[0]
    low = m.low
    if m.kind is _SET:
        new = cards + (card,) if wild[card.index] else sorted_cards((*cards, card))
    elif end == 1:
        new, low = (card, *cards), low - 1
    else:
        new = (*cards, card)
    pending: dict[int, list[int]] = {}
    for old, who in zip(cards, target.credit):
        pending.setdefault(old.index, []).append(who)
    pending.setdefault(card.index, []).append(seat)
    credit = tuple([pending[c.index].pop(0) for c in new])
    return build_table_meld(build_meld(m.kind, new, m.rank, m.suit, low), target.owner, credit)


_SET_MAX: Final = RULES.set_max


def _apply_swap(state: State, move: Swap) -> State:
    seat = move.player
    i = move.meld - 1
    swap = next(s for s in wild_swaps_credited(state.table[i], move.card, seat, RULES) if s.freed == move.wild)
    held = insert_by_key(_remove(state.hands[seat], (move.card,)), move.wild, SORT_KEYS)
    event = Event(EventKind.TAKES, player=seat, cards=(move.card,), numbers=(move.meld,), label=f"{move.wild} from a set for")
    out = _evolve(
        state,
        hands=replace_at(state.hands, seat, held),
        table=replace_at(state.table, i, swap.meld),
        loose=(*state.loose, move.wild.index),
        events=(event,),
    )
    return _hand_on(out, state, seat)


def _apply_trade(state: State, move: TradeStick) -> State:
    seat = move.player
    n = len(state.hands)
    events: list[Event] = []
    sticks, pot, rng, done = state.sticks, state.pot, state.rng, state.done
    assert rng is not None
    if move.trade:
        events.append(Event(EventKind.PASSES, player=seat, label="trades in its stick"))
        pot, rng = rng.shuffled((*pot, sticks[seat]))
        stick, pot, rng, won = _draw_stick(state.options, pot, rng, done[seat], seat, events)
        sticks = replace_at(sticks, seat, stick)
        done = replace_at(done, seat, won)
        if len(won) >= state.options.sticks_to_win:
            over = _evolve(state, phase=Phase.OVER, sticks=sticks, pot=pot, rng=rng, done=done, trading=(False,) * n)
            return _game_over(over, tuple(events))
    else:
        events.append(Event(EventKind.CHOOSES, player=seat, label="keeps its stick"))
    trading = replace_at(state.trading, seat, False)
    first = (state.dealer + 1) % n
    nxt = next((s for s in seats_from(first, n) if trading[s]), None)
    phase, turn = (Phase.TRADE, nxt) if nxt is not None else (Phase.DRAW, first)
    events.append(_TO_PLAY[turn])
    return _evolve(
        state, phase=phase, turn=turn, sticks=sticks, pot=pot, rng=rng, done=done, trading=trading,
        events=tuple(events),
    )  # fmt: skip


def _apply_discard(state: State, move: Discard) -> State:
    s = state
    seat = move.player
    card = move.card
    index = card.index
    seats = list(s.hands)
    before = seats[seat]
    for at, other in enumerate(before):
        if other.index == index:
            break
    held = seats[seat] = before[:at] + before[at + 1 :]  # the card is held: a legal move's
    hands = tuple(seats)
    discards = (*s.discards, card)
    event = _DISCARD_EVENT[seat][index]
    if not held:
        out = _evolve(state, hands=hands, discards=discards)
        return _end_hand(out, seat, (event, Event(EventKind.GOES_OUT, player=seat)))
    stock = s.stock
    events: tuple[Event, ...] = (event,)
    rng = s.rng
    assert rng is not None
    if not stock:
        refill = refill_stock(stock, discards, rng)
        stock, discards, rng = refill.stock, refill.discards, refill.rng
        events += refill.events
        if refill.short:
            out = _evolve(state, hands=hands, discards=discards, rng=rng)
            return _end_hand(out, None, (*events, Event(EventKind.NOTE, label="the stock is out: a dead hand")))
    if s.turns >= s.options.max_turns_per_hand:
        out = _evolve(state, hands=hands, discards=discards, stock=stock, rng=rng)
        return _end_hand(out, None, (*events, Event(EventKind.NOTE, label="the turn limit: a dead hand")))
    turn = (seat + 1) % len(hands)
    out = _build(
        s.options, s.hand, rng, None, _DRAW_PHASE, s.dealer, turn, hands, stock, discards, s.table,
        s.sticks, s.done, s.pot, s.trading, (), False, (), -1, s.turns, (*events, _TO_PLAY[turn]),
    )  # fmt: skip
    known = s.witnesses
    mine = known[seat]
    if mine is not None:
        kept = _spare(mine[1], before, card, at)
        if kept is not mine[1]:
            known = replace_at(known, seat, None if kept is None else (mine[0], kept))
    _SET_WITNESSES(out, known)
    _SET_LEGAL(out, _DRAW[turn])  # what `_legal` gives in the draw phase
    return out


def _end_hand(state: State, out: int | None, said: tuple[Event, ...]) -> State:
    """Scores the hand (the sticks each seat played in it) and deals the next."""
    gained = tuple(1 if s == NO_STICK else 0 for s in state.sticks)
    events = (*said, Event(EventKind.HAND_SCORED, numbers=gained, label="sticks played"))
    return _deal(state, state.hand + 1, (state.dealer + 1) % len(state.hands), None, events)


def _game_over(state: State, said: tuple[Event, ...]) -> State:
    best = winners(state)
    return _evolve(state, events=(*said, Event(EventKind.GAME_OVER, numbers=tuple(sorted(best)))))


def _table_meld_problem(tm: TableMeld, n: int) -> str | None:
    m = tm.meld
    if not 0 <= tm.owner < n or len(tm.credit) != len(m.cards) or any(not 0 <= c < n for c in tm.credit):
        return "owner or credit out of range"
    if any(c.is_hidden for c in m.cards) or len(m.cards) < 3:
        return "not a meld"
    naturals = [c for c in m.cards if not RULES.is_wild(c)]
    if not naturals:
        return "a meld needs a natural card"
    if m.kind is MeldKind.SET:
        if m.rank is None or m.suit is not None or any(c.rank is not m.rank for c in naturals):
            return "a set holds one rank"
        return None
    if m.suit is None or m.rank is not None or not 1 <= m.low <= m.high <= 14 or len(m.cards) > RULES.run_max:
        return "a run lies within ace to ace"
    if any(not RULES.is_wild(c) and c != want for c, want in zip(m.cards, m.stands_for())):
        return "a run's naturals stand in their places"
    return None


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    seat = state.turn
    if move.player != seat:
        return f"it is seat {seat}'s turn, not seat {move.player}'s"
    phase = state.phase
    if phase is Phase.TRADE:
        return "first trade in the stick or keep it"
    if phase is Phase.DRAW:
        return "first draw from the stock or take the discard"
    if isinstance(move, (DrawStock, TakeDiscard, TradeStick)):
        return "the player has already drawn this turn"
    held = state.hands[seat]
    if state.laid:
        return "the stick went down this turn: nothing more may be played, only the discard"
    if state.owed and not isinstance(move, MakeMeld):
        return "finish laying the stick first"
    if state.loose and isinstance(move, Discard):
        return "a wild taken by a swap must be played this turn before the discard"
    stick = state.sticks[seat]
    if isinstance(move, LayStick):
        if state.owed:
            return "the stick is already going down"
        if stick < 0:
            return "the stick was already played this hand"
        return f"the hand cannot lay its stick ({state.options.sticks[stick].name}) and keep a card to discard"
    cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
    if any(held.count(c) < cards.count(c) for c in set(cards)):
        return f"seat {seat} does not hold {cards_text(cards)}"
    if isinstance(move, Discard):
        if move.card.index == state.taken:
            return "a card taken from the discard pile may not be discarded the same turn"
        return "a card that could be added to the melds on the table may not be discarded"
    if stick >= 0:
        if not isinstance(move, MakeMeld):
            return "melds may be added to and wilds taken only after the stick is played"
        contract = state.options.sticks[stick].contract
        assert contract is not None
        if not state.owed:
            return "say 'lay stick' first; the stick's melds follow"
        need = contract.needs[state.owed[0]]
        return (
            f"the stick asks for exactly {contract} (no extra cards), laid in that order: the next meld "
            f"is a {need}, leaving the rest possible with a card kept to discard"
        )
    if state.loose:
        return "the wild taken by the swap must be laid off first"
    if isinstance(move, Swap):
        return "wilds may be taken only from another player's set, for a natural of its rank"
    if len(held) - len(cards) < 1:
        return "the player must keep a card to discard"
    if isinstance(move, MakeMeld):
        return "new melds are laid as three cards (a set or a run, at least one natural; wilds: the last in hand)"
    return f"{move.card} does not fit that meld there"
