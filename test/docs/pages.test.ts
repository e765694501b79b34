// The manual cannot drift: each element's page holds, between its markers, exactly what
// custom-elements.json gives now (scripts/element-docs.ts, `npm run docs`), and every relative
// link of README.md, CONTRIBUTING.md and docs/ reaches a file that exists, and its #anchor a heading.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { elementPage, GENERATED_START, generatedPart, generatedPartOf, manifestElements, type Manifest } from '../../scripts/element-docs.js';
import { headingSlugs, manualFiles, relativeLinks } from './markdown.js';

const root = new URL('../..', import.meta.url).pathname;

/** The manifest the build wrote (npm test builds first); analysed here when there is none yet. */
function manifest(): Manifest {
  const file = join(root, 'custom-elements.json');
  if (!existsSync(file)) {
    const analyzed = spawnSync(process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet'], { cwd: root, encoding: 'utf8' });
    assert.equal(analyzed.status, 0, analyzed.stderr);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

describe('the element pages', () => {
  const elements = manifestElements(manifest());

  it('the manifest has the five elements', () => {
    assert.deepEqual(elements.map((element) => element.tag).sort(), ['approval-dialog', 'artifact-list', 'interaction-host', 'interaction-inbox', 'questionnaire-form']);
  });

  for (const element of elements) {
    it(`docs/elements/${element.tag}.md holds what the manifest gives, between its markers`, () => {
      const file = elementPage(root, element.tag);
      assert.ok(existsSync(file), `${relative(root, file)} is missing: run npm run docs`);
      const held = generatedPartOf(readFileSync(file, 'utf8'));
      assert.ok(held !== undefined, `${relative(root, file)} has lost its generated-part markers`);
      assert.equal(held, generatedPart(element), `${relative(root, file)} differs from custom-elements.json: run npm run docs (edit the JSDoc, not the page)`);
    });
  }

  for (const element of elements) {
    it(`docs/elements/${element.tag}.md opens with an example, then the generated tables`, () => {
      const text = readFileSync(elementPage(root, element.tag), 'utf8');
      const example = text.indexOf('\n## Example\n');
      const generated = text.indexOf(GENERATED_START);
      assert.ok(example > 0, 'the page has an Example section');
      assert.ok(example < generated, 'the example comes before the generated tables');
      assert.equal(text.slice(0, generated).match(/\n## /g)?.length, 1, 'the example is the only section before the tables');
    });
  }

  it('every page under docs/elements/ is an element of the manifest', () => {
    const tags = new Set(elements.map((element) => element.tag));
    const pages = readdirSync(join(root, 'docs', 'elements')).filter((file) => file.endsWith('.md'));
    assert.deepEqual(pages.filter((page) => !tags.has(page.replace(/\.md$/, ''))), []);
  });
});

describe('the links between the pages', () => {
  const files = manualFiles(root);

  it('reads the README, CONTRIBUTING.md and every page of docs/', () => {
    assert.ok(files.includes('CONTRIBUTING.md') && files.includes('docs/protocol.md') && files.length >= 15, files.join(', '));
  });

  for (const file of files) {
    it(`every relative link of ${file} reaches a file, and its #anchor a heading there`, () => {
      const text = readFileSync(join(root, file), 'utf8');
      const broken = relativeLinks(text).flatMap((link) => {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? join(root, file) : join(root, dirname(file), decodeURI(path));
        if (!existsSync(target)) return [`${link}: no file ${relative(root, target)}`];
        if (anchor === undefined || !target.endsWith('.md')) return [];
        return headingSlugs(readFileSync(target, 'utf8')).has(decodeURIComponent(anchor)) ? [] : [`${link}: no heading #${anchor} in ${relative(root, target)}`];
      });
      assert.deepEqual(broken, []);
    });
  }
});
