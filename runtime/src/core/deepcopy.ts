// Deep copies of the apimachinery types and of opaque JSON data, used by generated
// zz_generated.deepcopy.ts files. Written out by hand per type, like the generated ones, because a
// generic walker is several times slower than straight-line code.
import type {
  Condition,
  LabelSelector,
  LabelSelectorRequirement,
  ListMeta,
  ManagedFieldsEntry,
  ObjectMeta,
  OwnerReference,
  RawExtension,
  TypeMeta,
} from "./apimachinery.js";

/**
 * Sets `out[key] = value` without invoking the `__proto__` setter, so that a map key named
 * "__proto__" (legal in JSON) becomes an own property instead of replacing the prototype.
 */
export function setOwn<V>(out: Record<string, V>, key: string, value: V): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/** Copies a string-keyed map whose values are immutable (strings, numbers, booleans). */
export function deepCopyStringMap<V extends string | number | boolean | null>(src: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k of Object.keys(src)) setOwn(out, k, src[k] as V);
  return out;
}

/** Copies a string-keyed map, copying each value with `copy`. */
export function deepCopyMap<V>(src: Record<string, V>, copy: (v: V) => V): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k of Object.keys(src)) setOwn(out, k, copy(src[k] as V));
  return out;
}

/** Copies JSON data (objects, arrays, scalars), for RawExtension and fields opted in with `+k8s:deepcopy-gen:unknown=json`. */
export function deepCopyJSON<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(deepCopyJSON) as T;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) setOwn(out, k, deepCopyJSON((v as Record<string, unknown>)[k]));
  return out as T;
}

/** Copies a RawExtension as JSON data. */
export function deepCopyRawExtension(v: RawExtension): RawExtension {
  return deepCopyJSON(v);
}

/** Copies TypeMeta (two strings). */
export function deepCopyTypeMeta(v: TypeMeta): TypeMeta {
  return { ...v };
}

/** Copies an OwnerReference. */
export function deepCopyOwnerReference(v: OwnerReference): OwnerReference {
  return { ...v };
}

/** Copies a ManagedFieldsEntry, its fieldsV1 as JSON data. */
export function deepCopyManagedFieldsEntry(v: ManagedFieldsEntry): ManagedFieldsEntry {
  const out = { ...v };
  if (v.fieldsV1 !== undefined) out.fieldsV1 = deepCopyJSON(v.fieldsV1);
  return out;
}

/** Copies ObjectMeta. */
export function deepCopyObjectMeta(v: ObjectMeta): ObjectMeta {
  const out = { ...v };
  if (v.labels !== undefined) out.labels = v.labels === null ? v.labels : deepCopyStringMap(v.labels);
  if (v.annotations !== undefined) out.annotations = v.annotations === null ? v.annotations : deepCopyStringMap(v.annotations);
  if (v.ownerReferences !== undefined)
    out.ownerReferences = v.ownerReferences === null ? v.ownerReferences : v.ownerReferences.map(deepCopyOwnerReference);
  if (v.finalizers !== undefined) out.finalizers = v.finalizers === null ? v.finalizers : v.finalizers.slice();
  if (v.managedFields !== undefined)
    out.managedFields = v.managedFields === null ? v.managedFields : v.managedFields.map(deepCopyManagedFieldsEntry);
  return out;
}

/** Copies ListMeta (scalars only). */
export function deepCopyListMeta(v: ListMeta): ListMeta {
  return { ...v };
}

/** Copies a LabelSelectorRequirement. */
export function deepCopyLabelSelectorRequirement(v: LabelSelectorRequirement): LabelSelectorRequirement {
  const out = { ...v };
  if (v.values !== undefined) out.values = v.values === null ? v.values : v.values.slice();
  return out;
}

/** Copies a LabelSelector. */
export function deepCopyLabelSelector(v: LabelSelector): LabelSelector {
  const out = { ...v };
  if (v.matchLabels !== undefined) out.matchLabels = v.matchLabels === null ? v.matchLabels : deepCopyStringMap(v.matchLabels);
  if (v.matchExpressions !== undefined)
    out.matchExpressions = v.matchExpressions === null ? v.matchExpressions : v.matchExpressions.map(deepCopyLabelSelectorRequirement);
  return out;
}

/** Copies a Condition (scalars only). */
export function deepCopyCondition(v: Condition): Condition {
  return { ...v };
}
