"""JSON text and number coercion as JavaScript does them, where Python's own differ."""

from __future__ import annotations

import math

import pytest

from agent_interaction_kit.jsjson import dumps, js_number, js_number_text, loads
from agent_interaction_kit.rules import to_text, to_timeout_seconds


@pytest.mark.parametrize(
    ("text", "expected"),
    [("45", 45), (" 45 ", 45), ("1e3", 1000), ("0x10", 16), ("0b101", 5), ("0o17", 15), (".5", 0.5), ("5.", 5), ("", 0), ("-7", -7), ("+2", 2)],
)
def test_number_converts_as_javascript_does(text: str, expected: float) -> None:
    assert js_number(text) == expected


@pytest.mark.parametrize("text", ["1_000", "inf", "Inf", "nan", "NaN", "infinity", "0x", "-0x10", "0b2", "12s", "1e", "١٢"])
def test_what_python_reads_and_javascript_does_not(text: str) -> None:
    assert math.isnan(js_number(text))


def test_timeout_seconds_follow_number() -> None:
    assert to_timeout_seconds("1_000") == 120
    assert to_timeout_seconds("inf") == 120
    assert to_timeout_seconds("Infinity") == 120
    assert to_timeout_seconds("0x10") == 16
    assert to_timeout_seconds(True) == 120, "a bool is not a number"
    assert to_timeout_seconds(False) == 120
    assert to_timeout_seconds("45") == 45 and isinstance(to_timeout_seconds("45"), int)
    assert to_timeout_seconds(1.5) == 1.5
    assert to_timeout_seconds(1e12) == 86400
    assert to_timeout_seconds(0) == 120 and to_timeout_seconds(-3) == 120 and to_timeout_seconds("  ") == 120


@pytest.mark.parametrize(
    ("value", "text"),
    [(1.0, "1"), (7, "7"), (1.5, "1.5"), (1e21, "1e+21"), (1e20, "100000000000000000000"), (1e-7, "1e-7"),
     (0.000001, "0.000001"), (123456789012345680000.0, "123456789012345680000"), (-0.0, "0"), (2.5e-10, "2.5e-10")],
)
def test_numbers_print_as_javascript_prints_them(value: float, text: str) -> None:
    assert js_number_text(value) == text


def test_text_fields() -> None:
    assert to_text(True) == "" and to_text(None) == "" and to_text([1]) == ""
    assert to_text(3) == "3" and to_text(2.0) == "2" and to_text(" a ") == "a"


def test_json_text_is_json_stringify() -> None:
    assert dumps({"a": 1.0, "b": [True, None, "中文\n\"x\""], "c": 1.5}) == '{"a":1,"b":[true,null,"中文\\n\\"x\\""],"c":1.5}'
    with pytest.raises(ValueError):
        loads('{"a": NaN}')
