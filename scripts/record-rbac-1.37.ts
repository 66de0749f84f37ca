// Records the RBAC fixtures under test/fixtures/rbac-1.37/ from a real kube-apiserver 1.37 run with
// --authorization-mode=RBAC and its controller-manager (for ClusterRole aggregation), see
// test/fixtures/PROVENANCE.md:
//
//   node --import tsx scripts/record-rbac-1.37.ts https://127.0.0.1:PORT ADMIN_TOKEN
//
// A service account default/foo gets a token through the TokenRequest API; its requests, with no
// binding and then bound to a Role, give the 403 bodies and the reviews' answers. The admin's
// requests with Impersonate-User give the same answers for the impersonated user.
import { mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";

interface Exchange {
  step: string;
  as: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown };
  response: { status: number; body?: unknown };
}

const [base = "", adminToken = ""] = process.argv.slice(2);
if (!base || !adminToken) throw new Error("usage: record-rbac-1.37.ts URL ADMIN_TOKEN");
const OUT = join(import.meta.dirname, "../test/fixtures/rbac-1.37");

function call(
  token: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        rejectUnauthorized: false,
        agent: false,
        headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const out: Exchange[] = [];
let saToken = "";

async function exchange(
  step: string,
  as: "admin" | "sa",
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  process.stderr.write(`${step}\n`);
  const r = await call(as === "admin" ? adminToken : saToken, method, path, headers, body);
  let parsed: unknown = undefined;
  try {
    parsed = r.text ? JSON.parse(r.text) : undefined;
  } catch {
    parsed = r.text; // a plain-text answer ("404 page not found")
  }
  out.push({
    step,
    as,
    request: { method, path, ...(Object.keys(headers).length ? { headers } : {}), ...(body !== undefined ? { body } : {}) },
    response: { status: r.status, ...(parsed !== undefined ? { body: parsed } : {}) },
  });
  return parsed;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const RBAC = "/apis/rbac.authorization.k8s.io/v1";
const SA_USER = "system:serviceaccount:default:foo";
const deployment = {
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name: "d" },
  spec: {
    selector: { matchLabels: { a: "b" } },
    template: { metadata: { labels: { a: "b" } }, spec: { containers: [{ name: "c", image: "nginx" }] } },
  },
};
const sar = (spec: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: "authorization.k8s.io/v1",
  kind: "SubjectAccessReview",
  spec,
});
const ssar = (spec: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: "authorization.k8s.io/v1",
  kind: "SelfSubjectAccessReview",
  spec,
});

async function main(): Promise<void> {
  await exchange("create service account foo", "admin", "POST", "/api/v1/namespaces/default/serviceaccounts", {
    apiVersion: "v1",
    kind: "ServiceAccount",
    metadata: { name: "foo" },
  });
  const tr = (await exchange("TokenRequest for foo", "admin", "POST", "/api/v1/namespaces/default/serviceaccounts/foo/token", {
    apiVersion: "authentication.k8s.io/v1",
    kind: "TokenRequest",
    spec: { expirationSeconds: 3600 },
  })) as { status: { token: string } };
  saToken = tr.status.token;
  // The token itself is a credential of a throwaway server, but it says nothing a test needs: blanked.
  const last = out[out.length - 1]!;
  (last.response.body as { status: { token: string } }).status.token = "REDACTED";

  await exchange("who am I (SelfSubjectReview)", "sa", "POST", "/apis/authentication.k8s.io/v1/selfsubjectreviews", {
    apiVersion: "authentication.k8s.io/v1",
    kind: "SelfSubjectReview",
  });
  await exchange("forbidden: list in a namespace", "sa", "GET", "/apis/apps/v1/namespaces/default/deployments");
  await exchange("forbidden: list at the cluster scope", "sa", "GET", "/apis/apps/v1/deployments");
  await exchange("forbidden: get a named object", "sa", "GET", "/api/v1/namespaces/default/pods/mypod");
  await exchange("forbidden: get a named cluster-scoped object", "sa", "GET", "/api/v1/nodes/n1");
  await exchange("forbidden: create", "sa", "POST", "/apis/apps/v1/namespaces/default/deployments", deployment);
  await exchange("forbidden: update a subresource", "sa", "PUT", "/apis/apps/v1/namespaces/default/deployments/d/status", deployment);
  await exchange("forbidden: get the scale subresource", "sa", "GET", "/apis/apps/v1/namespaces/default/deployments/d/scale");
  await exchange("forbidden: watch", "sa", "GET", "/api/v1/namespaces/default/configmaps?watch=true");
  await exchange("forbidden: delete a named object", "sa", "DELETE", "/api/v1/namespaces/default/configmaps/c");
  await exchange("forbidden: deletecollection", "sa", "DELETE", "/api/v1/namespaces/default/configmaps");
  await exchange("forbidden: a non-resource URL", "sa", "GET", "/logs");
  await exchange("forbidden: a non-resource URL, POST", "sa", "POST", "/version", {});
  await exchange("allowed to authenticated users: discovery", "sa", "GET", "/apis/rbac.authorization.k8s.io");
  await exchange("forbidden: an RBAC kind", "sa", "GET", `${RBAC}/clusterroles`);
  await exchange("impersonated: list in a namespace", "admin", "GET", "/apis/apps/v1/namespaces/default/deployments", undefined, {
    "Impersonate-User": SA_USER,
  });
  await exchange(
    "impersonated with a group: list in a namespace",
    "admin",
    "GET",
    "/apis/apps/v1/namespaces/default/deployments",
    undefined,
    { "Impersonate-User": "jane", "Impersonate-Group": "devs" },
  );
  await exchange("impersonation by a user who may not", "sa", "GET", "/api/v1/namespaces/default/pods", undefined, {
    "Impersonate-User": "jane",
  });

  // Roles and bindings.
  await exchange("create Role deployment-reader", "admin", "POST", `${RBAC}/namespaces/default/roles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "Role",
    metadata: { name: "deployment-reader" },
    rules: [
      { apiGroups: ["apps"], resources: ["deployments", "deployments/status"], verbs: ["get", "list", "watch"] },
      { apiGroups: [""], resources: ["configmaps"], resourceNames: ["only-this"], verbs: ["get", "list", "update"] },
    ],
  });
  await exchange("create RoleBinding foo-reads", "admin", "POST", `${RBAC}/namespaces/default/rolebindings`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "RoleBinding",
    metadata: { name: "foo-reads" },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "deployment-reader" },
    subjects: [{ kind: "ServiceAccount", name: "foo", namespace: "default" }],
  });
  await exchange("create ClusterRole node-reader", "admin", "POST", `${RBAC}/clusterroles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: "node-reader" },
    rules: [
      { apiGroups: [""], resources: ["nodes"], verbs: ["get"] },
      { nonResourceURLs: ["/logs/*", "/metrics"], verbs: ["get"] },
    ],
  });
  await exchange("create ClusterRoleBinding for group system:serviceaccounts:default", "admin", "POST", `${RBAC}/clusterrolebindings`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRoleBinding",
    metadata: { name: "sa-node-reader" },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "node-reader" },
    subjects: [{ kind: "Group", name: "system:serviceaccounts:default", apiGroup: "rbac.authorization.k8s.io" }],
  });
  await exchange("create RoleBinding to a missing Role", "admin", "POST", `${RBAC}/namespaces/default/rolebindings`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "RoleBinding",
    metadata: { name: "dangling" },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "missing" },
    subjects: [{ kind: "User", name: "jane", apiGroup: "rbac.authorization.k8s.io" }],
  });
  await sleep(500);
  await exchange("allowed: list deployments", "sa", "GET", "/apis/apps/v1/namespaces/default/deployments");
  await exchange("still forbidden: list deployments at the cluster scope", "sa", "GET", "/apis/apps/v1/deployments");
  await exchange("allowed by a group binding: get a node (404)", "sa", "GET", "/api/v1/nodes/n1");
  await exchange("allowed: non-resource URL under /logs/*", "sa", "GET", "/logs/nothing");
  await exchange("resourceNames: list configmaps is forbidden", "sa", "GET", "/api/v1/namespaces/default/configmaps");
  await exchange("resourceNames: get the named configmap (404)", "sa", "GET", "/api/v1/namespaces/default/configmaps/only-this");
  await exchange("resourceNames: get another configmap", "sa", "GET", "/api/v1/namespaces/default/configmaps/other");

  // SubjectAccessReviews.
  const ra = (verb: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    namespace: "default",
    verb,
    group: "apps",
    resource: "deployments",
    ...extra,
  });
  const saSpec = { user: SA_USER, groups: ["system:serviceaccounts", "system:serviceaccounts:default", "system:authenticated"] };
  await exchange(
    "SAR: allowed by a RoleBinding",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ ...saSpec, resourceAttributes: ra("list") }),
  );
  await exchange(
    "SAR: denied (no rule)",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ ...saSpec, resourceAttributes: ra("create") }),
  );
  await exchange(
    "SAR: subresource",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ ...saSpec, resourceAttributes: ra("get", { subresource: "status", name: "d" }) }),
  );
  await exchange(
    "SAR: allowed by a ClusterRoleBinding to a group",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ ...saSpec, resourceAttributes: { verb: "get", resource: "nodes", name: "n1" } }),
  );
  await exchange(
    "SAR: non-resource allowed",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ ...saSpec, nonResourceAttributes: { path: "/logs/x", verb: "get" } }),
  );
  await exchange(
    "SAR: non-resource denied",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ ...saSpec, nonResourceAttributes: { path: "/logs", verb: "get" } }),
  );
  await exchange(
    "SAR: the user alone, without groups",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ user: SA_USER, resourceAttributes: { verb: "get", resource: "nodes" } }),
  );
  await exchange(
    "SAR: a binding to a missing Role",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ user: "jane", resourceAttributes: ra("get") }),
  );
  await exchange(
    "SAR: system:masters",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ user: "root", groups: ["system:masters"], resourceAttributes: ra("delete") }),
  );
  await exchange("SAR: neither attributes", "admin", "POST", "/apis/authorization.k8s.io/v1/subjectaccessreviews", sar({ user: "jane" }));
  await exchange(
    "SAR: no user or group",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ resourceAttributes: ra("get") }),
  );
  await exchange(
    "LocalSubjectAccessReview",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/namespaces/default/localsubjectaccessreviews",
    {
      apiVersion: "authorization.k8s.io/v1",
      kind: "LocalSubjectAccessReview",
      metadata: { namespace: "default" },
      spec: { ...saSpec, resourceAttributes: ra("watch") },
    },
  );
  await exchange(
    "SelfSubjectAccessReview allowed",
    "sa",
    "POST",
    "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
    ssar({ resourceAttributes: ra("get") }),
  );
  await exchange(
    "SelfSubjectAccessReview denied",
    "sa",
    "POST",
    "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
    ssar({ resourceAttributes: ra("delete") }),
  );
  await exchange(
    "SelfSubjectAccessReview impersonated",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
    ssar({ resourceAttributes: ra("list") }),
    { "Impersonate-User": SA_USER },
  );
  await exchange(
    "SelfSubjectAccessReview as admin",
    "admin",
    "POST",
    "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
    ssar({ resourceAttributes: ra("list") }),
  );
  await exchange(
    "SubjectAccessReview by a service account (forbidden)",
    "sa",
    "POST",
    "/apis/authorization.k8s.io/v1/subjectaccessreviews",
    sar({ user: "jane", resourceAttributes: ra("get") }),
  );

  // Removing one verb.
  await exchange("update Role deployment-reader without list", "admin", "PUT", `${RBAC}/namespaces/default/roles/deployment-reader`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "Role",
    metadata: { name: "deployment-reader" },
    rules: [{ apiGroups: ["apps"], resources: ["deployments"], verbs: ["get", "watch"] }],
  });
  await sleep(300);
  await exchange("forbidden after the verb is removed", "sa", "GET", "/apis/apps/v1/namespaces/default/deployments");

  // Validation.
  await exchange("invalid Role: a rule without verbs", "admin", "POST", `${RBAC}/namespaces/default/roles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "Role",
    metadata: { name: "bad" },
    rules: [{ apiGroups: [""], resources: ["pods"], verbs: [] }],
  });
  await exchange("invalid Role: no apiGroups, nonResourceURLs in a Role", "admin", "POST", `${RBAC}/namespaces/default/roles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "Role",
    metadata: { name: "bad2" },
    rules: [
      { resources: ["pods"], verbs: ["get"] },
      { nonResourceURLs: ["/x"], verbs: ["get"] },
    ],
  });
  await exchange("invalid RoleBinding: roleRef kind and subject kind", "admin", "POST", `${RBAC}/namespaces/default/rolebindings`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "RoleBinding",
    metadata: { name: "bad" },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Pod", name: "" },
    subjects: [
      { kind: "Robot", name: "r" },
      { kind: "ServiceAccount", name: "" },
    ],
  });
  await exchange(
    "update RoleBinding foo-reads: changing roleRef",
    "admin",
    "PATCH",
    `${RBAC}/namespaces/default/rolebindings/foo-reads`,
    { roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "view" } },
    { "Content-Type": "application/merge-patch+json" },
  );

  // Aggregation.
  await exchange("create aggregated ClusterRole monitoring", "admin", "POST", `${RBAC}/clusterroles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: "monitoring" },
    aggregationRule: { clusterRoleSelectors: [{ matchLabels: { "rbac.example.com/aggregate-to-monitoring": "true" } }] },
  });
  await exchange("create ClusterRole monitoring-endpoints (aggregated)", "admin", "POST", `${RBAC}/clusterroles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: "monitoring-endpoints", labels: { "rbac.example.com/aggregate-to-monitoring": "true" } },
    rules: [{ apiGroups: [""], resources: ["services", "endpoints", "pods"], verbs: ["get", "list", "watch"] }],
  });
  await exchange("create ClusterRole monitoring-metrics (aggregated)", "admin", "POST", `${RBAC}/clusterroles`, {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: "monitoring-metrics", labels: { "rbac.example.com/aggregate-to-monitoring": "true" } },
    rules: [
      { nonResourceURLs: ["/metrics"], verbs: ["get"] },
      { apiGroups: [""], resources: ["pods"], verbs: ["get", "list", "watch"] },
    ],
  });
  await sleep(3000);
  await exchange("the aggregated ClusterRole", "admin", "GET", `${RBAC}/clusterroles/monitoring`);
  await exchange(
    "writing rules into an aggregated ClusterRole",
    "admin",
    "PATCH",
    `${RBAC}/clusterroles/monitoring`,
    { rules: [] },
    { "Content-Type": "application/merge-patch+json" },
  );
  await sleep(3000);
  await exchange("the aggregated ClusterRole, after its rules were overwritten", "admin", "GET", `${RBAC}/clusterroles/monitoring`);
  await exchange("the default ClusterRole admin (aggregated)", "admin", "GET", `${RBAC}/clusterroles/admin`);
  await exchange("the default ClusterRoleBinding cluster-admin", "admin", "GET", `${RBAC}/clusterrolebindings/cluster-admin`);
  await exchange("the default ClusterRole system:discovery", "admin", "GET", `${RBAC}/clusterroles/system:discovery`);
  await exchange("the default ClusterRole system:basic-user", "admin", "GET", `${RBAC}/clusterroles/system:basic-user`);
  await exchange("the default ClusterRole system:public-info-viewer", "admin", "GET", `${RBAC}/clusterroles/system:public-info-viewer`);
  await exchange("the default ClusterRoleBindings", "admin", "GET", `${RBAC}/clusterrolebindings/system:discovery`);
  await exchange("the rbac group's resources", "admin", "GET", RBAC);

  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "rbac.json"), `${JSON.stringify(out, null, 2)}\n`);
}

await main();
