"""LangChain v1's human-in-the-loop middleware with the real packages: `create_agent` with
`HumanInTheLoopMiddleware`, LangChain's GenericFakeChatModel (calling send_email and delete_file
at once) and an InMemorySaver interrupt; each action is a card of the built bundle in Chromium,
answered by role, and the agent resumes with `Command(resume={"decisions": [...]})`."""

from __future__ import annotations

import asyncio
from typing import Any

from test_e2e import Setup, e2e  # noqa: F401  (the fixture)

from agent_interaction_kit.langchain_hitl import HITLRequest, action_ids, answer_hitl_request

EMAIL = {"to": "ops@example.com", "subject": "Rollout", "retries": 3}
FILE = {"path": "/var/log/old.log"}


def release_agent() -> tuple[Any, list[tuple[str, dict[str, Any]]]]:
    from langchain.agents import create_agent
    from langchain.agents.middleware import HumanInTheLoopMiddleware
    from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
    from langchain_core.messages import AIMessage
    from langchain_core.tools import tool
    from langgraph.checkpoint.memory import InMemorySaver

    executed: list[tuple[str, dict[str, Any]]] = []

    @tool
    def send_email(to: str, subject: str, retries: int) -> str:
        """Sends an email."""
        executed.append(("send_email", {"to": to, "subject": subject, "retries": retries}))
        return f"sent to {to}"

    @tool
    def delete_file(path: str) -> str:
        """Deletes a file."""
        executed.append(("delete_file", {"path": path}))
        return f"deleted {path}"

    class Model(GenericFakeChatModel):
        def bind_tools(self, tools: Any, **_kwargs: Any) -> Any:  # the fake calls tools; it needs none bound
            return self

    calls = [
        {"name": "send_email", "args": EMAIL, "id": "call_email", "type": "tool_call"},
        {"name": "delete_file", "args": FILE, "id": "call_delete", "type": "tool_call"},
    ]
    model = Model(messages=iter([AIMessage(content="", tool_calls=calls), AIMessage(content="Done."), AIMessage(content="Done.")]))
    middleware = HumanInTheLoopMiddleware(
        interrupt_on={
            "send_email": {"allowed_decisions": ["approve", "edit", "reject"], "description": "Send the rollout email?"},
            "delete_file": {"allowed_decisions": ["approve", "reject", "respond"], "description": "Delete the old log?"},
        }
    )
    agent = create_agent(model, tools=[send_email, delete_file], middleware=[middleware], checkpointer=InMemorySaver())
    return agent, executed


async def pause(agent: Any, thread: str) -> tuple[dict[str, Any], Any, HITLRequest, list[Any]]:
    config = {"configurable": {"thread_id": thread}}
    paused = await agent.ainvoke({"messages": [{"role": "user", "content": "Ship it"}]}, config)
    pending = paused["__interrupt__"][0]
    return config, pending, pending.value, paused["messages"][-1].tool_calls


def card(page: Any, description: str) -> Any:
    return page.locator("interaction-host [role='listitem']").filter(has_text=description).last


async def test_edit_and_approve_run_the_tools_as_decided(e2e: Setup) -> None:  # noqa: F811
    from langgraph.types import Command

    agent, executed = release_agent()
    page, session = await e2e.open()
    await page.locator("interaction-host").evaluate("(host) => host.setAttribute('layout', 'list')")
    config, pending, request, tool_calls = await pause(agent, "py-hitl-1")
    assert [(a["name"], a["args"]) for a in request["action_requests"]] == [("send_email", EMAIL), ("delete_file", FILE)]
    resume = asyncio.create_task(answer_hitl_request(request, e2e.runtime.session(session), call_id=f"py-hitl-1:{pending.id}", tool_calls=tool_calls))
    email, removal = card(page, "Send the rollout email?"), card(page, "Delete the old log?")
    await removal.get_by_role("button", name="批准", exact=True).wait_for()
    assert "/var/log/old.log" in await removal.aria_snapshot(), "what is approved is seen"
    await email.get_by_role("group", name="to").get_by_role("radio", name="ops@example.com").check()
    await email.get_by_role("group", name="subject").get_by_role("radio", name="Rollout").check()
    await email.get_by_role("group", name="retries").get_by_role("radio", name="自定义").check()
    await email.get_by_role("textbox", name="自定义内容").fill("5")
    await email.get_by_role("button", name="提交").click()
    await removal.get_by_role("button", name="批准", exact=True).click()
    decided = await asyncio.wait_for(resume, 15)
    edited = {**EMAIL, "retries": 5}
    assert decided == {"decisions": [{"type": "edit", "edited_action": {"name": "send_email", "args": edited}}, {"type": "approve"}]}
    await agent.ainvoke(Command(resume=decided), config)
    assert sorted(executed) == [("delete_file", FILE), ("send_email", edited)], "the tools run (in either order) as decided"


async def test_matched_by_id_a_reordered_list_never_approves_the_wrong_action(e2e: Setup) -> None:  # noqa: F811
    from langgraph.types import Command

    agent, executed = release_agent()
    page, session = await e2e.open()
    await page.locator("interaction-host").evaluate("(host) => host.setAttribute('layout', 'list')")
    config, pending, request, tool_calls = await pause(agent, "py-hitl-2")
    kit = e2e.runtime.session(session)
    call_id = f"py-hitl-2:{pending.id}"
    resume = asyncio.create_task(answer_hitl_request(request, kit, call_id=call_id, tool_calls=tool_calls))
    email, removal = card(page, "Send the rollout email?"), card(page, "Delete the old log?")
    # The second action first: a rejection with the note the model reads.
    await removal.get_by_role("button", name="添加理由").click()
    await removal.get_by_role("textbox", name="拒绝理由（可选）").fill("Keep it for the audit")
    await removal.get_by_role("button", name="拒绝", exact=True).click()
    for field, value in (("to", "ops@example.com"), ("subject", "Rollout"), ("retries", "3")):  # each value kept: an approve
        await email.get_by_role("group", name=field).get_by_role("radio", name=value).check()
    await email.get_by_role("button", name="提交").click()
    decided = await asyncio.wait_for(resume, 15)
    assert decided == {"decisions": [{"type": "approve"}, {"type": "reject", "message": "Keep it for the audit"}]}
    reordered: HITLRequest = {"action_requests": request["action_requests"][::-1], "review_configs": request["review_configs"][::-1]}
    again = await asyncio.wait_for(answer_hitl_request(reordered, kit, call_id=call_id, tool_calls=tool_calls[::-1]), 5)
    assert again == {"decisions": [{"type": "reject", "message": "Keep it for the audit"}, {"type": "approve"}]}
    assert action_ids(reordered) == action_ids(request)[::-1], "without tool calls, by name and arguments"
    done = await agent.ainvoke(Command(resume=decided), config)
    assert executed == [("send_email", EMAIL)], "the approved action runs as it was, the rejected one does not"
    read = {m.tool_call_id: m.content for m in done["messages"] if m.type == "tool"}
    assert "Keep it for the audit" in read["call_delete"], "the note is what the model reads (the middleware words it around)"


async def test_respond_is_the_text_the_model_reads(e2e: Setup) -> None:  # noqa: F811
    from agent_interaction_kit.langchain_hitl import hitl_call, hitl_decision

    call = hitl_call({"name": "delete_file", "args": FILE}, {"action_name": "delete_file", "allowed_decisions": ["respond"]})
    assert call["args"]["input_mode"] == "text"
    page, session = await e2e.open()
    task = asyncio.create_task(e2e.runtime.session(session).call_tool(call["tool"], call["args"]))
    await page.get_by_role("textbox").fill("Already archived")
    await page.get_by_role("button", name="提交").click()
    result = await asyncio.wait_for(task, 15)
    assert hitl_decision({"name": "delete_file", "args": FILE}, call, result["interaction_response"]) == {"type": "respond", "message": "Already archived"}
