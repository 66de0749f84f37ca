// A minimal reflector (list, then watch from the list's resourceVersion, resume after a cut, relist on
// 410) kept in step with the server while faults are injected: watches cut at random and after a few
// events, history expired, 429s and 500s. Its cache must end equal to the server's state.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/rel/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("rel")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

type Obj = Record<string, unknown>;

class Reflector {
  readonly cache = new Map<string, string>();
  rv = "";
  relists = 0;
  resumes = 0;
  /** While set, the reflector does not reconnect (a slow consumer falling behind). */
  paused = false;
  private stopped = false;

  async relist(): Promise<void> {
    for (;;) {
      const res = await api.get(CMS);
      if (res.status !== 200) continue;
      this.relists++;
      this.cache.clear();
      const list = res.body as { items: Obj[]; metadata: Obj };
      for (const o of list.items) this.cache.set(String(meta(o)["name"]), String(meta(o)["resourceVersion"]));
      this.rv = String(list.metadata["resourceVersion"]);
      return;
    }
  }

  async run(): Promise<void> {
    await this.relist();
    while (!this.stopped) {
      while (this.paused) await new Promise((r) => setTimeout(r, 5));
      const w = await api.watch(`${CMS}?watch=1&allowWatchBookmarks=true&resourceVersion=${this.rv}`);
      if (w.status !== 200) continue;
      let seen = 0;
      let expired = false;
      const drain = (): void => {
        for (; seen < w.events.length; seen++) {
          const e = w.events[seen] as { type: string; object: Obj };
          if (e.type === "ERROR") {
            expired = e.object["code"] === 410;
            continue;
          }
          const m = meta(e.object);
          if (e.type === "DELETED") this.cache.delete(String(m["name"]));
          else if (e.type !== "BOOKMARK") this.cache.set(String(m["name"]), String(m["resourceVersion"]));
          this.rv = String(m["resourceVersion"]);
        }
      };
      const poll = setInterval(drain, 5);
      await w.ended;
      clearInterval(poll);
      drain();
      if (expired) await this.relist();
      else this.resumes++;
    }
  }

  stop(): void {
    this.stopped = true;
    server.faults.closeAllWatches();
  }
}

async function retry(method: string, path: string, body?: unknown): Promise<number> {
  for (;;) {
    const res = await api.request(method, path, body);
    if (res.status !== 429 && res.status < 500) return res.status;
  }
}

test("a reflector converges under dropped watches, expired history, 429s and 500s", { timeout: 60_000 }, async () => {
  const r = new Reflector();
  const running = r.run();
  server.faults.closeWatchesRandomly(0.05);
  for (let i = 0; i < 300; i++) {
    const name = `c${i % 40}`;
    if (i % 7 === 3) await retry("DELETE", `${CMS}/${name}`);
    else if ((await retry("POST", CMS, configMap(name, {}, { i: String(i) }))) === 409)
      await retry("PATCH", `${CMS}/${name}`, { data: { i: String(i) } });
    if (i === 100) server.faults.closeWatchesAfter(3);
    if (i === 150) {
      // Fall behind while history is compacted: the resume must get 410 and relist. (Retried in the rare
      // case the reflector was opening a watch just then, which then sees the write live.)
      const before = r.relists;
      for (let attempt = 0; attempt < 5 && r.relists === before; attempt++) {
        r.paused = true;
        server.faults.closeAllWatches();
        await retry("POST", CMS, configMap(`while-away-${attempt}`));
        server.faults.expireResourceVersions();
        r.paused = false;
        for (let k = 0; k < 50 && r.relists === before; k++) await new Promise((res) => setTimeout(res, 5));
      }
    }
    if (i % 50 === 25) server.faults.failNextRequests(3, { code: i % 100 === 25 ? 429 : 500 });
  }
  server.faults.reset();
  const final = (await api.get(CMS)).body as { items: Obj[]; metadata: Obj };
  const want = new Map(final.items.map((o) => [String(meta(o)["name"]), String(meta(o)["resourceVersion"])]));
  for (let i = 0; i < 500 && (r.rv !== String(final.metadata["resourceVersion"]) || r.cache.size !== want.size); i++) {
    await new Promise((res) => setTimeout(res, 10));
  }
  r.stop();
  await running;
  assert.deepEqual(new Map([...r.cache].sort()), new Map([...want].sort()));
  assert.ok(r.resumes > 0, "watches were never cut");
  assert.ok(r.relists > 1, "history expiry never forced a relist");
});
