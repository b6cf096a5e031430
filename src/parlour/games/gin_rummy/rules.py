"""Gin Rummy's rules: the options, the position, the public verbs and the phase helpers.

This module is the game itself: `Options` and its presets, the `State` of a deal (`Phase` says
whose move of which kind it is) with its declared card zones, `new_game`, `legal_moves`, `apply`
and the other verbs of the game protocol, then the `_legal_<phase>` / `_apply_<phase>` helpers,
dealing, and the scoring of a knock (`_showdown`, which counts with `scoring.score_knock`). The
moves and their prebuilt lookup tables live in `moves`, the meld engine and the showdown record
in `scoring`.
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Sequence
from typing import Final, cast

import attrs

from parlour.core.cards import Card, sorted_cards
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.errors import IllegalMove
from parlour.core.events import Event, EventKind
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.melds import AceMode, Meld, OneDeck
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.values import cached_slot, raw_field, slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.gin_rummy.moves import (
    DISCARD,
    DISCARD_EVENTS,
    DOUBLE_GIN,
    GIN,
    KNOCK,
    MOVE_TYPES,
    PASS,
    PASS_EVENTS,
    PILE,
    STOCK,
    STOCK_EVENTS,
    TAKE,
    Discard,
    DoubleGin,
    DrawDiscard,
    DrawStock,
    Gin,
    Knock,
    Move,
    Pass,
    Spread,
    TakeUpcard,
)
from parlour.games.gin_rummy.scoring import (
    BIT,
    ENGINE,
    PACK,
    STOCK_OUT,
    engine_for,
    meld_cards_of,
    score_knock,
    showdown_events,
    stock_out_events,
)

# ---------------------------------------------------------------------------------------------
# Rule tables

HAND_SIZE: Final = 10
STOCK_FLOOR: Final = 2
"""A discard that leaves this many cards in the stock (the 50th card drawn) voids the hand."""
PUT_AWAY: Final = "discards"
"""The label of the SHOWS event of the card a knocker discards, and of the last discard of a
void hand: both cards go back into the pack with the hand, so they are shown, not kept."""


class DealerRule(enum.Enum):
    """Who deals after a hand that was scored (a void hand is always redealt by its dealer)."""

    ALTERNATE = 1
    WINNER_DEALS = 2
    """The hand's winner deals; in the tournament, the seat awarded points (a hand that awards
    none leaves the deal where it was)."""


class DealStyle(enum.Enum):
    """How a hand starts."""

    UPCARD = 1
    """Ten cards each, then an upcard offered to the non-dealer, then to the dealer (classic)."""
    EXTRA_CARD = 2
    """Twelve cards each and a thirteenth to the non-dealer, no upcard: the non-dealer starts by
    discarding, without a draw (tournament: "13 cards to your oponent and 12 cards to yourself")."""


HAND_SIZES: Final = {DealStyle.UPCARD: HAND_SIZE, DealStyle.EXTRA_CARD: 12}
"""Cards each player holds between turns, by the deal."""


class Undercut(enum.Enum):
    """What a defender whose count is equal or lower than the knocker's scores."""

    DIFFERENCE = 1
    """The difference of the counts plus `undercut_bonus` (classic)."""
    DOUBLE_KNOCK = 2
    """Twice the knocker's deadwood plus `undercut_bonus`, whatever the defender's count
    (tournament: "double the points that the person Ran with plus 25")."""


class StockEnd(enum.Enum):
    """What happens when nobody has knocked and the stock runs low."""

    VOID = 1
    """A discard without a knock that leaves `STOCK_FLOOR` cards in the stock voids the hand:
    no score, the same dealer deals again (classic)."""
    COUNT = 2
    """Play to the last stock card: after its drawer discards without going out, both lay down
    their best melds, nothing is laid off, and the lower deadwood scores the difference (equal
    counts score nothing), no Gins (tournament)."""


_STOCK_FLOORS: Final = {StockEnd.VOID: STOCK_FLOOR, StockEnd.COUNT: 0}
"""The fewest stock cards a discard without a knock may leave, by `StockEnd`."""
_RUN_ACES: Final = (AceMode.LOW, AceMode.HIGH, AceMode.EITHER)
_LOW: Final = AceMode.LOW
"""The classic ace rule, bound once: an enum member looked up on its class costs a call."""


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the classic game of the Card Games collection (Gin Rummy)."""

    knock_limit: int = 10
    """Most deadwood a knocker may hold, 0 to 99 (seed: "count 10 or less")."""
    gin_bonus: int = 25
    """Bonus for going gin (seed: "plus a bonus of 25")."""
    undercut_bonus: int = 25
    """Bonus to a defender whose count is equal or lower (seed: "a bonus of 25 points")."""
    target: int = 100
    """The game ends when a player's hand points reach this (seed: "100 points")."""
    game_bonus: int = 100
    """Added to the game winner's score (seed: "A 100-point bonus")."""
    box_bonus: int = 25
    """Added per hand won, to both players, at the end (seed: the box or line bonus)."""
    shutout_doubles: bool = True
    """The margin doubles when the loser scored no point (seed: shutout, schneider)."""
    dealer_rule: DealerRule = DealerRule.ALTERNATE
    """Who deals the next hand: alternate (rules note) or the hand's winner (many books; the
    tournament: the team awarded the points deals)."""
    deal: DealStyle = DealStyle.UPCARD
    """Ten cards each and an upcard offered (classic), or twelve each and one more to the
    non-dealer, who starts with a discard (tournament); `hand_size` follows from it."""
    aces: AceMode = AceMode.LOW
    """Where an ace may stand in a run: LOW (classic: A-2-3 only), EITHER (tournament: A-2-3
    or Q-K-A, never K-A-2) or HIGH; an ace always counts 1 point."""
    double_gin: bool = False
    """Going out with every card melded and none put away, Double Gin, is allowed; it scores
    as gin and counts two Gins (tournament)."""
    undercut: Undercut = Undercut.DIFFERENCE
    """How an undercut scores (tournament: twice the knocker's deadwood plus the bonus)."""
    stock_end: StockEnd = StockEnd.VOID
    """A void hand at two stock cards (classic) or play to the last card and count (tournament)."""
    columns: int = 0
    """0: one game to `target` with the game and box bonuses (classic). 1 or more: the tournament's
    concurrent games ("columns", three in the seed), each to `target`: the k-th hand that
    awards a seat points adds them to its first k columns still open, a column closes when a
    seat's points there reach `target`, its winner gets `game_bonus`, each seat `gin_value` per
    Gin there; the match ends when every column is closed."""
    gin_value: int = 25
    """Points per Gin recorded in a column, to both seats when it closes (tournament: 25)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if self.aces not in _RUN_ACES:
            raise ValueError(f"aces must be LOW, HIGH or EITHER (runs do not turn the corner), not {self.aces.name}")
        if not 0 <= self.columns <= 999:
            raise ValueError(f"columns must be 0 (one game) to 999 concurrent games, not {self.columns}")
        if self.gin_value < 0:
            raise ValueError(f"gin_value may not be negative, not {self.gin_value}")
        if not 0 <= self.knock_limit <= 99:
            raise ValueError(f"knock_limit must be 0 to 99 points of deadwood, not {self.knock_limit}")
        if self.target < 1:
            raise ValueError(f"target must be a positive number of points, not {self.target}")
        for name in ("gin_bonus", "undercut_bonus", "game_bonus", "box_bonus"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} may not be negative, not {getattr(self, name)}")

    @property
    def hand_size(self) -> int:
        """Cards each player holds between turns: 10 (classic deal) or 12 (tournament deal)."""
        return HAND_SIZES[self.deal]

    @classmethod
    def classic(cls) -> Options:
        """The Card Games collection (Gin Rummy)'s game (the defaults)."""
        return cls()

    @classmethod
    def tournament(cls) -> Options:
        """The Metzker Book's Gin Rummy Tournament Rules for one table of two: 12 cards and a
        13th to the opponent, aces high or low, Run with 9 or less, Gin and Double Gin counted
        as Gins, undercut 2 x Run + 25, play to the last stock card, three games to 200."""
        return cls(
            knock_limit=9,
            gin_bonus=0,
            target=200,
            game_bonus=200,
            dealer_rule=DealerRule.WINNER_DEALS,
            deal=DealStyle.EXTRA_CARD,
            aces=AceMode.EITHER,
            double_gin=True,
            undercut=Undercut.DOUBLE_KNOCK,
            stock_end=StockEnd.COUNT,
            columns=3,
        )


QUICK: Final = Options(target=25)
"""A short match for the generic sweeps (`GameSpec.quick`): the first to 25 hand points."""
_DEFAULTS: Final = Options()


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
    """`player` knocked with `knock_card`, lays the other ten cards down and chooses how to
    arrange them."""
    OVER = 6


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A position. Hands are sorted; `stock[0]` is the top card, `discards[-1]` the upcard."""

    options: Options
    hand: int
    """The number of the deal, from 1 (a void hand counts too)."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
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
    """In SPREAD, the card the knocker discarded (one), face up; else none."""
    scores: tuple[int, int] = (0, 0)
    """Hand points so far (before the game and box bonuses)."""
    boxes: tuple[int, int] = (0, 0)
    """Hands won so far (in the tournament: hands that awarded the seat points)."""
    columns: tuple[tuple[int, int, int, int, int], ...] = ()
    """The tournament's games, one per column: (seat 0's points, seat 1's points, seat 0's Gins,
    seat 1's Gins, the winner's seat or -1 while open). Empty in the one-game match."""

    @cached_slot
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: the seat to act's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the play loop: every field in order, positionally."""


def _hands_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """A hand is seen by its owner; the knocker's by everyone once laid down (SPREAD); both
    by everyone when the game is over."""
    assert isinstance(state, State)
    phase = state.phase
    return viewer == owner or phase is Phase.OVER or (phase is Phase.SPREAD and owner == state.player)


ZONES: Final = (
    Zone("hands", _hands_seen, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("discards", Seen.EVERYONE),
    Zone("taken", Seen.EVERYONE),
    Zone("knock_card", Seen.EVERYONE),
)
"""Where the cards lie: each hand seen by its owner (the knocker's laid down for all while it
is arranged, both shown once the game is over), the stock by nobody, the discard pile, the card
taken from it this turn and the knocker's discard by everyone."""


# ---------------------------------------------------------------------------------------------
# Public API


def new_game(
    players: object = None,
    *,
    seed: object = None,
    options: object = None,
    deck: Sequence[Card | str] | None = None,
    dealer: object = None,
) -> State:
    """The first deal. `deck` fixes it (top card first); `dealer` fixes the first dealer."""
    rules = require_options("gin_rummy", _DEFAULTS if options is None else options, Options)
    require_players("gin_rummy", players, (2,), 2)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(2)
    else:
        check_seat("dealer=", dealer, 2)
        first = cast(int, dealer)
    columns = ((0, 0, 0, 0, -1),) * rules.columns
    return _deal(rules, 1, first, rng, deck, (0, 0), (0, 0), (), columns)


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s (on a view, the viewer's): take, pass, draws,
    discards in hand order, knocks in hand order, gins in hand order, spreads by deadwood.

    >>> s = apply(new_game(seed=3, dealer=0), Pass(1))
    >>> [str(m) for m in legal_moves(apply(s, Pass(0)))], legal_moves(s, 1)
    (['draw stock'], ())
    """
    if player is None:
        return state.legal  # what moves_for returns for every seat, without the call
    return moves_for(state, player, 2, state.legal)


def apply(state: State, move: object) -> State:
    """The state after `move`; raises IllegalMove naming the broken rule."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


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
    if state.columns:
        return _column_totals(state.options, state.columns)
    return _totals(state.options, state.scores, state.boxes, state.player)


def margin(state: State) -> int:
    """What the winner wins at the end: the difference of the totals, doubled for a shutout
    (in the one-game match only; 0 for a tied tournament).

    Raises ValueError while the game is still on.
    """
    if state.phase is not Phase.OVER:
        raise ValueError("the game is not over: there is no margin yet")
    totals = scores(state)
    winner, loser = state.player, 1 - state.player
    diff = totals[winner] - totals[loser]
    if state.columns:
        return diff
    if state.options.shutout_doubles and state.scores[loser] == 0:
        diff *= 2
    return diff


def winners(state: State) -> frozenset[int]:
    """The game winner once it is over; in the tournament, every seat with the highest total."""
    if state.phase is not Phase.OVER:
        return frozenset()
    if state.columns:
        return _best(_column_totals(state.options, state.columns))
    return frozenset((state.player,))


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hand (unless laid down or the game is
    over) and the stock hidden, counts kept; no random source; events redacted."""
    check_viewer(state, player, 2)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: object, player: int | None = None) -> Move:
    """Reads "take upcard", "pass", "draw stock", "draw discard", "discard 7H", "knock 7H",
    "gin 7H" or "spread 4H 5H 6H, 9C 9D 9S" (of seat `player`, or of the seat of a "1: ..."
    prefix)."""
    return parse_by_matching(text, legal_moves(state), player)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    check_seat("dealer", state.dealer, 2)
    check_seat("player", state.player, 2)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, 2)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    if state.rng is not None:
        Rng.check(state.rng)
    check_zones("gin_rummy", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if len(state.taken) > 1 or len(state.knock_card) > 1:
        raise ValueError("at most one card is taken from the pile or put away by a knock")
    phase, o = state.phase, state.options
    _check_scores(state)
    size = o.hand_size
    sizes = tuple(len(h) for h in state.hands)
    if phase is Phase.OVER:
        # Both hold `size`, or a Double Gin's winner all `size + 1` cards, none put away.
        if sorted(sizes) not in ([size, size], [size, size + 1] if o.double_gin else [size, size]):
            raise ValueError(f"hand sizes {sizes} do not fit the end of a hand of {size} cards")
    else:
        holding = {Phase.DISCARD: size + 1}.get(phase, size) - len(state.taken)
        if sizes[state.player] != holding or sizes[1 - state.player] != size:
            raise ValueError(f"hand sizes {sizes} do not fit phase {phase.name}")
    if phase is Phase.DRAW and not state.discards:
        raise ValueError("a player draws with an empty discard pile")
    base = _STOCK_FLOORS[o.stock_end]
    floor = base if phase in (Phase.DISCARD, Phase.SPREAD, Phase.OVER) else base + 1
    if len(state.stock) < floor:
        raise ValueError(f"{len(state.stock)} stock cards in phase {phase.name}: the hand should have ended")
    dealt = len(PACK) - 2 * size - 1
    if phase in (Phase.OFFER, Phase.STOCK_ONLY) and (
        o.deal is not DealStyle.UPCARD or len(state.discards) != 1 or len(state.stock) != dealt
    ):
        raise ValueError("the upcard offer comes straight after the deal, when there is an upcard")
    if phase is Phase.STOCK_ONLY and state.player == state.dealer:
        raise ValueError("after two passes the non-dealer draws")
    if state.taken and phase not in (Phase.DISCARD, Phase.SPREAD):
        raise ValueError("a card is held apart as taken from the pile only during its taker's turn")
    if bool(state.knock_card) != (phase is Phase.SPREAD):
        raise ValueError("a knock card is set exactly while the knocker spreads")
    if phase is Phase.SPREAD:
        # The knocker's cards lie face up: they must allow the choice that a spread is.
        mask = ENGINE.mask((*state.hands[state.player], *state.taken))
        if ENGINE.deadwood(mask) == 0:
            raise ValueError("the knocker's ten cards all meld: that knock was gin")
        if len(_spreads(state)) < 2:
            raise ValueError("a knocker spreads only when two or more arrangements are within the knock limit")


def _check_scores(state: State) -> None:
    """The score laws: the hands won fit the hands scored (none yet of the hand in play), every
    point was won with a hand, and the game is over exactly when its winner reached the target."""
    phase, points, boxes = state.phase, state.scores, state.boxes
    if min(points) < 0 or min(boxes) < 0:
        raise ValueError("scores and boxes may not be negative")
    scored = state.hand if phase is Phase.OVER else state.hand - 1
    if sum(boxes) > scored:
        raise ValueError(f"the boxes {boxes} count more hands won than the {scored} scored so far")
    for s in (0, 1):
        if points[s] and not boxes[s]:
            raise ValueError(f"seat {s} has {points[s]} points without winning a hand")
    if state.options.columns or state.columns:
        _check_columns(state)
        return
    reached = [s for s in (0, 1) if points[s] >= state.options.target]
    if (phase is Phase.OVER) != bool(reached) or (reached and reached != [state.player]):
        raise ValueError("the game is over exactly when the seat `player` has reached the target")


def _check_columns(state: State) -> None:
    """The tournament's laws: one record per column, points and Gins not negative, no column
    holding more points than its seat was awarded, a closed column won by the seat that reached
    the target there, an open one below it for both, and the match over exactly when every
    column is closed, `player` then one of its winners."""
    o, columns = state.options, state.columns
    if len(columns) != o.columns:
        raise ValueError(f"{len(columns)} game columns, the options say {o.columns}")
    for j, column in enumerate(columns, 1):
        if len(column) != 5 or min(column[:4]) < 0 or column[4] not in (-1, 0, 1):
            raise ValueError(f"game {j} is not (points, points, Gins, Gins, winner or -1): {column}")
        won = column[4]
        if column[0] > state.scores[0] or column[1] > state.scores[1]:
            raise ValueError(f"game {j} holds more points than its seats were awarded")
        if won < 0 and max(column[:2]) >= o.target:
            raise ValueError(f"game {j} is open with a seat at {o.target} or more")
        if won >= 0 and (column[won] < o.target or column[1 - won] >= o.target):
            raise ValueError(f"game {j} is closed but not won by the one seat that reached {o.target}")
    over = all(column[4] >= 0 for column in columns)
    if (state.phase is Phase.OVER) != over:
        raise ValueError("the match is over exactly when every game column is closed")
    if over and state.player not in _best(_column_totals(o, columns)):
        raise ValueError("once the match is over, `player` is one of its winners")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The same position with the cards `player` cannot see (another hidden hand, the stock)
    dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phases

_SORT: Final = {c: c.sort_key for c in PACK}
"""Each card's sort key, to insert a card into a sorted hand by bisection."""


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The moves of the seat to act (`only` None), or of seat `only` from what it sees."""
    p = state.player
    if only is not None and only != p:
        return ()
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
    return ()


def _engine(options: Options) -> OneDeck:
    """The meld engine of the options' ace rule (the classic engine without a call)."""
    return ENGINE if options.aces is _LOW else engine_for(options.aces)


def _legal_discard(state: State) -> tuple[Move, ...]:
    p, hand, o = state.player, state.hands[state.player], state.options
    row, bit = DISCARD[p], BIT
    engine = ENGINE if o.aces is _LOW else engine_for(o.aces)
    # No immediate re-discard: the card taken from the pile is held apart, not in `hand`.
    moves: list[Move] = [row[c.index] for c in hand]
    mask = bit[state.taken[0].index] if state.taken else 0
    for c in hand:
        mask |= bit[c.index]
    limit = o.knock_limit
    # Knock with deadwood within the limit after some discard; gin with none.
    if engine.discard_bound(mask) <= limit:
        knocks: list[Move] = []
        gins: list[Move] = []
        knock, gin = KNOCK[p], GIN[p]
        for c in hand:
            left = engine.deadwood(mask ^ bit[c.index])
            if left == 0:
                gins.append(gin[c.index])
            elif left <= limit:
                knocks.append(knock[c.index])
        moves += knocks + gins
        if o.double_gin and engine.deadwood(mask) == 0:
            moves.append(DOUBLE_GIN[p])
    return tuple(moves)


def _spreads(state: State) -> tuple[tuple[tuple[Meld, ...], int], ...]:
    engine = _engine(state.options)
    mask = engine.mask((*state.hands[state.player], *state.taken))
    return tuple(a for a in engine.arrangements(mask, state.options.knock_limit) if a[1] > 0)


def _legal_spread(state: State) -> tuple[Move, ...]:
    return tuple(Spread(state.player, meld_cards_of(melds)) for melds, _ in _spreads(state))


def _why_illegal(state: State, move: Move) -> str:
    if state.phase is Phase.OVER:
        return "the game is over"
    if raw_field(move, "player") != state.player:  # a refused move may hold anything: read it unchecked
        return f"it is seat {state.player}'s turn"
    hand = state.hands[state.player]
    if isinstance(move, (TakeUpcard, Pass)):
        return "the upcard is offered only before the first draw"
    if isinstance(move, DrawDiscard) and state.phase is Phase.STOCK_ONLY:
        return "both players refused the upcard: draw from the stock"
    if isinstance(move, (DrawStock, DrawDiscard)):
        if _first_turn_without_draw(state):
            return "the non-dealer's first turn has no draw: discard or go out"
        return "draw once, at the start of the turn" if state.phase is Phase.DISCARD else "not a drawing moment"
    if isinstance(move, (Discard, Knock, Gin, DoubleGin)):
        if state.phase is not Phase.DISCARD:
            return "draw first" if state.phase in (Phase.DRAW, Phase.STOCK_ONLY, Phase.OFFER) else "spread first"
        engine = _engine(state.options)
        held = engine.mask((*hand, *state.taken))
        if isinstance(move, DoubleGin):
            if not state.options.double_gin:
                return "Double Gin is not played in this game (option double_gin)"
            return f"not every card melds: the deadwood is {engine.deadwood(held)}"
        if (move.card,) == state.taken:
            return f"{move.card} was just taken from the discard pile and may not be discarded this turn"
        if move.card not in hand:
            return f"{move.card} is not in the hand"
        left = engine.deadwood(held ^ BIT[move.card.index])
        if isinstance(move, Knock):
            if left == 0:
                return "all the other cards meld: that is gin, not a knock"
            return f"deadwood would be {left}, more than {state.options.knock_limit}"
        return f"deadwood would be {left}, not 0"
    if state.phase is not Phase.SPREAD:
        return "spread only after knocking"
    return "not an arrangement of the other cards with deadwood within the knock limit"


def _first_turn_without_draw(state: State) -> bool:
    """The non-dealer's first turn when the deal gave it an extra card (no draw, only a discard)."""
    o = state.options
    return (
        o.deal is DealStyle.EXTRA_CARD
        and state.phase is Phase.DISCARD
        and state.player != state.dealer
        and not state.discards
        and not state.taken
        and len(state.stock) == len(PACK) - 2 * o.hand_size - 1
    )


def _apply(state: State, move: Move) -> State:
    p = move.player
    match move:
        case TakeUpcard() | DrawDiscard():
            card = state.discards[-1]
            label = "upcard" if isinstance(move, TakeUpcard) else "discard pile"
            return _BUILD(
                state.options, state.hand, state.rng, None, (Event(EventKind.TAKES, player=p, cards=(card,), label=label),),
                state.dealer, Phase.DISCARD, p, state.hands, state.stock, state.discards[:-1], (card,), (),
                state.scores, state.boxes, state.columns,
            )  # fmt: skip
        case DrawStock():
            return _apply_draw(state, p)
        case Pass():
            phase = Phase.STOCK_ONLY if p == state.dealer else Phase.OFFER
            return attrs.evolve(state, phase=phase, player=1 - p, events=PASS_EVENTS[p])
        case Discard(card=card):
            return _apply_discard(state, p, card)
        case Gin(card=card):
            return _apply_knock(state, p, card, gin=True)
        case Knock(card=card):
            return _apply_knock(state, p, card, gin=False)
        case DoubleGin():
            return _apply_double_gin(state, p)
        case Spread(melds=melds):
            return _showdown(state, melds, gin=False, told=())
    raise IllegalMove(f"{move!r} is not a Gin Rummy move")


def _apply_draw(state: State, p: int) -> State:
    card = state.stock[0]
    held = state.hands[p]
    at = bisect.bisect(held, _SORT[card], key=_SORT.__getitem__)
    hand = (*held[:at], card, *held[at:])
    return _BUILD(
        state.options, state.hand, state.rng, None, STOCK_EVENTS[p][card.index], state.dealer, Phase.DISCARD, p,
        (hand, state.hands[1]) if p == 0 else (state.hands[0], hand), state.stock[1:], state.discards, (), (),
        state.scores, state.boxes, state.columns,
    )  # fmt: skip


def _apply_discard(state: State, p: int, card: Card) -> State:
    if len(state.stock) <= STOCK_FLOOR:
        if state.options.stock_end is StockEnd.COUNT:
            if not state.stock:
                return _stock_out(state, p, card)
        else:
            # The 50th card has been drawn and discarded without a knock: a void hand, same
            # dealer. The discard goes back into the pack at once, so it is shown, not kept.
            assert state.rng is not None
            told = (
                Event(EventKind.SHOWS, player=p, cards=(card,), label=PUT_AWAY),
                Event(EventKind.NOTE, label="void hand: no score, the same dealer deals again"),
            )
            return _deal(
                state.options, state.hand + 1, state.dealer, state.rng, None, state.scores, state.boxes, told,
                state.columns,
            )  # fmt: skip
    held = state.hands[p]
    at = held.index(card)
    hand = held[:at] + held[at + 1 :]
    if state.taken:  # the card taken from the pile joins the hand at the end of the turn
        kept = state.taken[0]
        at = bisect.bisect(hand, _SORT[kept], key=_SORT.__getitem__)
        hand = (*hand[:at], kept, *hand[at:])
    hands = (hand, state.hands[1]) if p == 0 else (state.hands[0], hand)
    return _BUILD(
        state.options, state.hand, state.rng, None, DISCARD_EVENTS[p][card.index], state.dealer, Phase.DRAW, 1 - p,
        hands, state.stock, (*state.discards, card), (), (), state.scores, state.boxes, state.columns,
    )  # fmt: skip


def _after_discard(state: State, p: int, card: Card) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Both hands once seat `p` has discarded `card` (the card taken from the pile joining its
    hand at the end of the turn)."""
    held = state.hands[p]
    at = held.index(card)
    hand = held[:at] + held[at + 1 :]
    if state.taken:  # the card taken from the pile joins the hand at the end of the turn
        kept = state.taken[0]
        at = bisect.bisect(hand, _SORT[kept], key=_SORT.__getitem__)
        hand = (*hand[:at], kept, *hand[at:])
    return (hand, state.hands[1]) if p == 0 else (state.hands[0], hand)


def _stock_out(state: State, p: int, card: Card) -> State:
    """The last stock card was drawn and discarded without going out (tournament): both lay
    down their best melds, nothing is laid off, the lower deadwood scores the difference."""
    hands = _after_discard(state, p, card)
    engine = _engine(state.options)
    counts, shown = stock_out_events(engine, (engine.mask(hands[0]), engine.mask(hands[1])))
    told = [*DISCARD_EVENTS[p][card.index], Event(EventKind.NOTE, label="the stock is out: both lay down, no lay-offs")]
    told += shown
    winner: int | None = None
    points = abs(counts[0] - counts[1])
    if points:
        winner = 0 if counts[0] < counts[1] else 1
        told.append(Event(EventKind.SCORES, player=winner, numbers=(points,), label=STOCK_OUT))
    return _end_hand(state, winner, points, 0, tuple(told), hands, (*state.discards, card))


def _apply_knock(state: State, p: int, card: Card, *, gin: bool) -> State:
    """Knocks or goes gin with `card` discarded: the spread at once when there is no choice of
    arrangement, else the SPREAD phase, the knocker's cards laid down for the choice."""
    held = state.hands[p]
    at = held.index(card)
    rest = held[:at] + held[at + 1 :]
    shown = Event(EventKind.SHOWS, player=p, cards=(card,), label=PUT_AWAY)
    knocked = _BUILD(
        state.options, state.hand, state.rng, None, (), state.dealer, Phase.SPREAD, p,
        (rest, state.hands[1]) if p == 0 else (state.hands[0], rest), state.stock, state.discards, state.taken,
        (card,), state.scores, state.boxes, state.columns,
    )  # fmt: skip
    if gin:
        engine = _engine(state.options)
        mask = engine.mask((*rest, *state.taken))
        told = (Event(EventKind.GOES_GIN, player=p), shown)
        return _showdown(knocked, meld_cards_of(engine.best_melds(mask)), gin=True, told=told)
    spreads = _spreads(knocked)
    if len(spreads) == 1:
        melds, left = spreads[0]
        told = (Event(EventKind.KNOCKS, player=p, numbers=(left,)), shown)
        return _showdown(knocked, meld_cards_of(melds), gin=False, told=told)
    return attrs.evolve(knocked, events=(Event(EventKind.KNOCKS, player=p), shown))


def _apply_double_gin(state: State, p: int) -> State:
    """Double Gin: every card melds and none is put away; scored as gin, two Gins."""
    engine = _engine(state.options)
    melds = meld_cards_of(engine.best_melds(engine.mask((*state.hands[p], *state.taken))))
    told = (Event(EventKind.GOES_GIN, player=p, label="double"),)
    return _showdown(state, melds, gin=True, told=told, double=True)


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
    events: tuple[Event, ...],
    columns: tuple[tuple[int, int, int, int, int], ...],
) -> State:
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    dealt, rest = deal(cards, players=2, first=1 - dealer, each=options.hand_size)
    if options.deal is DealStyle.EXTRA_CARD:
        # One card more to the non-dealer (the last of the deal), no upcard: it starts by discarding.
        hands = [sorted_cards(dealt[0]), sorted_cards(dealt[1])]
        hands[1 - dealer] = sorted_cards((*dealt[1 - dealer], rest[0]))
        return _BUILD(
            options, number, rng, None, (*events, Event(EventKind.DEALS, player=dealer, numbers=(number,))), dealer,
            Phase.DISCARD, 1 - dealer, (hands[0], hands[1]), rest[1:], (), (), (), points, boxes, columns,
        )  # fmt: skip
    upcard = rest[0]
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(number,)),
        Event(EventKind.TURNS_UP, cards=(upcard,)),
    )
    return _BUILD(
        options, number, rng, None, events, dealer, Phase.OFFER, 1 - dealer,
        (sorted_cards(dealt[0]), sorted_cards(dealt[1])), rest[1:], (upcard,), (), (), points, boxes, columns,
    )  # fmt: skip


def _totals(options: Options, points: tuple[int, int], boxes: tuple[int, int], winner: int) -> tuple[int, int]:
    """The final totals: hand points, the game bonus to the winner, the box bonus per hand won."""
    game, box = options.game_bonus, options.box_bonus
    return (
        points[0] + box * boxes[0] + (game if winner == 0 else 0),
        points[1] + box * boxes[1] + (game if winner == 1 else 0),
    )


def _column_totals(options: Options, columns: tuple[tuple[int, int, int, int, int], ...]) -> tuple[int, int]:
    """The tournament's totals: per closed column, `game_bonus` to its winner and `gin_value`
    per Gin to each seat; points there count for nothing more (an open column gives nothing)."""
    totals = [0, 0]
    for column in columns:
        won = column[4]
        if won < 0:
            continue
        totals[won] += options.game_bonus
        totals[0] += options.gin_value * column[2]
        totals[1] += options.gin_value * column[3]
    return (totals[0], totals[1])


def _best(totals: tuple[int, int]) -> frozenset[int]:
    """The seats with the highest total (both on a tie)."""
    return frozenset(s for s in (0, 1) if totals[s] == max(totals))


def _showdown(
    state: State, melds: tuple[tuple[Card, ...], ...], *, gin: bool, told: tuple[Event, ...], double: bool = False
) -> State:
    """Scores a knock: the knocker spreads `melds`, the defender melds and lays off at best.

    `state` is the knocker's SPREAD state (the discarded card in `knock_card`; none for a
    Double Gin); `told` the events of the knock itself when it happens in the same move (empty
    after a separate spread move). The showdown's cards are told only in events: the next deal
    takes them back.
    """
    o = state.options
    engine = _engine(o)
    k, d = state.player, 1 - state.player
    knocker_mask = engine.mask((*state.hands[k], *state.taken))
    shown = score_knock(
        o.gin_bonus, o.undercut_bonus, k, gin, melds, knocker_mask, engine.mask(state.hands[d]),
        engine=engine, double=double, undercut_doubles=o.undercut is Undercut.DOUBLE_KNOCK,
    )  # fmt: skip
    events = (*told, *showdown_events(shown))
    gins = (2 if double else 1) if gin else 0
    hands = replace_at(state.hands, k, (*state.hands[k], *state.taken))
    discards = (*state.discards, *state.knock_card)
    return _end_hand(state, shown.winner, shown.points, gins, events, (hands[0], hands[1]), discards)


def _end_hand(
    state: State,
    winner: int | None,
    points: int,
    gins: int,
    events: tuple[Event, ...],
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    discards: tuple[Card, ...],
) -> State:
    """Records a hand's result (`winner` None: nobody scores) and deals the next hand, or ends
    the match with both `hands` shown and the `discards` kept as the hand left them."""
    o = state.options
    if o.columns:
        return _end_round(state, winner, points, gins, events, hands, discards)
    if winner is None:
        totals2, boxes2 = state.scores, state.boxes
    else:
        totals = replace_at(state.scores, winner, state.scores[winner] + points)
        boxes = replace_at(state.boxes, winner, state.boxes[winner] + 1)
        totals2, boxes2 = (totals[0], totals[1]), (boxes[0], boxes[1])
    gained = (totals2[0] - state.scores[0], totals2[1] - state.scores[1])
    events = (*events, Event(EventKind.HAND_SCORED, numbers=gained))
    if winner is not None and totals2[winner] >= o.target:
        final = _totals(o, totals2, boxes2, winner)
        events = (
            *events,
            Event(EventKind.HAS, player=0, numbers=(final[0],)),
            Event(EventKind.HAS, player=1, numbers=(final[1],)),
            Event(EventKind.GAME_OVER, numbers=(winner,)),
        )
        return _over(state, events, winner, hands, discards, totals2, boxes2, state.columns)
    assert state.rng is not None
    if o.dealer_rule is DealerRule.ALTERNATE:
        dealer = 1 - state.dealer
    else:
        dealer = state.dealer if winner is None else winner
    return _deal(o, state.hand + 1, dealer, state.rng, None, totals2, boxes2, events, state.columns)


def _end_round(
    state: State,
    winner: int | None,
    points: int,
    gins: int,
    events: tuple[Event, ...],
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    discards: tuple[Card, ...],
) -> State:
    """The tournament's round: the points go to the seat's first k open columns (its k-th
    award), the Gins to every open column where it already had points, then columns whose
    points reached the target close; the match ends when all are closed."""
    o = state.options
    columns = [list(c) for c in state.columns]
    before = [(c[0], c[1]) for c in columns]
    totals: tuple[int, ...] = state.scores
    boxes: tuple[int, ...] = state.boxes
    awarded = winner if winner is not None and points > 0 else None
    gained = [0, 0]
    extra: list[Event] = []
    if awarded is not None:
        gained[awarded] = points
        totals = replace_at(totals, awarded, totals[awarded] + points)
        boxes = replace_at(boxes, awarded, boxes[awarded] + 1)
        for column in columns[: boxes[awarded]]:
            if column[4] < 0:
                column[awarded] += points
    if gins and winner is not None:
        into = [j for j, column in enumerate(columns) if column[4] < 0 and before[j][winner] > 0]
        for j in into:
            columns[j][2 + winner] += gins
        if into:
            games = tuple(j + 1 for j in into)
            extra.append(Event(EventKind.SCORES, player=winner, numbers=(gins, *games), label="gins in games"))
        else:
            why = f"seat {winner}'s {gins} Gin(s) not recorded: no points on the board yet"
            extra.append(Event(EventKind.NOTE, label=why))
    for j, column in enumerate(columns):
        if column[4] < 0 and awarded is not None and column[awarded] >= o.target:
            column[4] = awarded
            extra.append(Event(EventKind.WINS, player=awarded, numbers=(j + 1,), label="game"))
    record = tuple((c[0], c[1], c[2], c[3], c[4]) for c in columns)
    events = (*events, Event(EventKind.HAND_SCORED, numbers=(gained[0], gained[1])), *extra)
    totals2, boxes2 = (totals[0], totals[1]), (boxes[0], boxes[1])
    if all(c[4] >= 0 for c in record):
        final = _column_totals(o, record)
        best = _best(final)
        champion = awarded if awarded in best else min(best)
        assert champion is not None
        events = (
            *events,
            Event(EventKind.HAS, player=0, numbers=(final[0],)),
            Event(EventKind.HAS, player=1, numbers=(final[1],)),
            Event(EventKind.GAME_OVER, numbers=tuple(sorted(best))),
        )
        return _over(state, events, champion, hands, discards, totals2, boxes2, record)
    assert state.rng is not None
    if o.dealer_rule is DealerRule.ALTERNATE:
        dealer = 1 - state.dealer
    else:
        dealer = state.dealer if awarded is None else awarded
    return _deal(o, state.hand + 1, dealer, state.rng, None, totals2, boxes2, events, record)


def _over(
    state: State,
    events: tuple[Event, ...],
    player: int,
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    discards: tuple[Card, ...],
    points: tuple[int, int],
    boxes: tuple[int, int],
    columns: tuple[tuple[int, int, int, int, int], ...],
) -> State:
    """The match's end: both hands shown (sorted), the last hand's cards where it left them."""
    return _BUILD(
        state.options, state.hand, state.rng, None, events, state.dealer, Phase.OVER, player,
        (sorted_cards(hands[0]), sorted_cards(hands[1])), state.stock, discards, (), (), points, boxes, columns,
    )  # fmt: skip
