// The package's own linters: publint on the packed files and arethetypeswrong on the
// tarball, with the ESM-only profile (the package is ESM only, as its `type` and exports say).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { packageJson, packPackage, root, type Packed } from './packed.js';

let packed: Packed;

describe('package linters', () => {
  before(() => {
    packed = packPackage();
  });
  after(() => packed?.remove());

  it('publint reports nothing (errors, warnings or suggestions)', async () => {
    const { messages } = await publint({ pkgDir: packed.pkg, pack: false, strict: true });
    const pkg = packageJson(packed.pkg);
    assert.deepEqual(messages.map((message) => formatMessage(message, pkg) ?? message.code), []);
  });

  it('@arethetypeswrong/cli --profile esm-only finds no problem', () => {
    const attw = spawnSync(process.execPath, [join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'), packed.tarball, '--profile', 'esm-only', '--format', 'table'], { encoding: 'utf8' });
    assert.equal(attw.status, 0, attw.stdout + attw.stderr);
  });
});
