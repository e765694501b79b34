"""The wheel's build hook: the MCP App's card (card.html), the answer page's script
(answer_page.js) and its languages' modules (answer_page_locales/) must be in the wheel.

Both are the npm build's output (`npm run build` writes them into the package), not files in git:
a wheel built from a clean clone without them would install and then fail to serve the MCP App or
the answer page. The build stops instead, and says what to run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CARD = Path("src") / "agent_interaction_kit" / "mcp_app" / "card.html"
ANSWER_PAGE = Path("src") / "agent_interaction_kit" / "answer_page.js"
#: One language the answer page loads as its own module (the npm build copies all ten).
ANSWER_PAGE_LOCALE = Path("src") / "agent_interaction_kit" / "answer_page_locales" / "ja.js"


class CardHtmlHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        for built, what in ((CARD, "the MCP App's card"), (ANSWER_PAGE, "the answer page's script"), (ANSWER_PAGE_LOCALE, "the answer page's languages")):
            if not (Path(self.root) / built).is_file():
                raise _missing(built, what)


def _missing(built: Path, what: str) -> RuntimeError:
    return RuntimeError(
        f"agent-interaction-kit: {built.as_posix()} is missing, so the wheel would lack {what}. "
        "It is made by the npm build: run `npm install && npm run build` in the repository's root first, "
        "then `pip install ./python` again."
    )
