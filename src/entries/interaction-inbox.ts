// Registers <interaction-inbox> and the cards it opens.
import { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import { QuestionnaireForm } from '../elements/questionnaire-form/questionnaire-form.js';
import { defineElement } from '../elements/shared/define.js';
import { InteractionInbox } from '../host/inbox/interaction-inbox.js';

export { InteractionInbox } from '../host/inbox/interaction-inbox.js';
export type { InboxKind } from '../host/inbox/interaction-inbox.js';
// The cards' tags, typed where each card's own entry declares them (types only: no registration).
export type {} from './approval-dialog.js';
export type {} from './questionnaire-form.js';

defineElement('approval-dialog', ApprovalDialog);
defineElement('questionnaire-form', QuestionnaireForm);
defineElement('interaction-inbox', InteractionInbox);

declare global {
  interface HTMLElementTagNameMap {
    'interaction-inbox': InteractionInbox;
  }
}
