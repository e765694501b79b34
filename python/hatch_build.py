"""The wheel's build hook: the MCP App's card (card.html) must be in the wheel.

card.html is the npm build's output (`npm run build` writes it into the package), not a file in
git: a wheel built from a clean clone without it would install and then fail to serve the MCP
App. The build stops instead, and says what to run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CARD = Path("src") / "agent_interaction_kit" / "mcp_app" / "card.html"


class CardHtmlHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if (Path(self.root) / CARD).is_file():
            return
        raise RuntimeError(
            f"agent-interaction-kit: {CARD.as_posix()} is missing, so the wheel would lack the MCP App's card. "
            "It is made by the npm build: run `npm install && npm run build` in the repository's root first, "
            "then `pip install ./python` again."
        )
