// RBAC enforced by the test server (StartOptions.authorization "RBAC"), against what a real
// kube-apiserver 1.37.2 with --authorization-mode=RBAC answered (test/fixtures/rbac-1.37/rbac.json,
// recorded by scripts/record-rbac-1.37.ts): the same requests, as the same identities, replayed in the
// same order, give the same codes, the same 403 and 422 Status bodies and the same review answers with
// their reasons. Then the authorizer's rule matching on its own, kubectl auth can-i --as, and a
// controller-like client working as a service account bound to a Role.
import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import { ruleAllows } from "../../testing/src/endpoints/rbac-authorizer.js";
import { decodeProtobufObject, encodeProtobufObject } from "../../testing/src/endpoints/protobuf/objects.js";
import { AgentPool, ApiError, ResourceClient, createTransport, loadKubeConfig, type KubeObject } from "../../runtime/src/index.js";
import { releaseAgent, send, type Answer } from "./transcript-http.js";

type Json = Record<string, unknown>;

/** kubectl, as the other kubectl tests find it (KUBECTL overrides PATH). */
const KUBECTL = process.env["KUBECTL"] ?? "kubectl";

interface Exchange {
  step: string;
  as: "admin" | "sa";
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown };
  response: { status: number; body?: unknown };
}

const FIXTURE: Exchange[] = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/rbac-1.37/rbac.json"), "utf8")) as Exchange[];

/** Steps about what the test server does not serve or seed (none at present). */
const NOT_MODELLED = new Set<string>();

let server: TestApiServer;

before(async () => {
  server = await startTestApiServer({ crds: [], authorization: "RBAC" });
});
after(async () => {
  releaseAgent({ url: server.url, caPem: server.caPem });
  await server.stop();
});

function call(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return send(
    { url: server.url, caPem: server.caPem },
    method,
    path,
    { Authorization: `Bearer ${token}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
    body === undefined ? undefined : JSON.stringify(body),
  );
}

/** What is compared of an answer: a Status's wording, a review's status, a role's rules and a binding's refs. */
function comparable(body: unknown): unknown {
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Json;
  if (b["kind"] === "Status") return { message: b["message"], reason: b["reason"], details: b["details"], code: b["code"] };
  if (typeof b["kind"] === "string" && b["kind"].endsWith("AccessReview")) return { status: b["status"] };
  if (b["kind"] === "Role" || b["kind"] === "ClusterRole") return { rules: b["rules"] ?? null, aggregationRule: b["aggregationRule"] };
  if (b["kind"] === "RoleBinding" || b["kind"] === "ClusterRoleBinding") return { roleRef: b["roleRef"], subjects: b["subjects"] };
  // Who the caller is (the uid and credential id are the real run's).
  if (b["kind"] === "SelfSubjectReview") {
    const user = (b["status"] as Json)["userInfo"] as Json;
    return { username: user["username"], groups: user["groups"], extra: Object.keys((user["extra"] as Json | undefined) ?? {}) };
  }
  if (b["kind"] === "APIResourceList") return b["resources"];
  return undefined;
}

test("replayed against the test server, every recorded request gets the real server's answer", async () => {
  let saToken = "";
  for (const e of FIXTURE) {
    if (NOT_MODELLED.has(e.step)) continue;
    const got = await call(e.as === "admin" ? server.token : saToken, e.request.method, e.request.path, e.request.body, e.request.headers);
    await server.settle();
    assert.equal(got.status, e.response.status, `${e.step}: ${JSON.stringify(got.body)}`);
    if (e.step === "TokenRequest for foo") {
      const status = (got.body as Json)["status"] as Json;
      saToken = String(status["token"]);
      assert.deepEqual(Object.keys(status), ["token", "expirationTimestamp"]);
      assert.deepEqual((got.body as Json)["spec"], (e.response.body as Json)["spec"]);
      continue;
    }
    // The rules of the default ClusterRoles the server bootstraps, and every Status and review.
    assert.deepEqual(comparable(got.body), comparable(e.response.body), e.step);
  }
});

test("a denied request is the real 403: the user, verb, resource (with subresource), group and scope", async () => {
  // Not in "default", whose service accounts the replayed fixture granted /metrics (a group binding).
  const token = server.tokenFor("kube-public", "nobody");
  const denied = async (method: string, path: string): Promise<Json> => {
    const got = await call(token, method, path);
    assert.equal(got.status, 403, path);
    return got.body as Json;
  };
  const user = 'User "system:serviceaccount:kube-public:nobody"';
  assert.equal(
    (await denied("GET", "/apis/apps/v1/namespaces/default/deployments"))["message"],
    `deployments.apps is forbidden: ${user} cannot list resource "deployments" in API group "apps" in the namespace "default"`,
  );
  assert.equal(
    (await denied("GET", "/apis/apps/v1/deployments"))["message"],
    `deployments.apps is forbidden: ${user} cannot list resource "deployments" in API group "apps" at the cluster scope`,
  );
  assert.equal(
    (await denied("GET", "/apis/apps/v1/namespaces/default/deployments/d/scale"))["message"],
    `deployments.apps "d" is forbidden: ${user} cannot get resource "deployments/scale" in API group "apps" in the namespace "default"`,
  );
  assert.equal((await denied("GET", "/metrics"))["message"], `forbidden: ${user} cannot get path "/metrics"`);
  // Discovery and the public paths stay open to every authenticated user (system:discovery).
  assert.equal((await call(token, "GET", "/apis")).status, 200);
  assert.equal((await call(token, "GET", "/version")).status, 200);
});

test("rule matching: verbs, groups, resources, subresources, resourceNames and non-resource URLs as RBAC's RuleAllows", () => {
  const res = (verb: string, resource: string, subresource = "", name = "", group = "apps") => ({
    verb,
    resource: { group, resource, subresource, namespace: "default", name },
  });
  const rule = (r: Json): Json => ({ verbs: ["get"], apiGroups: ["apps"], resources: ["deployments"], ...r });
  assert.equal(ruleAllows(res("get", "deployments"), rule({})), true);
  assert.equal(ruleAllows(res("list", "deployments"), rule({})), false);
  assert.equal(ruleAllows(res("list", "deployments"), rule({ verbs: ["*"] })), true);
  assert.equal(ruleAllows(res("get", "deployments", "", "", "extensions"), rule({})), false);
  assert.equal(ruleAllows(res("get", "deployments", "", "", "extensions"), rule({ apiGroups: ["*"] })), true);
  // A subresource is only matched by "resource/subresource", "*" or "*/subresource".
  assert.equal(ruleAllows(res("get", "deployments", "status"), rule({})), false);
  assert.equal(ruleAllows(res("get", "deployments", "status"), rule({ resources: ["deployments/status"] })), true);
  assert.equal(ruleAllows(res("get", "deployments", "scale"), rule({ resources: ["*/scale"] })), true);
  assert.equal(ruleAllows(res("get", "deployments", "status"), rule({ resources: ["*/scale"] })), false);
  assert.equal(ruleAllows(res("get", "deployments", "status"), rule({ resources: ["*"] })), true);
  // resourceNames: only a request naming one of them; a list, watch or create has no name.
  assert.equal(ruleAllows(res("get", "deployments", "", "a"), rule({ resourceNames: ["a"] })), true);
  assert.equal(ruleAllows(res("get", "deployments", "", "b"), rule({ resourceNames: ["a"] })), false);
  assert.equal(ruleAllows(res("list", "deployments"), rule({ verbs: ["list"], resourceNames: ["a"] })), false);
  assert.equal(ruleAllows(res("create", "deployments"), rule({ verbs: ["create"], resourceNames: ["a"] })), false);
  // Non-resource URLs: exact, "*", and a trailing "*" as a prefix.
  const path = (p: string, verb = "get") => ({ verb, path: p });
  assert.equal(ruleAllows(path("/healthz"), { verbs: ["get"], nonResourceURLs: ["/healthz"] }), true);
  assert.equal(ruleAllows(path("/healthz/etcd"), { verbs: ["get"], nonResourceURLs: ["/healthz"] }), false);
  assert.equal(ruleAllows(path("/healthz/etcd"), { verbs: ["get"], nonResourceURLs: ["/healthz/*"] }), true);
  assert.equal(ruleAllows(path("/anything"), { verbs: ["get"], nonResourceURLs: ["*"] }), true);
  assert.equal(ruleAllows(path("/healthz", "post"), { verbs: ["get"], nonResourceURLs: ["/healthz"] }), false);
  // A resource rule never matches a path, nor a path rule a resource.
  assert.equal(ruleAllows(path("/apis"), rule({ verbs: ["*"] })), false);
  assert.equal(ruleAllows(res("get", "deployments"), { verbs: ["get"], nonResourceURLs: ["*"] }), false);
});

test("subjects: User, Group, ServiceAccount (its namespace defaulted to the RoleBinding's), and a RoleBinding to a ClusterRole", async () => {
  const post = (path: string, body: Json): Promise<Answer> => call(server.token, "POST", path, body);
  const RBAC = "/apis/rbac.authorization.k8s.io/v1";
  await post("/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: "subjects" } });
  await post(`${RBAC}/clusterroles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: "cm-reader" },
    rules: [{ apiGroups: [""], resources: ["configmaps"], verbs: ["list"] }],
  });
  for (const [name, subject] of [
    ["to-user", { kind: "User", name: "alice" }],
    ["to-group", { kind: "Group", name: "readers" }],
    ["to-sa", { kind: "ServiceAccount", name: "bot" }],
  ] as const)
    assert.equal(
      (
        await post(`${RBAC}/namespaces/subjects/rolebindings`, {
          apiVersion: "rbac.authorization.k8s.io/v1",
          kind: "RoleBinding",
          metadata: { name },
          roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "cm-reader" },
          subjects: [subject],
        })
      ).status,
      201,
    );
  const list = async (token: string, ns = "subjects"): Promise<number> =>
    (await call(token, "GET", `/api/v1/namespaces/${ns}/configmaps`)).status;
  assert.equal(await list(server.userToken("alice")), 200);
  assert.equal(await list(server.userToken("bob")), 403);
  assert.equal(await list(server.userToken("bob", ["readers"])), 200);
  assert.equal(await list(server.tokenFor("subjects", "bot")), 200);
  assert.equal(await list(server.tokenFor("default", "bot")), 403);
  // A RoleBinding grants in its own namespace only.
  assert.equal(await list(server.userToken("alice"), "default"), 403);
  // The SubjectAccessReview names the binding, its ClusterRole and the subject.
  const review = await post("/apis/authorization.k8s.io/v1/subjectaccessreviews", {
    apiVersion: "authorization.k8s.io/v1",
    kind: "SubjectAccessReview",
    spec: {
      user: "system:serviceaccount:subjects:bot",
      resourceAttributes: { namespace: "subjects", verb: "list", resource: "configmaps" },
    },
  });
  assert.deepEqual((review.body as Json)["status"], {
    allowed: true,
    reason: 'RBAC: allowed by RoleBinding "to-sa/subjects" of ClusterRole "cm-reader" to ServiceAccount "bot"',
  });
});

test("the default roles: a RoleBinding to edit lets a user change workloads but not RBAC, one to view lets them read but not secrets", async () => {
  const post = (token: string, path: string, body: Json): Promise<Answer> => call(token, "POST", path, body);
  const RBAC = "/apis/rbac.authorization.k8s.io/v1";
  await post(server.token, "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: "defaults" } });
  for (const role of ["edit", "view"])
    assert.equal(
      (
        await post(server.token, `${RBAC}/namespaces/defaults/rolebindings`, {
          apiVersion: "rbac.authorization.k8s.io/v1",
          kind: "RoleBinding",
          metadata: { name: role },
          roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: role },
          subjects: [{ kind: "User", name: `${role}-user` }],
        })
      ).status,
      201,
    );
  const editor = server.userToken("edit-user");
  const viewer = server.userToken("view-user");
  const configMap = (name: string): Json => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name } });
  assert.equal((await post(editor, "/api/v1/namespaces/defaults/configmaps", configMap("by-editor"))).status, 201);
  assert.equal((await call(editor, "GET", "/api/v1/namespaces/defaults/secrets")).status, 200);
  const role = { apiVersion: "rbac.authorization.k8s.io/v1", kind: "Role", metadata: { name: "r" }, rules: [] };
  assert.equal((await post(editor, `${RBAC}/namespaces/defaults/roles`, role)).status, 403);
  // view reads what edit wrote (its rules reach edit through aggregation), never writes, and sees no secrets.
  assert.equal((await call(viewer, "GET", "/api/v1/namespaces/defaults/configmaps/by-editor")).status, 200);
  assert.equal((await call(viewer, "GET", "/apis/apps/v1/namespaces/defaults/deployments")).status, 200);
  assert.equal((await post(viewer, "/api/v1/namespaces/defaults/configmaps", configMap("by-viewer"))).status, 403);
  assert.equal((await call(viewer, "GET", "/api/v1/namespaces/defaults/secrets")).status, 403);
  // Bound in "defaults" only.
  assert.equal((await call(editor, "GET", "/api/v1/namespaces/default/configmaps")).status, 403);
});

test("kubectl auth can-i --as answers from the rules through impersonation", { skip: !hasKubectl() }, async () => {
  const run = promisify(execFile);
  const canI = async (...args: string[]): Promise<string> => {
    try {
      const { stdout } = await run(KUBECTL, ["--kubeconfig", server.kubeconfigPath, "auth", "can-i", ...args]);
      return stdout.trim();
    } catch (e) {
      return ((e as { stdout?: string }).stdout ?? "").trim();
    }
  };
  await call(server.token, "POST", "/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings", {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "RoleBinding",
    metadata: { name: "kubectl-bar-edits" },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "cluster-admin" },
    subjects: [{ kind: "ServiceAccount", name: "bar", namespace: "default" }],
  });
  assert.equal(await canI("create", "deployments", "--as", "system:serviceaccount:default:nobody"), "no");
  assert.equal(await canI("create", "deployments", "--as", "system:serviceaccount:default:bar"), "yes");
  assert.equal(await canI("create", "deployments", "-n", "kube-system", "--as", "system:serviceaccount:default:bar"), "no");
  assert.equal(await canI("create", "deployments"), "yes");
  // --list is a SelfSubjectRulesReview: the impersonated account's rules, its binding's among them.
  assert.match(await canI("--list", "--as", "system:serviceaccount:default:bar"), /^\*\.\*\s+\[\]\s+\[\]\s+\[\*\]$/m);
  assert.doesNotMatch(await canI("--list", "--as", "system:serviceaccount:default:nobody"), /^\*\.\*/m);
  // kubectl create token sends a protobuf TokenRequest; the token it prints authenticates as the account.
  await call(server.token, "POST", "/api/v1/namespaces/default/serviceaccounts", {
    apiVersion: "v1",
    kind: "ServiceAccount",
    metadata: { name: "bar" },
  });
  const { stdout } = await promisify(execFile)(KUBECTL, ["--kubeconfig", server.kubeconfigPath, "create", "token", "bar"]);
  assert.equal(await canI("create", "deployments", "--token", stdout.trim()), "yes");
  assert.equal(await canI("create", "deployments", "-n", "kube-system", "--token", stdout.trim()), "no");
});

/** Whether kubectl is on PATH (hack/kubectl-conformance.sh skips the same way without it). */
function hasKubectl(): boolean {
  return spawnSync(KUBECTL, ["version", "--client"], { stdio: "ignore" }).status === 0;
}

test("a controller's client as a service account bound to a Role works, and losing one verb is a 403 naming it", async () => {
  const RBAC = "/apis/rbac.authorization.k8s.io/v1";
  const role = (verbs: string[]): Json => ({
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "Role",
    metadata: { name: "cm-controller" },
    rules: [{ apiGroups: [""], resources: ["configmaps"], verbs }],
  });
  await call(server.token, "POST", "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: "ctrl" } });
  await call(server.token, "POST", `${RBAC}/namespaces/ctrl/roles`, role(["get", "list", "watch", "create", "update"]));
  await call(server.token, "POST", `${RBAC}/namespaces/ctrl/rolebindings`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "RoleBinding",
    metadata: { name: "cm-controller" },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "cm-controller" },
    subjects: [{ kind: "ServiceAccount", name: "cm-controller", namespace: "ctrl" }],
  });
  const agents = new AgentPool();
  try {
    const { path } = server.serviceAccountKubeconfig("ctrl", "cm-controller");
    const transport = createTransport(loadKubeConfig({ kubeconfig: path }), { agents, retry: { maxRetries: 0 }, onWarning: () => {} });
    const cms = new ResourceClient<KubeObject & { data?: Record<string, string> }>(transport, {
      group: "",
      version: "v1",
      plural: "configmaps",
      kind: "ConfigMap",
      namespaced: true,
    }).namespace("ctrl");
    const created = await cms.create({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "state" }, data: { n: "1" } });
    await cms.update({ ...created, data: { n: "2" } });
    assert.equal((await cms.list()).items.length, 1);
    // Its delete was never granted.
    await assert.rejects(cms.delete("state"), (e: unknown) => e instanceof ApiError && e.code === 403);
    // The Role loses "list": the next list is the real 403, naming the verb and the resource.
    await call(server.token, "PUT", `${RBAC}/namespaces/ctrl/roles/cm-controller`, role(["get", "watch", "create", "update"]));
    await assert.rejects(cms.list(), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.code, 403);
      assert.equal(e.reason, "Forbidden");
      assert.equal(
        e.message,
        'configmaps is forbidden: User "system:serviceaccount:ctrl:cm-controller" cannot list resource "configmaps" in API group "" in the namespace "ctrl"',
      );
      return true;
    });
    assert.equal((await cms.get("state")).metadata?.name, "state");
  } finally {
    agents.destroy();
  }
});

test('without authorization: "RBAC" nothing changes: no rbac group, every token allowed', async () => {
  const plain = await startTestApiServer({ crds: [] });
  try {
    const target = { url: plain.url, caPem: plain.caPem };
    const token = plain.tokenFor("default", "foo");
    const got = await send(target, "GET", "/apis/apps/v1/namespaces/default/deployments", { Authorization: `Bearer ${token}` });
    assert.equal(got.status, 200);
    const groups = await send(target, "GET", "/apis", { Authorization: `Bearer ${plain.token}`, Accept: "application/json" });
    assert.ok(!JSON.stringify(groups.body).includes("rbac.authorization.k8s.io"));
    releaseAgent(target);
  } finally {
    await plain.stop();
  }
});

test("the RBAC kinds in protobuf: the codec turns the real server's JSON into its bytes and back, and the server answers protobuf", async () => {
  const dir = join(import.meta.dirname, "../fixtures/rbac-1.37");
  for (const name of ["role", "clusterrole", "clusterrole-aggregated", "rolebinding", "clusterrolebinding"]) {
    const json = JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8")) as Json;
    const pb = readFileSync(join(dir, `${name}.pb`));
    assert.equal(encodeProtobufObject(json).toString("hex"), pb.toString("hex"), `${name}: JSON → protobuf`);
    assert.deepEqual(decodeProtobufObject(pb), json, `${name}: protobuf → JSON`);
  }
  const got = await call(server.token, "GET", "/apis/rbac.authorization.k8s.io/v1/clusterroles/cluster-admin", undefined, {
    Accept: "application/vnd.kubernetes.protobuf",
  });
  assert.equal(got.status, 200);
  assert.match(String(got.headers["content-type"]), /^application\/vnd\.kubernetes\.protobuf/);
});
