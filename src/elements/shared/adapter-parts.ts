import type { TemplateResult } from 'lit';
import type { Locale } from '../../i18n/locales.js';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';
import type { QuestionField } from '../../protocol/fields.js';
import type { InteractionQuestion } from '../../protocol/request.js';
import type { AnswerProblem } from '../../rules/answers.js';
import { pageSlot } from '../../page-slot.js';
import type { FieldRules } from '../questionnaire-form/draft.js';
import type { FieldContext } from '../questionnaire-form/typed-fields.js';

/** A refusal only a typed field gives: its text is in the adapters' strings, not the core's. */
export type TypedFieldProblem = Exclude<AnswerProblem['code'], keyof QuestionnaireStrings['problems']>;

/**
 * The parts of the cards that only the adapters' requests need: typed fields (MCP and AG-UI
 * forms, AskUserQuestion's "Other") and link consent (MCP URL mode). The adapters' entries and
 * the standalone `agent-interaction-kit-adapters.js` register them, so the core bundle does not
 * carry them (DESIGN §7: room comes from adapter-only code).
 */
export interface AdapterParts {
  /** The typed fields' rules: their defaults, and the check of each answer. */
  fields: FieldRules;
  /** A question with a typed field: text, number, boolean or choice. */
  field(question: InteractionQuestion, field: QuestionField, index: number, context: FieldContext): TemplateResult;
  /** A typed field's refusal, in the form's language. */
  problem(code: TypedFieldProblem, locale: Locale): string;
  /** A link request's whole URL, its host set apart, and why it deserves a second look. */
  link(url: string, locale: Locale): TemplateResult;
  /** The address to open for a link request, when it is an http(s) URL at all. */
  href(url: string): string | undefined;
  /** Link consent's action, Open link. */
  openLink(locale: Locale, autofocus: boolean, open: () => void): TemplateResult;
  /** The receipt's words for a link the user opened. */
  opened(locale: Locale): string;
  /** After the link was opened: what the server said since (Open again while it waits). */
  linkStatus(state: 'waiting' | 'complete', locale: Locale, reopen: () => void): TemplateResult;
}

const slot = pageSlot<AdapterParts>('adapter-parts');

/** The registered parts, if an adapters entry was loaded. */
export const adapterParts = slot.get;

/** Called by the adapters' entries; cards rendered from then on use the parts. */
export const registerAdapterParts = slot.set;

/**
 * The text of a questionnaire's refusal: the form's own strings hold theirs; a typed field's come
 * with the adapters' parts, which are loaded whenever a typed field could refuse.
 */
export function refusalText(own: QuestionnaireStrings['problems'], code: AnswerProblem['code'], locale: Locale): string {
  return code in own ? own[code as keyof typeof own] : (adapterParts()?.problem(code as TypedFieldProblem, locale) ?? '');
}
