// The package as a user gets it: `npm pack` of the built dist/ (npm test builds first), unpacked
// into a scratch node_modules beside links to the repository's own packages, so that what the
// package leaves to its user (lit, zod, react, their types…) resolves as in an app.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname;

export interface Packed {
  /** The scratch folder; `node_modules/agent-interaction-kit` holds the unpacked package. */
  dir: string;
  /** The unpacked package's folder. */
  pkg: string;
  /** The tarball `npm pack` wrote. */
  tarball: string;
  /** The tarball's file list, relative to the package (`dist/index.js`, …). */
  files: string[];
  remove(): void;
}

/** `without`: names (or `@scopes`) of the repository's packages the scratch node_modules leaves out, as if not installed. */
export function packPackage(options: { without?: string[] } = {}): Packed {
  const without = new Set(options.without ?? []);
  const dir = mkdtempSync(join(tmpdir(), 'aik-pack-'));
  const output = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(output) as [{ filename: string; files: { path: string }[] }];
  const modules = join(dir, 'node_modules');
  const pkg = join(modules, 'agent-interaction-kit');
  mkdirSync(pkg, { recursive: true });
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== 'agent-interaction-kit' && !name.startsWith('.') && !without.has(name)) symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  execFileSync('tar', ['-xzf', join(dir, info.filename), '-C', pkg, '--strip-components=1']);
  return {
    dir,
    pkg,
    tarball: join(dir, info.filename),
    files: info.files.map((file) => file.path).sort(),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function packageJson(pkg: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Record<string, unknown>;
}
