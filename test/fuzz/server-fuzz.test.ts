// Fuzzes the test API server (issue 9): seeded batches of valid, mutated, malformed, oversized,
// concurrent and abandoned requests. Every answered request must be a success or a Status whose
// code is the HTTP status (or the real server's plain-text 404 for unrouted paths, or an empty HEAD
// answer); the server must answer /healthz after every batch; and no acknowledged write may be
// lost: an oracle built only from the server's own 2xx answers must equal the final lists, the
// stream of watchers opened at the start, and a watch replayed from the starting resourceVersion.
// FUZZ_SEED replays a run; FUZZ_SCALE=10 (`npm run fuzz`) is the long mode.
import assert from "node:assert/strict";
import http from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { decodeProtobufObject } from "../../testing/src/endpoints/protobuf/objects.js";
import { deepArray, deepObject, foo } from "../testing/hostile-cases.js";
import { Prng, fuzzScale, fuzzSeed } from "./prng.js";

const SEED = fuzzSeed();
const SCALE = fuzzScale();
const REQUESTS = Math.round(5_000 * SCALE);
const LIMIT = 3 * 1024 * 1024;

const FOO_CRD = parse(
  readFileSync(
    join(import.meta.dirname, "../../generated-examples/sample-controller/config/crd/bases/samplecontroller.k8s.io_foos.yaml"),
    "utf8",
  ),
) as Record<string, unknown>;

/** The two resources whose writes the oracle follows. */
const RESOURCES = {
  foos: {
    collection: (ns: string) => `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${ns}/foos`,
    all: "/apis/samplecontroller.k8s.io/v1alpha1/foos",
    kind: "Foo",
    object: (name: string, rng: Prng): Record<string, unknown> =>
      foo(
        name,
        { replicas: rng.range(1, 10), deploymentName: `d-${rng.string(3)}` },
        rng.chance(0.3) ? { labels: { l: rng.pick(["a", "b"]) } } : {},
      ),
  },
  configmaps: {
    collection: (ns: string) => `/api/v1/namespaces/${ns}/configmaps`,
    all: "/api/v1/configmaps",
    kind: "ConfigMap",
    object: (name: string, rng: Prng): Record<string, unknown> => ({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name, ...(rng.chance(0.3) ? { labels: { l: rng.pick(["a", "b"]) } } : {}) },
      data: { k: rng.string(rng.int(20)) },
    }),
  },
} as const;
type Resource = keyof typeof RESOURCES;
const RESOURCE_NAMES = Object.keys(RESOURCES) as Resource[];
const NAMESPACES = ["default", "fuzz"];
const NAMES = ["fz-a", "fz-b", "fz-c", "fz-d", "fz-e"];

/** One request as the generator makes it. */
interface Req {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** A well-formed request: it must succeed or fail only with NotFound / AlreadyExists / Conflict. */
  valid?: boolean;
  /** Opens a watch when answered 200 (any watch value but "0" or "false" does, as the real server's codec reads it). */
  watch?: boolean;
  /** Abandoned by the client: mid-body (Content-Length larger than what is sent) or on the first answer byte. */
  abandon?: "mid-body" | "mid-response";
}

/** What came back. */
interface Res {
  status: number;
  contentType: string;
  text: string;
  /** The body's bytes (a protobuf answer is not text). */
  bytes: Buffer;
}

let server: TestApiServer;
let agent: http.Agent;
const failures: string[] = [];
const asyncErrors: unknown[] = [];
const onAsyncError = (e: unknown): void => void asyncErrors.push(e);

before(async () => {
  process.on("unhandledRejection", onAsyncError);
  process.on("uncaughtException", onAsyncError);
  server = await startTestApiServer({
    crds: [FOO_CRD],
    tls: false,
    historySize: 1_000_000,
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: "fuzz" } }],
  });
  // Idle sockets are dropped before the server's 5 s keep-alive timeout can close them under a
  // request just written (a reset no server could answer; Go's client retries those).
  agent = new http.Agent({ keepAlive: true, maxSockets: 32, timeout: 2_000 });
});
after(async () => {
  agent.destroy();
  await server.stop();
  process.off("unhandledRejection", onAsyncError);
  process.off("uncaughtException", onAsyncError);
});

function send(req: Req): Promise<Res | "abandoned"> {
  const u = new URL(server.url);
  const headers: Record<string, string> = { Authorization: `Bearer ${server.token}`, ...req.headers };
  if (req.body) headers["Content-Length"] = String(req.abandon === "mid-body" ? req.body.length * 2 + 10 : req.body.length);
  return new Promise((resolve, reject) => {
    const r = http.request({
      method: req.method,
      hostname: u.hostname,
      port: u.port,
      path: req.path,
      headers,
      agent: req.abandon ? false : agent,
    });
    r.setTimeout(10_000, () => r.destroy(new Error("no answer within 10 s")));
    r.on("error", (e) => (req.abandon ? resolve("abandoned") : reject(e)));
    r.on("response", (res) => {
      if (req.abandon) {
        r.destroy();
        resolve("abandoned");
        return;
      }
      if (req.watch && res.statusCode === 200) {
        // The stream would run for the default watch timeout: its headers are the answer.
        r.destroy();
        resolve({ status: 200, contentType: res.headers["content-type"] ?? "", text: "", bytes: Buffer.alloc(0) });
        return;
      }
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers["content-type"] ?? "",
          text: Buffer.concat(chunks).toString("utf8"),
          bytes: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    });
    if (req.abandon === "mid-body") {
      r.write(req.body ?? Buffer.from("{"));
      setImmediate(() => {
        r.destroy();
        resolve("abandoned");
      });
    } else r.end(req.body);
  });
}

// ---- The oracle: only the server's own 2xx answers to writes. ----

/** One life of an object (a uid): the resourceVersions acknowledged for it and whether its deletion was. */
interface Life {
  key: string;
  rvs: Set<number>;
  deleted: boolean;
}
const lives = new Map<string, Life>();
/**
 * The uids of the objects the server starts with (the namespaces' root CA ConfigMaps): the fuzz
 * follows every other object, whatever its name (a mutated body can create `z-b` as well as `fz-b`).
 */
const preexisting = new Set<string>();

function lifeOf(key: string, uid: string): Life {
  let l = lives.get(uid);
  if (!l) lives.set(uid, (l = { key, rvs: new Set(), deleted: false }));
  assert.equal(l.key, key, `uid ${uid} answered for two objects`);
  return l;
}

function keyOf(obj: Record<string, unknown>): string | undefined {
  const m = obj["metadata"] as Record<string, unknown> | undefined;
  const resource = obj["kind"] === "Foo" ? "foos" : obj["kind"] === "ConfigMap" ? "configmaps" : undefined;
  if (!m || !resource || typeof m["name"] !== "string" || typeof m["namespace"] !== "string") return undefined;
  return `${resource}/${m["namespace"]}/${m["name"]}`;
}

/** An answer's object: JSON, or protobuf (built-ins and Status, when the Accept header ranks it first). */
function answerObject(res: Res): Record<string, unknown> {
  if (res.contentType === "application/vnd.kubernetes.protobuf") return decodeProtobufObject(res.bytes);
  return JSON.parse(res.text) as Record<string, unknown>;
}

/** Records a 2xx answer to a write (dry runs store nothing, so they are not writes). */
function acknowledge(req: Req, res: Res): void {
  if (!["POST", "PUT", "PATCH", "DELETE"].includes(req.method) || /[?&]dryRun=/.test(req.path)) return;
  let body: Record<string, unknown>;
  try {
    body = answerObject(res);
  } catch {
    failures.push(`${req.label}: ${res.status} with a body that is not JSON: ${res.text.slice(0, 100)}`);
    return;
  }
  // A deletecollection answers the deleted objects as a list, whose built-in items carry no kind.
  const itemKind = typeof body["kind"] === "string" ? body["kind"].replace(/List$/, "") : undefined;
  const objects: Record<string, unknown>[] = Array.isArray(body["items"])
    ? (body["items"] as Record<string, unknown>[]).map((o) => ({ kind: itemKind, ...o }))
    : [body];
  for (const obj of objects) {
    if (obj["kind"] === "Status") {
      // A deletion (of a ConfigMap, or of a Foo without finalizers) answers a Status naming the uid;
      // which object it was is in the path.
      const details = obj["details"] as Record<string, unknown> | undefined;
      const name = typeof details?.["name"] === "string" ? details["name"] : undefined;
      const [, ns, resource] = /\/namespaces\/([^/]+)\/(configmaps|foos)\//.exec(req.path) ?? [];
      if (req.method === "DELETE" && name && ns && resource && typeof details?.["uid"] === "string") {
        lifeOf(`${resource}/${ns}/${name}`, details["uid"]).deleted = true;
      }
      continue;
    }
    const key = keyOf(obj);
    const m = obj["metadata"] as Record<string, unknown> | undefined;
    if (!key || !m || typeof m["uid"] !== "string") continue;
    const life = lifeOf(key, m["uid"]);
    const pending = Array.isArray(m["finalizers"]) && m["finalizers"].length > 0;
    if (req.method === "DELETE" && !pending) life.deleted = true;
    else life.rvs.add(Number(m["resourceVersion"]));
  }
}

// ---- Checking each answer. ----

function check(req: Req, res: Res): void {
  const where = `${req.label} ${req.method} ${req.path.slice(0, 120)}`;
  if (res.status >= 500) failures.push(`${where}: ${res.status} ${res.text.slice(0, 200)}`);
  if (res.status >= 200 && res.status < 300) {
    acknowledge(req, res);
    return;
  }
  if (req.valid && ![404, 409].includes(res.status))
    failures.push(`${where}: a valid request answered ${res.status} ${res.text.slice(0, 200)}`);
  if (req.method === "HEAD") {
    if (res.text !== "") failures.push(`${where}: a HEAD answer with a body`);
    return;
  }
  // kube-apiserver's mux answers paths it does not route with this plain-text page.
  if (res.status === 404 && res.contentType.startsWith("text/plain") && res.text === "404 page not found\n") return;
  // Go's net/http answers a request line whose path does not parse (`%zz`) with this, before any handler.
  if (res.status === 400 && res.contentType.startsWith("text/plain") && res.text === "400 Bad Request") return;
  let status: Record<string, unknown> | undefined;
  try {
    status = answerObject(res);
  } catch {
    // Reported below.
  }
  if (status?.["kind"] !== "Status" || status["code"] !== res.status)
    failures.push(`${where}: ${res.status} without a matching Status: ${res.contentType} ${res.text.slice(0, 200)}`);
}

// ---- The generator. ----

const JSON_CT = { "Content-Type": "application/json" };

function objectPath(rng: Prng, resource: Resource, ns = rng.pick(NAMESPACES), name = rng.pick(NAMES)): string {
  return `${RESOURCES[resource].collection(ns)}/${name}`;
}

/** The latest acknowledged resourceVersion of a live object, if any. */
function latestRv(key: string): number | undefined {
  let best: number | undefined;
  for (const l of lives.values()) if (l.key === key && !l.deleted) for (const rv of l.rvs) best = Math.max(best ?? 0, rv);
  return best;
}

/** A well-formed write: create, update (current, stale or no resourceVersion), patch or delete. */
function validWrite(rng: Prng): Req {
  const resource = rng.pick(RESOURCE_NAMES);
  const ns = rng.pick(NAMESPACES);
  const name = rng.pick(NAMES);
  const obj = RESOURCES[resource].object(name, rng);
  const op = rng.weighted([
    [4, "create"],
    [1, "generate"],
    [3, "update"],
    [2, "status"],
    [3, "merge"],
    [1, "json-patch"],
    [3, "delete"],
  ] as const);
  const label = `valid-${op}`;
  switch (op) {
    case "create":
      return { label, method: "POST", path: RESOURCES[resource].collection(ns), headers: JSON_CT, body: json(obj), valid: true };
    case "generate": {
      const meta = obj["metadata"] as Record<string, unknown>;
      delete meta["name"];
      meta["generateName"] = "fz-gen-";
      return { label, method: "POST", path: RESOURCES[resource].collection(ns), headers: JSON_CT, body: json(obj), valid: true };
    }
    case "update":
    case "status": {
      const rv = latestRv(`${resource}/${ns}/${name}`);
      const meta = obj["metadata"] as Record<string, unknown>;
      // Custom resources refuse an update without resourceVersion (422); built-ins take it unconditionally.
      if (rv !== undefined && (resource === "foos" || rng.chance(0.8))) meta["resourceVersion"] = String(rng.chance(0.8) ? rv : rv - 1);
      const sub = op === "status" && resource === "foos" ? "/status" : "";
      if (sub) obj["status"] = { availableReplicas: rng.int(5) };
      const valid = resource !== "foos" || meta["resourceVersion"] !== undefined;
      return { label, method: "PUT", path: objectPath(rng, resource, ns, name) + sub, headers: JSON_CT, body: json(obj), valid };
    }
    case "merge":
      return {
        label,
        method: "PATCH",
        path: objectPath(rng, resource, ns, name),
        headers: { "Content-Type": "application/merge-patch+json" },
        body: json(resource === "foos" ? { spec: { replicas: rng.range(1, 10) } } : { data: { k: rng.string(4) } }),
        valid: true,
      };
    case "json-patch":
      return {
        label,
        method: "PATCH",
        path: objectPath(rng, resource, ns, name),
        headers: { "Content-Type": "application/json-patch+json" },
        body: json([{ op: "add", path: "/metadata/labels", value: { p: rng.string(3, "abc123") } }]),
        valid: true,
      };
    case "delete":
      return { label, method: "DELETE", path: objectPath(rng, resource, ns, name), headers: {}, valid: true };
  }
}

function json(v: unknown): Buffer {
  return Buffer.from(JSON.stringify(v));
}

/** A valid write's body, mutated byte by byte, sent with a random content type. */
function mutatedWrite(rng: Prng): Req {
  const base = validWrite(rng);
  let text = (base.body ?? json(RESOURCES[rng.pick(RESOURCE_NAMES)].object(rng.pick(NAMES), rng))).toString("utf8");
  const edits = rng.range(1, 4);
  for (let i = 0; i < edits; i++) {
    const at = rng.int(text.length + 1);
    text = rng.weighted([
      [3, () => text.slice(0, at) + text.slice(at + 1)],
      [3, () => text.slice(0, at) + rng.pick(["{", "}", "[", "]", '"', ":", ",", "\\", "0", "-", "e"]) + text.slice(at)],
      [2, () => text.slice(0, at)],
      [2, () => text.replace(/"(\w+)":/, `"${rng.pick(["中", "a\u0001", "replica\u0080", "__proto__", "metadata", "x😀"])}":`)],
      [1, () => text.replace(/"[a-z]+"/, rng.pick(["1", "null", "[]", "{}", "true", '"\\ud800"']))],
    ] as const)();
  }
  const ct = rng.pick([
    "application/json",
    "application/json",
    "application/merge-patch+json",
    "application/strategic-merge-patch+json",
    "application/apply-patch+yaml",
    "application/yaml",
    "application/vnd.kubernetes.protobuf",
    "text/plain",
    "application/json; charset=latin1",
    "",
  ]);
  return {
    label: `mutated-${base.label}`,
    method: base.method === "DELETE" ? rng.pick(["POST", "PUT", "PATCH", "DELETE"]) : base.method,
    path: base.method === "DELETE" && rng.chance(0.5) ? base.path.slice(0, base.path.lastIndexOf("/")) : base.path,
    headers: ct ? { "Content-Type": ct } : {},
    body: Buffer.from(text),
  };
}

/** Bodies no real client sends: deep, huge, not UTF-8, not objects. */
function hostileBody(rng: Prng): Req {
  const resource = rng.pick(RESOURCE_NAMES);
  const ns = rng.pick(NAMESPACES);
  const obj = JSON.stringify(RESOURCES[resource].object(rng.pick(NAMES), rng));
  const kind = rng.weighted([
    [3, "deep-array"],
    [3, "deep-object"],
    // A body near 3 MiB costs the server most of a second to decode and check, and a stored one is in
    // every later list and watch event: a few in CI, the full share in the long mode.
    [SCALE >= 10 ? 1 : 0.15, "huge"],
    [3, "invalid-utf8"],
    [2, "scalar"],
    [2, "bad-metadata"],
    [2, "deep-patch"],
  ] as const);
  const depth = rng.pick([10, 100, 1000, 5000, 20_000]);
  const path = RESOURCES[resource].collection(ns);
  const post = (body: Buffer | string, label: string): Req => ({
    label,
    method: "POST",
    path,
    headers: JSON_CT,
    body: typeof body === "string" ? Buffer.from(body) : body,
  });
  switch (kind) {
    case "deep-array":
      return post(obj.replace(/}$/, `,"deep":${deepArray(depth)}}`), `deep-array-${depth}`);
    case "deep-object":
      return post(obj.replace(/}$/, `,"deep":${deepObject(depth)}}`), `deep-object-${depth}`);
    case "huge": {
      // Around the 3 MiB limit: some just under (stored, or refused by the object's own limits), some over (413).
      const size = LIMIT - obj.length - 64 + rng.range(-2048, 2048);
      const pad = "x".repeat(Math.max(0, size));
      const body = resource === "configmaps" ? obj.replace(/"data":\{/, `"data":{"pad":"${pad}",`) : obj.replace(/}$/, `,"pad":"${pad}"}`);
      return post(body, `huge-${Buffer.byteLength(body) > LIMIT ? "over" : "under"}`);
    }
    case "invalid-utf8": {
      const b = Buffer.from(obj);
      const bad = rng.pick([[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]]);
      const at = rng.int(b.length);
      return post(Buffer.concat([b.subarray(0, at), Buffer.from(bad), b.subarray(at)]), "invalid-utf8");
    }
    case "scalar":
      return post(rng.pick(["", "null", "1", '"x"', "[]", "true", "{}", "\u0000", "{".repeat(3)]), "scalar");
    case "bad-metadata": {
      const o = JSON.parse(obj) as Record<string, unknown>;
      const meta = o["metadata"] as Record<string, unknown>;
      rng.pick([
        () => (meta["labels"] = { a: rng.pick([1, null, true, {}]) }),
        () => (meta["name"] = rng.pick(["", "UPPER", "a/b", "x".repeat(300), 5, "..", "fz a"])),
        () => (meta["creationTimestamp"] = rng.pick(["yesterday", 5, {}])),
        () => (meta["managedFields"] = rng.pick(["nope", [{ manager: 5 }], [null]])),
        () => (meta["annotations"] = { a: "x".repeat(rng.range(1, 300_000)) }),
        () => (meta["finalizers"] = rng.pick(["x", [5], ["not a qualified/name/at all"]])),
        () => (meta["namespace"] = rng.pick(["other", "", 5])),
        () => (o["metadata"] = rng.pick(["x", [], null])),
      ])();
      return post(JSON.stringify(o), "bad-metadata");
    }
    case "deep-patch":
      return {
        label: `deep-patch-${depth}`,
        method: "PATCH",
        path: objectPath(rng, resource, ns),
        headers: {
          "Content-Type": rng.pick([
            "application/merge-patch+json",
            "application/json-patch+json",
            "application/strategic-merge-patch+json",
          ]),
        },
        body: Buffer.from(rng.chance(0.5) ? `{"metadata":{"labels":${deepObject(depth)}}}` : deepArray(depth)),
      };
  }
}

/** Paths and methods a router must refuse properly. */
function oddRoute(rng: Prng): Req {
  const resource = rng.pick(RESOURCE_NAMES);
  const ns = rng.pick([...NAMESPACES, "missing", "UPPER", "a%2Fb"]);
  const path = rng.pick([
    RESOURCES[resource].collection(ns),
    objectPath(rng, resource, ns),
    RESOURCES[resource].all,
    `//apis//samplecontroller.k8s.io/v1alpha1/namespaces/${ns}/foos`,
    `/api//v1/namespaces/${ns}/configmaps`,
    `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${ns}/foos/../configmaps`,
    `/api/v1/namespaces/${ns}/configmaps/%2e%2e`,
    `/api/v1/namespaces/${ns}/configmaps/fz-a%2Fb`,
    `/api/v1/namespaces/${ns}/configmaps/%zz`,
    `/api/v1/namespaces/${ns}/configmaps/%00`,
    `/api/v1/namespaces/${ns}/configmaps/%E4%B8%AD`,
    `/api/v1/namespaces/${ns}/configmaps/${"a".repeat(rng.pick([64, 300, 8000]))}`,
    `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${ns}/foos/fz-a/scale`,
    `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${ns}/foos/fz-a/status/extra`,
    `/apis/samplecontroller.k8s.io/v9/namespaces/${ns}/foos`,
    `/apis/nothing.example.com/v1/widgets`,
    `/apis/samplecontroller.k8s.io`,
    `/apis/samplecontroller.k8s.io/v1alpha1`,
    `/api/v1/nothings`,
    `/api/v2/namespaces`,
    `/apis`,
    `/api`,
    `/openapi/v2`,
    `/version`,
    `/`,
    `/healthz/extra`,
    `/${rng.string(rng.range(1, 30), "abc/%.-_~")}`,
  ]);
  const query = rng.chance(0.4)
    ? `?${rng.pick([
        "watch=maybe",
        "limit=-1",
        "limit=abc",
        "continue=%25%25",
        "continue=garbage",
        "labelSelector=((",
        "labelSelector=a%20in%20(",
        "fieldSelector=metadata.name%3D%3D",
        "fieldSelector=spec.x%3D1",
        "resourceVersion=abc",
        "resourceVersionMatch=Exact",
        "timeoutSeconds=x",
        "dryRun=Maybe",
        "dryRun=All",
        "fieldValidation=Strict",
        "fieldValidation=nope",
        "propagationPolicy=Sideways",
        "gracePeriodSeconds=-1",
        "pretty=yes",
        "a=%ZZ",
        "&&&=",
      ])}`
    : "";
  // No DELETE on collections outside the tracked resources, and never on namespaces: the oracle follows foos and configmaps only.
  const method = rng.pick(["GET", "GET", "HEAD", "OPTIONS", "FOO", "PROPFIND", "TRACE", "POST", "PUT", "PATCH", "DELETE"]);
  const body = ["POST", "PUT", "PATCH"].includes(method) ? json(RESOURCES[resource].object(rng.pick(NAMES), rng)) : undefined;
  const watch = /[?&]watch=(?!0|false)/i.test(query) && (method === "GET" || method === "HEAD");
  return { label: "odd-route", method, path: path + query, headers: JSON_CT, watch, ...(body ? { body } : {}) };
}

/** Reads with odd Accept headers and list options. */
function read(rng: Prng): Req {
  const resource = rng.pick(RESOURCE_NAMES);
  const path = rng.pick([RESOURCES[resource].collection(rng.pick(NAMESPACES)), RESOURCES[resource].all, objectPath(rng, resource)]);
  const accept = rng.pick([
    "application/json",
    "application/yaml",
    "application/vnd.kubernetes.protobuf",
    "application/json;as=Table;v=v1;g=meta.k8s.io",
    "application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io",
    "text/html",
    "*/*",
    "application/*",
    "garbage",
    ";;;",
  ]);
  const query = rng.pick([
    "",
    "?limit=2",
    "?labelSelector=l%3Da",
    "?fieldSelector=metadata.name%3Dfz-a",
    "?resourceVersion=0",
    "?limit=1&continue=x",
  ]);
  return { label: "read", method: rng.pick(["GET", "GET", "HEAD"]), path: path + query, headers: { Accept: accept } };
}

/** Requests the client gives up on: mid-body writes, reads and watches dropped on the first byte. */
function abandoned(rng: Prng): Req {
  const resource = rng.pick(RESOURCE_NAMES);
  if (rng.chance(0.4)) {
    const w = validWrite(rng);
    return { ...w, label: `abandoned-body-${w.label}`, valid: false, body: w.body ?? json({}), abandon: "mid-body" };
  }
  const watch = rng.chance(0.5);
  const q = watch ? `?watch=1${rng.pick(["", "&resourceVersion=0", "&allowWatchBookmarks=true", "&timeoutSeconds=1"])}` : "";
  return {
    label: watch ? "abandoned-watch" : "abandoned-read",
    method: "GET",
    path: rng.pick([RESOURCES[resource].all, RESOURCES[resource].collection(rng.pick(NAMESPACES))]) + q,
    headers: {},
    abandon: "mid-response",
  };
}

function generate(rng: Prng): Req {
  return rng.weighted([
    [40, validWrite],
    [14, mutatedWrite],
    [10, hostileBody],
    [16, oddRoute],
    [10, read],
    [10, abandoned],
  ] as const)(rng);
}

// ---- Watch streams. ----

interface Event {
  type: string;
  key: string;
  uid: string;
  rv: number;
}

/** Opens a watch and collects its events (of the fuzzed names) until closed. */
function watch(path: string): Promise<{ events: Event[]; seen: (uid: string) => boolean; close: () => void }> {
  return new Promise((resolve, reject) => {
    const u = new URL(server.url);
    const r = http.request({
      hostname: u.hostname,
      port: u.port,
      path,
      headers: { Authorization: `Bearer ${server.token}` },
      agent: false,
    });
    r.on("error", (e) => (r.destroyed ? undefined : reject(e)));
    r.on("response", (res) => {
      assert.equal(res.statusCode, 200, `watch ${path}`);
      const events: Event[] = [];
      const uids = new Set<string>();
      let buf = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buf += chunk;
        for (let nl = buf.indexOf("\n"); nl >= 0; nl = buf.indexOf("\n")) {
          const line = buf.slice(0, nl);
          buf = buf.slice(nl + 1);
          const e = JSON.parse(line) as { type: string; object: Record<string, unknown> };
          const m = e.object["metadata"] as Record<string, unknown>;
          const key = keyOf(e.object);
          if (!key || preexisting.has(String(m["uid"]))) continue;
          events.push({ type: e.type, key, uid: String(m["uid"]), rv: Number(m["resourceVersion"]) });
          uids.add(String(m["uid"]));
        }
      });
      res.on("error", () => {});
      resolve({ events, seen: (uid) => uids.has(uid), close: () => r.destroy() });
    });
    r.end();
  });
}

async function until(cond: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The events a stream must carry for the acknowledged writes: per life, ADDED, MODIFIED at each later rv, DELETED. */
function expectedEvents(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [uid, l] of lives) {
    const rvs = [...l.rvs].sort((a, b) => a - b);
    out.set(uid, [...rvs.map((rv, i) => `${i === 0 ? "ADDED" : "MODIFIED"} ${rv}`), ...(l.deleted ? ["DELETED"] : [])]);
  }
  return out;
}

function eventsByUid(events: readonly Event[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of events) {
    const list = out.get(e.uid) ?? [];
    list.push(e.type === "DELETED" ? "DELETED" : `${e.type} ${e.rv}`);
    out.set(e.uid, list);
  }
  return out;
}

async function list(path: string): Promise<Map<string, { uid: string; rv: number }>> {
  const res = await send({ label: "final-list", method: "GET", path, headers: {} });
  assert.ok(res !== "abandoned" && res.status === 200, `list ${path}`);
  const out = new Map<string, { uid: string; rv: number }>();
  for (const item of (JSON.parse(res.text) as { items: Record<string, unknown>[] }).items) {
    const m = item["metadata"] as Record<string, unknown>;
    if (!preexisting.has(String(m["uid"])))
      out.set(`${path === RESOURCES.foos.all ? "foos" : "configmaps"}/${String(m["namespace"])}/${String(m["name"])}`, {
        uid: String(m["uid"]),
        rv: Number(m["resourceVersion"]),
      });
  }
  return out;
}

test(
  `the test server under ${REQUESTS} fuzzed requests (FUZZ_SEED=${SEED}, FUZZ_SCALE=${SCALE})`,
  { timeout: 600_000 * SCALE },
  async () => {
    const rng = new Prng(SEED).fork("server");
    for (const r of RESOURCE_NAMES) for (const { uid } of (await list(RESOURCES[r].all)).values()) preexisting.add(uid);
    const startRv = server.currentResourceVersion();
    const watchers = await Promise.all(RESOURCE_NAMES.map((r) => watch(`${RESOURCES[r].all}?watch=1&resourceVersion=${startRv}`)));
    const counts = new Map<string, number>();
    const codes = new Map<string, number>();
    const latency = new Map<string, number>();
    const started = performance.now();
    let sent = 0;
    while (sent < REQUESTS) {
      // A burst of concurrent requests, then a health check: the server must still serve.
      const size = Math.min(
        REQUESTS - sent,
        rng.weighted([
          [3, 1],
          [4, rng.range(2, 8)],
          [2, rng.range(9, 32)],
        ] as const),
      );
      const batch = Array.from({ length: size }, () => generate(rng));
      sent += size;
      await Promise.all(
        batch.map(async (req) => {
          const cls = req.label.replace(/-\d+$/, "");
          counts.set(cls, (counts.get(cls) ?? 0) + 1);
          const t0 = performance.now();
          let res: Res | "abandoned";
          try {
            res = await send(req);
          } catch (e) {
            failures.push(`${req.label} ${req.method} ${req.path.slice(0, 120)}: no answer (${(e as Error).message})`);
            return;
          }
          latency.set(cls, (latency.get(cls) ?? 0) + performance.now() - t0);
          const code = res === "abandoned" ? "abandoned" : String(res.status);
          codes.set(code, (codes.get(code) ?? 0) + 1);
          if (res !== "abandoned") check(req, res);
        }),
      );
      const health = await send({ label: "health", method: "GET", path: "/healthz", headers: {} });
      assert.ok(
        health !== "abandoned" && health.status === 200 && health.text === "ok",
        `the server stopped serving after ${sent} requests`,
      );
      assert.deepEqual(failures.slice(0, 20), [], `FUZZ_SEED=${SEED}: failed after ${sent} requests`);
    }
    // Closing writes every watcher must see, so the streams are known to be complete.
    const sentinels: string[] = [];
    for (const r of RESOURCE_NAMES) {
      const req: Req = {
        label: "sentinel",
        method: "POST",
        path: RESOURCES[r].collection("default"),
        headers: JSON_CT,
        body: json(RESOURCES[r].object("fz-sentinel", rng)),
        valid: true,
      };
      const res = await send(req);
      assert.ok(res !== "abandoned" && res.status === 201, `sentinel ${r}`);
      acknowledge(req, res);
      sentinels.push(String(((JSON.parse(res.text) as Record<string, unknown>)["metadata"] as Record<string, unknown>)["uid"]));
    }
    await until(() => watchers.every((w, i) => w.seen(sentinels[i]!)), "the watchers to see the sentinels");
    const replay = await Promise.all(RESOURCE_NAMES.map((r) => watch(`${RESOURCES[r].all}?watch=1&resourceVersion=${startRv}`)));
    await until(() => replay.every((w, i) => w.seen(sentinels[i]!)), "the replayed watches to reach the sentinels");
    for (const w of [...watchers, ...replay]) w.close();

    // The final lists hold exactly the last life of each name, at its last acknowledged resourceVersion.
    const expected = new Map<string, { uid: string; rv: number }>();
    const lastLife = new Map<string, { uid: string; first: number }>();
    for (const [uid, l] of lives) {
      const first = Math.min(...l.rvs);
      const prev = lastLife.get(l.key);
      if (!prev || first > prev.first) lastLife.set(l.key, { uid, first });
    }
    for (const [key, { uid }] of lastLife) {
      const l = lives.get(uid)!;
      if (!l.deleted) expected.set(key, { uid, rv: Math.max(...l.rvs) });
    }
    const actual = new Map([...(await list(RESOURCES.foos.all)), ...(await list(RESOURCES.configmaps.all))]);
    // Compared as what differs, so a failure names the objects rather than a shifted list.
    const differ = (a: Map<string, { uid: string; rv: number }>, b: Map<string, { uid: string; rv: number }>): string[] =>
      [...a].filter(([k, v]) => b.get(k)?.uid !== v.uid || b.get(k)?.rv !== v.rv).map(([k, v]) => `${k} ${v.uid} ${v.rv}`);
    assert.deepEqual(
      { listedNotAcknowledged: differ(actual, expected), acknowledgedNotListed: differ(expected, actual) },
      { listedNotAcknowledged: [], acknowledgedNotListed: [] },
      "the final lists against the acknowledged writes",
    );
    // Every life but the last of a name ended in an acknowledged delete.
    for (const [uid, l] of lives)
      if (lastLife.get(l.key)?.uid !== uid) assert.ok(l.deleted, `${l.key} (${uid}) was replaced without an acknowledged delete`);

    // The streams: per object life, its acknowledged writes in order, and nothing else.
    const want = expectedEvents();
    const stream = [...watchers[0]!.events, ...watchers[1]!.events];
    assert.deepEqual(eventsByUid(stream), want, "the watch stream opened at the start against the acknowledged writes");
    const replayed = [...replay[0]!.events, ...replay[1]!.events];
    assert.deepEqual(replayed, stream, "a watch replayed from the start resourceVersion against the live stream");
    for (const w of watchers) {
      const rvs = w.events.map((e) => e.rv);
      assert.deepEqual(
        rvs,
        [...rvs].sort((a, b) => a - b),
        "a stream's resourceVersions only grow",
      );
    }
    assert.deepEqual(asyncErrors, [], "unhandled rejections or exceptions");
    const writes = [...lives.values()].reduce((s, l) => s + l.rvs.size + (l.deleted ? 1 : 0), 0);
    const table = (m: Map<string, number>, f: (k: string, v: number) => string = (k, v) => `${k} ${v}`): string =>
      [...m]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => f(k, v))
        .join(", ");
    // The counts a long run reports: what was sent, what came back, and what the oracle checked.
    process.stdout.write(
      `# server fuzz: seed ${SEED}, ${sent} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, ` +
        `${writes} acknowledged writes over ${lives.size} object lives (${expected.size} in the final lists), ` +
        `${stream.length} events streamed and replayed\n# requests by class: ${table(counts)}\n# answers by code: ${table(codes)}\n` +
        `# mean latency by class (ms): ${table(latency, (k, v) => `${k} ${(v / (counts.get(k) ?? 1)).toFixed(1)}`)}\n`,
    );
  },
);
