// The hostile corpus (test/fixtures/notifiers.json) through every sender's payload: what a model
// wrote reaches no platform as markup. No mention, no link but the answer link, no hidden
// character, and the text still there to read. The Python senders run the same corpus.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { NOTICE_MESSAGE_LENGTH, noticeText, type NotifyInput } from '../../../src/agent/links/notify.js';
import { dingTalkMessage } from '../../../src/agent/links/dingtalk-sender.js';
import { emailMessage } from '../../../src/agent/links/email-sender.js';
import { feishuMessage } from '../../../src/agent/links/feishu-sender.js';
import { slackMessage } from '../../../src/agent/links/slack-sender.js';
import { WECOM_LENGTHS, weComMessage } from '../../../src/agent/links/wecom-sender.js';
import { webhookBody } from '../../../src/agent/links/webhook-sender.js';
import { HIDDEN } from '../../../src/rules/hidden-characters.js';
import { ANSWER_LINK, pendingCall } from './stand-in.js';

const { hostile } = JSON.parse(readFileSync(new URL('../../fixtures/notifiers.json', import.meta.url), 'utf8')) as { hostile: { name: string; message: string }[] };

/** The same text as title and message: both fields carry it. */
const notice = (text: string): NotifyInput => {
  const input = pendingCall(text);
  return { ...input, call: { ...input.call, arguments: { ...input.call.arguments, title: text } } };
};

/** Every URL in a payload's JSON. */
const urls = (payload: unknown) => [...JSON.stringify(payload).matchAll(/https?:\/\/[^"\\\s)|>]+/g)].map((match) => match[0]);

describe('hostile model text in a notice', () => {
  it('the corpus holds at least 30 payloads', () => assert.ok(hostile.length >= 30, String(hostile.length)));

  it('the words every sender reads: hidden characters as marks, length bounded, the rest kept', () => {
    for (const { name, message } of hostile) {
      const words = noticeText(notice(message));
      assert.equal(HIDDEN.test(words.message), false, name);
      HIDDEN.lastIndex = 0;
      assert.ok(Array.from(words.message).length <= NOTICE_MESSAGE_LENGTH, name);
    }
    assert.equal(noticeText(notice('ap\u200Bpr\u202Eove')).message, 'ap⟨U+200B⟩pr⟨U+202E⟩ove');
    assert.equal(noticeText(notice('a\r\nb')).message, 'a\nb');
  });

  it('Slack: no mention, no link but the answer link, nothing left to parse', () => {
    for (const { name, message } of hostile) {
      const payload = slackMessage(notice(message));
      const json = JSON.stringify(payload);
      assert.doesNotMatch(json, /<[!@#]/, `${name}: a mention or a channel link survived`);
      assert.doesNotMatch(json, /<https?:/, `${name}: a Slack link survived`);
      const sections = payload.blocks.filter((block) => (block as { type: string }).type === 'section') as { text: { verbatim: boolean; text: string } }[];
      for (const section of sections) {
        assert.equal(section.text.verbatim, true, `${name}: auto-linking stays off`);
        assert.doesNotMatch(section.text.text, /[<>]/, name);
      }
      const buttons = urls(payload.blocks.filter((block) => (block as { type: string }).type === 'actions'));
      assert.deepEqual(buttons, [ANSWER_LINK], name);
    }
  });

  it('the JSON webhook: the model’s text is data in its fields, the answer link its only link field', () => {
    for (const { name, message } of hostile) {
      const body = webhookBody(notice(message));
      assert.equal(body.link, ANSWER_LINK, name);
      assert.equal(body.message, noticeText(notice(message)).message, name);
      assert.equal(JSON.parse(JSON.stringify(body)).message, body.message, `${name}: the body round-trips as JSON`);
    }
  });

  it('Feishu: every text plain_text (never lark_md or markdown), the button the only link', () => {
    for (const { name, message } of hostile) {
      const card = feishuMessage(notice(message));
      const words = noticeText(notice(message));
      const texts: { tag: string; content: string }[] = [];
      const links: unknown[] = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (node === null || typeof node !== 'object') return;
        const record = node as Record<string, unknown>;
        assert.ok(!['lark_md', 'markdown', 'at', 'a', 'img'].includes(String(record.tag)), `${name}: a ${String(record.tag)} element`);
        if (typeof record.content === 'string') texts.push(record as { tag: string; content: string });
        for (const key of ['url', 'href', 'multi_url', 'pc_url', 'android_url', 'ios_url']) if (key in record) links.push(record[key]);
        Object.values(record).forEach(walk);
      };
      walk(card);
      assert.ok(texts.every((text) => text.tag === 'plain_text'), `${name}: ${JSON.stringify(texts.map((t) => t.tag))}`);
      assert.deepEqual(links, [ANSWER_LINK], name);
      const shown = texts.map((text) => text.content);
      assert.ok(shown.includes(words.message || ' '), `${name}: the message is kept as written`);
      assert.ok(shown.includes(words.title ?? 'An agent is waiting for your answer'), `${name}: the title is kept as written`);
    }
  });

  it('DingTalk: every markdown character escaped, no `at` field, the button the only link', () => {
    // Only escaped punctuation (a backslash before each), and no bare URL for an auto-linker.
    const inert = /^(?:\\[!-/:-@[-`{-~]|[^!-/:-@[-`{-~])*$/;
    const unescape = (value: string) => value.replace(/ {2}\n/g, '\n').replace(/\\([!-/:-@[-`{-~])/g, '$1');
    for (const { name, message } of hostile) {
      const body = dingTalkMessage(notice(message));
      const words = noticeText(notice(message));
      assert.deepEqual(Object.keys(body), ['msgtype', 'actionCard'], name);
      assert.deepEqual(Object.keys(body.actionCard), ['title', 'text', 'singleTitle', 'singleURL'], name);
      assert.equal(body.actionCard.singleURL, ANSWER_LINK, name);
      const [heading, ...rest] = body.actionCard.text.split('\n\n');
      assert.ok(heading.startsWith('### '), name);
      const parts = [heading.slice(4), ...rest.map((part) => part.replace(/^Severity: /, ''))];
      for (const part of parts) assert.match(part, inert, `${name}: ${part}`);
      assert.doesNotMatch(body.actionCard.text, /https?:\/\/|www\./, `${name}: a URL left to auto-link`);
      assert.equal(unescape(parts[0]), words.title ?? 'An agent is waiting for your answer', `${name}: the title is kept`);
      if (words.message) assert.equal(unescape(parts[1]), words.message, `${name}: the message is kept`);
    }
  });

  it('WeCom: plain text in the card’s fields within their lengths, no mention list, the answer link its only link', () => {
    /** The shown words are the start of the model's words, an ellipsis marking a cut. */
    const kept = (shown: string | undefined, words: string) => shown === words || (shown?.endsWith('…') && words.startsWith(shown.slice(0, -1)));
    for (const { name, message } of hostile) {
      const body = weComMessage(notice(message));
      const words = noticeText(notice(message));
      const card = body.template_card;
      assert.deepEqual(Object.keys(body), ['msgtype', 'template_card'], name);
      assert.ok(Object.keys(card).every((key) => ['card_type', 'main_title', 'sub_title_text', 'jump_list', 'card_action'].includes(key)), `${name}: ${Object.keys(card).join()}`);
      assert.doesNotMatch(JSON.stringify(body), /mentioned_/, name);
      assert.deepEqual([card.card_action.url, ...card.jump_list.map((jump) => jump.url)], [ANSWER_LINK, ANSWER_LINK], name);
      assert.ok(Array.from(card.main_title.title).length <= WECOM_LENGTHS.title, name);
      assert.ok(Array.from(card.main_title.desc ?? '').length <= WECOM_LENGTHS.desc, name);
      assert.ok(Array.from(card.sub_title_text ?? '').length <= WECOM_LENGTHS.subTitle, name);
      assert.ok(card.jump_list.every((jump) => Array.from(jump.title).length <= WECOM_LENGTHS.jump), name);
      assert.ok(kept(card.main_title.title, words.title ?? 'An agent is waiting'), `${name}: the title is kept`);
      if (words.message) assert.ok(kept(card.sub_title_text, words.message), `${name}: the message is kept`);
    }
  });

  it('email: a one-line subject, every model string escaped in the HTML, the answer link its only anchor', () => {
    const unescapeHtml = (value: string) =>
      value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
    for (const { name, message } of hostile) {
      const mail = emailMessage(notice(message));
      const words = noticeText(notice(message));
      assert.doesNotMatch(mail.subject, /[\r\n]/, `${name}: a line break in the subject`);
      const tags = [...mail.html.matchAll(/<[^>]*>/g)].map((tag) => tag[0]);
      const ours = ['<!doctype html>', '<html>', '<body>', '<h1>', '</h1>', '<p style="white-space: pre-wrap">', '<p>', '</p>', `<a href="${ANSWER_LINK}">`, '</a>', '</body>', '</html>'];
      assert.deepEqual(tags.filter((tag) => !ours.includes(tag)), [], `${name}: a tag the model wrote`);
      assert.deepEqual(tags.filter((tag) => tag.startsWith('<a')), [`<a href="${ANSWER_LINK}">`], name);
      const shown = mail.html.replace(/<[^>]*>/g, '\u0000');
      assert.doesNotMatch(shown, /[<>"']/, `${name}: a markup character left unescaped`);
      assert.doesNotMatch(shown.replace(/&(?:lt|gt|quot|#39|amp);/g, ''), /&/, `${name}: an entity the model wrote`);
      const texts = shown.split('\u0000').filter(Boolean).map(unescapeHtml);
      if (words.message) assert.ok(texts.includes(words.message), `${name}: the message is kept`);
      assert.ok(texts.includes(words.title ?? 'An agent is waiting for your answer'), `${name}: the title is kept`);
      assert.ok(mail.text.includes(words.message), `${name}: the text part carries the message`);
    }
  });
});
