// Takes every item a queue holds now, in the order get() hands them out, marking each done.
import type { WorkQueue } from "../../src/index.js";

/** The items `q` holds, drained in order (each taken with get() and marked done). */
export async function drain(q: WorkQueue): Promise<string[]> {
  const out: string[] = [];
  while (q.len() > 0) {
    const r = await q.get();
    out.push(r.item!);
    q.done(r.item!);
  }
  return out;
}
