// `npm run demo`: the whole loop in one process. Starts the test API server (with its stand-in for
// the Deployment controller's status updates), installs the Foo CRD as `kubectl apply -f
// config/crd/bases` would, runs the sample-controller, creates a Foo, and prints what a person
// watching wants to see: each reconcile, the Deployment appearing and scaling, the Foo's status
// following, the Events. Then it scales the Foo and deletes it. Exit 0 when every step was seen;
// 1 with the step that timed out otherwise.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import {
  DeletedFinalStateUnknown,
  ResourceClient,
  SharedInformerFactory,
  appsV1Resources,
  coreV1Resources,
  loadKubeConfig,
} from "@kube-codegen/runtime";
import type { KubeObject, ResourceDescription } from "@kube-codegen/runtime";
import type { Deployment } from "kubernetes-types/apps/v1.js";
import type { Event } from "kubernetes-types/core/v1.js";
import { startTestApiServer } from "kube-codegen/testing";
import type { Foo } from "./apis/samplecontroller/v1alpha1/types.js";
import { Clientset } from "./generated/clientset/index.js";
import { describe } from "./controller/describe.js";
import { startController } from "./controller/start.js";

const CRDS: ResourceDescription = {
  group: "apiextensions.k8s.io",
  version: "v1",
  plural: "customresourcedefinitions",
  kind: "CustomResourceDefinition",
  namespaced: false,
};
const STEP_TIMEOUT_MS = Number(process.env["DEMO_STEP_TIMEOUT_MS"] ?? 20_000);
const started = Date.now();

function say(who: string, line: string): void {
  console.log(`${((Date.now() - started) / 1000).toFixed(2).padStart(6)}s  ${who.padEnd(10)} ${line}`);
}

/** Resolves once `check` is true, re-checked every 20 ms; rejects naming `what` after the step timeout. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${String(STEP_TIMEOUT_MS)} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface Established extends KubeObject {
  status?: { conditions?: { type: string; status: string }[] };
}

async function main(): Promise<void> {
  const server = await startTestApiServer({ crds: [], simulateDeploymentStatus: true });
  const abort = new AbortController();
  let running: ReturnType<typeof startController> | undefined;
  let observers: SharedInformerFactory | undefined;
  try {
    say("demo", `test API server at ${server.url} (it plays the Deployment controller's part on status)`);
    const config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });

    // kubectl apply -f config/crd/bases
    const crdClient = new ResourceClient<Established>(config, CRDS);
    const bases = join(import.meta.dirname, "config/crd/bases");
    for (const file of readdirSync(bases)
      .filter((f) => f.endsWith(".yaml"))
      .sort()) {
      const crd = parse(readFileSync(join(bases, file), "utf8")) as Established;
      await crdClient.create(crd);
      const name = crd.metadata?.name ?? file;
      await until(`CRD ${name} to be Established`, async () =>
        ((await crdClient.get(name)).status?.conditions ?? []).some((c) => c.type === "Established" && c.status === "True"),
      );
      say("demo", `installed CRD ${name}`);
    }

    // What a person watching sees with kubectl get -w: Deployments and Events, one line per change.
    observers = new SharedInformerFactory(config);
    const deployments = observers.forResource<Deployment>(appsV1Resources.deployments);
    const events = observers.forResource<Event>(coreV1Resources.events);
    const lastLine = new Map<string, string>();
    const showDeployment = (d: Deployment) => {
      const line = `Deployment ${d.metadata?.name ?? ""}: spec.replicas=${String(d.spec?.replicas ?? 1)} availableReplicas=${String(d.status?.availableReplicas ?? 0)}`;
      if (lastLine.get(d.metadata?.uid ?? "") === line) return;
      lastLine.set(d.metadata?.uid ?? "", line);
      say("cluster", line);
    };
    deployments.informer.addEventHandler({
      onAdd: showDeployment,
      onUpdate: (_o, d) => {
        showDeployment(d);
      },
      onDelete: (d) => {
        const gone = d instanceof DeletedFinalStateUnknown ? d.obj : d;
        say("cluster", `Deployment ${gone.metadata?.name ?? ""} deleted (garbage-collected with its Foo)`);
      },
    });
    events.informer.addEventHandler({
      onAdd: (e) => {
        say(
          "event",
          `${e.type ?? ""} ${e.reason ?? ""} on ${e.involvedObject.kind ?? ""} ${e.involvedObject.name ?? ""}: ${e.message ?? ""}`,
        );
      },
    });
    observers.start(abort.signal);
    await observers.waitForCacheSync(abort.signal);

    running = startController(config, {
      signal: abort.signal,
      log: (entry) => {
        const line = describe(entry);
        if (line) say("controller", line);
      },
    });
    say("demo", "sample-controller running with 2 workers");

    const foos = new Clientset(config).samplecontrollerV1alpha1().foos("default");
    const converged = (replicas: number) => async () => {
      const foo = await foos.get("example-foo");
      const d = deployments.lister
        .namespaced("default")
        .list()
        .find((x) => x.metadata?.name === "example-foo");
      return d?.spec?.replicas === replicas && foo.status?.availableReplicas === replicas;
    };

    const foo: Foo = {
      apiVersion: "samplecontroller.k8s.io/v1alpha1",
      kind: "Foo",
      metadata: { name: "example-foo", namespace: "default" },
      spec: { deploymentName: "example-foo", replicas: 1 },
    };
    await foos.create(foo);
    say("demo", "created Foo default/example-foo (deploymentName example-foo, replicas 1)");
    await until("the Deployment with 1 replica and Foo status.availableReplicas=1", converged(1));
    say("demo", "converged: Deployment example-foo exists and Foo status.availableReplicas=1");

    const current = await foos.get("example-foo");
    await foos.update({ ...current, spec: { ...current.spec, replicas: 3 } });
    say("demo", "scaled Foo default/example-foo to replicas 3");
    await until("the Deployment with 3 replicas and Foo status.availableReplicas=3", converged(3));
    say("demo", "converged: Deployment example-foo has 3 replicas and Foo status.availableReplicas=3");

    await foos.delete("example-foo");
    say("demo", "deleted Foo default/example-foo");
    await until("the Deployment to be garbage-collected", () => deployments.lister.namespaced("default").list().length === 0);
    say("demo", "done: the Deployment went with its Foo");
  } finally {
    abort.abort();
    await running?.done;
    await observers?.shutdown();
    await server.stop();
  }
}

try {
  await main();
} catch (err) {
  console.error(`demo failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
