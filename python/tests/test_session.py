"""The guarantees of docs/protocol.md §6.1, over real sockets, with a fake clock."""

from __future__ import annotations

import asyncio
import copy
from typing import Any, AsyncIterator

import pytest
from websockets.exceptions import ConnectionClosed

from agent_interaction_kit import AgentServer, KitError
from agent_interaction_kit.rules import normalize_tool_call, resolve_context, tool_result_for, timeout_response
from agent_interaction_kit.session import iso_time

from conftest import GOLDEN, FakeClock
from kit import FakeKit

APPROVAL_CASE = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")


def approved(call_id: str, text: str = "用户已批准操作。") -> dict[str, Any]:
    result = copy.deepcopy(APPROVAL_CASE["result"])
    result["interaction_response"]["request_id"] = call_id
    result["interaction_response"]["resolved_at"] = "2026-11-29T12:00:31.204Z"
    result["content"] = text
    return result


@pytest.fixture
async def server(clock: FakeClock) -> AsyncIterator[AgentServer]:
    server = await AgentServer.start("127.0.0.1", 0, clock=clock, context_for=lambda _id: {"channel": "feishu"})
    yield server
    await server.close()


async def started(kit: FakeKit) -> dict[str, Any]:
    """The next tool_call the runtime sends."""
    message = await kit.recv()
    assert message["type"] == "tool_call", message
    return message


async def test_an_exchange_start_to_end(server: AgentServer, clock: FakeClock) -> None:
    kit = await FakeKit.open(server)
    hello = await kit.handshake()
    assert hello == {"v": 1, "type": "hello", "session_id": "abc", "context": {"channel": "feishu"}}
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "Deploy?"}, timeout_seconds=300, call_id="c-1"))
    call = await started(kit)
    assert call == {
        "v": 1, "type": "tool_call", "call_id": "c-1", "tool": "request_user_approval",
        "arguments": {"message": "Deploy?", "timeout_seconds": 300}, "deadline": iso_time(clock.now() + 300),
    }
    assert call["deadline"].endswith(".000Z") and len(call["deadline"]) == 24
    await kit.send({"type": "tool_result", "call_id": "c-1", "tool": "request_user_approval", "result": approved("c-1")})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "c-1"}
    result = await task
    assert result["content"] == "用户已批准操作。"
    await kit.close()


async def test_the_default_timeout_is_120_and_a_call_context_is_sent(server: AgentServer, clock: FakeClock) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_input", {"message": "?"}, context={"run_mode": "grilling"}))
    call = await started(kit)
    assert call["deadline"] == iso_time(clock.now() + 120)
    assert call["context"] == {"run_mode": "grilling"}
    assert len(call["call_id"]) == 36
    task.cancel()
    await kit.close()


async def test_calls_wait_for_ready_and_are_resent_after_every_ready_with_their_deadline(server: AgentServer, clock: FakeClock) -> None:
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m", "timeout_seconds": 60}, call_id="c-2"))
    await asyncio.sleep(0)
    deadline = iso_time(clock.now() + 60)
    clock.advance(20)  # the page is late: the remaining time carries over
    kit = await FakeKit.open(server)
    await kit.send({"type": "connect", "kit_version": "0.1.0"})
    assert (await kit.recv())["type"] == "hello"
    await kit.nothing()  # nothing before ready
    await kit.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
    first = await started(kit)
    assert first["deadline"] == deadline
    await kit.close()
    # A reload: a new connection, connect → hello → ready, and the same call again.
    kit = await FakeKit.open(server)
    await kit.handshake()
    again = await started(kit)
    assert again == first
    await kit.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
    assert await started(kit) == first, "re-sent after every ready"
    await kit.send({"type": "tool_result", "call_id": "c-2", "tool": "request_user_approval", "result": approved("c-2")})
    assert (await kit.recv())["type"] == "ack"
    await task
    await kit.close()


async def test_the_first_valid_result_wins_and_every_copy_is_acked(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-3"))
    await started(kit)
    await kit.send({"type": "tool_result", "call_id": "c-3", "tool": "request_user_approval", "result": approved("c-3", "first")})
    await kit.send({"type": "tool_result", "call_id": "c-3", "tool": "request_user_approval", "result": approved("c-3", "second")})
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "c-3"}
    assert await kit.recv() == {"v": 1, "type": "ack", "id": "c-3"}
    assert (await task)["content"] == "first"
    await kit.close()


async def test_an_invalid_result_is_neither_kept_nor_acked(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-4"))
    await started(kit)
    broken = approved("c-4", "broken")
    broken["interaction_response"]["status"] = "maybe"
    await kit.send({"type": "tool_result", "call_id": "c-4", "tool": "request_user_approval", "result": broken})
    await kit.send({"type": "tool_result", "call_id": "c-4", "tool": "request_user_input", "result": approved("c-4", "wrong tool")})
    await kit.send({"type": "tool_result", "call_id": "c-4", "tool": "request_user_approval", "result": {"error": "no"}})
    await kit.nothing()
    assert not task.done()
    await kit.send({"type": "tool_result", "call_id": "c-4", "tool": "request_user_approval", "result": approved("c-4", "good")})
    assert (await kit.recv())["type"] == "ack"
    assert (await task)["content"] == "good"
    await kit.close()


async def test_at_deadline_plus_grace_the_runtime_resolves_with_the_timeout_policy(server: AgentServer, clock: FakeClock) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    args = {"message": "m", "questions": [{"id": "a", "question": "A?", "options": ["x", "y"]}]}
    task = asyncio.create_task(server.session("abc").call_tool("request_user_input", args, timeout_seconds=30, call_id="c-5"))
    await started(kit)
    start = clock.now()
    clock.advance(30 + 9.999)
    await kit.nothing(0.05)
    assert not task.done(), "the kit has until deadline + 10 s"
    clock.advance(0.002)
    assert await kit.recv() == {"v": 1, "type": "cancel", "id": "c-5", "reason": "expired"}
    result = await task
    assert result["content_parts"][0] == {"type": "tool_event", "tool_name": "request_user_input", "status": "auto_selected", "summary": "answers=1"}
    assert result["interaction_response"]["approved"] is True
    request = normalize_tool_call("request_user_input", {**args, "timeout_seconds": 30}, "c-5", "abc", resolve_context({"channel": "feishu"}))
    assert result == tool_result_for(request, timeout_response(request, iso_time(start + 40)))
    # An answer that arrives after that is answered with the same cancel, not an ack.
    await kit.send({"type": "tool_result", "call_id": "c-5", "tool": "request_user_input", "result": result})
    assert await kit.recv() == {"v": 1, "type": "cancel", "id": "c-5", "reason": "expired"}
    await kit.close()


async def test_grilling_never_auto_selects_at_the_runtime_either(server: AgentServer, clock: FakeClock) -> None:
    args = {"message": "m", "questions": [{"id": "a", "question": "A?", "options": ["x"]}]}
    task = asyncio.create_task(server.session("abc").call_tool("request_user_input", args, context={"run_mode": "grilling"}))
    await asyncio.sleep(0)
    clock.advance(130.001)
    result = await task
    assert result["content"] == "未收到有效输入（timeout）。"
    assert result["interaction_response"]["status"] == "timeout" and result["interaction_response"]["raw_value"] is None


async def test_publish_artifacts_has_no_timeout_policy(server: AgentServer, clock: FakeClock) -> None:
    task = asyncio.create_task(server.session("abc").call_tool("publish_artifacts", {"items": [{"url": "https://x.example/a"}]}, timeout_seconds=5))
    await asyncio.sleep(0)
    clock.advance(15.001)
    with pytest.raises(KitError) as error:
        await task
    assert error.value.code == "timeout"


async def test_cancelling_the_task_sends_cancel_aborted(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-6"))
    await started(kit)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await kit.recv() == {"v": 1, "type": "cancel", "id": "c-6", "reason": "aborted"}
    assert server.session("abc").pending_ids == []
    await kit.close()


async def test_re_asking_a_resolved_call_returns_the_stored_result_without_sending(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    session = server.session("abc")
    task = asyncio.create_task(session.call_tool("request_user_approval", {"message": "m"}, call_id="c-7"))
    await started(kit)
    await kit.send({"type": "tool_result", "call_id": "c-7", "tool": "request_user_approval", "result": approved("c-7")})
    await kit.recv()
    first = await task
    again = await asyncio.wait_for(session.call_tool("request_user_approval", {"message": "m"}, call_id="c-7"), 0.5)
    assert again == first
    await kit.nothing()
    await kit.close()


async def test_a_repeated_pending_call_is_sent_once(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    session = server.session("abc")
    one = asyncio.create_task(session.call_tool("request_user_approval", {"message": "m"}, call_id="c-8"))
    two = asyncio.create_task(session.call_tool("request_user_approval", {"message": "m"}, call_id="c-8"))
    await started(kit)
    await kit.nothing()
    await kit.send({"type": "tool_result", "call_id": "c-8", "tool": "request_user_approval", "result": approved("c-8")})
    assert (await one) == (await two)
    await kit.close()


async def test_an_error_message_raises_kit_error_with_its_issues(server: AgentServer) -> None:
    kit = await FakeKit.open(server)
    await kit.handshake()
    task = asyncio.create_task(server.session("abc").call_tool("request_user_input", {"message": "m"}, call_id="c-9"))
    await started(kit)
    issues = [{"path": "arguments.questions", "expected": "array"}]
    await kit.send({"type": "error", "id": "c-9", "code": "invalid_arguments", "message": "arguments.questions must be an array.", "issues": issues})
    with pytest.raises(KitError) as error:
        await task
    assert (error.value.code, error.value.issues, error.value.call_id) == ("invalid_arguments", issues, "c-9")
    assert str(error.value) == "invalid_arguments: arguments.questions must be an array."
    await kit.close()


async def test_arguments_the_kit_would_refuse_raise_at_once_with_no_page_connected(server: AgentServer) -> None:
    session = server.session("nobody-here")
    assert session.connected is False
    with pytest.raises(KitError) as error:
        await asyncio.wait_for(session.call_tool("request_user_input", {"message": 5, "questions": "q1"}, call_id="c-11"), 0.5)
    assert error.value.code == "invalid_arguments"
    assert error.value.issues == [{"path": "arguments.message", "expected": "string"}, {"path": "arguments.questions", "expected": "array"}]
    assert str(error.value) == "invalid_arguments: arguments.message must be a string; arguments.questions must be an array."
    with pytest.raises(KitError) as error:
        await session.call_tool("request_user_approval", ["not", "a", "mapping"])  # type: ignore[call-overload]
    assert (error.value.code, error.value.issues) == ("invalid_arguments", [{"path": "arguments", "expected": "object"}])
    assert session.pending_ids == [], "nothing is sent or kept"
    # The golden cases the kit refuses are refused here too, with the same issues.
    for case in (c for c in GOLDEN["tool_cases"] if "error" in c):
        with pytest.raises(KitError) as error:
            await session.call_tool(case["tool"], case["arguments"])
        assert (error.value.code, error.value.issues) == ("invalid_arguments", case["error"]["issues"]), case["name"]


async def test_close_ends_pending_calls_with_unavailable_and_refuses_new_ones(clock: FakeClock) -> None:
    server = AgentServer(clock=clock)
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-12"))
    await asyncio.sleep(0)
    assert server.session("abc").pending_ids == ["c-12"]
    await server.close()
    with pytest.raises(KitError) as error:
        await task
    assert (error.value.code, error.value.call_id) == ("unavailable", "c-12")
    for session in (server.session("abc"), server.session("made-after-close")):
        with pytest.raises(KitError) as error:
            await session.call_tool("request_user_approval", {"message": "m"})
        assert error.value.code == "unavailable"


async def test_a_call_over_a_quarter_of_max_size_is_refused(server: AgentServer) -> None:
    with pytest.raises(KitError) as error:
        await server.session("abc").call_tool("request_user_input", {"message": "x" * (server.max_size // 4)})
    assert error.value.code == "too_large"
    assert server.session("abc").pending_ids == []


async def test_a_newer_connection_supersedes_the_older_with_4000(server: AgentServer) -> None:
    old = await FakeKit.open(server)
    await old.handshake()
    new = await FakeKit.open(server)
    with pytest.raises(ConnectionClosed) as closed:
        await old.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
    task = asyncio.create_task(server.session("abc").call_tool("request_user_approval", {"message": "m"}, call_id="c-10"))
    await new.handshake()
    assert (await started(new))["call_id"] == "c-10"
    task.cancel()
    await new.close()


async def test_result_language_en_gives_the_same_results_with_english_content(clock: FakeClock) -> None:
    server = await AgentServer.start("127.0.0.1", 0, clock=clock, result_language="en")
    try:
        kit = await FakeKit.open(server)
        await kit.handshake()
        session = server.session("abc")
        task = asyncio.create_task(session.call_tool("request_user_approval", {"message": "Deploy?"}, call_id="en-1"))
        await started(kit)
        kit_result = approved("en-1")
        await kit.send({"type": "tool_result", "call_id": "en-1", "tool": "request_user_approval", "result": kit_result})
        assert await kit.recv() == {"v": 1, "type": "ack", "id": "en-1"}
        result = await task
        assert result == {**kit_result, "content": "The user approved the action."}
        again = await session.call_tool("request_user_approval", {"message": "Deploy?"}, call_id="en-1")
        assert again == result, "a re-ask gets the same English result"
        # The runtime's own timeout result too.
        task = asyncio.create_task(session.call_tool("request_user_input", {"message": "Name?"}, timeout_seconds=5, call_id="en-2"))
        await started(kit)
        clock.advance(15.001)
        assert (await task)["content"] == "No valid input was received (timeout)."
        await kit.close()
    finally:
        await server.close()
    with pytest.raises(ValueError, match="AgentServer: result_language must be 'zh' or 'en'"):
        AgentServer(result_language="de")  # type: ignore[typeddict-item]
