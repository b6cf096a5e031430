"""Go Fish: ask another player for a rank you hold, collect books of four, most books wins.

Rules: the Hoyle Card Games manual, "Go Fish". One 52-card pack, 2 to 6 players, five cards
each; the rest is the face-down stock. On a turn a player asks one other player for a rank it
holds itself. The asked player hands over every card of that rank and the asker goes again;
a player without the rank says "go fish" and the asker draws the top card of the stock. Four
cards of one rank (a book) are laid down at once, dealt or collected, and score a point. A
player whose hand runs out while the stock lasts draws five more. Play goes on until every
hand and the stock are empty; the most books wins and ties share.

Readings where the seed is silent or open (library choices, stated in the docs):

* The first dealer is drawn from the seed unless `new_game(dealer=...)` fixes it; cards are dealt
  one at a time clockwise from the dealer's left, and the dealer's left asks first ("Moving
  clockwise"). The game is one deal.
* "If you get the card you asked for, you get to go again" covers both a successful ask and
  fishing a card of the asked rank (`Options.fished_rank_goes_again`). The fished card is shown
  to claim the extra turn (a public SHOWS event); any other drawn card stays hidden.
* A seat may ask only a seat that holds cards. Handed-over cards are passed face down: the
  table learns the rank (from the ask) and how many, not the suits.
* A hand that runs out (given away, or laid down as a book) is refilled at once with five cards,
  or what is left of the stock; a seat with no cards and an empty stock is skipped.
* With an empty stock, a failed ask passes the turn. Termination valve (a deviation): after
  `Options.stall_limit` asks in a row that move no card, the game ends as it stands.

>>> state = new_game(3, seed=1, dealer=2, deck=standard_pack())
>>> [cards_text(held) for held in state.hands]
['AC 4C 7C 10C KC', 'AD 2C 5C 8C JC', '2D 3C 6C 9C QC']
>>> [str(move) for move in legal_moves(state)][:5]
['ask 1 for A', 'ask 1 for 4', 'ask 1 for 7', 'ask 1 for 10', 'ask 1 for K']
>>> state = apply(state, parse_move(state, "ask 2 for K"))
>>> [str(event) for event in state.events]
['seat 0 asks: seat 2 for K', 'seat 2 note: go fish', 'seat 0 draws 3D', 'seat 1 to play']
>>> [str(event) for event in view(state, 1).events][2]
'seat 0 draws ??'
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import CARD_INDICES, HIDDEN, NATURAL_RANKS, Card, Rank, cards_text, parse_cards, standard_pack
from parlour.core.deck import deal, shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders
from parlour.core.text import grouped_cards, seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "Ask",
    "Move",
    "Options",
    "Phase",
    "State",
    "apply",
    "books_of",
    "check_invariants",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "ranks_held",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6)
"""The seed gives no range; two to six players keep enough cards in the stock."""
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
BOOK: Final = 4
"""Cards of one rank that make a book: "four of a kind ... removed from your hand"."""
POINTS_PER_BOOK: Final = 1
"""Seed: "those cards are removed from your hand, and you get a point"."""
HAND_SIZE: Final = 5
"""Seed: "Each player gets five cards" (whatever the number of players)."""
REFILL: Final = 5
"""Seed: "If you run out of cards and there are still cards left, you get five free cards"."""
STALL_LIMIT: Final = 60
"""Asks in a row that move no card (stock empty) before the game is stopped: a valve."""


# Options -------------------------------------------------------------------------------------


def _whole(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"{attribute.name} must be a whole number {low}..{high}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Go Fish; the defaults are the Hoyle Card Games manual's game."""

    hand_size: int = attrs.field(default=HAND_SIZE, validator=_whole(1, 26))
    """Cards dealt to each player: "Each player gets five cards". The deal must leave the
    players' hands within the 52-card pack (26 for two players at most)."""
    refill: int = attrs.field(default=REFILL, validator=_whole(1, 52))
    """Cards drawn at once by a player whose hand runs out while the stock lasts: "you get five
    free cards" (or all that is left)."""
    fished_rank_goes_again: bool = True
    """Drawing a card of the asked rank after "go fish" gives another turn, like a successful
    ask ("If you get the card you asked for, you get to go again"). False: only a successful
    ask does."""
    stall_limit: int = attrs.field(default=STALL_LIMIT, validator=_whole(1, 10_000))
    """Termination valve (not a rule of the seed): once the stock is empty, this many asks in a
    row that move no card end the game with the books made so far."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def hoyle(cls) -> Options:
        """The Hoyle Card Games manual: five cards each, five more for an empty hand."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Ask:
    """Ask seat `target` for every card of `rank`; the asker holds at least one of them."""

    player: int
    target: int
    rank: Rank

    def __str__(self) -> str:
        return f"ask {self.target} for {self.rank}"


Move: TypeAlias = Ask
MOVE_TYPES: Final = (Ask,)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: seats ask in turn; OVER: the game ended."""

    PLAY = "play"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Go Fish position: hands, the stock, the books laid down, whose turn it is."""

    options: Options
    hand: int
    """Always 1: a game of Go Fish is a single deal."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    dealer: int
    turn: int
    """The seat to ask (in OVER, the seat that asked last)."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, sorted by rank (A, 2 ... K), then suit."""
    stock: tuple[Card, ...]
    """The face-down pile to fish from, top card first."""
    books: tuple[tuple[Card, ...], ...]
    """The books each seat laid down, four cards of a rank each, in the order made."""
    stalled: int
    """Asks in a row since the stock ran out that moved no card (the valve's count)."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


_KEY_AT: Final = [CARD_INDICES * 4] * CARD_INDICES
for _card in PACK:
    _KEY_AT[_card.index] = int(_card.rank) * 4 + int(_card.suit or 0)
_KEY: Final = tuple(_KEY_AT)
"""`_KEY[card.index]`: the card's place in a hand (by rank, then suit); hidden cards last."""
del _card


def _by_rank(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: _KEY[c.index]))


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_by_rank),
    Zone("stock", Seen.NOBODY),
    Zone("books", Seen.EVERYONE, by_seat=True),
)
"""Each hand is seen by its owner, the stock by nobody, the books (laid face up) by all."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the game. `deck` fixes the cards (top card first), `dealer` the dealer."""
    n = require_players("go_fish", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("go_fish", options, Options)
    if n * rules.hand_size > len(PACK):
        raise ValueError(f"{n} players cannot be dealt {rules.hand_size} cards each from {len(PACK)} cards")
    rng = seeded(seed)
    if dealer is None:
        first_dealer, rng = rng.below(n)
    else:
        if type(dealer) is not int:
            raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
        check_seat("dealer", dealer, n)
        first_dealer = dealer
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    dealt, rest = deal(cards, players=n, first=(first_dealer + 1) % n, each=rules.hand_size)
    hands = [_by_rank(held) for held in dealt]
    books: list[tuple[Card, ...]] = [()] * n
    events: list[Event] = [Event(EventKind.DEALS, player=first_dealer, numbers=(1,))]
    stock = rest
    for step in range(n):
        seat = (first_dealer + 1 + step) % n
        if _has_book(hands[seat]):
            for rank in ranks_held(hands[seat]):
                stock = _book_and_refill(rules, seat, rank, hands, books, stock, events)
    first = _next_holder(first_dealer, hands)
    if first is None:  # pragma: no cover - a deal cannot book every card
        raise ValueError("the deal left nobody holding cards")
    events.append(_TO_PLAY[first])
    return _BUILD(rules, 1, rng, None, Phase.PLAY, first_dealer, first, tuple(hands), stock, tuple(books), 0, tuple(events))


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The asker's moves: by target clockwise from its left, then rank A, 2 ... K; () at the end.

    With `player`, only that seat's moves; a view lists its viewer's moves only.
    """
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    return frozenset() if state.phase is Phase.OVER else _ACTORS[state.turn]


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Points so far by seat: one per book laid down."""
    return tuple(len(made) // BOOK * POINTS_PER_BOOK for made in state.books)


def winners(state: State) -> frozenset[int]:
    """The seats with the most points once the game is over (ties share); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    points = scores(state)
    return leaders(points)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: its own hand, the books, counts of the rest."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def ranks_held(held: Sequence[Card]) -> tuple[Rank, ...]:
    """The distinct ranks of a hand sorted by rank, in that order (hidden cards left out).

    >>> ranks_held(parse_cards("AC AS 7D 7H KC"))
    (<Rank.ACE: 1>, <Rank.SEVEN: 7>, <Rank.KING: 13>)
    """
    found: list[Rank] = []
    for card in held:
        if card.rank is not Rank.HIDDEN and (not found or found[-1] is not card.rank):
            found.append(card.rank)
    return tuple(found)


def books_of(made: Sequence[Card]) -> tuple[Rank, ...]:
    """The ranks of a seat's books, in the order they were laid down.

    >>> books_of(parse_cards("7C 7D 7H 7S QC QD QH QS"))
    (<Rank.SEVEN: 7>, <Rank.QUEEN: 12>)
    """
    return tuple(made[i].rank for i in range(0, len(made), BOOK))


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "ask 2 for 7"; also "ask seat 2 for 7s", "ask 2 7" or "ask 2 for Ks".

    With `player` (or a "2:" prefix), only that seat's moves match.
    """
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        lenient = _parse_lenient(text, legal, player)
        if lenient is None:
            raise exc from None
        return lenient


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Go Fish reaches (also accepts views)."""
    n = len(state.hands)
    o = state.options
    if n not in PLAYERS:
        raise ValueError(f"go_fish is played by 2-6 players, not {n}")
    if len(state.books) != n:
        raise ValueError(f"books {len(state.books)} are not one entry per seat of {n}")
    if n * o.hand_size > len(PACK):
        raise ValueError(f"{n} players cannot be dealt {o.hand_size} cards each")
    if state.hand != 1:
        raise ValueError(f"a game of Go Fish is one deal, not hand {state.hand}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
            continue
        if held != _by_rank(held):
            raise ValueError(f"seat {seat}'s hand is not in rank order: {cards_text(held)}")
        if _has_book(held):
            raise ValueError(f"seat {seat} holds a book that should have been laid down: {cards_text(held)}")
    for seat, made in enumerate(state.books):
        if len(made) % BOOK:
            raise ValueError(f"seat {seat}'s books hold {len(made)} cards, not fours")
        for i in range(0, len(made), BOOK):
            book = made[i : i + BOOK]
            if HIDDEN in book or len({card.rank for card in book}) != 1 or book != _by_rank(book):
                raise ValueError(f"seat {seat}'s book {cards_text(book)} is not four of a rank in order")
    check_zones("go_fish", state, ZONES, PACK)
    if not 0 <= state.stalled <= o.stall_limit:
        raise ValueError(f"stalled {state.stalled} is outside 0..{o.stall_limit}")
    if state.stalled and state.stock:
        raise ValueError("asks are counted as stalled only once the stock is empty")
    holding = [seat for seat, held in enumerate(state.hands) if held]
    if state.stock and len(holding) != n:
        raise ValueError("an empty hand is refilled at once while the stock lasts")
    if state.phase is Phase.PLAY:
        if state.stalled == o.stall_limit:
            raise ValueError("the game ends when the stall limit is reached")
        if state.turn not in holding:
            raise ValueError(f"seat {state.turn} holds no cards and cannot be on turn")
        if len(holding) < 2:
            raise ValueError("play goes on only while two or more seats hold cards")
    elif state.stalled != o.stall_limit and (holding or state.stock):
        raise ValueError("the game ends only when every card is in a book (or the stall limit is reached)")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see (other hands, the stock) afresh, keeping every count.

    No reachable hand holds four of a rank (a book is laid down at once), so a deal that puts a
    book in a hand is drawn again; after `_SHUFFLE_TRIES` such deals the cards stay where they
    are and only the random source changes.
    """
    for attempt in range(_SHUFFLE_TRIES):
        shuffled = zone_shuffle(state, player, seed + attempt * 1_000_003, ZONES)
        if not any(_has_book(held) for held in shuffled.hands):
            return attrs.evolve(shuffled, rng=None if state.rng is None else Rng(seed))
    return attrs.evolve(state, rng=None if state.rng is None else Rng(seed))


_SHUFFLE_TRIES: Final = 50


def _has_book(held: tuple[Card, ...]) -> bool:
    """Whether a (visible, sorted) hand holds four cards of one rank."""
    run, last = 0, Rank.HIDDEN
    for card in held:
        run = run + 1 if card.rank is last else 1
        last = card.rank
        if run >= BOOK and last is not Rank.HIDDEN:
            return True
    return False


# Phase helpers -------------------------------------------------------------------------------


def _next_holder(seat: int, hands: Sequence[tuple[Card, ...]]) -> int | None:
    """The first seat clockwise after `seat` (ending with `seat` itself) that holds cards."""
    n = len(hands)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if hands[other]:
            return other
    return None


def _insert(held: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`held` (sorted by rank) with `card` in its place."""
    key = _KEY[card.index]
    at = 0
    for c in held:
        if _KEY[c.index] > key:
            break
        at += 1
    return (*held[:at], card, *held[at:])


def _book_and_refill(
    options: Options,
    seat: int,
    rank: Rank,
    hands: list[tuple[Card, ...]],
    books: list[tuple[Card, ...]],
    stock: tuple[Card, ...],
    events: list[Event],
) -> tuple[Card, ...]:
    """Lays down `seat`'s book of `rank` if complete, then refills an empty hand from the stock
    (booking what the new cards complete, again and again). Returns the stock left."""
    held = hands[seat]
    book = tuple(c for c in held if c.rank is rank)
    if len(book) == BOOK:
        held = hands[seat] = tuple(c for c in held if c.rank is not rank)
        books[seat] = (*books[seat], *book)
        events.append(Event(EventKind.MELDS, player=seat, cards=book, label="book"))
    while not held and stock:
        drawn, stock = stock[: options.refill], stock[options.refill :]
        held = hands[seat] = _by_rank(drawn)
        events.append(Event(EventKind.DRAWS, player=seat, cards=drawn, label="empty hand", private=True))
        for again in ranks_held(held):
            book = tuple(c for c in held if c.rank is again)
            if len(book) == BOOK:
                held = hands[seat] = tuple(c for c in held if c.rank is not again)
                books[seat] = (*books[seat], *book)
                events.append(Event(EventKind.MELDS, player=seat, cards=book, label="book"))
    return stock


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view: no seat's hand is known
    if state.phase is Phase.OVER or (only is not None and only != state.turn):
        return ()
    seat = state.turn
    hands = state.hands
    ranks = tuple(dict.fromkeys([card.rank for card in hands[seat]]))
    rows = _ASKS[seat]
    moves: list[Move] = []
    for target in _OTHERS[len(hands)][seat]:
        if hands[target]:
            moves.extend(map(rows[target].__getitem__, ranks))
    return tuple(moves)


_OTHERS: Final = tuple(
    tuple(tuple((seat + step) % n for step in range(1, n)) for seat in range(n)) for n in range(max(PLAYERS) + 1)
)
"""`_OTHERS[n][seat]`: the other seats of an `n`-seat table clockwise from `seat`'s left."""
_ASKS: Final = tuple(
    tuple(tuple(Ask(seat, target, Rank(r)) for r in range(14)) for target in range(max(PLAYERS)))
    for seat in range(max(PLAYERS))
)
"""`_ASKS[seat][target][rank]`: the prebuilt ask (rank 0, the hidden rank, is never offered)."""


def _apply(state: State, move: Move) -> State:
    asker, target, rank = move.player, move.target, move.rank
    options = state.options
    hands = list(state.hands)
    stock = state.stock
    stalled = 0
    taken = hands[target]
    given = tuple([c for c in taken if c.rank is rank])
    held = hands[asker]
    if given:
        hands[target] = tuple([c for c in taken if c.rank is not rank])
        for card in given:
            held = _insert(held, card)
        hands[asker] = held
        events = [
            _ASK_NOTES[asker][target][rank],
            _EVENT(EventKind.GIVES, target, given, (asker,), "", True),
            _EVENT(EventKind.RECEIVES, asker, given, (target,), "", True),
        ]
        again = True
        changed = rank
    else:
        events = [_ASK_NOTES[asker][target][rank], _GO_FISH[target]]
        if stock:
            card = stock[0]
            stock = stock[1:]
            held = hands[asker] = _insert(held, card)
            events.append(_EVENT(EventKind.DRAWS, asker, (card,), (), "", True))
            changed = card.rank
            again = changed is rank and options.fished_rank_goes_again
            if again:
                events.append(_EVENT(EventKind.SHOWS, asker, (card,), (), "the rank asked for", False))
        else:
            again = False
            stalled = state.stalled + 1
            changed = rank
    books = state.books
    if len([c for c in held if c.rank is changed]) == BOOK or (stock and not hands[target]):
        # A book to lay down, or a hand to refill: the rare path.
        laid = list(books)
        stock = _book_and_refill(options, asker, changed, hands, laid, stock, events)
        if not hands[target] and stock:
            stock = _book_and_refill(options, target, rank, hands, laid, stock, events)
        books = tuple(laid)
    if stalled >= options.stall_limit:
        events.append(_STALLED)
        return _end(state, asker, hands, stock, books, stalled, events)
    turn = asker if again and hands[asker] else _next_holder(asker, hands)
    if turn is None:
        return _end(state, asker, hands, stock, books, stalled, events)
    events.append(_TO_PLAY[turn])
    return _BUILD(
        options, 1, state.rng, None, Phase.PLAY, state.dealer, turn, tuple(hands), stock, books, stalled,
        tuple(events),
    )  # fmt: skip


def _end(
    state: State,
    asker: int,
    hands: list[tuple[Card, ...]],
    stock: tuple[Card, ...],
    books: tuple[tuple[Card, ...], ...],
    stalled: int,
    events: list[Event],
) -> State:
    """The game over: every book made (or the valve), scored and the winners named."""
    over = _BUILD(
        state.options, 1, state.rng, None, Phase.OVER, state.dealer, asker, tuple(hands), stock, books,
        stalled, (),
    )  # fmt: skip
    best = winners(over)
    events.append(Event(EventKind.HAND_SCORED, numbers=scores(over)))
    events.append(Event(EventKind.GAME_OVER, numbers=tuple(sorted(best))))
    return attrs.evolve(over, events=tuple(events))


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""
_EVENT: Final = builder(Event)
"""`Event(kind, player, cards, numbers, label, private)` positionally, for the play loop."""
_ACTORS: Final = tuple(frozenset((seat,)) for seat in range(max(PLAYERS)))
_TO_PLAY: Final = tuple(Event(EventKind.TO_PLAY, player=seat) for seat in range(max(PLAYERS)))
_GO_FISH: Final = tuple(Event(EventKind.NOTE, player=seat, label="go fish") for seat in range(max(PLAYERS)))
_STALLED: Final = Event(EventKind.NOTE, label="no card has moved for the stall limit of asks: the game ends")
_ASK_NOTES: Final = tuple(
    tuple(
        tuple(Event(EventKind.ASKS, player=seat, label=f"seat {target} for {Rank(r)}") for r in range(14))
        for target in range(max(PLAYERS))
    )
    for seat in range(max(PLAYERS))
)
"""`_ASK_NOTES[seat][target][rank]`: the public announcement of an ask."""


def _why_illegal(state: State, move: Move) -> str:
    n = len(state.hands)
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.player != state.turn:
        return f"it is seat {state.turn}'s turn to ask, not seat {move.player}'s"
    if not isinstance(move.target, int) or not 0 <= move.target < n:
        return f"there is no seat {move.target} at a table of {n}"
    if move.target == move.player:
        return "a player asks another player, not itself"
    if not state.hands[move.target]:
        return f"seat {move.target} holds no cards to ask for"
    if move.rank not in NATURAL_RANKS:
        return f"{move.rank!r} is not a rank of the pack"
    return f"the asker must hold a card of the rank it asks for, and holds no {move.rank}"


_RANK_WORDS: Final = {str(rank).lower(): rank for rank in NATURAL_RANKS} | {"t": Rank.TEN}
_LENIENT: Final = re.compile(r"^ask\s+(?:seat\s+)?(\d{1,2})\s+(?:for\s+)?(\w+)$")


def _parse_lenient(text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    """Reads "ask seat 2 for 7s", "ask 2 7" or "ask 2 for Ks" (a rank, maybe plural) as the move."""
    seat, body = split_seat(text, player)
    found = _LENIENT.match(normalize(body))
    if found is None:
        return None
    word = found.group(2)
    rank = _RANK_WORDS.get(word)
    if rank is None and word.endswith("s"):
        rank = _RANK_WORDS.get(word[:-1])
    if rank is None:
        return None
    target = int(found.group(1))
    for move in legal:
        if move.target == target and move.rank is rank and (seat is None or move.player == seat):
            return move
    return None


# Rendering -----------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The dealer and the stock; what happens now (who asks, or the result); then one line per seat
    with its points, the ranks of its books, how many cards it holds and, where the viewer may
    see them, its cards grouped by rank. Hidden cards appear only as counts.
    """
    n = len(state.hands)
    lines = [f"Go Fish, {n} players, dealer seat {state.dealer}; stock {len(state.stock)} cards"]
    if state.phase is Phase.OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        top = max(scores(state))
        lines.append(f"game over: {seats_text(best)} {verb} with {top} book{'' if top == 1 else 's'}")
    else:
        lines.append(f"seat {state.turn} to ask another player for a rank it holds")
        if state.stalled:
            lines.append(f"{state.stalled} ask(s) in a row moved no card (limit {state.options.stall_limit})")
    points = scores(state)
    for seat, held in enumerate(state.hands):
        made = " ".join(str(rank) for rank in books_of(state.books[seat]))
        line = f"seat {seat}  books {points[seat]:>2}{f' ({made})' if made else ''}  {len(held):>2} card"
        line += "" if len(held) == 1 else "s"
        if seat == state.turn and state.phase is Phase.PLAY:
            line += ", to ask"
        lines.append(line)
        if held and HIDDEN not in held:
            lines.append("        " + grouped_cards(held, by=lambda card: card.rank))
    return "\n".join(lines)


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="go_fish",
    title="Go Fish",
    family="matching",
    summary="Ask another player for a rank you hold; lay down books of four; the most books wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("hoyle", Options.hoyle()),),
    quick=Options(stall_limit=8),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=3_300,
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
