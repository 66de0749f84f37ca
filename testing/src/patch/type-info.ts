import type { JsonValue } from "./json.js";

// "Type info": the little the merge and ownership algorithms need to know about a schema —
// which values are leaves, which maps and lists are granular, and how list items are identified.
// It mirrors structured-merge-diff's schema model (scalar / map / list with an element relationship).

/** A leaf value: strings, numbers, booleans, int-or-string, timestamps. */
export interface ScalarType {
  readonly kind: "scalar";
  /** structured-merge-diff's scalar type, which its validation checks values against; absent: any scalar. */
  readonly scalar?: "numeric" | "string" | "boolean";
}

/** How a strategic merge patch treats a field (from x-kubernetes-patch-strategy / -merge-key). */
export interface PatchMeta {
  readonly strategies: readonly string[];
  readonly mergeKey?: string;
}

/** An object: declared `fields`, and `elem` for keys that are not declared (additionalProperties). */
export interface MapType {
  readonly kind: "map";
  readonly fields: Record<string, TypeInfo>;
  /** Type of undeclared keys; absent means undeclared keys are treated as untyped. */
  readonly elem?: TypeInfo;
  /** `x-kubernetes-map-type: atomic`: owned and replaced as a whole. */
  readonly atomic: boolean;
  /** Strategic-merge metadata of declared fields that are not lists (e.g. retainKeys on a struct). */
  readonly fieldPatch?: Record<string, PatchMeta>;
}

/** An array and how its items are told apart. */
export interface ListType {
  readonly kind: "list";
  readonly elem: TypeInfo;
  /** atomic: one leaf; set: items are scalar values; map: items are objects identified by `keys`. */
  readonly listType: "atomic" | "set" | "map";
  readonly keys: readonly string[];
  /**
   * The schema's defaults of key fields: an item without the key is identified by its default
   * (structured-merge-diff since the OpenAPI v3 schemas carry defaults: a port without protocol is TCP).
   */
  readonly keyDefaults?: Readonly<Record<string, JsonValue>>;
  /** Strategic-merge metadata of this list field. */
  readonly patch?: PatchMeta;
}

/** Anything not described by a schema (x-kubernetes-preserve-unknown-fields): maps granular, lists atomic. */
export interface UntypedType {
  readonly kind: "untyped";
}

/** The schema of one value. */
export type TypeInfo = ScalarType | MapType | ListType | UntypedType;

/** The single scalar type. */
export const SCALAR: ScalarType = { kind: "scalar" };
const SCALARS: Record<string, ScalarType> = {
  integer: { kind: "scalar", scalar: "numeric" },
  number: { kind: "scalar", scalar: "numeric" },
  string: { kind: "scalar", scalar: "string" },
  boolean: { kind: "scalar", scalar: "boolean" },
};
/** The scalar of an OpenAPI `type` (kube-openapi's schemaconv); any scalar for another. */
export function scalarOf(type: unknown): ScalarType {
  return (typeof type === "string" ? SCALARS[type] : undefined) ?? SCALAR;
}
/** The single untyped (deduced) type. */
export const UNTYPED: UntypedType = { kind: "untyped" };

/** Type of the value under `key` of an object typed `t`. */
export function fieldType(t: TypeInfo, key: string): TypeInfo {
  if (t.kind === "map") return t.fields[key] ?? t.elem ?? UNTYPED;
  return UNTYPED;
}

/** Whether `key` is a declared field (a struct field, not a map key): the two own differently under apply. */
export function isDeclaredField(t: TypeInfo, key: string): boolean {
  return t.kind === "map" && Object.hasOwn(t.fields, key);
}

/** Whether values of this type are owned and replaced as one leaf. */
export function isLeafType(t: TypeInfo, value: unknown): boolean {
  switch (t.kind) {
    case "scalar":
      return true;
    case "list":
      // null stands for an empty granular list (Go's nil slice), as in structured-merge-diff.
      return t.listType === "atomic" || (value !== null && !Array.isArray(value));
    case "map":
      return t.atomic || (value !== null && (typeof value !== "object" || Array.isArray(value)));
    case "untyped":
      // Deduced like structured-merge-diff: objects are granular, lists and scalars are leaves.
      return typeof value !== "object" || value === null || Array.isArray(value);
  }
}
