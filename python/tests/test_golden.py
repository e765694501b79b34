"""Every golden case the runtime's rules can compute, compared as JSON text, byte for byte."""

from __future__ import annotations

from typing import Any, Optional

import pytest

from agent_interaction_kit.artifacts import Artifact, deliver_artifacts, prepare_artifacts
from agent_interaction_kit.jsjson import dumps
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
