// The strings of <interaction-host>, in zh-CN (the default) and en.
import type { Locale } from './locales.js';

const zhCN = {
  host: {
    connection: { connecting: '正在连接…', open: '已连接', reconnecting: '连接中断，正在重连…', closed: '已断开', unreachable: '无法连接' },
    /** The link beside 无法连接 to the page named by `connection-help`. */
    connectionHelp: '排查方法',
    superseded: '此会话已在其他窗口打开。',
    takeBack: '在此处继续',
    newRequest: (title: string) => `新请求：${title}`,
    newRequestButton: '新请求',
    refused: '此请求无法显示，其中有不支持的字段：',
    requests: '请求',
    /** A failed artifact's Retry (the host's, in the list's actions slot), and what it says after. */
    retry: { button: '重试', busy: '正在重试…', done: '已重新发送', announce: (name: string, ok: boolean) => `${ok ? '已重新发送' : '重试失败'}：${name}` },
    /** The bar that answers the low and medium approvals together, and what it says after. */
    answerAll: {
      covers: (n: number) => `${n} 项审批可一并处理：`,
      leftOut: '不包括（高风险，请逐项处理）：',
      separator: '、',
      approveAll: (n: number) => `全部批准 (${n})`,
      rejectAll: '全部拒绝',
      /** What one press did: `n` answered together, `left` high-risk approvals still waiting. */
      done: (approved: boolean, n: number, left: number) => `已一并${approved ? '批准' : '拒绝'} ${n} 项${left > 0 ? `；${left} 项高风险审批仍待处理` : ''}`,
    },
  },
  /** The session grants menu: its summary, each grant's Revoke, and what is announced; its caption is the card's `grant.scope`. */
  grants: {
    button: '本会话授权',
    none: '本会话没有授权了',
    revoke: '撤销',
    revoked: (label: string) => `已撤销授权：${label}`,
  },
};

export type HostStrings = typeof zhCN;

const en: HostStrings = {
  host: {
    connection: { connecting: 'Connecting…', open: 'Connected', reconnecting: 'Connection lost, reconnecting…', closed: 'Disconnected', unreachable: 'Cannot connect' },
    connectionHelp: 'What to check',
    superseded: 'This session is open in another window.',
    takeBack: 'Continue here',
    newRequest: (title) => `New request: ${title}`,
    newRequestButton: 'New request',
    refused: 'This request could not be shown: it has a field the kit does not support:',
    requests: 'Requests',
    retry: { button: 'Retry', busy: 'Retrying…', done: 'Sent on retry', announce: (name, ok) => `${ok ? 'Sent on retry' : 'Retry failed'}: ${name}` },
    answerAll: {
      covers: (n) => `${n} approvals can be answered together:`,
      leftOut: 'Not included (high risk, answer each on its own): ',
      separator: ', ',
      approveAll: (n) => `Approve all (${n})`,
      rejectAll: 'Reject all',
      done: (approved, n, left) => `${approved ? 'Approved' : 'Rejected'} ${n} together${left > 0 ? `; ${left} high-risk ${left === 1 ? 'approval still waits' : 'approvals still wait'}` : ''}`,
    },
  },
  grants: {
    button: 'Session grants',
    none: 'No session grants left',
    revoke: 'Revoke',
    revoked: (label) => `Grant revoked: ${label}`,
  },
};

export const hostStrings: Readonly<Record<Locale, HostStrings>> = { 'zh-CN': zhCN, en };
