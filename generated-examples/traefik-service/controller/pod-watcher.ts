// The seed's PodReconciler: a controller with no CRD that watches Pods and logs each one's
// labels and IP (the start of registering what runs in pods), or that it was deleted. A Pod
// informer from the runtime's built-in resources (coreV1Resources.pods) on the same factory,
// keys in a workqueue, and a worker reading the informer's lister.
import {
  RateLimitingQueue,
  consoleLogger,
  coreV1Resources,
  isNotFound,
  splitMetaNamespaceKey,
  waitForCacheSync,
} from "@kube-codegen/runtime";
import type { CoreV1Client, GenericInformer, KubeObject, Logger, SharedInformerFactory } from "@kube-codegen/runtime";
import { deletionHandlingMetaNamespaceKeyFunc, metaNamespaceKeyFunc } from "@kube-codegen/runtime";

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
  factory: SharedInformerFactory;
  log?: Logger;
  /** Called with each observation (tests record them; the default only logs). */
  onObservation?: (o: PodObservation) => void;
}

export class PodWatcher {
  readonly queue = new RateLimitingQueue<string>();
  readonly #pods: GenericInformer<Pod>;
  readonly #log: Logger;
  readonly #onObservation: (o: PodObservation) => void;

  constructor(options: PodWatcherOptions) {
    this.#log = options.log ?? consoleLogger;
    this.#onObservation = options.onObservation ?? (() => undefined);
    this.#pods = options.factory.forResource<Pod>(coreV1Resources.pods);
    const enqueue = (obj: KubeObject) => {
      this.queue.add(metaNamespaceKeyFunc(obj));
    };
    this.#pods.informer.addEventHandler({
      onAdd: enqueue,
      onUpdate: (_old, obj) => enqueue(obj),
      onDelete: (obj) => {
        this.queue.add(deletionHandlingMetaNamespaceKeyFunc(obj));
      },
    });
  }

  async run(signal: AbortSignal): Promise<void> {
    this.#log("Starting Controller", { controller: "pod" });
    await waitForCacheSync(signal, () => this.#pods.informer.hasSynced());
    const worker = (async () => {
      for await (const key of this.queue) {
        try {
          this.observe(key);
          this.queue.forget(key);
        } catch (err) {
          this.#log("unable to fetch Pods", { key, error: err instanceof Error ? err.message : String(err) });
          this.queue.addRateLimited(key);
        }
      }
    })();
    if (!signal.aborted) await new Promise<void>((done) => signal.addEventListener("abort", () => done(), { once: true }));
    await this.queue.shutDownWithDrain();
    await worker;
  }

  /** One pass for the Pod `namespace/name`: logs it (or its deletion) and reports the observation. */
  observe(key: string): void {
    const { namespace, name } = splitMetaNamespaceKey(key);
    let pod: Pod;
    try {
      pod = this.#pods.lister.namespaced(namespace).get(name);
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
