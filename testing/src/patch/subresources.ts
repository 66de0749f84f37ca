// What the status and scale endpoints do to the object and its managedFields around a write.
// The server calls these; they keep the "who may change what" rules next to the ownership rules.

import { FieldSet } from "./field-set.js";
import { deepCopy, isObject, type JsonObject, type JsonValue } from "./json.js";
import { decodeManagedFields, withManagedFields, withoutManagedFields } from "./managed-fields.js";
import type { ResourceSchema } from "./resource-schema.js";

/**
 * The object a write stores, given the live one and the one the client sent:
 * main resource with a status subresource — `status` is kept from `live`;
 * `status` subresource of a custom resource — everything is kept from `live` except `status` (and
 * managedFields); of a built-in — the schema's reset fields (spec, sometimes labels) are kept from `live`.
 * Run it after updateManagedFields / serverSideApply (they already ignore those fields).
 */
export function prepareForUpdate(
  live: JsonObject,
  incoming: JsonObject,
  schema: ResourceSchema,
  subresource: string | undefined,
): JsonObject {
  const resets = schema.resetFields[subresource ?? ""] ?? [];
  if (resets.length === 0) return incoming;
  if (subresource === "status" && schema.custom) {
    const meta = isObject(incoming["metadata"]) ? incoming["metadata"] : {};
    const out: JsonObject = { ...deepCopy(withoutManagedFields(live)) };
    if ("status" in incoming) out["status"] = incoming["status"]!;
    else delete out["status"];
    if (meta["managedFields"] !== undefined) out["metadata"] = { ...(out["metadata"] as JsonObject), managedFields: meta["managedFields"] };
    return out;
  }
  const out: JsonObject = { ...incoming };
  for (const path of resets) setPath(out, path, getPath(live, path));
  return out;
}

/** The object a create stores: status is dropped when the kind has a status subresource. */
export function prepareForCreate(obj: JsonObject, schema: ResourceSchema): JsonObject {
  if (!(schema.resetFields[""] ?? []).some((p) => p.length === 1 && p[0] === "status")) return obj;
  const { status: _drop, ...rest } = obj;
  return rest;
}

/**
 * managedFields after a write through /scale (1.24 behaviour seen in the transcripts): every entry
 * loses the replicas field (`specReplicasPath`, e.g. ".spec.replicas"), and no "scale" entry is added.
 */
export function scaleManagedFields(obj: JsonObject, specReplicasPath: string): JsonObject {
  const meta = obj["metadata"];
  const entries = decodeManagedFields(isObject(meta) ? meta["managedFields"] : undefined) ?? [];
  const path = specReplicasPath
    .split(".")
    .filter((s) => s !== "")
    .map((s) => "f:" + s);
  const owned = FieldSet.of(path);
  return withManagedFields(
    obj,
    entries.map((e) => ({ ...e, set: e.set.difference(owned) })),
  );
}

function getPath(obj: JsonObject, path: readonly string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = obj;
  for (const p of path) cur = isObject(cur) ? cur[p] : undefined;
  return cur;
}

function setPath(obj: JsonObject, path: readonly string[], value: JsonValue | undefined): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length === 0) {
    if (value === undefined) delete obj[head];
    else obj[head] = deepCopy(value);
    return;
  }
  const child = isObject(obj[head]) ? { ...obj[head] } : {};
  setPath(child, rest, value);
  obj[head] = child;
}
