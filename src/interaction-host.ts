// Registers <interaction-host> and the elements it shows.
import './approval-dialog.js';
import './questionnaire-form.js';
import './artifact-list.js';
import { defineElement } from './elements/shared/define.js';
import { InteractionHost } from './host/interaction-host.js';

export { InteractionHost };
defineElement('interaction-host', InteractionHost);

declare global {
  interface HTMLElementTagNameMap {
    'interaction-host': InteractionHost;
  }
}
