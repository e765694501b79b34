"""How a call ended, as one union of its phases, so that no impossible state can be written.

`Answered` (the kit's valid result), `Expired` (the runtime's own timeout result at deadline +
grace) and `ExpiredUnanswered` (publish_artifacts, which has no timeout result: an error) are
remembered, and a fleet stores them in Redis (`aik:result:<id>`, docs/protocol.md §10).
`Refused` ends a call without an outcome (the kit's `error`, a closed server, Redis unreachable):
nothing is remembered, and a re-ask sends the call again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union

from ._schema import ToolResult
from .errors import KitError, error_code

__all__ = ["Answered", "Expired", "ExpiredUnanswered", "Refused", "Outcome", "Settlement", "to_stored", "from_stored"]


@dataclass(frozen=True)
class Answered:
    result: ToolResult
    how: Literal["answered"] = "answered"


@dataclass(frozen=True)
class Expired:
    result: ToolResult
    how: Literal["expired"] = "expired"


@dataclass(frozen=True)
class ExpiredUnanswered:
    error: KitError
    how: Literal["expired"] = "expired"


@dataclass(frozen=True)
class Refused:
    error: KitError


Outcome = Union[Answered, Expired, ExpiredUnanswered]
Settlement = Union[Outcome, Refused]


def to_stored(outcome: Outcome) -> dict[str, Any]:
    """The outcome as `aik:result:<id>` holds it: `{how, result}` or `{how: "expired", error: {code, message}}`."""
    if isinstance(outcome, ExpiredUnanswered):
        return {"how": "expired", "error": {"code": outcome.error.code, "message": outcome.error.message}}
    return {"how": outcome.how, "result": outcome.result}


def from_stored(stored: Any, call_id: str) -> Outcome:
    """An outcome read from Redis (written by any instance, in any language)."""
    if not isinstance(stored, dict):
        raise ValueError("a stored outcome is an object")
    if "result" in stored:
        result = stored["result"]
        return Answered(result) if stored.get("how") == "answered" else Expired(result)
    error = stored.get("error") or {}
    return ExpiredUnanswered(KitError(error_code(error.get("code")), str(error.get("message", "")), call_id=call_id))
