"""JSON text and numbers exactly as JavaScript writes and reads them.

The kit is JavaScript: its results are `JSON.stringify` output, and its rules read numbers with
`Number()`. The Python side must agree byte for byte, which neither `json.dumps` (`1.0`, `1e-07`)
nor `float()` (`"1_000"`, `"inf"`, `"nan"`) does.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from decimal import Decimal
from typing import Any

__all__ = ["dumps", "loads", "canonical_json", "arguments_sha256", "js_number", "js_number_text", "is_number"]

# JavaScript's StringToNumber: whitespace around, then one of these; nothing else.
_JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_DECIMAL = re.compile(r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")
_RADIX = re.compile(r"0([xXoObB])([0-9a-fA-F]+)")
_RADIX_BASES = {"x": 16, "o": 8, "b": 2}


def is_number(value: object) -> bool:
    """`typeof value === 'number'`: an int or a float, never a bool."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def js_number(text: str) -> float:
    """`Number(text)` for a string: NaN when JavaScript would give NaN."""
    body = text.strip(_JS_WHITESPACE)
    if body == "":
        return 0.0
    radix = _RADIX.fullmatch(body)
    if radix:
        base = _RADIX_BASES[radix.group(1).lower()]
        try:
            return float(int(radix.group(2), base))
        except ValueError:
            return math.nan
    if not _DECIMAL.fullmatch(body):
        return math.nan
    if body.endswith("Infinity"):
        return -math.inf if body.startswith("-") else math.inf
    return float(body)


def js_number_text(value: float) -> str:
    """`String(value)` for a number, as JavaScript's Number::toString writes it."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
        return str(value)
    number = float(value)
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    if number == 0:
        return "0"
    sign = "-" if number < 0 else ""
    # repr() is the shortest round-trip text, as ECMAScript requires; only the layout differs.
    digits_tuple = Decimal(repr(abs(number))).normalize().as_tuple()
    digits = "".join(str(d) for d in digits_tuple.digits)
    exponent = int(digits_tuple.exponent)
    k = len(digits)
    n = exponent + k  # value = 0.digits × 10^n
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    mantissa = digits[0] + ("." + digits[1:] if k > 1 else "")
    return f"{sign}{mantissa}e{'+' if e >= 0 else '-'}{abs(e)}"


def dumps(value: Any) -> str:
    """`JSON.stringify(value)`: compact, non-ASCII as is, numbers as JavaScript writes them."""
    parts: list[str] = []
    _write(value, parts, False)
    return "".join(parts)


def canonical_json(value: Any) -> str:
    """The canonical JSON of docs/protocol.md §11.2: `dumps` with every object's keys sorted by
    their UTF-16 code units (JavaScript's default sort), the same text the Node side writes."""
    parts: list[str] = []
    _write(value, parts, True)
    return "".join(parts)


def arguments_sha256(value: Any) -> str:
    """SHA-256, lower-case hex, of the canonical JSON's UTF-8 bytes."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _string(text: str) -> str:
    # Well-formed JSON.stringify writes a lone surrogate as an escape; json.dumps would keep it
    # raw, which no UTF-8 encoder accepts. (A pair never reaches here: Python holds it as one.)
    return _LONE_SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(text, ensure_ascii=False))


def _utf16(key: str) -> bytes:
    # Big-endian UTF-16 bytes compare as JavaScript compares strings: by code units.
    return key.encode("utf-16-be", "surrogatepass")


def _write(value: Any, out: list[str], sort: bool) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, str):
        out.append(_string(value))
    elif isinstance(value, (int, float)):
        # JSON.stringify writes NaN and ±Infinity as null.
        out.append(js_number_text(value) if math.isfinite(value) else "null")
    elif isinstance(value, dict):
        out.append("{")
        items = [(str(key), item) for key, item in value.items()]
        if sort:
            items.sort(key=lambda pair: _utf16(pair[0]))
        for index, (key, item) in enumerate(items):
            if index:
                out.append(",")
            out.append(_string(key))
            out.append(":")
            _write(item, out, sort)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, out, sort)
        out.append("]")
    else:
        raise TypeError(f"{type(value).__name__} is not JSON")


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes) -> Any:
    """`JSON.parse(text)`: refuses NaN and Infinity, which Python's json would accept."""
    return json.loads(text, parse_constant=_no_constants)
