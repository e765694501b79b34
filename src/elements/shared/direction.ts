import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { directionOf, type Direction } from '../../i18n/direction.js';

/** The nearest `lang` at or above an element, crossing shadow roots. */
function nearestLang(element: Element): string | undefined {
  let node: Element | null = element;
  while (node) {
    const lang = node.closest('[lang]')?.getAttribute('lang');
    if (lang) return lang;
    const root = node.getRootNode();
    node = root instanceof ShadowRoot ? root.host : null;
  }
  return undefined;
}

/**
 * An element's writing direction, reflected as its `dir`: right to left for Arabic and Hebrew
 * (any tag `directionOf` reads as such), else left to right, on any page. The language is the
 * first tag the element prefers (its `locale`, for the host the session's), else the nearest
 * `lang`: the same tag its strings are chosen by. A `dir` the page set on the element itself wins
 * and is left alone; the controller only ever changes a `dir` it wrote.
 */
export class DirectionController implements ReactiveController {
  /** The `dir` this controller wrote last: any other value on the element is the page's. */
  private written: Direction | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly preferred: () => readonly (string | undefined)[],
  ) {
    host.addController(this);
  }

  /** The direction of the element's language (whatever `dir` the element carries). */
  get language(): Direction {
    return directionOf(this.preferred().find((tag) => tag) ?? nearestLang(this.host));
  }

  /** The direction the element is laid out in: its own `dir` when the page set one, else its language's. */
  get dir(): Direction {
    const own = this.host.getAttribute('dir');
    return own === 'rtl' || own === 'ltr' ? own : this.language;
  }

  hostUpdate(): void {
    const own = this.host.getAttribute('dir');
    if (own !== null && own !== this.written) return;
    const dir = this.language;
    if (own !== dir) this.host.setAttribute('dir', dir);
    this.written = dir;
  }
}
