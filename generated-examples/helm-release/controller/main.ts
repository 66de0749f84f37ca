// Runs the HelmRelease controller against the cluster the kubeconfig names ($KUBECONFIG, else
// ~/.kube/config, else in-cluster), until SIGINT or SIGTERM:
//
//   KUBECONFIG=~/.kube/config npx tsx generated-examples/helm-release/controller/main.ts
import { consoleLogger, loadKubeConfig } from "@kube-codegen/runtime";
import { newSharedInformerFactory } from "../generated/informers/index.js";
import { HelmReleaseController } from "./helmrelease-controller.js";

const config = loadKubeConfig();
const factory = newSharedInformerFactory(config, { defaultResync: 10 * 60_000 });
const controller = new HelmReleaseController({ config, factory, log: consoleLogger });

const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());
consoleLogger("starting manager", { server: config.server });
factory.start(stop.signal);
await controller.run(stop.signal);
await factory.shutdown();
consoleLogger("stopped");
