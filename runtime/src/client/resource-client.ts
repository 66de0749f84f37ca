// ResourceClient: the verbs of one group/version/resource, as client-go's typed clients have them,
// over a Transport. A namespaced client is bound to a namespace with .namespace(ns); unbound, it
// lists and watches across all namespaces and takes an object's namespace from its metadata.
// Every name and namespace is validated before it reaches a URL (resource.ts); a refused one is a
// rejected promise (InvalidNameError), like every other failure of a verb.
import type { Status } from "../core/status.js";
import { createTransport } from "../rest/transport.js";
import type { RestRequest, Transport } from "../rest/transport.js";
import type { RestConfig } from "../rest/rest-config.js";
import { watchBatches, watchStream } from "../watch/watch-stream.js";
import type { WatchEvent } from "../watch/watch-event.js";
import { listAllPages, pageItems } from "./list-pager.js";
import type { CollectedList } from "./list-pager.js";
import { validateNamespace } from "./names.js";
import type { ApplyConfiguration, AppliedObject } from "./apply-configuration.js";
import type { KubeObject, ObjectList } from "./object-types.js";
import { applyQuery, deleteBody, listQuery, watchQuery, writeQuery } from "./options.js";
import type { ApplyOptions, DeleteOptions, GetOptions, ListOptions, PatchOptions, WatchOptions, WriteOptions } from "./options.js";
import { APPLY_CONTENT_TYPE, PATCH_CONTENT_TYPES } from "./patch-type.js";
import type { JsonPatchOperation, PatchType } from "./patch-type.js";
import { resourcePath } from "./resource.js";
import type { ResourceDescription } from "./resource.js";
import type { Scale } from "./scale.js";

/** The body of each patch type. */
export type PatchBody<P extends PatchType> = P extends "json" ? readonly JsonPatchOperation[] : Record<string, unknown>;

function isTransport(t: Transport | RestConfig): t is Transport {
  return typeof (t as Transport).request === "function";
}

/** A Transport as is, or one made from a RestConfig: what generated clientsets take. */
export function asTransport(t: Transport | RestConfig): Transport {
  return isTransport(t) ? t : createTransport(t);
}

/** The typed verbs of one resource. T is the object, L its list, A what apply takes (a deep partial of T). */
export class ResourceClient<
  T extends KubeObject,
  L extends ObjectList<T> = ObjectList<T>,
  A extends AppliedObject = ApplyConfiguration<T>,
> {
  readonly transport: Transport;

  constructor(
    transport: Transport | RestConfig,
    readonly resource: ResourceDescription,
    /** The bound namespace (namespaced resources only); undefined means all namespaces. */
    readonly boundNamespace?: string,
  ) {
    this.transport = asTransport(transport);
    if (boundNamespace !== undefined && !resource.namespaced) throw new Error(`${resource.plural} is cluster-scoped: it has no namespaces`);
    if (boundNamespace !== undefined) validateNamespace(boundNamespace);
  }

  /** The same client, bound to `namespace`. */
  namespace(namespace: string): ResourceClient<T, L, A> {
    return new ResourceClient<T, L, A>(this.transport, this.resource, namespace);
  }

  // The namespace of a request on a named object: the bound one, else the object's.
  private objectNamespace(obj?: KubeObject): string | undefined {
    if (!this.resource.namespaced) return undefined;
    const ns = this.boundNamespace ?? obj?.metadata?.namespace;
    if (ns === undefined)
      throw new Error(
        `${this.resource.plural} is namespaced: bind a namespace with .namespace(ns)${obj ? " or set metadata.namespace" : ""}`,
      );
    return ns;
  }

  private nameOf(obj: KubeObject, verb: string): string {
    const name = obj.metadata?.name;
    if (name === undefined) throw new Error(`${verb} of ${this.resource.kind} needs metadata.name`);
    return name;
  }

  private send<R>(req: RestRequest): Promise<R> {
    return this.transport.json<R>(req);
  }

  private signalOf(o?: { signal?: AbortSignal }): { signal?: AbortSignal } {
    return o?.signal ? { signal: o.signal } : {};
  }

  /** GET one object. */
  async get(name: string, options: GetOptions = {}): Promise<T> {
    const path = resourcePath(this.resource, this.objectNamespace(), name);
    return this.send<T>({ method: "GET", path, query: { resourceVersion: options.resourceVersion }, ...this.signalOf(options) });
  }

  /** LIST one page (or all, without a limit). */
  async list(options: ListOptions = {}): Promise<L> {
    const path = resourcePath(this.resource, this.boundNamespace);
    return this.send<L>({ method: "GET", path, query: listQuery(options), ...this.signalOf(options) });
  }

  /** Every matching object, paged with limit (default 500) and continue tokens. */
  listAll(options: ListOptions = {}): AsyncGenerator<T, void, undefined> {
    return pageItems<T>((o) => this.list(o), options);
  }

  /**
   * Every matching object, collected into an array. When a continue token expires midway (410
   * Expired), the pages read so far are dropped and one unpaged list is made instead.
   */
  async listAllItems(options: ListOptions = {}): Promise<T[]> {
    return (await this.listAllPages(options)).items;
  }

  /** Like listAllItems, with the snapshot's resourceVersion (what a reflector watches from). */
  listAllPages(options: ListOptions = {}): Promise<CollectedList<T>> {
    return listAllPages<T>((o) => this.list(o), options);
  }

  /** POST a new object. */
  async create(obj: T, options: WriteOptions = {}): Promise<T> {
    const path = resourcePath(this.resource, this.objectNamespace(obj));
    return this.send<T>({ method: "POST", path, body: obj, query: writeQuery(options), ...this.signalOf(options) });
  }

  /** PUT the object (metadata.resourceVersion, when set, makes it a compare-and-swap: 409 Conflict if stale). */
  async update(obj: T, options: WriteOptions = {}): Promise<T> {
    return this.put(obj, undefined, options);
  }

  /** PUT the object's status subresource. */
  async updateStatus(obj: T, options: WriteOptions = {}): Promise<T> {
    return this.put(obj, "status", options);
  }

  private async put(obj: T, subresource: string | undefined, options: WriteOptions): Promise<T> {
    const path = resourcePath(
      this.resource,
      this.objectNamespace(obj),
      this.nameOf(obj, subresource ? "updateStatus" : "update"),
      subresource,
    );
    return this.send<T>({ method: "PUT", path, body: obj, query: writeQuery(options), ...this.signalOf(options) });
  }

  /** DELETE one object: the object (still terminating, or as deleted) or a Status, as the server answers. */
  async delete(name: string, options: DeleteOptions = {}): Promise<T | Status> {
    const path = resourcePath(this.resource, this.objectNamespace(), name);
    return this.send<T | Status>({ method: "DELETE", path, body: deleteBody(options), ...this.signalOf(options) });
  }

  /** DELETE every matching object in the bound namespace (or everywhere). */
  async deleteCollection(options: DeleteOptions & ListOptions = {}): Promise<L | Status> {
    const path = resourcePath(this.resource, this.boundNamespace);
    return this.send<L | Status>({
      method: "DELETE",
      path,
      query: listQuery(options),
      body: deleteBody(options),
      ...this.signalOf(options),
    });
  }

  /** PATCH with a merge, JSON or strategic-merge patch, optionally of a subresource. */
  async patch<P extends PatchType>(name: string, type: P, patch: PatchBody<P>, options: PatchOptions = {}): Promise<T> {
    const path = resourcePath(this.resource, this.objectNamespace(), name, options.subresource);
    return this.send<T>({
      method: "PATCH",
      path,
      body: patch,
      contentType: PATCH_CONTENT_TYPES[type],
      query: writeQuery(options),
      ...this.signalOf(options),
    });
  }

  /** Server-side apply of `config` under `options.fieldManager`. */
  async apply(config: A, options: ApplyOptions): Promise<T> {
    return this.applyTo(config, undefined, options);
  }

  /** Server-side apply to the status subresource. */
  async applyStatus(config: A, options: ApplyOptions): Promise<T> {
    return this.applyTo(config, "status", options);
  }

  private async applyTo(config: A, subresource: string | undefined, options: ApplyOptions): Promise<T> {
    const query = applyQuery(options);
    const path = resourcePath(this.resource, this.objectNamespace(config), this.nameOf(config, "apply"), subresource);
    return this.send<T>({
      method: "PATCH",
      path,
      body: config,
      contentType: APPLY_CONTENT_TYPE,
      query,
      ...this.signalOf(options),
    });
  }

  /** WATCH: an async iterator of events, ended by options.signal or the server; ERROR events throw ApiError. */
  watch(options: WatchOptions = {}): AsyncGenerator<WatchEvent<T>, void, undefined> {
    return watchStream<T>(this.transport, this.watchRequest(options));
  }

  /**
   * WATCH in batches: for each chunk the connection delivers, the events it completes, parsed as
   * each batch is iterated (read each to its end before taking the next). What informers use: one
   * await per chunk rather than per event.
   */
  watchBatches(options: WatchOptions = {}): AsyncGenerator<Iterable<WatchEvent<T>>, void, undefined> {
    return watchBatches<T>(this.transport, this.watchRequest(options));
  }

  private watchRequest(options: WatchOptions): RestRequest {
    return { method: "GET", path: resourcePath(this.resource, this.boundNamespace), query: watchQuery(options), ...this.signalOf(options) };
  }

  /** GET the scale subresource. */
  async getScale(name: string, options: GetOptions = {}): Promise<Scale> {
    return this.getSubresource<Scale>(name, "scale", options);
  }

  /** PUT the scale subresource. */
  async updateScale(name: string, scale: Scale, options: WriteOptions = {}): Promise<Scale> {
    return this.updateSubresource<Scale>(name, "scale", scale, options);
  }

  // Any subresource, with its own body and result types: what `+genclient:method=` extensions call.

  /** GET a subresource of the named object, e.g. scale. */
  async getSubresource<R>(name: string, subresource: string, options: GetOptions = {}): Promise<R> {
    const path = resourcePath(this.resource, this.objectNamespace(), name, subresource);
    return this.send<R>({ method: "GET", path, query: { resourceVersion: options.resourceVersion }, ...this.signalOf(options) });
  }

  /** PUT a subresource of the named object (the generated method types the body). */
  async updateSubresource<R>(name: string, subresource: string, body: unknown, options: WriteOptions = {}): Promise<R> {
    const path = resourcePath(this.resource, this.objectNamespace(), name, subresource);
    return this.send<R>({ method: "PUT", path, body, query: writeQuery(options), ...this.signalOf(options) });
  }

  /** POST to a subresource of the named object, e.g. pods/eviction. */
  async createSubresource<R>(name: string, subresource: string, body: unknown, options: WriteOptions = {}): Promise<R> {
    const path = resourcePath(this.resource, this.objectNamespace(), name, subresource);
    return this.send<R>({ method: "POST", path, body, query: writeQuery(options), ...this.signalOf(options) });
  }
}
