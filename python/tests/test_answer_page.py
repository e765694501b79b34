"""The answer page and its socket (docs/protocol.md#answer-links), on the standalone server and on
the ASGI app under uvicorn: the headers read from the responses, refusals (404, 410, 403) that
show nothing of the call, the one-call exchange answered from place `link` with the actor in the
audit record, `settled` when another place won, and two sockets at once ending in one result."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any, AsyncIterator, Optional

import httpx
import pytest
from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import Response
from starlette.applications import Starlette
from starlette.routing import Mount
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from agent_interaction_kit import AgentServer, Handshake, Links, StarletteSocket, mint_answer_token

from apps import served
from conftest import REPO, Trail
from kit import FakeKit
from test_inbox import approved

SECRET = "p" * 40
ORIGIN = "http://127.0.0.1:5173"
LINKS = Links(secret=SECRET, base_url=ORIGIN)
ASK = {"message": "Deploy web-app to production?", "severity": "high", "title": "Secret deploy 42"}
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws://127.0.0.1:5173; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


SEEN: list[tuple[bool, Optional[str]]] = []


def by_query(shake: Handshake) -> Any:
    """`?as=<actor>` names who is signed in; without it, a connection is let in with nobody named."""
    SEEN.append((shake.link, shake.session_id))
    return {"actor": shake.query["as"]} if "as" in shake.query else True


class Served:
    def __init__(self, server: AgentServer, port: int, trail: Trail) -> None:
        self.server, self.port, self.trail = server, port, trail

    def url(self, path: str, scheme: str = "http") -> str:
        return f"{scheme}://127.0.0.1:{self.port}{path}"


@pytest.fixture(params=["standalone", "asgi"])
async def kit(request: pytest.FixtureRequest) -> AsyncIterator[Served]:
    trail = Trail()
    server = AgentServer(links=LINKS, authorize=by_query, audit=trail, allowed_origins=[ORIGIN])
    if request.param == "standalone":
        await server.listen()
        yield Served(server, server.port, trail)
        await server.close()
    else:
        app = Starlette(routes=[Mount("/agent", app=server.asgi())])
        async with served(app) as port:
            yield Served(server, port, trail)
            await server.close()


async def ask(kit: Served, session_id: str, call_id: str, owner: Optional[str] = "alice", args: Any = ASK) -> tuple["asyncio.Task[Any]", str]:
    session = kit.server.session(session_id, owner=owner)
    task = asyncio.ensure_future(session.call_tool("request_user_approval", args, call_id=call_id))
    await asyncio.sleep(0.01)
    link = session.link_for(call_id)
    assert link is not None
    return task, link.removeprefix(ORIGIN)


async def get(kit: Served, path: str, language: Optional[str] = None) -> httpx.Response:
    headers = {"accept-language": language} if language else {}
    async with httpx.AsyncClient() as client:
        return await client.get(kit.url(path), headers=headers)


def assert_headers(response: httpx.Response) -> None:
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["content-security-policy"] == POLICY


def assert_nothing_of_the_call(response: httpx.Response, *secrets: str) -> None:
    for secret in ("Deploy", "Secret deploy", "production", *secrets):
        assert secret not in response.text


async def test_the_page_its_headers_and_language(kit: Served) -> None:
    task, path = await ask(kit, "s1", "c1")
    page = await get(kit, path + "?as=alice")
    assert page.status_code == 200
    assert_headers(page)
    text = page.text
    assert text.startswith("<!doctype html>") and '<html lang="zh-CN" dir="ltr">' in text
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    assert re.findall(r"<script[^>]*>", text) == ['<script type="module" src="/agent/answer/answer-page.js">']
    assert "<style" not in text and " style=" not in text and "<title>" in text and text.count("<interaction-host>") == 1
    assert re.findall(r"<link[^>]*>", text) == ['<link rel="stylesheet" href="/agent/answer/answer-page.css">']
    assert '<html lang="en" dir="ltr">' in (await get(kit, path + "?as=alice", "en-GB,en;q=0.9,zh;q=0.8")).text
    assert '<html lang="zh-TW" dir="ltr">' in (await get(kit, path + "?as=alice", "zh-HK")).text
    assert '<html lang="he" dir="rtl">' in (await get(kit, path + "?as=alice", "xx, he;q=0.5")).text
    assert '<html lang="pt-BR" dir="ltr">' in (await get(kit, path + "?as=alice", "pt-PT")).text
    script = await get(kit, "/agent/answer/answer-page.js")
    assert script.status_code == 200 and script.headers["content-type"] == "text/javascript; charset=utf-8"
    assert script.headers["cache-control"] == "public, max-age=3600"
    assert script.content == (REPO / "dist" / "answer-page.js").read_bytes(), "the npm build's dist/answer-page.js, shipped in the package"
    style = await get(kit, "/agent/answer/answer-page.css")
    assert style.status_code == 200 and style.headers["content-type"] == "text/css; charset=utf-8"
    assert style.headers["cache-control"] == "public, max-age=3600" and style.headers["x-content-type-options"] == "nosniff"
    assert "color-scheme" in style.text
    assert_nothing_of_the_call(page, "s1", "c1")
    task.cancel()


async def test_a_language_beyond_zh_cn_and_en_loads_its_own_module(kit: Served) -> None:
    task, path = await ask(kit, "s-modules", "c-modules")
    scripts = lambda text: re.findall(r"<script[^>]*>", text)  # noqa: E731
    for language in ("en", "zh-CN", "tlh"):
        assert scripts((await get(kit, path + "?as=alice", language)).text) == ['<script type="module" src="/agent/answer/answer-page.js">'], language
    for tag in ("ja", "ar", "pt-BR", "zh-TW"):
        assert scripts((await get(kit, path + "?as=alice", tag)).text) == [
            f'<script type="module" src="/agent/answer/answer-page-{tag}.js">',
            '<script type="module" src="/agent/answer/answer-page.js">',
        ], tag
    for tag in ("zh-TW", "ja", "ko", "es", "fr", "de", "pt-BR", "ru", "ar", "he"):
        module = await get(kit, f"/agent/answer/answer-page-{tag}.js")
        assert module.status_code == 200 and module.headers["content-type"] == "text/javascript; charset=utf-8", tag
        assert module.headers["cache-control"] == "public, max-age=3600"
        assert module.content == (REPO / "dist" / "locales" / f"{tag}.js").read_bytes(), "the npm build's dist/locales/<tag>.js, shipped in the package"
    for name in ("answer-page-en.js", "answer-page-zh-CN.js", "answer-page-xx.js"):
        assert (await get(kit, f"/agent/answer/{name}")).status_code == 404, name
    task.cancel()


async def test_refusals_404_410_403_show_nothing_of_the_call(kit: Served) -> None:
    task, path = await ask(kit, "s2", "c2")
    token = path.rsplit("/", 1)[1]
    payload, signature = token.split(".")
    tampered = f"{payload}.{signature[:-2]}{'AA' if signature[-2:] != 'AA' else 'BB'}"
    other_secret = mint_answer_token(secret="q" * 40, call_id="c2", session_id="s2", arguments=ASK, deadline="2099-01-01T00:00:00Z", aud="alice")
    expired = mint_answer_token(secret=SECRET, call_id="c2", session_id="s2", arguments=ASK, deadline="2020-01-01T00:00:00Z", aud="alice")
    other_args = mint_answer_token(secret=SECRET, call_id="c2", session_id="s2", arguments={"message": "other"}, deadline="2099-01-01T00:00:00Z", aud="alice")
    for segment, status in [(tampered, 404), ("not-a-token", 404), (token + ".x", 404), (other_secret, 404), (expired, 410), (other_args, 404)]:
        response = await get(kit, f"/agent/answer/{segment}?as=alice")
        assert response.status_code == status, segment
        assert_headers(response)
        assert_nothing_of_the_call(response, "s2", "c2")
    for who in ("?as=bob", ""):
        forwarded = await get(kit, path + who)
        assert forwarded.status_code == 403
        assert_headers(forwarded)
        assert_nothing_of_the_call(forwarded, "s2", "c2", "alice")
    assert "sign in" in (await get(kit, path + "?as=bob", "en")).text.lower()
    assert "not valid" in (await get(kit, "/agent/answer/x.y", "en")).text
    assert "expired" in (await get(kit, f"/agent/answer/{expired}", "en")).text
    task.cancel()


async def test_only_get_and_head(kit: Served) -> None:
    task, path = await ask(kit, "s7", "c7")
    async with httpx.AsyncClient() as client:
        head = await client.head(kit.url(path + "?as=alice"))
        assert head.status_code == 200 and head.content == b"" and int(head.headers["content-length"]) > 100
        assert_headers(head)
        for method in ("POST", "PUT", "DELETE"):
            refused = await client.request(method, kit.url(path + "?as=alice"))
            assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD" and refused.content == b"", method
            assert_headers(refused)
    task.cancel()


async def link_socket(kit: Served, path: str, origin: str = ORIGIN) -> ClientConnection:
    return await connect(kit.url(path, "ws"), origin=origin)  # type: ignore[arg-type]


async def status_of(kit: Served, path: str, origin: Optional[str] = ORIGIN) -> int:
    with pytest.raises(InvalidStatus) as refused:
        await connect(kit.url(path, "ws"), origin=origin)  # type: ignore[arg-type]
    return refused.value.response.status_code


async def send(socket: ClientConnection, message: dict[str, Any]) -> None:
    await socket.send(json.dumps({"v": 1, **message}))


async def recv(socket: ClientConnection) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(socket.recv(), 3)))


async def start(socket: ClientConnection) -> tuple[dict[str, Any], dict[str, Any]]:
    """connect → hello, ready → the call's tool_call."""
    await send(socket, {"type": "connect", "kit_version": "0.1.0"})
    hello = await recv(socket)
    await send(socket, {"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})
    return hello, await recv(socket)


async def test_the_socket_refuses_as_the_page_does_and_a_foreign_origin(kit: Served) -> None:
    task, path = await ask(kit, "s3", "c3")
    token = path.rsplit("/", 1)[1]
    expired = mint_answer_token(secret=SECRET, call_id="c3", session_id="s3", arguments=ASK, deadline="2020-01-01T00:00:00Z", aud="alice")
    other_args = mint_answer_token(secret=SECRET, call_id="c3", session_id="s3", arguments={"message": "other"}, deadline="2099-01-01T00:00:00Z", aud="alice")
    assert await status_of(kit, f"/agent/answer/{token[:-3]}?as=alice") == 404
    assert await status_of(kit, f"/agent/answer/{other_args}?as=alice") == 404
    assert await status_of(kit, f"/agent/answer/{expired}?as=alice") == 410
    assert await status_of(kit, path + "?as=bob") == 403
    assert await status_of(kit, path) == 403
    assert await status_of(kit, path + "?as=alice", "https://evil.example") == 403
    assert await status_of(kit, path + "?as=alice", None) == 403
    task.cancel()


async def test_the_one_call_exchange_from_place_link_with_the_actor_in_the_audit_record(kit: Served) -> None:
    page = await FakeKit.open(kit.server, "s4") if hasattr(kit.server, "_server") and kit.server._server else None
    if page is not None:
        await page.handshake()
    task, path = await ask(kit, "s4", "c4", args={**ASK, "severity": "medium"})
    SEEN.clear()
    socket = await link_socket(kit, path + "?as=alice")
    assert SEEN == [(True, "s4")], "authorize is told the link's session, and that it is a link"
    hello, call = await start(socket)
    assert hello == {"v": 1, "type": "hello", "session_id": "s4", "link": True}
    assert call["type"] == "tool_call" and call["call_id"] == "c4" and call["arguments"]["message"] == ASK["message"]
    await send(socket, {"type": "tool_result", "call_id": "c4", "tool": "request_user_approval", "result": approved("c4")})
    assert await recv(socket) == {"v": 1, "type": "ack", "id": "c4"}
    result = await asyncio.wait_for(task, 3)
    assert result["interaction_response"]["approved"] is True
    [record] = kit.trail.records
    assert record["where"] == "link" and record["actor"] == "alice" and record["decision"] == "approved"
    if page is not None:
        assert kit.server.session("s4").connected, "the link's socket never supersedes the chat page"
        heard = [await page.recv(), await page.recv()]
        assert [m["type"] for m in heard] == ["tool_call", "settled"], "the chat page hears that the link won"
        settled = heard[1]
        assert settled["where"] == "link" and settled["actor"] == "alice" and settled["call_id"] == "c4"
        await page.close()
    await socket.close()


async def test_settled_elsewhere_before_or_while_the_page_is_open(kit: Served) -> None:
    task, path = await ask(kit, "s5", "c5", owner=None, args={"message": "Merge the branch?"})
    socket = await link_socket(kit, path)
    await start(socket)
    chat = _ChatPage(kit.server, "s5")
    chat.approve("c5")
    settled = await recv(socket)
    assert settled["type"] == "settled" and settled["call_id"] == "c5" and settled["where"] == "chat"
    assert settled["decision"] == "approved" and settled["actor"] == "carol" and settled["session_id"] == "s5"
    await asyncio.wait_for(task, 3)
    # Opened after it settled: the call, then at once how it settled.
    late = await link_socket(kit, path)
    _hello, call = await start(late)
    assert call["type"] == "tool_call" and call["call_id"] == "c5"
    again = await recv(late)
    assert again["type"] == "settled" and again["where"] == "chat"
    # A result for it now: ack and settled, never an error.
    await send(late, {"type": "tool_result", "call_id": "c5", "tool": "request_user_approval", "result": approved("c5")})
    assert await recv(late) == {"v": 1, "type": "ack", "id": "c5"}
    assert (await recv(late))["type"] == "settled"
    assert len(kit.trail.records) == 1
    await socket.close()
    await late.close()


async def test_two_sockets_at_once_end_in_one_result(kit: Served) -> None:
    task, path = await ask(kit, "s6", "c6", args={**ASK, "severity": "low"})
    first, second = await link_socket(kit, path + "?as=alice"), await link_socket(kit, path + "?as=alice")
    await asyncio.gather(start(first), start(second))
    answer = {"type": "tool_result", "call_id": "c6", "tool": "request_user_approval", "result": approved("c6")}
    await asyncio.gather(send(first, answer), send(second, answer))
    heard = [[await recv(first)], [await recv(second)]]
    for socket, seen in zip((first, second), heard):
        try:
            while True:
                seen.append(json.loads(await asyncio.wait_for(socket.recv(), 0.3)))
        except asyncio.TimeoutError:
            pass
    kinds = sorted([[m["type"] for m in seen] for seen in heard])
    assert kinds == [["ack"], ["ack", "settled"]] or kinds == [["ack"], ["settled", "ack", "settled"]], kinds
    assert (await asyncio.wait_for(task, 3))["interaction_response"]["approved"] is True
    assert len(kit.trail.records) == 1 and kit.trail.records[0]["where"] == "link"
    await first.close()
    await second.close()


class _ChatPage:
    """The session's chat page, ready, its actor carol: its answers go through the session as a WebSocket's do."""

    def __init__(self, server: AgentServer, session_id: str) -> None:
        self.session = server.session(session_id)
        self.session.attach(self, "carol")
        self._say({"type": "ready", "kit_version": "0.1.0", "capabilities": {"tools": []}, "resume": []})

    def send(self, text: str) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass

    def _say(self, message: dict[str, Any]) -> None:
        self.session.receive(self, json.dumps({"v": 1, **message}))

    def approve(self, call_id: str) -> None:
        self._say({"type": "tool_result", "call_id": call_id, "tool": "request_user_approval", "result": approved(call_id)})


async def test_a_result_for_another_call_on_a_links_socket_is_ignored(kit: Served) -> None:
    mine, path = await ask(kit, "s8", "c8")
    other, _other_path = await ask(kit, "s8", "c9")
    socket = await link_socket(kit, path + "?as=alice")
    await start(socket)
    await send(socket, {"type": "tool_result", "call_id": "c9", "tool": "request_user_approval", "result": approved("c9")})
    with pytest.raises(asyncio.TimeoutError):
        await asyncio.wait_for(socket.recv(), 0.4)
    assert kit.server.session("s8").pending_ids == ["c8", "c9"], "the link answers only its own call"
    assert kit.trail.records == []
    await socket.close()
    mine.cancel()
    other.cancel()


async def test_in_routes_of_a_fastapi_app_of_ones_own() -> None:
    trail = Trail()
    server = AgentServer(links=Links(secret=SECRET, base_url=ORIGIN, path="/links"), authorize=by_query, audit=trail, allowed_origins=[ORIGIN])
    app = FastAPI()

    @app.get("/links/{token}")
    async def page(token: str, request: Request) -> Response:
        shake = Handshake.read(str(request.url.path) + ("?" + request.url.query if request.url.query else ""), list(request.headers.items()))
        answer = await server.answer_page(token, shake)
        return Response(answer.body, answer.status, headers=dict(answer.headers))

    @app.websocket("/links/{token}")
    async def socket(websocket: WebSocket, token: str) -> None:
        await server.serve_link(StarletteSocket(websocket), token)

    async with served(app) as port:
        routed = Served(server, port, trail)
        task, path = await ask(routed, "own", "o-1")
        assert path.startswith("/links/")
        response = await get(routed, path + "?as=alice")
        assert response.status_code == 200 and '<script type="module" src="/links/answer-page.js">' in response.text
        assert_headers(response)
        assert (await get(routed, path + "?as=bob")).status_code == 403
        assert await status_of(routed, path + "?as=bob") == 403
        phone = await link_socket(routed, path + "?as=alice")
        hello, call = await start(phone)
        assert hello["link"] is True and call["call_id"] == "o-1"
        await send(phone, {"type": "tool_result", "call_id": "o-1", "tool": "request_user_approval", "result": approved("o-1")})
        assert await recv(phone) == {"v": 1, "type": "ack", "id": "o-1"}
        assert (await asyncio.wait_for(task, 3))["interaction_response"]["approved"] is True
        assert [(r["where"], r["actor"]) for r in trail.records] == [("link", "alice")]
        await phone.close()
        await server.close()
