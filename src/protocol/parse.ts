import { isOneOf, isRecord, PROTOCOL_VERSION, TOOL_NAMES, type ErrorCode } from './constants.js';
import type { ArgumentIssue, ErrorMessage } from './kit-messages.js';
import { runtimeMessageSchemas, type RuntimeMessage, type RuntimeMessageType } from './runtime-messages.js';
import { messageValue, NOT_JSON } from './json.js';
import { checkToolArguments } from './tool-arguments.js';

export type ParseResult =
  | { ok: true; message: RuntimeMessage }
  | { ok: false; error: ErrorMessage };

/** Builds the `error` message (docs/protocol.md §3, `error`). */
export function errorMessage(
  code: ErrorCode,
  message: string,
  id?: string,
  issues?: ArgumentIssue[],
): ErrorMessage {
  return {
    v: PROTOCOL_VERSION,
    type: 'error',
    ...(id === undefined ? {} : { id }),
    code,
    message,
    ...(issues === undefined ? {} : { issues }),
  };
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The id a message is about, when it has one, so that even a rejected message can be answered. */
function idOf(message: Record<string, unknown>): string | undefined {
  return (
    nonEmptyString(message.call_id) ??
    nonEmptyString(message.id) ??
    (isRecord(message.request) ? nonEmptyString(message.request.request_id) : undefined)
  );
}

/**
 * Parses one message from the runtime: a WebSocket text frame (a string) or a `postMessage`
 * `data` (a value). Never throws: anything the kit cannot act on comes back as the `error`
 * message to send, naming the offending field.
 */
export function parseRuntimeMessage(data: unknown): ParseResult {
  return parseRuntimeValue(messageValue(data));
}

/**
 * `parseRuntimeMessage` for a message already taken out of its frame (`messageValue`, or
 * `NOT_JSON`), so that a text frame is parsed once: a JSON string is never read as a message.
 */
export function parseRuntimeValue(value: unknown): ParseResult {
  if (value === NOT_JSON) {
    return { ok: false, error: errorMessage('invalid_message', 'The message is not valid JSON.') };
  }
  if (!isRecord(value)) {
    return { ok: false, error: errorMessage('invalid_message', 'The message is not a JSON object.') };
  }
  const id = idOf(value);
  if (value.v !== PROTOCOL_VERSION) {
    return {
      ok: false,
      error: errorMessage(
        'unsupported_version',
        `Field "v" must be ${PROTOCOL_VERSION}; got ${JSON.stringify(value.v) ?? 'nothing'}.`,
        id,
      ),
    };
  }
  const type = value.type;
  if (typeof type !== 'string' || !Object.hasOwn(runtimeMessageSchemas, type)) {
    return {
      ok: false,
      error: errorMessage('invalid_message', `Field "type" is not a known message type.`, id),
    };
  }
  const parsed = runtimeMessageSchemas[type as RuntimeMessageType].safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(message)');
    return {
      ok: false,
      error: errorMessage('invalid_message', `Invalid field(s) in ${type}: ${fields.join(', ')}.`, id),
    };
  }
  const message = parsed.data as RuntimeMessage;
  if (message.type === 'tool_call') {
    if (!isOneOf(TOOL_NAMES, message.tool)) {
      return {
        ok: false,
        error: errorMessage('unknown_tool', `Unknown tool ${JSON.stringify(message.tool)}.`, id),
      };
    }
    const issues = checkToolArguments(message.tool, message.arguments);
    if (issues.length > 0) {
      const fields = issues.map((issue) => `${issue.path} must be ${article(issue.expected)}`);
      return {
        ok: false,
        error: errorMessage('invalid_arguments', `${fields.join('; ')}.`, id, issues),
      };
    }
  }
  return { ok: true, message };
}

function article(expected: ArgumentIssue['expected']): string {
  return expected === 'array' || expected === 'object' ? `an ${expected}` : `a ${expected}`;
}
