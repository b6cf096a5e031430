"""Gin Rummy's rules: the options, the position, the public verbs and the phase helpers.

This module is the game itself: `Options` and its presets, the `State` of a deal (`Phase` says
whose move of which kind it is), `new_game`, `legal_moves`, `apply` and the other verbs of the
game protocol, then the `_legal_<phase>` / `_apply_<phase>` helpers, dealing, and the scoring of
a knock (`_showdown`, which counts with `scoring.score_knock`). The moves and their prebuilt
lookup tables live in `moves`, the meld engine and the showdown record in `scoring`.
"""

from __future__ import annotations

import bisect
import enum
import functools
from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import HIDDEN, Card, Rank, check_conservation, sorted_cards
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.errors import IllegalMove
from parlour.core.events import Event, redact_events
from parlour.core.game import checked_apply, require_options, require_players
from parlour.core.melds import Meld
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, fresh_seed
from parlour.core.seats import check_seat, replace_at
from parlour.games.gin_rummy.moves import (
    DISCARD,
    GIN,
    KNOCK,
    PASS,
    PILE,
    STOCK,
    STOCK_EVENT,
    TAKE,
    Discard,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
    Pass,
    Spread,
    TakeUpcard,
)
from parlour.games.gin_rummy.scoring import BIT, ENGINE, PACK, Showdown, meld_cards_of, score_knock

# ---------------------------------------------------------------------------------------------
# Rule tables

HAND_SIZE: Final = 10
STOCK_FLOOR: Final = 2
"""A discard that leaves this many cards in the stock (the 50th card drawn) voids the hand."""


class DealerRule(enum.Enum):
    """Who deals after a hand that was scored (a void hand is always redealt by its dealer)."""

    ALTERNATE = 1
    WINNER_DEALS = 2


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the classic game of seed 004."""

    knock_limit: int = attrs.field(default=10, validator=attrs.validators.in_(range(0, 100)))
    """Most deadwood a knocker may hold (seed: "count 10 or less")."""
    gin_bonus: int = attrs.field(default=25, validator=attrs.validators.ge(0))
    """Bonus for going gin (seed: "plus a bonus of 25")."""
    undercut_bonus: int = attrs.field(default=25, validator=attrs.validators.ge(0))
    """Bonus to a defender whose count is equal or lower (seed: "a bonus of 25 points")."""
    target: int = attrs.field(default=100, validator=attrs.validators.ge(1))
    """The game ends when a player's hand points reach this (seed: "100 points")."""
    game_bonus: int = attrs.field(default=100, validator=attrs.validators.ge(0))
    """Added to the game winner's score (seed: "A 100-point bonus")."""
    box_bonus: int = attrs.field(default=25, validator=attrs.validators.ge(0))
    """Added per hand won, to both players, at the end (seed: the box or line bonus)."""
    shutout_doubles: bool = True
    """The margin doubles when the loser scored no point (seed: shutout, schneider)."""
    dealer_rule: DealerRule = DealerRule.ALTERNATE
    """Who deals the next hand: alternate (rules note) or the hand's winner (many books)."""

    @classmethod
    def classic(cls) -> Options:
        """Seed 004's game (the defaults)."""
        return cls()


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    OFFER = 1
    """`player` may take the first upcard or pass."""
    STOCK_ONLY = 2
    """Both refused the upcard: the non-dealer draws from the stock."""
    DRAW = 3
    DISCARD = 4
    """`player` holds 11 cards: discard, knock or go gin."""
    SPREAD = 5
    """`player` knocked with `knock_card` and chooses the arrangement."""
    OVER = 6


@attrs.frozen(kw_only=True)
class State:
    """A position. Hands are sorted; `stock[0]` is the top card, `discards[-1]` the upcard."""

    options: Options
    hand: int
    rng: Rng | None
    dealer: int
    phase: Phase
    player: int
    """The seat to act (the knocker in SPREAD; the game winner once OVER)."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    discards: tuple[Card, ...]
    taken: tuple[Card, ...] = ()
    """The card taken from the discard pile this turn (none or one), held apart from the hand
    until the turn ends because it may not be discarded at once. It is public."""
    knock_card: tuple[Card, ...] = ()
    """In SPREAD, the card the knocker put away (one), held apart from the hand; else none."""
    scores: tuple[int, int] = (0, 0)
    """Hand points so far (before the game and box bonuses)."""
    boxes: tuple[int, int] = (0, 0)
    """Hands won so far."""
    showdown: Showdown | None = None
    """The last knock's showdown (kept until the next one; None after a void hand)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        return _legal(self)


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
    require_players("gin_rummy", players, (2,), 2)
    rng = Rng(fresh_seed() if seed is None else seed)
    if dealer is None:
        dealer, rng = rng.below(2)
    else:
        check_seat("dealer", dealer, 2)
    return _deal(require_options("gin_rummy", options, Options), 1, dealer, rng, deck, (0, 0), (0, 0), None, ())


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the seat to act: the order is take, pass, draws, discards in hand
    order, knocks in hand order, gins in hand order, spreads by deadwood.

    >>> s = apply(new_game(seed=3, dealer=0), Pass(1))
    >>> [str(m) for m in legal_moves(apply(s, Pass(0)))]
    ['draw stock']
    """
    return state.legal


def apply(state: State, move: Move) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.player,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Hand points per seat during play; once the game is over, the final totals: hand points,
    plus the game bonus to the winner, plus the box bonus per hand won (doubling for a shutout
    applies to the margin, see `margin`)."""
    if state.phase is not Phase.OVER:
        return state.scores
    o = state.options
    return tuple(
        state.scores[s] + o.box_bonus * state.boxes[s] + (o.game_bonus if s == state.player else 0) for s in (0, 1)
    )


def margin(state: State) -> int:
    """What the winner wins at the end: the difference of the totals, doubled for a shutout.

    Raises ValueError while the game is still on.
    """
    if state.phase is not Phase.OVER:
        raise ValueError("the game is not over: there is no margin yet")
    totals = scores(state)
    winner, loser = state.player, 1 - state.player
    diff = totals[winner] - totals[loser]
    if state.options.shutout_doubles and state.scores[loser] == 0:
        diff *= 2
    return diff


def winners(state: State) -> frozenset[int]:
    return frozenset((state.player,)) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` sees: the other hand and the stock hidden (counts kept), no rng.

    Once the game is over both hands are shown; the last showdown is always public.
    """
    hands = state.hands
    if state.phase is not Phase.OVER:
        hands = (
            hands[0] if player == 0 else (HIDDEN,) * len(hands[0]),
            hands[1] if player == 1 else (HIDDEN,) * len(hands[1]),
        )
    return attrs.evolve(
        state,
        rng=None,
        hands=hands,
        stock=(HIDDEN,) * len(state.stock),
        events=redact_events(state.events, player),
    )


def parse_move(state: State, text: str) -> Move:
    """Reads "take upcard", "pass", "draw stock", "draw discard", "discard 7H", "knock 7H",
    "gin 7H" or "spread 4H 5H 6H, 9C 9D 9S"."""
    return parse_by_matching(text, state.legal)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    check_seat("dealer", state.dealer, 2)
    check_seat("player", state.player, 2)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    if state.rng is not None:
        Rng.check(state.rng)
    zones = (*state.hands[0], *state.hands[1], *state.stock, *state.discards, *state.taken, *state.knock_card)
    check_conservation("gin rummy cards", zones, PACK)
    sizes = tuple(len(h) for h in state.hands)
    if len(state.taken) > 1 or len(state.knock_card) > 1:
        raise ValueError("at most one card is taken from the pile or put away by a knock")
    phase = state.phase
    if min(state.scores) < 0 or min(state.boxes) < 0:
        raise ValueError("scores and boxes may not be negative")
    if state.boxes[0] + state.boxes[1] > state.hand:
        raise ValueError("more hands won than hands dealt")
    reached = [s for s in (0, 1) if state.scores[s] >= state.options.target]
    if (phase is Phase.OVER) != bool(reached) or (reached and reached != [state.player]):
        raise ValueError("the game is over exactly when the seat `player` has reached the target")
    holding = {Phase.DISCARD: 11, Phase.SPREAD: 10}.get(phase, 10) - len(state.taken)
    if sizes[state.player] != holding or sizes[1 - state.player] != 10:
        raise ValueError(f"hand sizes {sizes} do not fit phase {phase.name}")
    if phase is Phase.OVER and state.showdown is None:
        raise ValueError("a finished game shows its last showdown")
    if phase is Phase.DRAW and not state.discards:
        raise ValueError("a player draws with an empty discard pile")
    floor = STOCK_FLOOR if phase in (Phase.DISCARD, Phase.SPREAD, Phase.OVER) else STOCK_FLOOR + 1
    if len(state.stock) < floor:
        raise ValueError(f"{len(state.stock)} stock cards in phase {phase.name}: the hand should have ended")
    if phase in (Phase.OFFER, Phase.STOCK_ONLY) and (len(state.discards) != 1 or len(state.stock) != 31):
        raise ValueError("the upcard offer comes straight after the deal")
    if phase is Phase.STOCK_ONLY and state.player == state.dealer:
        raise ValueError("after two passes the non-dealer draws")
    if state.taken and phase not in (Phase.DISCARD, Phase.SPREAD):
        raise ValueError("a card is held apart as taken from the pile only during its taker's turn")
    if bool(state.knock_card) != (phase is Phase.SPREAD):
        raise ValueError("a knock card is set exactly while the knocker spreads")
    if phase is Phase.SPREAD and state.rng is not None and not state.legal:
        raise ValueError("the knock card leaves no arrangement within the knock limit")
    if state.showdown is not None:
        _check_showdown(state, state.showdown)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see (other hand, stock) rearranged."""
    over = state.phase is Phase.OVER
    # A knocker about to spread keeps their cards: the knock itself says they can be spread.
    fixed = state.player if state.phase is Phase.SPREAD else None
    seats = [s for s in (0, 1) if s != player and s != fixed and not over]
    unseen = [c for s in seats for c in state.hands[s]] + list(state.stock)
    mixed, _ = Rng(seed).shuffled(unseen)
    hands = list(state.hands)
    at = 0
    for s in seats:
        hands[s] = sorted_cards(mixed[at : at + len(hands[s])])
        at += len(hands[s])
    return attrs.evolve(state, hands=(hands[0], hands[1]), stock=tuple(mixed[at:]), rng=Rng(seed ^ 0x5EED))


# ---------------------------------------------------------------------------------------------
# Phases

_SORT: Final = {c: c.sort_key for c in PACK}
"""Each card's sort key, to insert a card into a sorted hand by bisection."""


def _legal(state: State) -> tuple[Move, ...]:
    p = state.player
    match state.phase:
        case Phase.OFFER:
            return (TAKE[p], PASS[p])
        case Phase.STOCK_ONLY:
            return (STOCK[p],)
        case Phase.DRAW:
            return (STOCK[p], PILE[p])
        case Phase.DISCARD:
            return _legal_discard(state)
        case Phase.SPREAD:
            return _legal_spread(state)
        case Phase.OVER:
            return ()


def _legal_discard(state: State) -> tuple[Move, ...]:
    p, hand = state.player, state.hands[state.player]
    if hand[0].rank is Rank.HIDDEN:
        return ()  # a view of the other seat's turn: its choices are not known
    entries = [DISCARD[p][c] for c in hand]
    # No immediate re-discard: the card taken from the pile is held apart, not in `hand`.
    moves: list[Move] = [e[0] for e in entries]
    mask = BIT[state.taken[0]] if state.taken else 0
    for e in entries:
        mask |= e[1]
    limit = state.options.knock_limit
    # Knock with deadwood within the limit after some discard; gin with none.
    if ENGINE.discard_bound(mask) <= limit:
        knocks: list[Move] = []
        gins: list[Move] = []
        for c in hand:
            left = ENGINE.deadwood(mask ^ DISCARD[p][c][1])
            if left == 0:
                gins.append(GIN[p][c])
            elif left <= limit:
                knocks.append(KNOCK[p][c])
        moves += knocks + gins
    return tuple(moves)


def _spreads(state: State) -> tuple[tuple[tuple[Meld, ...], int], ...]:
    mask = ENGINE.mask((*state.hands[state.player], *state.taken))
    return tuple(a for a in ENGINE.arrangements(mask, state.options.knock_limit) if a[1] > 0)


def _legal_spread(state: State) -> tuple[Move, ...]:
    if state.hands[state.player][0].rank is Rank.HIDDEN:
        return ()
    return tuple(Spread(state.player, meld_cards_of(melds)) for melds, _ in _spreads(state))


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.player or state.phase is Phase.OVER:
        return f"it is seat {state.player}'s turn" if state.phase is not Phase.OVER else "the game is over"
    hand = state.hands[state.player]
    if isinstance(move, (TakeUpcard, Pass)):
        return "the upcard is offered only before the first draw"
    if isinstance(move, DrawDiscard) and state.phase is Phase.STOCK_ONLY:
        return "both players refused the upcard: draw from the stock"
    if isinstance(move, (DrawStock, DrawDiscard)):
        return "draw once, at the start of the turn" if state.phase is Phase.DISCARD else "not a drawing moment"
    if isinstance(move, (Discard, Knock, Gin)):
        if state.phase is not Phase.DISCARD:
            return "draw first" if state.phase in (Phase.DRAW, Phase.STOCK_ONLY, Phase.OFFER) else "spread first"
        if (move.card,) == state.taken:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        if move.card not in hand:
            return f"{move.card} is not in the hand"
        left = ENGINE.deadwood(ENGINE.mask((*hand, *state.taken)) ^ BIT[move.card])
        if isinstance(move, Knock):
            if left == 0:
                return "all ten other cards meld: that is gin, not a knock"
            return f"deadwood would be {left}, more than {state.options.knock_limit}"
        return f"deadwood would be {left}, not 0"
    if state.phase is not Phase.SPREAD:
        return "spread only after knocking"
    return "not an arrangement of the other ten cards with deadwood within the knock limit"


def _apply(state: State, move: Move) -> State:
    p = move.player
    match move:
        case TakeUpcard() | DrawDiscard():
            card = state.discards[-1]
            what = "takes the upcard" if isinstance(move, TakeUpcard) else "draws from the discard pile"
            return attrs.evolve(
                state, phase=Phase.DISCARD, player=p, discards=state.discards[:-1], taken=(card,),
                events=(Event(what, p, (card,)),),
            )
        case DrawStock():
            card = state.stock[0]
            event = STOCK_EVENT[p][card]
            return _after_draw(state, p, card, state.stock[1:], event)
        case Pass():
            if p == state.dealer:
                nxt = attrs.evolve(state, phase=Phase.STOCK_ONLY, player=1 - p, events=(Event("passes", p),))
            else:
                nxt = attrs.evolve(state, player=1 - p, events=(Event("passes", p),))
            return nxt
        case Discard(card=card):
            return _apply_discard(state, p, card)
        case Gin(card=card) | Knock(card=card):
            held = state.hands[p]
            at = held.index(card)
            rest = held[:at] + held[at + 1 :]
            knocked = attrs.evolve(
                state, phase=Phase.SPREAD, hands=(rest, state.hands[1]) if p == 0 else (state.hands[0], rest),
                knock_card=(card,), events=(Event("knocks", p, (card,)),),
            )
            if isinstance(move, Gin):
                mask = ENGINE.mask((*knocked.hands[p], *knocked.taken))
                return _showdown(knocked, meld_cards_of(ENGINE.best_melds(mask)), gin=True)
            spreads = _spreads(knocked)
            return _showdown(knocked, meld_cards_of(spreads[0][0]), gin=False) if len(spreads) == 1 else knocked
        case Spread(melds=melds):
            return _showdown(state, melds, gin=False, announced=True)
    raise IllegalMove(f"{move!r} is not a Gin Rummy move")


def _after_draw(
    state: State,
    p: int,
    card: Card,
    stock: tuple[Card, ...],
    event: Event,
) -> State:
    held = state.hands[p]
    at = bisect.bisect(held, _SORT[card], key=_SORT.__getitem__)
    hand = (*held[:at], card, *held[at:])
    return State(
        options=state.options,
        hand=state.hand,
        rng=state.rng,
        dealer=state.dealer,
        phase=Phase.DISCARD,
        player=p,
        hands=(hand, state.hands[1]) if p == 0 else (state.hands[0], hand),
        stock=stock,
        discards=state.discards,
        scores=state.scores,
        boxes=state.boxes,
        showdown=state.showdown,
        events=(event,),
    )


def _apply_discard(state: State, p: int, card: Card) -> State:
    held = state.hands[p]
    at = held.index(card)
    hand = held[:at] + held[at + 1 :]
    if state.taken:  # the card taken from the pile joins the hand at the end of the turn
        kept = state.taken[0]
        at = bisect.bisect(hand, _SORT[kept], key=_SORT.__getitem__)
        hand = (*hand[:at], kept, *hand[at:])
    hands = (hand, state.hands[1]) if p == 0 else (state.hands[0], hand)
    event = DISCARD[p][card][2]
    if len(state.stock) <= STOCK_FLOOR:
        # The 50th card has been drawn and discarded without a knock: a void hand, same dealer.
        assert state.rng is not None
        void = Event("void hand: no score, the same dealer deals again")
        return _deal(
            state.options, state.hand + 1, state.dealer, state.rng, None, state.scores, state.boxes, None, (event, void)
        )
    return State(
        options=state.options,
        hand=state.hand,
        rng=state.rng,
        dealer=state.dealer,
        phase=Phase.DRAW,
        player=1 - p,
        hands=hands,
        stock=state.stock,
        discards=(*state.discards, card),
        scores=state.scores,
        boxes=state.boxes,
        showdown=state.showdown,
        events=(event,),
    )


# ---------------------------------------------------------------------------------------------
# Dealing and scoring


def _deal(
    options: Options,
    number: int,
    dealer: int,
    rng: Rng,
    deck: Sequence[Card | str] | None,
    points: tuple[int, int],
    boxes: tuple[int, int],
    showdown: Showdown | None,
    events: tuple[Event, ...],
) -> State:
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    dealt, rest = deal(cards, players=2, first=1 - dealer, each=HAND_SIZE)
    upcard = rest[0]
    return State(
        options=options,
        hand=number,
        rng=rng,
        dealer=dealer,
        phase=Phase.OFFER,
        player=1 - dealer,
        hands=(sorted_cards(dealt[0]), sorted_cards(dealt[1])),
        stock=rest[1:],
        discards=(upcard,),
        scores=points,
        boxes=boxes,
        showdown=showdown,
        events=(*events, Event("deals", dealer), Event("turns up", cards=(upcard,))),
    )


def _check_showdown(state: State, shown: Showdown) -> None:
    """Raises ValueError unless the showdown follows from the cards it shows (and, once the
    game is over, from the hands)."""
    check_seat("showdown knocker", shown.knocker, 2)
    mine = [c for m in shown.melds for c in m] + list(shown.deadwood)
    theirs = [c for m in shown.defender_melds for c in m] + list(shown.laid_off) + list(shown.defender_deadwood)
    both = mine + theirs
    if len(mine) != 10 or len(theirs) != 10 or len(set(both)) != 20 or any(c not in BIT for c in both):
        raise ValueError("a showdown shows ten distinct cards of the pack for each player")
    if any(ENGINE.mask(m) not in ENGINE.melds or ENGINE.melds[ENGINE.mask(m)].cards != m for m in shown.melds):
        raise ValueError("the knocker's spread holds something that is not a meld")
    if shown.gin != (not shown.deadwood) or ENGINE.points(ENGINE.mask(shown.deadwood)) > state.options.knock_limit:
        raise ValueError("the knocker's deadwood does not allow that knock")
    o, k_mask, d_mask = state.options, ENGINE.mask(mine), ENGINE.mask(theirs)
    if score_knock(o.gin_bonus, o.undercut_bonus, shown.knocker, shown.gin, shown.melds, k_mask, d_mask) != shown:
        raise ValueError("the showdown's lay-offs, deadwood or points do not follow from the cards shown")
    if state.phase is Phase.OVER:
        if (sorted_cards(mine), sorted_cards(theirs)) != (state.hands[shown.knocker], state.hands[1 - shown.knocker]):
            raise ValueError("a finished game's hands are the cards of the last showdown")


def _showdown(
    state: State, melds: tuple[tuple[Card, ...], ...], *, gin: bool, announced: bool = False
) -> State:
    """Scores a knock: the knocker spreads `melds`, the defender melds and lays off at best.

    `state` is the knocker's SPREAD state (the card put away held apart in `knock_card`);
    `announced` when the knock was already told by the move before (a separate spread move).
    """
    o = state.options
    k, d = state.player, 1 - state.player
    card = state.knock_card[0]
    knocker_mask = ENGINE.mask((*state.hands[k], *state.taken))
    shown = score_knock(o.gin_bonus, o.undercut_bonus, k, gin, melds, knocker_mask, ENGINE.mask(state.hands[d]))
    winner, points, laid = shown.winner, shown.points, shown.laid_off
    k_dead, d_dead = ENGINE.points(ENGINE.mask(shown.deadwood)), ENGINE.points(ENGINE.mask(shown.defender_deadwood))
    d_melds = shown.defender_melds
    totals = replace_at(state.scores, winner, state.scores[winner] + points)
    boxes = replace_at(state.boxes, winner, state.boxes[winner] + 1)
    hands = replace_at(state.hands, k, ENGINE.cards_of(knocker_mask))
    knock_event = () if announced else (Event("goes gin" if gin else "knocks", k, (card,)),)
    events = (
        *knock_event,
        Event("shows melds", k, tuple(c for m in melds for c in m)),
        Event("shows deadwood", k, shown.deadwood, numbers=(k_dead,)),
        Event("shows melds", d, tuple(c for m in d_melds for c in m)),
        *((Event("lays off", d, shown.laid_off),) if laid else ()),
        Event("shows deadwood", d, shown.defender_deadwood, numbers=(d_dead,)),
        Event("undercuts and scores" if winner == d else "scores", winner, numbers=(points,)),
        Event("hand scored:", numbers=(totals[0] - state.scores[0], totals[1] - state.scores[1])),
    )
    discards = (*state.discards, card)
    if totals[winner] >= o.target:
        over = State(
            options=o,
            hand=state.hand,
            rng=state.rng,
            dealer=state.dealer,
            phase=Phase.OVER,
            player=winner,
            hands=(hands[0], hands[1]),
            stock=state.stock,
            discards=discards,
            scores=(totals[0], totals[1]),
            boxes=(boxes[0], boxes[1]),
            showdown=shown,
        )
        final = scores(over)
        return attrs.evolve(over, events=(*events, Event("game over:", winner, numbers=final)))
    assert state.rng is not None
    dealer = 1 - state.dealer if o.dealer_rule is DealerRule.ALTERNATE else winner
    return _deal(o, state.hand + 1, dealer, state.rng, None, (totals[0], totals[1]), (boxes[0], boxes[1]), shown, events)
