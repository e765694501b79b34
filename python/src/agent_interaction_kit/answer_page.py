"""The answer page's HTTP side (docs/protocol.md#answer-links): `GET <path>/<token>` and the page's
script `<path>/answer-page.js`, as status, headers and body, for any server to send.

A refused link's page says only why (not valid 404, expired 410, another person's 403) and
nothing of any call. Every answer carries the same strict headers; the page has no inline script
or style (the style is `<path>/answer-page.css`), and its one script opens the socket on the page's
own origin (a page beyond zh-CN and en loads its language's module first, `<path>/answer-page-<tag>.js`).
The words and the style are the Node runtime's template's (answer_page.json, generated
from it by python/tools/generate_answer_page.py).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Iterable, Optional
from urllib.parse import urlsplit

__all__ = ["PageAnswer", "LOCALES", "PAGE_CSS", "locale_for", "locale_script", "page_headers", "page_html", "page_for", "asset_answer", "is_asset", "SCRIPT_NAME", "STYLE_NAME"]

_DATA: dict[str, Any] = json.loads(resources.files("agent_interaction_kit").joinpath("answer_page.json").read_text("utf-8"))
#: The kit's twelve locales; the first is the default.
LOCALES: tuple[str, ...] = tuple(_DATA["locales"])
_STRINGS: dict[str, dict[str, Any]] = _DATA["strings"]
#: The pages' one stylesheet, `<path>/answer-page.css`.
PAGE_CSS: str = _DATA["css"]
#: The languages the page's script carries; any other is its own module, loaded only by its page.
SCRIPT_LOCALES: tuple[str, ...] = tuple(_DATA["scriptLocales"])
SCRIPT_NAME = "answer-page.js"
STYLE_NAME = "answer-page.css"
_KINDS = {200: "answer", 403: "signIn", 404: "invalid", 410: "expired"}


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


def locale_script(locale: str) -> Optional[str]:
    """The file of a language's module under the answer path (`answer-page-ja.js`), or None when the
    page's script carries the language."""
    return None if locale in SCRIPT_LOCALES else f"answer-page-{locale}.js"


_LOCALE_SCRIPTS = {name: locale for locale in LOCALES if (name := locale_script(locale))}


def is_asset(segment: str) -> bool:
    """Whether a segment names one of the page's files (its script, style, or a language's module)."""
    return segment in (SCRIPT_NAME, STYLE_NAME) or segment in _LOCALE_SCRIPTS


def _escape(text: str) -> str:
    return re.sub(r"[&<>\"']", lambda match: f"&#{ord(match.group(0))};", text)


def page_html(kind: str, locale: str, base: str) -> str:
    """The page's HTML, the Node runtime's template's: `answer` (the card's page) or a refusal
    (`invalid`, `expired`, `signIn`) that says only what it is. `base` is the answer path."""
    strings = _STRINGS[locale]
    direction = "rtl" if locale in ("ar", "he") else "ltr"
    title = strings["title"] if kind == "answer" else strings[kind][0]
    head = (
        f'<!doctype html><html lang="{locale}" dir="{direction}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        f'<title>{_escape(title)}</title><link rel="stylesheet" href="{_escape(base)}/{STYLE_NAME}">'
    )
    if kind == "answer":
        # A language beyond zh-CN and en comes first, so that its table is registered before the cards render.
        language = locale_script(locale)
        first = f'<script type="module" src="{_escape(base)}/{language}"></script>' if language else ""
        return (
            f'{head}{first}<script type="module" src="{_escape(base)}/{SCRIPT_NAME}"></script></head><body><main>'
            f'<h1 class="visually-hidden">{_escape(title)}</h1><h2 class="visually-hidden">{_escape(strings["section"])}</h2><interaction-host></interaction-host></main></body></html>'
        )
    heading, sentence = strings[kind]
    return f'{head}</head><body><main class="refusal"><h1>{_escape(heading)}</h1><p>{_escape(sentence)}</p></main></body></html>'


def page_for(status: int, path: str, base_url: str, accept_language: Optional[str]) -> PageAnswer:
    """The page of a status: 200 the answer page, 404/410/403 a refusal that says nothing of any call."""
    body = page_html(_KINDS.get(status, "invalid"), locale_for(accept_language), path.rstrip("/")).encode("utf-8")
    return PageAnswer(status, [*page_headers(base_url), ("Vary", "Accept-Language")], body)


def _script(name: str) -> Optional[bytes]:
    """The page's script, or a language's module (answer_page_locales/<tag>.js), from the package."""
    locale = _LOCALE_SCRIPTS.get(name)
    files = resources.files("agent_interaction_kit")
    try:
        return (files.joinpath("answer_page_locales", f"{locale}.js") if locale else files.joinpath("answer_page.js")).read_bytes()
    except (FileNotFoundError, OSError):
        return None


def asset_answer(name: str, path: str, base_url: str, accept_language: Optional[str]) -> PageAnswer:
    """The page's script (the npm build's `dist/answer-page.js`, shipped in the package), a language's
    module (`dist/locales/<tag>.js`, likewise) or its style, cacheable."""
    body = PAGE_CSS.encode("utf-8") if name == STYLE_NAME else _script(name)
    if body is None:
        return page_for(404, path, base_url, accept_language)
    kind = "text/css; charset=utf-8" if name == STYLE_NAME else "text/javascript; charset=utf-8"
    return PageAnswer(200, [("Content-Type", kind), ("Cache-Control", "public, max-age=3600"), ("X-Content-Type-Options", "nosniff")], body)


def header(pairs: Iterable[tuple[str, str]], name: str) -> Optional[str]:
    """One request header's value, by name in any case."""
    return next((value for key, value in pairs if key.lower() == name.lower()), None)
