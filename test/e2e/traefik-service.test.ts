// The traefik-service example project's controller (generated-examples/traefik-service/) against
// the in-process test API server: a TraefikService becomes a route in the key/value store and is
// marked active; an edit rewrites the route; a delete removes the keys through the finalizer, also
// when the controller was down at the time; a failing store is reported in status and retried; the
// Pod watcher sees pods come, change and go; and main.ts runs the same controller from KUBECONFIG.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Manager, builtinClients, isNotFound, silentLogger, type RestConfig } from "@kube-codegen/runtime";
import type { TraefikService } from "../../generated-examples/traefik-service/apis/traefik/v1/traefikservice_types.js";
import { Clientset } from "../../generated-examples/traefik-service/generated/clientset/index.js";
import {
  JsonFileKeyValueStore,
  MemoryKeyValueStore,
  type KeyValueStore,
} from "../../generated-examples/traefik-service/controller/kv-store.js";
import { setupPodWatcher, type PodObservation } from "../../generated-examples/traefik-service/controller/pod-watcher.js";
import {
  ROUTE_FINALIZER,
  setupTraefikServiceController,
} from "../../generated-examples/traefik-service/controller/traefikservice-controller.js";
import type { TestApiServer } from "../../testing/src/index.js";
import { main } from "../../src/cli/main.js";
import { Console } from "../../src/cli/console.js";
import { exampleProject, repo } from "../helpers/examples.js";
import { startExampleServer } from "../helpers/example-server.js";
import { runMain } from "../helpers/run-main.js";
import { until } from "../helpers/until.js";
import { tempDir } from "../helpers/fs.js";

const project = exampleProject("traefik-service");
// The same controller, as the same service account under the same generated role, against a real
// kube-apiserver 1.37.2 (scripts/record-controller-rbac-1.37.ts): what it did there, which it must
// do here.
const real = JSON.parse(readFileSync(join(repo, "test/fixtures/apiserver-1.37/traefik-controller-rbac.json"), "utf8")) as {
  active: { status: unknown; finalizers: string[] };
  event: { type: string; reason: string; message: string; component: string };
  deniedWithoutTheStatusMarker: string;
};
const NS = "traefik";
const NOW = new Date("2026-12-02T05:00:00.123Z");

let server: TestApiServer;
let config: RestConfig;
let controllerConfig: RestConfig;
let controllerKubeconfig: string;
let cs: Clientset;

// The controllers run as the service account controller-manager, bound to the role generated from
// their +kubebuilder:rbac markers (config/rbac/role.yaml), on a server that enforces RBAC; the
// test's own clients are the administrator's.
before(async () => {
  let controller: RestConfig;
  ({ server, config, controller, controllerKubeconfig } = await startExampleServer(project, NS, {
    asServiceAccount: "controller-manager",
  }));
  controllerConfig = controller;
  cs = new Clientset(config);
});
after(async () => {
  await server.stop();
});

/** A running manager with the controller and the Pod watcher, as main.ts wires them; stop() ends it and waits. */
function startController(store: KeyValueStore, seen: PodObservation[] = []) {
  const mgr = new Manager({ config: controllerConfig, cache: { namespace: NS } });
  setupTraefikServiceController(mgr, { store, log: silentLogger, now: () => NOW, workers: 2 });
  setupPodWatcher(mgr, { log: silentLogger, onObservation: (o) => seen.push(o) });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  return {
    async stop() {
      stop.abort();
      await running;
    },
  };
}

const service = (name: string, entrypoint: string, url: string): TraefikService => ({
  apiVersion: "traefik.magedu.com/v1",
  kind: "TraefikService",
  metadata: { name },
  spec: { entrypoint, url },
});

const keysOf = async (store: KeyValueStore, name: string) =>
  Object.fromEntries(
    await store
      .list(`traefik/http/routers/${NS}-${name}/`)
      .then(async (r) => [...r, ...(await store.list(`traefik/http/services/${NS}-${name}/`))]),
  );

const gone = (name: string) => async () => {
  try {
    await cs.traefikV1().traefikServices(NS).get(name);
    return undefined;
  } catch (err) {
    return isNotFound(err) ? true : undefined;
  }
};

test("create registers the route and marks the TraefikService active; an edit rewrites it; delete removes the keys and the finalizer", async () => {
  const store = new MemoryKeyValueStore();
  const ctl = startController(store);
  const client = cs.traefikV1().traefikServices(NS);
  try {
    await client.create(service("web", "web", "https://www.baidu.com"));
    const active = await until("status.active", async () => {
      const ts = await client.get("web");
      return ts.status?.active === true ? ts : undefined;
    });
    assert.deepEqual(await keysOf(store, "web"), {
      "traefik/http/routers/traefik-web/entryPoints/0": "web",
      "traefik/http/routers/traefik-web/service": "traefik-web",
      "traefik/http/services/traefik-web/loadBalancer/servers/0/url": "https://www.baidu.com",
    });
    assert.deepEqual(active.status, {
      active: true,
      lastUpdateTime: "2026-12-02T05:00:00Z",
      message: "route traefik-web on entrypoint web to https://www.baidu.com",
    });
    assert.deepEqual(active.metadata?.finalizers, [ROUTE_FINALIZER]);
    // The reconciler records what it did as an Event from its own component, as kubebuilder's recorders do.
    const event = await until("the RouteRegistered event", async () =>
      (await builtinClients(config).coreV1().events(NS).list()).items.find(
        (e) => e.reason === "RouteRegistered" && e.involvedObject.name === "web",
      ),
    );
    assert.equal(event.type, "Normal");
    assert.equal(event.source?.component, "traefikservice-controller");
    assert.equal(event.message, "route traefik-web on entrypoint web to https://www.baidu.com");
    // As on the real server, under the same role.
    assert.deepEqual({ type: event.type, reason: event.reason, message: event.message, component: event.source?.component }, real.event);
    assert.deepEqual(active.status, real.active.status);
    assert.deepEqual(active.metadata?.finalizers, real.active.finalizers);

    // An edit of the spec is written again (the seed would skip an active object).
    active.spec = { entrypoint: "websecure", url: "https://example.com" };
    await client.update(active);
    await until("the new url in the store", async () =>
      (await keysOf(store, "web"))["traefik/http/services/traefik-web/loadBalancer/servers/0/url"] === "https://example.com"
        ? true
        : undefined,
    );
    const edited = await until("the new message", async () => {
      const ts = await client.get("web");
      return ts.status?.message?.includes("websecure") === true ? ts : undefined;
    });
    assert.equal(edited.status?.message, "route traefik-web on entrypoint websecure to https://example.com");
    assert.equal((await keysOf(store, "web"))["traefik/http/routers/traefik-web/entryPoints/0"], "websecure");

    // A second route lives beside the first; deleting one leaves the other.
    await client.create(service("api", "web", "http://api.internal"));
    await until("the second route", async () =>
      (await keysOf(store, "api"))["traefik/http/routers/traefik-api/service"] ? true : undefined,
    );
    await client.delete("web");
    await until("web to be gone (finalizer removed)", gone("web"));
    assert.deepEqual(await keysOf(store, "web"), {});
    assert.equal(Object.keys(await keysOf(store, "api")).length, 3);
    await client.delete("api");
    await until("api to be gone", gone("api"));
    assert.deepEqual([...(await store.list(""))], []);
  } finally {
    await ctl.stop();
  }
});

test("a TraefikService deleted while the controller is down stays Terminating until the controller, restarted, removes its route (JSON-file store)", async () => {
  const file = join(tempDir(), "routes.json");
  const client = cs.traefikV1().traefikServices(NS);
  let ctl = startController(new JsonFileKeyValueStore(file));
  try {
    await client.create(service("down", "web", "http://down.internal"));
    await until("active", async () => ((await client.get("down")).status?.active === true ? true : undefined));
  } finally {
    await ctl.stop();
  }
  // The file is the store: sorted JSON a person can read.
  assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), {
    "traefik/http/routers/traefik-down/entryPoints/0": "web",
    "traefik/http/routers/traefik-down/service": "traefik-down",
    "traefik/http/services/traefik-down/loadBalancer/servers/0/url": "http://down.internal",
  });
  await client.delete("down");
  const terminating = await client.get("down");
  assert.ok(terminating.metadata?.deletionTimestamp, "the finalizer keeps it, Terminating");
  assert.deepEqual(terminating.metadata?.finalizers, [ROUTE_FINALIZER]);
  assert.equal(Object.keys(JSON.parse(readFileSync(file, "utf8")) as object).length, 3, "nobody removed the route yet");

  ctl = startController(new JsonFileKeyValueStore(file));
  try {
    await until("down to be gone", gone("down"));
    assert.deepEqual(JSON.parse(readFileSync(file, "utf8")), {});
  } finally {
    await ctl.stop();
  }
});

test("a store that fails is reported in status (active false, the reason) and retried until it works", async () => {
  const inner = new MemoryKeyValueStore();
  let failures = 2;
  const flaky: KeyValueStore = {
    put: (k, v) => (failures-- > 0 ? Promise.reject(new Error("etcdserver: request timed out")) : inner.put(k, v)),
    get: (k) => inner.get(k),
    delete: (k) => inner.delete(k),
    list: (p) => inner.list(p),
    deletePrefix: (p) => inner.deletePrefix(p),
  };
  const client = cs.traefikV1().traefikServices(NS);
  // Status as the controller writes it, seen by a watch that starts before the object exists.
  const statuses: string[] = [];
  const watch = new AbortController();
  const watching = (async () => {
    try {
      for await (const e of client.watch({ fieldSelector: { "metadata.name": "flaky" }, signal: watch.signal }))
        if (e.type !== "BOOKMARK" && e.object.status?.message !== undefined)
          statuses.push(`${String(e.object.status.active)}: ${e.object.status.message}`);
    } catch (err) {
      if (!watch.signal.aborted) throw err;
    }
  })();
  const ctl = startController(flaky);
  try {
    await client.create(service("flaky", "web", "http://flaky.internal"));
    await until("active after retries", async () => ((await client.get("flaky")).status?.active === true ? true : undefined));
    await until("the watch to see the last status", () => (statuses.at(-1)?.startsWith("true") ? true : undefined));
    assert.equal(statuses[0], "false: registering the route failed: etcdserver: request timed out");
    assert.equal(statuses.at(-1), "true: route traefik-flaky on entrypoint web to http://flaky.internal");
    assert.equal((await keysOf(inner, "flaky"))["traefik/http/routers/traefik-flaky/service"], "traefik-flaky");
    await client.delete("flaky");
    await until("flaky to be gone", gone("flaky"));
  } finally {
    watch.abort();
    await watching;
    await ctl.stop();
  }
});

test("the Pod watcher sees a pod created, relabelled, given an IP and deleted", async () => {
  const seen: PodObservation[] = [];
  const ctl = startController(new MemoryKeyValueStore(), seen);
  const pods = builtinClients(config).coreV1().pods(NS);
  try {
    await pods.create({
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "nginx-1", labels: { "k8s-app": "nginx" } },
      spec: { containers: [{ name: "nginx", image: "nginx" }] },
    });
    await until("the pod", () => (seen.some((o) => o.name === "nginx-1") ? true : undefined));
    const pod = await pods.get("nginx-1");
    await pods.updateStatus({ ...pod, status: { phase: "Running", podIP: "172.16.0.69" } });
    await until("its IP", () => (seen.some((o) => o.podIP === "172.16.0.69") ? true : undefined));
    await pods.delete("nginx-1");
    await until("its deletion", () => (seen.at(-1)?.type === "deleted" ? true : undefined));
    const mine = seen.filter((o) => o.name === "nginx-1");
    assert.deepEqual(mine[0], { type: "present", namespace: NS, name: "nginx-1", labels: { "k8s-app": "nginx" }, phase: "Pending" });
    assert.deepEqual(
      mine.find((o) => o.podIP !== undefined),
      { type: "present", namespace: NS, name: "nginx-1", labels: { "k8s-app": "nginx" }, podIP: "172.16.0.69", phase: "Running" },
    );
    assert.deepEqual(mine.at(-1), { type: "deleted", namespace: NS, name: "nginx-1" });
  } finally {
    await ctl.stop();
  }
});

test("main.ts runs the controller against the cluster KUBECONFIG names and stops cleanly on SIGTERM", async () => {
  const file = join(tempDir(), "routes.json");
  let code: number | null = null;
  const main = runMain(project, { KUBECONFIG: controllerKubeconfig, TRAEFIK_KV_FILE: file });
  const client = cs.traefikV1().traefikServices(NS);
  try {
    await until("the controller to start", () => (main.stdout().includes("Starting Controller") ? true : undefined), 60_000);
    await client.create(service("from-main", "web", "http://main.internal"));
    await until("active", async () => ((await client.get("from-main")).status?.active === true ? true : undefined), 20_000);
    await until("the route in the file", () =>
      existsSync(file) &&
      (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>)["traefik/http/routers/traefik-from-main/service"] ===
        "traefik-from-main"
        ? true
        : undefined,
    );
    await client.delete("from-main");
    await until("from-main to be gone", gone("from-main"), 20_000);
  } finally {
    code = await main.stop();
  }
  assert.equal(code, 0, main.stderr());
  assert.match(main.stdout(), /\tset traefik service \.\.\.\t/);
  assert.match(main.stdout(), /\tdelete service \.\.\.\t/);
  assert.match(main.stdout(), /\tstopped\t/);
  assert.equal(main.stderr(), "");
});

test("with one RBAC marker removed, the generated role lacks it and the controller's status write is refused with the 403 naming the verb and resource", async () => {
  // The project as it is, but for the controller's marker granting the status subresource; its role
  // generated by kube-codegen as npm run codegen would.
  const dir = tempDir();
  cpSync(project.dir, dir, { recursive: true, filter: (src) => !src.includes("node_modules") });
  const source = join(dir, "controller/traefikservice-controller.ts");
  const marker = "// +kubebuilder:rbac:groups=traefik.magedu.com,resources=traefikservices/status,verbs=get;update;patch\n";
  assert.ok(readFileSync(source, "utf8").includes(marker));
  writeFileSync(source, readFileSync(source, "utf8").replace(marker, ""));
  const out = Console.memory();
  assert.equal(
    await main(["generate", "--generators", "rbac", "--header", join(repo, "hack/boilerplate.ts.txt")], out, dir),
    0,
    out.stderr.join("\n"),
  );
  const roleYaml = readFileSync(join(dir, "config/rbac/role.yaml"), "utf8");
  assert.doesNotMatch(roleYaml, /traefikservices\/status/);

  const restricted = await startExampleServer(project, NS, { asServiceAccount: "controller-manager", roleYaml });
  const errors: string[] = [];
  const mgr = new Manager({ config: restricted.controller, cache: { namespace: NS } });
  setupTraefikServiceController(mgr, {
    store: new MemoryKeyValueStore(),
    log: (message, fields) => {
      if (message === "reconcile failed, retrying") errors.push(String(fields?.["error"]));
    },
  });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    await new Clientset(restricted.config)
      .traefikV1()
      .traefikServices(NS)
      .create(service("denied", "web", "http://denied.internal"));
    const error = await until("the refused status write", () => errors.find((e) => e.includes("forbidden")));
    assert.equal(
      error,
      'traefikservices.traefik.magedu.com "denied" is forbidden: User "system:serviceaccount:traefik:controller-manager" cannot update resource "traefikservices/status" in API group "traefik.magedu.com" in the namespace "traefik"',
    );
    assert.equal(error, real.deniedWithoutTheStatusMarker, "the real server's words");
  } finally {
    stop.abort();
    await running;
    await restricted.server.stop();
  }
});
