"""Session grants in one process (docs/protocol.md §2.8): offered, given, honoured, revoked."""

from __future__ import annotations

import asyncio
import copy
from typing import Any, AsyncIterator

import pytest

from agent_interaction_kit import AgentServer, Grant
from agent_interaction_kit.handshake import Handshake
from agent_interaction_kit.jsjson import dumps
from agent_interaction_kit.session import iso_time

from conftest import GOLDEN, FakeClock
from kit import FakeKit

APPROVAL_CASE = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")
KUBECTL = Grant(key="shell:kubectl get", label="kubectl get …")
LOW = {"message": "Run kubectl get pods?", "severity": "low"}


def approved(call_id: str) -> dict[str, Any]:
    result = copy.deepcopy(APPROVAL_CASE["result"])
    result["interaction_response"]["request_id"] = call_id
    return result


def alice(_shake: Handshake) -> dict[str, str]:
    return {"actor": "alice@example.com"}


@pytest.fixture
async def server(clock: FakeClock) -> AsyncIterator[AgentServer]:
    server = await AgentServer.start("127.0.0.1", 0, clock=clock, authorize=alice)
    yield server
    await server.close()


async def give_grant(server: AgentServer, kit: FakeKit, call_id: str = "g-1") -> dict[str, Any]:
    """A low approval offering KUBECTL, answered with "allow for this session"; returns its result."""
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", LOW, call_id=call_id, grant=KUBECTL))
    call = await kit.recv()
    assert call["grant"] == {"key": "shell:kubectl get", "label": "kubectl get …"}
    await kit.send({"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": approved(call_id), "grant": "session"})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": call_id}
    listed = await kit.recv()
    assert listed["type"] == "grants"
    return await asyncio.wait_for(task, 2)


async def test_a_granted_call_never_reaches_a_card_and_reads_as_a_plain_approval(server: AgentServer, clock: FakeClock) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    assert await kit.recv() == {"v": 1, "type": "grants", "grants": []}, "the list after every ready"
    first = await give_grant(server, kit)
    assert await server.session("abc").grants() == [{"key": "shell:kubectl get", "label": "kubectl get …", "at": iso_time(clock.now())}]

    second = await asyncio.wait_for(server.session("abc").call_tool("request_user_approval", LOW, call_id="g-2", grant=KUBECTL), 2)
    receipt = await kit.recv()
    assert receipt["granted"] is True and receipt["call_id"] == "g-2" and receipt["grant"]["key"] == "shell:kubectl get"
    assert second["content"] == first["content"] == "用户已批准操作。"
    # The page answers the receipt (its acknowledgement, no card): acked, nothing else changes.
    await kit.send({"type": "tool_result", "call_id": "g-2", "tool": "request_user_approval", "result": approved("g-2")})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "g-2"}
    await kit.close()


GRANTABLE = [c for c in GOLDEN["tool_cases"] if c["tool"] == "request_user_approval" and c.get("answer") == {"approve": True} and c["result"]["interaction_request"]["severity"] != "high"]


@pytest.mark.parametrize("case", GRANTABLE, ids=[c["name"] for c in GRANTABLE])
async def test_what_the_model_reads_is_the_golden_plain_approval_byte_for_byte(server: AgentServer, clock: FakeClock, case: dict[str, Any]) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()
    await give_grant(server, kit)
    result = await asyncio.wait_for(server.session("abc").call_tool("request_user_approval", case["arguments"], call_id="gold-1", grant=KUBECTL), 2)
    assert (await kit.recv())["granted"] is True
    expected = copy.deepcopy(case["result"])
    expected["interaction_response"].update(request_id="gold-1", resolved_at=iso_time(clock.now()))
    assert dumps(result) == dumps(expected)
    await kit.close()


async def test_a_receipt_unanswered_is_sent_again_after_ready(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()  # grants
    await give_grant(server, kit)
    await server.session("abc").call_tool("request_user_approval", LOW, call_id="g-2", grant=KUBECTL)
    assert (await kit.recv())["granted"] is True
    await kit.close()
    again = await FakeKit.open(server)
    await again.handshake(grants=True)
    assert (await again.recv())["type"] == "grants"
    receipt = await again.recv()
    assert (receipt["call_id"], receipt["granted"]) == ("g-2", True)
    await again.close()


@pytest.mark.parametrize(
    ("args", "context"),
    [
        ({"message": "Drop the table?", "severity": "high"}, None),
        ({"message": "Deploy?", "severity": " HIGH "}, None),  # as the rules read it
        ({"message": "List pods?", "severity": "low"}, {"run_mode": "grilling"}),
    ],
)
async def test_no_grant_is_offered_for_high_severity_or_in_grilling_mode(server: AgentServer, args: dict[str, Any], context: Any) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", args, call_id="h-1", grant=KUBECTL, context=context))
    call = await kit.recv()
    assert "grant" not in call
    # A page claiming the grant anyway records nothing: the runtime offered none.
    await kit.send({"type": "tool_result", "call_id": "h-1", "tool": "request_user_approval", "result": approved("h-1"), "grant": "session"})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "h-1"}
    await task
    await kit.nothing()
    assert await server.session("abc").grants() == []
    await kit.close()


async def test_a_held_grant_does_not_answer_a_high_call_with_its_key(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()
    await give_grant(server, kit)
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "Delete pods?", "severity": "high"}, call_id="h-2", grant=KUBECTL))
    call = await kit.recv()
    assert "granted" not in call and "grant" not in call, "a card, asked as any approval"
    task.cancel()
    await kit.close()


async def test_a_rejection_or_a_plain_approval_gives_no_grant(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", LOW, call_id="p-1", grant=KUBECTL))
    await kit.recv()
    await kit.send({"type": "tool_result", "call_id": "p-1", "tool": "request_user_approval", "result": approved("p-1")})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "p-1"}
    await task
    rejected = copy.deepcopy(approved("p-2"))
    rejected["interaction_response"]["approved"] = False
    rejected["interaction_response"]["value"] = False
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", LOW, call_id="p-2", grant=KUBECTL))
    await kit.recv()
    await kit.send({"type": "tool_result", "call_id": "p-2", "tool": "request_user_approval", "result": rejected, "grant": "session"})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "p-2"}
    await task
    assert await server.session("abc").grants() == []
    await kit.close()


async def test_revoked_by_the_runtime_it_asks_again(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()
    await give_grant(server, kit)
    assert await server.session("abc").revoke_grant("shell:kubectl get") is True
    assert await kit.recv() == {"v": 1, "type": "grants", "grants": []}
    assert await server.session("abc").revoke_grant("shell:kubectl get") is False
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", LOW, call_id="r-1", grant=KUBECTL))
    call = await kit.recv()
    assert call["call_id"] == "r-1" and "granted" not in call, "a card again"
    task.cancel()
    await kit.close()


async def test_revoked_by_the_page_it_asks_again(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake(grants=True)
    await kit.recv()
    await give_grant(server, kit)
    await kit.send({"type": "revoke_grant", "key": "shell:kubectl get"})
    assert await kit.recv() == {"v": 1, "type": "grants", "grants": []}
    await kit.send({"type": "revoke_grant", "key": "no such key"})
    await kit.nothing()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", LOW, call_id="r-2", grant=KUBECTL))
    call = await kit.recv()
    assert call["call_id"] == "r-2" and "granted" not in call
    task.cancel()
    await kit.close()


async def test_a_kit_that_shows_no_grants_gets_neither_grants_nor_receipts(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", LOW, call_id="o-1", grant=KUBECTL))
    call = await kit.recv()
    assert call["type"] == "tool_call"
    await kit.send({"type": "tool_result", "call_id": "o-1", "tool": "request_user_approval", "result": approved("o-1")})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "o-1"}
    await task
    await kit.nothing()
    await kit.close()


async def test_grant_is_refused_for_another_tool_or_when_malformed(server: AgentServer) -> None:
    session = server.session("abc")
    with pytest.raises(TypeError, match="request_user_approval only"):
        await session.call_tool("request_user_input", {"message": "Name?"}, grant=KUBECTL)
    with pytest.raises(TypeError, match="grant.key"):
        await session.call_tool("request_user_approval", LOW, grant=Grant(key="", label="x"))
    with pytest.raises(TypeError, match="grant must be a Grant"):
        await session.call_tool("request_user_approval", LOW, grant={"key": "k", "label": "l"})  # type: ignore[call-overload]
    assert session.pending_ids == []
