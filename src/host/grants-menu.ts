// The host's session grants menu: 本会话授权 / Session grants with the count, a
// native disclosure (<details>) listing each grant with 撤销 / Revoke. The runtime owns the list:
// Revoke sends `revoke_grant`, and the row goes when the runtime's next `grants` no longer has it.
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { Strings } from '../i18n/strings.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import type { InteractionSession } from '../session/session.js';
import { nowhere } from '../elements/shared/focus-return.js';
import { safeText } from '../elements/shared/safe-text.js';

export interface GrantsMenuOptions {
  /** The running session, if any. */
  session(): InteractionSession | undefined;
  /** The strings of the host's language. */
  strings(): Strings;
  /** Says `text` in the host's polite live region. */
  announce(text: string): void;
}

/**
 * Follows the running session's grants and renders the menu. Once the session listed a grant the
 * menu stays, at 0 when none is left, so focus never falls to the page: when the row whose Revoke
 * was pressed goes, focus moves to the menu's summary.
 */
export class GrantsMenu implements ReactiveController {
  /** The session whose list the menu shows. */
  private session: InteractionSession | undefined;
  /** The grant whose Revoke was pressed, until the runtime's list drops it. */
  private revoking: SessionGrant | undefined;
  /** The session has listed a grant: the menu shows from then on. */
  private had = false;

  constructor(
    private readonly host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly options: GrantsMenuOptions,
  ) {
    host.addController(this);
  }

  /** The running session's grants, as the runtime last listed them. */
  get grants(): readonly SessionGrant[] {
    return this.options.session()?.grants ?? [];
  }

  /** After the session controller's: a session started in this update starts without a menu. */
  hostUpdate(): void {
    const session = this.options.session();
    if (session === this.session) return;
    this.session = session;
    this.had = false;
    this.revoking = undefined;
    session?.subscribe((event) => event.type === 'grants' && this.listed(event.grants));
  }

  /** The runtime's new list. */
  private listed(grants: readonly SessionGrant[]): void {
    this.had ||= grants.length > 0;
    this.host.requestUpdate();
    const revoked = this.revoking;
    if (!revoked || grants.some((grant) => grant.key === revoked.key)) return;
    this.revoking = undefined;
    this.options.announce(this.options.strings().grants.revoked(revoked.label));
    // Its row took focus with it (a click in Safari leaves it on the page anyway).
    void this.host.updateComplete.then(() => nowhere() && this.host.renderRoot.querySelector<HTMLElement>('.grants summary')?.focus());
  }

  private revoke(grant: SessionGrant): void {
    this.revoking = grant;
    this.options.session()?.revokeGrant(grant.key);
  }

  render(): TemplateResult | typeof nothing {
    const grants = this.grants;
    const { grants: strings, grant } = this.options.strings();
    if (!this.had && grants.length === 0) return nothing;
    // The list's caption is the card's words for what a grant allows: 本会话内不再询问：
    return html`<details class="grants">
      <summary part="grants-button">${strings.button} <span class="badge">${grants.length}</span></summary>
      <div part="grants">
        <p class="hint" id="grants-caption">${grants.length > 0 ? grant.scope : strings.none}</p>
        <ul aria-labelledby="grants-caption">
          ${repeat(
            grants,
            (grant) => grant.key,
            (grant, index) => html`<li part="grant">
              <span id=${`grant-${index}`}>${safeText(grant.label)}</span>
              <button tabindex="0" class="quiet" part="revoke-button" aria-describedby=${`grant-${index}`} @click=${() => this.revoke(grant)}>${strings.revoke}</button>
            </li>`,
          )}
        </ul>
      </div>
    </details>`;
  }
}

/** The summary at the start of the status row, the connection beside it as tall; the open list under it. */
export const grantsStyles = css`
  .grants + .connection {
    min-height: max(32px, var(--_touch));
  }
  .grants {
    font-size: var(--_text-sm);
  }
  summary {
    width: fit-content;
    padding: 0 var(--_space-2);
    border-radius: var(--_radius-control);
    line-height: max(32px, var(--_touch));
    cursor: pointer;
  }
  .grants > div {
    width: 320px;
    max-width: 100%;
    padding: var(--_space-2) var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
  }
  .grants ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .grants li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space-2);
    overflow-wrap: anywhere;
  }
`;
