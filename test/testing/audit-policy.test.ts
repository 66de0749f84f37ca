// The test server's audit log under a policy of several rules, beside kube-apiserver 1.37.2's under
// the same policy (test/fixtures/apiserver-1.37/audit-policy.json, recorded by
// scripts/record-audit-policy-1.37.ts with the requests of audit-policy-steps.ts): which requests
// are logged at which level, the stages (a watch's ResponseStarted, one rule omitting it), the
// request's object (a create's decoded and defaulted, a patch's document) and the answer's, without
// managedFields where the policy or a rule says so (omitManagedFields). The
// events agree but for what differs on every run (ids, times, the client's address and agent, the
// user, and in the objects their uid, resourceVersion and times).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { POLICY, STEPS } from "../fixtures/apiserver-1.37/audit-policy-steps.js";
import { auditLevelOf } from "../../testing/src/audit/audit-policy.js";
import { startTestApiServer, type AuditEvent, type TestApiServer } from "../../testing/src/index.js";
import { releaseAgent, send } from "./transcript-http.js";

type Json = Record<string, unknown>;
const RECORDED = JSON.parse(readFileSync(new URL("../fixtures/apiserver-1.37/audit-policy.json", import.meta.url), "utf8")) as {
  policy: Json;
  events: Json[];
};

let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({ crds: [], auditLog: { policy: POLICY } });
  for (const s of STEPS) {
    const headers: Record<string, string> = { Authorization: `Bearer ${server.token}` };
    if (s.body !== undefined) headers["Content-Type"] = s.contentType ?? "application/json";
    await send(
      { url: server.url, caPem: server.caPem },
      s.method,
      s.path,
      headers,
      s.body === undefined ? undefined : JSON.stringify(s.body),
    );
  }
  // The last watch's event is written when its connection closes.
  await new Promise((r) => setTimeout(r, 100));
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

/** What varies from run to run, as placeholders, wherever it is in an event. */
function comparable(e: Json): Json {
  const { auditID: _id, requestReceivedTimestamp: _r, stageTimestamp: _s, sourceIPs: _ip, userAgent: _ua, user: _u, ...rest } = e;
  return JSON.parse(
    JSON.stringify(rest, (k, v: unknown) =>
      ["uid", "resourceVersion", "creationTimestamp", "time"].includes(k) && typeof v === "string" ? "X" : v,
    ),
  ) as Json;
}

test("the recording was made under the policy the replay uses", () => {
  assert.deepEqual(RECORDED.policy, POLICY);
});

test("each request is logged at its rule's level and stages, with the objects the level keeps, as kube-apiserver 1.37.2 logs it", () => {
  const ours = server.auditEvents() as unknown as Json[];
  assert.equal(RECORDED.events.length, 16);
  assert.deepEqual(ours.map(comparable), RECORDED.events.map(comparable));
});

test("the test server's own user logs as the recording's token user does, and times are in order", () => {
  for (const e of server.auditEvents() as AuditEvent[]) {
    assert.equal(e.user.username, "kube-codegen-admin");
    assert.ok(e.stageTimestamp >= e.requestReceivedTimestamp);
  }
});

test("a policy with an unknown level stops the server from starting, saying why", async () => {
  await assert.rejects(
    startTestApiServer({ crds: [], auditLog: { policy: { rules: [{ level: "Everything" }] } } }),
    /audit policy: rules\[0\]\.level must be one of None, Metadata, Request, RequestResponse/,
  );
});

test("a policy whose resources are not group/resources lists, or that has no rule, is refused", async () => {
  for (const [policy, why] of [
    [{ rules: [{ level: "Metadata", resources: [null] }] }, /rules\[0\]\.resources\[0\] is not an object/],
    [
      { rules: [{ level: "Metadata", resources: [{ resources: "configmaps" }] }] },
      /rules\[0\]\.resources\[0\]\.resources must be a list of strings/,
    ],
    [{ rules: [] }, /rules must be a list of at least one rule/],
    [{ rules: [{ level: "Metadata", omitManagedFields: "yes" }] }, /rules\[0\]: omitManagedFields must be true or false/],
    [{ omitManagedFields: 1, rules: [{ level: "Metadata" }] }, /policy: omitManagedFields must be true or false/],
    [
      { apiVersion: "audit.k8s.io/v1beta1", rules: [{ level: "Metadata" }] },
      /apiVersion audit\.k8s\.io\/v1beta1 is not audit\.k8s\.io\/v1/,
    ],
  ] as const)
    await assert.rejects(startTestApiServer({ crds: [], auditLog: { policy: policy as Record<string, unknown> } }), why);
});

test("rules match as kube-apiserver's policy checker: a Namespace is in itself, wildcards reach subresources, resourceNames narrow", () => {
  const policy = {
    rules: [
      { level: "None" as const, resources: [{ group: "", resources: ["configmaps"], resourceNames: ["quiet"] }] },
      { level: "Request" as const, namespaces: ["au"] },
      { level: "RequestResponse" as const, resources: [{ group: "apps", resources: ["*/scale"] }] },
      { level: "Metadata" as const, nonResourceURLs: ["/apis*"] },
    ],
  };
  const user = { username: "u", groups: [] };
  const res = (group: string, resource: string, namespace: string, name: string, subresource?: string) => ({
    user,
    verb: "get",
    path: "/x",
    resource: { group, resource, namespace, name, ...(subresource ? { subresource } : {}) },
  });
  assert.equal(auditLevelOf(policy, res("", "configmaps", "other", "quiet")).level, "None");
  assert.equal(auditLevelOf(policy, res("", "configmaps", "au", "loud")).level, "Request");
  assert.equal(auditLevelOf(policy, res("apps", "deployments", "x", "d", "scale")).level, "RequestResponse");
  assert.equal(auditLevelOf(policy, res("apps", "deployments", "x", "d")).level, "None", "no rule matches");
  assert.equal(auditLevelOf(policy, { user, verb: "get", path: "/apis/apps" }).level, "Metadata");
  assert.equal(auditLevelOf(policy, { user, verb: "get", path: "/api" }).level, "None");
});

test("a get of namespace au is logged by the rule for namespace au, as the real server matches a Namespace", async () => {
  const s = await startTestApiServer({ crds: [], auditLog: { policy: { rules: [{ level: "Request", namespaces: ["au"] }] } } });
  try {
    await send(
      { url: s.url, caPem: s.caPem },
      "POST",
      "/api/v1/namespaces",
      { Authorization: `Bearer ${s.token}`, "Content-Type": "application/json" },
      JSON.stringify({ apiVersion: "v1", kind: "Namespace", metadata: { name: "au" } }),
    );
    await send({ url: s.url, caPem: s.caPem }, "GET", "/api/v1/namespaces/au", { Authorization: `Bearer ${s.token}` });
    await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(
      s.auditEvents().map((e) => [e.verb, e.level, e.stage]),
      [
        ["get", "Request", "RequestReceived"],
        ["get", "Request", "ResponseComplete"],
      ],
    );
  } finally {
    releaseAgent({ url: s.url, caPem: s.caPem });
    await s.stop();
  }
});

test("omitManagedFields leaves a patch document as sent and takes managedFields from a Table's rows", async () => {
  const s = await startTestApiServer({
    crds: [],
    auditLog: { policy: { omitManagedFields: true, rules: [{ level: "RequestResponse", namespaces: ["default"] }] } },
  });
  const target = { url: s.url, caPem: s.caPem };
  const auth = { Authorization: `Bearer ${s.token}` };
  try {
    await send(
      target,
      "POST",
      "/api/v1/namespaces/default/configmaps",
      { ...auth, "Content-Type": "application/json" },
      JSON.stringify({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c" } }),
    );
    // The real server logs a patch's bytes (LogRequestPatch): nothing is taken out of them.
    const patch = { metadata: { managedFields: [{ manager: "hand", operation: "Update", apiVersion: "v1" }] }, data: { k: "v" } };
    await send(
      target,
      "PATCH",
      "/api/v1/namespaces/default/configmaps/c",
      { ...auth, "Content-Type": "application/merge-patch+json" },
      JSON.stringify(patch),
    );
    await send(target, "GET", "/api/v1/namespaces/default/configmaps", { ...auth, Accept: "application/json;as=Table;v=v1;g=meta.k8s.io" });
    await new Promise((r) => setTimeout(r, 50));
    const complete = s.auditEvents().filter((e) => e.stage === "ResponseComplete");
    const patched = complete.find((e) => e.verb === "patch")!;
    assert.deepEqual(patched.requestObject, patch);
    assert.equal(((patched.responseObject as Json)["metadata"] as Json)["managedFields"], undefined);
    const table = complete.find((e) => e.verb === "list")!.responseObject as { kind: string; rows: { object: { metadata: Json } }[] };
    assert.equal(table.kind, "Table");
    assert.equal(table.rows.length, 1);
    assert.equal(table.rows[0]!.object.metadata["name"], "c");
    assert.equal(table.rows[0]!.object.metadata["managedFields"], undefined);
  } finally {
    releaseAgent(target);
    await s.stop();
  }
});
