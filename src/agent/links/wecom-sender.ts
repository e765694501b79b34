// The WeCom (WeChat Work) sender: a group robot's webhook posts a text_notice template card, which
// the whole card and its one jump open: the answer link. Template cards are plain text, and the
// body has no mention list, so nothing the model wrote is markup or mentions anyone.
import { noticeText, type NotifyInput } from './notify.js';
import { postToRobot } from './robot-post.js';

export interface WeComSenderOptions {
  /** The robot's webhook, `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…` (it names the group; the call's arguments never do). */
  url: string;
}

/** The longest text each field holds, in characters, as WeCom documents the text_notice card. */
export const WECOM_LENGTHS = { title: 26, desc: 30, subTitle: 112, jump: 13 } as const;

/** `value` cut to `max` characters (code points), an ellipsis marking the cut. */
const fit = (value: string, max: number): string => {
  const shown = Array.from(value);
  return shown.length > max ? `${shown.slice(0, max - 1).join('')}…` : value;
};

export interface WeComTemplateCard {
  card_type: 'text_notice';
  main_title: { title: string; desc?: string };
  sub_title_text?: string;
  jump_list: { type: 1; url: string; title: string }[];
  card_action: { type: 1; url: string };
}

/** The template card: the title and severity, the message as its text, the answer link as its action and its one jump. */
export function weComMessage(input: NotifyInput): { msgtype: 'template_card'; template_card: WeComTemplateCard } {
  const words = noticeText(input);
  return {
    msgtype: 'template_card',
    template_card: {
      card_type: 'text_notice',
      main_title: {
        title: fit(words.title ?? 'An agent is waiting', WECOM_LENGTHS.title),
        ...(words.severity ? { desc: fit(`Severity: ${words.severity}`, WECOM_LENGTHS.desc) } : {}),
      },
      ...(words.message ? { sub_title_text: fit(words.message, WECOM_LENGTHS.subTitle) } : {}),
      jump_list: [{ type: 1, url: input.link, title: 'Answer' }],
      card_action: { type: 1, url: input.link },
    },
  };
}

/** Posts the card; rejects when WeCom refuses it (an HTTP failure, or HTTP 200 with an `errcode` other than 0). */
export async function sendWeCom(input: NotifyInput, options: WeComSenderOptions): Promise<void> {
  await postToRobot('WeCom', options.url, weComMessage(input));
}
