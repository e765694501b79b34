"""Support for the fleet tests: a real redis-server of the tests' own, and Node runtime instances
(scripts/chaos/instance.ts, the chaos run's) that make calls when told to."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
from pathlib import Path
from typing import Any, Optional

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisServer:
    """redis-server on a free loopback port, nothing persisted, stopped by its pid."""

    def __init__(self) -> None:
        binary = os.environ.get("REDIS_SERVER") or shutil.which("redis-server") or "/usr/bin/redis-server"
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )  # fmt: skip
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if "Ready to accept connections" in line:
                break
        else:
            raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)

    async def user(self, admin: Any, name: str) -> str:
        """A Redis user for one instance, allowed everything (ACL); returns the URL it signs in with.
        What the test then takes from that user (`ACL SETUSER name off`, `-ping`) reaches that
        instance alone, where a server-wide limit would reach every instance."""
        await admin.acl_setuser(name, enabled=True, passwords=[f"+{name}-secret"], keys=["*"], channels=["*"], commands=["+@all"])
        return self.url.replace("redis://", f"redis://{name}:{name}-secret@")


class NodeInstance:
    """A Node agent server in the fleet (`createAgentServer({ redis, port })`), in its own process."""

    def __init__(self, process: asyncio.subprocess.Process, port: int) -> None:
        self.process, self.port = process, port
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._links: dict[str, asyncio.Future[str]] = {}
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, redis_url: str, inbox: bool = False, link_secret: Optional[str] = None) -> "NodeInstance":
        """`inbox`: it serves the inbox too, and a page's `?as=<actor>` names who is on it.
        `link_secret`: it mints and serves answer links signed with it (`link_of` gives a call's)."""
        port = free_port()
        links = {"CHAOS_LINK_SECRET": link_secret} if link_secret is not None else {}
        process = await asyncio.create_subprocess_exec(
            "node", "--import", "tsx", "scripts/chaos/instance.ts", cwd=REPO,
            env={**os.environ, "CHAOS_REDIS": redis_url, "CHAOS_PORT": str(port), **({"CHAOS_INBOX": "1"} if inbox else {}), **links},
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        )  # fmt: skip
        instance = cls(process, port)
        instance._ready = asyncio.get_running_loop().create_future()
        await asyncio.wait_for(instance._ready, 300)  # tsx compiles on start: slow on a busy machine
        return instance

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while line := await self.process.stdout.readline():
            message = json.loads(line)
            if message["op"] == "ready":
                self._ready.set_result(None)
            elif message["op"] == "link":
                self._link_future(message["id"]).set_result(message["link"])
            elif (future := self._waiting.pop(message["id"], None)) is not None:
                future.set_result(message)

    async def call(
        self, session: str, tool: str, args: dict[str, Any], call_id: str, timeout_seconds: float = 120, grant: Optional[dict[str, str]] = None
    ) -> dict[str, Any]:
        """`session(session).callTool(tool, args, {callId, grant})` on the Node instance: `{op: done, result}` or `{op: failed, code}`."""
        assert self.process.stdin is not None
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[call_id] = future
        order: dict[str, Any] = {"op": "call", "id": call_id, "session": session, "tool": tool, "args": args, "timeoutSeconds": timeout_seconds}
        if grant is not None:
            order["grant"] = grant
        self.process.stdin.write((json.dumps(order) + "\n").encode())
        await self.process.stdin.drain()
        return await future

    def _link_future(self, call_id: str) -> "asyncio.Future[str]":
        if call_id not in self._links:
            self._links[call_id] = asyncio.get_running_loop().create_future()
        return self._links[call_id]

    async def link_of(self, call_id: str, seconds: float = 30) -> str:
        """The answer link the Node instance minted for its call (`session.linkFor`), as it printed it."""
        return await asyncio.wait_for(asyncio.shield(self._link_future(call_id)), seconds)

    async def stop(self, signal: Optional[int] = None) -> None:
        if self.process.returncode is None:
            self.process.terminate() if signal is None else self.process.send_signal(signal)
            await self.process.wait()
        self._reader.cancel()
