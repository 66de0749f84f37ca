// The manager's client, as controller-runtime's default client: reads (get, list) are answered from
// the manager's shared cache, so a reconciler that reads what it watches costs the API server
// nothing; writes go to the server. An informer the cache does not have yet is made on the first
// read and, once the manager is running, started and waited for (as controller-runtime's informer
// cache starts informers on demand). What a read returns is a copy: the cache's objects are shared
// by every reader and must not be modified.
import type { SharedInformerFactory } from "../cache/informer-factory.js";
import type { LabelSelectorInput } from "../client/label-selector.js";
import type { KubeObject } from "../client/object-types.js";
import { ResourceClient } from "../client/resource-client.js";
import type { ResourceDescription } from "../client/resource.js";
import type { Transport } from "../rest/transport.js";

/** Options of a cached list. */
export interface CachedListOptions {
  /** Only this namespace's objects (all namespaces when unset). */
  namespace?: string;
  /** Only objects whose labels match. */
  labelSelector?: LabelSelectorInput;
}

/** Reads from the manager's cache, writes to the server. Made by Manager.getClient(). */
export class CachedClient {
  constructor(
    private readonly cache: SharedInformerFactory,
    private readonly transport: Transport,
    /** The manager's cache signal once its caches run (undefined before start), to start late informers with. */
    private readonly running: () => AbortSignal | undefined,
  ) {}

  // The resource's informer, started and synced if the manager already runs its caches.
  private async synced<T extends KubeObject>(resource: ResourceDescription, signal?: AbortSignal) {
    const generic = this.cache.forResource<T>(resource);
    const running = this.running();
    if (running && !generic.informer.hasSynced()) {
      this.cache.start(running);
      await this.cache.waitForCacheSync(signal ? AbortSignal.any([signal, running]) : running);
    }
    return generic;
  }

  /** The object from the cache, copied; throws NotFound (as the server would) when it is not there. */
  async get<T extends KubeObject>(resource: ResourceDescription, namespace: string, name: string, signal?: AbortSignal): Promise<T> {
    const { lister } = await this.synced<T>(resource, signal);
    const obj = resource.namespaced ? lister.namespaced(namespace).get(name) : lister.get(name);
    return structuredClone(obj);
  }

  /** The cached objects that match, copied, in the cache's order. */
  async list<T extends KubeObject>(resource: ResourceDescription, options: CachedListOptions = {}, signal?: AbortSignal): Promise<T[]> {
    const { lister } = await this.synced<T>(resource, signal);
    const objs =
      resource.namespaced && options.namespace !== undefined
        ? lister.namespaced(options.namespace).list(options.labelSelector)
        : lister.list(options.labelSelector);
    return objs.map((o) => structuredClone(o));
  }

  /** A client of the server for writes (create, update, updateStatus, patch, apply, delete), in `namespace` for a namespaced resource. */
  writer<T extends KubeObject>(resource: ResourceDescription, namespace?: string): ResourceClient<T> {
    const client = new ResourceClient<T>(this.transport, resource);
    return resource.namespaced && namespace !== undefined ? client.namespace(namespace) : client;
  }

  /** Creates `obj` on the server (in its metadata.namespace). */
  create<T extends KubeObject>(resource: ResourceDescription, obj: T): Promise<T> {
    return this.writer<T>(resource, obj.metadata?.namespace).create(obj);
  }

  /** Replaces `obj` on the server (its resourceVersion guards against lost updates). */
  update<T extends KubeObject>(resource: ResourceDescription, obj: T): Promise<T> {
    return this.writer<T>(resource, obj.metadata?.namespace).update(obj);
  }

  /** Replaces `obj`'s status on the server. */
  updateStatus<T extends KubeObject>(resource: ResourceDescription, obj: T): Promise<T> {
    return this.writer<T>(resource, obj.metadata?.namespace).updateStatus(obj);
  }

  /** Deletes `obj` on the server. */
  async delete(resource: ResourceDescription, obj: KubeObject): Promise<void> {
    await this.writer(resource, obj.metadata?.namespace).delete(obj.metadata?.name ?? "");
  }
}
