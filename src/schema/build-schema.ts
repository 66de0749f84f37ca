import { Code, errorAt, MAX_NESTING_DEPTH, type Diagnostic, type SourcePos } from "../diagnostics/index.js";
import { MarkerSet, type Marker } from "../markers/index.js";
import {
  findType,
  flattenStruct,
  resolvedEmbeds,
  type ApiModel,
  type FieldModel,
  type PackageId,
  type ResolvedEmbed,
  type TypeModel,
  type TypeRef,
} from "../model/index.js";
import type { JSONSchemaProps } from "@kube-codegen/apiextensions";
import { builtinSchema, typeMetaDescriptions } from "./builtin-schemas.js";
import { schemaDescription, type DescriptionLayout } from "./description.js";
import { applyMarkers } from "./apply-markers.js";
import { goNodeOf } from "./go-node.js";
import { checkRuleFieldPaths } from "./rule-field-paths.js";
import { checkMessageExpressions } from "./rule-message-expressions.js";
import { joinPath, SourceMap } from "./source-map.js";
import { typeRefText } from "./type-text.js";

/** A kind's openAPIV3Schema with the problems found building it and where each part came from. */
export interface SchemaBuild {
  readonly schema: JSONSchemaProps;
  readonly diagnostics: Diagnostic[];
  /** Positions by path relative to the version (`schema.openAPIV3Schema.properties[spec]`). */
  readonly sources: SourceMap;
}

/** The path of a version's schema root, as the API server names it below `spec.versions[i]`. */
export const SCHEMA_ROOT = "schema.openAPIV3Schema";

/**
 * Builds the structural schema of a kind (the type table of docs/guide/writing-api-packages.md#types-and-their-crd-schemas): every named type inlined
 * with its doc and type markers, field docs and markers on top, markers applied in
 * controller-gen's order, `metadata` as `{type: object}`, required lists sorted.
 */
export function buildKindSchema(model: ApiModel, kind: TypeModel, shape: SchemaShape = {}): SchemaBuild {
  const b = new SchemaBuilder(model, shape.layout ?? "current", shape.boundsMerge ?? "allOf");
  const schema = b.namedSchema(kind, SCHEMA_ROOT, kind.pos);
  b.diagnostics.push(...checkRuleFieldPaths(schema, SCHEMA_ROOT, b.sources), ...checkMessageExpressions(schema, SCHEMA_ROOT, b.sources));
  return { schema, diagnostics: b.diagnostics, sources: b.sources };
}

/**
 * What shapes a schema besides the types: the description layout, and how a field's bound meets
 * its named type's bound on the same keyword: `allOf` as controller-gen writes it (both kept, as
 * `allOf: [type's, field's]`), or `field` (the field's replaces the type's, on the node itself).
 */
export interface SchemaShape {
  readonly layout?: DescriptionLayout;
  readonly boundsMerge?: BoundsMerge;
}

/** How a field-level bound meets a type-level bound on the same keyword. */
export type BoundsMerge = "allOf" | "field";

/** A field of a struct with where its schema comes from (TypeMeta's fields carry fixed docs). */
interface StructField {
  readonly field: FieldModel;
  readonly fixedDoc?: string;
  /** The schema of a property an embedded apimachinery type contributes, used as is. */
  readonly prebuilt?: JSONSchemaProps;
  /** The type that declares the field (an embedded struct's fields belong to it). */
  readonly owner?: TypeModel;
}

class SchemaBuilder {
  readonly diagnostics: Diagnostic[] = [];
  readonly sources = new SourceMap();
  private readonly inProgress = new Set<string>();
  /** Object, array and map levels above the node being built. */
  private depth = 0;
  private reportedTooDeep = false;

  constructor(
    private readonly model: ApiModel,
    private readonly layout: DescriptionLayout,
    private readonly boundsMerge: BoundsMerge,
  ) {}

  /**
   * A named type's schema: its shape, its doc, its type markers. An alias of an alias is followed
   * in a loop, its markers applied innermost first as nested calls would, so a long alias chain
   * never deepens the stack.
   */
  namedSchema(t: TypeModel, path: string, usedAt: SourcePos): JSONSchemaProps {
    const keyOf = (x: TypeModel) => `${x.pkg.group}/${x.pkg.version}.${x.name}`;
    const chain: TypeModel[] = [];
    let cur = t;
    let at = usedAt;
    let schema: JSONSchemaProps;
    for (;;) {
      if (this.inProgress.has(keyOf(cur))) {
        this.diagnostics.push(
          errorAt(
            at,
            Code.recursiveType,
            `type ${cur.name} contains itself; a CRD schema cannot be recursive`,
            "break the cycle, or mark the field +kubebuilder:validation:Schemaless with +kubebuilder:pruning:PreserveUnknownFields",
          ),
        );
        schema = { type: "object", "x-kubernetes-preserve-unknown-fields": true };
        break;
      }
      this.inProgress.add(keyOf(cur));
      this.sources.set(path, cur.pos);
      chain.push(cur);
      if (cur.shape.kind === "struct") {
        schema = this.structSchema(cur, path);
        break;
      }
      const target = cur.shape.target;
      const next = target.kind === "named" ? findType(this.model, target.pkg, target.name) : undefined;
      if (!next) {
        schema = this.refSchema(target, path, cur.pos);
        break;
      }
      at = cur.pos;
      cur = next;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const x = chain[i]!;
      const description = schemaDescription(x.doc, this.layout);
      if (description !== "") schema.description = description;
      this.apply(schema, x.markers.list(), "type", x.name, path);
      if (x.shape.kind === "struct") this.mergeEmbeddedTypeMarkers(schema, x, path);
      this.inProgress.delete(keyOf(x));
    }
    return schema;
  }

  /**
   * Builds one level deeper (a property, array items, map values), refusing past
   * MAX_NESTING_DEPTH with KCG1215 at `at` (once per schema) instead of recursing into Node's
   * stack limit; every later stage (checks, YAML, validation) walks what this returns.
   */
  private deeper(at: SourcePos, build: () => JSONSchemaProps): JSONSchemaProps {
    if (this.depth >= MAX_NESTING_DEPTH) {
      if (!this.reportedTooDeep) {
        this.reportedTooDeep = true;
        this.diagnostics.push(
          errorAt(
            at,
            Code.typeTooDeep,
            `the CRD schema nests deeper than ${MAX_NESTING_DEPTH} levels here (fields whose types have fields, arrays and maps, inside each other)`,
            "flatten the structure, or stop the schema above here with +kubebuilder:validation:Schemaless and +kubebuilder:pruning:PreserveUnknownFields on a field",
          ),
        );
      }
      return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
    }
    this.depth++;
    try {
      return build();
    } finally {
      this.depth--;
    }
  }

  /**
   * Type-level markers of embedded structs (an `extends`ed interface's XValidation, MinProperties,
   * one-of rules ...) hold for the embedder too: controller-gen writes an embed as an allOf entry and
   * flattens it into the struct, filling in any other keyword the struct does not set itself. Its
   * flattenAllOfInto takes the allOf entries first, then the struct's own keywords, and joins rules
   * as `AppendSlice(src, dst)` (the newer first), so the struct's own rules come first, then each
   * embed's (its own, then its embeds', likewise), the last embed first: [own, embed N, ..., embed 1].
   */
  private mergeEmbeddedTypeMarkers(schema: JSONSchemaProps, t: TypeModel, path: string): void {
    const own = schema["x-kubernetes-validations"]?.length ?? 0;
    for (const e of resolvedEmbeds(this.model, t)) {
      if (e.kind !== "struct") continue;
      const fragment = this.embeddedTypeLevel(e.type, schema, path, new Set([t]));
      mergeTypeLevel(schema, fragment, path, this.sources);
    }
    ownRulesFirst(schema, own, path, this.sources);
  }

  /**
   * An embedded struct's type markers (and those of its own embeds, each merged into its embedder's
   * fragment) applied to a scratch copy of the embedder's object. An explicit stack, not recursion:
   * a 5,000-long `extends` chain is 5,000 frames of data, not of the call stack.
   */
  private embeddedTypeLevel(e: TypeModel, embedder: JSONSchemaProps, path: string, seen: Set<TypeModel>): TypeLevel {
    interface Frame {
      readonly level: TypeLevel;
      readonly embeds: ResolvedEmbed[];
      next: number;
      /** How many rules the type itself gives (the first ones, until its embeds' are merged in). */
      readonly own: number;
    }
    const open = (x: TypeModel, scratch: string): Frame | TypeLevel => {
      if (seen.has(x)) return { schema: {}, scratch };
      seen.add(x);
      const schema: JSONSchemaProps = { type: "object", ...(embedder.properties ? { properties: embedder.properties } : {}) };
      this.addOnceSetRules(schema, x, scratch);
      this.apply(schema, x.markers.list(), "type", x.name, scratch);
      const own = schema["x-kubernetes-validations"]?.length ?? 0;
      return { level: { schema, scratch }, embeds: resolvedEmbeds(this.model, x), next: 0, own };
    };
    const close = (f: Frame): TypeLevel => {
      ownRulesFirst(f.level.schema, f.own, f.level.scratch, this.sources);
      delete f.level.schema.type;
      delete f.level.schema.properties;
      return f.level;
    };
    // Scratch paths name the embed by its package and name (each is opened once per struct), so
    // they stay short however deep the chain is.
    const scratchOf = (x: TypeModel) => `${path}#${x.pkg.group}/${x.pkg.version}.${x.name}`;
    const first = open(e, scratchOf(e));
    if (!("embeds" in first)) return first;
    const stack: Frame[] = [first];
    for (;;) {
      const top = stack[stack.length - 1]!;
      const inner = top.embeds[top.next++];
      if (inner) {
        if (inner.kind !== "struct") continue;
        const child = open(inner.type, scratchOf(inner.type));
        if ("embeds" in child) stack.push(child);
        else mergeTypeLevel(top.level.schema, child, top.level.scratch, this.sources);
        continue;
      }
      stack.pop();
      const done = close(top);
      const parent = stack[stack.length - 1];
      if (!parent) return done;
      mergeTypeLevel(parent.level.schema, done, parent.level.scratch, this.sources);
    }
  }

  private structSchema(t: TypeModel, path: string): JSONSchemaProps {
    const properties: Record<string, JSONSchemaProps> = {};
    const required: string[] = [];
    for (const { field, fixedDoc, prebuilt, owner } of this.structFields(t)) {
      const fpath = joinPath(path, `properties[${field.name}]`);
      const s = prebuilt
        ? structuredClone<JSONSchemaProps>(prebuilt)
        : this.deeper(field.pos, () => this.fieldSchema(field, (owner ?? t).pkg, fpath, fixedDoc));
      Object.defineProperty(properties, field.name, { value: s, enumerable: true, writable: true, configurable: true });
      if (field.required) required.push(field.name);
    }
    this.checkOneOfRequired(t, required);
    // Go's omitempty: a struct with no fields has no `properties` key.
    const schema: JSONSchemaProps = { type: "object", ...(Object.keys(properties).length > 0 ? { properties } : {}) };
    if (required.length > 0) schema.required = [...new Set(required)].sort();
    this.addOnceSetRules(schema, t, path);
    return schema;
  }

  /**
   * controller-gen v0.23 gives each optional `+k8s:immutable` field of a struct a rule on the struct,
   * `!has(oldSelf.f) || has(self.f)`, because the field's own `self == oldSelf` does not run when the
   * field is removed. Own fields only, in declaration order: an embedded struct's come with its other
   * type-level rules (embeddedTypeLevel) and are ordered as those are.
   */
  private addOnceSetRules(schema: JSONSchemaProps, t: TypeModel, path: string): void {
    if (t.shape.kind !== "struct") return;
    for (const f of t.shape.fields) {
      if (f.required || !f.markers.has("k8s:immutable")) continue;
      const rules = (schema["x-kubernetes-validations"] ??= []);
      rules.push({ rule: `!has(oldSelf.${f.name}) || has(self.${f.name})`, message: `field ${f.name} is immutable once set` });
      this.sources.set(joinPath(path, `x-kubernetes-validations[${rules.length - 1}]`), f.pos);
    }
  }

  private fieldSchema(f: FieldModel, owner: PackageId, path: string, fixedDoc: string | undefined): JSONSchemaProps {
    this.sources.set(path, f.pos);
    const s = this.refSchema(f.type, path, f.pos);
    const description = fixedDoc ?? schemaDescription(f.doc, this.layout);
    if (description !== "") s.description = description;
    const typeRuleCount = s["x-kubernetes-validations"]?.length ?? 0;
    const typeBounds = this.boundsMerge === "allOf" ? takeBounds(s) : undefined;
    const ctx = { target: "field", fieldType: typeRefText(f.type), goNode: goNodeOf(this.model, f.type, owner) } as const;
    this.diagnostics.push(...applyMarkers(s, f.markers.list(), ctx, path, this.sources));
    if (typeBounds) meetBounds(s, typeBounds);
    this.fieldRulesFirst(s, typeRuleCount, path);
    return s;
  }

  /**
   * controller-gen merges a field's schema over its named type's with the field's CEL rules first
   * (flatten.go appends the type's rules after the field's); keep that order and the positions.
   */
  private fieldRulesFirst(s: JSONSchemaProps, typeRuleCount: number, path: string): void {
    rulesFromFirst(s, typeRuleCount, path, this.sources);
  }

  /**
   * Fields in declaration order, embedded types' fields first (Go's inline), later names replacing
   * earlier. Embedded apimachinery types contribute their schemas' properties (TypeMeta's with
   * controller-gen's fixed docs), and embeds reached through aliases are followed.
   */
  private structFields(t: TypeModel): StructField[] {
    const flat = flattenStruct(this.model, t);
    // Later names replace earlier ones and move to the end: delete, then set.
    const out = new Map<string, StructField>();
    const put = (sf: StructField) => {
      out.delete(sf.field.name);
      out.set(sf.field.name, sf);
    };
    const pseudo = (name: string, required: boolean): FieldModel => ({
      name,
      type: { kind: "primitive", name: "string" },
      optional: !required,
      required,
      doc: "",
      markers: noMarkers,
      pos: t.pos,
    });
    for (const b of flat.builtins) {
      if (b === "TypeMeta") {
        const docs = typeMetaDescriptions(this.layout);
        for (const [name, doc] of [
          ["apiVersion", docs.apiVersion],
          ["kind", docs.kind],
        ] as const)
          put({ field: pseudo(name, false), fixedDoc: doc });
        continue;
      }
      const bs = builtinSchema(b, this.layout);
      for (const [name, prop] of Object.entries(bs.properties ?? {}))
        put({ field: pseudo(name, (bs.required ?? []).includes(name)), prebuilt: prop });
    }
    for (const { field, owner } of flat.fields) put({ field, owner });
    return [...out.values()];
  }

  /** The schema of a type reference (before the field's own doc and markers). */
  private refSchema(r: TypeRef, path: string, at: SourcePos): JSONSchemaProps {
    switch (r.kind) {
      case "primitive":
        if (r.name === "int32" || r.name === "int64") return { type: "integer", format: r.name };
        return { type: r.name };
      case "literal": {
        const type = r.base === "number" ? (r.values.every((v) => Number.isInteger(v)) ? "integer" : "number") : r.base;
        return { type, enum: [...r.values] };
      }
      case "array":
        return { type: "array", items: this.deeper(at, () => this.refSchema(r.elem, joinPath(path, "items"), at)) };
      case "map":
        if (r.value.kind === "unknown") return { type: "object", "x-kubernetes-preserve-unknown-fields": true };
        return {
          type: "object",
          additionalProperties: this.deeper(at, () => this.refSchema(r.value, joinPath(path, "additionalProperties"), at)),
        };
      case "named": {
        const t = findType(this.model, r.pkg, r.name);
        // The model reports unresolved names; an empty object keeps the schema well-formed meanwhile.
        return t ? this.namedSchema(t, path, at) : { type: "object" };
      }
      case "builtin":
        return builtinSchema(r.name, this.layout);
      case "nullable":
        return { ...this.refSchema(r.inner, path, at), nullable: true };
      case "unknown":
        return { "x-kubernetes-preserve-unknown-fields": true };
    }
  }

  private apply(schema: JSONSchemaProps, markers: readonly Marker[], target: "type" | "field", typeText: string, path: string): void {
    this.diagnostics.push(...applyMarkers(schema, markers, { target, fieldType: typeText }, path, this.sources));
  }

  /** controller-gen refuses a required field in a one-of group: the rule could never pass with it absent. */
  private checkOneOfRequired(t: TypeModel, required: readonly string[]): void {
    for (const name of [
      "kubebuilder:validation:ExactlyOneOf",
      "kubebuilder:validation:AtMostOneOf",
      "kubebuilder:validation:AtLeastOneOf",
    ]) {
      for (const m of t.markers.all(name)) {
        for (const f of (m.value as string[] | undefined) ?? []) {
          if (!required.includes(f)) continue;
          const field = t.shape.kind === "struct" ? t.shape.fields.find((x) => x.name === f) : undefined;
          this.diagnostics.push(
            errorAt(
              field?.pos ?? m.pos,
              Code.oneOfRequired,
              `field ${f} is named by +${name} and cannot be required`,
              `declare it optional (\`${f}?:\`) so that objects may leave it out`,
            ),
          );
        }
      }
    }
  }
}

const noMarkers = new MarkerSet([]);

/**
 * The bound keywords flatten.go cannot merge when a field and its named type both set them: the
 * ones whose Go fields are pointers (so even equal values count as two) and the ones compared by
 * value (only a different value counts). Both values go into `allOf`, the type's first.
 */
const pointerBounds = ["maximum", "minimum", "multipleOf", "maxLength", "minLength", "maxItems", "minItems"] as const;
const valueBounds = ["pattern", "format", "exclusiveMaximum", "exclusiveMinimum", "uniqueItems", "maxProperties", "minProperties"] as const;
type BoundKey = (typeof pointerBounds)[number] | (typeof valueBounds)[number];
const boundKeys: readonly BoundKey[] = [...pointerBounds, ...valueBounds];

/** A named type's bounds, taken off its node and its items before the field's markers apply. */
interface TakenBounds {
  readonly node: Partial<Record<BoundKey, unknown>>;
  readonly items?: Partial<Record<BoundKey, unknown>>;
}

function takeFrom(s: JSONSchemaProps): Partial<Record<BoundKey, unknown>> {
  const out: Partial<Record<BoundKey, unknown>> = {};
  for (const k of boundKeys) {
    if (s[k] === undefined) continue;
    out[k] = s[k];

    delete s[k];
  }
  return out;
}

function takeBounds(s: JSONSchemaProps): TakenBounds {
  const items = s.items && !Array.isArray(s.items) ? takeFrom(s.items) : undefined;
  return { node: takeFrom(s), ...(items ? { items } : {}) };
}

/** Puts the type's bounds back beside the field's: alone where the field set none, else both in allOf. */
function meetLevel(s: JSONSchemaProps, taken: Partial<Record<BoundKey, unknown>>): void {
  const typeSide: Record<string, unknown> = {};
  const fieldSide: Record<string, unknown> = {};
  for (const k of boundKeys) {
    const tv = taken[k];
    if (tv === undefined) continue;
    const fv = s[k];
    const set = (v: unknown) => Object.defineProperty(s, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (fv === undefined) set(tv);
    else if ((pointerBounds as readonly string[]).includes(k) || fv !== tv) {
      typeSide[k] = tv;
      fieldSide[k] = fv;

      delete s[k];
    }
  }
  if (Object.keys(typeSide).length > 0) s.allOf = [...(s.allOf ?? []), typeSide, fieldSide];
}

function meetBounds(s: JSONSchemaProps, taken: TakenBounds): void {
  meetLevel(s, taken.node);
  if (taken.items && s.items && !Array.isArray(s.items)) meetLevel(s.items, taken.items);
}

/** Type-level keywords of an embedded struct, built at a scratch path whose positions travel with them. */
interface TypeLevel {
  readonly schema: JSONSchemaProps;
  readonly scratch: string;
}

const docKeywords = new Set(["description", "title", "example", "externalDocs"]);

/**
 * Moves the rules from index `from` on to the front, with their positions: `[a..., b...]` with
 * `from` = a's length becomes `[b..., a...]`.
 */
function rulesFromFirst(s: JSONSchemaProps, from: number, path: string, sources: SourceMap): void {
  const rules = s["x-kubernetes-validations"];
  if (!rules || from === 0 || from >= rules.length) return;
  const key = joinPath(path, "x-kubernetes-validations");
  const positions = rules.map((_, i) => sources.lookup(`${key}[${i}]`));
  const order = [...rules.keys()].slice(from).concat([...rules.keys()].slice(0, from));
  s["x-kubernetes-validations"] = order.map((i) => rules[i]!);
  order.forEach((was, to) => {
    const pos = positions[was];
    if (pos) sources.set(`${key}[${to}]`, pos);
  });
}

/** Embeds' rules were merged in before the type's `own` (the last ones); puts the type's first. */
function ownRulesFirst(s: JSONSchemaProps, own: number, path: string, sources: SourceMap): void {
  const count = s["x-kubernetes-validations"]?.length ?? 0;
  rulesFromFirst(s, count - own, path, sources);
}

/** flattenAllOfInto for an embed's type-level keywords: its rules before those merged earlier, other keywords only where unset. */
function mergeTypeLevel(dst: JSONSchemaProps, src: TypeLevel, path: string, sources: SourceMap): void {
  for (const [k, v] of Object.entries(src.schema)) {
    const key = k as keyof JSONSchemaProps;
    if (key === "x-kubernetes-validations") {
      const own = dst[key] ?? [];
      const ownPos = own.map((_, i) => sources.lookup(`${joinPath(path, key)}[${i}]`));
      const srcRules = v as NonNullable<JSONSchemaProps["x-kubernetes-validations"]>;
      srcRules.forEach((_, i) => {
        const pos = sources.lookup(`${joinPath(src.scratch, key)}[${i}]`);
        if (pos) sources.set(`${joinPath(path, key)}[${i}]`, pos);
      });
      ownPos.forEach((pos, i) => {
        if (pos) sources.set(`${joinPath(path, key)}[${srcRules.length + i}]`, pos);
      });
      dst[key] = [...srcRules, ...own];
      continue;
    }
    // flatten.go leaves an embed's documentation keywords to the embedder.
    if (dst[key] !== undefined || docKeywords.has(k)) continue;
    Object.defineProperty(dst, key, { value: v, enumerable: true, writable: true, configurable: true });
    const pos = sources.lookup(joinPath(src.scratch, k));
    if (pos) sources.set(joinPath(path, k), pos);
  }
}
