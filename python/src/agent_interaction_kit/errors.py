"""`KitError`: a call the kit refused, or one the runtime side could not make or finish."""

from __future__ import annotations

from typing import Literal, Optional, get_args

from ._schema import ArgumentIssue

__all__ = ["KitError", "ErrorCode", "ERROR_CODES"]

#: The kit's own codes (its `error` message, docs/protocol.md §3), then the runtime side's.
ErrorCode = Literal[
    "invalid_message",
    "unsupported_version",
    "unknown_tool",
    "invalid_arguments",
    "duplicate",
    "too_large",
    "timeout",
    "unavailable",
]
ERROR_CODES: tuple[ErrorCode, ...] = get_args(ErrorCode)


class KitError(Exception):
    """The kit answered a call with an `error` message, or the call could not be made or finished.

    `code` is the kit's (`invalid_message`, `unsupported_version`, `unknown_tool`,
    `invalid_arguments`, `duplicate`) or the runtime side's own: `too_large` (the call's frame is
    over a quarter of the maximum frame size), `timeout` (publish_artifacts unanswered at
    deadline + grace), `unavailable` (the server closed, or the Redis its fleet shares is
    unreachable: the call was not sent, or ended unanswered). `str(error)` is `code: message`.
    """

    def __init__(self, code: ErrorCode, message: str, issues: Optional[list[ArgumentIssue]] = None, call_id: Optional[str] = None):
        super().__init__(f"{code}: {message}")
        self.code: ErrorCode = code
        self.message = message
        self.issues: list[ArgumentIssue] = issues or []
        self.call_id = call_id

    def __repr__(self) -> str:
        return f"KitError(code={self.code!r}, message={self.message!r}, issues={self.issues!r})"


def error_code(value: object) -> ErrorCode:
    """A code read from the wire or from Redis; one this version does not know reads as `invalid_message`."""
    return value if isinstance(value, str) and value in ERROR_CODES else "invalid_message"
