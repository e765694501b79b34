"""Who may connect (docs/protocol.md §7): refused before the upgrade with 403, frames over max_size closed with 1009."""

from __future__ import annotations

import asyncio
from typing import Any, Optional

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus
from agent_interaction_kit import AgentServer, Authorization, Handshake

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
    seen: list[Handshake] = []

    async def authorize(handshake: Handshake) -> bool:
        seen.append(handshake)
        return handshake.query.get("token") == "s3cret"

    server = await AgentServer.start(authorize=authorize)
    try:
        socket = await connect(f"ws://127.0.0.1:{server.port}/agent/sessions/abc?token=s3cret")
        await socket.close()
        assert await refused(server, None, "/agent/sessions/abc?token=wrong") == 403
        assert (seen[0].path, dict(seen[0].query), seen[0].origin, seen[0].session_id) == ("/agent/sessions/abc", {"token": "s3cret"}, None, "abc")
    finally:
        await server.close()


async def test_authorize_may_name_the_session_and_sees_cookies_and_subprotocols() -> None:
    def authorize(handshake: Handshake) -> Authorization:
        if handshake.cookies.get("sid") == "alice":
            return "session-of-alice"
        if handshake.subprotocols == ("token.abc",) and handshake.headers.get("sec-websocket-protocol") == "token.abc":
            return True
        return None

    server = await AgentServer.start(authorize=authorize)
    try:
        kit = await FakeKit.open(server, session="ignored", additional_headers={"Cookie": "theme=dark; sid=alice"})
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


async def test_authorize_may_name_the_actor_kept_with_the_session(caplog: pytest.LogCaptureFixture) -> None:
    def authorize(handshake: Handshake) -> Authorization:
        user = handshake.cookies.get("user")
        if user == "broken":
            return {"actor": 7}  # type: ignore[typeddict-item]
        return {"actor": user, "session_id": f"desk-{user}"} if user else None

    server = await AgentServer.start(authorize=authorize)
    try:
        kit = await FakeKit.open(server, session="any", additional_headers={"Cookie": "user=alice"})
        assert (await kit.handshake())["session_id"] == "desk-alice"
        assert server.session("desk-alice").actor == "alice"
        await kit.close()
        assert await refused(server, "http://127.0.0.1:5173", additional_headers={"Cookie": "user=broken"}) == 403
        assert "authorize's answer refused the connection: actor must be a string" in caplog.text
    finally:
        await server.close()


async def test_a_refused_origin_is_logged_once_per_origin_naming_it(caplog: pytest.LogCaptureFixture) -> None:
    server = await AgentServer.start(allowed_origins=["https://chat.example.com"])
    try:
        caplog.clear()
        for origin in ("https://evil.example", "https://evil.example", "https://other.example"):
            assert await refused(server, origin) == 403
        lines = [r for r in caplog.records if r.levelname == "WARNING" and "refused a connection from origin" in r.getMessage()]
        assert [r.getMessage() for r in lines] == [
            "refused a connection from origin https://evil.example: it is not in allowed_origins",
            "refused a connection from origin https://other.example: it is not in allowed_origins",
        ]
    finally:
        await server.close()


async def test_the_origin_check_is_turned_off_only_by_name() -> None:
    with pytest.raises(TypeError, match=r"allowed_origins\[1\] must be an origin"):
        AgentServer(allowed_origins=["https://chat.example.com", "https://chat.example.com/app"])
    with pytest.raises(TypeError, match="allowed_origins must be a list"):
        AgentServer(allowed_origins="*")  # type: ignore[arg-type]
    server = await AgentServer.start(check_origin=False)
    try:
        kit = await FakeKit.open(server, origin="https://anywhere.example")
        await kit.handshake()
        await kit.close()
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
