// Every string of the kit in one object per language, for the host (which shows every element)
// and for pages and tests that want them all. Elements import only their own tables.
import { approvalStrings, type ApprovalStrings } from './approval.js';
import { artifactStrings, type ArtifactStrings } from './artifacts.js';
import { cardStrings, type CardStrings } from './card.js';
import { hostStrings, type HostStrings } from './host.js';
import type { Locale } from './locales.js';
import { questionnaireStrings, type QuestionnaireStrings } from './questionnaire.js';
import { tableOf } from './registry.js';

export { DEFAULT_LOCALE, type Locale } from './locales.js';
export { toLocale } from './registry.js';
export { displayTitle } from './card.js';
export { reasonText } from './artifacts.js';

export type Strings = CardStrings & ApprovalStrings & QuestionnaireStrings & ArtifactStrings & HostStrings;

const all = new Map<Locale, Strings>();

/** Every table in one language, built once per language. */
export function stringsFor(locale: Locale): Strings {
  let strings = all.get(locale);
  if (!strings) {
    all.set(locale, (strings = {
      ...tableOf(cardStrings, 'card', locale),
      ...tableOf(approvalStrings, 'approval', locale),
      ...tableOf(questionnaireStrings, 'questionnaire', locale),
      ...tableOf(artifactStrings, 'artifacts', locale),
      ...tableOf(hostStrings, 'host', locale),
    }));
  }
  return strings;
}
