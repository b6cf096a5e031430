"""Sweep: a descending shedding game for 2-8 players, 22 cards each, scored to 300.

Rules: the Metzker Book of Card Game Rules, "Sweep". Enough 52-card packs (no jokers) that
every seat gets 22 cards: 14 in hand, 4 face down ("blind") in a row and 4 face up, one on each
blind card. Ranks run K Q J 9 8 7 6 5 4 3 2 A from high to low; tens are wild, below the ace.
The dealer's left leads a set of one rank; each seat in turn adds cards of the set's rank (at
most four on the table), plays cards of one lower rank (a new set), or plays tens; four of a
rank on the table, or any ten, sweeps the pile out of play and the sweeper leads again. A seat
with no such play must pick up the pile, and its left-hand neighbour leads. Face-up cards play
like hand cards; a blind card may be played unseen once the card on it has gone, and may be
followed by matching cards from hand. The first seat out of cards (hand, face-up and blind)
ends the round; every other seat adds its remaining cards: J Q K 10, 2-9 face value, A 1,
10 25. The round's winner deals the next one. The game ends after the round in which a seat
reaches 300; the lowest total wins (ties share).

Readings where the book is silent or open (library choices, stated in the docs):

* Packs: ceil(22n/52) for n players (one for 2, two for 3-4, three for 5-7, four for 8); the
  cards left over are set aside face down for the round and shuffled in again for the next.
* The first dealer is drawn from the seed unless `new_game(dealer=...)` says otherwise. Cards
  go one at a time clockwise from the dealer's left: each seat's first four cards are its
  blinds (slots 1-4), the next four its face-up cards on them, the last fourteen its hand.
* Face-up cards may be played at any time, mixed freely with hand cards of the same rank.
  Suits never matter, so a play names how many cards come from the hand (the lowest suits of
  the rank) and which face-up slots (the lowest-numbered of that rank first).
* A set may be led with 1-4 cards; four of a kind led sweeps at once. Tens, 1-4 at a time,
  may be played on anything, including an empty pile, and always sweep.
* Picking up is allowed only when no card in hand or face up can be played ("If you do not
  have a card equal to or smaller ... you must pick up"). Playing an exposed blind card is
  always allowed, pile or no pile (the book's hint to try a blind card before picking up).
* A blind card that can go on the set is played; unless it swept (a ten, or the fourth of the
  rank) the seat may then add cards of its rank from hand or face up (within the cap of four)
  or stop. A blind card that cannot go on the set joins the pile and the seat picks it all up.
* Going out on a play that does not sweep still ends the round at once.
* Termination valve (a deviation; the book has none): a round that reaches
  `Options.round_limit` moves ends with every seat scoring its remaining cards, and the deal
  passes to the left.
* The Sweep of the book scores no points for sweeping: the reward of a sweep is the lead.

>>> state = new_game(2, seed=2, dealer=1)
>>> cards_text(state.hands[0]), cards_text(state.up[0])
('10D 10S AD 2D 4D 4H 6C 7C 8S 9H 9S JS QS KC', '4S 6H 5H 2C')
>>> [str(m) for m in legal_moves(state)][:4]
['play 10D', 'play 10D 10S', 'play AD', 'play 2D']
>>> [str(m) for m in legal_moves(state)][-3:]
['play up3:5H', 'play up2:6H', 'play 6C up2:6H']
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, Card, Rank, RankOrder, cards_text, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.errors import NotationError
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders, replace_at
from parlour.core.shedding import Combo, MatchOrLower, combo_of, strength_sorted
from parlour.core.text import grouped_cards, seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "Done",
    "Move",
    "Options",
    "Phase",
    "PickUp",
    "PlayBlind",
    "PlayCards",
    "State",
    "apply",
    "beats",
    "check_invariants",
    "current_set",
    "is_over",
    "legal_moves",
    "max_plies",
    "new_game",
    "packs_for",
    "parse_move",
    "penalty",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
"""The book says "any number"; the library plays 2 to 8."""
DEFAULT_PLAYERS: Final = 4
CARDS_EACH: Final = 22
"""Cards dealt to each seat: blinds, then face-up cards, then the hand."""
BLINDS: Final = 4
"""Face-down cards per seat, each under one face-up card."""
HAND_SIZE: Final = CARDS_EACH - 2 * BLINDS
"""14 cards in hand."""
ORDER: Final = RankOrder(
    (Rank.TEN, Rank.ACE, *(Rank(r) for r in range(2, 10)), Rank.JACK, Rank.QUEEN, Rank.KING)
)
"""Book: "Kings are high - Aces are low, 10's are lower than Aces (They are considered Wild)"."""
CAP: Final = 4
"""Most cards of a set on the table; the fourth sweeps."""
WILD: Final = frozenset({Rank.TEN})
"""A ten "Sweeps the board" whatever the set."""
BEATS: Final = MatchOrLower(ORDER, cap=CAP, wild=WILD)
"""What may go on a current set: its rank within the cap, a lower rank, or tens."""
PENALTIES: Final[dict[Rank, int]] = {
    Rank.ACE: 1,
    **{Rank(r): r for r in range(2, 10)},
    Rank.TEN: 25,
    Rank.JACK: 10,
    Rank.QUEEN: 10,
    Rank.KING: 10,
}
"""Points counted against a seat for each card left: faces 10, 2-9 face value, A 1, 10 25."""


def packs_for(players: int) -> int:
    """Packs needed for 22 cards a seat: ceil(22n / 52)."""
    return -(-CARDS_EACH * players // 52)


PACKS: Final = {n: standard_pack(packs=packs_for(n)) for n in PLAYERS}
"""The cards in play, by player count."""


def penalty(cards: Sequence[Card | None]) -> int:
    """The points the cards count against their holder (empty slots count nothing)."""
    return sum(_PENALTY[c.index] for c in cards if c is not None)


def beats(play: Combo, current: Combo | None) -> bool:
    """Whether `play` may go on the current set (None: an empty pile, where any set leads)."""
    return current is None or BEATS(play, current)


# Options -------------------------------------------------------------------------------------


def _at_least_one(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
        raise ValueError(f"{attribute.name} must be a whole number 1..100000, not {value!r}")


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Sweep; the defaults are the Metzker book's game."""

    target: int = attrs.field(default=300, validator=_at_least_one)
    """The game ends after the round in which a seat's penalty total reaches this (book: 300)."""
    round_limit: int = attrs.field(default=2_000, validator=_at_least_one)
    """Termination valve (not in the book): a round still going after this many moves ends,
    every seat scoring its remaining cards, and the deal passes to the left."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: play to 300."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen(cache_hash=True)
class PlayCards:
    """Play cards of one rank: `cards` are the hand cards followed by the face-up cards, and
    `slots` the face-up slots (0-3) of the last `len(slots)` of them."""

    player: int
    cards: tuple[Card, ...]
    slots: tuple[int, ...] = ()

    def __str__(self) -> str:
        held = len(self.cards) - len(self.slots)
        words = [str(c) for c in self.cards[:held]]
        words += [f"up{slot + 1}:{card}" for slot, card in zip(self.slots, self.cards[held:])]
        return "play " + " ".join(words)


@attrs.frozen
class PlayBlind:
    """Turn up the exposed blind card in `slot` (0-3) and play it if it can go."""

    player: int
    slot: int

    def __str__(self) -> str:
        return f"blind {self.slot + 1}"


@attrs.frozen
class Done:
    """Add nothing more to the blind card just played."""

    player: int

    def __str__(self) -> str:
        return "done"


@attrs.frozen
class PickUp:
    """Take the whole pile into hand (only when no hand or face-up card can be played)."""

    player: int

    def __str__(self) -> str:
        return "pick up"


Move: TypeAlias = PlayCards | PlayBlind | Done | PickUp
MOVE_TYPES: Final = (PlayCards, PlayBlind, Done, PickUp)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: a seat to play; ADD: after a blind card, the seat may add matching cards; OVER."""

    PLAY = "play"
    ADD = "add"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Sweep position."""

    options: Options
    hand: int
    """The number of the round, from 1."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to act (in OVER the seat that went out last, or the dealer's left)."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards in hand, by seat, weakest first (by `ORDER`, then suit)."""
    up: tuple[tuple[Card | None, ...], ...]
    """Face-up cards by seat and slot; None where the card was played."""
    blind: tuple[tuple[Card | None, ...], ...]
    """Face-down cards by seat and slot; None where the card was played."""
    pile: tuple[Card, ...]
    """Cards played since the last sweep or pick-up, in play order; the last run of one rank
    is the current set."""
    swept: tuple[Card, ...]
    """Cards swept out of play this round."""
    aside: tuple[Card, ...]
    """Cards left over from the deal, face down."""
    moves: int
    """Moves made this round (for the termination valve)."""
    points: tuple[int, ...]
    """Penalty totals so far, by seat (lower is better)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


def _strength_sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return strength_sorted(cards, ORDER)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_strength_sorted),
    Zone("up", Seen.EVERYONE, by_seat=True),
    Zone("blind", Seen.NOBODY, by_seat=True),
    Zone("pile", Seen.EVERYONE),
    Zone("swept", Seen.EVERYONE),
    Zone("aside", Seen.NOBODY),
)
"""Hands are seen by their owners, blind cards and the leftovers by nobody, the rest by all."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals round 1. `deck` fixes the first deal (all packs, top card first), `dealer` the
    first dealer (drawn from the seed otherwise)."""
    n = require_players("sweep", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("sweep", options, Options)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer=", dealer, n)
    return _deal(rules, n, 1, dealer, (0,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat on turn's moves: plays from the hand alone (weakest rank first, then fewer
    cards), then plays using face-up cards (weakest rank first, then fewer cards, then fewer
    face-up cards), then `blind N` for each exposed blind slot, then `pick up` (only when no
    play exists); after a blind card, the matching additions and `done`. () at the end."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Penalty totals so far, by seat (lower is better)."""
    return state.points


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the game is over (ties share); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return leaders(state.points, low=True)


def current_set(pile: Sequence[Card]) -> Combo | None:
    """The same-rank run on top of the pile (None for an empty pile)."""
    if not pile:
        return None
    rank = pile[-1].rank
    count = 1
    while count < len(pile) and pile[-1 - count].rank is rank:
        count += 1
    return Combo(rank, count)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands, all blind cards and the leftovers
    as hidden cards, no random source."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 7C 7H up2:7D", "blind 3", "done" or "pick up"; also looser plays: ranks
    alone ("play 7 7"), any suits of one rank the seat holds ("play 7S 7D"), and face-up
    cards as "up2" or by their card ("play 7C 7D" with 7D face up).

    With `player` (or a "2:" prefix), only that seat's moves match.
    """
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        lenient = _parse_lenient(state, text, legal, player)
        if lenient is None:
            raise exc from None
        return lenient


_RANK_WORDS: Final = {str(Rank(r)).lower(): Rank(r) for r in range(1, 14)} | {"t": Rank.TEN}


def _parse_lenient(state: State, text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    """The legal play of the same rank with as many hand and face-up cards as `text` names."""
    seat, body = split_seat(text, player)
    words = normalize(body).split()
    if not legal or len(words) < 2 or words[0] != "play" or (seat is not None and seat != state.turn):
        return None
    turn = state.turn
    held = list(state.hands[turn])
    ups = state.up[turn]
    used: set[int] = set()
    ranks: list[Rank] = []
    from_hand = 0
    for word in words[1:]:
        slot: int | None = None
        if word.startswith("up") and len(word) >= 3 and word[2] in "1234":
            slot = int(word[2]) - 1
            card = ups[slot]
            if card is None or slot in used or (len(word) > 3 and word[3:] != f":{card}".lower()):
                return None
            ranks.append(card.rank)
        elif word in _RANK_WORDS:
            ranks.append(_RANK_WORDS[word])
            from_hand += 1
            continue
        else:
            try:
                card = Card.parse(word)
            except ValueError:
                return None
            if card in held:
                held.remove(card)
                ranks.append(card.rank)
                from_hand += 1
                continue
            slot = next((i for i, c in enumerate(ups) if c == card and i not in used), None)
            if slot is None:
                raise NotationError(f"{text!r}: seat {turn} holds no {card} in hand or face up")
            ranks.append(card.rank)
        used.add(slot)
    if len(set(ranks)) != 1:
        return None
    for move in legal:
        if isinstance(move, PlayCards) and move.cards[0].rank is ranks[0]:
            if len(move.slots) == len(used) and len(move.cards) - len(move.slots) == from_hand:
                return move
    return None


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, blinds, leftovers) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Sweep reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"sweep is played by 2-8 players, not {n}")
    o = state.options
    for name in ("up", "blind", "points"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name} must have one entry per seat ({n})")
    if any(len(slots) != BLINDS for slots in (*state.up, *state.blind)):
        raise ValueError(f"every seat has {BLINDS} face-up and {BLINDS} blind slots")
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.rng is not None:
        Rng.check(state.rng)
    if not 1 <= state.hand <= 100_000:
        raise ValueError(f"round {state.hand} is out of range")
    if not 0 <= state.moves <= o.round_limit:
        raise ValueError(f"{state.moves} moves this round is outside 0..{o.round_limit}")
    if any(p < 0 for p in state.points):
        raise ValueError(f"points {state.points} cannot be negative")
    over = state.phase is Phase.OVER
    if over != (max(state.points) >= o.target):
        raise ValueError(f"the game is over exactly when a total reaches {o.target}: {state.points}")
    for seat in range(n):
        for slot in range(BLINDS):
            if state.up[seat][slot] is not None and state.blind[seat][slot] is None:
                raise ValueError(f"seat {seat}'s blind {slot + 1} is gone but its face-up card is still on it")
            if state.up[seat][slot] == HIDDEN:
                raise ValueError("face-up cards are never hidden")
        held = state.hands[seat]
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != strength_sorted(held, ORDER):
            raise ValueError(f"seat {seat}'s hand is not in rank order: {cards_text(held)}")
    if HIDDEN in state.pile or HIDDEN in state.swept:
        raise ValueError("played cards are face up; none can be hidden")
    pack = PACKS[n]
    if len(state.aside) != len(pack) - CARDS_EACH * n:
        raise ValueError(f"{len(state.aside)} cards set aside; the deal leaves {len(pack) - CARDS_EACH * n}")
    check_zones("sweep", state, ZONES, pack)
    _check_pile(state.pile)
    if over:
        return
    if any(not _holds_any(state, seat) for seat in range(n)):
        raise ValueError("a round in progress has every seat holding cards")
    if state.phase is Phase.ADD and not state.pile:
        raise ValueError("cards are added only to a blind card just played")
    # (Whether the adding seat holds a card of the rank is not checked: `shuffle_unseen` for
    # another seat may deal it other cards; it may then only say done.)


def _holds_any(state: State, seat: int) -> bool:
    return bool(state.hands[seat]) or any(c is not None for c in (*state.up[seat], *state.blind[seat]))


def _check_pile(pile: tuple[Card, ...]) -> None:
    """The pile is sets of one rank, each below the one before, none of four, and no ten."""
    previous: Combo | None = None
    at = 0
    while at < len(pile):
        top = current_set(pile[: len(pile) - at])
        assert top is not None
        if top.rank in WILD or top.count >= CAP:
            raise ValueError(f"a pile holding {top} would have been swept")
        if previous is not None and not ORDER.beats(top.rank, previous.rank):
            raise ValueError(f"the set {top} cannot lie under {previous} in the pile")
        previous = top
        at += top.count


# Phase helpers -------------------------------------------------------------------------------


def _deal(
    options: Options,
    n: int,
    number: int,
    dealer: int,
    points: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals round `number`: 22 cards a seat one at a time from the dealer's left, each seat's
    first four blind, the next four face up on them, the rest its hand."""
    cards, rng = shuffled_or_fixed(PACKS[n], rng, deck)
    leader = (dealer + 1) % n
    dealt, rest = deal(cards, players=n, first=leader, each=CARDS_EACH)
    blind = tuple(tuple(d[:BLINDS]) for d in dealt)
    up = tuple(tuple(d[BLINDS : 2 * BLINDS]) for d in dealt)
    hands = tuple(tuple(sorted(d[2 * BLINDS :], key=_SORT_KEY)) for d in dealt)  # strength_sorted
    said = (*events, make_event(_DEALS, dealer, (), (number,), "", False), _LEADS[leader])
    return _BUILD(options, number, rng, None, _PLAY, dealer, leader, hands, up, blind, (), (), rest, 0, points, said)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view
    if only is not None and only != state.turn:
        return ()
    phase = state.phase
    if phase is _OVER:
        return ()
    pile = state.pile
    if phase is _PLAY and state.up[state.turn] is _EMPTY_SLOTS:
        return _legal_plain(state, pile)
    if phase is _ADD:
        top = pile[-1].rank
        moves = _plays(state, top, CAP - _top_count(pile))
        moves.append(_DONE[state.turn])
        return tuple(moves)
    return _legal_faced(state, pile)


def _legal_faced(state: State, pile: tuple[Card, ...]) -> tuple[Move, ...]:
    """`_legal` in the play phase for a seat with face-up cards: `_plays`, then the exposed
    blinds, then `pick up` if nothing else plays."""
    moves = _plays(state, None, 0)
    seat = state.turn
    ups, blinds = state.up[seat], state.blind[seat]
    found = bool(moves)
    if ups[0] is None or ups[1] is None or ups[2] is None or ups[3] is None:  # BLINDS slots
        blind_moves = _BLIND_MOVES[seat]
        for slot in range(BLINDS):
            if ups[slot] is None and blinds[slot] is not None:
                moves.append(blind_moves[slot])
    if pile and not found:
        moves.append(_PICK_UPS[seat])
    return tuple(moves)


def _legal_plain(state: State, pile: tuple[Card, ...]) -> tuple[Move, ...]:
    """`_legal` in the play phase for a seat without face-up cards (the common case): the
    hand part of `_plays`, then the exposed blinds, then `pick up` if nothing else plays."""
    seat = state.turn
    held = state.hands[seat]
    if pile:
        top_rank = pile[-1].rank
        top_power = _STRENGTH[top_rank]
        top_count = 1
        while top_count < len(pile) and pile[-1 - top_count].rank is top_rank:
            top_count += 1
    else:
        top_power, top_count = _NO_LIMIT, 0
    moves: tuple[Move, ...] = ()
    mine = _RUN_PLAYS[seat]
    indices = bytes([c.index for c in held])
    strengths = indices.translate(_STRENGTH_BY_INDEX)
    end = bisect_right(strengths, top_power) if top_count else len(strengths)
    a = 0
    while a < end:
        p = strengths[a]
        b = strengths.rfind(p, a, end) + 1  # a rank's cards are one run of the sorted hand
        plays = mine.get(indices[a:b])
        if plays is None:
            plays = _remember_run(mine, indices[a:b], seat, held[a:b])
        moves += plays if p != top_power else plays[: CAP - top_count]
        a = b
    blinds = state.blind[seat]
    if blinds is not _EMPTY_SLOTS:
        blind_moves = _BLIND_MOVES[seat]
        for slot in range(BLINDS):
            if blinds[slot] is not None:
                moves += (blind_moves[slot],)
    if pile and not end:
        moves += (_PICK_UPS[seat],)
    return moves


def _top_count(pile: tuple[Card, ...]) -> int:
    rank = pile[-1].rank
    count = 1
    while count < len(pile) and pile[-1 - count].rank is rank:
        count += 1
    return count


def _plays(state: State, rank_only: Rank | None, room_only: int) -> list[Move]:
    """The seat on turn's plays: first from the hand alone (weakest rank first, then fewer
    cards), then those using face-up cards (weakest rank first, then fewer cards, then fewer
    face-up cards). `rank_only`: only that rank, at most `room_only` cards.

    The same plays as `core.shedding.plays_from` with `BEATS` over hand and face-up cards,
    read off the sorted hand run by run: the hand's rank strengths as bytes (weakest first)
    give each rank's slice in C, up to the last rank low enough to play; a run's plays are
    built once per seat and run."""
    seat = state.turn
    held = state.hands[seat]
    ups = state.up[seat]
    strength = _STRENGTH
    pile = state.pile
    if rank_only is not None:
        only = strength[rank_only]
        top_power, top_count = only, CAP - room_only
    elif pile:
        only = -1
        top_rank = pile[-1].rank
        top_power = strength[top_rank]
        top_count = 1  # `_top_count`, inlined
        while top_count < len(pile) and pile[-1 - top_count].rank is top_rank:
            top_count += 1
    else:
        only = -1
        top_power, top_count = _NO_LIMIT, 0
    faces = _NO_FACES
    if ups is not _EMPTY_SLOTS:
        u0, u1, u2, u3 = ups  # BLINDS slots, unrolled (a comprehension is a call on Python 3.11)
        up_key = bytes(
            (
                0 if u0 is None else u0.index,
                0 if u1 is None else u1.index,
                0 if u2 is None else u2.index,
                0 if u3 is None else u3.index,
            )
        )
        found = _FACES.get(up_key)
        if found is None:
            if len(_FACES) >= _CACHE_LIMIT:
                _FACES.clear()
            found = _FACES[up_key] = _face_groups(ups)
        faces = found
    face = faces[1]
    moves: list[Move] = []
    mine = _RUN_PLAYS[seat]
    indices = bytes([c.index for c in held])
    strengths = indices.translate(_STRENGTH_BY_INDEX)  # weakest first: the hand is sorted
    if only >= 0:
        a = strengths.find(only)
        end = strengths.rfind(only) + 1 if a >= 0 else 0
        if a < 0:
            a = 0
    else:
        a = 0
        end = bisect_right(strengths, top_power) if top_count else len(strengths)
    while a < end:
        p = strengths[a]
        b = strengths.rfind(p, a, end) + 1  # a rank's cards are one run of the sorted hand
        key = indices[a:b]
        plays = mine.get(key)
        if plays is None:
            plays = _remember_run(mine, key, seat, held[a:b])
        if p == top_power:
            moves += plays[: CAP - top_count]  # the current set's rank, up to the cap
        else:
            moves += plays  # tens, lower ranks, or a lead
        a = b
    if not face:
        return moves
    mixed = _MIXED_PLAYS[seat]
    for p, slots, upcards, group in faces[0]:
        if only >= 0:
            if p != only:
                continue
            room = room_only
        elif p == 0 or p < top_power:
            room = CAP
        elif p == top_power:
            room = CAP - top_count
        else:
            break
        a = strengths.find(p)  # this rank's hand cards, if any
        run = indices[a : strengths.rfind(p) + 1] if a >= 0 else b""
        key2 = (run, group)
        hit = mixed.get(key2)
        if hit is None:
            if len(mixed) >= _CACHE_LIMIT:
                mixed.clear()
            hit = mixed[key2] = _mixed_plays(seat, held[a : a + len(run)], slots, upcards)
        moves += hit[0][: hit[1][room]]
    return moves


def _face_groups(ups: tuple[Card | None, ...]) -> _FaceGroups:
    """Face-up cards by rank strength, weakest first: (strength, slots, cards, key), lowest
    slot first, `key` the slots and card indices as bytes; and the set of those strengths."""
    groups: dict[int, list[tuple[int, Card]]] = {}
    for slot, card in enumerate(ups):
        if card is not None:
            groups.setdefault(_STRENGTH[card.rank], []).append((slot, card))
    ordered = tuple(
        (
            p,
            tuple(slot for slot, _ in pairs),
            tuple(card for _, card in pairs),
            bytes(slot for slot, _ in pairs) + bytes(card.index for _, card in pairs),
        )
        for p, pairs in sorted(groups.items())
    )
    return ordered, frozenset(groups)


_CACHE_LIMIT: Final = 50_000
"""The most entries a cache of prebuilt plays or face-up groups holds before it is
emptied (so that long simulations keep a bounded memory)."""
_NO_LIMIT: Final = 99
"""A strength above every rank: on an empty pile anything leads."""


def _mixed_plays(
    seat: int, run: tuple[Card, ...], slots: tuple[int, ...], upcards: tuple[Card, ...]
) -> tuple[tuple[PlayCards, ...], tuple[int, ...]]:
    """The plays of one rank using face-up cards (those in `slots`, lowest slot first) and
    hand cards of `run`: fewer cards first, then fewer face-up cards; and, by the room on the
    table (0-4), how many of them fit."""
    h, u = len(run), len(slots)
    plays: list[PlayCards] = []
    cut = [0]
    for k in range(1, CAP + 1):
        for ku in range(max(1, k - h), min(k, u) + 1):
            cards = run[: k - ku] + upcards[:ku]
            plays.append(PlayCards(seat, cards, slots[:ku]))
        cut.append(len(plays))
    return tuple(plays), tuple(cut)


def _remember_run(
    cache: dict[bytes, tuple[PlayCards, ...]], key: bytes, seat: int, run: tuple[Card, ...]
) -> tuple[PlayCards, ...]:
    """`_run_plays`, kept in the seat's cache (emptied when it grows past `_CACHE_LIMIT`)."""
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    plays = cache[key] = _run_plays(seat, run)
    return plays


def _run_plays(seat: int, run: tuple[Card, ...]) -> tuple[PlayCards, ...]:
    """The plays of 1..4 cards from the start of a run of one rank (lowest suits first)."""
    return tuple(PlayCards(seat, run[:k], ()) for k in range(1, min(CAP, len(run)) + 1))


_PENALTY_AT: Final = [0] * 80
for _card in PACKS[2]:
    _PENALTY_AT[_card.index] = PENALTIES[_card.rank]
_PENALTY: Final = tuple(_PENALTY_AT)
del _card
_STRENGTH_AT: Final = bytearray(b"\xff" * 256)
for _card in PACKS[2]:
    _STRENGTH_AT[_card.index] = ORDER.power(_card.rank)
del _card
_STRENGTH_BY_INDEX: Final = bytes(_STRENGTH_AT)
"""`bytes.translate` table: a card's index to its rank strength (the ten 0, the king 12)."""
_STRENGTH: Final = ORDER.powers
"""`_STRENGTH[rank]`: the rank's strength in `ORDER` (the ten 0, the king 12)."""
_RUN_PLAYS: Final[tuple[dict[bytes, tuple[PlayCards, ...]], ...]] = tuple({} for _ in range(max(PLAYERS)))
"""Per seat, the plays of each run of one rank met so far, keyed by its cards' indices."""
_MIXED_PLAYS: Final[tuple[dict[tuple[bytes, bytes], tuple[tuple[PlayCards, ...], tuple[int, ...]]], ...]] = tuple(
    {} for _ in range(max(PLAYERS))
)
"""Per seat, the plays of each hand run and face-up slots and cards of one rank met so far."""
_FACES: Final[dict[bytes, _FaceGroups]] = {}
"""`_face_groups` of each row of face-up cards met so far, keyed by the slots' card indices (0 for an empty slot)."""
_FaceGroups: TypeAlias = tuple[tuple[tuple[int, tuple[int, ...], tuple[Card, ...], bytes], ...], frozenset[int]]
_NO_FACES: Final[_FaceGroups] = ((), frozenset())
_SORT_KEY: Final = {card: ORDER.power(card.rank) * 8 + int(card.suit or 0) for card in PACKS[2]}.__getitem__
"""The key of `strength_sorted` by `ORDER`, as a C-level function (a deal sorts the hands)."""
_SORT_KEY_AT: Final = bytearray(256)
_INDEX_AT: Final = bytearray(256)
_CARD_LIST: Final = [HIDDEN] * 256
for _card in PACKS[2]:
    _SORT_KEY_AT[_card.index] = _SORT_KEY(_card)
    _INDEX_AT[_SORT_KEY(_card)] = _card.index
    _CARD_LIST[_card.index] = _card
del _card
_SORT_KEY_BY_INDEX: Final = bytes(_SORT_KEY_AT)
"""`bytes.translate` table: a card's index to its `_SORT_KEY` (below 104, one byte)."""
_INDEX_BY_SORT_KEY: Final = bytes(_INDEX_AT)
"""The inverse of `_SORT_KEY_BY_INDEX`: a sort key to its card's index."""
_CARD_AT: Final = tuple(_CARD_LIST)
"""The card of each index (`Card.index`), for rebuilding a hand from its indices."""
_DONE: Final = tuple(Done(seat) for seat in range(max(PLAYERS)))
_PICK_UPS: Final = tuple(PickUp(seat) for seat in range(max(PLAYERS)))
_BLIND_MOVES: Final = tuple(tuple(PlayBlind(seat, slot) for slot in range(BLINDS)) for seat in range(max(PLAYERS)))


def _apply(state: State, move: Move) -> State:
    # Exact classes (`checked_apply` passes only the game's own moves), cheaper than `match`.
    if type(move) is PlayCards:
        return _apply_play(state, move)
    if type(move) is PickUp:
        return _apply_pick_up(state, move)
    if type(move) is PlayBlind:
        return _apply_blind(state, move)
    assert type(move) is Done
    return _apply_done(state, move)


def _apply_play(state: State, move: PlayCards) -> State:
    seat, cards, slots = move.player, move.cards, move.slots
    held = state.hands[seat]
    hands = state.hands
    ups = state.up
    from_hand = len(cards) - len(slots)
    if from_hand:
        first = cards[0]  # the hand cards of a play are a slice of the sorted hand
        for at, card in enumerate(held):
            if card is first:
                break
        else:
            at = held.index(first)  # cards not interned (read from JSON)
        hands = (*hands[:seat], held[:at] + held[at + from_hand :], *hands[seat + 1 :])
    if slots:
        mine = list(ups[seat])
        for slot in slots:
            mine[slot] = None
        ups = (*ups[:seat], tuple(mine) if any(mine) else _EMPTY_SLOTS, *ups[seat + 1 :])
    # Built afresh: cheaper than a cache keyed by the move, whose hash is a Python-level call.
    events = (make_event(_PLAYS, seat, cards, (), "", False),)
    return _after_play(state, seat, hands, ups, state.blind, cards, events)


def _after_play(
    state: State,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    ups: tuple[tuple[Card | None, ...], ...],
    blinds: tuple[tuple[Card | None, ...], ...],
    cards: tuple[Card, ...],
    events: tuple[Event, ...],
) -> State:
    """Puts a legal play on the pile, sweeps if it makes four or holds a ten, ends the round if
    the seat is out, and passes the turn (the sweeper leads again)."""
    pile = state.pile
    rank = cards[0].rank
    if rank in WILD:
        sweep = True
    else:
        count = len(cards) + (_top_count(pile) if pile and pile[-1].rank is rank else 0)
        sweep = count >= CAP
    swept = state.swept
    n = len(hands)
    if sweep:
        swept = swept + pile + cards
        pile = ()
        turn = seat
    else:
        pile = pile + cards
        turn = seat + 1 if seat + 1 < n else 0
    if not hands[seat] and not any(ups[seat]) and not any(blinds[seat]):
        if sweep:
            events = (*events, _SWEEPS[seat][0])
        events = (*events, Event(EventKind.GOES_OUT, player=seat))
        return _end_round(state, hands, ups, blinds, pile, swept, seat, events)
    if sweep:
        events = events + _SWEEPS[seat]
    moves = state.moves + 1
    if moves < state.options.round_limit:  # `_next`, inlined for the play loop
        return _BUILD(
            state.options, state.hand, state.rng, None, _PLAY, state.dealer, turn, hands, ups, blinds, pile,
            swept, state.aside, moves, state.points, events,
        )  # fmt: skip
    return _next(state, _PLAY, turn, hands, ups, blinds, pile, swept, events)


_EMPTY_SLOTS: Final = (None,) * BLINDS
"""Slots all played (states built here share this one tuple, a cheap identity test)."""
_LEADS: Final = tuple(Event(EventKind.LEADS, player=seat) for seat in range(max(PLAYERS)))
_PASSES: Final = tuple((Event(EventKind.PASSES, player=seat),) for seat in range(max(PLAYERS)))
_TAKES: Final = EventKind.TAKES
_DEALS: Final = EventKind.DEALS
_PLAY: Final = Phase.PLAY
_ADD: Final = Phase.ADD
_OVER: Final = Phase.OVER
"""Phases bound once: reading an enum member through its class is slow on the hot path."""
_REVEALS: Final = EventKind.REVEALS
_PLAYS: Final = EventKind.PLAYS
_SWEEPS: Final = tuple(
    (Event(EventKind.WINS_ROUND, player=seat, label="sweep"), Event(EventKind.LEADS, player=seat))
    for seat in range(max(PLAYERS))
)


def _next(
    state: State,
    phase: Phase,
    turn: int,
    hands: tuple[tuple[Card, ...], ...],
    ups: tuple[tuple[Card | None, ...], ...],
    blinds: tuple[tuple[Card | None, ...], ...],
    pile: tuple[Card, ...],
    swept: tuple[Card, ...],
    events: tuple[Event, ...],
) -> State:
    """The state after a move that did not end the round (or the valve's end of it)."""
    moves = state.moves + 1
    if moves >= state.options.round_limit:
        events = (*events, Event(EventKind.NOTE, label=f"round limit of {moves} moves reached"))
        return _end_round(state, hands, ups, blinds, pile, swept, None, events)
    return _BUILD(
        state.options, state.hand, state.rng, None, phase, state.dealer, turn, hands, ups, blinds, pile,
        swept, state.aside, moves, state.points, events,
    )  # fmt: skip


def _apply_blind(state: State, move: PlayBlind) -> State:
    seat, slot = move.player, move.slot
    card = state.blind[seat][slot]
    assert card is not None
    mine = list(state.blind[seat])
    mine[slot] = None
    blinds = replace_at(state.blind, seat, tuple(mine) if any(mine) else _EMPTY_SLOTS)
    label = f"blind {slot + 1}"
    if not beats(Combo(card.rank, 1), current_set(state.pile)):
        # Book: the card goes on the pile and the seat picks the pile up. It ends in a hand, so
        # the event shows it to that seat alone (the library does not model the table's memory).
        events: tuple[Event, ...] = (make_event(_REVEALS, seat, (card,), (), label, True),)
        return _pick_up(state, seat, state.hands, blinds, state.pile + (card,), events)
    events = (
        make_event(_REVEALS, seat, (card,), (), label, False),
        make_event(_PLAYS, seat, (card,), (), "", False),
    )
    after = _after_play(state, seat, state.hands, state.up, blinds, (card,), events)
    if after.phase is not _PLAY or after.turn == seat or after.hand != state.hand:
        return after  # swept (the seat leads), went out, or the round ended
    rank = card.rank
    if any(c.rank is rank for c in state.hands[seat]) or any(c is not None and c.rank is rank for c in state.up[seat]):
        return _BUILD(
            after.options, after.hand, after.rng, None, _ADD, after.dealer, seat, after.hands, after.up,
            after.blind, after.pile, after.swept, after.aside, after.moves, after.points, after.events,
        )  # fmt: skip
    return after


def _apply_done(state: State, move: Done) -> State:
    seat = move.player
    n = len(state.hands)
    return _next(
        state, _PLAY, (seat + 1) % n, state.hands, state.up, state.blind, state.pile, state.swept,
        _PASSES[seat],
    )  # fmt: skip


def _apply_pick_up(state: State, move: PickUp) -> State:
    return _pick_up(state, move.player, state.hands, state.blind, state.pile, ())


def _pick_up(
    state: State,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    blinds: tuple[tuple[Card | None, ...], ...],
    pile: tuple[Card, ...],
    events: tuple[Event, ...],
) -> State:
    """The seat takes the pile into hand; the seat on its left leads."""
    n = len(hands)
    # Sorted as `strength_sorted`, by each card's sort key as a byte (no Python-level hashing
    # of cards), then back from the keys to the cards.
    keys = bytes([c.index for c in hands[seat] + pile]).translate(_SORT_KEY_BY_INDEX)
    held = tuple(map(_CARD_AT.__getitem__, bytes(sorted(keys)).translate(_INDEX_BY_SORT_KEY)))
    hands = (*hands[:seat], held, *hands[seat + 1 :])
    leader = seat + 1 if seat + 1 < n else 0
    # The cards go into a hand: the event names them to the taker alone (others see a count).
    taken = make_event(_TAKES, seat, pile, (), "", True)
    events = (*events, taken, _LEADS[leader])
    return _next(state, _PLAY, leader, hands, state.up, blinds, (), state.swept, events)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    if state.rng is not None and state.phase is _PLAY:  # the common cases, without `_legal`'s dispatch
        if state.up[state.turn] is _EMPTY_SLOTS:
            return _legal_plain(state, state.pile)
        return _legal_faced(state, state.pile)
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    seat = move.player
    if state.phase is Phase.ADD and not isinstance(move, (PlayCards, Done)):
        return f"after a blind card, add cards of its rank ({state.pile[-1].rank}) or say done"
    if isinstance(move, Done):
        return "'done' ends the additions to a blind card just played"
    if isinstance(move, PickUp):
        if not state.pile:
            return "there is no pile to pick up"
        return "the pile is picked up only when no hand or face-up card can be played"
    if isinstance(move, PlayBlind):
        if type(move.slot) is not int or not 0 <= move.slot < BLINDS:
            return f"blind slots are 1..{BLINDS}"
        if state.blind[seat][move.slot] is None:
            return f"blind {move.slot + 1} has already been played"
        return f"blind {move.slot + 1} is still covered by its face-up card"
    try:
        combo = combo_of(move.cards)
    except ValueError as exc:
        return str(exc)
    if state.phase is Phase.ADD and combo.rank is not state.pile[-1].rank:
        return f"only cards of the blind card's rank ({state.pile[-1].rank}) may be added"
    current = current_set(state.pile)
    if not beats(combo, current):
        assert current is not None
        if combo.rank is current.rank:
            return f"a set holds at most {CAP} cards: {current.count} {current.rank} already on the table"
        return f"must play the set's rank ({current.rank}), a lower rank, or tens"
    return "no such play: name hand cards (lowest suits first) and face-up cards as upN:card"


def _end_round(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    ups: tuple[tuple[Card | None, ...], ...],
    blinds: tuple[tuple[Card | None, ...], ...],
    pile: tuple[Card, ...],
    swept: tuple[Card, ...],
    finisher: int | None,
    events: tuple[Event, ...],
) -> State:
    """Scores the round (each seat's remaining cards), then deals the next or ends the game."""
    n = len(hands)
    gained = tuple(penalty(hands[s]) + penalty(ups[s]) + penalty(blinds[s]) for s in range(n))
    points = tuple(p + g for p, g in zip(state.points, gained))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=gained))
    if max(points) < state.options.target:
        if state.rng is None:
            raise ValueError("cannot deal the next round in a view")
        dealer = finisher if finisher is not None else (state.dealer + 1) % n
        return _deal(state.options, n, state.hand + 1, dealer, points, state.rng, None, events)
    events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(leaders(points, low=True)))))  # `winners`
    return _BUILD(
        state.options, state.hand, state.rng, None, Phase.OVER, state.dealer,
        finisher if finisher is not None else (state.dealer + 1) % n, hands, ups, blinds, pile, swept, state.aside,
        min(state.moves + 1, state.options.round_limit), points, events,
    )  # fmt: skip


# Render --------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The round, dealer and target; the pile (its sets, the current set) and what happens now;
    then one line per seat with its penalty total, its face-up cards by slot ("--" where
    played) and its blind cards ("##" face down, "--" played, "*" marks an exposed one), the
    count of cards in hand, and a visible hand grouped by rank on a line of its own.
    """
    o = state.options
    lines = [f"round {state.hand}, dealer seat {state.dealer}, game to {o.target} (lowest total wins)"]
    top = current_set(state.pile)
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        lines.append(f"game over after {state.hand} rounds: {seats_text(best)} {verb} with {min(state.points)}")
    else:
        if top is None:
            lines.append(f"pile empty ({len(state.swept)} cards swept this round); seat {state.turn} to lead")
        else:
            sets = cards_text(state.pile)
            lines.append(f"pile: {sets}; current set {top.count} x {top.rank}")
            if state.phase is Phase.ADD:
                lines.append(f"seat {state.turn} played a blind card and may add more {top.rank} or be done")
            else:
                lines.append(f"seat {state.turn} to match, go lower, play a ten, or pick up")
    width = max(len(str(p)) for p in state.points)
    for seat in range(len(state.hands)):
        held = state.hands[seat]
        ups = " ".join("--" if c is None else str(c) for c in state.up[seat])
        blinds = " ".join(
            "--" if b is None else ("*##" if state.up[seat][i] is None else "##")
            for i, b in enumerate(state.blind[seat])
        )
        mark = "  to act" if seat == state.turn and state.phase is not Phase.OVER else ""
        lines.append(
            f"seat {seat}  points {state.points[seat]:>{width}}  up {ups}  blind {blinds}  "
            f"hand {len(held)}{mark}"
        )
        if held and HIDDEN not in held:
            lines.append("        " + grouped_cards(held, by=lambda card: card.rank))
    return "\n".join(lines)


def max_plies(players: int, options: Options) -> int:
    """A true bound on the moves of a match: each round has at most `round_limit` moves and
    adds at least one point to every seat but one (to all in a round the valve ends), and
    the game ends once a total reaches the target."""
    rounds = players * (options.target - 1) // (players - 1) + 1
    return rounds * options.round_limit


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="sweep",
    title="Sweep",
    family="shedding",
    low_score_wins=True,
    summary="Shed sets of one rank going down; four of a kind or a ten sweeps; lowest total wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("metzker", Options.metzker()),),
    quick=Options(target=40, round_limit=400),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=max_plies(DEFAULT_PLAYERS, Options()),
    new_game=new_game,
    legal_moves=legal_moves,
    apply=apply,
    to_act=to_act,
    is_over=is_over,
    scores=scores,
    winners=winners,
    view=view,
    parse_move=parse_move,
    check_invariants=check_invariants,
    shuffle_unseen=shuffle_unseen,
    render=render,
)
