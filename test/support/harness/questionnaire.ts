// <questionnaire-form> as a user answers it: an option per question with its digit key, a typed
// field, 跳过, 提交; the questions it shows and the parts inside one question.
import type { QuestionnaireForm } from '../../../src/elements/questionnaire-form/questionnaire-form.js';
import { press, tabTo } from '../keyboard.js';
import { CardHarness } from './card.js';
import { partIn } from './parts.js';

const radio = (el: Element): el is HTMLInputElement => el instanceof HTMLInputElement && el.type === 'radio';

export class QuestionnaireHarness extends CardHarness<QuestionnaireForm> {
  /** The question (its fieldset) with id `question`, if shown. */
  readonly question = (question: string) => this.find<HTMLFieldSetElement>(`[data-key="${CSS.escape(question)}"]`);

  /** The part named `name` inside question `question`. */
  readonly partOf = <T extends HTMLElement = HTMLElement>(question: string, name: string) => {
    const fieldset = this.question(question);
    return fieldset ? partIn<T>(fieldset, name) : null;
  };

  /** The ids of the questions shown now, in order. */
  readonly shown = () => this.findAll('[data-key]').map((q) => q.getAttribute('data-key'));

  /** Every radio of every question shown. */
  readonly radios = () => this.findAll<HTMLInputElement>('[data-key] input[type="radio"]');

  /** The input of option `value` (its value, `__custom__` for the typed one), in question `question` or anywhere. */
  readonly option = (value: string, question?: string) =>
    this.find<HTMLInputElement>(`${question ? `[data-key="${CSS.escape(question)}"] ` : ''}input[value="${CSS.escape(value)}"]`);

  /**
   * Picks option `option` (its value or its label) of question `question` with real keys: Tab into
   * the question's radios, then the option's digit key.
   */
  readonly answer = async (question: string, option: string) => {
    const asked = this.el.request?.questions.find((q) => q.id === question);
    if (!asked) throw new Error(`answer: no question "${question}"`);
    const index = asked.options.findIndex((o) => o.value === option || o.label === option);
    if (index < 0) throw new Error(`answer: question "${question}" has no option "${option}"`);
    await tabTo((el) => radio(el) && el.closest('fieldset')?.getAttribute('data-key') === question && this.root.contains(el));
    await press(String(index + 1));
    await this.settle();
  };

  /** Tabs to 跳过 / Skip and presses Enter. */
  readonly skip = () => this.activate('skip-button');

  /** Tabs to 提交 / Submit and presses Enter. */
  readonly submit = () => this.activate('submit-button');
}
