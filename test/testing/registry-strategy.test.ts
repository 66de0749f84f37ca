// Registry strategies belong to a resource, not to its name: custom resources whose plurals are those of
// built-ins with their own strategies (pods, namespaces, services) get the custom-resource behaviour,
// while the built-ins keep theirs (graceful pod deletion, immortal namespaces, PUT-as-create).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

const GROUP = "strategy.example.com";

function crd(kind: string, plural: string, scope: "Namespaced" | "Cluster"): Record<string, unknown> {
  return {
    metadata: { name: `${plural}.${GROUP}` },
    spec: {
      group: GROUP,
      names: { kind, plural },
      scope,
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
        },
      ],
    },
  };
}

let server: TestApiServer;
let api: ApiClient;

before(async () => {
  server = await startTestApiServer({
    crds: [crd("Pod", "pods", "Namespaced"), crd("Namespace", "namespaces", "Cluster"), crd("Service", "services", "Namespaced")],
    objects: [namespace("st")],
  });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

const scheduledPod = (apiVersion: string): Record<string, unknown> => ({
  apiVersion,
  kind: "Pod",
  metadata: { name: "p" },
  spec: { nodeName: "node-1", terminationGracePeriodSeconds: 30, containers: [{ name: "c", image: "nginx" }] },
});

test("a scheduled built-in pod deletes gracefully and answers with the pod; a custom 'pods' object goes at once with a Status", async () => {
  const builtin = "/api/v1/namespaces/st/pods";
  assert.equal((await api.request("POST", builtin, scheduledPod("v1"))).status, 201);
  const pending = await api.request("DELETE", `${builtin}/p`);
  assert.equal(pending.status, 200);
  assert.equal(meta(pending.body)["deletionGracePeriodSeconds"], 30);
  assert.equal((await api.get(`${builtin}/p`)).status, 200);

  const custom = `/apis/${GROUP}/v1/namespaces/st/pods`;
  assert.equal((await api.request("POST", custom, scheduledPod(`${GROUP}/v1`))).status, 201);
  const gone = await api.request("DELETE", `${custom}/p`);
  assert.equal(gone.status, 200);
  assert.equal((gone.body as Record<string, unknown>)["kind"], "Status");
  assert.equal((await api.get(`${custom}/p`)).status, 404);
});

test("the default namespace may not be deleted, a custom 'namespaces' object named default may", async () => {
  assert.equal((await api.request("DELETE", "/api/v1/namespaces/default")).status, 403);
  const custom = `/apis/${GROUP}/v1/namespaces`;
  assert.equal(
    (await api.request("POST", custom, { apiVersion: `${GROUP}/v1`, kind: "Namespace", metadata: { name: "default" } })).status,
    201,
  );
  const gone = await api.request("DELETE", `${custom}/default`);
  assert.equal(gone.status, 200);
  assert.equal((gone.body as Record<string, unknown>)["kind"], "Status");
  assert.equal((await api.get(`${custom}/default`)).status, 404);
});

test("PUT creates a missing built-in service but not a missing custom 'services' object", async () => {
  const service = { apiVersion: "v1", kind: "Service", metadata: { name: "s" }, spec: { ports: [{ port: 80 }] } };
  assert.equal((await api.request("PUT", "/api/v1/namespaces/st/services/s", service)).status, 201);
  const custom = { apiVersion: `${GROUP}/v1`, kind: "Service", metadata: { name: "s" } };
  assert.equal((await api.request("PUT", `/apis/${GROUP}/v1/namespaces/st/services/s`, custom)).status, 404);
});

test("PUT without a resourceVersion is unconditional for built-ins and 422 for custom resources", async () => {
  assert.equal((await api.request("POST", "/api/v1/namespaces/st/configmaps", configMap("c"))).status, 201);
  assert.equal((await api.request("PUT", "/api/v1/namespaces/st/configmaps/c", configMap("c", {}, { k: "w" }))).status, 200);
  const custom = `/apis/${GROUP}/v1/namespaces/st/services`;
  assert.equal((await api.request("POST", custom, { apiVersion: `${GROUP}/v1`, kind: "Service", metadata: { name: "u" } })).status, 201);
  const put = await api.request("PUT", `${custom}/u`, {
    apiVersion: `${GROUP}/v1`,
    kind: "Service",
    metadata: { name: "u" },
    spec: { x: 1 },
  });
  assert.equal(put.status, 422);
});
