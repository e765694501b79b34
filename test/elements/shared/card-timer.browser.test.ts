// What every card does with its time (DESIGN §6.1, §11.2), run for every kind of card in the
// catalogue: the countdown, its tones, what the live region says of it, and a host's deadline.
import { expect } from '@open-wc/testing';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { mountCard } from '../../support/card-harness.js';
import { catalogue } from '../../support/requests-catalogue.js';

const SECONDS = 65;

for (const [name, entry] of Object.entries(catalogue)) {
  describe(`<${entry.tag}> ${name}: its time`, () => {
    const mount = () => mountCard<InteractionCard>({ ...entry.request, timeout_seconds: SECONDS }, { attrs: 'layout="list"' });

    it('counts down, turns warning under 30 s and danger under 10 s, and is announced at 60, 30 and 10 s only', async () => {
      const { el, clock, part, root } = await mount();
      const countdown = () => part('countdown')!;
      const spoken = () => root.querySelector('[aria-live="polite"]')!.textContent!.trim();
      const calm = getComputedStyle(countdown()).color;
      expect(countdown().hasAttribute('data-urgency')).to.equal(false);
      expect(spoken()).to.equal('');
      const heard = new Set<string>();
      const tones = new Map<number, string | undefined>();
      const colours = new Map<number, string>();
      for (let left = SECONDS - 1; left >= 1; left -= 1) {
        clock.advance(1000);
        await el.updateComplete;
        if (spoken()) heard.add(spoken());
        tones.set(left, countdown().dataset.urgency);
        colours.set(left, getComputedStyle(countdown()).color);
        if (left === 29 || left === 9) await expect(el).to.be.accessible();
      }
      expect([...heard]).to.deep.equal(['剩余时间 1 分钟', '剩余时间 30 秒', '剩余时间 10 秒']);
      expect(tones.get(60), 'calm at 1:00').to.equal(undefined);
      expect(tones.get(30), '0:30 is not under 30 s').to.equal(undefined);
      expect(tones.get(29)).to.equal('warning');
      expect(tones.get(10)).to.equal('warning');
      expect(tones.get(9)).to.equal('danger');
      expect(colours.get(29), 'warning has its own tone').to.not.equal(calm);
      expect(colours.get(9), 'danger has its own tone').to.not.equal(colours.get(29));
      expect(root.querySelector('[role="timer"]')!.textContent).to.contain('0:01');
    });

    it('hosted: with a deadline set by a host it only shows the countdown, and fires nothing', async () => {
      const { el, clock, events, part } = await mount();
      el.deadline = clock.now() + 30_000;
      await el.updateComplete;
      expect(part('countdown')!.textContent).to.contain('0:30');
      clock.advance(31_000);
      await el.updateComplete;
      expect(events).to.have.length(0);
      expect(el.state).to.equal('pending');
      expect(part('countdown')!.textContent).to.contain('0:00');
    });
  });
}
