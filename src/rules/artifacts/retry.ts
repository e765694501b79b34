// Retry of one failed delivery (the user's 重试 / Retry under the host): which items may be tried
// again, and the card's files and delivery result once one was. Pure: the session runs `deliver`.
import type { Provider } from '../../protocol/constants.js';
import type { DeliveryResult, FilePart, ProviderDelivery } from '../../protocol/results.js';
import { filePart, type ItemDelivery } from './deliver.js';
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

/**
 * The files and the delivery result once item `index` was delivered again: its own outcome
 * replaces the old one; every other item keeps its state and place.
 */
export function withRetried(items: readonly FilePart[], delivery: DeliveryResult, index: number, outcome: ItemDelivery): { items: FilePart[]; delivery: DeliveryResult } {
  const found = providerOf(delivery);
  const target = items[index];
  if (!found || !target) return { items: [...items], delivery };
  const [provider, summary] = found;
  const retried = filePart(artifactOf(target), target.audience, outcome);
  const next = items.map((item, i) => (i === index ? retried : item));
  // Each list in item order; an item's old entry is taken once, so equal names keep theirs.
  const pools = { success: [...summary.success], failed: [...summary.failed], skipped: [...summary.skipped] };
  const success: ProviderDelivery['success'] = [];
  const failed: ProviderDelivery['failed'] = [];
  const skipped: ProviderDelivery['skipped'] = [];
  next.forEach((item, i) => {
    if (i === index) {
      if (outcome.state === 'delivered') success.push({ name: item.name, type: outcome.type });
      else (outcome.state === 'failed' ? failed : skipped).push({ name: item.name, reason: outcome.reason });
      for (const pool of Object.values(pools)) {
        const at = pool.findIndex((entry) => entry.name === target.name);
        if (at >= 0) {
          pool.splice(at, 1);
          break;
        }
      }
      return;
    }
    for (const [key, list] of [['success', success], ['failed', failed], ['skipped', skipped]] as const) {
      const pool = pools[key] as { name: string }[];
      const at = pool.findIndex((entry) => entry.name === item.name);
      if (at < 0) continue;
      (list as { name: string }[]).push(...pool.splice(at, 1));
      return;
    }
  });
  const reason = `success=${success.length} failed=${failed.length} skipped=${skipped.length}`;
  return { items: next, delivery: { [provider]: { ...summary, ok: failed.length === 0, reason, success, failed, skipped } } };
}
