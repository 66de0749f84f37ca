// Bounded load, small: 200 objects created with 8 requests in flight while 5 watchers follow and a
// lister pages through the collection in pages of 25. Every watcher must see every ADDED event
// exactly once, in resourceVersion order, and every paginated listing must be a consistent
// snapshot, though writes interleave with the pages. The same scenario at 5,000 objects and 20
// watchers is a benchmark (bench/load-test-server.ts, `npm run bench`), which reports throughput.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runLoad } from "./load-scenario.js";

test("200 concurrent creates with 5 watchers and paginated lists lose and reorder nothing", { timeout: 30_000 }, async () => {
  const r = await runLoad({ objects: 200, watchers: 5, inFlight: 8, pageSize: 25, listEveryMs: 1 });
  // Listings that caught the collection part-written are what make the snapshot check bite.
  assert.ok(r.partialListings >= 1, `no listing of ${r.listings} interleaved with the writes`);
});
