"""The answer page is the Node runtime's: every kind of page in every locale, the locale picked from
Accept-Language, the stylesheet and the headers, compared byte for byte with what the Node
runtime's template writes (test/support/answer-page-pages.ts)."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from agent_interaction_kit.answer_page import PAGE_CSS, locale_for, page_headers, page_html

from conftest import REPO


def node_pages() -> dict[str, Any]:
    run = subprocess.run(["node", "--import", "tsx", "test/support/answer-page-pages.ts"], cwd=REPO, capture_output=True, text=True, timeout=300, check=True)
    return dict(json.loads(run.stdout))


NODE = node_pages()


def test_every_page_in_every_locale_is_the_node_runtimes() -> None:
    assert len(NODE["pages"]) == 4 * 12 * 2
    for key, html in NODE["pages"].items():
        kind, locale, base = key.split(" ", 2)
        assert page_html(kind, locale, base) == html, key


def test_the_same_locale_for_every_accept_language() -> None:
    assert {header: locale_for(header or None) for header in NODE["locales"]} == NODE["locales"]
    assert NODE["locales"][""] == "zh-CN" and NODE["locales"]["zh-HK"] == "zh-TW"


def test_the_same_stylesheet_and_headers() -> None:
    assert PAGE_CSS == NODE["css"]
    for base_url, headers in NODE["headers"].items():
        assert {name.lower(): value for name, value in page_headers(base_url)} == headers, base_url
