// The page of the AI SDK round trip: a real useChat app (React, @ai-sdk/react) that streams from
// the agent route and renders every tool part through the kit's helper, one line in its switch.
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, isToolUIPart, lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls } from 'ai';
import { createElement as h, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { AiSdkOptions } from '../../../src/adapters/ai-sdk.js';
import { AiSdkToolCard } from '../../../src/react/ai-sdk.js';

const kit: AiSdkOptions = { context: { channel: 'feishu', locale: 'en' }, severity: { deploy: 'high' }, title: (name) => (name === 'deploy' ? 'Deploy to production' : undefined) };

function Chat() {
  const chat = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
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
              return isToolUIPart(part) ? h(AiSdkToolCard, { key: part.toolCallId, part, chat, options: kit, locale: 'en' }) : null;
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

createRoot(document.querySelector('#app')!).render(h(Chat));
