"""The inbox on a fleet (docs/protocol.md §12.3): the waiting calls live in each owner's list in
Redis and come and go on the owner's channel (`aik:inbox:<owner>`), so an inbox connected to this
instance sees calls asked on any instance, Node or Python.

The instance listens to the channel of every owner one of its inbox connections sees, reads the
snapshot from their lists, filters each call by its session before sending it, and stores an
inbox's answer in the fleet's one step (SET NX), wherever the call was asked.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Coroutine, Optional

from ._schema import WireContext
from .audit import Auditor, decision_of, source_of
from .clock import iso_time, parse_iso
from .fleet_replies import Decided
from .fleet_store import RedisStore
from .inbox import InboxClient, InboxFor, merged_context, read_view, removal
from .jsjson import dumps
from .places import RecentMemory, Settled, kit_result_of
from .sockets import kit_message
from .wire import Connection

__all__ = ["FleetInboxHub"]

logger = logging.getLogger("agent_interaction_kit")

#: Answers remembered, by call id, with the connection that gave them: the winner is not told its own removal.
_ANSWERS_KEPT = 1000


@dataclass(eq=False)
class _Client(InboxClient):
    """One inbox connection on a fleet: as on one process, and the owners whose channel it needs."""

    watched: set[str] = field(default_factory=set)
    #: Its messages and the channels' news, one after another: a snapshot is never overtaken by older news.
    turn: asyncio.Lock = field(default_factory=asyncio.Lock)


class FleetInboxHub:
    """The inbox connections of this instance, served from the fleet's lists and channels."""

    def __init__(
        self,
        store: Callable[[], Awaitable[RedisStore]],
        spawn: Callable[[Coroutine[Any, Any, None]], None],
        inbox_for: Optional[InboxFor],
        context_for: Optional[Callable[[str], Optional[WireContext]]],
        auditor: Auditor,
    ) -> None:
        self._store, self._spawn, self._inbox_for, self._context_for, self._auditor = store, spawn, inbox_for, context_for, auditor
        self._clients: dict[_Client, None] = {}
        self._watchers: dict[str, set[_Client]] = {}
        self._answered_by: RecentMemory[Connection] = RecentMemory(_ANSWERS_KEPT)

    def attach(self, connection: Connection, actor: str) -> _Client:
        client = _Client(connection, actor)
        self._clients[client] = None
        return client

    def detach(self, client: _Client) -> None:
        if self._clients.pop(client, 0) == 0:
            return
        for owner in list(client.watched):
            self._unwatch(owner, client)
        client.watched.clear()

    def disconnect(self, code: int, reason: str) -> None:
        """Closes every inbox connection (the server closing: 1001)."""
        for client in list(self._clients):
            client.connection.close(code, reason)

    def changed(self) -> None:
        """Redis tells every instance through the owners' channels (`about`)."""

    def resync(self) -> None:
        """After Redis was away: messages published meanwhile were missed, so every ready inbox reads its list again."""
        for client in list(self._clients):
            self._spawn(self._quietly(client, self._resync(client)))

    async def _resync(self, client: _Client) -> None:
        await self._rewatch(client)
        if client.ready:
            await self._send_snapshot(client)

    def _sees(self, client: _Client, owner: str, session_id: Any) -> bool:
        """Nothing of a session the person may not see: their own, their team's owners', or a session named to them."""
        return owner == client.actor or owner in client.owners or (isinstance(session_id, str) and session_id in client.sessions)

    async def _quietly(self, client: _Client, step: Coroutine[Any, Any, None]) -> None:
        async with client.turn:
            try:
                if client in self._clients:
                    await step
                else:
                    step.close()
            except Exception:
                logger.exception("an inbox message failed")

    async def receive(self, client: _Client, text: str) -> None:
        """Handles one text frame from an inbox's kit, in its turn."""
        message = kit_message(text)
        if message is None:
            return
        await self._quietly(client, self._handle(client, message))

    async def _handle(self, client: _Client, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "connect":
            client.ready = False
            client.owners, client.sessions = await read_view(self._inbox_for, client.actor)
            await self._rewatch(client)  # listening before the snapshot is read: no call falls between
            client.send({"type": "hello", "inbox": True, "actor": client.actor})
        elif kind == "ready":
            client.ready = True
            await self._send_snapshot(client)
        elif kind == "tool_result":
            await self._on_result(client, message)

    async def _rewatch(self, client: _Client) -> None:
        """The owners whose channel the connection needs: its person, the team's owners, and the owners of the sessions named to it."""
        store = await self._store()
        owners = {client.actor, *client.owners}
        for session in client.sessions:
            if (owner := await store.session_owner(session)) is not None:
                owners.add(owner)
        if client not in self._clients:
            return
        for owner in client.watched - owners:
            self._unwatch(owner, client)
        joining = owners - client.watched
        client.watched = owners
        for owner in joining:
            watchers = self._watchers.get(owner)
            if watchers is not None:
                watchers.add(client)
                continue
            self._watchers[owner] = {client}
            await store.watch_inbox(owner, self._hearing(owner))

    def _unwatch(self, owner: str, client: _Client) -> None:
        """No connection here needs the owner's channel any more: this instance stops listening to it."""
        watchers = self._watchers.get(owner)
        if watchers is None or client not in watchers:
            return
        watchers.discard(client)
        if not watchers:
            del self._watchers[owner]

            async def unwatch() -> None:
                if owner not in self._watchers:
                    await (await self._store()).unwatch_inbox(owner)

            self._spawn(unwatch())

    def _hearing(self, owner: str) -> Callable[[str], None]:
        return lambda text: self._heard(owner, text)

    def _heard(self, owner: str, text: str) -> None:
        """One message on an owner's channel: a call added or removed, or the owner's sessions changed."""
        try:
            message = json.loads(text)
            if message.get("op") == "add":
                message["call"] = json.loads(message["call"])
        except (ValueError, TypeError, AttributeError):
            return  # a message this version cannot read is ignored
        for client in list(self._watchers.get(owner, ())):
            self._spawn(self._quietly(client, self._tell(client, owner, message)))

    async def _tell(self, client: _Client, owner: str, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "about":
            await self._resync(client)  # a session named to the person may have a new owner
            return
        if not client.ready:
            return  # its snapshot, read after `ready`, is newer
        call = message.get("call")
        if op == "add" and isinstance(call, dict) and self._sees(client, owner, call.get("session_id")):
            client.send({"type": "inbox_add", "call": self._listed(call)})
        elif op == "remove" and isinstance(message.get("call_id"), str) and self._sees(client, owner, message.get("session_id")):
            if self._answered_by.get(message["call_id"]) is client.connection and message.get("where") == "inbox":
                return  # its ack says enough
            settled = Settled(str(message.get("decision")), message.get("where", "runtime"), message.get("actor"), str(message.get("at")))
            client.send(removal(str(message.get("session_id")), message["call_id"], settled))

    def _listed(self, call: dict[str, Any]) -> dict[str, Any]:
        """A stored call as an inbox lists it: without `type`, the session's context under the call's own."""
        listed = {name: value for name, value in call.items() if name not in ("type", "context")}
        session_context = self._context_for(str(call.get("session_id"))) if self._context_for is not None else None
        context = merged_context(session_context, call.get("context"))
        if context is not None:
            listed["context"] = context
        return listed

    async def _send_snapshot(self, client: _Client) -> None:
        """Every waiting call the person may answer, from the lists of the owners it listens to, soonest deadline first."""
        found = await (await self._store()).inbox_calls(sorted(client.watched))
        if client not in self._clients or not client.ready:
            return
        calls: dict[Any, dict[str, Any]] = {}
        for owner, call in found:
            if self._sees(client, owner, call.get("session_id")):
                calls.setdefault(call.get("call_id"), self._listed(call))
        client.send({"type": "inbox", "calls": sorted(calls.values(), key=lambda call: parse_iso(str(call["deadline"])))})

    async def _on_result(self, client: _Client, message: dict[str, Any]) -> None:
        """An answer from the inbox: for a session the person may see, stored as the first result if it is
        (the asking instance's agent gets it, the chat page `settled`), acked in any case, and a late one
        told who won; for any other session refused, nothing stored."""
        given, session_id = kit_result_of(message), message.get("session_id")
        if given is None or not isinstance(session_id, str):
            return
        store = await self._store()
        owner = await store.session_owner(session_id)
        if owner is None or not self._sees(client, owner, session_id):
            text = f"This inbox may not answer calls of session {dumps(session_id)}."
            client.send({"type": "error", "id": given.call_id, "code": "forbidden", "message": text})
            return
        decision = decision_of(given.tool, given.result)
        source = source_of(decision) if decision else "user"
        decided = Decided(decision, source, client.actor, iso_time(time.time()), self._auditor.to_redis, "inbox")
        self._answered_by.keep(given.call_id, client.connection)
        outcome = {"how": "answered", "result": given.result}
        reply = await store.settle(session_id, given.call_id, given.tool, outcome, decided, given.session_grant and decision == "approved", session_id)
        if reply.kind == "mismatch":
            return
        if reply.kind == "won" and decision is not None and not self._auditor.to_redis:
            # The record is this instance's to write, from what the call's hash keeps (asked anywhere).
            audit = reply.audit
            record = self._auditor.record(
                call_id=given.call_id, session_id=session_id, tool=given.tool, sha256=audit.sha256, decision=decision, source=source,
                actor=client.actor, where="inbox", asked_at=audit.asked_at, decided_at=decided.decided_at, arguments=audit.arguments or None,
            )  # fmt: skip
            self._auditor.write(record)
        client.send({"type": "ack", "id": given.call_id, "session_id": session_id})
        before = reply.outcome.get("settled") if reply.kind == "taken" and isinstance(reply.outcome, dict) else None
        if isinstance(before, dict):
            settled = Settled(str(before.get("decision")), before.get("where", "runtime"), before.get("actor"), str(before.get("at")))
            client.send(removal(session_id, given.call_id, settled))
