"""agent_interaction_kit.mcp_app on a real MCPServer, through the mcp package's in-process Client:
the tool list, the resource, golden results, and the refusals of the MCP App (docs/mcp-app.md)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from agent_interaction_kit.mcp_app import arguments_digest, register_interaction_tools
from agent_interaction_kit.mcp_app._responses import canonical_json
from agent_interaction_kit.rules import normalize_tool_call, resolve_context, timeout_response
from mcp_app_server import ManualClock

HTML = '<!doctype html><html><head><script type="application/json" id="aik-mcp-context">{}</script></head><body></body></html>'
GOLDEN = json.loads((Path(__file__).resolve().parents[2] / "test" / "fixtures" / "golden.json").read_text(encoding="utf-8"))


def golden(name: str) -> dict[str, Any]:
    return next(case for case in GOLDEN["tool_cases"] if case["name"] == name)


def placeheld(value: Any, call_id: str, at: str) -> Any:
    return json.loads(json.dumps(value, ensure_ascii=False).replace('"CALL"', json.dumps(call_id)).replace('"RESOLVED_AT"', json.dumps(at)))


def text(result: Any) -> str:
    return "".join(block.text for block in result.content)


async def waiting(tools: Any, call: "asyncio.Task[Any]", count: int = 1) -> list[str]:
    """Once the server holds `count` waiting calls; a call that ended instead fails the test."""
    while len(tools.pending_ids) < count:
        if call.done():
            raise AssertionError(f"the call ended before it waited: {call.result()!r}")
        await asyncio.sleep(0.005)
    return tools.pending_ids


def test_call_ids_hash_the_same_canonical_json_as_the_card() -> None:
    args = {"b": 1.5, "a": [True, None, "é\u2028"], "c": {"z": 120.0, "y": "x"}}
    assert canonical_json(args) == '{"a":[true,null,"é\u2028"],"b":1.5,"c":{"y":"x","z":120}}'
    # The same vector as test/mcp-app/server.test.ts on the Node side.
    assert arguments_digest(args) == "b2284f3f3c77ee89d74d37d77e15765827682fced7f40bb8d69ea555173ecd5f"


async def test_lists_the_tools_and_serves_the_card_with_its_context() -> None:
    mcp = MCPServer("kit")
    register_interaction_tools(mcp, context={"channel": "feishu", "requester": "</script>"}, html=HTML)
    async with Client(mcp) as client:
        tools = (await client.list_tools()).tools
        assert [tool.name for tool in tools] == ["request_user_approval", "request_user_input", "publish_artifacts", "interaction_respond"]
        assert all(tool.meta["ui"]["resourceUri"] == "ui://agent-interaction-kit/card.html" for tool in tools)
        assert tools[3].meta["ui"]["visibility"] == ["app"]
        assert "questions" in tools[1].input_schema["properties"]
        contents = (await client.read_resource("ui://agent-interaction-kit/card.html")).contents
        assert contents[0].mime_type == "text/html;profile=mcp-app"
        assert '"requester": "\\u003c/script>"' in contents[0].text


@pytest.mark.parametrize("name", ["approval-rejected-with-note", "questionnaire-numbers-and-custom"])
async def test_a_card_response_gives_the_golden_result_once(name: str) -> None:
    case = golden(name)
    mcp = MCPServer("kit")
    tools = register_interaction_tools(mcp, clock=ManualClock(), html=HTML)
    responses = {
        "approval-rejected-with-note": lambda cid: {"request_id": cid, "status": "completed", "approved": False, "text": "太危险", "selected_options": [], "answers": {}, "raw_value": False, "resolved_at": "2026-11-29T12:00:31.204Z"},
        "questionnaire-numbers-and-custom": lambda cid: {
            "request_id": cid, "status": "completed", "approved": True, "text": "", "selected_options": [],
            "answers": {"1": {"selected_options": ["2"], "text": "", "raw_value": "2"}, "region": {"selected_options": ["__custom__"], "text": "ap-southeast", "raw_value": "ap-southeast"}, "name": {"selected_options": ["api"], "text": "", "raw_value": "api"}},
            "raw_value": {"1": "2", "region": "ap-southeast", "name": "api"}, "resolved_at": "2026-11-29T12:00:31.204Z",
        },
    }
    async with Client(mcp) as client:
        call = asyncio.create_task(client.call_tool(case["tool"], case["arguments"]))
        [full_id] = await waiting(tools, call)
        digest = arguments_digest(case["arguments"])
        reply = await client.call_tool("interaction_respond", {"call_id": digest, "response": responses[name](digest)})
        result = await call
        assert result.structured_content == placeheld(case["result"], full_id, "2026-11-29T12:00:31.204Z")
        assert reply.structured_content == result.structured_content
        assert text(result) == case["result"]["content"]
        again = await client.call_tool("interaction_respond", {"call_id": digest, "response": responses[name](digest)})
        assert again.is_error and "it was already answered" in text(again)


async def test_refuses_what_the_rules_would_not_build_and_a_timeout_before_the_deadline() -> None:
    mcp = MCPServer("kit")
    clock = ManualClock()
    tools = register_interaction_tools(mcp, clock=clock, html=HTML)
    args = {"message": "Continue?", "timeout_seconds": 30}
    async with Client(mcp) as client:
        call = asyncio.create_task(client.call_tool("request_user_approval", args))
        await waiting(tools, call)
        digest = arguments_digest(args)
        request = normalize_tool_call("request_user_approval", args, digest, "", resolve_context())
        wrong = {**timeout_response(request, "2026-11-29T12:00:00.000Z"), "status": "completed", "approved": True}
        assert "not what the answer it gives comes to" in text(await client.call_tool("interaction_respond", {"call_id": digest, "response": wrong}))
        early = timeout_response(request, "2026-11-29T12:00:00.000Z")
        assert "a timeout before the deadline" in text(await client.call_tool("interaction_respond", {"call_id": digest, "response": early}))
        assert "response.status" in text(await client.call_tool("interaction_respond", {"call_id": digest, "response": {**early, "status": "x"}}))
        clock.advance(30 + 10)
        result = await call
        assert text(result) == "用户未批准操作（timeout）。"
        assert tools.pending_ids == []


async def test_refuses_arguments_the_rules_cannot_read() -> None:
    mcp = MCPServer("kit")
    register_interaction_tools(mcp, html=HTML)
    async with Client(mcp) as client:
        result = await client.call_tool("request_user_input", {"message": 3, "questions": "no"})
        assert result.is_error
        assert text(result) == "arguments.message must be a string; arguments.questions must be an array."
