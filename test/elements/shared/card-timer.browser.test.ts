// What every card does with its time, run for every kind of card in
// the catalogue: the countdown, its tones, what its live regions say of it (the 30 s warning
// assertively, once), and a host's deadline.
import { expect } from '@open-wc/testing';
import type { InteractionCard } from '../../../src/elements/shared/interaction-card.js';
import { mountCard } from '../../support/card-harness.js';
import { catalogue } from '../../support/requests-catalogue.js';

const SECONDS = 65;

for (const [name, entry] of Object.entries(catalogue)) {
  describe(`<${entry.tag}> ${name}: its time`, () => {
    const mount = () => mountCard<InteractionCard>({ ...entry.request, timeout_seconds: SECONDS }, { attrs: 'layout="list"' });

    it('counts down, turns warning under 30 s and danger under 10 s, and is announced at 60 and 10 s politely and at 30 s once, assertively, with its title', async () => {
      const { el, clock, part, root } = await mount();
      const countdown = () => part('countdown')!;
      const polite = () => root.querySelector('[aria-live="polite"]')!.textContent!.trim();
      const assertive = () => root.querySelector('[aria-live="assertive"]')!.textContent!.trim();
      // Every time the assertive region is given words: a screen reader interrupts for each.
      const interruptions: string[] = [];
      const region = root.querySelector('[aria-live="assertive"]')!;
      const watch = new MutationObserver(() => {
        if (region.textContent!.trim()) interruptions.push(region.textContent!.trim());
      });
      watch.observe(region, { childList: true, subtree: true, characterData: true });
      const calm = getComputedStyle(countdown()).color;
      expect(countdown().hasAttribute('data-urgency')).to.equal(false);
      expect(polite()).to.equal('');
      expect(assertive()).to.equal('');
      const heard = new Set<string>();
      const urgent = new Map<number, string>();
      const tones = new Map<number, string | undefined>();
      const colours = new Map<number, string>();
      for (let left = SECONDS - 1; left >= 1; left -= 1) {
        clock.advance(1000);
        await el.updateComplete;
        if (polite()) heard.add(polite());
        urgent.set(left, assertive());
        tones.set(left, countdown().dataset.urgency);
        colours.set(left, getComputedStyle(countdown()).color);
        if (left === 29 || left === 9) await expect(el).to.be.accessible();
      }
      watch.disconnect();
      const title = part('title')!.textContent!.trim();
      expect([...heard]).to.deep.equal(['剩余时间 1 分钟', '剩余时间 10 秒']);
      expect(interruptions).to.deep.equal([`剩余时间 30 秒，即将超时：${title}`], 'said once, assertively');
      expect(urgent.get(31), 'nothing assertive before 30 s').to.equal('');
      expect(urgent.get(30)).to.equal(`剩余时间 30 秒，即将超时：${title}`);
      expect(urgent.get(10), 'the 10 s warning is polite').to.equal('');
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
