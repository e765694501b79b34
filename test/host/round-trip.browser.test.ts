// Every golden case a user answers, over a real WebSocket to a Node runtime built on src/agent,
// answered through the UI: the runtime's result must equal the fixture.
import { expect } from '@open-wc/testing';
import type { DeliverOutcome } from '../../src/rules/artifacts/deliver.js';
import { AgentLab } from '../support/agent.js';
import { answerWithKeyboard } from '../support/answer-ui.js';
import { golden, withPlaceholders } from '../support/golden.js';
import { startBefore } from '../support/keyboard.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';
import { hostHarness } from '../support/harness/host.js';

describe('<interaction-host> round trips over a real WebSocket', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  for (const c of golden.tool_cases) {
    if (!c.result || 'error' in c.result || (c.answer && ('timeout' in c.answer || 'cancel' in c.answer))) continue;
    it(c.name, async () => {
      const session = uniqueSession(c.name);
      const outcomes = (c.deliver ?? []).filter((o): o is DeliverOutcome => o !== null);
      let delivered = 0;
      const deliver = c.deliver ? async () => outcomes[delivered++]! : undefined;
      const { host, clock } = await mountHost(lab.url(session), { deliver });
      await lab.call(session, c.tool, c.arguments as Record<string, unknown>, 'CALL-1', { context: c.context as Record<string, unknown> });
      const el = await waitForCard(host, 'CALL-1');
      if (c.answer) {
        await startBefore(el);
        await answerWithKeyboard(el as never, c.answer);
      }
      const outcome = await lab.result('CALL-1');
      expect(outcome.status).to.equal('resolved');
      const resolvedAt = (outcome.result as { interaction_response?: { resolved_at: string } }).interaction_response?.resolved_at;
      if (resolvedAt) expect(resolvedAt).to.equal(new Date(clock.now()).toISOString());
      expect(outcome.result).to.deep.equal(withPlaceholders(c.result, 'CALL-1', resolvedAt ?? ''));
    });
  }

  for (const c of golden.tool_cases.filter((x) => x.result && 'error' in x.result)) {
    it(`${c.name}: the model reads the refusal`, async () => {
      const session = uniqueSession(c.name);
      await mountHost(lab.url(session));
      await lab.call(session, c.tool, c.arguments as Record<string, unknown>, 'CALL-2', { context: c.context as Record<string, unknown> });
      const outcome = await lab.result('CALL-2');
      expect(outcome.result).to.deep.equal(c.result);
    });
  }

  for (const c of golden.tool_cases.filter((x) => x.error)) {
    it(`${c.name}: callTool rejects with the typed error, and nothing is rendered`, async () => {
      const session = uniqueSession(c.name);
      const { host } = await mountHost(lab.url(session));
      await lab.call(session, c.tool, c.arguments as Record<string, unknown>, 'CALL-3');
      const outcome = await lab.result('CALL-3');
      expect(outcome.status).to.equal('rejected');
      expect(outcome.error!.code).to.equal(c.error!.code);
      expect(outcome.error!.issues).to.deep.equal(c.error!.issues);
      expect(hostHarness(host).find('[data-id]')).to.equal(null);
    });
  }
});
