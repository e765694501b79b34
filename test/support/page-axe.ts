// axe-core run inside a Playwright page (the end-to-end tests' pages are real documents, not
// @web/test-runner's): every violation as `<rule id>: <the nodes' selectors>`, none when clean.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(() =>
    (window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe
      .run(document)
      .then((result) => result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`)),
  );
}
