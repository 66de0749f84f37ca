// Fakes for the cache's unit tests: a clock whose timers fire only when a test advances it, and a
// lister-watcher over an in-memory collection whose watch streams a test feeds event by event.
import { FakeClock as RuntimeFakeClock } from "../../src/index.js";
import type { Timer, KubeObject, ListOptions, ListerWatcher, ObjectList, WatchEvent, WatchOptions } from "../../src/index.js";

/** The runtime's FakeClock with the two helpers these tests read best with. */
export class FakeClock extends RuntimeFakeClock {
  private readonly due: number[] = [];

  override setTimer(delayMs: number, callback: () => void): Timer {
    const at = this.now() + Math.max(0, delayMs);
    this.due.push(at);
    const forget = (): void => {
      const i = this.due.indexOf(at);
      if (i >= 0) this.due.splice(i, 1);
    };
    const timer = super.setTimer(delayMs, () => {
      forget();
      callback();
    });
    return {
      stop: () => {
        forget();
        timer.stop();
      },
    };
  }

  /** Whether a timer is set to fire `ms` from now. */
  hasTimerIn(ms: number): boolean {
    return this.due.includes(this.now() + ms);
  }

  /** Moves time on by `ms`, firing due timers in order. */
  advance(ms: number): void {
    this.step(ms);
  }
}

/** An object named `name` in `ns` at resourceVersion `rv`. */
export function obj(name: string, rv: number, ns = "default", labels?: Record<string, string>): KubeObject {
  return { apiVersion: "v1", kind: "Thing", metadata: { name, namespace: ns, resourceVersion: String(rv), ...(labels ? { labels } : {}) } };
}

/** A lister-watcher whose list answers `items` and whose current watch the test feeds with emit(). */
export class FakeListerWatcher implements ListerWatcher<KubeObject> {
  items: KubeObject[] = [];
  rv = 1;
  lists: ListOptions[] = [];
  watches: WatchOptions[] = [];
  private push: ((ev: WatchEvent<KubeObject> | Error | null) => void) | undefined;

  /** Errors the next lists fail with, one per list, before answering normally again. */
  listFailures: Error[] = [];

  list(options: ListOptions): Promise<ObjectList<KubeObject>> {
    this.lists.push(options);
    const failure = this.listFailures.shift();
    if (failure) return Promise.reject(failure);
    return Promise.resolve({ items: [...this.items], metadata: { resourceVersion: String(this.rv) } });
  }

  async *watch(options: WatchOptions): AsyncGenerator<WatchEvent<KubeObject>, void, undefined> {
    this.watches.push(options);
    const queue: (WatchEvent<KubeObject> | Error | null)[] = [];
    let wake: (() => void) | undefined;
    this.push = (ev) => {
      queue.push(ev);
      wake?.();
    };
    const onAbort = (): void => this.push?.(null);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    try {
      for (;;) {
        while (queue.length === 0) await new Promise<void>((r) => (wake = r));
        const ev = queue.shift()!;
        if (ev === null) return;
        if (ev instanceof Error) throw ev;
        yield ev;
      }
    } finally {
      options.signal?.removeEventListener("abort", onAbort);
    }
  }

  /** Its watch knows no streaming lists, as client-go's fake clients declare. */
  isWatchListSemanticsUnsupported(): boolean {
    return true;
  }

  /** Whether a watch is open to feed. */
  get watching(): boolean {
    return this.push !== undefined;
  }

  emit(ev: WatchEvent<KubeObject>): void {
    this.push!(ev);
  }

  /** Ends the current watch with `err` (or cleanly). */
  end(err?: Error): void {
    this.push!(err ?? null);
    this.push = undefined;
  }
}

/** Polls `cond` (every 5 ms, up to `ms`). */
export async function until(cond: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
