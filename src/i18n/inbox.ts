// The strings of <interaction-inbox>, in zh-CN (the default) and en. Its cards speak their own
// tables (card, approval, questionnaire); its connection line is the host's.
import type { BuiltinLocale } from './locales.js';

const zhCN = {
  /** The list's name, for screen readers. */
  list: '等待处理的请求',
  empty: '没有等待处理的请求',
  /** How many wait, beside the filters. */
  count: (n: number) => `${n} 项等待处理`,
  /** A session the runtime gave no title. */
  untitled: '未命名会话',
  severity: { low: '低风险', medium: '中风险', high: '高风险' },
  /** The kind of a row that is not an approval, in place of its severity. */
  question: '提问',
  filters: {
    label: '筛选',
    session: '会话',
    kind: '类型',
    allSessions: '全部会话',
    allKinds: '全部类型',
    approval: '审批',
    input: '提问',
  },
  /** Time left on a row. */
  left: (time: string) => `剩余 ${time}`,
  noLimit: '不限时',
  timeUp: '时间已到',
  /** What an open card whose deadline passed says instead of its form. */
  timeUpDetail: '时间已到，正在等待智能体给出结果。',
  back: '返回列表',
  /** An answer the runtime refused: the person may not see that session. */
  forbidden: '你无权处理这个请求',
  /** How each call ended, on its receipt row. */
  decisions: { approved: '已批准', rejected: '已拒绝', answered: '已回答', cancelled: '已取消', timeout: '已超时', auto_selected: '已自动选择', granted: '已按授权批准' } as Record<string, string>,
  /** Where it was decided; an unknown place reads as `elsewhere`. */
  places: { chat: '已在对话中处理', inbox: '已在收件箱处理', link: '已通过链接处理', grant: '已按本会话授权处理', runtime: '已由智能体结束', elsewhere: '已在其他地方处理' } as Record<string, string>,
  /** The receipt's line: where, who (when known) and when. */
  receipt: (where: string, who: string | null, time: string) => [where, who, time].filter(Boolean).join(' · '),
  /** Said when a row arrives. */
  arrived: (title: string) => `新请求：${title}`,
};

export type InboxStrings = typeof zhCN;

const en: InboxStrings = {
  list: 'Waiting requests',
  empty: 'Nothing is waiting',
  count: (n) => `${n} waiting`,
  untitled: 'Untitled session',
  severity: { low: 'Low risk', medium: 'Medium risk', high: 'High risk' },
  question: 'Question',
  filters: {
    label: 'Filters',
    session: 'Session',
    kind: 'Kind',
    allSessions: 'All sessions',
    allKinds: 'All kinds',
    approval: 'Approvals',
    input: 'Questions',
  },
  left: (time) => `${time} left`,
  noLimit: 'No time limit',
  timeUp: 'Time is up',
  timeUpDetail: 'Time is up. Waiting for the agent to settle it.',
  back: 'Back to the list',
  forbidden: 'You may not answer this request',
  decisions: { approved: 'Approved', rejected: 'Rejected', answered: 'Answered', cancelled: 'Cancelled', timeout: 'Timed out', auto_selected: 'Chosen by default', granted: 'Allowed by a grant' },
  places: { chat: 'Answered in the chat', inbox: 'Answered in the inbox', link: 'Answered through a link', grant: 'Allowed by a session grant', runtime: 'Ended by the agent', elsewhere: 'Settled elsewhere' },
  receipt: (where, who, time) => `${where}${who ? ` by ${who}` : ''} · ${time}`,
  arrived: (title) => `New request: ${title}`,
};

export const inboxStrings: Readonly<Record<BuiltinLocale, InboxStrings>> = { 'zh-CN': zhCN, en };
