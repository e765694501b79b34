import { noChange, nothing } from 'lit';
import { Directive, directive, PartType, type DirectiveResult, type ElementPart, type PartInfo } from 'lit/directive.js';

/**
 * Sets properties on the element it is bound to, each only when its value changed since the last
 * render, as `.name=${value}` bindings do. The host's two card tags share their properties
 * through it: a template cannot vary its tag without lit's static-html module.
 */
class CardProperties extends Directive {
  private last = new Map<string, unknown>();

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('cardProperties() binds to an element');
  }

  render(_properties: Record<string, unknown>): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [properties]: [Record<string, unknown>]): typeof noChange {
    for (const [name, value] of Object.entries(properties)) {
      if (this.last.has(name) && this.last.get(name) === value) continue;
      this.last.set(name, value);
      (part.element as unknown as Record<string, unknown>)[name] = value;
    }
    return noChange;
  }
}

export const cardProperties: (properties: Record<string, unknown>) => DirectiveResult<typeof CardProperties> = directive(CardProperties);
