"""The Redis side of a fleet (docs/protocol.md §10): one command client and one
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
from typing import Any, Callable, Optional, Protocol, Union

from . import _fleet_scripts as scripts
from .clock import iso_time
from .errors import KitError
from .fleet_replies import AskReply, CallAudit, Decided, GrantReply, SettleReply
from .jsjson import dumps

__all__ = ["RedisStore", "FleetHandlers", "AskReply", "GrantReply", "SettleReply", "Decided", "CallAudit"]

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


def _grants(session: str) -> str:
    return f"{P}session:{session}:grants"


class FleetHandlers(Protocol):
    """What other instances (or this one) tell this instance."""

    def frame(self, session: str, frame: dict[str, Any]) -> None: ...

    def result(self, session: str, id: str, outcome: Any) -> None: ...

    def error(self, session: str, id: str, error: dict[str, Any]) -> None: ...

    def supersede(self, session: str, owner: str) -> None: ...

    def grants(self, session: str) -> None:
        """The session's grants changed: its live connection, if here, gets the list again."""
        ...

    def resubscribed(self) -> None:
        """The subscription is back after a gap: messages published meanwhile were missed."""
        ...


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
        # One change to the subscription at a time: a channel listened to while it is made again
        # would otherwise open a second connection, left subscribed and never read.
        self._pubsub_lock = asyncio.Lock()
        #: Channels listened to besides the instance's (`aik:inbox:<owner>`, `aik:settled:<call_id>`), and who hears each message, by name.
        self._inboxes: dict[str, dict[str, Callable[[str], None]]] = {}

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
        store._subscribed = True
        store._listener = asyncio.get_running_loop().create_task(store._listen())
        return store

    @property
    def available(self) -> bool:
        """False while Redis is unreachable: calls fail fast then (KitError `unavailable`)."""
        return self._subscribed and not self._command_failed

    async def _subscribe(self) -> None:
        self._pubsub = self._client.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(f"{P}instance:{self.instance}", *self._inboxes)

    async def _listen(self) -> None:
        """Reads this instance's channel; after a gap it subscribes again and says so."""
        delay = 0.05
        while not self._closing:
            # Tried again until it holds, check included: after a failed check (a pooled connection
            # Redis had closed) the new subscription reads messages and raises nothing, so reading
            # it would never try again.
            if not self._subscribed:
                await asyncio.sleep(delay)
                delay = min(delay * 2, 1.0)
                if await self._resubscribe():
                    delay = 0.05
                continue
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                if self._closing:
                    return
                self._subscribed = False
                continue
            if message is not None and message.get("type") == "message":
                listeners = self._inboxes.get(str(message.get("channel")))
                for heard in list(listeners.values()) if listeners is not None else [self._dispatch]:
                    heard(str(message.get("data")))

    async def _resubscribe(self) -> bool:
        """A fresh subscription after a gap, and a check of the command connection: available once
        both hold. The handlers hear that messages were missed meanwhile."""
        async with self._pubsub_lock:
            try:
                await self._pubsub.aclose()
                await self._subscribe()
                await self._client.ping()
            except Exception:
                return False
            self._subscribed = True
        self._command_failed = False
        self._handlers.resubscribed()
        return True

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
            elif op == "grants":
                self._handlers.grants(session)
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

    def _call_keys(self, session: str, id: str) -> list[str]:
        return [_call(id), _result(id), _pending(session), _owner(session), _grants(session)]

    async def ask(self, session: str, id: str, tool: str, frame: dict[str, Any], deadline_ms: int, audit: CallAudit) -> AskReply:
        """Stores the call (or finds it) and has its frame sent; a stored result comes back instead."""
        now = str(int(time.time() * 1000))
        args = [id, session, tool, dumps(frame), str(deadline_ms), self.instance, now, audit.asked_at, audit.sha256, audit.arguments]
        reply = await self._run(scripts.ASK, self._call_keys(session, id), args)
        if reply[0] == "result":
            return AskReply(outcome=json.loads(reply[1]))
        return AskReply(frame=json.loads(reply[1]), here=len(reply) > 2 and reply[2] == "here")

    async def grant(
        self, session: str, id: str, tool: str, frame: dict[str, Any], deadline_ms: int, audit: CallAudit, key: str, outcome: dict[str, Any], decided: Decided
    ) -> GrantReply:
        """Answers the call with the session's grant `key` if it holds one (its receipt sent to the page)."""
        now = str(int(time.time() * 1000))
        args = [id, session, tool, dumps(frame), str(deadline_ms), self.instance, now, audit.asked_at, audit.sha256, audit.arguments]
        args += [key, dumps(outcome), decided.decided_at, "redis" if decided.to_redis else "", decided.where]
        reply = await self._run(scripts.GRANT, self._call_keys(session, id), args)
        if reply[0] == "result":
            return GrantReply("result", outcome=json.loads(reply[1]))
        if reply[0] == "ask":
            return GrantReply("ask")
        return GrantReply("granted", grant=json.loads(reply[1]), here=len(reply) > 2 and reply[2] == "here")

    async def settle(self, session: str, id: str, tool: str, outcome: dict[str, Any], decided: Decided, session_grant: bool = False, of_session: str = "") -> SettleReply:
        """Stores the first outcome (SET NX); `of_session` (an inbox's answer): only a call of that session, never an unknown one."""
        keys = [_call(id), _result(id), _pending(session), _grants(session), _owner(session)]
        args = [id, tool, dumps(outcome), decided.decision or "", decided.source, dumps(decided.actor), self.instance, decided.decided_at]
        args += ["redis" if decided.to_redis else "", "1" if session_grant else "", decided.where, of_session]
        reply = await self._run(scripts.SETTLE, keys, args)
        if reply[0] == "taken":
            return SettleReply("taken", json.loads(reply[1]))
        if reply[0] == "won":
            return SettleReply("won", audit=CallAudit(str(reply[1]), str(reply[2]), str(reply[3])), granted=str(reply[4]))
        return SettleReply(str(reply[0]))

    async def forward(self, session: str, frame: dict[str, Any]) -> None:
        await self._run(scripts.FORWARD, [_owner(session)], [session, dumps(frame)])

    async def withdraw(self, session: str, id: str, frame: dict[str, Any], decided: Decided) -> Optional[CallAudit]:
        """Forgets the call and tells the page; its audit fields when it was still pending (decided now)."""
        keys = [_call(id), _pending(session), _owner(session), _result(id)]
        reply = await self._run(scripts.WITHDRAW, keys, [id, session, dumps(frame), decided.decided_at, self.instance, "redis" if decided.to_redis else "", decided.where])
        return CallAudit(str(reply[2]), str(reply[3]), str(reply[4])) if int(reply[0]) == 1 else None

    async def revoke(self, session: str, key: str) -> bool:
        """Ends the session's grant `key` (the page told); False when it held none."""
        return bool(await self._run(scripts.REVOKE, [_grants(session), _owner(session)], [key, session]) == 1)

    async def grants(self, session: str) -> dict[str, dict[str, Any]]:
        """The session's grants: key → `{label, at, actor}`."""
        from redis.exceptions import ConnectionError, TimeoutError

        try:
            stored = await self._client.hgetall(_grants(session))
        except (ConnectionError, TimeoutError, OSError):
            self._command_failed = True
            raise
        held: dict[str, dict[str, Any]] = {}
        for key, text in stored.items():
            try:
                value = json.loads(text)
            except ValueError:
                continue
            if isinstance(value, dict) and isinstance(value.get("label"), str) and isinstance(value.get("at"), str):
                held[str(key)] = value
        return held

    async def about(self, session: str, owner: Optional[str], title: Optional[str], only_if_unowned: bool = False) -> Optional[str]:
        """A session's owner and title, where every instance reads them (`only_if_unowned`: a chat page's actor); the owner held after."""
        held = await self._run(scripts.ABOUT, [f"{scripts.PREFIX}session:{session}:about", _pending(session)], [session, owner or "", title or "", "nx" if only_if_unowned else ""])
        return str(held) if held else None

    async def session_owner(self, session: str) -> Optional[str]:
        """The session's owner, as its `about` hash holds it."""
        owner = await self._client.hget(f"{P}session:{session}:about", "owner")
        return str(owner) if owner else None

    async def inbox_calls(self, owners: list[str]) -> list[tuple[str, dict[str, Any]]]:
        """The waiting calls of these owners' inboxes, as the `add` op carries them."""
        flat = await self._run(scripts.INBOX, [], owners) if owners else []
        return [(str(flat[i]), json.loads(flat[i + 1])) for i in range(0, len(flat) - 1, 2)]

    async def watch_inbox(self, owner: str, heard: Callable[[str], None], listener: str = "inbox") -> None:
        """Listens to an owner's inbox channel (`aik:inbox:<owner>`), kept across a reconnect."""
        await self.listen(f"{P}inbox:{owner}", heard, listener)

    async def unwatch_inbox(self, owner: str, listener: str = "inbox") -> None:
        await self.unlisten(f"{P}inbox:{owner}", listener)

    async def listen(self, channel: str, heard: Callable[[str], None], listener: str) -> None:
        """Subscribes to a channel, kept across a reconnect; each `listener` (the inbox, the links) hears every message."""
        listeners = self._inboxes.setdefault(channel, {})
        first, listeners[listener] = not listeners, heard
        if first:
            async with self._pubsub_lock:
                # While it is not subscribed, the next subscription takes the channel in.
                if self._subscribed:
                    await self._pubsub.subscribe(channel)

    async def unlisten(self, channel: str, listener: str) -> None:
        """`listener` stops hearing the channel; the instance unsubscribes once nobody hears it."""
        listeners = self._inboxes.get(channel)
        if listeners is None or listeners.pop(listener, None) is None or listeners:
            return
        del self._inboxes[channel]
        async with self._pubsub_lock:
            if self._subscribed:
                await self._pubsub.unsubscribe(channel)

    async def stored_call(self, id: str) -> Optional[tuple[str, dict[str, Any]]]:
        """A call as the fleet keeps it, asked on any instance: its session and its `tool_call` frame (None: not held)."""
        session, frame = await self._client.hmget(_call(id), ["session", "frame"])
        if not isinstance(session, str) or not isinstance(frame, str):
            return None
        parsed = json.loads(frame)
        return (session, parsed) if isinstance(parsed, dict) else None

    async def settlement(self, session: str, id: str) -> tuple[Any, bool]:
        """The call's stored result (None: none yet), and whether it still waits in its session's pending set."""
        async with self._client.pipeline(transaction=True) as pipe:
            stored, score = await pipe.get(_result(id)).zscore(_pending(session), id).execute()
        return (None if stored is None else json.loads(stored)), score is not None

    async def settlements(self, session: str, ids: list[str]) -> list[Optional[dict[str, Any]]]:
        """How each call of `session` settled, as its stored result says (`settled`: decision, where,
        actor, at); None for a call not settled, settled without a decision, or of another session."""
        async with self._client.pipeline(transaction=False) as pipe:
            for id in ids:
                pipe.get(_result(id)).hget(_call(id), "session")
            replies = await pipe.execute()
        found: list[Optional[dict[str, Any]]] = []
        for stored, of in zip(replies[0::2], replies[1::2]):
            settled = json.loads(stored).get("settled") if stored is not None and of == session else None
            found.append(settled if isinstance(settled, dict) else None)
        return found

    async def refuse(self, session: str, id: str, error: dict[str, Any]) -> None:
        await self._run(scripts.REFUSE, [_call(id), _result(id), _pending(session)], [id, dumps(error), iso_time(time.time())])

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
