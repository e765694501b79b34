// Where focus goes when an answer is refused, in a list (Submit) as in steps (Next, the review).
import type { AnswerProblem } from '../../rules/answers.js';
import type { AnswerKey } from './draft.js';

/** The request's own answer (text, choice, multi-choice) in the DOM's `data-key`; a question's is its id. */
export const SINGLE_KEY = '';

/** The answer an element belongs to: its question's key, undefined for the request's own answer, null for none. */
export const keyOf = (element: Element | null | undefined): AnswerKey | null => {
  const key = element?.closest('[data-key]')?.getAttribute('data-key');
  return key === null || key === undefined ? null : key === SINGLE_KEY ? undefined : key;
};

/**
 * Moves focus to where a refusal is: the field to type in (a custom answer, a text, a typed
 * field), else the question's choices (its chosen one, else its first); never a long list's
 * filter box.
 */
export function focusRefusal(root: ParentNode, problem: AnswerProblem): void {
  const scope = root.querySelector(`[data-key="${CSS.escape(problem.question ?? SINGLE_KEY)}"]`);
  const field = scope?.querySelector<HTMLElement>('[part~="custom-field"], [part~="text-field"]');
  const target =
    field && (problem.code === 'custom_text_required' || problem.code === 'text_required' || !scope?.querySelector('.options'))
      ? field
      : (scope?.querySelector<HTMLElement>('input:checked') ?? scope?.querySelector<HTMLElement>('.options input'));
  target?.focus();
}
