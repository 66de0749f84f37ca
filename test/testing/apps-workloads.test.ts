// The apps/v1 workloads besides Deployments (StatefulSet, ReplicaSet, DaemonSet, ControllerRevision):
// created with the bodies test/fixtures/protobuf-1.37/record.sh sent to kube-apiserver 1.37.2, they
// come back with its defaults and status (the recorded JSON beside that script), and a StatefulSet's
// scale subresource and each list printed as a Table read as recorded. Their validation is replayed with the other built-ins' by
// builtin-validation-1.37.test.ts. The pod template's metadata has no `creationTimestamp` (1.37.2
// omits a zero time, where 1.24 wrote null, as the test server still does under emulate 1.24).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { validateStatefulSet } from "../../testing/src/builtin/validation.js";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { callAs, releaseAgent, send } from "./transcript-http.js";

type Json = Record<string, unknown>;
const FIXTURES = join(import.meta.dirname, "../fixtures/protobuf-1.37");
const recorded = (name: string): Json => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8")) as Json;

const TEMPLATE = { metadata: { labels: { a: "b" } }, spec: { containers: [{ name: "c", image: "i" }] } };
/** The bodies record.sh posted, by resource. */
const BODIES: Record<string, Json> = {
  statefulsets: {
    metadata: { name: "sts" },
    spec: { replicas: 0, serviceName: "svc", selector: { matchLabels: { a: "b" } }, template: TEMPLATE },
  },
  replicasets: {
    metadata: { name: "rs" },
    spec: { replicas: 0, minReadySeconds: 5, selector: { matchLabels: { a: "b" } }, template: TEMPLATE },
  },
  daemonsets: {
    metadata: { name: "ds" },
    spec: { selector: { matchLabels: { a: "b" } }, updateStrategy: { type: "OnDelete" }, template: TEMPLATE },
  },
  controllerrevisions: { metadata: { name: "cr" }, revision: 3, data: { spec: { template: { metadata: { labels: { a: "b" } } } } } },
};
const APPS = "/apis/apps/v1/namespaces/pb";

let server: TestApiServer;
const call = (method: string, path: string, body?: unknown): ReturnType<typeof callAs> =>
  callAs({ url: server.url, caPem: server.caPem }, server.token, method, path, body);

before(async () => {
  server = await startTestApiServer({ crds: [] });
  assert.equal((await call("POST", "/api/v1/namespaces", { metadata: { name: "pb" } })).status, 201);
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

/** What the server decided of an object: everything but metadata. */
function decided(o: Json): Json {
  const { metadata: _metadata, ...rest } = o;
  return rest;
}

for (const [resource, body] of Object.entries(BODIES))
  test(`a ${String(body["metadata"] && (body["metadata"] as Json)["name"])} in ${resource} gets 1.37.2's defaults and status`, async () => {
    const created = await call("POST", `${APPS}/${resource}`, body);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const name = String((body["metadata"] as Json)["name"]);
    const got = await call("GET", `${APPS}/${resource}/${name}`);
    assert.deepEqual(decided(got.body), decided(recorded(resource)));
    const generation = (recorded(resource)["metadata"] as Json)["generation"];
    assert.equal((got.body["metadata"] as Json)["generation"], generation);
  });

test("kubectl get prints them as 1.37.2 does: the same columns, and the same cells but the age", async () => {
  for (const resource of Object.keys(BODIES)) {
    const table = await send({ url: server.url, caPem: server.caPem }, "GET", `${APPS}/${resource}`, {
      Authorization: `Bearer ${server.token}`,
      Accept: "application/json;as=Table;v=v1;g=meta.k8s.io",
    });
    const ours = table.body as { columnDefinitions: { name: string }[]; rows: { cells: unknown[] }[] };
    const real = recorded(`${resource}-table`) as unknown as typeof ours;
    assert.deepEqual(ours.columnDefinitions, real.columnDefinitions, resource);
    const age = real.columnDefinitions.findIndex((c) => c.name === "Age");
    const cells = (t: typeof ours): unknown[][] =>
      t.rows.filter((r) => real.rows.some((x) => x.cells[0] === r.cells[0])).map((r) => r.cells.filter((_, i) => i !== age));
    assert.deepEqual(cells(ours), cells(real), resource);
  }
});

test("a StatefulSet's scale subresource reads as 1.37.2's, and writing it changes spec.replicas", async () => {
  const scale = await call("GET", `${APPS}/statefulsets/sts/scale`);
  assert.equal(scale.status, 200);
  const real = recorded("statefulsets-scale");
  assert.deepEqual({ spec: scale.body["spec"], status: scale.body["status"] }, { spec: real["spec"], status: real["status"] });
  const written = await call("PUT", `${APPS}/statefulsets/sts/scale`, { ...scale.body, spec: { replicas: 3 } });
  assert.equal(written.status, 200, JSON.stringify(written.body));
  assert.equal(((await call("GET", `${APPS}/statefulsets/sts`)).body["spec"] as Json)["replicas"], 3);
});

// The expected claim is what 1.37.2 answered a dry-run create of this body (2026-12-07).
test("a StatefulSet's claim templates become whole PersistentVolumeClaims, as 1.37.2 defaults them", async () => {
  const claim = { metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } };
  const body = {
    metadata: { name: "with-claims" },
    spec: { selector: { matchLabels: { a: "b" } }, template: TEMPLATE, volumeClaimTemplates: [claim] },
  };
  const created = await call("POST", `${APPS}/statefulsets`, body);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.deepEqual((created.body["spec"] as Json)["volumeClaimTemplates"], [
    {
      kind: "PersistentVolumeClaim",
      apiVersion: "v1",
      metadata: { name: "data" },
      spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } }, volumeMode: "Filesystem" },
      status: { phase: "Pending" },
    },
  ]);
});

test("a StatefulSet update that reorders or respells an immutable field (label order, 1Gi as 1024Mi) is no change, as Go's semantic equality judges", () => {
  const template = (labels: Json, storage: string): Json => ({
    metadata: { name: "data", labels },
    spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage } } },
  });
  const sts = (labels: Json, storage: string, serviceName = "svc"): Json => ({
    apiVersion: "apps/v1",
    kind: "StatefulSet",
    metadata: { name: "s" },
    spec: {
      serviceName,
      selector: { matchLabels: { app: "a" } },
      template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "busybox" }] } },
      volumeClaimTemplates: [template(labels, storage)],
    },
  });
  const old = sts({ a: "1", b: "2" }, "1Gi");
  assert.deepEqual(validateStatefulSet(sts({ b: "2", a: "1" }, "1024Mi"), old, "1.37"), []);
  assert.deepEqual(
    validateStatefulSet(sts({ a: "1", b: "2" }, "2Gi"), old, "1.37").map((c) => c.field),
    ["spec.volumeClaimTemplates"],
  );
  assert.deepEqual(
    validateStatefulSet(sts({ a: "1", b: "2" }, "1Gi", "other"), old, "1.37").map((c) => c.field),
    ["spec.serviceName"],
  );
});
