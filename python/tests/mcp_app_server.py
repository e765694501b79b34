"""The kit's Python MCP server for the browser tests of the MCP App (test/mcp-app/).

Started by test/support/mcp-app-lab.ts: prints its Streamable HTTP URL, then answers one JSON
command per line on stdin: `{"advance": ms}` moves its injected clock, `{"pending": true}` lists
the calls waiting for a person. Browser pages on loopback origins may call it (CORS).
"""

from __future__ import annotations

import asyncio
import json
import socket
import sys
from pathlib import Path
from typing import Any, Callable

import uvicorn
from mcp.server.mcpserver import MCPServer
from starlette.middleware.cors import CORSMiddleware

from agent_interaction_kit.mcp_app import register_interaction_tools

CARD = Path(__file__).resolve().parents[2] / "dist" / "mcp-app" / "card.html"


class _Timer:
    def __init__(self, clock: "ManualClock", at: float, callback: Callable[[], None]) -> None:
        self.clock, self.at, self.callback = clock, at, callback

    def cancel(self) -> None:
        if self in self.clock.timers:
            self.clock.timers.remove(self)


class ManualClock:
    """Moves only when told: no test waits for a deadline in real time."""

    def __init__(self) -> None:
        self.time = 1_795_000_000.0
        self.timers: list[_Timer] = []

    def now(self) -> float:
        return self.time

    def call_later(self, delay: float, callback: Callable[[], None]) -> _Timer:
        timer = _Timer(self, self.time + max(0.0, delay), callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        end = self.time + seconds
        while True:
            due = sorted((t for t in self.timers if t.at <= end), key=lambda t: t.at)
            if not due:
                break
            self.timers.remove(due[0])
            self.time = due[0].at
            due[0].callback()
        self.time = end


async def main() -> None:
    context: dict[str, Any] = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    clock = ManualClock()
    mcp = MCPServer("agent-interaction-kit")
    tools = register_interaction_tools(mcp, context=context, clock=clock, html=CARD.read_text(encoding="utf-8"))
    app = CORSMiddleware(
        mcp.streamable_http_app(),
        allow_origin_regex=r"https?://(127\.0\.0\.1|localhost)(:\d+)?",
        allow_methods=["GET", "POST", "DELETE"],
        allow_headers=["*"],
        expose_headers=["mcp-session-id", "mcp-protocol-version"],
    )
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    serving = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        await asyncio.sleep(0.01)
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        command = json.loads(line)
        if "advance" in command:
            clock.advance(command["advance"] / 1000)
            await asyncio.sleep(0)
            print(json.dumps({"ok": True}), flush=True)
        else:
            print(json.dumps({"pending": tools.pending_ids}), flush=True)
    server.should_exit = True
    await serving


if __name__ == "__main__":
    asyncio.run(main())
