"""The Redis side of a fleet (DESIGN §3.8, docs/protocol.md §10): one command client and one
subscription per instance, the Node runtime's own Lua scripts, and the messages instances send
each other. A Python instance and a Node instance on one Redis are one fleet.

The client is redis-py's asyncio client (`pip install 'agent-interaction-kit[redis]'`), imported
only when a server is given `redis`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from dataclasses import dataclass
from typing import Any, Optional, Protocol, Union

from . import _fleet_scripts as scripts
from .errors import KitError
from .jsjson import dumps

__all__ = ["RedisStore", "FleetHandlers", "AskReply", "SettleReply"]

logger = logging.getLogger("agent_interaction_kit")
P = scripts.PREFIX


def _call(id: str) -> str:
    return f"{P}call:{id}"


def _result(id: str) -> str:
    return f"{P}result:{id}"


def _pending(session: str) -> str:
    return f"{P}session:{session}:pending"


def _owner(session: str) -> str:
    return f"{P}session:{session}:owner"


class FleetHandlers(Protocol):
    """What other instances (or this one) tell this instance."""

    def frame(self, session: str, frame: dict[str, Any]) -> None: ...

    def result(self, session: str, id: str, outcome: Any) -> None: ...

    def error(self, session: str, id: str, error: dict[str, Any]) -> None: ...

    def supersede(self, session: str, owner: str) -> None: ...

    def resubscribed(self) -> None:
        """The subscription is back after a gap: messages published meanwhile were missed."""
        ...


@dataclass(frozen=True)
class AskReply:
    """`outcome` when the call already resolved; else the frame first stored for it (its original deadline)."""

    outcome: Any = None
    frame: Optional[dict[str, Any]] = None
    here: bool = False


@dataclass(frozen=True)
class SettleReply:
    kind: str
    """`won`, `taken` (then `outcome` is the stored one), `unknown` or `mismatch`."""
    outcome: Any = None


class RedisStore:
    """This instance's connection to the fleet."""

    def __init__(self, client: Any, instance: str, handlers: FleetHandlers) -> None:
        self.instance = instance
        self._client = client
        self._handlers = handlers
        self._subscribed = False
        self._command_failed = False
        self._closing = False
        self._listener: Optional[asyncio.Task[None]] = None

    @classmethod
    async def connect(cls, url: str, instance: str, handlers: FleetHandlers) -> "RedisStore":
        """Connects and subscribes to this instance's channel; an unreachable Redis raises KitError `unavailable`."""
        try:
            from redis.asyncio import Redis
            from redis.backoff import NoBackoff
            from redis.retry import Retry
        except ImportError as error:  # pragma: no cover - the extra is part of the test install
            raise ImportError("AgentServer(redis=…) needs the redis package: pip install 'agent-interaction-kit[redis]'") from error
        # One quick retry and no backoff: a call fails at once (unavailable) while Redis is away.
        client = Redis.from_url(url, decode_responses=True, retry=Retry(NoBackoff(), 1), socket_connect_timeout=5)
        store = cls(client, instance, handlers)
        try:
            await store._subscribe()
        except Exception as error:
            await client.aclose()
            raise KitError("unavailable", f"AgentServer: redis is unreachable ({error}).") from error
        store._listener = asyncio.get_running_loop().create_task(store._listen())
        return store

    @property
    def available(self) -> bool:
        """False while Redis is unreachable: calls fail fast then (KitError `unavailable`)."""
        return self._subscribed and not self._command_failed

    async def _subscribe(self) -> None:
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(f"{P}instance:{self.instance}")
        self._subscribed = True

    async def _listen(self) -> None:
        """Reads this instance's channel; after a gap it subscribes again and says so."""
        delay = 0.05
        while not self._closing:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                if self._closing:
                    return
                self._subscribed = False
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                try:
                    await self._pubsub.aclose()
                    await self._subscribe()
                    await self._client.ping()
                except Exception:
                    self._subscribed = False
                    continue
                delay = 0.05
                self._command_failed = False
                self._handlers.resubscribed()
                continue
            if message is not None and message.get("type") == "message":
                self._dispatch(str(message.get("data")))

    def _dispatch(self, text: str) -> None:
        """One message on this instance's channel: a JSON object whose strings carry JSON themselves."""
        try:
            message = json.loads(text)
            op, session, id = message.get("op"), message.get("session"), message.get("id")
            if not isinstance(session, str):
                return
            if op == "frame":
                self._handlers.frame(session, json.loads(message["frame"]))
            elif op == "result" and id:
                self._handlers.result(session, id, json.loads(message["outcome"]))
            elif op == "error" and id:
                self._handlers.error(session, id, json.loads(message["error"]))
            elif op == "supersede" and message.get("owner"):
                self._handlers.supersede(session, message["owner"])
        except Exception:
            # A message this version cannot read is ignored, as unknown wire fields are.
            logger.debug("ignored a fleet message it cannot read: %s", text[:200])

    async def _run(self, script: str, keys: list[str], args: list[str]) -> Any:
        """Runs a script by its SHA1 (EVALSHA), sending its text only when Redis does not have it yet."""
        from redis.exceptions import ConnectionError, NoScriptError, TimeoutError

        sha = _sha(script)
        try:
            try:
                reply = await self._client.evalsha(sha, len(keys), *keys, *args)
            except NoScriptError:
                reply = await self._client.eval(script, len(keys), *keys, *args)
        except (ConnectionError, TimeoutError, OSError):
            self._command_failed = True
            raise
        self._command_failed = False
        return reply

    async def ask(self, session: str, id: str, tool: str, frame: dict[str, Any], deadline_ms: int) -> AskReply:
        """Stores the call (or finds it) and has its frame sent; a stored result comes back instead."""
        now = str(int(time.time() * 1000))
        reply = await self._run(
            scripts.ASK, [_call(id), _result(id), _pending(session), _owner(session)], [id, session, tool, dumps(frame), str(deadline_ms), self.instance, now]
        )
        if reply[0] == "result":
            return AskReply(outcome=json.loads(reply[1]))
        return AskReply(frame=json.loads(reply[1]), here=len(reply) > 2 and reply[2] == "here")

    async def settle(self, session: str, id: str, tool: str, outcome: dict[str, Any]) -> SettleReply:
        reply = await self._run(scripts.SETTLE, [_call(id), _result(id), _pending(session)], [id, tool, dumps(outcome)])
        if reply[0] == "taken":
            return SettleReply("taken", json.loads(reply[1]))
        return SettleReply(str(reply[0]))

    async def forward(self, session: str, frame: dict[str, Any]) -> None:
        await self._run(scripts.FORWARD, [_owner(session)], [session, dumps(frame)])

    async def withdraw(self, session: str, id: str, frame: dict[str, Any]) -> None:
        await self._run(scripts.WITHDRAW, [_call(id), _pending(session), _owner(session)], [id, session, dumps(frame)])

    async def refuse(self, session: str, id: str, error: dict[str, Any]) -> None:
        await self._run(scripts.REFUSE, [_call(id), _result(id), _pending(session)], [id, dumps(error)])

    async def outcomes(self, ids: list[str]) -> list[Union[Any, None]]:
        """How each call ended, as stored (None: unresolved, withdrawn, or never held)."""
        from redis.exceptions import ConnectionError, TimeoutError

        try:
            stored = await self._client.mget([_result(id) for id in ids])
        except (ConnectionError, TimeoutError, OSError):
            self._command_failed = True
            raise
        return [None if text is None else json.loads(text) for text in stored]

    async def pending_frames(self, session: str) -> list[dict[str, Any]]:
        """The frames of the session's unresolved calls, oldest first."""
        frames = await self._run(scripts.PENDING, [_pending(session)], [])
        return [json.loads(frame) for frame in frames]

    async def claim(self, session: str, owner: str) -> None:
        await self._run(scripts.CLAIM, [_owner(session)], [owner, session])

    async def reclaim(self, session: str, owner: str) -> bool:
        """False when a newer connection took the session; else `owner` is its live one again."""
        return bool(await self._run(scripts.RECLAIM, [_owner(session)], [owner]) == 1)

    async def release(self, session: str, owner: str) -> None:
        await self._run(scripts.RELEASE, [_owner(session)], [owner])

    async def close(self) -> None:
        self._closing = True
        if self._listener is not None:
            self._listener.cancel()
            await asyncio.gather(self._listener, return_exceptions=True)
        for closing in (self._pubsub.aclose(), self._client.aclose()):
            try:
                await closing
            except Exception:
                pass


_SHAS: dict[str, str] = {}


def _sha(script: str) -> str:
    sha = _SHAS.get(script)
    if sha is None:
        sha = _SHAS[script] = hashlib.sha1(script.encode("utf-8")).hexdigest()
    return sha
