"""`notify` in one process: once per call that waits for a person, with its link, after
`notify_after` seconds in which the chat page could answer; never for a granted call or for
publish_artifacts; a failing `notify` is logged once and tried again (1 s, then 4 s) while the call
goes on waiting and is answered from the chat page. The clock is injected: nothing waits."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, AsyncIterator, Callable

import pytest

from agent_interaction_kit import AgentServer, Grant, Links, NotifyInput

from conftest import FakeClock
from test_inbox import approved

SECRET = "s" * 40
LINKS = Links(secret=SECRET, base_url="https://agents.example.com")
ASK = {"message": "Deploy?"}


class Page:
    """A session's chat page, ready: its answers go through the session as a WebSocket's do."""

    def __init__(self, server: AgentServer, session_id: str) -> None:
        self.session = server.session(session_id)
        self.session.attach(self, "alice")
        self.receive({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": [], "grants": True}, "resume": []})

    def send(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass

    def receive(self, message: dict[str, Any]) -> None:
        self.session.receive(self, json.dumps({"v": 1, **message}))

    def approve(self, call_id: str, grant: bool = False) -> None:
        extra = {"grant": "session"} if grant else {}
        self.receive({"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": approved(call_id), **extra})


async def settle() -> None:
    """Lets a try's task run (and a failure be logged) before the clock moves on."""
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.fixture
async def made(clock: FakeClock) -> AsyncIterator[Callable[..., AgentServer]]:
    servers: list[AgentServer] = []

    def make(notify: Any, **options: Any) -> AgentServer:
        server = AgentServer(check_origin=False, clock=clock, links=LINKS, notify=notify, **options)
        servers.append(server)
        return server

    yield make
    for server in servers:
        await server.close()


def asking(server: AgentServer, session: str, call_id: str, tool: str = "request_user_approval", args: Any = ASK, **options: Any) -> "asyncio.Task[Any]":
    return asyncio.ensure_future(server.session(session).call_tool(tool, args, call_id=call_id, **options))


async def test_after_notify_after_seconds_once_with_the_call_its_link_context_and_owner(made: Any, clock: FakeClock) -> None:
    notices: list[NotifyInput] = []
    server = made(notices.append, notify_after=30, context_for=lambda _id: {"channel": "desktop"})
    session = server.session("s1", owner="alice")
    asked = asking(server, "s1", "c1")
    await settle()
    clock.advance(29.999)
    await settle()
    assert notices == [], "not before notify_after"
    clock.advance(0.001)
    await settle()
    call = session.waiting["c1"]
    assert notices == [{
        "session_id": "s1",
        "call": {"id": "c1", "tool": "request_user_approval", "arguments": call.args, "deadline": call.deadline},
        "link": session.link_for("c1"),
        "actor": "alice",
        "context": {"channel": "desktop"},
    }]  # fmt: skip
    assert notices[0]["link"].startswith("https://agents.example.com/agent/answer/")
    clock.advance(60)
    await settle()
    assert len(notices) == 1, "once per call"
    Page(server, "s1").approve("c1")
    assert (await asked)["interaction_response"]["approved"] is True


async def test_a_call_answered_in_the_chat_within_notify_after_notifies_nobody(made: Any, clock: FakeClock) -> None:
    notices: list[NotifyInput] = []
    server = made(notices.append, notify_after=30)
    page = Page(server, "s2")
    answered = asking(server, "s2", "quick")
    await settle()
    clock.advance(20)
    page.approve("quick")
    await answered
    slow = asking(server, "s2", "slow", "request_user_input", {"message": "Which branch?"})
    await settle()
    clock.advance(120)
    await settle()
    assert [n["call"]["id"] for n in notices] == ["slow"]
    slow.cancel()


async def test_never_for_a_granted_call_nor_publish_artifacts_at_once_by_default(made: Any, clock: FakeClock) -> None:
    notices: list[NotifyInput] = []
    server = made(notices.append)
    page = Page(server, "s3")
    grant = Grant("shell:ls", "ls")
    first = asking(server, "s3", "g1", args={"message": "ls?", "severity": "low"}, grant=grant)
    await settle()
    page.approve("g1", grant=True)
    await first
    clock.advance(0)
    await settle()
    assert notices == [], "answered before its notice was due"
    granted = await server.session("s3").call_tool("request_user_approval", {"message": "ls again?", "severity": "low"}, call_id="g2", grant=grant)
    assert granted["interaction_response"]["approved"] is True
    files = asking(server, "s3", "a1", "publish_artifacts", {"items": [{"url": "https://x.example/a"}]})
    other = asking(server, "s3", "c3")
    await settle()
    clock.advance(0)
    await settle()
    assert [n["call"]["id"] for n in notices] == ["c3"]
    files.cancel()
    other.cancel()


async def test_failing_twice_then_sent_three_tries_1_s_then_4_s_apart_logged_once(made: Any, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    tries: list[float] = []

    async def notify(_notice: NotifyInput) -> None:
        tries.append(clock.now())
        if len(tries) <= 2:
            raise RuntimeError("Slack said 503")

    server = made(notify)
    caplog.set_level(logging.WARNING, logger="agent_interaction_kit")
    asked = asking(server, "s4", "c4")
    start = clock.now()
    await settle()
    clock.advance(0)
    await settle()
    clock.advance(0.999)
    await settle()
    assert len(tries) == 1, "the second try waits 1 s"
    for step in (0.001, 4, 60):
        clock.advance(step)
        await settle()
    assert [round(t - start, 3) for t in tries] == [0, 1, 5]
    failures = [r.getMessage() for r in caplog.records if "notify failed" in r.getMessage()]
    assert len(failures) == 1 and "c4" in failures[0] and "RuntimeError: Slack said 503" in failures[0]
    Page(server, "s4").approve("c4")
    assert (await asked)["interaction_response"]["approved"] is True


async def test_failing_always_tried_three_times_logged_once_and_answered_from_the_chat(made: Any, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    tries = 0

    def notify(_notice: NotifyInput) -> None:
        nonlocal tries
        tries += 1
        raise TypeError("bad credentials")

    server = made(notify)
    caplog.set_level(logging.WARNING, logger="agent_interaction_kit")
    asked = asking(server, "s5", "c5")
    await settle()
    for _ in range(10):
        clock.advance(5)
        await settle()
    assert tries == 3, "a bounded number of tries"
    failures = [r.getMessage() for r in caplog.records if "notify failed" in r.getMessage()]
    assert len(failures) == 1 and "c5" in failures[0] and "TypeError: bad credentials" in failures[0]
    assert server.session("s5").pending_ids == ["c5"], "the call goes on waiting"
    Page(server, "s5").approve("c5")
    assert (await asked)["interaction_response"]["approved"] is True


async def test_stops_trying_once_settled_and_a_notify_that_never_returns_delays_nothing(made: Any, clock: FakeClock) -> None:
    tries = 0
    never: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def notify(_notice: NotifyInput) -> None:
        nonlocal tries
        tries += 1
        if tries == 1:
            raise TimeoutError("timeout")
        await never

    server = made(notify)
    page = Page(server, "s6")
    first = asking(server, "s6", "c6")
    await settle()
    clock.advance(0)
    await settle()
    page.approve("c6")
    await first
    clock.advance(10)
    await settle()
    assert tries == 1, "no try after the call settled"
    second = asking(server, "s6", "c7")
    await settle()
    clock.advance(0)
    await settle()
    assert tries == 2
    page.approve("c7")
    assert (await asyncio.wait_for(second, 1))["interaction_response"]["approved"] is True, "answered while its notice hangs"


async def test_a_high_risk_approval_without_an_owner_notifies_nobody_and_the_log_says_why(made: Any, clock: FakeClock, caplog: pytest.LogCaptureFixture) -> None:
    notices: list[NotifyInput] = []
    server = made(notices.append)
    caplog.set_level(logging.WARNING, logger="agent_interaction_kit")
    task = asking(server, "s8", "h8", args={"message": "Drop?", "severity": "high"})
    await settle()
    clock.advance(0)
    await settle()
    assert notices == []
    assert any("h8 has no answer link" in r.getMessage() for r in caplog.records)
    task.cancel()


def test_refuses_notify_without_links_a_notify_not_a_function_and_a_negative_notify_after() -> None:
    with pytest.raises(TypeError, match="notify needs links"):
        AgentServer(check_origin=False, notify=lambda _n: None)
    with pytest.raises(TypeError, match="notify must be a function"):
        AgentServer(check_origin=False, links=LINKS, notify="slack")  # type: ignore[typeddict-item]
    for wrong in (-1, float("nan"), True, "30"):
        with pytest.raises(TypeError, match="notify_after must be"):
            AgentServer(check_origin=False, links=LINKS, notify=lambda _n: None, notify_after=wrong)
