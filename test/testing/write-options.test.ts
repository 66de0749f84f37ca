// Query and body options of writes, validated as the server's ValidateCreateOptions, ValidateUpdateOptions,
// ValidatePatchOptions and ValidateDeleteOptions do: one 422 Invalid on "<Kind>Options.meta.k8s.io"
// listing every bad option (not a 400), and nothing is written.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/wo/configmaps";
type Obj = Record<string, unknown>;

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("wo")] });
  api = new ApiClient(server);
  await api.request("POST", CMS, configMap("keep"));
});
after(async () => {
  api.close();
  await server.stop();
});

function expectInvalid(r: { status: number; body: unknown }, kind: string, causes: Obj[]): void {
  assert.equal(r.status, 422, JSON.stringify(r.body));
  const body = r.body as Obj;
  assert.equal(body["reason"], "Invalid");
  assert.deepEqual(body["details"], { group: "meta.k8s.io", kind, causes });
  const parts = causes.map((c) => `${String(c["field"])}: ${String(c["message"])}`);
  assert.equal(body["message"], `${kind}.meta.k8s.io "" is invalid: ${parts.length === 1 ? parts[0] : `[${parts.join(", ")}]`}`);
}

const BAD_DRY_RUN = {
  reason: "FieldValueNotSupported",
  message: 'Unsupported value: ["Bogus"]: supported values: "All"',
  field: "dryRun",
};
const BAD_FIELD_VALIDATION = {
  reason: "FieldValueNotSupported",
  message: 'Unsupported value: "bogus": supported values: "", "Ignore", "Strict", "Warn"',
  field: "fieldValidation",
};

test("create, update and patch name their options kind and list every bad option", async () => {
  expectInvalid(await api.request("POST", `${CMS}?dryRun=Bogus&fieldValidation=bogus`, configMap("nope")), "CreateOptions", [
    BAD_DRY_RUN,
    BAD_FIELD_VALIDATION,
  ]);
  assert.equal((await api.get(`${CMS}/nope`)).status, 404);
  const keep = (await api.get(`${CMS}/keep`)).body as Obj;
  expectInvalid(await api.request("PUT", `${CMS}/keep?dryRun=Bogus`, keep), "UpdateOptions", [BAD_DRY_RUN]);
  expectInvalid(
    await api.request("PATCH", `${CMS}/keep?fieldManager=${"m".repeat(129)}`, { data: { x: "1" } }, "application/merge-patch+json"),
    "PatchOptions",
    [{ reason: "FieldValueTooLong", message: "Too long: may not be more than 128 bytes", field: "fieldManager" }],
  );
  expectInvalid(
    await api.request("PATCH", `${CMS}/keep?force=true`, { data: { x: "1" } }, "application/merge-patch+json"),
    "PatchOptions",
    [{ reason: "FieldValueForbidden", message: "Forbidden: may not be specified for non-apply patch", field: "force" }],
  );
  assert.deepEqual(((await api.get(`${CMS}/keep`)).body as Obj)["data"], { k: "v" });
});

test("an empty fieldValidation is the default (Warn), not an error", async () => {
  const r = await api.request("POST", `${CMS}?fieldValidation=`, { ...configMap("fv"), extra: 1 });
  assert.equal(r.status, 201);
  assert.match(String(r.headers["warning"]), /unknown field \\"extra\\"/);
});

test("delete options: bad policy, policy with orphanDependents, bad dryRun are 422 DeleteOptions and delete nothing", async () => {
  expectInvalid(await api.request("DELETE", `${CMS}/keep?propagationPolicy=Bogus`), "DeleteOptions", [
    {
      reason: "FieldValueNotSupported",
      message: 'Unsupported value: "Bogus": supported values: "Foreground", "Background", "Orphan", "nil"',
      field: "propagationPolicy",
    },
  ]);
  expectInvalid(await api.request("DELETE", `${CMS}/keep`, { propagationPolicy: "Background", orphanDependents: true }), "DeleteOptions", [
    {
      reason: "FieldValueInvalid",
      message: 'Invalid value: "Background": orphanDependents and deletionPropagation cannot be both set',
      field: "propagationPolicy",
    },
  ]);
  expectInvalid(await api.request("DELETE", `${CMS}/keep?dryRun=Bogus`), "DeleteOptions", [BAD_DRY_RUN]);
  assert.equal((await api.get(`${CMS}/keep`)).status, 200);
});

test("a long User-Agent is not an error: its product name, cut to 128 characters, is the manager", async () => {
  const { send } = await import("./transcript-http.js");
  const r = await send(
    { url: server.url, caPem: server.caPem },
    "POST",
    CMS,
    { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json", "User-Agent": `${"u".repeat(200)}/v1.0 (linux)` },
    JSON.stringify(configMap("ua")),
  );
  assert.equal(r.status, 201);
  const managed = ((r.body as Obj)["metadata"] as Obj)["managedFields"] as Obj[];
  assert.equal(managed[0]?.["manager"], "u".repeat(128));
});

test("a built-in is typed by the emulated release: a 1.37 sidecar keeps restartPolicy, which 1.24 drops as unknown", async () => {
  const deployment = {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "sidecar" },
    spec: {
      selector: { matchLabels: { a: "b" } },
      template: {
        metadata: { labels: { a: "b" } },
        spec: { initContainers: [{ name: "proxy", image: "p", restartPolicy: "Always" }], containers: [{ name: "c", image: "i" }] },
      },
    },
  };
  const initContainer = (b: unknown): Obj =>
    (((((b as Obj)["spec"] as Obj)["template"] as Obj)["spec"] as Obj)["initContainers"] as Obj[])[0]!;
  const now = await api.request("POST", "/apis/apps/v1/namespaces/wo/deployments", deployment);
  assert.equal(now.status, 201, JSON.stringify(now.body));
  assert.equal(now.headers["warning"], undefined);
  assert.equal(initContainer(now.body)["restartPolicy"], "Always");
  const old = await startTestApiServer({ crds: [], emulate: "1.24", objects: [namespace("wo")] });
  const oldApi = new ApiClient(old);
  try {
    const r = await oldApi.request("POST", "/apis/apps/v1/namespaces/wo/deployments", deployment);
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.match(String(r.headers["warning"]), /unknown field \\"spec.template.spec.initContainers\[0\].restartPolicy\\"/);
    assert.equal(initContainer(r.body)["restartPolicy"], undefined);
  } finally {
    oldApi.close();
    await old.stop();
  }
});
