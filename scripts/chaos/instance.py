"""One Python runtime instance of the chaos run (scripts/chaos.ts), in its own process: an
AgentServer on the given port in the same fleet as the Node instances (one Redis); the driver
asks it to make agent calls with JSON lines on stdin, and reads what they return on stdout."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import signal
import sys
from typing import Any

from agent_interaction_kit import AgentServer, Grant, Handshake, Inbox, KitError, Links


def emit(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


async def main() -> None:
    # The pages are served from loopback, which the default origins accept; the start-up note is not news here.
    logging.getLogger("agent_interaction_kit").setLevel(logging.ERROR)
    # Every decided call appends its audit record to aik:audit, which the driver counts. With
    # CHAOS_INBOX it serves the inbox too, and a page's `?as=<actor>` (or, on an answer link's page,
    # its `as` cookie) names who is on it, as the Node instance does. With CHAOS_LINK_SECRET, it
    # mints and serves answer links.
    def actor_of(handshake: Handshake) -> bool | dict[str, str]:
        actor = handshake.query.get("as") or handshake.cookies.get("as")
        return {"actor": actor} if actor else True

    options: dict[str, Any] = {"inbox": Inbox(), "authorize": actor_of} if os.environ.get("CHAOS_INBOX") else {}
    secret = os.environ.get("CHAOS_LINK_SECRET")
    if secret:
        options.update(links=Links(secret=secret, base_url="http://127.0.0.1"), authorize=actor_of)
    server = await AgentServer.start("127.0.0.1", int(os.environ["CHAOS_PORT"]), redis=os.environ["CHAOS_REDIS"], audit="redis", **options)
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    calls: set[asyncio.Task[None]] = set()

    async def call(order: dict[str, Any]) -> None:
        try:
            session = server.session(order["session"])
            grant = Grant(**order["grant"]) if order.get("grant") else None
            result = await session.call_tool(order["tool"], order["args"], call_id=order["id"], timeout_seconds=order["timeoutSeconds"], grant=grant)
            emit({"op": "done", "id": order["id"], "result": result})
        except KitError as error:
            # A call ended by our own shutdown is not a failure: the driver asks it again elsewhere.
            if not stopping.is_set():
                emit({"op": "failed", "id": order["id"], "code": error.code, "message": error.message})

    async def link(order: dict[str, Any], asked: asyncio.Task[None]) -> None:
        """The call's answer link, minted here once the call waits (its token signs the call's session, arguments and deadline)."""
        session = server.session(order["session"])
        while order["id"] not in session.waiting and not asked.done():
            await asyncio.sleep(0.01)
        minted = session.link_for(order["id"])
        if minted is not None:
            emit({"op": "link", "id": order["id"], "link": minted})

    def order(line: str) -> None:
        message = json.loads(line)
        task = loop.create_task(call(message))
        calls.add(task)
        task.add_done_callback(calls.discard)
        if secret:
            linking = loop.create_task(link(message, task))
            calls.add(linking)
            linking.add_done_callback(calls.discard)

    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    emit({"op": "ready"})

    async def read() -> None:
        while line := await reader.readline():
            order(line.decode("utf-8"))
        stopping.set()  # the driver is gone

    reading = loop.create_task(read())
    await stopping.wait()
    reading.cancel()
    await server.close()


asyncio.run(main())
