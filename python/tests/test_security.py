"""Who may connect (docs/protocol.md §7): refused before the upgrade with 403, frames over max_size closed with 1009."""

from __future__ import annotations

import asyncio
from typing import Any, Optional

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.http11 import Request

from agent_interaction_kit import AgentServer

from kit import FakeKit


async def refused(server: AgentServer, origin: Optional[str], path: str = "/agent/sessions/abc", **kwargs: Any) -> int:
    with pytest.raises(InvalidStatus) as error:
        await connect(f"ws://127.0.0.1:{server.port}{path}", origin=origin, **kwargs)  # type: ignore[arg-type]
    return error.value.response.status_code


async def test_only_loopback_origins_by_default_and_it_says_so(caplog: pytest.LogCaptureFixture) -> None:
    server = await AgentServer.start()
    assert "only loopback origins" in caplog.text
    try:
        for origin in ("http://127.0.0.1:5173", "http://localhost:8080", "https://127.8.9.1", "http://[::1]:3000"):
            kit = await FakeKit.open(server, origin=origin)
            await kit.handshake()
            await kit.close()
        for origin in ("https://evil.example", "http://127.0.0.1.evil.example", "null", "http://localhost.evil.example"):
            assert await refused(server, origin) == 403, origin
        assert server.session("abc").connected is False
    finally:
        await server.close()


async def test_allowed_origins_are_matched_exactly() -> None:
    server = await AgentServer.start(allowed_origins=["https://chat.example.com", "http://127.0.0.1:5173"])
    try:
        kit = await FakeKit.open(server, origin="https://chat.example.com")
        await kit.handshake()
        await kit.close()
        kit = await FakeKit.open(server, origin="https://chat.example.com:443")
        await kit.close()
        for origin in ("https://chat.example.com:8443", "http://chat.example.com", "https://evil.chat.example.com", "http://127.0.0.1:5174", "http://localhost:5173"):
            assert await refused(server, origin) == 403, origin
    finally:
        await server.close()


async def test_no_origin_needs_authorize() -> None:
    server = await AgentServer.start()
    try:
        assert await refused(server, None) == 403
    finally:
        await server.close()
    seen: list[Request] = []

    async def authorize(request: Request) -> bool:
        seen.append(request)
        return request.path.endswith("?token=s3cret")

    server = await AgentServer.start(authorize=authorize)
    try:
        socket = await connect(f"ws://127.0.0.1:{server.port}/agent/sessions/abc?token=s3cret")
        await socket.close()
        assert await refused(server, None, "/agent/sessions/abc?token=wrong") == 403
        assert seen[0].path == "/agent/sessions/abc?token=s3cret"
    finally:
        await server.close()


async def test_authorize_may_name_the_session_and_sees_cookies_and_subprotocols() -> None:
    def authorize(request: Request) -> Optional[str]:
        if request.headers.get("Cookie") == "sid=alice":
            return "session-of-alice"
        if request.headers.get("Sec-WebSocket-Protocol") == "token.abc":
            return True  # type: ignore[return-value]
        return None

    server = await AgentServer.start(authorize=authorize)
    try:
        kit = await FakeKit.open(server, session="ignored", additional_headers={"Cookie": "sid=alice"})
        hello = await kit.handshake()
        assert hello["session_id"] == "session-of-alice", "a string wins over the path"
        await kit.close()
        kit = await FakeKit.open(server, session="abc", subprotocols=["token.abc"])
        assert kit.socket.subprotocol == "token.abc", "the page's token protocol is accepted"
        assert (await kit.handshake())["session_id"] == "abc"
        await kit.close()
        assert await refused(server, "http://127.0.0.1:5173") == 403, "None refuses"
    finally:
        await server.close()


async def test_a_refused_connection_never_supersedes_the_live_one() -> None:
    server = await AgentServer.start(allowed_origins=["http://127.0.0.1:5173"])
    try:
        live = await FakeKit.open(server, origin="http://127.0.0.1:5173")
        await live.handshake()
        assert await refused(server, "https://evil.example") == 403
        task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-1"))
        assert (await live.recv())["call_id"] == "c-1"
        task.cancel()
        await live.close()
    finally:
        await server.close()


async def test_frames_over_max_size_close_with_1009_unparsed() -> None:
    server = await AgentServer.start(max_size=4096)
    try:
        kit = await FakeKit.open(server)
        await kit.handshake()
        task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-1"))
        await kit.recv()
        await kit.socket.send('{"v":1,"type":"tool_result","call_id":"c-1","pad":"' + "x" * 5000 + '"}')
        with pytest.raises(ConnectionClosed) as closed:
            await kit.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        assert not task.done()
        task.cancel()
    finally:
        await server.close()


async def test_a_path_without_a_session_is_refused() -> None:
    server = await AgentServer.start()
    try:
        assert await refused(server, "http://127.0.0.1:5173", "/agent") == 404
    finally:
        await server.close()
