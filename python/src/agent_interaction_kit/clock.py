"""Time, injected so that tests never wait: a clock reads epoch seconds and arms timers."""

from __future__ import annotations

import asyncio
import time
from datetime import datetime, timezone
from typing import Callable, Protocol

__all__ = ["Clock", "SystemClock", "TimerHandle", "iso_time"]


class TimerHandle(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    """`now()` is epoch seconds; `call_later` runs `callback` after `delay` seconds."""

    def now(self) -> float: ...

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    def call_later(self, delay: float, callback: Callable[[], None]) -> TimerHandle:
        return asyncio.get_running_loop().call_later(max(0.0, delay), callback)


def iso_time(seconds: float) -> str:
    """Epoch seconds as `Date.prototype.toISOString()` writes them: `2026-11-29T12:02:00.000Z`."""
    moment = datetime.fromtimestamp(round(seconds * 1000) / 1000, tz=timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def parse_iso(text: str) -> float:
    """An ISO 8601 time with `Z` or an offset, as epoch seconds."""
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
