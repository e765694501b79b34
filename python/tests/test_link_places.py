"""An answer link beside the other places of one call: the link answers, the inbox removes the call
saying where (`link`) and who, the chat page hears `settled`, and the inbox answering late gets its
ack and the same removal; one record."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from agent_interaction_kit import AgentServer, Inbox, Links

from conftest import FakeClock, Trail
from test_inbox import ORIGIN, answer, asked, by_query, chat, inbox


async def test_answered_through_the_link_the_inbox_and_the_chat_page_hear_it(clock: FakeClock, trail: Trail) -> None:
    server = await AgentServer.start(
        "127.0.0.1", 0, clock=clock, authorize=by_query, inbox=Inbox(), audit=trail, links=Links(secret="l" * 32, base_url=ORIGIN)
    )
    page = await chat(server, "a", "alice")
    mine, _ = await inbox(server, "alice")
    task = await asked(server, "a", "a-1", page)
    assert (await mine.recv())["type"] == "inbox_add"
    link = server.session("a").link_for("a-1")
    assert link is not None
    async with connect(f"ws://127.0.0.1:{server.port}{link.removeprefix(ORIGIN)}?as=alice", origin=ORIGIN) as phone:  # type: ignore[arg-type]
        for message in ({"type": "connect", "kit_version": "0.1.0"}, {"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []}):
            await phone.send(json.dumps({"v": 1, **message}))
        assert [json.loads(await asyncio.wait_for(phone.recv(), 3))["type"] for _ in range(2)] == ["hello", "tool_call"]
        await phone.send(json.dumps({"v": 1, **answer("a-1", note="from the phone")}))
        assert json.loads(await asyncio.wait_for(phone.recv(), 3)) == {"v": 1, "type": "ack", "id": "a-1"}
    assert (await task)["interaction_response"]["text"] == "from the phone"
    removed = await mine.recv()
    assert (removed["type"], removed["where"], removed["actor"], removed["decision"]) == ("inbox_remove", "link", "alice", "approved")
    settled = await page.recv()
    assert (settled["type"], settled["where"], settled["actor"]) == ("settled", "link", "alice")
    await mine.send(answer("a-1", "a"))
    assert await mine.recv() == {"v": 1, "type": "ack", "id": "a-1", "session_id": "a"}
    assert await mine.recv() == removed
    assert [(r["where"], r["actor"]) for r in trail.records] == [("link", "alice")]
    await server.close()
