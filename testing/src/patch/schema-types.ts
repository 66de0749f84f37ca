// Building TypeInfo from the schemas the server has: a CRD version's openAPIV3Schema, and OpenAPI v2
// definitions (the built-in types). Conversion rules follow kube-openapi's schemaconv: lists are atomic
// unless x-kubernetes-list-type (or, for built-ins, a "merge" patch strategy) says otherwise.

import { isObject, type JsonObject, type JsonValue } from "./json.js";
import { SCALAR, scalarOf, UNTYPED, type ListType, type MapType, type PatchMeta, type TypeInfo } from "./type-info.js";

/** A JSON schema node, as found in a CRD or an OpenAPI v2 document. */
export type SchemaNode = JsonObject;

/** OpenAPI v2 `definitions`, keyed by definition name. */
export type Definitions = Record<string, SchemaNode>;

const OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/**
 * TypeInfo of a custom resource from its openAPIV3Schema. `metadata` is always typed as ObjectMeta
 * (from `defs`) because the server types it so, whatever the CRD schema says.
 */
export function typeInfoFromCrdSchema(schema: SchemaNode, defs: Definitions): TypeInfo {
  const root = convertV3(schema);
  if (root.kind !== "map") return root;
  return {
    ...root,
    fields: {
      ...root.fields,
      apiVersion: SCALAR,
      kind: SCALAR,
      metadata: typeInfoFromDefinitions(defs, OBJECT_META),
    },
  };
}

function convertV3(s: SchemaNode): TypeInfo {
  if (s["x-kubernetes-int-or-string"] === true) return SCALAR;
  const type = s["type"];
  if (type === "array") {
    const items = isObject(s["items"]) ? convertV3(s["items"]) : UNTYPED;
    return listOf(items, s);
  }
  if (type === "object" || isObject(s["properties"]) || s["x-kubernetes-preserve-unknown-fields"] === true) {
    const fields: Record<string, TypeInfo> = {};
    if (isObject(s["properties"])) {
      for (const [k, v] of Object.entries(s["properties"])) if (isObject(v)) fields[k] = convertV3(v);
    }
    if (s["x-kubernetes-embedded-resource"] === true) {
      fields["apiVersion"] ??= SCALAR;
      fields["kind"] ??= SCALAR;
    }
    const ap = s["additionalProperties"];
    const map: MapType = {
      kind: "map",
      fields,
      atomic: s["x-kubernetes-map-type"] === "atomic",
      ...(isObject(ap) ? { elem: convertV3(ap) } : {}),
    };
    return map;
  }
  if (type === undefined) return UNTYPED;
  return scalarOf(type);
}

function stringList(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

function patchMetaOf(s: SchemaNode): PatchMeta | undefined {
  const strategy = s["x-kubernetes-patch-strategy"];
  if (typeof strategy !== "string") return undefined;
  const mergeKey = s["x-kubernetes-patch-merge-key"];
  return { strategies: strategy.split(","), ...(typeof mergeKey === "string" ? { mergeKey } : {}) };
}

/** The `default`s of an item schema's `keys` properties (a definition's, through $ref), where it has some. */
function keyDefaultsOf(
  items: JsonValue | undefined,
  keys: readonly string[],
  defs: Definitions | undefined,
): Record<string, JsonValue> | undefined {
  let item = isObject(items) ? items : undefined;
  const ref = item?.["$ref"];
  if (typeof ref === "string" && defs) item = defs[ref.replace(/^#\/definitions\//, "")];
  const props = isObject(item?.["properties"]) ? item["properties"] : {};
  const out: Record<string, JsonValue> = {};
  for (const k of keys) {
    const p = props[k];
    if (isObject(p) && p["default"] !== undefined) out[k] = p["default"];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function listOf(elem: TypeInfo, s: SchemaNode, defs?: Definitions): ListType {
  const patch = patchMetaOf(s);
  const base = { kind: "list" as const, elem, ...(patch ? { patch } : {}) };
  const lt = s["x-kubernetes-list-type"];
  if (lt === "map") {
    const keys = stringList(s["x-kubernetes-list-map-keys"]);
    const keyDefaults = keyDefaultsOf(s["items"], keys, defs);
    return { ...base, listType: "map", keys, ...(keyDefaults ? { keyDefaults } : {}) };
  }
  if (lt === "set") return { ...base, listType: "set", keys: [] };
  if (lt === "atomic") return { ...base, listType: "atomic", keys: [] };
  // Built-in types predating list-type markers: a merge strategy makes the list associative.
  if (patch?.strategies.includes("merge")) {
    return patch.mergeKey !== undefined ? { ...base, listType: "map", keys: [patch.mergeKey] } : { ...base, listType: "set", keys: [] };
  }
  return { ...base, listType: "atomic", keys: [] };
}

const cache = new WeakMap<Definitions, Map<string, TypeInfo>>();

/** TypeInfo of OpenAPI v2 definition `name` (memoised per `defs`; recursive definitions are fine). */
export function typeInfoFromDefinitions(defs: Definitions, name: string): TypeInfo {
  let memo = cache.get(defs);
  if (!memo) {
    memo = new Map();
    cache.set(defs, memo);
  }
  const found = memo.get(name);
  if (found) return found;
  const def = defs[name];
  if (!def) return UNTYPED;
  if (def["type"] !== "object" && !isObject(def["properties"])) {
    const t = convertV2(def, defs);
    memo.set(name, t);
    return t;
  }
  // Register the node before filling it so that cycles resolve to the same object.
  const fields: Record<string, TypeInfo> = {};
  const fieldPatch: Record<string, PatchMeta> = {};
  const node: MapType = { kind: "map", fields, atomic: def["x-kubernetes-map-type"] === "atomic", fieldPatch };
  memo.set(name, node);
  const props = isObject(def["properties"]) ? def["properties"] : {};
  for (const [k, v] of Object.entries(props)) {
    if (!isObject(v)) continue;
    fields[k] = convertV2(v, defs);
    const pm = patchMetaOf(v);
    if (pm && fields[k]?.kind !== "list") fieldPatch[k] = pm;
  }
  const ap = def["additionalProperties"];
  if (isObject(ap)) Object.assign(node, { elem: convertV2(ap, defs) });
  return node;
}

function convertV2(s: SchemaNode, defs: Definitions): TypeInfo {
  const ref = s["$ref"];
  if (typeof ref === "string") return typeInfoFromDefinitions(defs, ref.replace(/^#\/definitions\//, ""));
  const type = s["type"];
  if (type === "array") return listOf(isObject(s["items"]) ? convertV2(s["items"], defs) : UNTYPED, s, defs);
  if (type === "object") {
    const fields: Record<string, TypeInfo> = {};
    if (isObject(s["properties"])) {
      for (const [k, v] of Object.entries(s["properties"])) if (isObject(v)) fields[k] = convertV2(v, defs);
    }
    const ap = s["additionalProperties"];
    return {
      kind: "map",
      fields,
      atomic: s["x-kubernetes-map-type"] === "atomic",
      // An object with neither properties nor additionalProperties is free-form (RawExtension, JSON).
      ...(isObject(ap) ? { elem: convertV2(ap, defs) } : Object.keys(fields).length === 0 ? { elem: UNTYPED } : {}),
    };
  }
  if (type === undefined) return UNTYPED;
  return scalarOf(type);
}
