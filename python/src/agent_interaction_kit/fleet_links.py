"""Answer links on a fleet (docs/protocol.md §13.4): a link minted on any instance,
Python or Node, answered through this one.

The token needs no state. The call's stored frame (`aik:call:<call_id>`) is what the socket shows
(without the grant it may offer: a link answers one call) and what the token's session and signed
arguments are checked against; a call the fleet no longer holds passes, and its socket shows
nothing. The socket's result is stored by the fleet's first-result-wins step (SET NX) from place
`link`, which resolves the call on the instance that asked it and tells the session's chat page.
The socket whose result won gets `ack` alone, as on one instance; every other socket of the call
gets `settled` once. It hears it on the call's channel (`aik:settled:<call_id>`, which the fleet's
steps publish whenever a call settles), and reads the stored result (`aik:result:<call_id>`) when it
is ready and again after Redis was away, as news published meanwhile was missed.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Coroutine, Mapping, Optional

from ._schema import WireContext
from .audit import Auditor, decision_of, source_of
from .clock import iso_time
from .fleet_replies import Decided
from .fleet_store import RedisStore
from .jsjson import arguments_sha256, dumps
from .links import AnswerTokenClaims
from .places import KitResult, kit_result_of
from .sockets import KitSocket, SocketWriter, kit_message, read_frames

__all__ = ["FleetLinkAdmitted", "FleetLinks"]

logger = logging.getLogger("agent_interaction_kit")

_SETTLED = ("decision", "where", "actor", "at")
#: The channel of a call's settlement, for the links' sockets on any instance (docs/protocol.md §13.4).
SETTLED = "aik:settled:"


@dataclass(frozen=True)
class FleetLinkAdmitted:
    """A link's socket let in on a fleet: the call as the fleet stores it, and who is answering (None: nobody signed in)."""

    session_id: str
    call_id: str
    actor: Optional[str]
    frame: Optional[dict[str, Any]]
    """The call's stored `tool_call` frame (without `v` and `grant`); None for a call the fleet no longer holds."""


@dataclass(eq=False)
class _Link:
    """One open link socket: ready once its kit said so; `told` once it knows how the call settled, or its own result won."""

    admitted: FleetLinkAdmitted
    writer: SocketWriter
    ready: bool = False
    told: bool = False
    #: While its own result is being stored: the channel's news waits for the step's reply.
    answering: bool = False
    held: Optional[Mapping[str, Any]] = None
    news: asyncio.Event = field(default_factory=asyncio.Event)

    def send(self, message: dict[str, Any]) -> None:
        self.writer.send(dumps({"v": 1, **message}))

    def settled(self, fields: Mapping[str, Any]) -> None:
        """`settled`, once, after the call's frame."""
        if self.told or not self.ready or self.admitted.frame is None:
            return
        self.told = True
        call = self.admitted
        self.send({"type": "settled", "call_id": call.call_id, "session_id": call.session_id, **{name: fields.get(name) for name in _SETTLED}})


def _how_it_settled(stored: Any) -> dict[str, Any]:
    """The `settled` fields of a stored result; a call that ended without a decision was withdrawn, by the runtime."""
    settled = stored.get("settled") if isinstance(stored, dict) else None
    if isinstance(settled, dict):
        return settled
    return {"decision": "cancelled", "where": "runtime", "actor": None, "at": iso_time(time.time())}


class FleetLinks:
    """The answer links' sockets on this instance, served from the fleet's stored calls and channels."""

    def __init__(
        self,
        store: Callable[[], Awaitable[RedisStore]],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        context_for: Optional[Callable[[str], Optional[WireContext]]],
        auditor: Auditor,
    ) -> None:
        self._store, self._spawn, self._context_for, self._auditor = store, spawn, context_for, auditor
        self._open: dict[str, set[_Link]] = {}

    async def signed_for(self, claims: AnswerTokenClaims) -> bool:
        """False for a token signed for other arguments (or another session) than the call the fleet holds under its id."""
        found = await (await self._store()).stored_call(claims["call_id"])
        return found is None or _signed(found, claims)

    async def admit(self, claims: AnswerTokenClaims, actor: Optional[str]) -> Optional[FleetLinkAdmitted]:
        """The link's call as the fleet holds it (asked on any instance), or None: a call of another session or other arguments."""
        store = await self._store()
        found = await store.stored_call(claims["call_id"])
        if found is not None and not _signed(found, claims):
            return None
        frame = {name: value for name, value in found[1].items() if name != "grant"} if found is not None else None
        return FleetLinkAdmitted(claims["session_id"], claims["call_id"], actor, frame)

    async def run(self, admitted: FleetLinkAdmitted, socket: KitSocket, *, max_size: Optional[int] = None) -> None:
        """Runs a link's one-call exchange on an accepted socket until it closes."""
        link = _Link(admitted, SocketWriter(socket))
        watching: Optional[asyncio.Task[None]] = None
        try:
            await self._join(link)
            async for text in read_frames(socket, link.writer, max_size):
                message = kit_message(text)
                kind = message.get("type") if message is not None else None
                if kind == "connect":
                    hello: dict[str, Any] = {"type": "hello", "session_id": admitted.session_id}
                    context = self._context_for(admitted.session_id) if self._context_for is not None else None
                    if context:
                        hello["context"] = context
                    link.send({**hello, "link": True})
                elif kind == "ready" and admitted.frame is not None:
                    link.send(admitted.frame)
                    link.ready = True
                    if watching is None:
                        watching = asyncio.get_running_loop().create_task(self._watch(link))
                elif kind == "tool_result" and link.ready and message is not None and (given := kit_result_of(message)) is not None and given.call_id == admitted.call_id:
                    await self._answer(link, given)
        except Exception:
            logger.exception("an answer link's socket failed on the fleet")
            link.writer.close(1013, "session store unavailable")
        finally:
            if watching is not None:
                watching.cancel()
            self._leave(link)
            await link.writer.drain()

    async def _answer(self, link: _Link, given: KitResult) -> None:
        """The socket's result, stored from place `link` if it is the first (one audit record), then
        `ack`: alone for the result that won (the place that won is told nothing more), and with
        `settled` for a late one, how the call settled."""
        call = link.admitted
        decision = decision_of(given.tool, given.result)
        source = source_of(decision) if decision else "user"
        decided = Decided(decision, source, call.actor, iso_time(time.time()), self._auditor.to_redis, "link")
        outcome = {"how": "answered", "result": given.result}
        store = await self._store()
        link.answering = True
        try:
            # Never a grant for the session: the link's card was shown the one call, without its offer.
            reply = await store.settle(call.session_id, call.call_id, given.tool, outcome, decided, False, call.session_id)
        finally:
            link.answering = False
        if reply.kind == "mismatch":
            return  # another tool than the call's: nothing stored, silence
        if reply.kind == "won":
            link.told = True  # the channel's news of its own result is not for it
        if reply.kind == "won" and decision is not None and not self._auditor.to_redis:
            audit = reply.audit
            record = self._auditor.record(
                call_id=call.call_id, session_id=call.session_id, tool=given.tool, sha256=audit.sha256, decision=decision, source=source,
                actor=call.actor, where="link", asked_at=audit.asked_at, decided_at=decided.decided_at, arguments=audit.arguments or None,
            )  # fmt: skip
            self._auditor.write(record)
        link.send({"type": "ack", "id": call.call_id})
        if reply.kind == "taken":
            link.settled(_how_it_settled(reply.outcome))
        elif link.held is not None:
            link.settled(link.held)

    async def _watch(self, link: _Link) -> None:
        """Reads how the call stands: at once (it may have settled before the socket opened), and again after Redis was away."""
        while not link.told:
            link.news.clear()
            try:
                stored, waiting = await (await self._store()).settlement(link.admitted.session_id, link.admitted.call_id)
                if (stored is not None or not waiting) and not link.answering:
                    link.settled(_how_it_settled(stored))
            except Exception:
                pass  # Redis away: read again once it is back
            await link.news.wait()

    async def _join(self, link: _Link) -> None:
        """The link is open: this instance listens to the call's channel while one of its links needs it."""
        call_id = link.admitted.call_id
        links = self._open.setdefault(call_id, set())
        links.add(link)
        if len(links) == 1:
            await (await self._store()).listen(f"{SETTLED}{call_id}", self._heard, "links")

    def _leave(self, link: _Link) -> None:
        call_id = link.admitted.call_id
        links = self._open.get(call_id)
        if links is not None and link in links:
            links.discard(link)
            if not links:
                del self._open[call_id]
                self._spawn(self._unlisten(call_id))

    async def _unlisten(self, call_id: str) -> None:
        if call_id not in self._open:
            await (await self._store()).unlisten(f"{SETTLED}{call_id}", "links")

    def _heard(self, text: str) -> None:
        """A call settled, wherever it was decided, as its own channel tells."""
        try:
            message = json.loads(text)
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("op") != "settled":
            return
        for link in list(self._open.get(str(message.get("call_id")), ())):
            if link.admitted.session_id != message.get("session_id"):
                continue
            if link.answering:
                link.held = message  # its own result may be the one that won: the step's reply decides
            else:
                link.settled(message)

    def resync(self) -> None:
        """After Redis was away: news published meanwhile was missed, so every open link reads its call again."""
        for links in list(self._open.values()):
            for link in links:
                link.news.set()

    def disconnect(self, code: int, reason: str) -> None:
        for links in list(self._open.values()):
            for link in list(links):
                link.writer.close(code, reason)


def _signed(found: tuple[str, dict[str, Any]], claims: AnswerTokenClaims) -> bool:
    """The stored call is the token's: its session, and the arguments it signed."""
    session, frame = found
    return session == claims["session_id"] and arguments_sha256(frame.get("arguments")) == claims["arguments_sha256"]
