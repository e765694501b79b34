"""Answer links on a fleet sharing a real redis-server (docs/protocol.md §13.4): a link
minted on one instance is answered through another. The token needs no state; the call's stored
frame is what the socket shows and what its signed arguments are checked against, the fleet's
first-result-wins step stores the link's result (the asking instance's agent gets it, one audit
record says `where: "link"`), and a link's socket on any instance hears how the call settled.
Then across runtimes: a call asked on a Node instance answered through a link on a Python instance,
and a call asked on a Python instance answered through a link on a Node instance."""

from __future__ import annotations

import asyncio
import json
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Optional

import httpx
import pytest
import redis.asyncio as aioredis
from starlette.applications import Starlette
from starlette.routing import Mount
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from agent_interaction_kit import AgentServer, Grant, Handshake, Links, mint_answer_token

from apps import served
from conftest import Trail
from fleet import NodeInstance, RedisServer
from kit import FakeKit
from test_fleet_inbox_served import result

SECRET = "f" * 40
ORIGIN = "http://127.0.0.1:5173"
LINKS = Links(secret=SECRET, base_url=ORIGIN)
ASK = {"message": "Roll out the fleet-wide config?", "severity": "medium", "title": "Config 7"}


def by_query(shake: Handshake) -> Any:
    """`?as=<actor>` names who is signed in; without it, a connection is let in with nobody named."""
    return {"actor": shake.query["as"]} if "as" in shake.query else True


class Instance:
    """One Python instance of the fleet, on its own port, with its own audit trail."""

    def __init__(self, server: AgentServer, port: int, trail: Trail, redis: Any) -> None:
        self.server, self.port, self.trail, self.redis = server, port, trail, redis

    def url(self, path: str, scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.port}{path}"


@asynccontextmanager
async def instance(redis_url: str, asgi: bool = False, grace: float = 10.0) -> AsyncIterator[Instance]:
    """A Python instance: the standalone listener, or (`asgi`) the ASGI app mounted at `/agent` under uvicorn."""
    trail, client = Trail(), aioredis.Redis.from_url(redis_url, decode_responses=True)
    server = AgentServer(
        redis=redis_url, links=LINKS, authorize=by_query, audit=trail, allowed_origins=[ORIGIN],
        context_for=lambda _id: {"channel": "desktop"}, grace_seconds=grace,
    )  # fmt: skip
    try:
        if asgi:
            async with served(Starlette(routes=[Mount("/agent", app=server.asgi())])) as port:
                await server.open()
                yield Instance(server, port, trail, client)
        else:
            await server.listen()
            yield Instance(server, server.port, trail, client)
    finally:
        await server.close()
        await client.aclose()


async def ask(at: Instance, session_id: str, call_id: str, owner: Optional[str] = "alice", args: Any = ASK, **options: Any) -> tuple["asyncio.Task[Any]", str]:
    """A call asked on `at`, once the fleet holds it; returns its task and its link's path."""
    session = at.server.session(session_id, owner=owner)
    task = asyncio.ensure_future(session.call_tool("request_user_approval", args, call_id=call_id, **options))
    for _ in range(250):
        if call_id in session.waiting and await at.redis.exists(f"aik:call:{call_id}"):
            break
        await asyncio.sleep(0.02)
    link = session.link_for(call_id)
    assert link is not None
    return task, link.removeprefix(ORIGIN)


async def link_socket(at: Instance, path: str) -> ClientConnection:
    return await connect(at.url(path, "ws"), origin=ORIGIN)  # type: ignore[arg-type]


async def status_of(at: Instance, path: str) -> int:
    with pytest.raises(InvalidStatus) as refused:
        await connect(at.url(path, "ws"), origin=ORIGIN)  # type: ignore[arg-type]
    return refused.value.response.status_code


async def send(socket: ClientConnection, message: dict[str, Any]) -> None:
    await socket.send(json.dumps({"v": 1, **message}))


async def recv(socket: ClientConnection, seconds: float = 5) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(socket.recv(), seconds)))


async def start(socket: ClientConnection) -> tuple[dict[str, Any], dict[str, Any]]:
    """connect → hello, ready → the call's tool_call."""
    await send(socket, {"type": "connect", "kit_version": "0.1.0"})
    hello = await recv(socket)
    await send(socket, {"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
    return hello, await recv(socket)


def answer(call_id: str, approved: bool = True) -> dict[str, Any]:
    return {"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": result(call_id, approved)}


async def page(at: Instance, session: str, actor: Optional[str]) -> FakeKit:
    """The session's chat page on `at`, ready, `actor` signed in (None: nobody, and the session keeps no owner)."""
    kit = FakeKit(await connect(at.url(f"/agent/sessions/{session}" + (f"?as={actor}" if actor else ""), "ws"), origin=ORIGIN))  # type: ignore[arg-type]
    await kit.handshake()
    return kit


async def until_frame(kit: FakeKit, kind: str) -> dict[str, Any]:
    while True:
        message = await kit.recv(5)
        if message["type"] == kind:
            return message


@pytest.mark.parametrize("served_as", ["standalone", "asgi"])
async def test_a_link_minted_on_one_instance_is_answered_through_another(redis_server: RedisServer, served_as: str) -> None:
    session_id, call_id = f"f1-{served_as}", f"f1-{served_as}-1"
    async with instance(redis_server.url) as a, instance(redis_server.url, asgi=served_as == "asgi") as b:
        chat = await page(a, session_id, "alice")
        task, path = await ask(a, session_id, call_id, grant=Grant(key="deploy", label="Deploys this session"))
        await until_frame(chat, "tool_call")
        # The page on the other instance: served for the call the fleet holds.
        async with httpx.AsyncClient() as client:
            shown = await client.get(b.url(path + "?as=alice"))
        assert shown.status_code == 200 and "<interaction-host>" in shown.text
        socket, other = await link_socket(b, path + "?as=alice"), await link_socket(a, path + "?as=alice")
        hello, call = await start(socket)
        await start(other)
        assert hello == {"v": 1, "type": "hello", "session_id": session_id, "context": {"channel": "desktop"}, "link": True}
        assert call["type"] == "tool_call" and call["call_id"] == call_id and call["arguments"]["message"] == ASK["message"]
        assert "grant" not in call, "a link answers one call: its grant for the session is not offered"
        assert call["deadline"] == a.server.session(session_id).waiting[call_id].deadline
        await send(socket, answer(call_id))
        assert await recv(socket) == {"v": 1, "type": "ack", "id": call_id}
        receipt = await recv(other)
        assert (receipt["type"], receipt["where"], receipt["actor"], receipt["decision"]) == ("settled", "link", "alice", "approved")
        with pytest.raises(asyncio.TimeoutError):
            await recv(socket, 0.7)  # the place that won is told nothing more than its ack
        resolved = await asyncio.wait_for(task, 10)
        assert resolved["interaction_response"]["approved"] is True, "the asking instance's call_tool resolves"
        assert a.trail.records == [] and len(b.trail.records) == 1, "one record, by the instance that stored the result"
        record = b.trail.records[0]
        assert (record["where"], record["actor"], record["decision"], record["call_id"]) == ("link", "alice", "approved", call_id)
        settled = await until_frame(chat, "settled")
        assert settled == receipt, "the chat page and the call's other link socket end on the same receipt"
        assert a.server.session(session_id).connected, "the link's socket never supersedes the chat page"
        await socket.close()
        await other.close()
        await chat.close()


async def test_the_gate_checks_the_token_against_the_stored_frame(redis_server: RedisServer) -> None:
    async with instance(redis_server.url) as a, instance(redis_server.url) as b:
        task, path = await ask(a, "f2", "f2-1")
        deadline = a.server.session("f2").waiting["f2-1"].deadline
        minted = {"secret": SECRET, "call_id": "f2-1", "deadline": deadline, "aud": "alice"}
        other_args = mint_answer_token(session_id="f2", arguments={**ASK, "message": "Drop the database?"}, **minted)
        other_session = mint_answer_token(session_id="f9", arguments=ASK, **minted)
        unknown = mint_answer_token(secret=SECRET, call_id="f2-404", session_id="f2", arguments=ASK, deadline=deadline, aud="alice")
        expired = mint_answer_token(secret=SECRET, call_id="f2-1", session_id="f2", arguments=ASK, deadline="2020-01-01T00:00:00Z", aud="alice")
        async with httpx.AsyncClient() as client:
            for token, status in [(other_args, 404), (other_session, 404), (expired, 410)]:
                refused = await client.get(b.url(f"/agent/answer/{token}?as=alice"))
                assert refused.status_code == status, token
                assert "Roll out" not in refused.text and "f2" not in refused.text
            assert (await client.get(b.url(path + "?as=bob"))).status_code == 403
        assert await status_of(b, f"/agent/answer/{other_args}?as=alice") == 404
        assert await status_of(b, f"/agent/answer/{other_session}?as=alice") == 404
        assert await status_of(b, f"/agent/answer/{expired}?as=alice") == 410
        assert await status_of(b, path + "?as=bob") == 403
        assert "f2-1" in a.server.session("f2").waiting
        # A call the fleet does not hold (withdrawn, or long past): its socket opens and shows nothing.
        nothing = await link_socket(b, f"/agent/answer/{unknown}?as=alice")
        await send(nothing, {"type": "connect", "kit_version": "0.1.0"})
        assert (await recv(nothing))["type"] == "hello"
        await send(nothing, {"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
        with pytest.raises(asyncio.TimeoutError):
            await recv(nothing, 0.7)
        await nothing.close()
        task.cancel()


@pytest.mark.parametrize("owner", ["alice", None], ids=["owned", "ownerless"])
async def test_settled_elsewhere_reaches_a_link_on_another_instance(redis_server: RedisServer, owner: Optional[str]) -> None:
    """Heard on the call's channel, for a session with an owner or without one."""
    call_id = f"f3-{owner}"
    async with instance(redis_server.url) as a, instance(redis_server.url) as b:
        chat = await page(a, call_id, "carol" if owner else None)
        task, path = await ask(a, call_id, call_id, owner=owner, args={"message": "Merge the branch?"})
        path += "?as=alice" if owner else ""  # the link's audience is the session's owner
        await until_frame(chat, "tool_call")
        socket = await link_socket(b, path)
        await start(socket)
        await chat.send(answer(call_id, approved=False))
        settled = await recv(socket)
        assert settled["type"] == "settled" and settled["call_id"] == call_id and settled["session_id"] == call_id
        assert (settled["decision"], settled["where"], settled["actor"]) == ("rejected", "chat", "carol" if owner else None)
        assert (await asyncio.wait_for(task, 10))["interaction_response"]["approved"] is False
        # Opened after it settled, on either instance: the call, then at once how it settled.
        for at in (b, a):
            late = await link_socket(at, path)
            _hello, call = await start(late)
            assert call["type"] == "tool_call" and call["call_id"] == call_id
            again = await recv(late)
            assert again == settled
            # A result for it now: its ack, never an error, nothing stored, and no second settled.
            await send(late, answer(call_id))
            assert await recv(late) == {"v": 1, "type": "ack", "id": call_id}
            with pytest.raises(asyncio.TimeoutError):
                await recv(late, 0.7)
            await late.close()
        assert [r["where"] for r in a.trail.records + b.trail.records] == ["chat"]
        await socket.close()
        await chat.close()


async def test_two_sockets_on_two_instances_at_once_end_in_one_result(redis_server: RedisServer) -> None:
    async with instance(redis_server.url) as a, instance(redis_server.url) as b, instance(redis_server.url) as c:
        chat = await page(a, "f4", "alice")
        task, path = await ask(a, "f4", "f4-1")
        await until_frame(chat, "tool_call")
        first, second = await link_socket(b, path + "?as=alice"), await link_socket(c, path + "?as=alice")
        await asyncio.gather(start(first), start(second))
        await asyncio.gather(send(first, answer("f4-1")), send(second, answer("f4-1", approved=False)))
        heard: list[list[dict[str, Any]]] = [[], []]
        for socket, seen in zip((first, second), heard):
            try:
                while True:
                    seen.append(await recv(socket, 1.0))
            except asyncio.TimeoutError:
                pass
        kinds = sorted([[m["type"] for m in seen] for seen in heard])
        assert kinds in ([["ack"], ["ack", "settled"]], [["ack"], ["settled", "ack"]]), kinds
        records = b.trail.records + c.trail.records
        assert len(records) == 1 and records[0]["where"] == "link" and a.trail.records == [], "one answer"
        won = (await asyncio.wait_for(task, 10))["interaction_response"]["approved"]
        assert records[0]["decision"] == ("approved" if won else "rejected")
        winner, loser = sorted(heard, key=len)
        told = next(m for m in loser if m["type"] == "settled")
        by_chat = await until_frame(chat, "settled")
        assert winner == [{"v": 1, "type": "ack", "id": "f4-1"}] and told == by_chat, "the winner hears its ack alone; the other phone and the chat page the same receipt"
        assert (told["where"], told["actor"], told["decision"]) == ("link", "alice", records[0]["decision"])
        await first.close()
        await second.close()
        await chat.close()


async def test_a_settlement_published_on_the_calls_channel_reaches_its_link(redis_server: RedisServer) -> None:
    """`aik:settled:<call_id>`, as the fleet's steps publish it for every call: heard at once by a
    link's socket, even for a session without an owner whose call still waits in Redis."""
    async with instance(redis_server.url) as a, instance(redis_server.url) as b:
        task, path = await ask(a, "f6", "f6-1", owner=None, args={"message": "Tag the release?"})
        socket = await link_socket(b, path)
        await start(socket)
        news = {"call_id": "f6-1", "session_id": "f6", "decision": "approved", "where": "inbox", "actor": "dana", "at": "2026-12-07T00:00:00.000Z"}
        await b.redis.publish("aik:settled:f6-1", json.dumps({"op": "settled", **news}))
        assert await recv(socket, 0.4) == {"v": 1, "type": "settled", **news}, "told by the channel alone: nothing is stored yet"
        assert "f6-1" in a.server.session("f6").waiting
        await socket.close()
        task.cancel()


async def test_a_timeout_on_the_asking_instance_reaches_a_link_elsewhere(redis_server: RedisServer) -> None:
    async with instance(redis_server.url, grace=0.2) as a, instance(redis_server.url) as b:
        task, path = await ask(a, "f5", "f5-1", owner=None, args={"message": "Quick one?"}, timeout_seconds=1)
        socket = await link_socket(b, path)
        await start(socket)
        settled = await recv(socket, 10)
        assert (settled["type"], settled["call_id"], settled["where"], settled["actor"]) == ("settled", "f5-1", "runtime", None)
        assert settled["decision"] == "timeout"
        await asyncio.wait_for(task, 10)
        await socket.close()


async def test_a_call_asked_on_a_node_instance_is_answered_through_a_link_on_a_python_one(redis_server: RedisServer, store: Any) -> None:
    """The token is the same in both runtimes (the golden cases), so the link a Node instance mints
    for its call is the one minted here from the call the fleet holds."""
    node = await NodeInstance.start(redis_server.url, link_secret=SECRET)
    try:
        async with instance(redis_server.url) as b:
            asked = asyncio.ensure_future(node.call("fn", "request_user_approval", ASK, "fn-1"))
            for _ in range(500):
                if await store.exists("aik:call:fn-1"):
                    break
                await asyncio.sleep(0.02)
            frame = json.loads(await store.hget("aik:call:fn-1", "frame"))
            token = mint_answer_token(secret=SECRET, call_id="fn-1", session_id="fn", arguments=frame["arguments"], deadline=frame["deadline"], aud=None)
            assert (await node.link_of("fn-1")).endswith(f"/agent/answer/{token}"), "the link the Node instance minted"
            socket = await link_socket(b, f"/agent/answer/{token}")
            hello, call = await start(socket)
            assert hello["session_id"] == "fn" and hello["link"] is True
            assert call == {"v": 1, **frame}, "the frame the Node instance stored"
            await send(socket, answer("fn-1"))
            assert await recv(socket) == {"v": 1, "type": "ack", "id": "fn-1"}
            done = await asyncio.wait_for(asked, 30)
            assert done["op"] == "done" and done["result"]["interaction_response"]["approved"] is True
            [record] = b.trail.records
            assert (record["where"], record["actor"], record["call_id"]) == ("link", None, "fn-1")
            await socket.close()
    finally:
        await node.stop()


async def test_a_call_asked_on_a_python_instance_is_answered_through_a_link_on_a_node_one(redis_server: RedisServer, store: Any) -> None:
    """The other way round: the link a Python instance minted, answered through a Node instance that
    serves links signed with the same secret; the winner hears its ack alone, the chat page `settled`."""
    node = await NodeInstance.start(redis_server.url, link_secret=SECRET)
    try:
        async with instance(redis_server.url) as a:
            chat = await page(a, "fp", "alice")
            task, path = await ask(a, "fp", "fp-1", grant=Grant(key="deploy", label="Deploys this session"))
            await until_frame(chat, "tool_call")
            socket = await connect(f"ws://127.0.0.1:{node.port}{path}?as=alice", origin=ORIGIN)  # type: ignore[arg-type]
            hello, call = await start(socket)
            assert hello["session_id"] == "fp" and hello["link"] is True
            assert call["call_id"] == "fp-1" and call["arguments"] == ASK and "grant" not in call, "the frame the Python instance stored, without its grant"
            await send(socket, answer("fp-1"))
            assert await recv(socket) == {"v": 1, "type": "ack", "id": "fp-1"}
            with pytest.raises(asyncio.TimeoutError):
                await recv(socket, 0.7)  # the place that won is told nothing more than its ack
            assert (await asyncio.wait_for(task, 10))["interaction_response"]["approved"] is True, "the asking Python instance's call_tool resolves"
            settled = await until_frame(chat, "settled")
            assert (settled["call_id"], settled["where"], settled["actor"], settled["decision"]) == ("fp-1", "link", "alice", "approved")
            [(_id, record)] = await store.xrange("aik:audit")
            assert (record["where"], record["actor"], record["call_id"]) == ("link", "alice", "fp-1") and a.trail.records == [], "one record, by the Node instance"
            await socket.close()
            await chat.close()
    finally:
        await node.stop()


async def test_a_card_a_link_decided_while_its_pages_instance_was_resubscribing_becomes_its_receipt(redis_server: RedisServer) -> None:
    """The page's instance misses the call's settlement while it is cut off from Redis; once it is
    back and subscribed again, the page gets `settled` (where: link), not a cancel."""
    call_id = "gap-link"
    admin = aioredis.Redis.from_url(redis_server.url, decode_responses=True)
    # b signs in to Redis as a user of its own: turned off, with its connections closed, b cannot
    # come back (neither its subscriber nor a pooled connection its subscriber could take), while a
    # connects as it needs to.
    b_url = await redis_server.user(admin, "instance-b")
    try:
        async with instance(b_url) as b, instance(redis_server.url) as a:
            chat = await page(b, call_id, None)
            task, path = await ask(a, call_id, call_id, owner=None)
            await until_frame(chat, "tool_call")
            await admin.acl_setuser("instance-b", enabled=False)
            assert await admin.client_kill_filter(user="instance-b") >= 2, "b's subscriber and command connection"
            socket = await link_socket(a, path)
            await start(socket)
            await send(socket, answer(call_id))
            assert (await asyncio.wait_for(task, 10))["interaction_response"]["approved"] is True
            await chat.nothing(0.5)  # b heard nothing while it was away
            await admin.acl_setuser("instance-b", enabled=True)
            heard = [await chat.recv(5)]
            while heard[-1]["type"] != "settled":
                heard.append(await chat.recv(5))
            assert (heard[-1]["call_id"], heard[-1]["decision"], heard[-1]["where"]) == (call_id, "approved", "link")
            assert not [m for m in heard if m["type"] == "cancel"], "answered elsewhere: not cancelled"
            await socket.close()
            await chat.close()
    finally:
        await admin.acl_deluser("instance-b")
        await admin.aclose()
