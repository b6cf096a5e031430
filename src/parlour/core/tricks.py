"""The trick-taking primitive: following, leading, trumps, trick winners and card points.

Values and pure functions that every trick game calls with its own rules as arguments:

- `Trick`: who led, the cards played so far in order of play, and the seat that played each
  (so a seat sitting out, as a lone hand's partner in Euchre, is simply absent, and the seat
  credited with a card may differ from the one choosing it, as Bridge's declarer plays dummy's).
- `legal_follow`: must follow the suit led if able; optionally a trump may always be played
  (Pitch). A void player may play anything.
- `legal_leads`: a barred suit (hearts in Hearts, spades in Spades) may not be led until
  broken, unless the hand holds nothing else.
- `trick_winner`: the highest trump if any was played, else the highest card of the suit
  led; of two identical cards (two-pack games) the later one wins.
- `SuitOf` / `CardPower` hooks: the suit a card counts as and its strength inside that suit.
  The defaults are the printed suit and a `RankOrder`; `bowers` builds Euchre's pair, where the
  jack of the same colour as trump belongs to trump.
- `point_table` / `points`: card points as data (a heart 1, the queen of spades 13).

>>> from parlour.core.cards import ACE_HIGH, Suit, parse_cards
>>> trick = Trick.of(1, parse_cards("10C QC 2H AD"), seats=(1, 2, 3, 0))
>>> trick_winner(trick, order=ACE_HIGH)
2
>>> trick_winner(trick, order=ACE_HIGH, trump=Suit.HEARTS)
3
>>> alone = Trick.of(1, parse_cards("9C AC JD"), seats=(1, 3, 0))  # seat 2 sits out
>>> trick_winner(alone, order=ACE_HIGH, trump=Suit.HEARTS)
3
>>> [str(c) for c in legal_follow(parse_cards("4C 9D KH"), Suit.CLUBS)]
['4C']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, TypeAlias

import attrs

from parlour.core.cards import ACE_HIGH, Card, Rank, RankOrder, Suit, standard_pack
from parlour.core.values import builder

__all__ = [
    "CardPower",
    "SuitOf",
    "Trick",
    "bowers",
    "legal_follow",
    "legal_leads",
    "natural_suit",
    "point_table",
    "points",
    "points_per_seat",
    "rank_power",
    "trick_winner",
]

SuitOf: TypeAlias = Callable[[Card], "Suit | None"]
"""The suit a card counts as for following and winning (None for a joker outside any suit)."""
CardPower: TypeAlias = Callable[[Card], int]
"""A card's strength inside the suit it counts as; higher beats lower."""


def natural_suit(card: Card) -> Suit | None:
    """The printed suit: the effective suit of every game without bowers."""
    return card.suit


def rank_power(order: RankOrder) -> CardPower:
    """The strength of a card as its rank's place in `order`."""
    power = order.power
    return lambda card: power(card.rank)


_SAME_COLOUR: Final = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def bowers(trump: Suit, order: RankOrder = ACE_HIGH) -> tuple[SuitOf, CardPower]:
    """Euchre's effective suit and strength for a trump suit.

    The jack of trump (right bower) is the highest card, then the jack of the other suit of
    the same colour (left bower), which counts as a trump for following and winning; the rest
    rank by `order`.

    >>> suit_of, power = bowers(Suit.HEARTS)
    >>> jd, jh, ah = Card(Rank.JACK, Suit.DIAMONDS), Card(Rank.JACK, Suit.HEARTS), Card(Rank.ACE, Suit.HEARTS)
    >>> suit_of(jd), power(jh) > power(jd) > power(ah)
    (<Suit.HEARTS: 2>, True)
    """
    right = Card(Rank.JACK, trump)
    left = Card(Rank.JACK, _SAME_COLOUR[trump])
    top = len(order.ranks)

    def suit_of(card: Card) -> Suit | None:
        return trump if card == left else card.suit

    def power(card: Card) -> int:
        if card == right:
            return top + 1
        if card == left:
            return top
        return order.power(card.rank)

    return suit_of, power


@attrs.frozen(weakref_slot=False)
class Trick:
    """One trick: the seat to lead, the cards played so far in order, and who played each.

    `seats[i]` is the seat credited with `cards[i]` (the card's owner: dummy's seat in Bridge,
    even though the declarer chose it). The seat due next is the game's to say (seats sitting
    out are skipped by the game's own turn order), so `plus` takes it explicitly.
    """

    leader: int
    cards: tuple[Card, ...] = ()
    seats: tuple[int, ...] = ()

    @classmethod
    def of(cls, leader: int, cards: tuple[Card, ...], *, seats: tuple[int, ...]) -> Trick:
        """A trick checked for one seat per card (for tests, JSON and tables, not hot paths)."""
        if len(seats) != len(cards) or (seats and seats[0] != leader) or len(set(seats)) != len(seats):
            raise ValueError(f"a trick led by seat {leader} needs one distinct seat per card, from the leader")
        return cls(leader, cards, seats)

    def led_suit(self, suit_of: SuitOf = natural_suit) -> Suit | None:
        """The suit of the first card (None before the lead)."""
        return suit_of(self.cards[0]) if self.cards else None

    def plus(self, card: Card, seat: int) -> Trick:
        """This trick with `card` played by (credited to) `seat`."""
        return _build_trick(self.leader, (*self.cards, card), (*self.seats, seat))

    def seat_of(self, index: int) -> int:
        """The seat credited with the `index`-th card played."""
        return self.seats[index]


_build_trick: Final = builder(Trick)
"""`Trick(leader, cards, seats)` for `plus`, the hot path (see `builder`)."""


def legal_follow(
    hand: Sequence[Card],
    led: Suit | None,
    *,
    trump: Suit | None = None,
    may_trump: bool = False,
    suit_of: SuitOf = natural_suit,
) -> tuple[Card, ...]:
    """The cards of `hand` that may be played to a trick whose led suit is `led`.

    Must follow suit if able; a void hand may play anything (no duty to trump). With
    `may_trump` (Pitch) a trump is also allowed when the hand could follow. `led=None` (no card
    led yet) allows the whole hand; leading rules are `legal_leads`.
    """
    if led is None:
        return tuple(hand)
    if suit_of is natural_suit and not may_trump:
        plain = [c for c in hand if c.suit is led]
        return tuple(plain) if plain else tuple(hand)
    if suit_of is natural_suit:
        follow = tuple(c for c in hand if c.suit is led or (may_trump and c.suit is trump and trump is not None))
        if not follow or all(c.suit is not led for c in follow):
            return tuple(hand)
        return follow
    follow = tuple(c for c in hand if (s := suit_of(c)) is led or (may_trump and trump is not None and s is trump))
    if not follow or all(suit_of(c) is not led for c in follow):
        return tuple(hand)
    return follow


def legal_leads(
    hand: Sequence[Card],
    *,
    barred: Suit | None = None,
    suit_of: SuitOf = natural_suit,
) -> tuple[Card, ...]:
    """The cards of `hand` that may lead a trick while suit `barred` is not yet broken.

    `barred=None` (the suit is broken, or the game bars nothing) allows every card; a hand
    holding only barred cards may lead any of them.
    """
    if barred is None:
        return tuple(hand)
    others = tuple(c for c in hand if suit_of(c) is not barred)
    return others if others else tuple(hand)


def trick_winner(
    trick: Trick,
    *,
    order: RankOrder = ACE_HIGH,
    trump: Suit | None = None,
    suit_of: SuitOf = natural_suit,
    power: CardPower | None = None,
    later_identical_wins: bool = True,
) -> int:
    """The seat that wins `trick`: the highest trump played, else the highest card of the suit led.

    Strength inside a suit is `power` (default: the rank's place in `order`). Cards of neither
    the led suit nor trump never win. Of two identical cards (two-pack games), the later one
    wins when `later_identical_wins` (Canadian Salad), else the earlier.
    """
    cards = trick.cards
    if not cards:
        raise ValueError("an empty trick has no winner")
    if power is None and suit_of is natural_suit:
        return _natural_winner(trick, _rank_powers(order), trump, later_identical_wins)
    strength = power if power is not None else rank_power(order)
    led = suit_of(cards[0])
    best = 0
    best_trump = trump is not None and led is trump
    best_power = strength(cards[0])
    for i in range(1, len(cards)):
        card = cards[i]
        suit = suit_of(card)
        if trump is not None and suit is trump:
            if not best_trump:
                best, best_trump, best_power = i, True, strength(card)
                continue
        elif best_trump or suit is not led:
            continue
        p = strength(card)
        if p > best_power or (later_identical_wins and card == cards[best]):
            best, best_power = i, p
    return trick.seats[best]


def _rank_powers(order: RankOrder) -> tuple[int, ...]:
    """The order as a tuple indexed by rank number (-1 for ranks outside it), kept on the order."""
    return order.powers


def _natural_winner(trick: Trick, powers: tuple[int, ...], trump: Suit | None, later_identical_wins: bool) -> int:
    """`trick_winner` for printed suits and rank strength: plain attribute and tuple reads only."""
    cards = trick.cards
    first = cards[0]
    led = first.suit
    best, best_card, best_trump, best_power = 0, first, trump is not None and led is trump, powers[first.rank]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = card.suit
        if trump is not None and suit is trump:
            if not best_trump:
                best, best_card, best_trump, best_power = i, card, True, powers[card.rank]
                continue
        elif best_trump or suit is not led:
            continue
        p = powers[card.rank]
        if p > best_power or (p == best_power and later_identical_wins and card == best_card):
            best, best_card, best_power = i, card, p
    return trick.seats[best]


def point_table(
    *,
    suits: Mapping[Suit, int] | None = None,
    ranks: Mapping[Rank, int] | None = None,
    cards: Mapping[Card, int] | None = None,
    pack: Iterable[Card] | None = None,
) -> dict[Card, int]:
    """A card -> points table over `pack` (default: one standard pack).

    A card scores its suit's points plus its rank's points, unless `cards` names it, which
    overrides both (Hearts: `suits={HEARTS: 1}, cards={QS: 13}`). Cards worth 0 are left out.
    """
    table: dict[Card, int] = {}
    for card in standard_pack() if pack is None else pack:
        if cards is not None and card in cards:
            value = cards[card]
        else:
            value = (suits or {}).get(card.suit, 0) if card.suit is not None else 0
            value += (ranks or {}).get(card.rank, 0)
        if value:
            table[card] = value
    return table


def points(cards: Iterable[Card], table: Mapping[Card, int]) -> int:
    """The points of `cards` by `table` (cards not in the table count 0)."""
    get = table.get
    return sum(get(c, 0) for c in cards)


def points_per_seat(piles: Sequence[Iterable[Card]], table: Mapping[Card, int]) -> tuple[int, ...]:
    """The points of each seat's captured cards."""
    return tuple(points(pile, table) for pile in piles)

