// The host's list of cards, block by block: a render of it renders again only the
// blocks and cards that changed, never the receipts above them.
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import { isWaiting } from '../session/entry.js';
import type { SessionEntry } from '../session/session.js';
import { itemId, type Block } from './arrival-blocks.js';

/** Whether an entry shows flat (a receipt or a refusal), not raised (a pending card, a file list). */
const flat = (entry: SessionEntry): boolean => entry.kind !== 'artifacts' && !isWaiting(entry);

export interface CardListView {
  /** The cards in their blocks, as `arrivalBlocks` hands them out. */
  blocks: ReadonlyMap<number, Block>;
  /** What every card shows besides its entry (language, theme, …): a change renders them all. */
  settings: readonly unknown[];
  /** The answer-all bar and the card it stands above. */
  bar: { id: string; template: TemplateResult } | undefined;
  /** The element that shows an entry. */
  card: (entry: SessionEntry) => TemplateResult;
}

/**
 * The blocks and their list items. A block, and in it a card, is rendered again only when one of
 * its entries (immutable snapshots; the block is the same array while they are), a setting it
 * shows or the answer-all bar above one of them changed: a new card costs its own block (and the
 * bar's), not the list.
 */
export function renderCardList({ blocks, settings, bar, card }: CardListView): TemplateResult {
  return html`${repeat(
    blocks,
    ([key]) => key,
    ([, entries], index) => {
      /** The bar, in the block of the card it stands above: the one card and block it renders again. */
      const barOf = (entry: SessionEntry) => (entry.id === bar?.id ? bar.template : undefined);
      const blockBar = entries.some(barOf) ? bar?.template : undefined;
      // A block above the last with nothing raised in it is skipped off screen as one box.
      const settled = index < blocks.size - 1 && entries.every(flat);
      return html`<div class=${settled ? 'settled' : nothing}>${guard([...settings, entries, blockBar], () =>
        repeat(entries, (entry) => entry.id, (entry) => guard([...settings, entry, barOf(entry)], () => html`<div role="listitem" id=${itemId(entry.id)} class=${flat(entry) ? 'flat' : nothing}>${barOf(entry) ?? nothing}${card(entry)}</div>`)),
      )}</div>`;
    },
  )}`;
}
