"""Answer-link tokens against the shared cases (test/fixtures/answer-links.json), which the Node
runtime reads as well: every case of the file is run, so a new case is tested without code."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from agent_interaction_kit import mint_answer_token, verify_answer_token

REPO = Path(__file__).resolve().parents[2]
FIXTURE: dict[str, Any] = json.loads((REPO / "test" / "fixtures" / "answer-links.json").read_text("utf-8"))
SECRET: str = FIXTURE["secret"]
EARLY = "2026-12-06T09:00:00Z"


@pytest.mark.parametrize("case", FIXTURE["mint"], ids=[c["name"] for c in FIXTURE["mint"]])
def test_mint(case: dict[str, Any]) -> None:
    token = mint_answer_token(
        secret=SECRET,
        call_id=case["call_id"],
        session_id=case["session_id"],
        arguments=case["arguments"],
        deadline=case["deadline"],
        aud=case["aud"],
    )
    payload = token.split(".")[0]
    assert base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode("utf-8") == case["payload_canonical"]
    assert token == case["token"]
    before = datetime.fromisoformat(case["deadline"].replace("Z", "+00:00")) - timedelta(seconds=1)
    outcome = verify_answer_token(
        token, secret=SECRET, now=before, call_id=case["call_id"], arguments=case["arguments"], actor=case["aud"]
    )
    assert outcome.ok and outcome.claims == json.loads(case["payload_canonical"])


@pytest.mark.parametrize("case", FIXTURE["refuse"], ids=[c["name"] for c in FIXTURE["refuse"]])
def test_refuse(case: dict[str, Any]) -> None:
    outcome = verify_answer_token(case["token"], secret=SECRET, now=EARLY)
    assert (outcome.ok, outcome.reason) == (False, case["why"])


@pytest.mark.parametrize("case", FIXTURE["check"], ids=[c["name"] for c in FIXTURE["check"]])
def test_check(case: dict[str, Any]) -> None:
    outcome = verify_answer_token(
        case["token"], secret=SECRET, now=case["now"], arguments=case["arguments"], actor=case["actor"]
    )
    assert outcome.ok == case["ok"]
    if not outcome.ok:
        assert outcome.reason == case["why"]


def test_a_token_for_another_call_is_refused() -> None:
    token = FIXTURE["mint"][0]["token"]
    assert verify_answer_token(token, secret=SECRET, now=EARLY, call_id="call-other").reason == "call"


def test_a_correctly_signed_payload_that_is_not_a_claim_is_malformed() -> None:
    payload = base64.urlsafe_b64encode(b'{"v":2}').rstrip(b"=").decode("ascii")
    signature = base64.urlsafe_b64encode(hmac.new(SECRET.encode(), payload.encode(), hashlib.sha256).digest())
    token = f"{payload}.{signature.rstrip(b'=').decode('ascii')}"
    assert verify_answer_token(token, secret=SECRET).reason == "malformed"
