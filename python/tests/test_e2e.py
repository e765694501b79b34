"""End to end: the Python server and the built bundle (dist/agent-interaction-kit.js) in Chromium.

A plain page with one <interaction-host src=…>, served from 127.0.0.1 and listed in
allowed_origins; every card is answered through its accessible role, as a user would, and the
result the Python runtime gets is checked. Debian's Chromium is driven by Playwright for Python
through `executable_path`: nothing downloads a browser. `npm test` builds dist/ first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, AsyncIterator
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.async_api import Browser, Page, async_playwright, expect

from agent_interaction_kit import AgentServer

REPO = Path(__file__).resolve().parents[2]
DIST = REPO / "dist"
ARGS = [
    "--no-sandbox", "--headless=new", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip


def chromium_path() -> str:
    for candidate in (os.environ.get("CHROME_PATH"), "/usr/lib/chromium/chromium", "/usr/bin/chromium", shutil.which("chromium"), shutil.which("google-chrome")):
        if candidate and Path(candidate).exists():
            return candidate
    raise RuntimeError("no Chromium: set CHROME_PATH (npm test finds or installs one)")


PAGE = """<!doctype html>
<html lang="zh-CN">
  <head><meta charset="utf-8"><title>Python runtime</title></head>
  <body>
    <script type="module" src="/dist/agent-interaction-kit.js"></script>
    <interaction-host src="{ws}"></interaction-host>
  </body>
</html>"""


class PageServer:
    """Serves the page and dist/ from 127.0.0.1 on a free port, in a thread; `runtime_port` is set once the runtime listens."""

    def __init__(self, ws_path: str = "/agent/sessions/{session}") -> None:
        self.runtime_port = 0
        self.ws_path = ws_path
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                url = urlsplit(self.path)
                if url.path == "/":
                    session = parse_qs(url.query).get("session", ["e2e"])[0]
                    path = (parse_qs(url.query).get("path") or [owner.ws_path])[0].format(session=session)
                    body = PAGE.format(ws=f"ws://127.0.0.1:{owner.runtime_port}{path}").encode()
                    self._reply(200, "text/html; charset=utf-8", body)
                elif re.fullmatch(r"/dist/[\w/.-]+\.js", url.path) and ".." not in url.path and (REPO / url.path[1:]).is_file():
                    self._reply(200, "text/javascript", (REPO / url.path[1:]).read_bytes())
                else:
                    self._reply(404, "text/plain", b"not found")

            def _reply(self, status: int, kind: str, body: bytes) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_args: Any) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.http.server_address[1]}"
        self.thread = threading.Thread(target=self.http.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.http.shutdown()
        self.http.server_close()


class Setup:
    def __init__(self, runtime: AgentServer, pages: PageServer, browser: Browser) -> None:
        self.runtime, self.pages, self.browser = runtime, pages, browser
        self.count = 0

    async def open(self, *, fake_clock: bool = False) -> tuple[Page, str]:
        self.count += 1
        session = f"py-e2e-{self.count}"
        context = await self.browser.new_context(viewport={"width": 900, "height": 1000})
        page = await context.new_page()
        if fake_clock:
            await page.clock.install()
        await page.goto(f"{self.pages.origin}/?session={session}")
        await page.get_by_role("status").filter(has_text="已连接").wait_for()
        return page, session


@pytest.fixture
async def e2e() -> AsyncIterator[Setup]:
    assert (DIST / "agent-interaction-kit.js").is_file(), "dist/agent-interaction-kit.js is missing: run npm run build"
    pages = PageServer()
    runtime = await AgentServer.start("127.0.0.1", 0, allowed_origins=[pages.origin], context_for=lambda _id: {"channel": "feishu"})
    pages.runtime_port = runtime.port
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        try:
            yield Setup(runtime, pages, browser)
        finally:
            await browser.close()
            await runtime.close()
            pages.close()


def call(e2e: Setup, session: str, tool: str, args: dict[str, Any], **options: Any) -> "asyncio.Task[Any]":
    return asyncio.create_task(e2e.runtime.session(session).call_tool(tool, args, **options))


async def until(condition: Any, what: str) -> None:
    for _ in range(200):
        if condition():
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"timed out waiting for {what}")


async def result_of(task: "asyncio.Task[Any]") -> Any:
    return await asyncio.wait_for(task, 15)


async def test_approve(e2e: Setup) -> None:
    page, session = await e2e.open()
    task = call(e2e, session, "request_user_approval", {"message": "发布 v2.3 到生产环境？", "severity": "high", "details": "commit 8f3e2a1"}, timeout_seconds=300)
    await page.get_by_role("button", name="批准", exact=True).click()
    await page.get_by_role("button", name="确认批准").click()
    result = await result_of(task)
    assert result["content"] == "用户已批准操作。"
    assert result["interaction_request"]["timeout_seconds"] == 300
    assert result["interaction_response"]["approved"] is True
    await page.get_by_text("已批准").first.wait_for()


async def test_questionnaire_with_a_custom_answer(e2e: Setup) -> None:
    page, session = await e2e.open()
    args = {
        "message": "请选择方案",
        "questions": [
            {"id": "compat", "header": "兼容策略", "question": "是否保留旧结构？", "options": [{"label": "彻底重做", "description": "移除旧结构"}, "保留", "自定义"]},
            {"id": "region", "question": "先部署到哪里？", "options": ["cn-north", "cn-east"]},
        ],
    }
    task = call(e2e, session, "request_user_input", args, call_id="q-1")
    await page.get_by_role("group", name=re.compile("是否保留旧结构")).get_by_role("radio", name=re.compile("彻底重做")).check()
    region = page.get_by_role("group", name=re.compile("先部署到哪里"))
    await region.get_by_role("radio", name="自定义").check()
    await region.get_by_role("textbox", name="自定义内容").fill("ap-northeast")
    await page.get_by_role("button", name="提交").click()
    result = await result_of(task)
    assert result["content"] == "已收到用户输入，共回答 2 个问题。"
    assert result["answers"] == {
        "compat": {"selected_options": ["彻底重做"], "text": "", "raw_value": "彻底重做"},
        "region": {"selected_options": ["__custom__"], "text": "ap-northeast", "raw_value": "ap-northeast"},
    }
    options = [o["label"] for o in result["interaction_request"]["questions"][0]["options"]]
    assert options == ["彻底重做", "保留", "自定义"], "the caller's 自定义 replaced by the one custom option"


QUESTIONNAIRE = {"message": "报告怎么出？", "questions": [{"id": "format", "question": "报告格式？", "options": ["PDF", "Markdown"]}]}


async def test_a_timeout_auto_selects(e2e: Setup) -> None:
    page, session = await e2e.open(fake_clock=True)
    task = call(e2e, session, "request_user_input", QUESTIONNAIRE, timeout_seconds=15)
    await page.get_by_role("group", name=re.compile("报告格式")).wait_for()
    await page.clock.run_for(16_000)
    result = await result_of(task)
    assert result["interaction_response"]["status"] == "auto_selected"
    assert result["interaction_response"]["approved"] is True
    assert result["answers"] == {"format": {"selected_options": ["PDF"], "text": "", "raw_value": "PDF"}}
    assert result["content_parts"][0]["summary"] == "answers=1"


async def test_a_timeout_in_grilling_does_not(e2e: Setup) -> None:
    page, session = await e2e.open(fake_clock=True)
    task = call(e2e, session, "request_user_input", QUESTIONNAIRE, timeout_seconds=15, context={"run_mode": "grilling"})
    await page.get_by_role("group", name=re.compile("报告格式")).wait_for()
    await page.clock.run_for(16_000)
    result = await result_of(task)
    assert result["content"] == "未收到有效输入（timeout）。"
    assert result["interaction_response"]["approved"] is False and result["answers"] == {}


async def test_a_reload_while_pending(e2e: Setup) -> None:
    page, session = await e2e.open()
    task = call(e2e, session, "request_user_input", {"message": "项目名？"}, call_id="r-1")
    await page.get_by_role("textbox", name="回答").wait_for()
    await page.reload()
    await page.get_by_role("textbox", name="回答").fill("星图")
    await page.get_by_role("button", name="提交").click()
    result = await result_of(task)
    assert result["content"] == "已收到用户输入：星图"
    assert await page.get_by_role("textbox", name="回答").count() == 0, "one card, not two"


async def test_an_answer_whose_ack_is_withheld_then_a_reload(e2e: Setup) -> None:
    page, session = await e2e.open()
    agent = e2e.runtime.session(session)
    received: list[dict[str, Any]] = []
    send, receive = agent._send, agent.receive
    withhold = True

    def without_ack(message: dict[str, Any]) -> None:
        if not (withhold and message.get("type") == "ack"):
            send(message)

    def recording(connection: Any, text: Any) -> None:
        received.append(json.loads(text))
        receive(connection, text)

    agent._send = without_ack  # type: ignore[method-assign]
    agent.receive = recording  # type: ignore[method-assign]
    task = call(e2e, session, "request_user_approval", {"message": "重启服务？"}, call_id="a-1")
    await page.get_by_role("button", name="批准", exact=True).click()
    result = await result_of(task)
    assert result["content"] == "用户已批准操作。"
    withhold = False
    await page.reload()
    await page.get_by_role("status").filter(has_text="已连接").wait_for()
    await until(lambda: sum(m.get("type") == "tool_result" for m in received) == 2, "the kit re-sends the result")
    ready = [m for m in received if m.get("type") == "ready"]
    assert ready[-1]["resume"] == ["a-1"], "the unacked result sits in the kit's outbox"
    copies = [m for m in received if m.get("type") == "tool_result" and m["call_id"] == "a-1"]
    assert len(copies) == 2 and copies[1]["result"] == result, "re-sent by the kit after ready, the same result"
    assert await page.get_by_role("button", name="批准", exact=True).count() == 0, "not asked again"
    # The copy was acked: on the next reload nothing is left to resume.
    await page.reload()
    await page.get_by_role("status").filter(has_text="已连接").wait_for()
    await until(lambda: sum(m.get("type") == "ready" for m in received) == len(ready) + 1, "a third ready")
    assert [m for m in received if m.get("type") == "ready"][-1]["resume"] == []


async def test_publish_artifacts_on_feishu_without_deliver(e2e: Setup) -> None:
    page, session = await e2e.open()
    args = {"items": [{"path": "/data/out/summary.docx", "size": 2048}, {"url": "https://cdn.example.com/p/plot.webp", "caption": "plot"}], "summary": "本周报告"}
    task = call(e2e, session, "publish_artifacts", args)
    result = await result_of(task)
    feishu = result["delivery_result"]["feishu"]
    assert (feishu["ok"], feishu["enabled"], feishu["reason"]) == (True, False, "success=0 failed=0 skipped=2")
    assert [part.get("delivered") for part in result["content_parts"][1:]] == [False, False]
    assert result["content"] == "已处理 2 个文件输出，feishu 成功 0，失败 0，跳过 2。"
    await page.get_by_text("summary.docx").first.wait_for()
    await page.get_by_text("plot.webp").first.wait_for()
    await page.get_by_text("未发送").first.wait_for()
    assert await page.get_by_text("已发送", exact=True).count() == 0, "nothing is shown as sent"


async def test_approve_all(e2e: Setup) -> None:
    """Answer all: three approvals at once, one of them high. Approve all answers the
    two it lists, each card with its own result, once; the high one waits, named as left out."""
    page, session = await e2e.open()
    agent = e2e.runtime.session(session)
    received: list[dict[str, Any]] = []
    receive = agent.receive

    def recording(connection: Any, text: Any) -> None:
        received.append(json.loads(text))
        receive(connection, text)

    agent.receive = recording  # type: ignore[method-assign]
    restart = call(e2e, session, "request_user_approval", {"title": "重启服务", "message": "重启 staging 的 worker？", "severity": "medium"}, call_id="aa-1")
    release = call(e2e, session, "request_user_approval", {"title": "发布确认", "message": "发布 v2.3 到生产环境？", "severity": "high"}, call_id="aa-2")
    branch = call(e2e, session, "request_user_approval", {"title": "创建分支", "message": "创建分支 feature/login？", "severity": "low"}, call_id="aa-3")
    bar = page.get_by_role("group", name="2 项审批可一并处理：")
    await bar.wait_for()
    assert [line.split()[0] for line in await bar.get_by_role("listitem").all_inner_texts()] == ["重启服务", "创建分支"]
    assert "不包括（高风险，请逐项处理）：发布确认" in await bar.inner_text()
    approve_all = bar.get_by_role("button", name="全部批准 (2)")
    await expect(approve_all).to_have_accessible_description(re.compile("重启服务.*创建分支.*不包括.*发布确认"))
    await approve_all.click()
    for task, call_id in ((restart, "aa-1"), (branch, "aa-3")):
        result = await result_of(task)
        assert result["content"] == "用户已批准操作。"
        assert result["interaction_response"]["request_id"] == call_id and result["interaction_response"]["approved"] is True
    await expect(page.get_by_text("已一并批准", exact=True)).to_have_count(2)
    results = [m["call_id"] for m in received if m.get("type") == "tool_result"]
    assert sorted(results) == ["aa-1", "aa-3"], "each card's own result, once"
    assert not release.done(), "the high-risk approval still waits"
    await expect(page.get_by_role("button", name="批准", exact=True)).to_have_count(1)
    release.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await release
