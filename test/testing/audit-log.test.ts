// The test server's audit log beside kube-apiserver 1.37.2's, recorded with the same policy (one
// rule, level Metadata, RequestReceived omitted) in test/fixtures/apiserver-1.37/audit-events.json:
// a ValidatingAdmissionPolicy bound with the Audit action and an auditAnnotation, two ConfigMap
// creates (one failing the validation), a get and a get of a missing object. The events agree but
// for what differs on every run or machine (ids, times, the client's address and agent) and the user
// (the recording's token user is `admin`, the test server's `kube-codegen-admin`).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { startTestApiServer, type AuditEvent, type TestApiServer } from "../../testing/src/index.js";
import { tempDir } from "../helpers/fs.js";
import { releaseAgent, send } from "./transcript-http.js";

type Json = Record<string, unknown>;
const RECORDED = (
  JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/audit-events.json", import.meta.url), "utf8")) as { events: Json[] }
).events;

let server: TestApiServer;
const logPath = join(tempDir("kcg-audit-"), "audit.log");

function call(method: string, path: string, body?: unknown): ReturnType<typeof send> {
  return send(
    { url: server.url, caPem: server.caPem },
    method,
    path,
    { Authorization: `Bearer ${server.token}`, "Content-Type": "application/json" },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/** An event without what varies from run to run, and with the user left out. */
function comparable(e: Json): Json {
  const { auditID: _id, requestReceivedTimestamp: _r, stageTimestamp: _s, sourceIPs: _ip, userAgent: _ua, user: _u, ...rest } = e;
  return rest;
}

before(async () => {
  server = await startTestApiServer({ crds: [], auditLog: { path: logPath } });
  await call("POST", "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: "au", labels: { s: "au" } } });
  await call("POST", "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies", {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata: { name: "audp" },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }] },
      validations: [{ expression: 'object.metadata.name != "bad"', message: "no bad" }],
      auditAnnotations: [{ key: "seen", valueExpression: '"name=" + object.metadata.name' }],
    },
  });
  await call("POST", "/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings", {
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata: { name: "audb" },
    spec: { policyName: "audp", validationActions: ["Audit"], matchResources: { namespaceSelector: { matchLabels: { s: "au" } } } },
  });
  for (const name of ["good", "bad"])
    await call("POST", "/api/v1/namespaces/au/configmaps", { apiVersion: "v1", kind: "ConfigMap", metadata: { name } });
  await call("GET", "/api/v1/namespaces/au/configmaps/good");
  await call("GET", "/api/v1/namespaces/au/configmaps/missing");
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

const ours = (): AuditEvent[] => server.auditEvents().filter((e) => e.requestURI.startsWith("/api/v1/namespaces/au/configmaps"));

test("each request's event is the real server's: verb, object, status, the authorization and the policy's annotations", () => {
  assert.equal(RECORDED.length, 4);
  assert.deepEqual(
    ours().map((e) => comparable(e as unknown as Json)),
    RECORDED.map(comparable),
  );
});

test("the events name the user, the client and the times as the real server does", () => {
  for (const e of ours()) {
    assert.deepEqual(e.user, { username: "kube-codegen-admin", groups: ["system:masters", "system:authenticated"] });
    assert.deepEqual(e.sourceIPs, ["127.0.0.1"]);
    assert.match(e.requestReceivedTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    assert.ok(e.stageTimestamp >= e.requestReceivedTimestamp, `${e.stageTimestamp} before ${e.requestReceivedTimestamp}`);
    assert.match(e.auditID, /^[0-9a-f-]{36}$/);
  }
});

test("the log file holds the same events as JSON lines, and a server without auditLog keeps none", async () => {
  const lines = readFileSync(logPath, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Json);
  assert.deepEqual(lines, server.auditEvents());
  const quiet = await startTestApiServer({ crds: [] });
  try {
    await send({ url: quiet.url, caPem: quiet.caPem }, "GET", "/api/v1/namespaces", { Authorization: `Bearer ${quiet.token}` });
    assert.deepEqual(quiet.auditEvents(), []);
  } finally {
    releaseAgent({ url: quiet.url, caPem: quiet.caPem });
    await quiet.stop();
  }
});
