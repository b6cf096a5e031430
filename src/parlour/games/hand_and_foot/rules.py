"""Hand and Foot's position and verbs: the `State` with its zones, `new_game`, `legal_moves`,
`apply` and the rest of the game protocol, then the deal and the `_legal_*` / `_apply_*` helpers."""

from __future__ import annotations

import bisect
import enum
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, JOKER, Card, Rank, cards_text, insert_by_key, seat_card_table
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import builder, cached_setter, checked_apply, evolver, moves_for, require_options, require_players
from parlour.core.melds import meld_problem
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.hand_and_foot.tables import (
    BLACK_THREES,
    BOOK,
    BookKind,
    DEFAULT_PLAYERS,
    MINIMUM_MELDS,
    OPENING_SIZE,
    Options,
    PLAYERS,
    POINTS,
    RED_THREES,
    RULES,
    TEAMS,
    WILD_MELD,
    _KEY,
    _KIND,
    _MELD_LABELS,
    _NATURAL,
    _PTS,
    _RANK_BY_NUMBER,
    _RANK_OF,
    _RED3,
    _RED3_GROUP,
    _WILD,
    _WILD_KEY,
    _books,
    _is_wild,
    _meld_key,
    _qualifies,
    book_kind,
    minimum_meld,
    pack_for,
    round_score,
    sort_hand,
    team_of,
)
from parlour.games.hand_and_foot.moves import (
    AddCard,
    Discard,
    Draw,
    DumpThrees,
    MOVE_TYPES,
    Meld,
    Move,
    TakeBack,
    TakePile,
    _ALL_CARDS,
    _BACKS,
    _DISCARDS,
    _DRAWS,
    _DUMPS,
    _MOVE_CACHE,
    _PILES,
    _meld_move,
)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    DRAW = "draw"
    """`turn` draws two or takes the pile."""
    PLAY = "play"
    """`turn` melds, then discards."""
    OVER = "over"


Melds: TypeAlias = tuple[tuple[tuple[Card, ...], ...], ...]


_TeamFacts: TypeAlias = tuple[dict[int, int], tuple[int, int, int], tuple[tuple[int, int, bool], ...]]
"""See `_team_facts`."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. `stock[0]` is the top of the stock, `discards[-1]` the top of the pile."""

    options: Options
    hand: int
    """The round, from 1."""
    rng: Rng | None
    viewer: int | None = None
    phase: Phase
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    """The cards each seat plays from (its hand, then its foot), in hand order."""
    feet: tuple[tuple[Card, ...], ...]
    """Each seat's foot, face down; empty once picked up."""
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    melds: Melds
    """Each team's melds in the order started; 7-card melds are closed books."""
    red_threes: tuple[tuple[Card, ...], ...]
    """Each team's red 3s laid face up this round."""
    opened: tuple[bool, ...]
    """Each team has made its minimum meld this round."""
    took_back: bool
    """The player took back an opening this turn and may only discard."""
    points: tuple[int, ...]
    """Each team's total over the rounds scored."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _legal(self, None if self.rng is not None else self.viewer)

    # Derived facts, once per state (not fields: JSON and equality ignore them). `_legal_play`
    # computes them anyway and leaves them here for `apply`. The values are always what the
    # properties would compute.

    @cached_property
    def _runs(self) -> list[int]:
        """Where each rank's run starts in the hand of the player to move (see `_scan_runs`)."""
        return _scan_runs(self.hands[self.turn])

    @cached_property
    def _teams(self) -> tuple[_TeamFacts, ...]:
        """Each team's `_team_facts`. `apply` hands them on to the state it builds (the facts
        of a team whose melds the move changed made afresh), so they are worked out about once
        a round instead of in every play position."""
        return tuple(_team_facts(m) for m in self.melds)

    @property
    def _team(self) -> _TeamFacts:
        """The facts of the team to move (see `_teams`)."""
        return self._teams[self.turn % TEAMS]


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sort_hand),
    Zone("feet", Seen.NOBODY, by_seat=True),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("melds", Seen.EVERYONE),
    Zone("red_threes", Seen.EVERYONE),
)
"""A hand is seen by its owner; a foot by nobody until it is picked up (it joins `hands`)."""

_evolve: Final = evolver(State)
_build: Final = builder(State)
_FILL_RUNS: Final = cached_setter(State, "_runs")
_FILL_TEAMS: Final = cached_setter(State, "_teams")
"""Fills a cached property's slot (what `cached_property` itself does on a first read)."""
_FILL_LEGAL: Final = cached_setter(State, "legal")
"""The play loop fills a state it built (its team facts filled) with its move list too, by the
function of its phase (`_legal_play` or `_legal_draw`, what `_legal` would pick), or patched
from the parent's after a natural laid off or melded (`_legal_after_lay_off`,
`_legal_after_natural_meld`): the caller reads it next, and a first read of an empty cached
property costs several times more than filling the slot."""
_RUN_SLOTS: Final = 16
"""Rank numbers of `_RANK_OF`: 1-14, and 15 for red 3s."""
_MINIMUMS: Final = MINIMUM_MELDS
_ROUNDS_LISTED: Final = len(MINIMUM_MELDS)
_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_DRAW_ONLY: Final = tuple((draw,) for draw in _DRAWS)
_DRAW_OR_PILE: Final = tuple((draw, pile) for draw, pile in zip(_DRAWS, _PILES))
_MELDABLE: Final = tuple(_KIND[16 + rank] == _NATURAL for rank in range(16))  # 16 + rank: a club
"""Per rank number of `_RANK_OF`: a natural meld may be made of it (A, 4-K; not 3s, wilds)."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals round 1. `deck` fixes the first deal (top card first), `dealer` the first dealer."""
    n = require_players("hand_and_foot", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("hand_and_foot", options, Options)
    if n * (rules.hand_size + rules.foot_size) + 10 > len(pack_for(n)):
        raise ValueError(f"{n} players cannot be dealt {rules.hand_size} + {rules.foot_size} cards each")
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    return _deal(rules, 1, first, (0,) * TEAMS, rng, deck, (), n)


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """In the draw: `draw`, `take pile`. In play: new melds (by rank, then the wild meld), cards
    to add (meld by meld), discards (hand order), `discard black threes`, `take back`."""
    if player is None:
        return state.legal  # what `moves_for` gives for every seat, without the call
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    if state.rng is not None:  # `checked_apply`'s own first steps, inline for the play loop:
        for candidate in state.legal:  # a move `legal_moves` handed out goes straight through
            if candidate is move:
                return _APPLY[type(move)](state, move)
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's team total."""
    return tuple(state.points[team_of(seat)] for seat in range(len(state.hands)))


def winners(state: State) -> frozenset[int]:
    """The seats of the team with the higher total once the game is over (a tie shares)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    best = max(state.points)
    return frozenset(s for s in range(len(state.hands)) if state.points[team_of(s)] == best)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand only; feet and stock face down."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the feet, the stock) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """ValueError for a state the game cannot reach (or hostile JSON)."""
    n = len(state.hands)
    if n not in PLAYERS or len(state.feet) != n:
        raise ValueError(f"hand_and_foot is played by 2, 4 or 6 seats, not {n}")
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be hand_and_foot Options")
    if not 1 <= state.hand <= o.rounds:
        raise ValueError(f"round {state.hand} is not 1..{o.rounds}")
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    for field in ("melds", "red_threes", "opened", "points"):
        if len(getattr(state, field)) != TEAMS:
            raise ValueError(f"{field} must have one entry per team")
    check_zones("hand_and_foot", state, ZONES, pack_for(n))
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(c != HIDDEN for c in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sort_hand(held):
            raise ValueError(f"seat {seat}'s hand is not in hand order: {cards_text(held)}")
    for team in range(TEAMS):
        if any(c not in RED_THREES for c in state.red_threes[team]):
            raise ValueError(f"team {team}'s red threes hold another card")
        keys = [_meld_key(m) for m in state.melds[team] if len(m) < BOOK]
        if len(keys) != len(set(keys)):
            raise ValueError(f"team {team} has two open melds of one rank")
        for meld in state.melds[team]:
            if meld_problem(meld, RULES) is not None or tuple(meld) != sort_hand(meld):
                raise ValueError(f"team {team}'s meld {cards_text(meld)} is not a meld in order")
        if not state.opened[team] and state.melds[team]:
            if state.phase is not Phase.PLAY or team_of(state.turn) != team:
                raise ValueError(f"team {team} has provisional melds outside its player's turn")
            if sum(POINTS.total(m) for m in state.melds[team]) >= minimum_meld(state.hand):
                raise ValueError(f"team {team}'s melds reach the minimum but it is not marked opened")
    if state.took_back and (state.phase is not Phase.PLAY or state.melds[team_of(state.turn)]):
        raise ValueError("took_back is only set in play after the provisional melds went back")
    if state.phase is Phase.OVER:
        if state.hand != o.rounds:
            raise ValueError("the game ends after the last round")
    elif not state.stock and state.phase is Phase.DRAW:
        raise ValueError("a round ends when its stock is empty at the end of a turn")
    if state.phase is Phase.PLAY and not state.hands[state.turn] and state.rng is not None:
        raise ValueError("the player in play holds no card")


# Phase helpers -------------------------------------------------------------------------------


def _deal(
    options: Options,
    number: int,
    dealer: int,
    points: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
    n: int,
) -> State:
    """Deals round `number`: hands, then feet, one card at a time from the dealer's left."""
    cards, rng = shuffled_or_fixed(pack_for(n), rng, deck)
    first = (dealer + 1) % n
    # One card at a time from `first` round the table (`core.deck.deal`): the k-th seat from
    # `first` gets every n-th card from the k-th, first of the hands, then of the feet.
    held = n * options.hand_size
    dealt = held + n * options.foot_size
    hands = tuple(sort_hand(cards[(s - first) % n : held : n]) for s in range(n))
    feet = tuple(cards[held + (s - first) % n : dealt : n] for s in range(n))
    rest = cards[dealt:]
    # Seed: a wild card turned up "should be covered with another card" (a red 3 too).
    up = 1
    while _KIND[rest[up - 1].index] in (_WILD, _RED3):
        up += 1
    discards = rest[:up]
    said = (
        *events,
        make_event(EventKind.DEALS, dealer, (), (number,), "", False),
        make_event(EventKind.TURNS_UP, None, discards, (), "", False),
        _TO_PLAY[first],
    )
    return _build(
        options, number, rng, None, _DRAW, dealer, first, hands, feet, rest[up:], discards,
        ((), ()), ((), ()), (False, False), False, points, said,
    )  # fmt: skip


def _scan_runs(held: tuple[Card, ...]) -> list[int]:
    """Where each rank's run of cards starts in a sorted hand: by rank number of `_RANK_OF`,
    the first position, or -1 for a rank the hand lacks (a run ends where the next one in
    hand order starts)."""
    out = [-1] * _RUN_SLOTS
    rank_of = _RANK_OF
    current = -1
    i = 0
    for card in held:
        rank = rank_of[card.index]
        if rank != current:
            out[rank] = i
            current = rank
        i += 1
    return out


def _team_facts(melds: tuple[tuple[Card, ...], ...]) -> _TeamFacts:
    """A team's open melds (meld key number -> position, in the order started), its books
    (red, black, wild), and the open melds again as (key, position, takes a wild) in the same
    order: a meld takes another wild while its naturals outnumber its wilds (always, for the
    wild meld)."""
    open_at: dict[int, int] = {}
    opens: list[tuple[int, int, bool]] = []
    red = black = wild = 0
    kind = _KIND
    rank_of = _RANK_OF
    i = 0
    for meld in melds:
        size = len(meld)
        if size < BOOK:
            first = meld[0].index
            if kind[first] == _WILD:
                open_at[_WILD_KEY] = i
                opens.append((_WILD_KEY, i, True))
            else:
                key = rank_of[first]
                open_at[key] = i
                # Wilds sort last, so the middle card is natural exactly when naturals > wilds.
                opens.append((key, i, kind[meld[size // 2].index] != _WILD))
        elif size == BOOK:
            if kind[meld[0].index] == _WILD:
                wild += 1
            elif kind[meld[-1].index] == _WILD:
                black += 1
            else:
                red += 1
        i += 1
    return open_at, (red, black, wild), tuple(opens)


def _facts_after(facts: _TeamFacts, melds: tuple[tuple[Card, ...], ...], i: int) -> _TeamFacts:
    """`_team_facts(melds)` from the team's `facts` before its meld `i` grew, or was started as
    its last meld: only that meld's entry changes (its wild room, or its closing as a book).
    Melds keep their places, so the open melds stay in the order started."""
    open_at, books, opens = facts
    meld = melds[i]
    size = len(meld)
    kind = _KIND
    first = meld[0].index
    key = _WILD_KEY if kind[first] == _WILD else _RANK_OF[first]
    if size < BOOK:
        entry = (key, i, key == _WILD_KEY or kind[meld[size // 2].index] != _WILD)
        if key in open_at:
            if entry in opens:  # the meld grew but still takes a wild as before
                return facts
            return open_at, books, tuple([entry if e[0] == key else e for e in opens])
        return {**open_at, key: i}, books, (*opens, entry)
    red, black, wild = books
    if kind[first] == _WILD:
        wild += 1
    elif kind[meld[-1].index] == _WILD:
        black += 1
    else:
        red += 1
    return {k: v for k, v in open_at.items() if k != key}, (red, black, wild), tuple([e for e in opens if e[0] != key])


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _OVER or (only is None and state.rng is None):
        return ()
    seat = state.turn
    if only is not None and only != seat:
        return ()
    if phase is _DRAW:
        return _legal_draw(state)
    return _legal_play(state)


def _legal_draw(state: State) -> tuple[Move, ...]:
    return _DRAW_OR_PILE[state.turn] if _pile_ok(state) else _DRAW_ONLY[state.turn]


def _wild_trios(held: tuple[Card, ...], twos: tuple[int, int], jokers: tuple[int, int]) -> list[tuple[Card, ...]]:
    """The distinct three-wild melds: the first twos in hand order, then jokers."""
    out = []
    for n_twos in (3, 2, 1, 0):
        n_jokers = 3 - n_twos
        if n_twos <= twos[1] and n_jokers <= jokers[1]:
            out.append(held[twos[0] : twos[0] + n_twos] + held[jokers[0] : jokers[0] + n_jokers])
    return out


def _legal_play(state: State) -> tuple[Move, ...]:
    seat = state.turn
    team = seat % TEAMS
    held = state.hands[seat]
    # `_scan_runs` inline, noting the discards (the first card of each rank) and the ranks with
    # 2+ cards that a natural meld may be made of (in hand order: at a run's second card). The
    # runs and the team's facts are left in the state's cached properties for `apply` (the
    # values the properties compute).
    runs = [-1] * _RUN_SLOTS
    pairs: list[int] = []
    discards: list[Move] = []
    row = _DISCARDS[seat]
    rank_of = _RANK_OF
    meldable = _MELDABLE
    current = paired = -1
    i = 0
    for card in held:
        rank = rank_of[card.index]
        if rank != current:
            runs[rank] = i
            discards.append(row[card.index])
            current = rank
        elif rank != paired:
            paired = rank
            if meldable[rank]:
                pairs.append(rank)
        i += 1
    melds = state.melds[team]
    facts = state._teams[team]
    _FILL_RUNS(state, runs)
    open_at, books, opens = facts
    opened = state.opened[team]
    in_foot = not state.feet[seat]
    options = state.options
    qualified = in_foot and _qualifies(options, books)
    size = len(held)
    out: list[Move] = []
    if not state.took_back:
        # What an opening still under way must reach, and has laid (read only before opening).
        need = 0 if opened else _MINIMUMS[min(state.hand, _ROUNDS_LISTED) - 1]
        laid = 0 if opened else sum([_points(m) for m in melds])
        twos = runs[2]
        jokers = runs[_WILD_KEY]
        if twos >= 0:
            wilds: tuple[Card, ...] = (held[twos], held[jokers]) if jokers >= 0 else (held[twos],)
        else:
            wilds = (held[jokers],) if jokers >= 0 else ()
        if pairs:
            left = size - OPENING_SIZE
            # Three cards never complete a book, so only the opening and the cards left matter.
            free = opened and (left >= 2 or (left >= 1 and not in_foot) or qualified)
            cache = _MOVE_CACHE
            base = seat * 512000
            for rank in pairs:
                if rank in open_at:
                    continue
                start = runs[rank]
                third = start + 2
                if third < size and rank_of[held[third].index] == rank:
                    trio = held[start : third + 1]
                    if free or _may_leave(in_foot, left, opened or laid + _points(trio) >= need, qualified):
                        key = base + trio[0].index * 6400 + trio[1].index * 80 + trio[2].index
                        move = cache.get(key)
                        if move is None:
                            move = cache[key] = Meld(seat, trio)
                        out.append(move)
                    continue
                first = held[start]
                second = held[start + 1]
                for wild in wilds:
                    trio = (first, second, wild)
                    if free or _may_leave(in_foot, left, opened or laid + _points(trio) >= need, qualified):
                        key = base + first.index * 6400 + second.index * 80 + wild.index
                        move = cache.get(key)
                        if move is None:
                            move = cache[key] = Meld(seat, trio)
                        out.append(move)
        if wilds and _WILD_KEY not in open_at:
            # The wilds lie together, twos then jokers, before any red 3s.
            end = runs[_RED3_GROUP] if runs[_RED3_GROUP] >= 0 else size
            n_jokers = end - jokers if jokers >= 0 else 0
            n_twos = (end if jokers < 0 else jokers) - twos if twos >= 0 else 0
            if n_twos + n_jokers >= 3:
                left = size - OPENING_SIZE
                free = opened and (left >= 2 or (left >= 1 and not in_foot) or qualified)
                for trio in _wild_trios(held, (twos, n_twos), (jokers, n_jokers)):
                    if free or _may_leave(in_foot, left, opened or laid + _points(trio) >= need, qualified):
                        out.append(_meld_move(seat, trio))
        if opens:
            left = size - 1
            free = opened and (left >= 2 or not in_foot or qualified)
            natural_adds = _NATURAL_ADDS[seat]
            if free and not wilds:
                # Every lay-off keeps the turn finishable and no wild is held: each open meld's
                # natural (the first of its rank in hand), meld by meld.
                for key, _, _ in opens:
                    natural = runs[key]  # none for the wild meld (its key is the jokers' number)
                    if natural >= 0:
                        out.append(natural_adds[held[natural].index])
            elif free:
                # Every lay-off keeps the turn finishable: each open meld's natural (the first of
                # its rank in hand), then the wilds it may take, meld by meld.
                wild_rows = [_WILD_ADDS[seat][card.index] for card in wilds]
                for key, _, wild_ok in opens:
                    if key != _WILD_KEY:
                        natural = runs[key]
                        if natural >= 0:
                            out.append(natural_adds[held[natural].index])
                        if not wild_ok:
                            continue
                    for adds in wild_rows:
                        out.append(adds[key])
            else:
                for key, at, wild_ok in opens:
                    meld = melds[at]
                    if key == _WILD_KEY:
                        candidates = wilds
                    else:
                        natural = runs[key]
                        fits = wilds if wild_ok else ()
                        candidates = fits if natural < 0 else (held[natural], *fits)
                    for card in candidates:
                        after = opened or laid + _PTS[card.index] >= need
                        grown = qualified or (
                            in_foot and len(meld) == BOOK - 1 and _qualifies(options, books, book_kind((*meld, card)))
                        )
                        if not _may_leave(in_foot, left, after, grown):
                            continue
                        if _KIND[card.index] == _WILD:
                            out.append(_WILD_ADDS[seat][card.index][key])
                        else:
                            out.append(natural_adds[card.index])
    if opened or not melds:
        can_empty = not in_foot or qualified
        if size > 1 or can_empty:
            # Suits do not matter: one discard per rank (black and red 3s apart).
            out += discards
        if in_foot:
            black = 0
            while black < size and rank_of[held[black].index] == 3:  # black 3s sort first
                black += 1
            if black >= 6 and (size > black or can_empty):
                out.append(_DUMPS[seat])
    else:
        out.append(_BACKS[seat])
    return tuple(out)


def _points(cards: Sequence[Card]) -> int:
    """`POINTS.total(cards)` by the index table (a plain loop: cheaper than a comprehension)."""
    pts = _PTS
    total = 0
    for c in cards:
        total += pts[c.index]
    return total


def _add_tables() -> tuple[tuple[tuple[AddCard, ...], ...], tuple[tuple[tuple[AddCard, ...], ...], ...]]:
    """`_NATURAL_ADDS` and `_WILD_ADDS`, built once at import."""
    make = builder(AddCard)
    naturals = []
    wilds = []
    for seat in range(max(PLAYERS)):
        by_card: list[AddCard] = [_NO_ADD] * 80
        rows: list[tuple[AddCard, ...]] = [()] * 80
        for card in _ALL_CARDS:
            i = card.index
            if _KIND[i] == _NATURAL:
                by_card[i] = make(seat, card, _RANK_BY_NUMBER[_RANK_OF[i]])
            elif _KIND[i] == _WILD:
                rows[i] = tuple(
                    make(seat, card, rank) if _MELDABLE[key] or key == _WILD_KEY else _NO_ADD
                    for key, rank in enumerate(_RANK_BY_NUMBER)
                )
        naturals.append(tuple(by_card))
        wilds.append(tuple(rows))
    return tuple(naturals), tuple(wilds)


_NO_ADD: Final = AddCard(-1, JOKER, WILD_MELD)
"""A placeholder in the lay-off tables where no lay-off exists (never offered)."""
_NATURAL_ADDS, _WILD_ADDS = _add_tables()
"""Lay-off moves prebuilt: `_NATURAL_ADDS[seat][card.index]` lays a natural off on its rank's
meld; `_WILD_ADDS[seat][card.index][key]` lays a wild off on the meld of rank number `key`."""


def _may_leave(in_foot: bool, left: int, opened_after: bool, qualified_after: bool) -> bool:
    """Whether a meld leaving `left` cards in hand keeps the turn finishable (rules note C6):
    an opening still short keeps a card to discard (two in the foot); a player in the foot
    keeps two cards until the team holds the books going out needs."""
    if not opened_after:
        return left >= (2 if in_foot else 1)
    return not in_foot or left >= 2 or qualified_after


def _pile_ok(state: State) -> bool:
    """Whether the player to draw may take the pile (quick refusals first, no message composed)."""
    discards = state.discards
    if not discards:
        return False
    top = discards[-1].index
    seat = state.turn
    team = seat % TEAMS
    if _KIND[top] != _NATURAL or not state.opened[team]:
        return False
    count = _naturals_held(state.hands[seat], top)
    return count >= 2 and _pile_takeable(state, seat, team, top, count)


def _pile_takeable(state: State, seat: int, team: int, top: int, count: int) -> bool:
    """`_pile_problem` finds no reason, once its first refusals are passed: `seat` (of `team`,
    which has melded) to draw, the natural with card index `top` on the pile, `count` cards of
    its rank in hand (2 or more). Only a player in the foot needs the full check."""
    if count < 2 + _pile_meld(state, team, _RANK_OF[top])[1]:
        return False  # the open meld must be closed first, with naturals the hand lacks
    return bool(state.feet[seat]) or _pile_problem(state, quick=True) is None


def _naturals_held(held: tuple[Card, ...], index: int) -> int:
    """How many cards of the rank of the natural with card index `index` the sorted hand holds:
    they lie together, so a plain scan from the nearer end of the hand order stops after them
    (cheaper than `bisect`, whose key function is Python code called per probe)."""
    keys = _KEY
    low = keys[index] & ~7  # the rank's first sort key
    high = low + 8
    count = 0
    if low < _MIDDLE_KEY:
        for card in held:
            key = keys[card.index]
            if key >= low:
                if key >= high:
                    break
                count += 1
    else:
        for card in reversed(held):
            key = keys[card.index]
            if key < high:
                if key < low:
                    break
                count += 1
    return count


_MIDDLE_KEY: Final = 8 * 7
"""The sort key of the middle rank of the hand order (10s): lower ranks lie nearer the hand's start."""


_REFUSED: Final = "refused"
"""`_pile_problem`'s answer when asked only whether (`quick`), not why."""


def _pile_problem(state: State, *, quick: bool = False) -> str | None:
    """Why the player to draw may not take the pile, or None if it may (`quick`: `_REFUSED`
    rather than the reason)."""
    seat = state.turn
    team = team_of(seat)
    if not state.discards:
        return "the discard pile is empty"
    if not state.opened[team]:
        return "the pile may be taken only once the team has melded this round"
    top = state.discards[-1]
    if _KIND[top.index] != _NATURAL:
        return f"the pile is blocked by {top} on top"
    held = state.hands[seat]
    rank = top.rank
    melds = state.melds[team]
    i, closing = _pile_meld(state, team, _RANK_OF[top.index])
    if _naturals_held(held, top.index) < 2 + closing:
        if quick:
            return _REFUSED
        extra = f" and {closing} more to close the open {rank} meld" if closing else ""
        return f"taking the pile needs a natural pair of {rank}{extra}"
    if state.feet[seat]:
        return None
    gained = sum(1 for c in state.discards[:-1] if _KIND[c.index] != _RED3)
    left = len(held) - 2 - closing + gained
    if left < 2:
        fills = closing or (i is not None and len(melds[i]) + OPENING_SIZE == BOOK)
        extra_book = None
        if fills:
            extra_book = BookKind.RED if _closes_red(state.melds[team], rank) else BookKind.BLACK
        if left < 1 or not _qualifies(state.options, _books(state.melds[team]), extra_book):
            return _REFUSED if quick else "playing from the foot, the player must keep cards to finish the turn"
    return None


def _open_meld(melds: tuple[tuple[Card, ...], ...], key: Rank) -> int | None:
    """The position of the team's open meld of rank `key` (`WILD_MELD`: the wild meld)."""
    number = int(key)
    for i, meld in enumerate(melds):
        if len(meld) < BOOK:
            first = meld[0].index
            if (_WILD_KEY if _KIND[first] == _WILD else _RANK_OF[first]) == number:
                return i
    return None


def _pile_meld(state: State, team: int, number: int) -> tuple[int | None, int]:
    """Where the top card of the pile goes for `team`: the position of its open meld of rank
    number `number` (None: none, from the team's facts), and the naturals needed to close that
    meld before the top card and the pair fit (0 if they fit)."""
    i = state._teams[team][0].get(number)
    if i is None:
        return None, 0
    size = len(state.melds[team][i])
    return i, 0 if size + OPENING_SIZE <= BOOK else BOOK - size


def _closes_red(melds: tuple[tuple[Card, ...], ...], rank: Rank) -> bool:
    i = _open_meld(melds, rank)
    return i is not None and not any(_is_wild(c) for c in melds[i])


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _remove(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The sorted hand less the cards (equal cards are interchangeable, found by sort key)."""
    if len(cards) == 1:
        key = _KEY[cards[0].index]
        table = _KEY
        at = bisect.bisect_left([table[c.index] for c in held], key)
        if at == len(held) or _KEY[held[at].index] != key:
            raise ValueError(f"{cards[0]} is not in the hand")
        return held[:at] + held[at + 1 :]
    for card in cards:  # matched by index (no card comparisons)
        index = card.index
        at = 0
        for c in held:
            if c.index == index:
                break
            at += 1
        else:
            raise ValueError(f"{card} is not in the hand")
        held = held[:at] + held[at + 1 :]
    return held


def _hand_less(state: State, cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The hand of the player to move less `cards`, found through the state's runs.

    The moves `legal_moves` offers take each rank's cards from the front of its run, so the
    k-th card of a rank in `cards` lies at that run's start + k (a card of that rank there is
    still in the run: a rank's cards lie together); anything else (the black-3 dump, a hand
    arranged by hand) goes the general way, with the same result.
    """
    held = state.hands[state.turn]
    runs = state._runs
    rank_of = _RANK_OF
    if len(cards) == 1:
        index = cards[0].index
        at = runs[rank_of[index]]
        if at >= 0 and held[at].index == index:
            return held[:at] + held[at + 1 :]
        return _remove(held, cards)
    previous = -1
    k = 0
    last = -1
    size = len(held)
    out: tuple[Card, ...] = ()
    for card in cards:
        index = card.index
        rank = rank_of[index]
        k = k + 1 if rank == previous else 0
        previous = rank
        start = runs[rank]
        at = start + k
        if start < 0 or at >= size or at <= last or held[at].index != index:
            return _remove(held, cards)
        out += held[last + 1 : at]
        last = at
    return out + held[last + 1 :]


def _red_threes(
    seat: int, held: tuple[Card, ...], stock: tuple[Card, ...], events: list[Event]
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Lays the red 3s of a hand face up, each replaced from the stock while it lasts.

    Returns the hand, the stock and the red 3s laid. A red 3 the stock cannot replace stays.
    """
    laid: list[Card] = []
    kind = _KIND
    while stock and held and kind[held[-1].index] == _RED3:
        # Red 3s sort last: the hand's tail, of which the stock replaces the first it can.
        first = len(held) - 1
        while first and kind[held[first - 1].index] == _RED3:
            first -= 1
        reds = held[first : first + len(stock)]
        fresh, stock = stock[: len(reds)], stock[len(reds) :]
        held = _insert(held[:first] + held[first + len(reds) :], fresh)
        laid.extend(reds)
        events.append(Event(EventKind.SHOWS, player=seat, cards=tuple(reds), label="red three"))
        events.append(Event(EventKind.DRAWS, player=seat, cards=fresh, private=True))
    return held, stock, tuple(laid)


def _insert(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """A sorted hand with a few cards added in their places (after the equal ones, in the order
    given), by a plain scan (cheaper than `bisect`, whose key function is Python code called per
    probe). Two cards (a draw) are placed together: the lower goes where it would go alone,
    the higher after it (and after the held cards up to its key), each place found by a scan
    from the nearer end of the hand order."""
    if len(cards) != 2:
        for card in cards:
            held = insert_by_key(held, card, _KEY)
        return held
    keys = _KEY
    low, high = cards
    low_key = keys[low.index]
    high_key = keys[high.index]
    if high_key < low_key:  # the second card goes in first, before the first
        low, high, low_key, high_key = high, low, high_key, low_key
    # Each card goes after the held cards up to its key, found from the nearer end of the hand.
    size = len(held)
    if low_key < _MIDDLE_KEY:
        at = 0
        for card in held:
            if keys[card.index] > low_key:
                break
            at += 1
    else:
        at = size
        while at and keys[held[at - 1].index] > low_key:
            at -= 1
    if high_key < _MIDDLE_KEY:
        to = at
        while to < size and keys[held[to].index] <= high_key:
            to += 1
    else:
        to = size
        while to > at and keys[held[to - 1].index] > high_key:
            to -= 1
    return (*held[:at], low, *held[at:to], high, *held[to:])


_EVENT: Final = builder(Event)
"""`Event(kind, player, cards, numbers, label, private)` for hot paths, several times cheaper than
the attrs initializer (the events of draws and new melds differ nearly every time)."""
_DRAWS_KIND, _MELDS_KIND = EventKind.DRAWS, EventKind.MELDS


def _apply_draw(state: State, move: Draw) -> State:
    seat = move.player
    drawn, stock = state.stock[:2], state.stock[2:]
    said = _EVENT(_DRAWS_KIND, seat, drawn, (), "", True)
    # The cards go in after their equal cards (the first drawn first when the two are equal).
    held = _insert(state.hands[seat], drawn)
    s = state
    if _KIND[held[-1].index] == _RED3:  # red 3s sort last
        events = [said]
        held, stock, laid = _red_threes(seat, held, stock, events)
        team = seat % TEAMS
        reds = replace_at(s.red_threes, team, s.red_threes[team] + laid) if laid else s.red_threes
        out = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, replace_at(s.hands, seat, held),
            s.feet, stock, s.discards, s.melds, reds, s.opened, s.took_back, s.points, tuple(events),
        )
    else:
        out = _build(
            s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, replace_at(s.hands, seat, held),
            s.feet, stock, s.discards, s.melds, s.red_threes, s.opened, s.took_back, s.points, (said,),
        )
    _FILL_TEAMS(out, s._teams)
    _FILL_LEGAL(out, _legal_play(out))
    return out


def _apply_pile(state: State, move: TakePile) -> State:
    seat = move.player
    team = team_of(seat)
    events: list[Event] = []
    held, stock, laid = _red_threes(seat, state.hands[seat], state.stock, events)
    top, rest = state.discards[-1], state.discards[:-1]
    # The pile was face up: the event gives its size (its faces are in the view before).
    events.append(_EVENT(EventKind.TAKES, seat, (), (len(state.discards),), "the pile", False))
    melds = state.melds[team]
    number = _RANK_OF[top.index]
    i, closing = _pile_meld(state, team, number)
    rank_of = _RANK_OF
    naturals = [c for c in held if rank_of[c.index] == number][: 2 + closing]
    held = _remove(held, naturals)
    label = _MELD_LABELS[number]
    if closing:
        assert i is not None
        extra = tuple(naturals[2:])
        melds = replace_at(melds, i, sort_hand((*melds[i], *extra)))
        events.append(_EVENT(EventKind.LAYS_OFF, seat, extra, (), label, False))
        trio = sort_hand((top, *naturals[:2]))
        melds = (*melds, trio)
        events.append(_EVENT(_MELDS_KIND, seat, trio, (), "", False))
    elif i is not None:
        added = (top, *naturals[:2])
        melds = replace_at(melds, i, sort_hand((*melds[i], *added)))
        events.append(_EVENT(EventKind.LAYS_OFF, seat, added, (), label, False))
    else:
        trio = sort_hand((top, *naturals[:2]))
        melds = (*melds, trio)
        events.append(_EVENT(_MELDS_KIND, seat, trio, (), "", False))
    kind = _KIND
    pile_reds = tuple([c for c in rest if kind[c.index] == _RED3])
    if pile_reds:
        events.append(Event(EventKind.SHOWS, player=seat, cards=pile_reds, label="red three"))
        rest = tuple([c for c in rest if kind[c.index] != _RED3])
    held = sort_hand((*held, *rest))
    s = state
    reds = replace_at(s.red_threes, team, s.red_threes[team] + laid + pile_reds)
    out = _build(
        s.options, s.hand, s.rng, None, _PLAY, s.dealer, s.turn, replace_at(s.hands, seat, held), s.feet, stock,
        (), replace_at(s.melds, team, melds), reds, s.opened, s.took_back, s.points, tuple(events),
    )  # fmt: skip
    _FILL_TEAMS(out, replace_at(state._teams, team, _team_facts(melds)))
    if not held:
        return _emptied_by_melding(out, seat)
    _FILL_LEGAL(out, _legal_play(out))
    return out


def _apply_add(state: State, move: AddCard) -> State:
    return _meld_cards(state, move.player, (move.card,), move.onto)


def _apply_new_meld(state: State, move: Meld) -> State:
    return _meld_cards(state, move.player, move.cards, None)


def _meld_cards(state: State, seat: int, cards: tuple[Card, ...], onto: Rank | None) -> State:
    team = seat % TEAMS
    melds = state.melds[team]
    teams = state._teams
    if onto is None:
        i = len(melds)
        melds = (*melds, cards)
        event = _EVENT(_MELDS_KIND, seat, cards, (), "", False)
    else:
        at = teams[team][0].get(onto)
        assert at is not None
        i = at
        melds = replace_at(melds, i, _insert(melds[i], cards))
        number = (seat * 80 + cards[0].index) * 16 + onto
        added = _ADD_EVENTS.get(number)
        if added is None:
            added = _ADD_EVENTS[number] = Event(EventKind.LAYS_OFF, player=seat, cards=cards, label=_MELD_LABELS[onto])
        event = added
    events: tuple[Event, ...] = (event,)
    opened = state.opened
    if not opened[team] and sum([_points(m) for m in melds]) >= minimum_meld(state.hand):
        opened = replace_at(opened, team, True)
        events += (Event(EventKind.NOTE, player=seat, label=f"team {team} made its minimum meld"),)
    held = _hand_less(state, cards) if seat == state.turn else _remove(state.hands[seat], cards)
    s = state
    teams_before = teams
    facts = _facts_after(teams[team], melds, i)
    # Two teams: the pairs with this team's entry replaced, built directly.
    if team:
        all_melds = (s.melds[0], melds)
        teams = (teams[0], facts)
    else:
        all_melds = (melds, s.melds[1])
        teams = (facts, teams[1])
    out = _build(
        s.options, s.hand, s.rng, None, s.phase, s.dealer, s.turn, replace_at(s.hands, seat, held),
        s.feet, s.stock, s.discards, all_melds, s.red_threes, opened, s.took_back, s.points, events,
    )
    _FILL_TEAMS(out, teams)
    if held:
        if (
            facts is teams_before[team]
            and onto is not None
            and len(held) >= 4
            and s.opened[team]
            and not s.took_back
            and s.feet[seat]
            and _KIND[cards[0].index] == _NATURAL
            and seat == s.turn
        ):
            _legal_after_lay_off(state, out, seat, cards[0], held)
        elif (
            onto is None
            and len(held) >= 4
            and s.opened[team]
            and not s.took_back
            and s.feet[seat]
            and _KIND[cards[2].index] == _NATURAL  # three naturals (wilds sort last)
            and seat == s.turn
        ):
            _legal_after_natural_meld(state, out, seat, cards, held)
        else:
            _FILL_LEGAL(out, _legal_play(out))
        return out
    if not state.feet[seat]:
        return _end_round(out, seat)
    return _emptied_by_melding(out, seat)


def _legal_after_lay_off(state: State, out: State, seat: int, card: Card, held: tuple[Card, ...]) -> None:
    """Fills the moves and runs of `out`, the position after the player to move of `state` laid
    the natural `card` off on its team's open meld, from those of `state` (what `_legal_play`
    and `_scan_runs` would give).

    The caller makes sure the patch holds: the team had opened, the player is in the hand (not
    the foot), did not take back, and keeps 4 cards or more (so every meld, lay-off and discard
    is offered without the finishing rule's checks, before and after), and the team's facts did
    not change (the meld stays open and takes wilds as before). Then only two moves change: the
    lay-off of a natural of the rank and its discard, both of the first card of the rank in hand,
    which becomes the next card of the rank (another move only if its suit differs), or go.
    """
    runs = state._runs
    index = card.index
    rank = _RANK_OF[index]
    at = runs[rank]
    following = held[at] if at < len(held) and _RANK_OF[held[at].index] == rank else None
    legal = state.legal
    if following is None or following.index != index:
        lay_off = _NATURAL_ADDS[seat][index]
        discard = _DISCARDS[seat][index]
        i = 0
        for move in legal:
            if move is lay_off:
                break
            i += 1
        j = len(legal) - 1
        while legal[j] is not discard:  # the discards end the list
            j -= 1
        if following is None:
            legal = legal[:i] + legal[i + 1 : j] + legal[j + 1 :]
        else:
            later = following.index
            legal = (
                *legal[:i], _NATURAL_ADDS[seat][later], *legal[i + 1 : j], _DISCARDS[seat][later], *legal[j + 1 :]
            )  # fmt: skip
    after = [start - 1 if start > at else start for start in runs]
    if following is None:
        after[rank] = -1
    _FILL_RUNS(out, after)
    _FILL_LEGAL(out, legal)


def _legal_after_natural_meld(
    state: State, out: State, seat: int, trio: tuple[Card, ...], held: tuple[Card, ...]
) -> None:
    """Fills the moves and runs of `out`, the position after the player to move of `state`
    melded the three naturals `trio` (the first three of their rank in hand), from those of
    `state` (what `_legal_play` and `_scan_runs` would give), under the conditions of
    `_legal_after_lay_off`. The meld leaves the new melds, its lay-offs join the end of the
    lay-offs (the next natural of the rank in hand, then every wild: three naturals take one),
    and the rank's discard becomes that of its next card, or goes."""
    runs = state._runs
    first = trio[0]
    index = first.index
    rank = _RANK_OF[index]
    at = runs[rank]
    following = held[at] if at < len(held) and _RANK_OF[held[at].index] == rank else None
    legal = state.legal
    meld = _meld_move(seat, trio)
    i = 0
    for move in legal:
        if move is meld:
            break
        i += 1
    discard = _DISCARDS[seat][index]
    j = len(legal) - 1
    while legal[j] is not discard:  # the discards end the list, in hand order
        j -= 1
    k = j
    while type(legal[k - 1]) is Discard:
        k -= 1
    parent = state.hands[seat]
    added: list[Move] = [] if following is None else [_NATURAL_ADDS[seat][following.index]]
    for wild in (runs[2], runs[_WILD_KEY]):  # the first two and the first joker: `_legal_play`'s wilds
        if wild >= 0:
            added.append(_WILD_ADDS[seat][parent[wild].index][rank])
    ends = () if following is None else (_DISCARDS[seat][following.index],)
    out_legal = (*legal[:i], *legal[i + 1 : k], *added, *legal[k:j], *ends, *legal[j + 1 :])
    after = [start - 3 if start > at else start for start in runs]
    if following is None:
        after[rank] = -1
    _FILL_RUNS(out, after)
    _FILL_LEGAL(out, out_legal)


_ADD_EVENTS: Final[dict[int, Event]] = {}
"""The events of one-card lay-offs, built once, by seat, the card's index and the meld's rank."""


def _emptied_by_melding(state: State, seat: int) -> State:
    """Seed: a player who used every card of the hand picks up the foot and keeps playing."""
    foot = state.feet[seat]
    events = [*state.events, Event(EventKind.DRAWS, player=seat, cards=foot, private=True, label="foot")]
    held, stock, laid = _red_threes(seat, sort_hand(foot), state.stock, events)
    team = team_of(seat)
    return _evolve(
        state,
        hands=replace_at(state.hands, seat, held),
        feet=replace_at(state.feet, seat, ()),
        stock=stock,
        red_threes=replace_at(state.red_threes, team, state.red_threes[team] + laid),
        events=tuple(events),
    )


def _apply_discard(state: State, move: Discard) -> State:
    """One card discarded, the turn passing on: the next seat's draw, its moves worked out here
    (`_legal_draw` with this card on top of the pile). The end of a hand or of the stock goes
    the general way (`_discard_cards`)."""
    seat = move.player
    card = move.card
    index = card.index
    held = state.hands[seat]
    at = state._runs[_RANK_OF[index]] if seat == state.turn else -1
    if at < 0 or held[at].index != index or len(held) == 1 or not state.stock:
        return _discard_cards(state, seat, (card,))
    s = state
    turn = seat + 1 if seat + 1 < len(s.hands) else 0
    hands = replace_at(s.hands, seat, held[:at] + held[at + 1 :])
    teams = s._teams
    out = _build(
        s.options, s.hand, s.rng, None, _DRAW, s.dealer, turn, hands, s.feet, s.stock, s.discards + (card,),
        s.melds, s.red_threes, s.opened, False, s.points, (_DISCARD_EVENTS[seat][index], _TO_PLAY[turn]),
    )  # fmt: skip
    _FILL_TEAMS(out, teams)
    team = turn % TEAMS
    if _KIND[index] == _NATURAL and s.opened[team]:
        count = _naturals_held(hands[turn], index)
        if count >= 2 and _pile_takeable(out, turn, team, index, count):
            _FILL_LEGAL(out, _DRAW_OR_PILE[turn])
            return out
    _FILL_LEGAL(out, _DRAW_ONLY[turn])
    return out


def _apply_dump(state: State, move: DumpThrees) -> State:
    threes = tuple(c for c in state.hands[move.player] if c in BLACK_THREES)
    return _discard_cards(state, move.player, threes)


def _discard_cards(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """Discards `cards` (one card, or the black-3 dump) the general way: a hand emptied picks up
    the foot or goes out, an empty stock ends the round."""
    held = _hand_less(state, cards) if seat == state.turn else _remove(state.hands[seat], cards)
    if len(cards) == 1:
        events: tuple[Event, ...] = (_DISCARD_EVENTS[seat][cards[0].index],)
    else:
        events = (Event(EventKind.DISCARDS, player=seat, cards=cards),)
    discards = state.discards + cards
    feet = state.feet
    s = state
    if not held:
        if not feet[seat]:
            out = _evolve(state, hands=replace_at(state.hands, seat, held), discards=discards, events=events)
            return _end_round(out, seat)
        # Seed: emptied by a discard, the foot is picked up and played next turn.
        events += (Event(EventKind.DRAWS, player=seat, cards=feet[seat], private=True, label="foot"),)
        held = sort_hand(feet[seat])
        feet = replace_at(feet, seat, ())
    hands = replace_at(s.hands, seat, held)
    if not state.stock:
        out = _build(
            s.options, s.hand, s.rng, None, s.phase, s.dealer, s.turn, hands, feet, s.stock, discards,
            s.melds, s.red_threes, s.opened, s.took_back, s.points, events,
        )
        return _end_round(out, None)
    turn = (seat + 1) % len(s.hands)
    out = _build(
        s.options, s.hand, s.rng, None, Phase.DRAW, s.dealer, turn, hands, feet, s.stock, discards,
        s.melds, s.red_threes, s.opened, False, s.points, (*events, _TO_PLAY[turn]),
    )
    _FILL_TEAMS(out, s._teams)
    _FILL_LEGAL(out, _legal_draw(out))
    return out


_DISCARD_EVENTS: Final = seat_card_table(
    lambda seat, card: make_event(EventKind.DISCARDS, seat, (card,), (), "", False), max(PLAYERS), _ALL_CARDS
)
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=s) for s in range(max(PLAYERS)))


def _apply_take_back(state: State, move: TakeBack) -> State:
    seat = move.player
    team = team_of(seat)
    back = tuple(c for m in state.melds[team] for c in m)
    return _evolve(
        state,
        hands=replace_at(state.hands, seat, sort_hand((*state.hands[seat], *back))),
        melds=replace_at(state.melds, team, ()),
        took_back=True,
        events=(Event(EventKind.TAKES, player=seat, numbers=(len(back),), label="back its opening melds"),),
    )


def _end_round(state: State, out: int | None) -> State:
    """Scores the round (`out`: the seat that went out, if any), then deals or ends the game."""
    n = len(state.hands)
    events = list(state.events)
    if out is not None:
        events.append(Event(EventKind.GOES_OUT, player=out))
    gained = []
    for team in range(TEAMS):
        left = [c for s in range(n) if team_of(s) == team for c in (*state.hands[s], *state.feet[s])]
        gained.append(
            round_score(
                state.melds[team],
                len(state.red_threes[team]),
                state.opened[team],
                left,
                out is not None and team_of(out) == team,
                state.options.stranded_red3_penalty,
            )
        )
    points = tuple(p + g for p, g in zip(state.points, gained))
    events.append(Event(EventKind.HAND_SCORED, numbers=tuple(gained[team_of(s)] for s in range(n))))
    if state.hand < state.options.rounds:
        assert state.rng is not None
        return _deal(state.options, state.hand + 1, (state.dealer + 1) % n, points, state.rng, None, tuple(events), n)
    over = _evolve(state, phase=Phase.OVER, points=points, took_back=False)
    best = winners(over)
    events.append(Event(EventKind.GAME_OVER, numbers=tuple(sorted(best))))
    return _evolve(over, events=tuple(events))


_APPLY: Final[dict[type, Callable[..., State]]] = {
    Discard: _apply_discard,
    Draw: _apply_draw,
    AddCard: _apply_add,
    Meld: _apply_new_meld,
    TakePile: _apply_pile,
    DumpThrees: _apply_dump,
    TakeBack: _apply_take_back,
}
"""The apply helper of each move class."""


def _why_illegal(state: State, move: Move) -> str:
    seat = state.turn
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != seat:
        return f"it is seat {seat}'s turn, not seat {move.player}'s"
    team = team_of(seat)
    if state.phase is Phase.DRAW:
        if isinstance(move, TakePile):
            return _pile_problem(state) or "the pile cannot be taken now"
        return "first draw two cards or take the pile"
    if isinstance(move, (Draw, TakePile)):
        return "the player has already drawn this turn"
    held = state.hands[seat]
    melds = state.melds[team]
    if isinstance(move, TakeBack):
        return "there is no provisional opening to take back"
    if isinstance(move, (Discard, DumpThrees)) and not state.opened[team] and melds:
        need = minimum_meld(state.hand)
        return f"the opening melds must reach the minimum of {need} (or take back) before the discard"
    if isinstance(move, DumpThrees):
        if state.feet[seat]:
            return "only a player playing from the foot may discard the black threes at once"
        if sum(1 for c in held if c in BLACK_THREES) < 6:
            return "discarding the black threes at once needs 6 or more of them"
    if isinstance(move, Discard) and move.card not in held:
        return f"seat {seat} does not hold {move.card}"
    if isinstance(move, (Meld, AddCard)):
        if state.took_back:
            return "after taking back an opening the player may only discard"
        cards = move.cards if isinstance(move, Meld) else (move.card,)
        if any(cards.count(c) > held.count(c) for c in cards):
            return f"seat {seat} does not hold {cards_text(cards)}"
        if isinstance(move, Meld):
            problem = meld_problem(move.cards, RULES)
            if problem is not None:
                return problem
            if len(move.cards) != OPENING_SIZE:
                return "a new meld is started with three cards; add more one at a time"
            if _open_meld(melds, _meld_key(sort_hand(move.cards))) is not None:
                return "the team already has an open meld of that rank"
        else:
            i = _open_meld(melds, move.onto)
            if i is None:
                return "the team has no open meld of that rank"
            if meld_problem((*melds[i], move.card), RULES) is not None:
                return f"{move.card} does not fit: a meld holds one rank and at least as many naturals as wilds"
    if not state.feet[seat]:
        o = state.options
        return (
            f"playing from the foot, the player may not run out of cards before the team holds "
            f"{o.red_books} red, {o.black_books} black and {o.wild_books} wild books"
        )
    return "the player must keep a card to discard; suits do not matter: use the canonical cards offered"
