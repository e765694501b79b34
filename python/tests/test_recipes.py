"""The README's recipes, run as written with the real packages: FastAPI on uvicorn (the kit
mounted, and a route behind a `Depends` cookie auth) beside the app's own WebSocket endpoint,
and a LangGraph tool node; the pages are the built bundle in Chromium, answered by role. Every
Python block of the README passes `mypy --strict` as written."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Optional

import pytest
from playwright.async_api import Browser
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from apps import PYTHON_README, block_under, open_page, python_blocks, run_block, served
from test_e2e import PageServer

REPO = Path(__file__).resolve().parents[2]
APPROVAL = {"message": "Ship the release?", "severity": "low"}


class Recipe:
    """The FastAPI recipe as written, its page origin the test's page server's."""

    def __init__(self) -> None:
        self.pages = PageServer()
        code = block_under("FastAPI").replace("https://chat.example.com", self.pages.origin)
        assert self.pages.origin in code, "the recipe lists its pages' origins"
        self.module = run_block(code)
        self.kit, self.app = self.module["kit"], self.module["app"]
        self.port = 0

    def url(self, path: str) -> str:
        return f"ws://127.0.0.1:{self.port}{path}"

    async def status_of(self, path: str, origin: Optional[str], cookie: Optional[str] = None) -> int:
        """The HTTP status a refused upgrade gets."""
        headers = {"Cookie": f"session={cookie}"} if cookie else {}
        with pytest.raises(InvalidStatus) as refused:
            await connect(self.url(path), origin=origin, additional_headers=headers)  # type: ignore[arg-type]
        return refused.value.response.status_code

    async def notifications_work(self) -> None:
        """The app's own endpoint answers as its handler does, beside the kit's sockets."""
        async with connect(self.url("/ws/notifications"), origin=self.pages.origin) as socket:  # type: ignore[arg-type]
            await socket.send("hello")
            assert await asyncio.wait_for(socket.recv(), 5) == "seen: hello"


@pytest.fixture
async def recipe() -> AsyncIterator[Recipe]:
    made = Recipe()
    try:
        async with served(made.app) as port:
            made.port = made.pages.runtime_port = port
            yield made
            await made.kit.close()
    finally:
        made.pages.close()


async def approve_on(page: Any) -> None:
    await page.get_by_role("button", name="批准", exact=True).click()


async def test_fastapi_mount_behind_the_apps_cookie(recipe: Recipe, browser: Browser) -> None:
    await recipe.notifications_work()
    page = await open_page(browser, recipe.pages.origin, "mounted", "/agent/sessions/{session}", cookie="c00kie")
    await recipe.notifications_work()  # with the kit's socket open beside it
    session = recipe.kit.session("mounted")
    assert session.connected and session.actor == "alice", "authorize's actor is kept with the session"
    task = asyncio.create_task(session.call_tool("request_user_approval", APPROVAL))
    await approve_on(page)
    result = await asyncio.wait_for(task, 15)
    assert result["content"] == "用户已批准操作。"
    assert await recipe.status_of("/agent/sessions/x", recipe.pages.origin) == 403, "no cookie: authorize refuses"
    assert await recipe.status_of("/agent/sessions/x", "https://evil.example", cookie="c00kie") == 403, "a foreign origin"
    assert await recipe.status_of("/agent/elsewhere", recipe.pages.origin, cookie="c00kie") == 404, "not a session URL"
    await recipe.notifications_work()


async def test_fastapi_route_with_depends_auth(recipe: Recipe, browser: Browser) -> None:
    page = await open_page(browser, recipe.pages.origin, "desk-1", "/desk/{session}", cookie="c00kie")
    session = recipe.kit.session("desk-1")
    assert session.actor == "alice", "the route's own user"
    task = asyncio.create_task(session.call_tool("request_user_input", {"message": "Which region?", "input_mode": "choice", "options": ["eu", "us"]}))
    await page.get_by_role("radio", name="us", exact=True).check()
    await page.get_by_role("button", name="提交").click()
    result = await asyncio.wait_for(task, 15)
    assert result["interaction_response"]["selected_options"] == ["us"]
    await recipe.notifications_work()
    assert await recipe.status_of("/desk/desk-2", recipe.pages.origin) == 403, "the dependency refuses without the cookie"
    assert await recipe.status_of("/desk/desk-2", "https://evil.example", cookie="c00kie") == 403, "serve checks the origin too"
    assert recipe.kit.session("desk-2").connected is False


class ScriptedModel:
    """The model's turns, scripted (no model runs here): a tool call for the kit, then an answer."""

    @staticmethod
    def make() -> Any:
        from langchain_core.language_models import BaseChatModel
        from langchain_core.messages import AIMessage
        from langchain_core.outputs import ChatGeneration, ChatResult

        class Scripted(BaseChatModel):
            tools: list[Any] = []

            @property
            def _llm_type(self) -> str:
                return "scripted"

            def bind_tools(self, tools: Any, **_kwargs: Any) -> Any:
                self.tools = list(tools)
                return self

            def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **_kwargs: Any) -> ChatResult:
                answered = [m for m in messages if m.type == "tool"]
                if answered:
                    reply = AIMessage(content=f"The user said: {json.loads(answered[-1].content)['content']}")
                else:
                    call = {"name": "request_user_approval", "args": APPROVAL, "id": "toolu_01", "type": "tool_call"}
                    reply = AIMessage(content="", tool_calls=[call])
                return ChatResult(generations=[ChatGeneration(message=reply)])

        return Scripted()


async def test_langgraph_tool_node_with_the_models_call_id(recipe: Recipe, browser: Browser) -> None:
    from langchain_core.messages import HumanMessage

    build_graph = run_block(block_under("LangGraph"))["build_graph"]
    model = ScriptedModel.make()
    graph = build_graph(recipe.kit, model)
    assert [tool["function"]["name"] for tool in model.tools] == ["request_user_approval", "request_user_input", "publish_artifacts"]
    page = await open_page(browser, recipe.pages.origin, "thread-1", "/agent/sessions/{session}", cookie="c00kie")
    config = {"configurable": {"thread_id": "thread-1"}}
    run = asyncio.create_task(graph.ainvoke({"messages": [HumanMessage("Release it")]}, config))
    await approve_on(page)
    state = await asyncio.wait_for(run, 15)
    tool_message, final = state["messages"][-2], state["messages"][-1]
    assert tool_message.tool_call_id == "toolu_01"
    result = json.loads(tool_message.content)
    assert result["interaction_response"]["request_id"] == "toolu_01", "the model's id is the call id"
    assert final.content == "The user said: 用户已批准操作。"
    await recipe.notifications_work()
    # The thread runs again (a resumed run): the same tool call gets the stored answer, no second card.
    again = await asyncio.wait_for(graph.ainvoke({"messages": [HumanMessage("Release it")]}, config), 5)
    assert json.loads(again["messages"][-2].content) == result
    assert await page.get_by_role("button", name="批准", exact=True).count() == 0


def test_every_python_block_of_the_readmes_passes_mypy_strict(tmp_path: Path) -> None:
    blocks = python_blocks() + python_blocks((REPO / "README.md").read_text("utf-8"))
    assert len(blocks) >= 4
    files = []
    for index, block in enumerate(blocks):
        files.append(tmp_path / f"readme_block_{index}.py")
        files[-1].write_text(block, "utf-8")
    cache = Path(sys.prefix) / "mypy-cache"  # the venv's: later runs check only what changed
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", f"--cache-dir={cache}", *map(str, files)], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found in" in done.stdout
    assert "AgentServer" in PYTHON_README
