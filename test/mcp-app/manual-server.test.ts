// The manual's MCP App server (docs/mcp-app.md), run as written: its TypeScript block is written
// beside the package (so `agent-interaction-kit/mcp-app` is the built entry, as a user imports
// it), started over stdio by a real MCP client, and asked what it registers.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = new URL('../..', import.meta.url).pathname;
const UI = { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } };

function manualServer(): string {
  const page = readFileSync(join(root, 'docs', 'mcp-app.md'), 'utf8');
  const code = page.match(/```ts\n([\s\S]*?)```/)?.[1];
  if (!code) throw new Error('docs/mcp-app.md has no TypeScript block');
  return code;
}

describe("the manual's MCP App server", () => {
  // Inside the package's own folder, so the package resolves itself by name (the built dist/).
  const scratch = mkdtempSync(join(root, '.manual-mcp-'));
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('is at most 15 lines, and over stdio lists the kit\'s tools on their card and serves card.html', { timeout: 60_000 }, async () => {
    const code = manualServer();
    assert.ok(code.trim().split('\n').length <= 15, `the manual's server is ${code.trim().split('\n').length} lines`);
    const file = join(scratch, 'server.ts');
    writeFileSync(file, code);
    const transport = new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', file], cwd: root, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'host', version: '1.0.0' }, UI as ConstructorParameters<typeof Client>[1]);
    try {
      await client.connect(transport).catch((error: unknown) => {
        throw new Error(`the server did not start: ${String(error)}\n${stderr}`);
      });
      const { tools } = await client.listTools();
      const byName = new Map(tools.map((tool) => [tool.name, tool]));
      // Desktop delivers nothing, so publish_artifacts is not offered.
      assert.deepEqual([...byName.keys()].sort(), ['interaction_respond', 'request_user_approval', 'request_user_input'], stderr);
      const uri = (byName.get('request_user_approval')?._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri;
      assert.equal(uri, 'ui://agent-interaction-kit/card.html');
      const { contents } = await client.readResource({ uri });
      const [card] = contents as { mimeType?: string; text?: string }[];
      assert.equal(card?.mimeType, 'text/html;profile=mcp-app');
      // The built card.html, with the server's context (the page's requester) written into it.
      const context = /(<script type="application\/json" id="aik-mcp-context">)([\s\S]*?)(<\/script>)/;
      const served = card?.text ?? '';
      assert.match(served.match(context)?.[2] ?? '', /"requester":"deploy-bot"/);
      const built = readFileSync(join(root, 'dist', 'mcp-app', 'card.html'), 'utf8');
      assert.equal(served.replace(context, '$1$3'), built.replace(context, '$1$3'));
    } finally {
      await client.close();
    }
  });
});
