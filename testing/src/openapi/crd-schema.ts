// A CRD version's openAPIV3Schema as the OpenAPI documents publish it, as apiextensions-apiserver's
// openapi builder does: named <reversed group>.<version>.<Kind>, apiVersion and kind described,
// metadata a reference to ObjectMeta, tagged with x-kubernetes-group-version-kind; for v2 also what
// ToStructuralOpenAPIV2 strips (junctors and defaults; the type and subtrees of nullable and preserve-unknown-fields nodes).
import type { Json } from "./builtin-documents.js";

const API_VERSION_DESCRIPTION =
  "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources";
const KIND_DESCRIPTION =
  "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";
const METADATA_DESCRIPTION =
  "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata";
const LIST_METADATA_DESCRIPTION =
  "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";

/** Which document a schema is written for: v2 refs #/definitions/ (meta types suffixed _v2), v3 #/components/schemas/. */
export type OpenApiVersion = "v2" | "v3";

/** The definition name of a CRD kind: "samplecontroller.k8s.io", "v1alpha1", "Foo" → "io.k8s.samplecontroller.v1alpha1.Foo". */
export function crdDefinitionName(group: string, version: string, kind: string): string {
  return `${group.split(".").reverse().join(".")}.${version}.${kind}`;
}

/** A reference to apimachinery meta type `name` ("ObjectMeta") in the document `v`. */
export function metaRef(v: OpenApiVersion, name: string, v2Suffix = true): string {
  const full = `io.k8s.apimachinery.pkg.apis.meta.v1.${name}`;
  return v === "v2" ? `#/definitions/${full}${v2Suffix ? "_v2" : ""}` : `#/components/schemas/${full}`;
}

/**
 * 1.37's builder refers to the built-in meta definitions themselves, where 1.24's made _v2 copies:
 * `x` (custom resources' v2 paths or schemas) with every `_v2` reference pointed at the original.
 */
export function withoutV2Copies<T>(x: T): T {
  return JSON.parse(JSON.stringify(x).replace(/("\$ref":"#\/definitions\/[^"]+)_v2"/g, '$1"')) as T;
}

/** A property that is a described reference, in each version's spelling. */
function describedRef(v: OpenApiVersion, description: string, ref: string): Json {
  return v === "v2" ? { description, $ref: ref } : { description, allOf: [{ $ref: ref }] };
}

function isObject(x: unknown): x is Json {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

const EMBEDDED_API_VERSION =
  "apiVersion defines the versioned schema of this representation of an object. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources";
const EMBEDDED_KIND =
  "kind is a string value representing the type of this object. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds";

/** Nodes marked x-kubernetes-embedded-resource get apiVersion, kind and metadata (required kind and apiVersion), recursively. */
function withEmbeddedMeta(v: OpenApiVersion, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((n) => withEmbeddedMeta(v, n));
  if (!isObject(node)) return node;
  const s: Json = Object.fromEntries(
    Object.entries(node).map(([k, x]) => [
      k,
      k === "properties" && isObject(x)
        ? Object.fromEntries(Object.entries(x).map(([p, y]) => [p, withEmbeddedMeta(v, y)]))
        : k === "items" || k === "additionalProperties"
          ? withEmbeddedMeta(v, x)
          : x,
    ]),
  );
  // v2 drops a preserve-unknown-fields node's subtree, and with it these (the recorded v2 has no required there).
  const kept = v === "v3" || s["x-kubernetes-preserve-unknown-fields"] !== true;
  if (s["x-kubernetes-embedded-resource"] === true && kept) {
    const required = Array.isArray(s["required"]) ? [...(s["required"] as unknown[])] : [];
    for (const r of ["kind", "apiVersion"]) if (!required.includes(r)) required.push(r);
    s["required"] = required;
    s["properties"] = {
      ...(isObject(s["properties"]) ? s["properties"] : {}),
      apiVersion: { description: EMBEDDED_API_VERSION, type: "string" },
      kind: { description: EMBEDDED_KIND, type: "string" },
      metadata: describedRef(v, METADATA_DESCRIPTION, metaRef(v, "ObjectMeta")),
    };
  }
  return s;
}

/** ToStructuralOpenAPIV2: what kubectl's v2 schema reader cannot cope with is dropped, recursively. */
function toV2(node: unknown): unknown {
  if (!isObject(node)) return node;
  const s: Json = { ...node };
  for (const k of ["allOf", "oneOf", "anyOf", "not", "default"]) delete s[k];
  if (s["nullable"] === true || s["x-kubernetes-preserve-unknown-fields"] === true) {
    delete s["type"];
    delete s["nullable"];
    delete s["properties"];
    delete s["items"];
    delete s["additionalProperties"];
  }
  if (s["type"] === "array" && s["items"] === undefined) delete s["type"];
  if (isObject(s["properties"])) {
    const props = s["properties"];
    if (Array.isArray(s["required"])) {
      const nullable = (name: unknown): boolean => {
        const p = props[String(name)];
        return isObject(p) && p["nullable"] === true;
      };
      const required = (s["required"] as unknown[]).filter((p) => !nullable(p));
      if (required.length > 0) s["required"] = required;
      else delete s["required"];
    }
    s["properties"] = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, toV2(p)]));
  }
  if (isObject(s["items"])) s["items"] = toV2(s["items"]);
  if (isObject(s["additionalProperties"])) s["additionalProperties"] = toV2(s["additionalProperties"]);
  return s;
}

interface Kind {
  group: string;
  version: string;
  kind: string;
}

/** The published schema of a custom resource kind. */
export function crdKindSchema(v: OpenApiVersion, k: Kind, openAPIV3Schema: unknown): Json {
  const base: Json = isObject(openAPIV3Schema) ? { ...openAPIV3Schema } : { type: "object" };
  const properties: Json = isObject(base["properties"]) ? { ...base["properties"] } : {};
  properties["apiVersion"] ??= { description: API_VERSION_DESCRIPTION, type: "string" };
  properties["kind"] ??= { description: KIND_DESCRIPTION, type: "string" };
  properties["metadata"] = describedRef(v, METADATA_DESCRIPTION, metaRef(v, "ObjectMeta"));
  base["properties"] = properties;
  const embedded = withEmbeddedMeta(v, base);
  const out = (v === "v2" ? toV2(embedded) : embedded) as Json;
  // The metadata reference is added after the v2 conversion, which must not strip it.
  (out["properties"] as Json)["metadata"] = properties["metadata"];
  out["x-kubernetes-group-version-kind"] = [{ group: k.group, kind: k.kind, version: k.version }];
  return out;
}

/** The published schema of a custom resource kind's list; 1.37's builder types it an object, 1.24's did not. */
export function crdListSchema(v: OpenApiVersion, k: Kind & { listKind: string; resource: string }, typed: boolean): Json {
  const itemRef =
    v === "v2"
      ? `#/definitions/${crdDefinitionName(k.group, k.version, k.kind)}`
      : `#/components/schemas/${crdDefinitionName(k.group, k.version, k.kind)}`;
  return {
    description: `${k.listKind} is a list of ${k.kind}`,
    required: ["items"],
    properties: {
      apiVersion: { description: API_VERSION_DESCRIPTION, type: "string" },
      items: {
        description: `List of ${k.resource}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`,
        type: "array",
        items: { $ref: itemRef },
      },
      kind: { description: KIND_DESCRIPTION, type: "string" },
      metadata: describedRef(v, LIST_METADATA_DESCRIPTION, metaRef(v, "ListMeta", false)),
    },
    ...(typed ? { type: "object" } : {}),
    "x-kubernetes-group-version-kind": [{ group: k.group, kind: k.listKind, version: k.version }],
  };
}
