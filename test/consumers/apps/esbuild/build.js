// A production bundle of src/main.js (minified, tree-shaken) beside a copy of index.html.
import { copyFileSync, mkdirSync } from 'node:fs';
import { build } from 'esbuild';

mkdirSync('dist', { recursive: true });
await build({
  entryPoints: ['src/main.js'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  outfile: 'dist/main.js',
  define: { 'process.env.NODE_ENV': '"production"' },
});
copyFileSync('index.html', 'dist/index.html');
