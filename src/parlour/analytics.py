"""Game analytics: what many seeded games of one game show about its shape.

`analyse(game, games=N, seed=S)` plays N seeded games between bots (random by default, or any
`parlour.bots.make_bot` specs) and measures what a designer, a teacher or a researcher asks of a
game: how long it lasts in moves and in hands, how many choices a seat has (the branching
factor, over the game and by phase), how often each kind of move and event occurs, how much a
seat does not know (the number of deals consistent with its view), whether a seat or the first
player has an advantage, and how final scores spread. `python -m parlour stats <game>` prints the
report and, with ``--plot DIR``, draws the charts (the ``plot`` extra, matplotlib).

>>> report = analyse("farkle", games=3, seed=1)
>>> report.games, report.moves.count, report.information is None
(3, 3, True)
>>> print(format_report(report).splitlines()[0])
Farkle: 3 games, seed 1, bots random, random, quick options
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import attrs

import parlour
from parlour.bots import make_bot, play_game
from parlour.bots.determinize import pack_of
from parlour.bots.tournament import wilson_interval
from parlour.core.cards import Card
from parlour.core.dominoes import Tile
from parlour.core.game import Game, GameMove, GameOptions, GameState
from parlour.core.zones import hidden_places, zone_cards

__all__ = ["Report", "Share", "Summary", "analyse", "deals_consistent", "format_report", "plot_report", "wilson"]

@attrs.frozen
class Summary:
    """The spread of a list of numbers."""

    count: int
    mean: float
    sd: float
    """The sample standard deviation (0 for fewer than two values)."""
    low: float
    median: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        """The summary of `values`; ValueError when there are none."""
        if not values:
            raise ValueError("no values to summarise")
        ordered = sorted(values)
        n = len(ordered)
        mean = sum(ordered) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in ordered) / (n - 1)) if n > 1 else 0.0
        middle = ordered[n // 2] if n % 2 else (ordered[n // 2 - 1] + ordered[n // 2]) / 2
        return cls(n, mean, sd, ordered[0], middle, ordered[-1])

    def __str__(self) -> str:
        return f"mean {self.mean:.1f} (sd {self.sd:.1f}), median {self.median:g}, range {self.low:g}..{self.high:g}"


@attrs.frozen
class Share:
    """How often something happened, with its 95% Wilson score interval."""

    hits: int
    trials: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.hits / self.trials if self.trials else 0.0

    def __str__(self) -> str:
        return f"{self.rate:.3f} [{self.low:.3f}, {self.high:.3f}] ({self.hits}/{self.trials})"


def wilson(hits: int, trials: int) -> Share:
    """`hits` out of `trials` with the 95% Wilson score interval, which stays inside 0..1 and is
    sound for small counts and rates near 0 or 1.

    >>> str(wilson(7, 10))
    '0.700 [0.397, 0.892] (7/10)'
    """
    if not 0 <= hits <= trials:
        raise ValueError(f"hits must be 0..trials, not {hits} of {trials}")
    low, high = wilson_interval(hits, trials)
    return Share(hits, trials, low, high)


def deals_consistent(game: Game, view: GameState) -> float:
    """log10 of the number of real card layouts a seat's view allows: the unseen cards spread
    over the hidden places, where a kept-sorted part (a hand) counts its cards and any other
    part (a stock) their order too. Inferences (voids, cards seen passed) are not applied, so it
    is an upper bound; with two or more packs, identical cards are divided out as if no sorted
    part held two of them. 0 for a view that hides nothing."""
    places = hidden_places(view, game.zones)
    hidden = sum(count for _, _, count, _ in places)
    if not hidden:
        return 0.0
    pack: Sequence[Card | Tile] = pack_of(game, view)
    seen = Counter(pack)
    seen.subtract(card for card in zone_cards(view, game.zones) if not card.is_hidden)
    log = math.lgamma(hidden + 1)
    log -= sum(math.lgamma(count + 1) for _, _, count, kept_sorted in places if kept_sorted)
    log -= sum(math.lgamma(copies + 1) for copies in seen.values() if copies > 1)
    return log / math.log(10)


@attrs.frozen
class Report:
    """What `analyse` measured over `games` seeded games of one game."""

    game: str
    title: str
    games: int
    seed: int
    bots: tuple[str, ...]
    options: str
    """"quick options", "default options" or the preset named."""
    moves: Summary
    """Moves per game."""
    hands: Summary
    """Hands (deals, rounds) per game."""
    branching: Summary
    """The legal moves of the seat to move, over every decision of every game."""
    branching_by_phase: tuple[tuple[str, Summary], ...]
    """The same by the state's phase (games without phases show one row, "play")."""
    move_kinds: tuple[tuple[str, int], ...]
    """How often each kind of move was made, most frequent first."""
    event_kinds: tuple[tuple[str, int], ...]
    """How often each kind of event occurred, most frequent first."""
    information: Summary | None
    """log10 of the deals consistent with the mover's view at each decision; None where the
    game hides nothing."""
    seat_wins: tuple[Share, ...]
    """How often each seat was among the winners."""
    first_player_wins: Share
    """How often the seat that made the game's first move was among the winners."""
    unfinished: int
    """Games stopped at the move cap before their end (they count as won by nobody)."""
    final_scores: tuple[tuple[int, ...], ...]
    """Each game's final scores by seat, in game order."""
    game_lengths: tuple[int, ...]
    """Each game's number of moves."""
    low_score_wins: bool


def analyse(
    game: str | Game,
    games: int = 100,
    seed: int = 1,
    bots: Sequence[str] | None = None,
    *,
    players: int | None = None,
    options: str | None = "quick",
    information_every: int = 1,
) -> Report:
    """Plays `games` games from seeds `seed`, `seed + 1`, ... and measures them.

    `bots` are `make_bot` specs, one per seat (default: random bots); bot `k` of game `i` has
    seed ``(seed + i) * 1009 + k``. `options` is "quick" (the game's short-match options, its
    defaults where it has none), "default" or a preset name. `information_every` measures the
    information set at every n-th decision only (it costs more than a move).
    """
    spec = parlour.game(game) if isinstance(game, str) else game
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if information_every < 1:
        raise ValueError(f"information_every must be at least 1, not {information_every}")
    chosen, options_text = _options(spec, options)
    first = spec.new_game(players, seed=seed, options=chosen)
    seats = len(spec.scores(first))
    specs = tuple(bots) if bots is not None else ("random",) * seats
    if len(specs) != seats:
        raise ValueError(f"{spec.name} is played by {seats} seats here, but {len(specs)} bots were given")

    lengths: list[int] = []
    hands: list[float] = []
    branching: list[float] = []
    by_phase: dict[str, list[float]] = {}
    move_kinds: Counter[str] = Counter()
    event_kinds: Counter[str] = Counter()
    information: list[float] = []
    seat_hits = [0] * seats
    first_hits = 0
    unfinished = 0
    finals: list[tuple[int, ...]] = []
    for index in range(games):
        state = first if index == 0 else spec.new_game(players, seed=seed + index, options=chosen)
        table = [make_bot(name, (seed + index) * 1009 + k) for k, name in enumerate(specs)]
        movers: list[int] = []

        def note(before: GameState, move: GameMove, after: GameState) -> None:
            mover = move.player
            count = len(spec.legal_moves(before, mover))
            phase = getattr(before, "phase", None)
            label = phase.name.lower() if phase is not None and hasattr(phase, "name") else "play"
            branching.append(count)
            by_phase.setdefault(label, []).append(count)
            move_kinds[type(move).__name__] += 1
            event_kinds.update(event.kind.name.lower() for event in after.events)
            if spec.hidden_information and len(movers) % information_every == 0:
                information.append(deals_consistent(spec, spec.view(before, mover)))
            movers.append(mover)

        final = play_game(spec, state, table, until=lambda now: len(movers) >= spec.max_plies, on_move=note)
        lengths.append(len(movers))
        hands.append(final.hand)
        finals.append(spec.scores(final))
        if not spec.is_over(final):
            unfinished += 1
            continue
        won = spec.winners(final)
        for seat in won:
            seat_hits[seat] += 1
        first_hits += bool(movers) and movers[0] in won
    return Report(
        game=spec.name,
        title=spec.title,
        games=games,
        seed=seed,
        bots=specs,
        options=options_text,
        moves=Summary.of(lengths),
        hands=Summary.of(hands),
        branching=Summary.of(branching or [0]),
        branching_by_phase=tuple((label, Summary.of(counts)) for label, counts in by_phase.items()),
        move_kinds=tuple(move_kinds.most_common()),
        event_kinds=tuple(event_kinds.most_common()),
        information=Summary.of(information) if information else None,
        seat_wins=tuple(wilson(hits, games) for hits in seat_hits),
        first_player_wins=wilson(first_hits, games),
        unfinished=unfinished,
        final_scores=tuple(finals),
        game_lengths=tuple(lengths),
        low_score_wins=spec.low_score_wins,
    )


def _options(spec: Game, name: str | None) -> tuple[GameOptions, str]:
    """The options `name` picks ("quick", "default" or a preset) and how the report names them."""
    if name is None or name == "default":
        return spec.options_type(), "default options"
    if name == "quick":
        return (spec.quick, "quick options") if spec.quick is not None else (spec.options_type(), "default options")
    presets = dict(spec.presets)
    if name not in presets:
        known = ", ".join(["quick", "default", *presets])
        raise ValueError(f"{spec.name} has no options named {name!r}; choose from {known}")
    return presets[name], f"preset {name}"


def format_report(report: Report) -> str:
    """The report as plain text, one fact a line."""
    lines = [
        f"{report.title}: {report.games} games, seed {report.seed}, bots {', '.join(report.bots)}, {report.options}",
        f"moves per game:    {report.moves}",
        f"hands per game:    {report.hands}",
        f"branching factor:  {report.branching}",
    ]
    lines += [f"  {label:15}  {summary}" for label, summary in report.branching_by_phase]
    if report.information is not None:
        lines.append(f"deals consistent with the mover's view (log10): {report.information}")
    else:
        lines.append("deals consistent with the mover's view: the game hides nothing")
    total = sum(count for _, count in report.move_kinds)
    lines.append("moves by kind:")
    lines += [f"  {kind:15}  {count:7}  {count / total:6.1%}" for kind, count in report.move_kinds]
    lines.append("events by kind:")
    lines += [f"  {kind:15}  {count:7}" for kind, count in report.event_kinds]
    lines.append("wins by seat (95% interval):")
    lines += [f"  seat {seat}           {share}" for seat, share in enumerate(report.seat_wins)]
    lines.append(f"  first mover      {report.first_player_wins}")
    if report.unfinished:
        lines.append(f"  {report.unfinished} game(s) stopped at the move cap, won by nobody")
    direction = "lower is better" if report.low_score_wins else "higher is better"
    lines.append(f"final scores by seat ({direction}):")
    for seat in range(len(report.seat_wins)):
        lines.append(f"  seat {seat}           {Summary.of([scores[seat] for scores in report.final_scores])}")
    return "\n".join(lines)


def plot_report(report: Report, folder: str | Path) -> list[Path]:
    """Draws the report's charts as PNG files in `folder` (made if missing); returns their paths.
    Needs matplotlib (the ``plot`` extra)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as exc:  # pragma: no cover - the extra is part of dev installs
        raise RuntimeError("plots need matplotlib: pip install 'parlour[plot]'") from exc
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    name = report.game
    written: list[Path] = []

    def save(figure: object, stem: str) -> None:
        path = out / f"{name}_{stem}.png"
        plt.tight_layout()
        plt.savefig(path, dpi=100)
        plt.close("all")
        written.append(path)

    figure, axes = plt.subplots(figsize=(6, 3.5))
    axes.hist(report.game_lengths, bins=min(30, max(5, report.games // 3)), color="#4a7ab5")
    axes.set(title=f"{report.title}: moves per game", xlabel="moves", ylabel="games")
    save(figure, "length")

    figure, axes = plt.subplots(figsize=(6, 3.5))
    labels = [label for label, _ in report.branching_by_phase]
    axes.bar(labels, [s.mean for _, s in report.branching_by_phase], yerr=[s.sd for _, s in report.branching_by_phase], color="#5b9e6a", capsize=4)
    axes.set(title=f"{report.title}: legal moves of the mover, by phase (mean, sd)", ylabel="moves")
    save(figure, "branching")

    figure, axes = plt.subplots(figsize=(6, 3.5))
    kinds = report.move_kinds[:15]
    axes.barh([kind for kind, _ in kinds][::-1], [count for _, count in kinds][::-1], color="#b58a4a")
    axes.set(title=f"{report.title}: moves by kind", xlabel="moves")
    save(figure, "moves")

    figure, axes = plt.subplots(figsize=(6, 3.5))
    shares = report.seat_wins
    seats = [f"seat {seat}" for seat in range(len(shares))] + ["first mover"]
    everyone = [*shares, report.first_player_wins]
    rates = [share.rate for share in everyone]
    errors = [[rate - share.low for rate, share in zip(rates, everyone)], [share.high - rate for rate, share in zip(rates, everyone)]]
    axes.bar(seats, rates, yerr=errors, color="#8a5bb5", capsize=4)
    axes.set(title=f"{report.title}: share of games won (95% interval)", ylabel="won", ylim=(0, 1))
    save(figure, "seats")

    figure, axes = plt.subplots(figsize=(6, 3.5))
    for seat in range(len(shares)):
        axes.hist([scores[seat] for scores in report.final_scores], bins=20, alpha=0.5, label=f"seat {seat}")
    axes.set(title=f"{report.title}: final scores", xlabel="score", ylabel="games")
    axes.legend()
    save(figure, "scores")
    return written
