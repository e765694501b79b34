// The draft of a form with typed fields (questions with a `field`: MCP and AG-UI forms,
// AskUserQuestion's "Other"). It comes with the adapters' parts (src/extensions/), so the core
// bundle carries none of the fields' rules (room comes from adapter-only code).
import type { InteractionQuestion, InteractionRequest } from '../protocol/request.js';
import type { UserAnswer, AnswerOutcome } from '../rules/answers.js';
import { answerRequest } from '../rules/answers.js';
import { initialInput, maxReached } from '../rules/fields.js';
import { Draft, type AnswerKey, type Entry } from '../elements/questionnaire-form/draft.js';
import type { AnswerProblem } from '../rules/answers.js';

/**
 * A draft whose typed fields start from their defaults, take no more boxes than their
 * `max_items`, collect as `input` and are checked by their rules (rules/fields.ts).
 */
export class FieldDraft extends Draft {
  /** Question id → question, built once per request: the lookups per option stay O(1). */
  private readonly questions: ReadonlyMap<string, InteractionQuestion>;

  constructor(
    request: InteractionRequest,
    entries?: ReadonlyMap<AnswerKey, Entry>,
    problems?: readonly AnswerProblem[],
    questions?: ReadonlyMap<string, InteractionQuestion>,
  ) {
    super(request, entries, problems);
    this.questions = questions ?? new Map(request.questions.map((question) => [question.id, question]));
  }

  protected override next(entries: ReadonlyMap<AnswerKey, Entry>, problems: readonly AnswerProblem[]): Draft {
    return new FieldDraft(this.request, entries, problems, this.questions);
  }

  override question(key: AnswerKey): InteractionQuestion | undefined {
    return key === undefined ? undefined : this.questions.get(key);
  }

  /** As edited, else a typed field's default. */
  override entry(key: AnswerKey): Entry {
    const field = this.question(key)?.field;
    return field && !this.entries.has(key) ? initialInput(field) : super.entry(key);
  }

  /** A typed multi-select at its maximum takes no more (the same draft comes back): its other boxes are disabled. */
  override pick(key: AnswerKey, value: string, multiple: boolean): Draft {
    const full = multiple && this.atMost(key) !== undefined && !this.entry(key).values.includes(value);
    return full ? this : super.pick(key, value, multiple);
  }

  /** A typed multi-select's `max_items` once that many are ticked (further boxes are disabled), else undefined. */
  atMost(key: AnswerKey): number | undefined {
    const field = this.question(key)?.field;
    return field && maxReached(field, this.entry(key).values.length);
  }

  /** Each typed field's entry as its `input`, beside the plain questions' answers. */
  override collect(): UserAnswer {
    const answer = super.collect();
    if (!('answers' in answer)) return answer;
    for (const { id, field } of this.request.questions) {
      if (!field) continue;
      const { values, text } = this.entry(id);
      answer.answers[id] = { input: { values: [...values], text } };
    }
    return answer;
  }

  protected override verdict(resolvedAt: string): AnswerOutcome {
    return answerRequest(this.request, this.collect(), resolvedAt);
  }
}
