"""Answer-link tokens: a signed, self-contained claim that lets a page answer one pending call.

token = P "." base64url(HMAC-SHA256(secret, P)), P = base64url of the canonical JSON of
{v: 1, call_id, session_id, arguments_sha256, exp, aud}: the same bytes as the Node runtime's.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import math
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Literal, TypedDict

from .jsjson import arguments_sha256, canonical_json

__all__ = ["AnswerTokenClaims", "AnswerTokenOutcome", "AnswerTokenRefusal", "mint_answer_token", "token_claims", "verify_answer_token"]

AnswerTokenRefusal = Literal["malformed", "bad_signature", "expired", "call", "arguments", "audience"]
"""Why a token is refused: for the server's log only; the page is told nothing of the call."""

_SEGMENT = re.compile(r"[A-Za-z0-9_-]+")
_UNSET: Any = object()


class AnswerTokenClaims(TypedDict):
    v: int
    call_id: str
    session_id: str
    arguments_sha256: str
    exp: int
    aud: str | None


@dataclass(frozen=True)
class AnswerTokenOutcome:
    """`ok` with the claims, or refused with a `reason`."""

    ok: bool
    claims: AnswerTokenClaims | None = None
    reason: AnswerTokenRefusal | None = None


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _sign(secret: str, payload: str) -> str:
    return _b64url(hmac.new(secret.encode("utf-8"), payload.encode("ascii"), hashlib.sha256).digest())


def _epoch(moment: datetime | str) -> float:
    when = datetime.fromisoformat(moment.replace("Z", "+00:00")) if isinstance(moment, str) else moment
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    return when.timestamp()


def mint_answer_token(
    *, secret: str, call_id: str, session_id: str, arguments: Any, deadline: datetime | str, aud: str | None = None
) -> str:
    """Mints the token for one pending call; `exp` is the deadline in epoch seconds, rounded up."""
    claims: AnswerTokenClaims = {
        "v": 1,
        "call_id": call_id,
        "session_id": session_id,
        "arguments_sha256": arguments_sha256(arguments),
        "exp": math.ceil(round(_epoch(deadline) * 1000) / 1000),
        "aud": aud,
    }
    payload = _b64url(canonical_json(claims).encode("utf-8"))
    return f"{payload}.{_sign(secret, payload)}"


def _read_claims(payload: str) -> AnswerTokenClaims | None:
    try:
        value = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8"))
    except (ValueError, binascii.Error):
        return None
    if not isinstance(value, dict):
        return None
    shaped = (
        value.get("v") == 1
        and type(value.get("v")) is int
        and isinstance(value.get("call_id"), str)
        and isinstance(value.get("session_id"), str)
        and isinstance(value.get("arguments_sha256"), str)
        and type(value.get("exp")) in (int, float)
        and (value.get("aud") is None or isinstance(value.get("aud"), str))
    )
    return value if shaped else None  # type: ignore[return-value]


def token_claims(token: str) -> AnswerTokenClaims | None:
    """The claims a token's payload carries, read without checking its signature: only for a token
    `verify_answer_token` refused for its audience alone (its signature and expiry were checked)."""
    return _read_claims(token.split(".")[0]) if isinstance(token, str) else None


def verify_answer_token(
    token: str,
    *,
    secret: str,
    now: datetime | str | None = None,
    call_id: str | None = None,
    arguments: Any = _UNSET,
    actor: str | None = None,
) -> AnswerTokenOutcome:
    """Checks a token: its form, its signature (in constant time), its expiry, then, when given,
    the call it names, the call's arguments, and the audience against `actor`."""
    parts = token.split(".") if isinstance(token, str) else []
    if len(parts) != 2 or not all(_SEGMENT.fullmatch(part) for part in parts):
        return AnswerTokenOutcome(ok=False, reason="malformed")
    payload, signature = parts
    if not hmac.compare_digest(signature.encode("ascii"), _sign(secret, payload).encode("ascii")):
        return AnswerTokenOutcome(ok=False, reason="bad_signature")
    claims = _read_claims(payload)
    if claims is None:
        return AnswerTokenOutcome(ok=False, reason="malformed")
    moment = datetime.now(timezone.utc).timestamp() if now is None else _epoch(now)
    if not moment < claims["exp"]:
        return AnswerTokenOutcome(ok=False, reason="expired")
    if call_id is not None and call_id != claims["call_id"]:
        return AnswerTokenOutcome(ok=False, reason="call")
    if arguments is not _UNSET and arguments_sha256(arguments) != claims["arguments_sha256"]:
        return AnswerTokenOutcome(ok=False, reason="arguments")
    if claims["aud"] is not None and claims["aud"] != actor:
        return AnswerTokenOutcome(ok=False, reason="audience")
    return AnswerTokenOutcome(ok=True, claims=claims)
