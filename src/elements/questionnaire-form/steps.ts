// The steps layout of <questionnaire-form>: one question at a
// time with its place, ↑/↓ among the options without picking, a single-choice pick moving on,
// Back and Next, and a review of every answer with Change before Submit.
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { CardStrings } from '../../i18n/card.js';
import type { Locale } from '../../i18n/locales.js';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import type { AnswerProblem } from '../../rules/answers.js';
import { CUSTOM_VALUE } from '../../rules/options.js';
import { safeText } from '../shared/safe-text.js';
import type { CardExtension } from '../shared/card-extension.js';
import { answerShown } from './answer-rows.js';
import type { Draft } from './draft.js';
import { focusRefusal } from './refusal-focus.js';

/** `auto` (the default: steps for three questions or more, else a list), `list` or `steps`. */
export type Layout = 'auto' | 'list' | 'steps';

type Strings = CardStrings & QuestionnaireStrings;

/**
 * A question proper, numbered and stepped through: a plain one, or a choice with its "Other"
 * typed in place (AskUserQuestion's shape). An MCP form's typed fields are form fields: a contact
 * form stays one list, without numbers.
 */
export const isQuestion = (question: InteractionQuestion): boolean => !question.field || (question.field.type === 'choice' && question.field.other);

/** The layout a request gets: `auto` steps through three questions or more, else lists them. */
export function layoutOf(request: InteractionRequest, layout: string | undefined): 'list' | 'steps' {
  if (request.kind !== 'questionnaire' || layout === 'list') return 'list';
  if (layout === 'steps') return 'steps';
  return request.questions.length >= 3 && request.questions.every(isQuestion) ? 'steps' : 'list';
}

/** The form the steps belong to. */
type StepsHost = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment; readonly request?: InteractionRequest | undefined; readonly layout?: string | undefined };

/** What the steps need of their form, kept off its public API. */
export interface StepsAccess {
  /** The answers being edited. */
  draft(): Draft;
  /** The form's clock, as the rules' `resolvedAt`. */
  now(): string;
  /** The form's clock, in epoch milliseconds. */
  nowMs(): number;
  /** Shows these refusals, and only these. */
  refuse(problems: readonly AnswerProblem[]): void;
}

/**
 * How long after a pick moved on a Next on the question it moved to is taken as the habit of
 * confirming that pick (a click on an option, then on Next), not as a Next of its own.
 */
export const PICK_CONFIRM_MS = 2000;

export class StepsController implements ReactiveController {
  /** The question shown, or the number of questions for the review. */
  private step = 0;
  /** The question a pick just moved to, and when: the first Next there, soon after, confirms that pick. */
  private pickedInto: { step: number; at: number } | undefined;

  constructor(
    private readonly form: StepsHost,
    private readonly access: StepsAccess,
  ) {
    form.addController(this);
  }

  hostConnected(): void {}

  /** A new request starts at its first question. */
  reset(): void {
    this.step = 0;
    this.pickedInto = undefined;
  }

  /** The form shows one question at a time. */
  get active(): boolean {
    const request = this.form.request;
    return request !== undefined && layoutOf(request, this.form.layout) === 'steps';
  }

  /** The review is shown (after the last question). */
  get reviewing(): boolean {
    return this.step >= this.questions.length;
  }

  private get questions(): readonly InteractionQuestion[] {
    return this.form.request?.questions ?? [];
  }

  /** Why the answers as they stand would be refused, question by question (none: all answered). */
  private unanswered(): readonly AnswerProblem[] {
    const outcome = this.access.draft().submit(this.access.now());
    return outcome.ok ? [] : outcome.draft.problems;
  }

  /**
   * Shows question `step` (or the review) and puts focus in it. The review needs every answer:
   * with one missing, the first unanswered question shows instead, with its reason.
   */
  goTo(step: number): void {
    this.pickedInto = undefined;
    const [first] = step >= this.questions.length ? this.unanswered() : [];
    this.step = first ? Math.max(0, this.questions.findIndex((question) => question.id === first.question)) : Math.min(step, this.questions.length);
    this.access.refuse(first ? [first] : []);
    this.form.requestUpdate();
    void this.form.updateComplete.then(() => {
      const root = this.form.renderRoot;
      if (first) focusRefusal(root, first);
      else if (this.reviewing) root.querySelector<HTMLElement>('[part~="progress"]')?.focus();
      else {
        // The question shown: its chosen option, else its first control.
        const scope = root.querySelector('[data-key]');
        (scope?.querySelector<HTMLElement>('.options input:checked') ?? scope?.querySelector<HTMLElement>('.options input, input, textarea'))?.focus();
      }
    });
  }

  /**
   * Next: moves on, unless the question shown is unanswered (then its reason shows there). A Next
   * on a question that a pick moved to less than PICK_CONFIRM_MS ago, still blank, is the pick's
   * confirmation: the pick has moved on already, so it does nothing more (exactly one moves on).
   */
  next(): void {
    const question = this.questions[this.step];
    if (!question) return;
    const problem = this.unanswered().find((found) => found.question === question.id);
    const confirming = this.pickedInto?.step === this.step && this.access.nowMs() - this.pickedInto.at < PICK_CONFIRM_MS;
    this.pickedInto = undefined;
    if (problem && confirming && !this.access.draft().entry(question.id).values.length) return;
    if (!problem) {
      this.goTo(this.step + 1);
      return;
    }
    this.access.refuse([problem]);
    void this.form.updateComplete.then(() => focusRefusal(this.form.renderRoot, problem));
  }

  /** After a pick: the next unanswered question (after this one, then before it), else the review. */
  private advance(): void {
    const open = new Set(this.unanswered().map((problem) => problem.question));
    const order = [...this.questions.keys()];
    const later = [...order.slice(this.step + 1), ...order.slice(0, this.step)].find((index) => open.has(this.questions[index]?.id));
    this.goTo(later ?? this.questions.length);
    this.pickedInto = { step: this.step, at: this.access.nowMs() };
  }

  /**
   * An option was picked (the draft has it already). In steps a single choice moves on, and the
   * custom option opens its field to type in: true, as focus moved. False otherwise.
   */
  picked(value: string, multiple: boolean): boolean {
    if (!this.active || multiple) return false;
    if (value !== CUSTOM_VALUE) this.advance();
    else void this.form.updateComplete.then(() => this.form.renderRoot.querySelector<HTMLElement>('[part~="custom-field"]')?.focus());
    return true;
  }

  /**
   * The form's keys in steps: ↑/↓ (and ←/→, which a radio group would take as a pick) move focus
   * among the options without picking; Enter picks the focused one, or moves on from a chosen one.
   * A list's own handler (digits, a checkbox list's arrows) has already had its say.
   */
  readonly onKeydown = (event: KeyboardEvent): void => {
    const input = event.composedPath()[0];
    if (event.defaultPrevented || !(input instanceof HTMLInputElement) || (input.type !== 'radio' && input.type !== 'checkbox')) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!input.checked || input.type === 'checkbox') input.click();
      else if (input.value !== CUSTOM_VALUE) this.advance();
      return;
    }
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[event.key];
    if (step === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const inputs = [...(input.closest('.options')?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    inputs[Math.min(Math.max(inputs.indexOf(input) + step, 0), inputs.length - 1)]?.focus();
  };

  /**
   * The place of the question shown (a polite live region: its changes are heard), then the
   * question, in DOM of its own (a reused radio would keep the last question's check), or the review.
   */
  renderBody(
    request: InteractionRequest,
    strings: Strings,
    locale: Locale,
    extension: CardExtension | undefined,
    renderQuestion: (question: InteractionQuestion, index: number) => TemplateResult,
  ): TemplateResult {
    const question = request.questions[this.step];
    if (question) {
      return html`<p class="progress" part="progress" id="progress" aria-live="polite">${strings.step(this.step + 1, request.questions.length)}</p>
        ${keyed(question.id, renderQuestion(question, this.step))}`;
    }
    const outcome = this.access.draft().submit(this.access.now());
    // The review's heading takes focus; Enter on it submits, and Submit is the next stop after it.
    return html`<div class="review-head">
        <p class="progress" part="progress" id="progress" aria-live="polite" tabindex="-1" @keydown=${this.onReviewKeydown}>${strings.review}</p>
        <button tabindex="0" type="submit" class="primary" part="submit-button">${strings.submit}</button>
      </div>
      ${outcome.ok ? this.renderReview(request, outcome.response, strings, locale, extension) : nothing}`;
  }

  /** Enter on the review's heading submits, as its Submit does. */
  private readonly onReviewKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.isComposing) return;
    event.preventDefault();
    (event.currentTarget as HTMLElement).closest('form')?.requestSubmit();
  };

  /** After the last question: every answer, each with Change (修改) to go back to its question. */
  private renderReview(request: InteractionRequest, response: InteractionResponse, strings: Strings, locale: Locale, extension: CardExtension | undefined): TemplateResult {
    return html`<dl class="review" part="review" aria-labelledby="progress">
      ${request.questions.map((question, index) => {
        const answer = response.answers[question.id];
        return html`<div class="review-row">
          <dt id=${`review-${index + 1}`} dir="auto">${safeText(question.question)}</dt>
          <dd>
            <span dir="auto">${answer ? answerShown(question, answer, strings, locale, extension) : '—'}</span>
            <button tabindex="0" type="button" class="quiet small" part="change-button" aria-describedby=${`review-${index + 1}`} @click=${() => this.goTo(index)}>${strings.change}</button>
          </dd>
        </div>`;
      })}
    </dl>`;
  }

  /** Back (from the second question on), before the form's other actions. */
  renderBack(strings: Strings): TemplateResult | typeof nothing {
    return this.step > 0 ? html`<button tabindex="0" type="button" part="back-button" @click=${() => this.goTo(this.step - 1)}>${strings.back}</button>` : nothing;
  }

  /** Next on a question; on the review Submit sits beside its heading instead. */
  renderPrimary(strings: Strings): TemplateResult | typeof nothing {
    return this.reviewing ? nothing : html`<button tabindex="0" type="button" class="primary" part="next-button" @click=${() => this.next()}>${strings.next}</button>`;
  }
}
