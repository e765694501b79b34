// The words only the adapters' approvals use: link consent's (MCP URL mode: the hint above the URL,
// why it deserves a second look, the Open link action and what the server said since), editable
// arguments' (AG-UI) and the Decline and Cancel a protocol may offer, in zh-CN (the default) and en; registered with the
// adapters' parts, out of the core bundle.
import type { BuiltinLocale } from './locales.js';

const zhCN = {
  decline: '拒绝',
  dismiss: '取消',
  declined: '已拒绝',
  dismissed: '已取消',
  opensInNewTab: '将在新标签页中打开：',
  open: '打开链接',
  opened: '已打开链接',
  openAgain: '再次打开',
  waiting: '已打开，等待对方完成…',
  complete: '对方已确认完成。',
  arguments: '参数',
  argumentsHint: '批准前可以修改这些参数。',
  edited: '已修改',
  restore: '恢复原值',
  warnings: {
    punycode: '此网址的域名含有编码的国际字符（Punycode），可能在模仿其他网站。',
    mixed_script: '此网址的域名混用了多种文字，可能在模仿其他网站。',
    insecure: '此网址未加密（http）。',
    credentials: '此网址在域名前带有用户信息，真正的域名是高亮部分。',
  },
};

export type LinkStrings = typeof zhCN;

const en: LinkStrings = {
  decline: 'Decline',
  dismiss: 'Cancel',
  declined: 'Declined',
  dismissed: 'Cancelled',
  opensInNewTab: 'Opens in a new tab:',
  open: 'Open link',
  opened: 'Link opened',
  openAgain: 'Open again',
  waiting: 'Opened; waiting for the server to finish…',
  complete: 'The server reports it is done.',
  arguments: 'Arguments',
  argumentsHint: 'You can change them before approving.',
  edited: 'edited',
  restore: 'Restore what the agent wrote',
  warnings: {
    punycode: 'This address’s domain holds encoded international characters (punycode): it may imitate another site.',
    mixed_script: 'This address’s domain mixes scripts: it may imitate another site.',
    insecure: 'This address is not encrypted (http).',
    credentials: 'This address has user details before the domain; the real domain is the highlighted part.',
  },
};

export const linkStrings: Readonly<Record<BuiltinLocale, LinkStrings>> = { 'zh-CN': zhCN, en };
