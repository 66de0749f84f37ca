// Lets promise continuations (workers resuming after get(), iterators calling done) run before a
// test asserts: a macrotask turn, after which every microtask queued before it has run.
export function flush(turns = 1): Promise<void> {
  let p = Promise.resolve();
  for (let i = 0; i < turns; i++) p = p.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  return p;
}

/** Whether `p` has settled by the next macrotask turn. */
export async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await flush();
  return done;
}
