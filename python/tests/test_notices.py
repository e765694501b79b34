"""The notice senders (webhook, Slack) against a local stand-in for the platform, and the hostile
corpus (test/fixtures/notifiers.json) that the Node senders run too: what a model wrote reaches no
platform as markup, and the payloads are the Node runtime's, byte for byte."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import subprocess
import threading
from dataclasses import asdict
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Callable

import pytest

from agent_interaction_kit.email_notice import email_message
from agent_interaction_kit.im_notices import dingtalk_message, feishu_message, wecom_message
from agent_interaction_kit.notices import (
    NOTICE_MESSAGE_LENGTH,
    NotifyInput,
    _json,
    notice_text,
    send_slack,
    send_webhook,
    slack_message,
    webhook_body,
)

REPO = Path(__file__).resolve().parents[2]
HOSTILE: list[dict[str, str]] = json.loads((REPO / "test" / "fixtures" / "notifiers.json").read_text("utf-8"))["hostile"]
LINK = "https://agent.example.com/answer#t=abc.def"
HIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


def notice(text: str, *, title: str | None = None) -> NotifyInput:
    return {
        "session_id": "sess-abc",
        "call": {
            "id": "call-1",
            "tool": "request_user_approval",
            "arguments": {"message": text, "title": text if title is None else title, "severity": "high"},
            "deadline": "2026-12-06T10:05:00.000Z",
        },
        "link": LINK,
        "actor": "li.lei@example.com",
    }


class StandIn:
    """A local HTTP server standing in for the platform: records every request, answers `status`."""

    def __init__(self) -> None:
        self.received: list[dict[str, Any]] = []
        self.status = 200
        # The JSON bodies it answers with, one per request in turn; "ok" once they run out.
        self.bodies: list[bytes] = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
                body = self.rfile.read(int(self.headers.get("content-length", "0"))).decode("utf-8")
                stand_in.received.append({"method": self.command, "path": self.path, "headers": dict(self.headers.items()), "body": body})
                answer = stand_in.bodies.pop(0) if stand_in.bodies else b"ok"
                self.send_response(stand_in.status)
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def stand_in() -> Iterator[StandIn]:
    server = StandIn()
    yield server
    server.close()


async def test_webhook_posts_the_signed_notice(stand_in: StandIn) -> None:
    await send_webhook(notice("Deploy v2.3?", title="Deploy"), url=stand_in.url("/hooks/aik"), secret="hook-secret", now=lambda: 1796551200.7)
    [request] = stand_in.received
    assert (request["method"], request["path"]) == ("POST", "/hooks/aik")
    headers = {key.lower(): value for key, value in request["headers"].items()}
    assert headers["content-type"] == "application/json"
    assert headers["x-aik-timestamp"] == "1796551200"
    expected = hmac.new(b"hook-secret", f"1796551200.{request['body']}".encode(), hashlib.sha256).hexdigest()
    assert headers["x-aik-signature"] == f"sha256={expected}"
    assert json.loads(request["body"]) == {
        "v": 1, "type": "pending_call", "session_id": "sess-abc", "call_id": "call-1", "tool": "request_user_approval",
        "title": "Deploy", "message": "Deploy v2.3?", "severity": "high", "deadline": "2026-12-06T10:05:00.000Z", "link": LINK,
        "actor": "li.lei@example.com",
    }  # fmt: skip


async def test_slack_posts_block_kit_with_the_link_as_its_button(stand_in: StandIn) -> None:
    await send_slack(notice("Deploy v2.3?", title="Deploy"), url=stand_in.url("/services/T000/B000/XXXX"))
    [request] = stand_in.received
    assert (request["method"], request["path"]) == ("POST", "/services/T000/B000/XXXX")
    body = json.loads(request["body"])
    assert body["text"] == "Deploy"
    assert [block["type"] for block in body["blocks"]] == ["header", "section", "context", "actions"]
    assert body["blocks"][1]["text"]["text"] == "Deploy v2.3?"
    assert [(e["type"], e["url"]) for e in body["blocks"][3]["elements"]] == [("button", LINK)]


@pytest.mark.parametrize("status", [500, 404])
async def test_a_refusal_raises_naming_the_platform(stand_in: StandIn, status: int) -> None:
    stand_in.status = status
    with pytest.raises(RuntimeError, match=f"webhook answered {status}"):
        await send_webhook(notice("x"), url=stand_in.url("/hooks/aik"), secret="s")
    with pytest.raises(RuntimeError, match=f"Slack answered {status}"):
        await send_slack(notice("x"), url=stand_in.url("/services/x"))


def test_the_corpus_holds_at_least_30_payloads() -> None:
    assert len(HOSTILE) >= 30


@pytest.mark.parametrize("case", HOSTILE, ids=[case["name"] for case in HOSTILE])
def test_hostile_text_reaches_no_platform_as_markup(case: dict[str, str]) -> None:
    words = notice_text(notice(case["message"]))
    assert not HIDDEN.search(words.message)
    assert len(words.message) <= NOTICE_MESSAGE_LENGTH
    payload = slack_message(notice(case["message"]))
    text = _json(payload)
    assert not re.search(r"<[!@#]", text), "a mention or a channel link survived"
    assert not re.search(r"<https?:", text), "a Slack link survived"
    for block in payload["blocks"]:
        if block["type"] == "section":
            assert block["text"]["verbatim"] is True
            assert not re.search(r"[<>]", block["text"]["text"])
    actions = [block for block in payload["blocks"] if block["type"] == "actions"]
    assert re.findall(r"https?://[^\"\\\s)|>]+", _json(actions)) == [LINK]
    assert webhook_body(notice(case["message"]))["link"] == LINK


def test_the_payloads_are_the_node_runtimes_byte_for_byte() -> None:
    run = subprocess.run(["node", "--import", "tsx", "test/support/notice-payloads.ts"], cwd=REPO, capture_output=True, text=True, timeout=300, check=True)
    node: dict[str, dict[str, str]] = json.loads(run.stdout)
    texts = [*HOSTILE, {"name": "entity-at-the-cut", "message": "x" + "&" * 99}]
    assert set(node) == {case["name"] for case in texts}
    builders: dict[str, Callable[[NotifyInput], object]] = {
        "webhook": webhook_body,
        "slack": slack_message,
        "feishu": feishu_message,
        "dingtalk": dingtalk_message,
        "wecom": wecom_message,
        "email": lambda notice: asdict(email_message(notice)),
    }
    for case in texts:
        for sender, build in builders.items():
            assert _json(build(notice(case["message"]))) == node[case["name"]][sender], f"{sender}: {case['name']}"
    header = json.loads(node["entity-at-the-cut"]["slack"])["blocks"][0]["text"]["text"]
    assert header == "x" + "&amp;" * 29, "cut before the entity it would split"
