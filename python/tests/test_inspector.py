"""The demo as an inspector, pointed at the README's ten-line runtimes (Python and Node).

`npm start -- --runtime ws://…` serves the demo page connected to that runtime; its wire panel
checks every message against the schemas and names the field that breaks them. The runtimes are
the README's own code blocks, run as they are (only the port is a free one).
"""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import AsyncIterator

import pytest
from playwright.async_api import Page, async_playwright

from agent_interaction_kit import AgentServer

from test_e2e import ARGS, chromium_path

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text("utf-8")


def readme_block(heading: str, language: str) -> str:
    """The first fenced block under `## heading`, which must be in `language`: never one of a later section."""
    section = README.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    opening = section.split("```", 1)[1].split("\n", 1)[0]
    assert opening == language, f"the block under {heading!r} is fenced as {opening!r}, expected {language!r}"
    return section.split(f"```{language}\n", 1)[1].split("```", 1)[0]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Demo:
    def __init__(self, process: subprocess.Popen[str], url: str) -> None:
        self.process, self.url = process, url
        self.origin = "/".join(url.split("/")[:3])


async def start_demo(runtime_url: str, port: int = 0) -> Demo:
    """`npm start -- --runtime <url>`, as a user runs it; returns once it prints the page's URL."""
    process = subprocess.Popen(
        ["node", "--import", "tsx", "scripts/start.ts", "--runtime", runtime_url],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PORT": str(port or free_port())},
    )  # fmt: skip
    assert process.stdout is not None
    for _ in range(200):
        line = await asyncio.to_thread(process.stdout.readline)
        match = re.search(r"agent-interaction-kit demo: (\S+)", line)
        if match:
            return Demo(process, match.group(1))
        if not line and process.poll() is not None:
            break
    process.kill()
    raise AssertionError("npm start -- --runtime did not print the demo's URL")


def stop(process: subprocess.Popen[str]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
async def page() -> AsyncIterator[Page]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")  # the demo opens in the browser's language
        try:
            yield await context.new_page()
        finally:
            await browser.close()


async def show(page: Page, demo: Demo, runtime_url: str) -> None:
    assert "?runtime=ws%3A%2F%2F127.0.0.1" in demo.url, demo.url
    await page.goto(demo.url)
    assert await page.get_by_role("textbox", name="运行时").input_value() == runtime_url, "the field shows the query string's runtime"


async def open_demo(page: Page, runtime_url: str) -> Demo:
    demo = await start_demo(runtime_url)
    await show(page, demo, runtime_url)
    return demo


@pytest.mark.parametrize("language", ["python", "node"])
async def test_the_readme_runtime_answered_in_the_inspector(page: Page, language: str) -> None:
    port, demo_port = free_port(), free_port()
    runtime_url = f"ws://127.0.0.1:{port}/agent/sessions/abc"
    demo = await start_demo(runtime_url, demo_port)
    # The README's code as it is, with a free port and the demo page as the allowed origin.
    heading, fence = ("A Python runtime in ten lines", "python") if language == "python" else ("A Node runtime in ten lines", "ts")
    code = readme_block(heading, fence).replace("8787", str(port))
    if language == "python":
        # As written: its origins include npm start's demo (127.0.0.1:5173), here on a free port.
        assert "Number(process.env.PORT ?? 5173)" in (REPO / "scripts" / "start.ts").read_text("utf-8")
        assert '"http://127.0.0.1:5173"' in code, "the README's runtime lists the demo's origin"
        code = code.replace("http://127.0.0.1:5173", demo.origin)
    else:
        code = code.replace("https://chat.example.com", demo.origin)
    assert demo.origin in code, "the README's runtime lists its pages' origins"
    # The Node block is TypeScript, so it runs as a TypeScript user runs it: through tsx.
    tsx = str(REPO / "node_modules" / ".bin" / "tsx")
    command = [sys.executable, "-c", code] if language == "python" else [tsx, "--input-type=module", "-e", code]
    runtime = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        await asyncio.sleep(1.0)  # the runtime binds its port; the page retries anyway
        await show(page, demo, runtime_url)
        await page.get_by_role("button", name="批准", exact=True).click(timeout=30_000)
        await page.get_by_role("button", name="确认批准").click()
        assert runtime.stdout is not None
        printed = await asyncio.wait_for(asyncio.to_thread(runtime.stdout.readline), 15)
        assert printed.strip() == "用户已批准操作。", printed
        wire = page.locator("#wire > li")
        kinds = [await item.locator("summary").inner_text() for item in await wire.all()]
        assert any("tool_call" in kind for kind in kinds) and any("tool_result" in kind for kind in kinds), kinds
        assert await page.locator("#wire > li.invalid").count() == 0, "the README's runtime keeps the protocol"
    finally:
        stop(runtime)
        stop(demo.process)


async def test_a_message_that_breaks_the_schema_is_marked_with_its_field(page: Page) -> None:
    server = await AgentServer.start("127.0.0.1", 0)
    demo = None
    try:
        demo = await open_demo(page, f"ws://127.0.0.1:{server.port}/agent/sessions/abc")
        args = {"message": "Pick one", "input_mode": "choice", "options": ["A", {"label": "B"}, {"label": 5}]}
        task = asyncio.create_task(server.session("abc").call_tool("request_user_input", args))
        problem = page.locator("#wire > li.invalid .problems li")
        await problem.first.wait_for(timeout=30_000)
        assert await problem.all_inner_texts() == ["arguments.options[2].label: expected string"]
        # The card still answers as usual: the kit repaired what the contract refuses (5 → "5").
        await page.get_by_role("radio", name="A", exact=True).check()
        await page.get_by_role("button", name="提交").click()
        result = await asyncio.wait_for(task, 15)
        assert result["interaction_response"]["selected_options"] == ["A"]
        assert [o["label"] for o in result["interaction_request"]["options"]] == ["A", "B", "5"]
        assert await page.locator("#wire > li.invalid").count() == 1, "only the broken message is marked"
    finally:
        await server.close()
        if demo:
            stop(demo.process)
