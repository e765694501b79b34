/** The part of the Web Storage API the session uses; injected, `sessionStorage` by default. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** A storage that lives as long as the object: for tests, and where Web Storage is unavailable. */
export class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** `sessionStorage` when the page may use it (it throws in some sandboxed iframes), else memory. */
export function defaultStorage(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage;
  } catch {
    // fall through: storage is blocked here
  }
  return new MemoryStorage();
}
