"""The kit's cards as an MCP App, on the `mcp` package's server.

    from mcp.server.mcpserver import MCPServer
    from agent_interaction_kit.mcp_app import register_interaction_tools

    mcp = MCPServer("deploy-bot")
    register_interaction_tools(mcp, context={"requester": "deploy-bot"})
    mcp.run("streamable-http")

The same tools, resource and rules as the Node entry `agent-interaction-kit/mcp-app`: each tool
is rendered in `ui://agent-interaction-kit/card.html` (the very file the npm package ships, copied
into this package when it is built, see README), and the card hands the person's response back
through the app-only `interaction_respond`. An approval or input call waits for that response
(taken once) or for its deadline plus grace (the timeout policy's result); a call the host
cancels ends unanswered. Its result is the kit's tool result as `structuredContent`, with its
`content` as text for the model.
"""

from __future__ import annotations

import asyncio
import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping, Optional, Union, cast

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.resources import TextResource
from mcp_types import CallToolResult, TextContent

from .._schema import ApprovalResult, ArtifactsResult, InputResult, InteractionRequest
from ..artifacts import DeliverFunction, deliver_artifacts, prepare_artifacts
from ..rules import InteractiveTool, check_tool_arguments, normalize_tool_call, resolve_context, timeout_response, tool_result_for
from ..clock import Clock, SystemClock, TimerHandle, iso_time
from ..jsjson import arguments_sha256
from ..tools import tool_definitions
from ._responses import check_response

__all__ = ["register_interaction_tools", "InteractionTools", "CARD_RESOURCE_URI", "CARD_RESOURCE_MIME", "RESPOND_TOOL", "card_html"]

CARD_RESOURCE_URI = "ui://agent-interaction-kit/card.html"
CARD_RESOURCE_MIME = "text/html;profile=mcp-app"
RESPOND_TOOL = "interaction_respond"
_CONTEXT_ISLAND = re.compile(r'(<script type="application/json" id="aik-mcp-context">)[^<]*(</script>)')
_RESPOND_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "call_id": {"type": "string", "description": "The call the response answers, as the card derives it from the tool call it shows."},
        "response": {"type": "object", "description": "The response (docs/protocol.md §5.1): request_id, status, approved, text, selected_options, answers, raw_value, resolved_at."},
    },
    "required": ["call_id", "response"],
}


def card_html() -> str:
    """The package's card.html, copied in from the npm build (`npm run build`)."""
    try:
        return resources.files(__package__).joinpath("card.html").read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise RuntimeError("agent_interaction_kit.mcp_app: card.html is missing; `npm run build` copies it into python/src/agent_interaction_kit/mcp_app/ before the package is built.") from error


def arguments_digest(args: Mapping[str, Any]) -> str:
    """The hex SHA-256 of the arguments' canonical JSON: the same as the card and the Node side compute."""
    return arguments_sha256(dict(args))


def _text_result(result: Mapping[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=str(result["content"]))], structured_content=dict(result))


def _error_result(sentence: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=sentence)], structured_content={"error": sentence}, is_error=True)


@dataclass
class _Pending:
    request: InteractionRequest
    digest: str
    request_id: str
    session: str
    deadline: float
    future: asyncio.Future[Optional[Union[ApprovalResult, InputResult]]]
    timer: Optional[TimerHandle] = None


@dataclass
class InteractionTools:
    """The calls waiting for a person; `close()` ends them all unanswered."""

    clock: Clock
    grace_seconds: float
    _calls: dict[str, _Pending] = field(default_factory=dict)
    _ended: dict[str, str] = field(default_factory=dict)

    @property
    def pending_ids(self) -> list[str]:
        return list(self._calls)

    def close(self) -> None:
        for call_id in list(self._calls):
            self._end(call_id, "cancelled", None)

    async def wait(self, request: InteractionRequest, session: str) -> Optional[Union[ApprovalResult, InputResult]]:
        call_id = request["request_id"]
        digest, _, request_id = call_id.partition("#")
        loop = asyncio.get_running_loop()
        seconds = float(request["timeout_seconds"])
        pending = _Pending(request, digest, request_id, session, self.clock.now() + seconds, loop.create_future())
        pending.timer = self.clock.call_later(seconds + self.grace_seconds, lambda: self._expire(call_id))
        self._calls[call_id] = pending
        try:
            return await pending.future
        finally:
            # The host cancelled the call (its task is cancelled): it ends unanswered.
            self._end(call_id, "cancelled", None)

    def respond(self, call_id: str, value: Any, session: str) -> Union[ApprovalResult, InputResult, str]:
        pending = self._find(call_id, session)
        if pending is None:
            how = self._ended.get(call_id) or next((h for i, h in self._ended.items() if i.startswith(f"{call_id}#")), None)
            why = {"answered": "it was already answered", "expired": "its deadline passed", "cancelled": "it was cancelled"}.get(how or "", "no such call is waiting")
            return f"No response is taken for call {call_id}: {why}."
        checked = check_response({**pending.request, "request_id": call_id}, value, self.clock.now() >= pending.deadline)
        if isinstance(checked, str):
            return checked
        result = tool_result_for(pending.request, {**checked, "request_id": pending.request["request_id"]})
        self._end(pending.request["request_id"], "answered", result)
        return result

    def _find(self, call_id: str, session: str) -> Optional[_Pending]:
        digest, _, request_id = call_id.partition("#")
        if not re.fullmatch(r"[0-9a-f]{64}", digest):
            return None
        candidates = [p for p in self._calls.values() if p.digest == digest and p.session == session]
        return next((p for p in candidates if request_id and p.request_id == request_id), candidates[0] if candidates else None)

    def _expire(self, call_id: str) -> None:
        pending = self._calls.get(call_id)
        if pending is not None:
            self._end(call_id, "expired", tool_result_for(pending.request, timeout_response(pending.request, iso_time(self.clock.now()))))

    def _end(self, call_id: str, how: str, result: Optional[Union[ApprovalResult, InputResult]]) -> None:
        pending = self._calls.pop(call_id, None)
        if pending is None:
            return
        if pending.timer is not None:
            pending.timer.cancel()
        self._ended[call_id] = how
        while len(self._ended) > 1000:
            del self._ended[next(iter(self._ended))]
        if not pending.future.done():
            pending.future.set_result(result)


def _raw_arguments(ctx: Context) -> dict[str, Any]:
    """The arguments as the model wrote them (the kit's rules read them, not the SDK's model)."""
    params = ctx.request_context.params or {}
    args = params.get("arguments")
    return dict(args) if isinstance(args, Mapping) else {}


def _session_key(ctx: Context) -> str:
    """The MCP session a call came in on: its transport's session id (Streamable HTTP), else one
    scope for the server. The 2026 protocol's connections are per request, as on the Node side."""
    session = ctx.request_context.session
    connection = getattr(session, "_connection", None)  # noqa: SLF001 - not public on ServerSession
    return str(getattr(connection, "session_id", None) or "")


def _set_schema(mcp: MCPServer, name: str, schema: dict[str, Any]) -> None:
    """Advertises the kit's JSON Schema for a tool whose handler reads the raw arguments itself."""
    tool = mcp._tool_manager.get_tool(name)  # noqa: SLF001 - MCPServer has no public way to give a tool its own schema
    if tool is None:
        raise RuntimeError(f"{name} was not registered")
    tool.parameters = schema


def register_interaction_tools(
    mcp: MCPServer,
    *,
    context: Optional[Mapping[str, Any]] = None,
    deliver: Optional[DeliverFunction] = None,
    clock: Optional[Clock] = None,
    grace_seconds: float = 10.0,
    html: Optional[str] = None,
) -> InteractionTools:
    """Registers the kit's tools, their card and `interaction_respond` on `mcp`.

    `context` is the conversation's (channel, run_mode, requester); publish_artifacts is offered on
    feishu, dingtalk and wecom only, delivered through `deliver`. `clock` is injected for tests.
    """
    resolved = resolve_context(context)
    tools = InteractionTools(clock or SystemClock(), grace_seconds)
    page = _CONTEXT_ISLAND.sub(lambda m: m.group(1) + json.dumps(dict(resolved), ensure_ascii=False).replace("<", "\\u003c") + m.group(2), html or card_html())
    mcp.add_resource(TextResource(uri=CARD_RESOURCE_URI, name="Interaction card", description="The kit's approval, question and artifact cards.", mime_type=CARD_RESOURCE_MIME, text=page, meta={"ui": {"prefersBorder": False}}))
    ui = {"resourceUri": CARD_RESOURCE_URI}

    for definition in tool_definitions(channel=resolved["channel"], format="mcp"):
        name = definition["name"]

        async def call(ctx: Context, name: str = name) -> CallToolResult:
            args = _raw_arguments(ctx)
            issues = check_tool_arguments(name, args)
            if issues:
                return _error_result("; ".join(f"{i['path']} must be {'a' if i['expected'] == 'string' else 'an'} {i['expected']}" for i in issues) + ".")
            if name == "publish_artifacts":
                prepared = prepare_artifacts(args, resolved)
                if prepared.error is not None:
                    return _error_result(prepared.error)
                result: Mapping[str, Any] = await deliver_artifacts(prepared, deliver)
                return _error_result(str(result["error"])) if "error" in result else _text_result(result)
            call_id = f"{arguments_digest(args)}#{ctx.request_id}"
            request = normalize_tool_call(cast(InteractiveTool, name), args, call_id, "", resolved)
            answered = await tools.wait(request, _session_key(ctx))
            return _text_result(answered) if answered is not None else _error_result("The call was cancelled.")

        mcp.add_tool(call, name=name, description=definition["description"], meta={"ui": ui})
        _set_schema(mcp, name, definition["inputSchema"])

    async def respond(ctx: Context) -> CallToolResult:
        args = _raw_arguments(ctx)
        call_id = args.get("call_id")
        if not isinstance(call_id, str) or not call_id:
            return _error_result("call_id must be a non-empty string.")
        if not isinstance(args.get("response"), dict):
            return _error_result("response must be an object.")
        outcome = tools.respond(call_id, args["response"], _session_key(ctx))
        return _error_result(outcome) if isinstance(outcome, str) else _text_result(outcome)

    mcp.add_tool(
        respond,
        name=RESPOND_TOOL,
        description="Hands the person's response from the kit's card back to the call it answers. Called by the card, never by the model.",
        meta={"ui": {**ui, "visibility": ["app"]}},
    )
    _set_schema(mcp, RESPOND_TOOL, _RESPOND_SCHEMA)
    return tools
