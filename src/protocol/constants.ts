// The protocol's vocabularies, free of zod so that the rules and the elements can use them
// without pulling a schema library into their bundles. The schemas check them with
// `z.literal(LIST)`, which validates and exports to JSON Schema as `z.enum` does, so the page's
// parser carries one zod schema kind fewer.

export const PROTOCOL_VERSION = 1;
/** The most ids a `ready` lists in `showing`: the cards the page still shows pending. */
export const SHOWING_LIMIT = 500;

/** Close code a runtime uses when a newer connection took over the session. */
export const SUPERSEDED_CLOSE_CODE = 4000;

/** Channels a conversation can live in. */
export const CHANNELS = ['desktop', 'feishu', 'dingtalk', 'wecom', 'qq', 'wechat'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Run modes of the runtime: `grilling` questions the user before executing. */
export const RUN_MODES = ['execution', 'grilling'] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const TOOL_NAMES = ['request_user_approval', 'request_user_input', 'publish_artifacts'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
/** The tools that ask the user (an approval or an input), as a request or an audit record names them. */
export const ASKING_TOOLS = ['request_user_approval', 'request_user_input'] as const;

export const REQUEST_KINDS = ['approval', 'text', 'choice', 'multi_choice', 'questionnaire'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const SEVERITIES = ['low', 'medium', 'high'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** How a call was decided, as its audit record and `settled` say. */
export const DECISIONS = ['approved', 'rejected', 'answered', 'cancelled', 'timeout', 'auto_selected', 'granted'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Where a call was decided: the chat page, an inbox, an answer link, a session grant, or the runtime itself. */
export const PLACES = ['chat', 'inbox', 'link', 'grant', 'runtime'] as const;
export type Place = (typeof PLACES)[number];

export const RESPONSE_STATUSES = ['completed', 'timeout', 'auto_selected', 'cancelled'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/** The messaging providers that deliver artifacts. */
export const PROVIDERS = ['feishu', 'dingtalk', 'wecom'] as const;
export type Provider = (typeof PROVIDERS)[number];

export const ERROR_CODES = [
  'invalid_message',
  'unsupported_version',
  'unknown_tool',
  'invalid_arguments',
  'duplicate',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A plain object, as JSON or structured clone makes them: not null, an array or a binary frame. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
