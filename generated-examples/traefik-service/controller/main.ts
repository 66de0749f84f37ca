// Runs the TraefikService controller and the Pod watcher on one Manager against the cluster the
// kubeconfig names ($KUBECONFIG, else ~/.kube/config, else in-cluster), until SIGINT or SIGTERM,
// as kubebuilder's cmd/main.go:
//
//   KUBECONFIG=~/.kube/config TRAEFIK_KV_FILE=routes.json npx tsx generated-examples/traefik-service/controller/main.ts
//
// TRAEFIK_KV_FILE names the JSON file standing in for etcd (the routes are kept in memory without
// it). LEADER_ELECT=true turns on leader election (a Lease in POD_NAMESPACE, default "default"), so
// several replicas can run with one reconciling; HEALTH_PROBE_PORT serves /healthz and /readyz.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { BuiltinClientset, Manager, consoleLogger, loadKubeConfig } from "@kube-codegen/runtime";
import { JsonFileKeyValueStore, MemoryKeyValueStore } from "./kv-store.js";
import { setupPodWatcher } from "./pod-watcher.js";
import { setupTraefikServiceController } from "./traefikservice-controller.js";

const config = loadKubeConfig();
const file = process.env["TRAEFIK_KV_FILE"];
const store = file ? new JsonFileKeyValueStore(file) : new MemoryKeyValueStore();
const probePort = process.env["HEALTH_PROBE_PORT"];
const mgr = new Manager({
  config,
  cache: { defaultResync: 10 * 60_000 },
  logger: consoleLogger,
  ...(process.env["LEADER_ELECT"] === "true"
    ? {
        leaderElection: {
          lock: {
            client: new BuiltinClientset(config).coordinationV1(),
            namespace: process.env["POD_NAMESPACE"] ?? "default",
            name: "traefik-service-controller",
          },
          identity: `${hostname()}_${randomUUID()}`,
        },
      }
    : {}),
  ...(probePort ? { healthProbe: { port: Number(probePort) } } : {}),
});
setupTraefikServiceController(mgr, { store, log: consoleLogger });
setupPodWatcher(mgr, { log: consoleLogger });

const stop = new AbortController();
for (const sig of ["SIGINT", "SIGTERM"] as const) process.once(sig, () => stop.abort());
consoleLogger("starting manager", { server: config.server, store: file ?? "memory" });
await mgr.start(stop.signal);
consoleLogger("stopped");
