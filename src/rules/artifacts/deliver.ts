import { isRecord, type Provider } from '../../protocol/constants.js';
import type { ArtifactsResult, FilePart, ProviderDelivery } from '../../protocol/results.js';
import { artifactsContent, type ResultLanguage } from '../content.js';
import type { Artifact, PreparedArtifacts } from './prepare.js';
import { DELIVERY_REASONS } from './reasons.js';

/** What the host page's `deliver` function answers for one item. */
export interface DeliverOutcome {
  delivered: boolean;
  /** How it was sent (`file`, `image`, `post_link`, `link`, …). */
  type?: string;
  /** Why it was not, as a short code. */
  reason?: string;
}

/** Delivers one item through the provider; it lives where the credentials are. */
export type DeliverFunction = (item: Artifact, provider: Provider) => Promise<DeliverOutcome>;

/** The fate of one item: sent, or skipped / failed with a reason code. */
export type ItemDelivery =
  | { state: 'delivered'; type: string }
  | { state: 'skipped' | 'failed'; reason: string };

const MIB = 1_048_576;
export const FEISHU_IMAGE_LIMIT = 10 * MIB;
export const FEISHU_FILE_LIMIT = 30 * MIB;

/**
 * The per-item rules that decide without calling `deliver` (docs/protocol.md §4.4, first that applies);
 * undefined means `deliver` decides.
 */
export function deliveryPrecheck(
  item: Artifact,
  provider: Provider,
  enabled: boolean,
): ItemDelivery | undefined {
  if (!enabled) return { state: 'skipped', reason: DELIVERY_REASONS.noDeliver };
  if ((provider === 'dingtalk' || provider === 'wecom') && !item.url) {
    return { state: 'skipped', reason: DELIVERY_REASONS.noNativeUpload };
  }
  if (provider === 'feishu' && item.path && !item.url && item.size !== null) {
    const image = item.subtype === 'image';
    if (item.size > (image ? FEISHU_IMAGE_LIMIT : FEISHU_FILE_LIMIT)) {
      return {
        state: 'failed',
        reason: image ? DELIVERY_REASONS.imageTooLarge : DELIVERY_REASONS.fileTooLarge,
      };
    }
  }
  return undefined;
}

/** The message type a provider uses for an item when `deliver` did not say. */
function defaultType(item: Artifact, provider: Provider): string {
  if (provider !== 'feishu') return 'link';
  if (item.url) return 'post_link';
  return item.subtype === 'image' ? 'image' : 'file';
}

/** Reads a `deliver` answer: success only when it says so. */
function deliveryFromOutcome(
  item: Artifact,
  provider: Provider,
  outcome: DeliverOutcome | undefined,
): ItemDelivery {
  if (outcome?.delivered === true) {
    return { state: 'delivered', type: outcome.type || defaultType(item, provider) };
  }
  return { state: 'failed', reason: outcome?.reason || DELIVERY_REASONS.failed };
}

/**
 * One item's delivery: decided by the rules when they can, else by `deliver`; a deliver that
 * throws counts as a failure without a reason.
 */
export async function deliverItem(item: Artifact, provider: Provider, deliver: DeliverFunction | undefined): Promise<ItemDelivery> {
  return deliveryPrecheck(item, provider, deliver !== undefined) ?? deliveryFromOutcome(item, provider, await deliver?.(item, provider).catch(() => undefined));
}

/** Runs the delivery of every item, one after another, then builds the tool result (`content` in `language`). */
export async function deliverArtifacts(
  prepared: Extract<PreparedArtifacts, { ok: true }>,
  deliver?: DeliverFunction,
  language: ResultLanguage = 'zh',
): Promise<ArtifactsResult> {
  const deliveries: ItemDelivery[] = [];
  for (const item of prepared.items) deliveries.push(await deliverItem(item, prepared.provider, deliver));
  return artifactsResult(prepared, deliveries, deliver !== undefined, language);
}

/** A `file` content part: what `<artifact-list>` shows for one item. */
export function filePart(item: Artifact, audience: string, delivery: ItemDelivery): FilePart {
  return {
    type: 'file',
    subtype: item.subtype,
    name: item.name,
    path: item.path,
    url: item.url,
    mime: item.mime,
    size: item.size,
    caption: item.caption,
    audience,
    artifact_source: 'publish_artifacts',
    delivered: delivery.state === 'delivered',
    delivery_reason: delivery.state === 'delivered' ? '' : delivery.reason,
  };
}

/** File parts for items that were not delivered (yet): listed, with `reason` when there is one. */
export function undeliveredParts(items: readonly Artifact[], audience: string, reason: string): FilePart[] {
  return items.map((item) => filePart(item, audience, { state: 'skipped', reason }));
}

/** The `file` parts of a `publish_artifacts` result (every part after the tool event). */
export function fileParts(result: { content_parts: readonly unknown[] }): FilePart[] {
  return result.content_parts.filter((part): part is FilePart => isRecord(part) && part.type === 'file');
}

/** A provider's delivered, failed and skipped items, each list in item order. */
export type DeliveryLists = Pick<ProviderDelivery, 'success' | 'failed' | 'skipped'>;

/** Adds one item's delivery to the list it belongs in. */
export function listDelivery(lists: DeliveryLists, name: string, delivery: ItemDelivery): void {
  if (delivery.state === 'delivered') lists.success.push({ name, type: delivery.type });
  else lists[delivery.state].push({ name, reason: delivery.reason });
}

/** A provider's summary of `lists`: `ok` when nothing failed, and the counts as its `reason`. */
export function deliverySummary(lists: DeliveryLists): Pick<ProviderDelivery, 'ok' | 'reason'> & DeliveryLists {
  const { success, failed, skipped } = lists;
  return { ok: failed.length === 0, reason: `success=${success.length} failed=${failed.length} skipped=${skipped.length}`, success, failed, skipped };
}

/** The `publish_artifacts` tool result (docs/protocol.md §5); `deliveries` are in item order. */
export function artifactsResult(
  prepared: Extract<PreparedArtifacts, { ok: true }>,
  deliveries: readonly ItemDelivery[],
  enabled: boolean,
  language: ResultLanguage = 'zh',
): ArtifactsResult {
  const missing: ItemDelivery = { state: 'failed', reason: DELIVERY_REASONS.failed };
  const rows = prepared.items.map((item, index) => ({ item, delivery: deliveries[index] ?? missing }));
  const lists: DeliveryLists = { success: [], failed: [], skipped: [] };
  for (const { item, delivery } of rows) listDelivery(lists, item.name, delivery);
  const { provider } = prepared;
  const { ok, reason, success, failed, skipped } = deliverySummary(lists);
  return {
    source_tool: 'publish_artifacts',
    content: artifactsContent(provider, success.length, failed.length, skipped.length, language),
    content_parts: [
      { type: 'tool_event', tool_name: 'publish_artifacts', status: 'completed', summary: prepared.summary },
      ...rows.map(({ item, delivery }) => filePart(item, prepared.audience, delivery)),
    ],
    delivery_result: {
      [provider]: { ok, enabled, reason, success, failed, skipped },
    },
  };
}
