"""Session grants and the audit trail across instances on a real redis-server (docs/protocol.md
§10, §11): Python with Python, and a mixed fleet with a Node instance (its audit is 'redis' too)."""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any

import pytest

from agent_interaction_kit import AgentServer, Grant
from agent_interaction_kit.handshake import Handshake
from agent_interaction_kit.jsjson import arguments_sha256

from conftest import GOLDEN
from fleet import NodeInstance, RedisServer
from kit import FakeKit

APPROVAL_CASE = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")
KUBECTL = Grant(key="shell:kubectl get", label="kubectl get …")
LOW = {"message": "Run kubectl get pods?", "severity": "low"}


def approved(call_id: str) -> dict[str, Any]:
    result = copy.deepcopy(APPROVAL_CASE["result"])
    result["interaction_response"].update(request_id=call_id, resolved_at="2026-11-29T12:00:31.204Z")
    return result


def carol(_shake: Handshake) -> dict[str, str]:
    return {"actor": "carol@example.com"}


async def next_of(page: FakeKit, kind: str, call_id: str | None = None) -> dict[str, Any]:
    """The next message of `kind` (for `call_id`): a frame published by a script can cross the page's `ready` re-send."""
    while True:
        message = await page.recv(10)
        if message.get("type") == kind and (call_id is None or call_id in (message.get("call_id"), message.get("id"))):
            return message


async def streamed(store: Any, session: str) -> list[dict[str, str]]:
    return [fields for _id, fields in await store.xrange("aik:audit", "-", "+") if fields["session_id"] == session]


async def give_grant(page: FakeKit, asking: "asyncio.Task[Any]", call_id: str, grant: Grant = KUBECTL) -> None:
    call = await next_of(page, "tool_call", call_id)
    assert call["grant"] == {"key": grant.key, "label": grant.label}
    await page.send({"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": approved(call_id), "grant": "session"})
    await next_of(page, "ack", call_id)
    await asyncio.wait_for(asking, 10)


async def test_a_grant_given_on_one_python_instance_is_honoured_on_another_and_recorded_once(redis_server: RedisServer, store: Any) -> None:
    a, b = [await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, audit="redis", authorize=carol) for _ in range(2)]
    try:
        page = await FakeKit.open(b, session="pg")
        await page.handshake(grants=True)
        await give_grant(page, asyncio.create_task(a.session("pg").call_tool("request_user_approval", LOW, call_id="pg-1", grant=KUBECTL)), "pg-1")
        held = json.loads(await store.hget("aik:session:pg:grants", KUBECTL.key))
        assert (held["label"], held["actor"]) == (KUBECTL.label, "carol@example.com")
        assert await store.pttl("aik:session:pg:grants") > 0, "it expires with the session's keys"
        second = await asyncio.wait_for(a.session("pg").call_tool("request_user_approval", LOW, call_id="pg-2", grant=KUBECTL), 10)
        assert second["interaction_response"]["approved"] is True
        receipt = await next_of(page, "tool_call", "pg-2")
        assert receipt["granted"] is True
        await page.send({"type": "tool_result", "call_id": "pg-2", "tool": "request_user_approval", "result": approved("pg-2")})
        await next_of(page, "ack", "pg-2")
        # Revoked by the page on b: the hash loses it, and a call on a asks again.
        await page.send({"type": "revoke_grant", "key": KUBECTL.key})
        assert (await next_of(page, "grants"))["grants"] in ([], [{"key": KUBECTL.key, "label": KUBECTL.label, "at": held["at"]}])
        for _ in range(100):
            if not await store.hlen("aik:session:pg:grants"):
                break
            await asyncio.sleep(0.02)
        assert await a.session("pg").grants() == []
        third = asyncio.create_task(a.session("pg").call_tool("request_user_approval", LOW, call_id="pg-3", grant=KUBECTL))
        assert "granted" not in await next_of(page, "tool_call", "pg-3")
        third.cancel()
        await next_of(page, "cancel", "pg-3")
        for _ in range(100):
            records = await streamed(store, "pg")
            if len(records) == 3:
                break
            await asyncio.sleep(0.02)
        assert [(r["call_id"], r["decision"], r["source"], r.get("actor"), r.get("where"), r["instance"]) for r in records] == [
            ("pg-1", "approved", "user", "carol@example.com", "chat", b._fleet.instance),  # type: ignore[union-attr]
            ("pg-2", "granted", "grant", "carol@example.com", "grant", a._fleet.instance),  # type: ignore[union-attr]
            ("pg-3", "cancelled", "runtime", None, "runtime", a._fleet.instance),  # type: ignore[union-attr]
        ]
        assert list(records[0]) == ["call_id", "session_id", "tool", "arguments_sha256", "decision", "source", "actor", "where", "instance", "asked_at", "decided_at"]
        assert records[0]["arguments_sha256"] == arguments_sha256(LOW)
        await page.close()
    finally:
        for server in (a, b):
            await server.close()


async def test_an_audit_function_runs_only_where_set_nx_won(redis_server: RedisServer) -> None:
    seen: dict[str, list[Any]] = {"a": [], "b": []}
    a = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, audit=seen["a"].append)
    b = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, audit=seen["b"].append)
    try:
        page = await FakeKit.open(b, session="pf")
        await page.handshake()
        task = asyncio.create_task(a.session("pf").call_tool("request_user_approval", {"message": "Go?"}, call_id="pf-1"))
        await next_of(page, "tool_call", "pf-1")
        await page.send({"type": "tool_result", "call_id": "pf-1", "tool": "request_user_approval", "result": approved("pf-1")})
        await asyncio.wait_for(task, 10)
        assert seen["a"] == [] and len(seen["b"]) == 1
        assert seen["b"][0]["arguments_sha256"] == arguments_sha256({"message": "Go?"})
        assert seen["b"][0]["where"] == "chat", "answered on the chat page"
        await page.close()
    finally:
        for server in (a, b):
            await server.close()


# Non-ASCII, numbers JavaScript writes differently from Python, keys in UTF-16 order.
MIXED_ARGS = {"message": "部署 v2.3？ 😀", "severity": "medium", "details": "～ 1.0 1e-7", "z": [1.0, 1e21, 0.000001, -0.0], "é": {"b": 2, "a": 1}}


async def test_mixed_fleet_a_grant_given_for_a_node_call_answers_a_python_call_and_both_hash_alike(redis_server: RedisServer, store: Any) -> None:
    node = await NodeInstance.start(redis_server.url)
    python = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, audit="redis", authorize=carol)
    try:
        page = await FakeKit.open(python, session="mg")
        await page.handshake(grants=True)
        asking = asyncio.create_task(node.call("mg", "request_user_approval", MIXED_ARGS, "mg-1", grant={"key": KUBECTL.key, "label": KUBECTL.label}))
        await give_grant(page, asking, "mg-1")
        assert asking.result()["op"] == "done"
        result = await asyncio.wait_for(python.session("mg").call_tool("request_user_approval", MIXED_ARGS, call_id="mg-2", grant=KUBECTL), 10)
        assert result["interaction_response"]["approved"] is True
        assert (await next_of(page, "tool_call", "mg-2"))["granted"] is True
        # And the other way: a grant given for a Python call answers a Node one.
        other = Grant(key="shell:ls", label="ls …")
        await give_grant(page, asyncio.create_task(python.session("mg").call_tool("request_user_approval", LOW, call_id="mg-3", grant=other)), "mg-3", other)
        reply = await asyncio.wait_for(node.call("mg", "request_user_approval", LOW, "mg-4", grant={"key": other.key, "label": other.label}), 30)
        assert reply["op"] == "done" and reply["result"]["interaction_response"]["approved"] is True
        assert (await next_of(page, "tool_call", "mg-4"))["granted"] is True
        for _ in range(200):
            records = await streamed(store, "mg")
            if len(records) == 4:
                break
            await asyncio.sleep(0.02)
        assert [(r["call_id"], r["decision"]) for r in records] == [("mg-1", "approved"), ("mg-2", "granted"), ("mg-3", "approved"), ("mg-4", "granted")]
        # Asked by Node (mg-1) and by Python (mg-2): the same SHA-256 of the same arguments.
        assert records[0]["arguments_sha256"] == records[1]["arguments_sha256"] == arguments_sha256(MIXED_ARGS)
        await page.close()
    finally:
        await python.close()
        await node.stop()
