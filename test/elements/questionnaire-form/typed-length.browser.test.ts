// What a user types in one field is capped at 20,000 characters, so that an honest
// answer always fits the runtime's maxPayload: the text is put in as a paste would (the editing
// path, which honours maxlength), then real keys are typed at the cap.
import { expect } from '@open-wc/testing';
import '../../../src/entries/approval-dialog.js';
import '../../../src/entries/questionnaire-form.js';
import { provideAdapterParts } from '../../../src/entries/adapters.js';
import type { InteractionCard, InteractionResponseEvent } from '../../../src/elements/shared/interaction-card.js';
import type { InteractionRequest } from '../../../src/protocol/request.js';
import type { InteractionResponse } from '../../../src/protocol/response.js';
import { resolveContext } from '../../../src/rules/context.js';
import { normalizeApproval, normalizeInput } from '../../../src/rules/normalize.js';
import { schemaToQuestions } from '../../../src/adapters/json-schema-form.js';
import { formRequest } from '../../../src/adapters/requests.js';
import { press, type } from '../../support/keyboard.js';
import { type CardHarness, mountCard } from '../../support/card-harness.js';
import { systemClock } from '../../../src/protocol/clock.js';

// Typed fields come with the adapters: this page provides them to every card on it.
provideAdapterParts(document.body);

const ids = (id: string) => ({ request_id: id, session_id: 's-cap' });
const execution = resolveContext();

/** The card `request` is shown in (`tag` says which, for the reader). */
function mount(tag: 'approval-dialog' | 'questionnaire-form', request: InteractionRequest): Promise<CardHarness<InteractionCard>> {
  return mountCard<InteractionCard>(request, { attrs: `locale="en"${tag === 'questionnaire-form' ? ' layout="list"' : ''}`, clock: systemClock });
}

/** Pastes `text` into `field` through the browser's editing path, then types `keys` for real. */
async function fill(field: HTMLInputElement | HTMLTextAreaElement, text: string, keys: string): Promise<void> {
  field.focus();
  document.execCommand('insertText', false, text);
  await type(keys);
}

/** The typed-length limit, written out rather than read from the code under test. */
const MAX_TYPED_LENGTH = 20_000;

describe('typed fields are capped at 20,000 characters', () => {
  it('a text answer stops at 20,000 characters, and the response carries exactly those', async () => {
    const { el, part } = await mount('questionnaire-form', normalizeInput({ message: 'Paste the log' }, ids('t-cap'), execution));
    const field = part<HTMLTextAreaElement>('text-field')!;
    await fill(field, 'x'.repeat(MAX_TYPED_LENGTH - 1), 'abc');
    expect(field.value.length).to.equal(MAX_TYPED_LENGTH);
    expect(field.value.slice(-2)).to.equal('xa', 'one typed key fitted, the rest did not');
    const responses: InteractionResponse[] = [];
    el.addEventListener('interaction-response', (event) => responses.push((event as InteractionResponseEvent).detail));
    part('submit-button')!.focus();
    await press('Enter');
    await el.updateComplete;
    expect(responses).to.have.length(1);
    expect(responses[0]!.text.length).to.equal(MAX_TYPED_LENGTH);
  });

  it('the custom answer, the multi-choice note, a typed form field and the rejection note stop there too', async () => {
    const custom = await mount('questionnaire-form', normalizeInput({ message: 'Environment?', input_mode: 'choice', options: ['prod', 'staging'] }, ids('c-cap'), execution));
    const radios = custom.findAll<HTMLInputElement>('input[type="radio"]');
    radios[radios.length - 1]!.click();
    await custom.el.updateComplete;
    const multi = await mount('questionnaire-form', normalizeInput({ message: 'Which?', input_mode: 'multi_choice', options: ['x', 'y'] }, ids('m-cap'), execution));
    const schema = schemaToQuestions({ type: 'object', properties: { bio: { type: 'string', title: 'Bio' } } }, 'requestedSchema');
    if (!schema.ok) throw new Error(schema.message);
    const form = await mount('questionnaire-form', formRequest({ id: 'f-cap', message: 'About you', timeoutSeconds: 0, metadata: {} }, schema.questions));
    const approval = await mount('approval-dialog', normalizeApproval({ message: 'Deploy?', severity: 'low' }, ids('a-cap')));
    // The rejection note may sit behind "Add a reason".
    const reveal = approval.findAll('button').find((b) => b.textContent?.trim() === 'Add a reason');
    reveal?.click();
    await approval.el.updateComplete;
    const fields = [
      custom.part<HTMLInputElement>('custom-field'),
      multi.find<HTMLTextAreaElement>('textarea'),
      form.part<HTMLInputElement>('text-field'),
      approval.find<HTMLTextAreaElement>('textarea'),
    ];
    for (const [index, field] of fields.entries()) {
      expect(field, `field ${index}`).to.not.equal(null);
      await fill(field!, 'y'.repeat(MAX_TYPED_LENGTH), 'z');
      expect(field!.value.length, `field ${index}`).to.equal(MAX_TYPED_LENGTH);
      expect(field!.value.includes('z'), `field ${index}`).to.equal(false);
    }
  });
});
