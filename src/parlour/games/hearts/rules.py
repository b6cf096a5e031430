"""Hearts play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`), passed (`_apply_pass`, simultaneous: the exchange happens once every
seat has chosen three cards), played out trick by trick (`_apply_play`) and scored
(`_end_of_tricks`, with the shooter's `moon` choice where the rules offer one, then
`_finish_hand`), which ends the game or deals the next hand. The play loop is the hot path:
legal moves are cached on the state (`State.legal`), moves and events are prebuilt objects
read from tables indexed by `Card.index` (see `tables`), and states are built with
`builder(State)`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final, TypeAlias, cast

import attrs

from parlour.core.cards import ACE_HIGH, Card, HIDDEN, Suit, sorted_cards, without
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.tricks import Trick, legal_follow, legal_leads, trick_winner
from parlour.core.values import cached_slot, raw_field, slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
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
    presets_allowing,
)
from parlour.games.hearts.scoring import score_hand
from parlour.games.hearts.tables import (
    PACK_PLACES,
    SEATS,
    by_card,
    cards_at,
    penalty,
    places_of,
    sorted_hand,
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
MOVE_TYPES: Final = (PassCard, PlayCard, ChooseMoon)
"""The classes of Hearts moves; `apply` refuses anything else."""

# Hot-path tables: moves and events prebuilt per seat and card, read by `Card.index` (see
# `tables`). Enum members are read once into module constants.
_PASS, _PLAY, _MOON, _OVER = Phase.PASS, Phase.PLAY, Phase.MOON, Phase.OVER
_HEARTS, _LOW_CLUB = Suit.HEARTS, Opener.LOW_CLUB
_QUEEN: Final = QUEEN_OF_SPADES.index

_PASS_MOVES: Final = by_card(PassCard)
_PLAY_MOVES: Final = by_card(PlayCard)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, len(SEATS), PACK)
_GIVE_EVENTS: Final = tuple(seat_card_events(EventKind.GIVES, len(SEATS), PACK, numbers=(to,), private=True) for to in SEATS)
"""`_GIVE_EVENTS[to][seat][card.index]`: seat sets the card aside for seat `to` (private)."""
_LEADS: Final = tuple(Trick(s) for s in SEATS)
"""The empty trick led by each seat: a trick is a value, so these serve every state."""
_MOON_MOVES: Final = tuple((ChooseMoon(s, Moon.ADD), ChooseMoon(s, Moon.SUBTRACT)) for s in SEATS)


# ---------------------------------------------------------------------------------------------
# State


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Hearts position. Hands are sorted; `won` holds each seat's captured trick cards."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
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

    @cached_slot
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


_DEFAULTS: Final = Options()
"""The default options, built once: checking an options value reads its class's annotations."""


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` for the play loop: every field in order, positionally."""


def _kitty_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    """The kitty is seen by its taker, and by everyone once the final hand was scored."""
    assert isinstance(state, State)
    return state.phase is Phase.OVER or (viewer is not None and viewer == state.kitty_taker)


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("passes", Seen.OWNER, by_seat=True),
    Zone("kitty", _kitty_seen),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Where the cards lie: hands and chosen passes seen by their owner, the kitty by its taker
(everyone once the game is over), the trick in progress and the won piles by everyone."""


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
    """A new game: the first hand dealt (from `deck`, top card first, if given) and ready to pass.

    The arguments are taken as given and checked here (ValueError), in the compiled build too."""
    rules = require_options("hearts", _DEFAULTS if options is None else options, Options)
    n = _require_players(players, rules)
    rng = seeded(seed)
    if dealer is None:
        first, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
        first = cast(int, dealer)
    if deck is None:
        places, rng = rng.shuffled(PACK_PLACES)
    else:
        places = places_of(fixed_deck(deck, PACK))
    return _deal(rules, n, 1, first, places, rng, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s: passes by seat then hand order, plays in hand
    order, moon add then subtract. On a view, the viewer's moves."""
    if player is None:
        return state.legal  # what moves_for returns for every seat, without the call
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: object) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seats that may move now (every seat still choosing passes, else one seat)."""
    phase = state.phase
    if phase is Phase.PASS:
        return frozenset(s for s, p in enumerate(state.passes) if len(p) < PASS_COUNT)
    if phase is Phase.PLAY:
        return frozenset((_next_seat(state),))
    if phase is Phase.MOON:
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
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: object, player: int | None = None) -> Move:
    """Reads "pass 2C", "play QS", "moon add" or "moon subtract" (of seat `player`, or the seat
    of a "1: pass 2C" prefix). Also reads a rank and suit written apart ("pass 2 H",
    "play Q of spades"). While several seats choose passes, the text must say whose move it is.
    """
    legal = legal_moves(state)
    seat, body = split_seat(text, player)
    try:
        move = parse_by_matching(text, legal, player)
    except NotationError:
        loose = _lenient(body, legal, seat)
        if loose is None:
            raise
        move = loose
    if seat is None:
        movers = sorted({m.player for m in legal})
        if len(movers) > 1:
            seats = ", ".join(map(str, movers))
            raise NotationError(
                f"{text!r}: seats {seats} are all choosing cards to pass; say whose move it is, "
                f"as '<seat>: {str(move)}' or parse_move(state, text, player)"
            )
    return move


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    o = state.options
    n = len(state.hands)
    if n not in o.allowed_players:
        raise ValueError(f"{n} hands, but these options allow {o.allowed_players} players")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if state.hand < 1:
        raise ValueError(f"hand number {state.hand} is not 1 or more")
    for name, row in (("passes", state.passes), ("won", state.won), ("scores", state.scores)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    check_seat("dealer", state.dealer, n)
    trick = state.trick
    check_seat("trick leader", trick.leader, n)
    if trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    if state.kitty_taker is not None:
        check_seat("kitty taker", state.kitty_taker, n)
    check_zones("hearts", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_hand(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")

    size, phase = hand_size(n, o), state.phase
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = _tricks_done(state)
    if len(state.kitty) != kitty_size(n, o):
        raise ValueError(f"the kitty holds {len(state.kitty)} cards, not {kitty_size(n, o)}")
    if not 0 <= done <= size:
        raise ValueError(f"{done} tricks done in a hand of {size}")
    if len(trick.cards) >= n:
        raise ValueError("the trick in progress holds a card from every seat")
    if (phase is Phase.PASS or (done == 0 and o.opener is Opener.LEFT_OF_DEALER)) and (
        trick.leader != (state.dealer + 1) % n
    ):
        raise ValueError(f"seat {(state.dealer + 1) % n}, left of the dealer, leads until the first trick is played")
    taken = state.kitty_taker is not None
    if taken != (done > 0 and bool(state.kitty)):
        raise ValueError("the kitty goes to the first trick's winner, and only then")
    for s in range(n):
        expect = size - done - (s in trick.seats) - len(state.passes[s])
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    queen = o.queen_breaks_hearts
    broken = any(c.suit is Suit.HEARTS or (queen and c == QUEEN_OF_SPADES) for w in state.won for c in w)
    if state.hearts_broken != broken:
        raise ValueError("hearts_broken does not match the cards played to completed tricks")

    if phase is Phase.PASS:
        if pass_offset(o, n, state.hand) == KEEP:
            raise ValueError("a passing phase in a hand without passing")
        if done or trick.cards or any(len(p) > PASS_COUNT for p in state.passes):
            raise ValueError("passing happens before any card is played, three cards each")
        if all(len(p) == PASS_COUNT for p in state.passes):
            raise ValueError("every seat has chosen its passes but they were not exchanged")
    elif any(state.passes):
        raise ValueError("passed cards wait only during the passing phase")
    if phase in (Phase.MOON, Phase.OVER):
        if done != size or trick.cards:
            raise ValueError(f"{phase.name.lower()} comes only after the last trick")
    elif done == size:
        raise ValueError("every trick is played but the hand was not scored")
    if phase is Phase.MOON:
        if o.moon is not Moon.CHOICE:
            raise ValueError("these rules give the moon shooter no choice")
        _shooter(state)
    if phase is not Phase.OVER and max(state.scores) >= o.target_score:
        raise ValueError(f"a score reached {o.target_score} but the game goes on")
    if phase is Phase.OVER and max(state.scores) < o.target_score:
        raise ValueError(f"the game is over but nobody reached {o.target_score}")

    # Score law: every hand adds 26, 26 * (n - 1) or -26 points to the sum of the scores.
    scored = state.hand if phase is Phase.OVER else state.hand - 1
    total = sum(state.scores)
    if total % MOON_POINTS or not -MOON_POINTS * scored <= total <= MOON_POINTS * (n - 1) * scored:
        raise ValueError(f"scores total {total}, impossible after {scored} hands")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _require_players(players: object, options: Options) -> int:
    """The player count, or a ValueError that also names the presets allowing the count asked."""
    try:
        return require_players("hearts", players, options.allowed_players, 4)
    except ValueError as exc:
        others = presets_allowing(players) if type(players) is int else ""
        if others:
            raise ValueError(f"{exc}; {others}") from None
        raise


def _next_seat(state: State) -> int:
    """The seat due to play to the trick in progress (its leader when it is empty)."""
    trick = state.trick
    return (trick.leader + len(trick.cards)) % len(state.hands)


def _shooter(state: State) -> int:
    """The seat that captured every penalty card (MOON phase only)."""
    taker = state.kitty_taker
    for s, pile in enumerate(state.won):
        if penalty(pile) + (penalty(state.kitty) if s == taker else 0) == HAND_POINTS:
            return s
    # A view that hides the kitty (its taker's alone): the shooter took it, so it is the taker,
    # provided nobody else took a point.
    visible = [penalty(pile) for pile in state.won]
    if taker is not None and HIDDEN in state.kitty and sum(visible) == visible[taker]:
        return taker
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
    `tables.PACK_PLACES`), and opens its passing (or, with no pass, its play)."""
    # One card at a time clockwise from the dealer's left (as `deck.deal`), by slicing: the
    # k-th seat from the dealer's left gets cards k, k + n, k + 2n, ...; the rest is the kitty.
    # Sorting a hand's places sorts the hand.
    dealt = n * hand_size(n, options)
    order = [cards_at(sorted(places[k:dealt:n])) for k in range(n)]
    hands = tuple(order[(s - dealer - 1) % n] for s in range(n))
    kitty = cards_at(places[dealt:])
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(hand,)))
    passing = pass_offset(options, n, hand) != KEEP
    leader = (dealer + 1) % n if passing else _opener(options, hands, dealer)
    empty = ((),) * n
    return _BUILD(
        options, hand, rng, None, events, _PASS if passing else _PLAY, dealer, hands, empty,
        _LEADS[leader], empty, kitty, None, False, totals,
    )  # fmt: skip


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


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        trick, hands, options = state.trick, state.hands, state.options
        played = trick.cards
        seat = (trick.leader + len(played)) % len(hands)
        if only is not None and only != seat:
            return ()
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
        row = _PLAY_MOVES[seat]
        return tuple([row[c.index] for c in cards])
    if phase is _PASS:
        # Each seat still choosing, in seat order: its pass moves in hand order.
        hands, passes, table = state.hands, state.passes, _PASS_MOVES
        if only is not None:
            if len(passes[only]) >= PASS_COUNT:
                return ()
            own = table[only]
            return tuple([own[c.index] for c in hands[only]])
        return tuple([table[s][c.index] for s in range(len(hands)) if len(passes[s]) < PASS_COUNT for c in hands[s]])
    if phase is _MOON:
        if only is None:
            return _MOON_MOVES[_shooter(state)]
        mine = penalty(state.won[only]) + (penalty(state.kitty) if only == state.kitty_taker else 0)
        return _MOON_MOVES[only] if mine == HAND_POINTS else ()
    return ()


def _why_illegal(state: State, move: Move) -> str:
    phase = state.phase
    n = len(state.hands)
    seat = raw_field(move, "player")  # a refused move may hold anything: read it unchecked
    if type(seat) is not int or not 0 <= seat < n:
        return f"seat {seat!r} is not at this table of {n}"
    if isinstance(move, ChooseMoon):
        if phase is not Phase.MOON:
            return "nobody is choosing how to score a moon now"
        if raw_field(move, "choice") not in (Moon.ADD, Moon.SUBTRACT):
            return "choose moon add or moon subtract"
        return f"only seat {_shooter(state)}, who shot the moon, chooses"
    card = raw_field(move, "card")
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if isinstance(move, PassCard):
        if phase is not Phase.PASS:
            return "cards are passed only before the first trick of a passing hand"
        if len(state.passes[seat]) >= PASS_COUNT:
            return f"seat {seat} has already chosen its {PASS_COUNT} cards to pass"
        return f"seat {seat} does not hold {card}"
    if phase is Phase.PASS:
        return f"every seat must first pass {PASS_COUNT} cards"
    if phase is not Phase.PLAY:
        return "no card is played now: the shooter chooses how to score the moon"
    due = _next_seat(state)
    if seat != due:
        return f"it is seat {due}'s turn to play"
    hand = state.hands[due]
    if card not in hand:
        return f"seat {due} does not hold {card}"
    trick = state.trick
    if trick.cards:
        led = trick.cards[0].suit
        if led is not None and card.suit is not led and any(c.suit is led for c in hand):
            return f"must follow suit: holds a {_SUIT_WORD[led]}"
    elif not any(state.won) and state.options.opener is Opener.LOW_CLUB:
        return f"the lowest club in play leads the first trick: must lead {hand[0]}"
    elif card.suit is Suit.HEARTS and not state.hearts_broken:
        return "hearts are not broken: may not lead a heart while holding another suit"
    return "no heart or queen of spades on the first trick while holding another card"


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    if isinstance(move, PassCard):
        return _apply_pass(state, move)
    chose = Event(EventKind.CHOOSES, player=move.player, label=str(move))
    return _finish_hand(state, (chose,), move.choice)


def _apply_pass(state: State, move: PassCard) -> State:
    seat, card = move.player, move.card
    hands, passes = state.hands, state.passes
    n = len(hands)
    offset = pass_offset(state.options, n, state.hand)
    chosen = (*passes[seat], card)
    hands = replace_at(hands, seat, without(hands[seat], card))
    passes = replace_at(passes, seat, chosen)
    events = _GIVE_EVENTS[(seat + offset) % n][seat][card.index]
    trick, phase = state.trick, _PASS
    if len(chosen) == PASS_COUNT and all(len(p) == PASS_COUNT for p in passes):
        # Every seat has chosen: the exchange happens at once, then the first trick.
        received = list(hands)
        for s in range(n):
            r = (s + offset) % n
            received[r] = sorted_hand((*received[r], *passes[s]))
        hands = tuple(received)
        events += tuple(
            Event(EventKind.RECEIVES, player=(s + offset) % n, cards=passes[s], numbers=(s,), private=True)
            for s in range(n)
        )
        passes, phase, trick = ((),) * n, _PLAY, _LEADS[_opener(state.options, hands, state.dealer)]
    return _BUILD(
        state.options, state.hand, state.rng, None, events, phase, state.dealer, hands, passes, trick, state.won,
        state.kitty, state.kitty_taker, state.hearts_broken, state.scores,
    )  # fmt: skip


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    n = len(hands)
    if len(cards) < n:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.passes, trick,
            state.won, state.kitty, state.kitty_taker, state.hearts_broken, state.scores,
        )  # fmt: skip
    # The trick is complete: the highest card of the suit led wins it and leads the next.
    winner = trick_winner(trick, order=ACE_HIGH)
    taker = state.kitty_taker
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    if state.kitty and taker is None:
        # Metzker: the first trick's winner takes the kitty, face down.
        taker = winner
        events = (*events, Event(EventKind.TAKES, player=winner, cards=state.kitty, label="kitty", private=True))
    broken = (
        state.hearts_broken
        or _HEARTS in [c.suit for c in cards]
        or (state.options.queen_breaks_hearts and _QUEEN in [c.index for c in cards])
    )
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, state.passes,
        _LEADS[winner], replace_at(state.won, winner, state.won[winner] + cards), state.kitty, taker,
        broken, state.scores,
    )  # fmt: skip
    return _end_of_tricks(after) if not hands[winner] else after


def _captured(state: State) -> tuple[tuple[Card, ...], ...]:
    """Each seat's captured cards with the kitty added to its taker's."""
    return tuple(pile + state.kitty if s == state.kitty_taker else pile for s, pile in enumerate(state.won))


def _end_of_tricks(state: State) -> State:
    """After the last trick: the moon choice if the rules offer one, else score the hand."""
    got = tuple(penalty(pile) for pile in _captured(state))
    if HAND_POINTS in got:
        events = (*state.events, Event(EventKind.SHOOTS_MOON, player=got.index(HAND_POINTS)))
        if state.options.moon is Moon.CHOICE:
            return attrs.evolve(state, phase=Phase.MOON, events=events)
        return _finish_hand(state, events, None)
    return _finish_hand(state, state.events, None)


def _finish_hand(state: State, events: tuple[Event, ...], choice: Moon | None) -> State:
    """Scores the hand; ends the game or deals the next hand."""
    o = state.options
    n = len(state.hands)
    hand_points = score_hand(_captured(state), o, moon=choice)
    if state.kitty_taker is not None:
        # The kitty is turned up and counted for its taker.
        events = (*events, Event(EventKind.REVEALS, player=state.kitty_taker, cards=state.kitty, label="kitty"))
    totals = tuple(a + b for a, b in zip(state.scores, hand_points))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=hand_points))
    if max(totals) >= o.target_score:
        low = min(totals)
        best = tuple(s for s, v in enumerate(totals) if v == low)
        events = (*events, Event(EventKind.GAME_OVER, numbers=best))
        return attrs.evolve(state, events=events, phase=Phase.OVER, scores=totals)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    places, rng = rng.shuffled(PACK_PLACES)
    return _deal(o, n, state.hand + 1, (state.dealer + 1) % n, places, rng, totals, events)


# ---------------------------------------------------------------------------------------------
# Lenient notation

_RANK_WORDS: Final = {
    **{str(r): str(r) for r in range(2, 11)},
    "t": "10", "j": "J", "q": "Q", "k": "K", "a": "A",
    "jack": "J", "queen": "Q", "king": "K", "ace": "A",
}  # fmt: skip
_SUIT_WORDS: Final = {
    **{letter: letter.upper() for letter in "cdhs"},
    **{word: word[0].upper() for word in ("club", "diamond", "heart", "spade")},
    **{word + "s": word[0].upper() for word in ("club", "diamond", "heart", "spade")},
    "♣": "C", "♦": "D", "♥": "H", "♠": "S",
}  # fmt: skip


def _cards_named(words: Sequence[str]) -> list[Card] | None:
    """The cards a list of words names: "2H", or a rank and a suit apart ("2 H", "queen of
    spades"); None if some word is neither."""
    cards: list[Card] = []
    i = 0
    while i < len(words):
        word = words[i]
        try:
            cards.append(Card.parse(word))
            i += 1
            continue
        except ValueError:
            pass
        j = i + 1
        if j + 1 < len(words) and words[j] == "of":
            j += 1
        rank, suit = _RANK_WORDS.get(word), _SUIT_WORDS.get(words[j]) if j < len(words) else None
        if rank is None or suit is None:
            return None
        cards.append(Card.parse(rank + suit))
        i = j + 1
    return cards


def _lenient(body: str, legal: tuple[Move, ...], seat: int | None) -> Move | None:
    """The move a loosely written `body` names ("pass 2 H"); None where there is no such reading.

    Several cards in one pass or play ("pass 2C 3C 4C") are refused with a NotationError that
    says to make one move per card.
    """
    words = body.strip().lower().split()
    if len(words) < 2 or words[0] not in ("pass", "play"):
        return None
    cards = _cards_named(words[1:])
    if not cards:
        return None
    verb = words[0]
    if len(cards) > 1:
        if not any(str(m).startswith(verb + " ") for m in legal):
            return None
        if verb == "pass":
            steps = ", then ".join(f"'pass {c}'" for c in cards)
            raise NotationError(f"{body.strip()!r}: pass the cards one at a time, one move per card: {steps}")
        raise NotationError(f"{body.strip()!r}: play one card per move")
    try:
        return parse_by_matching(f"{verb} {cards[0]}", legal, seat)
    except NotationError:
        return None
