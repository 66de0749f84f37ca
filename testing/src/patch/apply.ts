// Server-side apply (structured-merge-diff's Apply under apiserver's fieldmanager): merge the applied
// configuration into the live object by schema, drop what this manager applied before and no longer
// applies (unless someone else owns it), detect conflicts with other owners, and record an "Apply" entry.

import { conflictsOf, conflictStatus, type ApplyConflict } from "./conflict.js";
import { FieldSet } from "./field-set.js";
import { isObject, jsonEqual, type JsonObject } from "./json.js";
import {
  capUpdateManagers,
  decodeManagedFields,
  entryId,
  STRIPPED_FIELDS,
  withManagedFields,
  withoutManagedFields,
  type ManagedEntry,
  type WriterOptions,
} from "./managed-fields.js";
import { badRequest, internalError, patchErrorStatus, type PatchError } from "./patch-error.js";
import { ignoredFields } from "./resource-schema.js";
import { fieldType, isDeclaredField, type TypeInfo } from "./type-info.js";
import { compare, filterComparison, findMissingListMapKey, removeItems, toFieldSet, typedMerge } from "./typed-walk.js";

/** Options of serverSideApply. */
export interface ApplyOptions extends WriterOptions {
  /** `force=true`: take ownership from conflicting managers instead of failing. */
  readonly force: boolean;
}

/** The outcome of an apply: the object to store, or the conflicts and the 409 Status to answer with. */
export type ApplyResult =
  | { readonly object: JsonObject; readonly conflicts?: undefined; readonly error?: undefined }
  | {
      readonly object?: undefined;
      /** The conflicts (empty when the apply failed for another reason, see `error`). */
      readonly conflicts: readonly ApplyConflict[];
      /** The Status body to answer with; its `code` is the HTTP status (409 for conflicts). */
      readonly status: JsonObject;
      readonly error?: PatchError;
    };

/**
 * Applies `applied` (the decoded apply-patch body) to `live` (undefined when the apply creates the
 * object). Either `object` is set, or `status` is the Status to answer with (409 with `conflicts`;
 * with `error`: 400 when the configuration carries managedFields, 500 when a list-map item lacks a key). The result carries metadata.managedFields; the server still sets name/namespace/uid,
 * resourceVersion and generation, runs defaulting and validation, and resets subresource fields.
 */
export function serverSideApply(live: JsonObject | undefined, applied: JsonObject, opts: ApplyOptions): ApplyResult {
  const type = opts.schema.type;
  const appliedMeta = applied["metadata"];
  if (isObject(appliedMeta) && appliedMeta["managedFields"] !== undefined && appliedMeta["managedFields"] !== null) {
    // Ownership cannot be claimed by writing managedFields in an apply configuration.
    const error = badRequest("metadata.managedFields must be nil");
    return { conflicts: [], status: patchErrorStatus(error), error };
  }
  const entries = decodeManagedFields(isObject(live?.["metadata"]) ? live["metadata"]["managedFields"] : undefined) ?? [];
  const untypable = findMissingListMapKey(applied, type);
  if (untypable !== undefined) {
    // 1.24 cannot build a typed value from such a configuration and fails the request.
    const error = internalError(`failed to create typed patch object: ${untypable}`);
    return { conflicts: [], status: patchErrorStatus(error), error };
  }
  const liveObj = withoutManagedFields(live ?? opts.schema.zero);
  const ignored = ignoredFields(opts.schema, opts.subresource);
  const config = removeItems(withoutManagedFields(applied), ignored, type) as JsonObject;

  const me: Omit<ManagedEntry, "set" | "time"> = {
    manager: opts.manager,
    operation: "Apply",
    apiVersion: opts.apiVersion,
    ...(opts.subresource ? { subresource: opts.subresource } : {}),
  };
  const myId = entryId(me);
  const previous = entries.find((e) => entryId(e) === myId);
  const others = entries.filter((e) => e !== previous);
  const mySet = toFieldSet(config, type).recursiveDifference(ignored);

  let merged = typedMerge(liveObj, config, type) as JsonObject;
  if (previous) merged = prune(merged, previous.set, [mySet, ...others.map((e) => e.set)], type);

  const cmp = filterComparison(compare(liveObj, merged, type), ignored);
  const changed = cmp.modified.union(cmp.added);
  const conflicts: ApplyConflict[] = [];
  for (const e of others) conflicts.push(...conflictsOf(e, e.set.intersection(changed).paths()));
  if (conflicts.length > 0 && !opts.force) {
    const sorted = sortConflicts(conflicts);
    return { conflicts: sorted, status: conflictStatus(sorted) };
  }

  const noop = jsonEqual(liveObj, merged);
  const time = noop ? previous?.time : opts.time;
  const mine: ManagedEntry = { ...me, ...(time !== undefined ? { time } : {}), set: mySet.difference(STRIPPED_FIELDS) };
  const result = [...others.map((e) => ({ ...e, set: e.set.difference(changed).difference(cmp.removed) })), mine].filter(
    (e) => !e.set.isEmpty(),
  );
  return { object: withManagedFields(merged, capUpdateManagers(result)) };
}

function sortConflicts(conflicts: ApplyConflict[]): ApplyConflict[] {
  return [...conflicts].sort((a, b) => (a.manager < b.manager ? -1 : a.manager > b.manager ? 1 : 0));
}

// Removes what the manager applied last time and no longer applies, unless some manager (this one
// included, with its new configuration) still owns it or something below it.
function prune(merged: JsonObject, lastSet: FieldSet, owners: readonly FieldSet[], type: TypeInfo): JsonObject {
  const last = ensureNamedFieldsAreMembers(lastSet, type);
  const owned = owners.reduce((a, s) => a.union(ensureNamedFieldsAreMembers(s, type)), FieldSet.empty());
  const drop = last.paths().filter((p) => !owned.hasAtOrBelow(p));
  if (drop.length === 0) return merged;
  return removeItems(merged, FieldSet.of(...drop), type) as JsonObject;
}

// structured-merge-diff treats a struct field with owned children as owned itself when pruning.
function ensureNamedFieldsAreMembers(set: FieldSet, type: TypeInfo): FieldSet {
  const out = FieldSet.empty();
  for (const path of set.paths()) {
    out.insertInPlace(path);
    let t: TypeInfo = type;
    for (let i = 0; i < path.length - 1; i++) {
      const pe = path[i]!;
      if (pe.startsWith("f:")) {
        const name = pe.slice(2);
        if (isDeclaredField(t, name)) out.insertInPlace(path.slice(0, i + 1));
        t = fieldType(t, name);
      } else {
        t = t.kind === "list" ? t.elem : t;
      }
    }
  }
  return out;
}
