// ESLint enforces the layers of src/: each "never" of the architecture drawing, linted from a file
// of the importing part, is reported; the arrows that may exist are not; and every folder of src/
// has rules, so none is a way around them.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: root });

/** [importing part, imported part]: the drawing's nevers, as folders. */
const NEVERS: [string, string][] = [
  ['protocol', 'elements'],
  ['rules', 'elements'],
  ['rules', 'transport'],
  ['rules', 'session'],
  ['protocol', 'rules'],
  ['transport', 'session'],
  ['transport', 'elements'],
  ['session', 'elements'],
  ['agent', 'elements'],
  ['protocol', 'demo'],
  ['elements', 'demo'],
  ['elements', 'session'],
  ['elements', 'host'],
  ['session', 'host'],
  ['transport', 'rules'],
  ['react', 'session'],
  ['elements', 'mcp-app'],
  ['session', 'mcp-app'],
  ['host', 'mcp-app'],
  ['protocol', 'extensions'],
  ['rules', 'extensions'],
  ['elements', 'entries'],
  ['session', 'entries'],
  ['host', 'entries'],
  ['elements', 'extensions'],
  ['adapters', 'elements'],
  ['agent', 'extensions'],
  ['agent', 'host'],
];

/** Beside the drawing's nevers: nothing in the library imports an entry, nor the demo, and the extensions sit below the host. */
const STRICTER: [string, string][] = [
  ...['protocol', 'rules', 'transport', 'adapters', 'agent', 'i18n', 'react', 'extensions', 'mcp-app'].map((part): [string, string] => [part, 'entries']),
  ['extensions', 'host'],
  ...['extensions', 'mcp-app', 'entries'].map((part): [string, string] => [part, 'demo']),
];

/** Arrows of the drawing, which the lint must let through. */
const ARROWS: [string, string][] = [
  ['rules', 'protocol'],
  ['session', 'rules'],
  ['transport', 'protocol'],
  ['elements', 'rules'],
  ['host', 'session'],
  ['host', 'elements'],
  ['react', 'host'],
  ['agent', 'transport'],
  ['extensions', 'elements'],
  ['adapters', 'extensions'],
  ['host', 'extensions'],
  ['mcp-app', 'host'],
  ['mcp-app', 'extensions'],
  ['entries', 'host'],
  ['entries', 'extensions'],
  ['entries', 'mcp-app'],
];

const target = (part: string) => (part === 'demo' ? '../../demo/mock-runtime.js' : `../${part}/probe.js`);

async function restrictedImports(from: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}src/${from}/probe.ts` });
  return result!.messages.filter((message) => message.ruleId?.endsWith('no-restricted-imports')).map((message) => message.message);
}

describe('ESLint holds the layers of the architecture', () => {
  for (const [from, to] of [...NEVERS, ...STRICTER]) {
    it(`reports ${from} → ${to}, as a value, a type and a re-export`, async () => {
      for (const code of [
        `import { x } from '${target(to)}';\nexport const y = x;\n`,
        `import type { X } from '${target(to)}';\nexport type Y = X;\n`,
        `export { x } from '${target(to)}';\n`,
      ]) {
        const reported = await restrictedImports(from, code);
        assert.equal(reported.length, 1, `${from} → ${to} not reported for: ${code}`);
      }
    });
  }

  for (const [from, to] of ARROWS) {
    it(`lets ${from} → ${to} through`, async () => {
      assert.deepEqual(await restrictedImports(from, `import type { X } from '${target(to)}';\nexport type Y = X;\n`), []);
    });
  }

  it('knows every folder of src/: none lets an import of the demo through', async () => {
    const folders = readdirSync(`${root}src`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    assert.ok(folders.includes('extensions') && folders.includes('mcp-app') && folders.includes('entries'));
    for (const folder of folders) {
      const reported = await restrictedImports(folder, `import { x } from '${target('demo')}';\nexport const y = x;\n`);
      assert.equal(reported.length, 1, `src/${folder}/ may import the demo: the lint has no rules for it`);
    }
  });

  it('says why', async () => {
    const [why] = await restrictedImports('transport', `import { x } from '../rules/probe.js';\nexport const y = x;\n`);
    assert.match(why!, /its clock sits below the rules/);
  });

  it('lets an adapter reach the page through the in-page transport only, other transports as types', async () => {
    const value = (path: string) => `import { T } from '${path}';\nexport const t = T;\n`;
    assert.deepEqual(await restrictedImports('adapters', value('../transport/in-page-transport.js')), []);
    assert.equal((await restrictedImports('adapters', value('../transport/websocket-transport.js'))).length, 1);
    assert.deepEqual(await restrictedImports('adapters', `import type { T } from '../transport/transport.js';\nexport type U = T;\n`), []);
  });

  it('keeps zod out of the elements at run time, types aside', async () => {
    assert.equal((await restrictedImports('elements', `import { a } from '../../protocol/request.js';\nexport const b = a;\n`)).length, 1);
    assert.deepEqual(await restrictedImports('elements', `import type { A } from '../../protocol/request.js';\nexport type B = A;\n`), []);
    assert.deepEqual(await restrictedImports('elements', `import { systemClock } from '../../protocol/clock.js';\nexport const c = systemClock;\n`), []);
  });
});
