// The strings every card shows (title, countdown, states, receipts), in zh-CN (the default) and en.
// Each element adds its own table (approval.ts, questionnaire.ts…), so an element's bundle
// carries only the strings it shows. The names of controls equal their visible labels.
import type { Locale } from './locales.js';

const zhCN = {
  showAllText: (n: number) => `展开全文（共 ${n} 字）`,
  /** The rules' default titles (sent to the model in Chinese) as the UI shows them. */
  defaultTitles: { 请确认: '请确认', 需要你的输入: '需要你的输入' } as Record<string, string>,
  requestedBy: '来自',
  remaining: (time: string) => `剩余 ${time}`,
  remainingSpoken: (time: string) => `剩余时间 ${time}`,
  /** Said assertively 30 s before the deadline, followed by the card's title. */
  urgentSpoken: (time: string) => `剩余时间 ${time}，即将超时：`,
  minutesSeconds: (m: number, s: number) => (m > 0 ? (s > 0 ? `${m} 分 ${s} 秒` : `${m} 分钟`) : `${s} 秒`),
  submitting: '正在提交…',
  /** A receipt's outcome, in a word or two for its one line; why a late answer did not count, for its record. */
  receipt: {
    approved: '已批准',
    rejected: '已拒绝',
    answered: (n: number) => (n ? `已回答 ${n} 题` : '已回答'),
    skipped: '已跳过',
    timeout: '已超时',
    withdrawn: '已撤回',
    late: '已过期',
    note: '理由',
    lateDetail: '你的回答在截止时间之后才送达。',
    /** Where a call decided in another place was decided, before who decided it. */
    where: { chat: '在对话中', inbox: '在收件箱', link: '通过链接', grant: '按会话授权', runtime: '由系统' },
  },
};

export type CardStrings = typeof zhCN;

const en: CardStrings = {
  showAllText: (n) => `Show all (${n} characters)`,
  defaultTitles: { 请确认: 'Please confirm', 需要你的输入: 'Your input is needed' },
  requestedBy: 'From',
  remaining: (time) => `${time} left`,
  remainingSpoken: (time) => `${time} left`,
  urgentSpoken: (time) => `${time} left before it times out: `,
  minutesSeconds: (m, s) => (m > 0 ? (s > 0 ? `${m} min ${s} s` : `${m} min`) : `${s} seconds`),
  submitting: 'Sending…',
  receipt: {
    approved: 'Approved',
    rejected: 'Rejected',
    answered: (n) => (n === 1 ? 'Answered 1' : n ? `Answered ${n}` : 'Answered'),
    skipped: 'Skipped',
    timeout: 'Timed out',
    withdrawn: 'Withdrawn',
    late: 'Expired',
    note: 'Reason',
    lateDetail: 'Your answer arrived after the deadline.',
    where: { chat: 'in the chat', inbox: 'in the inbox', link: 'through a link', grant: 'by a session grant', runtime: 'by the runtime' },
  },
};

export const cardStrings: Readonly<Record<Locale, CardStrings>> = { 'zh-CN': zhCN, en };

/** A title as shown: the rules' Chinese default titles are translated, any other stays as sent. */
export function displayTitle(strings: CardStrings, title: string): string {
  return (Object.hasOwn(strings.defaultTitles, title) && strings.defaultTitles[title]) || title;
}
