// MCP through the official SDK (@modelcontextprotocol/sdk): a real McpServer's elicitInput reaches
// a real SDK Client in Chromium, whose elicitation handler is the kit's; each card is answered
// through its roles, and what elicitInput returned (validated by the SDK) comes back to the test.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { closeBrowser, openPage, type PageLab } from './page-lab.js';

const ENTRY = new URL('./mcp-sdk.page.ts', import.meta.url).pathname;

describe('MCP SDK: elicitInput answered in the kit through elicitationHandler', () => {
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

  const call = (tool: string) => page.evaluate((name) => (window as unknown as { lab: { call(n: string): Promise<unknown> } }).lab.call(name), tool);
  const card = () => page.locator('interaction-host [role="listitem"]').last();

  it('form mode: typed fields, accepted; the SDK validates the content against the requested schema', async () => {
    const result = call('contact');
    await card().getByRole('textbox', { name: /Name/ }).fill('Ada Lovelace');
    await card().getByRole('textbox', { name: /Age/ }).fill('36');
    await card().getByRole('radio', { name: 'Team' }).check();
    await card().getByRole('button', { name: 'Submit' }).click();
    assert.deepEqual(await result, { action: 'accept', content: { name: 'Ada Lovelace', age: 36, plan: 'team' } });
    // The one-line receipt, opened, names who asked.
    await card().getByRole('button', { name: /Answered/ }).click();
    await card().getByText('Lab MCP server').first().waitFor();
  });

  it('Decline and Cancel are MCP’s two answers on the form; Escape inside it is Cancel', async () => {
    const declined = call('contact');
    await card().getByRole('button', { name: 'Decline' }).click();
    assert.deepEqual(await declined, { action: 'decline' });
    await card().getByRole('button', { name: /Declined/ }).waitFor();
    const cancelled = call('contact');
    await card().getByRole('button', { name: 'Cancel' }).click();
    assert.deepEqual(await cancelled, { action: 'cancel' });
    await card().getByRole('button', { name: /Cancelled/ }).waitFor();
    const escaped = call('contact');
    await card().getByRole('textbox', { name: /Name/ }).focus();
    await page.keyboard.press('Escape');
    assert.deepEqual(await escaped, { action: 'cancel' });
  });

  // Not the first request of the connection: the SDK ignores notifications/cancelled for request
  // id 0 (its handler tests the id for truthiness), so the first elicitation cannot be withdrawn.
  it('notifications/cancelled from the server withdraws the card: a cancelled receipt, no answer sent', async () => {
    const result = call('cancellable');
    await card().getByRole('button', { name: 'Submit' }).waitFor();
    await page.evaluate(() => (window as unknown as { lab: { abort(n: string, r: string): void } }).lab.abort('cancellable', 'The user left'));
    assert.match(JSON.stringify(await result), /AbortError|aborted|The user left/);
    await card().getByRole('button', { name: 'Submit' }).waitFor({ state: 'detached' });
    await card().getByRole('status').getByText('Cancelled').waitFor();
    assert.equal(await card().getByRole('textbox').count(), 0, 'no field is left to answer');
  });

  it('URL mode: Open link opens it and accepts; the server’s completion shows the card done', async () => {
    const result = call('link');
    await card().getByRole('button', { name: 'Open link' }).click();
    assert.deepEqual(await result, { action: 'accept' });
    assert.deepEqual(await page.evaluate(() => (window as unknown as { lab: { opened: string[] } }).lab.opened), ['https://calendar.example.com/connect?state=abc']);
    await card().getByRole('status').filter({ hasText: 'The server reports it is done.' }).waitFor();
  });

  it('URL mode: a completion that came before the click is kept; opening shows it done at once', async () => {
    const result = call('link-early');
    await page.waitForFunction(() => (window as unknown as { lab: { notified: string[] } }).lab.notified.includes('link-early'));
    await card().getByRole('button', { name: 'Open link' }).click();
    assert.deepEqual(await result, { action: 'accept' });
    await card().getByRole('status').filter({ hasText: 'The server reports it is done.' }).waitFor({ timeout: 2000 });
  });

  it('the page logged no error', () => {
    assert.deepEqual(lab.errors, []);
  });
});
