// core/v1 and events.k8s.io/v1 Events are one storage on kube-apiserver, in two shapes: an Event
// client-go's tools/record writes is listed by the events.k8s.io API and one tools/events writes by
// `kubectl get events` (hack/client-go-conformance's events steps). The expected shapes are what
// kube-apiserver 1.37.2 answered to the same requests (its Go zero values aside: "source": {},
// "eventTime": null and the like, which the test server leaves out for core Events too).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";

type Json = Record<string, unknown>;
let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({ tls: false, crds: [] });
  await call("POST", "/api/v1/namespaces/default/events", {
    metadata: { name: "ev" },
    involvedObject: { kind: "Pod", name: "p", namespace: "default" },
    reason: "R",
    message: "m",
    type: "Normal",
    count: 2,
    source: { component: "kubelet" },
    firstTimestamp: "2026-01-02T03:04:05Z",
    reportingComponent: "rc",
  });
  await call("POST", "/apis/events.k8s.io/v1/namespaces/default/events", {
    metadata: { name: "ev2" },
    eventTime: "2026-01-02T03:04:05.000001Z",
    reportingController: "c",
    reportingInstance: "i",
    action: "A",
    reason: "R2",
    type: "Normal",
    note: "n",
    regarding: { kind: "Pod", name: "p", namespace: "default" },
    series: { count: 3, lastObservedTime: "2026-01-02T03:04:06.000001Z" },
  });
});

after(async () => {
  await server.stop();
});

async function call(method: string, path: string, body?: Json): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

const withoutMetadata = ({ metadata: _m, ...rest }: Json): Json => rest;

/** Each Event created above, read through the other API: the shape kube-apiserver 1.37.2 answered. */
const CROSS_READS: readonly { name: string; path: string; expected: Json }[] = [
  {
    name: "a core/v1 Event reads through events.k8s.io/v1 in that shape",
    path: "/apis/events.k8s.io/v1/namespaces/default/events/ev",
    expected: {
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      regarding: { kind: "Pod", name: "p", namespace: "default" },
      reason: "R",
      note: "m",
      type: "Normal",
      deprecatedCount: 2,
      deprecatedSource: { component: "kubelet" },
      deprecatedFirstTimestamp: "2026-01-02T03:04:05Z",
      reportingController: "rc",
    },
  },
  {
    name: "an events.k8s.io/v1 Event reads through core/v1 in that shape",
    path: "/api/v1/namespaces/default/events/ev2",
    expected: {
      apiVersion: "v1",
      kind: "Event",
      involvedObject: { kind: "Pod", name: "p", namespace: "default" },
      eventTime: "2026-01-02T03:04:05.000001Z",
      reportingComponent: "c",
      reportingInstance: "i",
      action: "A",
      reason: "R2",
      type: "Normal",
      message: "n",
      series: { count: 3, lastObservedTime: "2026-01-02T03:04:06.000001Z" },
    },
  },
];

for (const { name, path, expected } of CROSS_READS) {
  test(name, async () => {
    const res = await call("GET", path);
    assert.equal(res.status, 200);
    assert.deepEqual(withoutMetadata(res.body), expected);
  });
}

test("both APIs list both Events, and each selects on its own field names", async () => {
  const names = (list: Json): unknown[] => (list["items"] as Json[]).map((i) => (i["metadata"] as Json)["name"]);
  assert.deepEqual(names((await call("GET", "/api/v1/namespaces/default/events")).body), ["ev", "ev2"]);
  assert.deepEqual(names((await call("GET", "/apis/events.k8s.io/v1/namespaces/default/events")).body), ["ev", "ev2"]);
  const byRegarding = await call("GET", "/apis/events.k8s.io/v1/namespaces/default/events?fieldSelector=regarding.name%3Dp,reason%3DR");
  assert.deepEqual(names(byRegarding.body), ["ev"]);
  const byComponent = await call("GET", "/api/v1/namespaces/default/events?fieldSelector=reportingComponent%3Dc");
  assert.deepEqual(names(byComponent.body), ["ev2"]);
});

test("an update through one API is seen through the other, one resourceVersion for both", async () => {
  const modern = (await call("GET", "/apis/events.k8s.io/v1/namespaces/default/events/ev")).body;
  // An events.k8s.io/v1 update may change only metadata and series (event-validation.ts).
  const series = { count: 2, lastObservedTime: "2026-12-06T08:00:00.000000Z" };
  const refused = await call("PUT", "/apis/events.k8s.io/v1/namespaces/default/events/ev", { ...modern, note: "changed" });
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  const updated = await call("PUT", "/apis/events.k8s.io/v1/namespaces/default/events/ev", { ...modern, series });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  const core = (await call("GET", "/api/v1/namespaces/default/events/ev")).body;
  assert.deepEqual(core["series"], series);
  assert.equal(core["involvedObject"] && (core["involvedObject"] as Json)["name"], "p");
  assert.equal((core["metadata"] as Json)["resourceVersion"], (updated.body["metadata"] as Json)["resourceVersion"]);
  const deleted = await call("DELETE", "/api/v1/namespaces/default/events/ev2");
  assert.equal(deleted.status, 200);
  assert.equal((await call("GET", "/apis/events.k8s.io/v1/namespaces/default/events/ev2")).status, 404);
});
