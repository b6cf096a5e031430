"""Five Hundreds play: the `State`, zones, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), played turn by turn (a draw, melds and lay-offs, a discard; the
Rummy window after a playable discard) and scored (`_end_hand`), which ends the game or deals
the next hand. The play loop is the hot path: legal moves are cached on the state
(`State.legal`), the derived masks are handed on (`_carry`), moves and events are prebuilt (see
`moves`), and states are built with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from parlour.core.cards import SORT_KEYS, Card, cards_text, sorted_cards
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import builder, cached_setter, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.melds import Meld, MeldKind, TableMeld, build_meld, build_table_meld, meld_readings, table_meld, take_from_pile
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.values import slot_speed_reads
from parlour.core.windows import Tie, Window
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.five_hundreds.masks import (
    _AT,
    _BIT,
    _MELDS,
    _PAIRS,
    _PARTNERS,
    _RANK_BITS,
    _STEPS,
    _WITH,
    _mask,
    _meldable,
    _table_wants,
    _wants,
)
from parlour.games.five_hundreds.moves import (
    _DISCARD,
    _DISCARD_EVENTS,
    _DRAW,
    _DRAW_EVENTS,
    _PASS,
    _PASS_EVENTS,
    _TAKE,
    _TAKE_TOP_EVENTS,
    MOVE_TYPES,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Pass,
    Rummy,
    Take,
    _lay_off_move,
    _meld_move,
    _rummy_move,
)
from parlour.games.five_hundreds.options import DEFAULT_PLAYERS, HAND_SIZE, MELD_RULES, PACK, PLAYERS, Options
from parlour.games.five_hundreds.scoring import hand_points, table_points


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    DRAW = 1
    """`player` draws: stock, the top discard, or a dig (or passes when the stock is empty)."""
    PLAY = 2
    """`player` melds, lays off, and discards to end the turn."""
    CLAIM = 3
    """The Rummy window after `turn`'s discard: the seats of `window` call or pass at once."""
    OVER = 4


_DRAWING: Final = Phase.DRAW
_PLAYING: Final = Phase.PLAY
_CLAIMING: Final = Phase.CLAIM
"""The phases the play loop reads, bound once: an enum member read through its class is slow."""
_SET: Final = MeldKind.SET
_RUN: Final = MeldKind.RUN
_PRIORITY: Final = Tie.PRIORITY
_TAKES: Final = EventKind.TAKES
_MELDS_EVENT: Final = EventKind.MELDS
_LAYS_OFF: Final = EventKind.LAYS_OFF
"""Likewise the meld kinds, a tie rule and event kinds."""
_EVENT: Final = make_event
"""`Event(kind, player, cards, numbers, label, private)`, every field positionally: cheaper than
its initializer."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Hands are sorted; `stock[0]` is the top card, `discards[-1]` the top discard."""

    options: Options
    hand: int
    """The number of the deal, from 1."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    dealer: int
    phase: Phase
    player: int
    """The seat to act (the discarder in CLAIM, where `window` says who may call; the winner
    once OVER)."""
    turn: int
    """The seat whose turn it is (the discarder during CLAIM)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    taken: tuple[Card, ...] = ()
    """The cards taken from the discard pile this turn, held apart and public: after a plain
    top-card draw that card (it may be melded or laid off but not discarded); after a dig the
    dug card first, then the cards above it, until the dug card is melded (`owed`)."""
    owed: bool = False
    """The dug card `taken[0]` must still be melded with a card from the hand."""
    table: tuple[TableMeld, ...] = ()
    """The melds on the table in the order laid, each card credited to the seat that laid it."""
    melded: tuple[bool, ...]
    """Whether each seat has laid a meld of its own this hand (lay-offs and calls need one)."""
    turns: int = 0
    """Turns begun this hand."""
    scores: tuple[int, ...]
    window: Window | None = None
    """The Rummy window in CLAIM (every other seat that has melded, from the discarder's left;
    the earliest caller in that order wins, a call carrying its meld number); else None."""

    @functools.cached_property
    def facts(self) -> tuple[tuple[int, ...], int, tuple[int, ...], int]:
        """The masks the play loop reads, derived from the fields: `wants`, `fits`, `masks` and
        `pile_bits` (below), in that order. One cached value rather than four, because `apply`
        hands them on to the next state (`_carry`) and one slot costs a quarter of four to fill
        and to read."""
        wants = tuple(_wants(tm.meld) for tm in self.table)
        fits = 0
        for w in wants:
            fits |= w
        return wants, fits, tuple(_mask(h) for h in self.hands), _mask(self.discards)

    @property
    def wants(self) -> tuple[int, ...]:
        """For each table meld, the cards that could be laid off onto it, as a mask of bits
        `card.index` (derived from `table`)."""
        return self.facts[0]

    @property
    def fits(self) -> int:
        """The cards that could be laid off onto some table meld, as a mask."""
        return self.facts[1]

    @property
    def masks(self) -> tuple[int, ...]:
        """Each hand as a mask of bits `card.index` (derived from `hands`)."""
        return self.facts[2]

    @property
    def pile_bits(self) -> int:
        """The discard pile as a mask of bits `card.index` (derived from `discards`)."""
        return self.facts[3]

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """Every legal move in a real state; the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds (`_carry` fills it once the facts it reads are in)."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State)
"""`State(...)` for the play loop: every field in order, positionally."""
_SET_FACTS: Final = cached_setter(State, "facts")
_SET_LEGAL: Final = cached_setter(State, "legal")


def _carry(new: State, wants: tuple[int, ...], fits: int, masks: tuple[int, ...], pile: int) -> State:
    """`new` with its derived masks filled in (`State.facts`, known from the state it came
    from), then its legal moves (which read them: filling the slot costs less than a first read
    of an empty one)."""
    _SET_FACTS(new, (wants, fits, masks, pile))
    # A real state: every seat's moves (`_state_legal`), from the values in hand rather than
    # read back from the slots just filled.
    p = new.player
    if new.window is not None:
        _SET_LEGAL(new, _legal_claim(new, new.window, None, wants))
    elif new.phase is _DRAWING:
        _SET_LEGAL(new, _legal_draw(new, p, masks[p], pile))
    else:
        _SET_LEGAL(new, _legal_play(new, p, masks[p], fits, wants))
    return new

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
)
"""Hands seen by their owners, the stock by nobody, the pile, the cards taken from it this
turn and the table melds by everyone."""


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
    """The first deal. `deck` fixes it (top card first); `dealer` fixes the first dealer
    (drawn from the seed otherwise)."""
    options = require_options("five_hundreds", options, Options)
    n = require_players("five_hundreds", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    return _deal(options, 1, dealer, rng, deck, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (on a view, the viewer's). Drawing: "draw stock",
    then "take k" by depth, then "pass" (empty stock only). Playing: melds (by their lowest
    card in hand order), lay-offs (by card, then meld number), discards in hand order. In the
    Rummy window: calls by meld number, then "pass"."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    if state.rng is not None:  # `checked_apply`'s own first steps, inline for the play loop:
        for candidate in state.legal:  # a move `legal_moves` handed out goes straight through
            if candidate is move:
                return _APPLY[type(move)](state, move)
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    if state.window is not None:
        return frozenset(state.window.waiting)
    return frozenset() if state.phase is Phase.OVER else frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The running totals (table less hand, summed over the hands scored)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    return frozenset((state.player,)) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the stock hidden, counts kept."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "take 3", "meld 7H 8H 9H", "lay off 8S on 2", "discard QS",
    "rummy 8S on 2" or "pass" (of seat `player`, or of the seat of a "1: ..." prefix)."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see dealt afresh among their places."""
    return zone_shuffle(state, player, seed, ZONES)


def playable(card: Card, table: Sequence[TableMeld]) -> bool:
    """True if `card` could be laid off onto one of the table melds.

    >>> from parlour.core.cards import parse_cards
    >>> from parlour.core.melds import make_meld
    >>> run = table_meld(make_meld(parse_cards("6S 7S 8S"), MELD_RULES), 0)
    >>> playable(Card.parse("9S"), (run,)), playable(Card.parse("5S"), (run,)), playable(Card.parse("5D"), (run,))
    (True, True, False)
    """
    return bool(_table_wants(table) >> card.index & 1)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"five_hundreds is played by 2 to 4 players, not {n}")
    check_seat("dealer", state.dealer, n)
    check_seat("player", state.player, n)
    check_seat("turn", state.turn, n)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.hand < 1 or state.turns < 0:
        raise ValueError("hand number below 1 or a negative turn count")
    if state.rng is not None:
        Rng.check(state.rng)
    if len(state.scores) != n or len(state.melded) != n:
        raise ValueError("scores and melded flags need one entry per seat")
    check_zones("five_hundreds", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if not any(c.is_hidden for c in held) and held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    owners = [False] * n
    for i, tm in enumerate(state.table):
        if len(tm.credit) != len(tm.meld.cards) or tm.meld not in meld_readings(tm.meld.cards, MELD_RULES):
            raise ValueError(f"table meld {i} is not a valid meld with one credit per card")
        for who in (tm.owner, *tm.credit):
            check_seat(f"table meld {i}'s seat", who, n)
            if not state.melded[who]:
                raise ValueError(f"seat {who} has cards on the table but has not melded")
        owners[tm.owner] = True
    if any(m and not o for m, o in zip(state.melded, owners)):
        raise ValueError("a seat counted as melded owns no meld")
    _check_phase(state, n)


def _check_phase(state: State, n: int) -> None:
    phase, p = state.phase, state.player
    if phase is not Phase.OVER and state.turns > state.options.max_turns:
        raise ValueError("more turns than the cap allows")
    if phase is not Phase.PLAY and (state.taken or state.owed):
        raise ValueError("cards are held apart from the pile only during a turn's play")
    if state.owed and not state.taken:
        raise ValueError("a dug card is owed but none is held")
    if not state.owed and len(state.taken) > 1:
        raise ValueError("only one card taken from the pile is held apart once the dug card is melded")
    if phase in (Phase.DRAW, Phase.PLAY) and p != state.turn:
        raise ValueError("the seat to act is the seat whose turn it is")
    if phase is Phase.OVER:
        top = max(state.scores)
        if top < state.options.target or state.scores.count(top) != 1 or state.scores[p] != top:
            raise ValueError("the game is over exactly when one seat leads at or past the target")
        return
    if max(state.scores) >= state.options.target and state.scores.count(max(state.scores)) == 1:
        raise ValueError("a seat leads past the target: the game should be over")
    for s, held in enumerate(state.hands):
        if not held and not (phase is Phase.PLAY and s == p):
            raise ValueError(f"seat {s} holds no card: the hand should have ended")
    if (phase is Phase.CLAIM) != (state.window is not None):
        raise ValueError("a Rummy window is open exactly in the CLAIM phase")
    if state.window is not None:
        window = state.window
        problem = window.problem(n)
        if problem is not None:
            raise ValueError(problem)
        if p != state.turn or window.eligible != _callers(state.melded, p) or not state.options.rummy_call:
            raise ValueError("the Rummy window holds the seats that have melded, from the discarder's left")
        if window.tie is not Tie.PRIORITY or window.closed:
            raise ValueError("an open Rummy window goes by seat order and has seats still to answer")
        if any(not 0 <= i < len(state.table) for i in window.choices):
            raise ValueError("a Rummy call names a table meld")
        if not state.discards or not playable(state.discards[-1], state.table):
            raise ValueError("the Rummy window opens only on a discard that could be laid off")


# ---------------------------------------------------------------------------------------------
# Phases


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    p = state.player
    wants, fits, masks, pile = state.facts
    if state.window is not None:
        return _legal_claim(state, state.window, only, wants)
    if only is not None and only != p:
        return ()
    phase = state.phase
    if phase is _DRAWING:
        return _legal_draw(state, p, masks[p], pile)
    if phase is _PLAYING:
        return _legal_play(state, p, masks[p], fits, wants)
    return ()


def _legal_claim(state: State, window: Window, only: int | None, wants: tuple[int, ...]) -> tuple[Move, ...]:
    """Each waiting seat's calls (by meld number) and its "pass", seat by seat in window order
    (`wants`: `state.wants`)."""
    card = state.discards[-1]
    bit = 1 << card.index
    metas = [i for i, w in enumerate(wants) if w & bit]
    calls: list[Move] = []
    for seat in window.waiting:
        if only is None or only == seat:
            calls += [_rummy_move(seat, card, i) for i in metas]
            calls.append(_PASS[seat])
    return tuple(calls)


def _legal_draw(state: State, p: int, own: int, pile_bits: int) -> tuple[Move, ...]:
    """Seat `p`'s draws, its hand's mask `own` and the pile's `pile_bits` given."""
    moves: list[Move] = [_DRAW[p]] if state.stock else []
    pile = state.discards
    if pile:
        take = _TAKE[p]
        pair_held, partners = _PAIR_HELD, _PARTNERS
        depth = 0
        above = 0
        everything = pile_bits
        if state.options.top_card_free:
            moves.append(take[1])
            depth, above = 1, 1 << pile[-1].index
            everything ^= above  # (its bit: cheaper than clearing with a negative mask)
        # Only pile cards in some meld with the hand and the rest of the pile can be dug: a
        # filter (the pairs below decide), worth its cost only on a longer pile.
        left = _meldable(own | pile_bits) & everything if len(pile) > _FILTER_FROM else everything
        for card in pile[-1 - depth :: -1] if left else ():
            depth += 1
            i = card.index
            target = 1 << i
            if not left & target:
                above |= target
                continue
            left ^= target  # (a bit of `left`: cheaper than clearing it with a negative mask)
            pool = (own | above) & partners[i]
            paired = pair_held[i].get(pool)
            if paired is None:
                paired = pair_held[i][pool] = any(pool & pair == pair for pair in _PAIRS[i])
            if paired:
                size = _smallest_meld(target, own, above)
                if size and ((own | above).bit_count() + 1 - size >= 2 or _dig_meld_exists(state, own, above, target)):
                    moves.append(take[depth])
            if not left:
                break
            above |= target
    if not state.stock:
        moves.append(_PASS[p])
    return tuple(moves)


_PAIR_HELD: Final[tuple[dict[int, bool], ...]] = tuple({} for _ in range(80))
"""`_PAIR_HELD[card.index][pool]`: some pair of `_PAIRS[card.index]` lies in `pool` (a part of
the card's `_PARTNERS`), filled as met: at most a few hundred entries per card, values that
are the same in every game."""
_FILTER_FROM: Final = 5
"""Piles longer than this are filtered with `_meldable` before their cards are tried one by one."""


def _smallest_meld(target: int, own: int, above: int) -> int:
    """The size of the smallest set or run of the card `target` with cards of `own | above`
    that uses a card of `own` (0: there is none). Exact, short of the rule that the turn must
    still be able to end."""
    pool = own | above | target
    index = target.bit_length() - 1
    rank = index & 15
    same = _RANK_BITS[rank] & pool
    best = 3 if same & own and same.bit_count() >= 3 else 0  # three of the rank, one held
    base = index - rank
    for start in (1, 14) if rank == 1 else (rank,):
        lo = hi = start
        near = 14
        while lo > 1 and pool >> (base + _AT[lo - 1]) & 1:
            lo -= 1
            if own >> (base + _AT[lo]) & 1 and start - lo < near:
                near = start - lo
        while hi < 14 and pool >> (base + _AT[hi + 1]) & 1:
            hi += 1
            if own >> (base + _AT[hi]) & 1 and hi - start < near:
                near = hi - start
        if near < 14 and hi - lo >= 2:
            size = max(3, near + 1)
            if not best or size < best:
                best = size
    return best


def _dig_meld_exists(state: State, own: int, above: int, target: int) -> bool:
    """Some meld of the dug card with a card of the hand leaves a turn that can still end."""
    pool = own | above | target
    return any(m & pool == m and m & own and _endable(state, pool & ~m, 0, m, None) for m in _WITH[target])


def _endable(state: State, free: int, locked: int, new_meld: int, grown: tuple[int, Meld] | None) -> bool:
    """After a play, can the turn still end? `free` is the mask of the cards that may be
    discarded, `locked` of the card taken from the pile this turn (it may not be)."""
    if free and (free & (free - 1) or locked):
        return True  # two or more cards left, at least one of them discardable
    if not free:
        return False
    # One card left and it is the last: going out needs it to fit no meld on the table.
    if grown is not None:
        index, meld = grown
        wants = _wants(meld)
        for i, tm in enumerate(state.table):
            if i != index:
                wants |= _wants(tm.meld)
    else:
        wants = state.facts[1]
        if new_meld:
            wants |= _wants(_MELDS[new_meld])
    return not wants & free


def _legal_play(state: State, p: int, own: int, fits: int, wants: tuple[int, ...]) -> tuple[Move, ...]:
    """Seat `p`'s plays and discards, its hand's mask `own`, the table's `fits` and `wants` given."""
    hand, taken = state.hands[p], state.taken
    moves: list[Move] = []
    if state.owed:
        pool = own | _mask(taken)
        for m in _WITH[1 << taken[0].index]:
            if m & pool == m and m & own and _endable(state, pool & ~m, 0, m, None):
                moves.append(_meld_move(p, m))
        return tuple(moves)
    locked = 1 << taken[0].index if taken else 0
    pool = own | locked
    cards = (*hand, *taken) if taken else hand
    live = _meldable(pool)
    if live:
        for c in cards:
            bit = 1 << c.index
            if live & bit:
                steps = _STEPS.get(bit, ())
                k, n = 0, len(steps)
                while k < n:
                    m, skip = steps[k]
                    if m & pool == m:
                        if _endable(state, own & ~m, locked & ~m, m, None):
                            moves.append(_meld_move(p, m))
                        k += 1
                    else:
                        k = skip
    table = state.table
    fitting = fits & pool
    if fitting and state.melded[p]:
        for c in cards:
            bit = 1 << c.index
            if not fitting & bit:
                continue
            for i, w in enumerate(wants):
                if w & bit:
                    free, kept = own & ~bit, locked & ~bit
                    if (free and (free & (free - 1) or kept)) or (
                        free and _endable(state, free, kept, 0, (i, _grow(table[i], c, p).meld))
                    ):
                        moves.append(_lay_off_move(p, c, i))
    row = _DISCARD[p]
    if len(hand) > 1 or taken:
        for c in hand:  # a plain loop: cheaper than a comprehension over a hand on 3.11
            moves.append(row[c.index])
    elif hand and not fits & own:
        moves.append(row[hand[0].index])  # going out with an unplayable last card
    return tuple(moves)


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if state.window is not None and not state.window.may_answer(move.player):
        return state.window.why_not(move.player)
    if move.player != state.player and state.window is None:
        return f"it is seat {state.player}'s turn"
    phase = state.phase
    if phase is Phase.CLAIM:
        if isinstance(move, Rummy):
            return "the call must name the top discard and a table meld it can be laid off on"
        return "the Rummy window is open: call rummy or pass"
    if phase is Phase.DRAW:
        if isinstance(move, DrawStock):
            return "the stock is empty: take from the discard pile or pass"
        if isinstance(move, Take):
            if not 1 <= move.depth <= len(state.discards):
                return f"the discard pile holds {len(state.discards)} cards"
            return "the card dug must be melded at once with at least one card from the hand"
        if isinstance(move, Pass):
            return "pass only when the stock is empty"
        return "draw first"
    if isinstance(move, (DrawStock, Take)):
        return "draw once, at the start of the turn"
    if state.owed:
        return f"{state.taken[0]} was dug and must be melded first, with a card from the hand"
    pool = (*state.hands[state.player], *state.taken)
    if isinstance(move, Discard):
        if move.card in state.taken:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        if move.card not in pool:
            return f"{move.card} is not in the hand"
        return f"{move.card} is the last card and could be laid off: the final discard must not be playable"
    if isinstance(move, (MakeMeld, LayOff)):
        cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
        missing = [c for c in cards if c not in pool]
        if missing:
            return f"{cards_text(missing)} not in the hand"
        if isinstance(move, LayOff):
            if not state.melded[state.player]:
                return "lay off only after making a meld of your own"
            if not 0 <= move.meld < len(state.table):
                return f"there is no table meld {move.meld}"
            if not _wants(state.table[move.meld].meld) & _BIT[move.card]:
                return f"{move.card} does not fit table meld {move.meld}"
        elif _mask(move.cards) not in _MELDS:
            return f"{cards_text(move.cards)} is not a set or run"
        return "the turn could not end: keep a card to discard that fits no meld"
    return "not a move of this moment"


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _apply_draw(state: State, move: DrawStock) -> State:
    p = move.player
    card = state.stock[0]
    wants, fits, masks, pile = state.facts
    new = _BUILD(
        state.options, state.hand, state.rng, None, _DRAW_EVENTS[p][card.index], state.dealer, _PLAYING, p, p,
        replace_at(state.hands, p, _insert(state.hands[p], masks[p], card)), state.stock[1:], state.discards, (), False,
        state.table, state.melded, state.turns, state.scores, None,
    )  # fmt: skip
    mine = masks[p] | 1 << card.index
    return _carry(new, wants, fits, (*masks[:p], mine, *masks[p + 1 :]), pile)


def _apply_take(state: State, move: Take) -> State:
    p, depth = move.player, move.depth
    owed = depth > 1 or not state.options.top_card_free
    if depth == 1:  # the top card (`take_from_pile` for depth 1, sliced)
        pile = state.discards
        rest, taken = pile[:-1], pile[-1:]
        event = _TAKE_TOP_EVENTS[p][taken[0].index]
    else:
        rest, taken = take_from_pile(state.discards, depth)
        event = (Event(EventKind.TAKES, player=p, cards=taken, label=f"dig to depth {depth}"),)
    new = _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, _PLAYING, p, p, state.hands,
        state.stock, rest, taken, owed, state.table, state.melded, state.turns, state.scores, None,
    )  # fmt: skip
    wants, fits, masks, pile_bits = state.facts
    return _carry(new, wants, fits, masks, pile_bits & ~_mask(taken))


def _apply_rummy(state: State, move: Rummy) -> State:
    assert state.window is not None
    window = state.window.answer(move.player, act=True, choice=move.meld)
    return _after_answer(state, window, (Event(EventKind.CALLS, player=move.player, label="rummy"),))


def _after_answer(state: State, window: Window, events: tuple[Event, ...]) -> State:
    """The window after an answer: still open, won (the call is carried out), or let go."""
    if not window.closed:
        return attrs.evolve(state, window=window, events=events)
    winner, index = window.winner, window.choice
    if winner is None or index is None:
        wants, fits, masks, pile = state.facts
        return _next_turn(state, state.hands, state.discards, state.table, wants, fits, masks, pile, events)
    return _carry_out_call(state, winner, index, events)


def _carry_out_call(state: State, p: int, index: int, events: tuple[Event, ...]) -> State:
    """Seat `p`, the window's winner, takes the top discard and lays it off on meld `index`."""
    card = state.discards[-1]
    grown = _grow(state.table[index], card, p)
    events = (
        *events,
        _EVENT(_TAKES, p, (card,), (), "rummy", False),
        _EVENT(_LAYS_OFF, p, (card,), (index,), "", False),
    )
    table = replace_at(state.table, index, grown)
    wants, _, masks, pile = state.facts
    wants = replace_at(wants, index, _wants(grown.meld))
    fits = functools.reduce(int.__or__, wants)
    pile &= ~(1 << card.index)
    return _next_turn(state, state.hands, state.discards[:-1], table, wants, fits, masks, pile, events)


def _apply_pass(state: State, move: Pass) -> State:
    p = move.player
    if state.window is not None:
        return _after_answer(state, state.window.answer(p, act=False), _PASS_EVENTS[p])
    note = Event(EventKind.NOTE, label="the stock is empty and the discard pile refused: the hand ends")
    return _end_hand(state, (*_PASS_EVENTS[p], note))




_BEFORE: Final = tuple(sum(1 << c.index for c in PACK if SORT_KEYS[c.index] < SORT_KEYS[i]) for i in range(80))
"""`_BEFORE[card.index]`: the bits of the cards that come before the card in display order,
so that a card's place in a hand (in display order) of mask `m` is
`(m & _BEFORE[card.index]).bit_count()`: hands carry their masks (`State.masks`), and this
is cheaper than a scan."""


def _insert(held: tuple[Card, ...], mask: int, card: Card) -> tuple[Card, ...]:
    """`held` (in display order, of mask `mask`) with `card` (not held) put in its place."""
    at = (mask & _BEFORE[card.index]).bit_count()
    return (*held[:at], card, *held[at:])


def _remove(state: State, p: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...], bool]:
    """The hand and held-apart cards without `cards`, and whether a dug card is still owed
    (once it is melded, the other dug cards join the hand)."""
    used = _mask(cards)
    hand = tuple([c for c in state.hands[p] if not used >> c.index & 1])
    taken = tuple([c for c in state.taken if not used >> c.index & 1]) if state.taken else ()
    owed = state.owed
    if owed and used >> state.taken[0].index & 1:
        owed = False
        hand = sorted_cards((*hand, *taken))
        taken = ()
    return hand, taken, owed


def _apply_meld(state: State, move: MakeMeld) -> State:
    p = move.player
    hand, taken, owed = _remove(state, p, move.cards)
    meld = _MELDS[_mask(move.cards)]
    event = (_EVENT(_MELDS_EVENT, p, meld.cards, (), "", False),)
    laid = build_table_meld(meld, p, (p,) * len(meld.cards))  # `table_meld(meld, p)`, built directly
    new = _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, _PLAYING, p, p,
        replace_at(state.hands, p, hand), state.stock, state.discards, taken, owed,
        (*state.table, laid), replace_at(state.melded, p, True), state.turns, state.scores, None,
    )  # fmt: skip
    wants, fits, masks, pile = state.facts
    grown = _wants(meld)
    return _carry(new, (*wants, grown), fits | grown, replace_at(masks, p, _mask(hand)), pile)


def _grow(target: TableMeld, card: Card, seat: int) -> TableMeld:
    """`target` with `card` laid off by `seat` (credited to it): the same as
    `core.melds.lay_off_credited(...)[0]` for one pack without wild cards, built directly."""
    meld = target.meld
    cards, credit = meld.cards, target.credit
    if meld.kind is _SET:
        key = SORT_KEYS
        k = key[card.index]
        at = 0
        for c in cards:
            if key[c.index] > k:
                break
            at += 1
        grown = build_meld(_SET, (*cards[:at], card, *cards[at:]), meld.rank, None, 0)
        return build_table_meld(grown, target.owner, (*credit[:at], seat, *credit[at:]))
    low = meld.low
    if low > 1 and _AT[low - 1] == int(card.rank):
        return build_table_meld(build_meld(_RUN, (card, *cards), None, meld.suit, low - 1), target.owner, (seat, *credit))
    return build_table_meld(build_meld(_RUN, (*cards, card), None, meld.suit, low), target.owner, (*credit, seat))


def _apply_lay_off(state: State, move: LayOff) -> State:
    p, card, index = move.player, move.card, move.meld
    hand, taken, owed = _remove(state, p, (card,))
    table = replace_at(state.table, index, _grow(state.table[index], card, p))
    event = (_EVENT(_LAYS_OFF, p, (card,), (index,), "", False),)
    new = _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, _PLAYING, p, p,
        replace_at(state.hands, p, hand), state.stock, state.discards, taken, owed,
        table, state.melded, state.turns, state.scores, None,
    )  # fmt: skip
    wants, _, masks, pile = state.facts
    wants = replace_at(wants, index, _wants(table[index].meld))
    fits = 0
    for w in wants:
        fits |= w
    return _carry(new, wants, fits, replace_at(masks, p, _mask(hand)), pile)


def _apply_discard(state: State, move: Discard) -> State:
    p, card = move.player, move.card
    held = state.hands[p]
    wants, fits, masks, pile_bits = state.facts
    bit = 1 << card.index
    at = (masks[p] & _BEFORE[card.index]).bit_count()  # its place in the hand (see `_BEFORE`)
    hand = held[:at] + held[at + 1 :]
    mine = masks[p] ^ bit  # the card was in the hand
    taken = state.taken
    if taken:  # the card taken from the pile joins the hand as the turn ends
        hand = _insert(hand, mine, taken[0])
        mine |= 1 << taken[0].index
    hands = (*state.hands[:p], hand, *state.hands[p + 1 :])
    masks = (*masks[:p], mine, *masks[p + 1 :])
    pile = (*state.discards, card)
    events = _DISCARD_EVENTS[p][card.index]
    if not hand:
        after = _BUILD(
            state.options, state.hand, state.rng, None, (), state.dealer, Phase.PLAY, p, p, hands, state.stock,
            pile, (), False, state.table, state.melded, state.turns, state.scores, None,
        )  # fmt: skip
        return _end_hand(after, (*events, Event(EventKind.GOES_OUT, player=p)))
    if fits & bit and state.options.rummy_call:
        callers = _callers(state.melded, p)
        if callers:
            new = _BUILD(
                state.options, state.hand, state.rng, None, events, state.dealer, _CLAIMING, p, p,
                hands, state.stock, pile, (), False, state.table, state.melded, state.turns, state.scores,
                Window(callers, _PRIORITY),
            )  # fmt: skip
            return _carry(new, wants, fits, masks, pile_bits | bit)
    return _next_turn(state, hands, pile, state.table, wants, fits, masks, pile_bits | bit, events)


def _callers(melded: tuple[bool, ...], discarder: int) -> tuple[int, ...]:
    """The seats that may call Rummy on `discarder`'s discard (they have melded), from the
    discarder's left round the table: the window's order of priority."""
    n = len(melded)
    return tuple(s % n for s in range(discarder + 1, discarder + n) if melded[s % n])


def _next_turn(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    wants: tuple[int, ...],
    fits: int,
    masks: tuple[int, ...],
    pile_bits: int,
    events: tuple[Event, ...],
) -> State:
    """The turn passes to the left of the seat whose turn ended (`state.turn`), or the hand
    ends at the cap on turns."""
    if state.turns >= state.options.max_turns:
        after = _BUILD(
            state.options, state.hand, state.rng, None, (), state.dealer, Phase.DRAW, state.turn, state.turn, hands,
            state.stock, pile, (), False, table, state.melded, state.turns, state.scores, None,
        )  # fmt: skip
        note = Event(EventKind.NOTE, label=f"{state.turns} turns played: the hand ends")
        return _end_hand(after, (*events, note))
    nxt = (state.turn + 1) % len(hands)
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, _DRAWING, nxt, nxt, hands,
        state.stock, pile, (), False, table, state.melded, state.turns + 1, state.scores, None,
    )  # fmt: skip
    return _carry(new, wants, fits, masks, pile_bits)


_APPLY: Final[dict[type, Callable[..., State]]] = {
    DrawStock: _apply_draw,
    Take: _apply_take,
    MakeMeld: _apply_meld,
    LayOff: _apply_lay_off,
    Discard: _apply_discard,
    Rummy: _apply_rummy,
    Pass: _apply_pass,
}
"""The apply helper of each move class."""


# ---------------------------------------------------------------------------------------------
# Dealing and scoring


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    n = len(totals)
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    first = (dealer + 1) % n
    dealt, rest = deal(cards, players=n, first=first, each=HAND_SIZE)
    upcard = rest[0]
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(number,)),
        Event(EventKind.TURNS_UP, cards=(upcard,)),
    )
    return _BUILD(
        options, number, rng, None, events, dealer, Phase.DRAW, first, first, tuple(sorted_cards(h) for h in dealt),
        rest[1:], (upcard,), (), False, (), (False,) * n, 1, totals, None,
    )  # fmt: skip


def _end_hand(state: State, events: tuple[Event, ...]) -> State:
    """Scores the hand (table less hand, per seat), then ends the game or deals the next."""
    n = len(state.hands)
    on_table = table_points(state.table, n)
    gained = tuple(on_table[s] - hand_points(state.hands[s]) for s in range(n))
    totals = tuple(a + b for a, b in zip(state.scores, gained))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=gained))
    events += tuple(Event(EventKind.HAS, player=s, numbers=(totals[s],)) for s in range(n))
    top = max(totals)
    if top >= state.options.target and totals.count(top) == 1:
        winner = totals.index(top)
        events += (Event(EventKind.GAME_OVER, numbers=(winner,)),)
        return _BUILD(
            state.options, state.hand, state.rng, None, events, state.dealer, Phase.OVER, winner, winner,
            state.hands, state.stock, state.discards, (), False, state.table, state.melded, state.turns,
            totals, None,
        )  # fmt: skip
    if top >= state.options.target:
        events += (Event(EventKind.NOTE, label="a tie for the lead past the target: another hand"),)
    assert state.rng is not None
    return _deal(state.options, state.hand + 1, (state.dealer + 1) % n, state.rng, None, totals, events)
