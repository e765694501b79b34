// `result-language` on <interaction-host>: the page picks the language of the
// `content` its results carry to a runtime that leaves it to the page; the cards stay in `locale`.
import { expect } from '@open-wc/testing';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { AgentLab } from '../support/agent.js';
import { mountHost, uniqueSession, waitForCard } from './support.js';
import { partIn } from '../support/card-harness.js';

describe('<interaction-host result-language>', () => {
  let lab: AgentLab;
  before(async () => {
    lab = await AgentLab.start();
  });
  after(() => lab.close());

  async function approveOnce(host: HTMLElement, session: string, id: string) {
    await lab.call(session, 'request_user_approval', { message: 'Deploy?' }, id);
    const dialog = await waitForCard<ApprovalDialog>(host as never, id);
    partIn<HTMLButtonElement>(dialog.shadowRoot!, 'approve-button')!.click();
    const outcome = await lab.result(id);
    expect(outcome.status).to.equal('resolved');
    return outcome.result as { content: string; interaction_response: { approved: boolean } };
  }

  it('en: the result the runtime gets says it in English; only content differs; the card stays Chinese', async () => {
    const session = uniqueSession('result-language');
    const { host } = await mountHost(lab.url(session));
    const zh = await approveOnce(host, session, 'rl-1');
    expect(zh.content).to.equal('用户已批准操作。');
    host.setAttribute('result-language', 'en');
    await host.updateComplete;
    const en = await approveOnce(host, session, 'rl-2');
    expect(en.content).to.equal('The user approved the action.');
    expect(en.interaction_response.approved).to.equal(true);
    const receipt = (await waitForCard<ApprovalDialog>(host, 'rl-2')).shadowRoot!.textContent!;
    expect(receipt).to.contain('已批准');
  });

  it('a value other than zh or en keeps the default, zh, rather than breaking the host', async () => {
    const session = uniqueSession('result-language-bad');
    const { host } = await mountHost(lab.url(session));
    host.setAttribute('result-language', 'english');
    await host.updateComplete;
    const result = await approveOnce(host, session, 'rl-3');
    expect(result.content).to.equal('用户已批准操作。');
  });
});
