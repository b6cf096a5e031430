"""Rummy 500 play: the `State`, zones, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), played turn by turn (a draw from the stock or the fanned discard
pile, melds and lay-offs, a discard) and scored (`_end_hand`), which ends the game or deals the
next hand. The play loop is the hot path: legal moves are cached on the state (`State.legal`),
the cards each table meld wants are kept as bit masks (`State.wants`), moves and events are
prebuilt (see `moves`), the bit tests are in `masks`, and states are built with
`builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

import attrs

from parlour.core.cards import CARD_INDICES, SORT_KEYS, Card, Rank, cards_text, parse_cards, sorted_cards
from parlour.core.deck import shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import (
    builder,
    cached_setter,
    checked_apply,
    moves_for,
    require_options,
    require_players,
    seat_moves,
)
from parlour.core.melds import (
    TableMeld,
    build_meld,
    build_table_meld,
    can_lay_off,
    credited_points,
    meld_problem,
    meld_readings,
    table_meld,
    take_from_pile,
)
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.rummy_500.masks import (
    _AT,
    _BIT,
    _CHAIN_FROM,
    _COLUMN,
    _LANE,
    _NEAR,
    _RUN,
    _SET,
    _SPOTS,
    _SUIT_BITS,
    _chain,
    _in_run,
    _mask,
    _run_fits,
    _room,
    _targets,
    _usable,
    _want_of,
    _wanted,
    _wants_of,
)
from parlour.games.rummy_500.moves import (
    _DISCARD,
    _DISCARD_EVENTS,
    _DRAW_EVENTS,
    _PASS,
    _TAKE_EVENTS,
    _STOCK,
    _TAKE,
    MOVE_TYPES,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Pass,
    TakeDiscards,
    _candidate_melds,
    _lay_offs,
    _meld_of_move,
    _melds_in,
)
from parlour.games.rummy_500.options import _DEFAULTS, HAND_SIZE, MELD_SIZES, PACK, PLAYERS, POINTS, RULES, Options
from parlour.games.rummy_500.scoring import hand_result


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    DRAW = 1
    """`player` draws from the stock, takes from the discard pile, or (stock empty) passes."""
    PLAY = 2
    """`player` melds, lays off, and discards to end the turn."""
    OVER = 3


_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
"""The phases the play loop reads, bound once (an enum member read through its class is slow)."""
_ACE: Final = Rank.ACE
_TAKES: Final = EventKind.TAKES
_DEALS: Final = EventKind.DEALS
_TURNS_UP: Final = EventKind.TURNS_UP
"""Likewise a rank and event kinds."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Hands are sorted; `stock[0]` is the top card, `discards[-1]` the top discard."""

    options: Options
    hand: int
    """The number of the deal, from 1."""
    rng: Rng | None
    viewer: int | None = None
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    dealer: int
    phase: Phase
    player: int
    """The seat to act (the winner once OVER)."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    """The fanned discard pile, bottom first, top last."""
    table: tuple[TableMeld, ...] = ()
    """The melds on the table in the order laid (numbered from 1), each card credited."""
    wants: tuple[int, ...] = ()
    """Per table meld, the cards that could be laid off onto it now, as bits (`_BIT`): derived
    from `table` (and checked against it), kept so that a turn need not re-read the melds."""
    taken: tuple[Card, ...] = ()
    """The card taken from the discard pile this turn (none or one), held apart and public
    until it is played or the turn ends: it may not be discarded this turn."""
    owed: bool = False
    """`taken` must reach the table this turn (always for a card dug from under others)."""
    turn_count: int = 1
    """The number of the turn within the hand, from 1."""
    scores: tuple[int, int] = (0, 0)
    """Totals of the hands scored so far."""

    @functools.cached_property
    def masks(self) -> tuple[int, int]:
        """Each hand as a mask of bits (`_BIT`), derived from `hands`: not a field (JSON and
        equality never see it); `apply` hands it on, updated for the cards that moved (`_carry`)."""
        return _mask(self.hands[0]), _mask(self.hands[1])

    @functools.cached_property
    def fits(self) -> int:
        """The cards some table meld wants (the union of `wants`), derived like `masks` and
        handed on by `apply` (`_carry`)."""
        out = 0
        for w in self.wants:
            out |= w
        return out

    @functools.cached_property
    def run_fits(self) -> int:
        """The cards some run on the table wants (part of `fits`), derived and handed on the
        same way."""
        return _run_fits(self.table, self.wants)

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: the seat to act's in a real state, the viewer's alone in a view."""
        return seat_moves(self, _legal)


_BUILD: Final = builder(State)
_SET_MASKS: Final = cached_setter(State, "masks")
_SET_FITS: Final = cached_setter(State, "fits")
_SET_RUN_FITS: Final = cached_setter(State, "run_fits")
_SET_LEGAL: Final = cached_setter(State, "legal")


def _carry(new: State, masks: tuple[int, int], fits: int, run_fits: int) -> State:
    """`new` (a real state of the play loop) with its hand masks, `fits` and `run_fits`, known
    from the state it came from, then its legal moves, computed from those values rather than
    read back (every state's moves are read, and filling the slot costs less than a first read
    of an empty one)."""
    _SET_MASKS(new, masks)
    _SET_FITS(new, fits)
    _SET_RUN_FITS(new, run_fits)
    p = new.player
    if new.phase is _DRAW:
        _SET_LEGAL(new, _draw_moves(new, p, masks[p], fits, run_fits))
    else:
        _SET_LEGAL(new, _play_moves(new, p, masks[p], fits))
    return new


def _hands_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """A hand is seen by its owner, and by everyone once the game is over."""
    assert isinstance(state, State)
    return viewer == owner or state.phase is Phase.OVER


ZONES: Final = (
    Zone("hands", _hands_seen, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
)
"""Each hand seen by its owner (both by everyone once the game is over), the stock by nobody,
the fanned discard pile, the table melds and the card just taken from the pile by everyone."""


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
    """The first deal. `deck` fixes it (top card first); `dealer` fixes the first dealer."""
    options = require_options("rummy_500", _DEFAULTS if options is None else options, Options)
    require_players("rummy_500", players, (PLAYERS,), PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(PLAYERS)
    else:
        check_seat("dealer=", dealer, PLAYERS)
    return _deal(options, 1, dealer, rng, deck, (0, 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s. Drawing: draw stock (or pass when it is empty, last)
    and the depths that may be taken, top first. Playing: runs suit by suit from the low end,
    sets by rank, then lay-offs by meld number and card (ace first), then discards in hand order."""
    if player is None:
        return state.legal
    return moves_for(state, player, PLAYERS, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    if state.rng is not None:  # `checked_apply`'s own first steps, inline for the play loop:
        for candidate in state.legal:  # a move `legal_moves` handed out goes straight through
            if candidate is move:
                return _APPLY[type(move)](state, move)
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The totals of the hands scored so far (the final totals once the game is over)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    return frozenset((state.player,)) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hand and the stock hidden."""
    check_viewer(state, player, PLAYERS)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "take 3", "meld 7H 8H 9H" (cards in any order), "lay off 10H on 2",
    "discard QS" or "pass" (of seat `player`, or of the seat of a "1: ..." prefix)."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = normalize(body)
        if words.startswith("meld "):
            try:
                wanted = frozenset(parse_cards(words[5:].upper()))
            except ValueError:
                raise NotationError(f"{text!r}: not a list of cards") from None
            found = [
                m
                for m in legal
                if isinstance(m, MakeMeld) and (seat is None or m.player == seat) and frozenset(m.cards) == wanted
            ]
            if len(found) == 1:
                return found[0]
        raise


def table_points(state: State) -> tuple[int, int]:
    """Each seat's points on the table so far: every card counted for the seat credited.

    >>> s = new_game(seed=1, dealer=0)
    >>> table_points(s)
    (0, 0)
    """
    a, b = credited_points(state.table, POINTS, PLAYERS)
    return a, b


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    check_seat("dealer", state.dealer, PLAYERS)
    check_seat("player", state.player, PLAYERS)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, PLAYERS)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    if not 1 <= state.turn_count <= state.options.max_turns:
        raise ValueError(f"turn {state.turn_count} is outside 1..{state.options.max_turns}")
    if state.rng is not None:
        Rng.check(state.rng)
    check_zones("rummy_500", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held) and not any(c.is_hidden for c in held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    for number, tm in enumerate(state.table, 1):
        _check_table_meld(number, tm)
    if state.wants != _wants_of(state.table):
        raise ValueError("`wants` does not match the cards that fit the table melds")
    phase, p = state.phase, state.player
    if len(state.taken) > 1:
        raise ValueError("at most one card is taken from the discard pile in a turn")
    if state.taken and phase is not Phase.PLAY:
        raise ValueError("a card is held apart as taken only during its taker's turn")
    if state.owed and not state.taken:
        raise ValueError("a card is owed to the table, but none was taken")
    if state.taken and not state.owed and state.options.top_card_must_be_played:
        raise ValueError("under these options every card taken from the pile must be played")
    _check_scores(state)
    if phase is Phase.OVER:
        return
    if not state.hands[1 - p]:
        raise ValueError("a player without cards has ended the hand")
    held = (*state.hands[p], *state.taken)
    if not held:
        raise ValueError("the player to act holds no card: the hand should have ended")
    if state.rng is None and state.viewer != p:
        return  # the hand of the seat to act is hidden from this viewer
    if any(c.is_hidden for c in held):
        raise ValueError("the player to act sees its own cards")


def _check_table_meld(number: int, tm: TableMeld) -> None:
    if tm.meld not in meld_readings(tm.meld.cards, RULES):
        raise ValueError(f"table meld {number} ({tm.meld}) is not a meld as recorded")
    check_seat(f"owner of table meld {number}", tm.owner, PLAYERS)
    if len(tm.credit) != len(tm.meld.cards):
        raise ValueError(f"table meld {number} credits {len(tm.credit)} cards of {len(tm.meld.cards)}")
    for who in tm.credit:
        check_seat(f"credit in table meld {number}", who, PLAYERS)


def _check_scores(state: State) -> None:
    totals, target = state.scores, state.options.target
    for value in totals:
        if type(value) is not int or abs(value) > 10_000_000:
            raise ValueError(f"score {value!r} is out of range")
    best = max(totals)
    ended = best >= target and totals.count(best) == 1
    if (state.phase is Phase.OVER) != ended:
        raise ValueError("the game is over exactly when one seat has the highest total at or past the target")
    if ended and totals[state.player] != best:
        raise ValueError("once the game is over, `player` is its winner")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see (another hand, the stock) dealt afresh."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phases


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    p = state.player
    if only is not None and only != p:
        return ()
    phase = state.phase
    if phase is _DRAW:
        return _draw_moves(state, p, state.masks[p], state.fits, state.run_fits)
    if phase is _PLAY:
        return _play_moves(state, p, state.masks[p], state.fits)
    return ()


def _draw_moves(state: State, p: int, hmask: int, fits: int, run_fits: int) -> tuple[Move, ...]:
    """Seat `p`'s draws, its hand's mask `hmask` and the table's `fits` and `run_fits` given."""
    row = _TAKE[p]
    takes = [row[d] for d in _depths(state.discards, hmask, fits, run_fits, not state.options.top_card_must_be_played)]
    if state.stock:
        return (_STOCK[p], *takes)
    return (*takes, _PASS[p])


def take_depths(
    pile: Sequence[Card],
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    options: Options = _DEFAULTS,
    *,
    wants: tuple[int, ...] | None = None,
) -> tuple[int, ...]:
    """The depths of the discard pile (1 is the top) that a player holding `hand` may take: the
    card there must reach the table this turn (`can_use_at_once` with the cards above it), except
    the top card alone under `top_card_must_be_played=False`. `wants` is `State.wants`
    (computed from `table` when not given).

    Same answers as `parlour.core.melds.dig_depths` with `can_use_at_once` (the tests compare
    them), computed by bit tests (`_reach`), since one pack without wild cards allows it.

    >>> take_depths(parse_cards("4C 9H KS 2D"), parse_cards("9C 9D 3H"), ())
    (3,)
    """
    if wants is None:
        wants = _wants_of(table)
    fits = 0
    for w in wants:
        fits |= w
    return tuple(_depths(pile, _mask(hand), fits, _run_fits(table, wants), not options.top_card_must_be_played))


def _depths(pile: Sequence[Card], hand: int, fits: int, run_fits: int, anything: bool) -> list[int]:
    """`take_depths` for a hand of mask `hand` and a table whose melds want the cards of `fits`
    (its runs those of `run_fits`); `anything`: the top card may be taken whatever it is. A
    card dug from under others is played with the hand and the cards above it (`_usable`, by
    bit tests: a set or run of three as `_melds_near` reads it, the chain case as `_CHAIN_FROM`
    puts it, both within the card's `_NEAR` cards)."""
    out = []
    near, bits, melds_near, chain_from = _NEAR, _BIT, _MELDS_NEAR, _CHAIN_FROM
    avail = hand
    depth = 0
    above = 0  # the bit of the card just above, available once this one is dug out
    for card in reversed(pile):
        depth += 1
        avail |= above
        i = card.index
        above = bits[i]
        if above & fits or (anything and depth == 1):
            out.append(depth)  # it lays off as it is (or the top card is free)
            continue
        close = avail & near[i]
        if not close:
            continue  # nothing of its rank or within two of it in its suit
        made = melds_near[i].get(close)
        if made is None:
            made = melds_near[i][close] = _melds_near(i, close)
        if made or close & run_fits & chain_from[i]:
            out.append(depth)  # a set or run of three, or a lay-off after a held card next to it
    return out


_MELDS_NEAR: Final[tuple[dict[int, bool], ...]] = tuple({} for _ in range(CARD_INDICES))
"""`_MELDS_NEAR[card.index][close]`: `_melds_near(card.index, close)`, filled as met. `close`
is a part of the card's `_NEAR` cards (at most seven), so each table stays small (128
entries at most); the answers are values, the same in every game."""


def _melds_near(index: int, close: int) -> bool:
    """The card of `index` makes a set or run of three with cards of `close` (bits, within
    the card's `_NEAR` cards, which hold every card such a meld could use)."""
    rank = index & 15
    if (close >> (rank - 1) & _COLUMN).bit_count() >= 2:
        return True
    lane = (close >> _LANE[index] & 0x1FFF) << 1
    spots = lane | 1 << 14 if lane & 2 else lane
    return _in_run(spots, rank)


def _play_moves(state: State, p: int, hmask: int, fits: int) -> tuple[Move, ...]:
    """Seat `p`'s plays and discards, its hand's mask `hmask` and the table's `fits` given."""
    taken = state.taken
    if not taken:
        moves: list[Move] = _melds_in(p, hmask)
        if fits & hmask:
            moves += _lay_offs(p, hmask, state.wants)
        row = _DISCARD[p]
        moves += [row[c.index] for c in state.hands[p]]
        return tuple(moves)
    mask = hmask | _BIT[taken[0].index]
    lay_offs = _lay_offs(p, mask, state.wants) if fits & mask else []
    if state.owed:
        return tuple(_still_usable(state, hmask, fits, _melds_in(p, mask), lay_offs))
    candidates = [*_melds_in(p, mask), *lay_offs]
    moves = [m for m in candidates if isinstance(m, (MakeMeld, LayOff)) and _keeps_turn(state, hmask, m)]
    row = _DISCARD[p]
    moves.extend(row[c.index] for c in state.hands[p])
    return tuple(moves)


def _still_usable(state: State, hmask: int, fits: int, melds: list[Move], lay_offs: list[LayOff]) -> list[Move]:
    """The plays (new `melds`, then `lay_offs`) after which the owed card can still reach the
    table (`_keeps_turn` for an owed card, with the table's room read once and adjusted per
    play). A card some table meld wants as it is stays playable after any new meld, and after
    any lay-off onto another meld (laying off onto one meld changes no other meld's wants).
    A play none of whose cards is of the owed card's rank or suit changes nothing that card
    needs (its rank's sets and its suit's runs, in hand or on the table; a new meld only adds
    room), so it keeps the card playable exactly when the card is playable now."""
    card = state.taken[0]
    ci = card.index
    cbit = _BIT[ci]
    only = 0  # the one table meld that wants the card as it is (0: none)
    if fits & cbit:
        wanted_by = [number for number, want in enumerate(state.wants, 1) if want & cbit]
        if len(wanted_by) > 1:
            return [*melds, *lay_offs]
        only = wanted_by[0]
        out: list[Move] = list(melds)
    else:
        out = []
    rank, suit = card.rank, (ci >> 4) - 1
    shift = 13 * suit
    relevant = _SUIT_BITS[ci] | _COLUMN << (rank - 1)
    base: tuple[int, list[tuple[int, int, int]]] | None = None
    now = True if only else None  # whether the card is playable as things stand (found when needed)
    bit = _BIT
    for move in melds if not only else ():
        assert isinstance(move, MakeMeld)
        gone = 0
        for c in move.cards:
            gone |= bit[c.index]
        if gone & cbit:
            out.append(move)
            continue
        if not gone & relevant:
            if now is None:
                base = _room(state.table, suit)
                now = _playable_now(card, hmask, base)
            if now:
                out.append(move)
            continue
        rest = hmask & ~gone
        lane = (rest >> shift & 0x1FFF) << 1
        spots = lane | 1 << 14 if lane & 2 else lane
        if (rest >> (rank - 1) & _COLUMN).bit_count() >= 2 or _in_run(spots, rank):
            out.append(move)
            continue
        if base is None:
            base = _room(state.table, suit)
        open_ranks, spans = base
        first = move.cards[0]
        if first.rank is move.cards[1].rank:
            if len(move.cards) < RULES.set_max:
                open_ranks |= 1 << first.rank
        elif (first.index >> 4) - 1 == suit:
            low = 1 if first.rank is _ACE else int(first.rank)
            spans = [*spans, (0, low, low + len(move.cards) - 1)]
        if open_ranks >> rank & 1 or _chain(rank, spots, [(low, high) for _, low, high in spans]):
            out.append(move)
    for lay in lay_offs:
        li = lay.card.index
        if li == ci or (only and lay.meld != only):
            out.append(lay)
            continue
        if not bit[li] & relevant:
            if now is None:
                base = _room(state.table, suit)
                now = _playable_now(card, hmask, base)
            if now:
                out.append(lay)
            continue
        rest = hmask & ~bit[li]
        lane = (rest >> shift & 0x1FFF) << 1
        spots = lane | 1 << 14 if lane & 2 else lane
        if (rest >> (rank - 1) & _COLUMN).bit_count() >= 2 or _in_run(spots, rank):
            out.append(lay)
            continue
        if base is None:
            base = _room(state.table, suit)
        open_ranks, spans = base
        target = state.table[lay.meld - 1].meld
        if target.kind is _SET:
            if len(target.cards) + 1 >= RULES.set_max and target.rank is not None:
                open_ranks &= ~(1 << target.rank)
        elif (target.cards[0].index >> 4) - 1 == suit:
            low, high = target.low, target.low + len(target.cards) - 1
            if high < 14 and li == _AT[suit][high + 1].index:
                high += 1
            else:
                low -= 1
            spans = [span for span in spans if span[0] != lay.meld]
            if high - low + 1 < RULES.run_max:
                spans.append((lay.meld, low, high))
        if open_ranks >> rank & 1 or _chain(rank, spots, [(low, high) for _, low, high in spans]):
            out.append(lay)
    return out


def _playable_now(card: Card, hmask: int, room: tuple[int, list[tuple[int, int, int]]]) -> bool:
    """`card` (held apart) could reach the table with the hand of mask `hmask` and the table's
    `room` (`_room` for the card's suit) as they are."""
    ci = card.index
    rank = card.rank
    lane = (hmask >> _LANE[ci] & 0x1FFF) << 1
    spots = lane | 1 << 14 if lane & 2 else lane
    open_ranks, spans = room
    same = (hmask >> (rank - 1) & _COLUMN).bit_count()
    return _usable(card, same, spots, open_ranks, [(low, high) for _, low, high in spans])


def _keeps_turn(state: State, hmask: int, move: MakeMeld | LayOff) -> bool:
    """With a card taken apart this turn, the play still lets the turn end: an owed card can
    still reach the table, a kept card is never left as the only card."""
    card = state.taken[0]
    cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
    if _mask(cards) & _BIT[card.index]:
        return True
    rest = hmask & ~_mask(cards)
    if not state.owed:
        if rest:
            return True
        return _finishable((), state, _table_after(state, move))
    rank, suit = card.rank, (card.index >> 4) - 1
    lane = (rest >> (13 * suit) & 0x1FFF) << 1
    spots = lane | (1 << 14 if lane & 2 else 0)
    same = (rest >> (rank - 1) & _COLUMN).bit_count()
    if same >= 2 or _in_run(spots, rank):
        return True
    open_ranks, runs = _targets(_table_after(state, move))
    return _usable(card, same, spots, open_ranks, runs[suit])


def _table_after(state: State, move: MakeMeld | LayOff) -> tuple[TableMeld, ...]:
    if isinstance(move, MakeMeld):
        return (*state.table, table_meld(_meld_of_move(move.cards), move.player))
    return _grow(state.table, move.meld, move.card, move.player)


def _finishable(rest: tuple[Card, ...], state: State, table: Sequence[TableMeld]) -> bool:
    """After a play leaving `rest` in hand and `state.taken` still apart, the turn can end:
    an owed card can still reach the table, and a kept card is never the only card left."""
    if not state.taken:
        return True
    card = state.taken[0]
    if state.owed:
        same, spots = 0, 0
        for c in rest:
            if c.rank is card.rank:
                same += 1
            if c.suit is card.suit:
                spots |= _SPOTS[c.rank]
        open_ranks, runs = _targets(table)
        return _usable(card, same, spots, open_ranks, runs[(card.index >> 4) - 1])
    return bool(rest) or any(can_lay_off(tm.meld, card, RULES) for tm in table)


# ---------------------------------------------------------------------------------------------
# Hands kept sorted and table melds grown, without a fresh sort

_BEFORE: Final = tuple(
    sum(_BIT[c.index] for c in PACK if SORT_KEYS[c.index] < SORT_KEYS[i]) if _BIT[i] else 0 for i in range(CARD_INDICES)
)
"""`_BEFORE[card.index]`: the bits (`_BIT`) of the cards that come before the card in a sorted
hand, so that a card's place in a sorted hand of mask `m` is `(m & _BEFORE[card.index]).bit_count()`
(a hand's mask is carried with it, `State.masks`): no scan of the hand."""


def _insert(held: tuple[Card, ...], mask: int, card: Card) -> tuple[Card, ...]:
    """`held` (sorted, of mask `mask`) with `card` (not held) in its place."""
    at = (mask & _BEFORE[card.index]).bit_count()
    return (*held[:at], card, *held[at:])


def _without(held: tuple[Card, ...], mask: int, card: Card) -> tuple[Card, ...]:
    """`held` (sorted, of mask `mask`) less `card`, which it holds."""
    at = (mask & _BEFORE[card.index]).bit_count()
    return held[:at] + held[at + 1 :]


_EVENT: Final = make_event
"""`Event(kind, player, cards, numbers, label, private)`, every field positionally."""


def _grow(table: tuple[TableMeld, ...], number: int, card: Card, seat: int) -> tuple[TableMeld, ...]:
    """The table after `seat` lays `card` off onto meld `number`, the card credited to `seat`:
    what `parlour.core.melds.lay_off_credited` gives (the tests compare them), built directly
    for one pack without wild cards. An ace that fits both ends of a run of 2 to king goes high."""
    tm = table[number - 1]
    m = tm.meld
    cards, credit = m.cards, tm.credit
    if m.kind is _SET:
        key, k = SORT_KEYS, SORT_KEYS[card.index]
        at = 0
        for c in cards:  # its place in display order, after equal keys (as `insert_by_key`)
            if key[c.index] > k:
                break
            at += 1
        meld = build_meld(_SET, (*cards[:at], card, *cards[at:]), m.rank, None, 0)
        grown = build_table_meld(meld, tm.owner, (*credit[:at], seat, *credit[at:]))
    elif m.low + len(cards) <= 14 and card.index == _AT[(card.index >> 4) - 1][m.low + len(cards)].index:
        grown = build_table_meld(build_meld(_RUN, (*cards, card), None, m.suit, m.low), tm.owner, (*credit, seat))
    else:
        grown = build_table_meld(build_meld(_RUN, (card, *cards), None, m.suit, m.low - 1), tm.owner, (seat, *credit))
    return (*table[: number - 1], grown, *table[number:])


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.player:
        return f"it is seat {state.player}'s turn"
    hand = state.hands[state.player]
    held = (*hand, *state.taken)
    if isinstance(move, (DrawStock, TakeDiscards, Pass)) and state.phase is not Phase.DRAW:
        return "draw once, at the start of the turn"
    if isinstance(move, DrawStock):
        return "the stock is used up: take from the discard pile or pass"
    if isinstance(move, Pass):
        return "pass only when the stock is used up"
    if isinstance(move, TakeDiscards):
        if not 1 <= move.depth <= len(state.discards):
            return f"the discard pile holds {len(state.discards)} cards"
        card = state.discards[-move.depth]
        return f"{card} could not be played to the table this turn (a card taken from the pile must be)"
    if state.phase is not Phase.PLAY:
        return "draw first"
    owed = state.taken[0] if state.owed else None
    if isinstance(move, Discard):
        if owed is not None:
            return f"{owed} was taken from the discard pile and must be played to the table first"
        if (move.card,) == state.taken:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        return f"{move.card} is not in the hand"
    cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
    missing = [c for c in cards if c not in held]
    if missing:
        return f"{cards_text(missing)} not in the hand"
    if isinstance(move, MakeMeld):
        problem = meld_problem(move.cards, RULES)
        if problem is not None:
            return problem
        if len(move.cards) not in MELD_SIZES or len(set(move.cards)) != len(move.cards):
            return "a new meld is 3 or 4 cards (lay off onto it to make it longer)"
        if move.cards not in [m.cards for m in _candidate_melds(move.player, held) if isinstance(m, MakeMeld)]:
            return "list a run from its low end and a set in display order"
    else:
        if not 1 <= move.meld <= len(state.table):
            return f"there is no meld {move.meld} on the table"
        if move.card not in _wanted(state.table[move.meld - 1].meld):
            return f"{move.card} does not fit meld {move.meld} ({state.table[move.meld - 1]})"
    if owed is not None:
        return f"{owed} must still be playable this turn after that play"
    return f"{state.taken[0]} could not be played or discarded after that play: keep a card to discard"


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _apply_draw(state: State, move: DrawStock) -> State:
    p = move.player
    card = state.stock[0]
    hands, masks = state.hands, state.masks
    hand = _insert(hands[p], masks[p], card)
    if p == 0:
        hands, masks = (hand, hands[1]), (masks[0] | _BIT[card.index], masks[1])
    else:
        hands, masks = (hands[0], hand), (masks[0], masks[1] | _BIT[card.index])
    new = _BUILD(
        state.options, state.hand, state.rng, None, _DRAW_EVENTS[p][card.index], state.dealer, _PLAY, p,
        hands, state.stock[1:], state.discards, state.table, state.wants, (), False, state.turn_count, state.scores,
    )  # fmt: skip
    return _carry(new, masks, state.fits, state.run_fits)


def _apply_take(state: State, move: TakeDiscards) -> State:
    p, depth = move.player, move.depth
    rest, got = take_from_pile(state.discards, depth)
    masks = state.masks
    hand = state.hands[p]
    if depth > 1:  # the cards above the one dug join the hand
        mask = masks[p]
        for card in got[1:]:
            hand = _insert(hand, mask, card)
            mask |= _BIT[card.index]
        masks = _with_mask(masks, p, mask)
    owed = depth > 1 or state.options.top_card_must_be_played
    events = _TAKE_EVENTS[p][got[0].index] if depth == 1 else (_EVENT(_TAKES, p, got, (), "discard pile", False),)
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, _PLAY, p,
        _with_hand(state.hands, p, hand), state.stock, rest, state.table, state.wants, (got[0],), owed,
        state.turn_count, state.scores,
    )  # fmt: skip
    return _carry(new, masks, state.fits, state.run_fits)


class _Laid(NamedTuple):
    """What laying a new meld puts on the table, the same each time seat and cards are."""

    table_meld: TableMeld
    want: int
    """`_want_of` its meld."""
    events: tuple[Event, ...]


_LAID: Final[dict[int, _Laid]] = {}
"""`_Laid` by seat and the meld's card mask (`_mask(cards) * 2 + seat`): a few hundred melds
exist in one pack, so this stays small; the values are immutable and shared between states."""


def _apply_meld(state: State, move: MakeMeld) -> State:
    p, cards = move.player, move.cards
    gone = _mask(cards)
    laid = _LAID.get(gone * 2 + p)
    if laid is None:
        meld = _meld_of_move(cards)
        laid = _LAID[gone * 2 + p] = _Laid(
            table_meld(meld, p), _want_of(meld), (Event(EventKind.MELDS, player=p, cards=cards),)
        )
    table = (*state.table, laid.table_meld)
    wants = (*state.wants, laid.want)
    run_fits = state.run_fits | laid.want if laid.table_meld.meld.kind is _RUN else state.run_fits
    return _after_play(state, p, gone, table, wants, state.fits | laid.want, run_fits, laid.events)


_LAY_EVENTS: Final[dict[tuple[int, int, int], tuple[Event, ...]]] = {}
"""The events of a lay-off by (seat, card index, meld number), built once and shared."""


def _apply_lay_off(state: State, move: LayOff) -> State:
    p, card, number = move.player, move.card, move.meld
    table = _grow(state.table, number, card, p)
    wants = (*state.wants[: number - 1], _want_of(table[number - 1].meld), *state.wants[number:])
    fits = 0
    for w in wants:
        fits |= w
    run_fits = state.run_fits if table[number - 1].meld.kind is _SET else _run_fits(table, wants)
    key = (p, card.index, number)
    events = _LAY_EVENTS.get(key)
    if events is None:
        events = _LAY_EVENTS[key] = (Event(EventKind.LAYS_OFF, player=p, cards=(card,), numbers=(number,)),)
    return _after_play(state, p, _BIT[card.index], table, wants, fits, run_fits, events)


def _apply_pass(state: State, move: Pass) -> State:
    told = (
        Event(EventKind.PASSES, player=move.player),
        Event(EventKind.NOTE, label="the stock is used up and the discard pile refused: the hand ends"),
    )
    return _end_hand(state, state.hands, state.table, state.discards, told)


def _with_hand(
    hands: tuple[tuple[Card, ...], tuple[Card, ...]], p: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    return (hand, hands[1]) if p == 0 else (hands[0], hand)


def _with_mask(masks: tuple[int, int], p: int, mask: int) -> tuple[int, int]:
    return (mask, masks[1]) if p == 0 else (masks[0], mask)


def _after_play(
    state: State,
    p: int,
    gone: int,
    table: tuple[TableMeld, ...],
    wants: tuple[int, ...],
    fits: int,
    run_fits: int,
    events: tuple[Event, ...],
) -> State:
    """The state after `p` plays the cards of mask `gone` (from the hand, and the card taken
    apart if it is one of them) to the table."""
    taken, owed = state.taken, state.owed
    bit = _BIT
    if taken and bit[taken[0].index] & gone:
        taken, owed = (), False
    hand = tuple([c for c in state.hands[p] if not bit[c.index] & gone])
    hands = _with_hand(state.hands, p, hand)
    if not hand and not taken:
        return _end_hand(state, hands, table, state.discards, (*events, Event(EventKind.GOES_OUT, player=p)))
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, _PLAY, p, hands, state.stock,
        state.discards, table, wants, taken, owed, state.turn_count, state.scores,
    )  # fmt: skip
    masks = state.masks
    return _carry(new, _with_mask(masks, p, masks[p] & ~gone), fits, run_fits)


def _apply_discard(state: State, move: Discard) -> State:
    p, card = move.player, move.card
    masks = state.masks
    hand = _without(state.hands[p], masks[p], card)
    mask = masks[p] ^ _BIT[card.index]  # the card was in the hand
    if state.taken:  # the kept top card joins the hand at the end of the turn
        hand = _insert(hand, mask, state.taken[0])
        mask |= _BIT[state.taken[0].index]
    if p == 0:
        hands, masks = (hand, state.hands[1]), (mask, masks[1])
    else:
        hands, masks = (state.hands[0], hand), (masks[0], mask)
    discards = (*state.discards, card)
    events = _DISCARD_EVENTS[p][card.index]
    if not hand:
        return _end_hand(state, hands, state.table, discards, (*events, Event(EventKind.GOES_OUT, player=p)))
    if state.turn_count >= state.options.max_turns:
        note = Event(EventKind.NOTE, label=f"{state.options.max_turns} turns played: the hand ends")
        return _end_hand(state, hands, state.table, discards, (*events, note))
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, _DRAW, 1 - p, hands, state.stock,
        discards, state.table, state.wants, (), False, state.turn_count + 1, state.scores,
    )  # fmt: skip
    return _carry(new, masks, state.fits, state.run_fits)


_APPLY: Final[dict[type, Callable[..., State]]] = {
    DrawStock: _apply_draw,
    TakeDiscards: _apply_take,
    MakeMeld: _apply_meld,
    LayOff: _apply_lay_off,
    Discard: _apply_discard,
    Pass: _apply_pass,
}
"""Each move class's `_apply_<move>` (a lookup, not a chain of class tests)."""


# ---------------------------------------------------------------------------------------------
# Dealing and scoring


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    totals: tuple[int, int],
    events: tuple[Event, ...],
) -> State:
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    # One card at a time from the dealer's left (`parlour.core.deck.deal` for two seats, sliced):
    # the non-dealer gets the 1st, 3rd, ... cards, the dealer the 2nd, 4th, ...
    first, second = sorted_cards(cards[0 : 2 * HAND_SIZE : 2]), sorted_cards(cards[1 : 2 * HAND_SIZE : 2])
    upcard = cards[2 * HAND_SIZE]
    events = (
        *events,
        _EVENT(_DEALS, dealer, (), (number,), "", False),
        _EVENT(_TURNS_UP, None, (upcard,), (), "", False),
    )
    return _BUILD(
        options, number, rng, None, events, dealer, _DRAW, 1 - dealer,
        (second, first) if dealer == 0 else (first, second), cards[2 * HAND_SIZE + 1 :], (upcard,), (), (), (), False,
        1, totals,
    )  # fmt: skip


def _end_hand(
    state: State,
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    table: tuple[TableMeld, ...],
    discards: tuple[Card, ...],
    told: tuple[Event, ...],
) -> State:
    """Scores the hand (table credit less cards held), then deals the next or ends the game."""
    gained = hand_result(table, hands)
    totals = (state.scores[0] + gained[0], state.scores[1] + gained[1])
    shown = tuple(Event(EventKind.SHOWS, player=s, cards=held) for s, held in enumerate(hands) if held)
    events = (*told, *shown, Event(EventKind.HAND_SCORED, numbers=gained))
    o = state.options
    best = max(totals)
    if best >= o.target and totals.count(best) == 1:
        winner = totals.index(best)
        events = (
            *events,
            Event(EventKind.HAS, player=0, numbers=(totals[0],)),
            Event(EventKind.HAS, player=1, numbers=(totals[1],)),
            Event(EventKind.GAME_OVER, numbers=(winner,)),
        )
        return _BUILD(
            o, state.hand, state.rng, None, events, state.dealer, Phase.OVER, winner, hands, state.stock,
            discards, table, _wants_of(table), (), False, state.turn_count, totals,
        )  # fmt: skip
    if best >= o.target:
        events = (*events, Event(EventKind.NOTE, label="tied for the lead at the target: another hand"))
    assert state.rng is not None
    return _deal(o, state.hand + 1, 1 - state.dealer, state.rng, None, totals, events)
