"""Jokers Wild rules: options, moves, the state, and the verbs (see the package docstring)."""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, Card, Rank, Suit, cards_text, seat_card_table, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.stock import refill_stock
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.jokers_wild.board import (
    CASTLE,
    COME_OUTS,
    EMPTY,
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
    mate_ok,
    occupancy,
    partner_of,
    position_text,
    reaches,
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


@attrs.frozen
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


@attrs.frozen(kw_only=True)
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
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
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


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The moves of the seat to play (`only` None on a real state, or a view's viewer)."""
    if state.phase is Phase.OVER:
        return ()
    seat = state.turn
    if only is None and state.rng is None:
        return ()
    if only is not None and only != seat:
        return ()
    held = state.hands[seat]
    marbles = state.marbles
    n = len(marbles)
    owner = seat
    if n == 4 and marbles[seat][0] >= CASTLE:
        owner = (seat + 2) % 4
    mate = (owner + 2) % 4 if n == 4 else -2
    row = marbles[owner]
    occ: list[int] | None = None  # hole owners, found only when a card needs them
    entrance = ENTRANCES[n][owner]
    mate_gate = ENTRANCES[n][mate] if mate >= 0 else -1
    cache = _PLAYS
    prefix = (seat * 4 + owner) * 80
    moves: list[Move] = []
    last: Rank | None = None
    runs: list[tuple[int, int, int, int, int]] | None = None
    for card in held:
        rank = card.rank
        if rank is last:
            continue
        last = rank
        key = (prefix + card.index) * 6400
        if rank is Rank.JOKER:
            targets = sorted([(p, o) for o, r in enumerate(marbles) if o != owner for p in r if 0 <= p < CASTLE])
            append = moves.append
            for start in row:
                if not 0 <= start < CASTLE:
                    continue
                base = key + (start + 1) * 80 + 1
                for end, o in targets:
                    if o == mate:
                        occ = occupancy(marbles) if occ is None else occ
                        if not mate_ok(occ, start, end, owner, mate, mate_gate):
                            continue
                    m = cache.get(base + end)
                    if m is None:
                        m = cache[base + end] = PlayCard(seat, card, ((owner, start, end),))
                    append(m)
        elif rank is Rank.EIGHT:
            if occ is None:
                occ = occupancy(marbles)
            for start in row:
                if not 0 <= start < CASTLE:
                    continue
                for k in range(1, BACKWARD + 1):
                    o = occ[(start - k) % HOLES]
                    if o == owner or o == mate:
                        break
                else:
                    k = 0
                end = (start - BACKWARD) % HOLES
                if k == 0 or (k == BACKWARD and o == mate and mate_ok(occ, start, end, owner, mate, mate_gate)):
                    moves.append(_play(cache, key + (start + 1) * 80 + end + 1, seat, card, ((owner, start, end),)))
        else:
            steps = STEPS[rank]
            if rank in COMES_OUT and row[0] == HOME:
                hole = COME_OUTS[n][owner]
                o = EMPTY
                for who, r in enumerate(marbles):
                    if hole in r:
                        o = who
                        break
                if o == mate:
                    occ = occupancy(marbles) if occ is None else occ
                    if not mate_ok(occ, HOME, hole, owner, mate, mate_gate):
                        o = owner  # the partner could not be sent to its entrance
                if o != owner:
                    k = key + hole + 1
                    m = cache.get(k)
                    if m is None:
                        m = cache[k] = PlayCard(seat, card, ((owner, HOME, hole),))
                    moves.append(m)
            if runs is None:
                runs = reaches(marbles, owner, mate, entrance)
            for start, block, _, d, room in runs:
                if start >= CASTLE:
                    if start + steps < room:
                        end = start + steps
                    else:
                        continue
                    k = key + (start + 1) * 80 + end + 1
                    m = cache.get(k)
                    if m is None:
                        m = cache[k] = PlayCard(seat, card, ((owner, start, end),))
                    moves.append(m)
                    continue
                if d < steps and block > d:
                    end = CASTLE + steps - d - 1
                    if end < room:
                        k = key + (start + 1) * 80 + end + 1
                        m = cache.get(k)
                        if m is None:
                            m = cache[k] = PlayCard(seat, card, ((owner, start, end),))
                        moves.append(m)
                if steps == block and occ is None:
                    occ = occupancy(marbles)
                if steps < block or (
                    steps == block
                    and occ is not None
                    and occ[(start + steps) % HOLES] == mate
                    and mate_ok(occ, start, (start + steps) % HOLES, owner, mate, mate_gate)
                ):
                    end = (start + steps) % HOLES
                    k = key + (start + 1) * 80 + end + 1
                    m = cache.get(k)
                    if m is None:
                        m = cache[k] = PlayCard(seat, card, ((owner, start, end),))
                    moves.append(m)
            if rank is Rank.SEVEN:
                _split_moves(moves, seat, card, marbles, owner, occ, runs)
    if moves:
        return tuple(moves)
    out: list[Move] = []
    last = None
    for card in held:
        if card.rank is not last:
            last = card.rank
            out.append(_DISCARDS[seat][card.index])
    return tuple(out)


def _play(cache: dict[int, PlayCard], key: int, seat: int, card: Card, legs: tuple[Leg, ...]) -> PlayCard:
    """The one `PlayCard` object for these values (moves are built once and reused)."""
    move = cache.get(key)
    if move is None:
        move = cache[key] = PlayCard(seat, card, legs)
    return move


def _split_moves(
    moves: list[Move],
    seat: int,
    card: Card,
    marbles: tuple[tuple[int, ...], ...],
    owner: int,
    occ: list[int] | None,
    runs: list[tuple[int, int, int, int, int]],
) -> None:
    """The 7 split k + (7 - k) over two different marbles, the first part first (k = 1..6);
    each pair of movements once. After a first part that brings the seat's last marble into
    its Castle, the rest goes to a partner's marble, or is wasted if none can take it.

    The second part is worked out from the first board and the two holes the first part
    changed (the hole it left and the one it reached); first parts that bump a partner or
    bring the last marble in go through `_split_slow` on the board after them."""
    if len(runs) < 2:
        return
    n = len(marbles)
    row = marbles[owner]
    mate = (owner + 2) % 4 if n == 4 else -2
    entrance = ENTRANCES[n][owner]
    gate = ENTRANCES[n][mate] if mate >= 0 else -1
    lane = [p for p in row if p >= CASTLE]
    outside = len(row) - len(lane)
    seen: set[int] = set()
    cache = _PLAYS
    prefix = ((seat * 4 + owner) * 80 + card.index) * 6400
    for first, block, _, d, room in runs:
        for k in range(1, SPLIT):
            rest = SPLIT - k
            if first >= CASTLE:
                if first + k >= room:
                    break
                mids = [first + k]
            else:
                mids = []
                if d < k and block > d and CASTLE + k - d - 1 < room:
                    mids.append(CASTLE + k - d - 1)
                if k < block:
                    mids.append((first + k) % HOLES)
                elif k == block and mate >= 0 and (first + k) % HOLES in marbles[mate]:
                    occ = occupancy(marbles) if occ is None else occ
                    if mate_ok(occ, first, (first + k) % HOLES, owner, mate, gate):
                        _split_slow(moves, seat, card, marbles, (owner, first, (first + k) % HOLES), rest, seen)
                if not mids:
                    continue
            for mid in mids:
                leg1 = (owner, first, mid)
                if outside == 1 and first < CASTLE <= mid:
                    _split_slow(moves, seat, card, marbles, leg1, rest, seen)
                    continue
                if mid >= CASTLE:
                    lane2 = sorted([p for p in lane if p != first] + [mid])
                else:
                    lane2 = lane
                low = lane2[0] if lane2 else CASTLE + MARBLES
                key1 = prefix + (first + 1) * 80 + mid + 1
                for second, one, two, d2, _ in runs:
                    if second == first:
                        continue
                    if second >= CASTLE:
                        end = second + rest
                        if end >= CASTLE + MARBLES:
                            continue
                        for p in lane2:
                            if second < p <= end:
                                break
                        else:
                            ends = [end]
                            _add_splits(moves, seen, cache, key1, seat, card, leg1, second, ends)
                        continue
                    block2 = one
                    if first < CASTLE and (first - second) % HOLES == one:
                        block2 = two
                    if mid < CASTLE:
                        reach = (mid - second) % HOLES
                        if reach < block2:
                            block2 = reach
                    ends = []
                    if d2 < rest and block2 > d2 and CASTLE + rest - d2 - 1 < low:
                        ends.append(CASTLE + rest - d2 - 1)
                    end = (second + rest) % HOLES
                    if rest < block2:
                        ends.append(end)
                    elif rest == block2 and end != mid and gate != end and mate >= 0 and end in marbles[mate]:
                        occ = occupancy(marbles) if occ is None else occ
                        if gate in (first, second) or (gate != mid and occ[gate] != owner and occ[gate] != mate):
                            ends.append(end)
                    if ends:
                        _add_splits(moves, seen, cache, key1, seat, card, leg1, second, ends)


def _add_splits(
    moves: list[Move],
    seen: set[int],
    cache: dict[int, PlayCard],
    key1: int,
    seat: int,
    card: Card,
    leg1: Leg,
    second: int,
    ends: list[int],
) -> None:
    """Adds the splits `leg1` then `second` to each of `ends`, each pair of movements once."""
    owner, first, mid = leg1
    for end in ends:
        pair = (first * 100 + mid) * 10000 + second * 100 + end
        if first > second:
            pair = (second * 100 + end) * 10000 + first * 100 + mid
        if pair in seen:
            continue
        seen.add(pair)
        k2 = (key1 * 80 + second + 1) * 80 + end + 1
        m = cache.get(k2)
        if m is None:
            m = cache[k2] = PlayCard(seat, card, (leg1, (owner, second, end)))
        moves.append(m)


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
        entrance2 = ENTRANCES[n][second_owner]
        for start2 in sorted(set(row2)):
            if start2 == HOME or (second_owner == owner and start2 == mid):
                continue
            for end2 in forward(occ2, row2, second_owner, mate2_id, entrance2, start2, rest):
                leg2 = (second_owner, start2, end2)
                if land(after, leg2) is None:
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
    held = state.hands[seat]
    at = held.index(card)
    rest = held[:at] + held[at + 1 :]
    marbles = state.marbles
    events: list[Event]
    if type(move) is PlayCard:
        legs = move.legs
        flat = legs[0] if len(legs) == 1 else legs[0] + legs[1]
        events = [Event(EventKind.PLAYS, player=seat, cards=(card,), numbers=flat)]
        for leg in legs:
            owner, start, end = leg
            if 0 <= end < CASTLE:
                for r in marbles:
                    if end in r:
                        after = land(marbles, leg, events)
                        assert after is not None
                        marbles = after
                        break
                else:
                    marbles = _moved(marbles, owner, start, end)
            else:
                marbles = _moved(marbles, owner, start, end)
    else:
        events = [_DISCARD_EVENTS[seat][card.index]]
    discards = (*state.discards, card)
    stock = state.stock
    rng = state.rng
    assert rng is not None
    if not stock:
        refill = refill_stock(stock, discards, rng)
        stock, discards, rng = refill.stock, refill.discards, refill.rng
        events.extend(refill.events)
    drawn = stock[0]
    stock = stock[1:]
    hands = list(state.hands)
    hands[seat] = _insert(rest, drawn)
    events.append(_DRAW_EVENTS[seat][drawn.index])
    n = len(marbles)
    turns = state.turns + 1
    turn = (seat + 1) % n
    phase = Phase.PLAY
    if finished(marbles, seat):  # only the side that moved can have finished
        phase = Phase.OVER
        over = frozenset(s for s in range(n) if finished(marbles, s))
        events.append(Event(EventKind.GAME_OVER, numbers=tuple(sorted(over))))
    elif turns >= state.options.max_turns:
        phase = Phase.OVER
        events.append(Event(EventKind.NOTE, label=f"the game is drawn after {turns} turns"))
        events.append(Event(EventKind.GAME_OVER))
    else:
        events.append(_TO_PLAY[turn])
    return _BUILD(
        state.options, 1 + turns // n, rng, None, phase, state.dealer, turn, turns, tuple(hands), stock,
        discards, marbles, tuple(events),
    )  # fmt: skip


def _moved(marbles: tuple[tuple[int, ...], ...], owner: int, start: int, end: int) -> tuple[tuple[int, ...], ...]:
    """The marbles after one of `owner`'s moves from `start` to an empty `end`."""
    row = list(marbles[owner])
    row[row.index(start)] = end
    row.sort()
    rows = list(marbles)
    rows[owner] = tuple(row)
    return tuple(rows)


def _insert(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`held` (rank order) with `card` put in its place."""
    keys = _KEYS
    key = keys[card.index]
    for i, c in enumerate(held):
        if keys[c.index] > key:
            return (*held[:i], card, *held[i:])
    return (*held, card)


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

_PLAYS: Final[dict[int, PlayCard]] = {}
"""Play moves already built, by seat, owner, card and positions (a bounded set)."""

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
