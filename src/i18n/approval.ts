// The strings of <approval-dialog>, in zh-CN (the default) and en.
import type { Locale } from './locales.js';

const zhCN = {
  approve: '批准',
  confirmApproval: '确认批准',
  reject: '拒绝',
  rejectionNote: '拒绝理由（可选）',
  addReason: '添加理由',
  noteKeys: 'Ctrl+Enter 拒绝',
  details: '详情',
  confirmHint: '高风险操作：请再次确认。',
  confirmWait: '请稍候',
  severity: { low: '低风险', medium: '中风险', high: '高风险' },
  link: {
    opensInNewTab: '将在新标签页中打开：',
    open: '打开链接',
    opened: '已打开链接',
    openAgain: '再次打开',
    warnings: {
      punycode: '此网址的域名含有编码的国际字符（Punycode），可能在模仿其他网站。',
      mixed_script: '此网址的域名混用了多种文字，可能在模仿其他网站。',
      insecure: '此网址未加密（http）。',
      credentials: '此网址在域名前带有用户信息，真正的域名是高亮部分。',
    },
    waiting: '已打开，等待对方完成…',
    complete: '对方已确认完成。',
  },
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
  confirmHint: 'High-risk action: confirm once more.',
  confirmWait: 'One moment',
  severity: { low: 'Low risk', medium: 'Medium risk', high: 'High risk' },
  link: {
    opensInNewTab: 'Opens in a new tab:',
    open: 'Open link',
    opened: 'Link opened',
    openAgain: 'Open again',
    warnings: {
      punycode: 'This address’s domain holds encoded international characters (punycode): it may imitate another site.',
      mixed_script: 'This address’s domain mixes scripts: it may imitate another site.',
      insecure: 'This address is not encrypted (http).',
      credentials: 'This address has user details before the domain; the real domain is the highlighted part.',
    },
    waiting: 'Opened; waiting for the server to finish…',
    complete: 'The server reports it is done.',
  },
};

export const approvalStrings: Readonly<Record<Locale, ApprovalStrings>> = { 'zh-CN': zhCN, en };
