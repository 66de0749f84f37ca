// What a reflector lists and watches through: the list and watch verbs of a ResourceClient (or of
// a generated typed client, which has the same methods), and the wrapper that applies a factory's
// tweakListOptions to both.
import type { ObjectList } from "../client/object-types.js";
import type { ListOptions, WatchOptions } from "../client/options.js";
import type { WatchEvent } from "../watch/watch-event.js";

/** The two verbs an informer needs; ResourceClient<T> is one. */
export interface ListerWatcher<T> {
  list(options: ListOptions): Promise<ObjectList<T>>;
  watch(options: WatchOptions): AsyncIterable<WatchEvent<T>>;
  /**
   * The same watch as `watch`, in batches (the events each chunk of the stream completes), each
   * read to its end before the next is asked for. Optional: a reflector uses it when present, for
   * one await per chunk instead of one per event.
   */
  watchBatches?(options: WatchOptions): AsyncIterable<Iterable<WatchEvent<T>>>;
  /**
   * True when the watch cannot serve streaming lists (sendInitialEvents), as client-go's
   * IsWatchListSemanticsUnSupported marks its fake clients: the reflector then lists and watches.
   */
  isWatchListSemanticsUnsupported?(): boolean;
}

/** The watch of `lw` in batches: its own, or each event of its `watch` as a batch of one. */
export function watchInBatches<T>(lw: ListerWatcher<T>, options: WatchOptions): AsyncIterable<Iterable<WatchEvent<T>>> {
  if (lw.watchBatches) return lw.watchBatches(options);
  const events = lw.watch(options);
  return (async function* () {
    for await (const ev of events) yield [ev];
  })();
}

/** Edits the options of every list and watch an informer sends (selectors, mostly), as client-go's TweakListOptionsFunc. */
export type TweakListOptions = (options: ListOptions | WatchOptions) => void;

/** `lw` with `tweak` applied to the options of each list and watch. */
export function tweakedListerWatcher<T>(lw: ListerWatcher<T>, tweak: TweakListOptions): ListerWatcher<T> {
  const tweaked = (options: WatchOptions): WatchOptions => {
    const o: WatchOptions = { ...options };
    tweak(o);
    return o;
  };
  const out: ListerWatcher<T> = {
    list(options) {
      const o: ListOptions = { ...options };
      tweak(o);
      return lw.list(o);
    },
    watch: (options) => lw.watch(tweaked(options)),
  };
  if (lw.isWatchListSemanticsUnsupported) out.isWatchListSemanticsUnsupported = lw.isWatchListSemanticsUnsupported.bind(lw);
  if (lw.watchBatches) {
    const batches = lw.watchBatches.bind(lw);
    out.watchBatches = (options) => batches(tweaked(options));
  }
  return out;
}
