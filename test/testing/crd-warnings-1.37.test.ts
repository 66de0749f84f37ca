// The CRD strategy's warnings and the Kubernetes name formats, against kube-apiserver 1.37.2's answers
// (test/fixtures/apiserver-1.37/crd-warnings.json, recorded by scripts/record-crd-warnings-1.37.ts):
// an unrecognized format or a set of non-scalar items is a Warning on create, on update only when the
// old CRD lacked it, and `k8s-short-name`/`k8s-long-name` values are checked. Under emulate 1.24
// (which has neither) none of it happens.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { TestApiServer } from "../../testing/src/index.js";
import { bothServers, call, recording, replay, type RecordedExchange } from "./recorded-1.37.js";

const EXCHANGES = recording("crd-warnings.json");
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

const servers = bothServers();

/** The exchanges with each update's resourceVersion replaced by the CRD's on `s`. */
async function onServer(s: TestApiServer, exchanges: readonly RecordedExchange[]): Promise<RecordedExchange[]> {
  const current = (await call(s, "GET", `${CRDS}/updateds.example.com`)).body as { metadata?: { resourceVersion?: string } };
  return exchanges.map((x) => {
    if (!x.step.startsWith("update: ")) return x;
    const body = structuredClone(x.request.body) as { metadata: Record<string, unknown> };
    body.metadata["resourceVersion"] = current.metadata?.resourceVersion;
    return { ...x, request: { ...x.request, body } };
  });
}

test("the recording has warnings on create and update, and refused names", () => {
  const warned = EXCHANGES.filter((x) => x.response.warning !== undefined);
  assert.ok(warned.filter((x) => x.step.startsWith("create: ")).length >= 12);
  assert.ok(warned.filter((x) => x.step.startsWith("update: ")).length >= 2);
  assert.ok(EXCHANGES.filter((x) => x.step.startsWith("update: ") && x.response.warning === undefined).length >= 2);
  assert.ok(EXCHANGES.filter((x) => x.step.startsWith("object: ") && x.response.status === 422).length >= 6);
});

test("each CRD write warns, and each name format is checked, as kube-apiserver 1.37.2 does", async () => {
  const creates = EXCHANGES.filter((x) => !x.step.startsWith("update: ") && !x.step.startsWith("object: "));
  assert.deepEqual(await replay(servers.server, creates), []);
  const rest = EXCHANGES.filter((x) => x.step.startsWith("update: ") || x.step.startsWith("object: "));
  assert.deepEqual(await replay(servers.server, await onServer(servers.server, rest)), []);
});

test("under emulate 1.24 no CRD write warns and the name formats are not checked", async () => {
  for (const x of EXCHANGES.filter((e) => e.step.startsWith("create") && e.response.status === 201)) {
    const got = await call(servers.legacy, x.request.method, x.request.path, x.request.body);
    // 1.24 refuses a set of objects that are not atomic only as 1.37 does; the rest is accepted silently.
    assert.equal(got.status, 201, x.step);
    assert.equal(got.headers["warning"], undefined, x.step);
  }
  for (const x of await onServer(
    servers.legacy,
    EXCHANGES.filter((e) => e.step.startsWith("update: ")),
  )) {
    const got = await call(servers.legacy, x.request.method, x.request.path, x.request.body);
    assert.equal(got.status, 200, x.step);
    assert.equal(got.headers["warning"], undefined, x.step);
  }
  const bad = EXCHANGES.find((e) => e.step === "object: a short name with a capital")!;
  assert.equal((await call(servers.legacy, bad.request.method, bad.request.path, bad.request.body)).status, 201);
});
