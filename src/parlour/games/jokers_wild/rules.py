"""Jokers Wild rules: options, moves, the state, and the verbs (see the package docstring)."""

from __future__ import annotations

import enum
from bisect import bisect_left
from collections.abc import Sequence
from functools import cached_property
from operator import itemgetter
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import CARD_INDICES, HIDDEN, Card, Rank, Suit, cards_text, seat_card_table, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.stock import refill_stock
from parlour.core.values import cached_setter, slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.jokers_wild.board import (
    CASTLE,
    COME_OUTS,
    ENTRANCES,
    HOLES,
    HOME,
    MARBLES,
    SEATINGS,
    Leg,
    controlled,
    finished,
    forward,
    land,
    occupancy,
    partner_of,
    position_text,
)

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = SEATINGS
"""The book: "2 or 4 people can play, with four players opposites are partners"."""

DEFAULT_PLAYERS: Final = 4

HAND_SIZE: Final = 5
"""The book: "Deal 5 cards to each player" and "Only five cards can remain in your hand"."""

BACKWARD: Final = 8
"""The rank that moves only backwards, and how far."""

SPLIT: Final = 7
"""The rank that may be split between two marbles."""

STEPS: Final[dict[Rank, int]] = {
    Rank.ACE: 1,
    Rank.TWO: 2,
    Rank.THREE: 3,
    Rank.FOUR: 4,
    Rank.FIVE: 5,
    Rank.SIX: 6,
    Rank.SEVEN: 7,
    Rank.NINE: 9,
    Rank.TEN: 10,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
}
"""Forward steps by rank ("Face Moves 10 places"; the 8 and the joker are special)."""

MAX_STEPS: Final = 10
"""The farthest a forward card goes (a face card or a ten)."""

COMES_OUT: Final = frozenset({Rank.ACE, Rank.JACK, Rank.QUEEN, Rank.KING})
"""Ranks that may bring a marble from Home to its starting hole ("An Ace or Face card")."""


def _rank_key(card: Card) -> int:
    return int(card.rank) * 8 + (0 if card.suit is None else int(card.suit))


def rank_sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand in the library's order for this game: by rank (A low), then suit; jokers last."""
    return tuple(sorted(cards, key=_rank_key))


# Options -------------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Jokers Wild; the defaults are the Metzker book's game."""

    packs: int = 3
    """Packs in the shoe, each with its two jokers ("3-4 decks of cards, jokers included")."""
    max_turns: int = 2000
    """Termination valve (not in the book): the game is drawn after this many turns."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.packs not in (3, 4):
            raise ValueError(f"packs must be 3 or 4, not {self.packs}")
        if not 1 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 1..100000, not {self.max_turns}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: three packs with jokers."""
        return cls()


def pack_for(options: Options) -> tuple[Card, ...]:
    """The shoe: `options.packs` packs of 52 with two jokers each."""
    return _PACKS[options.packs]


_PACKS: Final = {k: standard_pack(packs=k, jokers=2) for k in (3, 4)}


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen(weakref_slot=False)
class PlayCard:
    """Play `card` and move marbles by it: one leg, or two for a split 7."""

    player: int
    card: Card
    legs: tuple[Leg, ...]

    def __str__(self) -> str:
        parts = [f"play {self.card}"]
        for owner, start, end in self.legs:
            who = "" if owner == self.player else f"seat{owner} "
            parts.append(f"{who}{position_text(start)}-{position_text(end)}")
        return " ".join(parts)


@attrs.frozen
class Discard:
    """Throw a card away without moving: allowed only when no card in hand can be played."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


Move: TypeAlias = PlayCard | Discard

MOVE_TYPES: Final = (PlayCard, Discard)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: turns go on; OVER: a side finished, or the valve drew the game."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Jokers Wild position."""

    options: Options
    hand: int
    """The turn cycle: 1 + turns // players."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to play (in OVER, the seat that would have been next)."""
    turns: int
    """Turns played so far."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, in `rank_sorted` order."""
    stock: tuple[Card, ...]
    """The centre pile, top card first."""
    discards: tuple[Card, ...]
    """Cards played or discarded, face up, top card last."""
    marbles: tuple[tuple[int, ...], ...]
    """Each seat's five marble positions, ascending: -1 Home, 0-71 track, 72-76 Castle c1-c5."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's
        (`_apply` fills them in as it builds a state)."""
        return _legal(self, None if self.rng is not None else self.viewer)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=rank_sorted),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
)
"""Each hand is seen by its owner, the stock by nobody, the discards (played face up) by all."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals five cards each; every marble starts at Home. `deck` fixes the shoe (top card
    first), `dealer` the dealer (drawn from the seed otherwise); the dealer's left plays first."""
    n = require_players("jokers_wild", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("jokers_wild", options, Options)
    rng = seeded(seed)
    if dealer is None:
        first_dealer, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first_dealer = dealer
    cards, rng = shuffled_or_fixed(pack_for(rules), rng, deck)
    first = (first_dealer + 1) % n
    dealt, stock = deal(cards, players=n, first=first, each=HAND_SIZE)
    return State(
        options=rules,
        hand=1,
        rng=rng,
        phase=Phase.PLAY,
        dealer=first_dealer,
        turn=first,
        turns=0,
        hands=tuple(rank_sorted(h) for h in dealt),
        stock=stock,
        discards=(),
        marbles=((HOME,) * MARBLES,) * n,
        events=(Event(EventKind.DEALS, player=first_dealer, numbers=(1,)), Event(EventKind.TO_PLAY, player=first)),
    )


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to play's moves: by rank of the cards held (ace low, jokers last), for each
    its movements by the marbles' positions; `discard` per rank only when nothing plays."""
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
    """Each seat's side's marbles in their Castles."""
    n = len(state.marbles)
    own = [sum(1 for p in row if p >= CASTLE) for row in state.marbles]
    if n == 2:
        return tuple(own)
    return tuple(own[s] + own[(s + 2) % 4] for s in range(n))


def winners(state: State) -> frozenset[int]:
    """The side with every marble in its Castles; empty before the end and after a draw."""
    if state.phase is not Phase.OVER:
        return frozenset()
    n = len(state.marbles)
    for seat in range(n):
        if finished(state.marbles, seat):
            mate = partner_of(seat, n)
            return frozenset({seat} if mate is None else {seat, mate})
    return frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the stock hidden, no rng."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads the notation of a legal move: "play KH home-8", "play 7C 10-13 20-24",
    "play JK 12-40", "play 6D 70-c1", "discard 5S"."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Jokers Wild reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be jokers_wild.Options")
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"jokers_wild is played by 2 or 4 players, not {n}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    if type(state.turns) is not int or not 0 <= state.turns <= o.max_turns:
        raise ValueError(f"turns {state.turns!r} is outside 0..{o.max_turns}")
    if state.hand != 1 + state.turns // n:
        raise ValueError(f"hand {state.hand} does not match {state.turns} turns")
    if state.turn != (state.dealer + 1 + state.turns) % n:
        raise ValueError(f"seat {state.turn} is on turn, but after {state.turns} turns it is another seat's")
    for seat, held in enumerate(state.hands):
        if len(held) != HAND_SIZE:
            raise ValueError(f"seat {seat} holds {len(held)} cards, not {HAND_SIZE}")
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != rank_sorted(held):
            raise ValueError(f"seat {seat}'s hand is not in rank order: {cards_text(held)}")
    if HIDDEN in state.discards:
        raise ValueError("the discards are face up")
    check_zones("jokers_wild", state, ZONES, pack_for(o))
    if len(state.marbles) != n:
        raise ValueError(f"marbles must be given for {n} seats")
    track: set[int] = set()
    for seat, row in enumerate(state.marbles):
        if len(row) != MARBLES or any(type(p) is not int for p in row):
            raise ValueError(f"seat {seat} must have {MARBLES} marble positions")
        if list(row) != sorted(row) or any(not HOME <= p < CASTLE + MARBLES for p in row):
            raise ValueError(f"seat {seat}'s marbles {row} are not ascending positions -1..76")
        placed = [p for p in row if p != HOME]
        if len(set(placed)) != len(placed) or track & set(placed):
            raise ValueError(f"two marbles share a hole: seat {seat}'s {row}")
        track |= {p for p in placed if p < CASTLE}
    done = any(finished(state.marbles, seat) for seat in range(n))
    if state.phase is Phase.PLAY:
        if done or state.turns >= o.max_turns:
            raise ValueError("the game should be over")
    elif state.phase is Phase.OVER:
        if not done and state.turns != o.max_turns:
            raise ValueError("the game ends only when a side is home or the valve is reached")
    else:
        raise ValueError(f"unknown phase {state.phase!r}")


# Phase helpers -------------------------------------------------------------------------------


def _legal(state: State, only: int | None = None) -> tuple[Move, ...]:
    """The moves of the seat to play (`only` None on a real state, or a view's viewer)."""
    if state.phase is _OVER:
        return ()
    seat = state.turn
    if only is None:
        if state.rng is None:
            return ()
    elif only != seat:
        return ()
    return _moves(seat, state.marbles, state.hands[seat])


def _moves(seat: int, marbles: tuple[tuple[int, ...], ...], held: Sequence[Card]) -> tuple[Move, ...]:
    """The moves of `seat`, holding `held`, with the game going on.

    Everything is worked out afresh from the marbles (boards do not repeat). First what every
    forward card needs of the marbles the seat moves (`owner`'s): the track marbles in row
    order with `lim`, one more than the farthest they go along the track (the distance to the
    side's first marble ahead, 72 for none, one more if that marble is a partner's that may be
    sent to its entrance, `_mate_ok`); the one track marble that may turn into the Castle
    (`estart`: a marble `d` holes before its entrance enters c1 with `d + 1` steps unless the
    side's marble ahead stands before the entrance, so only the marble nearest the entrance
    may, and never reaching the owner's lowest castle marble), to hole `ebase + steps` for
    `elow < steps < ehigh`; the castle marbles that can move as (position, `high`: it goes up
    to below the next one or c5, if `steps < high`); and `fast`: a card shorter than that
    moves every track marble along the track and none into the Castle, which one look-up
    (`pick`) in the card's prebuilt moves (`_PLAYS`) lists at once. Then each rank's moves."""
    owner = seat
    row = marbles[seat]
    if len(marbles) == 4:
        if row[0] >= CASTLE:
            owner = seat ^ 2  # the partner, opposite
            row = marbles[owner]
        mrow = marbles[owner ^ 2]
        i = bisect_left(mrow, 0)
        mtrack = mrow[i : bisect_left(mrow, CASTLE, i)]
    else:
        mrow = mtrack = ()
    gate, come, near = _SIDES[len(marbles)][owner]
    home = bisect_left(row, 0)
    lane = bisect_left(row, CASTLE, home)
    starts = row[home:lane]
    tracks: list[tuple[int, int]] = []
    estart = elow = ehigh = ebase = -1
    fast = HOLES + 1
    if starts:
        side = sorted(starts + mtrack) if mtrack else list(starts)
        side.append(side[0] + HOLES)  # each side marble's next one, once round
        room = row[lane] if lane < MARBLES else CASTLE + MARBLES  # the first castle hole not reachable
        for start in starts:
            block = side[side.index(start) + 1] - start
            lim = block
            if block <= MAX_STEPS and mtrack:
                end = (start + block) % HOLES
                # a partner's marble there may be sent to its entrance (`_mate_ok`, inlined)
                if end in mtrack and gate != end and (gate == start or (gate not in row and gate not in mrow)):
                    lim += 1
            tracks.append((start, lim))
            d = near[start]
            if d < block:  # it is fewer than 10 holes before its entrance, with none of the side between
                estart, elow, ehigh, ebase = start, d, room - CASTLE + d + 1, CASTLE - d - 1
                if d < fast:
                    fast = d + 1
            if lim < fast:
                fast = lim
        # `pick(table)`: the tuple of `table[start]` for every start (a slice for one marble, as
        # `itemgetter` of one key gives the item itself)
        pick = itemgetter(*starts) if len(starts) > 1 else itemgetter(slice(starts[0], starts[0] + 1))
    else:
        side = []
        pick = _PICK_NONE
    lanes: list[tuple[int, int]] = []
    reach = 0  # cards shorter than this move some castle marble
    for i in range(lane, MARBLES):
        start = row[i]
        top = row[i + 1] if i < MARBLES - 1 else CASTLE + MARBLES
        if top != start + 1:  # one packed against the marble above it cannot move
            lanes.append((start, top - start))
            if top - start > reach:
                reach = top - start
    hole = -1  # the starting hole, if a marble may come out onto it
    if home:
        hole = come
        if hole in row or (hole in mtrack and not _mate_ok(row, mrow, HOME, hole, gate)):
            hole = -1
    plans: Sequence[_Plan] | _AssistedPlans = _PLANS[len(marbles)][seat] if hole >= 0 else _PLANS_STAYING[seat]
    if owner != seat:
        plans = _AssistedPlans(seat, owner, hole)
        fast = 0  # `pick` reads tuples: a partner's marbles are moved one by one
    moves: list[Move] = []
    append = moves.append
    extend = moves.extend
    build = _PLAY_CARD
    last = -1
    for card in held:
        rank, steps, table, out = plans[card.index]
        if rank == last:
            continue
        last = rank
        if steps > 0:
            if out is not None:
                append(out)
            if steps < fast:
                extend(pick(table))
            else:
                for start, lim in tracks:
                    if start == estart and elow < steps < ehigh:
                        append(build(seat, card, ((owner, start, ebase + steps),)))
                    if steps < lim:
                        append(table[start])
            if steps < reach:
                for start, high in lanes:
                    if steps < high:
                        append(table[start])
            if rank == _SEVEN_RANK:
                _split_moves(moves, seat, card, marbles, owner, side, gate)
        elif steps:  # the 8
            for start in starts:
                # the distance back to the side's marble behind (72: none; `side` ends with
                # its first marble once round)
                i = side.index(start)
                back = (start - side[i - 1 if i else -2]) % HOLES or HOLES
                end = (start - BACKWARD) % HOLES
                if back > BACKWARD or (back == BACKWARD and end in mtrack and _mate_ok(row, mrow, start, end, gate)):
                    append(table[start])
        elif starts:  # the joker, with a marble on the track
            others: list[int] = []
            for o, r in enumerate(marbles):
                if o != owner:
                    others += r[bisect_left(r, 0) : bisect_left(r, CASTLE)]
            others.sort()
            for start in starts:
                for end in others:
                    if end in mtrack and not _mate_ok(row, mrow, start, end, gate):
                        continue
                    append(build(seat, card, ((owner, start, end),)))
    if moves:
        return tuple(moves)
    last = -1
    discards = _DISCARDS[seat]
    for card in held:
        if card.index & 15 != last:
            last = card.index & 15
            moves.append(discards[card.index])
    return tuple(moves)


def _mate_ok(row: tuple[int, ...], mrow: tuple[int, ...], start: int, end: int, gate: int) -> bool:
    """Whether a marble of `row` leaving `start` may land on its partner's marble at `end`,
    sending it to the partner's castle entrance `gate`: not if a marble of the side is there."""
    if gate == end:
        return False
    return gate == start or (gate not in row and gate not in mrow)


def _split_moves(
    moves: list[Move],
    seat: int,
    card: Card,
    marbles: tuple[tuple[int, ...], ...],
    owner: int,
    side: list[int],
    gate: int,
) -> None:
    """The 7 split k + (7 - k) over two different marbles, the first part first (k = 1..6);
    each pair of movements once, where it is first met. After a first part that brings the
    seat's last marble into its Castle, the rest goes to a partner's marble, or is wasted if
    none can take it.

    Most pairs of marbles are apart (`_APART`): each part goes where it would go alone,
    whichever is played first, so a pair's splits are all met first with the earlier marble
    first, and a marble apart from every other one lists its splits from each marble's lone
    part ends (`_part_legs`). For the other pairs the second part is worked out from the first
    board and the two holes the first part changed (the hole it left and the one it reached);
    first parts that bump a partner or bring the last marble in go through `_split_slow` on
    the board after them. A pair met again with the later marble first is skipped if it was
    listed already (`seen` records the pairs listed with the later marble second, and every
    pair `_split_slow` lists). Castle marbles packed at the top of the lane never move and are
    left out, and boards where no two marbles can share a 7 list nothing at once. `side` is
    the side's track marbles sorted, then the first once round (+72), and `gate` the partner's
    castle entrance (-1: no partner)."""
    row = marbles[owner]
    home = bisect_left(row, 0)
    if home > MARBLES - 2:
        return
    outside = bisect_left(row, CASTLE)  # marbles not in the Castle
    if outside == home:
        return  # castle marbles alone never move 7 between them: the lane has five holes
    if outside == home + 1 and home and row[outside] == CASTLE + outside:
        # One track marble, which cannot bring the last marble in (some are at Home), and
        # castle marbles packed at the top of the lane: the track marble takes both parts, or
        # none (it never passes a castle marble, so it frees none).
        return
    n = len(marbles)
    mate = (owner + 2) % 4 if n == 4 else -2
    mrow = marbles[mate] if n == 4 else ()
    entrance = ENTRANCES[n][owner]
    lane = row[outside:]
    low = lane[0] if lane else CASTLE + MARBLES  # the first castle hole no marble may reach or pass
    count = len(side) - 1  # `side` ends with its first marble once round
    # per marble out of Home, in row order: (position, distance to the first and the second
    # marble of the side ahead (72: none), to the castle entrance, first castle hole it may
    # not reach); castle marbles give 0s, and last the castle hole above them (77: none)
    runs: list[tuple[int, int, int, int, int]] = []
    kinds: list[int] = []
    for i in range(home, outside):
        start = row[i]
        j = side.index(start)
        one = side[j + 1] - start
        two = (side[(j + 2) % count] - start) % HOLES if count > 2 else HOLES
        d = (entrance - start) % HOLES
        runs.append((start, one, two, d, low))
        if one >= SPLIT:
            kinds.append(_NEAR if d < SPLIT - 1 else _FREE)
        elif (start + one) % HOLES in mrow:
            kinds.append(_BUMPY)
        else:
            kinds.append(_CROWDED_NEAR if d < SPLIT - 1 else _CROWDED)
    for i in range(outside, MARBLES):
        if row[i] == CASTLE + i and outside > 1:
            # it and the marbles above it fill the top of the lane: none of them moves (kept
            # when one marble is left outside: its turning in goes by the general search)
            break
        runs.append((row[i], 0, 0, 0, row[i + 1] if i < MARBLES - 1 else CASTLE + MARBLES))
        kinds.append(_LANE)
    count = len(runs)
    parts: list[tuple[tuple[Leg, ...], ...] | None] = [None] * count
    seen: set[int] = set()
    build = _PLAY_CARD
    append = moves.append
    for i, (first, block, _, d, room) in enumerate(runs):
        # The marbles the rest may move: not a marble apart from `first` listed earlier (those
        # splits were all listed with it first), nor a castle marble right under another (or
        # on c5), which stays stuck unless that one is `first`. A later marble apart from
        # `first` goes where its part alone goes (`parts`); the others are worked out below.
        seconds: list[tuple[int, int, int, int, int, tuple[tuple[Leg, ...], ...] | None]] = []
        later: list[tuple[tuple[Leg, ...], ...]] = []  # the part ends of the later marbles apart from it
        together = False  # some marble is not apart from `first`
        by_kind = _APART[kinds[i]]
        for j, r in enumerate(runs):
            if j == i:
                continue
            flag = by_kind[kinds[j]]
            if flag == _BY_DISTANCE:
                flag = SPLIT <= (first - r[0]) % HOLES <= HOLES - SPLIT
            if r[0] >= CASTLE and r[4] == r[0] + 1 and r[4] != first:
                together = together or not flag
            elif not flag:
                together = True
                # (j, its position, the distance to the first marble of the side ahead of
                # it once `first` has left (the second one if that was `first`), how far
                # `first` is ahead of it, its distance to its entrance, no legs)
                second, one, two, d2, _ = r
                behind = (first - second) % HOLES
                seconds.append((j, second, two if first < CASTLE and behind == one else one, behind, d2, None))
            elif j > i:
                legs = parts[j]
                if legs is None:
                    legs = parts[j] = _part_legs(owner, r, kinds[j])
                seconds.append((j, r[0], 0, 0, 0, legs))
                later.append(legs)
        if not together:
            # apart from every other marble: its part alone, then each later marble's (`tails`:
            # by steps, every later marble's part ends in row order)
            if not later:
                continue
            tails = later[0]
            for legs in later[1:]:
                tails = tuple([a + b for a, b in zip(tails, legs)])
            ones = parts[i] or _part_legs(owner, runs[i], kinds[i])
            for k in range(1, SPLIT):
                for leg1 in ones[k]:
                    for leg2 in tails[SPLIT - k]:
                        append(build(seat, card, (leg1, leg2)))
            continue
        for k in range(1, SPLIT):
            rest = SPLIT - k
            if first >= CASTLE:
                if first + k >= room:
                    break
                mids: tuple[int, ...] = (first + k,)
            else:
                into = d < k and block > d and CASTLE + k - d - 1 < room
                if k < block:
                    mids = (CASTLE + k - d - 1, (first + k) % HOLES) if into else ((first + k) % HOLES,)
                else:
                    if k == block and mate >= 0:
                        hit = (first + k) % HOLES
                        if hit in mrow and _mate_ok(row, mrow, first, hit, gate):
                            _split_slow(moves, seat, card, marbles, (owner, first, hit), rest, seen)
                    if not into:
                        continue
                    mids = (CASTLE + k - d - 1,)
            for mid in mids:
                leg1 = (owner, first, mid)
                if mid >= CASTLE:
                    if outside == 1 and first < CASTLE:
                        _split_slow(moves, seat, card, marbles, leg1, rest, seen)
                        continue
                    lane2: tuple[int, ...] = tuple(sorted([p for p in lane if p != first] + [mid]))
                    low2 = lane2[0]
                else:
                    lane2 = lane
                    low2 = low
                for j, second, base, behind, d2, legs in seconds:
                    if legs is not None:
                        for leg2 in legs[rest]:
                            append(build(seat, card, (leg1, leg2)))
                        continue
                    # the second part's ends on the board after the first: in the lane, on the track
                    if second >= CASTLE:
                        end = second + rest
                        if end >= CASTLE + MARBLES:
                            continue
                        for p in lane2:
                            if second < p <= end:
                                end = -1  # it would pass a marble in the lane
                                break
                        if end < 0:
                            continue
                        in_lane, on_track = end, -1
                    else:
                        block2 = base
                        if mid < CASTLE and behind + k < block2:
                            # the first part moved in front of this one (`first` never passes
                            # it, so it is `behind + k` holes ahead)
                            block2 = behind + k
                        in_lane = -1
                        if d2 < rest and block2 > d2 and CASTLE + rest - d2 - 1 < low2:
                            in_lane = CASTLE + rest - d2 - 1
                        on_track = (second + rest) % HOLES
                        if rest < block2:
                            pass
                        elif (
                            rest == block2
                            and on_track != mid
                            and gate != on_track
                            and on_track in mrow
                            and (gate in (first, second) or (gate != mid and gate not in row and gate not in mrow))
                        ):
                            pass  # lands on the partner's marble, whose entrance is free
                        else:
                            if in_lane < 0:
                                continue
                            on_track = -1
                    for end in (in_lane, on_track):
                        if end < 0:
                            continue
                        if j < i:
                            if (second * 100 + end) * 10000 + first * 100 + mid in seen:
                                continue
                        else:
                            seen.add((first * 100 + mid) * 10000 + second * 100 + end)
                        append(build(seat, card, (leg1, (owner, second, end))))


def _part_legs(owner: int, run: tuple[int, int, int, int, int], kind: int) -> tuple[tuple[Leg, ...], ...]:
    """The moves of one part of a split by a marble apart from the other one (`_APART`), as
    alone, by steps (0-6): up its lane; or turning into the Castle (a marble near its
    entrance), then along the track. `run` is the marble's entry in `_split_moves`."""
    start, block, _, d, room = run
    if kind == _FREE:
        return _STEP_LEGS[owner][start]
    if kind == _LANE:
        return tuple([((owner, start, start + k),) if start + k < room else () for k in range(SPLIT)])
    return tuple(
        [
            (((owner, start, CASTLE + k - d - 1),) if d < k < room - CASTLE + d + 1 and block > d else ())
            + (((owner, start, (start + k) % HOLES),) if k < block else ())
            for k in range(SPLIT)
        ]
    )


def _split_slow(
    moves: list[Move], seat: int, card: Card, marbles: tuple[tuple[int, ...], ...], leg1: Leg, rest: int, seen: set[int]
) -> None:
    """The second part of a split after a first part that bumps a partner or brings the last
    marble in, worked out on the board after the first part."""
    after = land(marbles, leg1)
    if after is None:
        return
    n = len(marbles)
    owner, first, mid = leg1
    second_owner = controlled(after, seat)
    if second_owner == owner and after[owner][0] >= CASTLE:
        second_owner = -1  # that part won the game: nothing is left to move
    found = False
    if second_owner >= 0:
        occ2 = occupancy(after)
        row2 = after[second_owner]
        mate2 = partner_of(second_owner, n)
        mate2_id = -2 if mate2 is None else mate2
        mate2_row = () if mate2 is None else after[mate2]
        entrance2 = ENTRANCES[n][second_owner]
        for start2 in sorted(set(row2)):
            if start2 == HOME or (second_owner == owner and start2 == mid):
                continue
            for end2 in forward(occ2, row2, second_owner, mate2_id, entrance2, start2, rest):
                leg2 = (second_owner, start2, end2)
                # only landing on a partner can be refused (its entrance holds the side)
                if end2 in mate2_row and end2 < CASTLE and land(after, leg2) is None:
                    continue
                found = True
                if second_owner == owner:
                    pair = (first * 100 + mid) * 10000 + start2 * 100 + end2
                    if first > start2:
                        pair = (start2 * 100 + end2) * 10000 + first * 100 + mid
                else:
                    pair = -((((second_owner * 100 + first) * 100 + mid) * 100 + start2) * 100 + end2) - 1
                if pair not in seen:
                    seen.add(pair)
                    moves.append(PlayCard(seat, card, (leg1, leg2)))
    if not found and second_owner != owner and after[owner][0] >= CASTLE and marbles[owner][0] < CASTLE:
        moves.append(PlayCard(seat, card, (leg1,)))


def _apply(state: State, move: Move) -> State:
    seat = move.player
    card = move.card
    one = _ONE_CARD[card.index]
    marbles = state.marbles
    notes: list[Event] = []  # what a landing or a refill of the stock adds after the play
    if type(move) is PlayCard:
        legs = move.legs
        if len(legs) == 1:
            leg = legs[0]
            played = _EVENT(_PLAYS_KIND, seat, one, leg, "", False)
        else:
            leg, leg2 = legs
            played = _EVENT(_PLAYS_KIND, seat, one, leg + leg2, "", False)
            marbles = _moved(marbles, leg, notes)
            leg = leg2
        marbles = _moved(marbles, leg, notes)
    else:
        played = _DISCARD_EVENTS[seat][card.index]
    stock = state.stock
    if stock:
        discards = state.discards + one
        rng = state.rng
    else:
        rng = state.rng
        assert rng is not None
        refill = refill_stock(stock, state.discards + one, rng)
        stock, discards, rng = refill.stock, refill.discards, refill.rng
        notes.extend(refill.events)
    drawn = stock[0]
    hands = list(state.hands)
    hands[seat] = _exchange(hands[seat], card, drawn)
    turns = state.turns + 1
    n = len(marbles)
    turn = (seat + 1) % n
    if (marbles[seat][0] < CASTLE or not finished(marbles, seat)) and turns < state.options.max_turns:
        phase = _PLAY
        if notes:
            events = (played, *notes, _DRAW_EVENTS[seat][drawn.index], _TO_PLAY[turn])
        else:
            events = (played, _DRAW_EVENTS[seat][drawn.index], _TO_PLAY[turn])
    else:
        phase = _OVER
        events = (played, *notes, _DRAW_EVENTS[seat][drawn.index], *_game_over(marbles, seat, turns))
    held = tuple(hands)
    after = _BUILD(
        state.options, 1 + turns // n, rng, None, phase, state.dealer, turn, turns, held, stock[1:], discards,
        marbles, events,
    )  # fmt: skip
    _SET_LEGAL(after, _moves(turn, marbles, held[turn]) if phase is _PLAY else ())
    return after


def _game_over(marbles: tuple[tuple[int, ...], ...], seat: int, turns: int) -> tuple[Event, ...]:
    """The events ending the game after `seat`'s turn: its side finished (only the side that
    moved can have), or the valve drew the game after `turns` turns."""
    n = len(marbles)
    if finished(marbles, seat):
        over = frozenset(s for s in range(n) if finished(marbles, s))
        return (Event(EventKind.GAME_OVER, numbers=tuple(sorted(over))),)
    return (Event(EventKind.NOTE, label=f"the game is drawn after {turns} turns"), Event(EventKind.GAME_OVER))


def _moved(marbles: tuple[tuple[int, ...], ...], leg: Leg, events: list[Event]) -> tuple[tuple[int, ...], ...]:
    """The marbles after one legal leg, with `events` noting a marble it sends on: an
    opponent's goes Home here (the lowest position, so first in its row, as `land` puts it);
    a landing on a partner's goes through `land`."""
    owner, start, end = leg
    hit: tuple[int, ...] = ()
    if end < CASTLE:  # on the track (legs never end at Home): is a marble there?
        for r in marbles:
            if end in r:
                if len(marbles) == 4 and r is marbles[owner ^ 2]:
                    after = land(marbles, leg, events)
                    assert after is not None
                    return after
                hit = r
                break
    row = list(marbles[owner])
    row[row.index(start)] = end
    row.sort()
    rows = list(marbles)
    rows[owner] = tuple(row)
    if hit:
        seat = marbles.index(hit)
        i = hit.index(end)
        rows[seat] = (HOME, *hit[:i], *hit[i + 1 :])
        events.append(_EVENT(_NOTE, seat, (), (end,), "marble sent home", False))
    return tuple(rows)


def _exchange(held: tuple[Card, ...], card: Card, drawn: Card) -> tuple[Card, ...]:
    """`held`, a full hand in rank order, less one `card`, with `drawn` put in its place: the
    card is found by identity (cards are interned; `remove` would call `__eq__` on the cards
    before it), else by value, and `drawn` goes after the cards of its key or lower (`_KEYS`)."""
    hand = list(held)
    if card is hand[0]:
        del hand[0]
    elif card is hand[1]:
        del hand[1]
    elif card is hand[2]:
        del hand[2]
    elif card is hand[3]:
        del hand[3]
    elif card is hand[4]:
        del hand[4]
    else:
        hand.remove(card)
    keys = _KEYS
    key = keys[drawn.index]
    if len(hand) == 4:  # a full hand: two comparisons
        if keys[hand[1].index] > key:
            hand.insert(0 if keys[hand[0].index] > key else 1, drawn)
        elif keys[hand[2].index] > key:
            hand.insert(2, drawn)
        else:
            hand.insert(3 if keys[hand[3].index] > key else 4, drawn)
        return tuple(hand)
    at = 0
    for c in hand:
        if keys[c.index] > key:
            break
        at += 1
    hand.insert(at, drawn)
    return tuple(hand)


_KEYS: Final = tuple(
    _rank_key(Card(Rank(i % 16), None if i < 16 else Suit(i // 16 - 1))) if 0 < i % 16 <= 14 else 0
    for i in range(80)
)
"""`_KEYS[card.index]`: the card's place in `rank_sorted` order."""

_DRAW_EVENTS: Final = seat_card_table(
    lambda seat, card: Event(EventKind.DRAWS, player=seat, cards=(card,), private=True), max(PLAYERS), _PACKS[3]
)

_DISCARD_EVENTS: Final = seat_card_table(
    lambda seat, card: Event(EventKind.DISCARDS, player=seat, cards=(card,)), max(PLAYERS), _PACKS[3]
)


_BUILD: Final = builder(State)
"""`State(...)` for `_apply`: every field in order, positionally."""

_SET_LEGAL: Final = cached_setter(State, "legal")
"""Fills a state's legal moves as `_apply` builds it (every state's are read, and `_apply`
has what `_moves` needs at hand: what `_legal(state)` would give on that real state)."""

_CARD_AT: Final = {card.index: card for card in _PACKS[3]}
_ONE_CARD: Final = tuple((_CARD_AT.get(i, HIDDEN),) for i in range(CARD_INDICES))
"""`_ONE_CARD[card.index]`: the 1-tuple of the card (the play event's cards, a discard)."""

_EVENT: Final = builder(Event)
"""Event(kind, player, cards, numbers, label, private), built slot by slot (apply's play event)."""

_PLAY_CARD: Final = builder(PlayCard)
"""`PlayCard(player, card, legs)`, built slot by slot (the moves not prebuilt in `_PLAYS` and
`_COMING_OUT`: splits, jokers, turns into the Castle, a partner's marbles)."""

# Enum members and rule tables read on the hot paths, as module constants: `Rank.JOKER` and the
# like is a class attribute lookup through the enum machinery, several times slower than a
# global; the move generator compares rank numbers (`card.index & 15`) instead.
_OVER: Final = Phase.OVER
_PLAY: Final = Phase.PLAY
_PLAYS_KIND: Final = EventKind.PLAYS
_NOTE: Final = EventKind.NOTE
_SEVEN_RANK: Final = int(Rank.SEVEN)
_PLAIN_STEPS: Final = (*(-BACKWARD if r is Rank.EIGHT else STEPS.get(r, 0) for r in Rank), 0)
"""`_PLAIN_STEPS[card.index & 15]` (`card.index & 15` is the rank): how far the card's plain
move goes: its forward steps, -8 for the 8, 0 for the joker."""
_COMES_OUT_BY_RANK: Final = (*(r in COMES_OUT for r in Rank), False)
"""`_COMES_OUT_BY_RANK[rank]`: whether the rank brings a marble out of Home."""


def _side_facts(players: int, seat: int) -> tuple[int, int, tuple[int, ...]]:
    entrance = ENTRANCES[players][seat]
    near = tuple(d if d < MAX_STEPS else HOLES + 1 for d in ((entrance - start) % HOLES for start in range(HOLES)))
    gate = ENTRANCES[4][seat ^ 2] if players == 4 else -1
    return gate, COME_OUTS[players][seat], near


_SIDES: Final = {players: tuple(_side_facts(players, seat) for seat in range(players)) for players in SEATINGS}
"""`_SIDES[players][seat]`: what `_moves` reads of a seat's board: its partner's castle
entrance (-1: none), its starting hole, and by track hole how far it is before the seat's own
entrance if fewer than 10 holes (73 otherwise, more than any marble goes)."""


def _plain_end(start: int, steps: int) -> int:
    """Where a marble at `start` ends `steps` holes on (back for negative steps): round the
    track, or up its Castle lane."""
    return (start + steps) % HOLES if start < CASTLE else start + steps


def _plain_plays(seat: int) -> tuple[tuple[PlayCard, ...], ...]:
    """`[card.index][start]`: `seat` playing `card` to move its own marble at `start` by the
    card's plain steps (`_PLAIN_STEPS`), for every start the move fits: each track hole, then
    the castle holes with room enough above them; empty for the joker."""
    rows: list[tuple[PlayCard, ...]] = [()] * CARD_INDICES
    legs_by_steps: dict[int, list[tuple[Leg]]] = {}
    for card in dict.fromkeys(_PACKS[3]):
        steps = _PLAIN_STEPS[card.index & 15]
        if steps:
            legs = legs_by_steps.get(steps)
            if legs is None:
                starts = range(max(CASTLE, CASTLE + MARBLES - steps))
                legs = legs_by_steps[steps] = [((seat, start, _plain_end(start, steps)),) for start in starts]
            rows[card.index] = tuple([_PLAY_CARD(seat, card, one) for one in legs])
    return tuple(rows)


_PLAYS: Final = tuple(_plain_plays(seat) for seat in range(max(PLAYERS)))
"""`_PLAYS[seat][card.index][start]`: the plain moves of each seat's own marbles, prebuilt
(about 16,000 moves): most moves the generator lists are one of them."""


def _coming_out(players: int) -> tuple[tuple[PlayCard, ...], ...]:
    return seat_card_table(lambda seat, card: _PLAY_CARD(seat, card, ((seat, HOME, COME_OUTS[players][seat]),)), players, _PACKS[3])


_COMING_OUT: Final = {players: _coming_out(players) for players in SEATINGS}
"""`_COMING_OUT[players][seat][card.index]`: a seat's own marble brought out by `card` (`_PLANS`
holds those of aces and face cards)."""


_Plan: TypeAlias = "tuple[int, int, Sequence[PlayCard] | _Assisted, PlayCard | None]"
"""What `_legal` reads per card: (rank, the plain steps (`_PLAIN_STEPS`), the card's plain
moves by start (`_PLAYS[seat][card.index]`), the move bringing a marble out with it or None)."""


def _plans(players: int, seat: int) -> tuple[_Plan, ...]:
    outs = _COMING_OUT[players][seat]
    return tuple(
        (i & 15, _PLAIN_STEPS[i & 15], _PLAYS[seat][i], outs[i] if _COMES_OUT_BY_RANK[i & 15] and i in _CARD_AT else None)
        for i in range(CARD_INDICES)
    )


_PLANS: Final = {players: tuple(_plans(players, seat) for seat in range(players)) for players in SEATINGS}
"""`_PLANS[players][seat][card.index]`: the card's `_Plan` for the seat's own marbles."""

_PLANS_STAYING: Final = tuple(tuple(plan[:3] + (None,) for plan in plans) for plans in _PLANS[4])
"""`_PLANS` where no marble may come out (none at Home, or the starting hole is taken)."""


class _AssistedPlans:
    """`_PLANS[players][seat]` for the partner's marbles, which a seat moves once its own are
    all in its Castle (a rare case): `[card.index]`, built as asked for; `hole` is the
    partner's starting hole."""

    __slots__ = ("hole", "owner", "seat")

    def __init__(self, seat: int, owner: int, hole: int) -> None:
        self.seat, self.owner, self.hole = seat, owner, hole

    def __getitem__(self, index: int) -> _Plan:
        rank = index & 15
        card = _CARD_AT[index]
        out = None
        if self.hole >= 0 and _COMES_OUT_BY_RANK[rank]:
            out = _PLAY_CARD(self.seat, card, ((self.owner, HOME, self.hole),))
        return rank, _PLAIN_STEPS[rank], _Assisted(self.seat, card, self.owner, _PLAIN_STEPS[rank]), out


class _Assisted:
    """A card's plain moves of the partner's marbles, which a seat moves once its own are all in
    its Castle: `[start]` as in `_PLAYS`, built as asked for (a rare case)."""

    __slots__ = ("card", "owner", "seat", "steps")

    def __init__(self, seat: int, card: Card, owner: int, steps: int) -> None:
        self.seat, self.card, self.owner, self.steps = seat, card, owner, steps

    def __getitem__(self, start: int) -> PlayCard:
        return PlayCard(self.seat, self.card, ((self.owner, start, _plain_end(start, self.steps)),))


_PICK_NONE: Final = itemgetter(slice(0, 0))
"""`_legal`'s `pick` when no marble is on the track: no moves."""

_STEP_LEGS: Final = tuple(
    tuple(tuple(((owner, start, (start + k) % HOLES),) for k in range(SPLIT)) for start in range(HOLES))
    for owner in range(max(PLAYERS))
)
"""`_STEP_LEGS[owner][start][k]`: the one-leg tuple of a track marble going k = 0-6 holes on."""

# The kinds of marble for a split (`_split_moves`). A track marble with no marble of its side
# within 6 holes ahead is free, if 6 or more holes before its castle entrance, or near if fewer
# (a part may turn it into the Castle); one with its own marble within 6 holes ahead is crowded
# (or crowded and near); one whose first marble of the side ahead, within 6 holes, is a
# partner's is bumpy (a part may land on it); and castle marbles.
_FREE: Final = 0
_NEAR: Final = 1
_LANE: Final = 2
_CROWDED: Final = 3
_CROWDED_NEAR: Final = 4
_BUMPY: Final = 5
_BY_DISTANCE: Final = 2
_APART: Final = (
    (1, 1, 1, 2, 2, 0),
    (1, 1, 0, 2, 2, 0),
    (1, 0, 0, 1, 0, 0),
    (2, 2, 1, 2, 2, 0),
    (2, 2, 0, 2, 2, 0),
    (0, 0, 0, 0, 0, 0),
)
"""`_APART[kind][kind]`: whether two marbles of these kinds are apart in any split (1), not
(0), or apart when neither is within 6 holes ahead of the other (2). Apart: each part goes
exactly where it would go alone, whichever marble moves first. Two track marbles 7 or more
holes apart each way, neither bumpy, are: a part of at most 6 holes neither passes, meets nor
unblocks the other, lands on no partner (none is first ahead within 6 holes), and only one of
them can be near its entrance (the other would be within 5 holes of it), so only one can use
the Castle (two free or near marbles are that far apart: nothing of the side is within 6 holes
ahead of either). A castle marble and a track marble that is neither near nor bumpy are too:
the track marble never reaches the Castle. Castle marbles block each other, a near marble may
enter below a castle marble, and a bumpy one changes the board (a partner goes to its
entrance)."""

_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=s) for s in range(max(PLAYERS)))

_DISCARDS: Final = seat_card_table(Discard, max(PLAYERS), _PACKS[3])
"""`_DISCARDS[seat][card.index]`: the discard moves, built once."""


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    held = state.hands[move.player]
    if move.card not in held:
        return f"seat {move.player} does not hold {move.card}"
    plays = [m for m in state.legal if isinstance(m, PlayCard)]
    if isinstance(move, Discard):
        if plays:
            return "a player who can play must play, even if it hurts; discarding is only for no play"
        return "suits never matter: discard the lowest suit of that rank"
    if not plays:
        return "no card in hand can move a marble: discard one"
    same = [m for m in plays if m.card.rank is move.card.rank]
    if same and all(m.card != move.card for m in same):
        return f"suits never matter: play it as {same[0].card}"
    if move.card.rank is Rank.EIGHT:
        return "an 8 moves a marble on the track exactly 8 holes backwards, passing no marble of its side"
    if move.card.is_joker:
        return "a joker takes a marble of yours from the track to the hole of another marble on the track"
    return "no such movement: a marble may not pass or land on its own side's marbles, and must fit its castle"
