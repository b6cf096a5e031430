"""A tournament runner: seeded games between named bots, win rates with confidence intervals.

`tournament(game, ("heuristic", "random"), games=200, seed=1)` plays 200 games. The bot specs
(names `make_bot` knows) fill the seats in rotation: in game ``i`` seat ``s`` gets spec
``(s + i) % len(bots)``, so with two bots at a four-seat table the first holds seats 0 and 2 in
even games and 1 and 3 in odd ones. Over a multiple of ``len(bots)`` games every bot sits in
every seat equally often (with more specs than seats, some sit out some games).

A game's winners (`game.winners`) share its win: each winning seat earns ``1/len(winners)``, and
a bot earns what its seats earn, so a bot's credit for one game lies between 0 and 1. A game with
no winner (a drawn game, a lost solitaire) credits nobody. A bot's win rate is its credit over
the games it sat in, with a 95% Wilson score interval.

With two bots, `p_value` is a one-sided sign test that the first is the stronger: among the
games one bot won outright (the other took no share of the win), the first bot's wins against an
exact binomial whose chance is the first bot's share of the seats, the rate expected if both
played equally well (for two bots in a two- or four-seat game, one half).

``hands=1`` judges each game by its first hand alone (whole matches can be long): play stops
when the first hand is scored and the seats with the best score in the game's direction win
(nobody, if every seat has the same score); a game that ends within its first hand is judged by
its winners. ``quick=True`` plays the game's short-match options (`GameSpec.quick`).

>>> result = tournament(parlour.game("old_maid"), ("random",), games=4, seed=1)
>>> result.bots[0].games, result.bots[0].wins
(4, 4.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import attrs

import parlour
from parlour.bots.players import make_bot, play_game
from parlour.core.game import Game, GameOptions, GameState

__all__ = ["BotRecord", "TournamentResult", "binomial_tail", "seat_specs", "tournament", "wilson_interval"]

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@attrs.frozen(kw_only=True)
class BotRecord:
    """One bot's results in a tournament."""

    spec: str
    """The bot's spec, as given (``ismcts:200``)."""
    games: int
    """The games it sat in."""
    wins: float
    """Its share of the wins (a win split among k winning seats gives each 1/k)."""
    seat_share: float
    """Its average share of the seats (the win rate expected if every seat played alike)."""
    low: float
    """The lower end of the 95% Wilson interval of its win rate."""
    high: float
    """The upper end of that interval."""

    @property
    def rate(self) -> float:
        """Its win rate: wins over games sat in (0.0 when it sat in none)."""
        return self.wins / self.games if self.games else 0.0


@attrs.frozen(kw_only=True)
class TournamentResult:
    """What `tournament` measured."""

    game: str
    games: int
    bots: tuple[BotRecord, ...]
    no_winner: int
    """Games that ended without a winner (they credit nobody)."""
    p_value: float | None
    """With two bots: the one-sided sign-test p-value that the first is the stronger (see the
    module docstring); None otherwise."""
    decisive: int
    """With two bots: the games one bot won outright (the sign test's sample)."""
    seconds: float = attrs.field(eq=False)
    """Wall-clock time of the run."""

    def table(self) -> str:
        """A plain-text table of win rates with their 95% intervals (and the p-value)."""
        width = max(len("bot"), *(len(record.spec) for record in self.bots))
        lines = [
            f"{self.game}: {self.games} games in {self.seconds:.1f} s"
            + (f", {self.no_winner} without a winner" if self.no_winner else ""),
            f"{'bot':<{width}}  games    wins   rate  95% interval     expected",
        ]
        for record in self.bots:
            lines.append(
                f"{record.spec:<{width}}  {record.games:>5}  {record.wins:>6.1f}  {record.rate:5.3f}"
                f"  [{record.low:5.3f}, {record.high:5.3f}]   {record.seat_share:5.3f}"
            )
        if self.p_value is not None:
            first, second = self.bots[0].spec, self.bots[1].spec
            lines.append(
                f"p-value that {first} beats {second} (one-sided sign test, {self.decisive} decisive games):"
                f" {self.p_value:.3g}"
            )
        return "\n".join(lines)


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (95% by default); (0.0, 1.0) for no trials.

    >>> [round(x, 4) for x in wilson_interval(8, 10)]
    [0.4902, 0.9433]
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    rate = successes / trials
    z2 = z * z
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


def binomial_tail(successes: int, trials: int, chance: float) -> float:
    """P(X >= successes) for X ~ Binomial(trials, chance), summed exactly in log space.

    >>> round(binomial_tail(9, 10, 0.5), 6)
    0.010742
    """
    if not 0 <= successes <= trials or not 0.0 <= chance <= 1.0:
        raise ValueError(f"need 0 <= successes <= trials and 0 <= chance <= 1, not {successes}, {trials}, {chance}")
    if successes == 0:
        return 1.0
    if chance in (0.0, 1.0):
        return 1.0 if chance == 1.0 else 0.0
    log_p, log_q = math.log(chance), math.log1p(-chance)
    total = 0.0
    for k in range(successes, trials + 1):
        log_term = math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1) + k * log_p + (trials - k) * log_q
        total += math.exp(log_term)
    return min(1.0, total)


def seat_specs(bots: Sequence[str], seats: int, round_number: int) -> tuple[str, ...]:
    """The spec at each seat in game `round_number` (``i``): seat ``s`` gets
    ``bots[(s + i) % len(bots)]``.

    >>> seat_specs(("a", "b"), 4, 1)
    ('b', 'a', 'b', 'a')
    """
    if not bots:
        raise ValueError("a tournament needs at least one bot spec")
    return tuple(bots[(seat + round_number) % len(bots)] for seat in range(seats))


def _derived_seed(seed: int, *parts: int) -> int:
    """A seed for one game or seat, fixed by the tournament seed and its place."""
    value = seed % 2**63
    for part in parts:
        value = (value * 1_000_003 + part + 1) % 2**63
    return value


def _first_hand_winners(game: Game, state: GameState) -> frozenset[int]:
    """The winners by the first hand: the game's winners if it ended, else the best scores."""
    if game.is_over(state):
        return game.winners(state)
    scores = game.scores(state)
    if len(set(scores)) == 1:
        return frozenset()
    best = min(scores) if game.low_score_wins else max(scores)
    return frozenset(seat for seat, score in enumerate(scores) if score == best)


def tournament(
    game: Game | str,
    bots: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: GameOptions | None = None,
    quick: bool = False,
    hands: int | None = None,
    plot: str | None = None,
) -> TournamentResult:
    """Plays `games` seeded games between the bot `specs` seated in rotation (see the module
    docstring) and returns each bot's win rate with its 95% interval, and for two bots the
    p-value that the first is stronger. `players` defaults to the game's usual count; `quick`
    plays `game.quick` options (unless `options` is given); ``hands=1`` judges each game by its
    first hand; `plot` names an image file for a chart of the win rates (needs matplotlib, the
    ``plot`` extra). Same arguments, same result."""
    spec = parlour.game(game) if isinstance(game, str) else game
    specs = tuple(bots)
    if isinstance(bots, str) or not specs:
        raise ValueError("bots must be a sequence of bot specs, such as ('heuristic', 'random')")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if hands not in (None, 1):
        raise ValueError(f"hands may be None (whole games) or 1 (the first hand only), not {hands!r}")
    for name in dict.fromkeys(specs):
        make_bot(name, seed=0)  # refuses an unknown spec before any game is played
    seats = spec.default_players if players is None else players
    chosen = options if options is not None else (spec.quick if quick else None)

    started = time.perf_counter()
    credit = [0.0] * len(specs)
    sat = [0] * len(specs)
    share = [0.0] * len(specs)
    no_winner = 0
    first_outright = decisive = 0
    first_share_decisive = 0.0
    for number in range(games):
        at_seat = seat_specs(specs, seats, number)
        index_at = tuple((seat + number) % len(specs) for seat in range(seats))
        state = spec.new_game(seats, seed=_derived_seed(seed, number), options=chosen)
        table = [make_bot(name, seed=_derived_seed(seed, number, place)) for place, name in enumerate(at_seat)]
        start_hand = state.hand
        until = (lambda s: s.hand > start_hand) if hands == 1 else None
        final = play_game(spec, state, table, until=until)
        winners = _first_hand_winners(spec, final) if hands == 1 else spec.winners(final)
        game_credit = [0.0] * len(specs)
        for seat in winners:
            game_credit[index_at[seat]] += 1 / len(winners)
        for bot in set(index_at):
            held = index_at.count(bot)
            sat[bot] += 1
            share[bot] += held / seats
            credit[bot] += game_credit[bot]
        if not winners:
            no_winner += 1
        elif len(specs) == 2 and game_credit[0] in (0.0, 1.0):
            decisive += 1
            first_outright += int(game_credit[0])
            first_share_decisive += index_at.count(0) / seats

    records = tuple(
        BotRecord(
            spec=name,
            games=sat[i],
            wins=credit[i],
            seat_share=share[i] / sat[i] if sat[i] else 0.0,
            low=wilson_interval(credit[i], sat[i])[0],
            high=wilson_interval(credit[i], sat[i])[1],
        )
        for i, name in enumerate(specs)
    )
    p_value = None
    if len(specs) == 2:
        chance = first_share_decisive / decisive if decisive else 0.5
        p_value = binomial_tail(first_outright, decisive, chance)
    result = TournamentResult(
        game=spec.name,
        games=games,
        bots=records,
        no_winner=no_winner,
        p_value=p_value,
        decisive=decisive,
        seconds=time.perf_counter() - started,
    )
    if plot is not None:
        plot_result(result, plot)
    return result


def plot_result(result: TournamentResult, path: str) -> None:
    """Draws each bot's win rate with its 95% interval, and the rate expected if all were equal,
    into the image file `path` (matplotlib, the ``plot`` extra, with the Agg backend)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        raise ValueError("plotting needs matplotlib: pip install 'parlour[plot]'") from error
    names = [record.spec for record in result.bots]
    rates = [record.rate for record in result.bots]
    below = [record.rate - record.low for record in result.bots]
    above = [record.high - record.rate for record in result.bots]
    figure, axes = plt.subplots(figsize=(1.6 + 1.2 * len(names), 3.6))
    axes.bar(names, rates, yerr=[below, above], capsize=6, color="#4c78a8")
    for place, record in enumerate(result.bots):
        axes.hlines(record.seat_share, place - 0.4, place + 0.4, colors="#e45756", linestyles="dashed")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% interval)")
    axes.set_title(f"{result.game}, {result.games} games")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
