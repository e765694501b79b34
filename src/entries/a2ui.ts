// `agent-interaction-kit/a2ui`: the kit's cards as an A2UI v0.9 catalog for `@a2ui/lit`. Registers
// the cards and the catalog's elements; give `kitCatalog` to a MessageProcessor:
//   const processor = new MessageProcessor([kitCatalog], (action) => send({ version: 'v0.9', action }));
import { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import { ArtifactList } from '../elements/artifact-list/artifact-list.js';
import { QuestionnaireForm } from '../elements/questionnaire-form/questionnaire-form.js';
import { defineElement } from '../elements/shared/define.js';
import { KIT_A2UI_TAGS, KIT_CATALOG_ID, kitCatalog, kitCatalogSchema } from '../extensions/a2ui/kit-catalog.js';
import { KitA2uiApproval, KitA2uiArtifacts, KitA2uiInput } from '../extensions/a2ui/kit-components.js';

export { KIT_A2UI_TAGS, KIT_CATALOG_ID, kitCatalog, kitCatalogSchema, KitA2uiApproval, KitA2uiArtifacts, KitA2uiInput };
// The cards registered here, not by importing their entries: an entry imported by another entry
// would put its registration in a shared chunk, which a bundler may drop as free of side effects.
defineElement('approval-dialog', ApprovalDialog);
defineElement('questionnaire-form', QuestionnaireForm);
defineElement('artifact-list', ArtifactList);
defineElement(KIT_A2UI_TAGS.Approval, KitA2uiApproval);
defineElement(KIT_A2UI_TAGS.Input, KitA2uiInput);
defineElement(KIT_A2UI_TAGS.Artifacts, KitA2uiArtifacts);

declare global {
  interface HTMLElementTagNameMap {
    'aik-a2ui-approval': KitA2uiApproval;
    'aik-a2ui-input': KitA2uiInput;
    'aik-a2ui-artifacts': KitA2uiArtifacts;
  }
}
