"""The runtime's side of the protocol for one session (docs/protocol.md §6.1), transport-agnostic.

`call_tool` sends a tool call and returns the kit's typed tool result. Unresolved calls are re-sent
after every `ready`; the first valid result wins, from the chat page or an inbox (the others are told
how it settled: docs/protocol.md §12), and every copy is acked; at deadline + grace the runtime resolves
the call itself with the timeout policy's result and sends `cancel` (reason `expired`); a cancelled task
sends `cancel` (reason `aborted`); a call re-asked with the id of a resolved one gets the stored result
at once. An approval asked with a `Grant` the user allowed for the session is answered by the runtime
itself (docs/protocol.md §2.8), and every decided call is written to the audit trail once (§11).
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any, Literal, Mapping, Optional, TypedDict, Union, Unpack, overload

from ._schema import ApprovalResult, ArtifactsResult, ErrorResult, InputResult, SessionGrant, ToolResult, WireContext
from .audit import Auditor, decision_of, source_of
from .call_links import CallLinks
from .clock import Clock, SystemClock, iso_time, parse_iso
from .errors import KitError, error_code
from .grants import Grant, GrantRecord, check_grant, granted_result, grants_frame
from .jsjson import dumps, loads
from .language import ResultLanguage, in_result_language
from .outcomes import Answered, Expired, ExpiredUnanswered, Outcome, Refused, Settlement
from .places import CallPlaces, RecentMemory, KitResult, Place, ResultPlace, Settled, by_another_place, chat_place, ended_without, kit_result_of, settled_fields
from .rules import TOOL_NAMES, ToolName, check_tool_arguments, resolve_context
from .wire import Connection, Pending, call_frame, invalid_arguments, new_call, timeout_outcome

__all__ = ["AgentSession", "CallOptions", "Connection", "ResultPlace"]

PROTOCOL_VERSION = 1
#: How many resolved calls a session remembers, to answer re-asks and late copies.
RESOLVED_MEMORY = 1000
#: How many ids of a `ready`'s `showing` are read (the kit sends at most this many).
SHOWING_MAX = 500


class CallOptions(TypedDict, total=False):
    """The options of `call_tool`, all optional."""

    timeout_seconds: Optional[float]
    """Default: the arguments' `timeout_seconds` as the rules read it (120 when absent)."""
    context: Optional[WireContext]
    """Overrides the session's context for this call, field by field."""
    call_id: Optional[str]
    """Default: a random UUID. Re-asking the id of a resolved call returns its stored result at once."""
    grant: Optional[Grant]
    """Approvals only: what the user may allow for the rest of the session (offered for `low` and `medium`
    severity outside grilling mode; a grant the session holds answers the call at once)."""


def _showing_of(ready: Mapping[str, Any]) -> list[str]:
    """The call ids a `ready` says its page shows still pending (`showing`): its first 500 non-empty strings; none when absent."""
    showing = ready.get("showing")
    if not isinstance(showing, list):
        return []
    return [id for id in showing[:SHOWING_MAX] if isinstance(id, str) and id]


def _closed_error(call_id: str) -> KitError:
    return KitError("unavailable", "The agent server closed before the kit answered: the call was ended unanswered.", call_id=call_id)


class AgentSession:
    """One session: get it from `AgentServer.session(id)` and `await session.call_tool(...)`.

    `connected` is true while a page's connection is attached (it may not have sent `ready`
    yet: calls made meanwhile wait and are sent then); `actor` is who `authorize` said the
    user of that connection is (None when it did not say). `owner` is whose inbox lists its calls
    and `title` its name there (`AgentServer.session(id, owner=…, title=…)`).
    """

    def __init__(
        self,
        session_id: str,
        *,
        context: Optional[WireContext] = None,
        clock: Optional[Clock] = None,
        grace_seconds: float = 10.0,
        max_call_bytes: Optional[int] = None,
        result_language: ResultLanguage = "zh",
        auditor: Optional[Auditor] = None,
    ) -> None:
        self.session_id = session_id
        self.context = context
        self.actor: Optional[str] = None
        self.owner: Optional[str] = None
        self.title: Optional[str] = None
        #: The places besides the chat page that show the session's calls (an inbox).
        self.places: Optional[CallPlaces] = None
        #: The server's answer links (`links=`), which `link_for` mints from.
        self.links: Optional[CallLinks] = None
        self._clock: Clock = clock or SystemClock()
        self._grace = grace_seconds
        self._max_call_bytes = max_call_bytes
        self._language = result_language
        self._pending: dict[str, Pending] = {}
        self._resolved: RecentMemory[Outcome] = RecentMemory(RESOLVED_MEMORY)
        # How the calls that ended lately settled: told to the places that did not win, and to late results.
        self._settles: RecentMemory[Settled] = RecentMemory(RESOLVED_MEMORY)
        self._connection: Optional[Connection] = None
        self._ready = False
        self._closed = False
        self._auditor = auditor or Auditor(None, instance="")
        self._grants: dict[str, GrantRecord] = {}
        # Granted calls' receipts the page has not answered yet: sent again after every `ready`.
        self._receipts: RecentMemory[dict[str, Any]] = RecentMemory(RESOLVED_MEMORY)
        # The page's `ready` said it shows grants (capabilities.grants): an older kit gets neither
        # receipts (it would show a card for a call already allowed) nor `grants`.
        self._kit_grants = False
        # The cards the page's latest `ready` said it shows still pending (`showing`), told how they settled once.
        self._showing: list[str] = []

    @property
    def pending_ids(self) -> list[str]:
        """Calls not yet resolved, in the order they were made."""
        return list(self._pending)

    @property
    def waiting(self) -> Mapping[str, Pending]:
        """The calls waiting, by id, in the order they were made: what an inbox lists."""
        return self._pending

    def link_for(self, call_id: str) -> Optional[str]:
        """The answer link of a call pending here (`<base_url><path>/<token>`, the server's `links`);
        None for a call not pending, for publish_artifacts, for a high-risk approval in a session
        without an owner (a bearer link never approves a high-risk action), and without `links`."""
        return self.links.link_for(self, call_id) if self.links is not None else None

    @property
    def connected(self) -> bool:
        """Whether a page's connection is attached (`ready` or not yet)."""
        return self._connection is not None

    @property
    def ready(self) -> bool:
        """Whether the attached page answered `hello` with `ready`: calls are sent at once."""
        return self._ready

    def close(self) -> None:
        """Its server closed: every pending call raises KitError `unavailable`, and so does any later call."""
        self._closed = True
        for call_id in list(self._pending):
            self._reject(call_id, _closed_error(call_id))

    def disconnect(self, code: int, reason: str) -> None:
        """Closes the attached page's connection, if any, with `code` and `reason` (the server closing: 1001)."""
        if self._connection is not None:
            self._connection.close(code, reason)

    # Connections ---------------------------------------------------------------------------

    def attach(self, connection: Connection, actor: Optional[str] = None) -> None:
        """A new live connection; an older one is closed with 4000 (superseded), never both."""
        if self._connection is not None and self._connection is not connection:
            self._connection.close(4000, "superseded")
        self._connection = connection
        self._ready = False
        self.actor = actor

    def detach(self, connection: Connection) -> None:
        if self._connection is connection:
            self._connection = None
            self._ready = False

    def _send(self, message: dict[str, Any]) -> bool:
        if self._connection is None:
            return False
        if (message.get("granted") is True or message.get("type") == "grants") and not self._kit_grants:
            return False
        self._connection.send(dumps({"v": PROTOCOL_VERSION, **message}))
        return True

    def receive(self, connection: Connection, text: Union[str, bytes]) -> None:
        """Handles one text frame from the kit on `connection`."""
        if connection is not self._connection or not isinstance(text, str):
            return  # a superseded connection's late words, or a binary frame
        try:
            message = loads(text)
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("v") != PROTOCOL_VERSION or type(message.get("v")) is bool:
            return
        kind = message.get("type")
        if kind == "connect":
            hello: dict[str, Any] = {"type": "hello", "session_id": self.session_id}
            if self.context:
                hello["context"] = self.context
            self._send(hello)
        elif kind == "ready":
            capabilities = message.get("capabilities")
            self._kit_grants = isinstance(capabilities, dict) and capabilities.get("grants") is True
            self._showing = _showing_of(message)
            self._ready = True
            self._on_ready()
        elif kind == "tool_result" and (given := kit_result_of(message)) is not None:
            self.answer(given, chat_place(self.session_id, self.actor, connection, self._send))
        elif kind == "revoke_grant":
            key = message.get("key")
            if isinstance(key, str) and key:
                self._on_revoke(key)
        elif kind == "error":
            call_id, code = message.get("id"), message.get("code")
            if isinstance(call_id, str) and isinstance(code, str):
                issues = message.get("issues")
                error = KitError(error_code(code), str(message.get("message", "")), issues if isinstance(issues, list) else [], call_id)
                self._on_error(call_id, error)

    def answer(self, given: KitResult, place: ResultPlace) -> None:
        """A valid result from `place`: the chat page, or an inbox that may see the session."""
        self._receipts.pop(given.call_id, None)  # a granted call's receipt, answered: the page shows it
        self._on_result(given.call_id, given.tool, given.result, given.session_grant, place)

    # Calls -----------------------------------------------------------------------------------

    @overload
    async def call_tool(self, tool: Literal["request_user_approval"], args: Mapping[str, Any], **options: Unpack[CallOptions]) -> ApprovalResult: ...
    @overload
    async def call_tool(self, tool: Literal["request_user_input"], args: Mapping[str, Any], **options: Unpack[CallOptions]) -> InputResult: ...
    @overload
    async def call_tool(
        self, tool: Literal["publish_artifacts"], args: Mapping[str, Any], **options: Unpack[CallOptions]
    ) -> Union[ArtifactsResult, ErrorResult]: ...
    @overload
    async def call_tool(self, tool: str, args: Mapping[str, Any], **options: Unpack[CallOptions]) -> ToolResult: ...

    async def call_tool(self, tool: str, args: Mapping[str, Any], **options: Unpack[CallOptions]) -> ToolResult:
        """Sends a tool call and returns the kit's tool result, to hand to the model unchanged.

        Typed per tool: an approval returns an `ApprovalResult`, an input an `InputResult`, and
        publish_artifacts (whose rules may refuse a call) an `ArtifactsResult` or an `ErrorResult`.
        Arguments the kit would refuse raise `KitError("invalid_arguments")` at once, before any
        page is asked. Raises `KitError` when the kit answers with `error` (or `too_large`,
        `timeout`, `unavailable`: see KitError). Cancelling the awaiting task sends `cancel` with
        reason `aborted` once no other caller waits for the same id.
        """
        if tool not in TOOL_NAMES:
            raise KitError("unknown_tool", f"tool must be one of {', '.join(TOOL_NAMES)}; got {tool!r}.")
        grant = check_grant(options.get("grant"), tool)
        issues = check_tool_arguments(tool, dict(args) if isinstance(args, Mapping) else args)
        if issues:
            raise invalid_arguments(issues, options.get("call_id"))
        call_id = options.get("call_id") or str(uuid.uuid4())
        if self._closed:
            raise _closed_error(call_id)
        known = self._resolved.get(call_id)
        if known is not None:
            return self._settled(known)
        existing = self._pending.get(call_id)
        if existing is not None:
            existing.waiters += 1  # re-asked while pending: wait for the same result
            return await self._wait(call_id, existing)
        call = new_call(
            call_id, tool, args, options, grant, now=self._clock.now(), context=self.context,
            keep_arguments=self._auditor.arguments, max_call_bytes=self._max_call_bytes,
        )  # fmt: skip
        self._pending[call_id] = call
        self._begin(call_id, call)
        return await self._wait(call_id, call)

    def _settled(self, outcome: Settlement) -> ToolResult:
        if isinstance(outcome, (ExpiredUnanswered, Refused)):
            raise outcome.error
        return in_result_language(outcome.result, self._language)

    async def _wait(self, call_id: str, call: Pending) -> ToolResult:
        try:
            return self._settled(await asyncio.shield(call.future))
        except asyncio.CancelledError:
            call.waiters -= 1
            if call.waiters == 0 and self._pending.get(call_id) is call:
                self._withdraw(call_id, call)
                self._finish(call_id)
            raise

    def _begin(self, call_id: str, call: Pending) -> None:
        """A new call is pending: answered by a grant the session holds, or armed and sent when the kit is ready."""
        held = self._grants.get(call.grant.key) if call.grant is not None else None
        if held is not None:
            return self._answer_by_grant(call_id, call, held.actor)
        self._arm(call_id, call)
        if self._ready:
            self._send(call_frame(call_id, call))
        if self.places is not None:
            self.places.asked(self, call_id, call)

    def _granted(self, call_id: str, call: Pending) -> ApprovalResult:
        """What a grant answers `call` with: a plain approval's result."""
        return granted_result(call_id, self.session_id, call.args, resolve_context(self.context, call.context), iso_time(self._clock.now()))

    def _answer_by_grant(self, call_id: str, call: Pending, actor: Optional[str]) -> None:
        """The call is allowed already: resolved now, and the page gets its receipt (it answers without a card)."""
        result = self._granted(call_id, call)
        self._audit(call_id, call, "granted", "grant", actor)
        self._conclude(call_id, Answered(result))
        self._receipts.keep(call_id, call_frame(call_id, call, granted=True))
        if self._ready:
            self._send(self._receipts[call_id])

    def _audit(self, call_id: str, call: Pending, decision: str, source: str, actor: Optional[str], decided_at: Optional[str] = None,
               where: Optional[Place] = None, by: Optional[object] = None) -> None:  # fmt: skip
        """Writes the call's one record (docs/protocol.md §11; not for artifacts) and keeps how it settled, where (default: a grant, the runtime) and who won."""
        decided_at = decided_at or iso_time(self._clock.now())
        where = where or ("grant" if source == "grant" else "runtime")
        self._settles.keep(call_id, Settled(decision, where, actor, decided_at, by))
        if not self._auditor.enabled or call.tool == "publish_artifacts":
            return
        record = self._auditor.record(
            call_id=call_id, session_id=self.session_id, tool=call.tool, sha256=call.sha256, decision=decision, source=source,
            actor=actor, where=where, asked_at=call.asked_at, decided_at=decided_at, arguments=call.arguments,
        )  # fmt: skip
        self._auditor.write(record)

    # Grants ----------------------------------------------------------------------------------

    async def grants(self) -> list[SessionGrant]:
        """The grants the session holds, oldest first: `{key, label, at}`."""
        return list(grants_frame(self._grants)["grants"])

    async def revoke_grant(self, key: str) -> bool:
        """Ends the grant `key` (the page is told); the next call with it asks again. False when none was held."""
        removed = self._grants.pop(key, None) is not None
        if removed:
            self._send_grants()
        return removed

    def _on_revoke(self, key: str) -> None:
        """The page withdrew a grant (`revoke_grant`)."""
        if self._grants.pop(key, None) is not None:
            self._send_grants()

    def _hold_grant(self, grant: Grant, actor: Optional[str], at: str) -> None:
        """The user allowed `grant` for the session."""
        self._grants.pop(grant.key, None)
        self._grants[grant.key] = GrantRecord(grant.label, at, actor)
        self._send_grants()

    def _send_grants(self) -> None:
        """The page's list of the session's grants (only a kit that said it shows them gets one)."""
        if self._ready:
            self._send(grants_frame(self._grants))

    def _arm(self, call_id: str, call: Pending) -> None:
        """The runtime's own timer: deadline + grace."""
        if call.timer is not None:
            call.timer.cancel()
        delay = max(0.0, parse_iso(call.deadline) - self._clock.now()) + self._grace
        call.timer = self._clock.call_later(delay, lambda: self._expire(call_id))

    def _on_ready(self) -> None:
        self._send_grants()
        for call_id, call in list(self._pending.items()):
            self._send(call_frame(call_id, call))
        for receipt in list(self._receipts.values()):
            self._send(receipt)
        for call_id in self._take_showing():
            if call_id not in self._pending and (settled := self._settles.get(call_id)) is not None:
                self._send({"type": "settled", **settled_fields(self.session_id, call_id, settled)})

    def _take_showing(self) -> list[str]:
        """The ids the page's `ready` listed in `showing`, once: a later resend (after a gap) does not tell them again."""
        showing, self._showing = self._showing, []
        return showing

    def _withdraw(self, call_id: str, call: Pending) -> None:
        """Tells the kit that the agent stopped waiting for `call_id`: decided by the runtime."""
        self._send({"type": "cancel", "id": call_id, "reason": "aborted"})
        self._audit(call_id, call, "cancelled", "runtime", None)

    def _finish(self, call_id: str) -> Optional[Pending]:
        """Removes a pending call and its timer: the chat page gets `settled` when a result from elsewhere won, the other places hear it ended."""
        call = self._pending.pop(call_id, None)
        if call is None:
            return None
        if call.timer is not None:
            call.timer.cancel()
        settled = self._settles.get(call_id) or ended_without(iso_time(self._clock.now()))
        if by_another_place(settled):
            self._send({"type": "settled", **settled_fields(self.session_id, call_id, settled)})
        if self.places is not None:
            self.places.ended(self, call_id, call, settled)
        return call

    def _conclude(self, call_id: str, outcome: Outcome) -> None:
        """The call resolved: every caller gets the outcome, and it is kept for re-asks."""
        call = self._finish(call_id)
        self._resolved.keep(call_id, outcome)
        if call is not None and not call.future.done():
            call.future.set_result(outcome)

    def _reject(self, call_id: str, error: KitError) -> None:
        """The call ends without a result: its callers get `error`, and nothing is remembered."""
        call = self._finish(call_id)
        if call is not None and not call.future.done():
            call.future.set_result(Refused(error))

    def _on_error(self, call_id: str, error: KitError) -> None:
        self._receipts.pop(call_id, None)
        self._reject(call_id, error)

    def _on_result(self, call_id: str, tool: ToolName, result: ToolResult, session_grant: bool, place: ResultPlace) -> None:
        """A result from a place (the chat page, an inbox): the first valid one wins; every copy is acked."""
        if place.where == "chat" and isinstance(self._resolved.get(call_id), (Expired, ExpiredUnanswered)):
            # Too late: the model already has the timeout result. The kit shows the answer expired.
            self._send({"type": "cancel", "id": call_id, "reason": "expired"})
            return
        call = self._pending.get(call_id)
        if call is not None and call.tool != tool:
            return
        place.acked(call_id, None if call is not None else self._settles.get(call_id))
        if call is None:
            return
        decision = decision_of(tool, result)
        at = iso_time(self._clock.now())
        # Only the grant the runtime offered, and only with an approval: the page names none itself.
        if session_grant and call.grant is not None and decision == "approved":
            self._hold_grant(call.grant, place.actor, at)
        if decision is not None:
            self._audit(call_id, call, decision, source_of(decision), place.actor, at, place.where, place.connection)
        self._conclude(call_id, Answered(result))

    def _expire(self, call_id: str) -> None:
        """Deadline + grace passed without the kit's result: resolve with the timeout policy's result."""
        call = self._pending.get(call_id)
        if call is None:
            return
        self._send({"type": "cancel", "id": call_id, "reason": "expired"})
        outcome = self._timeout_outcome(call_id, call)
        if isinstance(outcome, Expired) and (decision := decision_of(call.tool, outcome.result)) is not None:
            self._audit(call_id, call, decision, "timeout", None)
        self._conclude(call_id, outcome)

    def _timeout_outcome(self, call_id: str, call: Pending) -> Union[Expired, ExpiredUnanswered]:
        """What the runtime answers itself at deadline + grace (docs/protocol.md §6.1)."""
        return timeout_outcome(call_id, call, self.session_id, resolve_context(self.context, call.context), iso_time(self._clock.now()))
