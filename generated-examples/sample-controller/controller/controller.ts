// The sample-controller of kubernetes/sample-controller, in TypeScript: for every Foo it keeps a
// Deployment named by spec.deploymentName with spec.replicas nginx pods, owned by the Foo, and copies
// the Deployment's availableReplicas into the Foo's status. Foos and Deployments are watched by
// shared informers; their events put the Foo's namespace/name key on a rate-limited workqueue that
// two workers drain; a failed sync is retried with per-item exponential backoff.
import {
  DeletedFinalStateUnknown,
  Lister,
  RateLimitingQueue,
  appsV1Resources,
  getControllerOf,
  isControlledBy,
  isNotFound,
  metaNamespaceKeyFunc,
  newControllerRef,
  runWorkers,
  splitMetaNamespaceKey,
} from "@kube-codegen/runtime";
import type {
  BuiltinClientset,
  EventRecorder,
  NamespaceLister,
  SharedIndexInformer,
  SharedInformerFactory as KubeInformerFactory,
} from "@kube-codegen/runtime";
import type { Deployment } from "kubernetes-types/apps/v1.js";
import type { Foo } from "../apis/samplecontroller/v1alpha1/types.js";
import { fooRegistration } from "../apis/samplecontroller/v1alpha1/zz_generated.register.js";
import { deepCopyFoo } from "../apis/samplecontroller/v1alpha1/zz_generated.deepcopy.js";
import type { Clientset } from "../generated/clientset/index.js";
import type { SharedInformerFactory } from "../generated/informers/index.js";
import type { FooLister } from "../generated/listers/samplecontroller/v1alpha1/foo.js";

/** The component Events are attributed to, and the field manager of the controller's writes. */
export const CONTROLLER_AGENT_NAME = "sample-controller";
/** The reason of the Event recorded when a Foo is synced. */
export const SUCCESS_SYNCED = "Synced";
/** The reason of the Event recorded when the Deployment exists and is not controlled by the Foo. */
export const ERR_RESOURCE_EXISTS = "ErrResourceExists";
/** The reason of the Event recorded when a Foo names no Deployment. */
export const ERR_DEPLOYMENT_NAME_MISSING = "ErrDeploymentNameMissing";
/** The message of the ErrResourceExists Event (Go's %q of the Deployment's name). */
export const messageResourceExists = (name: string): string => `Resource ${JSON.stringify(name)} already exists and is not managed by Foo`;
/** The message of the Synced Event. */
export const MESSAGE_RESOURCE_SYNCED = "Foo synced successfully";

const FOO_KIND = { apiVersion: `${fooRegistration.group}/${fooRegistration.version}`, kind: fooRegistration.kind };

/** What the controller reports while it works (the demo prints these; a real deployment logs them). */
export type ControllerLog =
  | { type: "sync-start"; key: string; worker: number }
  | { type: "sync-done"; key: string; worker: number; ms: number }
  | { type: "sync-error"; key: string; worker: number; error: string; requeues: number }
  | { type: "foo-gone"; key: string }
  | { type: "deployment-created"; key: string; deployment: string; replicas: number }
  | { type: "deployment-scaled"; key: string; deployment: string; from: number; to: number }
  | { type: "status-updated"; key: string; availableReplicas: number };

/** How a Controller is made: the clients, the informer factories and the event recorder it uses. */
export interface ControllerOptions {
  kubeClient: BuiltinClientset;
  sampleClient: Clientset;
  /** The runtime's factory the Deployment informer comes from (client-go's kubeinformers factory). */
  kubeInformerFactory: KubeInformerFactory;
  fooInformerFactory: SharedInformerFactory;
  recorder: EventRecorder;
  /** The work queue (default: client-go's default controller rate limiter, 5 ms doubling to 1000 s, and 10 qps/100 burst overall). */
  queue?: RateLimitingQueue;
  /** Told what happens (default: nothing). */
  log?: (entry: ControllerLog) => void;
}

/** The sample-controller: informers, a workqueue and the syncHandler that reconciles one Foo. */
export class Controller {
  readonly queue: RateLimitingQueue;
  readonly fooInformer: SharedIndexInformer<Foo>;
  readonly deploymentInformer: SharedIndexInformer<Deployment>;
  private readonly foos: FooLister;
  private readonly deployments: Lister<Deployment>;
  private readonly log: (entry: ControllerLog) => void;

  constructor(private readonly options: ControllerOptions) {
    this.queue = options.queue ?? new RateLimitingQueue({ name: "Foos" });
    this.log = options.log ?? (() => undefined);
    const foo = options.fooInformerFactory.samplecontroller().v1alpha1().foos();
    this.fooInformer = foo.informer;
    this.foos = foo.lister;
    const deployment = options.kubeInformerFactory.forResource<Deployment>(appsV1Resources.deployments);
    this.deploymentInformer = deployment.informer;
    this.deployments = deployment.lister;

    this.fooInformer.addEventHandler({
      onAdd: (f) => {
        this.enqueueFoo(f);
      },
      onUpdate: (_old, f) => {
        this.enqueueFoo(f);
      },
    });
    // A Deployment's change reaches the Foo that controls it; others are ignored. A periodic resync
    // sends the same version twice, which needs no work.
    this.deploymentInformer.addEventHandler({
      onAdd: (d) => {
        this.handleObject(d);
      },
      onUpdate: (oldD, newD) => {
        if (oldD.metadata?.resourceVersion === newD.metadata?.resourceVersion) return;
        this.handleObject(newD);
      },
      onDelete: (d) => {
        this.handleObject(d instanceof DeletedFinalStateUnknown ? d.obj : d);
      },
    });
  }

  /** Waits for the caches, then runs `workers` workers until `signal` aborts; resolves once they have stopped. */
  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.kubeInformerFactory.start(signal);
    this.options.fooInformerFactory.start(signal);
    await this.options.kubeInformerFactory.waitForCacheSync(signal);
    await this.options.fooInformerFactory.waitForCacheSync(signal);
    await runWorkers(this.queue, {
      workers,
      signal,
      reconcile: async (key, worker) => {
        const started = Date.now();
        this.log({ type: "sync-start", key, worker });
        await this.syncHandler(key);
        this.log({ type: "sync-done", key, worker, ms: Date.now() - started });
      },
      onError: (key, err, worker) => {
        this.log({
          type: "sync-error",
          key,
          worker,
          error: err instanceof Error ? err.message : String(err),
          requeues: this.queue.numRequeues(key),
        });
      },
    });
  }

  /** Brings the Deployment and the status of the Foo `key` (namespace/name) to what its spec asks. */
  async syncHandler(key: string): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    let foo: Foo;
    try {
      foo = this.foos.foos(namespace).get(name);
    } catch (err) {
      // The Foo is gone: its Deployment goes with it (garbage collection), nothing to do.
      if (isNotFound(err)) {
        this.log({ type: "foo-gone", key });
        return;
      }
      throw err;
    }
    const deploymentName = foo.spec.deploymentName;
    if (!deploymentName) {
      // Retrying cannot help until the Foo changes, which enqueues it again.
      this.options.recorder.event(
        withKind(foo),
        "Warning",
        ERR_DEPLOYMENT_NAME_MISSING,
        "spec.deploymentName is empty: no Deployment to manage",
      );
      return;
    }
    const client = this.options.kubeClient.appsV1().deployments(namespace);
    const lister: NamespaceLister<Deployment> = this.deployments.namespaced(namespace);
    let deployment: Deployment;
    try {
      deployment = lister.get(deploymentName);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      deployment = await client.create(newDeployment(foo), { fieldManager: CONTROLLER_AGENT_NAME });
      this.log({ type: "deployment-created", key, deployment: deploymentName, replicas: deployment.spec?.replicas ?? 1 });
    }
    if (!isControlledBy(deployment, foo)) {
      const message = messageResourceExists(deploymentName);
      this.options.recorder.event(withKind(foo), "Warning", ERR_RESOURCE_EXISTS, message);
      throw new Error(message);
    }
    const want = foo.spec.replicas;
    const have = deployment.spec?.replicas ?? 1;
    if (want !== null && want !== have) {
      deployment = await client.update(newDeployment(foo, deployment), { fieldManager: CONTROLLER_AGENT_NAME });
      this.log({ type: "deployment-scaled", key, deployment: deploymentName, from: have, to: want });
    }
    await this.updateFooStatus(foo, deployment, key);
    this.options.recorder.event(withKind(foo), "Normal", SUCCESS_SYNCED, MESSAGE_RESOURCE_SYNCED);
  }

  /** Copies the Deployment's availableReplicas into the Foo's status, through the status subresource. */
  private async updateFooStatus(foo: Foo, deployment: Deployment, key: string): Promise<void> {
    const available = deployment.status?.availableReplicas ?? 0;
    if (foo.status?.availableReplicas === available) return;
    // Never modify an object from the cache: it is shared (and frozen).
    const copy = deepCopyFoo(foo);
    copy.status = { availableReplicas: available };
    await this.options.sampleClient
      .samplecontrollerV1alpha1()
      .foos(foo.metadata?.namespace)
      .updateStatus(copy, { fieldManager: CONTROLLER_AGENT_NAME });
    this.log({ type: "status-updated", key, availableReplicas: available });
  }

  /** Puts the Foo's key on the queue. */
  enqueueFoo(foo: Foo): void {
    this.queue.add(metaNamespaceKeyFunc(foo));
  }

  /** Enqueues the Foo that controls `obj`, if a Foo does and it still exists. */
  private handleObject(obj: Deployment): void {
    const ref = getControllerOf(obj);
    if (ref?.kind !== FOO_KIND.kind) return;
    try {
      this.enqueueFoo(this.foos.foos(obj.metadata?.namespace ?? "").get(ref.name));
    } catch (err) {
      // An orphan of a deleted Foo: ignored (the garbage collector removes it).
      if (!isNotFound(err)) throw err;
    }
  }
}

/** The Foo with its apiVersion and kind, which an Event's involvedObject names (list items may lack them). */
function withKind(foo: Foo): Foo {
  return { ...foo, ...FOO_KIND };
}

/** The Deployment a Foo asks for: nginx pods labelled app=nginx,controller=<foo>, controlled by the Foo. `current` keeps its resourceVersion for an update. */
export function newDeployment(foo: Foo, current?: Deployment): Deployment {
  const labels = { app: "nginx", controller: foo.metadata?.name ?? "" };
  const namespace = foo.metadata?.namespace;
  const resourceVersion = current?.metadata?.resourceVersion;
  const replicas = foo.spec.replicas;
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: {
      name: foo.spec.deploymentName,
      ...(namespace !== undefined && { namespace }),
      ...(resourceVersion !== undefined && { resourceVersion }),
      labels,
      ownerReferences: [newControllerRef(foo, FOO_KIND)],
    },
    spec: {
      ...(replicas !== null && { replicas }),
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: "nginx", image: "nginx:latest" }] } },
    },
  };
}
