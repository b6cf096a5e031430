"""Cheat (I Doubt It): a bluffing shedding game for 2-8 players.

Rules: the House Party guide, "CHEAT", with the gaps resolved as stated below. One 52-card pack
is dealt out completely. Turns go clockwise; each turn puts one or more cards face down on the
pile and claims they are all of the turn's rank: aces on the first turn, then twos, threes, ...
tens, jacks, queens, kings and round to aces again. Any other seat may call "Cheat!": the
cards just played are turned up, and if they are all of the claimed rank the caller picks up
the whole pile, otherwise the player who lied does. Play then goes on with the seat left of
the player who made the claim. The first seat to empty its hand and survive any challenge of
its last play wins.

Readings where the seed is silent or open (library choices, stated in the docs):

* Who goes first: the first dealer is drawn from the seed (or given as `dealer=`); the deal
  goes one card at a time clockwise from the dealer's left, and that seat plays first. Seats
  nearer the dealer's left may hold one card more.
* A play is built one card at a time: the seat to play has one `put` move per rank it holds
  (suits never matter in Cheat, so the lowest-suited card of the rank goes down) and, once a
  card is down, `claim` (the claimed rank is the turn's; the count is the cards put down).
  So a seat with a 13-card hand has at most 14 moves, and every combination of cards can
  still be played. A card put down stays down until the claim.
* The number of cards in a play is public; their faces are seen by the claimant alone, until a
  challenge turns them up. Cards already in the pile stay unseen when someone picks it up
  (except the revealed play): only the seat that picks it up sees them, in its hand.
* The challenge window is open to every other seat at once (`core.windows.Window` over the
  seats from the claimant's left round the table). Each seat answers `challenge` or `pass`;
  the first challenge applied wins (`Tie.FIRST`: "the first to call Cheat"), which ends the
  window; when everyone passed, the play stands.
* The last play can be challenged (the seed: "survive any challenge resulting from their
  final play"); `Options.final_challenge=False` lets a seat that empties its hand win at once.
* `Options.most_cards` (default 0: no limit, the seed says "one or more") caps a play, a
  common house rule.
* Termination valve (not in the seed): after `Options.max_turns` claims (default 500) the game
  ends and the seats holding the fewest cards win. `scores` gives the cards each seat holds.

>>> from parlour.core.cards import standard_pack
>>> state = new_game(4, seed=1, deck=standard_pack(), dealer=3)
>>> state.turn, cards_text(state.hands[0])
(0, 'AC 2S 3H 4D 5C 6S 7H 8D 9C 10S JH QD KC')
>>> [str(m) for m in legal_moves(state)][:3], len(legal_moves(state))
(['put AC', 'put 2S', 'put 3H'], 13)
>>> for text in ("put AC", "put 5C", "claim"):
...     state = apply(state, parse_move(state, text))
>>> [str(e) for e in state.events], sorted(to_act(state))
(['seat 0 claims: 2 aces AC 5C'], [1, 2, 3])
>>> [str(e) for e in view(state, 1).events]
['seat 0 claims: 2 aces ?? ??']
>>> state = apply(state, parse_move(state, "2: cheat"))
>>> [str(e) for e in state.events]
['seat 2 calls: cheat', 'seat 0 reveals: 2 aces AC 5C', 'seat 0 takes: the pile AC 5C', 'seat 1 to play: twos']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import HIDDEN, NATURAL_RANKS, Card, Rank, cards_text, seat_card_table, standard_pack, without
from parlour.core.deck import deal_all, shuffled_or_fixed
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind
from parlour.core.game import GameSpec, builder, checked_apply, moves_for, require_options, require_players
from parlour.core.notation import normalize, parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat
from parlour.core.shedding import Claim, seen_by_claimant
from parlour.core.text import grouped_cards, seats_text
from parlour.core.values import slot_speed_reads
from parlour.core.windows import Tie, Window
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "GAME",
    "Challenge",
    "ClaimCards",
    "Decline",
    "Move",
    "Options",
    "Phase",
    "Put",
    "State",
    "apply",
    "check_invariants",
    "claim_words",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "rank_to_claim",
    "render",
    "scores",
    "shuffle_unseen",
    "to_act",
    "view",
    "winners",
]

# Rule tables ---------------------------------------------------------------------------------

PLAYERS: Final = (2, 3, 4, 5, 6, 7, 8)
"""The seed names no range; 3-8 is usual and 2 works the same way."""
DEFAULT_PLAYERS: Final = 4
PACK: Final = standard_pack()
SEQUENCE: Final = NATURAL_RANKS
"""The claimed ranks in turn: A, 2, 3, ... 10, J, Q, K, then A again."""
RANK_WORDS: Final = {
    Rank.ACE: ("ace", "aces"),
    Rank.TWO: ("two", "twos"),
    Rank.THREE: ("three", "threes"),
    Rank.FOUR: ("four", "fours"),
    Rank.FIVE: ("five", "fives"),
    Rank.SIX: ("six", "sixes"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.NINE: ("nine", "nines"),
    Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.KING: ("king", "kings"),
}
"""How a claim names its rank (singular, plural)."""


def rank_to_claim(plays: int) -> Rank:
    """The rank claimed on the play numbered `plays` (0 for the first play of the game)."""
    return SEQUENCE[plays % len(SEQUENCE)]


def claim_words(count: int, rank: Rank) -> str:
    """"1 ace", "2 sixes": a claim of `count` cards of `rank` in words."""
    one, many = RANK_WORDS[rank]
    return f"{count} {one if count == 1 else many}"


# Options -------------------------------------------------------------------------------------


def _whole(low: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{attribute.name} must be a whole number of at least {low}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Options:
    """Rule options for Cheat; the defaults are the House Party guide's game."""

    final_challenge: bool = True
    """A seat's last play may be challenged, and it wins only if it survives (the House Party
    guide). False: emptying the hand wins at once, with no challenge."""
    most_cards: int = attrs.field(default=0, validator=_whole(0))
    """The most cards one play may hold; 0 means no limit (the House Party guide: "one or
    more"). A cap such as 4 is a common house rule."""
    max_turns: int = attrs.field(default=500, validator=_whole(1))
    """Termination valve (not in the seed): after this many claims the game ends and the seats
    holding the fewest cards win."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def house_party(cls) -> Options:
        """The House Party guide: any number of cards per play, the last play challengeable."""
        return cls()


# Moves ---------------------------------------------------------------------------------------


@attrs.frozen
class Put:
    """Put one card face down towards this turn's play (the lowest suit of its rank)."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"put {self.card}"


@attrs.frozen
class ClaimCards:
    """End the turn: the cards put down go on the pile as `count` cards of `rank`."""

    player: int
    count: int
    rank: Rank

    def __str__(self) -> str:
        return f"claim {claim_words(self.count, self.rank)}"


@attrs.frozen
class Challenge:
    """Call "Cheat!" on the claim just made."""

    player: int

    def __str__(self) -> str:
        return "challenge"


@attrs.frozen
class Decline:
    """Let the claim just made stand (as far as this seat is concerned)."""

    player: int

    def __str__(self) -> str:
        return "pass"


Move: TypeAlias = Put | ClaimCards | Challenge | Decline
MOVE_TYPES: Final = (Put, ClaimCards, Challenge, Decline)


# State ---------------------------------------------------------------------------------------


class Phase(enum.Enum):
    """PLAY: `turn` puts cards down and claims; CHALLENGE: the others may call the claim just
    made; OVER: the game ended."""

    PLAY = "play"
    CHALLENGE = "challenge"
    OVER = "over"


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Cheat position: the hands, the cards being put down, the pile of claims."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    phase: Phase
    first: int
    """The seat that made the first claim (the dealer's left)."""
    turn: int
    """The seat putting cards down (PLAY), whose claim is open (CHALLENGE) or that made the
    last claim (OVER): always `(first + plays) % n` in PLAY, one seat back after a claim."""
    plays: int
    """Claims made so far (the open one included)."""
    hands: tuple[tuple[Card, ...], ...]
    """Cards held, by seat, in rank order A..K (suits in order within a rank)."""
    staged: tuple[Card, ...]
    """The cards `turn` has put down this turn, not yet claimed (seen by `turn` alone)."""
    pile: tuple[Claim, ...]
    """The claims on the pile since it was last picked up, oldest first."""
    window: Window | None
    """In CHALLENGE, who may still call the open claim."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)

    @cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves, computed once per state: every seat's, or a view's viewer's."""
        return _state_legal(self)


_KEY: Final = [0] * 80
for _card in PACK:
    _KEY[_card.index] = int(_card.rank) * 8 + int(_card.suit or 0)
del _card


def _rank_sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Rank order A..K, suits in order within a rank (hidden cards last)."""
    return tuple(sorted(cards, key=lambda c: _KEY[c.index] if not c.is_hidden else 999))


def _staged_seen(state: object, viewer: int | None, owner: int | None) -> bool:
    return viewer is not None and viewer == getattr(state, "turn")


ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=_rank_sorted),
    Zone("staged", _staged_seen),
    Zone("pile", seen_by_claimant("pile")),
)
"""Each hand is seen by its owner; the cards being put down and each claim on the pile by the
seat that played them."""


# Public API ----------------------------------------------------------------------------------


def new_game(
    players: int | None = None,
    *,
    seed: int | None = None,
    options: Options | None = None,
    deck: Sequence[Card | str] | None = None,
    dealer: int | None = None,
) -> State:
    """Deals the pack. `deck` fixes the deal (top card first), `dealer` the dealer (else drawn
    from the seed); the dealer's left plays first."""
    n = require_players("cheat", players, PLAYERS, DEFAULT_PLAYERS)
    rules = require_options("cheat", options, Options)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    elif type(dealer) is not int:
        raise ValueError(f"dealer= must be a seat 0..{n - 1}, not {dealer!r}")
    check_seat("dealer=", dealer, n)
    cards, rng = shuffled_or_fixed(PACK, rng, deck)
    first = (dealer + 1) % n
    hands = tuple(_rank_sorted(h) for h in deal_all(cards, players=n, first=first))
    events = (Event(EventKind.DEALS, player=dealer, numbers=(1,)), _TO_PLAY[first][0])
    return State(
        options=rules,
        hand=1,
        rng=rng,
        phase=Phase.PLAY,
        first=first,
        turn=first,
        plays=0,
        hands=hands,
        staged=(),
        pile=(),
        window=None,
        events=events,
    )


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to play: `put` per rank held (A..K), then `claim` once a card is down. While a
    claim is open: each waiting seat's `challenge` and `pass`, from the claimant's left.

    With `player`, only that seat's moves; a view lists its viewer's moves only.
    """
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove naming the rule if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat to play, or every seat that may still call the open claim."""
    if state.phase is Phase.PLAY:
        return frozenset((state.turn,))
    if state.window is not None:
        return frozenset(state.window.waiting)
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """The cards each seat holds (fewest is best; the winner holds none)."""
    return tuple(len(h) for h in state.hands)


def winners(state: State) -> frozenset[int]:
    """Once the game is over, the seat that went out (or, at the turn limit, the seats holding
    the fewest cards); empty before."""
    if state.phase is not Phase.OVER:
        return frozenset()
    held = scores(state)
    least = min(held)
    return frozenset(seat for seat, k in enumerate(held) if k == least)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: other hands and others' face-down cards hidden."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """Deals the cards `player` cannot see afresh among the same places, keeping every count."""
    return zone_shuffle(state, player, seed, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "put 7C", "claim 2 sevens", "challenge" or "pass" (with "2:" for a seat); also
    "put 7" or "put 7H" (any card of the rank held), "claim" alone, and "cheat" for challenge."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        lenient = _parse_lenient(state, text, legal, player)
        if lenient is None:
            raise exc from None
        return lenient


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game of Cheat reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PLAYERS:
        raise ValueError(f"cheat is played by 2-8 players, not {n}")
    if state.hand != 1:
        raise ValueError("cheat is one deal: hand is always 1")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    check_seat("first", state.first, n)
    check_seat("turn", state.turn, n)
    o = state.options
    if type(state.plays) is not int or not 0 <= state.plays <= o.max_turns:
        raise ValueError(f"{state.plays!r} claims made is outside 0..{o.max_turns}")
    for seat, held in enumerate(state.hands):
        if HIDDEN in held:
            if any(card != HIDDEN for card in held):
                raise ValueError(f"seat {seat}'s hand mixes hidden and visible cards")
        elif held != _rank_sorted(held):
            raise ValueError(f"seat {seat}'s hand is not in rank order: {cards_text(held)}")
    check_zones("cheat", state, ZONES, PACK)
    _check_pile(state)
    _check_phase(state)


# Phase helpers -------------------------------------------------------------------------------


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """Every seat's moves (`only` None on a real state), or seat `only`'s alone (a view's)."""
    if only is None and state.rng is None:
        return ()  # a spectator's view
    phase = state.phase
    if phase is Phase.PLAY:
        seat = state.turn
        if only is not None and only != seat:
            return ()
        return _legal_play(state, seat)
    if phase is Phase.CHALLENGE:
        window = state.window
        assert window is not None
        waiting = window.waiting
        if only is not None:
            return _ANSWERS[only] if only in waiting else ()
        if len(waiting) == 1:
            return _ANSWERS[waiting[0]]
        return tuple(m for seat in waiting for m in _ANSWERS[seat])
    return ()


def _legal_play(state: State, seat: int) -> tuple[Move, ...]:
    """One `put` per rank in the (sorted) hand, its lowest suit; then `claim` if cards are down."""
    staged = state.staged
    cap = state.options.most_cards
    moves: list[Move] = []
    if not cap or len(staged) < cap:
        row = _PUTS[seat]
        last = None
        for card in state.hands[seat]:
            rank = card.rank
            if rank is not last:
                moves.append(row[card.index])
                last = rank
    if staged:
        moves.append(_claim_move(seat, len(staged), SEQUENCE[state.plays % 13]))
    return tuple(moves)


_PUTS: Final = seat_card_table(Put, max(PLAYERS), PACK)
_ANSWERS: Final = tuple((Challenge(seat), Decline(seat)) for seat in range(max(PLAYERS)))
_CLAIMS: Final[dict[int, ClaimCards]] = {}
"""Claim moves already built, by (seat, rank, count)."""


def _claim_move(seat: int, count: int, rank: Rank) -> ClaimCards:
    key = (seat * 16 + int(rank)) * 64 + count
    move = _CLAIMS.get(key)
    if move is None:
        move = _CLAIMS[key] = ClaimCards(seat, count, rank)
    return move


def _window_for(n: int, seat: int) -> Window:
    """Every other seat, from the claimant's left round the table; the first call wins."""
    return Window.open([(seat + k) % n for k in range(1, n)], Tie.FIRST)


_WINDOWS: Final = {n: tuple(_window_for(n, seat) for seat in range(n)) for n in PLAYERS}
_TO_PLAY: Final = tuple(
    tuple(Event(EventKind.TO_PLAY, player=seat, label=RANK_WORDS[rank][1]) for rank in SEQUENCE)
    for seat in range(max(PLAYERS))
)
_PASS_EVENTS: Final = tuple((Event(EventKind.PASSES, player=seat),) for seat in range(max(PLAYERS)))
_CHEAT_CALLS: Final = tuple(Event(EventKind.CALLS, player=seat, label="cheat") for seat in range(max(PLAYERS)))


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return _legal(state, None if state.rng is not None else state.viewer)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
"""`State(...)` positionally, every field in order, for the play loop."""


def _apply(state: State, move: Move) -> State:
    match move:
        case Put():
            return _apply_put(state, move)
        case ClaimCards():
            return _apply_claim(state, move)
        case Challenge():
            return _apply_challenge(state, move)
        case Decline():
            return _apply_decline(state, move)


def _apply_put(state: State, move: Put) -> State:
    seat, card = move.player, move.card
    hands = state.hands
    held = hands[seat]
    left = without(held, card)
    return _BUILD(
        state.options, 1, state.rng, None, Phase.PLAY, state.first, seat, state.plays,
        (*hands[:seat], left, *hands[seat + 1 :]), (*state.staged, card), state.pile, None, (),
    )  # fmt: skip


def _apply_claim(state: State, move: ClaimCards) -> State:
    seat = move.player
    claim = Claim(seat, move.rank, state.staged)
    pile = (*state.pile, claim)
    plays = state.plays + 1
    events: tuple[Event, ...] = (
        Event(EventKind.CLAIMS, player=seat, cards=claim.cards, label=claim_words(move.count, move.rank), private=True),
    )
    if not state.hands[seat] and not state.options.final_challenge:
        return _game_over(state, state.hands, pile, plays, (*events, Event(EventKind.GOES_OUT, player=seat)))
    return _BUILD(
        state.options, 1, state.rng, None, Phase.CHALLENGE, state.first, seat, plays, state.hands, (), pile,
        _WINDOWS[len(state.hands)][seat], events,
    )  # fmt: skip


def _apply_challenge(state: State, move: Challenge) -> State:
    """The claim is turned up: a true claim sends the pile to the caller, a false one to the
    claimant."""
    caller, seat = move.player, state.turn
    claim = state.pile[-1]
    loser = caller if claim.true else seat
    taken = tuple(card for c in state.pile for card in c.cards)
    hands = state.hands
    hands = (*hands[:loser], _rank_sorted((*hands[loser], *taken)), *hands[loser + 1 :])
    events = (
        _CHEAT_CALLS[caller],
        Event(EventKind.REVEALS, player=seat, cards=claim.cards, label=claim_words(claim.count, claim.rank)),
        Event(EventKind.TAKES, player=loser, cards=taken, label="the pile", private=True),
    )
    return _after_window(state, hands, (), events)


def _apply_decline(state: State, move: Decline) -> State:
    seat = move.player
    window = state.window
    assert window is not None
    window = window.answer(seat, act=False)
    if not window.closed:
        return _BUILD(
            state.options, 1, state.rng, None, Phase.CHALLENGE, state.first, state.turn, state.plays, state.hands,
            (), state.pile, window, _PASS_EVENTS[seat],
        )  # fmt: skip
    return _after_window(state, state.hands, state.pile, _PASS_EVENTS[seat])


def _after_window(
    state: State, hands: tuple[tuple[Card, ...], ...], pile: tuple[Claim, ...], events: tuple[Event, ...]
) -> State:
    """The window closed: the claimant wins if its hand is empty; else the turn limit ends the
    game, or the seat on its left plays the next rank."""
    seat = state.turn
    if not hands[seat]:
        return _game_over(state, hands, pile, state.plays, (*events, Event(EventKind.GOES_OUT, player=seat)))
    if state.plays >= state.options.max_turns:
        note = Event(EventKind.NOTE, label=f"the limit of {state.options.max_turns} claims is reached")
        return _game_over(state, hands, pile, state.plays, (*events, note))
    n = len(hands)
    following = seat + 1 if seat + 1 < n else 0
    return _BUILD(
        state.options, 1, state.rng, None, Phase.PLAY, state.first, following, state.plays, hands, (), pile,
        None, (*events, _TO_PLAY[following][state.plays % 13]),
    )  # fmt: skip


def _game_over(
    state: State, hands: tuple[tuple[Card, ...], ...], pile: tuple[Claim, ...], plays: int, events: tuple[Event, ...]
) -> State:
    over = State(
        options=state.options,
        hand=1,
        rng=state.rng,
        phase=Phase.OVER,
        first=state.first,
        turn=state.turn,
        plays=plays,
        hands=hands,
        staged=(),
        pile=pile,
        window=None,
    )
    best = tuple(sorted(winners(over)))
    return attrs.evolve(over, events=(*events, Event(EventKind.GAME_OVER, numbers=best)))


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    n = len(state.hands)
    if type(seat) is not int or not 0 <= seat < n:
        return f"there is no seat {seat!r} in a game of {n}"
    if state.phase is Phase.CHALLENGE:
        if isinstance(move, (Put, ClaimCards)):
            return f"seat {state.turn}'s claim is open: it must be challenged or passed first"
        if seat == state.turn:
            return f"seat {seat} cannot challenge or pass on its own claim"
        assert state.window is not None
        return state.window.why_not(seat)
    if isinstance(move, (Challenge, Decline)):
        return f"no claim is open: seat {state.turn} is putting cards down"
    if seat != state.turn:
        return f"it is seat {state.turn}'s turn to play, not seat {seat}'s"
    rank = rank_to_claim(state.plays)
    if isinstance(move, ClaimCards):
        if not state.staged:
            return "put at least one card down before claiming"
        return f"this turn claims {RANK_WORDS[rank][1]}, and {len(state.staged)} card(s) are down: {_claim_text(state)}"
    held = state.hands[seat]
    cap = state.options.most_cards
    if cap and len(state.staged) >= cap:
        return f"a play holds at most {cap} card(s): claim now"
    if move.card not in held:
        return f"seat {seat} does not hold {move.card}"
    same = next(c for c in held if c.rank is move.card.rank)
    return f"suits do not matter: put it as 'put {same}'"


def _claim_text(state: State) -> str:
    return f"'claim {claim_words(len(state.staged), rank_to_claim(state.plays))}'"


_RANK_NAMES: Final = {
    **{str(r): Rank(r) for r in range(2, 11)},
    "a": Rank.ACE, "j": Rank.JACK, "q": Rank.QUEEN, "k": Rank.KING, "t": Rank.TEN,
    **{word: rank for rank, words in RANK_WORDS.items() for word in words},
}  # fmt: skip
_CALLS: Final = ("cheat", "cheat!", "i doubt it", "doubt")


def _parse_lenient(state: State, text: str, legal: tuple[Move, ...], player: int | None) -> Move | None:
    """Reads "put 7" / "put 7H" as the canonical put of a rank held, "claim" alone as the
    claim, and "cheat" (or "i doubt it") as a challenge."""
    seat, body = split_seat(text, player)
    words = normalize(body)
    if words in _CALLS:
        prefix = "" if seat is None else f"{seat}: "
        try:
            return parse_by_matching(prefix + "challenge", legal, player)
        except NotationError:
            return None
    mine = [m for m in legal if seat is None or m.player == seat]
    if words == "claim":
        claims = [m for m in mine if isinstance(m, ClaimCards)]
        return claims[0] if len(claims) == 1 else None
    parts = words.split()
    if len(parts) != 2 or parts[0] != "put":
        return None
    rank = _RANK_NAMES.get(parts[1])
    if rank is None:
        try:
            card = Card.parse(parts[1])
        except ValueError:
            return None
        if state.rng is not None or state.viewer == state.turn:
            if card not in state.hands[state.turn] and any(isinstance(m, Put) for m in mine):
                raise NotationError(f"{text!r}: seat {state.turn} does not hold {card}")
        rank = card.rank
    puts = [m for m in mine if isinstance(m, Put) and m.card.rank is rank]
    return puts[0] if len(puts) == 1 else None


# Invariants ----------------------------------------------------------------------------------


def _check_pile(state: State) -> None:
    """The pile holds consecutive claims: each by the seat after the one before, each of the
    rank after the one before, the newest the last claim made."""
    n = len(state.hands)
    pile = state.pile
    if len(pile) > state.plays:
        raise ValueError(f"{len(pile)} claims on the pile but only {state.plays} made")
    for back, claim in enumerate(reversed(pile)):
        if not isinstance(claim, Claim) or type(claim.player) is not int:
            raise ValueError("the pile holds claims")
        check_seat("claim player", claim.player, n)
        number = state.plays - 1 - back
        if claim.player != (state.first + number) % n:
            raise ValueError(f"claim {number + 1} was seat {(state.first + number) % n}'s, not seat {claim.player}'s")
        if claim.rank is not rank_to_claim(number):
            raise ValueError(f"claim {number + 1} is of {RANK_WORDS[rank_to_claim(number)][1]}, not {claim.rank!r}")
        if not claim.cards:
            raise ValueError("a claim holds at least one card")
        cap = state.options.most_cards
        if cap and len(claim.cards) > cap:
            raise ValueError(f"a claim of {len(claim.cards)} cards exceeds the cap of {cap}")


def _check_phase(state: State) -> None:
    n = len(state.hands)
    o = state.options
    plays = state.plays
    empty = [seat for seat, held in enumerate(state.hands) if not held]
    if state.phase is not Phase.PLAY and state.staged:
        raise ValueError("cards are put down only while a seat is playing")
    if o.most_cards and len(state.staged) > o.most_cards:
        raise ValueError(f"{len(state.staged)} cards put down exceeds the cap of {o.most_cards}")
    if state.phase is Phase.PLAY:
        if state.window is not None:
            raise ValueError("no window is open while a seat plays")
        if state.turn != (state.first + plays) % n:
            raise ValueError(f"after {plays} claims it is seat {(state.first + plays) % n}'s turn, not seat {state.turn}'s")
        if plays >= o.max_turns:
            raise ValueError("no play follows the last claim the turn limit allows")
        if any(seat != state.turn for seat in empty) or not (state.hands[state.turn] or state.staged):
            raise ValueError("every seat holds cards while play goes on")
        return
    if plays < 1 or state.turn != (state.first + plays - 1) % n:
        raise ValueError(f"seat {state.turn} did not make claim {plays}")
    if state.phase is Phase.CHALLENGE:
        window = state.window
        if window is None or not isinstance(window, Window):
            raise ValueError("a claim is open to challenge exactly while a window is open")
        problem = window.problem(n)
        if problem is not None:
            raise ValueError(problem)
        if window.eligible != _WINDOWS[n][state.turn].eligible or window.tie is not Tie.FIRST or window.closed:
            raise ValueError("the window holds every other seat from the claimant's left and is still open")
        if not state.pile or state.pile[-1].player != state.turn:
            raise ValueError("the open claim is the last one on the pile")
        if any(seat != state.turn for seat in empty) or (empty and not o.final_challenge):
            raise ValueError("only the claimant may be out of cards while its claim is open")
        return
    if state.window is not None:
        raise ValueError("no window is open once the game is over")
    if empty != ([state.turn] if empty else []):
        raise ValueError("only the seat that made the last claim can have gone out")
    if not empty and plays != o.max_turns:
        raise ValueError("a game ends when a seat goes out or at the turn limit")


# Text ----------------------------------------------------------------------------------------


def render(state: State) -> str:
    """A plain-text picture of a state or view for a person at the table.

    The claims made and the limit; the pile (claims since it was last picked up, with the faces
    the viewer may see); what happens now (who puts down which rank and what is down so far,
    who may still call the open claim, or the result); then one line per seat with its cards
    held, and a visible hand grouped by rank on a line of its own.
    """
    n = len(state.hands)
    o = state.options
    lines = [f"cheat, {n} players; {state.plays} claims made (limit {o.max_turns}); seat {state.first} played first"]
    if state.pile:
        size = sum(c.count for c in state.pile)
        claims = "; ".join(_claim_line(c) for c in state.pile)
        lines.append(f"pile: {size} card{'s' if size != 1 else ''}: {claims}")
    else:
        lines.append("pile: empty")
    if state.phase is Phase.PLAY:
        rank = rank_to_claim(state.plays)
        down = f"{len(state.staged)} card{'s' if len(state.staged) != 1 else ''} down"
        if state.staged and HIDDEN not in state.staged:
            down += f" ({cards_text(state.staged)})"
        lines.append(f"seat {state.turn} to put cards down and claim {RANK_WORDS[rank][1]}; {down}")
    elif state.phase is Phase.CHALLENGE:
        waiting = state.window.waiting if state.window is not None else ()
        claim = state.pile[-1]
        lines.append(f"seat {claim.player} claims {claim_words(claim.count, claim.rank)}: {seats_text(waiting)} may call cheat or pass")
    else:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        how = "out of cards" if not state.hands[best[0]] else "fewest cards at the limit"
        lines.append(f"game over: {seats_text(best)} {verb} ({how})")
    for seat, held in enumerate(state.hands):
        note = ""
        if state.phase is Phase.PLAY and seat == state.turn:
            note = ", to play"
        elif state.window is not None and seat in state.window.waiting:
            note = ", may call"
        lines.append(f"seat {seat}  {len(held):>2} card{'' if len(held) == 1 else 's'}{note}")
        if held and HIDDEN not in held:
            lines.append("        " + grouped_cards(held, by=lambda card: card.rank))
    return "\n".join(lines)


def _claim_line(claim: Claim) -> str:
    text = f"seat {claim.player} {claim_words(claim.count, claim.rank)}"
    if HIDDEN not in claim.cards:
        text += f" ({cards_text(claim.cards)})"
    return text


# Registration --------------------------------------------------------------------------------

GAME: Final = GameSpec[State, Move, Options](
    name="cheat",
    title="Cheat",
    family="shedding",
    low_score_wins=True,
    summary="Shed cards face down claiming the next rank in turn; anyone may call the bluff.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=(("house_party", Options.house_party()),),
    quick=Options(max_turns=60),
    zones=ZONES,
    hidden_information=True,
    chance=True,
    max_plies=500 * 53,
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
