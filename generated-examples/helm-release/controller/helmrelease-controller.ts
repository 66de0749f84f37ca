// A HelmRelease controller in the shape of kubernetes/sample-controller: for each HelmRelease the
// chart's values (free-form: `Record<string, unknown>`) are rendered into a ConfigMap the release
// owns, standing in for installing the chart, and the release's status says what was applied:
// observedGeneration, a Ready condition, lastAppliedAt and a history of revisions (chart version
// and digest). A suspended release is left as it is. Deleting a release deletes its ConfigMap by
// owner-reference garbage collection; nothing needs a finalizer.
//
// The release read from the informer's cache is copied with the generated deepCopyHelmRelease,
// which copies `values` through the hand-written deepCopyHelmValues (apis/helm/v1/values_deepcopy.ts):
// the controller then changes its copy, never the cache's object.
import {
  DeletedFinalStateUnknown,
  RateLimitingQueue,
  builtinClients,
  consoleLogger,
  coreV1Resources,
  deletionHandlingMetaNamespaceKeyFunc,
  isNotFound,
  metaNamespaceKeyFunc,
  runWorkers,
  splitMetaNamespaceKey,
  waitForCacheSync,
} from "@kube-codegen/runtime";
import type { BuiltinClientset, Condition, GenericInformer, KubeObject, Logger, OwnerReference, RestConfig } from "@kube-codegen/runtime";
import type { HelmRelease, HelmReleaseStatus, Revision } from "../apis/helm/v1/types.js";
import { deepCopyHelmRelease } from "../apis/helm/v1/zz_generated.deepcopy.js";
import { Clientset } from "../generated/clientset/index.js";
import type { SharedInformerFactory } from "../generated/informers/index.js";
import type { HelmReleaseInformer } from "../generated/informers/helm/v1/index.js";
import { configMapName, desiredConfigMap, digestOf } from "./render.js";
import type { ConfigMapOf } from "./types.js";

/** Revisions kept when spec.maxHistory is unset. */
const DEFAULT_MAX_HISTORY = 10;

export interface HelmReleaseControllerOptions {
  config: RestConfig;
  /** The generated informer factory; the controller registers its informers, the caller starts it. */
  factory: SharedInformerFactory;
  workers?: number;
  log?: Logger;
  now?: () => Date;
}

function timeOf(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function controllerOf(obj: KubeObject): OwnerReference | undefined {
  return obj.metadata?.ownerReferences?.find((r) => r.controller === true);
}

export class HelmReleaseController {
  readonly queue = new RateLimitingQueue<string>();
  readonly #releases: HelmReleaseInformer;
  readonly #configMaps: GenericInformer<ConfigMapOf>;
  readonly #clientset: Clientset;
  readonly #builtins: BuiltinClientset;
  readonly #workers: number;
  readonly #log: Logger;
  readonly #now: () => Date;

  constructor(options: HelmReleaseControllerOptions) {
    this.#clientset = new Clientset(options.config);
    this.#builtins = builtinClients(options.config);
    this.#workers = options.workers ?? 2;
    this.#log = options.log ?? consoleLogger;
    this.#now = options.now ?? (() => new Date());
    this.#releases = options.factory.helm().v1().helmReleases();
    this.#configMaps = options.factory.forResource<ConfigMapOf>(coreV1Resources.configMaps);
    const enqueue = (obj: KubeObject) => {
      this.queue.add(metaNamespaceKeyFunc(obj));
    };
    this.#releases.informer.addEventHandler({
      onAdd: enqueue,
      onUpdate: (_old, obj) => enqueue(obj),
      onDelete: (obj) => {
        this.queue.add(deletionHandlingMetaNamespaceKeyFunc(obj));
      },
    });
    // A change to (or the deletion of) a ConfigMap a release controls brings that release back.
    const owner = (obj: KubeObject) => {
      const ref = controllerOf(obj);
      if (ref?.kind === "HelmRelease") this.queue.add(`${obj.metadata?.namespace ?? ""}/${ref.name}`);
    };
    this.#configMaps.informer.addEventHandler({
      onAdd: owner,
      onUpdate: (_old, obj) => owner(obj),
      onDelete: (obj) => owner(obj instanceof DeletedFinalStateUnknown ? obj.obj : obj),
    });
  }

  /** Waits for both caches, then reconciles until `signal` aborts; resolves once the workers have stopped. */
  async run(signal: AbortSignal): Promise<void> {
    this.#log("Starting Controller", { controller: "helmrelease", workers: this.#workers });
    await waitForCacheSync(
      signal,
      () => this.#releases.informer.hasSynced(),
      () => this.#configMaps.informer.hasSynced(),
    );
    await runWorkers(this.queue, {
      workers: this.#workers,
      signal,
      reconcile: (key) => this.reconcile(key),
      onError: (key, err) => {
        this.#log("reconcile failed, retrying", { key, error: err instanceof Error ? err.message : String(err) });
      },
    });
  }

  /** One pass for the HelmRelease `namespace/name`; throws to be retried. */
  async reconcile(key: string): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    let cached: HelmRelease;
    try {
      cached = this.#releases.lister.helmReleases(namespace).get(name);
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
    const configMaps = this.#builtins.coreV1().configMaps(namespace);
    let existing: ConfigMapOf | undefined;
    try {
      existing = this.#configMaps.lister.namespaced(namespace).get(cmName);
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
    const ready: Omit<Condition, "lastTransitionTime"> = {
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

  #sameCondition(hr: HelmRelease, c: Omit<Condition, "lastTransitionTime">): boolean {
    const cur = hr.status?.conditions?.find((x) => x.type === c.type);
    return cur !== undefined && cur.status === c.status && cur.reason === c.reason && cur.message === c.message;
  }

  async #setStatus(
    hr: HelmRelease,
    condition: Omit<Condition, "lastTransitionTime">,
    more: Partial<HelmReleaseStatus> = {},
  ): Promise<void> {
    const generation = hr.metadata?.generation ?? 0;
    const previous = hr.status?.conditions?.find((x) => x.type === condition.type);
    const lastTransitionTime =
      previous !== undefined && previous.status === condition.status ? previous.lastTransitionTime : timeOf(this.#now());
    const status: HelmReleaseStatus = {
      ...hr.status,
      ...more,
      observedGeneration: generation,
      conditions: [
        ...(hr.status?.conditions ?? []).filter((x) => x.type !== condition.type),
        { ...condition, observedGeneration: generation, lastTransitionTime },
      ],
    };
    if (JSON.stringify(status) === JSON.stringify(hr.status)) return;
    hr.status = status;
    const namespace = hr.metadata?.namespace ?? "";
    await this.#clientset.helmV1().helmReleases(namespace).updateStatus(hr);
  }
}
