"""Court Whist play: the moves, the `State`, the public verbs and the phase helpers behind them.

A hand is dealt (`_deal`, with the trump of its score-card line: a fixed suit, none, the turned
last card, or a call by the holder of the named king), played out trick by trick
(`_apply_play`) and scored on the score card (`_finish_hand`), which ends the match after the
last hand or deals the next one (with a new cut at the start of a game). The play loop reads
prebuilt move and event objects from tables indexed by `Card.index` and builds states with
`builder(State)`.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import ACE_HIGH, Card, Rank, SUITS, Suit, seat_card_table, sorted_cards, without
from parlour.core.deck import fixed_deck
from parlour.core.errors import NotationError
from parlour.core.events import Event, EventKind, seat_card_events
from parlour.core.game import builder, checked_apply, moves_for, require_options, require_players, seat_moves
from parlour.core.notation import parse_by_matching, split_seat
from parlour.core.rng import Rng, seeded
from parlour.core.seats import check_seat, replace_at
from parlour.core.tricks import Trick, legal_follow, trick_winner
from parlour.core.values import slot_speed_reads
from parlour.core.zones import Seen, Zone, check_viewer, check_zones, zone_shuffle, zone_view
from parlour.games.court_whist.scorecard import (
    _ALTERNATE,
    _ALTERNATE_LEFTS,
    _PACK_PLACES,
    _PLACE,
    _SUIT_WORD,
    DISPLAY_ORDER,
    GAMES,
    HAND_SIZE,
    PACK,
    PLAYERS,
    SEATINGS,
    GameRule,
    Options,
    Trump,
    TrumpRule,
    _cards_at,
    _hand_total,
    _lefts,
    _sorted_hand,
    game_rule,
    score_hand,
    total_hands,
)

# ---------------------------------------------------------------------------------------------
# Moves


@attrs.frozen
class NameTrump:
    """Coronation: the holder of the named king names the trump suit."""

    player: int
    suit: Suit

    def __str__(self) -> str:
        return f"name {self.suit.letter}"


@attrs.frozen
class PlayCard:
    """Play a card to the trick."""

    player: int
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class Speak:
    """Confiscation with `Options.table_talk`: the player spoke and forfeits 3 points."""

    player: int

    def __str__(self) -> str:
        return "speak"


Move: TypeAlias = NameTrump | PlayCard | Speak
MOVE_TYPES: Final = (NameTrump, PlayCard, Speak)
"""The classes of Court Whist moves; `apply` refuses anything else."""


class Phase(enum.Enum):
    """CALL: the king's holder names trump (Coronation); PLAY: tricks; OVER: the match ended."""

    CALL = 0
    PLAY = 1
    OVER = 2


_CALL, _PLAY, _OVER = Phase.CALL, Phase.PLAY, Phase.OVER

# Hot-path tables: moves and events prebuilt per seat and card, read by `Card.index`.
_PLAY_MOVES: Final = seat_card_table(PlayCard, PLAYERS, PACK)
_PLAY_EVENTS: Final = seat_card_events(EventKind.PLAYS, PLAYERS, PACK)
_NAME_MOVES: Final = tuple(tuple(NameTrump(s, suit) for suit in SUITS) for s in range(PLAYERS))
_SPEAK_MOVES: Final = tuple(Speak(s) for s in range(PLAYERS))
_LEADS: Final = tuple(Trick(s) for s in range(PLAYERS))

# ---------------------------------------------------------------------------------------------
# State


@slot_speed_reads
@attrs.frozen(kw_only=True, weakref_slot=False)
class State:
    """A Court Whist position: the current hand of the match, and the score card so far."""

    options: Options
    hand: int
    """The hand of the match, 1 to 28 (7 games of `hands_per_game`)."""
    rng: Rng | None
    viewer: int | None = None
    """In a view, the seat it was made for (None: a spectator); None in a real state."""
    events: tuple[Event, ...] = attrs.field(default=(), eq=False)
    phase: Phase
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards, sorted (in Conspiracy the dealer's turned-up card is `upcard`)."""
    upcard: Card | None
    """Conspiracy: the last card dealt, turned for trump, still held by the dealer (seen by all)."""
    trump: Suit | None
    """The trump suit of this hand (None: no trump, or not yet named)."""
    caller: int | None
    """Coronation: the seat holding the named king, who names trump; None in other games."""
    trick: Trick
    """The trick in progress; its leader is the seat to lead when it is empty."""
    won: tuple[tuple[Card, ...], ...]
    """The cards of the tricks each seat won this hand."""
    spoken: tuple[bool, ...]
    """With `table_talk`, the seats that spoke in this Confiscation hand."""
    scores: tuple[int, ...]
    """Each player's grand total."""
    card: tuple[tuple[int, ...], ...]
    """The score card: each player's total in each game so far (the current game last)."""

    @functools.cached_property
    def legal(self) -> tuple[Move, ...]:
        """The legal moves: every seat's in a real state, the viewer's alone in a view."""
        return _state_legal(self)

    @property
    def game(self) -> GameRule:
        """The game of the score card this hand belongs to."""
        return GAMES[(self.hand - 1) // self.options.hands_per_game]

    @property
    def trump_rule(self) -> Trump:
        """This hand's line of the score card."""
        return game_rule(self.options, self.hand)[1]


_DEFAULTS: Final = Options()


def _state_legal(state: State) -> tuple[Move, ...]:
    """What `State.legal` holds; `_BUILD` fills it while building a state."""
    return seat_moves(state, _legal)


_BUILD: Final = builder(State, cached={"legal": _state_legal})

ZONES: Final = (
    Zone("hands", Seen.OWNER, by_seat=True, sort=sorted_cards),
    Zone("upcard", Seen.EVERYONE),
    Zone("trick", Seen.EVERYONE),
    Zone("won", Seen.EVERYONE, by_seat=True),
)
"""Hands seen by their owners; Conspiracy's turned card, the trick and the won tricks by all."""


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
    """A new match: the first hand of Coronation dealt (from `deck`, top card first, if given).

    The first dealer is the cut, drawn from the seed, unless `dealer` fixes it.
    """
    options = require_options("court_whist", _DEFAULTS if options is None else options, Options)
    require_players("court_whist", players, (PLAYERS,), PLAYERS)
    rng = seeded(seed)
    if dealer is None:
        dealer, rng = rng.below(PLAYERS)
    else:
        check_seat("dealer=", dealer, PLAYERS)
    if deck is None:
        places, rng = rng.shuffled(_PACK_PLACES)
    else:
        places = tuple(_PLACE[c.index] for c in fixed_deck(deck, PACK))
    return _deal(options, 1, dealer, places, rng, (0,) * PLAYERS, ((0,) * PLAYERS,), ())


def legal_moves(state: State, player: int | None = None) -> tuple[Move, ...]:
    """Every legal move, or seat `player`'s: the caller's "name" moves in suit order C D H S;
    plays in hand order (the dealer's turned-up card in its place); with `table_talk` in
    Confiscation, by seat: that seat's plays, then its "speak". On a view, the viewer's moves."""
    if player is None:
        return state.legal
    return moves_for(state, player, PLAYERS, state.legal)


def apply(state: State, move: Move) -> State:
    """The state after `move`; IllegalMove (naming the rule) if it is not legal."""
    return checked_apply(state, move, state.legal, explain=_why_illegal, unchecked=_apply, move_types=MOVE_TYPES)


def to_act(state: State) -> frozenset[int]:
    """The seats that may move now: the caller, or the seat to play (and with `table_talk` in
    Confiscation every seat that has not spoken)."""
    phase = state.phase
    if phase is Phase.CALL:
        assert state.caller is not None
        return frozenset((state.caller,))
    if phase is Phase.PLAY:
        due = frozenset((_next_seat(state),))
        if _talk(state):
            return due | {s for s in range(PLAYERS) if not state.spoken[s]}
        return due
    return frozenset()


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each player's grand total (a side's points count for both partners)."""
    return state.scores


def winners(state: State) -> frozenset[int]:
    """The players with the high grand total once the seven games are over (ties share)."""
    if state.phase is not Phase.OVER:
        return frozenset()
    top = max(state.scores)
    return frozenset(s for s, v in enumerate(state.scores) if v == top)


def view(state: State, player: int | None) -> State:
    """What `player` (None: a spectator) sees: the other hands hidden."""
    check_viewer(state, player, PLAYERS)
    return zone_view(state, player, ZONES)


def parse_move(state: State, text: str, player: int | None = None) -> Move:
    """Reads "name H", "play QS" or "speak" (of seat `player`, or of a "2: speak" prefix); a suit
    may be written out ("name hearts")."""
    legal = legal_moves(state)
    try:
        return parse_by_matching(text, legal, player)
    except NotationError:
        seat, body = split_seat(text, player)
        words = body.strip().lower().split()
        if len(words) == 2 and words[0] in ("name", "trump"):
            try:
                suit = Suit.parse(words[1])
            except ValueError:
                raise NotationError(f"{text!r}: name one of the suits C, D, H, S") from None
            prefix = "" if seat is None else f"{seat}: "
            return parse_by_matching(f"{prefix}name {suit.letter}", legal, player)
        raise


def check_invariants(state: State) -> None:
    """Raises ValueError for a state no match reaches (also accepts views)."""
    o = state.options
    if not isinstance(o, Options):
        raise ValueError("options must be court_whist.Options")
    n = len(state.hands)
    if n != PLAYERS:
        raise ValueError(f"{n} hands, but Court Whist is played by {PLAYERS}")
    if state.rng is not None:
        Rng.check(state.rng)
    if state.viewer is not None:
        check_seat("viewer", state.viewer, n)
    last = total_hands(o)
    if not 1 <= state.hand <= last:
        raise ValueError(f"hand number {state.hand} is not 1 to {last}")
    for name, row in (("won", state.won), ("spoken", state.spoken), ("scores", state.scores)):
        if len(row) != n:
            raise ValueError(f"{name} has {len(row)} entries for {n} players")
    check_seat("dealer", state.dealer, n)
    g = (state.hand - 1) // o.hands_per_game
    rule, trump = game_rule(o, state.hand)
    left = _lefts(o.partners)[g]
    trick = state.trick
    check_seat("trick leader", trick.leader, n)
    expect_seats: list[int] = []
    seat = trick.leader
    for _ in trick.cards:
        expect_seats.append(seat)
        seat = left[seat]
    if trick.seats != tuple(expect_seats) or len(trick.cards) >= n:
        raise ValueError(f"the trick's cards must come from seat {trick.leader} and the seats to its left, in turn")
    if state.caller is not None:
        check_seat("caller", state.caller, n)
    check_zones("court_whist", state, ZONES, PACK)
    for s, held in enumerate(state.hands):
        if held != _sorted_hand(held):
            raise ValueError(f"seat {s}'s hand is not in sorted order")
    if any(len(w) % n for w in state.won):
        raise ValueError("a won pile is not made of whole tricks")
    done = sum(map(len, state.won)) // n
    phase = state.phase
    if not 0 <= done <= HAND_SIZE:
        raise ValueError(f"{done} tricks done in a hand of {HAND_SIZE}")
    up = state.upcard
    for s in range(n):
        expect = HAND_SIZE - done - (s in trick.seats) - (s == state.dealer and up is not None)
        if len(state.hands[s]) != expect:
            raise ValueError(f"seat {s} holds {len(state.hands[s])} cards, expected {expect}")
    if done == 0 and trick.leader != left[state.dealer]:
        raise ValueError(f"seat {left[state.dealer]}, left of the dealer, leads the first trick")

    kind = trump.rule
    if (state.caller is not None) != (kind is TrumpRule.KING_HOLDER):
        raise ValueError("only Coronation hands have a seat that names trump")
    if up is not None and (kind is not TrumpRule.LAST_CARD or up.suit is not state.trump):
        raise ValueError("only Conspiracy turns up a card, and it fixes trump")
    if kind is TrumpRule.LAST_CARD and done == 0 and (
        up is None and state.dealer not in trick.seats or state.trump is None
    ):
        raise ValueError("Conspiracy's turned card stays with the dealer until played, and is trump")
    if kind is TrumpRule.SUIT and state.trump is not trump.suit:
        raise ValueError(f"this hand's trump is {trump}")
    if kind is TrumpRule.NO_TRUMP and state.trump is not None:
        raise ValueError("this hand is played without trump")
    if phase is Phase.CALL:
        if kind is not TrumpRule.KING_HOLDER or state.trump is not None or done or trick.cards:
            raise ValueError("trump is named in Coronation only, before the first card")
    elif state.trump is None and kind in (TrumpRule.KING_HOLDER, TrumpRule.LAST_CARD):
        raise ValueError("the play has begun without a trump")
    if phase is Phase.OVER:
        if state.hand != last or done != HAND_SIZE or trick.cards:
            raise ValueError("the match ends after the last trick of its last hand")
    elif done == HAND_SIZE:
        raise ValueError("every trick is played but the hand was not scored")
    talk = o.table_talk and rule.talk_penalty > 0
    if any(state.spoken) and not talk:
        raise ValueError("speaking is recorded only in Confiscation with table_talk")

    # The score card: one row per game so far, summing to the totals, within the card's limits.
    if len(state.card) != g + 1 or any(len(row) != n for row in state.card):
        raise ValueError(f"the score card must have a row of {n} totals for each of the {g + 1} games so far")
    if tuple(map(sum, zip(*state.card))) != state.scores:
        raise ValueError("the grand totals are not the sums of the score card")
    for gi, row in enumerate(state.card):
        played = o.hands_per_game if gi < g else (state.hand - 1) % o.hands_per_game + (phase is Phase.OVER)
        r = GAMES[gi]
        low, high = _hand_total(r)
        talkers = n * played + (sum(state.spoken) if gi == g else 0) if o.table_talk and r.talk_penalty else 0
        if not low * played - r.talk_penalty * talkers <= sum(row) <= high * played:
            raise ValueError(f"the totals of game {gi + 1} ({r.name}) are impossible after {played} hands")
        if r.partners and not (o.table_talk and r.talk_penalty):
            seats = SEATINGS[o.partners][gi]
            if row[seats[0]] != row[seats[2]] or row[seats[1]] != row[seats[3]]:
                raise ValueError(f"partners' totals differ in game {gi + 1} ({r.name})")


def shuffle_unseen(state: State, player: int | None, seed: int) -> State:
    """The state with every card `player` cannot see dealt afresh among the same places."""
    return zone_shuffle(state, player, seed, ZONES)


# ---------------------------------------------------------------------------------------------
# Phase helpers


def _next_seat(state: State) -> int:
    """The seat due to play to the trick in progress (its leader when it is empty)."""
    trick = state.trick
    if not trick.cards:
        return trick.leader
    o = state.options
    return _lefts(o.partners)[(state.hand - 1) // o.hands_per_game][trick.seats[-1]]


def _talk(state: State) -> bool:
    """Whether speaking is a move now (a Confiscation hand being played, with `table_talk`)."""
    o = state.options
    return o.table_talk and state.phase is Phase.PLAY and GAMES[(state.hand - 1) // o.hands_per_game].talk_penalty > 0


def _holding(state: State, seat: int) -> tuple[Card, ...]:
    """The cards `seat` may play from: its hand, and for the dealer the turned-up card."""
    hand = state.hands[seat]
    up = state.upcard
    if up is not None and seat == state.dealer:
        return _sorted_hand((*hand, up))
    return hand


def _deal(
    options: Options,
    hand: int,
    dealer: int,
    places: Sequence[int],
    rng: Rng,
    totals: tuple[int, ...],
    card: tuple[tuple[int, ...], ...],
    events: tuple[Event, ...],
) -> State:
    """Deals hand `hand` of the match from a deck given as display places (top card first): one
    card at a time clockwise from the dealer's left, so the dealer gets the last card."""
    g, k = divmod(hand - 1, options.hands_per_game)
    rule = GAMES[g]
    trump_line = rule.trumps[k]
    order = SEATINGS[options.partners][g]
    if k == 0:
        if rule.partners:
            words = f"partners {order[0]} & {order[2]} against {order[1]} & {order[3]}"
        else:
            words = "no partners"
        events = (*events, Event(EventKind.NOTE, label=f"game {g + 1} of {len(GAMES)}, {rule.name}: {words}"))
    at = order.index(dealer)
    hands: list[tuple[Card, ...]] = [()] * PLAYERS
    kind = trump_line.rule
    upcard = None
    for i in range(PLAYERS):
        seat = order[(at + 1 + i) % PLAYERS]
        mine = places[i : PLAYERS * HAND_SIZE : PLAYERS]
        if seat == dealer and kind is TrumpRule.LAST_CARD:
            upcard = DISPLAY_ORDER[mine[-1]]
            mine = mine[:-1]
        hands[seat] = _cards_at(sorted(mine))
    events = (*events, Event(EventKind.DEALS, player=dealer, numbers=(hand,)))
    trump: Suit | None = None
    caller: int | None = None
    phase = _PLAY
    if kind is TrumpRule.SUIT:
        trump = trump_line.suit
        events = (*events, Event(EventKind.NOTE, label=str(trump_line)))
    elif kind is TrumpRule.LAST_CARD:
        assert upcard is not None
        trump = upcard.suit
        events = (*events, Event(EventKind.TURNS_UP, player=dealer, cards=(upcard,)))
    elif kind is TrumpRule.KING_HOLDER:
        assert trump_line.suit is not None
        king = Card(Rank.KING, trump_line.suit)
        caller = next(s for s in range(PLAYERS) if king in hands[s])
        phase = _CALL
        events = (*events, Event(EventKind.NOTE, label=f"seat {caller} holds {king} and names trump"))
    else:
        events = (*events, Event(EventKind.NOTE, label=str(trump_line)))
    return _BUILD(
        options, hand, rng, None, events, phase, dealer, tuple(hands), upcard, trump, caller,
        _LEADS[_lefts(options.partners)[g][dealer]], ((),) * PLAYERS, (False,) * PLAYERS, totals, card,
    )  # fmt: skip


def _legal(state: State, only: int | None) -> tuple[Move, ...]:
    """The legal moves of every seat (`only` None), or of seat `only` from what it sees."""
    phase = state.phase
    if phase is _PLAY:
        trick = state.trick
        played = trick.cards
        if played:
            o = state.options
            p = o.partners
            lefts = _ALTERNATE_LEFTS if p is _ALTERNATE else _lefts(p)
            seat = lefts[(state.hand - 1) // o.hands_per_game][trick.seats[-1]]
        else:
            seat = trick.leader
        plays: tuple[Move, ...] = ()
        if only is None or only == seat:
            hand = state.hands[seat]
            if state.upcard is not None and seat == state.dealer:
                hand = _holding(state, seat)
            cards = legal_follow(hand, played[0].suit) if played else hand
            row = _PLAY_MOVES[seat]
            plays = tuple([row[c.index] for c in cards])
        if not state.options.table_talk or not _talk(state):
            return plays
        moves: list[Move] = []
        for s in range(PLAYERS):
            if only is not None and s != only:
                continue
            if s == seat:
                moves.extend(plays)
            if not state.spoken[s]:
                moves.append(_SPEAK_MOVES[s])
        return tuple(moves)
    if phase is _CALL:
        caller = state.caller
        if caller is None or (only is not None and only != caller):
            return ()
        return _NAME_MOVES[caller]
    return ()


def _why_illegal(state: State, move: Move) -> str:
    seat = move.player
    if type(seat) is not int or not 0 <= seat < PLAYERS:
        return f"seat {seat!r} is not at this table of {PLAYERS}"
    phase = state.phase
    if isinstance(move, NameTrump):
        if phase is not Phase.CALL:
            return "trump is named only in Coronation, by the holder of the named king, before the first lead"
        if seat != state.caller:
            suit = state.trump_rule.suit
            assert suit is not None
            return f"seat {state.caller} holds {Card(Rank.KING, suit)} and names trump"
        return "name one of the four suits: C, D, H or S"
    if isinstance(move, Speak):
        if not state.options.table_talk:
            return "speaking is not scored in these rules (option table_talk)"
        if not _talk(state):
            return "speaking costs points only while a Confiscation hand is played"
        return f"seat {seat} has already spoken this hand"
    card = move.card
    if not isinstance(card, Card):
        return f"{card!r} is not a card"
    if phase is Phase.CALL:
        return f"seat {state.caller} must first name trump"
    due = _next_seat(state)
    if seat != due:
        return f"it is seat {due}'s turn to play"
    hand = _holding(state, due)
    if card not in hand:
        return f"seat {due} does not hold {card}"
    led = state.trick.cards[0].suit
    assert led is not None
    return f"must follow suit: holds a {_SUIT_WORD[led]}"


def _apply(state: State, move: Move) -> State:
    if isinstance(move, PlayCard):
        return _apply_play(state, move)
    if isinstance(move, NameTrump):
        return _apply_name(state, move)
    return _apply_speak(state, move)


def _apply_name(state: State, move: NameTrump) -> State:
    event = Event(EventKind.NAMES_TRUMP, player=move.player, label=move.suit.letter)
    return attrs.evolve(state, phase=Phase.PLAY, trump=move.suit, events=(event,))


def _apply_speak(state: State, move: Speak) -> State:
    seat = move.player
    penalty = state.game.talk_penalty
    event = Event(EventKind.SCORES, player=seat, numbers=(-penalty,), label="spoke: points confiscated")
    row = state.card[-1]
    return attrs.evolve(
        state,
        spoken=replace_at(state.spoken, seat, True),
        scores=replace_at(state.scores, seat, state.scores[seat] - penalty),
        card=(*state.card[:-1], replace_at(row, seat, row[seat] - penalty)),
        events=(event,),
    )


def _apply_play(state: State, move: PlayCard) -> State:
    seat, card = move.player, move.card
    upcard = state.upcard
    if upcard is not None and seat == state.dealer and card == upcard:
        upcard, hands = None, state.hands
    else:
        hands = replace_at(state.hands, seat, without(state.hands[seat], card))
    trick = state.trick.plus(card, seat)
    events: tuple[Event, ...] = _PLAY_EVENTS[seat][card.index]
    cards = trick.cards
    if len(cards) < PLAYERS:
        return _BUILD(
            state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, upcard, state.trump,
            state.caller, trick, state.won, state.spoken, state.scores, state.card,
        )  # fmt: skip
    winner = trick_winner(trick, order=ACE_HIGH, trump=state.trump)
    events = (*events, Event(EventKind.WINS_TRICK, player=winner, cards=cards))
    after = _BUILD(
        state.options, state.hand, state.rng, None, events, _PLAY, state.dealer, hands, upcard, state.trump,
        state.caller, _LEADS[winner], replace_at(state.won, winner, state.won[winner] + cards), state.spoken,
        state.scores, state.card,
    )  # fmt: skip
    if hands[winner] or upcard is not None:
        return after
    return _finish_hand(after)


def _finish_hand(state: State) -> State:
    """Scores the hand on the score card; ends the match or deals the next hand."""
    o = state.options
    g = (state.hand - 1) // o.hands_per_game
    rule = GAMES[g]
    points = score_hand(rule, state.won, SEATINGS[o.partners][g])
    totals = tuple(a + b for a, b in zip(state.scores, points))
    row = tuple(a + b for a, b in zip(state.card[-1], points))
    card = (*state.card[:-1], row)
    events = (*state.events, Event(EventKind.HAND_SCORED, numbers=points))
    if state.hand == total_hands(o):
        top = max(totals)
        best = tuple(s for s, v in enumerate(totals) if v == top)
        events = (*events, Event(EventKind.GAME_OVER, numbers=best))
        return attrs.evolve(state, phase=Phase.OVER, scores=totals, card=card, events=events)
    rng = state.rng
    if rng is None:
        raise ValueError("cannot deal the next hand in a view")
    nxt = state.hand + 1
    ng = (nxt - 1) // o.hands_per_game
    if ng != g:
        card = (*card, (0,) * PLAYERS)
    if ng != g and o.recut_each_game:
        dealer, rng = rng.below(PLAYERS)
    else:
        dealer = _lefts(o.partners)[ng][state.dealer]
    places, rng = rng.shuffled(_PACK_PLACES)
    return _deal(o, nxt, dealer, places, rng, totals, card, events)
