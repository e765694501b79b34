"""Support for the recipes' tests: the README's code blocks, an app served by a real uvicorn, and
pages in Chromium."""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any, AsyncIterator

import uvicorn
from playwright.async_api import Browser, Page

PYTHON_README = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")


def python_blocks(text: str = PYTHON_README) -> list[str]:
    """Every ```python block of a Markdown text, in order."""
    return re.findall(r"```python\n(.*?)```", text, re.S)


def block_under(heading: str, text: str = PYTHON_README) -> str:
    """The first ```python block under `## heading`."""
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return python_blocks(section)[0]


def run_block(code: str, namespace: dict[str, Any] | None = None) -> dict[str, Any]:
    """Runs a README block as a module's code; returns its globals."""
    namespace = namespace if namespace is not None else {"__name__": "readme_block"}
    exec(compile(code, "<README block>", "exec"), namespace)
    return namespace


@contextlib.asynccontextmanager
async def served(app: Any) -> AsyncIterator[int]:
    """`app` on a real uvicorn server, on a free loopback port, in this event loop."""
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    port = int(server.servers[0].sockets[0].getsockname()[1])
    try:
        yield port
    finally:
        server.should_exit = True
        await task


async def open_page(browser: Browser, origin: str, session: str, path: str, cookie: str | None = None) -> Page:
    """A page of `origin` whose host connects to `ws://127.0.0.1:<port><path>`; waits until it is connected."""
    context = await browser.new_context(viewport={"width": 900, "height": 1000})
    if cookie is not None:
        await context.add_cookies([{"name": "session", "value": cookie, "domain": "127.0.0.1", "path": "/"}])
    # Every card the host shows, in order (the capture phase sees the host's own event).
    await context.add_init_script("window.__shown = []; document.addEventListener('interaction-request', (e) => window.__shown.push(e.detail.id), true);")
    page = await context.new_page()
    await page.goto(f"{origin}/?session={session}&path={path}")
    await page.get_by_role("status").filter(has_text="已连接").wait_for()
    return page


async def shown(page: Page) -> list[str]:
    """The ids of the cards the page showed, in order (a card shown twice is listed twice)."""
    return list(await page.evaluate("window.__shown"))
