"""The inbox served on a fleet sharing a real redis-server (docs/protocol.md §12.3): Python instances
alone, then Node and Python instances mixed. An inbox on one instance lists the calls asked on any,
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
from fleet import NodeInstance, RedisServer
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


async def test_node_and_python_calls_in_one_inbox_on_a_third_instance_answered_from_a_fourth(redis_server: RedisServer, store: Any) -> None:
    node_asking, node_pages = await asyncio.gather(NodeInstance.start(redis_server.url, inbox=True), NodeInstance.start(redis_server.url, inbox=True))
    python_asking, python_inbox = await python_instance(redis_server.url), await python_instance(redis_server.url)
    try:
        for session in ("mix-node", "mix-python"):
            python_asking.session(session, owner="alice", title=session)
            await owned(store, session, "alice")
        from_node = asyncio.create_task(node_asking.call("mix-node", "request_user_approval", {"message": "Node asks"}, "mix-node-1"))
        from_python = asyncio.create_task(python_asking.session("mix-python").call_tool("request_user_approval", {"message": "Python asks"}, call_id="mix-python-1"))
        await pending(store, "mix-node", "mix-node-1")
        await pending(store, "mix-python", "mix-python-1")
        # ONE inbox, on a third instance (Python), and one of hers on the fourth (Node): both list both calls.
        third, listed = await inbox(python_inbox.port, "alice")
        fourth_inbox = FakeKit(await connect(f"ws://127.0.0.1:{node_pages.port}/agent/inbox?as=alice", origin=ORIGIN))
        await fourth_inbox.send({"type": "connect", "kit_version": "0.1.0"})
        assert await fourth_inbox.recv(10) == {"v": 1, "type": "hello", "inbox": True, "actor": "alice"}
        await fourth_inbox.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
        node_listed = (await fourth_inbox.recv(10))["calls"]
        assert sorted(c["call_id"] for c in listed) == ["mix-node-1", "mix-python-1"]
        assert sorted(c["call_id"] for c in node_listed) == ["mix-node-1", "mix-python-1"]
        assert {c["session_title"] for c in listed} == {"mix-node", "mix-python"}
        # Answered from chat pages on the fourth instance (Node): both leave the inbox, decided in the chat.
        for session, call_id in (("mix-node", "mix-node-1"), ("mix-python", "mix-python-1")):
            page = await chat(node_pages.port, session, "alice")
            await next_of(page, "tool_call", call_id)
            await page.send(answer(call_id))
            await next_of(page, "ack", call_id)
            removed = await next_of(third, "inbox_remove", call_id)
            assert (removed["session_id"], removed["decision"], removed["where"], removed["actor"]) == (session, "approved", "chat", "alice")
            await page.close()
        assert (await asyncio.wait_for(from_node, 20))["op"] == "done"
        assert (await asyncio.wait_for(from_python, 20))["interaction_response"]["approved"] is True
        # One asked on Node, answered from the Python inbox: it reaches the asking Node instance's agent.
        node_again = asyncio.create_task(node_asking.call("mix-node", "request_user_approval", {"message": "Again?"}, "mix-node-2"))
        added = await next_of(third, "inbox_add", "mix-node-2")
        assert added["call"]["session_id"] == "mix-node"
        await third.send(answer("mix-node-2", "mix-node", approved=False))
        await next_of(third, "ack", "mix-node-2")
        done = await asyncio.wait_for(node_again, 20)
        assert (done["op"], done["result"]["interaction_response"]["approved"]) == ("done", False)
        assert (await next_of(fourth_inbox, "inbox_remove", "mix-node-2"))["where"] == "inbox"
        # One asked on Python, answered from the Node inbox: it reaches the asking Python instance's agent.
        python_again = asyncio.create_task(python_asking.session("mix-python").call_tool("request_user_approval", {"message": "Again?"}, call_id="mix-python-2"))
        await next_of(fourth_inbox, "inbox_add", "mix-python-2")
        await fourth_inbox.send(answer("mix-python-2", "mix-python"))
        await next_of(fourth_inbox, "ack", "mix-python-2")
        assert (await asyncio.wait_for(python_again, 20))["interaction_response"]["approved"] is True
        assert (await next_of(third, "inbox_remove", "mix-python-2"))["actor"] == "alice"
        for call_id, where in (("mix-node-1", "chat"), ("mix-python-1", "chat"), ("mix-node-2", "inbox"), ("mix-python-2", "inbox")):
            assert [r["where"] for r in await records_of(store, call_id)] == [where], f"exactly one record for {call_id}"
    finally:
        await python_asking.close()
        await python_inbox.close()
        await asyncio.gather(node_asking.stop(), node_pages.stop())
