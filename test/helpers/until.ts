// Polling for the end-to-end tests: a controller's effects appear some time after the write that
// causes them, so a test asks again until they do, with a deadline that names what never came.
import { isNotFound } from "@kube-codegen/runtime";

/**
 * The first value `probe` gives that is neither undefined nor false, asked every 20 ms. A probe that
 * throws NotFound (reading an object not created yet, or deleted already) is asked again; any other
 * error fails at once. Past `ms`, throws "timed out waiting for <what>".
 */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<Exclude<T, false>> {
  const deadline = Date.now() + ms;
  for (;;) {
    let v: T | undefined;
    try {
      v = await probe();
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (v !== undefined && v !== false) return v as Exclude<T, false>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
