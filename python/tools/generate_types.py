"""Writes agent_interaction_kit/_schema.py from the kit's JSON Schemas (schema/*.json).

The TypedDicts and the embedded result and argument schemas are generated, never written by hand,
so the Python types cannot drift from the protocol. Run it after `npm run build` (which writes
schema/):

    python python/tools/generate_types.py            # writes the module
    python python/tools/generate_types.py --check    # exits 1 when the committed module is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
DEFAULT_SCHEMA_DIR = HERE.parent.parent / "schema"
TARGET = HERE.parent / "src" / "agent_interaction_kit" / "_schema.py"

# Top-level names, in the order they are generated: the shared shapes first, so that the
# messages and results refer to them by name.
TOP_LEVEL = {
    "interaction-response": "InteractionResponse",
    "interaction-request": "InteractionRequest",
    "result-request-user-approval": "ApprovalResult",
    "result-request-user-input": "InputResult",
    "result-publish-artifacts": "ArtifactsResult",
    "result-error": "ErrorResult",
    "arguments-request-user-approval": "ApprovalArguments",
    "arguments-request-user-input": "InputArguments",
    "arguments-publish-artifacts": "ArtifactsArguments",
    "runtime-hello": "HelloMessage",
    "runtime-tool-call": "ToolCallMessage",
    "runtime-interaction-request": "InteractionRequestMessage",
    "runtime-cancel": "CancelMessage",
    "runtime-ack": "AckMessage",
    "runtime-tool-result": "RuntimeToolResultMessage",
    "runtime-grants": "GrantsMessage",
    "runtime-settled": "SettledMessage",
    "inbox-hello": "InboxHelloMessage",
    "inbox-snapshot": "InboxSnapshotMessage",
    "inbox-add": "InboxAddMessage",
    "inbox-remove": "InboxRemoveMessage",
    "inbox-tool-result": "InboxToolResultMessage",
    "kit-connect": "ConnectMessage",
    "kit-ready": "ReadyMessage",
    "kit-tool-result": "KitToolResultMessage",
    "kit-interaction-response": "InteractionResponseMessage",
    "kit-error": "ErrorMessage",
    "kit-revoke-grant": "RevokeGrantMessage",
    "audit-record": "AuditRecord",
}

# Nested objects recognised by their field names get the names the TypeScript side uses.
NAMES_BY_FIELDS = {
    frozenset({"type", "tool_name", "status", "summary"}): "ToolEventPart",
    frozenset({"label", "value", "description"}): "InteractionOption",
    frozenset({"header", "id", "question", "options"}): "InteractionQuestion",
    frozenset({"selected_options", "text", "raw_value"}): "QuestionAnswer",
    frozenset({"ok", "enabled", "reason", "success", "failed", "skipped"}): "ProviderDelivery",
    frozenset({"kind", "message", "title", "severity", "details", "timeout_seconds"}): "ApprovalEcho",
    frozenset({"kind", "message", "title", "questions", "purpose", "allow_free_text", "timeout_seconds"}): "QuestionnaireEcho",
    frozenset({"kind", "message", "title", "options", "questions", "allow_free_text", "timeout_seconds"}): "ChoiceEcho",
    frozenset({"path", "expected"}): "ArgumentIssue",
    frozenset({"key", "label"}): "GrantOffer",
    frozenset({"key", "label", "at"}): "SessionGrant",
    frozenset({"type", "subtype", "name", "path", "url", "mime", "size", "caption", "audience", "artifact_source", "delivered", "delivery_reason"}): "FilePart",
}
# The same for shapes with optional fields (the model's arguments, the context).
OPTIONAL_NAMES_BY_FIELDS = {
    frozenset({"channel", "run_mode", "locale", "requester"}): "WireContext",
    frozenset({"label", "value", "description"}): "OptionArgument",
    frozenset({"id", "question", "header", "options"}): "QuestionArgument",
    frozenset({"path", "url", "name", "mime", "subtype", "caption", "size"}): "ArtifactItemArgument",
}

# The schemas the package reads at run time: results (to tell a valid result) and arguments
# (the tool definitions).
EMBEDDED = [name for name in TOP_LEVEL if name.startswith(("result-", "arguments-"))]


def pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in text.replace("-", "_").split("_") if part)


def canonical(schema: Any) -> str:
    """The shape of a schema without its descriptions: equal shapes share one class."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("description", "$id", "$schema")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(schema), sort_keys=True)


class Generator:
    def __init__(self) -> None:
        self.classes: list[str] = []
        self.by_shape: dict[str, str] = {}
        self.taken: set[str] = set()

    def literal(self, values: list[Any]) -> str:
        return "Literal[" + ", ".join(json.dumps(v) if isinstance(v, str) else repr(v) for v in values) + "]"

    def type_of(self, schema: Any, name: str) -> str:
        if schema is True or schema == {}:
            return "Any"
        if schema is False or (isinstance(schema, dict) and "not" in schema):
            return "Never"
        if "anyOf" in schema:
            parts: list[str] = []
            for index, branch in enumerate(schema["anyOf"]):
                branch_name = name + self.branch_suffix(branch, index)
                part = self.type_of(branch, branch_name)
                if part not in parts:
                    parts.append(part)
            return parts[0] if len(parts) == 1 else "Union[" + ", ".join(parts) + "]"
        if "const" in schema:
            return self.literal([schema["const"]])
        if "enum" in schema:
            return self.literal(schema["enum"])
        kind = schema.get("type")
        if isinstance(kind, list):
            parts = [self.type_of({**schema, "type": k}, name) for k in kind]
            return "Union[" + ", ".join(parts) + "]" if len(parts) > 1 else parts[0]
        if kind == "string":
            return "str"
        if kind == "number":
            return "float"
        if kind == "integer":
            return "int"
        if kind == "boolean":
            return "bool"
        if kind == "null":
            return "None"
        if kind == "array":
            if "prefixItems" in schema and schema.get("items") is False:
                items = [self.type_of(s, name + "Item") for s in schema["prefixItems"]]
                return "tuple[" + ", ".join(items) + "]" if len(items) > 1 else f"list[{items[0]}]"
            return f"list[{self.type_of(schema.get('items', {}), name + 'Item')}]"
        if kind == "object":
            if "properties" in schema:
                return self.typed_dict(schema, name)
            values = schema.get("additionalProperties", {})
            return f"dict[str, {self.type_of(values, name + 'Value')}]"
        return "Any"

    def branch_suffix(self, branch: Any, index: int) -> str:
        props = branch.get("properties", {}) if isinstance(branch, dict) else {}
        for key in ("tool", "kind", "type"):
            const = props.get(key, {}).get("const") if isinstance(props.get(key), dict) else None
            if isinstance(const, str):
                return pascal(const)
        return str(index)

    def typed_dict(self, schema: dict[str, Any], name: str) -> str:
        shape = canonical(schema)
        if shape in self.by_shape:
            return self.by_shape[shape]
        fields = frozenset(schema["properties"])
        all_required = fields == frozenset(schema.get("required", []))
        name = (NAMES_BY_FIELDS if all_required else OPTIONAL_NAMES_BY_FIELDS).get(fields, name)
        while name in self.taken:
            name += "_"
        self.taken.add(name)
        self.by_shape[shape] = name
        required = set(schema.get("required", []))
        lines = [f"class {name}(TypedDict):"]
        doc = schema.get("description")
        if doc:
            lines.append(f"    {json.dumps(doc, ensure_ascii=False)}")
        body: list[str] = []
        for field, sub in schema["properties"].items():
            annotation = self.type_of(sub, name + pascal(field))
            if field not in required:
                annotation = f"NotRequired[{annotation}]"
            body.append(f"    {field}: {annotation}")
            if isinstance(sub, dict) and sub.get("description"):
                body.append(f"    {json.dumps(sub['description'], ensure_ascii=False)}")
        self.classes.append("\n".join(lines + (body or ["    pass"])))
        return name


def render(schema_dir: Path) -> str:
    schemas = {name: json.loads((schema_dir / f"{name}.json").read_text("utf-8")) for name in TOP_LEVEL}
    generator = Generator()
    aliases: list[str] = []
    for file, name in TOP_LEVEL.items():
        annotation = generator.type_of(schemas[file], name)
        if annotation != name:
            aliases.append(f"{name} = {annotation}")
    embedded = {name: schemas[name] for name in EMBEDDED}
    return "\n".join(
        [
            '"""The protocol\'s types and schemas, generated from schema/*.json by python/tools/generate_types.py.',
            "",
            "Do not edit: run the generator (a test fails when this module is stale).",
            '"""',
            "",
            "from __future__ import annotations",
            "",
            "import json",
            "from typing import Any, Literal, Never, NotRequired, TypedDict, Union",
            "",
            "",
            "\n\n\n".join(generator.classes),
            "",
            "",
            *aliases,
            "ToolResult = Union[ApprovalResult, InputResult, ArtifactsResult, ErrorResult]",
            "",
            "# The result and argument schemas, as the kit writes them.",
            "SCHEMAS: dict[str, Any] = json.loads(",
            "    " + repr(json.dumps(embedded, ensure_ascii=False, separators=(",", ":"))),
            ")",
            "",
        ]
    )


def main(argv: list[str]) -> int:
    check = "--check" in argv
    rest = [a for a in argv if a != "--check"]
    schema_dir = Path(rest[0]) if rest else DEFAULT_SCHEMA_DIR
    text = render(schema_dir)
    if check:
        if TARGET.read_text("utf-8") != text:
            print(f"{TARGET.name} is stale: run python python/tools/generate_types.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, "utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
