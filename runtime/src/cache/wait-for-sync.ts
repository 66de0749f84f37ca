// Waiting for caches to fill, as client-go's cache.WaitForCacheSync: polls the given hasSynced
// functions until all say true or the signal aborts.

const POLL_MS = 50;

/** Resolves true once every `synced()` is true, false if `signal` aborts first. */
export async function waitForCacheSync(signal: AbortSignal, ...synced: (() => boolean)[]): Promise<boolean> {
  for (;;) {
    if (synced.every((s) => s())) return true;
    if (signal.aborted) return false;
    await new Promise<void>((resolve) => {
      const t = setTimeout(done, POLL_MS);
      signal.addEventListener("abort", done, { once: true });
      function done(): void {
        clearTimeout(t);
        signal.removeEventListener("abort", done);
        resolve();
      }
    });
  }
}
