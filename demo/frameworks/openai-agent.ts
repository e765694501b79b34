// An OpenAI Agents SDK agent for the demo and the tests: a real Agent run by a real Runner, with
// a Model of our own that follows a script instead of calling a provider: asked to "deploy", it
// calls the deploy tool (which needs approval); given the tool's result, it says what it got.
import { Agent, Usage, setTracingDisabled, tool, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';

// Tracing would post to a provider's endpoint: nothing here may leave the machine.
setTracingDisabled(true);

function outputOf(request: ModelRequest): { toolOutput?: string; userText: string } {
  const items = typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : (request.input as Record<string, unknown>[]);
  const last = items.at(-1) ?? {};
  if (last.type === 'function_call_result') {
    const output = last.output as { text?: string } | string;
    return { toolOutput: typeof output === 'string' ? output : (output.text ?? JSON.stringify(output)), userText: '' };
  }
  return { userText: JSON.stringify(last.content ?? '').toLowerCase() };
}

/** Tool call ids are unique across models, as a provider's are. */
let calls = 0;

/** A Model that scripts its tool calls; `requests` keeps every input it was given. */
export class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const { toolOutput, userText } = outputOf(request);
    const usage = new Usage({ requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 });
    if (toolOutput === undefined && userText.includes('deploy')) {
      calls += 1;
      const args = { service: 'checkout', version: '2.3.0', environment: 'production' };
      return { usage, output: [{ type: 'function_call', callId: `call-deploy-${calls}`, name: 'deploy', arguments: JSON.stringify(args), status: 'completed' }] };
    }
    const text = toolOutput === undefined ? 'Say "deploy".' : `The tool said: ${toolOutput}`;
    return { usage, output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] }] };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('ScriptedModel answers getResponse only.');
  }
}

/** The agent, its model, and every deploy its tool really ran. */
export function scriptedOpenAIAgent() {
  const deployed: unknown[] = [];
  const model = new ScriptedModel();
  const deploy = tool({
    name: 'deploy',
    description: 'Deploys a service version to an environment.',
    parameters: {
      type: 'object',
      properties: { service: { type: 'string' }, version: { type: 'string' }, environment: { type: 'string' } },
      required: ['service', 'version', 'environment'],
      additionalProperties: false,
    },
    strict: true,
    needsApproval: true,
    execute: async (input) => {
      deployed.push(input);
      const { service, version } = input as { service: string; version: string };
      return `deployed ${service}@${version}`;
    },
  });
  const agent = new Agent({ name: 'Release agent', instructions: 'Deploy when asked.', model, tools: [deploy] });
  return { agent, model, deployed };
}
