// The CRD strategy's warnings (apiextensions-apiserver's WarningsOnCreate and WarningsOnUpdate), sent
// as `299` Warning headers when a CRD write is accepted:
// - from 1.34, each schema format the server does not recognize for its type ("unrecognized format");
// - from 1.37, each `x-kubernetes-list-type: set` whose items are objects or arrays.
// An update warns only of what the old CRD did not have. Go visits a schema's properties in map order,
// so its order among two properties' formats varies from request to request; here it is key order.
import { decodeCrd } from "./decode.js";
import { FieldPath } from "./field-path.js";
import { goQuote } from "./go-value.js";
import { FORMAT_WARNINGS_MINOR, formatServerVersions, nameFormatsAt, SET_ITEMS_WARNINGS_MINOR } from "./server-versions.js";
import { formatRecognized } from "../validation/formats.js";
import type { InternalCrd, InternalSchema } from "../types/index.js";

/** One schema and where the server would name it. */
interface Placed {
  schema: InternalSchema;
  path: FieldPath;
}

/** Every schema below `s` (at `path`), depth first, as apiextensions' SchemaHas visits them. */
function* schemas(s: InternalSchema | undefined, path: FieldPath): Generator<Placed> {
  if (s === undefined) return;
  yield { schema: s, path };
  if (Array.isArray(s.items)) for (const [i, x] of s.items.entries()) yield* schemas(x, path.child("items").index(i));
  else yield* schemas(s.items, path.child("items"));
  for (const junctor of ["allOf", "anyOf", "oneOf"] as const)
    for (const [i, x] of (s[junctor] ?? []).entries()) yield* schemas(x, path.child(junctor).index(i));
  yield* schemas(s.not, path.child("not"));
  for (const k of Object.keys(s.properties ?? {}).sort()) yield* schemas(s.properties![k], path.child("properties").key(k));
  if (typeof s.additionalProperties === "object") yield* schemas(s.additionalProperties, path.child("additionalProperties"));
  for (const k of Object.keys(s.patternProperties ?? {}).sort())
    yield* schemas(s.patternProperties![k], path.child("patternProperties").key(k));
  if (typeof s.additionalItems === "object") yield* schemas(s.additionalItems, path.child("additionalItems"));
  for (const k of Object.keys(s.definitions ?? {}).sort()) yield* schemas(s.definitions![k], path.child("definitions").key(k));
  for (const k of Object.keys(s.dependencies ?? {}).sort()) {
    const d = s.dependencies![k];
    if (!Array.isArray(d)) yield* schemas(d, path.child("dependencies").key(k));
  }
}

/** The CRD's schemas: the shared one, then each version's own. */
function* crdSchemas(crd: InternalCrd): Generator<Placed> {
  yield* schemas(crd.validation?.openAPIV3Schema, FieldPath.root("spec", "validation", "openAPIV3Schema"));
  for (const [i, v] of crd.versions.entries())
    yield* schemas(v.schema?.openAPIV3Schema, FieldPath.root("spec", "versions").index(i).child("schema", "openAPIV3Schema"));
}

/** A warning and the schema it is about (the path as the server would name that schema). */
export interface CrdWarning {
  /** What it warns of: a format the server does not recognize, or a set of objects or arrays. */
  kind: "format" | "set";
  field: string;
  message: string;
}

function formatWarnings(crd: InternalCrd, nameFormats: boolean): CrdWarning[] {
  const out: CrdWarning[] = [];
  for (const { schema: s, path } of crdSchemas(crd))
    if (s.format && !formatRecognized(s.format, s.type, nameFormats))
      out.push({ kind: "format", field: path.child("format").toString(), message: `unrecognized format ${goQuote(s.format)}` });
  return out;
}

function setItemWarnings(crd: InternalCrd): CrdWarning[] {
  const out: CrdWarning[] = [];
  for (const { schema: s, path } of crdSchemas(crd)) {
    const items = s["x-kubernetes-list-type"] === "set" && !Array.isArray(s.items) ? s.items : undefined;
    if (items?.type === "object" || items?.type === "array") {
      const message = `x-kubernetes-list-type: set for items of type ${goQuote(items.type)} is not supported by server-side apply or CEL validation rules`;
      out.push({ kind: "set", field: path.child("x-kubernetes-list-type").toString(), message });
    }
  }
  // The server sends these sorted, after the formats.
  return out.sort((a, b) => (a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
}

/**
 * The warnings a server of minor 1.`minor` gives when it accepts `crd` (a v1 CRD as plain JSON),
 * created, or updated from `old` (which then only warns of texts `old` did not have), each with the
 * schema it is about. A text may repeat at several places: the server sends it once (as the test
 * server's Warning headers do).
 */
export function crdWarnings(crd: unknown, old: unknown, minor: number): CrdWarning[] {
  return warningsOf(decodeCrd(crd).crd, old === undefined ? undefined : decodeCrd(old).crd, minor);
}

function warningsOf(next: InternalCrd, prior: InternalCrd | undefined, minor: number): CrdWarning[] {
  const out: CrdWarning[] = [];
  const fresh = (list: (c: InternalCrd) => CrdWarning[]): CrdWarning[] => {
    const had = new Set(prior ? list(prior).map((w) => w.message) : []);
    return list(next).filter((w) => !had.has(w.message));
  };
  if (minor >= FORMAT_WARNINGS_MINOR) out.push(...fresh((c) => formatWarnings(c, nameFormatsAt(minor))));
  if (minor >= SET_ITEMS_WARNINGS_MINOR) out.push(...fresh(setItemWarnings));
  return out;
}

/** A warning some of the target servers give, at one schema. */
export interface ServersWarning extends CrdWarning {
  /** The target minors that give it, sorted. */
  readonly minors: readonly number[];
  /** Those minors as text: "1.37" or "1.35-1.37". */
  readonly versions: string;
}

/**
 * crdWarnings of creating `crd` on each of `minors` (1.x), each text at each place once, with the
 * minors that give it. Pass the minors that accept the CRD: a server that refuses it warns of nothing.
 */
export function crdWarningsForServers(crd: unknown, minors: readonly number[]): ServersWarning[] {
  const decoded = decodeCrd(crd).crd;
  const byPlace = new Map<string, { warning: CrdWarning; minors: number[] }>();
  for (const m of [...new Set(minors)].sort((a, b) => a - b))
    for (const w of warningsOf(decoded, undefined, m)) {
      const key = `${w.field}\u0000${w.message}`;
      const seen = byPlace.get(key);
      if (seen) seen.minors.push(m);
      else byPlace.set(key, { warning: w, minors: [m] });
    }
  return [...byPlace.values()].map(({ warning, minors: ms }) => ({ ...warning, minors: ms, versions: formatServerVersions(ms) }));
}
