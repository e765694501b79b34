// A real useChat app (React, @ai-sdk/react) that streams from an agent route and renders every tool
// part through the kit's helper, one line in its part switch. The demo mounts it, and so does the
// AI SDK round-trip test.
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, isToolUIPart, lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import { createElement as h, useMemo, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { AiSdkOptions } from '../../src/adapters/ai-sdk.js';
import { AiSdkToolCard } from '../../src/react/ai-sdk.js';

const kitOptions = (locale: string): AiSdkOptions => ({ context: { channel: 'feishu', locale }, severity: { deploy: 'high' }, title: (name) => (name === 'deploy' ? (locale === 'en' ? 'Deploy to production' : '部署到生产环境') : undefined) });

function Chat({ api, locale }: { api: string; locale: 'zh-CN' | 'en' }) {
  const kit = useMemo(() => kitOptions(locale), [locale]);
  const chat = useChat({
    transport: new DefaultChatTransport({ api }),
    // Approvals and the browser's tool outputs go back to the agent by themselves.
    sendAutomaticallyWhen: (options) => lastAssistantMessageIsCompleteWithApprovalResponses(options) || lastAssistantMessageIsCompleteWithToolCalls(options),
  });
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void chat.sendMessage({ text: draft });
    setDraft('');
  };
  return h('div', null,
    chat.messages.map((message) =>
      h('section', { key: message.id, 'aria-label': message.role === 'user' ? 'You' : 'Assistant' },
        message.parts.map((part, i) => {
          switch (part.type) {
            case 'text':
              return h('p', { key: i }, part.text);
            default:
              return isToolUIPart(part) ? h(AiSdkToolCard, { key: part.toolCallId, part, chat, options: kit, locale }) : null;
          }
        }),
      ),
    ),
    h('form', { onSubmit: submit },
      h('label', null, 'Message ', h('input', { value: draft, onChange: (e: { target: { value: string } }) => setDraft(e.target.value) })),
      h('button', { type: 'submit' }, 'Send'),
    ),
    h('p', { role: 'status' }, chat.status),
  );
}

/** Mounts the chat in `element`, streaming from the agent route `api`. */
export function mountAiSdkChat(element: Element, api: string, locale: 'zh-CN' | 'en' = 'en'): void {
  createRoot(element).render(h(Chat, { api, locale }));
}
