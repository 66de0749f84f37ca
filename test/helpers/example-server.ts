// The test API server an example project's end-to-end tests run against: its CRDs installed, one
// namespace created, settled, and a client config for it.
import { loadKubeConfig, type RestConfig } from "@kube-codegen/runtime";
import { loadCrds, startTestApiServer, type TestApiServer } from "../../testing/src/index.js";
import type { ExampleProject } from "./examples.js";

/** Starts a server with `project`'s CRDs and the namespace `namespace`; stop it with `server.stop()`. */
export async function startExampleServer(
  project: ExampleProject,
  namespace: string,
): Promise<{ server: TestApiServer; config: RestConfig }> {
  const server = await startTestApiServer({
    crds: loadCrds(project.crds),
    objects: [{ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } }],
  });
  await server.settle();
  return { server, config: loadKubeConfig({ kubeconfig: server.kubeconfigPath }) };
}
