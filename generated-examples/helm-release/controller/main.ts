// Runs the HelmRelease controller on a Manager against the cluster the kubeconfig names
// ($KUBECONFIG, else ~/.kube/config, else in-cluster), until SIGINT or SIGTERM, as kubebuilder's
// cmd/main.go:
//
//   KUBECONFIG=~/.kube/config npx tsx generated-examples/helm-release/controller/main.ts
//
// HEALTH_PROBE_PORT serves /healthz and /readyz.
import { Manager, consoleLogger, loadKubeConfig } from "@kube-codegen/runtime";
import { setupHelmReleaseController } from "./helmrelease-controller.js";

const config = loadKubeConfig();
const probePort = process.env["HEALTH_PROBE_PORT"];
const mgr = new Manager({
  config,
  cache: { defaultResync: 10 * 60_000 },
  logger: consoleLogger,
  ...(probePort ? { healthProbe: { port: Number(probePort) } } : {}),
});
setupHelmReleaseController(mgr, { log: consoleLogger });

const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());
consoleLogger("starting manager", { server: config.server });
await mgr.start(stop.signal);
consoleLogger("stopped");
