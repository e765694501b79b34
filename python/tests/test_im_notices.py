"""The Feishu, DingTalk, WeCom and email notice senders against local stand-ins for the platforms
(an HTTP server answering as the open platform or the robot does, an SMTP server), and the hostile
corpus (test/fixtures/notifiers.json) through each payload."""

from __future__ import annotations

import asyncio
import base64
import email
import email.policy
import hashlib
import hmac
import json
import re
import urllib.parse
from collections.abc import AsyncIterator, Iterator
from email.message import EmailMessage
from typing import Any

import pytest

from agent_interaction_kit.email_notice import email_message, send_email
from agent_interaction_kit.im_notices import (
    WECOM_LENGTHS,
    dingtalk_message,
    feishu_message,
    send_dingtalk,
    send_feishu,
    send_wecom,
    wecom_message,
)
from agent_interaction_kit.notices import _json

from test_notices import HOSTILE, LINK, StandIn, notice


@pytest.fixture
def stand_in() -> Iterator[StandIn]:
    server = StandIn()
    yield server
    server.close()


def answers(stand_in: StandIn, *bodies: dict[str, Any]) -> None:
    """The stand-in answers each request in turn with the next JSON body."""
    stand_in.bodies = [json.dumps(body).encode() for body in bodies]


async def test_feishu_exchanges_the_token_then_posts_the_card_to_the_chat(stand_in: StandIn) -> None:
    answers(stand_in, {"code": 0, "tenant_access_token": "t-abc", "expire": 7200}, {"code": 0, "msg": "success"})
    await send_feishu(notice("Deploy v2.3?", title="Deploy"), app_id="cli_app", app_secret="s3cret", chat_id="oc_team", domain=stand_in.url(""))
    token, message = stand_in.received
    assert (token["method"], token["path"]) == ("POST", "/open-apis/auth/v3/tenant_access_token/internal")
    assert json.loads(token["body"]) == {"app_id": "cli_app", "app_secret": "s3cret"}
    assert (message["method"], message["path"]) == ("POST", "/open-apis/im/v1/messages?receive_id_type=chat_id")
    assert {k.lower(): v for k, v in message["headers"].items()}["authorization"] == "Bearer t-abc"
    body = json.loads(message["body"])
    assert (body["receive_id"], body["msg_type"]) == ("oc_team", "interactive")
    card = json.loads(body["content"])
    assert card["header"] == {"template": "red", "title": {"tag": "plain_text", "content": "Deploy"}}
    assert card["elements"][0] == {"tag": "div", "text": {"tag": "plain_text", "content": "Deploy v2.3?"}}
    assert card["elements"][-1]["actions"][0]["url"] == LINK


async def test_feishu_refusals_raise_naming_feishu(stand_in: StandIn) -> None:
    answers(stand_in, {"code": 10014, "msg": "app secret invalid"})
    with pytest.raises(RuntimeError, match="Feishu: code 10014: app secret invalid"):
        await send_feishu(notice("x"), app_id="a", app_secret="wrong", chat_id="oc", domain=stand_in.url(""))
    answers(stand_in, {"code": 0, "tenant_access_token": "t"}, {"code": 230002, "msg": "bot not in chat"})
    with pytest.raises(RuntimeError, match="Feishu: code 230002: bot not in chat"):
        await send_feishu(notice("x"), app_id="a", app_secret="s", chat_id="oc", domain=stand_in.url(""))
    stand_in.status = 503
    with pytest.raises(RuntimeError, match="Feishu: HTTP 503"):
        await send_feishu(notice("x"), app_id="a", app_secret="s", chat_id="oc", domain=stand_in.url(""))


async def test_dingtalk_signs_the_webhook_and_posts_an_action_card(stand_in: StandIn) -> None:
    answers(stand_in, {"errcode": 0, "errmsg": "ok"})
    await send_dingtalk(notice("Deploy **now**", title="Deploy"), webhook=stand_in.url("/robot/send?access_token=tok"), secret="SECabc", now=lambda: 1796551200.123)
    [request] = stand_in.received
    path, _, query = request["path"].partition("?")
    assert path == "/robot/send"
    params = dict(urllib.parse.parse_qsl(query))
    assert params["access_token"] == "tok"
    assert params["timestamp"] == "1796551200123"
    expected = base64.b64encode(hmac.new(b"SECabc", b"1796551200123\nSECabc", hashlib.sha256).digest()).decode()
    assert params["sign"] == expected
    card = json.loads(request["body"])
    assert "at" not in card
    assert card["msgtype"] == "actionCard"
    assert card["actionCard"]["text"] == "### Deploy\n\nDeploy \\*\\*now\\*\\*\n\nSeverity: high"
    assert (card["actionCard"]["singleTitle"], card["actionCard"]["singleURL"]) == ("Answer", LINK)


async def test_robots_refuse_with_their_errcode(stand_in: StandIn) -> None:
    answers(stand_in, {"errcode": 310000, "errmsg": "sign not match"})
    with pytest.raises(RuntimeError, match="DingTalk: errcode 310000: sign not match"):
        await send_dingtalk(notice("x"), webhook=stand_in.url("/robot/send?access_token=t"), secret="s")
    answers(stand_in, {"errcode": 93000, "errmsg": "invalid webhook url"})
    with pytest.raises(RuntimeError, match="WeCom: errcode 93000: invalid webhook url"):
        await send_wecom(notice("x"), url=stand_in.url("/cgi-bin/webhook/send?key=k"))


async def test_wecom_posts_a_text_notice_card_within_its_lengths(stand_in: StandIn) -> None:
    answers(stand_in, {"errcode": 0, "errmsg": "ok"})
    await send_wecom(notice("M" * 300, title="T" * 80), url=stand_in.url("/cgi-bin/webhook/send?key=k"))
    [request] = stand_in.received
    assert request["path"] == "/cgi-bin/webhook/send?key=k"
    card = json.loads(request["body"])["template_card"]
    assert card["card_type"] == "text_notice"
    assert len(card["main_title"]["title"]) == WECOM_LENGTHS["title"]
    assert len(card["sub_title_text"]) == WECOM_LENGTHS["sub_title"]
    assert card["card_action"] == {"type": 1, "url": LINK}
    assert card["jump_list"] == [{"type": 1, "url": LINK, "title": "Answer"}]


class SmtpStandIn:
    """A small SMTP server: EHLO, AUTH refused when asked, MAIL, RCPT, DATA; keeps each message."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, list[str], bytes]] = []

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        sender, recipients = "", []
        writer.write(b"220 stand-in ESMTP\r\n")
        while line := await reader.readline():
            verb = line.decode().strip().split(" ")[0].upper()
            if verb in ("EHLO", "HELO"):
                writer.write(b"250-stand-in\r\n250 AUTH PLAIN LOGIN\r\n")
            elif verb == "AUTH":
                writer.write(b"535 5.7.8 Authentication credentials invalid\r\n")
            elif verb == "MAIL":
                sender = line.decode().strip()[10:].strip("<>")
                writer.write(b"250 OK\r\n")
            elif verb == "RCPT":
                recipients.append(line.decode().strip()[8:].strip("<>"))
                writer.write(b"250 OK\r\n")
            elif verb == "DATA":
                writer.write(b"354 go ahead\r\n")
                data = b""
                while (chunk := await reader.readline()) != b".\r\n":
                    # A line that starts with a dot comes dot-stuffed (RFC 5321 §4.5.2).
                    data += chunk[1:] if chunk.startswith(b"..") else chunk
                self.messages.append((sender, recipients, data))
                writer.write(b"250 OK queued\r\n")
            elif verb == "QUIT":
                writer.write(b"221 bye\r\n")
                await writer.drain()
                break
            else:
                writer.write(b"250 OK\r\n")
            await writer.drain()
        writer.close()


@pytest.fixture
async def smtp() -> AsyncIterator[tuple[SmtpStandIn, int]]:
    stand_in = SmtpStandIn()
    server = await asyncio.start_server(stand_in.handle, "127.0.0.1", 0)
    yield stand_in, server.sockets[0].getsockname()[1]
    server.close()
    await server.wait_closed()


async def test_email_sends_a_text_and_an_html_part_with_the_link(smtp: tuple[SmtpStandIn, int]) -> None:
    stand_in, port = smtp
    await send_email(notice("<b>Deploy</b> v2.3?", title="Deploy\r\nBcc: victim@example.com"), host="127.0.0.1", port=port, sender="agent@example.com", to=["li.lei@example.com"])
    [(sender, recipients, data)] = stand_in.messages
    assert (sender, recipients) == ("agent@example.com", ["li.lei@example.com"])
    mail = email.message_from_bytes(data, policy=email.policy.default)
    assert isinstance(mail, EmailMessage)
    assert mail["From"] == "agent@example.com"
    assert mail["To"] == "li.lei@example.com"
    assert mail["Bcc"] is None, "a title with a line end adds no header"
    assert mail["Subject"] == "Deploy Bcc: victim@example.com"
    text = mail.get_body(("plain",))
    html = mail.get_body(("html",))
    assert text is not None and html is not None
    assert text.get_content().strip().endswith(f"Answer: {LINK}")
    content = html.get_content()
    assert "&lt;b&gt;Deploy&lt;/b&gt; v2.3?" in content
    assert re.findall(r"<a [^>]*>", content) == [f'<a href="{LINK}">']


async def test_email_refused_login_raises_naming_email(smtp: tuple[SmtpStandIn, int]) -> None:
    _, port = smtp
    with pytest.raises(RuntimeError, match="Email: .*535"):
        await send_email(notice("x"), host="127.0.0.1", port=port, sender="a@example.com", to="b@example.com", user="agent", password="wrong")


def _texts(value: object) -> Iterator[tuple[str, Any]]:
    """Every (key, value) pair at any depth of a JSON value."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield key, inner
            yield from _texts(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _texts(inner)


@pytest.mark.parametrize("case", HOSTILE, ids=[case["name"] for case in HOSTILE])
def test_hostile_text_reaches_no_im_app_or_mail_as_markup(case: dict[str, str]) -> None:
    hostile = notice(case["message"])
    card = feishu_message(hostile)
    assert {value for key, value in _texts(card) if key == "tag" and value.endswith("md")} == set(), "never lark_md"
    assert [value for key, value in _texts(card) if key == "url"] == [LINK]
    action = dingtalk_message(hostile)
    assert set(action) == {"msgtype", "actionCard"}, "no at field: nobody is mentioned"
    body = action["actionCard"]["text"].removeprefix("### ")
    assert not re.search(r"(?<!\\)[\[\]()<>*_`#!|~]", body.replace("Severity: high", "")), "every markdown character is escaped"
    assert action["actionCard"]["singleURL"] == LINK
    wecom = wecom_message(hostile)
    assert [value for key, value in _texts(wecom) if key == "url"] == [LINK, LINK]
    assert "mentioned_list" not in _json(wecom)
    mail = email_message(hostile)
    assert "\n" not in mail.subject and "\r" not in mail.subject
    assert re.findall(r"<a [^>]*>", mail.html) == [f'<a href="{LINK}">']
    assert not re.search(r"<(script|img|style|div|at|font)\b", mail.html, re.IGNORECASE)
