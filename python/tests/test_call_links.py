"""Answer links from the server (`links=Links(...)`, `session.link_for`): `<base_url><path>/<token>`,
the token signed for the call's session, arguments and deadline, its audience the owner; the same
links as the Node runtime's for the same inputs (a Node script mints and verifies beside these)."""

from __future__ import annotations

import asyncio
import json
import subprocess
from typing import Any

import pytest

from agent_interaction_kit import AgentServer, Links, verify_answer_token

from conftest import REPO

SECRET = "s" * 40
LINKS = Links(secret=SECRET, base_url="https://agents.example.com")


async def waiting(server: AgentServer, session_id: str, call_id: str, tool: str, args: dict[str, Any], owner: str | None = None) -> "asyncio.Task[Any]":
    session = server.session(session_id, owner=owner)
    task = asyncio.create_task(session.call_tool(tool, args, call_id=call_id))
    await asyncio.sleep(0)
    assert call_id in session.waiting
    return task


async def stop(*tasks: "asyncio.Task[Any]") -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_mints_the_link_signed_for_the_call_its_audience_the_owner() -> None:
    server = AgentServer(links=LINKS, check_origin=False)
    args = {"message": "Deploy web-app?", "severity": "medium"}
    task = await waiting(server, "s-7", "call-7", "request_user_approval", args, owner="li.lei@example.com")
    session = server.session("s-7")
    link = session.link_for("call-7")
    assert link is not None and link.startswith("https://agents.example.com/agent/answer/")
    token = link.rsplit("/", 1)[1]
    outcome = verify_answer_token(token, secret=SECRET, call_id="call-7", arguments=args, actor="li.lei@example.com")
    assert outcome.ok and outcome.claims is not None
    assert outcome.claims["session_id"] == "s-7" and outcome.claims["aud"] == "li.lei@example.com"
    deadline = session.waiting["call-7"].deadline
    assert outcome.claims["exp"] >= int(__import__("datetime").datetime.fromisoformat(deadline.replace("Z", "+00:00")).timestamp())
    assert verify_answer_token(token, secret=SECRET, actor="someone.else").reason == "audience"
    await stop(task)
    await server.close()


async def test_bearer_link_without_an_owner_its_own_path_and_none_once_settled_or_unknown() -> None:
    server = AgentServer(links=Links(secret=SECRET, base_url="http://127.0.0.1:8080/", path="/links/"), check_origin=False)
    task = await waiting(server, "s-8", "call-8", "request_user_input", {"message": "Which branch?"})
    session = server.session("s-8")
    link = session.link_for("call-8")
    assert link is not None and link.startswith("http://127.0.0.1:8080/links/")
    claims = verify_answer_token(link.rsplit("/", 1)[1], secret=SECRET).claims
    assert claims is not None and claims["aud"] is None
    assert session.link_for("nope") is None
    await stop(task)
    assert session.link_for("call-8") is None, "a call that settled has no link"
    await server.close()


async def test_a_high_risk_approval_gets_a_link_only_in_a_session_with_an_owner() -> None:
    server = AgentServer(links=LINKS, check_origin=False)
    high = {"message": "Drop the production database?", "severity": " HIGH "}
    bearer = await waiting(server, "nobody", "high-1", "request_user_approval", high)
    assert server.session("nobody").link_for("high-1") is None
    owned = await waiting(server, "alice", "high-2", "request_user_approval", high, owner="alice")
    link = server.session("alice").link_for("high-2")
    assert link is not None
    claims = verify_answer_token(link.rsplit("/", 1)[1], secret=SECRET, actor="alice").claims
    assert claims is not None and claims["aud"] == "alice"
    await stop(bearer, owned)
    await server.close()


async def test_publish_artifacts_has_no_link_and_a_server_without_links_mints_none() -> None:
    server = AgentServer(links=LINKS, check_origin=False)
    files = {"items": [{"url": "https://x.example/a"}]}
    task = await waiting(server, "s-9", "pub-1", "publish_artifacts", files)
    assert server.session("s-9").link_for("pub-1") is None
    plain = AgentServer(check_origin=False)
    other = await waiting(plain, "s-9", "ask-1", "request_user_input", {"message": "?"})
    assert plain.session("s-9").link_for("ask-1") is None
    await stop(task, other)
    await server.close()
    await plain.close()


@pytest.mark.parametrize(
    ("links", "field"),
    [
        (Links(secret="short", base_url="https://a.example"), "links.secret"),
        (Links(secret=SECRET, base_url="ftp://a.example"), "links.base_url"),
        (Links(secret=SECRET, base_url="a.example/path"), "links.base_url"),
        (Links(secret=SECRET, base_url="https://a.example/?x=1"), "links.base_url"),
        (Links(secret=SECRET, base_url="https://a.example", path="answer"), "links.path"),
        (Links(secret=SECRET, base_url="https://a.example", path="/answer?x"), "links.path"),
        ({"secret": SECRET, "base_url": "https://a.example"}, "links must be Links"),
    ],
)
def test_refuses_a_mistaken_links_option_by_name(links: Any, field: str) -> None:
    with pytest.raises(TypeError, match=field.replace(".", r"\.")):
        AgentServer(links=links, check_origin=False)


async def test_the_same_links_as_the_node_runtime_and_each_verifies_the_others() -> None:
    cases: list[dict[str, Any]] = [
        {"links": {"secret": SECRET, "baseUrl": "https://agents.example.com"}, "session_id": "s-1", "owner": "li.lei@example.com",
         "call_id": "c-1", "tool": "request_user_approval", "arguments": {"message": "部署 web-app？", "severity": "high", "n": 1.5}},
        {"links": {"secret": "k" * 32, "baseUrl": "http://127.0.0.1:8787/", "path": "/agent/answer/"}, "session_id": "s 2", "owner": None,
         "call_id": "c-2", "tool": "request_user_input", "arguments": {"message": "Which branch?", "options": ["main", "dev"]}},
        {"links": {"secret": "é" * 16, "baseUrl": "https://Agents.Example.com:443", "path": "/x"}, "session_id": "s-3", "owner": "bob",
         "call_id": "c-3", "tool": "request_user_approval", "arguments": {"message": "\u202eevil", "severity": "low"}},
    ]  # fmt: skip
    for case in cases:
        options = case["links"]
        server = AgentServer(links=Links(secret=options["secret"], base_url=options["baseUrl"], path=options.get("path", "/agent/answer")), check_origin=False)
        task = await waiting(server, case["session_id"], case["call_id"], case["tool"], case["arguments"], owner=case["owner"])
        session = server.session(case["session_id"])
        case["deadline"] = session.waiting[case["call_id"]].deadline
        case["python_link"] = session.link_for(case["call_id"])
        case["now"] = "2026-01-01T00:00:00.000Z"
        await stop(task)
        await server.close()
    run = subprocess.run(
        ["node", "--import", "tsx", "test/support/answer-link-cases.ts"], cwd=REPO, input=json.dumps(cases), capture_output=True, text=True, timeout=300, check=True
    )
    node = json.loads(run.stdout)
    assert [answer["link"] for answer in node] == [case["python_link"] for case in cases]
    assert all(case["python_link"] for case in cases)
    assert [answer["python_verifies"] for answer in node] == [True, True, True]
    for case, answer in zip(cases, node):
        token = answer["link"].rsplit("/", 1)[1]
        outcome = verify_answer_token(token, secret=case["links"]["secret"], now=case["now"], call_id=case["call_id"], arguments=case["arguments"], actor=case["owner"])
        assert outcome.ok, (case["call_id"], outcome.reason)


async def test_the_readme_recipe_mints_the_owners_link_and_schedules_its_notice() -> None:
    from apps import block_under, run_block

    recipe = run_block(block_under("Links, notices and the answer page from the server"))
    kit: AgentServer = recipe["kit"]
    task = asyncio.ensure_future(recipe["deploy"]())
    await asyncio.sleep(0.01)
    link = kit.session("s-7").link_for("call-7")
    assert link is not None and link.startswith("https://app.example.com/agent/answer/")
    claims = verify_answer_token(link.rsplit("/", 1)[1], secret="x" * 32, actor="li.lei").claims
    assert claims is not None and claims["aud"] == "li.lei"
    await stop(task)
    await kit.close()
