"""A session shared by every instance given the same Redis, Python's or Node's.

The caller's half (its future, the deadline + grace timer) stays on the instance that called; the
call itself, its first valid result and the session's live connection live in Redis, so that any
instance can send, answer or re-ask it. It follows the Node runtime's `RedisAgentSession` step
by step, on the same layout (docs/protocol.md §10).
"""

from __future__ import annotations

import asyncio
import uuid
import weakref
from typing import Any, Awaitable, Callable, Coroutine, Optional, cast

from ._schema import SessionGrant, ToolResult
from .audit import Auditor, decision_of, source_of
from .clock import iso_time, parse_iso
from .errors import KitError, error_code
from .fleet_inbox import FleetInboxHub
from .fleet_store import CallAudit, Decided, RedisStore
from .grants import GrantRecord, grants_frame
from .inbox import InboxFor
from .jsjson import dumps
from .outcomes import Answered, Expired, from_stored, to_stored
from .places import late_news
from .rules import ToolName
from .session import AgentSession, ResultPlace
from .wire import Connection, Pending, call_frame

__all__ = ["RedisAgentSession", "Fleet"]


def _unavailable(call_id: Optional[str] = None) -> KitError:
    return KitError("unavailable", "The session store (Redis) is unreachable: the call was not sent.", call_id=call_id)


class RedisAgentSession(AgentSession):
    def __init__(self, session_id: str, fleet: "Fleet", **options: Any) -> None:
        super().__init__(session_id, **options)
        self._fleet = fleet
        self._names: "weakref.WeakKeyDictionary[Connection, str]" = weakref.WeakKeyDictionary()
        # Calls sent on the live connection and not yet ended there: after a gap, those no longer
        # pending ended elsewhere, and their `cancel`, published meanwhile, may have been missed.
        self._shown: set[str] = set()
        # Each connection's claim of the session, set once it is in Redis (or failed).
        self._claimed: "weakref.WeakKeyDictionary[Connection, asyncio.Event]" = weakref.WeakKeyDictionary()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self._fleet.spawn(work)

    async def _store(self) -> RedisStore:
        return await self._fleet.store()

    def attach(self, connection: Connection, actor: Optional[str] = None) -> None:
        super().attach(connection, actor)
        self._shown.clear()  # a new page: it is sent every pending call after its `ready`

        name = self._fleet.connection_name()
        self._names[connection] = name

        claimed = self._claimed[connection] = asyncio.Event()

        async def claim() -> None:
            # Claiming tells the instance holding the older connection, if any, to close it with 4000.
            try:
                await (await self._store()).claim(self.session_id, name)
            finally:
                claimed.set()

        self._guard(connection, claim)

    def detach(self, connection: Connection) -> None:
        name = self._names.get(connection)
        live = self._connection is connection
        super().detach(connection)
        if live and name:
            self._spawn(self._quietly(lambda: self._fleet.store_now().release(self.session_id, name)))

    def superseded(self, owner: str) -> None:
        """The fleet says a newer connection took the session: close ours if it is the one named."""
        connection = self._connection
        if connection is None or self._names.get(connection) != owner:
            return
        connection.close(4000, "superseded")
        self.detach(connection)

    def _guard(self, connection: Connection, step: Callable[[], Awaitable[None]]) -> None:
        """Runs a step for `connection`; Redis unreachable closes it with 1013 (the page re-sends later)."""

        async def run() -> None:
            try:
                await step()
            except Exception:
                connection.close(1013, "session store unavailable")

        self._spawn(run())

    @staticmethod
    async def _quietly(step: Callable[[], Awaitable[object]]) -> None:
        try:
            await step()
        except Exception:
            pass

    # Calls --------------------------------------------------------------------------------

    def _decided(self, tool: str, decision: Optional[str], source: str, actor: Optional[str], where: str) -> Decided:
        """How this instance decides a call, and where; the record goes to Redis with `audit="redis"` (never for artifacts)."""
        decision = decision if tool != "publish_artifacts" else None
        return Decided(decision, source, actor, iso_time(self._clock.now()), self._auditor.to_redis and decision is not None, where)

    @staticmethod
    def _call_audit(call: Pending) -> CallAudit:
        return CallAudit(call.asked_at, call.sha256, call.arguments or "")

    def _begin(self, call_id: str, call: Pending) -> None:
        self._spawn(self._ask(call_id, call) if call.grant is None else self._ask_granted(call_id, call))

    async def _ask_granted(self, call_id: str, call: Pending) -> None:
        """An approval with a grant: answered at once if the session (in Redis) holds it, else asked."""
        assert call.grant is not None
        result = self._granted(call_id, call)
        decided = self._decided(call.tool, "granted", "grant", None, "grant")
        frame = call_frame(call_id, call, granted=True)
        try:
            store = await self._store()
            if not store.available:
                raise _unavailable(call_id)
            deadline = round(parse_iso(call.deadline) * 1000)
            outcome = {"how": "answered", "result": result}
            reply = await store.grant(self.session_id, call_id, call.tool, frame, deadline, self._call_audit(call), call.grant.key, outcome, decided)
        except Exception:
            self._reject(call_id, _unavailable(call_id))
            return
        if self._pending.get(call_id) is not call:
            return  # aborted meanwhile
        if reply.kind == "result":
            self._conclude(call_id, from_stored(reply.outcome, call_id))
        elif reply.kind == "ask":
            await self._ask(call_id, call)
        else:
            actor = (reply.grant or {}).get("actor")
            self._audit(call_id, call, "granted", "grant", actor if isinstance(actor, str) else None, decided.decided_at)
            self._conclude(call_id, Answered(result))
            if reply.here:
                self.deliver_frame(frame)

    async def _ask(self, call_id: str, call: Pending, again: bool = False) -> None:
        """Stores the call (or finds it, or its result) and has the live connection, wherever it is, show it."""
        try:
            store = await self._store()
            if not store.available:
                raise _unavailable(call_id)
            deadline = round(parse_iso(call.deadline) * 1000)
            reply = await store.ask(self.session_id, call_id, call.tool, call_frame(call_id, call), deadline, self._call_audit(call))
        except Exception:
            # A call asked again keeps waiting: its timer still runs, and Redis may come back first.
            if not again:
                self._reject(call_id, _unavailable(call_id))
            return
        if self._pending.get(call_id) is not call:
            return  # aborted meanwhile
        if reply.frame is None:
            self._conclude(call_id, from_stored(reply.outcome, call_id))
            return
        # The call as first stored wins: a re-ask keeps its original deadline.
        frame = reply.frame
        call.tool = cast(ToolName, frame["tool"])
        call.args = frame["arguments"]
        call.context = frame.get("context")
        call.deadline = str(frame["deadline"])
        self._arm(call_id, call)
        if self.places is not None:
            self.places.asked(self, call_id, call)
        if reply.here:
            self.deliver_frame(frame)

    def _send(self, message: dict[str, Any]) -> bool:
        if not super()._send(message):
            return False
        kind, id = message.get("type"), message.get("call_id", message.get("id"))
        if isinstance(id, str):
            if kind == "tool_call":
                self._shown.add(id)
            elif kind in ("cancel", "ack", "settled"):
                self._shown.discard(id)
        return True

    def _on_ready(self) -> None:
        """After `ready`: every unresolved call of the session, wherever it was asked; after a gap,
        a `cancel` for each call the page was shown that ended meanwhile."""
        connection = self._connection
        if connection is None:
            return
        # Shown before the pending calls are read: a call asked after that read is not in it.
        shown_before = list(self._shown)

        claimed = self._claimed.get(connection)

        async def resend() -> None:
            # Read once the claim is in Redis: a call asked before it is in the read, one asked
            # after it is published here. Read earlier, a call asked between the two would wait
            # for the page's next reconnect.
            if claimed is not None:
                await claimed.wait()
            store = await self._store()
            frames = await store.pending_frames(self.session_id)
            if self._connection is not connection or not self._ready:
                return
            await self._grants_to_page(store, connection)
            for frame in frames:
                self._send(frame)
            pending = {frame.get("call_id") for frame in frames}
            ended = [id for id in shown_before if id not in pending and id in self._shown]
            if ended:
                outcomes = await store.outcomes(ended)
                if self._connection is not connection:
                    return
                for id, outcome in zip(ended, outcomes):
                    # Answered: the page gave that answer and had its ack. No outcome: withdrawn (or lost).
                    if (outcome is not None and outcome.get("how") == "answered") or id not in self._shown:
                        continue
                    self._send({"type": "cancel", "id": id, "reason": "expired" if outcome else "aborted"})

        self._guard(connection, resend)

    def deliver_frame(self, frame: dict[str, Any]) -> None:
        """A frame another instance (or this one) published for the session's live connection."""
        if self._ready:
            self._send(frame)

    def _on_result(self, call_id: str, tool: ToolName, result: ToolResult, session_grant: bool = False, place: Optional[ResultPlace] = None) -> None:
        """A result from the page: stored if it is the first, acked in any case (or told it came too late).

        Stored first, it is this instance's to record: in the audit trail, and (for an approval
        the user allowed for the session) the grant the call offered, for every instance."""
        connection = self._connection
        if connection is None:
            return
        self._shown.discard(call_id)
        decision = decision_of(tool, result)
        decided = self._decided(tool, decision, source_of(decision) if decision else "user", self.actor, "chat")

        async def settle() -> None:
            store = await self._store()
            outcome = {"how": "answered", "result": result}
            reply = await store.settle(self.session_id, call_id, tool, outcome, decided, session_grant and decision == "approved")
            if reply.kind == "mismatch":
                return
            # Stored first, and awaited here: resolved at once (the published copy finds it resolved).
            if reply.kind == "won":
                if decided.decision is not None:
                    self._write_audit(call_id, tool, reply.audit, decided)
                self.deliver(call_id, {"how": "answered", "result": result})
            late = reply.kind == "taken" and reply.outcome.get("how") == "expired"
            connection.send(dumps({"v": 1, "type": "cancel", "id": call_id, "reason": "expired"} if late else {"v": 1, "type": "ack", "id": call_id}))
            if (news := late_news(self.session_id, call_id, reply.outcome if reply.kind == "taken" and not late else None)) is not None:
                connection.send(dumps(news))  # too late, after an inbox or a link won: who did

        self._guard(connection, settle)

    def _on_error(self, call_id: str, error: KitError) -> None:
        self._shown.discard(call_id)
        stored = {"code": error.code, "message": error.message, "issues": error.issues}
        self._spawn(self._quietly(lambda: self._fleet.store_now().refuse(self.session_id, call_id, stored)))

    def _withdraw(self, call_id: str, call: Pending) -> None:
        frame = {"type": "cancel", "id": call_id, "reason": "aborted"}
        decided = self._decided(call.tool, "cancelled", "runtime", None, "runtime")

        async def withdraw() -> None:
            # Still pending in Redis (not answered elsewhere meanwhile): decided here, by the runtime.
            if await self._fleet.store_now().withdraw(self.session_id, call_id, frame, decided) is not None:
                self._audit(call_id, call, "cancelled", "runtime", None, decided.decided_at)

        self._spawn(self._quietly(withdraw))

    def _write_audit(self, call_id: str, tool: str, audit: CallAudit, decided: Decided) -> None:
        """The record of a call asked anywhere in the fleet, from what its hash keeps."""
        if decided.decision is None:
            return
        record = self._auditor.record(
            call_id=call_id, session_id=self.session_id, tool=tool, sha256=audit.sha256, decision=decided.decision, source=decided.source,
            actor=decided.actor, where=decided.where or None, asked_at=audit.asked_at, decided_at=decided.decided_at, arguments=audit.arguments or None,
        )  # fmt: skip
        self._auditor.write(record)

    # Grants, in Redis ---------------------------------------------------------------------------

    async def grants(self) -> list[SessionGrant]:
        held = await (await self._store()).grants(self.session_id)
        return list(grants_frame(_records(held))["grants"])

    async def revoke_grant(self, key: str) -> bool:
        return await (await self._store()).revoke(self.session_id, key)

    def _on_revoke(self, key: str) -> None:
        # The page is told by the fleet (`grants`), wherever the session's live connection is.
        self._spawn(self._quietly(lambda: self._fleet.store_now().revoke(self.session_id, key)))

    def _send_grants(self) -> None:
        connection = self._connection
        if connection is None or not self._ready:
            return

        async def send() -> None:
            await self._grants_to_page(await self._store(), connection)

        self._guard(connection, send)

    async def _grants_to_page(self, store: RedisStore, connection: Connection) -> None:
        """The session's grants as Redis holds them now, to the page on `connection` (a kit that shows grants)."""
        if not self._kit_grants:
            return
        held = await store.grants(self.session_id)
        if self._connection is connection and self._ready:
            self._send(grants_frame(_records(held)))

    def _expire(self, call_id: str) -> None:
        """Deadline + grace on the calling instance: the timeout result, unless a result was stored first."""
        call = self._pending.get(call_id)
        if call is None:
            return
        outcome = self._timeout_outcome(call_id, call)
        decided = self._decided(call.tool, decision_of(call.tool, outcome.result) if isinstance(outcome, Expired) else None, "timeout", None, "runtime")

        async def settle() -> None:
            try:
                store = await self._store()
                reply = await store.settle(self.session_id, call_id, call.tool, to_stored(outcome), decided)
            except Exception:
                self._reject(call_id, _unavailable(call_id))
                return
            if call_id not in self._pending:
                return  # its result arrived meanwhile
            if reply.kind == "taken":
                self._conclude(call_id, from_stored(reply.outcome, call_id))
                return
            if reply.kind == "won":
                if decided.decision is not None:
                    self._audit(call_id, call, decided.decision, "timeout", None, decided.decided_at)
                await self._quietly(lambda: store.forward(self.session_id, {"type": "cancel", "id": call_id, "reason": "expired"}))
            self._conclude(call_id, outcome)

        self._spawn(settle())

    def deliver(self, call_id: str, stored: Any) -> None:
        """A result stored by the instance it arrived on."""
        if call_id in self._pending:
            self._conclude(call_id, from_stored(stored, call_id))

    def refused(self, call_id: str, error: dict[str, Any]) -> None:
        """The kit refused a call this instance asked."""
        issues = error.get("issues")
        self._reject(call_id, KitError(error_code(error.get("code")), str(error.get("message", "")), issues if isinstance(issues, list) else [], call_id))

    def recheck(self) -> None:
        """After the subscription was away: each pending call is asked again (a stored result
        resolves it); the live connection here becomes the owner again, or closes with 4000 if a
        newer one took the session meanwhile; and it gets every pending frame again, as after `ready`."""
        for call_id, call in list(self._pending.items()):
            self._spawn(self._ask(call_id, call, again=True))
        connection = self._connection
        name = self._names.get(connection) if connection is not None else None
        if connection is None or name is None:
            return

        async def reclaim() -> None:
            mine = await self._fleet.store_now().reclaim(self.session_id, name)
            if self._connection is not connection:
                return
            if not mine:
                self.superseded(name)
            elif self._ready:
                self._on_ready()

        self._guard(connection, reclaim)


class Fleet:
    """This server's membership of the fleet: the Redis connection, made once, and the dispatch to its sessions."""

    def __init__(self, url: str, sessions: dict[str, AgentSession]) -> None:
        self.instance = str(uuid.uuid4())
        self._connections = 0
        self._url = url
        self._sessions = sessions
        self._connecting: Optional[asyncio.Task[RedisStore]] = None
        self._store: Optional[RedisStore] = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._inbox: Optional[FleetInboxHub] = None

    def inbox(self, inbox_for: Optional[InboxFor], context_for: Optional[Callable[[str], Any]], auditor: Auditor) -> FleetInboxHub:
        """The inbox, served from the fleet's lists and channels."""
        self._inbox = FleetInboxHub(self.store, self.spawn, inbox_for, context_for, auditor)
        return self._inbox

    def connection_name(self) -> str:
        """A new owner value (`<instance> <n>`) for a connection accepted on this instance."""
        self._connections += 1
        return f"{self.instance} {self._connections}"

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs a step in the background, kept referenced until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def store(self) -> RedisStore:
        """The store, connecting on first use (every caller waits for the same attempt)."""
        if self._store is not None:
            return self._store
        if self._connecting is None or (self._connecting.done() and self._connecting.exception() is not None):
            self._connecting = asyncio.get_running_loop().create_task(RedisStore.connect(self._url, self.instance, self))
        self._store = await asyncio.shield(self._connecting)
        return self._store

    def store_now(self) -> RedisStore:
        if self._store is None:
            raise _unavailable()
        return self._store

    def _find(self, session: str) -> Optional[RedisAgentSession]:
        found = self._sessions.get(session)
        return found if isinstance(found, RedisAgentSession) else None

    # FleetHandlers -------------------------------------------------------------------------

    def frame(self, session: str, frame: dict[str, Any]) -> None:
        if (found := self._find(session)) is not None:
            found.deliver_frame(frame)

    def result(self, session: str, id: str, outcome: Any) -> None:
        if (found := self._find(session)) is not None:
            found.deliver(id, outcome)

    def error(self, session: str, id: str, error: dict[str, Any]) -> None:
        if (found := self._find(session)) is not None:
            found.refused(id, error)

    def supersede(self, session: str, owner: str) -> None:
        if (found := self._find(session)) is not None:
            found.superseded(owner)

    def grants(self, session: str) -> None:
        if (found := self._find(session)) is not None:
            found._send_grants()

    def resubscribed(self) -> None:
        for session in list(self._sessions.values()):
            if isinstance(session, RedisAgentSession):
                session.recheck()
        if self._inbox is not None:
            self._inbox.resync()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._store is not None:
            await self._store.close()
        elif self._connecting is not None:
            self._connecting.cancel()
            await asyncio.gather(self._connecting, return_exceptions=True)


def _records(held: dict[str, dict[str, Any]]) -> dict[str, GrantRecord]:
    return {key: GrantRecord(str(value["label"]), str(value["at"]), value.get("actor") if isinstance(value.get("actor"), str) else None) for key, value in held.items()}
