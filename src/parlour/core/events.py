"""Events: what the last move caused, for frontends to narrate and animate.

An `Event` is a small frozen value with a `kind` from one shared enumeration, `EventKind`, whose
meanings are fixed across every game: a frontend switches on the kind and reads the seat, cards
and numbers, never the text. `str(event)` is made from the kind (plus an optional `label`, a
game's own word such as a title or a contract). States carry the events of the move that
produced them, outside state equality. Events that show cards only one seat may see are
`private`; a view for anyone else shows those cards as hidden.

>>> str(Event(EventKind.WINS_TRICK, player=2))
'seat 2 wins the trick'
>>> str(Event(EventKind.HAND_SCORED, numbers=(3, 0, 17, 6)))
'hand scored: 3 0 17 6'
>>> str(Event(EventKind.GOES_OUT, player=1, label="President"))
'seat 1 goes out: President'
>>> str(redact_events((Event(EventKind.DRAWS, player=1, cards=(Card.parse("7H"),), private=True),), 0)[0])
'seat 1 draws ??'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

import attrs

from parlour.core.cards import HIDDEN, Card, seat_card_table
from parlour.core.values import builder

__all__ = ["Event", "EventKind", "make_event", "redact_events", "seat_card_events"]


class EventKind(enum.Enum):
    """What an event means, the same in every game. The value is the text `str(event)` uses.

    Fields an event of each kind fills: `player` is the seat the event is about (None where it
    is about the table); `cards` and `numbers` as each member's comment says.
    """

    # The flow of a game.
    DEALS = "deals hand"
    """`player` deals; numbers: (the number of the hand,)."""
    TURNS_UP = "turns up"
    """A card is turned face up from the stock (an upcard, a trump indicator); cards: it."""
    TO_PLAY = "to play"
    """`player` is to move next (the start of a turn or the lead of a round)."""
    LEADS = "leads"
    """`player` is to lead the next trick or round."""
    HAND_SCORED = "hand scored:"
    """A hand (deal, round) was scored; numbers: the points it gave, by seat."""
    GAME_OVER = "game over; winners:"
    """The game ended; numbers: the winning seats (none where the rules give no winner)."""
    NOTE = "note:"
    """A rule-specific announcement; `label` says it (a final round starting, a void hand)."""

    # Cards moving.
    PLAYS = "plays"
    """`player` plays cards face up (to a trick, a pile, a table); cards: them; numbers: the
    running total after the play, in games that keep one (Ninety-Nine)."""
    PASSES = "passes"
    """`player` passes its turn, playing nothing."""
    GIVES = "gives"
    """`player` hands cards to another seat; cards: them; numbers: (the receiving seat,)."""
    RECEIVES = "receives"
    """`player` receives cards from another seat; cards: them; numbers: (the giving seat,)."""
    DRAWS = "draws"
    """`player` takes the top card(s) of the stock; cards: them (private unless face up)."""
    TAKES = "takes"
    """`player` takes face-up cards (from the discard pile, a kitty, a trick); cards: them."""
    DISCARDS = "discards"
    """`player` puts cards on the discard pile; cards: them."""
    SHOWS = "shows"
    """`player` shows cards to the table (melds at a showdown, a hand laid down); cards: them."""
    REVEALS = "reveals"
    """Face-down cards are turned up by a rule (a challenge, a kitty shown); cards: them."""
    MELDS = "melds"
    """`player` lays a meld on the table; cards: it."""
    LAYS_OFF = "lays off"
    """`player` adds cards to a meld on the table; cards: them."""
    RESHUFFLES = "reshuffles the discards into the stock"
    """The stock ran out and the discard pile (bar its top card) became the new stock."""

    # Tricks, rounds, bidding.
    WINS_TRICK = "wins the trick"
    """`player` wins the trick just completed; cards: the trick's cards."""
    WINS_ROUND = "wins the round"
    """`player` wins a round of play (a climbing round cleared, a hand won)."""
    BIDS = "bids"
    """`player` makes a call in an auction; `label`: the call."""
    NAMES_TRUMP = "names trump"
    """`player` names the trump suit; `label`: the suit."""
    GOES_OUT = "goes out"
    """`player` has no cards left; `label`: a title or place where the game gives one."""
    KNOCKS = "knocks"
    """`player` ends a hand by knocking; numbers: (its deadwood,)."""
    GOES_GIN = "goes gin"
    """`player` ends a hand with no deadwood."""
    SHOOTS_MOON = "shoots the moon"
    """`player` took every penalty card of the hand."""
    CHOOSES = "chooses"
    """`player` chooses among ways a rule may apply; `label`: the choice."""
    SCORES = "scores"
    """`player` scores points; numbers: (the points,); `label`: what for, where it helps."""
    WINS = "wins"
    """`player` wins something the label names (a box, the game, a bonus)."""
    PAYS = "pays"
    """`player` pays chips or a life; numbers: (the amount,), or one amount per pot where a
    stake is split (Michigan's ante on the boodle cards); `label`: to whom or what for (a pot,
    a seat), where it helps."""
    DROPS_OUT = "drops out"
    """`player` is out of the game for good (lives or chips gone, no cards left to play);
    `label`: why, where it helps. Not `GOES_OUT`, which is emptying one's hand."""
    ASKS = "asks"
    """`player` asks another seat for something (Go Fish: a rank); `label`: whom and what
    ("seat 2 for 7")."""
    CLAIMS = "claims"
    """`player` puts cards face down saying what they are (Cheat); `label`: the claim ("2
    aces"); cards: the cards put down, shown to that player alone (private)."""
    CALLS = "calls"
    """`player` answers a response window by acting out of turn; `label`: the call ("rummy",
    "cheat", "slap"). Whether the call wins shows in the events that follow."""

    # Dice.
    ROLLS = "rolled"
    """`player` rolled dice; numbers: the faces."""
    SETS_ASIDE = "sets aside"
    """`player` sets scoring dice aside; numbers: (their value, then the faces)."""
    TURN_TOTAL = "has a turn total of"
    """`player`'s points at risk this turn; numbers: (the total,)."""
    HOT_DICE = "has hot dice: may roll them all again"
    """Every die of `player`'s roll scored."""
    BUSTS = "busts"
    """`player`'s roll scored nothing: the turn total is lost; numbers: (the total lost,)."""
    BANKS = "banks"
    """`player` banks the turn total; numbers: (the points banked,)."""
    ENTERS = "is on the board"
    """`player` reached the entry score and may bank from now on."""
    TAKES_OVER = "takes over"
    """`player` takes over the previous turn's dice and total; numbers: (the total,)."""
    HAS = "has"
    """`player`'s running score; numbers: (the score,)."""


@attrs.frozen(weakref_slot=False)
class Event:
    """One thing that happened: its kind, who (if anyone), the cards and numbers it involves."""

    kind: EventKind
    player: int | None = None
    cards: tuple[Card, ...] = ()
    numbers: tuple[int, ...] = ()
    label: str = ""
    """A game's own word for the event (a title, a contract, a choice); part of its text."""
    private: bool = False
    """The cards are seen by `player` alone (a card drawn from the stock, a pass)."""

    @property
    def what(self) -> str:
        """The event's text without the seat: the kind's words, the label, cards and numbers."""
        words = self.kind.value
        if self.label:
            words += f" {self.label}" if words.endswith(":") else f": {self.label}"
        parts = [words]
        parts.extend(str(card) for card in self.cards)
        parts.extend(str(n) for n in self.numbers)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.what if self.player is None else f"seat {self.player} {self.what}"


make_event: Final = builder(Event)
"""`make_event(kind, player, cards, numbers, label, private)`: the same value as
`Event(kind, player=..., ...)` from every field in order, about three times cheaper, for
prebuilt tables and hot paths."""


def seat_card_events(
    kind: EventKind, seats: int, pack: Iterable[Card], *, numbers: tuple[int, ...] = (), private: bool = False
) -> tuple[tuple[tuple[Event, ...], ...], ...]:
    """`table[seat][card.index]`: the one-event tuple ``(Event(kind, player=seat, cards=(card,),
    numbers=numbers, private=private),)``, prebuilt like `seat_card_table` (and as its caller
    would build it) but about three times cheaper, since games build such tables at import.

    >>> table = seat_card_events(EventKind.PLAYS, 2, (Card.parse("QS"),))
    >>> table[1][Card.parse("QS").index] == (Event(EventKind.PLAYS, player=1, cards=(Card.parse("QS"),)),)
    True
    """
    build = make_event
    return seat_card_table(lambda seat, card: (build(kind, seat, (card,), numbers, "", private),), seats, pack)


def redact_events(events: Iterable[Event], viewer: int | None) -> tuple[Event, ...]:
    """The events as `viewer` (None: a spectator) may see them."""
    return tuple(
        attrs.evolve(e, cards=(HIDDEN,) * len(e.cards))
        if e.private and e.player != viewer and e.cards
        else e
        for e in events
    )
