"""LangChain v1's human-in-the-loop middleware (`HumanInTheLoopMiddleware` from `langchain`): the
interrupt's `action_requests` with their `review_configs` become the kit's cards, each offering
exactly the decisions its review config allows, and the answers become the `{"decisions": [...]}`
the agent resumes with (`Command(resume=...)`), one per action in the request's own order, each
found by the action's id, never by its place in the list.

    paused = await agent.ainvoke({"messages": [...]}, config)
    pending = paused["__interrupt__"][0]
    resume = await answer_hitl_request(pending.value, kit.session(thread), call_id=pending.id,
                                       tool_calls=paused["messages"][-1].tool_calls)
    await agent.ainvoke(Command(resume=resume), config)

The shapes are LangChain's own TypedDicts, written out here so the package needs no `langchain`.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any, Literal, Mapping, NotRequired, Optional, Sequence, TypedDict, Union

from ._schema import InteractionResponse, QuestionAnswer, WireContext
from .session import AgentSession

DecisionType = Literal["approve", "edit", "reject", "respond"]
Severity = Literal["low", "medium", "high"]
CUSTOM = "__custom__"


class ActionRequest(TypedDict):
    name: str
    args: dict[str, Any]
    description: NotRequired[str]


class ReviewConfig(TypedDict):
    action_name: str
    allowed_decisions: list[DecisionType]
    args_schema: NotRequired[dict[str, Any]]


class HITLRequest(TypedDict):
    action_requests: list[ActionRequest]
    review_configs: list[ReviewConfig]


class Action(TypedDict):
    name: str
    args: dict[str, Any]


class ApproveDecision(TypedDict):
    type: Literal["approve"]


class EditDecision(TypedDict):
    type: Literal["edit"]
    edited_action: Action


class RejectDecision(TypedDict):
    type: Literal["reject"]
    message: NotRequired[str]


class RespondDecision(TypedDict):
    type: Literal["respond"]
    message: str


Decision = Union[ApproveDecision, EditDecision, RejectDecision, RespondDecision]


class HITLResponse(TypedDict):
    decisions: list[Decision]


class HitlDeclinedError(Exception):
    """A person declined an action whose review config allows no `reject`: the agent must not
    resume as if it were approved."""

    def __init__(self, action: ActionRequest) -> None:
        super().__init__(f"{action['name']}: declined, and its review config allows no reject")
        self.action = action


class HitlCall(TypedDict):
    tool: Literal["request_user_approval", "request_user_input"]
    args: dict[str, Any]
    allowed: list[DecisionType]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _typed(original: Any, text: str) -> Any:
    """An edited field back in its original type: numbers and booleans stay numbers and booleans."""
    if isinstance(original, bool):
        return text == "true" if text in ("true", "false") else text
    if isinstance(original, (int, float)):
        try:
            number = float(text)
        except ValueError:
            return text
        return int(number) if number.is_integer() and isinstance(original, int) else number
    if isinstance(original, (dict, list)):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text


def action_ids(request: HITLRequest, tool_calls: Optional[Sequence[Mapping[str, Any]]] = None) -> list[str]:
    """Each action's id: its tool call's id when `tool_calls` (the agent's last AI message's) holds
    one with its name and arguments, else a digest of its name and arguments (`#2` for the second
    identical one). A card is asked, and its answer found, under this id."""
    unused = list(tool_calls or [])
    seen: dict[str, int] = {}
    ids: list[str] = []
    for action in request["action_requests"]:
        match = next(
            (call for call in unused if call.get("id") and call.get("name") == action["name"] and _canonical(call.get("args")) == _canonical(action["args"])),
            None,
        )
        if match is not None:
            unused.remove(match)
            ids.append(str(match["id"]))
            continue
        key = f"{action['name']}:{hashlib.sha256(_canonical(action['args']).encode()).hexdigest()[:16]}"
        seen[key] = seen.get(key, 0) + 1
        ids.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return ids


def _review_of(request: HITLRequest, index: int) -> ReviewConfig:
    action = request["action_requests"][index]
    configs = request["review_configs"]
    if index < len(configs) and configs[index]["action_name"] == action["name"]:
        return configs[index]
    named = next((config for config in configs if config["action_name"] == action["name"]), None)
    return named or {"action_name": action["name"], "allowed_decisions": ["approve", "edit", "reject"]}


def hitl_call(action: ActionRequest, review: ReviewConfig, severity: Optional[Mapping[str, Severity]] = None, timeout_seconds: Optional[float] = None) -> HitlCall:
    """The kit call that shows one action: a form of its arguments where `edit` is allowed (each
    offering its current value, recommended, or one typed anew), else an approval where `approve`
    is (its arguments as details, the rejection note the message the model reads), else a text
    answer (`respond`, or `reject` alone)."""
    allowed = list(review["allowed_decisions"])
    message = action.get("description") or action["name"]
    timeout: dict[str, Any] = {"timeout_seconds": timeout_seconds} if timeout_seconds else {}
    if "edit" in allowed and action["args"]:
        questions = [
            {"header": "", "id": key, "question": key, "options": [{"label": _text(value), "value": _text(value), "description": ""}]}
            for key, value in action["args"].items()
        ]
        return {"tool": "request_user_input", "args": {"title": action["name"], "message": message, "questions": questions, **timeout}, "allowed": allowed}
    if "approve" in allowed or "edit" in allowed:
        details = json.dumps(action["args"], indent=2, ensure_ascii=False)
        level = (severity or {}).get(action["name"], "medium")
        args = {"title": action["name"], "message": message, "severity": level, "details": details, **timeout}
        return {"tool": "request_user_approval", "args": args, "allowed": allowed}
    return {"tool": "request_user_input", "args": {"title": action["name"], "message": message, "input_mode": "text", **timeout}, "allowed": allowed}


def _declined(action: ActionRequest, call: HitlCall, note: str) -> Decision:
    if "reject" not in call["allowed"]:
        raise HitlDeclinedError(action)
    return {"type": "reject", "message": note} if note else {"type": "reject"}


def hitl_decision(action: ActionRequest, call: HitlCall, response: InteractionResponse) -> Decision:
    """The decision for the kit's response to `hitl_call(action, review)`: a timeout, Skip or
    cancel is never an approval."""
    if response["status"] != "completed":
        return _declined(action, call, "")
    if call["tool"] == "request_user_approval":
        if not response["approved"]:
            return _declined(action, call, response["text"])
        if "approve" in call["allowed"]:
            return {"type": "approve"}
        return {"type": "edit", "edited_action": {"name": action["name"], "args": action["args"]}}
    if call["args"].get("input_mode") == "text":
        if "respond" in call["allowed"]:
            return {"type": "respond", "message": response["text"]}
        return _declined(action, call, response["text"])
    answers: dict[str, QuestionAnswer] = response["answers"]
    edited: dict[str, Any] = {}
    changed = False
    for key, value in action["args"].items():
        answer = answers.get(key)
        text = answer["text"] if answer and answer["selected_options"][:1] == [CUSTOM] else _text(value)
        changed = changed or text != _text(value)
        edited[key] = value if text == _text(value) else _typed(value, text)
    if not changed and "approve" in call["allowed"]:
        return {"type": "approve"}
    return {"type": "edit", "edited_action": {"name": action["name"], "args": edited}}


async def answer_hitl_request(
    request: HITLRequest,
    session: AgentSession,
    *,
    call_id: str,
    tool_calls: Optional[Sequence[Mapping[str, Any]]] = None,
    severity: Optional[Mapping[str, Severity]] = None,
    timeout_seconds: Optional[float] = None,
) -> HITLResponse:
    """Shows every action of a HITL interrupt as its card, all at once, and returns the decisions
    to resume with. `call_id` ties the cards to this interrupt, so asking again (a resumed
    worker) gets the stored answers, matched to the actions by id."""
    ids = action_ids(request, tool_calls)

    async def ask(index: int) -> tuple[str, Decision]:
        action = request["action_requests"][index]
        call = hitl_call(action, _review_of(request, index), severity, timeout_seconds)
        # An edit form never fills itself in at its deadline: running the action is the person's call.
        context: Optional[WireContext] = {"run_mode": "grilling"} if "questions" in call["args"] else None
        kit_id = f"langchain:{call_id}:{ids[index]}"
        if call["tool"] == "request_user_approval":
            response = (await session.call_tool("request_user_approval", call["args"], call_id=kit_id))["interaction_response"]
        else:
            response = (await session.call_tool("request_user_input", call["args"], call_id=kit_id, context=context))["interaction_response"]
        return ids[index], hitl_decision(action, call, response)

    answered = dict(await asyncio.gather(*(ask(index) for index in range(len(ids)))))
    return {"decisions": [answered[action_id] for action_id in ids]}
