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
}

/** Edits the options of every list and watch an informer sends (selectors, mostly), as client-go's TweakListOptionsFunc. */
export type TweakListOptions = (options: ListOptions | WatchOptions) => void;

/** `lw` with `tweak` applied to the options of each list and watch. */
export function tweakedListerWatcher<T>(lw: ListerWatcher<T>, tweak: TweakListOptions): ListerWatcher<T> {
  return {
    list(options) {
      const o: ListOptions = { ...options };
      tweak(o);
      return lw.list(o);
    },
    watch(options) {
      const o: WatchOptions = { ...options };
      tweak(o);
      return lw.watch(o);
    },
  };
}
