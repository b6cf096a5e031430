"""Hearts play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), passed (`_apply_pass`, simultaneous: the exchange happens once every
seat has chosen three cards), played out trick by trick (`_apply_play`) and scored
(`_end_of_tricks`, with the shooter's `moon` choice where the rules offer one, then
`_finish_hand`), which ends the game or deals the next hand. The play loop is the hot path:
legal moves are cached on the state and filled in as each state is built, moves and events are
prebuilt objects found by card identity (see `tables`), and states are built slot by slot.
"""

from __future__ import annotations

import enum
import functools
import inspect
import random
from collections.abc import Callable, Sequence
from itertools import chain, repeat
from operator import is_
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import ACE_HIGH, HIDDEN, Card, Suit, check_conservation, sorted_cards
from parlour.core.deck import fixed_deck
from parlour.core.events import Event, redact_events
from parlour.core.game import checked_apply, require_options, require_players
from parlour.core.notation import parse_by_matching
from parlour.core.rng import Rng, fresh_seed
from parlour.core.seats import check_seat, replace_at
from parlour.core.tricks import Trick, legal_follow, legal_leads, points, trick_winner
from parlour.games.hearts.options import (
    _SUIT_WORD,
    HAND_POINTS,
    KEEP,
    MOON_POINTS,
    PACK,
    PASS_COUNT,
    PENALTY,
    QUEEN_OF_SPADES,
    Moon,
    Opener,
    Options,
    hand_size,
    kitty_size,
    pass_offset,
)
from parlour.games.hearts.scoring import score_hand
from parlour.games.hearts.tables import (
    _PACK_PLACES,
    _SEATS,
    _by_card,
    _cards_at,
    _each,
    _one,
    _penalty,
    _places,
    _sorted,
)

# ---------------------------------------------------------------------------------------------
# Phases


class Phase(enum.Enum):
    """What the table is doing: choosing passes, playing tricks, the moon choice, or done."""

    PASS = 0
    PLAY = 1
    MOON = 2
    """The shooter chooses how the moon is scored."""
    OVER = 3


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class PassCard:
    """Choose one of the three cards to pass this hand."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"pass {self.card}"


@attrs.frozen
class PlayCard:
    """Play a card to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class ChooseMoon:
    """The moon shooter's choice: ADD (+26 to the others) or SUBTRACT (-26 to oneself)."""

    player: int
    choice: Moon

    def __str__(self) -> str:
        return f"moon {self.choice.name.lower()}"


Move: TypeAlias = PassCard | PlayCard | ChooseMoon

# Hot-path tables. Moves and events are prebuilt per seat and card and looked up by the card's
# identity (see `tables`). Enum members are read once into module constants.
_PASS, _PLAY, _MOON, _OVER = Phase.PASS, Phase.PLAY, Phase.MOON, Phase.OVER
_HEARTS, _LOW_CLUB = Suit.HEARTS, Opener.LOW_CLUB

_PASS_MOVES: Final = _by_card(PassCard)
_PLAY_MOVES: Final = _by_card(PlayCard)


def _event(what: str, private: bool) -> Callable[[int, Card], tuple[Event, ...]]:
    return lambda s, c: (Event(what, s, (c,), private=private),)


_PASS_EVENTS: Final = _by_card(_event("passes", True))
_PLAY_EVENTS: Final = _by_card(_event("plays", False))
_LEADS: Final = tuple(Trick(s) for s in _SEATS)
"""The empty trick led by each seat: a trick is a value, so these serve every state."""
_MOON_MOVES: Final = tuple((ChooseMoon(s, Moon.ADD), ChooseMoon(s, Moon.SUBTRACT)) for s in _SEATS)


# ---------------------------------------------------------------------------------------------
# State


@attrs.frozen(kw_only=True)
class State:
    """A Hearts position. Hands are sorted; `won` holds each seat's captured trick cards."""

    options: Options
    hand: int
    rng: Rng | None
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    passes: tuple[tuple[Card, ...], ...]
    """Cards each seat has chosen to pass (removed from its hand, not yet received)."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """Cards each seat captured in tricks this hand (the kitty is kept apart)."""
    kitty: tuple[Card, ...]
    kitty_taker: int | None
    """The winner of the first trick, who takes the kitty (None before that trick ends)."""
    hearts_broken: bool
    """A heart (or with `queen_breaks_hearts` the queen) was played to a completed trick."""
    scores: tuple[int, ...]

    @functools.cached_property
    def _moves(self) -> tuple[Move, ...]:
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
    """A new game: the first hand dealt (from `deck`, top card first, if given) and ready to pass."""
    options = require_options("hearts", options, Options)
    n = require_players("hearts", players, options.allowed_players, 4)
    rng = Rng(fresh_seed() if seed is None else seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    if deck is None:
        places, rng = rng.shuffled(_PACK_PLACES)
    else:
        places = _places(fixed_deck(deck, PACK))
    return _deal(options, n, 1, dealer, places, rng, (0,) * n, ())


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move: passes by seat then card order, plays in hand order, moon add/subtract."""
    return state._moves


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    legal = state._moves
    if state.rng is not None and any(map(is_, legal, repeat(move))):
        # One of the very objects legal_moves handed out, on a state that is not a view: every
        # check of `checked_apply` would pass, and the scan by identity spares comparing the
        # move field by field with up to 52 pass moves.
        return _apply(state, move)
    return checked_apply(state, move, legal, explain=_why_illegal, unchecked=_apply)


def to_act(state: State) -> frozenset[int]:
    """The seats that may move now (every seat still choosing passes, else one seat)."""
    if state.phase is Phase.PASS:
        return frozenset(s for s, p in enumerate(state.passes) if len(p) < PASS_COUNT)
    if state.phase is Phase.PLAY:
        return frozenset((state.trick.next_seat(len(state.hands)),))
    if state.phase is Phase.MOON:
        return frozenset((_shooter(state),))
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Running penalty totals (lower is better)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the game is over (ties share the win)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    low = min(state.scores)
    return frozenset(s for s, v in enumerate(state.scores) if v == low)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands, passes and the kitty hidden."""
    n = len(state.hands)
    if player is not None:
        check_seat("view", player, n)
    shown = _kitty_visible(state, player)
    return attrs.evolve(
        state,
        rng=None,
        events=redact_events(state.events, player),
        hands=tuple(h if s == player else (HIDDEN,) * len(h) for s, h in enumerate(state.hands)),
        passes=tuple(p if s == player else (HIDDEN,) * len(p) for s, p in enumerate(state.passes)),
        kitty=state.kitty if shown else (HIDDEN,) * len(state.kitty),
    )


def parse_move(state: State, text: str) -> Move:
    """Reads "pass 2C", "play QS", "moon add" or "moon subtract" ("1: pass 2C" picks a seat)."""
    return parse_by_matching(text, state._moves)



def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    n = len(state.hands)
    if n not in o.allowed_players:
        raise ValueError(f"{n} hands, but these options allow {o.allowed_players} players")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    for name, row in (("passes", state.passes), ("won", state.won), ("scores", state.scores)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    check_seat("dealer", state.dealer, n)
    check_seat("trick leader", state.trick.leader, n)
    if state.kitty_taker is not None:
        check_seat("kitty taker", state.kitty_taker, n)
    zones = [c for h in state.hands for c in h]
    zones += [c for p in state.passes for c in p]
    zones += [*state.trick.cards, *state.kitty]
    zones += [c for w in state.won for c in w]
    check_conservation("hearts", zones, PACK)

    size, phase = hand_size(n, o), state.phase
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = _tricks_done(state)
    if len(state.kitty) != kitty_size(n, o):
        raise ValueError(f"the kitty holds {len(state.kitty)} cards, not {kitty_size(n, o)}")
    if not 0 <= done <= size:
        raise ValueError(f"{done} tricks done in a hand of {size}")
    if len(state.trick.cards) >= n:
        raise ValueError("the trick in progress holds a card from every seat")
    taken = state.kitty_taker is not None
    if taken != (done > 0 and bool(state.kitty)):
        raise ValueError("the kitty goes to the first trick's winner, and only then")
    played = {state.trick.seat_of(i, n) for i in range(len(state.trick.cards))}
    for s in range(n):
        expect = size - done - (s in played) - len(state.passes[s])
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    queen = o.queen_breaks_hearts
    broken = any(c.suit is Suit.HEARTS or (queen and c == QUEEN_OF_SPADES) for w in state.won for c in w)
    if state.hearts_broken != broken:
        raise ValueError("hearts_broken does not match the cards played to completed tricks")

    if phase is Phase.PASS:
        if pass_offset(o, n, state.hand) == KEEP:
            raise ValueError("a passing phase in a hand without passing")
        if done or state.trick.cards or any(len(p) > PASS_COUNT for p in state.passes):
            raise ValueError("passing happens before any card is played, three cards each")
        if all(len(p) == PASS_COUNT for p in state.passes):
            raise ValueError("every seat has chosen its passes but they were not exchanged")
    elif any(state.passes):
        raise ValueError("passed cards wait only during the passing phase")
    if phase in (Phase.MOON, Phase.OVER):
        if done != size or state.trick.cards:
            raise ValueError(f"{phase.name.lower()} comes only after the last trick")
    elif done == size:
        raise ValueError("every trick is played but the hand was not scored")
    if phase is Phase.MOON:
        if o.moon is not Moon.CHOICE:
            raise ValueError("these rules give the moon shooter no choice")
        _shooter(state)
    elif phase is not Phase.OVER and state.scores and max(state.scores) >= o.target_score:
        raise ValueError(f"a score reached {o.target_score} but the game goes on")
    elif phase is Phase.OVER and max(state.scores) < o.target_score:
        raise ValueError(f"the game is over but nobody reached {o.target_score}")

    # Score law: every hand adds 26, 26 * (n - 1) or -26 points to the sum of the scores.
    scored = state.hand if phase is Phase.OVER else state.hand - 1
    total = sum(state.scores)
    if total % MOON_POINTS or not -MOON_POINTS * scored <= total <= MOON_POINTS * (n - 1) * scored:
        raise ValueError(f"scores total {total}, impossible after {scored} hands")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    n = len(state.hands)
    kitty_seen = _kitty_visible(state, player)
    pool = [c for s in range(n) if s != player for c in (*state.hands[s], *state.passes[s])]
    if not kitty_seen:
        pool += state.kitty
    random.Random(seed).shuffle(pool)
    it = iter(pool)
    hands = tuple(h if s == player else sorted_cards(next(it) for _ in h) for s, h in enumerate(state.hands))
    passes = tuple(p if s == player else tuple(next(it) for _ in p) for s, p in enumerate(state.passes))
    kitty = state.kitty if kitty_seen else tuple(next(it) for _ in state.kitty)
    return attrs.evolve(
        state,
        hands=hands,
        passes=passes,
        kitty=kitty,
        rng=None if state.rng is None else Rng(seed),
    )


# ---------------------------------------------------------------------------------------------
# Phase helpers


_FIELDS: Final = tuple(f.name for f in attrs.fields(State))
_SET: Final[tuple[Callable[[State, object], None], ...]] = tuple(State.__dict__[f].__set__ for f in _FIELDS)


def _state(
    options: Options,
    hand: int,
    rng: Rng | None,
    events: tuple[Event, ...],
    phase: Phase,
    dealer: int,
    hands: tuple[tuple[Card, ...], ...],
    passes: tuple[tuple[Card, ...], ...],
    trick: Trick,
    won: tuple[tuple[Card, ...], ...],
    kitty: tuple[Card, ...],
    kitty_taker: int | None,
    hearts_broken: bool,
    scores: tuple[int, ...],
) -> State:
    """`State(...)` for the play loop: the same object, built by writing its slots directly,
    about three times faster than the attrs initializer (State has no validators to skip)."""
    new = object.__new__(State)
    s = _SET
    s[0](new, options), s[1](new, hand), s[2](new, rng), s[3](new, events), s[4](new, phase)
    s[5](new, dealer), s[6](new, hands), s[7](new, passes), s[8](new, trick), s[9](new, won)
    s[10](new, kitty), s[11](new, kitty_taker), s[12](new, hearts_broken), s[13](new, scores)
    return new


if _FIELDS != tuple(inspect.signature(_state).parameters):
    raise RuntimeError("hearts.rules._state must list State's fields in order")

_SET_MOVES: Final[Callable[[State, object], None]] = State.__dict__["_moves"].__set__


def _ready(new: State) -> State:
    """A new state from the play loop with its legal moves already cached: the next `apply`
    needs them anyway, and filling the slot here skips the lazy lookup of `cached_property`."""
    _SET_MOVES(new, _legal(new))
    return new


def _kitty_visible(state: State, player: int | None) -> bool:
    """The kitty is seen by its taker, and by everyone once the final hand was scored."""
    return state.phase is Phase.OVER or (player is not None and player == state.kitty_taker)


def _shooter(state: State) -> int:
    """The seat that captured every penalty card (MOON phase only)."""
    for s, pile in enumerate(state.won):
        extra = state.kitty if s == state.kitty_taker else ()
        if points((*pile, *extra), PENALTY) == HAND_POINTS:
            return s
    # In a view the kitty may be hidden: the shooter is the one seat with all visible points.
    visible = [points(pile, PENALTY) for pile in state.won]
    if HIDDEN in state.kitty and state.kitty_taker is not None and sum(visible) == visible[state.kitty_taker]:
        return state.kitty_taker
    raise ValueError("the moon phase needs a seat that captured every penalty card")


def _deal(
    options: Options,
    n: int,
    hand: int,
    dealer: int,
    places: Sequence[int],
    rng: Rng,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand number `hand` from a deck given as display places, top card first (see
    `tables._PACK_PLACES`), and opens its passing (or, with no pass, its play)."""
    # One card at a time clockwise from the dealer's left (as `deck.deal`), by slicing: the
    # k-th seat from the dealer's left gets cards k, k + n, k + 2n, ...; the rest is the kitty.
    # Sorting a hand's places sorts the hand.
    dealt = n * hand_size(n, options)
    order = [_cards_at(sorted(places[k:dealt:n])) for k in range(n)]
    hands = tuple(order[(s - dealer - 1) % n] for s in range(n))
    kitty = _cards_at(places[dealt:])
    events = (*events, Event("deals hand", dealer, numbers=(hand,)))
    passing = pass_offset(options, n, hand) != KEEP
    return _ready(_state(
        options, hand, rng, events, _PASS if passing else _PLAY, dealer, hands, ((),) * n,
        _LEADS[(dealer + 1) % n if passing else _opener(options, hands, dealer)], ((),) * n, kitty, None,
        False, totals,
    ))  # fmt: skip


def _opener(options: Options, hands: tuple[tuple[Card, ...], ...], dealer: int) -> int:
    """The seat that leads the first trick."""
    if options.opener is Opener.LEFT_OF_DEALER:
        return (dealer + 1) % len(hands)
    # Hands are sorted clubs first, low to high: each hand's first card is its lowest club.
    best, seat = len(ACE_HIGH.ranks), 0
    for s, h in enumerate(hands):
        if h and h[0].suit is Suit.CLUBS and ACE_HIGH.power(h[0].rank) < best:
            best, seat = ACE_HIGH.power(h[0].rank), s
    return seat


def _tricks_done(state: State) -> int:
    return sum(map(len, state.won)) // len(state.hands)


def _legal(state: State) -> tuple[Move, ...]:
    phase = state.phase
    if phase is _PLAY:
        trick, hands, options = state.trick, state.hands, state.options
        played = trick.cards
        seat = (trick.leader + len(played)) % len(hands)  # trick.next_seat, inlined
        hand = hands[seat]
        if played:
            # Must follow suit if able.
            cards = legal_follow(hand, played[0].suit)
        elif options.opener is _LOW_CLUB and not any(state.won):
            # The lowest club in play leads the first trick.
            cards = hand[:1]
        elif state.hearts_broken:
            cards = hand
        else:
            # No heart lead until hearts are broken, unless the hand holds only hearts.
            cards = legal_leads(hand, barred=_HEARTS)
        if options.no_points_on_first_trick and not any(state.won):
            # House rule: no penalty card on the first trick while holding anything else.
            cards = tuple(c for c in cards if c not in PENALTY) or cards
        return _each(_PLAY_MOVES[seat], cards)
    if phase is _PASS:
        # One chunk per seat still choosing, in seat order: its pass moves in hand order
        # (`_apply_pass` relies on this layout to derive the next state's moves from these).
        hands, table = state.hands, _PASS_MOVES
        return tuple(chain.from_iterable(
            _each(table[s], hands[s]) for s, p in enumerate(state.passes) if len(p) < PASS_COUNT
        ))  # fmt: skip
    if phase is _MOON:
        return _MOON_MOVES[_shooter(state)]
    return ()


def _why_illegal(state: State, move: Move) -> str:
    phase = state.phase
    n = len(state.hands)
    if not 0 <= move.player < n:
        return f"seat {move.player} is not at this table of {n}"
    if isinstance(move, PassCard):
        if phase is not Phase.PASS:
            return "cards are passed only before the first trick of a passing hand"
        if len(state.passes[move.player]) >= PASS_COUNT:
            return f"seat {move.player} has already chosen its {PASS_COUNT} cards to pass"
        return f"seat {move.player} does not hold {move.card}"
    if isinstance(move, ChooseMoon):
        if phase is not Phase.MOON:
            return "nobody is choosing how to score a moon now"
        if move.choice is Moon.CHOICE:
            return "choose moon add or moon subtract"
        return f"only seat {_shooter(state)}, who shot the moon, chooses"
    if phase is Phase.PASS:
        return f"every seat must first pass {PASS_COUNT} cards"
    if phase is not Phase.PLAY:
        return "no card is played now: the shooter chooses how to score the moon"
    seat = state.trick.next_seat(n)
    if move.player != seat:
        return f"it is seat {seat}'s turn to play"
    hand = state.hands[seat]
    if move.card not in hand:
        return f"seat {seat} does not hold {move.card}"
    trick = state.trick
    if trick.cards:
        led = trick.cards[0].suit
        if led is not None and move.card.suit is not led and any(c.suit is led for c in hand):
            return f"must follow suit: holds a {_SUIT_WORD[led]}"
    elif not any(state.won) and state.options.opener is Opener.LOW_CLUB:
        return f"the lowest club in play leads the first trick: must lead {hand[0]}"
    elif move.card.suit is Suit.HEARTS and not state.hearts_broken:
        return "hearts are not broken: may not lead a heart while holding another suit"
    return "no heart or queen of spades on the first trick while holding another card"


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    if isinstance(move, PassCard):
        return _apply_pass(state, move)
    return _finish_hand(state, (Event(f"chooses moon {move.choice.name.lower()}", move.player),), move.choice)


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """`cards` less `card` (found by identity first: cards in play are the objects of PACK)."""
    rest = tuple([c for c in cards if c is not card])
    if len(rest) < len(cards):
        return rest
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _index(cards: tuple[Card, ...], card: Card) -> int:
    """Where `card` is in `cards` (by identity first, as `_without`)."""
    for i, c in enumerate(cards):
        if c is card:
            return i
    return cards.index(card)


def _apply_pass(state: State, move: PassCard) -> State:
    seat, card = move.player, move.card
    hand, passes = state.hands[seat], state.passes
    i = _index(hand, card)
    chosen = (*passes[seat], card)
    # This state's moves are one chunk per seat still choosing, in seat order, each in hand
    # order (`_legal`): the next state's are the same less the mover's pass, or less the
    # mover's whole chunk once it has chosen all its cards. Slicing spares rebuilding them.
    legal = state._moves
    start = sum([len(h) for h, p in zip(state.hands[:seat], passes) if len(p) < PASS_COUNT])
    if len(chosen) < PASS_COUNT:
        moves = legal[: start + i] + legal[start + i + 1 :]
    else:
        moves = legal[:start] + legal[start + len(hand) :]
    hands = replace_at(state.hands, seat, hand[:i] + hand[i + 1 :])
    passes = replace_at(passes, seat, chosen)
    events = _one(_PASS_EVENTS[seat], card)
    n = len(hands)
    trick = state.trick
    phase = _PASS
    if len(chosen) == PASS_COUNT and all(len(p) == PASS_COUNT for p in passes):
        # Every seat has chosen: the exchange happens at once, then the first trick.
        offset = pass_offset(state.options, n, state.hand)
        received = list(hands)
        for s in range(n):
            r = (s + offset) % n
            received[r] = _sorted((*received[r], *passes[s]))
        hands = tuple(received)
        events = (*events, *(Event("receives", (s + offset) % n, passes[s], private=True) for s in range(n)))
        passes, phase, trick = ((),) * n, _PLAY, _LEADS[_opener(state.options, hands, state.dealer)]
    after = _state(
        state.options, state.hand, state.rng, events, phase, state.dealer, hands, passes, trick, state.won,
        state.kitty, state.kitty_taker, state.hearts_broken, state.scores,
    )  # fmt: skip
    if phase is _PLAY:
        return _ready(after)
    _SET_MOVES(after, moves)
    return after


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    hands = replace_at(state.hands, seat, _without(state.hands[seat], card))
    trick = state.trick
    cards = (*trick.cards, card)
    events = _one(_PLAY_EVENTS[seat], card)
    n = len(hands)
    if len(cards) < n:
        return _ready(_state(
            state.options, state.hand, state.rng, events, _PLAY, state.dealer, hands, state.passes,
            Trick(trick.leader, cards), state.won, state.kitty, state.kitty_taker, state.hearts_broken,
            state.scores,
        ))  # fmt: skip
    # The trick is complete: the highest card of the suit led wins it and leads the next.
    winner = trick_winner(Trick(trick.leader, cards), n)
    taker = state.kitty_taker
    events = (*events, Event("wins the trick", winner, cards))
    if state.kitty and taker is None:
        # Metzker: the first trick's winner takes the kitty, face down.
        taker = winner
        events = (*events, Event("takes the kitty", winner, state.kitty, private=True))
    queen = state.options.queen_breaks_hearts
    broken = state.hearts_broken or _HEARTS in [c.suit for c in cards] or (queen and QUEEN_OF_SPADES in cards)
    after = _state(
        state.options, state.hand, state.rng, events, _PLAY, state.dealer, hands, state.passes,
        _LEADS[winner], replace_at(state.won, winner, state.won[winner] + cards), state.kitty, taker,
        broken, state.scores,
    )  # fmt: skip
    return _end_of_tricks(after) if not hands[winner] else _ready(after)


def _captured(state: State) -> tuple[tuple[Card, ...], ...]:
    """Each seat's captured cards with the kitty added to its taker's."""
    return tuple(pile + state.kitty if s == state.kitty_taker else pile for s, pile in enumerate(state.won))


def _end_of_tricks(state: State) -> State:
    """After the last trick: the moon choice if the rules offer one, else score the hand."""
    got = tuple(_penalty(pile) for pile in _captured(state))
    if HAND_POINTS in got:
        events = (*state.events, Event("shoots the moon", got.index(HAND_POINTS)))
        if state.options.moon is Moon.CHOICE:
            return attrs.evolve(state, phase=Phase.MOON, events=events)
        return _finish_hand(state, events, None)
    return _finish_hand(state, state.events, None)


def _finish_hand(state: State, events: tuple[Event, ...], choice: Moon | None) -> State:
    """Scores the hand; ends the game or deals the next hand."""
    o = state.options
    n = len(state.hands)
    captured = _captured(state)
    hand_points = score_hand(captured, o, moon=choice)
    if state.kitty_taker is not None:
        events = (*events, Event("counts the kitty", state.kitty_taker, state.kitty))
    totals = tuple(a + b for a, b in zip(state.scores, hand_points))
    events = (*events, Event("hand scored:", numbers=hand_points))
    if max(totals) >= o.target_score:
        low = min(totals)
        events = (*events, Event("game over, scores:", numbers=totals))
        events += tuple(Event("wins the game", s) for s, v in enumerate(totals) if v == low)
        return attrs.evolve(state, events=events, phase=Phase.OVER, scores=totals)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    places, rng = rng.shuffled(_PACK_PLACES)
    return _deal(o, n, state.hand + 1, (state.dealer + 1) % n, places, rng, totals, events)

