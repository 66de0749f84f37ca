// SharedInformerFactory: one informer per resource for a whole program, as informer-gen's factory.
// Informers share the factory's transport, namespace, list-option tweak and resync defaults; any
// resource works, given its ResourceDescription, and a generated or built-in typed client can be
// supplied in place of the generic ResourceClient.
import type { KubeObject } from "../client/object-types.js";
import { ResourceClient, asTransport } from "../client/resource-client.js";
import type { ResourceDescription } from "../client/resource.js";
import type { RestConfig } from "../rest/rest-config.js";
import type { Transport } from "../rest/transport.js";
import { Lister } from "./lister.js";
import { tweakedListerWatcher } from "./lister-watcher.js";
import type { ListerWatcher, TweakListOptions } from "./lister-watcher.js";
import { SharedIndexInformer } from "./shared-informer.js";
import type { SharedIndexInformerOptions } from "./shared-informer.js";
import { waitForCacheSync } from "./wait-for-sync.js";

/** Options of a factory, as informer-gen's SharedInformerOption functions set them. */
export interface SharedInformerFactoryOptions {
  /** Watch only this namespace (all namespaces when unset; cluster-scoped resources ignore it). */
  namespace?: string;
  /** Applied to every list and watch of every informer. */
  tweakListOptions?: TweakListOptions;
  /** The resync period of informers with no custom one (ms; 0: none). */
  defaultResync?: number;
  /** Per-resource resync periods (ms), as WithCustomResyncConfig. */
  customResync?: Iterable<readonly [ResourceDescription, number]>;
  /** Options every informer gets (reflector tuning, freezing, error reporting). */
  informerOptions?: Omit<SharedIndexInformerOptions<KubeObject>, "defaultResyncPeriod" | "indexers" | "transform">;
}

/** Builds the list/watch client of a resource, namespaced or not (a typed client fits). */
export type NewListerWatcher<T> = (transport: Transport, resource: ResourceDescription, namespace: string | undefined) => ListerWatcher<T>;

/** An informer with its lister, as client-go's GenericInformer. */
export interface GenericInformer<T extends KubeObject> {
  informer: SharedIndexInformer<T>;
  lister: Lister<T>;
}

/** The key of a resource: informers are shared per group, version and plural. */
function resourceKey(r: ResourceDescription): string {
  return `${r.group}/${r.version}/${r.plural}`;
}

const newResourceClient = <T extends KubeObject>(
  transport: Transport,
  resource: ResourceDescription,
  ns: string | undefined,
): ListerWatcher<T> => new ResourceClient<T>(transport, resource, ns);

/** One shared informer per resource; start them, wait for them, shut them down together. */
export class SharedInformerFactory {
  private readonly transport: Transport;
  private readonly informers = new Map<string, SharedIndexInformer>();
  private readonly resync = new Map<string, number>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();
  private shuttingDown = false;

  constructor(
    clientsOrConfig: Transport | RestConfig,
    private readonly options: SharedInformerFactoryOptions = {},
  ) {
    this.transport = asTransport(clientsOrConfig);
    for (const [r, ms] of options.customResync ?? []) this.resync.set(resourceKey(r), ms);
  }

  /** Sets the resync period of `resource`'s informer; only before that informer is made. */
  withCustomResync(resource: ResourceDescription, ms: number): this {
    if (this.informers.has(resourceKey(resource))) throw new Error(`the informer of ${resource.plural} already exists`);
    this.resync.set(resourceKey(resource), ms);
    return this;
  }

  /**
   * The informer of `resource`, made on first use: the same resource always gives the same
   * informer. `newClient` builds its list/watch client (default: a ResourceClient); `options` are
   * used only when the informer is made.
   */
  informerFor<T extends KubeObject>(
    resource: ResourceDescription,
    newClient: NewListerWatcher<T> = newResourceClient,
    options: Omit<SharedIndexInformerOptions<T>, "defaultResyncPeriod"> = {},
  ): SharedIndexInformer<T> {
    const key = resourceKey(resource);
    const existing = this.informers.get(key);
    if (existing) return existing as unknown as SharedIndexInformer<T>;
    const ns = resource.namespaced ? this.options.namespace : undefined;
    let lw = newClient(this.transport, resource, ns);
    if (this.options.tweakListOptions) lw = tweakedListerWatcher(lw, this.options.tweakListOptions);
    const informer = new SharedIndexInformer<T>(lw, {
      ...(this.options.informerOptions as SharedIndexInformerOptions<T> | undefined),
      ...options,
      defaultResyncPeriod: this.resync.get(key) ?? this.options.defaultResync ?? 0,
    });
    this.informers.set(key, informer as unknown as SharedIndexInformer);
    return informer;
  }

  /** The informer and lister of `resource`, as client-go's ForResource. */
  forResource<T extends KubeObject = KubeObject>(resource: ResourceDescription): GenericInformer<T> {
    const informer = this.informerFor<T>(resource);
    return { informer, lister: new Lister<T>(informer.getIndexer(), resource) };
  }

  /** Starts every informer made so far and not yet started; they run until `signal` aborts or shutdown(). */
  start(signal: AbortSignal): void {
    if (this.shuttingDown) return;
    const both = AbortSignal.any([signal, this.controller.signal]);
    for (const [key, informer] of this.informers) {
      if (this.running.has(key)) continue;
      this.running.set(key, informer.run(both));
    }
  }

  /** Waits until every started informer has synced or `signal` aborts; says which synced, by group/version/plural. */
  async waitForCacheSync(signal: AbortSignal): Promise<Map<string, boolean>> {
    const started = [...this.informers].filter(([key]) => this.running.has(key));
    await waitForCacheSync(
      signal,
      ...started.map(
        ([, i]) =>
          () =>
            i.hasSynced(),
      ),
    );
    return new Map(started.map(([key, i]) => [key, i.hasSynced()]));
  }

  /** Stops every informer and resolves once all have stopped; start() does nothing afterwards. */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.controller.abort();
    await Promise.all(this.running.values());
  }
}
