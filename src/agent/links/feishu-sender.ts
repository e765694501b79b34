// The Feishu (Lark) sender: an app bot posts an interactive message card to a group chat, with one
// button, the answer link. The model's words are plain_text elements, which Feishu never parses
// (no lark_md: no `<at>` mention, no link, no `<font>`).
import { noticeText, type NotifyInput } from './notify.js';

export interface FeishuSenderOptions {
  /** The app's credentials; the SDK exchanges them for a tenant access token and caches it. */
  appId: string;
  appSecret: string;
  /** The group chat the bot posts to (it names the receiver; the call's arguments never do). */
  chatId: string;
  /** The open platform's origin: `https://open.feishu.cn` (the default), `https://open.larksuite.com`, or your own. */
  domain?: string;
}

/** The header's colour template by severity; a notice without one is blue. */
const TEMPLATE: Record<string, string> = { high: 'red', medium: 'orange', low: 'blue' };

const plain = (content: string) => ({ tag: 'plain_text', content });

/** The message card: a coloured header, the message as plain text, and a primary button to the answer link. */
export function feishuMessage(input: NotifyInput): Record<string, unknown> {
  const words = noticeText(input);
  return {
    config: { wide_screen_mode: true, enable_forward: false },
    header: { template: TEMPLATE[words.severity ?? ''] ?? 'blue', title: plain(words.title ?? 'An agent is waiting for your answer') },
    elements: [
      { tag: 'div', text: plain(words.message || ' ') },
      ...(words.severity ? [{ tag: 'note', elements: [plain(`Severity: ${words.severity}`)] }] : []),
      { tag: 'action', actions: [{ tag: 'button', text: plain('Answer'), type: 'primary', url: input.link }] },
    ],
  };
}

const quiet = () => undefined;
const SILENT = { error: quiet, warn: quiet, info: quiet, debug: quiet, trace: quiet };

/** Posts the card to the chat; rejects with Feishu's error (a refused token, a `code` other than 0, an HTTP failure). */
export async function sendFeishu(input: NotifyInput, options: FeishuSenderOptions): Promise<void> {
  // Imported when a notice is sent: @larksuiteoapi/node-sdk is an optional peer, which a runtime without Feishu never installs.
  const lark = await import('@larksuiteoapi/node-sdk');
  const client = new lark.Client({
    appId: options.appId,
    appSecret: options.appSecret,
    domain: options.domain ?? lark.Domain.Feishu,
    // The SDK would print its own errors; the rejection carries them to the caller, who logs once.
    logger: SILENT,
  });
  let answer: { code?: number; msg?: string } | undefined;
  try {
    answer = await client.im.message.create({
      params: { receive_id_type: 'chat_id' },
      data: { receive_id: options.chatId, msg_type: 'interactive', content: JSON.stringify(feishuMessage(input)) },
    });
  } catch (error) {
    throw new Error(`Feishu: ${platformError(error)}`, { cause: error });
  }
  if (answer?.code !== 0) throw new Error(`Feishu: code ${String(answer?.code)}: ${answer?.msg ?? 'no message'}`);
}

/** The platform's own words in an SDK or HTTP failure: its `code`/`msg` when the body has them. */
function platformError(error: unknown): string {
  const body = (error as { response?: { status?: number; data?: { code?: number; msg?: string } } }).response;
  if (body?.data?.code !== undefined) return `HTTP ${String(body.status)}, code ${body.data.code}: ${body.data.msg ?? ''}`;
  if (body?.status !== undefined) return `HTTP ${body.status}`;
  return error instanceof Error ? error.message : String(error);
}
