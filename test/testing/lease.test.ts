// Leases as the real kube-apiserver 1.24 stores them (test/fixtures/lease-1.24, recorded there): the
// MicroTime fields keep exactly six fractional digits and are stored in UTC, any other form is a 400
// with Go's time.Parse message; an update must carry a resourceVersion (422 without, 409 when stale);
// leaseDurationSeconds must be positive and leaseTransitions not negative (422). Leader election
// depends on all of it. Each recorded request is replayed against the test server, resourceVersions
// translated, and the code, spec and Status compared exactly.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient } from "./api-client.js";
import { loadSteps, meta, replaySteps, type Obj } from "./replay-steps.js";
const steps = loadSteps("lease-1.24/lease-transcript.json");

let server: TestApiServer;
let api: ApiClient;
before(async () => {
  // The transcript is 1.24's, whose messages print values as Go's %#v ("Invalid value: 0x0").
  server = await startTestApiServer({ crds: [], emulate: "1.24" });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

// What is compared: the code, and the spec of a Lease or the Status's reason, message and details.
function essence(code: number, body: Obj): Obj {
  if (body["kind"] === "Lease")
    return { code, kind: "Lease", name: meta(body)["name"], namespace: meta(body)["namespace"], spec: body["spec"] };
  return { code, kind: body["kind"], reason: body["reason"], message: body["message"], details: body["details"] };
}

test("the test server answers the recorded Lease requests as the real server did", async () => {
  assert.ok(steps.length >= 10);
  await replaySteps(api, steps, essence);
});

test("a MicroTime with an offset is stored in UTC with its six digits; a failed decode stores nothing", async () => {
  const path = "/apis/coordination.k8s.io/v1/namespaces/default/leases";
  const lease = (name: string, spec: Obj): Obj => ({ apiVersion: "coordination.k8s.io/v1", kind: "Lease", metadata: { name }, spec });
  const created = await api.request(
    "POST",
    path,
    lease("utc", { renewTime: "2026-12-02T01:00:00.000001-05:30", acquireTime: "2026-12-31T23:59:59.999999-01:00" }),
  );
  assert.equal(created.status, 201);
  assert.deepEqual((created.body as Obj)["spec"], { renewTime: "2026-12-02T06:30:00.000001Z", acquireTime: "2027-01-01T00:59:59.999999Z" });
  const bad = await api.request(
    "POST",
    path,
    lease("bad", { renewTime: "2026-12-02T07:50:01.123456Z", acquireTime: "2026-12-02T07:50:01.1Z" }),
  );
  assert.equal(bad.status, 400);
  assert.equal((await api.get(`${path}/bad`)).status, 404);
  const extra = await api.request("POST", path, lease("extra", { renewTime: "2026-12-02T07:50:01.123456Zjunk" }));
  assert.equal(extra.status, 400);
  assert.match(String((extra.body as Obj)["message"]), /extra text: "junk"/);
});
