// Editable arguments (AG-UI's `approveWithEdits`), an adapters' part of <approval-dialog>: the
// arguments the approval is for, each in a field filled with what the agent wrote, that the person
// may change before approving. The card sends them with Approve; the adapter turns them into
// `editedArgs` (adapters/ag-ui.ts). The fields follow the typed fields' rules (rules/fields.ts).
import { css, html, nothing, type TemplateResult } from 'lit';
import { fieldStrings } from '../i18n/fields.js';
import { linkStrings } from '../i18n/link.js';
import type { Locale } from '../i18n/locales.js';
import { tableOf } from '../i18n/registry.js';
import type { QuestionField } from '../protocol/fields.js';
import type { InteractionQuestion, InteractionRequest } from '../protocol/request.js';
import type { QuestionAnswer } from '../protocol/response.js';
import { answerField, initialInput, type FieldInput, type FieldProblem } from '../rules/fields.js';
import { MAX_TYPED_LENGTH } from '../rules/limits.js';
import type { EditCard, EditedArguments } from '../elements/shared/card-extension.js';
import type { CardSlots } from '../elements/shared/card-slots.js';
import { safeText } from '../elements/shared/safe-text.js';

type Argument = InteractionQuestion & { field: QuestionField };

/** Their own styles, in their template: the core card carries none of them. */
const editStyles = css`
  .arguments {
    margin: 0;
    padding: var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface-muted);
    display: grid;
    gap: var(--_space-3);
    min-width: 0;
  }
  .arguments legend {
    padding: 0 var(--_space-1);
    font-size: var(--_text-sm);
    font-weight: 600;
  }
  .argument-name {
    font-family: var(--_mono);
    font-size: var(--_text-sm);
    overflow-wrap: anywhere;
  }
  .argument input[type='checkbox'] {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: var(--_accent);
  }
  .argument-check {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
    min-height: var(--_touch);
  }
  .edited {
    margin-inline-start: var(--_space-2);
    padding: 0 var(--_space-1);
    border-radius: 3px;
    background: var(--_accent-soft);
    color: var(--_text);
    font-family: inherit;
    font-size: var(--_text-xs, 12px);
    font-weight: 500;
  }
  .argument-error {
    margin: 0;
    color: var(--_danger-text);
    font-size: var(--_text-sm);
    font-weight: 500;
  }
  .arguments .restore {
    justify-self: start;
  }
`;
const editStyleText = editStyles.cssText;

const isArgument = (question: InteractionQuestion): question is Argument => question.field !== undefined;

/** An argument's answer: a text emptied on purpose is an empty string, never the agent's value. */
function answerOf(argument: Argument, input: FieldInput): { answer: QuestionAnswer } | { problem: FieldProblem } {
  const outcome = answerField(argument, input);
  if (!outcome.ok) return { problem: outcome.problem };
  return { answer: outcome.answer ?? { selected_options: [], text: '', raw_value: input.text } };
}

/** The value an answer or an input shows: booleans in words, the rest as written. */
const shown = (argument: Argument, raw: string, locale: Locale): string =>
  argument.field.type === 'boolean' ? tableOf(fieldStrings, 'fields', locale)[raw === 'true' ? 'yes' : 'no'] : raw;

/**
 * One card's edits, kept beside it for as long as it lives: what each field holds, and which
 * refusals are shown (a field's once it was left, every field's once Approve was pressed). A new
 * request starts over.
 */
class ArgumentEdits {
  private request: InteractionRequest | undefined;
  private inputs = new Map<string, FieldInput>();
  private checked = new Set<string>();

  constructor(private readonly card: EditCard['host']) {}

  /** The edits of `request`, started over when it is another one. */
  of(request: InteractionRequest): this {
    if (request !== this.request) {
      this.request = request;
      this.inputs = new Map();
      this.checked = new Set();
    }
    return this;
  }

  input(argument: Argument): FieldInput {
    return this.inputs.get(argument.id) ?? initialInput(argument.field);
  }

  set(argument: Argument, input: FieldInput): void {
    this.inputs.set(argument.id, input);
    this.card.requestUpdate();
  }

  leave(argument: Argument): void {
    this.checked.add(argument.id);
    this.card.requestUpdate();
  }

  /** Puts back what the agent wrote; focus goes to the first field, as Restore itself goes. */
  restore(): void {
    this.inputs = new Map();
    this.checked = new Set();
    this.focus('.argument :is(input, textarea)');
  }

  private focus(selector: string): void {
    this.card.requestUpdate();
    void this.card.updateComplete.then(() => this.card.shadowRoot?.querySelector<HTMLElement>(selector)?.focus());
  }

  problem(argument: Argument): FieldProblem | undefined {
    if (!this.checked.has(argument.id)) return undefined;
    const outcome = answerOf(argument, this.input(argument));
    return 'problem' in outcome ? outcome.problem : undefined;
  }

  /** Whether the field holds something else than the agent wrote. */
  edited(argument: Argument): boolean {
    const now = this.input(argument);
    const initial = initialInput(argument.field);
    return now.text !== initial.text || now.values.join() !== initial.values.join();
  }

  /** What Approve sends: every argument's answer, or null (and the first refusal focused) while one is not valid. */
  read(questions: readonly Argument[]): EditedArguments | null {
    const answers: EditedArguments = {};
    for (const argument of questions) {
      const outcome = answerOf(argument, this.input(argument));
      if ('problem' in outcome) {
        for (const each of questions) this.checked.add(each.id);
        this.focus('.argument [aria-invalid="true"]');
        return null;
      }
      answers[argument.id] = outcome.answer;
    }
    return answers;
  }
}

const controllers = new WeakMap<EditCard['host'], ArgumentEdits>();

function editsOf(card: EditCard): ArgumentEdits {
  let edits = controllers.get(card.host);
  if (!edits) controllers.set(card.host, (edits = new ArgumentEdits(card.host)));
  return edits.of(card.request);
}

function renderArgument(argument: Argument, n: number, edits: ArgumentEdits, locale: Locale): TemplateResult {
  const words = tableOf(linkStrings, 'link', locale);
  const input = edits.input(argument);
  const problem = edits.problem(argument);
  const id = `argument-${n}`;
  const errorId = `argument-error-${n}`;
  const name = html`<span class="argument-name" dir="ltr">${safeText(argument.id)}</span>${edits.edited(argument) ? html`<span class="edited">${words.edited}</span>` : nothing}`;
  if (argument.field.type === 'boolean') {
    return html`<div class="argument">
      <label class="argument-check">
        <input tabindex="0" type="checkbox" id=${id} .checked=${input.values.includes('true')}
          @change=${(event: Event) => edits.set(argument, { values: (event.target as HTMLInputElement).checked ? ['true'] : [], text: '' })} />
        ${name}
      </label>
    </div>`;
  }
  const number = argument.field.type === 'number';
  const long = !number && (input.text.includes('\n') || input.text.length > 60);
  const attributes = {
    id,
    dir: number ? 'ltr' : 'auto',
    invalid: problem ? 'true' : 'false',
    describedBy: problem ? errorId : nothing,
    onInput: (event: Event) => edits.set(argument, { values: [], text: (event.target as HTMLInputElement | HTMLTextAreaElement).value }),
  };
  const field = long
    ? html`<textarea tabindex="0" part="text-field" id=${attributes.id} rows=${Math.min(6, input.text.split('\n').length + 1)} maxlength=${MAX_TYPED_LENGTH} dir=${attributes.dir}
        spellcheck="false" .value=${input.text} aria-invalid=${attributes.invalid} aria-describedby=${attributes.describedBy}
        @input=${attributes.onInput} @blur=${() => edits.leave(argument)}></textarea>`
    : html`<input tabindex="0" type="text" part="text-field" id=${attributes.id} maxlength=${MAX_TYPED_LENGTH} dir=${attributes.dir} autocomplete="off" spellcheck="false"
        inputmode=${number ? (argument.field.type === 'number' && argument.field.integer ? 'numeric' : 'decimal') : nothing}
        .value=${input.text} aria-invalid=${attributes.invalid} aria-describedby=${attributes.describedBy}
        @input=${attributes.onInput} @blur=${() => edits.leave(argument)} />`;
  return html`<div class="argument field">
    <label class="field-label" for=${id}>${name}</label>
    ${field}
    ${problem ? html`<p class="argument-error" id=${errorId}>${problemText(problem, locale)}</p>` : nothing}
  </div>`;
}

/** A refusal in words: an emptied number is not a number; text and booleans are never refused. */
function problemText(problem: FieldProblem, locale: Locale): string {
  const problems = tableOf(fieldStrings, 'fields', locale).problems;
  return problem in problems ? problems[problem as keyof typeof problems] : problems.not_a_number;
}

/** While pending: the fields, the Restore of what was changed, and Approve's description. */
function renderEditor(card: EditCard, questions: readonly Argument[], edits: ArgumentEdits): TemplateResult {
  const words = tableOf(linkStrings, 'link', card.locale);
  const summary = questions.map((argument) => `${argument.id}: ${shown(argument, edits.input(argument).values[0] ?? edits.input(argument).text, card.locale)}`).join(', ');
  return html`<style>${editStyleText}</style>
    <fieldset class="arguments" part="details" aria-describedby="arguments-hint">
      <legend>${words.arguments}</legend>
      <p class="hint" id="arguments-hint">${words.argumentsHint}</p>
      ${questions.map((argument, index) => renderArgument(argument, index + 1, edits, card.locale))}
      ${questions.some((argument) => edits.edited(argument))
        ? html`<button tabindex="0" type="button" class="quiet small restore" @click=${() => edits.restore()}>${words.restore}</button>`
        : nothing}
      <span id="details-first" hidden>${words.arguments}: ${safeText(summary.slice(0, 200))}</span>
    </fieldset>`;
}

/** Once settled: the arguments as approved (the edited ones marked), or as the agent wrote them. */
function renderApproved(card: EditCard, questions: readonly Argument[]): TemplateResult {
  const words = tableOf(linkStrings, 'link', card.locale);
  const response = card.response;
  const approved = response?.status === 'completed' && response.approved;
  return html`<style>${editStyleText}</style>
    <dl class="receipt-answers arguments-approved" part="details" aria-label=${words.arguments}>
      ${questions.map((argument) => {
        const initial = answerOf(argument, initialInput(argument.field));
        const before = 'answer' in initial ? initial.answer.raw_value : '';
        const after = approved ? (response.answers[argument.id]?.raw_value ?? before) : before;
        return html`<dt class="argument-name" dir="ltr">${safeText(argument.id)}</dt>
          <dd dir="auto">${safeText(shown(argument, after, card.locale))}${after === before ? nothing : html` <span class="edited">${words.edited}</span>`}</dd>`;
      })}
    </dl>`;
}

/** An approval's editable arguments as its card's context: fields while pending, what was approved once settled. */
export function editSlots(card: EditCard): Pick<CardSlots, 'context'> {
  const questions = card.request.questions.filter(isArgument);
  if (card.response) return { context: renderApproved(card, questions) };
  const edits = editsOf(card);
  card.bind(() => edits.read(questions));
  return { context: renderEditor(card, questions, edits) };
}
