"""`uvicorn --workers 4`: four processes, one fleet through Redis. A page's socket lands on one
worker and an agent's call on another; 100 of 100 calls reach their page and return."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import AsyncIterator, Iterator

import httpx
import pytest
from playwright.async_api import Page, async_playwright

from apps import open_page, shown
from fleet import RedisServer, free_port
from test_e2e import ARGS, PageServer, chromium_path

HERE = Path(__file__).resolve().parent
CALLS = 100
PAGES = 4
IN_FLIGHT = 20


@pytest.fixture
def workers() -> Iterator[tuple[int, PageServer]]:
    redis = RedisServer()
    pages = PageServer()
    port = pages.runtime_port = free_port()
    command = [sys.executable, "-m", "uvicorn", "workers_app:app", "--workers", "4", "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    env = {**os.environ, "AIK_REDIS": redis.url, "AIK_ORIGIN": pages.origin}
    process = subprocess.Popen(command, cwd=HERE, env=env)
    try:
        yield port, pages
    finally:
        process.terminate()
        process.wait(30)
        pages.close()
        redis.stop()


async def answer_all(page: Page, stop: asyncio.Event) -> None:
    """Approves every card this page shows, through its button, until told to stop."""
    approve = page.get_by_role("button", name="批准", exact=True)
    while not stop.is_set():
        if await approve.count() == 0:
            await asyncio.sleep(0.05)
            continue
        try:
            await approve.first.click(timeout=2000)
        except Exception:
            pass  # the card settled under the click; the next look finds the rest


async def test_100_calls_over_4_uvicorn_workers(workers: tuple[int, PageServer], capsys: pytest.CaptureFixture[str]) -> None:
    port, pages = workers
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
        for _ in range(600):
            try:
                await http.get("/health")
                break
            except httpx.TransportError:
                await asyncio.sleep(0.1)
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
            sessions = [f"worker-page-{i}" for i in range(PAGES)]
            opened = [await open_page(browser, pages.origin, session, "/agent/sessions/{session}") for session in sessions]
            stop = asyncio.Event()
            answering = [asyncio.create_task(answer_all(page, stop)) for page in opened]
            limit = asyncio.Semaphore(IN_FLIGHT)

            async def ask(n: int) -> dict[str, object]:
                async with limit:
                    response = await http.get("/ask", params={"session": sessions[n % PAGES], "n": n})
                    response.raise_for_status()
                    return dict(response.json())

            replies = await asyncio.wait_for(asyncio.gather(*(ask(n) for n in range(CALLS))), 240)
            stop.set()
            await asyncio.gather(*answering)
            cards = [card for page in opened for card in await shown(page)]
            await browser.close()
    returned = [r for r in replies if r["result"]["content"] == "用户已批准操作。"]  # type: ignore[index]
    ids = {r["result"]["interaction_response"]["request_id"] for r in returned}  # type: ignore[index]
    callers = {r["pid"] for r in replies}
    with capsys.disabled():
        print(f"\nuvicorn --workers 4: {len(returned)} of {CALLS} calls reached their page and returned; calls made on {len(callers)} workers; {len(cards)} cards shown")
    assert len(returned) == CALLS and ids == {f"workers-{n}" for n in range(CALLS)}
    assert sorted(cards) == sorted(ids), "each call was shown once, on its page"
    assert len(callers) >= 2, "the calls were spread over several workers"
