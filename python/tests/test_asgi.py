"""kit.asgi() on a real uvicorn, mounted under a prefix of a Starlette app: the same handshake
rules as the standalone server, prefix-aware session URLs, 1009 for oversized frames."""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Optional

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from agent_interaction_kit import AgentServer, Handshake, KitSocket

from apps import served

ORIGIN = "http://127.0.0.1:5173"


@pytest.fixture
async def mounted() -> AsyncIterator[tuple[AgentServer, int]]:
    kit = AgentServer(allowed_origins=[ORIGIN], max_size=4096)
    app = Starlette(routes=[Mount("/deep/agent", app=kit.asgi())])
    async with served(app) as port:
        yield kit, port
        await kit.close()


async def status(port: int, path: str, origin: Optional[str] = ORIGIN) -> int:
    with pytest.raises(InvalidStatus) as refused:
        await connect(f"ws://127.0.0.1:{port}{path}", origin=origin)  # type: ignore[arg-type]
    return refused.value.response.status_code


async def hello_on(socket: Any) -> dict[str, Any]:
    await socket.send('{"v":1,"type":"connect","kit_version":"0.1.0"}')
    import json

    return dict(json.loads(await asyncio.wait_for(socket.recv(), 5)))


async def test_sessions_live_under_the_mount_point(mounted: tuple[AgentServer, int]) -> None:
    kit, port = mounted
    async with connect(f"ws://127.0.0.1:{port}/deep/agent/sessions/a%20b", origin=ORIGIN, subprotocols=["token.x"]) as socket:  # type: ignore[arg-type, list-item]
        assert socket.subprotocol == "token.x", "the page's token protocol is accepted"
        assert (await hello_on(socket))["session_id"] == "a b"
        assert kit.session("a b").connected
    assert await status(port, "/deep/agent/sessions/abc/more") == 404
    assert await status(port, "/deep/agent/elsewhere") == 404
    assert await status(port, "/deep/agent/sessions/abc", "https://evil.example") == 403
    assert await status(port, "/deep/agent/sessions/abc", None) == 403, "no Origin needs authorize"


async def test_plain_http_gets_426(mounted: tuple[AgentServer, int]) -> None:
    _kit, port = mounted
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /deep/agent/sessions/abc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    await writer.drain()
    assert (await reader.readline()).startswith(b"HTTP/1.1 426")
    writer.close()


async def test_a_frame_over_max_size_closes_with_1009(mounted: tuple[AgentServer, int]) -> None:
    _kit, port = mounted
    async with connect(f"ws://127.0.0.1:{port}/deep/agent/sessions/big", origin=ORIGIN) as socket:  # type: ignore[arg-type]
        await hello_on(socket)
        await socket.send('{"v":1,"type":"tool_result","pad":"' + "x" * 5000 + '"}')
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(socket.recv(), 5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009


class BareSocket:
    """A framework's socket with no handshake of its own."""

    async def send(self, text: str) -> None: ...

    async def receive(self) -> Optional[str]:
        return None

    async def close(self, code: int, reason: str) -> None: ...


async def test_serve_needs_a_handshake_to_check_the_origin_unless_turned_off_by_name() -> None:
    socket: KitSocket = BareSocket()
    with pytest.raises(TypeError, match="pass handshake="):
        await AgentServer().serve(socket, session_id="s")
    closed: list[tuple[int, str]] = []

    class Recording(BareSocket):
        async def close(self, code: int, reason: str) -> None:
            closed.append((code, reason))

    server = AgentServer(allowed_origins=[ORIGIN])
    await server.serve(Recording(), session_id="s", handshake=Handshake(path="/ws", origin="https://evil.example"))
    assert closed == [(1008, "origin https://evil.example is not allowed")]
    await server.serve(Recording(), session_id="s", handshake=Handshake(path="/ws", origin=ORIGIN))
    await AgentServer(check_origin=False).serve(BareSocket(), session_id="s")
    assert server.session("s").connected is False, "it ran, and ended when the socket closed"
