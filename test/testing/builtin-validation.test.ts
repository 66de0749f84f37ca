// ConfigMap and Secret data limits the real server enforces: at most 1 MiB of data (a ConfigMap's error
// names the whole object, "[]"; a Secret's names "data", counting decoded bytes and stringData), and no
// ConfigMap key in both data and binaryData. Worded as 1.37 words them, the default emulation.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
type Obj = Record<string, unknown>;

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("bv")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

const MiB = 1024 * 1024;

test("a ConfigMap over 1 MiB is 422 on [] and one at the limit is stored", async () => {
  const big = await api.request(
    "POST",
    "/api/v1/namespaces/bv/configmaps",
    configMap("big", {}, { a: "x".repeat(MiB - 10), b: "y".repeat(11) }),
  );
  assert.equal(big.status, 422);
  assert.equal((big.body as Obj)["message"], 'ConfigMap "big" is invalid: []: Too long: may not be more than 1048576 bytes');
  assert.deepEqual(((big.body as Obj)["details"] as Obj)["causes"], [
    { reason: "FieldValueTooLong", message: "Too long: may not be more than 1048576 bytes", field: "[]" },
  ]);
  const fits = await api.request(
    "POST",
    "/api/v1/namespaces/bv/configmaps",
    configMap("fits", {}, { a: "x".repeat(MiB - 10), b: "y".repeat(10) }),
  );
  assert.equal(fits.status, 201);
});

test("a key in both data and binaryData is invalid", async () => {
  const r = await api.request("POST", "/api/v1/namespaces/bv/configmaps", { ...configMap("dup"), binaryData: { k: "AA==" } });
  assert.equal(r.status, 422);
  assert.deepEqual(((r.body as Obj)["details"] as Obj)["causes"], [
    { reason: "FieldValueInvalid", message: 'Invalid value: "k": duplicate of key present in binaryData', field: "data[k]" },
  ]);
});

test("a Secret's limit counts decoded data and stringData", async () => {
  const half = Buffer.alloc(MiB / 2 + 1, 1).toString("base64");
  const r = await api.request("POST", "/api/v1/namespaces/bv/secrets", {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "s" },
    data: { a: half },
    stringData: { b: "z".repeat(MiB / 2) },
  });
  assert.equal(r.status, 422);
  assert.deepEqual(((r.body as Obj)["details"] as Obj)["causes"], [
    { reason: "FieldValueTooLong", message: "Too long: may not be more than 1048576 bytes", field: "data" },
  ]);
  const ok = await api.request("POST", "/api/v1/namespaces/bv/secrets", {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "ok" },
    data: { a: half },
  });
  assert.equal(ok.status, 201);
});
