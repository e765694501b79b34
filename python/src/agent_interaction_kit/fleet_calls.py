"""A fleet session's calls (docs/protocol.md §10): each call stored in Redis (or found there, or its
result), answered by a grant the session holds in Redis, withdrawn, refused, or timed out on the
instance that asked it; its first result, from any instance, resolves the caller's future here.

The caller's half (its future, the deadline + grace timer) stays on the instance that called; the
session's page connection is `fleet_session.RedisAgentSession`'s, built on this.
"""

from __future__ import annotations

from typing import Any, Awaitable, Callable, Coroutine, Optional, Protocol, cast

from .audit import decision_of
from .clock import iso_time, parse_iso
from .errors import KitError, error_code
from .fleet_store import CallAudit, Decided, RedisStore
from .outcomes import Answered, Expired, from_stored, to_stored
from .rules import ToolName
from .session import AgentSession
from .wire import Pending, call_frame

__all__ = ["RedisCalls", "FleetMember", "unavailable"]


def unavailable(call_id: Optional[str] = None) -> KitError:
    return KitError("unavailable", "The session store (Redis) is unreachable: the call was not sent.", call_id=call_id)


class FleetMember(Protocol):
    """What a session needs of its server's fleet: background steps, the store, and a name for each connection."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...

    async def store(self) -> RedisStore: ...

    def store_now(self) -> RedisStore: ...

    def connection_name(self) -> str: ...


class RedisCalls(AgentSession):
    """The calls of a session shared by the fleet: asked, granted, settled and withdrawn through Redis."""

    def __init__(self, session_id: str, fleet: FleetMember, **options: Any) -> None:
        super().__init__(session_id, **options)
        self._fleet = fleet

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self._fleet.spawn(work)

    async def _store(self) -> RedisStore:
        return await self._fleet.store()

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
                raise unavailable(call_id)
            deadline = round(parse_iso(call.deadline) * 1000)
            outcome = {"how": "answered", "result": result}
            reply = await store.grant(self.session_id, call_id, call.tool, frame, deadline, self._call_audit(call), call.grant.key, outcome, decided)
        except Exception:
            self._reject(call_id, unavailable(call_id))
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
                raise unavailable(call_id)
            deadline = round(parse_iso(call.deadline) * 1000)
            reply = await store.ask(self.session_id, call_id, call.tool, call_frame(call_id, call), deadline, self._call_audit(call))
        except Exception:
            # A call asked again keeps waiting: its timer still runs, and Redis may come back first.
            if not again:
                self._reject(call_id, unavailable(call_id))
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

    def deliver_frame(self, frame: dict[str, Any]) -> None:
        """A frame another instance (or this one) published for the session's live connection."""
        if self._ready:
            self._send(frame)

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
                self._reject(call_id, unavailable(call_id))
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
