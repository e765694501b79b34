// <interaction-host> in every language: its own words (the answer-all bar, the connection state)
// and its cards' follow the host's `locale`, and the whole host passes axe-core.
import { expect } from '@open-wc/testing';
import '../../src/entries/locales/zh-TW.js';
import '../../src/entries/locales/ja.js';
import '../../src/entries/locales/ko.js';
import '../../src/entries/locales/es.js';
import '../../src/entries/locales/fr.js';
import '../../src/entries/locales/de.js';
import '../../src/entries/locales/pt-BR.js';
import '../../src/entries/locales/ru.js';
import '../../src/entries/locales/ar.js';
import '../../src/entries/locales/he.js';
import { approvalStrings } from '../../src/i18n/approval.js';
import { hostStrings } from '../../src/i18n/host.js';
import { tableOf } from '../../src/i18n/registry.js';
import { AgentLab } from '../support/agent.js';
import { partIn } from '../support/card-harness.js';
import { card, mountHost, uniqueSession, waitForCard } from '../host/support.js';

const LOCALES = ['zh-CN', 'zh-TW', 'en', 'ja', 'ko', 'es', 'fr', 'de', 'pt-BR', 'ru', 'ar', 'he'] as const;

let lab: AgentLab;
before(async () => {
  lab = await AgentLab.start({ context: { channel: 'feishu' } });
});
after(() => lab.close());

describe('interaction-host in every language', function () {
  this.timeout(60_000);
  for (const locale of LOCALES) {
    it(`${locale}: the answer-all bar, the connection state and each card speak ${locale}; axe clean`, async () => {
      const session = uniqueSession(`host-${locale}`);
      const { host } = await mountHost(lab.url(session));
      host.locale = locale;
      await host.updateComplete;
      const words = tableOf(hostStrings, 'host', locale).host;
      await lab.call(session, 'request_user_approval', { title: '重启服务', message: '重启 staging 环境的 worker 服务？', severity: 'medium' }, `${locale}-1`);
      await lab.call(session, 'request_user_approval', { title: '创建分支', message: '在仓库 web-app 创建分支 feature/login？', severity: 'low' }, `${locale}-2`);
      for (const n of [1, 2]) await waitForCard(host, `${locale}-${n}`);
      await host.updateComplete;
      const root = host.shadowRoot!;
      expect(partIn(root, 'approve-all-button')!.textContent!.trim()).to.equal(words.answerAll.approveAll(2));
      expect(root.textContent).to.contain(words.connection.open);
      const approve = partIn(card(host, `${locale}-1`)!.shadowRoot!, 'approve-button')!;
      expect(approve.textContent!.trim()).to.equal(tableOf(approvalStrings, 'approval', locale).approve);
      await expect(host).to.be.accessible();
      host.remove();
    });
  }
});
