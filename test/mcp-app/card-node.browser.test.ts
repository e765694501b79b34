// The MCP App's cards served by the Node server (agent-interaction-kit/mcp-app), and the check
// that the host's CSP (and its violation report) is in force in the sandbox at all.
import { expect, waitUntil } from '@open-wc/testing';
import type { SandboxReport } from '../../demo/mcp-apps/host.js';
import { cardSuite } from './card-suite.js';
import { sandboxUrl } from './view-harness.js';

cardSuite('node');

describe('MCP App sandbox proxy', () => {
  it('enforces the default CSP: a View that evaluates code is blocked and reported', async () => {
    const frame = document.createElement('iframe');
    frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    const reports: SandboxReport[] = [];
    let ready = false;
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      if (event.data?.method === 'ui/notifications/sandbox-proxy-ready') ready = true;
      if (event.data?.type === 'aik-sandbox') reports.push(event.data as SandboxReport);
    };
    window.addEventListener('message', listener);
    frame.src = sandboxUrl();
    document.body.append(frame);
    await waitUntil(() => ready, 'the sandbox proxy never said it was ready');
    const html = '<!doctype html><html><head></head><body><script>try { eval("1") } catch (e) {}</script><img src="https://example.invalid/x.png"></body></html>';
    frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html } }, '*');
    await waitUntil(() => reports.length >= 2, 'the violations were not reported');
    expect(reports.map((report) => report.directive).sort()).to.deep.equal(['img-src', 'script-src']);
    window.removeEventListener('message', listener);
    frame.remove();
  });
});
