"""The package as shipped: generated types current, strict typing, tool definitions, installable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from agent_interaction_kit import tool_definitions
from agent_interaction_kit._schema import SCHEMAS

PYTHON = Path(__file__).resolve().parents[1]
SCHEMA_DIR = PYTHON.parent / "schema"
sys.path.insert(0, str(PYTHON / "tools"))
import generate_types  # noqa: E402


def test_the_generated_module_is_current() -> None:
    assert (SCHEMA_DIR / "index.json").is_file(), "schema/ is missing: run npm run build (npm test does)"
    expected = generate_types.render(SCHEMA_DIR)
    actual = generate_types.TARGET.read_text("utf-8")
    assert actual == expected, "_schema.py is stale: run python python/tools/generate_types.py"


def test_every_schema_file_is_generated() -> None:
    listed = json.loads((SCHEMA_DIR / "index.json").read_text("utf-8"))["schemas"]
    assert sorted(f"{name}.json" for name in generate_types.TOP_LEVEL) == sorted(listed)


def test_mypy_strict_is_clean() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(PYTHON / "src" / "agent_interaction_kit")], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert (PYTHON / "src" / "agent_interaction_kit" / "py.typed").is_file()


def test_tool_definitions_in_three_formats() -> None:
    openai = tool_definitions()
    assert [t["function"]["name"] for t in openai] == ["request_user_approval", "request_user_input", "publish_artifacts"]
    for channel in ("desktop", "qq", "wechat"):
        assert [t["name"] for t in tool_definitions(channel=channel, format="anthropic")] == ["request_user_approval", "request_user_input"]
    for channel in ("feishu", "dingtalk", "wecom"):
        assert len(tool_definitions(channel=channel, format="mcp")) == 3
    anthropic, mcp = tool_definitions(format="anthropic"), tool_definitions(format="mcp")
    for o, a, m in zip(openai, anthropic, mcp):
        assert list(o) == ["type", "function"] and list(o["function"]) == ["name", "description", "parameters"]
        assert list(a) == ["name", "description", "input_schema"] and list(m) == ["name", "description", "inputSchema"]
        assert o["function"]["parameters"] == a["input_schema"] == m["inputSchema"]
        assert "$schema" not in a["input_schema"] and "description" not in a["input_schema"]
        assert a["description"] == SCHEMAS[f"arguments-{a['name'].replace('_', '-')}"]["description"]
    assert anthropic[0]["input_schema"]["properties"]["severity"]["enum"] == ["low", "medium", "high"]
    assert "recommended one first" in anthropic[1]["description"]
    with pytest.raises(ValueError):
        tool_definitions(format="gemini")  # type: ignore[arg-type]


def test_the_node_entry_gives_the_same_definitions() -> None:
    script = "import { toolDefinitions } from './src/agent/tool-definitions.ts'; console.log(JSON.stringify(toolDefinitions({ channel: 'feishu', format: 'mcp' })))"
    done = subprocess.run(["node", "--import", "tsx", "--input-type=module", "-e", script], cwd=PYTHON.parent, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == tool_definitions(channel="feishu", format="mcp")


TYPED_CALLS = '''
from typing import Union, assert_type

from agent_interaction_kit import AgentServer, ApprovalResult, ArtifactsResult, ErrorCode, ErrorResult, InputResult, KitError, ToolResult


async def calls(server: AgentServer, name: str) -> None:
    session = server.session("abc")
    assert_type(await session.call_tool("request_user_approval", {"message": "m"}), ApprovalResult)
    assert_type(await session.call_tool("request_user_input", {"message": "m"}, call_id="c"), InputResult)
    assert_type(await session.call_tool("publish_artifacts", {"items": []}), Union[ArtifactsResult, ErrorResult])
    assert_type(await session.call_tool(name, {}), ToolResult)
    assert_type(KitError("timeout", "m").code, ErrorCode)
'''


def test_call_tool_is_typed_per_tool(tmp_path: Path) -> None:
    (tmp_path / "typed_calls.py").write_text(TYPED_CALLS, "utf-8")
    bad = TYPED_CALLS + '\n\ndef wrong() -> None:\n    KitError("no_such_code", "m")\n'
    (tmp_path / "wrong_code.py").write_text(bad, "utf-8")
    cache = Path(sys.prefix) / "mypy-cache"
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", f"--cache-dir={cache}", "typed_calls.py"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", f"--cache-dir={cache}", "wrong_code.py"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 1 and "'no_such_code'" in done.stdout and "[arg-type]" in done.stdout, "a code that is not one is a type error"


def test_the_fleet_scripts_are_the_node_runtimes() -> None:
    import generate_fleet_scripts

    expected = generate_fleet_scripts.render(generate_fleet_scripts.read_scripts())
    assert generate_fleet_scripts.TARGET.read_text("utf-8") == expected, "_fleet_scripts.py is stale: run python python/tools/generate_fleet_scripts.py"
