"""The inbox served on a fleet sharing a real redis-server (docs/protocol.md §12.3): Python instances. An inbox on one instance lists the calls asked on any,
each person only those of the sessions they may see; an answer from it is stored once wherever the
call was asked, its agent gets it, the chat page is told who won, and every other place hears it."""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any, Optional

from websockets.asyncio.client import connect

from agent_interaction_kit import AgentServer, Handshake, Inbox

from conftest import GOLDEN
from fleet import RedisServer
from kit import FakeKit

ORIGIN = "http://127.0.0.1:5173"
APPROVED = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")["result"]
REJECTED = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-rejected-with-note")["result"]


def result(call_id: str, approved: bool = True) -> dict[str, Any]:
    given: dict[str, Any] = copy.deepcopy(APPROVED if approved else REJECTED)
    given["interaction_response"].update(request_id=call_id, resolved_at="2026-11-29T12:00:31.204Z")
    return given


def answer(call_id: str, session: Optional[str] = None, approved: bool = True) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": result(call_id, approved)}
    return {**message, "session_id": session} if session else message


def by_query(shake: Handshake) -> Any:
    return {"actor": shake.query["as"]} if "as" in shake.query else True


async def python_instance(redis_url: str) -> AgentServer:
    return await AgentServer.start("127.0.0.1", 0, redis=redis_url, authorize=by_query, inbox=Inbox(), audit="redis", context_for=lambda _id: {"channel": "desktop"})


async def chat(port: int, session: str, actor: str) -> FakeKit:
    page = FakeKit(await connect(f"ws://127.0.0.1:{port}/agent/sessions/{session}?as={actor}", origin=ORIGIN))
    await page.handshake()
    return page


async def inbox(port: int, actor: str) -> tuple[FakeKit, list[dict[str, Any]]]:
    """An inbox of `actor`, through its exchange: returns it and its snapshot's calls."""
    page = FakeKit(await connect(f"ws://127.0.0.1:{port}/agent/inbox?as={actor}", origin=ORIGIN))
    await page.send({"type": "connect", "kit_version": "0.1.0"})
    assert await page.recv(10) == {"v": 1, "type": "hello", "inbox": True, "actor": actor}
    await page.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
    snapshot = await page.recv(10)
    assert snapshot["type"] == "inbox", snapshot
    return page, snapshot["calls"]


async def next_of(page: FakeKit, kind: str, call_id: str, timeout: float = 10) -> dict[str, Any]:
    """The next message of `kind` about `call_id`; an `error` on the way fails."""
    while True:
        message = await page.recv(timeout)
        assert message["type"] != "error", message
        about = message.get("call", {}).get("call_id") if message["type"] == "inbox_add" else message.get("call_id", message.get("id"))
        if message["type"] == kind and about == call_id:
            return message


async def pending(store: Any, session: str, call_id: str) -> None:
    """Waits until Redis holds the call."""
    for _ in range(1000):
        if await store.zscore(f"aik:session:{session}:pending", call_id) is not None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{call_id} was never asked")


async def owned(store: Any, session: str, owner: str) -> None:
    for _ in range(500):
        if await store.hget(f"aik:session:{session}:about", "owner") == owner:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{session} never became {owner}'s")


async def records_of(store: Any, call_id: str) -> list[dict[str, str]]:
    return [fields for _, fields in await store.xrange("aik:audit") if fields.get("call_id") == call_id]


async def test_python_instances_serve_the_inbox_only_what_each_person_may_see(redis_server: RedisServer, store: Any) -> None:
    a, b = await python_instance(redis_server.url), await python_instance(redis_server.url)
    try:
        a.session("py-hers", owner="alice", title="Her agent")
        a.session("py-his", owner="bob", title="His agent")
        await owned(store, "py-his", "bob")
        hers = asyncio.create_task(a.session("py-hers").call_tool("request_user_approval", {"message": "Go?"}, call_id="py-hers-1"))
        his = asyncio.create_task(a.session("py-his").call_tool("request_user_approval", {"message": "Go?"}, call_id="py-his-1"))
        await pending(store, "py-hers", "py-hers-1")
        await pending(store, "py-his", "py-his-1")
        page = await chat(a.port, "py-hers", "alice")
        await next_of(page, "tool_call", "py-hers-1")
        alice, alice_calls = await inbox(b.port, "alice")
        bob, bob_calls = await inbox(b.port, "bob")
        assert [c["call_id"] for c in alice_calls] == ["py-hers-1"], "her snapshot: her session's call only"
        assert [c["call_id"] for c in bob_calls] == ["py-his-1"]
        listed = alice_calls[0]
        assert (listed.get("type"), listed["session_id"], listed["session_title"], listed["context"]["channel"]) == (None, "py-hers", "Her agent", "desktop")
        # Bob may not answer her call: refused, nothing stored.
        await bob.send(answer("py-hers-1", "py-hers"))
        refused = await bob.recv()
        assert (refused["type"], refused["id"], refused["code"]) == ("error", "py-hers-1", "forbidden")
        assert await store.get("aik:result:py-hers-1") is None
        # Alice answers from her inbox on B: A's agent gets it, A's chat page is told, one record.
        await alice.send(answer("py-hers-1", "py-hers", approved=False))
        ack = await next_of(alice, "ack", "py-hers-1")
        assert ack["session_id"] == "py-hers"
        given = await asyncio.wait_for(hers, 10)
        assert given["interaction_response"]["approved"] is False
        settled = await next_of(page, "settled", "py-hers-1")
        assert (settled["decision"], settled["where"], settled["actor"]) == ("rejected", "inbox", "alice")
        stored = json.loads(await store.get("aik:result:py-hers-1"))
        assert stored["settled"] == {"decision": "rejected", "where": "inbox", "actor": "alice", "at": settled["at"]}
        # The chat page answers too late: its ack and who won, never an error.
        await page.send(answer("py-hers-1"))
        assert (await next_of(page, "ack", "py-hers-1"))["type"] == "ack"
        assert (await next_of(page, "settled", "py-hers-1"))["where"] == "inbox"
        await alice.nothing(0.3)  # the winning connection is told nothing more
        records = await records_of(store, "py-hers-1")
        assert [(r["decision"], r["where"], r["actor"]) for r in records] == [("rejected", "inbox", "alice")]
        # His call, answered by his chat page on B, leaves his inbox with where it was decided.
        his_page = await chat(b.port, "py-his", "bob")
        await next_of(his_page, "tool_call", "py-his-1")
        await his_page.send(answer("py-his-1"))
        removed = await next_of(bob, "inbox_remove", "py-his-1")
        assert (removed["decision"], removed["where"], removed["actor"]) == ("approved", "chat", "bob")
        await asyncio.wait_for(his, 10)
        await alice.nothing(0.3)  # nothing of his reaches her
    finally:
        await a.close()
        await b.close()
