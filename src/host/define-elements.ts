// Registers <interaction-host> and the three cards it shows. Each registering entry of the package
// calls this itself rather than importing another entry, so that a bundler's code splitting keeps
// every top-level registration in an entry file (the files package.json lists as side effects)
// and never moves one into a shared chunk, which a bundler would drop as side-effect free. The
// tags' types are declared by the entries (src/entries/), one tag in one place.
import { ApprovalDialog } from '../elements/approval-dialog/approval-dialog.js';
import { ArtifactList } from '../elements/artifact-list/artifact-list.js';
import { QuestionnaireForm } from '../elements/questionnaire-form/questionnaire-form.js';
import { defineElement } from '../elements/shared/define.js';
import { InteractionHost } from './interaction-host.js';

export function defineHostElements(): void {
  defineElement('approval-dialog', ApprovalDialog);
  defineElement('questionnaire-form', QuestionnaireForm);
  defineElement('artifact-list', ArtifactList);
  defineElement('interaction-host', InteractionHost);
}
