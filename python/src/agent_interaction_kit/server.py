"""A WebSocket server for Python runtimes, on `websockets` (docs/protocol.md §6 and §7).

Each connection's URL path (`…/sessions/<id>`) names its session; who may connect is decided
before the upgrade (allowed origins, `authorize`), refused with HTTP 403; frames over `max_size`
close the connection with 1009; a newer connection for a session closes the older with 4000.
"""

from __future__ import annotations

import asyncio
import inspect
import ipaddress
import logging
import re
from typing import Any, Awaitable, Callable, Optional, Sequence, TypedDict, Union, Unpack
from urllib.parse import unquote, urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.http11 import Request, Response

from ._schema import WireContext
from .session import AgentSession, Clock

__all__ = ["AgentServer", "Authorize", "ServerOptions"]

logger = logging.getLogger("agent_interaction_kit")

#: `authorize(request)`: False or None refuses, True accepts, a string accepts with that session id.
Authorize = Callable[[Request], Union[bool, str, None, Awaitable[Union[bool, str, None]]]]

_SESSION_PATH = re.compile(r"/sessions/([^/?#]+)")
_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def _origin_key(origin: str) -> Optional[str]:
    """`scheme://host:port`, lower-cased, the port left out when it is the scheme's default."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    shown = "" if port is None or port == _DEFAULT_PORTS.get(parts.scheme.lower()) else f":{port}"
    return f"{parts.scheme.lower()}://{host.lower()}{shown}"


def is_loopback_origin(origin: str) -> bool:
    """127.0.0.0/8, localhost and [::1], any port and scheme."""
    try:
        host = urlsplit(origin.strip()).hostname
    except ValueError:
        return False
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def default_session_id(request: Request) -> Optional[str]:
    match = _SESSION_PATH.search(request.path)
    return unquote(match.group(1)) if match else None


class ServerOptions(TypedDict, total=False):
    """The options of `AgentServer.start` (each as its docstring says); all are optional."""

    allowed_origins: Optional[Sequence[str]]
    authorize: Optional[Authorize]
    session_id_for: Optional[Callable[[Request], Optional[str]]]
    context_for: Optional[Callable[[str], Optional[WireContext]]]
    max_size: int
    clock: Optional[Clock]
    grace_seconds: float


class AgentServer:
    """The runtime's WebSocket server. Start it with `await AgentServer.start(...)`."""

    def __init__(self, **options: Unpack[ServerOptions]) -> None:
        allowed_origins = options.get("allowed_origins")
        keys = [_origin_key(origin) for origin in allowed_origins] if allowed_origins is not None else None
        self._allowed = {key for key in keys if key} if keys is not None else None
        self._authorize = options.get("authorize")
        self._session_id_for = options.get("session_id_for") or default_session_id
        self._context_for = options.get("context_for")
        self.max_size = options.get("max_size", 1 << 20)
        self._clock = options.get("clock")
        self._grace = options.get("grace_seconds", 10.0)
        self._sessions: dict[str, AgentSession] = {}
        self._accepted: dict[int, str] = {}
        self._server: Optional[Server] = None

    @classmethod
    async def start(cls, host: str = "127.0.0.1", port: int = 0, **options: Unpack[ServerOptions]) -> "AgentServer":
        """Listens on `host:port` (port 0: any free one).

        `allowed_origins`: the page origins that may connect (exact `scheme://host:port`);
        without it only loopback origins may. `authorize(request)` (may be async) sees the
        upgrade request (path with query, headers, cookies): False/None refuses, True accepts
        with the session id from the path, a string accepts with that session id. A connection
        without an Origin header needs `authorize` to accept it. `max_size`: the largest frame
        accepted from the page (default 1 MiB; larger ones close with 1009); a call whose frame
        is over a quarter of it raises KitError `too_large`.
        """
        self = cls(**options)
        if options.get("allowed_origins") is None:
            logger.warning("allowed_origins not given: only loopback origins (127.0.0.0/8, localhost, [::1]) may connect")
        self._server = await serve(
            self._handle,
            host,
            port,
            process_request=self._check,
            select_subprotocol=lambda _connection, offered: offered[0] if offered else None,
            max_size=self.max_size,
        )
        return self

    @property
    def port(self) -> int:
        """The port listened on."""
        assert self._server is not None, "start() the server first"
        return int(next(iter(self._server.sockets)).getsockname()[1])

    def session(self, session_id: str) -> AgentSession:
        """The session for an id, created on first use: call its `call_tool`."""
        existing = self._sessions.get(session_id)
        if existing is None:
            existing = AgentSession(
                session_id,
                context=self._context_for(session_id) if self._context_for else None,
                clock=self._clock,
                grace_seconds=self._grace,
                max_call_bytes=self.max_size // 4,
            )
            self._sessions[session_id] = existing
        return existing

    async def close(self) -> None:
        """Ends every connection and stops listening."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def __aenter__(self) -> "AgentServer":
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    async def _check(self, connection: ServerConnection, request: Request) -> Optional[Response]:
        """Decides before the upgrade; a refusal is HTTP 403 and no session sees it."""
        origin = request.headers.get("Origin")
        if origin is not None:
            key = _origin_key(origin)
            allowed = key in self._allowed if self._allowed is not None else is_loopback_origin(origin)
            if not allowed:
                return connection.respond(403, "Origin not allowed\n")
        session_id = self._session_id_for(request)
        if self._authorize is not None:
            verdict: Any = self._authorize(request)
            if inspect.isawaitable(verdict):
                verdict = await verdict
            if isinstance(verdict, str) and verdict:
                session_id = verdict
            elif verdict is not True:
                return connection.respond(403, "Not authorized\n")
        elif origin is None:
            return connection.respond(403, "A connection without an Origin header needs authorize\n")
        if not session_id:
            return connection.respond(404, "No session in the URL path\n")
        self._accepted[id(connection)] = session_id
        return None

    async def _handle(self, websocket: ServerConnection) -> None:
        session_id = self._accepted.pop(id(websocket), None)
        if session_id is None:
            return
        session = self.session(session_id)
        connection = _SocketConnection(websocket)
        session.attach(connection)
        try:
            async for frame in websocket:
                session.receive(connection, frame)
        except Exception:  # a dropped or oversized connection ends like a closed one
            pass
        finally:
            session.detach(connection)
            await connection.drain()


class _SocketConnection:
    """Sends frames in order through one writer task, so `send` never blocks the session."""

    def __init__(self, websocket: ServerConnection) -> None:
        self._websocket = websocket
        self._queue: asyncio.Queue[Optional[tuple[str, int, str]]] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        self._queue.put_nowait(("text", 0, text))

    def close(self, code: int, reason: str) -> None:
        self._queue.put_nowait(("close", code, reason))

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            kind, code, text = item
            try:
                if kind == "text":
                    await self._websocket.send(text)
                else:
                    await self._websocket.close(code, text)
            except Exception:
                pass

    async def drain(self) -> None:
        self._queue.put_nowait(None)
        await self._writer
