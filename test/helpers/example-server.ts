// The test API server an example project's end-to-end tests run against: its CRDs installed, one
// namespace created, settled, and a client config for it. With `asServiceAccount`, the server
// enforces RBAC, the project's generated role (config/rbac/role.yaml, from its controllers'
// +kubebuilder:rbac markers) is installed and bound to that service account, and `controller` is
// a config that authenticates as it, so the controller runs with exactly the permissions its
// markers grant, as it would in a cluster; `config` stays the administrator's, for the test's own
// clients.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { ResourceClient, createTransport, loadKubeConfig, type KubeObject, type RestConfig } from "@kube-codegen/runtime";
import { loadCrds, startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import type { ExampleProject } from "./examples.js";

const CLUSTER_ROLES = { group: "rbac.authorization.k8s.io", version: "v1", plural: "clusterroles", kind: "ClusterRole", namespaced: false };
const ROLES = { group: "rbac.authorization.k8s.io", version: "v1", plural: "roles", kind: "Role", namespaced: true };
const CLUSTER_ROLE_BINDINGS = {
  group: "rbac.authorization.k8s.io",
  version: "v1",
  plural: "clusterrolebindings",
  kind: "ClusterRoleBinding",
  namespaced: false,
};

/** The RBAC objects of a generated role.yaml (a ClusterRole, and Roles for namespaced markers). */
export function roleObjects(roleYaml: string): KubeObject[] {
  return parseAllDocuments(roleYaml)
    .map((d) => d.toJS() as KubeObject | null)
    .filter((o): o is KubeObject => o !== null);
}

/**
 * Starts a server with `project`'s CRDs and the namespace `namespace`; stop it with `server.stop()`.
 * With `asServiceAccount`, RBAC is enforced and `controller` authenticates as that service account
 * of `namespace`, bound to the role in `roleYaml` (default: the project's config/rbac/role.yaml).
 */
export async function startExampleServer(
  project: ExampleProject,
  namespace: string,
  options: { asServiceAccount?: string; roleYaml?: string } = {},
): Promise<{ server: TestApiServer; config: RestConfig; controller: RestConfig; controllerKubeconfig: string }> {
  const server = await startTestApiServer({
    crds: loadCrds(project.crds),
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } }],
    ...(options.asServiceAccount !== undefined ? { authorization: "RBAC" as const } : {}),
  });
  await server.settle();
  const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  const sa = options.asServiceAccount;
  if (sa === undefined) return { server, config, controller: config, controllerKubeconfig: server.kubeconfigPath };

  const transport = createTransport(config);
  const roleYaml = options.roleYaml ?? readFileSync(join(project.dir, "config/rbac/role.yaml"), "utf8");
  const subject = { kind: "ServiceAccount", name: sa, namespace };
  for (const obj of roleObjects(roleYaml)) {
    if (obj.kind === "ClusterRole") {
      await new ResourceClient(transport, CLUSTER_ROLES).create(obj);
      await new ResourceClient(transport, CLUSTER_ROLE_BINDINGS).create({
        apiVersion: "rbac.authorization.k8s.io/v1",
        kind: "ClusterRoleBinding",
        metadata: { name: `${obj.metadata?.name ?? ""}-${sa}` },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: obj.metadata?.name },
        subjects: [subject],
      } as KubeObject);
    } else if (obj.kind === "Role") {
      const ns = obj.metadata?.namespace ?? namespace;
      await new ResourceClient(transport, ROLES).namespace(ns).create(obj);
      await new ResourceClient(transport, { ...ROLES, plural: "rolebindings", kind: "RoleBinding" }).namespace(ns).create({
        apiVersion: "rbac.authorization.k8s.io/v1",
        kind: "RoleBinding",
        metadata: { name: `${obj.metadata?.name ?? ""}-${sa}` },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: obj.metadata?.name },
        subjects: [subject],
      } as KubeObject);
    }
  }
  const { path } = server.serviceAccountKubeconfig(namespace, sa);
  return { server, config, controller: loadKubeConfig({ kubeconfig: path }), controllerKubeconfig: path };
}
