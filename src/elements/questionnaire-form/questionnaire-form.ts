import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { questionnaireStrings, type QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { QuestionField } from '../../protocol/fields.js';
import type { InteractionOption, InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse } from '../../protocol/response.js';
import { answerRequest, declineResponse, type AnswerProblem, type QuestionChoice, type UserAnswer } from '../../rules/answers.js';
import { initialInput } from '../../rules/fields.js';
import { CUSTOM_VALUE, isCustomOption } from '../../rules/options.js';
import { flagIcon, starIcon } from './icons.js';
import { safeText } from '../shared/safe-text.js';
import { InteractionCard } from '../shared/interaction-card.js';
import { receiptStyles } from '../shared/receipt.js';
import { cardStyles } from '../shared/card-styles.js';
import { baseStyles } from '../shared/tokens.js';
import { answerRows } from './answer-rows.js';
import { questionnaireStyles } from './questionnaire-form.styles.js';
import { MAX_TYPED_LENGTH } from '../../rules/limits.js';

/**
 * A question proper, numbered: a plain one, or a choice with its "Other" typed in place
 * (AskUserQuestion's shape). An MCP form's typed fields are form fields: a contact form has no numbers.
 */
const isQuestion = (question: InteractionQuestion): boolean => !question.field || (question.field.type === 'choice' && question.field.other);

/** The key under which a single question's state lives for `choice` and `multi_choice`. */
const SINGLE = '';
/** The free-text answer of a `choice`, modelled as one more radio (exclusive with the options). */
const FREE_TEXT = CUSTOM_VALUE;
/**
 * Options shown at first in a long list: a model can send ten thousand. The rest wait behind a
 * filter and a "show all" control, so the card's DOM stays small until the user asks.
 */
export const OPTIONS_SHOWN = 50;

interface Draft {
  /** Checked values: one for radios, any number for checkboxes. */
  values: string[];
  /** Free text: the custom answer, a choice's free text, a multi-choice's note, or the text. */
  text: string;
}

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
 * @csspart custom-field - The text field of the custom answer.
 * @csspart text-field - The answer field of a text request.
 * @csspart error - The reason an answer is refused.
 * @csspart actions - The button row.
 * @csspart recommended-button - Use all recommended.
 * @csspart submit-button - Submit.
 * @csspart decline-button - Decline (adapters' requests that offer it).
 * @csspart dismiss-button - Cancel (adapters' requests that offer it).
 * @csspart receipt - The read-only outcome.
 */
export class QuestionnaireForm extends InteractionCard<QuestionnaireStrings> {
  static override styles = [baseStyles, cardStyles, receiptStyles, questionnaireStyles];
  static override properties = { drafts: { attribute: false }, problems: { attribute: false }, filters: { attribute: false }, filled: { attribute: false } };

  protected readonly ownStrings = questionnaireStrings;

  protected override renderAnswer(request: InteractionRequest, response: InteractionResponse): TemplateResult {
    return answerRows(request, response, this.strings);
  }

  private drafts = new Map<string, Draft>();
  private problems: AnswerProblem[] = [];
  /** Per question: what the user typed in its option filter. */
  private filters = new Map<string, string>();
  /** How many questions "use all recommended" filled last, said in a status line until the next one. */
  private filled: number | undefined;

  protected override resetForm(): void {
    this.drafts = new Map();
    this.problems = [];
    this.filters = new Map();
    this.filled = undefined;
  }

  /**
   * The options of a long list that are on screen: all once the user asked, else those matching
   * the filter (or the first ones), up to OPTIONS_SHOWN; the checked ones and the custom option
   * always stay.
   */
  private shownOptions(key: string, options: readonly InteractionOption[]): { index: number; option: InteractionOption }[] {
    const all = options.map((option, index) => ({ index, option }));
    if (options.length <= OPTIONS_SHOWN || this.expanded.has(`options:${key}`)) return all;
    const query = (this.filters.get(key) ?? '').trim().toLowerCase();
    const checked = new Set(this.draft(key).values);
    const matches = all.filter(({ option }) => !query || option.label.toLowerCase().includes(query) || option.value.toLowerCase().includes(query));
    const shown = new Set(matches.slice(0, OPTIONS_SHOWN).map(({ index }) => index));
    return all.filter(({ index, option }) => shown.has(index) || checked.has(option.value) || option.value === CUSTOM_VALUE);
  }

  /** The filter and "show all" controls of a long list. */
  private renderListControls(key: string, total: number): TemplateResult | typeof nothing {
    if (total <= OPTIONS_SHOWN || this.expanded.has(`options:${key}`)) return nothing;
    const id = `filter-${this.keyIndex(key)}`;
    return html`<div class="field list-controls">
      <label class="field-label" for=${id}>${this.strings.filterOptions}</label>
      <input
        type="text"
        id=${id}
        part="filter"
        .value=${this.filters.get(key) ?? ''}
        @input=${(event: Event) => (this.filters = new Map(this.filters).set(key, (event.target as HTMLInputElement).value))}
      />
      <button type="button" class="quiet show-all" aria-expanded="false" @click=${() => (this.expanded = new Set(this.expanded).add(`options:${key}`))}>
        ${this.strings.showAllOptions(total)}
      </button>
    </div>`;
  }

  private draft(key: string): Draft {
    const field = this.fieldOf(key);
    return this.drafts.get(key) ?? (field ? initialInput(field) : { values: [], text: '' });
  }

  private fieldOf(key: string): QuestionField | undefined {
    return key === SINGLE ? undefined : this.questions[this.questionIndex.get(key) ?? -1]?.field;
  }

  /** Question id → position, rebuilt with each request: lookups per option stay O(1). */
  private questionIndex = new Map<string, number>();

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('request')) this.questionIndex = new Map(this.questions.map((question, index) => [question.id, index]));
    super.willUpdate(changed);
  }

  private setDraft(key: string, change: Partial<Draft>): void {
    const drafts = new Map(this.drafts);
    drafts.set(key, { ...this.draft(key), ...change });
    this.drafts = drafts;
    // A refusal is about the answer as it was; once the user changes that question, it goes.
    this.problems = this.problems.filter((problem) => (problem.question ?? SINGLE) !== key);
  }

  private get questions(): InteractionQuestion[] {
    return this.request?.questions ?? [];
  }

  /** The user's answer in the rules' shape (DESIGN §4 "Answers"). */
  private collect(request: InteractionRequest): UserAnswer {
    const single = this.draft(SINGLE);
    switch (request.kind) {
      case 'text':
        return { text: single.text };
      case 'choice':
        return single.values[0] === FREE_TEXT ? { values: [], text: single.text } : { values: single.values };
      case 'multi_choice':
        return { values: single.values, text: single.text };
      default: {
        const answers: Record<string, QuestionChoice> = {};
        for (const question of this.questions) {
          const draft = this.draft(question.id);
          const value = draft.values[0];
          if (question.field) answers[question.id] = { input: draft };
          else if (value === CUSTOM_VALUE) answers[question.id] = { custom: draft.text };
          else if (value !== undefined) answers[question.id] = { value };
        }
        return { answers };
      }
    }
  }

  /**
   * Every radio and checkbox of the form, through one listener (a list may hold a thousand): the
   * question is the nearest `data-key`, the option the input's value. The draft is read now, not
   * at render time: two quick clicks may share one render.
   */
  private onChoiceChange(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.type !== 'radio' && input.type !== 'checkbox') return;
    const key = input.closest('[data-key]')?.getAttribute('data-key');
    if (key === null || key === undefined) return;
    const others = this.draft(key).values.filter((value) => value !== input.value);
    this.setDraft(key, { values: input.type === 'radio' ? [input.value] : input.checked ? [...others, input.value] : others });
  }

  private submit(event: Event): void {
    event.preventDefault();
    if (!this.request || this.settled) return;
    const outcome = answerRequest(this.request, this.collect(this.request), this.now());
    if (outcome.ok) {
      this.respond(outcome.response);
      return;
    }
    this.problems = outcome.problems;
    const [first] = outcome.problems;
    if (first) void this.updateComplete.then(() => this.focusProblem(first));
  }

  /** Moves focus to where the first refusal is: the custom field, or the question's first control. */
  private focusProblem(problem: AnswerProblem): void {
    const key = problem.question ?? SINGLE;
    const scope = this.renderRoot.querySelector(`[data-key="${CSS.escape(key)}"]`);
    // The field to type in (a custom answer, a text, a typed field), else the question's choices;
    // never a long list's filter box.
    const field = scope?.querySelector<HTMLElement>('[part~="custom-field"], [part~="text-field"]');
    const target =
      field && (problem.code === 'custom_text_required' || problem.code === 'text_required' || !scope?.querySelector('.options'))
        ? field
        : (scope?.querySelector<HTMLElement>('input:checked') ?? scope?.querySelector<HTMLElement>('.options input'));
    target?.focus();
  }

  /**
   * Every plain question not yet answered takes its recommended (first) option; what the user
   * chose or typed stays, and the status line says how many were filled.
   */
  private useAllRecommended(): void {
    const drafts = new Map(this.drafts);
    const filled = new Set<string>();
    for (const { id, options, field } of this.questions) {
      const [recommended] = options;
      if (!recommended || field || this.draft(id).values.length > 0) continue;
      drafts.set(id, { values: [recommended.value], text: this.draft(id).text });
      filled.add(id);
    }
    this.drafts = drafts;
    this.problems = this.problems.filter((problem) => !filled.has(problem.question ?? SINGLE));
    this.filled = filled.size;
  }

  /**
   * A text answer is one line that grows: Enter sends, Shift+Enter adds a line, and nothing
   * happens while an input method is composing (its Enter confirms the characters).
   */
  private onLineKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
    event.preventDefault();
    this.renderRoot.querySelector('form')?.requestSubmit();
  }

  /** Digit keys 1–9 pick the focused question's options (not while typing). */
  private onDigit(event: KeyboardEvent, key: string, options: readonly InteractionOption[], multiple = false): void {
    if (!/^[1-9]$/.test(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.composedPath()[0];
    if (target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type === 'text')) return;
    const option = options[Number(event.key) - 1];
    if (!option) return;
    event.preventDefault();
    const values = this.draft(key).values;
    const adding = !values.includes(option.value);
    if (multiple && adding && this.atMost(key) !== undefined) return;
    const toggled = adding ? [...values, option.value] : values.filter((value) => value !== option.value);
    this.setDraft(key, { values: multiple ? toggled : [option.value] });
    void this.updateComplete.then(() => {
      const scope = this.renderRoot.querySelector(`[data-key="${CSS.escape(key)}"]`);
      scope?.querySelector<HTMLInputElement>(`input[value="${CSS.escape(option.value)}"]`)?.focus();
    });
  }

  private problemFor(key: string): AnswerProblem | undefined {
    return this.problems.find((problem) => (problem.question ?? SINGLE) === key);
  }

  private renderError(key: string, id: string): TemplateResult | typeof nothing {
    const problem = this.problemFor(key);
    if (!problem) return nothing;
    return html`<p class="error" id=${id} part="error">${this.strings.problems[problem.code]}</p>`;
  }

  /** The options of one question (or of a single choice), with what is checked now. */
  private renderChoices(key: string, options: readonly InteractionOption[], type: 'radio' | 'checkbox', recommends: boolean): TemplateResult[] {
    // Worked out once per question, not per option: a list may hold a thousand.
    const n = this.keyIndex(key);
    const checked = new Set(this.draft(key).values);
    const customLabel = this.fieldOf(key) ? this.strings.form.other : this.strings.custom;
    const customs = this.request?.kind === 'questionnaire';
    const full = type === 'checkbox' && this.atMost(key) !== undefined;
    return this.shownOptions(key, options).map(({ index, option }) => {
      const custom = customs && isCustomOption(option);
      const isChecked = checked.has(option.value);
      return this.renderOption(n, index, option, type, recommends && index === 0 && !custom, isChecked, custom ? customLabel : undefined, full && !isChecked);
    });
  }

  /** A multi-select's `max_items` once that many are ticked (further boxes are disabled), else undefined. */
  private atMost(key: string): number | undefined {
    const field = this.fieldOf(key);
    const max = field?.type === 'choice' && field.multiple ? field.max_items : undefined;
    // A list that takes none (maxItems 0) stays reachable: the rules refuse it at submit.
    return max !== undefined && max > 0 && this.draft(key).values.length >= max ? max : undefined;
  }

  /** Why further boxes are disabled, said under the list while they are. */
  private renderLimit(key: string, n: number): TemplateResult | typeof nothing {
    const max = this.atMost(key);
    return max === undefined ? nothing : html`<p class="hint limit" id=${`limit-${n}`} part="limit">${this.strings.atMost(max)}</p>`;
  }

  private renderOption(
    n: number,
    index: number,
    option: InteractionOption,
    type: 'radio' | 'checkbox',
    recommended: boolean,
    checked: boolean,
    customLabel: string | undefined,
    disabled = false,
  ): TemplateResult {
    const id = `${type}-${n}-${index}`;
    const label = customLabel ?? option.label;
    const description = customLabel === undefined ? option.description : '';
    const describedBy = [recommended ? `${id}-rec` : '', description ? `${id}-desc` : '', disabled ? `limit-${n}` : ''].filter(Boolean).join(' ');
    return html`<label class="option" part="option">
      <input
        type=${type}
        name=${`q-${n}`}
        id=${id}
        .value=${option.value}
        .checked=${checked}
        ?disabled=${disabled}
        aria-describedby=${describedBy || nothing}
      />
      <span class="option-text">
        <span class="option-label">
          ${index < 9 ? html`<span class="option-key" aria-hidden="true">${index + 1}</span>` : nothing}
          ${safeText(label)}
          ${recommended
            ? html`<span class="badge recommended" part="recommended" id=${`${id}-rec`} aria-hidden="true">${starIcon}${this.strings.recommended}</span>`
            : nothing}
        </span>
        ${description ? html`<span class="option-description" id=${`${id}-desc`} aria-hidden="true" dir="auto">${safeText(description)}</span>` : nothing}
      </span>
    </label>`;
  }

  private keyIndex(key: string): number {
    return key === SINGLE ? 0 : (this.questionIndex.get(key) ?? -1) + 1;
  }

  /** The text field a custom (or free-text) radio reveals; required once revealed. */
  private renderCustomField(key: string): TemplateResult {
    const id = `custom-${this.keyIndex(key)}`;
    const problem = this.problemFor(key);
    return html`<div class="field custom-field">
      <label class="field-label" for=${id}>${this.fieldOf(key) ? this.strings.form.otherText : this.strings.customText}</label>
      <textarea
        id=${id}
        class="line"
        part="custom-field"
        rows="1"
        maxlength=${MAX_TYPED_LENGTH}
        required
        dir="auto"
        .value=${this.draft(key).text}
        aria-invalid=${problem?.code === 'custom_text_required' ? 'true' : 'false'}
        aria-describedby=${problem ? `error-${this.keyIndex(key)}` : nothing}
        @keydown=${this.onLineKeydown}
        @input=${(event: Event) => this.setDraft(key, { text: (event.target as HTMLTextAreaElement).value })}
      ></textarea>
    </div>`;
  }

  private renderQuestion(question: InteractionQuestion, index: number): TemplateResult {
    if (question.field) return this.renderField(question, question.field, index);
    const key = question.id;
    const errorId = `error-${index + 1}`;
    const invalid = this.problemFor(key) !== undefined;
    const customChosen = this.draft(key).values[0] === CUSTOM_VALUE;
    return html`<fieldset
      class="question"
      part="question"
      data-key=${key}
      aria-invalid=${invalid ? 'true' : 'false'}
      aria-describedby=${invalid ? errorId : nothing}
      @keydown=${(event: KeyboardEvent) => this.onDigit(event, key, question.options)}
    >
      <legend>
        ${this.numbered ? html`<span class="question-number">${index + 1}.</span>` : nothing}
        ${question.header ? html`<span class="question-header">${safeText(question.header)}</span>` : nothing}
        ${safeText(question.question)}
      </legend>
      ${this.renderListControls(key, question.options.length)}
      <div class="options">
        ${this.renderChoices(key, question.options, 'radio', true)}
      </div>
      ${customChosen ? this.renderCustomField(key) : nothing}
      ${this.renderError(key, errorId)}
    </fieldset>`;
  }

  /** The question's number, header and text, as a legend or a label shows them. */
  private renderHeading(question: InteractionQuestion, index: number, field?: QuestionField): TemplateResult {
    return html`${this.numbered ? html`<span class="question-number">${index + 1}.</span>` : nothing}
      ${question.header ? html`<span class="question-header">${safeText(question.header)}</span>` : nothing}
      ${safeText(question.question)}
      ${field && !field.required && field.type !== 'boolean' ? html`<span class="optional">${this.strings.form.optional}</span>` : nothing}`;
  }

  /** What a field expects, said once under it: its format, range, length or number of choices. */
  private hintOf(field: QuestionField): string {
    const form = this.strings.form;
    switch (field.type) {
      case 'text': {
        const parts = [field.format ? form.formats[field.format] : '', field.min_length !== undefined || field.max_length !== undefined ? form.length(field.min_length, field.max_length) : ''];
        return parts.filter(Boolean).join(' · ');
      }
      case 'number': {
        const parts = [field.integer ? form.wholeNumber : '', field.minimum !== undefined || field.maximum !== undefined ? form.range(field.minimum, field.maximum) : ''];
        return parts.filter(Boolean).join(' · ');
      }
      case 'choice':
        return field.multiple && (field.min_items !== undefined || field.max_items !== undefined) ? form.items(field.min_items, field.max_items) : '';
      case 'boolean':
        return '';
    }
  }

  /** Description and hint under a field, with their ids for `aria-describedby`. */
  private renderHelp(field: QuestionField, n: number): { help: TemplateResult; ids: string[] } {
    const hint = this.hintOf(field);
    const ids = [field.description ? `desc-${n}` : '', hint ? `hint-${n}` : ''].filter(Boolean);
    return {
      ids,
      help: html`${field.description ? html`<p class="field-description" id=${`desc-${n}`} dir="auto">${safeText(field.description)}</p>` : nothing}
        ${hint ? html`<p class="hint" id=${`hint-${n}`}>${hint}</p>` : nothing}`,
    };
  }

  /** A question with a typed field (from the adapters): text, number, boolean or choice. */
  private renderField(question: InteractionQuestion, field: QuestionField, index: number): TemplateResult {
    const key = question.id;
    const n = index + 1;
    const errorId = `error-${n}`;
    const problem = this.problemFor(key);
    const { help, ids } = this.renderHelp(field, n);
    const describedBy = [...ids, problem ? errorId : ''].filter(Boolean).join(' ') || nothing;
    const draft = this.draft(key);
    if (field.type === 'choice') {
      const options = field.other ? [...question.options, { label: this.strings.form.other, value: CUSTOM_VALUE, description: '' }] : question.options;
      const type = field.multiple ? 'checkbox' : 'radio';
      return html`<fieldset
        class="question"
        part="question"
        data-key=${key}
        aria-invalid=${problem ? 'true' : 'false'}
        aria-describedby=${describedBy}
        @keydown=${(event: KeyboardEvent) => this.onDigit(event, key, options, field.multiple)}
      >
        <legend>${this.renderHeading(question, index, field)}</legend>
        ${help}
        ${this.renderListControls(key, options.length)}
        <div class="options">
          ${this.renderChoices(key, options, type, false)}
        </div>
        ${this.renderLimit(key, n)}
        ${draft.values.includes(CUSTOM_VALUE) ? this.renderCustomField(key) : nothing}
        ${this.renderError(key, errorId)}
      </fieldset>`;
    }
    const id = `field-${n}`;
    if (field.type === 'boolean') {
      return html`<div class="question boolean-field" part="question" data-key=${key}>
        <label class="option" part="option">
          <input type="checkbox" id=${id} value="true" .checked=${draft.values.includes('true')} aria-describedby=${describedBy} />
          <span class="option-text"><span class="option-label">${this.renderHeading(question, index, field)}</span></span>
        </label>
        ${help}
      </div>`;
    }
    const inputType = field.type === 'text' && field.format === 'email' ? 'email' : field.type === 'text' && field.format === 'uri' ? 'url' : 'text';
    const inputMode = field.type === 'number' ? (field.integer && (field.minimum ?? 0) >= 0 ? 'numeric' : 'decimal') : nothing;
    return html`<div class="question field typed-field" part="question" data-key=${key}>
      <label class="field-label question-label" for=${id}>${this.renderHeading(question, index, field)}</label>
      ${help}
      <input
        type=${inputType}
        id=${id}
        part="text-field"
        maxlength=${MAX_TYPED_LENGTH}
        dir=${field.type === 'number' || (field.type === 'text' && field.format) ? 'ltr' : 'auto'}
        inputmode=${inputMode}
        autocomplete=${inputType === 'email' ? 'email' : 'off'}
        ?required=${field.required}
        .value=${draft.text}
        aria-invalid=${problem ? 'true' : 'false'}
        aria-describedby=${describedBy}
        @input=${(event: Event) => this.setDraft(key, { text: (event.target as HTMLInputElement).value })}
      />
      ${this.renderError(key, errorId)}
    </div>`;
  }

  private renderSingle(request: InteractionRequest): TemplateResult {
    const draft = this.draft(SINGLE);
    const invalid = this.problemFor(SINGLE) !== undefined;
    const labelledBy = request.message ? 'message' : 'title';
    if (request.kind === 'text') {
      return html`<div class="field" data-key="">
        <label class="field-label" for="answer">${this.strings.answer}</label>
        <textarea
          id="answer"
          class="line"
          part="text-field"
          maxlength=${MAX_TYPED_LENGTH}
          rows="1"
          dir="auto"
          required
          .value=${draft.text}
          aria-invalid=${invalid ? 'true' : 'false'}
          aria-describedby=${invalid ? 'error-0' : nothing}
          @keydown=${this.onLineKeydown}
          @input=${(event: Event) => this.setDraft(SINGLE, { text: (event.target as HTMLTextAreaElement).value })}
        ></textarea>
        ${this.renderError(SINGLE, 'error-0')}
      </div>`;
    }
    const multi = request.kind === 'multi_choice';
    const options: InteractionOption[] =
      !multi && request.allow_free_text
        ? [...request.options, { label: this.strings.custom, value: FREE_TEXT, description: '' }]
        : request.options;
    return html`<fieldset
      data-key=""
      aria-labelledby=${labelledBy}
      aria-invalid=${invalid ? 'true' : 'false'}
      aria-describedby=${invalid ? 'error-0' : nothing}
      @keydown=${(event: KeyboardEvent) => this.onDigit(event, SINGLE, options, multi)}
    >
      ${this.renderListControls(SINGLE, options.length)}
      <div class="options">
        ${this.renderChoices(SINGLE, options, multi ? 'checkbox' : 'radio', false)}
      </div>
      ${!multi && draft.values[0] === FREE_TEXT ? this.renderCustomField(SINGLE) : nothing}
      ${multi && request.allow_free_text
        ? html`<div class="field">
            <label class="field-label" for="note">${this.strings.anythingElse}</label>
            <textarea
              id="note"
              maxlength=${MAX_TYPED_LENGTH}
              rows="2"
              dir="auto"
              .value=${draft.text}
              @input=${(event: Event) => this.setDraft(SINGLE, { text: (event.target as HTMLTextAreaElement).value })}
            ></textarea>
          </div>`
        : nothing}
      ${this.renderError(SINGLE, 'error-0')}
    </fieldset>`;
  }

  /** Questions are numbered in a list of two or more; form fields are not. */
  private get numbered(): boolean {
    return this.questions.length > 1 && this.questions.every(isQuestion);
  }

  private renderCheckpoint(): TemplateResult | typeof nothing {
    if (this.request?.metadata.purpose !== 'grill_checkpoint') return nothing;
    return html`<div class="checkpoint" part="checkpoint">
      <strong>${flagIcon}${this.strings.grillCheckpoint}</strong>
      <span class="hint">${this.strings.grillCheckpointHint}</span>
    </div>`;
  }

  protected override renderContext(): TemplateResult | typeof nothing {
    return this.renderCheckpoint();
  }

  /** The adapters' Decline (an explicit no) and Cancel (dismissed) buttons. */
  private renderRefusals(request: InteractionRequest): TemplateResult {
    return html`${this.renderDismiss(request)}
    ${request.metadata.decline
      ? html`<button type="button" part="decline-button" @click=${() => this.respond(declineResponse(request, this.now()))}>${this.strings.decline}</button>`
      : nothing}`;
  }

  protected override renderForm(request: InteractionRequest): TemplateResult {
    const questionnaire = request.kind === 'questionnaire';
    const recommends = questionnaire && this.questions.some((question) => !question.field);
    return html`<form novalidate @submit=${this.submit} @change=${this.onChoiceChange}>
      ${questionnaire ? this.questions.map((question, index) => this.renderQuestion(question, index)) : this.renderSingle(request)}
      ${questionnaire && request.metadata.auto_select_first_on_timeout
        ? html`<p class="hint">${this.strings.autoSelectHint}</p>`
        : nothing}
      <div class="actions" part="actions">
        ${recommends
          ? html`<button type="button" class="quiet" part="recommended-button" @click=${this.useAllRecommended}>
                ${this.strings.useAllRecommended}
              </button>
              <span class="filled hint" part="filled" role="status">${this.filled === undefined ? '' : this.strings.filled(this.filled)}</span>
              <span class="spacer"></span>`
          : nothing}
        ${this.renderRefusals(request)}
        <button type="submit" class="primary" part="submit-button">${this.strings.submit}</button>
      </div>
    </form>`;
  }
}
