/**
 * A list kept in order as its items come and go: a change finds its place by binary search
 * (O(log n) comparisons) instead of sorting every item again, so that a change costs about the
 * same with a thousand items as with ten. Items are told apart by a key. Items the order holds
 * equal stay in the order they joined: an item replaced under its key keeps its place among them,
 * one removed and added again joins last, as a `Map` keeps its keys.
 */
/** An item with when it joined (the order among equals). */
interface Listed<T> {
  readonly item: T;
  readonly joined: number;
}

export class OrderedList<T> {
  private readonly list: Listed<T>[] = [];
  private readonly byKey = new Map<string, Listed<T>>();
  private joins = 0;
  /** What `values()` returned since the last change. */
  private snapshot: readonly T[] | undefined;

  constructor(
    private readonly order: (a: T, b: T) => number,
    private readonly keyOf: (item: T) => string,
  ) {}

  get size(): number {
    return this.list.length;
  }

  get(key: string): T | undefined {
    return this.byKey.get(key)?.item;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Puts `item` in its place, in place of the item of the same key if there is one. */
  set(item: T): void {
    const key = this.keyOf(item);
    const known = this.byKey.get(key);
    if (known) this.list.splice(this.indexOf(known), 1);
    const listed = { item, joined: known?.joined ?? (this.joins += 1) };
    this.byKey.set(key, listed);
    this.list.splice(this.placeOf(listed), 0, listed);
    this.snapshot = undefined;
  }

  /** Removes the item of `key`; false when there was none. */
  delete(key: string): boolean {
    const known = this.byKey.get(key);
    if (!known) return false;
    this.list.splice(this.indexOf(known), 1);
    this.byKey.delete(key);
    this.snapshot = undefined;
    return true;
  }

  clear(): void {
    this.list.length = 0;
    this.byKey.clear();
    this.snapshot = undefined;
  }

  /** The items in order: the same array until the next change, a new one after it (a change is told by identity). */
  values(): readonly T[] {
    return (this.snapshot ??= this.list.map((listed) => listed.item));
  }

  /** Where `listed` goes: after every item before it by the order (then by joining), before every item after it. */
  private placeOf(listed: Listed<T>): number {
    let [low, high] = [0, this.list.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      const other = this.list[middle];
      if (other && (this.order(listed.item, other.item) || listed.joined - other.joined) > 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Where a listed item stands: its place by the order, found as for one joining (a walk, should the item have changed meanwhile). */
  private indexOf(listed: Listed<T>): number {
    const at = this.placeOf(listed);
    const found = this.list[at] === listed ? at : this.list.indexOf(listed);
    // Never -1: a splice at -1 would drop the last item instead.
    if (found < 0) throw new Error('OrderedList: an item it holds is not in its list');
    return found;
  }
}
