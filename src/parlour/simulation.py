"""Many seeded games between bots, on every core or a Ray cluster: `parlour.simulate`.

``simulate("hearts", ("heuristic", "random", "random", "random"), games=1000, seed=7)`` plays a
thousand games and returns one `SeatResult` row per seat per game (its bot, score, whether it
won, how many moves it made...), ready for a spreadsheet (`to_csv`) or a data frame.

Everything a game needs is derived from the run's seed, so a run is a pure function of its
arguments, wherever it runs:

* game ``i`` of a run with seed ``S`` is dealt from ``game_seed(S, i)`` (a stable hash);
* the bot in seat ``s`` of a game with seed ``g`` is ``make_bot(spec, g * 1009 + s)``
  (`seat_bots`), the seeds ``python -m parlour demo --seed g`` gives its bots;
* bots are built from their specs inside the worker that plays the game, so only names and
  numbers cross process (or machine) boundaries.

Games are split into chunks of consecutive indices; a local process pool (``workers``
processes, inline for ``workers=1``) or Ray tasks (``backend="ray"``) play the chunks, and the
rows come back sorted by game and seat. The same arguments give the same rows for any number of
workers and on either backend.

>>> rows = simulate("farkle", ("random", "random"), games=3, seed=5, workers=1, quick=True)
>>> len(rows), [row.seat for row in rows[:2]], rows[0].seed == game_seed(5, 0)
(6, [0, 1], True)
>>> [sum(row.won for row in rows if row.index == i) for i in range(3)]
[1, 1, 1]
"""

from __future__ import annotations

import argparse
import csv as csv_module
import hashlib
import math
import os
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Final, TextIO

import attrs

from parlour.bots import Bot, make_bot, play_game
from parlour.bots.tournament import seat_specs
from parlour.core.game import Game, GameMove, GameOptions, GameSpec, GameState
from parlour.core.options import options_text
from parlour.core.registry import game as registered_game
from parlour.core.rng import MAX_SEED

__all__ = [
    "BACKENDS",
    "BOT_SEED_STRIDE",
    "SeatResult",
    "add_arguments",
    "game_seed",
    "main",
    "read_csv",
    "run",
    "seat_bots",
    "simulate",
    "summary",
    "to_csv",
]

BACKENDS: Final = ("local", "ray")
"""Where `simulate` plays: a local process pool, or a Ray cluster."""
BOT_SEED_STRIDE: Final = 1009
"""The bot in seat ``s`` of a game with seed ``g`` gets the seed ``g * 1009 + s``."""
CHUNKS_PER_WORKER: Final = 4
"""Games are handed out in about this many chunks per worker: enough to even out games of
different lengths, few enough that sending work costs little."""


@attrs.frozen(kw_only=True)
class SeatResult:
    """How one seat fared in one game of a simulation: one row of the results (and of the CSV)."""

    game: str
    """The game with the options played, as ``hearts(target_score=50)`` (just ``hearts`` for
    the defaults): what `parlour.cli.read_options` and `parlour.Record` read."""
    index: int
    """The game's number in the run, from 0."""
    seed: int
    """The game's seed, ``game_seed(run seed, index)``: ``new_game(seed=...)`` deals it again."""
    seat: int
    bot: str
    """The spec of the bot in this seat (``random``, ``ismcts:500``)."""
    score: int
    """The seat's final score (`GameSpec.scores`; lower is better where `low_score_wins`)."""
    won: bool
    """The seat is among `GameSpec.winners` (several seats may win, or none)."""
    moves: int
    """The moves this seat made."""
    plies: int
    """The moves of the whole game, every seat's."""
    hands: int
    """The game's last `hand` number: the deals, rounds or turn cycles it took."""


_FIELDS: Final = tuple(field.name for field in attrs.fields(SeatResult))


# --- Seeds ------------------------------------------------------------------------------------


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` (from 0) of a run with seed `seed`.

    The first eight bytes of ``BLAKE2b("<seed>:<index>")``, read big-endian, modulo 2**53 (the
    largest seed a game takes): stable across Python versions and machines, and unrelated from
    one game to the next and from one run's seed to the next, so runs with neighbouring seeds
    share no games.

    >>> game_seed(7, 0), game_seed(7, 1)
    (1566166344806912, 5174462126519787)
    """
    digest = hashlib.blake2b(f"{seed}:{index}".encode("ascii"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % (MAX_SEED + 1)


def seat_bots(bots: Sequence[str], seed: int) -> list[Bot]:
    """The bots of one game with seed `seed`: ``make_bot(bots[s], seed * 1009 + s)`` for each
    seat ``s``, so a game is replayed by building its bots again.

    >>> seat_bots(["random", "random"], 3)
    [RandomBot(seed=3027), RandomBot(seed=3028)]
    """
    return [make_bot(spec, seed * BOT_SEED_STRIDE + seat) for seat, spec in enumerate(bots)]


# --- Playing ----------------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _Table:
    """Everything a worker needs to play any game of a run: names and numbers only (it pickles
    small, and the worker looks the game up and builds the bots itself)."""

    name: str
    options: GameOptions
    players: int
    bots: tuple[str, ...]
    rotate: bool
    seed: int

    def lineup(self, index: int) -> tuple[str, ...]:
        """The bot specs by seat in game `index`: the given order, or with `rotate`, moved on
        one seat a game as a tournament seats them (seat s gets ``bots[(s + index) % players]``)."""
        return seat_specs(self.bots, self.players, index) if self.rotate else self.bots


def _play(table: _Table, index: int) -> tuple[SeatResult, ...]:
    """Plays game `index` of the run to its end and reports every seat."""
    spec = registered_game(table.name)
    seed = game_seed(table.seed, index)
    lineup = table.lineup(index)
    moves = [0] * table.players

    def count(before: GameState, move: GameMove, after: GameState) -> None:
        moves[move.player] += 1

    state = spec.new_game(table.players, seed=seed, options=table.options)
    final = play_game(spec, state, seat_bots(lineup, seed), on_move=count)
    scores, winners = spec.scores(final), spec.winners(final)
    text = options_text(table.name, table.options)
    return tuple(
        SeatResult(
            game=text,
            index=index,
            seed=seed,
            seat=seat,
            bot=lineup[seat],
            score=scores[seat],
            won=seat in winners,
            moves=moves[seat],
            plies=sum(moves),
            hands=final.hand,
        )
        for seat in range(table.players)
    )


def _play_chunk(table: _Table, indices: range) -> tuple[SeatResult, ...]:
    """Plays the games `indices` of the run, in order (what one worker task does)."""
    return tuple(row for index in indices for row in _play(table, index))


def _cores() -> int:
    """The cores this process may run on (fewer than the machine's under a CPU limit)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _chunks(games: int, workers: int) -> list[range]:
    """Consecutive runs of game indices, about `CHUNKS_PER_WORKER` per worker."""
    size = max(1, math.ceil(games / (workers * CHUNKS_PER_WORKER)))
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


class _Progress:
    """A one-line progress bar on a stream: ``hearts  412/1000 games  41%  96.3 games/s  6s left``.

    Asked for (`show` True), it draws from the start; by default it draws only on a terminal
    and only once the run has taken a second, so short runs and redirected output stay quiet.
    """

    def __init__(self, label: str, total: int, show: bool | None, stream: TextIO) -> None:
        self.label, self.total, self.stream = label, total, stream
        self.done = 0
        self.start = time.monotonic()
        self.enabled = show if show is not None else stream.isatty()
        self.patient = show is None
        self.drawn_at: float | None = None
        self.drawn_done = 0

    def advance(self, games: int) -> None:
        """Counts `games` more games finished, and redraws at most five times a second."""
        self.done += games
        now = time.monotonic()
        if not self.enabled or (self.patient and now - self.start < 1.0):
            return
        if self.drawn_at is None or now - self.drawn_at >= 0.2 or self.done == self.total:
            self._draw(now)

    def close(self) -> None:
        """Ends the line, if one was drawn (brought up to date first)."""
        if self.drawn_at is not None:
            if self.drawn_done != self.done:
                self._draw(time.monotonic())
            self.stream.write("\n")
            self.stream.flush()

    def _draw(self, now: float) -> None:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        left = f"  {(self.total - self.done) / rate:.0f}s left" if 0 < self.done < self.total else ""
        width = len(str(self.total))
        self.stream.write(
            f"\r{self.label}  {self.done:>{width}}/{self.total} games  {100 * self.done // self.total:3d}%"
            f"  {rate:.1f} games/s{left}\x1b[K"
        )
        self.stream.flush()
        self.drawn_at, self.drawn_done = now, self.done


def _run_local(table: _Table, chunks: list[range], workers: int) -> Iterator[tuple[SeatResult, ...]]:
    """The chunks' rows as they finish, inline (one worker) or from a process pool."""
    if workers == 1:
        for chunk in chunks:
            yield _play_chunk(table, chunk)
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        futures = [pool.submit(_play_chunk, table, chunk) for chunk in chunks]
        for future in as_completed(futures):
            yield future.result()
    finally:
        # After an error or an interrupt, the chunks not started yet are dropped.
        pool.shutdown(cancel_futures=True)


def _connect_ray(address: str | None) -> int:
    """Connects to Ray, unless this process is connected already (then `address` is not used),
    and returns the cluster's CPUs. ``ray.init(address=None)`` starts a local instance. The
    connection stays open, so later runs skip the start-up (``ray.shutdown()`` ends it)."""
    import ray

    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    return max(1, int(resources.get("CPU", 1)))


def _run_ray(table: _Table, chunks: list[range]) -> Iterator[tuple[SeatResult, ...]]:
    """The chunks' rows as they finish, each chunk a Ray task (after `_connect_ray`)."""
    import ray

    remote_chunk = ray.remote(_play_chunk)
    pending = [remote_chunk.remote(table, chunk) for chunk in chunks]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            rows: tuple[SeatResult, ...] = ray.get(done[0])
            yield rows
    finally:
        for task in pending:  # after an error or an interrupt
            ray.cancel(task)


# --- The front door ---------------------------------------------------------------------------


def simulate(
    game: str | Game,
    bots: str | Sequence[str],
    *,
    games: int = 100,
    seed: int = 0,
    options: GameOptions | str | None = None,
    players: int | None = None,
    quick: bool = False,
    rotate: bool = False,
    workers: int | None = None,
    backend: str = "local",
    address: str | None = None,
    progress: bool | None = None,
    csv: str | Path | None = None,
) -> tuple[SeatResult, ...]:
    """Plays `games` seeded games of `game` between `bots` and returns one row per seat per
    game, sorted by game index and seat.

    `bots` holds one bot spec per seat (``("heuristic", "random", "random", "random")``; see
    `parlour.bots.make_bot`), or is one spec for every seat of `players` (default: the game's
    usual count). Bots keep their seats unless `rotate` is true, which moves the line-up on one
    seat each game as `parlour.bots.tournament` does (in game i, seat s gets
    ``bots[(s + i) % players]``), so that no bot keeps the advantage of a seat. Game i is dealt from ``game_seed(seed, i)`` and its bots from
    `seat_bots`.

    `options` is the game's options value, a preset name, or options text (``target_score=50``,
    ``hoyle,passing=left``, as ``python -m parlour play --options`` reads); ``quick=True`` plays
    the game's short match (`GameSpec.quick`) instead.

    `workers` is how many processes play at once on this machine (None: every core; 1: inline
    in this process, no pool). ``backend="ray"`` plays on a Ray cluster instead (the ``ray``
    extra): the one this process is connected to, else ``ray.init(address=address)`` (None
    starts a local one). `progress` draws a progress bar on standard error (None: only on a
    terminal, once a run has taken a second). With `csv`, the rows are also written to that file
    (`to_csv`).

    ValueError for an unknown game, bot or backend, a bot count the game does not allow,
    options that are not the game's, and counts or seeds out of range.
    """
    table = _table(game, bots, games=games, seed=seed, options=options, players=players, quick=quick, rotate=rotate)
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be a whole number from 1, or None for every core, not {workers!r}")
    if backend == "ray":
        cluster_cpus = _connect_ray(address)
        size = workers or cluster_cpus
    else:
        size = min(workers or _cores(), games)
    chunks = _chunks(games, size)
    bar = _Progress(table.name, games, progress, sys.stderr)
    parts: list[tuple[SeatResult, ...]] = []
    try:
        finished = _run_ray(table, chunks) if backend == "ray" else _run_local(table, chunks, size)
        for rows in finished:
            parts.append(rows)
            bar.advance(len(rows) // table.players)
    finally:
        bar.close()
    results = tuple(sorted((row for part in parts for row in part), key=lambda row: (row.index, row.seat)))
    if csv is not None:
        to_csv(results, csv)
    return results


def _table(
    game: str | Game,
    bots: str | Sequence[str],
    *,
    games: int,
    seed: int,
    options: GameOptions | str | None,
    players: int | None,
    quick: bool,
    rotate: bool,
) -> _Table:
    """The checked setup of a run (every ValueError `simulate` raises for its arguments)."""
    spec = _spec(game)
    if type(games) is not int or games < 1:
        raise ValueError(f"games must be a whole number from 1, not {games!r}")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    value = _options(spec, options, quick)
    allowed = spec.allowed_players(value)
    counts = ", ".join(map(str, allowed))
    if isinstance(bots, str):
        count = spec.default_players if players is None else players
        if type(count) is not int or count not in allowed:
            raise ValueError(f"{spec.name} is played by {counts} players, not {count!r}")
        specs = (bots,) * count
    else:
        specs = tuple(bots)
        if players is not None and players != len(specs):
            raise ValueError(f"players={players!r}, but {len(specs)} bots were given: one bot per seat")
        if len(specs) not in allowed:
            raise ValueError(f"{spec.name} is played by {counts} players: give one bot per seat, not {len(specs)}")
    for text in dict.fromkeys(specs):
        if not isinstance(text, str):
            raise ValueError(f"a bot is named by a spec such as 'random' or 'ismcts:500', not {text!r}")
        make_bot(text, 0)  # an unknown name or strength raises ValueError now, not in a worker
    return _Table(name=spec.name, options=value, players=len(specs), bots=specs, rotate=bool(rotate), seed=seed)


def _spec(game: str | Game) -> Game:
    """The registered game named (workers look it up by name again)."""
    if isinstance(game, GameSpec):
        if registered_game(game.name) is not game:
            raise ValueError(f"simulate plays registered games; {game.name!r} is not the registered one")
        return game
    if not isinstance(game, str):
        raise ValueError(f"game must be a game name or a GameSpec, not {game!r}")
    return registered_game(game)


def _options(spec: Game, options: GameOptions | str | None, quick: bool) -> GameOptions:
    """The options value to play with, from a value, text, a preset name or `quick`."""
    if quick and options is not None:
        raise ValueError("give options or quick=True, not both")
    if quick:
        return spec.quick if spec.quick is not None else spec.options_type()
    if options is None:
        return spec.options_type()
    if isinstance(options, str):
        from parlour.cli import read_options

        return read_options(spec, options)
    if not isinstance(options, spec.options_type):
        raise ValueError(f"options must be {spec.name}'s {spec.options_type.__name__}, not {type(options).__name__}")
    return options


# --- CSV --------------------------------------------------------------------------------------


def to_csv(rows: Iterable[SeatResult], path: str | Path) -> None:
    """Writes rows as CSV: a header of the `SeatResult` field names, then one line a row
    (``won`` as ``True``/``False``), in UTF-8 with ``\\n`` line ends."""
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv_module.writer(out, lineterminator="\n")
        writer.writerow(_FIELDS)
        for row in rows:
            writer.writerow(attrs.astuple(row))


def read_csv(path: str | Path) -> tuple[SeatResult, ...]:
    """The rows of a CSV file that `to_csv` wrote; ValueError naming the line for anything else."""
    with open(path, encoding="utf-8", newline="") as source:
        reader = csv_module.reader(source)
        header = next(reader, None)
        if header is None or tuple(header) != _FIELDS:
            raise ValueError(f"{path}: the header must be {','.join(_FIELDS)}, not {header}")
        return tuple(_row(values, f"{path}, line {number}") for number, values in enumerate(reader, 2))


def _row(values: list[str], where: str) -> SeatResult:
    if len(values) != len(_FIELDS):
        raise ValueError(f"{where}: {len(values)} values, not {len(_FIELDS)}")
    fields = dict(zip(_FIELDS, values))
    if fields["won"] not in ("True", "False"):
        raise ValueError(f"{where}: won must be True or False, not {fields['won']!r}")
    try:
        numbers = {name: int(fields[name]) for name in ("index", "seed", "seat", "score", "moves", "plies", "hands")}
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
    return SeatResult(game=fields["game"], bot=fields["bot"], won=fields["won"] == "True", **numbers)


# --- Command line -----------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``python -m parlour simulate`` (for `run`)."""
    parser.add_argument("game", help="a game name from 'python -m parlour list'")
    parser.add_argument(
        "--bots",
        default="random",
        help="bot specs by seat, comma-separated (random,heuristic,ismcts:500), or one for every seat "
        "(default: random)",
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed; game i is dealt from game_seed(seed, i)")
    parser.add_argument("--players", type=int, help="number of players, with a single bot spec")
    parser.add_argument("--options", metavar="TEXT", help='rule options ("target_score=50") or a preset name')
    parser.add_argument("--quick", action="store_true", help="play the game's short match")
    parser.add_argument("--rotate", action="store_true", help="move the bots one seat on each game")
    parser.add_argument("--workers", type=int, help="processes at once (default: every core; 1: no pool)")
    parser.add_argument("--backend", choices=BACKENDS, default="local", help="local processes or a Ray cluster")
    parser.add_argument("--address", help="the Ray cluster to connect to (default: start a local one)")
    parser.add_argument("--csv", metavar="FILE", help="write one row per seat per game to FILE")
    parser.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None, help="progress bar (default: on a terminal)"
    )


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Runs a simulation from parsed arguments and prints a summary by bot; the exit status
    (0 done, 2 bad usage: the message goes to standard error)."""
    out = out or sys.stdout
    specs = args.bots.split(",")
    start = time.perf_counter()
    try:
        rows = simulate(
            args.game,
            specs[0].strip() if len(specs) == 1 else [spec.strip() for spec in specs],
            games=args.games,
            seed=args.seed,
            options=args.options,
            players=args.players,
            quick=args.quick,
            rotate=args.rotate,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            progress=args.progress,
            csv=args.csv,
        )
    except ValueError as exc:
        print(f"parlour simulate: error: {exc}", file=sys.stderr)
        return 2
    seconds = time.perf_counter() - start
    print(summary(rows), file=out)
    print(f"{args.games} games in {seconds:.1f}s ({args.games / seconds:.1f} games/s)", file=out)
    if args.csv:
        print(f"rows written to {args.csv}", file=out)
    return 0


def summary(rows: Sequence[SeatResult]) -> str:
    """A table by bot spec: seats played, wins, win rate, mean score and mean moves.

    >>> rows = simulate("farkle", ("random", "random"), games=4, seed=1, workers=1, quick=True)
    >>> print(summary(rows))
    bot     seats  wins  win rate  mean score  mean moves
    random      8     4     0.500      1950.0        47.6
    """
    bots = sorted({row.bot for row in rows})
    width = max(len("bot"), *map(len, bots))
    lines = [f"{'bot':<{width}}  seats  wins  win rate  mean score  mean moves"]
    for bot in bots:
        mine = [row for row in rows if row.bot == bot]
        wins = sum(row.won for row in mine)
        mean_score = sum(row.score for row in mine) / len(mine)
        mean_moves = sum(row.moves for row in mine) / len(mine)
        lines.append(
            f"{bot:<{width}}  {len(mine):5d}  {wins:4d}  {wins / len(mine):8.3f}  {mean_score:10.1f}  {mean_moves:10.1f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m parlour.simulation <game> --bots ... --games N``: the same as ``python -m
    parlour simulate``."""
    parser = argparse.ArgumentParser(
        prog="python -m parlour.simulation", description="Play many seeded games between bots and summarise them."
    )
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    # Run through the imported module, so the workers' rows and tasks are parlour.simulation's
    # classes and functions, not copies belonging to __main__.
    from parlour.simulation import main as _main

    raise SystemExit(_main())
