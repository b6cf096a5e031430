"""Saskatchewan Rummy play: the moves, the `State`, the public verbs and the phase helpers.

A hand is dealt (`_deal`); hands 1-5 are played out trick by trick (`_apply_trick`) and paid
for after the last trick (`scoring.hand_payments`), which deals the next hand; hand 6 is Sevens
(`_apply_sevens`, `_apply_pass`) until enough players are out, when the pot is paid out
(`_finish`) and the match ends. The play loop reads prebuilt move and event objects from tables
indexed by `Card.index` and builds states with `builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    ACE_HIGH,
    CARD_INDICES,
    Card,
    HIDDEN,
    Rank,
    Suit,
    parse_cards,
    seat_card_table,
    sorted_cards,
    without,
)
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, leaders, replace_at
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

from .options import (
    _DEFAULTS,
    CONTRACTS,
    DEFAULT_PLAYERS,
    ORDINALS,
    PACK,
    PACKS,
    PASS_CENTS,
    PLAYERS,
    REMOVED,
    SEVENS_HAND,
    SEVENS_ORDER,
    SEVENS_TITLE,
    Options,
    hand_size,
)
from .scoring import hand_payments, payout, places_needed


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class PlayCard:
    """Play a card: to the trick (hands 1-5) or to the layout (hand 6)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class PassAndPay:
    """Hand 6, holding no playable card: pay 5 cents into the pot and pass the turn."""

    player: int

    def __str__(self) -> str:
        return "pass and pay"


Move: TypeAlias = PlayCard | PassAndPay
MOVE_TYPES: Final = (PlayCard, PassAndPay)

# Hot-path tables, indexed by `Card.index`: moves and events prebuilt per seat and card, each
# card's neighbours in a Sevens row, and each card's place in the display order (hands are
# sorted by sorting these small ints).
_SEATS: Final = max(PLAYERS)
_PLAY_MOVES: Final = seat_card_table(PlayCard, _SEATS, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, _SEATS, PACK)
_PASS_MOVES: Final = tuple((PassAndPay(s),) for s in range(_SEATS))
_PASS_EVENTS: Final = tuple(
    (Event(EventKind.PASSES, player=s, label=f"pays {PASS_CENTS} cents into the pot"),) for s in range(_SEATS)
)
_LEADS: Final = tuple(Trick(s) for s in range(_SEATS))


def _neighbours(step: int) -> tuple[int, ...]:
    """For each card index, the index of the next card of its suit up (`step` 1) or down (-1) in
    `SEVENS_ORDER`, or -1 at the end of a row (above the ace, below the 2)."""
    found = [-1] * CARD_INDICES
    ranks = SEVENS_ORDER.ranks
    for card in PACK:
        assert card.suit is not None
        i = SEVENS_ORDER.power(card.rank) + step
        if 0 <= i < len(ranks):
            found[card.index] = Card(ranks[i], card.suit).index
    return tuple(found)


_UP: Final = _neighbours(1)
_DOWN: Final = _neighbours(-1)
_SEVENS: Final = parse_cards("7C 7D 7H 7S")
"""The seven of each suit, in suit order: the card that starts its row."""
_SEVEN_INDICES: Final = tuple(c.index for c in _SEVENS)
_DISPLAY: Final = (*sorted_cards(PACK), HIDDEN)


def _places() -> tuple[int, ...]:
    place = [-1] * CARD_INDICES
    for i, card in enumerate(_DISPLAY):
        place[card.index] = i
    return tuple(place)


_PLACE: Final = _places()
_PACK_PLACES: Final = {n: tuple(_PLACE[c.index] for c in pack) for n, pack in PACKS.items()}


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    """TRICKS: hands 1-5; SEVENS: hand 6; OVER: the pot has been paid out."""

    TRICKS = 0
    SEVENS = 1
    OVER = 2


_TRICKS, _SEVENS_PHASE, _OVER = Phase.TRICKS, Phase.SEVENS, Phase.OVER


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Saskatchewan Rummy position. Hands are sorted; money is in cents."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    turn: int
    """The seat to act (in TRICKS the seat due to play to the trick)."""
    hands: tuple[tuple[Card, ...], ...]
    trick: Trick
    """The trick in progress (hands 1-5); empty in hand 6."""
    won: tuple[tuple[Card, ...], ...]
    """Cards each seat took in tricks this hand (hands 1-5)."""
    layout: tuple[tuple[Card, ...], ...]
    """Hand 6: the row of each suit (clubs, diamonds, hearts, spades), lowest card first."""
    out: tuple[int, ...]
    """Hand 6: the seats that went out, in order."""
    paid: tuple[int, ...]
    """Cents each seat has paid into the pot so far."""
    received: tuple[int, ...]
    """Cents each seat took from the pot (all zero until the payout)."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)

    @property
    def pot(self) -> int:
        """Cents in the pot now."""
        return sum(self.paid) - sum(self.received)


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
    Zone("layout", Seen.EVERYONE),
)
"""Hands are seen by their owners; the trick, the taken tricks and the layout by everyone. The
cards removed for the player count are not in play (`pack_for`)."""



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
    """A new match with hand 1 dealt. `deck` fixes the first deal (top card first): the pack of
    this player count (`pack_for`) in some order, or the whole 52-card pack, from which the
    removed cards are then taken out; `dealer` fixes the first dealer."""
    options = require_options("saskatchewan", _DEFAULTS if options is None else options, Options)
    n = require_players("saskatchewan", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    if deck is None:
        places, rng = rng.shuffled(_PACK_PLACES[n])
    else:
        pack = PACKS[n]
        if not isinstance(deck, str) and len(deck) == len(PACK) and len(pack) < len(PACK):
            cards = tuple(c for c in fixed_deck(deck, PACK) if c not in REMOVED[n])
        else:
            cards = fixed_deck(deck, pack)
        places = tuple(_PLACE[c.index] for c in cards)
    zero = (0,) * n
    return _deal(options, n, 1, dealer, places, rng, zero, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s: plays in hand order (by suit, clubs first, low to
    high), or the single `pass and pay`. On a view, the viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The one seat to play (none once the game is over)."""
    return frozenset() if state.phase is _OVER else frozenset((state.turn,))


def is_over(state: State) -> bool:
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Net cents by seat: taken from the pot less paid into it (negative until the payout)."""
    return tuple(r - p for r, p in zip(state.received, state.paid))


def winners(state: State) -> frozenset[int]:
    """The seats with the highest net once the pot is paid out (ties share the win)."""
    if state.phase is not _OVER:
        return frozenset()
    net = scores(state)
    return leaders(net)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands hidden, no random source."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 7H" or "pass and pay" (also "pass" or "pay" alone when that is the move)."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        if normalize(body) in ("pass", "pay"):
            for move in legal:
                if isinstance(move, PassAndPay) and (seat is None or move.player == seat):
                    return move
        raise


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no match reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"{n} hands, but saskatchewan is played by {PLAYERS[0]} to {PLAYERS[-1]}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if not 1 <= state.hand <= SEVENS_HAND:
        raise ValueError(f"hand number {state.hand} is not 1 to {SEVENS_HAND}")
    for name, row in (("won", state.won), ("paid", state.paid), ("received", state.received)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    if len(state.layout) != len(_SEVENS):
        raise ValueError(f"the layout has {len(state.layout)} rows, not one per suit")
    check_seat("dealer", state.dealer, n)
    check_seat("turn", state.turn, n)
    check_seat("trick leader", state.trick.leader, n)
    check_zones("saskatchewan", state, ZONES, PACKS[n])
    for s, held in enumerate(state.hands):
        if HIDDEN not in held and held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    phase = state.phase
    if (phase is _TRICKS) != (state.hand < SEVENS_HAND):
        raise ValueError(f"hands 1-{SEVENS_HAND - 1} are trick hands and hand {SEVENS_HAND} is Sevens")
    if phase is _TRICKS:
        _check_tricks(state)
    else:
        _check_sevens(state)
    _check_money(state)


def playable(layout: Sequence[Sequence[Card]], players: int = DEFAULT_PLAYERS) -> frozenset[Card]:
    """The cards of the pack of `players` that may be played to a Sevens layout (rows by suit,
    lowest card first): the seven of each suit without a row, and the next card up and down of
    each row. An ace goes only on a king; below the lowest card of the pack a row is finished.

    >>> rows = (parse_cards("3C 4C 5C 6C 7C 8C"), (), parse_cards("7H 8H 9H 10H JH QH KH"), ())
    >>> " ".join(map(str, sorted_cards(playable(rows, 4)))), " ".join(map(str, sorted_cards(playable(rows, 3))))
    ('2C 9C 7D 6H AH 7S', '9C 7D 6H AH 7S')
    """
    indices = _playable(layout)
    return frozenset(c for c in PACKS[players] if c.index in indices)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _deal(
    options: Options,
    n: int,
    hand: int,
    dealer: int,
    places: Sequence[int],
    rng: Rng,
    paid: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand `hand` from a deck of display places (top card first), one card at a time
    clockwise from the dealer's left: the k-th seat from the left gets cards k, k + n, ..."""
    order = [tuple([_DISPLAY[p] for p in sorted(places[k::n])]) for k in range(n)]
    hands = tuple(order[(s - dealer - 1) % n] for s in range(n))
    left = (dealer + 1) % n
    title = CONTRACTS[hand - 1].title if hand < SEVENS_HAND else SEVENS_TITLE
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(hand,)),
        Event(EventKind.NOTE, label=f"hand {hand}: {title}"),
    )
    empty = ((),) * n
    rows: tuple[tuple[Card, ...], ...] = ((),) * len(_SEVENS)
    if hand < SEVENS_HAND:
        phase = _TRICKS
    else:
        phase = _SEVENS_PHASE
        if options.sevens_pre_laid:
            # The four sevens go out to the centre before the first turn.
            rows = tuple((seven,) for seven in _SEVENS)
            laid = []
            for k in range(n):
                s = (left + k) % n
                mine = tuple(c for c in hands[s] if c.rank is Rank.SEVEN)
                if mine:
                    laid.append(Event(EventKind.PLAYS, player=s, cards=mine))
                    hands = replace_at(hands, s, tuple(c for c in hands[s] if c.rank is not Rank.SEVEN))
            events = (*events, *laid)
    return _BUILD(
        options, hand, rng, None, events, phase, dealer, left, hands, _LEADS[left], empty, rows, (), paid,
        (0,) * n,
    )  # fmt: skip


def _playable(layout: Sequence[Sequence[Card]]) -> set[int]:
    """`playable` as card indices (a seven is in the set exactly when its row is empty)."""
    ok = set()
    for suit, row in enumerate(layout):
        if row:
            ok.add(_DOWN[row[0].index])
            ok.add(_UP[row[-1].index])
        else:
            ok.add(_SEVEN_INDICES[suit])
    return ok


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of the seat to act (all of them when `only` is None, else only seat
    `only`'s), computed from its own hand and the table."""
    phase = state.phase
    if phase is _OVER:
        return ()
    seat = state.turn
    if only is not None and only != seat:
        return ()
    hand = state.hands[seat]
    row = _PLAY_MOVES[seat]
    if phase is _TRICKS:
        played = state.trick.cards
        # Must follow suit if able.
        cards = legal_follow(hand, played[0].suit) if played else hand
        return tuple([row[c.index] for c in cards])
    # Sevens: play if able (a seven, or the next card up or down a row); else pass and pay.
    ok = _playable(state.layout)
    moves = tuple([row[c.index] for c in hand if c.index in ok])
    return moves if moves else _PASS_MOVES[seat]


def _why_illegal(state: State, move: Move) -> str:
    n = len(state.hands)
    seat = move.player
    if type(seat) is not int or not 0 <= seat < n:
        return f"seat {seat!r} is not at this table of {n}"
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn"
    hand = state.hands[seat]
    if isinstance(move, PassAndPay):
        if state.phase is _TRICKS:
            return "there is no passing in the trick hands: play a card"
        return "must play a card when able: pass and pay only with no card to play"
    card = move.card
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if card not in hand:
        return f"seat {seat} does not hold {card}"
    if state.phase is _TRICKS:
        led = state.trick.cards[0].suit
        return f"must follow suit: holds a {led.name.lower()[:-1] if led is not None else 'card'}"
    suit = card.suit
    assert suit is not None  # every card a seat holds has a suit
    row = state.layout[suit]
    if not row:
        return f"the {suit.name.lower()} row must first be started with {_SEVENS[suit]}"
    return f"{card} does not go on the {suit.name.lower()} row, which runs {row[0]} to {row[-1]}"


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        if state.phase is _TRICKS:
            return _apply_trick(state, move)
        return _apply_sevens(state, move)
    return _apply_pass(state, move)


def _apply_trick(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    n = len(hands)
    if len(trick.cards) < n:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _TRICKS, state.dealer, (seat + 1) % n, hands,
            trick, state.won, state.layout, state.out, state.paid, state.received,
        )  # fmt: skip
    # The trick is complete: the highest card of the suit led wins it and leads the next.
    winner = trick_winner(trick, order=ACE_HIGH)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=trick.cards))
    won = replace_at(state.won, winner, state.won[winner] + trick.cards)
    if hands[winner]:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _TRICKS, state.dealer, winner, hands,
            _LEADS[winner], won, state.layout, state.out, state.paid, state.received,
        )  # fmt: skip
    # The last trick: the hand's payments go into the pot, and the next hand is dealt.
    due = hand_payments(state.hand, won, winner)
    paid = tuple(a + b for a, b in zip(state.paid, due))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=tuple(-d for d in due)))
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    places, rng = rng.shuffled(_PACK_PLACES[n])
    return _deal(state.options, n, state.hand + 1, (state.dealer + 1) % n, places, rng, paid, events)


def _next_holder(hands: tuple[tuple[Card, ...], ...], seat: int) -> int:
    """The next seat to the left of `seat` that still holds cards."""
    n = len(hands)
    for step in range(1, n + 1):
        s = (seat + step) % n
        if hands[s]:
            return s
    raise ValueError("nobody holds a card")


def _apply_sevens(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    held = without(state.hands[seat], card)
    hands = replace_at(state.hands, seat, held)
    suit = card.suit
    assert suit is not None
    row = state.layout[suit]
    if not row:
        row = (card,)
    elif _UP[row[-1].index] == card.index:
        row = (*row, card)
    else:
        row = (card, *row)
    layout = replace_at(state.layout, suit, row)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    out = state.out
    if not held:
        events = (*events, Event(EventKind.GOES_OUT, player=seat, label=ORDINALS[len(out)]))
        out = (*out, seat)
        if len(out) == places_needed(len(hands)):
            return _finish(state, hands, layout, out, events, seat)
    return _BUILD(
        state.options, state.hand, state.rng, None, events, _SEVENS_PHASE, state.dealer, _next_holder(hands, seat),
        hands, state.trick, state.won, layout, out, state.paid, state.received,
    )  # fmt: skip


def _apply_pass(state: State, move: PassAndPay) -> State:
    seat = move.player
    paid = replace_at(state.paid, seat, state.paid[seat] + PASS_CENTS)
    return _BUILD(
        state.options, state.hand, state.rng, None, _PASS_EVENTS[seat], _SEVENS_PHASE, state.dealer,
        _next_holder(state.hands, seat), state.hands, state.trick, state.won, state.layout, state.out, paid,
        state.received,
    )  # fmt: skip


def _finish(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    layout: tuple[tuple[Card, ...], ...],
    out: tuple[int, ...],
    events: tuple[Event, ...],
    last: int,
) -> State:
    """The pot is paid out to the first players out and the match ends."""
    n = len(hands)
    got = payout(sum(state.paid), out, n)
    takes = tuple(
        Event(EventKind.WINS, player=s, numbers=(got[s],), label=f"{ORDINALS[i]} out, cents from the pot:")
        for i, s in enumerate(out)
        if got[s]
    )
    final = _BUILD(
        state.options, state.hand, state.rng, None, (), _OVER, state.dealer, last, hands, state.trick, state.won,
        layout, out, state.paid, got,
    )  # fmt: skip
    best = tuple(sorted(winners(final)))
    events = (*events, *takes, Event(EventKind.HAND_SCORED, numbers=got), Event(EventKind.GAME_OVER, numbers=best))
    return attrs.evolve(final, events=events)


# ---------------------------------------------------------------------------------------------
# Invariant helpers


def _check_tricks(state: State) -> None:
    n = len(state.hands)
    trick = state.trick
    if trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    if len(trick.cards) >= n:
        raise ValueError("the trick in progress holds a card from every seat")
    if any(state.layout) or state.out or any(state.received):
        raise ValueError("the trick hands have no layout, nobody out and no payout")
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // n
    size = hand_size(n)
    if done >= size:
        raise ValueError("every trick is played but the hand was not scored")
    if done == 0 and trick.leader != (state.dealer + 1) % n:
        raise ValueError(f"seat {(state.dealer + 1) % n}, left of the dealer, leads the first trick")
    if state.turn != (trick.leader + len(trick.cards)) % n:
        raise ValueError(f"seat {state.turn} is on turn, but the trick is due from seat {(trick.leader + len(trick.cards)) % n}")
    for s in range(n):
        expect = size - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")


def _check_sevens(state: State) -> None:
    n = len(state.hands)
    if state.trick.cards or any(state.won):
        raise ValueError("hand 6 has no tricks")
    for suit, row in enumerate(state.layout):
        if not row:
            if state.options.sevens_pre_laid:
                raise ValueError("with sevens_pre_laid every row starts laid out")
            continue
        if any(c.suit is not Suit(suit) for c in row) or _SEVENS[suit] not in row:
            raise ValueError(f"row {suit} holds cards of another suit or lacks its seven")
        if any(_UP[a.index] != b.index for a, b in zip(row, row[1:])):
            raise ValueError(f"row {suit} is not a run from low to high")
    out = state.out
    empty = tuple(s for s, held in enumerate(state.hands) if not held)
    if len(set(out)) != len(out) or set(out) != set(empty):
        raise ValueError(f"out {out} is not the set of seats without cards")
    need = places_needed(n)
    if state.phase is _SEVENS_PHASE:
        if len(out) >= need:
            raise ValueError("enough players are out: the pot should be paid")
        if not state.hands[state.turn]:
            raise ValueError(f"seat {state.turn} is out and cannot be on turn")
        if any(state.received):
            raise ValueError("the pot is paid only at the end")
    else:
        if len(out) != need:
            raise ValueError(f"the match ends with {need} players out, not {len(out)}")
        if state.received != payout(sum(state.paid), out, n):
            raise ValueError("the payout does not match the pot and the places")


def _check_money(state: State) -> None:
    n = len(state.hands)
    if any(type(p) is not int or p < 0 or p % PASS_CENTS for p in state.paid):
        raise ValueError("payments are whole, non-negative multiples of 5 cents")
    if any(type(r) is not int or r < 0 for r in state.received):
        raise ValueError("cents received are whole and non-negative")
    scored = min(state.hand - 1, len(CONTRACTS))
    fixed = sum(c.total(n) for c in CONTRACTS[:scored])
    total = sum(state.paid)
    if state.phase is _TRICKS and total != fixed:
        raise ValueError(f"{total} cents paid, but hands 1-{scored} pay exactly {fixed}")
    if state.phase is not _TRICKS and total < fixed:
        raise ValueError(f"{total} cents paid, but the trick hands alone paid {fixed}")
