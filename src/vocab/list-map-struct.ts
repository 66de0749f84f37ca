import { FIELD_TYPE, SchemaOrder, type ApplyToSchema, type KubeMarkerDefinition } from "./definition.js";
import { typeOf } from "./schema-helpers.js";

/** Family heading of the list/map/struct topology markers. */
export const TOPOLOGY_FAMILY = "Lists, maps and structs (server-side apply topology)";

/** The values of `+listType`. */
export const listTypes = ["atomic", "set", "map"] as const;
/** The values of `+mapType` and `+structType`. */
export const granularity = ["granular", "atomic"] as const;

const applyListType: ApplyToSchema = (schema, value) => {
  if (schema.type !== "array") return `listType applies to arrays, not ${typeOf(schema)}`;
  schema["x-kubernetes-list-type"] = value as string;
  return undefined;
};

const applyListMapKey: ApplyToSchema = (schema, value) => {
  const key = value as string;
  if (schema.type !== "array") return `listMapKey applies to arrays, not ${typeOf(schema)}`;
  if (schema["x-kubernetes-list-type"] !== "map") return "listMapKey needs +listType=map on the same list";
  const props = schema.items?.properties;
  if (props && !Object.prototype.hasOwnProperty.call(props, key)) {
    return `listMapKey ${JSON.stringify(key)} is not a property of the list items (${Object.keys(props).join(", ")})`;
  }
  const keys = schema["x-kubernetes-list-map-keys"] ?? [];
  if (!keys.includes(key)) keys.push(key);
  schema["x-kubernetes-list-map-keys"] = keys;
  return undefined;
};

const applyMapType: ApplyToSchema = (schema, value) => {
  if (schema.type !== "object") return `mapType applies to maps, not ${typeOf(schema)}`;
  schema["x-kubernetes-map-type"] = value as string;
  return undefined;
};

// structType shares x-kubernetes-map-type with mapType, as in the Kubernetes schema extensions.
const applyStructType: ApplyToSchema = (schema, value) => {
  if (schema.type !== undefined && schema.type !== "object") return `structType applies to objects, not ${typeOf(schema)}`;
  schema["x-kubernetes-map-type"] = value as string;
  return undefined;
};

function pair(
  base: string,
  def: Omit<KubeMarkerDefinition, "name" | "example" | "family" | "targets"> & { exampleValue: string },
): KubeMarkerDefinition[] {
  const { exampleValue, ...rest } = def;
  return [base, `k8s:${base}`].map((name) => ({
    ...rest,
    name,
    targets: FIELD_TYPE,
    example: `+${name}=${exampleValue}`,
    family: TOPOLOGY_FAMILY,
    help: name === base ? rest.help : `${rest.help} (declarative-validation spelling of +${base})`,
  }));
}

/** `+listType`, `+listMapKey`, `+mapType`, `+structType` and their `+k8s:` forms. */
export const topologyMarkers: readonly KubeMarkerDefinition[] = [
  ...pair("listType", {
    payload: { kind: "value", type: { enum: listTypes } },
    help: "How server-side apply merges the list: atomic (replaced whole), set (unique scalars), map (items keyed by +listMapKey).",
    exampleValue: "map",
    applyToSchema: applyListType,
    order: SchemaOrder.typeSetting,
  }),
  ...pair("listMapKey", {
    payload: { kind: "value", type: "string" },
    help: "A key property of the items of a +listType=map list; repeat the marker for a compound key.",
    exampleValue: "name",
    repeatable: true,
    applyToSchema: applyListMapKey,
    order: SchemaOrder.dependent,
  }),
  ...pair("mapType", {
    payload: { kind: "value", type: { enum: granularity } },
    help: "How server-side apply merges the map: granular (per key, the default) or atomic (replaced whole).",
    exampleValue: "atomic",
    applyToSchema: applyMapType,
    order: SchemaOrder.normal,
  }),
  ...pair("structType", {
    payload: { kind: "value", type: { enum: granularity } },
    help: "How server-side apply merges the object: granular (per field, the default) or atomic (replaced whole).",
    exampleValue: "atomic",
    applyToSchema: applyStructType,
    order: SchemaOrder.normal,
  }),
];
