"""The protocol's types and schemas, generated from schema/*.json by python/tools/generate_types.py.

Do not edit: run the generator (a test fails when this module is stale).
"""

from __future__ import annotations

import json
from typing import Any, Literal, Never, NotRequired, TypedDict, Union


class QuestionAnswer(TypedDict):
    selected_options: list[str]
    text: str
    raw_value: str


class InteractionResponse(TypedDict):
    "The response of docs/protocol.md §5.1: what an answer, a timeout or a cancel comes to."
    request_id: str
    status: Literal["completed", "timeout", "auto_selected", "cancelled"]
    approved: bool
    text: str
    selected_options: list[str]
    answers: dict[str, QuestionAnswer]
    raw_value: Union[bool, str, list[str], dict[str, str], None]
    resolved_at: str


class InteractionOption(TypedDict):
    label: str
    value: str
    description: str


class InteractionQuestion(TypedDict):
    header: str
    id: str
    question: str
    options: list[InteractionOption]


class InteractionRequestMetadata(TypedDict):
    severity: NotRequired[Literal["low", "medium", "high"]]
    details: NotRequired[str]
    input_mode: NotRequired[str]
    purpose: NotRequired[str]
    auto_select_first_on_timeout: NotRequired[bool]


class InteractionRequest(TypedDict):
    "The normalised request of docs/protocol.md §4.5: what the kit renders."
    request_id: str
    session_id: str
    kind: Literal["approval", "text", "choice", "multi_choice", "questionnaire"]
    title: str
    message: str
    options: list[InteractionOption]
    questions: list[InteractionQuestion]
    allow_free_text: bool
    timeout_seconds: float
    source_tool: Literal["request_user_approval", "request_user_input"]
    metadata: InteractionRequestMetadata


class ToolEventPart(TypedDict):
    type: Literal["tool_event"]
    tool_name: str
    status: Literal["completed", "timeout", "auto_selected", "cancelled"]
    summary: str


class ApprovalEcho(TypedDict):
    kind: Literal["approval"]
    message: str
    title: str
    severity: Literal["low", "medium", "high"]
    details: str
    timeout_seconds: float


class ApprovalResult(TypedDict):
    "The request_user_approval tool result (docs/protocol.md §5.3), to hand to the model unchanged."
    source_tool: Literal["request_user_approval"]
    content: str
    content_parts: list[ToolEventPart]
    interaction_request: ApprovalEcho
    interaction_response: InteractionResponse


class QuestionnaireEcho(TypedDict):
    kind: Literal["questionnaire"]
    message: str
    title: str
    questions: list[InteractionQuestion]
    purpose: str
    allow_free_text: Literal[True]
    timeout_seconds: float


class ChoiceEcho(TypedDict):
    kind: Literal["text", "choice", "multi_choice"]
    message: str
    title: str
    options: list[InteractionOption]
    questions: list[Never]
    allow_free_text: bool
    timeout_seconds: float


class InputResult(TypedDict):
    "The request_user_input tool result (docs/protocol.md §5.4), to hand to the model unchanged."
    source_tool: Literal["request_user_input"]
    content: str
    content_parts: list[ToolEventPart]
    interaction_request: Union[QuestionnaireEcho, ChoiceEcho]
    interaction_response: InteractionResponse
    answers: dict[str, QuestionAnswer]
    purpose: str


class FilePart(TypedDict):
    type: Literal["file"]
    subtype: str
    name: str
    path: str
    url: str
    mime: str
    size: Union[float, None]
    caption: str
    audience: str
    artifact_source: Literal["publish_artifacts"]
    delivered: bool
    delivery_reason: str


class ProviderDeliverySuccessItem(TypedDict):
    name: str
    type: str


class ProviderDeliveryFailedItem(TypedDict):
    name: str
    reason: str


class ProviderDelivery(TypedDict):
    ok: bool
    enabled: bool
    reason: str
    success: list[ProviderDeliverySuccessItem]
    failed: list[ProviderDeliveryFailedItem]
    skipped: list[ProviderDeliveryFailedItem]


class ArtifactsResult(TypedDict):
    "The publish_artifacts tool result (docs/protocol.md §5.5), to hand to the model unchanged."
    source_tool: Literal["publish_artifacts"]
    content: str
    content_parts: list[Union[ToolEventPart, FilePart]]
    delivery_result: dict[str, ProviderDelivery]


class ErrorResult(TypedDict):
    "The error tool result (docs/protocol.md §5.5): a well-formed call a tool rule refused; the model reads the sentence."
    error: str


class ApprovalArguments(TypedDict):
    "Ask the user to approve or reject an action before you take it — one that is hard to undo, costly, or affects others. The user sees your message, the optional details and a countdown, and approves or rejects with an optional note; the result says which. It waits for a person: call it on its own, never batched with other tools through parallel tool calls."
    message: str
    "What the user is asked to approve: the action and its consequence, in one or two sentences."
    title: NotRequired[str]
    "A short title for the approval card (default 请确认)."
    severity: NotRequired[Literal["low", "medium", "high"]]
    "How risky the action is: low, medium (default) or high. High asks the user to confirm twice."
    details: NotRequired[str]
    "Extra context shown collapsed as preformatted text: a diff, a command, the affected resources."
    timeout_seconds: NotRequired[float]
    "Seconds the user has to answer (default 120, at most 86400). When they pass, the timeout result comes back."


class OptionArgument(TypedDict):
    "An option with a value distinct from its label, or a description."
    label: str
    "What the user sees."
    value: NotRequired[str]
    "What comes back in the answer (default: the label)."
    description: NotRequired[str]
    "One line of help under the label."


class QuestionArgument(TypedDict):
    "One question of a questionnaire."
    id: str
    "Unique within the questionnaire: the key of this answer in the result."
    question: str
    "The question itself."
    header: NotRequired[str]
    "A short topic shown above the question."
    options: list[Union[str, OptionArgument]]
    "Mutually exclusive choices, the recommended one first. Do not add a custom (自定义) choice: one is appended automatically."


class InputArguments(TypedDict):
    "Ask the user for input and wait for the answer: free text, one choice, several choices, or a questionnaire of several questions. To clarify a task after read-only exploration, prefer a questionnaire whose questions each have mutually exclusive options with the recommended one first; never add your own custom (自定义) option, the kit appends exactly one to every question. It waits for a person: call it on its own, never batched with other tools through parallel tool calls."
    message: str
    "The question or instruction shown to the user."
    title: NotRequired[str]
    "A short title for the card (default 需要你的输入)."
    input_mode: NotRequired[Literal["text", "choice", "multi_choice"]]
    "text (default): a typed answer; choice: one of options; multi_choice: one or more of options. Ignored when questions are given."
    options: NotRequired[list[Union[str, OptionArgument]]]
    "The choices for choice and multi_choice."
    questions: NotRequired[list[QuestionArgument]]
    "A questionnaire: several questions answered at once, each with its own options. Preferred for clarifying a task."
    purpose: NotRequired[str]
    "What the question is for, as a marker for the runtime; grill_checkpoint is reserved for the summary decision at the end of a grilling run."
    allow_free_text: NotRequired[bool]
    "Whether the user may type an answer instead of (choice) or beside (multi_choice) the options (default true)."
    timeout_seconds: NotRequired[float]
    "Seconds the user has to answer (default 120, at most 86400). When they pass, the timeout result comes back."


class ArtifactItemArgument(TypedDict):
    "One artifact: give a path or a url (or both)."
    path: NotRequired[str]
    "A local file path (delivered as a file on Feishu only)."
    url: NotRequired[str]
    "An https or http URL the recipient can open."
    name: NotRequired[str]
    "The file name shown (default: the last segment of the path or URL)."
    mime: NotRequired[str]
    "The MIME type (default: guessed from the extension)."
    subtype: NotRequired[str]
    "image for images (recommended, so they are sent as images)."
    caption: NotRequired[str]
    "A line shown with the file."
    size: NotRequired[float]
    "The size in bytes, when known."


class ArtifactsArguments(TypedDict):
    "Deliver files, images or links you produced into the current enterprise chat conversation: Feishu takes local files, images and URLs; DingTalk and WeCom take URLs only (local paths are reported as not delivered). The recipient comes from the conversation itself; never pass one. Read delivery_result in the result: an item that was skipped or failed was not sent, so never describe it as sent. In desktop, QQ and WeChat conversations this tool is not offered: report the real local paths or links in your final answer instead."
    items: list[ArtifactItemArgument]
    "The files, images and links to deliver."
    audience: NotRequired[Literal["auto", "feishu", "dingtalk", "wecom"]]
    "auto (default): the conversation's own channel; or a provider to deliver through."
    summary: NotRequired[str]
    "A short line for the timeline (default: Prepared N artifact(s) for delivery.)."
    title: NotRequired[str]
    "The title of link messages."


class WireContext(TypedDict):
    "where the conversation lives and how the runtime runs"
    channel: NotRequired[Union[str, None]]
    "where the conversation lives: `desktop`, `feishu`, `dingtalk`, `wecom`, `qq` or `wechat` (lower-cased; an unknown value is read as `desktop`, where `publish_artifacts` is not offered)"
    run_mode: NotRequired[Union[str, None]]
    "`execution` or `grilling` (the runtime questions the user before executing); an unknown value is `execution`"
    locale: NotRequired[Union[str, None]]
    "the UI language when the page sets none (`zh-CN`, `en`)"
    requester: NotRequired[Union[str, None]]
    "who asks, shown on the cards"


class HelloMessage(TypedDict):
    "open or resume a session"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["hello"]
    "the message type"
    session_id: str
    "the session this connection serves; the kit's storage (its outbox) is keyed by it"
    context: NotRequired[Union[WireContext, None]]
    "the session's context (§2.7), used by every call that does not override it"


class GrantOffer(TypedDict):
    key: str
    label: str


class ToolCallMessage(TypedDict):
    "a raw tool call as the model wrote it"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["tool_call"]
    "the message type"
    call_id: str
    "the call's id; every later message about this call uses it"
    tool: str
    "`request_user_approval`, `request_user_input` or `publish_artifacts`; anything else is `error` `unknown_tool`"
    arguments: dict[str, Any]
    "the model's arguments, unchanged: the kit applies the rules of §4 itself"
    context: NotRequired[Union[WireContext, None]]
    "overrides the session's `hello` context **field by field** for this call"
    deadline: NotRequired[Union[str, None]]
    "when the call expires (ISO 8601, see §1); the runtime side always sends it (§6)"
    grant: NotRequired[Union[GrantOffer, None]]
    "an approval only: a session grant offered (§2.8), `{key, label}`; with `granted`, the grant that allowed the call"
    granted: NotRequired[Union[bool, None]]
    "`true`: a session grant already allowed the call (§2.8); the kit shows a receipt and answers it without a card"


class InteractionRequestMessageRequest(TypedDict):
    "a request in the runtime's own shape (§4.5), at least `request_id` (non-empty string) and `kind`"
    request_id: str
    kind: Literal["approval", "text", "choice", "multi_choice", "questionnaire"]


class InteractionRequestMessage(TypedDict):
    "an already-normalised request"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["interaction_request"]
    "the message type"
    request: InteractionRequestMessageRequest
    "a request in the runtime's own shape (§4.5), at least `request_id` (non-empty string) and `kind`"
    context: NotRequired[Union[WireContext, None]]
    "as for `tool_call`"
    deadline: NotRequired[Union[str, None]]
    "as for `tool_call`"


class CancelMessage(TypedDict):
    "the runtime withdrew a call"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["cancel"]
    "the message type"
    id: str
    "the `call_id` (or `request_id`) withdrawn"
    reason: NotRequired[Union[str, None]]
    "`expired`: the runtime resolved the call itself at deadline + grace (§6.3); `aborted`: the agent stopped (what both runtime sides send when a call is aborted); or any other short text"


class AckMessage(TypedDict):
    "the runtime stored the result"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["ack"]
    "the message type"
    id: str
    "the `call_id` (or `request_id`) whose result the runtime has stored"


class RuntimeToolResultMessage(TypedDict):
    "a result decided elsewhere"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["tool_result"]
    "the message type"
    call_id: str
    "the call it belongs to"
    tool: Literal["request_user_approval", "request_user_input", "publish_artifacts"]
    "one of the three tool names"
    result: dict[str, Any]
    "the tool result (§5), e.g. artifacts the runtime delivered itself"


class SessionGrant(TypedDict):
    key: str
    label: str
    at: str


class GrantsMessage(TypedDict):
    "the session's grants"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["grants"]
    "the message type"
    grants: list[SessionGrant]
    "every grant the session holds, oldest first: `{key, label, at}`, `at` when the user gave it (ISO 8601)"


class SettledMessage(TypedDict):
    "a call decided in another place"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["settled"]
    "the message type"
    call_id: str
    "the call that was decided"
    decision: Literal["approved", "rejected", "answered", "cancelled", "timeout", "auto_selected", "granted"]
    "as the audit record's (§11.1): `approved`, `rejected`, `answered`, `cancelled`, `timeout`, `auto_selected`, `granted`"
    where: Literal["chat", "inbox", "link", "grant", "runtime"]
    "where it was decided: `chat`, `inbox`, `link`, `grant`, `runtime`"
    actor: Union[str, None]
    "who decided it (from `authorize`), or null"
    at: str
    "when it was decided (ISO 8601)"
    session_id: str
    "the call's session"


class InboxHelloMessage(TypedDict):
    "the runtime's answer to an inbox's `connect` (§12.2)"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["hello"]
    "the message type"
    inbox: Literal[True]
    "always `true`: an inbox connection, with no session"
    actor: str
    "the person the inbox serves, as `authorize` named them"


class InboxSnapshotMessageCallsItem(TypedDict):
    call_id: str
    tool: str
    arguments: Any
    context: NotRequired[Union[WireContext, None]]
    deadline: NotRequired[Union[str, None]]
    grant: NotRequired[Union[GrantOffer, None]]
    session_id: str
    session_title: NotRequired[Union[str, None]]
    asked_at: str


class InboxSnapshotMessage(TypedDict):
    "every pending call the person may answer, soonest deadline first, after every `ready`"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["inbox"]
    "the message type"
    calls: list[InboxSnapshotMessageCallsItem]
    "each the session's `tool_call` without `v` and `type`, plus `session_id`, `session_title` and `asked_at`"


class InboxAddMessage(TypedDict):
    "a call that started waiting, or became visible to the person"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["inbox_add"]
    "the message type"
    call: InboxSnapshotMessageCallsItem
    "the session's `tool_call` without `v` and `type`, plus `session_id`, `session_title` and `asked_at`"


class InboxRemoveMessage(TypedDict):
    "a call that settled anywhere: it leaves the inbox"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["inbox_remove"]
    "the message type"
    call_id: str
    "the call that was decided"
    session_id: str
    "the call's session"
    decision: Literal["approved", "rejected", "answered", "cancelled", "timeout", "auto_selected", "granted"]
    "`approved`, `rejected`, `answered`, `cancelled`, `timeout`, `auto_selected` or `granted`"
    where: Literal["chat", "inbox", "link", "grant", "runtime"]
    "where it was decided: `chat`, `inbox`, `link`, `grant` or `runtime`"
    actor: Union[str, None]
    "who decided it, as `authorize` named them, or null"
    at: str
    "when it was decided (ISO 8601)"


class InboxToolResultMessageRequestUserApproval(TypedDict):
    session_id: str
    v: Literal[1]
    type: Literal["tool_result"]
    call_id: str
    tool: Literal["request_user_approval"]
    result: ApprovalResult
    grant: NotRequired[Literal["session"]]


class InboxToolResultMessageRequestUserInput(TypedDict):
    session_id: str
    v: Literal[1]
    type: Literal["tool_result"]
    call_id: str
    tool: Literal["request_user_input"]
    result: InputResult


class InboxToolResultMessagePublishArtifacts(TypedDict):
    session_id: str
    v: Literal[1]
    type: Literal["tool_result"]
    call_id: str
    tool: Literal["publish_artifacts"]
    result: Union[ArtifactsResult, ErrorResult]


class ConnectMessage(TypedDict):
    "the kit is listening"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["connect"]
    "the message type"
    kit_version: str
    "the kit's version, e.g. `0.1.0`"


class ReadyMessageCapabilities(TypedDict):
    "`{\"tools\": [...], \"grants\": true}`: the tool names this kit renders (today all three), and `grants` when it shows session grants (§2.8)"
    tools: list[Literal["request_user_approval", "request_user_input", "publish_artifacts"]]
    grants: NotRequired[bool]


class ReadyMessage(TypedDict):
    "the answer to every `hello`"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["ready"]
    "the message type"
    kit_version: str
    "the kit's version"
    capabilities: ReadyMessageCapabilities
    "`{\"tools\": [...], \"grants\": true}`: the tool names this kit renders (today all three), and `grants` when it shows session grants (§2.8)"
    resume: list[str]
    "the ids whose results sit in the kit's outbox, not yet acked"
    showing: NotRequired[list[str]]
    "the ids (a `tool_call`'s `call_id`, an `interaction_request`'s `request_id`) whose cards the page shows still pending: not answered, nothing in the outbox for them; at most 500 (the kit sends its first 500), each non-empty; omitted when there are none"


class KitToolResultMessageRequestUserApproval(TypedDict):
    v: Literal[1]
    type: Literal["tool_result"]
    call_id: str
    tool: Literal["request_user_approval"]
    result: ApprovalResult
    grant: NotRequired[Literal["session"]]


class KitToolResultMessageRequestUserInput(TypedDict):
    v: Literal[1]
    type: Literal["tool_result"]
    call_id: str
    tool: Literal["request_user_input"]
    result: InputResult


class KitToolResultMessagePublishArtifacts(TypedDict):
    v: Literal[1]
    type: Literal["tool_result"]
    call_id: str
    tool: Literal["publish_artifacts"]
    result: Union[ArtifactsResult, ErrorResult]


class InteractionResponseMessage(TypedDict):
    "the answer to an `interaction_request`"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["interaction_response"]
    "the message type"
    request_id: str
    "the `interaction_request` answered"
    response: InteractionResponse
    "the response object (§5.1)"


class ArgumentIssue(TypedDict):
    path: str
    expected: Literal["string", "array", "object"]


class ErrorMessage(TypedDict):
    "a message the kit could not act on"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["error"]
    "the message type"
    id: NotRequired[str]
    "the id of the message refused, when it had one"
    code: Literal["invalid_message", "unsupported_version", "unknown_tool", "invalid_arguments", "duplicate"]
    "`invalid_message`, `unsupported_version`, `unknown_tool`, `invalid_arguments` or `duplicate`"
    message: str
    "a human-readable sentence (free text; do not parse it)"
    issues: NotRequired[list[ArgumentIssue]]
    "for `invalid_arguments`: one `{path, expected}` per bad field"


class RevokeGrantMessage(TypedDict):
    "the user withdrew a grant"
    v: Literal[1]
    "the protocol version, always 1"
    type: Literal["revoke_grant"]
    "the message type"
    key: str
    "the `key` of the grant withdrawn, as `grants` listed it"


class AuditRecord(TypedDict):
    "One record of the audit trail (docs/protocol.md §11): how one call was decided, by whom, when."
    call_id: str
    "the call"
    session_id: str
    "its session"
    tool: Literal["request_user_approval", "request_user_input"]
    "`request_user_approval` or `request_user_input`"
    arguments_sha256: str
    "SHA-256 (lower-case hex) of the model's arguments as canonical JSON (§11.2)"
    decision: Literal["approved", "rejected", "answered", "cancelled", "timeout", "auto_selected", "granted"]
    "`approved`, `rejected`, `answered`, `cancelled`, `timeout`, `auto_selected` or `granted`"
    source: Literal["user", "grant", "timeout", "runtime"]
    "`user`, `grant`, `timeout` or `runtime`"
    actor: Union[str, None]
    "who decided, as `authorize` named them (§7), or null"
    where: NotRequired[Literal["chat", "inbox", "link", "grant", "runtime"]]
    "where it was decided (§12): `chat`, `inbox`, `link`, `grant` or `runtime`"
    instance: str
    "the runtime instance that stored the outcome"
    asked_at: str
    "when the call was first asked (ISO 8601)"
    decided_at: str
    "when the runtime stored its outcome (ISO 8601)"
    arguments: NotRequired[dict[str, Any]]
    "the arguments themselves, only when the runtime is told to record them"


InboxToolResultMessage = Union[InboxToolResultMessageRequestUserApproval, InboxToolResultMessageRequestUserInput, InboxToolResultMessagePublishArtifacts]
KitToolResultMessage = Union[KitToolResultMessageRequestUserApproval, KitToolResultMessageRequestUserInput, KitToolResultMessagePublishArtifacts]
ToolResult = Union[ApprovalResult, InputResult, ArtifactsResult, ErrorResult]

# The result and argument schemas, as the kit writes them.
SCHEMAS: dict[str, Any] = json.loads(
    '{"result-request-user-approval":{"$id":"agent-interaction-kit/schema/result-request-user-approval.json","description":"The request_user_approval tool result (docs/protocol.md §5.3), to hand to the model unchanged.","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"source_tool":{"type":"string","const":"request_user_approval"},"content":{"type":"string"},"content_parts":{"type":"array","prefixItems":[{"type":"object","properties":{"type":{"type":"string","const":"tool_event"},"tool_name":{"type":"string"},"status":{"type":"string","enum":["completed","timeout","auto_selected","cancelled"]},"summary":{"type":"string"}},"required":["type","tool_name","status","summary"]}],"items":false,"minItems":1,"maxItems":1},"interaction_request":{"type":"object","properties":{"kind":{"type":"string","const":"approval"},"message":{"type":"string"},"title":{"type":"string"},"severity":{"type":"string","enum":["low","medium","high"]},"details":{"type":"string"},"timeout_seconds":{"type":"number"}},"required":["kind","message","title","severity","details","timeout_seconds"]},"interaction_response":{"type":"object","properties":{"request_id":{"type":"string"},"status":{"type":"string","enum":["completed","timeout","auto_selected","cancelled"]},"approved":{"type":"boolean"},"text":{"type":"string"},"selected_options":{"type":"array","items":{"type":"string"}},"answers":{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"object","properties":{"selected_options":{"type":"array","items":{"type":"string"}},"text":{"type":"string"},"raw_value":{"type":"string"}},"required":["selected_options","text","raw_value"]}},"raw_value":{"anyOf":[{"type":"boolean"},{"type":"string"},{"type":"array","items":{"type":"string"}},{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"string"}},{"type":"null"}]},"resolved_at":{"type":"string"}},"required":["request_id","status","approved","text","selected_options","answers","raw_value","resolved_at"]}},"required":["source_tool","content","content_parts","interaction_request","interaction_response"]},"result-request-user-input":{"$id":"agent-interaction-kit/schema/result-request-user-input.json","description":"The request_user_input tool result (docs/protocol.md §5.4), to hand to the model unchanged.","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"source_tool":{"type":"string","const":"request_user_input"},"content":{"type":"string"},"content_parts":{"type":"array","prefixItems":[{"type":"object","properties":{"type":{"type":"string","const":"tool_event"},"tool_name":{"type":"string"},"status":{"type":"string","enum":["completed","timeout","auto_selected","cancelled"]},"summary":{"type":"string"}},"required":["type","tool_name","status","summary"]}],"items":false,"minItems":1,"maxItems":1},"interaction_request":{"anyOf":[{"type":"object","properties":{"kind":{"type":"string","const":"questionnaire"},"message":{"type":"string"},"title":{"type":"string"},"questions":{"type":"array","items":{"type":"object","properties":{"header":{"type":"string"},"id":{"type":"string"},"question":{"type":"string"},"options":{"type":"array","items":{"type":"object","properties":{"label":{"type":"string"},"value":{"type":"string"},"description":{"type":"string"}},"required":["label","value","description"]}}},"required":["header","id","question","options"]}},"purpose":{"type":"string"},"allow_free_text":{"type":"boolean","const":true},"timeout_seconds":{"type":"number"}},"required":["kind","message","title","questions","purpose","allow_free_text","timeout_seconds"]},{"type":"object","properties":{"kind":{"type":"string","enum":["text","choice","multi_choice"]},"message":{"type":"string"},"title":{"type":"string"},"options":{"type":"array","items":{"type":"object","properties":{"label":{"type":"string"},"value":{"type":"string"},"description":{"type":"string"}},"required":["label","value","description"]}},"questions":{"type":"array","items":{"not":{}}},"allow_free_text":{"type":"boolean"},"timeout_seconds":{"type":"number"}},"required":["kind","message","title","options","questions","allow_free_text","timeout_seconds"]}]},"interaction_response":{"type":"object","properties":{"request_id":{"type":"string"},"status":{"type":"string","enum":["completed","timeout","auto_selected","cancelled"]},"approved":{"type":"boolean"},"text":{"type":"string"},"selected_options":{"type":"array","items":{"type":"string"}},"answers":{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"object","properties":{"selected_options":{"type":"array","items":{"type":"string"}},"text":{"type":"string"},"raw_value":{"type":"string"}},"required":["selected_options","text","raw_value"]}},"raw_value":{"anyOf":[{"type":"boolean"},{"type":"string"},{"type":"array","items":{"type":"string"}},{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"string"}},{"type":"null"}]},"resolved_at":{"type":"string"}},"required":["request_id","status","approved","text","selected_options","answers","raw_value","resolved_at"]},"answers":{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"object","properties":{"selected_options":{"type":"array","items":{"type":"string"}},"text":{"type":"string"},"raw_value":{"type":"string"}},"required":["selected_options","text","raw_value"]}},"purpose":{"type":"string"}},"required":["source_tool","content","content_parts","interaction_request","interaction_response","answers","purpose"]},"result-publish-artifacts":{"$id":"agent-interaction-kit/schema/result-publish-artifacts.json","description":"The publish_artifacts tool result (docs/protocol.md §5.5), to hand to the model unchanged.","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"source_tool":{"type":"string","const":"publish_artifacts"},"content":{"type":"string"},"content_parts":{"type":"array","items":{"anyOf":[{"type":"object","properties":{"type":{"type":"string","const":"tool_event"},"tool_name":{"type":"string"},"status":{"type":"string","enum":["completed","timeout","auto_selected","cancelled"]},"summary":{"type":"string"}},"required":["type","tool_name","status","summary"]},{"type":"object","properties":{"type":{"type":"string","const":"file"},"subtype":{"type":"string"},"name":{"type":"string"},"path":{"type":"string"},"url":{"type":"string"},"mime":{"type":"string"},"size":{"type":["number","null"]},"caption":{"type":"string"},"audience":{"type":"string"},"artifact_source":{"type":"string","const":"publish_artifacts"},"delivered":{"type":"boolean"},"delivery_reason":{"type":"string"}},"required":["type","subtype","name","path","url","mime","size","caption","audience","artifact_source","delivered","delivery_reason"]}]}},"delivery_result":{"type":"object","propertyNames":{"type":"string","enum":["feishu","dingtalk","wecom"]},"additionalProperties":{"type":"object","properties":{"ok":{"type":"boolean"},"enabled":{"type":"boolean"},"reason":{"type":"string"},"success":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"type":{"type":"string"}},"required":["name","type"]}},"failed":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"reason":{"type":"string"}},"required":["name","reason"]}},"skipped":{"type":"array","items":{"type":"object","properties":{"name":{"type":"string"},"reason":{"type":"string"}},"required":["name","reason"]}}},"required":["ok","enabled","reason","success","failed","skipped"]}}},"required":["source_tool","content","content_parts","delivery_result"]},"result-error":{"$id":"agent-interaction-kit/schema/result-error.json","description":"The error tool result (docs/protocol.md §5.5): a well-formed call a tool rule refused; the model reads the sentence.","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"error":{"type":"string"}},"required":["error"]},"arguments-request-user-approval":{"$id":"agent-interaction-kit/schema/arguments-request-user-approval.json","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"message":{"type":"string","description":"What the user is asked to approve: the action and its consequence, in one or two sentences."},"title":{"type":"string","description":"A short title for the approval card (default 请确认)."},"severity":{"type":"string","enum":["low","medium","high"],"description":"How risky the action is: low, medium (default) or high. High asks the user to confirm twice."},"details":{"type":"string","description":"Extra context shown collapsed as preformatted text: a diff, a command, the affected resources."},"timeout_seconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Seconds the user has to answer (default 120, at most 86400). When they pass, the timeout result comes back."}},"required":["message"],"description":"Ask the user to approve or reject an action before you take it — one that is hard to undo, costly, or affects others. The user sees your message, the optional details and a countdown, and approves or rejects with an optional note; the result says which. It waits for a person: call it on its own, never batched with other tools through parallel tool calls."},"arguments-request-user-input":{"$id":"agent-interaction-kit/schema/arguments-request-user-input.json","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"message":{"type":"string","description":"The question or instruction shown to the user."},"title":{"type":"string","description":"A short title for the card (default 需要你的输入)."},"input_mode":{"type":"string","enum":["text","choice","multi_choice"],"description":"text (default): a typed answer; choice: one of options; multi_choice: one or more of options. Ignored when questions are given."},"options":{"type":"array","items":{"anyOf":[{"type":"string","description":"The option as shown; it is also its value."},{"type":"object","properties":{"label":{"type":"string","description":"What the user sees."},"value":{"type":"string","description":"What comes back in the answer (default: the label)."},"description":{"type":"string","description":"One line of help under the label."}},"required":["label"],"description":"An option with a value distinct from its label, or a description."}],"description":"One selectable option."},"description":"The choices for choice and multi_choice."},"questions":{"minItems":1,"type":"array","items":{"type":"object","properties":{"id":{"type":"string","description":"Unique within the questionnaire: the key of this answer in the result."},"question":{"type":"string","description":"The question itself."},"header":{"type":"string","description":"A short topic shown above the question."},"options":{"minItems":1,"type":"array","items":{"anyOf":[{"type":"string","description":"The option as shown; it is also its value."},{"type":"object","properties":{"label":{"type":"string","description":"What the user sees."},"value":{"type":"string","description":"What comes back in the answer (default: the label)."},"description":{"type":"string","description":"One line of help under the label."}},"required":["label"],"description":"An option with a value distinct from its label, or a description."}],"description":"One selectable option."},"description":"Mutually exclusive choices, the recommended one first. Do not add a custom (自定义) choice: one is appended automatically."}},"required":["id","question","options"],"description":"One question of a questionnaire."},"description":"A questionnaire: several questions answered at once, each with its own options. Preferred for clarifying a task."},"purpose":{"type":"string","description":"What the question is for, as a marker for the runtime; grill_checkpoint is reserved for the summary decision at the end of a grilling run."},"allow_free_text":{"type":"boolean","description":"Whether the user may type an answer instead of (choice) or beside (multi_choice) the options (default true)."},"timeout_seconds":{"type":"number","exclusiveMinimum":0,"maximum":86400,"description":"Seconds the user has to answer (default 120, at most 86400). When they pass, the timeout result comes back."}},"required":["message"],"description":"Ask the user for input and wait for the answer: free text, one choice, several choices, or a questionnaire of several questions. To clarify a task after read-only exploration, prefer a questionnaire whose questions each have mutually exclusive options with the recommended one first; never add your own custom (自定义) option, the kit appends exactly one to every question. It waits for a person: call it on its own, never batched with other tools through parallel tool calls."},"arguments-publish-artifacts":{"$id":"agent-interaction-kit/schema/arguments-publish-artifacts.json","$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"items":{"minItems":1,"type":"array","items":{"type":"object","properties":{"path":{"type":"string","description":"A local file path (delivered as a file on Feishu only)."},"url":{"type":"string","description":"An https or http URL the recipient can open."},"name":{"type":"string","description":"The file name shown (default: the last segment of the path or URL)."},"mime":{"type":"string","description":"The MIME type (default: guessed from the extension)."},"subtype":{"type":"string","description":"image for images (recommended, so they are sent as images)."},"caption":{"type":"string","description":"A line shown with the file."},"size":{"type":"number","minimum":0,"description":"The size in bytes, when known."}},"description":"One artifact: give a path or a url (or both)."},"description":"The files, images and links to deliver."},"audience":{"type":"string","enum":["auto","feishu","dingtalk","wecom"],"description":"auto (default): the conversation\'s own channel; or a provider to deliver through."},"summary":{"type":"string","description":"A short line for the timeline (default: Prepared N artifact(s) for delivery.)."},"title":{"type":"string","description":"The title of link messages."}},"required":["items"],"description":"Deliver files, images or links you produced into the current enterprise chat conversation: Feishu takes local files, images and URLs; DingTalk and WeCom take URLs only (local paths are reported as not delivered). The recipient comes from the conversation itself; never pass one. Read delivery_result in the result: an item that was skipped or failed was not sent, so never describe it as sent. In desktop, QQ and WeChat conversations this tool is not offered: report the real local paths or links in your final answer instead."}}'
)
