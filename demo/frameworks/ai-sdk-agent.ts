// An AI SDK agent for the demo and the tests: a real ToolLoopAgent whose language model is the
// SDK's own MockLanguageModelV4 (ai/test), scripted: "deploy" asks to run a tool that needs
// approval, "region" calls the kit's request_user_input in the browser; after a tool result the
// model says what it received, so the page (and a test) sees what reached the model.
import type { ServerResponse } from 'node:http';
import { jsonSchema, pipeAgentUIStreamToResponse, stepCountIs, tool, ToolLoopAgent } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { toolDefinitions } from '../../src/agent/tool-definitions.js';

type Prompt = { role: string; content: unknown }[];

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

function text(value: string): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start' as const, warnings: [] },
    { type: 'text-start' as const, id: 't' },
    { type: 'text-delta' as const, id: 't', delta: value },
    { type: 'text-end' as const, id: 't' },
    { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage },
  ];
}

function call(toolName: string, input: unknown): LanguageModelV4StreamPart[] {
  return [
    { type: 'stream-start' as const, warnings: [] },
    { type: 'tool-call' as const, toolCallId: `call-${toolName}-${Date.now()}`, toolName, input: JSON.stringify(input) },
    { type: 'finish' as const, finishReason: { unified: 'tool-calls' as const, raw: undefined }, usage },
  ];
}

/** What the last message of the prompt was: a user's words, or a tool's results. */
function lastOf(prompt: Prompt): { role: string; text: string; results: unknown[] } {
  const last = prompt.at(-1);
  const parts = Array.isArray(last?.content) ? (last.content as Record<string, unknown>[]) : [];
  return {
    role: last?.role ?? '',
    text: parts.filter((p) => p.type === 'text').map((p) => String(p.text)).join(' ').toLowerCase(),
    results: parts.filter((p) => p.type === 'tool-result').map((p) => ({ toolName: p.toolName, output: p.output })),
  };
}

export interface ScriptedAiSdkAgent {
  /** Every tool result the model was given, in order. */
  seen: unknown[];
  /** Every deploy the tool really ran. */
  deployed: unknown[];
  handle(response: ServerResponse, body: string): Promise<void>;
}

export function scriptedAiSdkAgent(): ScriptedAiSdkAgent {
  const seen: unknown[] = [];
  const deployed: unknown[] = [];
  const model = new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      const last = lastOf(prompt as Prompt);
      let parts;
      if (last.role === 'tool') {
        seen.push(...last.results);
        parts = text(`The model received: ${JSON.stringify(last.results)}`);
      } else if (last.text.includes('deploy')) {
        parts = call('deploy', { service: 'checkout', version: '2.3.0', environment: 'production' });
      } else if (last.text.includes('region')) {
        parts = call('request_user_input', { message: 'Which region should the replica run in?', input_mode: 'choice', options: ['eu-west-1', 'us-east-1'] });
      } else {
        parts = text('Say "deploy" or "region".');
      }
      return { stream: convertArrayToReadableStream(parts) };
    },
  });
  const kitInput = toolDefinitions({ format: 'openai' }).find((d) => d.function.name === 'request_user_input')!;
  const tools = {
    deploy: tool({
      description: 'Deploys a service version to an environment.',
      inputSchema: jsonSchema<{ service: string; version: string; environment: string }>({
        type: 'object', properties: { service: { type: 'string' }, version: { type: 'string' }, environment: { type: 'string' } }, required: ['service', 'version', 'environment'],
      }),
      needsApproval: true,
      execute: async (input) => {
        deployed.push(input);
        return { deployed: `${input.service}@${input.version}`, environment: input.environment };
      },
    }),
    // The kit's tool, run in the browser: declared without execute.
    request_user_input: tool({ description: kitInput.function.description, inputSchema: jsonSchema(kitInput.function.parameters as object) }),
  };
  const agent = new ToolLoopAgent({ model, tools, stopWhen: stepCountIs(4) });
  return {
    seen, deployed,
    async handle(response, body) {
      const { messages } = JSON.parse(body) as { messages: unknown[] };
      await pipeAgentUIStreamToResponse({ response, agent, uiMessages: messages });
    },
  };
}
