// <approval-dialog> as a user answers it: 批准 (and 确认批准 on high risk), 拒绝 with a reason,
// 本会话内允许; with real key presses, as the keyboard tests do.
import type { ApprovalDialog } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { CONFIRM_DELAY_MS } from '../../../src/elements/approval-dialog/approval-dialog.js';
import { FakeClock } from '../fake-clock.js';
import { type } from '../keyboard.js';
import { CardHarness } from './card.js';

export class ApprovalHarness extends CardHarness<ApprovalDialog> {
  /**
   * Tabs to 批准 and presses Enter; on a high-risk call, waits for 确认批准 to arm (on the card's
   * fake clock when it has one) and presses Enter on it, where focus went.
   */
  readonly approve = async () => {
    await this.activate('approve-button');
    if (!this.part('confirm-button')) return;
    if (this.el.clock instanceof FakeClock) this.el.clock.advance(CONFIRM_DELAY_MS);
    else await new Promise((resolve) => setTimeout(resolve, CONFIRM_DELAY_MS + 50));
    await this.settle();
    await this.press('Enter');
  };

  /** Rejects with the keyboard: with a note, through 添加理由 (which focuses it) first. */
  readonly reject = async (note?: string) => {
    if (note) {
      await this.activate('add-reason-button');
      await type(note);
      await this.settle();
    }
    await this.activate('reject-button');
  };

  /** Tabs to 本会话内允许 and presses Enter. */
  readonly grant = () => this.activate('grant-button');

  /** The line under the grant that says what it allows, or null when no grant is offered. */
  readonly grantScope = () => this.find('.grant-scope');

  /** The buttons of the action row, in order. */
  readonly actions = () => this.part('actions')?.querySelectorAll('button') ?? [];
}
