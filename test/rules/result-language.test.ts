// `resultLanguage: 'en'` on every golden case: the English result is the golden
// result with only `content` replaced by §5's English sentence. The English expected here is
// written from §5's words, translating the golden Chinese sentence, not from the kit's table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deliverArtifacts, type DeliverOutcome } from '../../src/rules/artifacts/deliver.js';
import { prepareArtifacts } from '../../src/rules/artifacts/prepare.js';
import { checkResultLanguage, inResultLanguage } from '../../src/rules/content.js';
import { resolveContext } from '../../src/rules/context.js';
import { normalizeToolCall } from '../../src/rules/normalize.js';
import { toolResultFor } from '../../src/rules/results.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { ToolResult } from '../../src/protocol/results.js';
import { golden, withPlaceholders, type GoldenToolCase } from '../support/golden.js';

const CALL_ID = 'call-en';
const RESOLVED = '2026-11-29T12:00:31.204Z';

/** §5: each Chinese sentence and its English one; the captured parts are carried over unchanged. */
const ENGLISH: [RegExp, (...parts: string[]) => string][] = [
  [/^用户已批准操作。$/, () => 'The user approved the action.'],
  [/^用户未批准操作（(.+)）。$/, (status) => `The user did not approve the action (${status}).`],
  [/^已收到用户输入，共回答 (\d+) 个问题。$/, (count) => `Received the user's input: ${count} questions answered.`],
  [/^已收到用户输入：([\s\S]*)$/, (summary) => `Received the user's input: ${summary}`],
  [/^未收到有效输入（(.+)）。$/, (status) => `No valid input was received (${status}).`],
  [
    /^已处理 (\d+) 个文件输出，(\S+) 成功 (\d+)，失败 (\d+)，跳过 (\d+)。$/,
    (count, provider, a, b, c) => `Processed ${count} file outputs: ${provider} succeeded ${a}, failed ${b}, skipped ${c}.`,
  ],
];

function english(chinese: string): string {
  for (const [pattern, say] of ENGLISH) {
    const match = pattern.exec(chinese);
    if (match) return say(...match.slice(1));
  }
  throw new Error(`no English sentence in docs/protocol.md §5.7 for ${JSON.stringify(chinese)}`);
}

/** The golden result, and the same with only `content` in English (error results stay as they are). */
function expected(c: GoldenToolCase): { zh: ToolResult; en: ToolResult } {
  const zh = withPlaceholders(c.result, CALL_ID, RESOLVED) as unknown as ToolResult;
  return { zh, en: 'content' in zh ? { ...zh, content: english(zh.content) } : zh };
}

/** The result the kit builds for the case, in `language`: the user's response is the golden one. */
async function build(c: GoldenToolCase, language: 'zh' | 'en'): Promise<ToolResult> {
  const args = c.arguments as Record<string, unknown>;
  const context = resolveContext(undefined, c.context);
  if (c.tool === 'publish_artifacts') {
    const prepared = prepareArtifacts(args, context);
    if (!prepared.ok) return { error: prepared.error };
    const outcomes = c.deliver ?? undefined;
    const deliver = outcomes && (async (item: (typeof prepared.items)[number]) => outcomes[prepared.items.indexOf(item)] as DeliverOutcome);
    return deliverArtifacts(prepared, deliver, language);
  }
  const request = normalizeToolCall(c.tool, args, { request_id: CALL_ID, session_id: 's-1' }, context);
  const response = (expected(c).zh as { interaction_response: InteractionResponse }).interaction_response;
  return toolResultFor(request, response, { resultLanguage: language });
}

const withResult = golden.tool_cases.filter((c) => c.result !== undefined);

describe('resultLanguage on every golden case', () => {
  it('covers every golden case with a result, all three tools, and the error results', () => {
    assert.equal(withResult.length, golden.tool_cases.filter((c) => !c.error).length);
    const tools = new Set(withResult.map((c) => c.tool));
    assert.deepEqual([...tools].sort(), ['publish_artifacts', 'request_user_approval', 'request_user_input']);
    assert.ok(withResult.some((c) => 'error' in c.result!), 'an error result is among them');
  });

  for (const c of withResult) {
    it(`${c.name}: en is the golden result with only content in English`, async () => {
      const { zh, en } = expected(c);
      assert.deepEqual(await build(c, 'en'), en);
      assert.deepEqual(await build(c, 'zh'), zh, 'zh (the default) is the golden result itself');
      // A runtime re-derives content from a result it got: both ways, and nothing else moves.
      assert.deepEqual(inResultLanguage(zh, 'en'), en);
      assert.deepEqual(inResultLanguage(en, 'zh'), zh);
      assert.equal(inResultLanguage(zh, 'zh'), zh, 'a result already in the language is the same object');
    });
  }

  it('a language that is not zh or en is refused, naming the option', () => {
    assert.equal(checkResultLanguage(undefined, 'x'), 'zh');
    for (const bad of ['EN', 'fr', '', 1, null]) {
      assert.throws(() => checkResultLanguage(bad, 'createAgentServer'), /createAgentServer: resultLanguage must be "zh" or "en"/);
    }
    const c = withResult.find((each) => each.tool === 'request_user_approval')!;
    const request = normalizeToolCall('request_user_approval', c.arguments as Record<string, unknown>, { request_id: CALL_ID, session_id: 's' }, resolveContext());
    const response = (expected(c).zh as { interaction_response: InteractionResponse }).interaction_response;
    assert.throws(() => toolResultFor(request, response, { resultLanguage: 'de' as 'en' }), /toolResultFor: resultLanguage/);
  });
});
