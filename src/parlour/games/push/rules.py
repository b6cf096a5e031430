"""Push's position and verbs: the `State` with its zones, `new_game`, `legal_moves`, `apply`
and the rest of the game protocol, then the deal and the `_legal_*` / `_apply_*` helpers."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cached_property
from typing import Final

import attrs

from parlour.core.cards import HIDDEN, SORT_KEYS, Card, cards_text, sorted_cards
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.melds import Meld, MeldKind
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.stock import refill_stock
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.push.tables import CONTRACTS, HAND_SIZES, Options, PACK, PLAYERS, TEAMS, _AT, _CARD, _WILD
from parlour.games.push.moves import (
    Discard,
    End,
    LayOff,
    MOVE_TYPES,
    MeldCards,
    Move,
    Push,
    Swap,
    Take,
    _DISCARD_EVENTS,
    _DISCARD_TURNS,
    _DRAW_EVENTS,
    _GIVE_EVENTS,
    _RECEIVE_EVENTS,
    _TAKE_EVENTS,
    _TAKE_ONLY,
    _TAKE_OR_PUSH,
    _TO_PLAY,
)
from parlour.games.push.melding import (
    _NATURAL_BIT,
    _SWAP_CODE,
    _WILD_CARDS,
    _contract_moves,
    _Index,
    _RUN_KIND,
    _SET_KIND,
    _meld,
    _MeldInfo,
    _scan_closed,
    _threes_fit,
    _insert,
    _lay_off_move,
    meld_fault,
    _new_melds,
    _scan_bits,
    _scan_hand,
    _swap_move,
    _table_index,
    _wants_info,
    meld_wants,
    _wild_meldable,
    deal_score,
)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    DRAW = "draw"
    """`turn` takes the top discard or pushes it."""
    PLAY = "play"
    """`turn` melds, lays off, swaps, then discards."""
    OVER = "over"


_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
"""The phases the hot paths test and set, bound once (an enum member read through its class
costs several global reads on Python 3.11)."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Hands are in display order; `stock[0]` is its top, `discards[-1]` the top
    of the pile; `table` holds the melds in the order laid, `owners` who laid each."""

    options: Options
    hand: int
    """The deal, 1 to `options.deals`."""
    rng: Rng | None
    viewer: int | None = None
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    turn: int
    turns: int
    """Turns finished in this deal (for the safety cap)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    table: tuple[Meld, ...]
    owners: tuple[int, ...]
    wants: tuple[tuple[int, ...], ...]
    """Per table meld, what it can take (lay-offs and swaps, as codes): derived from `table`
    and checked against it, kept so that a turn need not read every meld again."""
    opened: tuple[bool, ...]
    """Each seat has laid its own contract this deal."""
    needs_left: tuple[int, ...]
    """The contract's needs (indices) still to lay this turn, once its first meld is down."""
    taken: Card | None
    """The card taken from the pile this turn, held apart from `hands` until it is played or
    the turn ends (it may not be discarded this turn but as the player's last card)."""
    owed: Card | None
    """A wild freed by a swap, held apart until it is laid off or melded (the next play)."""
    points: tuple[int, ...]
    """Each partnership's total over the deals scored (low wins)."""

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's in a view."""
        if self.rng is not None:
            return _legal(self, None)
        return () if self.viewer is None else _legal(self, self.viewer)

    @cached_property
    def takes(self) -> _Index:
        """What the table melds take, decoded from `wants` for the lay-off and swap moves (not a
        field: never serialised or compared). `apply` hands it on while the table is untouched
        and updates it for the one meld a play changes or adds; a state `apply` did not build
        (a deal, JSON, a view) decodes it from `wants` on first read."""
        return _table_index(self.wants)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("owed", Seen.EVERYONE),
)

_build: Final = builder(State)
"""Builds a state (one call with every field); `_live` then fills its cached slots."""


_SET_TAKES: Final = cached_setter(State, "takes")
_SET_LEGAL: Final = cached_setter(State, "legal")


def _live(new: State, takes: _Index) -> State:
    """`new` (a real state of the play phase, its `turn` to play) with its table index `takes`
    handed on, then its legal moves (which read it): they are always read next, and filling
    the slot costs less than a first read."""
    _SET_TAKES(new, takes)
    _SET_LEGAL(new, _legal_play(new, new.turn))
    return new


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals deal 1. `deck` fixes its cards (top first), `dealer` the first dealer."""
    n = require_players("push", players, PLAYERS, 4)
    rules = require_options("push", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    return _deal(rules, 1, first, (0, 0), rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Draw: `take`, `push`. Play: the freed wild's places (after a swap) or the contract melds
    (while laying it); otherwise new melds, lay-offs (meld by meld), swaps, then discards in
    hand order."""
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
    """Each seat's partnership total (penalty points: low is good)."""
    return tuple(state.points[s % TEAMS] for s in range(len(state.hands)))


def winners(state: State) -> frozenset[int]:
    """Once the game is over, the seats of the partnership with the lower total (a tie shares)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    best = min(state.points)
    return frozenset(s for s in range(len(state.hands)) if state.points[s % TEAMS] == best)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand; other hands and the stock face down."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """ValueError for a state the game cannot reach (or hostile JSON)."""
    if len(state.hands) != 4:
        raise ValueError(f"push is played by 4 seats, not {len(state.hands)}")
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be push Options")
    if not 1 <= state.hand <= o.deals:
        raise ValueError(f"deal {state.hand} is not 1..{o.deals}")
    check_seat("dealer", state.dealer, 4)
    check_seat("turn", state.turn, 4)
    if len(state.points) != TEAMS or len(state.opened) != 4:
        raise ValueError("points need one entry per partnership and opened one per seat")
    if any(p < 0 for p in state.points):
        raise ValueError("penalty totals are never negative")
    if not 0 <= state.turns < o.max_turns_per_hand + (state.phase is Phase.OVER):
        raise ValueError(f"turns {state.turns} is not below the cap {o.max_turns_per_hand}")
    check_zones("push", state, ZONES, PACK)
    if len(state.owners) != len(state.table):
        raise ValueError("one owner per table meld")
    if len(state.wants) != len(state.table):
        raise ValueError("one wants entry per table meld")
    for seat in state.owners:
        check_seat("meld owner", seat, 4)
    for i, meld in enumerate(state.table):
        problem = meld_fault(meld)
        if problem:
            raise ValueError(f"meld {i + 1} ({meld}): {problem}")
        if state.wants[i] != meld_wants(meld):
            raise ValueError(f"meld {i + 1}'s wants do not match it")
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(c != HIDDEN for c in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not in display order")
    contract = CONTRACTS[state.hand - 1]
    for seat in range(4):
        if state.opened[seat] and state.owners.count(seat) < len(contract.needs):
            raise ValueError(f"seat {seat} is marked opened without its contract's melds")
    if state.phase is Phase.PLAY:
        if not state.hands[state.turn] and state.taken is None and state.owed is None:
            raise ValueError("the player in play holds no card")
        if state.owed is not None and (not _WILD[state.owed.index] or not state.opened[state.turn]):
            raise ValueError("only an opened player can owe a wild freed by a swap")
        if state.needs_left:
            if state.opened[state.turn] or state.owed is not None:
                raise ValueError("needs_left is only kept while a contract is being laid")
            if list(state.needs_left) != sorted(set(state.needs_left)) or not all(
                0 <= i < len(contract.needs) for i in state.needs_left
            ):
                raise ValueError("needs_left must be sorted contract need indices")
            if len(state.needs_left) >= len(contract.needs):
                raise ValueError("needs_left is set only after the contract's first meld")
    elif state.taken is not None or state.owed is not None or state.needs_left:
        raise ValueError("taken, owed and needs_left belong to a turn in play")
    if state.phase is not Phase.OVER and not state.discards and state.phase is Phase.DRAW:
        raise ValueError("a turn starts with a card on the discard pile")
    if state.phase is Phase.OVER and state.hand != o.deals:
        raise ValueError("the game ends after the last deal")


# Deal ----------------------------------------------------------------------------------------


def _deal(
    options: Options,
    number: int,
    dealer: int,
    points: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals deal `number` one card at a time from the dealer's left and turns the upcard (a
    wild upcard is buried in the stock at a random place and the next card turned)."""
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    first = (dealer + 1) % 4
    hands, rest = deal(cards, players=4, first=first, each=HAND_SIZES[number - 1])
    said = [*events, Event(EventKind.DEALS, player=dealer, numbers=(number,))]
    up, stock = rest[0], rest[1:]
    while _WILD[up.index]:
        said.append(Event(EventKind.TURNS_UP, cards=(up,)))
        said.append(Event(EventKind.NOTE, player=dealer, label=f"buries the wild {up} in the stock"))
        at, rng = rng.below(len(stock) + 1)
        stock = (*stock[:at], up, *stock[at:])
        up, stock = stock[0], stock[1:]
    said += [Event(EventKind.TURNS_UP, cards=(up,)), _TO_PLAY[first]]
    return State(
        options=options,
        hand=number,
        rng=rng,
        events=tuple(said),
        phase=Phase.DRAW,
        dealer=dealer,
        turn=first,
        turns=0,
        hands=tuple(sorted_cards(h) for h in hands),
        stock=stock,
        discards=(up,),
        table=(),
        owners=(),
        wants=(),
        opened=(False,) * 4,
        needs_left=(),
        taken=None,
        owed=None,
        points=points,
    )


# Legal moves ---------------------------------------------------------------------------------


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _OVER:
        return ()
    seat = state.turn
    if only is not None and only != seat:
        return ()
    if phase is _DRAW:
        if len(state.stock) + len(state.discards) >= 3:
            return _TAKE_OR_PUSH[seat]
        return _TAKE_ONLY[seat]
    return _legal_play(state, seat)


def _pool(state: State, seat: int) -> tuple[Card, ...]:
    """The cards the player may play from: the hand and the card taken (not the owed wild)."""
    held = state.hands[seat]
    return held if state.taken is None else _insert(held, state.taken)


_CONTRACT_CARDS: Final = tuple(contract.cards for contract in CONTRACTS)
_ALL_NEEDS: Final = tuple(tuple(range(len(contract.needs))) for contract in CONTRACTS)
_THREES: Final = tuple(
    len(contract.needs) if all(n.kind is MeldKind.SET and n.length == 3 for n in contract.needs) else 0
    for contract in CONTRACTS
)
"""By deal: the cards its contract takes, the indices of all its needs, and how many sets of
three it asks when that is all it asks (0 otherwise)."""


def _legal_play(state: State, seat: int) -> tuple[Move, ...]:
    held = state.hands[seat]
    taken = state.taken
    owed = state.owed
    if owed is not None:
        return _owed_moves(state, seat, held if taken is None else (*held, taken), owed)  # any order
    contract = CONTRACTS[state.hand - 1]
    if state.needs_left:
        pool = held if taken is None else _insert(held, taken)
        return tuple(_contract_moves(seat, pool, contract, state.needs_left))
    if not state.opened[seat]:
        discards, ranks, copies, wild_count = _scan_closed(seat, held, taken)
        if len(held) + (taken is not None) >= _CONTRACT_CARDS[state.hand - 1]:
            threes = _THREES[state.hand - 1]
            if threes and not _threes_fit(ranks, copies, wild_count, threes):
                return discards
            pool = held if taken is None else (*held, taken)
            melds = _contract_moves(seat, pool, contract, _ALL_NEEDS[state.hand - 1], fits=bool(threes))
            if melds:
                return (*melds, *discards)
        return discards
    index = state.takes
    wanted = index.mask if state.wants else 0
    discards, rm, pm, wilds, taken_new, lay = _scan_hand(seat, held, taken, wanted)
    moves: list[Move] = []
    _new_melds(seat, rm, pm, wilds, moves, False)
    ready: list[Move] = []
    extra = taken if taken_new else None
    if extra is not None and _NATURAL_BIT[extra.index] & wanted:
        lay.append(extra)
    swaps = _lay_offs(state, index, seat, lay, held, extra, wilds[0] if wilds else None, moves, ready)
    moves.extend(ready)
    if swaps:
        moves.extend(_swaps(index, seat, swaps, held if taken is None else _insert(held, taken)))
    moves.extend(discards)
    return tuple(moves)


def _lay_offs(
    state: State,
    index: _Index,
    seat: int,
    lay: list[Card],
    held: tuple[Card, ...],
    extra: Card | None,
    wild: Card | None,
    out: list[Move],
    ready: list[Move],
) -> list[tuple[int, int]]:
    """Appends the lay-offs: the natural cards some meld takes (`lay`: distinct, in hand order,
    then the card taken when the hand lacks its like), each onto its melds in order; the
    naturals of `held` (then `extra`) onto a meld of wilds only; then one wild onto each place
    (a run: low end, then high). Returns the swaps the hand could make: into `ready` as moves
    when some meld has room for the freed wild, else returned as (meld, code) for `_swaps` to
    check."""
    if not state.wants:
        return []
    built = index.built
    base = seat * 80
    swaps: list[tuple[int, int]] = []
    for card in lay:
        got = built.get(base + card.index)
        if got is None:
            got = index.card_moves(seat, card)
        if got[0]:
            out.extend(got[0])
        if got[1]:
            ready.extend(got[1])
        elif got[2]:
            swaps.extend(got[2])
    if index.any_natural:
        wild_of = _WILD
        cards = held if extra is None else (*held, extra)
        for target in index.any_natural:
            last = -1
            for card in cards:
                i = card.index
                if i != last and not wild_of[i]:
                    last = i
                    out.append(_lay_off_move(seat, card, target, 0))
    if wild is not None:
        out.extend(index.wild_moves(seat, wild))
    return swaps


def _swaps(index: _Index, seat: int, found: list[tuple[int, int]], pool: tuple[Card, ...]) -> list[Move]:
    """The swaps whose freed wild can be laid off (any meld with room) or melded at once."""
    room = bool(index.open)
    out: list[Move] = []
    for i, code in found:
        natural, wild = _CARD[(code - _SWAP_CODE) // 80], _WILD_CARDS[(code - _SWAP_CODE) % 80]
        if room or _wild_meldable(pool, natural, wild):
            out.append(_swap_move(seat, natural, wild, i))
    return out


def _owed_moves(state: State, seat: int, pool: tuple[Card, ...], owed: Card) -> tuple[Move, ...]:
    """The freed wild's places: laid off (meld by meld), or in a new meld from hand."""
    moves: list[Move] = []
    if state.wants:
        moves.extend(state.takes.wild_moves(seat, owed))
    rm, pm, wilds = _scan_bits(pool, owed)
    _new_melds(seat, rm, pm, wilds, moves, True)
    return tuple(moves)


# Applying moves ------------------------------------------------------------------------------


def _apply(state: State, move: Move) -> State:
    if type(move) is Discard:
        return _apply_discard(state, move.player, move.card)
    if type(move) is Take:
        return _apply_take(state, move.player)
    if type(move) is Push:
        return _apply_push(state, move.player)
    if type(move) is MeldCards:
        return _apply_meld(state, move)
    if type(move) is LayOff:
        return _apply_lay_off(state, move)
    assert type(move) is Swap
    return _apply_swap(state, move)


def _apply_take(state: State, seat: int) -> State:
    s = state
    top = s.discards[-1]
    out = _build(
        s.options, s.hand, s.rng, None, (_TAKE_EVENTS[seat][top.index],), _PLAY,
        s.dealer, seat, s.turns, s.hands, s.stock, s.discards[:-1], s.table, s.owners, s.wants, s.opened, (), top, None,
        s.points,
    )
    return _live(out, s.takes)


def _apply_push(state: State, seat: int) -> State:
    s = state
    stock, discards, rng = s.stock, s.discards, s.rng
    events: list[Event] = []
    if len(stock) < 2:
        assert rng is not None
        refill = refill_stock(stock, discards, rng, need=2, keep=1)
        stock, discards, rng = refill.stock, refill.discards, refill.rng
        events.extend(refill.events)
    top, given, drawn = discards[-1], stock[0], stock[1]
    left = (seat + 1) % 4
    hands = list(s.hands)
    hands[left] = _insert(_insert(hands[left], top), given)
    hands[seat] = _insert(hands[seat], drawn)
    events += [_GIVE_EVENTS[seat][top.index], _RECEIVE_EVENTS[left][given.index], _DRAW_EVENTS[seat][drawn.index]]
    out = _build(
        s.options, s.hand, rng, None, tuple(events), _PLAY, s.dealer, seat, s.turns, tuple(hands), stock[2:],
        discards[:-1], s.table, s.owners, s.wants, s.opened, (), None, None, s.points,
    )
    return _live(out, s.takes)


def _find(held: tuple[Card, ...], card: Card) -> int:
    """Where `card` lies in the hand: by identity first (cards are the pack's shared objects),
    by value otherwise (a card read from JSON)."""
    for i, held_card in enumerate(held):
        if held_card is card:
            return i
    return held.index(card)


def _take_out(state: State, seat: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], Card | None, Card | None]:
    """The hand, taken card and owed wild after `cards` leave them (owed first, then the card
    taken, then the hand)."""
    held, taken, owed = state.hands[seat], state.taken, state.owed
    for card in cards:  # cards compared by index: it is unique to the card's value
        if owed is not None and card.index == owed.index:
            owed = None
        elif taken is not None and card.index == taken.index:
            taken = None
        else:
            i = _find(held, card)
            held = held[:i] + held[i + 1 :]
    return held, taken, owed


def _after_play(
    state: State,
    seat: int,
    cards: Sequence[Card],
    table: tuple[Meld, ...],
    owners: tuple[int, ...],
    wants: tuple[tuple[int, ...], ...],
    changed: int,
    info: _MeldInfo,
    events: tuple[Event, ...],
    opened: tuple[bool, ...] | None = None,
    needs_left: tuple[int, ...] = (),
    owed_now: Card | None = None,
) -> State:
    """The state after a play that takes `cards` from the player and leaves the table as
    given; `changed`: the table meld the play changed or added, `info` its `_meld_info` (the
    table index is updated for that meld alone)."""
    held, taken, owed = _take_out(state, seat, cards)
    if owed_now is not None:
        owed = owed_now
    s = state
    ended = not held and taken is None and owed is None
    out = _build(
        s.options, s.hand, s.rng, None, events, _PLAY, s.dealer, seat, s.turns,
        replace_at(s.hands, seat, held), s.stock, s.discards, table, owners, wants, opened or s.opened, needs_left, taken,
        owed, s.points,
    )
    if ended:
        return _end_deal(out, seat)
    return _live(out, s.takes.changed(changed, info))


def _apply_meld(state: State, move: MeldCards) -> State:
    seat, meld = move.player, move.meld
    melds = make_event(_MELDS, seat, meld.cards, (), "", False)
    events: tuple[Event, ...] = (melds,)
    opened = None
    needs_left: tuple[int, ...] = ()
    if not state.opened[seat]:
        contract = CONTRACTS[state.hand - 1]
        left = list(state.needs_left or range(len(contract.needs)))
        filled = next(i for i in left if (contract.needs[i].kind, contract.needs[i].length) == (meld.kind, len(meld.cards)))
        left.remove(filled)
        needs_left = tuple(left)
        if not left:
            opened = replace_at(state.opened, seat, True)
            events = (melds, Event(EventKind.NOTE, player=seat, label=f"has laid the contract ({contract})"))
    codes, info = _wants_info(meld)
    return _after_play(
        state, seat, meld.cards, (*state.table, meld), (*state.owners, seat), (*state.wants, codes),
        len(state.table), info, events,
        opened, needs_left,
    )


def _set_cards(naturals: list[Card], wilds: Sequence[Card]) -> tuple[Card, ...]:
    """A set's cards: its naturals in hand order (sorted by their keys, not by hashing the
    cards as `sorted_cards` does), then its wilds."""
    if len(naturals) > 1:
        naturals.sort(key=_card_key)
    return (*naturals, *wilds)


def _card_key(card: Card) -> int:
    return SORT_KEYS[card.index]


_LOW: Final = End.LOW
_MELDS: Final = EventKind.MELDS
_LAYS_OFF: Final = EventKind.LAYS_OFF
_TAKES_KIND: Final = EventKind.TAKES
"""Enum members the plays read, bound once."""


def _apply_lay_off(state: State, move: LayOff) -> State:
    seat, card, i = move.player, move.card, move.target
    meld = state.table[i]
    if meld.kind is _SET_KIND:
        naturals = [c for c in meld.cards if not _WILD[c.index]]
        wilds = [c for c in meld.cards if _WILD[c.index]]
        rank = meld.rank
        if _WILD[card.index]:
            wilds.append(card)
        else:
            naturals.append(card)
            rank = card.rank
        grown = _meld(_SET_KIND, _set_cards(naturals, wilds), rank, None, 0)
    elif move.end is _LOW:
        grown = _meld(_RUN_KIND, (card, *meld.cards), None, meld.suit, meld.low - 1)
    else:
        grown = _meld(_RUN_KIND, (*meld.cards, card), None, meld.suit, meld.low)
    events = (make_event(_LAYS_OFF, seat, (card,), (i + 1,), "", False),)
    codes, info = _wants_info(grown)
    wants = replace_at(state.wants, i, codes)
    return _after_play(state, seat, (card,), replace_at(state.table, i, grown), state.owners, wants, i, info, events)


def _apply_swap(state: State, move: Swap) -> State:
    seat, card, wild, i = move.player, move.card, move.wild, move.target
    meld = state.table[i]
    if meld.kind is _SET_KIND:
        cards = list(meld.cards)
        cards.remove(wild)
        naturals = [c for c in cards if not _WILD[c.index]] + [card]
        swapped = _meld(_SET_KIND, _set_cards(naturals, [c for c in cards if _WILD[c.index]]), meld.rank, None, 0)
    else:
        k = _position(meld, card) - meld.low
        swapped = _meld(_RUN_KIND, (*meld.cards[:k], card, *meld.cards[k + 1 :]), None, meld.suit, meld.low)
    events = (
        make_event(_LAYS_OFF, seat, (card,), (i + 1,), "", False),
        make_event(_TAKES_KIND, seat, (wild,), (i + 1,), "the wild it replaces", False),
    )
    codes, info = _wants_info(swapped)
    wants = replace_at(state.wants, i, codes)
    return _after_play(
        state, seat, (card,), replace_at(state.table, i, swapped), state.owners, wants, i, info, events, owed_now=wild
    )


def _position(meld: Meld, card: Card) -> int:
    """The position a natural card takes in a run (its wild's place)."""
    row = _AT[int(meld.suit)]  # type: ignore[arg-type]
    return next(p for p in range(meld.low, meld.high + 1) if row[p] == card)


def _apply_discard(state: State, seat: int, card: Card) -> State:
    s = state
    held, taken = s.hands[seat], s.taken
    if held:
        if held[-1] is card:
            held = held[:-1]
        else:
            i = _find(held, card)
            held = held[:i] + held[i + 1 :]
        if taken is not None:
            held = _insert(held, taken)
    discards = (*s.discards, card)
    hands = replace_at(s.hands, seat, held)
    turns = s.turns + 1
    if not held or turns >= s.options.max_turns_per_hand:
        said: tuple[Event, ...] = (_DISCARD_EVENTS[seat][card.index],)
        out = _build(
            s.options, s.hand, s.rng, None, said, _DRAW, s.dealer, (seat + 1) % 4, turns, hands, s.stock,
            discards, s.table, s.owners, s.wants, s.opened, (), None, None, s.points,
        )
        return _end_deal(out, None if held else seat)
    after = (seat + 1) % 4
    out = _build(
        s.options, s.hand, s.rng, None, _DISCARD_TURNS[seat][card.index], _DRAW, s.dealer, after,
        turns, hands, s.stock, discards, s.table, s.owners, s.wants, s.opened, (), None, None, s.points,
    )
    _SET_TAKES(out, s.takes)
    _SET_LEGAL(out, _TAKE_OR_PUSH[after] if len(s.stock) + len(discards) >= 3 else _TAKE_ONLY[after])
    return out


def _end_deal(state: State, out: int | None) -> State:
    """Scores the deal (`out`: the seat that went out, None for a dead hand), then deals the
    next or ends the game."""
    events = list(state.events)
    if out is not None:
        events.append(Event(EventKind.GOES_OUT, player=out))
    else:
        events.append(Event(EventKind.NOTE, label=f"dead hand after {state.turns} turns"))
    gained = deal_score(state.hands, out)
    points = (state.points[0] + gained[0], state.points[1] + gained[1])
    events.append(Event(EventKind.HAND_SCORED, numbers=tuple(gained[s % TEAMS] for s in range(4))))
    if state.hand < state.options.deals:
        assert state.rng is not None
        return _deal(state.options, state.hand + 1, (state.dealer + 1) % 4, points, state.rng, None, tuple(events))
    over = attrs.evolve(state, phase=Phase.OVER, points=points, taken=None, owed=None, needs_left=())
    events.append(Event(EventKind.GAME_OVER, numbers=tuple(sorted(winners(over)))))
    return attrs.evolve(over, events=tuple(events))


def _why_illegal(state: State, move: Move) -> str:
    seat = state.turn
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != seat:
        return f"it is seat {seat}'s turn, not seat {move.player}'s"
    if state.phase is Phase.DRAW:
        if isinstance(move, Push):
            return "a push needs two stock cards, and the discards cannot refill the stock"
        return "first take the top discard or push it"
    if isinstance(move, (Take, Push)):
        return "the player has already drawn this turn"
    if state.owed is not None:
        return f"the freed wild {state.owed} must be laid off or melded first"
    contract = CONTRACTS[state.hand - 1]
    if state.needs_left:
        return f"the contract ({contract}) must be finished first, one meld at a time"
    pool = _pool(state, seat)
    if isinstance(move, Discard):
        if move.card == state.taken and move.card not in state.hands[seat]:
            return f"{move.card} was taken from the pile this turn: it may not be discarded but as the last card"
        return f"seat {seat} does not hold {move.card}"
    if not state.opened[seat]:
        if isinstance(move, (LayOff, Swap)):
            return f"the player must lay their own contract ({contract}) before laying off or swapping"
        return (
            f"a first meld must be part of this deal's contract ({contract}), at its stated length, "
            "leaving cards that can make the rest of it"
        )
    cards = move.meld.cards if isinstance(move, MeldCards) else (move.card,)
    if any(sum(1 for c in pool if c == card) < cards.count(card) for card in cards):
        return f"seat {seat} does not hold {cards_text(cards)}"
    if isinstance(move, Swap):
        return f"{move.card} does not take the place of {move.wild} in meld {move.target + 1} (or the wild has no place)"
    if isinstance(move, LayOff):
        return f"{move.card} does not fit meld {move.target + 1} there"
    return "new melds are offered as three cards with their wilds designated (grow them by laying off)"
