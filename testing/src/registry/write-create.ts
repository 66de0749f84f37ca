// POST: create an object (and the create half of PUT-as-create and apply-as-create), in the real server's
// order: decode, field validation, namespace admission, PrepareForCreate, validation, then storage.
import { randomUUID } from "node:crypto";
import { noteRequestObject } from "../audit/audit-log.js";
import { storageForm } from "./conversion-views.js";
import { trackUpdate } from "./managed-fields.js";
import type { ResourceInfo } from "./resource-info.js";
import { nowTimestamp, type ServerState } from "../server-state.js";
import { alreadyExists, badRequest, ApiError } from "../status-errors.js";
import type { KubeObject } from "../storage/store.js";
import {
  afterMutation,
  applyDefaults,
  checkNamespace,
  generateName,
  groupResource,
  objectKey,
  pruneUnknown,
  checkFieldManagerDepth,
  resourceKey,
  storedForm,
  toWire,
  validateObject,
  type WriteOptions,
} from "./write-common.js";

/** Result of a write: the object as stored (or as it would be, under dryRun) and the HTTP status. */
export interface WriteResult {
  code: number;
  object: KubeObject;
}

/**
 * The namespace from the URL, as the handler sets it before admission
 * (EnsureObjectNamespaceMatchesRequestNamespace), so webhooks see it; a different one is a 400.
 */
function ensureNamespace(info: ResourceInfo, obj: KubeObject, namespace: string | undefined): void {
  const meta = obj.metadata;
  if (info.namespaced) {
    if (meta["namespace"] !== undefined && meta["namespace"] !== "" && meta["namespace"] !== namespace)
      throw badRequest("the namespace of the provided object does not match the namespace sent on the request");
    meta["namespace"] = namespace;
  } else {
    delete meta["namespace"];
  }
}

/** Prepares a decoded object's metadata for create: namespace from the URL, server fields cleared. */
function prepareForCreate(info: ResourceInfo, obj: KubeObject, namespace: string | undefined): void {
  ensureNamespace(info, obj, namespace);
  const meta = obj.metadata;
  for (const f of ["uid", "deletionTimestamp", "deletionGracePeriodSeconds", "selfLink"]) delete meta[f];
  if (info.hasGeneration) meta["generation"] = 1;
  else delete meta["generation"];
}

/** Creates `obj` (already decoded) in `namespace`; `apply` marks a create made by server-side apply. */
export async function createObject(
  state: ServerState,
  info: ResourceInfo,
  namespace: string | undefined,
  obj: KubeObject,
  opts: WriteOptions,
  managed: (o: KubeObject, now: string) => void = (o, now) => trackUpdate(info, undefined, o, opts.manager, undefined, now),
): Promise<WriteResult> {
  pruneUnknown(info, obj, opts);
  checkFieldManagerDepth(info, obj);
  // Status is not writable through create when it has its own endpoint; built-in defaulting then fills
  // the initial status (Namespace phase, Pod phase, CRD conditions), as PrepareForCreate does.
  if (info.statusSubresource) delete obj["status"];
  applyDefaults(info, obj);
  // The audit log's requestObject: the object decoded and defaulted, before admission.
  noteRequestObject(obj);
  let meta = obj.metadata;
  const givenName = typeof meta["name"] === "string" ? meta["name"] : "";
  // Admission runs before the name is generated and names the object by its generateName meanwhile.
  const admissionName = givenName || (typeof meta["generateName"] === "string" ? meta["generateName"] : "");
  checkNamespace(state, info, info.namespaced ? namespace : undefined, admissionName, true);
  // The field manager records the request's fields before admission, so what webhooks add is not tracked.
  ensureNamespace(info, obj, namespace);
  const now = nowTimestamp();
  managed(obj, now);
  const admit = (o: KubeObject) => ({
    operation: "CREATE" as const,
    info,
    subresource: "",
    name: givenName,
    namespace: info.namespaced ? namespace : undefined,
    object: o,
    oldObject: undefined,
    dryRun: opts.dryRun,
    warnings: opts.warnings,
  });
  const mutated = opts.admission?.mutate(admit(toWire(info, obj)));
  if (mutated) {
    obj = await mutated;
    afterMutation(info, obj);
    meta = obj.metadata;
  }
  prepareForCreate(info, obj, namespace);
  if (meta["resourceVersion"] !== undefined && meta["resourceVersion"] !== "") {
    // A plain storage error on the real server: 500 with no reason and no details.
    throw new ApiError(500, "", "resourceVersion should not be set on objects to be created");
  }
  delete meta["resourceVersion"];
  if (!givenName && typeof meta["generateName"] === "string" && meta["generateName"]) {
    for (let i = 0; i < 8; i++) {
      meta["name"] = generateName(meta["generateName"]);
      if (!state.store.get(resourceKey(info), objectKey(info, namespace, String(meta["name"])))) break;
    }
  }
  info.strategy.beginCreate?.(state, info, obj, opts.dryRun);
  validateObject(info, obj, state.settings.emulate, undefined, { warnings: opts.warnings });
  const name = String(meta["name"]);
  const validated = opts.admission?.validate({ ...admit(toWire(info, obj)), name });
  if (validated) await validated;
  meta["uid"] = randomUUID();
  meta["creationTimestamp"] = now;
  const key = objectKey(info, namespace, name);
  if (state.store.get(resourceKey(info), key)) throw alreadyExists(groupResource(info), name);
  let wire = toWire(info, obj);
  const converted = storageForm(info, wire);
  if (converted) {
    wire = await converted;
    if (state.store.get(resourceKey(info), key)) throw alreadyExists(groupResource(info), name);
  }
  if (opts.dryRun) return { code: 201, object: toWire(info, wire) };
  return { code: 201, object: toWire(info, state.store.create(resourceKey(info), key, storedForm(info, wire))) };
}
