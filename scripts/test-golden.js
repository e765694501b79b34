// The spec's golden cases live beside the repository when it is checked out with them. The
// tests read the committed copy; this stage checks that copy against the spec and never writes
// it, so `npm test` leaves the working tree as it found it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Compares test/fixtures/golden.json with the spec's copy, when there is one: `{passed, failed}`. */
export function checkGolden(root) {
  const started = Date.now();
  const spec = join(root, '..', 'shared', 'fixtures', 'golden.json');
  const committed = join(root, 'test', 'fixtures', 'golden.json');
  console.log('\n▶ golden fixtures (test/fixtures/golden.json against the spec)');
  let counts = { passed: 0, failed: 0 };
  if (!existsSync(spec)) {
    console.log('  no spec copy beside the repository: the committed fixtures are used as they are');
  } else if (readFileSync(spec, 'utf8') === readFileSync(committed, 'utf8')) {
    console.log('  ✓ the committed fixtures are the spec\'s');
    counts = { passed: 1, failed: 0 };
  } else {
    console.log('  ✗ test/fixtures/golden.json differs from the spec\'s fixtures/golden.json: copy it and commit');
    counts = { passed: 0, failed: 1 };
  }
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return counts;
}
