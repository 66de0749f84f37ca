// An update's uid is a precondition, as the real registry's DefaultUpdatedObjectInfo makes it: a stale
// uid is 409 Conflict quoting the storage error, including for an object that no longer exists.
// Also: creating in a terminating namespace is 403 with the NamespaceTerminating cause worded as the
// admission plugin words it.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";
import { conformanceCrds } from "./transcript-fixtures.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/up/configmaps";
const WIDGETS = "/apis/conformance.example.com/v1/namespaces/up/widgets";
type Obj = Record<string, unknown>;

before(async () => {
  server = await startTestApiServer({ crds: conformanceCrds(), objects: [namespace("up"), namespace("gone")] });
  api = new ApiClient(server);
  await server.settle();
});
after(async () => {
  api.close();
  await server.stop();
});

test("a PUT carrying another object's uid is 409 with the precondition message", async () => {
  const cm = (await api.request("POST", CMS, configMap("u1"))).body as Obj;
  const staleUid = "00000000-0000-0000-0000-000000000001";
  const r = await api.request("PUT", `${CMS}/u1`, { ...cm, metadata: { ...meta(cm), uid: staleUid }, data: { k: "2" } });
  assert.equal(r.status, 409);
  const body = r.body as Obj;
  assert.equal(body["reason"], "Conflict");
  assert.equal(
    body["message"],
    `Operation cannot be fulfilled on configmaps "u1": StorageError: invalid object, Code: 4, Key: /registry/configmaps/up/u1, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${staleUid}, UID in object meta: ${String(meta(cm)["uid"])}`,
  );
  // The object was not touched.
  assert.deepEqual(((await api.get(`${CMS}/u1`)).body as Obj)["data"], { k: "v" });
  // Its own uid (or none) passes.
  assert.equal((await api.request("PUT", `${CMS}/u1`, { ...cm, data: { k: "3" } })).status, 200);
});

test('a PUT with a uid to a deleted custom resource is 409 (uid "" in storage), without a uid 404', async () => {
  const w = (
    await api.request("POST", WIDGETS, {
      apiVersion: "conformance.example.com/v1",
      kind: "Widget",
      metadata: { name: "w1" },
      spec: { size: "small" },
    })
  ).body as Obj;
  await api.request("DELETE", `${WIDGETS}/w1`);
  const withUid = await api.request("PUT", `${WIDGETS}/w1`, w);
  assert.equal(withUid.status, 409);
  assert.equal(
    (withUid.body as Obj)["message"],
    `Operation cannot be fulfilled on widgets.conformance.example.com "w1": StorageError: invalid object, Code: 4, Key: /registry/conformance.example.com/widgets/up/w1, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${String(meta(w)["uid"])}, UID in object meta: `,
  );
  const status = await api.request("PUT", `${WIDGETS}/w1/status`, { ...w, status: { ready: true } });
  assert.equal(status.status, 409);
  const { uid: _uid, ...noUid } = meta(w);
  assert.equal((await api.request("PUT", `${WIDGETS}/w1`, { ...w, metadata: noUid })).status, 404);
});

test("creating in a terminating namespace is 403 with the admission plugin's cause", async () => {
  await api.request("POST", "/api/v1/namespaces/gone/configmaps", configMap("held", { finalizers: ["example.com/hold"] }));
  await api.request("DELETE", "/api/v1/namespaces/gone");
  await server.settle();
  const r = await api.request("POST", "/api/v1/namespaces/gone/configmaps", configMap("late"));
  assert.equal(r.status, 403);
  const body = r.body as Obj;
  assert.equal(
    body["message"],
    'configmaps "late" is forbidden: unable to create new content in namespace gone because it is being terminated',
  );
  assert.deepEqual((body["details"] as Obj)["causes"], [
    { reason: "NamespaceTerminating", message: "namespace gone is being terminated", field: "metadata.namespace" },
  ]);
});
