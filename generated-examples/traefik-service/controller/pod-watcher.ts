// The seed's PodReconciler: a controller with no CRD that watches Pods and logs each one's
// labels and IP (the start of registering what runs in pods), or that it was deleted. Built on the
// manager like the TraefikService controller: the Pod informer comes from the manager's shared
// cache (the runtime's built-in coreV1Resources.pods), and each pass reads the Pod from it.
import { coreV1Resources, isNotFound, newControllerManagedBy, silentLogger } from "@kube-codegen/runtime";
import type { CachedClient, Controller, CoreV1Client, Logger, Manager, ReconcileRequest } from "@kube-codegen/runtime";

/** core/v1 Pod, as the runtime's built-in client types it. */
export type Pod = Awaited<ReturnType<ReturnType<CoreV1Client["pods"]>["get"]>>;

/** What the watcher saw of one Pod on one pass. */
export interface PodObservation {
  type: "present" | "deleted";
  namespace: string;
  name: string;
  labels?: Record<string, string>;
  podIP?: string;
  phase?: string;
}

export interface PodWatcherOptions {
  log?: Logger;
  /** Called with each observation (tests record them; the default only logs). */
  onObservation?: (o: PodObservation) => void;
}

// +kubebuilder:rbac:groups=core,resources=pods,verbs=get;list;watch

/** Adds the Pod watcher to `mgr` (the seed's PodReconciler.SetupWithManager). */
export function setupPodWatcher(mgr: Manager, options: PodWatcherOptions = {}): Controller {
  const watcher = new PodWatcher(mgr.getClient(), options);
  const log = options.log ?? silentLogger;
  return newControllerManagedBy(mgr, {
    name: "pod",
    onError: (req, err) => {
      log("unable to fetch Pods", { namespace: req.namespace, name: req.name, error: err instanceof Error ? err.message : String(err) });
    },
  })
    .for(coreV1Resources.pods)
    .complete((req) => watcher.observe(req));
}

export class PodWatcher {
  readonly #log: Logger;
  readonly #onObservation: (o: PodObservation) => void;

  constructor(
    private readonly client: CachedClient,
    options: PodWatcherOptions,
  ) {
    this.#log = options.log ?? silentLogger;
    this.#onObservation = options.onObservation ?? (() => undefined);
  }

  /** One pass for a Pod: logs it (or its deletion) and reports the observation. */
  async observe({ namespace, name }: ReconcileRequest): Promise<void> {
    let pod: Pod;
    try {
      pod = await this.client.get<Pod>(coreV1Resources.pods, namespace, name);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      this.#log("delete Pods ...", { namespace, name });
      this.#onObservation({ type: "deleted", namespace, name });
      return;
    }
    const o: PodObservation = { type: "present", namespace, name, labels: { ...(pod.metadata?.labels ?? {}) } };
    if (pod.status?.podIP !== undefined) o.podIP = pod.status.podIP;
    if (pod.status?.phase !== undefined) o.phase = pod.status.phase;
    this.#log(name, { namespace, name, labels: o.labels, podIP: o.podIP ?? null });
    this.#onObservation(o);
  }
}
