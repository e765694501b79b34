// What a browser loads is minified twice: esbuild bundles and minifies, then terser's compressor
// folds and inlines what esbuild's single pass leaves (about 1,400 B of the standalone bundle,
// gzipped). Lit's own production builds minify with terser the same way. Shared by the build and
// the size check, so that the sizes measured are the sizes shipped.
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { minify } from 'terser';

/**
 * ES modules (so top-level names are mangled), three compress passes, no "unsafe" transforms.
 * Inlining stops at simple functions (`inline: 1`): inlining those that take arguments copies
 * their bodies into each caller, which gzip pays for (about 55 B of the standalone bundle).
 * Function declarations go to the top of their scope (`hoist_funs`, which JavaScript does to
 * them anyway), where gzip finds more of them alike: about 135 B of the standalone bundle, for
 * about 10 B more in each element entry.
 */
const OPTIONS = { module: true, ecma: 2022, compress: { passes: 3, inline: 1, hoist_funs: true }, mangle: true, format: { comments: false } };

/** One module's code through terser; with `map` (esbuild's), the returned map points at the sources. */
export async function terse(code, map, file = 'out.js') {
  const result = await minify(code, map === undefined ? OPTIONS : { ...OPTIONS, sourceMap: { content: map, url: `${basename(file)}.map`, includeSources: true } });
  if (typeof result.map !== 'string') return { code: result.code ?? '', map: undefined };
  // Terser leaves out `sourcesContent` when a chunk maps to no source (only imports and exports); a shipped map always carries it.
  const shipped = JSON.parse(result.map);
  shipped.sourcesContent ??= shipped.sources.map(() => null);
  return { code: result.code ?? '', map: JSON.stringify(shipped) };
}

/** esbuild's `build` for browser files: built in memory, each `.js` through terser, then written with its map. */
export async function buildForBrowser(build, options) {
  const result = await build({ ...options, write: false });
  const files = new Map(result.outputFiles.map((file) => [file.path, file.text]));
  await Promise.all(
    [...files].filter(([path]) => path.endsWith('.js')).map(async ([path, code]) => {
      const { code: shipped, map } = await terse(code, files.get(`${path}.map`), path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, shipped);
      if (map !== undefined) await writeFile(`${path}.map`, map);
    }),
  );
  return result;
}
