"""A session on any framework's socket: the `KitSocket` protocol and the loop that runs it.

`KitSocket` is what the kit needs of an accepted WebSocket: `send(text)`, `receive()` (the next
text frame, None once it closed) and `close(code, reason)`, all awaitable. `run_socket` attaches
it to its session, hands every frame to it (read by `read_frames`, as an inbox's are too), and
writes the session's frames in order through one writer task, so that a slow socket never blocks
the session.
"""

from __future__ import annotations

import asyncio
from typing import Any, AsyncIterator, Optional, Protocol, Union, runtime_checkable

from .handshake import Handshake
from .jsjson import loads
from .session import AgentSession

__all__ = ["KitSocket", "HandshakeSocket", "SocketWriter", "run_socket", "read_frames", "kit_message", "TOO_LARGE"]

#: The close code for a frame over the maximum size (RFC 6455 "message too big").
TOO_LARGE = 1009


class KitSocket(Protocol):
    """An accepted WebSocket, as the kit uses it."""

    async def send(self, text: str) -> None: ...

    async def receive(self) -> Optional[str]:
        """The next text frame; None once the socket closed."""
        ...

    async def close(self, code: int, reason: str) -> None: ...


@runtime_checkable
class HandshakeSocket(Protocol):
    """A socket whose adapter read the upgrade request, and that may still be refused before it opens."""

    @property
    def handshake(self) -> Handshake: ...

    async def accept(self, subprotocol: Optional[str]) -> None: ...

    async def refuse(self, status: int, reason: str) -> None: ...


class SocketWriter:
    """The session's side of a socket: `send` and `close` never block; frames leave in order."""

    def __init__(self, socket: KitSocket) -> None:
        self._socket = socket
        self._queue: asyncio.Queue[Optional[tuple[int, str]]] = asyncio.Queue()
        self._task = asyncio.get_running_loop().create_task(self._write())
        self.closed = False

    def send(self, text: str) -> None:
        self._queue.put_nowait((0, text))

    def close(self, code: int, reason: str) -> None:
        self._queue.put_nowait((code, reason))

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            code, text = item
            try:
                if code == 0:
                    if not self.closed:
                        await self._socket.send(text)
                else:
                    self.closed = True
                    await self._socket.close(code, text)
            except Exception:  # a socket that broke ends like a closed one; the reader sees it
                self.closed = True

    async def drain(self) -> None:
        self._queue.put_nowait(None)
        await self._task


async def run_socket(session: AgentSession, socket: KitSocket, *, max_size: Optional[int] = None, actor: Optional[str] = None) -> None:
    """Runs `session` on `socket` until it closes (a newer connection closes it with 4000).

    `max_size`: a frame over it closes the socket with 1009, unparsed (a server that enforces its
    own limit, as `websockets` does, passes None).
    """
    writer = SocketWriter(socket)
    session.attach(writer, actor)
    try:
        async for text in read_frames(socket, writer, max_size):
            session.receive(writer, text)
    finally:
        session.detach(writer)
        await writer.drain()


async def read_frames(socket: KitSocket, writer: SocketWriter, max_size: Optional[int]) -> AsyncIterator[str]:
    """The socket's text frames until it closes or drops; a frame over `max_size` closes it with 1009."""
    while True:
        try:
            text: Union[str, None] = await socket.receive()
        except Exception:  # a dropped connection ends like a closed one
            return
        if text is None:
            return
        if max_size is not None and len(text) > max_size // 4 and len(text.encode("utf-8")) > max_size:
            writer.close(TOO_LARGE, "message too big")
            return
        yield text


def kit_message(text: str) -> Optional[dict[str, Any]]:
    """A kit's text frame as a message of this protocol's version (`"v": 1`), or None for anything else."""
    try:
        message = loads(text)
    except ValueError:
        return None
    if not isinstance(message, dict) or message.get("v") != 1 or type(message.get("v")) is bool:
        return None
    return message
