// Validation ratcheting, against kube-apiserver 1.37.2's answers (test/fixtures/apiserver-1.37/
// ratcheting.json, recorded by scripts/record-ratcheting-1.37.ts): after the Gizmo CRD tightens its
// schema, each update of the object `g` keeps or loses the errors of what it leaves unchanged as the
// real server decides it (list-map items by key, map values by key, atomic lists whole, the status
// apart), and an excused rule is the same Warning. Under emulate 1.24 nothing ratchets.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { TestApiServer } from "../../testing/src/index.js";
import { GIZMO, LOOSE_CRD, STRICT_CRD } from "../fixtures/apiserver-1.37/ratcheting-cases.js";
import { bothServers, call, recording, replay } from "./recorded-1.37.js";

const PROBES = recording("ratcheting.json").filter((x) => x.step.startsWith("probe: "));
const CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
const G = "/apis/example.com/v1/namespaces/default/gizmos";

/** Creates the loose CRD and `g`, then makes the CRD strict, as the recording did. */
async function prepare(s: TestApiServer): Promise<void> {
  assert.equal((await call(s, "POST", CRDS, LOOSE_CRD)).status, 201);
  assert.equal((await call(s, "POST", G, GIZMO)).status, 201);
  assert.equal((await call(s, "PATCH", `${G}/g/status`, { status: GIZMO["status"] }, "application/merge-patch+json")).status, 200);
  const current = (await call(s, "GET", `${CRDS}/gizmos.example.com`)).body as { metadata: { resourceVersion: string } };
  const strict = { ...STRICT_CRD, metadata: { name: "gizmos.example.com", resourceVersion: current.metadata.resourceVersion } };
  assert.equal((await call(s, "PUT", `${CRDS}/gizmos.example.com`, strict)).status, 200);
}

const servers = bothServers(prepare);

test("the recording has updates allowed with warnings and refused for what they changed", () => {
  assert.ok(PROBES.filter((x) => x.response.status === 200 && x.response.warning !== undefined).length >= 3);
  assert.ok(PROBES.filter((x) => x.response.status === 422).length >= 5);
});

test("each update ratchets as kube-apiserver 1.37.2 ratchets it", async () => {
  assert.deepEqual(await replay(servers.server, PROBES), []);
});

test("under emulate 1.24 an update that keeps a value the CRD no longer allows is refused", async () => {
  const probe = PROBES.find((x) => x.step === "probe: a label only")!;
  const got = await call(servers.legacy, probe.request.method, probe.request.path, probe.request.body, probe.request.contentType);
  assert.equal(got.status, 422);
  const fields = ((got.body as { details: { causes: { field: string }[] } }).details.causes ?? []).map((c) => c.field);
  assert.ok(fields.includes("spec.name") && fields.includes("spec.color"), JSON.stringify(fields));
});
