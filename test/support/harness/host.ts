// <interaction-host> as a page reads it: its cards by call id (each through its own harness), its
// live region, its own parts (the status line, the grants menu, the answer-all bar).
import { waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import type { ArtifactList } from '../../../src/elements/artifact-list/artifact-list.js';
import type { QuestionnaireForm } from '../../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import type { InteractionHost } from '../../../src/host/interaction-host.js';
import { ApprovalHarness } from './approval.js';
import { ArtifactsHarness } from './artifacts.js';
import { CardHarness, ShadowHarness } from './card.js';
import { QuestionnaireHarness } from './questionnaire.js';

const byId = (id: string) => `[data-id="${CSS.escape(id)}"]`;

export class HostHarness extends ShadowHarness<InteractionHost> {
  /** The card element of call `id`, if shown. */
  readonly card = <T extends Element = InteractionCard>(id: string) => this.find<T>(byId(id));

  /** Every card element shown (cards and receipts), in order. */
  readonly cards = <T extends Element = InteractionCard>() => this.findAll<T>('[data-id]');

  /** The call ids of the cards shown, in order. */
  readonly ids = () => this.cards().map((card) => card.getAttribute('data-id'));

  /** Waits until call `id` shows a card, and for its first render. */
  readonly waitForCard = async <T extends Element = InteractionCard>(id: string, timeout = 5000): Promise<T> => {
    // Checked often (a check is cheap; long runs wait for hundreds of cards), given time on busy cores.
    await waitUntil(() => this.card(id), `no card ${id}`, { interval: 5, timeout });
    const el = this.card<T>(id)!;
    await (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete;
    return el;
  };

  /** The harness of call `id`'s card, as its kind is answered (it records responses from now on). */
  readonly cardHarness = (id: string) => {
    const el = this.card(id);
    if (!el) throw new Error(`no card ${id}`);
    return new CardHarness(el);
  };

  /** The harness of call `id`'s approval card. */
  readonly approval = (id: string) => new ApprovalHarness(this.required<ApprovalDialog>(id, 'approval-dialog'));

  /** The harness of call `id`'s questionnaire card. */
  readonly questionnaire = (id: string) => new QuestionnaireHarness(this.required<QuestionnaireForm>(id, 'questionnaire-form'));

  /** The harness of the artifact list of call `id` (the first list shown without an id). */
  readonly artifacts = (id?: string) => {
    const el = this.find<ArtifactList>(id ? `artifact-list${byId(id)}` : 'artifact-list');
    if (!el) throw new Error(`no artifact list${id ? ` ${id}` : ''}`);
    return new ArtifactsHarness(el);
  };

  /** What the polite live region says now (what a screen reader was told last). */
  readonly announcement = () => this.find('[aria-live="polite"]')?.textContent ?? '';

  /** The card list's blocks (the runs of cards between answer-all bars), in order. */
  readonly blocks = () => this.findAll('.cards > :not(.end)');

  private required<T extends Element>(id: string, tag: string): T {
    const el = this.card<T>(id);
    if (!el || el.localName !== tag) throw new Error(`no <${tag}> for ${id} (found ${el?.localName ?? 'nothing'})`);
    return el;
  }
}

/** The harness of a mounted host. */
export const hostHarness = (host: InteractionHost) => new HostHarness(host);
