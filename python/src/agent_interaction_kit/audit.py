"""The audit trail (docs/protocol.md §11): one record per decided call.

`AgentServer(audit=…)` takes a function, called once with each record (it may be async), or,
with `redis`, `"redis"`: the record is appended to the stream `aik:audit` in the same Redis step
that decided the call, so that no instance dying in between can lose or double it. The record
names the call, the SHA-256 of its arguments as canonical JSON (the same bytes as the Node
runtime's), the decision, who made it and when; the arguments themselves only with
`audit_arguments=True`.
"""

from __future__ import annotations

import inspect
import json
import logging
from typing import Any, Awaitable, Callable, Literal, Optional, Union

from ._schema import AuditRecord, ToolResult

__all__ = ["AuditFunction", "AuditOption", "decision_of", "source_of", "Auditor"]

logger = logging.getLogger("agent_interaction_kit")

AuditFunction = Callable[[AuditRecord], Union[None, Awaitable[None]]]
AuditOption = Union[AuditFunction, Literal["redis"], None]


def decision_of(tool: str, result: ToolResult) -> Optional[str]:
    """The decision a result records; None for what is no decision (artifacts, an error result)."""
    response = result.get("interaction_response") if isinstance(result, dict) else None
    if tool not in ("request_user_approval", "request_user_input") or not isinstance(response, dict):
        return None
    status = response.get("status")
    if status == "completed":
        if tool == "request_user_input":
            return "answered"
        return "approved" if response.get("approved") else "rejected"
    return status if status in ("timeout", "auto_selected", "cancelled") else None


def source_of(decision: str) -> str:
    """Who decided a result the page sent: its deadline, or the user."""
    return "timeout" if decision in ("timeout", "auto_selected") else "user"


class Auditor:
    """Writes records to the function given (errors are logged: a failing sink never fails a call)."""

    def __init__(self, option: AuditOption, *, arguments: bool = False, instance: str) -> None:
        self.to_redis = option == "redis"
        self._function = option if callable(option) else None
        self.arguments = arguments
        self.instance = instance

    @property
    def enabled(self) -> bool:
        return self.to_redis or self._function is not None

    def write(self, record: AuditRecord) -> None:
        """Calls the function with `record` (nothing for `"redis"`, whose record Redis already holds)."""
        if self._function is None:
            return
        try:
            outcome = self._function(record)
        except Exception:
            logger.exception("the audit function failed for call %s", record.get("call_id"))
            return
        if inspect.isawaitable(outcome):
            import asyncio

            task = asyncio.ensure_future(outcome)
            task.add_done_callback(_log_failure(record))

    def record(
        self,
        *,
        call_id: str,
        session_id: str,
        tool: str,
        sha256: str,
        decision: str,
        source: str,
        actor: Optional[str],
        asked_at: str,
        where: Optional[str] = None,
        decided_at: str,
        arguments: Optional[str] = None,
        instance: Optional[str] = None,
    ) -> AuditRecord:
        """The record, its fields in the order of docs/protocol.md §11.1 (`where`: chat, inbox, link, grant or runtime;
        `arguments`: canonical JSON text, when kept)."""
        record: dict[str, Any] = {
            "call_id": call_id,
            "session_id": session_id,
            "tool": tool,
            "arguments_sha256": sha256,
            "decision": decision,
            "source": source,
            "actor": actor,
            **({"where": where} if where else {}),
            "instance": instance or self.instance,
            "asked_at": asked_at,
            "decided_at": decided_at,
        }
        if arguments:
            record["arguments"] = json.loads(arguments)
        return record  # type: ignore[return-value]


def _log_failure(record: AuditRecord) -> Callable[[Any], None]:
    def done(task: Any) -> None:
        if not task.cancelled() and task.exception() is not None:
            logger.error("the audit function failed for call %s", record.get("call_id"), exc_info=task.exception())

    return done
