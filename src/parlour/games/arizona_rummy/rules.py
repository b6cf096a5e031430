"""Arizona Rummy's options, position and verbs: `Options`, the `State` with its zones,
`new_game`, `legal_moves`, `apply` and the rest of the game protocol, then the phase helpers
(the draw, the discard or going out, the lay-down, the scoring of a round)."""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    CARD_INDICES,
    HIDDEN,
    JOKER,
    Card,
    Rank,
    cards_text,
    sorted_cards,
    standard_pack,
    without,
)
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players
from parlour.core.melds import Meld, MeldRules, lay_off
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders, replace_at
from parlour.core.stock import refill_stock
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.arizona_rummy.melding import (
    DEFAULT_PLAYERS,
    MANY_PLAYERS,
    MAX_TURNS,
    PLAYERS,
    ROUND_CARDS,
    ROUND_POINTS,
    ROUND_RULES,
    _RUN,
    _WILD_TABLES,
    _can_go_out,
    _meld_problem,
    _round_melds,
    _stuck,
    best_lay_down,
    going_out,
    pack_for,
)
from parlour.games.arizona_rummy.moves import (
    Discard,
    DrawStock,
    GoOut,
    LayDownBest,
    LayMeld,
    LayOff,
    MOVE_TYPES,
    Move,
    TakePile,
    _BEST,
    _DISCARDS,
    _DISCARD_EVENTS,
    _DONE,
    _DRAW,
    _DRAW_EVENTS,
    _GO_OUT,
    _SEATS,
    _TO_PLAY,
)


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker Book of Card Game Rules' game."""

    rounds: int = 11
    """Rounds played, 1 to 11, from 3 cards with 3s wild upward (the book: all 11, "3s to
    Kings"; fewer for a short game)."""
    decks: int = 0
    """Packs of 52 cards and 2 jokers: 0 picks by the player count (3 up to six players, 4
    from seven: "3-4 decks"), or 1 to 4 when they hold enough cards."""
    penalty_card: bool = True
    """The goer gives every other player one card from the stock before they lay down ("give
    each player one card face down")."""
    draw_from_own_pile: bool = True
    """A player may take the top card of their own pile (the book: "any players pile")."""
    max_turns: int = MAX_TURNS
    """Discards after which a round ends as a dead hand (rules notes C8), 1 to 100000."""
    progressive_melding: bool = False
    """Melds and lay-offs onto one's own melds are allowed during ordinary turns, after the
    draw (rules notes 3.11 ambiguity 1, the other reading of "You may only play on your own
    cards"); a discard that empties the hand goes out. Off: nothing is melded before someone
    goes out (the book's game as the rules notes read it)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.rounds <= len(ROUND_CARDS):
            raise ValueError(f"rounds must be 1 to {len(ROUND_CARDS)}, not {self.rounds}")
        if not 0 <= self.decks <= 4:
            raise ValueError(f"decks must be 0 (by the player count) or 1 to 4, not {self.decks}")
        if not 1 <= self.max_turns <= 100_000:
            raise ValueError(f"max_turns must be 1 to 100000, not {self.max_turns}")

    def packs_for(self, players: int) -> int:
        """The packs used by `players` players."""
        if self.decks:
            return self.decks
        return 4 if players >= MANY_PLAYERS else 3

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules' game (the defaults)."""
        return cls()


QUICK: Final = Options(rounds=2, max_turns=150)
"""A short match for the generic sweeps: the first two rounds, short dead hands."""


class Phase(enum.Enum):
    DRAW = "draw"
    """`turn` draws from the stock or takes the top of a pile."""
    DISCARD = "discard"
    """`turn` discards or goes out."""
    LAY_DOWN = "lay down"
    """The round is over: `turn` lays down melds from their own cards."""
    OVER = "over"


Melds: TypeAlias = tuple[tuple[Meld, ...], ...]


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. `stock[0]` is the top of the stock, `piles[s][-1]` the top of seat s's pile."""

    options: Options
    hand: int
    """The round, 1 to `options.rounds`."""
    rng: Rng | None
    viewer: int | None = None
    phase: Phase
    dealer: int
    turn: int
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards in display order (the card taken this turn is in `taken`)."""
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    """Each seat's discard pile, top card last."""
    taken: tuple[Card, ...]
    """The card `turn` took from a pile this turn (kept apart until the turn ends)."""
    turns: int
    """Discards made this round."""
    goer: int | None
    """The seat that went out this round (None before, or after a dead hand)."""
    put_away: tuple[Card, ...]
    """The goer's last discard, face down."""
    melds: Melds
    """Each seat's melds on the table this round."""
    waiting: tuple[int, ...]
    """The seats still to lay down after `turn`, in order."""
    points: tuple[int, ...]
    """Each seat's penalty total over the rounds scored."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)



def _put_away_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    return viewer is not None and viewer == getattr(state, "goer", None)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("piles", Seen.EVERYONE, by_seat=True),
    Zone("taken", Seen.EVERYONE),
    Zone("put_away", _put_away_seen),
    Zone("melds", Seen.EVERYONE, by_seat=True),
)
"""A hand is seen by its owner, the stock by nobody, the piles, the card just taken and the
melds by everyone, the goer's face-down discard by the goer alone."""

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_build: Final = builder(State, cached={"legal": _state_legal})


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals round 1. `deck` fixes the first deal (top card first), `dealer` the first dealer."""
    n = require_players("arizona_rummy", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("arizona_rummy", options, Options)
    pack = pack_for(rules.packs_for(n))
    most = ROUND_CARDS[rules.rounds - 1]
    if n * (most + 1) + 1 > len(pack):
        raise ValueError(f"{rules.packs_for(n)} pack(s) of {len(pack) // rules.packs_for(n)} cards are too few for {n} players")
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first = dealer
    return _deal(rules, 1, first, (0,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Draw: ``draw stock``, then ``take`` from each pile by seat. Discard: ``discard`` in hand
    order, then ``go out``, then (progressive melding) melds and lay-offs. Lay-down: melds (sets by rank, then runs by suit and start), lay-offs
    (by card, then meld), ``lay down best``, ``done``."""
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's penalty total (low is good)."""
    return state.points


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the game is over (a tie shares)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return leaders(state.points, low=True)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the piles and melds; not the stock."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock, a face-down discard) afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def wild_ranks(state: State) -> frozenset[Rank]:
    """The ranks wild this round (jokers and the round's rank)."""
    return ROUND_RULES[state.hand - 1].wild_ranks


def check_invariants(state: State) -> None:
    """ValueError for a state the game cannot reach (or hostile JSON)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"arizona_rummy is played by 2 to 10 seats, not {n}")
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be arizona_rummy Options")
    for name in ("piles", "melds", "points"):
        if len(getattr(state, name)) != n:
            raise ValueError(f"{name} must have one entry per seat")
    if not 1 <= state.hand <= o.rounds:
        raise ValueError(f"round {state.hand} is not 1..{o.rounds}")
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    pack = pack_for(o.packs_for(n))
    if n * (ROUND_CARDS[o.rounds - 1] + 1) + 1 > len(pack):
        raise ValueError(f"too few packs for {n} players")
    check_zones("arizona_rummy", state, ZONES, pack)
    size = ROUND_CARDS[state.hand - 1]
    rules = ROUND_RULES[state.hand - 1]
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(c != HIDDEN for c in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not in display order: {cards_text(held)}")
    if any(type(p) is not int or p < 0 for p in state.points):
        raise ValueError("penalty totals are whole numbers from 0")
    if not 0 <= state.turns < o.max_turns:
        raise ValueError(f"turns must be 0..{o.max_turns - 1}, not {state.turns}")
    if len(state.taken) > 1 or (state.taken and state.phase is not Phase.DISCARD):
        raise ValueError("at most one card is taken, and only in the discard step")
    if state.goer is not None:
        check_seat("goer", state.goer, n)
    if (state.goer is not None) != bool(state.put_away) or len(state.put_away) > 1:
        raise ValueError("the goer's one face-down discard lies apart exactly when someone went out")
    phase = state.phase
    if phase in (Phase.DRAW, Phase.DISCARD):
        if state.goer is not None or state.waiting or (any(state.melds) and not o.progressive_melding):
            raise ValueError("nothing is melded before the round ends")
        for seat, held in enumerate(state.hands):
            melded = sum(len(m.cards) for m in state.melds[seat])
            want = size - melded + (1 - len(state.taken) if phase is Phase.DISCARD and seat == state.turn else 0)
            if len(held) != want or (not held and not (phase is Phase.DISCARD and seat == state.turn)):
                raise ValueError(f"seat {seat} holds {len(held)} cards, not {want}")
        if phase is Phase.DRAW and not state.stock:
            raise ValueError("a turn starts with cards in the stock")
    else:
        if len(set(state.waiting)) != len(state.waiting) or state.turn in state.waiting:
            raise ValueError("the seats waiting to lay down must be distinct and not the one laying down")
        for seat in state.waiting:
            check_seat("waiting", seat, n)
        if phase is Phase.OVER and (state.waiting or state.hand != o.rounds):
            raise ValueError("the game ends after the last round is laid down")
        if state.goer is not None and (state.hands[state.goer] or not state.melds[state.goer]):
            raise ValueError("the goer has laid every card down")
        for seat, held in enumerate(state.hands):
            if len(held) > size + 1:
                raise ValueError(f"seat {seat} holds {len(held)} cards, more than {size + 1}")
    for seat, own in enumerate(state.melds):
        for meld in own:
            problem = _meld_problem(meld, rules)
            if problem:
                raise ValueError(f"seat {seat}'s meld {cards_text(meld.cards)}: {problem}")


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _deal(
    options: Options,
    number: int,
    dealer: int,
    points: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals round `number`: r + 2 cards each, one at a time from the dealer's left."""
    n = len(points)
    cards, rng = shuffled_or_fixed(pack_for(options.packs_for(n)), rng, deck)
    first = (dealer + 1) % n
    hands, rest = deal(cards, players=n, first=first, each=ROUND_CARDS[number - 1])
    said = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(number,)),
        Event(EventKind.TO_PLAY, player=first),
    )
    return State(
        options=options,
        hand=number,
        rng=rng,
        phase=Phase.DRAW,
        dealer=dealer,
        turn=first,
        hands=tuple(sorted_cards(h) for h in hands),
        stock=rest,
        piles=((),) * n,
        taken=(),
        turns=0,
        goer=None,
        put_away=(),
        melds=((),) * n,
        waiting=(),
        points=points,
        events=said,
    )


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.OVER or (only is None and state.rng is None):
        return ()
    seat = state.turn
    if only is not None and only != seat:
        return ()
    if phase is Phase.DRAW:
        own = state.options.draw_from_own_pile
        out: list[Move] = [_DRAW[seat]]
        base = seat * _TAKE_SPAN
        s = 0
        for pile in state.piles:
            if pile and (own or s != seat):
                top = pile[-1]
                key = base + s * CARD_INDICES + top.index
                take = _TAKES.get(key)
                if take is None:
                    take = _TAKES[key] = TakePile(seat, s, top)
                out.append(take)
            s += 1
        return tuple(out)
    if phase is Phase.DISCARD:
        held = state.hands[seat]
        row = _DISCARDS[seat]
        banned = state.taken[0] if state.taken else None
        out = []
        last = None
        for card in held:  # dealt cards are the interned ones: identity is equality
            if card is not last and card is not banned:
                out.append(row[card.index])
            last = card
        if not out:  # nothing but copies of the card taken
            out.append(row[(held or state.taken)[0].index])
        if _can_go_out(held + state.taken, _WILD_TABLES[state.hand - 1]):  # once per state: `legal` is cached
            out.append(_GO_OUT[seat])
        if state.options.progressive_melding:
            out.extend(_legal_play(state, seat))
        return tuple(out)
    return _legal_lay_down(state, seat)


_TAKES: Final[dict[int, TakePile]] = {}
"""The take moves made so far, by seat, pile and card number (each built once, on demand)."""
_TAKE_SPAN: Final = _SEATS * CARD_INDICES


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    phase = state.phase
    if phase is Phase.DRAW:
        if isinstance(move, TakePile):
            if not 0 <= move.pile < len(state.piles) or not state.piles[move.pile]:
                return "that pile is empty"
            if move.pile == move.player and not state.options.draw_from_own_pile:
                return "a player may not take from their own pile"
            return f"only the top card of a pile may be taken: {state.piles[move.pile][-1]}"
        return "first draw from the stock or take the top card of a pile"
    if phase is Phase.DISCARD:
        if isinstance(move, Discard):
            if state.taken and move.card == state.taken[0]:
                return f"{move.card} was just taken from a pile: it may not be discarded this turn"
            return f"{move.card} is not in the hand"
        if isinstance(move, GoOut):
            return "cannot go out: the cards but one do not all form melds (at least one natural each)"
        if isinstance(move, (LayMeld, LayOff)) and not state.options.progressive_melding:
            return "nothing is melded before someone goes out (option progressive_melding)"
        if isinstance(move, (LayMeld, LayOff)):
            return "not a meld or lay-off of the hand that keeps a card to discard"
        return "discard a card or go out"
    if isinstance(move, (DrawStock, TakePile, Discard, GoOut)):
        return "the round is over: lay down melds from your own cards or say done"
    if isinstance(move, LayOff):
        return "a card may only be laid off onto one's own meld it fits"
    if isinstance(move, LayDownBest):
        return "lay down best is offered only before one's first meld"
    return "not a meld of the hand (three cards, at least one natural)"


def _apply(state: State, move: Move) -> State:
    seat = state.turn
    kind = type(move)
    if kind is Discard:
        return _apply_discard(state, seat, move.card)  # type: ignore[union-attr]
    if kind is DrawStock:
        card = state.stock[0]
        held = state.hands[seat]
        return _build(
            state.options, state.hand, state.rng, None, Phase.DISCARD, state.dealer, seat,
            replace_at(state.hands, seat, _insort(held, card)), state.stock[1:], state.piles, (),
            state.turns, None, (), state.melds, (), state.points,
            _DRAW_EVENTS[seat][card.index],
        )
    if isinstance(move, TakePile):
        pile = state.piles[move.pile]
        return _build(
            state.options, state.hand, state.rng, None, Phase.DISCARD, state.dealer, seat,
            state.hands, state.stock, replace_at(state.piles, move.pile, pile[:-1]), (move.card,),
            state.turns, None, (), state.melds, (), state.points,
            (Event(EventKind.TAKES, player=seat, cards=(move.card,), numbers=(move.pile,)),),
        )
    if isinstance(move, GoOut):
        return _apply_go_out(state, seat)
    if state.phase is Phase.DISCARD:
        return _apply_play(state, seat, move)
    return _apply_lay_down(state, seat, move)


def _insort(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`held` (in display order) with `card` put in its place."""
    keys = _SORT_KEYS
    key = keys[card.index]
    for i, other in enumerate(held):
        if keys[other.index] > key:
            return held[:i] + (card,) + held[i:]
    return held + (card,)


_SORT_KEYS: Final = tuple(
    next((c.sort_key for c in (*standard_pack(), JOKER, HIDDEN) if c.index == i), 999) for i in range(CARD_INDICES)
)
"""`Card.sort_key` by card number."""


def _apply_discard(state: State, seat: int, card: Card) -> State:
    held = state.hands[seat]
    if state.taken:
        held = _insort(held, state.taken[0])
    held = without(held, card)
    if not held:  # progressive melding: the last card goes out
        return _went_out(state, seat, state.melds[seat], card, [])
    n = len(state.hands)
    piles = replace_at(state.piles, seat, state.piles[seat] + (card,))
    events: tuple[Event, ...] = _DISCARD_EVENTS[seat][card.index]
    hands = replace_at(state.hands, seat, held)
    turns = state.turns + 1
    stock = state.stock
    rng = state.rng
    if turns >= state.options.max_turns:
        note = Event(EventKind.NOTE, label=f"{turns} turns: the round ends, every player lays down")
        return _dead_hand(state, hands, stock, piles, rng, (*events, note))
    if not stock:
        gathered = tuple(c for pile in piles for c in pile[:-1])
        assert rng is not None
        refill = refill_stock((), gathered, rng, need=1, keep=0)
        if refill.short:
            note = Event(EventKind.NOTE, label="the stock is out: every player lays down")
            return _dead_hand(state, hands, stock, piles, rng, (*events, note))
        stock, rng = refill.stock, refill.rng
        piles = tuple(pile[-1:] for pile in piles)
        events = (*events, *refill.events)
    nxt = (seat + 1) % n
    return _build(
        state.options, state.hand, rng, None, Phase.DRAW, state.dealer, nxt,
        hands, stock, piles, (), turns, None, (), state.melds, (), state.points,
        (*events, _TO_PLAY[nxt]),
    )


def _dead_hand(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    piles: tuple[tuple[Card, ...], ...],
    rng: Rng | None,
    events: tuple[Event, ...],
) -> State:
    """Nobody went out: everyone lays down from the dealer's left and counts, no penalty card."""
    n = len(hands)
    order = tuple((state.dealer + 1 + k) % n for k in range(n))
    base = _build(
        state.options, state.hand, rng, None, Phase.LAY_DOWN, state.dealer, order[0],
        hands, stock, piles, (), 0, None, (), state.melds, order[1:], state.points, events,
    )
    return _settle(base)


def _apply_go_out(state: State, seat: int) -> State:
    found = going_out(state.hands[seat] + state.taken, ROUND_RULES[state.hand - 1])
    assert found is not None
    melds, last = found
    events = [Event(EventKind.MELDS, player=seat, cards=m.cards) for m in melds]
    return _went_out(state, seat, state.melds[seat] + melds, last, events)


def _went_out(state: State, seat: int, melds: tuple[Meld, ...], last: Card, laid: list[Event]) -> State:
    """`seat` has melded everything but `last`, put away face down: penalty cards, then the
    lay-down from the goer's left."""
    assert state.rng is not None
    kept = (last,)
    n = len(state.hands)
    events: list[Event] = [Event(EventKind.GOES_OUT, player=seat), *laid]
    events.append(Event(EventKind.DISCARDS, player=seat, cards=tuple(kept), private=True))
    hands = replace_at(state.hands, seat, ())
    stock, piles, rng = state.stock, state.piles, state.rng
    order = tuple((seat + k) % n for k in range(1, n))
    if state.options.penalty_card:
        if len(stock) < len(order):
            gathered = tuple(c for pile in piles for c in pile[:-1])
            refill = refill_stock(stock, gathered, rng, need=len(order), keep=0)
            if refill.moved:
                piles = tuple(pile[-1:] for pile in piles)
            stock, rng = refill.stock, refill.rng
            events.extend(refill.events)
        for other in order:
            if not stock:
                break
            card, stock = stock[0], stock[1:]
            hands = replace_at(hands, other, _insort(hands[other], card))
            events.append(Event(EventKind.RECEIVES, player=other, cards=(card,), numbers=(seat,), private=True))
    base = _build(
        state.options, state.hand, rng, None, Phase.LAY_DOWN, state.dealer, order[0],
        hands, stock, piles, (), 0, seat, tuple(kept), replace_at(state.melds, seat, melds), order[1:],
        state.points, tuple(events),
    )
    return _settle(base)


# The lay-down ---------------------------------------------------------------------------------


def _lay_offs(seat: int, held: Sequence[Card], own: Sequence[Meld], rules: MeldRules) -> list[LayOff]:
    out: list[LayOff] = []
    first_wild: Card | None = None
    has_joker = False
    faces: list[Card] = []
    for card in held:
        if faces and faces[-1] == card:
            continue
        if rules.is_wild(card):
            if card.rank is Rank.JOKER:
                if has_joker:
                    continue
                has_joker = True
            else:
                if first_wild is not None:
                    continue
                first_wild = card
        faces.append(card)
    for card in faces:
        for k, meld in enumerate(own):
            grown = lay_off(meld, card, rules)
            if not grown:
                continue
            if meld.kind is _RUN and rules.is_wild(card):
                for g in grown:
                    out.append(LayOff(seat, card, k, g.low < meld.low, True))
            else:
                out.append(LayOff(seat, card, k, grown[0].low < meld.low, False))
    return out


def _legal_play(state: State, seat: int) -> list[Move]:
    """Progressive melding, after the draw: three-card melds and lay-offs onto one's own melds
    that keep a card to discard (rules notes C6)."""
    cards = sorted_cards(state.hands[seat] + state.taken)
    out: list[Move] = []
    if len(cards) >= 4:
        out.extend(LayMeld(seat, m) for m in _round_melds(cards, state.hand))
    if len(cards) >= 2:
        out.extend(_lay_offs(seat, cards, state.melds[seat], ROUND_RULES[state.hand - 1]))
    return out


def _apply_play(state: State, seat: int, move: Move) -> State:
    """A meld or lay-off during an ordinary turn (progressive melding); the card taken from a
    pile leaves `taken` once it is melded."""
    held, taken = state.hands[seat], state.taken
    own = state.melds[seat]
    if isinstance(move, LayMeld):
        used = move.meld.cards
        own = (*own, move.meld)
        events = (Event(EventKind.MELDS, player=seat, cards=used),)
    else:
        assert isinstance(move, LayOff)
        used = (move.card,)
        target = own[move.target]
        rules = ROUND_RULES[state.hand - 1]
        grown = [m for m in lay_off(target, move.card, rules) if (m.low < target.low) == move.low]
        own = replace_at(own, move.target, grown[0])
        events = (Event(EventKind.LAYS_OFF, player=seat, cards=used),)
    for card in used:
        if taken and card == taken[0] and card not in held:
            taken = ()
        else:
            held = without(held, card)
    return attrs.evolve(
        state,
        hands=replace_at(state.hands, seat, held),
        taken=taken,
        melds=replace_at(state.melds, seat, own),
        events=events,
    )


def _legal_lay_down(state: State, seat: int) -> tuple[Move, ...]:
    held = state.hands[seat]
    if HIDDEN in held:
        return ()
    rules = ROUND_RULES[state.hand - 1]
    melds = _round_melds(held, state.hand)
    offs = _lay_offs(seat, held, state.melds[seat], rules)
    out: list[Move] = [LayMeld(seat, m) for m in melds]
    out.extend(offs)
    if melds and not state.melds[seat]:
        out.append(_BEST[seat])
    out.append(_DONE[seat])
    return tuple(out)


def _can_lay(held: tuple[Card, ...], own: Sequence[Meld], number: int) -> bool:
    """The seat has a three-card meld to lay (some natural fits one) or a card to lay off."""
    rules = ROUND_RULES[number - 1]
    if len(held) >= 3:
        wild = _WILD_TABLES[number - 1]
        naturals = [i for i in [c.index for c in held] if not wild[i]]
        if naturals and _stuck(naturals, len(held) - len(naturals)) < len(naturals):
            return True
    return any(lay_off(meld, card, rules) for meld in own for card in set(held))


def _settle(state: State) -> State:
    """Passes over seats with nothing to lay down; scores the round when all have laid down."""
    turn, waiting = state.turn, state.waiting
    while not _can_lay(state.hands[turn], state.melds[turn], state.hand):
        if not waiting:
            return _score_round(state)
        turn, waiting = waiting[0], waiting[1:]
    if turn == state.turn and waiting == state.waiting:
        return state
    return attrs.evolve(state, turn=turn, waiting=waiting)


def _apply_lay_down(state: State, seat: int, move: Move) -> State:
    rules = ROUND_RULES[state.hand - 1]
    held = state.hands[seat]
    own = state.melds[seat]
    events: tuple[Event, ...]
    finished = False
    if isinstance(move, LayMeld):
        for card in move.meld.cards:
            held = without(held, card)
        own = (*own, move.meld)
        events = (Event(EventKind.MELDS, player=seat, cards=move.meld.cards),)
    elif isinstance(move, LayOff):
        target = own[move.target]
        grown = [g for g in lay_off(target, move.card, rules) if (g.low < target.low) == move.low]
        held = without(held, move.card)
        own = replace_at(own, move.target, grown[0])
        events = (Event(EventKind.LAYS_OFF, player=seat, cards=(move.card,)),)
    elif isinstance(move, LayDownBest):
        laid, held = best_lay_down(held, rules, ROUND_POINTS[state.hand - 1])
        own = (*own, *laid)
        events = tuple(Event(EventKind.MELDS, player=seat, cards=m.cards) for m in laid)
        finished = True
    else:
        events = ()
        finished = True
    hands = replace_at(state.hands, seat, held)
    melds = replace_at(state.melds, seat, own)
    turn, waiting = seat, state.waiting
    if finished or not held:
        if not waiting:
            return _score_round(attrs.evolve(state, hands=hands, melds=melds, events=events))
        turn, waiting = waiting[0], waiting[1:]
    nxt = attrs.evolve(state, hands=hands, melds=melds, turn=turn, waiting=waiting, events=events)
    return _settle(nxt)


def _score_round(state: State) -> State:
    """Counts the cards left in every hand and deals the next round, or ends the game."""
    table = ROUND_POINTS[state.hand - 1]
    counted = tuple(table.total(h) for h in state.hands)
    points = tuple(a + b for a, b in zip(state.points, counted))
    events = (*state.events, Event(EventKind.HAND_SCORED, numbers=counted))
    if state.hand >= state.options.rounds:
        best = min(points)
        won = tuple(s for s, p in enumerate(points) if p == best)
        return attrs.evolve(
            state, phase=Phase.OVER, waiting=(), points=points,
            events=(*events, Event(EventKind.GAME_OVER, numbers=won)),
        )
    assert state.rng is not None
    n = len(state.hands)
    return _deal(state.options, state.hand + 1, (state.dealer + 1) % n, points, state.rng, None, events)
