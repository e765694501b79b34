// The cards' contract with an extension: what it adds to them, and the context they read it
// from. The cards consume it (`InteractionCard.extension`); src/extensions/ implements it for the
// adapters; a host provides it from its `adapters`, a page with `provideAdapterParts(root)`, so
// what a card renders depends on where it is, never on which module a page happened to import first.
import { createContext } from '@lit/context';
import type { nothing, ReactiveControllerHost, TemplateResult } from 'lit';
import type { FieldStrings } from '../../i18n/fields.js';
import type { LinkStrings } from '../../i18n/link.js';
import type { Locale } from '../../i18n/locales.js';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { QuestionField } from '../../protocol/fields.js';
import type { InteractionOption, InteractionQuestion, InteractionRequest } from '../../protocol/request.js';
import type { InteractionResponse, QuestionAnswer } from '../../protocol/response.js';
import type { AnswerProblem } from '../../rules/answers.js';
import { KIT_VERSION } from '../../version.js';
import type { Draft } from '../questionnaire-form/draft.js';
import type { CardSlots } from './card-slots.js';
import type { LinkState } from './link-state.js';

/** A refusal the form's own controls never give: its text is in the adapters' strings, not the core's. */
export type TypedFieldProblem = Exclude<AnswerProblem['code'], keyof QuestionnaireStrings['problems']>;

/**
 * The parts of the cards that only the adapters' requests need: typed fields (MCP and AG-UI
 * forms, AskUserQuestion's "Other") and link consent (MCP URL mode). They come with the adapters
 * (`agent-interaction-kit/adapters`), so the core bundle does not carry them (room
 * comes from adapter-only code).
 */
export interface CardExtension {
  /** A new draft of a questionnaire's answers, its typed fields by their rules: their defaults, their limits, the check of each answer. */
  draft(request: InteractionRequest): Draft;
  /** The typed fields' styles, rendered once in a form that has any. */
  fieldStyles: TemplateResult;
  /** A question with a typed field: text, number, boolean or choice. */
  field(question: InteractionQuestion, field: QuestionField, index: number, numbered: boolean, locale: Locale, form: FieldForm): TemplateResult;
  /** A typed field's refusal, in the form's language. */
  problem(code: TypedFieldProblem, locale: Locale): string;
  /** The typed fields' words (Other, Yes and No, the limit of a multi-select), in the form's language. */
  words(locale: Locale): FieldStrings;
  /** A typed field's answer as a receipt and the review say it: yes/no, the chosen labels and Other's text, or the value. */
  answer(question: InteractionQuestion, answer: QuestionAnswer, locale: Locale): string;
  /**
   * A link request's parts of its `<approval-dialog>`: the whole URL with its host set apart and
   * why it deserves a second look, Decline and Open link (and a quiet Cancel where offered), and
   * once settled what happened and what the server said since.
   */
  link(card: LinkCard): Pick<CardSlots, 'context' | 'form' | 'outcome' | 'footer'>;
  /**
   * An approval's editable arguments (`metadata.edit`, AG-UI's `approveWithEdits`): while pending,
   * a field for each of the request's questions, filled with the value the agent wrote; once
   * settled, the arguments as approved, the edited ones marked.
   */
  edit(card: EditCard): Pick<CardSlots, 'context'>;
  /** Cancel, for a request that offers it (`metadata.dismiss`); quiet beside other actions. */
  dismiss(locale: Locale, dismiss: () => void, quiet?: boolean): TemplateResult;
  /** The words of the adapters' approvals: link consent's, Decline and Cancel. */
  consent(locale: Locale): LinkStrings;
}

/** What a choice field's list has that a plain question's has not. */
export interface TypedChoices {
  /** The custom option's label (Other), and its text field's. */
  other: string;
  otherText: string;
  /** At its `max_items`: the unticked boxes are disabled, described by the hint `id`. */
  limit?: { id: string; hint: TemplateResult } | undefined;
}

/**
 * What a typed field uses of its form: made once per form, each call naming the answer's key
 * (the question's id) and number.
 */
export interface FieldForm {
  /** The answers being edited. */
  draft(): Draft;
  /** The user changed an answer: the form shows `draft` from now on. */
  edit(draft: Draft): void;
  /** A choice field's options, with the filter of a long list, its limit, and the custom text when chosen. */
  renderChoices(key: string, n: number, options: readonly InteractionOption[], type: 'radio' | 'checkbox', typed: TypedChoices): TemplateResult;
  /** The refusal under the field. */
  renderError(key: string, id: string): TemplateResult | typeof nothing;
  /** Keys on a choice field's options (digits, arrows). */
  onKeydown(event: KeyboardEvent, key: string, options: readonly InteractionOption[], multiple: boolean): void;
}

/** What link consent needs of its `<approval-dialog>`. */
export interface LinkCard {
  url: string;
  locale: Locale;
  /** The card is modal: Open link takes the first focus. */
  modal: boolean;
  /** What the server said since the link was opened. */
  linkState: LinkState;
  response: InteractionResponse | undefined;
  /** Cancelled, or answered too late: nothing was opened or declined. */
  withdrawn: boolean;
  /** Cancels the request, where it offers Cancel. */
  dismiss: (() => void) | undefined;
  /** Answers the card: consent (true) or decline. */
  answer(approve?: boolean): void;
}

/** The arguments a person edited: each question's answer, as a form's answers are. */
export type EditedArguments = Record<string, QuestionAnswer>;

/** What editable arguments need of their `<approval-dialog>`. */
export interface EditCard {
  /** The card: the edits live beside it, as long as it does, and ask it to render again. */
  host: ReactiveControllerHost & HTMLElement;
  request: InteractionRequest;
  locale: Locale;
  /** The answer, once settled. */
  response: InteractionResponse | undefined;
  /**
   * Gives the card what it reads when Approve is pressed: the arguments as edited, or null while
   * one is not valid (the field then says why, and takes focus).
   */
  bind(read: () => EditedArguments | null): void;
}

/**
 * The cards' context. Keyed by a symbol of the kit's version: two copies of one version on a page
 * (a bundled one beside the standalone file) share it, another version's (another shape) does not.
 */
export const cardExtension = createContext<CardExtension | undefined>(Symbol.for(`agent-interaction-kit.card-extension@${KIT_VERSION}`));

/**
 * The text of a questionnaire's refusal: the form's own strings hold those its controls can give
 * rise to; the rest (a typed field's, an answer made by code) come with the extension, and
 * without it read as the plainest, "choose one".
 */
export function refusalText(own: QuestionnaireStrings['problems'], code: AnswerProblem['code'], locale: Locale, extension: CardExtension | undefined): string {
  return code in own ? own[code as keyof typeof own] : (extension?.problem(code as TypedFieldProblem, locale) ?? own.choose_one);
}
