"""Checks a response the kit's card sends against the call it answers.

The same rule as the Node side: the shape of a response (docs/protocol.md §5.1), the call's id, and that the kit's rules,
given the answer the response says was given, build this very response.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Optional, Union

from .. import jsjson
from ..jsjson import canonical_json
from .._schema import InteractionRequest, InteractionResponse
from ..rules import CUSTOM_VALUE, build_response, cancelled_response

_FIELDS = ("request_id", "status", "approved", "text", "selected_options", "answers", "raw_value", "resolved_at")
_STATUSES = ("completed", "timeout", "auto_selected", "cancelled")


def _shape_problem(value: Any) -> Optional[str]:
    if not isinstance(value, dict):
        return "response"
    for field, kind in (("request_id", str), ("status", str), ("text", str), ("resolved_at", str), ("approved", bool)):
        if not isinstance(value.get(field), kind):
            return f"response.{field}"
    if value["status"] not in _STATUSES:
        return "response.status"
    if not isinstance(value.get("selected_options"), list) or not all(isinstance(v, str) for v in value["selected_options"]):
        return "response.selected_options"
    answers = value.get("answers")
    if not isinstance(answers, dict):
        return "response.answers"
    for key, answer in answers.items():
        ok = (
            isinstance(answer, dict)
            and isinstance(answer.get("selected_options"), list)
            and all(isinstance(v, str) for v in answer["selected_options"])
            and isinstance(answer.get("text"), str)
            and isinstance(answer.get("raw_value"), str)
        )
        if not ok:
            return f"response.answers.{key}"
    if "raw_value" not in value:
        return "response.raw_value"
    return None


def _answered(request: InteractionRequest, response: dict[str, Any], at: str) -> Union[InteractionResponse, str]:
    """What the rules build for the answer the response gives, or why they would not."""
    kind = request["kind"]
    text = response["text"].strip()
    selected: list[str] = response["selected_options"]
    known = [option["value"] for option in request["options"]]
    if kind == "approval":
        approved = response["approved"]
        return build_response(request, "completed", at, approved=approved, text="" if approved else text, raw_value=approved)
    if kind == "text":
        return build_response(request, "completed", at, approved=True, text=text, raw_value=text) if text else "text_required"
    if kind == "choice":
        if len(selected) == 1 and not text:
            if selected[0] not in known:
                return "unknown_option"
            return build_response(request, "completed", at, approved=True, text=selected[0], selected_options=selected, raw_value=selected[0])
        if not selected and text:
            if not request["allow_free_text"]:
                return "free_text_not_allowed"
            return build_response(request, "completed", at, approved=True, text=text, raw_value=text)
        return "choose_one"
    if kind == "multi_choice":
        if any(value not in known for value in selected):
            return "unknown_option"
        if text and not request["allow_free_text"]:
            return "free_text_not_allowed"
        ordered = [value for value in known if value in selected]
        if not ordered:
            return "choose_at_least_one"
        return build_response(request, "completed", at, approved=True, text=text, selected_options=ordered, raw_value=ordered)
    answers: dict[str, Any] = {}
    for question in request["questions"]:
        given = response["answers"].get(question["id"])
        value = given["selected_options"][0] if given and given["selected_options"] else None
        if value is None:
            return f"unanswered ({question['id']})"
        if value == CUSTOM_VALUE:
            custom = given["text"].strip() if given else ""
            if not custom:
                return f"custom_text_required ({question['id']})"
            answers[question["id"]] = {"selected_options": [CUSTOM_VALUE], "text": custom, "raw_value": custom}
        elif value in [option["value"] for option in question["options"]]:
            answers[question["id"]] = {"selected_options": [value], "text": "", "raw_value": value}
        else:
            return f"unknown_option ({question['id']})"
    raw = {key: answer["raw_value"] for key, answer in answers.items()}
    return build_response(request, "completed", at, approved=True, answers=answers, raw_value=raw)


def _expected(request: InteractionRequest, response: dict[str, Any], deadline_passed: bool) -> Union[InteractionResponse, str]:
    at = response["resolved_at"]
    status = response["status"]
    if status == "cancelled":
        return cancelled_response(request, at)
    if status in ("timeout", "auto_selected") and not deadline_passed:
        return "a timeout before the deadline"
    if status == "timeout":
        return build_response(request, "timeout", at)
    if status == "auto_selected":
        if request["kind"] != "questionnaire" or request["metadata"].get("auto_select_first_on_timeout") is not True:
            return "auto_selected for a request that never auto-selects"
        answered = _answered(request, response, at)
        return answered if isinstance(answered, str) else {**answered, "status": "auto_selected"}
    return _answered(request, response, at)


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def check_response(request: InteractionRequest, value: Any, deadline_passed: bool) -> Union[InteractionResponse, str]:
    """The response, when it answers `request` (whose request_id is the call's id); else why not."""
    problem = _shape_problem(value)
    if problem:
        return f"Invalid response: {problem} is missing or of the wrong type."
    response = {field: value[field] for field in _FIELDS}
    if response["request_id"] != request["request_id"]:
        return f"Invalid response: response.request_id must be the call's id, {jsjson.dumps(request['request_id'])}."
    if not _is_time(response["resolved_at"]):
        return "Invalid response: response.resolved_at must be an ISO 8601 time."
    expected = _expected(request, response, deadline_passed)
    if isinstance(expected, str):
        return f"The response does not answer this request: {expected}."
    if canonical_json(expected) != canonical_json(response):
        return "The response does not answer this request: its fields are not what the answer it gives comes to."
    return expected
