// The helm-release example project's controller (generated-examples/helm-release/) against the
// in-process test API server: a HelmRelease's free-form values (kept by the CRD's
// x-kubernetes-preserve-unknown-fields) are rendered into a ConfigMap the release owns; edits of
// the values, and of the ConfigMap by hand, are reconciled; status carries observedGeneration, the
// Ready condition and the revision history; a suspended release is left alone; a ConfigMap of the
// same name it does not own is reported; deleting the release garbage-collects its ConfigMap; and
// main.ts runs the same controller from KUBECONFIG. The generated deep copy is shown to copy
// `values` through the hand-written deepCopyHelmValues, sharing nothing with its input.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { Manager, builtinClients, isNotFound, silentLogger, type RestConfig } from "@kube-codegen/runtime";
import type { HelmRelease } from "../../generated-examples/helm-release/apis/helm/v1/types.js";
import { deepCopyHelmRelease } from "../../generated-examples/helm-release/apis/helm/v1/zz_generated.deepcopy.js";
import { Clientset } from "../../generated-examples/helm-release/generated/clientset/index.js";
import { setupHelmReleaseController } from "../../generated-examples/helm-release/controller/helmrelease-controller.js";
import { digestOf } from "../../generated-examples/helm-release/controller/render.js";
import type { TestApiServer } from "../../testing/src/index.js";
import { exampleProject } from "../helpers/examples.js";
import { startExampleServer } from "../helpers/example-server.js";
import { runMain } from "../helpers/run-main.js";
import { until } from "../helpers/until.js";

const project = exampleProject("helm-release");
const NS = "releases";
const NOW = new Date("2026-12-02T05:30:00.500Z");

let server: TestApiServer;
let config: RestConfig;
let controllerConfig: RestConfig;
let controllerKubeconfig: string;
let cs: Clientset;

before(async () => {
  // The controller runs as the service account controller-manager, bound to the role generated
  // from its +kubebuilder:rbac markers, on a server enforcing RBAC; the test's clients are the administrator's.
  ({
    server,
    config,
    controller: controllerConfig,
    controllerKubeconfig,
  } = await startExampleServer(project, NS, {
    asServiceAccount: "controller-manager",
  }));
  cs = new Clientset(config);
});
after(async () => {
  await server.stop();
});

/** A running manager with the controller, as main.ts wires it; stop() ends it and waits. */
function startController() {
  const mgr = new Manager({ config: controllerConfig, cache: { namespace: NS } });
  setupHelmReleaseController(mgr, { log: silentLogger, now: () => NOW });
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  return {
    async stop() {
      stop.abort();
      await running;
    },
  };
}

const release = (name: string, values: Record<string, unknown>, extra: Partial<HelmRelease["spec"]> = {}): HelmRelease => ({
  apiVersion: "helm.example.com/v1",
  kind: "HelmRelease",
  metadata: { name },
  spec: { chart: { name: "nginx", version: "15.4.0", repository: "https://charts.bitnami.com/bitnami/" }, values, ...extra },
});

const configMaps = () => builtinClients(config).coreV1().configMaps(NS);

async function configMapOrUndefined(name: string) {
  try {
    return await configMaps().get(name);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

const VALUES = {
  replicaCount: 2,
  image: { repository: "nginx", tag: "1.25", pullPolicy: null },
  service: { type: "ClusterIP", ports: [{ name: "http", port: 80 }, 443] },
  "free-form": { anything: { goes: [true, 1.5, "x", { deeper: [] }] } },
};

test("the CRD keeps values of any shape: x-kubernetes-preserve-unknown-fields on spec.values", async () => {
  const crd = parse(readFileSync(join(project.crds, "helm.example.com_helmreleases.yaml"), "utf8"));
  const v1 = crd.spec.versions.find((v: { name: string }) => v.name === "v1");
  assert.deepEqual(v1.schema.openAPIV3Schema.properties.spec.properties.values, {
    type: "object",
    "x-kubernetes-preserve-unknown-fields": true,
  });
  const created = await cs.helmV1().helmReleases(NS).create(release("shape", VALUES));
  assert.deepEqual(created.spec.values, VALUES, "nothing pruned");
  await cs.helmV1().helmReleases(NS).delete("shape");
});

test("values become an owned ConfigMap and status follows; edits are reconciled; delete garbage-collects the ConfigMap", async () => {
  const ctl = startController();
  const client = cs.helmV1().helmReleases(NS);
  try {
    const created = await client.create(release("web", VALUES));
    const cm = await until("the ConfigMap", () => configMapOrUndefined("web-values"));
    assert.deepEqual(cm.data, {
      chart: "https://charts.bitnami.com/bitnami/nginx@15.4.0",
      "values.yaml": [
        "free-form:",
        "  anything:",
        "    goes:",
        "      - true",
        "      - 1.5",
        "      - x",
        "      - deeper: []",
        "image:",
        "  pullPolicy: null",
        "  repository: nginx",
        '  tag: "1.25"',
        "replicaCount: 2",
        "service:",
        "  ports:",
        "    - name: http",
        "      port: 80",
        "    - 443",
        "  type: ClusterIP",
        "",
      ].join("\n"),
    });
    assert.deepEqual(cm.metadata?.ownerReferences, [
      {
        apiVersion: "helm.example.com/v1",
        kind: "HelmRelease",
        name: "web",
        uid: created.metadata?.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    assert.deepEqual(cm.metadata?.labels, { "app.kubernetes.io/managed-by": "helm-release-controller", "helm.example.com/release": "web" });

    const synced = await until("status", async () => {
      const hr = await client.get("web");
      return hr.status?.observedGeneration === 1 ? hr : undefined;
    });
    const digest1 = digestOf(cm.data["chart"], cm.data["values.yaml"]);
    assert.deepEqual(synced.status, {
      observedGeneration: 1,
      conditions: [
        {
          type: "Ready",
          status: "True",
          reason: "Rendered",
          message: "chart https://charts.bitnami.com/bitnami/nginx@15.4.0 rendered into ConfigMap web-values",
          observedGeneration: 1,
          lastTransitionTime: "2026-12-02T05:30:00Z",
        },
      ],
      history: [{ version: 1, chartVersion: "15.4.0", digest: digest1, appliedAt: "2026-12-02T05:30:00Z", status: "deployed" }],
      lastAppliedAt: "2026-12-02T05:30:00Z",
    });

    // New values: a new generation, the ConfigMap rewritten, a second revision.
    synced.spec.values = { replicaCount: 3 };
    await client.update(synced);
    await until("the new values in the ConfigMap", async () =>
      (await configMapOrUndefined("web-values"))?.data?.["values.yaml"] === "replicaCount: 3\n" ? true : undefined,
    );
    const second = await until("generation 2 observed", async () => {
      const hr = await client.get("web");
      return hr.status?.observedGeneration === 2 && hr.status.history?.length === 2 ? hr : undefined;
    });
    assert.deepEqual(
      second.status?.history?.map((r) => [r.version, r.status]),
      [
        [1, "superseded"],
        [2, "deployed"],
      ],
    );

    // A hand edit of the owned ConfigMap is put back.
    const current = await configMaps().get("web-values");
    await configMaps().update({ ...current, data: { ...current.data, "values.yaml": "replicaCount: 99\n" } });
    await until("the ConfigMap restored", async () =>
      (await configMapOrUndefined("web-values"))?.data?.["values.yaml"] === "replicaCount: 3\n" ? true : undefined,
    );

    await client.delete("web");
    await until("the ConfigMap garbage-collected", async () =>
      (await configMapOrUndefined("web-values")) === undefined ? true : undefined,
    );
  } finally {
    await ctl.stop();
  }
});

test("a suspended release is not rendered; a ConfigMap of its name that it does not own is reported, not overwritten", async () => {
  const ctl = startController();
  const client = cs.helmV1().helmReleases(NS);
  try {
    await client.create(release("paused", { a: 1 }, { suspend: true }));
    const paused = await until("Suspended", async () => {
      const hr = await client.get("paused");
      return hr.status?.conditions?.[0]?.reason === "Suspended" ? hr : undefined;
    });
    assert.equal(paused.status?.conditions?.[0]?.status, "False");
    assert.equal(paused.status?.observedGeneration, 1);
    assert.equal(await configMapOrUndefined("paused-values"), undefined);

    await configMaps().create({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "taken-values" }, data: { mine: "yes" } });
    await client.create(release("taken", { a: 1 }));
    const blocked = await until("ConfigMapExists", async () => {
      const hr = await client.get("taken");
      return hr.status?.conditions?.[0]?.reason === "ConfigMapExists" ? hr : undefined;
    });
    assert.equal(blocked.status?.conditions?.[0]?.message, "ConfigMap taken-values already exists and is not managed by HelmRelease taken");
    assert.deepEqual((await configMaps().get("taken-values")).data, { mine: "yes" });
    // Once the stranger's ConfigMap is gone, the release renders its own.
    await configMaps().delete("taken-values");
    await until("taken rendered", async () =>
      (await configMapOrUndefined("taken-values"))?.data?.["values.yaml"] === "a: 1\n" ? true : undefined,
    );
    await until("Ready", async () => ((await client.get("taken")).status?.conditions?.[0]?.reason === "Rendered" ? true : undefined));
    await client.delete("taken");
    await client.delete("paused");
    await until("taken's ConfigMap collected", async () => ((await configMapOrUndefined("taken-values")) === undefined ? true : undefined));
  } finally {
    await ctl.stop();
  }
});

test("the generated deep copy copies values through the hand-written deepCopyHelmValues and shares nothing with its input", () => {
  // Who reads the values' keys: the stack of each ownKeys call on the (proxied) values object.
  const readers: string[] = [];
  const values = new Proxy(
    { nested: { list: [1, { deep: true }] }, other: "x" },
    {
      ownKeys(target) {
        readers.push(new Error("probe").stack ?? "");
        return Reflect.ownKeys(target);
      },
    },
  );
  const input = release("copied", values, { targets: [{ cluster: "a", ports: [80, "http"], labels: { l: "v" } }] });
  input.metadata = { name: "copied", labels: { a: "b" }, ownerReferences: [{ apiVersion: "v1", kind: "X", name: "x", uid: "u" }] };
  const copy = deepCopyHelmRelease(input);
  assert.ok(
    readers.some((s) => /deepCopyHelmValues/.test(s) && /values_deepcopy\.ts/.test(s)),
    "deepCopyHelmRelease read the values inside deepCopyHelmValues (values_deepcopy.ts)",
  );
  assert.deepStrictEqual(copy, { ...input, spec: { ...input.spec, values: { nested: { list: [1, { deep: true }] }, other: "x" } } });
  const objectsIn = (v: unknown, into = new Set<object>()): Set<object> => {
    if (v !== null && typeof v === "object") {
      into.add(v);
      for (const k of Object.keys(v)) objectsIn((v as Record<string, unknown>)[k], into);
    }
    return into;
  };
  const shared = objectsIn(input);
  for (const o of objectsIn(copy)) assert.ok(!shared.has(o), "the copy shares an object with the input");
  // Changing the copy leaves the input as it was.
  (copy.spec.values["nested"] as { list: unknown[] }).list.push("more");
  assert.deepEqual((values["nested"] as { list: unknown[] }).list, [1, { deep: true }]);
});

test("main.ts runs the controller against the cluster KUBECONFIG names and stops cleanly on SIGTERM", async () => {
  let code: number | null = null;
  const main = runMain(project, { KUBECONFIG: controllerKubeconfig });
  const client = cs.helmV1().helmReleases(NS);
  try {
    await until("the controller to start", () => (main.stdout().includes("Starting Controller") ? true : undefined), 60_000);
    await client.create(release("from-main", { from: "main" }));
    await until(
      "the ConfigMap",
      async () => ((await configMapOrUndefined("from-main-values"))?.data?.["values.yaml"] === "from: main\n" ? true : undefined),
      20_000,
    );
    await until("status", async () => ((await client.get("from-main")).status?.observedGeneration === 1 ? true : undefined), 20_000);
    await client.delete("from-main");
    await until(
      "the ConfigMap collected",
      async () => ((await configMapOrUndefined("from-main-values")) === undefined ? true : undefined),
      20_000,
    );
  } finally {
    code = await main.stop();
  }
  assert.equal(code, 0, main.stderr());
  assert.match(main.stdout(), /\trendering values into a new ConfigMap\t/);
  assert.match(main.stdout(), /\tstopped\t/);
  assert.equal(main.stderr(), "");
});
