// The form's keys (DESIGN §6.1 Keys, §11.3): a text answer is one line whose Enter sends (in
// steps, moves on as Next does) while Shift+Enter adds a line; the multi-choice note is
// multi-line, Ctrl/Cmd+Enter sends; Escape skips. Never while an input method is composing: its
// Enter confirms the characters, its Escape cancels them.
import type { SkipController } from './skip.js';
import type { StepsController } from './steps.js';

/** What the keys need of their form. */
export interface FormKeysAccess {
  readonly steps: StepsController;
  readonly skipper: SkipController;
  /** Submits the form, as its Submit does. */
  submit(): void;
}

export class FormKeys {
  constructor(private readonly access: FormKeysAccess) {}

  /** Enter in a text answer (or a custom answer). */
  readonly onLine = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
    event.preventDefault();
    const { steps } = this.access;
    if (steps.active && !steps.reviewing) steps.next();
    else this.access.submit();
  };

  /** Ctrl/Cmd+Enter in the multi-choice note, as in the rejection note. */
  readonly onNote = (event: KeyboardEvent): void => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
    event.preventDefault();
    this.access.submit();
  };

  /** Escape (Skip) anywhere in the form; in steps, the keys of one question at a time. */
  readonly onForm = (event: KeyboardEvent): void => {
    this.access.skipper.onKeydown(event);
    if (this.access.steps.active) this.access.steps.onKeydown(event);
  };
}
