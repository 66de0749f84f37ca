// Replays one transcript file against a fresh test API server, in order, and reports which exchanges
// match. Run-specific values the client echoes back (resourceVersions, uids, generated names, continue
// tokens) are translated from the recording's to the server's as they are learned from answers. Watch
// exchanges in the recording show events caused by writes that were not recorded; those writes are
// re-enacted from the events themselves (creates, updates, status updates, deletes).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { compareBodies } from "./transcript-compare.js";
import { openWatch, releaseAgent, send, type Answer, type Target } from "./transcript-http.js";
import { TRANSCRIPTS } from "../helpers/fixtures.js";

/** Where the recorded transcripts live (test/fixtures/apiserver-transcripts). */
export { TRANSCRIPTS };

/** One recorded exchange. */
export interface Exchange {
  step: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown };
  response: {
    status: number;
    headers?: Record<string, string>;
    body?: unknown;
    events?: { type: string; object: Record<string, unknown> }[];
  };
}

/** Loads a transcript file. */
export function loadTranscript(name: string): Exchange[] {
  return JSON.parse(readFileSync(join(TRANSCRIPTS, `${name}.json`), "utf8")) as Exchange[];
}

/** Outcome of one exchange. */
export interface StepResult {
  step: string;
  index: number;
  ok: boolean;
  problems: string[];
  /** For Status answers: whether the message text is identical too (reported, not required). */
  sameMessage?: boolean;
}

type Obj = Record<string, unknown>;

const SERVER_FIELDS = [
  "uid",
  "resourceVersion",
  "creationTimestamp",
  "managedFields",
  "generation",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
];

function stripServerFields(o: Obj): Obj {
  const c = structuredClone(o);
  const meta = (c["metadata"] ?? {}) as Obj;
  for (const f of SERVER_FIELDS) delete meta[f];
  return c;
}

/** Translates recorded run-specific values into the server's. */
class Translator {
  readonly rv = new Map<string, string>();
  readonly values = new Map<string, string>();

  learn(expected: unknown, actual: unknown, key = ""): void {
    if (typeof expected === "string" && typeof actual === "string") {
      if (expected === actual) return;
      if (key === "resourceVersion") this.rv.set(expected, actual);
      else if (key === "uid" || key === "continue" || key === "name") this.values.set(expected, actual);
      return;
    }
    if (Array.isArray(expected) && Array.isArray(actual)) {
      expected.forEach((e, i) => this.learn(e, actual[i], key));
      return;
    }
    if (expected && actual && typeof expected === "object" && typeof actual === "object") {
      const e = expected as Obj;
      const a = actual as Obj;
      for (const k of Object.keys(e)) {
        if (k === "name" && key === "metadata" && typeof e["generateName"] !== "string") continue;
        if (k === "name" && key !== "metadata") continue;
        this.learn(e[k], a[k], k);
      }
    }
  }

  path(p: string): string {
    const [pathPart = "", query] = p.split("?");
    const segs = pathPart.split("/").map((s) => this.values.get(s) ?? s);
    if (query === undefined) return segs.join("/");
    const q = new URLSearchParams(query);
    for (const [k, v] of [...q]) {
      if (k === "resourceVersion" && v !== "0") q.set(k, this.rv.get(v) ?? v);
      else if (this.values.has(v)) q.set(k, this.values.get(v) ?? v);
    }
    return `${segs.join("/")}?${q.toString()}`;
  }

  /** The recorded answer with learned uids substituted everywhere (fieldsV1 keys embed them too). */
  expected(v: unknown): unknown {
    const uids = [...this.values].filter(([k]) => /^[0-9a-f-]{36}$/.test(k));
    const sub = (s: string): string => uids.reduce((acc, [from, to]) => acc.split(from).join(to), s);
    const walk = (x: unknown): unknown => {
      if (typeof x === "string") return sub(x);
      if (Array.isArray(x)) return x.map(walk);
      if (x && typeof x === "object") return Object.fromEntries(Object.entries(x as Obj).map(([k, val]) => [sub(k), walk(val)]));
      return x;
    };
    return uids.length === 0 ? v : walk(v);
  }

  body(v: unknown, key = ""): unknown {
    if (typeof v === "string") return key === "resourceVersion" ? (this.rv.get(v) ?? v) : (this.values.get(v) ?? v);
    if (Array.isArray(v)) return v.map((x) => this.body(x, key));
    if (v && typeof v === "object") {
      const out: Obj = {};
      for (const [k, val] of Object.entries(v as Obj)) out[k] = this.body(val, k);
      return out;
    }
    return v;
  }
}

/** What a file assumes exists before its first exchange. */
export interface Fixture {
  crds: Obj[];
  objects: Obj[];
  /** Objects created over HTTP before replay; their uids/resourceVersions are mapped to the recorded ones. */
  seeds: { path: string; object: Obj; recorded?: Obj }[];
}

/** Replays `exchanges` on a fresh server built from `fixture`. */
export async function replay(exchanges: Exchange[], fixture: Fixture): Promise<StepResult[]> {
  // The transcripts are 1.24's: replayed against the server emulating it.
  const server = await startTestApiServer({ crds: fixture.crds, objects: fixture.objects, bookmarkIntervalMs: 3_600_000, emulate: "1.24" });
  try {
    return await new Replayer(server, exchanges).run(fixture);
  } finally {
    releaseAgent({ url: server.url, caPem: server.caPem });
    await server.stop();
  }
}

class Replayer {
  private readonly t = new Translator();
  private readonly target: Target;
  private readonly auth: Record<string, string>;
  /** Writes implied by watch events, by recorded resourceVersion. */
  private readonly plan = new Map<number, { type: string; object: Obj; path: string }>();
  private readonly done = new Set<number>();
  /** Last recorded state of each object the plan touches, to tell status updates from spec updates. */
  private readonly lastSeen = new Map<string, Obj>();

  constructor(
    private readonly server: TestApiServer,
    private readonly exchanges: Exchange[],
  ) {
    this.target = { url: server.url, caPem: server.caPem };
    this.auth = { Authorization: `Bearer ${server.token}` };
  }

  async run(fixture: Fixture): Promise<StepResult[]> {
    for (const s of fixture.seeds) {
      const ans = await send(this.target, "POST", s.path, { ...this.auth, "Content-Type": "application/json" }, JSON.stringify(s.object));
      if (ans.status !== 201) throw new Error(`seeding ${s.path} failed: ${ans.status} ${JSON.stringify(ans.body)}`);
      if (s.recorded) this.t.learn(s.recorded, ans.body);
    }
    this.buildPlan();
    const results: StepResult[] = [];
    for (let i = 0; i < this.exchanges.length; i++) {
      const t0 = Date.now();
      results.push(await this.exchange(i));
      if (process.env["REPLAY_TIMING"]) console.log(`  [${i}] ${Date.now() - t0} ms`);
    }
    return results;
  }

  private buildPlan(): void {
    const firstList = this.exchanges.find((e) => (e.response.body as Obj | undefined)?.["items"]);
    const base = Number(((firstList?.response.body as Obj | undefined)?.["metadata"] as Obj | undefined)?.["resourceVersion"] ?? 0);
    for (const e of this.exchanges) {
      if (!e.response.events) continue;
      const selective = /labelSelector|fieldSelector/.test(e.request.path);
      const collection = e.request.path.split("?")[0] ?? "";
      for (const ev of e.response.events) {
        const rv = Number(((ev.object["metadata"] ?? {}) as Obj)["resourceVersion"]);
        if (!(rv > base) || ev.type === "ERROR" || ev.type === "BOOKMARK") continue;
        if (this.plan.has(rv) && selective) continue;
        this.plan.set(rv, { type: ev.type, object: ev.object, path: collection });
      }
    }
  }

  private newEventRvs(e: Exchange): number[] {
    return (e.response.events ?? [])
      .map((ev) => Number(((ev.object["metadata"] ?? {}) as Obj)["resourceVersion"]))
      .filter((rv) => this.plan.has(rv) && !this.done.has(rv));
  }

  private async performWrites(pred: (rv: number) => boolean): Promise<void> {
    const rvs = [...this.plan.keys()].filter((rv) => !this.done.has(rv) && pred(rv)).sort((a, b) => a - b);
    for (const rv of rvs) await this.performWrite(rv);
  }

  private async performWrite(rv: number): Promise<void> {
    const w = this.plan.get(rv);
    if (!w) return;
    this.done.add(rv);
    const meta = (w.object["metadata"] ?? {}) as Obj;
    const name = String(meta["name"]);
    const itemPath = `${w.path}/${name}`;
    const headers = { ...this.auth, "Content-Type": "application/json" };
    let ans: Answer;
    if (w.type === "ADDED") {
      ans = await send(this.target, "POST", w.path, headers, JSON.stringify(stripServerFields(w.object)));
    } else if (w.type === "DELETED") {
      ans = await send(this.target, "DELETE", itemPath, this.auth);
      ans = { ...ans, body: { metadata: { resourceVersion: this.server.currentResourceVersion() } } };
    } else {
      const cur = await send(this.target, "GET", itemPath, this.auth);
      const curObj = cur.body as Obj;
      const prev = this.lastSeen.get(itemPath);
      const onlyStatus =
        prev &&
        JSON.stringify({ ...prev, status: null, metadata: null }) === JSON.stringify({ ...w.object, status: null, metadata: null }) &&
        JSON.stringify((prev["metadata"] as Obj)["labels"]) === JSON.stringify(meta["labels"]);
      const next = {
        ...stripServerFields(w.object),
        metadata: { ...(stripServerFields(w.object)["metadata"] as Obj), resourceVersion: (curObj["metadata"] as Obj)["resourceVersion"] },
      };
      ans = await send(this.target, "PUT", onlyStatus ? `${itemPath}/status` : itemPath, headers, JSON.stringify(next));
    }
    this.lastSeen.set(itemPath, w.object);
    const ourRv = ((ans.body as Obj | undefined)?.["metadata"] as Obj | undefined)?.["resourceVersion"];
    if (typeof ourRv === "string") this.t.rv.set(String(rv), ourRv);
  }

  private async exchange(i: number): Promise<StepResult> {
    const e = this.exchanges[i] as Exchange;
    const result: StepResult = { step: e.step, index: i, ok: false, problems: [] };
    const isWatch = /[?&]watch=(1|true)/.test(e.request.path);
    const fresh = this.newEventRvs(e);
    if (isWatch && fresh.length > 0) await this.performWrites((rv) => rv < Math.min(...fresh));
    else if (isWatch) await this.performWrites(() => true);
    else {
      const listRv = Number(((e.response.body as Obj | undefined)?.["metadata"] as Obj | undefined)?.["resourceVersion"] ?? 0);
      await this.performWrites((rv) => rv <= listRv);
    }
    await this.server.settle();
    if (e.response.status === 410 && !isWatch) this.server.faults.expireResourceVersions();
    const headers: Record<string, string> = { ...(e.request.headers ?? {}) };
    const recordedAuth = headers["Authorization"];
    if (recordedAuth === undefined && e.request.headers !== undefined && Object.keys(e.request.headers).length > 0)
      Object.assign(headers, this.auth);
    if (e.request.headers === undefined) Object.assign(headers, this.auth);
    const path = this.t.path(e.request.path);
    if (isWatch) return this.watchExchange(e, path, headers, fresh, result);
    const body =
      e.request.body === undefined
        ? undefined
        : typeof e.request.body === "string"
          ? e.request.body
          : JSON.stringify(this.t.body(e.request.body));
    const ans = await send(this.target, e.request.method, path, headers, body);
    if (ans.status !== e.response.status)
      result.problems.push(`status: expected ${e.response.status}, got ${ans.status}: ${JSON.stringify(ans.body).slice(0, 600)}`);
    this.t.learn(e.response.body, ans.body);
    const aliased = this.exchanges
      .slice(i + 1)
      .some((x) => x.request.body !== undefined && JSON.stringify(x.request.body) === JSON.stringify(e.response.body));
    const unordered = /[?&]resourceVersion=0(&|$)/.test(e.request.path);
    const expectedBody = this.t.expected(e.response.body);
    result.problems.push(...compareBodies(expectedBody, ans.body, { aliased, unorderedItems: unordered }));
    const message = (v: unknown): unknown =>
      v && typeof v === "object" && (v as Obj)["kind"] === "Status" ? (v as Obj)["message"] : undefined;
    if (message(expectedBody) !== undefined) result.sameMessage = message(expectedBody) === message(ans.body);
    result.ok = result.problems.length === 0;
    return result;
  }

  private async watchExchange(
    e: Exchange,
    path: string,
    headers: Record<string, string>,
    fresh: number[],
    result: StepResult,
  ): Promise<StepResult> {
    const expected = e.response.events ?? [];
    const w = await openWatch(this.target, path, headers);
    if (w.status !== e.response.status) result.problems.push(`status: expected ${e.response.status}, got ${w.status}`);
    if (fresh.length > 0) await this.performWrites((rv) => rv <= Math.max(...fresh));
    const timeout = Number(new URLSearchParams(path.split("?")[1] ?? "").get("timeoutSeconds") ?? "0");
    if (timeout > 0 && timeout <= 2) await w.ended;
    else {
      await w.waitFor(expected.length, 10_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    w.close();
    const got = w.events;
    if (got.length !== expected.length)
      result.problems.push(`events: expected ${expected.length}, got ${got.length}: ${got.map((g) => g.type).join(",")}`);
    const types = (evs: { type: string }[]): string => evs.map((x) => x.type).join(",");
    if (types(got) !== types(expected))
      result.problems.push(`event types: expected ${types(expected).slice(0, 200)}, got ${types(got).slice(0, 200)}`);
    expected.forEach((ev, k) => {
      const g = got[k];
      if (!g) return;
      this.t.learn(ev.object, g.object);
      for (const p of compareBodies(this.t.expected(ev.object), g.object)) result.problems.push(`event ${k}: ${p}`);
    });
    result.ok = result.problems.length === 0;
    return result;
  }
}
