// The manual's Markdown as the tests read it: which files it is, their links outside code, their
// headings' anchors as GitHub makes them, and their code blocks.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** README.md, CONTRIBUTING.md and every page under docs/, as paths from `root`. */
export function manualFiles(root: string): string[] {
  const pages = readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  return ['README.md', 'CONTRIBUTING.md', ...pages.map((file) => join('docs', file))].sort();
}

/** Every fenced block in one of `languages`, with the file it is in. */
export function codeBlocks(root: string, languages: string[]): { file: string; lang: string; code: string }[] {
  const fence = new RegExp(`^\`\`\`(${languages.join('|')})\n([\\s\\S]*?)^\`\`\`$`, 'gm');
  return manualFiles(root).flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(fence)].map((m) => ({ file, lang: m[1]!, code: m[2]! })));
}

/** The text outside fenced blocks and inline code spans, where links are links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every link and image target that is not a URL with a scheme: `page.md`, `page.md#anchor`, `#anchor`, `image.png`. */
export function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/**
 * The anchors of a page's headings, as GitHub writes them: the heading's text without its
 * markup, lower-cased, punctuation dropped, spaces as hyphens; a repeated one gets `-1`, `-2`, ….
 */
export function headingSlugs(text: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} (.+?)\s*#*$/gm)) {
    const plain = heading!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = plain.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    slugs.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return slugs;
}
