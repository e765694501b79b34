// A small mock agent runtime for the demo: a WebSocket server on 127.0.0.1 that greets every
// connection and sends a few tool calls, printing the results it gets back.
import { WebSocketServer, type WebSocket } from 'ws';

const DEMO_CALLS = [
  {
    call_id: 'demo-approval',
    tool: 'request_user_approval',
    arguments: {
      title: '发布确认',
      message: '发布 v2.3 到生产环境？',
      severity: 'high',
      details: 'commit 8f3e2a1\n3 services',
      timeout_seconds: 300,
    },
  },
  {
    call_id: 'demo-questionnaire',
    tool: 'request_user_input',
    arguments: {
      message: '请选择方案',
      questions: [
        {
          header: '兼容策略',
          id: 'compat',
          question: '是否保留旧结构？',
          options: [{ label: '彻底重做', description: '移除旧结构' }, '保留', '自定义'],
        },
      ],
    },
  },
  {
    call_id: 'demo-choice',
    tool: 'request_user_input',
    arguments: {
      message: 'Environment?',
      input_mode: 'choice',
      options: [
        { label: 'Production', value: 'prod' },
        { label: 'Staging', value: 'stg' },
      ],
    },
  },
];

export interface MockRuntime {
  url: string;
  close(): Promise<void>;
}

function send(socket: WebSocket, message: object): void {
  socket.send(JSON.stringify({ v: 1, ...message }));
}

export async function startMockRuntime(port = 0, log = console.log): Promise<MockRuntime> {
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; call_id?: string };
      log(`kit → runtime  ${String(data)}`);
      if (message.type === 'connect') {
        send(socket, { type: 'hello', session_id: 'demo', context: { channel: 'feishu', locale: 'zh-CN' } });
      } else if (message.type === 'ready') {
        for (const call of DEMO_CALLS) send(socket, { type: 'tool_call', ...call });
      } else if (message.type === 'tool_result' && message.call_id) {
        send(socket, { type: 'ack', id: message.call_id });
      }
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `ws://127.0.0.1:${actualPort}/agent/sessions/demo`,
    close: () => new Promise<void>((resolve) => {
      for (const client of server.clients) client.terminate();
      server.close(() => resolve());
    }),
  };
}
