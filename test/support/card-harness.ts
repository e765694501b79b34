// The element tests' one way to mount a card: as a page mounts it, inside its harness (its events
// recorded, its parts found by name, its answers given with real keys) and its clock in the test's
// hand. A test that needs more (a frame of some width, a host) builds on what this returns.
import { fixture, html } from '@open-wc/testing';
import '../../src/entries/approval-dialog.js';
import '../../src/entries/artifact-list.js';
import '../../src/entries/questionnaire-form.js';
import type { ApprovalDialog } from '../../src/elements/approval-dialog/approval-dialog.js';
import type { ArtifactList } from '../../src/elements/artifact-list/artifact-list.js';
import type { QuestionnaireForm } from '../../src/elements/questionnaire-form/questionnaire-form.js';
import type { InteractionCard } from '../../src/elements/shared/interaction-card.js';
import type { Clock } from '../../src/protocol/clock.js';
import type { InteractionRequest } from '../../src/protocol/request.js';
import type { DeliveryResult, FilePart } from '../../src/protocol/results.js';
import { FakeClock } from './fake-clock.js';
import { ApprovalHarness } from './harness/approval.js';
import { ArtifactsHarness } from './harness/artifacts.js';
import type { CardHarness } from './harness/card.js';
import { QuestionnaireHarness } from './harness/questionnaire.js';

export { partIn, partsIn, partSelector, inPart } from './harness/parts.js';
export { ApprovalHarness } from './harness/approval.js';
export { ArtifactsHarness } from './harness/artifacts.js';
export { CardHarness, ShadowHarness } from './harness/card.js';
export { QuestionnaireHarness } from './harness/questionnaire.js';

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

/**
 * Mounts `<approval-dialog>` or `<questionnaire-form>`, whichever shows `request`: its harness is
 * an ApprovalHarness or a QuestionnaireHarness (see mountApproval, mountQuestionnaire).
 */
export async function mountCard<E extends InteractionCard = InteractionCard>(request: InteractionRequest, options: MountOptions = {}): Promise<CardHarness<E>> {
  const tag = tagFor(request);
  const wrap = options.parent ? options.parent.appendChild(document.createElement('div')) : await fixture<HTMLElement>(html`<div></div>`);
  if (options.width) wrap.style.width = `${options.width}px`;
  wrap.innerHTML = `<${tag} ${options.attrs ?? ''}></${tag}>`;
  const el = wrap.firstElementChild as E;
  const clock = options.clock instanceof FakeClock ? options.clock : new FakeClock();
  el.clock = options.clock ?? clock;
  el.request = request;
  const harness = tag === 'approval-dialog' ? new ApprovalHarness(el as unknown as ApprovalDialog, clock) : new QuestionnaireHarness(el as unknown as QuestionnaireForm, clock);
  await el.updateComplete;
  return harness as unknown as CardHarness<E>;
}

/** Mounts the `<approval-dialog>` of an approval request. */
export const mountApproval = (request: InteractionRequest, options: MountOptions = {}) => mountCard(request, options) as Promise<unknown> as Promise<ApprovalHarness>;

/** Mounts the `<questionnaire-form>` of a question, a choice or a questionnaire. */
export const mountQuestionnaire = (request: InteractionRequest, options: MountOptions = {}) =>
  mountCard(request, options) as Promise<unknown> as Promise<QuestionnaireHarness>;

/** A mounted `<artifact-list>`. */
export async function mountArtifacts(items: FilePart[], delivery?: DeliveryResult, attrs = ''): Promise<ArtifactsHarness> {
  const wrap = await fixture<HTMLElement>(html`<div></div>`);
  wrap.innerHTML = `<artifact-list ${attrs}></artifact-list>`;
  const el = wrap.firstElementChild as ArtifactList;
  el.items = items;
  el.delivery = delivery;
  await el.updateComplete;
  return new ArtifactsHarness(el);
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
