// The load scenario, shared by the small test (test/testing/load.test.ts) and the benchmark
// (bench/load-test-server.ts): `objects` ConfigMaps are created with `inFlight` requests in flight
// while `watchers` watches follow from one resourceVersion and a lister pages through the
// collection. It asserts, whatever the size, that every watcher sees every ADDED event exactly
// once in resourceVersion order, and that every paginated listing is a consistent snapshot.
import assert from "node:assert/strict";
import { performance } from "node:perf_hooks";
import { startTestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

export interface LoadShape {
  objects: number;
  watchers: number;
  inFlight: number;
  /** Page size of the lister's listings. */
  pageSize: number;
  /** Pause between the lister's listings, so it interleaves with the writers. */
  listEveryMs: number;
}

export interface LoadResult {
  /** Milliseconds from the first create to the last watcher's last event. */
  ms: number;
  /** Paginated listings taken (while writing, and one after). */
  listings: number;
  /** Listings that caught the collection part-written (neither empty nor full). */
  partialListings: number;
}

const CMS = "/api/v1/namespaces/load/configmaps";

type List = { items: unknown[]; metadata: Record<string, unknown> };

/** Runs the scenario on a fresh server; throws an AssertionError on a lost, duplicated or reordered event or an inconsistent listing. */
export async function runLoad(shape: LoadShape): Promise<LoadResult> {
  const server = await startTestApiServer({ crds: [], objects: [namespace("load")] });
  const api = new ApiClient(server);
  try {
    const listAllPages = async (): Promise<{ rv: number; names: string[] }> => {
      const names: string[] = [];
      let token = "";
      let rv = 0;
      do {
        const res = await api.get(`${CMS}?limit=${shape.pageSize}${token ? `&continue=${token}` : ""}`);
        assert.equal(res.status, 200);
        const list = res.body as List;
        // Every page of one listing is read at the first page's resourceVersion.
        const pageRv = Number(list.metadata["resourceVersion"]);
        if (rv !== 0) assert.equal(pageRv, rv, "a continued page moved to another resourceVersion");
        rv = pageRv;
        for (const o of list.items) names.push(String(meta(o)["name"]));
        token = String(list.metadata["continue"] ?? "");
      } while (token);
      return { rv, names };
    };

    const start = server.currentResourceVersion();
    const watchers = await Promise.all(Array.from({ length: shape.watchers }, () => api.watch(`${CMS}?watch=1&resourceVersion=${start}`)));
    const t0 = performance.now();
    const createdAt = new Map<string, number>();
    let next = 0;
    let creating = true;
    const worker = async (): Promise<void> => {
      while (next < shape.objects) {
        const name = `obj-${String(next++).padStart(5, "0")}`;
        const res = await api.request("POST", CMS, configMap(name));
        assert.equal(res.status, 201);
        createdAt.set(name, Number(meta(res.body)["resourceVersion"]));
      }
    };
    const snapshots: { rv: number; names: string[] }[] = [];
    // The lister's pause ends early when the writers are done, so a long pause means "list once".
    let wake = (): void => {};
    const lister = async (): Promise<void> => {
      while (creating) {
        snapshots.push(await listAllPages());
        if (!creating) break;
        await new Promise<void>((r) => {
          const timer = setTimeout(r, shape.listEveryMs);
          wake = () => (clearTimeout(timer), r());
        });
      }
    };
    const listing = lister();
    try {
      await Promise.all(Array.from({ length: shape.inFlight }, worker));
    } finally {
      creating = false;
      wake();
      await listing;
    }
    for (const w of watchers) await w.waitFor(shape.objects, 20_000);
    const ms = performance.now() - t0;
    for (const w of watchers) w.close();
    snapshots.push(await listAllPages());

    for (const s of snapshots) {
      const expected = [...createdAt]
        .filter(([, rv]) => rv <= s.rv)
        .map(([n]) => n)
        .sort();
      assert.deepEqual(s.names, expected, `listing at resourceVersion ${s.rv} is not a consistent snapshot`);
    }
    assert.equal(snapshots[snapshots.length - 1]?.names.length, shape.objects);

    const order = [...createdAt].sort((a, b) => a[1] - b[1]).map(([n]) => n);
    for (const [i, w] of watchers.entries()) {
      assert.equal(w.events.length, shape.objects, `watcher ${i} saw ${w.events.length} events`);
      assert.ok(w.events.every((e) => e.type === "ADDED"));
      assert.deepEqual(
        w.events.map((e) => meta(e.object)["name"]),
        order,
        `watcher ${i} lost or reordered events`,
      );
    }
    const partialListings = snapshots.filter((s) => s.names.length > 0 && s.names.length < shape.objects).length;
    return { ms, listings: snapshots.length, partialListings };
  } finally {
    api.close();
    await server.stop();
  }
}
