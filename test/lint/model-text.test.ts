// The lint rule that keeps model text on the one safe path: it refuses raw model fields in a
// template's text, and accepts them through safeText(), in attributes, and from the string tables.
import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { modelTextRule } from '../../scripts/eslint-model-text.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('aik/model-text', modelTextRule, {
  valid: [
    'html`<p>${safeText(request.title)}</p>`',
    'html`<bdi>${safeTextContent(option.label)}</bdi>`',
    'html`<p>${this.longText("message", request.message)}</p>`',
    'html`<img alt=${item.name} src=${url}>`',
    'html`<span>${this.strings.details}</span><span>${strings.artifacts.list}</span>`',
    'html`<li>${this.renderItem(item, index)}</li>`',
    'html`<b>${index + 1}</b>`',
    'css`${item.name}`',
  ],
  invalid: [
    { code: 'html`<p class="message">${request.message}</p>`', errors: [{ messageId: 'raw' }] },
    { code: 'html`<bdi>${item.caption ? item.caption : ""}</bdi>`', errors: [{ messageId: 'raw' }] },
    { code: 'html`<span>${strings.previewOf(item.name)}</span>`', errors: [{ messageId: 'raw' }] },
    { code: 'html`<li>${label}</li>`', errors: [{ messageId: 'raw' }] },
    { code: 'html`<dd>${response?.text}</dd>`', errors: [{ messageId: 'raw' }] },
    { code: 'html`<p>${`${question.header}: `}</p>`', errors: [{ messageId: 'raw' }] },
  ],
});
