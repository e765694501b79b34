// The host's session grants menu (DESIGN §12.1): 本会话授权 / Session grants with the count, a
// disclosure listing each grant with 撤销 / Revoke. The runtime owns the list: Revoke sends
// `revoke_grant`, and the row goes when the runtime's next `grants` message no longer has it.
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { HostStrings } from '../i18n/host.js';
import type { SessionGrant } from '../protocol/runtime-messages.js';
import type { InteractionSession } from '../session/session.js';
import { nowhere } from '../elements/shared/focus-return.js';
import { safeText } from '../elements/shared/safe-text.js';

export interface GrantsMenuHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface GrantsMenuOptions {
  /** The running session, if any. */
  session(): InteractionSession | undefined;
  /** The strings of the host's language. */
  strings(): HostStrings['grants'];
  /** Says `text` in the host's polite live region. */
  announce(text: string): void;
}

/**
 * Follows the running session's grants and renders the menu. Focus never falls to the page: when
 * the row whose Revoke the user pressed goes, focus moves to the row now in its place (else the
 * last), or to the menu's button; after the last grant the menu stays, empty, until focus leaves it.
 */
export class GrantsMenu implements ReactiveController {
  private followed: { session: InteractionSession; off: () => void } | undefined;
  private open = false;
  /** The grant whose Revoke was pressed, until the runtime's list drops it. */
  private revoking: { key: string; label: string; index: number } | undefined;
  /** The last grant went while focus was in the menu: it stays until focus leaves. */
  private lingering = false;

  constructor(
    private readonly host: GrantsMenuHost,
    private readonly options: GrantsMenuOptions,
  ) {
    host.addController(this);
  }

  /** The running session's grants, as the runtime last listed them. */
  get grants(): readonly SessionGrant[] {
    return this.options.session()?.grants ?? [];
  }

  hostUpdate(): void {
    // After the session controller's: a session started or replaced in this update is followed now.
    const session = this.options.session();
    if (session === this.followed?.session) return;
    this.followed?.off();
    this.followed = session && { session, off: session.subscribe((event) => event.type === 'grants' && this.listed(event.grants)) };
    this.revoking = undefined;
  }

  hostDisconnected(): void {
    this.followed?.off();
    this.followed = undefined;
  }

  private get menu(): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>('.grants');
  }

  private listed(grants: readonly SessionGrant[]): void {
    const revoking = this.revoking;
    if (revoking && !grants.some((grant) => grant.key === revoking.key)) {
      this.revoking = undefined;
      this.options.announce(this.options.strings().revoked(revoking.label));
      const menu = this.menu;
      const root = menu?.getRootNode() as ShadowRoot | undefined;
      // Keyboard focus is on the Revoke pressed; a click in Safari leaves it on the page.
      if (menu && (menu.contains(root?.activeElement ?? null) || nowhere())) {
        this.lingering = grants.length === 0;
        this.host.requestUpdate();
        void this.host.updateComplete.then(() => this.refocus(revoking.index));
        return;
      }
    }
    this.host.requestUpdate();
  }

  /** Focus to the Revoke now at `index` (else the last one), or to the menu's button. */
  private refocus(index: number): void {
    const menu = this.menu;
    const revokes = menu ? [...menu.querySelectorAll<HTMLElement>('[part~="revoke-button"]')] : [];
    (revokes[Math.min(index, revokes.length - 1)] ?? menu?.querySelector<HTMLElement>('[part~="grants-button"]'))?.focus();
  }

  // Listeners are arrow functions: lit calls a template's listeners on the host element.
  private readonly toggle = (): void => {
    this.open = !this.open;
    this.host.requestUpdate();
  };

  private revoke(grant: SessionGrant, index: number): void {
    this.revoking = { key: grant.key, label: grant.label, index };
    this.options.session()?.revokeGrant(grant.key);
  }

  /** Escape closes the open list, focus back on its button (as a disclosure menu does). */
  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.open) return;
    this.toggle();
    this.menu?.querySelector<HTMLElement>('[part~="grants-button"]')?.focus();
  };

  /**
   * Focus left the lingering menu: it goes. Judged a frame later, as the revoked row's removal
   * blurs its button (in some engines) before focus is moved to the menu's button.
   */
  private readonly onFocusout = (): void => {
    if (!this.lingering) return;
    requestAnimationFrame(() => {
      const menu = this.menu;
      if (!this.lingering || (menu && menu.contains((menu.getRootNode() as ShadowRoot).activeElement))) return;
      this.lingering = false;
      this.host.requestUpdate();
    });
  };

  /** The menu, shown while the session holds a grant (or lingering, see above). */
  render(): TemplateResult | typeof nothing {
    const grants = this.grants;
    const strings = this.options.strings();
    if (grants.length === 0 && !this.lingering) return nothing;
    return html`<div class="grants" @keydown=${this.onKeydown} @focusout=${this.onFocusout}>
      <button tabindex="0" class="grants-button" part="grants-button" aria-expanded=${this.open ? 'true' : 'false'} aria-controls="grants-list" @click=${this.toggle}>
        ${strings.button} <span class="badge">${grants.length}</span>
      </button>
      ${this.open
        ? html`<div class="grants-list" part="grants" id="grants-list">
            <p class="grants-caption" id="grants-caption">${grants.length > 0 ? strings.list : strings.none}</p>
            <ul aria-labelledby="grants-caption">
              ${repeat(
                grants,
                (grant) => grant.key,
                (grant, index) => html`<li class="grant" part="grant">
                  <span class="grant-label" id=${`grant-${index}`} dir="auto">${safeText(grant.label)}</span>
                  <button tabindex="0" type="button" class="quiet" part="revoke-button" aria-describedby=${`grant-${index}`} @click=${() => this.revoke(grant, index)}>${strings.revoke}</button>
                </li>`,
              )}
            </ul>
          </div>`
        : nothing}
    </div>`;
  }
}

/**
 * The menu's look: its button at the start of the status row, the connection at its end, and the
 * open list on a row of its own under both (the menu's box is transparent to that grid).
 */
export const grantsStyles = css`
  .status-row {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
    gap: var(--_space-2);
  }
  .status-row > *,
  .grants-list {
    grid-column: 1 / -1;
  }
  .grants {
    display: contents;
  }
  .grants ~ .connection {
    grid-area: 1 / 2;
  }
  .grants-button {
    grid-column: 1;
    justify-self: start;
    display: inline-flex;
    align-items: center;
    gap: var(--_space-2);
    min-height: max(32px, var(--_touch));
    padding: 0 var(--_space-3);
    font-size: var(--_text-sm);
  }
  .grants-button .badge {
    background: var(--_accent-soft);
    color: var(--_accent-text);
  }
  /* The disclosure's chevron, as a receipt's: down while closed, up while open. */
  .grants-button::after {
    content: '';
    padding: 2.5px;
    margin-bottom: 3px;
    border: solid var(--_text-muted);
    border-width: 0 2px 2px 0;
    rotate: 45deg;
  }
  .grants-button[aria-expanded='true']::after {
    rotate: 225deg;
    margin: 3px 0 0;
  }
  .grants-list {
    width: 320px;
    max-width: 100%;
    padding: var(--_space-2) var(--_space-3);
    border: 1px solid var(--_border);
    border-radius: var(--_radius-control);
    background: var(--_surface);
    box-shadow: var(--_shadow);
    font-size: var(--_text-sm);
  }
  .grants-caption {
    margin: 0;
    color: var(--_text-muted);
  }
  .grants-list ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .grant {
    display: flex;
    align-items: center;
    gap: var(--_space-2);
  }
  .grant-label {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;
