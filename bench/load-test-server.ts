// Test API server under load: 5,000 ConfigMaps created with 16 requests in flight while 20
// watchers follow and a lister pages through the collection (test/testing/load-scenario.ts, whose
// invariants still hold here: no lost, duplicated or reordered event, every listing a consistent
// snapshot; a violation fails the benchmark). Reported as creates per second, against a baseline
// measured in the same run: the same creates with no watcher and no lister, so the ratio is the
// cost of fanning every event out to 20 watches while listings interleave.
import { runLoad } from "../test/testing/load-scenario.js";

const OBJECTS = 5000;

function perSecond(ms: number): string {
  return (OBJECTS / (ms / 1000)).toFixed(0);
}

const loaded = await runLoad({ objects: OBJECTS, watchers: 20, inFlight: 16, pageSize: 500, listEveryMs: 100 });
const baseline = await runLoad({ objects: OBJECTS, watchers: 0, inFlight: 16, pageSize: 500, listEveryMs: 3_600_000 });
console.log(
  `load-test-server: ${OBJECTS} creates, 20 watchers, ${loaded.listings} paginated listings in ${(loaded.ms / 1000).toFixed(2)} s: ${perSecond(loaded.ms)} creates/s, every event delivered once and in order`,
);
console.log(
  `load-test-server: baseline (no watchers, one listing) ${perSecond(baseline.ms)} creates/s; loaded/baseline = ${(baseline.ms / loaded.ms).toFixed(2)}x throughput`,
);
