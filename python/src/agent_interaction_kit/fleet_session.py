"""A session shared by every instance given the same Redis, Python's or Node's.

The caller's half (its future, the deadline + grace timer) stays on the instance that called; the
call itself, its first valid result and the session's live connection live in Redis, so that any
instance can send, answer or re-ask it. It follows the Node runtime's `RedisAgentSession` step
by step, on the same layout (docs/protocol.md §10). Its calls are `fleet_calls.RedisCalls`'s; this
module is its page connection (claimed in Redis, resent after a gap), the page's results and the
session's grants. The fleet itself (the Redis connection, the dispatch of what other instances
say) is `fleet_membership.Fleet`.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Any, Awaitable, Callable, Optional

from ._schema import SessionGrant, ToolResult
from .audit import decision_of, source_of
from .errors import KitError
from .fleet_calls import FleetMember, RedisCalls
from .fleet_store import RedisStore
from .grants import GrantRecord, grants_frame
from .jsjson import dumps
from .places import late_news
from .rules import ToolName
from .session import ResultPlace
from .wire import Connection

__all__ = ["RedisAgentSession"]


class RedisAgentSession(RedisCalls):
    """A session shared by the fleet: its calls (`RedisCalls`) and its one live page connection, wherever it is."""

    def __init__(self, session_id: str, fleet: FleetMember, **options: Any) -> None:
        super().__init__(session_id, fleet, **options)
        self._names: "weakref.WeakKeyDictionary[Connection, str]" = weakref.WeakKeyDictionary()
        # Calls sent on the live connection and not yet ended there: after a gap, those no longer
        # pending ended elsewhere, and their `cancel`, published meanwhile, may have been missed.
        self._shown: set[str] = set()
        # Each connection's claim of the session, set once it is in Redis (or failed).
        self._claimed: "weakref.WeakKeyDictionary[Connection, asyncio.Event]" = weakref.WeakKeyDictionary()

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
        """After `ready`: every unresolved call of the session, wherever it was asked; then `settled`
        for each card the page says it still shows (`showing`) whose stored result says how it
        settled; after a gap, `settled` or a `cancel` for each call the page was shown that ended
        meanwhile."""
        connection = self._connection
        if connection is None:
            return
        # Shown before the pending calls are read: a call asked after that read is not in it.
        shown_before = list(self._shown)
        showing = self._take_showing()

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
            if self._connection is not connection or not self._ready:
                return
            # A call published here while the read was on its way is in it too: sent once (and its
            # live copy, when the read came first, is skipped by `deliver_frame`).
            sent_meanwhile = self._shown.difference(shown_before)
            for frame in frames:
                if frame.get("call_id") not in sent_meanwhile:
                    self._send(frame)
            pending = {frame.get("call_id") for frame in frames}
            ended = [id for id in shown_before if id not in pending and id in self._shown]
            # The cards the page still shows, but those the cancel below covers: told how they settled.
            await self._tell_settled(store, connection, [id for id in showing if id not in pending and id not in ended])
            if ended:
                outcomes = await store.outcomes(ended)
                if self._connection is not connection:
                    return
                for id, outcome in zip(ended, outcomes):
                    if id not in self._shown:
                        continue  # the page's own answer left `shown` when it came
                    # Answered in another place: `settled`, as the stored result says; no outcome: withdrawn (or lost).
                    if outcome is not None and outcome.get("how") == "answered":
                        if isinstance(settled := outcome.get("settled"), dict):
                            self._send({"type": "settled", **_settled_fields(self.session_id, id, settled)})
                    else:
                        self._send({"type": "cancel", "id": id, "reason": "expired" if outcome else "aborted"})

        self._guard(connection, resend)

    async def _tell_settled(self, store: RedisStore, connection: Connection, ids: list[str]) -> None:
        """`settled` for each call of `ids` (cards the page says it shows still pending, not pending
        in the fleet) whose stored result says how it settled, wherever that was decided."""
        if not ids:
            return
        settlements = await store.settlements(self.session_id, ids)
        if self._connection is not connection or not self._ready:
            return
        for id, settled in zip(ids, settlements):
            if settled is not None:
                self._send({"type": "settled", **_settled_fields(self.session_id, id, settled)})

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

    def deliver_frame(self, frame: dict[str, Any]) -> None:
        # A call this connection was sent already (by the read after its `ready`, or before a
        # re-ask): the page has its card.
        if frame.get("type") == "tool_call" and frame.get("call_id") in self._shown:
            return
        super().deliver_frame(frame)

    async def _grants_to_page(self, store: RedisStore, connection: Connection) -> None:
        """The session's grants as Redis holds them now, to the page on `connection` (a kit that shows grants)."""
        if not self._kit_grants:
            return
        held = await store.grants(self.session_id)
        if self._connection is connection and self._ready:
            self._send(grants_frame(_records(held)))

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


def _records(held: dict[str, dict[str, Any]]) -> dict[str, GrantRecord]:
    return {key: GrantRecord(str(value["label"]), str(value["at"]), value.get("actor") if isinstance(value.get("actor"), str) else None) for key, value in held.items()}


def _settled_fields(session_id: str, call_id: str, settled: dict[str, Any]) -> dict[str, Any]:
    """A `settled` frame's fields (without its type) for a call, from how its stored result says it settled."""
    return {"call_id": call_id, "session_id": session_id, **{name: settled.get(name) for name in ("decision", "where", "actor", "at")}}
