// The in-process test API server with the example CRDs, and clients of it built the way an
// application builds them: from the server's kubeconfig file, over TLS with its token.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Foo, FooList } from "../../generated-examples/sample-controller/apis/samplecontroller/v1alpha1/types.js";
import { loadCrds, startTestApiServer } from "../../testing/src/index.js";
import type { StartOptions, TestApiServer } from "../../testing/src/index.js";
import { AgentPool, ResourceClient, createTransport, loadKubeConfig } from "../src/index.js";
import type { KubeObject, ObjectList, ResourceDescription, Transport } from "../src/index.js";

const EXAMPLES = join(fileURLToPath(new URL(".", import.meta.url)), "..", "..", "generated-examples");
/** The example CRDs: the root examples' and the sample-controller project's (Foo). */
const CRD_DIRS = [join(EXAMPLES, "config", "crd", "bases"), join(EXAMPLES, "sample-controller", "config", "crd", "bases")];

export const FOOS: ResourceDescription = {
  group: "samplecontroller.k8s.io",
  version: "v1alpha1",
  plural: "foos",
  kind: "Foo",
  namespaced: true,
};
export const CONFIGMAPS: ResourceDescription = { group: "", version: "v1", plural: "configmaps", kind: "ConfigMap", namespaced: true };
export const NAMESPACES: ResourceDescription = {
  group: "",
  version: "v1",
  plural: "namespaces",
  kind: "Namespace",
  namespaced: false,
  nameRule: "dns1123-label",
};
export const DEPLOYMENTS: ResourceDescription = {
  group: "apps",
  version: "v1",
  plural: "deployments",
  kind: "Deployment",
  namespaced: true,
};

export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}
export interface Deployment extends KubeObject {
  spec?: { replicas?: number; selector?: unknown; template?: unknown };
  status?: { replicas?: number; readyReplicas?: number; observedGeneration?: number };
}
export type { Foo, FooList };

/** A running server and clients of it; `close` stops both. */
export interface Harness {
  server: TestApiServer;
  transport: Transport;
  foos: ResourceClient<Foo, FooList>;
  configMaps: ResourceClient<ConfigMap>;
  namespaces: ResourceClient<KubeObject>;
  deployments: ResourceClient<Deployment, ObjectList<Deployment>>;
  close(): Promise<void>;
}

/** Starts a server with the example CRDs and namespace `ns`, and clients bound to `ns`. */
export async function startHarness(ns: string, options: Partial<StartOptions> = {}): Promise<Harness> {
  const server = await startTestApiServer({
    ...options,
    // A 1.24 server refuses the kitchen sink's CRD (its rules call the optional library, which 1.24's
    // CEL environment does not declare), so that emulation gets the sample-controller's Foo alone.
    crds: (options.emulate === "1.24" ? CRD_DIRS.slice(1) : CRD_DIRS).flatMap((d) => loadCrds(d)),
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: ns } }],
  });
  await server.settle();
  const agents = new AgentPool();
  const transport = createTransport(loadKubeConfig({ kubeconfig: server.kubeconfigPath }), {
    agents,
    retry: { maxRetries: 0 },
    onWarning: () => {},
  });
  return {
    server,
    transport,
    foos: new ResourceClient<Foo, FooList>(transport, FOOS).namespace(ns),
    configMaps: new ResourceClient<ConfigMap>(transport, CONFIGMAPS).namespace(ns),
    namespaces: new ResourceClient<KubeObject>(transport, NAMESPACES),
    deployments: new ResourceClient<Deployment, ObjectList<Deployment>>(transport, DEPLOYMENTS).namespace(ns),
    async close() {
      agents.destroy();
      await server.stop();
    },
  };
}

/** A valid Foo. */
export function foo(name: string, replicas = 1): Foo {
  return {
    apiVersion: "samplecontroller.k8s.io/v1alpha1",
    kind: "Foo",
    metadata: { name },
    spec: { deploymentName: `${name}-deploy`, replicas },
    status: { availableReplicas: 0 },
  };
}

/** A ConfigMap. */
export function configMap(name: string, data: Record<string, string> = { k: "v" }, labels?: Record<string, string>): ConfigMap {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, ...(labels ? { labels } : {}) }, data };
}

/** A valid Deployment. */
export function deployment(name: string, replicas = 1): Deployment {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "c", image: "nginx" }] } },
    },
  };
}
