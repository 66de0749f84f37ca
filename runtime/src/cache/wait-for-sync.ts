// Waiting for caches to fill, as client-go's cache.WaitForCacheSync: polls the given hasSynced
// functions until all say true or the signal aborts.
import { realClock, sleep } from "../core/clock.js";

const POLL_MS = 50;

/** Resolves true once every `synced()` is true, false if `signal` aborts first. */
export async function waitForCacheSync(signal: AbortSignal, ...synced: (() => boolean)[]): Promise<boolean> {
  for (;;) {
    if (synced.every((s) => s())) return true;
    if (signal.aborted) return false;
    await sleep(realClock, POLL_MS, signal);
  }
}
