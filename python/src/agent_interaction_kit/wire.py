"""What a session sends and keeps per call: the connection it writes to, a pending call, its frame."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Protocol, Union

from ._schema import ArgumentIssue, WireContext
from .clock import TimerHandle, iso_time
from .errors import KitError
from .grants import Grant, offered_grant
from .jsjson import arguments_sha256, canonical_json, dumps
from .outcomes import Expired, ExpiredUnanswered, Settlement
from .rules import Context, ToolName, normalize_tool_call, timeout_response, to_timeout_seconds, tool_result_for

__all__ = ["Connection", "Pending", "call_frame", "invalid_arguments", "new_call", "timeout_outcome"]


class Connection(Protocol):
    """One live connection to a kit, as a session writes to it (never blocking)."""

    def send(self, text: str) -> None: ...

    def close(self, code: int, reason: str) -> None: ...


@dataclass
class Pending:
    """A call not yet resolved: what was sent, and the callers' future."""

    tool: ToolName
    args: dict[str, Any]
    context: Optional[WireContext]
    deadline: str
    """ISO 8601, as sent on the wire."""
    future: asyncio.Future[Settlement]
    waiters: int = 1
    timer: Optional[TimerHandle] = None
    grant: Optional[Grant] = None
    """The session grant this call offers (only when it may: docs/protocol.md §2.8)."""
    asked_at: str = ""
    """When it was asked (ISO 8601), for the audit trail."""
    sha256: str = ""
    """SHA-256 of the model's arguments as canonical JSON."""
    arguments: Optional[str] = None
    """The canonical JSON itself, only when the audit trail keeps the arguments."""


def call_frame(call_id: str, call: Pending, *, granted: bool = False) -> dict[str, Any]:
    """The `tool_call` message for a call, without `v` (as a fleet stores it); `granted`: its receipt."""
    frame: dict[str, Any] = {"type": "tool_call", "call_id": call_id, "tool": call.tool, "arguments": call.args, "deadline": call.deadline}
    if call.context:
        frame["context"] = call.context
    if call.grant is not None:
        frame["grant"] = {"key": call.grant.key, "label": call.grant.label}
    if granted:
        frame["granted"] = True
    return frame


def new_call(
    call_id: str, tool: ToolName, args: Mapping[str, Any], options: Mapping[str, Any], grant: Optional[Grant], *,
    now: float, context: Optional[WireContext], keep_arguments: bool, max_call_bytes: Optional[int],
) -> Pending:  # fmt: skip
    """A new call as a session keeps it while pending, its deadline from the timeout given (or the
    arguments'); KitError `too_large` when its `tool_call` frame is over `max_call_bytes`."""
    timeout_seconds = options.get("timeout_seconds")
    seconds = to_timeout_seconds(timeout_seconds if timeout_seconds is not None else args.get("timeout_seconds"))
    sent = dict(args)
    if timeout_seconds is not None:
        # The kit bounds its timer by the arguments' timeout: they must say the same.
        sent["timeout_seconds"] = seconds
    call = Pending(
        tool=tool,
        args=sent,
        context=options.get("context"),
        deadline=iso_time(now + seconds),
        future=asyncio.get_running_loop().create_future(),
        grant=offered_grant(grant, args, context, options.get("context")),
        asked_at=iso_time(now),
        sha256=arguments_sha256(dict(args)),
        arguments=canonical_json(dict(args)) if keep_arguments else None,
    )
    if max_call_bytes is not None:
        size = len(dumps({"v": 1, **call_frame(call_id, call)}).encode("utf-8"))
        if size > max_call_bytes:
            raise KitError("too_large", f"The call is {size} bytes; at most {max_call_bytes} (a quarter of max_size) fit.", call_id=call_id)
    return call


def timeout_outcome(call_id: str, call: Pending, session_id: str, context: Context, now: str) -> Union[Expired, ExpiredUnanswered]:
    """What the runtime answers itself at deadline + grace (docs/protocol.md §6.1): the timeout policy's result, or for publish_artifacts (which has none) an error."""
    if call.tool == "publish_artifacts":
        return ExpiredUnanswered(KitError("timeout", "The kit did not answer publish_artifacts before its deadline.", call_id=call_id))
    request = normalize_tool_call(call.tool, call.args, call_id, session_id, context)
    return Expired(tool_result_for(request, timeout_response(request, now)))


_ARTICLES = {"string": "a string", "array": "an array", "object": "an object"}


def invalid_arguments(issues: list[ArgumentIssue], call_id: Optional[str] = None) -> KitError:
    """The error the kit would answer these arguments with, raised before any page is asked."""
    sentence = "; ".join(f"{issue['path']} must be {_ARTICLES[issue['expected']]}" for issue in issues)
    return KitError("invalid_arguments", f"{sentence}.", issues, call_id)
