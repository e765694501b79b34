// The strings of <approval-dialog>, in zh-CN (the default) and en; link consent's (from the
// adapters) are in link.ts.
import type { Locale } from './locales.js';

const zhCN = {
  approve: '批准',
  confirmApproval: '确认批准',
  reject: '拒绝',
  rejectionNote: '拒绝理由（可选）',
  addReason: '添加理由',
  noteKeys: 'Ctrl+Enter 拒绝',
  details: '详情',
  detailsLines: (n: number) => `详情（${n} 行）`,
  copy: '复制',
  copied: '已复制',
  confirmHint: '高风险操作：请再次确认。',
  confirmWait: '请稍候',
  severity: { low: '低风险', medium: '中风险', high: '高风险' },
  /** A session grant: the second approve action, what it covers, and its receipts. */
  grant: {
    allow: '本会话内允许',
    scope: '本会话内不再询问：',
    approved: '已批准 · 本会话内允许',
    granted: '已按本会话授权自动批准',
  },
  /** A receipt's outcome when one press answered the card with others (全部批准 / 全部拒绝). */
  together: { approved: '已一并批准', rejected: '已一并拒绝' },
};

export type ApprovalStrings = typeof zhCN;

const en: ApprovalStrings = {
  approve: 'Approve',
  confirmApproval: 'Confirm approval',
  reject: 'Reject',
  rejectionNote: 'Reason (optional)',
  addReason: 'Add a reason',
  noteKeys: 'Ctrl+Enter rejects',
  details: 'Details',
  detailsLines: (n: number) => `Details (${n} lines)`,
  copy: 'Copy',
  copied: 'Copied',
  confirmHint: 'High-risk action: confirm once more.',
  confirmWait: 'One moment',
  severity: { low: 'Low risk', medium: 'Medium risk', high: 'High risk' },
  grant: {
    allow: 'Allow for this session',
    scope: 'Not asked again in this session: ',
    approved: 'Approved for this session',
    granted: 'Allowed by your session grant',
  },
  together: { approved: 'Approved together', rejected: 'Rejected together' },
};

export const approvalStrings: Readonly<Record<Locale, ApprovalStrings>> = { 'zh-CN': zhCN, en };
