// The demo's in-process protocols: AskUserQuestion and AG-UI interrupts have no envelope of their
// own on the kit's transports, so the page maps them with the adapters and shows the elements
// itself; what goes back to the agent is written to the wire panel.
import '../src/entries/approval-dialog.js';
import '../src/entries/questionnaire-form.js';
import { agUiInterruptCards, agUiResume, askUserQuestionAnswers, askUserQuestionRequest, provideAdapterParts, type AgUiInterrupt } from '../src/entries/adapters.js';
import type { InteractionCard } from '../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../src/protocol/request.js';
import type { InteractionResponse } from '../src/protocol/response.js';
import type { Message } from '@ag-ui/core';

// The adapters' cards (typed fields, link consent) on this page get their parts from the body.
provideAdapterParts(document.body);

export interface LocalOptions {
  /** Where the cards go (the chat transcript). */
  stage: HTMLElement;
  locale: string;
  theme: string;
  /** Shows what the agent would receive. */
  log: (label: string, message: unknown) => void;
}

function showCard(request: InteractionRequest, options: LocalOptions, onResponse: (response: InteractionResponse) => void): InteractionCard {
  const el = document.createElement(request.kind === 'approval' ? 'approval-dialog' : 'questionnaire-form') as InteractionCard;
  el.request = request;
  el.setAttribute('locale', options.locale);
  el.setAttribute('theme', options.theme);
  el.addEventListener('interaction-response', (event) => onResponse(event.detail));
  options.stage.append(el);
  el.scrollIntoView({ block: 'nearest' });
  return el;
}

const ASK_INPUT_EN = {
  questions: [
    {
      question: 'Which database should this service use?',
      header: 'Database',
      multiSelect: false,
      options: [
        { label: 'PostgreSQL (Recommended)', description: 'Relational, already in the stack' },
        { label: 'SQLite', description: 'One file, no server' },
      ],
    },
    {
      question: 'Which features ship first?',
      header: 'Features',
      multiSelect: true,
      options: [
        { label: 'Search', description: 'Full-text search' },
        { label: 'Export', description: 'CSV and JSON' },
        { label: 'Share', description: 'Share links' },
      ],
    },
  ],
};

const ASK_INPUT = {
  questions: [
    {
      question: '这个服务用哪个数据库？',
      header: '数据库',
      multiSelect: false,
      options: [
        { label: 'PostgreSQL（推荐）', description: '关系型，已在技术栈中' },
        { label: 'SQLite', description: '单文件，无需服务' },
      ],
    },
    {
      question: '先上线哪些功能？',
      header: '功能',
      multiSelect: true,
      options: [
        { label: '搜索', description: '全文搜索' },
        { label: '导出', description: 'CSV 与 JSON' },
        { label: '分享', description: '分享链接' },
      ],
    },
  ],
};

/** An `AskUserQuestion` call as a card; the tool's output goes to the log. */
export function askUserQuestion(options: LocalOptions): void {
  // What the agent asks is in the page's language at the time, as a model would write it.
  const input = options.locale.startsWith('zh') ? ASK_INPUT : ASK_INPUT_EN;
  const outcome = askUserQuestionRequest(input, { request_id: `toolu_${crypto.randomUUID().slice(0, 8)}` });
  if (!outcome.ok) throw new Error(`${outcome.field} ${outcome.message}`);
  options.log('AskUserQuestion input', input);
  showCard(outcome.request, options, (response) => {
    options.log('AskUserQuestion output', askUserQuestionAnswers(outcome.request, outcome.input, response) ?? { error: 'The user declined to answer.' });
  });
}

/** An AG-UI run that ended with three interrupts; once all are settled, the resume goes to the log. */
export function agUiInterrupts(options: LocalOptions): void {
  const now = Date.now();
  const en = !options.locale.startsWith('zh');
  const interrupts: AgUiInterrupt[] = [
    { id: 'int-deploy', reason: 'tool_call', message: en ? 'Deploy the checkout service?' : '部署结算服务？', toolCallId: 'call_deploy_1', expiresAt: new Date(now + 120_000).toISOString() },
    {
      id: 'int-export',
      reason: 'input_required',
      message: en ? 'Which export format?' : '导出格式怎么定？',
      responseSchema: {
        type: 'object',
        properties: { format: { type: 'string', title: en ? 'Format' : '格式', enum: ['csv', 'json'] }, rows: { type: 'integer', title: en ? 'Rows' : '行数', minimum: 1, maximum: 10000, default: 500 } },
        required: ['format'],
      },
    },
    { id: 'int-hold', reason: 'policy_hold', message: en ? 'Left for 20 seconds, this interrupt expires and can only be cancelled.' : '20 秒内不处理，这个中断将过期，只能取消。', expiresAt: new Date(now + 20_000).toISOString() },
  ];
  // The assistant message that holds the call: the card shows its name and arguments, and, as the
  // agent declares approveWithEdits, lets the person change them before approving.
  const args = { service: 'checkout', region: 'cn-north', replicas: 3, canary: true };
  const messages: Message[] = [{ id: 'm-1', role: 'assistant', toolCalls: [{ id: 'call_deploy_1', type: 'function', function: { name: 'deploy_service', arguments: JSON.stringify(args) } }] }];
  const outcome = agUiInterruptCards(interrupts, now, { messages, capabilities: { humanInTheLoop: { interrupts: true, approveWithEdits: true } } });
  if (!outcome.ok) throw new Error(`${outcome.field} ${outcome.message}`);
  options.log('AG-UI RUN_FINISHED interrupts', interrupts);
  const responses = new Map<string, InteractionResponse>();
  for (const card of outcome.cards) {
    showCard(card.request, options, (response) => {
      responses.set(card.interrupt.id, response);
      if (responses.size === outcome.cards.length) options.log('AG-UI RunAgentInput.resume', agUiResume(outcome.cards, responses, Date.now()));
    });
  }
}
