import type { ErrorCode } from '../protocol/constants.js';
import type { ArgumentIssue } from '../protocol/kit-messages.js';

/**
 * The kit answered a call with an `error` message, the call timed out unanswered
 * (`timeout`), the Redis the server shares its sessions through is unreachable (`unavailable`),
 * or the call was refused before sending, its frame over a quarter of `maxPayload` (`too_large`).
 */
export class KitError extends Error {
  override name = 'KitError';
  constructor(
    readonly code: ErrorCode | 'timeout' | 'unavailable' | 'too_large',
    message: string,
    readonly issues: ArgumentIssue[] = [],
    readonly callId?: string,
  ) {
    super(message);
  }
}

/** What a call rejects with when its server closed before the kit answered. */
export const closedError = (id: string) =>
  new KitError('unavailable', 'The agent server closed before the kit answered: the call was ended unanswered.', [], id);

/** What a call rejects with when its signal aborted: the signal's own AbortError, else a new one. */
export function abortError(reason: unknown): Error {
  return reason instanceof Error && reason.name === 'AbortError'
    ? reason
    : new DOMException('The tool call was aborted.', 'AbortError');
}
