"""One call, many places, and the inbox (docs/protocol.md §12), in one process, over real sockets:
who sees which calls, the exchange, the first answer winning wherever it came from, and what the
other places are told."""

from __future__ import annotations

import asyncio
import copy
from typing import Any, AsyncIterator, Optional

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

from agent_interaction_kit import AgentServer, Grant, Handshake, Inbox, InboxView, KitError

from apps import served
from conftest import GOLDEN, FakeClock, Trail
from kit import FakeKit

ORIGIN = Origin("http://127.0.0.1:5173")
APPROVED = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")["result"]
ASK = {"message": "Deploy to production?", "severity": "high"}


def approved(call_id: str, note: str = "") -> dict[str, Any]:
    result: dict[str, Any] = copy.deepcopy(APPROVED)
    result["interaction_response"].update(request_id=call_id, resolved_at="2026-11-29T12:00:31.204Z", text=note)
    return result


def by_query(shake: Handshake) -> Any:
    """`?as=<actor>` names who is on the connection; the inbox is told it is one."""
    seen.append(shake.inbox)
    return {"actor": shake.query["as"]} if "as" in shake.query else True


seen: list[bool] = []


@pytest.fixture
async def server(clock: FakeClock, trail: Trail) -> AsyncIterator[AgentServer]:
    team: dict[str, InboxView] = {"lead": {"owners": ["alice"]}, "auditor": {"sessions": ["b"]}}
    inbox = Inbox(inbox_for=lambda actor: team.get(actor))
    server = await AgentServer.start("127.0.0.1", 0, clock=clock, authorize=by_query, inbox=inbox, audit=trail, context_for=lambda _id: {"channel": "feishu"})
    yield server
    await server.close()


async def chat(server: AgentServer, session: str, actor: str, showing: Optional[list[str]] = None) -> FakeKit:
    page = FakeKit(await connect(f"ws://127.0.0.1:{server.port}/agent/sessions/{session}?as={actor}", origin=ORIGIN))
    await page.handshake(showing=showing)
    return page


async def inbox(server: AgentServer, actor: str, resume: Optional[list[str]] = None) -> tuple[FakeKit, list[dict[str, Any]]]:
    """An inbox of `actor`, through its exchange: returns it and its snapshot's calls."""
    page = FakeKit(await connect(f"ws://127.0.0.1:{server.port}/agent/inbox?as={actor}", origin=ORIGIN))
    await page.send({"type": "connect", "kit_version": "0.1.0"})
    assert await page.recv() == {"v": 1, "type": "hello", "inbox": True, "actor": actor}
    await page.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": resume or []})
    snapshot = await page.recv()
    assert snapshot["type"] == "inbox", snapshot
    return page, snapshot["calls"]


async def asked(server: AgentServer, session: str, call_id: str, page: Optional[FakeKit] = None, **options: Any) -> "asyncio.Task[Any]":
    task = asyncio.create_task(server.session(session).call_tool("request_user_approval", ASK, call_id=call_id, **options))
    if page is not None:
        assert (await page.recv())["call_id"] == call_id
    else:
        await asyncio.sleep(0.05)
    return task


def answer(call_id: str, session: Optional[str] = None, note: str = "") -> dict[str, Any]:
    message: dict[str, Any] = {"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": approved(call_id, note)}
    return {**message, "session_id": session} if session else message


async def test_two_people_never_see_each_others_calls(server: AgentServer, trail: Trail) -> None:
    alice_page, bob_page = await chat(server, "a", "alice"), await chat(server, "b", "bob")
    alice_inbox, calls = await inbox(server, "alice")
    bob_inbox, bob_calls = await inbox(server, "bob")
    assert calls == [] and bob_calls == []
    task = await asked(server, "a", "a-1", alice_page)
    added = await alice_inbox.recv()
    assert added["type"] == "inbox_add"
    assert {k: added["call"][k] for k in ("call_id", "tool", "arguments", "session_id", "session_title")} == {
        "call_id": "a-1", "tool": "request_user_approval", "arguments": ASK, "session_id": "a", "session_title": None,
    }  # fmt: skip
    assert added["call"]["context"] == {"channel": "feishu"}, "the session's context, as the inbox gets no hello per session"
    assert added["call"]["deadline"] and added["call"]["asked_at"]
    await bob_inbox.nothing()
    # Bob answering Alice's session is refused, and nothing is stored: the call still waits.
    await bob_inbox.send(answer("a-1", "a"))
    assert await bob_inbox.recv() == {"v": 1, "type": "error", "id": "a-1", "code": "forbidden", "message": 'This inbox may not answer calls of session "a".'}
    await bob_inbox.send(answer("a-1", "nowhere"))
    assert (await bob_inbox.recv())["code"] == "forbidden", "a session that does not exist is as closed"
    assert server.session("a").pending_ids == ["a-1"] and not task.done() and trail.records == []
    _again, listed = await inbox(server, "bob")
    assert listed == [], "not in Bob's snapshot either"
    task.cancel()
    for page in (alice_page, bob_page, alice_inbox, bob_inbox, _again):
        await page.close()


async def test_answered_from_the_inbox_the_chat_page_is_told_and_the_call_resolves(server: AgentServer, trail: Trail) -> None:
    page = await chat(server, "a", "alice")
    other = await chat(server, "b", "alice")
    task = await asked(server, "a", "a-1", page)
    mine, calls = await inbox(server, "alice")
    second, _ = await inbox(server, "alice")
    assert [c["call_id"] for c in calls] == ["a-1"]
    await mine.send(answer("a-1", "a", "from the inbox"))
    assert await mine.recv() == {"v": 1, "type": "ack", "id": "a-1", "session_id": "a"}
    result = await asyncio.wait_for(task, 2)
    assert result["interaction_response"]["text"] == "from the inbox"
    settled = await page.recv()
    assert settled["type"] == "settled"
    assert {k: settled[k] for k in ("call_id", "session_id", "decision", "where", "actor")} == {
        "call_id": "a-1", "session_id": "a", "decision": "approved", "where": "inbox", "actor": "alice",
    }  # fmt: skip
    removed = await second.recv()
    assert removed == {"v": 1, "type": "inbox_remove", **{k: settled[k] for k in ("call_id", "session_id", "decision", "where", "actor", "at")}}
    await mine.nothing()
    await other.nothing()
    [record] = trail.records
    assert (record["decision"], record["source"], record["actor"], record["where"]) == ("approved", "user", "alice", "inbox")
    # The chat page answers a moment too late: its ack and the same settled, never an error.
    await page.send(answer("a-1", note="from the chat"))
    assert await page.recv() == {"v": 1, "type": "ack", "id": "a-1"}
    assert await page.recv() == {k: v for k, v in settled.items()}
    assert len(trail.records) == 1, "one record per call"
    for socket in (page, other, mine, second):
        await socket.close()


async def test_answered_from_the_chat_the_inbox_removes_it(server: AgentServer, trail: Trail) -> None:
    page = await chat(server, "a", "alice")
    mine, _ = await inbox(server, "alice")
    task = await asked(server, "a", "a-1", page)
    assert (await mine.recv())["type"] == "inbox_add"
    await page.send(answer("a-1", note="from the chat"))
    assert await page.recv() == {"v": 1, "type": "ack", "id": "a-1"}
    await page.nothing()
    removed = await mine.recv()
    assert {k: removed[k] for k in ("type", "call_id", "session_id", "decision", "where", "actor")} == {
        "type": "inbox_remove", "call_id": "a-1", "session_id": "a", "decision": "approved", "where": "chat", "actor": "alice",
    }  # fmt: skip
    assert (await task)["interaction_response"]["text"] == "from the chat"
    # The inbox answers late: its ack and the same removal; the chat page's own re-send gets its ack alone.
    await mine.send(answer("a-1", "a"))
    assert await mine.recv() == {"v": 1, "type": "ack", "id": "a-1", "session_id": "a"}
    assert await mine.recv() == removed
    await page.send(answer("a-1"))
    assert await page.recv() == {"v": 1, "type": "ack", "id": "a-1"}
    await page.nothing()
    assert [r["where"] for r in trail.records] == ["chat"]
    await page.close()
    await mine.close()


async def test_a_chat_page_away_while_the_inbox_answered_is_told_on_its_return(server: AgentServer) -> None:
    page = await chat(server, "a", "alice")
    mine, _ = await inbox(server, "alice")
    task = await asked(server, "a", "a-1", page)
    still = await asked(server, "a", "a-2", page)
    assert [(await mine.recv())["call"]["call_id"] for _ in range(2)] == ["a-1", "a-2"]
    await page.close()  # the page drops; meanwhile the inbox answers
    await mine.send(answer("a-1", "a", "from the inbox"))
    assert await mine.recv() == {"v": 1, "type": "ack", "id": "a-1", "session_id": "a"}
    assert (await asyncio.wait_for(task, 2))["interaction_response"]["text"] == "from the inbox"
    # Back, it says which cards it still shows pending: the pending call again, then who won the other.
    # An id the runtime knows nothing of gets nothing.
    back = await chat(server, "a", "alice", showing=["a-1", "a-2", "never-asked"])
    assert (await back.recv())["call_id"] == "a-2"
    settled = await back.recv()
    assert {k: v for k, v in settled.items() if k != "at"} == {
        "v": 1, "type": "settled", "call_id": "a-1", "session_id": "a", "decision": "approved", "where": "inbox", "actor": "alice",
    }  # fmt: skip
    assert settled["at"]
    await back.nothing()
    await back.close()
    # A ready without `showing` is answered as before: the pending call alone.
    older = await chat(server, "a", "alice")
    assert (await older.recv())["call_id"] == "a-2"
    await older.nothing()
    still.cancel()
    await older.close()
    await mine.close()


async def test_a_chat_page_away_at_the_runtimes_timeout_is_told_on_its_return(server: AgentServer, clock: FakeClock) -> None:
    page = await chat(server, "a", "alice")
    task = await asked(server, "a", "t-1", page, timeout_seconds=30)
    await page.close()
    clock.advance(30 + 10)
    assert (await asyncio.wait_for(task, 2))["interaction_response"]["status"] == "timeout"
    back = await chat(server, "a", "alice", showing=["t-1"])
    settled = await back.recv()
    assert (settled["type"], settled["call_id"], settled["decision"], settled["where"], settled["actor"]) == ("settled", "t-1", "timeout", "runtime", None)
    await back.nothing()
    await back.close()


async def test_a_team_through_inbox_for_and_single_sessions(server: AgentServer) -> None:
    alice_page, bob_page = await chat(server, "a", "alice"), await chat(server, "b", "bob")
    first = await asked(server, "a", "a-1", alice_page, timeout_seconds=600)
    second = await asked(server, "b", "b-1", bob_page, timeout_seconds=60)
    _lead, lead_calls = await inbox(server, "lead")
    _auditor, auditor_calls = await inbox(server, "auditor")
    assert [c["call_id"] for c in lead_calls] == ["a-1"], "the lead sees Alice's sessions"
    assert [c["call_id"] for c in auditor_calls] == ["b-1"], "the auditor sees session b alone"
    _alice, alice_calls = await inbox(server, "alice")
    assert [c["call_id"] for c in alice_calls] == ["a-1"]
    await _lead.send(answer("a-1", "a"))
    assert (await _lead.recv())["type"] == "ack"
    assert (await asyncio.wait_for(first, 2))["interaction_response"]["approved"] is True
    assert (await _alice.recv())["actor"] == "lead", "Alice's inbox hears the lead answered"
    second.cancel()
    for socket in (alice_page, bob_page, _lead, _auditor, _alice):
        await socket.close()


async def test_the_snapshot_lists_soonest_deadline_first_and_follows_owner_and_title(server: AgentServer) -> None:
    late = await asked(server, "x", "x-late", timeout_seconds=900)
    soon = await asked(server, "x", "x-soon", timeout_seconds=30)
    mine, calls = await inbox(server, "carol")
    assert calls == [], "a session without an owner appears in no inbox"
    server.session("x", owner="carol", title="Nightly build")
    snapshot = await mine.recv()
    assert snapshot["type"] == "inbox"
    assert [(c["call_id"], c["session_title"]) for c in snapshot["calls"]] == [("x-soon", "Nightly build"), ("x-late", "Nightly build")]
    server.session("x", owner="dave")
    assert (await mine.recv()) == {"v": 1, "type": "inbox", "calls": []}, "given to another owner, it leaves"
    server.session("x", owner="dave")
    await mine.nothing()
    with pytest.raises(TypeError):
        server.session("x", owner=42)  # type: ignore[arg-type]
    # A chat page does not take a session that has an owner.
    page = await chat(server, "x", "erin")
    assert server.session("x").owner == "dave"
    late.cancel()
    soon.cancel()
    await mine.close()
    await page.close()


async def test_reconnect_and_re_send(server: AgentServer, trail: Trail) -> None:
    page = await chat(server, "a", "alice")
    mine, _ = await inbox(server, "alice")
    await mine.close()
    task = await asked(server, "a", "a-1", page)
    # Asked while the inbox was away: the snapshot after its next ready has it.
    again, calls = await inbox(server, "alice")
    assert [c["call_id"] for c in calls] == ["a-1"]
    await again.send(answer("a-1", "a"))
    await asyncio.wait_for(task, 2)
    await again.close()  # before it read its ack: its outbox still holds the answer
    back, calls = await inbox(server, "alice", resume=["a-1"])
    assert calls == []
    await back.send(answer("a-1", "a"))
    assert await back.recv() == {"v": 1, "type": "ack", "id": "a-1", "session_id": "a"}
    removed = await back.recv()
    assert (removed["type"], removed["where"], removed["actor"]) == ("inbox_remove", "inbox", "alice")
    assert len(trail.records) == 1, "the re-sent answer is stored once"
    await back.close()
    await page.close()


async def test_the_runtime_deciding_and_a_call_ending_without_a_decision(server: AgentServer, clock: FakeClock) -> None:
    page = await chat(server, "a", "alice")
    mine, _ = await inbox(server, "alice")
    task = await asked(server, "a", "t-1", page, timeout_seconds=30)
    await mine.recv()
    await page.close()
    clock.advance(30 + 10)
    assert (await asyncio.wait_for(task, 2))["interaction_response"]["status"] == "timeout"
    removed = await mine.recv()
    assert (removed["call_id"], removed["decision"], removed["where"], removed["actor"]) == ("t-1", "timeout", "runtime", None)
    await mine.send(answer("t-1", "a"))
    assert await mine.recv() == {"v": 1, "type": "ack", "id": "t-1", "session_id": "a"}
    assert await mine.recv() == removed, "an inbox's late answer gets its ack and the removal, not expired"
    page = await chat(server, "a", "alice")
    refused = await asked(server, "a", "e-1", page)
    await mine.recv()
    await page.send({"type": "error", "id": "e-1", "code": "invalid_arguments", "message": "no"})
    with pytest.raises(KitError):
        await refused
    removed = await mine.recv()
    assert (removed["call_id"], removed["decision"], removed["where"], removed["actor"]) == ("e-1", "cancelled", "runtime", None)
    await page.close()
    await mine.close()


async def test_a_granted_call_never_waits_in_an_inbox(server: AgentServer) -> None:
    page = FakeKit(await connect(f"ws://127.0.0.1:{server.port}/agent/sessions/g?as=alice", origin=ORIGIN))
    await page.handshake(grants=True)
    await page.recv()  # grants
    mine, _ = await inbox(server, "alice")
    grant = Grant(key="shell:ls", label="ls …")
    args = {"message": "ls?", "severity": "low"}
    task = asyncio.create_task(server.session("g").call_tool("request_user_approval", args, call_id="g-1", grant=grant))
    await page.recv()
    assert (await mine.recv())["type"] == "inbox_add"
    await mine.send({**answer("g-1", "g"), "grant": "session"})
    assert (await mine.recv())["type"] == "ack"
    await task
    assert (await page.recv())["type"] == "grants", "an answer from the inbox may allow the call's grant for the session"
    assert (await page.recv())["type"] == "settled"
    await server.session("g").call_tool("request_user_approval", args, call_id="g-2", grant=grant)
    receipt = await page.recv()
    assert receipt["granted"] is True
    await mine.nothing()
    await page.send({"type": "tool_result", "call_id": "g-2", "tool": "request_user_approval", "result": approved("g-2")})
    assert await page.recv() == {"v": 1, "type": "ack", "id": "g-2"}
    await page.nothing()  # what a grant decided is never sent as settled
    await page.close()
    await mine.close()


async def test_admitted_as_a_session_and_only_with_an_actor(server: AgentServer) -> None:
    seen.clear()
    for path, origin in (("/agent/inbox", ORIGIN), ("/agent/inbox?as=alice", Origin("https://evil.example"))):
        with pytest.raises(InvalidStatus) as refused:
            await connect(f"ws://127.0.0.1:{server.port}{path}", origin=origin)
        assert refused.value.response.status_code == 403
    assert seen == [True], "authorize is told it is an inbox (the bad origin never reaches it)"
    on_a_fleet = AgentServer(inbox=Inbox(), redis="redis://127.0.0.1:1")  # the inbox is served on a fleet too
    with pytest.raises(KitError):
        await on_a_fleet.open()  # only the unreachable Redis fails
    with pytest.raises(ValueError):
        Inbox(path="/agent/sessions")
    with pytest.raises(TypeError):
        AgentServer(inbox={"path": "/agent/inbox"})  # type: ignore[arg-type]


async def test_inbox_for_failing_shows_only_ones_own(clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    def failing(_actor: str) -> Any:
        raise RuntimeError("directory down")

    server = await AgentServer.start("127.0.0.1", 0, clock=clock, authorize=by_query, inbox=Inbox(inbox_for=failing))
    try:
        page = await chat(server, "a", "alice")
        task = await asked(server, "a", "a-1", page)
        _lead, calls = await inbox(server, "lead")
        assert calls == []
        assert "inbox_for failed for lead" in caplog.text
        task.cancel()
        await page.close()
        await _lead.close()
    finally:
        await server.close()


async def test_the_inbox_under_an_asgi_mount(clock: FakeClock) -> None:
    async def team(actor: str) -> Any:
        await asyncio.sleep(0)
        return {"owners": ["alice"]} if actor == "lead" else None

    kit = AgentServer(allowed_origins=[ORIGIN], authorize=by_query, clock=clock, inbox=Inbox(inbox_for=team))
    app = Starlette(routes=[Mount("/agent", app=kit.asgi())])
    async with served(app) as port:
        chat_page = FakeKit(await connect(f"ws://127.0.0.1:{port}/agent/sessions/a?as=alice", origin=ORIGIN))
        await chat_page.handshake()
        task = asyncio.create_task(kit.session("a").call_tool("request_user_approval", ASK, call_id="m-1"))
        await chat_page.recv()
        lead = FakeKit(await connect(f"ws://127.0.0.1:{port}/agent/inbox?as=lead", origin=ORIGIN))
        await lead.send({"type": "connect", "kit_version": "0.1.0"})
        assert (await lead.recv(5))["inbox"] is True
        await lead.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
        assert [c["call_id"] for c in (await lead.recv(5))["calls"]] == ["m-1"]
        await lead.send(answer("m-1", "a"))
        assert (await lead.recv(5))["type"] == "ack"
        assert (await asyncio.wait_for(task, 5))["interaction_response"]["approved"] is True
        assert (await chat_page.recv(5))["where"] == "inbox"
        with pytest.raises(InvalidStatus) as refused:
            await connect(f"ws://127.0.0.1:{port}/agent/inbox", origin=ORIGIN)
        assert refused.value.response.status_code == 403, "no actor, no inbox"
        await lead.close()
        await chat_page.close()
        await kit.close()


async def test_serve_inbox_in_a_route_of_ones_own(clock: FakeClock) -> None:
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    from agent_interaction_kit import StarletteSocket

    kit = AgentServer(allowed_origins=[ORIGIN], clock=clock, inbox=Inbox())

    async def desk(websocket: WebSocket) -> None:  # the route's own user, after its own checks
        user = websocket.query_params.get("user")
        await kit.serve_inbox(StarletteSocket(websocket), actor=user)

    app = Starlette(routes=[WebSocketRoute("/desk/inbox", desk)])
    async with served(app) as port:
        kit.session("a", owner="alice")
        task = asyncio.create_task(kit.session("a").call_tool("request_user_approval", ASK, call_id="r-1"))
        page = FakeKit(await connect(f"ws://127.0.0.1:{port}/desk/inbox?user=alice", origin=ORIGIN))
        await page.send({"type": "connect", "kit_version": "0.1.0"})
        assert await page.recv(5) == {"v": 1, "type": "hello", "inbox": True, "actor": "alice"}
        await page.send({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
        assert [c["call_id"] for c in (await page.recv(5))["calls"]] == ["r-1"]
        await page.send(answer("r-1", "a"))
        assert (await page.recv(5))["type"] == "ack"
        assert (await asyncio.wait_for(task, 5))["interaction_response"]["approved"] is True
        with pytest.raises(InvalidStatus) as refused:
            await connect(f"ws://127.0.0.1:{port}/desk/inbox", origin=ORIGIN)
        assert refused.value.response.status_code == 403, "a route that names nobody opens no inbox"
        await page.close()
        await kit.close()


async def test_a_withdrawn_call_leaves_the_inbox_and_the_chat_pages_late_answer_gets_its_ack_alone(server: AgentServer, trail: Trail) -> None:
    page = await chat(server, "a", "alice")
    mine, _ = await inbox(server, "alice")
    task = await asked(server, "a", "w-1", page)
    await mine.recv()
    task.cancel()
    assert await page.recv() == {"v": 1, "type": "cancel", "id": "w-1", "reason": "aborted"}
    removed = await mine.recv()
    assert (removed["type"], removed["decision"], removed["where"], removed["actor"]) == ("inbox_remove", "cancelled", "runtime", None)
    await page.send(answer("w-1"))
    assert await page.recv() == {"v": 1, "type": "ack", "id": "w-1"}
    await page.nothing()
    assert [(r["decision"], r["where"]) for r in trail.records] == [("cancelled", "runtime")]
    await page.close()
    await mine.close()


def test_the_readmes_inbox_recipe() -> None:
    from apps import block_under, run_block

    recipe = run_block(block_under("The inbox"))
    assert recipe["authorize"](Handshake(path="/agent/inbox", query={"as": "han.meimei"})) == {"actor": "han.meimei"}
    assert recipe["authorize"](Handshake(path="/agent/inbox")) is False, "no person, no inbox"
    assert recipe["inbox_for"]("han.meimei") == {"owners": ["li.lei"]}
    assert recipe["inbox_for"]("li.lei") == {"owners": []}
