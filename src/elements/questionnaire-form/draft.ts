// The answers a `<questionnaire-form>` is editing, apart from the DOM: what each list holds,
// collecting it into the rules' answer, and the rules' verdict on it. Immutable: every change
// returns a new draft, so the element keeps it as one piece of reactive state.
import type { InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import { answerRequestWith, type AnswerOutcome, type AnswerProblem, type QuestionChoice, type UserAnswer } from '../../rules/answers.js';
import { CUSTOM_VALUE } from '../../rules/options.js';

/**
 * Which answer: a questionnaire question's id, or `undefined` for the request's own one answer
 * (a text, a choice, a multi-choice), as the rules' `AnswerProblem.question` names them.
 */
export type AnswerKey = string | undefined;

/** One answer being edited. */
export interface Entry {
  /** Checked values: one for radios, any number for checkboxes. */
  readonly values: readonly string[];
  /** Free text: the custom answer, a choice's free text, a multi-choice's note, or the text. */
  readonly text: string;
}

const EMPTY: Entry = Object.freeze({ values: [], text: '' });

/**
 * The answers of a request's plain questions (its own answer, or a questionnaire's options and
 * custom text). A typed field (a question with a `field`, from the adapters) starts empty and
 * takes no answer here: `FieldDraft` (field-draft.ts, with the adapters' parts) adds its rules.
 */
export class Draft {
  constructor(
    readonly request: InteractionRequest,
    /** The answers as edited (not a typed field's default). */
    protected readonly entries: ReadonlyMap<AnswerKey, Entry> = new Map(),
    /** Why the last submit was refused; a question's go once the user changes its answer. */
    readonly problems: readonly AnswerProblem[] = [],
  ) {}

  /** A draft of the same kind and request, with these entries and refusals. */
  protected next(entries: ReadonlyMap<AnswerKey, Entry>, problems: readonly AnswerProblem[]): Draft {
    return new Draft(this.request, entries, problems);
  }

  /**
   * The question an answer belongs to (none for the request's own answer). A plain form never
   * asks; a typed field's draft asks per option, and keeps a map for it (field-draft.ts).
   */
  question(key: AnswerKey): InteractionQuestion | undefined {
    return key === undefined ? undefined : this.request.questions.find((question) => question.id === key);
  }

  /** What the answer holds now: as edited, else nothing. */
  entry(key: AnswerKey): Entry {
    return this.entries.get(key) ?? EMPTY;
  }

  /** The answer changed: a new draft, without the refusal that was about the old answer. */
  with(key: AnswerKey, change: Partial<Entry>): Draft {
    const entries = new Map(this.entries).set(key, { ...this.entry(key), ...change });
    return this.next(entries, this.problems.filter((problem) => problem.question !== key));
  }

  /** An option picked: the only value of a radio list; toggled in a checkbox list. */
  pick(key: AnswerKey, value: string, multiple: boolean): Draft {
    const values = this.entry(key).values;
    if (!multiple) return this.with(key, { values: [value] });
    return this.with(key, { values: values.includes(value) ? values.filter((v) => v !== value) : [...values, value] });
  }

  /** A checkbox set or cleared (not toggled: the input says which). */
  check(key: AnswerKey, value: string, checked: boolean): Draft {
    const others = this.entry(key).values.filter((v) => v !== value);
    return this.with(key, { values: checked ? [...others, value] : others });
  }

  /**
   * Every plain question not yet answered takes its recommended (first) option; what the user
   * chose or typed stays, typed fields keep theirs. With the number of questions it filled.
   */
  withRecommended(): { draft: Draft; filled: number } {
    const entries = new Map(this.entries);
    const filled = new Set<string>();
    for (const { id, options, field } of this.request.questions) {
      const [recommended] = options;
      if (!recommended || field || this.entry(id).values.length > 0) continue;
      entries.set(id, { values: [recommended.value], text: this.entry(id).text });
      filled.add(id);
    }
    const problems = this.problems.filter((problem) => problem.question === undefined || !filled.has(problem.question));
    return { draft: this.next(entries, problems), filled: filled.size };
  }

  /** The user has picked or typed something (a typed field's default is not theirs). */
  get touched(): boolean {
    return this.answered > 0;
  }

  /** How many answers hold something the user picked or typed: what Skip would discard. */
  get answered(): number {
    return [...this.entries.values()].filter((entry) => entry.values.length > 0 || entry.text.trim() !== '').length;
  }

  /** The refusal of answer `key`, if the last submit refused it. */
  problem(key: AnswerKey): AnswerProblem | undefined {
    return this.problems.find((problem) => problem.question === key);
  }

  /** The user's answer in the rules' shape (docs/protocol.md §4.3). */
  collect(): UserAnswer {
    const single = this.entry(undefined);
    switch (this.request.kind) {
      case 'text':
        return { text: single.text };
      case 'choice':
        // The free text is one more radio, exclusive with the options.
        return single.values[0] === CUSTOM_VALUE ? { values: [], text: single.text } : { values: [...single.values] };
      case 'multi_choice':
        return { values: [...single.values], text: single.text };
      default: {
        const answers: Record<string, QuestionChoice> = {};
        for (const question of this.request.questions) {
          const entry = this.entry(question.id);
          const value = entry.values[0];
          if (value === CUSTOM_VALUE) answers[question.id] = { custom: entry.text };
          else if (value !== undefined) answers[question.id] = { value };
        }
        return { answers };
      }
    }
  }

  /** The rules' verdict on the answer: the response to send, or the draft with its refusals. */
  submit(resolvedAt: string): { ok: true; response: InteractionResponse } | { ok: false; draft: Draft } {
    const outcome = this.verdict(resolvedAt);
    return outcome.ok ? outcome : { ok: false, draft: this.refusing(outcome.problems) };
  }

  /** The rules' verdict on the answer as collected; typed fields are never answered here. */
  protected verdict(resolvedAt: string): AnswerOutcome {
    return answerRequestWith(this.request, this.collect(), resolvedAt);
  }

  /** The same answers, showing `problems` as the refusals (the steps layout refuses one question at a time). */
  refusing(problems: readonly AnswerProblem[]): Draft {
    return this.next(this.entries, problems);
  }
}
