// The files `kube-codegen create api --controller` writes: the controller (RBAC markers, a
// reconcile skeleton that reads the object from the manager's cache and reports an Available
// condition, and its setup on a Manager, as kubebuilder's SetupWithManager), and its test against
// the in-process test API server. Pure functions of checked names (scaffold/names.ts).
import { groupVersionAccessorOf, kindAccessorOf } from "../../generators/client/names.js";
import { groupGoNameOf } from "../../model/naming.js";
import { apiDirOf, apiGroupOf, type ApiValues } from "./api-files.js";

/** The controller's file, relative to the project. */
/** Where controllers go, as kubebuilder puts them; generate reads their RBAC markers there. */
export const CONTROLLER_SOURCES = "internal/controller";

export const controllerFileOf = (v: ApiValues): string => `${CONTROLLER_SOURCES}/${v.names.lower}-controller.ts`;
/** Its test's file. */
export const controllerTestFileOf = (v: ApiValues): string => `${CONTROLLER_SOURCES}/${v.names.lower}-controller.test.ts`;
/** The setup function cmd/main.ts calls. */
export const setupFunctionOf = (v: ApiValues): string => `setup${v.names.kind}Controller`;

/** The import and the call create api adds to cmd/main.ts. */
export function mainLines(v: ApiValues): { importLine: string; setupLine: string } {
  return {
    importLine: `import { ${setupFunctionOf(v)} } from "../internal/controller/${v.names.lower}-controller.js";`,
    setupLine: `${setupFunctionOf(v)}(mgr);`,
  };
}

export function controllerFile(v: ApiValues): string {
  const { kind, camel, plural } = v.names;
  const group = apiGroupOf(v);
  const types = `../../${apiDirOf(v)}`;
  return `// The ${kind} controller. EDIT THIS FILE: the reconcile below is a skeleton for you to own.
import { isNotFound, newControllerManagedBy, setStatusCondition } from "@kube-codegen/runtime";
import type { CachedClient, Controller, Manager, ReconcileRequest, ReconcileResult } from "@kube-codegen/runtime";
import type { ${kind} } from "${types}/${v.names.lower}_types.js";
import { ${camel}Registration } from "${types}/zz_generated.register.js";

// What the controller may do; \`npm run codegen\` writes config/rbac/role.yaml from these lines.
// +kubebuilder:rbac:groups=${group},resources=${plural},verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=${group},resources=${plural}/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=${group},resources=${plural}/finalizers,verbs=update

/** Reconciles ${kind} objects: brings the world to what each one's spec asks for. */
export class ${kind}Reconciler {
  constructor(private readonly client: CachedClient) {}

  /**
   * One pass over one ${kind} (kubebuilder's Reconcile): called after each change of the object
   * (and of what the controller owns or watches). Return a result with requeueAfter to be called
   * again later; throw to be retried with backoff (a TerminalError is not retried).
   */
  // eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- a pass that returns nothing is a success
  async reconcile(req: ReconcileRequest): Promise<ReconcileResult | void> {
    let obj: ${kind};
    try {
      obj = await this.client.get<${kind}>(${camel}Registration, req.namespace, req.name);
    } catch (err) {
      if (isNotFound(err)) return; // deleted: what it owns is garbage-collected
      throw err;
    }

    // TODO(user): your logic here: make the world match obj.spec.

    const conditions = obj.status?.conditions ?? [];
    const changed = setStatusCondition(conditions, {
      type: "Available",
      status: "True",
      reason: "Reconciled",
      message: "the ${kind} is reconciled",
      observedGeneration: obj.metadata?.generation ?? 0,
    });
    if (changed) {
      obj.status = { ...obj.status, conditions };
      await this.client.updateStatus(${camel}Registration, obj);
    }
  }
}

/** Adds the ${kind} controller to the manager (kubebuilder's SetupWithManager). */
export function ${setupFunctionOf(v)}(mgr: Manager): Controller {
  const reconciler = new ${kind}Reconciler(mgr.getClient());
  return newControllerManagedBy(mgr)
    .for(${camel}Registration)
    .complete((req) => reconciler.reconcile(req));
}
`;
}

export function controllerTestFile(v: ApiValues): string {
  const { kind, camel } = v.names;
  const types = `../../${apiDirOf(v)}`;
  const ns = v.namespaced ? `"default"` : `undefined`;
  const namespaceLine = v.namespaced ? `\n      namespace: "default",` : "";
  return `// The ${kind} controller against the in-process test API server (@kube-codegen/testing): the CRD
// from config/crd/bases installed, the controller on a Manager, as cmd/main.ts runs it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Manager, loadKubeConfig, type RestConfig } from "@kube-codegen/runtime";
import { loadCrds, startTestApiServer, type TestApiServer } from "@kube-codegen/testing";
import type { ${kind} } from "${types}/${v.names.lower}_types.js";
import { Clientset } from "../../generated/clientset/index.js";
import { ${setupFunctionOf(v)} } from "./${v.names.lower}-controller.js";

let server: TestApiServer;
let config: RestConfig;

before(async () => {
  server = await startTestApiServer({ crds: loadCrds("config/crd/bases") });
  config = loadKubeConfig({ kubeconfig: server.kubeconfigPath });
});
after(async () => {
  await server.stop();
});

/** Polls \`check\` until it returns a value (or the time runs out). */
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(\`timed out waiting for \${what}\`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("a ${kind} is reconciled: its Available condition becomes True for its generation", async () => {
  const mgr = new Manager({ config });
  ${setupFunctionOf(v)}(mgr);
  const stop = new AbortController();
  const running = mgr.start(stop.signal);
  try {
    const client = new Clientset(config).${clientsetGroupMethod(v)}().${plural(v)}(${ns});
    const sample: ${kind} = {
      apiVersion: "${apiGroupOf(v)}/${v.version}",
      kind: "${kind}",
      metadata: {
        name: "${v.names.lower}-sample",${namespaceLine}
      },
      spec: { foo: "bar" },
    };
    const created = await client.create(sample);
    const available = await until("the Available condition", async () => {
      const obj = await client.get("${v.names.lower}-sample");
      return obj.status?.conditions?.find((c) => c.type === "Available");
    });
    assert.equal(available.status, "True");
    assert.equal(available.reason, "Reconciled");
    assert.equal(available.observedGeneration, created.metadata?.generation);
  } finally {
    stop.abort();
    await running;
  }
});

// TODO(user): a test per behaviour of your reconcile; \`${camel}Registration\` names the resource for
// the manager's client, and the generated clientset talks to the server as any client would.
`;
}

// The clientset's accessors (clientset.webappV1().guestbooks(ns)), named as the client generator names them.
function clientsetGroupMethod(v: ApiValues): string {
  return groupVersionAccessorOf(groupGoNameOf(apiGroupOf(v)), v.version);
}

function plural(v: ApiValues): string {
  return kindAccessorOf(v.names.kind);
}
