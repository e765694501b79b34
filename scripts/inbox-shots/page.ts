// The page the inbox's screenshots are taken of: an inbox fed, frame by frame, as a runtime's
// inbox connection would (?theme=, ?locale= zh-CN, en, ar or he, ?open= a call id to open its card).
import '../../src/entries/interaction-inbox.js';
import '../../src/entries/locales/ar.js';
import '../../src/entries/locales/he.js';
import { BaseTransport } from '../../src/transport/transport.js';

class Runtime extends BaseTransport {
  connect(): void {
    this.setState('open');
  }
  send(): boolean {
    return true;
  }
  close(): void {
    this.setState('closed');
  }
  deliver(frame: object): void {
    this.emitMessage(JSON.stringify({ v: 1, ...frame }));
  }
}

const params = new URLSearchParams(location.search);
/** What the agents wrote, per language: sessions, titles, messages, options, who answered elsewhere. */
const SAMPLES = {
  'zh-CN': {
    sessions: ['部署助手', '数据分析', '文档助手'], titles: ['发布到生产环境', '删除旧快照', '用什么语气？', '重启 worker', '创建分支'],
    messages: ['将 v2.3 发布到所有生产区域？', '删除 30 天前的快照？', '发布说明用什么语气？', '重启 staging 的 worker？'], options: ['正式', '亲切'], actor: '李雷',
  },
  en: {
    sessions: ['Deploy assistant', 'Data agent', 'Docs writer'], titles: ['Release to production', 'Drop old snapshots', 'Which tone?', 'Restart workers', 'Create a branch'],
    messages: ['Release v2.3 to every production region?', 'Delete snapshots older than 30 days?', 'Which tone should the release notes take?', 'Restart the staging workers?'], options: ['Formal', 'Friendly'], actor: 'Li Lei',
  },
  // Right to left, with a Latin name among the model's words (the inbox isolates each of them).
  ar: {
    sessions: ['مساعد النشر', 'Data agent', 'كاتب الوثائق'], titles: ['النشر إلى الإنتاج', 'حذف اللقطات القديمة', 'بأي نبرة؟', 'إعادة تشغيل العمال', 'إنشاء فرع'],
    messages: ['نشر v2.3 في كل مناطق الإنتاج؟', 'حذف اللقطات الأقدم من 30 يومًا؟', 'بأي نبرة تُكتب ملاحظات الإصدار؟', 'إعادة تشغيل عمال staging؟'], options: ['رسمية', 'ودية'], actor: 'لي لي',
  },
  he: {
    sessions: ['עוזר הפריסה', 'Data agent', 'כותב התיעוד'], titles: ['פריסה לייצור', 'מחיקת תמונות מצב ישנות', 'באיזה טון?', 'הפעלה מחדש של העובדים', 'יצירת ענף'],
    messages: ['לפרוס את v2.3 לכל אזורי הייצור?', 'למחוק תמונות מצב בנות יותר מ-30 יום?', 'באיזה טון ייכתבו הערות השחרור?', 'להפעיל מחדש את העובדים של staging?'], options: ['רשמי', 'ידידותי'], actor: 'לי ליי',
  },
} as const;
const locale = (params.get('locale') ?? 'zh-CN') as keyof typeof SAMPLES;
const sample = SAMPLES[locale] ?? SAMPLES['zh-CN'];
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
document.body.classList.toggle('dark', theme === 'dark');
document.documentElement.lang = locale;
const inbox = document.querySelector('interaction-inbox')!;
const runtime = new Runtime();
inbox.locale = locale;
inbox.theme = theme;
inbox.transport = runtime;
const now = Date.now();
const call = (id: string, session: string, title: string, tool: string, args: object, inSeconds: number) => ({
  call_id: id, tool, arguments: { title, timeout_seconds: 900, ...args }, deadline: new Date(now + inSeconds * 1000).toISOString(),
  session_id: session, session_title: session, asked_at: new Date(now - 60_000).toISOString(),
});
const [deploy, data, docs] = sample.sessions;
const { titles, messages } = sample;
// The inbox connects in its update, after the transport is set.
await inbox.updateComplete;
runtime.deliver({ type: 'hello', inbox: true, actor: 'li.lei' });
runtime.deliver({
  type: 'inbox',
  calls: [
    call('c1', deploy, titles[0], 'request_user_approval', { message: messages[0], severity: 'high', details: 'commit 8f3e2a1' }, 95),
    call('c2', data, titles[1], 'request_user_approval', { message: messages[1], severity: 'medium' }, 240),
    call('c3', docs, titles[2], 'request_user_input', { message: messages[2], input_mode: 'choice', options: sample.options }, 420),
    call('c4', deploy, titles[3], 'request_user_approval', { message: messages[3], severity: 'low' }, 600),
  ],
});
runtime.deliver({ type: 'inbox_add', call: call('c5', data, titles[4], 'request_user_approval', { message: 'feature/login', severity: 'low' }, 700) });
runtime.deliver({ type: 'inbox_remove', call_id: 'c5', session_id: data, decision: 'approved', where: 'chat', actor: sample.actor, at: new Date(now).toISOString() });
const open = params.get('open');
await inbox.updateComplete;
if (open) inbox.open(open);
await inbox.updateComplete;
document.body.dataset.ready = 'true';
