import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * Whether the card is being worked with the keys (since the last key press, until the next
 * pointer press). Focus rings follow `:focus-visible` where the engine matches it; WebKit does not
 * match it on a radio that the arrow keys focused, so the option rows draw their ring from this.
 */
export class KeyboardModalityController implements ReactiveController {
  keyboard = false;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    this.host.addEventListener('keydown', this.onKeydown, true);
    this.host.addEventListener('pointerdown', this.onPointerdown, true);
  }

  hostDisconnected(): void {
    this.host.removeEventListener('keydown', this.onKeydown, true);
    this.host.removeEventListener('pointerdown', this.onPointerdown, true);
  }

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    this.set(true);
  };

  private readonly onPointerdown = (): void => this.set(false);

  private set(keyboard: boolean): void {
    if (this.keyboard === keyboard) return;
    this.keyboard = keyboard;
    this.host.requestUpdate();
  }
}
