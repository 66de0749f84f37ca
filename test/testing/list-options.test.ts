// List options as the real server checks and serves them: ValidateListOptions answers 422 on
// ListOptions.meta.k8s.io, a paged list with a bare resourceVersion reads exactly that revision, and an
// expired continue token's 410 hands out a replacement token that resumes at the latest state.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient, configMap, meta, namespace } from "./api-client.js";

let server: TestApiServer;
let api: ApiClient;
const CMS = "/api/v1/namespaces/lo/configmaps";

before(async () => {
  server = await startTestApiServer({ crds: [], objects: [namespace("lo")], historySize: 30 });
  api = new ApiClient(server);
  for (const n of ["a", "b", "c"]) await api.request("POST", CMS, configMap(n));
});
after(async () => {
  api.close();
  await server.stop();
});

type Obj = Record<string, unknown>;
const names = (body: unknown): unknown[] => ((body as { items: unknown[] }).items ?? []).map((o) => meta(o)["name"]);

test("a misused resourceVersionMatch is 422 Invalid on ListOptions.meta.k8s.io with field causes", async () => {
  const cases: [string, string, string][] = [
    [
      "resourceVersionMatch=NotOlderThan",
      "FieldValueForbidden",
      "Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided",
    ],
    [
      "resourceVersion=1&resourceVersionMatch=Bogus",
      "FieldValueNotSupported",
      'Unsupported value: "Bogus": supported values: "Exact", "NotOlderThan", ""',
    ],
    [
      "resourceVersion=0&resourceVersionMatch=Exact",
      "FieldValueForbidden",
      'Forbidden: resourceVersionMatch "exact" is forbidden for resourceVersion "0"',
    ],
    [
      "watch=1&resourceVersion=1&resourceVersionMatch=NotOlderThan",
      "FieldValueForbidden",
      // 1.37 allows it with sendInitialEvents (streaming lists); 1.24 forbade it on every watch.
      "Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided",
    ],
  ];
  for (const [q, reason, message] of cases) {
    const r = await api.get(`${CMS}?${q}`);
    assert.equal(r.status, 422, q);
    const body = r.body as Obj;
    assert.equal(body["reason"], "Invalid");
    assert.deepEqual(body["details"], {
      group: "meta.k8s.io",
      kind: "ListOptions",
      causes: [{ reason, message, field: "resourceVersionMatch" }],
    });
    assert.equal(body["message"], `ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: ${message}`);
  }
  const both = await api.get(`${CMS}?limit=1&continue=x&resourceVersion=1&resourceVersionMatch=Exact`);
  assert.equal(both.status, 422);
  const causes = ((both.body as Obj)["details"] as Obj)["causes"] as Obj[];
  assert.ok(causes.some((c) => c["message"] === "Forbidden: resourceVersionMatch is forbidden when continue is provided"));
});

test("a paged list with a bare resourceVersion is served at exactly that revision; unpaged is not-older-than", async () => {
  const rv = server.currentResourceVersion();
  await api.request("POST", CMS, configMap("aa"));
  const paged = (await api.get(`${CMS}?limit=10&resourceVersion=${rv}`)).body as Obj;
  assert.deepEqual(names(paged), ["a", "b", "c"]);
  assert.equal(meta(paged)["resourceVersion"], rv);
  const unpaged = (await api.get(`${CMS}?resourceVersion=${rv}`)).body as Obj;
  assert.deepEqual(names(unpaged), ["a", "aa", "b", "c"]);
  assert.equal(meta(unpaged)["resourceVersion"], server.currentResourceVersion());
  await api.request("DELETE", `${CMS}/aa`);
});

test("continue works with resourceVersion=0 but not with another resourceVersion", async () => {
  const first = (await api.get(`${CMS}?limit=1`)).body as Obj;
  const token = String(meta(first)["continue"]);
  const ok = await api.get(`${CMS}?limit=1&continue=${token}&resourceVersion=0`);
  assert.equal(ok.status, 200);
  assert.deepEqual(names(ok.body), ["b"]);
  const bad = await api.get(`${CMS}?limit=1&continue=${token}&resourceVersion=1`);
  assert.equal(bad.status, 400);
  assert.equal((bad.body as Obj)["message"], "specifying resource version is not allowed when using continue");
});

test("an expired continue answers 410 with a token that resumes at the latest state; old paged reads are 410", async () => {
  const first = (await api.get(`${CMS}?limit=1`)).body as Obj;
  const oldRv = String(meta(first)["resourceVersion"]);
  for (let i = 0; i < 40; i++) await api.request("POST", CMS, configMap(`z${String(i).padStart(2, "0")}`));
  const gone = await api.get(`${CMS}?limit=1&continue=${String(meta(first)["continue"])}`);
  assert.equal(gone.status, 410);
  const status = gone.body as Obj;
  assert.equal(status["reason"], "Expired");
  const fresh = String(meta(status)["continue"] ?? "");
  assert.deepEqual(JSON.parse(Buffer.from(fresh, "base64url").toString("utf8")), { v: "meta.k8s.io/v1", rv: -1, start: "a\u0000" });
  const resumed = await api.get(`${CMS}?limit=2&continue=${fresh}`);
  assert.equal(resumed.status, 200);
  assert.deepEqual(names(resumed.body), ["b", "c"]);
  assert.equal(meta(resumed.body)["resourceVersion"], server.currentResourceVersion());
  const old = await api.get(`${CMS}?limit=1&resourceVersion=${oldRv}`);
  assert.equal(old.status, 410);
  assert.equal((old.body as Obj)["message"], "The resourceVersion for the provided list is too old.");
});

test("continue tokens with another version or no start key are rejected with the server's wording", async () => {
  const enc = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString("base64url");
  const wrongVersion = await api.get(`${CMS}?limit=1&continue=${enc({ v: "x/v9", rv: 5, start: "a" })}`);
  assert.equal(
    (wrongVersion.body as Obj)["message"],
    'invalid continue token: continue key is not valid: server does not recognize this encoded version "x/v9"',
  );
  const noStart = await api.get(`${CMS}?limit=1&continue=${enc({ v: "meta.k8s.io/v1", rv: 5, start: "" })}`);
  assert.equal(
    (noStart.body as Obj)["message"],
    "invalid continue token: continue key is not valid: encoded start key empty (version meta.k8s.io/v1)",
  );
});

test("an unsupported field selector is worded by the kind's field label conversion", async () => {
  const message = async (path: string): Promise<unknown> => {
    const r = await api.get(path);
    assert.equal(r.status, 400, path);
    return (r.body as Obj)["message"];
  };
  assert.equal(await message(`${CMS}?fieldSelector=spec.x%3Dy`), 'field label "spec.x" not supported for "ConfigMap"');
  assert.equal(await message("/api/v1/namespaces/lo/secrets?fieldSelector=spec.x%3Dy"), "field label not supported: spec.x");
  assert.equal(await message("/api/v1/namespaces/lo/events?fieldSelector=spec.x%3Dy"), "field label not supported: spec.x");
  assert.equal(
    await message("/apis/apps/v1/namespaces/lo/deployments?fieldSelector=spec.x%3Dy"),
    '"spec.x" is not a known field selector: only "metadata.name", "metadata.namespace"',
  );
  assert.equal(
    await message("/apis/coordination.k8s.io/v1/namespaces/lo/leases?watch=1&fieldSelector=spec.x%3Dy"),
    '"spec.x" is not a known field selector: only "metadata.name", "metadata.namespace"',
  );
});

test("a GET or list at a resourceVersion the server has not reached is 504 with ResourceVersionTooLarge", async () => {
  const ahead = Number(server.currentResourceVersion()) + 100;
  for (const path of [`${CMS}/a?resourceVersion=${ahead}`, `${CMS}?resourceVersion=${ahead}`]) {
    const r = await api.get(path);
    assert.equal(r.status, 504, path);
    const body = r.body as Obj;
    assert.equal(body["reason"], "Timeout");
    assert.equal(body["message"], `Timeout: Too large resource version: ${ahead}, current: ${server.currentResourceVersion()}`);
    assert.deepEqual(body["details"], {
      causes: [{ reason: "ResourceVersionTooLarge", message: "Too large resource version" }],
      retryAfterSeconds: 1,
    });
    assert.equal(r.headers["retry-after"], "1");
  }
  assert.equal((await api.get(`${CMS}/a?resourceVersion=1`)).status, 200);
});

test("an Event's source field selector matches source.component, falling back to reportingComponent", async () => {
  const EVENTS = "/api/v1/namespaces/lo/events";
  const event = (name: string, extra: Obj): Obj => ({
    apiVersion: "v1",
    kind: "Event",
    metadata: { name },
    involvedObject: { kind: "ConfigMap", name: "a", namespace: "lo" },
    reason: "Test",
    ...extra,
  });
  assert.equal((await api.request("POST", EVENTS, event("e1", { source: { component: "kubelet" } }))).status, 201);
  assert.equal((await api.request("POST", EVENTS, event("e2", { reportingComponent: "kubelet" }))).status, 201);
  assert.equal((await api.request("POST", EVENTS, event("e3", { source: { component: "other" } }))).status, 201);
  assert.deepEqual(names((await api.get(`${EVENTS}?fieldSelector=source%3Dkubelet`)).body), ["e1", "e2"]);
});
