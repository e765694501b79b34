"""The tool rules the runtime needs (docs/protocol.md §4 and §5), as the kit applies them.

Pure functions: normalise a tool call's arguments, build the timeout policy's and the cancelled
response, and turn a request and a response into the tool result the model reads. They follow
the kit's own rules (src/rules) and are checked against the same golden cases, byte for byte.
"""

from __future__ import annotations

import math
from typing import Any, Literal, Mapping, Optional, Union, cast

from ._schema import (
    ApprovalResult,
    ArgumentIssue,
    InputResult,
    InteractionOption,
    InteractionQuestion,
    InteractionRequest,
    InteractionRequestMetadata,
    InteractionResponse,
    QuestionAnswer,
    ToolEventPart,
    WireContext,
)
from .jsjson import is_number, js_number, js_number_text
from .language import ResultLanguage, check_result_language, in_result_language

__all__ = [
    "CHANNELS",
    "RUN_MODES",
    "TOOL_NAMES",
    "DEFAULT_TIMEOUT_SECONDS",
    "MAX_TIMEOUT_SECONDS",
    "CUSTOM_OPTION",
    "Context",
    "to_text",
    "to_timeout_seconds",
    "resolve_context",
    "normalize_options",
    "normalize_questions",
    "normalize_tool_call",
    "check_tool_arguments",
    "build_response",
    "kept_answers",
    "timeout_response",
    "cancelled_response",
    "tool_result_for",
]

ToolName = Literal["request_user_approval", "request_user_input", "publish_artifacts"]
InteractiveTool = Literal["request_user_approval", "request_user_input"]
Status = Literal["completed", "timeout", "auto_selected", "cancelled"]

CHANNELS = ("desktop", "feishu", "dingtalk", "wecom", "qq", "wechat")
RUN_MODES = ("execution", "grilling")
TOOL_NAMES: tuple[ToolName, ...] = ("request_user_approval", "request_user_input", "publish_artifacts")
SEVERITIES = ("low", "medium", "high")
INPUT_MODES = ("text", "choice", "multi_choice")
DEFAULT_TIMEOUT_SECONDS = 120
MAX_TIMEOUT_SECONDS = 86_400
DEFAULT_APPROVAL_TITLE = "请确认"
DEFAULT_INPUT_TITLE = "需要你的输入"
CUSTOM_VALUE = "__custom__"
CUSTOM_LABEL = "自定义"
CUSTOM_OPTION: InteractionOption = {
    "label": CUSTOM_LABEL,
    "value": CUSTOM_VALUE,
    "description": "选择后填写选项以外的自定义内容。",
}


class Context(dict[str, str]):
    """The context after defaults: `channel` and `run_mode` always, `locale` and `requester` when given."""

    @property
    def channel(self) -> str:
        return self["channel"]

    @property
    def run_mode(self) -> str:
        return self["run_mode"]


def _integral(value: float) -> Union[int, float]:
    """JSON has one number type; integral values are kept as int so they print without `.0`."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return value


def to_text(value: object) -> str:
    """Strings trimmed, finite numbers as JavaScript writes them, anything else empty."""
    if isinstance(value, str):
        return value.strip()
    if is_number(value) and math.isfinite(cast(float, value)):
        return js_number_text(cast(float, value))
    return ""


def to_timeout_seconds(value: object) -> Union[int, float]:
    """A finite number > 0, or a non-empty string that converts wholly to one (`Number()`); else 120."""
    seconds = math.nan
    if is_number(value):
        seconds = float(cast(float, value))
    elif isinstance(value, str) and value.strip() != "":
        seconds = js_number(value)
    if not math.isfinite(seconds) or seconds <= 0:
        return DEFAULT_TIMEOUT_SECONDS
    return _integral(min(seconds, MAX_TIMEOUT_SECONDS))


def _to_choice(value: object, allowed: tuple[str, ...], fallback: str) -> str:
    text = to_text(value).lower()
    return text if text in allowed else fallback


def resolve_context(session: Optional[Mapping[str, Any]] = None, call: Optional[Mapping[str, Any]] = None) -> Context:
    """Merges the session's `hello` context with a call's, field by field (the call wins, None is absent)."""

    def pick(field: str) -> object:
        value = call.get(field) if call else None
        return value if value is not None else (session.get(field) if session else None)

    context = Context(
        channel=_to_choice(pick("channel"), CHANNELS, "desktop"),
        run_mode=_to_choice(pick("run_mode"), RUN_MODES, "execution"),
    )
    for field in ("locale", "requester"):
        text = to_text(pick(field))
        if text:
            context[field] = text
    return context


def _to_option(raw: object) -> Optional[InteractionOption]:
    if isinstance(raw, str):
        text = raw.strip()
        return {"label": text, "value": text, "description": ""}
    if not isinstance(raw, dict):
        return None
    label = to_text(raw.get("label"))
    value = to_text(raw.get("value"))
    return {"label": label or value, "value": value or label, "description": to_text(raw.get("description"))}


def normalize_options(raw: object) -> list[InteractionOption]:
    """Objects and strings become options; anything else, empty ones and repeated values are dropped."""
    if not isinstance(raw, list):
        return []
    seen: set[str] = set()
    options: list[InteractionOption] = []
    for item in raw:
        option = _to_option(item)
        if option is None or not option["label"] or not option["value"] or option["value"] in seen:
            continue
        seen.add(option["value"])
        options.append(option)
    return options


def _is_custom(option: InteractionOption) -> bool:
    return option["value"] == CUSTOM_VALUE or option["label"] == CUSTOM_LABEL


def normalize_questions(raw: object) -> list[InteractionQuestion]:
    """The questionnaire invariants of docs/protocol.md §4.3."""
    if not isinstance(raw, list):
        return []
    claimed: set[str] = set()
    questions: list[InteractionQuestion] = []
    for item in raw:
        if not isinstance(item, dict):
            continue
        qid = to_text(item.get("id"))
        question = to_text(item.get("question"))
        if not qid or not question or qid in claimed:
            continue
        claimed.add(qid)
        options = [option for option in normalize_options(item.get("options")) if not _is_custom(option)]
        if not options:
            continue
        questions.append(
            {"header": to_text(item.get("header")), "id": qid, "question": question, "options": [*options, dict(CUSTOM_OPTION)]}  # type: ignore[list-item]
        )
    return questions


def normalize_approval(args: Mapping[str, Any], request_id: str, session_id: str) -> InteractionRequest:
    metadata: InteractionRequestMetadata = {
        "severity": cast(Any, _to_choice(args.get("severity"), SEVERITIES, "medium")),
        "details": to_text(args.get("details")),
    }
    return {
        "request_id": request_id,
        "session_id": session_id,
        "kind": "approval",
        "title": to_text(args.get("title")) or DEFAULT_APPROVAL_TITLE,
        "message": to_text(args.get("message")),
        "options": [],
        "questions": [],
        "allow_free_text": False,
        "timeout_seconds": to_timeout_seconds(args.get("timeout_seconds")),
        "source_tool": "request_user_approval",
        "metadata": metadata,
    }


def normalize_input(
    args: Mapping[str, Any],
    request_id: str,
    session_id: str,
    context: Mapping[str, str],
    auto_select: Optional[bool] = None,
) -> InteractionRequest:
    title = to_text(args.get("title")) or DEFAULT_INPUT_TITLE
    message = to_text(args.get("message"))
    timeout = to_timeout_seconds(args.get("timeout_seconds"))
    purpose = to_text(args.get("purpose")).lower()
    questions = normalize_questions(args.get("questions"))
    common: dict[str, Any] = {"request_id": request_id, "session_id": session_id}
    if questions:
        grilling = context.get("run_mode") == "grilling"
        return cast(
            InteractionRequest,
            {
                **common,
                "kind": "questionnaire",
                "title": title,
                "message": message,
                "timeout_seconds": timeout,
                "source_tool": "request_user_input",
                "options": [],
                "questions": questions,
                "allow_free_text": True,
                "metadata": {
                    "input_mode": "questionnaire",
                    "purpose": purpose,
                    "auto_select_first_on_timeout": not grilling and (True if auto_select is None else auto_select),
                },
            },
        )
    input_mode = _to_choice(args.get("input_mode"), INPUT_MODES, "text")
    allow = args.get("allow_free_text")
    return cast(
        InteractionRequest,
        {
            **common,
            "kind": input_mode,
            "title": title,
            "message": message,
            "timeout_seconds": timeout,
            "source_tool": "request_user_input",
            "options": normalize_options(args.get("options")),
            "questions": [],
            "allow_free_text": allow if isinstance(allow, bool) else True,
            "metadata": {"input_mode": input_mode, "purpose": purpose},
        },
    )


def normalize_tool_call(
    tool: InteractiveTool,
    args: Mapping[str, Any],
    request_id: str,
    session_id: str = "",
    context: Optional[Mapping[str, str]] = None,
) -> InteractionRequest:
    """A raw tool call's arguments → the normalised request of docs/protocol.md §4.5."""
    if tool == "request_user_approval":
        return normalize_approval(args, request_id, session_id)
    return normalize_input(args, request_id, session_id, context or resolve_context())


def check_tool_arguments(tool: str, args: object) -> list[ArgumentIssue]:
    """The top-level type problems the kit answers with `invalid_arguments` (empty when fine)."""
    if not isinstance(args, dict):
        return [{"path": "arguments", "expected": "object"}]
    if tool == "publish_artifacts":
        return []
    issues: list[ArgumentIssue] = []
    if not isinstance(args.get("message"), str):
        issues.append({"path": "arguments.message", "expected": "string"})
    if tool == "request_user_input":
        for field in ("options", "questions"):
            if args.get(field) is not None and not isinstance(args[field], list):
                issues.append({"path": f"arguments.{field}", "expected": "array"})
    return issues


def build_response(
    request: InteractionRequest,
    status: Status,
    resolved_at: str,
    *,
    approved: bool = False,
    text: str = "",
    selected_options: Optional[list[str]] = None,
    answers: Optional[dict[str, QuestionAnswer]] = None,
    raw_value: Any = None,
) -> InteractionResponse:
    """A response with every field of docs/protocol.md §5.1; what is not given is empty."""
    return {
        "request_id": request["request_id"],
        "status": status,
        "approved": approved,
        "text": text,
        "selected_options": selected_options or [],
        "answers": answers or {},
        "raw_value": raw_value,
        "resolved_at": resolved_at,
    }


def kept_answers(request: InteractionRequest, given: Optional[Mapping[str, Mapping[str, Any]]]) -> dict[str, QuestionAnswer]:
    """The answers a questionnaire keeps at a timeout, from what the user had given
    (per question id `{"value": ...}` or `{"custom": ...}`): an option of the question, or the
    custom text once non-empty. What does not count is left out; that question takes its
    recommended option."""
    kept: dict[str, QuestionAnswer] = {}
    for question in request["questions"]:
        choice = (given or {}).get(question["id"])
        if not isinstance(choice, Mapping):
            continue
        if "custom" in choice:
            text = choice["custom"].strip() if isinstance(choice["custom"], str) else ""
            if text:
                kept[question["id"]] = {"selected_options": [CUSTOM_VALUE], "text": text, "raw_value": text}
            continue
        value = choice.get("value")
        if isinstance(value, str) and value != CUSTOM_VALUE and any(o["value"] == value for o in question["options"]):
            kept[question["id"]] = {"selected_options": [value], "text": "", "raw_value": value}
    return kept


def timeout_response(
    request: InteractionRequest, resolved_at: str, kept: Optional[Mapping[str, QuestionAnswer]] = None
) -> InteractionResponse:
    """The timeout policy: an auto-selecting questionnaire keeps the answers the user gave
    (`kept`, from `kept_answers`) and takes the first option for the rest; everything else,
    grilling included, times out unanswered."""
    if request["kind"] == "questionnaire" and request["metadata"].get("auto_select_first_on_timeout") is True:
        answers: dict[str, QuestionAnswer] = {}
        raw: dict[str, str] = {}
        for question in request["questions"]:
            value = question["options"][0]["value"] if question["options"] else ""
            answer = (kept or {}).get(question["id"]) or {"selected_options": [value], "text": "", "raw_value": value}
            answers[question["id"]] = answer
            raw[question["id"]] = answer["raw_value"]
        return build_response(request, "auto_selected", resolved_at, approved=True, answers=answers, raw_value=raw)
    return build_response(request, "timeout", resolved_at)


def cancelled_response(request: InteractionRequest, resolved_at: str) -> InteractionResponse:
    """The response for a call the runtime withdrew: what to tell the model after an abort."""
    return build_response(request, "cancelled", resolved_at)


def _tool_event(tool: str, response: InteractionResponse, summary: str) -> ToolEventPart:
    return {"type": "tool_event", "tool_name": tool, "status": response["status"], "summary": summary}


def approval_result(request: InteractionRequest, response: InteractionResponse) -> ApprovalResult:
    status = response["status"]
    summary = ("approved" if response["approved"] else "rejected") if status == "completed" else status
    return {
        "source_tool": "request_user_approval",
        "content": "用户已批准操作。" if response["approved"] else f"用户未批准操作（{status}）。",
        "content_parts": [_tool_event("request_user_approval", response, summary)],
        "interaction_request": {
            "kind": "approval",
            "message": request["message"],
            "title": request["title"],
            "severity": request["metadata"].get("severity", "medium"),
            "details": request["metadata"].get("details", ""),
            "timeout_seconds": request["timeout_seconds"],
        },
        "interaction_response": response,
    }


def _input_summary(request: InteractionRequest, response: InteractionResponse) -> str:
    if not response["approved"]:
        return response["status"]
    if request["kind"] == "questionnaire":
        return f"answers={len(response['answers'])}"
    if not response["selected_options"]:
        return response["text"]
    # The reference runtime writes the same list twice; the model has been trained on it.
    values = ", ".join(response["selected_options"])
    return f"selected={values} | options={values}"


def input_result(request: InteractionRequest, response: InteractionResponse) -> InputResult:
    summary = _input_summary(request, response)
    purpose = request["metadata"].get("purpose", "")
    if not response["approved"]:
        content = f"未收到有效输入（{response['status']}）。"
    elif request["kind"] == "questionnaire":
        content = f"已收到用户输入，共回答 {len(response['answers'])} 个问题。"
    else:
        content = f"已收到用户输入：{summary}"
    echo: Any
    if request["kind"] == "questionnaire":
        echo = {
            "kind": "questionnaire",
            "message": request["message"],
            "title": request["title"],
            "questions": request["questions"],
            "purpose": purpose,
            "allow_free_text": True,
            "timeout_seconds": request["timeout_seconds"],
        }
    else:
        echo = {
            "kind": request["kind"],
            "message": request["message"],
            "title": request["title"],
            "options": request["options"],
            "questions": [],
            "allow_free_text": request["allow_free_text"],
            "timeout_seconds": request["timeout_seconds"],
        }
    return {
        "source_tool": "request_user_input",
        "content": content,
        "content_parts": [_tool_event("request_user_input", response, summary)],
        "interaction_request": echo,
        "interaction_response": response,
        "answers": response["answers"],
        "purpose": purpose,
    }


def tool_result_for(
    request: InteractionRequest, response: InteractionResponse, *, result_language: ResultLanguage = "zh"
) -> Union[ApprovalResult, InputResult]:
    """The tool result for a request the user, the timeout policy or a cancel resolved.

    `result_language="en"` gives the same result with its `content` in English.
    """
    language = check_result_language(result_language, "tool_result_for")
    if request["source_tool"] == "request_user_approval":
        return in_result_language(approval_result(request, response), language)
    return in_result_language(input_result(request, response), language)
