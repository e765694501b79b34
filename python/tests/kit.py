"""A stand-in for the kit's side of the wire in tests: a real WebSocket client."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Optional

from websockets.asyncio.client import ClientConnection, connect

from agent_interaction_kit import AgentServer


class FakeKit:
    """Connects like a page would, speaks v1 messages, and reads what the runtime sends."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket

    @classmethod
    async def open(cls, server: AgentServer, session: str = "abc", origin: Optional[str] = "http://127.0.0.1:5173", **kwargs: Any) -> "FakeKit":
        url = f"ws://127.0.0.1:{server.port}/agent/sessions/{session}"
        return cls(await connect(url, origin=origin, **kwargs))  # type: ignore[arg-type]

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps({"v": 1, **message}, ensure_ascii=False))

    async def recv(self, timeout: float = 2.0) -> dict[str, Any]:
        return json.loads(await asyncio.wait_for(self.socket.recv(), timeout))  # type: ignore[no-any-return]

    async def nothing(self, wait: float = 0.2) -> None:
        """Asserts the runtime sends nothing for a moment (used only for negatives)."""
        try:
            message = await asyncio.wait_for(self.socket.recv(), wait)
        except asyncio.TimeoutError:
            return
        raise AssertionError(f"expected nothing, got {message}")

    async def handshake(self, grants: bool = False, showing: Optional[list[str]] = None) -> dict[str, Any]:
        """connect → hello; answers ready (with `resume` empty; `grants`: a kit that shows session grants;
        `showing`: the ids of the cards it shows still pending, sent when given); returns the hello."""
        await self.send({"type": "connect", "kit_version": "0.1.0"})
        hello = await self.recv()
        assert hello["type"] == "hello"
        capabilities: dict[str, Any] = {"tools": [], "grants": True} if grants else {"tools": []}
        ready: dict[str, Any] = {"type": "ready", "kit_version": "0.1.0", "capabilities": capabilities, "resume": []}
        await self.send(ready if showing is None else {**ready, "showing": showing})
        return hello

    async def close(self) -> None:
        await self.socket.close()
