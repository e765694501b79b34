import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Engines with `field-sizing: content` grow the text by themselves (WebKitGTK 2.50 has none). */
const SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** Fits a one-line text answer to what it holds, within its max-height (the CSS says 12 lines). */
function fit(field: HTMLTextAreaElement): void {
  field.style.height = 'auto';
  const style = getComputedStyle(field);
  const borders = parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
  field.style.height = `${field.scrollHeight + borders}px`;
}

/**
 * A text answer is a single line that grows (DESIGN §6.1): `field-sizing: content` where the
 * engine has it, else its height follows its lines as they are typed and after each render.
 */
export class LineGrowthController implements ReactiveController {
  constructor(private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: ParentNode }) {
    if (!SIZES_ITSELF) host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('input', this.onInput);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('input', this.onInput);
  }

  hostUpdated(): void {
    for (const field of this.host.renderRoot.querySelectorAll<HTMLTextAreaElement>('textarea.line')) fit(field);
  }

  private readonly onInput = (event: Event): void => {
    const field = event.composedPath()[0];
    if (field instanceof HTMLTextAreaElement && field.classList.contains('line')) fit(field);
  };
}
