"""Horseshit Rummy play: the `State`, zones, the public verbs, the phase helpers behind them,
the deal and the scoring of a hand.

A hand is dealt (`_deal`), played turn by turn (a draw, melds and lay-offs, a discard) and
scored (`_end_hand`), which ends the game or deals the next hand. The play loop is the hot
path: legal moves are cached on the state (`State.legal`), moves and events are prebuilt (see
`moves`), and states are built with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Sequence
from typing import Final

import attrs

from parlour.core.cards import Card, Rank, cards_text, insert_by_key, parse_cards, seat_card_table
from parlour.core.deck import shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.melds import MeldKind, TableMeld, build_meld, build_table_meld, can_use_at_once, take_from_pile
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.horseshit_rummy.moves import (
    _DISCARD,
    _DISCARD_EVENTS,
    _DRAW,
    _DRAW_EVENTS,
    _LAY_OFFS,
    _MELDS,
    _PASS,
    _TAKE_TOP_EVENTS,
    _TAKES,
    MOVE_TYPES,
    Discard,
    DrawStock,
    LayOff,
    MakeMeld,
    Move,
    Pass,
    Take,
    _lay_off_move,
    _meld_move,
)
from parlour.games.horseshit_rummy.options import (
    DEAL_SIZE,
    DEFAULT_PLAYERS,
    DIG_RULES,
    DIG_RULES_PAIR_ALWAYS,
    PLAYERS,
    RANKS,
    Options,
    _KEY_AT,
    _dig_choices,
    hand_points,
    meld_rules,
    pack_for,
    sort_hand,
    table_points,
)


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    DRAW = 1
    """`player` draws: the stock, the top discard or a dig (or passes when the stock is empty)."""
    PLAY = 2
    """`player` melds, lays off, and discards to end the turn."""
    OVER = 3


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Hands are sorted by rank; `stock[0]` is the top card, `discards[-1]` the top
    discard."""

    options: Options
    hand: int
    """The number of the deal, from 1."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    dealer: int
    wild: Rank
    """The rank of the dealer's up card: wild for everyone this hand."""
    phase: Phase
    player: int
    """The seat whose turn it is (the winner once OVER)."""
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    taken: tuple[Card, ...] = ()
    """The cards taken from the pile this turn, held apart and public: the top card (it may be
    melded or laid off, not discarded), or a dig's target first and the cards above it, until
    the target is melded (`owed`)."""
    owed: bool = False
    """The dug card `taken[0]` must still be melded with a natural pair from the hand."""
    table: tuple[TableMeld, ...] = ()
    """The sets on the table in the order laid, each card credited to the seat that laid it."""
    melded: tuple[bool, ...]
    """Whether each seat has laid a set of its own this hand."""
    fresh: bool = False
    """The seat to act laid its first set of the hand in this turn."""
    turns: int = 0
    """Turns begun this hand."""
    scores: tuple[int, ...]

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """Every legal move in a real state; the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the play loop: every field in order, positionally."""

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sort_hand),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("table", Seen.EVERYONE),
)
"""Hands seen by their owners, the stock by nobody, the pile, the cards taken from it this turn
and the table sets by everyone."""


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
    options = require_options("horseshit_rummy", options, Options)
    n = require_players("horseshit_rummy", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    return _deal(options, 1, dealer, rng, deck, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (on a view, the viewer's). Drawing: "draw stock",
    then "take k" by depth, then "pass" (empty stock only). Playing: melds (by rank, more
    naturals first), lay-offs (by meld number, a natural before a wild), discards in hand order."""
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
    """The running totals (table less hand, summed over the hands scored)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    return frozenset((state.player,)) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and the stock hidden, counts kept."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "draw stock", "take 3", "meld KC KD 9H", "lay off KS on 2", "discard QS" or "pass"
    (of seat `player`, or of the seat of a "1: ..." prefix). A meld's cards may come in any
    order ("meld 9H KD KC" is "meld KC KD 9H")."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = body.split()
        if len(words) < 2 or words[0].lower() != "meld":
            raise
        try:
            wanted = sorted(card.index for card in parse_cards(" ".join(words[1:])))
        except ValueError:
            raise NotationError(f"{text!r}: not cards after 'meld'") from None
        for move in legal:
            if isinstance(move, MakeMeld) and (seat is None or move.player == seat):
                if sorted(card.index for card in move.cards) == wanted:
                    return move
        raise


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see dealt afresh among their places."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"horseshit_rummy is played by 2 to 10 players, not {n}")
    check_seat("dealer", state.dealer, n)
    check_seat("player", state.player, n)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.hand < 1 or state.turns < 0:
        raise ValueError("hand number below 1 or a negative turn count")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.wild not in RANKS:
        raise ValueError(f"the wild rank must be a rank of the pack, not {state.wild!r}")
    if len(state.scores) != n or len(state.melded) != n:
        raise ValueError("scores and melded flags need one entry per seat")
    check_zones("horseshit_rummy", state, ZONES, pack_for(n, state.options))
    key = _KEY_AT
    for s, held in enumerate(state.hands):
        last = -1
        for c in held:  # hidden cards all share one key
            if key[c.index] < last:
                raise ValueError(f"seat {s}'s hand is not in sorted order")
            last = key[c.index]
    _check_table(state, n)
    _check_phase(state, n)


def _check_table(state: State, n: int) -> None:
    wild = state.wild
    owners = [False] * n
    for i, tm in enumerate(state.table):
        meld = tm.meld
        if meld.kind is not MeldKind.SET or meld.rank is None or meld.rank is wild or meld.rank not in RANKS:
            raise ValueError(f"table meld {i} is not a set of a natural rank")
        if len(meld.cards) < 3 or len(tm.credit) != len(meld.cards):
            raise ValueError(f"table meld {i} needs three cards or more and one credit per card")
        if any(c.rank is not meld.rank and c.rank is not wild for c in meld.cards) or all(
            c.rank is wild for c in meld.cards
        ):
            raise ValueError(f"table meld {i} holds a card of another rank or no natural card")
        for who in (tm.owner, *tm.credit):
            check_seat(f"table meld {i}'s seat", who, n)
            if not state.melded[who]:
                raise ValueError(f"seat {who} has cards on the table but has not melded")
        owners[tm.owner] = True
    if any(m and not o for m, o in zip(state.melded, owners)):
        raise ValueError("a seat counted as melded owns no set")


def _check_phase(state: State, n: int) -> None:
    phase, p = state.phase, state.player
    if phase is not Phase.OVER and state.turns > state.options.max_turns:
        raise ValueError("more turns than the cap allows")
    if phase is not Phase.PLAY and (state.taken or state.owed or state.fresh):
        raise ValueError("cards held apart and a first meld belong to a turn's play")
    if state.fresh and not state.melded[p]:
        raise ValueError("a first meld this turn by a seat that has not melded")
    if state.owed:
        target = state.taken[0] if state.taken else None
        if target is None or target.rank is state.wild or len(state.taken) < 2 - state.options.top_card_needs_pair:
            raise ValueError("a dig owes a natural target and brings the cards above it")
    elif len(state.taken) > 1 or any(c.rank is state.wild for c in state.taken):
        raise ValueError("only the natural top card taken is held apart once a dig is melded")
    if phase is Phase.OVER:
        top = max(state.scores)
        if top < state.options.target or state.scores.count(top) != 1 or state.scores[p] != top:
            raise ValueError("the game is over exactly when one seat leads at or past the target")
        return
    if max(state.scores) >= state.options.target and state.scores.count(max(state.scores)) == 1:
        raise ValueError("a seat leads past the target: the game should be over")
    for s, held in enumerate(state.hands):
        if not held:
            raise ValueError(f"seat {s} holds no card: the hand should have ended")


# ---------------------------------------------------------------------------------------------
# Phases


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    p = state.player
    if only is not None and only != p:
        return ()
    if state.phase is Phase.DRAW:
        takes = _TAKES[p]
        depths = _dig_choices(state.discards, state.hands[p], state.wild, state.options.top_card_needs_pair)
        if state.stock:
            if depths == _TOP_ONLY:
                return _DRAW_OR_TOP[p]
            return (_DRAW[p], *[takes[d] for d in depths])
        return (*[takes[d] for d in depths], _PASS[p])
    if state.phase is Phase.PLAY:
        return _legal_play(state, p)
    return ()


_TOP_ONLY: Final = (1,)
_DRAW_OR_TOP: Final = tuple((_DRAW[p], _TAKES[p][1]) for p in range(len(_DRAW)))
"""The most common choice of a draw, prebuilt per seat: the stock or the top discard."""


def _legal_play(state: State, p: int) -> tuple[Move, ...]:
    hand, taken, wild = state.hands[p], state.taken, state.wild
    if state.owed:
        target = taken[0]
        pair = [c for c in hand if c.rank is target.rank]
        if len(pair) < 2:
            return ()  # only in a state whose hidden cards were dealt afresh (shuffle_unseen)
        return (_meld_move(p, (target, pair[0], pair[1])),)
    top = taken[0] if taken else None
    top_rank = top.rank if top is not None else None
    groups: dict[Rank, list[Card]] = {top_rank: [top]} if top is not None else {}  # type: ignore[dict-item]
    wilds: list[Card] = []
    row = _DISCARD[p]
    discards: list[Move] = []
    last = prev = None
    g = wilds
    for c in hand:  # sorted: the cards of a rank lie side by side, and equal cards too
        if c is not last:
            discards.append(row[c.index])
            last = c
        r = c.rank
        if r is prev:
            if len(g) < 3:
                g.append(c)
            continue
        prev = r
        if r is wild:
            g = wilds
            g.append(c)
        elif r is top_rank:
            g = groups[r]
            g.append(c)
        else:
            g = groups[r] = [c]
    get = groups.get
    size = len(hand)
    moves: list[Move] = []
    w = len(wilds)
    # A play must leave a card to discard, or nothing at all (the taken card cannot be discarded).
    if size >= 4 or (size == 3 and top is None) or (top is not None and size >= 2):
        melds = _MELDS[p]
        w0 = wilds[0].index if w else 0
        w1 = wilds[1].index if w >= 2 else 0
        for group in groups.values():
            a = group[0]
            if size < 4 and (a is top) is not (top is not None):
                continue  # short hands: with a card taken, only melds that use it
            n = len(group)
            if n == 3:
                b, c = group[1], group[2]
                move = melds.get(a.index << 14 | b.index << 7 | c.index)
                moves.append(move if move is not None else _meld_move(p, (a, b, c)))
            if w and n >= 2:
                b = group[1]
                move = melds.get(a.index << 14 | b.index << 7 | w0)
                moves.append(move if move is not None else _meld_move(p, (a, b, wilds[0])))
            if w >= 2:
                move = melds.get(a.index << 14 | w0 << 7 | w1)
                moves.append(move if move is not None else _meld_move(p, (a, wilds[0], wilds[1])))
    table = state.table
    if table:
        others = state.melded[p] and not (state.fresh and state.options.no_layoff_on_others_in_first_meld_turn)
        natural_ok = size >= 2 or (top is None and size == 1)
        lay = _LAY_OFFS[p]
        wild_key = wilds[0].index << 10 if w and natural_ok else -1
        i = -1
        for tm in table:
            i += 1
            if not others and tm.owner != p:
                continue
            fits = get(tm.meld.rank)  # type: ignore[arg-type]
            if fits and (natural_ok or fits[0] is top):
                card = fits[0]
                lay_off = lay.get(card.index << 10 | i)
                moves.append(lay_off if lay_off is not None else _lay_off_move(p, card, i))
            if wild_key >= 0:
                lay_off = lay.get(wild_key | i)
                moves.append(lay_off if lay_off is not None else _lay_off_move(p, wilds[0], i))
    return (*moves, *discards)



def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.player:
        return f"it is seat {state.player}'s turn"
    if state.phase is Phase.DRAW:
        if isinstance(move, DrawStock):
            return "the stock is empty: take from the discard pile or pass"
        if isinstance(move, Take):
            pile = state.discards
            if not 1 <= move.depth <= len(pile):
                return f"the discard pile holds {len(pile)} cards"
            card = pile[-move.depth]
            rules = meld_rules(state.wild)
            if move.depth == 1 and not state.options.top_card_needs_pair and not rules.is_wild(card):
                return "the top card may be taken"  # not reached: it is always offered
            if rules.is_wild(card):
                return f"{card} is wild: a wild card is taken only with the cards above a natural dug with a pair"
            dig = DIG_RULES_PAIR_ALWAYS if state.options.top_card_needs_pair else DIG_RULES
            if not can_use_at_once(card, state.hands[state.player], rules, dig):
                return f"digging to {card} needs two natural {card.rank.symbol}s in hand"
            return "not a depth of the pile that may be taken"
        if isinstance(move, Pass):
            return "pass only when the stock is empty"
        return "draw first"
    if isinstance(move, (DrawStock, Take, Pass)):
        return "draw once, at the start of the turn"
    if state.owed:
        return f"{state.taken[0]} was dug and must be melded first, with a natural pair from the hand"
    pool = (*state.taken, *state.hands[state.player])
    if isinstance(move, Discard):
        if move.card in state.taken and move.card not in state.hands[state.player]:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        return f"{move.card} is not in the hand"
    if isinstance(move, (MakeMeld, LayOff)):
        cards = move.cards if isinstance(move, MakeMeld) else (move.card,)
        rest = list(pool)
        for c in cards:
            if c not in rest:
                return f"{cards_text(cards)}: not all in the hand"
            rest.remove(c)
        if isinstance(move, LayOff):
            if not 0 <= move.meld < len(state.table):
                return f"there is no table meld {move.meld}"
            tm = state.table[move.meld]
            if move.card.rank is not state.wild and move.card.rank is not tm.meld.rank:
                return f"{move.card} does not fit table meld {move.meld}"
            if tm.owner != state.player:
                if not state.melded[state.player]:
                    return "lay off on another player's set only after a set of your own"
                if state.fresh and state.options.no_layoff_on_others_in_first_meld_turn:
                    return "no lay-off on another player's set in the turn of your first meld"
        else:
            ranks = {c.rank for c in cards if c.rank is not state.wild}
            if len(cards) != 3 or len(ranks) != 1:
                return f"{cards_text(cards)}: a meld is offered as three cards of one rank, one natural at least"
        return "the turn could not end: keep a card to discard (or play out every card)"
    return "not a move of this moment"


def _apply(state: State, move: Move) -> State:
    return _APPLY[type(move)](state, move)


def _insert(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`held` (in display order) with `card` put in its place, after any equal cards."""
    return insert_by_key(held, card, _KEY_AT)


def _apply_draw(state: State, move: DrawStock) -> State:
    p = move.player
    card = state.stock[0]
    return _BUILD(
        state.options, state.hand, state.rng, None, _DRAW_EVENTS[p][card.index], state.dealer, state.wild,
        Phase.PLAY, p, replace_at(state.hands, p, _insert(state.hands[p], card)), state.stock[1:], state.discards,
        (), False, state.table, state.melded, False, state.turns, state.scores,
    )  # fmt: skip


def _apply_take(state: State, move: Take) -> State:
    p, depth = move.player, move.depth
    rest, taken = take_from_pile(state.discards, depth)
    owed = depth > 1 or state.options.top_card_needs_pair
    if owed:
        event = (Event(EventKind.TAKES, player=p, cards=taken, label=f"dig to depth {depth}"),)
    else:
        event = _TAKE_TOP_EVENTS[p][taken[0].index]
    return _BUILD(
        state.options, state.hand, state.rng, None, event, state.dealer, state.wild, Phase.PLAY, p, state.hands,
        state.stock, rest, taken, owed, state.table, state.melded, False, state.turns, state.scores,
    )  # fmt: skip


def _remove(held: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    out = list(held)
    for c in cards:
        for i, h in enumerate(out):
            if h is c or h == c:
                del out[i]
                break
    return tuple(out)


def _after_play(
    state: State,
    p: int,
    hand: tuple[Card, ...],
    taken: tuple[Card, ...],
    owed: bool,
    table: tuple[TableMeld, ...],
    melded: tuple[bool, ...],
    fresh: bool,
    events: tuple[Event, ...],
) -> State:
    new = _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, state.wild, Phase.PLAY, p,
        replace_at(state.hands, p, hand), state.stock, state.discards, taken, owed, table, melded, fresh,
        state.turns, state.scores,
    )  # fmt: skip
    if not hand and not taken:
        return _end_hand(new, (*events, Event(EventKind.GOES_OUT, player=p)))
    return new


def _apply_meld(state: State, move: MakeMeld) -> State:
    p, cards = move.player, move.cards
    taken, owed = state.taken, state.owed
    used = bool(taken) and cards[0] is taken[0]  # the card taken from the pile comes first
    hand = _remove(state.hands[p], cards[1:] if used else cards)
    if used:
        taken = taken[1:]
        if owed:
            owed = False
            hand = sort_hand((*hand, *taken))
            taken = ()
    rank = next(c.rank for c in cards if c.rank is not state.wild)
    meld = build_table_meld(build_meld(MeldKind.SET, cards, rank, None, 0), p, (p, p, p))
    fresh = state.fresh or not state.melded[p]
    melded = state.melded if state.melded[p] else replace_at(state.melded, p, True)
    event = (Event(EventKind.MELDS, player=p, cards=cards),)
    return _after_play(state, p, hand, taken, owed, (*state.table, meld), melded, fresh, event)


def _apply_lay_off(state: State, move: LayOff) -> State:
    p, card, index = move.player, move.card, move.meld
    taken = state.taken
    if taken and card is taken[0]:
        hand, taken = state.hands[p], ()
    else:
        hand = _remove(state.hands[p], (card,))
    target = state.table[index]
    grown = build_table_meld(
        build_meld(MeldKind.SET, (*target.meld.cards, card), target.meld.rank, None, 0), target.owner, (*target.credit, p)
    )
    event = (Event(EventKind.LAYS_OFF, player=p, cards=(card,), numbers=(index,)),)
    table = replace_at(state.table, index, grown)
    return _after_play(state, p, hand, taken, False, table, state.melded, state.fresh, event)


def _apply_discard(state: State, move: Discard) -> State:
    p, card = move.player, move.card
    held = state.hands[p]
    at = 0
    for c in held:
        if c is card:
            break
        at += 1
    else:
        at = held.index(card)
    hand = held[:at] + held[at + 1 :]
    if state.taken:  # the card taken from the pile joins the hand as the turn ends
        hand = _insert(hand, state.taken[0])
    hands = (*state.hands[:p], hand, *state.hands[p + 1 :])
    pile = (*state.discards, card)
    events = _DISCARD_EVENTS[p][card.index]
    if not hand:
        after = _BUILD(
            state.options, state.hand, state.rng, None, (), state.dealer, state.wild, Phase.PLAY, p, hands,
            state.stock, pile, (), False, state.table, state.melded, False, state.turns, state.scores,
        )  # fmt: skip
        return _end_hand(after, (*events, Event(EventKind.GOES_OUT, player=p)))
    if state.turns >= state.options.max_turns:
        after = _BUILD(
            state.options, state.hand, state.rng, None, (), state.dealer, state.wild, Phase.DRAW, p, hands,
            state.stock, pile, (), False, state.table, state.melded, False, state.turns, state.scores,
        )  # fmt: skip
        note = Event(EventKind.NOTE, label=f"{state.turns} turns played: the hand ends")
        return _end_hand(after, (*events, note))
    nxt = (p + 1) % len(hands)
    return _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, state.wild, Phase.DRAW, nxt, hands,
        state.stock, pile, (), False, state.table, state.melded, False, state.turns + 1, state.scores,
    )  # fmt: skip


def _apply_pass(state: State, move: Pass) -> State:
    note = Event(EventKind.NOTE, label="the stock is empty and the discard pile refused: the hand ends")
    return _end_hand(state, (Event(EventKind.PASSES, player=move.player), note))


_APPLY: Final[dict[type, Callable[..., State]]] = {
    DrawStock: _apply_draw,
    Take: _apply_take,
    MakeMeld: _apply_meld,
    LayOff: _apply_lay_off,
    Discard: _apply_discard,
    Pass: _apply_pass,
}
"""The apply helper of each move class."""


# ---------------------------------------------------------------------------------------------
# Dealing and scoring


_UP_CARD_EVENTS: Final = seat_card_table(
    lambda p, c: make_event(EventKind.SHOWS, p, (c,), (), "up card", False), max(PLAYERS), pack_for(2, Options())
)
_WILD_EVENTS: Final = {r: Event(EventKind.NOTE, label=f"{r.symbol}s are wild") for r in RANKS}
_TURNS_UP_EVENTS: Final = seat_card_table(lambda p, c: Event(EventKind.TURNS_UP, cards=(c,)), 1, pack_for(2, Options()))[0]
"""The deal's events, prebuilt per seat and card: each up card, the wild rank, the first discard."""


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Each seat from the dealer's left gets its up card and then the rest of its hand; the
    dealer's up card names the wild rank; one card starts the pile."""
    n = len(totals)
    cards, rng = shuffled_or_fixed(pack_for(n, options), rng, deck)
    hands: list[tuple[Card, ...]] = [()] * n
    told = [*events, Event(EventKind.DEALS, player=dealer, numbers=(number,))]
    at = 0
    seat = dealer
    up = cards[0]
    for _ in range(n):
        seat = (seat + 1) % n
        up = cards[at]
        size = DEAL_SIZE[up.rank]
        hands[seat] = sort_hand(cards[at : at + size])
        at += size
        told.append(_UP_CARD_EVENTS[seat][up.index])
    wild = up.rank
    told += (_WILD_EVENTS[wild], _TURNS_UP_EVENTS[cards[at].index])
    events = tuple(told)
    first = (dealer + 1) % n
    return _BUILD(
        options, number, rng, None, events, dealer, wild, Phase.DRAW, first, tuple(hands), cards[at + 1 :],
        (cards[at],), (), False, (), (False,) * n, False, 1, totals,
    )  # fmt: skip


def hand_scores(state: State) -> tuple[int, ...]:
    """What each seat would score if the hand ended now: its credited table cards less the
    cards in its hand (and any held apart from the pile)."""
    n = len(state.hands)
    on_table = table_points(state.table, state.wild, n)
    out = []
    for s in range(n):
        held = state.hands[s] + (state.taken if s == state.player else ())
        out.append(on_table[s] - hand_points(held, state.wild))
    return tuple(out)


def _end_hand(state: State, events: tuple[Event, ...]) -> State:
    """Scores the hand, then ends the game or deals the next."""
    n = len(state.hands)
    gained = hand_scores(state)
    totals = tuple(a + b for a, b in zip(state.scores, gained))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=gained))
    events += tuple(Event(EventKind.HAS, player=s, numbers=(totals[s],)) for s in range(n))
    top = max(totals)
    if top >= state.options.target and totals.count(top) == 1:
        winner = totals.index(top)
        events += (Event(EventKind.GAME_OVER, numbers=(winner,)),)
        return _BUILD(
            state.options, state.hand, state.rng, None, events, state.dealer, state.wild, Phase.OVER, winner,
            state.hands, state.stock, state.discards, state.taken, False, state.table, state.melded, False,
            state.turns, totals,
        )  # fmt: skip
    if top >= state.options.target:
        events += (Event(EventKind.NOTE, label="a tie for the lead past the target: another hand"),)
    assert state.rng is not None
    return _deal(state.options, state.hand + 1, (state.dealer + 1) % n, state.rng, None, totals, events)
