"""Canonical JSON (docs/protocol.md §11.2): the same bytes, and the same SHA-256, as the Node side."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from agent_interaction_kit.jsjson import arguments_sha256, canonical_json, dumps

REPO = Path(__file__).resolve().parents[2]
CASES: list[dict[str, Any]] = json.loads((REPO / "test" / "fixtures" / "canonical-json.json").read_text("utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_shared_cases(case: dict[str, Any]) -> None:
    assert canonical_json(case["arguments"]) == case["canonical"]
    assert arguments_sha256(case["arguments"]) == case["sha256"]


def test_a_lone_surrogate_is_escaped_by_dumps_too() -> None:
    # JSON.stringify is well-formed: the text must be encodable as UTF-8 to go on the wire at all.
    assert dumps({"s": "\ud800"}) == '{"s":"\\ud800"}'
    dumps({"s": "\udfff"}).encode("utf-8")


# Values the fixture does not hold, written by both runtimes here and now.
MORE: list[Any] = [
    {"é": 1, "e": 2, "E": 3, "ｅ": 4, "𝐞": 5, "\u00e9\u0301": 6},
    {"nested": [{"b": 0.1, "a": 0.2 + 0.1}, [1e300 * 10, -1e-300 / 1e10], "\u2028\u2029"]},
    {"n": [123456789012345680000, 1.5e-9, 2**53 + 1, -(2**60), 0.000001, 1e21, 123e-20]},
    {"command": "kubectl get pods -n 生产", "severity": "medium", "details": "$ kubectl get pods\n\t\"ok\""},
]


def test_node_writes_the_same_bytes_and_hashes() -> None:
    script = (
        "import { argumentsSha256, canonicalJson } from './src/protocol/canonical-json.ts';"
        "const values = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(await Promise.all(values.map(async (v) => [canonicalJson(v), await argumentsSha256(v)]))));"
    )
    # Python's json writes what JavaScript reads back as the same values (an infinity as a number too big).
    text = json.dumps(MORE, ensure_ascii=False).replace("Infinity", "1e999")
    done = subprocess.run(
        ["node", "--import", "tsx", "--input-type=module", "-e", script.replace("require('node:fs')", "(await import('node:fs'))")],
        input=text, capture_output=True, text=True, cwd=REPO, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    node = json.loads(done.stdout)
    python = [[canonical_json(value), arguments_sha256(value)] for value in json.loads(text)]
    assert python == node
