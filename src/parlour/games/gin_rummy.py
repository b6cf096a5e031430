"""Gin Rummy (classic) for two players, from the first deal to the game bonus.

Rule source: seed 004 ("Gin Rummy"), with the readings of rules/rummy.md section 3.1 where the
seed is silent:

* The non-dealer gets the first card; 10 cards each, then the upcard, then a 31-card stock.
* The upcard is offered to the non-dealer, then to the dealer; if both pass, the non-dealer
  draws from the stock. Taking the upcard counts as drawing from the discard pile.
* The card drawn from the discard pile may not be discarded in the same turn.
* Melds: sets of 3 or 4 of a rank, runs of 3 or more in a suit, the ace low only.
* Knock with 10 or less deadwood; gin with none. No lay-off against gin. The defender's
  lay-offs (chains included) are computed for them, always the best possible.
* A discard without a knock that leaves two cards in the stock (the 50th card has been drawn)
  makes the hand void: no score, and the same dealer deals again.
* The deal alternates (an option lets the winner deal). Game to 100, plus 100 for the game, 25
  a hand won (the box), and the margin doubles when the loser scored nothing.

Knocking is two moves: ``knock 7H`` names the discard, then ``spread ...`` picks the
arrangement of the other ten cards (it matters: it decides what the defender can lay off). When
only one arrangement is possible, it is used at once; ``gin 7H`` always uses the canonical one,
since nothing can be laid off against gin. A turn thus offers one discard and at most one knock
or gin per card, and the arrangements are only listed once a player has knocked.

The knock test runs every turn on `parlour.core.melds.OneDeck` (bit masks, an isolated-card
bound, memoised least deadwood): a random hand from the deal to its scoring takes about 1.5 ms.

>>> state = new_game(seed=3, dealer=0)
>>> [str(m) for m in legal_moves(state)]
['take upcard', 'pass']
"""

from __future__ import annotations

import bisect
import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, Card, Rank, cards_text, check_conservation, parse_cards, sorted_cards, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.errors import IllegalMove
from parlour.core.events import Event, redact_events
from parlour.core.game import GameSpec, checked_apply, require_players
from parlour.core.melds import POINTS_FACES_10, AceMode, Meld, MeldRules, OneDeck
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, fresh_seed
from parlour.core.seats import check_seat, replace_at
from parlour.core.text import by_suit

__all__ = [
    "GAME",
    "DealerRule",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Gin",
    "Knock",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "Showdown",
    "Spread",
    "State",
    "TakeUpcard",
    "apply",
    "check_invariants",
    "deadwood",
    "is_meld",
    "is_over",
    "legal_moves",
    "margin",
    "new_game",
    "parse_move",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# ---------------------------------------------------------------------------------------------
# Rule tables

PACK: Final = standard_pack()
HAND_SIZE: Final = 10
STOCK_FLOOR: Final = 2
"""A discard that leaves this many cards in the stock (the 50th card drawn) voids the hand."""
CARD_POINTS: Final = POINTS_FACES_10
"""Ace 1, pips face value, court cards 10."""
MELD_RULES: Final = MeldRules(set_min=3, set_max=4, run_min=3, ace_mode=AceMode.LOW)
"""Sets of 3-4 of a rank, runs of 3+ in a suit, the ace low only."""
_ENGINE: Final = OneDeck(MELD_RULES, CARD_POINTS)


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
# Moves


@attrs.frozen
class TakeUpcard:
    """Take the first upcard (offered to the non-dealer, then to the dealer)."""

    player: int

    def __str__(self) -> str:
        return "take upcard"


@attrs.frozen
class Pass:
    """Refuse the first upcard."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class DrawStock:
    player: int

    def __str__(self) -> str:
        return "draw stock"


@attrs.frozen
class DrawDiscard:
    player: int

    def __str__(self) -> str:
        return "draw discard"


@attrs.frozen
class Discard:
    player: int
    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@attrs.frozen
class Knock:
    """Knock, putting `card` away; the arrangement follows (`Spread`) when there is a choice."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"knock {self.card}"


@attrs.frozen
class Gin:
    """Go gin, putting `card` away: the other ten cards are all melded."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"gin {self.card}"


@attrs.frozen
class Spread:
    """The knocker's melds; the rest of the ten cards is the deadwood."""

    player: int
    melds: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return "spread " + ", ".join(cards_text(m) for m in self.melds)


Move: TypeAlias = TakeUpcard | Pass | DrawStock | DrawDiscard | Discard | Knock | Gin | Spread


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


@attrs.frozen
class Showdown:
    """What the last knock showed: both arrangements, the lay-offs and the points."""

    knocker: int
    gin: bool
    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    defender_melds: tuple[tuple[Card, ...], ...]
    laid_off: tuple[Card, ...]
    defender_deadwood: tuple[Card, ...]
    winner: int
    points: int


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
    return _deal(options or Options(), 1, dealer, rng, deck, (0, 0), (0, 0), None, ())


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


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand number and dealer, what the seat to act must do (the upcard offer, draw, discard,
    spread) or the result, one line per seat (score, hands won, cards held) with a visible hand
    grouped by suit and its least deadwood, the stock count and the discard pile (top last), and
    the last knock's showdown: melds, deadwood, lay-offs and the points it scored. Hidden cards
    appear only as counts.
    """
    o = state.options
    lines = [f"hand {state.hand}, dealer seat {state.dealer}, game to {o.target}", _render_now(state)]
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        won = state.boxes[s]
        line = f"seat {s}  score {state.scores[s]:>{width}}, {won} hand{'' if won == 1 else 's'} won  "
        taken = state.taken if s == state.player else ()
        line += f"{len(held)} cards" + (f" + {taken[0]} taken" if taken else "")
        visible = bool(held) and HIDDEN not in held
        if visible and state.phase is not Phase.OVER:
            mask = _ENGINE.mask(held)
            if taken:
                low = min(_ENGINE.deadwood(mask ^ _BIT[c]) for c in held)
                line += f", deadwood {low} after the best discard"
            elif len(held) > HAND_SIZE:
                line += f", deadwood {_ENGINE.deadwood_after_discard(mask)} after the best discard"
            else:
                line += f", deadwood {_ENGINE.deadwood(mask)}"
        lines.append(line)
        if visible:
            lines.append("        " + by_suit(held) + (f" + {taken[0]}" if taken else ""))
    pile = state.discards
    if not pile:
        shown = "empty"
    elif len(pile) > _PILE_SHOWN:
        shown = f"({len(pile)} cards, top last): ... {cards_text(pile[-_PILE_SHOWN:])}"
    else:
        shown = f"(top last): {cards_text(pile)}"
    lines.append(f"stock {len(state.stock)} cards; discard pile {shown}")
    if state.showdown is not None:
        lines += _render_showdown(state.showdown, state.hand if state.phase is Phase.OVER else state.hand - 1)
    return "\n".join(lines)


_PILE_SHOWN: Final = 12
"""The discards `render` lists (the top ones); the pile can hold 30."""



def _render_now(state: State) -> str:
    """The line of `render` that says what the seat to act must do, or how the game ended."""
    p, o = state.player, state.options
    top = state.discards[-1] if state.discards else None
    match state.phase:
        case Phase.OFFER if p != state.dealer:
            return f"upcard {top} offered to seat {p}, the non-dealer: take upcard or pass"
        case Phase.OFFER:
            return f"seat {1 - p} passed; upcard {top} offered to seat {p}, the dealer: take upcard or pass"
        case Phase.STOCK_ONLY:
            return f"both passed the upcard {top}: seat {p} to draw stock"
        case Phase.DRAW:
            return f"seat {p} to draw stock or draw discard ({top})"
        case Phase.DISCARD:
            took = f"seat {p} took {state.taken[0]} and must" if state.taken else f"seat {p} to"
            return f"{took} discard, knock (deadwood {o.knock_limit} or less) or go gin"
        case Phase.SPREAD:
            return f"seat {p} knocked with {state.knock_card[0]} and chooses how to spread the other ten cards"
    totals = scores(state)
    shutout = " (doubled: shutout)" if o.shutout_doubles and state.scores[1 - p] == 0 else ""
    return (
        f"game over: seat {p} wins, {totals[p]} to {totals[1 - p]} with the game and box bonuses; "
        f"margin {margin(state)}{shutout}"
    )


def _render_showdown(shown: Showdown, number: int) -> list[str]:
    """The showdown lines of `render`: both arrangements, the lay-offs and the points."""
    k, d = shown.knocker, 1 - shown.knocker

    def dead(cards: tuple[Card, ...]) -> str:
        return f"deadwood {cards_text(cards) or '-'} ({_ENGINE.points(_ENGINE.mask(cards))})"

    def melds(sets: tuple[tuple[Card, ...], ...]) -> str:
        return ", ".join(cards_text(m) for m in sets) or "no melds"

    knock = f"seat {k} went gin: {melds(shown.melds)}" if shown.gin else f"seat {k} knocked: {melds(shown.melds)}"
    laid = f"; laid off {cards_text(shown.laid_off)}" if shown.laid_off else ""
    how = " with the gin bonus" if shown.gin else " with the undercut bonus" if shown.winner == d else ""
    return [
        f"showdown of hand {number}: {knock}" + ("" if shown.gin else f"; {dead(shown.deadwood)}"),
        f"  seat {d}: {melds(shown.defender_melds)}{laid}; {dead(shown.defender_deadwood)}",
        f"  seat {shown.winner} scored {shown.points}{how}",
    ]


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


def deadwood(cards: Sequence[Card | str]) -> int:
    """The least deadwood of the cards over all arrangements (ace low, court cards 10).

    >>> deadwood(["7S", "7H", "7D", "8D", "9D", "JC", "QC", "KC", "2S", "3H"])
    19
    """
    return _ENGINE.deadwood(_ENGINE.mask(_distinct(cards)))


def is_meld(cards: Sequence[Card | str]) -> bool:
    """True if the cards are one Gin Rummy meld.

    >>> is_meld(["AC", "2C", "3C"]), is_meld(["QC", "KC", "AC"])
    (True, False)
    """
    return _ENGINE.mask(_distinct(cards)) in _ENGINE.melds


def _distinct(cards: Sequence[Card | str]) -> tuple[Card, ...]:
    parsed = parse_cards(cards)
    if len(set(parsed)) != len(parsed) or any(c.suit is None for c in parsed):
        raise ValueError(f"{cards_text(parsed)}: Gin Rummy uses one pack without jokers, each card once")
    return parsed


# ---------------------------------------------------------------------------------------------
# Phases

_TAKE: Final = (TakeUpcard(0), TakeUpcard(1))
_PASS: Final = (Pass(0), Pass(1))
_STOCK: Final = (DrawStock(0), DrawStock(1))
_PILE: Final = (DrawDiscard(0), DrawDiscard(1))
# Per card and seat, built once: the card's bit, its discard move and event (one hash per use).
_DISCARD: Final = tuple({c: (Discard(p, c), _ENGINE.mask((c,)), Event("discards", p, (c,))) for c in PACK} for p in (0, 1))
_STOCK_EVENT: Final = tuple({c: Event("draws from the stock", p, (c,), private=True) for c in PACK} for p in (0, 1))
_KNOCK: Final = tuple({c: Knock(p, c) for c in PACK} for p in (0, 1))
_GIN: Final = tuple({c: Gin(p, c) for c in PACK} for p in (0, 1))
_BIT: Final = {c: _ENGINE.mask((c,)) for c in PACK}
_SORT: Final = {c: c.sort_key for c in PACK}


def _legal(state: State) -> tuple[Move, ...]:
    p = state.player
    match state.phase:
        case Phase.OFFER:
            return (_TAKE[p], _PASS[p])
        case Phase.STOCK_ONLY:
            return (_STOCK[p],)
        case Phase.DRAW:
            return (_STOCK[p], _PILE[p])
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
    entries = [_DISCARD[p][c] for c in hand]
    # No immediate re-discard: the card taken from the pile is held apart, not in `hand`.
    moves: list[Move] = [e[0] for e in entries]
    mask = _BIT[state.taken[0]] if state.taken else 0
    for e in entries:
        mask |= e[1]
    limit = state.options.knock_limit
    # Knock with deadwood within the limit after some discard; gin with none.
    if _ENGINE.discard_bound(mask) <= limit:
        knocks: list[Move] = []
        gins: list[Move] = []
        for c in hand:
            left = _ENGINE.deadwood(mask ^ _DISCARD[p][c][1])
            if left == 0:
                gins.append(_GIN[p][c])
            elif left <= limit:
                knocks.append(_KNOCK[p][c])
        moves += knocks + gins
    return tuple(moves)


def _spreads(state: State) -> tuple[tuple[tuple[Meld, ...], int], ...]:
    mask = _ENGINE.mask((*state.hands[state.player], *state.taken))
    return tuple(a for a in _ENGINE.arrangements(mask, state.options.knock_limit) if a[1] > 0)


def _legal_spread(state: State) -> tuple[Move, ...]:
    if state.hands[state.player][0].rank is Rank.HIDDEN:
        return ()
    return tuple(Spread(state.player, _cards(melds)) for melds, _ in _spreads(state))


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
        left = _ENGINE.deadwood(_ENGINE.mask((*hand, *state.taken)) ^ _BIT[move.card])
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
            event = _STOCK_EVENT[p][card]
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
                mask = _ENGINE.mask((*knocked.hands[p], *knocked.taken))
                return _showdown(knocked, _cards(_ENGINE.best_melds(mask)), gin=True)
            spreads = _spreads(knocked)
            return _showdown(knocked, _cards(spreads[0][0]), gin=False) if len(spreads) == 1 else knocked
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
    event = _DISCARD[p][card][2]
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


def _cards(melds: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    return tuple(m.cards for m in melds)


def _score(
    o: Options, k: int, gin: bool, melds: tuple[tuple[Card, ...], ...], knocker_mask: int, d_mask: int
) -> Showdown:
    """The showdown of a knock by seat `k` holding `knocker_mask`, against `d_mask`."""
    melded = 0
    for meld_cards in melds:
        melded |= _ENGINE.mask(meld_cards)
    k_dead = _ENGINE.points(knocker_mask & ~melded)
    if gin:
        # No lay-off against gin.
        laid, d_dead = 0, _ENGINE.deadwood(d_mask)
    else:
        d_dead, laid, _ = _ENGINE.defend(d_mask, [_ENGINE.melds[_ENGINE.mask(m)] for m in melds])
    d_melds = _cards(_ENGINE.best_melds(d_mask & ~laid))
    d_melded = 0
    for meld_cards in d_melds:
        d_melded |= _ENGINE.mask(meld_cards)
    if gin:
        winner, points = k, d_dead + o.gin_bonus
    elif k_dead < d_dead:
        winner, points = k, d_dead - k_dead
    else:
        winner, points = 1 - k, k_dead - d_dead + o.undercut_bonus
    return Showdown(
        knocker=k,
        gin=gin,
        melds=melds,
        deadwood=_ENGINE.cards_of(knocker_mask & ~melded),
        defender_melds=d_melds,
        laid_off=_ENGINE.cards_of(laid),
        defender_deadwood=_ENGINE.cards_of(d_mask & ~laid & ~d_melded),
        winner=winner,
        points=points,
    )


def _check_showdown(state: State, shown: Showdown) -> None:
    """Raises ValueError unless the showdown follows from the cards it shows (and, once the
    game is over, from the hands)."""
    check_seat("showdown knocker", shown.knocker, 2)
    mine = [c for m in shown.melds for c in m] + list(shown.deadwood)
    theirs = [c for m in shown.defender_melds for c in m] + list(shown.laid_off) + list(shown.defender_deadwood)
    both = mine + theirs
    if len(mine) != 10 or len(theirs) != 10 or len(set(both)) != 20 or any(c not in _BIT for c in both):
        raise ValueError("a showdown shows ten distinct cards of the pack for each player")
    if any(_ENGINE.mask(m) not in _ENGINE.melds or _ENGINE.melds[_ENGINE.mask(m)].cards != m for m in shown.melds):
        raise ValueError("the knocker's spread holds something that is not a meld")
    if shown.gin != (not shown.deadwood) or _ENGINE.points(_ENGINE.mask(shown.deadwood)) > state.options.knock_limit:
        raise ValueError("the knocker's deadwood does not allow that knock")
    d_mask = _ENGINE.mask(theirs)
    if _score(state.options, shown.knocker, shown.gin, shown.melds, _ENGINE.mask(mine), d_mask) != shown:
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
    knocker_mask = _ENGINE.mask((*state.hands[k], *state.taken))
    shown = _score(o, k, gin, melds, knocker_mask, _ENGINE.mask(state.hands[d]))
    winner, points, laid = shown.winner, shown.points, shown.laid_off
    k_dead, d_dead = _ENGINE.points(_ENGINE.mask(shown.deadwood)), _ENGINE.points(_ENGINE.mask(shown.defender_deadwood))
    d_melds = shown.defender_melds
    totals = replace_at(state.scores, winner, state.scores[winner] + points)
    boxes = replace_at(state.boxes, winner, state.boxes[winner] + 1)
    hands = replace_at(state.hands, k, _ENGINE.cards_of(knocker_mask))
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


GAME: Final = GameSpec[State, Move, Options](
    name="gin_rummy",
    title="Gin Rummy",
    family="rummy",
    summary="Two players draw and discard to form sets and runs, knock with 10 or less deadwood, "
    "and play to 100.",
    players=(2,),
    default_players=2,
    options_type=Options,
    state_type=State,
    move_types=(TakeUpcard, Pass, DrawStock, DrawDiscard, Discard, Knock, Gin, Spread),
    presets=(("classic", Options.classic()),),
    max_plies=200_000,
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
