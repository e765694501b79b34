"""One call, many places (docs/protocol.md §12): a pending call may be shown on its session's chat
page and in inboxes at once. The first valid result wins; every other place that shows the call is
told how it settled (where, who, when), and a result that comes too late gets its `ack` and the
same news, never an error.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Literal, Mapping, Optional, Protocol, TypeVar, cast

from ._schema import ToolResult, WireContext
from .rules import TOOL_NAMES, ToolName
from .validate import is_valid_result
from .wire import Pending

__all__ = ["RecentMemory", "Place", "Settled", "ResultPlace", "ShownSession", "CallPlaces", "KitResult", "kit_result_of", "settled_fields", "by_another_place", "late_news", "ended_without", "chat_place"]

T = TypeVar("T")


class RecentMemory(OrderedDict[str, T]):
    """What the latest calls came to, by id (how they resolved, how they settled), the oldest forgotten past `size`."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self._size = size

    def keep(self, key: str, value: T) -> None:
        self.pop(key, None)
        self[key] = value
        while len(self) > self._size:
            self.popitem(last=False)


#: Where a call was decided: the chat page, an inbox, an answer link, a grant, or the runtime itself.
Place = Literal["chat", "inbox", "link", "grant", "runtime"]


@dataclass(frozen=True)
class Settled:
    """How a call settled (the fields `settled` and `inbox_remove` carry), and the connection whose result won, if one did."""

    decision: str
    where: Place
    actor: Optional[str]
    at: str
    """When (ISO 8601)."""
    by: Optional[object] = None


@dataclass(frozen=True)
class ResultPlace:
    """Where a result came from (the chat page or an inbox connection), who is on it, and how it is acknowledged.

    `acked(call_id, before)` answers the result; `before` is how the call had settled already, when it had.
    """

    where: Place
    actor: Optional[str]
    connection: object
    acked: Callable[[str, Optional[Settled]], None]


@dataclass(frozen=True)
class KitResult:
    """A `tool_result` the kit sent, once valid: one its own tool may give (an approval never answers `{error}`)."""

    call_id: str
    tool: ToolName
    result: ToolResult
    session_grant: bool
    """The user allowed the call's grant for the session."""


class ShownSession(Protocol):
    """A session as the other places see it: whose it is, what waits in it, and where their answers go."""

    @property
    def session_id(self) -> str: ...
    @property
    def context(self) -> Optional[WireContext]: ...
    @property
    def owner(self) -> Optional[str]: ...
    @property
    def title(self) -> Optional[str]: ...
    @property
    def waiting(self) -> Mapping[str, Pending]: ...
    def answer(self, given: KitResult, place: ResultPlace) -> None: ...


class CallPlaces(Protocol):
    """The places besides the chat page that show a session's calls (the inbox), told as calls come and go."""

    def asked(self, session: ShownSession, call_id: str, call: Pending) -> None:
        """A call started waiting for its person."""

    def ended(self, session: ShownSession, call_id: str, call: Pending, settled: Settled) -> None:
        """A call stopped waiting; `settled.by` is the connection whose result won, told nothing more."""


def kit_result_of(message: Mapping[str, Any]) -> Optional[KitResult]:
    """A `tool_result` message as a valid result, or None."""
    call_id, tool, result = message.get("call_id"), message.get("tool"), message.get("result")
    if not isinstance(call_id, str) or not isinstance(tool, str) or tool not in TOOL_NAMES or not is_valid_result(tool, result):
        return None
    return KitResult(call_id, tool, cast(ToolResult, result), message.get("grant") == "session")


def settled_fields(session_id: str, call_id: str, settled: Settled) -> dict[str, Any]:
    """The fields that say how a call settled, in the order the protocol lists them."""
    return {"call_id": call_id, "session_id": session_id, "decision": settled.decision, "where": settled.where, "actor": settled.actor, "at": settled.at}


def late_news(session_id: str, call_id: str, stored: Any) -> Optional[dict[str, Any]]:
    """What a chat page that answered too late is told besides its `ack`, from the stored result: who won, when an inbox or a link did."""
    settled = stored.get("settled") if isinstance(stored, dict) else None
    if not isinstance(settled, dict) or settled.get("where") not in ("inbox", "link"):
        return None
    fields = {"call_id": call_id, "session_id": session_id, **{name: settled.get(name) for name in ("decision", "where", "actor", "at")}}
    return {"v": 1, "type": "settled", **fields}


def by_another_place(settled: Settled) -> bool:
    """Settled by a place other than the chat page: an inbox or a link.

    What the runtime or a grant decided is told as before (`cancel`, a granted receipt), so a kit
    that knows no places never gets `settled`.
    """
    return settled.where in ("inbox", "link")


def ended_without(at: str) -> Settled:
    """A call that ended without a decision (the kit refused it, or the server closed): withdrawn, by the runtime."""
    return Settled("cancelled", "runtime", None, at)


def chat_place(session_id: str, actor: Optional[str], connection: object, send: Callable[[dict[str, Any]], object]) -> ResultPlace:
    """Who answered on the chat page: its `ack`, and for a call another place settled before, `settled` too."""

    def acked(call_id: str, before: Optional[Settled]) -> None:
        send({"type": "ack", "id": call_id})
        if before is not None and by_another_place(before):
            send({"type": "settled", **settled_fields(session_id, call_id, before)})

    return ResultPlace("chat", actor, connection, acked)
