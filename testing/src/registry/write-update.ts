// PUT (and the final step of PATCH): optimistic concurrency on resourceVersion, the main/status split,
// metadata.generation, no-op detection, and deletion once a terminating object's last finalizer is gone.
import { storageForm } from "./conversion-views.js";
import { noteRequestObject } from "../audit/audit-log.js";
import { trackUpdate } from "./managed-fields.js";
import type { ResourceInfo } from "./resource-info.js";
import { nowTimestamp, type Emulate, type ServerState } from "../server-state.js";
import { ApiError, badRequest, conflict, notFound, OBJECT_MODIFIED } from "../status-errors.js";
import type { KubeObject } from "../storage/store.js";
import { createObject, type WriteResult } from "./write-create.js";
import {
  afterMutation,
  applyDefaults,
  checkNamespace,
  clone,
  groupResource,
  invalidByResource,
  jsonEqual,
  objectKey,
  pruneUnknown,
  checkFieldManagerDepth,
  resourceKey,
  specPart,
  storedForm,
  toWire,
  validateObject,
  type WriteOptions,
} from "./write-common.js";

/** What an update targets and how it was produced. */
export interface UpdateRequest {
  namespace: string | undefined;
  name: string;
  /** "status" for the status subresource; undefined for the main resource. */
  subresource?: string;
  /** Set when the new object came from a patch: resourceVersion is then optional. */
  fromPatch?: boolean;
  /** Replaces the Update bookkeeping of managedFields (server-side apply records its own). */
  managed?: (old: KubeObject, next: KubeObject, now: string) => void;
}

const SERVER_META = ["uid", "creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds", "generation", "namespace"];

function checkIdentity(info: ResourceInfo, obj: KubeObject, req: UpdateRequest): void {
  const meta = obj.metadata;
  if (meta["name"] === undefined || meta["name"] === "") meta["name"] = req.name;
  if (meta["name"] !== req.name)
    throw badRequest(`the name of the object (${String(meta["name"])}) does not match the name on the URL (${req.name})`);
  if (info.namespaced) {
    if (meta["namespace"] !== undefined && meta["namespace"] !== "" && meta["namespace"] !== req.namespace)
      throw badRequest("the namespace of the provided object does not match the namespace sent on the request");
  }
}

/** Where a real server keeps the object in etcd; the UID precondition's error quotes it. */
function etcdKey(info: ResourceInfo, key: string): string {
  return `/registry/${info.strategy.keyRoot(info)}/${key}`;
}

/**
 * A PUT whose object carries a uid makes it a precondition, checked against the stored object before
 * anything else, a missing object counting as uid "": a stale uid (the object was deleted, perhaps
 * recreated) is 409 Conflict with the storage layer's wording, not 404 or a silent overwrite.
 */
function checkUidPrecondition(info: ResourceInfo, obj: KubeObject, old: KubeObject | undefined, key: string, req: UpdateRequest): void {
  const uid = obj.metadata["uid"];
  if (req.fromPatch || typeof uid !== "string" || uid === "") return;
  const current = String(old?.metadata["uid"] ?? "");
  if (uid === current) return;
  throw conflict(
    groupResource(info),
    req.name,
    `StorageError: invalid object, Code: 4, Key: ${etcdKey(info, key)}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: ${uid}, UID in object meta: ${current}`,
  );
}

function checkResourceVersion(info: ResourceInfo, obj: KubeObject, old: KubeObject, req: UpdateRequest, emulate: Emulate): void {
  const rv = obj.metadata["resourceVersion"];
  if (rv === undefined || rv === "") {
    if (req.fromPatch || info.strategy.allowUnconditionalUpdate) return;
    // The value is the uint64 0: Go's %#v printed it 0x0 in 1.24; 1.37 prints values as JSON.
    const zero = emulate === "1.37" ? "0" : "0x0";
    throw invalidByResource(info, req.name, [
      {
        reason: "FieldValueInvalid",
        message: `Invalid value: ${zero}: must be specified for an update`,
        field: "metadata.resourceVersion",
      },
    ]);
  }
  if (emulate === "1.37") checkResourceVersionSyntax(String(rv));
  if (rv !== old.metadata["resourceVersion"]) throw conflict(groupResource(info), req.name, OBJECT_MODIFIED);
}

/**
 * A resourceVersion that is not a uint64 fails where the storage reads it (strconv.ParseUint), before
 * any comparison: a plain 500 with Go's error text, as recorded from 1.37.2. 1.24's answer was not
 * recorded, so emulate "1.24" keeps the 409 Conflict.
 */
function checkResourceVersionSyntax(rv: string): void {
  const problem = !/^[0-9]+$/.test(rv) ? "invalid syntax" : BigInt(rv) > 0xffffffffffffffffn ? "value out of range" : "";
  if (problem) throw new ApiError(500, "", `strconv.ParseUint: parsing ${JSON.stringify(rv)}: ${problem}`);
}

/** Builds the object to store from the request's object and the stored one. */
function merge(info: ResourceInfo, obj: KubeObject, old: KubeObject, req: UpdateRequest): KubeObject {
  if (req.subresource === "status") {
    const next = clone(old);
    if (obj["status"] === undefined) delete next["status"];
    else next["status"] = obj["status"];
    if (obj.metadata["managedFields"] !== undefined) next.metadata["managedFields"] = obj.metadata["managedFields"];
    return next;
  }
  const next = obj;
  // A patch that changes the uid is refused by validation (validateObjectMetaUpdate), so it is kept
  // for it to see; a PUT's uid was a precondition, checked already.
  const keep = req.fromPatch && next.metadata["uid"] ? ["uid"] : [];
  for (const f of SERVER_META) {
    if (keep.includes(f)) continue;
    if (old.metadata[f] === undefined) delete next.metadata[f];
    else next.metadata[f] = old.metadata[f];
  }
  if (info.statusSubresource) {
    if (old["status"] === undefined) delete next["status"];
    else next["status"] = old["status"];
  }
  if (info.hasGeneration && !jsonEqual(specPart(info, next), specPart(info, old)))
    next.metadata["generation"] = Number(old.metadata["generation"] ?? 0) + 1;
  return next;
}

/**
 * What decides that a write changes nothing: the object without its resourceVersion and without the
 * managedFields timestamps. A change of ownership alone (a new manager applying the stored values) is a
 * write, as on a real server; a manager re-sending what it owns is not.
 */
function withoutVolatile(o: KubeObject): Record<string, unknown> {
  const meta = { ...o.metadata };
  const managed = meta["managedFields"];
  if (Array.isArray(managed))
    meta["managedFields"] = managed.map((e: unknown) => {
      if (!e || typeof e !== "object") return e;
      const { time: _time, ...rest } = e as Record<string, unknown>;
      return rest;
    });
  delete meta["resourceVersion"];
  return { ...o, metadata: meta };
}

/**
 * After admission awaited its webhooks: the update was decided on `old`, so if another write replaced
 * it meanwhile this one conflicts, as the storage's compare-and-swap on the resourceVersion read does.
 */
function checkChangedMeanwhile(state: ServerState, info: ResourceInfo, key: string, old: KubeObject, name: string): void {
  const now = state.store.get(resourceKey(info), key);
  if (now?.metadata["resourceVersion"] !== old.metadata["resourceVersion"]) throw conflict(groupResource(info), name, OBJECT_MODIFIED);
}

/** Applies an update of `obj` to the stored object named in `req`. */
export async function updateObject(
  state: ServerState,
  info: ResourceInfo,
  obj: KubeObject,
  req: UpdateRequest,
  opts: WriteOptions,
): Promise<WriteResult> {
  pruneUnknown(info, obj, opts);
  checkFieldManagerDepth(info, obj);
  applyDefaults(info, obj);
  // The audit log's requestObject: the object decoded and defaulted, before admission.
  noteRequestObject(obj);
  checkIdentity(info, obj, req);
  const key = objectKey(info, req.namespace, req.name);
  const stored = state.store.get(resourceKey(info), key);
  // A custom resource converted by webhook is updated at the request's version (its view).
  // So is one stored in another resource's shape (events.k8s.io/v1 Events).
  const old = stored && (info.conversion || info.sharedStorage) ? toWire(info, stored) : stored;
  checkUidPrecondition(info, obj, old, key, req);
  if (!old) {
    if (!req.subresource && info.strategy.allowCreateOnUpdate) {
      delete obj.metadata["resourceVersion"];
      return createObject(state, info, req.namespace, obj, opts);
    }
    checkNamespace(state, info, req.namespace, req.name, false);
    throw notFound(groupResource(info), req.name);
  }
  checkResourceVersion(info, obj, old, req, state.settings.emulate);
  const admit = (o: KubeObject) => ({
    operation: "UPDATE" as const,
    info,
    subresource: req.subresource ?? "",
    name: req.name,
    namespace: info.namespaced ? req.namespace : undefined,
    object: o,
    oldObject: toWire(info, old),
    dryRun: opts.dryRun,
    warnings: opts.warnings,
  });
  const mutated = opts.admission?.mutate(admit(toWire(info, obj)));
  if (mutated) {
    obj = await mutated;
    afterMutation(info, obj);
    checkIdentity(info, obj, req);
    checkChangedMeanwhile(state, info, key, old, req.name);
  }
  const next = merge(info, obj, old, req);
  next.metadata["resourceVersion"] = old.metadata["resourceVersion"];
  if (!req.subresource) info.strategy.beginUpdate?.(state, info, next, old, opts.dryRun);
  validateObject(info, next, state.settings.emulate, old, { warnings: opts.warnings, status: req.subresource === "status" });
  const validated = opts.admission?.validate(admit(toWire(info, next)));
  if (validated) {
    await validated;
    checkChangedMeanwhile(state, info, key, old, req.name);
  }
  const now = nowTimestamp();
  if (req.managed) req.managed(old, next, now);
  else trackUpdate(info, old, next, opts.manager, req.subresource, now);
  const wire = toWire(info, next);
  if (jsonEqual(withoutVolatile(wire), withoutVolatile(toWire(info, old)))) return { code: 200, object: toWire(info, old) };
  if (opts.dryRun) return { code: 200, object: wire };
  const finalizers = wire.metadata["finalizers"];
  const hadFinalizers = Array.isArray(old.metadata["finalizers"]) && old.metadata["finalizers"].length > 0;
  // shouldDeleteDuringUpdate: the last finalizer removed from a terminating object whose grace period is
  // over (0). A gracefully deleting pod (period > 0) or an object that never had finalizers is updated.
  if (
    wire.metadata["deletionTimestamp"] &&
    hadFinalizers &&
    old.metadata["deletionGracePeriodSeconds"] === 0 &&
    (!Array.isArray(finalizers) || finalizers.length === 0)
  ) {
    // The last finalizer of a terminating object is gone: the server deletes instead of updating (one
    // DELETED event, no MODIFIED) and answers with the object it was asked to store.
    state.store.delete(resourceKey(info), key);
    return { code: 200, object: wire };
  }
  const converted = storageForm(info, wire);
  if (!converted) return { code: 200, object: toWire(info, state.store.update(resourceKey(info), key, storedForm(info, wire))) };
  const storageObject = await converted;
  checkChangedMeanwhile(state, info, key, old, req.name);
  return { code: 200, object: toWire(info, state.store.update(resourceKey(info), key, storageObject)) };
}
