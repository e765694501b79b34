// What every card's harness does: its parts by name, real key presses and clicks, the updates they
// cause, and the responses the card sent. The element tests and the host tests read a card only
// through one of these (ApprovalHarness, QuestionnaireHarness, ArtifactsHarness).
import { waitUntil } from '@open-wc/testing';
import type { ReactiveElement } from 'lit';
import type { InteractionResponse } from '../../../src/protocol/response.js';
import { FakeClock } from '../fake-clock.js';
import { byPart, deepActiveElement, press, tabTo } from '../keyboard.js';
import { partIn, partSelector, partsIn } from './parts.js';

/**
 * A harness around one element with a shadow root. Its methods are arrow functions, so a test may
 * take them apart (`const { el, part } = await mountCard(…)`).
 */
export class ShadowHarness<E extends Element = ReactiveElement> {
  /** The element's shadow root (the element is connected, so it has one). */
  readonly root: ShadowRoot;

  constructor(readonly el: E) {
    if (!el.shadowRoot) throw new Error(`<${el.localName}> has no shadow root yet: connect it first`);
    this.root = el.shadowRoot;
  }

  /** The element with `part` named `name`, or null. */
  readonly part = <T extends HTMLElement = HTMLElement>(name: string) => partIn<T>(this.root, name);
  /** Every element with `part` named `name`, in document order. */
  readonly parts = <T extends HTMLElement = HTMLElement>(name: string) => partsIn<T>(this.root, name);
  /** The first element in the shadow root that matches a selector (for what carries no part). */
  readonly find = <T extends Element = HTMLElement>(selector: string) => this.root.querySelector<T>(selector);
  /** Every element in the shadow root that matches a selector. */
  readonly findAll = <T extends Element = HTMLElement>(selector: string) => [...this.root.querySelectorAll<T>(selector)];
  /** The trimmed text of the part named `name` (undefined when it is not shown). */
  readonly text = (name: string) => this.part(name)?.textContent?.trim();

  /** A few update cycles: a pick re-renders, and steps move on in the update after it. */
  readonly settle = async () => {
    for (let i = 0; i < 3; i += 1) await (this.el as Partial<ReactiveElement>).updateComplete;
  };

  /** A real key press, then the updates it causes. */
  readonly press = async (key: string) => {
    await press(key);
    await this.settle();
  };

  /** Clicks the part named `name` (it must be shown), then waits for the updates it causes. */
  readonly click = async (name: string) => {
    const target = this.part(name);
    if (!target) throw new Error(`click: no part "${name}" in <${this.el.localName}>`);
    target.click();
    await this.settle();
  };

  /** Presses Tab (real keys) until the part named `name` of this element has focus. */
  readonly tabTo = (name: string) => tabTo((active) => byPart(name)(active) && this.root.contains(active));

  /** Tabs to the part named `name` and presses Enter on it, then waits for the updates. */
  readonly activate = async (name: string) => {
    await this.tabTo(name);
    await this.press('Enter');
  };
}

/** A card's harness: a shadow harness that also records the `interaction-response` events. */
export class CardHarness<E extends Element = ReactiveElement> extends ShadowHarness<E> {
  /** Every `interaction-response` the card fired since the harness was made, in order. */
  readonly events: InteractionResponse[] = [];

  /**
   * @param clock the paused clock the card counts on, when the test gave it one (a fresh one,
   *   unused, otherwise).
   */
  constructor(
    el: E,
    readonly clock: FakeClock = new FakeClock(),
  ) {
    super(el);
    el.addEventListener('interaction-response', (event) => this.events.push((event as CustomEvent<InteractionResponse>).detail));
  }

  /** The last response the card sent, if any. */
  readonly outcome = (): InteractionResponse | undefined => this.events.at(-1);

  /** What the card's receipt line says (its `state` part), once it was answered. */
  readonly receipt = () => this.text('state');

  /** The card's form or its first answer button (批准, 提交), while it can be answered; null once it cannot. */
  readonly answerControls = () => this.find(`form, ${partSelector('approve-button', 'submit-button')}`);

  /**
   * Waits until the settled card's receipt heading holds focus, as a person reads it before the next key.
   * The card moves focus there at the next frame, which a loaded engine may run after a test's
   * next key press.
   */
  readonly receiptFocused = () =>
    waitUntil(() => this.answerControls() === null && deepActiveElement() === this.part('receipt-heading'), 'the receipt never took focus', { interval: 5, timeout: 5000 });
}
