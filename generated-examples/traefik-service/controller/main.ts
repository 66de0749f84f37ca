// Runs the TraefikService controller and the Pod watcher against the cluster the kubeconfig names
// ($KUBECONFIG, else ~/.kube/config, else in-cluster), until SIGINT or SIGTERM:
//
//   KUBECONFIG=~/.kube/config TRAEFIK_KV_FILE=routes.json npx tsx generated-examples/traefik-service/controller/main.ts
//
// TRAEFIK_KV_FILE names the JSON file standing in for etcd (the routes are kept in memory without it).
import { consoleLogger, loadKubeConfig } from "@kube-codegen/runtime";
import { Clientset } from "../generated/clientset/index.js";
import { newSharedInformerFactory } from "../generated/informers/index.js";
import { JsonFileKeyValueStore, MemoryKeyValueStore } from "./kv-store.js";
import { PodWatcher } from "./pod-watcher.js";
import { TraefikServiceController } from "./traefikservice-controller.js";

const config = loadKubeConfig();
const file = process.env["TRAEFIK_KV_FILE"];
const store = file ? new JsonFileKeyValueStore(file) : new MemoryKeyValueStore();
const factory = newSharedInformerFactory(config, { defaultResync: 10 * 60_000 });
const traefik = new TraefikServiceController({ clientset: new Clientset(config), factory, store, log: consoleLogger });
const pods = new PodWatcher({ factory, log: consoleLogger });

const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());
consoleLogger("starting manager", { server: config.server, store: file ?? "memory" });
factory.start(stop.signal);
await Promise.all([traefik.run(stop.signal), pods.run(stop.signal)]);
await factory.shutdown();
consoleLogger("stopped");
