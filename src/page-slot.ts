// One registration per page for what the adapters' entries bring (the cards' parts, the session's
// bridge). On the global object, not in a module variable: a page that carries the kit twice (a
// bundled copy beside the standalone file) still has one, and a test can see it was set. Keyed by
// the kit's version: another version's registration (another shape) is not this version's.
import { KIT_VERSION } from './version.js';

export interface PageSlot<T> {
  /** What was registered, if anything. */
  get(): T | undefined;
  set(value: T): void;
}

/** The page's slot named `name`. */
export function pageSlot<T>(name: string): PageSlot<T> {
  const key = Symbol.for(`agent-interaction-kit.${name}@${KIT_VERSION}`);
  const page = globalThis as Record<symbol, T | undefined>;
  return { get: () => page[key], set: (value) => void (page[key] = value) };
}
