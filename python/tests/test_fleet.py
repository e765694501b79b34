"""Many instances through a real redis-server: Python instances with each other, and
a mixed fleet of Node and Python instances, in both directions, answered by the real page."""

from __future__ import annotations

import asyncio
import copy
import json
from typing import Any, AsyncIterator

import pytest
from playwright.async_api import Browser
from websockets.exceptions import ConnectionClosed

from agent_interaction_kit import AgentServer, KitError

from apps import open_page
from conftest import GOLDEN, FakeClock
from fleet import NodeInstance, RedisServer, free_port
from kit import FakeKit
from test_e2e import PageServer

APPROVAL_CASE = next(c for c in GOLDEN["tool_cases"] if c["name"] == "approval-approved-high")


def approved(call_id: str) -> dict[str, Any]:
    result = copy.deepcopy(APPROVAL_CASE["result"])
    result["interaction_response"]["request_id"] = call_id
    return result


async def drained(page: FakeKit, wait: float = 0.3) -> list[dict[str, Any]]:
    """What the page receives for a moment (used only for negatives)."""
    got: list[dict[str, Any]] = []
    try:
        while True:
            got.append(await page.recv(wait))
    except asyncio.TimeoutError:
        return got


async def fleet(redis_server: RedisServer, count: int, **options: Any) -> list[AgentServer]:
    return [await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, **options) for _ in range(count)]


async def test_a_call_on_one_instance_reaches_the_page_on_another(redis_server: RedisServer, store: Any) -> None:
    a, b = await fleet(redis_server, 2)
    try:
        page = await FakeKit.open(b, session="py-reach")
        await page.handshake()
        task = asyncio.create_task(a.session("py-reach").call_tool("request_user_approval", {"message": "Go?"}, call_id="py-reach-1"))
        call = await page.recv()
        assert (call["type"], call["call_id"]) == ("tool_call", "py-reach-1")
        assert await store.zrange("aik:session:py-reach:pending", 0, -1) == ["py-reach-1"]
        await page.send({"type": "tool_result", "call_id": "py-reach-1", "tool": "request_user_approval", "result": approved("py-reach-1")})
        assert await page.recv(5) == {"v": 1, "type": "ack", "id": "py-reach-1"}
        result = await asyncio.wait_for(task, 5)
        assert result["interaction_response"]["request_id"] == "py-reach-1"
        stored = json.loads(await store.get("aik:result:py-reach-1"))  # with how it settled: who won, for a late answer
        assert stored == {"how": "answered", "result": result, "settled": {"decision": "approved", "where": "chat", "actor": None, "at": stored["settled"]["at"]}}
        assert await store.zrange("aik:session:py-reach:pending", 0, -1) == []
        # Re-asked on the other instance (the agent resumed there): the stored result, nothing sent.
        again = await asyncio.wait_for(b.session("py-reach").call_tool("request_user_approval", {"message": "Go?"}, call_id="py-reach-1"), 2)
        assert again == result
        assert await drained(page) == [], "nothing sent for the re-ask"
        await page.close()
    finally:
        for server in (a, b):
            await server.close()


async def test_a_newer_connection_on_one_instance_closes_the_older_on_another(redis_server: RedisServer) -> None:
    a, b = await fleet(redis_server, 2)
    try:
        old = await FakeKit.open(a, session="py-super")
        await old.handshake()
        new = await FakeKit.open(b, session="py-super")
        await new.handshake()
        with pytest.raises(ConnectionClosed) as closed:
            await old.recv(5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4000
        await new.close()
    finally:
        for server in (a, b):
            await server.close()


async def test_a_call_asked_while_the_pages_instance_still_claims_the_session_reaches_the_page(redis_server: RedisServer) -> None:
    """The page's instance reads the pending calls after `ready` only once its claim of the session
    is in Redis: a call asked between the two (no owner to publish it to yet, and after the read)
    would otherwise wait for the page's next reconnect."""
    a, b = await fleet(redis_server, 2)
    store = await b._fleet.store()  # type: ignore[union-attr]
    claim = store.claim

    async def slow_claim(session: str, owner: str) -> None:
        await asyncio.sleep(0.5)
        await claim(session, owner)

    store.claim = slow_claim  # type: ignore[method-assign]
    try:
        page = await FakeKit.open(b, session="py-claiming")
        await page.handshake()
        await asyncio.sleep(0.2)  # `ready` handled on b; its claim not yet in Redis
        task = asyncio.create_task(a.session("py-claiming").call_tool("request_user_approval", {"message": "Go?"}, call_id="py-claiming-1"))
        call = await page.recv()
        assert (call["type"], call["call_id"]) == ("tool_call", "py-claiming-1")
        task.cancel()
        await page.close()
    finally:
        for server in (a, b):
            await server.close()


@pytest.mark.parametrize("first", ["live", "read"])
async def test_a_call_published_while_the_pages_ready_read_is_on_its_way_reaches_the_page_once(redis_server: RedisServer, store: Any, first: str) -> None:
    """After `ready` the page's instance reads the session's pending calls; a call asked meanwhile
    is published to it live and is in the read too. Whichever copy comes first, the page gets one.
    The test holds the read, and the live copy, until the other copy has reached the page."""
    a, b = await fleet(redis_server, 2)
    fleet_store, session = await b._fleet.store(), b.session(f"py-crossing-{first}")  # type: ignore[union-attr]
    read, deliver = fleet_store.pending_frames, session.deliver_frame
    reading, read_may_go, live_may_go, live_done = asyncio.Event(), asyncio.Event(), asyncio.Event(), asyncio.Event()
    held: list[asyncio.Task[None]] = []

    async def held_read(session_id: str) -> list[dict[str, Any]]:
        reading.set()
        await read_may_go.wait()
        return await read(session_id)

    async def deliver_later(frame: dict[str, Any]) -> None:
        await live_may_go.wait()
        deliver(frame)
        live_done.set()

    fleet_store.pending_frames = held_read  # type: ignore[method-assign]
    session.deliver_frame = lambda frame: held.append(asyncio.ensure_future(deliver_later(frame)))  # type: ignore[method-assign]
    call_id = f"{session.session_id}-1"
    try:
        page = await FakeKit.open(b, session=session.session_id)
        await page.handshake()
        await asyncio.wait_for(reading.wait(), 5)  # `ready` handled; its read on its way
        task = asyncio.create_task(a.session(session.session_id).call_tool("request_user_approval", {"message": "Go?"}, call_id=call_id))
        if first == "live":
            live_may_go.set()
            assert (await page.recv(5))["call_id"] == call_id
            read_may_go.set()
        else:
            for _ in range(250):
                if await store.exists(f"aik:call:{call_id}"):
                    break
                await asyncio.sleep(0.02)
            read_may_go.set()
            assert (await page.recv(5))["call_id"] == call_id
            live_may_go.set()
        await asyncio.wait_for(live_done.wait(), 5)
        assert await drained(page, 0.5) == [], "a second copy of the call"
        task.cancel()
        await page.close()
    finally:
        for server in (a, b):
            await server.close()


async def test_an_instance_whose_check_after_subscribing_again_failed_tries_again_until_it_holds(redis_server: RedisServer, store: Any) -> None:
    """After a gap the instance subscribes again, then checks its command connection. When that
    check fails the new subscription is not enough: it tries again, and takes calls once both hold
    (it used to go on reading a subscription that raised nothing, refusing calls for good)."""
    b = await AgentServer.start("127.0.0.1", 0, redis=await redis_server.user(store, "py-checking"))
    try:
        await store.acl_setuser("py-checking", enabled=True, commands=["-ping"])  # the check after subscribing fails
        [subscriber] = [c["id"] for c in await store.client_list() if c["user"] == "py-checking" and int(c["sub"]) > 0]
        await store.acl_log_reset()
        await store.client_kill_filter(_id=subscriber)
        for _ in range(250):  # until Redis has refused the check once
            if any(entry["object"] == "ping" and entry["username"] == "py-checking" for entry in await store.acl_log()):
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("the instance never checked its connection after subscribing again")
        with pytest.raises(KitError) as refused:
            await asyncio.wait_for(b.session("py-checking").call_tool("request_user_approval", {"message": "Go?"}, call_id="py-checking-0"), 5)
        assert refused.value.code == "unavailable"
        await store.acl_setuser("py-checking", enabled=True, commands=["+ping"])
        page = await FakeKit.open(b, session="py-checking")
        await page.handshake()
        for attempt in range(1, 40):
            task = asyncio.create_task(b.session("py-checking").call_tool("request_user_approval", {"message": "Go?"}, call_id=f"py-checking-{attempt}"))
            await asyncio.sleep(0.1)
            if not task.done():
                break
            assert isinstance(task.exception(), KitError)
        else:
            raise AssertionError("still refusing calls 4 s after its check could pass")
        call = await page.recv(5)
        assert (call["type"], call["call_id"]) == ("tool_call", f"py-checking-{attempt}"), "taken again, and on its way to the page"
        task.cancel()
        await page.close()
    finally:
        await b.close()
        await store.acl_deluser("py-checking")


async def test_deadline_plus_grace_on_the_calling_instance_reaches_the_page_as_cancel(redis_server: RedisServer, store: Any) -> None:
    clock = FakeClock(now=__import__("time").time())
    a, b = await fleet(redis_server, 2, clock=clock)
    try:
        page = await FakeKit.open(b, session="py-expire")
        await page.handshake()
        task = asyncio.create_task(a.session("py-expire").call_tool("request_user_input", {"message": "Name?"}, timeout_seconds=30, call_id="py-expire-1"))
        assert (await page.recv())["call_id"] == "py-expire-1"
        clock.advance(40.001)
        result = await asyncio.wait_for(task, 5)
        assert result["interaction_response"]["status"] == "timeout"
        assert await page.recv(5) == {"v": 1, "type": "cancel", "id": "py-expire-1", "reason": "expired"}
        assert json.loads(await store.get("aik:result:py-expire-1"))["how"] == "expired"
        # The page's answer, arriving late on the other instance, is told it expired.
        await page.send({"type": "tool_result", "call_id": "py-expire-1", "tool": "request_user_input", "result": result})
        assert await page.recv() == {"v": 1, "type": "cancel", "id": "py-expire-1", "reason": "expired"}
        await page.close()
    finally:
        for server in (a, b):
            await server.close()


async def test_an_unreachable_redis_fails_at_once_with_unavailable() -> None:
    url = f"redis://127.0.0.1:{free_port()}"
    with pytest.raises(KitError) as error:
        await AgentServer.start("127.0.0.1", 0, redis=url)
    assert error.value.code == "unavailable" and "redis is unreachable" in error.value.message
    server = AgentServer(redis=url)
    with pytest.raises(KitError) as error:
        await asyncio.wait_for(server.session("s").call_tool("request_user_approval", {"message": "m"}), 10)
    assert error.value.code == "unavailable"
    await server.close()


# A mixed fleet: one Node instance and one Python instance on one Redis, the real page on either.


@pytest.fixture
async def mixed(redis_server: RedisServer) -> AsyncIterator[tuple[NodeInstance, AgentServer, PageServer]]:
    node = await NodeInstance.start(redis_server.url)
    pages = PageServer()
    python = await AgentServer.start("127.0.0.1", 0, redis=redis_server.url, allowed_origins=[pages.origin])
    try:
        yield node, python, pages
    finally:
        await python.close()
        await node.stop()
        pages.close()


async def cards(page: Any) -> int:
    return int(await page.get_by_role("button", name="批准", exact=True).count())


async def test_mixed_fleet_a_python_call_reaches_a_page_on_the_node_instance(
    mixed: tuple[NodeInstance, AgentServer, PageServer], browser: Browser, store: Any
) -> None:
    node, python, pages = mixed
    pages.runtime_port = node.port
    page = await open_page(browser, pages.origin, "mixed-1", "/agent/sessions/{session}")
    task = asyncio.create_task(python.session("mixed-1").call_tool("request_user_approval", {"message": "Deploy from Python?"}, call_id="mixed-1-c"))
    await page.get_by_text("Deploy from Python?").wait_for()
    assert await cards(page) == 1
    await page.get_by_role("button", name="批准", exact=True).click()
    result = await asyncio.wait_for(task, 15)
    assert result["content"] == "用户已批准操作。" and result["interaction_response"]["request_id"] == "mixed-1-c"
    stored = json.loads(await store.get("aik:result:mixed-1-c"))
    assert stored == {"how": "answered", "result": result, "settled": {"decision": "approved", "where": "chat", "actor": None, "at": stored["settled"]["at"]}}, "stored once, by the Node instance"
    assert await store.zrange("aik:session:mixed-1:pending", 0, -1) == []
    await page.reload()
    await page.get_by_role("status").filter(has_text="已连接").wait_for()
    await asyncio.sleep(0.3)  # a re-sent pending call would show up now
    assert await cards(page) == 0, "exactly once: nothing is shown again"


async def test_mixed_fleet_a_node_call_reaches_a_page_on_the_python_instance(
    mixed: tuple[NodeInstance, AgentServer, PageServer], browser: Browser, store: Any
) -> None:
    node, python, pages = mixed
    pages.runtime_port = python.port
    page = await open_page(browser, pages.origin, "mixed-2", "/agent/sessions/{session}")
    assert python.session("mixed-2").connected
    answer = asyncio.create_task(node.call("mixed-2", "request_user_input", {"message": "Name from Node?"}, "mixed-2-c"))
    await page.get_by_role("textbox", name="回答").fill("星图")
    await page.get_by_role("button", name="提交").click()
    reply = await asyncio.wait_for(answer, 15)
    assert reply["op"] == "done", reply
    assert reply["result"]["content"] == "已收到用户输入：星图"
    stored = json.loads(await store.get("aik:result:mixed-2-c"))
    settled = {"decision": "answered", "where": "chat", "actor": None, "at": stored["settled"]["at"]}
    assert stored == {"how": "answered", "result": reply["result"], "settled": settled}, "stored once, by the Python instance"
    # The Python side re-asked with the same id gets the same result at once.
    again = await asyncio.wait_for(python.session("mixed-2").call_tool("request_user_input", {"message": "Name from Node?"}, call_id="mixed-2-c"), 2)
    assert again == reply["result"]
    assert await page.get_by_role("textbox", name="回答").count() == 0, "one card, answered once"
