// Registers <interaction-host> and the elements it shows.
import { defineHostElements } from '../host/define-elements.js';
import type { InteractionHost } from '../host/interaction-host.js';

export { InteractionHost } from '../host/interaction-host.js';
// The cards' tags, typed where each card's own entry declares them (types only: no registration).
export type {} from './approval-dialog.js';
export type {} from './questionnaire-form.js';
export type {} from './artifact-list.js';

defineHostElements();

declare global {
  interface HTMLElementTagNameMap {
    'interaction-host': InteractionHost;
  }
}
