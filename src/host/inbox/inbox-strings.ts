// Every table the inbox speaks, in one object per language: the cards' and the host's (which it
// shows), and its own.
import { inboxStrings, type InboxStrings } from '../../i18n/inbox.js';
import type { Locale } from '../../i18n/locales.js';
import { tableOf } from '../../i18n/registry.js';
import { stringsFor, type Strings } from '../../i18n/strings.js';

export type InboxAllStrings = Strings & { inbox: InboxStrings };

const built = new Map<Locale, InboxAllStrings>();

export function inboxStringsFor(locale: Locale): InboxAllStrings {
  let strings = built.get(locale);
  if (!strings) built.set(locale, (strings = { ...stringsFor(locale), inbox: tableOf(inboxStrings, 'inbox', locale) }));
  return strings;
}
