"""Every golden case the runtime's rules can compute, compared as JSON text, byte for byte."""

from __future__ import annotations

import re
from typing import Any, Optional

import pytest

from agent_interaction_kit.artifacts import Artifact, deliver_artifacts, prepare_artifacts
from agent_interaction_kit.jsjson import dumps
from agent_interaction_kit.language import in_result_language
from agent_interaction_kit.rules import (
    cancelled_response,
    check_tool_arguments,
    kept_answers,
    normalize_tool_call,
    resolve_context,
    timeout_response,
    tool_result_for,
)

from conftest import GOLDEN

CASES = GOLDEN["tool_cases"]
INTERACTIVE = [c for c in CASES if c["tool"] != "publish_artifacts" and "normalized" in c]
REFUSED = [c for c in CASES if "error" in c]
ARTIFACTS = [c for c in CASES if c["tool"] == "publish_artifacts"]


def ids(cases: list[dict[str, Any]]) -> list[str]:
    return [c["name"] for c in cases]


def request_of(case: dict[str, Any]) -> Any:
    context = resolve_context(None, case["context"])
    return normalize_tool_call(case["tool"], case["arguments"], "CALL", "s-1", context)


def test_the_fixtures_are_all_here() -> None:
    assert len(INTERACTIVE) + len(REFUSED) + len(ARTIFACTS) == len(CASES)
    assert len(INTERACTIVE) >= 15 and len(ARTIFACTS) >= 10


@pytest.mark.parametrize("case", INTERACTIVE, ids=ids(INTERACTIVE))
def test_normalised_request(case: dict[str, Any]) -> None:
    request = dict(request_of(case))
    assert (request.pop("request_id"), request.pop("session_id")) == ("CALL", "s-1")
    assert dumps(request) == dumps(case["normalized"])


@pytest.mark.parametrize("case", INTERACTIVE, ids=ids(INTERACTIVE))
def test_result_from_the_response(case: dict[str, Any]) -> None:
    request = request_of(case)
    answer = case["answer"]
    if answer.get("timeout"):
        response = timeout_response(request, "RESOLVED_AT", kept_answers(request, answer.get("answers")))
    elif answer.get("cancel"):
        response = cancelled_response(request, "RESOLVED_AT")
    else:
        response = case["result"]["interaction_response"]
    assert dumps(tool_result_for(request, response)) == dumps(case["result"])


@pytest.mark.parametrize("case", REFUSED, ids=ids(REFUSED))
def test_refused_arguments(case: dict[str, Any]) -> None:
    assert case["error"]["code"] == "invalid_arguments"
    assert dumps(check_tool_arguments(case["tool"], case["arguments"])) == dumps(case["error"]["issues"])


@pytest.mark.parametrize("case", INTERACTIVE, ids=ids(INTERACTIVE))
def test_accepted_arguments_have_no_issues(case: dict[str, Any]) -> None:
    assert check_tool_arguments(case["tool"], case["arguments"]) == []


@pytest.mark.parametrize("case", ARTIFACTS, ids=ids(ARTIFACTS))
async def test_artifacts_preparation_and_result(case: dict[str, Any]) -> None:
    prepared = prepare_artifacts(case["arguments"], resolve_context(None, case["context"]))
    outcomes: Optional[list[Any]] = case.get("deliver")
    called: list[int] = []

    def deliver(item: Artifact, provider: str) -> Any:
        index = prepared.items.index(item)
        called.append(index)
        assert outcomes is not None and outcomes[index] is not None, f"deliver called for item {index}"
        return outcomes[index]

    result = await deliver_artifacts(prepared, deliver if outcomes is not None else None)
    assert dumps(result) == dumps(case["result"])
    if outcomes is not None:
        assert called == [i for i, outcome in enumerate(outcomes) if outcome is not None]


ENGLISH = {
    "用户已批准操作。": "The user approved the action.",
}


def english_of(case: dict[str, Any]) -> str:
    """The English sentence (docs/protocol.md §5.7) for a golden result, read from the golden result itself."""
    result = case["result"]
    if "error" in result:
        return str(result["error"])
    content = result["content"]
    if content in ENGLISH:
        return ENGLISH[content]
    for pattern, english in (
        (r"用户未批准操作（(.+)）。", "The user did not approve the action ({0})."),
        (r"未收到有效输入（(.+)）。", "No valid input was received ({0})."),
        (r"已收到用户输入，共回答 (\d+) 个问题。", "Received the user's input: {0} questions answered."),
        (r"已收到用户输入：(.*)", "Received the user's input: {0}"),
        (r"已处理 (\d+) 个文件输出，(\w+) 成功 (\d+)，失败 (\d+)，跳过 (\d+)。", "Processed {0} file outputs: {1} succeeded {2}, failed {3}, skipped {4}."),
    ):
        match = re.fullmatch(pattern, content, re.S)
        if match:
            return english.format(*match.groups())
    raise AssertionError(f"no English sentence for {content!r}")


def only_content_differs(english: Any, case: dict[str, Any]) -> None:
    expected = dict(case["result"])
    if "content" in expected:
        expected["content"] = english_of(case)
    assert dumps(english) == dumps(expected)


@pytest.mark.parametrize("case", INTERACTIVE, ids=ids(INTERACTIVE))
def test_english_results_differ_only_in_content(case: dict[str, Any]) -> None:
    # The golden response itself (what the user, the timeout policy or a cancel gave): this is about language.
    english = tool_result_for(request_of(case), case["result"]["interaction_response"], result_language="en")
    only_content_differs(english, case)
    assert dumps(in_result_language(case["result"], "en")) == dumps(english)


@pytest.mark.parametrize("case", ARTIFACTS, ids=ids(ARTIFACTS))
async def test_english_artifacts_results_differ_only_in_content(case: dict[str, Any]) -> None:
    prepared = prepare_artifacts(case["arguments"], resolve_context(None, case["context"]))
    outcomes: Optional[list[Any]] = case.get("deliver")

    def deliver(item: Artifact, provider: str) -> Any:
        return outcomes[prepared.items.index(item)] if outcomes else None

    only_content_differs(await deliver_artifacts(prepared, deliver if outcomes is not None else None, result_language="en"), case)


def test_a_result_language_that_is_not_one_is_refused_by_name() -> None:
    case = INTERACTIVE[0]
    with pytest.raises(ValueError, match="tool_result_for: result_language must be 'zh' or 'en'"):
        tool_result_for(request_of(case), case["result"]["interaction_response"], result_language="fr")  # type: ignore[arg-type]
