/**
 * Registers a tag once. A second registration of the same tag (two bundles of the kit on one
 * page) is a no-op rather than the DOMException `customElements.define` would throw.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}
