// What the adapters bring beside their mappings: the cards' typed fields, link consent and editable
// arguments, and the
// session's bridge that runs envelope adapters. Each envelope adapter carries it (`extension`), and
// `provideAdapterParts(root)` gives its card parts to standalone cards: the core bundle carries
// none of it (room comes from adapter-only code).
import { ContextProvider } from '@lit/context';
import { fieldStrings } from '../i18n/fields.js';
import { linkStrings } from '../i18n/link.js';
import { editSlots } from './argument-edits.js';
import { linkSlots, renderDismiss } from './link-consent.js';
import { FieldDraft } from './field-draft.js';
import { fieldAnswer, fieldStyles, renderField } from './typed-fields.js';
import { tableOf } from '../i18n/registry.js';
import { AdapterBridge } from '../session/adapter-bridge.js';
import type { AdapterExtension } from '../session/envelope.js';
import { cardExtension, type CardExtension } from '../elements/shared/card-extension.js';

/** The cards' parts that only the adapters' requests need. */
const cards: CardExtension = {
  draft: (request) => new FieldDraft(request),
  fieldStyles,
  field: renderField,
  problem: (code, locale) => tableOf(fieldStrings, 'fields', locale).problems[code],
  words: (locale) => tableOf(fieldStrings, 'fields', locale),
  answer: fieldAnswer,
  link: linkSlots,
  edit: editSlots,
  dismiss: renderDismiss,
  consent: (locale) => tableOf(linkStrings, 'link', locale),
};

/** Roots that already provide the parts: one provider each, however often it is asked. */
const provided = new WeakSet<HTMLElement>();

/**
 * Lets every card inside `root` (`document.body`, a chat's list…) render the adapters' requests:
 * AskUserQuestion's "Other", AG-UI and MCP forms' typed fields, MCP's link consent. Call it before
 * those cards are added: a card asks for its parts when it connects. `<interaction-host>` needs no
 * call: it provides the parts to its own cards when its `adapters` bring them.
 */
export function provideAdapterParts(root: HTMLElement): void {
  if (provided.has(root)) return;
  provided.add(root);
  new ContextProvider(root, { context: cardExtension, initialValue: cards });
}

/** The adapters' extension, as each envelope adapter carries it. */
export const adaptersExtension: AdapterExtension = { bridge: AdapterBridge, provide: provideAdapterParts };
