"""Canadian Salad: ten deals of trick avoidance, each with its own penalty; low total wins.

Rule source: the Metzker Book of Card Game Rules, "Canadian Salad (Whist)", with the readings
listed below where the book is silent.

The book's rules: three to eight players, the pack by player count (`PACKS`: one deck for 3-5
players, clubs or the 2C and 2D removed where needed; two decks for 6-8). No trumps at all; a
player must follow the suit led if able; of two identical winning cards (two decks) the one
played last wins the trick. Whoever takes a trick counts its penalty points, and low score wins.
Ten rounds (`ROUNDS`), one deal each: red cards 5 each, even cards (2 4 6 8 10 Q) 5 each, each
trick 10, each heart 10, each face card 10, each seven 30, each ace 30, each queen 30, each king
of spades 75, the last trick 75. A player who catches all the cards of interest of a round
scores zero and every other player 100, except for single events (the last trick, and the king
of spades with one deck).

Readings where the seed is silent (library choices, also stated in the docs page):

- Round totals follow from the actual pack (the seed's totals are for four players): with
  three players the even cards are 18 and round 2 gives 90 points; with five players there are
  10 tricks and round 3 gives 100.
- The catch-all applies to every round with more than one thing of interest: rounds 1-8
  (round 3: taking every trick) and round 9 with two decks (both kings of spades); never round
  10 nor round 9 with one deck.
- Even cards are exactly 2, 4, 6, 8, 10 and Q (the seed's list); face cards are J, Q and K.
- Ace high, as in every game of the book; no passing (the seed has none).
- The first dealer is drawn from the seed unless `dealer=` is given; the deal passes to the
  left each round; cards are dealt one at a time clockwise from the dealer's left, all of them;
  the dealer's left leads the first trick and the winner of each trick leads the next.
- Captured tricks lie face up for everyone to count (the won piles are a public zone).
- Equal lowest totals after the tenth round share the win (the seed breaks no tie).

>>> state = new_game(seed=1, dealer=0)
>>> describe_round(state.options, state.hand), sorted(to_act(state))
('round 1 of 10: red cards, 5 points each', [1])
>>> mine = legal_moves(state)
>>> legal_moves(view(state, 1)) == mine, len(mine)
(True, 13)
>>> round_total(ROUNDS[1], 3), round_total(ROUNDS[2], 5), round_total(ROUNDS[8], 8)
(90, 100, 150)
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable, Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import ACE_HIGH, HIDDEN, Card, Rank, Suit, parse_cards, seat_card_table, sorted_cards, standard_pack
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, GameSpec, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "CATCH_ALL_POINTS",
    "GAME",
    "MOVE_TYPES",
    "PACKS",
    "PLAYERS",
    "ROUNDS",
    "ZONES",
    "Counts",
    "Move",
    "Options",
    "Phase",
    "PlayCard",
    "Round",
    "State",
    "apply",
    "catcher",
    "check_invariants",
    "describe_round",
    "hand_size",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "render",
    "round_of",
    "round_total",
    "round_units",
    "scores",
    "score_round",
    "shuffle_unseen",
    "to_act",
    "units_in_play",
    "view",
    "winners",
]

# ---------------------------------------------------------------------------------------------
# Rule tables


def _pack(packs: int, removed: Iterable[Card]) -> tuple[Card, ...]:
    """`packs` standard decks less one copy of each removed card."""
    cards = list(standard_pack(packs=packs))
    for card in removed:
        cards.remove(card)
    return tuple(cards)


_CLUBS: Final = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
_DIAMONDS: Final = parse_cards("2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD")
PACKS: Final = {
    3: _pack(1, _CLUBS),
    4: _pack(1, ()),
    5: _pack(1, parse_cards("2C 2D")),
    6: _pack(2, _CLUBS + _DIAMONDS),
    7: _pack(2, _CLUBS),
    8: _pack(2, ()),
}
"""The pack by player count (seed): 3 one deck less all clubs (39); 4 one deck (52); 5 one deck
less 2C and 2D (50); 6 two decks less one club suit and one diamond suit (78); 7 two decks less
one club suit (91); 8 two decks (104). All cards are dealt."""
PLAYERS: Final = tuple(sorted(PACKS))
"""Three to eight players (seed)."""
DEFAULT_PLAYERS: Final = 4
CATCH_ALL_POINTS: Final = 100
"""Seed: a player who catches all the cards of interest scores zero, "everyone else scores 100"."""


class Counts(enum.Enum):
    """What a round's penalty is paid for."""

    CARDS = 0
    """Each card of interest among the cards a player took in tricks."""
    TRICKS = 1
    """Each trick taken."""
    LAST_TRICK = 2
    """Taking the last trick of the deal."""


@attrs.frozen
class Round:
    """One row of the ten-round schedule: what is counted and how many points each is worth."""

    name: str
    """What the round counts, in the plural ("red cards")."""
    counts: Counts
    points: int
    """Penalty points for each card of interest, each trick, or the last trick."""
    suits: frozenset[Suit] = frozenset()
    """With `Counts.CARDS`: every card of these suits counts."""
    ranks: frozenset[Rank] = frozenset()
    """With `Counts.CARDS`: every card of these ranks counts."""
    cards: frozenset[Card] = frozenset()
    """With `Counts.CARDS`: these cards count (every copy of them)."""

    def counts_card(self, card: Card) -> bool:
        """Whether `card` is a card of interest this round."""
        return self.counts is Counts.CARDS and (
            card.suit in self.suits or card.rank in self.ranks or card in self.cards
        )


_R = Rank
ROUNDS: Final = (
    Round("red cards", Counts.CARDS, 5, suits=frozenset({Suit.DIAMONDS, Suit.HEARTS})),
    Round("even cards", Counts.CARDS, 5, ranks=frozenset({_R.TWO, _R.FOUR, _R.SIX, _R.EIGHT, _R.TEN, _R.QUEEN})),
    Round("tricks", Counts.TRICKS, 10),
    Round("hearts", Counts.CARDS, 10, suits=frozenset({Suit.HEARTS})),
    Round("face cards", Counts.CARDS, 10, ranks=frozenset({_R.JACK, _R.QUEEN, _R.KING})),
    Round("sevens", Counts.CARDS, 30, ranks=frozenset({_R.SEVEN})),
    Round("aces", Counts.CARDS, 30, ranks=frozenset({_R.ACE})),
    Round("queens", Counts.CARDS, 30, ranks=frozenset({_R.QUEEN})),
    Round("kings of spades", Counts.CARDS, 75, cards=frozenset({Card.parse("KS")})),
    Round("last trick", Counts.LAST_TRICK, 75),
)
"""The seed's ten rounds in order, one deal each, all without trumps: red cards 5 each, even
cards (2 4 6 8 10 Q) 5 each, each trick 10, each heart 10, each face card (J Q K) 10, each seven
30, each ace 30, each queen 30, each king of spades 75, the last trick 75."""
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker rules with the readings above (preset `metzker`)."""

    catch_all: bool = True
    """Seed: a player who catches all the cards of interest of a round (every trick in round 3,
    both kings of spades with two decks) scores zero and every other player `catch_all_points`.
    Never for single events (the last trick, the one king of spades of a single deck)."""
    catch_all_points: int = CATCH_ALL_POINTS
    """What each other player scores when somebody catches all (seed: 100)."""
    later_identical_wins: bool = True
    """Seed: with two decks, of two identical winning cards the one played last wins the trick.
    Off (a house rule): the one played first wins."""
    first_round: int = 1
    """The match starts at this round of `ROUNDS` and plays to the tenth (a shorter match that
    keeps the last rounds; not in the seed, which plays all ten)."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.first_round <= len(ROUNDS):
            raise ValueError(f"first_round must be one of 1..{len(ROUNDS)}, not {self.first_round}")
        if self.catch_all_points < 0:
            raise ValueError(f"catch_all_points must not be negative, not {self.catch_all_points}")

    @property
    def rounds(self) -> int:
        """The number of rounds (deals) in the match."""
        return len(ROUNDS) - self.first_round + 1

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: the defaults."""
        return cls()


PRESETS: Final = (("metzker", Options.metzker()),)
"""The seed's rule set by name (`GameSpec.presets`)."""
QUICK: Final = Options(first_round=8)
"""A short match for the generic sweeps: rounds 8 (queens), 9 (kings of spades) and 10 (last
trick), 156 plies with four players."""


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class PlayCard:
    """Play a card: any card of the hand to lead a trick, one of the suit led (if held) to follow."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = PlayCard
MOVE_TYPES: Final = (PlayCard,)
"""The classes of Canadian Salad moves; `apply` refuses anything else."""

_SEATS: Final = max(PLAYERS)
_PLAY_MOVES: Final = seat_card_table(PlayCard, _SEATS, standard_pack())
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, _SEATS, standard_pack())
_LEADS: Final = tuple(Trick(s) for s in range(_SEATS))


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    """PLAY: tricks are being played; OVER: the last round was scored."""

    PLAY = 0
    OVER = 1


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Canadian Salad position. `hand` counts the deals of the match from 1 (the round of the
    schedule is `round_of(options, hand)`); hands are sorted by suit."""

    options: Options
    hand: int
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat took this round (the last round's, once the game is over)."""
    scores: tuple[int, ...]
    """Running penalty totals (lower is better)."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)


_DEFAULTS: Final = Options()


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})
_PLAY, _OVER = Phase.PLAY, Phase.OVER

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Hands are seen by their owners; the trick in progress and the won tricks by everyone."""


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
    """The first round dealt (from `deck`, top card first, if given), the dealer's left to lead."""
    options = require_options("canadian_salad", _DEFAULTS if options is None else options, Options)
    n = require_players("canadian_salad", players, PLAYERS, DEFAULT_PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(n)
    else:
        check_seat("dealer=", dealer, n)
    pack = PACKS[n]
    if deck is None:
        cards, rng = rng.shuffled(pack)
    else:
        cards = fixed_deck(deck, pack)
    return _deal(options, 1, dealer, cards, rng, (0,) * n, ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to play's cards that may be played, in hand order (clubs, diamonds, hearts,
    spades; low to high), each card once even where two decks give two copies; () once the game
    is over. On a view, the viewer's moves only."""
    if player is None:
        return state.legal
    return moves_for(state, player, len(state.hands), state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seat due to play (none once the game is over)."""
    if state.phase is _OVER:
        return frozenset()
    return frozenset((_next_seat(state),))


def is_over(state: State) -> bool:
    return state.phase is _OVER


def scores(state: State) -> tuple[int, ...]:
    """Running penalty totals (lower is better)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The seats with the lowest total once the last round is scored (ties share the win)."""
    if state.phase is not _OVER:
        return frozenset()
    low = min(state.scores)
    return frozenset(s for s, v in enumerate(state.scores) if v == low)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands hidden, the rng removed."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play QS" (also "play TH"), to lead or to follow, of seat `player` or of a
    "1: play QS" prefix; a card alone ("QS") reads as playing it."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError as exc:
        seat, body = split_seat(text, player)
        words = body.split()
        if len(words) == 2 and words[0].lower() == "play":
            card = words[1]
        elif len(words) == 1:
            card = words[0]
            try:
                return parse_by_matching(f"play {card}", legal, seat)
            except NotationError:
                pass
        else:
            raise
        raise NotationError(_why_not(state, card, seat) or str(exc)) from None


def _why_not(state: State, text: str, seat: int | None) -> str | None:
    """The rule that keeps the seat due from playing the card `text` names, if it names one."""
    if state.phase is _OVER or state.hands[_next_seat(state)][:1] == (HIDDEN,):
        return None
    try:
        card = Card.parse(text)
    except ValueError:
        return None
    due = _next_seat(state)
    if seat is not None and seat != due:
        return None
    move = PlayCard(due, card)
    return f"{move}: {_why_illegal(state, move)}"


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    n = len(state.hands)
    if n not in PACKS:
        raise ValueError(f"{n} hands, but canadian_salad is played by 3 to 8 players")
    o = state.options
    if type(o) is not Options:
        raise ValueError("options must be canadian_salad.Options")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    if type(state.hand) is not int or not 1 <= state.hand <= o.rounds:
        raise ValueError(f"deal {state.hand} is not one of the 1..{o.rounds} of this match")
    for name, row in (("won", state.won), ("scores", state.scores)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    check_seat("dealer", state.dealer, n)
    trick = state.trick
    check_seat("trick leader", trick.leader, n)
    if len(trick.cards) >= n:
        raise ValueError("the trick in progress holds a card from every seat")
    if trick.seats != tuple((trick.leader + i) % n for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    check_zones("canadian_salad", state, ZONES, PACKS[n])
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    size = hand_size(n)
    done = sum(map(len, state.won)) // n
    for s in range(n):
        expect = size - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    if done == 0 and trick.leader != (state.dealer + 1) % n:
        raise ValueError(f"seat {(state.dealer + 1) % n}, left of the dealer, leads the first trick")
    if state.phase is _OVER:
        if state.hand != o.rounds or done != size:
            raise ValueError("the game ends only when the last trick of the last round is played")
    elif state.phase is _PLAY:
        if done >= size:
            raise ValueError("every trick is played but the round was not scored")
        if done and not state.won[trick.leader]:
            raise ValueError(f"seat {trick.leader} leads but took no trick: the last trick's winner leads")
    else:
        raise ValueError(f"unknown phase {state.phase!r}")
    # Score law: each round adds its total (from the pack) or, after a catch-all, the catch-all
    # points of every other player; nobody's total goes down.
    scored = state.hand if state.phase is _OVER else state.hand - 1
    if min(state.scores) < 0 or sum(state.scores) not in _possible_sums(o, n, scored):
        raise ValueError(f"scores {state.scores} are impossible after {scored} rounds")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Pure helpers


def hand_size(players: int) -> int:
    """Cards dealt to each player: 13, or 10 with five players (the whole pack is dealt)."""
    return len(PACKS[players]) // players


def round_of(options: Options, hand: int) -> Round:
    """The schedule row of deal `hand` (1-based) of a match with these options."""
    return ROUNDS[options.first_round + hand - 2]


def describe_round(options: Options, hand: int) -> str:
    """"round 4 of 10: hearts, 10 points each"."""
    number = options.first_round + hand - 1
    rnd = ROUNDS[number - 1]
    each = "" if rnd.counts is Counts.LAST_TRICK else " each"
    return f"round {number} of {len(ROUNDS)}: {rnd.name}, {rnd.points} points{each}"


def units_in_play(rnd: Round, players: int) -> int:
    """How many things the round counts in a deal for `players`: cards of interest in the pack,
    tricks, or 1 (the last trick)."""
    if rnd.counts is Counts.CARDS:
        return sum(1 for c in PACKS[players] if rnd.counts_card(c))
    if rnd.counts is Counts.TRICKS:
        return hand_size(players)
    return 1


def round_total(rnd: Round, players: int) -> int:
    """The penalty points a round shares out when nobody catches all: 130 for red cards with
    four players, 90 for even cards with three, 260 for red cards with eight."""
    return units_in_play(rnd, players) * rnd.points


def round_units(rnd: Round, won: Sequence[Sequence[Card]], last_trick: int) -> tuple[int, ...]:
    """What each seat took of the round's interest: cards of interest in its tricks, its
    tricks, or 1 for the seat that took the last trick (`last_trick`)."""
    n = len(won)
    if rnd.counts is Counts.CARDS:
        return tuple(sum(1 for c in pile if rnd.counts_card(c)) for pile in won)
    if rnd.counts is Counts.TRICKS:
        return tuple(len(pile) // n for pile in won)
    return tuple(int(s == last_trick) for s in range(n))


def catcher(rnd: Round, units: Sequence[int], options: Options = _DEFAULTS) -> int | None:
    """The seat that caught all the round's interest, where the catch-all rule applies: only with
    more than one thing of interest (never the last trick, nor a single king of spades)."""
    if not options.catch_all:
        return None
    total = units_in_play(rnd, len(units))
    if total < 2:
        return None
    for s, got in enumerate(units):
        if got == total:
            return s
    return None


def score_round(rnd: Round, units: Sequence[int], options: Options = _DEFAULTS) -> tuple[int, ...]:
    """Each seat's penalty for the round from what it took (`round_units`): the round's points
    for each, or after a catch-all 0 to the catcher and `catch_all_points` to everyone else.

    >>> score_round(ROUNDS[5], (2, 1, 1, 0)), score_round(ROUNDS[3], (13, 0, 0, 0))
    ((60, 30, 30, 0), (0, 100, 100, 100))
    """
    caught = catcher(rnd, units, options)
    if caught is not None:
        return tuple(0 if s == caught else options.catch_all_points for s in range(len(units)))
    return tuple(u * rnd.points for u in units)


@functools.lru_cache(maxsize=256)
def _possible_sums(options: Options, players: int, rounds: int) -> frozenset[int]:
    """Every sum of the scores that `rounds` rounds of this match can give."""
    sums = frozenset({0})
    for k in range(rounds):
        rnd = ROUNDS[options.first_round - 1 + k]
        adds = {round_total(rnd, players)}
        if options.catch_all and units_in_play(rnd, players) > 1:
            adds.add(options.catch_all_points * (players - 1))
        sums = frozenset(s + a for s in sums for a in adds)
    return sums


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _next_seat(state: State) -> int:
    trick = state.trick
    return (trick.leader + len(trick.cards)) % len(state.hands)


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    cards: Sequence[Card],
    rng: Rng,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals deal `hand`: one card at a time clockwise from the dealer's left, the whole pack;
    the dealer's left leads."""
    n = len(totals)
    first = (dealer + 1) % n
    hands: list[tuple[Card, ...]] = [()] * n
    for k in range(n):
        hands[(first + k) % n] = sorted_cards(cards[k::n])
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(hand,)),
        Event(EventKind.NOTE, label=describe_round(options, hand)),
    )
    empty = ((),) * n
    return _BUILD(options, hand, rng, None, events, _PLAY, dealer, tuple(hands), _LEADS[first], empty, totals)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The seat to play's moves (`only` None), or seat `only`'s from what it sees."""
    if state.phase is _OVER:
        return ()
    trick = state.trick
    played = trick.cards
    hands = state.hands
    n = len(hands)
    seat = (trick.leader + len(played)) % n
    if only is not None and only != seat:
        return ()
    hand = hands[seat]
    # The leader may lead any card; a follower must follow suit if able.
    cards = legal_follow(hand, played[0].suit) if played else hand
    if n > 5:
        # Two decks: a card held twice is one move (the copies are alike).
        cards = tuple(dict.fromkeys(cards))
    row = _PLAY_MOVES[seat]
    return tuple([row[c.index] for c in cards])


def _why_illegal(state: State, move: Move) -> str:
    n = len(state.hands)
    seat = move.player
    if type(seat) is not int or not 0 <= seat < n:
        return f"seat {seat!r} is not at this table of {n}"
    card = move.card
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    due = _next_seat(state)
    if seat != due:
        return f"it is seat {due}'s turn to play"
    hand = state.hands[due]
    if card not in hand:
        return f"seat {due} does not hold {card}"
    led = state.trick.cards[0].suit
    word = _SUIT_WORD[led] if led is not None else "card of the suit led"
    return f"must follow suit: holds a {word}"


def _apply(state: State, move: Move) -> State:
    seat, card = move.player, move.card
    held = state.hands[seat]
    i = held.index(card)
    hands = replace_at(state.hands, seat, held[:i] + held[i + 1 :])
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    if len(cards) < len(hands):
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, trick, state.won,
            state.scores,
        )  # fmt: skip
    # The trick is complete: no trumps, the highest card of the suit led wins (of two identical
    # cards, the later one).
    winner = trick_winner(trick, order=ACE_HIGH, later_identical_wins=state.options.later_identical_wins)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    won = replace_at(state.won, winner, state.won[winner] + cards)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, _LEADS[winner], won,
        state.scores,
    )  # fmt: skip
    return after if hands[winner] else _end_round(after, winner)


def _end_round(state: State, last_trick: int) -> State:
    """Scores the round just played; deals the next round or ends the game after the last."""
    o = state.options
    n = len(state.hands)
    rnd = round_of(o, state.hand)
    units = round_units(rnd, state.won, last_trick)
    points = score_round(rnd, units, o)
    totals = tuple(a + b for a, b in zip(state.scores, points))
    events = state.events
    caught = catcher(rnd, units, o)
    if caught is not None:
        events = (*events, Event(EventKind.SHOOTS_MOON, player=caught, label=f"caught all the {rnd.name}"))
    events = (*events, Event(EventKind.HAND_SCORED, numbers=points))
    if state.hand == o.rounds:
        low = min(totals)
        best = tuple(s for s, v in enumerate(totals) if v == low)
        events = (*events, Event(EventKind.GAME_OVER, numbers=best))
        return _BUILD(
            o, state.hand, state.rng, None, events, _OVER, state.dealer, state.hands, state.trick, state.won, totals
        )
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next round in a view")
    cards, rng = rng.shuffled(PACKS[n])
    return _deal(o, state.hand + 1, (state.dealer + 1) % n, cards, rng, totals, events)


# ---------------------------------------------------------------------------------------------
# Text picture


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def render(state: State) -> str:
    """A plain-text picture of a state or view: the round and its penalty, what happens now, and
    for each seat its total, its cards (grouped by suit where the viewer may see them), its
    tricks and the penalty it has taken so far this round. Hidden cards appear only as counts."""
    o = state.options
    n = len(state.hands)
    rnd = round_of(o, state.hand)
    head = f"{describe_round(o, state.hand)}; no trumps; dealer seat {state.dealer}"
    if rnd.counts is not Counts.LAST_TRICK:
        head += f"; {round_total(rnd, n)} points in play"
    lines = [head, _render_now(state)]
    width = max(len(str(v)) for v in state.scores)
    for s, held in enumerate(state.hands):
        tricks = len(state.won[s]) // n
        line = f"seat {s}  score {state.scores[s]:>{width}}  {_plural(len(held), 'card'):>8}  {_plural(tricks, 'trick')}"
        if state.phase is _PLAY and rnd.counts is not Counts.LAST_TRICK:
            got = round_units(rnd, state.won, -1)[s] * rnd.points
            if got:
                line += f", {got} points so far"
                if rnd.counts is Counts.CARDS:
                    line += ": " + " ".join(str(c) for c in sorted_cards(state.won[s]) if rnd.counts_card(c))
        lines.append(line)
        if held and not any(c.is_hidden for c in held):
            lines.append("        " + by_suit(held))
    return "\n".join(lines)


def _render_now(state: State) -> str:
    n = len(state.hands)
    if state.phase is _OVER:
        best = sorted(winners(state))
        verb = "wins" if len(best) == 1 else "share the win"
        return f"game over after round {len(ROUNDS)}: {seats_text(best)} {verb} with {min(state.scores)} points"
    trick = state.trick
    number = f"trick {sum(map(len, state.won)) // n + 1} of {hand_size(n)}"
    if not trick.cards:
        return f"{number}: seat {trick.leader} to lead"
    plays = [f"seat {trick.leader} led {trick.cards[0]}"]
    plays += [f"seat {trick.seats[i]} played {c}" for i, c in enumerate(trick.cards) if i]
    leader = trick_winner(trick, order=ACE_HIGH, later_identical_wins=state.options.later_identical_wins)
    return f"{number}: {', '.join(plays)}; seat {_next_seat(state)} to play (seat {leader} winning so far)"


# ---------------------------------------------------------------------------------------------
# Registration

GAME: Final = GameSpec[State, Move, Options](
    name="canadian_salad",
    title="Canadian Salad",
    family="tricks",
    low_score_wins=True,
    summary="Ten deals without trumps, each with its own penalty cards; the lowest total wins.",
    players=PLAYERS,
    default_players=DEFAULT_PLAYERS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=len(ROUNDS) * max(len(p) for p in PACKS.values()),
    quick=QUICK,
    zones=ZONES,
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
