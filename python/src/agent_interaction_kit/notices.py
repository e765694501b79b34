"""Notices of a pending call, with the link that answers it: the words every sender reads, and the
senders for a signed JSON webhook and for Slack. The same payloads, byte for byte, as the Node
runtime's (`agent-interaction-kit/agent`: ``sendWebhook``, ``sendSlack``).

Where a notice goes is the sender's own configuration (a webhook's URL), never the call's
arguments: the model cannot send a notice somewhere else. The HTTP posts use the standard
library (in a worker thread), so the package needs nothing more; Slack's incoming webhook is one
JSON POST of its documented shape.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import re
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any, Callable, TypedDict

__all__ = [
    "NOTICE_MESSAGE_LENGTH",
    "NOTICE_TITLE_LENGTH",
    "NoticeText",
    "NotifyCall",
    "NotifyInput",
    "escape_slack",
    "notice_text",
    "reveal_marks",
    "send_slack",
    "send_webhook",
    "slack_message",
    "webhook_body",
    "webhook_signature",
]

NOTICE_TITLE_LENGTH = 100
"""The longest title a notice carries; the card behind the link shows it whole."""
NOTICE_MESSAGE_LENGTH = 1000
"""The longest message a notice carries."""
_SEVERITY_LENGTH = 20

# Characters that change how text reads without being seen (bidi controls, zero-width and format
# characters, C0/C1 controls but newline and tab), as the cards' safe text path marks them.
_HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")

WEBHOOK_SIGNATURE_HEADER = "x-aik-signature"
_ANSWERED = "{platform} answered {code}"
"""How the webhook and Slack senders say an HTTP refusal, as the Node runtime's do."""
WEBHOOK_TIMESTAMP_HEADER = "x-aik-timestamp"


class NotifyCall(TypedDict):
    id: str
    tool: str
    arguments: dict[str, Any]
    deadline: str


class _NotifyInputBase(TypedDict):
    session_id: str
    call: NotifyCall
    link: str


class NotifyInput(_NotifyInputBase, total=False):
    """The ``notify`` hook's argument: the pending call and the link that answers it."""

    context: dict[str, Any]
    actor: str | None


@dataclass(frozen=True)
class NoticeText:
    """A notice's words as the model wrote them, hidden characters as marks, length bounded."""

    title: str | None
    message: str
    severity: str | None


def reveal_marks(text: str) -> str:
    """Hidden characters written as visible marks (⟨U+202E⟩); a Windows line end is a line end."""
    return _HIDDEN.sub(lambda match: f"⟨U+{ord(match.group(0)):04X}⟩", text.replace("\r\n", "\n"))


def _text(value: object, limit: int) -> str | None:
    if not isinstance(value, str) or value == "":
        return None
    shown = reveal_marks(value)
    # Counted in code points, as the Node runtime counts them.
    return shown[: limit - 1] + "…" if len(shown) > limit else shown


def notice_text(notice: NotifyInput) -> NoticeText:
    """The call's title, message and severity, each only when the model wrote it as text."""
    args = notice["call"]["arguments"]
    return NoticeText(
        title=_text(args.get("title"), NOTICE_TITLE_LENGTH),
        message=_text(args.get("message"), NOTICE_MESSAGE_LENGTH) or "",
        severity=_text(args.get("severity"), _SEVERITY_LENGTH),
    )


def _json(value: object) -> str:
    """JSON as JavaScript's JSON.stringify writes it: no spaces, characters as they are."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def webhook_body(notice: NotifyInput) -> dict[str, Any]:
    """The JSON body: the model's strings as data, never as markup, the answer link the only URL."""
    words = notice_text(notice)
    return {
        "v": 1,
        "type": "pending_call",
        "session_id": notice["session_id"],
        "call_id": notice["call"]["id"],
        "tool": notice["call"]["tool"],
        "title": words.title,
        "message": words.message,
        "severity": words.severity,
        "deadline": notice["call"]["deadline"],
        "link": notice["link"],
        "actor": notice.get("actor"),
    }


def webhook_signature(secret: str, timestamp: str, body: str) -> str:
    """``sha256=`` + hex HMAC-SHA256(secret, timestamp + "." + body): compare it in constant time."""
    digest = hmac.new(secret.encode("utf-8"), f"{timestamp}.{body}".encode("utf-8"), hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def escape_slack(value: str) -> str:
    """Escapes Slack mrkdwn's control characters, so ``<!channel>`` or ``<http://…|x>`` stays text."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def slack_message(notice: NotifyInput) -> dict[str, Any]:
    """Block Kit: the model's strings escaped and ``verbatim`` (no auto-links, no parsed mentions)."""
    words = notice_text(notice)
    title = escape_slack(words.title or "An agent is waiting for your answer")
    message = escape_slack(words.message)
    blocks: list[dict[str, Any]] = [
        {"type": "header", "text": {"type": "plain_text", "text": re.sub(r"&[a-z]*$", "", title[:150]), "emoji": False}},
        {"type": "section", "text": {"type": "mrkdwn", "text": message or " ", "verbatim": True}},
    ]
    if words.severity:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": f"Severity: {escape_slack(words.severity)}", "verbatim": True}]})
    blocks.append(
        {
            "type": "actions",
            "elements": [{"type": "button", "text": {"type": "plain_text", "text": "Answer"}, "url": notice["link"], "style": "primary", "action_id": "aik_answer"}],
        }
    )
    return {"text": title, "blocks": blocks}


def _post_json(platform: str, url: str, body: str, headers: dict[str, str] | None = None, timeout: float = 10.0, *, refused: str = "{platform}: HTTP {code}") -> dict[str, Any]:
    """POSTs a JSON body and returns the JSON object it is answered with ({} for any other answer);
    raises RuntimeError naming the platform: ``refused`` for an HTTP error status, or unreachable."""
    request = urllib.request.Request(url, data=body.encode("utf-8"), headers={"content-type": "application/json", **(headers or {})}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 (the URL is the caller's configuration)
            raw = response.read()
    except urllib.error.HTTPError as error:
        raise RuntimeError(refused.format(platform=platform, code=error.code)) from None
    except (urllib.error.URLError, TimeoutError) as error:
        raise RuntimeError(f"{platform} could not be reached: {error}") from None
    try:
        answer = json.loads(raw)
    except ValueError:
        return {}
    return answer if isinstance(answer, dict) else {}


async def send_webhook(notice: NotifyInput, *, url: str, secret: str, now: Callable[[], float] = time.time, timeout: float = 10.0) -> None:
    """Posts the signed notice; raises RuntimeError when the receiver does not answer 2xx."""
    body = _json(webhook_body(notice))
    timestamp = str(int(now()))
    headers = {WEBHOOK_TIMESTAMP_HEADER: timestamp, WEBHOOK_SIGNATURE_HEADER: webhook_signature(secret, timestamp, body)}
    await asyncio.to_thread(_post_json, "webhook", url, body, headers, timeout, refused=_ANSWERED)


async def send_slack(notice: NotifyInput, *, url: str, timeout: float = 10.0) -> None:
    """Posts the message to an incoming webhook (its URL names the channel; the call never does)."""
    await asyncio.to_thread(_post_json, "Slack", url, _json(slack_message(notice)), None, timeout, refused=_ANSWERED)
