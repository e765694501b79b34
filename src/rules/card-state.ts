import type { InteractionResponse } from '../protocol/response.js';

/** Where a request ends up once it has a response: answered, timed out, or withdrawn. */
export type SettledStatus = 'answered' | 'expired' | 'cancelled';

/** The states a card shows: before its response, while it is sent, and after. */
export type CardState = 'pending' | 'submitting' | SettledStatus;

/**
 * What a response settles a request as. The one mapping from §5's `status` to what a card, the
 * host and the session show: an auto-selected answer is a timeout.
 */
export function statusOf(response: InteractionResponse): SettledStatus {
  if (response.status === 'completed') return 'answered';
  return response.status === 'cancelled' ? 'cancelled' : 'expired';
}

/**
 * A card's state, computed from its response and whether an answer is on its way: a response
 * settles it; before one, it is submitting or pending.
 */
export function cardStateOf(response: InteractionResponse | undefined, submitting: boolean): CardState {
  if (response) return statusOf(response);
  return submitting ? 'submitting' : 'pending';
}
