// The patch library's view of a served resource (type info for merging and field ownership, the zero
// object a create is compared with, the fields each endpoint resets), cached per ResourceInfo.
import {
  BUILTIN_DEFINITIONS,
  builtinResourceSchema,
  crdResourceSchema,
  typeInfoFromCrdSchema,
  UNTYPED,
  type ResourceSchema,
  type SchemaNode,
} from "../patch/index.js";
import { groupVersion, type ResourceInfo } from "./resource-info.js";

const cache = new WeakMap<ResourceInfo, ResourceSchema>();

const strings: SchemaNode = { type: "array", items: { type: "string" } };
const names: SchemaNode = {
  type: "object",
  properties: {
    plural: { type: "string" },
    singular: { type: "string" },
    kind: { type: "string" },
    listKind: { type: "string" },
    shortNames: strings,
    categories: strings,
  },
};

/** Just enough of CustomResourceDefinition's structure for field ownership (the patch library has no definition for it). */
const CRD_SCHEMA: SchemaNode = {
  type: "object",
  properties: {
    spec: {
      type: "object",
      properties: {
        group: { type: "string" },
        names,
        scope: { type: "string" },
        versions: { type: "array", items: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
        conversion: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
        preserveUnknownFields: { type: "boolean" },
      },
    },
    status: {
      type: "object",
      properties: {
        acceptedNames: names,
        conditions: {
          type: "array",
          "x-kubernetes-list-type": "map",
          "x-kubernetes-list-map-keys": ["type"],
          items: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
        },
        storedVersions: strings,
      },
    },
  },
};

/** The Go zero value of a CRD as the server serialises it: non-pointer structs exist, so they get no "." entry. */
const CRD_ZERO = {
  metadata: { creationTimestamp: null },
  spec: { group: "", names: { plural: "", kind: "" }, scope: "", versions: null },
  status: { conditions: null, acceptedNames: { plural: "", kind: "" }, storedVersions: null },
};

function crdSchema(): ResourceSchema {
  return {
    type: typeInfoFromCrdSchema(CRD_SCHEMA, BUILTIN_DEFINITIONS),
    zero: structuredClone(CRD_ZERO),
    resetFields: { "": [["status"]], status: [["spec"]] },
    strategicMerge: true,
  };
}

/** The ResourceSchema of `info`; unknown built-ins are treated as untyped (maps granular, lists atomic). */
export function patchSchemaFor(info: ResourceInfo): ResourceSchema {
  const hit = cache.get(info);
  if (hit) return hit;
  let schema: ResourceSchema | undefined;
  if (info.custom) {
    schema = crdResourceSchema(info.openAPIV3Schema as SchemaNode | undefined, { hasStatusSubresource: info.statusSubresource });
  } else if (info.group === "apiextensions.k8s.io" && info.kind === "CustomResourceDefinition") {
    schema = crdSchema();
  } else {
    schema = builtinResourceSchema(groupVersion(info), info.kind, info.schemaRelease) ?? {
      type: UNTYPED,
      zero: { metadata: { creationTimestamp: null } },
      resetFields: info.statusSubresource ? { "": [["status"]], status: [["spec"]] } : {},
      strategicMerge: true,
    };
  }
  cache.set(info, schema);
  return schema;
}
