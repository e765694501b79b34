// An esbuild plugin that minifies the CSS inside Lit's css`…` templates (esbuild minifies the
// JavaScript around them but leaves template text alone). Whitespace and comments only: values
// and selectors are kept as written.
import { readFile } from 'node:fs/promises';

export function minifyCss(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

export const minifyLitCss = {
  name: 'minify-lit-css',
  setup(build) {
    build.onLoad({ filter: /src[\\/].*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('css`')) return undefined;
      const contents = source.replace(/css`([^`]*)`/g, (_, body) => `css\`${minifyCss(body)}\``);
      return { contents, loader: 'ts' };
    });
  },
};
