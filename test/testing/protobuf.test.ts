// Protobuf as kube-apiserver 1.37 speaks it (issue 27): client-go v0.37 and kubectl 1.32 send
// built-in objects and DeleteOptions as application/vnd.kubernetes.protobuf and prefer it in
// answers. The codec is driven by the vendored upstream .proto files; the bytes it must produce are
// the real server's, recorded in test/fixtures/protobuf-1.37 (PROVENANCE.md says how).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { builtinResources } from "../../testing/src/builtin/resources.js";
import { groupVersion } from "../../testing/src/registry/resource-info.js";
import { messageFor } from "../../testing/src/endpoints/protobuf/descriptors.js";
import { BinaryReader } from "@bufbuild/protobuf/wire";
import { decodeProtobufObject, encodeProtobufObject, watchFrame } from "../../testing/src/endpoints/protobuf/objects.js";
import { prefersProtobuf } from "../../testing/src/endpoints/protobuf/negotiate.js";
import { rawCall, type RawAnswer } from "./api-client.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/protobuf-1.37");
const FOOS = join(import.meta.dirname, "../../generated-examples/sample-controller/config/crd/bases/samplecontroller.k8s.io_foos.yaml");
const PB = "application/vnd.kubernetes.protobuf";
/** What client-go v0.37 sends by default. */
const CLIENT_GO_ACCEPT = `${PB}, application/json`;

type Json = Record<string, unknown>;

const fixture = (name: string): Buffer => readFileSync(join(FIXTURES, name));
/** Key order is not part of either encoding's meaning. */
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v !== null && typeof v === "object"
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Json)[k])]),
        )
      : v;

/** Splits a ";stream=watch" body into its frames' WatchEvent bytes. */
function frames(body: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i + 4 <= body.length;) {
    const n = body.readUInt32BE(i);
    out.push(body.subarray(i + 4, i + 4 + n));
    i += 4 + n;
  }
  return out;
}

/** A WatchEvent's type (field 1) and its object's enveloped bytes (field 2, a RawExtension, its field 1). */
function watchEvent(bytes: Buffer): { type: string; object: Buffer } {
  const r = new BinaryReader(bytes);
  let type = "";
  let object = Buffer.alloc(0);
  while (r.pos < r.len) {
    const [no, wire] = r.tag();
    if (no === 1) type = r.string();
    else if (no === 2) {
      const raw = new BinaryReader(r.bytes());
      while (raw.pos < raw.len) {
        const [rno, rwire] = raw.tag();
        if (rno === 1) object = Buffer.from(raw.bytes());
        else raw.skip(rwire, rno);
      }
    } else r.skip(wire, no);
  }
  return { type, object };
}

const recorded = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".pb") && readdirSync(FIXTURES).includes(f.replace(/\.pb$/, ".json")))
  .map((f) => f.replace(/\.pb$/, ""));

test("every object recorded from kube-apiserver 1.37.2 encodes to its protobuf bytes and decodes to its JSON", () => {
  assert.ok(recorded.length >= 20, `only ${String(recorded.length)} recordings`);
  for (const name of recorded) {
    const json = JSON.parse(fixture(`${name}.json`).toString("utf8")) as Json;
    const pb = fixture(`${name}.pb`);
    assert.deepEqual(encodeProtobufObject(json).toString("hex"), pb.toString("hex"), `${name}: JSON → protobuf`);
    // The real server writes each PartialObjectMetadataList item's kind and apiVersion in JSON, but
    // protobuf has no TypeMeta inside a list: decoded, the items have none (as in Go).
    const expected = name.endsWith("list-partial")
      ? { ...json, items: (json["items"] as Json[]).map(({ kind: _k, apiVersion: _a, ...item }) => item) }
      : json;
    assert.deepEqual(sorted(decodeProtobufObject(pb)), sorted(expected), `${name}: protobuf → JSON`);
  }
});

test("every built-in kind the server serves has a protobuf message, and each kind with storage was recorded", () => {
  const kinds = new Set(
    recorded
      .map((n) => JSON.parse(fixture(`${n}.json`).toString("utf8")) as Json)
      .map((o) => `${String(o["apiVersion"])}/${String(o["kind"])}`),
  );
  for (const info of builtinResources("1.37")) {
    if (info.discoveryOnly) continue;
    assert.ok(messageFor(groupVersion(info), info.kind), `${groupVersion(info)} ${info.kind}`);
    if (info.verbs.includes("list")) assert.ok(messageFor(groupVersion(info), info.listKind), `${groupVersion(info)} ${info.listKind}`);
    if (info.verbs.includes("watch")) assert.ok(kinds.has(`${groupVersion(info)}/${info.kind}`), `no recording of ${info.kind}`);
  }
});

test("the special types convert as Kubernetes' JSON does, not as proto3's JSON mapping", () => {
  const lease = { apiVersion: "coordination.k8s.io/v1", kind: "Lease", metadata: { name: "l" } };
  const roundTrip = (o: Json): Json => decodeProtobufObject(encodeProtobufObject(o));
  // MicroTime keeps microseconds, int32 stays a number, an unset Time is left out (omitempty pointer).
  const spec = roundTrip({ ...lease, spec: { renewTime: "2026-01-02T03:04:05.123456Z", leaseDurationSeconds: 15 } })["spec"];
  assert.deepEqual(spec, { renewTime: "2026-01-02T03:04:05.123456Z", leaseDurationSeconds: 15 });
  // IntOrString as an int or a string, Quantity as its string, bytes as base64, int64 as a number.
  const d = roundTrip({
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "d", generation: 7 },
    spec: { replicas: 0, strategy: { rollingUpdate: { maxSurge: "25%", maxUnavailable: 1 } }, template: {} },
  });
  assert.deepEqual((d["spec"] as Json)["strategy"], { rollingUpdate: { maxSurge: "25%", maxUnavailable: 1 } });
  // A pointer's zero value is a value: replicas 0 is not "unset".
  assert.equal((d["spec"] as Json)["replicas"], 0);
  assert.equal((d["metadata"] as Json)["generation"], 7);
  const secret = roundTrip({ apiVersion: "v1", kind: "Secret", metadata: { name: "s" }, data: { k: "AAEC" }, type: "Opaque" });
  assert.deepEqual(secret["data"], { k: "AAEC" });
  const pod = roundTrip({
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "p", managedFields: [{ manager: "m", operation: "Apply", fieldsType: "FieldsV1", fieldsV1: { "f:spec": {} } }] },
    spec: { containers: [{ name: "c", resources: { limits: { cpu: "1500m" } } }] },
  });
  assert.deepEqual(((pod["metadata"] as Json)["managedFields"] as Json[])[0]?.["fieldsV1"], { "f:spec": {} });
  assert.deepEqual(((pod["spec"] as Json)["containers"] as Json[])[0]?.["resources"], { limits: { cpu: "1500m" } });
});

test("a watch frame is the real server's: a length, then a bare WatchEvent around the enveloped object", () => {
  const body = fixture("watch-configmaps.bin");
  const [first] = frames(body);
  assert.ok(first);
  const { type, object } = watchEvent(first);
  assert.equal(type, "ADDED");
  const obj = decodeProtobufObject(object);
  assert.equal(obj["kind"], "ConfigMap");
  assert.equal(watchFrame("ADDED", obj).toString("hex"), body.subarray(0, 4 + first.length).toString("hex"));
  assert.match(fixture("watch-configmaps.headers").toString("utf8"), /Content-Type: application\/vnd\.kubernetes\.protobuf;stream=watch/);
});

test("Accept is ranked by q-value, the client's order breaking ties, as the real server ranks it", () => {
  assert.equal(prefersProtobuf(CLIENT_GO_ACCEPT, true), true);
  assert.equal(prefersProtobuf(`application/json, ${PB}`, true), false);
  assert.equal(prefersProtobuf(`application/json;q=0.9, ${PB}`, true), true);
  assert.equal(prefersProtobuf(`${PB};q=0.5, application/json`, true), false);
  assert.equal(prefersProtobuf(CLIENT_GO_ACCEPT, false), false);
  assert.equal(prefersProtobuf("application/json;as=Table;v=v1;g=meta.k8s.io, application/json", true), false);
  assert.equal(prefersProtobuf(undefined, true), false);
});

let server: TestApiServer;
before(async () => {
  server = await startTestApiServer({ tls: false, crds: [parse(readFileSync(FOOS, "utf8")) as Json] });
});
after(async () => {
  await server.stop();
});

const call = (method: string, path: string, opts?: Parameters<typeof rawCall>[3]): Promise<RawAnswer> =>
  rawCall(server, method, path, opts);

/** The body `kubectl create configmap x --from-literal=a=b` (1.32.4) sent, from its -v=8 log. */
const KUBECTL_CONFIGMAP = Buffer.from(
  "6b3873000a0f0a0276311209436f6e6669674d6170121b0a110a0178120" + "01a00220 02a003200380042001206 0a0161120162 1a002200".replace(/ /g, ""),
  "hex",
);

test("a protobuf create of a Namespace, as client-go sends it, is created and answered in protobuf", async () => {
  const body = encodeProtobufObject({ apiVersion: "v1", kind: "Namespace", metadata: { name: "pb-created", labels: { a: "b" } } });
  const res = await call("POST", "/api/v1/namespaces", { body, contentType: PB, accept: CLIENT_GO_ACCEPT });
  assert.equal(res.status, 201, res.body.toString("latin1"));
  assert.equal(res.type, PB);
  const ns = decodeProtobufObject(res.body);
  assert.equal(ns["kind"], "Namespace");
  assert.deepEqual((ns["metadata"] as Json)["labels"], { a: "b", "kubernetes.io/metadata.name": "pb-created" });
  assert.deepEqual(ns["status"], { phase: "Active" });
  // The same object read back as JSON is the decoded protobuf answer.
  const json = await call("GET", "/api/v1/namespaces/pb-created", { accept: "application/json" });
  assert.deepEqual(sorted(JSON.parse(json.body.toString("utf8"))), sorted(ns));
});

test("kubectl 1.32's protobuf ConfigMap is created with its data", async () => {
  const res = await call("POST", "/api/v1/namespaces/default/configmaps", {
    body: KUBECTL_CONFIGMAP,
    contentType: PB,
    accept: CLIENT_GO_ACCEPT,
  });
  assert.equal(res.status, 201);
  const cm = decodeProtobufObject(res.body);
  assert.deepEqual(cm["data"], { a: "b" });
  assert.equal((cm["metadata"] as Json)["namespace"], "default");
});

test("a typed delete's protobuf DeleteOptions are read: preconditions refuse, then a Background delete succeeds", async () => {
  await call("POST", "/api/v1/namespaces/default/configmaps", {
    body: encodeProtobufObject({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "doomed" } }),
    contentType: PB,
  });
  const wrongUid = encodeProtobufObject({ apiVersion: "v1", kind: "DeleteOptions", preconditions: { uid: "not-the-uid" } });
  const refused = await call("DELETE", "/api/v1/namespaces/default/configmaps/doomed", {
    body: wrongUid,
    contentType: PB,
    accept: CLIENT_GO_ACCEPT,
  });
  assert.equal(refused.status, 409);
  const status = decodeProtobufObject(refused.body);
  assert.equal(status["kind"], "Status");
  assert.equal(status["reason"], "Conflict");
  const options = encodeProtobufObject({ apiVersion: "v1", kind: "DeleteOptions", propagationPolicy: "Background" });
  const done = await call("DELETE", "/api/v1/namespaces/default/configmaps/doomed", {
    body: options,
    contentType: PB,
    accept: CLIENT_GO_ACCEPT,
  });
  assert.equal(done.status, 200, done.body.toString("latin1"));
  assert.equal((await call("GET", "/api/v1/namespaces/default/configmaps/doomed")).status, 404);
});

test("lists and errors are answered in protobuf when preferred, JSON otherwise", async () => {
  const list = await call("GET", "/api/v1/namespaces/default/configmaps", { accept: CLIENT_GO_ACCEPT });
  assert.equal(list.type, PB);
  const decoded = decodeProtobufObject(list.body);
  assert.equal(decoded["kind"], "ConfigMapList");
  assert.ok((decoded["items"] as Json[]).some((i) => (i["metadata"] as Json)["name"] === "x"));
  const missing = await call("GET", "/api/v1/namespaces/default/configmaps/missing", { accept: CLIENT_GO_ACCEPT });
  assert.equal(missing.status, 404);
  assert.equal(missing.type, PB);
  // The real server's 404 for the same read, field for field (its metadata and details alike).
  assert.deepEqual(sorted(decodeProtobufObject(missing.body)), sorted(decodeProtobufObject(fixture("notfound.pb"))));
  const json = await call("GET", "/api/v1/namespaces/default/configmaps", { accept: `application/json, ${PB}` });
  assert.equal(json.type, "application/json");
});

test("a watch in the protobuf stream framing decodes event by event", async () => {
  const res = await call("GET", "/api/v1/namespaces/default/configmaps?watch=true&timeoutSeconds=1", { accept: CLIENT_GO_ACCEPT });
  assert.equal(res.type, `${PB};stream=watch`);
  const events = frames(res.body).map(watchEvent);
  assert.ok(events.length > 0);
  for (const e of events) {
    assert.equal(e.type, "ADDED");
    assert.equal(decodeProtobufObject(e.object)["kind"], "ConfigMap");
  }
});

test("a protobuf SelfSubjectAccessReview is answered", async () => {
  const review = encodeProtobufObject({
    apiVersion: "authorization.k8s.io/v1",
    kind: "SelfSubjectAccessReview",
    metadata: {},
    spec: { resourceAttributes: { verb: "get", resource: "pods", namespace: "default" } },
  });
  const res = await call("POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", {
    body: review,
    contentType: PB,
    accept: CLIENT_GO_ACCEPT,
  });
  assert.equal(res.status, 201, res.body.toString("latin1"));
  const answer = decodeProtobufObject(res.body);
  assert.equal((answer["status"] as Json)["allowed"], true);
  // The real server's answer to the same review has the same shape.
  assert.equal((decodeProtobufObject(fixture("selfsubjectaccessreview-response.pb"))["status"] as Json)["allowed"], true);
});

test("custom resources stay JSON: a protobuf body is 415, a protobuf-only Accept 406 (as the real server's, in protobuf)", async () => {
  const path = "/apis/samplecontroller.k8s.io/v1alpha1/namespaces/default/foos";
  const body = await call("POST", path, { body: fixture("configmaps.pb"), contentType: PB });
  assert.equal(body.status, 415);
  const only = await call("GET", path, { accept: PB });
  assert.equal(only.status, 406);
  assert.equal(only.type, PB);
  const real = fixture("cr-protobuf-accept.http");
  const realStatus = decodeProtobufObject(real.subarray(real.indexOf("\r\n\r\n") + 4));
  assert.deepEqual(sorted(decodeProtobufObject(only.body)), sorted(realStatus));
  const both = await call("GET", path, { accept: CLIENT_GO_ACCEPT });
  assert.equal(both.status, 200);
  assert.equal(both.type, "application/json");
});
