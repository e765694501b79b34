// Typed access to the golden cases (`test/fixtures/golden.json`, refreshed from the
// spec's own copy by `npm test` whenever that copy sits beside the repository).
import type { WireContext } from '../../src/protocol/context.js';
import type { ToolName } from '../../src/protocol/constants.js';
import type { QuestionChoice, UserAnswer } from '../../src/rules/answers.js';
import type { DeliverOutcome } from '../../src/rules/artifacts/deliver.js';

/** What the user did; a timeout may carry the answers given before it. */
export type GoldenAnswer = UserAnswer | { timeout: true; answers?: Record<string, QuestionChoice> } | { cancel: true };

export interface GoldenToolCase {
  name: string;
  note: string;
  tool: ToolName;
  arguments: unknown;
  context: WireContext;
  normalized?: Record<string, unknown>;
  answer?: GoldenAnswer;
  deliver?: (DeliverOutcome | null)[] | null;
  result?: Record<string, unknown>;
  error?: { code: string; issues?: { path: string; expected: string }[] };
}

export interface GoldenMessageCase {
  name: string;
  message: unknown;
  raw?: boolean;
  error: { code: string; id?: string };
}

export interface Golden {
  tool_cases: GoldenToolCase[];
  message_cases: GoldenMessageCase[];
}

export const CALL = 'CALL';
export const RESOLVED_AT = 'RESOLVED_AT';

/** Replaces the fixture's placeholders with the actual call id and time. */
export function withPlaceholders<T>(value: T, callId: string, resolvedAt: string): T {
  return JSON.parse(
    JSON.stringify(value).replaceAll(`"${CALL}"`, JSON.stringify(callId)).replaceAll(
      `"${RESOLVED_AT}"`,
      JSON.stringify(resolvedAt),
    ),
  ) as T;
}

import data from '../fixtures/golden.json' with { type: 'json' };

export const golden = data as unknown as Golden;

/** The tool cases a user (or the timeout policy, or a cancel) answers through a card. */
export const answeredCases = golden.tool_cases.filter(
  (c) => c.tool !== 'publish_artifacts' && c.normalized !== undefined && c.answer !== undefined,
);
