// Questionnaires fit a chat column: questions are numbered, form fields are not; maxItems, through real keys.
import { expect } from '@open-wc/testing';
import '../../../src/entries/questionnaire-form.js';
import { provideAdapterParts } from '../../../src/entries/adapters.js';
import { schemaToQuestions } from '../../../src/adapters/json-schema-form.js';
import { formRequest } from '../../../src/adapters/requests.js';
import { mount, settle } from '../../support/questionnaire-mount.js';
import { press } from '../../support/keyboard.js';

// Typed fields come with the adapters: this page provides them to every card on it.
provideAdapterParts(document.body);


describe('form fields are not questions', () => {
  const contact = () => {
    const schema = schemaToQuestions(
      {
        type: 'object',
        properties: {
          name: { type: 'string', title: 'Name' },
          email: { type: 'string', format: 'email', title: 'Email' },
          colors: { type: 'array', title: 'Colours', maxItems: 2, items: { enum: ['Red', 'Green', 'Blue'] } },
        },
      },
      'requestedSchema',
    );
    if (!schema.ok) throw new Error(schema.message);
    return formRequest({ id: 'f-contact', message: 'Contact', timeoutSeconds: 0, metadata: {} }, schema.questions);
  };

  it('an MCP contact form is one list without numbers', async () => {
    const { root, part } = await mount(contact());
    expect(part('progress')).to.equal(null);
    expect(root.querySelector('.question-number')).to.equal(null);
  });

  it('maxItems: further boxes are disabled at the maximum, and it says why', async () => {
    const { el, root } = await mount(contact());
    const boxes = () => [...root.querySelectorAll<HTMLInputElement>('[data-key="colors"] input[type="checkbox"]')];
    boxes()[0]!.focus();
    await press('1');
    await settle(el);
    await press('2');
    await settle(el);
    expect(boxes().map((box) => box.disabled)).to.deep.equal([false, false, true]);
    const reason = root.getElementById(boxes()[2]!.getAttribute('aria-describedby')!.split(' ').at(-1)!)!;
    expect(reason.textContent).to.equal('You chose the most allowed (2): clear one to pick another.');
    await press('3');
    await settle(el);
    expect(boxes().map((box) => box.checked)).to.deep.equal([true, true, false]);
    await expect(el).to.be.accessible();
    await press('1');
    await settle(el);
    expect(boxes().map((box) => box.disabled)).to.deep.equal([false, false, false]);
  });
});
