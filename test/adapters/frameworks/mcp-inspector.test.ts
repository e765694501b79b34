// The MCP Inspector's CLI (`@modelcontextprotocol/inspector-cli`) against the kit's MCP App, started
// as a newcomer starts it (mcp-app-stdio-server.mjs: an McpServer over stdio with the built
// package's `agent-interaction-kit/mcp-app` tools). The Inspector is the client: what it lists is
// what an MCP host sees. Its 1.0.3 CLI has no `--app-info`, and declares no MCP Apps extension
// (it cannot: it takes no client capabilities), so it is a host that renders no Apps: it sees the
// tools with their card, and is not offered `interaction_respond`, the View's own tool (which
// test/mcp-app/server.test.ts lists, with visibility ["app"], for a client that renders Apps).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = new URL('../../../', import.meta.url).pathname;
const CLI = join(ROOT, 'node_modules', '.bin', 'mcp-inspector-cli');
const SERVER = join(ROOT, 'test', 'adapters', 'frameworks', 'mcp-app-stdio-server.mjs');
const CARD = 'ui://agent-interaction-kit/card.html';

/**
 * Runs the Inspector's CLI on the kit's server with `args`; resolves with the JSON it printed.
 * Its 1.0.3 looks for its own package.json at `../package.json` of the working directory, so it
 * runs from a folder one level inside the repository (test/), where that path exists.
 */
function inspector(args: string[], { allowFailure = false } = {}): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(CLI, ['--cli', process.execPath, SERVER, 'feishu', ...args], { cwd: join(ROOT, 'test'), env: { ...process.env, NO_COLOR: '1' } });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const json = out.indexOf('{\n');
      if (allowFailure && code !== 0) return resolve({ code, out });
      if (code !== 0 || json < 0) return reject(new Error(`mcp-inspector-cli ${args.join(' ')} exited ${code}:\n${out}`));
      resolve(JSON.parse(out.slice(json)) as Record<string, unknown>);
    });
  });
}

type Tool = { name: string; inputSchema: { properties: Record<string, unknown>; required?: string[] }; _meta?: { ui?: { resourceUri?: string; visibility?: string[] } } };

describe('MCP Inspector CLI: the kit’s MCP App as an MCP host sees it', { timeout: 120_000 }, () => {
  it('runs the built package', () => {
    assert.ok(existsSync(join(ROOT, 'dist', 'mcp-app', 'index.js')), 'npm run build first: the server imports agent-interaction-kit/mcp-app');
  });

  it('tools/list: the three tools, each with the card as _meta.ui.resourceUri; no interaction_respond for a host without Apps', async () => {
    const { tools } = (await inspector(['--method', 'tools/list'])) as { tools: Tool[] };
    assert.deepEqual(tools.map((tool) => tool.name), ['request_user_approval', 'request_user_input', 'publish_artifacts']);
    for (const tool of tools) {
      assert.equal(tool._meta?.ui?.resourceUri, CARD, `${tool.name} is rendered in the card`);
      assert.equal(tool._meta?.ui?.visibility, undefined, `${tool.name} is the model's to call`);
    }
    assert.deepEqual(tools[0]!.inputSchema.required, ['message']);
  });

  it('tools/call interaction_respond: refused to the Inspector, as to any client that renders no MCP Apps', async () => {
    const { code, out } = await inspector(['--method', 'tools/call', '--tool-name', 'interaction_respond', '--tool-arg', 'call_id=x'], { allowFailure: true });
    assert.equal(code, 1);
    assert.match(String(out), /-32602: Tool interaction_respond disabled/);
  });

  it('resources/list and resources/read: the card with its MCP App mime type, one self-contained file', async () => {
    const { resources } = (await inspector(['--method', 'resources/list'])) as { resources: { uri: string; mimeType: string }[] };
    assert.deepEqual(resources.map(({ uri, mimeType }) => ({ uri, mimeType })), [{ uri: CARD, mimeType: 'text/html;profile=mcp-app' }]);
    const { contents } = (await inspector(['--method', 'resources/read', '--uri', CARD])) as { contents: { uri: string; mimeType: string; text: string }[] };
    const [card] = contents;
    assert.equal(card?.mimeType, 'text/html;profile=mcp-app');
    assert.match(card!.text, /^<!doctype html>/i);
    assert.doesNotMatch(card!.text, /<script[^>]+\bsrc=/i, 'the bundle is inlined: no script to fetch');
  });
});
