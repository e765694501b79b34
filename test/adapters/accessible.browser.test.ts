// axe-core over each field kind the adapters add, pending, refused and answered, in both
// languages and both schemes.
import { expect } from '@open-wc/testing';
import { askUserQuestionRequest } from '../../src/adapters/ask-user-question.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import { elicitationRequest } from './support.js';
import { mountCard } from '../support/card-harness.js';
import { URL_MODE } from './mcp-examples.js';
import { partIn } from '../support/card-harness.js';

const form = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) =>
  elicitationRequest({ jsonrpc: '2.0', id: 1, method: 'elicitation/create', params: { message: 'Fill in', requestedSchema: { type: 'object', properties, required } } });

const ask = askUserQuestionRequest(
  { questions: [{ question: 'Which features?', header: 'Features', multiSelect: true, options: [{ label: 'Search', description: 'Full text' }, { label: 'Export', description: 'CSV' }] }] },
  { request_id: 'ask' },
);

const KINDS: Record<string, InteractionRequest> = {
  'text with a format': form({ email: { type: 'string', format: 'email', title: 'Email', description: 'Where we reply' } }),
  'text with a length and pattern': form({ code: { type: 'string', minLength: 4, maxLength: 8, pattern: '^[A-Z0-9]+$', title: 'Code' } }),
  number: form({ age: { type: 'integer', minimum: 18, maximum: 120, title: 'Age' } }),
  boolean: form({ terms: { type: 'boolean', title: 'I accept the terms', description: 'Read them first' } }),
  'single-select enum': form({ plan: { type: 'string', oneOf: [{ const: 'free', title: 'Free' }, { const: 'pro', title: 'Pro' }], title: 'Plan' } }),
  'multi-select enum': form({ topics: { type: 'array', items: { enum: ['a', 'b', 'c'] }, minItems: 1, maxItems: 2, title: 'Topics' } }),
  'multi-select with Other (AskUserQuestion)': ask.ok ? ask.request : (undefined as never),
  'link consent (URL mode)': elicitationRequest(URL_MODE),
};

describe('adapters’ field kinds pass axe-core', function () {
  this.timeout(60_000);
  for (const [kind, request] of Object.entries(KINDS)) {
    for (const locale of ['en', 'zh-CN']) {
      for (const theme of ['light', 'dark']) {
        it(`${kind}, ${locale}, ${theme}: pending, refused, answered`, async () => {
          const { el, root } = await mountCard<InteractionCard>(request, { attrs: `locale="${locale}" theme="${theme}"` });
          await expect(el).to.be.accessible();
          if (request.kind !== 'approval') {
            // Submitting the empty form: refused at the field, except a checkbox, which always has a value.
            (partIn(root, 'submit-button') as HTMLButtonElement).click();
            await el.updateComplete;
            expect(partIn(root, 'error') !== null, 'refused').to.equal(kind !== 'boolean');
            await expect(el).to.be.accessible();
          }
          if (el.state === 'pending') {
            // A receipt: Skip on an input card (the adapter's own decline), Decline on link consent.
            (partIn(root, 'skip-button') ?? partIn(root, 'reject-button'))!.click();
            await el.updateComplete;
          }
          expect(el.state).to.not.equal('pending');
          await expect(el).to.be.accessible();
          // The receipt's record, opened in place.
          partIn<HTMLButtonElement>(root, 'receipt-heading')!.click();
          await el.updateComplete;
          expect(partIn(root, 'receipt-heading')!.getAttribute('aria-expanded')).to.equal('true');
          await expect(el).to.be.accessible();
        });
      }
    }
  }
});
