"""Session grants (docs/protocol.md §2.8): "allow for this session".

A runtime attaches a `Grant` to an approval call (`call_tool(..., grant=Grant(key, label))`). The
card offers it only for `low` and `medium` severity and outside grilling mode; when the user
takes it, later calls with the same key are answered by the runtime itself, the model reading a
plain approval's result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional

from ._schema import ApprovalResult, SessionGrant, WireContext
from .rules import build_response, normalize_tool_call, resolve_context, tool_result_for

__all__ = ["Grant", "check_grant", "offered_grant", "granted_result", "grants_frame", "GrantRecord"]


@dataclass(frozen=True)
class Grant:
    """What an approval would allow for the rest of the session.

    `key` is the runtime's own name for it (e.g. `shell:kubectl get`), never taken from the
    model's arguments; `label` is what the card says it covers (e.g. `kubectl get …`).
    """

    key: str
    label: str


@dataclass(frozen=True)
class GrantRecord:
    """A grant the session holds: who gave it (`actor`, from `authorize`) and when (`at`, ISO 8601)."""

    label: str
    at: str
    actor: Optional[str]


def check_grant(grant: object, tool: str) -> Optional[Grant]:
    """The `grant` option as given, or a TypeError naming what is wrong with it."""
    if grant is None:
        return None
    if not isinstance(grant, Grant):
        raise TypeError(f"call_tool: grant must be a Grant(key=…, label=…); got {grant!r}")
    if not isinstance(grant.key, str) or not grant.key:
        raise TypeError("call_tool: grant.key must be a non-empty string (the runtime's own name for what is allowed)")
    if not isinstance(grant.label, str) or not grant.label.strip():
        raise TypeError("call_tool: grant.label must be a non-empty string (what the card says it allows)")
    if tool != "request_user_approval":
        raise TypeError(f"call_tool: grant is for request_user_approval only; got it for {tool}")
    return grant


def offered_grant(grant: Optional[Grant], args: Mapping[str, Any], session: Optional[WireContext], call: Optional[WireContext]) -> Optional[Grant]:
    """The grant, when this call may offer it: `low` or `medium` severity, and not in grilling mode.

    Otherwise it is not offered, silently: the severity is the model's to write, and the call
    simply asks as any approval does (a grant the session holds never answers it either).
    """
    if grant is None:
        return None
    context = resolve_context(session, call)
    request = normalize_tool_call("request_user_approval", args, "", "", context)
    severity = request["metadata"].get("severity")
    return grant if severity in ("low", "medium") and context.run_mode != "grilling" else None


def granted_result(call_id: str, session_id: str, args: Mapping[str, Any], context: Mapping[str, str], at: str) -> ApprovalResult:
    """The result of a call a grant answered: byte for byte a plain approval's."""
    request = normalize_tool_call("request_user_approval", args, call_id, session_id, context)
    response = build_response(request, "completed", at, approved=True, raw_value=True)
    return tool_result_for(request, response)  # type: ignore[return-value]


def grants_frame(grants: Mapping[str, GrantRecord]) -> dict[str, Any]:
    """The `grants` message (without `v`): every grant, oldest first."""
    listed: list[SessionGrant] = [{"key": key, "label": record.label, "at": record.at} for key, record in grants.items()]
    listed.sort(key=lambda grant: (grant["at"], grant["key"]))
    return {"type": "grants", "grants": listed}
