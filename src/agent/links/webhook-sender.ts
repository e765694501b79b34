// The generic JSON webhook sender: posts a pending call's notice, with its answer link, to a URL
// of your own, signed so the receiver can tell it came from this runtime.
import { createHmac } from 'node:crypto';
import { noticeText, type NotifyInput } from './notify.js';

export interface WebhookSenderOptions {
  url: string;
  /** The HMAC-SHA256 key; the receiver recomputes the signature with it. */
  secret: string;
  /** The clock, for the timestamp; defaults to the current time. */
  now?: () => number;
}

/** The header that carries `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + body). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-aik-signature';
/** The header that carries the epoch seconds the signature covers. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-aik-timestamp';

/** The JSON body: the model's strings as data, never as markup, and the answer link as the only URL. */
export function webhookBody(input: NotifyInput): Record<string, unknown> {
  const { title, message, severity } = noticeText(input);
  return {
    v: 1,
    type: 'pending_call',
    session_id: input.sessionId,
    call_id: input.call.id,
    tool: input.call.tool,
    title: title ?? null,
    message,
    severity: severity ?? null,
    deadline: input.call.deadline,
    link: input.link,
    actor: input.actor ?? null,
  };
}

/** The signature the receiver checks (compare it in constant time). */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/** Posts the notice; rejects when the receiver does not answer 2xx. */
export async function sendWebhook(input: NotifyInput, options: WebhookSenderOptions): Promise<void> {
  const body = JSON.stringify(webhookBody(input));
  const timestamp = String(Math.floor((options.now?.() ?? Date.now()) / 1000));
  const response = await fetch(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
      [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(options.secret, timestamp, body),
    },
    body,
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
