// The descriptions of every message and field in schema/*.json. They are the "meaning" cells of
// docs/protocol.md, word for word (a test holds them to it), so the reference and the schemas
// say the same thing. Node-side only: the browser bundle carries no descriptions.

export interface SchemaDescription {
  description: string;
  fields?: Record<string, string>;
}

const envelope = {
  v: 'the protocol version, always 1',
  type: 'the message type',
};

export const CONTEXT_FIELDS: Record<string, string> = {
  channel:
    'where the conversation lives: `desktop`, `feishu`, `dingtalk`, `wecom`, `qq` or `wechat` (lower-cased; an unknown value is read as `desktop`, where `publish_artifacts` is not offered)',
  run_mode: '`execution` or `grilling` (the runtime questions the user before executing); an unknown value is `execution`',
  locale: 'the UI language when the page sets none (`zh-CN`, `en`)',
  requester: 'who asks, shown on the cards',
};
export const CONTEXT_DESCRIPTION = 'where the conversation lives and how the runtime runs';

export const MESSAGE_DESCRIPTIONS: Record<string, SchemaDescription> = {
  'runtime-hello': {
    description: 'open or resume a session',
    fields: {
      ...envelope,
      session_id: "the session this connection serves; the kit's storage (its outbox) is keyed by it",
      context: "the session's context (§2.7), used by every call that does not override it",
    },
  },
  'runtime-tool-call': {
    description: 'a raw tool call as the model wrote it',
    fields: {
      ...envelope,
      call_id: "the call's id; every later message about this call uses it",
      tool: '`request_user_approval`, `request_user_input` or `publish_artifacts`; anything else is `error` `unknown_tool`',
      arguments: "the model's arguments, unchanged: the kit applies the rules of §4 itself",
      context: "overrides the session's `hello` context **field by field** for this call",
      deadline: 'when the call expires (ISO 8601, see §1); the runtime side always sends it (§6)',
      grant:
        'an approval only: a session grant offered (§2.8), `{key, label}`; with `granted`, the grant that allowed the call',
      granted: '`true`: a session grant already allowed the call (§2.8); the kit shows a receipt and answers it without a card',
    },
  },
  'runtime-interaction-request': {
    description: 'an already-normalised request',
    fields: {
      ...envelope,
      request: "a request in the runtime's own shape (§4.5), at least `request_id` (non-empty string) and `kind`",
      context: 'as for `tool_call`',
      deadline: 'as for `tool_call`',
    },
  },
  'runtime-cancel': {
    description: 'the runtime withdrew a call',
    fields: {
      ...envelope,
      id: 'the `call_id` (or `request_id`) withdrawn',
      reason:
        '`expired`: the runtime resolved the call itself at deadline + grace (§6.3); `aborted`: the agent stopped (what both runtime sides send when a call is aborted); or any other short text',
    },
  },
  'runtime-ack': {
    description: 'the runtime stored the result',
    fields: { ...envelope, id: 'the `call_id` (or `request_id`) whose result the runtime has stored' },
  },
  'runtime-tool-result': {
    description: 'a result decided elsewhere',
    fields: {
      ...envelope,
      call_id: 'the call it belongs to',
      tool: 'one of the three tool names',
      result: 'the tool result (§5), e.g. artifacts the runtime delivered itself',
    },
  },
  'runtime-grants': {
    description: "the session's grants",
    fields: {
      ...envelope,
      grants: 'every grant the session holds, oldest first: `{key, label, at}`, `at` when the user gave it (ISO 8601)',
    },
  },
  'runtime-settled': {
    description: 'a call decided in another place',
    fields: {
      ...envelope,
      call_id: 'the call that was decided',
      decision: "as the audit record's (§11.1): `approved`, `rejected`, `answered`, `cancelled`, `timeout`, `auto_selected`, `granted`",
      where: 'where it was decided: `chat`, `inbox`, `link`, `grant`, `runtime`',
      actor: 'who decided it (from `authorize`), or null',
      at: 'when it was decided (ISO 8601)',
      session_id: "the call's session",
    },
  },
  'kit-connect': {
    description: 'the kit is listening',
    fields: { ...envelope, kit_version: "the kit's version, e.g. `0.1.0`" },
  },
  'kit-ready': {
    description: 'the answer to every `hello`',
    fields: {
      ...envelope,
      kit_version: "the kit's version",
      capabilities:
        '`{"tools": [...], "grants": true}`: the tool names this kit renders (today all three), and `grants` when it shows session grants (§2.8)',
      resume: "the ids whose results sit in the kit's outbox, not yet acked",
      showing:
        "the ids (a `tool_call`'s `call_id`, an `interaction_request`'s `request_id`) whose cards the page shows still pending: not answered, nothing in the outbox for them; at most 500 (the kit sends its first 500), each non-empty; omitted when there are none",
    },
  },
  'kit-tool-result': {
    description: 'the answer to a `tool_call`',
    fields: {
      ...envelope,
      call_id: 'the call answered',
      tool: "the call's tool",
      result: 'the tool result (§5), to hand to the model unchanged',
      grant: '`"session"`: the user allowed this approval for the session (§2.8); `result` stays the plain approval\'s',
    },
  },
  'kit-interaction-response': {
    description: 'the answer to an `interaction_request`',
    fields: { ...envelope, request_id: 'the `interaction_request` answered', response: 'the response object (§5.1)' },
  },
  'kit-error': {
    description: 'a message the kit could not act on',
    fields: {
      ...envelope,
      id: 'the id of the message refused, when it had one',
      code: '`invalid_message`, `unsupported_version`, `unknown_tool`, `invalid_arguments` or `duplicate`',
      message: 'a human-readable sentence (free text; do not parse it)',
      issues: 'for `invalid_arguments`: one `{path, expected}` per bad field',
    },
  },
  'kit-revoke-grant': {
    description: 'the user withdrew a grant',
    fields: { ...envelope, key: 'the `key` of the grant withdrawn, as `grants` listed it' },
  },
  'inbox-hello': {
    description: "the runtime's answer to an inbox's `connect` (§12.2)",
    fields: { ...envelope, inbox: 'always `true`: an inbox connection, with no session', actor: 'the person the inbox serves, as `authorize` named them' },
  },
  'inbox-snapshot': {
    description: 'every pending call the person may answer, soonest deadline first, after every `ready`',
    fields: { ...envelope, calls: "each the session's `tool_call` without `v` and `type`, plus `session_id`, `session_title` and `asked_at`" },
  },
  'inbox-add': {
    description: 'a call that started waiting, or became visible to the person',
    fields: { ...envelope, call: "the session's `tool_call` without `v` and `type`, plus `session_id`, `session_title` and `asked_at`" },
  },
  'inbox-remove': {
    description: 'a call that settled anywhere: it leaves the inbox',
    fields: {
      ...envelope,
      call_id: 'the call that was decided',
      session_id: "the call's session",
      decision: '`approved`, `rejected`, `answered`, `cancelled`, `timeout`, `auto_selected` or `granted`',
      where: 'where it was decided: `chat`, `inbox`, `link`, `grant` or `runtime`',
      actor: 'who decided it, as `authorize` named them, or null',
      at: 'when it was decided (ISO 8601)',
    },
  },
  'inbox-tool-result': {
    description: "an inbox's answer: the kit's `tool_result` plus the call's `session_id`",
    fields: { session_id: "the call's session, which the runtime checks the person may see" },
  },
  'audit-record': {
    description: 'One record of the audit trail (docs/protocol.md §11): how one call was decided, by whom, when.',
    fields: {
      call_id: 'the call',
      session_id: 'its session',
      tool: '`request_user_approval` or `request_user_input`',
      arguments_sha256: "SHA-256 (lower-case hex) of the model's arguments as canonical JSON (§11.2)",
      decision: '`approved`, `rejected`, `answered`, `cancelled`, `timeout`, `auto_selected` or `granted`',
      source: '`user`, `grant`, `timeout` or `runtime`',
      actor: 'who decided, as `authorize` named them (§7), or null',
      where: 'where it was decided (§12): `chat`, `inbox`, `link`, `grant` or `runtime`',
      instance: 'the runtime instance that stored the outcome',
      asked_at: 'when the call was first asked (ISO 8601)',
      decided_at: 'when the runtime stored its outcome (ISO 8601)',
      arguments: 'the arguments themselves, only when the runtime is told to record them',
    },
  },
  'interaction-request': { description: 'The normalised request of docs/protocol.md §4.5: what the kit renders.' },
  'interaction-response': { description: 'The response of docs/protocol.md §5.1: what an answer, a timeout or a cancel comes to.' },
  'result-request-user-approval': { description: 'The request_user_approval tool result (docs/protocol.md §5.3), to hand to the model unchanged.' },
  'result-request-user-input': { description: 'The request_user_input tool result (docs/protocol.md §5.4), to hand to the model unchanged.' },
  'result-publish-artifacts': { description: 'The publish_artifacts tool result (docs/protocol.md §5.5), to hand to the model unchanged.' },
  'result-error': { description: 'The error tool result (docs/protocol.md §5.5): a well-formed call a tool rule refused; the model reads the sentence.' },
};
