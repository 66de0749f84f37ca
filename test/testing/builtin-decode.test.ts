// Built-in objects are decoded into their Go types, as on a real server: a value of the wrong JSON type
// is a 400 naming the Go struct field (create, update) or a 422 on "patch" (merge patches), and nothing
// of the wrong type is ever stored.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/bd/configmaps";
const DEPLOYS = "/apis/apps/v1/namespaces/bd/deployments";
type Obj = Record<string, unknown>;

function deployment(name: string, spec: Obj = {}, container: Obj = {}): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: name } },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: 1 } },
      template: {
        metadata: { labels: { app: name } },
        spec: { containers: [{ name: "c", image: "nginx", resources: { limits: { cpu: "500m", memory: 1024 } }, ...container }] },
      },
      ...spec,
    },
  };
}

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("bd")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

async function rejected(path: string, body: unknown, method = "POST"): Promise<string> {
  const r = await api.request(method, path, body);
  assert.equal(r.status, 400, JSON.stringify(r.body));
  assert.equal((r.body as Obj)["reason"], "BadRequest");
  return String((r.body as Obj)["message"]);
}

test("a create with a value of the wrong type is 400 naming the Go struct field, and stores nothing", async () => {
  assert.equal(
    await rejected(CMS, configMap("typed", {}, { k: 5 } as unknown as Record<string, string>)),
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
  );
  assert.equal((await api.get(`${CMS}/typed`)).status, 404);
  assert.equal(
    await rejected(DEPLOYS, deployment("d1", { replicas: "3" })),
    'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
  );
  assert.equal(
    await rejected(DEPLOYS, deployment("d2", {}, { image: 7 })),
    'Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string',
  );
  assert.equal(
    await rejected(CMS, configMap("lbl", { labels: ["a"] })),
    'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string',
  );
  assert.match(
    await rejected(DEPLOYS, deployment("d3", { replicas: 1.5 })),
    /cannot unmarshal number 1\.5 into Go struct field DeploymentSpec\.spec\.replicas of type int32$/,
  );
  assert.match(
    await rejected(DEPLOYS, deployment("d4", { paused: "yes" })),
    /cannot unmarshal string into Go struct field DeploymentSpec\.spec\.paused of type bool$/,
  );
  assert.match(
    await rejected("/api/v1/namespaces/bd/secrets", {
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "s" },
      data: { k: "not base64!" },
    }),
    /cannot be handled as a Secret: illegal base64 data at input byte 3$/,
  );
});

test("values the Go types accept in several forms decode: int-or-string, quantities, null", async () => {
  const ok = await api.request("POST", DEPLOYS, deployment("fine", { revisionHistoryLimit: null }));
  assert.equal(ok.status, 201, JSON.stringify(ok.body));
  const secret = await api.request("POST", "/api/v1/namespaces/bd/secrets", {
    apiVersion: "v1",
    kind: "Secret",
    metadata: { name: "ok" },
    data: { k: "dmFsdWU=" },
  });
  assert.equal(secret.status, 201);
  assert.match(
    await rejected(DEPLOYS, deployment("q", {}, { resources: { limits: { cpu: "lots" } } })),
    /quantities must match the regular expression/,
  );
});

test("an update with a wrong type is 400; a merge patch producing one is 422 on patch", async () => {
  const cm = (await api.request("POST", CMS, configMap("upd"))).body as Obj;
  assert.match(
    await rejected(`${CMS}/upd`, { ...cm, data: { k: true } }, "PUT"),
    /cannot unmarshal bool into Go struct field ConfigMap\.data of type string$/,
  );
  const r = await api.request("PATCH", `${DEPLOYS}/fine`, { spec: { replicas: "two" } }, "application/merge-patch+json");
  assert.equal(r.status, 422);
  const body = r.body as Obj;
  assert.equal(body["reason"], "Invalid");
  const causes = (body["details"] as Obj)["causes"] as Obj[];
  assert.equal(causes.length, 1);
  assert.equal(causes[0]?.["field"], "patch");
  assert.match(
    String(causes[0]?.["message"]),
    /^Invalid value: ".*": json: cannot unmarshal string into Go struct field DeploymentSpec\.spec\.replicas of type int32$/,
  );
  assert.match(String(body["message"]), /^ "" is invalid: patch: Invalid value: /);
  const still = (await api.get(`${DEPLOYS}/fine`)).body as Obj;
  assert.equal((still["spec"] as Obj)["replicas"], 1);
});
