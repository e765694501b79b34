"""What a session sends and keeps per call: the connection it writes to, a pending call, its frame."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Optional, Protocol

from ._schema import ArgumentIssue, WireContext
from .clock import TimerHandle
from .errors import KitError
from .grants import Grant
from .outcomes import Settlement
from .rules import ToolName

__all__ = ["Connection", "Pending", "call_frame", "invalid_arguments"]


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


_ARTICLES = {"string": "a string", "array": "an array", "object": "an object"}


def invalid_arguments(issues: list[ArgumentIssue], call_id: Optional[str] = None) -> KitError:
    """The error the kit would answer these arguments with, raised before any page is asked."""
    sentence = "; ".join(f"{issue['path']} must be {_ARTICLES[issue['expected']]}" for issue in issues)
    return KitError("invalid_arguments", f"{sentence}.", issues, call_id)
