// One entry of the host's list as the element that shows it: an approval or a question as its
// card, files as <artifact-list> with the host's Retry in its slots, a refused call as a notice.
import { html, nothing, type TemplateResult } from 'lit';
import type { Layout } from '../elements/questionnaire-form/steps.js';
import type { InteractionResponseEvent } from '../elements/shared/interaction-card.js';
import { safeText } from '../elements/shared/safe-text.js';
import type { Theme } from '../elements/shared/tokens.js';
import type { Direction } from '../i18n/direction.js';
import type { HostStrings } from '../i18n/host.js';
import type { Clock } from '../protocol/clock.js';
import type { DeliverFunction } from '../rules/artifacts/deliver.js';
import { statusOf } from '../rules/card-state.js';
import { responseOf } from '../session/entry.js';
import type { SessionEntry } from '../session/session.js';
import { retryActions } from './artifact-retry.js';
import { EXPORTPARTS } from './exported-parts.js';
import { cardProperties } from './card-properties.js';

/** The host's settings its cards show (the host itself). */
export interface EntryHost {
  readonly theme?: Theme;
  readonly layout?: Layout;
  readonly previewOrigins: string;
  readonly clock: Clock;
  readonly deliver?: DeliverFunction;
}

/** Where what the user does in the cards goes. */
export interface EntryHandlers {
  /** A card answered. */
  onResponse(event: InteractionResponseEvent, entry: SessionEntry): void;
  /** Retry of file `index` of entry `id` was pressed. */
  onRetry(id: string, index: number, button: HTMLElement): void;
}

/** Renders the host's entries, each as the element that shows it, in the host's language and direction. */
export function entryRenderer(host: EntryHost, on: EntryHandlers): (entry: SessionEntry, locale: string, dir: Direction, strings: HostStrings['host']) => TemplateResult {
  return (entry, locale, dir, strings) => {
    const theme = host.theme ?? nothing;
    if (entry.kind === 'refused') {
      return html`<p class="refused" part="refused" role="status" data-id=${entry.id}>
        ${strings.refused} <code>${safeText(entry.field)}</code>
      </p>`;
    }
    if (entry.kind === 'artifacts') {
      return html`<artifact-list
        data-id=${entry.id}
        .items=${entry.items}
        .delivery=${entry.delivery}
        .heading=${entry.title}
        ?delivering=${entry.phase === 'delivering'}
        preview-origins=${host.previewOrigins}
        locale=${locale}
        dir=${dir}
        theme=${theme}
        exportparts=${EXPORTPARTS}
      >${retryActions(entry, strings.retry, host.deliver !== undefined, (index, button) => on.onRetry(entry.id, index, button))}</artifact-list>`;
    }
    // Sent and not yet acknowledged: the card shows its answer as submitting until the response.
    const sending = entry.phase === 'sending' && !entry.granted && statusOf(entry.response) === 'answered';
    const properties = cardProperties({
      clock: host.clock,
      request: entry.request,
      deadline: entry.phase === 'pending' ? entry.deadline : undefined,
      response: sending ? undefined : responseOf(entry),
      submitting: sending,
      late: entry.phase === 'settled' && entry.late,
      elsewhere: entry.phase === 'settled' ? entry.elsewhere : undefined,
      requester: entry.context.requester,
      ...(entry.request.kind === 'approval' ? { linkState: entry.external ?? '', grant: entry.grant, granted: entry.granted === true } : {}),
    });
    const onResponse = (event: InteractionResponseEvent) => on.onResponse(event, entry);
    return entry.request.kind === 'approval'
      ? html`<approval-dialog data-id=${entry.id} ${properties} locale=${locale} dir=${dir} theme=${theme} exportparts=${EXPORTPARTS} @interaction-response=${onResponse}></approval-dialog>`
      : html`<questionnaire-form data-id=${entry.id} ${properties} locale=${locale} dir=${dir} theme=${theme} layout=${host.layout ?? nothing} exportparts=${EXPORTPARTS} @interaction-response=${onResponse}></questionnaire-form>`;
  };
}
