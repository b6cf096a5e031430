"""Court Whist rules as data: the score card, the seatings, `Options`, and the pure helpers
that follow from them (which game and trump line a hand plays, who partners whom, what a hand
scores), with the per-card tables of the hot path.

The score card of the Metzker book is `GAMES`: seven games, each a `GameRule` with the `Trump`
line of each of its four hands and its trick values. `SEATINGS` says who sits where in each
game (partners opposite), one row per `Partners` option.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

import attrs

from parlour.core.cards import CARD_INDICES, HIDDEN, Card, Rank, Suit, sorted_cards, standard_pack
from parlour.core.options import check_option_types

# ---------------------------------------------------------------------------------------------
# Rule tables

PLAYERS: Final = 4
"""4 players per table (seed)."""
PACK: Final = standard_pack()
"""One pack without jokers, all dealt."""
HAND_SIZE: Final = 13
"""52 cards among four players."""
HANDS_PER_GAME: Final = 4
"""Each game of the score card has four hands."""
FACE_RANKS: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING})
"""Restoration's face cards."""
LADIES: Final = (False, False, True, True)
"""Whether each seat is a lady (reading: the ladies sit in seats 2 and 3, the men in 0 and 1)."""
TALK_PENALTY: Final = 3
"""Confiscation: "Each player speaking after cards dealt forfeits 3 points"."""
SIT_OUT_SCORE: Final = 8
""""SIT OUTS (if necessary) WILL TAKE A SCORE OF 8 AT EACH HAND": never needed at one table of four."""


class TrumpRule(enum.Enum):
    """How a hand of the score card gets its trump."""

    SUIT = 0
    """The card names the suit."""
    KING_HOLDER = 1
    """The holder of the king of the named suit declares trump (Coronation)."""
    LAST_CARD = 2
    """The last card dealt is turned up for trump and given to the dealer (Conspiracy)."""
    NO_TRUMP = 3
    """No trump (Revolution)."""


_SUIT_WORD: Final = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}


@attrs.frozen
class Trump:
    """One line of the score card: the trump rule of a hand, with its suit where it names one."""

    rule: TrumpRule
    suit: Suit | None = None

    def __str__(self) -> str:
        if self.rule is TrumpRule.SUIT:
            assert self.suit is not None
            return f"{_SUIT_WORD[self.suit]}s trump"
        if self.rule is TrumpRule.KING_HOLDER:
            assert self.suit is not None
            return f"named by the holder of K{self.suit.letter}"
        if self.rule is TrumpRule.LAST_CARD:
            return "last card turned up for trump"
        return "no trump"


@attrs.frozen(kw_only=True)
class GameRule:
    """One game of the score card: its name, whether partners play, the trump of each of its
    four hands and what a hand scores."""

    name: str
    partners: bool
    """False: each player scores its own tricks (Conspiracy)."""
    trumps: tuple[Trump, ...]
    """The trump rule of hands 1 to 4."""
    trick_value: int = 1
    """Points per trick (Prosperity: each trick counts double)."""
    lady_bonus: int = 0
    """Extra points per trick won by a lady (Chivalry: 2)."""
    face_value: int = 0
    """Points per face card among the cards won (Restoration: 1)."""
    opponents: bool = False
    """Each side scores its opponents' tricks (Revolution)."""
    talk_penalty: int = 0
    """Points a player forfeits for speaking (Confiscation: 3; with `Options.table_talk`)."""
    possible: str
    """The card's "Total - possible" for the game's hand, as printed."""


_CARD_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order of the suits down the score card: spades, hearts, clubs, diamonds."""
_BY_SUIT: Final = tuple(Trump(TrumpRule.SUIT, s) for s in _CARD_SUITS)

GAMES: Final = (
    GameRule(
        name="Coronation", partners=True, possible="13",
        trumps=tuple(Trump(TrumpRule.KING_HOLDER, s) for s in _CARD_SUITS),
    ),
    GameRule(name="Prosperity", partners=True, trumps=_BY_SUIT, trick_value=2, possible="26"),
    GameRule(name="Conspiracy", partners=False, trumps=(Trump(TrumpRule.LAST_CARD),) * 4, possible="13"),
    GameRule(name="Chivalry", partners=True, trumps=_BY_SUIT, lady_bonus=2, possible="13 to 39"),
    GameRule(name="Revolution", partners=True, trumps=(Trump(TrumpRule.NO_TRUMP),) * 4, opponents=True, possible="13"),
    GameRule(name="Confiscation", partners=True, trumps=_BY_SUIT, talk_penalty=TALK_PENALTY, possible="13"),
    GameRule(name="Restoration", partners=True, trumps=_BY_SUIT, face_value=1, possible="25"),
)  # fmt: skip
"""The score card: the seven games in order, each with its four hands."""


class Partners(enum.Enum):
    """How partners change between games at one table (by moving chairs; see `SEATINGS`)."""

    ALTERNATE = 0
    """The two ladies change chairs after every game: each man partners each lady in turn."""
    FIXED = 1
    """Seats 0 & 2 against 1 & 3 all evening."""
    ROTATE = 2
    """All three pairings, each twice over the six partnership games (man-lady pairs not kept)."""


_PAIRS_02: Final = (0, 1, 2, 3)
_PAIRS_03: Final = (0, 1, 3, 2)
_PAIRS_01: Final = (0, 2, 1, 3)
SEATINGS: Final = {
    Partners.ALTERNATE: (_PAIRS_02, _PAIRS_03, _PAIRS_02, _PAIRS_03, _PAIRS_02, _PAIRS_03, _PAIRS_02),
    Partners.FIXED: (_PAIRS_02,) * 7,
    Partners.ROTATE: (_PAIRS_02, _PAIRS_03, _PAIRS_01, _PAIRS_01, _PAIRS_02, _PAIRS_03, _PAIRS_01),
}
"""The seats clockwise around the table, chair by chair, in each of the seven games; partners sit
opposite (chairs 0 & 2, 1 & 3). (0, 1, 3, 2) puts seat 3 opposite seat 0."""


def _left_table(order: tuple[int, ...]) -> tuple[int, ...]:
    left = [0] * len(order)
    for i, s in enumerate(order):
        left[s] = order[(i + 1) % len(order)]
    return tuple(left)


_LEFTS: Final = {p: tuple(_left_table(o) for o in orders) for p, orders in SEATINGS.items()}
"""`_LEFTS[partners][game][seat]`: the seat to that seat's left in that game."""
_ALTERNATE, _FIXED = Partners.ALTERNATE, Partners.FIXED
_ALTERNATE_LEFTS, _FIXED_LEFTS, _ROTATE_LEFTS = _LEFTS[_ALTERNATE], _LEFTS[_FIXED], _LEFTS[Partners.ROTATE]


def _lefts(partners: Partners) -> tuple[tuple[int, ...], ...]:
    """`_LEFTS[partners]` by identity (a dict lookup would hash the enum member in Python)."""
    if partners is _ALTERNATE:
        return _ALTERNATE_LEFTS
    return _FIXED_LEFTS if partners is _FIXED else _ROTATE_LEFTS


# ---------------------------------------------------------------------------------------------
# Options


@attrs.frozen(kw_only=True)
class Options:
    """Rule options; the defaults are the Metzker rules as read in the module docstring."""

    partners: Partners = Partners.ALTERNATE
    """How partners change between games at one table: alternate (the ladies swap chairs after
    each game; each partnership a man and a lady, a new partner every game, as the seed asks),
    fixed, or rotate (everyone partners everyone)."""
    hands_per_game: int = HANDS_PER_GAME
    """Hands played of each game's four on the score card (fewer: a short match)."""
    recut_each_game: bool = True
    """Cut for the deal at the start of every game ("cut for the deal first time they play a
    round"); False passes the deal on to the left between games as within them."""
    table_talk: bool = False
    """Confiscation's "each player speaking after cards dealt forfeits 3 points" as a ``speak``
    move (once per player per hand); False plays Confiscation as plain whist."""

    def __attrs_post_init__(self) -> None:
        check_option_types(self)
        if not 1 <= self.hands_per_game <= HANDS_PER_GAME:
            raise ValueError(f"hands_per_game must be 1 to {HANDS_PER_GAME}, not {self.hands_per_game}")

    @classmethod
    def metzker(cls) -> Options:
        """The Metzker book: seven games of four hands, new partners every game, a cut per game."""
        return cls()


PRESETS: Final = (("metzker", Options.metzker()),)
QUICK: Final = Options(hands_per_game=1)
"""A short match for the generic sweeps: the first hand of each game (7 hands, about 370 plies)."""

# ---------------------------------------------------------------------------------------------
# Per-card tables of the hot path

DISPLAY_ORDER: Final = (*sorted_cards(PACK), HIDDEN)
"""The pack in display order (by suit, ace high), then the hidden card."""


def _places() -> tuple[int, ...]:
    place = [-1] * CARD_INDICES
    for i, card in enumerate(DISPLAY_ORDER):
        place[card.index] = i
    return tuple(place)


_PLACE: Final = _places()
_PACK_PLACES: Final = tuple(_PLACE[c.index] for c in PACK)
"""The pack as display places: shuffling these deals the cards a shuffle of `PACK` deals, and a
hand is sorted by sorting small ints."""
def _faces() -> tuple[int, ...]:
    face = [0] * CARD_INDICES
    for card in PACK:
        face[card.index] = int(card.rank in FACE_RANKS)
    return tuple(face)


_FACE: Final = _faces()
"""1 for a face card (J, Q, K), by `Card.index`."""


def _cards_at(places: Sequence[int]) -> tuple[Card, ...]:
    order = DISPLAY_ORDER
    return tuple([order[p] for p in places])


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    place = _PLACE
    places = [place[c.index] for c in cards]
    if -1 in places:
        return sorted_cards(cards)
    places.sort()
    return _cards_at(places)


# ---------------------------------------------------------------------------------------------
# Pure helpers


def total_hands(options: Options) -> int:
    """Hands in a match: seven games of `hands_per_game` (28 by the card)."""
    return len(GAMES) * options.hands_per_game


def game_rule(options: Options, hand: int) -> tuple[GameRule, Trump]:
    """The game of the score card and the trump line of hand `hand` of the match (1-based)."""
    g, k = divmod(hand - 1, options.hands_per_game)
    rule = GAMES[g]
    return rule, rule.trumps[k]


def seating(options: Options, game: int) -> tuple[int, ...]:
    """The seats clockwise around the table in game `game` (1 to 7)."""
    return SEATINGS[options.partners][game - 1]


def partner_of(options: Options, game: int, seat: int) -> int | None:
    """The partner of `seat` in game `game` (1 to 7); None in a game without partners."""
    if not GAMES[game - 1].partners:
        return None
    order = seating(options, game)
    return order[(order.index(seat) + 2) % PLAYERS]


def score_hand(rule: GameRule, won: Sequence[Sequence[Card]], order: Sequence[int]) -> tuple[int, ...]:
    """The points each seat scores for one hand of game `rule`, from the cards each seat won and
    the seating `order` (partners opposite).

    A seat's own part is `trick_value` per trick, `lady_bonus` per trick if the seat is a lady
    and `face_value` per face card won; with partners both partners score their side's sum (the
    opponents' sum in Revolution).

    >>> from parlour.core.cards import parse_cards
    >>> piles = [parse_cards("2C 3C 4C 5C") * 4, parse_cards("6C 7C 8C 9C") * 2, (), parse_cards("JC QC KC AC")]
    >>> score_hand(GAMES[3], piles, (0, 1, 2, 3))  # Chivalry: seat 3 is a lady
    (4, 5, 4, 5)
    """
    own = [
        rule.trick_value * (len(p) // PLAYERS)
        + (rule.lady_bonus * (len(p) // PLAYERS) if LADIES[s] else 0)
        + (rule.face_value * sum([_FACE[c.index] for c in p]) if rule.face_value else 0)
        for s, p in enumerate(won)
    ]
    if not rule.partners:
        return tuple(own)
    across = {order[i]: order[(i + 2) % PLAYERS] for i in range(PLAYERS)}
    side = [own[s] + own[across[s]] for s in range(PLAYERS)]
    if rule.opponents:
        left = _left_table(tuple(order))
        return tuple(side[left[s]] for s in range(PLAYERS))
    return tuple(side)


def _hand_total(rule: GameRule) -> tuple[int, int]:
    """The least and most that all seats together score in one hand of `rule` (before talk)."""
    base = rule.trick_value * HAND_SIZE + rule.face_value * len([c for c in PACK if c.rank in FACE_RANKS])
    most = base + rule.lady_bonus * HAND_SIZE
    seats = 2 if rule.partners else 1
    return base * seats, most * seats
