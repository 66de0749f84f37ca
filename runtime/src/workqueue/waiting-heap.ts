// The delaying queue's waiting room: items keyed by value, each with the time it becomes ready,
// in a binary min-heap on that time (ties in arrival order), so the next one due is at the root.

interface Entry<T> {
  item: T;
  readyAt: number;
  seq: number;
  index: number;
}

/** Items waiting to be added to a queue, at most one entry per item. */
export class WaitingHeap<T> {
  #heap: Entry<T>[] = [];
  readonly #byItem = new Map<T, Entry<T>>();
  #seq = 0;

  get size(): number {
    return this.#heap.length;
  }

  /** When the earliest entry is due, if any. */
  peekReadyAt(): number | undefined {
    return this.#heap[0]?.readyAt;
  }

  /** Adds `item` due at `readyAt`; an item already waiting keeps the earlier of its two times. */
  insert(item: T, readyAt: number): void {
    const existing = this.#byItem.get(item);
    if (existing) {
      if (readyAt < existing.readyAt) {
        existing.readyAt = readyAt;
        this.#up(existing.index);
      }
      return;
    }
    const e: Entry<T> = { item, readyAt, seq: this.#seq++, index: this.#heap.length };
    this.#heap.push(e);
    this.#byItem.set(item, e);
    this.#up(e.index);
  }

  /** Removes the entries due at `now` and returns their items, earliest first. */
  popReady(now: number): T[] {
    const ready: T[] = [];
    for (let top = this.#heap[0]; top && top.readyAt <= now; top = this.#heap[0]) {
      const last = this.#heap.pop()!;
      if (last !== top) {
        this.#heap[0] = last;
        last.index = 0;
        this.#down(0);
      }
      this.#byItem.delete(top.item);
      ready.push(top.item);
    }
    return ready;
  }

  clear(): void {
    this.#heap = [];
    this.#byItem.clear();
  }

  #less(a: Entry<T>, b: Entry<T>): boolean {
    return a.readyAt < b.readyAt || (a.readyAt === b.readyAt && a.seq < b.seq);
  }

  #swap(i: number, j: number): void {
    const a = this.#heap[i]!;
    const b = this.#heap[j]!;
    this.#heap[i] = b;
    this.#heap[j] = a;
    a.index = j;
    b.index = i;
  }

  #up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#less(this.#heap[i]!, this.#heap[parent]!)) return;
      this.#swap(i, parent);
      i = parent;
    }
  }

  #down(i: number): void {
    const n = this.#heap.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let min = i;
      if (l < n && this.#less(this.#heap[l]!, this.#heap[min]!)) min = l;
      if (r < n && this.#less(this.#heap[r]!, this.#heap[min]!)) min = r;
      if (min === i) return;
      this.#swap(i, min);
      i = min;
    }
  }
}
