import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { directionOf, type Direction } from '../../i18n/direction.js';

/** The nearest `lang` at or above an element, crossing shadow roots. */
function nearestLang(element: Element): string | undefined {
  for (let node: Element | null = element; node; node = (node.getRootNode() as ShadowRoot).host ?? null) {
    const lang = node.closest('[lang]')?.getAttribute('lang');
    if (lang) return lang;
  }
  return undefined;
}

/**
 * An element's writing direction, reflected as its `dir` before each update: right to left for
 * Arabic and Hebrew (any tag `directionOf` reads so), else left to right, on any page. The
 * language is the first tag the element prefers (its `locale`; for the host, then the session's),
 * else the nearest `lang`: the tags its strings are chosen by. A `dir` the page set on the element
 * itself wins: the controller only ever replaces a `dir` it wrote.
 */
export class DirectionController implements ReactiveController {
  /** The `dir` this controller wrote last; any other value on the element is the page's. */
  private written = '';

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly preferred: () => readonly (string | undefined)[],
  ) {
    host.addController(this);
  }

  /** The direction the element is laid out in (after its update): the page's `dir`, else its language's. */
  get dir(): Direction {
    return this.host.dir === 'rtl' ? 'rtl' : 'ltr';
  }

  hostUpdate(): void {
    const { host } = this;
    if (host.dir && host.dir !== this.written) return;
    this.written = directionOf(this.preferred().find(Boolean) ?? nearestLang(host));
    // Written only when it changes: Chromium treats any write of `dir`, even the same value, as a
    // change of direction and restyles every element below (a host's every receipt).
    if (host.dir !== this.written) host.dir = this.written;
  }
}
