// Generated form schemas within the MCP subset, each rendered by <questionnaire-form>, answered
// with real key presses, and the content checked against the schema by ajv (in the test runner).
import { expect, fixture } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import fc from 'fast-check';
import '../../src/entries/questionnaire-form.js';
import { formContent, schemaToQuestions } from '../../src/adapters/json-schema-form.js';
import { formRequest } from '../../src/adapters/requests.js';
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { FieldInput } from '../../src/rules/fields.js';
import { formSchemas } from '../support/form-schemas.js';
import { deepActiveElement, press, startBefore, tabTo, type } from '../support/keyboard.js';
import { tabToField } from './support.js';
import { partsIn } from '../support/card-harness.js';

/** Answers one question with the keyboard, from where its field has focus. */
async function answerField(form: QuestionnaireForm, key: string, input: FieldInput | undefined): Promise<void> {
  const question = form.request!.questions.find((q) => q.id === key)!;
  const field = question.field!;
  await tabToField(key);
  const active = deepActiveElement() as HTMLInputElement;
  if (field.type === 'text' || field.type === 'number') {
    await press('Control+A');
    await press('Backspace');
    if (input?.text) await type(input.text);
  } else if (field.type === 'boolean') {
    if (active.checked !== (input?.values.includes('true') ?? false)) await press('Space');
  } else {
    for (const value of input?.values ?? []) await press(String(question.options.findIndex((o) => o.value === value) + 1));
  }
  await form.updateComplete;
}

describe('generated MCP form schemas, rendered and answered with the keyboard', function () {
  this.timeout(180_000);

  it('every content passes its schema (40 seeded schemas)', async () => {
    const samples = fc.sample(formSchemas, { numRuns: 40, seed: 20261130 });
    for (const { schema, inputs } of samples) {
      const outcome = schemaToQuestions(schema, 'requestedSchema');
      if (!outcome.ok) throw new Error(`${outcome.path} ${outcome.message}`);
      const form = (await fixture('<questionnaire-form locale="en" layout="list"></questionnaire-form>')) as QuestionnaireForm;
      form.request = formRequest({ id: 'generated', message: 'Generated', timeoutSeconds: 0, metadata: { decline: true, dismiss: true } }, outcome.questions);
      await form.updateComplete;
      const responses: InteractionResponse[] = [];
      form.addEventListener('interaction-response', (event) => responses.push(event.detail));
      await startBefore(form);
      for (const question of outcome.questions) await answerField(form, question.id, inputs[question.id]);
      await tabTo((el) => el.getAttribute('part') === 'submit-button');
      await press('Enter');
      const problems = partsIn(form.shadowRoot!, 'error').map((e) => e.closest('[data-key]')?.getAttribute('data-key'));
      expect(responses, `refused at ${problems.join(', ')}: ${JSON.stringify({ schema, inputs })}`).to.have.length(1);
      const content = formContent(outcome.questions, responses[0]!);
      const check = (await executeServerCommand('validate-json-schema', { schema, data: content })) as { valid: boolean; errors: string };
      expect(check.valid, `${check.errors} ${JSON.stringify({ schema, content })}`).to.equal(true);
      for (const name of schema.required) expect(content, `required ${name}`).to.have.property(name);
      form.remove();
    }
  });
});
