// The sample-controller's main.ts, run as a user runs it against a cluster: a child process whose
// only configuration is KUBECONFIG (here the test API server's, with its stand-in Deployment
// controller). It reconciles a Foo into its Deployment and status, and stops cleanly on SIGTERM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BuiltinClientset, loadKubeConfig } from "@kube-codegen/runtime";
import { Clientset } from "../../generated-examples/sample-controller/generated/clientset/index.js";
import { loadCrds, startTestApiServer } from "../../testing/src/index.js";
import { exampleProject } from "../helpers/examples.js";
import { runMain } from "../helpers/run-main.js";
import { until } from "../helpers/until.js";

test("main.ts runs the sample-controller against the cluster KUBECONFIG names and stops cleanly on SIGTERM", async () => {
  const project = exampleProject("sample-controller");
  const server = await startTestApiServer({ crds: loadCrds(project.crds), simulateDeploymentStatus: true });
  const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
  const main = runMain(project, { KUBECONFIG: server.kubeconfigPath });
  try {
    await until("the controller to start", () => main.stdout().includes("started with 2 workers"), 60_000);
    const foos = new Clientset(config).samplecontrollerV1alpha1().foos("default");
    await foos.create({
      apiVersion: "samplecontroller.k8s.io/v1alpha1",
      kind: "Foo",
      metadata: { name: "from-main", namespace: "default" },
      spec: { deploymentName: "from-main-web", replicas: 2 },
    });
    const deployment = await until("the Deployment", () =>
      new BuiltinClientset(config).appsV1().deployments("default").get("from-main-web"),
    );
    assert.equal(deployment.spec?.replicas, 2);
    assert.equal(deployment.metadata?.ownerReferences?.[0]?.name, "from-main");
    await until("status.availableReplicas=2", async () => (await foos.get("from-main")).status?.availableReplicas === 2, 20_000);
  } finally {
    const code = await main.stop();
    await server.stop();
    assert.equal(code, 0, main.stderr());
  }
  assert.match(main.stdout(), /created Deployment from-main-web with 2 replicas for default\/from-main/);
  assert.equal(main.stderr(), "");
});
