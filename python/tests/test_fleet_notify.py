"""`notify` on many instances sharing a real redis-server: once per call across the fleet. Each
instance that asks a call schedules its notice; the one whose `SET aik:notify:<call_id> NX` wins
sends it, and the key lives until a day past the call's deadline."""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any, Callable

from agent_interaction_kit import AgentServer, Links, NotifyInput

from fleet import RedisServer
from kit import FakeKit
from test_fleet import approved

LINKS = Links(secret="r" * 32, base_url="https://agents.example.com")
DAY_MS = 86_400_000


async def until(check: Callable[[], bool], what: str, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"waited for {what}")


async def test_three_instances_racing_on_one_call_notify_exactly_once(redis_server: RedisServer, store: Any) -> None:
    notices: list[tuple[int, NotifyInput]] = []
    servers = [
        await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, links=LINKS, notify=lambda notice, by=by: notices.append((by, notice)))
        for by in range(3)
    ]
    asked = [asyncio.ensure_future(s.session("race", owner="alice").call_tool("request_user_approval", {"message": "Deploy?"}, call_id="race-1")) for s in servers]
    await until(lambda: len(notices) > 0, "a notification")
    await until(lambda: all("race-1" in s.session("race").waiting for s in servers), "the call on every instance")
    await asyncio.sleep(0.3)
    assert len(notices) == 1, [by for by, _ in notices]
    notice = notices[0][1]
    assert notice["call"]["id"] == "race-1" and notice["actor"] == "alice"
    assert notice["link"].startswith("https://agents.example.com/agent/answer/")
    ttl = await store.pttl("aik:notify:race-1")
    until_deadline = datetime.fromisoformat(notice["call"]["deadline"].replace("Z", "+00:00")).timestamp() * 1000 - datetime.now().timestamp() * 1000
    assert DAY_MS < ttl <= DAY_MS + until_deadline + 1000, f"the key lives until a day past the deadline ({ttl} ms)"
    page = await FakeKit.open(servers[1], "race")
    await page.handshake()
    call = await page.recv()
    assert call["type"] == "tool_call" and call["call_id"] == "race-1"
    await page.send({"type": "tool_result", "call_id": "race-1", "tool": "request_user_approval", "result": approved("race-1")})
    # The result reaches the instance the fleet keeps as the call's caller (the last to ask it).
    done, waiting = await asyncio.wait(asked, timeout=5, return_when=asyncio.FIRST_COMPLETED)
    assert done and all(task.result()["interaction_response"]["approved"] is True for task in done)
    for task in waiting:
        task.cancel()
    assert len(notices) == 1
    await page.close()
    for server in servers:
        await server.close()


async def test_a_call_answered_before_its_notice_was_due_notifies_nobody_on_any_instance(redis_server: RedisServer, store: Any) -> None:
    notices: list[NotifyInput] = []
    a, b = [await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, links=LINKS, notify=notices.append, notify_after=0.4) for _ in range(2)]
    page = await FakeKit.open(a, "quick")
    await page.handshake()
    first = asyncio.ensure_future(b.session("quick").call_tool("request_user_approval", {"message": "Deploy?"}, call_id="quick-1"))
    call = await page.recv()
    assert call["call_id"] == "quick-1"
    await page.send({"type": "tool_result", "call_id": "quick-1", "tool": "request_user_approval", "result": approved("quick-1")})
    await asyncio.wait_for(first, 5)
    second = asyncio.ensure_future(a.session("quick").call_tool("request_user_input", {"message": "Which branch?"}, call_id="quick-2"))
    await until(lambda: len(notices) > 0, "the second call's notice")
    await asyncio.sleep(0.5)
    assert [n["call"]["id"] for n in notices] == ["quick-2"]
    assert await store.exists("aik:notify:quick-1") == 0, "nobody claimed the answered call"
    second.cancel()
    await page.close()
    for server in (a, b):
        await server.close()


async def test_on_a_fleet_the_page_is_served_and_its_socket_opened(redis_server: RedisServer) -> None:
    import json

    import httpx
    from websockets.asyncio.client import connect

    links = Links(secret="r" * 32, base_url="http://127.0.0.1:5173")
    server = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, links=links)
    session = server.session("paged", owner=None)
    task = asyncio.ensure_future(session.call_tool("request_user_input", {"message": "Which branch?"}, call_id="paged-1"))
    await until(lambda: "paged-1" in session.waiting, "the call")
    path = (session.link_for("paged-1") or "").removeprefix("http://127.0.0.1:5173")
    async with httpx.AsyncClient() as client:
        assert (await client.get(f"http://127.0.0.1:{server.port}{path}")).status_code == 200
    await asyncio.sleep(0.2)  # the call stored in Redis
    async with connect(f"ws://127.0.0.1:{server.port}{path}", origin="http://127.0.0.1:5173") as socket:  # type: ignore[arg-type]
        await socket.send(json.dumps({"v": 1, "type": "connect", "kit_version": "0.1.0"}))
        hello = json.loads(await asyncio.wait_for(socket.recv(), 5))
        assert (hello["type"], hello["session_id"], hello["link"]) == ("hello", "paged", True), "answered on a fleet too (test_fleet_links.py)"
    task.cancel()
    await server.close()
