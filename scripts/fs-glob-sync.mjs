// `fs` with `globSync` (Node 22) for Node 20: the MCP conformance suite imports it by name at load,
// though only a command the client runs never use calls it. A `--import` module registers a
// resolve hook that gives the suite this module in place of `fs`; nothing else sees it.
import { register } from 'node:module';
import fs from 'node:fs';
import { join, relative } from 'node:path';

export * from 'node:fs';
export default fs;

/** `fs.globSync` where Node has it; else a walk that matches `*` and `**` with a regular expression. */
export const globSync =
  fs.globSync ??
  function globSync(pattern, options = {}) {
    const cwd = String(options.cwd ?? process.cwd());
    const source = String(pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&').split(/\*\*\/?/)
      .map((part) => part.replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]'))
      .join('(?:.*/)?');
    const match = new RegExp(`^${source}$`);
    const found = [];
    const walk = (dir) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (match.test(relative(cwd, path))) found.push(relative(cwd, path));
        if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      }
    };
    walk(cwd);
    return found;
  };

// Registered once, by the `--import` of this file (not by the import the hook redirects to it).
if (!fs.globSync && !globalThis.__aikFsGlobSync) {
  globalThis.__aikFsGlobSync = true;
  const self = import.meta.url;
  const hooks = `export async function resolve(specifier, context, next) {
    if ((specifier === 'fs' || specifier === 'node:fs') && context.parentURL?.includes('/@modelcontextprotocol/conformance/')) return { url: ${JSON.stringify(self)}, shortCircuit: true };
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
}
