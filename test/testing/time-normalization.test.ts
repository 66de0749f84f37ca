// metav1.Time as the real kube-apiserver 1.24 stores it (test/fixtures/time-1.24, recorded there): a
// Time field of a typed built-in (an Event's firstTimestamp, a managedFields entry's time, of built-ins
// and custom resources alike) is stored in UTC at whole seconds, whatever offset and fraction it was
// sent with ("2026-01-01T10:00:00+02:00" becomes "2026-01-01T08:00:00Z"); a date-time string in a
// custom resource's own schema is kept as sent; a value Go's time.Parse refuses is a 400 with its
// message. Each recorded request is replayed against the test server and compared.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ApiClient } from "./api-client.js";
import { loadSteps, meta, replaySteps, type Obj } from "./replay-steps.js";
const steps = loadSteps("time-1.24/time-transcript.json");

let server: TestApiServer;
let api: ApiClient;
before(async () => {
  server = await startTestApiServer({ crds: [] });
  api = new ApiClient(server);
});
after(async () => {
  api.close();
  await server.stop();
});

const WHOLE_SECONDS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

// What is compared: the code; a Status's reason and message; else the object's own times and data, the
// managedFields entries the client sent (the server's own entries carry the time of the run), and
// whether the server-set timestamps are its own (the sent ones are never kept).
function essence(code: number, body: Obj, sent: Obj | null): Obj {
  if (body["kind"] === "Status") return { code, reason: body["reason"], message: body["message"] };
  if (body["kind"] === "CustomResourceDefinition") return { code };
  const m = meta(body);
  const created = m["creationTimestamp"];
  return {
    code,
    kind: body["kind"],
    name: m["name"],
    data: body["data"],
    spec: body["spec"],
    firstTimestamp: body["firstTimestamp"],
    lastTimestamp: body["lastTimestamp"],
    sentEntries: ((m["managedFields"] ?? []) as Obj[]).filter((e) => e["manager"] === "other"),
    deletionTimestamp: m["deletionTimestamp"],
    creationTimestampIsServers:
      typeof created === "string" && WHOLE_SECONDS_UTC.test(created) && created !== meta(sent)["creationTimestamp"],
  };
}

test("the test server stores and returns metav1.Time as the real server did", async () => {
  assert.ok(steps.length >= 20);
  await replaySteps(api, steps, essence);
});

test("a merge patch and an apply with offset Times store them in UTC at whole seconds, as the real server did", async () => {
  // Recorded by hand against the same server (PROVENANCE.md): a merge patch of lastTimestamp
  // "2026-06-01T12:00:00.75-04:00" read back "2026-06-01T16:00:00Z"; a forced apply of firstTimestamp
  // "2026-06-01T12:00:00+05:00" read back "2026-06-01T07:00:00Z".
  const path = "/api/v1/namespaces/default/events";
  const event = (name: string): Obj => ({
    apiVersion: "v1",
    kind: "Event",
    metadata: { name },
    involvedObject: { kind: "Pod", name: "p", namespace: "default" },
  });
  assert.equal((await api.request("POST", path, event("patched"))).status, 201);
  const patched = await api.request(
    "PATCH",
    `${path}/patched`,
    { lastTimestamp: "2026-06-01T12:00:00.75-04:00" },
    "application/merge-patch+json",
  );
  assert.equal(patched.status, 200);
  assert.equal((patched.body as Obj)["lastTimestamp"], "2026-06-01T16:00:00Z");
  const applied = await api.request(
    "PATCH",
    `${path}/patched?fieldManager=applier&force=true`,
    { ...event("patched"), firstTimestamp: "2026-06-01T12:00:00+05:00" },
    "application/apply-patch+yaml",
  );
  assert.equal(applied.status, 200);
  assert.equal((applied.body as Obj)["firstTimestamp"], "2026-06-01T07:00:00Z");
  assert.equal(((await api.get(`${path}/patched`)).body as Obj)["firstTimestamp"], "2026-06-01T07:00:00Z");
});
