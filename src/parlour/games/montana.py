"""Montana (Gaps, Blue Moon): a patience for one player.

Rules: the Book of Card Games, "Montana". All 52 cards are dealt face up in four rows of
thirteen, then the four aces are taken out, leaving four gaps. A card may be moved from anywhere
into a gap when it is of the same suit as the card just left of the gap and one rank higher; a
gap in the first column takes a 2, and a gap right of a king takes nothing. When no card can be
moved, the cards that are not yet in order are gathered with the aces, shuffled and dealt into
the places they left, and the aces are taken out again; three such redeals are allowed. The game
is won when each row holds 2 to K of one suit, and lost when nothing can be moved and no redeal
is left.

Readings where the book is silent or open (library choices, stated in the docs):

* One player, seat 0. The deal goes row by row, left to right, top card first (``deck=`` fixes
  the first deal); positions are named by row letter A-D and column 1-13 ("B6"), and numbered
  0-51 in the same order.
* A gap in the first column takes any of the four 2s, also a 2 that already heads another row
  (the book: "Only a two may be placed at the beginning of the row"). A gap right of another gap
  takes nothing: there is no card to follow.
* Each non-2 card has one place it may go, right of the card one rank lower of its suit, so the
  moves are listed by gap position (A1 .. D13) and, for a gap in the first column, by the 2s in
  suit order (clubs, diamonds, hearts, spades).
* "In order" is a row's ordered prefix: the cards from the first column that run 2, 3, 4, ... of
  one suit. A redeal keeps every prefix in place and deals the other cards and the four aces,
  shuffled, into the other positions row by row; the aces are then removed again, so the new
  gaps fall where the aces did (`Options.redeal_gaps` = ``after_sequence`` instead leaves one gap
  right after each prefix, the common Gaps rule). A redeal happens by itself once no card can be
  moved and a redeal is left: nothing else can be done, so it is no move (a forced step). The
  number of the current deal is `State.hand` (1, then 2 .. redeals + 1).
* Score: the number of cards in ordered prefixes (0-48); the game is won at 48, and `winners`
  is {0} then and empty when the game is lost.
* Termination valve (a deviation, not in the book): 2s can be moved back and forth between
  first-column gaps for ever, so the game ends as lost after `Options.max_moves` moves (1000).
  A player is never forced into such a loop: while a first-column gap is open, at least one 2
  lies elsewhere and can be brought in.

>>> state = new_game(seed=1)
>>> [str(m) for m in legal_moves(state)]
['move 5C to A5', 'move 9H to A7', 'move JC to B8', 'move 10C to D9']
>>> ordered_length(parse_cards("2S 3S 4S 6S"))
3
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import CARD_INDICES, Card, Rank, parse_cards, standard_pack
from parlour.core.deck import shuffled_or_fixed
from parlour.core.events import Event, EventKind, make_event
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "ZONES",
    "Move",
    "MoveCard",
    "Options",
    "Phase",
    "RedealGaps",
    "State",
    "apply",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "ordered_count",
    "ordered_length",
    "parse_move",
    "position_name",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (1,)
"""Book: "NUMBER OF PLAYERS: One"."""
ROWS: Final = 4
COLUMNS: Final = 13
"""Book: "dealing all fifty-two cards in four rows of thirteen cards each"."""
CELLS: Final = ROWS * COLUMNS
PACK: Final = standard_pack()
ACES: Final = tuple(c for c in PACK if c.rank is Rank.ACE)
"""Book: "remove the four aces to create four 'holes'"; kept aside in this order."""
FIRST: Final = Rank.TWO
"""Book: "Only a two may be placed at the beginning of the row"."""
LAST: Final = Rank.KING
"""Book: "no cards can be placed to the right of a king"."""
FULL_ROW: Final = LAST - FIRST + 1
"""A row in order holds 2 to K: twelve cards, then its gap."""
WON_COUNT: Final = ROWS * FULL_ROW
"""Cards in order when the game is won (48)."""
REDEALS: Final = 3
"""Book: "Three re-deals are allowed before declaring the game over"."""
MAX_MOVES: Final = 1000
"""The termination valve's default (a deviation)."""
ROW_LETTERS: Final = "ABCD"


def position_name(pos: int) -> str:
    """The name of a layout position: row letter A-D, then column 1-13 ("B6" is 18); a number
    outside 0-51 is named "#n" (no legal move has one)."""
    if type(pos) is not int or not 0 <= pos < CELLS:
        return f"#{pos!r}"
    row, col = divmod(pos, COLUMNS)
    return f"{ROW_LETTERS[row]}{col + 1}"


_NEXT_AT: list[Card | None] = [None] * CARD_INDICES
for _card in PACK:
    if _card.rank is not LAST:
        _NEXT_AT[_card.index] = next(c for c in PACK if c.suit is _card.suit and c.rank == _card.rank + 1)
_NEXT: Final = tuple(_NEXT_AT)
"""`_NEXT[card.index]`: the card that may follow `card` (same suit, one rank higher); None after
a king."""
del _card
TWOS: Final = tuple(c for c in PACK if c.rank is FIRST)
"""The cards a first-column gap takes, in the order their moves are listed."""


def ordered_length(row: Sequence[Card | None]) -> int:
    """How many cards from the start of a row run 2, 3, 4, ... of one suit (its ordered prefix).

    >>> ordered_length(parse_cards("2H 3H 5H"))
    2
    """
    first = row[0] if row else None
    if first is None or first.rank is not FIRST:
        return 0
    count = 1
    prev = first
    for card in row[1:]:
        if card is None or card != _NEXT[prev.index]:
            break
        prev = card
        count += 1
    return count


def ordered_count(layout: Sequence[Card | None]) -> int:
    """The cards in order over the four rows of a 52-position layout (the score, 0-48)."""
    return sum(ordered_length(layout[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS))


# Options -------------------------------------------------------------------------------------


class RedealGaps(enum.Enum):
    """Where the gaps fall after a redeal."""

    RANDOM = "random"
    """The aces are shuffled in with the other cards and taken out again (the book)."""
    AFTER_SEQUENCE = "after_sequence"
    """One gap right after each row's ordered prefix; the other cards are dealt around them (the
    common Gaps rule)."""


def _at_least(low: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is int and value < low:
            raise ValueError(f"{attribute.name} must be at least {low}, not {value}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Montana; the defaults are the Book of Card Games' game."""

    redeals: int = attrs.field(default=REDEALS, validator=_at_least(0))
    """Redeals allowed once no card can be moved ("Three re-deals are allowed")."""
    redeal_gaps: RedealGaps = RedealGaps.RANDOM
    """Where a redeal leaves the gaps: where the reshuffled aces fall (``random``, the book) or
    right after each row's ordered cards (``after_sequence``)."""
    max_moves: int = attrs.field(default=MAX_MOVES, validator=_at_least(1))
    """Termination valve (not in the book): the game ends as lost after this many moves."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def book(cls) -> Options:
        """The Book of Card Games, "Montana" (the defaults)."""
        return cls()

    @classmethod
    def gaps(cls) -> Options:
        """The common Gaps rule: three redeals, each leaving a gap right after each row's
        ordered cards."""
        return cls(redeal_gaps=RedealGaps.AFTER_SEQUENCE)


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class MoveCard:
    """Move `card` from where it lies into the gap at position `gap` (0-51)."""

    player: int
    card: Card
    gap: int

    def __str__(self) -> str:
        return f"move {self.card} to {position_name(self.gap)}"


Move: TypeAlias = MoveCard
MOVE_TYPES: Final = (MoveCard,)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: cards can be moved; WON: every row is in order; LOST: nothing can be moved and no
    redeal is left; STOPPED: the move limit (the termination valve) ended the game, as lost."""

    PLAY = "play"
    WON = "won"
    LOST = "lost"
    STOPPED = "stopped"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Montana position."""

    options: Options
    hand: int
    """The deal being played: 1, then one more after each redeal."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    layout: tuple[Card | None, ...]
    """The 52 positions row by row (A1 .. A13, B1 .. D13); None is a gap."""
    gaps: tuple[int, ...]
    """The positions of the four gaps, ascending (kept beside the layout for the hot path)."""
    aces: tuple[Card, ...]
    """The four aces, out of play."""
    moves: int
    """Cards moved so far (for the termination valve)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state."""
        return _state_legal(self)


ZONES: Final = (
    Zone("layout", Seen.EVERYONE),
    Zone("aces", Seen.EVERYONE),
)
"""Every card lies face up: the layout and the aces set aside."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the layout row by row (`deck` fixes it, top card first) and takes the aces out.
    `dealer` may only be 0, the one player."""
    require_players("montana", players, PLAYERS, 1)
    rules = require_options("montana", options, Options)
    if dealer is not None and (type(dealer) is not int or dealer != 0):
        raise ValueError(f"dealer= must be 0 (montana has one player), not {dealer!r}")
    rng = seeded(seed)
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    layout = tuple(None if c.rank is Rank.ACE else c for c in cards)
    gaps = tuple(p for p, c in enumerate(layout) if c is None)
    events = (Event(EventKind.DEALS, player=0, numbers=(1,)), _gaps_event(gaps))
    return _settle(rules, 1, rng, layout, gaps, 0, events)


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Seat 0's moves, by gap position (A1 .. D13): into a first-column gap each 2 in suit order
    (clubs, diamonds, hearts, spades), into another gap the card one higher than its left
    neighbour. () once the game is over."""
    return moves_for(state, player, 1, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return _SEAT_0 if state.phase is Phase.PLAY else frozenset()


def is_over(state: State) -> bool:
    return state.phase is not Phase.PLAY


def scores(state: State) -> tuple[int, ...]:
    """The cards in order (0-48)."""
    return (ordered_count(state.layout),)


def winners(state: State) -> frozenset[int]:
    """{0} once every row is in order; empty while playing and when the game is lost."""
    return _SEAT_0 if state.phase is Phase.WON else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (0, or None for a spectator) sees: everything but the random source."""
    check_viewer(state, player, 1)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "move 5S to B6"."""
    return parse_by_matching(text, legal_moves(state), player)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Every card is seen: the same state (its view for a view)."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Montana reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be montana.Options")
    if not 1 <= state.hand <= o.redeals + 1:
        raise ValueError(f"deal {state.hand} is outside 1..{o.redeals + 1} ({o.redeals} redeals allowed)")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None and state.viewer != 0:
        raise ValueError(f"montana has one seat, 0; not viewer {state.viewer!r}")
    layout = state.layout
    if len(layout) != CELLS:
        raise ValueError(f"the layout has {CELLS} positions, not {len(layout)}")
    if any(c is not None and c.rank is Rank.ACE for c in layout):
        raise ValueError("the aces are out of the layout")
    if state.aces != ACES:
        raise ValueError(f"the aces set aside must be {' '.join(map(str, ACES))}")
    gaps = tuple(p for p, c in enumerate(layout) if c is None)
    if state.gaps != gaps:
        raise ValueError(f"the gaps field {state.gaps} does not match the layout's gaps {gaps}")
    if type(state.moves) is not int or not 0 <= state.moves <= o.max_moves:
        raise ValueError(f"{state.moves!r} moves is outside 0..{o.max_moves}")
    check_zones("montana", state, ZONES, PACK)
    won = ordered_count(layout) == WON_COUNT
    blocked = not _can_move(layout, gaps)
    phase = state.phase
    if won != (phase is Phase.WON):
        raise ValueError("the game is won exactly when every row holds 2 to K of one suit")
    if phase is Phase.PLAY:
        if blocked:
            raise ValueError("no card can be moved: the game would have been redealt or lost")
        if state.moves >= o.max_moves:
            raise ValueError("the move limit is reached: the game would have stopped")
    elif phase is Phase.LOST:
        if not blocked or state.hand != o.redeals + 1:
            raise ValueError("a game is lost when no card can be moved and every redeal is used")
    elif phase is Phase.STOPPED and state.moves != o.max_moves:
        raise ValueError(f"the move limit stops the game at {o.max_moves} moves, not {state.moves}")


# Play ----------------------------------------------------------------------------------------

def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_SEAT_0: Final = frozenset((0,))
_POSITIONS: Final = range(CELLS)


def _move_table() -> tuple[tuple[MoveCard, ...], ...]:
    """`_MOVES[card.index][gap]`: the move of `card` into `gap`, built once."""
    move = builder(MoveCard)
    blank = tuple(move(0, ACES[0], g) for g in _POSITIONS)
    table = [blank] * CARD_INDICES
    for card in PACK:
        table[card.index] = tuple(move(0, card, g) for g in _POSITIONS)
    return tuple(table)


def _event_table() -> tuple[tuple[tuple[Event, ...], ...], ...]:
    """`_EVENTS[card.index][gap]`: the events of that move (numbers: the gap's position)."""
    plays = EventKind.PLAYS

    def row(card: Card) -> tuple[tuple[Event, ...], ...]:
        return tuple((make_event(plays, 0, (card,), (g,), "", False),) for g in _POSITIONS)

    table = [row(ACES[0])] * CARD_INDICES
    for card in PACK:
        table[card.index] = row(card)
    return tuple(table)


_MOVES: Final = _move_table()
_EVENTS: Final = _event_table()
"""`_EVENTS[card.index][gap]`: the events of the move `_MOVES[card.index][gap]`."""
_TWO_MOVES: Final = tuple(tuple(_MOVES[two.index][g] for two in TWOS) for g in _POSITIONS)
"""The four moves into a first-column gap at `g`."""
_FIRST_COLUMN: Final = tuple(p % COLUMNS == 0 for p in _POSITIONS)
_LAST_COLUMN: Final = tuple(r * COLUMNS + FULL_ROW for r in range(ROWS))
"""The gaps of a won layout: one at the end of each row."""


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    if state.phase is not Phase.PLAY or (only is None and state.rng is None):
        return ()  # over, or a spectator's view
    layout = state.layout
    moves: list[Move] = []
    for g in state.gaps:
        if _FIRST_COLUMN[g]:
            moves += _TWO_MOVES[g]
            continue
        left = layout[g - 1]
        if left is not None:
            nxt = _NEXT[left.index]
            if nxt is not None:
                moves.append(_MOVES[nxt.index][g])
    return tuple(moves)


def _can_move(layout: tuple[Card | None, ...], gaps: tuple[int, ...]) -> bool:
    """Whether any card can be moved (a first-column gap, or a gap after a card below a king)."""
    for g in gaps:
        if _FIRST_COLUMN[g]:
            return True
        left = layout[g - 1]
        if left is not None and left.rank is not LAST:
            return True
    return False


def _apply(state: State, move: Move) -> State:
    card, gap = move.card, move.gap
    layout = state.layout
    try:
        source = list(map(id, layout)).index(id(card))
    except ValueError:  # a card that is equal but not the shared object (decoded by hand)
        source = layout.index(card)
    cells = list(layout)
    cells[gap] = card
    cells[source] = None
    gaps = tuple(sorted(source if g == gap else g for g in state.gaps))
    return _settle(state.options, state.hand, state.rng, tuple(cells), gaps, state.moves + 1,
                   _EVENTS[card.index][gap])  # fmt: skip


def _settle(
    o: Options,
    hand: int,
    rng: Rng | None,
    layout: tuple[Card | None, ...],
    gaps: tuple[int, ...],
    moves: int,
    events: tuple[Event, ...],
) -> State:
    """The state after a deal or a move: won, redealt (as often as needed), lost, stopped by the
    valve, or still in play."""
    while True:
        if gaps == _LAST_COLUMN and ordered_count(layout) == WON_COUNT:
            return _over(o, hand, rng, Phase.WON, layout, gaps, moves, events, "every row is in order")
        if _can_move(layout, gaps):
            break
        if hand > o.redeals:
            return _over(o, hand, rng, Phase.LOST, layout, gaps, moves, events, "no card can be moved and no redeal is left")
        assert rng is not None
        layout, gaps, rng, dealt = _redeal(o, hand, rng, layout)
        hand += 1
        events = (*events, *dealt)
    if moves >= o.max_moves:
        return _over(o, hand, rng, Phase.STOPPED, layout, gaps, moves, events,
                     f"the move limit of {o.max_moves} is reached: the game counts as lost")  # fmt: skip
    return _BUILD(o, hand, rng, None, Phase.PLAY, layout, gaps, ACES, moves, events)


def _over(
    o: Options,
    hand: int,
    rng: Rng | None,
    phase: Phase,
    layout: tuple[Card | None, ...],
    gaps: tuple[int, ...],
    moves: int,
    events: tuple[Event, ...],
    why: str,
) -> State:
    events = (
        *events,
        Event(EventKind.NOTE, label=why),
        Event(EventKind.HAND_SCORED, numbers=(ordered_count(layout),)),
        Event(EventKind.GAME_OVER, numbers=(0,) if phase is Phase.WON else ()),
    )
    return _BUILD(o, hand, rng, None, phase, layout, gaps, ACES, moves, events)


def _redeal(
    o: Options, hand: int, rng: Rng, layout: tuple[Card | None, ...]
) -> tuple[tuple[Card | None, ...], tuple[int, ...], Rng, tuple[Event, ...]]:
    """Keeps each row's ordered prefix; shuffles the other cards (with the aces, for random gaps)
    and deals them row by row into the other positions; the aces come out again."""
    kept = [ordered_length(layout[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)]
    cells: list[Card | None] = list(layout)
    free = [p for p in _POSITIONS if p % COLUMNS >= kept[p // COLUMNS]]
    pool = [c for c in (layout[p] for p in free) if c is not None]
    if o.redeal_gaps is RedealGaps.RANDOM:
        shuffled, rng = rng.shuffled([*pool, *ACES])
        for p, c in zip(free, shuffled):
            cells[p] = None if c.rank is Rank.ACE else c
    else:
        shuffled, rng = rng.shuffled(pool)
        holes = {r * COLUMNS + kept[r] for r in range(ROWS)}
        rest = iter(shuffled)
        for p in free:
            cells[p] = None if p in holes else next(rest)
    new = tuple(cells)
    gaps = tuple(p for p in _POSITIONS if new[p] is None)
    events = (
        Event(EventKind.NOTE, numbers=(sum(kept),), label=f"no card can be moved: redeal {hand} of {o.redeals}; cards kept in order"),
        Event(EventKind.DEALS, player=0, numbers=(hand + 1,)),
        _gaps_event(gaps),
    )
    return new, gaps, rng, events


def _gaps_event(gaps: tuple[int, ...]) -> Event:
    return Event(EventKind.NOTE, label=f"the aces come out, leaving gaps at {' '.join(map(position_name, gaps))}")


def _why_illegal(state: State, move: Move) -> str:
    if move.player != 0:
        return f"montana has one player, seat 0, not {move.player!r}"
    gap, card = move.gap, move.card
    if type(gap) is not int or not 0 <= gap < CELLS:
        return f"positions are 0-{CELLS - 1} (A1 to D13), not {gap!r}"
    if not isinstance(card, Card) or card not in state.layout:
        return f"{card} is not in the layout (the aces are out of play)"
    where = position_name(gap)
    held = state.layout[gap]
    if held is not None:
        return f"{where} is not a gap: {held} lies there"
    if gap % COLUMNS == 0:
        return f"only a 2 goes into the first column ({where})"
    left = state.layout[gap - 1]
    if left is None:
        return f"{where} is right of another gap: nothing goes there"
    nxt = _NEXT[left.index]
    if nxt is None:
        return f"nothing goes right of a king ({left} at {position_name(gap - 1)})"
    return f"only {nxt} (one higher than {left}, same suit) goes into {where}"


# Rendering -----------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture: the deal (of how many), redeals left, moves made and cards in order,
    what happens now, then the four rows under column numbers, a gap as "--" and the ordered
    cards of each row marked by a "|" after them, and last what each gap takes."""
    o = state.options
    left = o.redeals + 1 - state.hand
    count = ordered_count(state.layout)
    lines = [
        f"deal {state.hand} of {o.redeals + 1} ({left} redeal{'' if left == 1 else 's'} left), "
        f"{state.moves} move{'' if state.moves == 1 else 's'} of {o.max_moves}; {count} of {WON_COUNT} cards in order",
        _render_now(state),
        "    " + " ".join(f"{c + 1:>4}" for c in range(COLUMNS)),
    ]
    for r in range(ROWS):
        row = state.layout[r * COLUMNS : (r + 1) * COLUMNS]
        kept = ordered_length(row)
        cells = []
        for c, card in enumerate(row):
            text = "--" if card is None else str(card)
            cells.append(f"{text:>4}" + ("|" if c + 1 == kept else " "))
        lines.append(f"{ROW_LETTERS[r]}  " + "".join(cells).rstrip())
    if state.phase is Phase.PLAY:
        lines.append("gaps: " + ", ".join(_gap_text(state, g) for g in state.gaps))
    return "\n".join(lines)


def _render_now(state: State) -> str:
    phase = state.phase
    if phase is Phase.PLAY:
        return "seat 0 to move a card into a gap"
    if phase is Phase.WON:
        return "game over: won, every row holds 2 to K of one suit"
    if phase is Phase.LOST:
        return "game over: lost, no card can be moved and no redeal is left"
    return f"game over: stopped by the move limit ({state.options.max_moves}), counted as lost"


def _gap_text(state: State, gap: int) -> str:
    where = position_name(gap)
    if gap % COLUMNS == 0:
        return f"{where} takes a 2"
    left = state.layout[gap - 1]
    if left is None:
        return f"{where} takes nothing (after a gap)"
    nxt = _NEXT[left.index]
    return f"{where} takes nothing (after a king)" if nxt is None else f"{where} takes {nxt}"


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="montana",
    title="Montana",
    family="solitaire",
    summary="Gaps: move cards into the gaps of a 4x13 layout to build each row from 2 to K of one suit, with three redeals.",
    players=PLAYERS,
    default_players=1,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("book", Options.book()), ("gaps", Options.gaps())),
    quick=Options(max_moves=300),
    zones=ZONES,
    hidden_information=False,
    chance=True,
    max_plies=MAX_MOVES,
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
