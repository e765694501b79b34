"""The runtime's side for Python: sessions, who may connect, and the ways in.

An `AgentServer` needs no listener of its own. It listens itself (`start`, on `websockets`),
runs inside an ASGI application (`asgi()`, to mount), or takes any framework's socket
(`serve`). Every way in decides the same way before a socket opens (`Handshake`, allowed origins,
`authorize`); a refusal is HTTP 403 and no session sees it. With `redis`, every instance on that
Redis, Python or Node, is one fleet. With `inbox`, a person's inbox lists every call waiting for
them across the sessions they may see (docs/protocol.md §12.2).
"""

from __future__ import annotations

import contextlib
from http import HTTPStatus
import logging
import re
import uuid
from dataclasses import replace
from typing import Any, Callable, Optional, Sequence, TypedDict, Union, Unpack
from urllib.parse import unquote

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ._schema import WireContext
from .answer_links import AnswerLinks
from .answer_page import PageAnswer
from .asgi import ASGIApp, AsgiSocket, asgi_app
from .audit import AuditOption, Auditor
from .call_links import Links
from .clock import Clock, SystemClock
from .fleet_links import FleetLinkAdmitted
from .handshake import Admission, Admitted, Authorize, Handshake, InboxAdmitted, Refused
from .inbox import Inbox, InboxHub, InboxPlaces, run_inbox_socket
from .language import ResultLanguage, check_result_language
from .link_sockets import LinkAdmitted
from .notifier import NotifyFunction, all_places
from .session import AgentSession
from .sockets import HandshakeSocket, KitSocket, run_socket

__all__ = ["AgentServer", "ServerOptions"]

logger = logging.getLogger("agent_interaction_kit")

_SESSION_PATH = re.compile(r"/sessions/([^/?#]+)")
#: The close code for a socket that arrives while the fleet's Redis is unreachable: try again later.
_TRY_AGAIN = 1013


def default_session_id(handshake: Handshake) -> Optional[str]:
    """The segment after `/sessions/` in the URL path."""
    match = _SESSION_PATH.search(handshake.path)
    return unquote(match.group(1)) if match else None


class ServerOptions(TypedDict, total=False):
    """The options of `AgentServer(...)` and `AgentServer.start(...)`; all are optional."""

    allowed_origins: Optional[Sequence[str]]
    check_origin: bool
    authorize: Optional[Authorize]
    session_id_for: Optional[Callable[[Handshake], Optional[str]]]
    context_for: Optional[Callable[[str], Optional[WireContext]]]
    max_size: int
    clock: Optional[Clock]
    grace_seconds: float
    redis: Optional[str]
    result_language: ResultLanguage
    audit: AuditOption
    audit_arguments: bool
    inbox: Optional[Inbox]
    links: Optional[Links]
    notify: Optional[NotifyFunction]
    notify_after: Optional[float]


class AgentServer:
    """The runtime side: `session(id).call_tool(...)`, and the ways a page's socket comes in.

    `allowed_origins`: the page origins that may connect (exact `scheme://host:port`); without
    it only loopback origins may (the server says so once). The check stays on in every mode
    unless turned off by name, `check_origin=False` (for a socket no browser can open).
    `authorize(handshake)` (may be async) sees the `Handshake`: False/None refuses, True accepts
    with the URL's session, a string accepts with that session id, `{"session_id"?, "actor"?}`
    accepts and keeps `actor` (who the user is) with the session. A connection without an Origin
    header needs `authorize` to accept it (or, with `serve`, the application's own route).
    `max_size`: the largest frame accepted from the page (default 1 MiB; larger ones close with
    1009); a call whose frame is over a quarter of it raises KitError `too_large`. `redis`: a
    Redis URL; every instance given it, Python or Node, is one fleet (docs/protocol.md §10).
    `result_language`: `zh` (default) or `en`, the language of the results' `content`.
    `audit`: the audit trail (docs/protocol.md §11), a function called once with each decided
    call's record (it may be async; what it raises is logged, never the call's failure), or
    with `redis`, `"redis"`: each record appended to the stream `aik:audit` in the same step that
    decided the call. `audit_arguments=True` puts the arguments themselves in the records.
    `inbox`: `Inbox(path="/agent/inbox", inbox_for=…)`, a person's live list of the calls waiting for
    them, across the sessions they own (`session(id, owner=…)`, else the chat page's actor) or
    `inbox_for(actor)` adds; admitted as a session is, and only when `authorize` names an `actor`.
    `links`: `Links(secret=…, base_url=…, path="/agent/answer")`, an answer link per waiting call
    (`session.link_for(call_id)`) and its page at `<path>/<token>`; `notify(input)` is called once
    per waiting call with its link, `notify_after` seconds (default 0) after it was asked
    (docs/runtime.md#answer-links).
    """

    def __init__(self, **options: Unpack[ServerOptions]) -> None:
        self._check_origin = options.get("check_origin", True)
        allowed = options.get("allowed_origins")
        self._admission = Admission(allowed, options.get("authorize"), self._check_origin)
        self._session_id_for = options.get("session_id_for") or default_session_id
        self._context_for = options.get("context_for")
        self.max_size = options.get("max_size", 1 << 20)
        if not isinstance(self.max_size, int) or isinstance(self.max_size, bool) or self.max_size <= 0:
            raise ValueError(f"AgentServer: max_size must be a positive number of bytes; got {self.max_size!r}")
        self._clock = options.get("clock")
        self._grace = options.get("grace_seconds", 10.0)
        self._language = check_result_language(options.get("result_language"), "AgentServer")
        self._sessions: dict[str, AgentSession] = {}
        self._accepted: dict[int, Union[Admitted, InboxAdmitted, LinkAdmitted, FleetLinkAdmitted]] = {}
        self._server: Optional[Server] = None
        self._closed = False
        redis = options.get("redis")
        if redis is not None and not isinstance(redis, str):
            raise TypeError(f"AgentServer: redis must be a Redis URL such as 'redis://127.0.0.1:6379'; got {redis!r}")
        inbox = options.get("inbox")
        if inbox is not None and not isinstance(inbox, Inbox):
            raise TypeError(f"AgentServer: inbox must be an Inbox(path=…, inbox_for=…); got {inbox!r}")
        if redis is not None:
            from .fleet_membership import Fleet

            self._fleet: Optional[Fleet] = Fleet(redis, self._sessions)
        else:
            self._fleet = None
        self._inbox, self._local_hub = inbox, (InboxHub(self._sessions, inbox.inbox_for) if inbox is not None and redis is None else None)
        audit = options.get("audit")
        if audit is not None and audit != "redis" and not callable(audit):
            raise TypeError(f"AgentServer: audit must be a function or 'redis'; got {audit!r}")
        if audit == "redis" and redis is None:
            raise ValueError("AgentServer: audit='redis' writes to the fleet's Redis: give redis too")
        instance = self._fleet.instance if self._fleet is not None else str(uuid.uuid4())
        self._auditor = Auditor(audit, arguments=bool(options.get("audit_arguments", False)), instance=instance)
        # On a fleet, the inbox is served from the owners' lists and channels in Redis.
        self._hub: Optional[InboxPlaces] = self._local_hub or (self._fleet.inbox(inbox.inbox_for, self._context_for, self._auditor) if self._fleet and inbox else None)
        self._answers = AnswerLinks(
            options.get("links"), options.get("notify"), options.get("notify_after"), clock=self._clock or SystemClock(),
            admission=self._admission, authorize=options.get("authorize"), check_origin=self._check_origin, redis=redis,
            fleet=self._fleet.links(self._context_for, self._auditor) if self._fleet is not None and options.get("links") is not None else None,
        )  # fmt: skip
        if allowed is None and self._check_origin:
            logger.warning("allowed_origins not given: only loopback origins (127.0.0.0/8, localhost, [::1]) may connect")

    @classmethod
    async def start(cls, host: str = "127.0.0.1", port: int = 0, **options: Unpack[ServerOptions]) -> "AgentServer":
        """A server listening on `host:port` (port 0: any free one) on its own, with `websockets`."""
        self = cls(**options)
        await self.listen(host, port)
        return self

    async def listen(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Listens on `host:port` with `websockets`: sessions at any `…/sessions/<id>` path."""
        await self.open()
        self._server = await serve(
            self._handle,
            host,
            port,
            process_request=self._check,
            select_subprotocol=lambda _connection, offered: offered[0] if offered else None,
            max_size=self.max_size,
        )

    async def open(self) -> None:
        """Joins the fleet now when `redis` was given (else it joins on first use); raises KitError `unavailable`."""
        if self._fleet is not None:
            await self._fleet.store()

    @property
    def port(self) -> int:
        """The port `start` or `listen` listens on."""
        assert self._server is not None, "listen() first"
        return int(next(iter(self._server.sockets)).getsockname()[1])

    def session(self, session_id: str, *, owner: Optional[str] = None, title: Optional[str] = None) -> AgentSession:
        """The session for an id, created on first use: call its `call_tool`.

        `owner` is whose inbox lists its calls (default: the actor of the chat page that opens it),
        `title` its name there; given again, they change, and every inbox sees the change.
        """
        existing = self._sessions.get(session_id)
        if existing is None:
            options: dict[str, Any] = {
                "context": self._context_for(session_id) if self._context_for else None,
                "clock": self._clock,
                "grace_seconds": self._grace,
                "max_call_bytes": self.max_size // 4,
                "result_language": self._language,
                "auditor": self._auditor,
            }
            if self._fleet is not None:
                from .fleet_session import RedisAgentSession

                existing = RedisAgentSession(session_id, self._fleet, **options)
            else:
                existing = AgentSession(session_id, **options)
            existing.places = all_places(self._local_hub, *self._answers.places)
            existing.links = self._answers.links
            self._sessions[session_id] = existing
            if self._closed:
                existing.close()
        if owner is not None or title is not None:
            self._describe(existing, owner, title)
        return existing

    def _describe(self, session: AgentSession, owner: Optional[str], title: Optional[str], by_chat: bool = False) -> None:
        """A session's owner and title (`by_chat`: the chat page's actor, for an ownerless one); inboxes see it, a fleet's Redis keeps it."""
        if (owner is not None and not isinstance(owner, str)) or (title is not None and not isinstance(title, str)):
            raise TypeError("session: owner (an actor) and title must be strings")
        if self._fleet is not None:
            self._fleet.spawn(self._about(self._fleet, session, owner, title, by_chat))
        owner, title = owner or session.owner, title or session.title
        if (owner, title) != (session.owner, session.title):
            session.owner, session.title = owner, title
            if self._hub is not None:
                self._hub.changed()

    async def _about(self, fleet: Any, session: AgentSession, owner: Optional[str], title: Optional[str], by_chat: bool) -> None:
        with contextlib.suppress(Exception):  # Redis unreachable: the owner stays as this instance knows it
            session.owner = await (await fleet.store()).about(session.session_id, owner, title, by_chat)

    async def _run(self, session_id: str, socket: Any, max_size: Optional[int], actor: Optional[str]) -> None:
        """A chat page's socket on its session, which belongs to the page's actor unless it was given an owner."""
        session = self.session(session_id)
        if session.owner is None and actor is not None:
            self._describe(session, actor, None, by_chat=True)
        await run_socket(session, socket, max_size=max_size, actor=actor)

    def asgi(self) -> ASGIApp:
        """An ASGI app to mount (`app.mount("/agent", kit.asgi())`): sessions at `<mount>/sessions/<id>`, the inbox at `<mount>/<path's last segment>`."""
        return asgi_app(self, self._inbox.path if self._inbox is not None else None, self._answers, self._sessions)

    async def serve(
        self,
        socket: Union[KitSocket, HandshakeSocket],
        *,
        session_id: Optional[str] = None,
        actor: Optional[str] = None,
        handshake: Optional[Handshake] = None,
    ) -> None:
        """Runs a session on a socket the application received, until it closes.

        `socket` is a `KitSocket` (e.g. `StarletteSocket(websocket)`, which also reads the
        handshake). The origin check and `authorize` run as in every mode; a socket whose adapter
        brings no handshake needs `handshake=` (or the server's `check_origin=False`).
        `session_id` and `actor` are the route's own (they win over `authorize`'s answer).
        """
        from_adapter = socket.handshake if isinstance(socket, HandshakeSocket) else None
        shake = handshake or from_adapter
        if shake is None:
            if self._check_origin:
                raise TypeError("serve: this socket brings no handshake: pass handshake=Handshake(...) (its origin is checked)")
            shake = Handshake(path="")
        if session_id is not None:
            shake = replace(shake, session_id=session_id)
        await self._serve(socket, shake, by_caller=True, actor=actor)

    async def serve_upgrade(self, socket: AsgiSocket) -> None:
        """Runs a session on a socket whose upgrade the kit decides (the ASGI app's): a refusal
        before it opens is an HTTP status, and the session id is the socket's handshake's."""
        await self._serve(socket, socket.handshake, by_caller=False)

    async def _serve(self, socket: Any, shake: Handshake, *, by_caller: bool, actor: Optional[str] = None) -> None:
        decision = await self._admission.decide(shake, accepted_by_caller=by_caller)
        can_refuse = isinstance(socket, HandshakeSocket)
        if not isinstance(decision, Admitted) or self._closed:
            status, reason = (decision.status, decision.reason) if not isinstance(decision, Admitted) else (503, "server closed")
            await (socket.refuse(status, reason) if can_refuse else socket.close(1008, reason))
            return
        try:
            await self.open()
        except Exception:
            await (socket.refuse(503, "session store unavailable") if can_refuse else socket.close(_TRY_AGAIN, "session store unavailable"))
            return
        if can_refuse:
            await socket.accept(shake.subprotocols[0] if shake.subprotocols else None)
        await self._run(decision.session_id, socket, self.max_size, actor or decision.actor)

    async def answer_page(self, token: str, handshake: Handshake) -> PageAnswer:
        """The answer page for a route of one's own (`GET <path>/{token}`, or the page's script or style by name):
        its status, headers and body, decided as `listen()` and `asgi()` decide (`handshake`: the request's)."""
        if self._answers.links is None:
            raise TypeError("answer_page: this server has no links (AgentServer(links=Links(...)))")
        return await self._answers.page(token, handshake, self._sessions)

    async def serve_link(self, socket: AsgiSocket, token: str) -> None:
        """Runs an answer link's socket a route of one's own received (`StarletteSocket(websocket)`), checked as
        `listen()` and `asgi()` check it; a refusal before it opens is an HTTP status, after, a close with 1008."""
        await self.serve_link_upgrade(socket, token)

    async def serve_link_upgrade(self, socket: AsgiSocket, segment: str) -> None:
        """Runs an answer link's socket whose upgrade the kit decides (the ASGI app's): a refusal is the upgrade's HTTP status."""
        decision = await self._answers.admit(segment, socket.handshake, self._sessions)
        if self._answers.hub is None or self._closed or isinstance(decision, Refused):
            status, reason = (decision.status, decision.reason) if isinstance(decision, Refused) else (503, "server closed")
            await socket.refuse(status, reason)
            return
        await socket.accept(socket.handshake.subprotocols[0] if socket.handshake.subprotocols else None)
        await self._answers.run(decision, socket, max_size=self.max_size)

    async def serve_inbox(self, socket: Union[KitSocket, HandshakeSocket], *, actor: Optional[str] = None, handshake: Optional[Handshake] = None) -> None:
        """Runs a person's inbox on a socket the application received, checked as `serve` checks; `actor`, the route's own, wins."""
        shake = handshake or (socket.handshake if isinstance(socket, HandshakeSocket) else None)
        if shake is None and self._check_origin:
            raise TypeError("serve_inbox: this socket brings no handshake: pass handshake=Handshake(...) (its origin is checked)")
        await self.serve_inbox_upgrade(socket, shake or Handshake(path=""), actor)

    async def serve_inbox_upgrade(self, socket: Any, handshake: Optional[Handshake] = None, actor: Optional[str] = None) -> None:
        """Runs an inbox on a socket whose upgrade the kit decides (the ASGI app's): a refusal before it opens is an HTTP status."""
        can_refuse = isinstance(socket, HandshakeSocket)
        decision = await self._admission.decide_inbox(handshake or socket.handshake, actor=actor)
        if self._hub is None or self._closed or not isinstance(decision, InboxAdmitted):
            status, reason = (decision.status, decision.reason) if not isinstance(decision, InboxAdmitted) else (404 if self._hub is None else 503, "no inbox here")
            await (socket.refuse(status, reason) if can_refuse else socket.close(1008, reason))
            return
        if can_refuse:
            await socket.accept(socket.handshake.subprotocols[0] if socket.handshake.subprotocols else None)
        await run_inbox_socket(self._hub, socket, decision.actor, max_size=self.max_size)

    async def close(self) -> None:
        """Ends every connection and stops listening; pending calls raise KitError `unavailable`, and so do later ones."""
        self._closed = True
        for session in self._sessions.values():
            session.close()
            session.disconnect(1001, "server closing")
        if self._hub is not None:
            self._hub.disconnect(1001, "server closing")
        await self._answers.close()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        if self._fleet is not None:
            await self._fleet.close()

    async def __aenter__(self) -> "AgentServer":
        await self.open()
        return self

    async def __aexit__(self, *_exc: object) -> None:
        await self.close()

    # The standalone listener ----------------------------------------------------------------

    async def _check(self, connection: ServerConnection, request: Request) -> Optional[Response]:
        """Decides before the upgrade; a refusal is an HTTP status and no session sees it."""
        shake = Handshake.read(request.path, request.headers.raw_items())
        segment = self._answers.token_of(shake.path)
        if segment is not None:
            return await self._link_request(connection, shake, segment, getattr(request, "method", "GET"))
        inbox = self._inbox is not None and shake.path.rstrip("/") == self._inbox.path
        shake = replace(shake, session_id=None if inbox else self._session_id_for(shake))
        decision = await (self._admission.decide_inbox(shake) if inbox else self._admission.decide(shake))
        if not isinstance(decision, (Admitted, InboxAdmitted)):
            return connection.respond(decision.status, f"{decision.reason}\n")
        self._accepted[id(connection)] = decision
        return None

    async def _handle(self, websocket: ServerConnection) -> None:
        admitted = self._accepted.pop(id(websocket), None)
        if admitted is None:
            return
        if self._closed:
            await websocket.close(1001, "server closing")
            return
        if isinstance(admitted, InboxAdmitted) and self._hub is not None:
            await run_inbox_socket(self._hub, _OwnSocket(websocket), admitted.actor)
        elif isinstance(admitted, (LinkAdmitted, FleetLinkAdmitted)):
            await self._answers.run(admitted, _OwnSocket(websocket))
        elif isinstance(admitted, Admitted):
            await self._run(admitted.session_id, _OwnSocket(websocket), None, admitted.actor)


    async def _link_request(self, connection: ServerConnection, shake: Handshake, segment: str, method: str) -> Optional[Response]:
        """At the answer page's path: a GET or HEAD gets the page (or its script or style), another method 405; an upgrade is a link's socket."""
        if method != "GET" or "websocket" not in shake.headers.get("upgrade", "").lower():
            page = await self._answers.page(segment, shake, self._sessions) if method in ("GET", "HEAD") else self._answers.not_allowed()
            headers = Headers([*page.headers, ("Content-Length", str(len(page.body)))])
            return Response(page.status, HTTPStatus(page.status).phrase, headers, b"" if method == "HEAD" else page.body)
        decision = await self._answers.admit(segment, shake, self._sessions)
        if isinstance(decision, Refused):
            return connection.respond(decision.status, f"{decision.reason}\n")
        self._accepted[id(connection)] = decision
        return None


class _OwnSocket:
    """The standalone listener's socket (`websockets` enforces max_size itself, closing with 1009)."""

    def __init__(self, websocket: ServerConnection) -> None:
        self._websocket = websocket

    async def send(self, text: str) -> None:
        await self._websocket.send(text)

    async def receive(self) -> Optional[str]:
        while True:
            try:
                frame = await self._websocket.recv()
            except ConnectionClosed:
                return None
            if isinstance(frame, str):
                return frame

    async def close(self, code: int, reason: str) -> None:
        await self._websocket.close(code, reason)
