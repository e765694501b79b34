// Registers <approval-dialog>. Import the class from `elements/approval-dialog/approval-dialog.js`
// to extend it without registering.
import { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import { defineElement } from '../elements/shared/define.js';

export { ApprovalDialog };
defineElement('approval-dialog', ApprovalDialog);

declare global {
  interface HTMLElementTagNameMap {
    'approval-dialog': ApprovalDialog;
  }
}
