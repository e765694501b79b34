// The DingTalk sender: a custom robot's signed webhook posts an actionCard to its group, with one
// button, the answer link. The card's text is DingTalk markdown, so every punctuation character the
// model wrote is escaped; the body never has an `at` field, so nobody is mentioned.
import { createHmac } from 'node:crypto';
import { noticeText, type NotifyInput } from './notify.js';
import { postToRobot } from './robot-post.js';

export interface DingTalkSenderOptions {
  /** The robot's webhook, `https://oapi.dingtalk.com/robot/send?access_token=…` (it names the group; the call's arguments never do). */
  webhook: string;
  /** The robot's signing secret (`SEC…`), from its "sign" security setting. */
  secret: string;
  /** The clock, for the signed timestamp; defaults to the current time. */
  now?: () => number;
}

/** Every ASCII punctuation character: CommonMark makes each literal behind a backslash. */
const PUNCTUATION = /[!-/:-@[-`{-~]/g;

/** Escapes DingTalk markdown: a link, an image, a heading, emphasis or HTML the model wrote stays text. */
export function escapeDingTalk(value: string): string {
  return value.replace(PUNCTUATION, '\\$&').replace(/\n/g, '  \n');
}

/** The robot's `sign`: base64 of HMAC-SHA256 under the secret of `timestamp + "\n" + secret`. */
export function dingTalkSign(secret: string, timestamp: string): string {
  return createHmac('sha256', secret).update(`${timestamp}\n${secret}`, 'utf8').digest('base64');
}

/** The actionCard: the title as plain text for the chat list, the words as escaped markdown, one button to the answer link. */
export function dingTalkMessage(input: NotifyInput): { msgtype: 'actionCard'; actionCard: { title: string; text: string; singleTitle: string; singleURL: string } } {
  const words = noticeText(input);
  const title = words.title ?? 'An agent is waiting for your answer';
  const text = [`### ${escapeDingTalk(title)}`, escapeDingTalk(words.message), ...(words.severity ? [`Severity: ${escapeDingTalk(words.severity)}`] : [])];
  return { msgtype: 'actionCard', actionCard: { title, text: text.filter(Boolean).join('\n\n'), singleTitle: 'Answer', singleURL: input.link } };
}

/** Posts the card; rejects when DingTalk refuses it (an HTTP failure, or HTTP 200 with an `errcode` other than 0). */
export async function sendDingTalk(input: NotifyInput, options: DingTalkSenderOptions): Promise<void> {
  const timestamp = String(options.now?.() ?? Date.now());
  const url = new URL(options.webhook);
  url.searchParams.set('timestamp', timestamp);
  url.searchParams.set('sign', dingTalkSign(options.secret, timestamp));
  await postToRobot('DingTalk', url, dingTalkMessage(input));
}
