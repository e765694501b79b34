// Finding a card's CSS parts by name: the one place the tests spell the `[part~=…]` selector.

/** The element with `part` named `name` (one of the part's names), in `root`. */
export const partIn = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string) => root.querySelector<T>(`[part~="${name}"]`);
/** Every element with `part` named `name`, in document order. */
export const partsIn = <T extends HTMLElement = HTMLElement>(root: ParentNode, name: string) => [...root.querySelectorAll<T>(`[part~="${name}"]`)];
/** The selector of a part, to combine with others (`matches`, `closest`). */
export const partSelector = (...names: string[]) => names.map((name) => `[part~="${name}"]`).join(', ');
/** Whether `el` is, or sits inside, a part named one of `names`. */
export const inPart = (el: Element, ...names: string[]) => el.closest(partSelector(...names)) !== null;
