// The hostile requests of issue 9 as one table, sent raw (any method, unnormalised paths, huge or deep
// bodies) so the same code records the real kube-apiserver's answers into
// test/fixtures/hostile-requests.json and replays them against the test server.
//
// Record again (see test/fixtures/PROVENANCE.md) with a server that serves the Foo CRD of
// test/fixtures/openapi/foos-crd-as-recorded.yaml (recording creates BLOB_CRD itself):
//   npx tsx test/testing/hostile-cases.ts record https://127.0.0.1:PORT TOKEN > test/fixtures/hostile-requests.json
import http from "node:http";
import https from "node:https";
import { fileURLToPath } from "node:url";

/** One request of the table. */
export interface HostileCase {
  name: string;
  method: string;
  /** Sent as is: no normalisation of "//" or dot segments. */
  path: string;
  headers?: Record<string, string>;
  body?: () => string;
  /** A watch: how long to wait for the server to end the stream (ms); records whether it did. */
  watchWaitMs?: number;
}

/** What a server answered, in the fields the tests compare. */
export interface HostileAnswer {
  status: number;
  /** Status body fields (absent when the body is not a Status). */
  kind?: string;
  reason?: string;
  message?: string;
  /** Warning header values. */
  warning?: string[];
  /** Length of the body received (HEAD answers have none). */
  bodyLength: number;
  /** For watches: whether the server ended the stream within watchWaitMs. */
  closed?: boolean;
}

const FOOS = "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/default/foos";
const FOO_VERSION = "samplecontroller.k8s.io/v1alpha1";
const CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
const BLOBS = "/apis/hostile.example.com/v1/namespaces/default/blobs";

/** A CRD whose spec keeps unknown fields: deep values are stored, not pruned (the Foo CRD prunes them). */
export const BLOB_CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "blobs.hostile.example.com" },
  spec: {
    group: "hostile.example.com",
    scope: "Namespaced",
    names: { plural: "blobs", singular: "blob", kind: "Blob", listKind: "BlobList" },
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: { type: "object", properties: { spec: { type: "object", "x-kubernetes-preserve-unknown-fields": true } } },
        },
      },
    ],
  },
};

/** A Blob named `name` whose spec.deep is `deep` (JSON text), as JSON text. */
function blob(name: string, deep: string): string {
  return `{"apiVersion":"hostile.example.com/v1","kind":"Blob","metadata":{"name":"${name}"},"spec":{"deep":${deep}}}`;
}

/** A valid Foo named `name`, with `spec` merged into its spec and `meta` into its metadata. */
export function foo(name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: FOO_VERSION,
    kind: "Foo",
    metadata: { name, ...meta },
    spec: { deploymentName: "d", replicas: 1, ...spec },
    status: { availableReplicas: 0 },
  };
}

/** `[[[...1...]]]` nested `depth` deep, as JSON text. */
export function deepArray(depth: number): string {
  return "[".repeat(depth) + "1" + "]".repeat(depth);
}

/** `{"a":{"a":...}}` nested `depth` deep, as JSON text. */
export function deepObject(depth: number): string {
  return '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

const json = (v: unknown) => () => JSON.stringify(v);
const JSON_CT = { "Content-Type": "application/json" };

/** The object every case that patches expects to exist (created by `setup`). */
export const SETUP_FOO = foo("hostile-base");
/** The ConfigMap the built-in patch cases expect. */
export const SETUP_CONFIGMAP = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "hostile-base" }, data: { k: "v" } };

/** The requests, in the order they are sent. Names are the keys of the recorded fixture. */
export const HOSTILE_CASES: readonly HostileCase[] = [
  // Unknown fields whose names Node's header check refuses if written raw.
  { name: "create-unknown-field-cjk", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-cjk", { 中: 1 })) },
  { name: "create-unknown-field-c1", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-c1", { "replica\u0080": 1 })) },
  { name: "create-unknown-field-control", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-ctl", { "a\u0001\nb": 1 })) },
  { name: "create-unknown-field-quote", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-quote", { 'a"b\\c': 1 })) },
  { name: "create-unknown-field-emoji", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-emoji", { "x😀": 1 })) },
  { name: "create-unknown-field-del", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-del", { "a\u007f": 1 })) },
  { name: "create-unknown-field-tab", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-tab", { "a\tb": 1 })) },
  { name: "create-unknown-field-nbsp", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("u-nbsp", { "a\u00a0é": 1 })) },
  {
    name: "create-unknown-field-lone-surrogate",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: () => JSON.stringify(foo("u-sur")).replace('"replicas":1', '"replicas":1,"a\\ud800":1'),
  },
  // Paths.
  {
    name: "create-cluster-wide-path-of-namespaced",
    method: "POST",
    path: "/apis/samplecontroller.k8s.io/v1alpha1/foos",
    headers: JSON_CT,
    body: json(foo("cluster-wide")),
  },
  {
    name: "create-cluster-wide-path-of-namespaced-builtin",
    method: "POST",
    path: "/api/v1/configmaps",
    headers: JSON_CT,
    body: json({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cw" } }),
  },
  { name: "get-double-slash-path", method: "GET", path: "//apis//samplecontroller.k8s.io/v1alpha1/namespaces/default/foos" },
  { name: "get-double-slash-core", method: "GET", path: "/api//v1/namespaces" },
  // Methods.
  { name: "unknown-method-resource", method: "FOO", path: FOOS },
  { name: "unknown-method-builtin", method: "FOO", path: "/api/v1/namespaces/default/configmaps" },
  { name: "head-collection", method: "HEAD", path: FOOS },
  { name: "head-object", method: "HEAD", path: "/api/v1/namespaces/default" },
  { name: "options-collection", method: "OPTIONS", path: FOOS },
  // Content negotiation.
  { name: "create-text-plain", method: "POST", path: FOOS, headers: { "Content-Type": "text/plain" }, body: json(foo("ct-text")) },
  { name: "create-no-content-type", method: "POST", path: FOOS, body: json(foo("ct-none")) },
  {
    name: "create-builtin-text-plain",
    method: "POST",
    path: "/api/v1/namespaces/default/configmaps",
    headers: { "Content-Type": "text/plain" },
    body: json({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "ct-text" } }),
  },
  { name: "list-accept-text-html", method: "GET", path: FOOS, headers: { Accept: "text/html" } },
  { name: "get-accept-text-html", method: "GET", path: "/api/v1/namespaces/default", headers: { Accept: "text/html" } },
  { name: "list-accept-wildcard", method: "GET", path: FOOS, headers: { Accept: "*/*" } },
  {
    name: "patch-merge-text-plain",
    method: "PATCH",
    path: `${FOOS}/hostile-base`,
    headers: { "Content-Type": "text/plain" },
    body: json({ spec: { replicas: 2 } }),
  },
  // Depth.
  {
    name: "create-deep-json-10000",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: () => JSON.stringify(foo("deep")).replace('"replicas":1', `"replicas":1,"deep":${deepArray(10_000)}`),
  },
  {
    name: "create-deep-object-10000",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: () => JSON.stringify(foo("deep-o")).replace('"replicas":1', `"replicas":1,"deep":${deepObject(10_000)}`),
  },
  {
    name: "merge-patch-deep-10000",
    method: "PATCH",
    path: `${FOOS}/hostile-base`,
    headers: { "Content-Type": "application/merge-patch+json" },
    body: () => `{"spec":${deepObject(10_000)}}`,
  },
  {
    name: "create-builtin-deep-json-10000",
    method: "POST",
    path: "/api/v1/namespaces/default/configmaps",
    headers: JSON_CT,
    body: () => `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"deep"},"x":${deepArray(10_000)}}`,
  },
  {
    // Accepted by the decoder (under the limit), then refused as the real server refuses it: the
    // patched ConfigMap does not decode (data holds strings), a 422 quoting the whole patched object.
    name: "merge-patch-builtin-deep-5000",
    method: "PATCH",
    path: `${CONFIGMAPS}/hostile-base`,
    headers: { "Content-Type": "application/merge-patch+json" },
    body: () => `{"data":${deepObject(5_000)}}`,
  },
  // Depth of the whole document (the root object is level 1), around Go's 10,000 limit and far past it.
  ...[1_000, 9_999, 10_000, 10_001, 100_000].flatMap((depth): HostileCase[] => [
    {
      name: `create-total-depth-${depth}`,
      method: "POST",
      path: FOOS,
      headers: JSON_CT,
      // The root and spec are two levels.
      body: () => JSON.stringify(foo(`depth-${depth}`)).replace('"replicas":1', `"replicas":1,"deep":${deepObject(depth - 2)}`),
    },
    {
      name: `create-builtin-total-depth-${depth}`,
      method: "POST",
      path: CONFIGMAPS,
      headers: JSON_CT,
      body: () => `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"depth-${depth}"},"x":${deepObject(depth - 1)}}`,
    },
  ]),
  // The same where the schema keeps the nested value (Blob's spec preserves unknown fields). Root, spec
  // and deep's value are three levels, so deepObject(depth - 2) makes a document `depth` deep.
  ...[16, 21, 1_000, 9_999, 10_000, 10_001, 100_000].map((depth): HostileCase => ({
    name: `create-preserved-object-depth-${depth}`,
    method: "POST",
    path: BLOBS,
    headers: JSON_CT,
    body: () => blob(`object-${depth}`, deepObject(depth - 2)),
  })),
  {
    name: "create-preserved-array-depth-9999",
    method: "POST",
    path: BLOBS,
    headers: JSON_CT,
    body: () => blob("array-9999", deepArray(9_997)),
  },
  {
    name: "merge-patch-preserved-object-depth-1000",
    method: "PATCH",
    path: `${BLOBS}/hostile-base`,
    headers: { "Content-Type": "application/merge-patch+json" },
    body: () => `{"spec":{"deep":${deepObject(998)}}}`,
  },
  {
    name: "update-preserved-object-depth-1000",
    method: "PUT",
    path: `${BLOBS}/hostile-base`,
    headers: JSON_CT,
    body: () => blob("hostile-base", deepObject(998)),
  },
  {
    name: "create-preserved-body-over-3mib",
    method: "POST",
    path: BLOBS,
    headers: JSON_CT,
    body: () => blob("big", JSON.stringify("x".repeat(3 * 1024 * 1024 + 16))),
  },
  // Object shape.
  {
    name: "create-no-apiversion",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: () => {
      const { apiVersion: _, ...rest } = foo("no-av");
      return JSON.stringify(rest);
    },
  },
  {
    name: "create-no-kind",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: () => {
      const { kind: _, ...rest } = foo("no-kind");
      return JSON.stringify(rest);
    },
  },
  {
    name: "create-builtin-no-apiversion-no-kind",
    method: "POST",
    path: "/api/v1/namespaces/default/configmaps",
    headers: JSON_CT,
    body: json({ metadata: { name: "no-gvk" } }),
  },
  { name: "create-numeric-label", method: "POST", path: FOOS, headers: JSON_CT, body: json(foo("num-label", {}, { labels: { a: 1 } })) },
  {
    name: "create-garbage-creation-timestamp",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: json(foo("garbage-ts", {}, { creationTimestamp: "yesterday" })),
  },
  {
    name: "create-garbage-managed-fields",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: json(foo("garbage-mf", {}, { managedFields: "nope" })),
  },
  {
    name: "create-garbage-managed-fields-entry",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: json(foo("garbage-mfe", {}, { managedFields: [{ manager: 5 }] })),
  },
  { name: "create-metadata-string", method: "POST", path: FOOS, headers: JSON_CT, body: json({ ...foo("x"), metadata: "x" }) },
  { name: "create-malformed-json", method: "POST", path: FOOS, headers: JSON_CT, body: () => '{"apiVersion":' },
  { name: "create-json-array", method: "POST", path: FOOS, headers: JSON_CT, body: () => "[1]" },
  // A path that routes nowhere, with a body: answered (404) whatever the body, never a hang-up.
  {
    name: "post-malformed-path-with-body",
    method: "POST",
    path: "//-_%a-..~~~_-?labelSelector=((",
    headers: JSON_CT,
    body: json({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" }, data: { k: "v" } }),
  },
  // Size.
  {
    name: "create-body-over-3mib",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: () => JSON.stringify(foo("big", { pad: "x".repeat(3 * 1024 * 1024 + 16) })),
  },
  {
    name: "create-builtin-body-over-3mib",
    method: "POST",
    path: CONFIGMAPS,
    headers: JSON_CT,
    body: json({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "big" }, data: { pad: "x".repeat(3 * 1024 * 1024 + 16) } }),
  },
  {
    // Under the request limit, over etcd's and the ConfigMap's 1 MiB data limit.
    name: "create-builtin-body-3mib-less-1kib",
    method: "POST",
    path: CONFIGMAPS,
    headers: JSON_CT,
    body: json({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "big2" }, data: { pad: "x".repeat(3 * 1024 * 1024 - 1024) } }),
  },
  // Watch timeouts.
  { name: "watch-timeout-3000000", method: "GET", path: `${FOOS}?watch=1&timeoutSeconds=3000000`, watchWaitMs: 1500 },
  { name: "watch-timeout-negative", method: "GET", path: `${FOOS}?watch=1&timeoutSeconds=-5`, watchWaitMs: 3000 },
];

/** Where to send: base URL and bearer token. */
export interface HostileTarget {
  url: string;
  token: string;
  ca?: string | undefined;
}

/** How long a case may take; the real server takes over 10 s to answer the deep built-in patch. */
let answerTimeoutMs = 10_000;

/** Sends one case and reads what the server answers (for watches, until it closes or watchWaitMs passes). */
export function sendHostile(target: HostileTarget, c: HostileCase): Promise<HostileAnswer> {
  const u = new URL(target.url);
  const body = c.body?.();
  const headers: Record<string, string> = { Authorization: `Bearer ${target.token}`, ...c.headers };
  if (body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(body));
  const opts: https.RequestOptions = {
    method: c.method,
    hostname: u.hostname,
    port: u.port,
    path: c.path,
    headers,
    agent: false,
    ...(u.protocol === "https:" ? (target.ca ? { ca: target.ca } : { rejectUnauthorized: false }) : {}),
  };
  return new Promise((resolve, reject) => {
    const req = u.protocol === "https:" ? https.request(opts) : http.request(opts);
    req.on("error", reject);
    // A server that dies or hangs on a request must fail the case, not the whole run.
    req.setTimeout(answerTimeoutMs, () => req.destroy(new Error(`${c.name}: no answer within ${answerTimeoutMs} ms`)));
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let timer: NodeJS.Timeout | undefined;
      const finish = (closed: boolean | undefined): void => {
        if (timer) clearTimeout(timer);
        const text = Buffer.concat(chunks).toString("utf8");
        const answer: HostileAnswer = { status: res.statusCode ?? 0, bodyLength: Buffer.concat(chunks).length };
        const warning = res.headers["warning"];
        // Node reads header bytes as Latin-1; the servers send UTF-8.
        if (warning) answer.warning = warning.split(/, (?=299 )/).map((w) => Buffer.from(w, "latin1").toString("utf8"));
        try {
          const s = JSON.parse(text) as Record<string, unknown>;
          if (s["kind"] === "Status") {
            answer.kind = "Status";
            if (typeof s["reason"] === "string") answer.reason = s["reason"];
            if (typeof s["message"] === "string") answer.message = s["message"];
          }
        } catch {
          // Not JSON (a plain-text answer, an empty body or a watch stream).
        }
        if (closed !== undefined) answer.closed = closed;
        resolve(answer);
      };
      res.on("data", (b: Buffer) => chunks.push(b));
      res.on("end", () => finish(c.watchWaitMs === undefined ? undefined : true));
      res.on("error", () => finish(c.watchWaitMs === undefined ? undefined : true));
      if (c.watchWaitMs !== undefined)
        timer = setTimeout(() => {
          res.removeAllListeners("end");
          req.destroy();
          finish(false);
        }, c.watchWaitMs);
    });
    req.end(body);
  });
}

/** Creates the object the patch cases expect (an existing one is fine). */
export async function setupHostile(target: HostileTarget): Promise<void> {
  // Left over from an earlier recording.
  for (const path of [FOOS, "/api/v1/namespaces/default/configmaps"]) await sendHostile(target, { name: "clean", method: "DELETE", path });
  const a = await sendHostile(target, {
    name: "setup",
    method: "POST",
    path: FOOS,
    headers: JSON_CT,
    body: json(SETUP_FOO),
  });
  if (a.status !== 201 && a.status !== 409) throw new Error(`setup: ${a.status} ${a.message ?? ""}`);
  const cm = await sendHostile(target, {
    name: "setup-configmap",
    method: "POST",
    path: CONFIGMAPS,
    headers: JSON_CT,
    body: json(SETUP_CONFIGMAP),
  });
  if (cm.status !== 201 && cm.status !== 409) throw new Error(`setup: ${cm.status} ${cm.message ?? ""}`);
  await sendHostile(target, { name: "clean", method: "DELETE", path: BLOBS });
  const b = await sendHostile(target, {
    name: "setup-blob",
    method: "POST",
    path: BLOBS,
    headers: JSON_CT,
    body: () => blob("hostile-base", "1"),
  });
  if (b.status !== 201 && b.status !== 409) throw new Error(`setup: ${b.status} ${b.message ?? ""}`);
}

async function record(url: string, token: string): Promise<void> {
  const target = { url, token };
  answerTimeoutMs = 120_000;
  // The Blob CRD (the Foo CRD is applied beforehand, see the file's head).
  const crd = await sendHostile(target, {
    name: "crd",
    method: "POST",
    path: "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
    headers: JSON_CT,
    body: json(BLOB_CRD),
  });
  if (crd.status === 201) await new Promise((r) => setTimeout(r, 5000));
  await setupHostile(target);
  const answers: Record<string, HostileAnswer> = {};
  // `record URL TOKEN name...` records only the cases named (to add them to the fixture).
  const only = new Set(process.argv.slice(5));
  for (const c of HOSTILE_CASES) if (only.size === 0 || only.has(c.name)) answers[c.name] = await sendHostile(target, c);
  process.stdout.write(JSON.stringify({ answers }, null, 2) + "\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === "record") {
  await record(process.argv[3] ?? "", process.argv[4] ?? "");
}
