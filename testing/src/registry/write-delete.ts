// DELETE: preconditions, propagationPolicy (orphan / foreground finalizers), deletion with finalizers
// (deletionTimestamp set, generation bumped), graceful deletion for resources whose strategy has a grace
// period, and the Status or object the server answers with. Per-resource behaviour comes from the
// resource's strategy (strategy.ts), never from its name.
import type { Admission } from "./admission-hooks.js";
import { carryViews } from "./conversion-views.js";
import type { ResourceInfo } from "./resource-info.js";
import { nowTimestamp, type ServerState } from "../server-state.js";
import { ApiError, notFound } from "../status-errors.js";
import type { Strategy } from "./strategy.js";
import type { KubeObject } from "../storage/store.js";
import { clone, groupResource, kindLabel, objectKey, resourceKey, toWire } from "./write-common.js";

/** DeleteOptions as the handler parsed them from the body and the query (endpoints/delete-options.ts). */
export interface DeleteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: string;
  /** The deprecated orphanDependents as sent; false asks for 202 Accepted when deletion is not immediate. */
  orphanDependents?: boolean;
  /** gracePeriodSeconds as sent (only resources whose strategy has a grace period, pods, delete gracefully). */
  gracePeriodSeconds?: number;
  dryRun: boolean;
  /** The request's admission (webhooks); absent for the server's own deletes. */
  admission?: Admission;
  /** Where admission webhooks' warnings go. */
  warnings?: string[];
}

/** Result of a delete: the body to send and its code. */
export interface DeleteResult {
  code: number;
  body: Record<string, unknown>;
  /** The object as it was before the delete (for deletecollection's answer). */
  before: KubeObject;
}

function preconditionConflict(info: ResourceInfo, name: string, message: string): ApiError {
  return new ApiError(409, "Conflict", `Operation cannot be fulfilled on ${kindLabel(info)} "${name}": ${message}`, {
    name,
    group: info.group,
    kind: info.kind,
  });
}

function checkPreconditions(info: ResourceInfo, obj: KubeObject, name: string, pre: DeleteOptions["preconditions"]): void {
  if (!pre) return;
  const uid = String(obj.metadata["uid"] ?? "");
  if (pre.uid && pre.uid !== uid)
    throw preconditionConflict(
      info,
      name,
      `the UID in the precondition (${pre.uid}) does not match the UID in record (${uid}). The object might have been deleted and then recreated`,
    );
  const rv = String(obj.metadata["resourceVersion"] ?? "");
  if (pre.resourceVersion && pre.resourceVersion !== rv)
    throw preconditionConflict(
      info,
      name,
      `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${rv}). The object might have been modified`,
    );
}

function successStatus(info: ResourceInfo, name: string, uid: unknown): Record<string, unknown> {
  const details: Record<string, unknown> = { name, kind: info.resource, uid };
  if (info.group) details["group"] = info.group;
  return { kind: "Status", apiVersion: "v1", metadata: {}, status: "Success", details };
}

/** Deletes (or starts deleting) one object. */
export async function deleteObject(
  state: ServerState,
  info: ResourceInfo,
  namespace: string | undefined,
  name: string,
  opts: DeleteOptions,
): Promise<DeleteResult> {
  const strategy = info.strategy;
  strategy.admitDelete?.(name);
  const key = objectKey(info, namespace, name);
  let obj = state.store.get(resourceKey(info), key);
  if (!obj) throw notFound(groupResource(info), name);
  checkPreconditions(info, obj, name, opts.preconditions);
  if (opts.admission) {
    // Admission of a DELETE sees the stored object as oldObject; the mutating phase runs too (it
    // cannot change anything, but a webhook may refuse), then the validating one.
    const attrs = {
      operation: "DELETE" as const,
      info,
      subresource: "",
      name,
      namespace,
      object: undefined,
      oldObject: toWire(info, obj),
      dryRun: opts.dryRun,
      warnings: opts.warnings ?? [],
    };
    const mutated = opts.admission.mutate(attrs);
    if (mutated) await mutated;
    const validated = opts.admission.validate(attrs);
    if (validated) await validated;
    if (mutated || validated) {
      // The object may have changed while the webhooks ran: decide on what is stored now.
      obj = state.store.get(resourceKey(info), key);
      if (!obj) throw notFound(groupResource(info), name);
      checkPreconditions(info, obj, name, opts.preconditions);
    }
  }
  const finalizers = Array.isArray(obj.metadata["finalizers"]) ? [...(obj.metadata["finalizers"] as string[])] : [];
  if (strategy.delete) return strategy.delete(state, info, obj, key, opts);
  const policy = opts.propagationPolicy;
  if (policy === "Orphan" && !finalizers.includes("orphan")) finalizers.push("orphan");
  if (policy === "Foreground" && !finalizers.includes("foregroundDeletion")) finalizers.push("foregroundDeletion");
  if (strategy.gracePeriodSeconds) {
    const graceful = gracefulDeletion(state, info, strategy.gracePeriodSeconds, obj, key, finalizers, opts);
    if (graceful) return graceful;
  }
  if (finalizers.length === 0) return removeNow(state, info, obj, key, name, opts);
  if (obj.metadata["deletionTimestamp"] && jsonEqual(finalizers, obj.metadata["finalizers"]))
    return { code: notDeletedCode(opts), body: toWire(info, obj), before: obj };
  const next = clone(obj);
  carryViews(obj, next);
  next.metadata["finalizers"] = finalizers;
  if (!next.metadata["deletionTimestamp"]) {
    next.metadata["deletionTimestamp"] = nowTimestamp();
    next.metadata["deletionGracePeriodSeconds"] = 0;
    if (info.hasGeneration) next.metadata["generation"] = Number(next.metadata["generation"] ?? 0) + 1;
  }
  const stored = opts.dryRun ? next : state.store.update(resourceKey(info), key, next);
  return { code: notDeletedCode(opts), body: toWire(info, stored), before: obj };
}

function addSeconds(timestamp: string, seconds: number): string {
  return new Date(Date.parse(timestamp) + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Removes the object from storage (unless dryRun); the answer is the object or a Status, per the strategy. */
function removeNow(state: ServerState, info: ResourceInfo, obj: KubeObject, key: string, name: string, opts: DeleteOptions): DeleteResult {
  const gone = opts.dryRun ? obj : (state.store.delete(resourceKey(info), key) ?? obj);
  const body = info.strategy.returnDeletedObject ? toWire(info, gone) : successStatus(info, name, obj.metadata["uid"]);
  return { code: 200, body, before: obj };
}

/**
 * Graceful deletion (BeforeDelete with the strategy's CheckGracefulDeletion): an object given a grace
 * period gets deletionTimestamp = now + period and stays until a delete with a shorter (zero) period,
 * which a kubelet would send for a pod and nothing here does. A repeated delete only shortens the period.
 * Returns undefined when the ordinary path applies (zero period, or a deletion recorded with period 0).
 */
function gracefulDeletion(
  state: ServerState,
  info: ResourceInfo,
  gracePeriodSeconds: NonNullable<Strategy["gracePeriodSeconds"]>,
  obj: KubeObject,
  key: string,
  finalizers: string[],
  opts: DeleteOptions,
): DeleteResult | undefined {
  const meta = obj.metadata;
  const current = meta["deletionGracePeriodSeconds"];
  let period: number;
  let timestamp: string;
  if (meta["deletionTimestamp"]) {
    if (typeof current !== "number" || current === 0) return undefined;
    // Only a shorter grace period may be given; otherwise the deletion is just still pending.
    if (opts.gracePeriodSeconds === undefined || opts.gracePeriodSeconds >= current)
      return { code: notDeletedCode(opts), body: toWire(info, obj), before: obj };
    period = opts.gracePeriodSeconds;
    timestamp = addSeconds(String(meta["deletionTimestamp"]), period - current);
  } else {
    period = gracePeriodSeconds(obj, opts);
    if (period === 0) return undefined;
    timestamp = addSeconds(nowTimestamp(), period);
  }
  if (period === 0 && finalizers.length === 0) return removeNow(state, info, obj, key, String(meta["name"]), opts);
  const next = clone(obj);
  next.metadata["deletionTimestamp"] = timestamp;
  next.metadata["deletionGracePeriodSeconds"] = period;
  if (finalizers.length > 0) next.metadata["finalizers"] = finalizers;
  const stored = opts.dryRun ? next : state.store.update(resourceKey(info), key, next);
  return { code: notDeletedCode(opts), body: toWire(info, stored), before: obj };
}

/** The server answers 202 Accepted for an object left in place only when orphanDependents=false was sent. */
export function notDeletedCode(opts: DeleteOptions): number {
  return opts.orphanDependents === false ? 202 : 200;
}

function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
