// The Slack sender: a Block Kit message through an incoming webhook, with one button, the answer link.
import type { IncomingWebhookSendArguments } from '@slack/webhook';
import { noticeText, type NotifyInput } from './notify.js';

export interface SlackSenderOptions {
  /** The incoming webhook's URL (it names the channel; the call's arguments never do). */
  url: string;
}

/** Escapes Slack mrkdwn's control characters, so `<!channel>` or `<http://…|x>` stays text. */
export function escapeSlack(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A header holds 150 characters: cut in code points, never inside an entity (`&amp;`). */
const headerText = (escaped: string) => Array.from(escaped).slice(0, 150).join('').replace(/&[a-z]*$/, '');

/** The message: the model's strings escaped and `verbatim` (no auto-links, no parsed mentions). */
export function slackMessage(input: NotifyInput): { text: string; blocks: object[] } {
  const words = noticeText(input);
  const title = escapeSlack(words.title ?? 'An agent is waiting for your answer');
  const message = escapeSlack(words.message);
  const severity = words.severity;
  return {
    text: title,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headerText(title), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: message || ' ', verbatim: true } },
      ...(severity ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: `Severity: ${escapeSlack(severity)}`, verbatim: true }] }] : []),
      {
        type: 'actions',
        elements: [{ type: 'button', text: { type: 'plain_text', text: 'Answer' }, url: input.link, style: 'primary', action_id: 'aik_answer' }],
      },
    ],
  };
}

/** Posts the message; rejects when Slack refuses it. */
export async function sendSlack(input: NotifyInput, options: SlackSenderOptions): Promise<void> {
  // The blocks follow Block Kit's documented shapes; the SDK's block union cannot infer a literal array.
  // Imported when a notice is sent: @slack/webhook is an optional peer, which a runtime without Slack never installs.
  const { IncomingWebhook } = await import('@slack/webhook');
  await new IncomingWebhook(options.url).send(slackMessage(input) as IncomingWebhookSendArguments);
}
