"""The answer page served by the Python runtime, in Chromium: the card of the link's call, answered
from the page (place `link`, the owner as actor, signed in by the application's cookie), nothing
blocked by the page's Content-Security-Policy; a second page of the same link opened afterwards
hears how the call settled."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from playwright.async_api import Browser

from agent_interaction_kit import AgentServer, Handshake, Links

from conftest import Trail
from fleet import free_port

SECRET = "e" * 40


def by_cookie(shake: Handshake) -> Any:
    """The application's own sign-in: a cookie naming who is on the page (sent with the page's GET and its socket)."""
    return {"actor": shake.cookies["who"]} if "who" in shake.cookies else True


async def test_a_phone_answers_the_link_and_another_sees_the_receipt(browser: Browser) -> None:
    port = free_port()
    trail = Trail()
    server = await AgentServer.start("127.0.0.1", port, links=Links(secret=SECRET, base_url=f"http://127.0.0.1:{port}"), authorize=by_cookie, audit=trail)
    session = server.session("phone", owner="li.lei")
    task = asyncio.ensure_future(session.call_tool("request_user_approval", {"message": "发布 v2.3 到生产环境？", "severity": "high"}, call_id="p-1"))
    await asyncio.sleep(0.01)
    link = session.link_for("p-1")
    assert link is not None
    context = await browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN")
    await context.add_init_script("window.__blocked = []; document.addEventListener('securitypolicyviolation', (e) => window.__blocked.push(e.violatedDirective + ' ' + e.blockedURI));")
    await context.add_cookies([{"name": "who", "value": "li.lei", "domain": "127.0.0.1", "path": "/"}])
    page = await context.new_page()
    response = await page.goto(link)
    assert response is not None and response.status == 200
    await page.get_by_role("button", name="批准", exact=True).click()
    await page.get_by_role("button", name="确认批准").click()
    result = await asyncio.wait_for(task, 15)
    assert result["interaction_response"]["approved"] is True
    await page.get_by_text("已批准").first.wait_for()
    [record] = trail.records
    assert record["where"] == "link" and record["actor"] == "li.lei"
    # A second phone opens the link after it settled: its socket gets the call, then how it settled.
    other = await context.new_page()
    frames: list[dict[str, Any]] = []
    other.on("websocket", lambda socket: socket.on("framereceived", lambda frame: frames.append(json.loads(frame))))
    await other.goto(link)
    for _ in range(200):
        if any(frame.get("type") == "settled" for frame in frames):
            break
        await asyncio.sleep(0.05)
    assert [frame["type"] for frame in frames] == ["hello", "tool_call", "settled"]
    assert frames[0]["link"] is True and frames[2]["where"] == "link" and frames[2]["actor"] == "li.lei" and frames[2]["decision"] == "approved"
    assert await page.evaluate("window.__blocked") == [] and await other.evaluate("window.__blocked") == []
    await context.close()
    await server.close()
