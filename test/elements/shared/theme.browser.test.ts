// `theme` is a property of every element, as it is an attribute: set from code (a framework
// binding, `el.theme = 'dark'`), it reflects, and the styles follow it.
import { expect } from '@open-wc/testing';
import { mountArtifacts, mountCard, partIn } from '../../support/card-harness.js';
import { catalogue } from '../../support/requests-catalogue.js';

const scheme = (el: Element) => getComputedStyle(partIn(el.shadowRoot!, 'card')!).colorScheme;

describe('theme, set as a property', () => {
  const mounts = {
    'approval-dialog': async () => (await mountCard(catalogue['approval low']!.request)).el,
    'questionnaire-form': async () => (await mountCard(catalogue.text!.request)).el,
    'artifact-list': async () => (await mountArtifacts([])).el,
  };
  for (const [tag, mount] of Object.entries(mounts)) {
    it(`<${tag}>: dark, then light, reflected and followed by the styles`, async () => {
      const el = await mount();
      for (const theme of ['dark', 'light'] as const) {
        el.theme = theme;
        await el.updateComplete;
        expect(el.getAttribute('theme')).to.equal(theme);
        expect(scheme(el)).to.equal(theme);
      }
    });
  }
});
