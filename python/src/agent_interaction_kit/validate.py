"""Checks a value against the kit's JSON Schemas (the subset of draft 2020-12 they use).

The runtime keeps only valid results (docs/protocol.md §6.1): a `tool_result` whose `result`
matches that tool's result schema. The schemas are the kit's own, embedded by the generator, so
the check cannot drift from what the kit sends.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from ._schema import SCHEMAS
from .jsjson import is_number

__all__ = ["first_problem", "is_valid_result"]

def _is_integer(value: object) -> bool:
    return is_number(value) and float(value).is_integer()  # type: ignore[arg-type]


_TYPES: dict[str, Callable[[object], bool]] = {
    "string": lambda v: isinstance(v, str),
    "number": is_number,
    "integer": _is_integer,
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
}


def _path(base: str, key: object) -> str:
    if isinstance(key, int):
        return f"{base}[{key}]"
    return f"{base}.{key}" if base else str(key)


def first_problem(value: Any, schema: Any, path: str = "") -> Optional[str]:
    """The first place `value` breaks `schema`, as `path: expected …`; None when it is valid."""
    where = path or "(value)"
    if schema is True or schema == {}:
        return None
    if schema is False:
        return f"{where}: not allowed"
    if "anyOf" in schema:
        problems = [first_problem(value, branch, path) for branch in schema["anyOf"]]
        if all(problems):
            return min(problems, key=lambda p: -len(p or ""))  # the deepest explanation
        return None
    if "not" in schema and first_problem(value, schema["not"], path) is None:
        return f"{where}: not allowed"
    kind = schema.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        if not any(_TYPES[k](value) for k in kinds):
            return f"{where}: expected {' or '.join(kinds)}"
    if "const" in schema and not _same(value, schema["const"]):
        return f"{where}: expected {schema['const']!r}"
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        return f"{where}: expected one of {', '.join(map(str, schema['enum']))}"
    if isinstance(value, str) and len(value) < schema.get("minLength", 0):
        return f"{where}: expected at least {schema['minLength']} character(s)"
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                return f"{_path(path, name)}: required"
        properties = schema.get("properties", {})
        for name, item in value.items():
            if name in properties:
                problem = first_problem(item, properties[name], _path(path, name))
            else:
                names = schema.get("propertyNames")
                problem = first_problem(name, names, _path(path, name)) if names else None
                extra = schema.get("additionalProperties", True)
                problem = problem or first_problem(item, extra, _path(path, name))
            if problem:
                return problem
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            return f"{where}: expected at least {schema['minItems']} item(s)"
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            return f"{where}: expected at most {schema['maxItems']} item(s)"
        prefix = schema.get("prefixItems", [])
        for index, item in enumerate(value):
            rule = prefix[index] if index < len(prefix) else schema.get("items", True)
            problem = first_problem(item, rule, _path(path, index))
            if problem:
                return problem
    return None


def _same(value: Any, expected: Any) -> bool:
    return type(value) is type(expected) or (is_number(value) and is_number(expected)) if value == expected else False


def is_valid_result(tool: str, result: Any) -> bool:
    """Whether `result` is a valid result for `tool` (only publish_artifacts may carry the error result)."""
    schema = SCHEMAS.get(f"result-{tool.replace('_', '-')}")
    if schema is None:
        return False
    if first_problem(result, schema) is None:
        return True
    return tool == "publish_artifacts" and first_problem(result, SCHEMAS["result-error"]) is None
