"""A server's answer links (docs/runtime.md#answer-links): the `links`, `notify` and `notify_after`
options checked, the places they add to every session (the links' hub, the notifier), and the
decisions of the answer page's GET and socket.

Both check the token the same way: malformed or not signed with the secret (compared in constant
time) 404, expired 410, and with an audience, `authorize` (given the request) must name that very
actor, else 403. The socket also needs an allowed origin, as a session's does, and a call this
server knows with the signed arguments (on a fleet, a call the fleet holds, asked on any
instance: `fleet_links`). A refusal tells nothing of any call.
"""

from __future__ import annotations

import inspect
from dataclasses import replace
import logging
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Mapping, MutableMapping, Optional, Union

from .answer_page import PageAnswer, asset_answer, is_asset, page_for, page_headers
from .call_links import CallLinks, Links
from .clock import Clock
from .handshake import Admission, Authorize, Handshake, Refused
from .jsjson import arguments_sha256
from .link_sockets import LinkAdmitted, LinkHub, run_link_socket
from .links import AnswerTokenClaims, token_claims, verify_answer_token
from .notifier import Notifier, NotifyFunction, RedisNotifyClaim, check_notify_options
from .places import CallPlaces, ShownSession
from .sockets import KitSocket

if TYPE_CHECKING:
    from .fleet_links import FleetLinkAdmitted, FleetLinks

__all__ = ["AnswerLinks"]


def _relative(scope: Mapping[str, Any]) -> str:
    """The path under the mount point."""
    path, root = str(scope.get("path", "")), str(scope.get("root_path", ""))
    return path[len(root) :] if root and path.startswith(root) else path

logger = logging.getLogger("agent_interaction_kit")

_STATUS = {"malformed": 404, "bad_signature": 404, "call": 404, "arguments": 404, "expired": 410, "audience": 403}


class AnswerLinks:
    """The links of one server, from its options; `places` are told of every session's calls."""

    def __init__(
        self,
        links: Optional[Links],
        notify: Optional[NotifyFunction],
        notify_after: Optional[float],
        *,
        clock: Clock,
        admission: Admission,
        authorize: Optional[Authorize],
        check_origin: bool,
        redis: Optional[str],
        fleet: Optional["FleetLinks"] = None,
    ) -> None:
        self.links = CallLinks(links) if links is not None else None
        self.hub = LinkHub() if self.links is not None else None
        self._clock, self._admission, self._authorize, self._check_origin = clock, admission, authorize, check_origin
        self._fleet = fleet
        self._claim = RedisNotifyClaim(redis) if redis is not None and notify is not None else None
        self.notifier: Optional[Notifier] = None
        if notify is not None or notify_after is not None:
            after = check_notify_options(notify, notify_after, links)
            assert notify is not None and self.links is not None
            self.notifier = Notifier(notify, after, self.links, clock, self._claim)

    @property
    def places(self) -> list[Optional[CallPlaces]]:
        return [self.hub, self.notifier]

    @property
    def path(self) -> Optional[str]:
        """The answer page's URL path, without a trailing slash (None without links)."""
        return self.links.path if self.links is not None else None

    def token_of(self, path: str) -> Optional[str]:
        """The one segment after the answer page's path (`<path>/<token>`), or None for another path."""
        if self.links is None or not path.startswith(self.links.path + "/"):
            return None
        rest = path[len(self.links.path) + 1 :]
        return rest if rest and "/" not in rest else None

    async def page(self, segment: str, shake: Handshake, sessions: Mapping[str, ShownSession]) -> PageAnswer:
        """`GET <path>/<segment>`: the page's script or style, a refusal, or the answer page (also
        for a call that settled: its page shows the receipt)."""
        assert self.links is not None
        base = self.links.links.base_url
        language = shake.headers.get("accept-language")
        if is_asset(segment):
            return asset_answer(segment, self.links.path, base, language)
        verdict = await self._check(segment, shake)
        if not isinstance(verdict, int) and not await self._signed(verdict[0], sessions):
            verdict = 404
        return page_for(verdict if isinstance(verdict, int) else 200, self.links.path, base, language)

    async def _signed(self, claims: AnswerTokenClaims, sessions: Mapping[str, ShownSession]) -> bool:
        """The token is signed for the call its id names: here, or on a fleet as the fleet holds it
        (Redis unreachable: the page is shown, and its socket decides)."""
        if self._fleet is None:
            return self._signed_for(claims, sessions)
        try:
            return await self._fleet.signed_for(claims)
        except Exception:
            return True

    @staticmethod
    def _signed_for(claims: AnswerTokenClaims, sessions: Mapping[str, ShownSession]) -> bool:
        """False for a token signed for other arguments than the call pending here (its id asked again)."""
        session = sessions.get(claims["session_id"])
        call = session.waiting.get(claims["call_id"]) if session is not None else None
        return call is None or arguments_sha256(call.args) == claims["arguments_sha256"]

    async def serve_http(self, scope: MutableMapping[str, Any], send: Any, sessions: Mapping[str, ShownSession]) -> bool:
        """An ASGI `http` request at the answer page's path (GET or HEAD), answered; False for another path."""
        from .asgi import handshake_of

        shake = handshake_of(scope)
        segment = self.token_of(str(scope.get("path", ""))) or self.token_of(str(scope.get("root_path", "")) + _relative(scope))
        if segment is None:
            return False
        method = str(scope.get("method", "GET")).upper()
        if method not in ("GET", "HEAD"):
            answer = self.not_allowed()
        else:
            answer = await self.page(segment, shake, sessions)
        headers = [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in answer.headers]
        headers.append((b"content-length", str(len(answer.body)).encode()))
        await send({"type": "http.response.start", "status": answer.status, "headers": headers})
        await send({"type": "http.response.body", "body": b"" if method == "HEAD" else answer.body})
        return True

    def not_allowed(self) -> PageAnswer:
        """Any method but GET and HEAD at the answer page's path: 405, under the page's headers."""
        assert self.links is not None
        return PageAnswer(405, [*page_headers(self.links.links.base_url), ("Allow", "GET, HEAD")], b"")

    async def admit(self, segment: str, shake: Handshake, sessions: Mapping[str, ShownSession]) -> Union[LinkAdmitted, "FleetLinkAdmitted", Refused]:
        """A link's socket: the sessions' origin rule, the token's checks, and a call known here (on a
        fleet: held by the fleet) with the signed arguments."""
        origin = shake.origin
        if origin is None and self._check_origin:
            return Refused(403, "no Origin header")
        if origin is not None and not self._admission.origin_allowed(origin):
            return Refused(403, f"origin {origin} is not allowed")
        verdict = await self._check(segment, shake)
        if isinstance(verdict, int):
            return Refused(verdict, "the link is refused")
        claims, actor = verdict
        if self._fleet is not None:
            try:
                stored = await self._fleet.admit(claims, actor)
            except Exception:
                return Refused(503, "session store unavailable")
            return stored if stored is not None else Refused(404, "no such call in the fleet")
        session = sessions.get(claims["session_id"])
        frame = self.hub.frame(session, claims["call_id"]) if session is not None and self.hub is not None else None
        if session is None or frame is None or arguments_sha256(frame["arguments"]) != claims["arguments_sha256"]:
            return Refused(404, "no such call here")
        return LinkAdmitted(session, claims["call_id"], actor)

    async def run(self, admitted: Union[LinkAdmitted, "FleetLinkAdmitted"], socket: KitSocket, *, max_size: Optional[int] = None) -> None:
        """Runs an admitted link's socket until it closes: on this server's sessions, or on the fleet's stored call."""
        if isinstance(admitted, LinkAdmitted):
            assert self.hub is not None
            await run_link_socket(self.hub, admitted, socket, max_size=max_size)
        elif self._fleet is not None:
            await self._fleet.run(admitted, socket, max_size=max_size)

    async def _check(self, token: str, shake: Handshake) -> Union[int, tuple[AnswerTokenClaims, Optional[str]]]:
        """The token's status (404, 410, 403), or its claims and the actor `authorize` gave."""
        assert self.links is not None
        now = datetime.fromtimestamp(self._clock.now(), timezone.utc)
        secret = self.links.links.secret
        outcome = verify_answer_token(token, secret=secret, now=now)
        if not outcome.ok and outcome.reason != "audience":
            return _STATUS[outcome.reason or "malformed"]
        claims = outcome.claims or token_claims(token)
        if claims is None:
            return 404
        actor = await self._actor(replace(shake, session_id=claims["session_id"], link=True))
        if claims["aud"] is not None and claims["aud"] != actor:
            return 403
        return claims, actor

    async def _actor(self, shake: Handshake) -> Optional[str]:
        """Who `authorize` says the request's person is (None when it names nobody or refuses: a
        link without an audience needs nobody signed in)."""
        if self._authorize is None:
            return None
        try:
            verdict: Any = self._authorize(shake)
            if inspect.isawaitable(verdict):
                verdict = await verdict
        except Exception:
            logger.exception("authorize raised on an answer link: nobody is signed in")
            return None
        actor = verdict.get("actor") if isinstance(verdict, Mapping) else None
        return actor if isinstance(actor, str) and actor else None

    async def close(self) -> None:
        if self.hub is not None:
            self.hub.disconnect(1001, "server closing")
        if self._fleet is not None:
            self._fleet.disconnect(1001, "server closing")
        if self._claim is not None:
            await self._claim.close()
