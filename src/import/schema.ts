import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import { markerAny, markerJson, markerNumber, markerString, markerWord } from "../emit/index.js";
import { validationReasons } from "../vocab/validation.js";
import { docLines } from "./description.js";
import type { TypeNames } from "./names.js";
import type { ImportDecl, ImportField, TypeExpr } from "./types.js";

/** Where a schema node sits: a property (field markers) or array items and map values (type markers). */
type Site = "field" | "item";

/** What the walk reports: a warning at a path of the CRD document (`...properties.spec.oneOf`). */
export type Warn = (path: string, kind: "unexpressible" | "description", message: string) => void;

/** The walk's state for one package: its type names and the declarations made so far, in walk order. */
export interface SchemaWalk {
  readonly names: TypeNames;
  readonly decls: ImportDecl[];
  readonly warn: Warn;
}

/** A converted node: its TypeScript type and the markers and description that go with it. */
interface Converted {
  readonly type: TypeExpr;
  readonly markers: string[];
  readonly description: string | undefined;
}

type Schema = JSONSchemaProps & Record<string, unknown>;

// Keywords the walk turns into types or markers; any other keyword is reported and left out.
const HANDLED = new Set([
  "type",
  "format",
  "description",
  "properties",
  "required",
  "items",
  "additionalProperties",
  "enum",
  "maximum",
  "minimum",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "multipleOf",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "default",
  "nullable",
  "example",
  "title",
  "externalDocs",
  "x-kubernetes-preserve-unknown-fields",
  "x-kubernetes-embedded-resource",
  "x-kubernetes-int-or-string",
  "x-kubernetes-list-type",
  "x-kubernetes-list-map-keys",
  "x-kubernetes-map-type",
  "x-kubernetes-validations",
]);

const V = "+kubebuilder:validation:";

/** The fields of an object schema, each with its type, markers and doc; nested types are declared on the walk. */
export function fieldsOf(w: SchemaWalk, node: Schema, path: string, owner: string): ImportField[] {
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const props = node.properties ?? {};
  for (const r of required)
    if (!Object.prototype.hasOwnProperty.call(props, r))
      w.warn(`${path}.required`, "unexpressible", `required names ${JSON.stringify(r)}, which is not a property; it is left out`);
  return Object.entries(props).map(([name, child]) =>
    fieldOf(w, name, child as Schema, `${path}.properties.${name}`, owner, required.has(name)),
  );
}

function fieldOf(w: SchemaWalk, name: string, node: Schema, path: string, owner: string, required: boolean): ImportField {
  const c = convert(w, node, path, owner, name, "field");
  const doc = docLines(c.description);
  if (doc.problem !== undefined)
    w.warn(`${path}.description`, "description", `the description of ${owner}.${name} changes: ${doc.problem}`);
  return { name, optional: !required, type: c.type, doc: doc.lines, markers: c.markers };
}

/** Converts array items or map values: markers and doc go on a named type (the interface, or an alias made for them). */
function convertItem(w: SchemaWalk, node: Schema, path: string, owner: string, part: string): TypeExpr {
  const c = convert(w, node, path, owner, part, "item");
  if (c.markers.length === 0 && c.description === undefined) return c.type;
  const name = w.names.derive(owner, part);
  const doc = docLines(c.description);
  if (doc.problem !== undefined) w.warn(`${path}.description`, "description", `the description of ${name} changes: ${doc.problem}`);
  w.decls.push({ kind: "alias", name, doc: doc.lines, markers: c.markers, type: c.type });
  return { kind: "named", name };
}

/** A node's TypeScript type plus the markers for what the type does not say. */
function convert(w: SchemaWalk, node: Schema, path: string, owner: string, part: string, site: Site): Converted {
  const markers: string[] = [];
  const used = new Set<string>(["description"]);
  let type = typeOf(w, node, path, owner, part, site, markers, used);
  let description = node.description;
  // An object with properties becomes an interface; at an item site its markers and doc are the interface's own.
  if (site === "item" && type.kind === "named" && node.properties !== undefined) {
    const decl = w.decls.find((d) => d.name === (type as { name: string }).name);
    if (decl?.kind === "interface") {
      const doc = docLines(description);
      if (doc.problem !== undefined)
        w.warn(`${path}.description`, "description", `the description of ${decl.name} changes: ${doc.problem}`);
      const rest = keywordMarkers(w, node, path, site, true, used);
      Object.assign(decl, { doc: doc.lines, markers: [...markers, ...rest] });
      markers.length = 0;
      description = undefined;
      reportLeftovers(w, node, path, used);
      if (node.nullable === true) type = { kind: "nullable", inner: type };
      return { type, markers, description };
    }
  }
  if (site === "field" && boundPair(node) !== undefined) type = splitBounds(w, node, path, owner, part, type, markers, used);
  markers.push(...keywordMarkers(w, node, path, site, type.kind === "named", used));
  if (node.nullable === true) type = { kind: "nullable", inner: type };
  reportLeftovers(w, node, path, used);
  return { type, markers, description };
}

// The keywords controller-gen writes as `allOf: [type's, field's]` when a field and its named type
// both set them (the generator's --bounds-merge=allOf does the same).
const BOUND_KEYS = new Set([
  "maximum",
  "minimum",
  "multipleOf",
  "maxLength",
  "minLength",
  "maxItems",
  "minItems",
  "pattern",
  "format",
  "exclusiveMaximum",
  "exclusiveMinimum",
  "uniqueItems",
  "maxProperties",
  "minProperties",
]);

/** The two halves of an allOf that is a type's bounds meeting a field's on the same keywords, if it is one. */
function boundPair(node: Schema): readonly [Schema, Schema] | undefined {
  const a = node.allOf;
  if (!Array.isArray(a) || a.length !== 2) return undefined;
  const [t, f] = a as [Schema, Schema];
  const keys = (x: Schema) => Object.keys(x).sort().join(",");
  if (typeof t !== "object" || typeof f !== "object" || keys(t) !== keys(f) || keys(t) === "") return undefined;
  if (!Object.keys(t).every((k) => BOUND_KEYS.has(k) && node[k] === undefined)) return undefined;
  return [t, f];
}

/**
 * Such an allOf comes back when the bounds are split as they were written: the first half on a
 * named type (the interface of the node, or an alias made for it), the second on the field.
 */
function splitBounds(
  w: SchemaWalk,
  node: Schema,
  path: string,
  owner: string,
  part: string,
  type: TypeExpr,
  markers: string[],
  used: Set<string>,
): TypeExpr {
  const [typeHalf, fieldHalf] = boundPair(node)!;
  used.add("allOf");
  const typeMarkers = keywordMarkers(w, typeHalf, `${path}.allOf[0]`, "item", type.kind === "named", new Set());
  markers.push(...keywordMarkers(w, fieldHalf, `${path}.allOf[1]`, "field", type.kind === "named", new Set()));
  const named = type.kind === "named" ? w.decls.find((d) => d.name === type.name) : undefined;
  if (named?.kind === "interface") {
    Object.assign(named, { markers: [...named.markers, ...typeMarkers] });
    return type;
  }
  const name = w.names.derive(owner, part);
  w.decls.push({ kind: "alias", name, doc: [], markers: typeMarkers, type });
  return { kind: "named", name };
}

function reportLeftovers(w: SchemaWalk, node: Schema, path: string, used: Set<string>): void {
  for (const k of Object.keys(node).sort()) {
    if (used.has(k)) continue;
    if (HANDLED.has(k)) continue;
    w.warn(`${path}.${k}`, "unexpressible", `${k} cannot be expressed in the input dialect; it is left out`);
  }
}

const isIntOrStringAnyOf = (a: unknown): boolean =>
  Array.isArray(a) &&
  a.length === 2 &&
  JSON.stringify(a[0]) === JSON.stringify({ type: "integer" }) &&
  JSON.stringify(a[1]) === JSON.stringify({ type: "string" });

/** The TypeScript type of a node; markers that set the type (Type, XIntOrString, Schemaless, Format) are pushed. */
function typeOf(
  w: SchemaWalk,
  node: Schema,
  path: string,
  owner: string,
  part: string,
  site: Site,
  markers: string[],
  used: Set<string>,
): TypeExpr {
  const t = node.type;
  if (node["x-kubernetes-int-or-string"] === true) {
    used.add("x-kubernetes-int-or-string");
    if (t !== undefined) w.warn(`${path}.type`, "unexpressible", `type ${t} beside x-kubernetes-int-or-string is left out`);
    used.add("type");
    if (isIntOrStringAnyOf(node.anyOf)) {
      used.add("anyOf");
      return { kind: "runtime", name: "IntOrString" };
    }
    markers.push(`${V}XIntOrString`);
    return { kind: "primitive", name: "string" };
  }
  used.add("type");
  switch (t) {
    case "string":
    case "boolean":
      return { kind: "primitive", name: t };
    case "number":
      return { kind: "primitive", name: "number" };
    case "integer":
      if (node.format === "int32" || node.format === "int64") {
        used.add("format");
        return { kind: "runtime", name: node.format };
      }
      markers.push(`${V}Type=integer`);
      return { kind: "primitive", name: "number" };
    case "array": {
      used.add("items");
      const items = node.items;
      if (items === undefined || Array.isArray(items) || typeof items !== "object") {
        w.warn(`${path}.type`, "unexpressible", "an array without a single items schema: its items are kept as unknown values");
        return { kind: "array", elem: { kind: "primitive", name: "unknown" } };
      }
      return { kind: "array", elem: convertItem(w, items, `${path}.items`, owner, part) };
    }
    case "object":
      return objectType(w, node, path, owner, part, markers, used);
    case undefined:
      if (node.properties !== undefined) {
        w.warn(path, "unexpressible", "an object schema without type: object gets one");
        return objectType(w, node, path, owner, part, markers, used);
      }
      if (node["x-kubernetes-preserve-unknown-fields"] === true) {
        used.add("x-kubernetes-preserve-unknown-fields");
        return { kind: "primitive", name: "unknown" };
      }
      if (site === "field") markers.push(`${V}Schemaless`);
      else w.warn(path, "unexpressible", "items or values without a type are kept as unknown (x-kubernetes-preserve-unknown-fields)");
      return { kind: "primitive", name: "unknown" };
    default:
      w.warn(`${path}.type`, "unexpressible", `type ${JSON.stringify(t)} is not an OpenAPI type; the value is kept as unknown`);
      return { kind: "primitive", name: "unknown" };
  }
}

function objectType(
  w: SchemaWalk,
  node: Schema,
  path: string,
  owner: string,
  part: string,
  markers: string[],
  used: Set<string>,
): TypeExpr {
  used.add("properties");
  used.add("required");
  used.add("additionalProperties");
  const ap = node.additionalProperties;
  if (node.properties !== undefined) {
    if (ap !== undefined) w.warn(`${path}.additionalProperties`, "unexpressible", "additionalProperties beside properties is left out");
    return interfaceType(w, node, path, owner, part);
  }
  if (ap !== undefined && typeof ap === "object") {
    return { kind: "map", value: convertItem(w, ap, `${path}.additionalProperties`, owner, part) };
  }
  if (ap === true || node["x-kubernetes-preserve-unknown-fields"] === true) {
    if (ap === true && node["x-kubernetes-preserve-unknown-fields"] !== true)
      w.warn(
        `${path}.additionalProperties`,
        "unexpressible",
        "additionalProperties: true becomes a map of unknown values (x-kubernetes-preserve-unknown-fields)",
      );
    used.add("x-kubernetes-preserve-unknown-fields");
    return { kind: "map", value: { kind: "primitive", name: "unknown" } };
  }
  if (ap === false) w.warn(`${path}.additionalProperties`, "unexpressible", "additionalProperties: false is left out");
  return interfaceType(w, node, path, owner, part);
}

function interfaceType(w: SchemaWalk, node: Schema, path: string, owner: string, part: string): TypeExpr {
  const name = w.names.derive(owner, part);
  const decl: ImportDecl = { kind: "interface", name, extendsTypeMeta: false, doc: [], markers: [], fields: [] };
  w.decls.push(decl);
  Object.assign(decl, { fields: fieldsOf(w, node, path, name) });
  return { kind: "named", name };
}

/** The markers for a node's validation, topology and documentation keywords, in a fixed order. */
function keywordMarkers(w: SchemaWalk, node: Schema, path: string, site: Site, isStruct: boolean, used: Set<string>): string[] {
  const out: string[] = [];
  const take = (k: string): unknown => {
    used.add(k);
    return node[k];
  };
  const num = (k: string, marker: string) => {
    const v = take(k);
    if (typeof v === "number") out.push(`${V}${marker}=${markerNumber(v)}`);
  };
  const bool = (k: string, marker: string) => {
    const v = take(k);
    if (typeof v === "boolean") out.push(`${V}${marker}=${v ? "true" : "false"}`);
  };
  if (!used.has("format")) {
    const f = take("format");
    if (typeof f === "string") out.push(`${V}Format=${markerWord(f)}`);
  }
  const e = take("enum");
  if (Array.isArray(e) && e.length > 0)
    out.push(`${V}Enum=${e.map((x) => (typeof x === "string" ? markerWord(x) : markerAny(x))).join(";")}`);
  num("maximum", "Maximum");
  bool("exclusiveMaximum", "ExclusiveMaximum");
  num("minimum", "Minimum");
  bool("exclusiveMinimum", "ExclusiveMinimum");
  num("multipleOf", "MultipleOf");
  num("maxLength", "MaxLength");
  num("minLength", "MinLength");
  const p = take("pattern");
  if (typeof p === "string") out.push(`${V}Pattern=${markerString(p)}`);
  num("maxItems", "MaxItems");
  num("minItems", "MinItems");
  bool("uniqueItems", "UniqueItems");
  // controller-gen writes minProperties for +k8s:required on any other package's type, strings
  // (metav1.Time) too; our markers state it on objects and maps only, so elsewhere it is left out.
  const properties = (k: string, marker: string) => {
    if (typeof node[k] !== "number" || node.type === undefined || node.type === "object") return num(k, marker);
    used.add(k);
    w.warn(`${path}.${k}`, "unexpressible", `${k} on a ${node.type} has no marker (they apply to objects and maps); it is left out`);
  };
  properties("maxProperties", "MaxProperties");
  properties("minProperties", "MinProperties");
  const lt = take("x-kubernetes-list-type");
  if (typeof lt === "string") out.push(`+listType=${lt}`);
  const keys = take("x-kubernetes-list-map-keys");
  if (Array.isArray(keys)) for (const k of keys) out.push(`+listMapKey=${markerWord(String(k))}`);
  const mt = take("x-kubernetes-map-type");
  if (typeof mt === "string") out.push(`${isStruct ? "+structType" : "+mapType"}=${mt}`);
  const pu = take("x-kubernetes-preserve-unknown-fields");
  if (pu === true) out.push("+kubebuilder:pruning:PreserveUnknownFields");
  else if (pu === false)
    w.warn(
      `${path}.x-kubernetes-preserve-unknown-fields`,
      "unexpressible",
      "x-kubernetes-preserve-unknown-fields: false is left out (it is the default)",
    );
  if (take("x-kubernetes-embedded-resource") === true) out.push(site === "field" ? `${V}EmbeddedResource` : `${V}XEmbeddedResource`);
  const rules = take("x-kubernetes-validations");
  if (Array.isArray(rules))
    rules.forEach((r, i) => out.push(...ruleMarker(w, r as Record<string, unknown>, `${path}.x-kubernetes-validations[${String(i)}]`)));
  const d = take("default");
  if (d !== undefined) {
    if (site === "field") out.push(`+default=${markerJson(d)}`);
    else w.warn(`${path}.default`, "unexpressible", "a default on array items or map values cannot be written as a marker; it is left out");
  }
  const ex = take("example");
  if (ex !== undefined) out.push(`+kubebuilder:example=${markerAny(ex)}`);
  const title = take("title");
  if (typeof title === "string") out.push(`+kubebuilder:title=${markerString(title)}`);
  const docs = take("externalDocs") as { url?: unknown; description?: unknown } | undefined;
  if (docs !== undefined && typeof docs.url === "string")
    out.push(
      `+kubebuilder:externalDocs:url=${markerString(docs.url)}${typeof docs.description === "string" ? `,description=${markerString(docs.description)}` : ""}`,
    );
  used.add("nullable");
  return out;
}

/** One x-kubernetes-validations rule as an XValidation marker. */
export function ruleMarker(w: SchemaWalk | { warn: Warn }, r: Record<string, unknown>, path: string): string[] {
  if (typeof r.rule !== "string") {
    w.warn(path, "unexpressible", "a validation rule without a rule string is left out");
    return [];
  }
  const args = [`rule=${markerString(r.rule)}`];
  for (const k of ["message", "messageExpression"] as const)
    if (typeof r[k] === "string" && r[k] !== "") args.push(`${k}=${markerString(r[k])}`);
  if (typeof r.reason === "string") {
    if ((validationReasons as readonly string[]).includes(r.reason)) args.push(`reason=${r.reason}`);
    else w.warn(`${path}.reason`, "unexpressible", `reason ${JSON.stringify(r.reason)} is not one the API server accepts; it is left out`);
  }
  if (typeof r.fieldPath === "string" && r.fieldPath !== "") args.push(`fieldPath=${markerString(r.fieldPath)}`);
  if (typeof r.optionalOldSelf === "boolean") args.push(`optionalOldSelf=${r.optionalOldSelf ? "true" : "false"}`);
  return [`${V}XValidation:${args.join(",")}`];
}
