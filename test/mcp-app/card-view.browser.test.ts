// <mcp-card-view>, the View's own element, in each of its states: accessible (axe), and saying
// what the host allows. The leaf cards inside it have their own suites.
import { expect, fixture, html } from '@open-wc/testing';
import { McpCardView } from '../../src/mcp-app/view/card-view.js';
import { defineElement } from '../../src/elements/shared/define.js';
import { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { resolveContext } from '../../src/rules/context.js';
import { ShadowHarness } from '../support/harness/card.js';

defineElement('approval-dialog', ApprovalDialog);
defineElement('mcp-card-view', McpCardView);

const request = normalizeToolCall('request_user_approval', { message: 'Deploy v2.3?' }, { request_id: 'c', session_id: '' }, resolveContext());
const shadowText = (el: Element) => el.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '';

describe('<mcp-card-view>', () => {
  it('waits for its tool input, saying so', async () => {
    const el = await fixture<McpCardView>(html`<mcp-card-view locale="en"></mcp-card-view>`);
    expect(shadowText(el)).to.include('Waiting for the request');
    await expect(el).to.be.accessible();
  });

  it('in a host without server tools, says where to answer and offers no form', async () => {
    const el = await fixture<McpCardView>(html`<mcp-card-view locale="en" .request=${request}></mcp-card-view>`);
    expect(shadowText(el)).to.include('Answer this in a supported app').and.include('Deploy v2.3?');
    expect(new ShadowHarness(el).find('approval-dialog')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('with a way to respond, shows the card; a refused call shows the sentence', async () => {
    const el = await fixture<McpCardView>(html`<mcp-card-view .request=${request} .respond=${async () => 'no'}></mcp-card-view>`);
    expect(new ShadowHarness(el).find('approval-dialog')).to.not.equal(null);
    await expect(el).to.be.accessible();
    el.result = { error: 'publish_artifacts is not available for the current messaging channel.' };
    await el.updateComplete;
    expect(shadowText(el)).to.include('请求未被受理').and.include('publish_artifacts is not available');
    await expect(el).to.be.accessible();
  });
});
