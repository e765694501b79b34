"""The kit inside an ASGI server: a socket over the raw ASGI messages, the
Starlette adapter, and the app `AgentServer.asgi()` returns.

`AsgiSocket` speaks the ASGI WebSocket messages; a refusal before the socket opens is an HTTP 403
or 404 (with the `websocket.http.response` extension, which uvicorn and hypercorn offer; else a
`websocket.close` before accept, which servers answer with 403). `StarletteSocket` adapts a
Starlette (FastAPI) `WebSocket`, accepted or not, so that a route runs its own dependencies first.
"""

from __future__ import annotations

import re
from typing import Any, Awaitable, Callable, MutableMapping, Optional, Protocol
from urllib.parse import unquote

from .handshake import Handshake

__all__ = ["AsgiKit", "AsgiSocket", "StarletteSocket", "asgi_app", "handshake_of"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Under the mount point, a session's URL: `/sessions/<id>`.
_SESSION_PATH = re.compile(r"/sessions/([^/]+)/?")
#: The policy-violation close code, for a socket the application accepted before the kit refused it.
_POLICY = 1008


def _relative(scope: Scope) -> str:
    """The path under the mount point (`root_path`), as Starlette's Mount and the ASGI spec set them."""
    path, root = str(scope.get("path", "")), str(scope.get("root_path", ""))
    return path[len(root) :] if root and path.startswith(root) else path


def handshake_of(scope: Scope, session_id: Optional[str] = None) -> Handshake:
    """The upgrade request of an ASGI `websocket` scope."""
    target = str(scope.get("path", "/"))
    query = bytes(scope.get("query_string", b"")).decode("latin-1")
    headers = [(bytes(name).decode("latin-1"), bytes(value).decode("latin-1")) for name, value in scope.get("headers", [])]
    shake = Handshake.read(f"{target}?{query}" if query else target, headers, session_id)
    offered = tuple(scope.get("subprotocols") or shake.subprotocols)
    return Handshake(shake.path, shake.query, shake.headers, shake.cookies, shake.origin, offered, session_id)


class AsgiSocket:
    """A KitSocket over the raw ASGI messages of one `websocket` scope."""

    def __init__(self, scope: Scope, receive: Receive, send: Send, session_id: Optional[str] = None) -> None:
        self.handshake = handshake_of(scope, session_id)
        self._scope, self._receive, self._asgi_send = scope, receive, send
        self._connected = False  # the server's websocket.connect was read
        self._open = False

    async def _connect(self) -> bool:
        if not self._connected:
            self._connected = True
            return (await self._receive()).get("type") == "websocket.connect"
        return True

    async def accept(self, subprotocol: Optional[str]) -> None:
        if await self._connect():
            await self._asgi_send({"type": "websocket.accept", "subprotocol": subprotocol})
            self._open = True

    async def refuse(self, status: int, reason: str) -> None:
        if not await self._connect():
            return
        if self._open:
            await self.close(_POLICY, reason)
        elif "websocket.http.response" in (self._scope.get("extensions") or {}):
            body = f"{reason}\n".encode()
            headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
            await self._asgi_send({"type": "websocket.http.response.start", "status": status, "headers": headers})
            await self._asgi_send({"type": "websocket.http.response.body", "body": body})
        else:
            await self._asgi_send({"type": "websocket.close", "code": _POLICY, "reason": reason})

    async def receive(self) -> Optional[str]:
        while True:
            message = await self._receive()
            if message.get("type") == "websocket.disconnect":
                self._open = False
                return None
            text = message.get("text")
            if message.get("type") == "websocket.receive" and text is not None:
                return str(text)  # a binary frame is skipped

    async def send(self, text: str) -> None:
        if self._open:
            await self._asgi_send({"type": "websocket.send", "text": text})

    async def close(self, code: int, reason: str) -> None:
        if self._open:
            self._open = False
            await self._asgi_send({"type": "websocket.close", "code": code, "reason": reason})


class StarletteSocket(AsgiSocket):
    """A Starlette (FastAPI) `WebSocket` as a KitSocket: `await kit.serve(StarletteSocket(websocket), session_id=…)`.

    The socket may be accepted already (then a refusal closes it with 1008) or not (then a
    refusal is an HTTP 403 and the kit accepts it, choosing the page's first subprotocol).
    """

    def __init__(self, websocket: Any) -> None:
        super().__init__(websocket.scope, websocket.receive, websocket.send, websocket.path_params.get("session_id"))
        state = getattr(websocket, "application_state", None)
        if getattr(state, "name", "") == "CONNECTED":
            self._connected = self._open = True


class AsgiKit(Protocol):
    """What the ASGI app needs of the kit's server (`AgentServer` is one): its lifespan, and a
    session run on each upgrade it takes."""

    async def open(self) -> None: ...

    async def close(self) -> None: ...

    async def serve_upgrade(self, socket: AsgiSocket) -> None: ...

    async def serve_inbox_upgrade(self, socket: AsgiSocket) -> None: ...

    async def serve_link_upgrade(self, socket: AsgiSocket, segment: str) -> None: ...


class LinkRoutes(Protocol):
    """The answer page's routes (the server's answer links): its path's token segment, and its GET."""

    def token_of(self, path: str) -> Optional[str]: ...

    async def serve_http(self, scope: Scope, send: Send, sessions: Any) -> bool: ...


def _is_inbox(scope: Scope, inbox_path: Optional[str]) -> bool:
    """The inbox's upgrade: its whole path, or its last segment under the mount point (`/agent/inbox` mounted at `/agent`)."""
    if inbox_path is None:
        return False
    last = "/" + inbox_path.rsplit("/", 1)[-1]
    return str(scope.get("path", "")).rstrip("/") == inbox_path or _relative(scope).rstrip("/") == last


def asgi_app(kit: AsgiKit, inbox_path: Optional[str] = None, links: Optional[LinkRoutes] = None, sessions: Any = None) -> ASGIApp:
    """The ASGI app of `kit.asgi()`: sessions at `<mount>/sessions/<id>`, the inbox (when `inbox_path` is given), the
    answer page and its socket (with `links`: `<path>/<token>`, or its last segment under the mount point), everything else 404."""

    def link_segment(scope: Scope) -> Optional[str]:
        if links is None:
            return None
        return links.token_of(str(scope.get("path", ""))) or links.token_of(str(scope.get("root_path", "")) + _relative(scope))

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if kind == "lifespan":
            await _lifespan(kit, receive, send)
        elif kind == "http" and links is not None and await links.serve_http(scope, send, sessions):
            return
        elif kind == "http":
            body = b"The agent-interaction-kit endpoint takes WebSocket upgrades only.\n"
            await send({"type": "http.response.start", "status": 426, "headers": [(b"content-type", b"text/plain"), (b"upgrade", b"websocket")]})
            await send({"type": "http.response.body", "body": body})
        elif kind == "websocket" and (segment := link_segment(scope)) is not None:
            await kit.serve_link_upgrade(AsgiSocket(scope, receive, send), segment)
        elif kind == "websocket" and _is_inbox(scope, inbox_path):
            await kit.serve_inbox_upgrade(AsgiSocket(scope, receive, send))
        elif kind == "websocket":
            match = _SESSION_PATH.fullmatch(_relative(scope))
            socket = AsgiSocket(scope, receive, send, unquote(match.group(1)) if match else None)
            if match is None:
                await socket.refuse(404, "No session in the URL path")
                return
            await kit.serve_upgrade(socket)

    return app


async def _lifespan(kit: AsgiKit, receive: Receive, send: Send) -> None:
    """Run directly under an ASGI server: joins the fleet at startup, closes at shutdown."""
    while True:
        message = await receive()
        if message.get("type") == "lifespan.startup":
            try:
                await kit.open()
            except Exception as error:
                await send({"type": "lifespan.startup.failed", "message": str(error)})
                return
            await send({"type": "lifespan.startup.complete"})
        elif message.get("type") == "lifespan.shutdown":
            await kit.close()
            await send({"type": "lifespan.shutdown.complete"})
            return
