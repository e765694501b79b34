"""What the fleet's steps answer (docs/protocol.md §10), as the Redis store hands it on: a call
asked, granted or settled, and how this instance decides a call for the audit trail."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

__all__ = ["AskReply", "GrantReply", "CallAudit", "Decided", "SettleReply"]


@dataclass(frozen=True)
class AskReply:
    """`outcome` when the call already resolved; else the frame first stored for it (its original deadline)."""

    outcome: Any = None
    frame: Optional[dict[str, Any]] = None
    here: bool = False


@dataclass(frozen=True)
class GrantReply:
    """`result` (then `outcome`), `ask` (no such grant, or the call is held: ask it), or `granted` (then `grant`, its stored JSON)."""

    kind: str
    outcome: Any = None
    grant: Optional[dict[str, Any]] = None
    here: bool = False


@dataclass(frozen=True)
class CallAudit:
    """What the call's hash keeps for its audit record."""

    asked_at: str = ""
    sha256: str = ""
    arguments: str = ""


@dataclass(frozen=True)
class Decided:
    """How this instance decides a call, for the audit trail: `decision` None writes no record."""

    decision: Optional[str]
    source: str
    actor: Optional[str]
    decided_at: str
    to_redis: bool
    where: str = ""
    """Where it was decided (`chat`, `grant`, `runtime`), the record's `where`."""


@dataclass(frozen=True)
class SettleReply:
    kind: str
    """`won`, `taken` (then `outcome` is the stored one), `unknown` or `mismatch`."""
    outcome: Any = None
    audit: CallAudit = CallAudit()
    granted: str = ""
    """`won` only: the key of the grant the page's answer recorded for the session."""
