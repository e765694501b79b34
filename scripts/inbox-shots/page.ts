// The page the inbox's screenshots are taken of: an inbox fed, frame by frame, as a runtime's
// inbox connection would (?theme=, ?locale=, ?open= a call id to open its card).
import '../../src/entries/interaction-inbox.js';
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
const en = params.get('locale') === 'en';
const theme = params.get('theme') === 'dark' ? 'dark' : 'light';
document.body.classList.toggle('dark', theme === 'dark');
const inbox = document.querySelector('interaction-inbox')!;
const runtime = new Runtime();
inbox.locale = en ? 'en' : 'zh-CN';
inbox.theme = theme;
inbox.transport = runtime;
const now = Date.now();
const call = (id: string, session: string, title: string, tool: string, args: object, inSeconds: number) => ({
  call_id: id, tool, arguments: { title, timeout_seconds: 900, ...args }, deadline: new Date(now + inSeconds * 1000).toISOString(),
  session_id: session, session_title: session, asked_at: new Date(now - 60_000).toISOString(),
});
const deploy = en ? 'Deploy assistant' : '部署助手';
const data = en ? 'Data agent' : '数据分析';
const docs = en ? 'Docs writer' : '文档助手';
// The inbox connects in its update, after the transport is set.
await inbox.updateComplete;
runtime.deliver({ type: 'hello', inbox: true, actor: 'li.lei' });
runtime.deliver({
  type: 'inbox',
  calls: [
    call('c1', deploy, en ? 'Release to production' : '发布到生产环境', 'request_user_approval', { message: en ? 'Release v2.3 to every production region?' : '将 v2.3 发布到所有生产区域？', severity: 'high', details: 'commit 8f3e2a1' }, 95),
    call('c2', data, en ? 'Drop old snapshots' : '删除旧快照', 'request_user_approval', { message: en ? 'Delete snapshots older than 30 days?' : '删除 30 天前的快照？', severity: 'medium' }, 240),
    call('c3', docs, en ? 'Which tone?' : '用什么语气？', 'request_user_input', { message: en ? 'Which tone should the release notes take?' : '发布说明用什么语气？', input_mode: 'choice', options: en ? ['Formal', 'Friendly'] : ['正式', '亲切'] }, 420),
    call('c4', deploy, en ? 'Restart workers' : '重启 worker', 'request_user_approval', { message: en ? 'Restart the staging workers?' : '重启 staging 的 worker？', severity: 'low' }, 600),
  ],
});
runtime.deliver({ type: 'inbox_add', call: call('c5', data, en ? 'Create a branch' : '创建分支', 'request_user_approval', { message: 'feature/login', severity: 'low' }, 700) });
runtime.deliver({ type: 'inbox_remove', call_id: 'c5', session_id: data, decision: 'approved', where: 'chat', actor: en ? 'Li Lei' : '李雷', at: new Date(now).toISOString() });
const open = params.get('open');
await inbox.updateComplete;
if (open) inbox.open(open);
await inbox.updateComplete;
document.body.dataset.ready = 'true';
