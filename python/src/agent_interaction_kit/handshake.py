"""Who may connect, decided the same way on every path into a session.

A `Handshake` is the upgrade request as the kit reads it, whatever server received it (the
standalone server on `websockets`, an ASGI server, a framework route): path, query, headers,
cookies, origin, subprotocols. `Admission` decides on it: the Origin must be listed (or, with no
list, loopback) unless the check was turned off by name (`check_origin=False`); a request
without an Origin (not a browser) needs `authorize` to accept it; `authorize` has the last word.
"""

from __future__ import annotations

import inspect
import ipaddress
import logging
from dataclasses import dataclass, field, replace
from http.cookies import CookieError, SimpleCookie
from typing import Awaitable, Callable, Iterable, Iterator, Mapping, Optional, Sequence, TypedDict, Union
from urllib.parse import parse_qsl, urlsplit

__all__ = ["Handshake", "Authorization", "Authorize", "Accepted", "Admitted", "InboxAdmitted", "Refused", "Admission", "is_loopback_origin", "origin_key"]

logger = logging.getLogger("agent_interaction_kit")

_DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}
#: Refused origins warned about, at most: a page cannot grow the set without bound.
_WARNED_MAX = 1000


class Headers(Mapping[str, str]):
    """Request headers, names case-insensitive; a repeated header's values joined with `, `."""

    def __init__(self, pairs: Iterable[tuple[str, str]]) -> None:
        joined: dict[str, str] = {}
        for name, value in pairs:
            key = name.lower()
            joined[key] = f"{joined[key]}, {value}" if key in joined else value
        self._values = joined

    def __getitem__(self, name: str) -> str:
        return self._values[name.lower()]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Headers({self._values!r})"


@dataclass(frozen=True)
class Handshake:
    """The upgrade request, framework-neutral: what `authorize(handshake)` sees.

    `path` is the URL path as the page asked for it (without the query); `query` its parameters
    (the first value of each name); `headers` case-insensitive; `cookies` from the Cookie header;
    `origin` the Origin header (None: not a browser); `subprotocols` what the page offered in
    Sec-WebSocket-Protocol (a token the host's `protocols` property sends); `session_id` the
    session the URL names, if any (an `authorize` answer may name another); `inbox` True for an
    inbox's upgrade, which names no session and is accepted only with an `actor`; `link` True for an
    answer link's page or socket, whose `session_id` is the token's (its `actor` is who answers).
    """

    path: str
    query: Mapping[str, str] = field(default_factory=dict)
    headers: Mapping[str, str] = field(default_factory=lambda: Headers(()))
    cookies: Mapping[str, str] = field(default_factory=dict)
    origin: Optional[str] = None
    subprotocols: tuple[str, ...] = ()
    session_id: Optional[str] = None
    inbox: bool = False
    link: bool = False

    @classmethod
    def read(cls, target: str, headers: Iterable[tuple[str, str]], session_id: Optional[str] = None) -> "Handshake":
        """From a request target (`/agent/sessions/abc?token=…`) and its header pairs."""
        parts = urlsplit(target)
        table = Headers(headers)
        offered = tuple(p.strip() for p in table.get("sec-websocket-protocol", "").split(",") if p.strip())
        return cls(
            path=parts.path,
            query=_first_values(parse_qsl(parts.query, keep_blank_values=True)),
            headers=table,
            cookies=_cookies(table.get("cookie", "")),
            origin=table.get("origin"),
            subprotocols=offered,
            session_id=session_id,
        )


def _first_values(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    values: dict[str, str] = {}
    for name, value in pairs:
        values.setdefault(name, value)
    return values


def _cookies(header: str) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


class Accepted(TypedDict, total=False):
    """An accepting `authorize` answer that says more: the session (wins over the URL's) and who the user is."""

    session_id: str
    actor: str


#: `authorize`'s answer: False/None refuses; True accepts with the URL's session; a string accepts
#: with that session id; `{"session_id"?, "actor"?}` accepts and keeps `actor` with the session.
Authorization = Union[bool, str, None, Accepted]
Authorize = Callable[[Handshake], Union[Authorization, Awaitable[Authorization]]]


@dataclass(frozen=True)
class Admitted:
    session_id: str
    actor: Optional[str] = None


@dataclass(frozen=True)
class InboxAdmitted:
    """An inbox's upgrade, accepted: whose inbox it opens."""

    actor: str


@dataclass(frozen=True)
class Refused:
    status: int
    reason: str


def origin_key(origin: str) -> Optional[str]:
    """`scheme://host:port`, lower-cased, the port left out when it is the scheme's default."""
    try:
        parts = urlsplit(origin.strip())
        port = parts.port
    except ValueError:
        return None
    if not parts.scheme or not parts.hostname:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    shown = "" if port is None or port == _DEFAULT_PORTS.get(parts.scheme.lower()) else f":{port}"
    return f"{parts.scheme.lower()}://{host.lower()}{shown}"


def is_loopback_origin(origin: str) -> bool:
    """127.0.0.0/8, localhost and [::1], any port and scheme."""
    try:
        host = urlsplit(origin.strip()).hostname
    except ValueError:
        return False
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _normalize_origins(origins: Sequence[str]) -> set[str]:
    if isinstance(origins, str) or not isinstance(origins, Sequence):
        raise TypeError("allowed_origins must be a list of origins such as 'https://chat.example.com'")
    keys: set[str] = set()
    for index, origin in enumerate(origins):
        key = origin_key(origin) if isinstance(origin, str) else None
        bare = isinstance(origin, str) and not urlsplit(origin.strip()).path.strip("/") and "?" not in origin and "#" not in origin
        if key is None or not bare:
            raise TypeError(f"allowed_origins[{index}] must be an origin such as 'https://chat.example.com'; got {origin!r}")
        keys.add(key)
    return keys


def _grant(verdict: object) -> Union[Accepted, None, str]:
    """`authorize`'s answer as a grant; None refuses; a string says what is wrong with the answer."""
    if verdict is True:
        return {}
    if verdict is False or verdict is None or verdict == "":
        return None
    if isinstance(verdict, str):
        return {"session_id": verdict}
    if not isinstance(verdict, Mapping):
        return f"it returned {verdict!r}; expected True, False, a session id or {{'session_id'?, 'actor'?}}"
    session_id, actor = verdict.get("session_id"), verdict.get("actor")
    if session_id is not None and (not isinstance(session_id, str) or not session_id):
        return "session_id must be a non-empty string"
    if actor is not None and not isinstance(actor, str):
        return "actor must be a string"
    grant: Accepted = {}
    if session_id is not None:
        grant["session_id"] = session_id
    if actor is not None:
        grant["actor"] = actor
    return grant


class Admission:
    """The decision made before a socket opens, the same for every way into a session."""

    def __init__(self, allowed_origins: Optional[Sequence[str]], authorize: Optional[Authorize], check_origin: bool = True) -> None:
        self._allowed = _normalize_origins(allowed_origins) if allowed_origins is not None else None
        self._authorize = authorize
        self._check_origin = check_origin
        self._warned: set[str] = set()

    def origin_allowed(self, origin: str) -> bool:
        if not self._check_origin:
            return True
        return origin_key(origin) in self._allowed if self._allowed is not None else is_loopback_origin(origin)

    async def decide(self, handshake: Handshake, *, accepted_by_caller: bool = False) -> Union[Admitted, Refused]:
        """Admitted with a session id (and actor), or Refused with the HTTP status to answer.

        `accepted_by_caller`: the application's own route already authenticated the socket
        (`serve`), which stands for `authorize` when none is given.
        """
        grant = await self._gate(handshake, accepted_by_caller)
        if isinstance(grant, Refused):
            return grant
        session_id = grant.get("session_id") or handshake.session_id
        if not session_id:
            return Refused(404, "no session in the URL")
        return Admitted(session_id, grant.get("actor"))

    async def decide_inbox(self, handshake: Handshake, *, actor: Optional[str] = None) -> Union[InboxAdmitted, Refused]:
        """An inbox's upgrade: the same checks, and `authorize` (or the route's own `actor`) must name an actor."""
        grant = await self._gate(replace(handshake, inbox=True, session_id=None), accepted_by_caller=actor is not None)
        if isinstance(grant, Refused):
            return grant
        named = actor or grant.get("actor")
        return InboxAdmitted(named) if named else Refused(403, "an inbox needs an actor, and authorize named none")

    async def _gate(self, handshake: Handshake, accepted_by_caller: bool) -> Union[Accepted, Refused]:
        """The checks of every upgrade: the origin, then `authorize`'s answer."""
        origin = handshake.origin
        if origin is not None and not self.origin_allowed(origin):
            self._warn(origin)
            return Refused(403, f"origin {origin} is not allowed")
        if self._authorize is None:
            if origin is None and not accepted_by_caller:
                return Refused(403, "no Origin header, and no authorize to accept it")
            grant: Union[Accepted, None, str] = {}
        else:
            try:
                verdict = self._authorize(handshake)
                if inspect.isawaitable(verdict):
                    verdict = await verdict
                grant = _grant(verdict)
            except Exception:  # an authorize that raises refuses, as False would
                logger.exception("authorize raised: the connection is refused")
                grant = None
        if isinstance(grant, str):
            logger.warning("authorize's answer refused the connection: %s", grant)
            return Refused(403, grant)
        if grant is None:
            return Refused(403, "refused by authorize")
        return grant

    def _warn(self, origin: str) -> None:
        """Once per origin: a page that retries does not flood the log."""
        if origin in self._warned or len(self._warned) >= _WARNED_MAX:
            return
        self._warned.add(origin)
        listed = "allowed_origins" if self._allowed is not None else "the loopback origins allowed without allowed_origins"
        logger.warning("refused a connection from origin %s: it is not in %s", origin, listed)
