"""10 Dime Rummy play: the `State`, zones, the public verbs, the phase helpers, dealing and
scoring. The package docstring (`parlour.games.ten_dime_rummy`) states the rules and the
readings chosen.
"""

from __future__ import annotations

import enum
import functools
from operator import attrgetter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from parlour.core.cards import SORT_KEYS, Card, Rank, cards_text, insert_by_key, sorted_cards
from parlour.core.contracts import Contract
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import (
    builder,
    cached_setter,
    checked_apply,
    evolver,
    moves_for,
    require_options,
    require_players,
)
from parlour.core.melds import (
    Meld,
    MeldKind,
    TableMeld,
    build_meld,
    build_table_meld,
    lay_off_credited,
    meld_readings,
    table_meld,
)
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.stock import refill_stock
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.ten_dime_rummy.moves import (
    _BUY,
    _BUY_BLIND_EVENTS,
    _BUY_EVENTS,
    _CARD_OF_INDEX,
    _DISCARD,
    _DISCARD_EVENTS,
    _DISPLAY,
    _DRAW,
    _DRAW_EVENTS,
    _GROUP_OF,
    _LAY_OFF,
    _MAKE_MELD,
    _PASS,
    _PASS_EVENTS,
    _RANK_NO,
    _THREES,
    MOVE_TYPES,
    Buy,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Pass,
)
from parlour.games.ten_dime_rummy.options import (
    _NATURAL_RANKS,
    CARD_POINTS,
    DEFAULT_PLAYERS,
    HAND_SIZE,
    MELD_RULES,
    MIN_SET,
    PLAYERS,
    ROUND_CONTRACTS,
    Options,
    contract_for,
    decks_for,
    pack_for,
)

if TYPE_CHECKING:
    from fractions import Fraction


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    DRAW = 1
    """`player` (= `turn`) draws from the stock or buys the top discard."""
    BUY = 2
    """The out-of-turn window: `player` buys the top discard or passes; `turn` has drawn."""
    PLAY = 3
    """`player` (= `turn`) lays the contract, more sets, lay-offs, and discards."""
    OVER = 4


_P_DRAW: Final = Phase.DRAW
_P_BUY: Final = Phase.BUY
_P_PLAY: Final = Phase.PLAY
"""The phases the hot paths test and set, bound once (an enum member read through its class
costs several global reads on Python 3.11)."""


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Hands are sorted; `stock[0]` is the top card, `discards[-1]` the top discard."""

    options: Options
    hand: int
    """The number of the round (1 to `options.rounds`), which picks the contract."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    dealer: int
    phase: Phase
    player: int
    """The seat to act (the seat asked in the buying window; a winner once OVER)."""
    turn: int
    """The seat whose turn it is."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    taken: tuple[Card, ...] = ()
    """The card `turn` bought this turn, held apart and public until the turn ends (it may be
    melded or laid off, but not discarded unless it is the last card)."""
    table: tuple[TableMeld, ...] = ()
    """The sets on the table in the order laid, each card credited to the seat that laid it."""
    made: tuple[bool, ...]
    """Whether each seat has laid its whole contract this round."""
    dimes: tuple[int, ...]
    """The dimes each seat still holds."""
    pot: int
    """The dimes paid in for buys over the whole game."""
    turns: int
    """Turns begun this round (the first turn is 1)."""
    scores: tuple[int, ...]

    @functools.cached_property
    def slots(self) -> tuple[tuple[int, int], ...]:
        """For each table meld: its rank number and its naturals less its wilds (a wild may be
        laid off while this is positive). Derived from `table`; the play loop hands it on."""
        return tuple(_slot(tm.meld) for tm in self.table)

    @functools.cached_property
    def targets(self) -> tuple[tuple[int, ...], int]:
        """Lay-off targets derived from `slots`: by rank number, the first table set of that
        rank (-1: none), and the first set a wild may still go on (-1: none). Handed on while
        the table stays."""
        return _targets(self.slots)

    @functools.cached_property
    def _groups(self) -> list[list[Card]]:
        """The cards `player` can play (hand and bought card) by `_GROUP_OF` slot, in hand
        order. Read-only once made: a meld or lay-off hands the next state a copy less the
        cards played (copying only the slots that change) instead of sorting the cards again."""
        return _group(self.hands[self.player], self.taken)

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """Every legal move in a real state; the viewer's alone in a view."""
        if self.rng is not None:
            return _legal(self, None)
        return () if self.viewer is None else _legal(self, self.viewer)


_BUILD: Final = builder(State)
_EVOLVE: Final = evolver(State)
_SET_SLOTS: Final = cached_setter(State, "slots")
_SET_TARGETS: Final = cached_setter(State, "targets")
_SET_LEGAL: Final = cached_setter(State, "legal")
_SET_GROUPS: Final = cached_setter(State, "_groups")
_EVENT: Final = builder(Event)
"""`Event(kind, player, cards, numbers, label, private)` for the play loop."""
_MELDS: Final = EventKind.MELDS
_LAYS_OFF: Final = EventKind.LAYS_OFF
_SET: Final = MeldKind.SET


def _slot(meld: Meld) -> tuple[int, int]:
    """A table set's rank number and how many more naturals than wilds it holds."""
    rank = meld.rank
    tame = 0
    for c in meld.cards:
        if c.rank is rank:
            tame += 1
    return (0 if rank is None else int(rank), tame - (len(meld.cards) - tame))


def _targets(slots: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], int]:
    """`State.targets` from the table's slots."""
    by_rank = [-1] * 15
    wild = -1
    for i, (rank, margin) in enumerate(slots):
        if by_rank[rank] < 0:
            by_rank[rank] = i
        if margin > 0 and wild < 0:
            wild = i
    return tuple(by_rank), wild


def _carry(new: State, old: State) -> None:
    """Fills `new`'s table slots and lay-off targets from `old` (the same table). The caller
    then fills `new`'s legal moves for the one phase it leads to, as `_legal` would (a real
    state's moves are always read next; filling the slot skips the slower first read of an
    empty cached property)."""
    _SET_SLOTS(new, old.slots)
    _SET_TARGETS(new, old.targets)

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
)
"""Hands seen by their owners, the stock by nobody; the pile, the card bought this turn and
the table by everyone."""


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
    """The first round. `deck` fixes its deal (top card first; the whole pack for the player
    count); `dealer` fixes the first dealer (drawn from the seed otherwise)."""
    options = require_options("ten_dime_rummy", options, Options)
    n = require_players("ten_dime_rummy", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    start = _BUILD(
        options, 1, rng, None, (), dealer, Phase.DRAW, dealer, dealer, ((),) * n, (), (), (), (),
        (False,) * n, (options.dimes,) * n, 0, 1, (0,) * n,
    )  # fmt: skip
    return _deal(start, 1, dealer, rng, deck, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (on a view, the viewer's). Drawing: "draw stock",
    then "buy". In the window: "buy", then "pass". Playing: sets (contract sets while the
    contract is unmade; by rank, ace first, fewest wilds first), lay-offs (by meld number,
    then natural, joker, two), discards in hand order."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The running totals (table less hand, summed over the rounds scored)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seats with the highest total once the game is over (they share the pot)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return _top_seats(state.scores)


def _top_seats(scores: Sequence[int]) -> frozenset[int]:
    """The seats with the highest total."""
    top = max(scores)
    return frozenset(s for s, v in enumerate(scores) if v == top)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the stock hidden, counts kept."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "buy 7H", "pass", "meld 7C 7D 2S", "lay off 7H on 2" or "discard QS"
    (of seat `player`, or of the seat of a "1: ..." prefix). Suits never matter, so a discard
    or lay-off naming another card of the rank the legal move names (another two, for a two)
    reads as that move: "discard 7H" is "discard 7C" when that is the seven offered."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = body.lower().split()
        if words[:1] == ["discard"] and len(words) == 2:
            wanted, meld = words[1], None
        elif words[:2] == ["lay", "off"] and len(words) == 5 and words[3] == "on" and words[4].isdigit():
            wanted, meld = words[2], int(words[4])
        else:
            raise
        try:
            card = Card.parse(wanted)
        except ValueError:
            raise NotationError(f"not a card: {wanted!r}") from None
        for move in legal:
            if (
                isinstance(move, (Discard, LayOff))
                and move.card.rank is card.rank
                and (meld is None) == isinstance(move, Discard)
                and (meld is None or isinstance(move, LayOff) and move.meld == meld)
                and (seat is None or move.player == seat)
            ):
                return move
        raise
        try:
            card = Card.parse(words[1] if words[0] == "discard" else words[2])
        except ValueError:
            raise NotationError(f"not a card: {text!r}") from None
        for move in legal:
            if isinstance(move, (Discard, LayOff)) and move.card.rank is card.rank and (player is None or move.player == player):
                same = _DISCARD[move.player][card.index] if isinstance(move, Discard) else None
                if same is not None and text.split(":")[-1].split() == str(same).split():
                    return move
                if isinstance(move, LayOff) and " ".join(words) == f"lay off {card} on {move.meld}":
                    return move
        raise


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see dealt afresh among their places."""
    return zone_shuffle(state, player, seed, ZONES)


def table_points(table: Sequence[TableMeld], players: int) -> tuple[int, ...]:
    """Each seat's points on the table: every card counted for the seat credited with it.

    >>> from parlour.core.cards import parse_cards
    >>> kings = table_meld(Meld(MeldKind.SET, parse_cards("KC KD KS JK"), rank=Rank.KING), 0)
    >>> table_points((kings,), 2)
    (80, 0)
    """
    out = [0] * players
    value = _POINTS.__getitem__
    for tm in table:  # sets only, so every card counts its own points (`credited_points`)
        credit = tm.credit
        who = credit[0]
        if credit.count(who) == len(credit):  # one seat laid the whole set: summed in C
            out[who] += sum(map(value, map(_INDEX, tm.meld.cards)))
        else:
            for who, card in zip(credit, tm.meld.cards):
                out[who] += value(card.index)
    return tuple(out)


def hand_points(cards: Sequence[Card]) -> int:
    """The points of cards left in hand (they count against their holder).

    >>> from parlour.core.cards import parse_cards
    >>> hand_points(parse_cards("AS 5D 2C JK"))
    100
    """
    return sum(map(_POINTS.__getitem__, map(_INDEX, cards)))


_INDEX: Final = attrgetter("index")
"""`card.index`, read in C by `map` (for sums of points)."""
_POINTS: Final = tuple(CARD_POINTS.points(_CARD_OF_INDEX[i]) if i in _CARD_OF_INDEX else 0 for i in range(80))
"""By `card.index`: the card's points (`CARD_POINTS`), for scoring a round in plain loops."""


def can_meet(cards: Sequence[Card], contract: Contract, *, keep: int = 0, distinct: bool = False) -> bool:
    """True if the cards can lay `contract` (sets only, naturals >= wilds) and still keep
    `keep` cards; `distinct` asks for sets of different ranks. Counting only, so fast.

    >>> from parlour.core.cards import parse_cards
    >>> can_meet(parse_cards("7C 7D 2S JK QH QS QD 2H 9C"), ROUND_CONTRACTS[3])
    True
    >>> can_meet(parse_cards("7C 2D 2S JK QH QS QD 2H 9C"), ROUND_CONTRACTS[3])
    False
    """
    counts = [0] * 15
    wilds = 0
    for c in cards:
        if c.rank is Rank.JOKER or c.rank is Rank.TWO:
            wilds += 1
        else:
            counts[c.rank] += 1
    lengths = tuple(need.length for need in contract.needs)
    if len(cards) - sum(lengths) < keep:
        return False
    return _fillable(counts, wilds, lengths, distinct, ())


def pot_shares(state: State) -> tuple[Fraction, ...]:
    """Each seat's share of the pot once the game is over (equal top totals split it).

    >>> import attrs
    >>> over = attrs.evolve(new_game(3, seed=1), phase=Phase.OVER, pot=6, scores=(40, 40, 10))
    >>> [str(x) for x in pot_shares(over)]
    ['3', '3', '0']
    """
    return _shares(state.pot, winners(state), len(state.hands))


def _shares(pot: int, won: frozenset[int], players: int) -> tuple[Fraction, ...]:
    """`pot_shares` of a game won by the seats `won`."""
    from fractions import Fraction  # here, not at import: it loads decimal (about 5 ms)

    if not won:
        return (Fraction(0),) * players
    return tuple(Fraction(pot, len(won)) if s in won else Fraction(0) for s in range(players))


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    n = len(state.hands)
    o = state.options
    if n not in PLAYERS:
        raise ValueError(f"ten_dime_rummy is played by 2 to 10 players, not {n}")
    for name, seat in (("dealer", state.dealer), ("player", state.player), ("turn", state.turn)):
        check_seat(name, seat, n)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if not 1 <= state.hand <= o.rounds:
        raise ValueError(f"round {state.hand} is outside 1..{o.rounds}")
    if not 1 <= state.turns <= o.max_turns:
        raise ValueError("the turn count is outside 1..max_turns")
    if state.rng is not None:
        Rng.check(state.rng)
    if not len(state.scores) == len(state.made) == len(state.dimes) == n:
        raise ValueError("scores, contract flags and dimes need one entry per seat")
    if any(not 0 <= d <= o.dimes for d in state.dimes) or state.pot != o.dimes * n - sum(state.dimes):
        raise ValueError("the dimes held and the pot must add up to the dimes brought")
    check_zones("ten_dime_rummy", state, ZONES, pack_for(decks_for(n, o)))
    for s, held in enumerate(state.hands):
        if not any(c.is_hidden for c in held) and held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    contract = contract_for(state.hand)
    owned = [0] * n
    for i, tm in enumerate(state.table):
        meld = tm.meld
        if (
            meld.kind is not MeldKind.SET
            or len(tm.credit) != len(meld.cards)
            or meld not in meld_readings(meld.cards, MELD_RULES)  # a set in display order
        ):
            raise ValueError(f"table meld {i} is not a valid set with one credit per card")
        for who in (tm.owner, *tm.credit):
            check_seat(f"table meld {i}'s seat", who, n)
            if not state.made[who] and not (who == state.turn and state.phase is Phase.PLAY):
                raise ValueError(f"seat {who} has cards on the table but has not made the contract")
        owned[tm.owner] += 1
    for s in range(n):
        if state.made[s] and owned[s] < len(contract.needs):
            raise ValueError(f"seat {s} counts as having made the contract with too few sets")
        if not state.made[s] and owned[s] and (s != state.turn or owned[s] >= len(contract.needs)):
            raise ValueError(f"seat {s} has an unfinished contract outside its turn")
        if not state.made[s] and any(c != state.turn for tm in state.table for c in tm.credit if tm.owner == s):
            raise ValueError(f"seat {s}'s contract sets hold cards of other seats")
    _check_phase(state, n)


def _check_phase(state: State, n: int) -> None:
    phase, p, t = state.phase, state.player, state.turn
    if state.taken and (phase is not Phase.PLAY or len(state.taken) > 1):
        raise ValueError("at most one bought card is held apart, and only during a turn's play")
    if phase in (Phase.DRAW, Phase.PLAY) and p != t:
        raise ValueError("the seat to act is the seat whose turn it is")
    if phase is Phase.OVER:
        if state.hand != state.options.rounds or p not in winners(state):
            raise ValueError("the game is over only after the last round, with a winner to act")
        return
    if phase is Phase.DRAW and not state.stock:
        raise ValueError("a turn starts only with a card in the stock")
    if phase is Phase.BUY:
        if not state.options.buy_out_of_turn or p in (t, (t - 1) % n) or not state.dimes[p] or not state.discards:
            raise ValueError("the buying window asks a seat with a dime, other than the discarder and the turn")
    for s, held in enumerate(state.hands):
        if not held and not (phase is Phase.PLAY and s == t and state.taken):
            raise ValueError(f"seat {s} holds no card: the round should have ended")


# ---------------------------------------------------------------------------------------------
# Phases


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    p = state.player
    if only is not None and only != p:
        return ()
    phase = state.phase
    if phase is _P_DRAW:
        if state.dimes[p] and state.discards:
            return (_DRAW[p], _BUY[p][state.discards[-1].index])
        return (_DRAW[p],)
    if phase is _P_BUY:
        return (_BUY[p][state.discards[-1].index], _PASS[p])
    if phase is _P_PLAY:
        return _legal_play(state, p)
    return ()


def _can_go_out(state: State) -> bool:
    """Every other seat has finished a turn this round (the book: "if everybody has had at
    least one play")."""
    return state.turns >= len(state.hands)


def _fillable(counts: Sequence[int], wilds: int, lengths: Sequence[int], distinct: bool, banned: Sequence[int]) -> bool:
    """The needs of `lengths` (sets of at least each length) can be met from the natural counts
    by rank and `wilds` wild cards, naturals >= wilds in each set, ranks `banned` excluded."""
    if not lengths:
        return True
    need = len(lengths)
    length = max(lengths)  # every contract of this game asks for sets of one size
    half = (length + 1) // 2
    inf = 1 << 30
    best = [0] + [inf] * need
    for r in _NATURAL_RANKS:
        c = counts[r]
        if c < half or r in banned:
            continue
        most = 1 if distinct else min(need, c // half)
        nxt = best[:]
        for j in range(1, most + 1):
            cost = j * length - min(c, j * length)
            for s in range(need - j + 1):
                if best[s] + cost < nxt[s + j]:
                    nxt[s + j] = best[s] + cost
        best = nxt
    return best[need] <= wilds


def _group(hand: tuple[Card, ...], taken: tuple[Card, ...]) -> list[list[Card]]:
    """`State._groups`: the hand and the bought card (in its display place) by slot."""
    groups: list[list[Card]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
    slot = _GROUP_OF
    for c in hand:
        groups[slot[c.index]].append(c)
    if taken:  # where `insert_by_key` would put it among the cards of its slot
        card = taken[0]
        same = groups[slot[card.index]]
        key = SORT_KEYS
        k = key[card.index]
        at = 0
        for c in same:
            if key[c.index] > k:
                break
            at += 1
        same.insert(at, card)
    return groups


def _without(groups: list[list[Card]], cards: Sequence[Card]) -> list[list[Card]]:
    """`groups` less one copy of each of `cards` (a new list; the slots that change copied)."""
    new = groups[:]
    for card in cards:
        g = _GROUP_OF[card.index]
        same = new[g]
        if same is groups[g]:
            same = new[g] = same[:]
        for at, c in enumerate(same):
            if c is card:
                break
        else:
            at = same.index(card)
        del same[at]
    return new


_NO_LAY_OFF: Final = (-1,) * 15
"""`State.targets`' first part when no lay-off may be offered: no rank has a target."""


def _legal_play(state: State, p: int, groups: list[list[Card]] | None = None) -> tuple[Move, ...]:
    """The play moves; `groups` is `state._groups` when the caller already has it. One pass
    over the ranks fills the three kinds of moves (new sets, lay-offs, discards), which are
    then offered in that order."""
    hand = state.hands[p]
    taken = state.taken
    size = len(hand) + len(taken)
    can_out = state.turns >= len(state.hands)  # every other seat has had a turn
    if groups is None:
        groups = _group(hand, taken)
    _SET_GROUPS(state, groups)
    twos, jokers = groups[2], groups[14]
    melds: list[Move] = []
    by_rank: tuple[int, ...] = _NO_LAY_OFF
    wild_target = -1
    # New sets need the turn to be able to end after them (C6): none left needs `can_out`,
    # else two cards are kept. A contract set of three asks the same.
    new_sets = can_out or size - MIN_SET >= 2
    contract_three = False
    if not state.made[p]:
        mine: list[Meld] = []  # plain loops: a comprehension costs more on lists this short
        for tm in state.table:
            if tm.owner == p:
                mine.append(tm.meld)
        if mine or _lengths(state.hand, 0) != _ONE_SET_OF_THREE:
            ranks: list[int] = []
            for r in _NATURAL_RANKS:
                if groups[r]:
                    ranks.append(r)
            melds = _contract_sets(state, p, mine, groups, ranks, twos, jokers, size, can_out)
            if mine:
                return tuple(melds)  # the contract is under way: finish it first
            new_sets = False
        else:
            # A contract of one set of three (round 1), nothing laid: `_contract_sets` would
            # offer, rank by rank, three naturals, then a pair with a two, then with a joker
            # (also beside three naturals): the new sets of the loop below, plus those pairs.
            contract_three = True
    elif (can_out or size >= 3) and state.table:
        by_rank, wild_target = state.targets
    # New sets are three naturals, or a pair and a wild (more are laid off after); lay-offs
    # go on the first set of the rank; one discard per rank (suits never matter), never the
    # bought card.
    three, lay, out = _THREES[p], _LAY_OFF[p], _DISCARD[p]
    two = twos[0].index if twos else -1
    joker = jokers[0].index if jokers else -1
    bought = taken[0].index if taken else -1
    lays: list[Move] = []
    outs: list[Move] = []
    for r in _NATURAL_RANKS:
        group = groups[r]
        if not group:
            continue
        i = group[0].index
        if new_sets:
            count = len(group)
            if count >= 2:
                pair = i << 14 | group[1].index << 7
                if count >= MIN_SET:
                    melds.append(three[pair | group[2].index])
                if count == 2 or contract_three:
                    if two >= 0:
                        melds.append(three[pair | two])
                    if joker >= 0:
                        melds.append(three[pair | joker])
        t = by_rank[r]
        if t >= 0:
            lays.append(lay[t << 7 | i])
        if i == bought and (len(group) == 1 or group[1].index != i):  # not the bought card
            i = next((c.index for c in group if c.index != bought), -1)
            if i < 0:
                continue
        outs.append(out[i])
    if wild_target >= 0:
        if joker >= 0:
            lays.append(lay[wild_target << 7 | joker])
        if two >= 0:
            lays.append(lay[wild_target << 7 | two])
    if size > 1 or can_out:
        for wild in (twos, jokers):
            if wild:
                i = wild[0].index
                if i == bought and (len(wild) == 1 or wild[1].index != i):
                    i = next((c.index for c in wild if c.index != bought), -1)
                    if i < 0:
                        continue
                outs.append(out[i])
        if not hand:  # only the bought card is left: it may go
            outs.append(out[bought])
    else:
        outs = []
    return (*melds, *lays, *outs)


def _contract_sets(
    state: State,
    p: int,
    mine: list[Meld],
    groups: list[list[Card]],
    ranks: list[int],
    twos: list[Card],
    jokers: list[Card],
    size: int,
    can_out: bool,
) -> list[Move]:
    """The next contract set: each offered only if the cards left can still make the rest of
    the contract and end the turn."""
    lengths = _lengths(state.hand, len(mine))
    distinct = state.options.distinct_ranks_in_contract
    banned = [int(m.rank) for m in mine if m.rank is not None] if distinct and mine else []
    wilds = len(twos) + len(jokers)
    length, later = lengths[0], lengths[1:]
    still = sum(later)
    half = (length + 1) // 2
    # At least `keep` cards must stay after the whole contract; then the turn can always end
    # (none left needs `can_out`, and without it at least two are kept: rules notes C6).
    keep = 0 if can_out else 2
    counts: list[int] = []
    moves: list[Move] = []
    if size - length - still < keep:
        return moves
    # Sets of three are the per-seat prebuilt moves: three naturals, or a pair and one wild, a
    # two before the joker (the order `_wild_sets` gives); longer sets are built card by card.
    three = _THREES[p]
    two = twos[0].index if twos else -1
    joker = jokers[0].index if jokers else -1
    wild_sets: tuple[tuple[tuple[int, int], ...], ...] = ()
    if length != MIN_SET:
        wild_sets = _WILD_SETS.get((len(twos), len(jokers), length - half)) or _wild_sets(
            len(twos), len(jokers), length - half
        )
        twos_t, jokers_t = tuple(twos), tuple(jokers)
    if later and not mine:
        # The whole contract first: most hands cannot make it, and then no set is tried.
        counts = []
        for cards in groups:
            counts.append(len(cards))
        if not _fillable(counts, wilds, lengths, distinct, banned):
            return moves
    for r in ranks:
        group = groups[r]
        count = len(group)
        if count < half or r in banned:
            continue
        for k in range(min(count, length), half - 1, -1):
            w = length - k
            if w > wilds:
                continue
            if later:
                if not counts:  # _fillable reads natural ranks only
                    for cards in groups:
                        counts.append(len(cards))
                counts[r] = count - k
                ok = _fillable(counts, wilds - w, later, distinct, [*banned, r] if distinct else banned)
                counts[r] = count
                if not ok:
                    continue
            if length == MIN_SET:
                pair = group[0].index << 14 | group[1].index << 7
                if not w:
                    moves.append(three[pair | group[2].index])
                else:
                    if two >= 0:
                        moves.append(three[pair | two])
                    if joker >= 0:
                        moves.append(three[pair | joker])
                continue
            picked = tuple(group[:k])
            for t, j in wild_sets[w]:
                moves.append(_MAKE_MELD(p, picked + twos_t[:t] + jokers_t[:j]))
    return moves


_LENGTHS: Final[dict[tuple[int, int], tuple[int, ...]]] = {}
"""The lengths of the contract sets still to lay, by (round, sets laid): a small table."""
_ONE_SET_OF_THREE: Final = (MIN_SET,)
"""`_lengths` of a contract of one set of three, which `_legal_play` offers in its own loop."""


def _lengths(round_: int, laid: int) -> tuple[int, ...]:
    """The lengths of the contract sets still to lay in round `round_` after `laid` of them."""
    lengths = _LENGTHS.get((round_, laid))
    if lengths is None:
        needs = contract_for(round_).needs[laid:]
        lengths = _LENGTHS[(round_, laid)] = tuple([need.length for need in needs])
    return lengths


_WILD_SETS: Final[dict[tuple[int, int, int], tuple[tuple[tuple[int, int], ...], ...]]] = {}
"""`_wild_sets` by (twos held, jokers held, most wilds a set takes): a small, bounded table."""


def _wild_sets(twos: int, jokers: int, most: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """By wilds needed `w` (0 to `most`): each split (twos, jokers) of `w` the hand can pay,
    fewest jokers first. Depends on the counts only, so it is worked out once per counts."""
    table = tuple(
        tuple((w - j, j) for j in range(max(0, w - twos), min(w, jokers) + 1)) for w in range(most + 1)
    )
    _WILD_SETS[(twos, jokers, most)] = table
    return table


def _why_illegal(state: State, move: Move) -> str:
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    if move.player != state.player:
        if phase is Phase.BUY:
            return f"seat {state.player} is asked whether to buy the discard now"
        return f"it is seat {state.player}'s turn"
    if phase is Phase.BUY:
        if isinstance(move, Buy):
            return f"only the top discard {state.discards[-1]} can be bought"
        return "the buying window is open: buy or pass"
    if phase is Phase.DRAW:
        if isinstance(move, Buy):
            if not state.dimes[move.player]:
                return "no dime left to buy with"
            if not state.discards:
                return "the discard pile is empty"
            return f"only the top discard {state.discards[-1]} can be bought"
        if isinstance(move, Pass):
            return "draw from the stock or buy the discard"
        return "draw first: draw stock or buy the top discard"
    if isinstance(move, (DrawStock, Buy, Pass)):
        return "draw once, at the start of the turn"
    p = move.player
    pool = (*state.taken, *state.hands[p])
    if isinstance(move, Discard):
        if move.card not in pool:
            return f"{move.card} is not in the hand"
        if move.card in state.taken and move.card not in state.hands[p]:
            return f"{move.card} was bought this turn and may not be discarded"
        if not state.made[p] and any(tm.owner == p for tm in state.table):
            return "finish laying the contract first"
        return "going out is allowed only once every other player has had a turn this round"
    if isinstance(move, (MakeMeld, LayOff)):
        cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
        left = list(pool)
        for c in cards:
            if c not in left:
                return f"{cards_text(cards)}: not all in the hand"
            left.remove(c)
        if isinstance(move, LayOff):
            if not state.made[p]:
                return "lay off only after laying the contract"
            if not 0 <= move.meld < len(state.table):
                return f"there is no table meld {move.meld}"
            if not lay_off_credited(state.table[move.meld], move.card, p, MELD_RULES):
                return f"{move.card} does not fit table meld {move.meld} (same rank; naturals >= wilds)"
            first = next((m for m in state.legal if isinstance(m, LayOff) and m.card.rank is move.card.rank), None)
            if first is not None:
                return f"{move.card} goes on the first set that takes it: {first}"
            return "the turn could not end: keep a card to discard"
        if not meld_readings(move.cards, MELD_RULES):
            return f"{cards_text(move.cards)} is not a set of one rank with naturals >= wilds"
        if not state.made[p]:
            contract = contract_for(state.hand)
            return f"not a set for the contract ({contract}) that leaves a way to finish it and end the turn"
        return "not offered: new sets are 3 cards or all the naturals of a rank, and the turn must be able to end"
    return "not a move of this moment"


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _insert_all(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """`held` with each of `cards` put in its place after any equal cards (a buy brings three)."""
    for card in cards:
        held = insert_by_key(held, card, SORT_KEYS)
    return held


def _window_seat(state: State, t: int, after: int) -> int | None:
    """The next seat asked to buy the discard, going round from `after`'s left and stopping
    at the discarder (the seat before `t`); only seats with a dime are asked."""
    if not state.options.buy_out_of_turn or not state.discards:
        return None
    n = len(state.hands)
    discarder = (t - 1) % n
    seat = (after + 1) % n
    dimes = state.dimes
    while seat != discarder and seat != t:
        if dimes[seat]:
            return seat
        seat = (seat + 1) % n
    return None


def _apply_draw(state: State, move: DrawStock) -> State:
    p = move.player
    card = state.stock[0]
    hands = replace_at(state.hands, p, insert_by_key(state.hands[p], card, SORT_KEYS))
    asked = _window_seat(state, p, p)
    phase, player = (_P_PLAY, p) if asked is None else (_P_BUY, asked)
    new = _BUILD(
        state.options, state.hand, state.rng, None, _DRAW_EVENTS[p][card.index], state.dealer, phase, player, p,
        hands, state.stock[1:], state.discards, (), state.table, state.made, state.dimes, state.pot, state.turns,
        state.scores,
    )  # fmt: skip
    _carry(new, state)
    _SET_LEGAL(new, _legal_play(new, p) if asked is None else (_BUY[asked][state.discards[-1].index], _PASS[asked]))
    return new


def _apply_buy(state: State, move: Buy) -> State:
    p = move.player
    card = state.discards[-1]
    o = state.options
    own_turn = state.phase is _P_DRAW
    need = o.buy_extra_cards + (1 if own_turn and not o.buy_replaces_draw else 0)
    assert state.rng is not None
    # In turn the card stays in sight, held apart; out of turn it joins a hidden hand (the
    # move named it, and the event says only that the top discard was bought).
    events: tuple[Event, ...] = _BUY_EVENTS[p][card.index] if own_turn else _BUY_BLIND_EVENTS[p]
    stock, pile, rng = state.stock, state.discards[:-1], state.rng
    if len(stock) < need:
        refill = refill_stock(stock, pile, rng, need=need, keep=1)
        stock, pile, rng = refill.stock, refill.discards, refill.rng
        events += refill.events
    extra = stock[:need]
    drawn = _DRAW_EVENTS[p]
    for c in extra:
        events += drawn[c.index]
    taken: tuple[Card, ...] = ()
    if own_turn:
        taken = (card,)
        held = _insert_all(state.hands[p], extra)
    else:
        held = _insert_all(state.hands[p], (*extra, card))
    new = _BUILD(
        o, state.hand, rng, None, events, state.dealer, _P_PLAY, state.turn, state.turn,
        replace_at(state.hands, p, held), stock[len(extra) :], pile, taken, state.table, state.made,
        replace_at(state.dimes, p, state.dimes[p] - 1), state.pot + 1, state.turns, state.scores,
    )  # fmt: skip
    _carry(new, state)
    _SET_LEGAL(new, _legal_play(new, state.turn))
    return new


def _apply_pass(state: State, move: Pass) -> State:
    t = state.turn
    asked = _window_seat(state, t, move.player)
    phase, player = (_P_PLAY, t) if asked is None else (_P_BUY, asked)
    new = _BUILD(
        state.options, state.hand, state.rng, None, _PASS_EVENTS[move.player], state.dealer, phase, player, t,
        state.hands, state.stock, state.discards, state.taken, state.table, state.made, state.dimes, state.pot,
        state.turns, state.scores,
    )  # fmt: skip
    _carry(new, state)
    _SET_LEGAL(new, _legal_play(new, t) if asked is None else (_BUY[asked][state.discards[-1].index], _PASS[asked]))
    return new


def _take_out(state: State, p: int, cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hand and the held-apart card without `cards` (the bought card used first)."""
    hand = state.hands[p]
    taken = state.taken
    for c in cards:
        if taken and taken[0].index == c.index:  # equal cards share an index (`==` is Python-level)
            taken = ()
            continue
        at = 0
        for h in hand:
            if h is c:
                break
            at += 1
        else:
            at = hand.index(c)
        hand = hand[:at] + hand[at + 1 :]
    return hand, taken


def _after_play(
    state: State,
    p: int,
    hand: tuple[Card, ...],
    taken: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    made: tuple[bool, ...],
    events: tuple[Event, ...],
    slots: tuple[tuple[int, int], ...],
    targets: tuple[tuple[int, ...], int],
    played: Sequence[Card],
) -> State:
    """The state after a meld or lay-off by `p` of the cards `played` (the round ends when it
    played its last card); `slots` and `targets` are the new table's, updated by the caller
    for the one meld that changed."""
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, _P_PLAY, p, p,
        replace_at(state.hands, p, hand), state.stock, state.discards, taken, table, made, state.dimes,
        state.pot, state.turns, state.scores,
    )  # fmt: skip
    if not hand and not taken:
        return _end_round(new, (*events, Event(EventKind.GOES_OUT, player=p)))
    _SET_SLOTS(new, slots)
    _SET_TARGETS(new, targets)
    _SET_LEGAL(new, _legal_play(new, p, _without(state._groups, played)))
    return new


def _apply_meld(state: State, move: MakeMeld) -> State:
    p = move.player
    hand, taken = _take_out(state, p, move.cards)
    cards = move.cards
    rank = cards[0].rank  # a set starts with its naturals
    meld = build_meld(_SET, cards, rank, None, 0)
    at = len(state.table)
    table = (*state.table, build_table_meld(meld, p, (p,) * len(cards)))
    made = state.made
    if not made[p]:
        laid = 0
        for tm in table:
            if tm.owner == p:
                laid += 1
        if laid == len(contract_for(state.hand).needs):
            made = replace_at(made, p, True)
    event = (_EVENT(_MELDS, p, cards, (), "", False),)
    slot = _slot(meld)
    # `_targets` of the longer table: the new set is a rank's target if it is the first of its
    # rank, and the wilds' if no earlier set takes one.
    by_rank, wild = state.targets
    if by_rank[slot[0]] < 0:
        by_rank = replace_at(by_rank, slot[0], at)
    if wild < 0 and slot[1] > 0:
        wild = at
    return _after_play(state, p, hand, taken, table, made, event, (*state.slots, slot), (by_rank, wild), cards)


def _grow(target: TableMeld, card: Card, seat: int) -> TableMeld:
    """`target` with `card` laid off by `seat` and credited to it, kept in display order
    (naturals, then wilds): `core.melds.lay_off_credited` for a set, reordered."""
    meld = target.meld
    cards, credit = meld.cards, target.credit
    display = _DISPLAY
    k = display[card.index]
    at = 0
    for c in cards:  # after the cards that come before it or equal it
        if display[c.index] > k:
            break
        at += 1
    grown = build_meld(_SET, (*cards[:at], card, *cards[at:]), meld.rank, None, 0)
    return build_table_meld(grown, target.owner, (*credit[:at], seat, *credit[at:]))


def _apply_lay_off(state: State, move: LayOff) -> State:
    p = move.player
    hand, taken = _take_out(state, p, (move.card,))
    grown = _grow(state.table[move.meld], move.card, p)
    at = move.meld
    event = (_EVENT(_LAYS_OFF, p, (move.card,), (at,), "", False),)
    table = replace_at(state.table, at, grown)
    rank, margin = state.slots[at]
    margin += -1 if _RANK_NO[move.card.index] <= 0 else 1
    slots = replace_at(state.slots, at, (rank, margin))
    # `_targets` of the new slots: the ranks' targets stay; the wilds' target is the first
    # set with room, which only this set's new margin can change.
    by_rank, wild = targets = state.targets
    if margin > 0:
        if wild < 0 or at < wild:
            targets = (by_rank, at)
    elif wild == at:
        targets = _targets(slots)
    return _after_play(state, p, hand, taken, table, state.made, event, slots, targets, (move.card,))


def _apply_discard(state: State, move: Discard) -> State:
    p, card = move.player, move.card
    held = state.hands[p]
    if held:
        at = 0
        for c in held:
            if c is card:
                break
            at += 1
        else:
            at = held.index(card)
        held = held[:at] + held[at + 1 :]
        if state.taken:
            held = insert_by_key(held, state.taken[0], SORT_KEYS)
    events: tuple[Event, ...] = _DISCARD_EVENTS[p][card.index]
    hands = replace_at(state.hands, p, held)
    pile = (*state.discards, card)
    if not held:
        after = _EVOLVE(state, hands=hands, discards=pile, taken=())
        return _end_round(after, (*events, Event(EventKind.GOES_OUT, player=p)))
    n = len(hands)
    if state.turns >= state.options.max_turns:
        after = _EVOLVE(state, hands=hands, discards=pile, taken=())
        return _end_round(after, (*events, Event(EventKind.NOTE, label=f"{state.turns} turns played: the round ends")))
    stock = state.stock
    rng = state.rng
    assert rng is not None
    if not stock:
        refill = refill_stock(stock, pile, rng, need=1, keep=1)
        if refill.short:
            after = _EVOLVE(state, hands=hands, discards=pile, taken=())
            note = Event(EventKind.NOTE, label="the stock is exhausted: the round ends")
            return _end_round(after, (*events, note))
        stock, pile, rng = refill.stock, refill.discards, refill.rng
        events = (*events, *refill.events)
    nxt = (p + 1) % n
    new = _BUILD(
        state.options, state.hand, rng, None, events, state.dealer, _P_DRAW, nxt, nxt, hands, stock, pile, (),
        state.table, state.made, state.dimes, state.pot, state.turns + 1, state.scores,
    )  # fmt: skip
    _carry(new, state)
    # The pile is not empty: it holds the discard.
    _SET_LEGAL(new, (_DRAW[nxt], _BUY[nxt][pile[-1].index]) if state.dimes[nxt] else (_DRAW[nxt],))
    return new


_APPLY: Final[dict[type, Callable[..., State]]] = {
    DrawStock: _apply_draw,
    Buy: _apply_buy,
    Pass: _apply_pass,
    MakeMeld: _apply_meld,
    LayOff: _apply_lay_off,
    Discard: _apply_discard,
}


# ---------------------------------------------------------------------------------------------
# Dealing and scoring


def _deal(
    state: State,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    n = len(totals)
    o = state.options
    cards, rng = shuffled_or_fixed(pack_for(decks_for(n, o)), rng, deck)
    first = (dealer + 1) % n
    dealt, rest = deal(cards, players=n, first=first, each=HAND_SIZE)
    upcard = rest[0]
    contract = contract_for(number)
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(number,)),
        Event(EventKind.NOTE, label=f"round {number}: contract {contract}"),
        Event(EventKind.TURNS_UP, cards=(upcard,)),
    )
    return _BUILD(
        o, number, rng, None, events, dealer, Phase.DRAW, first, first, tuple(sorted_cards(h) for h in dealt),
        rest[1:], (upcard,), (), (), (False,) * n, state.dimes, state.pot, 1, totals,
    )  # fmt: skip


def _end_round(state: State, events: tuple[Event, ...]) -> State:
    """Scores the round (table less hand, per seat), then ends the game or deals the next."""
    n = len(state.hands)
    gained = list(table_points(state.table, n))
    for s in range(n):
        gained[s] -= hand_points(state.hands[s])
    gained[state.turn] -= hand_points(state.taken)
    totals = tuple([a + b for a, b in zip(state.scores, gained)])
    events = (*events, _EVENT(EventKind.HAND_SCORED, None, (), tuple(gained), "", False))
    for s in range(n):
        events += (_EVENT(EventKind.HAS, s, (), (totals[s],), "", False),)
    if state.hand >= state.options.rounds:
        top = _top_seats(totals)  # `winners` of the finished game
        won = sorted(top)
        shares = _shares(state.pot, top, n)
        label = f"the pot of {state.pot} dimes"
        for s in won:
            events += (_EVENT(EventKind.WINS, s, (), (shares[s].numerator, shares[s].denominator), label, False),)
        events += (_EVENT(EventKind.GAME_OVER, None, (), tuple(won), "", False),)
        return _EVOLVE(state, phase=Phase.OVER, scores=totals, player=won[0], turn=won[0], events=events)
    assert state.rng is not None
    return _deal(state, state.hand + 1, (state.dealer + 1) % n, state.rng, None, totals, events)
