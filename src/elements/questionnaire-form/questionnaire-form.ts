import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, query, queryAll, state } from 'lit/decorators.js';
import { questionnaireStrings, type QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { InteractionOption, InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import { cancelledResponse, keptAnswers, skipResponse, timeoutFilled, timeoutResponse, type QuestionChoice } from '../../rules/answers.js';
import type { InteractionResponse } from '../../protocol/response.js';
import { CUSTOM_VALUE } from '../../rules/options.js';
import { InteractionCard } from '../shared/interaction-card.js';
import { OptionListController } from './option-list.js';
import { receiptStyles } from '../shared/receipt.js';
import { cardStyles } from '../shared/card-styles.js';
import { baseStyles } from '../shared/tokens.js';
import { answerRows } from './answer-rows.js';
import { Draft, type AnswerKey } from './draft.js';
import { renderOptions } from './option-rows.js';
import { MAX_TYPED_LENGTH } from '../../rules/limits.js';
import { questionnaireStyles } from './questionnaire-form.styles.js';
import { refusalText, type FieldForm, type TypedChoices } from '../shared/card-extension.js';
import { renderCheckpoint, renderHeading } from './heading.js';
import { formKeys } from './form-keys.js';
import { focusRefusal, keyOf, SINGLE_KEY } from './refusal-focus.js';
import { SkipController } from './skip.js';
import { isQuestion, StepsController, type Layout } from './steps.js';

/**
 * Asks the user for text, one choice, several choices or a questionnaire (`request_user_input`).
 *
 * @summary Text, single choice, multiple choice and questionnaire forms with recommended answers.
 * @fires interaction-response - The user submitted, or the time ran out; `detail` is the response.
 * @csspart card - The card.
 * @csspart header - Title, badges and countdown.
 * @csspart title - The title.
 * @csspart requester - Who asks.
 * @csspart countdown - The remaining time.
 * @csspart state - The state badge of a settled card.
 * @csspart message - The message.
 * @csspart checkpoint - The grilling checkpoint banner.
 * @csspart question - One question's fieldset.
 * @csspart option - One option.
 * @csspart recommended - The recommended mark of a question's first option.
 * @csspart filter - The filter box of a long option list.
 * @csspart custom-field - The text field of the custom answer.
 * @csspart text-field - The answer field of a text request.
 * @csspart error - The reason an answer is refused.
 * @csspart invisible-char - The visible mark of an invisible or bidi character in model text.
 * @csspart actions - The button row.
 * @csspart recommended-button - Use all recommended.
 * @csspart filled - How many questions Use all recommended filled.
 * @csspart filled-mark - In a timed-out receipt: the mark of an answer the timeout chose.
 * @csspart limit - The limit of a choice list (at most N choices).
 * @csspart submit-button - Submit.
 * @csspart progress - In steps: the place of the question shown (Question 2 of 4), or the review's heading.
 * @csspart back-button - In steps: Back, to the previous question.
 * @csspart next-button - In steps: Next, refused on an unanswered question.
 * @csspart review - In steps: every answer, before Submit.
 * @csspart change-button - In steps: Change, back to a question from the review.
 * @csspart skip-button - Skip (跳过; in steps, Skip questionnaire, 跳过此问卷, on a row of its own below Back and Next): declines to answer, after asking once when something was entered.
 * @csspart reject-button - Decline, in place of Skip where the protocol has it (MCP): "I won't answer, go on".
 * @csspart dismiss-button - Cancel, beside Decline (MCP; Escape too): "drop this call".
 * @csspart keep-button - Keep editing, beside the question whether to discard what was entered.
 * @csspart receipt - The read-only outcome.
 * @csspart receipt-heading - The outcome line: the receipt's heading, which takes focus when the form goes.
 */
export class QuestionnaireForm extends InteractionCard<QuestionnaireStrings> {
  static override styles = [baseStyles, cardStyles, receiptStyles, questionnaireStyles];

  protected readonly ownStrings = ['questionnaire', questionnaireStrings] as const;

  /** `auto` (default: one question at a time for three questions or more, else all at once), `list` or `steps`. */
  @property({ reflect: true })
  layout: Layout = 'auto';

  /** The answers being edited, and why the last submit was refused. */
  @state() private draft: Draft | undefined;
  /** How many questions "use all recommended" filled last, said in a status line until the next request. */
  @state() private filled: number | undefined;

  private readonly lists = new OptionListController(this, (key, value, multiple) => {
    this.edit(this.current.pick(key || undefined, value, multiple));
    return this.steps.picked(value, multiple);
  });
  private readonly steps = new StepsController(this, { draft: () => this.current, now: () => this.now(), nowMs: () => this.clock.now(), refuse: (problems) => this.edit(this.current.refusing(problems)) });

  /** Skip and Escape, asking first once the user has typed or picked something; Cancel and Decline where the request offers both (MCP). */
  private readonly skipper = new SkipController(this, { dirty: () => this.current.touched, ways: () => this.twoWaysOut(), skip: (way) => this.request && this.respond((way === 'cancel' ? cancelledResponse : skipResponse)(this.request, this.now())) });

  /** Decline and Cancel's words when the request offers both, else undefined (Skip). */
  private readonly twoWaysOut = () => (this.request?.metadata.decline && this.request.metadata.dismiss ? this.extension?.consent(this.language) : undefined);

  /** What the typed fields (the extension's) use of the form. */
  private readonly fieldForm: FieldForm = {
    draft: () => this.current,
    edit: (draft) => this.edit(draft),
    renderChoices: (key, n, options, type, typed) => this.renderList(key, n, options, type, false, typed),
    renderError: (key, id) => this.renderError(key, id),
    onKeydown: (event, key, options, multiple) => this.lists.onKeydown(event, key, options, multiple),
  };
  @query('form') private readonly form?: HTMLFormElement | null;
  @queryAll('.line') private readonly lines!: NodeListOf<HTMLTextAreaElement>;
  private readonly keys = formKeys(this.steps, this.skipper, this.lists, () => this.form?.requestSubmit());

  /** The draft of this request: set in willUpdate, before any render or user input. */
  private get current(): Draft {
    if (!this.draft) throw new Error('questionnaire-form: no request to answer');
    return this.draft;
  }

  protected override resetForm(): void {
    this.draft = undefined;
    this.filled = undefined;
    this.lists.reset();
    this.steps.reset();
    this.skipper.reset();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    // A new request, or typed fields' rules provided (or gone), starts a new draft: `extension` is protected, so not among `changed`'s typed keys.
    const extensionChanged = (changed as PropertyValues).has('extension');
    if (this.request && (this.draft?.request !== this.request || extensionChanged)) this.draft = this.extension?.draft(this.request) ?? new Draft(this.request);
  }

  /**
   * The answers picked or typed so far, per question id (`{value}` or `{custom}`, as the rules
   * take them): what a timeout keeps. A host's session reads it at the deadline.
   */
  get givenAnswers(): Readonly<Record<string, QuestionChoice>> {
    const answer = this.draft?.collect();
    return answer && 'answers' in answer ? answer.answers : {};
  }

  /** The timeout policy (docs/protocol.md §5.6): what the user gave stays, the rest may take its recommended option. */
  protected override timedOut(request: InteractionRequest): InteractionResponse {
    return timeoutResponse(request, this.now(), keptAnswers(request, this.givenAnswers));
  }

  private edit(draft: Draft): void {
    this.draft = draft;
    // Editing the answer takes back a question to discard it.
    this.skipper.reset();
  }

  /**
   * Every plain question not yet answered takes its recommended (first) option; what the user
   * chose or typed stays, and the status line says how many were filled. In steps, on to the review.
   */
  private useAllRecommended(): void {
    const { draft, filled } = this.current.withRecommended();
    this.draft = draft;
    this.filled = filled;
    if (this.steps.active) this.steps.goTo(Infinity);
  }

  /**
   * Every radio and checkbox of the form, through one listener (a list may hold a thousand): the
   * answer is the nearest `data-key`, the option the input's value. The draft is read now, not
   * at render time: two quick clicks may share one render.
   */
  private onChoiceChange(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.type !== 'radio' && input.type !== 'checkbox') return;
    const key = keyOf(input);
    if (key === null) return;
    this.edit(input.type === 'radio' ? this.current.pick(key, input.value, false) : this.current.check(key, input.value, input.checked));
    if (input.type === 'radio') this.steps.picked(input.value, false);
  }

  private submit(event: Event): void {
    event.preventDefault();
    if (!this.request || this.settled) return;
    const outcome = this.current.submit(this.now());
    if (outcome.ok) {
      this.respond(outcome.response);
      return;
    }
    // In steps, to the first question still unanswered, with its reason.
    if (this.steps.active) return this.steps.goTo(Infinity);
    this.edit(outcome.draft);
    const [first] = outcome.draft.problems;
    if (first) void this.updateComplete.then(() => focusRefusal(this.renderRoot, first));
  }

  private renderError(key: AnswerKey, id: string): TemplateResult | typeof nothing {
    const problem = this.current.problem(key);
    return problem ? html`<p class="error" id=${id} part="error">${refusalText(this.strings.problems, problem.code, this.language, this.extension)}</p>` : nothing;
  }

  /**
   * One list of options: a long list's filter, the options on screen, and the text field a
   * custom (or free-text) option reveals once chosen.
   */
  private renderList(key: AnswerKey, n: number, options: readonly InteractionOption[], type: 'radio' | 'checkbox', recommends: boolean, typed?: TypedChoices): TemplateResult {
    const strings = this.strings;
    const draft = this.current;
    const listKey = key ?? SINGLE_KEY;
    const checked = new Set(draft.entry(key).values);
    const customLabel = this.request?.kind === 'questionnaire' ? (typed?.other ?? strings.custom) : undefined;
    // A chosen custom option reveals its text field; among checkboxes only a typed field's list has one.
    const custom = checked.has(CUSTOM_VALUE) && (type === 'radio' || typed !== undefined);
    return html`${this.lists.renderControls(listKey, options.length, `filter-${n}`, strings)}
      <div class="options">${renderOptions({ n, type, shown: this.lists.shown(listKey, options, checked), checked, recommends, customLabel, recommended: strings.recommended, limitId: typed?.limit?.id })}</div>
      ${typed?.limit?.hint}
      ${custom ? this.renderCustomField(key, n, typed?.otherText) : nothing}`;
  }

  /** The text field a custom (or free-text) radio reveals; required once revealed. Its label is the kit's own words. */
  private renderCustomField(key: AnswerKey, n: number, labelWords = this.strings.customText): TemplateResult {
    const id = `custom-${n}`;
    const draft = this.current;
    const problem = draft.problem(key);
    return html`<div class="field custom-field">
      <label class="field-label" for=${id}>${labelWords}</label>
      <textarea
        id=${id}
        class="line"
        part="custom-field"
        rows="1"
        maxlength=${MAX_TYPED_LENGTH}
        required
        dir="auto"
        .value=${draft.entry(key).text}
        aria-invalid=${problem?.code === 'custom_text_required'}
        aria-describedby=${problem ? `error-${n}` : nothing}
        @keydown=${this.keys.onLine}
        @input=${(event: Event) => this.edit(this.current.with(key, { text: (event.target as HTMLTextAreaElement).value }))}
      ></textarea>
    </div>`;
  }

  private renderQuestion(question: InteractionQuestion, index: number, numbered: boolean): TemplateResult {
    const key = question.id;
    const n = index + 1;
    const field = question.field;
    // Typed fields come with the adapters; without them the question says what is missing, and offers nothing to answer.
    if (field && this.extension) {
      return this.extension.field(question, field, index, numbered, this.language, this.fieldForm);
    }
    const errorId = `error-${n}`;
    const invalid = this.current.problem(key) !== undefined;
    return html`<fieldset
      class="question"
      part="question"
      data-key=${key}
      aria-invalid=${invalid}
      aria-describedby=${invalid ? errorId : nothing}
      @keydown=${(event: KeyboardEvent) => this.lists.onKeydown(event, key, question.options, false)}
    >
      <legend>${renderHeading(question, index, numbered)}</legend>
      ${field ? html`<p class="error" part="error">${this.strings.needsAdapters}</p>` : this.renderList(key, n, question.options, 'radio', true)}
      ${this.renderError(key, errorId)}
    </fieldset>`;
  }

  private renderSingle(request: InteractionRequest): TemplateResult {
    const strings = this.strings;
    const entry = this.current.entry(undefined);
    const invalid = this.current.problem(undefined) !== undefined;
    const onText = (event: Event) => this.edit(this.current.with(undefined, { text: (event.target as HTMLTextAreaElement).value }));
    if (request.kind === 'text') {
      return html`<div class="field" data-key=${SINGLE_KEY}>
        <label class="field-label" for="answer">${strings.answer}</label>
        <textarea
          id="answer"
          class="line"
          part="text-field"
          maxlength=${MAX_TYPED_LENGTH}
          rows="1"
          dir="auto"
          required
          .value=${entry.text}
          aria-invalid=${invalid}
          aria-describedby=${invalid ? 'error-0' : nothing}
          @keydown=${this.keys.onLine}
          @input=${onText}
        ></textarea>
        ${this.renderError(undefined, 'error-0')}
      </div>`;
    }
    const multi = request.kind === 'multi_choice';
    // A choice's free text is one more radio, exclusive with the options.
    const options: InteractionOption[] =
      !multi && request.allow_free_text ? [...request.options, { label: strings.custom, value: CUSTOM_VALUE, description: '' }] : request.options;
    return html`<fieldset
      data-key=${SINGLE_KEY}
      aria-labelledby=${request.message ? 'message' : 'title'}
      aria-invalid=${invalid}
      aria-describedby=${invalid ? 'error-0' : nothing}
      @keydown=${(event: KeyboardEvent) => this.lists.onKeydown(event, SINGLE_KEY, options, multi)}
    >
      ${this.renderList(undefined, 0, options, multi ? 'checkbox' : 'radio', false)}
      ${multi && request.allow_free_text
        ? html`<div class="field">
            <label class="field-label" for="note">${strings.anythingElse}</label>
            <textarea id="note" maxlength=${MAX_TYPED_LENGTH} rows="2" dir="auto" aria-describedby="note-keys" .value=${entry.text} @input=${onText} @keydown=${this.keys.onNote}></textarea>
            <span class="hint keys" id="note-keys">${strings.noteKeys}</span>
          </div>`
        : nothing}
      ${this.renderError(undefined, 'error-0')}
    </fieldset>`;
  }

  private renderForm(request: InteractionRequest): TemplateResult {
    const strings = this.strings;
    const questionnaire = request.kind === 'questionnaire';
    const questions = request.questions;
    const steps = this.steps.active;
    // Use all recommended where there is more than one plain question to fill, and not on the review.
    const recommends = questionnaire && questions.filter((question) => !question.field).length > 1;
    // Questions are numbered in a list of two or more (steps say the place); an MCP form's typed fields are form fields.
    const numbered = !steps && questions.length > 1 && questions.every(isQuestion);
    return html`<form novalidate @submit=${this.submit} @change=${this.onChoiceChange} @keydown=${this.keys.onForm}>
      ${questions.some((question) => question.field) ? this.extension?.fieldStyles : nothing}
      ${steps ? this.steps.renderBody(request, strings, this.language, this.extension, (question, index) => this.renderQuestion(question, index, false)) : nothing}
      ${steps ? nothing : questionnaire ? questions.map((question, index) => this.renderQuestion(question, index, numbered)) : this.renderSingle(request)}
      ${questionnaire && request.metadata.auto_select_first_on_timeout ? html`<p class="hint">${strings.autoSelectHint}</p>` : nothing}
      <div class="actions" part="actions">
        ${steps ? this.steps.renderBack(strings) : nothing}
        ${recommends && !(steps && this.steps.reviewing)
          ? html`<button tabindex="0" type="button" class="quiet" part="recommended-button" @click=${this.useAllRecommended}>${strings.useAllRecommended}</button>`
          : nothing}
        ${recommends ? html`<span class="filled hint" part="filled" role="status">${this.filled === undefined ? '' : strings.filled(this.filled)}</span>` : nothing}
        <span class="spacer"></span>
        ${steps ? nothing : this.skipper.render(strings)}
        ${steps ? this.steps.renderPrimary(strings) : html`<button tabindex="0" type="submit" class="primary" part="submit-button">${strings.submit}</button>`}
      </div>
      ${steps ? html`<div class="actions decline">${this.skipper.render(strings, this.current.answered)}</div>` : nothing}
    </form>`;
  }

  /** A text answer is one line that grows with its lines, in every engine (WebKitGTK 2.50 has no `field-sizing`). */
  protected override updated(): void {
    for (const field of this.lines) {
      field.style.height = 'auto';
      // The lines' height, and the borders that border-box counts.
      field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const request = this.request;
    if (!request) return nothing;
    return this.renderCard(request, {
      context: renderCheckpoint(request, this.strings),
      form: () => this.renderForm(request),
      answer: (response) => answerRows(request, response, this.strings, this.language, response.status === 'auto_selected' ? timeoutFilled(request, this.givenAnswers) : new Set(), this.extension),
    });
  }
}
