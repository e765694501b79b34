// The packed package and a Chromium, for the tests that open in a browser what the package
// builds or serves: packed and launched before the file's tests, both gone after them.
import { after, before } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
// @ts-expect-error a plain JS helper shared with the test runner
import { CHROMIUM_ARGS, ensureChromium } from '../../scripts/chromium.js';
import { packPackage, type Packed } from './packed.js';

export interface PackedBrowser {
  packed: Packed;
  browser: Browser;
}

/** Call at the top of a test file; the fields are set once its `before` ran. */
export function packedWithChromium(): PackedBrowser {
  const lab = {} as PackedBrowser;
  before(async () => {
    lab.packed = packPackage();
    lab.browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  });
  after(async () => {
    await lab.browser?.close();
    lab.packed?.remove();
  });
  return lab;
}
