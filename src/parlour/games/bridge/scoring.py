"""Bridge scoring: the points of one contract, honours, and a deal added to the match score.

`contract_points` splits the result of a played contract into the declaring side's trick score
(below the line), its bonuses (above the line) and the defenders' penalty; `score_contract`
turns that into the single duplicate score of a deal; `honours` reads the trump honours of the
four hands; `score_deal` adds one deal to a rubber, Chicago or duplicate match. All are pure.

>>> score_contract(level=4, strain="S", doubling="none", vulnerable=False, tricks=10)
420
>>> score_contract(level=1, strain="NT", doubling="doubled", vulnerable=True, tricks=6)
-200
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from parlour.core.auction import Doubling, Strain
from parlour.core.cards import Card, Rank
from parlour.games.bridge.options import (
    BOOK,
    CHICAGO_DEALS,
    CHICAGO_SCHEDULE,
    DOUBLING_FACTOR,
    GAME_BONUS,
    GAME_POINTS,
    GRAND_SLAM,
    HONOUR_RANKS,
    HONOURS_ACES,
    HONOURS_FIVE,
    HONOURS_FOUR,
    INSULT,
    LAST_PART_SCORE_BONUS,
    OVERTRICK_DOUBLED,
    PART_SCORE_BONUS,
    RUBBER_BONUS,
    RUBBER_GAMES,
    SIDES,
    SMALL_SLAM,
    STRAIN_OF_TEXT,
    STRAIN_SUIT,
    TRICK_POINTS,
    TRICKS,
    UNDERTRICK,
    UNDERTRICKS_DOUBLED,
    Options,
    Scoring,
    Vulnerability,
)

_DOUBLING_OF_TEXT: Final = {"none": Doubling.NONE, "doubled": Doubling.DOUBLED, "redoubled": Doubling.REDOUBLED}


class ContractPoints(NamedTuple):
    """A played contract's points: `below` and `above` to the declaring side, `penalty` to the
    defenders (undertricks). A made contract has no penalty; a defeated one only a penalty."""

    below: int
    """The trick score of the tricks bid (doubled or redoubled), which counts toward game."""
    above: int
    """Overtricks, the bonus for making a doubled contract, and slam bonuses."""
    penalty: int
    """Undertricks, scored by the defenders."""


class Match(NamedTuple):
    """The match score a deal is added to (by side, N-S first)."""

    totals: tuple[int, int]
    """Every point scored, above and below the line."""
    part: tuple[int, int]
    """Below-the-line points toward the game in progress (rubber and Chicago)."""
    games: tuple[int, int]
    """Games won (in the rubber; in Chicago, games completed)."""
    deals: int
    """Deals scored (passed-out deals not counted)."""


def trick_score(level: int, strain: Strain) -> int:
    """The seed's trick score of a contract of `level` made exactly, undoubled: 2S = 60, 3NT = 100."""
    first, further = TRICK_POINTS[strain]
    return first + further * (level - 1)


def undertrick_penalty(down: int, doubling: Doubling, vulnerable: bool) -> int:
    """What the defenders score for `down` undertricks."""
    if doubling is Doubling.NONE:
        return UNDERTRICK[vulnerable] * down
    steps = UNDERTRICKS_DOUBLED[vulnerable]
    points = sum(steps[min(i, len(steps) - 1)] for i in range(down))
    return points * (2 if doubling is Doubling.REDOUBLED else 1)


def contract_points(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> ContractPoints:
    """The points of a contract of `level` in `strain`, as doubled, by a declaring side
    (vulnerable or not) that took `tricks` tricks (no checks: see `score_contract`)."""
    need = level + BOOK
    if tricks < need:
        return ContractPoints(0, 0, undertrick_penalty(need - tricks, doubling, vulnerable))
    below = trick_score(level, strain) * DOUBLING_FACTOR[doubling]
    over = tricks - need
    if doubling is Doubling.NONE:
        _, further = TRICK_POINTS[strain]
        above = over * further
    else:
        above = over * OVERTRICK_DOUBLED[vulnerable] * (2 if doubling is Doubling.REDOUBLED else 1)
    above += INSULT[doubling]
    if level == 6:
        above += SMALL_SLAM[vulnerable]
    elif level == 7:
        above += GRAND_SLAM[vulnerable]
    return ContractPoints(below, above, 0)


def score_contract(
    *, level: int, strain: str | Strain, doubling: str | Doubling, vulnerable: bool, tricks: int
) -> int:
    """The duplicate score of one deal from the declaring side's view (negative when defeated).

    `level` is 1-7, `strain` "C", "D", "H", "S" or "NT" (or a `Strain`), `doubling` "none",
    "doubled" or "redoubled" (or a `Doubling`), `vulnerable` the declaring side's vulnerability
    and `tricks` the declaring side's tricks, 0-13. A made contract scores its trick score, a
    game bonus (300, or 500 vulnerable) when that reaches 100 or else 50, overtricks, slam
    bonuses and 50 (100) for making a doubled (redoubled) contract; a defeated one loses its
    undertricks. ValueError names a bad value.

    >>> score_contract(level=3, strain="NT", doubling="none", vulnerable=True, tricks=10)
    630
    >>> score_contract(level=7, strain="NT", doubling="redoubled", vulnerable=True, tricks=13)
    2980
    """
    if type(level) is not int or level not in range(1, 8):
        raise ValueError(f"level must be a whole number 1..7, not {level!r}")
    if isinstance(strain, Strain):
        named = strain
    elif isinstance(strain, str) and strain.strip().upper() in STRAIN_OF_TEXT:
        named = STRAIN_OF_TEXT[strain.strip().upper()]
    else:
        raise ValueError(f"strain must be one of C, D, H, S, NT, not {strain!r}")
    if isinstance(doubling, Doubling):
        doubled = doubling
    elif isinstance(doubling, str) and doubling.strip().lower() in _DOUBLING_OF_TEXT:
        doubled = _DOUBLING_OF_TEXT[doubling.strip().lower()]
    else:
        raise ValueError(f"doubling must be 'none', 'doubled' or 'redoubled', not {doubling!r}")
    if type(vulnerable) is not bool:
        raise ValueError(f"vulnerable must be True or False, not {vulnerable!r}")
    if type(tricks) is not int or not 0 <= tricks <= TRICKS:
        raise ValueError(f"tricks must be a whole number 0..{TRICKS}, not {tricks!r}")
    below, above, penalty = contract_points(level, named, doubled, vulnerable, tricks)
    if penalty:
        return -penalty
    bonus = GAME_BONUS[vulnerable] if below >= GAME_POINTS else PART_SCORE_BONUS
    return below + above + bonus


def honours(hands: Sequence[Sequence[Card]], strain: Strain) -> tuple[int, int]:
    """The honours bonus each side scores from the four dealt hands: four of the five trump
    honours in one hand 100, all five 150; at no trump, all four aces in one hand 150."""
    got = [0] * SIDES
    trump = STRAIN_SUIT[strain]
    for seat, hand in enumerate(hands):
        if trump is None:
            if sum(1 for c in hand if c.rank is Rank.ACE) == 4:
                got[seat % SIDES] += HONOURS_ACES
            continue
        held = sum(1 for c in hand if c.suit is trump and c.rank in HONOUR_RANKS)
        if held == 5:
            got[seat % SIDES] += HONOURS_FIVE
        elif held == 4:
            got[seat % SIDES] += HONOURS_FOUR
    return got[0], got[1]


def vulnerable(options: Options, match: Match, dealer: int) -> tuple[bool, bool]:
    """Which sides are vulnerable on the next deal: in a rubber, a side that has won a game; in
    a four-deal match, the schedule (none, dealer's side, dealer's side, both)."""
    if options.scoring is Scoring.RUBBER:
        return match.games[0] > 0, match.games[1] > 0
    vul = CHICAGO_SCHEDULE[min(match.deals, CHICAGO_DEALS - 1)]
    if vul is Vulnerability.BOTH:
        return True, True
    if vul is Vulnerability.NONE:
        return False, False
    return dealer % SIDES == 0, dealer % SIDES == 1


def is_finished(options: Options, match: Match) -> bool:
    """Whether the match is over: a side has won the rubber, or four deals were scored."""
    if options.scoring is Scoring.RUBBER:
        return max(match.games) >= RUBBER_GAMES
    return match.deals >= CHICAGO_DEALS


class DealScore(NamedTuple):
    """One deal added to the match: the points each side gained and the match after it."""

    gained: tuple[int, int]
    match: Match
    game_won: bool
    """The declaring side completed a game on this deal."""


def score_deal(
    options: Options,
    match: Match,
    *,
    dealer: int,
    declarer: int,
    level: int,
    strain: Strain,
    doubling: Doubling,
    tricks: int,
    honour_points: tuple[int, int],
) -> DealScore:
    """Adds a played deal to the match: the declaring side (`declarer % 2`) took `tricks`."""
    side = declarer % SIDES
    vul = vulnerable(options, match, dealer)[side]
    gained = [0, 0]
    part = list(match.part)
    games = list(match.games)
    game_won = False
    if options.scoring is Scoring.DUPLICATE:
        points = score_contract(level=level, strain=strain, doubling=doubling, vulnerable=vul, tricks=tricks)
        if points > 0:
            gained[side] += points
        else:
            gained[1 - side] -= points
        game_won = points > 0 and trick_score(level, strain) * DOUBLING_FACTOR[doubling] >= GAME_POINTS
    else:
        below, above, penalty = contract_points(level, strain, doubling, vul, tricks)
        gained[side] += below + above
        gained[1 - side] += penalty
        if options.honours:
            gained[0] += honour_points[0]
            gained[1] += honour_points[1]
        part[side] += below
        if part[side] >= GAME_POINTS:
            # A game: both sides' part-scores start again from nothing.
            game_won = True
            games[side] += 1
            part = [0, 0]
            if options.scoring is Scoring.CHICAGO:
                gained[side] += GAME_BONUS[vul]
            elif games[side] >= RUBBER_GAMES:
                gained[side] += RUBBER_BONUS[games[1 - side]]
        elif below and options.scoring is Scoring.CHICAGO and match.deals + 1 == CHICAGO_DEALS:
            gained[side] += LAST_PART_SCORE_BONUS
    totals = (match.totals[0] + gained[0], match.totals[1] + gained[1])
    after = Match(totals, (part[0], part[1]), (games[0], games[1]), match.deals + 1)
    return DealScore((gained[0], gained[1]), after, game_won)
