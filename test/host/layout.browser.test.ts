// `layout` on <interaction-host> reaches every questionnaire it shows (DESIGN §6.1).
import { expect } from '@open-wc/testing';
import { AgentLab } from '../support/agent.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';

const questions = ['Region?', 'Window?', 'Notify?', 'Backup?'].map((question, index) => ({ id: `q${index}`, question, options: ['A', 'B'] }));

describe('<interaction-host> layout', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  for (const [layout, shown] of [['auto', 1], ['steps', 1], ['list', 4]] as const) {
    it(`layout="${layout}": a four-question questionnaire shows ${shown} question(s) at a time`, async () => {
      const session = uniqueSession(`layout-${layout}`);
      const { host } = await mountHost(lab.url(session), { layout });
      await lab.call(session, 'request_user_input', { message: 'Plan', questions }, 'CALL-1');
      const el = await waitForCard(host, 'CALL-1');
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(el.getAttribute('layout')).to.equal(layout);
      expect(el.shadowRoot!.querySelectorAll('[data-key]')).to.have.length(shown);
    });
  }
});
