"""The answer page's socket (docs/protocol.md#answer-links): a one-call session on `<path>/<token>`.

The kit's `connect` gets `hello` with `"link": true`; its `ready` gets the call's `tool_call` (and
`settled` right after, when the call settled already); its `tool_result` is a result from place
`link` with the actor `authorize` gave, acked, with `settled` too when another place won first.
A link's socket never supersedes the session's chat page. `LinkHub` is the place (`CallPlaces`)
that remembers the calls' frames and tells every open link how its call settled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from .jsjson import dumps
from .places import RecentMemory, ResultPlace, Settled, ShownSession, kit_result_of, settled_fields
from .sockets import KitSocket, SocketWriter, kit_message, read_frames
from .wire import Pending, call_frame

__all__ = ["LinkAdmitted", "LinkHub", "run_link_socket"]

#: How many calls' frames and settlements the hub remembers, for links opened after the call settled.
_MEMORY = 1000


@dataclass(frozen=True)
class LinkAdmitted:
    """A link's socket let in: the call's session, the call, and who is answering (None: nobody signed in)."""

    session: ShownSession
    call_id: str
    actor: Optional[str]


class LinkHub:
    """The links' place: the frames of the calls asked, how they settled, and the open link sockets."""

    def __init__(self) -> None:
        self._frames: RecentMemory[dict[str, Any]] = RecentMemory(_MEMORY)
        self._settles: RecentMemory[Settled] = RecentMemory(_MEMORY)
        self._open: dict[str, set[SocketWriter]] = {}

    def asked(self, session: ShownSession, call_id: str, call: Pending) -> None:
        self._frames.keep(_key(session.session_id, call_id), call_frame(call_id, call))

    def ended(self, session: ShownSession, call_id: str, call: Pending, settled: Settled) -> None:
        key = _key(session.session_id, call_id)
        self._frames.keep(key, call_frame(call_id, call))
        self._settles.keep(key, settled)
        for writer in list(self._open.get(key, ())):
            if writer is not settled.by:
                _send(writer, {"type": "settled", **settled_fields(session.session_id, call_id, settled)})

    def frame(self, session: ShownSession, call_id: str) -> Optional[dict[str, Any]]:
        """The call's `tool_call` (without `v`): as it waits, else as it was asked here."""
        call = session.waiting.get(call_id)
        return call_frame(call_id, call) if call is not None else self._frames.get(_key(session.session_id, call_id))

    def settled(self, session: ShownSession, call_id: str) -> Optional[Settled]:
        """How the call settled, once it stopped waiting."""
        return None if call_id in session.waiting else self._settles.get(_key(session.session_id, call_id))

    def disconnect(self, code: int, reason: str) -> None:
        for writers in list(self._open.values()):
            for writer in list(writers):
                writer.close(code, reason)

    def _join(self, key: str, writer: SocketWriter) -> None:
        self._open.setdefault(key, set()).add(writer)

    def _leave(self, key: str, writer: SocketWriter) -> None:
        writers = self._open.get(key)
        if writers is not None:
            writers.discard(writer)
            if not writers:
                del self._open[key]


async def run_link_socket(hub: LinkHub, admitted: LinkAdmitted, socket: KitSocket, *, max_size: Optional[int] = None) -> None:
    """Runs a link's one-call exchange on an accepted socket until it closes."""
    session, call_id, actor = admitted.session, admitted.call_id, admitted.actor
    key = _key(session.session_id, call_id)
    writer = SocketWriter(socket)
    hub._join(key, writer)

    def acked(answered: str, before: Optional[Settled]) -> None:
        _send(writer, {"type": "ack", "id": answered})
        known = before or hub.settled(session, answered)
        if known is not None:
            _send(writer, {"type": "settled", **settled_fields(session.session_id, answered, known)})

    place = ResultPlace("link", actor, writer, acked)
    try:
        async for text in read_frames(socket, writer, max_size):
            message = kit_message(text)
            kind = message.get("type") if message is not None else None
            if kind == "connect":
                hello: dict[str, Any] = {"type": "hello", "session_id": session.session_id}
                if session.context:
                    hello["context"] = session.context
                _send(writer, {**hello, "link": True})
            elif kind == "ready":
                frame, settled = hub.frame(session, call_id), hub.settled(session, call_id)
                if frame is not None:
                    _send(writer, frame)
                if settled is not None:
                    _send(writer, {"type": "settled", **settled_fields(session.session_id, call_id, settled)})
            elif kind == "tool_result" and message is not None and (given := kit_result_of(message)) is not None and given.call_id == call_id:
                session.answer(given, place)
    finally:
        hub._leave(key, writer)
        await writer.drain()


def _send(writer: SocketWriter, message: dict[str, Any]) -> None:
    writer.send(dumps({"v": 1, **message}))


def _key(session_id: str, call_id: str) -> str:
    return f"{session_id}\n{call_id}"
