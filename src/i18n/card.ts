// The strings every card shows (title, countdown, states, receipts), in zh-CN (the default) and en.
// Each element adds its own table (approval.ts, questionnaire.ts…), so an element's bundle
// carries only the strings it shows. The names of controls equal their visible labels (DESIGN §6).
import type { Locale } from './locales.js';

const zhCN = {
  showAllText: (n: number) => `展开全文（共 ${n} 字）`,
  /** The rules' default titles (sent to the model in Chinese) as the UI shows them. */
  defaultTitles: { 请确认: '请确认', 需要你的输入: '需要你的输入' } as Record<string, string>,
  requestedBy: '来自',
  remaining: (time: string) => `剩余 ${time}`,
  remainingSpoken: (time: string) => `剩余时间 ${time}`,
  minutesSeconds: (m: number, s: number) => (m > 0 ? (s > 0 ? `${m} 分 ${s} 秒` : `${m} 分钟`) : `${s} 秒`),
  state: {
    pending: '待回答',
    submitting: '正在提交…',
    answered: '已回答',
    expired: '已超时',
    cancelled: '已取消',
  },
  receipt: {
    approved: '已批准',
    answer: '你的回答',
    rejected: '已拒绝',
    note: '理由',
    autoSelected: '已超时，自动采用了推荐选项',
    timeout: '已超时，未回答',
    cancelled: '请求已被撤回',
    dismissed: '已取消',
    declined: '已拒绝',
    late: '已过期：你的回答在截止时间之后才送达',
  },
  decline: '拒绝',
  dismiss: '取消',
};

export type CardStrings = typeof zhCN;

const en: CardStrings = {
  showAllText: (n) => `Show all (${n} characters)`,
  defaultTitles: { 请确认: 'Please confirm', 需要你的输入: 'Your input is needed' },
  requestedBy: 'From',
  remaining: (time) => `${time} left`,
  remainingSpoken: (time) => `${time} left`,
  minutesSeconds: (m, s) => (m > 0 ? (s > 0 ? `${m} min ${s} s` : `${m} min`) : `${s} seconds`),
  state: {
    pending: 'Awaiting answer',
    submitting: 'Sending…',
    answered: 'Answered',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
  receipt: {
    approved: 'Approved',
    answer: 'Your answer',
    rejected: 'Rejected',
    note: 'Reason',
    autoSelected: 'Timed out: the recommended answers were used',
    timeout: 'Timed out without an answer',
    cancelled: 'The request was withdrawn',
    dismissed: 'Cancelled',
    declined: 'Declined',
    late: 'Expired: your answer arrived after the deadline',
  },
  decline: 'Decline',
  dismiss: 'Cancel',
};

export const cardStrings: Readonly<Record<Locale, CardStrings>> = { 'zh-CN': zhCN, en };

/** A title as shown: the rules' Chinese default titles are translated, any other stays as sent. */
export function displayTitle(strings: CardStrings, title: string): string {
  return (Object.hasOwn(strings.defaultTitles, title) && strings.defaultTitles[title]) || title;
}
