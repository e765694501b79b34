// A2UI v0.9 with @a2ui/lit: an agent's surface names the kit's catalog and uses its Approval,
// Input and Artifacts components with the tools' arguments; @a2ui/lit's MessageProcessor renders
// them in Chromium as the kit's cards, each is answered through its roles, and the answer comes
// back as an A2UI action whose context is the kit's typed tool result. Every message both ways is
// validated (ajv) against the v0.9 JSON Schemas that ship with @a2ui/web_core, with the kit's
// catalog schema in the place of catalog.json.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Page } from 'playwright-core';
import { KIT_CATALOG_ID, kitCatalogSchema } from '../../../src/extensions/a2ui/kit-catalog.js';
import { closeBrowser, openPage, type PageLab } from './page-lab.js';

const ENTRY = new URL('./a2ui.page.ts', import.meta.url).pathname;
const SCHEMAS = join(dirname(createRequire(import.meta.url).resolve('@a2ui/web_core/v0_9')), 'schemas');
const schema = (name: string) => JSON.parse(readFileSync(join(SCHEMAS, name), 'utf8')) as Record<string, unknown>;

const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(schema('common_types.json'));
ajv.addSchema({ ...kitCatalogSchema, $id: 'https://a2ui.org/specification/v0_9/catalog.json' });
const serverToClient = ajv.compile(schema('server_to_client.json'));
const clientToServer = ajv.compile(schema('client_to_server.json'));

function valid(check: typeof serverToClient, message: unknown): void {
  assert.ok(check(message), `${JSON.stringify(message)}\n${ajv.errorsText(check.errors)}`);
}

const surface = (id: string, components: Record<string, unknown>[]) => [
  { version: 'v0.9', createSurface: { surfaceId: id, catalogId: KIT_CATALOG_ID } },
  { version: 'v0.9', updateComponents: { surfaceId: id, components } },
];

type Sent = { version: string; action: { name: string; surfaceId: string; sourceComponentId: string; context: Record<string, unknown> } };

describe('A2UI v0.9: the kit’s catalog in @a2ui/lit, answers as actions', () => {
  let lab: PageLab;
  let page: Page;
  before(async () => {
    lab = await openPage(ENTRY);
    page = lab.page;
  });
  after(async () => {
    await lab.close();
    await closeBrowser();
  });
  const show = async (messages: unknown[]) => {
    for (const message of messages) valid(serverToClient, message);
    await page.evaluate((given) => (window as unknown as { lab: { process(m: unknown[]): void } }).lab.process(given), messages);
  };
  const sent = () => page.evaluate(() => (window as unknown as { lab: { actions: unknown[] } }).lab.actions) as Promise<Sent[]>;

  it('the catalog schema rejects a component it does not have, and a component missing its tool’s required argument', () => {
    assert.equal(serverToClient(surface('x', [{ id: 'root', component: 'Button' }])[1]), false);
    assert.equal(serverToClient(surface('x', [{ id: 'root', component: 'Approval', title: 'no message' }])[1]), false);
  });

  it('Approval: the kit’s approval card with its rules (high keeps its details open); approving sends request_user_approval’s typed result', async () => {
    await show(surface('deploy', [{ id: 'root', component: 'Approval', message: 'Deploy checkout 2.3?', severity: 'high', details: '$ kubectl rollout restart deploy/checkout' }]));
    const card = page.locator('#deploy approval-dialog');
    await card.getByText('Deploy checkout 2.3?').waitFor();
    await card.getByText('$ kubectl rollout restart deploy/checkout').first().waitFor(); // high: the details are open
    await card.getByRole('button', { name: 'Approve' }).click();
    const confirm = card.getByRole('button', { name: /Confirm/ });
    if (await confirm.count()) await confirm.click(); // high keeps its confirm step
    await page.waitForFunction(() => (window as unknown as { lab: { actions: unknown[] } }).lab.actions.length === 1);
    const [message] = await sent();
    valid(clientToServer, message);
    assert.equal(message!.action.name, 'request_user_approval');
    assert.equal(message!.action.surfaceId, 'deploy');
    assert.equal(message!.action.sourceComponentId, 'root');
    const context = message!.action.context as { source_tool: string; interaction_response: { status: string; approved: boolean } };
    assert.equal(context.source_tool, 'request_user_approval');
    assert.deepEqual([context.interaction_response.status, context.interaction_response.approved], ['completed', true]);
  });

  it('Input: a choice card; the chosen option comes back in request_user_input’s typed result', async () => {
    await show(surface('region', [{ id: 'root', component: 'Input', message: 'Which region?', input_mode: 'choice', options: ['eu-west', 'us-east'] }]));
    const card = page.locator('#region questionnaire-form');
    const before = (await sent()).length;
    await card.getByRole('radio', { name: 'us-east' }).check();
    await card.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction((count) => (window as unknown as { lab: { actions: unknown[] } }).lab.actions.length > count, before);
    const message = (await sent()).at(-1)!;
    valid(clientToServer, message);
    assert.equal(message.action.name, 'request_user_input');
    const context = message.action.context as { interaction_response: { selected_options: string[] } };
    assert.deepEqual(context.interaction_response.selected_options, ['us-east']);
  });

  it('Artifacts: the kit’s artifact list of the files', async () => {
    await show(surface('files', [{ id: 'root', component: 'Artifacts', title: 'Report', items: [{ name: 'q3.pdf', url: 'https://example.com/q3.pdf', mime: 'application/pdf' }] }]));
    await page.locator('#files artifact-list').getByRole('link', { name: 'Open q3.pdf' }).waitFor(); // its safe URL, opened by the person
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
