"""A web table for any parlour game: people play in the browser, bots play on the server.

    python examples/web/server.py --game hearts --bots random,random,random --port 8080

then open http://localhost:8080/ to sit at seat 0. ``docs/web.rst`` describes the websocket
protocol, so other frontends can sit at the same tables.

The real state never leaves this process. Each seat is sent `game.view(state, seat)` as JSON,
the events of the last move as that view shows them (redacted like the rest of it) and its own
legal moves as notation; it answers with notation, which is read against its own view, so even
an error message is made from what the seat may see. Bots move here, one at a time, as in
`parlour.bots.play_game`: the lowest seat that may act moves next, after a short pause so that
people can follow.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final, TypeAlias

from aiohttp import WSMsgType, web

import parlour
from parlour.bots import Bot, Observer, make_bot
from parlour.cli import read_options
from parlour.core.events import Event
from parlour.core.game import Game, GameOptions, GameState

__all__ = ["PERSON", "TABLES", "Table", "event_json", "main", "make_app", "open_table"]

STATIC: Final = Path(__file__).resolve().parent / "static"
PERSON: Final = "person"
"""The seat spec of a seat that a person takes from the browser (other specs name bots)."""
QUICK: Final = "quick"
"""The options text that asks for the game's short match (`GameSpec.quick`)."""
DEFAULT_PACE: Final = 0.6
"""Seconds a bot waits before it moves, so that people see each move land."""

Json: TypeAlias = dict[str, object]
log = logging.getLogger("parlour.web")


class Table:
    """One game in progress: the real state, who sits where, and the sockets watching it.

    A seat is a person (`PERSON`) or a bot spec for `parlour.bots.make_bot` ("random",
    "heuristic", "ismcts:200"). `on_state(step, state)` (None: unused) hears of every real state
    the table reaches, numbered as the messages number them; tests use it to check what reached
    a page against what was hidden.
    """

    def __init__(self, table_id: str, game: Game, state: GameState, seats: Sequence[str], *, seed: int | None, pace: float) -> None:
        if pace < 0:
            raise ValueError(f"the bots' pace must be zero or more seconds, not {pace}")
        self.id = table_id
        self.game = game
        self.state = state
        self.seats = tuple(seats)
        self.bots: tuple[Bot | None, ...] = tuple(
            None if spec == PERSON else make_bot(spec, None if seed is None else seed + seat)
            for seat, spec in enumerate(self.seats)
        )
        self.pace = pace
        self.step = 0
        """The number of moves played: every state message carries it."""
        self.sockets: dict[int | None, set[web.WebSocketResponse]] = {}
        """The open sockets by seat (None: spectators)."""
        self.on_state: Callable[[int, GameState], None] | None = None
        self._lock = asyncio.Lock()
        self._driver: asyncio.Task[None] | None = None
        self._tell_observers()

    # --- what a seat is sent ---------------------------------------------------------------

    def hello(self, seat: int | None) -> Json:
        """The first message on a socket: the game, the seats, and the zones to draw."""
        game = self.game
        return {
            "type": "hello",
            "table": self.id,
            "game": game.name,
            "title": game.title,
            "family": game.family,
            "seat": seat,
            "seats": list(self.seats),
            "zones": [{"field": zone.field, "by_seat": zone.by_seat} for zone in game.zones],
            "low_score_wins": game.low_score_wins,
        }

    def state_message(self, seat: int | None) -> Json:
        """What `seat` (None: a spectator) may know now, all of it read from its view."""
        game = self.game
        view = game.view(self.state, seat)
        return {
            "type": "state",
            "step": self.step,
            "hand": view.hand,
            "view": json.loads(parlour.to_json(view)),
            "events": [event_json(event) for event in view.events],
            "legal": [str(move) for move in game.legal_moves(view)],
            "to_act": sorted(game.to_act(view)),
            "scores": list(game.scores(view)),
            "over": game.is_over(view),
            "winners": sorted(game.winners(view)),
            "text": game.render(view),
        }

    # --- people and bots moving ------------------------------------------------------------

    async def play(self, seat: int | None, text: str) -> str | None:
        """Plays the move `seat` wrote; None when it was played, else why it was refused."""
        if seat is None:
            return "a spectator cannot move"
        async with self._lock:
            try:
                move = self.game.parse_move(self.game.view(self.state, seat), text, seat)
            except ValueError as error:  # NotationError, IllegalMove
                return str(error)
            await self._advance(self.game.apply(self.state, move))
        self.wake()
        return None

    def wake(self) -> None:
        """Lets the bots play until a person is to move (runs in the server's event loop)."""
        if self._driver is None or self._driver.done():
            self._driver = asyncio.get_running_loop().create_task(self._drive())

    def _bot_to_move(self) -> int | None:
        """The seat that moves next if it is a bot's (the lowest seat that may act), else None."""
        if self.game.is_over(self.state):
            return None
        seat = min(self.game.to_act(self.state))
        return seat if self.bots[seat] is not None else None

    async def _drive(self) -> None:
        """Bots move while the lowest seat to act is a bot's. A bot chooses in a worker thread
        (a search must not stall the sockets) under the table's lock, so a person's move waits
        for it and a bot is never told of a new state while it chooses."""
        try:
            while (seat := self._bot_to_move()) is not None:
                bot = self.bots[seat]
                assert bot is not None
                before = self.state
                await asyncio.sleep(self.pace)
                async with self._lock:
                    if self.state is not before:
                        continue  # a person moved during the pause (several seats may act at once)
                    move = await asyncio.to_thread(bot.choose, self.game, before, seat)
                    await self._advance(self.game.apply(before, move))
        except Exception:
            log.exception("table %s: a bot failed; the table waits", self.id)

    async def _advance(self, state: GameState) -> None:
        """Makes `state` the table's state and sends every seat its new view."""
        self.state = state
        self.step += 1
        self._tell_observers()
        await self._broadcast()

    def _tell_observers(self) -> None:
        if self.on_state is not None:
            self.on_state(self.step, self.state)
        for seat, bot in enumerate(self.bots):
            if isinstance(bot, Observer):
                bot.observe(self.game, self.state, seat)

    async def _broadcast(self) -> None:
        for seat, sockets in list(self.sockets.items()):
            if sockets:
                text = json.dumps(self.state_message(seat))
                for socket in list(sockets):
                    await _send(socket, text, sockets)


def event_json(event: Event) -> Json:
    """An event as the page reads it: the kind's name to switch on, and its text to show."""
    return {
        "kind": event.kind.name,
        "player": event.player,
        "cards": [str(card) for card in event.cards],
        "numbers": list(event.numbers),
        "label": event.label,
        "text": str(event),
    }


async def _send(socket: web.WebSocketResponse, text: str, sockets: set[web.WebSocketResponse]) -> None:
    """Sends on one socket, forgetting it when it has gone."""
    try:
        await socket.send_str(text)
    except (ConnectionError, RuntimeError):
        sockets.discard(socket)


_TABLE_IDS: Final = itertools.count(1)


def open_table(
    game_name: str,
    seats: Sequence[str],
    *,
    options: str = "",
    seed: int | None = None,
    pace: float = DEFAULT_PACE,
) -> Table:
    """A new table: `seats` holds `PERSON` or a bot spec for each seat (their number is the
    player count); `options` is "quick", a preset, or rule options as `python -m parlour
    --options` reads them. ValueError names what is wrong."""
    if game_name not in parlour.game_names():
        raise ValueError(f"no game named {game_name!r}; games: {', '.join(parlour.game_names())}")
    game = parlour.game(game_name)
    specs = [spec.strip().lower() for spec in seats]
    chosen: GameOptions | None = None
    if options.strip() == QUICK:
        chosen = game.quick
    elif options.strip():
        chosen = read_options(game, options)
    state = game.new_game(len(specs), seed=seed, options=chosen)
    return Table(str(next(_TABLE_IDS)), game, state, specs, seed=seed, pace=pace)


# --- the web application ---------------------------------------------------------------------

TABLES: Final = web.AppKey("tables", dict[str, Table])


def make_app(*tables: Table) -> web.Application:
    """The aiohttp application serving the page, the tables and their websockets."""
    app = web.Application()
    app[TABLES] = {table.id: table for table in tables}
    app.router.add_get("/", _page)
    app.router.add_get("/tables", _list_tables)
    app.router.add_post("/tables", _create_table)
    app.router.add_get("/tables/{table}/ws", _websocket)
    app.router.add_static("/static", STATIC)
    return app


async def _page(request: web.Request) -> web.StreamResponse:
    """The table page; without ``?table=`` it sends the visitor to the first table's first
    free person seat (or to watch it)."""
    tables = request.app[TABLES]
    if "table" not in request.query and tables:
        table = next(iter(tables.values()))
        seat = next((str(s) for s, spec in enumerate(table.seats) if spec == PERSON), "")
        raise web.HTTPFound(f"/?table={table.id}&seat={seat}")
    return web.FileResponse(STATIC / "index.html")


def _summary(table: Table) -> Json:
    return {"table": table.id, "game": table.game.name, "seats": list(table.seats), "step": table.step}


async def _list_tables(request: web.Request) -> web.Response:
    return web.json_response([_summary(table) for table in request.app[TABLES].values()])


async def _create_table(request: web.Request) -> web.Response:
    """POST {"game": "hearts", "seats": ["person", "random", ...], "options": "quick",
    "seed": 3, "pace": 0.6}: a new table (201), or 400 with the reason."""
    try:
        body = await request.json()
        if not isinstance(body, dict):
            raise ValueError("send a JSON object")
        game, seats, options, seed, pace = (
            body.get("game"), body.get("seats"), body.get("options", ""), body.get("seed"), body.get("pace", DEFAULT_PACE),
        )
        if not isinstance(game, str) or not isinstance(options, str):
            raise ValueError('"game" and "options" must be text')
        if not isinstance(seats, list) or not all(isinstance(spec, str) for spec in seats):
            raise ValueError('"seats" must be a list of seat specs ("person", "random", ...)')
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError('"seed" must be a whole number or null')
        if not isinstance(pace, (int, float)) or isinstance(pace, bool):
            raise ValueError('"pace" must be a number of seconds')
        table = open_table(game, seats, options=options, seed=seed, pace=float(pace))
    except ValueError as error:  # also a body that is not JSON
        return web.json_response({"error": str(error)}, status=400)
    request.app[TABLES][table.id] = table
    return web.json_response(_summary(table), status=201)


def _seat_of(request: web.Request, table: Table) -> int | None:
    """The seat the socket asks for (``?seat=2``; none: a spectator); it must be a person's."""
    text = request.query.get("seat", "")
    if not text:
        return None
    if not text.isdigit() or int(text) >= len(table.seats):
        raise web.HTTPBadRequest(text=f"seat must be 0..{len(table.seats) - 1}, not {text!r}")
    seat = int(text)
    if table.seats[seat] != PERSON:
        raise web.HTTPBadRequest(text=f"seat {seat} is played by the {table.seats[seat]} bot")
    return seat


async def _websocket(request: web.Request) -> web.WebSocketResponse:
    table = request.app[TABLES].get(request.match_info["table"])
    if table is None:
        raise web.HTTPNotFound(text=f"no table {request.match_info['table']!r}")
    seat = _seat_of(request, table)
    socket = web.WebSocketResponse(heartbeat=30)
    await socket.prepare(request)
    sockets = table.sockets.setdefault(seat, set())
    sockets.add(socket)
    try:
        await socket.send_json(table.hello(seat))
        await socket.send_json(table.state_message(seat))
        table.wake()
        async for message in socket:
            if message.type is WSMsgType.TEXT:
                await _answer(table, seat, socket, message.data)
    finally:
        sockets.discard(socket)
    return socket


async def _answer(table: Table, seat: int | None, socket: web.WebSocketResponse, data: str) -> None:
    """Reads one message from a seat: {"type": "move", "move": "<notation>"}. A refusal goes
    back on this socket only."""
    try:
        message = json.loads(data)
    except ValueError:
        message = None
    if not isinstance(message, dict) or message.get("type") != "move" or not isinstance(message.get("move"), str):
        why: str | None = 'send {"type": "move", "move": "<notation>"}'
        text = ""
    else:
        text = message["move"]
        why = await table.play(seat, text)
    if why is not None:
        await socket.send_json({"type": "refused", "step": table.step, "move": text, "message": why})


# --- the command line ------------------------------------------------------------------------


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="A web table for a parlour game: you in the browser, bots on the server.")
    parser.add_argument("--game", default="hearts", help="a game name from 'python -m parlour list' (default hearts)")
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--bots", help="bots for seats 1, 2, ... with you at seat 0: random,heuristic,ismcts:200")
    who.add_argument("--seats", help="every seat, 'person' for people: person,random,person,heuristic")
    parser.add_argument("--options", default="", help='"quick" (a short match), a preset, or "passing=left"')
    parser.add_argument("--seed", type=int, help="make the deal and the bots reproducible")
    parser.add_argument("--pace", type=float, default=DEFAULT_PACE, help=f"seconds a bot waits before moving (default {DEFAULT_PACE})")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    return parser.parse_args(argv)


def _seat_specs(args: argparse.Namespace) -> list[str]:
    """The seats from --seats, or from --bots with a person at seat 0; by default a person and
    random bots in the game's usual player count."""
    if args.seats:
        return [spec.strip() for spec in str(args.seats).split(",")]
    if args.bots:
        return [PERSON, *(spec.strip() for spec in str(args.bots).split(","))]
    if args.game not in parlour.game_names():
        return [PERSON]  # open_table names the games
    return [PERSON] + ["random"] * (parlour.game(args.game).default_players - 1)


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)
    try:
        table = open_table(args.game, _seat_specs(args), options=args.options, seed=args.seed, pace=args.pace)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO)
    print(f"{table.game.title} at http://{args.host}:{args.port}/ (seats: {', '.join(table.seats)})")
    web.run_app(make_app(table), host=args.host, port=args.port, print=None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
