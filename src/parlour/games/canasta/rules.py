"""Canasta's rules: the options, the position, the public verbs and the phase helpers.

`Options` and its preset, the `State` of a hand (`Phase` says whose move of which kind it is)
with its declared card zones, `new_game`, `legal_moves`, `apply` and the other verbs, then the
`_legal_<phase>` / `_apply_<phase>` helpers, dealing and the end of a hand. The moves live in
`moves`, the card values and the hand score in `scoring`.
"""

from __future__ import annotations

import bisect
import enum
import functools
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple

import attrs

from parlour.core.cards import SORT_KEYS, Card, Rank, insert_by_key, sorted_cards
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.errors import IllegalMove
from parlour.core.events import Event, EventKind
from parlour.core.game import builder, cached_setter, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.canasta.moves import (
    ADD,
    ADD_EVENTS,
    DISCARD_EVENTS,
    DRAW_EVENTS,
    WILD_ADD,
    ANSWERS,
    ASK,
    DISCARD,
    DRAW,
    END,
    MOVE_TYPES,
    TAKE,
    AddCard,
    Answer,
    AskPartner,
    Discard,
    DrawStock,
    EndHand,
    Meld,
    Move,
    TakePile,
)
from parlour.games.canasta.scoring import (
    CANASTA_SIZE,
    CARD_POINTS,
    MAX_WILDS,
    MIN_NATURALS,
    PACK,
    is_black_three,
    is_red_three,
    is_wild,
    minimum_initial_meld,
    score_hand,
)

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = 4
HAND_SIZE: Final = 11
"""Cards dealt to each player."""
_TWO, _JOKER, _THREE = Rank.TWO, Rank.JOKER, Rank.THREE


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the partnership game of the Hoyle Card Games manual."""

    target: int = 5000
    """The first side to reach this many points wins (Hoyle: 5,000)."""
    ask_partner: bool = True
    """A player whose side has a canasta may ask the partner before going out; the answer binds
    for that turn (Hoyle: asking is optional, the answer binding)."""
    frozen_before_opening: bool = True
    """Until its initial meld a side may take the pile only with a natural pair (Hoyle's
    "Important" note); off, it takes it as against an unfrozen pile."""
    one_card_pile_rule: bool = True
    """A player holding a single card may not take a pile of a single card (the standard
    laws; the Hoyle text is silent)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.target <= 1_000_000:
            raise ValueError(f"target must be 1 to 1000000 points, not {self.target}")

    @classmethod
    def hoyle(cls) -> Options:
        """The Hoyle Card Games manual's partnership Canasta (the defaults)."""
        return cls()


QUICK: Final = Options(target=500)
"""A short match for the generic sweeps (`GameSpec.quick`): the first side to 500."""
_DEFAULTS: Final = Options()


class Phase(enum.Enum):
    DRAW = 1
    """`player` draws from the stock or takes the discard pile (with no stock: or ends the hand)."""
    PLAY = 2
    """`player` melds, adds to the side's melds, asks the partner, and discards (or goes out)."""
    ANSWER = 3
    """`player`'s partner answers whether the side may go out this turn."""
    OVER = 4


class Permission(enum.Enum):
    """What the partner said this turn."""

    NOT_ASKED = 1
    YES = 2
    NO = 3


_NOT_ASKED: Final = Permission.NOT_ASKED


@attrs.frozen
class Turn:
    """The record of the turn in progress (all defaults between turns)."""

    count: int = 0
    """The count melded this turn by a side making its initial meld."""
    opened: bool = False
    """The player's side made its initial meld this turn (going out now is concealed)."""
    melded: bool = False
    """The player has melded or added a card this turn (too late to ask the partner)."""
    permission: Permission = Permission.NOT_ASKED
    """What the partner answered this turn."""
    last_turn: bool = False
    """The last stock card drawn was a red three: the player may meld but not discard."""


_FRESH: Final = Turn()
_LAST: Final = Turn(last_turn=True)
_TURN: Final = builder(Turn)
"""`Turn(count, opened, melded, permission, last_turn)` without the attrs initializer."""
_NO: Final = Permission.NO
_DRAW, _PLAY, _ANSWER = Phase.DRAW, Phase.PLAY, Phase.ANSWER


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Seats 0 and 2 are side 0, seats 1 and 3 side 1. Hands are sorted;
    `stock[0]` is its top card, `pile[-1]` the top of the discard pile."""

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
    """The seat whose turn it is (in ANSWER its partner answers; once OVER a winner's seat)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    pile: tuple[Card, ...]
    taken: tuple[Card, ...] = ()
    """The pile taken this turn by a side still making its initial meld: held apart (face up)
    until the minimum count is reached with cards from the hand."""
    frozen: bool = False
    """The pile holds a wild card or a red three (frozen for everyone until taken)."""
    melds: tuple[tuple[tuple[Card, ...], ...], ...] = ((), ())
    """Each side's melds by rank, one per rank; each meld its naturals then its wilds."""
    red_threes: tuple[tuple[Card, ...], ...] = ((), ())
    opened: tuple[bool, ...] = (False, False)
    """The side has made its initial meld this hand."""
    turn: Turn = _FRESH
    """What the player has done this turn."""
    scores: tuple[int, int] = (0, 0)
    """Each side's total before this hand."""

    @property
    def turn_count(self) -> int:
        return self.turn.count

    @property
    def turn_opened(self) -> bool:
        return self.turn.opened

    @property
    def turn_melded(self) -> bool:
        return self.turn.melded

    @property
    def permission(self) -> Permission:
        return self.turn.permission

    @property
    def last_turn(self) -> bool:
        return self.turn.last_turn

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        if self.rng is not None:
            return _legal(self, None)
        return () if self.viewer is None else _legal(self, self.viewer)

    @functools.cached_property
    def sides(self) -> tuple[SideFacts, SideFacts]:
        """Each side's facts derived from its melds (`SideFacts`), computed once per state and
        handed on by `apply` to the next state while the melds stay the same (not a field:
        equality and JSON do not see it)."""
        melds = self.melds
        return _side_facts(melds[0]), _side_facts(melds[1])


_BUILD: Final = builder(State)
_EVENT: Final = builder(Event)
"""`Event(kind, player, cards, numbers, label, private)` for hot paths, several times cheaper than
the attrs initializer (the events of melds and taken piles differ every time)."""
_MELDS_KIND, _TAKES_KIND, _LAYS_OFF_KIND = EventKind.MELDS, EventKind.TAKES, EventKind.LAYS_OFF
_SET_SIDES: Final = cached_setter(State, "sides")
"""Hands the parent's `State.sides` to a new state whose melds are the parent's."""
_SET_LEGAL: Final = cached_setter(State, "legal")


def _ready(
    state: State, sides: tuple[SideFacts, SideFacts], moves: Callable[[State], tuple[Move, ...]] | None = None
) -> State:
    """A real state `apply` built, with its derived slots filled: the side facts `sides` (the
    parent's, or derived afresh from changed melds), then the move list the caller reads next
    (a first read of an empty cached property costs several times more), by `moves` where the
    caller knows the phase (`_legal_play`, `_legal_draw`: one dispatch less)."""
    _SET_SIDES(state, sides)
    _SET_LEGAL(state, _legal(state, None) if moves is None else moves(state))
    return state


class SideFacts(NamedTuple):
    """What the hot path needs of one side's melds, derived once (see `State.sides`)."""

    canasta: bool
    """The side has a canasta (a meld of seven or more)."""
    melded: tuple[bool, ...]
    """`melded[r]`: the side has a meld of rank number `r` (0 to 14)."""
    adds: tuple[tuple[int, bool], ...]
    """For each meld but black threes, in meld order: its rank number, and whether it has room
    for another wild card (fewer than three)."""


_NO_MELDS: Final = (SideFacts(False, (False,) * 15, ()), SideFacts(False, (False,) * 15, ()))
"""`State.sides` at the deal: no meld on either side."""


def _with_side(
    sides: tuple[SideFacts, SideFacts], side: int, melds: tuple[tuple[Card, ...], ...]
) -> tuple[SideFacts, SideFacts]:
    """`sides` with `side`'s facts derived afresh from its new `melds`."""
    return (_side_facts(melds), sides[1]) if side == 0 else (sides[0], _side_facts(melds))


def _with_natural(
    sides: tuple[SideFacts, SideFacts], side: int, grown: tuple[Card, ...]
) -> tuple[SideFacts, SideFacts]:
    """`sides` after a natural card joined `side`'s meld `grown` (now holding it): the melded
    ranks and the room for wilds stay (a natural adds no wild), only a canasta may be new."""
    facts = sides[side]
    if facts.canasta or len(grown) < CANASTA_SIZE:
        return sides
    facts = SideFacts(True, facts.melded, facts.adds)
    return (facts, sides[1]) if side == 0 else (sides[0], facts)


def _side_facts(melds: tuple[tuple[Card, ...], ...]) -> SideFacts:
    rank_of, wild = _RANK_INT, _IS_WILD
    canasta = False
    melded = [False] * 15
    adds = []
    for m in melds:
        r = rank_of[m[0].index]
        melded[r] = True
        if len(m) >= CANASTA_SIZE:
            canasta = True
        if r != 3:
            adds.append((r, len(m) < 3 or not wild[m[-3].index]))
    return SideFacts(canasta, tuple(melded), tuple(adds))


_FIELDS: Final = tuple(f.name for f in attrs.fields(State))


def _next(state: State, events: tuple[Event, ...], **changes: object) -> State:
    """`state` with `changes` and `events`, built without the attrs initializer (never with
    changed melds: the parent's side facts are handed on)."""
    changes["events"] = events
    after = _BUILD(*[changes[n] if n in changes else getattr(state, n) for n in _FIELDS])
    return _ready(after, state.sides)


def _hands_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """A hand is seen by its owner, and by everyone once the game is over."""
    assert isinstance(state, State)
    return viewer == owner or state.phase is Phase.OVER


ZONES: Final = (
    Zone("hands", _hands_seen, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("pile", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("melds", Seen.EVERYONE),
    Zone("red_threes", Seen.EVERYONE),
)
"""Where the cards lie: each hand seen by its owner (all once the game is over), the stock by
nobody; the discard pile, a pile held apart during an initial meld, the melds and the red
threes by everyone."""


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
    options = require_options("canasta", _DEFAULTS if options is None else options, Options)
    require_players("canasta", players, (PLAYERS,), PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(PLAYERS)
    else:
        check_seat("dealer=", dealer, PLAYERS)
    return _deal(options, 1, dealer, rng, deck, (0, 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (on a view, the viewer's). DRAW: draw stock, take
    pile (onto the side's meld, with a natural pair, with a natural and a wild), end hand.
    PLAY: ask partner, new melds by rank, additions by meld, discards in hand order, end hand.
    ANSWER: answer yes, answer no."""
    if player is None:
        return state.legal  # what moves_for returns for every seat, without the call
    return moves_for(state, player, PLAYERS, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    if state.phase is Phase.OVER:
        return frozenset()
    if state.phase is Phase.ANSWER:
        return frozenset(((state.player + 2) % PLAYERS,))
    return frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's side total (hands scored so far)."""
    a, b = state.scores
    return (a, b, a, b)


def winners(state: State) -> frozenset[int]:
    """Both seats of the side that won, once the game is over."""
    if state.phase is not Phase.OVER:
        return frozenset()
    side = state.player & 1
    return frozenset((side, side + 2))


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands (until the game is over) and the
    stock hidden, counts kept; no random source; events redacted."""
    check_viewer(state, player, PLAYERS)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads the notation of a legal move ("draw stock", "take pile with 9H 9D", "meld 7C 7D
    7H", "add JK to 7", "discard QS", ...), of seat `player` or of a "2: ..." prefix."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


def side_of(seat: int) -> int:
    """The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat & 1


def minimum_now(state: State, side: int) -> int:
    """The count `side`'s initial meld must reach this hand (from its score before the hand)."""
    return minimum_initial_meld(state.scores[side])


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    check_seat("dealer", state.dealer, PLAYERS)
    check_seat("player", state.player, PLAYERS)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, PLAYERS)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    if state.rng is not None:
        Rng.check(state.rng)
    if len(state.hands) != PLAYERS or len(state.melds) != 2 or len(state.red_threes) != 2 or len(state.opened) != 2:
        raise ValueError("four hands, and melds, red threes and opening flags for two sides")
    check_zones("canasta", state, ZONES, PACK)
    phase, p, side = state.phase, state.player, state.player & 1
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
        if not held and phase is not Phase.OVER and not (s == p and state.taken):
            raise ValueError(f"seat {s} holds no card in a hand still being played")
    for t in (0, 1):
        if any(not is_red_three(c) for c in state.red_threes[t]):
            raise ValueError(f"side {t}'s red threes hold another card")
        ranks = []
        for meld in state.melds[t]:
            _check_meld(t, meld)
            ranks.append(meld[0].rank)
        if ranks != sorted(set(ranks)):
            raise ValueError(f"side {t}'s melds are not one per rank in rank order")
        going_out = phase is Phase.PLAY and t == state.player & 1 and len(state.hands[state.player]) <= 1
        if _THREE in ranks and phase is not Phase.OVER and not going_out:
            raise ValueError("black threes are melded only when going out")
        provisional = not state.opened[t] and bool(state.melds[t])
        if provisional and (t != side or phase not in (Phase.PLAY, Phase.ANSWER)) and phase is not Phase.OVER:
            raise ValueError(f"side {t} has melds but no initial meld outside its own turn")
    if state.turn_count < 0 or (state.turn_count and state.opened[side] and not state.turn_opened):
        raise ValueError("a turn count belongs to a side making its initial meld")
    if state.taken and (phase is not Phase.PLAY or state.opened[side]):
        raise ValueError("a pile is held apart only while its taker's side makes its initial meld")
    if any(is_red_three(c) for c in state.taken):
        raise ValueError("red threes of a taken pile are laid out at once")
    if state.frozen != any(is_wild(c) or is_red_three(c) for c in state.pile):
        raise ValueError("the pile is frozen exactly when it holds a wild card or a red three")
    if state.pile and is_red_three(state.pile[-1]):
        raise ValueError("a red three is never the top of the pile")
    if phase in (Phase.DRAW, Phase.OVER) and (
        state.turn_count or state.turn_melded or state.turn_opened or state.permission is not Permission.NOT_ASKED
    ):
        raise ValueError(f"turn records are set outside a turn (phase {phase.name})")
    if phase is Phase.ANSWER and (state.permission is not Permission.NOT_ASKED or state.turn_melded):
        raise ValueError("the partner is asked once, before any meld of the turn")
    if phase is Phase.DRAW and not state.stock and not state.pile:
        raise ValueError("no stock and no pile to take: the hand should have ended")
    for t in (0, 1):
        if state.opened[t] and not state.melds[t]:
            raise ValueError(f"side {t} made its initial meld but has no meld")
    if state.turn_opened and not state.opened[side]:
        raise ValueError("the turn's initial meld belongs to a side that has made it")
    if state.last_turn and (phase is not Phase.PLAY or state.stock):
        raise ValueError("the last-turn rule applies only after the last stock card was a red three")
    top = max(state.scores)
    if (phase is Phase.OVER) != (top >= state.options.target and state.scores[0] != state.scores[1]):
        raise ValueError("the game is over exactly when a side leads at or past the target")
    if phase is Phase.OVER and state.scores[side] != top:
        raise ValueError("the game's winner is the side with the higher score")


def _check_meld(side: int, meld: tuple[Card, ...]) -> None:
    naturals = [c for c in meld if not is_wild(c)]
    wilds = len(meld) - len(naturals)
    if len(meld) < 3 or len(naturals) < MIN_NATURALS or wilds > MAX_WILDS:
        raise ValueError(f"side {side}'s meld of {len(meld)} cards breaks the meld limits")
    if any(c.rank is not meld[0].rank for c in naturals) or any(is_red_three(c) for c in meld):
        raise ValueError(f"side {side} has a meld of mixed ranks")
    if meld[0].rank is _THREE and (wilds or len(meld) > 4):
        raise ValueError("a meld of black threes holds three or four of them and no wild")
    if tuple(meld) != sorted_cards(naturals) + sorted_cards(c for c in meld if is_wild(c)):
        raise ValueError(f"side {side}'s meld is not in order (naturals, then wilds)")


# ---------------------------------------------------------------------------------------------
# Phases

_BY_INDEX: Final = {c.index: c for c in PACK}
_INDICES: Final = max(_BY_INDEX) + 1


def _card_table(value: Callable[[Card], int], empty: int = 0) -> tuple[int, ...]:
    """`table[card.index]`: `value(card)` for each card of the pack (`empty` elsewhere)."""
    return tuple(value(_BY_INDEX[i]) if i in _BY_INDEX else empty for i in range(_INDICES))


_PTS: Final = _card_table(CARD_POINTS.points)
"""`_PTS[card.index]`: the card's point value."""
_RANK_INT: Final = _card_table(lambda c: int(c.rank))
"""`_RANK_INT[card.index]`: the card's rank as a number (ace 1, two 2, ..., king 13, joker 14)."""
_IS_RED_THREE: Final = tuple(map(bool, _card_table(is_red_three)))
_IS_WILD: Final = tuple(map(bool, _card_table(is_wild)))


def _key_of(card: Card) -> int:
    return SORT_KEYS[card.index]


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted hand with `card` in its place, after its equals."""
    return insert_by_key(hand, card, SORT_KEYS)


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """`sorted_cards` by the index tables (no hashing of cards)."""
    return tuple(sorted(cards, key=_key_of))


def _meld_order(pool: Sequence[Card]) -> tuple[Card, ...]:
    """A meld's cards in order: its naturals sorted, then its wilds sorted."""
    wild = _IS_WILD
    naturals: list[Card] = []
    wilds: list[Card] = []
    for c in pool:
        (wilds if wild[c.index] else naturals).append(c)
    return _sorted(naturals) + _sorted(wilds)


def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """The hand without `cards` (one copy each, all in it), matched by index (no card
    comparisons)."""
    for c in cards:
        i = c.index
        at = 0
        while hand[at].index != i:
            at += 1
        hand = hand[:at] + hand[at + 1 :]
    return hand


def _meld_index(melds: tuple[tuple[Card, ...], ...], rank: Rank) -> int:
    for i, m in enumerate(melds):
        if m[0].rank is rank:
            return i
    return -1


def _natural_rank(cards: Sequence[Card]) -> Rank:
    """The rank of the first natural among `cards` (a meld's rank)."""
    wild = _IS_WILD
    for c in cards:
        if not wild[c.index]:
            return c.rank
    raise ValueError("a meld needs a natural card")


def _with_meld(melds: tuple[tuple[Card, ...], ...], cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """The side's melds with `cards` joined to the meld of their rank (or a new meld)."""
    rank = _natural_rank(cards)
    at = _meld_index(melds, rank)
    if at >= 0:
        return (*melds[:at], _meld_order((*melds[at], *cards)), *melds[at + 1 :])
    # A new meld goes in rank order (one meld per rank).
    r, rank_of = int(rank), _RANK_INT
    at = 0
    while at < len(melds) and rank_of[melds[at][0].index] < r:
        at += 1
    return (*melds[:at], _meld_order(cards), *melds[at:])


def _onto(melds: tuple[tuple[Card, ...], ...], card: Card, rank: Rank) -> tuple[tuple[Card, ...], ...]:
    """The side's melds with `card` added to the meld of `rank`, kept in meld order."""
    at = _meld_index(melds, rank)
    meld = melds[at]
    wild = _IS_WILD
    naturals = len(meld)
    while wild[meld[naturals - 1].index]:
        naturals -= 1
    if wild[card.index]:  # after the equal cards of its part (naturals, then wilds)
        grown = meld[:naturals] + insert_by_key(meld[naturals:], card, SORT_KEYS)
    else:
        grown = insert_by_key(meld[:naturals], card, SORT_KEYS) + meld[naturals:]
    return (*melds[:at], grown, *melds[at + 1 :])


def _joined(
    melds: tuple[tuple[Card, ...], ...], cards: Sequence[Card], onto: Rank | None = None
) -> tuple[tuple[Card, ...], ...]:
    """`melds` with `cards` laid onto the meld of `onto` (None: of their natural's rank, else a new
    meld of `cards` as given, a natural first), the cards left unsorted. For the checks of the
    legal moves alone: all they read of melds is each meld's first card (a natural), its size and
    its wilds, so they skip the sorting `_with_meld` and `_onto` do for a real state (the test
    suite checks the two agree)."""
    at = _meld_index(melds, _natural_rank(cards) if onto is None else onto)
    if at < 0:
        return (*melds, tuple(cards))
    return (*melds[:at], (*melds[at], *cards), *melds[at + 1 :])


def _has_canasta(melds: tuple[tuple[Card, ...], ...]) -> bool:
    for m in melds:
        if len(m) >= CANASTA_SIZE:
            return True
    return False


def _wilds_in(meld: Sequence[Card]) -> int:
    return sum(1 for c in meld if c.rank is _TWO or c.rank is _JOKER)


def _wild_room(meld: Sequence[Card]) -> bool:
    """The meld holds fewer than three wilds (they are its last cards)."""
    return len(meld) < 3 or not _IS_WILD[meld[-MAX_WILDS].index]


def _max_count(
    cards: Sequence[Card], melds: tuple[tuple[Card, ...], ...]
) -> tuple[int, int, list[int], bool, int]:
    """The most points the cards could add to the side's melds this turn: every natural of a
    rank the side has melded or holds three of, the best pairs that a wild can complete, and as
    many wilds as the melds have room for. Also how many cards that uses, and the points of the
    used cards that could be kept back without spoiling any of those melds (naturals beyond a
    new meld's third, naturals for melds already down, wilds beyond those the pairs need), whether
    every wild is placed, and the wilds less the natural pairs (below 0: pairs left out)."""
    rank_of, pts = _RANK_INT, _PTS
    counts = [0] * 15
    wilds: list[int] = []
    for c in cards:
        r = rank_of[c.index]
        if r == 2 or r == 14:
            wilds.append(pts[c.index])
        else:
            counts[r] += 1
    return _plan(counts, wilds, melds)


def _plan(
    counts: list[int], wilds: list[int], melds: tuple[tuple[Card, ...], ...]
) -> tuple[int, int, list[int], bool, int]:
    """`_max_count` from the naturals counted by rank and the wilds' points."""
    rank_of, wild = _RANK_INT, _IS_WILD
    room = 0
    melded = [False] * 15
    for m in melds:
        r = rank_of[m[0].index]
        if r != 3:
            melded[r] = True
            room += MAX_WILDS
            for c in m:
                room -= wild[c.index]
    total = used = 0
    spares: list[int] = []
    pairs = []
    for r in _NATURAL_RANKS:
        k = counts[r]
        if not k:
            continue
        v = _RANK_BY_INT[r]
        if melded[r]:
            total += k * v
            used += k
            spares += [v] * k
        elif k >= 3:
            total += k * v
            used += k
            room += MAX_WILDS
            spares += [v] * (k - 3)
        elif k == 2:
            pairs.append(2 * v)
    n = min(len(pairs), len(wilds))
    if n:
        pairs.sort(reverse=True)
        total += sum(pairs[:n])
        used += 2 * n
        room += MAX_WILDS * n
    placed = min(len(wilds), room)
    if placed:
        wilds.sort(reverse=True)
        total += sum(wilds[:placed])
        used += placed
        spares += wilds[n:placed]
    return total, used, spares, placed == len(wilds), len(wilds) - len(pairs)


_RANK_BY_INT: Final = tuple(dict(CARD_POINTS.ranks).get(Rank(r), 0) if r else 0 for r in range(15))
"""A natural's points by its rank as a number."""


def _reachable(cards: Sequence[Card], melds: tuple[tuple[Card, ...], ...], keep: int) -> int:
    """A lower bound of the points the cards can still add to the melds this turn while `keep`
    cards stay in hand (exact in all but rare cases): the `_max_count` plan, less the cheapest
    cards it can spare, or failing that, the best plan without one card (tried card by card)."""
    best, used, spares, _, _ = _max_count(cards, melds)
    drop = keep - (len(cards) - used)
    if drop <= 0:
        return best
    if len(spares) >= drop:
        spares.sort()
        return best - sum(spares[:drop])
    # Keep back one card (each kind in turn), then the cheapest spare if one more must stay.
    low = 0
    seen = set()
    for c in cards:
        if c.index in seen:
            continue
        seen.add(c.index)
        rest = _remove(tuple(cards), (c,))
        best, used, spares, _, _ = _max_count(rest, melds)
        more = keep - 1 - (len(rest) - used)
        if more > len(spares):
            continue
        if more > 0:
            spares.sort()
            best -= sum(spares[:more])
        low = max(low, best)
    return low


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The moves of the seat to act (`only` None), or of seat `only` from what it sees."""
    phase, p = state.phase, state.player
    if phase is _ANSWER:
        partner = (p + 2) % PLAYERS
        return ANSWERS[partner] if only is None or only == partner else ()
    if only is not None and only != p:
        return ()
    if phase is _DRAW:
        return _legal_draw(state)
    if phase is _PLAY:
        return _legal_play(state)
    return ()


def _legal_draw(state: State) -> tuple[Move, ...]:
    p = state.player
    takes = _take_options(state, p)
    if state.stock:
        return (DRAW[p], *takes) if takes else _DRAW_ALONE[p]
    top = state.pile[-1]
    side = p & 1
    must = not state.frozen and state.opened[side] and state.sides[side].melded[_RANK_INT[top.index]]
    return takes if must else (*takes, END[p])


def _take_options(state: State, p: int) -> tuple[TakePile, ...]:
    """The ways seat `p` may take the pile now (none if it may not)."""
    pile = state.pile
    if not pile:
        return ()
    top = pile[-1]
    rank_of = _RANK_INT
    r = rank_of[top.index]
    if r == 2 or r == 3 or r == 14:
        return ()  # a wild or a black three on top: never
    hand = state.hands[p]
    if len(hand) == 1 and len(pile) == 1 and state.options.one_card_pile_rule:
        return ()
    side = p & 1
    opened = state.opened[side]
    frozen = state.frozen or (not opened and state.options.frozen_before_opening)
    naturals = []
    for c in hand:  # a plain loop: cheaper than a comprehension for a hand
        if rank_of[c.index] == r:
            naturals.append(c)
    if frozen and len(naturals) < 2:
        return ()
    melds = state.melds[side]
    onto = not frozen and state.sides[side].melded[r]
    out: list[TakePile] = []
    if onto:
        out.append(TAKE[p])
    if len(naturals) >= 2:
        out.append(_take_move(p, naturals[0], naturals[1]))
    if not frozen and not onto and naturals:
        if hand[-1].rank is _JOKER:  # jokers sort last
            out.append(_take_move(p, naturals[0], hand[-1]))
        for c in hand:  # the first two in hand order
            if rank_of[c.index] == 2:
                out.append(_take_move(p, naturals[0], c))
                break
    if not out:
        return ()
    rest = len(pile) - 1
    if state.frozen:  # red threes in the pile are laid out, not taken into the hand
        red = _IS_RED_THREE
        for c in pile:
            rest -= red[c.index]
    if opened and len(hand) + rest >= 4:
        return tuple(out)  # two cards or more stay in hand: nothing more to check
    kept: list[TakePile] = []
    for move in out:
        left = _remove(hand, move.cards)
        after = _joined(melds, (top, *move.cards))
        if len(left) + rest < 1 or (len(left) + rest == 1 and not _may_go_out(state, after)):
            continue
        if not opened:
            count = sum([_PTS[c.index] for c in (top, *move.cards)])
            need = minimum_now(state, side)
            if count < need and count + _reachable(left, after, max(0, 2 - rest)) < need:
                continue
        kept.append(move)
    return tuple(kept)


_TAKES: Final[dict[tuple[int, int, int], TakePile]] = {}
"""Pile-taking moves already built, by seat and card indices."""


def _take_move(p: int, a: Card, b: Card) -> TakePile:
    key = (p, a.index, b.index)
    move = _TAKES.get(key)
    if move is None:
        move = _TAKES[key] = TakePile(p, (a, b))
    return move


def _may_go_out(state: State, melds: tuple[tuple[Card, ...], ...]) -> bool:
    return state.permission is not _NO and _has_canasta(melds)


_DRAW_ALONE: Final = tuple((move,) for move in DRAW)
"""`_DRAW_ALONE[seat]`: the move list of a draw that cannot take the pile."""
_NATURAL_RANKS: Final = (1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
_RANKS: Final = tuple(Rank(r) for r in range(15))
"""`_RANKS[r]`: the `Rank` of rank number `r`."""
"""The ranks of natural melds (ace, four to king), in meld order."""


def _fits(state: State, cards: tuple[Card, ...], onto: Rank | None, need: int, *, sure: bool = False) -> bool:
    """C6 for a meld or an addition of `cards` by the player: afterwards the turn can still end
    (a card kept to discard, or going out), and an initial meld under way (`need` > 0) can still
    reach its minimum this turn (`sure`: the caller knows these cards follow a plan that does)."""
    p = state.player
    hand, melds = state.hands[p], state.melds[p & 1]
    left = len(hand) - len(cards)
    if need:
        count = state.turn_count
        for c in cards:
            count += _PTS[c.index]
        if count < need:
            if left == 0:
                return False
            if sure:
                return True
            after = _joined(melds, cards, onto)
            if count + _reachable(_remove(hand, cards), after, max(0, 2 - len(state.taken))) < need:
                return False
        else:
            left += len(state.taken)
    if left >= 2 or (state.last_turn and left >= 1):
        return True
    return _may_go_out(state, _joined(melds, cards, onto))


_MELDS: Final[dict[int, Meld]] = {}
"""Meld moves already built, by seat and card indices (a few hundred at most)."""


def _meld_move(p: int, cards: tuple[Card, Card, Card]) -> Meld:
    key = ((p * 128 + cards[0].index) * 128 + cards[1].index) * 128 + cards[2].index
    move = _MELDS.get(key)
    if move is None:
        move = _MELDS[key] = Meld(p, cards)
    return move


def _legal_play(state: State) -> tuple[Move, ...]:
    p = state.player
    side = p & 1
    hand = state.hands[p]
    melds = state.melds[side]
    opening = not state.opened[side]
    need = minimum_now(state, side) if opening else 0
    groups: list[list[Card]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
    rank_of = _RANK_INT
    row = DISCARD[p]
    discards: list[Move] = []
    several: list[int] = []
    last = -1
    for c in hand:
        i = c.index
        r = rank_of[i]
        group = groups[r]
        if group:  # a second card of the rank or more
            group.append(c)
            if len(group) == 2:
                several.append(r)
            if i == last:  # identical cards (two packs, side by side) give one discard
                continue
        else:
            group.append(c)
        discards.append(row[i])
        last = i
    jokers, twos, blacks = groups[14], groups[2], groups[3]
    joker = jokers[0] if jokers else None
    two = twos[0] if twos else None
    if len(several) > 1:
        several.sort()
    moves: list[Move] = []
    facts = state.sides[side]
    canasta = facts.canasta
    held = len(hand)
    turn = state.turn
    permission, last_turn = turn.permission, turn.last_turn
    if (
        canasta
        and permission is _NOT_ASKED
        and not turn.melded
        and not last_turn
        and held >= 2
        and not state.taken
        and state.options.ask_partner
    ):
        moves.append(ASK[p])
    # Without an initial meld under way, a meld or addition that leaves two cards is always fine.
    easy = (2 if last_turn else 3) if not opening else 99
    slack = wild_sure = pair_sure = False
    if opening and not melds and not any(r != 2 and r != 3 and r != 14 for r in several):
        several = []  # no natural pair and no meld yet: the initial meld cannot start this turn
    elif opening:
        # The best plan for the initial meld from here (`_max_count`). With cards to spare, moves
        # that keep to it leave it whole: a meld of three naturals of a rank holding three or
        # more; a natural added to a meld; with every wild placed and a wild for each pair, a
        # pair and a wild; with a wild to spare as well, a wild anywhere.
        keep = max(0, 2 - len(state.taken))
        counts = [0] * 15
        for r in range(15):
            counts[r] = len(groups[r])
        wild_points = []
        for c in (*jokers, *twos):
            wild_points.append(_PTS[c.index])
        best, used, _, every_wild, free_wilds = _plan(counts, wild_points, melds)
        slack = held - used >= keep
        pair_sure = slack and every_wild and free_wilds >= 0
        wild_sure = pair_sure and free_wilds >= 1
        if state.turn_count + (best if slack else _reachable(hand, melds, keep)) < need:
            several, blacks, joker, two = [], [], None, None  # no meld can be made at all
            groups = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
    melded, built = facts.melded, _MELDS
    roomy = held >= easy + 2  # a three-card meld leaves two cards or more
    for r in several:
        if r == 2 or r == 3 or r == 14 or melded[r]:
            continue
        group = groups[r]
        a, b = group[0], group[1]
        base = ((p * 128 + a.index) * 128 + b.index) * 128  # `_meld_move`'s key less the third card
        if roomy:  # every meld fits: the three naturals, the pair with a joker, with a two
            if len(group) >= 3:
                moves.append(built.get(base + group[2].index) or _meld_move(p, (a, b, group[2])))
            if joker is not None:
                moves.append(built.get(base + joker.index) or _meld_move(p, (a, b, joker)))
            if two is not None:
                moves.append(built.get(base + two.index) or _meld_move(p, (a, b, two)))
            continue
        if len(group) >= 3:
            cards = (a, b, group[2])
            if _fits(state, cards, None, need, sure=True):
                moves.append(built.get(base + group[2].index) or _meld_move(p, cards))
        sure = pair_sure if len(group) == 2 else wild_sure
        if joker is not None:
            cards = (a, b, joker)
            if _fits(state, cards, None, need, sure=sure):
                moves.append(built.get(base + joker.index) or _meld_move(p, cards))
        if two is not None:
            cards = (a, b, two)
            if _fits(state, cards, None, need, sure=sure):
                moves.append(built.get(base + two.index) or _meld_move(p, cards))
    if len(blacks) >= 3 and canasta and permission is not _NO and held - len(blacks) <= 1:
        count = state.turn_count + sum([_PTS[c.index] for c in blacks])
        if not opening or count >= need:
            moves.append(Meld(p, tuple(blacks)))
    add, wild_add, ranks = ADD[p], WILD_ADD[p], _RANKS
    by_joker = None if joker is None else wild_add[joker.index]
    by_two = None if two is None else wild_add[two.index]
    # An addition leaving `easy` cards or more always fits (see above).
    if held >= easy and by_joker is None and by_two is None:  # the commonest case: naturals only
        for r, _ in facts.adds:
            group = groups[r]
            if group:
                moves.append(add[group[0].index])
    elif held >= easy:
        for r, room in facts.adds:
            group = groups[r]
            if group:
                moves.append(add[group[0].index])
            if room:
                if by_joker is not None:
                    moves.append(by_joker[r])
                if by_two is not None:
                    moves.append(by_two[r])
    else:  # few cards left, or an initial meld under way: each addition is checked
        for r, room in facts.adds:
            group = groups[r]
            if group and _fits(state, (group[0],), ranks[r], need, sure=slack):
                moves.append(add[group[0].index])
            if room:
                if by_joker is not None and _fits(state, (by_joker[r].card,), ranks[r], need, sure=wild_sure):
                    moves.append(by_joker[r])
                if by_two is not None and _fits(state, (by_two[r].card,), ranks[r], need, sure=wild_sure):
                    moves.append(by_two[r])
    if not (opening and melds):
        if last_turn:
            moves.append(END[p])
        elif held >= 2:
            moves += discards
        elif _may_go_out(state, melds):
            moves.append(DISCARD[p][hand[0].index])
    return tuple(moves)


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    actor = (state.player + 2) % PLAYERS if state.phase is Phase.ANSWER else state.player
    if move.player != actor:
        return f"it is seat {actor}'s move"
    if isinstance(move, Answer):
        return "nobody asked to go out"
    if state.phase is Phase.ANSWER:
        return "the partner must answer first"
    if isinstance(move, (DrawStock, TakePile)) and state.phase is not Phase.DRAW:
        return "draw once, at the start of the turn"
    if isinstance(move, DrawStock):
        return "the stock is exhausted"
    if isinstance(move, TakePile):
        return _why_not_take(state, move)
    if state.phase is Phase.DRAW and not isinstance(move, EndHand):
        return "draw from the stock or take the pile first"
    if isinstance(move, EndHand):
        if state.phase is Phase.DRAW:
            return "the top card fits a meld of the side and the pile is not frozen: the pile must be taken"
        return "the hand ends only when the stock is gone"
    if isinstance(move, AskPartner):
        if not state.options.ask_partner:
            return "asking the partner is off in these options"
        if not _has_canasta(state.melds[move.player & 1]):
            return "the side has no canasta, so it cannot go out"
        return "ask once, after drawing and before melding"
    side = move.player & 1
    opening = not state.opened[side]
    cards = move.cards if isinstance(move, Meld) else (move.card,)
    hand = list(state.hands[move.player])
    for c in cards:
        if c not in hand:
            return f"{c} is not in the hand"
        hand.remove(c)
    if isinstance(move, Discard):
        if state.last_turn:
            return "the last stock card was a red three: no discard, meld or end the hand"
        if opening and state.melds[side]:
            return f"the initial meld counts {state.turn_count}, less than the {minimum_now(state, side)} needed"
        if not hand:
            return "going out needs a canasta of the side (and the partner's yes if asked)"
        return "not a discard now"
    if isinstance(move, Meld):
        ranks = {c.rank for c in cards if not is_wild(c)}
        if len(ranks) != 1:
            return "a meld is of one rank"
        rank = next(iter(ranks))
        if rank is _THREE:
            return "black threes are melded, three or four and no wild, only when going out"
        if _meld_index(state.melds[side], rank) >= 0:
            return f"the side already has a meld of that rank: add to it"
        if sum(1 for c in cards if not is_wild(c)) < MIN_NATURALS:
            return "a meld needs at least two natural cards"
        if len(cards) != 3:
            return "a new meld is laid as three cards (two naturals and a wild at most); add more one by one"
    if isinstance(move, AddCard):
        at = _meld_index(state.melds[side], move.onto)
        if at < 0:
            return "the side has no meld of that rank"
        if is_wild(move.card) and _wilds_in(state.melds[side][at]) >= MAX_WILDS:
            return "a meld holds at most three wild cards"
        if not is_wild(move.card) and move.card.rank is not move.onto:
            return "a natural card joins the meld of its own rank"
    if opening:
        return f"the initial meld could not reach {minimum_now(state, side)} this turn"
    return "a player keeps a card to discard unless going out (which needs a canasta)"


def _why_not_take(state: State, move: TakePile) -> str:
    if not state.pile:
        return "the pile is empty"
    top = state.pile[-1]
    if is_wild(top):
        return "a wild card on top: the pile cannot be taken"
    if is_black_three(top):
        return "a black three on top blocks the pile"
    side = move.player & 1
    if state.frozen or (not state.opened[side] and state.options.frozen_before_opening):
        why = "frozen" if state.frozen else "frozen for a side without its initial meld"
        return f"the pile is {why}: it takes a natural pair of {top.rank} from the hand"
    return f"the top card {top} must be melded at once with cards from the hand or onto a meld of the side"


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _apply_meld_move(state: State, move: Meld) -> State:
    p, cards = move.player, move.cards
    melds = _with_meld(state.melds[p & 1], cards)
    sides = _with_side(state.sides, p & 1, melds)
    return _apply_meld(state, p, cards, melds, (_EVENT(_MELDS_KIND, p, cards, (), "", False),), sides)


def _apply_add(state: State, move: AddCard) -> State:
    p, card, onto = move.player, move.card, move.onto
    side = p & 1
    melds = _onto(state.melds[side], card, onto)
    if card.rank is onto:
        sides = _with_natural(state.sides, side, melds[_meld_index(melds, onto)])
    else:
        sides = _with_side(state.sides, side, melds)
    return _apply_meld(state, p, (card,), melds, ADD_EVENTS[p][card.index], sides)


_ASK_EVENTS: Final = tuple(
    (Event(EventKind.CHOOSES, player=p, label="asks partner to go out"),) for p in range(PLAYERS)
)
"""`_ASK_EVENTS[seat]`, and `_ANSWER_EVENTS[seat][yes]`: the events of asking and answering."""
_ANSWER_EVENTS: Final = tuple(
    {yes: (Event(EventKind.CHOOSES, player=p, label="yes" if yes else "no"),) for yes in (True, False)}
    for p in range(PLAYERS)
)


def _apply_ask(state: State, move: AskPartner) -> State:
    return _next(state, _ASK_EVENTS[move.player], phase=Phase.ANSWER)


def _apply_answer(state: State, move: Answer) -> State:
    told = _ANSWER_EVENTS[move.player][move.yes]
    t = state.turn
    said = Permission.YES if move.yes else Permission.NO
    return _next(state, told, phase=Phase.PLAY, turn=_TURN(t.count, t.opened, t.melded, said, t.last_turn))


def _apply_end(state: State, move: EndHand) -> State:
    return _end_hand(state, None, (Event(EventKind.PASSES, player=move.player),))


def _draw_red_threes(
    hand: tuple[Card, ...], stock: tuple[Card, ...], threes: tuple[Card, ...], p: int, events: list[Event]
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], bool]:
    """Lays out the red threes of `hand` and draws a replacement for each (again for a red
    three drawn); returns the hand, stock, red threes and whether the stock ran out first."""
    red = _IS_RED_THREE
    while True:
        reds = [c for c in hand if red[c.index]]
        if not reds:
            return hand, stock, threes, False
        hand = _remove(hand, reds)
        threes = (*threes, *reds)
        events.append(Event(EventKind.PLAYS, player=p, cards=tuple(reds), label="red three"))
        for _ in reds:
            if not stock:
                return hand, stock, threes, True
            card, stock = stock[0], stock[1:]
            events.append(Event(EventKind.DRAWS, player=p, cards=(card,), private=True))
            hand = _insert(hand, card)


def _apply_draw(state: State, move: DrawStock) -> State:
    p = move.player
    card = state.stock[0]
    hands = list(state.hands)
    hands[p] = _insert(hands[p], card)
    told: tuple[Event, ...] = DRAW_EVENTS[p][card.index]
    stock, threes, ran_out = state.stock[1:], state.red_threes, False
    if _IS_RED_THREE[card.index]:
        side = p & 1
        events = list(told)
        hands[p], stock, mine, ran_out = _draw_red_threes(hands[p], stock, threes[side], p, events)
        threes = replace_at(threes, side, mine)
        told = tuple(events)
    after = _BUILD(
        state.options, state.hand, state.rng, None, told, state.dealer, _PLAY, p, tuple(hands), stock,
        state.pile, (), state.frozen, state.melds, threes, state.opened, _LAST if ran_out else _FRESH, state.scores,
    )  # fmt: skip
    return _ready(after, state.sides, _legal_play)


def _apply_take(state: State, move: TakePile) -> State:
    p, cards = move.player, move.cards
    side = p & 1
    pile = state.pile
    top, rest = pile[-1], pile[:-1]
    hand = _remove(state.hands[p], cards) if cards else state.hands[p]
    before = state.melds[side]
    melds = _with_meld(before, (top, *cards)) if cards else _onto(before, top, top.rank)
    reds: tuple[Card, ...] = ()
    if state.frozen:  # only a frozen pile can hold a red three (turned up at the deal)
        red = _IS_RED_THREE
        reds = tuple(c for c in rest if red[c.index])
        if reds:
            rest = tuple(c for c in rest if not red[c.index])
    # The pile was face up: the event names its top card and counts the cards taken.
    kind = _LAYS_OFF_KIND if len(melds) == len(before) else _MELDS_KIND
    events: tuple[Event, ...] = (
        _EVENT(_TAKES_KIND, p, (top,), (len(pile),), "discard pile", False),
        _EVENT(kind, p, (top, *cards), (), "", False),
    )
    if reds:
        events += (Event(EventKind.PLAYS, player=p, cards=reds, label="red three"),)
    opened, turn, taken = state.opened, state.turn, rest
    if not opened[side]:
        count = turn.count + sum([_PTS[c.index] for c in (top, *cards)])
        opening = count >= minimum_now(state, side)
        if opening:
            opened = replace_at(opened, side, True)
        turn = _TURN(count, opening, turn.melded, turn.permission, turn.last_turn)
    if opened[side]:
        hand, taken = _sorted((*hand, *rest)), ()
    hands = list(state.hands)
    hands[p] = hand
    both = (melds, state.melds[1]) if side == 0 else (state.melds[0], melds)
    threes = state.red_threes
    if reds:
        threes = replace_at(threes, side, threes[side] + reds)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, _PLAY, p, tuple(hands), state.stock, (),
        taken, False, both, threes, opened, turn, state.scores,
    )  # fmt: skip
    if cards:
        sides = _with_side(state.sides, side, melds)
    else:  # the top card joined the meld of its rank
        sides = _with_natural(state.sides, side, melds[_meld_index(melds, top.rank)])
    return _ready(after, sides, _legal_play)


def _apply_meld(
    state: State,
    p: int,
    cards: tuple[Card, ...],
    melds: tuple[tuple[Card, ...], ...],
    events: tuple[Event, ...],
    sides: tuple[SideFacts, SideFacts],
) -> State:
    """The player lays `cards` from the hand, making the side's `melds` (facts `sides`)."""
    side = p & 1
    hand = _remove(state.hands[p], cards)
    turn = state.turn
    opened, taken = state.opened, state.taken
    if opened[side]:
        if not turn.melded:
            turn = _TURN(turn.count, turn.opened, True, turn.permission, turn.last_turn)
    else:
        count = turn.count + sum([_PTS[c.index] for c in cards])
        opening = count >= minimum_now(state, side)
        if opening:
            opened = replace_at(opened, side, True)
            events += (Event(EventKind.SCORES, player=p, numbers=(count,), label="initial meld"),)
            if taken:
                hand, taken = _sorted((*hand, *taken)), ()
        turn = _TURN(count, opening, True, turn.permission, turn.last_turn)
    hands = list(state.hands)
    hands[p] = hand
    both = (melds, state.melds[1]) if side == 0 else (state.melds[0], melds)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, state.phase, p, tuple(hands), state.stock,
        state.pile, taken, state.frozen, both, state.red_threes, opened, turn, state.scores,
    )  # fmt: skip
    if not hand and not taken:
        _SET_SIDES(after, sides)
        return _end_hand(after, side, (*events, Event(EventKind.GOES_OUT, player=p)), concealed=turn.opened)
    return _ready(after, sides, _legal_play)


def _apply_discard(state: State, move: Discard) -> State:
    p, card = move.player, move.card
    side = p & 1
    held = state.hands[p]
    at = bisect.bisect_left(held, SORT_KEYS[card.index], key=_key_of)  # sorted hand, one key per card
    hand = held[:at] + held[at + 1 :]
    hands = list(state.hands)  # a list and back: cheaper than slicing the tuple around a seat
    hands[p] = hand
    told = DISCARD_EVENTS[p][card.index]
    after = _BUILD(
        state.options, state.hand, state.rng, None, told, state.dealer, _DRAW, (p + 1) % PLAYERS,
        tuple(hands), state.stock, (*state.pile, card), (), state.frozen or _IS_WILD[card.index], state.melds,
        state.red_threes, state.opened, _FRESH, state.scores,
    )  # fmt: skip
    if not hand:
        _SET_SIDES(after, state.sides)
        return _end_hand(after, side, (*told, Event(EventKind.GOES_OUT, player=p)), concealed=state.turn_opened)
    if not after.stock:
        _SET_SIDES(after, state.sides)
        if not _take_options(after, after.player):
            note = Event(EventKind.NOTE, label="the stock is gone and the pile is not taken")
            return _end_hand(after, None, (*told, note))
    return _ready(after, state.sides, _legal_draw)



_APPLY: Final[dict[type, Callable[..., State]]] = {
    DrawStock: _apply_draw,
    TakePile: _apply_take,
    Meld: _apply_meld_move,
    AddCard: _apply_add,
    AskPartner: _apply_ask,
    Answer: _apply_answer,
    Discard: _apply_discard,
    EndHand: _apply_end,
}
"""Each move class's `_apply_<move>` (a lookup, not a chain of isinstance tests)."""

# ---------------------------------------------------------------------------------------------
# Dealing and the end of a hand


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    points: tuple[int, int],
    events: tuple[Event, ...],
) -> State:
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    first = (dealer + 1) % PLAYERS
    dealt, rest = deal(cards, players=PLAYERS, first=first, each=HAND_SIZE)
    pile = [rest[0]]
    at = 1
    while is_wild(pile[-1]) or is_red_three(pile[-1]):
        pile.append(rest[at])
        at += 1
    stock = rest[at:]
    told = [Event(EventKind.DEALS, player=dealer, numbers=(number,)), Event(EventKind.TURNS_UP, cards=tuple(pile))]
    hands = [_sorted(h) for h in dealt]
    threes: list[tuple[Card, ...]] = [(), ()]
    for i in range(PLAYERS):
        s = (first + i) % PLAYERS
        hands[s], stock, threes[s & 1], _ = _draw_red_threes(hands[s], stock, threes[s & 1], s, told)
    dealt_state = _BUILD(
        options, number, rng, None, (*events, *told), dealer, Phase.DRAW, first, tuple(hands), stock, tuple(pile),
        (), len(pile) > 1, ((), ()), (threes[0], threes[1]), (False, False), _FRESH, points,
    )  # fmt: skip
    return _ready(dealt_state, _NO_MELDS)


def hand_points(state: State, went_out: int | None, *, concealed: bool = False) -> tuple[int, int]:
    """Each side's score for the hand as it lies: `went_out` the side that went out (if any)."""
    a, b = (
        score_hand(
            melds=state.melds[t], red_threes=state.red_threes[t],
            left_in_hands=(*state.hands[t], *state.hands[t + 2], *(state.taken if state.player & 1 == t else ())),
            went_out=went_out == t, concealed=concealed and went_out == t,
        )
        for t in (0, 1)
    )  # fmt: skip
    return a, b


def _end_hand(state: State, went_out: int | None, told: tuple[Event, ...], *, concealed: bool = False) -> State:
    a, b = hand_points(state, went_out, concealed=concealed)
    totals = (state.scores[0] + a, state.scores[1] + b)
    events = (*told, Event(EventKind.HAND_SCORED, numbers=(a, b, a, b)))
    o = state.options
    if max(totals) >= o.target and totals[0] != totals[1]:
        win = 0 if totals[0] > totals[1] else 1
        events += (Event(EventKind.GAME_OVER, numbers=(win, win + 2)),)
        return _next(
            state, events, phase=Phase.OVER, player=win, taken=(), turn=_FRESH, scores=totals,
            hands=replace_at(state.hands, state.player, sorted_cards((*state.hands[state.player], *state.taken))),
        )  # fmt: skip
    assert state.rng is not None
    return _deal(o, state.hand + 1, (state.dealer + 1) % PLAYERS, state.rng, None, totals, events)

