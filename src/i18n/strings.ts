// Every string of the kit in one object per language, for the host (which shows every element)
// and for pages and tests that want them all. Elements import only their own tables.
import { approvalStrings, type ApprovalStrings } from './approval.js';
import { artifactStrings, type ArtifactStrings } from './artifacts.js';
import { cardStrings, type CardStrings } from './card.js';
import { hostStrings, type HostStrings } from './host.js';
import type { Locale } from './locales.js';
import { questionnaireStrings, type QuestionnaireStrings } from './questionnaire.js';

export { DEFAULT_LOCALE, toLocale, type Locale } from './locales.js';
export { displayTitle } from './card.js';
export { reasonText } from './artifacts.js';

export type Strings = CardStrings & ApprovalStrings & QuestionnaireStrings & ArtifactStrings & HostStrings;

const all = (locale: Locale): Strings => ({
  ...cardStrings[locale],
  ...approvalStrings[locale],
  ...questionnaireStrings[locale],
  ...artifactStrings[locale],
  ...hostStrings[locale],
});

export const LOCALES: Readonly<Record<Locale, Strings>> = { 'zh-CN': all('zh-CN'), en: all('en') };

export function stringsFor(locale: Locale): Strings {
  return LOCALES[locale];
}
