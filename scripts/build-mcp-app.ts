// The MCP App's part of `npm run build`:
// - dist/mcp-app/card.html: the View (src/mcp-app/view) bundled with lit, zod and the ext-apps
//   App, and themes/mcp-apps.css, inlined into one HTML file that loads nothing;
//   the same file is copied into the Python package, which serves it too;
// - dist/mcp-app/index.js: the Node entry (registerInteractionTools), its packages external.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build, type BuildOptions } from 'esbuild';

const PYTHON_COPY = 'python/src/agent_interaction_kit/mcp_app/card.html';

export async function buildMcpApp(common: BuildOptions): Promise<void> {
  const [view] = await Promise.all([
    build({ ...common, entryPoints: ['src/mcp-app/view/main.ts'], write: false, minify: true, platform: 'browser', outdir: 'dist/mcp-app' }),
    build({ ...common, entryPoints: { 'mcp-app/index': 'src/entries/mcp-app.ts' }, outdir: 'dist', platform: 'node', packages: 'external', sourcemap: true }),
  ]);
  const script = view.outputFiles?.find((file) => file.path.endsWith('.js'))?.text ?? '';
  // An inline script ends at the first `</script`; esbuild writes none, and this keeps it so.
  if (/<\/script/i.test(script)) throw new Error('The View bundle contains "</script", which would end its inline script.');
  const theme = readFileSync('themes/mcp-apps.css', 'utf8');
  const html = readFileSync('src/mcp-app/view/card.html', 'utf8')
    .replace('/* aik:theme */', () => theme)
    .replace('/* aik:view */', () => script);
  mkdirSync('dist/mcp-app', { recursive: true });
  writeFileSync('dist/mcp-app/card.html', html);
  mkdirSync(PYTHON_COPY.replace(/\/[^/]+$/, ''), { recursive: true });
  copyFileSync('dist/mcp-app/card.html', PYTHON_COPY);
}
