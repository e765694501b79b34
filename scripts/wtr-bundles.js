// Modules the browser tests import bundled, at `/__bundles/<name>.js`: packages that ship CommonJS
// dependencies (the v2 MCP SDK brings ajv) cannot load unbundled in the runner's browser, as an
// app's bundler would bundle them. Each is built by esbuild once, on its first request.
import { build } from 'esbuild';

export const BUNDLES = {
  '/__bundles/mcp-v2-lab.js': 'test/adapters/mcp-v2-lab.ts',
};

export function bundlesPlugin(bundles = BUNDLES) {
  const built = new Map();
  return {
    name: 'bundles',
    async serve(context) {
      const entry = bundles[context.path];
      if (!entry) return undefined;
      if (!built.has(entry)) {
        built.set(entry, build({
          entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, logLevel: 'error',
          define: { 'process.env.NODE_ENV': '"production"' },
        }).then((result) => result.outputFiles[0].text));
      }
      return { body: await built.get(entry), type: 'js' };
    },
  };
}
