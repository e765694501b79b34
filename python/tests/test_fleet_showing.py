"""A chat page back on a fleet sharing a real redis-server, after its call was settled elsewhere
(docs/protocol.md §3, `showing`): the page on instance A drops, an inbox on B answers, the page
reconnects on C and, listing the cards it still shows pending, is told who won."""

from __future__ import annotations

import asyncio
from typing import Any

from websockets.asyncio.client import connect

from agent_interaction_kit import AgentServer

from fleet import RedisServer
from kit import FakeKit
from test_fleet_inbox_served import ORIGIN, answer, by_query, chat, inbox, next_of, pending, python_instance


async def test_a_page_dropped_on_one_instance_hears_on_another_that_an_inbox_on_a_third_answered(redis_server: RedisServer, store: Any) -> None:
    a, b, c = [await python_instance(redis_server.url) for _ in range(3)]
    try:
        a.session("sh", owner="alice")
        a.session("so", owner="alice")
        decided = asyncio.create_task(a.session("sh").call_tool("request_user_approval", {"message": "Deploy?"}, call_id="sh-1"))
        waiting = asyncio.create_task(a.session("sh").call_tool("request_user_approval", {"message": "Restart?"}, call_id="sh-2"))
        elsewhere = asyncio.create_task(a.session("so").call_tool("request_user_approval", {"message": "Other?"}, call_id="so-1"))
        for session, call_id in (("sh", "sh-1"), ("sh", "sh-2"), ("so", "so-1")):
            await pending(store, session, call_id)
        page = await chat(a.port, "sh", "alice")
        for call_id in ("sh-1", "sh-2"):
            await next_of(page, "tool_call", call_id)
        await page.close()  # the page drops; meanwhile an inbox on B answers its call, and one of another session
        mine, _ = await inbox(b.port, "alice")
        await mine.send(answer("sh-1", "sh"))
        assert (await next_of(mine, "ack", "sh-1"))["session_id"] == "sh"
        await mine.send(answer("so-1", "so"))
        await next_of(mine, "ack", "so-1")
        await asyncio.wait_for(decided, 10)
        await asyncio.wait_for(elsewhere, 10)
        # Back on C: the pending call again, then `settled` for the one the inbox decided. An id of
        # another session's call and one the fleet never held get nothing.
        back = await reconnect(c, "sh", "alice", ["sh-1", "sh-2", "so-1", "never-asked"])
        assert (await back.recv(10))["call_id"] == "sh-2"
        settled = await back.recv(10)
        assert {k: v for k, v in settled.items() if k != "at"} == {
            "v": 1, "type": "settled", "call_id": "sh-1", "session_id": "sh", "decision": "approved", "where": "inbox", "actor": "alice",
        }  # fmt: skip
        assert settled["at"]
        await back.nothing(0.5)
        await back.close()
        # A ready without `showing` is answered as before: the pending call alone.
        plain = await chat(c.port, "sh", "alice")
        assert (await plain.recv(10))["call_id"] == "sh-2"
        await plain.nothing(0.5)
        waiting.cancel()
        for socket in (plain, mine):
            await socket.close()
    finally:
        for server in (a, b, c):
            await server.close()


async def reconnect(server: AgentServer, session: str, actor: str, showing: list[str]) -> FakeKit:
    """A chat page of `actor` opened again on `server`, whose `ready` lists the cards it still shows pending."""
    page = FakeKit(await connect(f"ws://127.0.0.1:{server.port}/agent/sessions/{session}?as={actor}", origin=ORIGIN))
    await page.handshake(showing=showing)
    return page


async def test_a_page_away_at_the_runtimes_timeout_hears_it_on_another_instance(redis_server: RedisServer, store: Any) -> None:
    a = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, authorize=by_query, grace_seconds=0.1)
    c = await python_instance(redis_server.url)
    try:
        withdrawn = asyncio.create_task(a.session("st").call_tool("request_user_approval", {"message": "Restart?"}, call_id="st-2"))
        await pending(store, "st", "st-2")
        page = await chat(a.port, "st", "alice")
        await next_of(page, "tool_call", "st-2")  # the page is ready: the short call reaches it well before its deadline
        timed = asyncio.create_task(a.session("st").call_tool("request_user_approval", {"message": "Deploy?"}, call_id="st-1", timeout_seconds=2))
        await next_of(page, "tool_call", "st-1")
        await page.close()  # the page drops; meanwhile the agent stops waiting for one call and the other times out
        withdrawn.cancel()
        assert (await asyncio.wait_for(timed, 10))["interaction_response"]["status"] == "timeout"
        # Back on another instance: the timeout is told as settled; the withdrawn call, whose
        # stored result says nothing of how it settled, gets nothing.
        back = await reconnect(c, "st", "alice", ["st-1", "st-2"])
        settled = await back.recv(10)
        assert (settled["type"], settled["call_id"], settled["session_id"], settled["decision"], settled["where"], settled["actor"]) == (
            "settled", "st-1", "st", "timeout", "runtime", None,
        )  # fmt: skip
        await back.nothing(0.5)
        await back.close()
    finally:
        for server in (a, c):
            await server.close()
