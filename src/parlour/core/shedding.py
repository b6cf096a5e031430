"""Shedding games: plays of equal rank, what beats what, passing rounds and finishing order.

The family primitive for the climbing and shedding games (Scum, Sweep, Cheat's claims, Old
Maid's loser). Everything here is a value or a pure function; games call it with their own
rank order and beat rule, which are data:

- a `Combo` is "k cards of one rank"; `combo_of` validates a play and reads it;
- a beat rule is a small frozen callable `(play, current) -> bool`: `SameCountHigher` is the
  climbing rule (Scum), `MatchOrLower` the descending rule with a cap and sweeping wild ranks
  (Sweep);
- `plays_from` lists one canonical play per (rank, count) that a hand can make;
- a `PassingRound` counts passes since the last play; with `next_holder` and `round_leader` it
  runs "go round the table until everyone else passes, then the last player leads";
- `holders`, `last_holder` and `finishing_order` track who went out and who is left;
- a `Claim` is a face-down play with a public claim that may be false (Cheat), and
  `seen_by_claimant` the zone rule that shows its cards to the claimant alone.

>>> from parlour.core.cards import parse_cards
>>> order = TWO_HIGH
>>> hand = parse_cards("6C 6H 7D 7S 7H KC")
>>> [cards_text(p) for p in plays_from(hand, combo_of(parse_cards("6D 6S")), SameCountHigher(order), order)]
['7D 7H']
>>> len(plays_from(hand, None, SameCountHigher(order), order))  # a lead: 2 + 3 + 1
6
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol

import attrs

from parlour.core.cards import Card, Rank, RankOrder, cards_text

__all__ = [
    "TWO_HIGH",
    "BeatRule",
    "Claim",
    "Combo",
    "MatchOrLower",
    "PassingRound",
    "SameCountHigher",
    "combo_of",
    "finishing_order",
    "holders",
    "is_combo",
    "last_holder",
    "next_holder",
    "plays_from",
    "rank_groups",
    "round_leader",
    "seen_by_claimant",
    "strength_sorted",
]

TWO_HIGH: Final = RankOrder(tuple(Rank(r) for r in range(3, 14)) + (Rank.ACE, Rank.TWO))
"""The climbing order 3 < 4 < ... < K < A < 2 (Scum / President)."""


@attrs.frozen
class Combo:
    """What a play is worth: `count` cards of rank `rank` (suits never matter)."""

    rank: Rank
    count: int

    def __str__(self) -> str:
        return f"{self.count}x{self.rank}"


def combo_of(cards: Sequence[Card]) -> Combo:
    """Reads a play of one or more natural cards of one rank; ValueError naming the fault."""
    if not cards:
        raise ValueError("a play needs at least one card")
    rank = cards[0].rank
    for card in cards:
        if card.is_hidden or card.is_joker:
            raise ValueError(f"{card} cannot be part of a set of equal rank")
        if card.rank is not rank:
            raise ValueError(f"{cards_text(cards)} are not all of one rank")
    if len(set(cards)) != len(cards):
        raise ValueError(f"{cards_text(cards)} names a card twice")
    return Combo(rank, len(cards))


def is_combo(cards: Sequence[Card]) -> bool:
    """True when the cards are one or more distinct natural cards of one rank."""
    try:
        combo_of(cards)
    except ValueError:
        return False
    return True


class BeatRule(Protocol):
    """Decides whether `play` may go on a pile whose current set is `current`."""

    def __call__(self, play: Combo, current: Combo) -> bool: ...


@attrs.frozen
class SameCountHigher:
    """Climbing: the same number of cards, of a strictly higher rank in `order` (Scum)."""

    order: RankOrder

    def __call__(self, play: Combo, current: Combo) -> bool:
        return play.count == current.count and self.order.beats(play.rank, current.rank)


@attrs.frozen
class MatchOrLower:
    """Descending (Sweep): add to the current rank up to `cap` cards on the table, or play any
    number of a lower rank in `order`, or any number of a `wild` rank (which sweeps)."""

    order: RankOrder
    cap: int = 4
    wild: frozenset[Rank] = frozenset()

    def __call__(self, play: Combo, current: Combo) -> bool:
        if play.rank in self.wild:
            return True
        if play.rank is current.rank:
            return current.count + play.count <= self.cap
        return self.order.beats(current.rank, play.rank)


def strength_sorted(cards: Iterable[Card], order: RankOrder) -> tuple[Card, ...]:
    """The cards weakest first by `order`, suits in suit order within a rank."""
    return tuple(sorted(cards, key=lambda c: (order.power(c.rank), c.suit or 0)))


def rank_groups(
    hand: Iterable[Card], order: RankOrder, *, presorted: bool = False
) -> tuple[tuple[Card, ...], ...]:
    """The hand split into its ranks, weakest rank first, each rank's cards in suit order.

    `presorted` says the hand is already in `strength_sorted` order (games that keep hands
    sorted skip the sort on their hot path).
    """
    groups: dict[Rank, list[Card]] = {}
    for card in hand if presorted else strength_sorted(hand, order):
        groups.setdefault(card.rank, []).append(card)
    return tuple(tuple(group) for group in groups.values())


def plays_from(
    hand: Iterable[Card],
    current: Combo | None,
    beats: BeatRule,
    order: RankOrder,
    *,
    max_count: int = 4,
    presorted: bool = False,
) -> tuple[tuple[Card, ...], ...]:
    """Every play the hand can make on `current` (None: a lead), one per (rank, count).

    Suits never change what a play is worth, so each (rank, count) is offered once, as the
    lowest-suited cards of that rank. Order: weakest rank first, then fewer cards first.
    `presorted` as in `rank_groups`.
    """
    plays: list[tuple[Card, ...]] = []
    for group in rank_groups(hand, order, presorted=presorted):
        for count in range(1, min(len(group), max_count) + 1):
            if current is None or beats(Combo(group[0].rank, count), current):
                plays.append(group[:count])
    return tuple(plays)


@attrs.frozen
class PassingRound:
    """A round of play in progress: the seat that played last and the passes since then.

    `last` is None before the round's lead. Passing never stops a seat from playing later in
    the same round; the round ends when every other seat still holding cards has passed since
    the last play.
    """

    last: int | None = None
    passes: int = 0

    def played(self, seat: int) -> PassingRound:
        """The round after `seat` plays (passes start counting again)."""
        return PassingRound(seat, 0)

    def passed(self) -> PassingRound:
        """The round after one more pass."""
        return PassingRound(self.last, self.passes + 1)

    def passes_needed(self, holding: Sequence[bool]) -> int:
        """How many passes end the round: every seat with cards except the last player."""
        if self.last is None:
            raise ValueError("a round that has not been led cannot end")
        return sum(holding) - (1 if holding[self.last] else 0)

    def is_over(self, holding: Sequence[bool]) -> bool:
        """True once every other seat holding cards has passed since the last play."""
        return self.last is not None and self.passes >= self.passes_needed(holding)


def next_holder(seat: int, table: Sequence[int], holding: Sequence[bool]) -> int:
    """The first seat after `seat` in the table order (clockwise) that still holds cards.

    `table` lists the seats clockwise (games that reseat players keep it in their state);
    returns `seat` itself when it is the only holder, ValueError when nobody holds cards.
    """
    start = table.index(seat)
    n = len(table)
    for step in range(1, n + 1):
        candidate = table[(start + step) % n]
        if holding[candidate]:
            return candidate
    raise ValueError("no seat holds cards")


def round_leader(last: int, table: Sequence[int], holding: Sequence[bool]) -> int:
    """Who leads after a round `last` won: that seat, or the next holder if it went out."""
    return last if holding[last] else next_holder(last, table, holding)


def holders(hands: Sequence[Sequence[Card]]) -> tuple[bool, ...]:
    """Per seat, whether it still holds cards."""
    return tuple(bool(hand) for hand in hands)


def last_holder(holding: Sequence[bool]) -> int | None:
    """The one seat still holding cards, or None while several (or none) do."""
    left = [seat for seat, has in enumerate(holding) if has]
    return left[0] if len(left) == 1 else None


def finishing_order(finished: Sequence[int], holding: Sequence[bool]) -> tuple[int, ...]:
    """The complete finishing order once one seat is left: those out, then the last holder."""
    last = last_holder(holding)
    if last is None:
        raise ValueError("the finishing order is known only when exactly one seat holds cards")
    if last in finished or len(set(finished)) != len(finished) or len(finished) + 1 != len(holding):
        raise ValueError(f"finishing order {tuple(finished)} does not cover every other seat once")
    return (*finished, last)



@attrs.frozen
class Claim:
    """A face-down play with a public claim (Cheat): `player` put down `cards` saying they are
    all of rank `rank`. The claim and the count are public; the cards are seen by their player
    alone (`seen_by_claimant`) until a challenge turns them up.

    >>> from parlour.core.cards import parse_cards
    >>> claim = Claim(2, Rank.SEVEN, parse_cards("7C 9D"))
    >>> str(claim), claim.count, claim.true
    ('seat 2 claims 2 sevens', 2, False)
    """

    player: int
    rank: Rank
    cards: tuple[Card, ...]

    @property
    def count(self) -> int:
        """How many cards were put down (public)."""
        return len(self.cards)

    @property
    def true(self) -> bool:
        """Whether every card is of the claimed rank."""
        rank = self.rank
        return all(c.rank is rank for c in self.cards)

    def __str__(self) -> str:
        word = _RANK_NAMES[self.rank]
        if self.count != 1:
            word += "es" if word == "six" else "s"
        return f"seat {self.player} claims {self.count} {word}"


_RANK_NAMES: Final = {
    Rank.ACE: "ace",
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.JOKER: "joker",
}


def seen_by_claimant(field: str) -> Callable[[object, int | None, int | None], tuple[bool, ...]]:
    """A zone visibility rule for a pile of `Claim`s held in State field `field` (a tuple of
    claims): each claim's cards are seen by the seat that made it and by nobody else, so views,
    `shuffle_unseen` and the leak check keep false claims hidden. Cards that a challenge turns
    up leave the pile (into a hand, or a face-up zone) and are seen from there.

    >>> from parlour.core.cards import parse_cards
    >>> class Table:
    ...     pile = (Claim(0, Rank.ACE, parse_cards("AS")), Claim(1, Rank.TWO, parse_cards("9C 9D")))
    >>> seen_by_claimant("pile")(Table(), 1, None)
    (False, True, True)
    """

    def rule(state: object, viewer: int | None, owner: int | None) -> tuple[bool, ...]:
        claims: tuple[Claim, ...] = getattr(state, field)
        return tuple(claim.player == viewer for claim in claims for _ in claim.cards)

    return rule
