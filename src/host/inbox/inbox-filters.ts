// The inbox's filters (by session, by kind) and its count of the calls waiting among the rows
// they keep.
import { html, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { safeText } from '../../elements/shared/safe-text.js';
import type { InboxStrings } from '../../i18n/inbox.js';
import { sessionName } from './inbox-rows.js';
import type { InboxKind, InboxView } from './inbox-view.js';

export interface FiltersView {
  view: InboxView;
  words: InboxStrings;
  session: string;
  kind: InboxKind;
  pickSession(session: string): void;
  pickKind(kind: InboxKind): void;
}

/** The session filter's options keyed by session: a session joining or leaving the list moves one option, rewriting none. */
export function renderFilters({ view, words, session, kind, pickSession, pickKind }: FiltersView): TemplateResult {
  return html`<div class="filters" part="filters" role="group" aria-label=${words.filters.label}>
    <label>${words.filters.session}
      <select part="session-filter" tabindex="0" @change=${(e: Event) => pickSession((e.target as HTMLSelectElement).value)}>
        <option value="" ?selected=${!session}>${words.filters.allSessions}</option>
        ${repeat(view.sessions, ([id]) => id, ([id, item]) => html`<option value=${id} ?selected=${id === session}>${safeText(sessionName(item, words))}</option>`)}
      </select>
    </label>
    <label>${words.filters.kind}
      <select part="kind-filter" tabindex="0" @change=${(e: Event) => pickKind((e.target as HTMLSelectElement).value as InboxKind)}>
        ${(['all', 'approval', 'input'] as const).map((option) => html`<option value=${option} ?selected=${option === kind}>${option === 'all' ? words.filters.allKinds : words.filters[option]}</option>`)}
      </select>
    </label>
    <span class="count" part="count">${words.count(view.waitingCount)}</span>
  </div>`;
}
