import { noChange, nothing } from 'lit';
import { Directive, directive, PartType, type DirectiveResult, type ElementPart, type PartInfo } from 'lit/directive.js';

/**
 * Sets properties on the element it is bound to, each only when it differs from the element's
 * own value, as lit's `live()` does: a card changes some itself (it is `submitting` once it
 * fires its answer), and the session's word must still reach it when it equals what the host
 * set last. The host's two card tags share their properties through it: a template cannot vary
 * its tag without lit's static-html module.
 */
class CardProperties extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('cardProperties() binds to an element');
  }

  render(_properties: Record<string, unknown>): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [properties]: [Record<string, unknown>]): typeof noChange {
    const element = part.element as unknown as Record<string, unknown>;
    for (const [name, value] of Object.entries(properties)) {
      if (element[name] !== value) element[name] = value;
    }
    return noChange;
  }
}

export const cardProperties: (properties: Record<string, unknown>) => DirectiveResult<typeof CardProperties> = directive(CardProperties);
