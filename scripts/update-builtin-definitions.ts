// Writes testing/src/patch/builtin-definitions.ts and builtin-definitions-1.37.ts, the built-in schema
// tables of the test API server, from the recorded OpenAPI documents of kube-apiserver 1.24
// (test/fixtures/openapi) and 1.37.2 (test/fixtures/openapi-1.37): a server emulating one release
// types built-in objects by its table (the fields a kind has, list identities, patch strategies). Each
// table is the closure over $ref of the definitions of the built-in kinds the server serves, pruned to
// what TypeInfo, strategic merge patch and typed decoding read.
//
//   node --import tsx scripts/update-builtin-definitions.ts           rewrites the table
//   node --import tsx scripts/update-builtin-definitions.ts --verify  exits 1 with a diff when stale
//
// hack/update-codegen.sh and hack/verify-codegen.sh run it; test/testing/patch/builtin-definitions.test.ts
// checks the committed table is its output.
import { writeOrVerifyGenerated } from "./generated-file.js";
import { join, relative } from "node:path";
import type { Definitions, JsonObject, JsonValue } from "../testing/src/patch/index.js";
import { OPENAPI_1_24, OPENAPI_1_37, readOpenApi124, readOpenApi137, readOpenApi137V3Schemas } from "../test/helpers/fixtures.js";

const repo = join(import.meta.dirname, "..");

/** The generated files by release, relative to the repository, and the names they export. */
export const BUILTIN_DEFINITIONS_FILES = {
  "1.24": { file: "testing/src/patch/builtin-definitions.ts", name: "BUILTIN_DEFINITIONS", source: OPENAPI_1_24 },
  "1.37": { file: "testing/src/patch/builtin-definitions-1.37.ts", name: "BUILTIN_DEFINITIONS_1_37", source: OPENAPI_1_37 },
} as const;
export type DefinitionsRelease = keyof typeof BUILTIN_DEFINITIONS_FILES;

/**
 * The definitions the table starts from: every kind in resource-schema.ts's BUILTIN_KINDS, and
 * ObjectMeta, which custom resources' TypeInfo takes from here. Add a root when adding a kind there.
 */
export const ROOTS: readonly string[] = [
  "io.k8s.api.apps.v1.DaemonSet",
  "io.k8s.api.apps.v1.Deployment",
  "io.k8s.api.apps.v1.ReplicaSet",
  "io.k8s.api.apps.v1.StatefulSet",
  "io.k8s.api.authentication.v1.TokenReview",
  "io.k8s.api.coordination.v1.Lease",
  "io.k8s.api.core.v1.ConfigMap",
  "io.k8s.api.core.v1.Event",
  "io.k8s.api.core.v1.Namespace",
  "io.k8s.api.core.v1.Pod",
  "io.k8s.api.core.v1.Secret",
  "io.k8s.api.core.v1.Service",
  "io.k8s.api.core.v1.ServiceAccount",
  "io.k8s.api.events.v1.Event",
  "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition",
  "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta",
];

// Descriptions, defaults (but the list-map keys' of 1.37, see withKeyDefaults), required and the like are left out: the patch library never reads them
// and they would make the table twenty times larger. GVK and union extensions are server metadata.
const KEEP = new Set(["type", "format", "properties", "items", "additionalProperties", "$ref", "default"]);
const DROP_EXT = new Set(["x-kubernetes-group-version-kind", "x-kubernetes-unions"]);

function prune(s: JsonValue): JsonValue {
  if (typeof s !== "object" || s === null || Array.isArray(s)) return s;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties") out[k] = Object.fromEntries(Object.entries(v as JsonObject).map(([pk, pv]) => [pk, prune(pv)]));
    else if (KEEP.has(k)) out[k] = prune(v);
    else if (k.startsWith("x-kubernetes-") && !DROP_EXT.has(k)) out[k] = v;
  }
  return out;
}

function refs(s: JsonValue, acc: string[]): void {
  if (Array.isArray(s)) s.forEach((x) => refs(x, acc));
  else if (typeof s === "object" && s !== null) {
    for (const [k, v] of Object.entries(s)) {
      if (k === "$ref" && typeof v === "string") acc.push(v.split("/").at(-1)!);
      else refs(v, acc);
    }
  }
}

/** `v` with every object's keys in sorted order, so the table does not depend on the document's key order. */
function sortKeys(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (typeof v !== "object" || v === null) return v;
  return Object.fromEntries(
    Object.keys(v)
      .sort()
      .map((k) => [k, sortKeys(v[k]!)]),
  );
}

/** The pruned closure of `roots` over $ref in an OpenAPI v2 document's definitions. */
export function builtinDefinitions(definitions: Definitions, roots: readonly string[] = ROOTS): Definitions {
  const out: Definitions = {};
  const todo = [...roots];
  while (todo.length > 0) {
    const name = todo.pop()!;
    if (name in out) continue;
    const def = definitions[name];
    if (def === undefined) throw new Error(`${name}: no such definition in the OpenAPI document`);
    out[name] = prune(def) as JsonObject;
    const acc: string[] = [];
    refs(out[name], acc);
    todo.push(...acc);
  }
  return out;
}

/** The text of a release's table for its OpenAPI v2 document. */
export function builtinDefinitionsSource(openapi: unknown, release: DefinitionsRelease): string {
  const defs = builtinDefinitions((openapi as { definitions: Definitions }).definitions);
  const { source: from, name } = BUILTIN_DEFINITIONS_FILES[release];
  const source = relative(repo, from);
  const lines = [
    `// Code generated by scripts/update-builtin-definitions.ts from ${source}${release === "1.37" ? " and its v3 schemas' list-map key defaults" : ""}. DO NOT EDIT.`,
    "// The OpenAPI v2 definitions reachable from the built-in kinds the test server serves, keeping only",
    "// type, format, properties, items, additionalProperties, $ref and x-kubernetes-* keys: what TypeInfo, strategic",
    "// merge patch and typed decoding need. test/testing/patch/builtin-definitions.test.ts checks it is current.",
    "",
    'import type { Definitions } from "./schema-types.js";',
    "",
    "// Built-in roots the table was derived from (the closure of their $refs is included):",
    ...[...ROOTS].sort().map((r) => `//   ${r}`),
    "",
    "/** Pruned definitions, keyed by definition name. */",
    `export const ${name}: Definitions = {`,
    ...Object.keys(defs)
      .sort()
      .map((name) => `  ${JSON.stringify(name)}: ${JSON.stringify(sortKeys(defs[name]!))},`),
    "};",
    "",
  ];
  return lines.join("\n");
}

/**
 * `openapi` with the v3 schemas' defaults of list-map key fields put into its v2 definitions: since
 * 1.27 the server types built-ins by the v3 schemas, which have them (a port's protocol defaults to
 * TCP), and structured-merge-diff identifies an item without the key by its default. The v2 document
 * has no defaults, and no other default is kept.
 */
export function withKeyDefaults(openapi: unknown, v3Schemas: Record<string, unknown>): unknown {
  const doc = structuredClone(openapi) as { definitions: Definitions };
  const ref = (v: JsonValue | undefined): string | undefined => {
    const r = typeof v === "object" && v !== null && !Array.isArray(v) ? v["$ref"] : undefined;
    return typeof r === "string" ? r.split("/").at(-1) : undefined;
  };
  for (const def of Object.values(doc.definitions)) {
    for (const prop of Object.values((def["properties"] ?? {}) as Record<string, JsonObject>)) {
      const keys = prop["x-kubernetes-list-map-keys"];
      const item = ref(prop["items"]);
      if (prop["x-kubernetes-list-type"] !== "map" || !Array.isArray(keys) || item === undefined) continue;
      const v3 = (v3Schemas[item] as { properties?: Record<string, { default?: JsonValue }> } | undefined)?.properties ?? {};
      const itemProps = (doc.definitions[item]?.["properties"] ?? {}) as Record<string, JsonObject>;
      for (const k of keys) {
        const d = typeof k === "string" ? v3[k]?.default : undefined;
        if (d !== undefined && itemProps[k as string]) itemProps[k as string]!["default"] = d;
      }
    }
  }
  return doc;
}

/** Each release's decoded OpenAPI v2 document, as the table is made from it. */
export const OPENAPI_DOCUMENTS: Record<DefinitionsRelease, () => unknown> = {
  "1.24": readOpenApi124,
  "1.37": () => withKeyDefaults(readOpenApi137(), readOpenApi137V3Schemas()),
};

if (import.meta.url === `file://${process.argv[1]}`)
  for (const release of Object.keys(BUILTIN_DEFINITIONS_FILES) as DefinitionsRelease[])
    writeOrVerifyGenerated(BUILTIN_DEFINITIONS_FILES[release].file, builtinDefinitionsSource(OPENAPI_DOCUMENTS[release](), release));
