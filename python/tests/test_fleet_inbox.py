"""A Python instance's calls in the fleet's inbox layout (docs/protocol.md §12.3) on a real
redis-server: the shared scripts list a call under its session's owner and publish it, and take it
off again however it ends, with where it was decided."""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any

import pytest

from agent_interaction_kit import AgentServer, KitError

from conftest import GOLDEN
from fleet import RedisServer
from kit import FakeKit

APPROVED = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")["result"]


def approved(call_id: str) -> dict[str, Any]:
    result: dict[str, Any] = copy.deepcopy(APPROVED)
    result["interaction_response"].update(request_id=call_id, resolved_at="2026-11-29T12:00:31.204Z")
    return result


async def published(messages: Any) -> dict[str, Any]:
    """The next message published on the owner's inbox channel."""
    while True:
        message = await asyncio.wait_for(messages.get_message(ignore_subscribe_messages=True, timeout=5), 10)
        if message is not None:
            return dict(json.loads(message["data"]))


async def test_a_python_call_is_listed_under_its_owner_and_leaves_however_it_ends(redis_server: RedisServer, store: Any) -> None:
    await store.hset("aik:session:pi:about", mapping={"owner": "alice", "title": "Nightly"})  # as a Node instance writes it
    messages = store.pubsub()
    await messages.subscribe("aik:inbox:alice")
    server = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url)
    try:
        page = await FakeKit.open(server, session="pi")
        await page.handshake()
        task = asyncio.create_task(server.session("pi").call_tool("request_user_approval", {"message": "Go?"}, call_id="pi-1"))
        await page.recv()
        added = await published(messages)
        call = json.loads(added["call"])  # the inbox call as JSON text, as the script writes it
        assert (added["op"], call["call_id"], call["session_id"], call["session_title"]) == ("add", "pi-1", "pi", "Nightly")
        assert await store.zrange("aik:inbox:alice:calls", 0, -1) == ["pi-1"]
        await page.send({"type": "tool_result", "call_id": "pi-1", "tool": "request_user_approval", "result": approved("pi-1")})
        await asyncio.wait_for(task, 10)
        removed = await published(messages)
        assert (removed["op"], removed["call_id"], removed["decision"], removed["where"]) == ("remove", "pi-1", "approved", "chat")
        # A call the page refused with an error leaves the list too, withdrawn by the runtime.
        refused = asyncio.create_task(server.session("pi").call_tool("request_user_approval", {"message": "Again?"}, call_id="pi-2"))
        await page.recv()
        assert (await published(messages))["op"] == "add"
        await page.send({"type": "error", "id": "pi-2", "code": "invalid_arguments", "message": "no"})
        with pytest.raises(KitError):
            await asyncio.wait_for(refused, 10)
        removed = await published(messages)
        assert (removed["op"], removed["call_id"], removed["decision"], removed["where"], removed["actor"]) == ("remove", "pi-2", "cancelled", "runtime", None)
        assert await store.zrange("aik:inbox:alice:calls", 0, -1) == []
        await page.close()
    finally:
        await server.close()
        await messages.aclose()


async def test_a_python_instance_writes_a_sessions_owner_for_every_instance(redis_server: RedisServer, store: Any) -> None:
    def bob(_shake: Any) -> dict[str, str]:
        return {"actor": "bob"}

    server = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, authorize=bob)
    try:
        server.session("po", owner="alice", title="Nightly deploy")
        for _ in range(100):
            if await store.hgetall("aik:session:po:about"):
                break
            await asyncio.sleep(0.02)
        assert await store.hgetall("aik:session:po:about") == {"owner": "alice", "title": "Nightly deploy"}
        # A chat page's actor takes only a session without an owner.
        page = await FakeKit.open(server, session="po")
        await page.handshake()
        other = await FakeKit.open(server, session="pn")
        await other.handshake()
        for _ in range(100):
            if await store.hget("aik:session:pn:about", "owner"):
                break
            await asyncio.sleep(0.02)
        assert await store.hget("aik:session:pn:about", "owner") == "bob"
        assert await store.hget("aik:session:po:about", "owner") == "alice"
        task = asyncio.create_task(server.session("po").call_tool("request_user_approval", {"message": "Go?"}, call_id="po-1"))
        await page.recv()
        assert await store.zrange("aik:inbox:alice:calls", 0, -1) == ["po-1"]
        # Given to another owner, the waiting call moves to their list.
        server.session("po", owner="carol")
        for _ in range(100):
            if await store.zrange("aik:inbox:carol:calls", 0, -1):
                break
            await asyncio.sleep(0.02)
        assert (await store.zrange("aik:inbox:alice:calls", 0, -1), await store.zrange("aik:inbox:carol:calls", 0, -1)) == ([], ["po-1"])
        assert server.session("po").owner == "carol"
        task.cancel()
        await page.close()
        await other.close()
    finally:
        await server.close()
