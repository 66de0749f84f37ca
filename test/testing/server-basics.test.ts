import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import https from "node:https";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";
import { conformanceCrds } from "./transcript-fixtures.js";
import { send } from "./transcript-http.js";

let server: TestApiServer;
let api: ApiClient;
const WIDGETS = "/apis/conformance.example.com/v1/namespaces/team/widgets";

before(async () => {
  server = await startTestApiServer({ crds: conformanceCrds(), objects: [namespace("team")] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

test("kubeconfig file carries server URL, CA data and token; TLS verifies against the CA", async () => {
  const cfg = parse(readFileSync(server.kubeconfigPath, "utf8")) as typeof server.kubeconfig;
  assert.deepEqual(cfg, server.kubeconfig);
  const cluster = cfg.clusters[0]?.cluster;
  assert.equal(cluster?.server, server.url);
  assert.match(server.url, /^https:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(Buffer.from(cluster?.["certificate-authority-data"] ?? "", "base64").toString(), server.caPem);
  assert.deepEqual(cfg.users[0]?.user, { token: server.token });
  const ok = await send({ url: server.url, caPem: server.caPem }, "GET", "/api/v1/namespaces", { Authorization: `Bearer ${server.token}` });
  assert.equal(ok.status, 200);
  const untrusted = new Promise((resolve, reject) =>
    https.get(`${server.url}/version`, { agent: false }, (r) => resolve(r.statusCode)).on("error", reject),
  );
  await assert.rejects(untrusted, /self-signed|certificate/);
});

test("wrong token is 401, no token is 403 for system:anonymous, /version is public", async () => {
  const target = { url: server.url, caPem: server.caPem };
  const bad = await send(target, "GET", "/api/v1/namespaces", { Authorization: "Bearer nope" });
  assert.equal(bad.status, 401);
  assert.equal((bad.body as Record<string, unknown>)["reason"], "Unauthorized");
  const anon = await send(target, "GET", WIDGETS, {});
  assert.equal(anon.status, 403);
  assert.match(String((anon.body as Record<string, unknown>)["message"]), /system:anonymous" cannot list resource "widgets"/);
  assert.equal((await send(target, "GET", "/version", {})).status, 200);
});

test("discovery lists CRD resources with status and scale subresources", async () => {
  const gv = (await api.get("/apis/conformance.example.com/v1")).body as { resources: { name: string }[] };
  assert.deepEqual(
    gv.resources.map((r) => r.name),
    ["widgets", "widgets/status", "widgets/scale", "gadgets"],
  );
  const groups = (await api.get("/apis")).body as { groups: { name: string }[] };
  assert.ok(groups.groups.some((g) => g.name === "apps"));
  assert.ok(groups.groups.some((g) => g.name === "conformance.example.com"));
  assert.equal((await api.get("/api")).status, 200);
  assert.equal((await api.get("/apis/nothing.example.com/v1/things")).status, 404);
});

test("fieldValidation: Warn adds a Warning header, Strict answers 400, Ignore is silent", async () => {
  const w = (name: string): Record<string, unknown> => ({
    apiVersion: "conformance.example.com/v1",
    kind: "Widget",
    metadata: { name },
    spec: { size: "large", junk: 1 },
  });
  const warn = await api.request("POST", WIDGETS, w("fv-warn"));
  assert.equal(warn.status, 201);
  assert.equal(warn.headers["warning"], '299 - "unknown field \\"spec.junk\\""');
  assert.equal(((warn.body as Record<string, Record<string, unknown>>)["spec"] ?? {})["junk"], undefined);
  const strict = await api.request("POST", `${WIDGETS}?fieldValidation=Strict`, w("fv-strict"));
  assert.equal(strict.status, 400);
  assert.match(String((strict.body as Record<string, unknown>)["message"]), /strict decoding error: unknown field "spec.junk"/);
  const ignore = await api.request("POST", `${WIDGETS}?fieldValidation=Ignore`, w("fv-ignore"));
  assert.equal(ignore.status, 201);
  assert.equal(ignore.headers["warning"], undefined);
});

test("dryRun=All validates and answers without storing", async () => {
  const res = await api.request("POST", "/api/v1/namespaces/team/configmaps?dryRun=All", configMap("dry"));
  assert.equal(res.status, 201);
  assert.equal(meta(res.body)["resourceVersion"], undefined);
  assert.equal((await api.get("/api/v1/namespaces/team/configmaps/dry")).status, 404);
});

test("CRDs created at run time are served, invalid ones are 422, deleted ones stop being served", async () => {
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "things.runtime.example.com" },
    spec: {
      group: "runtime.example.com",
      names: { kind: "Thing", plural: "things" },
      scope: "Namespaced",
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: "object",
              properties: { spec: { type: "object", properties: { n: { type: "integer", maximum: 3 } } } },
            },
          },
        },
      ],
    },
  };
  const created = await api.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);
  assert.equal(created.status, 201);
  await server.settle();
  const got = (await api.get("/apis/apiextensions.k8s.io/v1/customresourcedefinitions/things.runtime.example.com")).body as {
    status: { conditions: { type: string }[] };
  };
  assert.ok(got.status.conditions.some((c) => c.type === "Established"));
  const things = "/apis/runtime.example.com/v1/namespaces/team/things";
  const bad = await api.request("POST", things, {
    apiVersion: "runtime.example.com/v1",
    kind: "Thing",
    metadata: { name: "t" },
    spec: { n: 5 },
  });
  assert.equal(bad.status, 422);
  assert.equal(
    (await api.request("POST", things, { apiVersion: "runtime.example.com/v1", kind: "Thing", metadata: { name: "t" }, spec: { n: 2 } }))
      .status,
    201,
  );
  const invalid = await api.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", {
    ...crd,
    metadata: { name: "wrong.runtime.example.com" },
  });
  assert.equal(invalid.status, 422);
  assert.equal(
    (await api.request("DELETE", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/things.runtime.example.com")).status,
    200,
  );
  await server.settle();
  assert.equal((await api.get(things)).status, 404);
});

test("Deployments: defaults, strategic merge patch, scale subresource, generation", async () => {
  const deploy = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web" },
    spec: {
      selector: { matchLabels: { app: "web" } },
      template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "c", image: "nginx:1.25" }] } },
    },
  };
  const created = await api.request("POST", "/apis/apps/v1/namespaces/team/deployments", deploy);
  assert.equal(created.status, 201);
  const spec = (created.body as { spec: Record<string, unknown> }).spec;
  assert.equal(spec["replicas"], 1);
  assert.equal(spec["revisionHistoryLimit"], 10);
  const smp = await api.request(
    "PATCH",
    "/apis/apps/v1/namespaces/team/deployments/web",
    { spec: { template: { spec: { containers: [{ name: "c", image: "nginx:1.26" }] } } } },
    "application/strategic-merge-patch+json",
  );
  assert.equal(smp.status, 200);
  const containers = (smp.body as { spec: { template: { spec: { containers: Record<string, unknown>[] } } } }).spec.template.spec
    .containers;
  assert.equal(containers.length, 1);
  assert.equal(containers[0]?.["image"], "nginx:1.26");
  assert.equal(containers[0]?.["imagePullPolicy"], "IfNotPresent");
  assert.equal(meta(smp.body)["generation"], 2);
  const scale = await api.request(
    "PATCH",
    "/apis/apps/v1/namespaces/team/deployments/web/scale",
    { spec: { replicas: 3 } },
    "application/merge-patch+json",
  );
  assert.equal(scale.status, 200);
  assert.deepEqual((scale.body as Record<string, unknown>)["status"], { replicas: 0, selector: "app=web" });
  const after = (await api.get("/apis/apps/v1/namespaces/team/deployments/web")).body as { spec: { replicas: number } };
  assert.equal(after.spec.replicas, 3);
});

test("deletecollection deletes what the selector matches and answers the deleted list", async () => {
  for (const [name, tier] of [
    ["dc1", "a"],
    ["dc2", "b"],
    ["dc3", "a"],
  ] as const)
    assert.equal((await api.request("POST", "/api/v1/namespaces/team/configmaps", configMap(name, { labels: { tier } }))).status, 201);
  const res = await api.request("DELETE", "/api/v1/namespaces/team/configmaps?labelSelector=tier%3Da");
  assert.equal(res.status, 200);
  assert.deepEqual(
    (res.body as { items: unknown[] }).items.map((o) => meta(o)["name"]),
    ["dc1", "dc3"],
  );
  const left = (await api.get("/api/v1/namespaces/team/configmaps?labelSelector=tier")).body as { items: unknown[] };
  assert.deepEqual(
    left.items.map((o) => meta(o)["name"]),
    ["dc2"],
  );
});

test("plain HTTP with tls: false; anonymousAuth: false answers 401 without a token", async () => {
  const plain = await startTestApiServer({ crds: [], tls: false, token: "t0k", anonymousAuth: false });
  try {
    assert.match(plain.url, /^http:\/\//);
    assert.equal(plain.caPem, undefined);
    const res = await send({ url: plain.url, caPem: undefined }, "GET", "/api/v1/namespaces/default", { Authorization: "Bearer t0k" });
    assert.equal(res.status, 200);
    const anon = await send({ url: plain.url, caPem: undefined }, "GET", "/api/v1/namespaces/default", {});
    assert.equal(anon.status, 401);
  } finally {
    await plain.stop();
  }
});

test("built-in objects lose undeclared fields with a warning, as typed decoding does", async () => {
  const res = await api.request("POST", "/api/v1/namespaces/team/configmaps", { ...configMap("typo"), dataa: { x: "y" } });
  assert.equal(res.status, 201);
  assert.equal(res.headers["warning"], '299 - "unknown field \\"dataa\\""');
  assert.equal((res.body as Record<string, unknown>)["dataa"], undefined);
  const strict = await api.request("POST", "/api/v1/namespaces/team/configmaps?fieldValidation=Strict", {
    ...configMap("typo2"),
    metadata: { name: "typo2", labelz: {} },
  });
  assert.equal(strict.status, 400);
});

test("create ignores status on resources with a status subresource and refuses a resourceVersion", async () => {
  const ns = await api.request("POST", "/api/v1/namespaces", { ...namespace("st-ns"), status: { phase: "Terminating" } });
  assert.deepEqual((ns.body as Record<string, unknown>)["status"], { phase: "Active" });
  const withRv = await api.request("POST", "/api/v1/namespaces/team/configmaps", configMap("rv", { resourceVersion: "5" }));
  assert.equal(withRv.status, 500);
  assert.equal((withRv.body as Record<string, unknown>)["message"], "resourceVersion should not be set on objects to be created");
});

test("server-side apply on a built-in creates, then merges containers by name and records ownership", async () => {
  const path = "/apis/apps/v1/namespaces/team/deployments/applied?fieldManager=tool";
  const doc = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "applied" },
    spec: {
      selector: { matchLabels: { app: "a" } },
      template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "img:1" }] } },
    },
  };
  const created = await api.request("PATCH", path, doc, "application/apply-patch+yaml");
  assert.equal(created.status, 201);
  const mf = meta(created.body)["managedFields"] as { manager: string; operation: string }[];
  assert.deepEqual(
    mf.map((m) => [m.manager, m.operation]),
    [["tool", "Apply"]],
  );
  const other = await api.request(
    "PATCH",
    "/apis/apps/v1/namespaces/team/deployments/applied?fieldManager=other",
    { ...doc, spec: { ...doc.spec, template: { ...doc.spec.template, spec: { containers: [{ name: "c", image: "img:2" }] } } } },
    "application/apply-patch+yaml",
  );
  assert.equal(other.status, 409);
  assert.equal((other.body as Record<string, unknown>)["reason"], "Conflict");
});

test("YAML request bodies are accepted", async () => {
  const res = await api.request(
    "POST",
    "/api/v1/namespaces/team/configmaps",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-yaml\ndata:\n  a: b\n",
    "application/yaml",
  );
  assert.equal(res.status, 201);
  assert.deepEqual((res.body as Record<string, unknown>)["data"], { a: "b" });
});

test("a CRD's served versions share storage; each answers in its own apiVersion", async () => {
  const schema = { openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: { n: { type: "integer" } } } } } };
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "multis.versions.example.com" },
    spec: {
      group: "versions.example.com",
      names: { kind: "Multi", plural: "multis" },
      scope: "Cluster",
      versions: [
        { name: "v1", served: true, storage: true, schema },
        { name: "v2", served: true, storage: false, schema },
        { name: "v0", served: false, storage: false, schema },
      ],
    },
  };
  assert.equal((await api.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd)).status, 201);
  assert.equal(
    (
      await api.request("POST", "/apis/versions.example.com/v1/multis", {
        apiVersion: "versions.example.com/v1",
        kind: "Multi",
        metadata: { name: "m" },
        spec: { n: 1 },
      })
    ).status,
    201,
  );
  const v2 = await api.get("/apis/versions.example.com/v2/multis/m");
  assert.equal((v2.body as Record<string, unknown>)["apiVersion"], "versions.example.com/v2");
  assert.equal((await api.get("/apis/versions.example.com/v0/multis/m")).status, 404);
  const group = (await api.get("/apis/versions.example.com")).body as {
    preferredVersion: { version: string };
    versions: { version: string }[];
  };
  assert.deepEqual(
    group.versions.map((v) => v.version),
    ["v2", "v1"],
  );
  assert.equal(group.preferredVersion.version, "v2");
});

test("built-in validation: Deployment selector must match the template, config keys must be valid", async () => {
  const bad = await api.request("POST", "/apis/apps/v1/namespaces/team/deployments", {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "mismatch" },
    spec: {
      selector: { matchLabels: { app: "a" } },
      template: { metadata: { labels: { app: "b" } }, spec: { containers: [{ name: "c" }] } },
    },
  });
  assert.equal(bad.status, 422);
  const causes = ((bad.body as Record<string, Record<string, unknown>>)["details"] ?? {})["causes"] as { field: string; message: string }[];
  assert.deepEqual(
    causes.map((c) => c.field),
    ["spec.template.metadata.labels", "spec.template.spec.containers[0].image"],
  );
  assert.equal(causes[0]?.message, 'Invalid value: {"app":"b"}: `selector` does not match template `labels`');
  const key = await api.request("POST", "/api/v1/namespaces/team/configmaps", configMap("badkey", {}, { "bad key": "x" }));
  assert.equal(key.status, 422);
});

test("/version answers as the recorded kube-apiserver 1.37.2 by default, as 1.24 under emulate 1.24", async () => {
  const recorded = JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/version.json", import.meta.url), "utf8")) as Record<
    string,
    string
  >;
  const got = (await api.get("/version")).body as Record<string, string>;
  for (const k of ["major", "minor", "emulationMajor", "emulationMinor", "minCompatibilityMajor", "minCompatibilityMinor", "gitTreeState"])
    assert.equal(got[k], recorded[k], k);
  assert.deepEqual(Object.keys(got), Object.keys(recorded));
  assert.equal(got["gitVersion"]?.split("+")[0], recorded["gitVersion"]);
  const old = await startTestApiServer({ crds: [], emulate: "1.24" });
  try {
    const v = (await send({ url: old.url, caPem: old.caPem }, "GET", "/version", {})).body as Record<string, string>;
    assert.deepEqual([v["major"], v["minor"], v["gitVersion"]?.split("+")[0]], ["1", "24", "v1.24.0"]);
    assert.equal(v["emulationMinor"], undefined);
  } finally {
    await old.stop();
  }
});
