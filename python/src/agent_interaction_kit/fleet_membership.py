"""This server's membership of the fleet (docs/protocol.md §10): the Redis connection, made once
and shared by its sessions, its inbox and its answer links, and the dispatch of what other
instances (Python or Node) tell it to the session, the inbox or the links concerned.
"""

from __future__ import annotations

import asyncio
import uuid
from typing import Any, Callable, Coroutine, Optional

from .audit import Auditor
from .fleet_calls import unavailable
from .fleet_inbox import FleetInboxHub
from .fleet_links import FleetLinks
from .fleet_session import RedisAgentSession
from .fleet_store import RedisStore
from .inbox import InboxFor
from .session import AgentSession

__all__ = ["Fleet"]


class Fleet:
    """This server's membership of the fleet: the Redis connection, made once, and the dispatch to its sessions."""

    def __init__(self, url: str, sessions: dict[str, AgentSession]) -> None:
        self.instance = str(uuid.uuid4())
        self._connections = 0
        self._url = url
        self._sessions = sessions
        self._connecting: Optional[asyncio.Task[RedisStore]] = None
        self._store: Optional[RedisStore] = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._inbox: Optional[FleetInboxHub] = None
        self._links: Optional[FleetLinks] = None

    def inbox(self, inbox_for: Optional[InboxFor], context_for: Optional[Callable[[str], Any]], auditor: Auditor) -> FleetInboxHub:
        """The inbox, served from the fleet's lists and channels."""
        self._inbox = FleetInboxHub(self.store, self.spawn, inbox_for, context_for, auditor)
        return self._inbox

    def links(self, context_for: Optional[Callable[[str], Any]], auditor: Auditor) -> FleetLinks:
        """The answer links' sockets, served from the calls' stored frames and the fleet's first-result-wins step."""
        self._links = FleetLinks(self.store, self.spawn, context_for, auditor)
        return self._links

    def connection_name(self) -> str:
        """A new owner value (`<instance> <n>`) for a connection accepted on this instance."""
        self._connections += 1
        return f"{self.instance} {self._connections}"

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs a step in the background, kept referenced until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def store(self) -> RedisStore:
        """The store, connecting on first use (every caller waits for the same attempt)."""
        if self._store is not None:
            return self._store
        if self._connecting is None or (self._connecting.done() and self._connecting.exception() is not None):
            self._connecting = asyncio.get_running_loop().create_task(RedisStore.connect(self._url, self.instance, self))
        self._store = await asyncio.shield(self._connecting)
        return self._store

    def store_now(self) -> RedisStore:
        if self._store is None:
            raise unavailable()
        return self._store

    def _find(self, session: str) -> Optional[RedisAgentSession]:
        found = self._sessions.get(session)
        return found if isinstance(found, RedisAgentSession) else None

    # FleetHandlers -------------------------------------------------------------------------

    def frame(self, session: str, frame: dict[str, Any]) -> None:
        if (found := self._find(session)) is not None:
            found.deliver_frame(frame)

    def result(self, session: str, id: str, outcome: Any) -> None:
        if (found := self._find(session)) is not None:
            found.deliver(id, outcome)

    def error(self, session: str, id: str, error: dict[str, Any]) -> None:
        if (found := self._find(session)) is not None:
            found.refused(id, error)

    def supersede(self, session: str, owner: str) -> None:
        if (found := self._find(session)) is not None:
            found.superseded(owner)

    def grants(self, session: str) -> None:
        if (found := self._find(session)) is not None:
            found._send_grants()

    def resubscribed(self) -> None:
        for session in list(self._sessions.values()):
            if isinstance(session, RedisAgentSession):
                session.recheck()
        if self._inbox is not None:
            self._inbox.resync()
        if self._links is not None:
            self._links.resync()

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._store is not None:
            await self._store.close()
        elif self._connecting is not None:
            self._connecting.cancel()
            await asyncio.gather(self._connecting, return_exceptions=True)
