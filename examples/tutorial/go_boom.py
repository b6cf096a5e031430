"""Go Boom: the game docs/tutorial.rst builds, step by step, in parlour's own style.

A simple trick game for 2 to 6 players: each player is dealt seven cards and the rest form a
face-down stock. The leader plays any card; each player after, in turn, must play a card of the
same suit or the same rank as the card led, and a player who holds none draws from the stock
until it can play (or passes once the stock is empty). When every seat has had its turn, the
highest card of the suit led wins the trick (aces high) and its winner leads next. The first
player to play the last card of its hand goes out and wins; it scores a point for every card
the others still hold.

The module reads top to bottom as every parlour game does: rule tables, Options, moves, State
and its zones, then the verbs (`new_game`, `legal_moves`, `apply`, `view`...) and the `GAME`
record that registers it.

>>> state = new_game(3, seed=1, dealer=0, deck=standard_pack())
>>> [cards_text(held) for held in state.hands]
['3C 6C 9C QC 2D 5D 8D', '4C 7C 10C KC AC 3D 6D', '2C 5C 8C JC 4D 7D AD']
>>> state.turn, [str(move) for move in legal_moves(state)][:3]
(1, ['play 4C', 'play 7C', 'play 10C'])
>>> state = apply(state, parse_move(state, "play 6D"))
>>> [str(move) for move in legal_moves(state)]
['play 4D', 'play 7D', 'play AD']
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import ACE_HIGH, HIDDEN, Card, cards_text, sorted_cards, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME", "ZONES", "Draw", "Move", "Options", "Pass", "Phase", "Play", "State", "apply", "check_invariants",
    "is_over", "legal_moves", "new_game", "parse_move", "render", "scores", "shuffle_unseen", "to_act",
    "trick_winner", "view", "winners",
]  # fmt: skip

# Rule tables: every number of the rules, in one place ------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6)
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
HAND_SIZE: Final = 7
ORDER: Final = ACE_HIGH
"""Which card of the suit led is highest: aces high, twos low."""


# Options: the rules a table may vary, frozen and checked ---------------------------------------


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Go Boom; the defaults are the game described above."""

    hand_size: int = HAND_SIZE
    """Cards dealt to each player (1 to 8: six players must leave a stock)."""
    draw_until_able: bool = True
    """A player who cannot follow draws until it can. False: it draws one card, and passes if
    that card does not fit either."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.hand_size <= 8:
            raise ValueError(f"hand_size must be 1..8, not {self.hand_size}")


# Moves: small frozen values that print as their notation ---------------------------------------


@attrs.frozen
class Play:
    """Play `card` to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Draw:
    """Draw the top card of the stock (only when no card of the hand fits)."""

    player: int

    def __str__(self) -> str:
        return "draw"


@attrs.frozen
class Pass:
    """Play nothing to this trick: no card fits and the stock is empty (or the one card
    drawn did not fit, with `draw_until_able` off)."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Play | Draw | Pass
MOVE_TYPES: Final = (Play, Draw, Pass)


# State: everything about a position, and where its cards lie -----------------------------------


class Phase(enum.Enum):
    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Go Boom position."""

    options: Options
    hand: int
    """Always 1: a game of Go Boom is one deal."""
    rng: Rng | None
    viewer: int | None = None
    phase: Phase
    dealer: int
    leader: int
    """The seat that led (or is to lead) the current trick."""
    turn: int
    """The seat to move (in OVER, the seat that went out)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted."""
    stock: tuple[Card, ...]
    """The face-down stock, top card first."""
    trick: tuple[Card | None, ...]
    """The card each seat played to the current trick (None: not yet, or passed)."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat won, face up."""
    drew: bool = False
    """The seat to move has drawn this turn (with `draw_until_able` off it may draw only once)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state."""
        return seat_moves(self, _moves)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("stock", Seen.NOBODY),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Each hand is seen by its owner, the stock by nobody, the trick and won cards by everyone.
From this declaration core derives `view`, `shuffle_unseen` and the conservation check."""


# The verbs -------------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals a game: cards one at a time from the dealer's left; the dealer's left leads."""
    n = require_players("go_boom", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("go_boom", options, Options)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    elif type(dealer) is not int:
        raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
    check_seat("dealer", dealer, n)
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    hands, stock = deal(cards, players=n, first=(dealer + 1) % n, each=rules.hand_size)
    first = (dealer + 1) % n
    return State(
        options=rules, hand=1, rng=rng, phase=Phase.PLAY, dealer=dealer, leader=first, turn=first,
        hands=tuple(sorted_cards(held) for held in hands), stock=stock, trick=(None,) * n,
        won=((),) * n, events=(Event(EventKind.DEALS, player=dealer, numbers=(1,)), Event(EventKind.LEADS, player=first)),
    )  # fmt: skip


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The moves of the seat to move (with `player`, only that seat's); () once the game is over."""
    return moves_for(state, player, len(state.hands), state.legal)


def _moves(state: State, player: int | None) -> tuple[Move, ...]:
    seat = state.turn
    if state.phase is Phase.OVER or player not in (None, seat):
        return ()
    held = state.hands[seat]
    led = state.trick[state.leader]
    if led is None:  # leading: any card
        return tuple(Play(seat, card) for card in held)
    fits = tuple(Play(seat, card) for card in held if card.suit is led.suit or card.rank is led.rank)
    if fits:
        return fits
    may_draw = state.stock and (state.options.draw_until_able or not state.drew)
    return (Draw(seat),) if may_draw else (Pass(seat),)


def apply(state: State, move: Move) -> State:
    """The state after `move`; `IllegalMove` naming the rule when it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def _why_illegal(state: State, move: Move) -> str:
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn"
    led = state.trick[state.leader]
    if isinstance(move, Play):
        if move.card not in state.hands[move.player]:
            return f"seat {move.player} does not hold {move.card}"
        assert led is not None
        return f"must match the {led} led by suit or rank"
    if isinstance(move, Draw):
        return "may draw only when no card fits and the stock lasts" + ("" if state.options.draw_until_able else ", once a turn")
    return "may pass only when no card fits and no card may be drawn"


def _apply(state: State, move: Move) -> State:
    seat, n = move.player, len(state.hands)
    if isinstance(move, Draw):
        card = state.stock[0]
        hands = replace_at(state.hands, seat, sorted_cards((*state.hands[seat], card)))
        drawn = Event(EventKind.DRAWS, player=seat, cards=(card,), private=True)
        return attrs.evolve(state, hands=hands, stock=state.stock[1:], drew=True, events=(drawn,))
    events: list[Event] = []
    hands, trick = state.hands, state.trick
    if isinstance(move, Play):
        hands = replace_at(hands, seat, tuple(c for c in hands[seat] if c != move.card))
        trick = replace_at(trick, seat, move.card)
        events.append(Event(EventKind.PLAYS, player=seat, cards=(move.card,)))
        if not hands[seat]:  # going out ends the game at once
            points = tuple(sum(len(held) for held in hands) if s == seat else 0 for s in range(n))
            events += [Event(EventKind.GOES_OUT, player=seat), Event(EventKind.HAND_SCORED, numbers=points),
                       Event(EventKind.GAME_OVER, numbers=(seat,))]  # fmt: skip
            return attrs.evolve(state, phase=Phase.OVER, hands=hands, trick=trick, drew=False, events=tuple(events))
    else:
        events.append(Event(EventKind.PASSES, player=seat))
    following = (seat + 1) % n
    if following != state.leader:
        events.append(Event(EventKind.TO_PLAY, player=following))
        return attrs.evolve(state, hands=hands, trick=trick, turn=following, drew=False, events=tuple(events))
    winner = trick_winner(trick, state.leader)
    in_play_order = (trick[(state.leader + k) % n] for k in range(n))
    taken = tuple(card for card in in_play_order if card is not None)
    events += [Event(EventKind.WINS_TRICK, player=winner, cards=taken), Event(EventKind.LEADS, player=winner)]
    won = replace_at(state.won, winner, state.won[winner] + taken)
    return attrs.evolve(
        state, hands=hands, trick=(None,) * n, won=won, leader=winner, turn=winner, drew=False, events=tuple(events)
    )


def trick_winner(trick: Sequence[Card | None], leader: int) -> int:
    """The seat whose card is the highest of the suit led (a card of the led rank in another
    suit fits, but cannot win).

    >>> from parlour.core.cards import parse_cards
    >>> trick_winner((*parse_cards("9H 2H QS"), None), leader=0)
    0
    """
    led = trick[leader]
    assert led is not None
    return max(
        (seat for seat, card in enumerate(trick) if card is not None and card.suit is led.suit),
        key=lambda seat: ORDER.power(trick[seat].rank),  # type: ignore[union-attr]
    )


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Once a seat has gone out, it scores a point per card the others hold; 0 before."""
    if state.phase is not Phase.OVER:
        return (0,) * len(state.hands)
    left = sum(len(held) for held in state.hands)
    return tuple(left if not held else 0 for held in state.hands)


def winners(state: State) -> frozenset[int]:
    """The seat that went out, once it has."""
    return frozenset(s for s, held in enumerate(state.hands) if not held) if state.phase is Phase.OVER else frozenset()


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the trick, the won cards."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The cards `player` cannot see (other hands, the stock) dealt afresh."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play QS", "draw" or "pass" (with `player` or a "2:" prefix, that seat's only)."""
    return parse_by_matching(text, legal_moves(state), player)


def check_invariants(state: State) -> None:
    """ValueError for a state no game of Go Boom reaches (also run on every state read from JSON)."""
    n = len(state.hands)
    if n not in PLAYERS or len(state.trick) != n or len(state.won) != n:
        raise ValueError(f"go_boom needs 2..6 seats with one hand, trick card and won pile each, not {n}")
    if state.hand != 1:
        raise ValueError(f"a game of Go Boom is one deal, not hand {state.hand}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    for name in ("dealer", "leader", "turn"):
        check_seat(name, getattr(state, name), n)
    check_zones("go_boom", state, ZONES, PACK)
    for seat, held in enumerate(state.hands):
        if HIDDEN not in held and held != sorted_cards(held):
            raise ValueError(f"seat {seat}'s hand is not sorted: {cards_text(held)}")
    empty = [seat for seat, held in enumerate(state.hands) if not held]
    if (state.phase is Phase.OVER) != bool(empty) or len(empty) > 1:
        raise ValueError("the game is over exactly when one seat has played its last card")
    played = [seat for seat, card in enumerate(state.trick) if card is not None]
    if state.phase is Phase.PLAY:
        behind = [(state.leader + k) % n for k in range((state.turn - state.leader) % n)]
        if any(seat not in behind for seat in played) or (behind and state.trick[state.leader] is None):
            raise ValueError("only the seats from the leader up to the seat to move have played to the trick")
        if state.drew and state.trick[state.leader] is None:
            raise ValueError("a seat draws only when it cannot match the card led, never to lead")
    elif state.turn not in empty or state.trick[state.turn] is None or state.drew:
        raise ValueError("the seat that went out played its last card to the last trick")


def render(state: State) -> str:
    """A plain-text picture of a state or view for the terminal."""
    lines = [f"Go Boom, {len(state.hands)} players; stock {len(state.stock)} cards"]
    led = state.trick[state.leader]
    if state.phase is Phase.OVER:
        lines.append(f"seat {state.turn} went out and scores {scores(state)[state.turn]}")
    else:
        lines.append(f"seat {state.turn} to " + ("lead" if led is None else f"match the {led} led by suit or rank"))
    for seat, held in enumerate(state.hands):
        played = state.trick[seat]
        shown = cards_text(held) if HIDDEN not in held else f"{len(held)} cards"
        lines.append(f"seat {seat}  {shown:30}  played {played if played else '--'}  won {len(state.won[seat])}")
    return "\n".join(lines)


GAME: Final = GameSpec[State, Move, Options](
    name="go_boom",
    title="Go Boom",
    family="tricks",
    summary="Match the card led by suit or rank, or draw; the first to play out its hand wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    zones=ZONES,
    max_plies=400,
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
"""The game's registration record: `parlour.register(GAME)` makes `parlour.game("go_boom")`."""


if __name__ == "__main__":
    import random

    import parlour

    parlour.register(GAME)
    table = parlour.game("go_boom")
    state = table.new_game(seed=3)
    chooser = random.Random(3)
    while not table.is_over(state):
        moves = table.legal_moves(state)
        state = table.apply(state, moves[chooser.randrange(len(moves))])
    print(table.render(state))
