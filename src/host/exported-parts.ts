// The parts of the cards the host forwards (`exportparts`), under their own names, so that
// `interaction-host::part(approve-button)` styles every approve button inside the host: a page's
// `approval-dialog::part(…)` cannot reach into the host's shadow root. The names are the cards'
// own, shared by all three; docs/theming.md lists them. The list must equal the parts the cards
// document (`@csspart`): test/package/manifest.test.ts holds the two together.
export const EXPORTED_PARTS = [
  // every card
  'card', 'header', 'title', 'requester', 'countdown', 'state', 'message', 'actions', 'receipt',
  'receipt-heading', 'dismiss-button', 'invisible-char',
  // <approval-dialog>
  'severity', 'details', 'note', 'add-reason-button', 'approve-button', 'grant-button', 'confirm-button', 'reject-button', 'dialog',
  'link', 'link-host', 'link-warnings', 'link-status',
  // <questionnaire-form>
  'checkpoint', 'question', 'option', 'recommended', 'custom-field', 'text-field', 'filter', 'error',
  'recommended-button', 'filled', 'filled-mark', 'limit', 'submit-button', 'skip-button', 'keep-button',
  'progress', 'back-button', 'next-button', 'review', 'change-button',
  // <artifact-list>
  'summary', 'item', 'icon', 'name', 'open-link', 'path', 'copy-button', 'delivery', 'reason-code', 'preview',
] as const;

/** The `exportparts` value every card in the host carries. */
export const EXPORTPARTS = EXPORTED_PARTS.join(', ');
