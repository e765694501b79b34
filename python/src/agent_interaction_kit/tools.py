"""The kit's three tools as a model's tool list (docs/protocol.md §9), from the kit's own schemas."""

from __future__ import annotations

import copy
from typing import Any, Literal, Optional

from ._schema import SCHEMAS
from .rules import TOOL_NAMES

__all__ = ["tool_definitions"]

#: The channels where publish_artifacts is exposed; elsewhere (desktop, qq, wechat) it is left out.
DELIVERING_CHANNELS = ("feishu", "dingtalk", "wecom")


def tool_definitions(
    channel: Optional[str] = None,
    format: Literal["openai", "anthropic", "mcp"] = "openai",
) -> list[dict[str, Any]]:
    """Name, description and JSON Schema parameters of each tool, as OpenAI, Anthropic or MCP lists them.

    openai: `{"type": "function", "function": {name, description, parameters}}`; anthropic:
    `{name, description, input_schema}`; mcp: `{name, description, inputSchema}`. On desktop, qq
    and wechat (and an unknown channel) publish_artifacts is left out; with no channel all three
    are given. The same definitions as `toolDefinitions()` in the Node entry.
    """
    if format not in ("openai", "anthropic", "mcp"):
        raise ValueError(f"format must be openai, anthropic or mcp; got {format!r}")
    definitions: list[dict[str, Any]] = []
    for name in TOOL_NAMES:
        if name == "publish_artifacts" and channel is not None and channel not in DELIVERING_CHANNELS:
            continue
        schema = copy.deepcopy(SCHEMAS[f"arguments-{name.replace('_', '-')}"])
        for key in ("$id", "$schema"):
            schema.pop(key, None)
        description = schema.pop("description")
        if format == "anthropic":
            definitions.append({"name": name, "description": description, "input_schema": schema})
        elif format == "mcp":
            definitions.append({"name": name, "description": description, "inputSchema": schema})
        else:
            definitions.append({"type": "function", "function": {"name": name, "description": description, "parameters": schema}})
    return definitions
