"""The audit trail in one process (docs/protocol.md §11): one record per decided call, of every
decision kind and source, with the actor `authorize` named."""

from __future__ import annotations

import asyncio
import copy
from typing import Any, AsyncIterator

import pytest

from agent_interaction_kit import AgentServer, AuditRecord, Grant, KitError
from agent_interaction_kit.handshake import Handshake
from agent_interaction_kit.jsjson import arguments_sha256, canonical_json
from agent_interaction_kit.session import iso_time

from conftest import GOLDEN, FakeClock, Trail
from kit import FakeKit

CASES = {c["name"]: c for c in GOLDEN["tool_cases"]}
FIELDS = ["call_id", "session_id", "tool", "arguments_sha256", "decision", "source", "actor", "where", "instance", "asked_at", "decided_at"]


def golden_result(name: str, call_id: str) -> dict[str, Any]:
    result = copy.deepcopy(CASES[name]["result"])
    result["interaction_response"].update(request_id=call_id, resolved_at="2026-11-29T12:00:31.204Z")
    return result


def alice(_shake: Handshake) -> dict[str, str]:
    return {"actor": "alice@example.com"}


@pytest.fixture
async def server(clock: FakeClock, trail: Trail) -> AsyncIterator[AgentServer]:
    server = await AgentServer.start("127.0.0.1", 0, clock=clock, authorize=alice, audit=trail)
    yield server
    await server.close()


async def answered_by_page(server: AgentServer, kit: FakeKit, name: str, call_id: str) -> None:
    case = CASES[name]
    task = asyncio.create_task(server.session("abc").call_tool(case["tool"], case["arguments"], call_id=call_id))
    assert (await kit.recv())["call_id"] == call_id
    await kit.send({"type": "tool_result", "call_id": call_id, "tool": case["tool"], "result": golden_result(name, call_id)})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": call_id}
    await asyncio.wait_for(task, 2)


@pytest.mark.parametrize(
    ("name", "decision", "source"),
    [
        ("approval-approved-high", "approved", "user"),
        ("approval-rejected-with-note", "rejected", "user"),
        ("text-answer", "answered", "user"),
        ("questionnaire-cancelled", "cancelled", "user"),
        ("approval-timeout", "timeout", "timeout"),
        ("questionnaire-timeout-auto-select", "auto_selected", "timeout"),
    ],
)
async def test_what_the_page_sent_is_recorded_once_with_its_user(
    server: AgentServer, clock: FakeClock, trail: Trail, name: str, decision: str, source: str
) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    asked = iso_time(clock.now())
    await answered_by_page(server, kit, name, "a-1")
    # The same result again, and the call re-asked: acked / answered from memory, recorded no more.
    await kit.send({"type": "tool_result", "call_id": "a-1", "tool": CASES[name]["tool"], "result": golden_result(name, "a-1")})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "a-1"}
    await server.session("abc").call_tool(CASES[name]["tool"], CASES[name]["arguments"], call_id="a-1")
    [record] = trail.records
    assert list(record) == FIELDS, "the fields of §11.1, in order, no arguments"
    assert record["decision"] == decision and record["source"] == source
    assert record["actor"] == "alice@example.com"
    assert record["where"] == "chat", "answered on the chat page"
    assert record["arguments_sha256"] == arguments_sha256(CASES[name]["arguments"])
    assert (record["call_id"], record["session_id"], record["tool"]) == ("a-1", "abc", CASES[name]["tool"])
    assert record["asked_at"] == asked and record["decided_at"] == iso_time(clock.now())
    assert record["instance"]
    await kit.close()


@pytest.mark.parametrize(
    ("name", "decision"), [("approval-timeout", "timeout"), ("questionnaire-timeout-auto-select", "auto_selected")]
)
async def test_the_runtimes_own_timeout_result_has_no_actor(server: AgentServer, clock: FakeClock, trail: Trail, name: str, decision: str) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    case = CASES[name]
    task = asyncio.create_task(server.session("abc").call_tool(case["tool"], case["arguments"], call_id="t-1"))
    await kit.recv()
    clock.advance(24 * 3600)
    result = await asyncio.wait_for(task, 2)
    assert result["interaction_response"]["status"] == decision
    [record] = trail.records
    assert (record["decision"], record["source"], record["actor"], record["where"]) == (decision, "timeout", None, "runtime")
    assert record["asked_at"] < record["decided_at"] <= iso_time(clock.now()), "decided when its timer fired"
    await kit.close()


async def test_an_abort_is_the_runtimes_cancel(server: AgentServer, trail: Trail) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "Go?"}, call_id="x-1"))
    await kit.recv()
    task.cancel()
    assert await kit.recv() == {"v": 1, "type": "cancel", "id": "x-1", "reason": "aborted"}
    [record] = trail.records
    assert (record["decision"], record["source"], record["actor"], record["where"]) == ("cancelled", "runtime", None, "runtime")
    await kit.close()


async def test_a_grant_records_who_gave_it(server: AgentServer, trail: Trail) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()  # grants
    grant = Grant(key="shell:ls", label="ls …")
    args = {"message": "ls?", "severity": "low"}
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", args, call_id="g-1", grant=grant))
    await kit.recv()
    result = golden_result("approval-approved-high", "g-1")
    await kit.send({"type": "tool_result", "call_id": "g-1", "tool": "request_user_approval", "result": result, "grant": "session"})
    await task
    await server.session("abc").call_tool("request_user_approval", args, call_id="g-2", grant=grant)
    assert [(r["call_id"], r["decision"], r["source"], r["actor"], r["where"]) for r in trail.records] == [
        ("g-1", "approved", "user", "alice@example.com", "chat"),
        ("g-2", "granted", "grant", "alice@example.com", "grant"),
    ]
    await kit.close()


async def test_nothing_for_artifacts_or_a_refused_call(server: AgentServer, trail: Trail) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    case = next(c for c in GOLDEN["tool_cases"] if c["tool"] == "publish_artifacts" and "result" in c)
    task = asyncio.create_task(server.session("abc").call_tool("publish_artifacts", case["arguments"], call_id="f-1"))
    await kit.recv()
    await kit.send({"type": "tool_result", "call_id": "f-1", "tool": "publish_artifacts", "result": case["result"]})
    await kit.recv()
    await task
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "Go?"}, call_id="e-1"))
    await kit.recv()
    await kit.send({"type": "error", "id": "e-1", "code": "invalid_arguments", "message": "no"})
    with pytest.raises(KitError):
        await task
    assert trail.records == []
    await kit.close()


async def test_the_arguments_only_when_asked_for(clock: FakeClock, trail: Trail) -> None:
    server = await AgentServer.start("127.0.0.1", 0, clock=clock, audit=trail, audit_arguments=True)
    try:
        kit = await FakeKit.open(server)
        await kit.handshake()
        await answered_by_page(server, kit, "approval-approved-high", "w-1")
        [record] = trail.records
        assert list(record) == [*FIELDS, "arguments"]
        assert record["arguments"] == CASES["approval-approved-high"]["arguments"]
        assert canonical_json(record["arguments"]) == canonical_json(CASES["approval-approved-high"]["arguments"])
        assert record["actor"] is None, "authorize named nobody"
        await kit.close()
    finally:
        await server.close()


async def test_a_failing_or_async_audit_function_never_fails_the_call(clock: FakeClock) -> None:
    seen: list[str] = []

    async def slow(record: AuditRecord) -> None:
        seen.append(record["decision"])

    def broken(_record: AuditRecord) -> None:
        raise RuntimeError("the sink is down")

    for sink in (slow, broken):
        server = await AgentServer.start("127.0.0.1", 0, clock=clock, audit=sink)
        try:
            kit = await FakeKit.open(server)
            await kit.handshake()
            await answered_by_page(server, kit, "approval-approved-high", "s-1")
            await kit.close()
        finally:
            await server.close()
    assert seen == ["approved"]


def test_audit_is_checked() -> None:
    with pytest.raises(TypeError, match="audit must be a function or 'redis'"):
        AgentServer(audit="stream")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="give redis too"):
        AgentServer(audit="redis")
