"""The runtime's side of the protocol for one session (docs/protocol.md §6.1), transport-agnostic.

`call_tool` sends a tool call and returns the kit's typed tool result. Unresolved calls are
re-sent after every `ready`; the first valid result wins and every copy is acked; at
deadline + grace the runtime resolves the call itself with the timeout policy's result and sends
`cancel` (reason `expired`); a cancelled task sends `cancel` (reason `aborted`); a call re-asked
with the id of a resolved one gets the stored result at once.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Literal, Mapping, Optional, Protocol, Union, cast

from ._schema import ArgumentIssue, ToolResult, WireContext
from .jsjson import dumps, loads
from .rules import TOOL_NAMES, normalize_tool_call, resolve_context, timeout_response, to_timeout_seconds, tool_result_for
from .validate import is_valid_result

__all__ = ["AgentSession", "KitError", "Clock", "SystemClock", "Connection", "iso_time"]

PROTOCOL_VERSION = 1
#: How many resolved calls a session remembers, to answer re-asks and late copies.
RESOLVED_MEMORY = 1000


class KitError(Exception):
    """The kit answered a call with an `error` message, or the call could not be made or finished.

    `code` is the kit's (`invalid_message`, `unsupported_version`, `unknown_tool`,
    `invalid_arguments`, `duplicate`) or the runtime side's own: `too_large` (the call's frame is
    over a quarter of the maximum frame size), `timeout` (publish_artifacts unanswered at
    deadline + grace).
    """

    def __init__(self, code: str, message: str, issues: Optional[list[ArgumentIssue]] = None, call_id: Optional[str] = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.issues: list[ArgumentIssue] = issues or []
        self.call_id = call_id

    def __repr__(self) -> str:
        return f"KitError(code={self.code!r}, message={self.message!r}, issues={self.issues!r})"


class TimerHandle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """Time, injected so that tests never wait: `now()` is epoch seconds."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback)


class Connection(Protocol):
    """One live connection to a kit."""

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


def iso_time(seconds: float) -> str:
    """Epoch seconds as `Date.prototype.toISOString()` writes them: `2026-11-29T12:02:00.000Z`."""
    moment = datetime.fromtimestamp(round(seconds * 1000) / 1000, tz=timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


@dataclass
class _Pending:
    tool: str
    args: dict[str, Any]
    context: Optional[WireContext]
    deadline: str
    future: asyncio.Future[ToolResult]
    timer: Optional[TimerHandle] = None


@dataclass
class _Resolved:
    how: Literal["answered", "expired"]
    result: Optional[ToolResult] = None
    error: Optional[KitError] = None


class AgentSession:
    """One session: get it from `AgentServer.session(id)` and `await session.call_tool(...)`."""

    def __init__(
        self,
        session_id: str,
        *,
        context: Optional[WireContext] = None,
        clock: Optional[Clock] = None,
        grace_seconds: float = 10.0,
        max_call_bytes: Optional[int] = None,
    ) -> None:
        self.session_id = session_id
        self.context = context
        self._clock: Clock = clock or SystemClock()
        self._grace = grace_seconds
        self._max_call_bytes = max_call_bytes
        self._pending: dict[str, _Pending] = {}
        self._resolved: OrderedDict[str, _Resolved] = OrderedDict()
        self._connection: Optional[Connection] = None
        self._ready = False

    @property
    def pending_ids(self) -> list[str]:
        """Calls not yet resolved, in the order they were made."""
        return list(self._pending)

    @property
    def connected(self) -> bool:
        return self._connection is not None

    @property
    def ready(self) -> bool:
        return self._ready

    # Connections ---------------------------------------------------------------------------

    def attach(self, connection: Connection) -> None:
        """A new live connection; an older one is closed with 4000 (superseded), never both."""
        if self._connection is not None and self._connection is not connection:
            self._connection.close(4000, "superseded")
        self._connection = connection
        self._ready = False

    def detach(self, connection: Connection) -> None:
        if self._connection is connection:
            self._connection = None
            self._ready = False

    def _send(self, message: dict[str, Any]) -> None:
        if self._connection is not None:
            self._connection.send(dumps({"v": PROTOCOL_VERSION, **message}))

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
            self._ready = True
            for call_id, call in list(self._pending.items()):
                self._send_call(call_id, call)
        elif kind == "tool_result":
            self._on_result(message)
        elif kind == "error":
            self._on_error(message)

    # Calls -----------------------------------------------------------------------------------

    async def call_tool(
        self,
        tool: str,
        args: Mapping[str, Any],
        *,
        timeout_seconds: Optional[float] = None,
        context: Optional[WireContext] = None,
        call_id: Optional[str] = None,
    ) -> ToolResult:
        """Sends a tool call and returns the kit's tool result, to hand to the model unchanged.

        Raises `KitError` when the kit answers with `error` (or `too_large` / `timeout`, see
        KitError). Cancelling the awaiting task sends `cancel` with reason `aborted`.
        """
        if tool not in TOOL_NAMES:
            raise KitError("unknown_tool", f"tool must be one of {', '.join(TOOL_NAMES)}; got {tool!r}.")
        if not isinstance(args, Mapping):
            raise KitError("invalid_arguments", "args must be a mapping.", [{"path": "arguments", "expected": "object"}])
        call_id = call_id or str(uuid.uuid4())
        resolved = self._resolved.get(call_id)
        if resolved is not None:
            if resolved.error is not None:
                raise resolved.error
            return cast(ToolResult, resolved.result)
        existing = self._pending.get(call_id)
        if existing is not None:
            return await asyncio.shield(existing.future)
        seconds = to_timeout_seconds(timeout_seconds if timeout_seconds is not None else args.get("timeout_seconds"))
        sent = dict(args)
        if timeout_seconds is not None:
            # The kit bounds its timer by the arguments' timeout: they must say the same.
            sent["timeout_seconds"] = seconds
        call = _Pending(
            tool=tool,
            args=sent,
            context=context,
            deadline=iso_time(self._clock.now() + seconds),
            future=asyncio.get_running_loop().create_future(),
        )
        if self._max_call_bytes is not None:
            size = len(dumps(self._call_message(call_id, call)).encode("utf-8"))
            if size > self._max_call_bytes:
                raise KitError(
                    "too_large",
                    f"The call is {size} bytes; at most {self._max_call_bytes} (a quarter of max_size) fit.",
                    call_id=call_id,
                )
        call.timer = self._clock.call_later(seconds + self._grace, lambda: self._expire(call_id))
        self._pending[call_id] = call
        if self._ready:
            self._send_call(call_id, call)
        try:
            return await call.future
        except asyncio.CancelledError:
            if self._finish(call_id) is not None:
                self._send({"type": "cancel", "id": call_id, "reason": "aborted"})
            raise

    def _call_message(self, call_id: str, call: _Pending) -> dict[str, Any]:
        message: dict[str, Any] = {
            "v": PROTOCOL_VERSION,
            "type": "tool_call",
            "call_id": call_id,
            "tool": call.tool,
            "arguments": call.args,
            "deadline": call.deadline,
        }
        if call.context:
            message["context"] = call.context
        return message

    def _send_call(self, call_id: str, call: _Pending) -> None:
        message = self._call_message(call_id, call)
        del message["v"]
        self._send(message)

    def _finish(self, call_id: str, resolved: Optional[_Resolved] = None) -> Optional[_Pending]:
        """Removes a pending call and remembers how it ended."""
        call = self._pending.pop(call_id, None)
        if call is None:
            return None
        if call.timer is not None:
            call.timer.cancel()
        if resolved is not None:
            self._resolved[call_id] = resolved
            while len(self._resolved) > RESOLVED_MEMORY:
                self._resolved.popitem(last=False)
        return call

    def _on_result(self, message: dict[str, Any]) -> None:
        call_id, tool, result = message.get("call_id"), message.get("tool"), message.get("result")
        if not isinstance(call_id, str) or not isinstance(tool, str) or not is_valid_result(tool, result):
            return  # not a valid result: never acked
        resolved = self._resolved.get(call_id)
        if resolved is not None and resolved.how == "expired":
            # Too late: the model already has the timeout result. The kit shows the answer expired.
            self._send({"type": "cancel", "id": call_id, "reason": "expired"})
            return
        call = self._pending.get(call_id)
        if call is not None and call.tool != tool:
            return
        self._send({"type": "ack", "id": call_id})
        if call is not None:
            self._finish(call_id, _Resolved("answered", cast(ToolResult, result)))
            if not call.future.done():
                call.future.set_result(cast(ToolResult, result))

    def _on_error(self, message: dict[str, Any]) -> None:
        call_id = message.get("id")
        if not isinstance(call_id, str) or not isinstance(message.get("code"), str):
            return
        call = self._finish(call_id)
        if call is not None and not call.future.done():
            issues = message.get("issues")
            call.future.set_exception(
                KitError(message["code"], str(message.get("message", "")), issues if isinstance(issues, list) else [], call_id)
            )

    def _expire(self, call_id: str) -> None:
        """Deadline + grace passed without the kit's result: resolve with the timeout policy's result."""
        call = self._pending.get(call_id)
        if call is None:
            return
        if call.tool == "publish_artifacts":
            error = KitError("timeout", "The kit did not answer publish_artifacts before its deadline.", call_id=call_id)
            self._finish(call_id, _Resolved("expired", error=error))
            self._send({"type": "cancel", "id": call_id, "reason": "expired"})
            if not call.future.done():
                call.future.set_exception(error)
            return
        context = resolve_context(self.context, call.context)
        request = normalize_tool_call(cast(Any, call.tool), call.args, call_id, self.session_id, context)
        result: ToolResult = tool_result_for(request, timeout_response(request, iso_time(self._clock.now())))
        self._finish(call_id, _Resolved("expired", result))
        self._send({"type": "cancel", "id": call_id, "reason": "expired"})
        if not call.future.done():
            call.future.set_result(result)
