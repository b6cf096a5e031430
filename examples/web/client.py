"""A frontend of your own on the web table's messages: a terminal client for one seat.

    python examples/web/server.py --game hearts --bots random,random,random --port 8080
    python examples/web/client.py http://localhost:8080 --table 1 --seat 0

It prints the events every state message brings and asks for a move when the seat has some
(Enter takes the first legal move); ``--auto`` plays the first legal move itself, and ``--hands N``
stops after N hands were scored. The page in ``static/`` reads the same messages.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from typing import TextIO

import aiohttp

__all__ = ["main", "sit"]


async def sit(base: str, table: str, seat: int, *, auto: bool, hands: int | None, out: TextIO) -> None:
    """Plays `seat` of `table` on the server at `base` until the game ends (or `hands` were scored)."""
    scored = 0
    legal: list[str] = []
    url = f"{base.rstrip('/')}/tables/{table}/ws?seat={seat}"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as socket:
        async for frame in socket:
            message = json.loads(frame.data)
            if message["type"] == "hello":
                print(f"{message['title']} at table {message['table']}: you are seat {seat} of {message['seats']}", file=out)
            elif message["type"] == "refused":
                print(f"refused: {message['message']}", file=out)
                await socket.send_json({"type": "move", "move": await _choose(legal, auto)})
            elif message["type"] == "state":
                for event in message["events"]:
                    print(f"  {event['text']}", file=out)
                scored += sum(event["kind"] == "HAND_SCORED" for event in message["events"])
                if message["over"] or (hands is not None and scored >= hands):
                    print(f"scores: {message['scores']}", file=out)
                    return
                legal = message["legal"]
                if legal:
                    move = await _choose(legal, auto)
                    print(f"you: {move}", file=out)
                    await socket.send_json({"type": "move", "move": move})


async def _choose(legal: list[str], auto: bool) -> str:
    """The first legal move with --auto; else a line typed by the person (Enter: the first)."""
    if auto and legal:
        return legal[0]
    shown = ", ".join(legal[:12]) + (" ..." if len(legal) > 12 else "")
    typed = await asyncio.to_thread(input, f"your move [{shown}]: " if legal else "your move: ")
    return typed.strip() or (legal[0] if legal else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sit at a seat of a parlour web table from the terminal.")
    parser.add_argument("server", help="the server's address, e.g. http://localhost:8080")
    parser.add_argument("--table", default="1")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--auto", action="store_true", help="play the first legal move every time")
    parser.add_argument("--hands", type=int, help="stop after this many hands were scored")
    args = parser.parse_args(argv)
    asyncio.run(sit(args.server, args.table, args.seat, auto=args.auto, hands=args.hands, out=sys.stdout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
