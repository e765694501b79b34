// The strings of <interaction-inbox>, in zh-CN (the default) and en. Its cards speak their own
// tables (card, approval, questionnaire); its connection line is the host's.
import type { Decision } from '../protocol/constants.js';
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
  /** How each call ended, on its receipt row, before the chat's word for where (在收件箱). */
  decisions: { approved: '已批准', rejected: '已拒绝', answered: '已回答', cancelled: '已取消', timeout: '已超时', auto_selected: '已自动选择', granted: '已按授权批准' } as Record<Decision, string>,
  /** The receipt's line: what and where, who (when known) and when, as the chat's receipt says them. */
  receipt: (what: string, who: string | null, time: string) => [what, who, time].filter(Boolean).join(' · '),
  /** Said when a row arrives. */
  arrived: (title: string) => `新请求：${title}`,
  /** The button after the list that shows its next rows, with how many it adds. */
  showMore: (n: number) => `再显示 ${n} 项`,
  /** The list's description: how many rows it shows, of how many the filters keep. */
  shown: (shown: number, total: number) => `显示 ${total} 项中的 ${shown} 项`,
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
  receipt: (what, who, time) => [what, who, time].filter(Boolean).join(' · '),
  arrived: (title) => `New request: ${title}`,
  showMore: (n) => `Show ${n} more`,
  shown: (shown, total) => `Showing ${shown} of ${total}`,
};

export const inboxStrings: Readonly<Record<BuiltinLocale, InboxStrings>> = { 'zh-CN': zhCN, en };
