"""Whist with 10s: four players in two partnerships play six deals, each with its own trump.

Rule source: the Metzker Book of Card Game Rules, "Whist with 10s", with the readings listed
below where the book is silent.

The seed's rules: one 52-card pack, four players, all cards dealt; the player left of the dealer
leads; follow suit if able. A side counts one point for every trick it takes after its sixth, and
10 points for every ten it captures ("3 tens home and 2 tricks after your 6th trick ... 32
points"). Six rounds, with a fixed trump each (`ROUNDS`): hearts, spades, diamonds, clubs, high
no-trump and low no-trump, where "you do not want to take any tricks - what you take the other
team counts". High score after the six rounds wins.

Readings where the seed is silent (library choices, also stated in the docs page):

- Partnerships: seats 0 and 2 against seats 1 and 3 (the seed speaks of "the other team").
- Both sides score every deal: a side with six tricks or fewer still banks its tens, and a side
  never goes below zero for a deal (option `tens_need_book` scores only the side past six).
- Low no-trump changes the scoring, not the cards: the highest card of the suit led still wins,
  and each side's count of the deal goes to the other side (option `low_cards_win` makes the
  lowest card of the suit led win in that round instead).
- No card is turned for trump: the round number fixes it, whoever deals.
- The first dealer is drawn from the seed unless `dealer=` is given; the deal passes to the left
  each round; cards are dealt one at a time clockwise from the dealer's left, 13 each.
- Captured tricks lie face up for everyone to count (the won piles are a public zone).
- Equal totals after the sixth round: both sides win (the seed breaks no tie).

>>> state = new_game(seed=1, dealer=0)
>>> describe_round(state.hand), to_act(state)
('round 1 of 6: hearts trump', frozenset({1}))
>>> mine = legal_moves(state)
>>> legal_moves(view(state, 1)) == mine, str(mine[0])
(True, 'play QC')
>>> round_score((8, 5), (3, 1), 1), round_score((9, 4), (2, 2), 6)
((32, 10), (20, 23))
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import (
    ACE_HIGH,
    Card,
    Rank,
    RankOrder,
    Suit,
    seat_card_table,
    sorted_cards,
    standard_pack,
    without,
)
from parlour.core.deck import fixed_deck
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, GameSpec, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching
from parlour.core.options import check_option_types
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.text import by_suit, seats_text
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view

__all__ = [
    "BOOK",
    "GAME",
    "MOVE_TYPES",
    "PACK",
    "ROUNDS",
    "TEN_POINTS",
    "ZONES",
    "Move",
    "Options",
    "Phase",
    "PlayCard",
    "Round",
    "State",
    "apply",
    "check_invariants",
    "describe_round",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "render",
    "round_of",
    "round_score",
    "scores",
    "shuffle_unseen",
    "side_count",
    "tally",
    "team_of",
    "to_act",
    "view",
    "winners",
]

# ---------------------------------------------------------------------------------------------
# Rule tables

PACK: Final = standard_pack()
"""One 52-card pack, no jokers (seed: "One deck of cards, no jokers")."""
PLAYERS: Final = (4,)
"""Seed: "Four people can play"."""
SEATS: Final = 4
TEAMS: Final = ((0, 2), (1, 3))
"""The two partnerships: partners sit opposite."""
HAND_SIZE: Final = len(PACK) // SEATS
"""13: all cards are dealt."""
BOOK: Final = 6
"""Seed: "you count tricks after you take 6"."""
TRICK_POINTS: Final = 1
"""Each trick after the sixth counts 1 (seed: "3 tens home and 2 tricks after your 6th trick ... 32")."""
TEN_POINTS: Final = 10
"""Each ten taken home counts 10 (seed: "they count 10 points")."""
TEN_COUNT: Final = sum(1 for c in PACK if c.rank is Rank.TEN)
"""Four tens in the pack."""
LOW_FIRST: Final = RankOrder(tuple(reversed(ACE_HIGH.ranks)))
"""The rank order of option `low_cards_win`: the 2 is the best card, the ace the worst."""


@attrs.frozen
class Round:
    """One row of the six-round schedule: its name, its trump suit and how it is scored."""

    name: str
    trump: Suit | None
    """The trump suit (None: no trump)."""
    low: bool = False
    """Low round: each side's count goes to the other side ("what you take the other team counts")."""


ROUNDS: Final = (
    Round("hearts trump", Suit.HEARTS),
    Round("spades trump", Suit.SPADES),
    Round("diamonds trump", Suit.DIAMONDS),
    Round("clubs trump", Suit.CLUBS),
    Round("high no-trump", None),
    Round("low no-trump", None, low=True),
)
"""The seed's six rounds in order, one deal each; the match ends after the last."""
_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker rules with the readings above (preset `metzker`)."""

    tens_need_book: bool = False
    """Only a side that took more than six tricks scores in a deal (its tens and its tricks past
    six); the other side's tens count nothing. Off: both sides bank their tens every deal."""
    low_cards_win: bool = False
    """In the low no-trump round the lowest card of the suit led wins the trick (2 best, ace
    worst). Off: cards rank as usual and only the scoring of that round is reversed."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker Book of Card Game Rules: the defaults."""
        return cls()


PRESETS: Final = (("metzker", Options.metzker()),)
"""The seed's rule set by name (`GameSpec.presets`)."""


# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class PlayCard:
    """Play a card: any card to lead a trick, else one following suit if able."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


Move: TypeAlias = PlayCard
MOVE_TYPES: Final = (PlayCard,)
"""The classes of Whist with 10s moves; `apply` refuses anything else."""

_PLAY_MOVES: Final = seat_card_table(PlayCard, SEATS, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, SEATS, PACK)
_LEADS: Final = tuple(Trick(s) for s in range(SEATS))
_TEN: Final = Rank.TEN


# ---------------------------------------------------------------------------------------------
# State


class Phase(enum.Enum):
    """PLAY: tricks are being played; OVER: the sixth round was scored."""

    PLAY = 0
    OVER = 1


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Whist with 10s position. `hand` is the round (1-6); hands are sorted by suit."""

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
    """The cards of the tricks each seat won this round (the last round's, once the game is over)."""
    team_scores: tuple[int, ...]
    """Running totals of the two sides: seats 0 and 2, then seats 1 and 3."""

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
    """Round 1 dealt (from `deck`, top card first, if given), the dealer's left to lead."""
    options = require_options("whist_tens", _DEFAULTS if options is None else options, Options)
    require_players("whist_tens", players, PLAYERS, SEATS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(SEATS)
    else:
        check_seat("dealer=", dealer, SEATS)
    if deck is None:
        cards, rng = rng.shuffled(PACK)
    else:
        cards = fixed_deck(deck, PACK)
    return _deal(options, 1, dealer, cards, rng, (0, 0), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """The seat to play's cards that may be led or played, in hand order (clubs, diamonds,
    hearts, spades; low to high); () once the game is over. On a view, the viewer's moves only."""
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
    """Each seat's side's running total."""
    a, b = state.team_scores
    return (a, b, a, b)


def winners(state: State) -> frozenset[int]:
    """Once the six rounds are played, the seats of the side with the higher total (both sides
    on equal totals)."""
    if state.phase is not _OVER:
        return frozenset()
    best = max(state.team_scores)
    return frozenset(s for s in range(SEATS) if state.team_scores[team_of(s)] == best)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands hidden, the rng removed."""
    check_viewer(state, player, len(state.hands))
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "play 10H" (also "play TH"), of seat `player` or of a "1: play 10H" prefix."""
    return parse_by_matching(text, legal_moves(state), player)


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no game reaches (also accepts views)."""
    if len(state.hands) not in PLAYERS:
        raise ValueError(f"{len(state.hands)} hands, but whist_tens is played by four")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, SEATS)
    if not 1 <= state.hand <= len(ROUNDS):
        raise ValueError(f"round {state.hand} is not one of 1..{len(ROUNDS)}")
    if len(state.won) != SEATS:
        raise ValueError(f"won has {len(state.won)} piles for {SEATS} players")
    if len(state.team_scores) != len(TEAMS):
        raise ValueError(f"team_scores has {len(state.team_scores)} totals for {len(TEAMS)} sides")
    check_seat("dealer", state.dealer, SEATS)
    trick = state.trick
    check_seat("trick leader", trick.leader, SEATS)
    if len(trick.cards) >= SEATS:
        raise ValueError("the trick in progress holds a card from every seat")
    if trick.seats != tuple((trick.leader + i) % SEATS for i in range(len(trick.cards))):
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    check_zones("whist_tens", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != sorted_cards(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if any(len(w) % SEATS for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // SEATS
    for s in range(SEATS):
        expect = HAND_SIZE - done - (s in trick.seats)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    if done == 0 and trick.leader != (state.dealer + 1) % SEATS:
        raise ValueError(f"seat {(state.dealer + 1) % SEATS}, left of the dealer, leads the first trick")
    if state.phase is _OVER:
        if state.hand != len(ROUNDS) or done != HAND_SIZE:
            raise ValueError("the game ends only when the last trick of the last round is played")
    elif done >= HAND_SIZE:
        raise ValueError("every trick is played but the round was not scored")
    elif done and not state.won[trick.leader]:
        raise ValueError(f"seat {trick.leader} leads but won no trick: the last trick's winner leads")
    # Score law: a deal gives the two sides 40 + (tricks past six) in all, 41..47 (1..47 when
    # only the side past six scores), and nobody loses points.
    scored = state.hand if state.phase is _OVER else state.hand - 1
    low = 1 if state.options.tens_need_book else TEN_COUNT * TEN_POINTS + TRICK_POINTS
    high = TEN_COUNT * TEN_POINTS + (HAND_SIZE - BOOK) * TRICK_POINTS
    total = sum(state.team_scores)
    if min(state.team_scores) < 0 or not low * scored <= total <= high * scored:
        raise ValueError(f"side totals {state.team_scores} are impossible after {scored} rounds")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Pure helpers


def team_of(seat: int) -> int:
    """The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % len(TEAMS)


def round_of(hand: int) -> Round:
    """The schedule row of round `hand` (1-6)."""
    return ROUNDS[hand - 1]


def describe_round(hand: int) -> str:
    """"round 3 of 6: diamonds trump"."""
    return f"round {hand} of {len(ROUNDS)}: {round_of(hand).name}"


def tally(won: Sequence[Sequence[Card]]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Tricks and tens each side took, from the won piles by seat: ((tricks0, tricks1), (tens0, tens1))."""
    tricks = [0, 0]
    tens = [0, 0]
    ten = _TEN
    for seat, pile in enumerate(won):
        t = team_of(seat)
        tricks[t] += len(pile) // SEATS
        tens[t] += sum([1 for c in pile if c.rank is ten])
    return (tricks[0], tricks[1]), (tens[0], tens[1])


def side_count(tricks: int, tens: int, options: Options = _DEFAULTS) -> int:
    """A side's count for a deal: 1 per trick after the sixth plus 10 per ten taken home.

    With `tens_need_book`, a side that did not pass six tricks counts nothing.

    >>> side_count(8, 3), side_count(11, 1), side_count(5, 1)
    (32, 15, 10)
    """
    past = max(0, tricks - BOOK)
    if options.tens_need_book and not past:
        return 0
    return past * TRICK_POINTS + tens * TEN_POINTS


def round_score(
    tricks: tuple[int, int], tens: tuple[int, int], hand: int, options: Options = _DEFAULTS
) -> tuple[int, int]:
    """The points each side scores for round `hand` from the tricks and tens each side took:
    its own count, or in the low round the other side's."""
    a, b = side_count(tricks[0], tens[0], options), side_count(tricks[1], tens[1], options)
    return (b, a) if round_of(hand).low else (a, b)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _next_seat(state: State) -> int:
    trick = state.trick
    return (trick.leader + len(trick.cards)) % SEATS


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    cards: Sequence[Card],
    rng: Rng,
    totals: tuple[int, ...],
    events: tuple[Event, ...],
) -> State:
    """Deals round `hand`: one card at a time clockwise from the dealer's left, 13 each; the
    dealer's left leads."""
    first = (dealer + 1) % SEATS
    hands: list[tuple[Card, ...]] = [()] * SEATS
    for k in range(SEATS):
        hands[(first + k) % SEATS] = sorted_cards(cards[k::SEATS])
    events = (
        *events,
        Event(EventKind.DEALS, player=dealer, numbers=(hand,)),
        Event(EventKind.NOTE, label=describe_round(hand)),
    )
    empty = ((),) * SEATS
    return _BUILD(options, hand, rng, None, events, _PLAY, dealer, tuple(hands), _LEADS[first], empty, totals)


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The seat to play's moves (`only` None), or seat `only`'s from what it sees."""
    if state.phase is _OVER:
        return ()
    trick = state.trick
    played = trick.cards
    seat = (trick.leader + len(played)) % SEATS
    if only is not None and only != seat:
        return ()
    hand = state.hands[seat]
    moves = _PLAY_MOVES[seat]
    if played:
        return tuple([moves[c.index] for c in legal_follow(hand, played[0].suit)])
    return tuple([moves[c.index] for c in hand])


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < SEATS:
        return f"seat {seat!r} is not at this table of {SEATS}"
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
    hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    if len(cards) < SEATS:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, trick, state.won,
            state.team_scores,
        )  # fmt: skip
    # The trick is complete: the highest trump, else the highest card of the suit led, wins.
    rule = ROUNDS[state.hand - 1]
    order = LOW_FIRST if rule.low and state.options.low_cards_win else ACE_HIGH
    winner = trick_winner(trick, order=order, trump=rule.trump)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    won = replace_at(state.won, winner, state.won[winner] + cards)
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, _LEADS[winner], won,
        state.team_scores,
    )  # fmt: skip
    return after if hands[winner] else _end_round(after)


def _end_round(state: State) -> State:
    """Scores the round just played; deals the next round or ends the game after the sixth."""
    o = state.options
    tricks, tens = tally(state.won)
    points = round_score(tricks, tens, state.hand, o)
    totals = (state.team_scores[0] + points[0], state.team_scores[1] + points[1])
    counts = "; ".join(
        f"seats {TEAMS[t][0]}, {TEAMS[t][1]} took {tricks[t]} tricks and {tens[t]} ten{'' if tens[t] == 1 else 's'}"
        for t in range(len(TEAMS))
    )
    if round_of(state.hand).low:
        counts += "; each side scores the other's count"
    events = (
        *state.events,
        Event(EventKind.NOTE, label=counts),
        Event(EventKind.HAND_SCORED, numbers=(points[0], points[1], points[0], points[1])),
    )
    if state.hand == len(ROUNDS):
        over = attrs.evolve(state, phase=_OVER, team_scores=totals)
        events = (*events, Event(EventKind.GAME_OVER, numbers=tuple(sorted(winners(over)))))
        return attrs.evolve(over, events=events)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next round in a view")
    cards, rng = rng.shuffled(PACK)
    return _deal(o, state.hand + 1, (state.dealer + 1) % SEATS, cards, rng, totals, events)


# ---------------------------------------------------------------------------------------------
# Text picture


def render(state: State) -> str:
    """A plain-text picture of a state or view: the round and its trump, what happens now, each
    side's total with its tricks and tens this round, and each seat's cards (grouped by suit
    where the viewer may see them). Hidden cards appear only as counts."""
    head = f"{describe_round(state.hand)}; dealer seat {state.dealer}"
    if round_of(state.hand).low:
        head += " (each side scores what the other side takes)"
    lines = [head, _render_now(state)]
    tricks, tens = tally(state.won)
    for t, (a, b) in enumerate(TEAMS):
        took = [str(c) for s in (a, b) for c in state.won[s] if c.rank is Rank.TEN]
        line = f"seats {a}, {b}  score {state.team_scores[t]}  {tricks[t]} trick{'' if tricks[t] == 1 else 's'}"
        line += f", tens: {' '.join(took)}" if took else ", no tens"
        lines.append(line)
    for s, held in enumerate(state.hands):
        n = len(state.won[s]) // SEATS
        lines.append(f"seat {s}  {len(held):>2} card{'' if len(held) == 1 else 's'}  {n} trick{'' if n == 1 else 's'}")
        if held and not any(c.is_hidden for c in held):
            lines.append("        " + by_suit(held))
    return "\n".join(lines)


def _render_now(state: State) -> str:
    if state.phase is _OVER:
        best = sorted(winners(state))
        verb = "win" if len(best) == 2 else "share the win"
        return f"game over after round {state.hand}: {seats_text(best)} {verb} with {max(state.team_scores)} points"
    trick = state.trick
    number = f"trick {sum(map(len, state.won)) // SEATS + 1} of {HAND_SIZE}"
    if not trick.cards:
        return f"{number}: seat {trick.leader} to lead"
    plays = [f"seat {trick.leader} led {trick.cards[0]}"]
    plays += [f"seat {trick.seats[i]} played {c}" for i, c in enumerate(trick.cards) if i]
    rule = round_of(state.hand)
    order = LOW_FIRST if rule.low and state.options.low_cards_win else ACE_HIGH
    leader = trick_winner(trick, order=order, trump=rule.trump)
    return f"{number}: {', '.join(plays)}; seat {_next_seat(state)} to play (seat {leader} winning so far)"


# ---------------------------------------------------------------------------------------------
# Registration

GAME: Final = GameSpec[State, Move, Options](
    name="whist_tens",
    title="Whist with 10s",
    family="tricks",
    summary="Partnership whist over six deals with a set trump each; tens count 10, tricks past six 1.",
    players=PLAYERS,
    default_players=SEATS,
    options_type=Options,
    state_type=State,
    move_types=MOVE_TYPES,
    presets=PRESETS,
    max_plies=len(ROUNDS) * len(PACK),
    quick=None,
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
