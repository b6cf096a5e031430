"""Scum (President): a climbing game for 3-8 players.

Rules: the House Party guide, "SCUM", with the gaps resolved as stated below. One 52-card pack
ranked 2 A K Q J 10 9 8 7 6 5 4 3 (high to low), suits irrelevant. All cards are dealt. A round is
led with any single card or set of equal rank; each seat in turn passes or beats the last play with the same number of cards of a higher rank. A
pass never stops a seat playing later in the round. When everyone else still holding cards has
passed, the cards are cleared and the last player leads (the next seat with cards if it went
out). The first out is President, then Vice-President, Citizens, and the last holder is Scum.

Readings where the seed is silent or open (library choices, stated in the docs):

* Game length and score: `Options.hands` hands (default 5); a hand gives n-1 points to the
  President down to 0 for the Scum; the highest total wins and ties share.
* The first dealer is seat 0 unless `new_game(dealer=...)` says otherwise.
* Seats are player identities (scores are per seat). The table order is the field `table`: the
  seats clockwise for this hand, from the dealer's left round to the dealer. Hand 1 keeps the
  physical order; later hands use the finishing order (President first, Scum last, who deals).
* Suits never matter, so each (rank, count) is one move, played as the lowest-suited cards of
  that rank; the President's give-back is one move per rank as well. Where the seed picks "the
  Scum's highest card" among equal ranks, the lowest suit goes.
* The Scum's card goes to the President face up (a public event); the President's card back is
  seen only by the two seats (private events).
* No 3C opening lead and no "a 2 clears the pile": house rules the seed does not have.

>>> from parlour.core.cards import standard_pack
>>> state = new_game(4, seed=1, deck=standard_pack())
>>> cards_text(state.hands[1])
'3H 4D 5C 6S 7H 8D 9C 10S JH QD KC AC 2S'
>>> [str(m) for m in legal_moves(state)][:4]
['play 3H', 'play 4D', 'play 5C', 'play 6S']
>>> state = apply(state, parse_move(state, "play 5C"))
>>> [str(m) for m in legal_moves(state)][:2], str(legal_moves(state)[-1])
(['play 6C', 'play 7S'], 'pass')
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cached_property
from random import Random
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import CARD_INDICES, HIDDEN, Card, Rank, cards_text, standard_pack
from parlour.core.deck import deal_all, shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders, replace_at, seats_from
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.core.shedding import (
    TWO_HIGH,
    PassingRound,
    SameCountHigher,
    combo_of,
    finishing_order,
    holders,
    last_holder,
    next_holder,
    rank_groups,
    strength_sorted,
)
from parlour.core.text import grouped_cards, seats_text

__all__ = [
    "GAME",
    "GiveBack",
    "Move",
    "Options",
    "Pass",
    "Phase",
    "PlayCards",
    "State",
    "apply",
    "check_invariants",
    "dealer",
    "is_over",
    "playout",
    "legal_moves",
    "new_game",
    "parse_move",
    "place_points",
    "render",
    "scores",
    "shuffle_unseen",
    "title_of",
    "titles",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (3, 4, 5, 6, 7, 8)
"""The seed says "about 4 to 7"; 3 and 8 work the same way."""
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
ORDER: Final = TWO_HIGH
"""Seed: "2 A K Q J 10 9 8 7 6 5 4 3" from high to low."""
BEATS: Final = SameCountHigher(ORDER)
"""A play beats the last one with the same number of cards of a strictly higher rank."""
MOST_IN_A_SET: Final = 4
"""One pack holds four cards of a rank."""


def titles(players: int) -> tuple[str, ...]:
    """The social ranks by finishing place: President, Vice-President, Citizens, Scum."""
    return ("President", "Vice-President", *("Citizen",) * (players - 3), "Scum")


def title_of(place: int, players: int) -> str:
    """The title of finishing place `place` (0 is first out)."""
    return titles(players)[place]


def place_points(players: int) -> tuple[int, ...]:
    """Points for each finishing place: n-1 for the President down to 0 for the Scum."""
    return tuple(range(players - 1, -1, -1))


# Options -------------------------------------------------------------------------------------


def _at_least_one(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name} must be a whole number of at least 1, not {value!r}")


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Scum; the defaults are the the House Party guide game with the library's length."""

    hands: int = attrs.field(default=5, validator=_at_least_one)
    """Hands in a game (the seed is silent); finishing points are summed over them."""
    exchange: bool = True
    """After every hand but the first, the Scum gives its highest card to the President, who
    gives back any one card (the House Party guide). False skips the exchange."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def house_party(cls) -> Options:
        """The House Party guide (House Party guide): the exchange, five hands."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class PlayCards:
    """Lead or beat with a set of one rank (canonically the lowest suits of that rank)."""

    player: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"play {cards_text(self.cards)}"


@attrs.frozen
class Pass:
    """Play nothing this turn; the seat may still play when its turn comes round again."""

    player: int

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class GiveBack:
    """The President's card back to the Scum after the exchange."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"give {self.card}"


Move: TypeAlias = PlayCards | Pass | GiveBack
MOVE_TYPES: Final = (PlayCards, Pass, GiveBack)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """GIVE: the President owes the Scum a card; PLAY: rounds of play; OVER: the game ended."""

    GIVE = "give"
    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Scum position. Seats are identities; `table` is where they sit this hand."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    table: tuple[int, ...]
    """The seats clockwise for this hand, from the dealer's left to the dealer (last)."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, weakest first (by `ORDER`, then suit)."""
    turn: int
    """The seat to act (in GIVE the President; in OVER the Scum of the last hand)."""
    pile: tuple[tuple[Card, ...], ...]
    """The sets played in the current round, oldest first; the last one is the one to beat."""
    passing: PassingRound
    """Who played last in this round and the passes since."""
    cleared: tuple[Card, ...]
    """Cards of the finished rounds of this hand, put aside."""
    finished: tuple[int, ...]
    """Seats out of cards this hand, in the order they went out."""
    points: tuple[int, ...]
    """Finishing points so far, by seat."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


def _strength_sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return strength_sorted(cards, ORDER)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_strength_sorted),
    Zone("pile", Seen.EVERYONE),
    Zone("cleared", Seen.EVERYONE),
)
"""Each hand is seen by its owner; every card played is face up."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals hand 1. `deck` fixes the first deal (top card first), `dealer` the first dealer."""
    n = require_players("scum", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("scum", options, Options)
    rng = seeded(seed)
    first_dealer = 0 if dealer is None else dealer
    if type(first_dealer) is not int:
        raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {first_dealer!r}")
    check_seat("dealer", first_dealer, n)
    table = seats_from((first_dealer + 1) % n, n)
    return _deal(rules, 1, table, (0,) * n, rng, deck, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Plays weakest rank first (fewer cards first), then `pass`; gives by rank; () at the end.

    With `player`, only that seat's moves; a view lists its viewer's moves only.
    """
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Finishing points so far, by seat."""
    return state.points


def winners(state: State) -> frozenset[int]:
    """The seats with the highest total once the game is over (ties share); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    return leaders(state.points)


def dealer(state: State) -> int:
    """The seat that dealt this hand (the Scum of the last hand, after hand 1)."""
    return state.table[-1]


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands as hidden cards, no random source."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The hand number (of how many) and dealer; what happens now (the President's give-back, the
    sets played this round and the one to beat, who passed since, who is to play, or the
    result); then one line per seat in table order (clockwise from the dealer's left), with the
    title from the last hand, points so far, cards held or when the seat went out this hand, and
    a visible hand grouped by rank on a line of its own. Hidden cards appear only as counts.
    """
    n = len(state.hands)
    o = state.options
    left = o.hands - state.hand
    more = "the last hand" if not left else f"{left} more to come"
    head = f"hand {state.hand} of {o.hands} ({more}), dealer seat {dealer(state)}, seats in table order"
    if state.hand > 1:
        head += f" with their titles from hand {state.hand - 1}"
    lines = [head, *_render_now(state)]
    last = state.passing.last
    passed = set(_passed(state))
    named = titles(n)
    width = max(len(t) for t in named) if state.hand > 1 else 0
    points = max(len(str(v)) for v in state.points)
    for place, seat in enumerate(state.table):
        held = state.hands[seat]
        title = f"  {named[place]:<{width}}" if width else ""
        line = f"seat {seat}{title}  points {state.points[seat]:>{points}}  "
        if seat in state.finished:
            out = state.finished.index(seat)
            line += f"out {_ORDINALS[out]}, {title_of(out, n)}"
        else:
            line += f"{len(held):>2} card{'' if len(held) == 1 else 's'}"
            if state.phase is Phase.OVER:
                line += f" left, {title_of(n - 1, n)}"
            notes = [
                *(["played last"] if seat == last else []),
                *(["passed"] if seat in passed else []),
                *(["to act"] if seat == state.turn and state.phase is not Phase.OVER else []),
            ]
            line += "".join(f", {note}" for note in notes)
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + grouped_cards(held, by=lambda card: card.rank))
    return "\n".join(lines)


_ORDINALS: Final = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
_SETS: Final = ("", "single card", "pair", "three of a kind", "four of a kind")



def _passed(state: State) -> tuple[int, ...]:
    """The seats that passed since the last play of this round, in turn order."""
    last, count = state.passing.last, state.passing.passes
    if last is None or not count or state.phase is not Phase.PLAY:
        return ()
    holding = holders(state.hands)
    seats, seat = [], last
    for _ in range(count):
        seat = next_holder(seat, state.table, holding)
        seats.append(seat)
    return tuple(seats)



def _render_now(state: State) -> list[str]:
    """The lines of `render` that say what is happening now, or how the game ended."""
    if state.phase is Phase.GIVE:
        president, scum = state.table[0], state.table[-1]
        return [
            f"seat {scum} (Scum) gave its highest card to seat {president} (President); "
            f"seat {president} to give one card back"
        ]
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        hands = f"{state.hand} hand{'' if state.hand == 1 else 's'}"
        return [f"game over after {hands}: {seats_text(best)} {verb} with {max(state.points)} points"]
    if not state.pile:
        return [f"seat {state.turn} to lead any card or set of one rank"]
    top = state.pile[-1]
    sets = ", ".join(cards_text(cards) for cards in state.pile)
    passed = _passed(state)
    lines = [f"this round: {sets}; to beat: {cards_text(top)} by seat {state.passing.last}"]
    since = f"{seats_text(passed)} passed; " if passed else ""
    lines.append(f"{since}seat {state.turn} to play a higher {_SETS[len(top)]} or pass")
    return lines


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 7C 7H", "pass" or "give 3D"; also "play 7 7" or any suits of one rank.

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


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Scum reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"scum is played by 3-8 players, not {n}")
    if sorted(state.table) != list(range(n)):
        raise ValueError(f"table order {state.table} is not an arrangement of seats 0..{n - 1}")
    if len(state.points) != n or any(p < 0 for p in state.points):
        raise ValueError(f"points {state.points} are not {n} non-negative totals")
    if not 1 <= state.hand <= state.options.hands:
        raise ValueError(f"hand {state.hand} is outside 1..{state.options.hands}")
    if HIDDEN in state.cleared:
        raise ValueError("cleared cards were played face up; none can be hidden")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("turn", state.turn, n)
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != strength_sorted(held, ORDER):
            raise ValueError(f"seat {seat}'s hand is not in rank order: {cards_text(held)}")
    check_zones("scum", state, ZONES, PACK)
    _check_pile(state)
    _check_phase(state)
    done = state.hand if state.phase is Phase.OVER else state.hand - 1
    if sum(state.points) != done * sum(place_points(n)) or max(state.points) > done * (n - 1):
        raise ValueError(f"points {state.points} cannot come from {done} finished hands")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (the other hands) afresh, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


# Phase helpers -------------------------------------------------------------------------------


def _deal(
    options: Options,
    number: int,
    table: tuple[int, ...],
    points: tuple[int, ...],
    rng: Rng,
    deck: Sequence[Card | str] | None,
    events: tuple[Event, ...],
) -> State:
    """Deals hand `number` one card at a time from the dealer's left (table[0]) and, after
    hand 1, makes the Scum's forced gift to the President."""
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    dealt = deal_all(cards, players=len(table), first=0)
    hands: list[tuple[Card, ...]] = [()] * len(table)
    for position, seat in enumerate(table):
        hands[seat] = strength_sorted(dealt[position], ORDER)
    president, scum = table[0], table[-1]
    said = (*events, Event(EventKind.DEALS, player=scum, numbers=(number,)))
    phase = Phase.PLAY
    if number > 1 and options.exchange:
        # Seed: "the scum must give his highest card to the President".
        gift = _highest(hands[scum])
        hands[scum] = tuple(c for c in hands[scum] if c != gift)
        hands[president] = strength_sorted((*hands[president], gift), ORDER)
        said = (*said, Event(EventKind.GIVES, player=scum, cards=(gift,), numbers=(president,), label="highest card"))
        phase = Phase.GIVE
    else:
        said = (*said, Event(EventKind.LEADS, player=president))
    return State(
        options=options,
        hand=number,
        rng=rng,
        viewer=None,
        phase=phase,
        table=table,
        hands=tuple(hands),
        turn=president,
        pile=(),
        passing=PassingRound(),
        cleared=(),
        finished=(),
        points=points,
        events=said,
    )


def _highest(held: tuple[Card, ...]) -> Card:
    """The strongest card of a sorted hand; of several of that rank, the lowest suit."""
    top = held[-1].rank
    return next(card for card in held if card.rank is top)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view: no seat's hand is known
    if only is not None and only != state.turn:
        return ()  # one seat acts at a time
    match state.phase:
        case Phase.OVER:
            return ()
        case Phase.GIVE:
            return _legal_give(state)
        case Phase.PLAY:
            return _legal_play(state)


def _own_hand(state: State) -> tuple[Card, ...]:
    return state.hands[state.turn]


def _legal_give(state: State) -> tuple[Move, ...]:
    # Any one card; suits are irrelevant, so one move per rank (its lowest suit).
    groups = rank_groups(_own_hand(state), ORDER, presorted=True)
    return tuple(GiveBack(state.turn, group[0]) for group in groups)


def _legal_play(state: State) -> tuple[Move, ...]:
    """Lead anything of one rank; after a lead, beat it (same count, higher rank) or pass.

    The same moves as `core.shedding.plays_from(held, current, BEATS, ORDER, presorted=True)`
    wrapped in `PlayCards`, read off the sorted hand by the `_POWER` table: a rank's cards sit
    together, lowest suits first, so each play is a slice of the hand."""
    seat = state.turn
    held = state.hands[seat]
    power = _POWER
    moves: list[Move] = []
    pile = state.pile
    if pile:
        need = len(pile[-1])
        floor = power[pile[-1][0].index]
    else:
        need, floor = 0, -1
    start, size = 0, len(held)
    while start < size:
        rank_power = power[held[start].index]
        end = start + 1
        while end < size and power[held[end].index] == rank_power:
            end += 1
        if rank_power > floor:
            if need:
                if end - start >= need:
                    moves.append(_play_move(seat, held[start : start + need]))
            else:
                for count in range(1, min(end - start, MOST_IN_A_SET) + 1):
                    moves.append(_play_move(seat, held[start : start + count]))
        start = end
    if pile:
        moves.append(_PASSES[seat])
    return tuple(moves)


_POWER_AT: Final = [-1] * CARD_INDICES
for _card in PACK:
    _POWER_AT[_card.index] = ORDER.power(_card.rank)
_POWER: Final = tuple(_POWER_AT)
del _card
"""`_POWER[card.index]`: the card's rank strength in `ORDER` (weakest 0)."""
_PLAYS: Final[dict[int, PlayCards]] = {}
"""Play moves already built, by seat and card indices (a few thousand at most)."""
_PASSES: Final = tuple(Pass(seat) for seat in range(max(PLAYERS)))


def _play_move(seat: int, cards: tuple[Card, ...]) -> PlayCards:
    key = seat
    for c in cards:
        key = key * 64 + c.index
    move = _PLAYS.get(key * 8 + len(cards))
    if move is None:
        move = _PLAYS[key * 8 + len(cards)] = PlayCards(seat, cards)
    return move


def _apply(state: State, move: Move) -> State:
    match move:
        case GiveBack():
            return _apply_give(state, move)
        case PlayCards():
            return _apply_play(state, move)
        case Pass():
            return _apply_pass(state, move)


def _apply_give(state: State, move: GiveBack) -> State:
    president, scum = move.player, state.table[-1]
    hands = replace_at(state.hands, president, tuple(c for c in state.hands[president] if c != move.card))
    hands = replace_at(hands, scum, strength_sorted((*hands[scum], move.card), ORDER))
    events = (
        Event(EventKind.GIVES, player=president, cards=(move.card,), numbers=(scum,), private=True),
        Event(EventKind.RECEIVES, player=scum, cards=(move.card,), numbers=(president,), private=True),
        Event(EventKind.LEADS, player=president),
    )
    return attrs.evolve(state, phase=Phase.PLAY, hands=hands, events=events)


def _apply_play(state: State, move: PlayCards) -> State:
    seat, cards = move.player, move.cards
    held = state.hands[seat]
    first = cards[0]
    at = 0
    for c in held:  # a legal play is a slice of the sorted hand; cards are interned
        if c is first:
            break
        at += 1
    left = held[:at] + held[at + len(cards) :]
    hands = (*state.hands[:seat], left, *state.hands[seat + 1 :])
    pile = (*state.pile, cards)
    finished = state.finished
    events: tuple[Event, ...] = (Event(EventKind.PLAYS, player=seat, cards=cards),)
    if not left:
        events = (*events, Event(EventKind.GOES_OUT, player=seat, label=title_of(len(finished), len(hands))))
        finished = (*finished, seat)
        holding = holders(hands)
        if last_holder(holding) is not None:
            return _end_hand(state, hands, pile, finished, events)
    return _BUILD(
        state.options, state.hand, state.rng, None, state.phase, state.table, hands,
        next_holder(seat, state.table, holders(hands)), pile, PassingRound(seat, 0), state.cleared, finished,
        state.points, events,
    )  # fmt: skip


def _apply_pass(state: State, move: Pass) -> State:
    seat, hands, table = move.player, state.hands, state.table
    last, passes = state.passing.last, state.passing.passes + 1
    events: tuple[Event, ...] = _PASS_EVENTS[seat]
    if last is None or passes < sum([1 for h in hands if h]) - (1 if hands[last] else 0):
        return _BUILD(
            state.options, state.hand, state.rng, None, state.phase, table, hands,
            next_holder(seat, table, holders(hands)), state.pile, PassingRound(last, passes), state.cleared,
            state.finished, state.points, events,
        )  # fmt: skip
    # Everyone else holding cards passed: clear the round; the last player (or the next
    # seat with cards, if it went out) leads.
    leader = last if hands[last] else next_holder(last, table, holders(hands))
    events = (*events, Event(EventKind.WINS_ROUND, player=last), Event(EventKind.LEADS, player=leader))
    cleared = (*state.cleared, *(card for cards in state.pile for card in cards))
    return _BUILD(
        state.options, state.hand, state.rng, None, state.phase, table, hands, leader, (), _NEW_ROUND,
        cleared, state.finished, state.points, events,
    )  # fmt: skip


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""
_NEW_ROUND: Final = PassingRound()
_PASS_EVENTS: Final = tuple((Event(EventKind.PASSES, player=seat),) for seat in range(max(PLAYERS)))


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn, not seat {move.player}'s"
    held = state.hands[move.player]
    if state.phase is Phase.GIVE:
        if not isinstance(move, GiveBack):
            return "the President must first give one card back to the Scum"
        if move.card not in held:
            return f"seat {move.player} does not hold {move.card}"
        return f"suits are irrelevant: give it as {_same_rank(held, move.card.rank, 1)}"
    if isinstance(move, GiveBack):
        return "a card is given back only by the President, right after the deal"
    if isinstance(move, Pass):
        return "the leader must play a single card or a set of equal rank"
    try:
        combo = combo_of(move.cards)
    except ValueError as exc:
        return str(exc)
    missing = [c for c in move.cards if c not in held]
    if missing:
        return f"seat {move.player} does not hold {cards_text(missing)}"
    if state.pile:
        current = combo_of(state.pile[-1])
        if not BEATS(combo, current):
            return f"must beat {cards_text(state.pile[-1])} with {current.count} card(s) of a higher rank"
    return f"suits are irrelevant: play it as {_same_rank(held, combo.rank, combo.count)}"


def _same_rank(held: tuple[Card, ...], rank: Rank, count: int) -> str:
    return cards_text([c for c in held if c.rank is rank][:count])


_RANK_WORDS: Final = {str(Rank(r)).lower(): Rank(r) for r in range(1, 14)} | {"t": Rank.TEN}


def _parse_lenient(state: State, text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    """Reads "play 7 7", "play 7S 7D" (any suits of one rank) or "give 3" as the canonical move."""
    seat, body = split_seat(text, player)
    if not legal or (seat is not None and seat != state.turn):
        return None
    words = normalize(body).split()
    if len(words) < 2 or words[0] not in ("play", "give"):
        return None
    ranks: list[Rank] = []
    for word in words[1:]:
        if word in _RANK_WORDS:
            ranks.append(_RANK_WORDS[word])
            continue
        try:
            card = Card.parse(word)
        except ValueError:
            return None
        if card not in state.hands[state.turn]:
            raise NotationError(f"{text!r}: seat {state.turn} does not hold {card}")
        ranks.append(card.rank)
    if len(set(ranks)) != 1:
        return None
    for move in legal:
        if words[0] == "play" and isinstance(move, PlayCards):
            if move.cards[0].rank is ranks[0] and len(move.cards) == len(ranks):
                return move
        if words[0] == "give" and isinstance(move, GiveBack) and len(ranks) == 1:
            if move.card.rank is ranks[0]:
                return move
    return None


def _end_hand(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    pile: tuple[tuple[Card, ...], ...],
    finished: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Scores a finished hand, then deals the next one or ends the game."""
    n = len(hands)
    order = finishing_order(finished, holders(hands))
    scum = order[-1]
    gained = [0] * n
    for place, seat in enumerate(order):
        gained[seat] = place_points(n)[place]
    points = tuple(p + g for p, g in zip(state.points, gained))
    events = (*events, Event(EventKind.GOES_OUT, player=scum, label="Scum"), Event(EventKind.HAND_SCORED, numbers=tuple(gained)))
    if state.hand < state.options.hands:
        if state.rng is None:
            raise ValueError("cannot deal the next hand in a view")
        # Reseat by rank: President first, Scum last (the Scum deals, the President gets card 1).
        return _deal(state.options, state.hand + 1, order, points, state.rng, None, events)
    over = attrs.evolve(
        state,
        phase=Phase.OVER,
        hands=hands,
        turn=scum,
        pile=pile,
        passing=state.passing.played(finished[-1]),  # the last play went out
        finished=finished,
        points=points,
    )
    best = winners(over)
    return attrs.evolve(over, events=(*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(best)))))


def _check_pile(state: State) -> None:
    """The round's sets climb (same count, higher rank) and agree with the passing record."""
    sets = state.pile
    for earlier, later in zip(sets, sets[1:]):
        if not BEATS(combo_of(later), combo_of(earlier)):
            raise ValueError(f"{cards_text(later)} does not beat {cards_text(earlier)} in the pile")
    if sets:
        combo_of(sets[0])
    n = len(state.hands)
    last = state.passing.last
    if (last is None) != (not sets):
        raise ValueError("a round has a last player exactly when its pile is not empty")
    if last is None:
        if state.passing.passes:
            raise ValueError("no passes are counted before a round is led")
        return
    check_seat("last player", last, n)
    if not 0 <= state.passing.passes < n - 1:
        raise ValueError(f"{state.passing.passes} passes cannot be pending with {n} players")


def _check_phase(state: State) -> None:
    n = len(state.hands)
    empty = {seat for seat, held in enumerate(state.hands) if not held}
    if len(set(state.finished)) != len(state.finished) or set(state.finished) != empty:
        raise ValueError(f"finished {state.finished} is not the set of seats without cards")
    if state.phase is Phase.GIVE:
        if state.hand == 1 or not state.options.exchange:
            raise ValueError("the exchange happens only before hands after the first")
        if state.pile or state.cleared or state.finished or state.turn != state.table[0]:
            raise ValueError("during the exchange nothing is played and the President acts")
    elif state.phase is Phase.PLAY:
        if n - len(empty) < 2:
            raise ValueError("play goes on only while two or more seats hold cards")
        if state.turn in empty:
            raise ValueError(f"seat {state.turn} has no cards and cannot be on turn")
        if state.pile and state.turn == state.passing.last:
            raise ValueError("the last player cannot be on turn before the round ends")
        if state.pile and state.passing.last is not None:
            holding = holders(state.hands)
            if state.passing.passes >= state.passing.passes_needed(holding):
                raise ValueError("the round should have ended: everyone else has passed")
            due = state.passing.last
            for _ in range(state.passing.passes + 1):
                due = next_holder(due, state.table, holding)
            if state.turn != due:
                raise ValueError(
                    f"seat {state.turn} is on turn, but after seat {state.passing.last}'s play and "
                    f"{state.passing.passes} pass(es) it is seat {due}'s"
                )
    else:
        if state.hand != state.options.hands or len(state.finished) != n - 1:
            raise ValueError("the game ends when the last hand has one seat holding cards")


# Playouts ------------------------------------------------------------------------------------

_ACE_POWER: Final = ORDER.power(Rank.ACE)
_LONG_HAND: Final = 4
"""Cards in hand past which the playout policy passes rather than spend an ace or a two."""


def playout(state: State, moves: tuple[Move, ...], random: Random | None = None) -> Move:
    """The climbing rule of thumb, for search bots' playouts (`GameSpec.playout`): play the
    lowest set that beats, whole groups of a rank together (a lead sheds the lowest rank's whole
    group), and pass rather than spend an ace or a two while holding more than four cards; the
    President gives back its lowest card. `moves` are the legal moves of the seat to act."""
    first = moves[0]
    if not isinstance(first, PlayCards):
        return first  # GiveBack moves come lowest first; a lone Pass is the only move
    held = state.hands[state.turn]
    power = _POWER
    best, best_key = first, (2, 99, 0)
    for move in moves:
        if not isinstance(move, PlayCards):
            continue
        cards = move.cards
        rank_power = power[cards[0].index]
        in_hand = sum(1 for card in held if power[card.index] == rank_power)
        key = (int(in_hand > len(cards)), rank_power, -len(cards))
        if key < best_key:
            best, best_key = move, key
    if best_key[1] >= _ACE_POWER and len(held) > _LONG_HAND and isinstance(moves[-1], Pass):
        return moves[-1]
    return best


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="scum",
    title="Scum",
    family="shedding",
    summary="Climb with sets of equal rank; the first out is President, the last is Scum.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("house_party", Options.house_party()),),
    quick=Options(hands=2),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=2_100,
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
    playout=playout,
)
