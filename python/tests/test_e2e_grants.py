"""End to end: session grants between the Python runtime and the built bundle in
Chromium, through the page as a user works it: 本会话内允许 on the card gives the grant, the next
call with its key is answered by the runtime and shown as a receipt only, 撤销 in the host's
本会话授权 menu revokes it, and the next call asks again."""

from __future__ import annotations

import asyncio
import re

from agent_interaction_kit import Grant
from playwright.async_api import expect

from test_e2e import Setup, call, e2e, result_of  # noqa: F401  (e2e: the fixture)

KUBECTL = Grant(key="shell:kubectl get", label="kubectl get …")
LOW = {"title": "执行命令", "message": "列出 staging 环境的 Pod？", "severity": "low", "details": "$ kubectl get pods -n staging"}


async def test_a_session_grant_given_on_the_card_honoured_revoked_from_the_menu_then_asked_again(e2e: Setup) -> None:
    page, session = await e2e.open()
    agent = e2e.runtime.session(session)

    first = call(e2e, session, "request_user_approval", LOW, call_id="g-1", grant=KUBECTL)
    await page.get_by_text("本会话内不再询问：kubectl get …").wait_for()
    await page.get_by_role("button", name="本会话内允许", exact=True).click()
    result = await result_of(first)
    assert result["content"] == "用户已批准操作。", "the model reads a plain approval"
    assert result["interaction_response"]["approved"] is True
    await page.get_by_text("已批准 · 本会话内允许").wait_for()
    assert [(g["key"], g["label"]) for g in await agent.grants()] == [(KUBECTL.key, KUBECTL.label)]

    # Honoured: the runtime answers at once; the page shows the receipt, and no card to answer.
    second = await result_of(call(e2e, session, "request_user_approval", LOW, call_id="g-2", grant=KUBECTL))
    assert second["interaction_response"]["approved"] is True
    await page.get_by_text("已按本会话授权自动批准").wait_for()
    assert await page.get_by_role("button", name="批准", exact=True).count() == 0

    # Revoked from the host's menu (a <details>: its summary opens the list).
    menu = page.locator("interaction-host summary")
    await expect(menu).to_have_text(re.compile(r"^本会话授权\s*1$"))
    await menu.click()
    await page.get_by_role("list", name="本会话内不再询问：").get_by_role("button", name="撤销").click()
    for _ in range(200):
        if not await agent.grants():
            break
        await asyncio.sleep(0.025)
    assert await agent.grants() == []
    # The runtime's new list reached the page: the menu counts none.
    await expect(menu).to_have_text(re.compile(r"^本会话授权\s*0$"))

    # The next call with the key asks again, and a plain 批准 gives no grant.
    third = call(e2e, session, "request_user_approval", LOW, call_id="g-3", grant=KUBECTL)
    await page.get_by_role("button", name="本会话内允许", exact=True).wait_for()
    await page.get_by_role("button", name="批准", exact=True).click()
    assert (await result_of(third))["interaction_response"]["approved"] is True
    assert await agent.grants() == []
