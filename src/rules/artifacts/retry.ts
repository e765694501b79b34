// Retry of one failed delivery (the user's 重试 / Retry under the host): which items may be tried
// again, and the card's files and delivery result once one was. Pure: the session runs `deliver`.
import type { Provider } from '../../protocol/constants.js';
import type { DeliveryResult, FilePart, ProviderDelivery } from '../../protocol/results.js';
import { deliverySummary, filePart, listDelivery, type DeliveryLists, type ItemDelivery } from './deliver.js';
import type { Artifact } from './prepare.js';
import { DELIVERY_REASONS } from './reasons.js';

/** Failures a new attempt cannot change: the size limits are checked before `deliver` is asked. */
const FINAL: ReadonlySet<string> = new Set([DELIVERY_REASONS.imageTooLarge, DELIVERY_REASONS.fileTooLarge]);

/** The provider a delivery result is about, and its summary. */
export function providerOf(delivery: DeliveryResult | undefined): [Provider, ProviderDelivery] | undefined {
  const [entry] = Object.entries(delivery ?? {});
  return entry as [Provider, ProviderDelivery] | undefined;
}

/**
 * The items a new attempt could deliver: failed (read from the result, as the list shows them)
 * for a reason `deliver` gave, not a size limit.
 */
export function retryableItems(items: readonly FilePart[], delivery: DeliveryResult | undefined): number[] {
  const summary = providerOf(delivery)?.[1];
  if (!summary) return [];
  return items.flatMap((item, index) =>
    !item.delivered && !FINAL.has(item.delivery_reason) && summary.failed.some((f) => f.name === item.name && f.reason === item.delivery_reason) ? [index] : [],
  );
}

/** The item a file part describes, to hand to `deliver` again. */
export function artifactOf(part: FilePart): Artifact {
  const { name, path, url, mime, subtype, size, caption } = part;
  return { name, path, url, mime, subtype: subtype === 'image' ? 'image' : '', size, caption };
}

const LISTS = ['success', 'failed', 'skipped'] as const;

/**
 * The files and the delivery result once item `index` was delivered again: its own outcome
 * replaces the old one; every other item keeps its state and place.
 */
export function withRetried(items: readonly FilePart[], delivery: DeliveryResult, index: number, outcome: ItemDelivery): { items: FilePart[]; delivery: DeliveryResult } {
  const found = providerOf(delivery);
  const target = items[index];
  if (!found || !target) return { items: [...items], delivery };
  const [provider, summary] = found;
  const next = items.map((item, i) => (i === index ? filePart(artifactOf(target), target.audience, outcome) : item));
  // In item order, each item takes back its old entry (the first with its name, in success, then
  // failed, then skipped), so that equal names keep theirs; the retried item's gives way.
  const pools: Record<(typeof LISTS)[number], { name: string }[]> = { success: [...summary.success], failed: [...summary.failed], skipped: [...summary.skipped] };
  const lists: DeliveryLists = { success: [], failed: [], skipped: [] };
  next.forEach((item, i) => {
    for (const list of LISTS) {
      const at = pools[list].findIndex((entry) => entry.name === item.name);
      if (at < 0) continue;
      const old = pools[list].splice(at, 1);
      if (i !== index) (lists[list] as { name: string }[]).push(...old);
      break;
    }
    if (i === index) listDelivery(lists, item.name, outcome);
  });
  return { items: next, delivery: { [provider]: { ...summary, ...deliverySummary(lists) } } };
}
