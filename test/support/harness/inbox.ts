// <interaction-inbox> as a page reads it, and the runtime's end of its connection as a test plays
// it: rows by call id, the open card (through the card harnesses), the filters; frames the test
// sends (hello, the snapshot, inbox_add, inbox_remove, ack) and every frame the inbox sent.
import { waitUntil } from '@open-wc/testing';
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import type { QuestionnaireForm } from '../../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionInbox } from '../../../src/host/inbox/interaction-inbox.js';
import { BaseTransport } from '../../../src/transport/transport.js';
import { ApprovalHarness } from './approval.js';
import { ShadowHarness } from './card.js';
import { QuestionnaireHarness } from './questionnaire.js';

type Frame = Record<string, unknown>;

/** The runtime's end of an inbox connection: what the test sends arrives as JSON text frames. */
export class InboxRuntime extends BaseTransport {
  readonly sent: Frame[] = [];
  connect(): void {
    this.setState('open');
  }
  send(message: object): boolean {
    if (this.state !== 'open') return false;
    this.sent.push(JSON.parse(JSON.stringify(message)) as Frame);
    return true;
  }
  close(): void {
    this.setState('closed');
  }
  /** A frame from the runtime, `v: 1` added. */
  deliver(frame: Frame): void {
    this.emitMessage(JSON.stringify({ v: 1, ...frame }));
  }
  /** The connection drops, then opens again (the inbox says `connect` once more). */
  drop(): void {
    this.setState('reconnecting');
  }
  reopen(): void {
    this.setState('open');
  }
  /** What the inbox sent of one type. */
  of(type: string): Frame[] {
    return this.sent.filter((frame) => frame.type === type);
  }
  /** `hello {inbox, actor}`, then the snapshot. */
  greet(actor: string, calls: Frame[]): void {
    this.deliver({ type: 'hello', inbox: true, actor });
    this.deliver({ type: 'inbox', calls });
  }
}

const byRow = (id: string) => `[data-row="${CSS.escape(id)}"]`;

export class InboxHarness extends ShadowHarness<InteractionInbox> {
  /** The call ids of the rows shown, in order. */
  readonly rowIds = () => this.findAll('[data-row]').map((row) => row.getAttribute('data-row'));
  /** Row `id`'s focusable line (a button while it waits, a paragraph once it is a receipt). */
  readonly row = (id: string) => this.find<HTMLElement>(`${byRow(id)} .line`);
  /** The text of row `id`, spaces collapsed. */
  readonly rowText = (id: string) => this.row(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  /** The open card's element, if any. */
  readonly openCard = () => this.find<HTMLElement>('[part~="opened"] [data-id]');
  readonly waitForRow = (id: string) => waitUntil(() => this.row(id), `no row ${id}`, { interval: 5, timeout: 5000 });
  readonly waitForCard = async () => {
    await waitUntil(() => this.openCard(), 'no card open', { interval: 5, timeout: 5000 });
    await (this.openCard() as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    return this.openCard()!;
  };
  /** The open approval's harness. */
  readonly approval = () => new ApprovalHarness(this.openCard() as ApprovalDialog);
  /** The open questionnaire's harness. */
  readonly questionnaire = () => new QuestionnaireHarness(this.openCard() as QuestionnaireForm);
  /** Picks `value` in the filter whose part is `part`, as a person's change would. */
  readonly filter = async (part: 'session-filter' | 'kind-filter', value: string) => {
    const select = this.part<HTMLSelectElement>(part)!;
    select.value = value;
    select.dispatchEvent(new Event('change'));
    await this.settle();
  };
  /** What the polite live region says now. */
  readonly announcement = () => this.find('[aria-live="polite"]')?.textContent ?? '';
}

export const inboxHarness = (inbox: InteractionInbox) => new InboxHarness(inbox);
