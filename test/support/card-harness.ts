// The element tests' one way to mount a card: as a page mounts it, with its events recorded, its
// parts found by name and its clock in the test's hand. A test that needs more (a frame of some
// width, a host) builds on what this returns.
import { fixture, html } from '@open-wc/testing';
import '../../src/entries/approval-dialog.js';
import '../../src/entries/artifact-list.js';
import '../../src/entries/questionnaire-form.js';
import type { ArtifactList } from '../../src/elements/artifact-list/artifact-list.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { Clock } from '../../src/protocol/clock.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import type { InteractionResponse } from '../../src/protocol/response.js';
import type { DeliveryResult, FilePart } from '../../src/protocol/results.js';
import { FakeClock } from './fake-clock.js';
import { press } from './keyboard.js';

/** The element with `part` named `name` (one of the part's names), in `root`. */
export const partIn = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string) => root.querySelector<T>(`[part~="${name}"]`);
/** Every element with `part` named `name`, in document order. */
export const partsIn = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string) => [...root.querySelectorAll<T>(`[part~="${name}"]`)];

/** The tag a request is shown in. */
export const tagFor = (request: InteractionRequest) => (request.kind === 'approval' ? 'approval-dialog' : 'questionnaire-form');

export interface MountOptions {
  /** Attributes, as written in HTML (`locale="en" layout="list"`). */
  attrs?: string;
  /** The width of the column it sits in, in px (default: the page's). */
  width?: number;
  /** The card's clock: a paused `FakeClock` unless given (a real one is `systemClock`). */
  clock?: Clock;
  /** Where its column goes (e.g. a root that provides context); default: a fresh fixture. */
  parent?: HTMLElement;
}

/** A mounted card (see `mountCard`). */
export interface CardHarness<E extends InteractionCard> {
  el: E;
  root: ShadowRoot;
  /** The paused clock the card counts on (a fresh one, unused, when another clock was given). */
  clock: FakeClock;
  /** Every `interaction-response` the card fired, in order. */
  events: InteractionResponse[];
  part(name: string): HTMLElement | null;
  parts(name: string): HTMLElement[];
  /** A real key press, then the updates it causes. */
  press(key: string): Promise<void>;
  /** A few update cycles: a pick re-renders, and steps move on in the update after it. */
  settle(): Promise<void>;
}

/** Mounts `<approval-dialog>` or `<questionnaire-form>`, whichever shows `request`. */
export async function mountCard<E extends InteractionCard = InteractionCard>(request: InteractionRequest, options: MountOptions = {}): Promise<CardHarness<E>> {
  const tag = tagFor(request);
  const wrap = options.parent ? options.parent.appendChild(document.createElement('div')) : await fixture<HTMLElement>(html`<div></div>`);
  if (options.width) wrap.style.width = `${options.width}px`;
  wrap.innerHTML = `<${tag} ${options.attrs ?? ''}></${tag}>`;
  const el = wrap.firstElementChild as E;
  const clock = options.clock instanceof FakeClock ? options.clock : new FakeClock();
  el.clock = options.clock ?? clock;
  el.request = request;
  const events: InteractionResponse[] = [];
  el.addEventListener('interaction-response', (event) => events.push(event.detail));
  await el.updateComplete;
  const root = el.shadowRoot!;
  const settle = async () => {
    for (let i = 0; i < 3; i += 1) await el.updateComplete;
  };
  return {
    el,
    root,
    clock,
    events,
    part: (name) => partIn(root, name),
    parts: (name) => partsIn(root, name),
    press: async (key) => {
      await press(key);
      await settle();
    },
    settle,
  };
}

/** A mounted `<artifact-list>`, its rows in order. */
export async function mountArtifacts(items: FilePart[], delivery?: DeliveryResult, attrs = '') {
  const wrap = await fixture<HTMLElement>(html`<div></div>`);
  wrap.innerHTML = `<artifact-list ${attrs}></artifact-list>`;
  const el = wrap.firstElementChild as ArtifactList;
  el.items = items;
  el.delivery = delivery;
  await el.updateComplete;
  const root = el.shadowRoot!;
  return {
    el,
    root,
    part: (name: string) => partIn(root, name),
    parts: (name: string) => partsIn(root, name),
    /** The rows now shown. */
    rows: () => partsIn(root, 'item'),
    /** The row of the file named `name`. */
    row: (name: string) => partsIn(root, 'item').find((row) => partIn(row, 'name')?.textContent === name),
  };
}

/** The accessible description `el` gets from its `aria-describedby` ids (hidden ones count), as a screen reader reads it. */
export function describedBy(el: Element): string {
  const root = el.getRootNode() as ShadowRoot | Document;
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .join(' ');
}
