// A HelmRelease controller, on the Manager as kubebuilder writes one: for each HelmRelease the
// chart's values (free-form: `Record<string, unknown>`) are rendered into a ConfigMap the release
// owns, standing in for installing the chart, and the release's status says what was applied:
// observedGeneration, a Ready condition (meta/v1 semantics, the runtime's setStatusCondition),
// lastAppliedAt and a history of revisions (chart version and digest). A suspended release is left
// as it is. Deleting a release deletes its ConfigMap by owner-reference garbage collection; nothing
// needs a finalizer.
//
// The builder reconciles HelmReleases (`for`) and follows the ConfigMaps they control (`owns`: a
// hand edit or delete of one queues its release), with both informers from the manager's shared
// cache. The release read from the cache is copied with the generated deepCopyHelmRelease, which
// copies `values` through the hand-written deepCopyHelmValues (apis/helm/v1/values_deepcopy.ts):
// the controller then changes its copy, never the cache's object.
import { coreV1Resources, isNotFound, newControllerManagedBy, setStatusCondition, silentLogger } from "@kube-codegen/runtime";
import type {
  CachedClient,
  Condition,
  ConditionInput,
  Controller,
  Logger,
  Manager,
  OwnerReference,
  ReconcileRequest,
} from "@kube-codegen/runtime";
import type { HelmRelease, HelmReleaseStatus, Revision } from "../apis/helm/v1/types.js";
import { deepCopyHelmRelease } from "../apis/helm/v1/zz_generated.deepcopy.js";
import { helmReleaseRegistration } from "../apis/helm/v1/zz_generated.register.js";
import { configMapName, desiredConfigMap, digestOf } from "./render.js";
import type { ConfigMapOf } from "./types.js";

/** Revisions kept when spec.maxHistory is unset. */
const DEFAULT_MAX_HISTORY = 10;

export interface HelmReleaseReconcilerOptions {
  /** Workers reconciling at once (default 2). */
  workers?: number;
  log?: Logger;
  now?: () => Date;
}

function timeOf(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function controllerOf(obj: ConfigMapOf): OwnerReference | undefined {
  return obj.metadata?.ownerReferences?.find((r) => r.controller === true);
}

// What the controller may do, as controller-gen's rbac generator reads it (config/rbac/role.yaml):
// +kubebuilder:rbac:groups=helm.example.com,resources=helmreleases,verbs=get;list;watch
// +kubebuilder:rbac:groups=helm.example.com,resources=helmreleases/status,verbs=get;update;patch
// The ConfigMap's owner reference blocks the release's deletion, which the API server's
// OwnerReferencesPermissionEnforcement admits only with update on the release's finalizers.
// +kubebuilder:rbac:groups=helm.example.com,resources=helmreleases/finalizers,verbs=update
// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch;create;update;patch;delete

/** Adds the HelmRelease controller to `mgr` (kubebuilder's SetupWithManager). */
export function setupHelmReleaseController(mgr: Manager, options: HelmReleaseReconcilerOptions = {}): Controller {
  const reconciler = new HelmReleaseReconciler(mgr.getClient(), options);
  const log = options.log ?? silentLogger;
  return newControllerManagedBy(mgr, {
    name: "helmrelease",
    maxConcurrentReconciles: options.workers ?? 2,
    onError: (req, err) => {
      log("reconcile failed, retrying", {
        namespace: req.namespace,
        name: req.name,
        error: err instanceof Error ? err.message : String(err),
      });
    },
  })
    .for(helmReleaseRegistration)
    .owns(coreV1Resources.configMaps)
    .complete((req) => reconciler.reconcile(req));
}

/** One pass per HelmRelease: its ConfigMap and its status. */
export class HelmReleaseReconciler {
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(
    private readonly client: CachedClient,
    options: HelmReleaseReconcilerOptions,
  ) {
    this.#log = options.log ?? silentLogger;
    this.#now = options.now ?? (() => new Date());
  }

  /** One pass for the HelmRelease `namespace/name`; throws to be retried. */
  async reconcile({ namespace, name }: ReconcileRequest): Promise<void> {
    let cached: HelmRelease;
    try {
      cached = await this.client.get<HelmRelease>(helmReleaseRegistration, namespace, name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      this.#log("release deleted; its ConfigMap goes with it", { namespace, name });
      return;
    }
    if (cached.metadata?.deletionTimestamp !== undefined) return;
    const hr = deepCopyHelmRelease(cached);
    const generation = hr.metadata?.generation ?? 0;
    if (hr.spec.suspend === true) {
      await this.#setStatus(hr, { type: "Ready", status: "False", reason: "Suspended", message: "the release is suspended" });
      return;
    }

    const want = desiredConfigMap(hr);
    const cmName = configMapName(name);
    const configMaps = this.client.writer<ConfigMapOf>(coreV1Resources.configMaps, namespace);
    let existing: ConfigMapOf | undefined;
    try {
      existing = await this.client.get<ConfigMapOf>(coreV1Resources.configMaps, namespace, cmName);
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
    if (existing !== undefined) {
      const ref = controllerOf(existing);
      if (ref?.kind !== "HelmRelease" || ref.name !== name || ref.uid !== hr.metadata?.uid) {
        const message = `ConfigMap ${cmName} already exists and is not managed by HelmRelease ${name}`;
        this.#log(message, { namespace, name });
        await this.#setStatus(hr, { type: "Ready", status: "False", reason: "ConfigMapExists", message });
        throw new Error(message);
      }
    }
    const data = want.data ?? {};
    let changed = false;
    if (existing === undefined) {
      this.#log("rendering values into a new ConfigMap", { namespace, name, configMap: cmName });
      await configMaps.create(want);
      changed = true;
    } else if (JSON.stringify(existing.data ?? {}) !== JSON.stringify(data)) {
      this.#log("values changed; updating the ConfigMap", { namespace, name, configMap: cmName });
      await configMaps.update({ ...existing, data });
      changed = true;
    }

    const chart = data["chart"] ?? "";
    const digest = digestOf(chart, data["values.yaml"] ?? "");
    const history = [...(hr.status?.history ?? [])];
    const last = history.at(-1);
    const now = timeOf(this.#now());
    if (last?.digest !== digest) {
      const revision: Revision = {
        version: (last?.version ?? 0) + 1,
        chartVersion: hr.spec.chart.version ?? "latest",
        digest,
        appliedAt: now,
        status: "deployed",
      };
      for (const r of history) r.status = "superseded";
      history.push(revision);
      changed = true;
    }
    const max = hr.spec.maxHistory ?? DEFAULT_MAX_HISTORY;
    const kept = max > 0 ? history.slice(-max) : history;
    const ready: ConditionInput = {
      type: "Ready",
      status: "True",
      reason: "Rendered",
      message: `chart ${chart} rendered into ConfigMap ${cmName}`,
    };
    if (!changed && hr.status?.observedGeneration === generation && this.#sameCondition(hr, ready)) {
      this.#log("release is up to date", { namespace, name, generation });
      return;
    }
    await this.#setStatus(hr, ready, { history: kept, ...(changed || hr.status?.lastAppliedAt == null ? { lastAppliedAt: now } : {}) });
    this.#log("release synced", { namespace, name, generation, revision: kept.at(-1)?.version });
  }

  #sameCondition(hr: HelmRelease, c: ConditionInput): boolean {
    const cur = hr.status?.conditions?.find((x) => x.type === c.type);
    return cur !== undefined && cur.status === c.status && cur.reason === c.reason && cur.message === c.message;
  }

  async #setStatus(hr: HelmRelease, condition: ConditionInput, more: Partial<HelmReleaseStatus> = {}): Promise<void> {
    const generation = hr.metadata?.generation ?? 0;
    const conditions: Condition[] = structuredClone(hr.status?.conditions ?? []);
    setStatusCondition(conditions, { ...condition, observedGeneration: generation }, this.#now);
    const status: HelmReleaseStatus = { ...hr.status, ...more, observedGeneration: generation, conditions };
    if (JSON.stringify(status) === JSON.stringify(hr.status)) return;
    hr.status = status;
    await this.client.updateStatus(helmReleaseRegistration, hr);
  }
}
