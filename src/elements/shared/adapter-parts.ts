import type { TemplateResult } from 'lit';
import type { ApprovalStrings } from '../../i18n/approval.js';
import type { QuestionField } from '../../protocol/fields.js';
import type { InteractionQuestion } from '../../protocol/request.js';
import type { FieldRules } from '../questionnaire-form/draft.js';
import type { FieldContext } from '../questionnaire-form/typed-fields.js';

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
  /** A link request's whole URL, its host set apart, and why it deserves a second look. */
  link(url: string, strings: ApprovalStrings): TemplateResult;
  /** The address to open for a link request, when it is an http(s) URL at all. */
  href(url: string): string | undefined;
}

// On the global object, not in a module variable: one registry per page, also when a page carries
// the kit twice (a bundled copy beside the standalone file), and a test can see it was set.
const KEY = Symbol.for('agent-interaction-kit.adapter-parts');
type Holder = { [KEY]?: AdapterParts };

/** The registered parts, if an adapters entry was loaded. */
export const adapterParts = (): AdapterParts | undefined => (globalThis as Holder)[KEY];

/** Called by the adapters' entries; cards rendered from then on use the parts. */
export function registerAdapterParts(parts: AdapterParts): void {
  (globalThis as Holder)[KEY] = parts;
}
