import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { argumentsSha256, canonicalJson } from '../../src/protocol/canonical-json.js';

// The cases are shared with the Python runtime side (python/tests/test_canonical_json.py): both
// must write exactly `canonical` and hash it to exactly `sha256`.
interface Case {
  name: string;
  arguments: unknown;
  canonical: string;
  sha256: string;
}
const { cases } = JSON.parse(readFileSync(new URL('../fixtures/canonical-json.json', import.meta.url), 'utf8')) as { cases: Case[] };

describe('canonical JSON (docs/protocol.md §11.2)', () => {
  for (const example of cases) {
    it(example.name, async () => {
      assert.equal(canonicalJson(example.arguments), example.canonical);
      assert.equal(await argumentsSha256(example.arguments), example.sha256);
    });
  }

  it('the fixture pins its hashes: each sha256 is the SHA-256 of its canonical text', () => {
    for (const example of cases) {
      assert.equal(createHash('sha256').update(example.canonical, 'utf8').digest('hex'), example.sha256, example.name);
    }
  });

  it('leaves out undefined fields and writes undefined array items as null, as JSON.stringify does', () => {
    assert.equal(canonicalJson({ b: undefined, a: [undefined, 1] }), '{"a":[null,1]}');
  });

  it('the same value in another key order gives the same text', () => {
    assert.equal(canonicalJson({ z: 1, a: { d: 2, c: 3 } }), canonicalJson({ a: { c: 3, d: 2 }, z: 1 }));
  });
});
