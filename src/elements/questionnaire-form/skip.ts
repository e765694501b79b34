// Any request can be declined: a quiet 跳过 / Skip on every input card, and Escape
// inside it, with a one-step guard so that a stray Escape never loses what the user typed. A
// request whose protocol has two ways out (MCP: decline, "I won't answer, go on"; cancel, "drop
// this call") shows both, Cancel and Decline, in place of Skip; Escape is Cancel, as MCP has it.
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { QuestionnaireStrings } from '../../i18n/questionnaire.js';

/** How the user leaves a form without answering it. */
export type WayOut = 'skip' | 'decline' | 'cancel';

/** The words of the two ways out, where a request offers both. */
export interface TwoWaysOut {
  decline: string;
  dismiss: string;
}

/** What Skip needs of its form. */
export interface SkipAccess {
  /** The user has typed or picked something. */
  dirty(): boolean;
  /** Decline and Cancel's words when the request offers both (`metadata.decline` and `dismiss`), else undefined: Skip. */
  ways(): TwoWaysOut | undefined;
  /** Sends the way out: Skip's (status `cancelled`, or an adapter's own decline), a decline, or a cancel. */
  skip(way: WayOut): void;
}

type SkipHost = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/**
 * Skip and Escape. On an untouched form either one sends the decline at once; once the user has
 * typed or picked something, the first asks 放弃已填写的内容？ / Discard your answer? in place,
 * beside Skip, with Keep editing, and the second confirms. Editing the
 * answer, or Keep editing, takes the question back.
 */
export class SkipController implements ReactiveController {
  /** The first Skip or Escape asked to discard the answer: the next one confirms. */
  private asking = false;
  /** Where focus was when the question came up, for Keep editing. */
  private returnTo: HTMLElement | null = null;

  constructor(
    private readonly host: SkipHost,
    private readonly access: SkipAccess,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** A new request, or the answer changed: no question stands. */
  reset(): void {
    if (!this.asking) return;
    this.asking = false;
    this.host.requestUpdate();
  }

  /** Skip, Decline, Cancel or Escape: leaves at once, asks first, or confirms the question asked. */
  readonly request = (way: WayOut = 'skip'): void => {
    if (this.asking || !this.access.dirty()) {
      this.asking = false;
      this.access.skip(way);
      return;
    }
    this.asking = true;
    this.returnTo = (this.host.renderRoot as ShadowRoot).activeElement as HTMLElement | null;
    this.host.requestUpdate();
  };

  /** Keep editing: the question goes, and focus goes back to where the user was. */
  private readonly keep = (): void => {
    const back = this.returnTo;
    this.reset();
    void this.host.updateComplete.then(() => (back?.isConnected ? back : this.host.renderRoot.querySelector<HTMLElement>('[part~="skip-button"], [part~="reject-button"]'))?.focus());
  };

  /** Escape anywhere in the form, never while an input method is composing (its Escape cancels the characters). */
  readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
    event.preventDefault();
    this.request(this.access.ways() ? 'cancel' : 'skip');
  };

  /**
   * The question when it stands, Keep editing, and Skip or Cancel and Decline (which, while the
   * question stands, confirm it). `answered`, for a questionnaire in steps: Skip names the
   * questionnaire, and the question how many answers it discards, as neither reads as the one
   * question shown.
   */
  render(strings: QuestionnaireStrings, answered?: number): TemplateResult {
    const ways = this.access.ways();
    const whole = answered !== undefined;
    return html`${this.asking
        ? html`<span class="discard-question" role="alert">${whole ? strings.discardAnswers(answered) : strings.discardQuestion}</span>
            <button tabindex="0" type="button" part="keep-button" @click=${this.keep}>${strings.keepEditing}</button>`
        : nothing}
      ${ways
        ? html`<button tabindex="0" type="button" class="quiet" part="dismiss-button" @click=${() => this.request('cancel')}>${ways.dismiss}</button>
            <button tabindex="0" type="button" part="reject-button" @click=${() => this.request('decline')}>${ways.decline}</button>`
        : html`<button tabindex="0" type="button" class="quiet" part="skip-button" @click=${() => this.request('skip')}>${whole ? strings.skipQuestionnaire : strings.skip}</button>`}`;
  }
}
