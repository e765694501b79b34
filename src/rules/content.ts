// What a tool result's `content` says to the model, in both languages, in one place:
// the result builders pick their sentence here, and a runtime re-derives it from a result it got.
import type { InteractionResponse } from '../protocol/response.js';
import type { ToolResult } from '../protocol/results.js';

/** The language of a result's `content`: `zh` (default, as the reference runtime writes it) or `en`. */
export type ResultLanguage = 'zh' | 'en';

interface Sentences {
  approved: string;
  notApproved(status: string): string;
  received(summary: string): string;
  answered(count: number): string;
  noInput(status: string): string;
  processed(count: number, provider: string, success: number, failed: number, skipped: number): string;
}

const SENTENCES: Record<ResultLanguage, Sentences> = {
  zh: {
    approved: '用户已批准操作。',
    notApproved: (status) => `用户未批准操作（${status}）。`,
    received: (summary) => `已收到用户输入：${summary}`,
    answered: (count) => `已收到用户输入，共回答 ${count} 个问题。`,
    noInput: (status) => `未收到有效输入（${status}）。`,
    processed: (count, provider, a, b, c) => `已处理 ${count} 个文件输出，${provider} 成功 ${a}，失败 ${b}，跳过 ${c}。`,
  },
  en: {
    approved: 'The user approved the action.',
    notApproved: (status) => `The user did not approve the action (${status}).`,
    received: (summary) => `Received the user's input: ${summary}`,
    answered: (count) => `Received the user's input: ${count} questions answered.`,
    noInput: (status) => `No valid input was received (${status}).`,
    processed: (count, provider, a, b, c) => `Processed ${count} file outputs: ${provider} succeeded ${a}, failed ${b}, skipped ${c}.`,
  },
};

/** The language an option names; anything else throws, naming the option and where it was given. */
export function checkResultLanguage(language: unknown, where: string): ResultLanguage {
  if (language === undefined) return 'zh';
  if (language === 'zh' || language === 'en') return language;
  throw new TypeError(`${where}: resultLanguage must be "zh" or "en" (got ${JSON.stringify(language)}).`);
}

type Outcome = Pick<InteractionResponse, 'approved' | 'status'>;

export function approvalContent(response: Outcome, language: ResultLanguage): string {
  const say = SENTENCES[language];
  return response.approved ? say.approved : say.notApproved(response.status);
}

/** `answers`: how many questions a questionnaire's response answers; `summary`: the tool event's. */
export function inputContent(response: Outcome, questionnaire: boolean, answers: number, summary: string, language: ResultLanguage): string {
  const say = SENTENCES[language];
  if (!response.approved) return say.noInput(response.status);
  return questionnaire ? say.answered(answers) : say.received(summary);
}

export function artifactsContent(provider: string, success: number, failed: number, skipped: number, language: ResultLanguage): string {
  return SENTENCES[language].processed(success + failed + skipped, provider, success, failed, skipped);
}

/**
 * The same result with its `content` in `language`, re-derived from the result's other fields
 * (they determine it); an error result's sentence stays as the protocol writes it (docs/protocol.md §3, `error`).
 */
export function inResultLanguage<T extends ToolResult>(result: T, language: ResultLanguage): T {
  if (!('source_tool' in result)) return result;
  let content = result.content;
  if (result.source_tool === 'request_user_approval') {
    content = approvalContent(result.interaction_response, language);
  } else if (result.source_tool === 'request_user_input') {
    const response = result.interaction_response;
    const questionnaire = result.interaction_request.kind === 'questionnaire';
    content = inputContent(response, questionnaire, Object.keys(response.answers).length, result.content_parts[0].summary, language);
  } else {
    const [provider, delivery] = Object.entries(result.delivery_result)[0] ?? [];
    if (provider && delivery) content = artifactsContent(provider, delivery.success.length, delivery.failed.length, delivery.skipped.length, language);
  }
  return content === result.content ? result : { ...result, content };
}
