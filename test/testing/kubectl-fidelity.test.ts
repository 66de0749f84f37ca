// Issue 12 items 2-5: what kubectl sees of the test server, compared with the answers a real 1.24
// kube-apiserver gave (test/fixtures/kubectl-fidelity/, see PROVENANCE.md).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

type Obj = Record<string, unknown>;
type Recorded = { request: { method: string; path: string; body?: unknown }; response: { status: number; headers: Obj; body: unknown } };

const dir = new URL("../fixtures/kubectl-fidelity/", import.meta.url);
const routes = JSON.parse(readFileSync(new URL("reviews-and-routes.json", dir), "utf8")) as Record<string, Recorded>;
const lifecycle = JSON.parse(readFileSync(new URL("lifecycle-and-apply.json", dir), "utf8")) as Record<string, Obj>;
const watchTable = JSON.parse(readFileSync(new URL("watch-as-table.json", dir), "utf8")) as { event: { type: string; object: Obj } };
const FOO_CRD = "test/fixtures/openapi/foos-crd-as-recorded.yaml";

let server: TestApiServer;
let api: ApiClient;

before(async () => {
  const { parse } = await import("yaml");
  const crd = parse(readFileSync(FOO_CRD, "utf8")) as Obj;
  // The recordings are 1.24's: the server emulates it.
  server = await startTestApiServer({ crds: [crd], objects: [namespace("fid")], emulate: "1.24" });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

const APPLY = "application/apply-patch+yaml";
const CMS = "/api/v1/namespaces/fid/configmaps";

test("server-side apply of the stored values by a new manager records its ownership and bumps the resourceVersion", async () => {
  const created = await api.request("POST", CMS, configMap("ssa2", {}, { a: "1" }));
  const body = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "ssa2" }, data: { a: "1" } };
  const applied = await api.request("PATCH", `${CMS}/ssa2?fieldManager=second`, body, APPLY);
  assert.equal(applied.status, 200);
  const real = lifecycle["applyNoopByNewManager"] as { createResourceVersion: string; response: Obj };
  const entries = (m: Obj): [unknown, unknown, unknown][] =>
    (m["managedFields"] as Obj[]).map((e) => [e["manager"] === "curl" ? "creator" : e["manager"], e["operation"], e["fieldsV1"]]);
  const ours = entries(meta(applied.body)).map((e) =>
    e[0] === "kube-codegen-testing" || e[0] === "unknown" ? ["creator", e[1], e[2]] : e,
  );
  assert.deepEqual(ours, entries(meta(real.response)));
  assert.notEqual(meta(applied.body)["resourceVersion"], meta(created.body)["resourceVersion"]);
  // The same manager applying the same again is a no-op: nothing is written.
  const again = await api.request("PATCH", `${CMS}/ssa2?fieldManager=second`, body, APPLY);
  assert.equal(meta(again.body)["resourceVersion"], meta(applied.body)["resourceVersion"]);
});

test("server-side apply after client-side apply keeps last-applied-configuration current", async () => {
  const LA = "kubectl.kubernetes.io/last-applied-configuration";
  const first = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "csa", labels: { x: "1" } }, data: { a: "1" } };
  const csa = `${JSON.stringify({ ...first, metadata: { ...first.metadata, annotations: {}, namespace: "fid" } })}\n`;
  await api.request("POST", CMS, { ...first, metadata: { ...first.metadata, annotations: { [LA]: csa } } });
  const second = { ...first, data: { a: "2" } };
  const applied = await api.request("PATCH", `${CMS}/csa?fieldManager=kubectl&force=true`, second, APPLY);
  assert.equal(applied.status, 200);
  const real = (lifecycle["lastAppliedAfterServerSideApply"] as { annotationsAfter: Obj }).annotationsAfter;
  assert.deepEqual(meta(applied.body)["annotations"], real);
});

test("a watch asking for a Table streams one-row Tables", async () => {
  await api.request("POST", CMS, configMap("tbl"));
  const w = await api.watch(`${CMS}?watch=1&timeoutSeconds=1&fieldSelector=metadata.name%3Dtbl`, {
    Accept: "application/json;as=Table;v=v1;g=meta.k8s.io",
  });
  await w.ended;
  const real = watchTable.event;
  assert.equal(w.events.length, 1);
  const ev = w.events[0] as { type: string; object: Obj };
  assert.equal(ev.type, real.type);
  assert.equal(ev.object["kind"], real.object["kind"]);
  assert.equal(ev.object["apiVersion"], real.object["apiVersion"]);
  const rows = ev.object["rows"] as Obj[];
  assert.equal(rows.length, 1);
  assert.equal((rows[0]?.["cells"] as unknown[])[0], "tbl");
  assert.equal((rows[0]?.["object"] as Obj)["kind"], "PartialObjectMetadata");
});

test("deleting a namespace answers the object with no grace period; creates meanwhile are 403 NamespaceTerminating", async () => {
  await api.request("POST", "/api/v1/namespaces", namespace("t1"));
  await api.request("POST", "/api/v1/namespaces/t1/configmaps", configMap("c"));
  const del = await api.request("DELETE", "/api/v1/namespaces/t1");
  assert.equal(del.status, 200);
  const real = lifecycle["namespaceDelete"] as { metadataKeys: string[] };
  assert.deepEqual(Object.keys(meta(del.body)).sort(), [...real.metadataKeys].sort());
  // The only object went at once; the namespace stays Terminating a moment, as the real controller's does.
  await new Promise((r) => setTimeout(r, 50));
  const late = await api.request("POST", "/api/v1/namespaces/t1/configmaps", configMap("d"));
  assert.deepEqual(
    { status: late.status, body: late.body },
    lifecycle["createInTerminatingNamespace"] && {
      status: lifecycle["createInTerminatingNamespace"]["status"],
      body: lifecycle["createInTerminatingNamespace"]["body"],
    },
  );
  await server.settle();
  assert.equal((await api.get("/api/v1/namespaces/t1")).status, 404);
});

test("a watch allowing bookmarks gets one about two seconds before its timeout", async () => {
  const start = Date.now();
  const w = await api.watch(`${CMS}?watch=1&allowWatchBookmarks=true&timeoutSeconds=3&fieldSelector=metadata.name%3Dnone`);
  await w.ended;
  const bookmarks = w.events.filter((e) => e.type === "BOOKMARK");
  assert.equal(bookmarks.length, 1);
  assert.ok(Date.now() - start >= 2900);
  const real = (lifecycle["bookmarkBeforeTimeout"] as { bookmark: { object: Obj } }).bookmark.object;
  assert.deepEqual(Object.keys(bookmarks[0]?.object ?? {}), Object.keys(real));
  assert.deepEqual(Object.keys(meta(bookmarks[0]?.object)), Object.keys(meta(real)));
});

for (const name of [
  "unknownResourceInCrdGroup",
  "unknownNamespacedResourceInCrdGroup",
  "unknownResourceInBuiltinGroup",
  "authorizationDiscovery",
  "authorizationGroup",
  "componentstatuses",
  "componentstatus",
]) {
  test(`answers as the real server: ${name}`, async () => {
    const rec = routes[name] as Recorded;
    const ours = await api.request(rec.request.method, rec.request.path);
    assert.equal(ours.status, rec.response.status);
    assert.equal(ours.headers["content-type"], rec.response.headers["content-type"]);
    assert.equal(ours.headers["warning"], rec.response.headers["warning"]);
    if (name.startsWith("componentstatus")) {
      // Which components are healthy differs (the test server runs no scheduler either); the shape not.
      const names = (b: unknown): unknown => ((b as Obj)["items"] as Obj[] | undefined)?.map((i) => meta(i)["name"]) ?? meta(b)["name"];
      assert.deepEqual(names(ours.body), names(rec.response.body));
      assert.equal((ours.body as Obj)["kind"], (rec.response.body as Obj)["kind"]);
    } else assert.deepEqual(ours.body, rec.response.body);
  });
}

for (const name of ["selfsubjectaccessreview", "selfsubjectrulesreview"]) {
  test(`answers a ${name} for the token user as RBAC does for system:masters`, async () => {
    const rec = routes[name] as Recorded;
    const ours = await api.request(rec.request.method, rec.request.path, rec.request.body);
    assert.equal(ours.status, rec.response.status);
    // RBAC lists the rules of the subject's bindings in no fixed order: compared as sets.
    const sorted = (rules: unknown): unknown => (Array.isArray(rules) ? rules.map((r) => JSON.stringify(r)).sort() : rules);
    const strip = (b: unknown): Obj => {
      const status = { ...((b as Obj)["status"] as Obj) };
      for (const k of ["resourceRules", "nonResourceRules"]) if (k in status) status[k] = sorted(status[k]);
      return { ...(b as Obj), metadata: { ...meta(b), managedFields: undefined }, status };
    };
    assert.deepEqual(strip(ours.body), strip(rec.response.body));
  });
}

test("every answer carries an audit-id, a fresh UUID per request", async () => {
  const ids = new Set<string>();
  for (const path of ["/version", "/api/v1", "/nope", `${CMS}/missing`, "/apis/authorization.k8s.io/v1"]) {
    const id = String((await api.get(path)).headers["audit-id"]);
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    ids.add(id);
  }
  assert.equal(ids.size, 5);
});
