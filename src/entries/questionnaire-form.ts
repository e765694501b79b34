// Registers <questionnaire-form>.
import { QuestionnaireForm } from '../elements/questionnaire-form/questionnaire-form.js';
import { defineElement } from '../elements/shared/define.js';

export { QuestionnaireForm };
defineElement('questionnaire-form', QuestionnaireForm);

declare global {
  interface HTMLElementTagNameMap {
    'questionnaire-form': QuestionnaireForm;
  }
}
