"""The inbox (docs/protocol.md §12.2): one live list, per person, of every call waiting for them
across the sessions they may see.

`Inbox(path=…, inbox_for=…)` is `AgentServer`'s option. The hub holds the inbox connections of one
process, answers their exchange (`connect` → `hello`, `ready` → the `inbox` snapshot), tells them
as calls start waiting (`inbox_add`) and settle (`inbox_remove`), and hands their answers to the
sessions.
"""

from __future__ import annotations

import inspect
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Mapping, Optional, Protocol, Sequence, TypedDict, Union

from ._schema import WireContext
from .clock import parse_iso
from .jsjson import dumps
from .places import ResultPlace, Settled, ShownSession, kit_result_of, settled_fields
from .sockets import KitSocket, SocketWriter, kit_message, read_frames
from .wire import Connection, Pending, call_frame

__all__ = ["Inbox", "InboxFor", "InboxView", "InboxHub", "InboxPlaces", "DEFAULT_INBOX_PATH", "inbox_call", "merged_context", "read_view", "removal", "run_inbox_socket"]

logger = logging.getLogger("agent_interaction_kit")

DEFAULT_INBOX_PATH = "/agent/inbox"
_ASKING = ("request_user_approval", "request_user_input")
_PATH = re.compile(r"/[^?#\s]*")


class InboxView(TypedDict, total=False):
    """What `inbox_for` adds to the sessions a person owns: every session of these owners (a team), and these sessions."""

    owners: Sequence[str]
    sessions: Sequence[str]


#: Widens what a person's inbox shows (may be async); by default a person sees the sessions they own.
InboxFor = Callable[[str], Union[Optional[InboxView], Awaitable[Optional[InboxView]]]]


@dataclass(frozen=True)
class Inbox:
    """The inbox option of `AgentServer`: a WebSocket at `path` beside the sessions', and `inbox_for(actor)` for a team."""

    path: str = DEFAULT_INBOX_PATH
    inbox_for: Optional[InboxFor] = None

    def __post_init__(self) -> None:
        path = self.path.rstrip("/") if isinstance(self.path, str) else None
        if not path or not _PATH.fullmatch(path) or re.search(r"/sessions(/|$)", path):
            raise ValueError(f"Inbox: path must be a URL path such as '/agent/inbox', apart from the sessions' (got {self.path!r})")
        if self.inbox_for is not None and not callable(self.inbox_for):
            raise TypeError("Inbox: inbox_for must be a function of the actor")
        object.__setattr__(self, "path", path)


@dataclass(eq=False)
class InboxClient:
    """One inbox connection: who is on it, what they may see (read at each `connect`), and whether its kit is ready.

    The fleet's inbox extends it with the owners whose channel it watches.
    """

    connection: Connection
    actor: str
    owners: frozenset[str] = field(default_factory=frozenset)
    sessions: frozenset[str] = field(default_factory=frozenset)
    ready: bool = False

    def send(self, message: dict[str, Any]) -> None:
        self.connection.send(dumps({"v": 1, **message}))


def inbox_call(session: ShownSession, call_id: str, call: Pending) -> dict[str, Any]:
    """A call as an inbox lists it: the session's `tool_call` fields, the session's context under the call's own, and where it waits."""
    frame = {name: value for name, value in call_frame(call_id, call).items() if name not in ("type", "context")}
    context = merged_context(session.context, call.context)
    if context is not None:
        frame["context"] = context
    return {**frame, "session_id": session.session_id, "session_title": session.title, "asked_at": call.asked_at}


def merged_context(session: Optional[WireContext], call: Optional[WireContext]) -> Optional[dict[str, Any]]:
    """The session's context with the call's own fields over it (a None counts as absent)."""
    if not session and not call:
        return None
    merged: dict[str, Any] = dict(session or {})
    merged.update({name: value for name, value in (call or {}).items() if value is not None})
    return merged


def removal(session_id: str, call_id: str, settled: Settled) -> dict[str, Any]:
    return {"type": "inbox_remove", **settled_fields(session_id, call_id, settled)}


async def read_view(inbox_for: Optional[InboxFor], actor: str) -> tuple[frozenset[str], frozenset[str]]:
    """What `inbox_for` says the person may see besides their own sessions (owners, sessions); a failure widens nothing."""
    view: Any = None
    try:
        view = inbox_for(actor) if inbox_for is not None else None
        if inspect.isawaitable(view):
            view = await view
    except Exception:
        logger.exception("inbox_for failed for %s, so the inbox shows only their own sessions", actor)
        view = None

    def strings(listed: Any) -> frozenset[str]:
        return frozenset(item for item in listed if isinstance(item, str)) if isinstance(listed, (list, tuple, set, frozenset)) else frozenset()

    if not isinstance(view, Mapping):
        return frozenset(), frozenset()
    return strings(view.get("owners")), strings(view.get("sessions"))


class InboxPlaces(Protocol):
    """What serves the inbox connections: this process's sessions (InboxHub), or a fleet's through Redis."""

    def attach(self, connection: Connection, actor: str) -> Any: ...
    def detach(self, client: Any) -> None: ...
    async def receive(self, client: Any, text: str) -> None: ...
    def changed(self) -> None: ...
    def disconnect(self, code: int, reason: str) -> None: ...


class InboxHub:
    """The inbox connections of one process, told as the sessions' calls come and go."""

    def __init__(self, sessions: Mapping[str, ShownSession], inbox_for: Optional[InboxFor]) -> None:
        self._sessions = sessions
        self._inbox_for = inbox_for
        self._clients: dict[InboxClient, None] = {}

    def attach(self, connection: Connection, actor: str) -> InboxClient:
        client = InboxClient(connection, actor)
        self._clients[client] = None
        return client

    def detach(self, client: InboxClient) -> None:
        self._clients.pop(client, None)

    def disconnect(self, code: int, reason: str) -> None:
        """Closes every inbox connection (the server closing: 1001)."""
        for client in list(self._clients):
            client.connection.close(code, reason)

    def sees(self, client: InboxClient, session: ShownSession) -> bool:
        """Nothing of a session without an owner, and nothing of a session the person may not see."""
        owner = session.owner
        return owner is not None and (owner == client.actor or owner in client.owners or session.session_id in client.sessions)

    def asked(self, session: ShownSession, call_id: str, call: Pending) -> None:
        """A call started waiting: every ready inbox that may see its session lists it."""
        if call.tool not in _ASKING:
            return
        for client in list(self._clients):
            if client.ready and self.sees(client, session):
                client.send({"type": "inbox_add", "call": inbox_call(session, call_id, call)})

    def ended(self, session: ShownSession, call_id: str, call: Pending, settled: Settled) -> None:
        """A call stopped waiting: every ready inbox that may see it but did not answer it removes it. A granted call was never listed."""
        if call.tool not in _ASKING or settled.where == "grant":
            return
        for client in list(self._clients):
            if client.ready and client.connection is not settled.by and self.sees(client, session):
                client.send(removal(session.session_id, call_id, settled))

    def changed(self) -> None:
        """A session's owner or title changed: who may see it may have changed, so every ready inbox gets its list afresh."""
        for client in list(self._clients):
            if client.ready:
                self._send_snapshot(client)

    async def receive(self, client: InboxClient, text: str) -> None:
        """Handles one text frame from an inbox's kit (the socket's frames are handled one after another)."""
        message = kit_message(text)
        if client not in self._clients or message is None:
            return
        kind = message.get("type")
        if kind == "connect":
            client.ready = False
            await self._read_view(client)
            client.send({"type": "hello", "inbox": True, "actor": client.actor})
        elif kind == "ready":
            client.ready = True
            self._send_snapshot(client)
        elif kind == "tool_result":
            self._on_result(client, message)

    async def _read_view(self, client: InboxClient) -> None:
        client.owners, client.sessions = await read_view(self._inbox_for, client.actor)

    def _send_snapshot(self, client: InboxClient) -> None:
        """Every pending call the person may answer, soonest deadline first."""
        calls = [
            inbox_call(session, call_id, call)
            for session in list(self._sessions.values()) if self.sees(client, session)
            for call_id, call in list(session.waiting.items()) if call.tool in _ASKING
        ]  # fmt: skip
        calls.sort(key=lambda call: parse_iso(str(call["deadline"])))
        client.send({"type": "inbox", "calls": calls})

    def _on_result(self, client: InboxClient, message: dict[str, Any]) -> None:
        """An answer from the inbox: for a session the person may see, handed to it as the chat page's would be; otherwise refused, nothing stored."""
        given, session_id = kit_result_of(message), message.get("session_id")
        if given is None or not isinstance(session_id, str):
            return
        session = self._sessions.get(session_id)
        if session is None or not self.sees(client, session):
            text = f"This inbox may not answer calls of session {dumps(session_id)}."
            client.send({"type": "error", "id": given.call_id, "code": "forbidden", "message": text})
            return

        def acked(call_id: str, before: Optional[Settled]) -> None:
            client.send({"type": "ack", "id": call_id, "session_id": session_id})
            if before is not None:
                client.send(removal(session_id, call_id, before))

        session.answer(given, ResultPlace("inbox", client.actor, client.connection, acked))


async def run_inbox_socket(hub: InboxPlaces, socket: KitSocket, actor: str, *, max_size: Optional[int] = None) -> None:
    """Runs one person's inbox on `socket` until it closes."""
    writer = SocketWriter(socket)
    client = hub.attach(writer, actor)
    try:
        async for text in read_frames(socket, writer, max_size):
            await hub.receive(client, text)
    finally:
        hub.detach(client)
        await writer.drain()
