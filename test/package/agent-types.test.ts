// The types of `agent-interaction-kit/agent` from the packed tarball, in an app that did not
// install the optional `redis` package, under `tsc --strict` with `skipLibCheck: false`; and
// `server` typed by what the kit calls on it, so the servers applications run all fit.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import ts from 'typescript';
import { packPackage, type Packed } from './packed.js';

let packed: Packed;

const options: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
};

/** Compiles `code` as an ES module of the scratch app; every diagnostic, with its file and line. */
function compile(name: string, code: string): string[] {
  const file = join(packed.dir, `${name}.mts`);
  writeFileSync(file, code);
  return ts.getPreEmitDiagnostics(ts.createProgram([file], options)).map((d) => {
    const where = d.file && d.start !== undefined ? `${d.file.fileName.replace(packed.dir, '')}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('agent-interaction-kit/agent types, packed, without redis installed', () => {
  before(() => {
    packed = packPackage({ without: ['redis', '@redis'] });
  });
  after(() => packed?.remove());

  it('the scratch app really has no redis to resolve', () => {
    const require = createRequire(join(packed.dir, 'app.js'));
    assert.throws(() => require.resolve('redis'), /Cannot find module 'redis'/);
  });

  it('compile under --strict with skipLibCheck false: the options (redis as a URL or client options), the server, the session', () => {
    const problems = compile('agent-app', `
import { createServer } from 'node:http';
import { createAgentServer, type AgentServerOptions } from 'agent-interaction-kit/agent';

const options: AgentServerOptions = {
  server: createServer(),
  path: '/agent/sessions',
  redis: process.env.REDIS_URL ?? { url: 'redis://127.0.0.1:6379', socket: { connectTimeout: 1000 } },
  resultLanguage: 'en',
  authorize: async (request, { sessionId }) => (request.headers.cookie && sessionId ? { sessionId, actor: 'ada' } : false),
};
const kit = await createAgentServer(options);
const actor: string | undefined = kit.session('abc').actor;
const result = await kit.session('abc').callTool('request_user_approval', { message: 'Deploy?' });
console.log(actor, result.content);
`);
    assert.deepEqual(problems, []);
  });

  it('server takes http, https, http2 compatibility servers, Hono’s serve(), Fastify’s app.server and Express’s listen(); nothing else', () => {
    const problems = compile('servers-app', `
import { createServer as http } from 'node:http';
import { createServer as https } from 'node:https';
import { createSecureServer, createServer as h2c } from 'node:http2';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { createAgentServer } from 'agent-interaction-kit/agent';

await createAgentServer({ server: http() });
await createAgentServer({ server: https({}) });
await createAgentServer({ server: createSecureServer({ allowHTTP1: true }) });
await createAgentServer({ server: h2c() });
await createAgentServer({ server: serve({ fetch: new Hono().fetch }) });
await createAgentServer({ server: Fastify().server });
await createAgentServer({ server: express().listen(0) });
await createAgentServer({ noServer: true }).then((kit) => http().on('upgrade', (request, socket, head) => kit.handleUpgrade(request, socket, head)));
// @ts-expect-error a server is something the kit can listen for upgrades on
await createAgentServer({ server: { listen() {} } });
// @ts-expect-error resultLanguage is 'zh' or 'en'
await createAgentServer({ resultLanguage: 'fr' });
`);
    assert.deepEqual(problems, []);
  });
});
