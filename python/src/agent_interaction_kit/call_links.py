"""Answer links for pending calls (docs/runtime.md#answer-links): `<base_url><path>/<token>`, the
token signed for the call's session, arguments and deadline, its audience the session's owner.

A high-risk approval gets a link only when the session has an owner: a link anyone holding it may
use never approves a high-risk action. The links are the Node runtime's, byte for byte.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Protocol
from urllib.parse import urlsplit

from .links import mint_answer_token
from .wire import Pending

__all__ = ["Links", "CallLinks", "LinkedSession", "DEFAULT_ANSWER_PATH", "MIN_SECRET_BYTES", "waits_for_person", "is_high_risk"]

DEFAULT_ANSWER_PATH = "/agent/answer"
#: The shortest secret accepted, in UTF-8 bytes: as long as the HMAC-SHA256 key it becomes.
MIN_SECRET_BYTES = 32
_ASKING = ("request_user_approval", "request_user_input")


@dataclass(frozen=True)
class Links:
    """The `links` option: the signing secret (at least 32 bytes, the same on every instance), where
    people reach the application (`https://agents.example.com`, no path of the page), and the answer
    page's URL path; a link is `<base_url><path>/<token>`."""

    secret: str
    base_url: str
    path: str = DEFAULT_ANSWER_PATH


class LinkedSession(Protocol):
    """What a link is minted from: the session's id and owner, and its waiting calls."""

    @property
    def session_id(self) -> str: ...
    @property
    def owner(self) -> Optional[str]: ...
    @property
    def waiting(self) -> Mapping[str, Pending]: ...


def waits_for_person(call: Pending) -> bool:
    """A call that waits for a person's answer (an approval or an input), not a publication."""
    return call.tool in _ASKING


def is_high_risk(tool: str, args: Any) -> bool:
    """An approval the rules read as high-risk (severity `high`, in any case)."""
    severity = args.get("severity") if isinstance(args, Mapping) else None
    return tool == "request_user_approval" and isinstance(severity, str) and severity.strip().lower() == "high"


class CallLinks:
    """Mints the links of one server's sessions, from a checked `Links`."""

    def __init__(self, links: Links) -> None:
        self.links = check_links(links)
        self.path = self.links.path.rstrip("/")
        self._prefix = f"{_normalized(self.links.base_url).rstrip('/')}{self.path}/"

    def link_for(self, session: LinkedSession, call_id: str) -> Optional[str]:
        """The call's link; None for a call not pending here, for publish_artifacts and for a
        high-risk approval in a session without an owner."""
        call = session.waiting.get(call_id)
        if call is None or not waits_for_person(call):
            return None
        aud = session.owner
        if aud is None and is_high_risk(call.tool, call.args):
            return None
        token = mint_answer_token(
            secret=self.links.secret, call_id=call_id, session_id=session.session_id, arguments=call.args, deadline=call.deadline, aud=aud
        )
        return self._prefix + token


def _normalized(base_url: str) -> str:
    """The base URL as a browser (and the Node runtime) writes it: scheme and host in lower case, no default port."""
    parts = urlsplit(base_url)
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    default = {"http": 80, "https": 443}[scheme]
    user = parts.netloc.rpartition("@")[0]
    netloc = (f"{user}@" if user else "") + host + (f":{port}" if port is not None and port != default else "")
    return f"{scheme}://{netloc}{parts.path or '/'}"


def check_links(links: object) -> Links:
    """Checks the `links` option as the Node runtime does: a mistake raises a TypeError naming the field."""
    where = "AgentServer: links"
    if not isinstance(links, Links):
        raise TypeError(f"{where} must be Links(secret=…, base_url=…, path=…); got {links!r}")
    secret, base_url, path = links.secret, links.base_url, links.path
    if not isinstance(secret, str) or len(secret.encode("utf-8")) < MIN_SECRET_BYTES:
        raise TypeError(f"{where}.secret must be a string of at least {MIN_SECRET_BYTES} bytes (a random one, kept out of the code).")
    try:
        parts = urlsplit(base_url) if isinstance(base_url, str) else None
    except ValueError:
        parts = None
    if parts is None or not parts.scheme or not parts.netloc:
        raise TypeError(f"{where}.base_url must be an absolute http(s) URL (got {base_url!r}).")
    if parts.scheme.lower() not in ("http", "https"):
        raise TypeError(f"{where}.base_url must be an http(s) URL (got {base_url!r}).")
    if parts.query or parts.fragment or "?" in base_url or "#" in base_url:
        raise TypeError(f"{where}.base_url takes no query or fragment (got {base_url!r}).")
    if not isinstance(path, str) or not path.startswith("/") or "?" in path or "#" in path:
        raise TypeError(f'{where}.path must be a URL path such as "{DEFAULT_ANSWER_PATH}" (got {path!r}).')
    return links
