// The README's recipes for Express, Fastify and Hono, each run as written with the framework's
// real package and the packed kit: a user signs in with the app's own cookie session, the page
// the app serves connects to the kit with that cookie (authorize reuses the app's auth), a call
// from an API route is answered in Chromium through the card's role and name, and the app's own
// /chat WebSocket on the same server, behind the same sign-in, keeps answering before and after.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { packedWithChromium } from '../package/packed-browser.js';
import { openSocket, verdict } from '../support/upgrade-client.js';
import { chatFromNode, RECIPES, runRecipe, type RecipeName, type RunningRecipe } from './recipe-lab.js';

/** What the model reads for the approval: Hono's recipe asks for English. */
const APPROVED: Record<RecipeName, string> = {
  Express: '用户已批准操作。',
  Fastify: '用户已批准操作。',
  Hono: 'The user approved the action.',
};

const lab = packedWithChromium();

/**
 * In the page: the app's /chat, opened with the page's cookie, kept open; each call sends a line
 * and resolves with the reply, or with `closed <code>` once the socket is closed.
 */
async function openChat(page: Page): Promise<(text: string) => Promise<string>> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/chat`);
        (window as unknown as { chat: WebSocket }).chat = socket;
        socket.onopen = () => resolve();
        socket.onclose = (event) => reject(new Error(`chat closed ${event.code}`));
      }),
  );
  return (text) =>
    page.evaluate(
      (line) =>
        new Promise<string>((resolve) => {
          const socket = (window as unknown as { chat: WebSocket }).chat;
          if (socket.readyState !== WebSocket.OPEN) return resolve(`closed ${socket.readyState}`);
          socket.addEventListener('message', (event) => resolve(String(event.data)), { once: true });
          socket.addEventListener('close', (event) => resolve(`closed ${event.code}`), { once: true });
          socket.send(line);
        }),
      text,
    );
}

for (const name of RECIPES) {
  describe(`README recipe: ${name}`, () => {
    let app: RunningRecipe;
    before(async () => {
      app = await runRecipe(name, lab.packed);
    });
    after(() => app?.stop());

    it('the app’s sign-in guards both endpoints: no cookie, no chat and no kit socket; a foreign page is refused too', async () => {
      assert.match(await chatFromNode(app.origin, {}, 'hi'), /^(HTTP 401|closed 1008)$/);
      assert.equal(verdict(await openSocket(`${app.origin.replace('http', 'ws')}/agent/sessions`, { origin: app.origin })), 'HTTP 403');
      assert.equal(verdict(await openSocket(`${app.origin.replace('http', 'ws')}/agent/sessions`, { origin: 'https://evil.example' })), 'HTTP 403');
    });

    it('a signed-in page answers the call from the app’s API route, and the app’s /chat keeps working beside the kit', async () => {
      const context = await lab.browser.newContext({ locale: 'en-US' });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      try {
        await page.goto(`${app.origin}/login?user=ada`);
        assert.equal(new URL(page.url()).pathname, '/', 'signed in, then the chat page');
        await page.locator('interaction-host').getByRole('status').filter({ hasText: 'Connected' }).waitFor();
        const chat = await openChat(page);
        assert.equal(await chat('before'), 'ada: before');

        const deploy = page.evaluate(() => fetch('/api/deploy', { method: 'POST' }).then((response) => response.json() as Promise<Record<string, unknown>>));
        const card = page.locator('interaction-host').getByRole('article').filter({ hasText: 'Deploy checkout 2.3 to production?' });
        await card.getByRole('button', { name: 'Approve' }).click();
        const result = (await deploy) as { source_tool: string; content: string; interaction_response: { approved: boolean; status: string } };
        assert.equal(result.source_tool, 'request_user_approval');
        assert.equal(result.content, APPROVED[name]);
        assert.deepEqual([result.interaction_response.status, result.interaction_response.approved], ['completed', true]);

        assert.equal(await chat('after'), 'ada: after', 'the chat socket opened before the call still answers');
        assert.equal(await chatFromNode(app.origin, { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') }, 'again'), 'ada: again');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  });
}
