// The host's Retry of a failed artifact delivery. The list is display only and knows no
// `deliver`: the host, which owns the session, puts its buttons into the list's `actions-N`
// slots, and the session runs the new attempt.
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { safeText } from '../elements/shared/safe-text.js';
import type { HostStrings } from '../i18n/host.js';
import { retryOffers } from '../session/artifact-publisher.js';
import type { ArtifactsEntry } from '../session/entry.js';

/** The element a Retry of item `index` of card `id` leaves behind (its button, or the note once sent). */
export const retrySelector = (id: string, index: number) => `[data-retry="${CSS.escape(`${id}:${index}`)}"]`;

/**
 * Under each failed item that `deliver` may send again: Retry (正在重试… while it runs, the same
 * button, so focus stays on it); once a retry delivered the item, a short note in its place.
 */
export function retryActions(entry: ArtifactsEntry, strings: HostStrings['host']['retry'], deliver: boolean, onRetry: (index: number, button: HTMLElement) => void): TemplateResult {
  const offered = retryOffers(entry, deliver);
  const { retrying, retried }: { retrying: readonly number[]; retried: readonly number[] } = entry.phase === 'delivered' ? entry : { retrying: [], retried: [] };
  const indexes = [...offered, ...retried.filter((index) => !offered.includes(index))];
  return html`${repeat(indexes, (index) => index, (index) => {
    const key = `${entry.id}:${index}`;
    if (!offered.includes(index)) {
      return html`<span class="retried" part="retried" slot=${`actions-${index}`} data-retry=${key} tabindex="-1">${strings.done}</span>`;
    }
    const busy = retrying.includes(index);
    return html`<button tabindex="0" class="retry" part="retry-button" slot=${`actions-${index}`} data-retry=${key} aria-disabled=${busy ? 'true' : nothing} @click=${(event: Event) => busy || onRetry(index, event.currentTarget as HTMLElement)}>
      ${busy ? strings.busy : strings.button}<span class="visually-hidden"> ${safeText(entry.items[index]?.name)}</span>
    </button>`;
  })}`;
}
