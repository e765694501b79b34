"""agent_interaction_kit: the runtime side of agent-interaction-kit's wire protocol, for Python.

    from agent_interaction_kit import AgentServer, KitError, tool_definitions

    server = await AgentServer.start(host="127.0.0.1", port=8787)
    result = await server.session("abc").call_tool(
        "request_user_approval", {"message": "Deploy v2.3?", "severity": "high"}, timeout_seconds=300)
    print(result["content"])   # 用户已批准操作。 — hand it to the model unchanged

The protocol is in docs/protocol.md of the kit's repository.
"""

from ._schema import (
    ApprovalResult,
    ArtifactsResult,
    AuditRecord,
    ErrorResult,
    InputResult,
    InteractionRequest,
    InteractionResponse,
    SessionGrant,
    ToolResult,
    WireContext,
)
from .artifacts import deliver_artifacts, prepare_artifacts
from .asgi import AsgiSocket, StarletteSocket
from .audit import AuditFunction
from .call_links import Links
from .errors import ErrorCode, KitError
from .grants import Grant
from .handshake import Accepted, Authorization, Handshake
from .inbox import Inbox, InboxFor, InboxView
from .language import ResultLanguage
from .links import AnswerTokenClaims, AnswerTokenOutcome, AnswerTokenRefusal, mint_answer_token, verify_answer_token
from .notices import NotifyInput, send_slack, send_webhook, webhook_signature
from .notifier import NotifyFunction
from .rules import cancelled_response, normalize_tool_call, resolve_context, timeout_response, tool_result_for
from .server import AgentServer
from .session import AgentSession, CallOptions
from .sockets import KitSocket
from .tools import tool_definitions

__version__ = "0.1.0"

__all__ = [
    "AgentServer",
    "AgentSession",
    "CallOptions",
    "Grant",
    "SessionGrant",
    "AuditRecord",
    "AuditFunction",
    "KitError",
    "ErrorCode",
    "Handshake",
    "Inbox",
    "InboxFor",
    "InboxView",
    "Authorization",
    "Accepted",
    "KitSocket",
    "StarletteSocket",
    "AsgiSocket",
    "ResultLanguage",
    "tool_definitions",
    "mint_answer_token",
    "verify_answer_token",
    "AnswerTokenClaims",
    "AnswerTokenOutcome",
    "AnswerTokenRefusal",
    "NotifyInput",
    "NotifyFunction",
    "Links",
    "send_webhook",
    "send_slack",
    "webhook_signature",
    "normalize_tool_call",
    "resolve_context",
    "timeout_response",
    "cancelled_response",
    "tool_result_for",
    "prepare_artifacts",
    "deliver_artifacts",
    "ToolResult",
    "ApprovalResult",
    "InputResult",
    "ArtifactsResult",
    "ErrorResult",
    "InteractionRequest",
    "InteractionResponse",
    "WireContext",
]
