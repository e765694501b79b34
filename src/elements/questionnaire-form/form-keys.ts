// The form's keys: a text answer is one line whose Enter sends (in
// steps, moves on as Next does) while Shift+Enter adds a line; the multi-choice note is
// multi-line, Ctrl/Cmd+Enter sends; Escape skips. Never while an input method is composing: its
// Enter confirms the characters, its Escape cancels them.
import type { SkipController } from './skip.js';
import type { StepsController } from './steps.js';

/** The form's key handlers; `submit` submits the form, as its Submit does. */
export function formKeys(steps: StepsController, skipper: SkipController, submit: () => void) {
  return {
    /** Enter in a text answer (or a custom answer). */
    onLine(event: KeyboardEvent): void {
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing || event.ctrlKey || event.altKey || event.metaKey) return;
      event.preventDefault();
      if (steps.active && !steps.reviewing) steps.next();
      else submit();
    },
    /** Ctrl/Cmd+Enter in the multi-choice note, as in the rejection note. */
    onNote(event: KeyboardEvent): void {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.isComposing) return;
      event.preventDefault();
      submit();
    },
    /** Escape (Skip) anywhere in the form; in steps, the keys of one question at a time. */
    onForm(event: KeyboardEvent): void {
      skipper.onKeydown(event);
      if (steps.active) steps.onKeydown(event);
    },
  };
}
