"""Shared fixtures: the spec's golden cases, a fake clock, a server on a free loopback port, a
redis-server per fleet test module and a client of it."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterator

import pytest
import redis.asyncio as aioredis
from playwright.async_api import Browser, async_playwright
from agent_interaction_kit import AuditRecord

from fleet import RedisServer

REPO = Path(__file__).resolve().parents[2]

# langchain-core imports `langchain_protocol`, which the local package index lacks (stand_ins/).
if importlib.util.find_spec("langchain_protocol") is None:
    sys.path.append(str(Path(__file__).resolve().parent / "stand_ins"))


def golden_path() -> Path:
    """The spec's fixtures beside the repository (../shared), else the copy `npm test` refreshes from them."""
    for candidate in (
        os.environ.get("AIK_GOLDEN"),
        REPO.parent / "shared" / "fixtures" / "golden.json",
        REPO / "test" / "fixtures" / "golden.json",
    ):
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    raise FileNotFoundError("golden.json: expected ../shared/fixtures/golden.json beside the repository")


GOLDEN: dict[str, Any] = json.loads(golden_path().read_text("utf-8"))


class FakeClock:
    """An injected clock: time moves only when a test says so, and due timers run in order."""

    def __init__(self, now: float = 1_795_000_000.0) -> None:
        self._now = now
        self._timers: list[list[Any]] = []
        self._sequence = 0

    def now(self) -> float:
        return self._now

    def call_later(self, delay: float, callback: Callable[[], None]) -> "_Timer":
        self._sequence += 1
        entry = [self._now + delay, self._sequence, callback, False]
        self._timers.append(entry)
        return _Timer(entry)

    def advance(self, seconds: float) -> None:
        target = self._now + seconds
        while True:
            due = sorted((t for t in self._timers if not t[3] and t[0] <= target), key=lambda t: (t[0], t[1]))
            if not due:
                break
            timer = due[0]
            timer[3] = True
            self._now = timer[0]
            timer[2]()
        self._now = target


class _Timer:
    def __init__(self, entry: list[Any]) -> None:
        self._entry = entry

    def cancel(self) -> None:
        self._entry[3] = True


@pytest.fixture(scope="module")
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    yield server
    server.stop()


@pytest.fixture
async def store(redis_server: RedisServer) -> AsyncIterator[Any]:
    client = aioredis.Redis.from_url(redis_server.url, decode_responses=True)
    yield client
    await client.aclose()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    """Debian's Chromium through Playwright (nothing downloads a browser), for pages of the built bundle."""
    from test_e2e import ARGS, DIST, chromium_path

    assert (DIST / "agent-interaction-kit.js").is_file(), "dist/agent-interaction-kit.js is missing: run npm run build"
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        try:
            yield launched
        finally:
            await launched.close()


class Trail:
    """An audit function that keeps every record it is given, in order."""

    def __init__(self) -> None:
        self.records: list[AuditRecord] = []

    def __call__(self, record: AuditRecord) -> None:
        self.records.append(record)


@pytest.fixture
def trail() -> Trail:
    return Trail()
