"""The answer page's HTTP side (docs/protocol.md#answer-links): `GET <path>/<token>` and the page's
script `<path>/answer-page.js`, as status, headers and body, for any server to send.

A refused link's page says only why (not valid 404, expired 410, another person's 403) and
nothing of any call. Every answer carries the same strict headers; the page has no inline script
or style, and its one script opens the socket on the page's own origin.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Optional
from urllib.parse import urlsplit

__all__ = ["PageAnswer", "LOCALES", "locale_for", "page_headers", "answer_page", "refusal_page", "script_answer", "SCRIPT_NAME"]

#: The kit's twelve locales; the first is the default.
LOCALES = ("zh-CN", "zh-TW", "en", "ja", "ko", "es", "fr", "de", "pt-BR", "ru", "ar", "he")
_RIGHT_TO_LEFT = ("ar", "he")
SCRIPT_NAME = "answer-page.js"

_TITLES = {
    "zh-CN": "等待你处理的请求", "zh-TW": "等待你處理的請求", "en": "A request waiting for you",
    "ja": "あなたの対応を待つリクエスト", "ko": "처리를 기다리는 요청", "es": "Una solicitud te espera",
    "fr": "Une demande vous attend", "de": "Eine Anfrage wartet auf Sie", "pt-BR": "Uma solicitação aguarda você",
    "ru": "Запрос ждёт вашего ответа", "ar": "طلب بانتظارك", "he": "בקשה ממתינה לך",
}  # fmt: skip

#: What a refused link's page says, in Chinese and in English (every other locale reads the English).
_REFUSALS = {
    404: {"zh-CN": ("链接无效", "这个链接无效。请使用消息中的原始链接。"), "en": ("This link is not valid", "This link is not valid. Use the link from the original message.")},
    410: {"zh-CN": ("链接已过期", "这个链接已过期，请求已不再等待回答。"), "en": ("This link has expired", "This link has expired: the request no longer waits for an answer.")},
    403: {
        "zh-CN": ("请登录", "这个链接是发给另一个人的。请以收到链接的人的身份登录后再打开。"),
        "en": ("Please sign in", "This link was sent to someone else. Sign in as the person it was sent to, then open it again."),
    },
}


@dataclass(frozen=True)
class PageAnswer:
    """An HTTP answer: status, headers (name, value) and body."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes


def _family(tag: str) -> str:
    """A tag's language, and for Chinese its script (Traditional for Hant, TW, HK, MO unless Hans comes first)."""
    tag = tag.lower()
    if re.match(r"^zh-(?!hans).*\b(hant|tw|hk|mo)\b", tag):
        return "zh-hant"
    return tag.split("-", 1)[0]


def locale_for(accept_language: Optional[str]) -> str:
    """The first of the request's languages (by weight) the kit speaks: the same tag, else the same
    language (and for Chinese the same script); zh-CN when none fits."""
    tags: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        pieces = [piece.strip() for piece in part.split(";")]
        tag, weight = pieces[0], 1.0
        for parameter in pieces[1:]:
            if parameter.startswith("q="):
                try:
                    weight = float(parameter[2:])
                except ValueError:
                    weight = 0.0
        if tag and tag != "*" and weight > 0:
            tags.append((-weight, index, tag))
    for _weight, _index, tag in sorted(tags):
        found = next((name for name in LOCALES if name.lower() == tag.lower()), None) or next((name for name in LOCALES if _family(name) == _family(tag)), None)
        if found:
            return found
    return LOCALES[0]


def _socket_origin(base_url: str) -> str:
    """The ws(s):// origin of the public base URL."""
    parts = urlsplit(base_url)
    scheme = "wss" if parts.scheme.lower() == "https" else "ws"
    host, port = (parts.hostname or "").lower(), parts.port
    default = 443 if scheme == "wss" else 80
    if ":" in host:
        host = f"[{host}]"
    return f"{scheme}://{host}" + (f":{port}" if port is not None and port != default else "")


def page_headers(base_url: str) -> list[tuple[str, str]]:
    """The headers of every answer at the answer page's path."""
    policy = (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' {_socket_origin(base_url)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )
    return [
        ("Content-Type", "text/html; charset=utf-8"),
        ("Cache-Control", "no-store"),
        ("Referrer-Policy", "no-referrer"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", policy),
    ]


def _document(locale: str, title: str, head: str, body: str) -> bytes:
    direction = ' dir="rtl"' if locale in _RIGHT_TO_LEFT else ""
    return (
        f'<!doctype html>\n<html lang="{locale}"{direction}>\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n{head}</head>\n<body>{body}</body>\n</html>\n"
    ).encode("utf-8")


def answer_page(path: str, base_url: str, accept_language: Optional[str]) -> PageAnswer:
    """The 200 page: a title, the page's one script and the one element it fills."""
    locale = locale_for(accept_language)
    script = f'<script type="module" src="{html.escape(path.rstrip("/"))}/{SCRIPT_NAME}"></script>\n'
    return PageAnswer(200, page_headers(base_url), _document(locale, _TITLES[locale], script, "<answer-page></answer-page>"))


def refusal_page(status: int, base_url: str, accept_language: Optional[str]) -> PageAnswer:
    """A refused link's page (404, 410 or 403): why, and nothing of any call."""
    locale = "zh-CN" if locale_for(accept_language).startswith("zh") else "en"
    title, text = _REFUSALS[status][locale]
    return PageAnswer(status, page_headers(base_url), _document(locale, title, "", f"<main><h1>{title}</h1><p>{text}</p></main>"))


def _script() -> Optional[bytes]:
    try:
        return resources.files("agent_interaction_kit").joinpath("answer_page.js").read_bytes()
    except (FileNotFoundError, OSError):
        return None


def script_answer(base_url: str) -> PageAnswer:
    """The page's script, from the package (the npm build's `dist/answer-page.js`), cacheable."""
    body = _script()
    headers = [name_value for name_value in page_headers(base_url) if name_value[0] not in ("Content-Type", "Cache-Control")]
    if body is None:
        return PageAnswer(404, [("Content-Type", "text/plain; charset=utf-8"), *headers], b"answer-page.js is not in this package\n")
    return PageAnswer(200, [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "public, max-age=3600"), *headers], body)


def header(pairs: Iterable[tuple[str, str]], name: str) -> Optional[str]:
    """One request header's value, by name in any case."""
    return next((value for key, value in pairs if key.lower() == name.lower()), None)
