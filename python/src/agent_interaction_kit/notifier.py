"""Tells a person, where they already are, that a call waits for them (docs/runtime.md#answer-links).

`notify` is called once per call that asks a person, with the call's answer link, after
`notify_after` seconds in which the chat page could answer. Never for a call a session grant
answered (it never waits), never for publish_artifacts. A `notify` that fails never fails or delays
the call: it is logged once and tried again after 1 s, then 4 s, until the call settles. On a fleet
only the instance whose `SET aik:notify:<call_id> NX` wins calls it.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import math
import time
from typing import Any, Awaitable, Callable, Optional, Union

from .call_links import CallLinks, waits_for_person
from .clock import Clock, TimerHandle, parse_iso
from .notices import NotifyInput
from .places import CallPlaces, Settled, ShownSession
from .wire import Pending

__all__ = ["NotifyFunction", "NotifyClaim", "Notifier", "RedisNotifyClaim", "NOTIFY_RETRY_SECONDS", "check_notify_options", "all_places"]

logger = logging.getLogger("agent_interaction_kit")

#: The hook: sends the notice (to Slack, Feishu, a webhook…); it may be async.
NotifyFunction = Callable[[NotifyInput], Union[Awaitable[object], object]]
#: Wins the right to notify for a call across a fleet (True: this instance notifies).
NotifyClaim = Callable[[str, float], Awaitable[bool]]

#: The pauses before the second and third tries, seconds: three tries in all.
NOTIFY_RETRY_SECONDS = (1.0, 4.0)
_DAY_MS = 86_400_000


def check_notify_options(notify: object, notify_after: object, links: object) -> float:
    """Checks `notify` and `notify_after` (a mistake raises a TypeError naming it); returns the delay in seconds."""
    if not callable(notify):
        raise TypeError("AgentServer: notify must be a function (it is given each waiting call and its link).")
    if links is None:
        raise TypeError("AgentServer: notify needs links: the notice carries the link that answers the call.")
    seconds = 0 if notify_after is None else notify_after
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) or seconds < 0:
        raise TypeError("AgentServer: notify_after must be a number of seconds, 0 or more.")
    return float(seconds)


class Notifier:
    """A place (`CallPlaces`) that notifies: told as a session's calls start and stop waiting."""

    def __init__(self, notify: NotifyFunction, after: float, links: CallLinks, clock: Clock, claim: Optional[NotifyClaim] = None) -> None:
        self._notify, self._after, self._links, self._clock, self._claim = notify, after, links, clock, claim
        # By session and call: the timer of the next try, or None once notified (or given up).
        self._calls: dict[tuple[str, str], Optional[TimerHandle]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def asked(self, session: ShownSession, call_id: str, call: Pending) -> None:
        """A call started waiting: its notice is due after `notify_after`, if it still waits then."""
        key = (session.session_id, call_id)
        if not waits_for_person(call) or key in self._calls:
            return
        self._calls[key] = self._clock.call_later(self._after, lambda: self._spawn(self._first(session, call_id, key)))

    def ended(self, session: ShownSession, call_id: str, call: Pending, settled: Settled) -> None:
        """A call stopped waiting: no notice or try is sent any more."""
        timer = self._calls.pop((session.session_id, call_id), None)
        if timer is not None:
            timer.cancel()

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _first(self, session: ShownSession, call_id: str, key: tuple[str, str]) -> None:
        if key not in self._calls:
            return
        self._calls[key] = None
        call = session.waiting.get(call_id)
        if call is None:
            return
        link = self._links.link_for(session, call_id)
        if link is None:
            logger.warning("call %s has no answer link (a high-risk approval in a session without an owner): nobody is notified.", call_id)
            return
        if self._claim is not None:
            try:
                won = await self._claim(call_id, parse_iso(call.deadline) * 1000)
            except Exception as error:
                logger.warning("notify for call %s could not be claimed in Redis: %s", call_id, _describe(error))
                won = False
            if not won or call_id not in session.waiting:
                return
        context = call.context or session.context
        notice: NotifyInput = {
            "session_id": session.session_id,
            "call": {"id": call_id, "tool": call.tool, "arguments": call.args, "deadline": call.deadline},
            "link": link,
            "actor": session.owner,
        }
        if context:
            notice["context"] = dict(context)
        self._attempt(session, call_id, key, notice, 1)

    def _attempt(self, session: ShownSession, call_id: str, key: tuple[str, str], notice: NotifyInput, tried: int) -> None:
        """One try; a failure is logged on the first, and tried again after a pause while the call waits."""
        if call_id not in session.waiting or key not in self._calls:
            return
        self._calls[key] = None
        self._spawn(self._try(session, call_id, key, notice, tried))

    async def _try(self, session: ShownSession, call_id: str, key: tuple[str, str], notice: NotifyInput, tried: int) -> None:
        try:
            sent: Any = self._notify(notice)
            if inspect.isawaitable(sent):
                await sent
            return
        except Exception as error:
            if tried == 1:
                logger.warning("notify failed for call %s (tried again up to %d times): %s", call_id, len(NOTIFY_RETRY_SECONDS), _describe(error))
        if tried > len(NOTIFY_RETRY_SECONDS) or key not in self._calls:
            return
        pause = NOTIFY_RETRY_SECONDS[tried - 1]
        self._calls[key] = self._clock.call_later(pause, lambda: self._attempt(session, call_id, key, notice, tried + 1))


class RedisNotifyClaim:
    """The fleet's rule: the instance whose `SET aik:notify:<call_id> 1 NX` wins notifies; the key
    lives until a day past the call's deadline."""

    def __init__(self, url: str) -> None:
        self._url = url
        self._client: Any = None

    async def __call__(self, call_id: str, deadline_ms: float) -> bool:
        if self._client is None:
            from redis.asyncio import Redis

            self._client = Redis.from_url(self._url, decode_responses=True, socket_connect_timeout=5)
        ttl = max(1, math.ceil(deadline_ms - time.time() * 1000)) + _DAY_MS
        return bool(await self._client.set(f"aik:notify:{call_id}", "1", nx=True, px=ttl))

    async def close(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None


def all_places(*places: Optional[CallPlaces]) -> Optional[CallPlaces]:
    """Every place a session's calls are shown in, told together (the inbox, the notifier, the links)."""
    present = [place for place in places if place is not None]
    if len(present) <= 1:
        return present[0] if present else None
    return _Together(present)


class _Together:
    def __init__(self, places: list[CallPlaces]) -> None:
        self._places = places

    def asked(self, session: ShownSession, call_id: str, call: Pending) -> None:
        for place in self._places:
            place.asked(session, call_id, call)

    def ended(self, session: ShownSession, call_id: str, call: Pending, settled: Settled) -> None:
        for place in self._places:
            place.ended(session, call_id, call, settled)


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"
