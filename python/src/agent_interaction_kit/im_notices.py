"""Notices to the IM apps the enterprise sessions live in: Feishu (an app bot's interactive card),
DingTalk (a custom robot's signed actionCard) and WeCom (a group robot's template card), each with
one button, the answer link. The same payloads, byte for byte, as the Node runtime's
(``sendFeishu``, ``sendDingTalk``, ``sendWeCom``).

They speak each platform's documented HTTP API with the standard library: Feishu's own Python SDK
(``lark-oapi``) would do the token exchange below for you, but the package needs nothing more for
two POSTs. The receiver (a chat id, a robot's webhook) is configuration, never the call's arguments.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import re
import time
import urllib.parse
from typing import Any, Callable

from .notices import NotifyInput, _json, _post_json, notice_text

__all__ = [
    "WECOM_LENGTHS",
    "dingtalk_message",
    "dingtalk_sign",
    "escape_dingtalk",
    "feishu_message",
    "send_dingtalk",
    "send_feishu",
    "send_wecom",
    "wecom_message",
]

_WAITING = "An agent is waiting for your answer"
_TEMPLATE = {"high": "red", "medium": "orange", "low": "blue"}


def _plain(content: str) -> dict[str, str]:
    return {"tag": "plain_text", "content": content}


def feishu_message(notice: NotifyInput) -> dict[str, Any]:
    """The message card: a header coloured by severity, the message as plain_text (never lark_md), one button."""
    words = notice_text(notice)
    elements: list[dict[str, Any]] = [{"tag": "div", "text": _plain(words.message or " ")}]
    if words.severity:
        elements.append({"tag": "note", "elements": [_plain(f"Severity: {words.severity}")]})
    elements.append({"tag": "action", "actions": [{"tag": "button", "text": _plain("Answer"), "type": "primary", "url": notice["link"]}]})
    return {
        "config": {"wide_screen_mode": True, "enable_forward": False},
        "header": {"template": _TEMPLATE.get(words.severity or "", "blue"), "title": _plain(words.title or _WAITING)},
        "elements": elements,
    }


# Every ASCII punctuation character: CommonMark makes each literal behind a backslash.
_PUNCTUATION = re.compile(r"[!-/:-@\[-`{-~]")


def escape_dingtalk(value: str) -> str:
    """Escapes DingTalk markdown: a link, an image, a heading, emphasis or HTML the model wrote stays text."""
    return _PUNCTUATION.sub(lambda match: "\\" + match.group(0), value).replace("\n", "  \n")


def dingtalk_sign(secret: str, timestamp: str) -> str:
    """The robot's ``sign``: base64 of HMAC-SHA256 under the secret of ``timestamp + "\\n" + secret``."""
    digest = hmac.new(secret.encode("utf-8"), f"{timestamp}\n{secret}".encode("utf-8"), hashlib.sha256).digest()
    return base64.b64encode(digest).decode("ascii")


def dingtalk_message(notice: NotifyInput) -> dict[str, Any]:
    """The actionCard: the title as plain text for the chat list, the words as escaped markdown, one button."""
    words = notice_text(notice)
    title = words.title or _WAITING
    parts = [f"### {escape_dingtalk(title)}", escape_dingtalk(words.message)]
    if words.severity:
        parts.append(f"Severity: {escape_dingtalk(words.severity)}")
    text = "\n\n".join(part for part in parts if part)
    return {"msgtype": "actionCard", "actionCard": {"title": title, "text": text, "singleTitle": "Answer", "singleURL": notice["link"]}}


WECOM_LENGTHS = {"title": 26, "desc": 30, "sub_title": 112, "jump": 13}
"""The longest text each field holds, in characters, as WeCom documents the text_notice card."""


def _fit(value: str, limit: int) -> str:
    return value[: limit - 1] + "…" if len(value) > limit else value


def wecom_message(notice: NotifyInput) -> dict[str, Any]:
    """The template card: the title and severity, the message as its text, the link as its action and its one jump."""
    words = notice_text(notice)
    main_title: dict[str, str] = {"title": _fit(words.title or "An agent is waiting", WECOM_LENGTHS["title"])}
    if words.severity:
        main_title["desc"] = _fit(f"Severity: {words.severity}", WECOM_LENGTHS["desc"])
    card: dict[str, Any] = {"card_type": "text_notice", "main_title": main_title}
    if words.message:
        card["sub_title_text"] = _fit(words.message, WECOM_LENGTHS["sub_title"])
    card["jump_list"] = [{"type": 1, "url": notice["link"], "title": "Answer"}]
    card["card_action"] = {"type": 1, "url": notice["link"]}
    return {"msgtype": "template_card", "template_card": card}


def _request(platform: str, url: str, body: object, headers: dict[str, str] | None = None, timeout: float = 10.0) -> dict[str, Any]:
    """POSTs ``body`` as JSON; the platform's JSON answer."""
    return _post_json(platform, url, _json(body), headers, timeout)


def _robot(platform: str, url: str, body: object, timeout: float) -> None:
    """A group robot's post (DingTalk's, WeCom's): HTTP 200 with ``errcode`` 0 is the only success."""
    answer = _request(platform, url, body, timeout=timeout)
    if answer.get("errcode") != 0:
        raise RuntimeError(f"{platform}: errcode {answer.get('errcode')}: {answer.get('errmsg', 'no errmsg')}")


def _feishu(notice: NotifyInput, app_id: str, app_secret: str, chat_id: str, domain: str, timeout: float) -> None:
    token = _request("Feishu", f"{domain}/open-apis/auth/v3/tenant_access_token/internal", {"app_id": app_id, "app_secret": app_secret}, timeout=timeout)
    if token.get("code") != 0 or not isinstance(token.get("tenant_access_token"), str):
        raise RuntimeError(f"Feishu: code {token.get('code')}: {token.get('msg', 'no message')}")
    body = {"receive_id": chat_id, "msg_type": "interactive", "content": _json(feishu_message(notice))}
    headers = {"authorization": f"Bearer {token['tenant_access_token']}"}
    answer = _request("Feishu", f"{domain}/open-apis/im/v1/messages?receive_id_type=chat_id", body, headers, timeout)
    if answer.get("code") != 0:
        raise RuntimeError(f"Feishu: code {answer.get('code')}: {answer.get('msg', 'no message')}")


async def send_feishu(
    notice: NotifyInput, *, app_id: str, app_secret: str, chat_id: str, domain: str = "https://open.feishu.cn", timeout: float = 10.0
) -> None:
    """Posts the card to the group chat as the app bot (a tenant token from the app's credentials first)."""
    await asyncio.to_thread(_feishu, notice, app_id, app_secret, chat_id, domain.rstrip("/"), timeout)


async def send_dingtalk(notice: NotifyInput, *, webhook: str, secret: str, now: Callable[[], float] = time.time, timeout: float = 10.0) -> None:
    """Posts the actionCard through the robot's webhook, signed with its secret (timestamp in milliseconds)."""
    timestamp = str(int(now() * 1000))
    parts = urllib.parse.urlsplit(webhook)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True) + [("timestamp", timestamp), ("sign", dingtalk_sign(secret, timestamp))]
    url = urllib.parse.urlunsplit(parts._replace(query=urllib.parse.urlencode(query)))
    await asyncio.to_thread(_robot, "DingTalk", url, dingtalk_message(notice), timeout)


async def send_wecom(notice: NotifyInput, *, url: str, timeout: float = 10.0) -> None:
    """Posts the template card through the group robot's webhook."""
    await asyncio.to_thread(_robot, "WeCom", url, wecom_message(notice), timeout)
