import { PROTOCOL_VERSION } from '../protocol/constants.js';
import type { InteractionContext } from '../protocol/context.js';
import type { ResultMessage } from '../protocol/kit-messages.js';
import type { ArtifactsResult, ErrorResult } from '../protocol/results.js';
import type { ResultLanguage } from '../rules/content.js';
import { deliverArtifacts, deliverItem, fileParts, undeliveredParts, type DeliverFunction } from '../rules/artifacts/deliver.js';
import { DELIVERY_REASONS } from '../rules/artifacts/reasons.js';
import { prepareArtifacts } from '../rules/artifacts/prepare.js';
import { artifactOf, providerOf, retryableItems, withRetried } from '../rules/artifacts/retry.js';
import { delivered, type ArtifactsEntry } from './entry.js';
import type { EntryStore } from './entry-store.js';

/** What the publisher needs from its session. */
export interface PublisherPorts {
  store: EntryStore;
  /** The page's `deliver`, read when a call arrives. */
  deliver(): DeliverFunction | undefined;
  /** The language of the result's `content`, read when a call arrives. */
  language(): ResultLanguage;
  /** Sends a result through the outbox; `entry` is what the card shows meanwhile, if any. */
  dispatch(entry: ArtifactsEntry | undefined, message: ResultMessage): void;
}

/**
 * The items of a card the user may Retry: failed ones that the page's `deliver` sent (never a
 * result the runtime delivered itself), once the first delivery has ended.
 */
export function retryOffers(entry: ArtifactsEntry, deliver: boolean): number[] {
  return deliver && entry.source === 'tool_call' && entry.phase === 'delivered' ? retryableItems(entry.items, entry.delivery) : [];
}

const without = (list: readonly number[], index: number) => list.filter((i) => i !== index);

function resultMessage(id: string, result: ArtifactsResult | ErrorResult): ResultMessage {
  return { v: PROTOCOL_VERSION, type: 'tool_result', call_id: id, tool: 'publish_artifacts', result };
}

/**
 * `publish_artifacts`: applies the rules, shows the files while the page's
 * `deliver` runs (asynchronously, one item after another), then answers with the tool result.
 */
export class ArtifactPublisher {
  constructor(private readonly ports: PublisherPorts) {}

  async publish(id: string, args: Record<string, unknown>, context: InteractionContext): Promise<void> {
    const { store, dispatch } = this.ports;
    const prepared = prepareArtifacts(args, context);
    const base = { id, tool: 'publish_artifacts', source: 'tool_call', context } as const;
    if (!prepared.ok) {
      // A refused call shows nothing, except on a channel without delivery: the files are listed.
      const listed =
        prepared.items.length > 0
          ? store.put<ArtifactsEntry>({
              ...base, kind: 'artifacts', ...delivered(false), title: prepared.title,
              items: undeliveredParts(prepared.items, 'auto', DELIVERY_REASONS.notAvailable),
            })
          : undefined;
      dispatch(listed, resultMessage(id, { error: prepared.error }));
      return;
    }
    // While delivering, the items have no state yet (the card says "sending").
    const shown = store.put<ArtifactsEntry>({
      ...base, kind: 'artifacts', phase: 'delivering', title: prepared.title,
      items: undeliveredParts(prepared.items, prepared.audience, ''),
    });
    const outcome = await deliverArtifacts(prepared, this.ports.deliver(), this.ports.language());
    if (store.get(id) !== shown) return; // cancelled, replaced or removed meanwhile
    dispatch({ ...shown, ...delivered(false), items: fileParts(outcome), delivery: outcome.delivery_result }, resultMessage(id, outcome));
  }

  /**
   * The user's Retry of item `index` of card `id`: `deliver` is asked again for that item only,
   * and its outcome replaces the old one in the card's files and `delivery_result`. The runtime
   * hears nothing of it: the model has read the tool result already, and a runtime keeps the
   * first valid result per call, so the card is the one record of a retry.
   * Resolves false when the item may not be retried (or is being retried), or when the card was
   * replaced or removed meanwhile.
   */
  async retry(id: string, index: number): Promise<boolean> {
    const { store } = this.ports;
    const deliver = this.ports.deliver();
    const entry = store.get(id);
    const found = providerOf(entry?.kind === 'artifacts' ? entry.delivery : undefined);
    const part = entry?.kind === 'artifacts' ? entry.items[index] : undefined;
    if (entry?.kind !== 'artifacts' || entry.phase !== 'delivered' || !deliver || !found || !part || entry.retrying.includes(index) || !retryOffers(entry, true).includes(index)) return false;
    const [provider] = found;
    const item = artifactOf(part);
    store.put({ ...entry, retrying: [...entry.retrying, index], retried: without(entry.retried, index) });
    const outcome = await deliverItem(item, provider, deliver);
    const now = store.get(id);
    if (now?.kind !== 'artifacts' || now.phase !== 'delivered' || !now.retrying.includes(index) || !now.delivery) return false;
    const retried = outcome.state === 'delivered' ? [...now.retried, index] : now.retried;
    store.put({ ...now, ...withRetried(now.items, now.delivery, index, outcome), retrying: without(now.retrying, index), retried });
    return true;
  }
}
